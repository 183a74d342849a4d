/**
 * Webhook signatures in the Standard Webhooks scheme (docs/webhooks.md): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, the MAC is HMAC-SHA256 under the endpoint secret's
 * bytes, sent base64 as `v1,<mac>` in `webhook-signature`. The id is the same on every attempt
 * (receivers deduplicate by it); the timestamp is the attempt's, so a receiver refuses old replays.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** Receivers refuse a timestamp further than this from their clock (the Standard Webhooks default). */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

export const HEADER_ID = 'webhook-id';
export const HEADER_TIMESTAMP = 'webhook-timestamp';
export const HEADER_SIGNATURE = 'webhook-signature';

/** A new endpoint secret: `whsec_` and 32 random bytes, base64. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function secretKey(secret: string): Buffer {
  const raw = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(raw, 'base64');
  if (key.length === 0) throw new Error('empty webhook secret');
  return key;
}

/** The `v1,<base64>` signature of one message. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt. */
export function webhookHeaders(secret: string, id: string, body: string, nowMs = Date.now()): Record<string, string> {
  const ts = Math.floor(nowMs / 1000);
  return { [HEADER_ID]: id, [HEADER_TIMESTAMP]: String(ts), [HEADER_SIGNATURE]: signWebhook(secret, id, ts, body) };
}

export type VerifyFailure = 'missing_headers' | 'bad_timestamp' | 'timestamp_too_old' | 'timestamp_too_new' | 'bad_signature';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: VerifyFailure,
    message: string,
  ) {
    super(message);
  }
}

type HeaderBag = Record<string, string | string[] | undefined> | Headers;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : bag[key];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * What a receiver does with one request: checks the timestamp is within `toleranceSeconds` of now and
 * that one of the space-separated `v1,` signatures matches the raw body (constant-time compare).
 * Returns the message id to deduplicate by; throws WebhookVerificationError otherwise.
 */
export function verifyWebhook(secret: string, rawBody: string, headers: HeaderBag, opts: { nowMs?: number; toleranceSeconds?: number } = {}): { id: string; timestamp: number } {
  const id = header(headers, HEADER_ID);
  const tsText = header(headers, HEADER_TIMESTAMP);
  const sigs = header(headers, HEADER_SIGNATURE);
  if (!id || !tsText || !sigs) throw new WebhookVerificationError('missing_headers', `${HEADER_ID}, ${HEADER_TIMESTAMP} and ${HEADER_SIGNATURE} are required`);
  if (!/^\d{1,12}$/.test(tsText)) throw new WebhookVerificationError('bad_timestamp', `${HEADER_TIMESTAMP} is not a Unix time in seconds`);
  const ts = Number(tsText);
  const now = Math.floor((opts.nowMs ?? Date.now()) / 1000);
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (ts < now - tolerance) throw new WebhookVerificationError('timestamp_too_old', 'the message is older than the tolerance: a replay, or a clock far off');
  if (ts > now + tolerance) throw new WebhookVerificationError('timestamp_too_new', 'the message is dated in the future beyond the tolerance');
  const expected = Buffer.from(signWebhook(secret, id, ts, rawBody).slice(3), 'base64');
  for (const part of sigs.split(' ')) {
    const [version, mac] = part.split(',', 2);
    if (version !== 'v1' || !mac) continue;
    const got = Buffer.from(mac, 'base64');
    if (got.length === expected.length && timingSafeEqual(got, expected)) return { id, timestamp: ts };
  }
  throw new WebhookVerificationError('bad_signature', 'no signature matches the body under this secret');
}
