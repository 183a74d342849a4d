/**
 * Where remote content comes from, graded. A host is judged by what it is (a raw IP, a paste site,
 * a collection endpoint, plain HTTP, a name imitating a well-known one) and by whether it belongs to
 * the vendor the skill is about, never by a list of hosts seen in attacks.
 */
import { editDistance } from '../../supply.js';
import { topPackages } from '../../../top-packages.js';
import { configuredIndexHosts, isCollector, isIpLiteral, isKnownInstaller, isPasteHost, KNOWN_INSTALLER_HOSTS, vendorLabel } from '../../reputation.js';
import { hostOf } from '../../hosts.js';

export type HostGrade =
  | 'ip' | 'paste' | 'collector' | 'plain-http' | 'lookalike' | 'punycode' | 'local'
  | 'known-installer' | 'vendor' | 'code-host' | 'unknown';

/** Grades that make executed or installed content untrusted on their own. */
export const HOSTILE_GRADES: ReadonlySet<HostGrade> = new Set<HostGrade>(['ip', 'paste', 'collector', 'plain-http', 'lookalike', 'punycode']);

/** Code and release hosts; the owner in the path decides whose code it is. */
const CODE_HOSTS: Record<string, readonly string[]> = {
  github: ['github', 'githubusercontent', 'githubassets', 'ghcr', 'githubcopilot', 'githubapp'],
  gitlab: ['gitlab'],
  bitbucket: ['bitbucket', 'atlassian'],
  codeberg: ['codeberg'],
};

/** Registrable names a brand owns beside its own name (its API, content and sign-in hosts). */
const BRAND_DOMAINS: Record<string, readonly string[]> = {
  google: ['googleapis', 'googleusercontent', 'googlesource', 'googlevideo', 'googletagmanager', 'googlesyndication'],
  microsoft: ['microsoftonline', 'microsoftazure'],
  cloudflare: ['cloudflareinsights', 'cloudflarestorage', 'cloudflareaccess'],
};

/**
 * Brand labels a look-alike host imitates: code hosts, installer vendors, configured package indexes
 * (kept until the configured hosts handed to this thread change).
 */
let brandsCache: { indexHosts: readonly string[]; brands: Map<string, string> } | null = null;
function brands(): Map<string, string> {
  const indexHosts = configuredIndexHosts();
  if (brandsCache?.indexHosts === indexHosts) return brandsCache.brands;
  const m = new Map<string, string>();
  for (const [brand, owned] of Object.entries(CODE_HOSTS)) for (const o of owned) m.set(o, brand);
  for (const h of KNOWN_INSTALLER_HOSTS) {
    const host = h.split('/')[0]!;
    const label = vendorLabel(host);
    if (label.length >= 4 && !m.has(label)) m.set(label, label);
  }
  for (const h of indexHosts) {
    const label = vendorLabel(h);
    if (label.length >= 4 && !m.has(label)) m.set(label, label);
  }
  for (const extra of ['anthropic', 'openai', 'microsoft', 'google', 'amazonaws', 'cloudflare', 'huggingface', 'npmjs', 'pypi', 'pythonhosted', 'modelcontextprotocol']) {
    if (!m.has(extra)) m.set(extra, extra);
  }
  // the brands' own other domains (googleapis.com is Google's API host, not a name imitating google)
  for (const [brand, owned] of Object.entries(BRAND_DOMAINS)) for (const o of owned) if (!m.has(o)) m.set(o, brand);
  brandsCache = { indexHosts, brands: m };
  return m;
}

/** Top-level domains in wide honest use (a brand on one of these is not a misspelling). */
const COMMON_TLDS: ReadonlySet<string> = new Set(['com', 'org', 'net', 'io', 'dev', 'app', 'co', 'ai', 'sh', 'rs', 'me', 'us', 'uk', 'de', 'fr', 'jp', 'cn', 'ru', 'in', 'eu', 'ca', 'au', 'nl', 'se', 'ch', 'cc', 'tv', 'gg', 'ly', 'so', 'to', 'xyz', 'run', 'cloud', 'tech', 'site', 'page', 'land', 'pm', 'js', 'gov', 'edu', 'mil', 'int', 'info', 'biz', 'test', 'example', 'local', 'internal', 'lan']);

