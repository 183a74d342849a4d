/**
 * Behaviour rules: each is data (a cheap literal gate, the regular expressions that must all match
 * in the same file, optionally close to each other) plus the one small matcher below. They run on
 * the code view of a file (comments and doc strings blanked, see codeview.ts), only when the gate
 * literal is present, so the fast pre-scan decides which files pay for them. Every rule has its own
 * unit test with the real-world case it catches and the honest look-alike it must leave alone
 * (test/unit/pkg-rules.test.ts). One place per rule id: this table.
 *
 * Changing what a rule matches changes verdicts: bump ANALYSIS_VERSION (types.ts).
 */
import type { FindingSeverity, PackageFindingCategory } from './types.js';
import type { Lang } from './signals.js';

export interface BehaviourRule {
  id: string;
  severity: FindingSeverity;
  category: PackageFindingCategory;
  langs: readonly Lang[];
  /** At least one of these literals must occur in the file (case-sensitive) before any regex runs. */
  gate: readonly string[];
  /** Every pattern must match; the first one's match is the evidence. Keep them linear (no nested quantifiers). */
  all: readonly RegExp[];
  /** When set, every other pattern must match within this many characters of a match of the first. */
  window?: number;
  message: string;
}

/**
 * A wallet address written out: what a swapper puts on the clipboard. A pattern that recognises an
 * address (`^0x[a-fA-F0-9]{40}$`) or a coin's name is what a wallet utility validates with too.
 */
const WALLET_ADDRESS = /\b(?:bc1[02-9ac-hj-np-z]{25,60}|[13][1-9A-HJ-NP-Za-km-z]{25,34}|0x[a-fA-F0-9]{40}|T[1-9A-HJ-NP-Za-km-z]{33}|4[0-9AB][1-9A-HJ-NP-Za-km-z]{93})\b/;

