/**
 * The endpoint review of API and SKILL+API submissions (spec 2.1 `endpointStatus`, `endpointReview`;
 * docs/endpoint-review.md): what was probed, how, and what each endpoint answered.
 */

/** spec 2.1: PASSED, FAILED, NOT_TESTED. */
export type EndpointStatus = 'PASSED' | 'FAILED' | 'NOT_TESTED';

/** Where a declared endpoint was declared: the product URL of the submission, or the skill's manifest. */
export type EndpointSource = 'product' | 'manifest';

/**
 * Why a probe failed. The first group means no HTTP answer came at all (what can refuse an API
 * product, see endpointFindings); the second that an answer came but not as declared.
 */
export type NoAnswerKind = 'unresolvable' | 'forbidden_address' | 'connect' | 'timeout' | 'tls';
export type WrongAnswerKind = 'plain_http' | 'credentials' | 'http_status' | 'content_type' | 'too_large' | 'redirect' | 'not_probed';
export type FailureKind = NoAnswerKind | WrongAnswerKind;

export const NO_ANSWER_KINDS: readonly NoAnswerKind[] = ['unresolvable', 'forbidden_address', 'connect', 'timeout', 'tls'];

/** One declared endpoint's evidence: what was asked, what came back, and the judgement. */
export interface EndpointProbe {
  url: string;
  source: EndpointSource;
  /** The last method sent (HEAD, then GET or OPTIONS when HEAD is not answered usefully); null when nothing was sent. */
  method: 'HEAD' | 'GET' | 'OPTIONS' | null;
  /** The final answer's status (after redirects); null when no HTTP answer came. */
  statusCode: number | null;
  /** The final answer's Content-Type header as sent (at most 200 characters); null when absent. */
  contentType: string | null;
  /** Where the last request went, when redirects were followed. */
  finalUrl: string | null;
  redirects: number;
  /** Milliseconds from the first lookup to the judgement. */
  timeMs: number;
  outcome: 'PASSED' | 'FAILED';
  /** Set when FAILED. */
  failure: FailureKind | null;
  /** One sentence: why it passed (what answered) or why it failed. */
  reason: string;
  /**
   * Every probe of this endpoint in order, the last being the one the fields above describe: a
   * failure that may be transient (no answer, a server error) is probed again after a backoff
   * (ENDPOINT_PROBE_RETRIES, ENDPOINT_PROBE_RETRY_DELAY_MS). Absent on reviews sealed before retries.
   */
  attempts?: EndpointAttempt[];
}

/** One probe of a declared endpoint, as the attempts list records it. */
export interface EndpointAttempt {
  /** ISO 8601 time the probe started. */
  at: string;
  outcome: 'PASSED' | 'FAILED';
  failure: FailureKind | null;
  statusCode: number | null;
  timeMs: number;
  reason: string;
}

export interface EndpointReview {
  status: EndpointStatus;
  /** ISO 8601 time the probes started. */
  checkedAt: string;
  /** One per declared endpoint, in declaration order (product URL first). */
  endpoints: EndpointProbe[];
  /** Declared entries that name no single endpoint (a `*.` wildcard host): listed, not probed. */
  notProbed: { url: string; reason: string }[];
}

export interface ProbeOptions {
  /** Plain http fails the probe (and a redirect from https to http). */
  requireTls: boolean;
  /** Host names (lower case, no brackets) that may resolve to non-public addresses: local test servers. */
  allowHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Resolve a host name to its addresses (tests); default DNS. */
  lookup?: (host: string) => Promise<string[]>;
  /** Extra CA certificates to trust (tests with a local TLS server); default the system's. */
  ca?: string | Buffer;
}
