/**
 * One input shape of bench/skill-analysis-inputs.ts analysed alone: for CPU profiles (`node --cpu-prof`),
 * instruction counts (`valgrind --tool=callgrind`, where wall time is meaningless) and linearity checks.
 * Prints the CPU milliseconds of each timed run (this process's user + system time).
 *
 *   node --no-regexp-tier-up --import tsx bench/skill-analysis-one.ts <shape> [KiB=512] [warm-up=1] [runs=3]
 *   PROFILE_OUT=file.cpuprofile …   a V8 CPU profile of the timed runs only (no start-up, no module loading, no warm-up),
 *                                   for bench/cpu-profile-top.ts
 *   PROFILE_FUNCTIONS=n …           the n functions with the most self time in those runs, printed after the numbers
 *
 * An instruction count of the analysis alone is the difference of two callgrind runs with the same warm-up,
 * one with `runs`=0 and one with `runs`=n, divided by n.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { analyzeSkill } from '../shared/sandbox/analyze.js';
import { parseSkill } from '../shared/skills/parse.js';
import { generatedInputs } from './skill-analysis-inputs.js';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const [shape = '512k-honest', kib = '512', warm = '1', runs = '3'] = process.argv.slice(2);
const text = generatedInputs(Number(kib) * 1024)[shape];
if (text === undefined) {
  process.stderr.write(`unknown shape ${shape}: ${Object.keys(generatedInputs(4096)).join(', ')}\n`);
  process.exit(2);
}
const skill = parseSkill(text, { field: 'skillMdContent' });
for (let i = 0; i < Number(warm); i++) analyzeSkill(skill);

// (an in-thread inspector session answers synchronously: the profile holds the timed runs and nothing else)
const profiling = Boolean(process.env.PROFILE_OUT || process.env.PROFILE_FUNCTIONS);
const session = profiling ? new Session() : null;
const post = (method: string, params?: object): unknown => {
  let result: unknown;
  session!.post(method, params ?? {}, (err, r) => {
    if (err) throw err;
    result = r;
  });
  return result;
};
if (session) {
  session.connect();
  post('Profiler.enable');
  post('Profiler.setSamplingInterval', { interval: 100 });
  post('Profiler.start');
}
const cpu: number[] = [];
for (let i = 0; i < Number(runs); i++) {
  const c0 = process.cpuUsage();
  analyzeSkill(skill);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
console.log(`${shape} ${kib} KiB (${(Buffer.byteLength(text) / 1024).toFixed(0)}): CPU ms ${cpu.map((x) => x.toFixed(0)).join(' ')}${cpu.length ? `, min ${Math.min(...cpu).toFixed(0)}` : ''}`);

if (session) {
  const { profile } = post('Profiler.stop') as { profile: Profile };
  session.disconnect();
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const rows = Number(process.env.PROFILE_FUNCTIONS ?? 0);
  if (rows > 0) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
      const us = profile.timeDeltas[i] ?? 0;
      total += us;
      const where = url ? ` ${url.replace(/^.*\/(shared|node_modules|bench)\//, '$1/')}:${lineNumber + 1}` : '';
      const k = `${functionName || '(anonymous)'}${where}`.slice(0, 160);
      self.set(k, (self.get(k) ?? 0) + us);
    });
    console.log(`\n| self time | function (sampled time of the timed runs, wall clock: a loaded machine stretches it) |\n| ---: | --- |`);
    for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`| ${((us / total) * 100).toFixed(1)} % | ${k} |`);
  }
}
