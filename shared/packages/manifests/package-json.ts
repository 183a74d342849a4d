/**
 * package.json reader (runtime `dependencies` + `optionalDependencies`) with optional npm / pnpm lockfile,
 * producing DeclaredDependency and refusals (rules 1–2 of the package review process).
 */
import semver from 'semver';
import YAML from 'yaml';
import type { DeclaredDependency, Refusal, RefusalCode } from '../types.js';
import type { ManifestParseResult } from '../registries/types.js';

export type NpmSpecVerdict = { ok: true } | { ok: false; code: RefusalCode; why: string; fix: string };

const NPM_NAME_RE = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*$/i;

export function isValidNpmName(name: string): boolean {
  return name.length > 0 && name.length <= 214 && NPM_NAME_RE.test(name);
}

/** The version range an `npm:` alias spec points at: `npm:target@^1` → {name: target, spec: ^1}. */
export function parseNpmAlias(spec: string): { name: string; spec: string } | null {
  const m = /^npm:((?:@[^/@\s]+\/)?[^@\s]+)(?:@(.*))?$/.exec(spec.trim());
  if (!m) return null;
  return { name: m[1], spec: (m[2] ?? '').trim() || '*' };
}

/** Classify an npm dependency spec as a submitter wrote it. */
export function classifyNpmSpec(name: string, rawSpec: string): NpmSpecVerdict {
  const spec = rawSpec.trim();
  const example = `"${name}": "^1.2.3"`;
  if (spec === '' || spec === '*' || spec === 'x' || spec === 'X') {
    return { ok: false, code: 'wildcard', why: `has the wildcard spec "${rawSpec}"`, fix: `pin a version or a range (for example ${example})` };
  }
  if (/^npm:/i.test(spec)) {
    const alias = parseNpmAlias(spec);
    return {
      ok: false,
      code: 'other_registry',
      why: `is an alias ("${spec}") that installs ${alias ? `the package ${alias.name}` : 'another package'} under this name`,
      fix: `depend on ${alias ? alias.name : 'the real package'} under its own name with a pinned version or range`,
    };
  }
  if (/^(file|link|workspace|portal|patch|exec):/i.test(spec) || /^(\.{1,2}(\/|\\|$)|\/|~\/|[A-Za-z]:[\\/])/.test(spec) || (/\.(tgz|tar\.gz|tar)$/i.test(spec) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(spec))) {
    return { ok: false, code: 'file_source', why: `points at a local path or workspace ("${spec}")`, fix: `publish it to the npm registry and depend on a released version (for example ${example})` };
  }
  if (/^(git\+|git:\/\/|ssh:\/\/|git@|github:|gitlab:|bitbucket:|gist:)/i.test(spec)) {
    return { ok: false, code: 'vcs_source', why: `comes from version control ("${spec}")`, fix: `depend on a version published on the npm registry (for example ${example})` };
  }
  if (/^https?:\/\//i.test(spec)) {
    return { ok: false, code: 'url_source', why: `is downloaded from a URL ("${spec}")`, fix: `depend on a version published on the npm registry (for example ${example})` };
  }
  if (/^catalog:/i.test(spec)) {
    return { ok: false, code: 'invalid_spec', why: `uses a pnpm catalog ("${spec}") whose version is defined outside package.json`, fix: `write the version range in package.json (for example ${example})` };
  }
  const range = semver.validRange(spec);
  if (range !== null) {
    if (semver.subset('*', range)) {
      return { ok: false, code: 'wildcard', why: `has the spec "${rawSpec}", which matches every version`, fix: `pin a version or a bounded range (for example ${example})` };
    }
    return { ok: true };
  }
  // GitHub shorthand `user/repo` or `user/repo#ref`.
  if (/^[^@\s:/#][^\s:/#]*\/[^\s:/#]+(#.*)?$/.test(spec)) {
    return { ok: false, code: 'vcs_source', why: `is a GitHub shorthand ("${spec}")`, fix: `depend on a version published on the npm registry (for example ${example})` };
  }
  if (/^[A-Za-z][\w.-]*$/.test(spec)) {
    return { ok: false, code: 'floating_tag', why: `uses the dist-tag "${spec}", which moves when new versions are published`, fix: `pin a version or a range (for example ${example})` };
  }
  return { ok: false, code: 'invalid_spec', why: `has the spec "${rawSpec}", which is not a semver version or range`, fix: `write a version or a range (for example ${example})` };
}

export interface LockEntry {
  version: string;
  integrity?: string;
  resolved?: string;
  /** npm `link: true` (workspace / file link). */
  link?: boolean;
}

export interface PackageJsonOptions {
  manifestFile?: string;
  /**
   * The public npm registry base(s) from configuration. Lockfile `resolved` / tarball URLs elsewhere are
   * refused as private_registry. Without it the hosts are not checked (a warning says so).
   */
  registryBase?: string | string[];
}

function lockKind(file: string, content: string): 'npm' | 'pnpm' {
  if (/pnpm-lock\.ya?ml$/i.test(file)) return 'pnpm';
  if (/(package-lock|npm-shrinkwrap)\.json$/i.test(file)) return 'npm';
  return content.trimStart().startsWith('{') ? 'npm' : 'pnpm';
}

/** Strip a pnpm peer suffix: `1.2.3(react@18.0.0)` (v6+/v9) or `1.2.3_react@18.0.0` (v5). */
export function stripPnpmPeerSuffix(v: string): string {
  const paren = v.indexOf('(');
  let out = paren >= 0 ? v.slice(0, paren) : v;
  if (/^\d/.test(out) && out.includes('_')) out = out.slice(0, out.indexOf('_'));
  return out.trim();
}

type Obj = Record<string, unknown>;

/** Deepest nesting a dependency file may have (real ones stay under 10). */
export const MAX_DEPENDENCY_FILE_NESTING = 64;

/**
 * Deepest `[` / `{` nesting outside quoted strings (JSON and YAML flow style), read without recursion:
 * parsers recurse per level, and their stack overflow must never reach a client.
 */
export function flowNesting(text: string): number {
  let depth = 0;
  let max = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') max = Math.max(max, ++depth);
    else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return max;
}

/** A clean parse error message: the first line only, and no engine error texts. */
function parseFailure(file: string, kind: 'JSON' | 'YAML', err: unknown): Error {
  // The yaml library wraps the engine's RangeError in its own error, message and all.
  if (err instanceof RangeError || /call stack/i.test(String((err as Error).message))) return new Error(`${file} is nested too deeply to be read`);
  const first = String((err as Error).message ?? err).split('\n')[0]!.replace(/:\s*$/, '').slice(0, 200);
  return new Error(`${file} is not valid ${kind}: ${first}`);
}

function parseData(file: string, kind: 'JSON' | 'YAML', content: string): unknown {
  if (flowNesting(content) > MAX_DEPENDENCY_FILE_NESTING) throw new Error(`${file} is nested more than ${MAX_DEPENDENCY_FILE_NESTING} levels deep`);
  try {
    return kind === 'JSON' ? JSON.parse(content) : YAML.parse(content);
  } catch (err) {
    throw parseFailure(file, kind, err);
  }
}
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Read the root project's locked versions from package-lock (v1–v3), npm-shrinkwrap or pnpm-lock (v5–v9). */
export function readLockfile(file: string, content: string): Map<string, LockEntry> {
  const out = new Map<string, LockEntry>();
  if (lockKind(file, content) === 'npm') {
    const doc = parseData(file, 'JSON', content);
    if (!isObj(doc)) throw new Error(`${file} is not a JSON object`);
    const packages = doc.packages;
    if (isObj(packages)) {
      for (const [key, val] of Object.entries(packages)) {
        // Only the root's direct install location: node_modules/<name> (not nested node_modules).
        const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(key);
        if (!m || !isObj(val)) continue;
        out.set(m[1], {
          version: String(val.version ?? (val.link ? `file:${String(val.resolved ?? '')}` : '')),
          integrity: typeof val.integrity === 'string' ? val.integrity : undefined,
          resolved: typeof val.resolved === 'string' ? val.resolved : undefined,
          link: val.link === true,
        });
      }
      return out;
    }
    const deps = doc.dependencies;
    if (isObj(deps)) {
      for (const [name, val] of Object.entries(deps)) {
        if (!isObj(val)) continue;
        out.set(name, {
          version: String(val.version ?? ''),
          integrity: typeof val.integrity === 'string' ? val.integrity : undefined,
          resolved: typeof val.resolved === 'string' ? val.resolved : undefined,
        });
      }
    }
    return out;
  }

  const doc = parseData(file, 'YAML', content);
  if (!isObj(doc)) throw new Error(`${file} is not a YAML mapping`);
  const packages = isObj(doc.packages) ? doc.packages : {};
  const root = isObj(doc.importers) ? doc.importers['.'] : doc; // v5 single-project locks keep dependencies at top level
  if (!isObj(root)) return out;
  for (const section of ['dependencies', 'optionalDependencies']) {
    const deps = root[section];
    if (!isObj(deps)) continue;
    for (const [name, val] of Object.entries(deps)) {
      const rawVersion = isObj(val) ? String(val.version ?? '') : String(val ?? '');
      const version = stripPnpmPeerSuffix(rawVersion);
      const entry: LockEntry = { version };
      const pkg = packages[`${name}@${version}`] ?? packages[`/${name}@${version}`] ?? packages[`/${name}/${version}`];
      if (isObj(pkg) && isObj(pkg.resolution)) {
        const r = pkg.resolution;
        if (typeof r.integrity === 'string') entry.integrity = r.integrity;
        if (typeof r.tarball === 'string') entry.resolved = r.tarball;
        if (typeof r.repo === 'string') entry.resolved = `git+${r.repo}${typeof r.commit === 'string' ? `#${r.commit}` : ''}`;
        if (typeof r.directory === 'string') entry.resolved = `file:${r.directory}`;
      }
      out.set(name, entry);
    }
  }
  return out;
}

function normBase(u: string): URL | null {
  try {
    const url = new URL(u);
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    return url;
  } catch {
    return null;
  }
}

/** True when `resolved` lies under one of the configured public registry bases (protocol ignored). */
export function isUnderRegistry(resolved: string, bases: string[]): boolean {
  const r = normBase(resolved);
  if (!r) return false;
  return bases.some((b) => {
    const base = normBase(b);
    return !!base && base.host.toLowerCase() === r.host.toLowerCase() && r.pathname.startsWith(base.pathname);
  });
}

/**
 * Parse package.json (and an optional lockfile in scope). Throws an Error with a clear message when the
 * JSON (or lockfile) cannot be read; the caller maps it to its own error.
 */
export function parsePackageJson(content: string, lock?: { file: string; content: string }, opts: PackageJsonOptions = {}): ManifestParseResult {
  const manifestFile = opts.manifestFile ?? 'package.json';
  const doc = parseData(manifestFile, 'JSON', content.replace(/^\uFEFF/, ''));
  if (!isObj(doc)) throw new Error(`${manifestFile} must be a JSON object`);
  for (const section of ['dependencies', 'optionalDependencies']) {
    if (doc[section] !== undefined && !isObj(doc[section])) throw new Error(`${manifestFile}: "${section}" must be an object of name → version spec`);
  }
  // npm: an entry in optionalDependencies overrides the same name in dependencies.
  const declared = new Map<string, unknown>();
  for (const [n, s] of Object.entries((doc.dependencies as Obj | undefined) ?? {})) declared.set(n, s);
  for (const [n, s] of Object.entries((doc.optionalDependencies as Obj | undefined) ?? {})) declared.set(n, s);

  const locked = lock ? readLockfile(lock.file, lock.content) : new Map<string, LockEntry>();
  const bases = opts.registryBase === undefined ? [] : Array.isArray(opts.registryBase) ? opts.registryBase : [opts.registryBase];
  const deps: DeclaredDependency[] = [];
  const refusals: Refusal[] = [];
  const warnings: string[] = [];
  if (lock && bases.length === 0) warnings.push(`${lock.file}: resolved URLs were not checked against the public registry (no registry base configured)`);

  const refuse = (name: string, spec: string, code: RefusalCode, reason: string): void => {
    refusals.push({ registry: 'npm', name, spec, manifestFile, code, reason });
  };

  for (const [name, rawSpec] of declared) {
    if (typeof rawSpec !== 'string') {
      refuse(name, JSON.stringify(rawSpec) ?? '', 'invalid_spec', `${name}: the spec must be a string; write a version or a range (for example "${name}": "^1.2.3").`);
      continue;
    }
    if (!isValidNpmName(name)) {
      refuse(name, rawSpec, 'invalid_spec', `"${name}" is not a valid npm package name; use the name the package is published under.`);
      continue;
    }
    const verdict = classifyNpmSpec(name, rawSpec);
    if (!verdict.ok) {
      refuse(name, rawSpec, verdict.code, `${name} ${verdict.why}; ${verdict.fix}.`);
      continue;
    }
    const dep: DeclaredDependency = { registry: 'npm', name, spec: rawSpec.trim(), manifestFile };
    const entry = lock ? locked.get(name) : undefined;
    if (lock && entry) {
      const lockRefusal = classifyLockEntry(name, entry, bases);
      if (lockRefusal) {
        refuse(name, rawSpec, lockRefusal.code, `${lock.file} installs ${name} from ${lockRefusal.what}; ${lockRefusal.fix}.`);
        continue;
      }
      const v = semver.valid(entry.version);
      if (!v) {
        warnings.push(`${lock.file}: ${name} has the unreadable locked version "${entry.version}"; resolving the declared spec instead`);
      } else if (!semver.satisfies(v, dep.spec, { includePrerelease: true })) {
        warnings.push(`${lock.file}: ${name}@${v} does not satisfy "${dep.spec}" in ${manifestFile} (stale lockfile); resolving the declared spec instead`);
      } else {
        dep.lockedVersion = v;
        if (entry.integrity) dep.lockedIntegrity = entry.integrity;
      }
    } else if (lock) {
      warnings.push(`${lock.file}: ${name} is not locked; resolving the declared spec`);
    }
    deps.push(dep);
  }
  return { deps, refusals, warnings };
}

function classifyLockEntry(name: string, entry: LockEntry, bases: string[]): { code: RefusalCode; what: string; fix: string } | null {
  const fix = `regenerate the lockfile against the public npm registry (npm install / pnpm install with the default registry)`;
  let v = entry.version.trim();
  // pnpm writes aliases and URL dependencies as `<name>@<version-or-url>`.
  const at = semver.valid(v) ? null : /^((?:@[^/@]+\/)?[^@/]+)@(.+)$/.exec(v);
  if (at) {
    if (at[1] !== name && semver.valid(at[2])) return { code: 'other_registry', what: `an alias of ${at[1]} ("${v}")`, fix: `depend on ${at[1]} under its own name` };
    v = at[2];
  }
  if (entry.link || /^(file|link|workspace):/i.test(v) || (entry.resolved && /^(file|link):/i.test(entry.resolved))) {
    return { code: 'file_source', what: 'a local path', fix: `publish ${name} and depend on a released version` };
  }
  if (/^npm:/i.test(v)) return { code: 'other_registry', what: `an alias ("${v}")`, fix: `depend on the real package under its own name` };
  const vcs = (s: string) => /^(git\+|git:\/\/|ssh:\/\/|git@|github:|gitlab:|bitbucket:)/i.test(s) || /\.git(#|$)/i.test(s);
  if (vcs(v) || (entry.resolved && vcs(entry.resolved))) return { code: 'vcs_source', what: 'version control', fix: `depend on a version published on the npm registry` };
  if (/^https?:\/\//i.test(v)) return { code: 'url_source', what: `the URL ${v}`, fix: `depend on a version published on the npm registry` };
  if (entry.resolved && /^https?:\/\//i.test(entry.resolved) && bases.length > 0 && !isUnderRegistry(entry.resolved, bases)) {
    let host = entry.resolved;
    try {
      host = new URL(entry.resolved).host;
    } catch {
      /* keep the URL */
    }
    return { code: 'private_registry', what: `the registry at ${host}, not the public npm registry`, fix };
  }
  return null;
}
