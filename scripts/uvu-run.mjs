// Runs the uvu suites the way `uvu dist/test <pattern>` does, then exits. uvu itself only sets
// process.exitCode and waits for the event loop to drain, so one handle a failed suite forgot to close
// (a child process, a socket, a timer) kept a CI run alive for hours after the last test had printed.
// What was still open is written to stderr so the leak can be found, then the process exits.
//
// Alone (`npm run test:unit`) it runs every matching file in order. Started by scripts/test.mjs as one
// of several lanes (an IPC channel and UVU_LANE set), it asks the parent for the next file each time it
// is free and reports each file's counts back; the parent prints the totals.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parse } from 'uvu/parse';

const [dir = 'dist/test', pattern] = process.argv.slice(2);
const asLane = typeof process.send === 'function' && process.env.UVU_LANE != null;
/** Written after each file's output, so the parent can print a lane's output file by file (scripts/test.mjs). */
const FILE_DONE_MARK = '\u0000uvu-file-done\n';

globalThis.UVU_DEFER = 1;
await import('uvu'); // sets up globalThis.UVU_QUEUE
const write = (s) => process.stdout.write(s);

let nextFile;
if (asLane) {
  const waiting = [];
  process.on('message', (m) => waiting.shift()?.(m?.file ?? null));
  nextFile = () => new Promise((resolve) => {
    waiting.push(resolve);
    process.send({ want: true });
  });
} else {
  const { suites } = await parse(dir, pattern, { cwd: process.cwd() });
  nextFile = async () => suites.shift() ?? null;
}

/**
 * CPU seconds (user + system) of this process and of the children it has reaped (web, worker, chain and
 * Redis processes a suite started and ended), from /proc; null where there is no /proc. A loaded machine
 * stretches wall time but not CPU time, so a file's CPU is what compares across runs (docs/testing.md, "Run time").
 */
function cpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 14–17 of proc(5): utime, stime, cutime, cstime (clock ticks, 100 a second on Linux)
    const self = (Number(f[11]) + Number(f[12])) / 100;
    return { all: self + (Number(f[13]) + Number(f[14])) / 100, self };
  } catch {
    return null;
  }
}

// uvu's exec loop, one file at a time, each file's time kept: the whole run has a 15-minute budget,
// and the slowest files are listed at the end so that whoever trims it knows where the time goes.
const started = performance.now();
const totals = { total: 0, passed: 0, skipped: 0 };
let code = 0;
const times = [];
for (let file = await nextFile(); file; file = await nextFile()) {
  const idx = globalThis.UVU_QUEUE.length;
  globalThis.UVU_INDEX = idx;
  globalThis.UVU_QUEUE.push([file.name]);
  const t0 = performance.now();
  const cpu0 = cpuSeconds();
  const counts = { total: 0, passed: 0, skipped: 0 };
  write(`${totals.total ? '\n' : ''}${file.name}\n`);
  try {
    await import(pathToFileURL(file.file).href);
    const [, ...runners] = globalThis.UVU_QUEUE[idx];
    for (const runSuite of runners) {
      const [errs, ran, skip, max] = await runSuite();
      counts.total += max;
      counts.passed += ran;
      counts.skipped += skip;
      if (errs !== true && errs.length) {
        write(`\n${errs}\n`);
        code = 1;
      }
    }
  } catch (err) {
    // A file that throws while loading counts as one failed test.
    write(`\n${file.name} failed to load: ${err?.stack ?? err}\n`);
    counts.total += 1;
    code = 1;
  }
  const ms = performance.now() - t0;
  const cpu1 = cpuSeconds();
  const cpu = cpu0 == null || cpu1 == null ? null : Math.round((cpu1.all - cpu0.all) * 10) / 10;
  // (the share of it spent in this process: the suite's own code, as opposed to the processes it started)
  const cpuSelf = cpu0 == null || cpu1 == null ? null : Math.round((cpu1.self - cpu0.self) * 10) / 10;
  times.push([file.name, ms, cpu, cpuSelf]);
  for (const k of Object.keys(totals)) totals[k] += counts[k];
  if (asLane) {
    write(FILE_DONE_MARK);
    process.send({ done: file.name, ms, cpu, cpuSelf, ...counts });
  }
}
if (!asLane) {
  write(`\n  Total:     ${totals.total}\n  Passed:    ${totals.passed}\n  Skipped:   ${totals.skipped}\n  Duration:  ${(performance.now() - started).toFixed(2)}ms\n\n`);
  const slowest = times.sort((a, b) => b[1] - a[1]).slice(0, 12);
  if (slowest.length > 1) process.stderr.write(`uvu-run: slowest suite files (wall, CPU of the file and its children)\n${slowest.map(([n, ms, cpu, self]) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${cpu == null ? '' : `${cpu.toFixed(1).padStart(7)} s CPU (${self.toFixed(1)} s in this process)  `}${n}`).join('\n')}\n`);
}
// A child killed in a suite's last hook closes its handle a moment after its exit event.
await new Promise((r) => setTimeout(r, 500));
// stdout and stderr are a TTY or pipes of their own (and a lane's IPC channel); what is left is what a suite forgot.
const open = process.getActiveResourcesInfo().filter((r) => !['TTYWrap', 'PipeWrap', 'CloseReq'].includes(r));
if (open.length) {
  // Child processes and servers say what they are; the rest is counted by kind.
  const named = process._getActiveHandles().flatMap((h) => {
    if (h?.spawnargs) return [`process ${h.pid}: ${h.spawnargs.join(' ').slice(0, 160)}`];
    if (typeof h?.listen === 'function' && typeof h.address === 'function' && h.address()) return [`server on ${JSON.stringify(h.address())}`];
    if (h?.remotePort) return [`socket to ${h.remoteAddress}:${h.remotePort}`];
    return [];
  });
  process.stderr.write(`uvu-run: resources still open after the last suite: ${[...new Set(open)].map((r) => `${r}×${open.filter((o) => o === r).length}`).join(', ')}${named.length ? `\n  ${named.join('\n  ')}` : ''}\n`);
}
process.exit(code);
