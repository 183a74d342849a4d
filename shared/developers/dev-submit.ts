import { createHash } from 'node:crypto';
import { DEV_PRODUCT_TYPES } from '../api/schemas.js';
import type { Developer, Submission } from '../db/models.js';
import { badRequest, unprocessable } from '../errors.js';
import { assertNoRefusals } from '../packages/intake.js';
import { previewFiles } from '../packages/preview.js';
import { paidSubmit, type Pay } from '../submissions/paid-submit.js';
import { activeCategory, findIdempotentSubmission, loadDependencyFiles, loadSkill, requestHash } from '../submissions/intake.js';
import { ownDraft, previewForSubmission } from './drafts.js';

/**
 * The developer x402 submission (spec 4.5, `POST /api/v1/cert/submit`) as one use case: the route
 * checks the headers and the body's shape, then calls `devSubmit`, then presents the outcome.
 * Here: the draft (its owner, its files, its kept preview), the price (shared/payments/submission-price.ts
 * through paidSubmit) and the submission (docs/developer-channel.md).
 */

export type DevProductType = (typeof DEV_PRODUCT_TYPES)[number];

/** The owner key of the developer channel's submissions. */
export const developerOwner = (dev: Pick<Developer, 'id'>) => `developer:${dev.id}`;

/** The request, already validated for shape (shared/api/schemas.ts DevSubmitBody). */
export interface DevSubmitInput {
  /** The product URL, an absolute http(s) URL without credentials (checked by the route). */
  url: string;
  productType?: DevProductType;
  draftId?: string;
  skillMdContent?: string;
  sourceUrl?: string;
  sourceRef?: string;
  manifestOverride?: { externalCalls?: string[]; capabilities?: string[] };
  dependencyFiles?: Record<string, string>;
}

export type DevSubmitOutcome = { submission: Submission; replayed: boolean } | null;

/** A UUID-shaped key from a hash, for requests that come without an Idempotency-Key header. */
function keyFromHash(hex: string): string {
  const h = hex.slice(0, 32).split('');
  h[12] = '4';
  h[16] = ['8', '9', 'a', 'b'][parseInt(h[16]!, 16) % 4]!;
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

/**
 * Submits for a developer: resolves the draft, checks everything that could refuse the request
 * before any 402 (nobody pays for a refusal), prices it by the preview the developer saw, asks
 * `pay`, creates the submission and links the draft to it. Idempotent per `idempotencyKey` (the
 * Idempotency-Key header), else per body: the same body is the same submission, paid once.
 * Null when `pay` answered instead (402, 409, 503).
 */
export async function devSubmit(dev: Developer, body: DevSubmitInput, idempotencyKeyHeader: string | undefined, pay: Pay): Promise<DevSubmitOutcome> {
  // A draft gives what the body leaves out; it is read (and its ownership checked) before anything is priced.
  const draft = body.draftId ? await ownDraft(body.draftId, dev.id) : null;
  if (draft && body.dependencyFiles) throw badRequest('conflicting_fields', 'Send dependencyFiles or draftId, not both: the draft holds its files', 'dependencyFiles');
  if (draft && body.productType && body.productType !== draft.productType) {
    throw unprocessable('draft_mismatch', `The draft is a ${draft.productType} draft, not ${body.productType}; update the draft or leave productType out`, 'productType');
  }
  const productType = (body.productType ?? draft?.productType) as DevProductType | undefined;
  if (!productType) throw badRequest('missing_field', 'productType is required (or a draftId)', 'productType');
  const skillMdContent = body.skillMdContent ?? (draft && !body.sourceUrl ? (draft.skillMdContent ?? undefined) : undefined);
  const dependencyFiles = draft ? (Object.keys(draft.dependencyFiles).length ? draft.dependencyFiles : undefined) : body.dependencyFiles;
  const idempotencyKey = idempotencyKeyHeader ?? keyFromHash(createHash('sha256').update(JSON.stringify(body)).digest('hex'));
  const submitter = { owner: developerOwner(dev), channel: 'dev' as const };
  const submission = { categoryKey: productType, skillMdContent, sourceUrl: body.sourceUrl, sourceRef: body.sourceRef, manifestOverride: body.manifestOverride, dependencyFiles, idempotencyKey };
  // The product URL and the draft are part of what names the request, not stored submission fields.
  const identity = { ...submission, productUrl: body.url, draftId: draft?.id ?? null };
  const prior = await findIdempotentSubmission(submitter, idempotencyKey, requestHash(identity));
  if (prior) return { submission: prior, replayed: true };
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
  const audits = packages?.packagesToAudit ?? 0;
  const done = await paidSubmit(
    {
      submitter,
      submission,
      identity,
      category,
      skill,
      allowedProductTypes: DEV_PRODUCT_TYPES,
      resourcePrefix: `dev-submit:${dev.id}`,
      description: audits ? `cert ${productType} submission with ${audits} package audit${audits === 1 ? '' : 's'}` : `cert ${productType} submission`,
      purpose: { kind: 'dev-submission', productType, draftId: draft?.id ?? null },
      packages,
      declaredEndpoints: apiType ? [new URL(body.url).toString()] : null,
    },
    pay,
  );
  if (done && draft && draft.submissionId !== done.submission.id) await draft.update({ submissionId: done.submission.id });
  return done;
}
