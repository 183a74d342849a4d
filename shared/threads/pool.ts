/**
 * A small pool of worker threads that run one task at a time each, with a heap cap and a time budget
 * per task. Why threads: an analysis (a skill file, a package archive) is CPU work on hostile input; on
 * the process's JavaScript thread it stalls every request or job of the process (a 512 KiB skill held
 * the web process for seconds). In a thread it uses another core, a heap that grows without bound hits
 * the thread's own cap, and a task past its budget is stopped by terminating the thread (V8 interrupts
 * any running code, a tight loop or WebAssembly too) and a fresh thread takes its place.
 *
 * The thread's side is `serveTasks` (thread-body.ts): it may prepare first (load parsers), then says it
 * is ready; a task's budget starts only when a ready thread receives it.
 *
 * Which clock a budget counts (`budgetClock`): 'wall' is time since the task was handed over; 'cpu' is
 * the thread's own CPU time (Linux, thread-cpu.ts), so a task that waits for a core on a loaded machine
 * is not charged for the wait, and a wall-clock cap of WALL_CAP_FACTOR budgets still stops a thread that
 * is stuck without using CPU. Where the CPU clock cannot be read, 'cpu' falls back to the wall clock.
 */
import { type TransferListItem, Worker } from 'node:worker_threads';
import { Gauge } from 'prom-client';
import { metrics, registry } from '../metrics.js';
import { WALL_CAP } from './budget-clock.js';
import { threadCpuMs } from './thread-cpu.js';

/** What a task's budget counts: the thread's own CPU time, or time on the wall clock. */
export type BudgetClock = 'cpu' | 'wall';

/** On the CPU clock a task is still stopped after this many budgets of wall-clock time (a thread stuck waiting uses no CPU). */
export const WALL_CAP_FACTOR = WALL_CAP;

/** The CPU clock reads in 10 ms steps (thread-cpu.ts): a check sooner than this could not see a change. */
const MIN_CHECK_MS = 10;

/** The task needed more than the thread's heap cap (or the thread crashed on it): it was not finished. */
export class TaskAbortedError extends Error {
  override readonly name: string = 'TaskAbortedError';
}

/** The task ran past its time budget: its thread was terminated and replaced. */
export class TaskTimeoutError extends TaskAbortedError {
  override readonly name: string = 'TaskTimeoutError';
  constructor(readonly budgetMs: number) {
    super(`the task ran past its ${budgetMs} ms budget and was stopped`);
  }
}

export interface ThreadPoolOptions {
  /** For metrics and logs (cert_analysis_cutoffs_total{pool}, cert_analysis_tasks{pool}). */
  name?: string;
  /** The compiled thread body (a module that calls serveTasks). */
  script: URL;
  threads: number;
  heapMb: number;
  /** Milliseconds one task may run, unless `run` says otherwise; 0 or absent: no budget. */
  budgetMs?: number;
  /** What the budget counts, unless `run` says otherwise; default 'wall'. */
  budgetClock?: BudgetClock;
  /**
   * Settings each thread starts with (cloned as its `workerData`): a thread body reads these, never the
   * configuration schema (shared/config.ts), whose weight alone would not fit under a small heap cap.
   */
  workerData?: unknown;
}

export interface RunOptions {
  /** Buffers or streams of the input handed to the thread (the caller must not use them afterwards); the rest is cloned. */
  transfer?: TransferListItem[];
  /** This task's budget in milliseconds (0: none); default: the pool's. */
  budgetMs?: number;
  /** What this task's budget counts; default: the pool's. */
  budgetClock?: BudgetClock;
}

interface Task<In, Out> {
  input: In;
  transfer: TransferListItem[];
  budgetMs: number;
  budgetClock: BudgetClock;
  resolve: (out: Out) => void;
  reject: (e: Error) => void;
}

interface Running<In, Out> {
  task: Task<In, Out>;
  timer?: NodeJS.Timeout;
}

type FromThread<Out> = { ready: true; tid?: number } | { result: Out } | { error: string };

export class ThreadPool<In, Out> {
  private readonly starting = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Running<In, Out>>();
  /** Each ready thread's kernel id, where the thread could read it (its CPU clock). */
  private readonly tids = new Map<Worker, number>();
  private readonly queue: Task<In, Out>[] = [];
  private closed = false;
  private retiring = false;
  /** Tasks stopped at their budget since the pool was created (for diagnostics and tests). */
  timeouts = 0;

