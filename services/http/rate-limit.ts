import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { config } from '../../shared/config.js';
import { ApiError } from '../../shared/errors.js';
import { logger } from '../../shared/log.js';
import { metrics } from '../../shared/metrics.js';
import { keyPrefix, redisConnection, type RedisConnection } from '../../shared/redis.js';
import { hearsInvalidations, invalidate, invalidationsSent, onInvalidation } from '../../shared/cache/read-cache.js';

/**
 * Rate limits (rate-limiter-flexible), counted in Redis so that every web process shares them:
 * per API key or developer token, per agent wallet, and per client IP for unauthenticated routes.
 * A refused request is 429 `rate_limited` with Retry-After. While Redis does not answer, each
 * process falls back to counting in its own memory (the insurance limiter) rather than refusing
 * or letting everything through.
 */
export type LimitName = 'public' | 'challenge' | 'compare' | 'apiKey' | 'wallet' | 'analysis';

const PER_MIN: Record<LimitName, () => number> = {
  public: () => config().RATE_LIMIT_PUBLIC_PER_MIN,
  challenge: () => config().RATE_LIMIT_CHALLENGE_PER_MIN,
  compare: () => config().RATE_LIMIT_COMPARE_PER_MIN,
  apiKey: () => config().RATE_LIMIT_API_KEY_PER_MIN,
  wallet: () => config().RATE_LIMIT_WALLET_PER_MIN,
  analysis: () => config().RATE_LIMIT_ANALYSIS_PER_MIN,
};

let client: RedisConnection | undefined;

/** A limiter counted in Redis (one shared connection) with the in-memory insurance described above. */
export function redisLimiter(name: string, points: number, durationS: number): RateLimiterRedis {
  client ??= redisConnection({ maxRetriesPerRequest: 1 });
  return new RateLimiterRedis({
    storeClient: client,
    // While Redis is not connected the insurance limiter answers at once instead of waiting.
    rejectIfRedisNotReady: true,
    keyPrefix: `${keyPrefix()}:rl:${name}`,
    points,
    duration: durationS,
    insuranceLimiter: new RateLimiterMemory({ points, duration: durationS }),
  });
}

const limiters = new Map<LimitName, RateLimiterRedis>();

function limiter(name: LimitName): RateLimiterRedis | undefined {
  const points = PER_MIN[name]();
  if (points <= 0) return undefined;
  let l = limiters.get(name);
  if (!l) limiters.set(name, (l = redisLimiter(name, points, 60)));
  return l;
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/** Counts one request against `name` for `key`; throws the 429 when the limit is used up. */
export async function consume(name: LimitName, key: string, res: Response): Promise<void> {
  const l = limiter(name);
  if (!l) return;
  try {
    const r = await l.consume(key);
    res.set('RateLimit-Limit', String(l.points));
    res.set('RateLimit-Remaining', String(r.remainingPoints));
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) {
      // Neither Redis nor the insurance limiter answered: serve rather than refuse everyone.
      logger('web').warn({ limit: name, err: (err as Error)?.message }, 'rate limiter unavailable');
      return;
    }
    throw tooMany(name, l.points, err.msBeforeNext);
  }
}

function tooMany(name: string, points: number, msBeforeNext: number, message = 'Too many requests'): ApiError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  metrics.rateLimited.inc({ limit: name });
  return new ApiError(429, 'rate_limited', `${message}; retry after ${retryAfter} s`, undefined, {
    'Retry-After': String(retryAfter),
    'RateLimit-Limit': String(points),
    'RateLimit-Remaining': '0',
  });
}

/**
 * For the fast read path (no Express response to decorate): true at once when the limit is off,
 * else whether one more request is allowed. A limiter that cannot answer allows the request.
 */
