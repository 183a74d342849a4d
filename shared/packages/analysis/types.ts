/**
 * Vocabulary of the static analysis of a package distribution archive (npm tarball, PyPI sdist or
 * wheel). Nothing in an archive is ever executed or written to disk: it is streamed from memory.
 */
import type { AnalysisType, RegistrySource } from '../types.js';
import type { FileRole } from './roles.js';

/**
 * Version of the rule set (scan anchors, behaviour rules, decoders, lens): recorded on every new
 * package certificate. Bump it whenever what a rule matches or how findings map to levels changes.
 */
export const ANALYSIS_VERSION = 'pkg-analysis-2026.12.10';

export type FindingSeverity = 'INFO' | 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

/** Ascending order of severities, for ranking. */
export const FINDING_SEVERITY_ORDER: readonly FindingSeverity[] = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];

export function severityRank(s: FindingSeverity): number {
  return FINDING_SEVERITY_ORDER.indexOf(s);
}

export type PackageFindingCategory =
  | 'install_script'
  | 'exfiltration'
  | 'obfuscation'
  | 'shell'
  | 'network'
  | 'env_access'
  | 'filesystem'
  | 'secret'
  | 'binary'
  | 'archive';

export interface PackageFinding {
  ruleId: string;
  severity: FindingSeverity;
  category: PackageFindingCategory;
  /** Path inside the archive as stored there ('' for findings about the archive as a whole). */
  file: string;
  /** 1-based line of the match, when the finding comes from a text file. */
  line?: number;
  message: string;
  /** At most 120 characters of the matched text; secrets are redacted. */
  evidence?: string;
  /**
   * When the finding's file runs (roles.ts): install-time, import-time, runtime, or never by itself
   * (test, example, docs, release-tooling). Absent on findings about the archive as a whole.
   */
  role?: FileRole;
}

export interface AnalysisLimits {
  /** Size of the compressed archive itself. */
  maxArchiveBytes: number;
  /** Regular files read from the archive. */
  maxFiles: number;
  /** Sum of the decompressed sizes of the regular files. */
  maxTotalBytes: number;
  /** Files larger than this are hashed and listed but not scanned. */
  maxFileBytes: number;
  /**
   * Decompressed / compressed bytes. Checked once more than `ratioFloorBytes` have been
   * decompressed (gzip of ordinary source code stays far below 100).
   */
  maxCompressionRatio: number;
  ratioFloorBytes: number;
  /** Length of the `files` list in the result (fileCount and fileSetHash still cover every file). */
  maxListedFiles: number;
  /**
   * Priority passes (when a limit stopped the first read): files and decompressed bytes they may
   * read, and the scan limit for entry points and install hooks (above maxFileBytes, so a large
   * bundled `main` is still read).
   */
  maxPriorityFiles: number;
  maxPriorityBytes: number;
  maxEntryFileBytes: number;
  /**
   * Decompressed bytes (blobs included) read from an archive over maxArchiveBytes, which is read
   * streaming: its binary blobs are hashed and passed, never kept (a bound on time, not memory).
   */
  maxStreamedBytes: number;
  /**
   * Milliseconds of the analysing thread's own CPU time (shared/threads/budget-clock.ts, with its wall cap) for
   * reading the archive in its order. Past it no further file of that read is scanned (`LIMIT-TIME-001`,
   * `limitsHit: ["maxAnalysisMs"]`) and the priority passes read what runs first from the rest (install hooks,
   * entry points and what they import: bounded by maxPriorityFiles and maxPriorityBytes); then the package-level
   * steps run. The thread's own budget (pool.ts, PACKAGE_ANALYSIS_BUDGET_MS) bounds the whole.
   * 0 (the default of a direct call: tests, benches, offline tools, as a skill's dryRunReview): no budget. The
   * audit sets three quarters of PACKAGE_ANALYSIS_BUDGET_MS. docs/analysis-limits.md, "Package analysis: the budget inside".
   */
  maxAnalysisMs: number;
}

