/**
 * Regular expressions used by the sandbox rules.
 *
 * Every pattern here must run in linear time on adversarial input up to 512 KiB: no nested
 * unbounded quantifiers, no two adjacent quantifiers that can match the same characters, and
 * "anything up to X" is always written with a bounded quantifier ({0,N}).
 */
import { withQuickStart } from './regex-quick-start.js';

export interface Pattern {
  re: RegExp;
  label: string;
}

/**
 * One reusable global copy per pattern (and one sticky-free copy for firstMatch): building a RegExp per
 * call cost more than the match itself when a document has thousands of small code segments
 * (docs/analysis-limits.md, "Speed"). A copy in use by an unfinished iteration is not shared: a nested
 * iteration over the same pattern gets a fresh one.
 */
const globalCopies = new WeakMap<RegExp, RegExp>();
const busy = new WeakSet<RegExp>();

function globalCopy(re: RegExp): RegExp {
  let g = globalCopies.get(re);
  if (!g) {
    g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
    globalCopies.set(re, g);
  }
  return busy.has(g) ? new RegExp(g.source, g.flags) : g;
}

const NO_MATCHES: readonly RegExpExecArray[] = [];
/** Non-global, non-sticky copies that answer "any match?" without moving a lastIndex. */
const testCopies = new WeakMap<RegExp, RegExp>();

/**
 * Iterate over all matches of a global regex (guards against zero-length matches). A short text without
 * a match answers without starting a generator: checks run a dozen patterns over each of thousands of
 * small code segments, most of which match none.
 */
export function matchesOf(re: RegExp, text: string): Iterable<RegExpExecArray> {
  if (text.length <= 4096 && !re.sticky) {
    let t = testCopies.get(re);
    if (!t) testCopies.set(re, (t = new RegExp(re.source, re.flags.replace('g', ''))));
    if (!t.test(text)) return NO_MATCHES;
  }
  return allMatches(re, text);
}

function* allMatches(re: RegExp, text: string): Generator<RegExpExecArray> {
  const g = globalCopy(re);
  g.lastIndex = 0;
  busy.add(g);
  try {
    let m: RegExpExecArray | null;
    while ((m = g.exec(text)) !== null) {
      yield m;
      if (m[0].length === 0) g.lastIndex++;
    }
  } finally {
    busy.delete(g);
    g.lastIndex = 0;
  }
}

const firstCopies = new WeakMap<RegExp, RegExp>();

export function firstMatch(patterns: readonly Pattern[], text: string): { index: number; label: string; match: string } | null {
  let best: { index: number; label: string; match: string } | null = null;
  for (const p of patterns) {
    let re = firstCopies.get(p.re);
    if (!re) {
      re = new RegExp(p.re.source, p.re.flags.replace('g', ''));
      firstCopies.set(p.re, re);
    }
    const m = re.exec(text);
    if (m && (!best || m.index < best.index)) best = { index: m.index, label: p.label, match: m[0] };
  }
  return best;
}

/**
 * Which patterns of a list can match `text` at all, decided with one combined regex per flag set:
 * a text that none of them can match costs one scan instead of one per pattern. Exact: an
 * alternation matches somewhere if and only if one of its alternatives does. Patterns whose meaning
 * depends on group numbers or names (back-references, named groups) are always kept. Long texts
 * are scanned by each pattern directly (the combined scan would only add to their cost).
 */
interface Prefilter<T> {
  list: readonly T[];
  groups: { re: RegExp; members: Set<T> }[];
  always: Set<T>;
  /**
   * Answers by text: the normalised twin repeats most of the file's segments and documents repeat
   * segments, so the same text is asked about again. Bounded by the characters it holds.
   */
  memo: Map<string, readonly T[]>;
  memoChars: number;
}
const PREFILTER_MEMO_CHARS = 1_000_000;
const PREFILTER_MAX_TEXT = 4096;
const prefilters = new WeakMap<RegExp, Prefilter<unknown>[]>();

/** The prefilter of a list object already seen (most callers pass the same constant list every time). */
const prefilterByList = new WeakMap<readonly unknown[], Prefilter<unknown>>();

function prefilterOf<T extends { re: RegExp }>(list: readonly T[]): Prefilter<T> {
  const same = prefilterByList.get(list);
  if (same) return same as Prefilter<T>;
  const f = prefilterOfPatterns(list);
  prefilterByList.set(list, f as Prefilter<unknown>);
  return f;
}

