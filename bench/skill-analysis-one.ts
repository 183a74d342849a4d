/**
 * One input shape of bench/skill-analysis-inputs.ts analysed alone: for CPU profiles (`node --cpu-prof`),
 * instruction counts (`valgrind --tool=callgrind`, where wall time is meaningless) and linearity checks.
 * Prints the CPU milliseconds of each timed run (this process's user + system time).
 *
 *   node --no-regexp-tier-up --import tsx bench/skill-analysis-one.ts <shape> [KiB=512] [warm-up=1] [runs=3]
 *
 * An instruction count of the analysis alone is the difference of two callgrind runs with the same warm-up,
 * one with `runs`=0 and one with `runs`=n, divided by n.
 */
import { analyzeSkill } from '../shared/sandbox/analyze.js';
import { parseSkill } from '../shared/skills/parse.js';
import { generatedInputs } from './skill-analysis-inputs.js';

const [shape = '512k-honest', kib = '512', warm = '1', runs = '3'] = process.argv.slice(2);
const text = generatedInputs(Number(kib) * 1024)[shape];
if (text === undefined) {
  process.stderr.write(`unknown shape ${shape}: ${Object.keys(generatedInputs(4096)).join(', ')}\n`);
  process.exit(2);
}
const skill = parseSkill(text, { field: 'skillMdContent' });
for (let i = 0; i < Number(warm); i++) analyzeSkill(skill);
const cpu: number[] = [];
for (let i = 0; i < Number(runs); i++) {
  const c0 = process.cpuUsage();
  analyzeSkill(skill);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
console.log(`${shape} ${kib} KiB (${(Buffer.byteLength(text) / 1024).toFixed(0)}): CPU ms ${cpu.map((x) => x.toFixed(0)).join(' ')}${cpu.length ? `, min ${Math.min(...cpu).toFixed(0)}` : ''}`);
