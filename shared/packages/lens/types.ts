import type { ArchiveAnalysis } from '../analysis/types.js';
import type { PackageSecurityLevel, RegistrySource } from '../types.js';

export type PackageValidatorKey = 'sentinel' | 'cartographer' | 'steward';

export interface PackageAdvisoryRow {
  /** 'low' | 'moderate' | 'high' | 'critical' | 'unknown' (free text is tolerated). */
  severity: string;
  id: string;
  title: string;
}

export interface PackageCase {
  registry: RegistrySource;
  name: string;
  version: string;
  analysis: ArchiveAnalysis;
  /** Published digest against the digest of the bytes fetched. */
  integrity: { ok: boolean; expected: string; actual: string };
  /** `status: 'unknown'` when the advisory source could not be reached: never read as "none". */
  advisories: { status: 'ok' | 'unknown'; advisories: PackageAdvisoryRow[] };
}

export interface PackageOpinion {
  validatorKey: PackageValidatorKey;
  level: PackageSecurityLevel;
  reasons: string[];
}

export interface PackageValidator {
  key: PackageValidatorKey;
  displayName: string;
  /** What this validator looks at, in one sentence. */
  lens: string;
  /** The simplified library prompt (what a model-backed validator would be asked). */
  prompt: string;
  review(c: PackageCase): PackageOpinion;
}

export interface PackageVerdict {
  securityLevel: PackageSecurityLevel;
  councilVerdict: 'APPROVED' | 'REJECTED';
  reasons: string[];
}
