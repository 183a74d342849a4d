/**
 * Advisory monitoring (docs/monitoring.md, "advisories"): each certified package version's registry
 * advisories are re-checked once per interval through the same advisory client the audit used
 * (shared/packages/audit.ts liveAdvisories: the npm bulk endpoint, PyPI's release JSON). What was
 * published since certification is kept per package version (`package_advisory_checks`), shown on
 * the package's public view, and — when it changes — brought into the `advisories` check of every
 * APPROVED certificate that depends on that version (direct or transitive).
 *
 * Idempotent like the other kinds: a package check records its slot once (under the package
 * certificate's row lock); a certificate's advisories check is keyed by the picture it shows
 * (advisoriesSlot), computed under the certificate's lock, so repeats write nothing. The fan-out
 * to dependents is resumable: the package row remembers which picture its dependents last got.
 */
import { Op, QueryTypes, type Transaction } from 'sequelize';
import { db } from '../db/connection.js';
import { Certificate, PackageCertificate, SubmissionPackage } from '../db/models.js';
import { invalidate } from '../cache/read-cache.js';
import { metrics } from '../metrics.js';
import { liveAdvisories } from '../packages/audit.js';
import type { Advisory, AdvisorySnapshot, PackageRef, RegistrySource } from '../packages/types.js';
import type { PackageAdvisoryJob } from '../queues/index.js';
import { advisoriesResult, advisoriesSlot, packageAdvisoryKey, packageAdvisoryState } from './decide.js';
import { PackageAdvisoryCheck } from '../packages/recheck-models.js';
import { recordComputedCheck, type RecordedOrNot } from './record.js';
import type { DependencyAdvisories } from './types.js';

export interface AdvisoryDeps {
  fetchAdvisories?: (ref: PackageRef) => Promise<AdvisorySnapshot>;
  /** Dependents recomputed per query page (tests use a small page to cross page boundaries). */
  fanOutPage?: number;
}

const refOf = (pc: PackageCertificate): PackageRef => ({ registry: pc.registry as RegistrySource, name: pc.name, version: pc.version });

/** The advisories the certification saw: the sealed snapshot (an unknown snapshot saw none). */
export function certifiedAdvisories(pc: Pick<PackageCertificate, 'canonicalJson'>): Advisory[] {
  try {
    const snap = (JSON.parse(pc.canonicalJson) as { advisorySnapshot?: AdvisorySnapshot }).advisorySnapshot;
    return snap?.status === 'ok' && Array.isArray(snap.advisories) ? snap.advisories : [];
  } catch {
    return [];
  }
}

const sameAdvisories = (a: readonly Advisory[], b: readonly Advisory[]) => JSON.stringify(a.map((x) => [x.id, x.severity]).sort()) === JSON.stringify(b.map((x) => [x.id, x.severity]).sort());

export type PackageCheckOutcome = 'recorded' | 'skipped' | 'not_applicable';

/**
 * One package version's advisory re-check for one slot. The network call runs outside any
 * transaction; the result is recorded once per slot. When the picture changed (or its dependents
 * have not all been told yet), every APPROVED dependent's advisories check is brought up to date.
 */
export async function processPackageAdvisories(data: PackageAdvisoryJob, deps: AdvisoryDeps = {}): Promise<PackageCheckOutcome> {
  const { packageCertificateId: id, slot } = data;
  metrics.monitoringLag.observe({ kind: 'package-advisories' }, Math.max(0, Date.now() - data.dueAt) / 1000);
  const pc = await PackageCertificate.findByPk(id);
  if (!pc || pc.status !== 'ACTIVE') return 'not_applicable';
  const done = (r: PackageAdvisoryCheck | null) => r !== null && Number(r.slot) >= Number(slot);
  const before = await PackageAdvisoryCheck.findByPk(id);
  if (done(before)) {
    // A retried job (or a second worker) after the record but before every dependent was told.
    if (before!.fannedOutKey !== before!.stateKey) await fanOut(pc, before!.stateKey, deps);
    metrics.monitoringChecks.inc({ kind: 'package-advisories', outcome: 'skipped' });
    return 'skipped';
  }
  const snap = await (deps.fetchAdvisories ?? liveAdvisories)(refOf(pc));
  const now = new Date();
  const recorded = await db().transaction(async (t) => {
    const locked = await PackageCertificate.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!locked || locked.status !== 'ACTIVE') return null;
    // Not a locking read: the package certificate's row lock above serialises its writers, and a
    // locking read of a missing key takes a gap lock that deadlocks two first checks inserting nearby.
    const row = await PackageAdvisoryCheck.findByPk(id, { transaction: t });
    if (done(row)) return null;
    const state = packageAdvisoryState(certifiedAdvisories(locked), snap, row ? { newAdvisories: row.newAdvisories ?? [] } : null);
    const stateKey = packageAdvisoryKey(state);
    const values = { slot, status: state.status, newAdvisories: state.newAdvisories, error: state.error, stateKey, checkedAt: now, since: row && row.stateKey === stateKey ? row.since : now };
    if (row) {
      row.set(values);
      await row.save({ transaction: t });
    } else {
      await PackageAdvisoryCheck.create({ packageCertificateId: id, fannedOutKey: null, ...values }, { transaction: t });
    }
    // The public view's registry advisories follow the registry (the sealed snapshot stays in the signed record).
    if (snap.status === 'ok' && (locked.advisoryStatus !== 'ok' || !sameAdvisories(locked.advisories ?? [], snap.advisories))) {
      await locked.update({ advisoryStatus: 'ok', advisories: snap.advisories, advisoriesFetchedAt: new Date(snap.fetchedAt) }, { transaction: t });
    }
    if (!row || row.stateKey !== stateKey || snap.status === 'ok') invalidate.package(refOf(locked), t);
    return { stateKey, fannedOutKey: row?.fannedOutKey ?? null, status: state.status };
  });
  if (!recorded) {
    metrics.monitoringChecks.inc({ kind: 'package-advisories', outcome: 'skipped' });
    return 'skipped';
  }
  metrics.monitoringChecks.inc({ kind: 'package-advisories', outcome: recorded.status });
  if (recorded.fannedOutKey !== recorded.stateKey) await fanOut(pc, recorded.stateKey, deps);
  return 'recorded';
}