function prefilterOfPatterns<T extends { re: RegExp }>(list: readonly T[]): Prefilter<T> {
  const byFirst = prefilters.get(list[0]!.re) ?? [];
  for (const f of byFirst) {
    if (f.list.length === list.length && f.list.every((x, i) => (x as T).re === list[i]!.re)) return f as Prefilter<T>;
  }
  const always = new Set<T>();
  const byFlags = new Map<string, T[]>();
  for (const x of list) {
    const src = x.re.source;
    if (/\\[1-9]|\\k<|\(\?<[^=!]/.test(src) || x.re.flags.includes('y')) {
      always.add(x);
      continue;
    }
    const flags = x.re.flags.replace('g', '');
    byFlags.set(flags, [...(byFlags.get(flags) ?? []), x]);
  }
  const groups = [...byFlags].map(([flags, members]) => ({
    re: new RegExp(members.map((m) => `(?:${m.re.source})`).join('|'), flags),
    members: new Set(members),
  }));
  const f: Prefilter<T> = { list, groups, always, memo: new Map(), memoChars: 0 };
  byFirst.push(f as Prefilter<unknown>);
  prefilters.set(list[0]!.re, byFirst);
  return f;
}

export function candidatePatterns<T extends { re: RegExp }>(list: readonly T[], text: string): readonly T[] {
  if (text.length > PREFILTER_MAX_TEXT) return withRequiredChars(list, text);
  if (list.length < 2) return list;
  const f = prefilterOf(list);
  const known = f.memo.get(text);
  if (known) return known;
  const r = candidatesOf(f, list, text);
  if (f.memoChars + text.length > PREFILTER_MEMO_CHARS) {
    f.memo.clear();
    f.memoChars = 0;
  }
  f.memo.set(text, r);
  f.memoChars += text.length;
  return r;
}

/**
 * The patterns of a list a long text can match as far as the characters each needs tell (see
 * `requiredChars`): a text without one of them is not scanned with that pattern. Exact: every match of
 * the pattern contains the characters.
 */
function withRequiredChars<T extends { re: RegExp }>(list: readonly T[], text: string): readonly T[] {
  let out: T[] | null = null;
  for (let k = 0; k < list.length; k++) {
    const x = list[k]!;
    let req = requiredByPattern.get(x.re);
    if (!req) requiredByPattern.set(x.re, (req = requiredChars(x.re.source, x.re.flags)));
    if (req.every((c) => text.includes(c))) out?.push(x);
    else out ??= list.slice(0, k);
  }
  return out ?? list;
}
const requiredByPattern = new WeakMap<RegExp, readonly string[]>();

/**
 * Characters that every match of a regular expression contains: literal punctuation and digits (and
 * letters when case matters) outside an optional part, an alternative that not every branch has, a
 * character class or a lookaround. Conservative: a construct it does not know gives no characters.
 * A window such as `[^\n|]{0,500}\|` tries 500 characters at every start, so a 512 KiB line without
 * a `|` would otherwise cost millions of steps per such pattern to find nothing.
 */
export function requiredChars(source: string, flags: string): readonly string[] {
  if (flags.includes('v')) return [];
  const caseless = flags.includes('i');
  let i = 0;
  const unsupported = (): never => {
    throw new Error('unsupported');
  };
  const literal = (c: string): Set<string> =>
    c.length === 1 && c >= '!' && c <= '~' && !(caseless && /[A-Za-z]/.test(c)) ? new Set([c]) : new Set();
  const alternatives = (): Set<string> => {
    let req = sequence();
    while (source[i] === '|') {
      i++;
      const other = sequence();
      req = new Set([...req].filter((c) => other.has(c)));
    }
    return req;
  };
  const sequence = (): Set<string> => {
    const req = new Set<string>();
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const a = atom();
      if (minimum() > 0) for (const c of a) req.add(c);
    }
    return req;
  };
  const atom = (): Set<string> => {
    const ch = source[i]!;
    if (ch === '(') {
      i++;
      let counts = true;
      if (source[i] === '?') {
        if (source.startsWith('?:', i)) i += 2;
        else if (source.startsWith('?=', i) || source.startsWith('?!', i)) {
          i += 2;
          counts = false;
        } else if (source.startsWith('?<=', i) || source.startsWith('?<!', i)) {
          i += 3;
          counts = false;
        } else if (source[i + 1] === '<') {
          const end = source.indexOf('>', i);
          if (end < 0) unsupported();
          i = end + 1;
        } else unsupported();
      }
      const inner = alternatives();
      if (source[i] !== ')') unsupported();
      i++;
      return counts ? inner : new Set();
    }
    if (ch === '[') {
      i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      if (i >= source.length) unsupported();
      i++;
      return new Set();
    }
    if (ch === '\\') {
      const c = source[i + 1];
      if (c === undefined) return unsupported();
      if (/[A-Za-z0-9]/.test(c)) {
        if (c === 'x' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 2, i + 4))) i += 4;
        else if ((c === 'u' || c === 'p' || c === 'P') && source[i + 2] === '{') i = closing(i + 2, '}');
        else if (c === 'u' && /^[0-9A-Fa-f]{4}$/.test(source.slice(i + 2, i + 6))) i += 6;
        else if (c === 'k' && source[i + 2] === '<') i = closing(i + 2, '>');
        else if (c === 'c' && /^[A-Za-z]$/.test(source[i + 2] ?? '')) i += 3;
        else if ('xuc'.includes(c)) unsupported();
        else if (/[0-9]/.test(c)) {
          i += 2;
          while (/[0-9]/.test(source[i] ?? '')) i++;
        } else i += 2;
        return new Set();
      }
      i += 2;
      return literal(c);
    }
    if (ch === '.' || ch === '^' || ch === '$') {
      i++;
      return new Set();
    }
    if ('*+?{}]'.includes(ch)) return unsupported();
    const code = ch.charCodeAt(0);
    i += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
    return literal(ch);
  };
  const closing = (from: number, end: string): number => {
    const at = source.indexOf(end, from);
    return at < 0 ? unsupported() : at + 1;
  };
  /** The least number of times the atom just read must match (its quantifier), the quantifier consumed. */
  const minimum = (): number => {
    let min = 1;
    const q = source[i];
    if (q === '*' || q === '?') {
      min = 0;
      i++;
    } else if (q === '+') {
      i++;
    } else if (q === '{') {
      const m = /^\{(\d+)(?:,\d*)?\}/.exec(source.slice(i, i + 24));
      if (!m) return unsupported();
      min = Number(m[1]);
      i += m[0].length;
    } else {
      return min;
    }
    if (source[i] === '?') i++;
    return min;
  };
  try {
    const req = alternatives();
    return i === source.length ? [...req] : [];
  } catch {
    return [];
  }
}

