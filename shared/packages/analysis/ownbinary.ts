/**
 * Install scripts that download the package's own prebuilt binary (esbuild, @sentry/cli, …): a
 * download from the package's own release host whose bytes are checked against a SHA-2 digest is
 * disclosed as a LOW warning (the package stays MONITORED, as every install script does), not
 * CAUTION. Anything less (a foreign host, no digest, an IP literal or a collector anywhere in the
 * script) keeps the MEDIUM `install_script_network` finding.
 */
import { isCollector, isIpLiteral, isPasteHost, vendorLabel } from '../../sandbox/reputation.js';

export interface DownloadFacts {
  /** Hosts of the URL literals in the file (lower case, at most 50). */
  hosts: string[];
  /** The file computes a SHA-2 (or SHA-3) digest. */
  sha2: boolean;
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
  return { hosts: [...hosts], sha2 };
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
