import { config } from './config.js';

/**
 * The one place absolute URLs are built: always from PUBLIC_BASE_URL, never from the request's
 * Host or X-Forwarded-* headers (a client chooses those; a link we hand out must not follow them).
 */
export function publicBaseUrl(): string {
  return config().publicBaseUrl;
}

/**
 * `path` (with an optional query) under the public base. Only the path and query of `path` are kept:
 * an absolute-form request target (`GET http://evil.example/x`) cannot move the URL to another host.
 */
export function absoluteUrl(path: string): string {
  const u = new URL(path, 'http://relative.invalid');
  return `${publicBaseUrl()}${u.pathname}${u.search}`;
}

/** `path` on the public site (certificate browser; spec 4.6 `{site_url}`), default the public base. */
export function siteUrl(path: string): string {
  const u = new URL(path, 'http://relative.invalid');
  return `${config().siteUrl}${u.pathname}${u.search}${u.hash}`;
}

/** `path` on the developer portal (spec 4.6 `{dev_portal_url}`), default the public base. */
export function portalUrl(path: string): string {
  const u = new URL(path, 'http://relative.invalid');
  return `${config().devPortalUrl}${u.pathname}${u.search}${u.hash}`;
}
