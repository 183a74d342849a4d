import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { logger } from '../../shared/log.js';

/** One JSON log line per request, with a request id echoed back for support. */
export function requestLog(): RequestHandler {
  const log = logger('http');
  return (req, res, next) => {
    const id = req.get('x-request-id')?.slice(0, 64) || randomUUID();
    res.set('X-Request-Id', id);
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // `ip` is the peer, or X-Forwarded-For's client when the peer is a TRUST_PROXY proxy.
      log.info({ reqId: id, method: req.method, path: req.path, ip: req.ip, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  };
}
