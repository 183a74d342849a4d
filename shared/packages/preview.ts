import pLimit from 'p-limit';
import { Op } from 'sequelize';
import { config } from '../config.js';
import semver from 'semver';
import { maxSatisfying as pep440MaxSatisfying } from '@renovatebot/pep440';
import { PackageCertificate, PackageDependency } from '../db/models.js';
import { registryClients, scrubUrls } from './clients.js';
import { parseDependencyFiles } from './intake.js';
import { effectiveLevel, highestAdvisorySeverity } from './audit.js';
import { NOT_ESTIMATED, complexityTier, round2, tierPriceUsd, type ComplexityTier, type PreviewTier } from './pricing.js';
import { isRefusal } from './registries/types.js';
import type { DeclaredDependency, PackageRef } from './types.js';

const EXACT_NPM = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;
const EXACT_PYPI = /^===?\s*([^\s,;*]+)$/;

/** An exact version without asking the registry: a lockfile entry or an exact pin. */
function exactVersion(d: DeclaredDependency): string | null {
  if (d.lockedVersion) return d.lockedVersion;
  if (d.registry === 'npm') return EXACT_NPM.test(d.spec.trim().replace(/^=/, '')) ? d.spec.trim().replace(/^=/, '') : null;
  const m = EXACT_PYPI.exec(d.spec.trim());
  return m ? m[1]! : null;
}

interface Item {
  packageName: string;
  packageVersion: string | null;
  registrySource: string;
  declaredSpec: string;
  dependencyType: 'DIRECT';
  cached: boolean;
  status: 'CERTIFIED' | 'BLOCKED' | 'TO_AUDIT' | 'REJECTED' | 'UNCERTIFIED';
  securityLevel: string | null;
  estimatedComplexityTier: PreviewTier;
  estimatedPriceUsd: number;
  warnings: string[];
}

/**
 * Spec 2.5: the certification status of a draft's direct dependencies without submitting. Exact pins
 * and lockfile versions are answered from the database alone (one query); ranges and uncertified
 * packages ask the registry (packuments are cached per process).
 */
