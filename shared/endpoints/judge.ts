/**
 * The decisions of the endpoint review (docs/endpoint-review.md), apart from the network so they can
 * be tested alone: does one answer count as "answers as declared", what is the review's status, and
 * what does a FAILED review do to the verdict.
 */
import type { Finding } from '../sandbox/types.js';
import { NO_ANSWER_KINDS, type EndpointProbe, type EndpointReview, type EndpointStatus, type FailureKind } from './types.js';

export interface Answer {
  method: 'HEAD' | 'GET' | 'OPTIONS';
  statusCode: number;
  contentType: string | null;
  /** Content-Length as sent, when it is a number. */
  contentLength: number | null;
  /** The whole body, read to its end (GET and OPTIONS); null for HEAD. */
  body: Buffer | null;
  /** Content-Encoding, when the server compressed the body although asked not to. */
  contentEncoding: string | null;
}

export type Judgement = { ok: true; reason: string } | { ok: false; failure: FailureKind; reason: string };

// RFC 9110 8.3.1: type "/" subtype, both tokens, then optional parameters.
const MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+\s*(?:;.*)?$/i;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export const isMediaType = (value: string): boolean => MEDIA_TYPE.test(value.trim());

/** Whether the path names more than the origin (a 404 there means the declared resource is missing). */
const namesAPath = (url: URL): boolean => url.pathname !== '/' && url.pathname !== '';

/**
 * One final (non-redirect) answer judged against its declaration. An endpoint "answers as declared"
 * when it answers without a server error, a declared path exists, and an answer with content says
 * what it is (a well-formed Content-Type; JSON that parses when it says JSON). 401 and 403 pass: the
 * probe sends no credentials, and an API that asks for them is answering.
 */
export function judgeAnswer(declared: URL, a: Answer): Judgement {
  const code = a.statusCode;
  if (code >= 500) return { ok: false, failure: 'http_status', reason: `answered ${code} (a server error) to ${a.method}` };
  if ((code === 404 || code === 410) && namesAPath(declared)) {
    return { ok: false, failure: 'http_status', reason: `answered ${code} to ${a.method}: the declared path does not exist` };
  }
  if (code >= 300 && code < 400) return { ok: false, failure: 'redirect', reason: `answered ${code} without a usable Location` };
  if (code >= 200 && code < 300) {
    const hasContent = a.body ? a.body.length > 0 : code !== 204 && (a.contentLength ?? 0) > 0;
    if (hasContent && !a.contentType) return { ok: false, failure: 'content_type', reason: `answered ${code} with content but no Content-Type` };
    if (a.contentType && !isMediaType(a.contentType)) {
      return { ok: false, failure: 'content_type', reason: `answered ${code} with a malformed Content-Type "${a.contentType.slice(0, 60)}"` };
    }
    const plain = !a.contentEncoding || a.contentEncoding.trim().toLowerCase() === 'identity';
    if (a.body && a.body.length > 0 && a.contentType && JSON_TYPE.test(a.contentType) && plain) {
      try {
        JSON.parse(a.body.toString('utf8'));
      } catch {
        return { ok: false, failure: 'content_type', reason: `answered ${code} declaring ${a.contentType.split(';')[0]} but the body is not JSON` };
      }
    }
  }
  return { ok: true, reason: `answered ${code} to ${a.method}${a.contentType ? ` (${a.contentType.split(';')[0]!.trim()})` : ''}` };
}

/** PASSED when every probed endpoint passed, FAILED when one did not, NOT_TESTED when none was declared. */
export function endpointStatusOf(probes: readonly Pick<EndpointProbe, 'outcome'>[]): EndpointStatus {
  if (probes.length === 0) return 'NOT_TESTED';
  return probes.every((p) => p.outcome === 'PASSED') ? 'PASSED' : 'FAILED';
}

/** No HTTP answer at all: nothing resolved, connected, completed TLS or answered before the deadline. */
export const answeredNothing = (p: Pick<EndpointProbe, 'statusCode' | 'redirects' | 'failure'>): boolean =>
  p.statusCode === null && p.redirects === 0 && p.failure !== null && (NO_ANSWER_KINDS as readonly string[]).includes(p.failure);

/** Failures that say nothing lasting about the endpoint: probed again before the review decides (ENDPOINT_PROBE_RETRIES). */
const TRANSIENT: ReadonlySet<FailureKind> = new Set(['unresolvable', 'connect', 'timeout', 'tls']);

/**
 * Whether a failed probe may pass when tried again: no HTTP answer at all (a DNS hiccup, a refused or
 * reset connection, a deadline, a broken handshake) or a server error (5xx: a restart, an overloaded
 * proxy). An address the SSRF guard refuses, plain http, a redirect loop or a wrong answer are
 * properties of the endpoint, not of the moment: never retried.
 */
export const mayBeTransient = (p: Pick<EndpointProbe, 'outcome' | 'failure' | 'statusCode'>): boolean =>
  p.outcome === 'FAILED' && p.failure !== null && (TRANSIENT.has(p.failure) || (p.failure === 'http_status' && (p.statusCode ?? 0) >= 500));

/** The pause before retry `n` (1-based): `delayMs`, doubled each time. */
export const retryDelayOf = (n: number, delayMs: number): number => delayMs * 2 ** Math.max(0, n - 1);

const tries = (p: Pick<EndpointProbe, 'attempts'>) => ((p.attempts?.length ?? 1) > 1 ? ` (${p.attempts!.length} attempts)` : '');

/**
 * What a FAILED review does to the verdict (docs/endpoint-review.md): each failed endpoint is a
 * retained warning (ENDPOINT-FAILED-001, LOW), except that an API product whose base URL (the
 * product URL) gives no HTTP answer at all is refused (ENDPOINT-DOWN-001, blocking): there is no API
 * to certify. A SKILL+API product is a skill first, so its endpoints only warn.
 */
export function endpointFindings(review: EndpointReview, productType: string): Finding[] {
  return review.endpoints
    .filter((p) => p.outcome === 'FAILED')
    .map((p): Finding => {
      const refuse = productType === 'API' && p.source === 'product' && answeredNothing(p);
      const where = p.source === 'product' ? 'The API base URL' : 'The declared endpoint';
      return {
        ruleId: refuse ? 'ENDPOINT-DOWN-001' : 'ENDPOINT-FAILED-001',
        category: 'endpoint',
        severity: refuse ? 'HIGH' : 'LOW',
        blocking: refuse,
        message: `${where} ${p.url} ${refuse ? 'did not answer at all' : 'did not answer as declared'}${tries(p)}: ${p.reason}.`,
        location: { line: 1, column: 1, snippet: p.url.slice(0, 120) },
        fix: refuse
          ? 'Serve the API at its declared base URL over HTTPS with a valid certificate, reachable from the public internet, then resubmit.'
          : 'Make the endpoint answer a HEAD or GET without credentials (no server error, a valid certificate, a Content-Type), or correct the declaration.',
      };
    });
}
