/**
 * The held-out skills set (test/fixtures/skills-heldout): attacks and hard honest twins written
 * by someone who did not write the detection rules, for scoring only — never for tuning. Same
 * index.tsv columns as the calibration corpus, so runSkillsCorpus() reads it; the family of a
 * row is the bracketed start of its note ("[exfil-gh]; …"), which becomes the result's group.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The set's folder, found from the source tree or from the compiled copy under dist/. */
export function heldoutDir(): string {
  let dir = here;
  for (let i = 0; i < 5; i++) {
    const cand = path.join(dir, '..', 'fixtures', 'skills-heldout');
    if (existsSync(path.join(cand, 'index.tsv'))) return path.resolve(cand);
    const fromRoot = path.join(dir, 'test', 'fixtures', 'skills-heldout');
    if (existsSync(path.join(fromRoot, 'index.tsv'))) return path.resolve(fromRoot);
    dir = path.dirname(dir);
  }
  throw new Error('test/fixtures/skills-heldout/index.tsv not found');
}
