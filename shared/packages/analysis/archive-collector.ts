/**
 * Collects the entries of one archive as they stream past (tar or zip, the readers only feed it):
 * validates paths and entry types, enforces limits, hashes every regular file, keeps the content
 * of text-like files just long enough to scan it, and at the end turns the per-file results into
 * the package-level ArchiveAnalysis.
 */
import type { RegistrySource } from '../types.js';
import { isConventionalEntry, type PyEntryPoint } from './entrypoints.js';
import type { FlowFacts } from './npm/flow-facts.js';
import type { ResolvedHook } from './npm/hooks.js';
import type { DownloadFacts, ReachedDownload } from './ownbinary.js';
import type { JsReach } from './npm/reach-js.js';
import { releaseParsedJs } from './npm/flow-js.js';
import { type Budget, startBudget } from '../../threads/budget-clock.js';
import type { ScriptDownloadFacts, ScriptDownloadVerdict } from './npm/script-download.js';
import { OwnHosts, type PackageMetadata } from './own-hosts.js';
import type { PyFacts } from './python/flow.js';
import type { ModuleReach } from './python/reach.js';
import type { Lang } from './signals.js';
import type { FileRisk } from './backstop.js';
import type { FileRole } from './roles.js';
import { severityRank, type AnalysisCoverage, type AnalysisLimits, type ArchiveAnalysis, type FindingSeverity, type InstallScript, type LimitName, type PackageFinding } from './types.js';
import { type CapabilityInfo, type EntryKind, MAX_FINDINGS, MAX_FINDINGS_PER_RULE, MAX_TAIL_PATHS, type PriorityPass, classify, depthOf } from './collector/files.js';
import { FileSink } from './collector/file-sink.js';
import { finishFile } from './collector/finish-file.js';
import type { ReaderFailures } from './collector/reader-guard.js';
import { coverage, entryClosure, finalize } from './collector/finalize.js';
import { confirmScriptPattern, downloadFactsFrom, npmInstallScripts, npmMeta, packageIdentity, reachOf, reachedDownload, reviewNpmHook } from './collector/npm-hooks.js';
import { closureOf, followHandoffs, followPyHandOffs, followReturns } from './collector/follow.js';
import { applyRoles, collectNames, liveAt, ownHosts, ownReleaseDownload } from './collector/roles.js';
export type { EntryKind } from './collector/files.js';
export { FileSink } from './collector/file-sink.js';

export class ArchiveCollector {
  stopped = false;
  /** Called once when a limit stops the read; the reader tears its stream down. */
  onStop: (() => void) | null = null;
  /** Compressed bytes fed so far (tar): for the decompression ratio. */
  compressedFed = 0;

