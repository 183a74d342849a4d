/**
 * Monitoring after issue (docs/monitoring.md): what is checked, what a check found, and the state
 * live-status serves (spec 4.3). Results live in their own table and in the certificate's live row,
 * never in the sealed record (spec 1 item 4).
 */
import type { CheckOutcome } from '../certificates/monitoring-state.js';
import type { AdvisoryEvidence } from '../packages/recheck-models.js';

/**
 * `source`: the pinned file fetched again; `endpoints`: the declared endpoints probed again; `rules`:
 * re-analysis under a newer ruleset; `advisories`: registry advisories published since certification
 * for the package versions the certificate depends on; `packages`: the levels of those package
 * versions after their re-analysis under a newer package analysis version.
 */
export type CheckKind = 'source' | 'endpoints' | 'rules' | 'advisories' | 'packages';
export const CHECK_KINDS: readonly CheckKind[] = ['source', 'endpoints', 'rules', 'advisories', 'packages'];

/** A check's outcome, the certificate's live monitoring state and the outcomes that degrade it are defined with the live state. */
export { DEGRADING, type CheckOutcome, type MonitoringState } from '../certificates/monitoring-state.js';

/** Outcomes that open a system flag for an operator (unless the same evidence was dismissed before). */
export const ALERTING: ReadonlySet<CheckOutcome> = new Set(['CHANGED', 'NEW_FINDINGS']);

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

/** One advisory as monitoring shows it; the package registry's re-check records define it. */
export type { AdvisoryEvidence } from '../packages/recheck-models.js';

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
