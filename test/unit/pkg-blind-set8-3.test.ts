/**
 * Blind held-out sets written on 2026-11-27 without looking at the analyser, its rules or docs:
 * npm SET8 (test/support/npm-variants-set8.ts) and PyPI SET3 (test/support/pypi-variants-set3.ts),
 * each with honest near twins. Held out: only aggregate counts are asserted, nobody tunes on
 * individual variants this round. The floors are the first score (analyser of main on
 * 2026-11-27) and no twin BLOCKED. Everything is packed into in-memory
 * tarballs; nothing is run.
 *
 * First score, 2026-11-27: npm SET8 18/35 BLOCKED, twins 0 BLOCKED / 0 CAUTION of 16;
 * PyPI SET3 13/31 BLOCKED, twins 0 BLOCKED / 0 CAUTION of 16. Set BLIND_SCORE=1 to print the counts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';
import type { NpmVariant } from '../support/npm-variants.js';
import { NPM_TWINS_SET8, NPM_VARIANTS_SET8 } from '../support/npm-variants-set8.js';
import { rate as ratePypi } from '../support/pypi-variant-rating.js';
import { PYPI_TWINS_SET3, PYPI_VARIANTS_SET3 } from '../support/pypi-variants-set3.js';

const REGISTRY = 'registry.example.org';

async function rateNpm(v: NpmVariant): Promise<string> {
  const a = await analyzeArchive(npmTgz(v.files), { kind: 'tgz', registry: 'npm', registryHosts: [REGISTRY] });
  return packageVerdict(reviewPackage({ registry: 'npm', name: v.id, version: '1.0.3', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;
}

/** First blind scores; later work must not fall below them. */
const FIRST_NPM = 18;
const FIRST_PYPI = 13;

test('npm SET8 (held out): at least the first score BLOCKED', async () => {
  let blocked = 0;
  for (const v of NPM_VARIANTS_SET8) if ((await rateNpm(v)) === 'BLOCKED') blocked++;
  if (process.env.BLIND_SCORE) console.log(`npm SET8: ${blocked}/${NPM_VARIANTS_SET8.length} BLOCKED`);
  assert.ok(blocked >= FIRST_NPM, `npm SET8: ${blocked}/${NPM_VARIANTS_SET8.length} BLOCKED, floor ${FIRST_NPM}`);
});

test('npm SET8 twins: none BLOCKED', async () => {
  const levels = await Promise.all(NPM_TWINS_SET8.map(rateNpm));
  const blocked = levels.filter((l) => l === 'BLOCKED').length;
  if (process.env.BLIND_SCORE) console.log(`npm SET8 twins: ${blocked} BLOCKED, ${levels.filter((l) => l === 'CAUTION').length} CAUTION of ${levels.length}`);
  assert.is(blocked, 0);
});

test('PyPI SET3 (held out): at least the first score BLOCKED', async () => {
  let blocked = 0;
  for (const v of PYPI_VARIANTS_SET3) if ((await ratePypi(v)).level === 'BLOCKED') blocked++;
  if (process.env.BLIND_SCORE) console.log(`PyPI SET3: ${blocked}/${PYPI_VARIANTS_SET3.length} BLOCKED`);
  assert.ok(blocked >= FIRST_PYPI, `PyPI SET3: ${blocked}/${PYPI_VARIANTS_SET3.length} BLOCKED, floor ${FIRST_PYPI}`);
});

test('PyPI SET3 twins: none BLOCKED', async () => {
  const levels: string[] = [];
  for (const v of PYPI_TWINS_SET3) levels.push((await ratePypi(v)).level);
  const blocked = levels.filter((l) => l === 'BLOCKED').length;
  if (process.env.BLIND_SCORE) console.log(`PyPI SET3 twins: ${blocked} BLOCKED, ${levels.filter((l) => l === 'CAUTION').length} CAUTION of ${levels.length}`);
  assert.is(blocked, 0);
});

test.run();
