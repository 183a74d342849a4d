/**
 * One probe of one declared endpoint (docs/endpoint-review.md). Reusable as is by a later monitoring
 * job: it takes a URL and options, touches nothing stored, and never throws — whatever the remote
 * host does (never answers, answers slowly or hugely, loops redirects, shows an invalid certificate,
 * resolves to a private address) ends as a FAILED probe with a reason, within `timeoutMs`.
 *
 * Safety: safe methods only (HEAD, then GET or OPTIONS), no credentials or cookies, every hop's host
 * resolved and checked by the SSRF guard (shared/net/address-guard.ts) and the connection pinned to
 * the checked address, redirects followed by hand and re-checked, TLS verified (and required when
 * `requireTls`), at most `maxBytes` of an answer read.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { GuardError, pinnedLookup, resolveGuarded, stripBrackets } from '../net/address-guard.js';
import { judgeAnswer, type Answer } from './judge.js';
import type { EndpointProbe, EndpointSource, FailureKind, ProbeOptions } from './types.js';

type Method = 'HEAD' | 'GET' | 'OPTIONS';

/** Raised inside a probe; turned into the FAILED evidence by probeEndpoint. */
class ProbeFailure extends Error {
  constructor(
    readonly failure: FailureKind,
    message: string,
    readonly statusCode: number | null = null,
    readonly contentType: string | null = null,
  ) {
    super(message);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS = { 'user-agent': 'cert-endpoint-probe/1', accept: '*/*', 'accept-encoding': 'identity' };
const clip = (s: string | undefined | null, n = 200): string | null => (s == null ? null : s.slice(0, n));

/** Node's TLS verification and handshake errors, by code. */
function isTlsError(code: string): boolean {
  return /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO$)/.test(code) || code.includes('CERT');
}

function networkFailure(err: unknown, aborted: boolean, timeoutMs: number): ProbeFailure {
  if (aborted) return new ProbeFailure('timeout', `no complete answer within ${timeoutMs} ms`);
  const code = String((err as { code?: unknown })?.code ?? '');
  if (isTlsError(code)) return new ProbeFailure('tls', `TLS failed: ${code}`);
  if (code.startsWith('HPE_')) return new ProbeFailure('connect', `did not answer valid HTTP (${code})`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new ProbeFailure('unresolvable', 'the host does not resolve');
  return new ProbeFailure('connect', `could not connect${code ? ` (${code})` : ''}`);
}

interface Raw {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer | null;
}

/** One request to one pinned address; resolves with the whole (capped) answer. */
function exchange(url: URL, method: Method, pin: { address: string; family: 4 | 6 }, opts: ProbeOptions, signal: AbortSignal): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const host = stripBrackets(url.hostname);
    const tls = url.protocol === 'https:';
    let answered: { statusCode: number; contentType: string | null } | null = null;
    const req = (tls ? https : http).request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || (tls ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method,
        headers: HEADERS,
        agent: false,
        lookup: pinnedLookup(pin),
        signal,
        ...(tls ? { rejectUnauthorized: true, ...(isIP(host) ? {} : { servername: host }), ...(opts.ca ? { ca: opts.ca } : {}) } : {}),
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        answered = { statusCode, contentType: clip(res.headers['content-type']) };
        const done = (body: Buffer | null) => resolve({ statusCode, headers: res.headers, body });
        if (method === 'HEAD' || REDIRECTS.has(statusCode)) {
          res.destroy();
          return done(null);
        }
        const ct = clip(res.headers['content-type']);
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          reject(new ProbeFailure('too_large', `announced ${declared} bytes, more than the ${opts.maxBytes} read`, statusCode, ct));
          return void res.destroy();
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > opts.maxBytes) {
            reject(new ProbeFailure('too_large', `sent more than the ${opts.maxBytes} bytes read`, statusCode, ct));
            res.destroy();
          } else chunks.push(chunk);
        });
        res.on('end', () => done(Buffer.concat(chunks, total)));
        const broke = () => {
          const why = signal.aborted ? `the answer did not complete within ${opts.timeoutMs} ms` : 'the connection broke while reading the answer';
          reject(new ProbeFailure(signal.aborted ? 'timeout' : 'connect', why, statusCode, ct));
        };
        res.on('error', broke);
        res.on('aborted', broke);
      },
    );
    req.on('error', (err) => {
      // After the status line, a broken or timed-out exchange still counts as an answer.
      if (!answered) return reject(networkFailure(err, signal.aborted, opts.timeoutMs));
      const why = signal.aborted ? `the answer did not complete within ${opts.timeoutMs} ms` : 'the connection broke while reading the answer';
      reject(new ProbeFailure(signal.aborted ? 'timeout' : 'connect', why, answered.statusCode, answered.contentType));
    });
    req.end();
  });
}

interface Final {
  answer: Answer;
  finalUrl: URL;
  redirects: number;
}

