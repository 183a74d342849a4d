import mysql from 'mysql2/promise';
import { config } from '../config.js';
import { parseDatabaseUrl } from './connection.js';

/**
 * A MySQL named lock (GET_LOCK) held on a connection of its own for the duration of `fn`: mutual
 * exclusion across every process sharing the database (one signer's nonces, one parent's
 * resubmission). The lock dies with its connection, so a killed process cannot leave it held.
 */
export async function withNamedLock<T>(name: string, fn: () => Promise<T>, timeoutSeconds = 30): Promise<T> {
  const t = parseDatabaseUrl(config().DATABASE_URL);
  const conn = await mysql.createConnection({ host: t.host, port: t.port, user: t.user, password: t.password, connectTimeout: 5000 });
  try {
    // MySQL limits lock names to 64 characters.
    const key = name.length > 64 ? name.slice(0, 64) : name;
    const [rows] = (await conn.query('SELECT GET_LOCK(?, ?) AS l', [key, timeoutSeconds])) as unknown as [{ l: number | null }[]];
    if (rows[0]?.l !== 1) throw new Error(`lock ${key} not acquired within ${timeoutSeconds} s`);
    return await fn();
  } finally {
    await conn.end().catch(() => undefined);
  }
}

export async function withNamedLocks<T>(names: string[], fn: () => Promise<T>): Promise<T> {
  // A fixed order, so two callers needing overlapping sets cannot deadlock.
  const sorted = [...new Set(names)].sort();
  const run = (i: number): Promise<T> => (i === sorted.length ? fn() : withNamedLock(sorted[i]!, () => run(i + 1)));
  return run(0);
}
