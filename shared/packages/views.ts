import { topPackages } from '../top-packages.js';

export { topPackages };
import { fn, col, Op } from 'sequelize';
import { PackageCertificate, Submission, SubmissionPackage } from '../db/models.js';
import { config } from '../config.js';
import { notFound } from '../errors.js';
import { effectiveLevel, highestAdvisorySeverity, liveAdvisories } from './audit.js';
import { advisoryFields, advisorySummary } from './advisory-fields.js';
import { round2 } from './pricing.js';
import { PackageAdvisoryCheck, PackageReanalysis } from './recheck-models.js';
import type { Advisory, PackageRef, RegistrySource } from './types.js';
import { Lru, cacheKey, invalidate, liveCache as readCache } from '../cache/read-cache.js';

const LIVE_TTL_MS = 10 * 60_000;
/** Live advisory answers for certificates whose snapshot is unknown: bounded, like every read cache. */
let liveCacheLru: Lru<string, { at: number; status: string; advisories: Advisory[]; fetchedAt: string }> | undefined;
const liveAdvisoryCache = () => (liveCacheLru ??= new Lru(config().READ_CACHE_MAX_ENTRIES));

/** The active certificate of an exact version (a BLOCKED one included); 404 when not certified or revoked. */
export async function loadPackageCertificate(ref: PackageRef): Promise<PackageCertificate> {
  const cert = await PackageCertificate.findOne({ where: { ...ref, status: 'ACTIVE' }, order: [['certifiedAt', 'DESC']] });
  if (!cert) throw notFound(`Package certificate for ${ref.registry} ${ref.name} ${ref.version}`, 'version');
  return cert;
}

export interface PackageRead {
  cert: PackageCertificate;
  certificate: Awaited<ReturnType<typeof packageCertificateView>>;
  verify: Awaited<ReturnType<typeof packageVerifyView>>;
}

/** Both views of a certified version, cached under the invalidation of shared/cache/read-cache.ts. */
const packageReads = readCache<PackageRead | null>('package');

export async function loadPackageRead(ref: PackageRef): Promise<PackageRead> {
  const read = await packageReads.get(cacheKey.package(ref), async () => {
    const cert = await PackageCertificate.findOne({ where: { ...ref, status: 'ACTIVE' }, order: [['certifiedAt', 'DESC']] });
    return cert ? { cert, certificate: await packageCertificateView(cert), verify: await packageVerifyView(cert) } : null;
  });
  if (!read) throw notFound(`Package certificate for ${ref.registry} ${ref.name} ${ref.version}`, 'version');
  return read;
}

/** The cached read when fresh, without waiting (the fast path's lookup). */
export const peekPackageRead = (ref: PackageRef): PackageRead | undefined => packageReads.peek(cacheKey.package(ref)) ?? undefined;

/** Stored snapshot, or (when the source was unreachable at audit time) a live one, cached briefly. */
async function advisoriesOf(cert: PackageCertificate) {
  if (cert.advisoryStatus === 'ok') return { status: 'ok', advisories: cert.advisories as Advisory[], fetchedAt: cert.advisoriesFetchedAt?.toISOString() ?? null, live: false };
  const key = cert.id;
  const hit = liveAdvisoryCache().get(key);
  if (hit && Date.now() - hit.at < LIVE_TTL_MS) return { status: hit.status, advisories: hit.advisories, fetchedAt: hit.fetchedAt, live: true };
  const snap = await liveAdvisories({ registry: cert.registry as RegistrySource, name: cert.name, version: cert.version });
  liveAdvisoryCache().set(key, { at: Date.now(), status: snap.status, advisories: snap.advisories, fetchedAt: snap.fetchedAt });
  if (snap.status === 'ok') {
    await PackageCertificate.update({ advisoryStatus: 'ok', advisories: snap.advisories, advisoriesFetchedAt: new Date(snap.fetchedAt) }, { where: { id: cert.id } });
    invalidate.package({ registry: cert.registry, name: cert.name, version: cert.version });
  }
  return { status: snap.status, advisories: snap.advisories, fetchedAt: snap.fetchedAt, live: true };
}

