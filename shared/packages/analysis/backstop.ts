/**
 * The generalising backstop (docs/package-analysis.md "Backstop: risk capabilities combined"): no named
 * family, only what a file that runs at install or import can do. Each risk capability is data (a cheap
 * literal gate and one linear pattern, or a fact the scan or flow reader already found); `riskOf` reads
 * them per file while the archive streams past, `backstopFindings` weighs them once roles are known:
 *
 *  - two or more capabilities in one install- or import-time file: MEDIUM (CAUTION);
 *  - a secret read and an egress to a host that is not the package's declared service, in a file that
 *    runs at install: HIGH (BLOCKED); so is a download that is run.
 *
 * The families (flow rules, behaviour rules) stay the precise layer; this one catches what they were not
 * written for. Honest packages combine these too (an installer downloads and runs its binary from its
 * own release channel, an SDK reads its key and calls its vendor), so own release hosts and declared
 * service hosts are never egress, and a host named after the package is own only when no secret is read.
 */
import { isIpLiteral } from '../../sandbox/reputation.js';
import { pyCodeView } from './codeview.js';
import type { FlowFacts } from './npm/flow-facts.js';
import { isMentionOnly } from './npm/mention.js';
import type { OwnHosts } from './own-hosts.js';
import { REMOTE_PIPE_SRC, SENSITIVE_RE } from './patterns.js';
import { Signal, type Lang } from './signals.js';
import type { PackageFinding } from './types.js';

export const Risk = {
  /** Reads a credential store, wallet, browser profile, keychain, another process's memory, the whole (or filtered) environment, keystrokes, the screen or the clipboard, or asks for a password. */
  SECRET: 1 << 0,
  /** Sends over the network or through a network command (set with the literal hosts it names). */
  EGRESS: 1 << 1,
  /** Executes code it decoded, decrypted or read from a data file. */
  DECODE_EXEC: 1 << 2,
  /** Writes where something runs it later or trusts it: shell start files, autostart, agent instructions, another tool's executables, git hooks. */
  PERSIST: 1 << 3,
  /** Starts a process detached or hidden. */
  HIDDEN_SPAWN: 1 << 4,
  /** Downloads a file and runs it, or pipes a download into an interpreter. */
  DOWNLOAD_RUN: 1 << 5,
  /** Publishes packages with the installer's credentials (a worm's spread). */
  PUBLISH: 1 << 6,
  /** Replaces another component's hook or method: the error hook, an HTTP client's send, the page's fetch, a wallet provider's request. */
  INTERCEPT: 1 << 7,
  /** Deletes or overwrites the user's files: the home directory, the working directory's tree. */
  DESTROY: 1 << 8,
  /** Reads another process's memory or environment (a CI runner's masked secrets live there). */
  MEMORY: 1 << 9,
} as const;

const NAMES: ReadonlyArray<readonly [number, string]> = [
  [Risk.SECRET, 'reads secrets'],
  [Risk.EGRESS, 'sends to a foreign host'],
  [Risk.DECODE_EXEC, 'executes decoded or data-file code'],
  [Risk.PERSIST, 'writes a run-later or trusted location'],
  [Risk.HIDDEN_SPAWN, 'starts a hidden or detached process'],
  [Risk.DOWNLOAD_RUN, 'downloads and runs'],
  [Risk.PUBLISH, 'publishes packages'],
  [Risk.INTERCEPT, "replaces another component's hook"],
  [Risk.DESTROY, "destroys the user's files"],
  [Risk.MEMORY, "reads another process's memory"],
];

interface RiskPattern {
  bit: number;
  langs: readonly Lang[];
  /** One of these literals must occur before the pattern runs. */
  gate: readonly string[];
  re: RegExp;
  what: string;
}

