/**
 * npm registry client: packuments, resolution of declared specs to one version, the distribution tarball
 * (always downloaded from the configured base), and the bulk advisory endpoint.
 * The registry base is configuration (never hard-coded).
 */
import { gzipSync } from 'node:zlib';
import semver from 'semver';
import type { AdvisorySeverity, AdvisorySnapshot, DeclaredDependency, DistributionInfo, Refusal, RefusalCode, ResolvedDependency } from '../types.js';
import { classifyNpmSpec } from '../manifests/package-json.js';
import { DEFAULT_DOWNLOAD_TIMEOUT_MS, DEFAULT_MAX_JSON_BYTES, DEFAULT_TIMEOUT_MS, RegistryError, getBytes, getJson, request, readCapped, sriToHex, trimBase } from './http.js';
import { packageKey, type NpmAdvisory, type RegistryClientOptions } from './types.js';

export interface NpmVersionManifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  deprecated?: string | boolean;
  dist?: { integrity?: string; shasum?: string; tarball?: string; unpackedSize?: number; fileCount?: number };
  [k: string]: unknown;
}

export interface NpmPackument {
  name: string;
  'dist-tags'?: Record<string, string>;
  versions: Record<string, NpmVersionManifest>;
  time?: Record<string, string>;
  [k: string]: unknown;
}

export interface NpmRegistryOptions extends RegistryClientOptions {
  /** Bulk advisory endpoint; default `${baseUrl}/-/npm/v1/security/advisories/bulk`. */
  advisoryUrl?: string;
}

const SEVERITIES: Record<string, AdvisorySeverity> = { info: 'low', low: 'low', moderate: 'moderate', medium: 'moderate', high: 'high', critical: 'critical' };

/** Path segment of a package in the registry: scoped `@a/b` → `@a%2fb`. */
export function npmPackagePath(name: string): string {
  if (name.startsWith('@') && name.includes('/')) {
    const [scope, pkg] = name.split('/', 2);
    return `${encodeURIComponent(scope).replace(/^%40/, '@')}%2f${encodeURIComponent(pkg)}`;
  }
  return encodeURIComponent(name);
}

/**
 * True only when the lockfile's SRI and the registry's digests can be compared (same algorithm) and
 * differ; a lock with only an algorithm the registry does not publish is not a mismatch.
 */
function lockIntegrityDiffers(lockSri: string, dist: NpmVersionManifest['dist']): boolean {
  const lock = sriToHex(lockSri);
  if (!lock) return false;
  const published = sriToHex(dist?.integrity);
  if (published && published.algorithm === lock.algorithm) return published.hex !== lock.hex;
  if (lock.algorithm === 'sha1' && typeof dist?.shasum === 'string') return dist.shasum.toLowerCase() !== lock.hex;
  return false;
}

export class NpmRegistry {
  readonly baseUrl: string;
  readonly advisoryUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly downloadTimeoutMs: number;
  private readonly maxJsonBytes: number;
  private readonly packuments = new Map<string, Promise<NpmPackument>>();

  constructor(opts: NpmRegistryOptions) {
    this.baseUrl = trimBase(opts.baseUrl);
    this.advisoryUrl = opts.advisoryUrl ?? `${this.baseUrl}/-/npm/v1/security/advisories/bulk`;
    this.fetchImpl = opts.fetchImpl ?? fetch;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.downloadTimeoutMs = opts.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
    this.maxJsonBytes = opts.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES;
  }

  packumentUrl(name: string): string {
    return `${this.baseUrl}/${npmPackagePath(name)}`;
  }

