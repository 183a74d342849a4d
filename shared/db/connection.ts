import { Sequelize } from 'sequelize';
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
      dialectOptions: { dateStrings: false, supportBigNumbers: true, connectTimeout: 5000 },
      define: { underscored: true, freezeTableName: true },
    });
  }
  return instance;
}

export async function closeDb(): Promise<void> {
  if (instance) {
    const i = instance;
    instance = undefined;
    await i.close();
  }
}
