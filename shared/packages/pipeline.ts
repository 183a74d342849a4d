import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';

import { db } from '../db/connection.js';
import { PackageAudit, PackageCertificate, Submission, SubmissionPackage, lockSubmission } from '../db/models.js';
import { config } from '../config.js';
import type { Finding } from '../sandbox/types.js';
import { registryClients, scrubUrls } from './clients.js';
import { parseDependencyFiles } from './intake.js';
import { expandGraph } from './resolve/graph.js';
import { isRefusal } from './registries/types.js';
import { RegistryError } from './registries/http.js';
import { activeCertificate, effectiveLevel, publishedDigest } from './audit.js';
import { complexityTier, tierPriceUsd } from './pricing.js';
import type { PackageRef, Refusal, ResolvedDependency } from './types.js';
import { invalidate } from '../cache/read-cache.js';
import { enqueue } from '../queues/index.js';

type Row = Omit<import('sequelize').InferCreationAttributes<SubmissionPackage>, 'createdAt' | 'updatedAt'>;

export class TransientRegistryError extends Error {}

const BEYOND_CAP = 'beyond the per-submission transitive audit cap';

function priceOf(cert: PackageCertificate): number {
  const a = cert.analysis as { fileCount?: number; totalBytes?: number };
  return tierPriceUsd(complexityTier(a?.fileCount, a?.totalBytes));
}

function statusFor(cert: PackageCertificate): 'CERTIFIED' | 'BLOCKED' {
  return effectiveLevel(cert) === 'BLOCKED' ? 'BLOCKED' : 'CERTIFIED';
}

/**
 * Phase RESOLVING of a CODE+PACKAGES submission: resolve every direct dependency to one version,
 * expand transitives to L3, record one row per package, and return the package versions that still
 * need an audit. Registry outages throw (the job retries); refusals become rows.
 */
