/**
 * The decisions of monitoring (docs/monitoring.md), free of I/O so that each is tested alone: when a
 * check is due, what its evidence means, whether an operator must be asked, and the state a
 * certificate's live-status shows.
 */
import { createHash } from 'node:crypto';
import type { EndpointProbe } from '../endpoints/types.js';
import type { Finding } from '../sandbox/types.js';
import type { Advisory, AdvisorySnapshot } from '../packages/types.js';
import { LEVEL_ORDER } from '../packages/lens/index.js';
import type { PackageSecurityLevel } from '../packages/types.js';
import { ALERTING, DEGRADING, type AdvisoryEvidence, type CheckKind, type CheckResult, type CheckSummary, type DependencyAdvisories, type DependencyVerdict, type EndpointLive, type MonitoringState } from './types.js';

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

/**
 * A periodic slot is a number; the rules check's slot is the ruleset version it ran under; the
 * advisories check's is the key of the advisory picture it recorded (advisoriesSlot).
 */
export function slotDone(kind: CheckKind, recorded: string | null, slot: string): boolean {
  if (recorded === null) return false;
  if (kind === 'rules' || kind === 'advisories' || kind === 'packages') return recorded === slot;
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

/**
 * What the planner does about a certificate's `rules` check under the ruleset in force `current`:
 * - `none`: recorded for this ruleset already, or sealed under a ruleset newer than this build's (a
 *   worker of an older build still running during a deploy re-analyses nothing backwards);
 * - `note`: sealed under the ruleset in force (or not known: a record from before the column): the
 *   monitoring queue notes CURRENT without work, or hands it on;
 * - `reanalyse`: sealed under an older ruleset: straight to the rate-limited `monitor-rules` queue,
 *   where a waiting job keeps its id, so a planner that runs again while it waits adds nothing.
 * Ruleset versions are compared by their numbers (`sandbox-2026.9.1` < `sandbox-2026.11.9`).
 */
export function rulesPlan(sealedRuleset: string | null, recordedSlot: string | null, current: string): 'none' | 'note' | 'reanalyse' {
  if (slotDone('rules', recordedSlot, current)) return 'none';
  if (sealedRuleset === null || sealedRuleset === current) return 'note';
  return analysisVersionOlder(sealedRuleset, current) ? 'reanalyse' : 'none';
}

/** Whether a certificate sealed under `sealed` is re-analysed under `current` (see rulesPlan). */
export const rulesetOlder = (sealed: string, current: string): boolean => sealed !== current && analysisVersionOlder(sealed, current);

// ---------------------------------------------------------------------------------------------
// Advisories: a certified package version's registry advisories re-checked.

const SEVERITY_ORDER = ['unknown', 'low', 'moderate', 'high', 'critical'];
const severityRank = (s: string) => Math.max(0, SEVERITY_ORDER.indexOf(s.toLowerCase()));
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The advisories of an exact version its certification did not see: an advisory is known when its id
 * or one of its aliases (a CVE or GHSA id another source lists it under) was in the sealed snapshot.
 */
export function advisoriesSinceCertification(certified: readonly Pick<Advisory, 'id' | 'aliases'>[], observed: readonly Advisory[]): AdvisoryEvidence[] {
  const known = new Set(certified.flatMap((a) => [a.id, ...(a.aliases ?? [])]));
  return observed
    .filter((a) => !known.has(a.id) && !(a.aliases ?? []).some((x) => known.has(x)))
    .map((a) => ({ id: a.id, severity: a.severity, title: a.title.slice(0, 300), url: a.url, aliases: [...(a.aliases ?? [])].sort() }))
    .sort(byId);
}

export interface PackageAdvisoryState {
  status: 'ok' | 'unknown';
  newAdvisories: AdvisoryEvidence[];
  error: string | null;
}

/**
 * A package version's advisory picture after a re-check. An unreachable source says nothing about
 * advisories: the status is `unknown` and the last known new advisories are kept, never dropped.
 */
export function packageAdvisoryState(certified: readonly Pick<Advisory, 'id' | 'aliases'>[], observed: AdvisorySnapshot, previous: Pick<PackageAdvisoryState, 'newAdvisories'> | null): PackageAdvisoryState {
  if (observed.status !== 'ok') return { status: 'unknown', newAdvisories: previous?.newAdvisories ?? [], error: (observed.error ?? 'the advisory source could not be reached').slice(0, 500) };
  return { status: 'ok', newAdvisories: advisoriesSinceCertification(certified, observed.advisories), error: null };
}

/** Names a package's advisory picture (status and new advisory ids and severities): equal keys, nothing to tell dependents. */
export const packageAdvisoryKey = (s: Pick<PackageAdvisoryState, 'status' | 'newAdvisories'>): string =>
  createHash('sha256')
    .update(JSON.stringify([s.status, s.newAdvisories.map((a) => [a.id, a.severity])]))
    .digest('hex');

/** The highest severity among advisories (`unknown` ranks lowest). */
export const highestSeverity = (advisories: readonly { severity: string }[]): string | null =>
  advisories.reduce<string | null>((m, a) => (m === null || severityRank(a.severity) > severityRank(m) ? a.severity : m), null);

/**
 * A certificate's `advisories` check from the latest re-checks of the package versions it depends
 * on (direct and transitive): NEW_ADVISORIES when one was published since a package's certification,
 * UNKNOWN when none is known but the source could not be reached for a package, else CLEAR. Null
 * when no package has been re-checked yet (nothing to say).
 */
export function advisoriesResult(deps: readonly DependencyAdvisories[]): CheckResult | null {
  const checked = deps.filter((d) => d.check).sort((a, b) => (a.registry + a.name + a.version < b.registry + b.name + b.version ? -1 : 1));
  if (!checked.length) return null;
  const ref = (d: DependencyAdvisories) => `${d.name}@${d.version}`;
  const withNew = checked.filter((d) => d.check!.newAdvisories.length);
  const unknown = checked.filter((d) => d.check!.status === 'unknown').map((d) => ({ registry: d.registry, name: d.name, version: d.version }));
  const all = withNew.flatMap((d) => d.check!.newAdvisories);
  const evidence = {
    packages: withNew.map((d) => ({ registry: d.registry, name: d.name, version: d.version, level: d.level, advisories: d.check!.newAdvisories })),
    unknown,
    highestSeverity: highestSeverity(all),
    checkedPackages: checked.length,
    pendingPackages: deps.length - checked.length,
  };
  if (withNew.length) {
    const listed = withNew
      .slice(0, 5)
      .map((d) => `${ref(d)} ${d.check!.newAdvisories.map((a) => `${a.id} (${a.severity})`).join(', ')}`)
      .join('; ');
    return {
      outcome: 'NEW_ADVISORIES',
      detail: `${all.length} advisor${all.length === 1 ? 'y' : 'ies'} published since certification for ${withNew.length} package version(s) it depends on, highest ${evidence.highestSeverity}: ${listed}${withNew.length > 5 ? '; …' : ''}`,
      evidence,
    };
  }
  if (unknown.length) return { outcome: 'UNKNOWN', detail: `No new advisory known, but the advisory source could not be reached for ${unknown.length} of ${checked.length} package version(s) (${unknown.slice(0, 3).map((u) => `${u.name}@${u.version}`).join(', ')}).`, evidence };
  return { outcome: 'CLEAR', detail: `No advisory published since certification for the ${checked.length} package version(s) it depends on.`, evidence };
}

/** The advisories check's slot: the key of what it found, so the same picture is recorded once. */
export const advisoriesSlot = (r: CheckResult): string => createHash('sha256').update(JSON.stringify([r.outcome, r.evidence])).digest('hex');

// ---------------------------------------------------------------------------------------------
// Package rules: certified package versions re-analysed under a newer analysis version.

/** A re-analysis that did not complete is tried again at most this many times per analysis version. */
export const REANALYSIS_MAX_TRIES = 3;

/** The numbers of an analysis version (`pkg-analysis-2026.11.7` → 2026, 11, 7). */
const versionNumbers = (v: string): number[] => (v.match(/\d+/g) ?? []).map(Number);

/**
 * Whether analysis version `a` is older than `b` (null: sealed before versions were recorded, the
 * oldest). Only older certificates are re-analysed: a worker of an older build still running during
 * a deploy never re-analyses what a newer one sealed or re-analysed.
 */
export function analysisVersionOlder(a: string | null, b: string): boolean {
  if (a === null) return true;
  const x = versionNumbers(a);
  const y = versionNumbers(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  return false;
}

/** The package's picture for its dependents when the re-analyses left the sealed level in force. */
export const SEALED_STATE = 'sealed';

/**
 * What a package's re-analyses mean for its dependents: the level they put in force when it differs
 * from the sealed one, else `sealed`. Equal keys, nothing to tell the dependents.
 */
export const reanalysisStateKey = (sealedLevel: string, reanalysedLevel: string | null): string => (reanalysedLevel && reanalysedLevel !== sealedLevel ? reanalysedLevel : SEALED_STATE);

/**
 * Whether a package certificate's re-analysis under `version` is settled: done, or tried the
 * most times (the sealed, or an earlier re-analysed, level stays in force), or already run by a
 * newer version.
 */
export const reanalysisSettled = (row: { analysisVersion: string; status: string; tries: number } | null, version: string): boolean =>
  row !== null && (analysisVersionOlder(version, row.analysisVersion) || (row.analysisVersion === version && (row.status === 'done' || row.tries >= REANALYSIS_MAX_TRIES)));

const levelRank = (l: string | null): number => LEVEL_ORDER.indexOf((l ?? 'CLEAR') as PackageSecurityLevel);
const refOf = (d: Pick<DependencyVerdict, 'registry' | 'name' | 'version'>) => `${d.registry}:${d.name}@${d.version}`;

/**
 * A certificate's `packages` check from what the re-analyses of the package versions it depends on
 * put in force. A dependency whose level in force is now higher than the certificate saw at issue
 * is new: BLOCKED as a direct or L1 dependency would stop the submission today (package rule 8), a
 * finding for an operator (NEW_FINDINGS, a system flag, not a suspension); any other rise degrades
 * (NEW_WARNINGS). An operator's override wins over a re-analysis. Null without audited packages.
 */
export function packagesResult(deps: readonly DependencyVerdict[], currentVersion: string): CheckResult | null {
  if (!deps.length) return null;
  const changed = deps.filter((d) => d.overrideLevel === null && d.reanalysedLevel !== null && d.reanalysedLevel !== d.sealedLevel).sort((a, b) => (refOf(a) < refOf(b) ? -1 : refOf(a) > refOf(b) ? 1 : a.level - b.level));
  const rows = changed.map((d) => {
    const before = d.certifiedLevel ?? d.sealedLevel;
    const higher = levelRank(d.reanalysedLevel) > levelRank(before);
    return { registry: d.registry, name: d.name, version: d.version, level: d.level, certifiedLevel: before, sealedLevel: d.sealedLevel, reanalysedLevel: d.reanalysedLevel!, higher, blocking: higher && d.reanalysedLevel === 'BLOCKED' && d.level <= 1 };
  });
  const current = (d: DependencyVerdict) => d.sealedAnalysisVersion === currentVersion || (d.reanalysis?.analysisVersion === currentVersion && d.reanalysis.status === 'done');
  const notReanalysed = deps
    .filter((d) => d.reanalysis && d.reanalysis.analysisVersion === currentVersion && d.reanalysis.status !== 'done')
    .sort((a, b) => (refOf(a) < refOf(b) ? -1 : refOf(a) > refOf(b) ? 1 : 0))
    .slice(0, 10)
    .map((d) => ({ registry: d.registry, name: d.name, version: d.version, status: d.reanalysis!.status, reason: d.reanalysis!.error }));
  const evidence = {
    analysisVersion: currentVersion,
    packages: rows,
    overridden: deps.filter((d) => d.overrideLevel !== null && d.reanalysedLevel !== null && d.reanalysedLevel !== d.sealedLevel).length,
    currentPackages: deps.filter(current).length,
    pendingPackages: deps.filter((d) => !current(d)).length,
    notReanalysed,
  };
  const blocking = rows.filter((r) => r.blocking);
  const higher = rows.filter((r) => r.higher);
  const list = (rs: typeof rows) =>
    rs
      .slice(0, 5)
      .map((r) => `${r.name}@${r.version} ${r.certifiedLevel} → ${r.reanalysedLevel}${r.level ? ` (L${r.level})` : ' (direct)'}`)
      .join(', ') + (rs.length > 5 ? ', …' : '');
  if (blocking.length) {
    const key = blocking.map((r) => `${refOf(r)}=${r.reanalysedLevel}`).sort().join(',');
    return {
      outcome: 'NEW_FINDINGS',
      detail: `Re-analysed under ${currentVersion}: ${blocking.length} package version(s) it depends on directly or at L1 are now BLOCKED and would stop a new submission: ${list(blocking)}.`,
      evidence,
      alertKey: `packages:${createHash('sha256').update(key).digest('hex').slice(0, 40)}`,
    };
  }
  if (higher.length) {
    return { outcome: 'NEW_WARNINGS', detail: `Re-analysed under ${currentVersion}: ${higher.length} package version(s) it depends on have a higher level than at certification: ${list(higher)}.`, evidence };
  }
  return {
    outcome: 'CLEAR',
    detail: `No package version it depends on has a higher level than at certification under ${currentVersion} (${evidence.currentPackages} of ${deps.length} analysed under it${changed.length ? `; ${changed.length} lower` : ''}).`,
    evidence,
  };
}

/** The packages check's slot: the key of what it found, so the same picture is recorded once. */
export const packagesSlot = (r: CheckResult): string => createHash('sha256').update(JSON.stringify([r.outcome, r.evidence])).digest('hex');

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

export { monitoringStateOf } from '../certificates/monitoring-state.js';
