/**
 * A ThreadPool thread body for the pool's tests: spins the CPU for `spinMs` (a stand-in for an analysis
 * that takes too long, without depending on how fast the real rules are) and answers its thread id.
 * `sleepMs` first blocks the thread without using CPU (Atomics.wait): a stand-in for an analysis thread
 * that waits for a core on a loaded machine.
 * SPIN_PREPARE_MS delays the ready signal; SPIN_PREPARE_FAIL makes preparation fail.
 */
import { threadId } from 'node:worker_threads';
import { serveTasks } from '../../shared/threads/thread-body.js';

serveTasks(
  (task: { spinMs: number; sleepMs?: number; value?: number }) => {
    if (task.sleepMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, task.sleepMs);
    const end = performance.now() + task.spinMs;
    while (performance.now() < end) {
      /* busy */
    }
    return { value: task.value ?? null, threadId };
  },
  async () => {
    if (process.env.SPIN_PREPARE_FAIL) throw new Error('preparation failed on purpose');
    await new Promise((r) => setTimeout(r, Number(process.env.SPIN_PREPARE_MS ?? 0)));
  },
);
