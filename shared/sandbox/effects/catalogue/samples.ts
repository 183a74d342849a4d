/**
 * Credentials that are public by construction, kept as data: a value shaped like a secret that is not one,
 * decided by its structure or because the vendor publishes it as the sample every document copies.
 *
 *  - a JWT signed (HMAC) with a secret that is itself published: jwt.io's debugger default
 *    (`your-256-bit-secret`) and the other secrets tutorials use; the signature is checked, so a real token
 *    that merely claims `"name": "John Doe"` is not exempt;
 *  - an unsigned JWT (`alg: none`, empty signature): anyone can write one, it holds nothing secret;
 *  - AWS's documentation keys (`AKIA…EXAMPLE`, `…/K7MDENG/…EXAMPLEKEY`): AWS ends every example key this way;
 *  - the test keys vendors print in their public API reference.
 *
 * A placeholder (`<your-token>`) is not exempt: the user fills it with the real secret before the file is used.
 *
 * A file of `KEY=value` lines holding only such values is no store of secrets (effects/shell.ts).
 */
import { createHmac } from 'node:crypto';

/** HMAC secrets that tutorials and jwt.io's debugger publish with their sample tokens. */
// (a plain array, not frozen: V8 runs loops and array methods over a frozen array on a slow generic path; docs/analysis-limits.md, "Twenty-fourth round")
export const PUBLISHED_JWT_SECRETS: readonly string[] = [
  'your-256-bit-secret', 'your-384-bit-secret', 'your-512-bit-secret', 'secret', 'your-secret', 'your-secret-key', 'secretkey', 'shhhhh', 'mysecret',
];

/** Keys vendors publish in their API reference as the one to copy (test mode, documentation accounts). */
export const PUBLISHED_TEST_KEYS: ReadonlySet<string> = new Set([
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc', 'pk_test_TYooMQauvdEDq54NiTphI7jx', 'sk_test_BQokikJOvBiI2HlWgH4olfQ2',
]);

const HMAC_ALGS: Readonly<Record<string, string>> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

function base64url(s: string): Buffer {
  return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** A JWT that is public: unsigned, or signed with a published secret (its signature checked against each). */
function publicJwt(value: string): boolean {
  const m = /^(eyJ[\w-]{5,400})\.(eyJ[\w-]{2,4000})\.([\w-]{0,200})$/.exec(value);
  if (!m) return false;
  let header: { alg?: unknown };
  try {
    header = JSON.parse(base64url(m[1]!).toString('utf8')) as { alg?: unknown };
  } catch {
    return false;
  }
  if (typeof header.alg !== 'string') return false;
  if (header.alg.toLowerCase() === 'none') return m[3] === '';
  const hash = HMAC_ALGS[header.alg];
  if (!hash || !m[3]) return false;
  const signed = `${m[1]}.${m[2]}`;
  return PUBLISHED_JWT_SECRETS.some((k) => createHmac(hash, k).update(signed).digest('base64url') === m[3]);
}

/** AWS documentation keys: an access key id or secret key ending in AWS's marker for examples. */
const AWS_DOC_KEY = /^(?:(?:AKIA|ASIA)[0-9A-Z]{9,13}EXAMPLE|[A-Za-z0-9/+]{20,40}EXAMPLEKEY)$/;

/** Whether a secret-shaped value is public (a published sample), so reading or sending it leaks nothing. */
export function isPublicSampleCredential(raw: string): boolean {
  const value = raw.trim().replace(/^(?:Bearer|Token|Basic)\s+/i, '').replace(/^(["'`])(.*)\1$/s, '$2').trim();
  if (!value) return false;
  if (PUBLISHED_TEST_KEYS.has(value) || AWS_DOC_KEY.test(value)) return true;
  return publicJwt(value);
}
