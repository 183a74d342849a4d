/**
 * The decisions of monitoring (docs/monitoring.md), free of I/O so that each is tested alone: when a
 * check is due, what its evidence means, whether an operator must be asked, and the state a
 * certificate's live-status shows.
 */
import { createHash } from 'node:crypto';
import type { EndpointProbe } from '../endpoints/types.js';
import type { Finding } from '../sandbox/types.js';
import { ALERTING, DEGRADING, type CheckKind, type CheckResult, type CheckSummary, type EndpointLive, type MonitoringState } from './types.js';

// ---------------------------------------------------------------------------------------------
// Schedule: each certificate and kind once per interval, at a fixed offset inside it.

/** The interval's number that `atMs` falls in (slots are aligned to the epoch, the same in every process). */
export const slotOf = (atMs: number, intervalMs: number): number => Math.floor(atMs / intervalMs);

/**
 * Where in each interval a certificate's check of one kind runs: a hash of the id and kind, so the
 * checks of many certificates are spread evenly over the interval and every process agrees.
 */
export function offsetOf(certificateId: string, kind: CheckKind, intervalMs: number): number {
  const h = createHash('sha256').update(`${certificateId}:${kind}`).digest();
  return h.readUIntBE(0, 6) % intervalMs;
}

export const dueAtOf = (slot: number, certificateId: string, kind: CheckKind, intervalMs: number): number => slot * intervalMs + offsetOf(certificateId, kind, intervalMs);

export interface DueCheck {
  slot: number;
  dueAt: number;
}

/**
 * The periodic checks of one certificate and kind a planner running at `nowMs` should enqueue: those
 * due before its next run (`nowMs + windowMs`), of the current slot and the next, unless already
 * done (`doneSlot`). A slot whose time passed while no planner ran is checked at once.
 */
export function dueChecks(nowMs: number, windowMs: number, intervalMs: number, certificateId: string, kind: CheckKind, doneSlot: number | null): DueCheck[] {
  const current = slotOf(nowMs, intervalMs);
  const out: DueCheck[] = [];
  for (const slot of [current, current + 1]) {
    if (doneSlot !== null && slot <= doneSlot) continue;
    const dueAt = dueAtOf(slot, certificateId, kind, intervalMs);
    if (dueAt < nowMs + windowMs) out.push({ slot, dueAt });
  }
  return out;
}

/** A periodic slot is a number; the rules check's slot is the ruleset version it ran under. */
export function slotDone(kind: CheckKind, recorded: string | null, slot: string): boolean {
  if (recorded === null) return false;
  if (kind === 'rules') return recorded === slot;
  return Number(recorded) >= Number(slot);
}

// ---------------------------------------------------------------------------------------------
// What a check's evidence means.

/** A fetch of the pinned file: its hash, or why no certified-looking file came (`servedOther`: a file came, refused as too large or not UTF-8 text). */
export type SourceFetch = { ok: true; sha256: string; bytes: number; url: string } | { ok: false; code: string; message: string; url: string | null; servedOther: boolean };

/**
 * The pinned source fetched again: the same LF-normalised SHA-256 (UNCHANGED), different bytes
 * (CHANGED; also a file refused as too large or not text, which the certified file was not), or no
 * file at all (UNREACHABLE: the host, the path or the network; not evidence of a change).
 */
export function sourceResult(certifiedSha256: string, fetched: SourceFetch): CheckResult {
  if (!fetched.ok) {
    const evidence = { url: fetched.url, error: fetched.code, reason: fetched.message, certifiedSha256 };
    if (fetched.servedOther) {
      return { outcome: 'CHANGED', detail: `The host served a file for the pinned reference that is not the certified one: ${fetched.message}`, evidence, alertKey: `refused:${fetched.code}` };
    }
    return { outcome: 'UNREACHABLE', detail: `The file at the pinned reference could not be fetched: ${fetched.message}`, evidence };
  }
  const evidence = { url: fetched.url, certifiedSha256, observedSha256: fetched.sha256, bytes: fetched.bytes };
  if (fetched.sha256 === certifiedSha256) return { outcome: 'UNCHANGED', detail: 'The file at the pinned reference is the certified file.', evidence };
  return {
    outcome: 'CHANGED',
    detail: `The host served different bytes for the pinned reference (SHA-256 ${fetched.sha256.slice(0, 12)}…, certified ${certifiedSha256.slice(0, 12)}…).`,
    evidence,
    alertKey: `sha256:${fetched.sha256}`,
  };
}

