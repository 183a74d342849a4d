import { db, deferWrites, lazyTransaction } from '../db/connection.js';
import type { Transaction } from 'sequelize';
import { type CouncilRound, RowMoved, Submission, readSubmission, saveChanged } from '../db/models.js';
import { openRound } from '../council/seats.js';
import { storedSkill } from '../skills/stored.js';
import { withFindings } from '../sandbox/report-order.js';
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

/** A round the step opened, as committed; `voted`: its seated built-ins voted in the step's transaction. */
export interface OpenedRound {
  id: string;
  validatorKeys: string[];
  round: CouncilRound;
  sub: Submission;
  voted?: boolean;
}

/**
 * Work done inside the step's transaction on the round it just opened (the sandbox job's built-in votes,
 * shared/council/round.ts castBuiltInVotesInStep): nobody else can see the round before the commit, and the
 * submission's row lock is the step's (its conditional UPDATE goes before any later write).
 */
export type InStepVotes = (round: CouncilRound, sub: Submission, t: Transaction) => Promise<unknown>;

/**
 * The sandbox step of one submission. Idempotent: a submission that already left PENDING_SANDBOX
 * is left alone. Returns the council round to fan out to, if one was opened. `loaded`: the submission as
 * the caller just read it (unlocked; the step locks it again before it writes); `hold`: where the step's
 * cache invalidations wait for the caller's next transaction (see holdInvalidations); `votes`: run in the
 * step's transaction once the round is open (one transaction per verdict instead of two: its START and
 * COMMIT fewer). When the transaction with the votes fails for any other reason than another run of the
 * step, the step is committed alone (from the row as stored: the failed attempt left its changes on the
 * instance) and the caller votes afterwards, as before the votes joined the step.
 */
export async function runSandboxStep(submissionId: string, loaded?: Submission, hold?: InvalidationHold, votes?: InStepVotes): Promise<OpenedRound | null> {
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
  // With the votes, the transaction is lazy (shared/db/connection.ts lazyTransaction): its START goes with its
  // first statement and its COMMIT with the seal's, so an approval sends one statement.
  const commit = (sub: Submission, inStep?: InStepVotes) =>
    (inStep ? lazyTransaction : (work: (t: Transaction) => Promise<OpenedRound | null>) => db().transaction(work))(async (t): Promise<OpenedRound | null> => {
      hold?.bind(t);
      const step = async (): Promise<OpenedRound | null> => {
        if (report.blocked) await transition(sub, 'SANDBOX_FAILED', t, { sandboxRiskLevel: report.riskLevel, sandboxReport: report, endpointReview, verdictSummary: report.summary }, { deferSave: true });
        else await transition(sub, 'PENDING_AUDIT', t, { sandboxRiskLevel: report.riskLevel, sandboxReport: report, endpointReview }, { deferSave: true });
        // The submission as read before the analysis, written only if it is still PENDING_SANDBOX: another run
        // of this step may have moved it meanwhile. The conditional UPDATE takes the row's lock as it checks (a
        // second run waits for the first to commit, then matches nothing and this transaction rolls back), one
        // statement instead of a `SELECT … FOR UPDATE` and the UPDATE.
        await saveChanged(sub, t, { status: 'PENDING_SANDBOX' }, { orThrow: true });
        await faultPoint('sandbox.before-commit');
        if (report.blocked) return null;
        const round = await openRound(sub, roundTypeOf(sub), t);
        if (inStep) await inStep(round, sub, t);
        // The committed round and submission: the caller's votes start from them (castBuiltInVotesOpened).
        return { id: round.id, validatorKeys: round.validatorKeys, round, sub, voted: inStep !== undefined };
      };
      // With the votes: every write of the step, the round, the votes, the tally and the seal is held back and
      // sent with the seal's statement (or the next one), one compound statement with the transaction's START
      // and COMMIT (shared/db/connection.ts deferWrites, lazyTransaction); the step's check fails that statement
      // when another run moved the submission first.
      return inStep ? deferWrites(t, step) : step();
    });
  // Rolled back: what the transition recorded (its webhook event, its invalidation) goes with it.
  const overtaken = (err: unknown) => {
    if (err instanceof RowMoved) return null;
    throw err;
  };
  if (!votes) return commit(peek).catch(overtaken);
  try {
    return await commit(peek, votes);
  } catch (err) {
    // Another run moved the submission first (RowMoved), or the votes or the seal failed: from the row as stored.
    if (!(err instanceof RowMoved)) logger('council').warn({ submissionId, err: (err as Error).message }, 'the step with its built-in votes failed; the step commits alone and the votes follow');
  }
  const stored = await readSubmission(submissionId);
  if (!stored || stored.status !== 'PENDING_SANDBOX') return null;
  return commit(stored).catch(overtaken);
}
