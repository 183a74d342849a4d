import { createHash } from 'node:crypto';
import mysql from 'mysql2/promise';
import { ApiError } from '../errors.js';
import { config } from '../config.js';
import { parseDatabaseUrl } from './connection.js';

/**
 * A MySQL named lock (GET_LOCK) held on a connection of its own for the duration of `fn`: mutual
 * exclusion across every process sharing the database (one signer's nonces, one parent's
 * resubmission). The lock dies with its connection, so a killed process cannot leave it held.
 * MySQL's lock names are server-wide, so the name is scoped to the database: services on other
 * databases of the same server (test lanes, each with its own local chain whose accounts and
 * contract addresses are the same) neither wait for nor step aside for each other.
 */
export async function withNamedLock<T>(name: string, fn: () => Promise<T>, timeoutSeconds = 30): Promise<T> {
  const t = parseDatabaseUrl(config().DATABASE_URL);
  const conn = await mysql.createConnection({ host: t.host, port: t.port, user: t.user, password: t.password, connectTimeout: 5000 });
  try {
    const [rows] = (await conn.query('SELECT GET_LOCK(?, ?) AS l', [lockName(`${t.database}/${name}`), timeoutSeconds])) as unknown as [{ l: number | null }[]];
    // Someone else is doing this very thing right now: the caller should retry, not see a 500.
    if (rows[0]?.l !== 1) throw new ApiError(409, 'request_in_progress', 'The same operation is in progress; retry shortly', undefined, { 'Retry-After': '5' });
    return await fn();
  } finally {
    await conn.end().catch(() => undefined);
  }
}

/** MySQL limits lock names to 64 characters: long names are hashed, keeping a readable prefix. */
export function lockName(name: string): string {
  return name.length <= 64 ? name : `${name.slice(0, 30)}:${createHash('sha256').update(name).digest('hex').slice(0, 32)}`;
}

export async function withNamedLocks<T>(names: string[], fn: () => Promise<T>): Promise<T> {
  // A fixed order, so two callers needing overlapping sets cannot deadlock.
  const sorted = [...new Set(names)].sort();
  const run = (i: number): Promise<T> => (i === sorted.length ? fn() : withNamedLock(sorted[i]!, () => run(i + 1)));
  return run(0);
}
