/**
 * Per-file static scan. One pass of an Aho-Corasick automaton over the file's bytes finds every
 * literal anchor of the language ("process.env", "eval", "require", "b64decode", "AKIA", ...);
 * each hit is verified in place by a precompiled sticky regular expression. Verified hits become
 * "signals" (capabilities and hints) with their first positions, and intent rules combine the
 * signals found in the same file. The few expensive patterns (credential paths, suspicious URLs,
 * long encoded blobs) get a whole-file pass only when an intent rule needs them.
 *
 * Capability vs intent: a capability alone (env access, network calls, child_process, fs writes,
 * eval) yields no finding here; the collector aggregates capabilities into INFO findings. A
 * finding above LOW needs intent: a capability paired with a second signal in the same file
 * (credential read + send, decode + execute, download + shell) or an unambiguous artefact
 * (hard-coded secret, miner endpoint, heavy obfuscation).
 *
 * Every pattern runs in linear time: no nested unbounded quantifiers, bounded "anything up to X".
 * Text is decoded as latin1 (one byte per character: fast, and match offsets are byte offsets).
 */
import { AhoCorasick } from './aho.js';
import { jsCodeView, pyCodeView } from './codeview.js';
import { decodeLiterals } from './decode.js';
import { isMentionOnly } from './npm/mention.js';
import { BEHAVIOUR_RULES, runBehaviourRules } from './rules.js';
import type { FindingSeverity, PackageFinding, PackageFindingCategory } from './types.js';

export type Lang = 'js' | 'py' | 'sh' | 'manifest';

/** Signals a file can show, as bits. */
export const S = {
  NETWORK: 1 << 0,
  ENV: 1 << 1,
  SHELL: 1 << 2,
  EVAL: 1 << 3,
  FS_WRITE: 1 << 4,
  MINING: 1 << 5,
  FS_READ: 1 << 6,
  ENV_DUMP: 1 << 7,
  CRED_ENV: 1 << 8,
  SUSPICIOUS_URL: 1 << 9,
  SENSITIVE_PATH: 1 << 10,
  DECODE: 1 << 11,
  REMOTE_PIPE: 1 << 12,
  BLOB: 1 << 13,
  SECRET: 1 << 14,
  DECODE_EXEC: 1 << 15,
  /** Import of a core networking module (http, net, socket...): network only with a client call. */
  NET_IMPORT: 1 << 16,
  /** A client-looking call (`request(`, `connect(`, `createConnection(`, `.sendall(`...). */
  NET_CALL: 1 << 17,
  /** A command line that runs curl or wget on a URL (`"curl -F file=@x https://h/u"`): network only in a file that starts processes. */
  CMD_NET: 1 << 18,
} as const;

/** Capability name of each capability signal, in report order. */
export const CAPABILITY_SIGNALS: ReadonlyArray<readonly [number, string, PackageFindingCategory, string]> = [
  [S.NETWORK, 'network', 'network', 'network calls'],
  [S.ENV, 'env', 'env_access', 'environment variable access'],
  [S.SHELL, 'shell', 'shell', 'child process / shell execution'],
  [S.EVAL, 'eval', 'shell', 'dynamic code evaluation (eval / Function / exec)'],
  [S.FS_WRITE, 'filesystem:write', 'filesystem', 'filesystem writes'],
  [S.MINING, 'crypto-mining', 'network', 'crypto-mining references'],
];

/** Keys for the first position of a hint. */
const enum K {
  ENV_DUMP,
  CRED_ENV,
  SUS_URL,
  REMOTE_PIPE,
  SENSITIVE,
  BLOB,
  MINING,
  OBF_IDENT,
  OTHER,
}

const R = String.raw;


// Patterns used by the anchored checks and the occasional whole-file pass.
const SUSPICIOUS_URL_RE = new RegExp(
  R`https?:\/\/(?:\d{1,3}\.){3}\d{1,3}\b|(?:discord(?:app)?\.com\/api\/webhooks\/\d|hooks\.slack\.com\/services\/T[A-Z0-9]|api\.telegram\.org\/bot|dnslog\.cn|ceye\.io|requestrepo\.com|pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|webhook\.site|requestbin\.\w+|pipedream\.net|ngrok(?:-free)?\.(?:io|app|dev)|burpcollaborator\.net|oastify\.com|interact\.sh|oast\.(?:fun|live|site|me|pro|online)|canarytokens\.com|transfer\.sh|trycloudflare\.com|beeceptor\.com|requestcatcher\.com|hookbin\.com|mockapi\.io|mocky\.io|webhook\.cool)`,
  'g',
);
// Credential stores. A browser's program path (`Google/Chrome/Application/chrome.exe`) is not a
// profile: Chrome and Brave only count with a profile component (User Data, Default, Profile N).
const SENSITIVE_RE = new RegExp(
  R`[\/\\'"]\.ssh(?=[\/\\'"])|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.aws[\/\\]credentials|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.netrc\b|\.docker[\/\\]config\.json|\.kube[\/\\]config\b|(?:Google[\/\\]Chrome|BraveSoftware[\/\\]Brave-Browser|Microsoft[\/\\]Edge|Chromium)[\/\\](?:User Data|Default|Profile \d)|Mozilla[\/\\]Firefox[\/\\]Profiles|\bLogin Data\b|\bcookies\.sqlite\b|\bkey[34]\.db\b|\blogins\.json\b|Local Extension Settings|Local Storage[\/\\]+leveldb|nkbihfbeogaeaoehlefnkodbefgpgknn|\bwallet\.dat\b|[\/\\]Exodus[\/\\]|Electrum[\/\\]wallets|\.ethereum[\/\\]keystore|solana[\/\\]id\.json`,
  'g',
);
/**
 * Client credentials (SSH keys, cloud and tool configs): SDKs and CLIs read their own, so reading
 * one is a capability; it is exfiltration only next to a suspicious destination or an env dump.
 * The rest (browser profiles, cookie and password stores, wallets) is what stealers read.
 */
