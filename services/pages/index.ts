import { Router } from 'express';
import { serveAsset, serveFavicon } from './assets.js';
import { pageErrorHandler, pageNotFound } from './errors.js';
import { siteRouter } from './site/index.js';
import { portalRouter } from './portal/index.js';
import { consoleRouter } from './console/index.js';

/** Path prefixes that belong to pages: an unknown path under them is an HTML 404, elsewhere the JSON one. */
export const PAGE_PREFIXES = ['/certificates', '/packages', '/agents', '/validators', '/badge', '/portal', '/console', '/assets'];

/** Every HTML page of the web process: site, portal and console, with HTML error pages of their own. */
export function pagesRouter(): Router {
  const r = Router();
  r.get('/assets/:name', serveAsset);
  r.get('/favicon.ico', serveFavicon);
  r.use('/portal', portalRouter());
  r.use('/console', consoleRouter());
  r.use(siteRouter());
  r.use(PAGE_PREFIXES, pageNotFound);
  r.use(pageErrorHandler);
  return r;
}
