import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError } from '../../shared/errors.js';
import { logger } from '../../shared/log.js';

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
  else {
    logger('web').error({ err: { message: err?.message, stack: err?.stack }, method: req.method, path: req.path }, 'unhandled error');
    apiErr = new ApiError(500, 'internal_error', 'Internal error; the request was not completed');
  }
  if (apiErr.headers) res.set(apiErr.headers);
  res.status(apiErr.status).json(apiErr.toBody());
};
