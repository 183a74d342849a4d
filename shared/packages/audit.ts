import { createHash, randomUUID } from 'node:crypto';
import { UniqueConstraintError } from 'sequelize';
import { PackageCertificate, PackageDependency } from '../db/models.js';
import { canonicalJson } from '../canonical.js';
import { serviceSigner, signPayloadWith, validatorWallet } from '../signing.js';
import { config, packageIndexHosts } from '../config.js';
import type { AnalyzeOptions, ArchiveAnalysis, PackageFinding } from './analysis/index.js';
import { ANALYSIS_VERSION } from './analysis/types.js';
import { AnalysisAbortedError, AnalysisTimeoutError, analyzeOffThread, analyzeStreamOffThread } from './analysis/pool.js';
import { packageVerdict, reviewPackage } from './lens/index.js';
import { npmRegistryBase, registryClients } from './clients.js';
import { TooLargeError } from './registries/http.js';
import type { AdvisorySnapshot, DistributionInfo, PackageRef, RegistrySource } from './types.js';
import { invalidate } from '../cache/read-cache.js';

export const PACKAGE_CERTIFICATE_SCHEMA = 'cert.package-certificate/1';

/**
 * The active certificate of an exact package version (registry lookup, rule 3), if any. With
 * `publishedDigest` ("sha512:<hex>"), only a certificate of that very distribution file counts: a
 * version whose published bytes changed since it was certified is audited again.
 */
export function activeCertificate(ref: PackageRef, publishedDigest?: string): Promise<PackageCertificate | null> {
  return PackageCertificate.findOne({
    // A digest-mismatch verdict is about one download, not the package: it is never reused.
    where: { registry: ref.registry, name: ref.name, version: ref.version, status: 'ACTIVE', ...(publishedDigest ? { publishedDigest, integrityOk: true } : {}) },
    order: [['certifiedAt', 'DESC']],
  });
}

export const digestOf = (info: DistributionInfo) => `${info.publishedDigest.algorithm}:${info.publishedDigest.hex.toLowerCase()}`;

/** The published digest of a version (the packument is cached per process; PyPI asks once). */
export async function publishedDigest(ref: PackageRef): Promise<string> {
  const clients = registryClients();
  return digestOf(await (ref.registry === 'npm' ? clients.npm : clients.pypi).distribution(ref.name, ref.version));
}

/**
 * The security level in force: an operator's override, else the level of the latest completed
 * re-analysis under a newer analysis version (docs/monitoring.md, "package rules"), else the sealed
 * council level. What new submissions, previews and the package views use.
 */
export function effectiveLevel(c: Pick<PackageCertificate, 'overrideLevel' | 'reanalysedLevel' | 'securityLevel'>): string {
  return c.overrideLevel ?? c.reanalysedLevel ?? c.securityLevel;
}

export { highestAdvisorySeverity } from './advisory-fields.js';

export class PackageAuditError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

async function fetchAdvisories(ref: PackageRef): Promise<AdvisorySnapshot> {
  const clients = registryClients();
  if (ref.registry === 'npm') {
    const map = await clients.npm.advisories({ [ref.name]: [ref.version] });
    return map.get(`${ref.name}@${ref.version}`) ?? { status: 'unknown', fetchedAt: new Date().toISOString(), source: 'npm', advisories: [], error: 'no answer for this version' };
  }
  return clients.pypi.advisories(ref.name, ref.version);
}

/** A snapshot for a stored certificate that has none: resolved live, never read as "no advisories". */
export async function liveAdvisories(ref: PackageRef): Promise<AdvisorySnapshot> {
  try {
    return await fetchAdvisories(ref);
  } catch (err) {
    return { status: 'unknown', fetchedAt: new Date().toISOString(), source: ref.registry, advisories: [], error: (err as Error).message };
  }
}

export interface DownloadedAnalysis {
  /** SHA-256 of the file (all of it, also when only its first part was kept). */
  sha256: string;
  /** Its digest under the registry's published algorithm. */
  actual: string;
  integrityOk: boolean;
  analysis: ArchiveAnalysis;
}

/**
 * Downloads a distribution file, checks it against the published digest and analyses it (rules
 * 4, 5, 11): a tampered file is not analysed (the mismatch is the finding); a file over the size
 * limit is hashed in full and its first part analysed (PARTIAL). Used by the audit and by the
 * re-analysis of a certified file under a newer analysis version. A failed download throws
 * PackageAuditError (not permanent).
 */
