import { Router } from 'express';
import { ActivateBody, DisputeBody, FlagBody, ListQuery, PaymentIntentBody, SubmitBody, ValidateBody, parseInput } from '../../../shared/api/schemas.js';
import { Submission } from '../../../shared/db/models.js';
import { forbidden, notFound } from '../../../shared/errors.js';
import { absoluteUrl } from '../../../shared/urls.js';
import { isUuid } from '../../../shared/ids.js';
import { confirmIntent, intentView, openPaymentIntent, ownIntent } from '../../../shared/submissions/payment-intents.js';
import { charge } from '../../../shared/payments/charge.js';
import { validateSubmission } from '../../../shared/submissions/intake.js';
import { v1Submit } from '../../../shared/submissions/v1-submit.js';
import { POLL_SECONDS, receipt } from '../../../shared/submissions/views.js';
import { sendSubmissionSarif, sendSubmissionStatus } from '../submission-status.js';
import { createFlag } from '../../../shared/certificates/flags.js';
import { disputeView, openDispute } from '../../../shared/submissions/disputes.js';
import { loadCertificate } from '../../../shared/certificates/views.js';
import { activationView, TERMS_VERSION } from '../../../shared/actors/activation.js';
import { updateActor, type ActorRow } from '../../../shared/actors/api-keys.js';
import { bearerOf, maybeBearerOf, optionalBearer, requireBearer } from '../auth.js';
import { listSubmissions } from '../../../shared/submissions/list.js';
import { agentGuide } from '../../content/agent-guide.js';
import { openApiDocument } from '../../../shared/api/openapi.js';
import { sendVerify } from './verify.js';
import { limitAnalysis } from '../rate-limit.js';
import { webhooksRouter } from './webhooks.js';


async function findSubmission(id: string): Promise<Submission> {
  const sub = isUuid(id) ? await Submission.findByPk(id.toLowerCase()) : null;
  if (!sub) throw notFound('Submission', 'id');
  return sub;
}

