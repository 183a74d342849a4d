/**
 * The intent reader's share of skill analysis (docs/skill-prose.md "Intent reader", docs/benchmarks.md): CPU time of
 * `readIntent` alone and of the whole `analyzeSkill` on the same inputs — the typical skill, every skill of batch 1 (median
 * and sum) and the generated 512 KiB inputs — so the reader's cost is read as a share of the analysis it is part of,
 * which is steadier on a shared machine than the difference of two analysis runs.
 *
 *   node --no-regexp-tier-up --import tsx bench/skill-intent-speed.ts [runs=5]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeSkill } from '../shared/sandbox/analyze.js';
import { readIntent } from '../shared/sandbox/prose/intent.js';
import { proseUnits } from '../shared/sandbox/prose/structure.js';
import { SourceText } from '../shared/sandbox/text.js';
import { parseSkill } from '../shared/skills/parse.js';
import { sharedDataDir } from '../test/support/shared-data.js';
import { generatedInputs } from './skill-analysis-inputs.js';

const runs = Number(process.argv[2] ?? 5);
const cpu = (f: () => void): number => {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
const min = (xs: number[]) => Math.min(...xs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The body as the analyser reads it (frontmatter kept as blank lines, so lines match). */
const srcOf = (text: string) => {
  const s = parseSkill(text, { field: 'skillMdContent' });
  const src = new SourceText(text, 1);
  // (the units are the prose reader's, split once per document and shared by every reader: not the intent reader's cost)
  proseUnits(src);
  return { skill: s, src };
};

function measure(name: string, text: string, n: number): void {
  const { skill, src } = srcOf(text);
  readIntent(src, new Set());
  analyzeSkill(skill);
  const a: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < n; i++) {
    a.push(cpu(() => analyzeSkill(skill)));
    r.push(cpu(() => readIntent(src, new Set())));
  }
  console.log(`${name.padEnd(28)} analysis min ${min(a).toFixed(1)} ms, intent reader min ${min(r).toFixed(2)} ms (${((min(r) / min(a)) * 100).toFixed(1)} %)`);
}

const inputs = generatedInputs();
measure('typical', inputs.typical!, runs * 20);
for (const k of Object.keys(inputs)) if (k.startsWith('512k')) measure(k, inputs[k]!, runs);

// every skill of batch 1: the reader's per-file share
const dir = sharedDataDir('skills-corpus')!;
const files: string[] = [];
for (const sub of ['benign', 'malicious']) for (const f of readdirSync(path.join(dir, sub))) files.push(readFileSync(path.join(dir, sub, f), 'utf8'));
const perA: number[] = [];
const perR: number[] = [];
for (const t of files) { analyzeSkill(parseSkill(t, { field: 'skillMdContent' })); readIntent(srcOf(t).src, new Set()); }
for (const t of files) {
  const { skill: s, src } = srcOf(t);
  const a: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < 3; i++) {
    a.push(cpu(() => analyzeSkill(s)));
    r.push(cpu(() => readIntent(src, new Set())));
  }
  perA.push(min(a));
  perR.push(min(r));
}
const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
console.log(`batch 1 (${files.length} skills)      analysis median ${median(perA).toFixed(2)} ms, intent reader median ${median(perR).toFixed(3)} ms; sums ${sum(perA).toFixed(0)} / ${sum(perR).toFixed(0)} ms (${((sum(perR) / sum(perA)) * 100).toFixed(1)} %)`);
