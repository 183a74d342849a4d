import { Router, type RequestHandler } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { QUEUE_NAMES, queue } from '../../../shared/queues/index.js';
import { ApiError } from '../../../shared/errors.js';

/**
 * bull-board's UI is a React app with inline style attributes and a <base href>: this subtree alone
 * gets a CSP that allows inline style and a same-origin base; scripts stay 'self' only (its one
 * inline <script> is JSON data, never run). Its page links a third-party web font, which this CSP
 * refuses: the link is taken out of the page (boardPage), so the browser neither asks nor reports it.
 */
export const QUEUES_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The board's HTML page as this service serves it: without the stylesheet links to other origins
 * (its web fonts; the system fonts stand in) and with a link back to the console at the top, always
 * visible (bull-board's own "misc links" sit in a menu).
 */
export function boardPage(html: string, consoleUrl: string): string {
  const back = `<a href="${consoleUrl}" style="position:fixed;bottom:0.75rem;right:0.75rem;z-index:1000;padding:0.3rem 0.7rem;border-radius:4px;background:#fff;color:#0550ae;box-shadow:0 1px 4px rgba(0,0,0,.4);font:14px system-ui,sans-serif">← Back to the console</a>`;
  return html.replace(/<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>\s*/gi, '').replace(/(<body\b[^>]*>)/i, `$1${back}`);
}

const headers: RequestHandler = (req, res, next) => {
  // Read-only: retrying or removing jobs from here would bypass the console's CSRF token and audit log.
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new ApiError(405, 'read_only', 'The queue board is read-only');
  res.set({ 'Content-Security-Policy': QUEUES_CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' });
  // bull-board renders its page with res.render (an EJS view); the rendered HTML passes through boardPage.
  const render = res.render.bind(res);
  res.render = ((view: string, options?: object) =>
    render(view, options ?? {}, (err: Error | null, html?: string) => {
      if (err) return next(err);
      res.type('html').send(boardPage(html ?? '', CONSOLE_URL));
    })) as typeof res.render;
  next();
};

const CONSOLE_URL = '/console';

/** bull-board over every queue of shared/queues, built on first use (mounted behind requireOperator). */
export function queuesBoard(basePath: string): Router {
  const r = Router();
  let board: Router | undefined;
  r.use(headers, (req, res, next) => {
    if (!board) {
      const serverAdapter = new ExpressAdapter();
      serverAdapter.setBasePath(basePath);
      createBullBoard({
        queues: Object.values(QUEUE_NAMES).map((n) => new BullAdapter(queue(n), { readOnlyMode: true })),
        serverAdapter,
        options: { uiConfig: { boardTitle: 'cert queues', miscLinks: [{ text: 'Back to the console', url: CONSOLE_URL }] } },
      });
      board = serverAdapter.getRouter() as Router;
    }
    board(req, res, next);
  });
  return r;
}
