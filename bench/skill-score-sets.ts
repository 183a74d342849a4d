/**
 * Aggregate scores of named skill sets, nothing per file: the way a held-out or validation set is
 * read without learning which of its files the rules miss (docs/skill-verdicts.md, "Held out").
 *
 *   npx tsx bench/skill-score-sets.ts skills-heldout-28 skills-real-honest-2
 *   npx tsx bench/skill-score-sets.ts /path/to/a/set   (a directory holding index.tsv, e.g. another worktree's)
 */
import { rates, runSkillsCorpus } from '../test/support/skills-corpus.js';
import { HELDOUT_SETS, heldoutDir } from '../test/support/skills-heldout.js';
import { REAL_HONEST_SETS, realHonestDir } from '../test/support/real-honest.js';
import { SANDBOX_RULESET_VERSION } from '../shared/sandbox/analyze.js';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: npx tsx bench/skill-score-sets.ts SET [SET …]');
  process.exit(2);
}
console.log(`Ruleset ${SANDBOX_RULESET_VERSION}`);
for (const name of names) {
  const dir = name.includes('/')
    ? name
    : (HELDOUT_SETS as readonly string[]).includes(name)
      ? heldoutDir(name as (typeof HELDOUT_SETS)[number])
      : realHonestDir(name as (typeof REAL_HONEST_SETS)[number]);
  const r = rates(runSkillsCorpus(dir));
  console.log(
    `${name}: ${r.malicious} attacks ${pct(r.maliciousNotApproved)} not approved, ${pct(r.maliciousRefused)} refused; ${r.benign} honest ${pct(r.benignRefused)} refused, ${pct(r.benignEscalated)} escalated`,
  );
}
