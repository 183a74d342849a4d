/**
 * PyPI JSON API client: project and release documents, PEP 440 resolution (pre-release choice passed
 * explicitly), deterministic distribution choice, and the release `vulnerabilities` list.
 * The base URL is configuration (never hard-coded).
 */
import * as pep440 from '@renovatebot/pep440';
import type { AdvisorySeverity, AdvisorySnapshot, DeclaredDependency, DistributionInfo, Refusal, RefusalCode, ResolvedDependency } from '../types.js';
import { classifyPypiLocation, classifyPypiSpec, markerNamesExtra, normalizePypiName, parsePep508 } from '../manifests/requirements.js';
import { DEFAULT_DOWNLOAD_TIMEOUT_MS, DEFAULT_MAX_JSON_BYTES, DEFAULT_TIMEOUT_MS, RegistryError, getBytes, getJson, trimBase } from './http.js';
import type { PypiAdvisory, RegistryClientOptions } from './types.js';

/** One file of a release, as the JSON API lists it. */
export interface PypiFile {
  filename: string;
  url: string;
  packagetype: string;
  digests: { sha256?: string; md5?: string; blake2b_256?: string; [k: string]: string | undefined };
  size?: number;
  yanked?: boolean;
  yanked_reason?: string | null;
  requires_python?: string | null;
  python_version?: string;
  [k: string]: unknown;
}

export interface PypiVulnerability {
  id: string;
  aliases?: string[];
  details?: string | null;
  summary?: string | null;
  fixed_in?: string[];
  link?: string | null;
  source?: string;
  withdrawn?: string | null;
  [k: string]: unknown;
}

export interface PypiInfo {
  name: string;
  version: string;
  requires_dist?: string[] | null;
  yanked?: boolean;
  [k: string]: unknown;
}

/** GET /pypi/<name>/json */
export interface PypiProjectJson {
  info: PypiInfo;
  releases: Record<string, PypiFile[]>;
  urls?: PypiFile[];
  vulnerabilities?: PypiVulnerability[];
  [k: string]: unknown;
}

/** GET /pypi/<name>/<version>/json */
export interface PypiReleaseJson {
  info: PypiInfo;
  urls: PypiFile[];
  vulnerabilities?: PypiVulnerability[];
  [k: string]: unknown;
}

export interface PypiProject {
  /** Normalised name. */
  name: string;
  /** Versions with at least one file that is not yanked (the resolution candidates). */
  versions: string[];
  /** Versions whose every file is yanked. */
  yanked: string[];
  raw: PypiProjectJson;
}

const SEVERITIES: Record<string, AdvisorySeverity> = { low: 'low', moderate: 'moderate', medium: 'moderate', high: 'high', critical: 'critical' };

function isPrereleaseVersion(v: string): boolean {
  const e = pep440.explain(v);
  return !!e && (e.is_prerelease || e.is_devrelease);
}

/** True when one of the specifier's clauses names a pre-release (then pre-releases are candidates). */
export function specNamesPrerelease(spec: string): boolean {
  return spec
    .split(',')
    .map((c) => c.trim().replace(/^(===|==|!=|~=|<=|>=|<|>)/, '').replace(/\.\*$/, ''))
    .some((v) => v !== '' && isPrereleaseVersion(v));
}

/** Wheel filename tags: `{name}-{ver}(-{build})?-{python}-{abi}-{platform}.whl`. */
export function wheelTags(filename: string): { python: string; abi: string; platform: string } | null {
  if (!/\.whl$/i.test(filename)) return null;
  const parts = filename.slice(0, -4).split('-');
  if (parts.length < 5) return null;
  const [python, abi, platform] = parts.slice(-3);
  return { python, abi, platform };
}

export function isPureWheel(filename: string): boolean {
  const t = wheelTags(filename);
  return !!t && t.abi.toLowerCase() === 'none' && t.platform.toLowerCase() === 'any';
}

/** Reduce `requires_dist` to runtime dependencies: entries with `extra` markers dropped; name → specifier ('' when none). */
export function reduceRequiresDist(requiresDist: string[] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of requiresDist ?? []) {
    if (typeof entry !== 'string') continue;
    const req = parsePep508(entry);
    if ('error' in req) continue;
    if (markerNamesExtra(req.marker)) continue;
    if (Object.hasOwn(out, req.name)) continue; // first entry wins (environment markers are not evaluated)
    out[req.name] = req.url ? `@ ${req.url}` : req.spec;
  }
  return out;
}

