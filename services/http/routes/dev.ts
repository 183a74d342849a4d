import { Router, type RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { parseInput } from '../../../shared/api/schemas.js';
import { Draft, type Developer } from '../../../shared/db/models.js';
import { unauthorized, unprocessable } from '../../../shared/errors.js';
import { draftView, ownDraft, previewDraft } from '../../../shared/developers/drafts.js';
import { developerOwner } from '../../../shared/developers/dev-submit.js';
import { developerForToken, developerOfWallet } from '../../../shared/developers/tokens.js';
import { sessionWallet } from '../../../shared/agents/auth.js';
import { portalSessionToken } from '../portal-session.js';
import { bearerToken } from '../auth.js';
import { parseDependencyFiles } from '../../../shared/packages/intake.js';
import { DraftBody, ListQuery } from '../../../shared/api/schemas.js';
import { listSubmissions } from '../../../shared/submissions/list.js';
import { sendSubmissionSarif, sendSubmissionStatus } from '../submission-status.js';
import { countBadKey } from '../rate-limit.js';
import { webhooksRouter } from './webhooks.js';

/** Developer authentication: `Authorization: Bearer <DEV_TOKEN>` (tokens from the portal, `/api/v1/cert/dev/tokens`, or `npm run cert -- dev-token create`). */
export const requireDeveloper: RequestHandler = async (req, res, next) => {
  const token = bearerToken(req);
  if (!token) {
    // The portal signed in with a wallet (session cookie): that wallet is the developer.
    const session = portalSessionToken(req);
    if (session) {
      res.locals.developer = await developerOfWallet(await sessionWallet(session));
      return next();
    }
    throw unauthorized('missing_developer_token', 'This endpoint needs Authorization: Bearer <DEV_TOKEN> (or the portal\'s sign-in)');
  }
  const dev = await developerForToken(token);
  if (!dev) {
    await countBadKey(req);
    throw unauthorized('invalid_developer_token', 'The developer token is unknown or revoked');
  }
  res.locals.developer = dev;
  next();
};

const developerOf = (res: { locals: Record<string, unknown> }) => res.locals.developer as Developer;

/** A draft's dependency files are checked as a submission's would be; only CODE+PACKAGES carries them (as at submission). */
function checkDraftFiles(body: { productType: string; dependencyFiles: Record<string, string> }): void {
  if (!Object.keys(body.dependencyFiles).length) return;
  if (body.productType !== 'CODE+PACKAGES') throw unprocessable('dependency_files_not_allowed', `dependencyFiles belong to CODE+PACKAGES drafts, not ${body.productType}`, 'dependencyFiles');
  parseDependencyFiles(body.dependencyFiles);
}

export function devRouter(): Router {
  const r = Router();
  r.use(requireDeveloper);
  r.use('/webhooks', webhooksRouter((res) => developerOwner(developerOf(res))));

  r.post('/drafts', async (req, res) => {
    const body = parseInput(DraftBody, req.body);
    checkDraftFiles(body);
    const d = await Draft.create({ id: randomUUID(), developerId: developerOf(res).id, productType: body.productType, skillMdContent: body.skillMdContent ?? null, dependencyFiles: body.dependencyFiles, lastPreview: null, previewedAt: null, submissionId: null });
    res.status(201).json(draftView(d));
  });

  r.get('/drafts/:draftId', async (req, res) => {
    res.json(draftView(await ownDraft(String(req.params.draftId), developerOf(res).id)));
  });

  r.put('/drafts/:draftId', async (req, res) => {
    const body = parseInput(DraftBody, req.body);
    const d = await ownDraft(String(req.params.draftId), developerOf(res).id);
    checkDraftFiles(body);
    // New files (or a new product type) make the kept preview and its price stale.
    await d.update({ productType: body.productType, skillMdContent: body.skillMdContent ?? null, dependencyFiles: body.dependencyFiles, lastPreview: null, previewedAt: null });
    res.json(draftView(d));
  });

  r.post('/drafts/:draftId/package-preview', async (req, res) => {
    res.json(await previewDraft(await ownDraft(String(req.params.draftId), developerOf(res).id)));
  });

  // The developer's own submissions (any token of the developer sees them all), as agents see theirs.
  r.get('/submissions', async (req, res) => {
    res.json(await listSubmissions(developerOwner(developerOf(res)), parseInput(ListQuery, req.query, 'query')));
  });
  r.get('/submissions/:id', async (req, res) => {
    // Another developer's submission is indistinguishable from a missing one.
    await sendSubmissionStatus(req, res, { id: String(req.params.id), viewer: developerOwner(developerOf(res)), ownerOnly: true });
  });
  r.get('/submissions/:id/findings.sarif', async (req, res) => {
    await sendSubmissionSarif(req, res, { id: String(req.params.id), viewer: developerOwner(developerOf(res)) });
  });
  return r;
}
