/**
 * The PyPI address `npm start` uses when PYPI_URL is not set: the index this machine's pip installs
 * from, the way the npm registry is taken from `npm config get registry` (shared/packages/clients.ts).
 * pip names a "simple" index (PEP 503: `<base>/simple/`); the JSON API the service reads lives beside
 * it (`<base>/pypi/<name>/json`), so the base is the index address without its `simple` segment.
 * Nothing here names a host: the address is always the machine's own configuration.
 */

/** Where pip's index address was found, for the line `npm start` prints. */
export interface PipIndex {
  /** The PyPI base (no trailing slash), as PYPI_URL takes it; null when pip's index cannot give one. */
  pypiUrl: string | null;
  source: 'PIP_INDEX_URL' | 'pip config global.index-url' | 'pip config install.index-url';
}

/**
 * The PyPI base of a pip index address, or null when it cannot be one: only http(s), no embedded
 * credentials (the registry client fetches with plain URLs; such an index needs PYPI_URL set by
 * hand), and the last path segment must be `simple`.
 */
export function pypiBaseOfIndexUrl(indexUrl: string): string | null {
  let u: URL;
  try {
    u = new URL(indexUrl.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password || u.search || u.hash) return null;
  const segments = u.pathname.split('/').filter(Boolean);
  if (segments.at(-1) !== 'simple') return null;
  segments.pop();
  return `${u.origin}${segments.length ? `/${segments.join('/')}` : ''}`;
}

/**
 * pip's configured index, in pip's own order of precedence: the PIP_INDEX_URL variable, then the
 * configuration files (`global.index-url`, then `install.index-url`), read through `pip config get`
 * (`readPipConfig` runs it; it returns null when the key is not set or pip is missing). Null when
 * none is set.
 */
export function pipIndexFromConfiguration(env: Record<string, string | undefined>, readPipConfig: (key: string) => string | null): PipIndex | null {
  const candidates: [PipIndex['source'], () => string | null | undefined][] = [
    ['PIP_INDEX_URL', () => env.PIP_INDEX_URL],
    ['pip config global.index-url', () => readPipConfig('global.index-url')],
    ['pip config install.index-url', () => readPipConfig('install.index-url')],
  ];
  for (const [source, read] of candidates) {
    const value = read()?.trim();
    if (!value) continue;
    // The first one set is the one pip uses; if it is not a usable PyPI base, none below it is either.
    return { pypiUrl: pypiBaseOfIndexUrl(value), source };
  }
  return null;
}
