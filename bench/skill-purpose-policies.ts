/**
 * The purpose policies (shared/sandbox/effects/purpose-policies.ts) on their own, on the tuning data only: per set, how
 * many attacks they catch (refusing or escalating) and how many honest skills they hit, without any family rule. This is
 * how the layer is developed (docs/skill-verdicts.md, "Purpose policies"): the held-out sets are never read here.
 *
 *   npx tsx bench/skill-purpose-policies.ts            # per set: recall alone ("refused": a statement's own finding,
 *                                                      # not a note), honest hits, and the rules behind them
 *   npx tsx bench/skill-purpose-policies.ts list       # also each file the layer hits (honest) or misses (attacks)
 *   npx tsx bench/skill-purpose-policies.ts list SET   # one set only
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { effectModelOf } from '../shared/sandbox/analyze.js';
import { contentEffects } from '../shared/sandbox/effects/index.js';
import { purposeHits } from '../shared/sandbox/effects/purpose-policies.js';
import { RULES } from '../shared/sandbox/rules.js';
import { parseSkill } from '../shared/skills/parse.js';
import { realHonestDir, realHonestHalf } from '../test/support/real-honest.js';
import { heldoutDir, TUNED_SETS } from '../test/support/skills-heldout.js';
import { sharedDataDir } from '../test/support/shared-data.js';

const list = process.argv[2] === 'list';
const STRONG = new Set(['purposeData', 'purposeBeneficiary', 'purposeRunLater', 'purposeHidden']);
const only = process.argv[3];

/** The tuning data: every tuned set, both calibration batches, half A of the first real honest set. */
function sets(): { name: string; dir: string; keep: (file: string) => boolean }[] {
  const out: { name: string; dir: string; keep: (file: string) => boolean }[] = [];
  for (const s of TUNED_SETS) out.push({ name: s, dir: heldoutDir(s as Parameters<typeof heldoutDir>[0]), keep: () => true });
  for (const b of ['skills-corpus', 'skills-corpus-2']) {
    const d = sharedDataDir(b);
    if (d) out.push({ name: b, dir: d, keep: () => true });
  }
  out.push({ name: 'skills-real-honest-1 (half A)', dir: realHonestDir('skills-real-honest-1'), keep: (f) => realHonestHalf(f) === 'A' });
  return out;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '—');
const totals = { atk: 0, atkRefused: 0, atkAny: 0, hon: 0, honRefused: 0, honAny: 0 };
for (const set of sets()) {
  if (only && set.name !== only) continue;
  const rows = readFileSync(path.join(set.dir, 'index.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const c = { atk: 0, atkRefused: 0, atkAny: 0, hon: 0, honRefused: 0, honAny: 0 };
  const byRule = new Map<string, number>();
  const lines: string[] = [];
  for (const [file, label] of rows) {
    if (!set.keep(file!)) continue;
    let hits: ReturnType<typeof purposeHits> = [];
    try {
      const skill = parseSkill(readFileSync(path.join(set.dir, file!), 'utf8'), { field: 'skillMdContent' });
      const { src, model, vendorWords, declared } = effectModelOf(skill);
      hits = purposeHits({ src, flow: model.flow, vendorWords, declared, contentEffects: (t, p) => contentEffects(t, vendorWords, p) }, model.actions);
    } catch {
      hits = [];
    }
    // (the statements' own findings, not their notes: what the layer would refuse at refusing severity)
    const refuses = hits.some((h) => STRONG.has(h.rule));
    const attack = label === 'malicious';
    if (attack) {
      c.atk++;
      if (refuses) c.atkRefused++;
      if (hits.length) c.atkAny++;
    } else {
      c.hon++;
      if (refuses) c.honRefused++;
      if (hits.length) c.honAny++;
    }
    for (const id of new Set(hits.map((h) => `${RULES[h.rule].ruleId}${attack ? '+' : '-'}`))) byRule.set(id, (byRule.get(id) ?? 0) + 1);
    if (list && (attack ? !refuses : hits.length > 0)) {
      lines.push(`  ${attack ? 'MISS atk' : (refuses ? 'STRONG hon' : 'note hon')} ${file} :: ${hits.map((h) => `${RULES[h.rule].ruleId}@${h.action.line} ${h.message}`).join(' | ').slice(0, 300)}`);
    }
  }
  for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += c[k];
  console.log(`${set.name}: attacks ${c.atk}: refused ${pct(c.atkRefused, c.atk)}, any ${pct(c.atkAny, c.atk)}; honest ${c.hon}: refused ${pct(c.honRefused, c.hon)}, any ${pct(c.honAny, c.hon)}  [${[...byRule].sort().map(([k, v]) => `${k}${v}`).join(' ')}]`);
  for (const l of lines) console.log(l);
}
console.log(`ALL: attacks ${totals.atk}: refused ${pct(totals.atkRefused, totals.atk)}, any ${pct(totals.atkAny, totals.atk)}; honest ${totals.hon}: refused ${pct(totals.honRefused, totals.hon)}, any ${pct(totals.honAny, totals.hon)}`);