  constructor(private readonly opts: ThreadPoolOptions) {
    if (opts.threads < 1) throw new Error('a thread pool needs at least one thread');
  }

  /** Tasks running now. */
  get running(): number {
    return this.busy.size;
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.queue.length;
  }

  /** Threads alive now, starting ones included (for tests and diagnostics). */
  get size(): number {
    return this.starting.size + this.idle.length + this.busy.size;
  }

  /** Runs one task in the next free thread. */
  run(input: In, opts: RunOptions = {}): Promise<Out> {
    if (this.closed || this.retiring) return Promise.reject(new Error('thread pool closed'));
    return new Promise((resolve, reject) => {
      const budgetClock = opts.budgetClock ?? this.opts.budgetClock ?? 'wall';
      this.queue.push({ input, transfer: opts.transfer ?? [], budgetMs: opts.budgetMs ?? this.opts.budgetMs ?? 0, budgetClock, resolve, reject });
      this.pump();
    });
  }

  /** Starts the threads now (they prepare while nothing waits), so the first task does not wait for that. */
  prestart(): void {
    while (!this.closed && !this.retiring && this.size < this.opts.threads) this.spawn();
  }

  /** Stops every thread now; tasks still queued or running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new Error('thread pool closed'));
    for (const r of this.busy.values()) clearTimeout(r.timer);
    await Promise.all([...this.starting, ...this.idle.splice(0), ...this.busy.keys()].map((w) => w.terminate()));
  }

  /** Takes no new work; queued and running tasks finish, then their threads stop. */
  retire(): void {
    this.retiring = true;
    for (const w of this.idle.splice(0)) void w.terminate();
    if (this.queue.length === 0) for (const w of this.starting) void w.terminate();
  }

  private pump(): void {
    while (this.queue.length && this.idle.length) this.dispatch(this.idle.pop()!, this.queue.shift()!);
    // Threads still starting take queued tasks when they are ready. One started for waiting work keeps
    // the process alive until it answers (a spare one does not).
    while (!this.closed && this.queue.length > this.starting.size && this.size < this.opts.threads) this.spawn().ref();
  }

  private dispatch(w: Worker, task: Task<In, Out>): void {
    const running: Running<In, Out> = { task };
    this.busy.set(w, running);
    // A busy thread keeps the process alive (someone awaits its result); an idle one never does.
    w.ref();
    try {
      w.postMessage({ input: task.input }, task.transfer);
    } catch (err) {
      // Input that cannot be cloned: the caller's mistake, the thread stays usable.
      this.busy.delete(w);
      w.unref();
      this.idle.push(w);
      task.reject(err as Error);
      return;
    }
    const budget = task.budgetMs;
    if (budget <= 0) return;
    const tid = task.budgetClock === 'cpu' ? this.tids.get(w) : undefined;
    const cpu0 = tid === undefined ? undefined : threadCpuMs(tid);
    if (tid === undefined || cpu0 === undefined) {
      running.timer = setTimeout(() => this.stopAtBudget(w, running, budget), budget);
      return;
    }
    // CPU clock: a thread uses at most one CPU millisecond per wall millisecond, so the budget cannot be
    // spent before (budget - used) ms from now; the clock is read only then, never polled in between.
    const t0 = performance.now();
    const cap = budget * WALL_CAP_FACTOR;
    const check = () => {
      if (this.busy.get(w) !== running) return;
      const wall = performance.now() - t0;
      const cpu = threadCpuMs(tid);
      const used = cpu === undefined ? wall : cpu - cpu0; // unreadable: the thread is ending; its exit event tells why
      if (used >= budget || wall >= cap) return this.stopAtBudget(w, running, budget);
      running.timer = setTimeout(check, Math.max(MIN_CHECK_MS, Math.min(budget - used, cap - wall)));
    };
    running.timer = setTimeout(check, budget);
  }

  private stopAtBudget(w: Worker, running: Running<In, Out>, budgetMs: number): void {
    if (this.busy.get(w) !== running) return;
    this.busy.delete(w);
    this.timeouts++;
    if (this.opts.name) metrics.analysisCutoffs.inc({ pool: this.opts.name, limit: 'time' });
    void w.terminate();
    running.task.reject(new TaskTimeoutError(budgetMs));
    // The replacement starts now, so the next task does not also wait for a thread's preparation.
    if (!this.closed && !this.retiring) this.spawn();
    this.pump();
  }

