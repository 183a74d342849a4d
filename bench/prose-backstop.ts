/**
 * The prose backstop alone (shared/sandbox/prose/backstop.ts) over every set: how many honest files it flags
 * (refuse or escalate) and how many attacks, per set. Held-out sets print counts only.
 *
 *   npx tsx bench/prose-backstop.ts            per-set counts
 *   npx tsx bench/prose-backstop.ts names      also the tuned sets' flagged honest files and missed attacks
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readBackstop } from '../shared/sandbox/prose/backstop.js';
import { readProse, vendorWords } from '../shared/sandbox/prose/read.js';
import { SourceText } from '../shared/sandbox/text.js';
import { HELDOUT_SETS, heldoutDir, TUNED_SETS } from '../test/support/skills-heldout.js';

/** The line after the frontmatter's closing `---` (1-based), or 1. */
function bodyStartLineOf(content: string): number {
  const lines = content.split('\n');
  if (lines[0]?.trim() !== '---') return 1;
  const close = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  return close > 0 ? close + 2 : 1;
}

const names = process.argv[2] === 'names';
const dataDir = process.env.CERT_DATA_DIR ?? '/work/shared/data';
const sets: [string, string, boolean][] = [
  ['batch1', path.join(dataDir, 'skills-corpus'), true],
  ['batch2', path.join(dataDir, 'skills-corpus-2'), true],
  // held-out sets only when asked (HELDOUT=1): scored once, at the end of a round, never tuned on
  ...HELDOUT_SETS.filter((s) => TUNED_SETS.has(s) || process.env.HELDOUT === '1').map((s) => [s, heldoutDir(s), TUNED_SETS.has(s)] as [string, string, boolean]),
];

const BLOCK = new Set(['prose.steer.backstop-move-value', 'prose.steer.backstop-payee-change', 'prose.steer.backstop-solicit', 'prose.steer.backstop-conceal-risk']);
const tot = { tuned: { h: 0, hf: 0, he: 0, a: 0, af: 0, ae: 0 }, held: { h: 0, hf: 0, he: 0, a: 0, af: 0, ae: 0 } };
let ms = 0;
let msProse = 0;
/** Honest files flagged, per entry (aggregate, tuned and held-out apart). */
const byEntry = { tuned: new Map<string, number>(), held: new Map<string, number>() };
for (const [name, dir, tuned] of sets) {
  const rows = readFileSync(path.join(dir, 'index.tsv'), 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split('\t'));
  const r = { h: 0, hf: 0, he: 0, a: 0, af: 0, ae: 0 };
  const detail: string[] = [];
  for (const [file, label] of rows) {
    let content: string;
    try {
      content = readFileSync(path.join(dir, file!), 'utf8');
    } catch {
      continue;
    }
    const src = new SourceText(content, bodyStartLineOf(content));
    if (process.env.COMPARE === '1') {
      const t1 = performance.now();
      readProse(src);
      msProse += performance.now() - t1;
    }
    const t0 = performance.now();
    const f = readBackstop(src, vendorWords(src));
    ms += performance.now() - t0;
    const refuse = f.some((x) => BLOCK.has(x.entry));
    const esc = !refuse && f.length > 0;
    if (label === 'benign') {
      r.h++;
      if (refuse) r.hf++;
      if (esc) r.he++;
      const m = tuned ? byEntry.tuned : byEntry.held;
      for (const e of new Set(f.map((x) => x.entry))) m.set(e, (m.get(e) ?? 0) + 1);
      if ((refuse || esc) && names && tuned) detail.push(`  HONEST ${refuse ? 'REFUSE' : 'ESC'} ${file}: ${f.map((x) => `${x.entry} ${x.object}`).join(' | ').slice(0, 400)}`);
    } else {
      r.a++;
      if (refuse) r.af++;
      if (esc) r.ae++;
      if (!refuse && names && tuned) detail.push(`  ATTACK ${esc ? 'ESC' : 'MISS'} ${file}`);
    }
  }
  const t = tuned ? tot.tuned : tot.held;
  for (const k of Object.keys(r) as (keyof typeof r)[]) t[k] += r[k];
  console.log(`${name.padEnd(18)} ${tuned ? 'tuned' : 'HELD '} honest ${r.hf}+${r.he}/${r.h}  attacks ${r.af}+${r.ae}/${r.a}`);
  for (const d of detail) console.log(d);
}
for (const [k, t] of Object.entries(tot)) console.log(`TOTAL ${k}: honest flagged ${t.hf} refuse + ${t.he} escalate of ${t.h} (${((100 * (t.hf + t.he)) / t.h).toFixed(1)} %); attacks ${t.af} refuse + ${t.ae} escalate of ${t.a} (${((100 * (t.af + t.ae)) / t.a).toFixed(1)} %)`);
console.log('honest files per entry', JSON.stringify(Object.fromEntries(Object.entries(byEntry).map(([k, v]) => [k, Object.fromEntries(v)]))));
console.log(`backstop time ${ms.toFixed(0)} ms${msProse ? `; the prose reader before it on the same files ${msProse.toFixed(0)} ms` : ''}`);
