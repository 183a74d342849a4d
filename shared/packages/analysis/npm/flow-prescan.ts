/**
 * The pre-scan of the source-to-sink rules: a cheap look for a source and a sink of one rule, so
 * only the files it marks are parsed (docs/package-analysis.md, "Source-to-sink rules").
 */
const FP_WORDS = ['hostname(', 'userInfo(', 'networkInterfaces(', 'whoami', 'env.USER', 'env.COMPUTERNAME', 'env.HOSTNAME', 'gethostname', 'getuser', 'getlogin', 'platform.node', "'USERNAME'", '"USERNAME"'];
const SECRET_WORDS = ['.npmrc', '_authToken', 'NPM_TOKEN', 'NODE_AUTH_TOKEN', '.pypirc'];
/** A browser's stores of saved passwords and cookies (patterns.ts CREDENTIAL_STORE). */
const BROWSER_STORE_WORDS = ['Login Data', 'Cookies', 'cookies.sqlite', 'logins.json', 'key4.db'];
/** Other credential stores whose content a file may read (patterns.ts CREDENTIAL_STORE). */
const STORE_WORDS = ['.ssh', 'id_rsa', 'id_ed25519', 'id_ecdsa', '.aws', '.kube', '.docker', '.git-credentials', '.netrc', 'gcloud', '.azure', '.gnupg', 'tfstate', 'Local State', 'loginusers', 'ssfn', 'launcher_accounts', 'state.vscdb', 'hosts.yml', 'github.xml'];
/**
 * Network use is the scanner's network capability (calls, client modules) or a download command: a
 * URL alone is not (licence headers and doc links name one in most files of a bundle).
 */
