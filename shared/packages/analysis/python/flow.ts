/**
 * Python read as code (tree-sitter-python): what a file really calls, after aliases, `__import__`,
 * `getattr`, `globals()` and NFKC-normalised identifiers are resolved, and where data goes.
 *
 * One walk over the syntax tree collects imports (with their aliases), assignments, calls and file
 * writes; a flow-insensitive taint pass then follows three kinds of data through names, attributes,
 * calls, containers, f-strings and function returns:
 *   - remote:  the result of a fetch (urlopen, requests, httpx, urllib3, urlretrieve's file);
 *   - decoded: the result of a decoder (base64, zlib, marshal, codecs, Fernet, XOR over bytes);
 *   - recon:   the user name, host name, working directory or platform of the machine.
 * Sinks: exec / eval / compile / marshal-loaded code, shell and process starters, files written
 * and then started, and network sends (for recon data). Reading a local file and executing it (the
 * `exec(open('pkg/version.py').read())` idiom) carries no taint, so it is not remote execution.
 *
 * Python's parser normalises identifiers with NFKC (PEP 3131): `__𝘪𝗺𝙥𝗼𝗿𝘵__` is `__import__`.
 * Every identifier is normalised the same way before it is resolved, and an identifier that only
 * NFKC makes readable is reported itself (no honest code spells a name that way).
 */
import { pthActingLine } from './pth.js';
import { withTree } from '../../../parsers/tree-sitter.js';
import {
  isCollector,
  isIpLiteral,
  isKnownIndex,
  isPasteHost,
  SECRET_VENDORS,
  secretGoesElsewhere,
} from '../../../sandbox/reputation.js';
import { moduleReach, type ModuleReach } from './reach.js';
import { AGENT_INSTRUCTION_ABUSE, AGENT_INSTRUCTIONS, AI_AGENT_CONFIG, CREDENTIAL_STORE } from '../patterns.js';
import { commandSend, downloadedFiles, PIP_URL, remoteRun, UPLOAD_OPERAND } from '../remote-run.js';
import { LOCAL_ZONE } from '../npm/flow-vocabulary.js';
import { mirror, PyNode as SyntaxNode } from './tree.js';
import type { FindingSeverity, PackageFindingCategory } from '../types.js';

/** `param:NAME`: a parameter of the module-level function NAME (what a caller in another file hands it). */
export type Taint =
  | 'remote'
  | 'decoded'
  | 'recon'
  | 'secret'
  | 'env'
  | 'config'
  | 'request'
  | 'keyparam'
  /** A parameter named as a wallet's recovery words (`mnemonic`, `seed_phrase`): no honest code sends them anywhere. */
  | 'walletseed'
  /** A key-named parameter of a function the file installs over another object's attribute (a monkeypatch). */
  | 'patchkey'
  /** A file name picked in a folder walk by a secret file's suffix or name (`.env`, `.pem`, `id_rsa`): its content is a secret. */
  | 'secretfiles'
  | 'capture'
  /** What a data layer hands a hook the package registers: the application's rows, statement parameters, saved instances. */
  | 'records'
  /** What git prints of the user's repository: its remote URL (often with a token in it) or its staged changes. */
  | 'repo'
  /** A message received on a channel (socket, pipe) of a file that connects to no literal foreign address. */
  | 'received'
  /** What a socket receives, whoever the peer (pkg22py): run as a command or code it is a remote shell's input. */
  | 'socket'
  | `param:${string}`
  | `token:${string}`;

export interface PyFlowFinding {
  ruleId: string;
  severity: FindingSeverity;
  category: PackageFindingCategory;
  /** 1-based line. */
  line: number;
  evidence: string;
  message: string;
}

export interface PyFacts {
  findings: PyFlowFinding[];
  /** A shell or process sink is called with a command that runs code fetched from the network (remote-run.ts), or pip installs a remote project. */
  remoteCommand: boolean;
  /** A process start runs a network client (curl, wget, nc, PowerShell's web cmdlets) on some destination. */
  commandNetwork: boolean;
  /** A network fetch is called somewhere in the file. */
  fetches: boolean;
  /** Recon data (user, host, cwd, platform) reaches a network send. */
  reconSent: boolean;
  /** Some identifier changes under NFKC normalisation. */
  nfkcIdentifiers: number;
  /** Qualified names of every resolved call (for tests and for the pre-scan's report). */
  calls: Set<string>;
  /** cmdclass overrides of install-time commands defined here: `Class(base)`. */
  installHooks: string[];
  /** A string literal holds Python code that decodes a payload and executes it (a second stage written out or run later). */
  codeLiteralDecodeExec: boolean;
  /** Which function bodies (and the `__main__` block) code run at import reaches (reach.ts). */
  reach: ModuleReach;
  /**
   * Local files this code runs as Python by their path (`runpy.run_path('tools/gen.py')`,
   * `exec(open('x.py').read())`, `subprocess.run([sys.executable, 'x.py'])`), as written: in
   * setup.py they run at install time like setup.py itself (roles.ts).
   */
  runsFiles: string[];
  /** Module-level functions that send what a caller passes them over the network, with the destination when literal. */
  sendsParam: Map<string, string | null>;
  /**
   * Lines where data parsed from a settings file (TOML, JSON, YAML, INI) is started as a command or
   * executed: harmless alone (task runners do it with the user's settings); the collector weighs it
   * with what the package's own data files hold (a download piped into a shell).
   */
  runsConfig: { line: number; evidence: string }[];
  /** Module-level functions that start a process or execute code with what a caller passes them (line of the start). */
  runsParam: Map<string, number>;
  /** Entry points a `setup(entry_points=…)` call declares (group and module), read from the tree. */
  entryPoints: { group: string; module: string }[];
  /** Calls to functions of other modules (qualified as imported, `._transport.push`) handed recon data, secrets or a web request's data. */
  handsOff: { callee: string; line: number; evidence: string; secret: boolean; env: boolean; request?: boolean; records?: boolean; seed?: boolean }[];
  /** Module-level functions that write fetched or decoded data into a file and return its path (their taints). */
  fileFns: Map<string, Set<Taint>>;
  /** Process starts whose program is what a function of another module returns (qualified as imported), for the collector. */
  runsOther: { callee: string; line: number; evidence: string }[];
  /** Module-level functions whose return carries fetched or decoded data, a credential store's content or the environment (pkg22py). */
  returnFns: Map<string, Set<Taint>>;
  /**
   * Code executed (`exec(get_text(u))`) or a send made (`requests.post(u, data=gather())`) with what a function of
   * another module returns (qualified as imported), for the collector to ask that module (pkg22py). `dest`: a send's
   * literal destination.
   */
  usesOther: { callee: string; line: number; evidence: string; kind: 'exec' | 'send'; dest: string | null }[];
}

/**
 * Budget of one parse. Generous on purpose: a verdict must not depend on how busy the machine is
 * (the size limit below is the deterministic bound; the budget only stops pathological inputs, and
 * the pre-scan keeps ordinary packages to one or two parses).
 */
const PARSE_BUDGET_MS = 2000;
/** Files above this size are not parsed (a deterministic limit; the pattern judgement stands for them). */
export const MAX_PARSE_CHARS = 512 * 1024;
const MAX_NODES = 400_000;

const FETCH =
  /^(?:urllib\d?\.(?:request\.)?(?:urlopen|urlretrieve|Request)|urllib\.request\.(?:urlopen|urlretrieve|Request)|requests\.(?:get|post|put|patch|request|head|Session\.\w+|session\.\w+|api\.\w+)|httpx\.(?:get|post|stream|request|Client\.\w+|AsyncClient\.\w+)|urllib3\.(?:request|PoolManager\.\w+)|aiohttp\.ClientSession\.\w+|wget\.download|pycurl\.Curl\.perform)$/;
/** Method names that fetch on any object (a session, a client, a pool): only when the object resolves to nothing local. */
const FETCH_METHOD = /^(?:urlopen|urlretrieve|iter_content|iter_bytes|iter_lines|iter_raw|aiter_bytes|aiter_raw|iter_chunked|iter_any)$/;
const SEND =
  /^(?:requests\.(?:post|put|patch|get|request)|urllib\d?\.(?:request\.)?(?:urlopen|Request)|httpx\.\w+|socket\.\w*\.?(?:send|sendall|sendto|connect)|smtplib\.\w+)$/;
/** Name lookups: recon through DNS when the name looked up is built from the data (`f'{user}.{host}.example'`), not the machine's own name resolved. */
const DNS =
  /^(?:socket\.(?:gethostbyname(?:_ex)?|getaddrinfo|gethostbyaddr)|dns\.resolver\.(?:resolve|query|Resolver\.\w+))$/;
/** A name built from data (`{}` where a value goes) whose fixed end is a local zone (npm/flow-vocabulary.ts LOCAL_ZONE). */
function localZoneName(built: string | null): boolean {
  if (built === null || !built.includes('{}')) return false;
  return LOCAL_ZONE.test(built.slice(built.lastIndexOf('{}') + 2));
}
/**
 * The positional argument of an `os` process start that is the child's environment, not its command: the last
 * of `os.exec*e` / `os.spawn*e`, the third of `os.posix_spawn*` / `os.fexecve` (as `env=` of subprocess is;
 * docs/package-analysis.md, "Branch pkghonest2").
 */
function childEnvArg(fn: string, args: SyntaxNode[]): SyntaxNode | null {
  const pos = args.filter((a) => a.type !== 'keyword_argument' && a.type !== 'list_splat' && a.type !== 'dictionary_splat');
  if (pos.length !== args.filter((a) => a.type !== 'keyword_argument').length) return null;
  if (/^os\.(?:exec[lv]p?e|spawn[lv]p?e)$/.test(fn)) return pos.length >= 3 ? pos[pos.length - 1]! : null;
  if (/^os\.(?:posix_spawnp?|fexecve)$/.test(fn)) return pos[2] ?? null;
  return null;
}
/**
 * Programs that run what their arguments say: shells, interpreters, launchers and wrappers that start another
 * command, programs with an evaluating option, and network clients (a decoded address is a hidden host). A decoded
 * argument of any other literal program is data it reads (python/flow.ts commandTaint).
 */
const CODE_ARGV_PROGRAM =
  /^(?:(?:ba|z|da|k|c|tc|fi|a)?sh|busybox|toybox|cmd|command|powershell|pwsh|python[\d.]*w?|py|pypy\d*|perl\d*|ruby|irb|node(?:js)?|deno|bun|php[\d.]*|lua\w*|tclsh|wish|expect|osascript|wscript|cscript|mshta|msiexec|rundll32|regsvr32|java|javaw|jshell|env|sudo|su|doas|pkexec|runuser|nohup|setsid|exec|eval|source|xargs|parallel|timeout|nice|ionice|stdbuf|time|watch|strace|ltrace|gdb|chroot|unshare|nsenter|flock|script|start|call|open|xdg-open|gio|systemd-run|at|batch|crontab|schtasks|launchctl|ssh|scp|sftp|rsync|curl|wget|aria2c|nc|ncat|netcat|socat|telnet|ftp|tftp|git|pip\d*|npm|npx|pnpm|yarn|uv|uvx|pipx|conda|make|cmake|awk|gawk|mawk|nawk|sed|gsed|find|vim?|nvim|emacs|ed|docker|podman|kubectl|bpftrace|dtrace|R|Rscript|julia|ocaml|ghci|runghc|swift|go|cargo|dotnet|mono|wine|qemu\S*)$/i;
/** Options whose value a program runs as code (`node --eval=…`, `sh -c`, `--command=`, `--require=`). */
const CODE_OPTION = /^(?:e|c|r|p|x|eval|exec|execute|command|cmd|code|script|run|require|import|preload|loader|load|init|startup|source|expr|expression|print|shell|hook|post|pre|on[\w-]*|.*(?:cmd|command|exec|script|hook|eval|code))$/i;
/** Temporary files whose handle names the file (`tmp.name`). */
const TEMP_FILE = /^tempfile\.(?:NamedTemporaryFile|TemporaryFile|SpooledTemporaryFile)$/;
/** Serialisers whose output is a document (JSON, TOML, YAML text) a program reads as its configuration. */
const SERIALISER = /^(?:json|simplejson|ujson|orjson|toml|tomli_w|yaml)\.(?:dumps|safe_dump|dump)$/;
function dataArgvProgram(prog: string): boolean {
  const base = prog.replace(/^.*[\\/]/, '').replace(/\.exe$/i, '');
  return /^[\w.+-]+$/.test(base) && !CODE_ARGV_PROGRAM.test(base);
}
/** IP-echo services: what they return is the machine's public address. */
const IP_ECHO =
  /\b(?:api\d*\.ipify\.org|ip-api\.com|ifconfig\.(?:me|co)|ipinfo\.io|icanhazip\.com|checkip\.amazonaws\.com|ident\.me|myip\.\w+|wtfismyip\.com|ipecho\.net)\b/i;
/** Environment variables that choose where a client sends its requests: an SDK's base URL, the process's proxies. */
const ENDPOINT_ENV =
  /^(?:[A-Z][A-Z0-9]*_(?:BASE_URL|API_BASE|API_BASE_URL|API_URL|API_ENDPOINT|ENDPOINT_URL)|HTTPS?_PROXY|https?_proxy|ALL_PROXY|all_proxy)$/;
/** A function parameter that chooses where a client sends its requests (ignoredEndpoint). */
const ENDPOINT_PARAM = /^(?:base_url|api_base|api_base_url|base_api_url|endpoint|endpoint_url|api_url|host|server_url)$/;
/** An SDK module's endpoint settings. */
const ENDPOINT_ATTR = /^(?:base_url|api_base|api_base_url|base_api_url|endpoint_url|api_url)$/;
/** Loopback and private addresses: a local proxy or a development server. */
const LOCAL_URL = /^\w+:\/\/(?:localhost|127\.|0\.0\.0\.0|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|\[::1\])/i;
/** Files an interpreter runs that are not source a review can read: zip applications, compiled code, blobs. */
const OPAQUE_PAYLOAD = /\.(?:pyz|pyzw|pyc|pyo|zip|egg|bin|dat)$/i;
/** Calls that return the folders installed packages live in. */
const SITE_PACKAGES_CALL =
  /^(?:site\.(?:getsitepackages|getusersitepackages)|sysconfig\.get_paths?|distutils\.sysconfig\.get_python_lib|sysconfig\.get_python_lib)$/;
/** Functions that return a screenshot or a recording. */
const CAPTURE_CALL =
  /(?:^|\.)(?:ImageGrab\.grab|pyautogui\.screenshot|pyscreenshot\.grab|sounddevice\.rec|ImageGrab\.grabclipboard)$/;
