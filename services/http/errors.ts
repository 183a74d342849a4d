import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError } from '../../shared/errors.js';
import { logger } from '../../shared/log.js';
import { outageOf, unavailableError } from '../../shared/outages.js';

export const notFoundHandler: RequestHandler = (req) => {
  throw new ApiError(404, 'route_not_found', `No route for ${req.method} ${req.path}`);
};

/** Maps every error to the one error shape; unknown errors are 500 without internals. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let apiErr: ApiError;
  if (err instanceof ApiError) apiErr = err;
  else if (err?.type === 'entity.too.large') apiErr = new ApiError(413, 'payload_too_large', 'The request body is too large');
  else if (err?.type === 'entity.parse.failed') apiErr = new ApiError(400, 'invalid_json', 'The body is not valid JSON');
  else if (err?.type === 'encoding.unsupported' || err?.type === 'charset.unsupported') apiErr = new ApiError(415, 'unsupported_encoding', 'Send the body as UTF-8 JSON');
  else if (err?.type === 'request.aborted') apiErr = new ApiError(400, 'request_aborted', 'The request was aborted');
  else if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) apiErr = new ApiError(err.status, 'bad_request', 'The request could not be read');
  else if (outageOf(err)) {
    logger('web').warn({ err: err?.message, outage: outageOf(err), method: req.method, path: req.path }, 'backing service unavailable');
    apiErr = unavailableError(outageOf(err)!);
  } else {
    logger('web').error({ err: { message: err?.message, stack: err?.stack }, method: req.method, path: req.path }, 'unhandled error');
    apiErr = new ApiError(500, 'internal_error', 'Internal error; the request was not completed');
  }
  if (apiErr.headers) res.set(apiErr.headers);
  res.status(apiErr.status).json(apiErr.toBody());
};

/**
 * Requests Node's HTTP parser refuses before Express sees them (headers over its 16 KiB limit,
 * malformed HTTP, header timeouts): Node would answer with an empty body; send the error shape.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  // A response already under way on this connection cannot be followed by another one.
  const inFlight = (socket as Duplex & { _httpMessage?: { _headerSent?: boolean } })._httpMessage?._headerSent;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight) return void socket.destroy();
  const [status, reason, apiErr] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', new ApiError(431, 'headers_too_large', 'The request headers are too large')]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', new ApiError(408, 'request_timeout', 'The request headers were not received in time')]
        : [400, 'Bad Request', new ApiError(400, 'bad_request', 'The request could not be read')];
  const body = JSON.stringify(apiErr.toBody());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
