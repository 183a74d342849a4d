/**
 * What a file in an archive is, for the archive collector: entry kinds, code extensions and manifests,
 * the collector's limits, binaries and shebangs, data files that carry code (YAML tags, pickles, pyc).
 * Moved out of archive-collector.ts unchanged.
 */
import type { RegistrySource } from '../../types.js';
import { ACTS } from '../npm/judge.js';
import type { Lang } from '../signals.js';

export type EntryKind = 'file' | 'directory' | 'symlink' | 'hardlink' | 'special' | 'other';

export const BINARY_EXT = /\.(?:so(?:\.\d+)*|pyd|node|dll|dylib|exe)$/i;
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
/** A native build's scripts (roles.ts nativeBuildScripts): kept as text at the root, read for the commands they run, not scanned as code. */
export const NATIVE_BUILD_FILES = ['CMakeLists.txt', 'build.rs', 'meson.build'] as const;
// PKG-INFO (sdist) and METADATA (wheel) carry the project URLs: the package's own hosts.
const MANIFEST_NAMES = new Set(['package.json', 'setup.cfg', 'pyproject.toml', 'entry_points.txt', 'PKG-INFO', 'METADATA', 'binding.gyp', ...NATIVE_BUILD_FILES]);
/** Per-rule cap on findings, so a package with 3,000 symlinks does not produce 3,000 findings. */
export const MAX_FINDINGS_PER_RULE = 20;
export const MAX_FINDINGS = 400;
export const HEAD_BYTES = 1024;
/** Paths of the unread tail remembered during priority passes (to tell an entry point that exists from one that does not). */
export const MAX_TAIL_PATHS = 500_000;
/** Paths listed in `coverage` on the certificate. */
export const MAX_COVERAGE_LISTED = 50;
/** JavaScript files up to this size that make network calls are parsed for the source-to-sink rules whatever their words. */
export const SMALL_NETWORK_FILE = 16 * 1024;
/** Install-time files listed on the analysis. */
export const MAX_INSTALL_TIME_LISTED = 500;
/**
 * JavaScript texts kept until the end of an npm read, for the install-hook reach (npm/reach-js.ts):
 * which code of the files a hook loads runs. Up to 3 MB a file (what the flow reader parses) and
 * 48 MB in all; a file not kept counts whole.
 */
export const KEEP_JS_FILE = 3 * 1024 * 1024;
export const KEEP_JS_TOTAL = 48 * 1024 * 1024;

