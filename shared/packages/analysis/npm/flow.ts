/**
 * Source-to-sink rules read as code, for JavaScript (acorn, flow-js.ts) and Python (statements,
 * flow-py.ts), kept here as data. Each rule is a general statement: data of one kind (a label)
 * reaches a call of one kind (a sink) in the same file, through expressions and variables.
 *
 *   dns_recon              the host name, user name, environment or working directory, joined with a
 *                          domain, is the name of a DNS query (data hidden in the query name)
 *   remote_code_eval       data fetched over the network is evaluated as code (eval, Function, vm,
 *                          module._compile, exec)
 *   deserialize_fetched    fetched data goes to a deserialiser that runs code (node-serialize's
 *                          unserialize, pickle / marshal / dill loads, yaml's unsafe load)
 *   discord_client_inject  a file is written into the Discord desktop client (discord_desktop_core,
 *                          core.asar)
 *   fingerprint_send / secret_send / spawn: facts judged with the package's roles and own hosts
 *                          (judge.ts): where the data goes, and whether the file runs at install.
 *
 * Labels are bits. A label sticks to a variable when any expression assigned to it carries it.
 */
import type { FindingSeverity, PackageFindingCategory } from '../types.js';

export const L = {
  /** Host name, user name, network interfaces, home or working directory, machine env vars. */
  FINGERPRINT: 1 << 0,
  /** Bytes that came from the network (a response, its body, a downloader's output). */
  FETCHED: 1 << 1,
  /** A literal that looks like a domain name (`x.example`, `.oob.site`). */
  DOMAIN: 1 << 2,
  /** A credential store's content or a token variable (.npmrc, _authToken, NPM_TOKEN). */
  SECRET: 1 << 3,
  /** A path into the Discord desktop client's code. */
  DISCORD_CLIENT: 1 << 4,
  /** The whole environment (process.env, os.environ). */
  ENV: 1 << 5,
  /** An npm registry token (.npmrc, _authToken, NPM_TOKEN): only the registry may receive it. */
  NPM_TOKEN: 1 << 6,
} as const;

export type SinkKind = 'dns_query' | 'code_eval' | 'deserialize' | 'file_write' | 'net_send' | 'spawn';

export interface FlowRule {
  id: string;
  sink: SinkKind;
  /** Every bit must be carried by the sink's argument(s). */
  needs: number;
  severity: FindingSeverity;
  category: PackageFindingCategory;
  message: string;
}

/** Rules that hold whatever the file's role (judge.ts handles the role- and host-dependent ones). */
export const FLOW_RULES: readonly FlowRule[] = [
  {
    id: 'dns_recon',
    sink: 'dns_query',
    needs: L.FINGERPRINT | L.DOMAIN,
    severity: 'HIGH',
    category: 'exfiltration',
    message: 'the host name, user name, environment or working directory is put into the name of a DNS query to a hard-coded domain (DNS exfiltration)',
  },
  {
    id: 'remote_code_eval',
    sink: 'code_eval',
    needs: L.FETCHED,
    severity: 'CRITICAL',
    category: 'shell',
    message: 'data fetched over the network is evaluated as code',
  },
  {
    id: 'deserialize_fetched',
    sink: 'deserialize',
    needs: L.FETCHED,
    severity: 'CRITICAL',
    category: 'shell',
    message: 'data fetched over the network is deserialised by a deserialiser that runs code',
  },
  {
    id: 'discord_client_inject',
    sink: 'file_write',
    needs: L.DISCORD_CLIENT,
    severity: 'CRITICAL',
    category: 'filesystem',
    message: "a file is written into the Discord desktop client's code (discord_desktop_core / core.asar): client injection",
  },
];

// ---- shared vocabulary ------------------------------------------------------------------------

/** Host-looking literal: labels + a dot + a TLD-like last label; no spaces. */
export const DOMAIN_LITERAL = /^\.?(?:[a-z0-9-]{1,63}\.)+[a-z][a-z0-9-]{1,24}\.?$|^https?:\/\//i;
/** File names that are not domains although they look like one. */
const NOT_DOMAIN = /\.(?:js|cjs|mjs|ts|json|node|exe|dll|so|dylib|txt|md|log|lock|py|sh|bat|cmd|ps1|html?|css|png|jpe?g|gif|svg|zip|gz|tgz|tar|yml|yaml|toml|ini|cfg|conf|env|pem|key|crt|db|sqlite|asar|map|wasm)$/i;

export function isDomainLiteral(s: string): boolean {
  return s.length <= 253 && DOMAIN_LITERAL.test(s) && !NOT_DOMAIN.test(s) && !/^\d+(?:\.\d+)+$/.test(s);
}

