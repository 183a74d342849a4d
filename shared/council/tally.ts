/**
 * The council rule. Only a complete round is tallied (n = expected = votes.length):
 *
 *  1. any ESCALATE                       → ESCALATED ("high-risk signal: human review required")
 *  2. rejects > n/2                      → REJECTED
 *  3. approves > n/2 and rejects == 0    → APPROVED
 *  4. anything else (approvals and rejections both present without a reject majority, or a tie)
 *                                        → ESCALATED ("split vote")
 *
 * With three validators: 3 approve → APPROVED; 2 approve + 1 reject → ESCALATED (split);
 * 1 approve + 2 reject → REJECTED; 3 reject → REJECTED; any escalate → ESCALATED.
 */
import type { CouncilOutcome, VoteVerdict } from './types.js';

export function tallyVotes(votes: VoteVerdict[], expected: number): { outcome: CouncilOutcome; reason: string } {
  if (!Number.isInteger(expected) || expected < 1) {
    throw new Error(`tallyVotes: expected must be a positive integer, got ${String(expected)}`);
  }
  if (votes.length !== expected) {
    throw new Error(`tallyVotes: incomplete round (${votes.length} of ${expected} votes)`);
  }
  const n = votes.length;
  let approves = 0;
  let rejects = 0;
  let escalates = 0;
  for (const v of votes) {
    if (v === 'APPROVE') approves++;
    else if (v === 'REJECT') rejects++;
    else if (v === 'ESCALATE') escalates++;
    else throw new Error(`tallyVotes: unknown verdict ${String(v)}`);
  }
  if (escalates > 0) {
    return { outcome: 'ESCALATED', reason: 'high-risk signal: human review required' };
  }
  if (rejects > n / 2) {
    return { outcome: 'REJECTED', reason: `rejected by ${rejects} of ${n} validators` };
  }
  if (approves > n / 2 && rejects === 0) {
    return { outcome: 'APPROVED', reason: `approved by ${approves} of ${n} validators` };
  }
  return {
    outcome: 'ESCALATED',
    reason: `split vote: ${approves} approve, ${rejects} reject of ${n}; human review required`,
  };
}

const MAX_SUMMARY = 999;
const MAX_REASON = 300;

function clean(reason: string): string {
  const r = reason.trim().replace(/\s+/gu, ' ').replace(/[.;\s]+$/u, '');
  return r.length > MAX_REASON ? `${r.slice(0, MAX_REASON - 1)}…` : r;
}

/**
 * One or two sentences from the REJECT opinions' reasons, deduplicated, in validator order
 * (the order of `opinions`). "noted: …" reasons are informational and left out.
 * Always under 1000 characters: reasons that do not fit are counted as "and K more".
 */
export function rejectionSummary(
  opinions: { validatorKey: string; verdict: VoteVerdict; reasons: string[] }[],
): string {
  const rejecting = opinions.filter((o) => o.verdict === 'REJECT');
  if (rejecting.length === 0) return 'No validator rejected the submission.';

  const reasons: string[] = [];
  for (const o of rejecting) {
    for (const raw of o.reasons) {
      if (/^noted:/iu.test(raw.trim())) continue;
      const r = clean(raw);
      if (r && !reasons.includes(r)) reasons.push(r);
    }
  }

  const head = `Rejected by ${rejecting.length} of ${opinions.length} validator${opinions.length === 1 ? '' : 's'}`;
  if (reasons.length === 0) return `${head}.`;

  let body = '';
  let used = 0;
  for (const r of reasons) {
    const next = body ? `${body}; ${r}` : r;
    const remaining = reasons.length - used - 1;
    const tail = remaining > 0 ? `; and ${remaining} more reason${remaining === 1 ? '' : 's'}` : '';
    if (`${head}: ${next}${tail}.`.length > MAX_SUMMARY) break;
    body = next;
    used++;
  }
  const left = reasons.length - used;
  if (used === 0) return `${head}; ${left} reason${left === 1 ? '' : 's'} omitted for length.`;
  const more = left > 0 ? `; and ${left} more reason${left === 1 ? '' : 's'}` : '';
  return `${head}: ${body}${more}.`;
}
