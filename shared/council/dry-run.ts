/**
 * A whole review without the database: the sandbox, then (when it does not block) every built-in
 * validator and the tally. The same functions the sandbox and council workers call, so a bench or a
 * corpus test measures the service's verdicts, not a copy of them.
 */
import { finishedReport } from '../sandbox/finished-report.js';
import type { SandboxReport } from '../sandbox/types.js';
import type { ParsedSkill } from '../skills/types.js';
import { tallyVotes } from './tally.js';
import type { ProductType, ValidatorOpinion } from './types.js';
import { BUILT_IN_VALIDATORS } from './validators.js';

export type DryRunStatus = 'SANDBOX_FAILED' | 'APPROVED' | 'REJECTED' | 'ESCALATED';

export interface DryRun {
  status: DryRunStatus;
  report: SandboxReport;
  opinions: { validatorKey: string; opinion: ValidatorOpinion }[];
  reason: string;
}

/**
 * On the calling thread (tests, benches, offline tools; no request or job waits on it), with the same
 * bounded report the service stores.
 */
export function dryRunReview(skill: ParsedSkill, productType: ProductType = 'SKILL'): DryRun {
  const report = finishedReport(skill);
  if (report.blocked) return { status: 'SANDBOX_FAILED', report, opinions: [], reason: report.summary };
  const c = { submissionId: 'dry-run', productType, skill, sandbox: report };
  const opinions = BUILT_IN_VALIDATORS.map((v) => ({ validatorKey: v.key, opinion: v.review(c) }));
  const { outcome, reason } = tallyVotes(opinions.map((o) => o.opinion.verdict), opinions.length);
  return { status: outcome, report, opinions, reason };
}