export async function packagePreview(files: Record<string, string>) {
  const parsed = parseDependencyFiles(files);
  const clients = registryClients();
  const items: Item[] = [];
  type Ref = { dep: DeclaredDependency; version: string | null; exact: boolean; warning?: string; rejected?: string };
  const resolveOne = async (ref: Ref): Promise<void> => {
    const { dep } = ref;
    ref.version = null;
    if (dep.registry === 'pypi' && !clients.pypiConfigured) {
      ref.warning = 'PyPI is not configured on this service';
      return;
    }
    try {
      const r = await (dep.registry === 'npm' ? clients.npm : clients.pypi).resolve(dep);
      if (!isRefusal(r)) ref.version = r.version;
      // What a submission would refuse is rejected here too; an outage is only a warning.
      else if (r.code === 'registry_unreachable') ref.warning = scrubUrls(r.reason);
      else ref.rejected = scrubUrls(r.reason);
    } catch {
      ref.warning = `${dep.name}: the registry could not be reached; try again`;
    }
  };
  const refs: Ref[] = parsed.deps.map((dep) => {
    const version = exactVersion(dep);
    return { dep, version, exact: version !== null };
  });
  // Registry lookups run in parallel under a limit (the declared count is capped at intake).
  const limit = pLimit(config().PACKAGE_PREVIEW_CONCURRENCY);
  await Promise.all(refs.filter((r) => !r.exact).map((ref) => limit(() => resolveOne(ref))));
  const byRef = new Map<string, PackageCertificate>();
  const certs: PackageCertificate[] = [];
  const lookUp = async (list: Ref[]) => {
    const wanted = list.filter((r) => r.version).map((r) => ({ registry: r.dep.registry, name: r.dep.name, version: r.version! }));
    if (!wanted.length) return;
    const found = await PackageCertificate.findAll({
      // Only what the preview reads: the sealed JSON and findings are large.
      attributes: ['id', 'registry', 'name', 'version', 'analysis', 'securityLevel', 'overrideLevel', 'reanalysedLevel', 'advisoryStatus', 'advisories', 'analysisType'],
      where: { status: 'ACTIVE', [Op.or]: wanted } as never,
      order: [['certifiedAt', 'ASC']],
    });
    for (const c of found) {
      byRef.set(`${c.registry}:${c.name}@${c.version}`, c);
      certs.push(c);
    }
  };
  await lookUp(refs);
  // An exact pin with no certificate asks the registry as a submission would: the version may be
  // written differently there (PyPI ==1.0 is 1.0.0) or not exist at all.
  const unmatched = refs.filter((r) => r.exact && !byRef.has(`${r.dep.registry}:${r.dep.name}@${r.version}`));
  await Promise.all(unmatched.map((ref) => limit(() => resolveOne(ref))));
  await lookUp(unmatched.filter((r) => r.version && !byRef.has(`${r.dep.registry}:${r.dep.name}@${r.version}`)));

  // Size estimates of the versions to audit, also in parallel under the limit.
  const tiers = new Map<Ref, ComplexityTier>();
  await Promise.all(
    refs
      .filter((r) => r.version && !byRef.has(`${r.dep.registry}:${r.dep.name}@${r.version}`))
      .map((r) => limit(async () => tiers.set(r, await estimateTier({ registry: r.dep.registry, name: r.dep.name, version: r.version! })))),
  );
  let savings = 0;
  let uncached = 0;
  for (const ref of refs) {
    const { dep, version, warning, rejected } = ref;
    const cert = version ? byRef.get(`${dep.registry}:${dep.name}@${version}`) : undefined;
    const base = { packageName: dep.name, packageVersion: version, registrySource: dep.registry, declaredSpec: dep.spec, dependencyType: 'DIRECT' as const };
    if (cert) {
      const a = cert.analysis as { fileCount?: number; totalBytes?: number };
      const tier = complexityTier(a.fileCount, a.totalBytes);
      const level = effectiveLevel(cert);
      // A blocked package saves nothing: it cannot be used.
      if (level !== 'BLOCKED') savings += tierPriceUsd(tier);
      const warnings: string[] = [];
      if (level === 'CAUTION' || level === 'MONITORED') warnings.push(`certified ${level}`);
      if (cert.advisoryStatus === 'ok' && (cert.advisories as unknown[]).length) warnings.push(`registry advisories: highest ${highestAdvisorySeverity(cert.advisories as { severity: string }[])}`);
      if (cert.analysisType !== 'FULL') warnings.push(`analysis ${cert.analysisType}`);
      items.push({ ...base, cached: true, status: level === 'BLOCKED' ? 'BLOCKED' : 'CERTIFIED', securityLevel: level, estimatedComplexityTier: tier, estimatedPriceUsd: 0, warnings });
    } else if (version) {
      const tier = tiers.get(ref) ?? 'MEDIUM';
      const price = tierPriceUsd(tier);
      uncached += price;
      items.push({ ...base, cached: false, status: 'TO_AUDIT', securityLevel: null, estimatedComplexityTier: tier, estimatedPriceUsd: price, warnings: [] });
    } else if (rejected) {
      items.push({ ...base, cached: false, status: 'REJECTED', securityLevel: null, estimatedComplexityTier: NOT_ESTIMATED, estimatedPriceUsd: 0, warnings: [rejected] });
    } else {
      items.push({ ...base, cached: false, status: 'UNCERTIFIED', securityLevel: null, estimatedComplexityTier: NOT_ESTIMATED, estimatedPriceUsd: 0, warnings: [warning ?? 'could not be resolved to one version'] });
    }
  }
  for (const r of parsed.refusals) {
    items.push({ packageName: r.name, packageVersion: null, registrySource: r.registry, declaredSpec: r.spec, dependencyType: 'DIRECT', cached: false, status: 'REJECTED', securityLevel: null, estimatedComplexityTier: NOT_ESTIMATED, estimatedPriceUsd: 0, warnings: [r.reason] });
  }
  const transitive = await transitiveCounts(certs.map((c) => c.id));
  return {
    enabled: true,
    packagesTotal: items.length,
    packagesCertifiedFromCache: items.filter((i) => i.cached && i.status === 'CERTIFIED').length,
    packagesToAudit: items.filter((i) => i.status === 'TO_AUDIT').length,
    packagesRejected: items.filter((i) => i.status === 'REJECTED' || i.status === 'BLOCKED').length,
    packagesUncertified: items.filter((i) => i.status === 'UNCERTIFIED').length,
    transitiveDependenciesChecked: transitive.checked,
    transitiveDependenciesUncertified: transitive.uncertified,
    savingsUsd: round2(savings),
    uncachedCostUsd: round2(uncached),
    items,
  };
}

