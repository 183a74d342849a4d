import { Router } from 'express';
import { createHash } from 'node:crypto';
import { DEV_PRODUCT_TYPES, DevSubmitBody, UuidV4, parseInput } from '../../../shared/api/schemas.js';
import { badRequest, unprocessable } from '../../../shared/errors.js';
import { activeCategory, findIdempotentSubmission, loadDependencyFiles, loadSkill, requestHash } from '../../../shared/submissions/intake.js';
import { assertNoRefusals } from '../../../shared/packages/intake.js';
import { ownDraft, previewFiles, previewForSubmission } from '../../../shared/developers/drafts.js';
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
    const dev = res.locals.developer as Developer;
    // A draft gives what the body leaves out; it is read (and its ownership checked) before anything is priced.
    const draft = body.draftId ? await ownDraft(body.draftId, dev.id) : null;
    if (draft && body.dependencyFiles) throw badRequest('conflicting_fields', 'Send dependencyFiles or draftId, not both: the draft holds its files', 'dependencyFiles');
    if (draft && body.productType && body.productType !== draft.productType) {
      throw unprocessable('draft_mismatch', `The draft is a ${draft.productType} draft, not ${body.productType}; update the draft or leave productType out`, 'productType');
    }
    const productType = (body.productType ?? draft?.productType) as (typeof DEV_PRODUCT_TYPES)[number] | undefined;
    if (!productType) throw badRequest('missing_field', 'productType is required (or a draftId)', 'productType');
    const skillMdContent = body.skillMdContent ?? (draft && !body.sourceUrl ? (draft.skillMdContent ?? undefined) : undefined);
    const dependencyFiles = draft ? (Object.keys(draft.dependencyFiles).length ? draft.dependencyFiles : undefined) : body.dependencyFiles;
    const idempotencyKey = headerKey ?? keyFromHash(createHash('sha256').update(JSON.stringify(body)).digest('hex'));
    const submitter = { owner: developerOwner(dev), channel: 'dev' as const };
    const submission = { categoryKey: productType, skillMdContent, sourceUrl: body.sourceUrl, sourceRef: body.sourceRef, manifestOverride: body.manifestOverride, dependencyFiles, idempotencyKey };
    // The product URL and the draft are part of what names the request, not stored submission fields.
    const identity = { ...submission, productUrl: body.url, draftId: draft?.id ?? null };
    const prior = await findIdempotentSubmission(submitter, idempotencyKey, requestHash(identity));
    if (prior) return void res.status(201).set('Idempotent-Replayed', 'true').json({ submissionId: prior.id, status: prior.status });
    const category = await activeCategory(productType, DEV_PRODUCT_TYPES);
    const apiType = productType === 'API' || productType === 'SKILL+API';
    // Everything that could refuse the request is checked before the 402: nobody pays for a refusal.
    const skill = await loadSkill(submission);
    const deps = await loadDependencyFiles(category, submission);
    if (deps) assertNoRefusals(deps.parsed);
    // The packages are priced by the preview the developer saw (the draft's), else by one made now.
    const packages = deps ? (draft ? await previewForSubmission(draft) : await previewFiles(deps.files)) : null;
    // Files fetched next to sourceUrl are stored as fetched, so the pipeline audits what was priced.
    if (deps && !submission.dependencyFiles) submission.dependencyFiles = deps.files;
    const done = await paidSubmit(
      {
        submitter,
        submission,
        identity,
        category,
        skill,
        allowedProductTypes: DEV_PRODUCT_TYPES,
        resourcePrefix: `dev-submit:${dev.id}`,
        description: packages?.packagesToAudit ? `cert ${productType} submission with ${packages.packagesToAudit} package audit${packages.packagesToAudit === 1 ? '' : 's'}` : `cert ${productType} submission`,
        purpose: { kind: 'dev-submission', productType, draftId: draft?.id ?? null },
        packages,
        declaredEndpoints: apiType ? [url.toString()] : null,
      },
      payThrough(req, res, 'x-payment-receipt'),
    );
    if (!done) return;
    if (done.replayed) res.set('Idempotent-Replayed', 'true');
    if (draft && draft.submissionId !== done.submission.id) await draft.update({ submissionId: done.submission.id });
    res.status(201).json({ submissionId: done.submission.id, status: done.submission.status, pollAfterSeconds: 30 });
  });
  return r;
}
