// Keeps one child process running, as a platform's process manager would: a child that exits on its
// own is started again after a pause that doubles with each quick exit (1 s, 2 s, 4 s ... up to
// maxMs) and falls back to the first pause once a run has lasted stableMs. The other children are
// never touched: a web process keeps serving while the worker restarts, and the other way round.
import { spawn } from 'node:child_process';

/**
 * @param {{ name: string, command: string, args?: string[], spawnOptions?: import('node:child_process').SpawnOptions,
 *           initialDelayMs?: number, maxDelayMs?: number, stableMs?: number, log?: (line: string) => void }} opts
 */
export function supervise(opts) {
  const { name, command, args = [], spawnOptions = {}, initialDelayMs = 1000, maxDelayMs = 30000, stableMs = 60000 } = opts;
  const log = opts.log ?? ((line) => process.stderr.write(`${line}\n`));
  let child = null;
  let stopping = false;
  let delay = initialDelayMs;
  let timer = null;
  let restarts = 0;
  const listeners = new Set();

  const start = () => {
    timer = null;
    if (stopping) return;
    const startedAt = Date.now();
    const c = spawn(command, args, spawnOptions);
    child = c;
    for (const l of listeners) l(c);
    c.on('error', (err) => log(`${name} could not be started: ${err.message}`));
    c.on('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= stableMs) delay = initialDelayMs;
      restarts++;
      log(`${name} exited (${signal ?? code}); restarting it in ${Math.round(delay / 100) / 10} s (restart ${restarts})`);
      timer = setTimeout(start, delay);
      delay = Math.min(maxDelayMs, delay * 2);
    });
  };
  start();

  return {
    name,
    /** The current child process (a new object after each restart). */
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    /** Called with every child started from now on (tests follow restarts with it). */
    onStart(fn) {
      listeners.add(fn);
    },
    /** Stops supervising, then the child (SIGTERM: it drains); resolves when it has exited. */
    stop(signal = 'SIGTERM') {
      stopping = true;
      if (timer) clearTimeout(timer);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        c.once('exit', () => resolve());
        c.kill(signal);
      });
    },
  };
}
