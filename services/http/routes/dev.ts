import { Router, type RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { parseInput } from '../../../shared/api/schemas.js';
import { Draft, Submission, type Developer } from '../../../shared/db/models.js';
import { notFound, unauthorized } from '../../../shared/errors.js';
import { developerForToken } from '../../../shared/developers/tokens.js';
import { isUuid } from '../../../shared/ids.js';
import { bearerToken } from '../auth.js';
import { packagePreview } from '../../../shared/packages/preview.js';
import { parseDependencyFiles } from '../../../shared/packages/intake.js';
import { ListQuery, ManifestOverride } from '../../../shared/api/schemas.js';
import { listSubmissions } from '../../../shared/submissions/list.js';
import { ownerSubmissionView } from '../../../shared/submissions/views.js';
import { countBadKey } from '../rate-limit.js';

export const DraftBody = z
  .strictObject({
    productType: z.enum(['SKILL', 'AUDIT_SKILL', 'CODE+PACKAGES', 'API', 'SKILL+API']).default('CODE+PACKAGES'),
    skillMdContent: z.string().max(1_000_000).optional(),
    dependencyFiles: z.record(z.string().max(64), z.string().max(6_000_000)).default({}),
    manifestOverride: ManifestOverride.optional(),
  })
  .meta({ id: 'DraftRequest' });

/** Developer authentication: `Authorization: Bearer <DEV_TOKEN>` (tokens from the portal, `/api/v1/cert/dev/tokens`, or `npm run cert -- dev-token create`). */
export const requireDeveloper: RequestHandler = async (req, res, next) => {
  const token = bearerToken(req);
  if (!token) throw unauthorized('missing_developer_token', 'This endpoint needs Authorization: Bearer <DEV_TOKEN>');
  const dev = await developerForToken(token);
  if (!dev) {
    await countBadKey(req);
    throw unauthorized('invalid_developer_token', 'The developer token is unknown or revoked');
  }
  res.locals.developer = dev;
  next();
};

const developerOf = (res: { locals: Record<string, unknown> }) => res.locals.developer as Developer;
/** The owner key of the developer channel's submissions (dev-submit.ts stores them under it). */
export const developerOwner = (dev: Developer) => `developer:${dev.id}`;

async function ownDraft(id: string, dev: Developer): Promise<Draft> {
  const d = isUuid(id) ? await Draft.findByPk(id.toLowerCase()) : null;
  if (!d || d.developerId !== dev.id) throw notFound('Draft', 'draftId');
  return d;
}

const draftView = (d: Draft) => ({
  draftId: d.id,
  productType: d.productType,
  hasSkillMdContent: Boolean(d.skillMdContent),
  dependencyFiles: Object.keys(d.dependencyFiles),
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

export function devRouter(): Router {
  const r = Router();
  r.use(requireDeveloper);

  r.post('/drafts', async (req, res) => {
    const body = parseInput(DraftBody, req.body);
    if (Object.keys(body.dependencyFiles).length) parseDependencyFiles(body.dependencyFiles);
    const d = await Draft.create({ id: randomUUID(), developerId: developerOf(res).id, productType: body.productType, skillMdContent: body.skillMdContent ?? null, dependencyFiles: body.dependencyFiles });
    res.status(201).json(draftView(d));
  });

  r.get('/drafts/:draftId', async (req, res) => {
    res.json(draftView(await ownDraft(String(req.params.draftId), developerOf(res))));
  });

  r.put('/drafts/:draftId', async (req, res) => {
    const body = parseInput(DraftBody, req.body);
    const d = await ownDraft(String(req.params.draftId), developerOf(res));
    if (Object.keys(body.dependencyFiles).length) parseDependencyFiles(body.dependencyFiles);
    await d.update({ productType: body.productType, skillMdContent: body.skillMdContent ?? null, dependencyFiles: body.dependencyFiles });
    res.json(draftView(d));
  });

  r.post('/drafts/:draftId/package-preview', async (req, res) => {
    const d = await ownDraft(String(req.params.draftId), developerOf(res));
    if (Object.keys(d.dependencyFiles).length === 0) {
      res.json({ enabled: false, packagesTotal: 0, packagesCertifiedFromCache: 0, packagesToAudit: 0, packagesRejected: 0, packagesUncertified: 0, transitiveDependenciesChecked: 0, transitiveDependenciesUncertified: 0, savingsUsd: 0, uncachedCostUsd: 0, items: [] });
      return;
    }
    res.json(await packagePreview(d.dependencyFiles));
  });

  // The developer's own submissions (any token of the developer sees them all), as agents see theirs.
  r.get('/submissions', async (req, res) => {
    res.json(await listSubmissions(developerOwner(developerOf(res)), parseInput(ListQuery, req.query, 'query')));
  });
  r.get('/submissions/:id', async (req, res) => {
    const id = String(req.params.id);
    const sub = isUuid(id) ? await Submission.findByPk(id.toLowerCase()) : null;
    // Another developer's submission is indistinguishable from a missing one.
    if (!sub || sub.owner !== developerOwner(developerOf(res))) throw notFound('Submission', 'id');
    res.json(await ownerSubmissionView(sub));
  });
  return r;
}