export function tryConsume(name: LimitName, key: string): true | Promise<{ ok: boolean; headers?: Record<string, string> }> {
  const l = limiter(name);
  if (!l) return true;
  return l.consume(key).then(
    // The same RateLimit-* headers `consume` sets on Express's answers.
    (r) => ({ ok: true, headers: { 'RateLimit-Limit': String(l.points), 'RateLimit-Remaining': String(r.remainingPoints) } }),
    (err) => ({ ok: !(err instanceof RateLimiterRes) }),
  );
}

const ipOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Unknown or revoked bearer keys, per client address. The per-key limit counts by key hash, so a
 * stream of made-up keys would never be throttled and each would cost a database lookup: every
 * refused key counts here (countBadKey), and an address past the limit is refused before its next
 * key is looked up, whatever that key is (keyed by address, as sign-in challenges are).
 */
const BAD_KEY_WINDOW_S = 60;
let badKeyLimiter: RateLimiterRedis | null | undefined;
function badKeys(): RateLimiterRedis | null {
  if (badKeyLimiter === undefined) {
    const points = config().RATE_LIMIT_BAD_KEY_PER_MIN;
    badKeyLimiter = points > 0 ? redisLimiter('badKey', points, BAD_KEY_WINDOW_S) : null;
  }
  return badKeyLimiter;
}

/**
 * Which addresses can have a count at all. Nearly every request comes from an address that never sent an
 * unknown key, and reading its count (a Redis round trip) on each was a third of a verdict's Redis traffic.
 * So a count is read only for an address *announced* within the window: every countBadKey adds the address
 * to a Redis set (with the window's end) and then announces it on the read-cache channel, which every web
 * process hears (shared/cache/read-cache.ts). A process that does not hear that channel now (Redis away, not
 * subscribed yet) reads every count, as before; one that (re)subscribed reads the set first and reads every
 * count until it has (an address announced before the subscription is in the set, one after it is heard).
 * A lost message costs at most one more lookup in that process: its own refusal of the address's next
 * unknown key marks the address there.
 */
const announcedUntil = new Map<string, number>();
/** False until the set of announced addresses has been read since the channel was (re)gained. */
let announcedLoaded = false;
/** Moves each time the channel is lost or regained: a read of the set begun before counts for nothing. */
let channelGeneration = 0;
let loadingAnnounced: Promise<void> | undefined;
let lastLoadTry = 0;
const announcedKey = () => `${keyPrefix()}:rl-announced:badKey`;
const windowMs = () => BAD_KEY_WINDOW_S * 1000;
let announcementsHeard = false;

function hearAnnouncements(): void {
  if (announcementsHeard) return;
  announcementsHeard = true;
  onInvalidation('badKeyAddress', (addresses) => {
    if (addresses === null) {
      // The channel was lost or regained: announcements may have been missed; read the set again.
      announcedLoaded = false;
      channelGeneration++;
      return;
    }
    const until = Date.now() + windowMs();
    for (const a of addresses) announcedUntil.set(a, until);
  });
}

function loadAnnounced(): void {
  if (loadingAnnounced || Date.now() - lastLoadTry < 1000) return;
  lastLoadTry = Date.now();
  client ??= redisConnection({ maxRetriesPerRequest: 1 });
  const c = client;
  loadingAnnounced = (async () => {
    const generation = channelGeneration;
    const rows = await c.zrangebyscore(announcedKey(), Date.now(), '+inf', 'WITHSCORES');
    for (let i = 0; i + 1 < rows.length; i += 2) announcedUntil.set(rows[i]!, Math.max(announcedUntil.get(rows[i]!) ?? 0, Number(rows[i + 1])));
    // Read while the channel stood throughout: what the set missed, the channel told.
    if (generation === channelGeneration && hearsInvalidations('badKeyAddress')) announcedLoaded = true;
  })()
    .catch((err: Error) => logger('web').warn({ err: err.message }, 'announced bad-key addresses not read; every address is checked meanwhile'))
    .finally(() => (loadingAnnounced = undefined));
}

