import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError } from '../../shared/errors.js';
import { logger } from '../../shared/log.js';
import { outageOf, unavailableError } from '../../shared/outages.js';
import { Layout, type Section } from './layout.js';
import { sendPage } from './render.js';

const TITLES: Record<number, string> = {
  400: 'That request could not be read',
  401: 'Sign-in needed',
  403: 'Not allowed',
  404: 'Not found',
  405: 'Not allowed here',
  409: 'Conflict',
  413: 'Too large',
  422: 'That input was refused',
  429: 'Too many requests',
  503: 'Temporarily unavailable',
};

function sectionOf(path: string): Section {
  return path.startsWith('/console') ? 'console' : path.startsWith('/portal') ? 'portal' : 'site';
}

/** Turns any error into the same ApiError the JSON API would answer, so pages and API agree on status and code. */
export function asApiError(err: unknown, path: string): ApiError {
  const e = err as { status?: number; type?: string; message?: string; stack?: string } | undefined;
  if (err instanceof ApiError) return err;
  if (e?.type === 'entity.too.large') return new ApiError(413, 'payload_too_large', 'The form is too large');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return new ApiError(e.status, 'bad_request', 'The request could not be read');
  const outage = outageOf(err);
  if (outage) {
    logger('web').warn({ err: e?.message, outage, path }, 'backing service unavailable');
    return unavailableError(outage);
  }
  logger('web').error({ err: { message: e?.message, stack: e?.stack }, path }, 'unhandled page error');
  return new ApiError(500, 'internal_error', 'Something went wrong on our side; the request was not completed.');
}

export function ErrorPage({ error, section }: { error: ApiError; section: Section }) {
  const title = TITLES[error.status] ?? (error.status >= 500 ? 'Something went wrong' : 'Request refused');
  return (
    <Layout title={title} section={section}>
      <h1>{title}</h1>
      <p class="error-message">{error.message}</p>
      <p class="muted">
        Status {error.status}, code <code>{error.code}</code>
        {error.field ? (
          <>
            , field <code>{error.field}</code>
          </>
        ) : null}
        .
      </p>
      <p>
        <a href="/">Back to the start page</a>
      </p>
    </Layout>
  );
}

/** HTML counterpart of the API error handler: same status and code, a readable page, never a stack trace. */
export const pageErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const apiErr = asApiError(err, req.path);
  if (apiErr.headers) res.set(apiErr.headers);
  sendPage(res, <ErrorPage error={apiErr} section={sectionOf(req.path)} />, { status: apiErr.status });
};

export const pageNotFound: RequestHandler = (req) => {
  throw new ApiError(404, 'page_not_found', `There is no page at ${req.path.slice(0, 200)}`);
};
