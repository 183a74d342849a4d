/**
 * Scoring a blind variant set in halves (test/unit/pkg-blind-*.test.ts): the even-index items may be
 * tuned on, the odd-index items are held out and counted only. An npm item is packed in memory,
 * analysed and put through the lens.
 */
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';
import type { NpmVariant } from './npm-variants.js';

const REGISTRY = 'registry.example.org';

/** An npm variant's security level. */
export async function rateNpm(v: NpmVariant): Promise<string> {
  const a = await analyzeArchive(npmTgz(v.files), { kind: 'tgz', registry: 'npm', registryHosts: [REGISTRY] });
  return packageVerdict(
    reviewPackage({
      registry: 'npm',
      name: v.id,
      version: '1.0.3',
      analysis: a,
      integrity: { ok: true, expected: 'x', actual: 'x' },
      advisories: { status: 'ok', advisories: [] },
    }),
  ).securityLevel;
}

/** How many of each half `isBlocked` holds for. */
export async function halves<T>(
  set: readonly T[],
  isBlocked: (v: T) => Promise<boolean>,
): Promise<{ even: number; odd: number; nEven: number; nOdd: number }> {
  const r = { even: 0, odd: 0, nEven: 0, nOdd: 0 };
  for (const [i, v] of set.entries()) {
    const b = await isBlocked(v);
    if (i % 2 === 0) {
      r.nEven++;
      if (b) r.even++;
    } else {
      r.nOdd++;
      if (b) r.odd++;
    }
  }
  return r;
}
