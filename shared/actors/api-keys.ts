import { randomUUID } from 'node:crypto';
import { Op, type InferAttributes } from 'sequelize';
import { Actor, ApiKey } from '../db/models.js';
import { hashSecret, newSecret } from '../ids.js';
import { config } from '../config.js';
import { Lru, cacheKey, invalidate, invalidationsSent, liveCache } from '../cache/read-cache.js';

/** Keys look like `cert_live_<43 base64url chars>`; only their SHA-256 is stored. */
export const API_KEY_PREFIX = 'cert_live_';

export const hashApiKey = hashSecret;

export async function findOrCreateActor(name: string): Promise<Actor> {
  const [actor] = await Actor.findOrCreate({
    where: { name },
    defaults: { id: randomUUID(), name, activatedAt: null, deactivatedAt: null, termsVersion: null },
  });
  return actor;
}

export async function createApiKey(actorName: string): Promise<{ key: string; keyId: string; actorId: string }> {
  const actor = await findOrCreateActor(actorName);
  const { secret: key, hash, display } = newSecret(API_KEY_PREFIX);
  const row = await ApiKey.create({
    id: randomUUID(),
    actorId: actor.id,
    prefix: display,
    keyHash: hash,
    revokedAt: null,
    lastUsedAt: null,
  });
  return { key, keyId: row.id, actorId: actor.id };
}

/** Revokes by key id or by the printed key itself. Returns false when nothing matched. */
export async function revokeApiKey(idOrKey: string): Promise<boolean> {
  const where = idOrKey.startsWith(API_KEY_PREFIX) ? { keyHash: hashApiKey(idOrKey) } : { id: idOrKey };
  const rows = await ApiKey.findAll({ attributes: ['id', 'keyHash'], where: { ...where, revokedAt: null }, raw: true });
  if (rows.length === 0) return false;
  const [n] = await ApiKey.update({ revokedAt: new Date() }, { where: { id: rows.map((r) => r.id), revokedAt: null } });
  // Web processes that verified the key drop it now (a lost message: within API_KEY_CACHE_TTL_MS).
  invalidate.apiKeys(rows.map((r) => r.keyHash));
  return n > 0;
}

/**
 * Verified keys and their actors, cached in each web process (read-cache.ts: only while it hears the
 * invalidation channel, for at most API_KEY_CACHE_TTL_MS when a message is lost). A revocation and an actor's
 * (de)activation invalidate them; an unknown or revoked key is never cached, so every refusal is counted.
 */
const ttlMs = () => config().API_KEY_CACHE_TTL_MS;
const keys = liveCache<{ keyId: string; actorId: string } | null>(
  'apiKey',
  async (keyHash) => {
    const row = await ApiKey.findOne({ attributes: ['id', 'actorId'], where: { keyHash, revokedAt: { [Op.is]: null } }, raw: true });
    return row ? { keyId: row.id, actorId: row.actorId } : null;
  },
  { ttlMs },
);
/** An actor as a request sees it: the stored row, frozen (one cached object serves every request of the key). */
export type ActorRow = Readonly<InferAttributes<Actor>>;

const actors = liveCache<ActorRow | null>(
  'actor',
  async (actorId) => {
    const row = (await Actor.findByPk(actorId, { raw: true })) as InferAttributes<Actor> | null;
    return row ? Object.freeze(row) : null;
  },
  { ttlMs },
);

/** Who a bearer key is: its actor's row as cached (frozen, shared by every request: no model instance per request). */
export async function actorForApiKey(key: string): Promise<{ actor: ActorRow; keyId: string } | null> {
  const found = await keys.get(cacheKey.apiKey(hashApiKey(key)));
  if (!found) return null;
  const actor = await actors.get(cacheKey.actor(found.actorId));
  return actor ? { actor, keyId: found.keyId } : null;
}

/** An actor's activation changed: the row is updated, every web process is told, and the new row returned. */
export async function updateActor(actor: ActorRow, changes: Partial<Pick<ActorRow, 'activatedAt' | 'deactivatedAt' | 'termsVersion'>>): Promise<ActorRow> {
  await Actor.update(changes, { where: { id: actor.id } });
  invalidate.actors([actor.id]);
  // Answered once every web process has been told (bounded): the actor's next request may go to any of them.
  await invalidationsSent();
  return Object.freeze({ ...actor, ...changes, updatedAt: new Date() });
}

/** Key ids whose last use this process wrote recently (bounded: a key dropped here is written once more). */
const touched = new Lru<string, number>(10_000);

/**
 * Records a key's use, at most once per API_KEY_TOUCH_INTERVAL_MS per key and process: last_used_at says
 * when a key was last in use to a minute, not every request (one UPDATE per request was the largest cost
 * of a cached status read). Best effort; a lost update is harmless.
 */
export function touchApiKey(keyId: string, now = Date.now()): void {
  const last = touched.get(keyId);
  if (last !== undefined && now - last < config().API_KEY_TOUCH_INTERVAL_MS) return;
  touched.set(keyId, now);
  void ApiKey.update({ lastUsedAt: new Date(now) }, { where: { id: keyId } }).catch(() => undefined);
}

export const ownerOfActor = (actorId: string) => `actor:${actorId}`;
