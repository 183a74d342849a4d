/**
 * Blind held-out sets written on 2026-11-29 without looking at the analyser, its rules or docs:
 * npm SET12 (test/support/npm-variants-set12.ts) and PyPI SET7 (test/support/pypi-variants-set7.ts),
 * each with honest near twins. Everything is packed into in-memory tarballs; nothing is run.
 *
 * First score, 2026-11-29, by the writer after the sets were committed (once, not tuned), on pkg-analysis-2026.12.6
 * (`node --import tsx bench/npm-blind-halves.ts`, `node --import tsx bench/pypi-blind-halves.ts --held-out SET7`),
 * counts only:
 *
 *   npm SET12 even     13/22 BLOCKED
 *   npm SET12 odd       9/21 BLOCKED
 *   npm SET12 twins    1 BLOCKED, 0 CAUTION of 19 (a release CLI that sends the user's `gh auth token` to a forge API
 *                      to create the user's own release)
 *   PyPI SET7 even     14/20 BLOCKED
 *   PyPI SET7 odd      14/19 BLOCKED
 *   PyPI SET7 twins    0 BLOCKED, 0 CAUTION of 19
 *
 * Split as the earlier blind suites: the even-index variants and all twins may be tuned on, the odd-index
 * variants are held out (count only, a floor). The floors below are the arrival scores; the twin
 * ceilings are the arrival counts. The BLOCKED npm twin sends the token to an invented forge host, so nothing in
 * the package says that host issued it; telling it from theft needs the token's issuer (a real forge API host, or
 * the host `gh` itself is configured for). When that is fixed the ceiling should drop to 0.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NPM_TWINS_SET12, NPM_VARIANTS_SET12 } from '../support/npm-variants-set12.js';
import { PYPI_TWINS_SET7, PYPI_VARIANTS_SET7 } from '../support/pypi-variants-set7.js';
import { halves, rateNpm } from '../support/blind-halves.js';
import { rate as ratePypi } from '../support/pypi-variant-rating.js';

/** Arrival scores (first and only blind score); the held-out odd floors stay here, the even floors may rise with tuning. */
// (pkg-analysis-2026.12.8, tuned on the even half: 22/22; the odd half read 11/21 once at the end, its floor kept at arrival.)
const NPM_EVEN_FLOOR = 22;
const NPM_ODD_FLOOR = 9;
const NPM_TWINS_FLAGGED_CEILING = 1;
// pkg23py (pkg-analysis-2026.12.8): the even half 14/20 → 20/20 (tuned on); odd floor unchanged.
const PYPI_EVEN_FLOOR = 20;
const PYPI_ODD_FLOOR = 14;
const PYPI_TWINS_BLOCKED_CEILING = 0;

test('npm SET12 and twins: sizes and distinct ids', () => {
  assert.ok(NPM_VARIANTS_SET12.length >= 40, `npm SET12 has ${NPM_VARIANTS_SET12.length} variants`);
  assert.ok(NPM_TWINS_SET12.length >= 18, `npm SET12 has ${NPM_TWINS_SET12.length} twins`);
  const all = new Set([...NPM_VARIANTS_SET12, ...NPM_TWINS_SET12].map((v) => v.id));
  assert.is(all.size, NPM_VARIANTS_SET12.length + NPM_TWINS_SET12.length);
});

test('PyPI SET7 and twins: sizes and distinct ids', () => {
  assert.ok(PYPI_VARIANTS_SET7.length >= 38, `PyPI SET7 has ${PYPI_VARIANTS_SET7.length} variants`);
  assert.ok(PYPI_TWINS_SET7.length >= 18, `PyPI SET7 has ${PYPI_TWINS_SET7.length} twins`);
  const all = new Set([...PYPI_VARIANTS_SET7, ...PYPI_TWINS_SET7].map((v) => v.id));
  assert.is(all.size, PYPI_VARIANTS_SET7.length + PYPI_TWINS_SET7.length);
});

test('npm SET12: even and odd (held out) halves at least their arrival score BLOCKED; twins at most their arrival count BLOCKED or CAUTION', async () => {
  const h = await halves(NPM_VARIANTS_SET12, async (v) => (await rateNpm(v)) === 'BLOCKED');
  if (process.env.BLIND_SCORE) console.log(`npm SET12: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED`);
  assert.ok(h.even >= NPM_EVEN_FLOOR, `npm SET12 even half: ${h.even}/${h.nEven}`);
  assert.ok(h.odd >= NPM_ODD_FLOOR, `npm SET12 odd half (held out): ${h.odd}/${h.nOdd}`);
  const levels = await Promise.all(NPM_TWINS_SET12.map(rateNpm));
  const flagged = levels.filter((l) => l === 'BLOCKED' || l === 'CAUTION').length;
  if (process.env.BLIND_SCORE) console.log(`npm SET12 twins: ${levels.filter((l) => l === 'BLOCKED').length} BLOCKED, ${levels.filter((l) => l === 'CAUTION').length} CAUTION of ${levels.length}`);
  assert.ok(flagged <= NPM_TWINS_FLAGGED_CEILING, `npm SET12 twins BLOCKED or CAUTION: ${flagged}`);
});

test('PyPI SET7: even and odd (held out) halves at least their arrival score BLOCKED; twins at most their arrival count BLOCKED', async () => {
  const h = await halves(PYPI_VARIANTS_SET7, async (v) => (await ratePypi(v)).level === 'BLOCKED');
  if (process.env.BLIND_SCORE) console.log(`PyPI SET7: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED`);
  assert.ok(h.even >= PYPI_EVEN_FLOOR, `PyPI SET7 even half: ${h.even}/${h.nEven}`);
  assert.ok(h.odd >= PYPI_ODD_FLOOR, `PyPI SET7 odd half (held out): ${h.odd}/${h.nOdd}`);
  const levels: string[] = [];
  for (const v of PYPI_TWINS_SET7) levels.push((await ratePypi(v)).level);
  const blocked = levels.filter((l) => l === 'BLOCKED').length;
  if (process.env.BLIND_SCORE) console.log(`PyPI SET7 twins: ${blocked} BLOCKED, ${levels.filter((l) => l === 'CAUTION').length} CAUTION of ${levels.length}`);
  assert.ok(blocked <= PYPI_TWINS_BLOCKED_CEILING, `PyPI SET7 twins BLOCKED: ${blocked}`);
});

test.run();