const NET_WORDS = ['curl ', 'wget '];
/** Client libraries whose calls send (flow-vocabulary.ts TRACKER_SDK_CALLS; nodemailer's `sendMail`): a network send. */
const NET_CLIENT_WORDS = ['@octokit/', "'octokit'", '"octokit"', '@actions/github', '@gitbeaker/', "'nodemailer'", '"nodemailer"'];
/** A module name the scanner cannot read: `require(_0x[0])` (a string array), `'\\x68\\x74\\x74\\x70…'` (hex-escaped "http"). */
const HIDDEN_MODULE = /\brequire\s*\(\s*[A-Za-z_$][\w$]*\s*\[|\\x68\\x74\\x74\\x70/i;
/** `String.fromCharCode(parseInt(h.substr(i, 2), 16) ^ k)`, `fromCharCode(s.charCodeAt(i) ^ k)`: a decoder loop over a blob. */
const XOR_DECODE = /fromCharCode\(\s*(?:parseInt\([^()]{0,60}(?:\([^()]{0,30}\))?[^()]{0,20}\)|[\w$.]{1,40}\.charCodeAt\([^()]{0,30}\))\s*\^/;
/** A module loaded by a name decoded at run time (`require(String.fromCharCode(…))`, `require(Buffer.from('…', 'base64')…)`), or put together from pieces (`require(['child', 'process'].join('_'))`, `require('chi' + 'ld_process')`, pkg-analysis-2026.12.7), an import of a data: URL, or require itself renamed. */
const DECODED_LOAD = /\brequire\s*\(\s*(?:String\.fromCharCode|Buffer\.from|atob)\b|\bimport\s*\(\s*['"`]da|=\s*require\s*[;,\n]|\brequire\s*\(\s*\[\s*['"`]|\brequire\s*\(\s*['"`][\w-]{1,20}['"`]\s*\+/;
/** Functions of the page or of a wallet replaced: `window.fetch =`, `XMLHttpRequest.prototype.open =`, `.request =`. */
const PAGE_HOOK_WORDS = ['XMLHttpRequest.prototype', 'fetch=', 'fetch =', '.request=', '.request =', 'defineProperty(', 'Transaction=', 'Transaction =', 'Transactions=', 'Transactions ='];
/** A wallet address, plain or hex-escaped (`\x30\x78` is "0x"). */
const WALLET_WORDS = /['"`](?:0x[a-fA-F0-9]{40}|bc1[02-9ac-hj-np-z]{25,60}|[13][1-9A-HJ-NP-Za-km-z]{25,34}|T[1-9A-HJ-NP-Za-km-z]{33})['"`]|\\x30\\x78/;
/** Recursive destruction of a root, the home directory or the directories above; AI agents' permission-bypass flags. */
const WIPE_WORDS = ['readdirSync(', 'readdir('];
const WIPE_ROOTS = /(?<![.\w$])[\w$]+\(\s*(?:['"`](?:\/|(?:\.\.\/?)+|\.\/(?:\.\.\/?)+|[A-Za-z]:\\\\?)['"`]|(?:os\.)?homedir\(\)|process\.env\.(?:HOME|USERPROFILE))\s*\)/;
/** A root or the home directory handed to a delete: `rmSync(os.homedir(), …)`, `remove('/')`. */
const WIPE_ROOT_ARG = /\b(?:rm|rmSync|rmdir|rmdirSync|remove|removeSync|rimraf|sync|emptyDir|emptyDirSync)\(\s*(?:['"`](?:\/|(?:\.\.\/?)+|~\/?|[A-Za-z]:\\\\?)['"`]|(?:os\.)?homedir\(\)|process\.env\.(?:HOME|USERPROFILE))\s*[,)]/;
/** `'rm -rf ' + dir`, `'rd /s /q "' + dir`: a recursive delete command built around a computed path. */
const SHELL_RM_BUILT = /['"`]\s*(?:rm\s+-(?:rf|fr|Rf)|(?:rd|rmdir)\s+\/s\s+\/q)\s+"?(?:['"`]\s*\+|\$\{)/i;
/** `rmSync(path.join(os.homedir(), d), …)`. */
const HOME_JOIN_DELETE = /\b(?:rm|rmSync|remove|removeSync|rimraf)\(\s*[\w.$]*(?:join|resolve)\)?\(\s*[\w.$]*homedir\)?\(\)/;
/** A media file's name in a literal. */
const ASSET_NAME = /\.(?:png|jpe?g|gif|ico|bmp|webp|tiff?|woff2?|ttf|otf|eot|mp3|wav|ogg|mp4|webm|map)['"`]/i;
/** Three base64 strings in a row in an array, one of them padded (an obfuscator's encoded string array). */
const B64_ARRAY = /\[\s*(['"])(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?\1\s*,\s*(['"])(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?\2\s*,[^\]]{0,400}?={1,2}['"]/;
/** Sixteen small numbers in a row in an array (character codes). */
const CODE_TABLE = /\[\s*\d{1,3}\s*(?:,\s*\d{1,3}\s*){15}/;
/** The call stack's files or the main module's file named (flow-js CALLER_FILE). */
const CALLER_FILE_READ = /\bError\(\)\.stack\b|\b(?:require\.main|module\.parent|process\.mainModule)\.filename\b/;
/** A request's credential header read: `headers.Authorization`, `headers['x-api-key']`. */
const AUTH_HEADER_READ = /headers\s*(?:\.\s*|\[\s*['"])(?:authorization|proxy-authorization|cookie|x-api-key|x-auth-token|api-key)\b/i;
/** A key pair's secret half or a wallet's recovery words read from an object. */
const KEY_MATERIAL_READ = /\.(?:secretKey|privateKey|mnemonic|seedPhrase|mnemonicPhrase)\b|\b(?:deriveKey[Pp]air|fromSeed|fromMnemonic|fromPhrase|mnemonicToSeed(?:Sync)?|mnemonicToPrivateKey|fromMasterSeed|fromSecretKey|seedToKeypair|keyPairFromSeed)\s*\(/;
/** An array literal holding a root or the directories above (`['../..', '/']`): a list of places to walk. */
const WIPE_ROOT_LIST = /\[[^\]]{0,200}?['"`](?:\/|(?:\.\.[\\/]?)+|\.[\\/](?:\.\.[\\/]?)+)['"`]/;
/** Evaluation next to a base64 / hex decode, either order, within a statement or two. */
const DECODED_EVAL = /(?:\beval|\bFunction|runIn\w*Context|compileFunction|\._compile|Reflect\.apply\s*\(\s*(?:eval|Function)\b[^;\n]{0,40})\s*\)?\s*[(,][^;\n]{0,200}(?:atob|base64|['"]hex['"])|(?:\batob\s*\(|['"](?:base64|hex)['"])[\s\S]{0,400}?(?:\beval\s*\)?\s*\(|\bFunction\s*\(|runIn\w*Context|\._compile\s*\()|\}\)\.constructor[\s\S]{0,200}?['"](?:base64|hex)['"]/;
/**
 * The JavaScript-only reasons to parse a file (pkg-analysis-2026.11.11, docs/package-analysis.md):
 * a module name decoded at run time, a data: URL import, `require` renamed; page or wallet functions
 * replaced next to a wallet address; the environment handed to another module of the archive; a
 * computed callee or an eval next to decoded text; a file copied out of the package; a recursive
 * destroy of a root; install-time acts (agent flags, publish, preloads, rc files) with a process or
 * file write.
 */
function jsOnly(text: string, shell: boolean): boolean {
  if (DECODED_LOAD.test(text)) return true;
  // pkg-analysis-2026.11.27: a WebAssembly custom section or a reversed string next to evaluation; the module
  // loader under another name; a download piped into a shell; /proc of another process; an SSH key written;
  // an MCP server entry or editor extension manifest written; a clipboard watched by a timer; a walk of the
  // working directory that writes.
  if (text.includes('customSections') && any(text, EVAL_WORDS)) return true;
  if (/split\(\s*(['"])\1\s*\)\s*\.reverse\(\)/.test(text) && /['"](?:base64|hex)['"]|\batob\(/.test(text)) return true;
  if (/\bmodule\.constructor\s*\[|\bmodule\.constructor\._load\b|\bModule\._load\b|require\(\s*['"](?:node:)?module['"]\s*\)\s*\._load\b/.test(text)) return true;
  if (/\bresolve(?:Txt|Any)\b/.test(text) && any(text, EVAL_WORDS)) return true;
  if (/['"](?:eval|Function)['"]/.test(text) && /['"](?:base64|hex)['"]|\batob\(/.test(text)) return true;
  if (shell && PIPE_SHELL.test(text)) return true;
  if (text.includes('/proc/') && (/['"]\/(?:mem|environ)['"]/.test(text) || (shell && /\/(?:mem|environ)\b/.test(text)))) return true;
  // A native library loaded next to decoding: bytes decoded, written and loaded (native_payload_load).
  if (text.includes('dlopen') && /['"](?:base64|hex)['"]|\batob\(/.test(text)) return true;
  // (No word boundary before the key type: a key written after an escaped newline reads `\nssh-ed25519` in the source.)
  if (text.includes('authorized_keys') && /(?:ssh-(?:rsa|ed25519)|ecdsa-sha2-nistp\d+) AAAA/.test(text)) return true;
  if ((text.includes('mcpServers') || text.includes('activationEvents')) && (text.includes('writeFile') || text.includes('copyFile'))) return true;
  if (text.includes('setInterval') && /pbpaste|Get-Clipboard|wl-paste/.test(text) && /pbcopy|Set-Clipboard|wl-copy|['"]clip['"]/.test(text)) return true;
  if (/process\.cwd\(\)|INIT_CWD/.test(text) && any(text, WIPE_WORDS) && /\b(?:writeFile|unlink|rm)\w*\(/.test(text)) return true;
  if (B64_ARRAY.test(text)) return true;
  // Character codes computed from a shipped blob (hex pairs through parseInt, XOR of charCodeAt) next to evaluation (flow-js codesOfLiteral).
  if (text.includes('fromCharCode') && XOR_DECODE.test(text) && any(text, EVAL_WORDS)) return true;
  // Another client's endpoint variable set to a URL (flow-js ENDPOINT_ENV).
  if (/process\.env\.\w+_(?:BASE_URL|API_BASE|API_BASE_URL|API_URL|API_ENDPOINT|ENDPOINT_URL|PROXY)\s*=\s*['"`](?:https?|socks)|process\.env\.(?:HTTPS?_PROXY|https?_proxy|ALL_PROXY)\s*=/.test(text)) return true;
  // An application's asar archive unpacked and packed back (flow-js: its code rewritten).
  if (text.includes('extractAll') && text.includes('createPackage')) return true;
  // Text spelled as a table of character codes next to evaluation (flow-js codeTable).
  if (text.includes('String.from') && CODE_TABLE.test(text) && any(text, EVAL_WORDS)) return true;
  if (any(text, PAGE_HOOK_WORDS) && WALLET_WORDS.test(text)) return true;
  if (/eth_(?:send|sign)Transaction/.test(text) && /\.(?:request|send|sendAsync)\s*=/.test(text)) return true;
  // A wallet's signing method replaced next to a literal URL (wallet_sign_intercept).
  if (/\.sign(?:Transaction|AllTransactions|AndSendTransaction|Message)\s*=/.test(text) && /['"`]https?:\/\//.test(text)) return true;
  if (/[(,]\s*process\.env\s*[,)]/.test(text) && /\brequire\(\s*['"]\.|\bfrom\s+['"]\./.test(text)) return true;
  if (/\]\s*\(\s*(?:atob|Buffer\.from|unescape)\s*\(/.test(text) || DECODED_EVAL.test(text)) return true;
  if (/\bcopyFile(?:Sync)?\(\s*(?:path\.)?(?:join|resolve)\(\s*__dirname/.test(text)) return true;
  if ((any(text, WIPE_WORDS) || text.includes('recursive') || text.includes('rimraf') || text.includes('remove')) && /\b(?:writeFile|rm|unlink|remove|rimraf|emptyDir)\w*\(|\.sync\(/.test(text) && (WIPE_ROOTS.test(text) || WIPE_ROOT_ARG.test(text))) return true;
  // A shell's recursive delete built with a computed path; a delete under the home directory's joined path; the working directory deleted.
  if (any(text, WIPE_WORDS) && WIPE_ROOT_LIST.test(text) && /\b(?:writeFile|rm|unlink|remove|rimraf|emptyDir)\w*\(/.test(text)) return true;
  if (SHELL_RM_BUILT.test(text) || HOME_JOIN_DELETE.test(text) || (text.includes('process.cwd()') && /\brm(?:Sync)?\(/.test(text) && text.includes('recursive'))) return true;
  // A media file or source map read in a file that evaluates code (asset_code_eval).
  if (text.includes('readFile') && (ASSET_NAME.test(text) || /['"`]\.map['"`]/.test(text)) && any(text, EVAL_WORDS)) return true;
  // A worker started from a code string (`new Worker(code, { eval: true })`).
  if (text.includes('Worker') && /\beval\s*:\s*true\b/.test(text)) return true;
  const writes = text.includes('writeFile') || text.includes('appendFile') || text.includes('copyFile') || /\brename(?:Sync)?\(/.test(text);
  // The Discord client's code written, its folder names spelt in pieces (`'discord_desktop_' + 'core'`).
  if (writes && /discord/i.test(text) && /\bapp-|modules/.test(text)) return true;
  if (shell && (any(text, AGENT_WORDS) || (text.includes('publish') && text.includes('npm')) || text.includes('git push') || text.includes("'push'") || text.includes('config set') || /rundll32|regsvr32/i.test(text))) return true;
  if ((writes || shell) && PERSIST_WORDS.test(text)) return true;
  return (writes || shell) && (text.includes('NODE_OPTIONS') || text.includes('LD_PRELOAD') || text.includes('.npmrc') || text.includes('.yarnrc') || text.includes('.github/workflows') || (text.includes('.github') && text.includes('workflows')));
}

/** Login, boot and schedule start places and commands (install_persistence). */
const PERSIST_WORDS = /['"`]node_modules['"`/\\][^'"`\n]{0,80}\.[cm]?js['"`]|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|etc[\\/]+hosts\b|etc\\\\+hosts\b|['"`/\\~]\.(?:bashrc|zshrc|zshenv|zprofile|bash_profile|profile)\b|config\.fish|[Pp]rofile\.ps1|LaunchAgents|LaunchDaemons|systemd|autostart|Startup|crontab|schtasks|CurrentVersion\\\\Run|\.claude|claude_desktop_config|mcp\.json|mcp_config\.json|\.gemini|\.husky|\.githooks|\.git[\\/]+hooks|['"]hooks['"]|[\\/'"]\.ssh['"\\/]|credential\.helper|insteadOf|core\.(?:fsmonitor|hooksPath|sshCommand|pager)|\bsetx\b|\.app[\\/'"]|[Rr]esources(?:[\\/]+|['"],\s*['"])app\b|autoApprove|bypassPermissions|approval_policy|dangerouslySkipPermissions|(?:AGENTS|CLAUDE|GEMINI)\.md|copilot-instructions|\.cursorrules|\.windsurfrules|\.clinerules|\.cursor['"\\/]|\.vscode['"\\/]|\.code-workspace\b/;
/** A download piped into a shell or Invoke-Expression. */
const PIPE_SHELL = /\b(?:curl|wget)\b[^|;&\n]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^|;&\n]{0,200}\|\s*(?:iex|Invoke-Expression)\b/i;
const AGENT_WORDS = ['--dangerously-skip-permissions', '--yolo', '--trust-all-tools', '--dangerously-bypass-approvals', '--allow-all-tools'];
const EVAL_WORDS = ['eval(', 'eval)(', 'Function(', 'constructor)(', '}).constructor', 'runIn', 'Script(', '_compile', 'unserialize', 'deserialize', 'pickle.load', 'marshal.load', 'dill.load', 'yaml.load', 'unsafe_load', 'execSync(', 'system('];
/** Python's `exec(`, a destructured `exec(`: not a regular expression's `.exec(`. */
const BARE_EXEC = /(?<![.\w$])exec\s*\(/;
const PAYLOAD_WORDS = ['.exe', '.bat', '.cmd', '.vbs', '.ps1', '.dll', '.scr', '.msi', 'detached', 'unref', 'windowsHide', 'DETACHED_PROCESS', 'start_new_session', 'nohup', 'Start-Process'];
const DISCORD_WORDS = ['discord_desktop_core', 'core.asar', 'discord_modules', 'discord_voice'];
/** Loads the regular import scan cannot follow: computed paths, child Node processes. */
const LOAD_WORDS = ['require(path.', 'require(__dirname', 'fork(', 'execPath'];
const DNS_WORDS = ['dns', 'nslookup', 'dig', 'gethostbyname', 'getaddrinfo', 'resolver'];

/** A data layer's hook registration (flow-js.ts dataHook). */
const DATA_HOOK_WORDS =
  /\.(?:pre|post)\(\s*['"`]\w+['"`]\s*,|\.addHook\(|\.\$use\(|\.\$extends\(|\.(?:before|after)(?:Create|Update|Save|Destroy|Upsert|Bulk\w+)\(|\b(?:listenTo|getSubscribedEntities)\s*\(|\.on\(\s*['"`]query(?:-response)?['"`]/;
const any = (text: string, words: readonly string[]): boolean => words.some((w) => text.includes(w));

/**
 * Should the file be parsed for these rules? A cheap look for a source and a sink of one rule
 * (`net`: the pre-scan saw a network capability; `shell`: a process or eval sink).
 */
/** `document.cookie` or a storage object used whole as a value (not `.getItem(…)` / `.split(…)` of it). */
const SESSION_WHOLE =
  /\bdocument\.cookie\s*[,;})\]+]|(?:JSON\.stringify|Object\.(?:assign|entries|keys|values))\([^()]{0,40}?\b(?:localStorage|sessionStorage)\b\s*[,)]|\.\.\.\s*(?:window\.)?(?:localStorage|sessionStorage)\b/;

export function flowWanted(text: string, net: boolean, shell: boolean, lang: 'js' | 'py' = 'js'): boolean {
  if (any(text, DISCORD_WORDS) || any(text, LOAD_WORDS)) return true;
  if (lang === 'js' && jsOnly(text, shell)) return true;
  const fp = any(text, FP_WORDS);
  const network = net || any(text, NET_WORDS) || HIDDEN_MODULE.test(text) || any(text, NET_CLIENT_WORDS);
  if (fp && (network || any(text, DNS_WORDS))) return true;
  // Fingerprints handed to another module of the archive, which may send them or spell them into a DNS name (flow-js
  // MODULE_HANDOFF, pkg-analysis-2026.12.9).
  if (fp && lang === 'js' && /\brequire\(\s*['"]\.|\bfrom\s+['"]\./.test(text)) return true;
  // A small file handing another module of the archive a path into installed packages' code (a literal naming
  // `node_modules` or a package's `.js` file): the helper's write is read with it (flow-js Handoff.strs, pkg24).
  if (lang === 'js' && text.length < 16_384 && /\brequire\(\s*['"]\.|\bfrom\s+['"]\./.test(text) && /['"`][^'"`\n]*(?:node_modules|[\w@.-]\/[^'"`\n]*\.[cm]?js)['"`]/.test(text)) return true;
  // A data layer's hook registered (flow-js dataHook): its records may be sent here or by the module the callback comes from.
  if (lang === 'js' && DATA_HOOK_WORDS.test(text) && (network || text.includes('fetch(') || /\brequire\(\s*['"]\.|\bfrom\s+['"]\./.test(text))) return true;
  if (network && (any(text, SECRET_WORDS) || any(text, STORE_WORDS))) return true;
  // A credential store or token put into DNS query names (dns_secret_exfil).
  if ((any(text, SECRET_WORDS) || any(text, STORE_WORDS) || text.includes('process.env')) && /\bdns\b|nslookup|\bdig\b|gethostbyname|getaddrinfo|resolver/.test(text)) return true;
  if (network && lang === 'js' && AUTH_HEADER_READ.test(text)) return true;
  // The files of the code that loaded the module read, in a file that sends (flow-js CALLER_FILE).
  if (network && lang === 'js' && text.includes('readFile') && CALLER_FILE_READ.test(text)) return true;
  // A private key or recovery words read from an object, in a file that sends or emits events (flow-js KEY_MATERIAL_PROP).
  // A credential store copied and handed to another module of the archive (pkgnpm11).
  if (lang === 'js' && /\bcopyFile(?:Sync)?\(|\bcpSync\(/.test(text) && any(text, STORE_WORDS.concat(BROWSER_STORE_WORDS)) && /\brequire\(\s*['"]\.|\bfrom\s+['"]\./.test(text)) return true;
  if (lang === 'js' && (network || text.includes('.emit(') || /\brequire\(\s*['"]\.|\bfrom\s+['"]\./.test(text)) && KEY_MATERIAL_READ.test(text)) return true;
  // A credential store read and handed to another module of the archive, which may send it (a dotenv fork whose `config()`
  // passes the parsed file to a "diagnostics" module: flow-js HANDOFF).
  if (lang === 'js' && text.includes('readFile') && (any(text, STORE_WORDS) || /['"`]\.env['"`]/.test(text)) && /\brequire\(\s*['"]\.|\bfrom\s+['"]\./.test(text)) return true;
  if (network && (any(text, EVAL_WORDS) || BARE_EXEC.test(text))) return true;
  // A typed-data permit next to an address written in the code (flow-js permitFixedSpender).
  if (lang === 'js' && /signTypedData/.test(text) && /0x[0-9a-fA-F]{40}\b/.test(text)) return true;
  // A page's session stores taken whole (flow-js SESSION_STORES), in a file that sends or inserts code into a build.
  if (lang === 'js' && (network || /\btemplate\b/.test(text)) && SESSION_WHOLE.test(text)) return true;
  // A native library loaded by a file that downloads: fetched bytes written, then loaded (download_run).
  if (network && (text.includes('dlopen') || /\.node['"`]/.test(text))) return true;
  return shell && any(text, PAYLOAD_WORDS);
}