  private spawn(): Worker {
    const w = new Worker(this.opts.script, { workerData: this.opts.workerData, resourceLimits: { maxOldGenerationSizeMb: this.opts.heapMb } });
    w.unref();
    this.starting.add(w);
    let lastError: Error | undefined;
    w.on('message', (m: FromThread<Out>) => {
      if ('ready' in m) {
        if (m.tid !== undefined) this.tids.set(w, m.tid);
        this.starting.delete(w);
        w.unref();
        if (this.closed) return;
        if (this.retiring && this.queue.length === 0) return void w.terminate();
        this.idle.push(w);
        return this.pump();
      }
      const running = this.busy.get(w);
      if (!running) return; // stopped at its budget just before the answer came
      clearTimeout(running.timer);
      this.busy.delete(w);
      w.unref();
      if (this.closed) {
        /* terminating */
      } else if (this.retiring && this.queue.length === 0) void w.terminate();
      else this.idle.push(w);
      if ('error' in m) running.task.reject(new Error(m.error));
      else running.task.resolve(m.result);
      this.pump();
    });
    w.on('error', (err) => {
      lastError = err;
    });
    w.on('exit', () => {
      const wasStarting = this.starting.delete(w);
      this.tids.delete(w);
      const i = this.idle.indexOf(w);
      if (i >= 0) this.idle.splice(i, 1);
      const running = this.busy.get(w);
      this.busy.delete(w);
      if (running) {
        clearTimeout(running.timer);
        // Only the heap cap is the task's doing. A shutdown (close) or a thread that crashed otherwise
        // is a plain error: the caller retries instead of recording the input as unanalysable.
        const why = `the thread stopped: ${lastError?.message ?? 'exited'}`;
        const outOfMemory = (lastError as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        if (outOfMemory && this.opts.name) metrics.analysisCutoffs.inc({ pool: this.opts.name, limit: 'memory' });
        running.task.reject(this.closed ? new Error('thread pool closed') : outOfMemory ? new TaskAbortedError(why) : new Error(why));
      }
      if (this.closed) return;
      if (wasStarting && lastError) {
        // A thread that cannot even start would be respawned forever: fail what waits instead.
        for (const t of this.queue.splice(0)) t.reject(new Error(`a thread could not start: ${lastError.message}`));
        return;
      }
      this.pump();
    });
    return w;
  }
}

/** Compiled code only: under a TypeScript loader a thread's .js file does not exist next to its caller. */
export function threadsAvailable(callerUrl: string): boolean {
  return callerUrl.endsWith('.js');
}

const shared = new Map<string, { key: string; pool: ThreadPool<unknown, unknown> }>();

/**
 * This process's pool for `name`, created on first use. When the options change (tests do that, and a
 * changed setting in `workerData`), the old pool finishes what it has, then stops, and a new one takes the work.
 */
export function sharedThreadPool<In, Out>(name: string, opts: ThreadPoolOptions): ThreadPool<In, Out> {
  const key = `${opts.script.href}:${opts.threads}:${opts.heapMb}:${opts.budgetMs ?? 0}:${opts.budgetClock ?? 'wall'}:${JSON.stringify(opts.workerData ?? null)}`;
  const cur = shared.get(name);
  if (cur && cur.key === key) return cur.pool as ThreadPool<In, Out>;
  cur?.pool.retire();
  const pool = new ThreadPool<In, Out>({ name, ...opts });
  shared.set(name, { key, pool: pool as ThreadPool<unknown, unknown> });
  return pool;
}

// Read when scraped: what the shared pools hold right now.
new Gauge({
  name: 'cert_analysis_tasks',
  help: "Analyses in this process's shared thread pools, by pool and state (running, queued)",
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, { pool }] of shared) {
      this.set({ pool: name, state: 'running' }, pool.running);
      this.set({ pool: name, state: 'queued' }, pool.queued);
    }
  },
});

/** Stops this process's pool `name` (a draining process calls it last). */
export async function closeSharedThreadPool(name: string): Promise<void> {
  const cur = shared.get(name);
  shared.delete(name);
  await cur?.pool.close();
}
