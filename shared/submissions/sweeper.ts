import { Op } from 'sequelize';
import { CouncilRound, Submission, Vote } from '../db/models.js';
import { enqueue } from '../queues/index.js';
import { castByWorker, enqueueWorkerVotes, roundsNeedingSeats } from '../council/seats.js';
import { settleSeats } from '../council/round.js';

/**
 * Re-enqueues work whose job may have been lost (a crash between commit and enqueue, a job that
 * failed for good). Safe to run from every worker at once: job ids are deterministic and every
 * handler is idempotent.
 */
export async function sweep(staleMs: number, limit = 200): Promise<{ sandbox: number; votes: number; seats: number }> {
  const before = new Date(Date.now() - staleMs);
  const waiting = await Submission.findAll({
    attributes: ['id'],
    where: { status: 'PENDING_SANDBOX', statusChangedAt: { [Op.lt]: before } },
    order: [['statusChangedAt', 'ASC']],
    limit,
  });
  let sandbox = 0;
  for (const s of waiting) if ((await enqueue.sandbox(s.id)) !== 'exists') sandbox++;
  const rounds = await CouncilRound.findAll({ where: { closedAt: null, createdAt: { [Op.lt]: before } }, order: [['createdAt', 'ASC']], limit });
  let votes = 0;
  for (const r of rounds) votes += await ensureVoteJobs(r);
  // On-chain commits need no sweeping: the batcher reads what is pending from MySQL itself.
  // Leases that ran out and claim windows that closed: seats go to the next claimant or a built-in.
  let seats = 0;
  for (const id of await roundsNeedingSeats(limit)) seats += await settleSeats(id);
  return { sandbox, votes, seats };
}

/**
 * Enqueues the vote jobs of the validators of an open round that have not voted yet. `fresh`: the round was
 * just opened, so nobody has voted (saves the query).
 */
export async function ensureVoteJobs(round: Pick<CouncilRound, 'id' | 'validatorKeys'>, fresh = false): Promise<number> {
  const cast = fresh ? new Set<string>() : new Set((await Vote.findAll({ attributes: ['validatorKey'], where: { roundId: round.id }, raw: true })).map((v) => v.validatorKey));
  // External validators vote over HTTP; only the validators the worker runs get jobs.
  return enqueueWorkerVotes(round.id, round.validatorKeys.filter((k) => castByWorker(k) && !cast.has(k)));
}

export async function openRoundOf(submissionId: string): Promise<CouncilRound | null> {
  return CouncilRound.findOne({ where: { submissionId, closedAt: null } });
}
