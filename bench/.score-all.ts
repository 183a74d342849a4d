import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rates, runSkillsCorpus } from '../test/support/skills-corpus.js';
const sets: [string, string][] = [['b1', '/work/shared/data/skills-corpus'], ['b2', '/work/shared/data/skills-corpus-2'], ['ho', path.resolve('test/fixtures/skills-heldout')]];
const only = process.argv[2];
for (const [name, dir] of sets) {
  if (only && only !== name) continue;
  const notes = new Map(readFileSync(path.join(dir, 'index.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')).map((c) => [c[0]!, c[4] ?? '']));
  const res = runSkillsCorpus(dir);
  const r = rates(res);
  console.log(`${name}: mal ${r.malicious} notApproved ${(r.maliciousNotApproved*100).toFixed(1)} refused ${(r.maliciousRefused*100).toFixed(1)} | benign ${r.benign} refused ${(r.benignRefused*100).toFixed(1)} escalated ${(r.benignEscalated*100).toFixed(1)}`);
  for (const x of res) {
    if (x.label === 'malicious' && x.status !== 'REJECTED' && x.status !== 'SANDBOX_FAILED') console.log(`  M ${x.status.padEnd(9)} ${x.file} :: ${(notes.get(x.file) ?? '').slice(0, 150)} :: ${x.why.join('|').slice(0, 120)}`);
    if (x.label === 'benign' && x.status !== 'APPROVED') console.log(`  B ${x.status.padEnd(9)} ${x.file} :: ${x.why.join('|').slice(0, 160)}`);
  }
}
