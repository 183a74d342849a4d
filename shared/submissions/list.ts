import { Op } from 'sequelize';
import { Submission } from '../db/models.js';
import { ApiError } from '../errors.js';
import { decodeCursor, encodeCursor } from '../cursors.js';
import { isSubmissionState } from './transitions.js';
import { listItem } from './views.js';

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
