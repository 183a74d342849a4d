/**
 * The weak-settings reader ALONE (prose/weak-settings.ts) over the tuned sets: how many attacks it reads a step in,
 * and every honest file it reads one in (docs/skill-prose.md, "Weak settings catalogue"). Tuned data only: the
 * tuned sets (TUNED_SETS) and half A of skills-real-honest-1; never a held-out set.
 *
 *   npx tsx bench/weak-settings-diag.ts            # counts, honest hits listed
 *   npx tsx bench/weak-settings-diag.ts attacks    # … and each attack hit
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readProse } from '../shared/sandbox/prose/read.js';
import { SourceText } from '../shared/sandbox/text.js';
import { WEAK_SETTINGS } from '../shared/sandbox/prose/weak-settings-catalogue.js';
import { TUNED_SETS, heldoutDir } from '../test/support/skills-heldout.js';
import { realHonestHalf } from '../test/support/real-honest.js';

/** The first line after the frontmatter (1 when there is none). */
function bodyLine(text: string): number {
  const lines = text.split('\n');
  if (lines[0]?.trim() !== '---') return 1;
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  return end > 0 ? end + 2 : 1;
}

const ids = new Set(WEAK_SETTINGS.map((w) => w.id));
const showAttacks = process.argv[2] === 'attacks';
const sets: [string, string][] = [...TUNED_SETS].map((s) => [s, heldoutDir(s as Parameters<typeof heldoutDir>[0])]);
sets.push(['skills-real-honest-1/A', path.join(path.dirname(heldoutDir('skills-heldout')), 'skills-real-honest-1')]);
let atk = 0, atkHit = 0, hon = 0, honHit = 0, honRefuse = 0;
for (const [name, dir] of sets) {
  const rows = readFileSync(path.join(dir, 'index.tsv'), 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split('\t'));
  for (const [file, label] of rows) {
    if (!file || !label) continue;
    if (name.endsWith('/A') && realHonestHalf(file) !== 'A') continue;
    let text: string;
    try { text = readFileSync(path.join(dir, file), 'utf8'); } catch { continue; }
    const acts = readProse(new SourceText(text, bodyLine(text))).filter((a) => (a.mode === 'instruction' || a.flags?.[5] === 'shadowed') && a.flags && ids.has(a.flags[3] ?? ''));
    const bad = label === 'malicious';
    if (bad) { atk++; if (acts.length) atkHit++; } else { hon++; if (acts.length) honHit++; if (acts.some((a) => a.flags![1] === 'refuse')) honRefuse++; }
    if (acts.length && (!bad || showAttacks)) for (const a of acts) console.log(`${bad ? 'ATK' : 'HON'} ${name}/${file}:${a.line} ${a.flags!.join(',')} :: ${a.object}`);
  }
}
console.log(`attacks ${atkHit}/${atk} read; honest ${honHit}/${hon} read (${honRefuse} refused)`);