export const DEFAULT_ANALYSIS_LIMITS: Readonly<AnalysisLimits> = Object.freeze({
  maxArchiveBytes: 50 * 1024 * 1024,
  maxFiles: 20_000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxFileBytes: 5 * 1024 * 1024,
  maxCompressionRatio: 200,
  ratioFloorBytes: 8 * 1024 * 1024,
  maxListedFiles: 5000,
  maxPriorityFiles: 5000,
  maxPriorityBytes: 64 * 1024 * 1024,
  maxEntryFileBytes: 16 * 1024 * 1024,
  maxStreamedBytes: 2 * 1024 * 1024 * 1024,
  maxAnalysisMs: 0,
});

/** Names used in `limitsHit`. */
export type LimitName =
  | 'maxArchiveBytes'
  | 'maxFiles'
  | 'maxTotalBytes'
  | 'maxFileBytes'
  | 'maxCompressionRatio'
  | 'maxStreamedBytes'
  | 'maxAnalysisMs';

export interface ArchiveFile {
  path: string;
  size: number;
  sha256: string;
}

export interface InstallScript {
  /** npm: preinstall / install / postinstall / prepare; PyPI: setup.py */
  name: string;
  command: string;
}

/** What was read of the files that run first; on the certificate as `analysis.coverage`. */
export interface AnalysisCoverage {
  /** Every install hook, entry point and file they import was read and scanned, and the archive was read to its end. */
  complete: boolean;
  /** Some read (the first one or a priority pass) went through every entry of the archive. */
  readToEnd: boolean;
  /** A size or file-count limit stopped the first read (the rest was read in priority order). */
  truncated: boolean;
  /** Files that run first that were read: count and the first paths. */
  entryPointsRead: number;
  entryPoints: string[];
  /** Files that run first that exist but could not be read (too large, over the priority budget). */
  unread: string[];
  /** Files read by the priority passes after the limit stopped the first read. */
  priorityFilesRead: number;
  /** Files of the unread tail left unread (only files that run first are read there). */
  tailFilesNotRead: number;
}

export interface ArchiveAnalysis {
  analysisType: AnalysisType;
  /** Regular files read (ignored entries excluded). */
  fileCount: number;
  /** Decompressed bytes of those files. */
  totalBytes: number;
  /** sha256 hex over the sorted lines "path\0sha256(content)\n" of every regular file read. */
  fileSetHash: string;
  /** First `maxListedFiles` files in path order. */
  files: ArchiveFile[];
  /** Sorted names: crypto-mining, env, eval, filesystem:write, install-script, native-binary, network, shell. */
  capabilities: string[];
  installScripts: InstallScript[];
  /** Paths of compiled files (by extension or by ELF / Mach-O / PE magic bytes). */
  binaries: string[];
  findings: PackageFinding[];
  limitsHit: string[];
  /** Absent on analyses that read nothing (integrity mismatch, aborted, oversize before reading). */
  coverage?: AnalysisCoverage;
  /**
   * npm: archive files that run when the package is installed from the registry (the files the
   * preinstall / install / postinstall hooks run and what they load, transitively; sorted, at most
   * 500). Absent when no hook runs an archive file. See analysis/npm/judge.ts installTimeFiles.
   */
  installTimeFiles?: string[];
}

export interface AnalyzeOptions {
  kind: 'tgz' | 'zip';
  registry: RegistrySource;
  limits?: Partial<AnalysisLimits>;
  /** Caller knows the release is compiled-only (e.g. a wheel-only PyPI release): report BINARY_ONLY. */
  binaryOnly?: boolean;
  /**
   * Hosts of the package registries this service uses (a package's own distribution channel, for
   * install scripts that download its prebuilt binary). Default: PYPI_URL, NPM_REGISTRY_URL and
   * PACKAGE_INDEX_HOSTS from the environment.
   */
  registryHosts?: string[];
}
