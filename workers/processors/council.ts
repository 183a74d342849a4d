import type { Job } from 'bull';
import type { VoteJob } from '../../shared/queues/index.js';
import { castVote } from '../../shared/council/round.js';

export async function processVote(job: Job<VoteJob>): Promise<{ outcome?: string }> {
  return castVote(job.data.roundId, job.data.validatorKey);
}
