/**
 * CPU per package of the archive analysis, for large real packages (docs/analysis-limits.md, "Package analysis
 * speed"; docs/benchmarks.md):
 *
 *   node --import tsx bench/package-analysis-speed.ts [--runs=N] [--budget=MS] FILE.tgz|DIR …
 *   (or, compiled: node dist/bench/package-analysis-speed.js …)
 *
 * Tarballs are ones `npm pack NAME@VERSION --pack-destination /tmp/DIR` wrote (nothing is fetched, installed
 * or run here); a DIR stands for every .tgz in it. Each package is analysed `runs` times (default 1) in this
 * thread, one after the other; the line gives the analysing thread's own CPU time (/proc, 10 ms steps; the
 * process's, helper threads included, in brackets), the wall time, the level the library lens gives, and
 * whether the analysis was cut off (LIMIT-TIME-001). `--budget=MS` sets the analysis's own time budget
 * (`maxAnalysisMs`); without it there is none, as in any direct call (the audit's is 15000 with the default
 * PACKAGE_ANALYSIS_BUDGET_MS). The load average is printed before and
 * after: on the shared 2-core machine the CPU numbers of one package move by 10–30 % with it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { analyzeArchive } from '../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../shared/packages/lens/index.js';
import { currentThreadTid, threadCpuMs } from '../shared/threads/thread-cpu.js';

const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1);
const budgetArg = args.find((a) => a.startsWith('--budget='))?.slice(9);
const inputs = args.filter((a) => !a.startsWith('--'));
if (inputs.length === 0) {
  process.stderr.write('usage: package-analysis-speed [--runs=N] [--budget=MS] FILE.tgz|DIR …\n');
  process.exit(2);
}
const files = inputs.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p)
        .filter((f) => f.endsWith('.tgz'))
        .sort()
        .map((f) => path.join(p, f))
    : [p],
);

const tid = currentThreadTid();
const threadMs = (): number => (tid === undefined ? Number.NaN : (threadCpuMs(tid) ?? Number.NaN));
const processMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  console.log(`load average ${load()}; ${files.length} packages, ${runs} run(s) each${budgetArg !== undefined ? `, maxAnalysisMs ${budgetArg}` : ''}`);
  console.log('| package | MB unpacked | files | CPU ms (thread) [process] | wall ms | level | cut off |');
  console.log('|---|---:|---:|---:|---:|---|---|');
  let total = 0;
  for (const file of files) {
    const buf = readFileSync(file);
    const base = path.basename(file, '.tgz');
    const m = /^(.*)-(\d[^-]*(?:-[^-]+)?)$/.exec(base);
    const cpus: number[] = [];
    const procs: number[] = [];
    const walls: number[] = [];
    let line = '';
    for (let r = 0; r < runs; r++) {
      const t0 = threadMs();
      const p0 = processMs();
      const w0 = performance.now();
      const analysis = await analyzeArchive(buf, { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'], ...(budgetArg !== undefined ? { limits: { maxAnalysisMs: Number(budgetArg) } } : {}) });
      walls.push(performance.now() - w0);
      cpus.push(threadMs() - t0);
      procs.push(processMs() - p0);
      const v = packageVerdict(
        reviewPackage({ registry: 'npm', name: m?.[1] ?? base, version: m?.[2] ?? '0.0.0', analysis, integrity: { ok: true, expected: '', actual: '' }, advisories: { status: 'ok', advisories: [] } }),
      );
      const cut = analysis.limitsHit.includes('maxAnalysisMs');
      line = `${(analysis.totalBytes / 1e6).toFixed(1)} | ${analysis.fileCount} | %CPU% | %WALL% | ${v.securityLevel} | ${cut ? `yes (${analysis.coverage?.tailFilesNotRead ?? '?'} files not read)` : 'no'} |`;
    }
    const min = (xs: number[]): number => Math.min(...xs);
    total += min(cpus);
    console.log(`| ${base} | ${line.replace('%CPU%', `${cpus.map((x) => x.toFixed(0)).join(', ')} [${procs.map((x) => x.toFixed(0)).join(', ')}]`).replace('%WALL%', walls.map((x) => x.toFixed(0)).join(', '))}`);
  }
  console.log(`\nsum of each package's fastest run: ${(total / 1000).toFixed(1)} s of thread CPU; load average ${load()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