export type PackagePreview = Awaited<ReturnType<typeof packagePreview>>;

/** The preview of a submission without dependency files: nothing to audit. */
export const EMPTY_PREVIEW: PackagePreview = {
  enabled: false,
  packagesTotal: 0,
  packagesCertifiedFromCache: 0,
  packagesToAudit: 0,
  packagesRejected: 0,
  packagesUncertified: 0,
  transitiveDependenciesChecked: 0,
  transitiveDependenciesUncertified: 0,
  savingsUsd: 0,
  uncachedCostUsd: 0,
  items: [],
};

/** The package preview of dependency files (the empty one when there are none). */
export async function previewFiles(files: Record<string, string>): Promise<PackagePreview> {
  return Object.keys(files).length ? packagePreview(files) : EMPTY_PREVIEW;
}

/** The highest certified version of a package that satisfies a spec (npm semver or PEP 440). */
function bestCertified(registry: string, spec: string, versions: string[]): string | null {
  if (registry === 'npm') return semver.maxSatisfying(versions, spec || '*');
  return pep440MaxSatisfying(versions, spec.trim() || '>=0', { prereleases: false });
}

/**
 * Aggregate counts over the recorded dependency edges of certified packages, to three levels: each
 * edge is matched against the certified versions of its package (no registry calls); an edge with
 * none that satisfies its spec counts as uncertified.
 */
async function transitiveCounts(rootCertIds: string[]): Promise<{ checked: number; uncertified: number }> {
  const seen = new Set<string>();
  let uncertified = 0;
  let frontier = rootCertIds;
  for (let level = 1; level <= 3 && frontier.length; level++) {
    const parents = new Map((await PackageCertificate.findAll({ attributes: ['id', 'registry'], where: { id: frontier } })).map((c) => [c.id, c.registry]));
    const edges = (await PackageDependency.findAll({ where: { certificateId: frontier } })).filter((e) => {
      const key = `${parents.get(e.certificateId)}:${e.depName}:${e.depSpec}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const names = [...new Set(edges.map((e) => e.depName))];
    const certs = names.length ? await PackageCertificate.findAll({ attributes: ['id', 'registry', 'name', 'version'], where: { status: 'ACTIVE', integrityOk: true, name: names } }) : [];
    const byName = new Map<string, PackageCertificate[]>();
    for (const c of certs) byName.set(`${c.registry}:${c.name}`, [...(byName.get(`${c.registry}:${c.name}`) ?? []), c]);
    const next = new Set<string>();
    for (const e of edges) {
      const registry = parents.get(e.certificateId) ?? 'npm';
      const candidates = byName.get(`${registry}:${e.depName}`) ?? [];
      let best: string | null = null;
      try {
        best = bestCertified(registry, e.depSpec, candidates.map((c) => c.version));
      } catch {
        best = null; // a spec the matcher cannot read counts as uncertified
      }
      const hit = best ? candidates.find((c) => c.version === best) : undefined;
      if (hit) next.add(hit.id);
      else uncertified += 1;
    }
    frontier = [...next];
  }
  return { checked: seen.size, uncertified };
}

/** Tier of a not-yet-certified version from what the registry publishes about its size. */
async function estimateTier(ref: PackageRef): Promise<ComplexityTier> {
  try {
    const clients = registryClients();
    if (ref.registry === 'npm') {
      const doc = (await clients.npm.packument(ref.name)) as { versions: Record<string, { dist?: { fileCount?: number; unpackedSize?: number } }> };
      const dist = doc.versions[ref.version]?.dist;
      // A registry that omits the sizes (some mirrors do) says nothing: assume MEDIUM, not SMALL.
      if (dist?.fileCount === undefined && dist?.unpackedSize === undefined) return 'MEDIUM';
      return complexityTier(dist?.fileCount, dist?.unpackedSize);
    }
    const info = await clients.pypi.distribution(ref.name, ref.version);
    return complexityTier(undefined, (info.size ?? 0) * 4);
  } catch {
    return 'MEDIUM';
  }
}
