import { Router } from 'express';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DEV_PRODUCT_TYPES, DevSubmitBody, UuidV4, parseInput } from '../../../shared/api/schemas.js';
import { badRequest } from '../../../shared/errors.js';
import { activeCategory, findIdempotentSubmission, loadSkill, requestHash } from '../../../shared/submissions/intake.js';
import { paidSubmit } from '../../../shared/submissions/paid-submit.js';
import { payThrough } from '../../../shared/payments/charge.js';
import { developerOwner, requireDeveloper } from './dev.js';
import type { Developer } from '../../../shared/db/models.js';

/** A UUID-shaped key from a hash, for requests that come without an Idempotency-Key header. */
function keyFromHash(hex: string): string {
  const h = hex.slice(0, 32).split('');
  h[12] = '4';
  h[16] = ['8', '9', 'a', 'b'][parseInt(h[16]!, 16) % 4]!;
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

/**
 * `POST /api/v1/cert/submit`: the developer x402 submission. The proof travels in X-Payment-Receipt.
 * Idempotency: the Idempotency-Key header (UUID v4), else the body itself (the same body is the same
 * submission, paid once).
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
    const idempotencyKey = headerKey ?? keyFromHash(createHash('sha256').update(JSON.stringify(body)).digest('hex'));
    const dev = res.locals.developer as Developer;
    const submitter = { owner: developerOwner(dev), channel: 'dev' as const };
    const submission = { categoryKey: body.productType, skillMdContent: body.skillMdContent, sourceUrl: body.sourceUrl, sourceRef: body.sourceRef, manifestOverride: body.manifestOverride, idempotencyKey };
    // The product URL is part of what names the request, not a stored submission field.
    const identity = { ...submission, productUrl: body.url };
    const prior = await findIdempotentSubmission(submitter, idempotencyKey, requestHash(identity));
    if (prior) return void res.status(201).set('Idempotent-Replayed', 'true').json({ submissionId: prior.id, status: prior.status });
    const category = await activeCategory(body.productType, DEV_PRODUCT_TYPES);
    const apiType = body.productType === 'API' || body.productType === 'SKILL+API';
    const done = await paidSubmit(
      {
        submitter,
        submission,
        identity,
        category,
        skill: await loadSkill(submission), // validated before any payment
        allowedProductTypes: DEV_PRODUCT_TYPES,
        resourcePrefix: `dev-submit:${dev.id}`,
        description: `cert ${body.productType} submission`,
        purpose: { kind: 'dev-submission', productType: body.productType },
        declaredEndpoints: apiType ? [url.toString()] : null,
      },
      payThrough(req, res, 'x-payment-receipt'),
    );
    if (!done) return;
    if (done.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).json({ submissionId: done.submission.id, status: done.submission.status, pollAfterSeconds: 30 });
  });
  return r;
}
