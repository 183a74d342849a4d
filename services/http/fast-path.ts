import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { peekCertificate, peekSignedVotes } from '../../shared/certificates/views.js';
import { peekPackageRead } from '../../shared/packages/views.js';
import { isUuid } from '../../shared/ids.js';
import { reads, sendPublicRead, type PublicRead } from './public-read.js';
import { logRequest, requestIdOf } from './request-log.js';
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

function fastRead(url: string): PublicRead | undefined {
  let m = CERTIFICATE.exec(url);
  const suffix = m ? (m[2] ?? '') : '/verify';
  m ??= CERT_V1_VERIFY.exec(url);
  if (m) {
    if (!isUuid(m[1]!)) return undefined;
    const loaded = peekCertificate(m[1]!);
    if (!loaded) return undefined;
    if (suffix === '/verify') return reads.verify(loaded);
    if (suffix === '/live-status') return reads.liveStatus(loaded);
    if (suffix === '/source-integrity') return reads.sourceIntegrity(loaded);
    const votes = peekSignedVotes(loaded.cert);
    return votes ? reads.detail(loaded, votes) : undefined;
  }
  if (url.startsWith(PACKAGES)) {
    try {
      const [registry, ...rest] = url.slice(PACKAGES.length).split('/').map(decodeURIComponent);
      if (registry !== 'npm' && registry !== 'pypi') return undefined;
      const { ref, verify } = packageRefOf(registry, rest);
      const read = peekPackageRead(ref);
      return read ? reads.package(read, verify) : undefined;
    } catch {
      return undefined; // Express answers with the error
    }
  }
  return undefined;
}

export function withFastPath(app: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    // A GET with a body goes to Express, whose body parser answers a bad one with the usual 4xx.
    const bodyless = !req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0';
    const read = req.method === 'GET' && bodyless && !url.includes('?') ? fastRead(url) : undefined;
    if (!read) return app(req, res);
    const start = process.hrtime.bigint();
    const id = requestIdOf(req);
    sendPublicRead(req, res, read, id);
    // The answer is complete here (one write): logged at once rather than from a 'finish' listener.
    logRequest(req, res, id, url, start);
  };
}
