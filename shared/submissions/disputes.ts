/**
 * Disputes. The owner disputes a verdict; an operator upholds or denies it.
 *
 *   OPEN -> UPHELD  a RE_AUDIT council round on the same content (same seats, same code path as any
 *                   round). A SANDBOX_FAILED, REJECTED or ESCALATED submission goes back to
 *                   PENDING_AUDIT and the round decides it as usual (APPROVED seals a certificate
 *                   whose roundType is RE_AUDIT). An APPROVED submission whose certificate is
 *                   SUSPENDED stays APPROVED; the round decides the certificate: APPROVED reinstates
 *                   it, anything else leaves it SUSPENDED with the round's reasons.
 *   OPEN -> DENIED  the verdict stands; the reason is kept.
 *
 * One open dispute per submission (`open_key`), one RE_AUDIT round per dispute (unique
 * `council_rounds.dispute_id`) and one upheld dispute per submission (unique `upheld_key`): the
 * re-audit is the last word, disagreement after it is a resubmission.
 */
import { randomUUID } from 'node:crypto';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { db } from '../db/connection.js';
import { AuditLog, CertificateState, CouncilRound, Dispute, Submission, lockSubmission } from '../db/models.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { invalidate } from '../cache/read-cache.js';
import { openRound } from '../council/seats.js';
import { ensureVoteJobs } from '../council/fan-out.js';
import { logger } from '../log.js';
import { REAUDIT_MOVES, transition } from './transitions.js';

export const DISPUTE_STATES = ['OPEN', 'UPHELD', 'DENIED'] as const;

/** Submission states a dispute can be opened on; APPROVED only while its certificate is SUSPENDED. */
const REAUDITABLE: readonly string[] = REAUDIT_MOVES.map(([from]) => from);

async function suspendedCertificateOf(sub: Submission, t?: Transaction): Promise<string | null> {
  if (sub.status !== 'APPROVED' || !sub.certificateId) return null;
  const state = await CertificateState.findByPk(sub.certificateId, { transaction: t, ...(t ? { lock: t.LOCK.UPDATE } : {}) });
  return state?.status === 'SUSPENDED' ? sub.certificateId : null;
}

export async function openDispute(sub: Submission, owner: string, reason: string): Promise<Dispute> {
  const certificateId = await suspendedCertificateOf(sub);
  if (!REAUDITABLE.includes(sub.status) && !certificateId) {
    throw conflict(
      'dispute_not_allowed',
      `A dispute can be opened on a submission in ${REAUDITABLE.join(', ')}, or APPROVED with a SUSPENDED certificate; this one is ${sub.status}`,
    );
  }
  if (await Dispute.findOne({ where: { upheldKey: sub.id }, attributes: ['id'] })) {
    throw conflict('dispute_already_upheld', 'A dispute on this submission was already upheld and re-audited; submit a new version instead');
  }
  try {
    const d = await Dispute.create({
      id: randomUUID(),
      submissionId: sub.id,
      owner,
      reason,
      status: 'OPEN',
      openKey: sub.id,
      disputedStatus: sub.status,
      certificateId,
      resolution: null,
      resolvedAt: null,
    });
    // The owner's view shows the dispute.
    invalidate.submissions([sub.id]);
    return d;
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw conflict('dispute_already_open', 'This submission already has an open dispute');
    throw err;
  }
}

/** Locks the submission, then the dispute (the order every dispute decision uses). */
async function lockDispute(disputeId: string, t: Transaction): Promise<{ d: Dispute; sub: Submission }> {
  const peek = await Dispute.findByPk(disputeId, { attributes: ['id', 'submissionId'], transaction: t });
  if (!peek) throw notFound('Dispute');
  const sub = await lockSubmission(peek.submissionId, t);
  const d = await Dispute.findByPk(disputeId, { transaction: t, lock: t.LOCK.UPDATE });
  if (!sub || !d) throw notFound('Dispute');
  if (d.status !== 'OPEN') throw conflict('dispute_not_open', `Dispute ${disputeId} is ${d.status}`);
  return { d, sub };
}

/**
 * Upholds an open dispute: opens the RE_AUDIT round (next round number) on the same content and
 * moves the submission back to PENDING_AUDIT, or, for a suspended certificate, leaves it APPROVED.
 * A second uphold finds the dispute no longer OPEN (409 dispute_not_open); the unique keys make a
 * second round impossible even so.
 */
