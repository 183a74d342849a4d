/**
 * The literal anchors of each language and the handler that verifies each hit in place (a sticky
 * regular expression at the hit, a left boundary), setting signals and hints on the file's ScanState.
 * The Aho-Corasick tables built from them drive the one pass of file-scan.ts; the few whole-file
 * patterns (credential paths, suspicious URLs, long blobs) are here too.
 */
import { AhoCorasick } from './aho.js';
import { BEHAVIOUR_RULES } from './behaviour-rules.js';
import { Hint, ScanState } from './scan-state.js';
import { CRED_NAME, MINING_SRC, REMOTE_PIPE_SRC, SECRET_SRC, raw } from './patterns.js';
import { Signal, type Lang } from './signals.js';

const sticky = (src: string): RegExp => new RegExp(src, 'y');

/** Regular expression anchored at `pos`; returns the match or null. */
function at(re: RegExp, text: string, pos: number): RegExpExecArray | null {
  re.lastIndex = pos;
  return re.exec(text);
}

function isIdent(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

/** The character before `start` does not continue an identifier (and is not a `.` unless allowed). */
function leftOK(text: string, start: number, allowDot: boolean): boolean {
  if (start === 0) return true;
  const c = text.charCodeAt(start - 1);
  if (isIdent(c)) return false;
  return allowDot || c !== 46;
}

/**
 * `name(args) {`: a method definition, not a call. `afterParen` is just past the opening
 * parenthesis; the arguments are skipped with bracket counting over at most 240 characters.
 */
function isDefinition(text: string, afterParen: number): boolean {
  let depth = 1;
  const end = Math.min(text.length, afterParen + 240);
  let i = afterParen;
  for (; i < end && depth > 0; i++) {
    const c = text.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41) depth--;
  }
  if (depth !== 0) return false;
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13)) i++;
  // `fetch(url): Promise<Response> {` in TypeScript sources too.
  return text.charCodeAt(i) === 123 || (text.charCodeAt(i) === 58 && /^:[^;{}()=]{0,120}\{/.test(text.slice(i, i + 130)));
}

function before(text: string, start: number, re: RegExp, span = 80): boolean {
  return re.test(text.slice(Math.max(0, start - span), start));
}

// Handlers for anchors shared by the languages.
const SECRET_AT = sticky(SECRET_SRC);
const MINING_AT = sticky(MINING_SRC);
const REMOTE_PIPE_AT = sticky(REMOTE_PIPE_SRC);

export type Handler = (st: ScanState, start: number) => void;

const secretHandler: Handler = (st, start) => {
  if (!leftOK(st.text, start, true)) return;
  const m = at(SECRET_AT, st.text, start);
  if (m) st.secret(start, m[0]);
};
const miningHandler: Handler = (st, start) => {
  if (!leftOK(st.text, start, true)) return;
  const m = at(MINING_AT, st.text, start);
  if (m) st.mark(Signal.MINING, start, Hint.MINING, m[0].length);
};
/** curl / wget and a URL on the same line (a command written in a string, pieces concatenated). */
const CMD_NET_AT = sticky(raw`(?:curl|wget)\b[^\n]{0,300}?\bhttps?:\/\/`);

const remotePipeHandler: Handler = (st, start) => {
  const m = at(REMOTE_PIPE_AT, st.text, start);
  if (m) st.mark(Signal.REMOTE_PIPE, start, Hint.REMOTE_PIPE, m[0].length);
  if (leftOK(st.text, start, false) && at(CMD_NET_AT, st.text, start)) {
    st.set(Signal.CMD_NET, start);
    if (st.cmdNetPos.length < 64) st.cmdNetPos.push(start);
  }
};

const COMMON: ReadonlyArray<readonly [readonly string[], Handler]> = [
  [['AKIA', '-----BEGIN ', 'ghp_', 'xoxb-', 'xoxa-', 'xoxp-', 'npm_'], secretHandler],
  [['stratum+', 'coinhive', 'xmrig', 'cryptonight'], miningHandler],
  [['curl', 'wget', 'powershell', 'pwsh', 'iex', 'Invoke-Expression'], remotePipeHandler],
];

