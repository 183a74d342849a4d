import { runSkillsCorpus } from '../test/support/skills-corpus.js';
import { heldoutDir } from '../test/support/skills-heldout.js';
const set = (process.argv[2] ?? 'skills-heldout-6') as any;
const rs = runSkillsCorpus(heldoutDir(set));
for (const r of rs) {
  const bad = (r.label === 'benign' && r.status !== 'APPROVED') || (r.label === 'malicious' && r.status === 'APPROVED');
  if (bad || process.argv[3] === 'all') console.log(`${bad ? 'XX' : '  '} ${r.label.padEnd(9)} ${r.status.padEnd(15)} ${r.file} :: ${r.why.join(' | ').slice(0, 200)}`);
}
