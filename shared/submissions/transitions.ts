import type { Transaction } from 'sequelize';
import { Submission } from '../db/models.js';

/** Submission states, exactly those of the interface (spec 3.1). */
export const SUBMISSION_STATES = ['PENDING_SANDBOX', 'SANDBOX_FAILED', 'PENDING_AUDIT', 'IN_AUDIT', 'APPROVED', 'REJECTED', 'ESCALATED'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/**
 * The one transition table. Printed in the README; every state change goes through `transition`.
 * SANDBOX_FAILED, APPROVED and REJECTED are final: a resubmission is a new record.
 */
export const TRANSITIONS: Record<SubmissionState, readonly SubmissionState[]> = {
  PENDING_SANDBOX: ['PENDING_AUDIT', 'SANDBOX_FAILED'],
  SANDBOX_FAILED: [],
  PENDING_AUDIT: ['IN_AUDIT'],
  IN_AUDIT: ['APPROVED', 'REJECTED', 'ESCALATED'],
  ESCALATED: ['APPROVED', 'REJECTED'],
  APPROVED: [],
  REJECTED: [],
};

export const FINAL_STATES: readonly SubmissionState[] = ['SANDBOX_FAILED', 'APPROVED', 'REJECTED'];

export function isSubmissionState(s: string): s is SubmissionState {
  return (SUBMISSION_STATES as readonly string[]).includes(s);
}

export function canTransition(from: string, to: SubmissionState): boolean {
  return isSubmissionState(from) && TRANSITIONS[from].includes(to);
}

export class TransitionError extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`illegal submission transition ${from} -> ${to}`);
  }
}

/**
 * Moves a submission that the caller has locked (SELECT … FOR UPDATE in `t`) to `to`, with any
 * column changes that belong to the move. Throws TransitionError on an illegal move.
 */
export async function transition(
  sub: Submission,
  to: SubmissionState,
  t: Transaction,
  changes: Partial<Pick<Submission, 'sandboxRiskLevel' | 'sandboxReport' | 'verdictSummary' | 'rejectionSummary' | 'freeResubmissionsLeft' | 'certificateId'>> = {},
): Promise<void> {
  if (!canTransition(sub.status, to)) throw new TransitionError(sub.status, to);
  sub.set({ ...changes, status: to, statusChangedAt: new Date() });
  await sub.save({ transaction: t });
}

/** Loads a submission with a row lock for the duration of `t`. */
export function lockSubmission(id: string, t: Transaction): Promise<Submission | null> {
  return Submission.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
}
