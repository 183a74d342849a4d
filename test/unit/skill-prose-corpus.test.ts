/**
 * The prose reader on the calibration corpus (batch 1): prose findings on their own must leave the
 * honest skills alone and catch the prose-borne attacks; every action it emits is well formed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Action } from '../../shared/sandbox/effects/types.js';
import { proseFindings, readProse } from '../../shared/sandbox/prose/index.js';
import { SourceText } from '../../shared/sandbox/text.js';
import { parseSkill } from '../../shared/skills/parse.js';
import { skillsCorpusDir } from '../support/skills-corpus.js';
import { whenData } from '../support/shared-data.js';

const dir = skillsCorpusDir();

// Both cases read the same files: each is read once per run (the reading is most of the suite's CPU; docs/testing.md, "Run time").
const read = new Map<string, { file: string; actions: Action[] }[]>();
function readAll(label: 'benign' | 'malicious'): { file: string; actions: Action[] }[] {
  let out = read.get(label);
  if (!out) read.set(label, (out = readOnce(label)));
  return out;
}

function readOnce(label: 'benign' | 'malicious'): { file: string; actions: Action[] }[] {
  return readdirSync(path.join(dir!, label)).sort().map((file) => {
    const skill = parseSkill(readFileSync(path.join(dir!, label, file), 'utf8'), { field: 'skillMdContent' });
    return { file, actions: readProse(new SourceText(skill.content, skill.bodyStartLine)) };
  });
}

whenData(test, 'skills-corpus', dir)('batch 1: at most 1 % of honest skills get a blocking prose finding; at least 40 % of attacks do', () => {
  const benign = readAll('benign');
  const malicious = readAll('malicious');
  const flagged = (xs: typeof benign) => xs.filter((x) => proseFindings(x.actions).some((f) => f.blocking));
  const fp = flagged(benign);
  assert.ok(fp.length <= Math.floor(benign.length * 0.01), `honest skills with a blocking prose finding:\n${fp.map((x) => `${x.file} ${proseFindings(x.actions).map((f) => `${f.ruleId} L${f.location.line}`).join(', ')}`).join('\n')}`);
  assert.ok(flagged(malicious).length >= Math.ceil(malicious.length * 0.4), `only ${flagged(malicious).length}/${malicious.length}`);
});

whenData(test, 'skills-corpus', dir)('every action is well formed: prose origin, a known mode, a location, an entry under prose.<kind>', () => {
  for (const { file, actions } of [...readAll('benign'), ...readAll('malicious')]) {
    for (const a of actions) {
      assert.is(a.origin, 'prose', file);
      assert.ok(['instruction', 'example', 'negated', 'teaching'].includes(a.mode), file);
      assert.ok(a.line >= 1 && a.column >= 1 && a.snippet.length <= 121, `${file} ${JSON.stringify(a)}`);
      assert.ok(a.entry.startsWith(`prose.${a.kind}.`), `${file} ${a.entry}`);
    }
  }
});

test.run();
