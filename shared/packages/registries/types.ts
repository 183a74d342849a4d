/**
 * Additions to the shared package vocabulary (../types.ts) used by the registry clients,
 * the manifest parsers and the graph expansion. ../types.ts itself is not edited.
 */
import type { Advisory, DeclaredDependency, Refusal, RegistrySource, ResolvedDependency } from '../types.js';

/** Result of a manifest parser: accepted declarations and refusals, one per refused declaration and cause. */
export interface ManifestParseResult {
  deps: DeclaredDependency[];
  refusals: Refusal[];
  /** Non-blocking observations (for example a lockfile entry that disagrees with the declared spec). */
  warnings: string[];
}

/** Either a resolved dependency or the refusal explaining why it could not be resolved. */
export type ResolveOutcome = ResolvedDependency | Refusal;

export function isRefusal(x: ResolveOutcome | Refusal | ResolvedDependency): x is Refusal {
  return typeof (x as Refusal).code === 'string' && typeof (x as Refusal).reason === 'string';
}

/** npm bulk advisories carry CWE ids and a CVSS object beyond the shared Advisory fields. */
export interface NpmAdvisory extends Advisory {
  source: 'npm';
  cwe: string[];
  cvss: { score: number; vectorString: string | null } | null;
}

/** PyPI release JSON vulnerabilities carry a description and the withdrawal time. */
export interface PypiAdvisory extends Advisory {
  source: 'pypi';
  details: string | null;
}

/** Key used everywhere a package version is named: `name@version` (scoped npm names keep their `@`). */
export function packageKey(name: string, version: string): string {
  return `${name}@${version}`;
}

export interface RegistryClientOptions {
  /** Registry base URL from configuration (never hard-coded). A trailing slash is ignored. */
  baseUrl: string;
  fetchImpl?: typeof fetch;
  /** Per-request timeout for metadata requests (default 15 s). */
  timeoutMs?: number;
  /** Timeout for a whole distribution download (default 120 s). */
  downloadTimeoutMs?: number;
  /** Largest JSON document accepted (default 64 MiB). */
  maxJsonBytes?: number;
}

export type { RegistrySource };