/** The brand a host's registrable label imitates without being it, or null. */
export function imitatedBrand(host: string): string | null {
  const label = vendorLabel(host);
  const hit = imitatedLabel(label);
  if (hit) return hit;
  // Subdomain tricks: github.com.evil.io — a brand's own domain used as a prefix of another.
  const b = brands();
  const parts = host.split('.');
  // A well-known installer host spelled out at the front of another domain: deno.land.cdn-mirror.example
  // (or glued to another domain's label with a dash: deno.land-x.dev, bun.sh-cdn.example — the real host never continues)
  for (const k of KNOWN_INSTALLER_HOSTS) if (!k.includes('/') && (host.startsWith(`${k}.`) || (host.startsWith(`${k}-`) && host.split('.').length > k.split('.').length))) return vendorLabel(k);
  // A well-known host written with dashes into another domain's subdomain: bun-sh.mirror.example, raw-githubusercontent-com.cdn.example
  for (let i = 0; i < parts.length - 2; i++) {
    const dotted = parts[i]!.replace(/-/g, '.');
    if (dotted === parts[i] || !dotted.includes('.')) continue;
    for (const k of KNOWN_INSTALLER_HOSTS) if (!k.includes('/') && (dotted === k || dotted.endsWith(`.${k}`))) return vendorLabel(k);
    const label = vendorLabel(dotted);
    if (b.has(label) && dotted.split('.').length >= 2 && /^(?:[a-z]{2}|com|org|net|dev|io|app|sh|run|cloud)$/.test(dotted.split('.').pop()!)) return b.get(label)!;
  }
  // A brand's own name on a misspelled top-level domain: github.corn, pypi.ogr
  const tld = parts[parts.length - 1] ?? '';
  if (b.has(label) && parts.length >= 2 && vendorLabel(host) === parts[parts.length - 2] && !COMMON_TLDS.has(tld) && ['com', 'org', 'net'].some((t) => editDistance(tld, t, 2) <= 2)) return b.get(label)!;
  // Any top-level domain counts (astral.sh.mirror.example): the brand's own name followed by a TLD, then someone else's domain.
  for (let i = 0; i < parts.length - 2; i++) if (b.has(parts[i]!) && /^(?:[a-z]{2}|com|org|net|dev|app|run|cloud|tech|xyz)$/.test(parts[i + 1]!)) return parts[i]!;
  return null;
}

/** The brand a name (a host label, an npm scope) imitates without being it, or null. */
export function imitatedLabel(label: string, extra: Iterable<string> = []): string | null {
  if (label.length < 3) return null;
  // Without extra names the answer depends on the label only: remembered (every URL of a file is graded, often the same host).
  if (Array.isArray(extra) && extra.length === 0) {
    let hit = plainLabels.get(label);
    if (hit === undefined) {
      hit = imitatedLabelOf(label, extra);
      if (plainLabels.size > 5000) plainLabels.clear();
      plainLabels.set(label, hit);
    }
    return hit;
  }
  return imitatedLabelOf(label, extra);
}

const plainLabels = new Map<string, string | null>();

