/**
 * What a verdict does to a submission and its certificate. The council tallies a round and reports the
 * finished tally through its seam (shared/council/hooks.ts, `CouncilSubmissions`); this module answers
 * it inside the council's transaction:
 *
 *   IN_AUDIT + APPROVED  -> APPROVED, the certificate sealed
 *   IN_AUDIT + REJECTED  -> REJECTED with the validators' reasons and the free resubmissions left
 *   IN_AUDIT + ESCALATED -> ESCALATED; an operator decides (`resolveEscalation`)
 *   APPROVED (a dispute's re-audit of a SUSPENDED certificate) -> the certificate is settled, the
 *   submission stays APPROVED (`settleDisputedCertificate`)
 *
 * Loading this module wires the seam: every process that records votes (the web process's validator
 * routes, the worker's vote jobs and sweeper, the `cert` command line) loads it.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { db } from '../db/connection.js';
import { deferring } from '../db/deferred.js';
import { AuditLog, Category, CouncilRound, Submission, lockSubmission } from '../db/models.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { sealCertificate } from '../certificates/issue.js';
import { setCouncilSubmissions, type FinishedTally } from '../council/hooks.js';
import { rejectionSummary } from '../council/tally.js';
import type { VoteVerdict } from '../council/types.js';
import { settleDisputedCertificate } from './disputes.js';
import { transition } from './transitions.js';

/** Moves the submission (and seals the certificate on approval) by a finished tally. */
export async function applyTally(sub: Submission, tally: FinishedTally, t: Transaction): Promise<void> {
  const { round, outcome, reason, votes } = tally;
  // A dispute's re-audit of a suspended certificate decides the certificate; the submission stays APPROVED.
  if (sub.status !== 'IN_AUDIT') {
    await settleDisputedCertificate(round, sub, outcome, reason, t);
    return;
  }
  if (outcome === 'APPROVED') {
    if (deferring(t) && !sub.certificateId) {
      // Writes held (the sandbox job's one transaction): the move is made first with the certificate's id
      // chosen here, and saved in the seal's compound statement, after the certificate's INSERT (one
      // statement sent fewer per approval; the same rows committed).
      const certificateId = randomUUID();
      await transition(sub, 'APPROVED', t, { certificateId, verdictSummary: reason }, { deferSave: true });
      await sealCertificate(sub, round, { reason, decidedBy: 'council' }, t, votes, { id: certificateId });
      return;
    }
    const cert = await sealCertificate(sub, round, { reason, decidedBy: 'council' }, t, votes);
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
  // ApiErrors, so the console shows a refused decision with its status and code as the CLI prints it.
  if (!reason.trim()) throw badRequest('reason_required', 'A reason is required', 'reason');
  return db().transaction(async (t) => {
    const sub = await lockSubmission(submissionId, t);
    if (!sub) throw notFound(`Submission ${submissionId}`);
    if (sub.status !== 'ESCALATED') throw conflict('submission_not_escalated', `Submission ${submissionId} is ${sub.status}, not ESCALATED`);
    const round = await CouncilRound.findOne({ where: { submissionId }, order: [['roundNumber', 'DESC']], transaction: t });
    if (!round) throw conflict('no_council_round', `Submission ${submissionId} has no council round`);
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

setCouncilSubmissions({
  // The first vote of a round moves the submission into audit; saved with the round's next state, so a
  // vote's transaction updates the submission once.
  auditStarted: async (sub, t) => {
    if (sub.status === 'PENDING_AUDIT') await transition(sub, 'IN_AUDIT', t, {}, { deferSave: true });
  },
  tallied: applyTally,
});
