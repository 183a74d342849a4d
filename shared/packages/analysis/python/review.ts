/**
 * What the collector asks of the Python parser, per file: should this file be parsed (a cheap
 * pre-scan decides, so the parser runs on few files), and what the parse adds to the pattern scan.
 */
import { parsersLoaded } from '../../../parsers/tree-sitter.js';
import { Signal } from '../signals.js';
import type { PackageFinding } from '../types.js';
import { analysePython, type PyFacts } from './flow.js';

/** UTF-8 lead bytes of letters NFKC folds to ASCII: mathematical alphanumerics (U+1D400–1D7FF), fullwidth forms (U+FF00–FFEF). */
export function hasCompatLetters(buf: Uint8Array): boolean {
  for (let i = buf.indexOf(0xf0); i !== -1 && i + 1 < buf.length; i = buf.indexOf(0xf0, i + 1))
    if (buf[i + 1] === 0x9d) return true;
  for (let i = buf.indexOf(0xef); i !== -1 && i + 1 < buf.length; i = buf.indexOf(0xef, i + 1))
    if (buf[i + 1] === 0xbc || buf[i + 1] === 0xbd) return true;
  return false;
}

/**
 * Pre-scan: parse setup.py always; other Python files when the pattern scan saw a sink (exec /
 * eval / a process start) together with network, decoding or file writes, when a recon rule fired
 * (its data flow decides), or when the file spells letters that NFKC normalisation changes.
 */
