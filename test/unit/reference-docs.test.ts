/**
 * docs/reference/ holds copies of the interface, the intended architecture and the field notes
 * (docs/reference/README.md). A copy must equal its source whenever the source is present.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedDataRoot } from '../support/shared-data.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, from the source tree or its compiled copy under dist/. */
function repoRoot(): string {
  let dir = here;
  while (!existsSync(path.join(dir, 'docs', 'reference', 'README.md')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

const COPIES: [copy: string, source: string][] = [
  ['certification-service-interface.md', 'spec/certification-service-interface.md'],
  ['intended-architecture.md', 'docs/ARCHITECTURE.md'],
  ['field-notes.md', 'docs/FIELD-NOTES.md'],
];

test('each reference copy equals its source in the shared folder', () => {
  const data = sharedDataRoot();
  const shared = data ? path.dirname(data) : null;
  const refs = path.join(repoRoot(), 'docs', 'reference');
  let compared = 0;
  for (const [copy, source] of COPIES) {
    const mine = readFileSync(path.join(refs, copy), 'utf8');
    assert.ok(mine.length > 1000, `${copy} is there`);
    const src = shared && path.join(shared, source);
    if (!src || !existsSync(src)) continue;
    assert.ok(mine === readFileSync(src, 'utf8'), `docs/reference/${copy} differs from ${src}: copy it again`);
    compared++;
  }
  if (compared < COPIES.length) console.log(`  reference docs: ${COPIES.length - compared} source(s) not present here, compared ${compared}`);
});

test.run();
