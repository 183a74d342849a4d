import type { Job } from 'bull';
import { queue, type PayoutRunJob } from '../../shared/queues/index.js';
import { runPayouts } from '../../shared/economy/payouts.js';
import { logger } from '../../shared/log.js';

/** Pays every owed ledger entry; exactly once per entry (see shared/economy/payouts.ts). */
export async function processPayouts(_job: Job<PayoutRunJob>) {
  return runPayouts();
}

/** Many triggers, one kind of work: a run already waiting covers this one. */
export async function enqueuePayoutRun(): Promise<void> {
  try {
    const q = queue('payouts');
    if ((await q.getWaitingCount()) > 0) return;
    await q.add({}, { removeOnComplete: 100, removeOnFail: 100, attempts: 3 });
  } catch (err) {
    logger('payouts').warn({ err: (err as Error).message }, 'could not enqueue a payout run; the periodic sweep retries');
  }
}
