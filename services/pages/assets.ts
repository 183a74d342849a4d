import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * The stylesheet and the few browser scripts live as plain files in services/pages/assets (they are
 * not compiled: no bundler, no build step for the browser). Read once at start, served from memory.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const candidates = [path.join(here, 'assets'), path.resolve(here, '..', '..', '..', 'services', 'pages', 'assets')];
const dir = candidates.find((d) => {
  try {
    return readdirSync(d).includes('site.css');
  } catch {
    return false;
  }
});

const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml' };

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

const assets = new Map<string, Asset>();
if (dir) {
  for (const name of readdirSync(dir)) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const body = readFileSync(path.join(dir, name));
    assets.set(name, { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` });
  }
}

export const assetNames = (): string[] => [...assets.keys()];

/** GET /assets/:name — revalidated by ETag (names are not fingerprinted, so no long immutable cache). */
export const serveAsset: RequestHandler = (req, res, next) => sendAsset(String(req.params.name), req, res, next);

function sendAsset(name: string, ...[req, res, next]: Parameters<RequestHandler>): void {
  const a = assets.get(name);
  if (!a) {
    next();
    return;
  }
  res.set({ 'Content-Type': a.type, 'Cache-Control': 'public, max-age=300', ETag: a.etag, 'X-Content-Type-Options': 'nosniff' });
  if (req.headers['if-none-match'] === a.etag) return void res.status(304).end();
  res.send(a.body);
}

/**
 * GET /favicon.ico — what a browser asks for on a page without an icon link (JSON answers, the API
 * documents): the same small SVG as the pages' `<link rel="icon">`; browsers take an icon by its
 * Content-Type, not by the name's extension.
 */
export const serveFavicon: RequestHandler = (req, res, next) => sendAsset('favicon.svg', req, res, next);