export class PypiRegistry {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly downloadTimeoutMs: number;
  private readonly maxJsonBytes: number;
  private readonly projects = new Map<string, Promise<PypiProject>>();
  private readonly releases = new Map<string, Promise<PypiReleaseJson>>();

  constructor(opts: RegistryClientOptions) {
    this.baseUrl = trimBase(opts.baseUrl);
    this.fetchImpl = opts.fetchImpl ?? fetch;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.downloadTimeoutMs = opts.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
    this.maxJsonBytes = opts.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES;
  }

  private get<T>(url: string): Promise<T> {
    return getJson<T>(url, { fetchImpl: this.fetchImpl, timeoutMs: this.timeoutMs, maxBytes: this.maxJsonBytes });
  }

  /** GET ${base}/pypi/<name>/json (cached per instance; failures are not cached). */
  project(name: string): Promise<PypiProject> {
    const n = normalizePypiName(name);
    let p = this.projects.get(n);
    if (!p) {
      const url = `${this.baseUrl}/pypi/${encodeURIComponent(n)}/json`;
      p = this.get<PypiProjectJson>(url).then((doc) => {
        if (typeof doc !== 'object' || doc === null || typeof doc.releases !== 'object' || doc.releases === null) {
          throw new RegistryError('bad_response', `project JSON of ${n} has no releases map: ${url}`, url);
        }
        const versions: string[] = [];
        const yanked: string[] = [];
        for (const [v, files] of Object.entries(doc.releases)) {
          if (!Array.isArray(files) || files.length === 0) continue; // nothing installable was ever uploaded
          if (files.every((f) => f.yanked === true)) yanked.push(v);
          else versions.push(v);
        }
        return { name: n, versions, yanked, raw: doc };
      });
      p.catch(() => this.projects.delete(n));
      this.projects.set(n, p);
    }
    return p;
  }

  /** GET ${base}/pypi/<name>/<version>/json (cached per instance; failures are not cached). */
  release(name: string, version: string): Promise<PypiReleaseJson> {
    const n = normalizePypiName(name);
    const key = `${n}@${version}`;
    let p = this.releases.get(key);
    if (!p) {
      const url = `${this.baseUrl}/pypi/${encodeURIComponent(n)}/${encodeURIComponent(version)}/json`;
      p = this.get<PypiReleaseJson>(url).then((doc) => {
        if (typeof doc !== 'object' || doc === null || !Array.isArray(doc.urls) || typeof doc.info !== 'object' || doc.info === null) {
          throw new RegistryError('bad_response', `release JSON of ${key} lacks info/urls: ${url}`, url);
        }
        return doc;
      });
      p.catch(() => this.releases.delete(key));
      this.releases.set(key, p);
    }
    return p;
  }

