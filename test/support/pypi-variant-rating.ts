/**
 * Rating a blind PyPI variant set in the unit suites (test/unit/pkg-pypi-variants*.test.ts): each sdist
 * packed in memory, analysed and put through the lens; the tuning half is the even-index variants.
 */
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { type PypiVariant, pypiSdist } from './pypi-variants-set1.js';

const REGISTRY = 'registry.example.org';

/** The package's level and the rule ids of its HIGH and CRITICAL findings. */
export async function rate(v: PypiVariant): Promise<{ level: string; rules: string[] }> {
  const a = await analyzeArchive(pypiSdist(v), { kind: 'tgz', registry: 'pypi', registryHosts: [REGISTRY] });
  const verdict = packageVerdict(
    reviewPackage({ registry: 'pypi', name: v.name, version: v.version, analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } }),
  );
  return { level: verdict.securityLevel, rules: a.findings.filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL').map((f) => f.ruleId) };
}

/** An even-index (tuning) variant of `set` by id; asking for a held-out one fails the test. */
export function evenOf(set: readonly PypiVariant[]): (id: string) => PypiVariant {
  return (id) => {
    const i = set.findIndex((v) => v.id === id);
    assert.ok(i >= 0 && i % 2 === 0, `${id} is an even-index (tuning) variant`);
    return set[i]!;
  };
}

/** An honest twin of `twins` by id. */
export function twinOf(twins: readonly PypiVariant[]): (id: string) => PypiVariant {
  return (id) => {
    const v = twins.find((x) => x.id === id);
    assert.ok(v, id);
    return v!;
  };
}

export async function blocked(v: PypiVariant, rule?: string): Promise<void> {
  const r = await rate(v);
  assert.is(r.level, 'BLOCKED', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
  if (rule) assert.ok(r.rules.includes(rule), `${v.id}: ${rule} not among ${r.rules.join(', ')}`);
}

export async function honest(v: PypiVariant): Promise<void> {
  const r = await rate(v);
  assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
}
