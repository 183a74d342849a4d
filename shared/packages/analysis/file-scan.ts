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
 *
 * Where the parts are: the anchors of each language and their handlers in anchors.ts, the state one
 * file's scan accumulates in scan-state.ts, the shared patterns in patterns.ts, the signal bits in
 * signals.ts, line numbers and evidence in evidence.ts; this file decides the findings.
 */
import { pythonWipe } from './python/wipe.js';
import { splitExecName } from './python/split-names.js';
import { jsCodeView, pyCodeView } from './codeview.js';
import { decodeLiterals } from './decode.js';
import { isMentionOnly } from './npm/mention.js';
import { SH_RULES, TABLES } from './anchors.js';
import { BEHAVIOUR_RULES, runBehaviourRules } from './behaviour-rules.js';
import { Lines, evidenceAt } from './evidence.js';
import { BLOB_RE, SUSPICIOUS_URL_RE, raw } from './patterns.js';
import { Hint, ScanState } from './scan-state.js';
import { Signal, type Lang } from './signals.js';

/** A digest computed and compared (`hashlib.sha256(data).hexdigest() != SHA256`). */
const PINNED_DIGEST_CHECK = /\bhashlib\.(?:sha256|sha384|sha512|blake2b)\s*\([^)\n]*\)\s*\.hexdigest\(\s*\)\s*(?:!=|==)|(?:!=|==)\s*hashlib\.(?:sha256|sha384|sha512|blake2b)\s*\(/;
/** A literal SHA-256/384/512 hex digest written in the file. */
const PINNED_DIGEST = /["'][0-9a-f]{64}(?:[0-9a-f]{32}){0,2}["']/;

/** A Telegram bot token as written in code (`123456789:AA…`): the bot an address sends to. */
const TELEGRAM_BOT_TOKEN = /\b\d{6,12}:[A-Za-z0-9_-]{30,}/;
import type { FindingSeverity, PackageFinding, PackageFindingCategory } from './types.js';

/** curl / wget options that send a file: `-T` / `--upload-file`, `-F name=@file`, `-d` / `--data-binary @file`, wget `--post-file`. */
const UPLOAD_OPTION = /(?:^|[\s'"])(?:-T|--upload-file|--post-file)\b|(?:^|[\s'"])(?:-F|--form|-d|--data(?:-binary|-raw|-urlencode)?)[\s'",\\]{1,6}(?:[\w.-]{1,40}=)?@/;

// ---------------------------------------------------------------------------------------------
// The scan
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

function isTestPath(path: string): boolean {
  return /(?:^|\/)(?:tests?|__tests__|spec|specs|fixtures?|examples?|testdata|test_data|docs?)(?:\/|$)|(?:^|\/)test_[^/]*\.py$|\.(?:test|spec)\.[cm]?[jt]s$/i.test(path);
}

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
  pyFacts?: { remoteCommand: boolean; commandNetwork?: boolean; fetches: boolean } | null;
}

const PAIR_WINDOW = 320;
const HEX_ESCAPE = /\\x[0-9a-fA-F]{2}/g;
const FROM_CHAR_CODE_ARGS = /fromCharCode\s*\(\s*(?:\d{1,5}\s*,\s*){9}/;

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
/** UTF-8 of a variation selector (EF B8 80–8F), a supplementary one or a tag (F3 A0 80–87 xx), 16 or more in a row (text read as latin1). */
const INVISIBLE_RUN = /(?:\xEF\xB8[\x80-\x8F]|\xF3\xA0[\x80-\x87][\x80-\xBF]){16,}/g;
function countInvisible(run: string): number {
  let n = 0;
  for (let i = 0; i < run.length; i += run.charCodeAt(i) === 0xef ? 3 : 4) n++;
  return n;
}

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
      st.mark(bits, m.index, bits & Signal.ENV_DUMP ? Hint.ENV_DUMP : Hint.OTHER, m[0].length);
      if (bits & Signal.DECODE) st.decodePos.push(m.index);
      if (bits & Signal.EVAL) st.sinkPos.push(m.index);
    }
  }
  const has = (bits: number): boolean => (st.signals & bits) !== 0;
  // A core networking module serves as often as it calls out (express imports http for
  // createServer): it is a network capability only next to a client call.
  if (has(Signal.NET_IMPORT) && has(Signal.NET_CALL)) st.set(Signal.NETWORK, st.firstIndex.get(Signal.NET_IMPORT) ?? 0);
  // A curl / wget command on a URL written within a statement or two of a process start is the file's
  // network use: an upload (`os.system("curl -F file=@" + z + " https://…")`) sends without any HTTP
  // library. The same command in a help or usage text away from any process start is prose.
  // An upload option (`-T file`, `-F name=@file`, `--data-binary @file`, `--post-file=`) reads the file it names.
  if (has(Signal.CMD_NET) && !ctx.setupPy) {
    const near = st.cmdNetPos.filter((c) => st.sinkPos.some((p) => Math.abs(p - c) <= PAIR_WINDOW));
    if (near.length > 0) st.set(Signal.NETWORK, near[0]!);
    const upload = near.find((c) => UPLOAD_OPTION.test(text.slice(c, text.indexOf('\n', c) === -1 ? text.length : Math.min(text.indexOf('\n', c), c + 400))));
    if (upload !== undefined) st.set(Signal.FS_READ, upload);
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
      st.set(Signal.SECRET, idx);
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
    st.set(Signal.DECODE_EXEC, pair[0]);
    st.pass(BLOB_RE, Signal.BLOB, Hint.BLOB);
    if (has(Signal.BLOB)) {
      add('encoded_payload_exec', 'CRITICAL', 'obfuscation', pair[0], 40, 'a long encoded blob is decoded and executed (eval / Function / exec of decoded data)');
    } else {
      add('decode_exec', 'HIGH', 'obfuscation', pair[0], 40, 'decoded data is executed (decode next to eval / Function / exec)');
    }
  }

  // --- minified eval chains -------------------------------------------------------------------------
  if (ctx.lang === 'js' && !pair && has(Signal.EVAL)) {
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
    const [i, l] = st.first(Hint.OBF_IDENT);
    if (has(Signal.EVAL)) add('obfuscated_exec', 'HIGH', 'obfuscation', i, l, `heavily obfuscated code (${st.obfIdents} _0x identifiers) that also evaluates code`);
    else add('obfuscated_code', 'MEDIUM', 'obfuscation', i, l, `heavily obfuscated code (${st.obfIdents} _0x identifiers): it cannot be reviewed`);
  } else if (ctx.lang === 'js' && st.fromCharCodes >= 50 && has(Signal.EVAL)) {
    add('charcode_obfuscation', 'MEDIUM', 'obfuscation', st.firstIndex.get(Signal.EVAL) ?? -1, 20, `${st.fromCharCodes} String.fromCharCode calls in a file that evaluates code`);
  }

  // --- Python: destructive deletes and names of execution glued from pieces (pkgnpm11; python/wipe.ts, python/split-names.ts)
  if (ctx.lang === 'py') {
    const w = pythonWipe(text);
    if (w) add('destructive_wipe', 'CRITICAL', 'filesystem', w.index, w.length, 'a recursive delete of the working directory, the home directory or a user folder, the Python environment itself or a file-system root (destructive payload)');
    const sn = splitExecName(text);
    if (sn) add('split_exec_name', 'HIGH', 'obfuscation', sn.index, sn.length, `the name of code execution or a download-to-shell command (${sn.name}) is glued together from string pieces: hidden from readers and scanners`);
  }

  // --- code hidden in invisible characters (since pkg-analysis-2026.11.12) ----------------------------
  // A run of Unicode variation selectors (U+FE00–FE0F, U+E0100–E01EF) or tag characters (U+E0000–E007F)
  // renders as nothing: sixteen or more in a row carry bytes (one per character), not an emoji's
  // presentation (one selector) or a flag's tag sequence (a few tags). Read on the UTF-8 bytes.
  if (ctx.lang === 'js' || ctx.lang === 'py') {
    INVISIBLE_RUN.lastIndex = 0;
    const m = INVISIBLE_RUN.exec(text);
    if (m) add('invisible_code', 'HIGH', 'obfuscation', m.index, 12, `${countInvisible(m[0])}+ invisible Unicode characters (variation selectors / tags) in a row: bytes hidden in text that renders as nothing`);
  }

  // --- credential stores and exfiltration ---------------------------------------------------------------
  const net = has(Signal.NETWORK);
  if (has(Signal.FS_READ) || ctx.lang === 'sh') st.sensitivePass();
  // A webhook / bot / canary destination is checked whenever the file sends: recon data (user,
  // host, IP) goes there without any environment read.
  // A host in prose (help / log text) or in a list of host names is mentioned, not called (npm/mention.ts).
  // A Telegram bot address names no bot until its token follows: without a token written in the file (or a decoded
  // value, or a credential store read, that could be one) the bot is the caller's own (tqdm's progress bar, a bot SDK).
  const callersBot = (m: string) =>
    /api\.telegram\.org\/bot$/.test(m) && !TELEGRAM_BOT_TOKEN.test(text) && !has(Signal.DECODE | Signal.SENSITIVE_PATH | Signal.ENV_DUMP | Signal.BLOB);
  if (net) st.pass(SUSPICIOUS_URL_RE, Signal.SUSPICIOUS_URL, Hint.SUS_URL, (m, i) => isPublicIpUrl(m) && !isMentionOnly(text, i, m.length) && !callersBot(m));

  if (has(Signal.ENV_DUMP) && net) {
    const [i, l] = st.first(Hint.ENV_DUMP);
    add('exfil_env_dump', 'CRITICAL', 'exfiltration', i, l, 'the whole environment is serialised in a file that sends data over the network');
  } else if (has(Signal.SUSPICIOUS_URL) && net) {
    const [i, l] = st.first(Hint.SUS_URL);
    const cred = has(Signal.CRED_ENV | Signal.SENSITIVE_PATH);
    const what = cred ? 'credentials are read' : has(Signal.ENV) ? 'environment variables are read' : 'data is collected';
    add('exfil_suspicious_destination', cred ? 'CRITICAL' : 'HIGH', 'exfiltration', i, l, `${what} in a file that sends to a hard-coded IP / webhook / bot / canary endpoint`);
  }

  if (has(Signal.SENSITIVE_PATH)) {
    const [i, l] = st.first(Hint.SENSITIVE);
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
  if (has(Signal.REMOTE_PIPE) && !ctx.setupPy) {
    const [i, l] = st.first(Hint.REMOTE_PIPE);
    // A help text that says "curl … | bash" in a file that also spawns processes is not a command:
    // the pipe must sit within a statement or two of a process / eval sink.
    const nearSink = st.sinkPos.some((p) => Math.abs(p - i) <= PAIR_WINDOW) || (st.firstIndex.has(Signal.SHELL) && Math.abs(st.firstIndex.get(Signal.SHELL)! - i) <= PAIR_WINDOW);
    if (ctx.lang !== 'sh' && nearSink) {
      add('remote_code_exec', 'HIGH', 'shell', i, l, 'code runs a command that pipes a download into a shell');
    } else {
      add('remote_code_pipe', 'LOW', 'shell', i, l, 'a command that pipes a download into a shell is present');
    }
  }

  // --- crypto mining ----------------------------------------------------------------------------------
  if (has(Signal.MINING)) {
    const [i, l] = st.first(Hint.MINING);
    const hit = text.slice(i, i + l);
    add('crypto_miner', hit.startsWith('stratum') || hit === 'coinhive' ? 'HIGH' : 'MEDIUM', 'network', i, l, `crypto-mining reference (${hit})`);
  }

  // --- setup.py: code that runs at build / install time --------------------------------------------------
  if (ctx.setupPy) {
    // A network client started as a process (`curl -o x https://…`) is a network call like urlopen.
    if (net || ctx.pyFacts?.commandNetwork) {
      // A build step that downloads a file, checks it against a checksum written in the file and only writes it —
      // no process started, nothing evaluated, no secret or environment read — is how prebuilt helpers ship: a
      // capability to show (CAUTION), not a block. Anything run, evaluated or read beside it keeps the block.
      const verifiedOnly = PINNED_DIGEST_CHECK.test(text) && PINNED_DIGEST.test(text) && !has(Signal.SHELL) && !has(Signal.EVAL) && !has(Signal.DECODE_EXEC)
        && st.sinkPos.length === 0 && !has(Signal.SECRET) && !has(Signal.SENSITIVE_PATH) && !has(Signal.CRED_ENV) && !has(Signal.ENV_DUMP) && !ctx.pyFacts?.commandNetwork;
      if (verifiedOnly) add('setup_py_download_verified', 'MEDIUM', 'install_script', st.firstIndex.get(Signal.NETWORK) ?? -1, 40, 'setup.py downloads a file at build time and checks it against a checksum written in setup.py; nothing is run at install');
      else add('setup_py_network', 'CRITICAL', 'install_script', st.firstIndex.get(Signal.NETWORK) ?? -1, 40, 'setup.py makes network calls: they run when the package is built or installed');
    }
    if (ctx.pyFacts) {
      // Parsed: a command that fetches remote code reaching a process sink is remote execution
      // (python/flow.ts reports the flow itself); local build commands (pkg-config, git, make) and
      // exec of a local version file are usual at build time.
      const i = st.firstIndex.get(Signal.SHELL) ?? st.sinkPos[0] ?? -1;
      if (ctx.pyFacts.remoteCommand || (has(Signal.REMOTE_PIPE) && (has(Signal.SHELL) || st.sinkPos.length > 0))) {
        add('setup_py_remote_exec', 'CRITICAL', 'install_script', i, 40, 'setup.py runs commands that fetch remote code at install time');
      } else if (has(Signal.SHELL)) {
        add('setup_py_subprocess', 'LOW', 'install_script', i, 40, 'setup.py runs local commands at build time (compilers, pkg-config, git: usual for extensions)');
      }
    } else if (has(Signal.SHELL) || st.sinkPos.length > 0) {
      const i = st.firstIndex.get(Signal.SHELL) ?? st.sinkPos[0] ?? -1;
      if (has(Signal.REMOTE_PIPE) || /\b(?:curl|wget|powershell|pip\s+install)\b|https?:\/\//.test(text)) {
        add('setup_py_remote_exec', 'CRITICAL', 'install_script', i, 40, 'setup.py runs commands that fetch remote code at install time');
      } else if (has(Signal.SHELL)) {
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
    raw`^(?:import|from)\s`,
    raw`^(?:def|class|async\s+def)\s`,
    raw`^@`,
    raw`^(?:setuptools\.)?setup\s*\(`,
    raw`^if\s+__name__\s*==`,
    raw`^(?:try|except|else|finally|pass)\b`,
    raw`^(?:elif|if)\s+sys\.(?:version_info|platform)`,
    raw`^[rbuRBUfF]{0,2}(?:'|")`,
    raw`^[A-Za-z_][\w.]*\s*(?::[^=]+)?=\s*(?:[rbuRBUfF]{0,2}['"]|[\[({]|-?\d|True\b|False\b|None\b)`,
    raw`^(?:[\w.]+\s*=\s*)?(?:io\.|codecs\.)?open\s*\(`,
    raw`^with\s+(?:io\.|codecs\.)?open\s*\(`,
    raw`^[\w.]+\s*=\s*[\w.]+\.read(?:_text)?\s*\(`,
    raw`^[\w.]+\s*=\s*(?:os\.path\.|pathlib\.|Path\s*\()`,
    raw`^sys\.path\.(?:insert|append)\s*\(`,
    raw`^(?:raise|return|assert)\b`,
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
  for (const rawLine of lines) {
    const line = rawLine.replace(/\r$/, '');
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
  const sinks = first.st.sinkPos.length > 0 || (first.signals & (Signal.EVAL | Signal.SHELL)) !== 0;
  const decodeGate = (lang === 'py' && (sinks || (first.signals & Signal.DECODE) !== 0)) || (lang === 'js' && (first.signals & (Signal.EVAL | Signal.DECODE)) !== 0);
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
