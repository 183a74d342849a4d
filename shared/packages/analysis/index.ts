/**
 * Static analysis of a package distribution archive (npm tarball, PyPI sdist or wheel).
 *
 * The archive is streamed from memory: no entry is written to disk, followed or executed.
 * Hostile archives (path traversal, links, devices, decompression bombs, corrupt data) are
 * reported as findings and make the analysis PARTIAL; they never throw.
 */
import { configuredIndexHosts } from '../../sandbox/reputation.js';
import { loadParsers } from '../../parsers/tree-sitter.js';
import { Collector } from './collector.js';
import { readTar, readZip } from './readers.js';
import { DEFAULT_ANALYSIS_LIMITS, type AnalysisLimits, type AnalyzeOptions, type ArchiveAnalysis } from './types.js';

export * from './types.js';
export { scanText, setupPyModuleCode } from './scan.js';
export { classifyFileRoles, pathRole, pythonInstallSeeds, roleSeverity, FILE_ROLES, INERT_ROLES, ROLE_BOUND_RULES, type FileRole, type RoleInputs } from './roles.js';

export function resolveLimits(limits?: Partial<AnalysisLimits>): AnalysisLimits {
  const out: AnalysisLimits = { ...DEFAULT_ANALYSIS_LIMITS };
  if (limits) {
    for (const [k, v] of Object.entries(limits) as [keyof AnalysisLimits, number | undefined][]) {
      if (typeof v === 'number' && !Number.isNaN(v) && v >= 0) out[k] = v;
    }
  }
  return out;
}

export async function analyzeArchive(input: Buffer, opts: AnalyzeOptions): Promise<ArchiveAnalysis> {
  // Python is read as code (python/flow.ts): the grammars load once per process or thread.
  await loadParsers();
  const limits = resolveLimits(opts.limits);
  const col = new Collector(limits, opts.registry, input.length, opts.registryHosts ?? configuredIndexHosts());
  const read = async (): Promise<void> => {
    try {
      if (opts.kind === 'zip') await readZip(input, col);
      else await readTar(input, col);
    } catch (err) {
      col.markCorrupt(err instanceof Error ? err.message : String(err));
    }
  };
  if (input.length > limits.maxArchiveBytes) {
    col.tooLargeArchive();
    col.firstReadDone();
  } else {
    await read();
    col.firstReadDone();
    // Truncation never hides what runs first: read hooks, entry points and their imports from
    // the unread tail (and entry points too large for the scan limit), pass after pass.
    for (let plan = col.nextPriorityPass(); plan; plan = col.nextPriorityPass()) {
      const before = col.priorityFileCount;
      col.startPriorityPass(plan);
      await read();
      if (!col.endPriorityPass(before)) break;
    }
  }
  return col.finalize({ binaryOnly: opts.binaryOnly });
}
