/**
 * The files of one skill set the review gets wrong: honest skills not approved and attacks approved, with the
 * reasons of the verdict. For working on a set after it has been scored (never on a held-out set: reading its
 * misses ends its use as an exam, docs/skill-verdicts.md).
 *
 *   npx tsx bench/skill-misses.ts skills-heldout-9        # the misses
 *   npx tsx bench/skill-misses.ts skills-heldout-9 all    # every file with its verdict
 */
import { runSkillsCorpus } from '../test/support/skills-corpus.js';
import { HELDOUT_SETS, heldoutDir } from '../test/support/skills-heldout.js';

const set = process.argv[2] as (typeof HELDOUT_SETS)[number] | undefined;
if (!set || !(HELDOUT_SETS as readonly string[]).includes(set)) {
  console.error(`usage: npx tsx bench/skill-misses.ts <${HELDOUT_SETS.join('|')}> [all]`);
  process.exit(2);
}
for (const r of runSkillsCorpus(heldoutDir(set))) {
  const miss = (r.label === 'benign' && r.status !== 'APPROVED') || (r.label === 'malicious' && r.status === 'APPROVED');
  if (miss || process.argv[3] === 'all') console.log(`${miss ? 'XX' : '  '} ${r.label.padEnd(9)} ${r.status.padEnd(15)} ${r.file} :: ${r.why.join(' | ').slice(0, 200)}`);
}
