import type { Category } from '../db/models.js';
import { round2 } from '../packages/pricing.js';
import { usableVoucher } from './vouchers.js';

/**
 * What one submission costs: the one rule behind every channel and every price shown before a
 * payment (docs/chain-and-payments.md, "The price of a submission"):
 *
 *    product price = the category's price × multiplier (1; a paid resubmission: the category's
 *                    version update multiplier), less a voucher's percentage
 *    total         = product price + the audit price of every direct dependency the package
 *                    preview lists as TO_AUDIT (CODE+PACKAGES only)
 *
 * A package already certified at the same version is included at no extra cost (spec 1.7);
 * rejected, blocked and unresolvable packages cost nothing because nothing of theirs is audited.
 * Amounts are rounded to cents at each step.
 *
 * Who shows it before the payment, and who charges it:
 *  - agent API: `POST /quote` shows it, `POST /submit` and paid resubmissions charge it (402);
 *  - developer channel: the draft's package preview shows it (`price`), `POST /api/v1/cert/submit` charges it;
 *  - `/cert/v1`: `POST /submissions/validate` shows it (`price`), a payment intent states and charges it,
 *    and the submission it buys must carry the same dependency files.
 * Every one of them calls `priceSubmission` (or, given the voucher and the preview, `submissionPrice`).
 */
export interface PackagesToPrice {
  /** Direct dependencies that will be audited (preview status TO_AUDIT). */
  packagesToAudit: number;
  /** Sum of their tier prices (the preview's `uncachedCostUsd`). */
  uncachedCostUsd: number;
}

export interface ProductTerms {
  categoryKey: string;
  /** The category's price (its `priceUsd`). */
  categoryPriceUsd: number;
  /** 1, or the category's version update multiplier for a paid resubmission. */
  multiplier?: number;
  voucher?: { code: string; discountPercent: number } | null;
}

export interface SubmissionPrice {
  categoryKey: string;
  /** The category's price × multiplier, before any voucher. */
  listPriceUsd: number;
  voucher: { code: string; discountPercent: number } | null;
  /** The product's price after the voucher. */
  productPriceUsd: number;
  packagesToAudit: number;
  packagesUsd: number;
  totalUsd: number;
  /** The decimal USDC amount the 402 asks for, e.g. "43.00". */
  amountUsdc: string;
}

const finiteNonNegative = (n: number, what: string) => {
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`invalid ${what} ${n}`);
  return n;
};

/** The arithmetic, given the voucher already checked and the package preview already made. */
export function submissionPrice(product: ProductTerms, packages?: PackagesToPrice | null): SubmissionPrice {
  const multiplier = finiteNonNegative(product.multiplier ?? 1, 'multiplier');
  const list = round2(finiteNonNegative(product.categoryPriceUsd, 'product price') * multiplier);
  const discount = product.voucher ? product.voucher.discountPercent : 0;
  if (!Number.isFinite(discount) || discount < 0 || discount > 100) throw new RangeError(`invalid discount ${discount}`);
  const productPriceUsd = product.voucher ? round2((list * (100 - discount)) / 100) : list;
  const packagesUsd = packages ? round2(finiteNonNegative(packages.uncachedCostUsd, 'package price')) : 0;
  const total = round2(productPriceUsd + packagesUsd);
  return {
    categoryKey: product.categoryKey,
    listPriceUsd: list,
    voucher: product.voucher ? { code: product.voucher.code, discountPercent: product.voucher.discountPercent } : null,
    productPriceUsd,
    packagesToAudit: packages?.packagesToAudit ?? 0,
    packagesUsd,
    totalUsd: total,
    amountUsdc: total.toFixed(2),
  };
}

export interface PriceOptions {
  /** Checked for this category now (422 invalid_voucher naming voucherCode). */
  voucherCode?: string | null;
  multiplier?: number;
  /** CODE+PACKAGES: the package preview the request is priced by. */
  packages?: PackagesToPrice | null;
}

/** The price of a submission of `category`: what every channel shows and charges. */
export async function priceSubmission(category: Category, opts: PriceOptions = {}): Promise<SubmissionPrice> {
  const voucher = opts.voucherCode ? await usableVoucher(opts.voucherCode, category.key) : null;
  return submissionPrice(
    {
      categoryKey: category.key,
      categoryPriceUsd: Number(category.priceUsd),
      multiplier: opts.multiplier,
      voucher: voucher ? { code: voucher.code, discountPercent: voucher.discountPercent } : null,
    },
    opts.packages,
  );
}
