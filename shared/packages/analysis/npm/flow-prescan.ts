/**
 * The pre-scan of the source-to-sink rules: a cheap look for a source and a sink of one rule, so
 * only the files it marks are parsed (docs/package-analysis.md, "Source-to-sink rules").
 */
const FP_WORDS = ['hostname(', 'userInfo(', 'networkInterfaces(', 'whoami', 'env.USER', 'env.COMPUTERNAME', 'env.HOSTNAME', 'gethostname', 'getuser', 'getlogin', 'platform.node', "'USERNAME'", '"USERNAME"'];
const SECRET_WORDS = ['.npmrc', '_authToken', 'NPM_TOKEN', 'NODE_AUTH_TOKEN', '.pypirc'];
/**
 * Network use is the scanner's network capability (calls, client modules) or a download command: a
 * URL alone is not (licence headers and doc links name one in most files of a bundle).
 */
const NET_WORDS = ['curl ', 'wget '];
/** A module name the scanner cannot read: `require(_0x[0])` (a string array), `'\\x68\\x74\\x74\\x70…'` (hex-escaped "http"). */
const HIDDEN_MODULE = /\brequire\s*\(\s*[A-Za-z_$][\w$]*\s*\[|\\x68\\x74\\x74\\x70/i;
/** A module loaded by a name decoded at run time (`require(String.fromCharCode(…))`, `require(Buffer.from('…', 'base64')…)`), an import of a data: URL, or require itself renamed. */
const DECODED_LOAD = /\brequire\s*\(\s*(?:String\.fromCharCode|Buffer\.from|atob)\b|\bimport\s*\(\s*['"`]da|=\s*require\s*[;,\n]/;
/** Functions of the page or of a wallet replaced: `window.fetch =`, `XMLHttpRequest.prototype.open =`, `.request =`. */
const PAGE_HOOK_WORDS = ['XMLHttpRequest.prototype', 'fetch=', 'fetch =', '.request=', '.request ='];
/** Recursive destruction and AI agents' permission-bypass flags. */
const WIPE_WORDS = ['readdirSync(', 'readdir('];
const AGENT_WORDS = ['--dangerously-skip-permissions', '--yolo', '--trust-all-tools', '--dangerously-bypass-approvals', '--allow-all-tools'];
const EVAL_WORDS = ['eval(', 'eval)(', 'Function(', 'constructor)(', '.constructor(', 'runIn', 'Script(', '_compile', 'unserialize', 'deserialize', 'pickle.load', 'marshal.load', 'dill.load', 'yaml.load', 'unsafe_load', 'execSync(', 'system('];
/** Python's `exec(`, a destructured `exec(`: not a regular expression's `.exec(`. */
const BARE_EXEC = /(?<![.\w$])exec\s*\(/;
const PAYLOAD_WORDS = ['.exe', '.bat', '.cmd', '.vbs', '.ps1', '.dll', '.scr', '.msi', 'detached', 'unref', 'windowsHide', 'DETACHED_PROCESS', 'start_new_session', 'nohup', 'Start-Process'];
const DISCORD_WORDS = ['discord_desktop_core', 'core.asar', 'discord_modules', 'discord_voice'];
/** Loads the regular import scan cannot follow: computed paths, child Node processes. */
const LOAD_WORDS = ['require(path.', 'require(__dirname', 'fork(', 'execPath'];
const DNS_WORDS = ['dns', 'nslookup', 'dig', 'gethostbyname', 'getaddrinfo', 'resolver'];

const any = (text: string, words: readonly string[]): boolean => words.some((w) => text.includes(w));

/**
 * Should the file be parsed for these rules? A cheap look for a source and a sink of one rule
 * (`net`: the pre-scan saw a network capability; `shell`: a process or eval sink).
 */
export function flowWanted(text: string, net: boolean, shell: boolean): boolean {
  if (any(text, DISCORD_WORDS) || any(text, LOAD_WORDS) || DECODED_LOAD.test(text) || any(text, PAGE_HOOK_WORDS)) return true;
  // The whole environment handed to another module of the archive (followed there: flow-facts.ts Handoff).
  if (/[(,]\s*process\.env\s*[,)]/.test(text) && /\brequire\(\s*['"]\.|\bfrom\s+['"]\./.test(text)) return true;
  // A computed callee handed decoded text (`globalThis['ev' + 'al'](atob(x))`).
  if (/\]\s*\(\s*(?:atob|Buffer\.from|unescape)\s*\(/.test(text)) return true;
  // Code evaluated from decoded text; archive files copied out of the package (planted elsewhere).
  if ((any(text, EVAL_WORDS) && /base64|\batob\(|['"]hex['"]/.test(text)) || /\bcopyFile(?:Sync)?\(\s*(?:path\.)?(?:join|resolve)\(\s*__dirname/.test(text)) return true;
  if (any(text, WIPE_WORDS) && /\b(?:writeFile|rm|unlink)\w*\(/.test(text)) return true;
  if (any(text, AGENT_WORDS) || text.includes('publish') || text.includes('NODE_OPTIONS') || text.includes('LD_PRELOAD') || text.includes('.npmrc') || text.includes('.yarnrc')) return shell || text.includes('writeFile') || text.includes('appendFile');
  const fp = any(text, FP_WORDS);
  const network = net || any(text, NET_WORDS) || HIDDEN_MODULE.test(text);
  if (fp && (network || any(text, DNS_WORDS))) return true;
  if (network && any(text, SECRET_WORDS)) return true;
  if (network && (any(text, EVAL_WORDS) || BARE_EXEC.test(text))) return true;
  return shell && any(text, PAYLOAD_WORDS);
}
