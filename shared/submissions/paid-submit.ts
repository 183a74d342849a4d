import type { SubmitBody } from '../api/schemas.js';
import type { Category, Submission } from '../db/models.js';
import { withNamedLocks } from '../db/named-lock.js';
import { conflict } from '../errors.js';
import { releaseVoucherUse, reserveVoucherUse } from '../payments/vouchers.js';
import { findPayment } from '../payments/x402/index.js';
import { priceSubmission, type PackagesToPrice, type SubmissionPrice } from '../payments/submission-price.js';
import type { ParsedSkill } from '../skills/types.js';
import { createSubmission, findIdempotentSubmission, requestHash, type Submitter } from './intake.js';

/**
 * "A settled payment buys this request": the one rule behind every channel that charges per
 * submission (the agent API and the developer x402 route) and behind paid resubmissions
 * (`buyRequest`; `paidSubmit` and resubmit.ts describe their request to it).
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

export type PaidOutcome = { submission: Submission; replayed: boolean } | null;

/** One request to be bought, as a channel's use case describes it to `buyRequest`. */
export interface Purchase {
  submitter: Submitter;
  idempotencyKey: string;
  /** The whole request as the channel received it: its hash names it (see CreateOptions.identity). */
  identity: object;
  /** The payment resource's prefix, e.g. `submission:<owner>`; key and request hash are appended. */
  resourcePrefix: string;
  /** Named locks held besides the request's own (a resubmission holds its parent's). */
  alsoLock?: string[];
  /** Refusals another request could cause meanwhile, checked under the locks before any price or payment. */
  checkUnderLock?: () => Promise<void>;
  /** What the request costs now; null when it is free without pricing (a free resubmission). */
  price: () => Promise<SubmissionPrice | null>;
  /** The voucher the price used: one use reserved before the charge, released if nobody pays. */
  voucherCode?: string | null;
  description: string;
  /** Stored with the payment; the price is added. */
  purpose: Record<string, unknown>;
  /**
   * Stores the submission. `paymentId`: the payment that bought it (null: free). `voucherReserved`:
   * the voucher's use is already counted (reserved here, or before the crash a settled payment outlived).
   */
  create: (paymentId: string | null, voucherReserved: boolean) => Promise<{ submission: Submission; replayed: boolean }>;
}

/** What the rule reads and holds in the database; tests give their own (test/unit/paid-submit.test.ts). */
export interface PurchaseStore {
  withLocks<T>(names: string[], fn: () => Promise<T>): Promise<T>;
  /** The submission an earlier request with this key made (a 409 when its hash differs), else null. */
  findPrior(submitter: Submitter, idempotencyKey: string, hash: string): Promise<Submission | null>;
  /** The id of the payment settled for this resource, else null. */
  settledPayment(resource: string): Promise<string | null>;
  reserveVoucher(code: string): Promise<boolean>;
  releaseVoucher(code: string): Promise<void>;
}

export const databaseStore: PurchaseStore = {
  withLocks: withNamedLocks,
  findPrior: findIdempotentSubmission,
  settledPayment: async (resource) => {
    const p = await findPayment({ resource });
    return p?.status === 'SETTLED' ? p.id : null;
  },
  reserveVoucher: reserveVoucherUse,
  releaseVoucher: releaseVoucherUse,
};

/** The payment resource for one request: the same request always names the same resource. */
export function paymentResource(prefix: string, idempotencyKey: string, identity: object): string {
  return `${prefix}:${idempotencyKey}:${requestHash(identity).slice(0, 16)}`;
}

/** The lock one (owner, idempotency key) holds while it is checked, paid for and created. */
export const requestLock = (submitter: Submitter, idempotencyKey: string) => `cert:idem:${submitter.owner}:${idempotencyKey}`;

/**
 * The rule itself: under the request's lock, a replay answers with the stored submission, a payment
 * settled for this very request buys it, a free request is created, anything else is paid through
 * `pay` first (null when `pay` answered instead: 402, 409, 503).
 */
export async function buyRequest(p: Purchase, pay: Pay, store: PurchaseStore = databaseStore): Promise<PaidOutcome> {
  const hash = requestHash(p.identity);
  const resource = paymentResource(p.resourcePrefix, p.idempotencyKey, p.identity);
  return store.withLocks([...(p.alsoLock ?? []), requestLock(p.submitter, p.idempotencyKey)], async () => {
    const again = await store.findPrior(p.submitter, p.idempotencyKey, hash);
    if (again) return { submission: again, replayed: true };
    await p.checkUnderLock?.();
    const settled = await store.settledPayment(resource);
    if (settled) return p.create(settled, true);
    const price = await p.price();
    if (!price || price.totalUsd === 0) return p.create(null, false);
    const voucherCode = p.voucherCode ?? null;
    const reserved = voucherCode ? await store.reserveVoucher(voucherCode) : false;
    if (voucherCode && !reserved) throw conflict('voucher_exhausted', 'This voucher has no uses left', 'voucherCode');
    const release = async () => {
      if (voucherCode && reserved) await store.releaseVoucher(voucherCode);
    };
    const paid = await pay({ amountUsdc: price.amountUsdc, description: p.description, resource, purpose: { ...p.purpose, price }, breakdown: price }).catch(async (err) => {
      await release();
      throw err;
    });
    if (paid.outcome === 'answered') {
      await release();
      return null;
    }
    return p.create(paid.paymentId, true);
  });
}

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

/** A first submission: priced by the one price rule, created once it is paid for (or free); null when `pay` answered instead. */
export async function paidSubmit(req: PaidSubmitRequest, pay: Pay, store: PurchaseStore = databaseStore): Promise<PaidOutcome> {
  const { submitter, submission: body, identity, category, skill } = req;
  const voucherCode = req.voucherCode ?? null;
  return buyRequest(
    {
      submitter,
      idempotencyKey: body.idempotencyKey,
      identity,
      resourcePrefix: req.resourcePrefix,
      price: () => priceSubmission(category, { voucherCode, packages: req.packages }),
      voucherCode,
      description: req.description,
      purpose: req.purpose,
      create: (paymentId, voucherReserved) =>
        createSubmission(submitter, body, {
          identity,
          allowedProductTypes: req.allowedProductTypes,
          skill,
          paymentId,
          voucherCode,
          voucherAlreadyRedeemed: voucherReserved,
          declaredEndpoints: req.declaredEndpoints ?? null,
        }),
    },
    pay,
    store,
  );
}