  /**
   * Resolve to one version. Lockfile version (must exist) > exact pin (`==x` must exist, `===x` by string) >
   * `maxSatisfying(non-yanked versions, spec, { prereleases })` where pre-releases are candidates only when the
   * specifier names one. Yanked releases are never chosen. An empty spec (transitives) resolves to the newest
   * final release; the requirements parser refuses it for direct dependencies.
   */
  async resolve(dep: DeclaredDependency): Promise<ResolvedDependency | Refusal> {
    const name = normalizePypiName(dep.name);
    const refuse = (code: RefusalCode, reason: string): Refusal => ({ registry: 'pypi', name, spec: dep.spec, manifestFile: dep.manifestFile, code, reason });
    if (dep.registry !== 'pypi') return refuse('invalid_spec', `${dep.name} is not a PyPI dependency.`);
    const spec = dep.spec.replace(/\s+/g, '');
    if (spec.startsWith('@')) {
      const loc = classifyPypiLocation(spec.slice(1));
      return refuse(loc.code, `${name} is installed from ${loc.kind}, not from PyPI; depend on a released version instead.`);
    }
    if (spec !== '') {
      const verdict = classifyPypiSpec(spec);
      if (!verdict.ok && verdict.code === 'invalid_spec') return refuse('invalid_spec', `${name} ${verdict.why}; write a valid PEP 440 specifier.`);
    }
    let project: PypiProject;
    try {
      project = await this.project(name);
    } catch (err) {
      if (err instanceof RegistryError && err.code === 'not_found') return refuse('unknown_package', `${name} is not published on PyPI; check the project name.`);
      return refuse('registry_unreachable', `PyPI could not be reached to resolve ${name} (${(err as Error).message}); submit again later.`);
    }
    const { versions, yanked } = project;

    if (dep.lockedVersion) {
      if (!versions.includes(dep.lockedVersion)) return refuse('unknown_version', `The locked version ${name}==${dep.lockedVersion} is not an installable release on PyPI; pin a published release.`);
      return { ...dep, name, version: dep.lockedVersion, resolvedFrom: 'lockfile' };
    }

    const clauses = spec === '' ? [] : spec.split(',');
    if (clauses.length === 1 && clauses[0].startsWith('===')) {
      const want = clauses[0].slice(3);
      const hit = versions.find((v) => v.toLowerCase() === want.toLowerCase());
      if (hit) return { ...dep, name, version: hit, resolvedFrom: 'exact' };
      if (yanked.some((v) => v.toLowerCase() === want.toLowerCase())) return refuse('no_matching_version', `${name}===${want} was yanked from PyPI; pin a release that is not yanked.`);
      return refuse('unknown_version', `${name}===${want} is not published on PyPI; pin a published release.`);
    }
    if (clauses.length === 1 && /^==[^=*]+$/.test(clauses[0])) {
      const want = clauses[0].slice(2);
      const matching = (list: string[]) => {
        const exactString = list.find((v) => v === want);
        if (exactString) return exactString;
        return pep440.maxSatisfying(list.filter((v) => pep440.valid(v) !== null), `==${want}`, { prereleases: true });
      };
      const hit = matching(versions);
      if (hit) return { ...dep, name, version: hit, resolvedFrom: 'exact' };
      if (matching(yanked)) return refuse('no_matching_version', `${name}==${want} was yanked from PyPI; pin a release that is not yanked.`);
      return refuse('unknown_version', `${name}==${want} is not published on PyPI; pin a published release.`);
    }

    const prereleases = specNamesPrerelease(spec);
    // Legacy (non-PEP 440) version strings can only be selected with `===`.
    const candidates = versions.filter((v) => pep440.valid(v) !== null);
    const maxSat = (pre: boolean): string | null => {
      try {
        return pep440.maxSatisfying(candidates, spec, { prereleases: pre });
      } catch {
        return null;
      }
    };
    const best = maxSat(prereleases);
    if (!best) {
      const preOnly = !prereleases && maxSat(true);
      const why = preOnly ? ` (only the pre-release ${preOnly} matches; name a pre-release in the specifier to accept it)` : '';
      return refuse('no_matching_version', `No installable release of ${name} satisfies "${spec}"${why}; widen the specifier or pin a published release.`);
    }
    return { ...dep, name, version: best, resolvedFrom: 'range' };
  }

  /**
   * The distribution file for an exact version: what `pip install` would run. Deterministic:
   *  1. a pure-Python wheel (py3 tags first, then filename): pip prefers a wheel that fits every
   *     platform, so no build runs and the wheel's code is what is imported;
   *  2. else the sdist (.tar.gz before .zip, then by filename): pip builds it, so its setup.py /
   *     build backend runs at install time and its source is what is imported;
   *  3. else the first binary wheel by filename, with `binaryOnly: true`.
   * Yanked files are ignored. `choice` records which and why; the certificate's distribution
   * SHA-256 is the chosen file's.
   */
  async distribution(name: string, version: string): Promise<DistributionInfo> {
    const n = normalizePypiName(name);
    const rel = await this.release(n, version);
    const files = rel.urls.filter((f) => f && typeof f.filename === 'string' && typeof f.url === 'string' && f.yanked !== true);
    const byName = (a: PypiFile, b: PypiFile) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0);
    const sdists = files
      .filter((f) => f.packagetype === 'sdist' && /\.(tar\.gz|zip)$/i.test(f.filename))
      .sort((a, b) => Number(/\.zip$/i.test(a.filename)) - Number(/\.zip$/i.test(b.filename)) || byName(a, b));
    const wheels = files.filter((f) => f.packagetype === 'bdist_wheel' && /\.whl$/i.test(f.filename)).sort(byName);
    const pure = wheels
      .filter((f) => isPureWheel(f.filename))
      .sort((a, b) => Number(!/py3/i.test(wheelTags(a.filename)!.python)) - Number(!/py3/i.test(wheelTags(b.filename)!.python)) || byName(a, b));

