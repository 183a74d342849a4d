/**
 * Blind held-out sets written on 2026-11-27 without looking at the analyser, its rules or docs:
 * npm SET9 (test/support/npm-variants-set9.ts) and PyPI SET4 (test/support/pypi-variants-set4.ts),
 * each with honest near twins. Everything is packed into in-memory tarballs; nothing is run.
 *
 * First score, 2026-11-27 (one run, after the sets were committed; no variant edited since):
 *
 *                      first score
 *   npm SET9 even      10/19 BLOCKED
 *   npm SET9 odd        8/18 BLOCKED  (held out, count only)
 *   npm SET9 twins      0 BLOCKED, 1 CAUTION of 16
 *   PyPI SET4 even      9/15 BLOCKED
 *   PyPI SET4 odd       5/15 BLOCKED  (held out, count only)
 *   PyPI SET4 twins     0 BLOCKED, 0 CAUTION of 17
 *
 * After pkg24 (tuned on the even half only; the odd half scored once at the end, in aggregate):
 *
 *                      pkg24
 *   npm SET9 even      19/19 BLOCKED
 *   npm SET9 odd        9/18 BLOCKED  (held out, count only)
 *   npm SET9 twins      0 BLOCKED, 1 CAUTION of 16 (the same twin as before)
 *   PyPI SET4 even     15/15 BLOCKED
 *   PyPI SET4 odd       5/15 BLOCKED  (held out, count only)
 *   PyPI SET4 twins     0 BLOCKED, 0 CAUTION of 17
 *
 * Split (as test/unit/pkg-blind-set8-3.test.ts): the even-index variants and all twins may be tuned
 * on; the odd-index variants are held out: only their count is asserted, as a floor, never one of
 * them. The floors below are the pkg24 score.
 *
 * Set BLIND_SCORE=1 to print the counts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { halves, rateNpm } from '../support/blind-halves.js';
import { NPM_TWINS_SET9, NPM_VARIANTS_SET9 } from '../support/npm-variants-set9.js';
import { rate as ratePypi } from '../support/pypi-variant-rating.js';
import { PYPI_TWINS_SET4, PYPI_VARIANTS_SET4 } from '../support/pypi-variants-set4.js';

/** pkg24 score (floors). */
const EVEN_NPM = 19;
const ODD_NPM = 9;
const EVEN_PYPI = 15;
const ODD_PYPI = 5;

test('npm SET9: even half (tunable) and odd half (held out, count only) at least their floors BLOCKED', async () => {
  const h = await halves(NPM_VARIANTS_SET9, async (v) => (await rateNpm(v)) === 'BLOCKED');
  if (process.env.BLIND_SCORE) console.log(`npm SET9: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED`);
  assert.ok(h.even >= EVEN_NPM, `npm SET9 even half: ${h.even}/${h.nEven} BLOCKED, floor ${EVEN_NPM}`);
  assert.ok(h.odd >= ODD_NPM, `npm SET9 odd half (held out): ${h.odd}/${h.nOdd} BLOCKED, floor ${ODD_NPM}`);
});

test('npm SET9 twins: none BLOCKED', async () => {
  const levels = await Promise.all(NPM_TWINS_SET9.map(rateNpm));
  const blocked = levels.filter((l) => l === 'BLOCKED').length;
  if (process.env.BLIND_SCORE) console.log(`npm SET9 twins: ${blocked} BLOCKED, ${levels.filter((l) => l === 'CAUTION').length} CAUTION of ${levels.length}`);
  assert.is(blocked, 0);
});

test('PyPI SET4: even half (tunable) and odd half (held out, count only) at least their floors BLOCKED', async () => {
  const h = await halves(PYPI_VARIANTS_SET4, async (v) => (await ratePypi(v)).level === 'BLOCKED');
  if (process.env.BLIND_SCORE) console.log(`PyPI SET4: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED`);
  assert.ok(h.even >= EVEN_PYPI, `PyPI SET4 even half: ${h.even}/${h.nEven} BLOCKED, floor ${EVEN_PYPI}`);
  assert.ok(h.odd >= ODD_PYPI, `PyPI SET4 odd half (held out): ${h.odd}/${h.nOdd} BLOCKED, floor ${ODD_PYPI}`);
});

test('PyPI SET4 twins: none BLOCKED', async () => {
  const levels: string[] = [];
  for (const v of PYPI_TWINS_SET4) levels.push((await ratePypi(v)).level);
  const blocked = levels.filter((l) => l === 'BLOCKED').length;
  if (process.env.BLIND_SCORE) console.log(`PyPI SET4 twins: ${blocked} BLOCKED, ${levels.filter((l) => l === 'CAUTION').length} CAUTION of ${levels.length}`);
  assert.is(blocked, 0);
});

test.run();
