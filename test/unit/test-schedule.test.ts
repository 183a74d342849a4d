/**
 * npm test's lane scheduler (scripts/test-schedule.mjs, docs/testing.md "Run time"): longest files
 * first by recorded times, unit suites (CPU work) and the waiting suites each under their own limit,
 * files marked `test-lanes: alone` by themselves after the rest, every file handed out once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repoRoot } from '../support/harness.js';

type Planned = { name: string; file: string; kind: 'cpu' | 'wait'; ms: number; alone: boolean };
const lib = (await import(pathToFileURL(path.join(repoRoot, 'scripts/test-schedule.mjs')).href)) as {
  ALONE_MARK: RegExp;
  kindOf(name: string): 'cpu' | 'wait';
  plan(files: { name: string; file: string }[], times: Record<string, number>, isAlone?: (f: { name: string }) => boolean): Planned[];
  Scheduler: new (planned: Planned[], limits: { cpuLanes: number; waitLanes: number }) => { next(): Planned | null | undefined; done(f: Planned): void; left: number };
};

const f = (name: string) => ({ name, file: `/nowhere/${name}` });

test('longest first by recorded times; a file without a time counts as the median of its kind', () => {
  const times = { 'unit/a.test.js': 5000, 'unit/b.test.js': 60_000, 'unit/c.test.js': 1000, 'e2e/x.test.js': 90_000, 'e2e/z.test.js': 20_000, 'integration/y.test.js': 10_000 };
  const names = ['unit/a.test.js', 'unit/b.test.js', 'unit/c.test.js', 'unit/new.test.js', 'e2e/x.test.js', 'e2e/z.test.js', 'integration/y.test.js', 'e2e/new.test.js'];
  const p = lib.plan(names.map(f), times, () => false);
  assert.equal(p.map((x) => x.name), ['e2e/x.test.js', 'unit/b.test.js', 'e2e/new.test.js', 'e2e/z.test.js', 'integration/y.test.js', 'unit/a.test.js', 'unit/new.test.js', 'unit/c.test.js']);
  assert.equal(p.map((x) => x.kind), ['wait', 'cpu', 'wait', 'wait', 'wait', 'cpu', 'cpu', 'cpu']);
  assert.is(p.find((x) => x.name === 'unit/new.test.js')!.ms, 5000, 'median of the unit times');
  assert.is(p.find((x) => x.name === 'e2e/new.test.js')!.ms, 20_000, 'median of the integration and e2e times');
});

/** Runs a plan through the scheduler as lanes would, finishing the oldest running file whenever no file may start. */
function simulate(planned: Planned[], limits: { cpuLanes: number; waitLanes: number }) {
  const s = new lib.Scheduler(planned, limits);
  const running: Planned[] = [];
  const order: string[] = [];
  let maxCpu = 0;
  let maxWait = 0;
  let maxTotal = 0;
  const aloneWith: string[] = [];
  for (;;) {
    const next = running.length < limits.waitLanes ? s.next() : null;
    if (next === undefined && running.length === 0) break;
    if (next) {
      running.push(next);
      order.push(next.name);
      maxCpu = Math.max(maxCpu, running.filter((r) => r.kind === 'cpu').length);
      maxWait = Math.max(maxWait, running.filter((r) => r.kind === 'wait').length);
      maxTotal = Math.max(maxTotal, running.length);
      if (running.length > 1 && running.some((r) => r.alone)) aloneWith.push(running.map((r) => r.name).join('+'));
      continue;
    }
    s.done(running.shift()!);
  }
  return { order, maxCpu, maxWait, maxTotal, aloneWith, left: s.left };
}

test('unit suites at most cpuLanes at once, the others at most waitLanes; files that run alone have no company and come last', () => {
  const names = [...Array.from({ length: 9 }, (_, i) => `unit/u${i}.test.js`), ...Array.from({ length: 7 }, (_, i) => `e2e/e${i}.test.js`), 'e2e/lonely.test.js', 'integration/quiet.test.js'];
  const times = Object.fromEntries(names.map((n, i) => [n, 1000 * (i + 1)]));
  const planned = lib.plan(names.map(f), times, (x) => x.name === 'e2e/lonely.test.js' || x.name === 'integration/quiet.test.js');
  const r = simulate(planned, { cpuLanes: 2, waitLanes: 3 });
  assert.equal([...r.order].sort(), [...names].sort(), 'every file once');
  assert.is(r.left, 0);
  assert.is(r.maxCpu, 2);
  assert.is(r.maxWait, 3);
  assert.equal(r.aloneWith, [], 'nothing beside a file that runs alone');
  assert.equal(r.order.slice(-2), ['integration/quiet.test.js', 'e2e/lonely.test.js'], 'after the rest, longest first');
  const one = simulate(planned, { cpuLanes: 2, waitLanes: 1 });
  assert.is(one.maxTotal, 1, 'one lane: one file at a time');
  assert.is(one.order.length, names.length);
});

test('unit files are the CPU kind; the load-sensitive e2e suites carry the mark', () => {
  assert.is(lib.kindOf('unit/skill-corpus.test.js'), 'cpu');
  assert.is(lib.kindOf('integration/payouts.test.js'), 'wait');
  assert.is(lib.kindOf('e2e/foundation.test.js'), 'wait');
  const marked = (file: string) => lib.ALONE_MARK.test(readFileSync(path.join(repoRoot, file), 'utf8').slice(0, 4000));
  assert.ok(marked('test/e2e/validators.test.ts'));
  // economy waits on its own transfers (docs/testing.md "Run time"): it runs beside the others.
  for (const file of ['test/e2e/foundation.test.ts', 'test/e2e/economy.test.ts']) assert.not.ok(marked(file), file);
});

test.run();
