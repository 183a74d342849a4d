import { ConfigError, config, type Config } from './config.js';
import { economyConfig } from './economy/config.js';
import { db, parseDatabaseUrl } from './db/connection.js';
import { initModels } from './models.js';
import { Redis } from 'ioredis';

/** Loads configuration or exits with a message that names the bad variable. */
export function loadConfigOrExit(): Config {
  try {
    const c = config();
    economyConfig(); // the economy's variables are validated at start too, not at the first payout
    return c;
  } catch (err) {
    // The chain's and the economy's own refusals are ConfigErrors too.
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

export const START_MARIADB = 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd';

/** What to say when MySQL cannot be reached: where we looked and what to start. */
export function databaseHint(err: unknown): string {
  const t = parseDatabaseUrl(config().DATABASE_URL);
  return (
    `MySQL/MariaDB at ${t.host}:${t.port} (database ${t.database}) is not reachable: ${(err as Error).message}\n` +
    `  Start it (this machine: ${START_MARIADB}), create and migrate the database with \`npm run release\`, or set DATABASE_URL.`
  );
}

/**
 * Connection failures that say the server is there but could not take this connection now: reset under
 * load (a full listen backlog), a timeout, too many connections, a server restarting. A process that
 * starts at that moment (a PaaS restarting every dyno at once, docs/operations-faults.md) waits for it;
 * a refused port, wrong credentials or a missing database are answered at once with their fix.
 */
const TRANSIENT_CONNECT = new Set(['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'PROTOCOL_CONNECTION_LOST', 'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN', 'EAI_AGAIN']);

/** The driver's error code under Sequelize's wrapper (`parent`/`original`), or the error's own. */
export function connectErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; parent?: { code?: unknown }; original?: { code?: unknown } };
  const code = e?.parent?.code ?? e?.original?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isTransientConnectError(err: unknown): boolean {
  const code = connectErrorCode(err);
  return code !== undefined && TRANSIENT_CONNECT.has(code);
}

/** How long a starting process keeps retrying a transient database failure before it gives up. */
export const STARTUP_DATABASE_WAIT_MS = 20_000;

/**
 * The startup wait in force: at least three connection attempts' worth, so a long DATABASE_CONNECT_TIMEOUT_MS
 * (npm test sets 30 s) still leaves room for a retry after a handshake the server dropped under load.
 */
export function startupDatabaseWaitMs(connectTimeoutMs: number): number {
  return Math.max(STARTUP_DATABASE_WAIT_MS, 3 * connectTimeoutMs);
}

/** Runs `attempt` until it succeeds, fails for a non-transient reason, or `waitMs` has passed (backoff 100 ms → 2 s). */
export async function retryTransient<T>(attempt: () => Promise<T>, waitMs: number, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
    try {
      return await attempt();
    } catch (err) {
      if (!isTransientConnectError(err) || Date.now() + delay > deadline) throw err;
      await sleep(delay);
    }
  }
}

/** Connects to MySQL and Redis, or explains exactly what to start. */
export async function connectOrExplain(): Promise<void> {
  const c = config();
  initModels();
  try {
    await retryTransient(() => db().authenticate(), startupDatabaseWaitMs(c.DATABASE_CONNECT_TIMEOUT_MS));
  } catch (err) {
    throw new Error(databaseHint(err));
  }
  const r = new Redis(c.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000, retryStrategy: () => null });
  let refused: Error | undefined;
  // The failure is reported below with its fix; without a listener ioredis prints it again as a stack.
  r.on('error', (err: Error) => (refused ??= err));
  try {
    await r.connect();
    await r.ping();
  } catch (err) {
    throw new Error(
      `Redis at ${c.REDIS_URL} is not reachable: ${(refused ?? (err as Error)).message}\n` +
        '  Start it (this machine: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no), or set REDIS_URL.',
    );
  } finally {
    r.disconnect();
  }
}

/**
 * SIGTERM/SIGINT run `drain` once, then exit 0; a drain that overruns SHUTDOWN_TIMEOUT_MS exits 1
 * (whatever was cut off runs again elsewhere: delivery is at least once).
 */
export function drainOnSignals(name: string, drain: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const { logger } = await import('./log.js');
    const log = logger(name);
    log.info({ signal }, `draining ${name}`);
    const hardStop = setTimeout(() => {
      log.error('drain timed out; exiting');
      process.exit(1);
    }, config().SHUTDOWN_TIMEOUT_MS).unref();
    await drain();
    clearTimeout(hardStop);
    log.info(`${name} stopped`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Runs a process entry point; a start-up failure prints its message (no stack) and exits 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err) => {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  });
}

/**
 * A periodic task that never overlaps itself. A task that fails (Redis, MySQL or the chain away)
 * is logged and runs again at the next tick: a timer's rejection has nobody to go to, and left
 * unhandled it would end the process.
 */
export function everyNonOverlapping(ms: number, task: () => Promise<unknown>, name = 'periodic task'): NodeJS.Timeout {
  let running = false;
  return setInterval(() => {
    if (running) return;
    running = true;
    Promise.resolve()
      .then(task)
      .catch(async (err) => {
        const { logger } = await import('./log.js');
        logger('timer').warn({ task: name, err: (err as Error)?.message ?? String(err) }, 'periodic task failed; it runs again at the next tick');
      })
      .finally(() => (running = false));
  }, ms);
}
