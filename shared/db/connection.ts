import { DatabaseError, Sequelize } from 'sequelize';
import { config } from '../config.js';

let instance: Sequelize | undefined;

export interface DbTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export function parseDatabaseUrl(databaseUrl: string): DbTarget {
  const u = new URL(databaseUrl);
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password || ''),
    database: decodeURIComponent(u.pathname.replace(/^\//, '') || 'cert'),
  };
}

/**
 * Session settings of every pooled connection. A JSON aggregate (a round's votes in the status read) is cut at
 * `group_concat_max_len`, 1 MiB by default, which leaves invalid JSON: four votes with an external validator's
 * largest reasons pass it. 64 MiB is the server's usual packet limit, which bounds any result anyway.
 */
function sessionSettings(connection: PooledConnection): Promise<void> {
  return new Promise((resolve, reject) => {
    connection.query('SET SESSION group_concat_max_len = 67108864', [], (err) => (err ? reject(err) : resolve()));
  });
}

/** One Sequelize per process. Times are stored in UTC; JSON lives in LONGTEXT (see jsonColumn). */
export function db(): Sequelize {
  if (!instance) {
    const t = parseDatabaseUrl(config().DATABASE_URL);
    instance = new Sequelize(t.database, t.user, t.password, {
      host: t.host,
      port: t.port,
      dialect: 'mysql',
      logging: false,
      timezone: '+00:00',
      pool: { max: config().DATABASE_POOL_MAX, min: 0, acquire: 20000, idle: 10000 },
      dialectOptions: { dateStrings: false, supportBigNumbers: true, connectTimeout: config().DATABASE_CONNECT_TIMEOUT_MS },
      define: { underscored: true, freezeTableName: true },
      hooks: { afterConnect: (connection) => sessionSettings(connection as PooledConnection) },
    });
  }
  return instance;
}

/** The mysql2 connection Sequelize's pool lends (callback API). */
interface PooledConnection {
  query(sql: string, values: unknown[], cb: (err: Error | null, rows: unknown) => void): unknown;
}
interface Pool {
  getConnection(options: { type: string }): Promise<PooledConnection>;
  releaseConnection(connection: PooledConnection): Promise<void> | void;
}

/**
 * A SELECT through mysql2 on a connection of Sequelize's own pool, for the hottest list reads
 * (certificate search): Sequelize's query layer (replacement parsing, query objects, result
 * handling) doubled Node's CPU per statement there. Same pool and connection settings (UTC, the same
 * type casts), so rows come back as `db().query(…, { type: SELECT })` gives them; `?` placeholders
 * are filled by mysql2 with the same escaping (arrays become lists). An error is wrapped as Sequelize
 * wraps it (DatabaseError with the driver's error as `parent`), so outages.ts reads it the same way;
 * a connection that broke is released and the pool's validation drops it at its next acquire.
 */
export async function selectRows<T>(sql: string, values: unknown[]): Promise<T[]> {
  const pool = db().connectionManager as unknown as Pool;
  const connection = await pool.getConnection({ type: 'SELECT' });
  try {
    return await new Promise<T[]>((resolve, reject) => {
      connection.query(sql, values, (err, rows) => (err ? reject(new DatabaseError(err as ConstructorParameters<typeof DatabaseError>[0])) : resolve(rows as T[])));
    });
  } finally {
    await pool.releaseConnection(connection);
  }
}

export async function closeDb(): Promise<void> {
  if (instance) {
    const i = instance;
    instance = undefined;
    await i.close();
  }
}