  /** The packument (cached per instance; failures are not cached). 404 → RegistryError('not_found'). */
  packument(name: string): Promise<NpmPackument> {
    let p = this.packuments.get(name);
    if (!p) {
      const url = this.packumentUrl(name);
      // The abbreviated ("corgi") document carries everything used here (versions, dependencies, dist, dist-tags).
      const headers = { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*' };
      p = getJson<NpmPackument>(url, { fetchImpl: this.fetchImpl, timeoutMs: this.timeoutMs, maxBytes: this.maxJsonBytes, headers }).then((doc) => {
        if (typeof doc !== 'object' || doc === null || typeof doc.versions !== 'object' || doc.versions === null) {
          throw new RegistryError('bad_response', `packument of ${name} has no versions object: ${url}`, url);
        }
        return doc;
      });
      p.catch(() => this.packuments.delete(name));
      this.packuments.set(name, p);
    }
    return p;
  }

  /**
   * Resolve a declared dependency to one version: the lockfile version when given (it must exist), an exact
   * pin (must exist), a dist-tag, else `semver.maxSatisfying` over all published versions (pre-releases only
   * when the range names one). Non-registry sources (git, URL, path, alias) come back as refusals; wildcard
   * and dist-tag specs are resolved (the manifest parser refuses them for direct dependencies).
   */
  async resolve(dep: DeclaredDependency): Promise<ResolvedDependency | Refusal> {
    const refuse = (code: RefusalCode, reason: string): Refusal => ({ registry: 'npm', name: dep.name, spec: dep.spec, manifestFile: dep.manifestFile, code, reason });
    if (dep.registry !== 'npm') return refuse('invalid_spec', `${dep.name} is not an npm dependency.`);
    const spec = dep.spec.trim() === '' ? '*' : dep.spec.trim();
    const verdict = classifyNpmSpec(dep.name, spec);
    if (!verdict.ok && verdict.code !== 'wildcard' && verdict.code !== 'floating_tag') return refuse(verdict.code, `${dep.name} ${verdict.why}; ${verdict.fix}.`);

    let doc: NpmPackument;
    try {
      doc = await this.packument(dep.name);
    } catch (err) {
      if (err instanceof RegistryError && err.code === 'not_found') return refuse('unknown_package', `${dep.name} is not published on the npm registry; check the package name.`);
      return refuse('registry_unreachable', `The npm registry could not be reached to resolve ${dep.name} (${(err as Error).message}); submit again later.`);
    }
    const versions = Object.keys(doc.versions);
    const has = (v: string) => Object.hasOwn(doc.versions, v);

    if (dep.lockedVersion) {
      if (!has(dep.lockedVersion)) return refuse('unknown_version', `The lockfile pins ${dep.name}@${dep.lockedVersion}, which is not published on the npm registry; regenerate the lockfile.`);
      // The lock's digest names the file that gets installed: one that is not the published file means a
      // lockfile edited by hand or resolved against another registry.
      if (dep.lockedIntegrity && lockIntegrityDiffers(dep.lockedIntegrity, doc.versions[dep.lockedVersion]!.dist)) {
        return refuse('lockfile_integrity_mismatch', `The lockfile's integrity for ${dep.name}@${dep.lockedVersion} is not the digest the npm registry publishes for it; regenerate the lockfile against the public registry.`);
      }
      return { ...dep, version: dep.lockedVersion, resolvedFrom: 'lockfile' };
    }
    const exact = semver.valid(spec);
    if (exact) {
      if (!has(exact)) return refuse('unknown_version', `${dep.name}@${exact} is not published on the npm registry; pin a published version.`);
      return { ...dep, version: exact, resolvedFrom: 'exact' };
    }
    const tags = doc['dist-tags'] ?? {};
    if (semver.validRange(spec) === null) {
      const tagged = Object.hasOwn(tags, spec) ? tags[spec] : undefined;
      if (tagged && has(tagged)) return { ...dep, version: tagged, resolvedFrom: 'range' };
      if (/^[A-Za-z][\w.-]*$/.test(spec)) return refuse('no_matching_version', `${dep.name} has no dist-tag "${spec}"; pin a version or a range.`);
      return refuse('invalid_spec', `${dep.name} has the spec "${spec}", which is not a semver version or range; write a version or a range.`);
    }
    const best = semver.maxSatisfying(versions, spec);
    if (!best) return refuse('no_matching_version', `No published version of ${dep.name} satisfies "${spec}"; widen the range or pin a published version.`);
    return { ...dep, version: best, resolvedFrom: 'range' };
  }

  /** Tarball URL under the configured base, whatever host the packument names. */
  tarballUrl(name: string, version: string, publishedTarball?: string): string {
    let file = '';
    if (publishedTarball) {
      try {
        file = new URL(publishedTarball).pathname.split('/').pop() ?? '';
      } catch {
        file = publishedTarball.split('/').pop() ?? '';
      }
    }
    if (!file) file = `${name.includes('/') ? name.split('/')[1] : name}-${version}.tgz`;
    return `${this.baseUrl}/${name}/-/${file}`;
  }

  async distribution(name: string, version: string): Promise<DistributionInfo> {
    const doc = await this.packument(name);
    const man = Object.hasOwn(doc.versions, version) ? doc.versions[version] : undefined;
    const url = this.packumentUrl(name);
    if (!man) throw new RegistryError('not_found', `${name}@${version} is not in the packument`, url);
    const dist = man.dist ?? {};
    const sri = sriToHex(dist.integrity);
    let publishedDigest: DistributionInfo['publishedDigest'];
    let digestNote: string;
    if (sri && sri.algorithm === 'sha512') {
      publishedDigest = { algorithm: 'sha512', hex: sri.hex };
      digestNote = 'dist.integrity sha512';
    } else if (typeof dist.shasum === 'string' && /^[0-9a-f]{40}$/i.test(dist.shasum)) {
      publishedDigest = { algorithm: 'sha1', hex: dist.shasum.toLowerCase() };
      digestNote = 'dist.shasum sha1 (no sha512 integrity published)';
    } else if (sri && sri.algorithm === 'sha1') {
      publishedDigest = { algorithm: 'sha1', hex: sri.hex };
      digestNote = 'dist.integrity sha1';
    } else {
      throw new RegistryError('bad_response', `${name}@${version} publishes neither dist.integrity sha512 nor dist.shasum`, url);
    }
    const tarball = this.tarballUrl(name, version, dist.tarball);
    const dependencies: Record<string, string> = {};
    for (const [n, s] of Object.entries(man.dependencies ?? {})) dependencies[n] = String(s);
    for (const [n, s] of Object.entries(man.optionalDependencies ?? {})) dependencies[n] = String(s);
    return {
      registry: 'npm',
      name,
      version,
      kind: 'npm-tarball',
      filename: tarball.split('/').pop() as string,
      url: tarball,
      publishedDigest,
      choice: `npm tarball (the only distribution of an npm version); verified against ${digestNote}`,
      binaryOnly: false,
      dependencies,
    };
  }

  /** Download the tarball with a byte cap: TooLargeError past `maxBytes`, RegistryError otherwise. */
  async fetchTarball(info: DistributionInfo, maxBytes: number): Promise<Buffer> {
    if (info.registry !== 'npm') throw new Error(`not an npm distribution: ${info.name}`);
    return getBytes(info.url, { fetchImpl: this.fetchImpl, timeoutMs: this.downloadTimeoutMs, maxBytes });
  }

  /**
   * Bulk advisories for exact versions, keyed `name@version`. Any failure (non-2xx — the public mirror may
   * answer 405 —, timeout, network error, unreadable body) gives every requested key `status: 'unknown'`.
   */
  async advisories(requested: Record<string, string[]>): Promise<Map<string, AdvisorySnapshot>> {
    const out = new Map<string, AdvisorySnapshot>();
    const body: Record<string, string[]> = {};
    for (const [name, versions] of Object.entries(requested)) {
      const uniq = [...new Set(versions)];
      if (uniq.length) body[name] = uniq;
    }
    if (Object.keys(body).length === 0) return out;
    const fetchedAt = new Date().toISOString();
    const source = this.advisoryUrl;
    const unknown = (error: string): Map<string, AdvisorySnapshot> => {
      for (const [name, versions] of Object.entries(body)) for (const v of versions) out.set(packageKey(name, v), { status: 'unknown', fetchedAt, source, advisories: [], error });
      return out;
    };
    let answer: unknown;
    try {
      answer = await request(
        this.advisoryUrl,
        {
          fetchImpl: this.fetchImpl,
          timeoutMs: this.timeoutMs,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', accept: 'application/json' },
          body: gzipSync(Buffer.from(JSON.stringify(body))),
        },
        async (res) => {
          const buf = await readCapped(res, this.maxJsonBytes, this.advisoryUrl);
          if (!res.ok) throw new RegistryError(res.status === 404 ? 'not_found' : 'bad_response', `advisory endpoint answered ${res.status}`, this.advisoryUrl, res.status);
          try {
            return JSON.parse(buf.toString('utf8')) as unknown;
          } catch {
            throw new RegistryError('bad_response', 'advisory endpoint answered with a body that is not JSON', this.advisoryUrl, res.status);
          }
        },
      );
    } catch (err) {
      return unknown((err as Error).message);
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return unknown('advisory endpoint answered with a body that is not an object');
    const doc = answer as Record<string, unknown>;
    for (const [name, list] of Object.entries(doc)) {
      if (!Array.isArray(list)) return unknown(`advisory list for ${name} is not an array`);
    }
    for (const [name, versions] of Object.entries(body)) {
      const list = (Object.hasOwn(doc, name) ? (doc[name] as unknown[]) : []).map((a) => toNpmAdvisory(a));
      for (const v of versions) {
        const applies = list.filter((a) => {
          // No readable range: the advisory cannot be ruled out for this version.
          if (!a.vulnerableVersions || semver.validRange(a.vulnerableVersions, { loose: true }) === null) return true;
          try {
            return semver.satisfies(v, a.vulnerableVersions, { includePrerelease: true, loose: true });
          } catch {
            return true;
          }
        });
        out.set(packageKey(name, v), { status: 'ok', fetchedAt, source, advisories: applies });
      }
    }
    return out;
  }
}

function toNpmAdvisory(raw: unknown): NpmAdvisory {
  const a = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const url = typeof a.url === 'string' ? a.url : null;
  const ghsa = url ? /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/i.exec(url) : null;
  const cvssRaw = typeof a.cvss === 'object' && a.cvss !== null ? (a.cvss as Record<string, unknown>) : null;
  const score = cvssRaw ? Number(cvssRaw.score) : NaN;
  return {
    id: String(a.id ?? a.github_advisory_id ?? url ?? 'unknown'),
    source: 'npm',
    title: typeof a.title === 'string' ? a.title : '',
    severity: SEVERITIES[String(a.severity ?? '').toLowerCase()] ?? 'unknown',
    url,
    vulnerableVersions: typeof a.vulnerable_versions === 'string' ? a.vulnerable_versions : null,
    aliases: ghsa ? [ghsa[0]] : [],
    fixedIn: [],
    cwe: Array.isArray(a.cwe) ? a.cwe.map(String) : [],
    cvss: cvssRaw && Number.isFinite(score) ? { score, vectorString: typeof cvssRaw.vectorString === 'string' ? cvssRaw.vectorString : null } : null,
  };
}