export async function downloadAndAnalyse(ref: PackageRef, info: DistributionInfo): Promise<DownloadedAnalysis> {
  const clients = registryClients();
  let buf: Buffer;
  let oversize = false;
  let sha256: string;
  let actual: string;
  try {
    buf = ref.registry === 'npm' ? await clients.npm.fetchTarball(info, config().PACKAGE_MAX_ARCHIVE_BYTES) : await clients.pypi.fetchFile(info, config().PACKAGE_MAX_ARCHIVE_BYTES);
    sha256 = digestHex(buf, 'sha256');
    actual = digestHex(buf, info.publishedDigest.algorithm);
  } catch (err) {
    if (!(err instanceof TooLargeError)) throw new PackageAuditError(`${info.filename}: ${(err as Error).message}`, false);
    // Over the in-memory limit, a tarball is analysed as it downloads: read once, entry by entry, every
    // byte hashed, binary blobs passed (analysis/index.ts analyzeArchiveStream). Memory stays bounded.
    if (archiveKind(info) === 'tgz') {
      const streamed = await streamedAnalysis(info, ref.registry);
      if (streamed) return streamed;
    }
    // A zip needs its end (the central directory): the whole file is hashed as it streams by; its
    // first part is kept and analysed (what is accessible), and the analysis is PARTIAL.
    try {
      ({ sha256, actual, prefix: buf } = await streamDigests(info.url, info.publishedDigest.algorithm, config().PACKAGE_MAX_ARCHIVE_BYTES));
      oversize = true;
    } catch (e) {
      throw new PackageAuditError(`${info.filename}: ${(e as Error).message}`, false);
    }
  }
  const integrityOk = actual === info.publishedDigest.hex.toLowerCase();
  // A tampered file is never analysed as if it were the package: the mismatch is the finding.
  const analysis: ArchiveAnalysis = !integrityOk
    ? mismatchAnalysis(info, actual)
    : oversize
      ? await oversizeAnalysis(info, buf, ref.registry)
      : await analyze(info, buf, { kind: archiveKind(info), registry: ref.registry, binaryOnly: info.binaryOnly });
  return { sha256, actual, integrityOk, analysis };
}

/** The library-lens council on an analysis (deterministic: the same case gives the same verdict). */
export function councilOf(ref: PackageRef, info: Pick<DistributionInfo, 'publishedDigest'>, file: { actual: string; integrityOk: boolean }, analysis: ArchiveAnalysis, advisories: Pick<AdvisorySnapshot, 'status' | 'advisories'>) {
  const opinions = reviewPackage({
    registry: ref.registry,
    name: ref.name,
    version: ref.version,
    analysis,
    integrity: { ok: file.integrityOk, expected: `${info.publishedDigest.algorithm}:${info.publishedDigest.hex}`, actual: `${info.publishedDigest.algorithm}:${file.actual}` },
    advisories: { status: advisories.status, advisories: advisories.advisories.map((a) => ({ severity: a.severity, id: a.id, title: a.title })) },
  });
  return { opinions, verdict: packageVerdict(opinions) };
}

/** Findings above INFO as a certificate retains them (rule 6: every warning names its evidence). */
export const retainedWarningsOf = (analysis: ArchiveAnalysis) =>
  analysis.findings
    .filter((f) => f.severity !== 'INFO')
    .slice(0, 200)
    .map((f: PackageFinding) => ({ ruleId: f.ruleId, severity: f.severity, category: f.category, file: f.file, ...(f.role ? { role: f.role } : {}), line: f.line ?? null, message: f.message, evidence: f.evidence ?? null }));

function digestHex(buf: Buffer, algorithm: 'sha512' | 'sha1' | 'sha256'): string {
  return createHash(algorithm).update(buf).digest('hex');
}

function archiveKind(info: DistributionInfo): 'tgz' | 'zip' {
  return info.kind === 'wheel' || info.filename.toLowerCase().endsWith('.zip') ? 'zip' : 'tgz';
}

/**
 * Audits one exact package version (rules 3–6 and the library-lens council) and stores its
 * certificate. Idempotent: an active certificate is returned as is; the unique identity
 * (registry, name, version, distribution SHA-256) makes a concurrent second audit harmless.
 */
