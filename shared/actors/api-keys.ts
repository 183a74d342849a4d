import { randomUUID } from 'node:crypto';
import { Actor, ApiKey } from '../db/models.js';
import { hashSecret, newSecret } from '../ids.js';

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
  const [n] = await ApiKey.update({ revokedAt: new Date() }, { where: { ...where, revokedAt: null } });
  return n > 0;
}

export async function actorForApiKey(key: string): Promise<{ actor: Actor; keyId: string } | null> {
  const row = await ApiKey.findOne({ where: { keyHash: hashApiKey(key) } });
  if (!row || row.revokedAt) return null;
  const actor = await Actor.findByPk(row.actorId);
  if (!actor) return null;
  return { actor, keyId: row.id };
}

export const ownerOfActor = (actorId: string) => `actor:${actorId}`;
