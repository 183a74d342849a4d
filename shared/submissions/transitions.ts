import type { Transaction } from 'sequelize';
import { type Submission, saveChanged } from '../db/models.js';
import { invalidate } from '../cache/read-cache.js';
import { submissionEvent } from '../webhooks/events.js';
import { recordWebhookEvent } from '../webhooks/store.js';
import { FINAL_STATES, SUBMISSION_STATES, type SubmissionState } from './states.js';

export { FINAL_STATES, SUBMISSION_STATES, type SubmissionState };

/**
 * The one transition table. Printed in docs/review-flow.md; every state change goes through `transition`.
 * SANDBOX_FAILED, REJECTED and ESCALATED leave for PENDING_AUDIT only through an upheld dispute (a
 * RE_AUDIT round on the same content, shared/submissions/disputes.ts); otherwise SANDBOX_FAILED,
 * APPROVED and REJECTED are final: a resubmission is a new record.
 */
export const TRANSITIONS: Record<SubmissionState, readonly SubmissionState[]> = {
  PENDING_SANDBOX: ['PENDING_AUDIT', 'SANDBOX_FAILED'],
  SANDBOX_FAILED: ['PENDING_AUDIT'],
  PENDING_AUDIT: ['IN_AUDIT'],
  IN_AUDIT: ['APPROVED', 'REJECTED', 'ESCALATED'],
  ESCALATED: ['APPROVED', 'REJECTED', 'PENDING_AUDIT'],
  APPROVED: [],
  REJECTED: ['PENDING_AUDIT'],
};

/** The moves only an upheld dispute makes (its re-audit); `transition` refuses them otherwise. */
export const REAUDIT_MOVES: readonly (readonly [SubmissionState, SubmissionState])[] = [
  ['SANDBOX_FAILED', 'PENDING_AUDIT'],
  ['REJECTED', 'PENDING_AUDIT'],
  ['ESCALATED', 'PENDING_AUDIT'],
];

const isReauditMove = (from: string, to: string) => REAUDIT_MOVES.some(([f, t]) => f === from && t === to);

export function isSubmissionState(s: string): s is SubmissionState {
  return (SUBMISSION_STATES as readonly string[]).includes(s);
}

/** Whether `from -> to` is allowed; a re-audit move only for an upheld dispute (`opts.reaudit`). */
export function canTransition(from: string, to: SubmissionState, opts: { reaudit?: boolean } = {}): boolean {
  if (!isSubmissionState(from) || !TRANSITIONS[from].includes(to)) return false;
  return isReauditMove(from, to) ? opts.reaudit === true : true;
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
 * column changes that belong to the move. Throws TransitionError on an illegal move. `deferSave`: the
 * caller saves the submission later in `t` (a move followed by another in the same transaction is one
 * UPDATE).
 */
export async function transition(
  sub: Submission,
  to: SubmissionState,
  t: Transaction,
  changes: Partial<Pick<Submission, 'sandboxRiskLevel' | 'sandboxReport' | 'endpointReview' | 'verdictSummary' | 'rejectionSummary' | 'freeResubmissionsLeft' | 'certificateId'>> = {},
  opts: { reaudit?: boolean; deferSave?: boolean } = {},
): Promise<void> {
  if (!canTransition(sub.status, to, opts)) throw new TransitionError(sub.status, to);
  const from = sub.status;
  const at = new Date();
  sub.set({ ...changes, status: to, statusChangedAt: at });
  if (!opts.deferSave) await saveChanged(sub, t);
  // The owner's webhooks (docs/webhooks.md): the event commits with the move, or not at all.
  await recordWebhookEvent(sub.owner, submissionEvent(sub, from, to, at), t);
  // Status reads and their long-polls see the move once it commits (docs/api.md#polling-a-submission).
  invalidate.submissions([sub.id], t);
}