  private streamed = 0;
  /** Decompressed bytes kept to be scanned, and (streaming) the declared sizes of the code files begun. */
  private keptBytes = 0;
  private keptDeclared = 0;
  /** The archive is over maxArchiveBytes and read streaming, once (index.ts). */
  streaming = false;
  fileCount = 0;
  totalBytes = 0;
  readonly entries: { path: string; size: number; sha256: string }[] = [];
  readonly seenPaths = new Set<string>();
  readonly findings: PackageFinding[] = [];
  readonly ruleCounts = new Map<string, number>();
  readonly limitsHit = new Set<LimitName>();
  readonly binaries: string[] = [];
  /** Settings files of a PyPI package that carry a download piped into a shell, or a YAML tag that calls a process starter or exec. */
  readonly dataPayloads: { path: string; kind: 'command' | 'tag'; evidence: string }[] = [];
  /** Requirement files that name another index or a URL (python/build-requires.ts requirementUrls): installed by setup.py, they steer pip. */
  readonly requirementUrls: { path: string; url: string; line: number; evidence: string }[] = [];
  /** Python code (outside tests) that runs a command read from a settings file, or loads YAML with a loader that applies Python tags. */
  readonly configRuns: { path: string; line: number; evidence: string; onRequest: boolean }[] = [];
  readonly unsafeYaml: { path: string; line: number; evidence: string }[] = [];
  /** Compiled Python modules outside __pycache__ (path → whether their strings name a process start, exec or a URL). */
  readonly pycFiles = new Map<string, string | null>();
  sourceFiles = 0;
  ignoredEntries = 0;
  corrupt = false;
  readonly caps = new Map<number, CapabilityInfo>();
  /** Signals and worst finding severity of each scanned code file (install scripts refer to them). */
  /** `savesFetched`: the JS flow reader read the file and says whether fetched data may be saved (npm/flow-facts.ts); absent when it did not read it. */
  readonly fileInfo = new Map<string, { signals: number; worst: number; scanned: boolean; download?: DownloadFacts; urls?: string[]; script?: ScriptDownloadFacts; savesFetched?: boolean }>();
  /** Shallow package.json / setup.py / pyproject.toml texts. */
  readonly manifests = new Map<string, string>();
  /** Files the `prepare` hook runs (git and local installs): their acts keep their severity whatever the path says. */
  prepareTime: ReadonlySet<string> | undefined;
  readonly setupPyCode = new Map<string, string[]>();
  readonly rootMarkers: string[] = [];
  /**
   * npm: package.json / binding.gyp one folder below the top folder, and the manifests' texts there (`package/x/package.json`).
   * Read as the package's when the top folder has none (`promoteNestedRoot`).
   */
  readonly nestedMarkers: string[] = [];
  readonly nestedManifests = new Map<string, string>();
  /** All scripts of the root package.json (install scripts may call the others). */
  readonly npmScripts = new Map<string, string>();

  // Truncation: what the first read left unread, and the priority passes that read it.
  /** Entries begun in the current pass (the entry's ordinal in the archive). */
  private ordinal = 0;
  /** Ordinal of the first entry the first read did not finish (Infinity: it read to the end). */
  stopOrdinal = Number.POSITIVE_INFINITY;
  private pass: PriorityPass | null = null;
  /** Did some read (the first or a priority pass) get through every entry? Set by the driver. */
  readToEnd = false;
  /** Paths seen in the unread tail during priority passes. */
  readonly tailPaths = new Set<string>();
  /** Code files over maxFileBytes, left unscanned: path → ordinal. */
  readonly largeUnscanned = new Map<string, number>();
  /** Ordinals of tail entries read by priority passes. */
  readonly priorityRead = new Set<number>();
  priorityFiles = 0;
  private priorityBytes = 0;
  private priorityOverBudget = false;
  /** The first read stopped at a limit (kept while priority passes reuse `stopped`). */
  truncated = false;
  private passFailed = false;
  private passes = 0;
  /** Files in the unread tail (counted during the first priority pass). */
  tailFiles = 0;
  /** Module specifiers each scanned code file loads. */
  readonly importsOf = new Map<string, { lang: 'js' | 'py'; specs: string[] }>();
  /** What each Python file takes from the modules it imports (names, or the whole module). */
  readonly pyImportUses = new Map<string, { spec: string; names: string[] | null }[]>();
  /** Which function bodies of a parsed Python file code run at import reaches (python/reach.ts). */
  readonly pyReach = new Map<string, ModuleReach>();
  /** Parsed Python files' cross-module facts: what they hand to other modules, which of their functions send their arguments. */
  readonly pyCross = new Map<string, Pick<PyFacts, 'sendsParam' | 'handsOff'> & Partial<Pick<PyFacts, 'runsParam' | 'fileFns' | 'runsOther' | 'returnFns' | 'usesOther'>>>();
  /** Small Python files that make network calls, kept until finalize: a parsed file may hand them data (followPyHandOffs). */
  readonly pyNetTexts = new Map<string, Buffer>();
  pyNetBytes = 0;
  /** Source-to-sink facts of the files the pre-scan marked (npm/flow.ts). */
  readonly flow = new Map<string, FlowFacts>();
  /** What JavaScript modules' exported functions return (FlowFacts.returns; null: nothing or not read). */
  readonly exportReturns = new Map<string, Record<string, number> | null>();
  /** Files npm runs when the package is installed from the registry (set by finalize). */
  installTime = new Set<string>();
  /** Each file's risk capabilities (backstop.ts), weighed with roles in finalize. */
  readonly risks = new Map<string, FileRisk>();
  /** Readers that threw, per file (collector/reader-guard.ts): reported by finalize, weighed by role. */
  readonly readerFailures: ReaderFailures = new Map();
  /** JSON data files whose strings are process-starting code reaching a remote host (collector/data-code.ts). */
  readonly dataCode: { path: string; evidence: string }[] = [];
  /** Every file's role, once applyRoles has run. */
  roles = new Map<string, FileRole>();
  /** Python: names each module calls at its module level (backstop.ts: what a running importer runs). */
  readonly pyTopCalls = new Map<string, Set<string>>();
  /** npm: the files `main` / `exports` load (set by finalize). */
  importTimeFiles: Set<string> | undefined;
  /** Local Python files the root setup.py runs by path (`runpy.run_path`, `exec(open(…).read())`). */
  readonly setupRuns = new Set<string>();
  /** Entry points root setup.py's `setup(entry_points=…)` declares (read by the parser). */
  readonly setupEntryPoints: PyEntryPoint[] = [];
  /** npm: JavaScript texts kept for the install-hook reach (released by finalize). */
  readonly jsTexts = new Map<string, string>();
  jsTextBytes = 0;
  /** npm: the names runnable texts carry, for scripts in languages npm never runs by itself (roles.ts NpmScriptNames); null once a text could not be read. */
  names: { tokens: Set<string>; bareExts: Set<string>; foreign: Map<string, Set<string> | null> } | null = { tokens: new Set(), bareExts: new Set(), foreign: new Map() };