function imitatedLabelOf(label: string, extra: Iterable<string>): string | null {
  const b = new Map(brands());
  for (const e of extra) b.set(e, e);
  if (b.has(label)) return null;
  const tokens = label.split('-').filter(Boolean);
  for (const [brand] of b) {
    if (brand.length < 4) continue;
    // github-cdn, raw-githubusercontent, pypi-mirror: the brand as a word inside another name
    if (tokens.length > 1 && tokens.includes(brand) && brand.length >= 4) return brand;
    if (label.length > brand.length + 1 && (label.startsWith(brand) || label.endsWith(brand)) && brand.length >= 6) return brand;
    // githuh, gihtub: one typo (two for long names) away; short names collide with real words (demo/deno)
    if (brand.length < 6) continue;
    const max = brand.length >= 10 ? 2 : 1;
    if (Math.abs(label.length - brand.length) <= max && editDistance(label, brand, max) <= max) return brand;
    // a long brand with a few letters dropped or swapped inside a compound name: gitusercontent-cdn
    if (brand.length >= 12 && tokens.length > 1) {
      for (const t of tokens) if (t !== brand && Math.abs(t.length - brand.length) <= 3 && editDistance(t, brand, 3) <= 3) return brand;
    }
  }
  return null;
}

/** Popular npm scopes (the organisations behind the most-used packages): their names are brands on code hosts. */
let scopeBrands: Set<string> | null = null;
function imitatedOwner(owner: string): string | null {
  scopeBrands ??= new Set(topPackages().npm.filter((n) => n.startsWith('@')).map((n) => n.slice(1).split('/')[0]!).filter((s) => s.length >= 5));
  if (scopeBrands.has(owner)) return null;
  const tokens = owner.split('-').filter(Boolean);
  for (const s of scopeBrands) if (tokens.length > 1 && tokens[0] === s) return s;
  return null;
}

export interface GradedHost {
  host: string;
  grade: HostGrade;
  /** Why, for messages. */
  why: string;
}

/** A host is "about the skill" when its registrable label and a word of the skill's topic contain one another. */
export function isVendorHost(host: string, vendorWords: ReadonlySet<string>): boolean {
  const label = vendorLabel(host);
  if (label.length < 3 || INFRA_WORDS.has(label)) return false;
  if (vendorWords.has(label)) return true;
  // a name spelt across its top-level domain (MinIO's min.io, for a skill about minio)
  const spelt = label + (host.toLowerCase().split('.').pop() ?? '');
  if (spelt.length >= 5 && spelt !== label && vendorWords.has(spelt)) return true;
  for (const w of vendorWords) {
    if (INFRA_WORDS.has(w)) continue;
    if (w.length < 4 || label.length < 4) continue;
    // the vendor's name, alone or with the suffixes vendors add to it (nodejs, datadoghq, rust-lang), not a
    // longer name that merely starts with a word of the text (buildcommons from "build")
    if (label.startsWith(w) && (label.length === w.length || VENDOR_NAME_SUFFIX.test(label.slice(w.length)))) return true;
    if (w.startsWith(label)) return true;
  }
  return false;
}

/** What vendors append to their own name in their domains. */
const VENDOR_NAME_SUFFIX = /^-?(?:js|hq|app|apps|labs?|io|dev|cloud|hub|inc|sh|cli|apis?|py|go|rs|ai|lang|land|run|data|tech|soft|ware|corp|team|org|project|official|x|repo|repos|copilot|usercontent|css|ui|cd|ci|db|ml|os|kit|sdk|-setup|-install|-get|-download)$/;

/**
 * Words of infrastructure, not of a vendor: "use the install mirror" does not make install-mirror.example
 * the vendor's host. A host is about the skill when it carries the vendor's own name.
 */
const INFRA_WORDS: ReadonlySet<string> = new Set([
  'install', 'installer', 'installers', 'mirror', 'mirrors', 'download', 'downloads', 'update', 'updates', 'updater', 'setup',
  'cache', 'cdn', 'static', 'assets', 'files', 'file', 'release', 'releases', 'package', 'packages', 'pkg', 'pkgs', 'registry',
  'repo', 'repos', 'script', 'scripts', 'proxy', 'official', 'secure', 'fast', 'quick', 'get', 'dist', 'bin', 'binaries',
  'patch', 'patches', 'fix', 'fixes', 'policy', 'upload', 'uploads', 'internal', 'helper', 'helpers', 'helperd', 'agent', 'agents',
  'daemon', 'updater', 'telemetry', 'metrics', 'stats',
]);

