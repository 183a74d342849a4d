/**
 * Package rules (docs/monitoring.md, "package rules"): when the service runs a newer package analysis
 * version (ANALYSIS_VERSION) than a certified package version was sealed under, the certified file is
 * re-analysed in the background (shared/packages/reanalysis.ts), at most MONITOR_PACKAGE_RULES_PER_MINUTE
 * across all workers (the `monitor-packages` queue's limiter), once per analysis version.
 *
 * The sealed package certificate is never touched: the outcome is kept in `package_reanalyses`, and a
 * completed re-analysis's level is put in force beside the sealed one (`package_certificates.
 * reanalysed_level`: new submissions, previews and the package views use it; an operator's override
 * still wins). When the level in force changes, every APPROVED certificate that depends on the package
 * version gets its `packages` check recomputed — the same fan-out as advisories (advisories.ts), so a
 * direct or L1 dependency now BLOCKED opens a system flag for an operator and any other rise degrades.
 *
 * Idempotent and resumable: a job id names the package certificate and version, so planners add it
 * once; the result is recorded under the package certificate's row lock only while the version is not
 * settled; a worker killed mid-analysis leaves the job to Bull's stalled-job recovery (or, once it is
 * gone, to the next planner run), and one killed mid-fan-out leaves `fanned_out_key` behind
 * `state_key`, which the next run (or the planner) finishes.
 */
import { Op, QueryTypes, type Transaction } from 'sequelize';
import { db } from '../db/connection.js';
import { Certificate, PackageCertificate, SubmissionPackage } from '../db/models.js';
import { invalidate } from '../cache/read-cache.js';
import { config } from '../config.js';
import { logger } from '../log.js';
import { metrics } from '../metrics.js';
import { ANALYSIS_VERSION } from '../packages/analysis/types.js';
import { reanalysePackage, type ReanalysisOutcome } from '../packages/reanalysis.js';
import type { PackageRef, RegistrySource } from '../packages/types.js';
import { jobIds, queue, type PackageReanalysisJob } from '../queues/index.js';
import { forEachDependent } from './advisories.js';
import { analysisVersionOlder, packagesResult, packagesSlot, REANALYSIS_MAX_TRIES, reanalysisSettled, reanalysisStateKey, SEALED_STATE } from './decide.js';
import { PackageReanalysis } from '../packages/recheck-models.js';
import { recordComputedCheck, type RecordedOrNot } from './record.js';
import type { DependencyVerdict } from './types.js';

export interface PackageRulesDeps {
  /** The re-analysis itself (tests); default the real download, analysis and council. */
  analyse?: (pc: PackageCertificate) => Promise<ReanalysisOutcome>;
  /** The analysis version in force (tests); default ANALYSIS_VERSION of this build. */
  currentVersion?: string;
  /** The job's last attempt: a failure that might pass later is recorded as `unavailable` instead of thrown. */
  lastAttempt?: boolean;
  /** Dependents recomputed per query page. */
  fanOutPage?: number;
}

const FAN_OUT_PAGE = 500;
const refOf = (pc: Pick<PackageCertificate, 'registry' | 'name' | 'version'>): PackageRef => ({ registry: pc.registry as RegistrySource, name: pc.name, version: pc.version });

/** Re-analyses one planner run queues: enough for twice its period at the configured rate (the limiter spaces them). */
export const reanalysisBatch = (perMinute: number, planEveryMs: number): number => Math.max(2, 2 * Math.ceil((perMinute * planEveryMs) / 60_000));

/**
 * Package certificates sealed under an older analysis version whose re-analysis under `version` is
 * not settled (none yet, or an incomplete or unavailable one with tries left), or whose dependents
 * were not all told; at most `limit`, in id order. Candidates are read by "not this version" and
 * sorted out by version order here (versions are not ordered as strings).
 */
export async function pendingReanalyses(version: string, limit: number): Promise<string[]> {
  const out: string[] = [];
  let after = '';
  const page = Math.max(limit, 200);
  for (;;) {
    const rows = await db().query<{ id: string; sealed: string | null; ran: string | null; status: string | null; tries: number | null; stateKey: string | null; fannedOutKey: string | null }>(
      `SELECT pc.id AS id, pc.analysis_version AS sealed, pr.analysis_version AS ran, pr.status AS status, pr.tries AS tries, pr.state_key AS stateKey, pr.fanned_out_key AS fannedOutKey
         FROM package_certificates pc LEFT JOIN package_reanalyses pr ON pr.package_certificate_id = pc.id
        WHERE pc.status = 'ACTIVE' AND pc.integrity_ok = 1 AND (pc.analysis_version IS NULL OR pc.analysis_version <> ?)
          AND (pr.package_certificate_id IS NULL OR pr.analysis_version <> ? OR (pr.status <> 'done' AND pr.tries < ?) OR pr.fanned_out_key <> pr.state_key)
          AND pc.id > ?
        ORDER BY pc.id LIMIT ${page}`,
      { replacements: [version, version, REANALYSIS_MAX_TRIES, after], type: QueryTypes.SELECT },
    );
    for (const r of rows) {
      if (!analysisVersionOlder(r.sealed, version)) continue;
      const row = r.ran === null ? null : { analysisVersion: r.ran, status: r.status!, tries: Number(r.tries) };
      if (!reanalysisSettled(row, version) || r.stateKey !== r.fannedOutKey) out.push(r.id);
      if (out.length >= limit) return out;
    }
    if (rows.length < page) return out;
    after = rows[rows.length - 1]!.id;
  }
}

