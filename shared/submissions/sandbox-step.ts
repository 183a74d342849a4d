import { db } from '../db/connection.js';
import { type CouncilRound, Submission, lockSubmissionInStatus } from '../db/models.js';
import { openRound } from '../council/seats.js';
import { storedSkill } from '../skills/stored.js';
import { withFindings } from '../sandbox/analyze.js';
import { limitReport } from '../sandbox/report-limits.js';
import { analyzeSkillBounded } from '../sandbox/skill-pool.js';
import { packageFindings } from '../packages/pipeline.js';
import { faultPoint } from '../faults.js';
import { logger } from '../log.js';
import { endpointFindings } from '../endpoints/judge.js';
import { declaredEndpointsOf, isApiProduct, probeSettings, reviewEndpoints } from '../endpoints/review.js';
import type { EndpointReview } from '../endpoints/types.js';
import { transition } from './transitions.js';

/**
 * API and SKILL+API: the declared endpoints (the product URL, the manifest's declared external calls)
 * probed here in the worker, before the council (docs/endpoint-review.md).
 */
export async function reviewSubmissionEndpoints(sub: Submission): Promise<EndpointReview> {
  const declaredCalls = sub.manifest && sub.manifest.declared?.externalCalls !== false ? sub.manifest.externalCalls : [];
  const { opts, limits } = probeSettings();
  const review = await reviewEndpoints(declaredEndpointsOf({ productUrls: sub.declaredEndpoints ?? [], manifestCalls: declaredCalls }), opts, limits);
  const failed = review.endpoints.filter((e) => e.outcome === 'FAILED');
  logger('endpoints').info({ submissionId: sub.id, status: review.status, probed: review.endpoints.length, failed: failed.map((e) => `${e.url}: ${e.failure}`) }, 'endpoint review');
  return review;
}

export const roundTypeOf = (sub: Submission) => (sub.originalSubmissionId ? 'RE_AUDIT' : 'INITIAL_AUDIT');

/**
 * The sandbox step of one submission. Idempotent: a submission that already left PENDING_SANDBOX
 * is left alone. Returns the council round to fan out to, if one was opened. `loaded`: the submission as
 * the caller just read it (unlocked; the step locks it again before it writes).
 */
export async function runSandboxStep(submissionId: string, loaded?: Submission): Promise<{ id: string; validatorKeys: string[]; round: CouncilRound; sub: Submission } | null> {
  const peek = loaded ?? (await Submission.findByPk(submissionId));
  if (!peek || peek.status !== 'PENDING_SANDBOX') return null;
  // Packages first (rule 7): the skill is reviewed only once every dependency is settled.
  if (peek.packagePhase && peek.packagePhase !== 'DONE') return null;
  // In an analysis thread with a time budget: the worker's other jobs go on meanwhile.
  let report = await analyzeSkillBounded(storedSkill(peek));
  if (peek.packagePhase === 'DONE') report = limitReport(withFindings(report, await packageFindings(submissionId)));
  // Not for a file the sandbox already blocks: its endpoints would change nothing.
  const endpointReview = isApiProduct(peek.productType) && !report.blocked ? await reviewSubmissionEndpoints(peek) : null;
  if (endpointReview) report = limitReport(withFindings(report, endpointFindings(endpointReview, peek.productType)));
  // No active validator at all: openRound throws, the transaction rolls back and the job retries.
  return db().transaction(async (t) => {
    // The submission as read before the analysis, its row locked now: another run of this step may have moved it meanwhile.
    if (!(await lockSubmissionInStatus(peek, 'PENDING_SANDBOX', t))) return null;
    const sub = peek;
    await faultPoint('sandbox.before-commit');
    if (report.blocked) {
      await transition(sub, 'SANDBOX_FAILED', t, { sandboxRiskLevel: report.riskLevel, sandboxReport: report, endpointReview, verdictSummary: report.summary });
      return null;
    }
    await transition(sub, 'PENDING_AUDIT', t, { sandboxRiskLevel: report.riskLevel, sandboxReport: report, endpointReview });
    const round = await openRound(sub, roundTypeOf(sub), t);
    // The committed round and submission: the caller's votes start from them (castBuiltInVotesOpened).
    return { id: round.id, validatorKeys: round.validatorKeys, round, sub };
  });
}