function candidatesOf<T>(f: Prefilter<T>, list: readonly T[], text: string): readonly T[] {
  let hit: Set<T>[] | null = null;
  for (const g of f.groups) {
    if (g.re.test(text)) (hit ??= []).push(g.members);
  }
  if (!hit) return f.always.size ? list.filter((x) => f.always.has(x)) : [];
  if (hit.length === f.groups.length) return list;
  return list.filter((x) => f.always.has(x) || hit!.some((h) => h.has(x)));
}

function p(source: string, label: string, flags = 'gi'): Pattern {
  return { re: new RegExp(source, flags), label };
}

// ---------------------------------------------------------------------------------------------
// Shell execution

/** A shell interpreter as the target of a pipe: `sh`, `bash`, `sudo -E bash`, `/bin/sh`, `env X=1 sh`. */
const SHELL_TARGET = String.raw`(?:sudo\s+(?:-[A-Za-z]+\s+)*)?(?:env\s+(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*)?(?:\/(?:usr\/)?bin\/)?(?:ba|z|k|da|fi|a)?sh\b(?![-.])`;

export const PIPE_TO_SHELL: readonly Pattern[] = [
  p(String.raw`\b(?:curl|wget)\b(?:[^\n|]{0,500}\|){1,4}\s*` + SHELL_TARGET, 'download piped into a shell'),
  p(String.raw`\b(?:(?:ba|z|k)?sh|source)\s+<\(\s*(?:curl|wget)\b`, 'download fed to a shell by process substitution'),
  p(String.raw`\b(?:ba|z|k)?sh\s+-c\s+["']?\$\(\s*(?:curl|wget)\b`, 'download run with sh -c'),
  p(String.raw`\b(?:iex|Invoke-Expression)\b[^\n]{0,60}?\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|DownloadString|WebClient)\b`, 'download run with Invoke-Expression'),
  p(String.raw`\b(?:iwr|irm|curl|wget|Invoke-WebRequest|Invoke-RestMethod|DownloadString)\b[^\n|]{0,500}\|\s*(?:iex|Invoke-Expression)\b`, 'download piped into Invoke-Expression'),
];

export const EVAL_DOWNLOAD: readonly Pattern[] = [
  p(String.raw`\beval\s+["']?(?:\$\(|\x60)\s*(?:curl|wget)\b`, 'eval of downloaded content'),
  p(String.raw`\b(?:python3?|node|perl|ruby|php)\s+-[ce]\s+["']?\$\(\s*(?:curl|wget)\b`, 'interpreter run on downloaded code'),
  p(String.raw`\b(?:curl|wget)\b[^\n|]{0,500}\|\s*(?:\$\(|\$\{?[A-Za-z_]|\x60)`, 'download piped into a computed command'),
];

/** In shell-language blocks only: a command line that is a backtick substitution of a download. */
export const EVAL_DOWNLOAD_SHELL_BLOCK: readonly Pattern[] = [
  p(String.raw`^[ \t]*\x60[ \t]*(?:curl|wget)\b`, 'backtick execution of downloaded content', 'gim'),
];

export const SHELL_OUT_HIGH: readonly Pattern[] = [
  p(String.raw`\bshell\s*=\s*True\b`, 'subprocess call with shell=True', 'g'),
  p(String.raw`\bos\s*\.\s*(?:system|popen)\s*\(`, 'os.system/os.popen'),
  p(String.raw`\b(?:subprocess|commands)\s*\.\s*get(?:status)?output\s*\(`, 'subprocess.getoutput (runs through a shell)'),
  p(String.raw`\b(?:child_process|childProcess|cp)\s*\.\s*exec(?:Sync)?\s*\(`, 'child_process exec'),
  p(String.raw`child_process['"]\s*\)\s*\.\s*exec(?:Sync)?\s*\(`, 'child_process exec'),
  p(String.raw`\bexecSync\s*\(`, 'child_process execSync', 'g'),
  p(String.raw`\bRuntime\s*\.\s*getRuntime\s*\(\s*\)\s*\.\s*exec\s*\(`, 'Runtime.getRuntime().exec', 'g'),
  p(String.raw`\bexec\.Command(?:Context)?\s*\(\s*(?:ctx\s*,\s*)?"(?:\/bin\/)?(?:ba|z)?sh"\s*,\s*"-c"`, 'exec.Command("sh", "-c")', 'g'),
  p(String.raw`\b(?:shell_exec|passthru|proc_open)\s*\(`, 'PHP shell execution', 'g'),
  p(String.raw`\bInvoke-Expression\b|\biex\s*\(|\|\s*iex\b`, 'Invoke-Expression'),
];

/** Only matched inside code (fenced blocks and inline code), where the syntax is unambiguous. */
export const SHELL_OUT_HIGH_CODE: readonly Pattern[] = [
  p(String.raw`\bshell\s*:\s*true\b`, 'spawn/exec with { shell: true }', 'g'),
];

