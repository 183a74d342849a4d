/**
 * bench/skill-misses.ts for a set by its folder (any directory holding an index.tsv), e.g. a set being written that is
 * not registered yet. Never for a held-out set (docs/skill-verdicts.md, "Held out").
 *
 *   npx tsx bench/skill-misses-dir.ts /tmp/new-set        # the misses
 *   npx tsx bench/skill-misses-dir.ts /tmp/new-set all    # every file with its verdict
 */
import { runSkillsCorpus } from '../test/support/skills-corpus.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npx tsx bench/skill-misses-dir.ts <dir with index.tsv> [all]');
  process.exit(2);
}
for (const r of runSkillsCorpus(dir)) {
  const miss = (r.label === 'benign' && r.status !== 'APPROVED') || (r.label === 'malicious' && r.status === 'APPROVED');
  if (miss || process.argv[3] === 'all') console.log(`${miss ? 'XX' : '  '} ${r.label.padEnd(9)} ${r.status.padEnd(15)} ${r.file} :: ${r.why.join(' | ').slice(0, 400)}`);
}
