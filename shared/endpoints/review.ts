/**
 * The endpoint review of one API or SKILL+API submission (docs/endpoint-review.md): list what was
 * declared, probe each declared endpoint (a few at a time per host), decide the status. Runs in the
 * worker's sandbox step, never in a web request.
 */
import pLimit from 'p-limit';
import { config } from '../config.js';
import { endpointStatusOf, mayBeTransient, retryDelayOf } from './judge.js';
import { probeEndpoint } from './probe.js';
import type { EndpointAttempt, EndpointProbe, EndpointReview, EndpointSource, ProbeOptions } from './types.js';

export const isApiProduct = (productType: string): boolean => productType === 'API' || productType === 'SKILL+API';

export interface Declared {
  url: string;
  source: EndpointSource;
}

/**
 * The declared endpoints, product URL first, then the manifest's declared external calls; each URL
 * once. A `*.` wildcard host names no single endpoint: listed apart, never probed.
 */
export function declaredEndpointsOf(input: { productUrls: readonly string[]; manifestCalls: readonly string[] }): { probe: Declared[]; notProbed: EndpointReview['notProbed'] } {
  const probe: Declared[] = [];
  const notProbed: EndpointReview['notProbed'] = [];
  const seen = new Set<string>();
  const add = (raw: string, source: EndpointSource) => {
    let key = raw;
    try {
      const u = new URL(raw);
      u.hash = '';
      key = u.href;
      if (u.hostname.startsWith('*.')) {
        if (!seen.has(key)) notProbed.push({ url: raw, reason: 'a wildcard host names no single endpoint' });
        seen.add(key);
        return;
      }
    } catch {
      /* probed as given: the probe reports it as not a URL */
    }
    if (seen.has(key)) return;
    seen.add(key);
    probe.push({ url: raw, source });
  };
  for (const u of input.productUrls) add(u, 'product');
  for (const u of input.manifestCalls) add(u, 'manifest');
  return { probe, notProbed };
}

export interface ReviewLimits {
  /** Probes in flight per host name. */
  perHost: number;
  /** Endpoints probed; the rest are FAILED as not probed. */
  maxEndpoints: number;
  /** Probes again after a failure that may be transient (judge.ts mayBeTransient); 0: one probe. */
  retries?: number;
  /** Pause before the first retry, doubled before each next one. */
  retryDelayMs?: number;
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const attemptOf = (p: EndpointProbe, at: Date): EndpointAttempt => ({ at: at.toISOString(), outcome: p.outcome, failure: p.failure, statusCode: p.statusCode, timeMs: p.timeMs, reason: p.reason });

/**
 * One endpoint probed, and probed again after a failure that may be transient, up to `retries`
 * times with a doubling pause: one dropped connection or one 503 during a restart does not decide
 * the review (nor refuse an API, ENDPOINT-DOWN-001). The result is the last probe, with every
 * attempt listed. Each attempt takes the host's slot in turn; the pause holds none.
 */
async function probeWithRetries(d: Declared, opts: ProbeOptions, limits: ReviewLimits, slot: <T>(fn: () => Promise<T>) => Promise<T>): Promise<EndpointProbe> {
  const attempts: EndpointAttempt[] = [];
  const retries = Math.max(0, limits.retries ?? 0);
  for (let n = 0; ; n++) {
    if (n > 0) await sleep(retryDelayOf(n, limits.retryDelayMs ?? 0));
    const at = new Date();
    const probe = await slot(() => probeEndpoint(d.url, d.source, opts));
    attempts.push(attemptOf(probe, at));
    if (n >= retries || !mayBeTransient(probe)) return { ...probe, attempts };
  }
}

/** Probes every declared endpoint (at most `perHost` at once per host) and decides the status. */
export async function reviewEndpoints(declared: ReturnType<typeof declaredEndpointsOf>, opts: ProbeOptions, limits: ReviewLimits, now = new Date()): Promise<EndpointReview> {
  const perHost = new Map<string, ReturnType<typeof pLimit>>();
  const limiter = (host: string) => {
    let l = perHost.get(host);
    if (!l) perHost.set(host, (l = pLimit(limits.perHost)));
    return l;
  };
  const probed = declared.probe.slice(0, limits.maxEndpoints);
  const beyond = declared.probe.slice(limits.maxEndpoints);
  const results = await Promise.all(probed.map((d) => probeWithRetries(d, opts, limits, limiter(hostOf(d.url)))));
  const skipped = beyond.map(
    (d): EndpointProbe => ({
      url: d.url,
      source: d.source,
      method: null,
      statusCode: null,
      contentType: null,
      finalUrl: null,
      redirects: 0,
      timeMs: 0,
      outcome: 'FAILED',
      failure: 'not_probed',
      reason: `not probed: the review probes at most ${limits.maxEndpoints} declared endpoints`,
    }),
  );
  const endpoints = [...results, ...skipped];
  return { status: endpointStatusOf(endpoints), checkedAt: now.toISOString(), endpoints, notProbed: declared.notProbed };
}

/** The probe settings of this deployment (shared/config.ts, ENDPOINT_PROBE_*). */
export function probeSettings(): { opts: ProbeOptions; limits: ReviewLimits } {
  const c = config();
  return {
    opts: {
      requireTls: c.ENDPOINT_PROBE_REQUIRE_TLS,
      allowHosts: c.ENDPOINT_PROBE_ALLOW_HOSTS,
      timeoutMs: c.ENDPOINT_PROBE_TIMEOUT_MS,
      maxBytes: c.ENDPOINT_PROBE_MAX_BYTES,
      maxRedirects: c.ENDPOINT_PROBE_MAX_REDIRECTS,
    },
    limits: { perHost: c.ENDPOINT_PROBE_PER_HOST, maxEndpoints: c.ENDPOINT_PROBE_MAX_ENDPOINTS, retries: c.ENDPOINT_PROBE_RETRIES, retryDelayMs: c.ENDPOINT_PROBE_RETRY_DELAY_MS },
  };
}