const verifyEndpoint = (c: PackageCertificate) =>
  `${config().publicBaseUrl}/api/v1/public/packages/${c.registry}/${c.name}/${encodeURIComponent(c.version)}/verify`;

/** Spec 2.3. */
export async function packageCertificateView(cert: PackageCertificate) {
  const adv = await advisoriesOf(cert);
  return {
    registrySource: cert.registry,
    packageName: cert.name,
    packageVersion: cert.version,
    distributionSha256: cert.distributionSha256,
    // Which file was analysed (the SHA-256 above is its digest).
    distributionKind: cert.distributionKind,
    distributionFilename: cert.distributionFilename,
    // The verdict in force: an operator's override, else a completed re-analysis's level, else the sealed council's.
    councilVerdict: cert.overrideLevel || cert.reanalysedLevel ? (effectiveLevel(cert) === 'BLOCKED' ? 'REJECTED' : 'APPROVED') : cert.councilVerdict,
    securityLevel: effectiveLevel(cert),
    retainedWarnings: cert.retainedWarnings,
    analysisType: cert.analysisType,
    // Rule set the verdict came from (certificates issued before it was recorded say null).
    analysisVersion: (cert.analysis as { analysisVersion?: string } | null)?.analysisVersion ?? null,
    // What was read of the files that run first (null on certificates issued before it was recorded).
    analysisCoverage: (cert.analysis as { coverage?: unknown } | null)?.coverage ?? null,
    certifiedAt: cert.certifiedAt.toISOString(),
    certificateId: cert.id,
    status: cert.status,
    ...(cert.overrideLevel ? { override: { securityLevel: cert.overrideLevel, reason: cert.overrideReason, councilSecurityLevel: cert.securityLevel } } : {}),
    verifyEndpoint: verifyEndpoint(cert),
    // Status, count (advisories known: 0 while unknown), highest severity and text: shared/packages/advisory-fields.ts.
    ...advisoryFields(adv),
    registryAdvisories: adv.advisories,
    advisoryMonitoring: await advisoryMonitoringOf(cert),
    reanalysis: await reanalysisOf(cert),
  };
}

/**
 * The latest re-analysis of the certified file under a newer analysis version (docs/monitoring.md,
 * "package rules"): live state beside the sealed record, not signed. Null when none ran.
 */
async function reanalysisOf(cert: PackageCertificate) {
  const r = await PackageReanalysis.findByPk(cert.id);
  if (!r) return null;
  return {
    analysisVersion: r.analysisVersion,
    status: r.status,
    checkedAt: r.checkedAt.toISOString(),
    since: r.since.toISOString(),
    sealedAnalysisVersion: cert.analysisVersion ?? null,
    sealedSecurityLevel: cert.securityLevel,
    securityLevel: r.securityLevel,
    councilVerdict: r.councilVerdict,
    // The level the re-analyses put in force (also after a later run that did not complete); an override still wins.
    levelInForce: cert.reanalysedLevel ?? null,
    reasons: r.result?.reasons ?? [],
    retainedWarnings: r.result?.retainedWarnings ?? [],
    analysisType: r.result?.analysisType ?? null,
    ...(r.error ? { error: r.error } : {}),
  };
}

/**
 * The latest scheduled advisory re-check (docs/monitoring.md, "advisories"): the advisories published
 * for this version since its certification, which the sealed verdict did not see. Null until the first.
 */
async function advisoryMonitoringOf(cert: PackageCertificate) {
  const c = await PackageAdvisoryCheck.findByPk(cert.id);
  if (!c) return null;
  const fresh = c.newAdvisories ?? [];
  return { status: c.status, checkedAt: c.checkedAt.toISOString(), since: c.since.toISOString(), newSinceCertification: fresh, highestNewSeverity: highestAdvisorySeverity(fresh), ...(c.error ? { error: 'the advisory source could not be reached' } : {}) };
}

