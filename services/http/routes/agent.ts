import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { ListQuery, ManifestOverride, UuidV4, parseInput } from '../../../shared/api/schemas.js';
import { Category, Submission } from '../../../shared/db/models.js';
import { conflict, notFound, unprocessable } from '../../../shared/errors.js';
import { createChallenge, ownerOfWallet, revokeSession, sessionWallet, verifyChallenge } from '../../../shared/agents/auth.js';
import { quote, releaseVoucherUse, reserveVoucherUse } from '../../../shared/agents/pricing.js';
import { activeCategory, createSubmission, findIdempotentSubmission, loadSkill, requestHash } from '../../../shared/submissions/intake.js';
import { ownerSubmissionView } from '../../../shared/submissions/views.js';
import { listSubmissions } from '../../../shared/submissions/list.js';
import { charge } from '../../../shared/payments/charge.js';
import { isUuid } from '../../../shared/ids.js';
import { findPayment } from '../../../shared/payments/x402/index.js';
import { withNamedLock, withNamedLocks } from '../../../shared/db/named-lock.js';
import { agentSkillFile } from '../../content/agent-skill.js';
import { limitWallet } from '../rate-limit.js';

/** Agent API scope (spec 1.9): API and SKILL+API go through the developer portal. */
export const AGENT_PRODUCT_TYPES = ['SKILL', 'AUDIT_SKILL'] as const;

export const AgentVerifyBody = z.strictObject({ wallet: z.string().max(64), nonce: z.string().max(64), signature: z.string().max(4096) }).meta({ id: 'AgentVerifyRequest' });
export const QuoteBody = z.strictObject({ categoryKey: z.string().min(1).max(64), voucherCode: z.string().max(64).optional() }).meta({ id: 'QuoteRequest' });
export const AgentSubmitBody = z
  .strictObject({
    categoryKey: z.string().min(1).max(64),
    sourceUrl: z.string().max(2048).optional(),
    sourceRef: z.string().max(64).optional(),
    skillMdContent: z.string().max(1_000_000).optional(),
    developerAdvisoryNote: z.string().max(4000).optional(),
    manifestOverride: ManifestOverride.optional(),
    voucherCode: z.string().max(64).optional(),
    idempotencyKey: UuidV4,
  })
  .meta({ id: 'AgentSubmitRequest' });
export const ResubmitBody = z
  .strictObject({
    idempotencyKey: UuidV4,
    sourceUrl: z.string().max(2048).optional(),
    sourceRef: z.string().max(64).optional(),
    skillMdContent: z.string().max(1_000_000).optional(),
    developerAdvisoryNote: z.string().max(4000).optional(),
  })
  .meta({ id: 'ResubmitRequest' });

/** A wallet session (`x-agent-session`); also the developer-token self-service routes use it. */
export const requireSession: RequestHandler = async (req, res, next) => {
  const wallet = await sessionWallet(req.get('x-agent-session') ?? undefined);
  await limitWallet(wallet, res);
  res.locals.wallet = wallet;
  res.locals.owner = ownerOfWallet(wallet);
  next();
};
const ownerOf = (res: { locals: Record<string, unknown> }) => res.locals.owner as string;

async function agentCategory(key: string): Promise<Category> {
  const c = await Category.findByPk(key);
  if (c && c.active && !(AGENT_PRODUCT_TYPES as readonly string[]).includes(c.productType)) {
    throw unprocessable('category_requires_developer_portal', `${c.productType} submissions are not taken by the agent API; submit them through the developer portal (POST /api/v1/cert/submit with X-Payment-Method: x402)`, 'categoryKey');
  }
  return activeCategory(key, AGENT_PRODUCT_TYPES);
}

async function ownSubmission(id: string, owner: string): Promise<Submission> {
  const sub = isUuid(id) ? await Submission.findByPk(id.toLowerCase()) : null;
  // Another wallet's submission is indistinguishable from a missing one.
  if (!sub || sub.owner !== owner) throw notFound('Submission', 'id');
  return sub;
}

