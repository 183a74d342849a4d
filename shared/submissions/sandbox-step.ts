import { db } from '../db/connection.js';
import { type CouncilRound, Submission, saveChanged } from '../db/models.js';
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
import type { InvalidationHold } from '../cache/read-cache.js';

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
 * the caller just read it (unlocked; the step locks it again before it writes); `hold`: where the step's
 * cache invalidations wait for the caller's next transaction (see holdInvalidations).
 */
export async function runSandboxStep(submissionId: string, loaded?: Submission, hold?: InvalidationHold): Promise<{ id: string; validatorKeys: string[]; round: CouncilRound; sub: Submission } | null> {
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
  return db()
    .transaction(async (t) => {
      hold?.bind(t);
      const sub = peek;
      if (report.blocked) await transition(sub, 'SANDBOX_FAILED', t, { sandboxRiskLevel: report.riskLevel, sandboxReport: report, endpointReview, verdictSummary: report.summary }, { deferSave: true });
      else await transition(sub, 'PENDING_AUDIT', t, { sandboxRiskLevel: report.riskLevel, sandboxReport: report, endpointReview }, { deferSave: true });
      // The submission as read before the analysis, written only if it is still PENDING_SANDBOX: another run
      // of this step may have moved it meanwhile. The conditional UPDATE takes the row's lock as it checks (a
      // second run waits for the first to commit, then matches nothing), one statement instead of a
      // `SELECT … FOR UPDATE` and the UPDATE.
      if (!(await saveChanged(sub, t, { status: 'PENDING_SANDBOX' }))) throw new StepOvertaken();
      await faultPoint('sandbox.before-commit');
      if (report.blocked) return null;
      const round = await openRound(sub, roundTypeOf(sub), t);
      // The committed round and submission: the caller's votes start from them (castBuiltInVotesOpened).
      return { id: round.id, validatorKeys: round.validatorKeys, round, sub };
    })
    .catch((err: unknown) => {
      // Rolled back: what the transition recorded (its webhook event, its invalidation) goes with it.
      if (err instanceof StepOvertaken) return null;
      throw err;
    });
}

/** Another run of the step moved the submission first: this run's transaction is rolled back. */
class StepOvertaken extends Error {}