/** Verification with a sticky regex and a left boundary; on success set `bits` (and record sinks / decodes). */
function simple(src: string, bits: number, opts: { allowDot?: boolean; sink?: boolean; decode?: boolean } = {}): Handler {
  const re = sticky(src);
  return (st, start) => {
    if (!leftOK(st.text, start, opts.allowDot ?? false)) return;
    re.lastIndex = start;
    if (!re.test(st.text)) return;
    if (bits) st.set(bits, start);
    if (opts.sink) st.sink(start);
    if (opts.decode) st.decode(start);
  };
}

// ---- JavaScript / TypeScript --------------------------------------------------------------------

/** Client libraries: importing one is a network capability. Core modules (group 2) also serve. */
const JS_CLIENT_MODULES = raw`node-fetch|axios|undici|got|superagent|request|ws|socket\.io-client|cross-fetch|isomorphic-fetch`;
const JS_CORE_NET = raw`https?|http2|net|tls|dgram`;
const JS_MODULE = raw`['"\x60](?:node:)?(?:(` + JS_CLIENT_MODULES + raw`)|(` + JS_CORE_NET + raw`)|(child_process)|(vm))['"\x60]`;
const JS_REQUIRE = sticky(raw`require\s*\(\s*` + JS_MODULE + raw`\s*\)`);
const JS_FROM = sticky(raw`from\s*` + JS_MODULE);
const JS_IMPORT = sticky(raw`import\s*\(\s*` + JS_MODULE);
const JS_CRED_ENV = sticky(raw`process\.env(?:\.|\[\s*['"\x60])` + CRED_NAME);
const JS_ENV_DUMP_BEFORE = /(?:stringify|URLSearchParams|btoa|encodeURIComponent)\s*\(\s*(?:\{\s*\.\.\.\s*)?$/;
const JS_ENV_DUMP_AFTER = sticky(raw`process\.env\s*[,)}]`);
const JS_BUFFER_FROM = sticky(raw`Buffer\.from\s*\(`);
const JS_NEW_BUFFER = sticky(raw`Buffer\s*\(`);
const NEW_BEFORE = /\bnew\s+$/;
const CP_BEFORE = /(?:child_process|childProcess|\bcp)\.$/;
const JS_SINK_CALL = sticky(raw`(?:exec|execSync|execFileSync|spawn|spawnSync)\s*\(`);
const JS_FUNCTION_STR = sticky(raw`Function\s*\(\s*['"\x60]`);
const JS_FUNCTION = sticky(raw`Function\s*\(`);
const JS_GLOBAL_THIS = sticky(raw`Function\s*\(\s*(['"\x60])return this;?\1\s*\)`);
const CALL_AFTER_WORD = sticky(raw`[A-Za-z]*\s*\(`);
const JS_FETCH = sticky(raw`fetch\s*\(`);
const JS_WEBSOCKET = sticky(raw`WebSocket\s*\(`);
const OBF_IDENT_AT = sticky(raw`_0x[0-9a-f]{4,6}\b`);
const JS_UNESCAPE = sticky(raw`unescape\s*\(`);
const FCC_NUM = raw`(?:0[xX][0-9a-fA-F]+|0[oObB][0-7]+|\d+)`;
const FCC_LITERAL = sticky(raw`fromCharCode\s*(?:\(\s*(?:\.\.\.\s*)?\[?\s*` + FCC_NUM + raw`(?:\s*[-+*^|&%]\s*` + FCC_NUM + raw`)*\s*[,)\]]|\.(?:apply|call)\s*\(\s*[\w$.]+\s*,\s*\[?\s*` + FCC_NUM + raw`)`);

const jsModule = (re: RegExp): Handler => (st, start) => {
  if (!leftOK(st.text, start, false)) return;
  const m = at(re, st.text, start);
  if (!m) return;
  if (m[1] !== undefined) st.set(Signal.NETWORK, start);
  else if (m[2] !== undefined) st.set(Signal.NET_IMPORT, start);
  else if (m[3] !== undefined) st.set(Signal.SHELL, start);
  else st.set(Signal.EVAL, start);
};
const JS_NET_CALL = sticky(raw`(?:request|connect|createConnection|createSocket)\s*\(`);

/** A word followed (after optional letters such as `Sync`) by a call. */
const call = (bits: number, allowDot = true): Handler => (st, start) => {
  if (!leftOK(st.text, start, allowDot)) return;
  if (at(CALL_AFTER_WORD, st.text, start + st.wordLength)) st.set(bits, start);
};

const JS_ANCHORS: ReadonlyArray<readonly [readonly string[], Handler]> = [
  ...COMMON,
  [
    ['process.env'],
    (st, start) => {
      if (!leftOK(st.text, start, false)) return;
      st.set(Signal.ENV, start);
      if (at(JS_CRED_ENV, st.text, start)) st.mark(Signal.CRED_ENV, start, Hint.CRED_ENV, 30);
      if (at(JS_ENV_DUMP_AFTER, st.text, start) && before(st.text, start, JS_ENV_DUMP_BEFORE)) st.mark(Signal.ENV_DUMP, start, Hint.ENV_DUMP, 12);
    },
  ],
  [
    ['fetch'],
    (st, start) => {
      const t = st.text;
      if (!leftOK(t, start, true)) return;
      const m = at(JS_FETCH, t, start);
      if (m && !isDefinition(t, start + m[0].length)) st.set(Signal.NETWORK, start);
    },
  ],
  // `https.get(`, and `require('https').get(` without a binding.
  [['http'], simple(raw`(?:https?\.(?:request|get)|http2\.connect|https?['"]\s*\)\s*\.\s*(?:request|get))\s*\(`, Signal.NETWORK)],
  // The same in TypeScript's CommonJS output: `node_https_1.default.get(`, `(0, https_1.request)(`.
  [['https_', 'http_', 'node_https_', 'node_http_'], simple(raw`(?:node_)?https?_\d+(?:\.default)?\.(?:request|get)\)?\s*\(`, Signal.NETWORK)],
  [['net.'], simple(raw`net\.(?:connect|createConnection|Socket)\s*\(`, Signal.NETWORK)],
  [['tls.'], simple(raw`tls\.connect\s*\(`, Signal.NETWORK)],
  [['dgram.'], simple(raw`dgram\.createSocket\s*\(`, Signal.NETWORK)],
  [['XMLHttpRequest'], simple(raw`XMLHttpRequest\s*\(`, Signal.NETWORK)],
  [
    ['WebSocket'],
    (st, start) => {
      if (leftOK(st.text, start, false) && at(JS_WEBSOCKET, st.text, start) && before(st.text, start, NEW_BEFORE, 12)) st.set(Signal.NETWORK, start);
    },
  ],
  [['sendBeacon'], simple(raw`sendBeacon\s*\(`, Signal.NETWORK, { allowDot: true })],
  [
    ['request', 'connect', 'createConnection', 'createSocket'],
    (st, start) => {
      if (leftOK(st.text, start, true) && at(JS_NET_CALL, st.text, start)) st.set(Signal.NET_CALL, start);
    },
  ],
  [['require'], jsModule(JS_REQUIRE)],
  [['from'], jsModule(JS_FROM)],
  [['import'], jsModule(JS_IMPORT)],
  [['spawn_sync'], (st, start) => st.set(Signal.SHELL, start)],
  [
    ['exec', 'spawn'],
    (st, start) => {
      const t = st.text;
      const c = start > 0 ? t.charCodeAt(start - 1) : 32;
      if (isIdent(c)) return;
      if (c === 46 && !before(t, start, CP_BEFORE, 16)) return;
      if (at(JS_SINK_CALL, t, start)) st.sink(start);
    },
  ],
  [['eval'], simple(raw`eval\s*\(`, Signal.EVAL, { allowDot: true, sink: true })],
  [
    ['Function'],
    (st, start) => {
      const t = st.text;
      if (!leftOK(t, start, false)) return;
      // `Function('return this')()` is the global-object idiom of bundlers and polyfills, not code from data.
      if (at(JS_GLOBAL_THIS, t, start)) return;
      if (at(JS_FUNCTION_STR, t, start) || (at(JS_FUNCTION, t, start) && before(t, start, NEW_BEFORE, 12))) {
        st.set(Signal.EVAL, start);
        st.sink(start);
      }
    },
  ],
  [['vm.'], simple(raw`vm\.(?:runInNewContext|runInThisContext|runInContext|compileFunction|Script)\b`, Signal.EVAL, { sink: true })],
  [['atob'], simple(raw`atob\s*\(`, 0, { allowDot: true, decode: true })],
  [
    ['unescape'],
    // A helper of the file's own named `unescape` (template engines have one) is not the global decoder.
    (st, start) => {
      if (!leftOK(st.text, start, false) || !at(JS_UNESCAPE, st.text, start)) return;
      st.ownUnescape ??= /function\s+unescape\s*\(|(?:var|let|const)\s+unescape\s*=/.test(st.text);
      if (!st.ownUnescape) st.decode(start);
    },
  ],
  [['inflateSync', 'inflateRawSync', 'gunzipSync', 'brotliDecompressSync', 'unzipSync'], simple(raw`[A-Za-z]+\s*\(`, 0, { allowDot: true, decode: true })],
  [
    ['Buffer'],
    (st, start) => {
      const t = st.text;
      if (!leftOK(t, start, false)) return;
      let m = at(JS_BUFFER_FROM, t, start);
      if (!m && before(t, start, NEW_BEFORE, 12)) m = at(JS_NEW_BUFFER, t, start);
      if (m && isBufferDecode(st, start + m[0].length)) st.decode(start);
    },
  ],
  [['writeFile', 'appendFile', 'createWriteStream', 'rmSync', 'unlinkSync', 'chmodSync', 'fs.rm', 'fs.unlink', 'fs.chmod', 'fs.rename'], call(Signal.FS_WRITE)],
  [['readFile', 'createReadStream', 'readdirSync', 'opendirSync'], call(Signal.FS_READ)],
  [
    ['_0x'],
    (st, start) => {
      if (leftOK(st.text, start, true) && at(OBF_IDENT_AT, st.text, start)) st.obfuscatedIdent(start);
    },
  ],
  // A string hidden as character codes is written with literal numbers (`fromCharCode(104, 116)`,
  // `fromCharCode(0x68 ^ 7)`, `fromCharCode.apply(null, [104, …])`); a call on a variable decodes
  // data at run time (UTF-8 / UTF-16 decoders, base64 helpers of every browser bundle) and hides nothing.
  [['fromCharCode'], (st, start) => {
    if (at(FCC_LITERAL, st.text, start)) st.fromCharCode();
  }],
];

// ---- Python ---------------------------------------------------------------------------------------

const PY_CLIENT_MODULES = raw`requests|urllib2|urllib3|httpx|aiohttp|paramiko|pycurl`;
const PY_CORE_NET = raw`socket|http\.client|urllib\.request|ftplib|smtplib|telnetlib`;
const PY_IMPORT = sticky(raw`import\s+(?:[\w.]+\s*,\s*){0,8}(?:(` + PY_CLIENT_MODULES + raw`)|(subprocess)|(` + PY_CORE_NET + raw`))\b`);
const PY_FROM = sticky(
  raw`from\s+(?:(` + PY_CLIENT_MODULES + raw`)|(subprocess)|(` + PY_CORE_NET + raw`))\s+import\b|from\s+urllib\s+import\s+(?:(request|urlopen|urlretrieve))\b`,
);
const PY_NET_CALL = sticky(raw`(?:connect|create_connection|request|sendall|sendto|urlopen|getresponse)\s*\(`);
const PY_CRED_ENV = sticky(raw`os\.(?:environ(?:\.get)?\s*[\[(]|getenv\s*\()\s*[rbu]?['"]` + CRED_NAME);
const PY_ENV_DUMP_BEFORE = /(?:json\.dumps|dumps|str|repr|urlencode|b64encode)\s*\(\s*(?:dict\s*\(\s*)?$/;
const PY_ENV_DUMP_AFTER = sticky(raw`os\.environ\s*[),]`);
const PY_OPEN_WRITE = sticky(raw`open\s*\([^)\n]{0,200}?,\s*(?:mode\s*=\s*)?[rbu]?['"](?:w|a|x)b?\+?['"]`);
const PY_OPEN = sticky(raw`open\s*\(`);

const pyModule = (re: RegExp): Handler => (st, start) => {
  if (!leftOK(st.text, start, false)) return;
  const m = at(re, st.text, start);
  if (!m) return;
  if (m[2] !== undefined) st.set(Signal.SHELL, start);
  else if (m[3] !== undefined || m[4] !== undefined) st.set(Signal.NET_IMPORT, start);
  else st.set(Signal.NETWORK, start);
};

const PY_ANCHORS: ReadonlyArray<readonly [readonly string[], Handler]> = [
  ...COMMON,
  [
    ['os.environ', 'os.getenv'],
    (st, start) => {
      if (!leftOK(st.text, start, false)) return;
      st.set(Signal.ENV, start);
      if (at(PY_CRED_ENV, st.text, start)) st.mark(Signal.CRED_ENV, start, Hint.CRED_ENV, 30);
      if (at(PY_ENV_DUMP_AFTER, st.text, start) && before(st.text, start, PY_ENV_DUMP_BEFORE)) st.mark(Signal.ENV_DUMP, start, Hint.ENV_DUMP, 12);
    },
  ],
  [
    ['connect', 'create_connection', 'request', 'sendall', 'sendto', 'getresponse'],
    (st, start) => {
      if (leftOK(st.text, start, true) && at(PY_NET_CALL, st.text, start)) st.set(Signal.NET_CALL, start);
    },
  ],
  [['import'], pyModule(PY_IMPORT)],
  [['from'], pyModule(PY_FROM)],
  [['urlopen', 'urlretrieve'], simple(raw`url(?:open|retrieve)\s*\(`, Signal.NETWORK, { allowDot: true })],
  [['requests.'], simple(raw`requests\.(?:get|post|put|patch|request|Session)\s*\(`, Signal.NETWORK)],
  [['socket.'], simple(raw`socket\.(?:socket|create_connection)\s*\(`, Signal.NETWORK)],
  [['os.system', 'os.popen', 'os.exec', 'os.spawn', 'pty.spawn'], simple(raw`(?:os\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?)|pty\.spawn)\s*\(`, Signal.SHELL, { sink: true })],
  [['subprocess.'], simple(raw`subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)\s*\(`, Signal.SHELL, { sink: true })],
  [['exec', 'eval', 'compile'], simple(raw`(?:exec|eval|compile)\s*\(`, Signal.EVAL, { sink: true })],
  [['b64decode', 'b32decode', 'b85decode', 'a85decode', 'decodebytes', 'unhexlify', 'a2b_base64', 'a2b_hex'], simple(raw`[A-Za-z0-9_]+\s*\(`, 0, { allowDot: true, decode: true })],
  [['bytes.fromhex', 'codecs.decode', 'marshal.loads'], simple(raw`[a-z]+\.[a-z]+\s*\(`, 0, { decode: true })],
  [['zlib.decompress', 'lzma.decompress', 'bz2.decompress', 'gzip.decompress'], simple(raw`[a-z0-9]+\.decompress\s*\(`, 0, { decode: true })],
  [['.decode('], simple(raw`\.decode\(\s*['"](?:hex|base64|rot.?13)['"]`, 0, { allowDot: true, decode: true })],
  // Symmetric decryption with a literal key (Fernet, AES) feeding exec: the W4SP loaders.
  [['Fernet(', '.decrypt('], simple(raw`(?:Fernet\s*\(|\.decrypt\s*\()`, 0, { allowDot: true, decode: true })],
  [
    ['open'],
    (st, start) => {
      if (!leftOK(st.text, start, true)) return;
      if (at(PY_OPEN_WRITE, st.text, start)) st.set(Signal.FS_WRITE, start);
      else if (at(PY_OPEN, st.text, start)) st.set(Signal.FS_READ, start);
    },
  ],
  [['shutil.'], simple(raw`shutil\.(?:rmtree|move|copy\w*)\s*\(`, Signal.FS_WRITE)],
  [['os.remove', 'os.unlink', 'os.rmdir', 'os.chmod', '.write_text', '.write_bytes'], simple(raw`\.?[a-z_]+(?:\.[a-z_]+)?\s*\(`, Signal.FS_WRITE, { allowDot: true })],
  [['.read_text', '.read_bytes', 'os.listdir', 'os.walk', 'os.scandir', 'glob.glob'], simple(raw`\.?[a-z_]+(?:\.[a-z_]+)?\s*\(`, Signal.FS_READ, { allowDot: true })],
];

// ---- shell scripts (few and small: plain regular expressions) ---------------------------------------

export const SH_RULES: ReadonlyArray<readonly [RegExp, number]> = [
  [/(?:^|[;&|]\s*|\$\(\s*)(?:env|printenv)\s*(?:\||\)|$)/gm, Signal.ENV_DUMP | Signal.ENV],
  [/\b(?:curl|wget|nc|ncat|socat)\b|\/dev\/tcp\//g, Signal.NETWORK],
  [/\bbase64\s+(?:-d|-D|--decode)\b|\bxxd\s+-r\b|\bopenssl\s+enc\s+-d\b/g, Signal.DECODE],
  [/\beval\b|\b(?:ba|z)?sh\s+-c\b/g, Signal.EVAL],
];

interface Table {
  ac: AhoCorasick;
  handlers: Handler[];
}

/** Gate literals of the behaviour rules and the decoder: seen in the same pass, they mark the file for the slower checks. */
const gateHandler: Handler = (st) => {
  st.gated = true;
};

function gates(lang: Lang): readonly [readonly string[], Handler] {
  const ws = new Set<string>();
  for (const r of BEHAVIOUR_RULES) if (r.langs.includes(lang)) for (const g of r.gate) ws.add(g);
  if (lang === 'py') ws.add('chr(');
  return [[...ws], gateHandler];
}

function table(anchors: ReadonlyArray<readonly [readonly string[], Handler]>): Table {
  const words: string[] = [];
  const handlers: Handler[] = [];
  for (const [ws, h] of anchors) {
    for (const w of ws) {
      words.push(w);
      handlers.push(h);
    }
  }
  return { ac: new AhoCorasick(words), handlers };
}

export const TABLES: Record<'js' | 'py' | 'sh' | 'manifest', Table> = {
  js: table([...JS_ANCHORS, gates('js')]),
  py: table([...PY_ANCHORS, gates('py')]),
  sh: table([...COMMON, gates('sh')]),
  manifest: table([COMMON[0]!]),
};
// ---------------------------------------------------------------------------------------------
// Helpers for single signals
// ---------------------------------------------------------------------------------------------

/** `Buffer.from(x, 'base64' | 'hex')`: look for the encoding argument before the call's closing parenthesis. */
export function isBufferDecode(st: ScanState, afterParen: number): boolean {
  const text = st.text;
  // The first argument may be a long literal: the next ')' is found through a cache, so many
  // calls without a ')' after them stay linear.
  let close = st.nextClose(afterParen);
  if (close === -1) return false;
  // A nested call in the first argument (`Buffer.from(s.trim(), 'base64')`): allow one level.
  if (st.lastOpenBefore(close) >= afterParen) {
    const next = st.closeAfter(close);
    if (next !== -1 && next - close < 200) close = next;
  }
  const tail = text.slice(Math.max(afterParen, close - 24), close);
  return /,\s*['"\x60](?:base64|base64url|hex)['"\x60]\s*$/.test(tail);
}
