/**
 * Collects the entries of one archive as they stream past (tar or zip, the readers only feed it):
 * validates paths and entry types, enforces limits, hashes every regular file, keeps the content
 * of text-like files just long enough to scan it, and at the end turns the per-file results into
 * the package-level ArchiveAnalysis.
 */
import { createHash, type Hash } from 'node:crypto';
import type { AnalysisType, RegistrySource } from '../types.js';
import { declaredEntries, importEntries, importSpecifiers, isConventionalEntry, type PyEntryPoint, pythonEntryPoints, pythonImportUses, resolveSpecifier } from './entrypoints.js';
import type { FlowFacts } from './npm/flow-facts.js';
import { L } from './npm/flow-rules.js';
import { flowWanted } from './npm/flow-prescan.js';
import { jsFlow } from './npm/flow-js.js';
import { pyFlow } from './npm/flow-py.js';
import { remoteDependencies } from './npm/remote-deps.js';
import { TOOLS, manifestReader, resolveModulePath, resolveNpmHooks, type ResolvedHook } from './npm/hooks.js';
import { ACTS, installTimeFiles, judgeFlow, resolveTarget } from './npm/judge.js';
import { pyCodeView } from './codeview.js';
import { downloadFacts, ownBinaryDownload, vendorBinaryDownload, type DownloadFacts, type ReachedDownload } from './ownbinary.js';
import { reachFromInstallHooks, type JsReach } from './npm/reach-js.js';
import { SCRIPT_FILE, judgeScriptDownloads, scriptDownloads, scriptActs, scriptStarts, type ScriptDownloadFacts, type ScriptDownloadVerdict } from './npm/script-download.js';
import { npmMetadata, OwnHosts, pythonMetadata, type PackageMetadata } from './own-hosts.js';
import { hasCompatLetters, mergePythonFindings, parsePython, protectedCode, wantsParse } from './python/review.js';
import { HIDDEN_DESTINATION, type PyFacts } from './python/flow.js';
import { classifyFileRoles, pythonAutoSeeds, FOREIGN_SCRIPT, INERT_ROLES, namesTakenByRunning, pythonInstallSeeds, roleSeverity, scriptNameWords } from './roles.js';
import { dormantAt, type DormantRange, type ModuleReach } from './python/reach.js';
import { isCollector, isIpLiteral, isPasteHost } from '../../sandbox/reputation.js';
import { evidenceAt } from './evidence.js';
import { scanText, setupPyModuleCode } from './file-scan.js';
import { CAPABILITY_SIGNALS, Signal, type Lang } from './signals.js';
import {
  severityRank,
  type AnalysisCoverage,
  type AnalysisLimits,
  type ArchiveAnalysis,
  type FindingSeverity,
  type InstallScript,
  type LimitName,
  type PackageFinding,
} from './types.js';

export type EntryKind = 'file' | 'directory' | 'symlink' | 'hardlink' | 'special' | 'other';

const BINARY_EXT = /\.(?:so(?:\.\d+)*|pyd|node|dll|dylib|exe)$/i;
const CODE_EXT: Record<string, Lang> = {
  js: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'js',
  ts: 'js',
  mts: 'js',
  cts: 'js',
  tsx: 'js',
  py: 'py',
  pyx: 'py',
  // Python runs the `import` lines of a .pth file in site-packages at every interpreter start.
  pth: 'py',
  sh: 'sh',
  bash: 'sh',
  // Windows scripts an install hook may run (read as code, never as opaque payloads: npm/script-download.ts).
  bat: 'sh',
  cmd: 'sh',
  ps1: 'sh',
};
// PKG-INFO (sdist) and METADATA (wheel) carry the project URLs: the package's own hosts.
const MANIFEST_NAMES = new Set(['package.json', 'setup.cfg', 'pyproject.toml', 'entry_points.txt', 'PKG-INFO', 'METADATA', 'binding.gyp']);
/** Per-rule cap on findings, so a package with 3,000 symlinks does not produce 3,000 findings. */
const MAX_FINDINGS_PER_RULE = 20;
const MAX_FINDINGS = 400;
const HEAD_BYTES = 1024;
/** Paths of the unread tail remembered during priority passes (to tell an entry point that exists from one that does not). */
const MAX_TAIL_PATHS = 500_000;
/** Paths listed in `coverage` on the certificate. */
const MAX_COVERAGE_LISTED = 50;
/** JavaScript files up to this size that make network calls are parsed for the source-to-sink rules whatever their words. */
const SMALL_NETWORK_FILE = 16 * 1024;
/** Install-time files listed on the analysis. */
const MAX_INSTALL_TIME_LISTED = 500;
/**
 * JavaScript texts kept until the end of an npm read, for the install-hook reach (npm/reach-js.ts):
 * which code of the files a hook loads runs. Up to 3 MB a file (what the flow reader parses) and
 * 48 MB in all; a file not kept counts whole.
 */
const KEEP_JS_FILE = 3 * 1024 * 1024;
const KEEP_JS_TOTAL = 48 * 1024 * 1024;