export function certV1Router(): Router {
  const r = Router();

  r.get('/agent-guide', (_req, res) => {
    res.type('text/markdown').send(agentGuide('cert-v1'));
  });
  r.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument('cert-v1'));
  });

  r.use('/webhooks', requireBearer, webhooksRouter((res) => bearerOf(res).owner));

  r.get('/activation-requirements', requireBearer, async (_req, res) => {
    res.json(activationView(bearerOf(res).actor));
  });
  r.post('/activate', requireBearer, async (req, res) => {
    parseInput(ActivateBody, req.body);
    const actor = bearerOf(res).actor;
    res.json(activationView(await updateActor(actor, { activatedAt: actor.activatedAt ?? new Date(), deactivatedAt: null, termsVersion: TERMS_VERSION })));
  });
  r.post('/deactivate', requireBearer, async (_req, res) => {
    res.json(activationView(await updateActor(bearerOf(res).actor, { activatedAt: null, deactivatedAt: new Date() })));
  });

  r.post('/submissions/validate', requireBearer, async (req, res) => {
    // As submit: an analysis costs a thread for up to its time budget, so only activated actors, within their limit.
    const { actor, owner } = bearerOf(res);
    requireActivated(actor);
    await limitAnalysis(owner, res);
    const body = parseInput(ValidateBody, req.body);
    const { skill, report, category, dependencies, price } = await validateSubmission(body);
    res.json({
      valid: !report.blocked && !(dependencies && dependencies.refusals.length),
      ...(dependencies
        ? { dependencies: { declared: dependencies.deps.map((d) => ({ registry: d.registry, name: d.name, spec: d.spec, lockedVersion: d.lockedVersion ?? null })), refused: dependencies.refusals, warnings: dependencies.warnings } }
        : {}),
      categoryKey: category.key,
      productType: category.productType,
      // What submitting this would cost: the amount a payment intent for the same request states.
      price,
      skill: { name: skill.name, description: skill.description, version: skill.version, contentSha256: skill.contentSha256 },
      manifest: skill.manifest,
      // How the parser read a lenient file (no frontmatter, a display name, a long description…).
      parseNotes: skill.parseNotes ?? [],
      sandboxRiskLevel: report.riskLevel,
      summary: report.summary,
      rulesetVersion: report.rulesetVersion,
      findings: report.findings,
      stored: false,
    });
  });

  r.post('/submissions/submit', requireBearer, async (req, res) => {
    const body = parseInput(SubmitBody, req.body);
    const { actor, owner } = bearerOf(res);
    requireActivated(actor);
    await limitAnalysis(owner, res);
    const { submission, replayed } = await v1Submit(owner, body);
    if (replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).json({ submissionId: submission.id, status: submission.status, pollAfterSeconds: POLL_SECONDS });
  });

  r.get('/submissions', requireBearer, async (req, res) => {
    res.json(await listSubmissions(bearerOf(res).owner, parseInput(ListQuery, req.query, 'query')));
  });

  r.get('/submissions/:id', optionalBearer, async (req, res) => {
    // The owner's key shows the owner's view, any other caller the public one.
    await sendSubmissionStatus(req, res, { id: String(req.params.id), viewer: maybeBearerOf(res)?.owner, ownerOnly: false });
  });

  r.get('/submissions/:id/findings.sarif', requireBearer, async (req, res) => {
    await sendSubmissionSarif(req, res, { id: String(req.params.id), viewer: bearerOf(res).owner });
  });

  r.get('/submissions/:id/receipt', optionalBearer, async (req, res) => {
    const sub = await findSubmission(String(req.params.id));
    const owner = maybeBearerOf(res)?.owner === sub.owner;
    res.json(await receipt(sub, owner ? 'owner' : 'public'));
  });

  r.post('/submissions/:id/dispute', requireBearer, async (req, res) => {
    const body = parseInput(DisputeBody, req.body);
    const sub = await findSubmission(String(req.params.id));
    const { owner } = bearerOf(res);
    if (sub.owner !== owner) throw notFound('Submission', 'id');
    const d = await openDispute(sub, owner, body.reason);
    res.status(201).json(await disputeView(d));
  });

  r.post('/payments/intents', requireBearer, async (req, res) => {
    const body = parseInput(PaymentIntentBody, req.body);
    const { intent, paymentRequired } = await openPaymentIntent(bearerOf(res).owner, body, absoluteUrl('/cert/v1/payments'));
    res.status(201).json(intentView(intent, { paymentRequired, confirmWith: 'POST /cert/v1/payments/{intentId}/confirm with header payment-signature (x402 PaymentPayload)' }));
  });

  r.post('/payments/:id/confirm', requireBearer, async (req, res) => {
    const intent = await ownIntent(String(req.params.id), bearerOf(res).owner);
    const done = await confirmIntent(intent, (terms) => charge(req, res, terms));
    if (!done) return; // the payment exchange answered (402, 409, 503)
    const { txHash, payer, network } = done.payment ?? {};
    res.json(intentView(done.intent, done.payment ? { payment: { txHash, payer, network } } : {}));
  });

  r.post('/certificates/:skillId/flag', requireBearer, async (req, res) => {
    const body = parseInput(FlagBody, req.body);
    const { actor, owner } = bearerOf(res);
    // Friction: only activated actors flag (and within their allowance, see createFlag).
    requireActivated(actor);
    const loaded = await loadCertificate(String(req.params.skillId));
    const { flag, created } = await createFlag(loaded.cert.id, owner, body, actor.id);
    res.status(created ? 201 : 200).json({
      flagId: flag.id,
      skillId: loaded.cert.id,
      status: flag.status,
      walletAddress: flag.walletAddress,
      reason: flag.reason,
      createdAt: flag.createdAt.toISOString(),
    });
  });

  r.get('/certificates/:skillId/verify', async (req, res) => {
    await sendVerify(req, res);
  });

  return r;
}

function requireActivated(actor: ActorRow): void {
  if (!actor.activatedAt) {
    throw forbidden('not_activated', 'Activate first: POST /cert/v1/activate with {"acceptTerms": true} (see GET /cert/v1/activation-requirements)');
  }
}

