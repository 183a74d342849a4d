import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { logRequestLine } from '../../shared/log.js';

/** The request id echoed back for support: the client's own (bounded) or a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  return (Array.isArray(header) ? header[0] : header)?.slice(0, 64) || randomUUID();
}

/**
 * The one JSON log line per request (Express and the fast path write the same line). `ip` is the peer,
 * or X-Forwarded-For's client when the peer is a TRUST_PROXY proxy (Express's req.ip; the fast path
 * passes the address it computed the same way).
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, id: string, path: string, start: bigint, ip?: string): void {
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  ip ??= (req as { ip?: string }).ip ?? req.socket.remoteAddress;
  logRequestLine({ reqId: id, method: req.method ?? '', path, ip, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
}

export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const id = requestIdOf(req);
    res.set('X-Request-Id', id);
    const start = process.hrtime.bigint();
    // The whole path as the client sent it: inside a mounted router `req.path` loses the mount prefix.
    const path = req.path;
    res.on('finish', () => logRequest(req, res, id, path, start));
    next();
  };
}
