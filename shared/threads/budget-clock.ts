/**
 * A time budget counted in the calling thread's own CPU time, read cheaply.
 * Why: a budget on the wall clock also counts the time the thread waited for a core, so on a loaded
 * machine an analysis was cut off early and what it had not read yet was lost — a hostile skill could
 * lose its blocking finding only because the worker was busy (docs/analysis-limits.md, "Which clock").
 *
 * The thread's CPU time never runs faster than the wall clock, so /proc is read only once the wall clock
 * says the budget could be spent, and then not again until it could be spent once more. A wall cap of
 * `WALL_CAP` budgets still ends a thread that is starved for a long time. Without /proc (not Linux) the
 * budget is the wall clock, as before.
 */
import { currentThreadTid, threadCpuMs } from './thread-cpu.js';

/** Budgets of wall-clock time after which a budget on the CPU clock is spent all the same (the pools use it too). */
export const WALL_CAP = 4;

/** Same values as the pools' `BudgetClock`. */
export type BudgetClockKind = 'cpu' | 'wall';

export interface Budget {
  /** True once the budget is used up (then it stays used up). */
  spent(): boolean;
}

let tidMemo: number | undefined | null = null;
const tid = (): number | undefined => (tidMemo === null ? (tidMemo = currentThreadTid()) : tidMemo);

/**
 * A budget of `budgetMs` from now, on the thread's CPU clock ('cpu', where /proc exists) or the wall clock.
 * `wallCap`: budgets of wall-clock time after which a CPU budget is spent all the same (Infinity: none, for work that
 * never waits, whose thread a pool's own wall cap stops if it is stuck).
 */
export function startBudget(budgetMs: number, clock: BudgetClockKind = 'cpu', wallCapFactor = WALL_CAP): Budget {
  const wallStart = performance.now();
  const id = clock === 'cpu' ? tid() : undefined;
  const cpuStart = id === undefined ? undefined : threadCpuMs(id);
  if (id === undefined || cpuStart === undefined) return wallBudget(budgetMs, wallStart);
  const wallCap = wallStart + wallCapFactor * budgetMs;
  let nextCheck = wallStart + budgetMs;
  let done = false;
  return {
    spent() {
      if (done) return true;
      const now = performance.now();
      if (now < nextCheck) return false;
      if (now > wallCap) return (done = true);
      const used = (threadCpuMs(id) ?? Number.POSITIVE_INFINITY) - cpuStart;
      if (used >= budgetMs) return (done = true);
      // (the CPU clock reads in 10 ms steps: check again no sooner than 10 ms from now)
      nextCheck = now + Math.max(10, budgetMs - used);
      return false;
    },
  };
}

/** A parse or read budget as callers hand it: milliseconds of wall clock from now, or a running budget. */
export type BudgetArg = number | Budget;

export function asBudget(b: BudgetArg): Budget {
  return typeof b === 'number' ? wallBudget(b) : b;
}

/** `budgetMs` of wall-clock time from `from`. */
function wallBudget(budgetMs: number, from = performance.now()): Budget {
  const deadline = from + budgetMs;
  return { spent: () => performance.now() > deadline };
}
