import { config } from '../config.js';

/** Complexity tiers price a package audit by how much there is to read. */
export type ComplexityTier = 'SMALL' | 'MEDIUM' | 'LARGE';

/**
 * The tier a package preview row states when no audit of it will be priced: the declaration is
 * refused (REJECTED) or no single version could be resolved (UNCERTIFIED, e.g. the registry did not
 * answer). Spec 2.5 types `estimatedComplexityTier` as a string, so such a row says so in words
 * rather than with null; its `estimatedPriceUsd` is 0 and its `warnings` say why
 * (docs/packages.md, "Package preview").
 */
export const NOT_ESTIMATED = 'NOT_ESTIMATED';
export type PreviewTier = ComplexityTier | typeof NOT_ESTIMATED;
export const PREVIEW_TIERS = ['SMALL', 'MEDIUM', 'LARGE', NOT_ESTIMATED] as const satisfies readonly PreviewTier[];

export function complexityTier(fileCount: number | undefined, bytes: number | undefined): ComplexityTier {
  const f = fileCount ?? 0;
  const b = bytes ?? 0;
  if (f <= 200 && b <= 1024 * 1024) return 'SMALL';
  if (f <= 2000 && b <= 20 * 1024 * 1024) return 'MEDIUM';
  return 'LARGE';
}

export function tierPriceUsd(tier: ComplexityTier): number {
  const c = config();
  return tier === 'SMALL' ? c.PACKAGE_PRICE_SMALL_USD : tier === 'MEDIUM' ? c.PACKAGE_PRICE_MEDIUM_USD : c.PACKAGE_PRICE_LARGE_USD;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