/** Every content hash in a resubmission chain, oldest last. */
async function chainHashes(sub: Submission): Promise<Set<string>> {
  const hashes = new Set<string>();
  let cur: Submission | null = sub;
  while (cur) {
    hashes.add(cur.contentSha256);
    cur = cur.originalSubmissionId ? await Submission.findByPk(cur.originalSubmissionId) : null;
  }
  return hashes;
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
        agentApi: (AGENT_PRODUCT_TYPES as readonly string[]).includes(c.productType),
      })),
    });
  });

  r.post('/quote', requireSession, async (req, res) => {
    const body = parseInput(QuoteBody, req.body);
    res.json(await quote(await agentCategory(body.categoryKey), body.voucherCode));
  });

  r.post('/submit', requireSession, async (req, res) => {
    const body = parseInput(AgentSubmitBody, req.body);
    const owner = ownerOf(res);
    const submitter = { owner, channel: 'agent' as const };
    // A retry of a submission that exists (paid or not) is answered without charging again.
    const prior = await findIdempotentSubmission(submitter, body.idempotencyKey, requestHash(body));
    if (prior) return void res.status(201).set('Idempotent-Replayed', 'true').json({ submissionId: prior.id, status: prior.status, pollAfterSeconds: 30 });
    const category = await agentCategory(body.categoryKey);
    const skill = await loadSkill(body); // validated before any payment
    const hash = requestHash(body);
    // The resource names the exact request: a settled payment is never replayed for another body.
    const resource = `submission:${owner}:${body.idempotencyKey}:${hash.slice(0, 16)}`;
    const { voucherCode, ...submitBody } = body;
    const create = (paymentId: string | null, voucherAlreadyRedeemed: boolean) =>
      createSubmission(submitter, { ...submitBody, voucherCode } as never, { allowedProductTypes: AGENT_PRODUCT_TYPES, skill, paymentId, voucherCode: voucherCode ?? null, voucherAlreadyRedeemed });
    // One request per (wallet, key) at a time: a duplicate waits, then replays; another body is refused before any charge.
    const done = await withNamedLock(`cert:idem:${owner}:${body.idempotencyKey}`, async () => {
      const again = await findIdempotentSubmission(submitter, body.idempotencyKey, hash);
      if (again) return { submission: again, replayed: true };
      // Paid before a crash: that payment buys this request, whatever prices or vouchers say now.
      const settled = await findPayment({ resource });
      if (settled?.status === 'SETTLED') return create(settled.id, true);
      const q = await quote(category, voucherCode);
      if (q.isFree) return create(null, false);
      const reserved = voucherCode ? await reserveVoucherUse(voucherCode) : false;
      if (voucherCode && !reserved) throw conflict('voucher_exhausted', 'This voucher has no uses left', 'voucherCode');
      const paid = await charge(req, res, { amountUsdc: q.priceUsd.toFixed(2), description: `cert submission (${category.key})`, resource, purpose: { kind: 'submission', categoryKey: category.key, voucherCode: voucherCode ?? null } }).catch(async (err) => {
        if (reserved) await releaseVoucherUse(voucherCode!);
        throw err;
      });
      if (paid.outcome === 'answered') {
        if (reserved) await releaseVoucherUse(voucherCode!);
        return null;
      }
      return create(paid.payment.id, true);
    });
    if (!done) return;
    if (done.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).json({ submissionId: done.submission.id, status: done.submission.status, pollAfterSeconds: 30 });
  });

  r.get('/submissions', requireSession, async (req, res) => {
    res.json(await listSubmissions(ownerOf(res), parseInput(ListQuery, req.query, 'query')));
  });

  r.get('/submissions/:id', requireSession, async (req, res) => {
    res.json(await ownerSubmissionView(await ownSubmission(String(req.params.id), ownerOf(res))));
  });

  r.post('/submissions/:id/resubmit', requireSession, async (req, res) => {
    const body = parseInput(ResubmitBody, req.body);
    const owner = ownerOf(res);
    const parent = await ownSubmission(String(req.params.id), owner);
    const submitter = { owner, channel: 'agent' as const };
    const full = { ...body, categoryKey: parent.categoryKey, resubmissionOf: parent.id };
    const prior = await findIdempotentSubmission(submitter, body.idempotencyKey, requestHash(full));
    if (prior) return void res.status(201).set('Idempotent-Replayed', 'true').json({ submissionId: prior.id, originalSubmissionId: parent.id, status: prior.status });
    if (parent.status !== 'REJECTED') throw conflict('not_resubmittable', `Only a REJECTED submission can be resubmitted; this one is ${parent.status}`, 'id');
    const skill = await loadSkill(body); // its own frontmatter manifest: the fix may be a manifest change
    if ((await chainHashes(parent)).has(skill.contentSha256)) {
      throw conflict('duplicate_content', 'The resubmitted skill file is identical to an earlier submission; change it to address the rejection', 'skillMdContent');
    }
    const hash = requestHash(full);
    const resource = `resubmission:${owner}:${body.idempotencyKey}:${hash.slice(0, 16)}`;
    // One resubmission per rejected record and one request per key: both held while checking, paying and creating.
    const done = await withNamedLocks([`cert:resubmit:${parent.id}`, `cert:idem:${owner}:${body.idempotencyKey}`], async () => {
      const again = await findIdempotentSubmission(submitter, body.idempotencyKey, hash);
      if (again) return { submission: again, replayed: true };
      const existing = await Submission.findOne({ where: { originalSubmissionId: parent.id } });
      if (existing) throw conflict('already_resubmitted', `This submission was already resubmitted as ${existing.id}`, 'id');
      let paymentId: string | null = null;
      const settled = await findPayment({ resource });
      if (settled?.status === 'SETTLED') paymentId = settled.id;
      else if ((parent.freeResubmissionsLeft ?? 0) <= 0) {
        const category = await Category.findByPk(parent.categoryKey);
        const q = await quote(category!, undefined, Number(category!.versionUpdateMultiplier));
        const paid = await charge(req, res, { amountUsdc: q.priceUsd.toFixed(2), description: `cert resubmission (${parent.categoryKey})`, resource, purpose: { kind: 'resubmission', of: parent.id } });
        if (paid.outcome === 'answered') return null;
        paymentId = paid.payment.id;
      }
      return createSubmission(submitter, full as never, { allowedProductTypes: AGENT_PRODUCT_TYPES, skill, paymentId, originalSubmissionId: parent.id });
    });
    if (!done) return;
    if (done.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).json({ submissionId: done.submission.id, originalSubmissionId: parent.id, status: done.submission.status, paid: Boolean(done.submission.paymentId) });
  });

  return r;
}
