import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { etagOf, renderOnce, type Rendered } from '../../shared/cache/read-cache.js';
import { isoNow } from '../../shared/clock.js';
import { countRead } from '../../shared/certificates/counters.js';
import { attestationView, detailView, isValid, liveStatusView, sourceIntegrityView, verifyViewStable, type LoadedCertificate, type SignedVote } from '../../shared/certificates/views.js';
import type { PackageRead } from '../../shared/packages/views.js';

/**
 * The public read answers, one definition used by the Express routes and by the fast path
 * (fast-path.ts), so both send the same bytes and the same headers.
 */

/** Any origin, no credentials (spec 5: the public read API and discovery need no authentication). */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, X-Request-Id, Retry-After',
};
const PREFLIGHT_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, If-None-Match, X-Request-Id',
  'Access-Control-Max-Age': '86400',
};

/** Verify results may be cached only briefly, and a negative one not at all (spec 8). */
export const VERIFY_CACHE_CONTROL = { valid: 'public, max-age=15, must-revalidate', invalid: 'no-store' };

/** A package certificate changes only by an operator or a re-analysis: shared caches keep it a minute. */
export const PACKAGE_READ_CACHE_CONTROL = 'public, max-age=60';

export interface PublicRead {
  rendered: Rendered;
  cacheControl?: string;
  /** Request headers that choose between representations of the URL (a package certificate answers SARIF by Accept). */
  vary?: string;
  /** Members appended to the rendered object per answer, with its closing brace (kept out of the ETag: `checkedAt`). */
  tail?: string;
}

/**
 * A verify's parts that follow from one cached live state, read once from its records (their
 * attribute getters cost more than the rest of a hot verify). A new state is a new key.
 */
const verifyParts = new WeakMap<object, { certificateId: string; rendered: Rendered; cacheControl: string }>();

export const reads = {
  verify(loaded: LoadedCertificate): PublicRead {
    let parts = verifyParts.get(loaded.state);
    if (!parts) {
      parts = {
        certificateId: loaded.cert.id,
        rendered: renderOnce(loaded.state, 'verify', () => verifyViewStable(loaded)),
        cacheControl: isValid(loaded.state) ? VERIFY_CACHE_CONTROL.valid : VERIFY_CACHE_CONTROL.invalid,
      };
      verifyParts.set(loaded.state, parts);
    }
    countRead(parts.certificateId, 'verifications');
    return { rendered: parts.rendered, cacheControl: parts.cacheControl, tail: `,"checkedAt":"${isoNow()}"}` };
  },
  detail(loaded: LoadedCertificate, votes: SignedVote[]): PublicRead {
    countRead(loaded.cert.id, 'views');
    return { rendered: renderOnce(loaded.state, 'detail', () => detailView(loaded, votes)) };
  },
  liveStatus(loaded: LoadedCertificate): PublicRead {
    return { rendered: renderOnce(loaded.state, 'live-status', () => liveStatusView(loaded)), cacheControl: 'no-store' };
  },
  sourceIntegrity(loaded: LoadedCertificate): PublicRead {
    // Sealed fields only: rendered once per cached record.
    return { rendered: renderOnce(loaded.cert, 'source-integrity', () => sourceIntegrityView(loaded)) };
  },
  attestation(loaded: LoadedCertificate): PublicRead {
    // From the sealed record only (and a deterministic signature): rendered and signed once per cached record.
    return { rendered: renderOnce(loaded.cert, 'attestation', () => attestationView(loaded)) };
  },
  package(read: PackageRead, verify: boolean): PublicRead {
    return verify
      ? { rendered: renderOnce(read, 'verify', () => read.verify), cacheControl: PACKAGE_READ_CACHE_CONTROL }
      : { rendered: renderOnce(read, 'certificate', () => read.certificate), cacheControl: PACKAGE_READ_CACHE_CONTROL, vary: 'Accept' };
  },
};

/**
 * If-None-Match against our weak ETag (weak comparison, RFC 9110 13.1.2). A request's `Cache-Control:
 * no-cache` (fetch() adds it to every conditional request) asks caches to revalidate with the origin,
 * which is what this is: it does not turn the 304 off (Express's `req.fresh` would).
 */
export function notModified(req: IncomingMessage, etag: string): boolean {
  const inm = req.headers['if-none-match'];
  if (!inm) return false;
  if (inm.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return inm.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

export function setCorsHeaders(res: ServerResponse): void {
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
}

/**
 * Sends a public read: CORS, ETag, Cache-Control, 304 when the client's copy is current. Headers go out
 * in one writeHead (merged with any set before: Express's X-Request-Id); the fast path passes its own.
 * The headers are one flat name/value array (Node's cheapest form): this runs for every hot read.
 */
export function sendPublicRead(req: IncomingMessage, res: ServerResponse, r: PublicRead, requestId?: string): void {
  const rendered = r.rendered;
  const notMod = notModified(req, rendered.etag);
  // The tail is ASCII (an ISO timestamp and a brace): its length in bytes is its length.
  const body = notMod ? '' : r.tail ? rendered.open + r.tail : rendered.json;
  const headers: (string | number)[] = [
    'Access-Control-Allow-Origin',
    CORS_HEADERS['Access-Control-Allow-Origin']!,
    'Access-Control-Expose-Headers',
    CORS_HEADERS['Access-Control-Expose-Headers']!,
    'ETag',
    rendered.etag,
  ];
  if (requestId) headers.push('X-Request-Id', requestId);
  if (r.cacheControl) headers.push('Cache-Control', r.cacheControl);
  if (r.vary) headers.push('Vary', r.vary);
  if (!notMod) headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', r.tail ? rendered.bytes - 1 + r.tail.length : rendered.bytes);
  res.writeHead(notMod ? 304 : 200, headers as string[]);
  if (notMod) res.end();
  else res.end(body, rendered.ascii ? 'latin1' : 'utf8');
}

/** Top-level members that say when an answer was made, not what it says: left out of the ETag. */
const VOLATILE = new Set(['generatedAt', 'checkedAt']);

/**
 * Mounted on the public read API, discovery and the /cert/v1 verify: CORS on every answer (errors
 * included), preflight answered, and a weak ETag over what a JSON answer says (Express answers a
 * matching If-None-Match with 304).
 */
export const publicReadHeaders: RequestHandler = (req, res, next) => {
  setCorsHeaders(res);
  if (req.method === 'OPTIONS') {
    res.set(PREFLIGHT_HEADERS).status(204).end();
    return;
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    const json = res.json.bind(res);
    (res as Response).json = (body: unknown) => {
      if (!res.get('ETag') && res.statusCode < 300 && body && typeof body === 'object' && !Array.isArray(body)) {
        const stable = Object.fromEntries(Object.entries(body).filter(([k]) => !VOLATILE.has(k)));
        const etag = etagOf(JSON.stringify(stable));
        res.set('ETag', etag);
        if (notModified(req, etag)) return res.status(304).end();
      }
      return json(body);
    };
  }
  next();
};
