import { badRequest } from './errors.js';

/** Opaque keyset cursor (createdAt, id): stable under concurrent inserts, unlike offsets. */
export function encodeCursor(t: Date, id: string): string {
  return Buffer.from(JSON.stringify({ t: t.toISOString(), id })).toString('base64url');
}

export function decodeCursor(cursor: string): { t: Date; id: string } {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t: string; id: string };
    const t = new Date(v.t);
    if (Number.isNaN(t.getTime()) || typeof v.id !== 'string') throw new Error('bad');
    return { t, id: v.id };
  } catch {
    throw badRequest('invalid_cursor', 'cursor is not a cursor this API returned', 'cursor');
  }
}
