/**
 * URL and host extraction, and the externalCalls coverage check.
 */
import { matchesOf, URL_RE } from './patterns.js';

export interface HostHit {
  /** Offset of the URL (or bare host token) in the scanned text. */
  index: number;
  /** The URL as written (trailing punctuation removed); for bare hosts the token. */
  raw: string;
  host: string;
  /** true for a bare `host.tld/path` after curl/wget/fetch (not an http(s) URL). */
  bare: boolean;
}

const HOST_OK = /^(?:[\p{L}\p{N}_-]+\.)*[\p{L}\p{N}_-]+$/u;
const IPV6_OK = /^\[[0-9a-f:.]+\]$/;
const TRAILING_PUNCT = /[.,;:!?*~_]+$/;

/** Lower-cased host of an http(s) URL, an origin, or a bare `host[:port][/path]`; null if none. */
export function hostOf(value: string): string | null {
  let s = value.trim().toLowerCase();
  s = s.replace(/^[a-z][a-z0-9+.-]{0,20}:\/\//, '');
  const cut = s.search(/[/?#]/);
  if (cut !== -1) s = s.slice(0, cut);
  const at = s.lastIndexOf('@');
  if (at !== -1) s = s.slice(at + 1);
  if (s.startsWith('[')) {
    const close = s.indexOf(']');
    s = close === -1 ? s : s.slice(0, close + 1);
  } else {
    const colon = s.indexOf(':');
    if (colon !== -1) s = s.slice(0, colon);
  }
  s = s.replace(/\.+$/, '');
  if (!s) return null;
  if (s.startsWith('*.')) {
    const rest = s.slice(2);
    return HOST_OK.test(rest) ? s : null;
  }
  return HOST_OK.test(s) || IPV6_OK.test(s) ? s : null;
}

/** A predicate: is this host covered by manifest.externalCalls? */
export function hostMatcher(externalCalls: readonly string[]): (host: string) => boolean {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const entry of externalCalls) {
    if (typeof entry !== 'string') continue;
    const h = hostOf(entry);
    if (!h) continue;
    if (h.startsWith('*.')) suffixes.push(h.slice(1));
    else exact.add(h);
  }
  return (host: string) => {
    const h = host.toLowerCase();
    if (exact.has(h)) return true;
    return suffixes.some((suffix) => h.endsWith(suffix) && h.length > suffix.length);
  };
}

/** Documentation hosts that never resolve (RFC 2606 / RFC 5737); ignored entirely. */
export function isDocumentationHost(host: string): boolean {
  const h = host.toLowerCase();
  if (/^(?:.+\.)?example\.(?:com|org|net)$/.test(h)) return true;
  if (/(?:^|\.)(?:example|invalid|test)$/.test(h)) return true;
  if (/^(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/.test(h)) return true;
  return false;
}

/** Every http(s) URL in `text`. */
export function findUrls(text: string): HostHit[] {
  // the whole document is asked by several checks: its answer is kept for the next question about the same text
  if (text.length >= WHOLE_TEXT && text === lastUrls.text) return lastUrls.hits.slice();
  const out = urlsIn(text);
  if (text.length >= WHOLE_TEXT) lastUrls = { text, hits: out.slice() };
  return out;
}

/** Texts this long are remembered by `findUrls` (one text at a time: the document being analysed). */
const WHOLE_TEXT = 4096;
let lastUrls: { text: string; hits: HostHit[] } = { text: '', hits: [] };

function urlsIn(text: string): HostHit[] {
  const out: HostHit[] = [];
  for (const m of matchesOf(URL_RE, text)) {
    const raw = m[0].replace(TRAILING_PUNCT, '');
    const host = hostOf(raw);
    if (!host || host.startsWith('*.')) continue;
    out.push({ index: m.index, raw, host, bare: false });
  }
  return out;
}

const COMMON_TLD = new Set([
  'com', 'org', 'net', 'io', 'dev', 'ai', 'app', 'co', 'gov', 'edu', 'me', 'info', 'xyz', 'cloud', 'us', 'uk',
  'de', 'ru', 'cn', 'tk', 'top', 'site', 'online', 'ly', 'gg', 'so', 'to', 'cc', 'tv', 'biz', 'sh', 'eu', 'fr',
  'jp', 'in', 'br', 'nl', 'ca', 'au', 'ch', 'se', 'pl', 'it', 'es', 'ir', 'kp', 'su', 'pw', 'ws', 'run', 'tech',
]);
const BARE_HOST = /^((?:[a-z0-9-]{1,63}\.)+([a-z]{2,24})|\d{1,3}(?:\.\d{1,3}){3}|localhost)(?::\d{1,5})?([/?#].*)?$/i;
/** curl / wget options whose next token is an argument, not a URL. */
const OPTION_WITH_ARG = new Set([
  '-o', '--output', '-O', '-T', '--upload-file', '-d', '--data', '--data-raw', '--data-binary', '--data-urlencode',
  '-H', '--header', '-F', '--form', '-u', '--user', '-A', '--user-agent', '-e', '--referer', '--cacert', '--cert',
  '--key', '-K', '--config', '-b', '--cookie', '-c', '--cookie-jar', '-X', '--request', '-x', '--proxy', '-m',
  '--max-time', '-w', '--write-out', '--connect-timeout', '-r', '--range', '-P', '--directory-prefix',
  '--output-document', '-a', '--append-output', '-i', '--input-file', '--header=',
]);
const COMMAND_SEPARATORS = new Set(['|', '||', '&&', ';', '&', '>', '>>', '2>', '<']);
/** The last letters of the client names below, lower case (a token ending otherwise names none: no regex run for it). */
const CLIENT_LAST_LETTER = new Set([...'ltrmd'].map((c) => c.charCodeAt(0)));

function bareHostOfToken(token: string): { host: string } | null {
  if (!token || token.startsWith('-') || token.startsWith('@') || token.includes('://') || token.includes('$')) return null;
  const m = BARE_HOST.exec(token);
  if (!m) return null;
  const host = m[1].toLowerCase();
  const tld = m[2]?.toLowerCase();
  const hasPath = Boolean(m[3]);
  if (tld && !hasPath && !COMMON_TLD.has(tld)) return null;
  return { host };
}

// PowerShell's download cmdlets take a bare host/path too (`irm bun.sh/install.ps1 | iex`)
const CURL_LINE = /\b(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^\n]*/gi;
const FETCH_LITERAL = /\bfetch\s*\(\s*['"`]([^'"`\s]{1,300})['"`]/g;

/** Bare `host.tld/path` targets of curl / wget / fetch (URLs with a scheme are found by findUrls). */
export function findBareHosts(text: string): HostHit[] {
  const out: HostHit[] = [];
  for (const m of matchesOf(CURL_LINE, text)) {
    const rest = m[0];
    const tokenRe = /\S+/g;
    let active = true;
    let skipNext = false;
    let first = true;
    let t: RegExpExecArray | null;
    while ((t = tokenRe.exec(rest)) !== null) {
      const tok = t[0];
      if (first || (CLIENT_LAST_LETTER.has(tok.charCodeAt(tok.length - 1) | 0x20) && /(?:^|[^\w-])(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)$/i.test(tok))) {
        first = false;
        active = true;
        skipNext = false;
        continue;
      }
      if (tok.length <= 2 && COMMAND_SEPARATORS.has(tok)) {
        active = false;
        continue;
      }
      if (!active) continue;
      if (skipNext) {
        skipNext = false;
        continue;
      }
      if (tok.startsWith('-')) {
        if (OPTION_WITH_ARG.has(tok)) skipNext = true;
        continue;
      }
      const stripped = tok.replace(/^["'(]+/, '').replace(/["');,]+$/, '');
      const lead = tok.indexOf(stripped);
      const hit = bareHostOfToken(stripped);
      if (hit) out.push({ index: m.index + t.index + Math.max(0, lead), raw: stripped, host: hit.host, bare: true });
    }
  }
  for (const m of matchesOf(FETCH_LITERAL, text)) {
    const target = m[1];
    const hit = bareHostOfToken(target);
    if (hit) out.push({ index: m.index + m[0].indexOf(target), raw: target, host: hit.host, bare: true });
  }
  out.sort((a, b) => a.index - b.index);
  return out;
}
