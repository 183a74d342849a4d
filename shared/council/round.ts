import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { db } from '../db/connection.js';
import { Category, CouncilRound, Submission, Vote } from '../db/models.js';
import { canonicalJson } from '../canonical.js';
import { signPayloadWith, validatorWallet } from '../signing.js';
import { faultPoint } from '../faults.js';
import { recordValidatorReview } from '../economy/ledger.js';
import type { SandboxReport } from '../sandbox/types.js';
import { lockSubmission, transition } from '../submissions/transitions.js';
import { storedSkill } from '../submissions/sandbox-step.js';
import { sealCertificate } from '../certificates/issue.js';
import { builtInLens } from './registry.js';
import { rejectionSummary, tallyVotes } from './tally.js';
import type { CouncilCase, ProductType, ValidatorOpinion, VoteVerdict } from './types.js';

/** What a validator signs. Deterministic (no clock), so a re-run signs the same bytes. */
export function votePayload(round: CouncilRound, sub: Submission, validatorKey: string, opinion: ValidatorOpinion) {
  return {
    schema: 'cert.vote/1',
    roundId: round.id,
    submissionId: sub.id,
    contentSha256: sub.contentSha256,
    validatorKey,
    verdict: opinion.verdict,
    securityLevel: opinion.securityLevel,
    reasons: opinion.reasons,
    findingsConsidered: opinion.findingsConsidered,
  };
}

function councilCase(sub: Submission): CouncilCase {
  return {
    submissionId: sub.id,
    productType: sub.productType as ProductType,
    skill: storedSkill(sub),
    sandbox: sub.sandboxReport as SandboxReport,
    developerAdvisoryNote: sub.developerNote ?? undefined,
  };
}

/**
 * One validator's part of a round (one Bull job). The vote is recorded once (unique round and
 * validator); the round row lock serialises the fan-in, and whoever records the last vote tallies.
 */
export async function castVote(roundId: string, validatorKey: string): Promise<{ outcome?: string }> {
  const round0 = await CouncilRound.findByPk(roundId);
  if (!round0 || round0.closedAt) return {};
  const sub0 = await Submission.findByPk(round0.submissionId);
  if (!sub0) return {};
  const lens = builtInLens(validatorKey);
  if (!lens) throw new Error(`validator ${validatorKey} has no built-in lens`);
  const opinion = lens.review(councilCase(sub0));
  const payload = votePayload(round0, sub0, validatorKey, opinion);
  const signed = signPayloadWith(validatorWallet(validatorKey), payload);

  return db().transaction(async (t) => {
    const round = await CouncilRound.findByPk(roundId, { transaction: t, lock: t.LOCK.UPDATE });
    if (!round || round.closedAt) return {};
    const sub = await lockSubmission(round.submissionId, t);
    if (!sub) return {};
    if (sub.status === 'PENDING_AUDIT') await transition(sub, 'IN_AUDIT', t);
    const already = await Vote.findOne({ where: { roundId, validatorKey }, transaction: t });
    if (!already) {
      await Vote.create(
        {
          id: randomUUID(),
          roundId,
          validatorKey,
          verdict: opinion.verdict,
          securityLevel: opinion.securityLevel,
          reasons: opinion.reasons,
          findingsConsidered: opinion.findingsConsidered,
          payload: canonicalJson(payload),
          payloadHash: signed.payloadHash,
          signature: signed.signature,
          signer: signed.signer,
        },
        { transaction: t },
      );
      round.votesReceived += 1;
      await round.save({ transaction: t });
      // A completed review earns its payout (built-in validators: BUILTIN_VALIDATOR_PAYOUT_ADDRESS), with the vote.
      await recordValidatorReview({ roundId, validatorKey, walletAddress: null, submissionId: sub.id, transaction: t });
    }
    await faultPoint('council.before-commit');
    if (round.votesReceived < round.expectedVotes) return {};
    const outcome = await decide(round, sub, t);
    return { outcome };
  });
}

