import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import { peekCertificate, peekSignedVotes } from '../../shared/certificates/views.js';
import { peekPackageRead } from '../../shared/packages/views.js';
import { isUuid } from '../../shared/ids.js';
import { reads, sendPublicRead, type PublicRead } from './public-read.js';
import { logRequest, requestIdOf } from './request-log.js';
import { metrics } from '../../shared/metrics.js';
import { tryConsume } from './rate-limit.js';
import { packageRefOf } from './routes/packages.js';

/**
 * The hottest public reads answered before Express (issue 11: Express's own routing costs more than
 * the answer): a GET whose certificate or package is already in the read cache is sent from there with
 * the same read definition, headers and request log as the Express route (public-read.ts). Everything
 * else (a cache miss, a query string, a request body, an unknown id, any error) goes to Express, so
 * errors keep the one error shape.
 */
const CERTIFICATE = /^\/api\/v1\/public\/certificates\/([^/]+)(\/verify|\/live-status|\/source-integrity)?$/;
const CERT_V1_VERIFY = /^\/cert\/v1\/certificates\/([^/]+)\/verify$/;
const PACKAGES = '/api/v1/public/packages/';

/** The route pattern a fast read stands for (the same labels Express's routes give the metrics). */
interface FastRead {
  read: PublicRead;
  route: string;
}

function fastRead(url: string): FastRead | undefined {
  const v1 = !CERTIFICATE.test(url);
  let m = CERTIFICATE.exec(url);
  const suffix = m ? (m[2] ?? '') : '/verify';
  m ??= CERT_V1_VERIFY.exec(url);
  if (m) {
    if (!isUuid(m[1]!)) return undefined;
    const loaded = peekCertificate(m[1]!);
    if (suffix === '/verify') metrics.verifyCache.inc({ result: loaded ? 'hit' : 'miss' });
    if (!loaded) return undefined;
    const route = v1 ? '/cert/v1/certificates/:skillId/verify' : `/api/v1/public/certificates/:skillId${suffix}`;
    const read = certificateRead(loaded, suffix);
    return read ? { read, route } : undefined;
  }
  if (url.startsWith(PACKAGES)) {
    try {
      const [registry, ...rest] = url.slice(PACKAGES.length).split('/').map(decodeURIComponent);
      if (registry !== 'npm' && registry !== 'pypi') return undefined;
      const { ref, verify } = packageRefOf(registry, rest);
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
  // The client address as Express's req.ip computes it (TRUST_PROXY), for the per-IP limit.
  const trust = (app as unknown as { get(name: string): unknown }).get?.('trust proxy fn') as ((addr: string, i: number) => boolean) | undefined;
  const clientIp = (req: IncomingMessage): string => (trust ? proxyaddr(req, trust) : req.socket.remoteAddress) ?? 'unknown';
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    // A GET with a body goes to Express, whose body parser answers a bad one with the usual 4xx.
    const bodyless = !req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0';
    const fast = req.method === 'GET' && bodyless && !url.includes('?') ? fastRead(url) : undefined;
    if (!fast) return app(req, res);
    const start = process.hrtime.bigint();
    const send = (): void => {
      const id = requestIdOf(req);
      sendPublicRead(req, res, fast.read, id);
      // The answer is complete here (one write): logged at once rather than from a 'finish' listener.
      logRequest(req, res, id, url, start);
      metrics.httpRequests.observe({ method: 'GET', route: fast.route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - start) / 1e9);
    };
    // The per-IP public limit holds here too; a refused request goes to Express, which counts it
    // again and answers the 429 in the one error shape.
    const limited = tryConsume('public', clientIp(req));
    if (limited === true) return send();
    limited.then(
      (r) => {
        if (!r.ok) return app(req, res);
        if (r.headers) for (const [k, v] of Object.entries(r.headers)) res.setHeader(k, v);
        send();
      },
      () => send(),
    );
  };
}
