import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { config } from '../../../shared/config.js';
import { ApiError, forbidden, unauthorized } from '../../../shared/errors.js';
import { logger } from '../../../shared/log.js';
import { redisLimiter } from '../../http/rate-limit.js';
import { csrfMatches, sessionFor, type ConsoleSession } from '../../../shared/operators/accounts.js';

/** The session cookie (HttpOnly, SameSite=Strict, only sent under /console) and the login form's CSRF cookie. */
export const SESSION_COOKIE = 'cert_console';
export const LOGIN_CSRF_COOKIE = 'cert_console_login';
const WINDOW_S = 15 * 60;

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

function cookie(name: string, value: string, maxAgeS: number): string {
  const secure = config().publicBaseUrl.startsWith('https:') ? '; Secure' : '';
  return `${name}=${value}; Path=/console; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}${secure}`;
}

export const setSessionCookie = (res: Response, token: string, expiresAt: Date) =>
  res.append('Set-Cookie', cookie(SESSION_COOKIE, token, Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000))));
export const clearSessionCookie = (res: Response) => res.append('Set-Cookie', cookie(SESSION_COOKIE, '', 0));

/** Double-submit token for the login form (there is no session yet to bind a token to). */
export function loginCsrf(req: Request, res: Response): string {
  const existing = readCookie(req, LOGIN_CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  res.append('Set-Cookie', cookie(LOGIN_CSRF_COOKIE, token, 3600));
  return token;
}

export function checkLoginCsrf(req: Request): void {
  const c = readCookie(req, LOGIN_CSRF_COOKIE);
  const f = (req.body as Record<string, unknown> | undefined)?._csrf;
  if (!c || typeof f !== 'string' || c.length !== f.length || !timingSafeEqual(Buffer.from(c), Buffer.from(f))) {
    throw forbidden('csrf_failed', 'The form has expired or did not come from this console; reload the sign-in page and try again.');
  }
}

export const sessionOf = (res: Response) => res.locals.console as ConsoleSession;

/**
 * Every console route but the sign-in page: a live session or nothing. A page asked for without one
 * redirects to the sign-in page; anything else (a POST, a queue API call) is a 401 without data.
 */
export const requireOperator: RequestHandler = async (req, res, next) => {
  const s = await sessionFor(readCookie(req, SESSION_COOKIE));
  if (!s) {
    if (req.method === 'GET' && req.accepts('html') && !req.originalUrl.startsWith('/console/queues/api')) {
      return res.redirect(303, `/console/login?next=${encodeURIComponent(req.originalUrl.slice(0, 500))}`);
    }
    throw unauthorized('operator_login_required', 'Sign in to the operator console first');
  }
  res.locals.console = s;
  res.set('Cache-Control', 'no-store');
  next();
};

/** Every state-changing request carries the session's CSRF token (a hidden field of each form). */
export const requireCsrf: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const token = readCookie(req, SESSION_COOKIE)!;
  if (!csrfMatches(token, (req.body as Record<string, unknown> | undefined)?._csrf)) {
    throw forbidden('csrf_failed', 'The form has expired or did not come from this console; reload the page and try again.');
  }
  next();
};

/**
 * A safe place to go after sign-in: a console path only, never another site. The path is resolved
 * as a browser would (dot segments, also percent-encoded ones) and the result must stay under
 * /console; it is returned in that normalised form, so `/console/../../x` can never lead elsewhere.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000 || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return '/console';
  const base = 'http://console.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/console';
  }
  if (url.origin !== base || !(url.pathname === '/console' || url.pathname.startsWith('/console/'))) return '/console';
  return url.pathname + url.search;
}

const limiters = new Map<string, RateLimiterRedis>();

function limiter(name: 'ip' | 'name', points: number): RateLimiterRedis {
  let l = limiters.get(name);
  if (!l) limiters.set(name, (l = redisLimiter(`console-login-${name}`, points, WINDOW_S)));
  return l;
}

const tooMany = (msBeforeNext: number) => {
  const s = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiError(429, 'login_rate_limited', `Too many sign-in attempts; try again in ${Math.ceil(s / 60)} minute(s)`, undefined, { 'Retry-After': String(s) });
};

/**
 * Sign-in attempts: every attempt counts against the client's IP, failed ones against the operator
 * name from that IP. Not against the name alone: anyone could then lock an operator out with a few
 * wrong secrets (and a 256-bit secret is not guessed anyway). Counted in Redis, shared by every web
 * process; a successful sign-in clears its own (name, IP) count.
 */
const nameKey = (name: string, ip: string) => `${name.toLowerCase()}|${ip}`;

export const loginLimits = {
  async attempt(ip: string, name: string): Promise<void> {
    const { CONSOLE_LOGIN_PER_IP: perIp, CONSOLE_LOGIN_FAILURES_PER_NAME: perName } = config();
    try {
      if (perIp > 0) await limiter('ip', perIp).consume(ip);
      if (perName > 0) {
        const r = await limiter('name', perName).get(nameKey(name, ip));
        if (r && r.consumedPoints >= perName) throw r;
      }
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext);
      logger('web').warn({ err: (err as Error)?.message }, 'console login limiter unavailable');
    }
  },
  async failed(ip: string, name: string): Promise<void> {
    const perName = config().CONSOLE_LOGIN_FAILURES_PER_NAME;
    if (perName > 0) await limiter('name', perName).consume(nameKey(name, ip)).catch(() => undefined);
  },
  async succeeded(ip: string, name: string): Promise<void> {
    const perName = config().CONSOLE_LOGIN_FAILURES_PER_NAME;
    if (perName > 0) await limiter('name', perName).delete(nameKey(name, ip)).catch(() => undefined);
  },
};