const JOB_OPTS = { attempts: 3, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: true, removeOnFail: true } as const;

/** Queues the pending re-analyses of this build's analysis version (a job that already exists is not added again). */
export async function planReanalyses(nowMs = Date.now(), version = ANALYSIS_VERSION): Promise<number> {
  const c = config();
  const ids = await pendingReanalyses(version, reanalysisBatch(c.MONITOR_PACKAGE_RULES_PER_MINUTE, c.MONITOR_PLAN_EVERY_MS));
  if (ids.length) {
    await queue('monitor-packages').addBulk(
      ids.map((packageCertificateId) => {
        const data: PackageReanalysisJob = { packageCertificateId, analysisVersion: version, dueAt: nowMs };
        return { name: 'reanalyse', data, opts: { jobId: jobIds.packageReanalysis(data), ...JOB_OPTS } };
      }),
    );
  }
  return ids.length;
}

export type ReanalysisJobOutcome = 'recorded' | 'skipped' | 'not_applicable';

/**
 * One package certificate re-analysed under the version in force, recorded once, then its
 * dependents told when the level in force changed (or a fan-out was left unfinished).
 */
export async function processPackageReanalysis(data: PackageReanalysisJob, deps: PackageRulesDeps = {}): Promise<ReanalysisJobOutcome> {
  const version = deps.currentVersion ?? ANALYSIS_VERSION;
  metrics.monitoringLag.observe({ kind: 'package-rules' }, Math.max(0, Date.now() - data.dueAt) / 1000);
  const skipped = (): ReanalysisJobOutcome => {
    metrics.monitoringChecks.inc({ kind: 'package-rules', outcome: 'skipped' });
    return 'skipped';
  };
  // Planned by a worker of another build: that build's workers run it.
  if (data.analysisVersion !== version) return 'not_applicable';
  const pc = await PackageCertificate.findByPk(data.packageCertificateId);
  if (!pc || pc.status !== 'ACTIVE' || !pc.integrityOk || !analysisVersionOlder(pc.analysisVersion, version)) return 'not_applicable';
  const before = await PackageReanalysis.findByPk(pc.id);
  if (reanalysisSettled(before, version)) {
    // A retried job (or a second worker) after the record but before every dependent was told.
    if (before!.fannedOutKey !== before!.stateKey) await fanOut(pc, before!.stateKey, version, deps);
    return skipped();
  }
  let outcome: ReanalysisOutcome;
  logger('monitoring').info({ packageCertificateId: pc.id, ref: refOf(pc), analysisVersion: version }, 'package re-analysis started');
  try {
    outcome = await (deps.analyse ?? reanalysePackage)(pc);
  } catch (err) {
    if (!deps.lastAttempt) throw err;
    outcome = { status: 'unavailable', reason: `the certified file could not be fetched and analysed again: ${(err as Error).message}`.slice(0, 500) };
  }
  const now = new Date();
  const recorded = await db().transaction(async (t) => {
    const locked = await PackageCertificate.findByPk(pc.id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!locked || locked.status !== 'ACTIVE') return null;
    // Not a locking read: the package certificate's row lock serialises its writers (and a locking
    // read of a missing key would take a gap lock, as in advisories.ts).
    const row = await PackageReanalysis.findByPk(pc.id, { transaction: t });
    if (reanalysisSettled(row, version)) return null;
    const done = outcome.status === 'done' ? outcome : null;
    // An incomplete or unavailable run leaves in force what was (the sealed level, or an earlier re-analysis's).
    const inForce = done ? done.securityLevel : locked.reanalysedLevel;
    const stateKey = reanalysisStateKey(locked.securityLevel, inForce);
    const values = {
      analysisVersion: version,
      status: outcome.status,
      securityLevel: done?.securityLevel ?? null,
      councilVerdict: done?.councilVerdict ?? null,
      result: done ? { analysisType: done.analysisType, fileCount: done.fileCount, limitsHit: done.limitsHit, reasons: done.reasons, retainedWarnings: done.retainedWarnings } : null,
      error: done ? null : (outcome as { reason: string }).reason,
      tries: row && row.analysisVersion === version ? row.tries + 1 : 1,
      stateKey,
      checkedAt: now,
      since: row && row.stateKey === stateKey ? row.since : now,
    };
    if (row) {
      row.set(values);
      await row.save({ transaction: t });
    } else {
      await PackageReanalysis.create({ packageCertificateId: pc.id, fannedOutKey: SEALED_STATE, ...values }, { transaction: t });
    }
    if (done && locked.reanalysedLevel !== done.securityLevel) await locked.update({ reanalysedLevel: done.securityLevel }, { transaction: t });
    invalidate.package(refOf(locked), t);
    return { stateKey, fannedOutKey: row?.fannedOutKey ?? SEALED_STATE, status: outcome.status, sealed: locked.securityLevel, inForce };
  });
  if (!recorded) return skipped();
  metrics.monitoringChecks.inc({ kind: 'package-rules', outcome: recorded.status });
  logger('monitoring').info({ packageCertificateId: pc.id, ref: refOf(pc), analysisVersion: version, status: recorded.status, sealedLevel: recorded.sealed, levelInForce: recorded.inForce ?? recorded.sealed }, 'package re-analysed');
  if (recorded.fannedOutKey !== recorded.stateKey) await fanOut(pc, recorded.stateKey, version, deps);
  return 'recorded';
}

