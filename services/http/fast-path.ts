import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import { peekCertificate, peekSignedVotes } from '../../shared/certificates/views.js';
import { peekPackageRead } from '../../shared/packages/views.js';
import { isUuid } from '../../shared/ids.js';
import { reads, sendPublicRead, type PublicRead } from './public-read.js';
import { logRequest, requestIdOf } from './request-log.js';
import { metrics } from '../../shared/metrics.js';
import type { HistogramCell } from '../../shared/metric-cells.js';
import { tryConsume } from './rate-limit.js';
import { packageRefOf } from './routes/packages.js';
import { config } from '../../shared/config.js';

/**
 * The hottest public reads answered before Express (Express's own routing costs more than
 * the answer): a GET whose certificate or package is already in the read cache is sent from there with
 * the same read definition, headers and request log as the Express route (public-read.ts). Everything
 * else (a cache miss, a query string, a request body, an unknown id, any error) goes to Express, so
 * errors keep the one error shape.
 */

/** Public certificate reads (id, suffix) or the /cert/v1 verify (id): one match per request. */
const CERTIFICATE = /^(?:\/api\/v1\/public\/certificates\/([^/]+)(\/verify|\/live-status|\/source-integrity)?|\/cert\/v1\/certificates\/([^/]+)\/verify)$/;
const PACKAGES = '/api/v1/public/packages/';
const CERTIFICATE_ROUTES: Record<string, string> = {
  '': '/api/v1/public/certificates/:skillId',
  '/verify': '/api/v1/public/certificates/:skillId/verify',
  '/live-status': '/api/v1/public/certificates/:skillId/live-status',
  '/source-integrity': '/api/v1/public/certificates/:skillId/source-integrity',
};
const CERT_V1_VERIFY_ROUTE = '/cert/v1/certificates/:skillId/verify';

/** The route pattern a fast read stands for (the same labels Express's routes give the metrics). */
interface FastRead {
  read: PublicRead;
  route: string;
}

// Metric cells held once per label set (metric-cells.ts).
const verifyHit = metrics.verifyCache.cell({ result: 'hit' });
const verifyMiss = metrics.verifyCache.cell({ result: 'miss' });
const latencyOf = new Map<string, HistogramCell>();
function observeLatency(route: string, status: number, seconds: number): void {
  const key = status === 200 ? route : `${route} ${status}`;
  let h = latencyOf.get(key);
  if (!h) latencyOf.set(key, (h = metrics.httpRequests.cell({ method: 'GET', route, status: String(status) })));
  h.observe(seconds);
}

function fastRead(url: string): FastRead | undefined {
  const m = CERTIFICATE.exec(url);
  if (m) {
    const id = m[1] ?? m[3]!;
    const suffix = m[1] ? (m[2] ?? '') : '/verify';
    const loaded = peekCertificate(id);
    if (!loaded) {
      // A malformed id is never cached (Express answers it 400): only a well-formed one is a cache miss.
      if (suffix === '/verify' && isUuid(id)) verifyMiss.inc();
      return undefined;
    }
    if (suffix === '/verify') verifyHit.inc();
    const read = certificateRead(loaded, suffix);
    return read ? { read, route: m[1] ? CERTIFICATE_ROUTES[suffix]! : CERT_V1_VERIFY_ROUTE } : undefined;
  }
  if (url.startsWith(PACKAGES)) {
    try {
      const [registry, ...rest] = url.slice(PACKAGES.length).split('/').map(decodeURIComponent);
      if (registry !== 'npm' && registry !== 'pypi') return undefined;
      const { ref, verify, sarif } = packageRefOf(registry, rest);
      if (sarif) return undefined; // SARIF is rendered by the Express route
      const read = peekPackageRead(ref);
      return read ? { read: reads.package(read, verify), route: `/api/v1/public/packages/:registry/*${verify ? '/verify' : ''}` } : undefined;
    } catch {
      return undefined; // Express answers with the error
    }
  }
  return undefined;
}

function certificateRead(loaded: NonNullable<ReturnType<typeof peekCertificate>>, suffix: string): PublicRead | undefined {
  {
    if (suffix === '/verify') return reads.verify(loaded);
    if (suffix === '/live-status') return reads.liveStatus(loaded);
    if (suffix === '/source-integrity') return reads.sourceIntegrity(loaded);
    const votes = peekSignedVotes(loaded.cert);
    return votes ? reads.detail(loaded, votes) : undefined;
  }
}

export function withFastPath(app: RequestListener): RequestListener {
  // The client address as Express's req.ip computes it (TRUST_PROXY), for the per-IP limit and the log.
  const trust = (app as unknown as { get(name: string): unknown }).get?.('trust proxy fn') as ((addr: string, i: number) => boolean) | undefined;
  const peer = (req: IncomingMessage): string => req.socket.remoteAddress ?? 'unknown';
  // No trusted proxy (the default): the peer is the client, without parsing X-Forwarded-For.
  const clientIp = config().TRUST_PROXY === false || !trust ? peer : (req: IncomingMessage): string => proxyaddr(req, trust) ?? 'unknown';
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    // A GET with a body goes to Express, whose body parser answers a bad one with the usual 4xx.
    const bodyless = !req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0';
    // An Accept naming SARIF may choose the SARIF representation (routes/packages.ts): Express negotiates it.
    const fast = req.method === 'GET' && bodyless && !url.includes('?') && !req.headers.accept?.includes('sarif') ? fastRead(url) : undefined;
    if (!fast) return app(req, res);
    const start = process.hrtime.bigint();
    const ip = clientIp(req);
    // The per-IP public limit holds here too; a refused request goes to Express, which counts it
    // again and answers the 429 in the one error shape.
    const limited = tryConsume('public', ip);
    if (limited === true) return send(req, res, fast, url, start, ip);
    limited.then(
      (r) => {
        if (!r.ok) return app(req, res);
        if (r.headers) for (const [k, v] of Object.entries(r.headers)) res.setHeader(k, v);
        send(req, res, fast, url, start, ip);
      },
      () => send(req, res, fast, url, start, ip),
    );
  };
}

function send(req: IncomingMessage, res: ServerResponse, fast: FastRead, url: string, start: bigint, ip: string): void {
  const id = requestIdOf(req);
  sendPublicRead(req, res, fast.read, id);
  // The answer is complete here (one write): logged at once rather than from a 'finish' listener.
  logRequest(req, res, id, url, start, ip);
  observeLatency(fast.route, res.statusCode, Number(process.hrtime.bigint() - start) / 1e9);
}
