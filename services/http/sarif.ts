import type { Request, Response } from 'express';
import type { Rendered } from '../../shared/cache/read-cache.js';
import { SARIF_MEDIA_TYPE } from '../../shared/reports/sarif.js';
import { notModified } from './public-read.js';

/**
 * Content negotiation for the reads that also answer SARIF (docs/api.md#sarif-export): SARIF when the
 * client's Accept ranks `application/sarif+json` above JSON (RFC 9110 12.5.1); JSON otherwise, also
 * for no Accept or `*\/*`. The `…/findings.sarif` paths answer SARIF whatever the Accept.
 */
export function wantsSarif(req: Request): boolean {
  const accept = req.headers.accept;
  if (!accept || !accept.includes('sarif')) return false;
  return req.accepts(['application/json', SARIF_MEDIA_TYPE]) === SARIF_MEDIA_TYPE;
}

/** A rendered SARIF log with its ETag (304 to a current If-None-Match) and the caller's Cache-Control. */
export function sendSarif(req: Request, res: Response, rendered: Rendered, cacheControl: string): void {
  // One URL answers JSON or SARIF by Accept: a cache keys on it.
  res.set({ ETag: rendered.etag, 'Cache-Control': cacheControl, Vary: 'Accept' });
  if (notModified(req, rendered.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type(`${SARIF_MEDIA_TYPE}; charset=utf-8`).send(rendered.json);
}
