/**
 * Archive analysis off the JavaScript thread, in a ThreadPool (shared/threads/pool.ts). Why: a worker
 * process's JavaScript thread is what limits its audit throughput (signatures, JSON, database), and a
 * large archive held it for 100 ms or more, stalling every other job of the process; in a thread the
 * analysis uses another core, a hostile archive that would need an unbounded heap hits the thread's own
 * heap cap, and one that would take too long is stopped at the time budget.
 */
import type { TransferListItem } from 'node:worker_threads';
import { type AnalysisSettings, useAnalysisSettings } from '../../sandbox/analysis-settings.js';
import { TaskAbortedError, TaskTimeoutError, ThreadPool, closeSharedThreadPool, sharedThreadPool, threadsAvailable } from '../../threads/pool.js';
import { analyzeArchive, analyzeArchiveStream, type StreamedAnalysis } from './index.js';
import type { AnalyzeOptions, ArchiveAnalysis } from './types.js';

/** The archive's analysis needed more than the thread's heap cap: the archive was not analysed. */
export { TaskAbortedError as AnalysisAbortedError, TaskTimeoutError as AnalysisTimeoutError };

export interface AnalysisPoolOptions {
  threads: number;
  heapMb: number;
  /** Milliseconds one archive may take; 0 or absent: no budget. */
  budgetMs?: number;
  /** The operator's package indexes (configuration), handed to the analysis as data (analysis-settings.ts); absent: none. */
  packageIndexHosts?: readonly string[];
}

const THREAD_SCRIPT = new URL('./thread.js', import.meta.url);

/** The pool's options for its threads: the settings travel as `workerData`, never as the configuration schema. */
function threadPoolOptions({ packageIndexHosts, ...opts }: AnalysisPoolOptions) {
  const workerData: AnalysisSettings = { packageIndexHosts: packageIndexHosts ?? [] };
  return { script: THREAD_SCRIPT, ...opts, workerData };
}

/** Analysing on the calling thread: the same settings, installed here. */
function onThisThread(pool: AnalysisPoolOptions): void {
  useAnalysisSettings({ packageIndexHosts: pool.packageIndexHosts ?? [] });
}

/** An archive in memory, or (over the in-memory limit) a download's body read as it arrives. */
export type ArchiveTask = { input: Uint8Array; opts: AnalyzeOptions } | { stream: ReadableStream<Uint8Array>; opts: AnalyzeOptions; digest?: 'sha512' | 'sha1' | 'sha256' };

/**
 * A copy the thread owns (transferred, not cloned twice): the caller's Buffer may be a view into a
 * larger or pooled allocation.
 */
function archiveTask(input: Buffer, opts: AnalyzeOptions): [ArchiveTask, { transfer: ArrayBuffer[] }] {
  const copy = new Uint8Array(input.byteLength);
  copy.set(input);
  return [{ input: copy, opts }, { transfer: [copy.buffer] }];
}

export class AnalysisPool {
  private readonly pool: ThreadPool<ArchiveTask, ArchiveAnalysis>;


  constructor(opts: AnalysisPoolOptions) {
    this.pool = new ThreadPool(threadPoolOptions(opts));
  }

  /** Threads alive now (for tests and diagnostics). */
  get size(): number {
    return this.pool.size;
  }

  /** `budgetMs`: this archive's time budget, default the pool's. */
  analyze(input: Buffer, opts: AnalyzeOptions, budgetMs?: number): Promise<ArchiveAnalysis> {
    const [task, run] = archiveTask(input, opts);
    return this.pool.run(task, { ...run, budgetMs });
  }

  /** Analyses stopped at their budget so far. */
  get timeouts(): number {
    return this.pool.timeouts;
  }

  /** Stops every thread now; analyses still queued or running are rejected. */
  close(): Promise<void> {
    return this.pool.close();
  }

  /** Takes no new work; queued and running analyses finish, then their threads stop. */
  retire(): void {
    this.pool.retire();
  }
}

/**
 * Analyse in this process's pool (`threads` > 0) or on the calling thread (0, and under a TypeScript
 * loader: no budget there).
 */
export function analyzeOffThread(input: Buffer, opts: AnalyzeOptions, pool: AnalysisPoolOptions): Promise<ArchiveAnalysis> {
  if (pool.threads < 1 || !threadsAvailable(import.meta.url)) {
    onThisThread(pool);
    return analyzeArchive(input, opts);
  }
  // The budget goes with each task, as for a stream below: both kinds share one pool, whose options (its key) stay the same.
  const [task, run] = archiveTask(input, opts);
  // An archive in memory waits for nothing: its budget counts the thread's CPU time (with the pool's wall cap), as the
  // analysis's own budget inside does (types.ts maxAnalysisMs), so a busy worker does not cut it off. A stream (below)
  // keeps the wall clock: its budget also covers the download.
  return sharedThreadPool<ArchiveTask, ArchiveAnalysis>('archive-analysis', { ...threadPoolOptions(pool), budgetMs: 0 }).run(task, { ...run, budgetMs: pool.budgetMs ?? 0, budgetClock: 'cpu' });
}

/**
 * A gzip tarball analysed as it downloads (index.ts analyzeArchiveStream), in this process's pool: the
 * body is handed to the thread, which reads it once, hashes every byte and analyses it entry by entry,
 * so neither thread holds the archive. `budgetMs` covers the download too.
 */
export function analyzeStreamOffThread(stream: ReadableStream<Uint8Array>, opts: AnalyzeOptions, digest: 'sha512' | 'sha1' | 'sha256', pool: AnalysisPoolOptions): Promise<StreamedAnalysis> {
  if (pool.threads < 1 || !threadsAvailable(import.meta.url)) {
    onThisThread(pool);
    return analyzeArchiveStream(stream as unknown as AsyncIterable<Uint8Array>, opts, digest);
  }
  const shared = sharedThreadPool<ArchiveTask, StreamedAnalysis>('archive-analysis', { ...threadPoolOptions(pool), budgetMs: 0 });
  return shared.run({ stream, opts, digest }, { transfer: [stream as unknown as TransferListItem], budgetMs: pool.budgetMs ?? 0 });
}

/** Stops this process's analysis threads (a draining worker calls it last). */
export function closeAnalysisPool(): Promise<void> {
  return closeSharedThreadPool('archive-analysis');
}