  /**
   * The time budget of the read in archive order (`maxAnalysisMs`, the thread's CPU time). Checked before each file
   * is read, so a file begun is read whole (each is bounded by maxFileBytes and its readers' own limits). The
   * priority passes after it are bounded by what they may read (maxPriorityFiles, maxPriorityBytes: only files that
   * run first), and the whole analysis by its thread's budget (pool.ts).
   */
  private readonly readBudget: Budget | null;
  /** Files read in archive order before the time budget stopped that read (undefined: it did not). */
  timeCutAfter: number | undefined;

  constructor(
    readonly limits: AnalysisLimits,
    readonly registry: RegistrySource,
    private readonly inputBytes: number,
    /** Hosts of the configured package registries (a package's own distribution channel). */
    readonly registryHosts: readonly string[] = [],
  ) {
    // CPU time only, no wall cap: a verdict must not depend on how busy the worker is (docs/analysis-limits.md,
    // "Which clock"); a thread stuck without CPU is stopped by its pool's wall cap (pool.ts).
    this.readBudget = limits.maxAnalysisMs > 0 ? startBudget(limits.maxAnalysisMs, 'cpu', Number.POSITIVE_INFINITY) : null;
  }

  // -------------------------------------------------------------------------------------------
  // findings and limits

  addFinding(f: PackageFinding): void {
    const n = this.ruleCounts.get(f.ruleId) ?? 0;
    this.ruleCounts.set(f.ruleId, n + 1);
    if (n >= MAX_FINDINGS_PER_RULE) return;
    if (this.findings.length >= MAX_FINDINGS && severityRank(f.severity) < severityRank('MEDIUM')) return;
    if (f.evidence && f.evidence.length > 120) f.evidence = f.evidence.slice(0, 120);
    this.findings.push(f);
  }

  archiveFinding(ruleId: string, severity: FindingSeverity, file: string, message: string, evidence?: string): void {
    this.addFinding({ ruleId, severity, category: 'archive', file, message, ...(evidence ? { evidence: evidence.slice(0, 120) } : {}) });
  }

  stop(limit: LimitName | null, ruleId: string, severity: FindingSeverity, file: string, message: string): void {
    if (this.pass) {
      // A priority pass that hits a stream limit ends without reaching the end of the archive.
      if (!this.stopped) {
        this.stopped = true;
        const cb = this.onStop;
        this.onStop = null;
        cb?.();
      }
      return;
    }
    if (limit) this.limitsHit.add(limit);
    this.archiveFinding(ruleId, severity, file, message);
    if (this.stopOrdinal === Number.POSITIVE_INFINITY) this.stopOrdinal = Math.max(0, this.ordinal - 1);
    if (!this.stopped) {
      this.stopped = true;
      const cb = this.onStop;
      this.onStop = null;
      cb?.();
    }
  }