/**
 * The declared endpoints probed again: UP when every one answers as declared. Each endpoint keeps
 * the time its up/down last changed, carried over from the previous check.
 */
export function endpointsResult(probes: readonly EndpointProbe[], previous: readonly EndpointLive[] | undefined, now: Date): CheckResult {
  const before = new Map((previous ?? []).map((e) => [e.url, e]));
  const endpoints: EndpointLive[] = probes.map((p) => {
    const up = p.outcome === 'PASSED';
    const prev = before.get(p.url);
    return { url: p.url, up, since: prev && prev.up === up ? prev.since : now.toISOString(), statusCode: p.statusCode, failure: p.failure, reason: p.reason };
  });
  const down = endpoints.filter((e) => !e.up);
  if (!down.length) return { outcome: 'UP', detail: `All ${endpoints.length} declared endpoint(s) answer as declared.`, evidence: { endpoints } };
  const first = down[0]!;
  return { outcome: 'DOWN', detail: `${down.length} of ${endpoints.length} declared endpoint(s) down; ${first.url}: ${first.reason}`, evidence: { endpoints } };
}

/** Findings that say the analysis stopped at a limit, not something about the file (docs/analysis-limits.md). */
const isLimitFinding = (f: Pick<Finding, 'ruleId'>) => f.ruleId.startsWith('LIMIT-');

/**
 * The certified file re-analysed under the ruleset now in force: a blocking finding whose rule did
 * not block at issue is new. A cut-off analysis says nothing about the file: INCOMPLETE, tried again.
 */
export function rulesResult(input: { certifiedRuleset: string; currentRuleset: string; certifiedBlocking: readonly string[]; findings: readonly (Pick<Finding, 'ruleId' | 'blocking' | 'severity' | 'message'> & { location: { line: number } })[] }): CheckResult {
  const base = { certifiedRuleset: input.certifiedRuleset, ruleset: input.currentRuleset };
  const blocking = input.findings.filter((f) => f.blocking);
  if (blocking.some(isLimitFinding)) return { outcome: 'INCOMPLETE', detail: `The re-analysis under ${input.currentRuleset} stopped at a limit; it runs again.`, evidence: base };
  const had = new Set(input.certifiedBlocking);
  const fresh = blocking.filter((f) => !had.has(f.ruleId));
  if (!fresh.length) return { outcome: 'CLEAR', detail: `Re-analysed under ${input.currentRuleset}: no new blocking finding.`, evidence: base };
  const newFindings = fresh.slice(0, 20).map((f) => ({ ruleId: f.ruleId, severity: f.severity, message: f.message.slice(0, 300), line: f.location.line }));
  const ids = [...new Set(fresh.map((f) => f.ruleId))].sort();
  return {
    outcome: 'NEW_FINDINGS',
    detail: `Re-analysed under ${input.currentRuleset}: ${ids.length} rule(s) now block the certified file (${ids.join(', ')}).`,
    evidence: { ...base, newFindings },
    alertKey: `${input.currentRuleset}:${ids.join(',')}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Operators and state.

/**
 * Whether a result asks an operator: `open` a system flag; `none` when the outcome does not alert,
 * when a flag is already open for this kind, or when an operator dismissed this very evidence.
 */
export function alertDecision(result: Pick<CheckResult, 'outcome' | 'alertKey'>, prev: { openFlagId: string | null; dismissedKey: string | null }): 'open' | 'none' {
  if (!ALERTING.has(result.outcome)) return 'none';
  if (prev.openFlagId) return 'none';
  if (result.alertKey && result.alertKey === prev.dismissedKey) return 'none';
  return 'open';
}

/** The outcome's `since`: unchanged outcome keeps the earlier time. */
export const sinceOf = (prev: { outcome: string; since: Date } | null, outcome: string, now: Date): Date => (prev && prev.outcome === outcome ? prev.since : now);

/** live-status `monitoring.state` from the certificate's status and its latest checks (see MonitoringState). */
export function monitoringStateOf(status: string, checks: readonly Pick<CheckSummary, 'outcome' | 'flagId'>[]): MonitoringState {
  if (status !== 'APPROVED') return 'STOPPED';
  if (checks.some((c) => c.flagId)) return 'ALERT';
  if (checks.some((c) => DEGRADING.has(c.outcome))) return 'DEGRADED';
  return 'ACTIVE';
}
