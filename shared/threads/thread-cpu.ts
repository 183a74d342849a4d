/**
 * One thread's own CPU time, read from Linux's /proc (proc(5): /proc/thread-self, /proc/<pid>/task/<tid>/stat).
 * Why: an analysis budget measured on the wall clock also counts the time the analysis thread waited
 * for a core, so on a loaded worker (2 cores, many processes) an honest skill was cut off although its
 * analysis had used a fraction of its budget (docs/analysis-limits.md, "Which clock"). Elsewhere (no
 * /proc) both functions answer undefined and the pool keeps the wall clock.
 */
import { readFileSync, readlinkSync } from 'node:fs';

/**
 * USER_HZ, the unit of utime and stime in /proc/<pid>/task/<tid>/stat: 100 on every Linux architecture
 * Node runs on (`getconf CLK_TCK`), whatever the kernel's own tick rate. So the clock reads in 10 ms steps.
 */
const TICKS_PER_SECOND = 100;

/** The calling thread's kernel thread id, or undefined where /proc/thread-self does not exist. Called inside the thread. */
export function currentThreadTid(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds of CPU (user + system) that thread `tid` of this process has used since it started, or
 * undefined when it cannot be read (no /proc, or the thread has ended).
 */
export function threadCpuMs(tid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // The thread's name (field 2) is in parentheses and may hold spaces or ')': the fields after the last
  // ')' start at field 3 (state); utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}
