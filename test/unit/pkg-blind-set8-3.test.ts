/**
 * Blind held-out sets written on 2026-11-27 without looking at the analyser, its rules or docs:
 * npm SET8 (test/support/npm-variants-set8.ts) and PyPI SET3 (test/support/pypi-variants-set3.ts),
 * each with honest near twins. Everything is packed into in-memory tarballs; nothing is run.
 *
 * First score, 2026-11-27: npm SET8 18/35 BLOCKED, twins 0 BLOCKED / 0 CAUTION of 16;
 * PyPI SET3 13/31 BLOCKED, twins 0 BLOCKED / 0 CAUTION of 16.
 *
 * Split (as blind sets 1 and 2 of PyPI, test/unit/pkg-pypi-variants-set2.test.ts): the even-index
 * variants and all twins may be tuned on (test/unit/pkg-families-set8.test.ts); the odd-index variants
 * are held out: only their count is asserted, as a floor, never one of them.
 *
 *                      first score   after pkg8 (twins: 0 BLOCKED, 0 CAUTION before and after)
 *   npm SET8 even      11/18         18/18
 *   npm SET8 odd        7/17          8/17   (held out, count only)
 *   PyPI SET3 even      4/16         14/16
 *   PyPI SET3 odd       9/15          9/15   (held out, count only)
 *
 * Round pkg23 tuned on the odd halves too (they were scored once as held out at the end of pkg8; a new
 * blind pair replaces them as the exam): npm SET8 odd 17/17, PyPI SET3 odd 15/15, even halves 18/18 and
 * 14/16, twins 0 BLOCKED / 0 CAUTION (test/unit/pkg-families-set8b.test.ts, docs/package-analysis.md "pkg23").
 *
 * Set BLIND_SCORE=1 to print the counts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { halves, rateNpm } from '../support/blind-halves.js';
import { NPM_TWINS_SET8, NPM_VARIANTS_SET8 } from '../support/npm-variants-set8.js';
import { rate as ratePypi } from '../support/pypi-variant-rating.js';
import { PYPI_TWINS_SET3, PYPI_VARIANTS_SET3 } from '../support/pypi-variants-set3.js';

/** Scores after the pkg23 round (both halves tuned by now): floors. */
const EVEN_NPM = 18;
const ODD_NPM = 17;
const EVEN_PYPI = 14;
const ODD_PYPI = 15;

test('npm SET8: even half (tuned) and odd half (tuned since pkg23) at least their floors BLOCKED', async () => {
  const h = await halves(NPM_VARIANTS_SET8, async (v) => (await rateNpm(v)) === 'BLOCKED');
  if (process.env.BLIND_SCORE) console.log(`npm SET8: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED`);
  assert.ok(h.even >= EVEN_NPM, `npm SET8 even half: ${h.even}/${h.nEven} BLOCKED, floor ${EVEN_NPM}`);
  assert.ok(h.odd >= ODD_NPM, `npm SET8 odd half (held out): ${h.odd}/${h.nOdd} BLOCKED, floor ${ODD_NPM}`);
});

test('npm SET8 twins: none BLOCKED, none CAUTION', async () => {
  const levels = await Promise.all(NPM_TWINS_SET8.map(rateNpm));
  const blocked = levels.filter((l) => l === 'BLOCKED').length;
  if (process.env.BLIND_SCORE) console.log(`npm SET8 twins: ${blocked} BLOCKED, ${levels.filter((l) => l === 'CAUTION').length} CAUTION of ${levels.length}`);
  assert.is(blocked, 0);
  assert.is(levels.filter((l) => l === 'CAUTION').length, 0);
});

test('PyPI SET3: even half (tuned) and odd half (tuned since pkg23) at least their floors BLOCKED', async () => {
  const h = await halves(PYPI_VARIANTS_SET3, async (v) => (await ratePypi(v)).level === 'BLOCKED');
  if (process.env.BLIND_SCORE) console.log(`PyPI SET3: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED`);
  assert.ok(h.even >= EVEN_PYPI, `PyPI SET3 even half: ${h.even}/${h.nEven} BLOCKED, floor ${EVEN_PYPI}`);
  assert.ok(h.odd >= ODD_PYPI, `PyPI SET3 odd half (held out): ${h.odd}/${h.nOdd} BLOCKED, floor ${ODD_PYPI}`);
});

test('PyPI SET3 twins: none BLOCKED, none CAUTION', async () => {
  const levels: string[] = [];
  for (const v of PYPI_TWINS_SET3) levels.push((await ratePypi(v)).level);
  const blocked = levels.filter((l) => l === 'BLOCKED').length;
  if (process.env.BLIND_SCORE) console.log(`PyPI SET3 twins: ${blocked} BLOCKED, ${levels.filter((l) => l === 'CAUTION').length} CAUTION of ${levels.length}`);
  assert.is(blocked, 0);
  assert.is(levels.filter((l) => l === 'CAUTION').length, 0);
});

test.run();