  markCorrupt(message: string, file = ''): void {
    if (this.pass) {
      this.passFailed = true;
      return;
    }
    if (this.stopped) return;
    this.corrupt = true;
    this.archiveFinding('corrupt_archive', 'MEDIUM', file, `the archive is damaged or not a ${this.registry === 'npm' ? 'gzip tarball' : 'valid archive'}: ${message}`.slice(0, 300));
  }

  archiveWarning(code: string, message: string): void {
    if (this.pass) return;
    if (code === 'TAR_BAD_ARCHIVE' || code === 'TAR_ENTRY_INVALID' || code === 'TAR_ABORT') {
      this.markCorrupt(`${code}: ${message}`);
    } else if (code !== 'TAR_ENTRY_INFO') {
      this.archiveFinding('archive_warning', 'INFO', '', `${code}: ${message}`.slice(0, 300));
    }
  }

  /** An archive over maxArchiveBytes that was read streaming (index.ts analyzeArchiveStream): said on the analysis. */
  streamedNote(bytes: number): void {
    this.archiveFinding(
      'archive_streamed',
      'INFO',
      '',
      `the archive (${bytes} bytes) is over the ${this.limits.maxArchiveBytes}-byte in-memory limit: read streaming, entry by entry, once; code files scanned, binary blobs hashed and passed (${this.keptBytes} of ${this.streamed} decompressed bytes kept to be scanned)`,
    );
  }

  tooLargeArchive(): void {
    this.stop('maxArchiveBytes', 'archive_too_large', 'MEDIUM', '', `the archive (${this.inputBytes} bytes) exceeds the ${this.limits.maxArchiveBytes}-byte limit and was not read`);
  }

  /**
   * Decompressed bytes seen (all entries): checks the decompression ratio and the size limits.
   * `kept`: the bytes are kept to be scanned (code). An archive over maxArchiveBytes is read
   * streaming (`streamed` mode): its binary blobs are hashed and passed, so only the kept bytes
   * count against maxTotalBytes and every byte against maxStreamedBytes.
   */
  onBytes(n: number, kept = true): void {
    this.streamed += n;
    if (kept) this.keptBytes += n;
    if (this.stopped) return;
    if (this.streaming ? this.keptBytes > this.limits.maxTotalBytes + 64 * 1024 * 1024 : this.streamed > this.limits.maxTotalBytes + 64 * 1024 * 1024) {
      this.stop('maxTotalBytes', 'size_limit_exceeded', 'LOW', '', `more than ${this.limits.maxTotalBytes} bytes ${this.streaming ? 'of code ' : ''}decompressed: reading stopped`);
      return;
    }
    if (this.streaming && this.streamed > this.limits.maxStreamedBytes) {
      this.stop('maxStreamedBytes', 'size_limit_exceeded', 'MEDIUM', '', `more than ${this.limits.maxStreamedBytes} bytes decompressed from an archive over ${this.limits.maxArchiveBytes} bytes: reading stopped`);
      return;
    }
    if (this.compressedFed > 0 && this.streamed > this.limits.ratioFloorBytes && this.streamed / this.compressedFed > this.limits.maxCompressionRatio) {
      this.stop(
        'maxCompressionRatio',
        'decompression_bomb',
        'MEDIUM',
        '',
        `decompression ratio above ${this.limits.maxCompressionRatio}:1 (${this.streamed} bytes from ${this.compressedFed}): reading stopped`,
      );
    }
  }

  // -------------------------------------------------------------------------------------------
  // entries