export const BEHAVIOUR_RULES: readonly BehaviourRule[] = [
  {
    id: 'reverse_shell',
    severity: 'CRITICAL',
    category: 'shell',
    langs: ['py', 'js', 'sh'],
    gate: ['dup2', '/dev/tcp/', 'pipe(', 'stdin'],
    all: [
      /\bdup2\s*\(\s*[\w.]+\.fileno\(\)|\.stdin\.write\s*\(\s*[\w.]+\.recv\s*\(|\.send(?:all)?\s*\(\s*[\w.]+\.stdout\.read|\/dev\/tcp\/[\w.${}-]+\/[\w${}]+|\.pipe\(\s*\w+\.stdin\s*\)|stdin\s*=\s*\w+\.fileno\(\)/,
      /\/bin\/(?:ba|z|da)?sh\b|\bcmd(?:\.exe)?\b|pty\.spawn|powershell|\bsh\s+-i\b/,
      // `socket.create_connection((host, port))` opens the same client socket in one call; the module may be aliased (`_s.socket(`).
      /\b\w+\.(?:socket|create_connection)\s*\(|\bnet\.(?:connect|Socket|createConnection)\b|new\s+\w+\.Socket\s*\(|\/dev\/tcp\//,
    ],
    window: 600,
    message: 'a network socket is wired to a shell (reverse shell)',
  },
  {
    id: 'exec_builtins_indirect',
    severity: 'HIGH',
    category: 'obfuscation',
    langs: ['py'],
    gate: ['builtins', 'exec', 'eval'],
    all: [
      /__import__\(\s*['"]builtins['"]\s*\)\s*\.\s*(?:exec|eval|compile)\b|getattr\(\s*(?:__builtins__|builtins)\s*,\s*['"](?:exec|eval)|(?:^|[;,=(]\s*)(?:exec|eval)\s*(?:,|;|\)|$)(?!\s*\()/m,
      /\bchr\s*\(|\bord\s*\(|\\x[0-9a-fA-F]{2}|['"][A-Za-z0-9+/=_-]{120,}|b64decode|decompress|__import__\(\s*['"]builtins/,
    ],
    message: 'exec / eval is reached indirectly (through builtins, getattr or an alias) in obfuscated code',
  },
  {
    id: 'known_obfuscator',
    severity: 'HIGH',
    category: 'obfuscation',
    langs: ['py', 'js'],
    gate: ['pyobfuscate', 'BlankOBF', 'pyarmor', 'OO0', 'O0O', 'Hyperion', 'Kramer'],
    // Hyperion and Kramer are also ordinary words (a Titan of the Odyssey, a surname): they name the obfuscator
    // where its output puts them, its signature (`__obfuscator__ = 'Hyperion'`) or its class (`class Kramer`),
    // not in prose (docs/package-analysis.md, "Branch pkghonest2").
    // PyArmor: a module handing its blob to the runtime (`__pyarmor__(__name__, __file__, b'…')`); the obfuscator's own
    // code names `__pyarmor__` in the templates it writes out, with no blob (docs/package-analysis.md, "pkg23py").
    all: [/pyobfuscate\.com|BlankOBF|__pyarmor__\(\s*__name__\s*,\s*__file__\s*,\s*b['"](?![{%])|\b[O_][O0]{12,}\b[\s\S]{0,400}\b[O_][O0]{12,}\b|[Oo]bfuscat\w*[^\n\w]{1,12}(?:\w+[^\n\w]{1,12}){0,2}(?:Hyperion|Kramer)\b|\bclass\s+(?:Hyperion|Kramer)\b/, /\b(?:exec|eval|compile|__import__|Function)\s*\(|\.system\s*\(|subprocess/],
    message: 'code protected by a known malware obfuscator (pyobfuscate, BlankOBF, PyArmor, O/0 identifiers) that executes code',
  },
  {
    id: 'download_execute',
    severity: 'HIGH',
    category: 'shell',
    langs: ['py', 'sh'],
    gate: ['urlretrieve', 'wget', 'curl', 'requests.get', 'urlopen', 'Invoke-WebRequest', 'iwr', 'DownloadFile', 'bitsadmin', 'certutil'],
    all: [
      /urlretrieve\s*\(|\bwget\b[^\n'"]{0,200}?-\w*O|\bcurl\b[^\n'"]{0,300}?\s-(?:o|-output)\b|requests\.get\s*\([^\n]{0,200}\)\s*\.(?:content|text)|urlopen\s*\([^\n]{0,200}\)\s*\.read\(\)|Invoke-WebRequest|\biwr\b|DownloadFile|bitsadmin|certutil[^\n]{0,40}-urlcache/,
      /os\.startfile\s*\(|subprocess\.(?:run|call|Popen|check_call|check_output)\s*\(|os\.system\s*\(|os\.popen\s*\(|Start-Process|&&\s*(?:start\s+)?[\w./\\${}-]+\.(?:exe|bat|cmd|vbs|scr)\b|chmod\s+\+x|os\.chmod\s*\(|\bwscript\b|\bcscript\b|\bmshta\b/,
      /\.(?:exe|bat|cmd|vbs|scr|ps1|msi|dll|jar)\b|chmod\s+\+x|os\.chmod|\/tmp\/|wscript|cscript|mshta|X_OK|0o?7[57]5/,
    ],
    window: 1200,
    message: 'a file is downloaded and then executed (download → write → execute)',
  },
  {
    id: 'recon_exfil',
    severity: 'HIGH',
    category: 'exfiltration',
    langs: ['py'],
    gate: ['getuser', 'getlogin', 'gethostname', 'platform.node', 'uname', 'getcwd', '/etc/passwd', 'whoami', 'ipify', 'ip-api', 'ifconfig.me'],
    all: [
      /getpass\.getuser\(\)|os\.getlogin\(\)|socket\.gethostname\(\)|platform\.(?:node|uname)\(\)|os\.uname\(\)|os\.getcwd\(\)|\/etc\/passwd|\bwhoami\b|api\.ipify\.org|ip-api\.com|ifconfig\.me|ipinfo\.io/,
      /getpass\.getuser\(\)|os\.getlogin\(\)|socket\.gethostname\(\)|platform\.(?:node|uname)\(\)|os\.uname\(\)|\/etc\/passwd|\bwhoami\b|api\.ipify\.org|ip-api\.com|ifconfig\.me|ipinfo\.io/,
      /requests\.(?:get|post|put)\s*\(|urlopen\s*\(|urllib\.request\.Request\s*\(|\.sendto\s*\(|\.sendall\s*\(|gethostbyname\s*\(|dns\.resolver|\.resolve\s*\(|http\.client\.HTTPS?Connection\s*\(|httpx\.(?:get|post)\s*\(|\bcurl\b|\bnslookup\b/,
    ],
    window: 1500,
    message: 'the user, host name, working directory or public IP is collected and sent out (recon exfiltration)',
  },
  {
    id: 'clipboard_wallet_hijack',
    severity: 'HIGH',
    category: 'exfiltration',
    langs: ['py', 'js'],
    gate: ['clipboard', 'Clipboard', 'pyperclip', 'pbcopy', 'xclip'],
    all: [/pyperclip\.(?:copy|paste)\s*\(|win32clipboard|[Cc]lipboard\.(?:copy|paste|get|set|read|write|getText|setText|writeText|readText|GetClipboardData|SetClipboardData)\w*\s*\(|SetClipboardData|clipboardy|\bpbcopy\b|\bxclip\b/, WALLET_ADDRESS],
    window: 3000,
    message: 'the clipboard is read or rewritten next to crypto-wallet addresses (address swapping)',
  },
  {
    id: 'browser_extension_drop',
    severity: 'HIGH',
    category: 'filesystem',
    langs: ['py', 'js', 'sh'],
    gate: ['--load-extension', 'background.js', 'manifest.json'],
    all: [/--load-extension|[\\/'"]Extension[\\/'"][^\n]{0,80}(?:background\.js|manifest\.json)|(?:background\.js|manifest\.json)[^\n]{0,80}\.write\(/, /open\s*\([^\n]{0,200}['"][wa]|writeFile|\.lnk\b|TargetPath|Arguments|taskkill|--load-extension=\S/],
    message: 'a browser extension is written to disk or force-loaded with --load-extension',
  },
  {
    id: 'js_dynamic_code_env_key',
    severity: 'HIGH',
    category: 'obfuscation',
    langs: ['js'],
    gate: ['createDecipher', 'decipher'],
    all: [/createDecipher(?:iv)?\s*\(/, /process\.env\.npm_package_\w+|process\.env\[\s*['"]npm_package_|require\(\s*['"]\.\.?\/(?:\.\.\/)*package(?:\.json)?['"]\s*\)\.(?:description|name|version|author)/, /\._compile\s*\(|\bnew\s+Function\s*\(|\beval\s*\(|\bvm\.\w+\s*\(|\bmodule\.exports\s*=\s*\w+\(/],
    window: 2000,
    message: 'a payload is decrypted with a key from the environment or package metadata and then loaded as code (the event-stream pattern)',
  },
  {
    id: 'js_module_compile',
    severity: 'HIGH',
    category: 'obfuscation',
    langs: ['js'],
    gate: ['_compile'],
    // A method named _compile on some other object (a compiler's `soljson._compile`) is not a module load.
    // (Emscripten's `new Module()` is a compiler instance, not Node's module loader.)
    all: [/\bmodule\._compile\s*\(|\bnew\s+module\.constructor\s*\(|\brequire\(\s*['"](?:node:)?module['"]\s*\)/, /\._compile\s*\(/, /Buffer\.from\s*\([^)]{0,200}['"](?:base64|hex)['"]|atob\s*\(|createDecipher|fromCharCode|https?\.get\s*\(|fetch\s*\(|\.toString\(\s*['"](?:base64|hex)['"]|inflate|gunzip/],
    window: 800,
    message: 'decoded, decrypted or downloaded text is compiled as a module (module._compile)',
  },
  {
    id: 'browser_form_stealer',
    severity: 'HIGH',
    category: 'exfiltration',
    langs: ['js'],
    gate: ['password', 'cardnumber', 'card-number', 'cc-number'],
    all: [
      /querySelectorAll?\s*\(\s*['"`][^'"`]{0,80}(?:type=.?password|name=.?(?:card|cc|cvv)|autocomplete=.?cc-)|input\[type=.?password|\.value[^\n]{0,60}(?:password|cvv|card)/i,
      /(?:addEventListener\s*\(\s*['"](?:submit|change|input|blur|keyup)|onsubmit)/,
      /sendBeacon\s*\(|new\s+Image\s*\(\s*\)\s*\.src|fetch\s*\(\s*['"`]https?:|XMLHttpRequest/,
    ],
    window: 3000,
    message: 'password or card fields are read on submit / input and sent to a hard-coded endpoint (form stealer)',
  },
  {
    // pkg8: the container runtime's API (the Docker socket) or the cluster's (a pod's service-account
    // token) asked for a container that owns the host (privileged, host PID, the host's root mounted)
    // and runs a command there. A client that lists or starts ordinary containers asks for none of it.
    id: 'container_escape',
    severity: 'HIGH',
    category: 'shell',
    langs: ['py', 'js', 'sh'],
    gate: ['docker.sock', 'serviceaccount', 'KUBERNETES_SERVICE_HOST'],
    all: [
      /docker\.sock\b|\/var\/run\/secrets\/kubernetes\.io\/serviceaccount|\bKUBERNETES_SERVICE_HOST\b/,
      /['"]?(?:[Pp]rivileged|hostPID|hostNetwork)['"]?\s*[:=]\s*(?:true|True)\b|['"]?Binds['"]?\s*:\s*\[\s*['"]\/:|['"]?hostPath['"]?\s*:\s*\{\s*['"]?path['"]?\s*:\s*['"]\/['"]|--privileged\b|-v\s+\/:\//,
      /\bnsenter\b|\bchroot\b|\b(?:curl|wget)\b[^\n]{0,200}\|\s*(?:ba|da)?sh\b|\bcrontab\b|authorized_keys/,
    ],
    window: 2000,
    message: "a container that owns the host (privileged, the host's PID namespace or root file system) is created through the Docker socket or a pod's service-account token and runs a command on the host (container escape)",
  },
  {
    // pkg8: an HTTP client's send replaced for the whole process (`requests.Session.send = send`), next to
    // the credential header names and a fixed URL: every request's Authorization or Cookie is copied out.
    // (JavaScript's request interceptors are judged by the flow reader: npm/judge.ts auth_header_send.)
    id: 'http_client_patch_exfil',
    severity: 'HIGH',
    category: 'exfiltration',
    langs: ['py'],
    gate: ['.send', '.request', '.urlopen', '.putheader', '.open'],
    all: [
      /\b(?:requests\.(?:Session|sessions\.Session|adapters\.HTTPAdapter)|httpx\.(?:Client|AsyncClient)|http\.client\.HTTPS?Connection|urllib3\.(?:PoolManager|connectionpool\.HTTPConnectionPool)|urllib\.request\.OpenerDirector)\.(?:send|request|urlopen|putheader|open)\s*=\s*[\w.]+/,
      /['"](?:authorization|cookie|x-api-key|proxy-authorization)['"]/i,
      /['"]https?:\/\/(?:\d{1,3}(?:\.\d{1,3}){3}|[\w-]+(?:\.[\w-]+)+)/,
    ],
    window: 3000,
    message: "an HTTP client's send is replaced for the whole process next to the credential header names (Authorization, Cookie, API key) and a fixed URL: every request's credentials are copied to that host",
  },
  {
    // pkg24: a wallet library's key-making or signing function replaced for the whole process
    // (`Account.from_key = _wrap(Account.from_key)`) in a file with a fixed network destination: every key the
    // application creates or loads passes through the wrapper, next to a host it can be sent to. (JavaScript's
    // replaced signing methods are judged by the flow reader: wallet_sign_intercept.)
    id: 'wallet_key_intercept',
    severity: 'CRITICAL',
    category: 'exfiltration',
    langs: ['py'],
    gate: ['Account.', 'Keypair.', 'Wallet.', 'Mnemonic.', 'Bip39', 'Bip44', 'PrivateKey.', 'SigningKey.'],
    all: [
      /^[ \t]*(?:[\w.]*\.)?(?:Account|LocalAccount|Keypair|Wallet|HDWallet|Mnemonic|Bip39SeedGenerator|Bip44|PrivateKey|SigningKey)\.(?:create|from_key|from_mnemonic|from_private_key|from_seed|from_secret_key|from_bytes|from_string|from_hex|generate|sign_transaction|sign_message|privateKeyToAccount|FromSeed|Generate)\s*=(?!=)\s*(?!None\b)\S/m,
      /['"](?:https?|wss?):\/\/(?:\d{1,3}(?:\.\d{1,3}){3}|[\w-]+(?:\.[\w-]+)+)/,
    ],
    message: "a wallet library's key-making or signing function (Account.from_key, Keypair.from_seed, sign_transaction) is replaced for the whole process in a file with a fixed network destination: every key the application creates or loads passes through it (a key stealer)",
  },
  {
    // pkg24: a Python audit hook (`sys.addaudithook`) that watches file opens for credential names and keeps what
    // it sees (reads the file, queues the path or arguments): every secret the process touches is captured. A
    // hook that refuses such opens raises instead of reading.
    id: 'audit_hook_secret_capture',
    severity: 'HIGH',
    category: 'exfiltration',
    langs: ['py'],
    gate: ['addaudithook'],
    all: [
      /\bsys\.addaudithook\s*\(/,
      /['"]open['"]/,
      /id_rsa|id_ed25519|credentials|\\?\.env\b|\\?\.netrc|\\?\.pypirc|\\?\.npmrc|ghp_|AKIA|password/i,
      /\bos\.read\s*\(|\bopen\s*\(\s*args\s*\[|\.(?:append|put|write)\s*\(\s*\(?\s*args\s*\[/,
    ],
    window: 3000,
    message: 'an audit hook watches every file the process opens for credential names (SSH keys, .env, token files) and keeps what it finds: the secrets the application touches are captured',
  },
];

/** Runs the rules of `lang` on `text` (the code view). Returns [rule, index, length] for each hit. */
export function runBehaviourRules(text: string, lang: Lang): [BehaviourRule, number, number][] {
  const out: [BehaviourRule, number, number][] = [];
  for (const r of BEHAVIOUR_RULES) {
    if (!r.langs.includes(lang)) continue;
    if (!r.gate.some((g) => text.includes(g))) continue;
    const hit = match(r, text);
    if (hit) out.push([r, hit[0], hit[1]]);
  }
  return out;
}

function match(r: BehaviourRule, text: string): [number, number] | null {
  const first = new RegExp(r.all[0]!.source, r.all[0]!.flags.includes('g') ? r.all[0]!.flags : `${r.all[0]!.flags}g`);
  if (r.window === undefined) {
    const m = first.exec(text);
    if (!m) return null;
    for (const re of r.all.slice(1)) if (!re.test(text)) return null;
    return [m.index, m[0].length];
  }
  let m: RegExpExecArray | null;
  let tries = 0;
  while ((m = first.exec(text)) !== null && tries++ < 32) {
    if (m[0].length === 0) first.lastIndex++;
    const lo = Math.max(0, m.index - r.window);
    const win = text.slice(lo, Math.min(text.length, m.index + m[0].length + r.window));
    if (r.all.slice(1).every((re) => re.test(win))) return [m.index, m[0].length];
  }
  return null;
}
