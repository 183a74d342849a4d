import { selectRows } from '../db/connection.js';
import { indexItem, type IndexItemCertificate, type IndexItemState } from './views.js';
import { searchCertificates } from './search.js';
import { decodeCursor, encodeCursor } from '../cursors.js';
import { badRequest } from '../errors.js';

export type IndexItem = ReturnType<typeof indexItem>;

/** One list row: the certificate's index columns and its live state (`status` null: no state row). */
type ListRow = IndexItemCertificate & IndexItemState;
/** Over `k` (the match or newest id), `c` (certificates) and `s` (certificate_states). */
const LIST_COLUMNS =
  'k.id, c.skill_name AS skillName, c.skill_description AS skillDescription, c.skill_version AS skillVersion, c.issued_at AS issuedAt, s.status, s.active_flag_count AS activeFlagCount';

/**
 * The certificate list both `GET /api/v1/public/certificates` and the site's `/certificates` page show:
 * newest first; with `q`, through the word index (search.ts), never a scan.
 *
 * The rows are read by raw statements (only the columns indexItem shows, no model instances): with
 * `q` in the search plan's last statement, without it by one join. A certificate without a state row
 * (not yet sealed) is left out.
 */
export async function listCertificates(q: { q?: string; limit: number; cursor?: string }): Promise<{ items: IndexItem[]; query: string | null; limit: number; nextCursor: string | null }> {
  // The API's one pagination rule: a cursor it did not issue is 400 invalid_cursor. A search is one
  // page of the newest matches (its plans are tuned for that; it issues no cursor), so none fits it.
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  if (after && q.q) throw badRequest('invalid_cursor', 'search results are one page and issue no cursor; narrow the words instead', 'cursor');
  const rows = q.q
    ? await searchCertificates<ListRow>(q.q, q.limit, LIST_COLUMNS)
    : // The newest ids from the issued_at index alone (it holds the primary key: a covering read),
      // then `limit` primary-key lookups; the wide rows are never sorted. One extra id says whether a next page exists.
      await selectRows<ListRow>(
        `SELECT ${LIST_COLUMNS} FROM (SELECT id, issued_at FROM certificates ${after ? 'WHERE issued_at < ? OR (issued_at = ? AND id < ?)' : ''} ORDER BY issued_at DESC, id DESC LIMIT ?) k
         JOIN certificates c ON c.id = k.id LEFT JOIN certificate_states s ON s.certificate_id = k.id ORDER BY k.issued_at DESC, k.id DESC`,
        [...(after ? [after.t, after.t, after.id] : []), q.q ? q.limit : q.limit + 1],
      );
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const nextCursor = !q.q && rows.length > q.limit && last?.issuedAt ? encodeCursor(new Date(last.issuedAt), last.id) : null;
  return { items: page.filter((r) => r.status != null && r.issuedAt != null).map((r) => indexItem(r, r)), query: q.q ?? null, limit: q.limit, nextCursor };
}
