import { Op } from 'sequelize';
import { Certificate, CertificateState, CouncilRound, Flag, Submission, Validator, Vote } from '../db/models.js';
import { notFound } from '../errors.js';
import { INDEX_ITEM_ATTRIBUTES, indexItem } from '../certificates/views.js';
import { decodeCursor, encodeCursor } from '../cursors.js';
import { validatorStandings } from '../council/reputation.js';
import { councilEconomy } from '../council/hooks.js';

/**
 * The public directory of wallets (spec: agent profiles, validators and their work), read by the JSON
 * routes (services/http/routes/public-directory.ts) and the site's agent and validator pages alike.
 * Wallets arrive already checksummed (shared/economy/views.ts walletParam).
 */

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

/** GET /api/v1/public/agents/{walletAddress}: 404 for a wallet that never did anything here. */
export async function agentProfile(wallet: string) {
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
  return {
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
  };
}

export interface PageQuery {
  limit: number;
  cursor?: string;
}

/** GET /api/v1/public/agents/{walletAddress}/skills: the wallet's certificates, newest first (keyset issuedAt, id). */
export async function agentSkills(wallet: string, q: PageQuery) {
  const where: Record<string | symbol, unknown> = { owner: `wallet:${wallet}` };
  const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
  if (cursor) where[Op.or] = [{ issuedAt: { [Op.lt]: cursor.t } }, { issuedAt: cursor.t, id: { [Op.lt]: cursor.id } }];
  const certs = await Certificate.findAll({ attributes: INDEX_ITEM_ATTRIBUTES, where, order: [['issuedAt', 'DESC'], ['id', 'DESC']], limit: q.limit + 1 });
  const page = certs.slice(0, q.limit);
  const states = new Map((await CertificateState.findAll({ where: { certificateId: page.map((c) => c.id) } })).map((s) => [s.certificateId, s]));
  const last = page[page.length - 1];
  return { walletAddress: wallet, items: page.filter((c) => states.has(c.id)).map((c) => indexItem(c, states.get(c.id)!)), nextCursor: certs.length > q.limit && last ? encodeCursor(last.issuedAt, last.id) : null };
}

/** GET /api/v1/public/cert/validators/{walletAddress}/work: the validator's signed votes, newest first. */
export async function validatorWork(wallet: string, q: PageQuery) {
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
  return {
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
  };
}
