/**
 * A package's own hosts: destinations it may talk to without suspicion. They come from the package's
 * own metadata (setup.py `url=` / `project_urls`, pyproject `[project.urls]`, PKG-INFO `Home-page` /
 * `Project-URL`, npm `homepage` / `repository` / `bugs`), from its name appearing in the host, and
 * from a small data list of well-known service APIs whose SDKs are named after the service (a
 * Telegram bot SDK calls the Telegram bot API).
 *
 * Code hosting and registry hosts named in metadata (code hosts, the package index itself...) are not own hosts:
 * every package names them, and attackers host payloads there too. The registries' hosts come from
 * configuration (the registry the package came from, PYPI_URL, NPM_REGISTRY_URL, PACKAGE_INDEX_HOSTS),
 * never from a list here; a metadata URL that is the package's listing on an index (`/project/NAME`,
 * `/package/NAME`) names an index whatever its host.
 */
import { configuredIndexHosts } from '../../sandbox/reputation.js';

/** Well-known service APIs: the host, and what an SDK for it is called (package name or summary). */
export interface ServiceApi {
  host: string;
  /** Matched against the package name (PEP 503 / npm normalised) and its summary. */
  sdk: RegExp;
}

export const SERVICE_APIS: readonly ServiceApi[] = [
  { host: 'api.telegram.org', sdk: /telegram|telebot|\btg[-_ ]?bot|aiogram|pyrogram|telethon/i },
  { host: 'hooks.slack.com', sdk: /slack/i },
  { host: 'slack.com', sdk: /slack/i },
  { host: 'pastebin.com', sdk: /pastebin/i },
  { host: 'ngrok.com', sdk: /ngrok/i },
  { host: 'ngrok.io', sdk: /ngrok/i },
  { host: 'transfer.sh', sdk: /transfer[-_.]?sh/i },
  { host: 'webhook.site', sdk: /webhook[-_.]?site/i },
  { host: 'api.ipify.org', sdk: /ipify/i },
  { host: 'ipinfo.io', sdk: /ipinfo/i },
];

/** Code and documentation hosts that every package names in its metadata: never an own host. */
const SHARED_HOSTS = /(?:^|\.)(?:github\.com|gitlab\.com|bitbucket\.org|githubusercontent\.com|readthedocs\.(?:io|org)|sourceforge\.net|python\.org|google\.com|googleapis\.com)$/i;