/** The verify variant: integrity details and a structured advisory summary. */
export async function packageVerifyView(cert: PackageCertificate) {
  const base = await packageCertificateView(cert);
  const adv = await advisoriesOf(cert);
  const [algorithm, hex] = cert.publishedDigest.split(':');
  return {
    ...base,
    valid: cert.status === 'ACTIVE' && effectiveLevel(cert) !== 'BLOCKED',
    distributionFilename: cert.distributionFilename,
    distributionKind: cert.distributionKind,
    distributionChoice: cert.distributionChoice,
    publishedDigest: { algorithm, hex },
    integrityVerified: cert.integrityOk,
    fileSetHash: cert.fileSetHash,
    councilRoundId: cert.councilRoundId,
    councilVotes: cert.votes,
    registryAdvisorySummary: advisorySummary(adv),
    canonicalJson: cert.canonicalJson,
    payloadHash: cert.payloadHash,
    signature: cert.signature,
    signer: cert.signer,
  };
}

/** Certificates that count as certified packages: active, and of the published file (a digest-mismatch verdict is about one download). */
const COUNTED = { status: 'ACTIVE', integrityOk: true } as const;

/** Spec 2.4. */
export async function registryStats() {
  const certifiedNames = async (registry: string) =>
    new Set((await PackageCertificate.findAll({ attributes: [[fn('DISTINCT', col('name')), 'name']], where: { registry, ...COUNTED }, raw: true })).map((r) => (r as unknown as { name: string }).name.toLowerCase()));
  const [npmNames, pypiNames] = await Promise.all([certifiedNames('npm'), certifiedNames('pypi')]);
  const lists = topPackages();
  const coverage = (list: string[], names: Set<string>, n: number) => {
    const tracked = list.slice(0, n);
    const certified = tracked.filter((p) => names.has(p.toLowerCase())).length;
    return { tracked: tracked.length, certified, percent: tracked.length ? round2((100 * certified) / tracked.length) : 0 };
  };
  const totalPackagesCertified = await PackageCertificate.count({ where: COUNTED });
  // A cached BLOCKED package saves nothing: the submission cannot use it.
  const benefiting = await SubmissionPackage.count({ where: { cached: true, status: 'CERTIFIED' }, distinct: true, col: 'submission_id' });
  const saved = (await SubmissionPackage.sum('estimatedPriceUsd', { where: { cached: true, status: 'CERTIFIED' } })) ?? 0;
  const codeSubmissionsWithPackages = await Submission.count({ where: { packagePhase: { [Op.ne]: null } } });
  return {
    totalPackagesCertified,
    totalSubmissionsBenefitingFromCache: benefiting,
    totalCostSavedUsd: round2(Number(saved)),
    codeSubmissionsWithPackages,
    coverage: {
      pypi: { top100: coverage(lists.pypi, pypiNames, 100), top500: coverage(lists.pypi, pypiNames, 500), top1000: coverage(lists.pypi, pypiNames, 1000) },
      npm: { top100: coverage(lists.npm, npmNames, 100) },
    },
    generatedAt: new Date().toISOString(),
  };
}

/**
 * Where the packages of a CODE+PACKAGES submission stand, for its owner while it moves (the portal's
 * submission page shows them being audited): the phase (RESOLVING: versions not yet fixed; AUDITING:
 * waiting for audits; DONE), every direct dependency with its state, and counts of the transitives.
 * Row states: PENDING (its audit is running), CERTIFIED, BLOCKED, UNCERTIFIED, REFUSED.
 */
export async function submissionPackagesView(submissionId: string, phase: string) {
  const rows = await SubmissionPackage.findAll({ where: { submissionId }, order: [['level', 'ASC'], ['name', 'ASC']] });
  const transitive = rows.filter((r) => r.level > 0);
  const count = (list: SubmissionPackage[], status: string) => list.filter((r) => r.status === status).length;
  return {
    phase,
    direct: rows
      .filter((r) => r.level === 0)
      .map((r) => ({
        registrySource: r.registry,
        packageName: r.name,
        declaredSpec: r.declaredSpec,
        packageVersion: r.version,
        status: r.status,
        cached: r.cached,
        securityLevel: r.securityLevel,
        reason: r.reason ? r.reason.replace(/^refused: /, '') : null,
      })),
    transitive: { total: transitive.length, pending: count(transitive, 'PENDING'), certified: count(transitive, 'CERTIFIED'), blocked: count(transitive, 'BLOCKED'), uncertified: transitive.length - count(transitive, 'PENDING') - count(transitive, 'CERTIFIED') - count(transitive, 'BLOCKED') },
  };
}