const TOOL_CONFIG = /\.npmrc|\.pypirc|\.netrc|\.git-credentials|\.docker|\.kube|\.ssh|id_(?:rsa|ed25519|ecdsa|dsa)|\.aws|User Data|Default|Profile \d/;
const SECRET_SRC = R`AKIA[0-9A-Z]{16}|-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----(?:\\r|\\n|\r|\n|\s)+[A-Za-z0-9+/]{40}|\bghp_[A-Za-z0-9]{36}\b|\bxox[bap]-[0-9A-Za-z-]{10,}|\bnpm_[A-Za-z0-9]{36}\b`;
const BLOB_RE = /["'\x60][A-Za-z0-9+/]{200,}={0,2}["'\x60]|(?:\\x[0-9a-fA-F]{2}){100,}/g;
const REMOTE_PIPE_SRC = R`\b(?:curl|wget)\b[^\n|;]{0,300}\|\s*(?:sudo\s+)?(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh\b|\b(?:powershell|pwsh)\b[^\n]{0,200}?\b(?:iex|Invoke-Expression|DownloadString|DownloadFile|Invoke-WebRequest|iwr)\b|\b(?:iex|Invoke-Expression)\b[^\n]{0,60}?\b(?:iwr|Invoke-WebRequest|DownloadString)\b`;
const MINING_SRC = R`stratum\+(?:tcp|ssl):\/\/|coinhive\b|xmrig\b|cryptonight\b`;
const CRED_NAME = R`[A-Za-z0-9_]*(?:TOKEN|SECRET|PASSW|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL)`;

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

type Handler = (st: ScanState, start: number) => void;

const secretHandler: Handler = (st, start) => {
  if (!leftOK(st.text, start, true)) return;
  const m = at(SECRET_AT, st.text, start);
  if (m) st.secret(start, m[0]);
};
const miningHandler: Handler = (st, start) => {
  if (!leftOK(st.text, start, true)) return;
  const m = at(MINING_AT, st.text, start);
  if (m) st.mark(S.MINING, start, K.MINING, m[0].length);
};
/** curl / wget options that send a file: `-T` / `--upload-file`, `-F name=@file`, `-d` / `--data-binary @file`, wget `--post-file`. */
const UPLOAD_OPTION = /(?:^|[\s'"])(?:-T|--upload-file|--post-file)\b|(?:^|[\s'"])(?:-F|--form|-d|--data(?:-binary|-raw|-urlencode)?)[\s'",\\]{1,6}(?:[\w.-]{1,40}=)?@/;
/** curl / wget and a URL on the same line (a command written in a string, pieces concatenated). */
const CMD_NET_AT = sticky(R`(?:curl|wget)\b[^\n]{0,300}?\bhttps?:\/\/`);

const remotePipeHandler: Handler = (st, start) => {
  const m = at(REMOTE_PIPE_AT, st.text, start);
  if (m) st.mark(S.REMOTE_PIPE, start, K.REMOTE_PIPE, m[0].length);
  if (leftOK(st.text, start, false) && at(CMD_NET_AT, st.text, start)) {
    st.set(S.CMD_NET, start);
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
const JS_CLIENT_MODULES = R`node-fetch|axios|undici|got|superagent|request|ws|socket\.io-client|cross-fetch|isomorphic-fetch`;
const JS_CORE_NET = R`https?|http2|net|tls|dgram`;
const JS_MODULE = R`['"\x60](?:node:)?(?:(` + JS_CLIENT_MODULES + R`)|(` + JS_CORE_NET + R`)|(child_process)|(vm))['"\x60]`;
const JS_REQUIRE = sticky(R`require\s*\(\s*` + JS_MODULE + R`\s*\)`);
const JS_FROM = sticky(R`from\s*` + JS_MODULE);
const JS_IMPORT = sticky(R`import\s*\(\s*` + JS_MODULE);
const JS_CRED_ENV = sticky(R`process\.env(?:\.|\[\s*['"\x60])` + CRED_NAME);
const JS_ENV_DUMP_BEFORE = /(?:stringify|URLSearchParams|btoa|encodeURIComponent)\s*\(\s*(?:\{\s*\.\.\.\s*)?$/;
const JS_ENV_DUMP_AFTER = sticky(R`process\.env\s*[,)}]`);
const JS_BUFFER_FROM = sticky(R`Buffer\.from\s*\(`);
const JS_NEW_BUFFER = sticky(R`Buffer\s*\(`);
const NEW_BEFORE = /\bnew\s+$/;
const CP_BEFORE = /(?:child_process|childProcess|\bcp)\.$/;
const JS_SINK_CALL = sticky(R`(?:exec|execSync|execFileSync|spawn|spawnSync)\s*\(`);
const JS_FUNCTION_STR = sticky(R`Function\s*\(\s*['"\x60]`);
const JS_FUNCTION = sticky(R`Function\s*\(`);
const JS_GLOBAL_THIS = sticky(R`Function\s*\(\s*(['"\x60])return this;?\1\s*\)`);
const CALL_AFTER_WORD = sticky(R`[A-Za-z]*\s*\(`);
const JS_FETCH = sticky(R`fetch\s*\(`);
const JS_WEBSOCKET = sticky(R`WebSocket\s*\(`);
const OBF_IDENT_AT = sticky(R`_0x[0-9a-f]{4,6}\b`);
const JS_UNESCAPE = sticky(R`unescape\s*\(`);
const FCC_NUM = R`(?:0[xX][0-9a-fA-F]+|0[oObB][0-7]+|\d+)`;
const FCC_LITERAL = sticky(R`fromCharCode\s*(?:\(\s*(?:\.\.\.\s*)?\[?\s*` + FCC_NUM + R`(?:\s*[-+*^|&%]\s*` + FCC_NUM + R`)*\s*[,)\]]|\.(?:apply|call)\s*\(\s*[\w$.]+\s*,\s*\[?\s*` + FCC_NUM + R`)`);

const jsModule = (re: RegExp): Handler => (st, start) => {
  if (!leftOK(st.text, start, false)) return;
  const m = at(re, st.text, start);
  if (!m) return;
  if (m[1] !== undefined) st.set(S.NETWORK, start);
  else if (m[2] !== undefined) st.set(S.NET_IMPORT, start);
  else if (m[3] !== undefined) st.set(S.SHELL, start);
  else st.set(S.EVAL, start);
};
const JS_NET_CALL = sticky(R`(?:request|connect|createConnection|createSocket)\s*\(`);

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
      st.set(S.ENV, start);
      if (at(JS_CRED_ENV, st.text, start)) st.mark(S.CRED_ENV, start, K.CRED_ENV, 30);
      if (at(JS_ENV_DUMP_AFTER, st.text, start) && before(st.text, start, JS_ENV_DUMP_BEFORE)) st.mark(S.ENV_DUMP, start, K.ENV_DUMP, 12);
    },
  ],
  [
    ['fetch'],
    (st, start) => {
      const t = st.text;
      if (!leftOK(t, start, true)) return;
      const m = at(JS_FETCH, t, start);
      if (m && !isDefinition(t, start + m[0].length)) st.set(S.NETWORK, start);
    },
  ],
  // `https.get(`, and `require('https').get(` without a binding.
  [['http'], simple(R`(?:https?\.(?:request|get)|http2\.connect|https?['"]\s*\)\s*\.\s*(?:request|get))\s*\(`, S.NETWORK)],
  [['net.'], simple(R`net\.(?:connect|createConnection|Socket)\s*\(`, S.NETWORK)],
  [['tls.'], simple(R`tls\.connect\s*\(`, S.NETWORK)],
  [['dgram.'], simple(R`dgram\.createSocket\s*\(`, S.NETWORK)],
  [['XMLHttpRequest'], simple(R`XMLHttpRequest\s*\(`, S.NETWORK)],
  [
    ['WebSocket'],
    (st, start) => {
      if (leftOK(st.text, start, false) && at(JS_WEBSOCKET, st.text, start) && before(st.text, start, NEW_BEFORE, 12)) st.set(S.NETWORK, start);
    },
  ],
  [['sendBeacon'], simple(R`sendBeacon\s*\(`, S.NETWORK, { allowDot: true })],
  [
    ['request', 'connect', 'createConnection', 'createSocket'],
    (st, start) => {
      if (leftOK(st.text, start, true) && at(JS_NET_CALL, st.text, start)) st.set(S.NET_CALL, start);
    },
  ],
  [['require'], jsModule(JS_REQUIRE)],
  [['from'], jsModule(JS_FROM)],
  [['import'], jsModule(JS_IMPORT)],
  [['spawn_sync'], (st, start) => st.set(S.SHELL, start)],
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
  [['eval'], simple(R`eval\s*\(`, S.EVAL, { allowDot: true, sink: true })],
  [
    ['Function'],
    (st, start) => {
      const t = st.text;
      if (!leftOK(t, start, false)) return;
      // `Function('return this')()` is the global-object idiom of bundlers and polyfills, not code from data.
      if (at(JS_GLOBAL_THIS, t, start)) return;
      if (at(JS_FUNCTION_STR, t, start) || (at(JS_FUNCTION, t, start) && before(t, start, NEW_BEFORE, 12))) {
        st.set(S.EVAL, start);
        st.sink(start);
      }
    },
  ],
  [['vm.'], simple(R`vm\.(?:runInNewContext|runInThisContext|runInContext|compileFunction|Script)\b`, S.EVAL, { sink: true })],
  [['atob'], simple(R`atob\s*\(`, 0, { allowDot: true, decode: true })],
  [
    ['unescape'],
    // A helper of the file's own named `unescape` (template engines have one) is not the global decoder.
    (st, start) => {
      if (!leftOK(st.text, start, false) || !at(JS_UNESCAPE, st.text, start)) return;
      st.ownUnescape ??= /function\s+unescape\s*\(|(?:var|let|const)\s+unescape\s*=/.test(st.text);
      if (!st.ownUnescape) st.decode(start);
    },
  ],
  [['inflateSync', 'inflateRawSync', 'gunzipSync', 'brotliDecompressSync', 'unzipSync'], simple(R`[A-Za-z]+\s*\(`, 0, { allowDot: true, decode: true })],
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
  [['writeFile', 'appendFile', 'createWriteStream', 'rmSync', 'unlinkSync', 'chmodSync', 'fs.rm', 'fs.unlink', 'fs.chmod', 'fs.rename'], call(S.FS_WRITE)],
  [['readFile', 'createReadStream', 'readdirSync', 'opendirSync'], call(S.FS_READ)],
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

const PY_CLIENT_MODULES = R`requests|urllib2|urllib3|httpx|aiohttp|paramiko|pycurl`;
const PY_CORE_NET = R`socket|http\.client|urllib\.request|ftplib|smtplib|telnetlib`;
const PY_IMPORT = sticky(R`import\s+(?:[\w.]+\s*,\s*){0,8}(?:(` + PY_CLIENT_MODULES + R`)|(subprocess)|(` + PY_CORE_NET + R`))\b`);
const PY_FROM = sticky(
  R`from\s+(?:(` + PY_CLIENT_MODULES + R`)|(subprocess)|(` + PY_CORE_NET + R`))\s+import\b|from\s+urllib\s+import\s+(?:(request|urlopen|urlretrieve))\b`,
);
const PY_NET_CALL = sticky(R`(?:connect|create_connection|request|sendall|sendto|urlopen|getresponse)\s*\(`);
const PY_CRED_ENV = sticky(R`os\.(?:environ(?:\.get)?\s*[\[(]|getenv\s*\()\s*[rbu]?['"]` + CRED_NAME);
const PY_ENV_DUMP_BEFORE = /(?:json\.dumps|dumps|str|repr|urlencode|b64encode)\s*\(\s*(?:dict\s*\(\s*)?$/;
const PY_ENV_DUMP_AFTER = sticky(R`os\.environ\s*[),]`);
const PY_OPEN_WRITE = sticky(R`open\s*\([^)\n]{0,200}?,\s*(?:mode\s*=\s*)?[rbu]?['"](?:w|a|x)b?\+?['"]`);
const PY_OPEN = sticky(R`open\s*\(`);

const pyModule = (re: RegExp): Handler => (st, start) => {
  if (!leftOK(st.text, start, false)) return;
  const m = at(re, st.text, start);
  if (!m) return;
  if (m[2] !== undefined) st.set(S.SHELL, start);
  else if (m[3] !== undefined || m[4] !== undefined) st.set(S.NET_IMPORT, start);
  else st.set(S.NETWORK, start);
};

const PY_ANCHORS: ReadonlyArray<readonly [readonly string[], Handler]> = [
  ...COMMON,
  [
    ['os.environ', 'os.getenv'],
    (st, start) => {
      if (!leftOK(st.text, start, false)) return;
      st.set(S.ENV, start);
      if (at(PY_CRED_ENV, st.text, start)) st.mark(S.CRED_ENV, start, K.CRED_ENV, 30);
      if (at(PY_ENV_DUMP_AFTER, st.text, start) && before(st.text, start, PY_ENV_DUMP_BEFORE)) st.mark(S.ENV_DUMP, start, K.ENV_DUMP, 12);
    },
  ],
  [
    ['connect', 'create_connection', 'request', 'sendall', 'sendto', 'getresponse'],
    (st, start) => {
      if (leftOK(st.text, start, true) && at(PY_NET_CALL, st.text, start)) st.set(S.NET_CALL, start);
    },
  ],
  [['import'], pyModule(PY_IMPORT)],
  [['from'], pyModule(PY_FROM)],
  [['urlopen', 'urlretrieve'], simple(R`url(?:open|retrieve)\s*\(`, S.NETWORK, { allowDot: true })],
  [['requests.'], simple(R`requests\.(?:get|post|put|patch|request|Session)\s*\(`, S.NETWORK)],
  [['socket.'], simple(R`socket\.(?:socket|create_connection)\s*\(`, S.NETWORK)],
  [['os.system', 'os.popen', 'os.exec', 'os.spawn', 'pty.spawn'], simple(R`(?:os\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?)|pty\.spawn)\s*\(`, S.SHELL, { sink: true })],
  [['subprocess.'], simple(R`subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)\s*\(`, S.SHELL, { sink: true })],
  [['exec', 'eval', 'compile'], simple(R`(?:exec|eval|compile)\s*\(`, S.EVAL, { sink: true })],
  [['b64decode', 'b32decode', 'b85decode', 'a85decode', 'decodebytes', 'unhexlify', 'a2b_base64', 'a2b_hex'], simple(R`[A-Za-z0-9_]+\s*\(`, 0, { allowDot: true, decode: true })],
  [['bytes.fromhex', 'codecs.decode', 'marshal.loads'], simple(R`[a-z]+\.[a-z]+\s*\(`, 0, { decode: true })],
  [['zlib.decompress', 'lzma.decompress', 'bz2.decompress', 'gzip.decompress'], simple(R`[a-z0-9]+\.decompress\s*\(`, 0, { decode: true })],
  [['.decode('], simple(R`\.decode\(\s*['"](?:hex|base64|rot.?13)['"]`, 0, { allowDot: true, decode: true })],
  // Symmetric decryption with a literal key (Fernet, AES) feeding exec: the W4SP loaders.
  [['Fernet(', '.decrypt('], simple(R`(?:Fernet\s*\(|\.decrypt\s*\()`, 0, { allowDot: true, decode: true })],
  [
    ['open'],
    (st, start) => {
      if (!leftOK(st.text, start, true)) return;
      if (at(PY_OPEN_WRITE, st.text, start)) st.set(S.FS_WRITE, start);
      else if (at(PY_OPEN, st.text, start)) st.set(S.FS_READ, start);
    },
  ],
  [['shutil.'], simple(R`shutil\.(?:rmtree|move|copy\w*)\s*\(`, S.FS_WRITE)],
  [['os.remove', 'os.unlink', 'os.rmdir', 'os.chmod', '.write_text', '.write_bytes'], simple(R`\.?[a-z_]+(?:\.[a-z_]+)?\s*\(`, S.FS_WRITE, { allowDot: true })],
  [['.read_text', '.read_bytes', 'os.listdir', 'os.walk', 'os.scandir', 'glob.glob'], simple(R`\.?[a-z_]+(?:\.[a-z_]+)?\s*\(`, S.FS_READ, { allowDot: true })],
];

// ---- shell scripts (few and small: plain regular expressions) ---------------------------------------

const SH_RULES: ReadonlyArray<readonly [RegExp, number]> = [
  [/(?:^|[;&|]\s*|\$\(\s*)(?:env|printenv)\s*(?:\||\)|$)/gm, S.ENV_DUMP | S.ENV],
  [/\b(?:curl|wget|nc|ncat|socat)\b|\/dev\/tcp\//g, S.NETWORK],
  [/\bbase64\s+(?:-d|-D|--decode)\b|\bxxd\s+-r\b|\bopenssl\s+enc\s+-d\b/g, S.DECODE],
  [/\beval\b|\b(?:ba|z)?sh\s+-c\b/g, S.EVAL],
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

const TABLES: Record<'js' | 'py' | 'sh' | 'manifest', Table> = {
  js: table([...JS_ANCHORS, gates('js')]),
  py: table([...PY_ANCHORS, gates('py')]),
  sh: table([...COMMON, gates('sh')]),
  manifest: table([COMMON[0]!]),
};
// ---------------------------------------------------------------------------------------------
// Lines and evidence
// ---------------------------------------------------------------------------------------------

/** Lazy newline index: built once per file, only when a finding needs a line number. */
export class Lines {
  private nl: number[] | null = null;
  constructor(private readonly text: string) {}
  lineAt(index: number): number {
    if (!this.nl) {
      const nl: number[] = [];
      let i = this.text.indexOf('\n');
      while (i !== -1) {
        nl.push(i);
        i = this.text.indexOf('\n', i + 1);
      }
      this.nl = nl;
    }
    const nl = this.nl;
    let lo = 0;
    let hi = nl.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (nl[mid]! < index) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  }
}

const NON_PRINTABLE = /[^\x20-\x7e]+/g;

export function evidenceAt(text: string, index: number, length: number, redact = false): string {
  let ls = text.lastIndexOf('\n', index - 1) + 1;
  let le = text.indexOf('\n', index);
  if (le === -1) le = text.length;
  if (redact) {
    const raw = text.slice(index, index + length);
    return redactSecret(raw).slice(0, 120);
  }
  ls = Math.max(ls, index - 40);
  le = Math.min(le, Math.max(index + length, ls + 120), ls + 120);
  return text.slice(ls, le).replace(NON_PRINTABLE, ' ').trim().slice(0, 120);
}

export function redactSecret(s: string): string {
  if (s.startsWith('-----BEGIN')) return s.slice(0, s.indexOf('KEY-----') + 8);
  const keep = s.startsWith('xox') ? 5 : s.startsWith('github_pat_') ? 11 : 4;
  return `${s.slice(0, keep)}${'*'.repeat(Math.max(4, Math.min(12, s.length - keep)))}`;
}

// ---------------------------------------------------------------------------------------------
// Helpers for single signals
// ---------------------------------------------------------------------------------------------

/** Loopback, private, link-local, unspecified and documentation ranges are not exfiltration targets. */
function isPublicIpUrl(match: string): boolean {
  const m = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})/.exec(match);
  if (!m) return true; // a named host from the list
  const a = Number(m[1]);
  const b = Number(m[2]);
  const c = Number(m[3]);
  const o = [a, b, c, Number(m[4])];
  if (o.some((x) => x > 255)) return false;
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if ((a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return false;
  if (a === 198 && (b === 18 || b === 19)) return false;
  if (a === 255) return false;
  return true;
}

/** `Buffer.from(x, 'base64' | 'hex')`: look for the encoding argument before the call's closing parenthesis. */
function isBufferDecode(st: ScanState, afterParen: number): boolean {
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

function isTestPath(path: string): boolean {
  return /(?:^|\/)(?:tests?|__tests__|spec|specs|fixtures?|examples?|testdata|test_data|docs?)(?:\/|$)|(?:^|\/)test_[^/]*\.py$|\.(?:test|spec)\.[cm]?[jt]s$/i.test(path);
}

// ---------------------------------------------------------------------------------------------
// The scan
// ---------------------------------------------------------------------------------------------

export interface FileScan {
  signals: number;
  findings: PackageFinding[];
  /** First index of each capability signal (for the package-level INFO findings). */
  firstIndex: Map<number, number>;
  lines: Lines;
}

export interface ScanContext {
  path: string;
  lang: Lang;
  /** Root setup.py of an sdist: runs at build / install time. */
  setupPy?: boolean;
  /**
   * What the Python parser found in this file (python/flow.ts), when it was parsed: setup.py's
   * remote execution is then judged by data flow, not by a URL anywhere in the file.
   */
  pyFacts?: { remoteCommand: boolean; fetches: boolean } | null;
}

const MAX_POSITIONS = 4096;
const PAIR_WINDOW = 320;
const MAX_SECRETS_PER_FILE = 5;
const HEX_ESCAPE = /\\x[0-9a-fA-F]{2}/g;
const FROM_CHAR_CODE_ARGS = /fromCharCode\s*\(\s*(?:\d{1,5}\s*,\s*){9}/;

/** Mutable state of one file's scan; the anchor handlers write into it. */
class ScanState {
  signals = 0;
  readonly firstIndex = new Map<number, number>();
  readonly firstOf = new Map<K, [number, number]>();
  readonly decodePos: number[] = [];
  readonly sinkPos: number[] = [];
  /** Where a curl / wget command on a URL is written (S.CMD_NET), at most 64. */
  readonly cmdNetPos: number[] = [];
  readonly secrets: [number, string][] = [];
  obfIdents = 0;
  fromCharCodes = 0;
  /** A gate literal of a behaviour rule or of the decoder occurs in the file. */
  gated = false;
  ownUnescape: boolean | undefined;
  /** Length of the anchor being handled. */
  wordLength = 0;

  private closeFrom = -1;
  private closeAt = -1;

  constructor(readonly text: string) {}

  /** Index of the first ')' at or after `pos` (-1 if none), cached: queries come in increasing order. */
  nextClose(pos: number): number {
    if (this.closeFrom !== -1 && pos >= this.closeFrom && (this.closeAt === -1 || pos <= this.closeAt)) return this.closeAt;
    this.closeFrom = pos;
    this.closeAt = this.text.indexOf(')', pos);
    return this.closeAt;
  }

  private openFor = -1;
  private openAt = -1;

  private afterFor = -1;
  private afterAt = -1;

  /** Index of the first ')' after the one at `close`, cached per `close`. */
  closeAfter(close: number): number {
    if (this.afterFor !== close) {
      this.afterFor = close;
      this.afterAt = this.text.indexOf(')', close + 1);
    }
    return this.afterAt;
  }

  /** Index of the last '(' before `close`, cached per `close`. */
  lastOpenBefore(close: number): number {
    if (this.openFor !== close) {
      this.openFor = close;
      this.openAt = this.text.lastIndexOf('(', close);
    }
    return this.openAt;
  }

  set(bits: number, idx: number): void {
    this.signals |= bits;
    for (let b = 1; b <= bits; b <<= 1) {
      if (bits & b && !this.firstIndex.has(b)) this.firstIndex.set(b, idx);
    }
  }

  mark(bits: number, idx: number, k: K, len: number): void {
    this.set(bits, idx);
    if (!this.firstOf.has(k)) this.firstOf.set(k, [idx, len]);
  }

  sink(idx: number): void {
    if (this.sinkPos.length < MAX_POSITIONS) this.sinkPos.push(idx);
  }

  decode(idx: number): void {
    this.set(S.DECODE, idx);
    if (this.decodePos.length < MAX_POSITIONS) this.decodePos.push(idx);
  }

  secret(idx: number, s: string): void {
    if (s.startsWith('AKIA') && /EXAMPLE/.test(this.text.slice(idx, idx + 24))) return;
    if (this.secrets.length < MAX_SECRETS_PER_FILE) this.secrets.push([idx, s]);
  }

  obfuscatedIdent(idx: number): void {
    if (this.obfIdents++ === 0) this.firstOf.set(K.OBF_IDENT, [idx, 8]);
  }

  fromCharCode(): void {
    this.fromCharCodes++;
  }

  first(k: K): [number, number] {
    return this.firstOf.get(k) ?? [-1, 0];
  }

  /** Credential paths: the first one, preferring a credential store over a tool's config file. */
  strongSensitive = false;
  sensitivePass(): void {
    const re = SENSITIVE_RE;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    let seen = 0;
    while ((m = re.exec(this.text)) !== null && seen++ < 64) {
      const strong = !TOOL_CONFIG.test(m[0]);
      if (strong || !this.firstOf.has(K.SENSITIVE)) {
        if (strong) this.firstOf.delete(K.SENSITIVE);
        this.mark(S.SENSITIVE_PATH, m.index, K.SENSITIVE, m[0].length);
      }
      if (strong) {
        this.strongSensitive = true;
        break;
      }
    }
    re.lastIndex = 0;
  }

  /** A whole-file pass for a rare, expensive pattern, run only when an intent rule needs it. */
  pass(re: RegExp, bits: number, k: K, accept: (m: string, index: number) => boolean = () => true): void {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(this.text)) !== null) {
      if (accept(m[0], m.index)) {
        this.mark(bits, m.index, k, m[0].length);
        break;
      }
    }
    re.lastIndex = 0;
  }
}

/** Sorted position lists: is there a pair closer than `window`? */
const JS_FUNCTION_BOUNDARY = /\bfunction\b|=>/;

function nearPair(a: readonly number[], b: readonly number[], window: number, ok?: (x: number, y: number) => boolean): [number, number] | null {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const d = a[i]! - b[j]!;
    if (Math.abs(d) <= window && (!ok || ok(a[i]!, b[j]!))) return [a[i]!, b[j]!];
    if (Math.abs(d) <= window) {
      // This pair is rejected: try the next sink (or decode) in the window.
      if (d < 0) i++;
      else j++;
      continue;
    }
    if (d < 0) i++;
    else j++;
  }
  return null;
}

function countMatches(re: RegExp, s: string, cap: number): number {
  re.lastIndex = 0;
  let n = 0;
  while (n < cap && re.exec(s) !== null) n++;
  re.lastIndex = 0;
  return n;
}

/** A 40-character secret-access-key-shaped token (base64 letters with upper case, lower case and digits) within 1,000 characters of an AWS key id. */
const AWS_SECRET_SHAPE = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
function awsSecretNear(text: string, idx: number): boolean {
  const win = text.slice(Math.max(0, idx - 1000), Math.min(text.length, idx + 1020));
  AWS_SECRET_SHAPE.lastIndex = 0;
  for (const m of win.matchAll(AWS_SECRET_SHAPE)) if (/[A-Z]/.test(m[0]) && /[a-z]/.test(m[0]) && /\d/.test(m[0])) return true;
  return false;
}

function secretKind(s: string): string {
  if (s.startsWith('AKIA')) return 'an AWS access key id';
  if (s.startsWith('-----BEGIN')) return 'a private key';
  if (s.startsWith('ghp_')) return 'a GitHub personal access token';
  if (s.startsWith('npm_')) return 'an npm access token';
  return 'a Slack token';
}

/**
 * Scans one text file. `buf` is the file's bytes (the text is their latin1 decoding); when left
 * out it is derived from the text.
 */
function scanOnce(text: string, ctx: ScanContext, buf: Uint8Array | undefined, shown: string, lines: Lines): FileScan & { st: ScanState } {
  const st = new ScanState(text);
  const findings: PackageFinding[] = [];
  const bytes = buf ?? Buffer.from(text, 'latin1');

  const add = (ruleId: string, severity: FindingSeverity, category: PackageFindingCategory, idx: number, len: number, message: string, redact = false): void => {
    findings.push({
      ruleId,
      severity,
      category,
      file: ctx.path,
      ...(idx >= 0 ? { line: lines.lineAt(idx), evidence: evidenceAt(shown, idx, len, redact) } : {}),
      message,
    });
  };

  // One pass: every anchor occurrence, verified in place.
  const { ac, handlers } = TABLES[ctx.lang];
  const lengths = ac.lengths;
  ac.scan(bytes, (w, start) => {
    st.wordLength = lengths[w]!;
    handlers[w]!(st, start);
  });
  if (ctx.lang === 'sh') {
    for (const [re, bits] of SH_RULES) {
      re.lastIndex = 0;
      const m = re.exec(text);
      re.lastIndex = 0;
      if (!m) continue;
      st.mark(bits, m.index, bits & S.ENV_DUMP ? K.ENV_DUMP : K.OTHER, m[0].length);
      if (bits & S.DECODE) st.decodePos.push(m.index);
      if (bits & S.EVAL) st.sinkPos.push(m.index);
    }
  }
  const has = (bits: number): boolean => (st.signals & bits) !== 0;
  // A core networking module serves as often as it calls out (express imports http for
  // createServer): it is a network capability only next to a client call.
  if (has(S.NET_IMPORT) && has(S.NET_CALL)) st.set(S.NETWORK, st.firstIndex.get(S.NET_IMPORT) ?? 0);
  // A curl / wget command on a URL written within a statement or two of a process start is the file's
  // network use: an upload (`os.system("curl -F file=@" + z + " https://…")`) sends without any HTTP
  // library. The same command in a help or usage text away from any process start is prose.
  // An upload option (`-T file`, `-F name=@file`, `--data-binary @file`, `--post-file=`) reads the file it names.
  if (has(S.CMD_NET) && !ctx.setupPy) {
    const near = st.cmdNetPos.filter((c) => st.sinkPos.some((p) => Math.abs(p - c) <= PAIR_WINDOW));
    if (near.length > 0) st.set(S.NETWORK, near[0]!);
    const upload = near.find((c) => UPLOAD_OPTION.test(text.slice(c, text.indexOf('\n', c) === -1 ? text.length : Math.min(text.indexOf('\n', c), c + 400))));
    if (upload !== undefined) st.set(S.FS_READ, upload);
  }

  // --- hard-coded secrets -------------------------------------------------------------------------
  if (st.secrets.length > 0) {
    const inTests = isTestPath(ctx.path);
    for (const [idx, s] of st.secrets) {
      if (s.startsWith('AKIA') && !awsSecretNear(text, idx)) {
        // An access key id signs nothing by itself: AWS requests are signed with the secret access key
        // (https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html: "you must
        // use both the access key ID and secret access key together"). An id with no secret key next to
        // it (the X-Amz-Credential of a presigned URL, an account's public bucket settings) is disclosed,
        // not reported as a leaked credential.
        add('aws_key_id', 'LOW', 'secret', idx, s.length, 'an AWS access key id with no secret access key near it is embedded in the published package (an identifier: it signs nothing without its secret key)', true);
        continue;
      }
      st.set(S.SECRET, idx);
      add(
        inTests ? 'hardcoded_secret_test' : 'hardcoded_secret',
        inTests ? 'LOW' : 'MEDIUM',
        'secret',
        idx,
        s.length,
        inTests
          ? `${secretKind(s)} is embedded in a test or example file of the published package`
          : `${secretKind(s)} is embedded in the published package (revoke it: a secret in a public package is leaked)`,
        true,
      );
    }
  }

  // --- decode + execute in the same statement neighbourhood ------------------------------------------
  // In JavaScript the two must sit in one function body: a decode that ends one function and a spawn
  // that starts the next are neighbours in the text, not a decode that is executed.
  const sameBody = ctx.lang === 'js' ? (x: number, y: number) => !JS_FUNCTION_BOUNDARY.test(text.slice(Math.min(x, y), Math.max(x, y))) : undefined;
  const pair = st.decodePos.length > 0 && st.sinkPos.length > 0 ? nearPair(st.sinkPos.sort((a, b) => a - b), st.decodePos, PAIR_WINDOW, sameBody) : null;
  if (pair) {
    st.set(S.DECODE_EXEC, pair[0]);
    st.pass(BLOB_RE, S.BLOB, K.BLOB);
    if (has(S.BLOB)) {
      add('encoded_payload_exec', 'CRITICAL', 'obfuscation', pair[0], 40, 'a long encoded blob is decoded and executed (eval / Function / exec of decoded data)');
    } else {
      add('decode_exec', 'HIGH', 'obfuscation', pair[0], 40, 'decoded data is executed (decode next to eval / Function / exec)');
    }
  }

  // --- minified eval chains -------------------------------------------------------------------------
  if (ctx.lang === 'js' && !pair && has(S.EVAL)) {
    let checked = 0;
    for (const idx of st.sinkPos) {
      if (checked >= 64) break;
      if (!text.startsWith('eval', idx)) continue;
      checked++;
      let ls = text.lastIndexOf('\n', idx) + 1;
      let le = text.indexOf('\n', idx);
      if (le === -1) le = text.length;
      if (le - ls <= 2000) continue;
      ls = Math.max(ls, idx - 2000);
      le = Math.min(le, idx + 2000);
      const win = text.slice(ls, le);
      const hex = countMatches(HEX_ESCAPE, win, 30);
      let fcc = 0;
      for (let i = win.indexOf('fromCharCode'); i !== -1 && fcc < 3; i = win.indexOf('fromCharCode', i + 1)) fcc++;
      if (hex >= 30 || fcc >= 3 || FROM_CHAR_CODE_ARGS.test(win)) {
        add('minified_eval_chain', 'HIGH', 'obfuscation', idx, 40, `eval inside a minified line with ${hex >= 30 ? 'dense \\x escapes' : 'String.fromCharCode chains'}: hidden code is executed`);
        break;
      }
    }
  }

  // --- javascript-obfuscator style identifiers --------------------------------------------------------
  if (st.obfIdents >= 40) {
    const [i, l] = st.first(K.OBF_IDENT);
    if (has(S.EVAL)) add('obfuscated_exec', 'HIGH', 'obfuscation', i, l, `heavily obfuscated code (${st.obfIdents} _0x identifiers) that also evaluates code`);
    else add('obfuscated_code', 'MEDIUM', 'obfuscation', i, l, `heavily obfuscated code (${st.obfIdents} _0x identifiers): it cannot be reviewed`);
  } else if (ctx.lang === 'js' && st.fromCharCodes >= 50 && has(S.EVAL)) {
    add('charcode_obfuscation', 'MEDIUM', 'obfuscation', st.firstIndex.get(S.EVAL) ?? -1, 20, `${st.fromCharCodes} String.fromCharCode calls in a file that evaluates code`);
  }

  // --- credential stores and exfiltration ---------------------------------------------------------------
  const net = has(S.NETWORK);
  if (has(S.FS_READ) || ctx.lang === 'sh') st.sensitivePass();
  // A webhook / bot / canary destination is checked whenever the file sends: recon data (user,
  // host, IP) goes there without any environment read.
  // A host in prose (help / log text) or in a list of host names is mentioned, not called (npm/mention.ts).
  if (net) st.pass(SUSPICIOUS_URL_RE, S.SUSPICIOUS_URL, K.SUS_URL, (m, i) => isPublicIpUrl(m) && !isMentionOnly(text, i, m.length));

  if (has(S.ENV_DUMP) && net) {
    const [i, l] = st.first(K.ENV_DUMP);
    add('exfil_env_dump', 'CRITICAL', 'exfiltration', i, l, 'the whole environment is serialised in a file that sends data over the network');
  } else if (has(S.SUSPICIOUS_URL) && net) {
    const [i, l] = st.first(K.SUS_URL);
    const cred = has(S.CRED_ENV | S.SENSITIVE_PATH);
    const what = cred ? 'credentials are read' : has(S.ENV) ? 'environment variables are read' : 'data is collected';
    add('exfil_suspicious_destination', cred ? 'CRITICAL' : 'HIGH', 'exfiltration', i, l, `${what} in a file that sends to a hard-coded IP / webhook / bot / canary endpoint`);
  }

  if (has(S.SENSITIVE_PATH)) {
    const [i, l] = st.first(K.SENSITIVE);
    const hit = text.slice(i, i + l).replace(/^['"\/\\]/, '');
    if (st.strongSensitive) {
      if (net) add('exfil_credential_file', 'CRITICAL', 'exfiltration', i, l, `a credential store (${hit}) is read in a file that makes network calls`);
      else add('credential_file_read', 'HIGH', 'filesystem', i, l, `a credential store (${hit}) is read: SSH keys, cloud credentials, browser profiles or wallets`);
    } else {
      // Package managers and CLIs read their own config (.npmrc, .pypirc, .netrc...) and send the
      // token to their registry: a capability. With a suspicious destination it is exfiltration (above).
      add('tool_credential_file', 'LOW', 'filesystem', i, l, `a tool credential file (${hit}) is read${net ? ' in a file that makes network calls' : ''}`);
    }
  }

  // --- download piped into a shell ----------------------------------------------------------------------
  if (has(S.REMOTE_PIPE) && !ctx.setupPy) {
    const [i, l] = st.first(K.REMOTE_PIPE);
    // A help text that says "curl … | bash" in a file that also spawns processes is not a command:
    // the pipe must sit within a statement or two of a process / eval sink.
    const nearSink = st.sinkPos.some((p) => Math.abs(p - i) <= PAIR_WINDOW) || (st.firstIndex.has(S.SHELL) && Math.abs(st.firstIndex.get(S.SHELL)! - i) <= PAIR_WINDOW);
    if (ctx.lang !== 'sh' && nearSink) {
      add('remote_code_exec', 'HIGH', 'shell', i, l, 'code runs a command that pipes a download into a shell');
    } else {
      add('remote_code_pipe', 'LOW', 'shell', i, l, 'a command that pipes a download into a shell is present');
    }
  }

  // --- crypto mining ----------------------------------------------------------------------------------
  if (has(S.MINING)) {
    const [i, l] = st.first(K.MINING);
    const hit = text.slice(i, i + l);
    add('crypto_miner', hit.startsWith('stratum') || hit === 'coinhive' ? 'HIGH' : 'MEDIUM', 'network', i, l, `crypto-mining reference (${hit})`);
  }

  // --- setup.py: code that runs at build / install time --------------------------------------------------
  if (ctx.setupPy) {
    if (net) {
      add('setup_py_network', 'CRITICAL', 'install_script', st.firstIndex.get(S.NETWORK) ?? -1, 40, 'setup.py makes network calls: they run when the package is built or installed');
    }
    if (ctx.pyFacts) {
      // Parsed: a command that fetches remote code reaching a process sink is remote execution
      // (python/flow.ts reports the flow itself); local build commands (pkg-config, git, make) and
      // exec of a local version file are usual at build time.
      const i = st.firstIndex.get(S.SHELL) ?? st.sinkPos[0] ?? -1;
      if (ctx.pyFacts.remoteCommand || (has(S.REMOTE_PIPE) && (has(S.SHELL) || st.sinkPos.length > 0))) {
        add('setup_py_remote_exec', 'CRITICAL', 'install_script', i, 40, 'setup.py runs commands that fetch remote code at install time');
      } else if (has(S.SHELL)) {
        add('setup_py_subprocess', 'LOW', 'install_script', i, 40, 'setup.py runs local commands at build time (compilers, pkg-config, git: usual for extensions)');
      }
    } else if (has(S.SHELL) || st.sinkPos.length > 0) {
      const i = st.firstIndex.get(S.SHELL) ?? st.sinkPos[0] ?? -1;
      if (has(S.REMOTE_PIPE) || /\b(?:curl|wget|powershell|pip\s+install)\b|https?:\/\//.test(text)) {
        add('setup_py_remote_exec', 'CRITICAL', 'install_script', i, 40, 'setup.py runs commands that fetch remote code at install time');
      } else if (has(S.SHELL)) {
        add('setup_py_subprocess', 'MEDIUM', 'install_script', i, 40, 'setup.py runs local commands at install time');
      }
    }
    for (const f of findings) if (f.severity === 'HIGH' && f.category !== 'secret') f.severity = 'CRITICAL';
  }

  return { signals: st.signals, findings, firstIndex: st.firstIndex, lines, st };
}

// ---------------------------------------------------------------------------------------------
// setup.py module-level statements (for installScripts)
// ---------------------------------------------------------------------------------------------

const TRIVIAL_STATEMENT = new RegExp(
  [
    R`^(?:import|from)\s`,
    R`^(?:def|class|async\s+def)\s`,
    R`^@`,
    R`^(?:setuptools\.)?setup\s*\(`,
    R`^if\s+__name__\s*==`,
    R`^(?:try|except|else|finally|pass)\b`,
    R`^(?:elif|if)\s+sys\.(?:version_info|platform)`,
    R`^[rbuRBUfF]{0,2}(?:'|")`,
    R`^[A-Za-z_][\w.]*\s*(?::[^=]+)?=\s*(?:[rbuRBUfF]{0,2}['"]|[\[({]|-?\d|True\b|False\b|None\b)`,
    R`^(?:[\w.]+\s*=\s*)?(?:io\.|codecs\.)?open\s*\(`,
    R`^with\s+(?:io\.|codecs\.)?open\s*\(`,
    R`^[\w.]+\s*=\s*[\w.]+\.read(?:_text)?\s*\(`,
    R`^[\w.]+\s*=\s*(?:os\.path\.|pathlib\.|Path\s*\()`,
    R`^sys\.path\.(?:insert|append)\s*\(`,
    R`^(?:raise|return|assert)\b`,
  ].join('|'),
);

/**
 * Module-level statements of a setup.py that do more than declare metadata (imports, defs,
 * literal assignments, reading the README and the final setup() call are left out). Statements
 * inside def / class bodies are skipped; those inside top-level if / try / with are kept.
 */
export function setupPyModuleCode(text: string, max = 6): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  let depth = 0;
  let tripleQuote: string | null = null;
  let blockIndent = -1; // indentation of the def/class whose body is being skipped
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    if (tripleQuote) {
      if (line.includes(tripleQuote)) tripleQuote = null;
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    const startsStatement = depth === 0;
    if (startsStatement) {
      if (blockIndent >= 0 && indent > blockIndent) {
        // inside a def/class body
      } else {
        blockIndent = -1;
        if (/^(?:async\s+)?(?:def|class)\s/.test(trimmed)) blockIndent = indent;
        else if (!TRIVIAL_STATEMENT.test(trimmed) && out.length < max) out.push(trimmed.slice(0, 100));
      }
    }
    // Track brackets and triple-quoted strings (strings removed first, roughly).
    const code = trimmed.replace(/([rbuRBUfF]{0,2})('''|""")[\s\S]*?\2/g, '').replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, '').replace(/#.*$/, '');
    const tq = /'''|"""/.exec(code);
    if (tq) tripleQuote = tq[0];
    for (let i = 0; i < code.length; i++) {
      const c = code.charCodeAt(i);
      if (c === 40 || c === 91 || c === 123) depth++;
      else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
    }
  }
  return out;
}

const MEDIUM_RANK = 2;
const SEVERITY_RANK: Record<FindingSeverity, number> = { INFO: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };
const MAX_DECODE_DEPTH = 2;
const BUILTIN_NAME = /^(?:exec|eval|compile|__import__|getattr|builtins|system|popen)$/;

/**
 * Scans one text file. `buf` is the file's bytes (the text is their latin1 decoding); when left
 * out it is derived from the text.
 *
 * Two stages: the one-pass anchor scan (every file), then, only for files it marks (a finding at
 * MEDIUM or above, or a gate literal of a behaviour rule or of the decoder), the code view
 * (comments and doc strings blanked: the findings must hold on code), the behaviour rules, and the
 * static decoding of literal payloads, whose text is scanned again (two levels deep).
 */
export function scanText(text: string, ctx: ScanContext, buf?: Uint8Array, depth = 0): FileScan {
  const lines = new Lines(text);
  const first = scanOnce(text, ctx, buf, text, lines);
  if (ctx.lang === 'manifest') return first;
  const flagged = first.findings.some((f) => SEVERITY_RANK[f.severity] >= MEDIUM_RANK && f.category !== 'secret');
  const secret = first.findings.some((f) => f.ruleId === 'hardcoded_secret');
  const lang = ctx.lang;
  const sinks = first.st.sinkPos.length > 0 || (first.signals & (S.EVAL | S.SHELL)) !== 0;
  const decodeGate = (lang === 'py' && (sinks || (first.signals & S.DECODE) !== 0)) || (lang === 'js' && (first.signals & (S.EVAL | S.DECODE)) !== 0);
  if (!flagged && !secret && !first.st.gated && !decodeGate) return first;

  const code = lang === 'js' ? jsCodeView(text) : lang === 'py' ? pyCodeView(text) : text;
  let scan: FileScan = first;
  if ((flagged || secret) && code !== text) {
    // Findings that only stood on comments or doc strings go. Secrets are kept (a key in a comment is
    // still leaked), but one that only a comment or doc string holds (an API reference's example
    // certificate and key) is sample text the code never uses: reported at LOW, not a MEDIUM leak.
    const again = scanOnce(code, ctx, undefined, text, lines);
    const inCode = new Set(again.findings.filter((f) => f.category === 'secret').map((f) => f.line));
    const secrets = first.findings
      .filter((f) => f.category === 'secret')
      .map((f) =>
        f.ruleId === 'hardcoded_secret' && !inCode.has(f.line)
          ? { ...f, ruleId: 'hardcoded_secret_comment', severity: 'LOW' as const, message: `${f.message.replace(/ \(revoke it[^)]*\)$/, '')} in a comment or doc string only (sample text the code does not use; revoke it if it is real)` }
          : f,
      );
    scan = flagged ? { ...again, findings: [...secrets, ...again.findings.filter((f) => f.category !== 'secret')] } : { ...first, findings: [...secrets, ...first.findings.filter((f) => f.category !== 'secret')] };
  }
  const findings = [...scan.findings];
  const add = (ruleId: string, severity: FindingSeverity, category: PackageFindingCategory, idx: number, len: number, message: string): void => {
    const sev: FindingSeverity = ctx.setupPy && severity === 'HIGH' ? 'CRITICAL' : severity;
    findings.push({ ruleId, severity: sev, category, file: ctx.path, line: lines.lineAt(idx), evidence: evidenceAt(text, idx, len), message: ctx.setupPy ? `${message} (in setup.py: runs at install time)` : message });
  };
  if (first.st.gated) {
    for (const [rule, idx, len] of runBehaviourRules(code, lang)) add(rule.id, rule.severity, rule.category, idx, len, rule.message);
  }
  if (decodeGate && depth < MAX_DECODE_DEPTH) {
    let hidden = 0;
    for (const d of decodeLiterals(code, lang)) {
      if (hidden >= 3) break;
      const name = d.text.replace(/[^\w]/g, '');
      if (d.text.length < 64 && BUILTIN_NAME.test(name)) {
        if (sinks || lang === 'py') {
          add('obfuscated_builtin_name', 'HIGH', 'obfuscation', d.index, d.length, `the name "${name}" is spelled with ${d.how} to hide a call to it`);
          hidden++;
        }
        continue;
      }
      const inner = scanText(d.text, { path: ctx.path, lang }, undefined, depth + 1);
      const worst = inner.findings.reduce<PackageFinding | null>((w, f) => (f.category !== 'secret' && SEVERITY_RANK[f.severity] >= MEDIUM_RANK && (!w || SEVERITY_RANK[f.severity] > SEVERITY_RANK[w.severity]) ? f : w), null);
      if (worst) {
        const sev: FindingSeverity = SEVERITY_RANK[worst.severity] >= SEVERITY_RANK.HIGH ? worst.severity : sinks ? 'HIGH' : 'MEDIUM';
        add('hidden_payload', sev, 'obfuscation', d.index, d.length, `a ${d.how} literal decodes to code that is flagged: ${worst.message} [${worst.ruleId}${worst.evidence ? `: ${worst.evidence.slice(0, 60)}` : ''}]`);
        hidden++;
      } else if (lang === 'py' && sinks && /\b(?:exec|eval|compile|__import__)\s*\(|\bimport\s+(?:os|subprocess|socket|requests|base64|zlib|marshal)\b/.test(d.text)) {
        add('encoded_code_exec', 'HIGH', 'obfuscation', d.index, d.length, `a ${d.how} literal decodes to Python code in a file that executes code`);
        hidden++;
      }
    }
  }
  return { ...scan, findings, lines };
}
