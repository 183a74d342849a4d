/**
 * The typed SDK of the cert service: openapi-fetch over the types generated from the service's OpenAPI
 * document (sdk/schema.generated.ts; regenerate with `npm run sdk:generate`). Every path, parameter,
 * body and answer of the three APIs is typed; `docs/cli.md § The SDK` shows it in use.
 *
 * ```ts
 * const cert = createCertClient({ baseUrl, apiKey });
 * const { data, error, response } = await cert.GET('/cert/v1/submissions/{id}', { params: { path: { id }, query: { waitSeconds: 30 } } });
 * ```
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.generated.js';

export type { components, paths };
export type Schemas = components['schemas'];
export type CertClient = Client<paths>;

export interface CertClientOptions {
  /** The service's base address (PUBLIC_BASE_URL), without a trailing slash. */
  baseUrl: string;
  /** `/cert/v1` API key, or a developer token on the developer channel: sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** An agent wallet session (`x-agent-session`), from `/api/v1/cert/agent/auth/verify`. */
  agentSession?: string;
  /** Sent as User-Agent, to tell clients apart in the service's request log. */
  userAgent?: string;
  fetch?: typeof globalThis.fetch;
}

export function createCertClient(opts: CertClientOptions): CertClient {
  const client = createClient<paths>({ baseUrl: opts.baseUrl.replace(/\/+$/, ''), ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  client.use({
    onRequest({ request }) {
      if (opts.apiKey && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${opts.apiKey}`);
      if (opts.agentSession && !request.headers.has('x-agent-session')) request.headers.set('x-agent-session', opts.agentSession);
      if (opts.userAgent) request.headers.set('user-agent', opts.userAgent);
      return request;
    },
  });
  return client;
}

/** The service's one error shape (`{"error": {"code", "message", "field"?}}`) as a thrown error. */
export class CertApiError extends Error {
  override name = 'CertApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Seconds, from `Retry-After`, when the service said when to come back. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** A non-2xx answer as a CertApiError: the service's code and message when it sent its error shape. */
export function apiErrorOf(response: Response, error: unknown): CertApiError {
  const body = (error ?? {}) as { error?: { code?: unknown; message?: unknown; field?: unknown } };
  const e = body.error;
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && response.headers.has('retry-after') ? retry : undefined;
  if (e && typeof e.code === 'string') return new CertApiError(response.status, e.code, typeof e.message === 'string' ? e.message : e.code, typeof e.field === 'string' ? e.field : undefined, retryAfter);
  return new CertApiError(response.status, `http_${response.status}`, `HTTP ${response.status} ${response.statusText}`.trim(), undefined, retryAfter);
}

/** `data` of a 2xx answer, or the service's error thrown as a CertApiError. */
export function unwrap<T>(r: { data?: T; error?: unknown; response: Response }): T {
  if (r.response.ok && r.data !== undefined) return r.data;
  throw apiErrorOf(r.response, r.error);
}
