/**
 * Blind held-out sets written on 2026-11-28 without looking at the analyser, its rules or docs:
 * npm SET11 (test/support/npm-variants-set11.ts) and PyPI SET6 (test/support/pypi-variants-set6.ts),
 * each with honest near twins. Everything is packed into in-memory tarballs; nothing is run.
 *
 * First score, 2026-11-28, by the lead (who did not write them), on pkg-analysis-2026.12.3, counts only:
 *
 *   npm SET11 even     13/20 BLOCKED
 *   npm SET11 odd      16/20 BLOCKED
 *   npm SET11 twins    0 BLOCKED, 0 CAUTION of 18 (5 MONITORED)
 *   PyPI SET6 even     15/19 BLOCKED
 *   PyPI SET6 odd      17/19 BLOCKED
 *   PyPI SET6 twins    2 BLOCKED of 19 (a build step's download checked against a pinned sha256; a downloader that
 *                      reads a browser's cookie store only when its caller asks for it)
 *
 * Split as the earlier blind suites: the even-index variants and all twins may be tuned on, the odd-index
 * variants are held out (count only, a floor). The floors below are the arrival scores.
 *
 * After pkgnpm11 (test/unit/pkg-families-set11-6.test.ts), counts only: npm SET11 even 20/20, odd 16/20 (unchanged);
 * PyPI SET6 even 19/19, odd 17/19 (unchanged); PyPI twins 0 BLOCKED (1 CAUTION: the sha256-checked build download).
 * The even floors are raised to those; the odd floors stay at arrival.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NPM_TWINS_SET11, NPM_VARIANTS_SET11 } from '../support/npm-variants-set11.js';
import { PYPI_TWINS_SET6, PYPI_VARIANTS_SET6 } from '../support/pypi-variants-set6.js';
import { halves, rateNpm } from '../support/blind-halves.js';
import { rate as ratePypi } from '../support/pypi-variant-rating.js';

test('npm SET11 and twins: sizes and distinct ids', () => {
  assert.ok(NPM_VARIANTS_SET11.length >= 38, `npm SET11 has ${NPM_VARIANTS_SET11.length} variants`);
  assert.ok(NPM_TWINS_SET11.length >= 16, `npm SET11 has ${NPM_TWINS_SET11.length} twins`);
  const all = new Set([...NPM_VARIANTS_SET11, ...NPM_TWINS_SET11].map((v) => v.id));
  assert.is(all.size, NPM_VARIANTS_SET11.length + NPM_TWINS_SET11.length);
});

test('PyPI SET6 and twins: sizes and distinct ids', () => {
  assert.ok(PYPI_VARIANTS_SET6.length >= 34, `PyPI SET6 has ${PYPI_VARIANTS_SET6.length} variants`);
  assert.ok(PYPI_TWINS_SET6.length >= 16, `PyPI SET6 has ${PYPI_TWINS_SET6.length} twins`);
  const all = new Set([...PYPI_VARIANTS_SET6, ...PYPI_TWINS_SET6].map((v) => v.id));
  assert.is(all.size, PYPI_VARIANTS_SET6.length + PYPI_TWINS_SET6.length);
});

test('npm SET11: even and odd (held out) halves at least their arrival score BLOCKED; no twin BLOCKED or CAUTION', async () => {
  const h = await halves(NPM_VARIANTS_SET11, async (v) => (await rateNpm(v)) === 'BLOCKED');
  if (process.env.BLIND_SCORE) console.log(`npm SET11: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED`);
  assert.ok(h.even >= 20, `npm SET11 even half: ${h.even}/${h.nEven}`);
  assert.ok(h.odd >= 16, `npm SET11 odd half (held out): ${h.odd}/${h.nOdd}`);
  const levels = await Promise.all(NPM_TWINS_SET11.map(rateNpm));
  assert.is(levels.filter((l) => l === 'BLOCKED' || l === 'CAUTION').length, 0);
});

test('PyPI SET6: even and odd (held out) halves at least their arrival score BLOCKED; twins none BLOCKED', async () => {
  const h = await halves(PYPI_VARIANTS_SET6, async (v) => (await ratePypi(v)).level === 'BLOCKED');
  if (process.env.BLIND_SCORE) console.log(`PyPI SET6: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED`);
  assert.ok(h.even >= 19, `PyPI SET6 even half: ${h.even}/${h.nEven}`);
  assert.ok(h.odd >= 17, `PyPI SET6 odd half (held out): ${h.odd}/${h.nOdd}`);
  const levels: string[] = [];
  for (const v of PYPI_TWINS_SET6) levels.push((await ratePypi(v)).level);
  assert.is(levels.filter((l) => l === 'BLOCKED').length, 0, `PyPI SET6 twins BLOCKED: ${levels.filter((l) => l === 'BLOCKED').length}`);
});

test.run();
