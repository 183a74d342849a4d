import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { PaymentIntent } from '../db/models.js';
import { canonicalJson, sha256Hex } from '../canonical.js';
import { assertNoRefusals } from '../packages/intake.js';
import { previewFiles } from '../packages/preview.js';
import { PRODUCT_TYPES_V1, activeCategory, loadDependencyFiles } from './intake.js';
import { priceSubmission } from '../payments/submission-price.js';
import { conflict, notFound, unprocessable } from '../errors.js';
import { isUuid } from '../ids.js';
import { buildPaymentRequired, paymentTerms } from '../payments/x402/requirements.js';
import { listPayments, type PaymentRecord } from '../payments/x402/ledger.js';
import type { PriceTerms } from './paid-submit.js';
import { connectChain } from '../chain/provider.js';
import { chainConfig } from '../chain/config.js';

export const INTENT_TTL_MS = 60 * 60 * 1000;

/** The dependency files an intent was priced for, named by the SHA-256 of their canonical JSON. */
export const dependencyFilesSha256 = (files: Record<string, string> | null | undefined): string | null =>
  files && Object.keys(files).length ? sha256Hex(canonicalJson(files)) : null;

export interface IntentRequest {
  categoryKey: string;
  /** CODE+PACKAGES: the files the submission will carry (default: those next to sourceUrl at sourceRef). */
  dependencyFiles?: Record<string, string>;
  sourceUrl?: string;
  sourceRef?: string;
}

/**
 * The price of a `/cert/v1` submission request (category, and for CODE+PACKAGES the packages its
 * dependency files would audit, previewed now). Refuses what the submission would refuse.
 */
export async function priceV1Request(body: IntentRequest) {
  const category = await activeCategory(body.categoryKey, PRODUCT_TYPES_V1);
  const deps = await loadDependencyFiles(category, body);
  if (deps) assertNoRefusals(deps.parsed);
  const price = await priceSubmission(category, { packages: deps ? await previewFiles(deps.files) : null });
  return { category, dependencyFiles: deps?.files ?? null, price };
}

/**
 * An intent states what is bought and its price; confirming it with an x402 proof pays it. The price
 * is the one rule of every channel (shared/payments/submission-price.ts): for CODE+PACKAGES the
 * dependency files are previewed now and their packages to audit added, and the intent keeps their
 * SHA-256 so that it pays only for a submission with those files (`useIntent`). A request that a
 * submission would refuse (no manifest, refused declarations) is refused here: nobody pays for it.
 */
export async function openPaymentIntent(owner: string, body: IntentRequest, resourceUrl: string) {
  const { category, dependencyFiles, price } = await priceV1Request(body);
  const amount = price.amountUsdc;
  const intent = await PaymentIntent.create({
    id: randomUUID(),
    owner,
    categoryKey: category.key,
    amountUsdc: amount,
    price: price as unknown as Record<string, unknown>,
    dependencyFilesSha256: dependencyFilesSha256(dependencyFiles),
    status: 'REQUIRES_PAYMENT',
    paymentId: null,
    submissionId: null,
    expiresAt: new Date(Date.now() + INTENT_TTL_MS),
  });
  let paymentRequired: unknown = null;
  try {
    const ctx = await connectChain(chainConfig());
    paymentRequired = buildPaymentRequired({ resourceUrl: `${resourceUrl}/${intent.id}/confirm`, description: intentDescription(intent), amountUsdc: amount, cfg: paymentTerms(ctx) });
  } catch {
    /* chain unreachable: the confirm call answers 402/503 with the requirements when it is back */
  }
  return { intent, paymentRequired };
}

/** What the payment of an intent is for, as the 402 and the wallet show it. */
export function intentDescription(i: PaymentIntent): string {
  const audits = Number((i.price as { packagesToAudit?: number } | null)?.packagesToAudit ?? 0);
  return audits ? `cert submission (${i.categoryKey}) with ${audits} package audit${audits === 1 ? '' : 's'}` : `cert submission (${i.categoryKey})`;
}

export const intentView = (i: PaymentIntent, extra: object = {}) => ({
  intentId: i.id,
  categoryKey: i.categoryKey,
  purpose: 'submission',
  amountUsdc: i.amountUsdc,
  // How the amount is made up: the same object the validate dry run shows as its price.
  price: i.price ?? null,
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

/**
 * Spends a paid intent on one submission, inside the submission's transaction. A CODE+PACKAGES
 * intent pays for the dependency files it was priced for, and for no others.
 */
export async function useIntent(intentId: string, owner: string, categoryKey: string, submissionId: string, dependencyFiles: Record<string, string> | null, t: Transaction): Promise<string> {
  const i = await PaymentIntent.findByPk(intentId, { transaction: t, lock: t.LOCK.UPDATE });
  if (!i || i.owner !== owner) throw notFound('Payment intent', 'paymentIntentId');
  if (i.submissionId) throw conflict('payment_intent_used', `Payment intent ${intentId} already paid for submission ${i.submissionId}`, 'paymentIntentId');
  if (i.status !== 'PAID') throw unprocessable('payment_intent_unpaid', `Payment intent ${intentId} is ${i.status}; confirm it with an x402 proof first`, 'paymentIntentId');
  if (i.categoryKey !== categoryKey) throw unprocessable('payment_intent_mismatch', `Payment intent ${intentId} pays for ${i.categoryKey}, not ${categoryKey}`, 'paymentIntentId');
  if ((i.dependencyFilesSha256 ?? null) !== dependencyFilesSha256(dependencyFiles)) {
    throw unprocessable('payment_intent_mismatch', `Payment intent ${intentId} was priced for other dependency files; create an intent with the files this submission carries`, 'paymentIntentId');
  }
  i.set({ submissionId, status: 'USED' });
  await i.save({ transaction: t });
  return i.paymentId!;
}

/** The payment a confirmation settled, as its answer shows it. */
export type IntentPayment = Pick<PaymentRecord, 'id' | 'txHash' | 'payer' | 'network'>;
/** Asks the buyer for `terms` (the x402 exchange of the confirm request); 'answered' when it answered instead (402, 409, 503). */
export type ChargeIntent = (terms: PriceTerms) => Promise<{ outcome: 'paid'; payment: IntentPayment } | { outcome: 'answered' }>;

/**
 * Confirms an intent with a payment: one already paid (or used) is shown as it is; an expired one is
 * paid only by a payment that settled for it before it expired (a lost response, however late the
 * retry: docs/payments-recovery.md); otherwise the buyer is asked the intent's amount. Null when
 * `charge` answered instead.
 */
export async function confirmIntent(intent: PaymentIntent, charge: ChargeIntent): Promise<{ intent: PaymentIntent; payment?: IntentPayment } | null> {
  if (intent.status !== 'REQUIRES_PAYMENT') return { intent };
  const resource = `intent:${intent.id}`;
  if (intent.expiresAt.getTime() < Date.now()) {
    const [settled] = await listPayments({ resource, status: 'SETTLED' });
    if (!settled) throw conflict('payment_intent_expired', 'This payment intent expired; create a new one');
    await intent.update({ status: 'PAID', paymentId: settled.id });
    return { intent };
  }
  const price = intent.price as PriceTerms['breakdown'] | null;
  const paid = await charge({ amountUsdc: intent.amountUsdc, description: intentDescription(intent), resource, purpose: { kind: 'intent', intentId: intent.id, price: intent.price }, ...(price ? { breakdown: price } : {}) });
  if (paid.outcome === 'answered') return null;
  await intent.update({ status: 'PAID', paymentId: paid.payment.id });
  return { intent, payment: paid.payment };
}
