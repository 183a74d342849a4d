import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { logger } from '../../shared/log.js';

/** One JSON log line per request, with a request id echoed back for support (Express and the fast path). */
export function logRequest(req: IncomingMessage, res: ServerResponse, path: string): void {
  const header = req.headers['x-request-id'];
  const id = (Array.isArray(header) ? header[0] : header)?.slice(0, 64) || randomUUID();
  res.setHeader('X-Request-Id', id);
  const start = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    logger('http').info({ reqId: id, method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
  });
}

export function requestLog(): RequestHandler {
  return (req, res, next) => {
    logRequest(req, res, req.path);
    next();
  };
}
