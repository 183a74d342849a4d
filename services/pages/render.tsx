import type { Response } from 'express';
import type { VNode } from 'preact';
import { render } from 'preact-render-to-string';

/**
 * Pages never run inline script or style: every script and the one stylesheet come from /assets,
 * so an escaped-but-misplaced string still cannot execute. Frames and <base> are refused outright.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface PageOptions {
  status?: number;
  /** Cache-Control; pages that show live state default to a short public cache like the JSON reads. */
  cacheControl?: string;
}

/** Renders a page (preact escapes every interpolated string and attribute) with the page security headers. */
export function sendPage(res: Response, page: VNode, opts: PageOptions = {}): void {
  const html = `<!doctype html>${render(page)}`;
  res
    .status(opts.status ?? 200)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'Cache-Control': opts.cacheControl ?? 'no-store',
    })
    .send(html);
}
