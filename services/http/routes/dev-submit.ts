import { Router } from 'express';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DEV_PRODUCT_TYPES, DevSubmitBody, UuidV4, parseInput } from '../../../shared/api/schemas.js';
import { badRequest } from '../../../shared/errors.js';
import { activeCategory, createSubmission, findIdempotentSubmission, loadSkill, requestHash } from '../../../shared/submissions/intake.js';
import { quote } from '../../../shared/agents/pricing.js';
import { charge } from '../../../shared/payments/charge.js';
import { findPayment } from '../../../shared/payments/x402/index.js';
import { withNamedLock } from '../../../shared/db/named-lock.js';
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
    const headerKey = req.get('idempotency-key');
    if (headerKey && !UuidV4.safeParse(headerKey).success) throw badRequest('invalid_field', 'Idempotency-Key must be a UUID v4', 'Idempotency-Key');
    const idempotencyKey = headerKey ?? keyFromHash(createHash('sha256').update(JSON.stringify(body)).digest('hex'));
    const dev = res.locals.developer as Developer;
    const submitter = { owner: developerOwner(dev), channel: 'dev' as const };
    const submitBody = { categoryKey: body.productType, skillMdContent: body.skillMdContent, sourceUrl: body.sourceUrl, sourceRef: body.sourceRef, manifestOverride: body.manifestOverride, idempotencyKey, productUrl: body.url };
    const prior = await findIdempotentSubmission(submitter, idempotencyKey, requestHash(submitBody));
    if (prior) return void res.status(201).set('Idempotent-Replayed', 'true').json({ submissionId: prior.id, status: prior.status });
    const category = await activeCategory(body.productType, DEV_PRODUCT_TYPES);
    const skill = await loadSkill({ skillMdContent: body.skillMdContent, sourceUrl: body.sourceUrl, sourceRef: body.sourceRef, manifestOverride: body.manifestOverride });
    const apiType = body.productType === 'API' || body.productType === 'SKILL+API';
    const hash = requestHash(submitBody);
    const resource = `dev-submit:${dev.id}:${idempotencyKey}:${hash.slice(0, 16)}`;
    const create = (paymentId: string | null) =>
      createSubmission(submitter, submitBody as never, { allowedProductTypes: DEV_PRODUCT_TYPES, skill, paymentId, declaredEndpoints: apiType ? [url.toString()] : null });
    // One request per (developer, key) at a time: a duplicate waits, then replays.
    const done = await withNamedLock(`cert:idem:${submitter.owner}:${idempotencyKey}`, async () => {
      const again = await findIdempotentSubmission(submitter, idempotencyKey, hash);
      if (again) return { submission: again, replayed: true };
      const settled = await findPayment({ resource });
      if (settled?.status === 'SETTLED') return create(settled.id);
      const q = await quote(category);
      if (q.isFree) return create(null);
      const paid = await charge(req, res, { amountUsdc: q.priceUsd.toFixed(2), description: `cert ${body.productType} submission`, resource, purpose: { kind: 'dev-submission', productType: body.productType } }, 'x-payment-receipt');
      if (paid.outcome === 'answered') return null;
      return create(paid.payment.id);
    });
    if (!done) return;
    const { submission, replayed } = done;
    if (replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).json({ submissionId: submission.id, status: submission.status, pollAfterSeconds: 30 });
  });
  return r;
}
