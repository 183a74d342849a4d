import { CouncilRound, Vote } from '../db/models.js';
import { castByWorker, enqueueWorkerVotes } from './seats.js';

/**
 * The council's vote fan-out: enqueues the vote jobs of the validators of an open round that have not
 * voted yet. `fresh`: the round was just opened, so nobody has voted (saves the query). Called after the
 * commit that opened the round, and again by the sweeper for a job a crash may have lost.
 */
export async function ensureVoteJobs(round: Pick<CouncilRound, 'id' | 'validatorKeys'>, fresh = false): Promise<number> {
  const cast = fresh ? new Set<string>() : new Set((await Vote.findAll({ attributes: ['validatorKey'], where: { roundId: round.id }, raw: true })).map((v) => v.validatorKey));
  // External validators vote over HTTP; only the validators the worker runs get jobs.
  return enqueueWorkerVotes(round.id, round.validatorKeys.filter((k) => castByWorker(k) && !cast.has(k)));
}

/** The submission's round still collecting votes, if any. */
export async function openRoundOf(submissionId: string): Promise<CouncilRound | null> {
  return CouncilRound.findOne({ where: { submissionId, closedAt: null } });
}
