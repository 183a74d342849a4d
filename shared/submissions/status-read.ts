import { config } from '../config.js';
import { Submission } from '../db/models.js';
import { isUuid } from '../ids.js';
import { cacheKey, liveCache, onInvalidation, dropLocal, renderOnce, type Rendered } from '../cache/read-cache.js';
import { submissionViews } from './views.js';

/**
 * A submission's status read, served like verify (docs/api.md#polling-a-submission): both views of a
 * submission are loaded together, cached per web process by submission id, and dropped by every
 * change of what they show (`invalidate.submissions`, and for its certificate `invalidate.certificates`).
 * Who may see which view is decided by the caller per request, against `owner`: the cache never
 * changes who sees what.
 */
export interface SubmissionRead {
  submissionId: string;
  owner: string;
  status: string;
  certificateId: string | null;
  ownerView: Awaited<ReturnType<typeof submissionViews>>['owner'];
  publicView: Awaited<ReturnType<typeof submissionViews>>['public'];
}

async function load(key: string): Promise<SubmissionRead | null> {
  const sub = await Submission.findByPk(key);
  if (!sub) return null;
  const views = await submissionViews(sub);
  return {
    submissionId: sub.id,
    owner: sub.owner,
    status: sub.status,
    certificateId: sub.certificateId,
    ownerView: views.owner,
    publicView: views.public,
  };
}

/**
 * Submissions showing a certificate, by certificate key: a certificate's invalidation (a flag, a
 * suspension, the on-chain commit) drops the submissions that show it. Entries leave with their
 * submission's next load, so the map holds at most what the cache held.
 */
const byCertificate = new Map<string, Set<string>>();

const cache = liveCache<SubmissionRead | null>(
  'submission',
  async (key) => {
    const read = await load(key);
    if (read?.certificateId) {
      const c = cacheKey.certificate(read.certificateId);
      if (!byCertificate.has(c)) byCertificate.set(c, new Set());
      byCertificate.get(c)!.add(key);
    }
    return read;
  },
  { ttlMs: () => config().SUBMISSION_CACHE_TTL_MS, refreshAhead: false },
);

onInvalidation('certificate', (keys, soft) => {
  // A soft invalidation is a new read count, which a submission does not show.
  if (soft) return;
  if (keys === null) {
    byCertificate.clear();
    return;
  }
  const subs: string[] = [];
  for (const k of keys) {
    const s = byCertificate.get(k);
    if (!s) continue;
    byCertificate.delete(k);
    subs.push(...s);
  }
  if (subs.length) dropLocal('submission', subs);
});

/** The cached read of a submission; null for an unknown or malformed id. */
export async function readSubmission(id: string): Promise<SubmissionRead | null> {
  if (!isUuid(id)) return null;
  return cache.get(cacheKey.submission(id));
}

/** The view for `viewer` rendered once per cached read, with its weak ETag. */
export function renderSubmission(read: SubmissionRead, view: 'owner' | 'public'): Rendered {
  return renderOnce(read, view, () => (view === 'owner' ? read.ownerView : read.publicView));
}