/**
 * Grades the source of remote content at `url` (a URL or bare host). Remembered per set of topic
 * words and URL: a file's actions grade the same few URLs again and again.
 */
export function gradeUrl(url: string, vendorWords: ReadonlySet<string>): GradedHost {
  let perWords = graded.get(vendorWords);
  if (!perWords) graded.set(vendorWords, (perWords = new Map()));
  let g = perWords.get(url);
  if (!g) {
    g = gradeUrlOnce(url, vendorWords);
    if (perWords.size > 5000) perWords.clear();
    perWords.set(url, g);
  }
  return g;
}

const graded = new WeakMap<ReadonlySet<string>, Map<string, GradedHost>>();

function gradeUrlOnce(url: string, vendorWords: ReadonlySet<string>): GradedHost {
  const host = hostOf(url) ?? '';
  if (!host) return { host: '', grade: 'unknown', why: 'a URL held in a variable' };
  if (host === 'localhost' || /^127\.|^0\.0\.0\.0$|^\[::1\]$/.test(host) || /\.(?:local|lan|internal|home\.arpa)$/.test(host)) return { host, grade: 'local', why: 'this machine or its network' };
  // private networks (RFC 1918): the user's own devices, not someone else's server
  if (/^(?:10\.\d+|192\.168|172\.(?:1[6-9]|2\d|3[01]))\.\d+\.\d+$/.test(host)) return { host, grade: 'local', why: `a private network address (${host})` };
  if (isIpLiteral(host)) return { host, grade: 'ip', why: `a bare IP address (${host})` };
  if (/[^\x00-\x7F]/.test(host)) return { host, grade: 'punycode', why: `a host with non-ASCII look-alike letters (${host})` };
  if (/(?:^|\.)xn--/.test(host)) return { host, grade: 'punycode', why: `a punycode host (${host})` };
  if (isPasteHost(host)) return { host, grade: 'paste', why: `a paste site (${host})` };
  if (isCollector(url, host)) return { host, grade: 'collector', why: `a tunnel or collection host (${host})` };
  const brand = imitatedBrand(host);
  if (brand) return { host, grade: 'lookalike', why: `${host}, a name imitating ${brand}` };
  if (/^http:\/\//i.test(url.trim())) return { host, grade: 'plain-http', why: `plain HTTP (${host})` };
  if (isKnownInstaller(url)) return { host, grade: 'known-installer', why: host };
  const label = vendorLabel(host);
  const code = Object.entries(CODE_HOSTS).find(([, owned]) => owned.includes(label));
  if (code) {
    // whose code: the owner in the path (github.com/<owner>/…, raw.githubusercontent.com/<owner>/…)
    const owner = /^[a-z]+:\/\/[^/]+\/([\w.-]{1,60})\//i.exec(url.trim())?.[1]?.toLowerCase();
    // (a company prefix before the product, `tencentcloudbase` for CloudBase, names the same vendor)
    if (owner && (vendorWords.has(owner) || [...vendorWords].some((w) => w.length >= 4 && (owner.startsWith(w) || w.startsWith(owner) || (w.length >= 6 && owner.endsWith(w)))))) {
      return { host, grade: 'vendor', why: `${host}/${owner}` };
    }
    // an owner named like a popular package scope or brand with words added (storybook-cli-dev, vercel-labs-tools is checked the same way)
    const ownerBrand = owner ? imitatedOwner(owner) : null;
    if (ownerBrand) return { host, grade: 'lookalike', why: `${host}/${owner}, an owner imitating ${ownerBrand}` };
    return { host, grade: 'code-host', why: owner ? `${host}/${owner}` : host };
  }
  if (isVendorHost(host, vendorWords)) return { host, grade: 'vendor', why: host };
  return { host, grade: 'unknown', why: host };
}
