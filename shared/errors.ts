/**
 * The one error shape of the service. Every 4xx/5xx body is
 * `{"error": {"code", "message", "field"?}}`; `code` values are stable and documented in docs/api.md.
 */
export class ApiError extends Error {
  /** Optional per-item reasons (e.g. one row per refused dependency), echoed as `error.details`. */
  details?: unknown[];

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): { error: { code: string; message: string; field?: string; details?: unknown[] } } {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}), ...(this.details ? { details: this.details } : {}) } };
  }
}

export const badRequest = (code: string, message: string, field?: string) => new ApiError(400, code, message, field);
export const unprocessable = (code: string, message: string, field?: string) => new ApiError(422, code, message, field);
export const notFound = (what: string, field?: string) => new ApiError(404, 'not_found', `${what} not found`, field);
export const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const conflict = (code: string, message: string, field?: string) => new ApiError(409, code, message, field);