export async function auditPackageVersion(ref: PackageRef): Promise<PackageCertificate> {
  const clients = registryClients();
  if (ref.registry === 'pypi' && !clients.pypiConfigured) throw new PackageAuditError('PyPI is not configured (PYPI_URL)', true);
  const client = ref.registry === 'npm' ? clients.npm : clients.pypi;
  let info: DistributionInfo;
  try {
    info = await client.distribution(ref.name, ref.version);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new PackageAuditError(`${ref.name}@${ref.version}: ${(err as Error).message}`, code === 'not_found');
  }
  const existing = await activeCertificate(ref, digestOf(info));
  if (existing) return existing;
  const { sha256, actual, integrityOk, analysis } = await downloadAndAnalyse(ref, info);
  const advisories = await liveAdvisories(ref);
  const { opinions, verdict } = councilOf(ref, info, { actual, integrityOk }, analysis, advisories);
  const roundId = randomUUID();
  const votes = opinions.map((o) => {
    const payload = { schema: 'cert.package-vote/1', roundId, registry: ref.registry, name: ref.name, version: ref.version, distributionSha256: sha256, validatorKey: o.validatorKey, level: o.level, reasons: o.reasons };
    return { validatorKey: o.validatorKey, level: o.level, reasons: o.reasons, ...signPayloadWith(validatorWallet(o.validatorKey), payload) };
  });
  const retainedWarnings = retainedWarningsOf(analysis);
  const id = randomUUID();
  const certifiedAt = new Date();
  const payload = {
    schema: PACKAGE_CERTIFICATE_SCHEMA,
    certificateId: id,
    issuer: { name: 'cert', signer: serviceSigner().address },
    registrySource: ref.registry,
    packageName: ref.name,
    packageVersion: ref.version,
    distribution: { filename: info.filename, kind: info.kind, choice: info.choice, sha256, publishedDigest: info.publishedDigest, integrityOk },
    fileSetHash: analysis.fileSetHash,
    analysisType: analysis.analysisType,
    analysis: {
      analysisVersion: ANALYSIS_VERSION,
      fileCount: analysis.fileCount,
      totalBytes: analysis.totalBytes,
      capabilities: analysis.capabilities,
      installScripts: analysis.installScripts,
      binaries: analysis.binaries,
      limitsHit: analysis.limitsHit,
      // What was read of the files that run first (install hooks, entry points, their imports).
      ...(analysis.coverage ? { coverage: analysis.coverage } : {}),
    },
    retainedWarnings,
    advisorySnapshot: advisories,
    council: { roundId, verdict: verdict.councilVerdict, securityLevel: verdict.securityLevel, reasons: verdict.reasons, votes },
    certifiedAt: certifiedAt.toISOString(),
  };
  const signed = signPayloadWith(serviceSigner(), payload);
  let cert: PackageCertificate;
  try {
    cert = await PackageCertificate.create({
      id,
      registry: ref.registry,
      name: ref.name,
      version: ref.version,
      distributionSha256: sha256,
      distributionFilename: info.filename,
      distributionKind: info.kind,
      distributionChoice: info.choice,
      publishedDigest: digestOf(info),
      integrityOk,
      fileSetHash: analysis.fileSetHash || null,
      analysisType: analysis.analysisType,
      analysisVersion: ANALYSIS_VERSION,
      reanalysedLevel: null,
      councilVerdict: verdict.councilVerdict,
      securityLevel: verdict.securityLevel,
      councilRoundId: roundId,
      retainedWarnings,
      analysis: { ...payload.analysis, findings: analysis.findings.slice(0, 500) },
      votes,
      advisoryStatus: advisories.status,
      advisories: advisories.advisories,
      advisoriesFetchedAt: new Date(advisories.fetchedAt),
      canonicalJson: canonicalJson(payload),
      payloadHash: signed.payloadHash,
      signature: signed.signature,
      signer: signed.signer,
      certifiedAt,
      status: 'ACTIVE',
      activeKey: `${ref.registry}:${ref.name}@${ref.version}:${sha256}`,
      overrideLevel: null,
      overrideReason: null,
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) {
      // A concurrent audit of the same file won: return its certificate.
      const again = await PackageCertificate.findOne({ where: { activeKey: `${ref.registry}:${ref.name}@${ref.version}:${sha256}` } });
      if (again) return again;
    }
    throw err;
  }
  // A newer file of the same version may now be the one shown.
  invalidate.package(ref);
  await recordDependencyEdges(cert, info.dependencies);
  return cert;
}

/**
 * The declared dependencies of a certified version, as edges (name and spec). No registry calls:
 * the preview matches them against certified versions when it counts transitives.
 */
async function recordDependencyEdges(cert: PackageCertificate, deps: Record<string, string>): Promise<void> {
  const rows = Object.entries(deps)
    .slice(0, 500)
    .map(([depName, depSpec]) => ({ id: randomUUID(), certificateId: cert.id, depName, depSpec: depSpec.slice(0, 256), depVersion: null }));
  if (rows.length) await PackageDependency.bulkCreate(rows);
}

/**
 * A tarball over the in-memory limit, downloaded straight into the analysis thread: analysis and
 * digests in one read. A tampered file's analysis is discarded (the mismatch is the finding); an
 * analysis stopped by the thread's budget or heap cap gives null (the caller hashes the file and
 * analyses its first part instead); a failed download throws PackageAuditError (not permanent).
 */
async function streamedAnalysis(info: DistributionInfo, registry: RegistrySource): Promise<DownloadedAnalysis | null> {
  const c = config();
  try {
    const res = await fetch(info.url, { signal: AbortSignal.timeout(c.PACKAGE_FETCH_TIMEOUT_MS * 4), redirect: 'follow' });
    if (!res.ok || !res.body) throw new Error(`download failed with HTTP ${res.status}`);
    const budgetMs = c.PACKAGE_ANALYSIS_BUDGET_MS > 0 ? c.PACKAGE_ANALYSIS_BUDGET_MS + c.PACKAGE_FETCH_TIMEOUT_MS * 4 : 0;
    // The budget inside (maxAnalysisMs) counts CPU only, so the download's waiting is not charged to it.
    const s = await analyzeStreamOffThread(res.body, { kind: 'tgz', registry, registryHosts: registryHosts(), binaryOnly: info.binaryOnly, limits: { maxAnalysisMs: insideBudgetMs(c.PACKAGE_ANALYSIS_BUDGET_MS) } }, info.publishedDigest.algorithm, {
      threads: c.PACKAGE_ANALYSIS_THREADS,
      heapMb: c.PACKAGE_ANALYSIS_HEAP_MB,
      budgetMs,
      packageIndexHosts: packageIndexHosts(c),
    });
    const actual = s.digest ?? s.sha256;
    const integrityOk = actual === info.publishedDigest.hex.toLowerCase();
    return { sha256: s.sha256, actual, integrityOk, analysis: integrityOk ? s.analysis : mismatchAnalysis(info, actual) };
  } catch (err) {
    if (err instanceof AnalysisAbortedError) return null;
    throw new PackageAuditError(`${info.filename}: ${(err as Error).message}`, false);
  }
}

/** SHA-256 and the published algorithm's digest of a download, keeping only its first `keep` bytes. */
async function streamDigests(url: string, algorithm: 'sha512' | 'sha1' | 'sha256', keep: number): Promise<{ sha256: string; actual: string; prefix: Buffer }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(config().PACKAGE_FETCH_TIMEOUT_MS * 4), redirect: 'follow' });
  if (!res.ok || !res.body) throw new Error(`download failed with HTTP ${res.status}`);
  const h256 = createHash('sha256');
  const hAlg = createHash(algorithm);
  const kept: Buffer[] = [];
  let keptBytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    h256.update(chunk);
    hAlg.update(chunk);
    if (keptBytes < keep) {
      const part = Buffer.from(chunk.subarray(0, keep - keptBytes));
      kept.push(part);
      keptBytes += part.length;
    }
  }
  return { sha256: h256.digest('hex'), actual: hAlg.digest('hex'), prefix: Buffer.concat(kept) };
}

