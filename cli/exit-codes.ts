/**
 * The exit codes of `cert` (docs/cli.md § Exit codes): a CI job branches on them. They never change
 * meaning; a new outcome gets a new number.
 */
export const EXIT = {
  /** Done: the submission is APPROVED, the command did what it was asked, or every verify check passed. */
  OK: 0,
  /** An error: the service or the network failed, an answer was not understood. */
  ERROR: 1,
  /** The command line is wrong (unknown command or option, a missing value). */
  USAGE: 2,
  /** The submission ended REJECTED (by the council) or SANDBOX_FAILED (blocked before it). */
  REJECTED: 3,
  /** The submission is ESCALATED: an operator decides. */
  ESCALATED: 4,
  /** Not decided yet: `--wait` ran out of time, or the status read found it still under review. */
  PENDING: 5,
  /** The submission costs money and this key or wallet may not pay it (no wallet, or above --max-pay). */
  PAYMENT_REQUIRED: 6,
  /** `cert verify`: at least one check failed (or, with --strict, was skipped). */
  VERIFY_FAILED: 7,
  /** Not signed in, or the key, token or session was refused (401/403). */
  AUTH: 8,
  /** No such submission or certificate. */
  NOT_FOUND: 9,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What a submission's status means to a CI job. */
export function exitCodeOfStatus(status: string): ExitCode {
  switch (status) {
    case 'APPROVED':
      return EXIT.OK;
    case 'REJECTED':
    case 'SANDBOX_FAILED':
      return EXIT.REJECTED;
    case 'ESCALATED':
      return EXIT.ESCALATED;
    case 'PENDING_SANDBOX':
    case 'PENDING_AUDIT':
    case 'IN_AUDIT':
      return EXIT.PENDING;
    default:
      return EXIT.ERROR;
  }
}

const AUTH_CODES = new Set([
  'missing_api_key',
  'invalid_api_key',
  'invalid_authorization_header',
  'not_activated',
  'missing_developer_token',
  'invalid_developer_token',
  'missing_session',
  'malformed_session',
  'invalid_session',
  'expired_session',
  'revoked_session',
  'invalid_signature',
  'invalid_nonce',
  'nonce_used',
  'challenge_expired',
]);

/** What an error answer of the service means to a CI job (status and the stable error code). */
export function exitCodeOfApiError(status: number, code: string): ExitCode {
  if (status === 402 || code === 'payment_required') return EXIT.PAYMENT_REQUIRED;
  if (status === 401 || status === 403 || AUTH_CODES.has(code)) return EXIT.AUTH;
  if (status === 404) return EXIT.NOT_FOUND;
  return EXIT.ERROR;
}
