/**
 * Blind held-out sets written on 2026-11-27 without looking at the analyser, its rules or docs:
 * npm SET10 (test/support/npm-variants-set10.ts) and PyPI SET5 (test/support/pypi-variants-set5.ts),
 * each with honest near twins. Everything is packed into in-memory tarballs; nothing is run.
 *
 * First score, 2026-11-27, by the lead (who did not write them), on pkg-analysis-2026.12.2, counts only:
 *
 *   npm SET10 even      6/21 BLOCKED
 *   npm SET10 odd       9/20 BLOCKED
 *   npm SET10 twins     0 BLOCKED, 0 CAUTION of 18
 *   PyPI SET5 even      9/18 BLOCKED
 *   PyPI SET5 odd       7/17 BLOCKED
 *   PyPI SET5 twins     1 BLOCKED of 18 (a setup.py download checked against a pinned sha256 and only written);
 *                       after the verified-download rule (test/unit/pkg-setup-download-verified.test.ts):
 *                       0 BLOCKED, 1 CAUTION
 *
 * Split as the earlier blind suites: the even-index variants and all twins may be tuned on, the odd-index
 * variants are held out (count only, a floor).
 *
 * After `pkg25` (test/unit/pkg-families-set10-5.test.ts), the floors below:
 *
 *   npm SET10 even     14/21 BLOCKED (tuned)
 *   npm SET10 odd      10/20 BLOCKED (held out, scored in aggregate)
 *   PyPI SET5 even     15/18 BLOCKED (tuned)
 *   PyPI SET5 odd       9/17 BLOCKED (held out, scored in aggregate)
 *   twins              none BLOCKED; the one PyPI CAUTION above unchanged
 *
 * After `pkgrecall` (test/unit/pkg-recall-gaps.test.ts): npm SET10 even 16/21, PyPI SET5 even 16/18 (tuned);
 * the odd halves unchanged (10/20, 9/17, held out, aggregate); twins none BLOCKED.
 *
 * After `pkgrecall2` (test/unit/pkg-recall-gaps-2.test.ts): npm SET10 even 18/21, PyPI SET5 even 18/18 (tuned);
 * twins none BLOCKED (the one PyPI CAUTION unchanged).
 */
import { gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { npmTgz } from '../fixtures/archives/build.js';
import { NPM_TWINS_SET10, NPM_VARIANTS_SET10 } from '../support/npm-variants-set10.js';
import { type PypiVariant, pypiSdist } from '../support/pypi-variants-set1.js';
import { PYPI_TWINS_SET5, PYPI_VARIANTS_SET5 } from '../support/pypi-variants-set5.js';
import { halves, rateNpm } from '../support/blind-halves.js';
import { rate as ratePypi } from '../support/pypi-variant-rating.js';

const TRIGGERS = new Set(['install', 'build-backend', 'startup', 'import', 'runtime', 'build', 'none']);
const NOTE = /^\[([a-z-]+)(, hard)?\] \S/;

/** Regular-file entry paths of a tgz (ustar headers walked by size). */
function tarPaths(tgz: Buffer): string[] {
  const tar = gunzipSync(tgz);
  const out: string[] = [];
  for (let off = 0; off + 512 <= tar.length; ) {
    const h = tar.subarray(off, off + 512);
    if (h.every((b) => b === 0)) break;
    const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const prefix = h.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(h.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
    out.push(prefix ? `${prefix}/${name}` : name);
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

/** Every URL host written in the texts is invented (reserved TLD) or a TEST-NET address. */
function hostsInvented(files: Record<string, string | Buffer>): string[] {
  const bad: string[] = [];
  for (const [p, data] of Object.entries(files)) {
    const text = typeof data === 'string' ? data : data.toString('latin1');
    for (const m of text.matchAll(/\b(?:https?|wss?):\/\/([A-Za-z0-9.-]+)/g)) {
      const h = m[1]!.toLowerCase();
      // An XML namespace name is an identifier, not a host that is contacted; a host ending in a dot is
      // a prefix completed at run time from the configured host.
      if (!h.includes('.') || h.endsWith('.') || text.slice(Math.max(0, m.index - 7), m.index) === 'xmlns="') continue;
      if (/\.(example|invalid|test)\.?$/.test(h)) continue;
      if (/^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d+$/.test(h)) continue;
      bad.push(`${p}: ${h}`);
    }
  }
  return bad;
}

function checkNotes(items: readonly { id: string; note: string }[], label: string, minHard: number): void {
  const ids = new Set<string>();
  let hard = 0;
  for (const v of items) {
    assert.not.ok(ids.has(v.id), `${label}: duplicate id ${v.id}`);
    ids.add(v.id);
    const m = v.note.match(NOTE);
    assert.ok(m, `${label} ${v.id}: note starts with [trigger] or [trigger, hard]`);
    assert.ok(TRIGGERS.has(m![1]!), `${label} ${v.id}: trigger ${m![1]} is one of ${[...TRIGGERS].join(', ')}`);
    if (m![2]) hard++;
  }
  assert.ok(hard >= minHard, `${label}: ${hard} hard items, at least ${minHard}`);
}

test('npm SET10 and twins: sizes, ids, notes', () => {
  assert.ok(NPM_VARIANTS_SET10.length >= 34, `npm SET10 has ${NPM_VARIANTS_SET10.length} variants`);
  assert.ok(NPM_TWINS_SET10.length >= 16, `npm SET10 has ${NPM_TWINS_SET10.length} twins`);
  checkNotes(NPM_VARIANTS_SET10, 'npm SET10', 10);
  checkNotes(NPM_TWINS_SET10, 'npm SET10 twins', 0);
  const all = new Set([...NPM_VARIANTS_SET10, ...NPM_TWINS_SET10].map((v) => v.id));
  assert.is(all.size, NPM_VARIANTS_SET10.length + NPM_TWINS_SET10.length, 'variant and twin ids are distinct');
});

test('npm SET10 and twins: package.json parses, hosts invented, tarballs hold every file', () => {
  for (const v of [...NPM_VARIANTS_SET10, ...NPM_TWINS_SET10]) {
    const pj = v.files['package.json'];
    assert.type(pj, 'string', `${v.id}: package.json`);
    const j = JSON.parse(pj as string) as { name?: string; version?: string };
    assert.ok(j.name && j.version, `${v.id}: package.json has name and version`);
    assert.equal(hostsInvented(v.files), [], `${v.id}: hosts invented`);
    const paths = tarPaths(npmTgz(v.files));
    assert.equal(
      paths.sort(),
      Object.keys(v.files)
        .map((p) => `package/${p}`)
        .sort(),
      `${v.id}: tarball entries`,
    );
  }
});

function checkPypi(v: PypiVariant): void {
  assert.ok(
    typeof v.files['PKG-INFO'] === 'string' && (v.files['PKG-INFO'] as string).includes(`Name: ${v.name}\n`),
    `${v.id}: PKG-INFO names the package`,
  );
  assert.ok('setup.py' in v.files || 'pyproject.toml' in v.files, `${v.id}: has setup.py or pyproject.toml`);
  assert.equal(hostsInvented(v.files), [], `${v.id}: hosts invented`);
  const root = `${v.name}-${v.version}`;
  const paths = tarPaths(pypiSdist(v));
  assert.equal(
    paths.sort(),
    Object.keys(v.files)
      .map((p) => `${root}/${p}`)
      .sort(),
    `${v.id}: sdist entries`,
  );
}

test('PyPI SET5 and twins: sizes, ids, notes', () => {
  assert.ok(PYPI_VARIANTS_SET5.length >= 28, `PyPI SET5 has ${PYPI_VARIANTS_SET5.length} variants`);
  assert.ok(PYPI_TWINS_SET5.length >= 16, `PyPI SET5 has ${PYPI_TWINS_SET5.length} twins`);
  checkNotes(PYPI_VARIANTS_SET5, 'PyPI SET5', 8);
  checkNotes(PYPI_TWINS_SET5, 'PyPI SET5 twins', 0);
  const all = new Set([...PYPI_VARIANTS_SET5, ...PYPI_TWINS_SET5].map((v) => v.id));
  assert.is(all.size, PYPI_VARIANTS_SET5.length + PYPI_TWINS_SET5.length, 'variant and twin ids are distinct');
});

test('PyPI SET5 and twins: metadata, hosts invented, sdists hold every file', () => {
  for (const v of [...PYPI_VARIANTS_SET5, ...PYPI_TWINS_SET5]) checkPypi(v);
});

test('npm SET10: even and odd (held out) halves at least their pkg25 score BLOCKED; no twin BLOCKED', async () => {
  const h = await halves(NPM_VARIANTS_SET10, async (v) => (await rateNpm(v)) === 'BLOCKED');
  if (process.env.BLIND_SCORE) console.log(`npm SET10: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED`);
  assert.ok(h.even >= 18, `npm SET10 even half: ${h.even}/${h.nEven}`);
  assert.ok(h.odd >= 10, `npm SET10 odd half (held out): ${h.odd}/${h.nOdd}`);
  const levels = await Promise.all(NPM_TWINS_SET10.map(rateNpm));
  assert.is(levels.filter((l) => l === 'BLOCKED').length, 0);
});

test('PyPI SET5: even and odd (held out) halves at least their pkg25 score BLOCKED; no twin BLOCKED', async () => {
  const h = await halves(PYPI_VARIANTS_SET5, async (v) => (await ratePypi(v)).level === 'BLOCKED');
  if (process.env.BLIND_SCORE) console.log(`PyPI SET5: even ${h.even}/${h.nEven}, odd ${h.odd}/${h.nOdd} BLOCKED`);
  assert.ok(h.even >= 18, `PyPI SET5 even half: ${h.even}/${h.nEven}`);
  assert.ok(h.odd >= 9, `PyPI SET5 odd half (held out): ${h.odd}/${h.nOdd}`);
  const levels: string[] = [];
  for (const v of PYPI_TWINS_SET5) levels.push((await ratePypi(v)).level);
  assert.is(levels.filter((l) => l === 'BLOCKED').length, 0);
});

test.run();
