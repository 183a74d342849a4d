import { ConfigError, config, type Config } from './config.js';
import { db, parseDatabaseUrl } from './db/connection.js';
import { initModels } from './db/models.js';
import { Redis } from 'ioredis';

/** Loads configuration or exits with a message that names the bad variable. */
export function loadConfigOrExit(): Config {
  try {
    return config();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

/** Connects to MySQL and Redis, or explains exactly what to start. */
export async function connectOrExplain(): Promise<void> {
  const c = config();
  initModels();
  const t = parseDatabaseUrl(c.DATABASE_URL);
  try {
    await db().authenticate();
  } catch (err) {
    throw new Error(
      `MySQL/MariaDB at ${t.host}:${t.port} (database ${t.database}) is not reachable: ${(err as Error).message}\n` +
        '  Start it (this machine: start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd), ' +
        'create and migrate the database with `npm run release`, or set DATABASE_URL.',
    );
  }
  const r = new Redis(c.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
  } catch (err) {
    throw new Error(
      `Redis at ${c.REDIS_URL} is not reachable: ${(err as Error).message}\n` +
        '  Start it (this machine: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no), or set REDIS_URL.',
    );
  } finally {
    r.disconnect();
  }
}