/** The path of a package's listing page on an index: `/project/NAME`, `/package/NAME`, `/packages/NAME`, `/pypi/NAME`. */
const LISTING_PATH = /^(?:[a-z][\w+.-]*:)?\/\/[^/\s]+\/(?:project|package|packages|pypi)\/([^/?#\s]+)\/?(?:[?#].*)?$/i;

/** PEP 503 / npm name normalisation, for comparing a listing's name with the package's. */
const normName = (n: string): string => n.toLowerCase().replace(/^@[^/]+\//, '').replace(/[-_.]+/g, '-');

export interface PackageMetadata {
  name: string;
  summary?: string;
  /** URLs from the metadata (home page, project URLs, repository, bugs). */
  urls: string[];
  /** Hosts the manifest declares for its prebuilt binaries (npm: node-pre-gyp `binary.host`, `config.*_host`). */
  binaryHosts?: string[];
}

/** Code hosts whose URL paths name a repository: only the package's own repository there is own. */
const CODE_HOSTS = /^(?:github\.com|gitlab\.com|objects\.githubusercontent\.com|codeload\.github\.com|api\.github\.com)$/;

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function hostOf(u: string): string | null {
  const m = /^(?:[a-z][\w+.-]*:)?\/\/(?:[^@/\s]*@)?([^/:\s?#]+)/i.exec(u.trim());
  return m ? m[1]!.toLowerCase().replace(/\.$/, '') : null;
}

/** The registrable part of a host, roughly (last two labels; three for `co.uk`-style suffixes). */
function siteOf(host: string): string {
  const parts = host.split('.');
  const n = parts.length >= 3 && parts[parts.length - 2]!.length <= 3 && parts[parts.length - 1]!.length === 2 ? 3 : 2;
  return parts.slice(-n).join('.');
}

/** Metadata URLs of a Python sdist: PKG-INFO, setup.py, setup.cfg and pyproject.toml texts. */
export function pythonMetadata(texts: { pkgInfo?: string; setupPy?: string; setupCfg?: string; pyproject?: string }, fallbackName = ''): PackageMetadata {
  const urls: string[] = [];
  let name = fallbackName;
  let summary: string | undefined;
  const info = texts.pkgInfo;
  if (info) {
    const head = info.split(/\r?\n\r?\n/)[0] ?? info;
    name = /^Name:\s*(.+)$/m.exec(head)?.[1]?.trim() ?? name;
    summary = /^Summary:\s*(.+)$/m.exec(head)?.[1]?.trim();
    for (const m of head.matchAll(/^(?:Home-page|Download-URL|Project-URL):\s*(?:[^,\n]*,\s*)?(\S+)\s*$/gm)) urls.push(m[1]!);
  }
  const setup = texts.setupPy;
  if (setup) {
    for (const m of setup.matchAll(/\b(?:url|download_url|home_page)\s*=\s*[rbuf]?['"]([^'"\n]{4,300})['"]/g)) urls.push(m[1]!);
    const pu = /\bproject_urls\s*=\s*\{([^}]{0,3000})\}/.exec(setup);
    if (pu) for (const m of pu[1]!.matchAll(/['"](https?:\/\/[^'"\s]+)['"]/g)) urls.push(m[1]!);
    if (!name) name = /\bname\s*=\s*['"]([\w.-]+)['"]/.exec(setup)?.[1] ?? '';
    summary ??= /\bdescription\s*=\s*['"]([^'"\n]{1,300})['"]/.exec(setup)?.[1];
  }
  for (const t of [texts.setupCfg, texts.pyproject]) {
    if (!t) continue;
    // [project.urls] / [options] url = / project_urls = (ini continuation lines)
    for (const m of t.matchAll(/^\s*(?:[\w ."-]+?)\s*=\s*["']?(https?:\/\/[^"'\s]+)["']?\s*$/gm)) urls.push(m[1]!);
    for (const m of t.matchAll(/^\s+[\w ."-]+?\s*=\s*(https?:\/\/\S+)\s*$/gm)) urls.push(m[1]!);
    if (!name) name = /^\s*name\s*=\s*["']?([\w.-]+)["']?\s*$/m.exec(t)?.[1] ?? '';
  }
  return { name, ...(summary ? { summary } : {}), urls };
}

/** Metadata URLs of an npm package.json (homepage, repository, bugs) and its declared binary hosts. */
export function npmMetadata(pkg: Record<string, unknown>): PackageMetadata {
  const urls: string[] = [];
  const str = (v: unknown): void => {
    let u = typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { url?: unknown }).url === 'string' ? (v as { url: string }).url : null;
    if (u === null) return;
    u = u.replace(/^git\+/, '').replace(/^git@([^:/]+):/, 'https://$1/');
    // npm's repository shorthand: `owner/name`, `github:owner/name`, `gitlab:owner/name`
    const short = /^(?:(github|gitlab|bitbucket):)?([\w.-]+\/[\w.-]+)$/.exec(u);
    if (short) u = `https://${short[1] === 'gitlab' ? 'gitlab.com' : short[1] === 'bitbucket' ? 'bitbucket.org' : 'github.com'}/${short[2]}`;
    urls.push(u);
  };
  str(pkg.homepage);
  str(pkg.repository);
  str(pkg.bugs);
  const binaryHosts: string[] = [];
  const collect = (v: unknown, depth = 0): void => {
    if (depth > 3 || !v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (typeof x === 'string' && /host|mirror|url/i.test(k)) {
        const h = /^(?:[a-z+]+:\/\/)?(?:[^@/]+@)?([a-z0-9.-]+\.[a-z]{2,})(?::\d+)?(?:[/:]|$)/i.exec(x.trim())?.[1];
        if (h) binaryHosts.push(h.toLowerCase());
      } else collect(x, depth + 1);
    }
  };
  collect(pkg.binary);
  collect(pkg.config);
  return { name: typeof pkg.name === 'string' ? pkg.name : '', ...(typeof pkg.description === 'string' ? { summary: pkg.description } : {}), urls, binaryHosts };
}

/** `owner/name` of a repository URL on a code host, lower case. */
function repoPathOf(u: string): string | null {
  const m = /^(?:[a-z][\w+.-]*:)?\/\/(?:[^@/\s]+@)?(?:www\.)?(?:github|gitlab)\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?(?:[#/?].*)?$/i.exec(u.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/** Name tokens of a package (`python-telegram-bot` → telegram; `@scope/x-sdk` → x), 4 letters or more. */
function nameTokens(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/^@[^/]+\//, '')
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length >= 4 && !/^(?:python|py|node|js|sdk|api|lib|client|core|tools?|utils?|plugin|bot)$/.test(t));
}

export class OwnHosts {
  private readonly sites = new Set<string>();
  private readonly hosts = new Set<string>();
  private readonly tokens: string[];
  private readonly services: string[];
  private readonly repos = new Set<string>();
  private readonly channel: string[];

  /** `registryHosts`: the registry the package came from (configuration), its own distribution channel. */
  constructor(
    readonly meta: PackageMetadata,
    registryHosts: readonly string[] = [],
  ) {
    // A registry named in metadata is the package's channel (below), not a host whose site it owns.
    const registries = [...registryHosts, ...configuredIndexHosts()].map((h) => h.toLowerCase());
    for (const u of meta.urls) {
      const repo = repoPathOf(u);
      if (repo) this.repos.add(repo);
      const h = hostOf(u);
      if (!h || SHARED_HOSTS.test(h) || /^(?:\d+\.){3}\d+$/.test(h) || registries.some((r) => h === r || h.endsWith(`.${r}`))) continue;
      const listing = LISTING_PATH.exec(u.trim());
      if (listing && meta.name && normName(decodeURIComponentSafe(listing[1]!)) === normName(meta.name)) continue;
      this.hosts.add(h);
      this.sites.add(siteOf(h));
    }
    // The repository's owner and name count like the package name (`getsentry/sentry-cli`).
    this.tokens = [...new Set([...nameTokens(meta.name), ...[...this.repos].flatMap((r) => r.split('/').flatMap(nameTokens))])];
    this.channel = [...registryHosts, ...(meta.binaryHosts ?? [])].map((h) => h.toLowerCase());
    this.services = SERVICE_APIS.filter((s) => s.sdk.test(meta.name) || (meta.summary !== undefined && s.sdk.test(meta.summary) && nameTokens(meta.name).some((t) => s.sdk.test(t)))).map((s) => s.host);
  }

  /**
   * Is `host` (or a URL) one of the package's own destinations? `strict`: only a host its metadata
   * declares (or of its site), a service API it is an SDK for, or the site named exactly after it
   * (`coveralls` → `coveralls.io`); not a site that merely contains its name (`badge-cdn` for `gh-badge`).
   */
  has(hostOrUrl: string, strict = false): boolean {
    const h = (hostOf(hostOrUrl) ?? hostOrUrl).toLowerCase();
    if (this.hosts.has(h) || this.sites.has(siteOf(h))) return true;
    if (this.services.some((s) => h === s || h.endsWith(`.${s}`))) return true;
    const site = siteOf(h).split('.')[0]!;
    // (Named exactly after it: a name token, or the whole name with its separators as hyphens, `fastjson-prebuilt`.)
    if (strict) return this.tokens.some((t) => site === t) || (site.includes('-') && site === (this.meta.name ?? '').toLowerCase().replace(/^@[^/]+\//, '').replace(/[^a-z0-9]+/g, '-'));
    // The same owner's other domains, its metadata site's name joined by a hyphen to a word
    // (`mongodb.com` in the home page → `mongodb-api.com`, `mongodb-cdn.net`): no more than the
    // metadata host itself gives, which is the package's own already.
    if (site.includes('-') && [...this.sites].some((s) => {
      const l = s.split('.')[0]!;
      return l.length >= 4 && (site.startsWith(`${l}-`) || site.endsWith(`-${l}`));
    })) return true;
    return this.tokens.some((t) => site === t || (site.length >= 5 && (site.includes(t) || t.includes(site))));
  }

  /**
   * A destination (host and URL path) the package may talk to: the registry it came from, the hosts
   * its manifest declares for binaries, its own repository's paths on a code host (another
   * repository there is not its own), or an own host (`has`).
   */
  hasDestination(host: string, path = ''): boolean {
    const h = host.toLowerCase().replace(/\.$/, '');
    if (this.channel.some((c) => h === c || h.endsWith(`.${c}`))) return true;
    if (CODE_HOSTS.test(h)) {
      const p = path.toLowerCase().replace(/^\/(?:repos\/)?/, '');
      return [...this.repos].some((r) => p === r || p.startsWith(`${r}/`));
    }
    return this.has(h);
  }

  /**
   * A destination the package declares: a host or site of its metadata, a service API it is an SDK for,
   * its registry or binary host. Not a host that is merely named after it (`has` counts those), which
   * anyone can register: a stolen secret sent there is not sent to the package's service.
   */
  declares(host: string): boolean {
    const h = (hostOf(host) ?? host).toLowerCase().replace(/\.$/, '');
    if (this.channel.some((c) => h === c || h.endsWith(`.${c}`))) return true;
    if (this.hosts.has(h) || this.sites.has(siteOf(h))) return true;
    return this.services.some((s) => h === s || h.endsWith(`.${s}`));
  }

  /** The hosts the metadata declares (home page, repository, bugs, project URLs), for look-alike checks. */
  declaredHosts(): string[] {
    return [...this.hosts];
  }

  /** Every host in `text` is own (and there is at least one). */
  allOwn(text: string, strict = false): boolean {
    const hosts = [...text.matchAll(/(?:https?:)?\/\/([\w.-]+\.[a-z]{2,})|\b((?:[\w-]+\.)+(?:com|org|net|io|sh|site|me|app|dev|cn|live|fun|pro|online))\b/gi)].map((m) => (m[1] ?? m[2])!);
    return hosts.length > 0 && hosts.every((h) => this.has(h, strict));
  }
}
