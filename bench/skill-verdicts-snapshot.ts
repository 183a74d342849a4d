/**
 * Verdict snapshot: every skill of batch 1, batch 2, the held-out sets and the real honest sets (and the generated large
 * inputs of bench/skill-analysis-speed.ts) through the real review (dryRunReview), written as one
 * line per skill: status, the rule ids of blocking findings, and a digest of every finding (rule id,
 * line, column, severity, message). A change that is meant to be speed only must leave the file
 * byte-identical. A held-out set (not in TUNED_SETS) is one line: its counts by label and status and a digest of
 * its per-file lines, so a diff still shows that something moved without naming the file (SNAPSHOT_HELD_OUT_FILES=1
 * prints its files, for a set that is about to be scored and moved to tuned).
 *
 *   npx tsx bench/skill-verdicts-snapshot.ts > before.txt   (then again after, and diff)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dryRunReview } from '../shared/council/dry-run.js';
import { parseSkill } from '../shared/skills/parse.js';
import { sharedDataDir } from '../test/support/shared-data.js';
import { HELDOUT_SETS, heldoutDir, TUNED_SETS } from '../test/support/skills-heldout.js';
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
  // the real honest sets (-1 may be tuned on; -2 is for scoring only and -3 has a held-out half, so both are digested like held-out sets)
  ...(['skills-real-honest-1', 'skills-real-honest-2', 'skills-real-honest-3'] as const).map((set): [string, string | null] => [set.replace('skills-', ''), path.join(path.dirname(heldoutDir('skills-heldout')), set)]),
];
for (const [name, dir] of sets) {
  if (!dir || !existsSync(path.join(dir, 'index.tsv'))) { console.log(`${name}\tMISSING`); continue; }
  const rows = readFileSync(path.join(dir, 'index.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const lines = rows.map(([file]) => line(`${name}/${file}`, readFileSync(path.join(dir, file!), 'utf8')));
  const heldOut = !['batch1', 'batch2', 'real-honest-1'].includes(name) && !TUNED_SETS.has(name === 'heldout' ? 'skills-heldout' : `skills-${name}`);
  if (!heldOut || process.env.SNAPSHOT_HELD_OUT_FILES === '1') {
    for (const l of lines) console.log(l);
    continue;
  }
  const counts = new Map<string, number>();
  rows.forEach(([, label], i) => {
    const key = `${label}:${lines[i]!.split('\t')[1]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const digest = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
  console.log(`${name}\t(held out)\t${[...counts].sort().map(([k, n]) => `${k}=${n}`).join(' ')}\t${digest}`);
}
if (process.env.SNAPSHOT_GENERATED !== '0') {
  for (const [name, text] of Object.entries(generatedInputs())) console.log(line(`generated/${name}`, text));
}
