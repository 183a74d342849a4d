/**
 * The thread's side of a ThreadPool (pool.ts): prepare once (e.g. load parsers), say "ready", then run
 * one task per message and post its result back as data. A preparation that fails ends the thread, and
 * the pool fails what waits rather than starting threads that cannot work.
 */
import { parentPort } from 'node:worker_threads';

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
    port.postMessage({ ready: true });
  };
  void start().catch((err: unknown) => {
    // An uncaught error ends the thread; the pool sees it as a thread that could not start.
    setImmediate(() => {
      throw err;
    });
  });
}
