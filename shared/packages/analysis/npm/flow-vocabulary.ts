/**
 * Words both readers of the source-to-sink rules (flow-js.ts, flow-py.ts) recognise in literals:
 * domains, credential files, the Discord client, executables, and the issue trackers and collection
 * services fingerprints must not reach. Labels are the bits of flow-rules.ts.
 */
import { LABEL } from './flow-rules.js';

/** Host-looking literal: labels + a dot + a TLD-like last label; no spaces. */
export const DOMAIN_LITERAL = /^\.?(?:[a-z0-9-]{1,63}\.)+[a-z][a-z0-9-]{1,24}\.?$|^https?:\/\//i;
/**
 * Zones answered on this machine or its own network, never by a name server someone else runs: multicast DNS
 * (`.local`, RFC 6762), `.localhost` / `.localdomain` (RFC 6761), `.home.arpa` (RFC 8375). The machine's host name
 * looked up in them (`gethostname() + '.local'`) asks for its own addresses and sends nothing out
 * (docs/package-analysis.md, "Branch pkghonest2"). Tested on the fixed end of a name built from data.
 */
export const LOCAL_ZONE = /^\.(?:[\w-]+\.)*(?:local|localhost|localdomain|home\.arpa)\.?$/i;
/** A literal (or a name's fixed end after its last `{}` / `}` hole) in a local zone. */
export function inLocalZone(s: string): boolean {
  const tail = s.slice(Math.max(s.lastIndexOf('}') + 1, 0));
  return LOCAL_ZONE.test(tail.startsWith('.') ? tail : `.${tail}`);
}
/** File names that are not domains although they look like one. */
const NOT_DOMAIN = /\.(?:js|cjs|mjs|ts|json|node|exe|dll|so|dylib|txt|md|log|lock|py|sh|bat|cmd|ps1|html?|css|png|jpe?g|gif|svg|zip|gz|tgz|tar|yml|yaml|toml|ini|cfg|conf|env|pem|key|crt|db|sqlite|asar|map|wasm)$/i;

export function isDomainLiteral(s: string): boolean {
  return s.length <= 253 && DOMAIN_LITERAL.test(s) && !NOT_DOMAIN.test(s) && !/^\d+(?:\.\d+)+$/.test(s);
}

export const SECRET_LITERAL = /\.npmrc\b|_authToken|\.yarnrc|\.pypirc|\.git-credentials|\.netrc\b/;
export const NPM_TOKEN_LITERAL = /\.npmrc\b|_authToken|\.yarnrc/;
export const NPM_TOKEN_ENV = /^(?:NPM_TOKEN|NODE_AUTH_TOKEN|npm_config__authToken|NPM_AUTH_TOKEN)$/;
export const DISCORD_CLIENT_LITERAL = /discord_desktop_core|core\.asar|discord_(?:modules|voice|utils)[\\/]|Discord(?:Canary|PTB|Development)?[\\/]+app-/i;
/**
 * A cryptocurrency wallet's store, as a path or a path segment: desktop wallets' data folders and
 * files, the keystore folder of an Ethereum node, browser wallet extensions' settings store. (Not a
 * CLI keypair such as Solana's id.json: honest CLIs read it to sign what they send to an RPC host.)
 */
export const WALLET_STORE_LITERAL = /(?:^|[\\/])(?:exodus\.wallet|\.electrum|\.ethereum|\.bitcoin|wallet\.dat|Local Extension Settings)(?:[\\/]|$)/;
/**
 * A line of npm / yarn configuration that names the registry later installs fetch from
 * (`registry=…`, `@scope:registry=…`, `npmRegistryServer: …`, yarn 1's `registry "…"`).
 */