  /**
   * An entry starts. Returns a sink for a regular file to read, or null when the entry is skipped
   * (the reader then drains or skips its data without keeping it).
   */
  begin(rawPath: string, kind: EntryKind, declaredSize: number, opts: { linkTarget?: string; compressedSize?: number } = {}): FileSink | null {
    const ordinal = this.ordinal++;
    if (this.stopped) return null;
    let path = rawPath;
    while (path.startsWith('./')) path = path.slice(2);
    if (path === '' || path === '.') return null;
    if (this.pass) return this.beginPriority(path, kind, declaredSize, ordinal, opts.compressedSize);
    if (/^[\/\\]/.test(path) || /^[A-Za-z]:/.test(path) || path.split(/[\/\\]/).includes('..')) {
      this.ignoredEntries++;
      this.addFinding({
        ruleId: 'path_traversal',
        severity: 'HIGH',
        category: 'archive',
        file: path.slice(0, 300),
        message: 'archive entry points outside the package directory (absolute path or ..): entry ignored',
      });
      return null;
    }
    if (path.includes('\0')) {
      this.ignoredEntries++;
      this.archiveFinding('archive_bad_name', 'LOW', path.replace(/\0/g, '\\0').slice(0, 300), 'entry name contains a NUL byte: entry ignored');
      return null;
    }
    switch (kind) {
      case 'directory':
        return null;
      case 'symlink':
      case 'hardlink':
        this.ignoredEntries++;
        this.archiveFinding('archive_link', 'INFO', path, `${kind} entry ignored (links are never followed)`, opts.linkTarget ? `-> ${opts.linkTarget}` : undefined);
        return null;
      case 'special':
        this.ignoredEntries++;
        this.archiveFinding('archive_special_entry', 'INFO', path, 'device / FIFO entry ignored');
        return null;
      case 'other':
        this.ignoredEntries++;
        this.archiveFinding('archive_unsupported_entry', 'INFO', path, 'unsupported entry type ignored');
        return null;
      case 'file':
        break;
    }
    if (this.fileCount >= this.limits.maxFiles) {
      this.stop('maxFiles', 'file_count_limit', 'LOW', '', `more than ${this.limits.maxFiles} files: reading stopped`);
      return null;
    }
    // Streaming (an archive over maxArchiveBytes): blobs pass without being kept, so the declared
    // sizes are bounded by maxStreamedBytes; the ratio is checked on the bytes as they inflate (onBytes).
    if (this.streaming) {
      if (this.totalBytes + declaredSize > this.limits.maxStreamedBytes) {
        this.stop('maxStreamedBytes', 'size_limit_exceeded', 'MEDIUM', path, `decompressed size would exceed ${this.limits.maxStreamedBytes} bytes: reading stopped`);
        return null;
      }
      // Files with no extension are kept only when a `#!` line makes them code: counted as they arrive (onBytes).
      const lang = classify(path, this.registry);
      const kept = lang !== null && lang !== 'maybe' && declaredSize <= this.limits.maxFileBytes ? declaredSize : 0;
      if (this.keptDeclared + kept > this.limits.maxTotalBytes) {
        this.stop('maxTotalBytes', 'size_limit_exceeded', 'LOW', path, `code to scan would exceed ${this.limits.maxTotalBytes} bytes: reading stopped`);
        return null;
      }
      this.keptDeclared += kept;
    } else if (this.totalBytes + declaredSize > this.limits.maxTotalBytes) {
      const ratio = (this.totalBytes + declaredSize) / Math.max(1, this.inputBytes);
      if (ratio > this.limits.maxCompressionRatio) {
        this.stop('maxCompressionRatio', 'decompression_bomb', 'MEDIUM', path, `entries declare ${this.totalBytes + declaredSize} bytes from a ${this.inputBytes}-byte archive (over ${this.limits.maxCompressionRatio}:1): reading stopped`);
      } else {
        this.stop('maxTotalBytes', 'size_limit_exceeded', 'LOW', path, `decompressed size would exceed ${this.limits.maxTotalBytes} bytes: reading stopped`);
      }
      return null;
    }
    if (opts.compressedSize !== undefined && declaredSize > 1024 * 1024 && declaredSize / Math.max(1, opts.compressedSize) > this.limits.maxCompressionRatio) {
      this.stop('maxCompressionRatio', 'decompression_bomb', 'MEDIUM', path, `entry declares ${declaredSize} bytes from ${opts.compressedSize} compressed (over ${this.limits.maxCompressionRatio}:1): reading stopped`);
      return null;
    }
    if (this.readBudget?.spent()) {
      // Past the time budget: this read stops here, and the priority passes read what runs first from the rest
      // (nextPriorityPass). The names the unread files carry are unknown, so scripts in languages npm never runs
      // by themselves keep their roles (roles.ts unnamedForeignScripts is off, as for an archive not read to its end).
      this.timeCutAfter = this.fileCount;
      this.names = null;
      this.stop('maxAnalysisMs', 'LIMIT-TIME-001', 'MEDIUM', '', `the analysis reached its time budget (${this.limits.maxAnalysisMs} ms of CPU) while reading the archive`);
      return null;
    }
    return new FileSink(this, path, declaredSize, classify(path, this.registry), this.limits.maxFileBytes, ordinal);
  }

