import { Category, Draft } from '../db/models.js';
import { notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import { previewFiles, type PackagePreview } from '../packages/preview.js';
import { priceSubmission, type SubmissionPrice } from '../payments/submission-price.js';


/**
 * Drafts of the developer portal (spec 4.5): the files of a submission in preparation, their
 * package preview (spec 2.5) and the price the x402 submission of the draft will ask. The preview
 * is kept on the draft so that submitting it charges exactly what was shown
 * (docs/developer-channel.md).
 */

/** A preview older than this is made again at submission: certifications and registries move on. */
export const DRAFT_PREVIEW_MAX_AGE_MS = 60 * 60 * 1000;

/** The developer's own draft; someone else's is indistinguishable from a missing one (404). */
export async function ownDraft(id: string, developerId: string): Promise<Draft> {
  const d = isUuid(id) ? await Draft.findByPk(id.toLowerCase()) : null;
  if (!d || d.developerId !== developerId) throw notFound('Draft', 'draftId');
  return d;
}

export const draftView = (d: Draft) => ({
  draftId: d.id,
  productType: d.productType,
  hasSkillMdContent: Boolean(d.skillMdContent),
  dependencyFiles: Object.keys(d.dependencyFiles),
  previewedAt: d.previewedAt ? d.previewedAt.toISOString() : null,
  submissionId: d.submissionId ?? null,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

/** The price a submission of `productType` with this preview costs; null without an active category. */
export async function priceFor(productType: string, preview: PackagePreview): Promise<SubmissionPrice | null> {
  const category = await Category.findByPk(productType);
  if (!category || !category.active) return null;
  return priceSubmission(category, { packages: preview });
}

/** Previews the draft's files now, keeps the result on the draft, and prices it. */
export async function previewDraft(d: Draft) {
  const preview = await previewFiles(d.dependencyFiles);
  const previewedAt = new Date();
  await d.update({ lastPreview: preview as unknown as Record<string, unknown>, previewedAt });
  return { ...preview, price: await priceFor(d.productType, preview), previewedAt: previewedAt.toISOString() };
}

/**
 * The preview a submission of the draft is priced by: the kept one while it is fresh (the files
 * cannot have changed, an update clears it), else a new one, kept in its turn.
 */
export async function previewForSubmission(d: Draft, now = Date.now()): Promise<PackagePreview> {
  if (d.lastPreview && d.previewedAt && now - d.previewedAt.getTime() <= DRAFT_PREVIEW_MAX_AGE_MS) return d.lastPreview as unknown as PackagePreview;
  const preview = await previewFiles(d.dependencyFiles);
  await d.update({ lastPreview: preview as unknown as Record<string, unknown>, previewedAt: new Date(now) });
  return preview;
}
