import { config } from '../config.js';
import { ApiError, unprocessable } from '../errors.js';
import { fetchSkillSource, resolveSourceUrl, type SourceHostConfig } from '../skills/source.js';
import { parsePackageJson } from './manifests/package-json.js';
import { parseRequirementsTxt } from './manifests/requirements.js';
import { npmRegistryBase } from './clients.js';
import type { DeclaredDependency, Refusal } from './types.js';

/** The dependency files a CODE+PACKAGES submission may carry (inline or next to the skill file). */
export const DEPENDENCY_FILE_NAMES = ['requirements.txt', 'package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml'] as const;
const MANIFESTS = ['requirements.txt', 'package.json'];
export const MAX_DEPENDENCY_FILE_BYTES = 5 * 1024 * 1024;

export interface ParsedDependencies {
  deps: DeclaredDependency[];
  refusals: Refusal[];
  warnings: string[];
}

/**
 * Reads the manifests (rules 1–2). Refusals of what was declared (wildcards, tags, VCS, URLs, paths,
 * other registries) are returned, not thrown: the caller decides (422 at submission, rows in preview).
 */
export function parseDependencyFiles(files: Record<string, string>, field = 'dependencyFiles'): ParsedDependencies {
  for (const [name, content] of Object.entries(files)) {
    if (!(DEPENDENCY_FILE_NAMES as readonly string[]).includes(name)) {
      throw unprocessable('unsupported_dependency_file', `${name} is not a supported dependency file (${DEPENDENCY_FILE_NAMES.join(', ')})`, `${field}.${name}`);
    }
    if (typeof content !== 'string') throw new ApiError(400, 'invalid_field', `${field}.${name} must be a string`, `${field}.${name}`);
    if (Buffer.byteLength(content) > MAX_DEPENDENCY_FILE_BYTES) throw new ApiError(413, 'dependency_file_too_large', `${name} exceeds 5 MiB`, `${field}.${name}`);
  }
  if (!MANIFESTS.some((m) => files[m] !== undefined)) {
    throw unprocessable('missing_dependency_manifest', 'A CODE+PACKAGES submission needs requirements.txt or package.json', field);
  }
  const out: ParsedDependencies = { deps: [], refusals: [], warnings: [] };
  const run = (file: string, fn: () => { deps: DeclaredDependency[]; refusals: Refusal[]; warnings: string[] }) => {
    try {
      const r = fn();
      out.deps.push(...r.deps);
      out.refusals.push(...r.refusals);
      out.warnings.push(...r.warnings);
    } catch (err) {
      throw unprocessable('invalid_dependency_file', (err as Error).message, `${field}.${file}`);
    }
  };
  if (files['requirements.txt'] !== undefined) run('requirements.txt', () => parseRequirementsTxt(files['requirements.txt']!));
  if (files['package.json'] !== undefined) {
    const lockName = (['pnpm-lock.yaml', 'package-lock.json', 'npm-shrinkwrap.json'] as const).find((n) => files[n] !== undefined);
    const lock = lockName ? { file: lockName, content: files[lockName]! } : undefined;
    run(lockName ?? 'package.json', () => parsePackageJson(files['package.json']!, lock, { registryBase: npmRegistryBase() }));
  }
  // Bounded work per submission: each declared dependency costs registry lookups and an audit.
  const cap = config().PACKAGE_MAX_DECLARED_DEPENDENCIES;
  const declared = out.deps.length + out.refusals.length;
  if (declared > cap) {
    const err = unprocessable(
      'too_many_dependencies',
      `The dependency files declare ${declared} dependencies; at most ${cap} are accepted per submission (PACKAGE_MAX_DECLARED_DEPENDENCIES).`,
      field,
    );
    err.details = [{ declared, cap }];
    throw err;
  }
  return out;
}

/** At submission, refused declarations are a 422 that lists every dependency and why. */
export function assertNoRefusals(parsed: ParsedDependencies, field = 'dependencyFiles'): void {
  if (parsed.refusals.length === 0) return;
  const lines = parsed.refusals.map((r) => `${r.name} (${r.spec || 'no version'}): ${r.reason}`);
  const err = new ApiError(422, 'dependency_refused', `${parsed.refusals.length} dependenc${parsed.refusals.length === 1 ? 'y is' : 'ies are'} not accepted: ${lines.join(' | ')}`, field);
  err.details = parsed.refusals.map((r) => ({ registry: r.registry, name: r.name, spec: r.spec, manifestFile: r.manifestFile, code: r.code, reason: r.reason }));
  throw err;
}

/** Dependency files next to the skill file at the same commit (missing ones are skipped). */
export async function fetchSiblingDependencyFiles(sourceUrl: string, sourceRef: string, cfg: SourceHostConfig): Promise<Record<string, string>> {
  const raw = resolveSourceUrl(sourceUrl, sourceRef, cfg);
  const dir = raw.slice(0, raw.lastIndexOf('/') + 1);
  const files: Record<string, string> = {};
  for (const name of DEPENDENCY_FILE_NAMES) {
    try {
      const f = await fetchSkillSource(`${dir}${name}`, sourceRef, { ...cfg, maxBytes: MAX_DEPENDENCY_FILE_BYTES });
      files[name] = f.text;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'source_not_found') continue;
      throw err;
    }
  }
  return files;
}