export const RC_REGISTRY_LITERAL = /(?:^|\n)\s*(?:(?:@[\w.-]+:)?registry|npmRegistryServer)\s*[=:"' ]/;
/**
 * A line of npm / yarn configuration that weakens later installs or plants a credential: TLS checks
 * off, install scripts on, a token (`strict-ssl=false`, `enableStrictSsl: false`, `ignore-scripts=false`,
 * `enableScripts: true`, `//host/:_authToken=…`).
 */
export const RC_WEAKEN_LITERAL = /(?:^|\n)\s*(?:strict-ssl\s*[= ]\s*false|enableStrictSsl\s*:\s*false|ignore-scripts\s*[= ]\s*false|enableScripts\s*:\s*true|unsafe-perm\s*[= ]\s*true|[\w@/.:-]*:_authToken\s*=|[\w@/.:-]*:_auth\s*=|always-auth\s*[= ]\s*true)/;
/** A module preload for later processes: `NODE_OPTIONS=--require x`, `node-options=--import x`, `LD_PRELOAD=`. */
export const PRELOAD_LITERAL = /(?:^|\s)(?:(?:NODE_OPTIONS|node-options)\s*=\s*["']?[^\n]*(?:--require|-r\s|--import|--loader|--experimental-loader)|LD_PRELOAD\s*=|DYLD_INSERT_LIBRARIES\s*=)/;
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

/**
 * Issue-tracker SDKs: a call that files an issue, a comment, a gist or a file through a code host's client library is a
 * send to that tracker's API (the URL is the library's, never written in the package): fingerprints put into it are
 * exfiltration like a `fetch` to the API's issues path (pkg-analysis-2026.12.7). `module`: the client's package name
 * (the file must load it); `call`: the tail of the callee; `dest`: the API path it reaches, matched by TRACKER_DESTINATIONS.
 */
export const TRACKER_SDK_CALLS: readonly { module: RegExp; call: RegExp; dest: string }[] = [
  {
    module: /^(?:@octokit\/[\w-]+|octokit|github|@actions\/github)$/,
    call: /(?:^|\.)(?:issues\.(?:create|createComment|update|updateComment)|repos\.createOrUpdateFileContents|git\.createBlob)$/,
    dest: 'https://api.github.com/repos/_/_/issues',
  },
  { module: /^(?:@octokit\/[\w-]+|octokit|github|@actions\/github)$/, call: /(?:^|\.)gists\.(?:create|update)$/, dest: 'https://api.github.com/gists' },
  {
    module: /^(?:@gitbeaker\/[\w-]+|gitlab)$/,
    call: /(?:^|\.)(?:Issues|IssueNotes|Snippets|RepositoryFiles)\.(?:create|edit)$/,
    dest: 'https://gitlab.com/api/v4/projects/_/issues',
  },
];

/**
 * A cloud instance's credentials where a program asks for them: the metadata service's credential
 * paths (AWS, Google Cloud, Azure managed identity) and a Kubernetes pod's service-account token.
 */
export const CLOUD_CRED_LITERAL = /\/latest\/meta-data\/iam\/security-credentials|\/computeMetadata\/v1\/instance\/service-accounts\/\S*token|\/metadata\/identity\/oauth2\/token|\/var\/run\/secrets\/kubernetes\.io\/serviceaccount\/token/;

/** Literal labels shared by both languages. */
export function literalLabels(s: string): number {
  let l = 0;
  if (s.length < 300 && isDomainLiteral(s)) l |= LABEL.DOMAIN;
  if (SECRET_LITERAL.test(s)) l |= LABEL.SECRET;
  if (NPM_TOKEN_LITERAL.test(s)) l |= LABEL.NPM_TOKEN | LABEL.SECRET;
  if (DISCORD_CLIENT_LITERAL.test(s)) l |= LABEL.DISCORD_CLIENT;
  if (s.length < 500 && WALLET_STORE_LITERAL.test(s)) l |= LABEL.WALLET;
  if (s.length < 2000 && RC_REGISTRY_LITERAL.test(s)) l |= LABEL.RC_SETTING;
  if (s.length < 2000 && RC_WEAKEN_LITERAL.test(s)) l |= LABEL.RC_WEAK;
  if (s.length < 2000 && PRELOAD_LITERAL.test(s)) l |= LABEL.PRELOAD;
  if (s.length < 500 && CLOUD_CRED_LITERAL.test(s)) l |= LABEL.CLOUD_CRED;
  return l;
}

/** A URL / host / absolute-path literal worth remembering as a destination. */
export function isDestLiteral(s: string): boolean {
  // (An IPv4 address: the `host` of a request's options object.)
  return (
    s.length <= 300 &&
    (/^(?:https?|wss?):\/\//i.test(s) ||
      (isDomainLiteral(s) && !s.startsWith('.')) ||
      /^\/[\w/.-]*$/.test(s) ||
      /^(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(s))
  );
}
