import type { Request } from 'express';
import { badRequest, notFound } from '../../../shared/errors.js';
import { isUuid } from '../../../shared/ids.js';

const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

/** A required text field of a console form, trimmed; a 400 naming the field when missing or too long. */
export function textField(req: Request, name: string, max = 1000): string {
  const v = body(req)[name];
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw badRequest(name === 'reason' ? 'reason_required' : 'missing_field', `${name} is required`, name);
  if (s.length > max) throw badRequest('field_too_long', `${name} is longer than ${max} characters`, name);
  return s;
}

/** One of the allowed values, else a 400 naming the field. */
export function choiceField<T extends string>(req: Request, name: string, allowed: readonly T[]): T {
  const v = body(req)[name];
  if (typeof v !== 'string' || !allowed.includes(v as T)) throw badRequest('invalid_field', `${name} must be one of ${allowed.join(', ')}`, name);
  return v as T;
}

/** A record id in the path: anything but a UUID is a 404, as in the API. */
export function idParam(req: Request, name: string, what: string): string {
  const id = String(req.params[name] ?? '');
  if (!isUuid(id)) throw notFound(what, name);
  return id;
}

/** Query strings are bounded like every other input (an overlong one is a 400, not a slow query). */
export function queryField(req: Request, name: string, max = 300): string {
  const v = req.query[name];
  const s = typeof v === 'string' ? v.trim() : '';
  if (s.length > max) throw badRequest('query_too_long', `${name} is longer than ${max} characters`, name);
  return s;
}
