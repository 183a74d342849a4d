import type { SubmitBody } from '../api/schemas.js';
import type { Submission } from '../db/models.js';
import { config } from '../config.js';
import { unprocessable } from '../errors.js';
import { priceV1Request, useIntent } from './payment-intents.js';
import { createSubmission } from './intake.js';

/**
 * The `/cert/v1` submission (`POST /cert/v1/submissions/submit`) as one use case. This channel pays
 * ahead: a payment intent states the price and is confirmed with an x402 proof
 * (shared/submissions/payment-intents.ts); the submission spends it in the transaction that creates it, so one
 * paid intent buys one submission with the files it was priced for. With CERT_V1_REQUIRE_PAYMENT,
 * whatever costs anything by the one price rule needs such an intent.
 */
export async function v1Submit(owner: string, body: SubmitBody): Promise<{ submission: Submission; replayed: boolean }> {
  const intentId = body.paymentIntentId;
  if (!intentId && config().CERT_V1_REQUIRE_PAYMENT) {
    const { price } = await priceV1Request(body);
    if (price.totalUsd > 0) throw unprocessable('payment_required', `This submission costs ${price.amountUsdc} USDC: create a payment intent (POST /cert/v1/payments/intents) with the same categoryKey and dependency files, confirm it, and send its paymentIntentId`, 'paymentIntentId');
  }
  return createSubmission({ owner, channel: 'cert-v1' }, body, {
    inTransaction: intentId
      ? async (sub, t) => {
          sub.paymentId = await useIntent(intentId, owner, sub.categoryKey, sub.id, sub.dependencyFiles, t);
          await sub.save({ transaction: t });
        }
      : undefined,
  });
}
