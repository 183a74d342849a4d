import { PaymentError } from './types.js';

/** Largest header value accepted (a v2 payload with a contract-wallet signature stays far below). */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Standard base64 (not base64url) of the UTF-8 JSON of `obj`. */
export function encodeHeader(obj: unknown): string {
  return Buffer.from(JSON.stringify(obj), 'utf8').toString('base64');
}

/** Decodes a standard-base64 JSON header value; anything else is a typed `payment_malformed`. */
export function decodeHeader<T = unknown>(value: string | undefined | null): T {
  if (typeof value !== 'string' || value.length === 0) throw new PaymentError('payment_malformed', 'payment header is empty');
  const v = value.trim();
  if (v.length > MAX_HEADER_BYTES) throw new PaymentError('payment_malformed', 'payment header is too large');
  if (v.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(v)) {
    throw new PaymentError('payment_malformed', 'payment header is not standard base64');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(v, 'base64').toString('utf8'));
  } catch {
    throw new PaymentError('payment_malformed', 'payment header is not base64-encoded JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new PaymentError('payment_malformed', 'payment header must hold a JSON object');
  return parsed as T;
}
