import { Redis } from 'ioredis';
import { QueryTypes } from 'sequelize';
import { config } from '../config.js';
import { db } from '../db/connection.js';
import { logger } from '../log.js';
import { invalidate } from '../cache/read-cache.js';

/**
 * View and verify counters without a write per read. A read adds to an in-process tally;
 * once a second the tally goes to one Redis hash (HINCRBY, one round trip for all certificates);
 * a worker moves the hash to MySQL every COUNTER_FLUSH_MS in one UPDATE per batch. The hash is taken
 * atomically (HGETALL + DEL in MULTI), so two flushers never count a read twice.
 *
 * What a crash costs: a web process loses its last second of tallies; a flusher that dies between
 * taking the hash and its MySQL commit loses that batch (a few seconds of counts). A MySQL error puts
 * the batch back. The counters on live-status therefore lag by a few seconds (the push, the flush,
 * then one background reload of the live state in each web process).
 */
export type ReadKind = 'views' | 'verifications';
const COLUMN: Record<ReadKind, string> = { views: 'view_count', verifications: 'verify_count' };
const PUSH_MS = 1000;
const BATCH = 500;

/** certificateId → reads since the last push (no string built per read: this runs on every hot verify). */
const tally = new Map<string, Record<ReadKind, number>>();
let timer: NodeJS.Timeout | undefined;
let redis: Redis | undefined;

const hashKey = () => `${config().QUEUE_PREFIX}:read-counters`;
function conn(): Redis {
  if (!redis) {
    redis = new Redis(config().REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 3000 });
    redis.on('error', () => undefined); // a failed push says so; ioredis reconnects by itself
  }
  return redis;
}

/** Counts one read; nothing is written until the next push. */
export function countRead(certificateId: string, kind: ReadKind): void {
  const row = tally.get(certificateId);
  if (row) row[kind]++;
  else tally.set(certificateId, { views: 0, verifications: 0, [kind]: 1 });
  timer ??= setInterval(() => void pushCounts(), PUSH_MS).unref();
}

/** Sends this process's tally to Redis; on failure it stays here for the next push. */
export async function pushCounts(): Promise<void> {
  if (tally.size === 0) return;
  const batch = [...tally];
  tally.clear();
  const m = conn().multi();
  for (const [id, row] of batch) for (const kind of Object.keys(COLUMN) as ReadKind[]) if (row[kind]) m.hincrby(hashKey(), `${id}:${kind}`, row[kind]);
  try {
    await m.exec();
  } catch (err) {
    for (const [id, row] of batch) {
      const now = tally.get(id) ?? { views: 0, verifications: 0 };
      now.views += row.views;
      now.verifications += row.verifications;
      tally.set(id, now);
    }
    logger('counters').warn({ err: (err as Error).message, certificates: batch.length }, 'read counts kept in memory; Redis unreachable');
  }
}

/** Moves counts from Redis to MySQL; returns how many reads were written. */
export async function flushCountsToDb(): Promise<number> {
  const res = await conn().multi().hgetall(hashKey()).del(hashKey()).exec();
  const taken = (res?.[0]?.[1] ?? {}) as Record<string, string>;
  const rows = new Map<string, Record<ReadKind, number>>();
  let total = 0;
  for (const [field, raw] of Object.entries(taken)) {
    const i = field.lastIndexOf(':');
    const id = field.slice(0, i);
    const kind = field.slice(i + 1) as ReadKind;
    const n = Number(raw);
    if (!(kind in COLUMN) || !Number.isSafeInteger(n) || n <= 0) continue;
    const row = rows.get(id) ?? { views: 0, verifications: 0 };
    row[kind] += n;
    rows.set(id, row);
    total += n;
  }
  const entries = [...rows];
  for (let i = 0; i < entries.length; i += BATCH) {
    const part = entries.slice(i, i + BATCH);
    try {
      await addCounts(part);
      // live-status shows the counts: web processes reload these states in the background (a drop
      // here pushed every hot certificate off the fast path on every flush).
      invalidate.counts(part.map(([id]) => id));
    } catch (err) {
      // Not written: back into Redis for the next flush (this batch and the ones after it).
      const m = conn().multi();
      for (const [id, row] of entries.slice(i)) for (const kind of Object.keys(COLUMN) as ReadKind[]) if (row[kind]) m.hincrby(hashKey(), `${id}:${kind}`, row[kind]);
      await m.exec().catch(() => logger('counters').warn({ rows: entries.length - i }, 'read counts lost: neither MySQL nor Redis took them back'));
      throw err;
    }
  }
  return total;
}

/** One UPDATE per batch: `count = count + CASE id WHEN … END` over the batch's rows. */
async function addCounts(part: [string, Record<ReadKind, number>][]): Promise<void> {
  const sets: string[] = [];
  const replacements: unknown[] = [];
  for (const kind of Object.keys(COLUMN) as ReadKind[]) {
    const withKind = part.filter(([, r]) => r[kind] > 0);
    if (withKind.length === 0) continue;
    sets.push(`${COLUMN[kind]} = ${COLUMN[kind]} + CASE certificate_id ${withKind.map(() => 'WHEN ? THEN ?').join(' ')} ELSE 0 END`);
    for (const [id, r] of withKind) replacements.push(id, r[kind]);
  }
  if (sets.length === 0) return;
  replacements.push(part.map(([id]) => id));
  // updated_at is left alone: a count is not a change of the certificate's live state.
  await db().query(`UPDATE certificate_states SET ${sets.join(', ')} WHERE certificate_id IN (?)`, { replacements, type: QueryTypes.UPDATE });
}

/** Pushes what is left (bounded) and closes the connection: on shutdown. */
export async function closeCounters(timeoutMs = 2000): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  if (tally.size) await Promise.race([pushCounts(), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  redis?.disconnect();
  redis = undefined;
}
