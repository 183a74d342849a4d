import { selectRows } from '../db/connection.js';
import { indexItem, type IndexItemCertificate, type IndexItemState } from './views.js';
import { searchCertificates } from './search.js';

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
export async function listCertificates(q: { q?: string; limit: number }): Promise<{ items: IndexItem[]; query: string | null; limit: number }> {
  const rows = q.q
    ? await searchCertificates<ListRow>(q.q, q.limit, LIST_COLUMNS)
    : // The newest ids from the issued_at index alone (it holds the primary key: a covering read),
      // then `limit` primary-key lookups; the wide rows are never sorted.
      await selectRows<ListRow>(
        `SELECT ${LIST_COLUMNS} FROM (SELECT id, issued_at FROM certificates ORDER BY issued_at DESC, id DESC LIMIT ?) k
         JOIN certificates c ON c.id = k.id LEFT JOIN certificate_states s ON s.certificate_id = k.id ORDER BY k.issued_at DESC, k.id DESC`,
        [q.limit],
      );
  return { items: rows.filter((r) => r.status != null && r.issuedAt != null).map((r) => indexItem(r, r)), query: q.q ?? null, limit: q.limit };
}
