/**
 * Static analysis of a package distribution archive (npm tarball, PyPI sdist or wheel).
 *
 * The archive is streamed from memory: no entry is written to disk, followed or executed.
 * Hostile archives (path traversal, links, devices, decompression bombs, corrupt data) are
 * reported as findings and make the analysis PARTIAL; they never throw.
 */
import { createHash } from 'node:crypto';
import { configuredIndexHosts } from '../../sandbox/reputation.js';
import { loadParsers } from '../../parsers/tree-sitter.js';
import { ArchiveCollector } from './archive-collector.js';
import { readTar, readZip } from './readers.js';
import { DEFAULT_ANALYSIS_LIMITS, type AnalysisLimits, type AnalyzeOptions, type ArchiveAnalysis } from './types.js';

export * from './types.js';
export { scanText, setupPyModuleCode } from './file-scan.js';
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
  const col = new ArchiveCollector(limits, opts.registry, input.length, opts.registryHosts ?? configuredIndexHosts());
  const read = async (): Promise<void> => {
    try {
      if (opts.kind === 'zip') await readZip(input, col);
      else await readTar(input, col);
    } catch (err) {
      col.markCorrupt(err instanceof Error ? err.message : String(err));
    }
  };
  if (input.length > limits.maxArchiveBytes && opts.kind === 'tgz') {
    // Over the in-memory limit: read streaming, once, as a download would be (analyzeArchiveStream).
    return (await streamed(input, opts, limits)).analysis;
  }
  if (input.length > limits.maxArchiveBytes) {
    // A zip is read through its central directory at the end: it cannot be streamed.
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

/** An archive read streaming, with the digests of every byte of it. */
export interface StreamedAnalysis {
  analysis: ArchiveAnalysis;
  /** Compressed bytes read (the whole file, also when a limit stopped the analysis). */
  bytes: number;
  sha256: string;
  /** The digest under `digest` (the registry's published algorithm), when asked for. */
  digest?: string;
}

/**
 * A gzip tarball analysed as its bytes arrive (a download), read once, entry by entry: code files are
 * kept one at a time to be scanned, binary blobs (by extension or by their magic bytes) are hashed and
 * passed. Memory stays bounded whatever the archive's size: the tar parser's window, one file
 * (maxFileBytes; entry points up to maxEntryFileBytes are not re-read here), the JavaScript kept for
 * the install-hook reach (48 MB) and the findings; never the archive. Limits: maxFiles, maxTotalBytes
 * of code, maxStreamedBytes in all, the decompression ratio. Every byte is hashed (SHA-256 and the
 * registry's algorithm) even after a limit stops the analysis, so the caller checks the file's
 * integrity. No priority passes: a stream cannot be re-read.
 */
export async function analyzeArchiveStream(source: AsyncIterable<Uint8Array>, opts: AnalyzeOptions, digest?: 'sha512' | 'sha1' | 'sha256'): Promise<StreamedAnalysis> {
  await loadParsers();
  return streamed(source, opts, resolveLimits(opts.limits), digest);
}

async function streamed(source: Buffer | AsyncIterable<Uint8Array>, opts: AnalyzeOptions, limits: AnalysisLimits, digest?: 'sha512' | 'sha1' | 'sha256'): Promise<StreamedAnalysis> {
  await loadParsers();
  const h256 = createHash('sha256');
  const hAlg = digest && digest !== 'sha256' ? createHash(digest) : null;
  let bytes = 0;
  const onChunk = (c: Uint8Array): void => {
    bytes += c.byteLength;
    h256.update(c);
    hAlg?.update(c);
  };
  const col = new ArchiveCollector(limits, opts.registry, Buffer.isBuffer(source) ? source.length : 0, opts.registryHosts ?? configuredIndexHosts());
  col.streaming = true;
  if (Buffer.isBuffer(source)) {
    onChunk(source);
    try {
      await readTar(source, col);
    } catch (err) {
      col.markCorrupt(err instanceof Error ? err.message : String(err));
    }
  } else {
    // The archive's own faults are findings (the parser reports them); a download that fails throws:
    // what was not received was neither hashed nor read.
    await readTar(source, col, onChunk);
  }
  col.firstReadDone();
  col.streamedNote(bytes);
  const sha256 = h256.digest('hex');
  return { analysis: col.finalize({ binaryOnly: opts.binaryOnly }), bytes, sha256, ...(digest ? { digest: hAlg ? hAlg.digest('hex') : sha256 } : {}) };
}
