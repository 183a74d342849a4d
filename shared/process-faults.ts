import { logger } from './log.js';
import { metrics } from './metrics.js';

/**
 * The last-resort policy of the web and worker processes for errors that escaped every handler
 * (Node's `unhandledRejection` and `uncaughtException`). Errors are meant to be caught where they
 * arise (provider, sockets, timers) and retried; this only decides what a leak costs:
 *
 *  - an unhandled rejection: a promise failed and nobody was waiting for it. No stack was unwound
 *    through our code, so the process state is known: log, count, keep running.
 *  - an uncaught exception that is a network error of a socket (connection refused, reset, hang
 *    up, timeout): an emitter of a connection that is gone anyway had no 'error' listener. The
 *    connection's owner reconnects (ioredis, the MySQL pool, the chain provider per request): log,
 *    count, keep running.
 *  - any other uncaught exception: a throw unwound through code that did not expect it, halfway
 *    through who knows what (a lock held, a counter half updated). The state is unknown: log,
 *    count, exit 1, and let the supervisor (the start script, the platform) start a clean process.
 *    Jobs it held run again elsewhere (delivery is at least once).
 */

/** Error codes of a socket whose peer went away or never answered. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

export type FaultKind = 'unhandled_rejection' | 'uncaught_exception';
export type FaultDecision = 'continue' | 'exit';

/** True for the error of a network connection that failed (including Node's "socket hang up"). */
export function isNetworkError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && /^socket hang up$/.test(e.message)) return true;
  // AggregateError (happy eyeballs: one error per address tried) and wrapped causes.
  const inner = (err as { errors?: unknown[] }).errors;
  if (Array.isArray(inner) && inner.length > 0 && inner.every(isNetworkError)) return true;
  return e.cause !== undefined && e.cause !== err && isNetworkError(e.cause);
}

/** What the policy does with one escaped error (pure: the unit tests hold it to the rules above). */
export function decide(kind: FaultKind, err: unknown): FaultDecision {
  if (kind === 'unhandled_rejection') return 'continue';
  return isNetworkError(err) ? 'continue' : 'exit';
}

function describe(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { name: err.name, message: err.message, ...(typeof code === 'string' ? { code } : {}), stack: err.stack?.split('\n').slice(0, 8).join('\n') };
  }
  return { value: String(err) };
}

let installed = false;

/**
 * Installs the policy for this process (`name`: web, worker). Exits with code 1 after the log line
 * is written; `exit` is replaceable for tests.
 */
export function installFaultPolicy(name: string, exit: (code: number) => void = (c) => process.exit(c)): void {
  if (installed) return;
  installed = true;
  const log = logger(name);
  const handle = (kind: FaultKind, err: unknown) => {
    const decision = decide(kind, err);
    metrics.processFaults.inc({ kind, decision });
    const line = { fault: kind, decision, err: describe(err) };
    if (decision === 'continue') {
      log.error(line, `${kind.replace('_', ' ')} caught by the last-resort handler; the process state is known, continuing`);
      return;
    }
    log.fatal(line, `${kind.replace('_', ' ')}: process state unknown, exiting for a clean restart`);
    // pino writes asynchronously: give the line a moment to reach stdout.
    setTimeout(() => exit(1), 100);
  };
  process.on('unhandledRejection', (reason) => handle('unhandled_rejection', reason));
  process.on('uncaughtException', (err) => handle('uncaught_exception', err));
}
