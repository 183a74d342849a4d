/**
 * Assertions the package recall suites share (test/unit/pkg-recall-gaps*.test.ts and later rounds): an npm
 * archive or a Python sdist built in memory is BLOCKED (by a named rule) or stays below CAUTION, and the
 * tuning items of npm SET10 by id (the held-out odd half is refused: test/support/blind-halves.ts).
 */
import * as assert from 'uvu/assert';
import { rateNpmFiles } from './blind-halves.js';
import type { NpmVariant } from './npm-variants.js';
import { NPM_VARIANTS_SET10 } from './npm-variants-set10.js';
import { rate } from './pypi-variant-rating.js';
import { sdist } from './pypi-variants-pypi22.js';

/** An even-index (tuning) item of npm SET10 by id; a held-out one fails the test. */
export function npm10(id: string): NpmVariant {
  const i = NPM_VARIANTS_SET10.findIndex((v) => v.id === id);
  assert.ok(i >= 0 && i % 2 === 0, `${id} is an even-index (tuning) variant`);
  return NPM_VARIANTS_SET10[i]!;
}

/** The npm archive's files are BLOCKED, by `rule` when it is given. */
export async function npmBlocked(files: Record<string, string | Buffer>, rule?: string, name = 'pkgx'): Promise<void> {
  const r = await rateNpmFiles(files, { name });
  assert.is(r.level, 'BLOCKED', `${r.level} (${r.rules.join(', ')})`);
  if (rule) assert.ok(r.rules.some((x) => x.startsWith(`${rule}:`)), `${rule} not among ${r.rules.join(', ')}`);
}

/** The npm archive's files are neither BLOCKED nor CAUTION. */
export async function npmHonest(files: Record<string, string | Buffer>, name = 'pkgx'): Promise<void> {
  const r = await rateNpmFiles(files, { name });
  assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${r.level} (${r.rules.join(', ')})`);
}

/** An npm package `pkgx` whose `main` is index.js, with `extra` manifest fields, and `files`. */
export const npmMain = (files: Record<string, string>, extra: Record<string, unknown> = {}): Record<string, string> => ({
  'package.json': JSON.stringify({ name: 'pkgx', version: '1.0.0', main: 'index.js', ...extra }),
  ...files,
});

/** A Python sdist `pkgx` holding `files` (setup metadata `meta`). */
export const pySdist = (files: Record<string, string>, meta = '') => sdist('pkgx', files, meta);

/** The sdist of `files` is BLOCKED, with `rule` among its findings when given. */
export async function pyBlocked(files: Record<string, string>, rule?: string): Promise<void> {
  const r = await rate(pySdist(files));
  assert.is(r.level, 'BLOCKED', r.rules.join(', '));
  if (rule) assert.ok(r.rules.includes(rule), `${rule} not among ${r.rules.join(', ')}`);
}

/** The sdist of `files` is neither BLOCKED nor CAUTION. */
export async function pyHonest(files: Record<string, string>): Promise<void> {
  const r = await rate(pySdist(files));
  assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${r.level}: ${r.rules.join(', ')}`);
}
