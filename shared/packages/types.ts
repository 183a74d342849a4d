/** Shared vocabulary of the Package Trust Registry. */
export type RegistrySource = 'npm' | 'pypi';

/** A dependency as the submitter declared it in a manifest. */
export interface DeclaredDependency {
  registry: RegistrySource;
  name: string;
  /** The spec as written: "^4.18.0", "==2.31.0", ">=1.2,<2". */
  spec: string;
  manifestFile: string;
  /** Version pinned by a lockfile in scope, if any; wins over range resolution. */
  lockedVersion?: string;
  /** SRI integrity from the lockfile, if any. */
  lockedIntegrity?: string;
}

export type RefusalCode =
  | 'wildcard'
  | 'floating_tag'
  | 'vcs_source'
  | 'url_source'
  | 'file_source'
  | 'private_registry'
  | 'other_registry'
  | 'unknown_package'
  | 'unknown_version'
  | 'no_matching_version'
  | 'invalid_spec'
  | 'lockfile_integrity_mismatch'
  | 'registry_unreachable';

export interface Refusal {
  registry: RegistrySource;
  name: string;
  spec: string;
  manifestFile: string;
  code: RefusalCode;
  /** One sentence the submitter understands, with the fix. */
  reason: string;
}

export interface ResolvedDependency extends DeclaredDependency {
  version: string;
  resolvedFrom: 'exact' | 'range' | 'lockfile';
}

/** The one distribution file chosen for an exact package version, as the registry publishes it. */
export interface DistributionInfo {
  registry: RegistrySource;
  name: string;
  version: string;
  kind: 'npm-tarball' | 'sdist' | 'wheel';
  filename: string;
  /** Absolute URL, always under the configured registry base (npm) or as PyPI's JSON gives it. */
  url: string;
  /** Published digest to verify against: npm integrity sha512 (else shasum sha1), PyPI sha256. Hex. */
  publishedDigest: { algorithm: 'sha512' | 'sha1' | 'sha256'; hex: string };
  size?: number;
  /** Why this file was chosen (PyPI: sdist vs wheel), recorded on the certificate. */
  choice: string;
  /** True when only compiled wheels exist (BINARY_ONLY analysis). */
  binaryOnly: boolean;
  /** Declared runtime dependencies of this version: name -> spec (npm `dependencies`; PyPI requires_dist reduced). */
  dependencies: Record<string, string>;
}

export type AdvisorySeverity = 'low' | 'moderate' | 'high' | 'critical' | 'unknown';

export interface Advisory {
  id: string;
  source: RegistrySource;
  title: string;
  severity: AdvisorySeverity;
  url: string | null;
  vulnerableVersions: string | null;
  aliases: string[];
  fixedIn: string[];
}

/** `status: 'unknown'` when the advisory source could not be reached: never read as "no advisories". */
export interface AdvisorySnapshot {
  status: 'ok' | 'unknown';
  fetchedAt: string;
  source: string;
  advisories: Advisory[];
  error?: string;
}

export type PackageSecurityLevel = 'CLEAR' | 'MONITORED' | 'CAUTION' | 'BLOCKED';
export type AnalysisType = 'FULL' | 'PARTIAL' | 'BINARY_ONLY';

/** An exact package version: the unit of audit and certification. */
export interface PackageRef {
  registry: RegistrySource;
  name: string;
  version: string;
}
