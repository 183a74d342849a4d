/**
 * Install scripts that download the package's own prebuilt binary (esbuild, @sentry/cli, …): a
 * download from the package's own release host whose bytes are checked against a SHA-2 digest is
 * disclosed as a LOW warning (the package stays MONITORED, as every install script does), not
 * CAUTION. Anything less (a foreign host, no digest, an IP literal or a collector anywhere in the
 * script) keeps the MEDIUM `install_script_network` finding.
 */
import { isCollector, isIpLiteral, isPasteHost, vendorLabel } from '../../sandbox/reputation.js';
import type { SpawnSite } from './npm/reach-js.js';

export interface DownloadFacts {
  /** Hosts of the URL literals in the file (lower case, at most 50). */
  hosts: string[];
  /** The file computes a SHA-2 (or SHA-3) digest. */
  sha2: boolean;
  /** The file checks a signature (`crypto.verify`, `createVerify(…).verify`, WebCrypto `subtle.verify`). */
  signature?: boolean;
}

export function downloadFacts(text: string): DownloadFacts {
  const hosts = new Set<string>();
  for (const m of text.matchAll(/\bhttps?:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?(?=[/'"`\s$?#]|$)/gi)) {
    hosts.add(m[1]!.toLowerCase());
    if (hosts.size >= 50) break;
  }
  // `createHash(...)` or its transpiled CommonJS form `(0, crypto_1.createHash)(...)`. The digest is read with `.digest()`, or, for a hash used as a stream (`createHash(...).setEncoding('hex')`
  // that the download is piped into), with `.read()`.
  const sha2 = /\bcreateHash\)?\(\s*['"`](?:sha256|sha384|sha512|sha3-\d+)['"`]\s*\)/i.test(text) && (/\.digest\(/.test(text) || (/\bcreateHash\)?\(\s*['"`]sha[\w-]+['"`]\s*\)\s*\.setEncoding\(/i.test(text) && /\.read\(\s*\)/.test(text)));
  // A signature check: node's `crypto.verify(alg, data, key, sig)` / `createVerify(alg)…verify(key, sig)` (also transpiled: `(0, crypto_1.verify)(`), WebCrypto's `subtle.verify(`.
  const signature = /\bcreateVerify\)?\(\s*['"`][\w-]+['"`]/.test(text) || /\bcrypto(?:_\d+)?\.verify\)?\(|\bsubtle\.verify\(/.test(text);
  return { hosts: [...hosts], sha2, signature };
}

/** Name tokens (4+ characters) of the package and its repository owner: `@sentry/cli` → sentry. */
function ownTokens(name: string, repository: string | null): string[] {
  const out = new Set<string>();
  for (const t of name.toLowerCase().split(/[@/._-]+/)) if (t.length >= 4) out.add(t);
  const m = repository ? /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?$/i.exec(repository) : null;
  if (m) for (const t of [m[1]!, m[2]!]) for (const p of t.toLowerCase().split(/[._-]+/)) if (p.length >= 4) out.add(p);
  return [...out];
}

/**
 * The own release host a download script talks to, or null. Own: a configured package registry
 * (the package's own distribution channel), or a host whose registrable label carries a token of the
 * package or repository name (`downloads.sentry-cdn.com` for `@sentry/cli`). The script must not
 * name any IP literal, paste site or collector, and must check a SHA-2 digest.
 */
export function ownBinaryDownload(
  facts: readonly DownloadFacts[],
  pkg: { name: string; repository: string | null },
  registryHosts: readonly string[],
): { host: string } | null {
  if (!facts.some((f) => f.sha2)) return null;
  const hosts = [...new Set(facts.flatMap((f) => f.hosts))];
  if (hosts.some((h) => isIpLiteral(h) || h === 'localhost' || isPasteHost(h) || isCollector(`${h}/`, h))) return null;
  const tokens = ownTokens(pkg.name, pkg.repository);
  const own = hosts.find(
    (h) => registryHosts.some((r) => h === r || h.endsWith(`.${r}`)) || tokens.some((t) => vendorLabel(h).includes(t)),
  );
  return own ? { host: own } : null;
}

/**
 * What a hook's reached install code does around its download (npm/reach-js.ts): the URL literals,
 * which of them are defaults the user can replace (environment, npm config), whether the bytes are
 * checked, what it starts and whether it evaluates or loads computed code.
 */
export interface ReachedDownload {
  urls: readonly string[];
  envDefaults: readonly string[];
  verified: 'digest' | 'signature' | null;
  spawns: readonly SpawnSite[];
  dynamicCode: number;
}

export type VendorDownload = { host: string; verified: 'digest' | 'signature' | null; configurable: boolean } | { refused: string };

/**
 * A platform binary downloaded by an install script from its vendor: the general statement behind
 * chromedriver, edgedriver, ngrok and yt-dlp wrappers.
 *
 * What a registry can say about such a download: the bytes are not in the published archive, so
 * nobody reviews them, and the integrity the registry checks stops at the installer. Two things
 * decide how far the user is exposed, and both are visible in the installer:
 *  - whether the bytes are checked (a digest or signature the installer compares), and
 *  - whether the user can choose where they come from: a download base that is a default the user
 *    replaces through the environment or npm config (`process.env.X || 'https://…'`) is the convention
 *    of binary wrappers for mirrors and air-gapped caches (Electron's ELECTRON_MIRROR, node-sass's
 *    SASS_BINARY_SITE, chromedriver's CHROMEDRIVER_CDNURL), so an organisation can pin it to a copy it
 *    vetted.
 * A checked download from the package's own host family (its metadata hosts, its name in the host,
 * its repository) or from a configurable base, and an unchecked one from a configurable base, are
 * disclosed as LOW warnings (MONITORED, like every install script; the unchecked one says so). The
 * shape must be a download and nothing more: every URL in the reached code is HTTPS to a named host
 * (no IP literal, localhost, paste site or collector), nothing is started detached, a computed path is
 * started only to ask its `--version`, and no computed code is loaded or evaluated. Anything else, or
 * an unchecked download from a fixed base, keeps the MEDIUM `install_script_network`.
 *
 * This compares with OpenSSF Scorecard's Pinned-Dependencies check, which treats a download without
 * a pinned hash as a hygiene weakness to report, not as malicious behaviour
 * (https://github.com/ossf/scorecard/blob/main/docs/checks.md#pinned-dependencies).
 */
export function vendorBinaryDownload(d: ReachedDownload, own: { hasDestination(host: string, path: string): boolean }): VendorDownload | null {
  if (d.urls.length === 0) return null;
  let ownHost: string | null = null;
  for (const u of d.urls) {
    const m = /^(https?):\/\/([^/:?#]+)(?::\d+)?([^?#]*)/i.exec(u);
    if (!m) continue;
    const host = m[2]!.toLowerCase();
    if (host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host)) continue;
    if (isIpLiteral(host) || isPasteHost(host) || isCollector(u, host)) return { refused: `it names ${host}, an IP literal, paste site or collector` };
    if (m[1]!.toLowerCase() === 'http') return { refused: `it names a plain-HTTP address (${host})` };
    if (!ownHost && own.hasDestination(host, m[3] ?? '')) ownHost = host;
  }
  const detached = d.spawns.find((s) => s.detached);
  if (detached) return { refused: 'it starts a process detached or hidden' };
  if (d.spawns.some((s) => s.program === 'computed' && !s.versionCheck)) return { refused: 'it starts a program named by a computed path' };
  if (d.dynamicCode > 0) return { refused: 'it loads or evaluates computed code' };
  const configurable = d.envDefaults.length > 0;
  const first = /^https?:\/\/([^/:?#]+)/i.exec(d.envDefaults[0] ?? ownHost ?? d.urls[0]!)?.[1]?.toLowerCase() ?? '';
  if (d.verified && (ownHost || configurable)) return { host: ownHost ?? first, verified: d.verified, configurable };
  if (!d.verified && configurable) return { host: first, verified: null, configurable };
  return null;
}
