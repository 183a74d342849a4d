/**
 * Fetching a SKILL.md from a source-hosting service (GitHub-style web/raw hosts, configurable).
 *
 * Safety: the URL is mapped onto the configured raw host only; the ref is pinned to a commit;
 * every hop's host is resolved and refused when any address is non-public (unless allowPrivateHosts);
 * the connection is pinned to the checked address (no DNS rebinding window), both by the SSRF guard
 * of shared/net/address-guard.ts; redirects are followed by hand (at most 3, raw host only); the
 * body is streamed with a byte cap; the whole operation has a deadline.
 */
import http from 'node:http';
import https from 'node:https';
import fetch from 'node-fetch';
import { GuardError, defaultLookup, isPublicAddress, pinnedLookup, resolveGuarded, type Lookup, type PinnedAddress } from '../net/address-guard.js';
import { ApiError, badRequest, unprocessable } from '../errors.js';
import { decodeSkillBytes } from './parse.js';

export interface SourceHostConfig {
  /** Web base of the source host, e.g. the site origin on which `/{owner}/{repo}/blob/{ref}/{path}` lives. */
  githubWebBase: string;
  /** Raw-file base: `/{owner}/{repo}/{ref}/{path}` under it serves the file bytes. */
  githubRawBase: string;
  /** When true, private/loopback/link-local hosts may be fetched (tests, on-prem mirrors). */
  allowPrivateHosts: boolean;
  /** Deadline for the whole fetch (DNS, connect, redirects, body). */
  timeoutMs: number;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
}

export interface FetchSkillSourceDeps {
  /** Resolve a host name to its addresses; defaults to `dns.promises.lookup(host, {all: true})`. */
  lookup?: (host: string) => Promise<string[]>;
}

export interface FetchedSkillSource {
  text: string;
  fetchedUrl: string;
  bytes: number;
}

const MAX_REDIRECTS = 3;
const REF_RE = /^[0-9a-f]{7,40}$/i;
const FULL_SHA_RE = /^[0-9a-f]{40}$/i;
const OWNER_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO_RE = /^[A-Za-z0-9._-]{1,100}$/;
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f]/;

const FIELD_URL = 'sourceUrl';
const FIELD_REF = 'sourceRef';

const unsupported = (why: string) =>
  unprocessable(
    'unsupported_source_url',
    `sourceUrl must be a file URL on the configured source host (…/{owner}/{repo}/blob/{ref}/{path} or its raw form): ${why}`,
    FIELD_URL,
  );

/** Parse a user-supplied URL: absolute, http(s), no credentials. */
function parseHttpUrl(value: string): URL {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest('invalid_url', 'sourceUrl must be a URL', FIELD_URL);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw badRequest('invalid_url', 'sourceUrl is not a valid absolute URL', FIELD_URL);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest('invalid_url', 'sourceUrl must use http or https', FIELD_URL);
  }
  if (url.username !== '' || url.password !== '') {
    throw badRequest('invalid_url', 'sourceUrl must not contain credentials', FIELD_URL);
  }
  return url;
}

interface Base {
  origin: string;
  /** Path prefix without trailing slash ('' for the root). */
  prefix: string;
}

