import type { Request, Response } from 'express';
import { SubmissionReadQuery, parseInput } from '../../shared/api/schemas.js';
import { cacheKey, invalidationsSeen, renderOnce } from '../../shared/cache/read-cache.js';
import { notFound } from '../../shared/errors.js';
import { readSubmission, renderSubmission, type SubmissionRead } from '../../shared/submissions/status-read.js';
import { longPollsDraining, waitForChange } from './long-poll.js';
import { notModified } from './public-read.js';
import { submissionSarif } from '../../shared/reports/views.js';
import { sendSarif, wantsSarif } from './sarif.js';

/**
 * `GET …/submissions/{id}` on every channel (/cert/v1, the agent API, the developer channel):
 * served from the status read cache, with an ETag (304 to a current If-None-Match), `Retry-After` and
 * `pollAfterSeconds` while the submission may still change, and `?waitSeconds=` to wait for a change
 * instead of polling (docs/api.md#polling-a-submission). Who sees which view is unchanged:
 * `viewer` is the caller's owner string, if any.
 */
export async function sendSubmissionStatus(req: Request, res: Response, opts: { id: string; viewer: string | undefined; ownerOnly: boolean }): Promise<void> {
  if (wantsSarif(req)) return sendSubmissionSarif(req, res, opts);
  const { waitSeconds } = parseInput(SubmissionReadQuery, req.query, 'query');
  // Before the read: a change that overtakes it must not go unnoticed by the wait below.
  const readAt = invalidationsSeen('submission');
  let read = await readSubmission(opts.id);
  // Another owner's submission is indistinguishable from a missing one where only owners may read.
  if (!read || (opts.ownerOnly && read.owner !== opts.viewer)) throw notFound('Submission', 'id');
  const view = read.owner === opts.viewer ? 'owner' : 'public';
  // Only the owner waits (a waiter holds a connection and a slot); a state that will not change answers now.
  if (waitSeconds && view === 'owner' && read.ownerView.pollAfterSeconds !== undefined) {
    const known = renderSubmission(read, view).etag;
    // Without If-None-Match the client's copy is what it would get now; with a stale one it gets the current state at once.
    if (!req.headers['if-none-match'] || notModified(req, known)) {
      let latest: SubmissionRead | null = read;
      await waitForChange(
        cacheKey.submission(read.submissionId),
        waitSeconds,
        async () => {
          latest = await readSubmission(opts.id);
          return !latest || renderSubmission(latest, view).etag !== known;
        },
        res,
        readAt,
      );
      if (res.writableEnded || res.destroyed) return;
      // At the timeout (or on a drain) the current state, read afresh: a lost wake costs only the wait.
      read = (await readSubmission(opts.id)) ?? latest ?? read;
    }
  }
  const rendered = renderSubmission(read, view);
  const headers: Record<string, string | number> = {
    ETag: rendered.etag,
    // The owner's view is the owner's: no shared cache keeps it, and a client revalidates (ETag) before reuse.
    'Cache-Control': 'private, no-cache',
  };
  const pollAfter = view === 'owner' ? read.ownerView.pollAfterSeconds : read.publicView.pollAfterSeconds;
  if (pollAfter !== undefined) headers['Retry-After'] = pollAfter;
  if (longPollsDraining()) headers.Connection = 'close';
  // The same URL answers SARIF to an Accept that asks for it.
  headers.Vary = 'Accept';
  if (notModified(req, rendered.etag)) {
    res.status(304).set(headers).end();
    return;
  }
  res
    .status(200)
    .set({ ...headers, 'Content-Type': 'application/json; charset=utf-8' })
    .end(rendered.json);
}

/**
 * The owner's findings of a submission as SARIF 2.1.0 (docs/api.md#sarif-export), from the same cached
 * read as the status: findings are the owner's, so anyone else (a caller without a key included) gets
 * the 404 a missing submission gets.
 */
export async function sendSubmissionSarif(req: Request, res: Response, opts: { id: string; viewer: string | undefined }): Promise<void> {
  const read = await readSubmission(opts.id);
  if (!read || opts.viewer === undefined || read.owner !== opts.viewer) throw notFound('Submission', 'id');
  sendSarif(req, res, renderOnce(read, 'sarif', () => submissionSarif(read.ownerView)), 'private, no-cache');
}