export async function resolveSubmissionPackages(submissionId: string): Promise<PackageRef[]> {
  const sub = await Submission.findByPk(submissionId);
  if (!sub || sub.status !== 'PENDING_SANDBOX' || sub.packagePhase !== 'RESOLVING') return [];
  const parsed = parseDependencyFiles(sub.dependencyFiles ?? {});
  const clients = registryClients();
  const resolved: ResolvedDependency[] = [];
  const refused: Refusal[] = [...parsed.refusals];
  const limit = pLimit(8);
  const outcomes = await Promise.all(
    parsed.deps.map((dep) =>
      limit(async () =>
        dep.registry === 'pypi' && !clients.pypiConfigured
          ? ({ ...dep, code: 'registry_unreachable', reason: `${dep.name}: PyPI is not configured on this service.` } as Refusal)
          : (dep.registry === 'npm' ? clients.npm : clients.pypi).resolve(dep),
      ),
    ),
  );
  for (const r of outcomes) {
    if (isRefusal(r)) {
      if (r.code === 'registry_unreachable' && (r.registry === 'npm' || clients.pypiConfigured)) throw new TransientRegistryError(r.reason);
      refused.push(r);
    } else resolved.push(r);
  }
  const graph = await expandGraph(resolved, clients, { maxDepth: 3, transitiveCap: config().PACKAGE_TRANSITIVE_AUDIT_CAP });

  const rows: Row[] = [];
  const toAudit: PackageRef[] = [];
  const seen = new Set<string>();
  const add = async (row: Omit<Row, 'id' | 'submissionId' | 'status' | 'cached' | 'certificateId' | 'securityLevel' | 'estimatedPriceUsd' | 'createdAt' | 'updatedAt'>, audit: boolean) => {
    const key = `${row.registry}:${row.name}@${row.version ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    const base = { id: randomUUID(), submissionId, ...row };
    if (!audit || !row.version) {
      rows.push({ ...base, status: row.reason?.startsWith('refused:') ? 'REFUSED' : 'UNCERTIFIED', cached: false, certificateId: null, securityLevel: null, estimatedPriceUsd: '0' });
      return;
    }
    const ref = { registry: row.registry as PackageRef['registry'], name: row.name, version: row.version };
    // Rule 3: certified only for the same distribution file (matched by the published digest).
    let digest: string | undefined;
    try {
      digest = await publishedDigest(ref);
    } catch (err) {
      // An outage is retried, never skipped; a version without a usable file goes to its audit,
      // whose permanent failure settles the row as uncertified (blocking for direct and L1).
      if (err instanceof RegistryError && err.code === 'unreachable') throw new TransientRegistryError(`${ref.name}@${ref.version}: registry unreachable`);
    }
    const cert = digest ? await activeCertificate(ref, digest) : null;
    if (cert) {
      rows.push({ ...base, status: statusFor(cert), cached: true, certificateId: cert.id, securityLevel: effectiveLevel(cert), estimatedPriceUsd: priceOf(cert).toFixed(2) });
    } else {
      rows.push({ ...base, status: 'PENDING', cached: false, certificateId: null, securityLevel: null, estimatedPriceUsd: '0' });
      toAudit.push(ref);
    }
  };
  for (const d of resolved) {
    await add({ registry: d.registry, name: d.name, version: d.version, declaredSpec: d.spec, manifestFile: d.manifestFile, level: 0, via: null, path: [`${d.name}@${d.version}`], resolvedFrom: d.resolvedFrom, reason: null }, true);
  }
  for (const r of refused) {
    await add({ registry: r.registry, name: r.name, version: null, declaredSpec: r.spec, manifestFile: r.manifestFile, level: 0, via: null, path: null, resolvedFrom: null, reason: `refused: ${r.code}: ${scrubUrls(r.reason)}` }, false);
  }
  for (const n of graph.nodes) {
    await add({ registry: n.registry, name: n.name, version: n.version, declaredSpec: n.spec, manifestFile: null, level: n.level, via: n.via, path: n.path, resolvedFrom: 'range', reason: null }, true);
  }
  for (const n of graph.uncertifiedBeyondCap) {
    await add({ registry: n.registry, name: n.name, version: n.version, declaredSpec: n.spec, manifestFile: null, level: n.level, via: n.via, path: n.path, resolvedFrom: 'range', reason: `${BEYOND_CAP} (${config().PACKAGE_TRANSITIVE_AUDIT_CAP})` }, false);
  }
  for (const u of graph.unresolved) {
    await add({ registry: u.refusal.registry, name: u.refusal.name, version: null, declaredSpec: u.refusal.spec, manifestFile: null, level: u.level, via: u.via, path: u.path, resolvedFrom: null, reason: `unresolved transitive: ${scrubUrls(u.refusal.reason)}` }, false);
  }

  const unique = new Map(toAudit.map((r) => [`${r.registry}:${r.name}@${r.version}`, r]));
  await db().transaction(async (t) => {
    const locked = await lockSubmission(submissionId, t);
    if (!locked || locked.packagePhase !== 'RESOLVING') return;
    await SubmissionPackage.destroy({ where: { submissionId }, transaction: t });
    await SubmissionPackage.bulkCreate(rows, { transaction: t });
    for (const ref of unique.values()) {
      const [audit, created] = await PackageAudit.findOrCreate({ where: { registry: ref.registry, name: ref.name, version: ref.version }, defaults: { id: randomUUID(), ...ref, status: 'PENDING', certificateId: null, error: null }, transaction: t });
      // An earlier outcome (a certificate of another file, a digest-mismatch verdict, a failure) is not
      // this audit's: without the reset, settleFinishedAudits would settle the rows with it.
      if (!created && audit.status !== 'PENDING') await audit.update({ status: 'PENDING', certificateId: null, error: null }, { transaction: t });
    }
    locked.packagePhase = 'AUDITING';
    await locked.save({ transaction: t });
    // The owner's view shows the packages as they are resolved and audited.
    invalidate.submissions([submissionId], t);
  });
  return [...unique.values()];
}

/**
 * Settles a submission's PENDING rows whose package already has its outcome (a certificate, or an
 * audit that failed for good): closes the race where a row is written while that very audit job is
 * finishing, so the submission does not wait for the sweeper.
 */
export async function settleFinishedAudits(submissionId: string): Promise<void> {
  const pending = await SubmissionPackage.findAll({ where: { submissionId, status: 'PENDING' } });
  for (const row of pending) {
    const ref = { registry: row.registry as PackageRef['registry'], name: row.name, version: row.version! };
    const audit = await PackageAudit.findOne({ where: { ...ref } });
    if (audit?.status === 'DONE' && audit.certificateId) {
      const cert = await PackageCertificate.findByPk(audit.certificateId);
      if (cert && cert.status === 'ACTIVE') await settleAudit(ref, { cert });
    } else if (audit?.status === 'FAILED') {
      await settleAudit(ref, { failure: audit.error ?? 'audit failed' });
    }
  }
}

/** Package versions a submission still waits on (for re-enqueueing after a crash). */
export async function pendingAuditsOf(submissionId: string): Promise<PackageRef[]> {
  const rows = await SubmissionPackage.findAll({ where: { submissionId, status: 'PENDING' } });
  return rows.map((r) => ({ registry: r.registry as PackageRef['registry'], name: r.name, version: r.version! }));
}

/**
 * Fan-in: under the submission's row lock, count the packages still pending; the caller that sees
 * none flips the phase to DONE and continues to the sandbox (exactly one caller does).
 */
/**
 * The package fan-out of a submission waiting for its sandbox step (one sandbox job): resolves its
 * packages on the first run, enqueues every audit not done yet (again after a crash lost one), settles
 * the audits that finished and marks the package phase DONE once every package is settled. True when
 * the skill's sandbox step may run: the submission has no packages, or they are all settled.
 */
export async function fanOutPackages(sub: Pick<Submission, 'id' | 'status' | 'packagePhase'>): Promise<boolean> {
  if (sub.status === 'PENDING_SANDBOX' && sub.packagePhase === 'RESOLVING') {
    for (const ref of await resolveSubmissionPackages(sub.id)) await enqueue.audit(ref);
  }
  if (sub.status === 'PENDING_SANDBOX' && (sub.packagePhase === 'RESOLVING' || sub.packagePhase === 'AUDITING')) {
    // Also re-ensures the audits a crash may have lost.
    for (const ref of await pendingAuditsOf(sub.id)) await enqueue.audit(ref);
    await settleFinishedAudits(sub.id);
    if (!(await markPackagesDoneIfReady(sub.id))) return false;
  }
  return true;
}

export async function markPackagesDoneIfReady(submissionId: string): Promise<boolean> {
  return db().transaction(async (t) => {
    const sub = await lockSubmission(submissionId, t);
    if (!sub || sub.packagePhase !== 'AUDITING') return false;
    const pending = await SubmissionPackage.count({ where: { submissionId, status: 'PENDING' }, transaction: t });
    if (pending > 0) return false;
    sub.packagePhase = 'DONE';
    await sub.save({ transaction: t });
    invalidate.submissions([submissionId], t);
    return true;
  });
}

/** After an audit (or its permanent failure): update every waiting submission's row; returns the submissions to re-check. */
export async function settleAudit(ref: PackageRef, outcome: { cert: PackageCertificate } | { failure: string }): Promise<string[]> {
  return db().transaction(async (t) => {
    await PackageAudit.update(
      'cert' in outcome ? { status: 'DONE', certificateId: outcome.cert.id, error: null } : { status: 'FAILED', error: outcome.failure },
      { where: { registry: ref.registry, name: ref.name, version: ref.version }, transaction: t },
    );
    const waiting = await SubmissionPackage.findAll({ where: { registry: ref.registry, name: ref.name, version: ref.version, status: 'PENDING' }, transaction: t });
    for (const row of waiting) {
      if ('cert' in outcome) {
        row.set({ status: statusFor(outcome.cert), certificateId: outcome.cert.id, securityLevel: effectiveLevel(outcome.cert), estimatedPriceUsd: priceOf(outcome.cert).toFixed(2) });
      } else {
        row.set({ status: 'UNCERTIFIED', reason: `audit failed: ${scrubUrls(outcome.failure)}` });
      }
      await row.save({ transaction: t });
    }
    const submissionIds = [...new Set(waiting.map((w) => w.submissionId))];
    invalidate.submissions(submissionIds, t);
    return submissionIds;
  });
}

/**
 * Findings the packages add to the sandbox report (rule 8): a BLOCKED or unusable direct or L1
 * dependency blocks before any code review; BLOCKED L2/L3 are warnings for the council and the certificate.
 */
export async function packageFindings(submissionId: string): Promise<Finding[]> {
  const rows = await SubmissionPackage.findAll({ where: { submissionId }, order: [['level', 'ASC'], ['name', 'ASC']] });
  // A certificate that read no file at all, or not every file that runs first (install hooks, entry
  // points and what they import), cannot vouch for a direct or L1 dependency.
  const certIds = rows.map((r) => r.certificateId).filter((x): x is string => !!x);
  const unanalysed = new Map<string, string>();
  for (const c of await PackageCertificate.findAll({ attributes: ['id', 'analysis', 'analysisType', 'overrideLevel'], where: { id: certIds } })) {
    if (c.analysisType !== 'PARTIAL' || c.overrideLevel) continue;
    const a = (c.analysis ?? {}) as { fileCount?: number; limitsHit?: string[]; coverage?: { complete?: boolean; readToEnd?: boolean; unread?: string[]; tailFilesNotRead?: number } };
    if (Number(a.fileCount ?? 0) === 0) {
      unanalysed.set(c.id, 'is certified without any of its files analysed (its archive is over the size limit, or its analysis was stopped at the heap cap or the time budget).');
    } else if (a.coverage && a.coverage.complete === false) {
      unanalysed.set(
        c.id,
        a.coverage.readToEnd === false
          ? 'is certified without its install hooks and entry points fully analysed: its archive could not be read to its end.'
          : `is certified without its install hooks and entry points fully analysed (not read: ${(a.coverage.unread ?? []).slice(0, 3).join(', ')}).`,
      );
    } else if (Array.isArray(a.limitsHit) && a.limitsHit.includes('maxAnalysisMs')) {
      // The analysis's own time budget stopped it: what runs first was read, the rest of its code was not
      // (docs/analysis-limits.md, "Package analysis: the budget inside"); a payload can sit in what was not read.
      const n = Number(a.coverage?.tailFilesNotRead ?? 0);
      unanalysed.set(c.id, `is certified with part of its code unread: its analysis reached its time budget${n > 0 ? ` (${n} files not scanned)` : ''}.`);
    }
  }
  const findings: Finding[] = [];
  // An L1 left uncertified by the per-submission cap is the service's limit, not the package's: disclosed only.
  const beyondCap = (r: SubmissionPackage) => (r.reason ?? '').startsWith(BEYOND_CAP);
  const loc = (r: SubmissionPackage) => ({ line: 1, column: 1, snippet: `${r.manifestFile ?? r.via ?? ''} ${r.name}${r.version ? `@${r.version}` : ''}`.trim().slice(0, 120) });
  const where = (r: SubmissionPackage) => (r.level === 0 ? 'direct dependency' : `L${r.level} transitive via ${r.via}`);
  for (const r of rows) {
    const blockingLevel = r.level <= 1;
    if (r.status === 'BLOCKED') {
      findings.push({
        ruleId: blockingLevel ? 'PKG-BLOCKED-001' : 'PKG-BLOCKED-002',
        category: 'dependency',
        severity: blockingLevel ? 'CRITICAL' : 'MEDIUM',
        blocking: blockingLevel,
        message: `${r.name}@${r.version} (${where(r)}) is BLOCKED by the Package Trust Registry.`,
        location: loc(r),
        fix: 'Remove the dependency or move to a version the registry does not block.',
      });
    } else if (r.status === 'REFUSED' || (r.status === 'UNCERTIFIED' && (r.level === 0 || (r.level === 1 && !beyondCap(r))))) {
      findings.push({
        ruleId: 'PKG-UNRESOLVED-001',
        category: 'dependency',
        severity: 'HIGH',
        blocking: true,
        message: `${r.name} (${where(r)}) could not be certified: ${(r.reason ?? '').replace(/^refused: /, '')}`,
        location: loc(r),
        fix: 'Pin the dependency to a version published on the public npm registry or PyPI.',
      });
    } else if (r.status === 'UNCERTIFIED') {
      findings.push({
        ruleId: 'PKG-UNCERTIFIED-001',
        category: 'dependency',
        severity: 'LOW',
        blocking: false,
        message: `${r.name}${r.version ? `@${r.version}` : ''} (${where(r)}) is uncertified: ${r.reason}`,
        location: loc(r),
        fix: 'Fewer transitive dependencies keep the whole tree audited.',
      });
    } else if (r.status === 'CERTIFIED' && blockingLevel && r.certificateId && unanalysed.has(r.certificateId)) {
      findings.push({
        ruleId: 'PKG-UNANALYSED-001',
        category: 'dependency',
        severity: 'HIGH',
        blocking: true,
        message: `${r.name}@${r.version} (${where(r)}) ${unanalysed.get(r.certificateId)}`,
        location: loc(r),
        fix: 'Depend on a smaller package, or ask an operator to review and override this package.',
      });
    } else if (r.status === 'CERTIFIED' && r.securityLevel === 'CAUTION') {
      findings.push({
        ruleId: 'PKG-CAUTION-001',
        category: 'dependency',
        severity: 'LOW',
        blocking: false,
        message: `${r.name}@${r.version} (${where(r)}) is certified with CAUTION.`,
        location: loc(r),
        fix: 'Read the package certificate before relying on it.',
      });
    }
  }
  return findings;
}

/** The packages section of a skill certificate: declared spec and audited version side by side. */
export async function certificatePackages(submissionId: string) {
  const rows = await SubmissionPackage.findAll({ where: { submissionId }, order: [['level', 'ASC'], ['name', 'ASC']] });
  const certs = new Map((await PackageCertificate.findAll({ where: { id: rows.map((r) => r.certificateId).filter((x): x is string => !!x) } })).map((c) => [c.id, c]));
  const item = (r: SubmissionPackage) => ({
    registrySource: r.registry,
    packageName: r.name,
    declaredSpec: r.declaredSpec,
    auditedVersion: r.version,
    level: r.level,
    via: r.via,
    path: r.path,
    status: r.status,
    securityLevel: r.securityLevel,
    packageCertificateId: r.certificateId,
    distributionSha256: r.certificateId ? (certs.get(r.certificateId)?.distributionSha256 ?? null) : null,
    reason: r.reason,
  });
  return {
    direct: rows.filter((r) => r.level === 0).map(item),
    transitive: rows.filter((r) => r.level > 0 && r.status !== 'UNCERTIFIED').map(item),
    uncertified: rows.filter((r) => r.level > 0 && r.status === 'UNCERTIFIED').map(item),
  };
}


