/**
 * Archive analysis off the JavaScript thread: a small pool of worker threads, each analysing one archive
 * at a time. Why: a worker process's JavaScript thread is what limits its audit throughput (signatures,
 * JSON, database), and a large archive held it for 100 ms or more, stalling every other job of the
 * process; in a thread the analysis uses another core, and a hostile archive that would need an
 * unbounded heap hits the thread's own heap cap instead of the process's.
 */
import { Worker } from 'node:worker_threads';
import { analyzeArchive } from './index.js';
import type { AnalyzeOptions, ArchiveAnalysis } from './types.js';

/** The archive's analysis needed more than the thread's heap cap: the archive was not analysed. */
export class AnalysisAbortedError extends Error {
  override readonly name = 'AnalysisAbortedError';
}

interface Task {
  input: Buffer;
  opts: AnalyzeOptions;
  resolve: (a: ArchiveAnalysis) => void;
  reject: (e: Error) => void;
}

export interface AnalysisPoolOptions {
  threads: number;
  heapMb: number;
}

export class AnalysisPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task>();
  private readonly queue: Task[] = [];
  private closed = false;
  private retiring = false;

  constructor(private readonly opts: AnalysisPoolOptions) {
    if (opts.threads < 1) throw new Error('an analysis pool needs at least one thread');
  }

  /** Threads alive now (for tests and diagnostics). */
  get size(): number {
    return this.idle.length + this.busy.size;
  }

  analyze(input: Buffer, opts: AnalyzeOptions): Promise<ArchiveAnalysis> {
    if (this.closed || this.retiring) return Promise.reject(new Error('analysis pool closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ input, opts, resolve, reject });
      this.pump();
    });
  }

  /** Stops every thread now; analyses still queued or running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new Error('analysis pool closed'));
    await Promise.all([...this.idle.splice(0), ...this.busy.keys()].map((w) => w.terminate()));
  }

  /** Takes no new work; queued and running analyses finish, then their threads stop. */
  retire(): void {
    this.retiring = true;
    for (const w of this.idle.splice(0)) void w.terminate();
  }

  private pump(): void {
    while (this.queue.length && (this.idle.length || this.size < this.opts.threads)) {
      const w = this.idle.pop() ?? this.spawn();
      const task = this.queue.shift()!;
      this.busy.set(w, task);
      // A busy thread keeps the process alive (someone awaits its result); an idle one never does.
      w.ref();
      // A copy the thread owns (transferred, not cloned twice): the caller's Buffer may be a view into a
      // larger or pooled allocation.
      const copy = new Uint8Array(task.input.byteLength);
      copy.set(task.input);
      try {
        w.postMessage({ input: copy, opts: task.opts }, [copy.buffer]);
      } catch (err) {
        // Options that cannot be cloned: the caller's mistake, the thread stays usable.
        this.busy.delete(w);
        w.unref();
        this.idle.push(w);
        task.reject(err as Error);
      }
    }
  }

  private spawn(): Worker {
    const w = new Worker(new URL('./thread.js', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: this.opts.heapMb } });
    w.unref();
    let lastError: Error | undefined;
    w.on('message', (m: { result?: ArchiveAnalysis; error?: string }) => {
      const task = this.busy.get(w);
      this.busy.delete(w);
      w.unref();
      if (this.closed) {
        /* terminating */
      } else if (this.retiring && this.queue.length === 0) void w.terminate();
      else this.idle.push(w);
      if (task) {
        if (m.error !== undefined) task.reject(new Error(m.error));
        else task.resolve(m.result!);
      }
      this.pump();
    });
    w.on('error', (err) => {
      lastError = err;
    });
    w.on('exit', () => {
      const i = this.idle.indexOf(w);
      if (i >= 0) this.idle.splice(i, 1);
      const task = this.busy.get(w);
      this.busy.delete(w);
      // Only the heap cap is the archive's doing. A shutdown (close) or a thread that could not start or
      // crashed otherwise is a plain error: the job retries instead of recording the archive as unanalysable.
      if (task) {
        const why = `the analysis thread stopped: ${lastError?.message ?? 'exited'}`;
        const outOfMemory = (lastError as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        task.reject(this.closed ? new Error('analysis pool closed') : outOfMemory ? new AnalysisAbortedError(why) : new Error(why));
      }
      if (!this.closed) this.pump();
    });
    return w;
  }
}

let shared: { key: string; pool: AnalysisPool } | undefined;

/**
 * Analyse in this process's pool (`threads` > 0) or on the calling thread (0). The pool is created on
 * first use and follows the configuration it was created with.
 */
export function analyzeOffThread(input: Buffer, opts: AnalyzeOptions, pool: AnalysisPoolOptions): Promise<ArchiveAnalysis> {
  // Compiled code only: under a TypeScript loader the thread's .js file does not exist next to this one.
  if (pool.threads < 1 || !import.meta.url.endsWith('.js')) return analyzeArchive(input, opts);
  const key = `${pool.threads}:${pool.heapMb}`;
  if (!shared || shared.key !== key) {
    // Configuration changed (tests do that): the old pool finishes what it has, then stops.
    shared?.pool.retire();
    shared = { key, pool: new AnalysisPool(pool) };
  }
  return shared.pool.analyze(input, opts);
}

/** Stops this process's analysis threads (a draining worker calls it last). */
export async function closeAnalysisPool(): Promise<void> {
  const p = shared?.pool;
  shared = undefined;
  await p?.close();
}
