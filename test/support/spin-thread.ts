/**
 * A ThreadPool thread body for the pool's tests: spins the CPU for `spinMs` (a stand-in for an analysis
 * that takes too long, without depending on how fast the real rules are) and answers its thread id.
 * SPIN_PREPARE_MS delays the ready signal; SPIN_PREPARE_FAIL makes preparation fail.
 */
import { threadId } from 'node:worker_threads';
import { serveTasks } from '../../shared/threads/thread-body.js';

serveTasks(
  (task: { spinMs: number; value?: number }) => {
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
