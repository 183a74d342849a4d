import { config } from '../config.js';
import { isUuid } from '../ids.js';
import { cacheKey, liveCache, onInvalidation, dropLocal, renderOnce, type Rendered } from '../cache/read-cache.js';
import type { Submission } from '../db/models.js';
import { loadSubmissionViews, newSubmissionViews } from './views.js';

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
  ownerView: NonNullable<Awaited<ReturnType<typeof loadSubmissionViews>>>['owner'];
  publicView: NonNullable<Awaited<ReturnType<typeof loadSubmissionViews>>>['public'];
}

async function load(key: string): Promise<SubmissionRead | null> {
  // One statement reads the submission and its certificate's state together, so the certificate is known
  // only after its state was read: a change of that state meanwhile (seen by `follow` only from now on)
  // makes the read be taken again (a few times at most: past that, the TTL bounds what is served).
  for (let attempt = 1; ; attempt++) {
    const overtaken = new Set<string>();
    loading.add(overtaken);
    let views: Awaited<ReturnType<typeof loadSubmissionViews>>;
    try {
      views = await loadSubmissionViews(key);
    } finally {
      loading.delete(overtaken);
    }
    if (!views) return null;
    const { sub } = views;
    // From now on a change of the certificate's state drops this load (LiveCache).
    if (sub.certificateId) follow(sub.certificateId, key);
    if (attempt < 3 && sub.certificateId && (overtaken.has('*') || overtaken.has(cacheKey.certificate(sub.certificateId)))) continue;
    return {
      submissionId: sub.id,
      owner: sub.owner,
      status: sub.status,
      certificateId: sub.certificateId,
      ownerView: views.owner,
      publicView: views.public,
    };
  }
}

/** Per running load: the certificate keys whose state changed while it ran ('*': all). */
const loading = new Set<Set<string>>();

/**
 * Submissions showing a certificate, by certificate key: a certificate's invalidation (a flag, a
 * suspension, the on-chain commit) drops the submissions that show it, and leaves the map. Bounded
 * like the cache: past READ_CACHE_MAX_ENTRIES certificates the map and the cache start over (dropping
 * cached reads is always safe; keeping one whose certificate nobody would drop is not).
 */
const byCertificate = new Map<string, Set<string>>();

function follow(certificateId: string, key: string): void {
  const c = cacheKey.certificate(certificateId);
  if (!byCertificate.has(c) && byCertificate.size >= config().READ_CACHE_MAX_ENTRIES) {
    byCertificate.clear();
    cache.clear();
  }
  if (!byCertificate.has(c)) byCertificate.set(c, new Set());
  byCertificate.get(c)!.add(key);
}

const cache = liveCache<SubmissionRead | null>('submission', load, { ttlMs: () => config().SUBMISSION_CACHE_TTL_MS, refreshAhead: false });

onInvalidation('certificate', (keys, soft) => {
  // A soft invalidation is a new read count, which a submission does not show.
  if (soft) return;
  for (const overtaken of loading) for (const k of keys ?? ['*']) overtaken.add(k);
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

/**
 * A submission this process has just created, cached as its first read would load it: the client's first
 * status read after its submit needs no query. Called after the INSERT and before the sandbox job is
 * enqueued, so nothing can have changed the row yet; every later change drops the entry as usual.
 */
export async function primeSubmissionRead(created: Submission): Promise<void> {
  const views = await newSubmissionViews(created);
  if (!views) return;
  const { sub } = views;
  cache.prime(cacheKey.submission(sub.id), { submissionId: sub.id, owner: sub.owner, status: sub.status, certificateId: sub.certificateId, ownerView: views.owner, publicView: views.public });
}

/** The cached read of a submission; null for an unknown or malformed id. */
export async function readSubmission(id: string): Promise<SubmissionRead | null> {
  if (!isUuid(id)) return null;
  return cache.get(cacheKey.submission(id));
}

/** The view for `viewer` rendered once per cached read, with its weak ETag. */
export function renderSubmission(read: SubmissionRead, view: 'owner' | 'public'): Rendered {
  return renderOnce(read, view, () => (view === 'owner' ? read.ownerView : read.publicView));
}
