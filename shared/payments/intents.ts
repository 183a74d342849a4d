import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { PaymentIntent, type Category } from '../db/models.js';
import { conflict, notFound, unprocessable } from '../errors.js';
import { isUuid } from '../ids.js';
import { buildPaymentRequired, paymentTerms } from './x402/requirements.js';
import { connectChain } from '../chain/provider.js';
import { chainConfig } from '../chain/config.js';

export const INTENT_TTL_MS = 60 * 60 * 1000;

/** An intent states what is bought and its price; confirming it with an x402 proof pays it. */
export async function createIntent(owner: string, category: Category, resourceUrl: string) {
  const amount = Number(category.priceUsd).toFixed(2);
  const intent = await PaymentIntent.create({ id: randomUUID(), owner, categoryKey: category.key, amountUsdc: amount, status: 'REQUIRES_PAYMENT', paymentId: null, submissionId: null, expiresAt: new Date(Date.now() + INTENT_TTL_MS) });
  let paymentRequired: unknown = null;
  try {
    const ctx = await connectChain(chainConfig());
    paymentRequired = buildPaymentRequired({ resourceUrl: `${resourceUrl}/${intent.id}/confirm`, description: `cert submission (${category.key})`, amountUsdc: amount, cfg: paymentTerms(ctx) });
  } catch {
    /* chain unreachable: the confirm call answers 402/503 with the requirements when it is back */
  }
  return { intent, paymentRequired };
}

export const intentView = (i: PaymentIntent, extra: object = {}) => ({
  intentId: i.id,
  categoryKey: i.categoryKey,
  purpose: 'submission',
  amountUsdc: i.amountUsdc,
  status: i.status,
  paymentId: i.paymentId,
  submissionId: i.submissionId,
  expiresAt: i.expiresAt.toISOString(),
  ...extra,
});

export async function ownIntent(id: string, owner: string): Promise<PaymentIntent> {
  const i = isUuid(id) ? await PaymentIntent.findByPk(id.toLowerCase()) : null;
  if (!i || i.owner !== owner) throw notFound('Payment intent', 'id');
  return i;
}

/** Spends a paid intent on one submission, inside the submission's transaction. */
export async function useIntent(intentId: string, owner: string, categoryKey: string, submissionId: string, t: Transaction): Promise<string> {
  const i = await PaymentIntent.findByPk(intentId, { transaction: t, lock: t.LOCK.UPDATE });
  if (!i || i.owner !== owner) throw notFound('Payment intent', 'paymentIntentId');
  if (i.submissionId) throw conflict('payment_intent_used', `Payment intent ${intentId} already paid for submission ${i.submissionId}`, 'paymentIntentId');
  if (i.status !== 'PAID') throw unprocessable('payment_intent_unpaid', `Payment intent ${intentId} is ${i.status}; confirm it with an x402 proof first`, 'paymentIntentId');
  if (i.categoryKey !== categoryKey) throw unprocessable('payment_intent_mismatch', `Payment intent ${intentId} pays for ${i.categoryKey}, not ${categoryKey}`, 'paymentIntentId');
  i.set({ submissionId, status: 'USED' });
  await i.save({ transaction: t });
  return i.paymentId!;
}
