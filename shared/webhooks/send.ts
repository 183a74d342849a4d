/**
 * One POST of one webhook attempt through the service's SSRF guard (shared/net/address-guard.ts):
 * the target host is resolved and checked on every attempt (a name that later resolves to a private
 * address is refused then), the connection is pinned to the checked address, redirects are not
 * followed (a 3xx is a failed attempt), no credentials are sent and at most 4 KiB of the answer is kept.
 * Never throws: every outcome is a result.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { GuardError, pinnedLookup, resolveGuarded, stripBrackets, type Lookup, type PinnedAddress } from '../net/address-guard.js';

export interface SendOptions {
  timeoutMs: number;
  /** Hosts that may resolve to private addresses and be reached over plain http (test receivers). */
  allowHosts: readonly string[];
  lookup?: Lookup;
}

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  /** Why the attempt failed (null when ok). */
  error: string | null;
  /** The first bytes of the answer, for the delivery log. */
  responseSnippet: string | null;
}

const KEEP = 4096;

/** Why a URL may not be a webhook target, or null: http(s), no credentials, https unless allowed. */
export function targetProblem(raw: string, allowHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a valid URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only http(s) URLs can receive webhooks';
  if (url.username || url.password) return 'credentials in the URL are not allowed';
  const host = stripBrackets(url.hostname).toLowerCase();
  if (url.protocol === 'http:' && !allowHosts.includes(host)) return 'webhook targets must use https';
  return null;
}

/** Checks the target's host through the SSRF guard (at registration and before each attempt). */
export async function checkTarget(raw: string, opts: Pick<SendOptions, 'allowHosts' | 'lookup'>): Promise<string | null> {
  const problem = targetProblem(raw, opts.allowHosts);
  if (problem) return problem;
  const host = stripBrackets(new URL(raw).hostname).toLowerCase();
  try {
    await resolveGuarded(host, { allowPrivate: opts.allowHosts.includes(host), lookup: opts.lookup });
    return null;
  } catch (e) {
    return e instanceof GuardError ? e.message : 'the host does not resolve';
  }
}

export async function postWebhook(raw: string, headers: Record<string, string>, body: string, opts: SendOptions): Promise<SendResult> {
  const fail = (error: string, statusCode: number | null = null, responseSnippet: string | null = null): SendResult => ({ ok: false, statusCode, error, responseSnippet });
  const problem = targetProblem(raw, opts.allowHosts);
  if (problem) return fail(problem);
  const url = new URL(raw);
  const host = stripBrackets(url.hostname).toLowerCase();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    const deadline = new Promise((resolve) => controller.signal.addEventListener('abort', resolve, { once: true }));
    let pin: PinnedAddress;
    try {
      pin = await resolveGuarded(host, { allowPrivate: opts.allowHosts.includes(host), lookup: opts.lookup, deadline });
    } catch (e) {
      return fail(e instanceof GuardError ? e.message : 'the host does not resolve');
    }
    const tls = url.protocol === 'https:';
    return await new Promise<SendResult>((resolve) => {
      const req = (tls ? https : http).request(
        {
          protocol: url.protocol,
          hostname: host,
          port: url.port || (tls ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'cert-webhooks/1' },
          agent: false,
          lookup: pinnedLookup(pin),
          signal: controller.signal,
          ...(tls ? { rejectUnauthorized: true, ...(isIP(host) ? {} : { servername: host }) } : {}),
        },
        (res) => {
          const statusCode = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let kept = 0;
          res.on('data', (c: Buffer) => {
            if (kept < KEEP) {
              chunks.push(c);
              kept += c.length;
            }
          });
          const done = () => {
            const snippet = Buffer.concat(chunks).subarray(0, KEEP).toString('utf8') || null;
            if (statusCode >= 200 && statusCode < 300) resolve({ ok: true, statusCode, error: null, responseSnippet: snippet });
            else resolve(fail(statusCode >= 300 && statusCode < 400 ? `answered ${statusCode}: redirects are not followed` : `answered ${statusCode}`, statusCode, snippet));
          };
          res.on('end', done);
          res.on('error', () => resolve(fail(controller.signal.aborted ? `no complete answer within ${opts.timeoutMs} ms` : 'the connection broke while reading the answer', statusCode)));
        },
      );
      req.on('error', (err) => {
        const code = String((err as { code?: unknown }).code ?? '');
        resolve(fail(controller.signal.aborted ? `no answer within ${opts.timeoutMs} ms` : `could not deliver${code ? ` (${code})` : ''}`));
      });
      req.end(body);
    });
  } finally {
    clearTimeout(timer);
  }
}
