import { Op } from 'sequelize';
import { Submission } from '../db/models.js';
import { ApiError, badRequest } from '../errors.js';
import { isSubmissionState } from './transitions.js';
import { listItem } from './views.js';

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

/** One owner's submissions, newest first, one page. */
export async function listSubmissions(owner: string, q: { limit: number; cursor?: string; status?: string }) {
  if (q.status && !isSubmissionState(q.status)) throw new ApiError(400, 'invalid_field', 'status must be a submission state', 'status');
  const where: Record<string | symbol, unknown> = { owner };
  if (q.status) where.status = q.status;
  const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
  if (cursor) where[Op.or] = [{ createdAt: { [Op.lt]: cursor.t } }, { createdAt: cursor.t, id: { [Op.lt]: cursor.id } }];
  const rows = await Submission.findAll({ where, order: [['createdAt', 'DESC'], ['id', 'DESC']], limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return { items: page.map(listItem), nextCursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null };
}