/** Whether `ip`'s count must be read before its key is looked up (see announcedUntil). */
function mayHaveBadKeys(ip: string): boolean {
  hearAnnouncements();
  if (!hearsInvalidations('badKeyAddress')) return true;
  if (!announcedLoaded) {
    loadAnnounced();
    return true;
  }
  const until = announcedUntil.get(ip);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  announcedUntil.delete(ip);
  return false;
}

async function refuseAddressOfBadKeys(req: Request): Promise<void> {
  const l = badKeys();
  if (!l) return;
  const ip = ipOf(req);
  if (!mayHaveBadKeys(ip)) return;
  const r = await l.get(ip).catch(() => null); // a limiter that cannot answer lets the request through
  if (r && r.consumedPoints >= l.points) throw tooMany('badKey', l.points, r.msBeforeNext, 'Too many unknown keys from this address');
}

/** Counts one unknown or revoked bearer key against the client's address (see badKeys), and announces the address. */
export async function countBadKey(req: Request): Promise<void> {
  const l = badKeys();
  if (!l) return;
  const ip = ipOf(req);
  await l.consume(ip).catch(() => undefined); // over the limit: the address's next request is refused
  hearAnnouncements();
  // This process checks the address from now on, whatever becomes of the announcement.
  const until = Date.now() + windowMs();
  announcedUntil.set(ip, until);
  // In the set before the message: a process that subscribes meanwhile finds it in one or the other.
  const key = announcedKey();
  await client!
    .multi()
    .zadd(key, until, ip)
    .zremrangebyscore(key, '-inf', Date.now())
    .pexpire(key, windowMs())
    .exec()
    .catch(() => undefined);
  invalidate.badKeyAddresses([ip]);
  // Answered once every web process has been told (bounded): the client's next request may go to any of them.
  await invalidationsSent(1000);
}

/** Per client IP (unauthenticated routes): public reads, discovery. */
export const limitByIp =
  (name: LimitName): RequestHandler =>
  async (req, res, next) => {
    await consume(name, ipOf(req), res);
    next();
  };

/**
 * Per API key or developer token (`Authorization: Bearer …`, counted by its hash, checked before
 * the key is looked up), after the address's unknown-key limit; a request without one counts
 * against its IP's public limit.
 */
export const limitByBearer: RequestHandler = async (req, res, next) => {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  if (m) {
    await refuseAddressOfBadKeys(req);
    await consume('apiKey', hash(m[1]!), res);
  } else await consume('public', ipOf(req), res);
  next();
};

/** Per agent wallet, once its session has been resolved (see the agent router). */
export const limitWallet = (wallet: string, res: Response) => consume('wallet', wallet.toLowerCase(), res);

/**
 * Per actor, for requests that run a skill analysis (validate, submit): each may hold an analysis
 * thread for its whole time budget, so they get a budget of their own below the general key limit.
 */
export const limitAnalysis = (owner: string, res: Response) => consume('analysis', owner, res);

/** Where each limit applies; mounted before body parsing so a refused request costs little. */
export function mountRateLimits(app: { use: (path: string, ...h: RequestHandler[]) => unknown }): void {
  // Connect now, so the first requests are counted in Redis rather than by the insurance limiter.
  for (const name of Object.keys(PER_MIN) as LimitName[]) limiter(name);
  badKeys();
  hearAnnouncements();
  app.use('/cert/v1', limitByBearer);
  app.use('/api/v1/cert/dev', limitByBearer);
  app.use('/api/v1/cert/submit', limitByBearer);
  app.use('/api/v1/cert/agent/auth/challenge', limitByIp('challenge'));
  app.use('/api/v1/cert/agent/auth/verify', limitByIp('challenge'));
  app.use('/api/v1/public/certificates/:skillId/compare-skill-from-host', limitByIp('compare'));
  app.use('/api/v1/public', limitByIp('public'));
  app.use('/.well-known', limitByIp('public'));
}