/** The catalogue: one general statement each, kept linear (bounded gaps, no nested quantifiers). */
export const RISK_PATTERNS: readonly RiskPattern[] = [
  // Secrets beyond a named variable (an SDK reading its own key is not here).
  {
    bit: Risk.SECRET,
    langs: ['js', 'py', 'sh'],
    gate: ['process.env', 'os.environ', 'environ'],
    re: /(?:Object\.(?:entries|keys|values)\(\s*process\.env\s*\)|os\.environ\.(?:items|keys|values)\(\)|\bin\s+os\.environ\b)[^\n]{0,160}?(?:TOKEN|SECRET|KEY|PASS|AWS|\.(?:filter|join|encode)\(|json\.dumps|urlencode)|JSON\.stringify\(\s*(?:\{\s*\.\.\.)?process\.env\b|json\.dumps\(\s*(?:dict\(\s*)?os\.environ\b|(?:str|repr)\(\s*(?:dict\(\s*)?os\.environ\s*\)/,
    what: 'the environment, filtered for secrets or serialised',
  },
  {
    bit: Risk.SECRET,
    langs: ['js', 'py', 'sh'],
    gate: [
      'dump-keychain',
      'find-generic-password',
      'find-internet-password',
      'CryptUnprotectData',
      'hidden answer',
      'Get-Credential',
    ],
    re: /dump-keychain|find-(?:generic|internet)-password|CryptUnprotectData|with hidden answer|Get-Credential\b/,
    what: 'the keychain, DPAPI or a password prompt',
  },
  {
    bit: Risk.MEMORY,
    langs: ['js', 'py', 'sh'],
    gate: ['/proc/'],
    re: /\/proc\/[^\s'"]{0,24}['"]?[^\n]{0,24}?\/(?:mem|environ)\b/,
    what: "another process's memory or environment",
  },
  {
    bit: Risk.SECRET,
    langs: ['js', 'py'],
    gate: [
      'Listener',
      'GetAsyncKeyState',
      'SetWindowsHookEx',
      'on_press',
      'iohook',
      'uiohook',
      'ImageGrab',
      'screenshot',
      'desktopCapturer',
      'GetClipboardData',
      'pyperclip.paste',
      'readText',
      'pbpaste',
      'f_locals',
    ],
    re: /\bkeyboard\.Listener\b|\bListener\(\s*on_press\b|GetAsyncKeyState|SetWindowsHookEx|\bkeyboard\.on_press\b|\bu?iohook\b|ImageGrab\.grab|pyautogui\.screenshot|\bscreenshot\(\)|desktopCapturer|GetClipboardData|pyperclip\.paste|clipboard\.readText|\bpbpaste\b|\.f_locals\b/,
    what: 'keystrokes, the screen, the clipboard or frame locals',
  },
  {
    bit: Risk.SECRET,
    langs: ['js', 'py', 'sh'],
    gate: ['serviceaccount', '169.254.169.254', 'metadata.google'],
    re: /kubernetes\.io\/serviceaccount\/token|169\.254\.169\.254\/(?:latest\/meta-data\/iam|metadata\/identity)|metadata\.google\.internal\/computeMetadata\/v1\/instance\/service-accounts/,
    what: "a pod's service-account token or the cloud metadata credentials",
  },
  // Another component's hook replaced (what passes through it is seen or changed). Not `sys.excepthook` (pkg22): a
  // traceback hook sees the program's own errors, and libraries install one to print them; what one sends of frame
  // locals is the frame-locals capture's (above).
  {
    bit: Risk.INTERCEPT,
    langs: ['py'],
    gate: ['.send =', '.request =', 'urlopen ='],
    re: /\b(?:requests\.(?:Session|adapters\.HTTPAdapter)|httpx\.(?:Async)?Client|http\.client\.HTTP(?:S)?Connection)\.(?:send|request)\s*=|\burllib\.request\.urlopen\s*=/,
    what: "an HTTP client's send",
  },
  {
    bit: Risk.INTERCEPT,
    langs: ['js'],
    gate: ['fetch', 'XMLHttpRequest', '.request', 'ethereum', 'solana'],
    re: /\b(?:window|globalThis|self)\.fetch\s*=|XMLHttpRequest\.prototype\.(?:open|send)\s*=|\.(?:ethereum|solana|tronWeb)\b[^\n;]{0,40}\.request\s*=|\b\w+\.request\s*=\s*(?:async\s+)?function\b[^\n]{0,300}eth_(?:send|sign)Transaction/,
    what: "the page's fetch / XMLHttpRequest or a wallet provider's request",
  },
  // The user's files destroyed.
  {
    bit: Risk.DESTROY,
    langs: ['js', 'py', 'sh'],
    gate: ['rm -rf', 'rmtree', 'rmSync', 'rimraf', 'unlink', 'shred', 'del /'],
    re: /\brm\s+-[rRf]{2,}\s+(?:~|\$HOME|\/\s|\/\*|['"]?\$\{?HOME)|shutil\.rmtree\(\s*(?:os\.path\.expanduser\(\s*['"]~['"]\s*\)|Path\.home\(\)|os\.environ\[['"]HOME)|\b(?:rmSync|rimraf(?:\.sync)?|remove(?:Sync)?)\(\s*(?:os\.homedir\(\)|homedir\(\)|process\.env\.HOME)|\bshred\s+-/,
    what: 'the home directory deleted',
  },
  // Decoded or data-file code executed (the scan's decode-next-to-exec pair is the Signal below).
  {
    bit: Risk.DECODE_EXEC,
    langs: ['js'],
    gate: ['eval'],
    re: /\beval\s*:\s*true\b/,
    what: 'a worker started from a code string',
  },
  {
    bit: Risk.DECODE_EXEC,
    langs: ['js', 'py'],
    gate: ['eval', 'exec', 'Function'],
    re: /(?:\beval|\bexec|new\s+Function|\bFunction)\s*\)?\s*\([^\n]{0,80}?(?:readFileSync|\.read\(\)|sourcesContent|\.toString\(\s*['"](?:base64|hex|utf-?8)|b64decode|decompress|decrypt)/,
    what: 'code read from a data file or decoded, executed',
  },
  // Run-later and trusted locations.
  {
    bit: Risk.PERSIST,
    langs: ['js', 'py', 'sh'],
    gate: [
      '.bashrc',
      '.zshrc',
      '.profile',
      '.bash_profile',
      'conf.d',
      'config.fish',
      'autostart',
      'LaunchAgents',
      'crontab',
      'systemd',
      'CurrentVersion\\\\Run',
      'Startup',
      'CLAUDE.md',
      'AGENTS.md',
      '.cursorrules',
      'copilot-instructions',
      '.bin',
      '.git/hooks',
      "'hooks'",
      'authorized_keys',
      '.ssh/rc',
      'sitecustomize',
      'usercustomize',
    ],
    // (A start-up file is a file name, after a separator, a quote or `~`: not an attribute, `self.profile`, nor an
    // extension, `'%s.profile'` of a profiler's output; docs/package-analysis.md, "Branch pkghonest2".)
    re: /(?<![\w)\]])\.(?:bashrc|zshrc|bash_profile|profile|zprofile)\b|fish[\\/]+(?:conf\.d|config\.fish)|\bautostart\b|LaunchAgents|\bcrontab\b|systemd[\\/]+user|CurrentVersion\\{1,2}Run\b|Start Menu[\\/]+Programs[\\/]+Startup|CLAUDE\.md|AGENTS\.md|\.cursorrules|copilot-instructions\.md|node_modules['"]?\s*[,/]\s*['"]?\.bin\b|\.git[\\/]+hooks|['"]\.git['"]\s*,\s*['"]hooks['"]|(?<!\w)authorized_keys|\.ssh[\\/]+rc\b|(?:site|user)customize\.py/,
    what: 'a shell start file, autostart entry, agent instruction file, tool shim or hook',
  },
  // Hidden or detached starts.
  {
    bit: Risk.HIDDEN_SPAWN,
    langs: ['js', 'py', 'sh'],
    gate: [
      'detached',
      'creationflags',
      'start_new_session',
      'nohup',
      'setsid',
      'WindowStyle',
      'windowsHide',
      'disown',
      'DETACHED_PROCESS',
      'CREATE_NO_WINDOW',
    ],
    re: /\bdetached\s*:\s*true|creationflags\s*=|start_new_session\s*=\s*True|\bnohup\b|\bsetsid\b|-WindowStyle\s+Hidden|windowsHide\s*:\s*true|\bdisown\b|DETACHED_PROCESS|CREATE_NO_WINDOW/,
    what: 'a detached or hidden process',
  },
  // A download that is run (a pipe into an interpreter is the scan's REMOTE_PIPE signal).
  {
    bit: Risk.DOWNLOAD_RUN,
    langs: ['js', 'py', 'sh'],
    gate: ['urlcache', 'bitsadmin', 'urlretrieve', 'DownloadFile', 'Invoke-WebRequest', 'curl', 'wget'],
    re: /certutil[^\n]{0,40}-urlcache[^\n]{0,80}https?:|bitsadmin[^\n]{0,40}\/transfer|DownloadFile\([^\n]{0,200}Start-Process|\b(?:curl|wget)\b[^\n]{0,200}?\s-(?:o|O)\s[^\n]{0,200}?(?:&&|;)\s*(?:chmod\s+\+x|\.\/|sh\s|bash\s)/,
    what: 'a download that is run',
  },
  // Publishing with the installer's credentials.
  {
    bit: Risk.PUBLISH,
    langs: ['js', 'py', 'sh'],
    gate: ['publish', 'twine'],
    re: /\b(?:npm|pnpm|yarn(?:\s+npm)?)\s+publish\b|\btwine\s+upload\b/,
    what: 'packages are published',
  },
];

/** A send that names no literal host still talks through a network command on a fixed address. */
const NET_COMMAND =
  /['"`](?:ping|nslookup|dig|host|nc|ncat|curl|wget)['"`]|\b(?:curl|wget|ping\s+-[a-z]*p|nslookup|dig)\s/;
const URL_HOST = /\b(?:https?|wss?|ftp):\/\/([a-z0-9][a-z0-9.-]*[a-z0-9])(?::\d+)?/gi;
const QUOTED_IP = /['"`](\d{1,3}(?:\.\d{1,3}){3})['"`]/g;

export interface FileRisk {
  bits: number;
  /** Literal hosts the file names outside prose (first 20), for egress, with their lines; `sent`: the flow reader saw it reach a send. */
  hosts: { host: string; line: number; sent?: boolean }[];
  /** Each capability's matches (first few), with their lines. */
  marks: { bit: number; line: number; what: string }[];
  /** Python: function bodies and what names them, for files the parser did not read (see pyDefs). */
  py?: PyDefs;
  /** npm, a file larger than SMALL_IMPORT_FILE: the risk of each of its units (npm/js-units.ts), weighed one by one. */
  units?: FileRisk[];
}

/** A Python file's functions: body line ranges, the functions each body names, and those named at module level. */
export interface PyDefs {
  /** `cls`: the class a method is defined in (its dunder hooks run when the class is built). */
  defs: { name: string; a: number; b: number; names: Set<string>; cls?: string }[];
  top: Set<string>;
}

const GATE_SIGNALS =
  Signal.NETWORK |
  Signal.CMD_NET |
  Signal.SHELL |
  Signal.EVAL |
  Signal.FS_WRITE |
  Signal.ENV_DUMP |
  Signal.SENSITIVE_PATH |
  Signal.DECODE_EXEC |
  Signal.REMOTE_PIPE |
  Signal.FS_READ |
  Signal.ENV;

/** What one file could do, read from its text, its scan signals and its flow facts. Null when nothing. */
/** A settings file read through a config parser (pkg22, `.pypirc` of an upload tool). */
const INDEX_CONFIG_PARSE = /\b(?:Raw|Safe)?ConfigParser\s*\(/;

/** Where a Python file's import statements are (`import a`, `from m import (x,\n y)`, continued lines), as [start, end). */
function pyImportSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(/^[ \t]*(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+(?:\([^)]*\)|(?:[^\n\\;]|\\\n)*)/gm))
    if (out.length < 2000) out.push([m.index, m.index + m[0].length]);
  return out;
}

export function riskOf(
  text: string,
  lang: Lang,
  signals: number,
  flow: FlowFacts | undefined,
  firstIndex?: ReadonlyMap<number, number>,
): FileRisk | null {
  if (lang === 'manifest' || (signals & GATE_SIGNALS) === 0) return null;
  // Python doc strings and comments are prose, not code (pkg22): a credential path or a host a docstring names is
  // read nowhere. Blanked in place (codeview.ts), so offsets and lines still point into the file.
  if (lang === 'py' && /#|'''|"""/.test(text)) text = pyCodeView(text);
  const r: FileRisk = { bits: 0, hosts: [], marks: [] };
  const lineAt = lineCounter(text);
  const mark = (bit: number, index: number, what: string): void => {
    if (r.marks.filter((m) => m.bit === bit).length >= MARKS_PER_BIT) return;
    r.bits |= bit;
    r.marks.push({ bit, line: index < 0 ? 0 : lineAt(index), what });
  };
  // A run-later place named where nothing is written (an import, a docs string) plants nothing.
  const writes = (signals & (Signal.FS_WRITE | Signal.SHELL)) !== 0;
  // A Python import binds a name: `from .util import CREATE_NO_WINDOW` starts nothing (its use, if any, is marked where it is).
  const imports = lang === 'py' ? pyImportSpans(text) : [];
  const inImport = (i: number): boolean => imports.some(([a, b]) => i >= a && i < b);
  for (const p of RISK_PATTERNS) {
    if (!p.langs.includes(lang) || (p.bit === Risk.PERSIST && !writes) || !p.gate.some((g) => text.includes(g)))
      continue;
    const re = new RegExp(p.re.source, 'g');
    let m: RegExpExecArray | null;
    let n = 0;
    while ((m = re.exec(text)) !== null && n < MARKS_PER_BIT) {
      if (inImport(m.index)) continue;
      n++;
      mark(p.bit, m.index, `${p.what}: ${m[0].slice(0, 80)}`);
    }
  }
  // Whole-file facts of the scan have no position the backstop can weigh: line 0 counts as live.
  if (signals & Signal.ENV_DUMP) mark(Risk.SECRET, firstIndex?.get(Signal.ENV_DUMP) ?? -1, 'the whole environment');
  if (
    signals & Signal.SENSITIVE_PATH ||
    /\.ssh|\.aws|\.npmrc|wallet|Login Data|Cookies|keystore|\.kube|\.docker|Local Storage/.test(text)
  ) {
    const re = new RegExp(SENSITIVE_RE.source, 'g');
    let m: RegExpExecArray | null;
    let n = 0;
    // The path read: handed to a call where written or through the constant it is assigned to (a default
    // path kept in a constant for a parameter reads nothing by itself).
    if (/readFile|open\(|read_text|read_bytes|createReadStream|\bcat\s|copy|glob|\.read\(/.test(text)) {
      // The package index's configuration parsed as such (pkg22): `.pypirc` read with a config parser for its
      // `index-servers` / `repository` sections is what an upload tool does (its credentials go to the index the user
      // configured there); a thief reads the file whole and sends it.
      const indexConfig = lang === 'py' && INDEX_CONFIG_PARSE.test(text) && /\bindex[-_]servers\b/.test(text);
      while ((m = re.exec(text)) !== null && n++ < 16) {
        if (indexConfig && m[0] === '.pypirc') continue;
        const before = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index);
        if (
          reachesCall(
            text,
            before.replace(/['"`][^'"`]*$/, (q) => q.slice(0, 1)),
            m.index,
          ) ||
          /\b(?:open|read_text|read_bytes|readFileSync|readFile|createReadStream|copy\w*|cat)\b/.test(
            text.slice(
              m.index - before.length,
              text.indexOf('\n', m.index) === -1 ? text.length : text.indexOf('\n', m.index),
            ),
          )
        ) {
          mark(Risk.SECRET, m.index, `a credential store, wallet or browser profile: ${m[0]}`);
        }
      }
    }
  }
  if (signals & Signal.DECODE_EXEC)
    mark(Risk.DECODE_EXEC, firstIndex?.get(Signal.DECODE_EXEC) ?? -1, 'decoded data next to an exec');
  if (signals & Signal.REMOTE_PIPE && signals & (Signal.SHELL | Signal.EVAL | Signal.FS_WRITE)) {
    // Where each pipe is written, so that one in a function nothing runs (an install hint in a CLI's help) is dormant.
    const re = new RegExp(REMOTE_PIPE_SRC, 'g');
    let m: RegExpExecArray | null;
    let n = 0;
    while ((m = re.exec(text)) !== null && n++ < MARKS_PER_BIT)
      mark(Risk.DOWNLOAD_RUN, m.index, 'a download piped into a shell');
    if (n === 0) mark(Risk.DOWNLOAD_RUN, -1, 'a download piped into a shell');
  }
  for (const s of flow?.spawns ?? [])
    if (s.detached) mark(Risk.HIDDEN_SPAWN, s.index, `a detached start: ${(s.evidence ?? '').slice(0, 80)}`);
  for (const a of flow?.acts ?? []) {
    if (a.kind === 'persistence' || a.kind === 'preload_env' || a.kind === 'rc_tamper')
      mark(Risk.PERSIST, a.index, `${a.kind}: ${(a.evidence ?? '').slice(0, 80)}`);
    else if (a.kind === 'proc_memory') mark(Risk.MEMORY, a.index, "another process's memory");
    else if (a.kind === 'publish') mark(Risk.PUBLISH, a.index, 'packages are published');
  }
  // Egress: the file sends (a network call, a network command) and names literal hosts outside prose.
  // A command planted where it runs later (a shim, a start file) sends when it runs: its hosts count too.
  const netCommand = (signals & (Signal.SHELL | Signal.FS_WRITE)) !== 0 && NET_COMMAND.test(text);
  const dns = /\bdns\b|gethostbyname|getaddrinfo/.test(text);
  const sends =
    (signals & (Signal.NETWORK | Signal.CMD_NET)) !== 0 ||
    (flow?.sends.length ?? 0) > 0 ||
    netCommand ||
    dns ||
    (r.bits & Risk.DOWNLOAD_RUN) !== 0;
  if (sends) {
    const seen = new Set<string>();
    for (const re of dns || netCommand ? [URL_HOST, QUOTED_IP, QUOTED_DOMAIN] : [URL_HOST, QUOTED_IP]) {
      const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
      let m: RegExpExecArray | null;
      let n = 0;
      while ((m = g.exec(text)) !== null && n++ < 200 && r.hosts.length < 20) {
        const host = m[1]!.toLowerCase();
        if (seen.has(host) || LOCAL_HOST.test(host) || isMentionOnly(text, m.index, m[0].length)) continue;
        const before = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index);
        if (/^\s*(?:\/\/|#|\*|\/\*)/.test(before)) continue;
        seen.add(host);
        r.hosts.push({ host, line: lineAt(m.index), ...(reachesCall(text, before, m.index) ? { sent: true } : {}) });
      }
    }
    const sent = new Set<string>();
    for (const x of flow?.sends ?? [])
      for (const d of x.dests) for (const m of d.matchAll(URL_HOST)) sent.add(m[1]!.toLowerCase());
    for (const h of r.hosts) {
      if (sent.has(h.host)) h.sent = true;
      mark(Risk.EGRESS, -2, h.host);
    }
  }
  if (r.bits === 0) return null;
  if (lang === 'py') r.py = pyDefs(text);
  return r;
}

/**
 * Python: the functions of a file and who names them (one pass for bodies, one for names). Module-level
 * code runs at import; a body runs when something calls it. A function is taken as run when module-level
 * code names it (a call, a thread's target, a hook assigned), when a running importer takes it, or when
 * a run function's body names it. Used only where the parser's reach (python/reach.ts) is not known.
 */
function pyDefs(text: string): PyDefs {
  const defs: PyDefs['defs'] = [];
  // Open defs and classes (a class's body runs where it stands: only its defs are bodies).
  const open: { indent: number; name: string; start: number; cls: boolean; in?: string }[] = [];
  const classes = new Set<string>();
  let line = 0;
  let last = 0;
  const close = (o: (typeof open)[number]): void => {
    if (!o.cls && defs.length < 5000) defs.push({ name: o.name, a: o.start, b: last, names: new Set(), ...(o.in ? { cls: o.in } : {}) });
  };
  for (let i = 0; i <= text.length; ) {
    let j = text.indexOf('\n', i);
    if (j === -1) j = text.length;
    line++;
    const l = text.slice(i, j);
    const body = l.trimStart();
    if (body !== '' && !body.startsWith('#')) {
      const indent = l.length - body.length;
      while (open.length > 0 && indent <= open[open.length - 1]!.indent) close(open.pop()!);
      const d = /^(?:async\s+)?def\s+([A-Za-z_]\w*)/.exec(body);
      const c = /^class\s+([A-Za-z_]\w*)/.exec(body);
      const holder = open[open.length - 1];
      if (d) open.push({ indent, name: d[1]!, start: line + 1, cls: false, ...(holder?.cls ? { in: holder.name } : {}) });
      else if (c) {
        open.push({ indent, name: c[1]!, start: line + 1, cls: true });
        classes.add(c[1]!);
      }
      last = line;
    }
    i = j + 1;
  }
  for (const o of open) close(o);
  defs.sort((x, y) => x.a - y.a);
  const top = new Set<string>();
  // (`def:x`: a function and a class may share a name; a function's name counts wherever it is used.)
  const names = new Set([...defs.map((d) => d.name), ...defs.map((d) => `def:${d.name}`), ...classes]);
  if (names.size === 0) return { defs, top };
  const lineAt = lineCounter(text);
  for (const m of text.matchAll(/(?<![.\w])([A-Za-z_]\w*)/g)) {
    if (!names.has(m[1]!)) continue;
    const ln = lineAt(m.index);
    // The innermost body holding the name (bodies are sorted by start; a nested one starts later).
    let inner: PyDefs['defs'][number] | undefined;
    for (const d of defs) {
      if (d.a > ln) break;
      if (ln <= d.b) inner = d;
    }
    // The `def name(` line itself is not a use. A class is used where it is called or decorates (built: its hooks
    // run); its `class Name` line, a base-class list or a type check only read it.
    if (defs.some((d) => d.a === ln + 1 && d.name === m[1])) continue;
    if (
      classes.has(m[1]!) &&
      !names.has(`def:${m[1]}`) &&
      (/\bclass\s+$|\b(?:isinstance|issubclass|super)\s*\([^()]*$/.test(text.slice(Math.max(0, m.index - 40), m.index)) ||
        !(/^\s*\(/.test(text.slice(m.index + m[1]!.length, m.index + m[1]!.length + 8)) || text[m.index - 1] === '@'))
    )
      continue;
    if (inner) inner.names.add(m[1]!);
    else top.add(m[1]!);
  }
  return { defs, top };
}

/** Lines of a Python file that run when it loads: module level and the bodies of run functions. */
function pyLive(py: PyDefs, taken: ReadonlySet<string> | null): (line: number) => boolean {
  const run = new Set<string>([...py.top, ...(taken ?? [])]);
  // A method runs when named, or, for a hook Python calls by itself (`__init__`, `__del__`), when its class is
  // named where code runs (this guess cannot tell a class built from a class read: python/reach.ts can).
  const runs = (d: PyDefs['defs'][number]): boolean => run.has(d.name) || (d.cls !== undefined && run.has(d.cls) && /^__\w+__$/.test(d.name));
  for (let changed = true, n = 0; changed && n < 50; n++) {
    changed = false;
    for (const d of py.defs)
      if (runs(d))
        for (const x of d.names)
          if (!run.has(x)) {
            run.add(x);
            changed = true;
          }
  }
  const dormant = py.defs.filter((d) => !runs(d));
  return (line) => !dormant.some((d) => d.a <= line && line <= d.b);
}

/**
 * Whether a literal host is handed to a call: it is a call's argument where it is written
 * (`urlopen('https://…'`, `fetch(\`https://…\``, `['ping', '-p', x, '198.51.100.9']`), or the constant
 * it is assigned to is (`URL = 'https://…'` … `post(URL, …)`, `URL + path`). A link kept in a constant
 * nothing uses (a docs URL) is not a destination.
 */
function reachesCall(text: string, before: string, index: number): boolean {
  // pkgrecall2: a request options table's destination key (`{ hostname: '…' }`, `{"url": "…"}`): what the table
  // is handed to is a client (the flow reader names the client where it can).
  if (DEST_KEY.test(before)) return true;
  // A one-line function that returns the literal (`def _d(): return "…"`, `const d = () => '…'`, a lambda, or a
  // `return` whose function starts on the line above): the host reaches whatever calls the function inside
  // a call's arguments, a concatenation or an assignment.
  const fn = returnedBy(text, before, index);
  if (fn) {
    const name = fn.replace(/\$/g, '\\$');
    if (new RegExp(`(?:[(,[=]\\s*|\\+\\s*|\\breturn\\s+|\\bawait\\s+)${name}\\s*\\(`).test(text.slice(index))) return true;
  }
  if (
    /[(,[]\s*(?:\w+\s*=\s*)?[fbrFBR]?['"`]?[^'"`\n]{0,40}$/.test(before) &&
    !/^\s*\w+\s*=\s*[fbrFBR]?['"`][^'"`\n]{0,40}$/.test(before)
  )
    return true;
  const a = /(?:^|[\s;{])(?:const\s+|let\s+|var\s+)?([A-Za-z_$][\w$]*)\s*=\s*[fbrFBR]?['"`][^'"`\n]{0,40}$/.exec(
    before,
  );
  if (!a) return false;
  const name = a[1]!.replace(/\$/g, '\\$');
  const use = new RegExp(`(?:[(,[]\\s*|\\+\\s*)${name}\\b|\\b${name}\\s*(?:\\+|\\.format\\()`);
  return use.test(text.slice(index));
}

/** A destination key of a request options object or a settings table, ending at the literal's opening quote. */
const DEST_KEY =
  /(?:^|[\s{,(])['"]?(?:host|hostname|url|uri|endpoint|baseURL|baseUrl|base_url|server|server_url|target)['"]?\s*:\s*[fbrFBR]?['"`][^'"`\n]{0,40}$/;
/** A function defined on the line that returns a literal: `def name(...): return '`, `function name() { return '`, `name = () => '`, `name = lambda: '`. */
const ONE_LINE_RETURN =
  /(?:\bdef\s+([A-Za-z_]\w*)\s*\([^)]*\)\s*(?:->\s*[\w.[\]]+\s*)?:\s*return\s+|\bfunction\s+([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*\{\s*return\s+|\b([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>\s*(?:\{\s*return\s+)?|\b([A-Za-z_]\w*)\s*=\s*lambda[^:\n]{0,40}:\s*)[fbrFBR]?['"`][^'"`\n]{0,40}$/;
/** A function header alone on its line (its `return` on the next lines). */
const FN_HEADER = /^\s*(?:(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(|(?:async\s+)?function\s+([A-Za-z_$][\w$]*)\s*\(|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>))/;

/** The name of the function whose body is a literal returned at `index` (on its line, or the line below its header). */
function returnedBy(text: string, before: string, index: number): string | null {
  const m = ONE_LINE_RETURN.exec(before);
  if (m) return m[1] ?? m[2] ?? m[3] ?? m[4] ?? null;
  if (!/^\s*return\s+[fbrFBR]?['"`][^'"`\n]{0,40}$/.test(before)) return null;
  // The header one or two lines above (a docstring or a comment may sit between).
  let end = index - before.length - 1;
  for (let k = 0; k < 3 && end > 0; k++) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const h = FN_HEADER.exec(text.slice(start, end));
    if (h) return h[1] ?? h[2] ?? h[3] ?? null;
    end = start - 1;
  }
  return null;
}

const MARKS_PER_BIT = 4;
/** npm files weighed whole: a payload module is small; a bundle or a CLI's command module is not. */
const SMALL_IMPORT_FILE = 8 * 1024;
/** A quoted domain name (a DNS query's zone, a ping or curl target written without a scheme). */
const QUOTED_DOMAIN =
  /['"`.]([a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|xyz|top|site|online|ru|cn|example|invalid|test|info|biz|cc|me|sh|app|dev|live|fun|pro))['"`]/gi;

/** Line numbers of indices, counted once forward (indices asked in any order). */
function lineCounter(text: string): (i: number) => number {
  const starts: number[] = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (i) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/**
 * Cloud vendors' API hosts: a cloud client signs its calls with the credentials it reads (an STS or
 * OAuth token exchange), which is authentication, not a send abroad; stealers that use a bucket are left
 * to the flow rules (cloud_credential_send, secret_send).
 */
const VENDOR_API =
  /(?:^|\.)(?:googleapis\.com|amazonaws\.com|azure\.com|microsoftonline\.com|windows\.net|metadata\.google\.internal)$/;

/** Hosts that are never a destination elsewhere: loopback, unspecified, private ranges, documentation namespaces. */
const LOCAL_HOST =
  /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|(?:[\w-]+\.)*(?:w3\.org|xml\.org|json-schema\.org|schemas\.\w+\.com|example\.(?:com|org|net)))$/;

export interface BackstopInput {
  risks: ReadonlyMap<string, FileRisk>;
  /** Files that run at install (their capabilities add up: one hook's files act together). */
  install: ReadonlySet<string>;
  /** Files that run at import (each weighed alone). */
  imported: ReadonlySet<string>;
  /** Size of a file in bytes (npm import-time files are weighed up to SMALL_IMPORT_FILE). */
  size?: (file: string) => number;
  own: OwnHosts;
  /** Whether a line of a file runs when the file runs (not in a function nothing calls then); undefined when unknown. */
  live: (file: string, line: number) => boolean | undefined;
  /** Python: the names running importers take from a file (null: the whole module, or unknown). */
  taken: (file: string) => ReadonlySet<string> | null;
  registry: 'npm' | 'pypi';
  /** Files whose downloads the install-script reader weighed (npm/script-download.ts): its verdict on them stands. */
  downloadsWeighed?: (file: string) => boolean;
  /** Python: an import-time module first, then the local modules whose imported names its module-level code calls. */
  callGroups?: readonly (readonly string[])[];
  /** Files whose downloads all come from the package's own release channel (they may download and run). */
  ownRelease: (files: readonly string[]) => boolean;
}

interface Weighed {
  bits: number;
  foreign: string[];
  /** Foreign hosts a send is seen to reach (the flow reader), or address literals (never a docs link). */
  sentForeign: string[];
  why: Map<number, string>;
  /** Every secret read is a package tool's own credential file (.pypirc, .npmrc, .netrc): what a packaging library reads. */
  toolCredentialOnly: boolean;
}

/** A package tool's own credential file: index and registry clients read it to upload (docs/package-analysis.md). */
const TOOL_CREDENTIAL = /\.(?:pypirc|npmrc|yarnrc|netrc)\b/;

function weigh(files: readonly string[], inp: BackstopInput): Weighed {
  const w: Weighed = { bits: 0, foreign: [], sentForeign: [], why: new Map(), toolCredentialOnly: true };
  const hosts = new Set<string>();
  const sent = new Set<string>();
  for (const f of files) {
    const r = inp.risks.get(f);
    if (!r) continue;
    // Not parsed: a line in a function body runs only when something run names it (setup.py's commands run at install).
    let guess: ((line: number) => boolean) | undefined;
    const live = (line: number): boolean => {
      if (line <= 0) return true;
      const known = inp.live(f, line);
      if (known !== undefined) return known;
      if (!r.py || /(?:^|\/)setup\.py$/.test(f)) return true;
      guess ??= pyLive(r.py, inp.taken(f));
      return guess(line);
    };
    const weighed = inp.downloadsWeighed?.(f) === true;
    for (const m of r.marks) {
      if (m.bit === Risk.EGRESS || !live(m.line) || (weighed && m.bit === Risk.DOWNLOAD_RUN)) continue;
      w.bits |= m.bit;
      if (m.bit === Risk.SECRET && !TOOL_CREDENTIAL.test(m.what)) w.toolCredentialOnly = false;
      if (!w.why.has(m.bit)) w.why.set(m.bit, m.what);
    }
    for (const h of r.hosts) {
      if (!live(h.line) || VENDOR_API.test(h.host)) continue;
      hosts.add(h.host);
      if (h.sent || isIpLiteral(h.host)) sent.add(h.host);
    }
  }
  // A host is the package's own service only when its metadata declares it; with a secret read, a host
  // merely named after the package does not launder the send (a thief registers such a name).
  const secret = (w.bits & (Risk.SECRET | Risk.MEMORY)) !== 0;
  w.foreign = [...hosts].filter((h) => !(secret ? inp.own.declares(h) : inp.own.hasDestination(h)));
  // Egress is a foreign host a call is handed (reachesCall) or an address literal.
  w.foreign = w.foreign.filter((h) => sent.has(h));
  w.sentForeign = w.foreign;
  if (w.foreign.length > 0) {
    w.bits |= Risk.EGRESS;
    w.why.set(Risk.EGRESS, w.foreign.slice(0, 3).join(', '));
  }
  // A download from the package's own channel (its release host, a host named after it, an npm release of
  // its repository) is its own program, as the install-script rules weigh it; an address literal never is.
  const ownDownload =
    hosts.size > 0 && [...hosts].every((h) => inp.own.hasDestination(h)) && ![...hosts].some((h) => isIpLiteral(h));
  if (w.bits & Risk.DOWNLOAD_RUN && (ownDownload || (inp.ownRelease(files) && !w.foreign.some((h) => isIpLiteral(h)))))
    w.bits &= ~Risk.DOWNLOAD_RUN;
  return w;
}

/** The backstop's findings: the install-time files together, each import-time file alone. */
export function backstopFindings(inp: BackstopInput): PackageFinding[] {
  const out: PackageFinding[] = [];
  const judgeWith = (inp: BackstopInput, files: readonly string[], install: boolean): void => {
    const w = weigh(files, inp);
    const named = NAMES.filter(([b]) => w.bits & b);
    // At import, theft needs the send seen reaching the foreign host (a library's docs link is not a destination),
    // and a secret other than a package tool's own credential file: pip, twine and distlib read .pypirc to upload
    // to the index it names, in modules that also fetch from other hosts (a flow of that file to a host is the
    // flow readers' finding).
    const theft =
      (w.bits & (install || !w.toolCredentialOnly ? Risk.SECRET | Risk.MEMORY : Risk.MEMORY)) !== 0 &&
      (w.bits & Risk.EGRESS) !== 0 &&
      (install || w.sentForeign.length > 0);
    // A run-later place planted where the code also reaches a foreign host or runs a download.
    const planted = (w.bits & Risk.PERSIST) !== 0 && (w.bits & (Risk.EGRESS | Risk.DOWNLOAD_RUN)) !== 0;
    // What no honest install or import does: a secret sent to a host the package does not declare, a
    // run-later place planted with a remote command. At install also: a download run, packages published,
    // another process's memory read.
    // (setup.py publishes only when a maintainer runs its release command: PUBLISH alone is npm's hooks.)
    const high =
      theft ||
      planted ||
      (install && (w.bits & (Risk.DOWNLOAD_RUN | Risk.MEMORY | (inp.registry === 'npm' ? Risk.PUBLISH : 0))) !== 0);
    if (!high && named.length < 2) return;
    const file = files.find((f) => (inp.risks.get(f)?.bits ?? 0) & w.bits & ~Risk.EGRESS) ?? files[0]!;
    const what = named.map(([b, n]) => `${n} (${(w.why.get(b) ?? '').slice(0, 100)})`).join('; ');
    out.push({
      ruleId: 'risk_combination',
      severity: high ? 'HIGH' : 'MEDIUM',
      category: theft ? 'exfiltration' : 'install_script',
      file,
      ...(w.bits & Risk.EGRESS ? { evidence: w.foreign.slice(0, 3).join(', ') } : {}),
      message:
        `${high ? 'what no honest install does' : 'risk capabilities combined'}, in ${install ? `code that runs at install${files.length > 1 ? ` (${files.length} files)` : ''}` : 'a file that runs at import'}: ${what}`.slice(
          0,
          600,
        ),
    });
  };
  const judge = (files: readonly string[], install: boolean): void => judgeWith(inp, files, install);
  const small = (f: string): boolean => inp.registry !== 'npm' || (inp.size?.(f) ?? 0) <= SMALL_IMPORT_FILE;
  // A large npm file is weighed per unit (a function of unit size, or the module-level code with the
  // functions it calls: npm/js-units.ts), each as a small file; only theft is kept (a secret sent abroad, HIGH).
  const byUnit = (f: string, install: boolean): void => {
    const units = inp.risks.get(f)?.units ?? [];
    for (const [i, u] of units.entries()) {
      if (out.some((x) => x.file === f && x.severity === 'HIGH')) return;
      const before = out.length;
      const key = `${f}#unit${i}`;
      const sub: BackstopInput = { ...inp, risks: new Map([[key, u]]), live: () => true, taken: () => null, ownRelease: () => inp.ownRelease([f]), downloadsWeighed: () => inp.downloadsWeighed?.(f) === true };
      judgeWith(sub, [key], install);
      if (out.length > before) {
        const x = out.pop()!;
        if (x.severity === 'HIGH' && x.category === 'exfiltration') out.push({ ...x, file: f, message: `${x.message} (one function of a large file, or its module-level code with the functions it calls)` });
      }
    }
  };
  const install = [...inp.install].filter((f) => inp.risks.has(f) && small(f)).sort();
  for (const f of [...inp.install].filter((f) => inp.risks.has(f) && !small(f)).sort()) byUnit(f, true);
  // Each install-time file alone; together only for theft (the secret read in one file, sent by another):
  // a run-later place written by one file and a host named by another are two unrelated acts.
  for (const f of install) judge([f], true);
  if (install.length > 1 && !out.some((x) => x.category === 'exfiltration')) {
    const w = weigh(install, inp);
    if (w.bits & (Risk.SECRET | Risk.MEMORY) && w.bits & Risk.EGRESS) {
      const before = out.length;
      judge(install, true);
      // Keep only the theft statement of the union (its other pairs were weighed file by file).
      if (out.length > before && out[out.length - 1]!.category !== 'exfiltration') out.length = before;
    }
  }
  // npm: JavaScript has no per-function reach here, so a bundle's commands (a CLI's completion installer, a
  // daemon manager's startup writer) would count as run at install or import: only small modules are weighed,
  // whole (at install, together).
  for (const f of [...inp.imported].sort()) {
    if (!inp.risks.has(f) || inp.install.has(f)) continue;
    if (!small(f)) {
      byUnit(f, false);
      continue;
    }
    judge([f], false);
  }
  // Python at import, together only for theft: a secret read in one module and a foreign send in another,
  // both called by one module's module-level code (`load(); sync()` in __init__.py). Lines in functions
  // nothing runs at import do not count. Each group is an import-time module and the modules whose names
  // its module-level code calls.
  for (const g of inp.callGroups ?? []) {
    if (out.some((x) => x.category === 'exfiltration')) break;
    const files = g.filter((f) => inp.risks.has(f) && inp.imported.has(f) && !inp.install.has(f));
    if (files.length < 2) continue;
    const w = weigh(files, inp);
    if (!(w.bits & (Risk.SECRET | Risk.MEMORY) && w.bits & Risk.EGRESS)) continue;
    const before = out.length;
    judge(files, false);
    if (out.length > before && out[out.length - 1]!.category !== 'exfiltration') out.length = before;
    else if (out.length > before) out[out.length - 1]!.message += ` (${files.length} modules: ${g[0]} and what its module-level code calls)`;
  }
  return out;
}