function parseBase(base: string): Base {
  const url = new URL(base);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/** Path segments after the base prefix, or undefined when `url` is not under `base`. */
function segmentsUnder(url: URL, base: Base): string[] | undefined {
  if (url.origin !== base.origin) return undefined;
  const path = url.pathname;
  if (base.prefix !== '' && !(path === base.prefix || path.startsWith(`${base.prefix}/`))) return undefined;
  const rest = path.slice(base.prefix.length);
  return rest.replace(/^\//, '').split('/');
}

function decodeSegment(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch {
    throw unsupported('a path segment is not valid percent-encoding');
  }
}

/** Checks owner/repo/path segments (still percent-encoded) and returns them. */
function checkSegments(owner: string, repo: string, path: string[]): void {
  if (!OWNER_RE.test(decodeSegment(owner))) throw unsupported('invalid owner');
  const r = decodeSegment(repo);
  if (!REPO_RE.test(r) || r === '.' || r === '..') throw unsupported('invalid repository name');
  if (path.length === 0) throw unsupported('no file path');
  for (const seg of path) {
    const d = decodeSegment(seg);
    if (d === '' || d === '.' || d.includes('..') || d.includes('/') || d.includes('\\') || CONTROL_RE.test(d)) {
      throw unsupported('invalid file path');
    }
  }
}

/** Dot segments are collapsed by the URL parser, so look for them in the text as given. */
function rawPathHasDotSegments(value: string): boolean {
  const withoutScheme = value.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = withoutScheme.split(/[?#]/, 1)[0] ?? '';
  return path.split(/[/\\]/).some((seg) => {
    let d = seg;
    try {
      d = decodeURIComponent(seg);
    } catch {
      /* checked later */
    }
    return d === '.' || d.includes('..');
  });
}

function checkRef(sourceRef: string): string {
  if (typeof sourceRef !== 'string' || !REF_RE.test(sourceRef)) {
    throw unprocessable(
      'invalid_source_ref',
      'sourceRef must be a commit SHA (7-40 hexadecimal characters; a full 40-character SHA pins the content)',
      FIELD_REF,
    );
  }
  return sourceRef.toLowerCase();
}

/**
 * Maps a blob or raw URL on the configured source host to the raw URL of the same file at `sourceRef`.
 * Query and fragment of the input are dropped.
 */
export function resolveSourceUrl(sourceUrl: string, sourceRef: string, cfg: SourceHostConfig): string {
  const url = parseHttpUrl(sourceUrl);
  const ref = checkRef(sourceRef);
  if (rawPathHasDotSegments(sourceUrl)) throw unsupported('path segments must not contain ".."');

  const web = parseBase(cfg.githubWebBase);
  const raw = parseBase(cfg.githubRawBase);

  let owner: string;
  let repo: string;
  let urlRef: string;
  let path: string[];

  // A blob URL has `blob` as its third segment; anything else under the raw base is a raw URL.
  const rawSegs = segmentsUnder(url, raw);
  const webSegs = segmentsUnder(url, web);
  if (webSegs && webSegs[2] === 'blob' && webSegs.length >= 5) {
    [owner, repo, , urlRef] = webSegs as [string, string, string, string];
    path = webSegs.slice(4);
  } else if (rawSegs && rawSegs.length >= 4) {
    [owner, repo, urlRef] = rawSegs as [string, string, string];
    path = rawSegs.slice(3);
  } else if (webSegs || rawSegs) {
    throw unsupported('unrecognised path');
  } else {
    throw unsupported('unsupported host');
  }

  checkSegments(owner, repo, path);
  const decodedRef = decodeSegment(urlRef);
  if (decodedRef === '') throw unsupported('missing ref');
  if (FULL_SHA_RE.test(decodedRef) && decodedRef.toLowerCase() !== ref) {
    throw unprocessable(
      'source_ref_mismatch',
      'sourceUrl names a different commit than sourceRef; use the same commit SHA in both',
      FIELD_REF,
    );
  }

  return `${raw.origin}${raw.prefix}/${owner}/${repo}/${ref}/${path.join('/')}`;
}

// ---------------------------------------------------------------------------------------------
// SSRF guard (shared/net/address-guard.ts), with this module's error codes

export { isPublicAddress };

const fetchFailed = (message: string) => new ApiError(502, 'source_fetch_failed', message, FIELD_URL);
const TIMEOUT = Symbol('timeout');

/** Resolve `hostname`, refuse non-public addresses (unless allowed) and return the address to connect to. */
async function guardHost(
  hostname: string,
  cfg: SourceHostConfig,
  lookup: Lookup,
  deadline: Promise<typeof TIMEOUT>,
): Promise<PinnedAddress> {
  try {
    return await resolveGuarded(hostname, { allowPrivate: cfg.allowPrivateHosts, lookup, deadline });
  } catch (e) {
    const kind = e instanceof GuardError ? e.kind : 'unresolvable';
    if (kind === 'timeout') throw fetchFailed(`Fetching the skill source timed out after ${cfg.timeoutMs} ms`);
    if (kind === 'forbidden_address') {
      throw unprocessable('source_host_forbidden', 'The source host resolves to a private, loopback or otherwise non-public address', FIELD_URL);
    }
    throw fetchFailed('Could not resolve the source host');
  }
}

/** An agent whose connections go to `pin` whatever the host name resolves to now. */
function pinnedAgent(protocol: string, pin: PinnedAddress): http.Agent {
  const opts = { lookup: pinnedLookup(pin), keepAlive: false, maxSockets: 1 };
  return protocol === 'https:' ? new https.Agent(opts) : new http.Agent(opts);
}

type NodeFetchResponse = Awaited<ReturnType<typeof fetch>>;

function discard(res: NodeFetchResponse): void {
  const body = res.body as unknown as { destroy?: () => void; resume?: () => void } | null;
  body?.destroy?.();
}

/**
 * Fetch the skill file named by `sourceUrl` at commit `sourceRef` from the configured raw host and
 * decode it (strict UTF-8). Errors: see module docs / docs/api.md (`source_*`, `skill_file_too_large`, …).
 */
export async function fetchSkillSource(
  sourceUrl: string,
  sourceRef: string,
  cfg: SourceHostConfig,
  deps: FetchSkillSourceDeps = {},
): Promise<FetchedSkillSource> {
  const target = resolveSourceUrl(sourceUrl, sourceRef, cfg);
  const lookup = deps.lookup ?? defaultLookup;
  const rawOrigin = new URL(cfg.githubRawBase).origin;

  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(TIMEOUT);
    }, cfg.timeoutMs);
  });
  const timedOut = () => fetchFailed(`Fetching the skill source timed out after ${cfg.timeoutMs} ms`);

  const agents: http.Agent[] = [];
  try {
    let url = new URL(target);
    for (let hop = 0; ; hop++) {
      const pin = await guardHost(url.hostname, cfg, lookup, deadline);
      if (controller.signal.aborted) throw timedOut();
      const agent = pinnedAgent(url.protocol, pin);
      agents.push(agent);

      let res: NodeFetchResponse;
      try {
        res = await fetch(url.href, {
          redirect: 'manual',
          agent,
          signal: controller.signal,
          headers: { accept: 'text/plain, text/markdown, */*;q=0.1', 'user-agent': 'cert-skill-fetcher' },
        });
      } catch {
        throw controller.signal.aborted ? timedOut() : fetchFailed('Could not connect to the source host');
      }

      if ([301, 302, 303, 307, 308].includes(res.status)) {
        const location = res.headers.get('location');
        discard(res);
        if (hop >= MAX_REDIRECTS) throw fetchFailed(`The source host redirected more than ${MAX_REDIRECTS} times`);
        if (!location) throw fetchFailed('The source host sent a redirect without a location');
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw fetchFailed('The source host sent an invalid redirect');
        }
        if (
          (next.protocol !== 'http:' && next.protocol !== 'https:') ||
          next.username !== '' ||
          next.password !== '' ||
          next.origin !== rawOrigin
        ) {
          throw unprocessable(
            'source_redirect_forbidden',
            'The source host redirected to a location outside the configured raw-file host',
            FIELD_URL,
          );
        }
        next.hash = '';
        url = next;
        continue;
      }

      if (res.status === 404) {
        discard(res);
        throw unprocessable('source_not_found', 'The skill file was not found at that path and commit', FIELD_URL);
      }
      if (res.status !== 200) {
        discard(res);
        throw fetchFailed(`The source host answered HTTP ${res.status}`);
      }

      const declared = Number(res.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > cfg.maxBytes) {
        discard(res);
        throw new ApiError(413, 'skill_file_too_large', `The skill file is larger than ${cfg.maxBytes} bytes`, FIELD_URL);
      }

      const chunks: Buffer[] = [];
      let total = 0;
      const body = res.body;
      if (body) {
        try {
          for await (const chunk of body as AsyncIterable<Buffer | string>) {
            const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
            total += buf.length;
            if (total > cfg.maxBytes) {
              discard(res);
              throw new ApiError(413, 'skill_file_too_large', `The skill file is larger than ${cfg.maxBytes} bytes`, FIELD_URL);
            }
            chunks.push(buf);
          }
        } catch (e) {
          if (e instanceof ApiError) throw e;
          throw controller.signal.aborted ? timedOut() : fetchFailed('The connection to the source host failed while reading');
        }
      }
      if (controller.signal.aborted) throw timedOut();

      const bytes = Buffer.concat(chunks, total);
      const text = decodeSkillBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), FIELD_URL);
      return { text, fetchedUrl: url.href, bytes: total };
    }
  } finally {
    clearTimeout(timer);
    for (const a of agents) a.destroy();
  }
}
