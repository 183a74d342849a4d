import type { Job } from 'bull';
import type { WebhookJob } from '../../shared/queues/index.js';
import { attemptDelivery } from '../../shared/webhooks/store.js';

/** One attempt of one webhook delivery; the last of the job's attempts records the delivery as failed. */
export async function processWebhook(job: Job<WebhookJob>) {
  return attemptDelivery(job.data.deliveryId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
}
