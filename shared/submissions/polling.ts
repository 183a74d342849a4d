import { FINAL_STATES, type SubmissionState } from './transitions.js';

/**
 * When a client should read a submission again (docs/api.md#polling-a-submission). The interface
 * recommends polling every 30 seconds (spec 4.4 rule 3, spec 8); the hint is shorter where the next
 * step takes seconds and longer where it waits for a person. Final states carry no hint: nothing will
 * change unless the owner opens a dispute (then the dispute's wait applies) — an approved
 * certificate's on-chain commit is followed on its verify, not here.
 */
export const POLL_AFTER_SECONDS: Record<SubmissionState, number | null> = {
  // The sandbox step (and a CODE+PACKAGES submission's package audits) takes seconds to minutes.
  PENDING_SANDBOX: 10,
  // Built-in validators decide in seconds; external ones within their lease: the spec's interval.
  PENDING_AUDIT: 30,
  IN_AUDIT: 30,
  // An operator decides: minutes to hours.
  ESCALATED: 300,
  SANDBOX_FAILED: null,
  APPROVED: null,
  REJECTED: null,
};

/**
 * A final state still changes while a dispute is open (an operator decides, like an escalation) or
 * while the re-audit of an approved submission's suspended certificate runs (a council round).
 */
export const DISPUTE_POLL_AFTER_SECONDS = { operator: 300, council: 30 } as const;

/** The hint for a submission in `status`; undefined when nothing is expected to change. */
export function pollAfterSeconds(status: string, dispute?: keyof typeof DISPUTE_POLL_AFTER_SECONDS): number | undefined {
  const own = POLL_AFTER_SECONDS[status as SubmissionState];
  if (own !== undefined && own !== null) return own;
  if (dispute && (FINAL_STATES as readonly string[]).includes(status)) return DISPUTE_POLL_AFTER_SECONDS[dispute];
  return undefined;
}

/** What a submission's latest dispute still waits on, if anything. */
export function disputeWaitsOn(dispute: { status: string; reAudit: { status: string } | null } | null | undefined): keyof typeof DISPUTE_POLL_AFTER_SECONDS | undefined {
  if (!dispute) return undefined;
  if (dispute.status === 'OPEN') return 'operator';
  return dispute.reAudit?.status === 'IN_PROGRESS' ? 'council' : undefined;
}

/** The longest long-poll (`?waitSeconds=`): below the usual 60 s idle timeout of proxies and load balancers. */
export const MAX_WAIT_SECONDS = 30;