/** An analysis that read nothing and says why in its one finding. */
function findingOnlyAnalysis(finding: PackageFinding, limitsHit: string[] = []): ArchiveAnalysis {
  return { analysisType: 'PARTIAL', fileCount: 0, totalBytes: 0, fileSetHash: '', files: [], capabilities: [], installScripts: [], binaries: [], limitsHit, findings: [finding] };
}

/**
 * What is accessible of an archive over the size limit: a gzip tarball is read up to the kept
 * prefix (entries before the cut are analysed); a zip needs its end, so nothing is readable.
 */
async function oversizeAnalysis(info: DistributionInfo, prefix: Buffer, registry: RegistrySource): Promise<ArchiveAnalysis> {
  const finding: PackageFinding = {
    ruleId: 'archive_too_large',
    severity: 'MEDIUM',
    category: 'archive',
    file: info.filename,
    message: `The distribution exceeds the ${config().PACKAGE_MAX_ARCHIVE_BYTES}-byte archive limit: its digest was verified in full, only its first ${prefix.length} bytes were analysed.`,
  };
  if (archiveKind(info) === 'zip') return findingOnlyAnalysis(finding, ['maxArchiveBytes']);
  const partial = await analyze(info, prefix, { kind: 'tgz', registry });
  return { ...partial, analysisType: 'PARTIAL', limitsHit: [...new Set([...partial.limitsHit, 'maxArchiveBytes'])], findings: [finding, ...partial.findings] };
}

