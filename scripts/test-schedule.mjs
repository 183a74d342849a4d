// Which suite file `npm test` (scripts/test.mjs) hands to a free lane next (docs/testing.md, "Run time").
//
// - Longest first, by recorded times: a long file started last would run alone at the end while the
//   other lanes idle. Times come from .data/test-times.json (written by a run with TEST_RECORD_TIMES=1),
//   else from the committed seed test/suite-times.json; a file in neither counts as its kind's median.
// - Two kinds of file with their own limits: unit suites are CPU work (at most TEST_CPU_LANES at once,
//   default 2 — the machine has 2 cores); integration and e2e suites mostly wait on processes, timers and
//   the database (at most TEST_LANES at once, which is also the number of lanes).
// - A file whose source says `test-lanes: alone` (in a comment near its top) runs with no other file
//   beside it, after the rest: its assertions depend on how loaded the machine is.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const ALONE_MARK = /^\s*(?:\/\/|\*)\s*test-lanes:\s*alone\b/m;

/** 'cpu' for unit suites, 'wait' for the rest. */
export function kindOf(name) {
  return name.split('/')[0] === 'unit' ? 'cpu' : 'wait';
}

/** Recorded times by file name (relative to dist/test), the local record over the committed seed. */
export function loadTimes(root) {
  const read = (p) => {
    try {
      return JSON.parse(readFileSync(path.join(root, p), 'utf8')).files ?? {};
    } catch {
      return {};
    }
  };
  return { ...read('test/suite-times.json'), ...read('.data/test-times.json') };
}

/**
 * Writes this run's times into .data/test-times.json, keeping the files this run did not run. A file
 * with a failure is not recorded: a suite whose set-up failed ends in seconds and would be put last.
 */
export function recordTimes(root, times) {
  const file = path.join(root, '.data/test-times.json');
  let old = {};
  try {
    old = JSON.parse(readFileSync(file, 'utf8')).files ?? {};
  } catch {
    /* first record */
  }
  let oldCpu = {};
  try {
    oldCpu = JSON.parse(readFileSync(file, 'utf8')).cpu ?? {};
  } catch {
    /* first record */
  }
  const files = { ...old };
  const cpu = { ...oldCpu };
  for (const [name, ms, ok, secs] of times) {
    if (ok === false) continue;
    files[name] = Math.round(ms);
    if (secs != null) cpu[name] = secs;
  }
  const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  mkdirSync(path.dirname(file), { recursive: true });
  // `cpu`: CPU seconds per file (its lane process and the children it reaped), for comparing runs on a loaded machine.
  writeFileSync(file, `${JSON.stringify({ note: 'ms per suite file of npm test (TEST_RECORD_TIMES=1); copy to test/suite-times.json to seed other machines', files: sorted(files), cpu: sorted(cpu) }, null, 2)}\n`);
  return file;
}

function median(xs) {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * The plan: `files` (uvu's suites: {name, file}) each with its kind, expected ms and whether it runs
 * alone, longest first.
 */
export function plan(files, times, isAlone = (f) => ALONE_MARK.test(readHead(f.file))) {
  const byKind = { cpu: [], wait: [] };
  for (const f of files) if (times[f.name] !== undefined) byKind[kindOf(f.name)].push(times[f.name]);
  const fallback = { cpu: median(byKind.cpu), wait: median(byKind.wait) };
  return files
    .map((f) => ({ ...f, kind: kindOf(f.name), ms: times[f.name] ?? fallback[kindOf(f.name)], alone: isAlone(f) }))
    .sort((a, b) => b.ms - a.ms || a.name.localeCompare(b.name));
}

function readHead(file) {
  try {
    return readFileSync(file, 'utf8').slice(0, 4000);
  } catch {
    return '';
  }
}

/**
 * Hands out files under the limits. `next()` gives the file a free lane should run now, null when
 * none may start yet (the lane waits for `next` again after a file finishes), or undefined when there
 * is nothing left to hand out (the lane can stop).
 */
export class Scheduler {
  constructor(planned, { cpuLanes, waitLanes }) {
    this.queue = [...planned];
    this.limits = { cpu: Math.max(1, cpuLanes), wait: Math.max(1, waitLanes) };
    this.running = { cpu: 0, wait: 0 };
    this.alone = false;
  }

  get left() {
    return this.queue.length;
  }

  next() {
    if (!this.queue.length) return undefined;
    if (this.alone) return null;
    const busy = this.running.cpu + this.running.wait;
    const i = this.queue.findIndex((f) => !f.alone && this.running[f.kind] < this.limits[f.kind]);
    let pick;
    if (i >= 0) pick = this.queue.splice(i, 1)[0];
    else if (busy === 0) pick = this.queue.shift(); // only files that run alone are left
    if (!pick) return null;
    this.running[pick.kind]++;
    if (pick.alone) this.alone = true;
    return pick;
  }

  done(f) {
    this.running[f.kind]--;
    if (f.alone) this.alone = false;
  }
}