const FAN_OUT_PAGE = 500;

/** Every APPROVED certificate that depends on this package version (any level), a page at a time, in id order. */
export async function forEachDependent(pc: Pick<PackageCertificate, 'id' | 'registry' | 'name' | 'version'>, page: number, each: (certificateId: string) => Promise<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await db().query<{ id: string }>(
      `SELECT DISTINCT c.id AS id
         FROM submission_packages sp JOIN certificates c ON c.submission_id = sp.submission_id JOIN certificate_states s ON s.certificate_id = c.id
        WHERE sp.registry = ? AND sp.name = ? AND sp.version = ? AND sp.certificate_id = ? AND s.status = 'APPROVED' AND c.id > ?
        ORDER BY c.id LIMIT ${page}`,
      { replacements: [pc.registry, pc.name, pc.version, pc.id, after], type: QueryTypes.SELECT },
    );
    for (const r of rows) await each(r.id);
    if (rows.length < page) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Every APPROVED certificate that depends on this package version gets its advisories check recomputed; then the picture is marked told. */
async function fanOut(pc: PackageCertificate, stateKey: string, deps: AdvisoryDeps): Promise<void> {
  await forEachDependent(pc, deps.fanOutPage ?? FAN_OUT_PAGE, (id) => recordAdvisories(id));
  await PackageAdvisoryCheck.update({ fannedOutKey: stateKey }, { where: { packageCertificateId: pc.id, stateKey } });
}

/** The package versions a certificate depends on (its submission's audited packages) with their latest advisory re-checks. */
async function dependencyAdvisories(certificateId: string, t: Transaction): Promise<DependencyAdvisories[]> {
  const cert = await Certificate.findByPk(certificateId, { attributes: ['id', 'submissionId'], transaction: t });
  if (!cert) return [];
  const pkgs = await SubmissionPackage.findAll({ where: { submissionId: cert.submissionId, certificateId: { [Op.ne]: null } }, attributes: ['registry', 'name', 'version', 'level', 'certificateId'], transaction: t });
  if (!pkgs.length) return [];
  const checks = new Map((await PackageAdvisoryCheck.findAll({ where: { packageCertificateId: [...new Set(pkgs.map((p) => p.certificateId!))] }, transaction: t })).map((c) => [c.packageCertificateId, c]));
  return pkgs.map((p) => {
    const c = checks.get(p.certificateId!);
    return { registry: p.registry, name: p.name, version: p.version ?? '', level: p.level, check: c ? { status: c.status, newAdvisories: c.newAdvisories ?? [], checkedAt: c.checkedAt.toISOString() } : null };
  });
}

/**
 * A certificate's advisories check, recomputed from its packages' latest re-checks under its lock:
 * recorded when the picture differs from the one shown, else nothing is written.
 */
export async function recordAdvisories(certificateId: string, now = new Date()): Promise<RecordedOrNot> {
  let outcome = 'skipped';
  const rec = await recordComputedCheck(certificateId, 'advisories', now, async (t) => {
    const result = advisoriesResult(await dependencyAdvisories(certificateId, t));
    if (result) outcome = result.outcome;
    return result ? { slot: advisoriesSlot(result), result } : null;
  });
  metrics.monitoringChecks.inc({ kind: 'advisories', outcome: rec.recorded ? outcome : 'skipped' });
  return rec;
}

/** The package certificates a certificate depends on that no advisory re-check has reached yet. */
export async function uncheckedDependencies(certificateId: string): Promise<string[]> {
  const rows = await db().query<{ id: string }>(
    `SELECT DISTINCT sp.certificate_id AS id
       FROM certificates c JOIN submission_packages sp ON sp.submission_id = c.submission_id
       JOIN package_certificates pc ON pc.id = sp.certificate_id AND pc.status = 'ACTIVE'
       LEFT JOIN package_advisory_checks pac ON pac.package_certificate_id = sp.certificate_id
      WHERE c.id = ? AND pac.package_certificate_id IS NULL`,
    { replacements: [certificateId], type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.id);
}
