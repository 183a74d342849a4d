import { Router, type Request, type RequestHandler } from 'express';
import { checkMetricsToken, metrics, registry } from '../../shared/metrics.js';

/**
 * The route pattern of a request (`/api/v1/public/certificates/:skillId/verify`), never the raw URL:
 * the matched route's path, after the static mount path taken from the URL's leading segments
 * (an error leaving a router has already reset req.baseUrl). Unmatched requests are one label.
 */
export function routePattern(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return 'unmatched';
  const urlSegments = (req.originalUrl.split('?')[0] ?? '').split('/').filter(Boolean);
  const routeSegments = path.split('/').filter(Boolean);
  let cut = urlSegments.length - routeSegments.length;
  // A wildcard route: the mount ends where the route's first (literal) segment appears.
  if (path.includes('*')) cut = routeSegments[0] && !routeSegments[0].startsWith(':') ? urlSegments.indexOf(routeSegments[0]) : -1;
  if (cut < 0) return path;
  const mount = urlSegments.slice(0, cut);
  return `/${[...mount, ...routeSegments].join('/')}`;
}

/** Times every request into cert_http_request_duration_seconds. */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once('finish', () => metrics.httpRequests.observe({ method: req.method, route: routePattern(req), status: String(res.statusCode) }, Number(process.hrtime.bigint() - start) / 1e9));
    next();
  };
}

/** GET /metrics on the public port, only with METRICS_TOKEN set and sent as a bearer token. */
export function metricsRouter(token: string | undefined): Router {
  const r = Router();
  if (!token) return r;
  r.get('/metrics', async (req, res) => {
    checkMetricsToken(req.get('authorization'), token);
    res.set('Cache-Control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
  return r;
}