    let chosen: PypiFile;
    let kind: DistributionInfo['kind'];
    let choice: string;
    let binaryOnly = false;
    if (pure.length) {
      chosen = pure[0];
      kind = 'wheel';
      choice = `pure-Python wheel ${chosen.filename}: pip installs this wheel on every platform, so no build runs and its code is what is imported (${files.length} file(s) published${sdists.length ? `; the sdist ${sdists[0].filename} is only built with --no-binary` : ''})`;
    } else if (sdists.length) {
      chosen = sdists[0];
      kind = 'sdist';
      choice = `sdist ${chosen.filename}: no pure-Python wheel is published, so pip builds the sdist (its setup.py or build backend runs at install time) where no compiled wheel fits; it carries the source (${files.length} file(s) published)`;
    } else if (wheels.length) {
      chosen = wheels[0];
      kind = 'wheel';
      binaryOnly = true;
      choice = `binary wheel ${chosen.filename} (first by filename of ${wheels.length}): only compiled wheels are published`;
    } else {
      throw new RegistryError('not_found', `${n}==${version} has no installable sdist or wheel on PyPI`);
    }
    const sha = chosen.digests?.sha256;
    if (typeof sha !== 'string' || !/^[0-9a-f]{64}$/i.test(sha)) throw new RegistryError('bad_response', `${chosen.filename} has no sha256 digest in the release JSON`);
    return {
      registry: 'pypi',
      name: n,
      version,
      kind,
      filename: chosen.filename,
      url: chosen.url,
      publishedDigest: { algorithm: 'sha256', hex: sha.toLowerCase() },
      size: typeof chosen.size === 'number' ? chosen.size : undefined,
      choice,
      binaryOnly,
      dependencies: reduceRequiresDist(rel.info.requires_dist),
    };
  }

  /** Download the chosen file with a byte cap (TooLargeError past `maxBytes`). */
  async fetchFile(info: DistributionInfo, maxBytes: number): Promise<Buffer> {
    if (info.registry !== 'pypi') throw new Error(`not a PyPI distribution: ${info.name}`);
    return getBytes(info.url, { fetchImpl: this.fetchImpl, timeoutMs: this.downloadTimeoutMs, maxBytes });
  }

  /**
   * Advisories for one exact release from its JSON `vulnerabilities` list (withdrawn entries dropped).
   * Unreachable, missing release or missing list → `status: 'unknown'`, never an empty ok list.
   * Fetched fresh (not from the release cache).
   */
  async advisories(name: string, version: string): Promise<AdvisorySnapshot> {
    const n = normalizePypiName(name);
    const url = `${this.baseUrl}/pypi/${encodeURIComponent(n)}/${encodeURIComponent(version)}/json`;
    const fetchedAt = new Date().toISOString();
    let doc: PypiReleaseJson;
    try {
      doc = await this.get<PypiReleaseJson>(url);
    } catch (err) {
      return { status: 'unknown', fetchedAt, source: url, advisories: [], error: (err as Error).message };
    }
    if (typeof doc !== 'object' || doc === null || !Array.isArray(doc.vulnerabilities)) {
      return { status: 'unknown', fetchedAt, source: url, advisories: [], error: 'release JSON has no vulnerabilities list' };
    }
    const advisories: PypiAdvisory[] = doc.vulnerabilities
      .filter((v) => typeof v === 'object' && v !== null && !v.withdrawn)
      .map((v) => {
        const sevRaw = (typeof v.severity === 'string' ? v.severity : typeof (v.database_specific as Record<string, unknown> | undefined)?.severity === 'string' ? String((v.database_specific as Record<string, unknown>).severity) : '').toLowerCase();
        const summary = typeof v.summary === 'string' && v.summary.trim() ? v.summary.trim() : null;
        const details = typeof v.details === 'string' ? v.details : null;
        return {
          id: String(v.id),
          source: 'pypi' as const,
          title: summary ?? (details ? details.split('\n')[0].slice(0, 200) : String(v.id)),
          severity: SEVERITIES[sevRaw] ?? 'unknown',
          url: typeof v.link === 'string' ? v.link : null,
          vulnerableVersions: null,
          aliases: Array.isArray(v.aliases) ? v.aliases.map(String) : [],
          fixedIn: Array.isArray(v.fixed_in) ? v.fixed_in.map(String) : [],
          details,
        };
      });
    return { status: 'ok', fetchedAt, source: url, advisories };
  }
}
