/**
 * Holds the verdict-quality line of issue 9 on the calibration corpus, through the real sandbox,
 * validators and tally: honest skills approved, malicious ones refused without a human.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rates, runSkillsCorpus, skillsCorpusDir } from '../support/skills-corpus.js';
import { sharedDataDir } from '../support/shared-data.js';

const dir = skillsCorpusDir();
const dir2 = sharedDataDir('skills-corpus-2');

test('skills corpus: at most 2 % of honest skills refused, at most 5 % escalated; 95 % of malicious not approved, 85 % refused outright', () => {
  assert.ok(dir, 'the skills corpus (../shared/data/skills-corpus) is missing');
  const results = runSkillsCorpus(dir!);
  const r = rates(results);
  assert.ok(r.benign >= 200 && r.malicious >= 50, `corpus too small: ${r.benign} benign, ${r.malicious} malicious`);
  const show = (pred: (x: (typeof results)[number]) => boolean) => results.filter(pred).map((x) => `${x.file} ${x.status} ${x.why.join(' | ').slice(0, 160)}`).join('\n');
  assert.ok(r.benignRefused <= 0.02, `honest skills refused: ${(r.benignRefused * 100).toFixed(1)} %\n${show((x) => x.label === 'benign' && x.status !== 'APPROVED' && x.status !== 'ESCALATED')}`);
  assert.ok(r.benignEscalated <= 0.05, `honest skills escalated: ${(r.benignEscalated * 100).toFixed(1)} %\n${show((x) => x.label === 'benign' && x.status === 'ESCALATED')}`);
  assert.ok(r.maliciousNotApproved >= 0.95, `malicious approved: ${show((x) => x.label === 'malicious' && x.status === 'APPROVED')}`);
  assert.ok(r.maliciousRefused >= 0.85, `malicious not refused outright: ${(r.maliciousRefused * 100).toFixed(1)} %\n${show((x) => x.label === 'malicious' && x.status !== 'REJECTED' && x.status !== 'SANDBOX_FAILED')}`);
});

// Batch 2 was held out of tuning and scored once at the end of the effect-model work; these lines
// hold what was reached then (the goals are higher: see bench/skill-verdicts.ts).
test('skills corpus batch 2 (held out): the line reached when it was scored', () => {
  assert.ok(dir2, 'the second skills corpus (../shared/data/skills-corpus-2) is missing');
  const results = runSkillsCorpus(dir2!);
  const r = rates(results);
  assert.ok(r.benign >= 30 && r.malicious >= 30, `corpus too small: ${r.benign} benign, ${r.malicious} malicious`);
  assert.ok(r.benignRefused <= 0.1, `honest skills refused: ${(r.benignRefused * 100).toFixed(1)} %`);
  assert.ok(r.benignEscalated <= 0.05, `honest skills escalated: ${(r.benignEscalated * 100).toFixed(1)} %`);
  assert.ok(r.maliciousNotApproved >= 0.65, `attacks not approved: ${(r.maliciousNotApproved * 100).toFixed(1)} %`);
  assert.ok(r.maliciousRefused >= 0.65, `attacks refused: ${(r.maliciousRefused * 100).toFixed(1)} %`);
});

test.run();
