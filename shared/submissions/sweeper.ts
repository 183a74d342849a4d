import { Op } from 'sequelize';
import { CouncilRound, Submission } from '../db/models.js';
import { enqueue } from '../queues/index.js';
import { roundsNeedingSeats } from '../council/seats.js';
import { settleSeats } from '../council/round.js';
import { ensureVoteJobs } from '../council/fan-out.js';
// A settled seat can complete a round: the council reports its tally through the seam this module wires.
import './verdict.js';

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
