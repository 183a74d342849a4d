import type { Job } from 'bull';
import type { Transaction } from 'sequelize';
import type { SandboxJob } from '../../shared/queues/index.js';
import { readSubmission, type CouncilRound, type Submission } from '../../shared/db/models.js';
import { type OpenedRound, runSandboxStep } from '../../shared/submissions/sandbox-step.js';
import { ensureVoteJobs, openRoundOf } from '../../shared/council/fan-out.js';
import { castBuiltInVotesInStep, castBuiltInVotesOpened } from '../../shared/council/round.js';
import { isBuiltIn } from '../../shared/council/seats.js';
import { fanOutPackages } from '../../shared/packages/pipeline.js';
import { logger } from '../../shared/log.js';
import { holdInvalidations, type InvalidationHold } from '../../shared/cache/read-cache.js';
// The built-in votes cast here can finish a round: the council reports its tally through this seam.
import '../../shared/submissions/verdict.js';

/**
 * Thin: the steps decide. A CODE+PACKAGES submission first resolves and audits its packages
 * (the package pipeline's fan-out to the packages queue, fanOutPackages; fan-in in
 * markPackagesDoneIfReady); the sandbox step runs once they are settled, then the council's votes
 * follow the step's commit.
 */
export async function processSandbox(job: Job<SandboxJob>): Promise<void> {
  const { submissionId } = job.data;
  const sub = await readSubmission(submissionId);
  if (!sub) return;
  if (!(await fanOutPackages(sub))) return;
  // The step's and the inline votes' invalidations go out together once both committed: a status reader
  // (a long-poll) is woken once, for the state after the votes, not also for the step's state a moment
  // before (read-cache.ts holdInvalidations).
  const hold = holdInvalidations();
  try {
    // The submission as read above, unless the package steps moved it on meanwhile. The round's built-ins
    // vote in the step's transaction (one transaction per verdict); should that fail, the step commits alone
    // and they vote below.
    const opened = await runSandboxStep(submissionId, sub.packagePhase && sub.packagePhase !== 'DONE' ? undefined : sub, hold, votesInStep);
    if (opened) {
      await voteOpenedRound(opened, hold);
      return;
    }
  } finally {
    hold.release();
  }
  // A re-run after a crash between the step's commit and the votes.
  const round = await openRoundOf(submissionId);
  if (round) await ensureVoteJobs(round);
}

/** The step's transaction's part: the seated built-ins vote (none seated: nothing to do). */
const votesInStep = async (round: CouncilRound, sub: Submission, t: Transaction) => {
  if (round.validatorKeys.some(isBuiltIn)) await castBuiltInVotesInStep(round, sub, t);
};

/**
 * A round the step just opened. Its built-in validators vote in this job, not in a second Bull job (one job
 * per verdict instead of two, and the job's Redis round trips with it): in the step's own transaction as a
 * rule (`voted`), else, when that failed and the step committed alone, in their own transaction (as the
 * council job's castBuiltInVotes, starting from the rows the step committed). Exactly once still holds:
 * the votes are recorded under the round's lock, skipping any validator that voted, so a re-run of this job
 * (a worker killed mid-vote: Bull hands the stalled job to another worker), the sweeper's vote job for an
 * open round, or both at once record nothing twice. Other seats (the LLM validator) keep their own jobs; a
 * failed inline vote falls back to the council job and its retries.
 */
async function voteOpenedRound(opened: OpenedRound, hold: InvalidationHold): Promise<void> {
  const others = opened.validatorKeys.filter((k) => !isBuiltIn(k));
  if (others.length > 0) await ensureVoteJobs({ id: opened.id, validatorKeys: others }, true);
  if (opened.voted || !opened.validatorKeys.some(isBuiltIn)) return;
  try {
    await castBuiltInVotesOpened(opened.round, opened.sub, hold);
  } catch (err) {
    logger('council').warn({ roundId: opened.id, err: (err as Error).message }, 'built-in votes failed in the sandbox job; queued as a vote job');
    await ensureVoteJobs(opened);
  }
}
