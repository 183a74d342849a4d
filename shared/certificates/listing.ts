import { Certificate, CertificateState } from '../db/models.js';
import { INDEX_ITEM_ATTRIBUTES, indexItem } from './views.js';
import { searchCertificateIds } from './search.js';

export type IndexItem = ReturnType<typeof indexItem>;

/**
 * The certificate list both `GET /api/v1/public/certificates` and the site's `/certificates` page show:
 * newest first; with `q`, through the word index (search.ts), never a scan.
 */
export async function listCertificates(q: { q?: string; limit: number }): Promise<{ items: IndexItem[]; query: string | null; limit: number }> {
  const ids = q.q ? await searchCertificateIds(q.q, q.limit) : undefined;
  const certs =
    ids?.length === 0
      ? []
      : await Certificate.findAll({ attributes: INDEX_ITEM_ATTRIBUTES, where: ids ? { id: ids } : {}, order: [['issuedAt', 'DESC'], ['id', 'DESC']], limit: q.limit });
  const states = new Map((await CertificateState.findAll({ where: { certificateId: certs.map((c) => c.id) } })).map((s) => [s.certificateId, s]));
  return { items: certs.filter((c) => states.has(c.id)).map((c) => indexItem(c, states.get(c.id)!)), query: q.q ?? null, limit: q.limit };
}
