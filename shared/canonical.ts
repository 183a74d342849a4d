import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted by code unit, no insignificant whitespace, numbers in
 * ECMAScript form (as JCS/RFC 8785 for the values we emit). The one place this rule lives:
 * certificates, votes and receipts are hashed and signed over this form.
 */
export function canonicalJson(value: unknown): string {
  return encode(value);
}

function encode(v: unknown): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(v)) throw new TypeError('canonicalJson: non-finite number');
      return JSON.stringify(v);
    case 'object': {
      if (Array.isArray(v)) return `[${v.map((x) => encode(x === undefined ? null : x)).join(',')}]`;
      if (v instanceof Date) return JSON.stringify(v.toISOString());
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${encode(obj[k])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: unsupported type ${typeof v}`);
  }
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** 0x-prefixed SHA-256 of the canonical form: a bytes32 that can be committed on chain. */
export function payloadHash(value: unknown): string {
  return `0x${sha256Hex(canonicalJson(value))}`;
}