export async function upholdDispute(disputeId: string, reason: string, operator: string): Promise<{ dispute: Dispute; round: CouncilRound }> {
  if (!reason.trim()) throw badRequest('reason_required', 'A reason is required', 'reason');
  let res: { dispute: Dispute; round: CouncilRound };
  try {
    res = await db().transaction(async (t) => {
      const { d, sub } = await lockDispute(disputeId, t);
      const certificateId = REAUDITABLE.includes(sub.status) ? null : await suspendedCertificateOf(sub, t);
      if (!REAUDITABLE.includes(sub.status) && !certificateId) {
        throw conflict('dispute_moot', `The submission is ${sub.status} now${sub.certificateId ? ' and its certificate is not SUSPENDED' : ''}; deny the dispute instead`);
      }
      if (!sub.sandboxReport) throw conflict('dispute_moot', 'The submission has no sandbox report to re-audit');
      if (!certificateId) await transition(sub, 'PENDING_AUDIT', t, { verdictSummary: `Re-audit on dispute: ${reason}` }, { reaudit: true });
      const last = (await CouncilRound.max<number, CouncilRound>('roundNumber', { where: { submissionId: sub.id }, transaction: t })) ?? 0;
      const round = await openRound(sub, 'RE_AUDIT', t, (Number(last) || 0) + 1, d.id);
      d.set({ status: 'UPHELD', openKey: null, upheldKey: sub.id, reAuditRoundId: round.id, resolution: reason, resolvedAt: new Date(), resolvedBy: operator });
      await d.save({ transaction: t });
      await AuditLog.create(
        {
          id: randomUUID(),
          operator,
          action: 'dispute.uphold',
          targetType: 'dispute',
          targetId: d.id,
          details: { reason, submissionId: sub.id, disputedStatus: d.disputedStatus, certificateId, roundId: round.id, roundNumber: round.roundNumber },
        },
        { transaction: t },
      );
      return { dispute: d, round };
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw conflict('dispute_already_upheld', 'A dispute on this submission was already upheld');
    throw err;
  }
  // After commit: the worker's validators get their jobs (the sweeper re-enqueues a lost one).
  await ensureVoteJobs(res.round, true).catch((err) => logger('disputes').warn({ roundId: res.round.id, err: (err as Error).message }, 'vote enqueue failed; the sweeper retries'));
  return res;
}

/** Denies an open dispute: the verdict stands; the reason is shown to the owner and kept in the audit log. */
export async function denyDispute(disputeId: string, reason: string, operator: string): Promise<Dispute> {
  if (!reason.trim()) throw badRequest('reason_required', 'A reason is required', 'reason');
  return db().transaction(async (t) => {
    const { d, sub } = await lockDispute(disputeId, t);
    d.set({ status: 'DENIED', openKey: null, resolution: reason, resolvedAt: new Date(), resolvedBy: operator });
    await d.save({ transaction: t });
    invalidate.submissions([sub.id], t);
    await AuditLog.create(
      { id: randomUUID(), operator, action: 'dispute.deny', targetType: 'dispute', targetId: d.id, details: { reason, submissionId: sub.id, disputedStatus: d.disputedStatus } },
      { transaction: t },
    );
    return d;
  });
}

/**
 * Inside the council's decision of a complete RE_AUDIT round on an APPROVED submission (a dispute
 * about its SUSPENDED certificate): APPROVED reinstates the certificate, anything else keeps it
 * SUSPENDED and says why. The sealed record is never touched.
 */
export async function settleDisputedCertificate(round: CouncilRound, sub: Submission, outcome: string, reason: string, t: Transaction): Promise<void> {
  if (!round.disputeId || sub.status !== 'APPROVED' || !sub.certificateId) return;
  const state = await CertificateState.findByPk(sub.certificateId, { transaction: t, lock: t.LOCK.UPDATE });
  if (!state || state.status !== 'SUSPENDED') return;
  const reinstated = outcome === 'APPROVED';
  state.set({
    status: reinstated ? 'APPROVED' : 'SUSPENDED',
    statusReason: reinstated
      ? `Reinstated: the re-audit (round ${round.roundNumber}) on a dispute ${reason}`
      : `Suspension stands: the re-audit (round ${round.roundNumber}) on a dispute ended ${outcome} (${reason})${outcome === 'ESCALATED' ? '; an operator decides' : ''}`,
  });
  await state.save({ transaction: t });
  invalidate.certificates([sub.certificateId], t);
  await AuditLog.create(
    {
      id: randomUUID(),
      operator: 'council',
      action: reinstated ? 'certificate.reinstate' : 'certificate.reaudit',
      targetType: 'certificate',
      targetId: sub.certificateId,
      details: { reason, outcome, roundId: round.id, disputeId: round.disputeId },
    },
    { transaction: t },
  );
}

/** What the owner sees of the latest dispute on a submission. */
export async function disputeOf(submissionId: string) {
  const d = await Dispute.findOne({ where: { submissionId }, order: [['createdAt', 'DESC'], ['id', 'DESC']] });
  return d ? disputeView(d) : null;
}

export async function disputeView(d: Dispute) {
  const round = d.reAuditRoundId ? await CouncilRound.findByPk(d.reAuditRoundId) : null;
  return {
    disputeId: d.id,
    submissionId: d.submissionId,
    status: d.status,
    reason: d.reason,
    disputedStatus: d.disputedStatus ?? null,
    certificateId: d.certificateId ?? null,
    createdAt: d.createdAt.toISOString(),
    resolution: d.resolution,
    resolvedAt: d.resolvedAt ? d.resolvedAt.toISOString() : null,
    reAudit: round
      ? {
          roundId: round.id,
          roundNumber: round.roundNumber,
          roundType: round.roundType,
          status: round.closedAt ? 'DECIDED' : 'IN_PROGRESS',
          outcome: round.outcome,
          outcomeReason: round.outcomeReason,
          decidedAt: round.closedAt ? round.closedAt.toISOString() : null,
        }
      : null,
  };
}
