import { round2 } from '../packages/pricing.js';

/**
 * What one submission costs, the one rule behind both the package preview of a draft and the x402
 * submission that charges for it (docs/developer-channel.md): the product's price (after any
 * voucher) plus the audit of every direct dependency the preview lists as TO_AUDIT. A package
 * already certified at the same version is included at no extra cost (spec 1.7); rejected,
 * blocked and unresolvable packages cost nothing because nothing is audited.
 */
export interface PackagesToPrice {
  /** Direct dependencies that will be audited (preview status TO_AUDIT). */
  packagesToAudit: number;
  /** Sum of their tier prices (the preview's `uncachedCostUsd`). */
  uncachedCostUsd: number;
}

export interface SubmissionPrice {
  productPriceUsd: number;
  packagesToAudit: number;
  packagesUsd: number;
  totalUsd: number;
  /** The decimal USDC amount the 402 asks for, e.g. "43.00". */
  amountUsdc: string;
}

export function submissionPrice(productPriceUsd: number, packages?: PackagesToPrice | null): SubmissionPrice {
  if (!Number.isFinite(productPriceUsd) || productPriceUsd < 0) throw new RangeError(`invalid product price ${productPriceUsd}`);
  const packagesUsd = packages ? round2(packages.uncachedCostUsd) : 0;
  if (!Number.isFinite(packagesUsd) || packagesUsd < 0) throw new RangeError(`invalid package price ${packagesUsd}`);
  const product = round2(productPriceUsd);
  const total = round2(product + packagesUsd);
  return { productPriceUsd: product, packagesToAudit: packages?.packagesToAudit ?? 0, packagesUsd, totalUsd: total, amountUsdc: total.toFixed(2) };
}
