/**
 * skills-honest-23 (77 hard honest skills written by the fairness round fair23 before it ran the analyser on them:
 * security teaching that quotes attacks, vendor installers, admin done right, CI/CD, MCP, hooks, pipelines, payments,
 * incident response, red-team notes, analytics, long tables, twelve languages) holds its line: none refused, at most
 * 2 % escalated (docs/skill-verdicts.md, "Fairness to honest authors, round 23"). One file is held as the exception the
 * round judged behaviour, not shape: a classroom demo that really starts a privileged container with the host's root
 * mounted (s029.md) stays refused.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runSkillsCorpus } from '../support/skills-corpus.js';
import { heldoutDir } from '../support/skills-heldout.js';

const t = suite('skills-honest-23');

t('no honest skill refused but the one container-escape demo, at most 2 % escalated', () => {
  const results = runSkillsCorpus(heldoutDir('skills-honest-23'));
  assert.ok(results.length >= 60, `${results.length} files`);
  const refused = results.filter((r) => r.status !== 'APPROVED' && r.status !== 'ESCALATED');
  const escalated = results.filter((r) => r.status === 'ESCALATED');
  const list = (xs: typeof results) => xs.map((x) => `${x.file} ${x.status} ${x.why.join(' | ').slice(0, 160)}`).join('\n');
  assert.equal(refused.map((r) => r.file), ['s029.md'], `refused:\n${list(refused)}`);
  assert.ok(escalated.length / results.length <= 0.02, `escalated ${escalated.length}:\n${list(escalated)}`);
});

t.run();
