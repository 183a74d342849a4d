/**
 * The top self-time functions of a V8 CPU profile (`node --cpu-prof`), grouped by function and file, and
 * the share of time by package (node_modules/<name>) or by this repository's top folder, then by package
 * the time of samples whose stack holds a frame of it (what a package costs with what it calls: Sequelize
 * with its mysql2 calls and socket writes; the rows overlap).
 *
 *   node dist/bench/cpu-profile-top.js <file.cpuprofile> [rows]
 *   PROFILE_FILES=1 … : also a table by repository file (a profile taken through tsx keeps the .ts paths)
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: cpu-profile-top <file.cpuprofile> [rows]\n');
  process.exit(2);
}
const prof = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
// Time per node from the samples and their deltas (hitCount alone ignores uneven sampling).
const self = new Map<number, number>();
prof.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  if (!url) return '(native/V8)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return 'node core';
  const repo = /\/dist\/([^/]+)\//.exec(url) ?? /\/(shared|services|workers|bench|scripts)\//.exec(url);
  return repo ? `repo ${repo[1]}/` : url;
}

const fns = new Map<string, number>();
const groups = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const { functionName, url, lineNumber } = n.callFrame;
  const short = url.replace(/^.*\/(node_modules|dist)\//, '$1/');
  const k = `${functionName || '(anonymous)'} ${short ? `${short}:${lineNumber + 1}` : ''}`.trim();
  fns.set(k, (fns.get(k) ?? 0) + us);
  const g = functionName === '(garbage collector)' ? '(garbage collector)' : functionName === '(idle)' ? '(idle)' : functionName === '(program)' ? '(program)' : where(url);
  groups.set(g, (groups.get(g) ?? 0) + us);
}
const busy = total - (groups.get('(idle)') ?? 0);
const pct = (us: number) => `${((us / busy) * 100).toFixed(1)} %`;
const rows = Number(rowsArg ?? 25);
process.stdout.write(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s not idle (shares below are of the busy time)\n\n`);
process.stdout.write('| self time | where |\n| ---: | --- |\n');
for (const [k, us] of [...groups].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 15)) process.stdout.write(`| ${pct(us)} | ${k} |\n`);
process.stdout.write('\n| self time | function |\n| ---: | --- |\n');
for (const [k, us] of [...fns].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, rows)) process.stdout.write(`| ${pct(us)} | ${k} |\n`);

// By stack: a sample counts once for every package (or repository folder) with a frame anywhere in its stack.
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inStack = new Map<string, number>();
for (const [id, us] of self) {
  const leaf = byId.get(id)!.callFrame.functionName;
  if (leaf === '(idle)' || leaf === '(program)' || leaf === '(garbage collector)') continue;
  const seen = new Set<string>();
  for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
    const url = byId.get(x)!.callFrame.url;
    if (url) seen.add(where(url));
  }
  for (const g of seen) inStack.set(g, (inStack.get(g) ?? 0) + us);
}
process.stdout.write('\n| in the stack | package or folder |\n| ---: | --- |\n');
for (const [k, us] of [...inStack].sort((a, b) => b[1] - a[1]).slice(0, 15)) process.stdout.write(`| ${pct(us)} | ${k} |\n`);

// By repository file (`PROFILE_FILES=1`, a profile taken through tsx so frames keep their .ts paths): the time of
// samples with a frame of the file in the stack, and the file's own time with the regexes it runs (a `RegExp:` node's
// time goes to the frame that called it).
if (process.env.PROFILE_FILES === '1') {
  const fileOf = (url: string): string | null => {
    const m = /\/((?:shared|services|workers|bench|scripts)\/[^?#]+\.[cm]?[jt]s)/.exec(url);
    return m ? m[1]! : null;
  };
  const incl = new Map<string, number>();
  const own = new Map<string, number>();
  const regex = new Map<string, number>();
  for (const [id, us] of self) {
    const leaf = byId.get(id)!.callFrame;
    if (leaf.functionName === '(idle)' || leaf.functionName === '(program)' || leaf.functionName === '(garbage collector)') continue;
    const seen = new Set<string>();
    let first: string | null = null;
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const f = fileOf(byId.get(x)!.callFrame.url);
      if (!f) continue;
      first ??= f;
      seen.add(f);
    }
    for (const f of seen) incl.set(f, (incl.get(f) ?? 0) + us);
    if (first) {
      own.set(first, (own.get(first) ?? 0) + us);
      if (leaf.functionName.startsWith('RegExp:') || (!leaf.url && leaf.functionName !== '(root)')) regex.set(first, (regex.get(first) ?? 0) + us);
    }
  }
  process.stdout.write('\n| in the stack | own (with its regexes and builtins) | of which regexes and builtins | file |\n| ---: | ---: | ---: | --- |\n');
  for (const [k, us] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, rows)) process.stdout.write(`| ${pct(us)} | ${pct(own.get(k) ?? 0)} | ${pct(regex.get(k) ?? 0)} | ${k} |\n`);
}
