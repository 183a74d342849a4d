/**
 * The monitoring part of a certificate's live state (live-status `monitoring.state`, docs/monitoring.md):
 * what a check can find and which findings degrade the certificate. Monitoring runs the checks
 * (shared/monitoring/); the certificate's views read their summaries through this one rule.
 */

/**
 * What one check found, per kind:
 * - source: UNCHANGED, CHANGED (different bytes for the pinned reference), UNREACHABLE (no file came);
 * - endpoints: UP (every declared endpoint answers as declared), DOWN (one or more does not);
 * - rules: CURRENT (certified under the ruleset in force), CLEAR (re-analysed, no new blocking finding),
 *   NEW_FINDINGS (a blocking finding the certified file did not have), INCOMPLETE (the analysis was cut off);
 * - advisories: CLEAR (no advisory published since certification), NEW_ADVISORIES (one or more),
 *   UNKNOWN (none known, but the advisory source could not be reached for a package);
 * - packages: CLEAR (no package it depends on has a higher level than at certification),
 *   NEW_FINDINGS (a direct or L1 dependency is now BLOCKED: it would stop a new submission, spec
 *   package rule 8), NEW_WARNINGS (a higher level that would not stop one: CLEAR → CAUTION, or a
 *   BLOCKED L2/L3, an advisory warning by rule 8).
 */
export type CheckOutcome = 'UNCHANGED' | 'CHANGED' | 'UNREACHABLE' | 'UP' | 'DOWN' | 'CURRENT' | 'CLEAR' | 'NEW_FINDINGS' | 'INCOMPLETE' | 'NEW_ADVISORIES' | 'UNKNOWN' | 'NEW_WARNINGS';

/**
 * Outcomes that say something is not as certified, without needing an operator. New advisories are
 * registry facts shared by every certificate that depends on the package: an operator acts on the
 * package (`package override|block`), not on each certificate, so they degrade and open no flag.
 */
export const DEGRADING: ReadonlySet<CheckOutcome> = new Set(['UNREACHABLE', 'DOWN', 'INCOMPLETE', 'NEW_ADVISORIES', 'UNKNOWN', 'NEW_WARNINGS']);

/**
 * live-status `monitoring.state`:
 * - ACTIVE: monitored; the latest checks found nothing wrong (or none has run yet);
 * - DEGRADED: a source could not be fetched, an endpoint is down, a re-analysis did not complete, a
 *   package it depends on has a new advisory (or its advisory source could not be reached), or a
 *   package it depends on has a higher level after its re-analysis that would not stop a submission;
 * - ALERT: a check found a change an operator must review (a system flag is open);
 * - STOPPED: the certificate is not APPROVED (suspended, revoked or deprecated); no more checks run.
 */
export type MonitoringState = 'ACTIVE' | 'DEGRADED' | 'ALERT' | 'STOPPED';

/** live-status `monitoring.state` from the certificate's status and its latest checks (see MonitoringState). */
export function monitoringStateOf(status: string, checks: readonly { outcome: CheckOutcome; flagId: string | null }[]): MonitoringState {
  if (status !== 'APPROVED') return 'STOPPED';
  if (checks.some((c) => c.flagId)) return 'ALERT';
  if (checks.some((c) => DEGRADING.has(c.outcome))) return 'DEGRADED';
  return 'ACTIVE';
}