  /** An entry during a priority pass: only wanted tail files and rereads; nothing is reported twice. */
  private beginPriority(path: string, kind: EntryKind, declaredSize: number, ordinal: number, compressedSize?: number): FileSink | null {
    if (kind !== 'file' || path.includes('\0') || /^[\/\\]/.test(path) || /^[A-Za-z]:/.test(path) || path.split(/[\/\\]/).includes('..')) return null;
    const pass = this.pass!;
    let reread = false;
    if (ordinal < this.stopOrdinal) {
      if (!pass.reread.has(ordinal)) return null;
      reread = true;
    } else {
      if (this.passes === 1) this.tailFiles++;
      if (this.tailPaths.size < MAX_TAIL_PATHS) this.tailPaths.add(path);
      if (this.priorityRead.has(ordinal)) return null;
      if (!pass.wanted.has(path) && !isConventionalEntry(path, this.registry)) return null;
    }
    if (compressedSize !== undefined && declaredSize > 1024 * 1024 && declaredSize / Math.max(1, compressedSize) > this.limits.maxCompressionRatio) return null;
    if (this.priorityFiles >= this.limits.maxPriorityFiles || this.priorityBytes + declaredSize > this.limits.maxPriorityBytes) {
      this.priorityOverBudget = true;
      return null;
    }
    this.priorityFiles++;
    this.priorityBytes += declaredSize;
    if (!reread) this.priorityRead.add(ordinal);
    return new FileSink(this, path, declaredSize, classify(path, this.registry), this.limits.maxEntryFileBytes, ordinal, reread);
  }

  /** Entries a reader could not read (encrypted, unknown compression). */
  skipped(path: string, ruleId: string, message: string): void {
    this.ordinal++;
    if (this.pass) return;
    this.ignoredEntries++;
    this.archiveFinding(ruleId, 'LOW', path, message);
  }

  /** The body is `finishFile` in `collector/finish-file.ts` (moved out of the class). */
  finishFile(path: string, size: number, sha256: string, head: Buffer, content: Buffer | null, lang0: Lang | 'maybe' | null, tooLarge: boolean, ordinal: number, reread = false): void {
    try {
      finishFile.call(this, path, size, sha256, head, content, lang0, tooLarge, ordinal, reread);
    } finally {
      // The file's parsed tree, shared by its readers (npm/flow-js.ts parseJs), is not kept for the next file.
      releaseParsedJs();
    }
  }

  // -------------------------------------------------------------------------------------------
  // priority passes (truncation never hides what runs first)

  /** Does the first read leave files that run first unread (a limit stopped it, or an entry point was too large to scan)? */
  firstReadDone(): void {
    this.truncated = this.stopped;
    this.readToEnd = !this.stopped && !this.corrupt;
  }

