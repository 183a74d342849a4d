/**
 * The real honest sets (test/fixtures/skills-real-honest-*): agent-instruction files copied whole
 * from public repositories, every one benign, to measure how often the review refuses or escalates
 * honest work nobody tuned to. Each set is split in two halves by a hash of the file name: half A
 * may be tuned on (its non-approved files read and fixed by general rules), half B is scored in
 * aggregate only, like a held-out set.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { type CorpusResult, rates, runSkillsCorpus } from './skills-corpus.js';
import { heldoutDir } from './skills-heldout.js';

export const REAL_HONEST_SETS = ['skills-real-honest-1', 'skills-real-honest-2', 'skills-real-honest-3'] as const;

/** Half of a file: first byte of sha256(basename) even → 'A', odd → 'B'. Stable across machines. */
export function realHonestHalf(file: string): 'A' | 'B' {
  const b = createHash('sha256').update(path.basename(file)).digest()[0]!;
  return b % 2 === 0 ? 'A' : 'B';
}

/** A set's folder (found like the held-out sets': from the source tree or the compiled copy under dist/). */
export function realHonestDir(set: (typeof REAL_HONEST_SETS)[number] = 'skills-real-honest-1'): string {
  return heldoutDir(set as unknown as Parameters<typeof heldoutDir>[0]);
}

/** Results of one set, split into the two halves. */
export function runRealHonest(set: (typeof REAL_HONEST_SETS)[number] = 'skills-real-honest-1'): { A: CorpusResult[]; B: CorpusResult[] } {
  const all = runSkillsCorpus(realHonestDir(set));
  return { A: all.filter((r) => realHonestHalf(r.file) === 'A'), B: all.filter((r) => realHonestHalf(r.file) === 'B') };
}

export { rates };