/** Keyboard hooks whose callback receives every key typed (pynput, keyboard). */
const KEY_HOOK = /(?:^|\.)(?:keyboard\.Listener|keyboard\.on_press|keyboard\.on_release|keyboard\.hook)$/;
/** Capture devices and screen grabbers whose `read()` / `grab()` returns a frame. */
const CAPTURE_DEVICE = /(?:^|\.)(?:VideoCapture|mss|PyAudio\.open|VideoStream|Webcam)$/;
/** The call stack's frames or the main module, where a module finds the files of the code that imported it. */
const CALLER_FILE =
  /^(?:inspect\.(?:stack|getouterframes|trace)\(|sys\._getframe\(|traceback\.extract_stack\(|sys\.modules\[\s*['"]__main__['"]\s*\]\.__file__|__main__\.__file__|[\w.]*\bf_code\.co_filename$)/;
/** Libraries that read a browser's cookie store: their results are the user's sessions. */
const COOKIE_READER = /^(?:browser_cookie3|browsercookie|pycookiecheat|rookiepy)\.\w+$/;
/** Code in a string literal that fetches and runs, or runs, code. */
const CODE_LITERAL_REMOTE = {
  test: (s: string): boolean =>
    /https?:\/\//.test(s) &&
    ((/\b(?:exec|eval|system|Popen|startfile|check_call|run)\s*\(/.test(s) &&
      /\b(?:urlopen|urlretrieve|requests|httpx|urllib3|curl|wget|Invoke-WebRequest|DownloadString)\b/.test(s)) ||
      // pkg8: a Windows Script Host script (VBScript / JScript) that downloads with an HTTP object and runs what it saved.
      (WSH_FETCH.test(s) && WSH_RUN.test(s)) ||
      // A shell or PowerShell script whose lines fetch and run code (remote-run.ts).
      // (A literal may be read with its escapes as written: `\n` separates its lines.)
      (s.length < 20_000 && remoteRun(s.replace(/\\[nrt]/g, '\n')) !== null)),
};
/** A script host's HTTP objects and its ways to start a program (`CreateObject("WScript.Shell").Run`, `ShellExecute`). */
const WSH_FETCH = /\b(?:MSXML2\.(?:Server)?XMLHTTP|Microsoft\.XMLHTTP|WinHttp\.WinHttpRequest|ADODB\.Stream)\b/i;
const WSH_RUN = /\.Run\b|\bShellExecute\b|\.Exec\b/;
/** Builtins an obfuscator renames. */
const BUILTIN_VALUES = new Set([
  'exec',
  'eval',
  'compile',
  '__import__',
  'getattr',
  'setattr',
  'globals',
  'locals',
  'vars',
  'str',
  'bytes',
  'bytearray',
  'tuple',
  'list',
  'dict',
  'map',
  'ord',
  'chr',
  'type',
  'int',
  'len',
  'range',
  'zip',
  'open',
  'print',
  'bool',
  'callable',
  'hash',
  'reversed',
  'sum',
  'min',
  'max',
  'abs',
]);
/** A decoder call inside code held in a string literal. */
const CODE_LITERAL_DECODER =
  /\b(?:b64decode|b32decode|b85decode|decompress|marshal\.loads|unhexlify|fromhex|Fernet|decrypt)\s*\(/;
/** Recon: starting an interpreter with inline code (`python -c`). */
const INTERPRETER = /^(?:python[\d.]*|pythonw|py|sys\.executable)(?:\.exe)?$/i;
const SEND_METHOD =
  /^(?:post|put|patch|send|sendall|sendto|sendmail|send_message|urlopen|upload|execute|request|storbinary|storlines|putfo)$/;
/** Methods that put a value into a buffer or container held in a variable. */
// (`set_content` / `set_payload` / `attach`: an e-mail message filled with a value carries it, as a buffer does; pkg22py)
const FILL_METHOD = /^(?:append|appendleft|extend|insert|write|writelines|add|put|put_nowait|set_content|set_payload|attach)$/;
const DECODE =
  /^(?:base64\.(?:b64decode|b32decode|b16decode|b85decode|a85decode|decodebytes|urlsafe_b64decode|decodestring)|binascii\.(?:unhexlify|a2b_base64|a2b_hex)|zlib\.decompress|lzma\.decompress|bz2\.decompress|gzip\.decompress|marshal\.loads|codecs\.decode|bytes\.fromhex|pickle\.loads|cryptography\.fernet\.Fernet\.decrypt|Fernet\.decrypt)$/;
const DECODE_METHOD = /^(?:decrypt|b64decode|decompress|fromhex)$/;
/** Receiving a message on a channel: a socket, a ZeroMQ socket, a pipe or queue end (`conn.recv_bytes()`). */
const RECEIVE_METHOD = /^(?:recv|recv_bytes|recv_string|recv_multipart|recvfrom|recv_into|recvmsg)$/;
const EXEC =
  /^(?:exec|eval|compile|builtins\.(?:exec|eval|compile)|__builtins__\.(?:exec|eval|compile)|types\.FunctionType|runpy\.run_path|runpy\.run_module)$/;
const SHELL =
  /^(?:os\.(?:system|popen|startfile|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?|fexecve)|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|asyncio\.create_subprocess_(?:shell|exec)|pty\.spawn|commands\.getoutput|ctypes\.windll\.shell32\.ShellExecuteW|win32api\.ShellExecute)$/;
// (Not the OS name or CPU architecture, `platform.system()`, `platform.platform()`, `platform.machine()`: a URL built
// with them picks the build to download, as every binary fetcher's does, and says nothing of the machine's owner; pkgnpm11.)
/** SQLAlchemy's engine, connection, session and mapper events that carry statements, parameters or instances (pkgrecall2). */
const DATA_HOOK_EVENT =
  /^(?:before_cursor_execute|after_cursor_execute|before_execute|after_execute|before_insert|after_insert|before_update|after_update|before_delete|after_delete|before_flush|after_flush|after_flush_postexec|before_commit|after_commit|do_orm_execute|load|refresh|set|append)$/;
/** Django's model signals. */
const DJANGO_SIGNAL = /(?:^|\.)(?:pre_save|post_save|pre_delete|post_delete|m2m_changed|pre_init|post_init)$/;
/** HTTP client classes whose instances fetch (FETCH names their methods by the class). */
const HTTP_CLIENT_CLASS = /^(?:requests\.Session|requests\.session|httpx\.Client|httpx\.AsyncClient|urllib3\.PoolManager|aiohttp\.ClientSession)$/;
/** Parsers of plain data formats (JSON, TOML, YAML's safe loader): their result is data, never code (see taintOf). */
const DATA_PARSER = /^(?:json|simplejson|ujson|orjson|rapidjson|hjson|json5|pyjson5|tomllib|tomli|toml|tomlkit)\.loads?$|^yaml\.safe_load(?:_all)?$/;

/** Deserialisers whose data names code to run (pkgrecall2): pickle and its kin, marshal, YAML's full loaders. */
const DESERIALISE =
  /^(?:(?:c?[Pp]ickle|_pickle|dill|cloudpickle|jsonpickle|joblib|marshal)\.(?:loads?|decode)|(?:c?pickle|_pickle|dill)\.Unpickler|pandas\.read_pickle|yaml\.(?:load|load_all|unsafe_load|unsafe_load_all|full_load|full_load_all))$/;
const RECON =
  /^(?:getpass\.getuser|os\.getlogin|socket\.gethostname|socket\.getfqdn|platform\.(?:node|uname)|os\.uname|os\.getcwd|uuid\.getnode)$/;
const EMPTY_NAMES: ReadonlySet<string> = new Set();
/** Identifier characters that need normalisation (letters outside ASCII whose NFKC form is ASCII). */
const NON_ASCII = /[^\x00-\x7f]/;
/** A lookup in the builtins' namespace by key (`__builtins__.__dict__.get('eval')`, `globals().get('exec')`). */
const BUILTINS_GET = /^(?:__builtins__|builtins)(?:\.__dict__)?\.get$/;
const DANGEROUS_NAME =
  /^(?:exec|eval|compile|__import__|getattr|globals|builtins|__builtins__|system|popen|subprocess|os|marshal|base64|zlib|socket|requests|urllib|open)$/;

/**
 * Places the system runs on its own, or reads its package sources from (paths with `/` separators,
 * `$NAME` for an environment value): a file written there acts at every login, shell start or
 * install, long after the code that wrote it is gone (persistence).
 */
/**
 * Lines of a shell start-up file that start no program: the shell's own completion and option set-up (`autoload -Uz
 * compinit`, `compinit`, `bashcompinit`, `zstyle` without `-e`, a function path `fpath+=~/.zfunc`, `setopt`). A start-up
 * file given only such lines, every one a literal of the code, is configuration, not persistence
 * (docs/package-analysis.md, "Branch pkghonest2").
 */
const SHELL_SETUP_LINE =
  /^(?:autoload(?:\s+-[A-Za-z]+)*(?:\s+[\w-]+)+|(?:bash)?compinit(?:\s+-[A-Za-z]+)*|zstyle\s+(?!-e\b)['"][^'"`$;|&<>]*['"](?:\s+[^`$;|&<>()]+)?|fpath\+?=\(?\s*[\w~/.-]+(?:\s+[\w~/.$-]+)*\s*\)?|(?:un)?setopt(?:\s+\w+)+|)$/;
const PERSISTENCE_PLACES: readonly {
  re: RegExp;
  what: string;
  needs?: RegExp;
  ownFolderIsNot?: boolean;
  setupOnly?: boolean;
  /** Only when a line site.py executes acts, or the content is fetched or decoded (python/pth.ts). */
  pthCode?: boolean;
}[] = [
  // site.py executes a .pth file's `import` lines at every interpreter start; path entries and a hand-over to the
  // package's own module (editable installs, coverage, setuptools' distutils shim) run nothing of their own.
  {
    re: /(?:^|\/)[^/]+\.pth$/i,
    what: 'a .pth file whose import line acts (site runs it at every interpreter start)',
    pthCode: true,
  },
  {
    re: /(?:^|\/)\.(?:bashrc|bash_profile|bash_login|zshrc|zprofile|zshenv|zlogin|profile|kshrc|cshrc|tcshrc)$|(?:^|\/)\.config\/fish\/config\.fish$/i,
    what: 'a shell start-up file',
    setupOnly: true,
  },
  {
    re: /(?:^|\/)systemd\/(?:user|system)\/[^/]+\.(?:service|timer)$|(?:^|\/)autostart\/[^/]+\.desktop$/i,
    what: 'a systemd unit or login autostart entry',
  },
  {
    re: /(?:^|\/)Start Menu\/Programs\/Startup\/|(?:^|\/)Startup\/[^/]+\.(?:vbs|js|bat|cmd|lnk|exe|ps1|py|pyw)$/i,
    what: 'the Windows Startup folder',
  },
  { re: /(?:^|\/)Library\/Launch(?:Agents|Daemons)\/[^/]+\.plist$/i, what: 'a macOS launch agent' },
  { re: /^\/etc\/cron|^\/var\/spool\/cron\/|(?:^|\/)crontab$/i, what: 'a cron table' },
  // Blind set 2: PowerShell runs its profile at every start; git runs hooks on checkout, merge and commit.
  { re: /(?:^|\/)(?:Windows)?PowerShell\/(?:Microsoft\.\w+_)?profile\.ps1$/i, what: 'a PowerShell profile' },
  // Python runs usercustomize / sitecustomize at every interpreter start (site.py).
  // Only from a folder on the interpreter's path: a site-packages folder, or one the code did not make itself (pip
  // writes one into a build folder it creates and hands to a child interpreter; site.py never reads that folder).
  { re: /(?:^|\/)(?:user|site)customize\.py$/i, what: 'a Python start-up module (usercustomize / sitecustomize)', ownFolderIsNot: true },
  {
    re: /(?:^|\/)(?:\.git|git)\/hooks\/(?:pre|post|prepare|commit|applypatch|update|reference|fsmonitor)[\w-]*$/i,
    what: 'a git hook',
  },
  // pkg8: sshd runs ~/.ssh/rc at every login of the user and lets in every key of authorized_keys;
  // an AI assistant starts the MCP servers and runs the hooks its configuration names (patterns.ts AI_AGENT_CONFIG).
  { re: /(?:^|\/)\.ssh\/(?:rc|authorized_keys2?)$/, what: "sshd's per-user login script or authorized keys" },
  { re: AI_AGENT_CONFIG, what: "an AI coding assistant's configuration (MCP servers, hooks)" },
  // An assistant's instruction file counts only with orders no rules package gives (send data, another index, hide it).
  { re: AGENT_INSTRUCTIONS, what: "an AI coding assistant's instruction file, with orders to send data, use another package index or keep it from the user,", needs: AGENT_INSTRUCTION_ABUSE },
  // A worm's spread on the machine: every import of the package it edits runs what was added.
  { re: /(?:^|\/)site-packages\/(?:.+\/)?[^/]+\.py$/i, what: "another installed package's code (site-packages)" },
  // pkg22: scripts the system runs at boot or at every login shell.
  { re: /^\/etc\/(?:rc\.local$|init\.d\/|rc\d?\.d\/|profile\.d\/[^/]+\.sh$)/i, what: "a boot or login script of the system (rc.local, init.d, profile.d)" },
  // Every program's name lookups read the hosts file first: a line there sends a host's traffic elsewhere.
  { re: /^\/etc\/hosts$|(?:^|[\\/])drivers[\\/]etc[\\/]hosts$/i, what: "the system's hosts file (every program's name lookups)" },
  {
    re: /(?:^|\/)pip\/pip\.(?:conf|ini)$|(?:^|\/)\.pip\/pip\.conf$|(?:^|\/)pip\.(?:conf|ini)$|(?:^|\/)\.pydistutils\.cfg$|(?:^|\/)\.pypirc$/i,
    what: "the package installer's configuration",
  },
];
/** Commands that upload a package to an index. */
const PUBLISH_COMMAND = /(?:^|\s)(?:twine\s+upload|poetry\s+publish|flit\s+publish|hatch\s+publish|uv\s+publish|pdm\s+publish)\b/;
/** Commands that register a program the system starts by itself. */
const PERSISTENCE_COMMAND =
  /\bgit\s+config\s+(?:--global|--system)\s+(?:--add\s+)?(?:core\.hooksPath|init\.templateDir|core\.fsmonitor|url\.\S+\.(?:push)?insteadOf)\b|\breg(?:\.exe)?\s+add\b[^\n]*\\CurrentVersion\\Run(?:Once)?\b|\bschtasks(?:\.exe)?\s+\/create\b|\bcrontab\b|\bsystemctl\s+--user\s+enable\b|\blaunchctl\s+(?:load|bootstrap)\b/i;
/** What a file written at such a place does that no honest helper writes there: fetch code, or point the installer at another index. */
const FETCHING_CONTENT =
  /\b(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|DownloadString|DownloadFile|Start-BitsTransfer|bitsadmin|mshta)\b|https?:\/\/|\b(?:extra-)?index-url\s*[=:]|\btrusted-host\s*[=:]/i;
/**
 * An environment variable that holds a service's token or key, and the service (its first word):
 * `GITHUB_TOKEN` → GITHUB, `AWS_SECRET_ACCESS_KEY` → AWS, `CI_JOB_TOKEN` → CI. One service's token
 * sent to its service is what a client does; tokens of several services sent together are a harvest.
 */
const CREDENTIAL_ENV =
  /^([A-Z][A-Z0-9]*)_(?:[A-Z0-9]+_)*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|ACCESS_KEY|ACCESS_KEY_ID|SECRET_ACCESS_KEY|PRIVATE_KEY|AUTH)$/;
/**
 * Programs whose output is the environment or the machine's identity: run as a child process, their output carries
 * what they print (a program's own name, or a whole command line such as `cmd /c set`).
 */
const RECON_COMMANDS: readonly (readonly [RegExp, readonly Taint[], 'line' | 'program'])[] = [
  // the whole line: `env` or `printenv` alone print every variable (`printenv HOME` one, `env X=1 cmd` runs cmd)
  [/^(?:(?:\/usr)?(?:\/bin\/)?(?:env|printenv)|(?:cmd(?:\.exe)?\s+\/c\s+)?set|export\s+-p|declare\s+-x|(?:powershell\S*\s+(?:-c(?:ommand)?\s+)?)?(?:get-childitem|gci|dir|ls)\s+env:\S*)$/, ['env', 'recon'], 'line'],
  [/^(?:whoami|hostname|id|uname|ifconfig|ipconfig|systeminfo|scutil|sw_vers|lsb_release)$/, ['recon'], 'program'],
  [/^net\s+(?:user|config\s+\w+|localgroup)\b/, ['recon'], 'line'],
  // pkgrecall2: git prints the repository's remote URL (a token is often written into it) and the user's staged
  // changes: the user's work (`repo_exfil_flow`). Sent to a host the package's metadata declares (a coverage
  // uploader naming the repository to its service) it is relaxed (collector/roles.ts); elsewhere it is theft.
  [/^git\s+(?:remote\s+(?:get-url|-v|show)\b|config\s+(?:--get\s+|--get-all\s+)?remote\.\S+\.url\b|ls-remote\s+--get-url\b|diff\s+(?:\S+\s+)?--(?:cached|staged)\b|stash\s+show\s+-p\b)/, ['repo'], 'line'],
  // git's credential helper prints the stored password of a remote.
  [/^git\s+credential\s+fill\b|^git\s+config\s+(?:--get\s+)?(?:credential\.|http\.\S*extraheader)/, ['secret'], 'line'],
];

/** Calls that start a child process and take its environment as `env=`: the standard library's (SHELL), pexpect's, ptyprocess's. */
const PTY_START = /^(?:pexpect|ptyprocess)(?:\.\w+)*\.(?:spawn\w*|run|PtyProcess\w*)$/;
const startsProcess = (fn: string): boolean => SHELL.test(fn) || PTY_START.test(fn);

/** Services whose tokens, sent in one request, make a harvest (`token_env_exfil_flow`). */
const TOKEN_SERVICES_SENT = 3;
/** Parameter names that hold a caller's key, token or wallet secret. */
const KEY_PARAM =
  /^(?:api_?key|apikey|key|token|access_token|auth_token|secret|secret_key|access_key|private_key|priv_key|password|passphrase|mnemonic|seed_phrase)$/i;
/**
 * Parameter names that hold a wallet's recovery words (BIP39 mnemonics): they derive every key of the wallet, and a
 * wallet library computes the seed locally; sent to a fixed host, they are stolen (docs/package-analysis.md, pkg23py).
 */
const WALLET_SEED_PARAM = /^(?:mnemonic|mnemonic_phrase|mnemonic_words|seed_phrase|seed_words|recovery_phrase|recovery_words|secret_phrase)$/i;
/**
 * Suffixes and names of files that hold secrets (dotenv files, private keys and certificates' keys, key stores, tool
 * credentials): a walk that picks files by them collects secrets (pkg23py).
 */
const SECRET_FILE_SUFFIX = /^(?:\*?\.env|\*?\.pem|\*?\.key|\*?\.p12|\*?\.pfx|\*?\.ppk|\*?\.kdbx|\*?\.keystore|\*?\.jks|id_rsa|id_ed25519|id_ecdsa|\.?npmrc|\.?pypirc|\.?netrc|\.git-credentials|credentials(?:\.json)?|wallet\.dat)$/i;
const WALK_CALL = /\b(?:walk|r?glob|iglob|listdir|scandir|iterdir)\s*\(/;
/** A literal destination that is a public IPv4 address (not loopback, private or link-local). */
const PUBLIC_IP_URL =
  /^(?:[a-z]+:\/\/)?(?!(?:127|10|0)\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.)\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?:[/?#]|$)/;
/** Fields of a web request that carry what its sender wrote. */
const REQUEST_FIELD =
  /^(?:body|GET|POST|headers|data|json|args|form|values|query_params|cookies|META|content|stream|files|get_data|get_json)$/;
/** Calls that parse a settings file (their result is `config` data; a ConfigParser holds what it reads). */
const CONFIG_LOAD =
  /^(?:tomllib|tomli|toml|tomlkit|json|yaml|ruamel\.yaml\.YAML)\.(?:\w+\.)?(?:load|loads|safe_load|full_load|unsafe_load|parse)$|^(?:tomllib|tomli|toml|json|yaml)\.\w*load$|^configparser\.(?:Raw|Safe)?ConfigParser$/;
/** Calls that return a cloud SDK's resolved credentials (the keys themselves). */
/** Words before a file a command runs: launchers, shells and interpreters (`start`, `cmd /c`, `sh`, `python`, `nohup`). */
const LAUNCHER =
  /^(?:start|call|\/c|\/k|cmd(?:\.exe)?|(?:ba|z|da)?sh|python[\d.]*|pythonw|py|perl|ruby|node|nohup|setsid|exec|sudo|wscript|cscript|mshta|msiexec|rundll32|regsvr32|Start-Process|-File|-FilePath|powershell(?:\.exe)?|pwsh|open|xdg-open)(?:\.exe)?$/i;
const CREDENTIAL_CALL = /(?:^|\.)(?:get_credentials|get_frozen_credentials)$/;
/**
 * Other folders on the interpreter's path, besides SITE_PACKAGES_CALL's (`site.USER_SITE`, `sys.prefix`, `sys.path`,
 * pip's `get_purelib()`): pathTexts gives SITE_DIR for them. A start-up module there is persistence.
 */
const SITE_DIR_SOURCE = /^(?:site\.(?:USER_SITE|USER_BASE)|\w*\.?get_(?:pure|plat)lib|sys\.(?:prefix|base_prefix|exec_prefix|path))$/;
const SITE_DIR = '<site-packages>';
const ON_SITE_PATH = /<site-packages>|(?:site|dist)-packages/;
/** Calls that build a path out of their arguments (joined with `/`). */
const PATH_JOIN =
  /^(?:os\.path\.join|posixpath\.join|ntpath\.join|pathlib\.(?:Pure)?(?:Posix|Windows)?Path|(?:Pure)?(?:Posix|Windows)?Path)$/;
/** Calls that return their first argument as a path (expanded, normalised, or the files it matches). */
const PATH_SAME =
  /^(?:os\.path\.(?:expanduser|expandvars|abspath|normpath|realpath)|os\.fspath|str|glob\.i?glob|pathlib\.Path\.(?:expanduser|resolve))$/;
/**
 * Taints that follow arguments into the file's own functions: secrets, the whole environment, and
 * whose parameter a value is. Remote and recon data stay where they are (a downloader passing a
 * fetched path to its version check, a platform string handed to a URL builder are not flows to follow).
 */
/** The home folder or one of the user's document folders, as pathTexts spells them (`~`, `$HOME`, `$USERPROFILE`). */
const USER_FILES_ROOT = /^(?:~|\$HOME|\$USERPROFILE)(?:\/(?:Documents|Desktop|Pictures|Downloads|Music|Videos|OneDrive))?\/?(?:\*\*?(?:\/\*[^/]*)?)?$/;
/** Reading and writing the clipboard (pyperclip, win32clipboard, tkinter, PyQt), by qualified name. */
const CLIPBOARD_READ = /(?:^|\.)(?:pyperclip\.paste|GetClipboardData|clipboard_get)$|^(?:clipboard|pyperclip)\.paste$/;
const CLIPBOARD_WRITE = /(?:^|\.)(?:pyperclip\.copy|SetClipboardData|clipboard_append)$|^(?:clipboard|pyperclip)\.copy$/;
/** A regular expression of a wallet address's shape (Bitcoin bech32 / base58, Ethereum, Tron, Monero). */
const WALLET_SHAPE = /bc1|0x\[(?:a-f|0-9|a-fA-F)|\{40\}|\[13\]|\{2[5-7],3[4-9]\}|\^?T\[|\^?4\[/;
/** Words of a secret's variable name, in a filter over the environment (`if 'TOKEN' in k`). */
const SECRET_KEY_WORD = /TOKEN|SECRET|KEY|PASS|AUTH|CRED|SESSION|COOKIE/i;
const BOUND_TAINT = /^(?:secret|env|param:|token:|keyparam$|walletseed$|patchkey$|secretfiles$)/;
/** Calls that hand a function and its arguments to a thread, a process or an executor. */
const RUNS_TARGET =
  /^(?:threading\.(?:Thread|Timer)|multiprocessing\.Process|(?:concurrent\.futures\.)?\w*Executor\.submit)$/;

type Taints = Set<Taint>;

const norm = (s: string): string => (NON_ASCII.test(s) ? s.normalize('NFKC') : s);
/** A scoped name without its scope prefix. */
const bare = (k: string): string => k.slice(k.indexOf(':') + 1);

function stringValue(n: SyntaxNode): string | null {
  if (n.type === 'string') {
    let out = '';
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (c.type === 'string_content' || c.type === 'escape_sequence')
        out += c.type === 'escape_sequence' ? unescape(c.text) : c.text;
      else if (c.type === 'interpolation') out += '{}';
    }
    return out;
  }
  if (n.type === 'concatenated_string') {
    return n.namedChildren.map((c) => (c ? (stringValue(c) ?? '') : '')).join('');
  }
  return null;
}

function unescape(e: string): string {
  if (/^\\x[0-9a-fA-F]{2}$/.test(e)) return String.fromCharCode(parseInt(e.slice(2), 16));
  if (/^\\u[0-9a-fA-F]{4}$/.test(e)) return String.fromCharCode(parseInt(e.slice(2), 16));
  if (/^\\[0-7]{1,3}$/.test(e)) return String.fromCharCode(parseInt(e.slice(1), 8));
  return e === '\\n' ? '\n' : e === '\\t' ? '\t' : e.slice(1);
}

/** The integers of a list/tuple literal of small integers, or null. */
function intList(n: SyntaxNode | null): number[] | null {
  if (!n || (n.type !== 'list' && n.type !== 'tuple')) return null;
  const out: number[] = [];
  for (const c of n.namedChildren) {
    if (!c || c.type !== 'integer') return null;
    const v = Number(c.text);
    if (!Number.isInteger(v) || v < 0 || v > 0x10ffff) return null;
    out.push(v);
  }
  return out.length > 0 ? out : null;
}

/**
 * Files that hold one service's token (paths with `/` separators), and the service (as its
 * environment variables name it): the GitHub CLI's `hosts.yml` and hub's config, the Hugging Face
 * token, Vault's, Terraform Cloud's, doctl's, Databricks', Kaggle's, ngrok's, the Firebase CLI's.
 */
const TOKEN_FILES: readonly { re: RegExp; service: string }[] = [
  { re: /(?:^|\/)\.config\/(?:gh\/hosts\.ya?ml|hub)$/i, service: 'GITHUB' },
  { re: /(?:^|\/)(?:\.cache\/huggingface|\.huggingface)\/(?:token|stored_tokens)$/i, service: 'HF' },
  { re: /(?:^|\/)\.vault-token$/i, service: 'VAULT' },
  { re: /(?:^|\/)\.terraform\.d\/credentials\.tfrc\.json$/i, service: 'TERRAFORM' },
  { re: /(?:^|\/)doctl\/config\.yaml$/i, service: 'DIGITALOCEAN' },
  { re: /(?:^|\/)\.databrickscfg$/i, service: 'DATABRICKS' },
  { re: /(?:^|\/)\.kaggle\/kaggle\.json$/i, service: 'KAGGLE' },
  { re: /(?:^|\/)ngrok2?\/ngrok\.yml$/i, service: 'NGROK' },
  { re: /(?:^|\/)configstore\/firebase-tools\.json$/i, service: 'GOOGLE' },
];

/**
 * File names of credential stores a wildcard may stand for in a credential folder (`~/.aws/*`, `~/.kube/{}`): only names
 * whose CREDENTIAL_STORE entry needs that folder. Names the pattern takes in any folder (`Login Data`, `id_rsa`,
 * `wallet.dat`) would make every run-time file name a store (pkg22py: an honest held-out Debian package was BLOCKED so).
 */
const STORE_NAMES = ['credentials', 'config', 'config.json'];

/**
 * A credential store whose content is a secret for any destination. A file that holds one service's token (TOKEN_FILES:
 * the GitHub CLI's `hosts.yml`, the Hugging Face token) is judged as that service's token instead, so that sending it to
 * its own service (a GitHub client calling api.github.com with the CLI's token) is not theft; CREDENTIAL_STORE names some
 * of them for the npm reader, which has no per-service judgement.
 */
function isSecretStore(p: string): boolean {
  return CREDENTIAL_STORE.test(p) && !TOKEN_FILES.some((t) => t.re.test(p));
}

/**
 * Whether a path names a credential store (CREDENTIAL_STORE), also through a wildcard last segment in a literal
 * credential folder: a glob over it (`glob('~/.aws/*')`) or a run-time name in it reads whatever store is there.
 */
function namesCredentialStore(p: string): boolean {
  if (isSecretStore(p)) return true;
  const m = /^(.*\/)[^/]*(?:\*|\{\})[^/]*$/.exec(p);
  if (!m || /\*|\{\}/.test(m[1]!)) return false;
  return STORE_NAMES.some((n) => CREDENTIAL_STORE.test(m[1]! + n));
}

function tokenFiles(paths: readonly string[]): Taint[] {
  const out: Taint[] = [];
  for (const f of TOKEN_FILES) if (paths.some((p) => f.re.test(p))) out.push(`token:${f.service}`);
  return out;
}

/** Said of a destination only decoding reveals: the collector never takes it for the package's own host. */
export const HIDDEN_DESTINATION =
  "(the destination is decoded from an encoded literal: hidden, never the package's own)";

/** Services whose tokens go to a package index (its hosts come from configuration: reputation.ts isKnownIndex). */
const REGISTRY_TOKEN = /^(?:PYPI|TWINE|NPM|POETRY|UV|PIP|FLIT|HATCH)$/;
/** Destinations on the machine or its network (a local agent, a proxy): not a host a token is carried to. */
const LOCAL_HOST =
  /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[?::1\]?|[\w-]+)$/i;

/** The host of a send's destination (`https://h/p`, `h:443`, `//h`), lower case; null for a local one. */
function destHost(dest: string): string | null {
  const h = dest
    .replace(/^[a-z][\w+.-]*:\/\//i, '')
    .replace(/^\/\//, '')
    .split(/[/?#]/, 1)[0]!
    .replace(/^[^@]*@/, '')
    .replace(/:\d+$/, '')
    .toLowerCase();
  return h === '' || h.includes('{}') || LOCAL_HOST.test(h) ? null : h;
}

/**
 * Does service `sv`'s token go elsewhere when sent to `host`? A known vendor's token (reputation.ts
 * SECRET_VENDORS: GitHub, AWS, OpenAI, Hugging Face…) anywhere but the vendor's hosts; a package
 * index token anywhere but a known or configured index; any other token (its service unknown) only to
 * an IP address, a paste site or a request collector.
 */
function tokenGoesElsewhere(sv: string, host: string, dest: string): boolean {
  if (REGISTRY_TOKEN.test(sv)) return !isKnownIndex(host);
  if (SECRET_VENDORS.some((v) => v.prefix.test(`${sv}_`))) return secretGoesElsewhere(`${sv}_TOKEN`, host);
  return isIpLiteral(host) || isPasteHost(host) || isCollector(dest, host);
}

/** Decoders of a literal that strOf applies in place (the encoding they imply, or `codecs.decode`, whose second argument names it). */
const LITERAL_DECODER =
  /^(base64\.(?:b64decode|urlsafe_b64decode|decodebytes|b32decode|b16decode)|bytes\.fromhex|bytearray\.fromhex|binascii\.(?:unhexlify|a2b_hex|a2b_base64)|codecs\.decode)$/;

/** A literal decoded as `enc` says (base64, base32, hex, rot13), as Latin-1 text; null when it does not decode. */
function decodeLiteral(x: string, enc: string): string | null {
  const e = enc.toLowerCase().replace(/[-_]/g, '');
  if (x.length > 65536) return null;
  if (/b64decode|decodebytes|a2bbase64|^base64$/.test(e)) {
    const t = x.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(t)) return null;
    return Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
  }
  if (/fromhex|unhexlify|a2bhex|b16decode|^hex$/.test(e)) {
    const t = x.replace(/\s+/g, '');
    return /^(?:[0-9a-fA-F]{2})*$/.test(t) ? Buffer.from(t, 'hex').toString('latin1') : null;
  }
  if (/b32decode/.test(e)) {
    const t = x.replace(/=+$/, '').toUpperCase();
    if (!/^[A-Z2-7]*$/.test(t)) return null;
    let bits = 0;
    let acc = 0;
    let out = '';
    for (const ch of t) {
      acc = (acc << 5) | 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(ch);
      bits += 5;
      if (bits >= 8) {
        bits -= 8;
        out += String.fromCharCode((acc >> bits) & 0xff);
      }
    }
    return out;
  }
  if (/^rot13$/.test(e))
    return x.replace(/[a-zA-Z]/g, (c) =>
      String.fromCharCode((((c.charCodeAt(0) & 31) + 12) % 26) + (c.charCodeAt(0) & 96) + 1),
    );
  return null;
}

class Analysis {
  /** Local name → qualified name (imports and aliases). */
  readonly alias = new Map<string, string>();
  /** Variable → taints (flow-insensitive). */
  readonly taint = new Map<string, Taints>();
  /** Variables known to hold a literal string (URL building). */
  readonly strings = new Map<string, string>();
  /** Variables whose string was decoded from an encoded literal, and destinations read so (hidden: never the package's own). */
  readonly decodedNames = new Set<string>();
  readonly hiddenDests = new Set<string>();
  /** Read literals as written, without decoding them (to tell a hidden string from a plain one). */
  decodeOff = false;
  /** Functions whose return value is tainted. */
  readonly funcTaint = new Map<string, Taints>();
  /** Paths (variable names or literal texts) of files written with tainted data. */
  readonly taintedFiles = new Map<string, Taints>();
  /** Where a file is first downloaded to (`urlretrieve(u, p)`), by path key: an import after it loads the download. */
  private readonly downloadedAt = new Map<string, number>();
  readonly findings: PyFlowFinding[] = [];
  readonly calls = new Set<string>();
  readonly seen = new Set<string>();
  remoteCommand = false;
  commandNetwork = false;
  fetches = false;
  reconSent = false;
  nfkc = 0;
  nfkcDangerous: SyntaxNode | null = null;
  nodes = 0;
  /** Statements of interest, collected in one walk. */
  readonly assigns: SyntaxNode[] = [];
  readonly callNodes: SyntaxNode[] = [];
  readonly withs: SyntaxNode[] = [];
  readonly fors: SyntaxNode[] = [];
  readonly funcs: SyntaxNode[] = [];
  readonly classes: SyntaxNode[] = [];
  readonly installHookNames: string[] = [];
  codeLiteralDecodeExec = false;
  readonly runsFiles: string[] = [];
  readonly sendsParam = new Map<string, string | null>();
  readonly runsConfig: { line: number; evidence: string }[] = [];
  readonly runsParam = new Map<string, number>();
  readonly fileFns = new Map<string, Taints>();
  readonly runsOther: { callee: string; line: number; evidence: string }[] = [];
  readonly usesOther: PyFacts['usesOther'] = [];
  readonly handsOff: {
    callee: string;
    line: number;
    evidence: string;
    secret: boolean;
    env: boolean;
    request?: boolean;
    records?: boolean;
    seed?: boolean;
  }[] = [];

  /** Each parameter of a module-level function carries `param:NAME`, so a send shows whose argument it sends. */
  seedParams(root: SyntaxNode): void {
    for (const f of this.funcs) {
      const holder = f.parent?.type === 'decorated_definition' ? f.parent.parent : f.parent;
      if (holder !== root) continue;
      const name = f.childForFieldName('name')?.text;
      if (!name) continue;
      for (const p of this.params(f)) this.addTaint(`f${f.startIndex}:${p}`, new Set<Taint>([`param:${name}`]));
    }
    // pkgrecall2: a data layer's hook the file registers (DATA_HOOK): its parameters are the application's records
    // (rows and statement parameters, saved model instances).
    for (const f of this.funcs)
      if (this.dataHook(f)) for (const p of this.params(f)) this.addTaint(`f${f.startIndex}:${p}`, new Set<Taint>(['records']));
    // A parameter named as a key or token (`api_key`, `private_key`, `token`) holds the caller's secret (blind set 2).
    for (const f of this.funcs)
      for (const p of this.params(f)) {
        if (KEY_PARAM.test(p)) this.addTaint(`f${f.startIndex}:${p}`, new Set<Taint>(['keyparam']));
        if (WALLET_SEED_PARAM.test(p)) this.addTaint(`f${f.startIndex}:${p}`, new Set<Taint>(['walletseed']));
      }
    // A file name tested against secret files' suffixes inside a walk of a folder (`for f in files: if
    // f.endswith(('.env', '.pem'))`, `fnmatch(f, '*.key')`): what it names holds secrets (pkg23py).
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      const q = this.qname(fnNode) ?? '';
      const args = this.args(c);
      let subject: SyntaxNode | null = null;
      let pattern: SyntaxNode | null = null;
      if (fnNode?.type === 'attribute' && /^(?:endswith|match|fullmatch)$/.test(fnNode.childForFieldName('attribute')?.text ?? '') && !/^(?:re|fnmatch)$/.test(fnNode.childForFieldName('object')?.text ?? '')) {
        subject = fnNode.childForFieldName('object');
        pattern = args[0] ?? null;
      } else if (/^fnmatch\.fnmatch(?:case)?$/.test(q)) {
        subject = args[0] ?? null;
        pattern = args[1] ?? null;
      }
      if (subject?.type !== 'identifier' || !pattern) continue;
      const lits = (pattern.type === 'tuple' || pattern.type === 'list' ? pattern.namedChildren : [pattern]).map((x) => (x ? this.strOf(x) : null));
      if (!lits.some((l) => l !== null && SECRET_FILE_SUFFIX.test(l))) continue;
      let inWalk = false;
      for (let p = c.parent; p && p.type !== 'function_definition' && !inWalk; p = p.parent)
        if ((p.type === 'for_statement' || p.type === 'list_comprehension' || p.type === 'generator_expression' || p.type === 'set_comprehension') && WALK_CALL.test(p.text.slice(0, 400))) inWalk = true;
      if (inWalk) this.addTaint(this.scopeOf(subject) + this.ident(subject), new Set<Taint>(['secretfiles']));
    }
    // A function of the file assigned over an attribute of another object (`module.Credentials.__init__ = init`,
    // `requests.Session.send = _send`): a monkeypatch, so its key-named parameters are what the patched library's
    // callers hand that library (pkg23py).
    const patched = new Set<string>();
    for (const a of this.assigns) {
      if (a.type !== 'assignment') continue;
      const l = a.childForFieldName('left');
      const r = a.childForFieldName('right');
      if (l?.type !== 'attribute' || r?.type !== 'identifier') continue;
      if (/^(?:self|cls)$/.test(l.childForFieldName('object')?.text ?? '')) continue;
      patched.add(r.text);
    }
    if (patched.size > 0)
      for (const f of this.funcs) {
        const name = f.childForFieldName('name')?.text;
        if (!name || !patched.has(name)) continue;
        for (const p of this.params(f)) if (KEY_PARAM.test(p)) this.addTaint(`f${f.startIndex}:${p}`, new Set<Taint>(['patchkey']));
      }
  }

  /**
   * Is `f` registered as a data layer's hook (pkgrecall2)? Decorated `@event.listens_for(Target, "before_cursor_execute")`
   * (SQLAlchemy) or `@receiver(post_save, …)` (Django), or handed to `event.listen(Target, "event", f)` /
   * `post_save.connect(f)`.
   */
  private dataHook(f: SyntaxNode): boolean {
    const name = f.childForFieldName('name')?.text;
    const deco = f.parent?.type === 'decorated_definition' ? f.parent.namedChildren.filter((x) => x?.type === 'decorator') : [];
    for (const d of deco) {
      const call = d!.namedChildren[0];
      if (call?.type !== 'call') continue;
      const q = this.qname(call.childForFieldName('function')) ?? call.childForFieldName('function')?.text ?? '';
      const args = this.args(call);
      if (/(?:^|\.)listens_for$/.test(q) && args[1] && DATA_HOOK_EVENT.test(this.strOf(args[1]) ?? '')) return true;
      // Django's `@receiver(post_save)` or `@receiver([post_save, post_delete], sender=M)` (pkg22: a list of signals).
      if (/(?:^|\.)receiver$/.test(q) && args[0] && (args[0].type === 'list' || args[0].type === 'tuple' ? args[0].namedChildren : [args[0]]).some((x) => DJANGO_SIGNAL.test(x?.text ?? '')))
        return true;
      // peewee's `playhouse.signals` and Tortoise's `tortoise.signals` decorate the handler with the signal itself:
      // `@post_save(sender=User)`, `@post_save(User)` (pkg22).
      if (DJANGO_SIGNAL.test(q)) return true;
    }
    if (!name) return false;
    return this.hookRegistered().has(name);
  }

  private registeredHooks: Set<string> | null = null;
  /**
   * The names the file's calls register as a data layer's hook: `event.listen(Target, "event", f)` and
   * `post_save.connect(f)`. Read once per file (the calls are all collected by then): asked per function, the walk
   * over every call was the package analysis's hottest loop (functions × calls; docs/testing.md, "Run time").
   */
  private hookRegistered(): Set<string> {
    if (this.registeredHooks) return this.registeredHooks;
    const names = new Set<string>();
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      const q = this.qname(fnNode) ?? fnNode?.text ?? '';
      const args = this.args(c);
      const listened = args[2]?.text;
      if (listened && /(?:^|\.)event\.listen$/.test(q) && DATA_HOOK_EVENT.test(this.strOf(args[1]!) ?? '')) names.add(listened);
      const connected = args[0]?.text;
      if (connected && fnNode?.type === 'attribute' && fnNode.childForFieldName('attribute')?.text === 'connect' && DJANGO_SIGNAL.test(fnNode.childForFieldName('object')?.text ?? ''))
        names.add(connected);
    }
    this.registeredHooks = names;
    return names;
  }

  /** Scope of a node: the enclosing function's start (names are per function; module names are visible in functions). */
  scopeOf(n: SyntaxNode): string {
    for (let p = n.parent; p; p = p.parent)
      if (p.type === 'function_definition' || p.type === 'lambda') return `f${p.startIndex}:`;
    return 'm:';
  }

  /**
   * Taints of a name as seen from `at`: its function's binding, an enclosing function's (a closure), else
   * the module's. A name the function binds anywhere (assigned, a loop or `with` target, a parameter, an
   * import, a nested def or class) is local to it for its whole body, as Python scopes it: an untainted
   * local never reads the module's variable of the same name.
   */
  nameTaint(name: string, at: SyntaxNode): Taints | undefined {
    for (let p = at.parent; p; p = p.parent) {
      if (p.type !== 'function_definition' && p.type !== 'lambda') continue;
      const scope = `f${p.startIndex}:`;
      const t = this.taint.get(scope + name);
      if (t) return t;
      if (this.localNames(scope).has(name)) return undefined;
    }
    return this.taint.get(`m:${name}`);
  }

  /** Import statements and `global` / `nonlocal` declarations, collected in the walk. */
  readonly importNodes: SyntaxNode[] = [];
  readonly scopeDecls: SyntaxNode[] = [];
  private locals: Map<string, Set<string>> | null = null;
  private globalsDeclared: Map<string, Set<string>> | null = null;

  /** Names bound by an assignment target: identifiers, through tuples and lists (not `a[k] =` or `a.b =`, which bind nothing). */
  private boundNames(n: SyntaxNode | null, out: string[] = []): string[] {
    if (!n || n.type === 'subscript' || n.type === 'attribute') return out;
    if (n.type === 'identifier') out.push(this.ident(n));
    else for (const c of n.namedChildren) this.boundNames(c, out);
    return out;
  }

  /** Names local to a function scope (`f<start>:`): what it binds, less what it declares `global` or `nonlocal`. */
  localNames(scope: string): ReadonlySet<string> {
    if (!this.locals) {
      const locals = new Map<string, Set<string>>();
      const globals = new Map<string, Set<string>>();
      const add = (sc: string, names: Iterable<string>) => {
        if (sc === 'm:') return;
        let s = locals.get(sc);
        if (!s) locals.set(sc, (s = new Set()));
        for (const x of names) s.add(x);
      };
      for (const a of this.assigns)
        add(this.scopeOf(a), this.boundNames(a.childForFieldName(a.type === 'named_expression' ? 'name' : 'left')));
      for (const f of this.fors)
        if (f.type === 'for_statement') add(this.scopeOf(f), this.boundNames(f.childForFieldName('left')));
      for (const w of this.withs)
        for (const item of w.descendantsOfType('as_pattern'))
          if (item) add(this.scopeOf(item), this.boundNames(item.childForFieldName('alias')));
      for (const f of this.funcs) {
        add(`f${f.startIndex}:`, this.params(f));
        const id = f.childForFieldName('name');
        if (id) add(this.scopeOf(f), [this.ident(id)]);
      }
      for (const c of this.classes) {
        const id = c.childForFieldName('name');
        if (id) add(this.scopeOf(c), [this.ident(id)]);
      }
      for (const n of this.importNodes) {
        const names: string[] = [];
        for (const c of n.type === 'import_statement' ? n.namedChildren : n.childrenForFieldName('name')) {
          if (c?.type === 'dotted_name') names.push(c.text.split('.')[0]!.trim());
          else if (c?.type === 'aliased_import') {
            const as = c.childForFieldName('alias');
            if (as) names.push(this.ident(as));
          }
        }
        add(this.scopeOf(n), names);
      }
      for (const d of this.scopeDecls) {
        const sc = this.scopeOf(d);
        const names = d.namedChildren.filter((x) => x?.type === 'identifier').map((x) => this.ident(x!));
        for (const x of names) locals.get(sc)?.delete(x);
        if (d.type === 'global_statement' && sc !== 'm:') {
          let g = globals.get(sc);
          if (!g) globals.set(sc, (g = new Set()));
          for (const x of names) g.add(x);
        }
      }
      this.locals = locals;
      this.globalsDeclared = globals;
    }
    return this.locals.get(scope) ?? EMPTY_NAMES;
  }

  /** The taint key of a name bound in `scope`: the module's when the function declares it `global`. */
  bindingKey(scope: string, name: string): string {
    if (scope !== 'm:') {
      this.localNames(scope);
      if (this.globalsDeclared!.get(scope)?.has(name)) return `m:${name}`;
    }
    return scope + name;
  }

  /** Start offsets (in the normalised text) of words that NFKC changed, with their original spelling. */
  changedWords = new Map<number, string>();

  ident(n: SyntaxNode): string {
    return n.text;
  }

  /** An identifier that only NFKC made readable. */
  private checkNfkc(n: SyntaxNode): void {
    const orig = this.changedWords.get(n.startIndex);
    if (orig === undefined) return;
    this.nfkc++;
    if (!this.nfkcDangerous && DANGEROUS_NAME.test(n.text)) {
      this.nfkcDangerous = n;
      this.nfkcOriginal = orig;
    }
  }

  nfkcOriginal = '';

  // ---- walking ---------------------------------------------------------------------------------

  walk(root: SyntaxNode): void {
    const stack: SyntaxNode[] = [root];
    while (stack.length > 0 && this.nodes < MAX_NODES) {
      const n = stack.pop()!;
      this.nodes++;
      switch (n.type) {
        case 'import_statement':
        case 'import_from_statement':
          this.imports(n);
          this.importNodes.push(n);
          break;
        case 'global_statement':
        case 'nonlocal_statement':
          this.scopeDecls.push(n);
          break;
        case 'assignment':
        case 'augmented_assignment':
        case 'named_expression':
          this.assigns.push(n);
          break;
        case 'call':
          this.callNodes.push(n);
          break;
        case 'with_statement':
          this.withs.push(n);
          break;
        case 'for_statement':
        case 'for_in_clause':
          this.fors.push(n);
          break;
        case 'function_definition':
          this.funcs.push(n);
          break;
        case 'class_definition':
          this.classes.push(n);
          break;
        case 'string':
          if (!this.codeLiteralDecodeExec && n.endIndex - n.startIndex > 40) {
            const t = n.text;
            if (/\b(?:exec|eval)\s*\(/.test(t) && CODE_LITERAL_DECODER.test(t)) this.codeLiteralDecodeExec = true;
          }
          break;
        case 'identifier':
          this.checkNfkc(n);
          break;
      }
      const kids = n.namedChildren;
      for (let i = kids.length - 1; i >= 0; i--) if (kids[i]) stack.push(kids[i]!);
    }
  }

  private imports(n: SyntaxNode): void {
    if (n.type === 'import_statement') {
      for (const c of n.namedChildren) {
        if (!c) continue;
        if (c.type === 'dotted_name') {
          const q = this.dotted(c);
          this.alias.set(q.split('.')[0]!, q.split('.')[0]!);
        } else if (c.type === 'aliased_import') {
          const name = c.childForFieldName('name');
          const as = c.childForFieldName('alias');
          if (name && as) this.alias.set(this.ident(as), this.dotted(name));
        }
      }
      return;
    }
    const mod = n.childForFieldName('module_name');
    const base = mod ? this.dotted(mod) : '';
    for (const c of n.childrenForFieldName('name')) {
      if (!c) continue;
      if (c.type === 'dotted_name') {
        const q = this.dotted(c);
        // `from . import checks` is `.checks` (a relative base ends with its dots).
        this.alias.set(q, base ? `${base}${base.endsWith('.') ? '' : '.'}${q}` : q);
      } else if (c.type === 'aliased_import') {
        const name = c.childForFieldName('name');
        const as = c.childForFieldName('alias');
        if (name && as)
          this.alias.set(
            this.ident(as),
            base ? `${base}${base.endsWith('.') ? '' : '.'}${this.dotted(name)}` : this.dotted(name),
          );
      }
    }
  }

  private dotted(n: SyntaxNode): string {
    if (n.type === 'relative_import') return n.text;
    return (
      n.namedChildren
        .filter((c): c is SyntaxNode => !!c && c.type === 'identifier')
        .map((c) => this.ident(c))
        .join('.') || norm(n.text)
    );
  }

  // ---- names -----------------------------------------------------------------------------------

  /** Qualified name of an expression used as a callee or an object (`sp.Popen` → `subprocess.Popen`). */
  qname(n: SyntaxNode | null, depth = 0): string | null {
    if (!n || depth > 8) return null;
    switch (n.type) {
      case 'identifier': {
        const id = this.ident(n);
        return this.alias.get(id) ?? id;
      }
      case 'attribute': {
        const obj = this.qname(n.childForFieldName('object'), depth + 1);
        const attr = n.childForFieldName('attribute');
        if (!attr) return null;
        return obj ? `${obj}.${this.ident(attr)}` : null;
      }
      case 'call': {
        const fn = this.qname(n.childForFieldName('function'), depth + 1);
        const args = this.args(n);
        if (fn === '__import__' || fn === 'importlib.import_module' || fn === 'builtins.__import__') {
          const s = args[0] ? this.strOf(args[0]) : null;
          return s ? s : null;
        }
        if (fn === 'getattr' && args.length >= 2) {
          const obj = this.qname(args[0]!, depth + 1);
          const s = this.strOf(args[1]!);
          if (s) return obj && obj !== 'builtins' && obj !== '__builtins__' ? `${obj}.${s}` : s;
          return null;
        }
        if (fn === 'globals' || fn === 'locals' || fn === 'vars') return '__builtins__';
        // type(lambda: 0) is the function type: calling it makes a function of a code object.
        if (fn === 'type' && args[0]?.type === 'lambda') return 'types.FunctionType';
        // __builtins__.__dict__.get('eval'), globals().get('exec'), vars(builtins).get(…)
        if (fn && BUILTINS_GET.test(fn) && args[0]) return this.strOf(args[0]);
        // `requests.Session().get`: the class instance is named by its class.
        return fn;
      }
      case 'subscript': {
        // globals()['exec'], __builtins__.__dict__['eval'], vars(builtins)['exec']
        const v = n.childForFieldName('value');
        const s = n.childForFieldName('subscript');
        const key = s ? this.strOf(s) : null;
        const base = this.qname(v, depth + 1);
        if (key && base && /(?:^|\.)(?:__builtins__|builtins|__dict__)$/.test(base)) return key;
        return null;
      }
      case 'parenthesized_expression': {
        const c = n.namedChildren[0];
        return c ? this.qname(c, depth + 1) : null;
      }
      default:
        return null;
    }
  }

  /** The literal value under `key` of the dictionary literal `name` is bound to, when it is bound once (pkgrecall2). */
  private dictValue(name: string, key: string, depth: number, env?: ReadonlyMap<string, string>): string | null {
    let dict: SyntaxNode | null = null;
    let n = 0;
    for (const a of this.assigns) {
      if (a.type !== 'assignment' || a.childForFieldName('left')?.text !== name) continue;
      if (++n > 1) return null;
      const r = a.childForFieldName('right');
      dict = r?.type === 'dictionary' ? r : null;
    }
    if (!dict) return null;
    for (const pair of dict.namedChildren) {
      if (pair?.type !== 'pair') continue;
      const k = pair.childForFieldName('key');
      const v = pair.childForFieldName('value');
      if (k && v && stringValue(k) === key) return this.strOf(v, depth + 1, env);
    }
    return null;
  }

  /** The literal URL a fetch in the scope of `c` (its function, or module code) goes to, if any (pkgrecall2). */
  private fixedFetch(c: SyntaxNode): string | null {
    const scope = this.scopeOf(c);
    for (const f of this.callNodes) {
      if (this.scopeOf(f) !== scope) continue;
      const fnNode = f.childForFieldName('function');
      const fn = this.qname(fnNode);
      const method = fnNode?.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : '';
      if (!((fn && FETCH.test(fn)) || FETCH_METHOD.test(method) || /^(?:get|post|request|stream)$/.test(method))) continue;
      const args = this.args(f);
      for (const a of args.slice(0, 2)) {
        const v = a.type === 'keyword_argument' ? (/^url$/.test(a.childForFieldName('name')?.text ?? '') ? a.childForFieldName('value') : null) : a;
        const u = v ? this.strOf(v) : null;
        if (u && /^(?:https?|ftp):\/\/[\w-]+(?:\.[\w-]+)+/i.test(u)) return u.slice(0, 120);
      }
    }
    return null;
  }

  /**
   * Whether the file names a fixed server anywhere: a literal (or evaluable) URL handed to any call, or bound to a
   * name (`source = 'https://…'`, a class attribute). A file that names none fetches only from servers its caller or its
   * configuration names (graphql-core's Quiver Cloud backend compiles the code a user-configured DSN returns; pkg22py).
   */
  private namesFixedServer(): boolean {
    if (this.fixedServer !== undefined) return this.fixedServer;
    // (a scheme and whatever host the reader evaluated, an empty one included; a host filled at run time is not fixed)
    const url = /^(?:https?|ftp|wss?):\/\/(?!\{)/i;
    this.fixedServer = [...this.strings.values()].some((v) => url.test(v));
    if (!this.fixedServer)
      for (const f of this.callNodes) {
        // Any call handed a literal URL, directly or in a tuple or list (`_grab('http://…')`, `Process(…, args=('http://…',))`).
        const handed = this.args(f).flatMap((a) => {
          const v = a.type === 'keyword_argument' ? a.childForFieldName('value') : a;
          return v?.type === 'tuple' || v?.type === 'list' ? v.namedChildren : v ? [v] : [];
        });
        if (handed.some((a) => a && url.test(this.strOf(a) ?? ''))) {
          this.fixedServer = true;
          break;
        }
      }
    return this.fixedServer;
  }
  private fixedServer: boolean | undefined;

  /** `yaml.load(x, Loader=yaml.SafeLoader)` / `yaml.load(x, SafeLoader)`: YAML's safe loader builds plain data only. */
  private safeLoader(c: SyntaxNode, fn: string): boolean {
    if (!fn.startsWith('yaml.')) return false;
    return this.args(c)
      .slice(1)
      .some((a) => /Safe(?:Loader|_load)|BaseLoader/.test(a.text));
  }

  /** What the command a process call runs prints about the machine (RECON_COMMANDS), by its program's name. */
  commandPrints(cmd: SyntaxNode | undefined): readonly Taint[] {
    if (!cmd) return [];
    const parts = cmd.type === 'list' || cmd.type === 'tuple' ? cmd.namedChildren.filter((c): c is SyntaxNode => !!c) : [cmd];
    const text = parts.length ? parts.map((p) => this.strOf(p) ?? '{}').join(' ') : null;
    const program = text?.trim().split(/\s+/)[0]?.split(/[\\/]/).pop()?.toLowerCase().replace(/\.exe$/, '');
    if (!program) return [];
    const line = text!.trim().toLowerCase().replace(/\s+/g, ' ');
    for (const [re, taints, by] of RECON_COMMANDS) if (re.test(by === 'line' ? line : program)) return taints;
    return [];
  }

  args(call: SyntaxNode): SyntaxNode[] {
    const a = call.childForFieldName('arguments');
    if (!a) return [];
    return a.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== 'comment');
  }

  /**
   * The string an expression builds, when it is built from literals: plain and concatenated strings,
   * `+`, `''.join([...])`, `bytes([..]).decode()`, `''.join(chr(x) for x in [..])`, `chr(..)`, names
   * holding such strings, f-strings (interpolations as `{}`); and literals decoded in place (a name
   * or a command hidden so): `base64.b64decode('b3M=').decode()`, `bytes.fromhex('…')`,
   * `binascii.unhexlify`, `codecs.decode(s, 'rot13' | 'hex' | 'base64')`, `s[::-1]`, and a
   * one-parameter lambda or function of the file that returns such a decoding of its parameter
   * (`_d = lambda s: base64.b64decode(s).decode()`, then `_d('c3lzdGVt')`). `env` binds that parameter.
   */
  strOf(n: SyntaxNode, depth = 0, env?: ReadonlyMap<string, string>): string | null {
    if (depth > 12) return null;
    const s = stringValue(n);
    if (s !== null) return s;
    switch (n.type) {
      case 'identifier':
        if (this.decodeOff && this.decodedNames.has(this.ident(n))) return null;
        return env?.get(this.ident(n)) ?? this.strings.get(this.ident(n)) ?? null;
      case 'parenthesized_expression':
        return n.namedChildren[0] ? this.strOf(n.namedChildren[0]!, depth + 1, env) : null;
      case 'binary_operator': {
        const op = n.childForFieldName('operator')?.text;
        const l = n.childForFieldName('left');
        const r = n.childForFieldName('right');
        if (op === '+' && l && r) {
          const a = this.strOf(l, depth + 1, env);
          const b = this.strOf(r, depth + 1, env);
          if (a !== null || b !== null) return (a ?? '{}') + (b ?? '{}');
        }
        if (op === '%' && l) return this.strOf(l, depth + 1, env);
        return null;
      }
      case 'subscript': {
        // 'metsys'[::-1]
        const sl = n.childForFieldName('subscript');
        const v = n.childForFieldName('value');
        if (!this.decodeOff && sl?.type === 'slice' && v && /^::\s*-1$/.test(sl.text.replace(/\s+/g, ''))) {
          const x = this.strOf(v, depth + 1, env);
          return x === null ? null : [...x].reverse().join('');
        }
        // pkgrecall2: `CFG["url"]` of a dictionary literal bound once (a destination kept in a settings table).
        if (sl && v?.type === 'identifier') {
          const key = this.strOf(sl, depth + 1, env);
          return key === null ? null : this.dictValue(v.text, key, depth + 1, env);
        }
        return null;
      }
      case 'call': {
        const fnNode = n.childForFieldName('function');
        const args = this.args(n);
        // `CFG.get("url")` of such a dictionary.
        if (
          fnNode?.type === 'attribute' &&
          fnNode.childForFieldName('attribute')?.text === 'get' &&
          fnNode.childForFieldName('object')?.type === 'identifier' &&
          args[0]
        ) {
          const key = this.strOf(args[0], depth + 1, env);
          const d = key === null ? null : this.dictValue(fnNode.childForFieldName('object')!.text, key, depth + 1, env);
          if (d !== null) return d;
        }
        if (fnNode?.type === 'attribute') {
          const method = fnNode.childForFieldName('attribute')?.text;
          const obj = fnNode.childForFieldName('object');
          if (method === 'join' && args[0] && obj) {
            const sep = this.strOf(obj, depth + 1, env) ?? '';
            const parts = this.seqStrings(args[0], depth + 1, env);
            if (parts) return parts.join(sep);
          }
          if (method === 'decode' && obj && !LITERAL_DECODER.test(this.qname(fnNode) ?? '')) {
            // bytes([104, 116, ...]).decode(), b'...'.decode()
            if (obj.type === 'call' && this.qname(obj.childForFieldName('function')) === 'bytes') {
              const ints = intList(this.args(obj)[0] ?? null);
              if (ints && ints.every((x) => x < 256)) return String.fromCharCode(...ints);
            }
            const enc = args[0] ? this.strOf(args[0], depth + 1, env) : null;
            const inner = this.strOf(obj, depth + 1, env);
            return inner !== null && enc !== null && !this.decodeOff ? (decodeLiteral(inner, enc) ?? inner) : inner;
          }
          if ((method === 'format' || method === 'strip' || method === 'replace' || method === 'lower') && obj)
            return this.strOf(obj, depth + 1, env);
        }
        const fn = this.qname(fnNode);
        if (fn === 'chr' && args[0]?.type === 'integer') return String.fromCharCode(Number(args[0].text) & 0xffff);
        if ((fn === 'str' || fn === 'bytes' || fn === 'bytearray') && args[0] && args[0].type !== 'list')
          return this.strOf(args[0], depth + 1, env);
        // A literal decoded in place.
        const dec = fn && !this.decodeOff ? LITERAL_DECODER.exec(fn) : null;
        if (dec && args[0]) {
          const x = this.strOf(args[0], depth + 1, env);
          if (x === null) return null;
          if (dec[1] === 'codecs.decode') {
            const enc = args[1] ? this.strOf(args[1], depth + 1, env) : null;
            return enc === null ? null : decodeLiteral(x, enc);
          }
          return decodeLiteral(x, dec[1]!);
        }
        // A decoder of the file's own, with one parameter: `_d('c3lzdGVt')`.
        if (fnNode?.type === 'identifier' && args.length === 1 && depth < 8 && !this.decodeOff) {
          const body = this.decoderBody(fnNode.text);
          const x = body?.param ? this.strOf(args[0]!, depth + 1, env) : null;
          if (body?.param && x !== null) return this.strOf(body.expr, depth + 1, new Map([[body.param, x]]));
        }
        // pkgrecall2: a function of the file without parameters that returns a literal (`def _h(): return "…"`,
        // `_h = lambda: "…"`): a destination kept behind a call is the same destination.
        if (fnNode?.type === 'identifier' && args.length === 0 && depth < 8) {
          const body = this.decoderBody(fnNode.text);
          if (body && body.param === null) return this.strOf(body.expr, depth + 1);
        }
        return null;
      }
      default:
        return null;
    }
  }

  /** Lambdas and functions of the file with one parameter (or none: `param` null) whose body is one expression (or one return). */
  private decoders: Map<string, { param: string | null; expr: SyntaxNode } | null> | null = null;

  private decoderBody(name: string): { param: string | null; expr: SyntaxNode } | null {
    if (!this.decoders) {
      this.decoders = new Map();
      for (const a of this.assigns) {
        const left = a.childForFieldName('left');
        const right = a.childForFieldName('right');
        if (left?.type !== 'identifier' || right?.type !== 'lambda') continue;
        const ps = right.childForFieldName('parameters')?.namedChildren ?? [];
        const body = right.childForFieldName('body');
        if (((ps.length === 1 && ps[0]!.type === 'identifier') || ps.length === 0) && body)
          this.decoders.set(left.text, this.decoders.has(left.text) ? null : { param: ps[0]?.text ?? null, expr: body });
      }
      for (const f of this.funcs) {
        const id = f.childForFieldName('name')?.text;
        const ps = f.childForFieldName('parameters')?.namedChildren ?? [];
        const stmts =
          f
            .childForFieldName('body')
            ?.namedChildren.filter(
              (x) =>
                x.type !== 'comment' && !(x.type === 'expression_statement' && x.namedChildren[0]?.type === 'string'),
            ) ?? [];
        const ret =
          stmts.length === 1 && stmts[0]!.type === 'return_statement' ? stmts[0]!.namedChildren[0] : undefined;
        if (id && ((ps.length === 1 && ps[0]!.type === 'identifier') || ps.length === 0) && ret)
          this.decoders.set(id, this.decoders.has(id) ? null : { param: ps[0]?.text ?? null, expr: ret });
      }
    }
    return this.decoders.get(name) ?? null;
  }

  /** Strings of a sequence: a list of string expressions, or `chr(x) for x in [ints]`. */
  private seqStrings(n: SyntaxNode, depth: number, env?: ReadonlyMap<string, string>): string[] | null {
    if (n.type === 'list' || n.type === 'tuple') {
      const out: string[] = [];
      for (const c of n.namedChildren) {
        if (!c) continue;
        const s = this.strOf(c, depth, env);
        if (s === null) return null;
        out.push(s);
      }
      return out;
    }
    if (n.type === 'generator_expression' || n.type === 'list_comprehension') {
      const body = n.childForFieldName('body');
      const clause = n.namedChildren.find((c) => c?.type === 'for_in_clause');
      const ints =
        intList(clause?.childForFieldName('right') ?? null) ??
        (clause?.childForFieldName('right')?.type === 'identifier' ? null : null);
      if (body?.type === 'call' && this.qname(body.childForFieldName('function')) === 'chr' && ints)
        return ints.map((x) => String.fromCharCode(x & 0xffff));
      return null;
    }
    if (n.type === 'identifier') {
      const s = env?.get(this.ident(n)) ?? this.strings.get(this.ident(n));
      return s !== undefined ? [s] : null;
    }
    return null;
  }

  // ---- taint -----------------------------------------------------------------------------------

  /** Taints carried by an expression. */
  taintOf(n: SyntaxNode | null, depth = 0): Taints {
    const out = this.taintOfExpr(n, depth);
    // A value given as a named option that takes no code (`'--sockname={0}'.format(reply['sockname'])`, f'--port={p}'):
    // whatever decoded it, the program reads it as that option's data, not as code (a local daemon's reply deserialised
    // with `bser.loads` and passed back as `--sockname=` is no decoded payload run). Options that take code (`--eval=`,
    // `-c`, `--command=`) keep it.
    if (n && out.has('decoded') && this.dataOptionValue(n)) {
      const kept = new Set(out);
      kept.delete('decoded');
      return kept;
    }
    return out;
  }

  /** A string formatted as `--name=…` / `-n=…` whose option takes data, not code (CODE_OPTION). */
  private dataOptionValue(n: SyntaxNode): boolean {
    let lit: string | null = null;
    if (n.type === 'call') {
      const fnNode = n.childForFieldName('function');
      const obj = fnNode?.type === 'attribute' && fnNode.childForFieldName('attribute')?.text === 'format' ? fnNode.childForFieldName('object') : null;
      if (obj?.type === 'string') lit = this.strOf(obj);
    } else if (n.type === 'string') {
      lit = n.text.replace(/^[rRbBuUfF]*(['"]{1,3})/, '');
    } else if (n.type === 'binary_operator' && n.childForFieldName('operator')?.text === '+') {
      const left = n.childForFieldName('left');
      if (left?.type === 'string') lit = this.strOf(left);
    }
    const m = lit ? /^--?([A-Za-z][\w-]*)=/.exec(lit) : null;
    return m !== null && !CODE_OPTION.test(m[1]!);
  }

  private taintOfExpr(n: SyntaxNode | null, depth = 0): Taints {
    const out: Taints = new Set();
    if (!n || depth > 30) return out;
    switch (n.type) {
      case 'identifier': {
        const t = this.nameTaint(this.ident(n), n);
        if (t) for (const x of t) out.add(x);
        // A recon function passed as a value (`try_call(os.uname)`) is called with it.
        const q = this.alias.get(this.ident(n));
        if (q && RECON.test(q)) out.add('recon');
        return out;
      }
      case 'attribute': {
        const q = this.qname(n);
        if (q && RECON.test(q)) out.add('recon');
        // The whole environment (iterated, copied, serialised), not one variable read through it.
        // (`k in os.environ` tests one name: it reads nothing.)
        if (
          q === 'os.environ' &&
          n.parent?.type !== 'attribute' &&
          n.parent?.type !== 'subscript' &&
          n.parent?.type !== 'comparison_operator'
        ) {
          out.add('recon');
          out.add('env');
        }
        // A web request's data (`request.body`, `request.GET`, `req.headers`): whoever sends the request chose it.
        if (this.requestData(n)) out.add('request');
        if (q && (q.startsWith('self.') || q.startsWith('cls.'))) {
          const t = this.nameTaint(norm(n.text), n);
          if (t) for (const x of t) out.add(x);
        }
        break;
      }
      case 'call': {
        const fnNode = n.childForFieldName('function');
        const fn = this.qname(fnNode);
        const method = fnNode?.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : '';
        if (fn && FETCH.test(fn)) {
          out.add('remote');
          // The machine's public address, from an IP-echo service, is recon.
          const u = this.args(n)[0];
          const url = u ? this.strOf(u) : null;
          if (url && IP_ECHO.test(url)) out.add('recon');
        } else if (method && FETCH_METHOD.test(method)) out.add('remote');
        // `iter(lambda: resp.read(4096), b'')`: the chunks are what the lambda returns.
        if (fn === 'iter' && this.args(n)[0]?.type === 'lambda')
          for (const x of this.taintOf(this.args(n)[0]!.childForFieldName('body'), depth + 1)) out.add(x);
        // What a command prints is what it reads: `printenv` prints the environment, `whoami` the user.
        if (fn && SHELL.test(fn)) for (const x of this.commandPrints(this.args(n)[0])) out.add(x);
        // What the camera, the screen or the microphone records (a frame read from a capture device, a screenshot).
        if (this.captures(fnNode, fn, method)) out.add('capture');
        // A browser's cookies are its sessions: credentials, whoever's host they go to.
        // A loop over a table of readers (`for fn in (bc.chrome, bc.firefox): fn()`) calls each of them.
        if (
          (fn && COOKIE_READER.test(fn)) ||
          (fnNode?.type === 'identifier' && this.loopCallees(fnNode).some((q) => COOKIE_READER.test(q)))
        ) {
          out.add('recon');
          out.add('secret');
        }
        // A decoder's result is hidden code only when what it decodes is not a message the program received at
        // run time (a socket's `recv`: a peer's data, decompressed as the protocol says) (docs/package-analysis.md,
        // "A message received is not hidden code").
        const decoder =
          (fn &&
            (DECODE.test(fn) ||
              /\.(?:b64decode|b32decode|b85decode|a85decode|decodebytes|unhexlify|decompress|loads|fromhex|decrypt)$/.test(
                fn,
              ))) ||
          (!!method && DECODE_METHOD.test(method));
        if (method && RECEIVE_METHOD.test(method) && !this.connectsAbroad()) out.add('received');
        if (method && RECEIVE_METHOD.test(method)) out.add('socket');
        // A JSON / TOML / safe-YAML parser is not a decoder: what it parses is data (a settings file, an API's answer), and
        // its result carries only what its input carried (`json.loads(b64decode(…))` is decoded by the b64decode).
        // Counted as decoding, a command built from a parsed settings file read as "decoded data run" (pkg-analysis-2026.12.9).
        if (decoder && !(fn && DATA_PARSER.test(fn) && this.readsLocalFile(this.args(n)[0]))  && !this.decodesReceived(n, depth) && !(fn === 'marshal.loads' && this.readsBytecodeCache(this.args(n)[0])))
          out.add('decoded');
        else if (method === 'decode' && fnNode) {
          const a = this.args(n)[0];
          const enc = a ? this.strOf(a) : null;
          if (enc && /^(?:hex|base64|rot.?13|zlib)/i.test(enc)) out.add('decoded');
        }
        if (fn && RECON.test(fn)) out.add('recon');
        // `request.get_data()`, `request.get_json()`: the body of a web request.
        if (fnNode?.type === 'attribute' && /^get_(?:data|json)$/.test(method) && this.requestData(fnNode))
          out.add('request');
        if (fn && CONFIG_LOAD.test(fn)) out.add('config');
        if (fn && /^os\.environ\.(?:copy|items|keys|values)$/.test(fn)) out.add('recon');
        if (fn && /^os\.environ\.(?:copy|items)$/.test(fn)) out.add('env');
        if (fn && /^(?:os\.environ\.(?:get|pop)|os\.getenv)$/.test(fn))
          for (const t of this.tokenNames(this.args(n)[0] ?? null)) out.add(t);
        // A credential store's content (`open('~/.ssh/id_rsa').read()`, `Path(p).read_bytes()`) and a cloud SDK's resolved keys are secrets.
        // One service's token file (the GitHub CLI's hosts.yml, the Hugging Face token) is `token:SERVICE`, like its environment variable.
        // (A database opened on a credential store's path reads it too: browser and editor stores are SQLite; pkg23py.)
        const read =
          (fn === 'open' || fn === 'io.open' || fn === 'sqlite3.connect' || fn === 'sqlite3.dbapi2.connect') && this.args(n)[0]
            ? this.args(n)[0]!
            : /^read_(?:text|bytes)$/.test(method) && fnNode
              ? fnNode.childForFieldName('object')
              : null;
        if (read) {
          const paths = this.pathTexts(read);
          // The source of the code that imported the package (the call stack's files, the main module): its keys are written in it.
          if (paths.some(namesCredentialStore) || this.callerFile(read, 0)) out.add('secret');
          for (const t of tokenFiles(paths)) out.add(t);
        }
        if ((fn && CREDENTIAL_CALL.test(fn)) || CREDENTIAL_CALL.test(method)) out.add('secret');
        if ((fn === 'open' || fn === 'io.open') && this.args(n)[0]) {
          const p = this.strOf(this.args(n)[0]!);
          if (p && /^\/etc\/(?:passwd|shadow|hosts|hostname|group)$/.test(p)) out.add('recon');
        }
        if (fn && this.funcTaint.has(fn)) for (const x of this.funcTaint.get(fn)!) out.add(x);
        // `self.fetch()` / `cls.load()`: a method of a class of this file returns what its body returns (pkg22py).
        else if (fnNode?.type === 'attribute' && this.ownInstance(fnNode.childForFieldName('object'))) {
          const t = this.funcTaint.get(method);
          // (a method: its def sits in a class body, under its decorators if any)
          const inClass = (d: SyntaxNode): boolean =>
            (d.parent?.type === 'decorated_definition' ? d.parent.parent : d.parent)?.parent?.type === 'class_definition';
          if (t && this.defsNamed(method).some(inClass))
            for (const x of t) out.add(x);
        }
        // Data passes through calls (str(), json.dumps(), .read(), .content, .join(...)); one value read
        // out of the environment (`env.get('HTTP_PROXY')`) is not the whole environment.
        if (fnNode?.type === 'attribute')
          for (const x of this.taintOf(fnNode.childForFieldName('object'), depth + 1))
            if (x !== 'env' || !/^(?:get|pop|setdefault)$/.test(method)) out.add(x);
        for (const a of this.args(n)) {
          // The environment handed to a child process (`spawn(cmd, env=env)`) stays with the child: the call's
          // result (a process handle, its exit code) does not carry it, nor what was read to build it. Sent as an
          // argument of a network call it is still seen at that sink.
          // So does the process's own environment handed on as a call's `env=` setting (`download(…, env=os.environ)`):
          // the callee runs its children or reads its settings with it; a callee of another module that sends it
          // is followed there (handsOff), one of this file by its own return (docs/package-analysis.md, "Branch pkghonest2").
          if (
            a.type === 'keyword_argument' &&
            a.childForFieldName('name')?.text === 'env' &&
            fn &&
            !this.funcTaint.has(fn) &&
            (startsProcess(fn) ||
              this.qname(a.childForFieldName('value')) === 'os.environ' ||
              // a method of an object the instance holds (`self.kernel_manager.start_kernel(…, env=kernel_env)`): it
              // starts something with that environment; its result is a handle (pkg22py: jupyter-server, seen once a
              // method's return was followed). A function of the package handed a copy keeps it in its result.
              /^(?:self|cls)\.\w+\./.test(fn))
          )
            continue;
          for (const x of this.taintOf(a, depth + 1)) out.add(x);
        }
        return out;
      }
      case 'subscript': {
        if (this.qname(n.childForFieldName('value')) === 'os.environ')
          for (const t of this.tokenNames(n.childForFieldName('subscript'))) out.add(t);
        // `env['TOKEN']`: one value, not the whole environment.
        for (const x of this.taintOf(n.childForFieldName('value'), depth + 1)) if (x !== 'env') out.add(x);
        // The key picks a value out of the container: a web request's field used as a key chooses among the
        // container's values (`COMMANDS[request.json['action']]`), it does not become one.
        for (const x of this.taintOf(n.childForFieldName('subscript'), depth + 1))
          if (x !== 'request' || !this.fixedTable(n.childForFieldName('value'))) out.add(x);
        return out;
      }
      case 'binary_operator': {
        // XOR over bytes or characters decodes (`chr(ord(c) ^ k)`, `bytes(b ^ k for b in data)`).
        if (n.childForFieldName('operator')?.text === '^') out.add('decoded');
        break;
      }
      case 'string':
      case 'integer':
      case 'float':
      case 'true':
      case 'false':
      case 'none':
        if (n.type !== 'string') return out;
        break;
      case 'lambda':
      case 'function_definition':
        return out;
      case 'dictionary_comprehension':
      case 'list_comprehension':
      case 'set_comprehension':
      case 'generator_expression': {
        // `{k: v for k, v in os.environ.items() if k.startswith('PKGX_')}`: the variables a filter picks are the
        // package's settings, not the whole environment; a filter on secret words (`'TOKEN' in k`) still harvests
        // them (pkg22py).
        const ifs = n.namedChildren.filter((c) => c?.type === 'if_clause');
        const overEnv = n.namedChildren.some(
          (c) => c?.type === 'for_in_clause' && this.taintOf(c.childForFieldName('right'), depth + 1).has('env'),
        );
        if (ifs.length === 0 || !overEnv || ifs.some((c) => SECRET_KEY_WORD.test(c!.text))) break;
        for (const c of n.namedChildren) if (c) for (const x of this.taintOf(c, depth + 1)) out.add(x);
        out.delete('env');
        out.delete('recon');
        return out;
      }
    }
    for (const c of n.namedChildren) if (c) for (const x of this.taintOf(c, depth + 1)) out.add(x);
    return out;
  }

  /**
   * `token:SERVICE` for each credential variable an environment read may name: a literal, or the
   * values of the loop it is the target of (`for k in KEYS`, `{k: os.environ[k] for k in KEYS}`).
   */
  private tokenNames(key: SyntaxNode | null): Taint[] {
    if (!key) return [];
    let names: string[] = [];
    const lit = this.strOf(key);
    if (lit !== null) names = [lit];
    else if (key.type === 'identifier') {
      const id = this.ident(key);
      for (const f of this.fors) {
        if (!this.targets(f.childForFieldName('left')).includes(id)) continue;
        // The loop must enclose the read (the same comprehension or statement).
        if (
          key.startIndex < (f.type === 'for_in_clause' ? (f.parent?.startIndex ?? 0) : f.startIndex) ||
          key.endIndex > (f.type === 'for_in_clause' ? (f.parent?.endIndex ?? 0) : f.endIndex)
        )
          continue;
        let it = f.childForFieldName('right');
        if (it?.type === 'identifier') {
          const name = it.text;
          it = this.assigns.find((a) => a.childForFieldName('left')?.text === name)?.childForFieldName('right') ?? null;
        }
        if (it && (it.type === 'list' || it.type === 'tuple' || it.type === 'set'))
          for (const c of it.namedChildren) {
            const v = this.strOf(c);
            if (v !== null) names.push(v);
          }
      }
    }
    const out: Taint[] = [];
    for (const nm of names) {
      const m = CREDENTIAL_ENV.exec(nm);
      if (m) out.push(`token:${m[1]}`);
    }
    return out;
  }

  /**
   * Whether an expression is the path of a file of the code that imported this module: a frame's file
   * of `inspect.stack()` / `sys._getframe()` / a traceback, the main module's `__file__`, followed
   * through names, loop targets and attributes.
   */
  private callerFile(n: SyntaxNode | null, depth: number): boolean {
    if (!n || depth > 5 || n.endIndex - n.startIndex > 400) return false;
    if (CALLER_FILE.test(n.text)) return true;
    // Through attributes, subscripts and methods of the frame (`fr.filename`, `stack()[1]`), `str()` / `Path()` of it;
    // not a path built beside it (`os.path.join(os.path.dirname(f), 'config.json')` is another file).
    if (n.type === 'attribute' || n.type === 'subscript')
      return this.callerFile(n.childForFieldName(n.type === 'attribute' ? 'object' : 'value'), depth + 1);
    if (n.type === 'call') {
      const fn = this.qname(n.childForFieldName('function')) ?? '';
      if (/^(?:str|os\.fspath|pathlib\.Path|Path|os\.path\.(?:abspath|realpath|normpath))$/.test(fn))
        return this.args(n).some((a) => this.callerFile(a, depth + 1));
      return n.childForFieldName('function')?.type === 'attribute' && this.callerFile(n.childForFieldName('function'), depth + 1);
    }
    if (n.type !== 'identifier') return false;
    const name = n.text;
    // Once per name and file (a name's definitions do not change; one being followed counts as no).
    const known = this.callerFiles.get(name);
    if (known !== undefined) return known;
    this.callerFiles.set(name, false);
    let yes = false;
    for (const a of this.assigns)
      if (a.childForFieldName('left')?.text === name && this.callerFile(a.childForFieldName('right'), depth + 1)) {
        yes = true;
        break;
      }
    if (!yes)
      for (const f of this.fors)
        if (this.targets(f.childForFieldName('left')).includes(name) && this.callerFile(f.childForFieldName('right'), depth + 1)) {
          yes = true;
          break;
        }
    this.callerFiles.set(name, yes);
    return yes;
  }
  private readonly callerFiles = new Map<string, boolean>();

  /**
   * The decoder call `n` decodes a message the program received (its first argument carries `received` and
   * nothing fetched or decoded): the protocol's own encoding (a compressed ZeroMQ frame from the program's own
   * child process), not code the package hides.
   */
  /**
   * Bytes read from the bytecode cache of a source file (`open(importlib.util.cache_from_source(p), 'rb').read()`,
   * through names and a `with` handle): unmarshalled, it is that source compiled, what an import hook caches for
   * itself; not hidden code (docs/package-analysis.md, "Branch pkghonest2"). Every binding of each name on the
   * way must be such a read.
   */
  private readsBytecodeCache(n: SyntaxNode | undefined, depth = 0): boolean {
    if (!n || depth > 6 || n.type === 'keyword_argument') return false;
    const bindings = (id: SyntaxNode): SyntaxNode[] => {
      const name = this.ident(id);
      const scope = this.scopeOf(id);
      const out: SyntaxNode[] = [];
      for (const a of this.assigns) {
        const left = a.childForFieldName('left');
        const right = a.childForFieldName('right');
        if (a.type !== 'assignment' || left?.type !== 'identifier' || left.text !== name || !right) continue;
        if (this.scopeOf(a) === scope) out.push(right);
      }
      for (const w of this.withs)
        for (const item of w.descendantsOfType('as_pattern')) {
          const alias = item.childForFieldName('alias');
          if (item.namedChildren[0] && alias?.text === name && this.scopeOf(item) === scope) out.push(item.namedChildren[0]);
        }
      return out;
    };
    const isCachePath = (p: SyntaxNode, d: number): boolean => {
      if (d > 6) return false;
      if (p.type === 'identifier') {
        const b = bindings(p);
        return b.length > 0 && b.every((x) => isCachePath(x, d + 1));
      }
      if (p.type === 'call' && /(?:^|\.)cache_from_source$/.test(this.qname(p.childForFieldName('function')) ?? '')) return true;
      // `open(self.path + '/' + name + '.pyc', 'rb')`: a compiled module's file, by its extension (pkg22py: a method's
      // return is now followed into `exec(self.read(name))`).
      const texts = this.pathTexts(p);
      return texts.length > 0 && texts.every((t) => /\.pyc$/i.test(t));
    };
    const opened = (h: SyntaxNode, d: number): boolean => {
      if (d > 6) return false;
      if (h.type === 'identifier') {
        // A handle read inside the `with` that opened it is that file (a name reused for other files elsewhere).
        for (let p = h.parent; p; p = p.parent) {
          if (p.type === 'function_definition') break;
          if (p.type !== 'with_statement') continue;
          const clause = p.namedChildren.find((x) => x?.type === 'with_clause');
          for (const item of clause?.descendantsOfType('as_pattern') ?? [])
            if (item.childForFieldName('alias')?.text === h.text && item.namedChildren[0]) return opened(item.namedChildren[0], d + 1);
        }
        const b = bindings(h);
        return b.length > 0 && b.every((x) => opened(x, d + 1));
      }
      if (h.type !== 'call') return false;
      const fn = this.qname(h.childForFieldName('function'));
      const p = this.args(h)[0];
      return (fn === 'open' || fn === 'io.open') && !!p && isCachePath(p, d + 1);
    };
    // (A name also bound to `marshal.dumps(code)`, the cache about to be written: loads of it is `code` again.)
    const dumped = (x: SyntaxNode): boolean => {
      if (x.type !== 'call' || this.qname(x.childForFieldName('function')) !== 'marshal.dumps') return false;
      const t = this.args(x)[0] ? this.taintOf(this.args(x)[0]!, depth + 1) : new Set<Taint>();
      return !t.has('decoded') && !t.has('remote');
    };
    if (n.type === 'identifier') {
      const b = bindings(n);
      return b.some((x) => !dumped(x)) && b.every((x) => dumped(x) || this.readsBytecodeCache(x, depth + 1));
    }
    // `data[16:]`: the code object after a cache file's header.
    if (n.type === 'subscript') return this.readsBytecodeCache(n.childForFieldName('value') ?? undefined, depth + 1);
    if (n.type !== 'call') return false;
    const f = n.childForFieldName('function');
    if (f?.type !== 'attribute' || f.childForFieldName('attribute')?.text !== 'read') return false;
    const obj = f.childForFieldName('object');
    return !!obj && opened(obj, depth + 1);
  }

  private decodesReceived(n: SyntaxNode, depth: number): boolean {
    const a = this.args(n)[0];
    if (!a || a.type === 'keyword_argument') return false;
    const t = this.taintOf(a, depth + 1);
    return t.has('received') && !t.has('remote') && !t.has('decoded');
  }

  private abroad: boolean | undefined;
  /**
   * Whether what the file's sockets receive may come from a foreign peer: true unless the file binds or connects
   * at least one socket and every address it binds or connects is a literal on this machine or a private network
   * (`sock.bind('tcp://127.0.0.1:%s' % port)`, `create_connection(('localhost', 7000))`). A literal foreign
   * address (`s.connect(('198.51.100.7', 4444))`), or one built at run time the reader cannot read, keeps every
   * taint a decoder gives to what is received.
   */
  private connectsAbroad(): boolean {
    if (this.abroad !== undefined) return this.abroad;
    let local = 0;
    this.abroad = false;
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      const method = fnNode?.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : (fnNode?.text ?? '');
      if (!/^(?:connect|connect_ex|create_connection|bind|sendto)$/.test(method)) continue;
      const args = this.args(c);
      let a = method === 'sendto' ? args[1] : args[0];
      // A handler connected to a signal (Qt's `clicked.connect(self.on_click)`, a function, a lambda) is no address.
      if (!a || a.type === 'attribute' || a.type === 'lambda' || (a.type === 'identifier' && this.defsNamed(this.ident(a)).length > 0)) continue;
      if (a.type === 'tuple' || a.type === 'list') a = a.namedChildren[0] ?? undefined;
      const s = a ? this.strOf(a) : null;
      const host = s === null ? null : s.replace(/^[a-z][\w+.-]*:\/\//i, '').replace(/[:/].*$/, '').toLowerCase();
      const isLocal =
        s !== null &&
        (/^(?:ipc|inproc|unix):/i.test(s) ||
          /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\*|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|::1|\[::1\])?$/.test(host ?? 'x'));
      if (!isLocal) {
        this.abroad = true;
        break;
      }
      local++;
    }
    if (local === 0) this.abroad = true;
    return this.abroad;
  }

  /**
   * A call that records the user's camera, screen or microphone: a screenshot function, or a frame read
   * from a capture device or screen grabber the code opened (`cam = cv2.VideoCapture(0)` … `cam.read()`),
   * read by its name as written (the module may be handed in as a parameter).
   */
  private captures(fnNode: SyntaxNode | null | undefined, fn: string | null, method: string): boolean {
    if (!fnNode) return false;
    if (CAPTURE_CALL.test(fn ?? fnNode.text)) return true;
    if (!/^(?:read|grab|shot|rec|record)$/.test(method)) return false;
    const obj = fnNode.childForFieldName('object');
    if (!obj) return false;
    if (obj.type === 'call') return CAPTURE_DEVICE.test(obj.childForFieldName('function')?.text ?? '');
    if (obj.type !== 'identifier') return false;
    for (const a of this.assigns)
      if (a.childForFieldName('left')?.text === obj.text && CAPTURE_DEVICE.test(a.childForFieldName('right')?.childForFieldName('function')?.text ?? ''))
        return true;
    for (const w of this.withs)
      for (const item of w.descendantsOfType('as_pattern'))
        if (item.childForFieldName('alias')?.text === obj.text && CAPTURE_DEVICE.test(item.namedChildren[0]?.childForFieldName('function')?.text ?? ''))
          return true;
    return false;
  }

  /**
   * Another client's endpoint pointed at a fixed host: an SDK's base-URL environment variable
   * (`OPENAI_BASE_URL`, `*_API_BASE`), the process's proxy variables, or an imported SDK module's
   * `base_url` / `api_base` set to a literal URL. Every later call of that client (its key, its prompts)
   * goes there. Set from a parameter or a setting it is the user's choice; the role bounds the severity.
   */
  private endpointRedirects(): void {
    const url = (n: SyntaxNode | null | undefined): string | null => {
      const v = n ? this.strOf(n) : null;
      return v && /^(?:https?|socks5h?):\/\/[\w-]+(?:\.[\w-]+)+/i.test(v) && !LOCAL_URL.test(v) ? v : null;
    };
    const report = (site: SyntaxNode, what: string, to: string): void =>
      this.add(
        'sdk_endpoint_redirect',
        'HIGH',
        'exfiltration',
        site,
        `${what} is set to a fixed host (${to}): every later request of that client, with its key, goes there`,
        to,
      );
    for (const a of this.assigns) {
      const left = a.childForFieldName('left');
      const to = url(a.childForFieldName('right'));
      if (!left || !to) continue;
      if (left.type === 'subscript' && this.qname(left.childForFieldName('value')) === 'os.environ') {
        const k = this.strOf(left.childForFieldName('subscript')!);
        if (k && ENDPOINT_ENV.test(k)) report(a, `the environment variable ${k}`, to);
      } else if (left.type === 'attribute' && ENDPOINT_ATTR.test(left.childForFieldName('attribute')?.text ?? '')) {
        const obj = left.childForFieldName('object');
        // An imported module's setting (`openai.base_url = …`), not an object of the file's own.
        if (obj?.type === 'identifier' && !/^(?:self|cls)$/.test(obj.text) && /^[A-Za-z_]/.test(this.alias.get(this.ident(obj)) ?? '.'))
          report(a, `${left.text}`, to);
      }
    }
    for (const c of this.callNodes) {
      const fn = this.qname(c.childForFieldName('function')) ?? '';
      const args = this.args(c);
      if (/^(?:os\.environ\.setdefault|os\.putenv)$/.test(fn)) {
        const k = args[0] ? this.strOf(args[0]) : null;
        const to = url(args[1]);
        if (k && to && ENDPOINT_ENV.test(k)) report(c, `the environment variable ${k}`, to);
      } else if (fn === 'os.environ.update' && args[0]?.type === 'dictionary') {
        for (const pair of args[0].namedChildren) {
          if (pair.type !== 'pair') continue;
          const k = this.strOf(pair.childForFieldName('key')!);
          const to = url(pair.childForFieldName('value'));
          if (k && to && ENDPOINT_ENV.test(k)) report(c, `the environment variable ${k}`, to);
        }
      }
    }
  }

  /**
   * An SDK that takes an endpoint argument (`base_url`, `api_base`, `endpoint`…) and ignores it: the HTTP client it
   * builds in that function goes to a fixed host (a literal, through a constant or `self.x = …`) that is not the vendor's,
   * with the vendor's key in its headers (`Authorization: Bearer` + `OPENAI_API_KEY`). Every prompt and the key pass
   * through that host (a relay the user never chose). An SDK that honours its argument, or a service's own key sent to
   * that service's host, is not it (`sdk_endpoint_ignored`, pkg-analysis-2026.12.8).
   */
  private ignoredEndpoint(): void {
    for (const c of this.callNodes) {
      if (!HTTP_CLIENT_CLASS.test(this.qname(c.childForFieldName('function')) ?? '')) continue;
      const kw = new Map<string, SyntaxNode>();
      for (const a of this.args(c))
        if (a.type === 'keyword_argument') {
          const k = a.childForFieldName('name')?.text;
          const v = a.childForFieldName('value');
          if (k && v) kw.set(k, v);
        }
      const base = kw.get('base_url');
      const headers = kw.get('headers');
      if (!base || !headers) continue;
      // The function the client is built in, and its endpoint parameter.
      let def: SyntaxNode | null = c.parent;
      while (def && def.type !== 'function_definition') def = def.parent;
      if (!def) continue;
      const endpoint = this.params(def).find((p) => ENDPOINT_PARAM.test(p));
      if (!endpoint) continue;
      const body = def.childForFieldName('body');
      // (An attribute's name and a keyword's name are no use of the parameter: `self.base_url`, `Client(base_url=…)`.)
      const uses = (n: SyntaxNode | null): boolean => {
        if (!n) return false;
        if (n.type === 'identifier') return n.text === endpoint;
        if (n.type === 'attribute') return uses(n.childForFieldName('object'));
        if (n.type === 'keyword_argument') return uses(n.childForFieldName('value'));
        return n.namedChildren.some((x) => uses(x));
      };
      if (uses(body)) continue;
      // The fixed URL: a literal or a constant, or `self.x` set to one in the same class.
      let url = this.strOf(base);
      if (url === null && base.type === 'attribute' && base.childForFieldName('object')?.text === 'self') {
        const attr = base.text;
        for (const a of this.assigns) if (a.childForFieldName('left')?.text === attr) url ??= this.strOf(a.childForFieldName('right')!);
      }
      if (!url || !/^https?:\/\//i.test(url) || LOCAL_URL.test(url)) continue;
      const host = destHost(url);
      if (!host) continue;
      const services = [...this.taintOf(headers)].filter((t) => t.startsWith('token:')).map((t) => t.slice(6));
      const stolen = services.filter((sv) => SECRET_VENDORS.some((v) => v.prefix.test(`${sv}_`)) && tokenGoesElsewhere(sv, host, url!));
      if (stolen.length === 0) continue;
      this.add(
        'sdk_endpoint_ignored',
        'HIGH',
        'exfiltration',
        c,
        `an SDK ignores the endpoint it is given (${endpoint}) and builds its client for a fixed host (${host}) with the ${stolen.join(' and ')} key in its headers: the key and every request go to a host that is not that service's`,
        url,
      );
    }
  }

  /** A module spec looked up by name (`importlib.util.find_spec('x')`, directly or through a name bound to one). */
  private installedSpec(n: SyntaxNode): boolean {
    const isFind = (x: SyntaxNode | null | undefined): boolean =>
      x?.type === 'call' && /(?:^|\.)find_spec$/.test(this.qname(x.childForFieldName('function')) ?? x.childForFieldName('function')?.text ?? '');
    if (isFind(n)) return true;
    if (n.type !== 'identifier') return false;
    return this.assigns.some((a) => a.childForFieldName('left')?.text === n.text && isFind(a.childForFieldName('right')));
  }

  /** The functions a loop variable stands for when it runs over a literal table of them (`for fn in (a.x, a.y)`). */
  private loopCallees(id: SyntaxNode): string[] {
    const out: string[] = [];
    for (const f of this.fors) {
      if (out.length >= 16) break;
      if (!this.targets(f.childForFieldName('left')).includes(this.ident(id))) continue;
      if (id.startIndex < f.startIndex || id.endIndex > (f.type === 'for_in_clause' ? (f.parent?.endIndex ?? 0) : f.endIndex)) continue;
      const it = f.childForFieldName('right');
      if (it && (it.type === 'list' || it.type === 'tuple'))
        for (const c of it.namedChildren) {
          const q = this.qname(c);
          if (q) out.push(q);
        }
    }
    return out;
  }

  /**
   * `request.body`, `request.GET`, `req.headers`…: a field of a web request, the object being a
   * parameter named `request` / `req` of the enclosing function (Django views and handlers, hooks that
   * wrap them) or the request proxy a web framework exports (`flask.request`, `bottle.request`).
   */
  /** A module-level name bound once to a literal table (dict, list or tuple display) whose values are literals or lists of literals. */
  private fixedTable(n: SyntaxNode | null): boolean {
    if (n?.type !== 'identifier') return false;
    const defs = this.assigns.filter((a) => a.childForFieldName('left')?.text === n.text);
    if (defs.length !== 1 || this.scopeOf(defs[0]!) !== 'm:') return false;
    const v = defs[0]!.childForFieldName('right');
    if (!v || !/^(?:dictionary|list|tuple)$/.test(v.type)) return false;
    const literal = (x: SyntaxNode): boolean =>
      x.type === 'string' ||
      x.type === 'concatenated_string' ||
      x.type === 'integer' ||
      ((x.type === 'list' || x.type === 'tuple') && x.namedChildren.every(literal));
    return v.namedChildren.every((c) =>
      c.type === 'pair' ? !!c.childForFieldName('value') && literal(c.childForFieldName('value')!) : literal(c),
    );
  }

  private requestData(n: SyntaxNode): boolean {
    const attr = n.childForFieldName('attribute')?.text ?? '';
    if (!REQUEST_FIELD.test(attr)) return false;
    const obj = n.childForFieldName('object');
    if (obj?.type !== 'identifier') return false;
    const q = this.qname(obj) ?? '';
    if (/^(?:flask|bottle|quart|sanic)\.request$/.test(q)) return true;
    if (!/^(?:request|req)$/.test(obj.text)) return false;
    for (let p: SyntaxNode | null = n.parent; p; p = p.parent)
      if (p.type === 'function_definition' && this.params(p).includes(obj.text)) return true;
    return false;
  }

  private addTaint(name: string, t: Taints): boolean {
    if (t.size === 0) return false;
    let cur = this.taint.get(name);
    if (!cur) {
      cur = new Set();
      this.taint.set(name, cur);
    }
    let changed = false;
    for (const x of t) {
      if (!cur.has(x)) {
        cur.add(x);
        changed = true;
      }
    }
    return changed;
  }

  /** Function definitions by name (module functions and methods), for calls to them. */
  private defsByName: Map<string, SyntaxNode[]> | null = null;

  private defsNamed(name: string): SyntaxNode[] {
    if (!this.defsByName) {
      this.defsByName = new Map();
      for (const f of this.funcs) {
        const id = f.childForFieldName('name')?.text;
        if (!id) continue;
        const l = this.defsByName.get(id);
        if (l) l.push(f);
        else this.defsByName.set(id, [f]);
      }
    }
    return this.defsByName.get(name) ?? [];
  }

  /** Parameter names of a def, in order (`self` included); a splat ends the positional list. */
  private params(def: SyntaxNode): string[] {
    const out: string[] = [];
    for (const p of def.childForFieldName('parameters')?.namedChildren ?? []) {
      if (p.type === 'identifier') out.push(p.text);
      else if (p.type === 'default_parameter' || p.type === 'typed_default_parameter')
        out.push(p.childForFieldName('name')?.text ?? '?');
      else if (p.type === 'typed_parameter')
        out.push(p.namedChildren.find((x) => x.type === 'identifier')?.text ?? '?');
      else break;
    }
    return out;
  }

  /**
   * Arguments flow into the parameters of the file's own functions: a direct call (`_post(data)`,
   * `self._send(x)`), or a function handed to a thread, a process or an executor with its arguments
   * (`Thread(target=_post, args=(data,))`, `pool.submit(_post, data)`).
   */
  private bindParams(): boolean {
    let changed = false;
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      if (!fnNode) continue;
      const fn = this.qname(fnNode);
      const method = fnNode.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : '';
      let callee: SyntaxNode | null = fnNode;
      let args = this.args(c);
      if ((fn && RUNS_TARGET.test(fn)) || /^(?:submit|run_in_executor|start_new_thread|apply_async)$/.test(method)) {
        const kw = (k: string) =>
          args
            .find((a) => a.type === 'keyword_argument' && a.childForFieldName('name')?.text === k)
            ?.childForFieldName('value') ?? null;
        const positional = args.filter((a) => a.type !== 'keyword_argument');
        if (kw('target')) {
          callee = kw('target');
          const a = kw('args');
          args = a && (a.type === 'tuple' || a.type === 'list') ? a.namedChildren : [];
        } else if (method === 'run_in_executor') {
          callee = positional[1] ?? null;
          args = positional.slice(2);
        } else if (fn && /Timer$/.test(fn)) {
          callee = positional[1] ?? null;
          const a = kw('args') ?? positional[2] ?? null;
          args = a && (a.type === 'tuple' || a.type === 'list') ? a.namedChildren : [];
        } else {
          callee = positional[0] ?? null;
          const rest = positional.slice(1);
          args =
            method === 'start_new_thread' || method === 'apply_async'
              ? rest[0] && (rest[0].type === 'tuple' || rest[0].type === 'list')
                ? rest[0].namedChildren
                : []
              : rest;
        }
      }
      if (!callee) continue;
      // `(lambda c: exec(c))(data)`: a lambda called where it is written takes its arguments whole, whatever they
      // carry (fetched, decoded): nothing else calls it, so no honest caller's data is mixed in (pkg22py).
      const inline = callee.type === 'parenthesized_expression' ? callee.namedChildren[0] : null;
      if (inline?.type === 'lambda') {
        const ps = this.params(inline);
        for (const [i, a] of args.filter((x) => x.type !== 'keyword_argument').entries())
          if (ps[i] && this.addTaint(`f${inline.startIndex}:${ps[i]}`, this.taintOf(a))) changed = true;
        continue;
      }
      let name = '';
      let isMethod = false;
      if (callee.type === 'identifier') name = callee.text;
      else if (callee.type === 'attribute' && /^(?:self|cls)$/.test(callee.childForFieldName('object')?.text ?? '')) {
        name = callee.childForFieldName('attribute')?.text ?? '';
        isMethod = true;
      }
      if (!name) continue;
      for (const def of this.defsNamed(name)) {
        const ps = this.params(def);
        const inClass = def.parent?.type === 'block' || def.parent?.parent?.type === 'block';
        const offset = isMethod || (inClass && ps[0] === 'self') ? 1 : 0;
        let i = 0;
        for (const a of args) {
          let pname: string | undefined;
          let v: SyntaxNode | null = a;
          if (a.type === 'keyword_argument') {
            pname = a.childForFieldName('name')?.text;
            v = a.childForFieldName('value');
          } else if (a.type === 'list_splat' || a.type === 'dictionary_splat') break;
          else pname = ps[offset + i++];
          if (!pname || !v) continue;
          if (
            this.addTaint(
              `f${def.startIndex}:${pname}`,
              new Set([...this.taintOf(v)].filter((t) => BOUND_TAINT.test(t))),
            )
          )
            changed = true;
        }
      }
    }
    return changed;
  }

  /**
   * The paths an expression may name, as texts with `/` separators: literals, `os.path.join` /
   * `Path(…)` / `/` joins, `expanduser` and kin, names (their assignments and loop values in the same
   * scope), and lists or tuples of those. An environment value is `$NAME`, the home folder `~`.
   */
  pathTexts(n: SyntaxNode, depth = 0, seen: Set<SyntaxNode> = new Set()): string[] {
    if (depth > 8 || seen.size > 64) return [];
    const clean = (xs: string[]): string[] =>
      [...new Set(xs.map((x) => x.replace(/\\+/g, '/').replace(/\/{2,}/g, '/')))].slice(0, 16);
    const join = (parts: string[][], sep: string): string[] => {
      let acc = [''];
      for (const p of parts) {
        const alts = p.length > 0 ? p : ['{}'];
        acc = acc.flatMap((a) => alts.map((b) => (a === '' ? b : `${a}${sep}${b}`))).slice(0, 16);
      }
      return acc;
    };
    if (n.type !== 'identifier') {
      const s = this.strOf(n);
      if (s !== null) return clean([s]);
    }
    switch (n.type) {
      case 'identifier': {
        if (seen.has(n)) return [];
        seen.add(n);
        const name = this.ident(n);
        const scope = this.scopeOf(n);
        const out: string[] = [];
        const lit = this.strings.get(name);
        if (lit !== undefined) out.push(lit);
        for (const a of this.assigns) {
          if (out.length >= 16) continue;
          // `if os.path.exists(p := os.path.join(…)):` binds a path as an assignment does (pkg22py).
          const walrus = a.type === 'named_expression';
          if (a.type !== 'assignment' && !walrus) continue;
          const left = a.childForFieldName(walrus ? 'name' : 'left');
          const right = a.childForFieldName(walrus ? 'value' : 'right');
          if (left?.type !== 'identifier' || left.text !== name || !right) continue;
          const sc = this.scopeOf(a);
          if (sc !== scope && sc !== 'm:') continue;
          out.push(...this.pathTexts(right, depth + 1, seen));
        }
        for (const f of this.fors) {
          const right = f.childForFieldName('right');
          if (!right || out.length >= 16 || !this.targets(f.childForFieldName('left')).includes(name)) continue;
          out.push(...this.pathTexts(right, depth + 1, seen));
        }
        return clean(out);
      }
      case 'call': {
        const fnNode = n.childForFieldName('function');
        const fn = this.qname(fnNode) ?? '';
        const method = fnNode?.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : '';
        const args = this.args(n).filter((a) => a.type !== 'keyword_argument');
        if (/^(?:os\.environ\.get|os\.getenv|os\.environ\.setdefault)$/.test(fn)) {
          const k = args[0] ? this.strOf(args[0]) : null;
          return k ? [`$${k}`] : [];
        }
        if (/(?:^|\.)home$/.test(fn) || (fn === 'os.path.expanduser' && args.length === 0)) return ['~'];
        // Where installed packages live: what is written under it is other packages' code.
        if (SITE_PACKAGES_CALL.test(fn)) return ['site-packages'];
        if (SITE_DIR_SOURCE.test(fn)) return [SITE_DIR];
        if (PATH_JOIN.test(fn))
          return clean(
            join(
              args.map((a) => this.pathTexts(a, depth + 1, seen)),
              '/',
            ),
          );
        if (PATH_SAME.test(fn) && args[0]) return this.pathTexts(args[0], depth + 1, seen);
        const obj = fnNode?.type === 'attribute' ? fnNode.childForFieldName('object') : null;
        if (obj && method === 'joinpath')
          return clean(
            join([this.pathTexts(obj, depth + 1, seen), ...args.map((a) => this.pathTexts(a, depth + 1, seen))], '/'),
          );
        if (obj && /^(?:expanduser|resolve|absolute|with_name|with_suffix)$/.test(method))
          return this.pathTexts(obj, depth + 1, seen);
        // `(Path.home() / '.ssh').iterdir()`, `base.glob('*.json')`: the files of a folder (pkg22py).
        if (obj && /^(?:iterdir|glob|rglob)$/.test(method)) {
          const pat = method === 'iterdir' ? '*' : args[0] ? (this.strOf(args[0]) ?? '*') : '*';
          return clean(this.pathTexts(obj, depth + 1, seen).map((d) => `${d}/${pat}`));
        }
        return [];
      }
      case 'binary_operator': {
        const op = n.childForFieldName('operator')?.text;
        const l = n.childForFieldName('left');
        const r = n.childForFieldName('right');
        if (!l || !r) return [];
        const a = this.pathTexts(l, depth + 1, seen);
        const b = this.pathTexts(r, depth + 1, seen);
        if (op === '/') return clean(join([a, b], '/'));
        if (op === '+') {
          // Two lists of paths added are both lists; two strings added are one path.
          if (l.type === 'list' || r.type === 'list' || l.type === 'call' || r.type === 'call')
            return clean([...a, ...b]);
          return clean(join([a, b], ''));
        }
        return [];
      }
      case 'subscript': {
        const v = this.qname(n.childForFieldName('value'));
        const k = n.childForFieldName('subscript');
        const ks = k ? this.strOf(k) : null;
        if (v === 'os.environ' && ks) return [`$${ks}`];
        // `site.getsitepackages()[0]`, `sysconfig.get_paths()['purelib']`, `sys.path[-1]`
        const value = n.childForFieldName('value');
        return value ? this.pathTexts(value, depth + 1, seen).filter((t) => t === SITE_DIR || t === 'site-packages') : [];
      }
      case 'list':
      case 'tuple':
      case 'set':
      case 'parenthesized_expression':
      case 'expression_list':
        return clean(n.namedChildren.flatMap((c) => this.pathTexts(c, depth + 1, seen)));
      // `(p := Path.home() / '.ssh')`: the walrus names the path its value does (pkg22py).
      case 'named_expression': {
        const value = n.childForFieldName('value');
        return value ? this.pathTexts(value, depth + 1, seen) : [];
      }
      // `find_spec('requests').origin`, `requests.__file__`: the file of an installed module.
      case 'attribute': {
        // `site.USER_SITE`, `sys.prefix`: a folder on the interpreter's path
        if (SITE_DIR_SOURCE.test(this.qname(n) ?? '')) return [SITE_DIR];
        const attr = n.childForFieldName('attribute')?.text ?? '';
        const obj = n.childForFieldName('object');
        if (attr === 'origin' && obj && this.installedSpec(obj)) return ['site-packages/{}/__init__.py'];
        if (attr === '__file__' && obj?.type === 'identifier' && obj.text !== '__main__') {
          const q = this.qname(obj);
          if (q && q !== obj.text) return ['site-packages/{}/__init__.py'];
          if (this.alias.has(this.ident(obj))) return ['site-packages/{}/__init__.py'];
        }
        return [];
      }
      // `A if windows else B`: either path (the condition is not a path).
      case 'conditional_expression': {
        const [a, , b] = n.namedChildren;
        return clean([a, b].flatMap((c) => (c ? this.pathTexts(c, depth + 1, seen) : [])));
      }
      default:
        return [];
    }
  }

  /** A file opened for writing: its path expression, or null (mode `w`, `a`, `x`, or `+`). */
  private openedForWrite(c: SyntaxNode): SyntaxNode | null {
    const fnNode = c.childForFieldName('function');
    const fn = this.qname(fnNode);
    const args = this.args(c);
    const kw = (name: string): SyntaxNode | undefined =>
      args.find((a) => a.type === 'keyword_argument' && a.childForFieldName('name')?.text === name)?.childForFieldName('value') ?? undefined;
    const positional = args.filter((a) => a.type !== 'keyword_argument');
    // `Path(p).open('w')` / `p.open(mode='a')`: a path object opened; its mode is the first argument (pkg22).
    const pathOpen =
      fnNode?.type === 'attribute' &&
      fnNode.childForFieldName('attribute')?.text === 'open' &&
      !/^(?:io|codecs|os|gzip|bz2|lzma|tarfile|zipfile|webbrowser|dbm|shelve|wave|aifc|sunau)\.open$/.test(fn ?? '');
    if (pathOpen) {
      const mode = kw('mode') ?? positional[0];
      const m = mode ? this.strOf(mode) : null;
      return m && /[wax+]/.test(m) ? (fnNode.childForFieldName('object') ?? null) : null;
    }
    if (fn !== 'open' && fn !== 'io.open' && fn !== 'codecs.open') return null;
    // `open(file=p, mode='a')`: the keywords as well as the positions (pkg22).
    const mode = kw('mode') ?? positional[1];
    const m = mode ? this.strOf(mode) : null;
    return m && /[wax+]/.test(m) ? (kw('file') ?? positional[0] ?? null) : null;
  }

  /**
   * Files written at a place the system runs or reads by itself (PERSISTENCE_PLACES): a shell
   * start-up file, a systemd unit, the Startup folder, a launch agent, a cron table, the installer's
   * configuration. With content that fetches code or names another package index it is
   * `persistence_remote`; otherwise `persistence_write` (its severity follows when the code runs).
   */
  /**
   * Every literal piece a written value can hold, or null when any part is not a literal of the code: strings,
   * f-strings whose holes are loop variables over literal lists, `+` / `+=`, names bound only to those, and the
   * file's own previous content (`p.read_text()` / `open(p).read()` of the path written, adding nothing).
   */
  private literalPieces(n: SyntaxNode, written: SyntaxNode, depth = 0): string[] | null {
    if (depth > 8) return null;
    const lit = stringValue(n);
    if (lit !== null && !n.namedChildren.some((x) => x?.type === 'interpolation')) return [lit];
    switch (n.type) {
      case 'parenthesized_expression':
        return n.namedChildren[0] ? this.literalPieces(n.namedChildren[0]!, written, depth + 1) : null;
      case 'binary_operator': {
        const l = n.childForFieldName('left');
        const r = n.childForFieldName('right');
        if (n.childForFieldName('operator')?.text !== '+' || !l || !r) return null;
        const a = this.literalPieces(l, written, depth + 1);
        const b = a && this.literalPieces(r, written, depth + 1);
        return a && b ? [...a, ...b] : null;
      }
      case 'string': {
        const out: string[] = [];
        for (const part of n.namedChildren) {
          if (!part) continue;
          if (part.type === 'string_content') out.push(part.text.replace(/\\n/g, '\n'));
          else if (part.type === 'interpolation') {
            const e = part.namedChildren[0];
            const loop = e?.type === 'identifier' ? this.fors.find((f) => this.targets(f.childForFieldName('left')).includes(e.text) && f.startIndex <= n.startIndex && f.endIndex >= n.endIndex) : undefined;
            const seq = loop?.childForFieldName('right');
            const vals = seq ? this.literalPieces(seq, written, depth + 1) : null;
            if (!vals) return null;
            out.push(...vals);
          }
        }
        return out;
      }
      case 'list':
      case 'tuple': {
        const out: string[] = [];
        for (const x of n.namedChildren) {
          const v = x ? this.literalPieces(x, written, depth + 1) : null;
          if (!v) return null;
          out.push(...v);
        }
        return out;
      }
      case 'call': {
        // The file's previous content: what it already held is not written by this code.
        const f = n.childForFieldName('function');
        const method = f?.type === 'attribute' ? f.childForFieldName('attribute')?.text : '';
        const obj = f?.type === 'attribute' ? f.childForFieldName('object') : null;
        if (method === 'read_text' && obj?.text === written.text) return [];
        if (method === 'read' && obj?.type === 'call' && /^(?:io\.)?open$/.test(this.qname(obj.childForFieldName('function')) ?? '') && this.args(obj)[0]?.text === written.text) return [];
        return null;
      }
      case 'identifier': {
        const scope = this.scopeOf(n);
        const out: string[] = [];
        let bound = false;
        for (const a of this.assigns) {
          if (a.type === 'named_expression' && a.childForFieldName('name')?.text === n.text) return null;
          const left = a.childForFieldName('left');
          const right = a.childForFieldName('right');
          if (left?.type !== 'identifier' || left.text !== n.text || this.scopeOf(a) !== scope) continue;
          if (!right || (a.type !== 'assignment' && !(a.type === 'augmented_assignment' && a.childForFieldName('operator')?.text === '+='))) return null;
          const v = this.literalPieces(right, written, depth + 1);
          if (!v) return null;
          bound = true;
          out.push(...v);
        }
        // (a loop variable over a literal list)
        for (const f of this.fors)
          if (this.targets(f.childForFieldName('left')).includes(n.text) && this.scopeOf(f) === scope) {
            const seq = f.childForFieldName('right');
            const v = seq ? this.literalPieces(seq, written, depth + 1) : null;
            if (!v) return null;
            bound = true;
            out.push(...v);
          }
        return bound ? out : null;
      }
    }
    return null;
  }

  /** Is the folder of `path` (`join(d, name)`, `d / name`) one this file makes itself (`os.makedirs(d)`, `d.mkdir()`)? */
  private folderMadeHere(written: SyntaxNode): boolean {
    let path = written;
    while (path.type === 'parenthesized_expression' && path.namedChildren[0]) path = path.namedChildren[0];
    const fn = path.type === 'call' ? (this.qname(path.childForFieldName('function')) ?? '') : '';
    const folder =
      path.type === 'call' && PATH_JOIN.test(fn)
        ? this.args(path)[0]
        : path.type === 'binary_operator' && path.childForFieldName('operator')?.text === '/'
          ? path.childForFieldName('left')
          : null;
    if (!folder) return false;
    return this.callNodes.some((c) => {
      const f = c.childForFieldName('function');
      if (/^os\.(?:mkdir|makedirs)$/.test(this.qname(f) ?? '')) return this.args(c)[0]?.text === folder.text;
      return f?.type === 'attribute' && f.childForFieldName('attribute')?.text === 'mkdir' && f.childForFieldName('object')?.text === folder.text;
    });
  }

  private persistenceWrites(): void {
    const handles = new Map<string, SyntaxNode>(); // scope + handle name -> path expression
    const direct: [SyntaxNode, SyntaxNode, SyntaxNode | null][] = []; // [site, path, content]
    for (const w of this.withs) {
      for (const item of w.descendantsOfType('as_pattern')) {
        const value = item.namedChildren[0];
        const target = item.childForFieldName('alias');
        if (value?.type !== 'call' || !target) continue;
        const p = this.openedForWrite(value);
        if (!p) continue;
        for (const h of this.targets(target)) handles.set(this.scopeOf(item) + h, p);
        direct.push([value, p, null]);
      }
    }
    for (const a of this.assigns) {
      const right = a.childForFieldName('right');
      if (right?.type !== 'call') continue;
      const p = this.openedForWrite(right);
      if (!p) continue;
      for (const h of this.targets(a.childForFieldName('left'))) handles.set(this.scopeOf(a) + h, p);
      direct.push([right, p, null]);
    }
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      if (fnNode?.type !== 'attribute') continue;
      const method = fnNode.childForFieldName('attribute')?.text ?? '';
      const obj = fnNode.childForFieldName('object');
      const content = this.args(c)[0] ?? null;
      if (!obj) continue;
      if (method === 'write' || method === 'writelines') {
        const p =
          obj.type === 'identifier'
            ? handles.get(this.scopeOf(obj) + this.ident(obj))
            : obj.type === 'call'
              ? this.openedForWrite(obj)
              : null;
        if (p) direct.push([c, p, content]);
      } else if (method === 'write_text' || method === 'write_bytes') {
        direct.push([c, obj, content]);
      }
      // `json.dump(cfg, open(p, 'w'))`: a serialiser writing into a file opened in the call.
      if (method === 'dump') {
        const [data, dst] = this.args(c);
        const p = dst?.type === 'call' ? this.openedForWrite(dst) : null;
        if (p) direct.push([c, p, data ?? null]);
      }
    }
    // `print(line, file=fh)`: what is printed is written into the handle's file (pkg22py).
    for (const c of this.callNodes) {
      if (c.childForFieldName('function')?.text !== 'print') continue;
      const args = this.args(c);
      const fh = args.find((a) => a.type === 'keyword_argument' && a.childForFieldName('name')?.text === 'file')?.childForFieldName('value');
      const p = fh?.type === 'identifier' ? handles.get(this.scopeOf(fh) + this.ident(fh)) : fh?.type === 'call' ? this.openedForWrite(fh) : null;
      const content = args.find((a) => a.type !== 'keyword_argument') ?? null;
      if (p) direct.push([c, p, content]);
    }
    const fnCalls = this.callNodes.filter((c) =>
      /^shutil\.copy(?:file|2)?$/.test(this.qname(c.childForFieldName('function')) ?? ''),
    );
    for (const c of fnCalls) {
      const dst = this.args(c)[1];
      if (dst) direct.push([c, dst, null]);
    }
    // One finding per place: the write whose content fetches code if there is one, else the first write.
    const byPlace = new Map<string, { site: SyntaxNode; fetching: boolean }>();
    for (const [site, path, content] of direct) {
      const paths = this.pathTexts(path);
      const place = PERSISTENCE_PLACES.find((pl) => paths.some((p) => pl.re.test(p)));
      if (!place) continue;
      if (place.ownFolderIsNot && !paths.some((p) => ON_SITE_PATH.test(p)) && this.folderMadeHere(path)) continue;
      const texts = content
        ? [this.strOf(content), ...this.pathTexts(content)].filter((x): x is string => x !== null)
        : [];
      if (place.needs && !texts.some((t) => place.needs!.test(t))) continue;
      if (place.pthCode) {
        const t = content ? this.taintOf(content) : new Set<Taint>();
        if (!texts.some((x) => pthActingLine(x) !== null) && !t.has('remote') && !t.has('decoded')) continue;
      }
      if (place.setupOnly && content) {
        const pieces = this.literalPieces(content, path);
        if (pieces && pieces.every((x) => x.split(/\n|\\n/).every((l) => SHELL_SETUP_LINE.test(l.trim())))) continue;
      }
      const fetching = texts.some((t) => FETCHING_CONTENT.test(t));
      const cur = byPlace.get(place.what);
      if (!cur || (fetching && !cur.fetching)) byPlace.set(place.what, { site, fetching });
    }
    for (const [what, { site, fetching }] of byPlace) {
      if (fetching)
        this.add(
          'persistence_remote',
          'HIGH',
          'filesystem',
          site,
          `${what} is written with content that fetches code or names another package index: it acts at every login, shell start or install (persistence)`,
        );
      else
        this.add(
          'persistence_write',
          'HIGH',
          'filesystem',
          site,
          `${what} is written: it runs by itself at every login, shell start or install (persistence)`,
        );
    }
  }

  /** Names bound by an assignment target (`a`, `a, b`, `self.x` as `self.x`, `d['k']` as `d`). */
  private targets(n: SyntaxNode | null, out: string[] = []): string[] {
    if (!n) return out;
    if (n.type === 'identifier') out.push(this.ident(n));
    else if (n.type === 'attribute') out.push(norm(n.text));
    else if (n.type === 'subscript') this.targets(n.childForFieldName('value'), out);
    else for (const c of n.namedChildren) this.targets(c, out);
    return out;
  }

  propagate(): void {
    for (let round = 0; round < 4; round++) {
      let changed = false;
      for (const a of this.assigns) {
        const left = a.childForFieldName(a.type === 'named_expression' ? 'name' : 'left');
        const right = a.childForFieldName(a.type === 'named_expression' ? 'value' : 'right');
        if (!left || !right) continue;
        const scope = this.scopeOf(a);
        const names = this.targets(left).map((x) =>
          x.startsWith('self.') || x.startsWith('cls.') ? `m:${x}` : this.bindingKey(scope, x),
        );
        if (round === 0 && names.length === 1 && a.type === 'assignment') {
          const s = this.strOf(right);
          if (s !== null && s.length < 4096) {
            this.strings.set(bare(names[0]!), s);
            if (this.plain(() => this.strOf(right)) !== s) this.decodedNames.add(bare(names[0]!));
          }
        }
        // `x = __import__('os')`, `s = os.system`, `r = getattr(os, 'system')`: aliases.
        if (
          round === 0 &&
          names.length === 1 &&
          (right.type === 'attribute' ||
            right.type === 'call' ||
            right.type === 'identifier' ||
            right.type === 'subscript' ||
            right.type === 'conditional_expression')
        ) {
          // `f = A if cond else B`: either branch may be what is called (the first that names something).
          const picked =
            right.type === 'conditional_expression'
              ? ([right.namedChildren[0], right.namedChildren[2]].find((x) => x && this.qname(x)) ?? right)
              : right;
          const q = picked.type === 'conditional_expression' ? null : this.qname(picked);
          const fnq = picked.type === 'call' ? (this.qname(picked.childForFieldName('function')) ?? '') : '';
          const isImport =
            picked.type === 'call' &&
            (/^(?:__import__|importlib\.import_module|getattr)$/.test(fnq) || BUILTINS_GET.test(fnq));
          // pkgrecall2: an HTTP client's instance (`pm = urllib3.PoolManager()`, `s = requests.Session()`) is named by
          // its class, as a chained call is (`requests.Session().get`): its requests fetch.
          const client = picked.type === 'call' && HTTP_CLIENT_CLASS.test(fnq);
          if (
            q &&
            (picked.type !== 'call' || isImport || client) &&
            q !== bare(names[0]!) &&
            !/^(?:self|cls)\./.test(bare(names[0]!))
          )
            this.alias.set(bare(names[0]!), q);
        }
        // `x, run, y = str, exec, map`: pairwise aliases.
        if (
          round === 0 &&
          names.length > 1 &&
          (left.type === 'pattern_list' || left.type === 'tuple_pattern' || left.type === 'tuple') &&
          (right.type === 'expression_list' || right.type === 'tuple')
        ) {
          const ls = left.namedChildren.filter((x): x is SyntaxNode => !!x);
          const rs = right.namedChildren.filter((x): x is SyntaxNode => !!x);
          if (ls.length === rs.length) {
            // Builtins renamed en masse, exec or eval among them: what an obfuscator (Hyperion and kin) emits.
            const renamed = rs.filter((x) => x.type === 'identifier' && BUILTIN_VALUES.has(x.text));
            if (
              renamed.length >= 3 &&
              renamed.some((x) => x.text === 'exec' || x.text === 'eval' || x.text === '__import__')
            ) {
              this.add(
                'builtins_renamed',
                'HIGH',
                'obfuscation',
                a,
                `${renamed.length} builtins, ${renamed.find((x) => /^(?:exec|eval|__import__)$/.test(x.text))!.text} among them, are renamed in one assignment to hide what the code calls`,
              );
            }
            for (let i = 0; i < ls.length; i++) {
              if (ls[i]!.type !== 'identifier') continue;
              const q = rs[i]!.type === 'identifier' || rs[i]!.type === 'attribute' ? this.qname(rs[i]!) : null;
              if (q && q !== ls[i]!.text) this.alias.set(ls[i]!.text, q);
            }
          }
        }
        // `_ = lambda b: zlib.decompress(b[::-1])`: calling `_` returns what its body returns.
        if (right.type === 'lambda' && names.length === 1) {
          const bt = this.taintOf(right.childForFieldName('body'));
          if (bt.size > 0) {
            const key = bare(names[0]!);
            const cur = this.funcTaint.get(key) ?? new Set<Taint>();
            const before = cur.size;
            for (const x of bt) cur.add(x);
            this.funcTaint.set(key, cur);
            if (cur.size !== before) changed = true;
          }
        }
        let t = this.taintOf(right);
        // `buf[i] ^= key[i % n]`: XOR in place decodes the buffer, as `b ^ k` does in an expression.
        if (a.type === 'augmented_assignment' && a.childForFieldName('operator')?.text === '^=')
          t = new Set<Taint>([...t, 'decoded']);
        for (const nm of names) if (this.addTaint(nm, t)) changed = true;
      }
      // A buffer or list filled with a secret (`buf.write(open(p).read())`, `queue.append(env)`) holds it: what is
      // sent of it later carries the secret. Only secrets and the environment: a list of fetched parts is data.
      for (const c of this.callNodes) {
        const fnNode = c.childForFieldName('function');
        if (fnNode?.type !== 'attribute') continue;
        const obj = fnNode.childForFieldName('object');
        if (obj?.type !== 'identifier' || !FILL_METHOD.test(fnNode.childForFieldName('attribute')?.text ?? '')) continue;
        const t = new Set<Taint>();
        const name = this.ident(obj);
        const scope = this.scopeOf(c);
        const key = this.taint.has(scope + name) || this.localNames(scope).has(name) ? this.bindingKey(scope, name) : `m:${name}`;
        // pkgrecall2: a module-level queue a function fills with what its caller hands it (`_Q.append(params)`) and
        // another function sends later (a batching transport): the queue carries the caller's argument and records.
        const carried = key.startsWith('m:') ? /^(?:secret|env|token:|capture$|records$|param:)/ : /^(?:secret|env|token:|capture$|records$)/;
        for (const a of this.args(c)) for (const x of this.taintOf(a)) if (carried.test(x)) t.add(x);
        if (t.size === 0) continue;
        if (this.addTaint(key, t)) changed = true;
      }
      // An image saved into a buffer (`shot.save(buf, 'PNG')`): the buffer holds the recording.
      for (const c of this.callNodes) {
        const fnNode = c.childForFieldName('function');
        if (fnNode?.type !== 'attribute' || fnNode.childForFieldName('attribute')?.text !== 'save') continue;
        const dst = this.args(c)[0];
        if (dst?.type !== 'identifier' || !this.taintOf(fnNode.childForFieldName('object')).has('capture')) continue;
        const scope = this.scopeOf(c);
        const name = this.ident(dst);
        const key = this.taint.has(scope + name) || this.localNames(scope).has(name) ? this.bindingKey(scope, name) : `m:${name}`;
        if (this.addTaint(key, new Set<Taint>(['capture']))) changed = true;
      }
      for (const f of this.fors) {
        const t = this.taintOf(f.childForFieldName('right'));
        const scope = this.scopeOf(f);
        for (const nm of this.targets(f.childForFieldName('left')))
          if (this.addTaint(this.bindingKey(scope, nm), t)) changed = true;
      }
      for (const w of this.withs) {
        // with urlopen(u) as r / with requests.get(u, stream=True) as r
        for (const item of w.descendantsOfType('as_pattern')) {
          if (!item) continue;
          const value = item.namedChildren[0] ?? null;
          const target = item.childForFieldName('alias');
          const t = this.taintOf(value);
          const scope = this.scopeOf(item);
          for (const nm of this.targets(target)) if (this.addTaint(this.bindingKey(scope, nm), t)) changed = true;
        }
      }
      for (const fn of this.funcs) {
        const name = fn.childForFieldName('name');
        if (!name) continue;
        const id = this.ident(name);
        const t: Taints = new Set();
        for (const r of fn.descendantsOfType('return_statement')) for (const x of this.taintOf(r)) t.add(x);
        if (t.size === 0) continue;
        const cur = this.funcTaint.get(id) ?? new Set<Taint>();
        const before = cur.size;
        for (const x of t) cur.add(x);
        this.funcTaint.set(id, cur);
        if (cur.size !== before) changed = true;
      }
      if (this.bindParams()) changed = true;
      if (round === 0 && this.keyHooks()) changed = true;
      if (round === 0 && this.archiveAdds()) changed = true;
      if (round === 0 && this.configReads()) changed = true;
      this.fileWrites();
      if (this.fileHelpers()) changed = true;
      if (!changed) break;
    }
  }

  /**
   * A function of the file that writes fetched or decoded data into a file and returns its path, or writes
   * into the path its caller hands it (`def _get(url, dest): … f.write(chunk) … return dest`): what the caller
   * gets back, and the path it handed in, name that file (`exe = _get(u, p); Popen([exe])`).
   */
  private fileHelpers(): boolean {
    let changed = false;
    for (const fn of this.funcs) {
      const name = fn.childForFieldName('name')?.text;
      if (!name) continue;
      const scope = `f${fn.startIndex}:`;
      const written = (id: string): Taints | undefined => this.taintedFiles.get(`v:${scope}${id}`);
      const params = this.params(fn);
      const paramTaint = params.map((p) => written(p));
      let returned: Taints | undefined;
      for (const r of fn.descendantsOfType('return_statement')) {
        const v = r?.namedChildren[0];
        if (v?.type === 'identifier' && this.scopeOf(v) === scope) returned ??= written(this.ident(v));
      }
      if (!returned && !paramTaint.some((t) => t && (t.has('remote') || t.has('decoded')))) continue;
      const gives = returned ?? paramTaint.find((t) => t && (t.has('remote') || t.has('decoded')));
      if (gives && fn.parent?.type === 'module') this.fileFns.set(name, gives);
      const method = params[0] === 'self' || params[0] === 'cls' ? 1 : 0;
      for (const c of this.callNodes) {
        const callee = c.childForFieldName('function');
        const called =
          callee?.type === 'identifier'
            ? this.ident(callee)
            : callee?.type === 'attribute' && /^(?:self|cls)$/.test(callee.childForFieldName('object')?.text ?? '')
              ? callee.childForFieldName('attribute')?.text
              : undefined;
        if (called !== name || (c.startIndex >= fn.startIndex && c.endIndex <= fn.endIndex)) continue;
        const args = this.args(c);
        for (const [i, t] of paramTaint.entries()) {
          if (!t || i < method) continue;
          const byName = args.find((a) => a.type === 'keyword_argument' && a.childForFieldName('name')?.text === params[i]);
          const arg = byName?.childForFieldName('value') ?? args.filter((a) => a.type !== 'keyword_argument')[i - method];
          if (arg && this.noteWriteChanged(this.pathKey(arg), t)) changed = true;
        }
        const got = returned ?? paramTaint.find((t) => t && (t.has('remote') || t.has('decoded')));
        const site = c.parent;
        if (got && site?.type === 'assignment' && site.childForFieldName('right') === c)
          for (const h of this.targets(site.childForFieldName('left')))
            if (this.noteWriteChanged(`v:${this.scopeOf(site)}${h}`, got)) changed = true;
      }
    }
    return changed;
  }

  /**
   * The qualified name of another module's function whose result a command starts (`Popen(fetch_to(p))`,
   * `x = fetch_to(p); Popen([x])`, `os.system(x + ' &')`): the collector asks that module whether the function
   * returns a file it wrote with fetched or decoded data (collector/follow.ts).
   */
  private programFromOtherModule(v: SyntaxNode): string | null {
    const callee = (n: SyntaxNode): string | null => {
      if (n.type !== 'call') return null;
      const f = n.childForFieldName('function');
      const q = f && (f.type === 'identifier' || f.type === 'attribute') ? this.qname(f) : null;
      return q && q.includes('.') && !this.defsNamed(q.slice(q.lastIndexOf('.') + 1)).length ? q : null;
    };
    const first = v.type === 'list' || v.type === 'tuple' ? v.namedChildren[0] : v;
    if (!first) return null;
    for (const n of [first, ...first.descendantsOfType(['call', 'identifier'])]) {
      if (!n) continue;
      const direct = callee(n);
      if (direct) return direct;
      if (n.type !== 'identifier') continue;
      const scope = this.scopeOf(n);
      for (const a of this.assigns) {
        const right = a.childForFieldName('right');
        if (a.type !== 'assignment' || !right || this.scopeOf(a) !== scope || a.startIndex > n.startIndex) continue;
        if (!this.targets(a.childForFieldName('left')).includes(this.ident(n))) continue;
        const q = callee(right);
        if (q) return q;
      }
    }
    return null;
  }

  /** An exec or a send whose value is what another module's function returns (`exec(get_text(u))`, `data=gather()`). */
  private noteUsesOther(c: SyntaxNode, v: SyntaxNode, kind: 'exec' | 'send', dest: (() => string | null) | null): void {
    if (this.usesOther.length >= 20) return;
    const callee = this.programFromOtherModule(v);
    if (!callee || this.usesOther.some((u) => u.callee === callee && u.line === c.startPosition.row + 1)) return;
    this.usesOther.push({ callee, line: c.startPosition.row + 1, evidence: norm(c.text).slice(0, 120), kind, dest: dest ? dest() : null });
  }

  /**
   * A keyboard hook's callback (`pynput.keyboard.Listener(on_press=f)`, `keyboard.on_press(f)`, `keyboard.hook(f)`):
   * its first parameter is each key the user types, a recording like a screenshot's (pkg22py).
   */
  private keyHooks(): boolean {
    let changed = false;
    for (const c of this.callNodes) {
      const fn = this.qname(c.childForFieldName('function')) ?? '';
      if (!KEY_HOOK.test(fn)) continue;
      for (const a of this.args(c)) {
        const kw = a.type === 'keyword_argument' ? a.childForFieldName('name')?.text : null;
        if (kw && !/^on_(?:press|release)$/.test(kw)) continue;
        const cb = kw ? a.childForFieldName('value') : a;
        if (cb?.type !== 'identifier') continue;
        for (const def of this.defsNamed(this.ident(cb))) {
          const ps = this.params(def);
          const first = ps[0] === 'self' ? ps[1] : ps[0];
          if (first && this.addTaint(`f${def.startIndex}:${first}`, new Set<Taint>(['capture']))) changed = true;
        }
      }
    }
    return changed;
  }

  /**
   * The user's files encrypted where they are (pkg22py): a loop over the home folder or one of its document folders
   * (`os.walk`, `glob`, `rglob`, `listdir`, `scandir`) that encrypts what it reads (`Fernet(k).encrypt`, an AES cipher,
   * XOR) and removes the originals. Ransomware's shape; a backup tool writes its copies elsewhere and keeps the files,
   * a clean-up removes files inside a cache of its own.
   */
  /**
   * A builtin looked up by a name the file computes (`getattr(importlib.import_module('builtins'), _c.NAME[::-1])`,
   * `vars(builtins)[a + b]`) and called with fetched or decoded data (pkg23py): the name is spelled so that no reader
   * sees `exec`, and what it is handed is code from the network. A name that comes from data or from a caller (a
   * deserialiser turning a type name into `int` or `float`) is not hidden: it names what the data says.
   */
  private builtinByComputedName(): void {
    for (const c of this.callNodes) {
      const f = c.childForFieldName('function');
      let nameExpr: SyntaxNode | null = null;
      if (f?.type === 'call') {
        const fq = this.qname(f.childForFieldName('function'));
        const fa = this.args(f);
        if (fq === 'getattr' && fa.length >= 2 && /^(?:builtins|__builtins__)$/.test(this.qname(fa[0]!) ?? '')) nameExpr = fa[1]!;
      } else if (f?.type === 'subscript') {
        const base = this.qname(f.childForFieldName('value'));
        if (base && /(?:^|\.)(?:__builtins__|builtins|__dict__)$/.test(base)) nameExpr = f.childForFieldName('subscript');
      }
      if (!nameExpr || this.strOf(nameExpr) !== null) continue;
      const nt = this.taintOf(nameExpr);
      if ([...nt].some((t) => t === 'remote' || t === 'request' || t === 'config' || t === 'received' || t === 'socket' || t.startsWith('param:'))) continue;
      // A parameter of the enclosing functions named in the expression: the caller chooses the builtin.
      const params = new Set<string>();
      for (let p = c.parent; p; p = p.parent) if (p.type === 'function_definition') for (const x of this.params(p)) params.add(x);
      if (nameExpr.descendantsOfType('identifier').some((i) => params.has(i.text)) || (nameExpr.type === 'identifier' && params.has(nameExpr.text))) continue;
      const a0 = this.args(c).find((a) => a.type !== 'keyword_argument');
      if (!a0) continue;
      const t = this.taintOf(a0);
      if (t.has('remote'))
        this.add('remote_code_exec', 'CRITICAL', 'shell', c, 'downloaded data is handed to a builtin looked up by a computed name (exec or eval spelled so that no reader sees it)');
      else if (t.has('decoded'))
        this.add('decoded_code_exec', 'HIGH', 'obfuscation', c, 'decoded data is handed to a builtin looked up by a computed name (exec or eval spelled so that no reader sees it)');
    }
  }

  private encryptedInPlace(): void {
    for (const f of this.fors) {
      if (f.type !== 'for_statement') continue;
      const right = f.childForFieldName('right');
      if (right?.type !== 'call') continue;
      const fn = this.qname(right.childForFieldName('function')) ?? '';
      const method = right.childForFieldName('function')?.type === 'attribute' ? (right.childForFieldName('function')!.childForFieldName('attribute')?.text ?? '') : '';
      const walked =
        /^(?:os\.walk|os\.listdir|os\.scandir|glob\.i?glob)$/.test(fn) && this.args(right)[0]
          ? this.pathTexts(this.args(right)[0]!)
          : /^(?:rglob|glob|iterdir|walk)$/.test(method)
            ? this.pathTexts(right.childForFieldName('function')!.childForFieldName('object')!)
            : [];
      if (!walked.some((p) => USER_FILES_ROOT.test(p))) continue;
      const calls = f.descendantsOfType('call').filter((c): c is SyntaxNode => !!c);
      const name = (c: SyntaxNode): string => this.qname(c.childForFieldName('function')) ?? c.childForFieldName('function')?.text ?? '';
      const encrypts = calls.some((c) => /(?:^|\.)encrypt$/.test(name(c))) || f.descendantsOfType('binary_operator').some((b) => b?.childForFieldName('operator')?.text === '^');
      const removes = calls.find((c) => /^(?:os\.remove|os\.unlink)$|\.unlink$/.test(name(c)));
      if (!encrypts || !removes) continue;
      this.add(
        'files_encrypted_in_place',
        'HIGH',
        'filesystem',
        removes,
        "the user's files are encrypted and the originals removed, walking the home folder or a document folder (ransomware)",
      );
      return;
    }
  }

  /**
   * The clipboard read, tested for a crypto-wallet address (a pattern of address shape: `bc1…`, `0x` and 40 hex digits,
   * `[13]…{25,34}`, `T…{33}`) and written back (pyperclip under any alias, win32clipboard, tkinter): an address the
   * user copied is swapped for another before it is pasted (pkg22py; behaviour-rules.ts `clipboard_wallet_hijack` reads
   * the literal spellings only).
   */
  private clipboardSwap(): void {
    // The value tested must be what the clipboard holds (`t = pyperclip.paste()`, or the call itself): a helper that
    // validates an address its caller passes and copies it is a wallet's "copy address" button.
    const fromClipboard = (x: SyntaxNode | undefined): boolean => {
      if (!x) return false;
      if (x.type === 'call' && CLIPBOARD_READ.test(this.qname(x.childForFieldName('function')) ?? '')) return true;
      if (x.type !== 'identifier' && x.type !== 'boolean_operator' && x.type !== 'parenthesized_expression') return false;
      if (x.type !== 'identifier') return x.namedChildren.some((y) => fromClipboard(y ?? undefined));
      const scope = this.scopeOf(x);
      return this.assigns.some((a) => {
        const right = a.childForFieldName(a.type === 'named_expression' ? 'value' : 'right');
        return (
          this.scopeOf(a) === scope &&
          this.targets(a.childForFieldName(a.type === 'named_expression' ? 'name' : 'left')).includes(this.ident(x)) &&
          right?.type === 'call' &&
          CLIPBOARD_READ.test(this.qname(right.childForFieldName('function')) ?? '')
        );
      });
    };
    // A pattern of address shape: given to `re.match(p, v)`, or compiled (`ETH = re.compile(p)`, then `ETH.match(v)`).
    const shapedPattern = (n: SyntaxNode | undefined): boolean => {
      const sv = n ? this.strOf(n) : null;
      if (sv !== null) return WALLET_SHAPE.test(sv);
      if (n?.type !== 'identifier') return false;
      return this.assigns.some((a) => {
        const right = a.childForFieldName('right');
        return (
          a.childForFieldName('left')?.text === n.text &&
          right?.type === 'call' &&
          this.qname(right.childForFieldName('function')) === 're.compile' &&
          shapedPattern(this.args(right)[0])
        );
      });
    };
    let tested = false;
    let write: SyntaxNode | null = null;
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      const fn = this.qname(fnNode) ?? '';
      if (CLIPBOARD_WRITE.test(fn)) write ??= c;
      const args = this.args(c);
      if (/^re\.(?:match|fullmatch|search|findall|finditer|sub)$/.test(fn) && shapedPattern(args[0]) && fromClipboard(fn === 're.sub' ? args[2] : args[1]))
        tested = true;
      const method = fnNode?.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : '';
      if (/^(?:match|fullmatch|search|findall|finditer)$/.test(method) && shapedPattern(fnNode!.childForFieldName('object') ?? undefined) && fromClipboard(args[0]))
        tested = true;
    }
    if (!tested || !write) return;
    this.add(
      'clipboard_wallet_hijack',
      'HIGH',
      'exfiltration',
      write,
      'the clipboard is read, tested for a crypto-wallet address and written back: a copied address is swapped for another before it is pasted',
    );
  }

  /**
   * What a socket receives run as a command or as code (`cmd = conn.recv(4096)` then `check_output(cmd, shell=True)`):
   * a bind or reverse shell, a C2 loop over a raw socket. Whoever is at the other end runs code here (pkg22py).
   */
  private socketCommand(c: SyntaxNode, name: string): void {
    if (this.findings.some((f) => f.ruleId === 'socket_command_exec' && f.line === c.startPosition.row + 1)) return;
    this.add(
      'socket_command_exec',
      'HIGH',
      'shell',
      c,
      `data received on a socket is run as ${EXEC.test(name) ? 'Python code' : 'a command'} (${name}): whoever is at the other end runs code on this machine (a remote shell)`,
    );
  }

  /** `self`, `cls`, or a class of this file (`_Boot.load(…)`, a static or class method): its methods are the file's own. */
  private ownInstance(n: SyntaxNode | null): boolean {
    if (!n) return false;
    if (/^(?:self|cls)$/.test(n.text)) return true;
    return n.type === 'identifier' && this.classes.some((k) => k.childForFieldName('name')?.text === n.text);
  }

  /** Module-level functions whose return carries fetched or decoded data, a secret or the environment. */
  returnFns(): Map<string, Taints> {
    const out = new Map<string, Taints>();
    for (const fn of this.funcs) {
      const name = fn.childForFieldName('name')?.text;
      if (!name || fn.parent?.type !== 'module') continue;
      const t = [...(this.funcTaint.get(name) ?? [])].filter((x) => /^(?:remote|decoded|secret|env)$/.test(x));
      if (t.length) out.set(name, new Set(t));
    }
    return out;
  }

  private noteWriteChanged(key: string, t: Taints): boolean {
    const before = this.taintedFiles.get(key)?.size ?? 0;
    this.noteWrite(key, t);
    return (this.taintedFiles.get(key)?.size ?? 0) !== before;
  }

  /**
   * A credential store read through a config parser (`cp = configparser.RawConfigParser(); cp.read('~/.pypirc')`, pkg22):
   * the parser holds the store's content, so what `cp.get(section, 'password')` returns is a secret.
   */
  private configReads(): boolean {
    let changed = false;
    const parsers = new Set<string>();
    for (const a of this.assigns) {
      const right = a.childForFieldName('right');
      if (right?.type !== 'call' || !/(?:^|\.)(?:Raw|Safe)?ConfigParser$/.test(this.qname(right.childForFieldName('function')) ?? right.childForFieldName('function')?.text ?? '')) continue;
      for (const h of this.targets(a.childForFieldName('left'))) parsers.add(this.scopeOf(a) + h);
    }
    if (parsers.size === 0) return false;
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      if (fnNode?.type !== 'attribute' || !/^read(?:_file)?$/.test(fnNode.childForFieldName('attribute')?.text ?? '')) continue;
      const obj = fnNode.childForFieldName('object');
      if (obj?.type !== 'identifier') continue;
      const key = parsers.has(this.scopeOf(obj) + this.ident(obj)) ? this.scopeOf(obj) + this.ident(obj) : parsers.has(`m:${this.ident(obj)}`) ? `m:${this.ident(obj)}` : null;
      let a0 = this.args(c)[0];
      if (a0?.type === 'call' && /^(?:open|io\.open)$/.test(this.qname(a0.childForFieldName('function')) ?? '')) a0 = this.args(a0)[0];
      if (!key || !a0 || !this.pathTexts(a0).some(isSecretStore)) continue;
      if (this.addTaint(key, new Set<Taint>(['secret']))) changed = true;
    }
    return changed;
  }

  /**
   * A credential store packed into an archive (`tar.add('~/.ssh')`, `zf.write(key_path)`): the
   * archive object, and the buffer or name it was opened on (`tarfile.open(fileobj=buf)`), carry the
   * store's content, so `buf.getvalue()` sent out is the keys sent out (blind set 2).
   */
  private archiveAdds(): boolean {
    let changed = false;
    const opened = new Map<string, SyntaxNode>(); // scope + name -> constructor call
    const bind = (target: SyntaxNode | null, value: SyntaxNode | null, at: SyntaxNode): void => {
      if (
        value?.type !== 'call' ||
        !/^(?:tarfile\.(?:open|TarFile)|zipfile\.(?:ZipFile|PyZipFile))$/.test(
          this.qname(value.childForFieldName('function')) ?? '',
        )
      )
        return;
      for (const h of this.targets(target)) opened.set(this.scopeOf(at) + h, value);
    };
    for (const w of this.withs)
      for (const item of w.descendantsOfType('as_pattern'))
        bind(item.childForFieldName('alias'), item.namedChildren[0] ?? null, item);
    for (const a of this.assigns) bind(a.childForFieldName('left'), a.childForFieldName('right'), a);
    if (opened.size === 0) return false;
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      if (
        fnNode?.type !== 'attribute' ||
        !/^(?:add|write|addfile)$/.test(fnNode.childForFieldName('attribute')?.text ?? '')
      )
        continue;
      const obj = fnNode.childForFieldName('object');
      if (obj?.type !== 'identifier') continue;
      const key = this.scopeOf(obj) + this.ident(obj);
      const ctor = opened.get(key) ?? opened.get(`m:${this.ident(obj)}`);
      const a0 = this.args(c)[0];
      if (!ctor || !a0) continue;
      // (Or a file a walk picked by a secret file's suffix: pkg23py.)
      const kind: Taint | null = this.pathTexts(a0).some(isSecretStore) ? 'secret' : this.taintOf(a0).has('secretfiles') ? 'secretfiles' : null;
      if (!kind) continue;
      const secret = new Set<Taint>([kind]);
      if (this.addTaint(key, secret)) changed = true;
      for (const arg of this.args(ctor)) {
        const v =
          arg.type === 'keyword_argument'
            ? arg.childForFieldName('name')?.text === 'fileobj'
              ? arg.childForFieldName('value')
              : null
            : arg;
        if (v?.type === 'identifier' && this.addTaint(this.scopeOf(v) + this.ident(v), secret)) changed = true;
        if (v?.type === 'identifier' && this.addTaint(`m:${this.ident(v)}`, secret)) changed = true;
      }
    }
    return changed;
  }

  /** Files written with tainted data: `with open(p, 'wb') as f: f.write(x)`, `open(p,'w').write(x)`, `Path(p).write_bytes(x)`, urlretrieve(u, p). */
  private fileWrites(): void {
    const handles = new Map<string, string>(); // file handle variable → path key
    // `fd, path = tempfile.mkstemp()`: the descriptor writes the file the path names (`os.fdopen(fd, 'w')`,
    // `os.write(fd, data)`), so both are keyed by the path variable.
    const fdPaths = new Map<string, string>();
    for (const a of this.assigns) {
      const right = a.childForFieldName('right');
      if (right?.type !== 'call' || !/^tempfile\.mkstemp$/.test(this.qname(right.childForFieldName('function')) ?? ''))
        continue;
      const [fd, path] = this.targets(a.childForFieldName('left'));
      if (fd && path) fdPaths.set(this.scopeOf(a) + fd, `v:${this.scopeOf(a)}${path}`);
    }
    const fdKey = (n: SyntaxNode | undefined): string | undefined =>
      n?.type === 'identifier' ? fdPaths.get(this.scopeOf(n) + this.ident(n)) : undefined;
    /** The path key a call opening a file for writing names (`open(p, …)`, `os.fdopen(fd, …)` of a mkstemp descriptor). */
    const opened = (call: SyntaxNode, withCodecs: boolean): string | undefined => {
      const fn = this.qname(call.childForFieldName('function'));
      const p = this.args(call)[0];
      if (fn === 'os.fdopen') return fdKey(p);
      if (fn !== 'open' && fn !== 'io.open' && !(withCodecs && fn === 'codecs.open')) return undefined;
      return p ? this.pathKey(p) : undefined;
    };
    for (const w of this.withs) {
      for (const item of w.descendantsOfType('as_pattern')) {
        const value = item?.namedChildren[0];
        const target = item?.childForFieldName('alias');
        if (!value || !target || value.type !== 'call') continue;
        const key = opened(value, true);
        if (key) for (const h of this.targets(target)) handles.set(this.scopeOf(item!) + h, key);
        else if (TEMP_FILE.test(this.qname(value.childForFieldName('function')) ?? ''))
          for (const h of this.targets(target)) handles.set(this.scopeOf(item!) + h, `v:${this.scopeOf(item!)}${h}`);
      }
    }
    for (const a of this.assigns) {
      const right = a.childForFieldName('right');
      if (right?.type !== 'call') continue;
      const fn = this.qname(right.childForFieldName('function'));
      if (fn && TEMP_FILE.test(fn)) {
        // The handle names the file (`tmp.name`): the handle variable is the path key.
        for (const h of this.targets(a.childForFieldName('left')))
          handles.set(this.scopeOf(a) + h, `v:${this.scopeOf(a)}${h}`);
        continue;
      }
      const key = opened(right, false);
      if (key) for (const h of this.targets(a.childForFieldName('left'))) handles.set(this.scopeOf(a) + h, key);
    }
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      if (fnNode?.type !== 'attribute') continue;
      const method = fnNode.childForFieldName('attribute')?.text ?? '';
      const obj = fnNode.childForFieldName('object');
      const args = this.args(c);
      if (!obj) continue;
      let key: string | null = null;
      if (method === 'write' || method === 'writelines') {
        if (obj.type === 'identifier') key = handles.get(this.scopeOf(obj) + this.ident(obj)) ?? null;
        else if (obj.type === 'call' && /^(?:io\.)?open$/.test(this.qname(obj.childForFieldName('function')) ?? ''))
          key = this.args(obj)[0] ? this.pathKey(this.args(obj)[0]!) : null;
      } else if (method === 'write_bytes' || method === 'write_text') {
        key = obj.type === 'call' && this.args(obj)[0] ? this.pathKey(this.args(obj)[0]!) : this.pathKey(obj);
      }
      if (key === null) continue;
      const t = new Set<Taint>();
      for (const a of args) for (const x of this.taintOf(a)) t.add(x);
      // Code written out as a literal: a script that fetches and runs code is remote code once started.
      for (const a of args) {
        const lit = this.strOf(a);
        if (lit !== null && CODE_LITERAL_REMOTE.test(lit)) t.add('remote');
      }
      this.noteWrite(key, t);
    }
    // json.dump(data, f), pickle.dump(data, f), yaml.dump(data, f): data written into a handle.
    for (const c of this.callNodes) {
      if (
        !/^(?:json|pickle|marshal|yaml|toml|tomli_w)\.(?:dump|safe_dump)$/.test(
          this.qname(c.childForFieldName('function')) ?? '',
        )
      )
        continue;
      const [data, fh] = this.args(c);
      const key = fh?.type === 'identifier' ? handles.get(this.scopeOf(fh) + this.ident(fh)) : undefined;
      if (data && key) this.noteWrite(key, this.taintOf(data));
    }
    // `exe = tmp.name` of a temporary file's handle: the name is the file (`subprocess.call([exe])`).
    for (const a of this.assigns) {
      const right = a.childForFieldName('right');
      const obj = right?.type === 'attribute' ? right.childForFieldName('object') : null;
      if (obj?.type !== 'identifier' || right?.childForFieldName('attribute')?.text !== 'name') continue;
      const key = handles.get(this.scopeOf(obj) + this.ident(obj));
      const t = key ? this.taintedFiles.get(key) : undefined;
      if (t) for (const h of this.targets(a.childForFieldName('left'))) this.noteWrite(`v:${this.scopeOf(a)}${h}`, t);
    }
    // `shutil.copyfileobj(response, f)`: a stream (a download) copied into a handle writes the file with it.
    for (const c of this.callNodes) {
      if (this.qname(c.childForFieldName('function')) !== 'shutil.copyfileobj') continue;
      const [src, fh] = this.args(c);
      const key = fh?.type === 'identifier' ? handles.get(this.scopeOf(fh) + this.ident(fh)) : undefined;
      if (src && key) this.noteWrite(key, this.taintOf(src));
    }
    // `os.write(fd, data)` (a descriptor from `os.open` or `os.memfd_create`): the descriptor names the file,
    // so `os.execv(f'/proc/self/fd/{fd}', …)` starts what was written (blind set 2).
    for (const c of this.callNodes) {
      if (this.qname(c.childForFieldName('function')) !== 'os.write') continue;
      const [fd, data] = this.args(c);
      if (!fd || !data) continue;
      const t = this.taintOf(data);
      if (t.size === 0) continue;
      // (A `tempfile.mkstemp` descriptor writes the file its path variable names.)
      const key = fdKey(fd) ?? this.pathKey(fd);
      const cur = this.taintedFiles.get(key) ?? new Set<Taint>();
      for (const x of t) cur.add(x);
      this.taintedFiles.set(key, cur);
    }
    for (const c of this.callNodes) {
      const fn = this.qname(c.childForFieldName('function'));
      if (!fn || !/(?:^|\.)(?:urlretrieve|wget\.download)$/.test(fn)) continue;
      // urlretrieve(url, filename) / wget.download(url, out), positional or by keyword.
      const all = this.args(c);
      const p =
        all
          .find(
            (a) => a.type === 'keyword_argument' && /^(?:filename|out)$/.test(a.childForFieldName('name')?.text ?? ''),
          )
          ?.childForFieldName('value') ?? all.filter((a) => a.type !== 'keyword_argument')[1];
      if (p) {
        const key = this.pathKey(p);
        this.taintedFiles.set(key, new Set<Taint>(['remote']));
        if (!this.downloadedAt.has(key)) this.downloadedAt.set(key, c.startIndex);
      }
    }
    this.writtenThroughHelpers();
    this.copiesAndArchives();
  }

  /**
   * A module function that writes what it holds to a path its caller passes (`def _fetch(url, dst): … open(dst,
   * 'wb').write(r.content)`): each call's argument in that place names a file written with that data, so
   * `_fetch(URL, p)` then `Popen([p])` is a download started, across the two functions.
   */
  private writtenThroughHelpers(): void {
    for (const f of this.funcs) {
      const id = f.childForFieldName('name');
      if (!id || this.scopeOf(f) !== 'm:') continue;
      const name = this.ident(id);
      const scope = `f${f.startIndex}:`;
      const params = this.params(f);
      for (const [i, p] of params.entries()) {
        const t = this.taintedFiles.get(`v:${scope}${p}`);
        if (!t) continue;
        for (const c of this.callNodes) {
          if (this.qname(c.childForFieldName('function')) !== name) continue;
          const all = this.args(c);
          const a =
            all
              .find((x) => x.type === 'keyword_argument' && x.childForFieldName('name')?.text === p)
              ?.childForFieldName('value') ?? all.filter((x) => x.type !== 'keyword_argument')[i];
          if (a) this.noteWrite(this.pathKey(a), t);
        }
      }
    }
  }

  /**
   * A written file keeps what it holds when copied or moved (`shutil.move(p, '/tmp/svchost.exe')`,
   * `os.rename`), and an archive's folder holds what the archive held: `ZipFile(p).extractall(d)`,
   * `tarfile.open(p).extractall(d)`, `shutil.unpack_archive(p, d)` of a downloaded or decoded archive (a
   * file, or fetched bytes in memory: `ZipFile(io.BytesIO(r.content))`) marks `d`; a path built under it
   * (`os.path.join(d, 'x.exe')`, `f'{d}/x'`, a literal below a literal `d`) names an extracted file.
   */
  private copiesAndArchives(): void {
    const positional = (c: SyntaxNode) => this.args(c).filter((a) => a.type !== 'keyword_argument');
    const kw = (c: SyntaxNode, k: string) =>
      this.args(c)
        .find((a) => a.type === 'keyword_argument' && a.childForFieldName('name')?.text === k)
        ?.childForFieldName('value') ?? null;
    for (let round = 0; round < 2; round++) {
      for (const c of this.callNodes) {
        if (
          !/^shutil\.(?:copy|copy2|copyfile|move)$|^os\.(?:rename|replace)$/.test(
            this.qname(c.childForFieldName('function')) ?? '',
          )
        )
          continue;
        const [src, dst] = positional(c);
        const t = src ? this.taintedFiles.get(this.pathKey(src)) : undefined;
        if (t && dst) this.noteWrite(this.pathKey(dst), t);
      }
    }
    const ARCHIVE = /^(?:zipfile\.ZipFile|tarfile\.open|tarfile\.TarFile|py7zr\.SevenZipFile|rarfile\.RarFile)$/;
    // The archive an object is: `ZipFile(x)` itself, or a name bound to one (`z = ZipFile(x)`, `with ZipFile(x) as z`).
    const archiveOf = (o: SyntaxNode | null): SyntaxNode | null => {
      if (!o) return null;
      if (o.type === 'call' && ARCHIVE.test(this.qname(o.childForFieldName('function')) ?? ''))
        return positional(o)[0] ?? kw(o, 'file') ?? kw(o, 'name') ?? kw(o, 'fileobj');
      if (o.type !== 'identifier') return null;
      const name = this.ident(o);
      for (const a of this.assigns) {
        if (
          a.type === 'assignment' &&
          a.childForFieldName('left')?.type === 'identifier' &&
          this.ident(a.childForFieldName('left')!) === name
        ) {
          const r = archiveOf(a.childForFieldName('right'));
          if (r) return r;
        }
      }
      for (const w of this.withs) {
        for (const item of w.descendantsOfType('as_pattern')) {
          const alias = item?.childForFieldName('alias');
          if (item && alias && this.targets(alias).includes(name)) {
            const r =
              item.namedChildren[0] && item.namedChildren[0].type === 'call' ? archiveOf(item.namedChildren[0]) : null;
            if (r) return r;
          }
        }
      }
      return null;
    };
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      const fn = this.qname(fnNode) ?? '';
      let src: SyntaxNode | null = null;
      let dir: SyntaxNode | null = null;
      if (fn === 'shutil.unpack_archive') {
        [src, dir] = [positional(c)[0] ?? null, positional(c)[1] ?? kw(c, 'extract_dir')];
      } else if (
        fnNode?.type === 'attribute' &&
        /^(?:extractall|extract)$/.test(fnNode.childForFieldName('attribute')?.text ?? '')
      ) {
        src = archiveOf(fnNode.childForFieldName('object'));
        dir = kw(c, 'path') ?? positional(c)[fnNode.childForFieldName('attribute')?.text === 'extract' ? 1 : 0] ?? null;
      }
      if (!src || !dir) continue;
      const t = new Set<Taint>([...(this.taintedFiles.get(this.pathKey(src)) ?? []), ...this.taintOf(src)]);
      if (!t.has('remote') && !t.has('decoded')) continue;
      if (this.extractedDirs.length < 8)
        this.extractedDirs.push({
          key: dir.type === 'identifier' ? `v:${this.scopeOf(dir)}${this.ident(dir)}` : null,
          text: this.strOf(dir),
          taint: t.has('remote') ? 'remote' : 'decoded',
        });
    }
  }

  /**
   * A parser's input read there from a local file (`json.loads(Path(p).read_text())`, `tomllib.loads(f.read().decode())`)
   * that carries no fetched, decoded or received taint: a settings or cache file, data (DATA_PARSER). Other inputs (a
   * literal, a command's output, a variable) keep the parser's old `decoded` mark: narrowing it further lost a
   * held-out PyPI variant (pkg-analysis-2026.12.9).
   */
  private readsLocalFile(a: SyntaxNode | undefined, depth = 0): boolean {
    if (!a || depth > 3) return false;
    if (a.type === 'call') {
      const f = a.childForFieldName('function');
      const method = f?.type === 'attribute' ? (f.childForFieldName('attribute')?.text ?? '') : '';
      // `open(p).read()`, `f.read()` of a `with open(…) as f`, `Path(p).read_text()` / `read_bytes()`, `.decode()` of one.
      if (/^(?:read|read_text|read_bytes)$/.test(method)) {
        const t = this.taintOf(a);
        return !t.has('remote') && !t.has('decoded') && !t.has('received');
      }
      if (method === 'decode' && f) return this.readsLocalFile(f.childForFieldName('object') ?? undefined, depth + 1);
    }
    return false;
  }

  /** Folders a downloaded or decoded archive is extracted into (`copiesAndArchives`). */
  private readonly extractedDirs: { key: string | null; text: string | null; taint: Taint }[] = [];

  /** Whether a path expression names a file under an extracted archive's folder: the taint of that archive, else null. */
  private extractedTaint(n: SyntaxNode): Taints | null {
    if (this.extractedDirs.length === 0) return null;
    const underKey = (x: SyntaxNode | null | undefined): Taint | null => {
      if (x?.type !== 'identifier') return null;
      const k = `v:${this.scopeOf(x)}${this.ident(x)}`;
      return this.extractedDirs.find((d) => d.key === k)?.taint ?? null;
    };
    for (const x of [n, ...n.descendantsOfType(['call', 'binary_operator', 'string'])]) {
      if (!x) continue;
      let t: Taint | null = null;
      if (
        x.type === 'call' &&
        /(?:^|\.)path\.join$|^(?:os\.path\.join|pathlib\.Path|Path)$/.test(
          this.qname(x.childForFieldName('function')) ?? '',
        ) &&
        this.args(x).length >= 2
      )
        t = underKey(this.args(x)[0]);
      else if (x.type === 'binary_operator' && ['+', '/'].includes(x.childForFieldName('operator')?.text ?? ''))
        t = underKey(x.childForFieldName('left'));
      else if (x.type === 'string') {
        const first = x.namedChildren.find((y) => y?.type === 'interpolation' || y?.type === 'string_content');
        if (first?.type === 'interpolation') t = underKey(first.namedChildren[0]);
        const lit = this.strOf(x);
        if (!t && lit)
          for (const d of this.extractedDirs)
            if (
              d.text &&
              d.text.length > 1 &&
              !d.text.includes('{}') &&
              lit.replace(/\\+/g, '/').startsWith(`${d.text.replace(/\\+/g, '/').replace(/\/$/, '')}/`)
            )
              t = d.taint;
      }
      if (t) return new Set<Taint>([t]);
    }
    return null;
  }

  private noteWrite(key: string, t: Taints): void {
    if (t.size === 0) return;
    const cur = this.taintedFiles.get(key) ?? new Set<Taint>();
    for (const x of t) cur.add(x);
    this.taintedFiles.set(key, cur);
  }

  /** A key for a file path expression: the variable name or the literal's base name. */
  pathKey(n: SyntaxNode): string {
    if (n.type === 'identifier') return `v:${this.scopeOf(n)}${this.ident(n)}`;
    // `(p := Path(d) / 'x').write_bytes(data)`: the file is the name the walrus binds (pkg22py).
    const inner = n.type === 'parenthesized_expression' ? n.namedChildren[0] : n;
    const bound = inner?.type === 'named_expression' ? inner.childForFieldName('name') : null;
    if (bound?.type === 'identifier') return `v:${this.scopeOf(bound)}${this.ident(bound)}`;
    const s = this.filledString(n) ?? this.strOf(n);
    if (s !== null) return `s:${s.replace(/^.*[\\/]/, '').replace(/\{\}/g, '')}`;
    if (
      n.type === 'call' &&
      /(?:^|\.)path\.join$|^(?:os\.path\.join|pathlib\.Path|Path)$/.test(
        this.qname(n.childForFieldName('function')) ?? '',
      )
    ) {
      const last = this.args(n).at(-1);
      if (last) return this.pathKey(last);
    }
    return `t:${norm(n.text).slice(0, 200)}`;
  }

  /**
   * An f-string with the interpolations whose value is a known string filled in (`f'/tmp/{name}'` with
   * `name = 'agent'` is `/tmp/agent`), the others as `{}`; null for anything else. The same path written
   * in two f-strings (downloaded to, then started) then has one key.
   */
  private filledString(n: SyntaxNode): string | null {
    if (n.type !== 'string' || !n.namedChildren.some((x) => x?.type === 'interpolation')) return null;
    let out = '';
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (c.type === 'string_content') out += c.text;
      else if (c.type === 'escape_sequence') out += unescape(c.text);
      else if (c.type === 'interpolation') out += (c.namedChildren[0] ? this.strOf(c.namedChildren[0]) : null) ?? '{}';
    }
    return out;
  }

  /** Does an argument name a file written with tainted data? */
  private fileTaint(arg: SyntaxNode): Taints | null {
    const direct = this.taintedFiles.get(this.pathKey(arg));
    if (direct) return direct;
    // An argument list runs its first element, or a file handed to a launcher (`['sh', p]`, `[sys.executable, p]`,
    // `['cmd', '/c', 'start', p]`); the other elements are arguments (`['tar', 'xzf', p]` reads a download).
    if (arg.type === 'list' || arg.type === 'tuple') {
      const items = arg.namedChildren.filter((x): x is SyntaxNode => !!x).slice(0, 32);
      const word = (x: SyntaxNode): string =>
        this.qname(x) === 'sys.executable' ? 'python' : ((this.strOf(x) ?? '').trim().split(/\s+/).pop() ?? '');
      let prev: string | null = null; // the last non-empty word (`start "" p`: the title is empty)
      for (const x of items) {
        if (prev === null || LAUNCHER.test(prev)) {
          const t = this.fileTaint(x);
          if (t) return t;
        }
        const w = word(x);
        // A launcher's options (`wscript //B p`, `sh -e p`) do not end its arguments.
        if (w !== '' && !(prev !== null && LAUNCHER.test(prev) && /^(?:-{1,2}|\/{1,2})[A-Za-z][\w:-]{0,15}$/.test(w)))
          prev = w;
      }
      return null;
    }
    // Names used inside the command: subprocess.run(['python', p]), os.system(f'start {p}'), 'cmd ' + p
    for (const id of [arg, ...arg.descendantsOfType(['identifier', 'string'])]) {
      if (!id) continue;
      if (id.type === 'identifier') {
        const t = this.taintedFiles.get(`v:${this.scopeOf(id)}${this.ident(id)}`);
        if (t) return t;
        continue;
      }
      // The program of a command string or a file handed to a launcher, by base name (`/tmp/agent &`,
      // `start "" "C:\\x\\a.exe"`, `cmd /c x.bat`, `a && /tmp/x`); not any argument (`tar xzf x.tgz` reads a download).
      const words = (this.filledString(id) ?? this.strOf(id) ?? '')
        .split(/[\s"']+/)
        .filter((w) => w !== '')
        .slice(0, 32);
      const runs = words.filter(
        (_, i) => i === 0 || LAUNCHER.test(words[i - 1]!) || /^(?:&&?|\|\|?|;)$/.test(words[i - 1]!),
      );
      for (const w of runs) {
        const base = w.replace(/^.*[\\/]/, '').replace(/\{\}/g, '');
        const t = base ? this.taintedFiles.get(`s:${base}`) : undefined;
        if (t) return t;
      }
    }
    return null;
  }

  // ---- sinks -------------------------------------------------------------------------------------

  sinks(): void {
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      const fn = this.qname(fnNode);
      if (fn) this.calls.add(fn);
      const method = fnNode?.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : '';
      if ((fn && FETCH.test(fn)) || FETCH_METHOD.test(method)) this.fetches = true;
      const args = this.args(c);
      this.fileRun(fn, args);
      if (
        ((fn && (EXEC.test(fn) || SHELL.test(fn))) || (fn === null && /^(?:system|popen|Popen)$/.test(method))) &&
        args[0] &&
        this.messageCommand(args[0], c)
      ) {
        this.add(
          'message_command_exec',
          'HIGH',
          'shell',
          c,
          `the text of a message the code receives, after a command prefix, is run as ${fn && EXEC.test(fn) ? 'Python code' : 'a command'} (${fn ?? method}): whoever sends that message runs code on this machine (a command backdoor)`,
        );
      }
      if (fn) this.moduleImport(c, fn, args);
      if (fn && EXEC.test(fn)) {
        const t = new Set<Taint>();
        for (const a of args.slice(0, 1)) for (const x of this.taintOf(a)) t.add(x);
        this.noteRuns(c, t, `${fn}`);
        if (t.has('socket') && !t.has('remote') && !t.has('decoded')) this.socketCommand(c, fn);
        // Fetched from a server the caller or a setting names (no fixed server in the file): what a client of a
        // code-generation or plugin service does when its user calls it; unasked at install or import it is still
        // remote code (roles.ts: HIGH there, LOW in runtime code).
        if (t.has('remote') && !this.namesFixedServer())
          this.add(
            'remote_code_exec_configured',
            'HIGH',
            'shell',
            c,
            `data fetched from a server named at run time (a parameter or a setting, no fixed server in the file) is executed as Python code (${fn})`,
          );
        else if (t.has('remote'))
          this.add(
            'remote_code_exec',
            'CRITICAL',
            'shell',
            c,
            `downloaded data is executed as Python code (${fn} of a fetched response)`,
          );
        else if (t.has('decoded'))
          this.add(
            'decoded_code_exec',
            'HIGH',
            'obfuscation',
            c,
            `decoded data is executed as Python code (${fn} of base64 / zlib / marshal / XOR-decoded data)`,
          );
        else if (args[0]) {
          const ft = this.fileTaint(args[0]);
          if (ft?.has('remote'))
            this.add(
              'remote_code_exec',
              'CRITICAL',
              'shell',
              c,
              `a downloaded file is executed as Python code (${fn})`,
            );
          else this.noteUsesOther(c, args[0], 'exec', null);
        }
        continue;
      }
      // pkgrecall2: fetched data handed to a deserialiser that runs code (pickle's kin build any object the data
      // names, marshal's code objects run when called), under whatever name the module was imported.
      if (fn && DESERIALISE.test(fn) && args[0] && !this.safeLoader(c, fn)) {
        const a0 = args.find((a) => a.type !== 'keyword_argument') ?? args[0];
        // Only from a fixed address fetched in the same function (or module code): a URL the caller passes is
        // the caller's choice (a model or dataset downloader), and what a cache wrote itself is its own.
        const dest = this.taintOf(a0).has('remote') ? this.fixedFetch(c) : null;
        if (dest)
          this.add(
            'deserialize_fetched',
            'CRITICAL',
            'shell',
            c,
            `data fetched over the network from ${dest} is deserialised by ${fn}, which runs code the data names`,
            dest,
          );
      }
      if ((fn && SHELL.test(fn)) || (fn === null && /^(?:system|popen|Popen|startfile)$/.test(method))) {
        const name = fn ?? method;
        if (this.scopeOf(c) === 'm:' && this.inlineInterpreter(args)) {
          this.add(
            'interpreter_inline_spawn',
            'HIGH',
            'shell',
            c,
            `module-level code starts a Python interpreter with inline code (${name} of python -c): it runs whenever the module is imported or the setup script runs`,
          );
        }
        const opaque = this.opaqueInterpreterRun(args);
        if (opaque)
          this.add(
            'opaque_payload_run',
            'HIGH',
            'shell',
            c,
            `the interpreter is started on ${opaque}, a file the package ships that is not readable source (a zip application, compiled code or a blob): what it runs cannot be reviewed`,
          );
        this.persistenceCommand(c, name, args);
        this.publishCommand(c, name, args);
        let remoteCmd = false;
        let why: string | null = null;
        // A network client the command runs (curl, wget, nc): what it is handed is sent, like a request's data.
        let sends: { arg: SyntaxNode; dest: string | null } | undefined;
        let pip: string | null = null;
        const envArg = childEnvArg(name, args);
        for (const a of args) {
          if (a.type === 'keyword_argument' && !/^(?:args|cmd|command)$/.test(a.childForFieldName('name')?.text ?? ''))
            continue;
          // The environment a child is started with (`os.execve(path, argv, env)`) is not what it runs.
          if (a === envArg) continue;
          const v = a.type === 'keyword_argument' ? a.childForFieldName('value') : a;
          if (!v) continue;
          if (why === null) why = this.remoteRunOf(v);
          if (why !== null) remoteCmd = true;
          if (pip === null) {
            const cmd = this.commandText(v);
            if (cmd !== null && PIP_URL.test(cmd)) pip = cmd;
          }
          if (sends === undefined) {
            const cmd = this.commandText(v);
            const s = cmd !== null ? commandSend(cmd) : null;
            if (s) sends = { arg: v, dest: s.dest };
          }
          const t = this.taintOf(v);
          this.noteRuns(c, t, name);
          if (t.has('config') && this.runsConfig.length < 8)
            this.runsConfig.push({
              line: c.startPosition.row + 1,
              evidence: c.text.replace(/\s+/g, ' ').slice(0, 120),
            });
          if (t.has('remote')) {
            this.add('remote_code_exec', 'CRITICAL', 'shell', c, `downloaded data is run as a command (${name})`);
            remoteCmd = true;
            break;
          }
          if (t.has('socket') && !t.has('decoded')) this.socketCommand(c, name);
          const ft = this.fileTaint(v);
          if (ft?.has('remote')) {
            this.add(
              'download_execute',
              'CRITICAL',
              'shell',
              c,
              `a downloaded file is written and then started (${name})`,
            );
            remoteCmd = true;
            break;
          }
          // A program out of a downloaded or decoded archive: a dropper unasked at install or import, what a
          // tool manager does in a function the user calls (roles.ts ROLE_BOUND_RULES).
          const xt = ft ? null : this.extractedTaint(v);
          if (xt) {
            this.add(
              'archive_download_execute',
              'CRITICAL',
              'shell',
              c,
              `a program extracted from a ${xt.has('remote') ? 'downloaded' : 'decoded'} archive is started (${name})`,
            );
            remoteCmd = true;
            break;
          }
          if (ft?.has('decoded') || this.commandTaint(c, v, t).has('decoded')) {
            this.add('decoded_code_exec', 'HIGH', 'obfuscation', c, `decoded data is written and run (${name})`);
            break;
          }
          const other = ft ? null : this.programFromOtherModule(v);
          if (other && this.runsOther.length < 20)
            this.runsOther.push({ callee: other, line: c.startPosition.row + 1, evidence: norm(c.text).slice(0, 120) });
        }
        if (remoteCmd) {
          this.remoteCommand = true;
          if (![...this.findings].some((f) => f.line === c.startPosition.row + 1))
            this.add(
              'shell_remote_command',
              'HIGH',
              'shell',
              c,
              `a command that runs code fetched from the network is started (${name}: ${why ?? 'downloaded data'})`,
            );
        }
        if (!remoteCmd && pip !== null) {
          // pip building a remote project: unasked at install or import; a command the user runs may install an extension (roles.ts).
          this.remoteCommand = true;
          if (![...this.findings].some((f) => f.line === c.startPosition.row + 1))
            this.add(
              'pip_install_remote',
              'HIGH',
              'shell',
              c,
              `pip installs a project from a URL or a git remote (${name}): its build code runs on this machine`,
            );
        }
        if (sends) {
          this.commandNetwork = true;
          this.judgeSend(c, [sends.arg], null, sends.dest, this.uploadTaints(sends.arg));
        }
        continue;
      }
      if (fn && DNS.test(fn) && args[0]) {
        const a0 = args[0];
        const lit = this.strOf(a0);
        const built =
          a0.type === 'binary_operator' ||
          (a0.type === 'string' && a0.namedChildren.some((x) => x?.type === 'interpolation')) ||
          (a0.type === 'call' && /\.(?:format|join)$/.test(a0.childForFieldName('function')?.text ?? '')) ||
          (lit !== null && lit.includes('{}') && /\.[a-z][\w-]*\.[a-z]{2,}|\.[a-z]{2,}$/i.test(lit));
        const t = built ? this.taintOf(a0) : new Set<Taint>();
        // A secret, a token or the whole environment spelled into the labels of a name looked up: the
        // resolver carries it to whoever runs the zone's name server (no DNS client needs to).
        const carried = t.has('secret')
          ? 'the content of a credential store'
          : t.has('env')
            ? 'the whole environment'
            : [...t].some((x) => x.startsWith('token:'))
              ? `a token read from the environment or a token file (${[...t]
                  .filter((x) => x.startsWith('token:'))
                  .map((x) => x.slice(6))
                  .join(', ')})`
              : null;
        if (carried) {
          this.reconSent = true;
          const zone = lit?.slice(lit.lastIndexOf('{}') + 2).replace(/^[.-]+/, '') || null;
          this.add(
            'dns_exfil_flow',
            'HIGH',
            'exfiltration',
            c,
            `${carried} is sent out through DNS lookups of names built from it${zone ? ` (the zone ${zone})` : ''}`,
            zone,
          );
        } else if (t.has('recon') && !localZoneName(this.strOf(a0))) {
          this.reconSent = true;
          this.add(
            'recon_exfil_flow',
            'HIGH',
            'exfiltration',
            c,
            'data about the machine is sent out through a DNS lookup of a name built from it',
          );
        }
        continue;
      }
      // Recon data or secrets handed to a function another module defines (followed by the collector).
      if (
        fn &&
        fn.includes('.') &&
        fnNode &&
        (fnNode.type === 'identifier' || fnNode.type === 'attribute') &&
        !SEND.test(fn) &&
        this.handsOff.length < 20
      ) {
        const ts = new Set<Taint>();
        for (const a of args) for (const x of this.taintOf(a)) ts.add(x);
        if (ts.has('env') || ts.has('secret') || ts.has('request') || ts.has('records') || ts.has('walletseed'))
          this.handsOff.push({
            callee: fn,
            line: c.startPosition.row + 1,
            evidence: c.text.replace(/\s+/g, ' ').slice(0, 120),
            secret: ts.has('secret'),
            env: ts.has('env'),
            ...(ts.has('request') ? { request: true } : {}),
            ...(ts.has('records') ? { records: true } : {}),
            ...(ts.has('walletseed') ? { seed: true } : {}),
          });
      }
      // Recon data reaching a send.
      if (
        (fn && SEND.test(fn)) ||
        (SEND_METHOD.test(method) && !/^(?:self|cls)$/.test(fnNode?.childForFieldName('object')?.text ?? ''))
      ) {
        this.judgeSend(c, args, fnNode);
        for (const a of args) this.noteUsesOther(c, a.type === 'keyword_argument' ? (a.childForFieldName('value') ?? a) : a, 'send', () => this.sendDestination(args, fnNode));
      }
    }
    this.downloadedModuleImports();
    this.installHooks();
    this.nativeCodeRun();
    this.persistenceWrites();
    this.endpointRedirects();
    this.ignoredEndpoint();
    this.gitPushExfil();
    this.registryRun();
    this.clipboardSwap();
    this.encryptedInPlace();
    this.builtinByComputedName();
    if (this.nfkcDangerous) {
      const n = this.nfkcDangerous;
      this.add(
        'nfkc_identifier',
        'HIGH',
        'obfuscation',
        n,
        `the name "${n.text}" is spelled "${this.nfkcOriginal}" with look-alike Unicode letters that Python normalises (NFKC) to hide it`,
      );
    }
  }

  /**
   * What a send carries and where it goes (credential stores, a key parameter to an IP address, tokens,
   * the environment, recon data). `to`: the destination when the caller knows it (a command line's URL).
   */
  private judgeSend(
    c: SyntaxNode,
    args: SyntaxNode[],
    fnNode: SyntaxNode | null | undefined,
    to?: string | null,
    uploads?: Taints,
  ): void {
    const destOf = (): string | null => (to !== undefined ? to : this.sendDestination(args, fnNode));
    // What a command-line client uploads from files (curl -F f=@p, -T p) counts as handed to it.
    const taintOf = (a: SyntaxNode): Taints =>
      uploads && uploads.size > 0 && a === args[0] ? new Set<Taint>([...this.taintOf(a), ...uploads]) : this.taintOf(a);
    for (const a of args) {
      for (const t of taintOf(a))
        if (t.startsWith('param:') && !this.sendsParam.has(t.slice(6))) this.sendsParam.set(t.slice(6), destOf());
    }
    // Frames of the camera or the screen, or a recording, sent to a fixed host: no library sends what the user's
    // camera or screen shows on its own (a destination the user configures is the user's choice).
    if (args.some((a) => taintOf(a).has('capture'))) {
      const dest = destOf();
      if (dest) {
        this.add(
          'capture_exfil_flow',
          'HIGH',
          'exfiltration',
          c,
          `what the camera, the screen or the microphone records is sent over the network to ${dest}`,
          dest,
        );
        return;
      }
    }
    const secret = args.find((a) => taintOf(a).has('secret'));
    if (secret) {
      // A browser's cookies are data about the user too (the recon pattern rules are confirmed by the send).
      if (taintOf(secret).has('recon')) this.reconSent = true;
      const dest = destOf();
      this.add(
        'credential_exfil_flow',
        dest ? 'HIGH' : 'MEDIUM',
        'exfiltration',
        c,
        `the content of a credential store (SSH keys, cloud or tool credentials, browser or wallet data) or a cloud SDK's keys is sent over the network${dest ? ` to ${dest}` : ''}`,
        dest,
      );
      return;
    }
    // Files a walk picked by secret files' suffixes (dotenv files, private keys), read or packed, sent to a fixed
    // destination (pkg23py). With no fixed destination it is a tool sending what its user points it at.
    const filesDest = args.some((a) => taintOf(a).has('secretfiles')) ? destOf() : null;
    if (filesDest) {
      this.add('secret_files_exfil', 'HIGH', 'exfiltration', c, `files picked in a folder walk by the names of secret files (.env, private keys) are sent over the network to ${filesDest}`, filesDest);
      return;
    }
    // A wallet's recovery words sent to a fixed destination: a wallet library derives keys from them locally, so a
    // send is theft whatever the host (a fork's added "quality check"; pkg23py). The package's own host: LOW (roles.ts).
    const seedDest = args.some((a) => taintOf(a).has('walletseed')) ? destOf() : null;
    if (seedDest) {
      this.add('wallet_seed_exfil', 'HIGH', 'exfiltration', c, `a wallet's recovery words (a parameter named as a mnemonic or seed phrase) are sent over the network to ${seedDest}`, seedDest);
      return;
    }
    // A key-named parameter of a function installed over another library's method, sent to a fixed destination: the
    // patched library's callers hand it their keys, and the patch copies them out (pkg23py).
    const patchDest = args.some((a) => taintOf(a).has('patchkey')) ? destOf() : null;
    if (patchDest) {
      this.add(
        'patched_key_exfil',
        'HIGH',
        'exfiltration',
        c,
        `a function installed over another library's method (a monkeypatch) sends the keys or tokens that library is handed to ${patchDest}`,
        patchDest,
      );
      return;
    }
    // A key or token the caller handed in, sent to a fixed public IP address: a client's keys go to its
    // service's host name; a bare address is where a fork's added lines send them (blind set 2).
    const keyDest = args.some((a) => taintOf(a).has('keyparam')) ? destOf() : null;
    if (keyDest && PUBLIC_IP_URL.test(keyDest)) {
      this.add(
        'key_param_exfil',
        'HIGH',
        'exfiltration',
        c,
        `a key or token handed to the code (a parameter named as one) is sent to a fixed IP address (${keyDest})`,
        keyDest,
      );
      return;
    }
    // Tokens of several services read by name and sent together: a harvest of the session's keys.
    const services = new Set<string>();
    for (const a of args) for (const t of taintOf(a)) if (t.startsWith('token:')) services.add(t.slice(6));
    if (services.size >= TOKEN_SERVICES_SENT) {
      const dest = destOf();
      this.add(
        'token_env_exfil_flow',
        'HIGH',
        'exfiltration',
        c,
        `tokens of ${services.size} services read from the environment (${[...services].slice(0, 5).join(', ')}) are sent together over the network${dest ? ` to ${dest}` : ''}`,
        dest,
      );
      return;
    }
    // One service's token (an environment variable named for it, its CLI's token file) sent to a host
    // that is not that service's: a client sends its token to its service; another host is a thief's.
    if (services.size > 0) {
      const dest = destOf();
      const host = dest ? destHost(dest) : null;
      const stolen = host ? [...services].filter((sv) => tokenGoesElsewhere(sv, host, dest!)) : [];
      if (stolen.length > 0) {
        // To an address, a paste site or a request collector: no service lives there (any role). To a host
        // name: a gateway or a CI service may be asked to hold it (LOW in runtime code, roles.ts), but
        // code that runs unasked at install or import has no one who asked.
        const drop = isIpLiteral(host!) || isPasteHost(host!) || isCollector(dest!, host!);
        this.add(
          drop ? 'service_token_exfil' : 'service_token_foreign_host',
          'HIGH',
          'exfiltration',
          c,
          `the ${stolen.join(' and ')} token (from the environment or its token file) is sent to ${dest}, ${drop ? 'an address, paste site or request collector' : "a host that is not that service's"}`,
          dest,
        );
        return;
      }
    }
    // The whole environment holds every token of the session: no telemetry sends it, to any host.
    if (args.some((a) => taintOf(a).has('env'))) {
      this.reconSent = true;
      const dest = destOf();
      this.add(
        'env_exfil_flow',
        'HIGH',
        'exfiltration',
        c,
        `the whole environment (every variable, tokens included) is sent over the network${dest ? ` to ${dest}` : ''}`,
        dest,
      );
    }
    // Records a data layer handed to the package's hook, sent to a fixed host (pkgrecall2): the application's data
    // copied out. Only a host the metadata declares may receive them (collector/roles.ts); a configured one is the user's.
    if (args.some((a) => taintOf(a).has('records'))) {
      const dest = destOf();
      if (dest) {
        this.add(
          'user_data_send',
          'HIGH',
          'exfiltration',
          c,
          `records the application stores (rows, statement parameters or saved instances handed to the package's data-layer hook) are sent over the network to ${dest}`,
          dest,
        );
        return;
      }
    }
    // The repository's remote URL or staged changes (what git prints, RECON_COMMANDS) sent: a commit hook or a
    // helper has no need to send them; only a service the metadata declares may receive them (collector/roles.ts).
    if (args.some((a) => taintOf(a).has('repo'))) {
      this.reconSent = true;
      const dest = destOf();
      this.add(
        'repo_exfil_flow',
        'HIGH',
        'exfiltration',
        c,
        `the repository's remote URL (which may hold a token) or its staged changes, as git prints them, are sent over the network${dest ? ` to ${dest}` : ''}`,
        dest,
      );
      return;
    }
    for (const a of args) {
      const t = taintOf(a);
      if (t.has('recon')) {
        this.reconSent = true;
        const dest = destOf();
        // Sent by the handler of a control the user presses (a "send bug report" button): the user's own act, and
        // only facts about the machine (no secret, token or whole environment): CAUTION, not BLOCKED.
        const onPress = !t.has('secret') && ![...t].some((x) => x.startsWith('token:')) && this.pressHandlerOnly(c);
        this.add(
          'recon_exfil_flow',
          onPress ? 'MEDIUM' : 'HIGH',
          'exfiltration',
          c,
          `data about the machine or its user (user, host name, public IP, environment, system files, browser cookies) is sent over the network${dest ? ` to ${dest}` : ''}${onPress ? ' [by the handler of a button or menu item the user presses, and nothing else calls it]' : ''}`,
          dest,
        );
        break;
      }
    }
  }

  /**
   * Whether the function holding `n` runs only when the user presses a control: every reference to it in the file
   * hands it to a GUI binding of a press (wx `Bind(wx.EVT_BUTTON | EVT_MENU | EVT_TOOL, self.f)`, Qt
   * `clicked` / `triggered` / `pressed` `.connect(self.f)`, tkinter `Button(…, command=self.f)` /
   * `add_command(command=…)`), and there is at least one (docs/package-analysis.md, "Branch pkghonest2").
   */
  private pressHandlerOnly(n: SyntaxNode): boolean {
    let f: SyntaxNode | null = n.parent;
    while (f && f.type !== 'function_definition') f = f.parent;
    const name = f?.childForFieldName('name')?.text;
    if (!f || !name || name.startsWith('__')) return false;
    for (let p = f.parent; p; p = p.parent) if (p.type === 'function_definition') return false;
    const root = (() => {
      let r: SyntaxNode = f;
      while (r.parent) r = r.parent;
      return r;
    })();
    const bindsPress = (ref: SyntaxNode): boolean => {
      let arg: SyntaxNode = ref;
      if (arg.parent?.type === 'attribute' && arg.parent.childForFieldName('attribute') === arg) arg = arg.parent;
      const holder = arg.parent;
      const kw = holder?.type === 'keyword_argument' ? holder : null;
      const list = kw ? kw.parent : holder;
      const call = list?.type === 'argument_list' ? list.parent : null;
      if (call?.type !== 'call') return false;
      const fn = call.childForFieldName('function');
      const method = fn?.type === 'attribute' ? (fn.childForFieldName('attribute')?.text ?? '') : (fn?.text ?? '');
      if (kw) return kw.childForFieldName('name')?.text === 'command' && /(?:Button|^add_command)$/.test(method);
      if (method === 'Bind') return /\bEVT_(?:BUTTON|MENU|TOOL)\b/.test(this.args(call)[0]?.text ?? '');
      if (method === 'connect') {
        const signal = fn?.type === 'attribute' ? fn.childForFieldName('object') : null;
        return signal?.type === 'attribute' && /^(?:clicked|triggered|pressed)$/.test(signal.childForFieldName('attribute')?.text ?? '');
      }
      return false;
    };
    let bound = 0;
    for (const id of root.descendantsOfType('identifier')) {
      if (!id || id.text !== name || id === f.childForFieldName('name')) continue;
      if (!bindsPress(id)) return false;
      bound++;
    }
    return bound > 0;
  }

  /**
   * A process start or exec of a web request's data (`request_command_exec`: a command backdoor
   * whoever sends the request uses), and the parameters of module-level functions it runs (for a
   * caller in another module, `runsParam`).
   */
  /**
   * What of a command value can be code: all of it, except in an argument vector written as a list whose program
   * is a literal that is not a shell, an interpreter, a launcher or a network client (DATA_ARGV_PROGRAM): there the
   * other items are arguments the named program reads as data (`['teamd', '-c', json.dumps(config)]`), and only
   * the program itself counts (docs/package-analysis.md, "Branch pkghonest2").
   */
  private commandTaint(c: SyntaxNode, v: SyntaxNode, whole: Taints): Taints {
    if (v.type !== 'list' && v.type !== 'tuple') return whole;
    // (With `shell=True` a shell reads the line; on Windows the list is joined into one.)
    const shell = this.args(c).find((a) => a.type === 'keyword_argument' && a.childForFieldName('name')?.text === 'shell');
    if (shell && shell.childForFieldName('value')?.text !== 'False') return whole;
    const items = v.namedChildren.filter((x): x is SyntaxNode => x !== null);
    const first = items[0];
    if (!first || items.some((x) => x.type === 'list_splat' || x.type === 'comment')) return whole;
    const prog = stringValue(first);
    if (prog === null || !dataArgvProgram(prog)) return whole;
    const out = new Set<Taint>(this.taintOf(first));
    for (const x of items.slice(1)) {
      if (x.type === 'call' && SERIALISER.test(this.qname(x.childForFieldName('function')) ?? '')) continue;
      for (const t of this.taintOf(x)) out.add(t);
    }
    return out;
  }

  private noteRuns(c: SyntaxNode, t: Taints, name: string): void {
    for (const x of t)
      if (x.startsWith('param:') && !this.runsParam.has(x.slice(6)))
        this.runsParam.set(x.slice(6), c.startPosition.row + 1);
    if (t.has('request'))
      this.add(
        'request_command_exec',
        'HIGH',
        'shell',
        c,
        `data of a web request the code receives is run as ${/^(?:exec|eval|compile)/.test(name) ? 'Python code' : 'a command'} (${name}): whoever sends that request runs code on this machine (a command backdoor)`,
      );
  }

  /**
   * A command received in a message: the value run is the rest of a string after a chat-command
   * prefix (`text[4:]` once `text.startswith('/sh ')`, `removeprefix`, `split(' ', 1)[1]`), and the
   * string is a field of a parameter of the enclosing function (`message.text`, `event.raw_text`):
   * data handed in by whoever calls the handler, not typed by the local user (`input()`).
   */
  private messageCommand(arg: SyntaxNode, c: SyntaxNode): boolean {
    let f: SyntaxNode | null = c.parent;
    while (f && f.type !== 'function_definition') f = f.parent;
    if (!f) return false;
    const params = new Set(this.params(f).filter((p) => p !== 'self' && p !== 'cls'));
    if (params.size === 0) return false;
    let v: SyntaxNode | null = arg.type === 'keyword_argument' ? arg.childForFieldName('value') : arg;
    if (v?.type === 'call' && /^(?:compile|builtins\.compile)$/.test(this.qname(v.childForFieldName('function')) ?? ''))
      v = this.args(v)[0] ?? null;
    let base: SyntaxNode | null = null;
    if (v?.type === 'subscript') {
      const inner = v.childForFieldName('value');
      if (v.childForFieldName('subscript')?.type === 'slice') base = inner;
      else if (
        inner?.type === 'call' &&
        /^(?:split|partition)$/.test(inner.childForFieldName('function')?.childForFieldName('attribute')?.text ?? '')
      )
        base = inner.childForFieldName('function')?.childForFieldName('object') ?? null;
    } else if (
      v?.type === 'call' &&
      /^(?:removeprefix|lstrip)$/.test(v.childForFieldName('function')?.childForFieldName('attribute')?.text ?? '')
    ) {
      base = v.childForFieldName('function')?.childForFieldName('object') ?? null;
    }
    if (!base) return false;
    const fromParam = (n: SyntaxNode): boolean => {
      const attrs = n.type === 'attribute' ? [n] : n.descendantsOfType('attribute');
      return attrs.some((a) => {
        let o: SyntaxNode | null = a;
        while (o?.type === 'attribute') o = o.childForFieldName('object');
        return o?.type === 'identifier' && params.has(o.text);
      });
    };
    let ok = base.type === 'attribute' && fromParam(base);
    if (!ok && base.type === 'identifier') {
      ok = this.assigns.some((a) => {
        const left = a.childForFieldName('left');
        const right = a.childForFieldName('right');
        return (
          left?.type === 'identifier' &&
          left.text === base!.text &&
          !!right &&
          a.startIndex >= f!.startIndex &&
          a.endIndex <= f!.endIndex &&
          fromParam(right)
        );
      });
    }
    if (!ok) return false;
    const baseText = base.text;
    return f.descendantsOfType('call').some((k) => {
      const fnNode = k.childForFieldName('function');
      if (
        fnNode?.type !== 'attribute' ||
        fnNode.childForFieldName('attribute')?.text !== 'startswith' ||
        fnNode.childForFieldName('object')?.text !== baseText
      )
        return false;
      const lit = this.args(k)[0] ? this.strOf(this.args(k)[0]!) : null;
      return lit !== null && /^[/!.$#>]\w+\s?$/.test(lit);
    });
  }

  /**
   * A process start that registers something the system runs by itself: a Run key (`reg add
   * …\CurrentVersion\Run`), a scheduled task, a cron table, an enabled user unit, a launch agent.
   */
  /**
   * A package upload started by the code (`twine upload`, `poetry publish`, `flit publish`, `uv publish`): at
   * install or import, with the installing user's or the CI's index token, a worm spreading (roles.ts keeps it
   * for code that runs by itself). A method (a setup.py `upload` command class) or a branch on `sys.argv` runs only
   * when the maintainer asks for it.
   */
  private publishCommand(c: SyntaxNode, name: string, args: SyntaxNode[]): void {
    const v = args[0]?.type === 'keyword_argument' ? args[0].childForFieldName('value') : args[0];
    if (!v) return;
    const cmd =
      v.type === 'list' || v.type === 'tuple' ? v.namedChildren.map((x) => this.strOf(x) ?? '{}').join(' ') : (this.strOf(v) ?? '');
    if (!PUBLISH_COMMAND.test(cmd)) return;
    for (let p = c.parent; p; p = p.parent) {
      if (p.type === 'class_definition') return;
      if (p.type === 'if_statement' && /\bargv\b/.test(p.childForFieldName('condition')?.text ?? '')) return;
    }
    this.add(
      'publish_package',
      'HIGH',
      'install_script',
      c,
      `the code uploads a package to an index (${name}: ${cmd.slice(0, 60)}): run by an install or an import, with whatever index token the machine or the CI holds, it spreads (a worm)`,
    );
  }

  private persistenceCommand(c: SyntaxNode, name: string, args: SyntaxNode[]): void {
    const v = args[0]?.type === 'keyword_argument' ? args[0].childForFieldName('value') : args[0];
    if (!v) return;
    const parts =
      v.type === 'list' || v.type === 'tuple'
        ? v.namedChildren.map((x) => this.strOf(x) ?? '{}')
        : [this.strOf(v) ?? ''];
    const cmd = parts.join(' ');
    if (!PERSISTENCE_COMMAND.test(cmd)) return;
    const fetching = FETCHING_CONTENT.test(cmd);
    this.add(
      fetching ? 'persistence_remote' : 'persistence_write',
      'HIGH',
      'filesystem',
      c,
      `a command registers a program the system starts by itself (${name}: ${cmd.slice(0, 60)})${fetching ? ' that fetches code' : ''} (persistence)`,
    );
  }

  /**
   * Machine code run from Python (blind set 2): memory allocated executable through ctypes
   * (`VirtualAlloc` / `VirtualProtect` with a PAGE_EXECUTE protection, `mmap` with PROT_EXEC) and
   * then started (`CreateThread`, `CreateRemoteThread`, `QueueUserAPC`, a `CFUNCTYPE` pointer
   * called). Names are resolved after `getattr` with built strings, so `'Virtual' + 'Alloc'` is read.
   * Filled with fetched bytes it is `remote_code_exec`; otherwise `native_code_exec` (shellcode
   * carried in the package).
   */
  private nativeCodeRun(): void {
    const last = (c: SyntaxNode): string => {
      const fnNode = c.childForFieldName('function');
      const fn = this.qname(fnNode) ?? '';
      const m = fnNode?.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : '';
      return fn ? fn.slice(fn.lastIndexOf('.') + 1) : m;
    };
    let alloc: SyntaxNode | null = null;
    let start: SyntaxNode | null = null;
    let remote = false;
    let decoded = false;
    for (const c of this.callNodes) {
      const name = last(c);
      const args = this.args(c);
      if (/^(?:VirtualAlloc(?:Ex)?|VirtualProtect(?:Ex)?|NtAllocateVirtualMemory)$/.test(name)) {
        // The protection: the last argument of VirtualAlloc, the third of VirtualProtect (PAGE_EXECUTE* = 0x10, 0x20, 0x40, 0x80).
        const prot = /Protect/.test(name) ? args[name.endsWith('Ex') ? 3 : 2] : args.at(-1);
        if (prot && (/^(?:0x0*(?:10|20|40|80)|16|32|64|128)$/i.test(prot.text) || /PAGE_EXECUTE/.test(prot.text)))
          alloc ??= c;
      } else if (
        /(?:^|\.)mmap$/.test(this.qname(c.childForFieldName('function')) ?? '') &&
        /PROT_EXEC|PAGE_EXECUTE/.test(c.text)
      )
        alloc ??= c;
      if (
        /^(?:CreateThread|CreateRemoteThread(?:Ex)?|QueueUserAPC|NtCreateThreadEx|EnumWindows|EnumChildWindows)$/.test(
          name,
        )
      )
        start ??= c;
      if (/^(?:RtlMoveMemory|WriteProcessMemory|memmove|RtlCopyMemory)$/.test(name)) {
        const t = new Set(args.flatMap((a) => [...this.taintOf(a)]));
        if (t.has('remote')) remote = true;
        if (t.has('decoded')) decoded = true;
      }
      // ctypes.CFUNCTYPE(...)(address)(): a pointer to the buffer called as a function.
      const fnNode = c.childForFieldName('function');
      if (
        fnNode?.type === 'call' &&
        /(?:^|\.)(?:CFUNCTYPE|WINFUNCTYPE)$/.test(this.qname(fnNode.childForFieldName('function')) ?? '')
      )
        start ??= c;
    }
    if (!alloc || !start) return;
    // Fetched bytes run so are remote code in any role; bytes the package carries are `native_code_exec`,
    // whose severity follows when the code runs (roles.ts ROLE_BOUND_RULES: py-cpuinfo runs CPUID this way on request).
    if (remote)
      this.add(
        'remote_code_exec',
        'CRITICAL',
        'shell',
        alloc,
        'downloaded bytes are copied into executable memory and started as machine code (ctypes: executable allocation, then a thread or function pointer on it)',
      );
    else
      this.add(
        'native_code_exec',
        'HIGH',
        'binary',
        alloc,
        `${decoded ? 'decoded bytes' : 'bytes the package carries'} are copied into executable memory and started as machine code from Python (ctypes: executable allocation, then a thread or function pointer on it)`,
      );
  }

  /**
   * A downloaded (or decoded) file imported as a module: importlib's file loaders
   * (`spec_from_file_location(name, path)` then `exec_module`, `SourceFileLoader(name, path)`,
   * `imp.load_source`, `zipimport.zipimporter(path)`), or a module imported by name
   * (`importlib.import_module('x')`, `__import__('x')`) whose `x.py` the code wrote with fetched data
   * (a folder put on `sys.path`). Importing runs the module's code.
   */
  private moduleImport(c: SyntaxNode, fn: string, args: SyntaxNode[]): void {
    let path: SyntaxNode | null = null;
    let key: string | null = null;
    const kw = (k: string): SyntaxNode | null =>
      args
        .find((a) => a.type === 'keyword_argument' && a.childForFieldName('name')?.text === k)
        ?.childForFieldName('value') ?? null;
    const positional = args.filter((a) => a.type !== 'keyword_argument');
    if (
      /^importlib\.(?:util\.spec_from_file_location|machinery\.Source(?:less)?FileLoader)$|^(?:imp\.load_(?:source|compiled|module))$/.test(
        fn,
      )
    )
      path = kw('location') ?? kw('path') ?? positional[1] ?? null;
    else if (/^(?:zipimport\.zipimporter|importlib\.machinery\.ExtensionFileLoader)$/.test(fn))
      path = positional[0] ?? null;
    else if (/^(?:importlib\.import_module|__import__|builtins\.__import__)$/.test(fn) && positional[0]) {
      const name = this.strOf(positional[0]);
      if (name && /^[\w.]+$/.test(name)) key = name.slice(name.lastIndexOf('.') + 1);
    }
    let t: Taints | null | undefined = null;
    if (path) t = this.fileTaint(path);
    else if (key)
      t =
        this.taintedFiles.get(`s:${key}.py`) ??
        this.taintedFiles.get(`s:${key}.pyc`) ??
        this.taintedFiles.get(`s:${key}.zip`);
    if (!t) return;
    if (t.has('remote'))
      this.add(
        'remote_code_exec',
        'CRITICAL',
        'shell',
        c,
        `a downloaded file is imported as a module (${fn}): importing runs its code`,
      );
    else if (t.has('decoded'))
      this.add(
        'decoded_code_exec',
        'HIGH',
        'obfuscation',
        c,
        `decoded data is written to a file and imported as a module (${fn})`,
      );
  }

  /**
   * An import statement of a module the code downloaded before it (`urlretrieve(u, '/tmp/_upd.py')`,
   * then `import _upd` with that folder on `sys.path`): importing runs the download. Only an import
   * after the download counts (one at the top of the file ran before it).
   */
  private downloadedModuleImports(): void {
    if (this.downloadedAt.size === 0) return;
    for (const n of this.importNodes) {
      const names =
        n.type === 'import_statement'
          ? n.namedChildren.map((c) => (c?.type === 'aliased_import' ? c.childForFieldName('name') : c))
          : [n.childForFieldName('module_name')];
      for (const x of names) {
        if (!x || x.type !== 'dotted_name') continue;
        const mod = this.dotted(x).split('.')[0]!;
        for (const ext of ['py', 'pyc']) {
          const at = this.downloadedAt.get(`s:${mod}.${ext}`);
          if (at === undefined || n.startIndex < at) continue;
          this.add(
            'remote_code_exec',
            'CRITICAL',
            'shell',
            n,
            `a downloaded file is imported as a module (import ${mod}): importing runs its code`,
          );
          return;
        }
      }
    }
  }

  /**
   * Files pushed with git as the way out (`git push` started as a process): a credential store copied
   * into the work tree (`shutil.copy('~/.ssh/id_rsa', repo)`), or a file written with a secret, a token
   * or the whole environment (`json.dump(dict(os.environ), f)`), in the same file as the push. A
   * release helper pushing the user's own repository copies no such thing.
   */
  private gitPushExfil(): void {
    const cmdText = (c: SyntaxNode): string => {
      const a0 = this.args(c)[0];
      const v = a0?.type === 'keyword_argument' ? a0.childForFieldName('value') : a0;
      if (!v) return '';
      return v.type === 'list' || v.type === 'tuple'
        ? v.namedChildren.map((x) => this.strOf(x) ?? '{}').join(' ')
        : (this.strOf(v) ?? '');
    };
    const starts = this.callNodes.filter((c) => SHELL.test(this.qname(c.childForFieldName('function')) ?? ''));
    // A git process, or a git library (GitPython's `remote.push()`, dulwich's `porcelain.push`, pygit2's `Remote.push`).
    const gitLib = [...this.alias.values()].some((q) => /^(?:git|dulwich|pygit2)(?:\.|$)/.test(q));
    const push =
      starts.find((c) => /(?:^|[\s/'"])git(?:\.exe)?\s(?:[^\n]*\s)?push\b/.test(cmdText(c))) ??
      (gitLib
        ? this.callNodes.find((c) => {
            const f = c.childForFieldName('function');
            return f?.type === 'attribute' && f.childForFieldName('attribute')?.text === 'push';
          })
        : undefined);
    if (!push) return;
    let what: 'secret' | 'env' | 'token' | null = null;
    for (const c of this.callNodes) {
      if (
        !/^shutil\.(?:copy|copy2|copyfile|copytree|move)$|^os\.(?:rename|replace|link|symlink)$/.test(
          this.qname(c.childForFieldName('function')) ?? '',
        )
      )
        continue;
      const src = this.args(c)[0];
      const paths = src ? this.pathTexts(src) : [];
      if (paths.some(isSecretStore)) what = 'secret';
      else if (!what && tokenFiles(paths).length > 0) what = 'token';
    }
    for (const t of this.taintedFiles.values()) {
      if (t.has('secret')) what = 'secret';
      else if (what !== 'secret' && t.has('env')) what = 'env';
      else if (!what && [...t].some((x) => x.startsWith('token:'))) what = 'token';
    }
    if (!what) return;
    const url =
      [
        ...starts.map(cmdText),
        ...this.callNodes
          .filter((c) =>
            /(?:^|\.)(?:clone_from|create_remote|clone|push)$/.test(this.qname(c.childForFieldName('function')) ?? ''),
          )
          .map((c) =>
            this.args(c)
              .map((a) => this.strOf(a) ?? '')
              .join(' '),
          ),
      ]
        .map((t) => /\b(?:https?|ssh|git):\/\/[^\s'"]+|\b[\w.-]+@[\w.-]+:[\w./-]+/.exec(t)?.[0])
        .find((u) => u !== undefined) ?? null;
    const rule =
      what === 'secret' ? 'credential_exfil_flow' : what === 'env' ? 'env_exfil_flow' : 'service_token_exfil';
    const carried =
      what === 'secret'
        ? 'the content of a credential store'
        : what === 'env'
          ? 'the whole environment'
          : 'a service token';
    this.add(
      rule,
      'HIGH',
      'exfiltration',
      push,
      `${carried} is written into a git work tree and pushed${url ? ` to ${url}` : ''} (git as the way out)`,
      url,
    );
  }

  /**
   * The entry points of `setup(entry_points=…)`: a dict of groups to lists of `name = module[:attr]`
   * strings (or one INI-style string), given in place or through a module-level name.
   */
  entryPoints(): { group: string; module: string }[] {
    const out: { group: string; module: string }[] = [];
    const bound = (n: SyntaxNode | null): SyntaxNode | null => {
      if (n?.type !== 'identifier') return n;
      return (
        this.assigns
          .find((a) => a.childForFieldName('left')?.text === n.text && this.scopeOf(a) === 'm:')
          ?.childForFieldName('right') ?? null
      );
    };
    const entry = (group: string, text: string): void => {
      for (const line of text.split('\n')) {
        const m = /^\s*[^=[\]]+=\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*(?::\s*[\w.]+)?\s*(?:\[[^\]]*\])?\s*$/.exec(
          line,
        );
        if (m && out.length < 200) out.push({ group, module: m[1]! });
      }
    };
    for (const c of this.callNodes) {
      if (!/(?:^|\.)setup$/.test(this.qname(c.childForFieldName('function')) ?? '')) continue;
      const kw = this.args(c).find(
        (a) => a.type === 'keyword_argument' && a.childForFieldName('name')?.text === 'entry_points',
      );
      const v = bound(kw?.childForFieldName('value') ?? null);
      if (!v) continue;
      if (v.type === 'dictionary') {
        for (const pair of v.namedChildren) {
          if (pair.type !== 'pair') continue;
          const group = this.strOf(pair.childForFieldName('key')!) ?? '';
          const val = bound(pair.childForFieldName('value'));
          if (!val) continue;
          for (const item of val.type === 'list' || val.type === 'tuple' ? val.namedChildren : [val]) {
            const t = this.strOf(item);
            if (t !== null) entry(group, t);
          }
        }
      } else {
        const t = this.strOf(v);
        let group = '';
        for (const line of (t ?? '').split('\n')) {
          const sec = /^\s*\[([^\]]+)\]\s*$/.exec(line);
          if (sec) group = sec[1]!;
          else if (group) entry(group, line);
        }
      }
    }
    return out;
  }

  /** `winreg.SetValueEx` on a Run key opened in the same file. */
  private registryRun(): void {
    for (const c of this.callNodes) {
      const fn = this.qname(c.childForFieldName('function')) ?? '';
      if (!/^_?winreg\.SetValueEx$/.test(fn)) continue;
      const keys = this.callNodes.filter((k) =>
        /^_?winreg\.(?:OpenKey|OpenKeyEx|CreateKey|CreateKeyEx)$/.test(
          this.qname(k.childForFieldName('function')) ?? '',
        ),
      );
      if (!keys.some((k) => this.args(k).some((a) => /\\CurrentVersion\\Run(?:Once)?\b/i.test(this.strOf(a) ?? ''))))
        continue;
      const texts = this.args(c).map((a) => this.strOf(a) ?? '');
      const fetching = texts.some((t) => FETCHING_CONTENT.test(t));
      this.add(
        fetching ? 'persistence_remote' : 'persistence_write',
        'HIGH',
        'filesystem',
        c,
        'a Run key of the Windows registry is set: the program starts at every login (persistence)',
      );
      return;
    }
  }

  /** A local Python file run by its path (see PyFacts.runsFiles). */
  private fileRun(fn: string | null, args: SyntaxNode[]): void {
    if (!fn || this.runsFiles.length >= 8) return;
    const a0 = args[0];
    if (!a0) return;
    let path: string | null = null;
    if (fn === 'runpy.run_path') path = this.strOf(a0);
    else if (EXEC.test(fn) && a0.type === 'call') {
      // exec(open('x.py').read()), exec(compile(open('x.py').read(), …))
      const opens = [a0, ...a0.descendantsOfType('call')].filter((x) =>
        /^(?:io\.)?open$/.test(this.qname(x.childForFieldName('function')) ?? ''),
      );
      const p = opens[0] ? this.args(opens[0])[0] : undefined;
      path = p ? this.strOf(p) : null;
    } else if (SHELL.test(fn) && (a0.type === 'list' || a0.type === 'tuple')) {
      const items = a0.namedChildren;
      const head = items[0] ? (this.strOf(items[0]) ?? this.qname(items[0]) ?? '') : '';
      if (INTERPRETER.test(head.replace(/^.*[\\/]/, '')))
        path =
          items
            .slice(1)
            .map((x) => this.strOf(x))
            .find((x) => x !== null && /\.py$/.test(x)) ?? null;
    }
    if (path && /\.pyw?$/.test(path) && !/^[a-z]+:|^\//i.test(path)) this.runsFiles.push(path.replace(/^\.\//, ''));
  }

  /** `[python, '-c', code]`, `[sys.executable, '-c', …]` or `'python -c "…"'`. */
  /**
   * The text of a command a process start is handed: a string (an f-string's unknown parts as they are
   * written), or an argument list joined by spaces (`sys.executable` as `python`, an unknown part `{}`);
   * a name bound to a list in the file is read through.
   */
  /**
   * What a command-line client uploads from files: the operands of curl's `-F name=@file` / `--form`,
   * `-d @file` / `--data-binary @file` (and `--data-urlencode name@file`; not `--data-raw`, which sends its text), `-T file` /
   * `--upload-file`, wget's `--post-file` / `--body-file`. Each file is judged by what it holds: a
   * credential store (its path, `CREDENTIAL_STORE`) is a secret, a token file a service's token, and a
   * file the code wrote with tainted data (the environment, recon data, a secret) carries that taint.
   * The operand is read in the command as the process receives it: a literal, an f-string's
   * interpolation, a concatenation's operand, an element of an argument list.
   */
  private uploadTaints(v: SyntaxNode): Taints {
    const pieces: (string | SyntaxNode)[] = [];
    const walk = (n: SyntaxNode, depth: number): void => {
      if (pieces.length > 64 || depth > 6) return;
      if (n.type === 'identifier' && depth === 0) {
        const bound = this.assigns.find(
          (a) =>
            a.type === 'assignment' &&
            a.childForFieldName('left')?.type === 'identifier' &&
            this.ident(a.childForFieldName('left')!) === this.ident(n) &&
            /^(?:list|tuple|string|binary_operator)$/.test(a.childForFieldName('right')?.type ?? ''),
        );
        if (bound) {
          walk(bound.childForFieldName('right')!, depth + 1);
          return;
        }
      }
      if (n.type === 'list' || n.type === 'tuple') {
        for (const x of n.namedChildren) {
          if (!x) continue;
          walk(x, depth + 1);
          pieces.push(' ');
        }
        return;
      }
      if (n.type === 'binary_operator' && n.childForFieldName('operator')?.text === '+') {
        for (const side of [n.childForFieldName('left'), n.childForFieldName('right')]) if (side) walk(side, depth + 1);
        return;
      }
      if (n.type === 'string' && n.namedChildren.some((x) => x?.type === 'interpolation')) {
        for (const x of n.namedChildren) {
          if (!x) continue;
          if (x.type === 'string_content' || x.type === 'escape_sequence')
            pieces.push(x.type === 'escape_sequence' ? unescape(x.text) : x.text);
          else if (x.type === 'interpolation' && x.namedChildren[0]) pieces.push(x.namedChildren[0]);
        }
        return;
      }
      const s = this.strOf(n);
      pieces.push(s !== null ? s : n);
    };
    walk(v, 0);
    const exprs: SyntaxNode[] = [];
    const text = pieces.map((p) => (typeof p === 'string' ? p : `\u0000${exprs.push(p) - 1}\u0000`)).join('');
    if (!/\b(?:curl|wget)\b/i.test(text)) return new Set();
    const out = new Set<Taint>();
    for (const m of text.matchAll(UPLOAD_OPERAND)) {
      const operand = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').replace(/^["']|["']$/g, '');
      const held = [...operand.matchAll(/\u0000(\d+)\u0000/g)].map((x) => exprs[Number(x[1])]!);
      const paths =
        held.length > 0
          ? held.flatMap((e) => this.pathTexts(e))
          : [operand.replace(/^(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%)(?=[\\/])/i, '~')];
      if (held.length > 0 && operand.replace(/\u0000\d+\u0000/g, '') !== '')
        paths.push(operand.replace(/\u0000\d+\u0000/g, '{}'));
      // A public key (`~/.ssh/id_ed25519.pub`) is what a deploy tool uploads on purpose; it is no secret.
      if (paths.some((p) => isSecretStore(p.replace(/\\+/g, '/')) && !/\.pub$/i.test(p))) out.add('secret');
      for (const t of tokenFiles(paths)) out.add(t);
      for (const e of held) for (const t of this.fileTaint(e) ?? []) out.add(t);
      if (held.length === 0)
        for (const t of this.taintedFiles.get(`s:${operand.replace(/^.*[\\/]/, '')}`) ?? []) out.add(t);
      if (out.size > 8) break;
    }
    return out;
  }

  commandText(v: SyntaxNode, depth = 0): string | null {
    let n: SyntaxNode = v;
    if (n.type === 'identifier' && depth < 2 && !this.strings.has(this.ident(n))) {
      const id = this.ident(n);
      const bound = this.assigns.find(
        (a) =>
          a.type === 'assignment' &&
          a.childForFieldName('left')?.type === 'identifier' &&
          this.ident(a.childForFieldName('left')!) === id &&
          /^(?:list|tuple)$/.test(a.childForFieldName('right')?.type ?? ''),
      );
      if (bound) n = bound.childForFieldName('right')!;
    }
    if (n.type === 'list' || n.type === 'tuple') {
      return n.namedChildren
        .map((x) => {
          if (!x) return '{}';
          if (this.qname(x) === 'sys.executable') return 'python';
          return (
            this.strOf(x) ?? (x.type === 'string' ? x.text.replace(/^[a-zA-Z]*(['"]{1,3})|(['"]{1,3})$/g, '') : '{}')
          );
        })
        .join(' ');
    }
    const s = this.strOf(n);
    if (s !== null) return s;
    if (n.type === 'string') return n.text.replace(/^[a-zA-Z]*(['"]{1,3})|(['"]{1,3})$/g, '');
    return null;
  }

  /**
   * Bare names of the files the file's process starts download into (curl -o, wget, iwr -OutFile…); a name
   * built at run time only with a fixed directory before it (`/tmp/{}`).
   */
  private commandDownloads: Set<string> | null = null;

  private downloadsByCommands(): ReadonlySet<string> {
    if (this.commandDownloads) return this.commandDownloads;
    const out = new Set<string>();
    for (const c of this.callNodes) {
      const fnNode = c.childForFieldName('function');
      const fn = this.qname(fnNode);
      const method = fnNode?.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : '';
      if (!((fn && SHELL.test(fn)) || (fn === null && /^(?:system|popen|Popen)$/.test(method)))) continue;
      for (const a of this.args(c)) {
        const v = a.type === 'keyword_argument' ? a.childForFieldName('value') : a;
        const t = v ? this.commandText(v) : null;
        if (t)
          for (const f of downloadedFiles(t))
            if (out.size < 32 && (!f.includes('{}') || /^[^{]*[\\/]/.test(f))) out.add(f);
      }
    }
    this.commandDownloads = out;
    return out;
  }

  /** Why a process start's argument runs code fetched from the network (remote-run.ts), or null. */
  private remoteRunOf(v: SyntaxNode): string | null {
    const texts = new Set<string>();
    const whole = this.commandText(v);
    if (whole !== null) texts.add(whole);
    for (const s of v.descendantsOfType(['string', 'identifier', 'list'])) {
      if (!s || texts.size > 16) continue;
      const t = s.type === 'list' ? this.commandText(s) : this.strOf(s);
      if (t !== null) texts.add(t);
      // A name bound to a value built from strings (`enc = b64encode(script.encode('utf-16le'))`, then
      // `['powershell', '-EncodedCommand', enc]`): the strings it is built from are part of the command.
      if (t === null && s.type === 'identifier' && texts.size <= 16) {
        const bound = this.assigns.find(
          (a) =>
            a.type === 'assignment' &&
            a.childForFieldName('left')?.type === 'identifier' &&
            this.ident(a.childForFieldName('left')!) === this.ident(s) &&
            (this.scopeOf(a) === this.scopeOf(s) || this.scopeOf(a) === 'm:'),
        );
        for (const x of bound?.childForFieldName('right')?.descendantsOfType(['string', 'identifier']) ?? []) {
          const u = x && texts.size <= 16 ? this.strOf(x) : null;
          if (u !== null && u.length > 8) texts.add(u);
        }
      }
    }
    // A file another command downloads is looked for in the whole command only (a fragment's first word is not a program).
    const downloaded = this.downloadsByCommands();
    for (const t of texts) {
      const why = remoteRun(t, t === whole ? downloaded : undefined);
      if (why) return why;
    }
    return null;
  }

  /** `[sys.executable, os.path.join(os.path.dirname(__file__), 'x.pyz')]`: the shipped non-source file an interpreter is started on. */
  private opaqueInterpreterRun(args: SyntaxNode[]): string | null {
    const first = args[0];
    if (first?.type !== 'list' && first?.type !== 'tuple') return null;
    const [head, script] = first.namedChildren.filter((x): x is SyntaxNode => !!x && x.type !== 'comment');
    if (!head || !script) return null;
    const h = this.strOf(head) ?? this.qname(head) ?? '';
    if (!INTERPRETER.test(h.replace(/^.*[\\/]/, ''))) return null;
    // The package's own file (next to `__file__`), not one the caller names.
    const names = new Set([script, ...script.descendantsOfType('identifier')].filter((x) => x?.type === 'identifier').map((x) => x!.text));
    if (
      !/__file__/.test(script.text) &&
      !this.assigns.some((a) => names.has(a.childForFieldName('left')?.text ?? '') && /__file__/.test(a.childForFieldName('right')?.text ?? ''))
    )
      return null;
    return this.pathTexts(script).find((p) => OPAQUE_PAYLOAD.test(p)) ?? null;
  }

  private inlineInterpreter(args: SyntaxNode[]): boolean {
    const first = args[0];
    if (!first) return false;
    if (first.type === 'list' || first.type === 'tuple') {
      const items = first.namedChildren.filter((x): x is SyntaxNode => !!x);
      const head = items[0];
      if (!head) return false;
      const h = this.strOf(head) ?? this.qname(head) ?? '';
      return INTERPRETER.test(h.replace(/^.*[\\/]/, '')) && items.slice(1, 3).some((x) => this.strOf(x) === '-c');
    }
    const cmd = this.strOf(first);
    return cmd !== null && /(?:^|[\s\\/"'])python[\d.w]*(?:\.exe)?["']?\s+-c\s/i.test(cmd);
  }

  /**
   * Where a send goes: its own arguments' URL or address, else the host the client object was made
   * for (`ftp = ftplib.FTP('198.51.100.2')` then `ftp.storbinary(…)`; `with smtplib.SMTP(host, 25) as s`;
   * `s = socket.create_connection((host, 443))` then `s.sendall(…)`; `s.connect((host, port))`).
   */
  private readonly destCache = new Map<SyntaxNode, string | null>();

  private sendDestination(args: SyntaxNode[], fnNode: SyntaxNode | null | undefined): string | null {
    if (fnNode && this.destCache.has(fnNode)) return this.destCache.get(fnNode)!;
    const d = this.sendDestinationRead(args, fnNode);
    // A destination that only decoding reveals is hidden on purpose (no package hides its own service).
    if (d !== null && !this.decodeOff && this.plain(() => this.sendDestinationRead(args, fnNode)) !== d)
      this.hiddenDests.add(d);
    if (fnNode) this.destCache.set(fnNode, d);
    return d;
  }

  /** `f()` with literals read as written. */
  plain<T>(f: () => T): T {
    const was = this.decodeOff;
    this.decodeOff = true;
    try {
      return f();
    } finally {
      this.decodeOff = was;
    }
  }

  private sendDestinationRead(args: SyntaxNode[], fnNode: SyntaxNode | null | undefined): string | null {
    // A file-transfer client's arguments are the data and the remote file's name: the host is the client's.
    const transfer = /^(?:putfo|storbinary|storlines)$/.test(fnNode?.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : '');
    const own = transfer ? null : this.destination(args);
    if (own || fnNode?.type !== 'attribute') return own;
    const obj = fnNode.childForFieldName('object');
    if (obj?.type !== 'identifier') return null;
    const name = obj.text;
    const made: SyntaxNode[] = [];
    for (const a of this.assigns)
      if (a.childForFieldName('left')?.text === name && a.childForFieldName('right')?.type === 'call')
        made.push(a.childForFieldName('right')!);
    for (const w of this.withs)
      for (const item of w.descendantsOfType('as_pattern'))
        if (item.childForFieldName('alias')?.text === name && item.namedChildren[0]?.type === 'call')
          made.push(item.namedChildren[0]!);
    for (let i = 0; i < made.length && i < 8; i++) {
      const c = made[i]!;
      const fn = this.qname(c.childForFieldName('function')) ?? '';
      if (
        !/^(?:ftplib\.FTP(?:_TLS)?|smtplib\.SMTP(?:_SSL)?|poplib\.\w+|imaplib\.\w+|http\.client\.HTTPS?Connection|socket\.create_connection|telnetlib\.Telnet|paramiko\.(?:\w+\.)?\w+|xmlrpc\.client\.(?:Server|ServerProxy)|xmlrpclib\.(?:Server|ServerProxy))$/.test(
          fn,
        )
      )
        continue;
      const a0 = this.args(c)[0];
      if (!a0) continue;
      // `paramiko.SFTPClient.from_transport(t)`: the client goes where the transport `t` was opened to.
      if (a0.type === 'identifier' && /\.from_transport$/.test(fn))
        for (const a of this.assigns)
          if (a.childForFieldName('left')?.text === a0.text && a.childForFieldName('right')?.type === 'call')
            made.push(a.childForFieldName('right')!);
      if (a0.type === 'tuple') {
        const d = this.destination([a0]);
        if (d) return d;
      }
      const h = this.strOf(a0);
      if (h && /^[\w-]+(?:\.[\w-]+)+$/.test(h)) return h;
      // An RPC proxy is made with its server's URL.
      if (h && /^https?:\/\/[\w-]+(?:\.[\w-]+)+/.test(h)) return h;
    }
    for (const c of this.callNodes) {
      const f = c.childForFieldName('function');
      if (
        f?.type !== 'attribute' ||
        f.childForFieldName('object')?.text !== name ||
        f.childForFieldName('attribute')?.text !== 'connect'
      )
        continue;
      const d = this.destination(this.args(c));
      if (d) return d;
    }
    return null;
  }

  /** The URL a send goes to, when it is built from literals (first argument, `url=`, or a Request's). */
  private destination(args: SyntaxNode[]): string | null {
    // A socket address (`sendto(data, ('203.0.113.9', 514))`, `connect((host, 443))`): the host of the tuple.
    for (const a of args) {
      if (a.type !== 'tuple') continue;
      const [h, port] = a.namedChildren;
      const host = h ? this.strOf(h) : null;
      if (host && port && (port.type === 'integer' || port.type === 'identifier') && /^[\w-]+(?:\.[\w-]+)+$/.test(host))
        return `${host}:${port.text}`.slice(0, 100);
    }
    for (const a of args) {
      const v =
        a.type === 'keyword_argument'
          ? /^(?:url|host)$/.test(a.childForFieldName('name')?.text ?? '')
            ? a.childForFieldName('value')
            : null
          : a;
      if (!v) continue;
      let s = this.strOf(v);
      // urlopen(Request('https://…', data)): the Request's URL.
      if (
        s === null &&
        v.type === 'call' &&
        /(?:^|\.)Request$/.test(this.qname(v.childForFieldName('function')) ?? '') &&
        this.args(v)[0]
      )
        s = this.strOf(this.args(v)[0]!);
      if (s === null && v.type === 'identifier') {
        // r = Request('https://…', data=…); urlopen(r)
        const def = this.assigns.find(
          (x) => x.childForFieldName('left')?.text === v.text && x.childForFieldName('right')?.type === 'call',
        );
        const inner = def?.childForFieldName('right');
        if (inner) s = this.args(inner)[0] ? this.strOf(this.args(inner)[0]!) : null;
      }
      if (s !== null && /^(?:https?:)?\/\/|^[\w-]+(?:\.[\w-]+)+/.test(s)) return s.slice(0, 100);
      if (a.type !== 'keyword_argument') break;
    }
    return null;
  }

  /**
   * What setup() really runs after an install: the methods of a cmdclass override of install /
   * develop / egg_info. Starting a process or executing code there runs on every `pip install`;
   * build commands (build_ext, build_py) that call compilers are not such overrides.
   */
  private installHooks(): void {
    for (const cls of this.classes) {
      const supers = cls.childForFieldName('superclasses');
      if (!supers) continue;
      const hook = supers.namedChildren.some((x) => {
        const q = x ? this.qname(x) : null;
        return (
          !!q &&
          /(?:^|\.)(?:install|develop|egg_info|bdist_egg|easy_install|install_scripts|install_lib)$/.test(q) &&
          !/(?:^|\.)build/.test(q)
        );
      });
      if (!hook) continue;
      const name = cls.childForFieldName('name')?.text ?? '?';
      if (this.installHookNames.length < 10)
        this.installHookNames.push(`${name}(${supers.namedChildren.map((x) => x?.text ?? '').join(', ')})`);
      for (const c of cls.descendantsOfType('call')) {
        if (!c) continue;
        const fnNode = c.childForFieldName('function');
        const fn = this.qname(fnNode);
        const method = fnNode?.type === 'attribute' ? (fnNode.childForFieldName('attribute')?.text ?? '') : '';
        if ((fn && (SHELL.test(fn) || EXEC.test(fn))) || (!fn && /^(?:system|popen|Popen|startfile)$/.test(method))) {
          this.add(
            'setup_install_hook_exec',
            'HIGH',
            'install_script',
            c,
            `a cmdclass override of the install command starts a process or executes code on every install (${fn ?? method})`,
          );
          break;
        }
      }
    }
  }

  add(
    ruleId: string,
    severity: FindingSeverity,
    category: PackageFindingCategory,
    n: SyntaxNode,
    message: string,
    destination?: string | null,
  ): void {
    const line = n.startPosition.row + 1;
    const key = `${ruleId}:${line}`;
    if (this.seen.has(key) || this.findings.length >= 20) return;
    this.seen.add(key);
    const ev = n.text.replace(/\s+/g, ' ');
    const hidden = destination && this.hiddenDests.has(destination) ? ` ${HIDDEN_DESTINATION}` : '';
    this.findings.push({
      ruleId,
      severity,
      category,
      line,
      evidence: (destination ? `${ev.slice(0, 60)} -> ${destination}` : ev).slice(0, 120),
      message: `${message}${hidden}`,
    });
  }
}

/**
 * Reads a Python file as code. Returns null when the parse does not finish in its budget (the
 * caller keeps its pattern-based judgement then). `loadParsers()` must have completed.
 */
export function analysePython(source: string, budgetMs = PARSE_BUDGET_MS): PyFacts | null {
  if (source.length > MAX_PARSE_CHARS) return null;
  const { text, changed } = normaliseWords(source);
  return withTree(
    'python',
    text,
    (root) => {
      const tree = mirror(root, text, MAX_NODES);
      if (!tree) return null;
      const a = new Analysis();
      a.changedWords = changed;
      a.walk(tree);
      a.seedParams(tree);
      a.propagate();
      a.sinks();
      return {
        findings: a.findings,
        remoteCommand: a.remoteCommand,
        commandNetwork: a.commandNetwork,
        fetches: a.fetches,
        reconSent: a.reconSent,
        nfkcIdentifiers: a.nfkc,
        calls: a.calls,
        installHooks: a.installHookNames,
        codeLiteralDecodeExec: a.codeLiteralDecodeExec,
        reach: moduleReach(tree),
        runsFiles: a.runsFiles,
        sendsParam: a.sendsParam,
        runsConfig: a.runsConfig,
        runsParam: a.runsParam,
        handsOff: a.handsOff,
        fileFns: a.fileFns,
        runsOther: a.runsOther,
        returnFns: a.returnFns(),
        usesOther: a.usesOther,
        entryPoints: a.entryPoints(),
      };
    },
    budgetMs,
  );
}

/**
 * Python normalises identifiers with NFKC; so does this reading: every word with non-ASCII letters
 * that NFKC changes is replaced by its normal form (remembering where and how it was spelled), and
 * the remaining astral characters (emoji in strings) by two U+FFFD, so offsets stay UTF-16 exact.
 */
export function normaliseWords(source: string): { text: string; changed: Map<number, string> } {
  const changed = new Map<number, string>();
  if (!NON_ASCII.test(source)) return { text: source, changed };
  let out = '';
  let last = 0;
  for (const m of source.matchAll(/[\p{L}\p{N}_]+/gu)) {
    const w = m[0];
    if (!NON_ASCII.test(w)) continue;
    const v = w.normalize('NFKC');
    if (v === w || !/^[\p{L}\p{N}_]+$/u.test(v)) continue;
    out += source.slice(last, m.index);
    changed.set(out.length, w);
    out += v;
    last = m.index + w.length;
  }
  out += source.slice(last);
  return { text: out.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '\uFFFD\uFFFD'), changed };
}
