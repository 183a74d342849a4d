import type { Job } from 'bull';
import type { PayoutRunJob } from '../../shared/queues/index.js';
import { runPayouts } from '../../shared/economy/payouts.js';

export { enqueuePayoutRun } from '../../shared/economy/payouts.js';

/** Pays every owed ledger entry; exactly once per entry (see shared/economy/payouts.ts). */
export async function processPayouts(_job: Job<PayoutRunJob>) {
  return runPayouts();
}
