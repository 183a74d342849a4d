/**
 * Dependencies the registry does not hold (since `pkg-analysis-2026.11.12`). A dependency written as
 * a URL (`"x": "http://host/x.tgz"`) is fetched by the installer from that host at every install:
 * the bytes are in no registry, nobody reviewed them, and the host can change them (or serve them to
 * some installers only) without a new version. Its own install hooks then run like any dependency's.
 *
 *   plain HTTP (or `git+http`), or a host written as an IP address     → CRITICAL (no name, no TLS:
 *                                                                         anyone on the path or the
 *                                                                         address's owner decides)
 *   HTTPS, in `optionalDependencies` / `overrides` / `resolutions`      → HIGH (a failed fetch is silent,
 *                                                                         or every copy of a package in
 *                                                                         the tree is swapped)
 *   HTTPS tarball in `dependencies` / `peerDependencies`                → MEDIUM (a vendor CDN tarball:
 *                                                                         unreviewed, mutable)
 *   the package's own host (metadata)                                   → LOW
 *
 * Git URLs over HTTPS or SSH, `github:` shorthands, `file:` / `link:` / `workspace:` and registry
 * ranges are not URLs of this kind (a git dependency names a repository and, usually, a commit).
 */
import type { FindingSeverity, PackageFinding } from '../types.js';

const FIELDS = ['dependencies', 'optionalDependencies', 'peerDependencies', 'overrides', 'resolutions'] as const;
const SILENT_OR_TREE_WIDE = new Set<string>(['optionalDependencies', 'overrides', 'resolutions']);

function* entries(field: string, v: unknown, path = ''): Generator<[string, string]> {
  if (!v || typeof v !== 'object') return;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (typeof x === 'string') yield [path + k, x];
    else if (field === 'overrides' && x && typeof x === 'object') yield* entries(field, x, `${path}${k} > `);
  }
}

function isIp(host: string): boolean {
  return (
    /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith('[') || /^0x[0-9a-f]+$/i.test(host) || /^\d+$/.test(host)
  );
}

/**
 * How a dependency given by URL weighs (the table above): null for no URL or a git repository over
 * HTTPS; `why` null when the weight comes from the field (`silent`: optional or tree-wide). Shared
 * with Python's build requirements (python/build-requires.ts).
 */
export function classifyUrlSpec(spec: string, own: { hasDestination(host: string, path?: string): boolean }, silent: boolean): { severity: FindingSeverity; why: string | null; host: string } | null {
  const m = /^(?:git\+)?(https?):\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)(?::(\d+))?([^#]*)/i.exec(spec.trim());
  if (!m) return null;
  const gitOverHttps = /^git\+https:/i.test(spec.trim()) || (/\.git(?:#|$)/i.test(spec) && m[1]!.toLowerCase() === 'https');
  if (gitOverHttps) return null;
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase();
  const path = m[4] ?? '';
  if (scheme === 'http' || isIp(host)) return { severity: 'CRITICAL', why: scheme === 'http' ? 'over plain HTTP' : 'from an IP address', host };
  if (own.hasDestination(host, path)) return { severity: 'LOW', why: "from the package's own host", host };
  if (silent) return { severity: 'HIGH', why: null, host };
  return { severity: 'MEDIUM', why: 'from a host that is not a registry', host };
}

export function remoteDependencies(
  manifestText: string | undefined,
  file: string,
  own: { hasDestination(host: string, path?: string): boolean },
): PackageFinding[] {
  if (!manifestText) return [];
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(manifestText) as Record<string, unknown>;
  } catch {
    return [];
  }
  const out: PackageFinding[] = [];
  for (const field of FIELDS) {
    for (const [name, spec] of entries(field, pkg[field])) {
      const c = classifyUrlSpec(spec, own, SILENT_OR_TREE_WIDE.has(field));
      if (!c) continue;
      const { severity, host } = c;
      const why = c.why ?? (field === 'optionalDependencies' ? 'as an optional dependency (a failed or withheld fetch is silent)' : 'as an override (every copy of that package in the tree is replaced)');
      out.push({
        ruleId: 'remote_url_dependency',
        severity,
        category: 'install_script',
        file,
        evidence: `"${name}": "${spec.slice(0, 160)}"`,
        message: `${field} names ${name} by a URL (${host}), fetched by the installer ${why}: the registry does not hold it, nobody reviewed it, and the host can change it without a new version`,
      });
    }
  }
  return out;
}
