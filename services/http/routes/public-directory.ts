import { Router } from 'express';
import { fn, col, Op } from 'sequelize';
import { getAddress } from 'ethers';
import { LeaderboardQuery, PageQuery, parseInput } from '../../../shared/api/schemas.js';
import { Certificate, CertificateState, CouncilRound, Flag, PackageCertificate, Submission, Validator, Vote } from '../../../shared/db/models.js';
import { badRequest, notFound } from '../../../shared/errors.js';
import { INDEX_ITEM_ATTRIBUTES, indexItem } from '../../../shared/certificates/views.js';
import { decodeCursor, encodeCursor } from '../../../shared/submissions/list.js';
import { validatorStandings } from '../../../shared/council/reputation.js';
import { councilEconomy } from '../../../shared/council/hooks.js';
import { leaderboard } from '../../../shared/council/leaderboard.js';

/** The submission's final status once its round is closed (APPROVED/REJECTED, also by an operator). */
const finalOf = (round: CouncilRound | undefined, finals: Map<string, string>): string | null => {
  const s = round?.closedAt ? finals.get(round.submissionId) : undefined;
  return s === 'APPROVED' || s === 'REJECTED' ? s : null;
};

/** What the council knows of a wallet: its validator standing and what the economy credited it. */
async function walletStanding(wallet: string) {
  const [standing] = await validatorStandings({ walletAddress: wallet });
  const [earned] = await councilEconomy().earnings([wallet]);
  return {
    validator: standing
      ? { validatorKey: standing.validatorKey, kind: standing.kind, status: standing.status, votesCast: standing.votesCast, decidedVotes: standing.decidedVotes, accuracy: standing.accuracy, reputation: standing.reputation }
      : null,
    earnings: { usdcEarned: earned?.usdcEarned ?? '0', rewardTokenEarned: earned?.rewardTokenEarned ?? '0' },
  };
}

function walletParam(raw: string): string {
  try {
    return getAddress(raw.toLowerCase());
  } catch {
    throw badRequest('invalid_wallet_address', 'walletAddress must be a 0x-prefixed 20-byte hex address', 'walletAddress');
  }
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
    const standing = await walletStanding(wallet);
    const earnedAnything = standing.earnings.usdcEarned !== '0' || standing.earnings.rewardTokenEarned !== '0';
    if (subs.length === 0 && flags === 0 && !standing.validator && !earnedAnything) throw notFound('Agent', 'walletAddress');
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
      earnings: standing.earnings,
      reputation: standing.validator?.reputation ?? null,
      accuracy: standing.validator?.accuracy ?? null,
      validator: standing.validator,
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
    const standings = new Map((await validatorStandings()).map((s) => [s.validatorKey, s]));
    res.json({
      items: rows.map((v) => {
        const s = standings.get(v.key);
        return {
          validatorKey: v.key,
          displayName: v.displayName,
          lens: v.lens,
          kind: v.kind,
          status: v.status,
          productTypes: v.productTypes ?? null,
          walletAddress: v.walletAddress,
          votesCast: s?.votesCast ?? 0,
          decidedVotes: s?.decidedVotes ?? 0,
          accuracy: s?.accuracy ?? null,
          agreementRate: s?.accuracy ?? null,
          reputation: s?.reputation ?? 0,
        };
      }),
    });
  });

  r.get('/leaderboard', async (req, res) => {
    const q = parseInput(LeaderboardQuery, req.query, 'query');
    res.json(await leaderboard(q.by, q));
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
    const finals = new Map((await Submission.findAll({ attributes: ['id', 'status'], where: { id: [...rounds.values()].map((r) => r.submissionId) } })).map((s) => [s.id, s.status]));
    const last = page[page.length - 1];
    const standing = await walletStanding(wallet);
    res.json({
      validatorKey: v.key,
      walletAddress: v.walletAddress,
      kind: v.kind,
      status: v.status,
      displayName: v.displayName,
      accuracy: standing.validator?.accuracy ?? null,
      reputation: standing.validator?.reputation ?? 0,
      earnings: standing.earnings,
      items: page.map((p) => ({
        roundId: p.roundId,
        submissionId: rounds.get(p.roundId)?.submissionId ?? null,
        verdict: p.verdict,
        securityLevel: p.securityLevel,
        reasons: p.reasons,
        roundOutcome: rounds.get(p.roundId)?.outcome ?? null,
        finalOutcome: finalOf(rounds.get(p.roundId), finals),
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
