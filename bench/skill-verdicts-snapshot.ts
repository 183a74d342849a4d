/**
 * Verdict snapshot: every skill of batch 1, batch 2 and the held-out sets (and the generated large
 * inputs of bench/skill-analysis-speed.ts) through the real review (dryRunReview), written as one
 * line per skill: status, the rule ids of blocking findings, and a digest of every finding (rule id,
 * line, column, severity, message). A change that is meant to be speed only must leave the file
 * byte-identical.
 *
 *   npx tsx bench/skill-verdicts-snapshot.ts > before.txt   (then again after, and diff)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dryRunReview } from '../shared/council/dry-run.js';
import { parseSkill } from '../shared/skills/parse.js';
import { sharedDataDir } from '../test/support/shared-data.js';
import { HELDOUT_SETS, heldoutDir } from '../test/support/skills-heldout.js';
import { generatedInputs } from './skill-analysis-inputs.js';

function line(name: string, text: string): string {
  try {
    const r = dryRunReview(parseSkill(text, { field: 'skillMdContent' }));
    const blocking = [...new Set(r.report.findings.filter((f) => f.blocking).map((f) => f.ruleId))].sort();
    const all = [...new Set(r.report.findings.map((f) => f.ruleId))].sort();
    const digest = createHash('sha256').update(JSON.stringify(r.report.findings.map((f) => [f.ruleId, f.location, f.severity, f.blocking, f.message]))).digest('hex').slice(0, 16);
    return `${name}\t${r.status}\tblocking=${blocking.join(',')}\tall=${all.join(',')}\t${digest}`;
  } catch (e) {
    return `${name}\tUNPARSEABLE\t${(e as Error).message.slice(0, 80)}`;
  }
}

const sets: [string, string | null][] = [
  ['batch1', sharedDataDir('skills-corpus')],
  ['batch2', sharedDataDir('skills-corpus-2')],
  // every held-out set ('heldout' keeps its old name so earlier snapshots still diff line by line)
  ...HELDOUT_SETS.map((set): [string, string | null] => [set === 'skills-heldout' ? 'heldout' : set.replace('skills-', ''), heldoutDir(set)]),
];
for (const [name, dir] of sets) {
  if (!dir) { console.log(`${name}\tMISSING`); continue; }
  const rows = readFileSync(path.join(dir, 'index.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  for (const [file] of rows) console.log(line(`${name}/${file}`, readFileSync(path.join(dir, file!), 'utf8')));
}
if (process.env.SNAPSHOT_GENERATED !== '0') {
  for (const [name, text] of Object.entries(generatedInputs())) console.log(line(`generated/${name}`, text));
}