  /** What the next priority pass should read; null when nothing is left to look for. */
  nextPriorityPass(): { wanted: Set<string>; reread: Set<number> } | null {
    if (this.passes >= 6 || this.priorityOverBudget) return null;
    const { closure, candidates } = this.entryClosure();
    const reread = new Set<number>();
    for (const p of closure) {
      const o = this.largeUnscanned.get(p);
      if (o !== undefined && o < this.stopOrdinal) reread.add(o);
    }
    // The first pass over the tail always runs (it also learns which paths exist there).
    if (this.truncated && (this.passes === 0 || [...candidates].some((c) => !this.seenPaths.has(c) && this.tailPaths.has(c)))) return { wanted: candidates, reread };
    return reread.size > 0 ? { wanted: new Set(), reread } : null;
  }

  startPriorityPass(plan: { wanted: Set<string>; reread: Set<number> }): void {
    this.passes++;
    this.pass = { wanted: plan.wanted, reread: plan.reread, files: 0, bytes: 0, overBudget: false };
    this.stopped = false;
    this.onStop = null;
    this.ordinal = 0;
    this.streamed = 0;
    this.compressedFed = 0;
    this.passFailed = false;
  }

  /** Ends the pass; false when it read nothing new (the driver stops). */
  endPriorityPass(readBefore: number): boolean {
    if (!this.stopped && !this.passFailed && this.truncated) this.readToEnd = true;
    this.pass = null;
    this.stopped = this.truncated;
    return this.priorityFiles > readBefore;
  }

  get priorityFileCount(): number {
    return this.priorityFiles;
  }

  /** The body is `entryClosure` in `collector/finalize.ts` (moved out of the class). */
  entryClosure(): { closure: Set<string>; candidates: Set<string> } {
    return entryClosure.call(this);
  }

  /** The body is `coverage` in `collector/finalize.ts` (moved out of the class). */
  coverage(): AnalysisCoverage {
    return coverage.call(this);
  }

  // -------------------------------------------------------------------------------------------
  // the result

  /**
   * An npm tarball always has its manifest in its one top folder (`npm pack` writes `package/package.json`; npm strips that
   * folder on install). One built by hand may nest the package a folder deeper (`package/package/…`): npm would find no
   * manifest where it looks, but a registry manifest published beside the tarball (the registry keeps the two apart) can
   * still name hooks, and a scanner that reads only the top folder would see no package at all. So when the top folder
   * holds no package.json and a folder below it does, that folder is read as the package, with a note.
   */
  promoteNestedRoot(): void {
    if (this.registry !== 'npm' || this.rootMarkers.some((p) => p.endsWith('package.json'))) return;
    const nested = this.nestedMarkers.filter((p) => p.endsWith('/package.json')).sort();
    if (nested.length === 0) return;
    // Several: the one that declares install hooks (a decoy beside it must not hide it), else the first by name.
    const hooks = (p: string): boolean => /"(?:preinstall|install|postinstall|prepare)"\s*:/.test(this.nestedManifests.get(p) ?? '');
    const pick = nested.find(hooks) ?? nested[0]!;
    const dir = pick.slice(0, pick.lastIndexOf('/') + 1);
    for (const p of this.nestedMarkers) if (p.startsWith(dir)) this.rootMarkers.push(p);
    for (const [p, t] of this.nestedManifests) if (p.startsWith(dir) && !p.slice(dir.length).includes('/')) this.manifests.set(p, t);
    this.archiveFinding(
      'nested_package_root',
      'LOW',
      pick,
      `the archive's top folder has no package.json; the package one folder deeper (${dir}) is read as the package (npm pack always writes the manifest in the top folder: this archive was built otherwise)`,
    );
  }

  rootDir(): string {
    const want = this.registry === 'npm' ? ['package.json'] : ['setup.py', 'pyproject.toml', 'PKG-INFO'];
    let best: string | null = null;
    for (const p of this.rootMarkers) {
      const base = p.slice(p.lastIndexOf('/') + 1);
      if (!want.includes(base)) continue;
      if (best === null || depthOf(p) < depthOf(best)) best = p;
    }
    if (best === null) return '';
    const slash = best.lastIndexOf('/');
    return slash === -1 ? '' : best.slice(0, slash + 1);
  }

  /** The body is `npmInstallScripts` in `collector/npm-hooks.ts` (moved out of the class). */
  npmInstallScripts(root: string): InstallScript[] {
    return npmInstallScripts.call(this, root);
  }

