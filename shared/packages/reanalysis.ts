/**
 * Re-analysis of a certified package file under the analysis version in force (docs/monitoring.md,
 * "package rules"): the same file (checked against the certified SHA-256), the same analysis and
 * library-lens council as an audit (audit.ts downloadAndAnalyse, councilOf), and the advisory
 * snapshot sealed at certification, so a changed level is the rules' doing (advisories published
 * since are the advisory check's). Nothing is stored here; shared/monitoring/package-rules.ts
 * records the outcome once per version and tells the certificates that depend on the package.
 */
import type { PackageCertificate } from '../db/models.js';
import { registryClients } from './clients.js';
import { councilOf, downloadAndAnalyse, retainedWarningsOf } from './audit.js';
import { RegistryError } from './registries/http.js';
import type { AdvisorySnapshot, DistributionInfo, PackageRef, RegistrySource } from './types.js';

/** Limits that mean the analysis was cut off, not that the archive is what it is (audit.ts unfinishedAnalysis). */
const CUT_OFF = new Set(['analysisTime', 'analysisAborted']);

export type ReanalysisOutcome =
  | {
      status: 'done';
      securityLevel: string;
      councilVerdict: string;
      analysisType: string;
      fileCount: number;
      limitsHit: string[];
      reasons: string[];
      retainedWarnings: ReturnType<typeof retainedWarningsOf>;
    }
  /** The analysis stopped at its time budget or heap cap: says nothing about the file; tried again later. */
  | { status: 'incomplete'; reason: string }
  /** The certified file cannot be had again: the version is gone, or the registry now serves other bytes for it. */
  | { status: 'unavailable'; reason: string };

export interface ReanalysisDeps {
  distribution?: (ref: PackageRef) => Promise<DistributionInfo>;
}

const refOf = (pc: Pick<PackageCertificate, 'registry' | 'name' | 'version'>): PackageRef => ({ registry: pc.registry as RegistrySource, name: pc.name, version: pc.version });

/** The advisories the certification saw (the sealed snapshot), as the council was shown them. */
function sealedAdvisories(pc: Pick<PackageCertificate, 'canonicalJson' | 'advisoryStatus' | 'advisories'>): Pick<AdvisorySnapshot, 'status' | 'advisories'> {
  try {
    const snap = (JSON.parse(pc.canonicalJson) as { advisorySnapshot?: AdvisorySnapshot }).advisorySnapshot;
    if (snap && (snap.status === 'ok' || snap.status === 'unknown') && Array.isArray(snap.advisories)) return { status: snap.status, advisories: snap.advisories };
  } catch {
    // a record without a readable snapshot: as the audit would have seen an unreachable source
  }
  return { status: 'unknown', advisories: [] };
}

/**
 * Re-analyses the certified file of `pc`. Throws for what may pass on a retry (the registry
 * unreachable, a download cut); returns `unavailable` for what will not (the version is gone, or
 * the registry publishes or serves other bytes than the certified file).
 */
export async function reanalysePackage(pc: PackageCertificate, deps: ReanalysisDeps = {}): Promise<ReanalysisOutcome> {
  const ref = refOf(pc);
  const clients = registryClients();
  let info: DistributionInfo;
  try {
    info = await (deps.distribution ?? ((r: PackageRef) => (r.registry === 'npm' ? clients.npm : clients.pypi).distribution(r.name, r.version)))(ref);
  } catch (err) {
    if (err instanceof RegistryError && err.code === 'not_found') return { status: 'unavailable', reason: `the registry no longer publishes ${ref.name}@${ref.version}: ${err.message}`.slice(0, 500) };
    throw err;
  }
  const published = `${info.publishedDigest.algorithm}:${info.publishedDigest.hex.toLowerCase()}`;
  if (published !== pc.publishedDigest.toLowerCase()) {
    return { status: 'unavailable', reason: `the registry now publishes another file for this version (${info.filename}, ${published.slice(0, 24)}…), not the certified one` };
  }
  const file = await downloadAndAnalyse(ref, info);
  if (file.sha256 !== pc.distributionSha256 || !file.integrityOk) {
    return { status: 'unavailable', reason: `the file served (SHA-256 ${file.sha256.slice(0, 16)}…) is not the certified file (SHA-256 ${pc.distributionSha256.slice(0, 16)}…)` };
  }
  const cut = file.analysis.limitsHit.filter((l) => CUT_OFF.has(l));
  if (cut.length) return { status: 'incomplete', reason: `the analysis was cut off (${cut.join(', ')}): ${file.analysis.findings[0]?.message ?? ''}`.slice(0, 500) };
  const { verdict } = councilOf(ref, info, file, file.analysis, sealedAdvisories(pc));
  return {
    status: 'done',
    securityLevel: verdict.securityLevel,
    councilVerdict: verdict.councilVerdict,
    analysisType: file.analysis.analysisType,
    fileCount: file.analysis.fileCount,
    limitsHit: file.analysis.limitsHit,
    reasons: verdict.reasons.slice(0, 30),
    retainedWarnings: retainedWarningsOf(file.analysis),
  };
}
