import type { Job } from 'bull';
import type { VoteJob } from '../../shared/queues/index.js';
import { castBuiltInVotes, castVote } from '../../shared/council/round.js';
// A vote can finish a round: the council reports its tally to the submissions through this seam.
import '../../shared/submissions/verdict.js';

/** One validator's vote (the LLM validator; a built-in's job queued by an older worker), or every seated built-in's. */
export async function processVote(job: Job<VoteJob>): Promise<{ outcome?: string }> {
  const { roundId, validatorKey } = job.data;
  return validatorKey ? castVote(roundId, validatorKey) : castBuiltInVotes(roundId);
}