/** A module whose loader runs code named by the data (pickle's kin, marshal's code objects) imported or looked up. */
const DESERIALISER_IMPORT =
  /\b(?:import|from)\s+(?:c?[Pp]ickle|_pickle|dill|cloudpickle|joblib|jsonpickle|marshal|shelve)\b|\bimport\s+[\w.]+\s*,\s*(?:c?pickle|dill|cloudpickle|marshal)\b|import_module\(\s*['"](?:c?pickle|dill|cloudpickle|joblib|jsonpickle|marshal)['"]|__import__\(\s*['"](?:c?pickle|dill|cloudpickle|marshal)['"]|\byaml\.(?:unsafe_load|full_load|load)(?:_all)?\s*\(/;

/** A streamed download: its chunks are written to a file as they arrive. */
const STREAMED_FETCH = /\b(?:iter_content|a?iter_bytes|a?iter_raw|iter_chunked|iter_any|httpx\.stream)\s*\(|\bstream\s*=\s*True\b/;
/** A process start or code execution bound by an import under its own or another name (`from os import system as s`, `import os as o`). */
const SINK_IMPORT =
  /^[ \t]*(?:from[ \t]+(?:os|subprocess|pty|builtins|posix|nt)[ \t]+import[ \t(][^\n]*\b(?:system|popen|Popen|run|call|check_call|check_output|getoutput|startfile|spawn\w*|exec\w*|eval)\b|import[ \t]+(?:os|subprocess|posix|nt)[ \t]+as[ \t]+\w+)/m;
/** The Windows shell's own process start through ctypes or pywin32 (`shell32.ShellExecuteW(None, 'open', p, …)`). */
const SHELL_EXECUTE = /\bShellExecute(?:Ex)?[AW]?\b/;
/** A file written (its content, a descriptor of a temporary file, a stream copied into it). */
const FILE_WRITE_WORD = /\.write(?:_bytes|_text|lines)?\s*\(|\bcopyfileobj\s*\(|\burlretrieve\b|\bos\.write\s*\(/;

/** Whether a name imported from a module of the package (`from ._net import fetch_to`) is called and its result bound. */
function callsRelativeImport(text: string): boolean {
  if (!text.includes('from .')) return false;
  for (const m of text.matchAll(/^[ \t]*from[ \t]+\.[\w.]*[ \t]+import[ \t]+\(?([\w \t,]+)/gm))
    for (const n of m[1]!.split(',')) {
      const name = n.trim().split(/\s+as\s+/).pop()!;
      if (/^\w+$/.test(name) && new RegExp(`(?:=|\\(|\\[)\\s*${name}\\s*\\(`).test(text)) return true;
    }
  return false;
}

/** `from . import helpers` and then `helpers.f(…)`: a function of a module of the package called through its module. */
function callsRelativeModule(text: string): boolean {
  if (!text.includes('from .')) return false;
  for (const m of text.matchAll(/^[ \t]*from[ \t]+\.+[ \t]+import[ \t]+\(?([\w \t,]+)/gm))
    for (const n of m[1]!.split(',')) {
      const name = n.trim().split(/\s+as\s+/).pop()!;
      if (/^\w+$/.test(name) && new RegExp(`\\b${name}\\.\\w+\\s*\\(`).test(text)) return true;
    }
  return false;
}

/** `a.B.meth = fn` where `fn` is a `def` of the text with a key-named parameter (a monkeypatch that sees keys). */
function monkeypatchesKeyFunction(text: string): boolean {
  const re = /^[ \t]*(?!self\.|cls\.)[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*$/gm;
  for (let m = re.exec(text), i = 0; m && i < 50; m = re.exec(text), i++) {
    const def = new RegExp(`\\bdef\\s+${m[1]}\\s*\\(([^)]*)\\)`).exec(text);
    if (def && /\b(?:api_?key|apikey|key|token|access_token|auth_token|secret|secret_key|access_key|private_key|priv_key|password|passphrase)\b/i.test(def[1]!)) return true;
  }
  return false;
}

export function wantsParse(opts: {
  setupPy: boolean;
  signals: number;
  ruleIds: readonly string[];
  compat: boolean;
  text?: string;
}): boolean {
  if (!parsersLoaded()) return false;
  if (opts.setupPy || opts.compat) return true;
  const sig = opts.signals;
  // Pattern rules whose verdict the data flow decides (see CONFIRMED_BY_FLOW).
  if (opts.ruleIds.some((r) => r in CONFIRMED_BY_FLOW)) return true;
  // A process start next to an inline-code flag (`python -c`).
  if (
    (sig & Signal.SHELL) !== 0 &&
    opts.text !== undefined &&
    /['"]-c['"]|python[\w.]*(?:\.exe)?\s+-c\s/.test(opts.text)
  )
    return true;
  // A sink next to XOR over bytes or characters (a decoder the pattern scan has no anchor for).
  if (
    (sig & (Signal.EVAL | Signal.SHELL)) !== 0 &&
    opts.text !== undefined &&
    /\^=?\s*[\w(]/.test(opts.text) &&
    /\b(?:ord|bytes|bytearray)\s*\(/.test(opts.text)
  )
    return true;
  // The whole environment or a credential store read: where it goes may be another module (collector's followPyHandOffs).
  if ((sig & (Signal.ENV_DUMP | Signal.SENSITIVE_PATH)) !== 0) return true;
  if (
    (sig & Signal.ENV) !== 0 &&
    opts.text !== undefined &&
    /(?:\bdict\s*\(\s*|\*\*\s*)os\.environ\b|\bos\.environ\.(?:copy|items)\s*\(/.test(opts.text)
  )
    return true;
  // A download written to a file and started, in spellings the pattern rule has no anchor for: a streamed
  // response (`iter_content`, `httpx.stream`), a process start bound under another name (`from os import system
  // as s`), a temporary file (flow.ts fileWrites / fileTaint follow the path).
  if (
    opts.text !== undefined &&
    ((sig & (Signal.NETWORK | Signal.NET_IMPORT)) !== 0 || STREAMED_FETCH.test(opts.text)) &&
    ((sig & (Signal.SHELL | Signal.EVAL)) !== 0 || SINK_IMPORT.test(opts.text) || SHELL_EXECUTE.test(opts.text)) &&
    FILE_WRITE_WORD.test(opts.text)
  )
    return true;
  // Code executed in a file that reaches the network (`exec(_grab(u))` with `_grab = lambda u: urlopen(u).read()`):
  // whether the fetched text is what runs is the parsed flow's to say (pkg22py).
  if ((sig & (Signal.NETWORK | Signal.NET_IMPORT)) !== 0 && (sig & Signal.EVAL) !== 0) return true;
  // A process start next to a call of a function imported from a module of the package: the program may be a file
  // that function downloaded (flow.ts programFromOtherModule; the collector asks the other module).
  if ((sig & Signal.SHELL) !== 0 && opts.text !== undefined && callsRelativeImport(opts.text)) return true;
  // Code executed, or a send made, next to such a call: what runs or is sent may be what that function returns
  // (flow.ts usesOther; the collector asks the other module, collector/follow.ts; pkg22py).
  if ((sig & (Signal.EVAL | Signal.NETWORK)) !== 0 && opts.text !== undefined && callsRelativeImport(opts.text)) return true;
  // Files encrypted and removed in a walk of a folder (flow.ts encryptedInPlace: ransomware; pkg22py).
  if (
    opts.text !== undefined &&
    /\bencrypt\s*\(|\^/.test(opts.text) &&
    /\b(?:remove|unlink)\s*\(/.test(opts.text) &&
    /\b(?:walk|r?glob|iglob|listdir|scandir|iterdir)\s*\(/.test(opts.text) &&
    /expanduser|\bhome\s*\(|\bHOME\b|USERPROFILE/.test(opts.text)
  )
    return true;
  // An HTTP client built with a base URL and headers next to an endpoint parameter (flow.ts ignoredEndpoint: an SDK that
  // ignores the endpoint it is given).
  if (
    opts.text !== undefined &&
    /\b(?:httpx\.(?:Async)?Client|Session|ClientSession|Client)\s*\(/.test(opts.text) &&
    /\bbase_url\s*=/.test(opts.text) &&
    /\bheaders\s*=/.test(opts.text) &&
    /\bdef\s+\w+\s*\([^)]*\b(?:base_url|api_base|endpoint|api_url|server_url)\b/.test(opts.text)
  )
    return true;
  // A keyboard hook in a file that sends (flow.ts keyHooks: keystrokes are a recording; pkg22py).
  if ((sig & Signal.NETWORK) !== 0 && opts.text !== undefined && /\bkeyboard\b/.test(opts.text) && /\b(?:Listener|on_press|on_release|hook)\b/.test(opts.text)) return true;
  // The clipboard used next to a regular expression (flow.ts clipboardSwap: an address swapped; pkg22py).
  if (opts.text !== undefined && /\b(?:pyperclip|win32clipboard|clipboard_get|clipboard_append)\b/.test(opts.text) && /\bre\.\w+\s*\(/.test(opts.text)) return true;
  // A sink next to a socket's receive (flow.ts socket_command_exec: a bind or reverse shell; pkg22py).
  if ((sig & (Signal.EVAL | Signal.SHELL)) !== 0 && opts.text !== undefined && /\.recv(?:_\w+|from|msg)?\s*\(/.test(opts.text)) return true;
  // A sink next to a chat-command prefix test (flow.ts messageCommand).
  if (
    (sig & (Signal.EVAL | Signal.SHELL)) !== 0 &&
    opts.text !== undefined &&
    /\.startswith\(\s*['"][/!.$#>]\w+\s?['"]/.test(opts.text)
  )
    return true;
  // A package upload started (flow.ts publishCommand).
  if ((sig & Signal.SHELL) !== 0 && opts.text !== undefined && /\b(?:upload|publish)\b/.test(opts.text) && /\b(?:twine|poetry|flit|hatch|uv|pdm)\b/.test(opts.text)) return true;
  // An interpreter started on a shipped zip application or compiled file (flow.ts opaqueInterpreterRun).
  if (
    (sig & Signal.SHELL) !== 0 &&
    opts.text !== undefined &&
    opts.text.includes('__file__') &&
    /\.(?:pyzw?|pyc|pyo|zip|egg|bin|dat)['"]/.test(opts.text)
  )
    return true;
  // A client's endpoint or the proxies set to a literal URL (flow.ts endpointRedirects).
  if (opts.text !== undefined && ENDPOINT_SET.test(opts.text)) return true;
  // A file written at a place the system runs by itself (flow.ts PERSISTENCE_PLACES).
  if (
    opts.text !== undefined &&
    PERSISTENCE_WORD.test(opts.text) &&
    // (`plistlib.dump(d, fh)`, `print(line, file=fh)`: a file written without `.write`; pkg22py)
    ((sig & Signal.SHELL) !== 0 || /\.write(?:_text|_bytes|lines)?\s*\(|shutil\.copy|SetValueEx|\bdump\s*\(|\bprint\s*\([^\n]*\bfile\s*=/.test(opts.text))
  )
    return true;
  // Blind set 2: a builtin looked up by a name built at run time (`getattr(builtins, ''.join(…))`,
  // `vars(builtins)['ex' + 'ec']`), a code object turned into a function (`types.FunctionType(marshal.loads(…))`),
  // or native memory made executable through ctypes (flow.ts resolves the names the pattern scan cannot see).
  if (
    opts.text !== undefined &&
    (BUILTIN_LOOKUP.test(opts.text) ||
      /\bFunctionType\s*\(|\bmarshal\.loads\s*\(/.test(opts.text) ||
      (/\bctypes\b/.test(opts.text) && /\bgetattr\s*\(|VirtualAlloc|mmap\.PROT_EXEC|PAGE_EXECUTE/.test(opts.text)))
  )
    return true;
  // pkgrecall2: a deserialiser that runs code imported (under any name: `import dill as d`, `from cloudpickle import
  // loads as l`, `import_module('dill')`) in a file that makes network calls (flow.ts deserialize_fetched).
  if (
    opts.text !== undefined &&
    DESERIALISER_IMPORT.test(opts.text) &&
    ((sig & Signal.NETWORK) !== 0 || /\b(?:requests|httpx|urllib3?|aiohttp|pycurl|http\.client)\b/.test(opts.text))
  )
    return true;
  // A data layer's hook registered (flow.ts dataHook), in a file that sends or hands data to a module of its own.
  if (
    opts.text !== undefined &&
    /\blistens_for\s*\(|\bevent\.listen\s*\(|\b(?:pre|post)_(?:save|delete)\b/.test(opts.text) &&
    ((sig & Signal.NETWORK) !== 0 || /^\s*from\s+\.|^\s*import\s+\w+\.\w+/m.test(opts.text))
  )
    return true;
  // Tokens of CI and cloud services read by name in a file that sends (flow.ts counts the services).
  if ((sig & Signal.NETWORK) !== 0 && opts.text !== undefined && CREDENTIAL_ENV_WORD.test(opts.text)) return true;
  // A key-named parameter in a file that sends to a literal IP address (flow.ts key_param_exfil).
  if (
    (sig & Signal.NETWORK) !== 0 &&
    opts.text !== undefined &&
    /['"](?:[a-z]+:\/\/)?\d{1,3}(?:\.\d{1,3}){3}\b/.test(opts.text) &&
    /\bdef\s+\w+\s*\([^)]*\b(?:api_?key|apikey|key|token|access_token|auth_token|secret|secret_key|private_key|priv_key|password|passphrase|mnemonic|seed_phrase)\b/i.test(
      opts.text,
    )
  )
    return true;
  // A wallet's recovery words taken as a parameter in a file that sends, or hands data to a module of its own
  // (flow.ts wallet_seed_exfil, followed by the collector; pkg23py).
  if (
    opts.text !== undefined &&
    /\bdef\s+\w+\s*\([^)]*\b(?:mnemonic|mnemonic_phrase|mnemonic_words|seed_phrase|seed_words|recovery_phrase|recovery_words|secret_phrase)\b/i.test(opts.text) &&
    ((sig & Signal.NETWORK) !== 0 || callsRelativeImport(opts.text) || callsRelativeModule(opts.text))
  )
    return true;
  // Files picked in a walk by secret files' suffixes, in a file that sends (flow.ts secret_files_exfil; pkg23py).
  if (
    (sig & Signal.NETWORK) !== 0 &&
    opts.text !== undefined &&
    /\b(?:walk|r?glob|iglob|listdir|scandir|iterdir)\s*\(/.test(opts.text) &&
    /\b(?:endswith|fnmatch\w*|match)\s*\([^)]*['"](?:\*?\.(?:env|pem|key|p12|pfx|ppk|kdbx|keystore|jks)|id_rsa|id_ed25519|\.?npmrc|\.?pypirc|\.?netrc|credentials)['"]/.test(opts.text)
  )
    return true;
  // A function of the file installed over another object's attribute, with a key-named parameter, in a file that
  // sends (flow.ts patched_key_exfil; pkg23py).
  if ((sig & Signal.NETWORK) !== 0 && opts.text !== undefined && monkeypatchesKeyFunction(opts.text)) return true;
  // A settings file parsed in a file that starts processes (flow.ts runsConfig; the collector weighs the data files).
  if (
    (sig & Signal.SHELL) !== 0 &&
    opts.text !== undefined &&
    /\b(?:tomllib|tomli|toml|json|yaml)\.(?:safe_|full_)?loads?\s*\(|\bConfigParser\s*\(/.test(opts.text)
  )
    return true;
  // Process starters the pattern scan has no anchor for (asyncio's, posix_spawn, fexecve after memfd_create): flow.ts reads them.
  if (
    opts.text !== undefined &&
    /\b(?:create_subprocess_(?:shell|exec)|posix_spawnp?|fexecve|memfd_create)\s*\(/.test(opts.text)
  )
    return true;
  // A module imported by a name built at run time (`importlib.import_module('o' + 's')`, `__import__(''.join(…))`).
  if (
    opts.text !== undefined &&
    /\b(?:__import__|import_module)\s*\((?!\s*['"][\w.]+['"]\s*[,)])(?=\s*(?:['"]|''|""|chr\s*\(|bytes|codecs|base64))/.test(
      opts.text,
    )
  )
    return true;
  // A name looked up in DNS in a file that reads a token, the environment or a credential store (flow.ts dns_exfil_flow).
  if (
    opts.text !== undefined &&
    /\b(?:gethostbyname(?:_ex)?|getaddrinfo|resolve|query)\s*\(\s*(?:f['"]|[\w.[\]:]+\s*(?:\+|\.format)|['"][^'"\n]*['"]\s*(?:\+|\.format|%))/.test(
      opts.text,
    ) &&
    (CREDENTIAL_ENV_WORD.test(opts.text) ||
      (sig & (Signal.ENV_DUMP | Signal.SENSITIVE_PATH)) !== 0 ||
      CREDENTIAL_WORD.test(opts.text))
  )
    return true;
  // A git push in a file that copies or writes files (flow.ts gitPushExfil: credential stores or the environment committed and pushed).
  if (
    opts.text !== undefined &&
    ((sig & Signal.SHELL) !== 0 || /^\s*(?:import|from)\s+(?:git|dulwich|pygit2)\b/m.test(opts.text)) &&
    /\bgit\b[^\n]{0,120}\bpush\b|\.push\s*\(/.test(opts.text) &&
    /\bshutil\.copy|\.write(?:_text|_bytes)?\s*\(|\bjson\.dump\s*\(/.test(opts.text) &&
    ((sig & (Signal.ENV_DUMP | Signal.SENSITIVE_PATH)) !== 0 ||
      CREDENTIAL_WORD.test(opts.text) ||
      CREDENTIAL_ENV_WORD.test(opts.text) ||
      /\bos\.environ\b/.test(opts.text))
  )
    return true;
  // A module loaded from a file, or imported by name, in a file that fetches (flow.ts moduleImport: a downloaded module imported);
  // a `.py` downloaded with urlretrieve next to a `sys.path` change (flow.ts downloadedModuleImports: `import x` of it).
  if (
    (sig & Signal.NETWORK) !== 0 &&
    opts.text !== undefined &&
    (/\b(?:spec_from_file_location|Source(?:less)?FileLoader|zipimporter|load_source)\s*\(/.test(opts.text) ||
      (/\b(?:import_module|__import__)\s*\(\s*['"]/.test(opts.text) &&
        /\.write(?:_text|_bytes)?\s*\(|\burlretrieve\s*\(/.test(opts.text)) ||
      (/\burlretrieve\s*\(/.test(opts.text) &&
        /\bsys\.path\b/.test(opts.text) &&
        /['"][^'"\n]*\.(?:py|pyc|zip)['"]/.test(opts.text)))
  )
    return true;
  // A module or attribute named by a decoded literal (`getattr(__import__(_d('b3M=')), _d('c3lzdGVt'))`): flow.ts decodes it in place.
  if (
    opts.text !== undefined &&
    (/\b(?:__import__|import_module)\s*\(\s*[\w.]+\s*\(/.test(opts.text) ||
      /\bgetattr\s*\(\s*[^,()]+,\s*(?:[\w.]+\s*\(|['"]\w*['"]\s*\[\s*::\s*-1)/.test(opts.text)) &&
    LITERAL_DECODE_WORD.test(opts.text)
  )
    return true;
  // PowerShell started with a download cradle, a script block or an encoded command (flow.ts, remote-run.ts): the
  // pattern scan's network words do not include PowerShell's.
  if (
    (sig & Signal.SHELL) !== 0 &&
    opts.text !== undefined &&
    /\b(?:powershell|pwsh)\b/i.test(opts.text) &&
    /\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|DownloadString|DownloadData|DownloadFile|WebClient|scriptblock|iex|Invoke-Expression)\b|['"\s]-(?:e|ec|enc\w*|EncodedCommand)['"\s]/i.test(
      opts.text,
    )
  )
    return true;
  // pip installing from a URL or a git remote in a file that starts processes (flow.ts pip_install_remote).
  if (
    (opts.signals & Signal.SHELL) !== 0 &&
    opts.text !== undefined &&
    /\bpip3?\b['",\s]{1,8}install\b[^\n]{0,160}?(?:https?:|git\+)/.test(opts.text)
  )
    return true;
  // A process starter reached through a name built at run time (`getattr(os, 'po' + 'pen')`): flow.ts resolves it.
  if (
    opts.text !== undefined &&
    /\bgetattr\s*\(\s*(?:os|subprocess|pty|builtins|__builtins__)\s*,(?!\s*['"]\w+['"]\s*[,)])/.test(opts.text)
  )
    return true;
  // Web request data, in a file that names a web framework, next to a process start or exec (flow.ts request_command_exec).
  // (Or handed to a function of another module of the package, which may start it: the collector's followPyHandOffs.)
  if (
    opts.text !== undefined &&
    /(?<![\w.])req(?:uest)?\.(?:body|headers|GET|POST|args|form|json|data|values|META|get_data|get_json)\b/.test(
      opts.text,
    ) &&
    /\b(?:django|flask|fastapi|starlette|bottle|tornado|falcon|pyramid|werkzeug|sanic|quart|aiohttp)\b/.test(
      opts.text,
    ) &&
    ((sig & (Signal.EVAL | Signal.SHELL)) !== 0 ||
      /\bsubprocess\.\w+\s*\(|\bos\.(?:system|popen|exec\w*|spawn\w*)\s*\(|\bpty\.spawn\s*\(/.test(opts.text) ||
      /^\s*from\s+\.[\w.]*\s+import\b/m.test(opts.text))
  )
    return true;
  // A credential store or a cloud SDK's keys read in a file that sends (flow.ts follows the content).
  if (
    (sig & Signal.NETWORK) !== 0 &&
    opts.text !== undefined &&
    (/\bget_(?:frozen_)?credentials\s*\(/.test(opts.text) || CREDENTIAL_WORD.test(opts.text))
  )
    return true;
  return (sig & (Signal.EVAL | Signal.SHELL)) !== 0 && (sig & (Signal.NETWORK | Signal.DECODE)) !== 0;
}

/** A builtin looked up through the builtins module or a namespace dict by a name built at run time, or exec / eval / compile / __import__ by name (`getattr(builtins, 'print')` is a compatibility alias). */
const BUILTIN_LOOKUP =
  /\b(?:getattr\s*\(\s*(?:builtins|__builtins__|__import__\s*\(\s*['"]builtins['"]\s*\))\s*,|vars\s*\(\s*(?:builtins|__builtins__)\s*\)\s*\[|(?:__builtins__|builtins)\.__dict__\s*\[|globals\s*\(\s*\)\s*\[|(?:(?:__builtins__|builtins)(?:\.__dict__)?|globals\s*\(\s*\)|vars\s*\(\s*(?:builtins|__builtins__)\s*\))\.get\s*\(\s*(?=['"](?:exec|eval|compile|__import__)['"]|['"]\w*['"]\s*(?:\[|\+)|(?:chr|bytes|bytearray|str)\s*\(|['"]{2}\.join|[\w.]*(?:decode|b64decode|unhexlify|fromhex)\s*\())(?!\s*['"](?!exec['"]|eval['"]|compile['"]|__import__['"]|__builtins__['"])\w+['"]\s*[\])])/;
/** Decoders flow.ts applies to literals in place (names and commands hidden so). */
const LITERAL_DECODE_WORD =
  /\b(?:b64decode|b32decode|b16decode|urlsafe_b64decode|decodebytes|fromhex|unhexlify|a2b_hex|a2b_base64)\s*\(|\bcodecs\.decode\s*\(|\[\s*::\s*-1\s*\]/;
/** Environment variables that hold a service's token or key (flow.ts CREDENTIAL_ENV). */
const CREDENTIAL_ENV_WORD =
  /\b[A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|ACCESS_KEY|ACCESS_KEY_ID|SECRET_ACCESS_KEY|PRIVATE_KEY)\b/;
/** Words of the credential stores flow.ts follows (CREDENTIAL_STORE): the parse decides whether their content is sent. */
const CREDENTIAL_WORD =
  /hosts\.ya?ml|huggingface['"]?\s*[/,]\s*['"]?(?:token|stored_tokens)\b|\.vault-token|credentials\.tfrc|doctl|\.databrickscfg|kaggle\.json|ngrok\.yml|firebase-tools|\.ssh\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.aws\b|\.git-credentials|\.netrc|\.npmrc|\.pypirc|\.docker\b|\.kube\b|gcloud|\.azure\b|Login Data|Local State|cookies\.sqlite|logins\.json|key[34]\.db|wallet\.dat|leveldb|keystore|solana|tfstate|['"]Cookies['"]|ssfn|\.vdf\b|launcher_accounts|launcher_profiles|['"]tdata['"]|browser_?cookie|pycookiecheat|rookiepy|VideoCapture|ImageGrab|pyautogui\.screenshot|\bmss\b|sounddevice|inspect\.(?:stack|getouterframes)\(|sys\._getframe\(|__main__['"]?\s*\]?\.__file__|state\.vscdb/;
/** An SDK's base URL or the proxies set to a literal URL (flow.ts ENDPOINT_ENV / ENDPOINT_ATTR). */
const ENDPOINT_SET =
  /(?:_BASE_URL|_API_BASE|_API_BASE_URL|_API_URL|_API_ENDPOINT|_ENDPOINT_URL|_PROXY|_proxy)['"]\s*(?:\]\s*=|,|:)\s*['"](?:https?|socks)|\.(?:base_url|api_base|api_base_url|base_api_url|endpoint_url|api_url)\s*=\s*['"]https?:/;
/** Words of the places a persistence write names (the parse decides whether a file is written there). */
const PERSISTENCE_WORD =
  /\/etc\/hosts\b|authorized_keys|\.ssh\/rc\b|getsitepackages|getusersitepackages|get_python_lib|purelib|find_spec\b|drivers\\+etc\\+hosts\b|\.(?:bashrc|bash_profile|zshrc|zprofile|profile)\b|systemd|systemctl|Startup|LaunchAgents|launchctl|autostart|crontab|\/cron|rc\.local|init\.d|profile\.d|\.pth\b|pip\.(?:conf|ini)|pydistutils|CurrentVersion\\+Run|schtasks|PowerShell|hooksPath|insteadOf|git\/hooks|templateDir|customize\.py|(?:AGENTS|CLAUDE|GEMINI)\.md|copilot-instructions|cursorrules|windsurfrules|clinerules|['"]\.cursor['"/]/;

/** Parses a Python file (UTF-8) within its budget; null when the parser is not loaded or the budget ran out. */
export function parsePython(content: Buffer): PyFacts | null {
  if (!parsersLoaded()) return null;
  const t0 = performance.now();
  const facts = analysePython(content.toString('utf8'));
  STATS.files++;
  STATS.ms += performance.now() - t0;
  if (!facts) STATS.overBudget++;
  return facts;
}

/** Files parsed, time spent in the parser and its analysis, and parses that ran out of budget, in this thread (for bench/). */
const STATS = { files: 0, ms: 0, overBudget: 0 };

export function parseStats(reset = false): { files: number; ms: number; overBudget: number } {
  const out = { ...STATS };
  if (reset) {
    STATS.files = 0;
    STATS.ms = 0;
    STATS.overBudget = 0;
  }
  return out;
}

/**
 * Code protected so it cannot be read: a PyArmor-protected module calls its runtime with an
 * encrypted blob (`__pyarmor__(__name__, __file__, b'PYARMOR…')`, or `pyarmor(…)` in PyArmor 8+).
 * PyArmor's own source and documentation name these functions without carrying a protected blob.
 */
const PYARMOR_CALL =
  /\b(?:__pyarmor__|pyarmor)\s*\(\s*__name__\s*,\s*__file__\s*,\s*b['"](?:PYARMOR|\\x50\\x59\\x41\\x52\\x4d\\x4f\\x52|PY\d{6}|(?:\\x[0-9a-fA-F]{2}|\\[rnt0\\'"]|[^'"\\{%\n]){24})/;

export function protectedCode(path: string, text: string): PackageFinding | null {
  if (!text.includes('armor')) return null;
  const m = PYARMOR_CALL.exec(text);
  if (!m) return null;
  const line = text.slice(0, m.index).split('\n').length;
  return {
    ruleId: 'protected_code',
    severity: 'HIGH',
    category: 'obfuscation',
    file: path,
    line,
    evidence: m[0].slice(0, 120),
    message:
      'the module is PyArmor-protected: its code is an encrypted blob that runs through a native runtime and cannot be reviewed',
  };
}

/**
 * Pattern rules that stand on co-occurrence (a recon call and a send in the same window, a download
 * and a process start, an indirect exec next to any chr()), and the parser's facts that confirm
 * them. When the parsed code shows no such flow the finding drops to the given severity: the
 * pattern is reported, the verdict follows the code.
 */
const CONFIRMED_BY_FLOW: Record<
  string,
  {
    confirmed: (f: PyFacts) => boolean;
    otherwise: 'LOW' | 'MEDIUM';
    why: string;
    onlyAt?: 'HIGH';
    applies?: (f: PackageFinding) => boolean;
  }
> = {
  // The pattern scan reads any PowerShell line that downloads (`iwr … -OutFile d.zip`) as a remote pipe;
  // only a download PowerShell evaluates (iex, a script block, an encoded or hidden command) or that a
  // process start runs is one, and the parsed flow sees both (remote-run.ts).
  remote_code_exec: {
    confirmed: (f) =>
      f.findings.some((x) => /^(?:download_execute|remote_code_exec|shell_remote_command)$/.test(x.ruleId)),
    otherwise: 'LOW',
    why: 'the parsed code saves a download with PowerShell but neither evaluates nor starts it',
    onlyAt: 'HIGH',
    applies: (f) =>
      /\b(?:powershell|pwsh)\b/i.test(f.evidence ?? '') &&
      !/\b(?:iex|Invoke-Expression|scriptblock|DownloadString|DownloadData|Start-Process|Invoke-Item)\b|\s-(?:e|ec|enc\w*|EncodedCommand)\s|-w(?:indowstyle)?\s+hidden|\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|[;&]\s*(?:\.[\\/]|&\s)/i.test(
        f.evidence ?? '',
      ),
  },
  recon_exfil: {
    confirmed: (f) => f.reconSent,
    otherwise: 'LOW',
    why: 'the parsed code collects it but sends none of it',
  },
  exec_builtins_indirect: {
    confirmed: (f) =>
      f.codeLiteralDecodeExec || f.findings.some((x) => /code_exec|nfkc_identifier|builtins_renamed/.test(x.ruleId)),
    otherwise: 'LOW',
    why: 'the parsed code executes no decoded or downloaded data through it (a compatibility alias)',
  },
  decode_exec: {
    confirmed: (f) =>
      f.codeLiteralDecodeExec || f.findings.some((x) => /code_exec|nfkc_identifier|download_execute/.test(x.ruleId)),
    otherwise: 'MEDIUM',
    why: 'the parsed code executes no decoded or downloaded data (what it compiles comes from elsewhere)',
  },
  download_execute: {
    confirmed: (f) =>
      f.findings.some((x) => /^(?:download_execute|remote_code_exec|shell_remote_command)$/.test(x.ruleId)),
    otherwise: 'MEDIUM',
    why: 'the parsed code does not connect the download to the process it starts',
  },
};

/**
 * Merges the parser's view into the file's findings: its own flow findings (unless a pattern
 * finding already says as much on the same line), and a recon finding whose data never reaches a
 * send in the parsed code goes down to LOW (the user or host name used locally is not exfiltration).
 */
export function mergePythonFindings(
  path: string,
  facts: PyFacts,
  findings: PackageFinding[],
  setupPy: boolean,
): PackageFinding[] {
  const rank = { INFO: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 } as const;
  const out = findings.map((f) => {
    const c = CONFIRMED_BY_FLOW[f.ruleId];
    // A suspicious destination with credentials read (CRITICAL) stands; with only the environment
    // or collected data read (HIGH), the flow decides whether anything about the machine is sent.
    if (
      !c ||
      (c.applies && !c.applies(f)) ||
      c.confirmed(facts) ||
      rank[f.severity] <= rank[c.otherwise] ||
      (c.onlyAt && f.severity !== c.onlyAt)
    )
      return f;
    return { ...f, severity: c.otherwise, message: `${f.message.replace(/ \(in setup\.py[^)]*\)$/, '')}: ${c.why}` };
  });
  // setup.py's download checked against a digest it pins, with nothing started or evaluated in setup.py
  // (file-scan.ts `setup_py_download_verified`): the pattern's "execute" is only the file made executable (pkg23py).
  if (setupPy && out.some((f) => f.ruleId === 'setup_py_download_verified'))
    for (const [i, f] of out.entries())
      if (f.ruleId === 'download_execute' && f.severity === 'MEDIUM')
        out[i] = { ...f, severity: 'LOW', message: `${f.message}; setup.py starts no process and checks the download against a digest it pins: it is only made executable` };
  for (const ff of facts.findings) {
    const sev = setupPy && ff.severity === 'HIGH' ? 'CRITICAL' : ff.severity;
    // (A name glued from pieces, file-scan's `split_exec_name`, says how the line hides itself, not what it runs: the flow's finding joins it.)
    if (out.some((f) => f.line === ff.line && rank[f.severity] >= rank[sev] && f.category !== 'secret' && f.ruleId !== 'split_exec_name')) continue;
    out.push({
      ruleId: ff.ruleId,
      severity: sev,
      category: ff.category,
      file: path,
      line: ff.line,
      evidence: ff.evidence,
      message: setupPy ? `${ff.message} (in setup.py: runs at install time)` : ff.message,
    });
  }
  return out;
}
