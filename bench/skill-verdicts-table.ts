/**
 * Every skill set side by side, one row each: the calibration batches and the held-out sets, with
 * whether the current ruleset was tuned on the set or never saw it (the table in docs/skill-verdicts.md). A quick
 * check after a rule change; the per-family detail is in skill-verdicts.ts and
 * skill-verdicts-heldout.ts.
 *
 *   npx tsx bench/skill-verdicts-table.ts
 */
import { SANDBOX_RULESET_VERSION } from '../shared/sandbox/analyze.js';
import { rates, runSkillsCorpus } from '../test/support/skills-corpus.js';
import { HELDOUT_SETS, heldoutDir, TUNED_SETS } from '../test/support/skills-heldout.js';
import { sharedDataDir } from '../test/support/shared-data.js';

const sets: { name: string; dir: string | null; tuned: boolean }[] = [
  { name: 'batch 1', dir: sharedDataDir('skills-corpus'), tuned: true },
  { name: 'batch 2', dir: sharedDataDir('skills-corpus-2'), tuned: true },
  ...HELDOUT_SETS.map((s) => ({ name: s, dir: heldoutDir(s), tuned: TUNED_SETS.has(s) })),
];
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(`Ruleset ${SANDBOX_RULESET_VERSION}\n`);
console.log('| set | tuned on | honest | attacks | honest refused | honest escalated | attacks not approved | attacks refused |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const s of sets) {
  if (!s.dir) {
    console.log(`| ${s.name} | – | missing | | | | | |`);
    continue;
  }
  const r = rates(runSkillsCorpus(s.dir));
  console.log(`| ${s.name} | ${s.tuned ? 'yes' : '**no (held out)**'} | ${r.benign} | ${r.malicious} | ${pct(r.benignRefused)} | ${pct(r.benignEscalated)} | ${pct(r.maliciousNotApproved)} | ${pct(r.maliciousRefused)} |`);
}
