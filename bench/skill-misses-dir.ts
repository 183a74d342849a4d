import { runSkillsCorpus } from '../test/support/skills-corpus.js';
const dir = process.argv[2];
for (const r of runSkillsCorpus(dir)) {
  const miss = (r.label === 'benign' && r.status !== 'APPROVED') || (r.label === 'malicious' && r.status === 'APPROVED');
  if (miss || process.argv[3] === 'all') console.log(`${miss ? 'XX' : '  '} ${r.label.padEnd(9)} ${r.status.padEnd(15)} ${r.file} :: ${r.why.join(' | ').slice(0, 400)}`);
}
