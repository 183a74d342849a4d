import { Router, type RequestHandler } from 'express';
import { AgentSubmitBody, AgentVerifyBody, ListQuery, QuoteBody, ResubmitBody, parseInput } from '../../../shared/api/schemas.js';
import { Category, Submission } from '../../../shared/db/models.js';
import { notFound, unprocessable } from '../../../shared/errors.js';
import { createChallenge, ownerOfWallet, revokeSession, sessionWallet, verifyChallenge } from '../../../shared/agents/auth.js';
import { quote } from '../../../shared/agents/pricing.js';
import { agentCategory, agentResubmit, agentSubmit, isAgentProductType } from '../../../shared/agents/submit.js';
import { POLL_SECONDS } from '../../../shared/submissions/views.js';
import { sendSubmissionSarif, sendSubmissionStatus } from '../submission-status.js';
import { listSubmissions } from '../../../shared/submissions/list.js';
import { payThrough } from '../../../shared/payments/charge.js';
import { isUuid } from '../../../shared/ids.js';
import { agentSkillFile } from '../../content/agent-skill.js';
import { limitWallet } from '../rate-limit.js';

/** A wallet session (`x-agent-session`); also the developer-token self-service routes use it. */
export const requireSession: RequestHandler = async (req, res, next) => {
  const wallet = await sessionWallet(req.get('x-agent-session') ?? undefined);
  await limitWallet(wallet, res);
  res.locals.wallet = wallet;
  res.locals.owner = ownerOfWallet(wallet);
  next();
};
const ownerOf = (res: { locals: Record<string, unknown> }) => res.locals.owner as string;

async function ownSubmission(id: string, owner: string): Promise<Submission> {
  const sub = isUuid(id) ? await Submission.findByPk(id.toLowerCase()) : null;
  // Another wallet's submission is indistinguishable from a missing one.
  if (!sub || sub.owner !== owner) throw notFound('Submission', 'id');
  return sub;
}

export function agentRouter(): Router {
  const r = Router();

  r.get('/skill.md', (_req, res) => {
    res.type('text/markdown').send(agentSkillFile());
  });

  r.get('/auth/challenge', async (req, res) => {
    const wallet = typeof req.query.wallet === 'string' ? req.query.wallet : '';
    if (!wallet) throw unprocessable('missing_field', 'wallet is required (?wallet=0x…)', 'wallet');
    res.json(await createChallenge(wallet));
  });
  r.post('/auth/verify', async (req, res) => {
    res.json(await verifyChallenge(parseInput(AgentVerifyBody, req.body)));
  });
  r.post('/auth/logout', requireSession, async (req, res) => {
    await revokeSession(req.get('x-agent-session')!);
    res.json({ revoked: true });
  });

  r.get('/categories', requireSession, async (_req, res) => {
    const rows = await Category.findAll({ where: { active: true }, order: [['key', 'ASC']] });
    res.json({
      items: rows.map((c) => ({
        categoryKey: c.key,
        productType: c.productType,
        name: c.name,
        description: c.description,
        priceUsd: Number(c.priceUsd),
        freeResubmissions: c.freeResubmissions,
        versionUpdateMultiplier: Number(c.versionUpdateMultiplier),
        agentApi: isAgentProductType(c.productType),
      })),
    });
  });

  r.post('/quote', requireSession, async (req, res) => {
    const body = parseInput(QuoteBody, req.body);
    res.json(await quote(await agentCategory(body.categoryKey), body.voucherCode));
  });

  r.post('/submit', requireSession, async (req, res) => {
    const body = parseInput(AgentSubmitBody, req.body);
    const done = await agentSubmit(ownerOf(res), body, payThrough(req, res));
    if (!done) return;
    if (done.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).json({ submissionId: done.submission.id, status: done.submission.status, pollAfterSeconds: POLL_SECONDS });
  });

  r.get('/submissions', requireSession, async (req, res) => {
    res.json(await listSubmissions(ownerOf(res), parseInput(ListQuery, req.query, 'query')));
  });

  r.get('/submissions/:id', requireSession, async (req, res) => {
    // Another wallet's submission is indistinguishable from a missing one.
    await sendSubmissionStatus(req, res, { id: String(req.params.id), viewer: ownerOf(res), ownerOnly: true });
  });

  r.get('/submissions/:id/findings.sarif', requireSession, async (req, res) => {
    await sendSubmissionSarif(req, res, { id: String(req.params.id), viewer: ownerOf(res) });
  });

  r.post('/submissions/:id/resubmit', requireSession, async (req, res) => {
    const input = parseInput(ResubmitBody, req.body);
    const owner = ownerOf(res);
    const parent = await ownSubmission(String(req.params.id), owner);
    const done = await agentResubmit(owner, parent, input, payThrough(req, res));
    if (!done) return;
    if (done.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).json({ submissionId: done.submission.id, originalSubmissionId: parent.id, status: done.submission.status, paid: Boolean(done.submission.paymentId) });
  });

  return r;
}
