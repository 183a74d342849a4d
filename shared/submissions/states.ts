/**
 * The submission states and which of them are final, apart from the transition table (transitions.ts) and
 * its database imports, so that light readers (the test harness's waits) can name them without loading models.
 */

/** Submission states, exactly those of the interface (spec 3.1). */
export const SUBMISSION_STATES = ['PENDING_SANDBOX', 'SANDBOX_FAILED', 'PENDING_AUDIT', 'IN_AUDIT', 'APPROVED', 'REJECTED', 'ESCALATED'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** Final unless a dispute is upheld (transitions.ts: TRANSITIONS, REAUDIT_MOVES). */
export const FINAL_STATES: readonly SubmissionState[] = ['SANDBOX_FAILED', 'APPROVED', 'REJECTED'];
