/**
 * Monitoring after issue (docs/monitoring.md): what is checked, what a check found, and the state
 * live-status serves (spec 4.3). Results live in their own table and in the certificate's live row,
 * never in the sealed record (spec 1 item 4).
 */

/**
 * `source`: the pinned file fetched again; `endpoints`: the declared endpoints probed again; `rules`:
 * re-analysis under a newer ruleset; `advisories`: registry advisories published since certification
 * for the package versions the certificate depends on; `packages`: the levels of those package
 * versions after their re-analysis under a newer package analysis version.
 */
export type CheckKind = 'source' | 'endpoints' | 'rules' | 'advisories' | 'packages';
export const CHECK_KINDS: readonly CheckKind[] = ['source', 'endpoints', 'rules', 'advisories', 'packages'];

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

/** Outcomes that open a system flag for an operator (unless the same evidence was dismissed before). */
export const ALERTING: ReadonlySet<CheckOutcome> = new Set(['CHANGED', 'NEW_FINDINGS']);
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

/** One endpoint's live evidence: the last probe and when its up/down last changed. */
export interface EndpointLive {
  url: string;
  up: boolean;
  /** ISO time its up/down last changed (the first check counts as a change). */
  since: string;
  statusCode: number | null;
  failure: string | null;
  reason: string;
}

/** One check kind's latest result, as live-status shows it. */
export interface CheckSummary {
  kind: CheckKind;
  outcome: CheckOutcome;
  /** ISO time of the latest check. */
  at: string;
  /** ISO time the outcome last changed. */
  since: string;
  /** One sentence: what was found. */
  detail: string;
  /** Kind-specific evidence (hashes, per-endpoint probes, new findings). */
  evidence: Record<string, unknown>;
  /** The open system flag for an operator, while one is open. */
  flagId: string | null;
}

/** What a check produced, before it is recorded. */
export interface CheckResult {
  outcome: CheckOutcome;
  detail: string;
  evidence: Record<string, unknown>;
  /**
   * For ALERTING outcomes: what identifies this evidence (the hash seen, the new rules), so that an
   * operator's dismissal covers it and only a different change opens a new flag.
   */
  alertKey?: string;
}

/** One advisory as monitoring shows it (evidence on live-status and the package view). */
export interface AdvisoryEvidence {
  id: string;
  severity: string;
  title: string;
  url: string | null;
  aliases: string[];
}

/** One dependency of a certificate and the latest advisory re-check of its certified version. */
export interface DependencyAdvisories {
  registry: string;
  name: string;
  version: string;
  /** 0 direct, 1–3 transitive. */
  level: number;
  /** null: not re-checked yet. */
  check: { status: 'ok' | 'unknown'; newAdvisories: AdvisoryEvidence[]; checkedAt: string } | null;
}

/** One dependency of a certificate and what its package re-analyses put in force. */
export interface DependencyVerdict {
  registry: string;
  name: string;
  version: string;
  /** 0 direct, 1–3 transitive. */
  level: number;
  /** The level the certificate saw at issue (its submission's package row). */
  certifiedLevel: string | null;
  /** The sealed council level of the package certificate. */
  sealedLevel: string;
  /** The analysis version the sealed level came from (null: before it was recorded). */
  sealedAnalysisVersion: string | null;
  /** An operator's override: it is in force, whatever a re-analysis says. */
  overrideLevel: string | null;
  /** The level of the latest completed re-analysis (in force unless overridden). */
  reanalysedLevel: string | null;
  /** The latest re-analysis run (null: none yet). */
  reanalysis: { analysisVersion: string; status: 'done' | 'incomplete' | 'unavailable'; error: string | null } | null;
}
