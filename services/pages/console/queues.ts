import { Router, type RequestHandler } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { QUEUE_NAMES, queue } from '../../../shared/queues/index.js';
import { ApiError } from '../../../shared/errors.js';

/**
 * bull-board's UI is a React app with inline style attributes and a <base href>: this subtree alone
 * gets a CSP that allows inline style and a same-origin base; scripts stay 'self' only (its one
 * inline <script> is JSON data, never run). Its web-font link to a third party is refused on purpose.
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

const headers: RequestHandler = (req, res, next) => {
  // Read-only: retrying or removing jobs from here would bypass the console's CSRF token and audit log.
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new ApiError(405, 'read_only', 'The queue board is read-only');
  res.set({ 'Content-Security-Policy': QUEUES_CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' });
  next();
};

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
        options: { uiConfig: { boardTitle: 'cert queues', miscLinks: [{ text: 'Back to the console', url: '/console' }] } },
      });
      board = serverAdapter.getRouter() as Router;
    }
    board(req, res, next);
  });
  return r;
}
