/**
 * The backstop alone (shared/sandbox/effects/backstop/, docs/skill-effect-model.md): for every skill of batch 1, batch 2
 * and the held-out sets, whether a BACKSTOP finding is made (refused: BACKSTOP-001/003, escalated: BACKSTOP-002),
 * counted per set and label. Held-out sets (not in TUNED_SETS) are counts only. With a file list (one
 * `<set>/<label>/<file>` a line, e.g. the attacks a set missed on arrival) each listed file is printed with its
 * capabilities.
 *
 *   npx tsx bench/skill-backstop.ts [list.txt] [--honest-files]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dryRunReview } from '../shared/council/dry-run.js';
import { parseSkill } from '../shared/skills/parse.js';
import { sharedDataDir } from '../test/support/shared-data.js';
import { HELDOUT_SETS, heldoutDir, TUNED_SETS } from '../test/support/skills-heldout.js';

const listArg = process.argv.slice(2).find((a) => !a.startsWith('--'));
const listed = new Set(listArg ? readFileSync(listArg, 'utf8').trim().split('\n') : []);
const showHonest = process.argv.includes('--honest-files');
/** Held-out attack counts are printed only with --final (scored once, at the end of a round: docs/skill-verdicts.md). */
const final = process.argv.includes('--final');

function judge(text: string): { level: 'refuse' | 'escalate' | null; status: string; msg: string } {
  try {
    const r = dryRunReview(parseSkill(text, { field: 'skillMdContent' }));
    const b = r.report.findings.filter((f) => f.ruleId.startsWith('BACKSTOP-'));
    const level = b.some((f) => f.blocking) ? 'refuse' : b.length ? 'escalate' : null;
    return { level, status: r.status, msg: b.map((f) => `${f.ruleId}@${f.location.line}: ${f.message}`).join(' || ') };
  } catch (e) {
    return { level: null, status: 'UNPARSEABLE', msg: (e as Error).message };
  }
}

const sets: { name: string; dir: string | null; tuned: boolean }[] = [
  { name: 'batch1', dir: sharedDataDir('skills-corpus'), tuned: true },
  { name: 'batch2', dir: sharedDataDir('skills-corpus-2'), tuned: true },
  ...HELDOUT_SETS.map((s) => ({ name: s, dir: heldoutDir(s), tuned: TUNED_SETS.has(s) })),
];
const total = { tuned: { b: 0, bf: 0, br: 0, m: 0, mf: 0, mr: 0 }, held: { b: 0, bf: 0, br: 0, m: 0, mf: 0, mr: 0 } };
let listedHit = 0;
for (const { name, dir, tuned } of sets) {
  if (!dir) continue;
  const rows = readFileSync(path.join(dir, 'index.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const c = { b: 0, bf: 0, br: 0, m: 0, mf: 0, mr: 0 };
  for (const [file, label] of rows) {
    const j = judge(readFileSync(path.join(dir, file!), 'utf8'));
    if (label === 'benign') {
      c.b++;
      if (j.level) c.bf++;
      if (j.level === 'refuse') c.br++;
      if (tuned && showHonest && j.level) console.log(`HONEST ${j.level} ${name}/${file} [${j.status}] :: ${j.msg.slice(0, 600)}`);
    } else {
      c.m++;
      if (j.level) c.mf++;
      if (j.level === 'refuse') c.mr++;
    }
    const key = `${name}/${file}`;
    if (tuned && listed.has(key)) {
      if (j.level) listedHit++;
      console.log(`LIST ${j.level ?? '-'} ${key} [${j.status}] :: ${j.msg.slice(0, 400)}`);
    }
  }
  const t = tuned ? total.tuned : total.held;
  for (const k of Object.keys(c) as (keyof typeof c)[]) t[k] += c[k];
  console.log(`SET ${name}${tuned ? '' : ' (held out)'}: honest flagged ${c.bf}/${c.b} (refused ${c.br})${tuned || final ? `; attacks flagged ${c.mf}/${c.m} (refused ${c.mr})` : ''}`);
}
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '-');
for (const [k, t] of Object.entries(total)) if (k === 'tuned' || final) console.log(`TOTAL ${k}: honest flagged ${t.bf}/${t.b} = ${pct(t.bf, t.b)} (refused ${t.br}); attacks flagged ${t.mf}/${t.m} = ${pct(t.mf, t.m)} (refused ${t.mr} = ${pct(t.mr, t.m)})`);
if (listed.size) console.log(`LISTED: ${listedHit}/${listed.size} flagged`);
