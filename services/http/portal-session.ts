import type { Request, Response } from 'express';

/**
 * The developer portal's sign-in, kept across tabs and reloads in an HttpOnly, SameSite=Strict
 * cookie (page scripts cannot read it; other sites cannot send it). The cookie holds the same wallet
 * session token the agent API takes as `x-agent-session`.
 *
 * Cross-site request forgery: besides SameSite, the API takes the cookie only from requests that
 * carry the header `X-Cert-Portal: 1`, which a form on another site cannot send and a script on
 * another origin cannot send without a CORS preflight this service never grants.
 */
export const PORTAL_COOKIE = 'cert_portal_session';
export const PORTAL_HEADER = 'x-cert-portal';

export function setPortalCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(PORTAL_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/', expires: expiresAt });
}

export function clearPortalCookie(req: Request, res: Response): void {
  res.clearCookie(PORTAL_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/' });
}

/** The raw cookie value (no cookie parser: one named value is all the service reads). */
export function portalCookie(req: Request): string | undefined {
  const header = req.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === PORTAL_COOKIE) {
      const v = part.slice(i + 1).trim();
      return v.length > 0 && v.length <= 200 ? v : undefined;
    }
  }
  return undefined;
}

/** The portal session of an API request: the cookie, only with the portal's own header. */
export function portalSessionToken(req: Request): string | undefined {
  return req.get(PORTAL_HEADER) === '1' ? portalCookie(req) : undefined;
}
