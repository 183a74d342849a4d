/**
 * Skill analysis speed (the sandbox's analyzeSkill, parsers loaded once per process, as in the analysis
 * threads): a typical skill, every skill of batch 1 and batch 2, a 512 KiB skill assembled from real
 * honest skills, and hostile shapes at the size limit (thousands of one-line fences, one long line…).
 * Goal (docs/benchmarks.md, docs/analysis-limits.md): a typical skill ≤ 10 ms, a 512 KiB skill ≤ 300 ms.
 *
 * The machine is shared, so wall time is noisy: every case is run many times and reported as the
 * minimum, p50 and p95 of wall time and the minimum and p50 of this process's CPU time; the load average is printed
 * with the numbers.
 *
 *   node --no-regexp-tier-up --import tsx bench/skill-analysis-speed.ts
 *                                             BENCH_RUNS=n runs of each 512 KiB case (default 15),
 *                                             BENCH_ONLY=key / BENCH_SKIP=key,key to choose cases
 *
 * Pass `--no-regexp-tier-up` as the services do (README, Procfile): without it, the regexes first run after the
 * batches are compiled by V8 without optimisation and every 512 KiB case is several times slower than in the service
 * (docs/analysis-limits.md, "Fifteenth round"). The header line says which regime a run measured.
 */
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeSkill } from '../shared/sandbox/analyze.js';
import { parseSkill } from '../shared/skills/parse.js';
import type { ParsedSkill } from '../shared/skills/types.js';
import { sharedDataDir } from '../test/support/shared-data.js';
import { generatedInputs } from './skill-analysis-inputs.js';

interface Stats { n: number; min: number; p50: number; p95: number; cpuMin: number; cpuP50: number }

function q(xs: number[], f: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * f))]!;
}

/** Wall and CPU milliseconds of `runs` analyses of one skill (after one untimed run). */
function timeSkill(skill: ParsedSkill, runs: number): Stats {
  analyzeSkill(skill);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    analyzeSkill(skill);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { n: runs, min: Math.min(...wall), p50: q(wall, 0.5), p95: q(wall, 0.95), cpuMin: Math.min(...cpu), cpuP50: q(cpu, 0.5) };
}

const fmt = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const row = (name: string, kib: number, s: Stats) =>
  console.log(`| ${name} | ${kib.toFixed(0)} | ${s.n} | ${fmt(s.min)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.cpuMin)} | ${fmt(s.cpuP50)} |`);

const load0 = loadavg();
const tierUp = process.execArgv.includes('--no-regexp-tier-up') ? 'off, as the services run' : 'ON: not how the services run, see the header';
console.log(`Node ${process.version}; regexp tier-up ${tierUp}; load average at start ${load0.map((x) => x.toFixed(2)).join(' ')}\n`);
console.log('| input | KiB | runs | min ms | p50 ms | p95 ms | CPU min ms | CPU p50 ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');

const inputs = generatedInputs();
const parse = (t: string) => parseSkill(t, { field: 'skillMdContent' });
row('typical skill (median honest file of batch 1)', Buffer.byteLength(inputs.typical!) / 1024, timeSkill(parse(inputs.typical!), 200));

// Every corpus skill once per round, 5 rounds: the distribution over real files (per-file minimum).
for (const [name, dirName] of [['batch 1, every skill', 'skills-corpus'], ['batch 2, every skill', 'skills-corpus-2']] as const) {
  const dir = sharedDataDir(dirName);
  if (!dir) continue;
  const files = readFileSync(path.join(dir, 'index.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0]!);
  const skills: ParsedSkill[] = [];
  let bytes = 0;
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    try {
      skills.push(parse(text));
      bytes += Buffer.byteLength(text);
    } catch { /* unparseable: not analysed */ }
  }
  const best = skills.map(() => Infinity);
  const cpuBest = skills.map(() => Infinity);
  for (let r = 0; r < 5; r++) {
    skills.forEach((s, i) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      analyzeSkill(s);
      best[i] = Math.min(best[i]!, performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpuBest[i] = Math.min(cpuBest[i]!, (c.user + c.system) / 1000);
    });
  }
  row(`${name} (${skills.length} files, best of 5 per file)`, bytes / skills.length / 1024, { n: skills.length, min: Math.min(...best), p50: q(best, 0.5), p95: q(best, 0.95), cpuMin: Math.min(...cpuBest), cpuP50: q(cpuBest, 0.5) });
}

const runs = Number(process.env.BENCH_RUNS ?? 15);
const names: Record<string, string> = {
  '512k-honest': '512 KiB of real honest skills',
  '512k-many-fences': '512 KiB of one-line ```bash fences (exfil line)',
  '512k-one-line-exfil': '512 KiB, one line of repeated curl exfil',
  '512k-exfil-lines': '512 KiB, curl exfil line per line (prose)',
  '512k-pipes-urls': '512 KiB, one line of pipes and URLs',
  '512k-inline-commands': '512 KiB, thousands of inline commands',
  '512k-inline-sentence': '512 KiB, one sentence of inline download-and-run spans',
  '512k-shell-block': '512 KiB, one shell block',
  '512k-tiny-fences': '512 KiB, tiny untagged fences',
  '512k-bare-items': '512 KiB, list items of bare inline commands',
  '512k-printed-steps': '512 KiB, blocks each followed by a step about what it printed',
  '512k-prose-steps': '512 KiB, numbered prose steps',
  '512k-python-fences': '512 KiB of ```python fences',
  '512k-hidden-html': '512 KiB of unclosed hidden HTML elements',
};
for (const [key, label] of Object.entries(names)) {
  if (process.env.BENCH_ONLY && !key.includes(process.env.BENCH_ONLY)) continue;
  if ((process.env.BENCH_SKIP ?? '').split(',').includes(key)) continue;
  row(label, Buffer.byteLength(inputs[key]!) / 1024, timeSkill(parse(inputs[key]!), runs));
}
console.log(`\nload average at end ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
