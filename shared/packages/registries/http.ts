/** Small HTTP layer shared by the registry clients: timeouts, capped bodies, typed errors. */

export type RegistryErrorCode = 'not_found' | 'unreachable' | 'bad_response';

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
  constructor(
    readonly code: RegistryErrorCode,
    message: string,
    readonly url?: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A body exceeded the byte cap the caller set. */
export class TooLargeError extends Error {
  override readonly name = 'TooLargeError';
  constructor(
    readonly limit: number,
    readonly url?: string,
    /** Bytes seen (or announced by content-length) when the cap was hit. */
    readonly seen?: number,
  ) {
    super(`response from ${url ?? 'registry'} exceeds the ${limit}-byte limit`);
  }
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_JSON_BYTES = 64 * 1024 * 1024;

export interface HttpOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  headers?: Record<string, string>;
  method?: string;
  body?: Uint8Array | string;
}

export function trimBase(base: string): string {
  if (!base || !/^https?:\/\//i.test(base)) throw new Error(`registry base URL must be http(s): ${JSON.stringify(base)}`);
  return base.replace(/\/+$/, '');
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    const c = cause instanceof Error ? `: ${cause.message}` : '';
    return `${err.message}${c}`;
  }
  return String(err);
}

/**
 * Run one request with an AbortController covering the request AND the body read:
 * `consume` receives the response while the timer still runs.
 */
export async function request<T>(url: string, opts: HttpOptions, consume: (res: Response, signal: AbortSignal) => Promise<T>): Promise<T> {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const ac = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ac.abort();
  }, timeoutMs);
  try {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method: opts.method ?? 'GET',
        headers: opts.headers,
        body: opts.body as RequestInit["body"],
        signal: ac.signal,
        redirect: 'follow',
      });
    } catch (err) {
      throw new RegistryError('unreachable', timedOut ? `timed out after ${timeoutMs} ms: ${url}` : `request failed: ${url}: ${describe(err)}`, url);
    }
    try {
      return await consume(res, ac.signal);
    } catch (err) {
      if (err instanceof RegistryError || err instanceof TooLargeError) throw err;
      if (timedOut) throw new RegistryError('unreachable', `timed out after ${timeoutMs} ms reading ${url}`, url, res.status);
      throw new RegistryError('unreachable', `reading the response failed: ${url}: ${describe(err)}`, url, res.status);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Read a response body into a Buffer, throwing TooLargeError past `maxBytes`. */
export async function readCapped(res: Response, maxBytes: number, url?: string): Promise<Buffer> {
  const announced = Number(res.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > maxBytes) {
    await cancelBody(res);
    throw new TooLargeError(maxBytes, url, announced);
  }
  const body = res.body as unknown as AsyncIterable<Uint8Array> | null;
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      await cancelBody(res);
      throw new TooLargeError(maxBytes, url, total);
    }
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(chunks, total);
}

async function cancelBody(res: Response): Promise<void> {
  try {
    const b = res.body as unknown as { cancel?: () => Promise<void>; destroy?: () => void } | null;
    if (b?.cancel) await b.cancel().catch(() => undefined);
    else b?.destroy?.();
  } catch {
    /* ignore */
  }
}

function statusError(res: Response, url: string): RegistryError {
  if (res.status === 404 || res.status === 410) return new RegistryError('not_found', `not found (${res.status}): ${url}`, url, res.status);
  if (res.status >= 500 || res.status === 429) return new RegistryError('unreachable', `registry answered ${res.status}: ${url}`, url, res.status);
  return new RegistryError('bad_response', `registry answered ${res.status}: ${url}`, url, res.status);
}

/** GET (or other method) returning parsed JSON; 404/410 → not_found, 5xx/429 → unreachable, other non-2xx → bad_response. */
export async function getJson<T = unknown>(url: string, opts: HttpOptions = {}): Promise<T> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_JSON_BYTES;
  return request(url, { ...opts, headers: { accept: 'application/json', ...opts.headers } }, async (res) => {
    if (!res.ok) {
      await cancelBody(res);
      throw statusError(res, url);
    }
    const buf = await readCapped(res, maxBytes, url);
    try {
      return JSON.parse(buf.toString('utf8')) as T;
    } catch {
      throw new RegistryError('bad_response', `response is not JSON: ${url}`, url, res.status);
    }
  });
}

/** GET binary content with a byte cap (TooLargeError) and a whole-download timeout. */
export async function getBytes(url: string, opts: HttpOptions & { maxBytes: number }): Promise<Buffer> {
  return request(url, opts, async (res) => {
    if (!res.ok) {
      await cancelBody(res);
      throw statusError(res, url);
    }
    return readCapped(res, opts.maxBytes, url);
  });
}

/** Convert an SRI string (`sha512-<base64>`) to its algorithm and hex digest; null when not parseable. */
export function sriToHex(sri: string | undefined | null): { algorithm: string; hex: string } | null {
  if (!sri) return null;
  // An SRI value may list several digests separated by whitespace; take the strongest one listed first by preference.
  const parts = sri.trim().split(/\s+/);
  const order = ['sha512', 'sha384', 'sha256', 'sha1'];
  for (const alg of order) {
    const p = parts.find((x) => x.toLowerCase().startsWith(`${alg}-`));
    if (p) {
      const b64 = p.slice(alg.length + 1).replace(/\?.*$/, '');
      const hex = Buffer.from(b64, 'base64').toString('hex');
      if (hex) return { algorithm: alg, hex };
    }
  }
  return null;
}
