import { config } from '../config.js';

/** Complexity tiers price a package audit by how much there is to read. */
export type ComplexityTier = 'SMALL' | 'MEDIUM' | 'LARGE';

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