export const SECRET_LITERAL = /\.npmrc\b|_authToken|\.yarnrc|\.pypirc|\.git-credentials|\.netrc\b/;
export const NPM_TOKEN_LITERAL = /\.npmrc\b|_authToken|\.yarnrc/;
export const NPM_TOKEN_ENV = /^(?:NPM_TOKEN|NODE_AUTH_TOKEN|npm_config__authToken|NPM_AUTH_TOKEN)$/;
export const DISCORD_CLIENT_LITERAL = /discord_desktop_core|core\.asar|discord_(?:modules|voice|utils)[\\/]|Discord(?:Canary|PTB|Development)?[\\/]+app-/i;
/** Environment variables that identify the machine or the user. */
export const FINGERPRINT_ENV = /^(?:USER|USERNAME|LOGNAME|USERDOMAIN|COMPUTERNAME|HOSTNAME|HOME|USERPROFILE|PWD|INIT_CWD|npm_config_user_agent)$/;
export const SECRET_ENV = /^(?:NPM_TOKEN|NODE_AUTH_TOKEN|npm_config__authToken|GITHUB_TOKEN|GH_TOKEN|[A-Z0-9_]*(?:TOKEN|SECRET|PASSW\w*|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?))$/;
/** Executables a spawn may name (a shipped payload rather than a tool on the PATH). */
export const EXECUTABLE_LITERAL = /\.(?:exe|scr|com|bat|cmd|vbs|vbe|js[ex]?|wsf|ps1|dll|msi|jar|hta|lnk|bin|elf|run|app|so|dylib|sh)$/i;
export const WINDOWS_PAYLOAD = /\.(?:exe|scr|com|bat|cmd|vbs|vbe|wsf|ps1|dll|msi|hta|lnk|jar)$/i;

/**
 * Issue trackers and paste / collection services: fingerprints sent there are exfiltration, whoever
 * the package is. Host, optional path (regular expression over `host/path`).
 */
export const TRACKER_DESTINATIONS: readonly RegExp[] = [
  /^api\.github\.com\/repos\/[^/]+\/[^/]+\/(?:issues|comments|contents|git\/)/,
  /^(?:[\w-]+\.)?gitlab\.com\/api\/v4\/projects\/[^/]+\/(?:issues|notes|snippets)/,
  /^api\.github\.com\/gists/,
  /^api\.bitbucket\.org\/2\.0\/repositories\/.*\/issues/,
  /^[\w-]+\.atlassian\.net\/rest\/api\/\d\/issue/,
  /^api\.trello\.com\/1\/cards/,
  /^(?:hooks|api)\.slack\.com\//,
  /^(?:\w+\.)?discord(?:app)?\.com\/api\/webhooks\//,
  /^api\.telegram\.org\/bot/,
];

export interface SendFact {
  labels: number;
  /** URL, host and path literals that reach the call (first 20). */
  dests: string[];
  index: number;
  length: number;
  line?: number;
  evidence?: string;
}

export interface SpawnFact {
  /** Literals naming what is run (executables, scripts, paths; first 20). */
  targets: string[];
  /** detached / windowsHide / unref / `start` / `nohup` / trailing `&`. */
  detached: boolean;
  /** Node runs a script of the archive (`fork`, `spawn(process.execPath, [...])`). */
  node: boolean;
  index: number;
  length: number;
  line?: number;
  evidence?: string;
}

export interface RuleHit {
  rule: FlowRule;
  index: number;
  length: number;
}

/** What one file's code does with labelled data. */
export interface FlowFacts {
  hits: RuleHit[];
  sends: SendFact[];
  spawns: SpawnFact[];
  /** Relative module specifiers found by the parser that the regular import scan may miss (path.join(__dirname, 'x')). */
  requires: string[];
  /** How much reading the file cost against its budget (Python reader); `complete` false: facts found before the budget ran out. */
  work?: FlowWork;
}

export interface FlowWork {
  /** Characters read by the reader's patterns. */
  used: number;
  budget: number;
  complete: boolean;
}

export function emptyFacts(): FlowFacts {
  return { hits: [], sends: [], spawns: [], requires: [] };
}

/** Literal labels shared by both languages. */
export function literalLabels(s: string): number {
  let l = 0;
  if (s.length < 300 && isDomainLiteral(s)) l |= L.DOMAIN;
  if (SECRET_LITERAL.test(s)) l |= L.SECRET;
  if (NPM_TOKEN_LITERAL.test(s)) l |= L.NPM_TOKEN | L.SECRET;
  if (DISCORD_CLIENT_LITERAL.test(s)) l |= L.DISCORD_CLIENT;
  return l;
}

/** A URL / host / absolute-path literal worth remembering as a destination. */
export function isDestLiteral(s: string): boolean {
  return s.length <= 300 && (/^(?:https?|wss?):\/\//i.test(s) || (isDomainLiteral(s) && !s.startsWith('.')) || /^\/[\w/.-]*$/.test(s));
}

export function applyRules(sink: SinkKind, labels: number, index: number, length: number, facts: FlowFacts): void {
  for (const r of FLOW_RULES) {
    if (r.sink !== sink || (labels & r.needs) !== r.needs) continue;
    if (facts.hits.some((h) => h.rule.id === r.id)) continue;
    facts.hits.push({ rule: r, index, length });
  }
}

const FP_WORDS = ['hostname(', 'userInfo(', 'networkInterfaces(', 'whoami', 'env.USER', 'env.COMPUTERNAME', 'env.HOSTNAME', 'gethostname', 'getuser', 'getlogin', 'platform.node', "'USERNAME'", '"USERNAME"'];
const SECRET_WORDS = ['.npmrc', '_authToken', 'NPM_TOKEN', 'NODE_AUTH_TOKEN', '.pypirc'];
const NET_WORDS = ['://', 'curl ', 'wget '];
const EVAL_WORDS = ['eval(', 'Function(', 'runIn', 'Script(', '_compile', 'unserialize', 'deserialize', 'pickle.load', 'marshal.load', 'dill.load', 'yaml.load', 'unsafe_load', 'exec(', 'execSync(', 'system('];
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
  const network = net || any(text, NET_WORDS);
  if (fp && (network || any(text, DNS_WORDS))) return true;
  if (network && any(text, SECRET_WORDS)) return true;
  if (network && any(text, EVAL_WORDS)) return true;
  return shell && any(text, PAYLOAD_WORDS);
}
