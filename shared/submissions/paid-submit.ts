import type { SubmitBody } from '../api/schemas.js';
import type { Category, Submission } from '../db/models.js';
import { withNamedLock } from '../db/named-lock.js';
import { conflict } from '../errors.js';
import { releaseVoucherUse, reserveVoucherUse } from '../payments/vouchers.js';
import { findPayment } from '../payments/x402/index.js';
import { priceSubmission, type PackagesToPrice, type SubmissionPrice } from '../payments/submission-price.js';
import type { ParsedSkill } from '../skills/types.js';
import { createSubmission, findIdempotentSubmission, requestHash, type Submitter } from './intake.js';

/**
 * "A settled payment buys this request": the one rule behind every channel that charges per
 * submission (the agent API and the developer x402 route), and behind paid resubmissions.
 *
 *  - The payment's resource names the exact request (owner, idempotency key, request hash), so a
 *    settled payment is never replayed for another body.
 *  - One request per (owner, key) at a time (a named lock): a duplicate waits, then replays.
 *  - A payment settled before a crash buys the request, whatever prices or vouchers say now.
 *  - A voucher use is reserved before the charge and released if the buyer does not pay.
 *
 * How the buyer is asked to pay is the channel's business: `pay` answers the x402 exchange (a 402
 * with the requirements, or a settled payment), see docs/payments-recovery.md.
 */
export interface PriceTerms {
  /** Decimal USDC, e.g. "25.00". */
  amountUsdc: string;
  description: string;
  /** What the payment buys; one payment per resource. */
  resource: string;
  /** Stored with the payment for operators. */
  purpose: Record<string, unknown>;
  /** How the amount is made up (product, package audits), shown with the 402. */
  breakdown?: SubmissionPrice;
}
export type PayOutcome = { outcome: 'paid'; paymentId: string } | { outcome: 'answered' };
/** Asks the buyer for `terms`; 'answered' when the channel already answered (402, 409, 503). */
export type Pay = (terms: PriceTerms) => Promise<PayOutcome>;

export interface PaidSubmitRequest {
  submitter: Submitter;
  /** The submission's stored fields. */
  submission: SubmitBody;
  /** The whole request as the channel received it: its hash names it (see CreateOptions.identity). */
  identity: object;
  category: Category;
  /** Loaded and validated before any payment: nobody pays for a request that would fail. */
  skill: ParsedSkill;
  allowedProductTypes: readonly string[];
  /** The payment resource's prefix, e.g. `submission:<owner>`; key and request hash are appended. */
  resourcePrefix: string;
  description: string;
  purpose: Record<string, unknown>;
  voucherCode?: string | null;
  declaredEndpoints?: string[] | null;
  /** CODE+PACKAGES: the package preview the request is priced by (its packages to audit are added to the product's price). */
  packages?: PackagesToPrice | null;
}

export type PaidOutcome = { submission: Submission; replayed: boolean } | null;

/** The payment resource for one request: the same request always names the same resource. */
export function paymentResource(prefix: string, idempotencyKey: string, identity: object): string {
  return `${prefix}:${idempotencyKey}:${requestHash(identity).slice(0, 16)}`;
}

/** Creates the submission once it is paid for (or free); null when `pay` answered instead. */
export async function paidSubmit(req: PaidSubmitRequest, pay: Pay): Promise<PaidOutcome> {
  const { submitter, submission: body, identity, category, skill } = req;
  const key = body.idempotencyKey;
  const hash = requestHash(identity);
  const resource = paymentResource(req.resourcePrefix, key, identity);
  const voucherCode = req.voucherCode ?? null;
  const create = (paymentId: string | null, voucherAlreadyRedeemed: boolean) =>
    createSubmission(submitter, body, {
      identity,
      allowedProductTypes: req.allowedProductTypes,
      skill,
      paymentId,
      voucherCode,
      voucherAlreadyRedeemed,
      declaredEndpoints: req.declaredEndpoints ?? null,
    });
  return withNamedLock(`cert:idem:${submitter.owner}:${key}`, async () => {
    const again = await findIdempotentSubmission(submitter, key, hash);
    if (again) return { submission: again, replayed: true };
    const settled = await findPayment({ resource });
    if (settled?.status === 'SETTLED') return create(settled.id, true);
    const price = await priceSubmission(category, { voucherCode, packages: req.packages });
    if (price.totalUsd === 0) return create(null, false);
    const reserved = voucherCode ? await reserveVoucherUse(voucherCode) : false;
    if (voucherCode && !reserved) throw conflict('voucher_exhausted', 'This voucher has no uses left', 'voucherCode');
    const release = async () => {
      if (reserved) await releaseVoucherUse(voucherCode!);
    };
    const paid = await pay({ amountUsdc: price.amountUsdc, description: req.description, resource, purpose: { ...req.purpose, price }, breakdown: price }).catch(async (err) => {
      await release();
      throw err;
    });
    if (paid.outcome === 'answered') {
      await release();
      return null;
    }
    return create(paid.paymentId, true);
  });
}
