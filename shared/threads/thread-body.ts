/**
 * The thread's side of a ThreadPool (pool.ts): prepare once (e.g. load parsers), say "ready", then run
 * one task per message and post its result back as data. A preparation that fails ends the thread, and
 * the pool fails what waits rather than starting threads that cannot work. "Ready" carries the thread's
 * kernel id (Linux), so that the pool can count a task's budget in the thread's own CPU time.
 */
import { parentPort } from 'node:worker_threads';
import { currentThreadTid } from './thread-cpu.js';

export function serveTasks<In, Out>(handle: (input: In) => Out | Promise<Out>, prepare?: () => Promise<void>): void {
  const port = parentPort;
  if (!port) throw new Error('this module runs only as a worker thread');
  const start = async () => {
    if (prepare) await prepare();
    port.on('message', (m: { input: In }) => {
      Promise.resolve()
        .then(() => handle(m.input))
        .then(
          (result) => port.postMessage({ result }),
          (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
        );
    });
    // The kernel's id of this thread lets the pool read its CPU time for a budget on the CPU clock (pool.ts).
    port.postMessage({ ready: true, tid: currentThreadTid() });
  };
  void start().catch((err: unknown) => {
    // An uncaught error ends the thread; the pool sees it as a thread that could not start.
    setImmediate(() => {
      throw err;
    });
  });
}
