/**
 * Where one analysis of an input shape of bench/skill-analysis-inputs.ts allocates: the inspector's sampling heap
 * profiler over one analysis after a warm-up, with the objects the collector has already freed counted too (so the
 * total is what the analysis allocated, not what it kept). Allocation drives the garbage collector's share of the
 * CPU profiles, and unlike CPU time it does not move with the machine's load (docs/analysis-limits.md, "Twenty-fourth
 * round"). Prints the sampled total and the functions that allocated most (a builtin — `next`, `exec`, `replace` — is
 * shown with the function that called it).
 *
 *   node --no-regexp-tier-up dist/bench/skill-allocation-one.js <shape> [KiB=512] [rows=25]
 */
import { Session } from 'node:inspector';
import { analyzeSkill } from '../shared/sandbox/analyze.js';
import { parseSkill } from '../shared/skills/parse.js';
import { generatedInputs } from './skill-analysis-inputs.js';

interface HeapNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children?: HeapNode[] }

const [shape = '512k-honest', kib = '512', rows = '25'] = process.argv.slice(2);
const text = generatedInputs(Number(kib) * 1024)[shape];
if (text === undefined) {
  process.stderr.write(`unknown shape ${shape}: ${Object.keys(generatedInputs(4096)).join(', ')}\n`);
  process.exit(2);
}
const skill = parseSkill(text, { field: 'skillMdContent' });
analyzeSkill(skill);

// (an in-thread inspector session answers synchronously)
const session = new Session();
session.connect();
const post = (method: string, params?: object): unknown => {
  let result: unknown;
  session.post(method, params ?? {}, (err, r) => {
    if (err) throw err;
    result = r;
  });
  return result;
};
post('HeapProfiler.enable');
post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
analyzeSkill(skill);
const { profile } = post('HeapProfiler.stopSampling') as { profile: { head: HeapNode } };
session.disconnect();

const bytes = new Map<string, number>();
let total = 0;
const where = (n: HeapNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(shared|node_modules|bench)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
const walk = (n: HeapNode, parent: string) => {
  const here = where(n);
  const k = n.callFrame.url ? here : `${here.trim()} < ${parent}`;
  total += n.selfSize;
  bytes.set(k, (bytes.get(k) ?? 0) + n.selfSize);
  for (const c of n.children ?? []) walk(c, n.callFrame.url ? here : parent);
};
walk(profile.head, '');
console.log(`${shape} ${kib} KiB: ${(total / 1e6).toFixed(0)} MB allocated in one analysis (sampled)\n\n| MB | share | function |\n| ---: | ---: | --- |`);
for (const [k, b] of [...bytes].sort((a, c) => c[1] - a[1]).slice(0, Number(rows))) console.log(`| ${(b / 1e6).toFixed(1)} | ${((b / total) * 100).toFixed(1)} % | ${k} |`);
