import { Router } from 'express';
import { DevSubmitBody, UuidV4, parseInput } from '../../../shared/api/schemas.js';
import { badRequest } from '../../../shared/errors.js';
import { devSubmit } from '../../../shared/developers/dev-submit.js';
import { payThrough } from '../../../shared/payments/charge.js';
import { requireDeveloper } from './dev.js';
import type { Developer } from '../../../shared/db/models.js';
import { POLL_SECONDS } from '../../../shared/submissions/views.js';

/**
 * `POST /api/v1/cert/submit`: the developer x402 submission (spec 4.5). The route checks the headers
 * and the body, then the use case (shared/developers/dev-submit.ts) resolves the draft, prices,
 * asks for the payment (proof in X-Payment-Receipt) and creates the submission.
 */
export function devSubmitRouter(): Router {
  const r = Router();
  r.post('/submit', requireDeveloper, async (req, res) => {
    if ((req.get('x-payment-method') ?? '').toLowerCase() !== 'x402') throw badRequest('payment_method_required', 'Send X-Payment-Method: x402', 'X-Payment-Method');
    const body = parseInput(DevSubmitBody, req.body);
    let url: URL;
    try {
      url = new URL(body.url);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
    } catch {
      throw badRequest('invalid_url', 'url must be an absolute http(s) URL', 'url');
    }
    // The API base URL is probed without credentials (docs/endpoint-review.md) and shown publicly.
    if (url.username || url.password) throw badRequest('invalid_url', 'url must not contain credentials', 'url');
    const headerKey = req.get('idempotency-key');
    if (headerKey && !UuidV4.safeParse(headerKey).success) throw badRequest('invalid_field', 'Idempotency-Key must be a UUID v4', 'Idempotency-Key');
    const done = await devSubmit(res.locals.developer as Developer, body, headerKey, payThrough(req, res, 'x-payment-receipt'));
    if (!done) return; // the payment exchange answered (402, 409, 503)
    if (done.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).json({ submissionId: done.submission.id, status: done.submission.status, pollAfterSeconds: POLL_SECONDS });
  });
  return r;
}