/** Every APPROVED dependent gets its `packages` check recomputed; then the state is marked told. */
async function fanOut(pc: PackageCertificate, stateKey: string, version: string, deps: PackageRulesDeps): Promise<void> {
  await forEachDependent(pc, deps.fanOutPage ?? FAN_OUT_PAGE, (id) => recordPackageVerdicts(id, version));
  await PackageReanalysis.update({ fannedOutKey: stateKey }, { where: { packageCertificateId: pc.id, stateKey } });
}

/** The package versions a certificate depends on (its submission's audited packages) with what their re-analyses put in force. */
async function dependencyVerdicts(certificateId: string, t: Transaction): Promise<DependencyVerdict[]> {
  const cert = await Certificate.findByPk(certificateId, { attributes: ['id', 'submissionId'], transaction: t });
  if (!cert) return [];
  const pkgs = await SubmissionPackage.findAll({ where: { submissionId: cert.submissionId, certificateId: { [Op.ne]: null } }, attributes: ['registry', 'name', 'version', 'level', 'securityLevel', 'certificateId'], transaction: t });
  if (!pkgs.length) return [];
  const ids = [...new Set(pkgs.map((p) => p.certificateId!))];
  const pcs = new Map((await PackageCertificate.findAll({ where: { id: ids }, attributes: ['id', 'securityLevel', 'analysisVersion', 'overrideLevel', 'reanalysedLevel'], transaction: t })).map((c) => [c.id, c]));
  const runs = new Map((await PackageReanalysis.findAll({ where: { packageCertificateId: ids }, attributes: ['packageCertificateId', 'analysisVersion', 'status', 'error'], transaction: t })).map((r) => [r.packageCertificateId, r]));
  return pkgs.flatMap((p) => {
    const c = pcs.get(p.certificateId!);
    if (!c) return [];
    const r = runs.get(c.id);
    return [
      {
        registry: p.registry,
        name: p.name,
        version: p.version ?? '',
        level: p.level,
        certifiedLevel: p.securityLevel,
        sealedLevel: c.securityLevel,
        sealedAnalysisVersion: c.analysisVersion ?? null,
        overrideLevel: c.overrideLevel,
        reanalysedLevel: c.reanalysedLevel ?? null,
        reanalysis: r ? { analysisVersion: r.analysisVersion, status: r.status, error: r.error } : null,
      },
    ];
  });
}

/**
 * A certificate's `packages` check, recomputed from its packages' levels in force under its lock:
 * recorded when the picture differs from the one shown, else nothing is written.
 */
export async function recordPackageVerdicts(certificateId: string, version = ANALYSIS_VERSION, now = new Date()): Promise<RecordedOrNot> {
  let outcome = 'skipped';
  const rec = await recordComputedCheck(certificateId, 'packages', now, async (t) => {
    const result = packagesResult(await dependencyVerdicts(certificateId, t), version);
    if (result) outcome = result.outcome;
    return result ? { slot: packagesSlot(result), result } : null;
  });
  metrics.monitoringChecks.inc({ kind: 'packages', outcome: rec.recorded ? outcome : 'skipped' });
  if (rec.recorded && rec.changed) logger('monitoring').info({ certificateId, kind: 'packages', outcome, flagId: rec.flagId, flagOpened: rec.flagOpened }, 'monitoring outcome changed');
  return rec;
}

/**
 * Of these submissions (of APPROVED certificates with no `packages` check yet), those with a package
 * whose level in force differs from its sealed level: the planner gives their certificates a first
 * `packages` check (one issued while the package's fan-out ran would otherwise never get one).
 */
export async function submissionsWithChangedPackages(submissionIds: string[]): Promise<Set<string>> {
  if (!submissionIds.length) return new Set();
  const rows = await db().query<{ id: string }>(
    `SELECT DISTINCT sp.submission_id AS id FROM submission_packages sp JOIN package_certificates pc ON pc.id = sp.certificate_id
      WHERE sp.submission_id IN (?) AND pc.reanalysed_level IS NOT NULL AND pc.reanalysed_level <> pc.security_level`,
    { replacements: [submissionIds], type: QueryTypes.SELECT },
  );
  return new Set(rows.map((r) => r.id));
}