export const CHILD_PROCESS_IMPORT = /\bchild_process\b/;
/** A bare `exec(` call (destructured from child_process) in code that imports child_process. */
export const BARE_EXEC = withQuickStart(/(?<![.\w$])exec(?:Sync)?\s*\(/g);

export const SUBPROCESS_MEDIUM: readonly Pattern[] = [
  p(String.raw`\bsubprocess\s*\.\s*(?:run|call|Popen|check_output|check_call)\s*\(`, 'subprocess call', 'g'),
  p(String.raw`\bimport\s+subprocess\b|\bfrom\s+subprocess\s+import\b`, 'subprocess import', 'g'),
  p(String.raw`\brequire\s*\(\s*['"](?:node:)?child_process['"]\s*\)`, 'child_process import', 'g'),
  p(String.raw`\bfrom\s+['"](?:node:)?child_process['"]`, 'child_process import', 'g'),
  p(String.raw`\bimport\s*\(\s*['"](?:node:)?child_process['"]\s*\)`, 'child_process import', 'g'),
  p(String.raw`\b(?:child_process|childProcess|cp)\s*\.\s*(?:spawn|spawnSync|execFile|execFileSync|fork)\s*\(`, 'child_process spawn', 'g'),
  p(String.raw`\bos\s*\.\s*(?:spawn[lv]p?e?|exec[lv]p?e?|posix_spawnp?)\s*\(`, 'os.spawn/os.exec', 'g'),
  p(String.raw`\bexec\.Command(?:Context)?\s*\(`, 'exec.Command', 'g'),
  p(String.raw`\bnew\s+Deno\.Command\s*\(|\bDeno\.run\s*\(|\bBun\.spawn(?:Sync)?\s*\(`, 'Deno/Bun subprocess', 'g'),
  p(String.raw`\bnew\s+ProcessBuilder\s*\(`, 'ProcessBuilder', 'g'),
  p(String.raw`\bpty\s*\.\s*spawn\s*\(`, 'pty.spawn', 'g'),
];

// ---------------------------------------------------------------------------------------------
// Obfuscated execution

export const DECODE_EXEC: readonly Pattern[] = [
  p(String.raw`\beval\s*\(\s*(?:window\s*\.\s*)?(?:atob|unescape|decodeURIComponent|Buffer\s*\.\s*from|String\s*\.\s*fromCharCode)\s*\(`, 'eval of decoded content'),
  p(String.raw`\b(?:new\s+)?Function\s*\(\s*(?:window\s*\.\s*)?(?:atob|Buffer\s*\.\s*from)\s*\(`, 'Function() of decoded content', 'g'),
  p(String.raw`\b(?:exec|eval)\s*\(\s*(?:base64\s*\.\s*(?:b64|b32|b16|urlsafe_b64)decode|codecs\s*\.\s*decode|bytes\s*\.\s*fromhex|zlib\s*\.\s*decompress|marshal\s*\.\s*loads|__import__\s*\(\s*['"](?:base64|codecs|zlib)['"]\s*\))`, 'exec of decoded content', 'g'),
  p(String.raw`\b(?:base64\s+(?:-d|--decode|-D)|xxd\s+-r(?:\s+-p)?)\b[^\n|]{0,200}\|\s*` + SHELL_TARGET, 'decoded content piped into a shell'),
  p(String.raw`\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,200}?\s-(?:e|ec|enc|encodedcommand)\s+[A-Za-z0-9+/=]{16,}`, 'PowerShell -EncodedCommand'),
];

// ---------------------------------------------------------------------------------------------
// Credentials and outbound sends

export interface CredentialHit {
  index: number;
  label: string;
  /** A single named variable (process.env.X, $X_TOKEN) rather than a dump of all variables or a credential file. */
  named: boolean;
}

const SECRET_NAME = /(?:TOKEN|KEY|SECRET|SECRETS|PASSWORD|PASSWD|CREDENTIAL|CREDENTIALS|APIKEY|ACCESS_KEY_ID|_PAT|_AUTH)$/;

interface CredPattern {
  re: RegExp;
  label: string;
  /** named when the match (or its group 1) identifies one variable */
  named: (m: RegExpExecArray) => boolean;
  /** extra acceptance check */
  accept?: (m: RegExpExecArray) => boolean;
  /** whether it is a credential file (also implies filesystem:read) */
  file?: boolean;
}

const CRED_PATTERNS: readonly CredPattern[] = [
  { re: /\bprocess\s*\.\s*env\b(\s*\.\s*[A-Za-z_$][\w$]*|\s*\[\s*['"`][^'"`\n]{1,80}['"`]\s*\])?/g, label: 'process.env', named: (m) => Boolean(m[1]) },
  { re: /\bos\s*\.\s*environ\b(\s*\[\s*['"][^'"\n]{1,80}['"]\s*\]|\s*\.\s*get\s*\(\s*['"][^'"\n]{1,80}['"])?/g, label: 'os.environ', named: (m) => Boolean(m[1]) },
  { re: /\bos\s*\.\s*getenv\s*\(/g, label: 'os.getenv', named: () => true },
  { re: /\bSystem\s*\.\s*getenv\s*\(\s*(")?/g, label: 'System.getenv', named: (m) => Boolean(m[1]) },
  { re: /\bDeno\s*\.\s*env\s*\.\s*(get|toObject)\b/g, label: 'Deno.env', named: (m) => m[1] === 'get' },
  { re: /\$env:[A-Za-z_]\w*/gi, label: '$env:', named: () => true },
  { re: /\bENV\s*\[\s*['"]/g, label: 'ENV[]', named: () => true },
  { re: /\bprintenv\b/g, label: 'printenv', named: () => false },
  { re: /(?:^|[\s;&(`$])env[ \t]*(?:\||>)/gm, label: 'env', named: () => false },
  { re: /\$\(\s*env\s*\)|\x60env\x60/g, label: 'env', named: () => false },
  { re: /\/proc\/self\/environ\b/g, label: '/proc/self/environ', named: () => false, file: true },
  { re: /~\/\.ssh\b|\.ssh\/(?:id_|authorized_keys|known_hosts|config\b)/g, label: '~/.ssh', named: () => false, file: true },
  { re: /\bid_(?:rsa|dsa|ecdsa|ed25519)\b/g, label: 'SSH private key', named: () => false, file: true },
  { re: /\.aws\/credentials\b/g, label: '.aws/credentials', named: () => false, file: true },
  { re: /(?<![\w-])\.(?:npmrc|netrc|pypirc|pgpass|git-credentials)\b/g, label: 'credential file', named: () => false, file: true },
  { re: /\.docker\/config\.json\b|\.kube\/config\b|\.config\/gh\/hosts\.yml\b|\bapplication_default_credentials\.json\b/g, label: 'credential file', named: () => false, file: true },
  { re: /\bLogin Data\b|\bWeb Data\b|\bLocal State\b|\/Cookies\b|["']Cookies["']|\bcookies\.sqlite\b|\bkey[34]\.db\b|\blogins\.json\b|\bCryptUnprotectData\b|\bbrowser_cookie3?\b/g, label: 'browser credential store', named: () => false, file: true },
  { re: /\b(?:wallet\.dat|keystore|exodus\.wallet|\.wallet\b|Local Extension Settings|seed[ _-]?phrase|mnemonic)\b|\$SEED\b/gi, label: 'crypto wallet', named: () => false, file: true },
  { re: /\.(?:bash|zsh|psql|mysql|python)_history\b|\bConsoleHost_history\b/g, label: 'shell history', named: () => false, file: true },
  { re: /\bgit\s+credential\s+fill\b|\bgh\s+auth\s+token\b|\bsecurity\s+find-(?:generic|internet)-password\b[^\n]{0,80}\s-(?:ga|w)\b|\/var\/run\/secrets\/kubernetes\.io\b|\bgcloud\s+auth\s+print-access-token\b|\baws\s+configure\s+export-credentials\b/g, label: 'credential helper', named: () => false },
  { re: /\bread\s+-[a-zA-Z]*s[a-zA-Z]*\b/g, label: 'password prompt', named: () => false },
  { re: /(?:\bcat|\bopen\s*\(|\bread_text\s*\(|\bglob\s*\(|\bfind\b|\breadFileSync\s*\(|\btar\b|\bzip\b|\bcp\b|\bGet-Content\b)[^\n|;]{0,80}(?<![\w-])\.env(?:\.\w+|\*)?\b(?![-.\w]*\.example)/g, label: '.env file', named: () => false, file: true },
  {
    re: /\$\{?([A-Z][A-Z0-9_]{1,80})\b/g,
    label: 'secret environment variable',
    named: () => true,
    accept: (m) => SECRET_NAME.test(m[1]),
  },
];

/**
 * The last results of findCredentialReads / findOutboundSends by text: several rules ask about the same
 * code segment (capabilities, exfiltration, obfuscation), each with a few dozen patterns. Callers must
 * not change the arrays they get.
 */
const MEMO_ENTRIES = 256;
const MEMO_MAX_TEXT = 8192; // segments, not whole files: at most a few MB held between analyses
function memo<T>(cache: Map<string, T>, text: string, compute: (t: string) => T): T {
  if (text.length > MEMO_MAX_TEXT) return compute(text);
  let r = cache.get(text);
  if (r === undefined) {
    r = compute(text);
    if (cache.size >= MEMO_ENTRIES) cache.clear();
    cache.set(text, r);
  }
  return r;
}
const credentialMemo = new Map<string, (CredentialHit & { file: boolean })[]>();
const sendMemo = new Map<string, { index: number; label: string }[]>();

export function findCredentialReads(text: string): (CredentialHit & { file: boolean })[] {
  return memo(credentialMemo, text, credentialReads);
}

function credentialReads(text: string): (CredentialHit & { file: boolean })[] {
  const out: (CredentialHit & { file: boolean })[] = [];
  for (const cp of candidatePatterns(CRED_PATTERNS, text)) {
    for (const m of matchesOf(cp.re, text)) {
      if (cp.accept && !cp.accept(m)) continue;
      let index = m.index;
      // patterns with a leading separator: point at the word itself
      if (cp.label === 'env') index += m[0].search(/env|\$/);
      const label = cp.label === 'secret environment variable' ? '$' + m[1] : cp.label;
      out.push({ index, label, named: cp.named(m), file: Boolean(cp.file) });
    }
  }
  out.sort((a, b) => a.index - b.index);
  return out;
}

export const OUTBOUND_SEND: readonly Pattern[] = [
  p(String.raw`\bfetch\s*\(`, 'fetch', 'g'),
  p(String.raw`\baxios\b\s*(?:\.\s*(?:get|post|put|patch|delete|request|create)\b|\()`, 'axios', 'g'),
  p(String.raw`\brequests\s*\.\s*(?:get|post|put|patch|delete|request|head)\s*\(`, 'requests', 'g'),
  p(String.raw`\bhttpx\s*\.\s*(?:get|post|put|patch|delete|request|Client|AsyncClient)\b`, 'httpx', 'g'),
  p(String.raw`\bhttps?\s*\.\s*(?:request|get)\s*\(`, 'http.request', 'g'),
  p(String.raw`\burllib\d?\b|\bhttp\.client\b|\bHTTPS?Connection\b`, 'urllib', 'g'),
  p(String.raw`\bcurl\b`, 'curl', 'g'),
  p(String.raw`\bwget\b`, 'wget', 'g'),
  p(String.raw`\b(?:nc|ncat|netcat)\s`, 'nc', 'g'),
  p(String.raw`\bInvoke-(?:WebRequest|RestMethod)\b|\b(?:iwr|irm)\s`, 'Invoke-WebRequest', 'gi'),
  p(String.raw`\bXMLHttpRequest\b|\bnavigator\s*\.\s*sendBeacon\b|\bnew\s+WebSocket\s*\(`, 'browser request', 'g'),
  p(String.raw`\bsocket\s*\.\s*create_connection\b|\bsmtplib\b|\bnodemailer\b|\bftplib\b`, 'socket/mail', 'g'),
  p(String.raw`\bnslookup\b|\bscp\s|\bdig\s+(?:\+\w+\s+)*["']?\$`, 'nslookup/scp/dig', 'g'),
  p(String.raw`\bgh\s+gist\s+create\b|\bgit\s+push\b[^\n]{0,40}--mirror\b`, 'gist/mirror push', 'g'),
  p(String.raw`\bsendmail\b|\bmail\s+-s\b|\bsmtp\b|\bSend-MailMessage\b|\bapi\.telegram\.org\b|\bdiscord(?:app)?\.com\/api\/webhooks\b`, 'mail/webhook', 'gi'),
];

export function findOutboundSends(text: string): { index: number; label: string }[] {
  return memo(sendMemo, text, outboundSends);
}

function outboundSends(text: string): { index: number; label: string }[] {
  const out: { index: number; label: string }[] = [];
  for (const pat of candidatePatterns(OUTBOUND_SEND, text)) {
    for (const m of matchesOf(pat.re, text)) out.push({ index: m.index, label: pat.label });
  }
  out.sort((a, b) => a.index - b.index);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Capability evidence in code

export const NETWORK_EXTRA: readonly Pattern[] = [
  p(String.raw`\bgit\s+(?:clone|fetch|pull|push|ls-remote)\b`, 'git network command', 'g'),
  p(String.raw`\b(?:npm|pnpm|yarn|bun)\s+(?:install|i|add|publish|ci)\b`, 'package install', 'g'),
  p(String.raw`\b(?:pip3?|pipx)\s+install\b|\buv\s+(?:pip\s+install|add|sync)\b|\bcargo\s+install\b|\bgo\s+(?:get|install)\b|\bgem\s+install\b`, 'package install', 'g'),
  p(String.raw`\b(?:apt|apt-get|yum|dnf|apk|brew)\s+(?:install|add|update|upgrade)\b`, 'package install', 'g'),
  p(String.raw`\bssh\s+\S|\bdocker\s+(?:pull|push|login)\b`, 'ssh/docker', 'g'),
];

export const FS_WRITE: readonly Pattern[] = [
  p(String.raw`\bfs(?:\s*\.\s*promises)?\s*\.\s*(?:writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|rm|rmSync|rmdir|rmdirSync|unlink|unlinkSync|rename|renameSync|mkdir|mkdirSync|copyFile|copyFileSync|cp|cpSync|truncate|chmod)\b`, 'fs write', 'g'),
  p(String.raw`\b(?:writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|unlinkSync|rmSync|mkdirSync)\s*\(`, 'fs write', 'g'),
  p(String.raw`\bopen\s*\([^\n)]{0,200}?,\s*(?:mode\s*=\s*)?['"][rbt]{0,3}[wax+][rbwaxt+]{0,3}['"]`, "open(..., 'w')", 'g'),
  p(String.raw`\.(?:write_text|write_bytes|unlink)\s*\(`, 'pathlib write', 'g'),
  p(String.raw`\bos\s*\.\s*(?:remove|unlink|rename|replace|makedirs|mkdir|rmdir|removedirs|chmod|truncate)\s*\(`, 'os file write', 'g'),
  p(String.raw`\bshutil\s*\.\s*(?:rmtree|move|copy\w*)\s*\(`, 'shutil', 'g'),
  p(String.raw`(?:^|[\s;&|(])(?:sudo\s+)?(?:rm|mv)\s`, 'rm/mv', 'gm'),
  p(String.raw`\b(?:Remove-Item|Set-Content|Add-Content|Out-File|New-Item|Move-Item|Copy-Item|Rename-Item)\b`, 'PowerShell file write', 'gi'),
];

/** Only in shell-language blocks. */
export const FS_WRITE_SHELL: readonly Pattern[] = [
  p(String.raw`(?:^|[\s;&|(])(?:sudo\s+)?(?:cp|mkdir|touch|tee|dd|chmod|chown|truncate|ln|unzip)(?=[ \t])|\bsed\s+-i\b|\btar\s+-?[a-z]*x`, 'file-writing command', 'gm'),
  p(String.raw`(?<![<>=\-])>>?(?![>&=])[ \t]*(?!\/dev\/(?:null|stdout|stderr|tty)\b)[~\w./$"'{-]`, 'output redirection', 'g'),
];

export const FS_READ_OUTSIDE: readonly Pattern[] = [
  p(String.raw`(?<![\w.:/~$-])\/(?:etc|root|home|Users|var|proc|sys)\/`, 'system path', 'g'),
  p(String.raw`(?<![\w./~-])~\/`, 'home directory', 'g'),
  p(String.raw`\$HOME\b|\$\{HOME\}|%USERPROFILE%|%APPDATA%|\$env:(?:USERPROFILE|HOME|APPDATA)\b|\bC:\\{1,2}Users\\`, 'home directory', 'gi'),
  p(String.raw`\bos\s*\.\s*homedir\s*\(|\bexpanduser\s*\(|\bPath\s*\.\s*home\s*\(`, 'home directory', 'g'),
];

// ---------------------------------------------------------------------------------------------
// Prompt injection

const DET = String.raw`(?:the|your|my|these|those|all|any)`;

export const PROMPT_OVERRIDE: readonly Pattern[] = [
  p(String.raw`\bignore\s+(?:(?:all|any|every)\s+)?(?:of\s+)?(?:(?:the|your|my|these|those)\s+)?(?:previous|prior|above|earlier|preceding|foregoing|former|original|system)\s+(?:instructions?|directions?|directives?|rules|prompts?|guidelines|messages|context|commands)\b`, 'ignore previous instructions'),
  p(String.raw`\bignore\s+(?:all\s+)?(?:of\s+)?your\s+(?:instructions|rules|guidelines|system\s+prompt|programming)\b`, 'ignore your instructions'),
  p(String.raw`\bdisregard\s+` + DET + String.raw`\s+(?:(?:previous|prior|above|earlier|preceding|of\s+the|of\s+your)\s+)?(?:system\s+prompt|instructions?|rules|guidelines|directives?|guardrails|safety\s+(?:rules|guidelines))\b`, 'disregard the instructions'),
  p(String.raw`\bforget\s+(?:everything|all\s+(?:of\s+)?(?:your|the|previous|prior)\s+(?:instructions|rules)|(?:all\s+)?your\s+(?:instructions|rules|guidelines|training|system\s+prompt)|(?:the\s+|all\s+)?(?:previous|prior|above)\s+instructions)\b`, 'forget your instructions'),
  p(String.raw`\byou\s+are\s+now\s+(?:DAN\b|an?\s+(?:unrestricted|unfiltered|uncensored|jailbroken)\b|in\s+(?:developer|god|jailbreak|unrestricted|DAN)\s+mode\b|jailbroken\b|free\s+from\s+(?:all\s+)?(?:rules|restrictions|guidelines)\b)`, 'you are now unrestricted'),
  p(String.raw`\b(?:do\s+not|don['\u2019]?t)\s+(?:tell|inform|reveal\s+(?:this\s+|it\s+)?to|mention\s+(?:this\s+|it\s+)?to|notify|alert)\s+(?:the\s+)?user\b`, 'do not tell the user'),
  p(String.raw`\bwithout\s+(?:telling|informing|notifying|alerting)\s+(?:the\s+)?user\b|\b(?:hide|conceal)\s+(?:this|it)\s+from\s+the\s+user\b`, 'hide from the user'),
  p(String.raw`\boverride\s+(?:(?:the|your|all|any)\s+)?(?:system\s+(?:prompt|instructions|message|rules)|safety|guardrails|content\s+polic(?:y|ies))\b`, 'override the system prompt'),
  p(String.raw`\bjailbreak(?:s|ing|ed)?\b`, 'jailbreak'),
  p(String.raw`\bnew\s+system\s+prompt\b|<\|im_start\|>\s*system\b`, 'new system prompt'),
  p(String.raw`\bdisregard\s+(?:all\s+|any\s+)?(?:prior|previous|earlier|above|preceding|former|existing)\s+(?:guidance|instructions?|directions?|rules|context|prompts?|messages)\b`, 'disregard prior guidance'),
  p(String.raw`\bignorier(?:e|en\s+Sie)\s+(?:alle\s+)?(?:vorherige|bisherige|vorige|obige|frühere)\w{0,2}\s+[\wäöüß]{0,30}(?:Anweisungen|Instruktionen|Regeln|Vorgaben|Richtlinien)\b`, 'ignore previous instructions (German)'),
  p(String.raw`\bignora\s+(?:todas\s+)?las\s+instrucciones\s+(?:anteriores|previas)\b|\bolvida\s+(?:todas\s+)?(?:tus|las)\s+instrucciones\b`, 'ignore previous instructions (Spanish)'),
  p(String.raw`\bignore[zr]?\s+(?:toutes\s+)?les\s+instructions\s+(?:précédentes|antérieures)\b|\boublie[zr]?\s+(?:toutes\s+)?(?:tes|vos|les)\s+instructions\b`, 'ignore previous instructions (French)'),
  p(String.raw`\bignora\s+(?:tutte\s+)?le\s+istruzioni\s+precedenti\b|\bignore\s+(?:todas\s+)?as\s+instruções\s+anteriores\b|\bигнорируй(?:те)?\s+(?:все\s+)?(?:предыдущие|прежние)\s+инструкции\b|忽略(?:之前|以上|先前)的?(?:所有)?指令`, 'ignore previous instructions'),
];

/** A negation just before a phrase turns it into advice ("don't override safety"). */
export const NEGATED_BEFORE = /\b(?:don['\u2019]?t|do\s+not|never|doesn['\u2019]?t|won['\u2019]?t|cannot|can['\u2019]?t|not|must\s+not|should\s+not|shouldn['\u2019]?t)\s+(?:\w+\s+){0,2}$/i;

const REV = String.raw`(?:reviewers?|validators?|auditors?|council(?:\s+members?)?|scanners?|moderators?|graders?|evaluators?|approvers?|certifiers?)`;
const APPROVAL_WORD = String.raw`(?:approved?|approval|pass(?:ed|ing)?|safe|accept(?:ed)?|certif\w*|whitelist(?:ed)?|allowlist(?:ed)?|trusted|benign|ignore|skip|legitimate|verified|harmless|green)\b`;
const NOT_CODE_REVIEW_OBJECT = String.raw`(?!\s+(?:(?:the|a|an|any|all|your|their|this|these)\s+)?(?:pull|PRs?\b|merge|changes?|commits?|diffs?|code|deploy\w*|release|request|branch|patch|pipeline|build))`;

export const REVIEWER_DIRECTED: readonly Pattern[] = [
  p(String.raw`\bnote\s+to\s+(?:(?:the|all|any)\s+)?(?:(?:security|human|ai|llm|automated)\s+)?` + REV + String.raw`\b[^\n]{0,150}?\b` + APPROVAL_WORD, 'note to reviewers'),
  p(String.raw`\b` + REV + String.raw`\s+(?:must|should|shall|will|can|need\s+to|are\s+(?:required|instructed|asked|expected)\s+to|please)\s+(?:(?:simply|just|now|immediately|always)\s+)?(?:approve|pass|accept|certify|whitelist|allowlist|sign\s+off(?:\s+on)?|mark\s+(?:this|it)\s+as)\b` + NOT_CODE_REVIEW_OBJECT, 'reviewers must approve'),
  p(String.raw`\b` + REV + String.raw`\s+(?:must|should|shall|will|can|need\s+to|are\s+(?:required|instructed|asked|expected)\s+to|please)\s+(?:(?:simply|just|now|always)\s+)?(?:ignore|skip|disregard|overlook)\s+(?:this|it|these|the\s+following|everything|anything|any\s+(?:findings?|warnings?|issues?))\b`, 'reviewers must ignore'),
  p(String.raw`\b(?:this|the)\s+(?:skill|submission|package|plugin|extension)\s+(?:has\s+(?:already\s+)?been|was|is(?:\s+already)?)\s+(?:(?:already|officially|fully)\s+)?(?:pre-?\s?approved|approved|certified|whitelisted|allowlisted|vetted|verified\s+safe|security[- ]reviewed|audited)\b`, 'claims to be pre-approved'),
  p(String.raw`\bpre-?\s?approved\s+(?:by|for)\s+(?:the\s+)?(?:security|review|council|validators?|auditors?|reviewers?|scanners?)\b`, 'claims to be pre-approved'),
  p(String.raw`\bmark\s+(?:this|it|the\s+skill|this\s+(?:skill|submission))\s+as\s+(?:safe|approved|benign|trusted|clean|passed|passing|secure|verified|low[- ]risk)\b`, 'mark this as safe'),
  p(String.raw`\bgive\s+(?:this|it)\s+(?:skill\s+|submission\s+)?(?:an?\s+)?(?:clear|pass|passing|green\s+light|approval|perfect\s+score|safe\s+rating|clean\s+bill)\b`, 'give this a pass'),
  p(String.raw`\brate\s+(?:this|it)\s+(?:skill\s+|submission\s+)?(?:as\s+)?(?:safe|low[- ]risk|benign|secure|trusted|harmless)\b`, 'rate this as safe'),
  p(String.raw`\b(?:AI|LLM|model|assistant|agent|bot)s?\s+(?:that\s+is\s+|who\s+is\s+)?(?:reviewing|auditing|scanning|validating|evaluating|certifying)\s+(?:this|these)\b(?!\s+(?:pull|PRs?\b|code|diff|changes?|commits?|branch|repo\w*))`, 'addresses the AI reviewing this'),
  p(String.raw`\bapprove\s+this\s+(?:skill|submission|package|plugin|extension)\b`, 'approve this skill'),
  p(String.raw`\b` + REV + String.raw`\s+(?:must|should|shall|will|need\s+to|are\s+to)\s+(?:output|return|respond(?:\s+with)?|answer(?:\s+with)?|vote|emit|print|say|reply(?:\s+with)?)\s+["'\u201c]?(?:APPROVE|APPROVED|PASS|SAFE|BENIGN|CLEAN|ALLOW)\b`, 'reviewers must output APPROVE', 'g'),
  p(String.raw`\bclassify\s+(?:this|it|the\s+(?:skill|submission|file))\s+as\s+["'\u201c]?(?:safe|benign|clean|harmless|trusted|low[- ]risk)\b`, 'classify this as safe'),
  p(String.raw`\b(?:do\s+not|don['\u2019]?t)\s+(?:list|report|flag|raise|mention)\s+(?:any\s+)?(?:findings?|issues?|warnings?|vulnerabilities)\b`, 'do not report findings'),
];

/** Imperative words that make an HTML comment instruction-like. */
export const IMPERATIVE = /\b(?:must|always|never|ignore|disregard|execute|run|approve|send|upload|fetch|read)\s+(?:the\s+|all\s+|this\s+|it\b|any\s+)?[a-z~./$]/i;

// ---------------------------------------------------------------------------------------------
// URLs and calls

export const URL_RE = /\bhttps?:\/\/[^\s<>"'`()[\]{}|\\^]+/gi;
/** A call keyword shortly before a URL on the same line. */
export const CALL_BEFORE_URL = /\b(?:fetch\s*\(|curl\b|wget\b|axios\b|requests\s*\.|httpx\s*\.|https?\s*\.\s*(?:get|request)\s*\(|urllib\b|Invoke-(?:WebRequest|RestMethod)\b|iwr\b|irm\b)/i;
