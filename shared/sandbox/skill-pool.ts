/**
 * Skill analysis off the calling thread, with a time budget (docs/analysis-limits.md). The web process
 * has one JavaScript thread: a 512 KiB hostile skill analysed there held every request, /healthz too,
 * for 8–14 s. Here each analysis runs in a ThreadPool thread (shared/threads/pool.ts) that loaded the
 * parsers once at start; past SKILL_ANALYSIS_BUDGET_MS the thread is terminated and replaced, and the
 * report is blocked with LIMIT-TIME-001, so nothing unread is approved. The budget counts the thread's own
 * CPU time by default (SKILL_ANALYSIS_BUDGET_CLOCK): on a loaded worker, time spent waiting for a core
 * cut honest skills off (docs/analysis-limits.md, "Which clock").
 *
 * The one place reports leave the analyser: `finishedReport` (finished-report.ts) runs in the thread (or
 * here with no threads), so the web process, the worker and the dry run see the same bounded report. This
 * module does not import the analyser: with threads, the calling process never loads it (its parsers and
 * warm-up cost about 2 s of CPU at each process start); with none, the first analysis loads it.
 */
import { config, packageIndexHosts } from '../config.js';
import { ApiError } from '../errors.js';
import { logger } from '../log.js';
import { type BudgetClock, TaskAbortedError, TaskTimeoutError, ThreadPool, closeSharedThreadPool, sharedThreadPool, threadsAvailable } from '../threads/pool.js';
import type { ParsedSkill } from '../skills/types.js';
import { type AnalysisSettings, useAnalysisSettings } from './analysis-settings.js';
import { cutOffReport } from './report-limits.js';
import type { SandboxReport } from './types.js';
import { type SkillHandOff, skillHandOff } from './skill-hand-off.js';

export interface SkillAnalysisOptions {
  /** Threads in this process's pool; 0 analyses on the calling thread (no budget then). */
  threads: number;
  heapMb: number;
  budgetMs: number;
  /** What `budgetMs` counts (pool.ts): the thread's CPU time (default) or the wall clock. */
  budgetClock?: BudgetClock;
  /**
   * For a caller that can answer "busy" (validate): analyses already waiting for a thread above which
   * this one is refused with 503 analysis_busy instead of queued. Absent: always queued (the worker,
   * whose job concurrency bounds its queue).
   */
  maxQueued?: number;
  /** The operator's package indexes (configuration), handed to the analysis as data (analysis-settings.ts); absent: none. */
  packageIndexHosts?: readonly string[];
  /** Whether a thread analyses the warm-up skill before it is ready (warm-up.ts); absent: yes. */
  warmUp?: boolean;
  /** Whether the threads start at boot (prestartSkillAnalysis) rather than with the first analysis; absent: yes. */
  prestart?: boolean;
}

export function skillAnalysisOptions(): SkillAnalysisOptions {
  const c = config();
  return { threads: c.SKILL_ANALYSIS_THREADS, heapMb: c.SKILL_ANALYSIS_HEAP_MB, budgetMs: c.SKILL_ANALYSIS_BUDGET_MS, budgetClock: c.SKILL_ANALYSIS_BUDGET_CLOCK, packageIndexHosts: packageIndexHosts(c), warmUp: c.SKILL_ANALYSIS_WARM_UP, prestart: c.SKILL_ANALYSIS_PRESTART };
}

const POOL = 'skill-analysis';
const THREAD_SCRIPT = new URL('./skill-thread.js', import.meta.url);

/** This process's skill analysis threads (the budget is per analysis, so it is not part of the pool). */
export function skillAnalysisPool(opts: Pick<SkillAnalysisOptions, 'threads' | 'heapMb' | 'packageIndexHosts' | 'warmUp'> = skillAnalysisOptions()): ThreadPool<SkillHandOff, SandboxReport> {
  const workerData: AnalysisSettings = { packageIndexHosts: opts.packageIndexHosts ?? [], warmUp: opts.warmUp ?? true };
  return sharedThreadPool<SkillHandOff, SandboxReport>(POOL, { script: THREAD_SCRIPT, threads: opts.threads, heapMb: opts.heapMb, workerData });
}