  /** The body is `downloadFactsFrom` in `collector/npm-hooks.ts` (moved out of the class). */
  downloadFactsFrom(file: string, root: string): DownloadFacts[] {
    return downloadFactsFrom.call(this, file, root);
  }

  /** The body is `packageIdentity` in `collector/npm-hooks.ts` (moved out of the class). */
  packageIdentity(root: string): { name: string; repository: string | null } {
    return packageIdentity.call(this, root);
  }

  /** The resolved npm hooks (npm/hooks.ts), cached for finalize. */
  hooks: ResolvedHook[] = [];

  exists = (p: string): boolean => this.seenPaths.has(p);

  /** The body is `closureOf` in `collector/follow.ts` (moved out of the class). */
  closureOf(files: readonly string[], root: string): Set<string> {
    return closureOf.call(this, files, root);
  }

  /** The body is `followReturns` in `collector/follow.ts` (moved out of the class). */
  followReturns(root: string, files: Iterable<string>): void {
    followReturns.call(this, root, files);
  }

  /** The body is `followHandoffs` in `collector/follow.ts` (moved out of the class). */
  followHandoffs(root: string): void {
    followHandoffs.call(this, root);
  }

  /** The body is `reachOf` in `collector/npm-hooks.ts` (moved out of the class). */
  reachOf(file: string, root: string): JsReach | null {
    return reachOf.call(this, file, root);
  }

  /** The body is `reachedDownload` in `collector/npm-hooks.ts` (moved out of the class). */
  reachedDownload(reach: JsReach, facts: readonly DownloadFacts[]): ReachedDownload {
    return reachedDownload.call(this, reach, facts);
  }

  /** The body is `reviewNpmHook` in `collector/npm-hooks.ts` (moved out of the class). */
  reviewNpmHook(root: string, hook: ResolvedHook, pkgFile: string): void {
    reviewNpmHook.call(this, root, hook, pkgFile);
  }

  /** The body is `confirmScriptPattern` in `collector/npm-hooks.ts` (moved out of the class). */
  confirmScriptPattern(path: string, v: ScriptDownloadVerdict): void {
    confirmScriptPattern.call(this, path, v);
  }

  /** The body is `npmMeta` in `collector/npm-hooks.ts` (moved out of the class). */
  npmMeta(root: string): PackageMetadata {
    return npmMeta.call(this, root);
  }

  /** The body is `ownHosts` in `collector/roles.ts` (moved out of the class). */
  ownHosts(root: string): OwnHosts {
    return ownHosts.call(this, root);
  }

  /** The body is `followPyHandOffs` in `collector/follow.ts` (moved out of the class). */
  followPyHandOffs(root: string): void {
    followPyHandOffs.call(this, root);
  }

  /** The body is `collectNames` in `collector/roles.ts` (moved out of the class). */
  collectNames(path: string, lang0: Lang | 'maybe' | null, lang: Lang | null, content: Buffer | null, tooLarge: boolean): void {
    collectNames.call(this, path, lang0, lang, content, tooLarge);
  }

  /** The body is `applyRoles` in `collector/roles.ts` (moved out of the class). */
  applyRoles(root: string, installScripts: readonly InstallScript[], complete = true): void {
    applyRoles.call(this, root, installScripts, complete);
  }

  /** The body is `liveAt` in `collector/roles.ts`. */
  liveAt(root: string, file: string, line: number): boolean | undefined {
    return liveAt.call(this, root, file, line);
  }

  /** The body is `ownReleaseDownload` in `collector/roles.ts` (moved out of the class). */
  ownReleaseDownload(closure: readonly string[], root: string, reach: JsReach | null = null): { host: string; why: string } | null {
    return ownReleaseDownload.call(this, closure, root, reach);
  }

  /** The body is `finalize` in `collector/finalize.ts` (moved out of the class). */
  finalize(opts: { binaryOnly?: boolean } = {}): ArchiveAnalysis {
    try {
      return finalize.call(this, opts);
    } finally {
      releaseParsedJs();
    }
  }
}