/** One priority pass over an archive the first read did not finish (see entrypoints.ts). */
export interface PriorityPass {
  /** Paths to read from the unread tail. */
  wanted: ReadonlySet<string>;
  /** Ordinals of files read before, too large for the scan limit, to read again with the entry-point limit. */
  reread: ReadonlySet<number>;
  files: number;
  bytes: number;
  overBudget: boolean;
}
/** Install-script commands that fetch or run remote code. */
export const REMOTE_COMMAND = new RegExp(
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
export const INLINE_DANGER = /\bhttps?\b|\bnet\b|\bfetch\b|\burllib|\brequests\b|\bsocket\b|child_process|\bexec|\bspawn|\beval\b|Function\(|base64|atob|fromCharCode|process\.env|os\.environ/;
/**
 * A Python, Perl or Ruby inline program of a hook or gyp action (`python3 -c "…"`) that fetches, or runs code it decodes
 * (pkg-analysis-2026.12.7). Not `sys.executable`, `os.environ`, `subprocess` of a build tool: what node-gyp's own
 * expansions (`<!(python -c "import sys; print(sys.executable)")`) and version checks use.
 */
export const FOREIGN_INLINE_DANGER =
  /\burllib|\brequests\.|\burlopen\b|http\.client|\bsocket\.|https?:\/\/|\b(?:curl|wget)\s|\b(?:exec|eval)\s*\([^)]*(?:b64decode|base64|decompress|fromhex|marshal|codecs)|LWP::|HTTP::Tiny|IO::Socket|Net::HTTP|open-uri|\bIO\.popen/;
export const GYP_INLINE_DANGER = /\bhttps?\b|\bnet\b|\bfetch\b|\bsocket\b|child_process|\bexec|\bspawn|\beval\b|Function\(|base64|atob|fromCharCode/;
/** One step of a plain local build or dev-tool install script. */
const BUILD_STEP =
  /^(?:node-gyp(?:-build)?(?:\s+rebuild)?(?:\s+--?[\w-]+(?:=\S+)?)*|node-gyp rebuild \(implicit[^)]*\)|node-gyp-build-optional-packages|cmake-js\s+\w+(?:\s+--?[\w-]+)*|husky(?:\s+install)?(?:\s+[\w./-]+)?|is-ci|patch-package|tsc(?:\s+\S+)*|tshy|exit\s+0|true|echo\b.*)$/;

/**
 * Settings files, pickles and compiled Python modules: their bytes are kept to be read as data (for a
 * command, a code tag or a code import they carry, dataPayloads; for a sourceless module's strings),
 * never scanned as a script.
 */
export const KEPT_AS_DATA = /\.(?:ya?ml|toml|ini|cfg|conf|pkl|pickle|pck|joblib|pyc)$/i;
/** gyp files and Makefile fragments: never scanned, read (npm) for the scripts they name (roles.ts NpmScriptNames). */
export const BUILD_GLUE = /\.(?:gypi?|mk)$/i;
/** npm texts up to this size are read for the names they carry; a larger one turns the unnamed-script rule off. */
export const NAMES_TEXT = 4 * 1024 * 1024;

/** A pip requirements file by its name (`requirements.txt`, `requirements-build.txt`, `reqs/dev.in`): kept as data (python/build-requires.ts). */
export const REQUIREMENTS_FILE = /(?:^|\/)[\w.-]*req[\w.-]*\.(?:txt|in)$/i;

/** How a path is scanned: a language, 'maybe' (no extension: decided by a `#!` line; or kept as data), or null. */
export function classify(path: string, registry: RegistrySource): Lang | 'maybe' | null {
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
  if (registry === 'pypi' && REQUIREMENTS_FILE.test(base)) return 'maybe';
  return CODE_EXT[base.slice(dot + 1).toLowerCase()] ?? null;
}

/** Test, documentation and example folders: their data files and loaders are not the package's settings. */
export const TEST_OR_DOCS = /(?:^|\/)(?:tests?|testing|docs?|examples?|benchmarks?)\//i;
/** A YAML tag that constructs a Python object by calling a process starter or exec. */
export const YAML_CODE_TAG = /!!python\/(?:object\/(?:apply|new)|name|module):\s*(?:subprocess\.\w+|os\.(?:system|popen|exec\w*|spawn\w*|posix_spawn\w*)|posix\.system|nt\.system|builtins\.(?:exec|eval|__import__)|exec|eval|pty\.spawn|commands\.getoutput)\b/;
/**
 * A pickle's import of a process starter or exec: `c<module>\n<name>\n` (GLOBAL, protocols 0–3) or two
 * short strings before STACK_GLOBAL (protocol 4+). Model files import tensor rebuilders, never these.
 */
export const PICKLE_CODE_GLOBAL = /(?:^|[^\w])c(os|posix|nt|subprocess|builtins|__builtin__|pty|runpy|commands)\n(system|popen|Popen|check_output|check_call|call|run|exec|eval|spawn|getoutput|_run_code)\n|\x8c[\s\S](os|posix|nt|subprocess|builtins|__builtin__|pty|runpy)\x94?\x8c[\s\S](system|popen|Popen|check_output|check_call|call|run|exec|eval|spawn|getoutput)\x94?\x93/;
/** A download piped into a shell or PowerShell, as a settings value. */
export const DATA_FILE_COMMAND = /\b(?:curl|wget)\b[^\n]{0,200}?\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:iex|Invoke-Expression)\b[^\n]{0,160}?(?:DownloadString|Invoke-WebRequest|iwr|irm)\b|\b(?:DownloadString|iwr|irm|Invoke-WebRequest)\b[^\n]{0,160}?\|\s*(?:iex|Invoke-Expression)\b/i;
/** PyYAML loads that apply Python tags: `unsafe_load`, `Loader=yaml.Loader` / `UnsafeLoader`, `yaml.load(f)` with no loader (PyYAML < 5.1). */
export const UNSAFE_YAML_LOAD = /\byaml\.unsafe_load(?:_all)?\s*\(|\bLoader\s*=\s*(?:yaml\.)?(?:Unsafe)?Loader\b|\byaml\.load\s*\(\s*[\w.]+\s*\)/;

/** What a compiled Python module's string table names that runs or fetches code (process starts, exec, a URL), or null. */
export function pycActs(content: Buffer): string | null {
  const text = content.toString('latin1');
  const names = new Set<string>();
  for (const m of text.matchAll(/https?:\/\/[\x21-\x7e]{3,80}|(?<![A-Za-z0-9_])(?:system|popen|Popen|check_output|exec|eval|urlopen|b64decode|CreateThread|VirtualAlloc|curl|wget)/g)) {
    // (A marshalled string is followed by the next item's type byte, often a letter: no boundary after the name.)
    names.add(m[0].startsWith('http') ? 'a URL' : m[0]);
    if (names.size >= 8) break;
  }
  return [...names].some((x) => x !== 'a URL') ? [...names].join(', ') : null;
}

export function depthOf(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}

export function isMagicBinary(head: Buffer, path: string): boolean {
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

export function shebangLang(head: Buffer): Lang | null {
  if (head.length < 3 || head[0] !== 0x23 || head[1] !== 0x21) return null;
  const nl = head.indexOf(10);
  const line = head.subarray(0, nl === -1 ? Math.min(head.length, 200) : nl).toString('latin1');
  if (/python/.test(line)) return 'py';
  if (/\b(?:node|deno|bun|tsx|ts-node)\b/.test(line)) return 'js';
  return 'sh';
}

export interface CapabilityInfo {
  files: number;
  file: string;
  line?: number;
  evidence?: string;
}

/** Python files that make network calls kept for followPyHandOffs: each at most this size, all of them at most PY_NET_TOTAL. */
export const PY_NET_FILE = 64 * 1024;
export const PY_NET_TOTAL = 4 * 1024 * 1024;

/** `/<owner>/<name>/releases/download/…` of a project named like the package (a driver package re-publishing a tool's releases). */
export function releaseOfSameName(path: string, pkgName: string): boolean {
  const repo = /^\/[\w.-]+\/([\w.-]+)\/releases\//.exec(path)?.[1]?.toLowerCase();
  const name = pkgName.toLowerCase().replace(/^@[^/]+\//, '');
  return repo !== undefined && name.length >= 4 && repo === name;
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The rule ids of install-time acts (npm/judge.ts ACTS). */
export const PREPARE_ACT_RULES: ReadonlySet<string> = new Set(Object.values(ACTS).map((a) => a[0]));

/** Credentials sent off the machine (npm/judge.ts, flow-rules.ts): at HIGH or above, done by a prepare hook's file they keep their severity (collector/roles.ts). */
export const PREPARE_SEND_RULES: ReadonlySet<string> = new Set(['secret_send', 'cloud_credential_send', 'dns_secret_exfil', 'ssh_key_exfil', 'credential_exfil_flow', 'env_exfil_flow']);

export function latin1ToUtf8(t: string | undefined): string | undefined {
  return t === undefined ? undefined : Buffer.from(t, 'latin1').toString('utf8');
}