/** One priority pass over an archive the first read did not finish (see entrypoints.ts). */
interface PriorityPass {
  /** Paths to read from the unread tail. */
  wanted: ReadonlySet<string>;
  /** Ordinals of files read before, too large for the scan limit, to read again with the entry-point limit. */
  reread: ReadonlySet<number>;
  files: number;
  bytes: number;
  overBudget: boolean;
}
/** Install-script commands that fetch or run remote code. */
const REMOTE_COMMAND = new RegExp(
  [
    String.raw`\b(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|certutil|bitsadmin|DownloadString|DownloadFile|Start-BitsTransfer)\b`,
    String.raw`\b(?:powershell|pwsh)\b`,
    String.raw`\/dev\/(?:tcp|udp)\/`,
    String.raw`\b(?:nc|ncat|socat|telnet)\s`,
    String.raw`\bgit\s+(?:clone|fetch|pull)\b`,
    String.raw`\b(?:npx|npm\s+(?:i|install|exec)|pnpm\s+(?:add|dlx)|yarn\s+(?:add|dlx)|pip3?\s+install)\s[^;&|]*(?:https?|git\+\w+):\/\/`,
  ].join('|'),
  'i',
);
/** Inline code (`node -e`, `python -c`) that reaches the network, a shell, the environment or decoded data. */
const INLINE_DANGER = /\bhttps?\b|\bnet\b|\bfetch\b|\burllib|\brequests\b|\bsocket\b|child_process|\bexec|\bspawn|\beval\b|Function\(|base64|atob|fromCharCode|process\.env|os\.environ/;
const GYP_INLINE_DANGER = /\bhttps?\b|\bnet\b|\bfetch\b|\bsocket\b|child_process|\bexec|\bspawn|\beval\b|Function\(|base64|atob|fromCharCode/;
/** One step of a plain local build or dev-tool install script. */
const BUILD_STEP =
  /^(?:node-gyp(?:-build)?(?:\s+rebuild)?(?:\s+--?[\w-]+(?:=\S+)?)*|node-gyp rebuild \(implicit[^)]*\)|node-gyp-build-optional-packages|cmake-js\s+\w+(?:\s+--?[\w-]+)*|husky(?:\s+install)?(?:\s+[\w./-]+)?|is-ci|patch-package|tsc(?:\s+\S+)*|tshy|exit\s+0|true|echo\b.*)$/;

/**
 * Settings files, pickles and compiled Python modules: their bytes are kept to be read as data (for a
 * command, a code tag or a code import they carry, dataPayloads; for a sourceless module's strings),
 * never scanned as a script.
 */
const KEPT_AS_DATA = /\.(?:ya?ml|toml|ini|cfg|conf|pkl|pickle|pck|joblib|pyc)$/i;
/** gyp files and Makefile fragments: never scanned, read (npm) for the scripts they name (roles.ts NpmScriptNames). */
const BUILD_GLUE = /\.(?:gypi?|mk)$/i;
/** npm texts up to this size are read for the names they carry; a larger one turns the unnamed-script rule off. */
const NAMES_TEXT = 4 * 1024 * 1024;

/** How a path is scanned: a language, 'maybe' (no extension: decided by a `#!` line; or kept as data), or null. */
function classify(path: string, registry: RegistrySource): Lang | 'maybe' | null {
  const slash = path.lastIndexOf('/');
  const base = path.slice(slash + 1);
  if (MANIFEST_NAMES.has(base)) return 'manifest';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return dot === -1 ? 'maybe' : null;
  // Declarations never execute.
  if (/\.d\.[cm]?ts$/i.test(base)) return null;
  // (A compiled module under __pycache__ is a cache, never imported instead of its source.)
  if (KEPT_AS_DATA.test(base) && !(/\.pyc$/i.test(base) && path.includes('__pycache__/'))) return 'maybe';
  if (registry === 'npm' && BUILD_GLUE.test(base)) return 'maybe';
  return CODE_EXT[base.slice(dot + 1).toLowerCase()] ?? null;
}

/** Test, documentation and example folders: their data files and loaders are not the package's settings. */
const TEST_OR_DOCS = /(?:^|\/)(?:tests?|testing|docs?|examples?|benchmarks?)\//i;
/** A YAML tag that constructs a Python object by calling a process starter or exec. */
const YAML_CODE_TAG = /!!python\/(?:object\/(?:apply|new)|name|module):\s*(?:subprocess\.\w+|os\.(?:system|popen|exec\w*|spawn\w*|posix_spawn\w*)|posix\.system|nt\.system|builtins\.(?:exec|eval|__import__)|exec|eval|pty\.spawn|commands\.getoutput)\b/;
/**
 * A pickle's import of a process starter or exec: `c<module>\n<name>\n` (GLOBAL, protocols 0–3) or two
 * short strings before STACK_GLOBAL (protocol 4+). Model files import tensor rebuilders, never these.
 */
const PICKLE_CODE_GLOBAL = /(?:^|[^\w])c(os|posix|nt|subprocess|builtins|__builtin__|pty|runpy|commands)\n(system|popen|Popen|check_output|check_call|call|run|exec|eval|spawn|getoutput|_run_code)\n|\x8c[\s\S](os|posix|nt|subprocess|builtins|__builtin__|pty|runpy)\x94?\x8c[\s\S](system|popen|Popen|check_output|check_call|call|run|exec|eval|spawn|getoutput)\x94?\x93/;
/** A download piped into a shell or PowerShell, as a settings value. */
const DATA_FILE_COMMAND = /\b(?:curl|wget)\b[^\n]{0,200}?\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:iex|Invoke-Expression)\b[^\n]{0,160}?(?:DownloadString|Invoke-WebRequest|iwr|irm)\b|\b(?:DownloadString|iwr|irm|Invoke-WebRequest)\b[^\n]{0,160}?\|\s*(?:iex|Invoke-Expression)\b/i;
/** PyYAML loads that apply Python tags: `unsafe_load`, `Loader=yaml.Loader` / `UnsafeLoader`, `yaml.load(f)` with no loader (PyYAML < 5.1). */
const UNSAFE_YAML_LOAD = /\byaml\.unsafe_load(?:_all)?\s*\(|\bLoader\s*=\s*(?:yaml\.)?(?:Unsafe)?Loader\b|\byaml\.load\s*\(\s*[\w.]+\s*\)/;

/** What a compiled Python module's string table names that runs or fetches code (process starts, exec, a URL), or null. */
function pycActs(content: Buffer): string | null {
  const text = content.toString('latin1');
  const names = new Set<string>();
  for (const m of text.matchAll(/https?:\/\/[\x21-\x7e]{3,80}|(?<![A-Za-z0-9_])(?:system|popen|Popen|check_output|exec|eval|urlopen|b64decode|CreateThread|VirtualAlloc|curl|wget)/g)) {
    // (A marshalled string is followed by the next item's type byte, often a letter: no boundary after the name.)
    names.add(m[0].startsWith('http') ? 'a URL' : m[0]);
    if (names.size >= 8) break;
  }
  return [...names].some((x) => x !== 'a URL') ? [...names].join(', ') : null;
}

function depthOf(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}

function isMagicBinary(head: Buffer, path: string): boolean {
  if (head.length < 4) return false;
  const b0 = head[0]!;
  const b1 = head[1]!;
  const b2 = head[2]!;
  const b3 = head[3]!;
  if (b0 === 0x7f && b1 === 0x45 && b2 === 0x4c && b3 === 0x46) return true; // ELF
  if ((b0 === 0xfe && b1 === 0xed && b2 === 0xfa && (b3 === 0xce || b3 === 0xcf)) || ((b0 === 0xce || b0 === 0xcf) && b1 === 0xfa && b2 === 0xed && b3 === 0xfe)) {
    return true; // Mach-O 32/64, both byte orders
  }
  if (b0 === 0xca && b1 === 0xfe && b2 === 0xba && b3 === 0xbe && head.length >= 8 && !/\.class$/i.test(path)) {
    return head.readUInt32BE(4) < 32; // Mach-O universal (a Java class file has its version here)
  }
  if (b0 === 0x4d && b1 === 0x5a && head.length >= 0x40) {
    const pe = head.readUInt32LE(0x3c);
    if (pe + 4 <= head.length) return head[pe] === 0x50 && head[pe + 1] === 0x45 && head[pe + 2] === 0 && head[pe + 3] === 0;
    return /\.(?:exe|dll|sys|scr|com)$/i.test(path);
  }
  return false;
}

function shebangLang(head: Buffer): Lang | null {
  if (head.length < 3 || head[0] !== 0x23 || head[1] !== 0x21) return null;
  const nl = head.indexOf(10);
  const line = head.subarray(0, nl === -1 ? Math.min(head.length, 200) : nl).toString('latin1');
  if (/python/.test(line)) return 'py';
  if (/\b(?:node|deno|bun|tsx|ts-node)\b/.test(line)) return 'js';
  return 'sh';
}

interface CapabilityInfo {
  files: number;
  file: string;
  line?: number;
  evidence?: string;
}

/** Python files that make network calls kept for followPyHandOffs: each at most this size, all of them at most PY_NET_TOTAL. */
const PY_NET_FILE = 64 * 1024;
const PY_NET_TOTAL = 4 * 1024 * 1024;

export class FileSink {
  private readonly hash: Hash = createHash('sha256');
  private chunks: Buffer[] | null;
  private head: Buffer | null = null;
  bytes = 0;
  tooLarge = false;
  private closed = false;

  constructor(
    private readonly col: ArchiveCollector,
    readonly path: string,
    readonly declaredSize: number,
    private lang: Lang | 'maybe' | null,
    private readonly maxBytes: number,
    private readonly ordinal: number,
    private readonly reread = false,
  ) {
    this.chunks = lang !== null && declaredSize <= maxBytes ? [] : null;
    if (lang !== null && declaredSize > maxBytes) this.tooLarge = true;
  }

  push(chunk: Buffer): void {
    if (this.closed) return;
    const first = this.head === null;
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.head === null) this.head = chunk.length >= HEAD_BYTES ? chunk.subarray(0, HEAD_BYTES) : chunk;
    else if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    // A compiled file under a code name (by its magic bytes) is only hashed: its bytes are never kept.
    if (first && this.chunks && isMagicBinary(this.head, this.path)) this.chunks = null;
    if (this.chunks) {
      if (this.bytes > this.maxBytes) {
        this.chunks = null;
        this.tooLarge = this.lang !== null;
      } else {
        this.chunks.push(chunk);
      }
    }
    this.col.onBytes(chunk.length, this.chunks !== null);
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    const sha256 = this.hash.digest('hex');
    const head = this.head ?? Buffer.alloc(0);
    let content: Buffer | null = null;
    if (this.chunks) content = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.bytes);
    this.chunks = null;
    this.col.finishFile(this.path, this.bytes, sha256, head, content, this.lang, this.tooLarge, this.ordinal, this.reread);
  }

  /** Abandon without recording (the read was cut short). */
  drop(): void {
    this.closed = true;
    this.chunks = null;
  }
}

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
  private fileCount = 0;
  private totalBytes = 0;
  private readonly entries: { path: string; size: number; sha256: string }[] = [];
  private readonly seenPaths = new Set<string>();
  private readonly findings: PackageFinding[] = [];
  private readonly ruleCounts = new Map<string, number>();
  private readonly limitsHit = new Set<LimitName>();
  private readonly binaries: string[] = [];
  /** Settings files of a PyPI package that carry a download piped into a shell, or a YAML tag that calls a process starter or exec. */
  private readonly dataPayloads: { path: string; kind: 'command' | 'tag'; evidence: string }[] = [];
  /** Python code (outside tests) that runs a command read from a settings file, or loads YAML with a loader that applies Python tags. */
  private readonly configRuns: { path: string; line: number; evidence: string; onRequest: boolean }[] = [];
  private readonly unsafeYaml: { path: string; line: number; evidence: string }[] = [];
  /** Compiled Python modules outside __pycache__ (path → whether their strings name a process start, exec or a URL). */
  private readonly pycFiles = new Map<string, string | null>();
  private sourceFiles = 0;
  private ignoredEntries = 0;
  private corrupt = false;
  private readonly caps = new Map<number, CapabilityInfo>();
  /** Signals and worst finding severity of each scanned code file (install scripts refer to them). */
  /** `savesFetched`: the JS flow reader read the file and says whether fetched data may be saved (npm/flow-facts.ts); absent when it did not read it. */
  private readonly fileInfo = new Map<string, { signals: number; worst: number; scanned: boolean; download?: DownloadFacts; urls?: string[]; script?: ScriptDownloadFacts; savesFetched?: boolean }>();
  /** Shallow package.json / setup.py / pyproject.toml texts. */
  private readonly manifests = new Map<string, string>();
  /** Files the `prepare` hook runs (git and local installs): their acts keep their severity whatever the path says. */
  private prepareTime: ReadonlySet<string> | undefined;
  private readonly setupPyCode = new Map<string, string[]>();
  private readonly rootMarkers: string[] = [];
  /** All scripts of the root package.json (install scripts may call the others). */
  private readonly npmScripts = new Map<string, string>();

  // Truncation: what the first read left unread, and the priority passes that read it.
  /** Entries begun in the current pass (the entry's ordinal in the archive). */
  private ordinal = 0;
  /** Ordinal of the first entry the first read did not finish (Infinity: it read to the end). */
  stopOrdinal = Number.POSITIVE_INFINITY;
  private pass: PriorityPass | null = null;
  /** Did some read (the first or a priority pass) get through every entry? Set by the driver. */
  readToEnd = false;
  /** Paths seen in the unread tail during priority passes. */
  private readonly tailPaths = new Set<string>();
  /** Code files over maxFileBytes, left unscanned: path → ordinal. */
  private readonly largeUnscanned = new Map<string, number>();
  /** Ordinals of tail entries read by priority passes. */
  private readonly priorityRead = new Set<number>();
  private priorityFiles = 0;
  private priorityBytes = 0;
  private priorityOverBudget = false;
  /** The first read stopped at a limit (kept while priority passes reuse `stopped`). */
  private truncated = false;
  private passFailed = false;
  private passes = 0;
  /** Files in the unread tail (counted during the first priority pass). */
  private tailFiles = 0;
  /** Module specifiers each scanned code file loads. */
  private readonly importsOf = new Map<string, { lang: 'js' | 'py'; specs: string[] }>();
  /** What each Python file takes from the modules it imports (names, or the whole module). */
  private readonly pyImportUses = new Map<string, { spec: string; names: string[] | null }[]>();
  /** Which function bodies of a parsed Python file code run at import reaches (python/reach.ts). */
  private readonly pyReach = new Map<string, ModuleReach>();
  /** Parsed Python files' cross-module facts: what they hand to other modules, which of their functions send their arguments. */
  private readonly pyCross = new Map<string, Pick<PyFacts, 'sendsParam' | 'handsOff'> & { runsParam?: PyFacts['runsParam'] }>();
  /** Small Python files that make network calls, kept until finalize: a parsed file may hand them data (followPyHandOffs). */
  private readonly pyNetTexts = new Map<string, Buffer>();
  private pyNetBytes = 0;
  /** Source-to-sink facts of the files the pre-scan marked (npm/flow.ts). */
  private readonly flow = new Map<string, FlowFacts>();
  /** What JavaScript modules' exported functions return (FlowFacts.returns; null: nothing or not read). */
  private readonly exportReturns = new Map<string, Record<string, number> | null>();
  /** Files npm runs when the package is installed from the registry (set by finalize). */
  private installTime = new Set<string>();
  /** Local Python files the root setup.py runs by path (`runpy.run_path`, `exec(open(…).read())`). */
  private readonly setupRuns = new Set<string>();
  /** Entry points root setup.py's `setup(entry_points=…)` declares (read by the parser). */
  private readonly setupEntryPoints: PyEntryPoint[] = [];
  /** npm: JavaScript texts kept for the install-hook reach (released by finalize). */
  private readonly jsTexts = new Map<string, string>();
  private jsTextBytes = 0;
  /** npm: the names runnable texts carry, for scripts in languages npm never runs by itself (roles.ts NpmScriptNames); null once a text could not be read. */
  private names: { tokens: Set<string>; bareExts: Set<string>; foreign: Map<string, Set<string> | null> } | null = { tokens: new Set(), bareExts: new Set(), foreign: new Map() };

  constructor(
    readonly limits: AnalysisLimits,
    private readonly registry: RegistrySource,
    private readonly inputBytes: number,
    /** Hosts of the configured package registries (a package's own distribution channel). */
    private readonly registryHosts: readonly string[] = [],
  ) {}

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

  private archiveFinding(ruleId: string, severity: FindingSeverity, file: string, message: string, evidence?: string): void {
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

  finishFile(
    path: string,
    size: number,
    sha256: string,
    head: Buffer,
    content: Buffer | null,
    lang0: Lang | 'maybe' | null,
    tooLarge: boolean,
    ordinal: number,
    reread = false,
  ): void {
    const base = path.slice(path.lastIndexOf('/') + 1);
    const depth = depthOf(path);
    if (!reread) {
      this.fileCount++;
      this.totalBytes += size;
      this.entries.push({ path, size, sha256 });
      if (this.seenPaths.has(path)) {
        this.archiveFinding('duplicate_entry', 'LOW', path, 'the same path appears twice in the archive (extractors keep the last copy)');
      }
      this.seenPaths.add(path);
      if (depth <= 1 && (base === 'package.json' || base === 'setup.py' || base === 'pyproject.toml' || base === 'PKG-INFO' || base === 'binding.gyp')) {
        this.rootMarkers.push(path);
      }
      if (BINARY_EXT.test(path) || isMagicBinary(head, path)) {
        this.binaries.push(path);
        return;
      }
    }
    // Settings files and pickles are kept only to be read as data (classify): never scanned as a script.
    const lang: Lang | null = lang0 === 'maybe' ? (KEPT_AS_DATA.test(path) || BUILD_GLUE.test(path) ? null : shebangLang(head)) : lang0;
    if (this.registry === 'npm' && !reread) this.collectNames(path, lang0, lang, content, tooLarge);
    if (this.registry === 'pypi' && !reread && /\.pyc$/i.test(path) && !path.includes('__pycache__/') && this.pycFiles.size < 50) this.pycFiles.set(path, content ? pycActs(content) : null);
    if (this.registry === 'pypi' && !reread && content && content.length <= 256 * 1024 && /\.(?:ya?ml|toml|ini|cfg|conf|pkl|pickle|pck|joblib)$/i.test(path) && !TEST_OR_DOCS.test(path) && this.dataPayloads.length < 20) {
      const t = content.toString('latin1');
      const tag = YAML_CODE_TAG.exec(t);
      const cmd = DATA_FILE_COMMAND.exec(t);
      if (tag && /\.ya?ml$/i.test(path)) this.dataPayloads.push({ path, kind: 'tag', evidence: tag[0].slice(0, 120) });
      // A pickle that imports a process starter or exec runs it when loaded: no data needs that.
      const pick = /\.(?:pkl|pickle|pck|joblib)$/i.test(path) ? PICKLE_CODE_GLOBAL.exec(t) : null;
      if (pick) {
        const what = `${pick[1] ?? pick[3]}.${pick[2] ?? pick[4]}`;
        this.addFinding({ ruleId: 'pickle_code_exec', severity: 'HIGH', category: 'obfuscation', file: path, evidence: what, message: `a pickle the package ships imports ${what}: loading it starts a process or executes code` });
      }
      if (cmd) this.dataPayloads.push({ path, kind: 'command', evidence: cmd[0].slice(0, 120) });
    }
    if (lang === null) return;
    if (tooLarge || content === null) {
      if (reread) return;
      this.limitsHit.add('maxFileBytes');
      this.archiveFinding('file_not_scanned', 'LOW', path, `file larger than ${this.limits.maxFileBytes} bytes: hashed but not scanned`);
      if (lang !== 'manifest') {
        this.sourceFiles++;
        this.fileInfo.set(path, { signals: 0, worst: -1, scanned: false });
        this.largeUnscanned.set(path, ordinal);
      }
      return;
    }
    if (reread) {
      // Read again with the entry-point limit: it is scanned after all.
      this.largeUnscanned.delete(path);
      const i = this.findings.findIndex((f) => f.ruleId === 'file_not_scanned' && f.file === path);
      if (i >= 0) this.findings.splice(i, 1);
    } else if (lang !== 'manifest') {
      this.sourceFiles++;
    }
    const text = content.toString('latin1');
    if (lang === 'js' || lang === 'py') this.importsOf.set(path, { lang, specs: importSpecifiers(text, lang) });
    if (this.registry === 'npm' && lang === 'js' && text.length <= KEEP_JS_FILE && !this.jsTexts.has(path) && this.jsTextBytes + text.length <= KEEP_JS_TOTAL) {
      this.jsTexts.set(path, text);
      this.jsTextBytes += text.length;
    }
    if (lang === 'py') this.pyImportUses.set(path, pythonImportUses(text));
    if (lang === 'manifest' && depth <= 1) this.manifests.set(path, text);
    // binding.gyp is read for the commands node-gyp runs (npm/hooks.ts), not scanned as code.
    if (base === 'binding.gyp') return;
    const setupPy = this.registry === 'pypi' && base === 'setup.py' && depth <= 1;
    if (setupPy) {
      this.manifests.set(path, text);
      this.setupPyCode.set(path, setupPyModuleCode(text));
    }
    // setup.py is always read as code; other Python files when the pattern scan marks them (python/review.ts).
    let pyFacts = lang === 'py' && setupPy ? parsePython(content) : null;
    // What setup() runs besides metadata: cmdclass overrides of install-time commands (installScripts).
    // Files setup.py runs by their path run at install time too (roles.ts, applyRoles).
    if (setupPy && pyFacts) for (const f of pyFacts.runsFiles) this.setupRuns.add(`${path.slice(0, path.length - 'setup.py'.length)}${f}`);
    if (setupPy && pyFacts) this.setupEntryPoints.push(...pyFacts.entryPoints);
    if (setupPy && pyFacts && pyFacts.installHooks.length > 0) this.setupPyCode.set(path, [...(this.setupPyCode.get(path) ?? []), `cmdclass overrides: ${pyFacts.installHooks.join(', ')}`]);
    const scan = scanText(text, { path, lang, setupPy, pyFacts }, content);
    let fileFindings = scan.findings;
    if (lang === 'py') {
      const prot = protectedCode(path, text);
      if (prot) fileFindings = [...fileFindings, prot];
      const compat = hasCompatLetters(content);
      if (!pyFacts && wantsParse({ setupPy, signals: scan.signals, ruleIds: scan.findings.map((f) => f.ruleId), compat, text })) pyFacts = parsePython(content);
      if (this.registry === 'pypi' && !TEST_OR_DOCS.test(path) && this.unsafeYaml.length < 20) {
        const m = UNSAFE_YAML_LOAD.exec(text);
        if (m) this.unsafeYaml.push({ path, line: scan.lines.lineAt(m.index), evidence: m[0].slice(0, 120) });
      }
      if (pyFacts) {
        // Whether the command runs when the module loads, or in a function nothing at load calls (reach.ts).
        if (!TEST_OR_DOCS.test(path)) for (const r of pyFacts.runsConfig) if (this.configRuns.length < 20) this.configRuns.push({ path, ...r, onRequest: dormantAt(pyFacts.reach.dormant(), r.line, false) !== null });
        this.pyReach.set(path, pyFacts.reach);
        if (pyFacts.handsOff.length > 0 || pyFacts.sendsParam.size > 0 || pyFacts.runsParam.size > 0) this.pyCross.set(path, { sendsParam: pyFacts.sendsParam, handsOff: pyFacts.handsOff, runsParam: pyFacts.runsParam });
        fileFindings = mergePythonFindings(path, pyFacts, fileFindings, setupPy);
        if (pyFacts.nfkcIdentifiers > 0) {
          // Python reads `__𝘪𝗺𝙥𝗼𝗿𝘵__` as `__import__`: the patterns read the NFKC-normalised text too.
          const normalised = Buffer.from(content.toString('utf8').normalize('NFKC'), 'utf8');
          const again = scanText(normalised.toString('latin1'), { path, lang, setupPy }, normalised);
          scan.signals |= again.signals;
          for (const f of again.findings) {
            if (!fileFindings.some((x) => x.ruleId === f.ruleId && x.line === f.line)) fileFindings.push({ ...f, message: `${f.message} (read after NFKC normalisation of its identifiers)` });
          }
        }
      }
    }
    if (lang === 'py' && !pyFacts && (scan.signals & Signal.NETWORK) !== 0 && content.length <= PY_NET_FILE && this.pyNetBytes + content.length <= PY_NET_TOTAL) {
      this.pyNetTexts.set(path, content);
      this.pyNetBytes += content.length;
    }
    let worst = -1;
    let savesFetched: boolean | undefined;
    for (const f of fileFindings) {
      worst = Math.max(worst, severityRank(f.severity));
      this.addFinding(f);
    }
    // Small files that make network calls are always read (an install script hides its sink behind a computed name).
    if ((lang === 'js' || lang === 'py') && ((lang === 'js' && size <= SMALL_NETWORK_FILE && (scan.signals & Signal.NETWORK) !== 0) || flowWanted(text, (scan.signals & (Signal.NETWORK | Signal.NET_IMPORT | Signal.NET_CALL)) !== 0, (scan.signals & (Signal.SHELL | Signal.EVAL)) !== 0, lang))) {
      let facts: FlowFacts | null = null;
      try {
        // The Python reader's work is bounded per file (PY_FLOW_BUDGET): past it, the facts found so far stand.
        facts = lang === 'js' ? jsFlow(text) : pyFlow(pyCodeView(text));
      } catch {
        facts = null; // a file the reader cannot follow keeps its pre-scan findings
      }
      if (facts) {
        for (const h of facts.hits) {
          worst = Math.max(worst, severityRank(h.rule.severity));
          this.addFinding({ ruleId: h.rule.id, severity: h.rule.severity, category: h.rule.category, file: path, line: scan.lines.lineAt(h.index), evidence: evidenceAt(text, h.index, h.length), message: h.rule.message });
        }
        for (const x of [...facts.sends, ...facts.spawns]) {
          x.line = scan.lines.lineAt(x.index);
          x.evidence = evidenceAt(text, x.index, x.length);
        }
        for (const x of facts.acts ?? []) {
          x.line = scan.lines.lineAt(x.index);
          x.evidence = evidenceAt(text, x.index, x.length);
        }
        if (facts.sends.length + facts.spawns.length + facts.requires.length + (facts.acts?.length ?? 0) + (facts.plants?.length ?? 0) + (facts.handoffs?.length ?? 0) > 0) {
          const { acts, plants, handoffs } = facts;
          this.flow.set(path, { hits: [], sends: facts.sends, spawns: facts.spawns, requires: facts.requires, ...(acts ? { acts } : {}), ...(plants ? { plants } : {}), ...(handoffs ? { handoffs } : {}) });
        }
        const imp = this.importsOf.get(path);
        if (imp && facts.requires.length > 0) imp.specs.push(...facts.requires);
        if (lang === 'js') this.exportReturns.set(path, facts.returns ?? null);
        if (lang === 'js') savesFetched = facts.savesFetched;
      }
    }
    if (lang !== 'manifest') {
      // Where a download goes and whether its bytes are checked: install scripts are judged by it.
      const download = lang === 'js' && (text.includes('://') || text.includes('createHash(')) ? downloadFacts(text) : undefined;
      const urls = download ? [...text.matchAll(/\bhttps?:\/\/[a-z0-9.-]+(?::\d+)?(?:\/[^\s'"`$<>{}]*)?/gi)].slice(0, 50).map((m) => m[0]) : undefined;
      // Shell, batch and PowerShell scripts: what OS download tools fetch, and whether it is run; the
      // programs they start, weighed like JavaScript spawns when the script runs at install (npm/script-download.ts).
      const script = lang === 'sh' && this.registry === 'npm' ? scriptDownloads(text) : undefined;
      if (lang === 'sh' && this.registry === 'npm') {
        const starts = scriptStarts(text);
        const acts = scriptActs(text).map((x) => ({ kind: x.kind, index: 0, length: 0, line: x.line, evidence: x.evidence }));
        if ((starts.length > 0 || acts.length > 0) && !this.flow.has(path)) {
          this.flow.set(path, { hits: [], sends: [], requires: [], spawns: starts.map((x) => ({ targets: [x.target], detached: x.detached, node: false, index: x.index, length: x.length, line: x.line, evidence: x.evidence })), ...(acts.length > 0 ? { acts } : {}) });
        }
      }
      this.fileInfo.set(path, { signals: scan.signals, worst, scanned: true, ...(download ? { download } : {}), ...(urls ? { urls } : {}), ...(script && script.downloads.length > 0 ? { script } : {}), ...(savesFetched !== undefined ? { savesFetched } : {}) });
    }
    for (const [bit] of CAPABILITY_SIGNALS) {
      if (!(scan.signals & bit)) continue;
      const info = this.caps.get(bit);
      if (info) {
        info.files++;
      } else {
        const idx = scan.firstIndex.get(bit) ?? -1;
        this.caps.set(bit, {
          files: 1,
          file: path,
          ...(idx >= 0 ? { line: scan.lines.lineAt(idx), evidence: evidenceAt(text, idx, 20) } : {}),
        });
      }
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

  /**
   * Files that run first, as far as they are known: hooks and declared or conventional entry
   * points, then what they import. `closure` holds the paths that exist in the archive;
   * `candidates` every path looked for (some may sit in a tail not yet passed over).
   */
  private entryClosure(): { closure: Set<string>; candidates: Set<string> } {
    const root = this.rootDir();
    const exists = (p: string): boolean => this.seenPaths.has(p) || this.tailPaths.has(p);
    const queue: string[] = declaredEntries(this.registry, root, this.manifests, this.setupEntryPoints);
    for (const p of this.seenPaths) if (isConventionalEntry(p, this.registry)) queue.push(p);
    for (const p of this.tailPaths) if (isConventionalEntry(p, this.registry)) queue.push(p);
    const closure = new Set<string>();
    const candidates = new Set<string>();
    for (let i = 0; i < queue.length && candidates.size < 50_000; i++) {
      const c = queue[i]!;
      if (candidates.has(c)) continue;
      candidates.add(c);
      if (!exists(c)) continue;
      closure.add(c);
      const imp = this.importsOf.get(c);
      if (imp) for (const spec of imp.specs) queue.push(...resolveSpecifier(c, spec, imp.lang, root));
    }
    return { closure, candidates };
  }

  private coverage(): AnalysisCoverage {
    const { closure } = this.entryClosure();
    const unread = [...closure].filter((p) => this.largeUnscanned.has(p) || (this.tailPaths.has(p) && !this.seenPaths.has(p))).sort(cmp);
    const read = [...closure].filter((p) => !unread.includes(p)).sort(cmp);
    return {
      complete: this.readToEnd && unread.length === 0,
      readToEnd: this.readToEnd,
      entryPointsRead: read.length,
      entryPoints: read.slice(0, MAX_COVERAGE_LISTED),
      unread: unread.slice(0, MAX_COVERAGE_LISTED),
      truncated: this.truncated,
      priorityFilesRead: this.priorityFiles,
      tailFilesNotRead: this.truncated ? Math.max(0, this.tailFiles - this.priorityRead.size) : 0,
    };
  }

  // -------------------------------------------------------------------------------------------
  // the result

  private rootDir(): string {
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

  private npmInstallScripts(root: string): InstallScript[] {
    const text = this.manifests.get(`${root}package.json`);
    const scripts: InstallScript[] = [];
    let hasInstall = false;
    if (text !== undefined) {
      let pkg: unknown;
      try {
        pkg = JSON.parse(Buffer.from(text, 'latin1').toString('utf8'));
      } catch {
        this.archiveFinding('bad_package_json', 'LOW', `${root}package.json`, 'package.json is not valid JSON');
      }
      const s = pkg && typeof pkg === 'object' ? (pkg as { scripts?: unknown }).scripts : undefined;
      if (s && typeof s === 'object') {
        for (const [k, v] of Object.entries(s as Record<string, unknown>)) if (typeof v === 'string') this.npmScripts.set(k, v.slice(0, 1000));
        for (const name of ['preinstall', 'install', 'postinstall', 'prepare']) {
          const cmd = (s as Record<string, unknown>)[name];
          if (typeof cmd === 'string' && cmd.trim() !== '') {
            scripts.push({ name, command: cmd.slice(0, 1000) });
            if (name !== 'prepare') hasInstall = true;
          }
        }
      }
    }
    // npm runs `node-gyp rebuild` by itself when binding.gyp is at the root and no install script is set.
    if (!hasInstall && this.rootMarkers.includes(`${root}binding.gyp`)) {
      scripts.push({ name: 'install', command: 'node-gyp rebuild (implicit: binding.gyp at the package root)' });
    }
    return scripts;
  }

  /** Download facts of a file and the local files it loads (two levels). */
  private downloadFactsFrom(file: string, root: string): DownloadFacts[] {
    const out: DownloadFacts[] = [];
    const seen = new Set<string>();
    const visit = (p: string, depth: number): void => {
      if (seen.has(p)) return;
      seen.add(p);
      const d = this.fileInfo.get(p)?.download;
      if (d) out.push(d);
      const imp = this.importsOf.get(p);
      if (!imp || depth >= 2) return;
      for (const spec of imp.specs) for (const c of resolveSpecifier(p, spec, imp.lang, root)) if (this.fileInfo.has(c)) visit(c, depth + 1);
    };
    visit(file, 0);
    return out;
  }

  /** Name and repository URL of the root package.json. */
  private packageIdentity(root: string): { name: string; repository: string | null } {
    try {
      const pkg = JSON.parse(Buffer.from(this.manifests.get(`${root}package.json`) ?? '{}', 'latin1').toString('utf8')) as { name?: unknown; repository?: unknown };
      const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository && typeof pkg.repository === 'object' ? (pkg.repository as { url?: unknown }).url : null;
      return { name: typeof pkg.name === 'string' ? pkg.name : '', repository: typeof repo === 'string' ? repo : null };
    } catch {
      return { name: '', repository: null };
    }
  }

  /** The resolved npm hooks (npm/hooks.ts), cached for finalize. */
  private hooks: ResolvedHook[] = [];

  private exists = (p: string): boolean => this.seenPaths.has(p);

  /** Install-time files one file pulls in (itself and what it loads, transitively). */
  private closureOf(files: readonly string[], root: string): Set<string> {
    return installTimeFiles({
      root,
      hooks: [{ name: 'install', command: '', steps: files.map((file) => ({ kind: 'file' as const, text: '', file })) }],
      exists: this.exists,
      importsOf: (p) => this.importsOf.get(p),
      flow: (p) => this.flow.get(p),
      manifests: this.manifests,
    });
  }

  /**
   * Sensitive data one module hands a function of another (`require('./report')(process.env)`):
   * that module is read again with the function's parameters carrying the data (npm/flow-facts.ts
   * Handoff), and what it then sends joins its facts, judged as if written in one file.
   */
  /**
   * Labels across one module boundary (pkg-analysis-2026.11.27): a file run at install or loaded on
   * import that calls another archive module's exported function gets what that function returns
   * (`sync.backup(paths.known())`: wallet store paths built in one module, uploaded by another). The
   * file is read again with those returns; new hits become findings, new sends and handoffs join its
   * facts (judged, and followed, as if written in one file). At most 40 modules read for their
   * returns and 20 files read again.
   */
  private followReturns(root: string, files: Iterable<string>): void {
    const pkgOf = manifestReader(this.manifests);
    let reads = 40;
    let again = 20;
    const returnsOf = (p: string): Record<string, number> | null => {
      if (this.exportReturns.has(p)) return this.exportReturns.get(p) ?? null;
      const text = this.jsTexts.get(p);
      let r: Record<string, number> | null = null;
      if (text !== undefined && reads > 0) {
        reads--;
        try {
          r = jsFlow(text)?.returns ?? null;
        } catch {
          r = null;
        }
      }
      this.exportReturns.set(p, r);
      return r;
    };
    for (const file of files) {
      if (again <= 0) return;
      const text = this.jsTexts.get(file);
      const specs = (this.importsOf.get(file)?.specs ?? []).filter((s) => s.startsWith('.'));
      if (text === undefined || specs.length === 0) continue;
      const imported = new Map<string, Record<string, number>>();
      for (const spec of specs.slice(0, 50)) {
        const target = resolveModulePath(spec, file.slice(0, file.lastIndexOf('/') + 1), root, this.exists, pkgOf);
        const r = target && target !== file ? returnsOf(target) : null;
        if (r) imported.set(spec, r);
      }
      if (imported.size === 0) continue;
      again--;
      let more: FlowFacts | null = null;
      try {
        more = jsFlow(text, undefined, imported);
      } catch {
        more = null;
      }
      if (!more) continue;
      const lineAt = (i: number): number => {
        let line = 1;
        for (let j = text.indexOf('\n'); j !== -1 && j < i; j = text.indexOf('\n', j + 1)) line++;
        return line;
      };
      for (const h of more.hits) {
        if (this.findings.some((f) => f.file === file && f.ruleId === h.rule.id)) continue;
        this.addFinding({ ruleId: h.rule.id, severity: h.rule.severity, category: h.rule.category, file, line: lineAt(h.index), evidence: evidenceAt(text, h.index, h.length), message: h.rule.message });
      }
      const into = this.flow.get(file) ?? { hits: [], sends: [], spawns: [], requires: [] };
      for (const x of more.sends) {
        if (into.sends.some((y) => y.index === x.index && (y.labels | x.labels) === y.labels)) continue;
        into.sends.push({ ...x, line: lineAt(x.index), evidence: evidenceAt(text, x.index, x.length) });
      }
      for (const h of more.handoffs ?? []) {
        const list = (into.handoffs ??= []);
        if (list.length < 20 && !list.some((y) => y.spec === h.spec && y.fn === h.fn && y.args.join() === h.args.join())) list.push(h);
      }
      if (into.sends.length + into.spawns.length + into.requires.length + (into.handoffs?.length ?? 0) + (into.acts?.length ?? 0) > 0) this.flow.set(file, into);
    }
  }

  private followHandoffs(root: string): void {
    const pkgOf = manifestReader(this.manifests);
    let budget = 20;
    const done = new Set<string>();
    for (const [file, facts] of [...this.flow]) {
      for (const h of facts.handoffs ?? []) {
        if (budget <= 0) return;
        const target = resolveModulePath(h.spec, file.slice(0, file.lastIndexOf('/') + 1), root, this.exists, pkgOf);
        const key = `${target} ${h.fn ?? ''} ${h.args.join(',')}`;
        if (done.has(key)) continue;
        done.add(key);
        const text = target ? this.jsTexts.get(target) : undefined;
        // Only a module that makes network calls can send what it is handed.
        if (!target || text === undefined || ((this.fileInfo.get(target)?.signals ?? 0) & (Signal.NETWORK | Signal.NET_CALL)) === 0) continue;
        budget--;
        let more: FlowFacts | null = null;
        try {
          more = jsFlow(text, h);
        } catch {
          more = null;
        }
        // Cloud credentials handed in and sent on are a hit of the module that sends them.
        for (const hit of more?.hits ?? []) {
          if (hit.rule.id !== 'cloud_credential_send' || this.findings.some((f) => f.file === target && f.ruleId === hit.rule.id)) continue;
          let line = 1;
          for (let i = text.indexOf('\n'); i !== -1 && i < hit.index; i = text.indexOf('\n', i + 1)) line++;
          this.addFinding({ ruleId: hit.rule.id, severity: hit.rule.severity, category: hit.rule.category, file: target, line, evidence: evidenceAt(text, hit.index, hit.length), message: hit.rule.message });
        }
        const sends = (more?.sends ?? []).filter((x) => x.labels & (L.ENV | L.SECRET | L.WALLET));
        if (sends.length === 0) continue;
        const into = this.flow.get(target) ?? { hits: [], sends: [], spawns: [], requires: [] };
        for (const x of sends) {
          if (into.sends.some((y) => y.index === x.index && (y.labels | x.labels) === y.labels)) continue;
          let line = 1;
          for (let i = text.indexOf('\n'); i !== -1 && i < x.index; i = text.indexOf('\n', i + 1)) line++;
          into.sends.push({ ...x, line, evidence: evidenceAt(text, x.index, x.length) });
        }
        this.flow.set(target, into);
      }
    }
  }

  /** What the hook's file reaches, function by function (npm/reach-js.ts); null when the reach ran out of budget. */
  private reachOf(file: string, root: string): JsReach | null {
    const pkgOf = manifestReader(this.manifests);
    const reach = reachFromInstallHooks({
      entries: [file],
      text: (p) => this.jsTexts.get(p),
      resolve: (spec, from) => resolveModulePath(spec, from.slice(0, from.lastIndexOf('/') + 1), root, this.exists, pkgOf),
      importsOf: (p) => this.importsOf.get(p)?.specs ?? [],
      scriptTarget: (target, from) => resolveTarget(target, from.slice(0, from.lastIndexOf('/') + 1), root, this.exists),
    });
    return reach.complete ? reach : null;
  }

  /** The download facts of the reached code: URLs, configurable defaults, checks, starts, computed code. */
  private reachedDownload(reach: JsReach, facts: readonly DownloadFacts[]): ReachedDownload {
    const urls: string[] = [];
    const envDefaults: string[] = [];
    const spawns: ReachedDownload['spawns'][number][] = [];
    let dynamicCode = 0;
    for (const [p, r] of reach.files) {
      // A file read whole (not parsed) gives its URLs from the text.
      for (const u of r.parsed ? r.urls : (this.fileInfo.get(p)?.urls ?? [])) if (!urls.includes(u)) urls.push(u);
      envDefaults.push(...r.envDefaults);
      spawns.push(...r.spawns);
      dynamicCode += r.dynamicCode.length;
      // Unparsed code may start or evaluate anything.
      if (!r.parsed && (this.fileInfo.get(p)?.signals ?? 0) & (Signal.SHELL | Signal.EVAL)) dynamicCode++;
    }
    const verified = facts.some((x) => x.sha2) ? 'digest' : facts.some((x) => x.signature) ? 'signature' : null;
    return { urls, envDefaults, verified, spawns, dynamicCode };
  }

  /**
   * One hook, judged by what it resolves to (npm/hooks.ts): remote commands, inline code, the
   * archive files it runs with everything they load, download tools, registry packages run by npx.
   */
  private reviewNpmHook(root: string, hook: ResolvedHook, pkgFile: string): void {
    const cmd = [hook.command, ...hook.steps.filter((s) => s.kind !== 'script' && s.text !== hook.command).map((s) => s.text)].join(' ; ').slice(0, 2000);
    // `prepare` runs for git and local installs (and npm pack), never when the published tarball is
    // installed from the registry: what it does is reported, at most LOW.
    const inert = hook.name === 'prepare';
    const f = (ruleId: string, severity: FindingSeverity, message: string): void =>
      this.addFinding({
        ruleId,
        severity: inert && severityRank(severity) > severityRank('LOW') ? 'LOW' : severity,
        category: 'install_script',
        file: pkgFile,
        message: `npm ${hook.name} script ${inert ? `${message.replace(' at install time', '')} (only for git or local installs, not from the registry)` : message}`,
        evidence: cmd.slice(0, 120),
      });

    // The hook's own command line does what an install-time file may do (`npm config set registry …`, `npm publish`).
    for (const a of scriptActs(cmd.replace(/ ; /g, '\n'))) {
      const [ruleId, severity, message] = ACTS[a.kind];
      f(ruleId, severity, `${message.replace(/^an install-time file /, '')} at install time`);
    }
    if (REMOTE_COMMAND.test(cmd)) {
      f('install_script_remote', 'CRITICAL', 'downloads or runs remote code at install time');
      return;
    }
    // binding.gyp's `node -p` expansions compute build settings from the environment (CFLAGS,
    // npm_config_target): for them, reading the environment is configuration, not a danger.
    if (hook.steps.some((s) => s.kind === 'inline' && (s.gyp ? GYP_INLINE_DANGER : INLINE_DANGER).test(s.code ?? ''))) {
      f('install_script_inline_code', 'CRITICAL', 'runs inline code that reaches the network, the environment, a shell or decoded data');
      return;
    }
    const direct = installTimeFiles({ root, hooks: [{ ...hook, name: 'install' }], exists: this.exists, importsOf: () => undefined, flow: () => undefined, manifests: this.manifests });
    let reviewed = false;
    for (const file of direct) {
      if (!this.fileInfo.has(file)) continue;
      reviewed = true;
      const closure = [...this.closureOf([file], root)].filter((p) => this.fileInfo.has(p));
      const via = (p: string) => (p === file ? file : `${file}, which loads ${p}`);
      const unscanned = closure.find((p) => !this.fileInfo.get(p)!.scanned);
      // Network use counts where the hook reaches it (npm/reach-js.ts): the hook's own file, and in
      // what it loads, a network call in reached code (module-level code and the functions reached
      // code calls) of a file the scanner marks as making network calls. The reach only narrows the
      // scanner's answer. Without a complete reach, any file of the closure that makes network calls.
      // Shell, batch and PowerShell scripts in the closure are judged by their downloads (npm/script-download.ts).
      const isScript = (p: string): boolean => SCRIPT_FILE.test(p) || (!/\.(?:[cm]?[jt]s|py)$/.test(p) && this.fileInfo.get(p)?.script !== undefined);
      const reach = isScript(file) ? null : this.reachOf(file, root);
      const scanNet = (p: string): boolean => !isScript(p) && ((this.fileInfo.get(p)?.signals ?? 0) & Signal.NETWORK) !== 0;
      const net = reach ? [...reach.files].find(([p, r]) => scanNet(p) && (p === file || !r.parsed || r.net.length > 0))?.[0] : closure.find(scanNet);
      // A shell script the hook runs that pipes a download into a shell is the hook doing it.
      const pipe = closure.find((p) => !/\.(?:[cm]?[jt]s|py)$/.test(p) && this.fileInfo.get(p)!.signals & Signal.REMOTE_PIPE);
      // The downloads of the scripts it runs, read command by command: the worst decides.
      let scripted: ScriptDownloadVerdict | null = null;
      for (const p of closure.filter(isScript)) {
        const sf = this.fileInfo.get(p)!.script;
        const v = sf ? judgeScriptDownloads(via(p), sf, this.ownHosts(root)) : null;
        if (!v) continue;
        if (!scripted || severityRank(v.severity) > severityRank(scripted.severity)) scripted = v;
        // The download-then-run pattern of a script whose downloads were read is replaced by that reading.
        if (v.severity !== 'CRITICAL') this.confirmScriptPattern(p, v);
      }
      const bad = closure.find((p) => this.fileInfo.get(p)!.worst >= severityRank('HIGH'));
      if (pipe) {
        f('install_script_remote', 'CRITICAL', `runs ${via(pipe)}, which pipes a download into a shell, at install time`);
      } else if (scripted?.severity === 'CRITICAL') {
        f(scripted.ruleId, scripted.severity, scripted.message);
      } else if (bad) {
        f('install_script_runs_malicious', 'CRITICAL', `runs ${via(bad)} (HIGH or CRITICAL findings) at install time`);
        for (const x of this.findings) if (closure.includes(x.file) && x.severity === 'HIGH') x.severity = 'CRITICAL';
      } else if (unscanned) {
        f('install_script_unscanned', 'MEDIUM', `runs ${via(unscanned)}, which is too large to be scanned, at install time`);
      } else if (scripted && (!net || severityRank(scripted.severity) > severityRank('LOW'))) {
        f(scripted.ruleId, scripted.severity, scripted.message);
      } else if (net) {
        const reached = reach ? [...reach.files.keys()] : closure;
        const facts = reach ? reached.map((p) => this.fileInfo.get(p)?.download).filter((x): x is DownloadFacts => x !== undefined) : this.downloadFactsFrom(file, root);
        const own = ownBinaryDownload(facts, this.packageIdentity(root), this.registryHosts);
        const release = own ? null : this.ownReleaseDownload(reached, root, reach);
        const vendor = own || release || !reach ? null : vendorBinaryDownload(this.reachedDownload(reach, facts), this.ownHosts(root));
        if (release?.why === 'a host named after the package') {
          f('install_script_own_host', 'LOW', `runs ${via(net)}, which talks only to ${release.host}, a host named after the package or its home page's site, and saves nothing it receives, at install time`);
        } else if (own || release) {
          f('install_script_own_binary', 'LOW', `runs ${via(net)}, which downloads the package's own prebuilt binary from ${(own ?? release)!.host}${own ? ' and checks its SHA-2 digest' : ` (${release!.why})`} at install time (the binary itself is not reviewed)`);
        } else if (vendor && 'host' in vendor && vendor.verified) {
          f('install_script_own_binary', 'LOW', `runs ${via(net)}, which downloads a prebuilt binary from ${vendor.host} (${vendor.configurable ? 'a download base the user can set in the environment or npm config' : "the package's own host"}) and checks its ${vendor.verified === 'digest' ? 'SHA-2 digest' : 'signature'} at install time (the binary itself is not reviewed)`);
        } else if (vendor && 'host' in vendor) {
          f('install_script_unverified_binary', 'LOW', `runs ${via(net)}, which downloads a prebuilt binary from ${vendor.host}, a download base the user can set in the environment or npm config, without checking a digest or signature: the binary is trusted to that host's HTTPS and is not reviewed`);
        } else {
          f('install_script_network', 'MEDIUM', `runs ${via(net)}, which makes network calls at install time (what it downloads is not reviewed${vendor && 'refused' in vendor ? `; not read as a binary download because ${vendor.refused}` : ''})`);
        }
      } else {
        f('install_script_local', 'LOW', `runs a local file (${file}${closure.length > 1 ? ` and ${closure.length - 1} file${closure.length === 2 ? '' : 's'} it loads` : ''}) at install time`);
      }
    }
    if (reviewed) return;
    const tools = hook.steps.filter((s) => s.kind === 'tool').map((s) => TOOLS.find((t) => t.name === s.tool)!);
    const downloader = tools.find((t) => t.downloader);
    const missing = hook.steps.find((s) => s.kind === 'file' && s.missing !== undefined);
    if (downloader) {
      const meta = this.npmMeta(root);
      const bad = (meta.binaryHosts ?? []).find((h) => isIpLiteral(h) || isPasteHost(h) || isCollector(`${h}/`, h));
      if (bad) f('install_script_prebuilt_download', 'MEDIUM', `downloads a prebuilt binary with ${downloader.name} from ${bad}, a host no release is published on`);
      else f('install_script_prebuilt_download', 'LOW', `downloads the package's prebuilt binary with ${downloader.name} from ${meta.binaryHosts?.[0] ?? 'its GitHub releases'} at install time (the binary is not reviewed)`);
    } else if (hook.steps.some((s) => s.kind === 'npx')) {
      f('install_script_npx', 'MEDIUM', 'downloads and runs a registry package at install time');
    } else if (missing) {
      f('install_script_missing_file', 'LOW', `runs ${missing.missing}, which is not in the archive`);
    } else if (hook.steps.length > 0 && hook.steps.every((s) => s.kind === 'tool' || s.kind === 'script')) {
      f('install_script_build', 'INFO', 'runs a local build or dev tool');
    } else {
      f('install_script', 'LOW', 'runs a command at install time');
    }
  }

  /**
   * A shell / batch / PowerShell script whose downloads were read command by command (and are not
   * download-and-execute from a foreign host): its pattern `download_execute` finding gives way to
   * that reading, at the reading's severity.
   */
  private confirmScriptPattern(path: string, v: ScriptDownloadVerdict): void {
    const info = this.fileInfo.get(path);
    if (!info) return;
    let worst = -1;
    for (const x of this.findings) {
      if (x.file !== path) continue;
      if (x.ruleId === 'download_execute' && severityRank(x.severity) > severityRank(v.severity)) {
        x.severity = v.severity;
        x.message = `${x.message} [its downloads were read: ${v.ruleId}]`;
      }
      worst = Math.max(worst, severityRank(x.severity));
    }
    info.worst = worst;
  }

  /** The root package.json's metadata (own-hosts.ts). */
  private npmMeta(root: string): PackageMetadata {
    try {
      const pkg: unknown = JSON.parse(Buffer.from(this.manifests.get(`${root}package.json`) ?? '{}', 'latin1').toString('utf8'));
      return npmMetadata(pkg && typeof pkg === 'object' && !Array.isArray(pkg) ? (pkg as Record<string, unknown>) : {});
    } catch {
      return { name: '', urls: [] };
    }
  }

  /** The package's own hosts, from its metadata (own-hosts.ts); the configured registry is its distribution channel. */
  private ownHosts(root: string): OwnHosts {
    if (this.registry === 'npm') return new OwnHosts(this.npmMeta(root), this.registryHosts);
    let metadata: string | undefined = this.manifests.get(`${root}PKG-INFO`);
    if (metadata === undefined) for (const [p, t] of this.manifests) if (/^[^/]+\.dist-info\/METADATA$/.test(p)) metadata = t;
    const utf8 = (t: string | undefined): string | undefined => (t === undefined ? undefined : Buffer.from(t, 'latin1').toString('utf8'));
    return new OwnHosts(
      pythonMetadata({
        pkgInfo: utf8(metadata),
        setupPy: utf8(this.manifests.get(`${root}setup.py`)),
        setupCfg: utf8(this.manifests.get(`${root}setup.cfg`)),
        pyproject: utf8(this.manifests.get(`${root}pyproject.toml`)),
      }),
      this.registryHosts,
    );
  }

  /**
   * Data about the machine or a secret handed to a function of another module of the package that
   * sends its argument over the network is sent, as if the send were in the caller's file: a stealer
   * split over a collector module and a transport module (python/flow.ts `handsOff`, `sendsParam`).
   * The transport module is parsed here when the pre-scan did not parse it (kept while reading).
   */
  private followPyHandOffs(root: string): void {
    for (const [path, facts] of this.pyCross) {
      for (const h of facts.handsOff) {
        const dot = h.callee.lastIndexOf('.');
        const spec = h.callee.slice(0, dot);
        const name = h.callee.slice(dot + 1);
        if (!spec || !name) continue;
        for (const target of resolveSpecifier(path, spec, 'py', root)) {
          if (target === path) continue;
          // A web request's data handed to a function that starts it as a command (blind set 2).
          const runs = h.request ? this.pyCross.get(target)?.runsParam?.get(name) : undefined;
          if (runs !== undefined) {
            this.addFinding({ ruleId: 'request_command_exec', severity: 'HIGH', category: 'shell', file: path, line: h.line, evidence: h.evidence, message: `data of a web request the code receives is handed to ${name}() in ${target.slice(root.length)}, which runs it as a command or code (line ${runs}): whoever sends that request runs code on this machine (a command backdoor)` });
            break;
          }
          if (h.request && !h.secret && !h.env) continue;
          let sends = this.pyCross.get(target)?.sendsParam;
          if (!sends && this.pyNetTexts.has(target)) {
            const parsed = parsePython(this.pyNetTexts.get(target)!);
            this.pyNetTexts.delete(target);
            if (parsed) {
              this.pyCross.set(target, { sendsParam: parsed.sendsParam, handsOff: [] });
              sends = parsed.sendsParam;
            }
          }
          if (!sends?.has(name)) continue;
          const dest = sends.get(name) ?? null;
          const rel = target.slice(root.length);
          this.addFinding(
            h.env
              ? { ruleId: 'env_exfil_flow', severity: 'HIGH', category: 'exfiltration', file: path, line: h.line, evidence: (dest ? `${h.evidence.slice(0, 60)} -> ${dest}` : h.evidence).slice(0, 120), message: `the whole environment (every variable, tokens included) is handed to ${name}() in ${rel}, which sends it over the network${dest ? ` to ${dest}` : ''}` }
              : h.secret
              ? { ruleId: 'credential_exfil_flow', severity: dest ? 'HIGH' : 'MEDIUM', category: 'exfiltration', file: path, line: h.line, evidence: (dest ? `${h.evidence.slice(0, 60)} -> ${dest}` : h.evidence).slice(0, 120), message: `the content of a credential store or a cloud SDK's keys is handed to ${name}() in ${rel}, which sends it over the network${dest ? ` to ${dest}` : ''}` }
              : { ruleId: 'recon_exfil_flow', severity: 'HIGH', category: 'exfiltration', file: path, line: h.line, evidence: (dest ? `${h.evidence.slice(0, 60)} -> ${dest}` : h.evidence).slice(0, 120), message: `data about the machine or its user (user, host name, environment, system files) is handed to ${name}() in ${rel}, which sends it over the network${dest ? ` to ${dest}` : ''}` },
          );
          break;
        }
      }
    }
    this.pyNetTexts.clear();
  }

  /**
   * npm: the words of every text that runs or starts things (JavaScript, package.json, gyp files, shell
   * scripts, Makefiles and other extensionless files) and of each foreign-language script, for the rule
   * that a foreign script nothing names never runs (roles.ts unnamedForeignScripts). A runnable text too
   * large to read turns the rule off for the archive.
   */
  private collectNames(path: string, lang0: Lang | 'maybe' | null, lang: Lang | null, content: Buffer | null, tooLarge: boolean): void {
    const names = this.names;
    if (!names) return;
    const foreign = FOREIGN_SCRIPT.test(path);
    const runnable = lang0 !== null && !KEPT_AS_DATA.test(path) && (lang === 'js' || lang === 'sh' || lang === 'manifest' || lang0 === 'maybe');
    if (!foreign && !runnable) return;
    if (!content || tooLarge || content.length > NAMES_TEXT) {
      if (foreign) names.foreign.set(path, null);
      else if (lang === 'js' || lang === 'sh' || lang === 'manifest' || BUILD_GLUE.test(path)) this.names = null;
      return;
    }
    const text = content.toString('latin1');
    if (foreign) {
      const own = new Set<string>();
      scriptNameWords(text, own, names.bareExts);
      names.foreign.set(path, own);
    } else {
      scriptNameWords(text, names.tokens, names.bareExts);
    }
  }

  /**
   * Every finding gets its file's role (roles.ts), and its severity follows the role: files that
   * never run by themselves (tests, examples, docs, release tooling) are capped at LOW. A suspicious
   * destination that is the package's own host (own-hosts.ts) is a capability, not exfiltration.
   */
  private applyRoles(root: string, installScripts: readonly InstallScript[], complete = true): void {
    const paths = new Set(this.seenPaths);
    const installSeeds: string[] = [];
    if (this.registry === 'pypi') {
      installSeeds.push(...pythonInstallSeeds(root, paths, this.manifests.get(`${root}pyproject.toml`), this.manifests.get(`${root}setup.cfg`), this.manifests.get(`${root}setup.py`)));
      for (const f of this.setupRuns) if (paths.has(f)) installSeeds.push(f);
    } else {
      // The files npm's lifecycle hooks run, resolved through scripts and requires (npm/judge.ts).
      installSeeds.push(...this.installTime);
    }
    const importSeeds = declaredEntries(this.registry, root, this.manifests, this.setupEntryPoints);
    for (const p of paths) if (isConventionalEntry(p, this.registry)) importSeeds.push(p);
    // Files pytest or the interpreter import without being asked (roles.ts pythonAutoSeeds): a root conftest.py,
    // the modules of pytest11 plugins; pytest calls their `pytest_*` hooks (reach below).
    const pytestPlugins = new Set<string>();
    if (this.registry === 'pypi') {
      for (const e of [...pythonEntryPoints(root, this.manifests), ...this.setupEntryPoints]) {
        if (e.group !== 'pytest11') continue;
        for (const c of resolveSpecifier(`${root}x`, e.module, 'py', root)) if (paths.has(c)) pytestPlugins.add(c);
      }
      for (const p of pythonAutoSeeds(root, paths)) pytestPlugins.add(p);
    }
    // Archive files an install-time file copies out of the package run later where they are planted.
    const plantedSeeds: string[] = [];
    for (const f of this.installTime) {
      const dir = f.slice(0, f.lastIndexOf('/') + 1);
      for (const rel of this.flow.get(f)?.plants ?? []) {
        const r = resolveTarget(rel, dir, root, this.exists);
        if (r) plantedSeeds.push(r);
      }
    }
    // Names of runnable texts: only when every file was read (an unread one may name any script).
    const npmNames = this.registry === 'npm' && complete && this.names ? this.names : undefined;
    // What the flow reader found started, decoded or joined names included (`Buffer.from('…', 'base64')`).
    if (npmNames) for (const facts of this.flow.values()) for (const sp of facts.spawns) for (const t of sp.targets) scriptNameWords(t, npmNames.tokens, npmNames.bareExts);
    const roles = classifyFileRoles({ registry: this.registry, root, paths, importsOf: this.importsOf, installSeeds, importSeeds, plantedSeeds, autoSeeds: pytestPlugins, ...(npmNames ? { npmNames } : {}) });
    const own = this.ownHosts(root);
    const seeds = new Set(installSeeds);
    const dormantOf = new Map<string, DormantRange[]>();
    for (const f of this.findings) {
      if (!f.file || f.category === 'archive') continue;
      const role = roles.get(f.file);
      if (!role) continue;
      f.role = role;
      // An act of a file the prepare hook runs (publishing, pushing, a CI workflow, persistence) is run
      // by a git or local install whatever folder holds the file.
      const preparedAct = this.prepareTime?.has(f.file) === true && PREPARE_ACT_RULES.has(f.ruleId);
      const sev = preparedAct ? f.severity : roleSeverity(f.severity, role, f.ruleId);
      if (sev !== f.severity) {
        f.severity = sev;
        f.message = `${f.message} [${role} file${INERT_ROLES.has(role) || role === 'runtime' ? ': not run by an install or an import' : ''}]`;
      } else if ((role === 'import-time' || role === 'install-time') && f.line !== undefined && !seeds.has(f.file)) {
        // A module imported at install or import runs its module-level code, not its function
        // bodies: code in a function nothing run then reaches (python/reach.ts, and no running
        // importer takes that function or the whole module) runs when a user calls it.
        const reach = this.pyReach.get(f.file);
        let dormant = dormantOf.get(f.file);
        if (reach && !dormant) {
          const taken = namesTakenByRunning(f.file, root, roles, this.pyImportUses);
          // A pytest plugin's hooks are called by pytest: they run like module-level code.
          if (taken && pytestPlugins.has(f.file)) for (const n of reach.defNames()) if (/^pytest_\w+$/.test(n)) taken.add(n);
          dormant = taken ? reach.dormant(taken) : reach.dormant().filter((x) => x.mainGuard);
          dormantOf.set(f.file, dormant);
        }
        const r = dormant ? dormantAt(dormant, f.line, /(?:^|\/)__main__\.py$/.test(f.file)) : null;
        if (r) {
          const rt = roleSeverity(f.severity, 'runtime', f.ruleId);
          if (rt !== f.severity) {
            f.severity = rt;
            f.role = 'runtime';
            f.message = `${f.message} [${r.mainGuard ? "in the file's __main__ block" : 'in a function'} that nothing run at ${role === 'install-time' ? 'install' : 'import'} calls: it runs when a user calls it]`;
          }
        }
      }
      // A service's token sent to the package's own service (a coverage uploader posting the CI's token to
      // its site) needs a host the metadata declares or named exactly after the package: a host that only
      // contains its name is what a thief registers.
      if ((f.ruleId === 'exfil_suspicious_destination' || f.ruleId === 'recon_exfil_flow' || f.ruleId === 'service_token_foreign_host') && (f.severity === 'HIGH' || f.severity === 'MEDIUM') && f.evidence && !f.message.includes(HIDDEN_DESTINATION) && own.allOwn(f.evidence, f.ruleId === 'service_token_foreign_host')) {
        f.severity = 'LOW';
        f.message = `${f.message} [the destination is the package's own service host]`;
      }
    }
  }

  /**
   * A download whose URLs all point at the package's own release channel: its repository's GitHub
   * or GitLab releases, a host its manifest declares for binaries, or the configured registry.
   */
  private ownReleaseDownload(closure: readonly string[], root: string, reach: JsReach | null = null): { host: string; why: string } | null {
    const meta = this.npmMeta(root);
    const own = this.ownHosts(root);
    const noRegistry = new OwnHosts(meta);
    let found: { host: string; why: string } | null = null;
    let ownOnly: { host: string; why: string } | null = null;
    let foreign = false;
    for (const p of closure) {
      // With a reach, the URLs of reached code (a parsed file's unreached functions name hosts they do not call).
      const r = reach?.files.get(p);
      for (const u of r?.parsed ? r.urls : (this.fileInfo.get(p)?.urls ?? [])) {
        const m = /^https?:\/\/([^/:?#]+)(?::\d+)?([^?#]*)/i.exec(u);
        if (!m) continue;
        const host = m[1]!.toLowerCase();
        if (isIpLiteral(host) || isPasteHost(host) || isCollector(u, host)) return null;
        const registry = this.registryHosts.some((r) => host === r || host.endsWith(`.${r}`));
        const declared = (meta.binaryHosts ?? []).some((b) => host === b || host.endsWith(`.${b}`));
        const repo = /^(?:github\.com|gitlab\.com)$/.test(host) && /\/releases\/download(?:\/|$)/.test(m[2] ?? '') && (noRegistry.hasDestination(host, m[2] ?? '') || releaseOfSameName(m[2] ?? '', meta.name));
        const named = own.hasDestination(host, m[2] ?? '');
        if (registry || declared || repo) found ??= { host, why: registry ? 'the package registry' : declared ? 'the host its manifest declares' : "its repository's releases" };
        else if (named) ownOnly ??= { host, why: 'a host named after the package' };
        else foreign = true;
      }
    }
    // Talking only to hosts named after the package (its own API) without saving anything it sends is
    // disclosed like a release download; saving what such a host sends needs a digest (ownbinary.ts).
    // A file that writes counts as saving unless the flow reader followed its fetched data and none of
    // it reaches a write, pipe or extractor, and the fetch is in that same file (install telemetry that
    // records a local value in its own package.json saves nothing it received).
    const writes = closure.some((p) => {
      const info = this.fileInfo.get(p);
      if (!info || !(info.signals & Signal.FS_WRITE)) return false;
      return info.savesFetched !== false || !(info.signals & Signal.NETWORK);
    });
    return found ?? (foreign || writes ? null : ownOnly);
  }

  finalize(opts: { binaryOnly?: boolean } = {}): ArchiveAnalysis {
    const root = this.rootDir();
    let installScripts: InstallScript[] = [];
    const coverage = this.coverage();
    if (!coverage.complete) {
      this.addFinding({
        ruleId: 'entry_point_unread',
        severity: 'MEDIUM',
        category: 'archive',
        file: coverage.unread[0] ?? '',
        message: coverage.readToEnd
          ? `${coverage.unread.length} file${coverage.unread.length === 1 ? '' : 's'} that run${coverage.unread.length === 1 ? 's' : ''} first (install hooks, entry points or what they import) could not be read: ${coverage.unread.slice(0, 5).join(', ')}`
          : 'the archive could not be read to its end, so its install hooks and entry points may not all have been read',
      });
    }
    if (this.registry === 'npm') {
      installScripts = this.npmInstallScripts(root);
      this.hooks = resolveNpmHooks(root, this.manifests, this.exists, { bindingGyp: this.rootMarkers.includes(`${root}binding.gyp`) });
      this.installTime = installTimeFiles({ root, hooks: this.hooks, exists: this.exists, importsOf: (p) => this.importsOf.get(p), flow: (p) => this.flow.get(p), manifests: this.manifests });
      for (const h of this.hooks) this.reviewNpmHook(root, h, `${root}package.json`);
      for (const x of remoteDependencies(latin1ToUtf8(this.manifests.get(`${root}package.json`)), `${root}package.json`, this.ownHosts(root))) this.addFinding(x);
      const seeds = importEntries(root, this.manifests).filter((f) => this.exists(f));
      const importTime = seeds.length === 0 ? undefined : installTimeFiles({ root, hooks: [{ name: 'import', command: '', steps: seeds.map((f) => ({ kind: 'file' as const, text: f, file: f })) }], exists: this.exists, importsOf: (p) => this.importsOf.get(p), flow: (p) => this.flow.get(p), manifests: this.manifests }, false);
      this.followReturns(root, new Set([...this.installTime, ...(importTime ?? [])]));
      this.followHandoffs(root);
      const hookOf = (p: string): string => this.hooks.find((h) => h.name !== 'prepare' && this.closureOf(h.steps.filter((s) => s.file).map((s) => s.file!), root).has(p))?.name ?? 'install';
      const prepareHooks = this.hooks.filter((h) => h.name === 'prepare');
      const prepareTime = (this.prepareTime = prepareHooks.length === 0 ? undefined : installTimeFiles({ root, hooks: prepareHooks, exists: this.exists, importsOf: (p) => this.importsOf.get(p), flow: (p) => this.flow.get(p), manifests: this.manifests }, false));
      for (const x of judgeFlow({ importTime, prepareTime, installTime: this.installTime, flow: this.flow, own: this.ownHosts(root), registryHosts: this.registryHosts, binaries: this.binaries, files: [...this.seenPaths], root, exists: this.exists, hookOf })) this.addFinding(x);
      // The role of a finding's file, when it runs at install time (tests, docs and the rest: see the role classification).
      for (const x of this.findings) if (this.installTime.has(x.file) && severityRank(x.severity) >= severityRank('MEDIUM') && !x.message.includes('file role:')) x.message = `${x.message}; file role: install-time (run by the npm ${hookOf(x.file)} hook)`;
      this.jsTexts.clear();
    } else {
      const code = this.setupPyCode.get(`${root}setup.py`);
      if (code && code.length > 0) {
        installScripts.push({ name: 'setup.py', command: `module-level code: ${code.join(' ; ')}`.slice(0, 1000) });
      }
    }

    if (this.registry === 'pypi') this.followPyHandOffs(root);
    this.applyRoles(root, installScripts, coverage.complete && coverage.readToEnd);

    // Capabilities: one INFO finding each (a capability alone is not a threat).
    const capabilities = new Set<string>();
    for (const [bit, name, category, label] of CAPABILITY_SIGNALS) {
      const info = this.caps.get(bit);
      if (!info) continue;
      capabilities.add(name);
      this.addFinding({
        ruleId: `capability_${name.replace(/[^a-z]+/g, '_')}`,
        severity: 'INFO',
        category,
        file: info.file,
        ...(info.line !== undefined ? { line: info.line } : {}),
        message: `${label} in ${info.files} file${info.files === 1 ? '' : 's'} (a capability, not a threat by itself)`,
        ...(info.evidence ? { evidence: info.evidence } : {}),
      });
    }
    if (installScripts.length > 0) capabilities.add('install-script');

    // Settings files that carry code (blind set 2, docs/package-analysis.md "Python, blind set 2"): a
    // YAML tag that calls a process starter or exec, loaded by the package's own code with a loader that
    // applies such tags; a download piped into a shell, in a settings file whose parsed values the
    // package's code starts as commands. Either alone is ordinary (PyYAML's own test data; task runners).
    const tag = this.dataPayloads.find((d) => d.kind === 'tag');
    if (tag && this.unsafeYaml.length > 0) {
      const u = this.unsafeYaml[0]!;
      this.addFinding({ ruleId: 'data_file_code_exec', severity: 'HIGH', category: 'obfuscation', file: tag.path, evidence: `${tag.evidence} <- ${u.path}:${u.line} ${u.evidence}`.slice(0, 200), message: `a YAML file the package ships carries a Python tag that starts a process or executes code, and the package loads YAML with a loader that applies such tags (${u.path}:${u.line}): loading its own settings runs the command` });
    }
    const cmd = this.dataPayloads.find((d) => d.kind === 'command');
    if (cmd && this.configRuns.length > 0) {
      // At load (module-level code or what it calls) the command runs unasked; in a function only a
      // caller runs, it is a task runner doing what it is asked (LOW).
      const r = this.configRuns.find((x) => !x.onRequest) ?? this.configRuns[0]!;
      this.addFinding({ ruleId: 'data_file_command_exec', severity: r.onRequest ? 'LOW' : 'HIGH', category: 'shell', file: r.path, line: r.line, evidence: `${r.evidence} <- ${cmd.path}: ${cmd.evidence}`.slice(0, 200), message: `the package starts commands read from a settings file${r.onRequest ? ' when a caller asks' : ' when its module loads'}, and a settings file it ships holds a download piped into a shell (${cmd.path})` });
    }

    // Sourceless Python modules (blind set 2): Python imports `x.pyc` when no `x.py` sits next to it,
    // so the package runs code nobody can read. Shipped with its source (a stale build) it is never
    // imported. Its string table naming a process start, exec or a URL makes it HIGH.
    // HIGH needs a source distribution (a wheel may ship compiled modules only, by its vendor's choice)
    // and strings that both run code (exec, system, Popen…) and fetch or decode it (a URL, curl, b64decode…):
    // `platform.system` alone names `system`.
    const wheel = [...this.seenPaths].some((x) => /\.dist-info\//.test(x));
    for (const [p, acts] of [...this.pycFiles].sort((a, b) => cmp(a[0], b[0]))) {
      if (this.seenPaths.has(p.replace(/\.pyc$/i, '.py'))) continue;
      const runs = acts !== null && /\b(?:system|popen|Popen|check_output|exec|eval|CreateThread|VirtualAlloc)\b/.test(acts);
      const fetches = acts !== null && /a URL|\b(?:urlopen|b64decode|curl|wget)\b/.test(acts);
      this.addFinding({
        ruleId: 'sourceless_module',
        severity: !wheel && runs && fetches ? 'HIGH' : 'MEDIUM',
        // A compiled file like any other binary: MEDIUM is MONITORED, HIGH (its strings run or fetch code) BLOCKED.
        category: 'binary',
        file: p,
        ...(acts ? { evidence: acts } : {}),
        message: `a compiled Python module ships without its source: Python imports it as is, and it cannot be reviewed${acts ? ` (its strings name ${acts})` : ''}`,
      });
    }

    // Compiled binaries.
    const binaries = [...this.binaries].sort();
    if (binaries.length > 0) capabilities.add('native-binary');
    for (const b of binaries) {
      this.addFinding({
        ruleId: 'compiled_binary',
        severity: 'MEDIUM',
        category: 'binary',
        file: b,
        message: 'compiled binary: it cannot be analysed statically',
      });
    }
    const extra = (this.ruleCounts.get('compiled_binary') ?? 0) - MAX_FINDINGS_PER_RULE;
    if (extra > 0) {
      this.findings.push({ ruleId: 'compiled_binary', severity: 'MEDIUM', category: 'binary', file: '', message: `${extra} more compiled binaries not listed` });
    }

    // Set hash over every regular file read.
    const lines = this.entries.map((e) => `${e.path}\0${e.sha256}\n`).sort(cmp);
    const h = createHash('sha256');
    for (const l of lines) h.update(l, 'utf8');
    const fileSetHash = h.digest('hex');
    const files = [...this.entries].sort((a, b) => cmp(a.path, b.path) || cmp(a.sha256, b.sha256)).slice(0, this.limits.maxListedFiles);

    if (this.largeUnscanned.size === 0) this.limitsHit.delete('maxFileBytes');
    let analysisType: AnalysisType = 'FULL';
    const partial = this.limitsHit.size > 0 || this.corrupt || this.ignoredEntries > 0 || this.stopped;
    if (binaries.length > 0 && this.sourceFiles === 0 && !partial) analysisType = 'BINARY_ONLY';
    else if (partial || binaries.length > 0) analysisType = 'PARTIAL';
    if (opts.binaryOnly && !partial) analysisType = 'BINARY_ONLY';

    const findings = this.findings.sort(
      (a, b) =>
        severityRank(b.severity) - severityRank(a.severity) ||
        cmp(a.category, b.category) ||
        cmp(a.ruleId, b.ruleId) ||
        cmp(a.file, b.file) ||
        (a.line ?? 0) - (b.line ?? 0),
    );

    return {
      analysisType,
      ...(this.installTime.size > 0 ? { installTimeFiles: [...this.installTime].sort(cmp).slice(0, MAX_INSTALL_TIME_LISTED) } : {}),
      fileCount: this.fileCount,
      totalBytes: this.totalBytes,
      fileSetHash,
      files,
      capabilities: [...capabilities].sort(),
      installScripts,
      binaries,
      findings,
      limitsHit: [...this.limitsHit].sort(),
      coverage,
    };
  }
}

/** `/<owner>/<name>/releases/download/…` of a project named like the package (a driver package re-publishing a tool's releases). */
function releaseOfSameName(path: string, pkgName: string): boolean {
  const repo = /^\/[\w.-]+\/([\w.-]+)\/releases\//.exec(path)?.[1]?.toLowerCase();
  const name = pkgName.toLowerCase().replace(/^@[^/]+\//, '');
  return repo !== undefined && name.length >= 4 && repo === name;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}


/** The rule ids of install-time acts (npm/judge.ts ACTS). */
const PREPARE_ACT_RULES: ReadonlySet<string> = new Set(Object.values(ACTS).map((a) => a[0]));

function latin1ToUtf8(t: string | undefined): string | undefined {
  return t === undefined ? undefined : Buffer.from(t, 'latin1').toString('utf8');
}
