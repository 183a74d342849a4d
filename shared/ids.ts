import { randomBytes } from 'node:crypto';
import { sha256Hex } from './canonical.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every record id is a UUID; anything else in a path is simply "not found". */
export const isUuid = (s: string): boolean => UUID.test(s);

/**
 * A bearer secret (API key, developer token, agent session): `<prefix><43 base64url chars>`. Only its
 * SHA-256 is stored; `display` (the first 16 characters) is safe to show and log.
 */
export function newSecret(prefix: string): { secret: string; hash: string; display: string } {
  const secret = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: sha256Hex(secret), display: secret.slice(0, 16) };
}

export const hashSecret = (secret: string): string => sha256Hex(secret);
