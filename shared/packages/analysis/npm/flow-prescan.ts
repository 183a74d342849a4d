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
const EVAL_WORDS = ['eval(', 'Function(', 'runIn', 'Script(', '_compile', 'unserialize', 'deserialize', 'pickle.load', 'marshal.load', 'dill.load', 'yaml.load', 'unsafe_load', 'execSync(', 'system('];
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
  if (any(text, DISCORD_WORDS) || any(text, LOAD_WORDS)) return true;
  const fp = any(text, FP_WORDS);
  const network = net || any(text, NET_WORDS) || HIDDEN_MODULE.test(text);
  if (fp && (network || any(text, DNS_WORDS))) return true;
  if (network && any(text, SECRET_WORDS)) return true;
  if (network && (any(text, EVAL_WORDS) || BARE_EXEC.test(text))) return true;
  return shell && any(text, PAYLOAD_WORDS);
}
