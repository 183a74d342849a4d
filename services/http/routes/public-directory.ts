import { Router } from 'express';
import { fn, col, Op } from 'sequelize';
import { getAddress } from 'ethers';
import { z } from 'zod';
import { parseInput } from '../../../shared/api/schemas.js';
import { Certificate, CertificateState, CouncilRound, Flag, PackageCertificate, Submission, Validator, Vote } from '../../../shared/db/models.js';
import { badRequest, notFound } from '../../../shared/errors.js';
import { INDEX_ITEM_ATTRIBUTES, indexItem } from '../../../shared/certificates/views.js';
import { decodeCursor, encodeCursor } from '../../../shared/submissions/list.js';

const PageQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20), cursor: z.string().max(200).optional() });

function walletParam(raw: string): string {
  try {
    return getAddress(raw.toLowerCase());
  } catch {
    throw badRequest('invalid_wallet_address', 'walletAddress must be a 0x-prefixed 20-byte hex address', 'walletAddress');
  }
}

/** How often a validator's vote matched the round's final outcome (closed rounds only). */
async function validatorRecord(key: string) {
  const votes = await Vote.findAll({ attributes: ['roundId', 'verdict'], where: { validatorKey: key } });
  const rounds = new Map((await CouncilRound.findAll({ attributes: ['id', 'outcome'], where: { id: votes.map((v) => v.roundId), outcome: { [Op.ne]: null } } })).map((r) => [r.id, r.outcome]));
  const decided = votes.filter((v) => rounds.has(v.roundId) && rounds.get(v.roundId) !== 'ESCALATED');
  const agreed = decided.filter((v) => (v.verdict === 'APPROVE' ? 'APPROVED' : 'REJECTED') === rounds.get(v.roundId)).length;
  return { votesCast: votes.length, decidedRounds: decided.length, agreementRate: decided.length ? Math.round((1000 * agreed) / decided.length) / 1000 : null };
}

/**
 * Public directory reads: agent profiles, validators and their work, protocol stats. Pagination:
 * `limit` (1–100, default 20) and the opaque `cursor` from the previous page's `nextCursor`.
 */
export function publicDirectoryRouter(): Router {
  const r = Router();

  r.get('/agents/:walletAddress', async (req, res) => {
    const wallet = walletParam(String(req.params.walletAddress));
    const owner = `wallet:${wallet}`;
    const subs = await Submission.findAll({ attributes: ['status', 'createdAt'], where: { owner }, order: [['createdAt', 'ASC']] });
    const flags = await Flag.count({ where: { walletAddress: wallet } });
    if (subs.length === 0 && flags === 0) throw notFound('Agent', 'walletAddress');
    const byStatus: Record<string, number> = {};
    for (const s of subs) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
    const certs = await Certificate.findAll({ attributes: ['id'], where: { owner } });
    const valid = await CertificateState.count({ where: { certificateId: certs.map((c) => c.id), status: 'APPROVED', activeFlagCount: 0 } });
    res.json({
      walletAddress: wallet,
      submissions: { total: subs.length, byStatus },
      certificatesIssued: certs.length,
      certificatesValid: valid,
      flagsRaised: flags,
      firstSeenAt: subs[0]?.createdAt.toISOString() ?? null,
      lastSubmissionAt: subs[subs.length - 1]?.createdAt.toISOString() ?? null,
    });
  });

  r.get('/agents/:walletAddress/skills', async (req, res) => {
    const wallet = walletParam(String(req.params.walletAddress));
    const q = parseInput(PageQuery, req.query, 'query');
    const where: Record<string | symbol, unknown> = { owner: `wallet:${wallet}` };
    const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
    if (cursor) where[Op.or] = [{ issuedAt: { [Op.lt]: cursor.t } }, { issuedAt: cursor.t, id: { [Op.lt]: cursor.id } }];
    const certs = await Certificate.findAll({ attributes: INDEX_ITEM_ATTRIBUTES, where, order: [['issuedAt', 'DESC'], ['id', 'DESC']], limit: q.limit + 1 });
    const page = certs.slice(0, q.limit);
    const states = new Map((await CertificateState.findAll({ where: { certificateId: page.map((c) => c.id) } })).map((s) => [s.certificateId, s]));
    const last = page[page.length - 1];
    res.json({ walletAddress: wallet, items: page.filter((c) => states.has(c.id)).map((c) => indexItem(c, states.get(c.id)!)), nextCursor: certs.length > q.limit && last ? encodeCursor(last.issuedAt, last.id) : null });
  });

  r.get('/validators', async (_req, res) => {
    const rows = await Validator.findAll({ where: { active: true }, order: [['key', 'ASC']] });
    res.json({
      items: await Promise.all(
        rows.map(async (v) => ({ validatorKey: v.key, displayName: v.displayName, lens: v.lens, kind: v.kind, walletAddress: v.walletAddress, ...(await validatorRecord(v.key)) })),
      ),
    });
  });

  r.get('/cert/validators/:walletAddress/work', async (req, res) => {
    const wallet = walletParam(String(req.params.walletAddress));
    const q = parseInput(PageQuery, req.query, 'query');
    const v = await Validator.findOne({ where: { walletAddress: wallet } });
    if (!v) throw notFound('Validator', 'walletAddress');
    const where: Record<string | symbol, unknown> = { validatorKey: v.key };
    const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
    if (cursor) where[Op.or] = [{ createdAt: { [Op.lt]: cursor.t } }, { createdAt: cursor.t, id: { [Op.lt]: cursor.id } }];
    const votes = await Vote.findAll({ where, order: [['createdAt', 'DESC'], ['id', 'DESC']], limit: q.limit + 1 });
    const page = votes.slice(0, q.limit);
    const rounds = new Map((await CouncilRound.findAll({ where: { id: page.map((p) => p.roundId) } })).map((r) => [r.id, r]));
    const last = page[page.length - 1];
    res.json({
      validatorKey: v.key,
      walletAddress: v.walletAddress,
      items: page.map((p) => ({
        roundId: p.roundId,
        submissionId: rounds.get(p.roundId)?.submissionId ?? null,
        verdict: p.verdict,
        securityLevel: p.securityLevel,
        reasons: p.reasons,
        roundOutcome: rounds.get(p.roundId)?.outcome ?? null,
        payloadHash: p.payloadHash,
        signature: p.signature,
        votedAt: p.createdAt.toISOString(),
      })),
      nextCursor: votes.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    });
  });

  r.get('/cert/stats', async (_req, res) => {
    const byStatus = (await Submission.findAll({ attributes: ['status', [fn('COUNT', col('id')), 'n']], group: ['status'], raw: true })) as unknown as { status: string; n: number }[];
    const [certificates, committed, valid, rounds, packages] = await Promise.all([
      Certificate.count(),
      CertificateState.count({ where: { onchainCommitted: true } }),
      CertificateState.count({ where: { status: 'APPROVED', activeFlagCount: 0 } }),
      CouncilRound.count({ where: { closedAt: { [Op.ne]: null } } }),
      PackageCertificate.count({ where: { status: 'ACTIVE' } }),
    ]);
    res.json({
      submissionsByStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
      certificatesIssued: certificates,
      certificatesValid: valid,
      certificatesCommittedOnChain: committed,
      councilRoundsClosed: rounds,
      packageCertificatesActive: packages,
      generatedAt: new Date().toISOString(),
    });
  });

  return r;
}