/** `method` on `start`, following redirects by hand; every hop checked like the first. */
async function follow(start: URL, method: Method, opts: ProbeOptions, signal: AbortSignal, deadline: Promise<unknown>, seen: { redirects: number }): Promise<Final> {
  const visited = new Set<string>();
  let url = start;
  for (;;) {
    visited.add(url.href);
    const host = stripBrackets(url.hostname).toLowerCase();
    let pin;
    try {
      pin = await resolveGuarded(host, { allowPrivate: opts.allowHosts.includes(host), lookup: opts.lookup, deadline });
    } catch (e) {
      const kind = e instanceof GuardError ? e.kind : 'unresolvable';
      throw new ProbeFailure(kind, kind === 'timeout' ? `no answer within ${opts.timeoutMs} ms (DNS)` : (e as Error).message);
    }
    if (signal.aborted) throw new ProbeFailure('timeout', `no answer within ${opts.timeoutMs} ms`);
    const raw = await exchange(url, method, pin, opts, signal);
    const contentType = clip(raw.headers['content-type']);
    const location = raw.headers.location;
    if (REDIRECTS.has(raw.statusCode) && location) {
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new ProbeFailure('redirect', `redirected to an invalid location`, raw.statusCode, contentType);
      }
      next.hash = '';
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new ProbeFailure('redirect', `redirected to a ${next.protocol} URL`, raw.statusCode, contentType);
      if (next.username || next.password) throw new ProbeFailure('redirect', 'redirected to a URL with credentials', raw.statusCode, contentType);
      if (opts.requireTls && next.protocol === 'http:') throw new ProbeFailure('redirect', `redirected to plain http (${next.origin})`, raw.statusCode, contentType);
      if (visited.has(next.href)) throw new ProbeFailure('redirect', `redirect loop (back to ${next.href.slice(0, 120)})`, raw.statusCode, contentType);
      if (seen.redirects >= opts.maxRedirects) throw new ProbeFailure('redirect', `more than ${opts.maxRedirects} redirects`, raw.statusCode, contentType);
      seen.redirects++;
      url = next;
      continue;
    }
    const len = Number(raw.headers['content-length']);
    return {
      answer: {
        method,
        statusCode: raw.statusCode,
        contentType,
        contentLength: Number.isFinite(len) ? len : null,
        body: raw.body,
        contentEncoding: clip(raw.headers['content-encoding']),
      },
      finalUrl: url,
      redirects: seen.redirects,
    };
  }
}

/** HEAD first; GET when HEAD is refused or says nothing of the content; OPTIONS when GET is refused too. */
function nextMethod(a: Answer): Method | null {
  const refused = a.statusCode === 405 || a.statusCode === 501;
  if (a.method === 'HEAD' && (refused || (a.statusCode >= 200 && a.statusCode < 300 && !a.contentType))) return 'GET';
  if (a.method === 'GET' && refused) return 'OPTIONS';
  return null;
}

/** Probes one declared endpoint. Never throws; the evidence says what happened. */
export async function probeEndpoint(declared: string, source: EndpointSource, opts: ProbeOptions): Promise<EndpointProbe> {
  const t0 = performance.now();
  const evidence = (e: Partial<EndpointProbe> & Pick<EndpointProbe, 'outcome' | 'reason'>): EndpointProbe => ({
    url: declared,
    source,
    method: null,
    statusCode: null,
    contentType: null,
    finalUrl: null,
    redirects: 0,
    failure: null,
    timeMs: Math.round(performance.now() - t0),
    ...e,
  });
  let url: URL;
  try {
    url = new URL(declared);
  } catch {
    return evidence({ outcome: 'FAILED', failure: 'not_probed', reason: 'not an absolute URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return evidence({ outcome: 'FAILED', failure: 'not_probed', reason: `not an http(s) URL` });
  if (url.username || url.password) return evidence({ outcome: 'FAILED', failure: 'credentials', reason: 'the URL carries credentials; the probe sends none' });
  if (opts.requireTls && url.protocol === 'http:') return evidence({ outcome: 'FAILED', failure: 'plain_http', reason: 'declared over plain http; TLS is required' });
  url.hash = '';

  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve();
    }, opts.timeoutMs);
  });
  const seen = { redirects: 0 };
  let method: Method = 'HEAD';
  try {
    for (;;) {
      seen.redirects = 0; // counted per method: a fallback follows the same redirects again
      const got = await follow(url, method, opts, controller.signal, deadline, seen);
      const next = nextMethod(got.answer);
      if (next) {
        method = next;
        continue;
      }
      const j = judgeAnswer(url, got.answer);
      return evidence({
        method,
        statusCode: got.answer.statusCode,
        contentType: got.answer.contentType,
        finalUrl: got.redirects ? got.finalUrl.href : null,
        redirects: got.redirects,
        outcome: j.ok ? 'PASSED' : 'FAILED',
        failure: j.ok ? null : j.failure,
        reason: j.reason,
      });
    }
  } catch (e) {
    const f = e instanceof ProbeFailure ? e : networkFailure(e, controller.signal.aborted, opts.timeoutMs);
    return evidence({ method, statusCode: f.statusCode, contentType: f.contentType, redirects: seen.redirects, outcome: 'FAILED', failure: f.failure, reason: f.message });
  } finally {
    clearTimeout(timer);
  }
}
