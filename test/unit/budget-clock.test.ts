/**
 * The analysis budget counts the thread's own CPU time (shared/threads/budget-clock.ts): time spent
 * waiting for a core (here: asleep) does not use it up, work does, and a thread kept waiting far beyond
 * its budget is still ended by the wall cap.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WALL_CAP, startBudget } from '../../shared/threads/budget-clock.js';
import { currentThreadTid } from '../../shared/threads/thread-cpu.js';

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const spin = (ms: number) => {
  const end = performance.now() + ms;
  let x = 0;
  while (performance.now() < end) x += Math.sqrt(x + 1);
  return x;
};
const linux = currentThreadTid() !== undefined;

test('waiting (no CPU used) past the budget does not spend it; the wall cap still ends it', () => {
  if (!linux) return;
  const b = startBudget(60);
  sleep(150); // 2.5 budgets of wall clock, almost no CPU
  assert.is(b.spent(), false, 'a thread that waited is not cut off');
  sleep(WALL_CAP * 60);
  assert.is(b.spent(), true, 'past the wall cap it is');
  assert.is(b.spent(), true, 'and stays spent');
});

test('work spends the budget', () => {
  const b = startBudget(50);
  let spins = 0;
  while (!b.spent() && spins < 100) {
    spin(10);
    spins++;
  }
  assert.ok(b.spent(), 'spent after enough CPU');
  assert.ok(spins >= 4 && spins < 20, `about 50 ms of work (${spins} × 10 ms)`);
});

test('the wall clock, when asked for, counts waiting', () => {
  const b = startBudget(40, 'wall');
  assert.is(b.spent(), false);
  sleep(60);
  assert.is(b.spent(), true);
});

test.run();
