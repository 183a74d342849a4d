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

/**
 * An npm tarball's files through the analysis and the lens: its security level and its findings above LOW
 * (`RULE:SEVERITY`). `registryHosts` are the hosts the analysis treats as the registry's own.
 */
export async function rateNpmFiles(
  files: Record<string, string | Buffer>,
  opts: { name?: string; version?: string; registryHosts?: string[] } = {},
): Promise<{ level: string; rules: string[] }> {
  const a = await analyzeArchive(npmTgz(files), { kind: 'tgz', registry: 'npm', registryHosts: opts.registryHosts ?? [REGISTRY] });
  const level = packageVerdict(
    reviewPackage({
      registry: 'npm',
      name: opts.name ?? 'x',
      version: opts.version ?? '1.0.0',
      analysis: a,
      integrity: { ok: true, expected: 'x', actual: 'x' },
      advisories: { status: 'ok', advisories: [] },
    }),
  ).securityLevel;
  return { level, rules: a.findings.filter((f) => f.severity !== 'INFO' && f.severity !== 'LOW').map((f) => `${f.ruleId}:${f.severity}`) };
}

/** An npm variant's security level. */
export async function rateNpm(v: NpmVariant): Promise<string> {
  return (await rateNpmFiles(v.files, { name: v.id, version: '1.0.3' })).level;
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