/** The registries this service uses: a package's own distribution channel (the npm base may come from `npm config`). */
function registryHosts(): string[] {
  const hosts = packageIndexHosts();
  try {
    hosts.push(new URL(npmRegistryBase()).hostname.toLowerCase());
  } catch {
    // no npm registry configured: only the configured hosts count
  }
  return [...new Set(hosts)];
}

/**
 * The analysis's own CPU budget for its read in archive order (types.ts maxAnalysisMs): three quarters of the thread's
 * (15 s of the default 20 s), so the files that run first and the package-level steps still fit in what is left
 * (monaco-editor, cut at 10 s, needed 4 s more). 0 (no thread budget): none.
 */
export function insideBudgetMs(threadBudgetMs: number): number {
  return threadBudgetMs > 0 ? Math.max(1, Math.round((threadBudgetMs * 3) / 4)) : 0;
}

/**
 * The archive analysis, in this process's analysis threads. An archive that stops its thread (heap cap,
 * time budget) is left unanalysed: a finding, never a retry loop on the same file.
 */
async function analyze(info: DistributionInfo, input: Buffer, opts: AnalyzeOptions): Promise<ArchiveAnalysis> {
  const c = config();
  // The analysis's own budget (types.ts maxAnalysisMs): three quarters of the thread's for the read in archive order,
  // the rest for what runs first from the unread part and the package-level steps; past it the files read keep their
  // findings and LIMIT-TIME-001 says what was not read (docs/analysis-limits.md, "Package analysis: the budget inside").
  opts = { registryHosts: registryHosts(), ...opts, limits: { maxAnalysisMs: insideBudgetMs(c.PACKAGE_ANALYSIS_BUDGET_MS), ...opts.limits } };
  try {
    return await analyzeOffThread(input, opts, { threads: c.PACKAGE_ANALYSIS_THREADS, heapMb: c.PACKAGE_ANALYSIS_HEAP_MB, budgetMs: c.PACKAGE_ANALYSIS_BUDGET_MS, packageIndexHosts: packageIndexHosts(c) });
  } catch (err) {
    if (!(err instanceof AnalysisAbortedError)) throw err;
    return unfinishedAnalysis(info.filename, err, c.PACKAGE_ANALYSIS_HEAP_MB);
  }
}

/**
 * The analysis of an archive its thread did not finish (time budget, heap cap): PARTIAL, no file counted
 * as analysed, one finding that says why. As for an archive over the size limit, unknown is not
 * malicious (MEDIUM); a direct or L1 use of an unanalysed package is blocked by the submission rules
 * (PKG-UNANALYSED-001) instead.
 */
export function unfinishedAnalysis(filename: string, err: InstanceType<typeof AnalysisAbortedError>, heapMb: number): ArchiveAnalysis {
  if (err instanceof AnalysisTimeoutError) {
    return findingOnlyAnalysis(
      {
        ruleId: 'LIMIT-TIME-001',
        severity: 'MEDIUM',
        category: 'archive',
        file: filename,
        message: `The analysis of this archive was cut off at its ${err.budgetMs} ms time budget (PACKAGE_ANALYSIS_BUDGET_MS): none of its files counts as analysed.`,
      },
      ['analysisTime'],
    );
  }
  return findingOnlyAnalysis(
    {
      ruleId: 'analysis_aborted',
      severity: 'MEDIUM',
      category: 'archive',
      file: filename,
      message: `The analysis of this archive was stopped (${err.message}; heap cap ${heapMb} MB): none of its files was analysed.`,
    },
    ['analysisAborted'],
  );
}

function mismatchAnalysis(info: DistributionInfo, actual: string): ArchiveAnalysis {
  return findingOnlyAnalysis({
    ruleId: 'PKG-INTEGRITY-001',
    severity: 'CRITICAL',
    category: 'archive',
    file: info.filename,
    message: `Distribution digest mismatch: the registry publishes ${info.publishedDigest.algorithm} ${info.publishedDigest.hex.slice(0, 16)}…, the fetched file has ${actual.slice(0, 16)}…; the file is not the published package.`,
  });
}