let analyserHere: Promise<typeof import('./finished-report.js')> | null = null;
/**
 * Loads the analyser in the calling (main) thread as well, once, when this process first analyses a skill (or at
 * boot with the prestart). The threads analyse, but V8 shares compiled WebAssembly between the threads of a process:
 * with the parsers loaded and warmed here, a fresh thread's first analysis is several times cheaper (measured: a
 * 30-line skill on a replacement thread without warm-up, 40 ms here against past a 300 ms budget without). A process
 * that never analyses a skill (most web processes in `npm test`) never pays for it (docs/testing.md, "Run time").
 */
function loadAnalyserHere(): Promise<typeof import('./finished-report.js')> {
  analyserHere ??= import('./finished-report.js');
  return analyserHere;
}

/** Analyses one skill within its budget; never throws for what the file contains. */
export async function analyzeSkillBounded(skill: ParsedSkill, opts: SkillAnalysisOptions = skillAnalysisOptions()): Promise<SandboxReport> {
  if (opts.threads < 1 || !threadsAvailable(import.meta.url)) {
    const { finishedReport } = await loadAnalyserHere(); // loads the parsers (analyze.ts), once
    useAnalysisSettings({ packageIndexHosts: opts.packageIndexHosts ?? [] });
    return finishedReport(skill);
  }
  await loadAnalyserHere();
  const pool = skillAnalysisPool(opts);
  if (opts.maxQueued !== undefined && pool.queued >= opts.maxQueued) {
    // Each waiting analysis may take its whole budget: the wait is at most about this long.
    const retryAfter = Math.max(1, Math.ceil(((pool.queued + 1) * opts.budgetMs) / opts.threads / 1000));
    throw new ApiError(503, 'analysis_busy', `Every skill analysis thread is busy; retry after ${retryAfter} s`, undefined, { 'Retry-After': String(retryAfter) });
  }
  try {
    // The text once, not as `content` and again as `body` (skill-hand-off.ts).
    return await pool.run(skillHandOff(skill), { budgetMs: opts.budgetMs, budgetClock: opts.budgetClock ?? 'cpu' });
  } catch (err) {
    if (err instanceof TaskTimeoutError) {
      logger('sandbox').warn({ contentSha256: skill.contentSha256, bytes: skill.content.length, budgetMs: opts.budgetMs, budgetClock: opts.budgetClock ?? 'cpu' }, 'skill analysis cut off at its time budget');
      return cutOffReport('time', opts.budgetMs);
    }
    if (err instanceof TaskAbortedError) {
      logger('sandbox').warn({ contentSha256: skill.contentSha256, bytes: skill.content.length, heapMb: opts.heapMb }, 'skill analysis stopped at its heap cap');
      return cutOffReport('memory', opts.heapMb);
    }
    throw err;
  }
}

/**
 * Starts this process's skill analysis threads at boot (they load the parsers before the first request needs them),
 * unless SKILL_ANALYSIS_PRESTART is off: then the first analysis starts them (a web process that never validates a
 * skill never loads the analyser; `npm test` starts some 150 such processes).
 */
export function prestartSkillAnalysis(opts: SkillAnalysisOptions = skillAnalysisOptions()): void {
  if (opts.prestart === false) return;
  if (opts.threads >= 1 && threadsAvailable(import.meta.url)) {
    void loadAnalyserHere();
    skillAnalysisPool(opts).prestart();
  }
}

/** Stops this process's skill analysis threads (a draining process calls it last). */
export function closeSkillAnalysisPool(): Promise<void> {
  return closeSharedThreadPool(POOL);
}
