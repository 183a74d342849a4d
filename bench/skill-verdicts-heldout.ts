/**
 * Skill verdicts on a held-out set (test/fixtures/skills-heldout or skills-heldout-2), per family.
 * Scoring only: the sets are not for tuning rules.
 *
 *   npx tsx bench/skill-verdicts-heldout.ts [skills-heldout-2 | skills-heldout-3]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rates, runSkillsCorpus, type CorpusResult } from '../test/support/skills-corpus.js';
import { HELDOUT_SETS, heldoutDir } from '../test/support/skills-heldout.js';

const set = (process.argv[2] ?? 'skills-heldout') as (typeof HELDOUT_SETS)[number];
if (!HELDOUT_SETS.includes(set)) throw new Error(`unknown set ${set}: one of ${HELDOUT_SETS.join(', ')}`);
const dir = heldoutDir(set);
const results = runSkillsCorpus(dir);
const statuses = ['APPROVED', 'ESCALATED', 'REJECTED', 'SANDBOX_FAILED', 'UNPARSEABLE'] as const;
const r = rates(results);
console.log(`Held-out skills (${set}): ${r.benign} honest, ${r.malicious} malicious`);
console.log(`Honest refused: ${(r.benignRefused * 100).toFixed(1)} %  escalated: ${(r.benignEscalated * 100).toFixed(1)} %`);
console.log(`Malicious not approved: ${(r.maliciousNotApproved * 100).toFixed(1)} %  refused: ${(r.maliciousRefused * 100).toFixed(1)} %`);

// The family is the bracketed start of the note column, e.g. "[twin-exfil-gh]; …".
const families = new Map(readFileSync(path.join(dir, 'index.tsv'), 'utf8').trim().split('\n').slice(1)
  .map((l) => l.split('\t')).map((c) => [c[0]!, /^\[([^\]]+)\]/.exec(c[4] ?? '')?.[1] ?? '?']));
const family = (x: CorpusResult) => families.get(x.file) ?? '?';
for (const label of ['malicious', 'benign'] as const) {
  const groups = new Map<string, CorpusResult[]>();
  for (const x of results.filter((y) => y.label === label)) groups.set(family(x), [...(groups.get(family(x)) ?? []), x]);
  console.log(`\n| ${label} family | n | ${statuses.join(' | ')} |`);
  console.log(`|---|---:|${statuses.map(() => '---:').join('|')}|`);
  for (const [g, rs] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
    console.log(`| ${g} | ${rs.length} | ${statuses.map((s) => rs.filter((q) => q.status === s).length).join(' | ')} |`);
  }
}
console.log('\nHonest not approved:');
for (const x of results.filter((y) => y.label === 'benign' && y.status !== 'APPROVED')) console.log(`- ${x.file}: ${x.status} — ${x.why.join(' | ').slice(0, 160)}`);
console.log('\nMalicious approved:');
for (const x of results.filter((y) => y.label === 'malicious' && y.status === 'APPROVED')) console.log(`- ${x.file}`);