/** Tallies a complete round and moves the submission (and seals the certificate on approval). */
async function decide(round: CouncilRound, sub: Submission, t: Transaction): Promise<string> {
  const votes = await Vote.findAll({ where: { roundId: round.id }, transaction: t });
  const order = new Map(round.validatorKeys.map((k, i) => [k, i]));
  votes.sort((a, b) => (order.get(a.validatorKey) ?? 0) - (order.get(b.validatorKey) ?? 0));
  const { outcome, reason } = tallyVotes(
    votes.map((v) => v.verdict as VoteVerdict),
    round.expectedVotes,
  );
  round.set({ outcome, outcomeReason: reason, closedAt: new Date() });
  await round.save({ transaction: t });
  if (sub.status !== 'IN_AUDIT') return outcome;
  if (outcome === 'APPROVED') {
    const cert = await sealCertificate(sub, round, { reason, decidedBy: 'council' }, t);
    await transition(sub, 'APPROVED', t, { certificateId: cert.id, verdictSummary: reason });
  } else if (outcome === 'REJECTED') {
    const summary = rejectionSummary(votes.map((v) => ({ validatorKey: v.validatorKey, verdict: v.verdict as VoteVerdict, reasons: v.reasons })));
    await transition(sub, 'REJECTED', t, {
      verdictSummary: reason,
      rejectionSummary: summary,
      freeResubmissionsLeft: await freeResubmissionsLeft(sub, t),
    });
  } else {
    await transition(sub, 'ESCALATED', t, { verdictSummary: reason });
  }
  return outcome;
}

/**
 * Free resubmissions left after a rejection: the category's allowance less the free resubmissions
 * already used in this chain (a paid resubmission does not use one).
 */
export async function freeResubmissionsLeft(sub: Submission, t?: Transaction): Promise<number> {
  const category = await Category.findByPk(sub.categoryKey, { transaction: t });
  const allowance = category?.freeResubmissions ?? 0;
  let used = 0;
  let cur: Submission | null = sub;
  while (cur?.originalSubmissionId) {
    if (!cur.paymentId) used += 1;
    cur = await Submission.findByPk(cur.originalSubmissionId, { transaction: t });
  }
  return Math.max(0, allowance - used);
}

/** Operator decision on an ESCALATED submission (`npm run cert -- review resolve`). */
export async function resolveEscalation(
  submissionId: string,
  decision: 'approve' | 'reject',
  reason: string,
  operator: string,
): Promise<Submission> {
  const { AuditLog } = await import('../db/models.js');
  return db().transaction(async (t) => {
    const sub = await lockSubmission(submissionId, t);
    if (!sub) throw new Error(`submission ${submissionId} not found`);
    if (sub.status !== 'ESCALATED') throw new Error(`submission ${submissionId} is ${sub.status}, not ESCALATED`);
    const round = await CouncilRound.findOne({ where: { submissionId }, order: [['roundNumber', 'DESC']], transaction: t });
    if (!round) throw new Error(`submission ${submissionId} has no council round`);
    if (decision === 'approve') {
      const cert = await sealCertificate(sub, round, { reason: `escalated (${round.outcomeReason}); approved by operator`, decidedBy: 'operator', operatorReason: reason }, t);
      await transition(sub, 'APPROVED', t, { certificateId: cert.id, verdictSummary: `Approved by operator: ${reason}` });
    } else {
      await transition(sub, 'REJECTED', t, {
        verdictSummary: `Rejected by operator: ${reason}`,
        rejectionSummary: `Rejected after human review: ${reason}`,
        freeResubmissionsLeft: await freeResubmissionsLeft(sub, t),
      });
    }
    await AuditLog.create(
      { id: randomUUID(), operator, action: `review.${decision}`, targetType: 'submission', targetId: submissionId, details: { reason } },
      { transaction: t },
    );
    return sub;
  });
}
