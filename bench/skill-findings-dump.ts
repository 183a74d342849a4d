/**
 * Every finding of every tuning skill, written in full and in a canonical form: the check that a change meant to be
 * speed only changes no finding. Run it before and after and `cmp` the two files; they must be byte-identical.
 *
 *   node --no-regexp-tier-up --import tsx bench/skill-findings-dump.ts before.txt
 *   DUMP_GENERATED=0 …   skip the generated inputs of bench/skill-analysis-inputs.ts (at 64 KiB and 512 KiB)
 *   DUMP_ONLY=text …     only the skills whose line name (set/file) holds the text: to rerun one line that differed
 *
 * Covers batch 1 and batch 2 (../shared/data/skills-corpus, skills-corpus-2) and every set under
 * test/fixtures/skills-* that are tuned (TUNED_SETS in test/support/skills-heldout.ts, and skills-real-honest-1) (docs/skill-verdicts.md, "Held out": never read per file; their
 * aggregate digest is in bench/skill-verdicts-snapshot.ts). Per skill: the sandbox report of analyzeSkill (findings
 * with rule id, severity, blocking, message, location, fix; risk, summary, observed hosts, URLs and capabilities),
 * object keys sorted, one JSON line per skill, skills sorted by set and file.
 *
 * The effect model has a clock budget (EFFECT-BUDGET-001): on a heavily loaded machine the generated one-shell-block
 * input can hit it in one run and not the next; a difference confined to that line is the clock (its report then holds
 * EFFECT-BUDGET-001): rerun it alone (DUMP_ONLY=512k-shell-block) and compare with the same line of the other file.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeSkill } from '../shared/sandbox/analyze.js';
import { parseSkill } from '../shared/skills/parse.js';
import { sharedDataDir } from '../test/support/shared-data.js';
import { TUNED_SETS } from '../test/support/skills-heldout.js';
import { repoRoot } from './support.js';
import { generatedInputs } from './skill-analysis-inputs.js';

/** Dumped per file: the tuned sets and the tuned real honest files; every other set is held out (scored in aggregate only). */
const DUMPED = new Set([...TUNED_SETS, 'skills-real-honest-1']);

/** JSON with object keys sorted (arrays keep their order: the report's order is part of what it says). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

const only = process.env.DUMP_ONLY;

function dumpOne(name: string, text: string): string | null {
  if (only && !name.includes(only)) return null;
  try {
    const report = analyzeSkill(parseSkill(text, { field: 'skillMdContent' }));
    return `${name}\t${canonical(report)}`;
  } catch (e) {
    return `${name}\tERROR\t${(e as Error).message}`;
  }
}

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: skill-findings-dump.ts <output file>\n');
  process.exit(2);
}
// The fixtures are not copied into dist/: read them from the repository whether this runs from source or the build.
const fixtures = path.join(repoRoot, 'test', 'fixtures');
const sets: [string, string | null][] = [
  ['batch1', sharedDataDir('skills-corpus')],
  ['batch2', sharedDataDir('skills-corpus-2')],
  ...readdirSync(fixtures)
    .filter((d) => d.startsWith('skills-') && DUMPED.has(d) && existsSync(path.join(fixtures, d, 'index.tsv')))
    .sort()
    .map((d): [string, string] => [d, path.join(fixtures, d)]),
];
const lines: string[] = [];
let n = 0;
const t0 = performance.now();
for (const [name, dir] of sets) {
  if (!dir) {
    lines.push(`${name}\tMISSING`);
    continue;
  }
  const files = readFileSync(path.join(dir, 'index.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0]!).sort();
  for (const f of files) {
    const line = dumpOne(`${name}/${f}`, readFileSync(path.join(dir, f), 'utf8'));
    if (line === null) continue;
    lines.push(line);
    n++;
  }
}
if (process.env.DUMP_GENERATED !== '0') {
  for (const kib of [64, 512]) {
    for (const [shape, text] of Object.entries(generatedInputs(kib * 1024)).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (shape === 'typical' && kib !== 512) continue;
      const line = dumpOne(`generated-${kib}k/${shape}`, text);
      if (line === null) continue;
      lines.push(line);
      n++;
    }
  }
}
writeFileSync(out, `${lines.join('\n')}\n`);
process.stderr.write(`${n} skills from ${sets.length} sets written to ${out} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
