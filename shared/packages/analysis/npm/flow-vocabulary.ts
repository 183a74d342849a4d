/**
 * Words both readers of the source-to-sink rules (flow-js.ts, flow-py.ts) recognise in literals:
 * domains, credential files, the Discord client, executables, and the issue trackers and collection
 * services fingerprints must not reach. Labels are the bits of flow-rules.ts.
 */
import { L } from './flow-rules.js';

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
