/**
 * Package audit throughput: one worker process against two, on the same set of ~40 small npm versions.
 *
 *   node --import tsx bench/audit-throughput.ts        (or, compiled: node dist/bench/audit-throughput.js)
 *
 * Needs MariaDB/MySQL and Redis (as `npm test`) and a build (`npx tsc -p tsconfig.json`): workers are
 * dist/workers/worker.js, started as test/support/harness.ts starts them.
 *
 * The set: the latest versions of the first 40 packages of shared/packages/data/top-npm.json (a copy of the shared top-package list) whose
 * tarball is at most 100 KB compressed (size from a HEAD request's content-length, since the registry here
 * does not publish dist.unpackedSize; no tarball body is downloaded ahead).
 * Every run gets a fresh database and Redis prefix, so nothing is certified or cached in the service when it
 * starts; the workers are started and ready before the clock starts; then every audit is enqueued
 * (enqueue.audit) and the clock stops when Bull reports every job completed or failed. One untimed pass
 * (two workers) comes first so the OS, the registry's CDN/proxy and the page cache are equally warm for all
 * timed runs. Timed runs are interleaved (1, 2, 1, 2, ...), BENCH_REPS each (default 5); the median is reported.
 * Configurations: WORKER_CONCURRENCY_PACKAGES default (4) per process, and 1 per process.
 */
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { enqueue, queue } from '../shared/queues/index.js';
import { PackageCertificate } from '../shared/db/models.js';
import type { PackageAuditJob } from '../shared/queues/index.js';
import { cleanup, fmt, freshEnv, latestVersions, tarballSize, machine, median, runBench, sleep, startWorker, table, topNpmList, type Proc } from './support.js';

const SET_SIZE = 40;
const MAX_TARBALL = 100 * 1024;
const REPS = Number(process.env.BENCH_REPS ?? 5);
const RUN_TIMEOUT_MS = 180_000;

interface RunResult {
  workers: number;
  concurrency: string;
  ms: number;
  certificates: number;
  failed: number;
  retries: number;
  /** Mean time a job spent in its processor (finishedOn - processedOn). */
  meanJobMs: number;
  /** CPU seconds used by the worker processes / by the database server during the run. */
  workerCpuS: number;
  dbCpuS: number | null;
  /** Whole machine (/proc/stat): share of all cores busy during the run, 0..1. */
  machineBusy: number | null;
  /** Sum of job durations / wall time: how many audits were in flight on average. */
  inFlight: number;
}

/** [busy, total] jiffies over all cores since boot (Linux /proc/stat). */
function machineJiffies(): [number, number] | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return [total - f[3]! - f[4]!, total];
  } catch {
    return null;
  }
}

const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** utime + stime of a process, in seconds (Linux /proc). */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

function dbServerPid(): number | undefined {
  for (const name of ['mariadbd', 'mysqld']) {
    const r = spawnSync('pgrep', ['-x', '-o', name], { encoding: 'utf8' });
    const pid = Number(r.stdout.trim());
    if (pid) return pid;
  }
  return undefined;
}

async function runOnce(label: string, refs: PackageAuditJob[], workers: number, concurrency?: number): Promise<RunResult> {
  const extra: Record<string, string> = concurrency ? { WORKER_CONCURRENCY_PACKAGES: String(concurrency) } : {};
  const env = await freshEnv(label, extra);
  const procs: Proc[] = [];
  try {
    procs.push(...(await Promise.all(Array.from({ length: workers }, (_, i) => startWorker(env, `worker-${i + 1}`)))));
    // What the workers say they run with (the "worker ready" log line), so a leaked setting cannot go unnoticed.
    const reported = procs.map((p) => {
      try {
        return Number((JSON.parse(p.lines.find((l) => l.includes('worker ready')) ?? '{}') as { packages?: number }).packages);
      } catch {
        return NaN;
      }
    });
    const expected = concurrency ?? 4;
    if (reported.some((n) => n !== expected)) throw new Error(`${label}: workers report packages concurrency ${reported.join(', ')}, expected ${expected}`);
    const q = queue('packages');
    await q.isReady();
    const dbPid = dbServerPid();
    const cpu0 = procs.map((p) => cpuSeconds(p.child.pid) ?? 0);
    const db0 = cpuSeconds(dbPid);
    const m0 = machineJiffies();

    const t0 = performance.now();
    await Promise.all(refs.map((r) => enqueue.audit(r)));
    let done = 0;
    let failed = 0;
    for (;;) {
      const c = await q.getJobCounts();
      done = c.completed + c.failed;
      failed = c.failed;
      if (done >= refs.length) break;
      if (performance.now() - t0 > RUN_TIMEOUT_MS) throw new Error(`${label}: only ${done} of ${refs.length} audits finished within ${RUN_TIMEOUT_MS / 1000} s`);
      for (const p of procs) if (p.child.exitCode !== null) throw new Error(`${p.name} exited (${p.child.exitCode}):\n${p.lines.slice(-10).join('\n')}`);
      await sleep(50);
    }
    const ms = performance.now() - t0;
    const workerCpuS = procs.reduce((s, p, i) => s + ((cpuSeconds(p.child.pid) ?? 0) - cpu0[i]!), 0);
    const db1 = cpuSeconds(dbPid);
    const m1 = machineJiffies();

    const jobs = await q.getCompleted(0, refs.length);
    const jobMs = jobs.filter((j) => j.finishedOn && j.processedOn).map((j) => j.finishedOn! - j.processedOn!);
    const retries = jobs.reduce((s, j) => s + Math.max(0, j.attemptsMade - 1), 0);
    const failedForGood = jobs.filter((j) => (j.returnvalue as { failed?: string } | null)?.failed).length;
    const certificates = await PackageCertificate.count();
    const result: RunResult = {
      workers,
      concurrency: concurrency ? String(concurrency) : `default (${reported[0]})`,
      ms,
      certificates,
      failed: failed + failedForGood,
      retries,
      meanJobMs: jobMs.reduce((a, b) => a + b, 0) / Math.max(1, jobMs.length),
      workerCpuS,
      dbCpuS: db0 !== null && db1 !== null ? db1 - db0 : null,
      machineBusy: m0 && m1 && m1[1] > m0[1] ? (m1[0] - m0[0]) / (m1[1] - m0[1]) : null,
      inFlight: jobMs.reduce((a, b) => a + b, 0) / ms,
    };
    process.stderr.write(`${label}: ${workers} worker(s) x ${result.concurrency}: ${fmt(ms / 1000, 2)} s, ${certificates} certificates, ${result.failed} failed, mean job ${fmt(result.meanJobMs, 0)} ms, in flight ${fmt(result.inFlight, 1)}, worker CPU ${fmt(workerCpuS, 1)} s, machine busy ${result.machineBusy === null ? 'n/a' : fmt(100 * result.machineBusy, 0)}%\n`);
    return result;
  } finally {
    await Promise.all(procs.map((p) => p.stop('SIGTERM', 15000)));
    await cleanup(env);
  }
}

async function main(): Promise<void> {
  const names = (JSON.parse(readFileSync(topNpmList, 'utf8')) as { packages: string[] }).packages;
  const candidates = names.slice(0, 150);
  const meta = await latestVersions(candidates);
  const refs: PackageAuditJob[] = [];
  const sizes: number[] = [];
  const heads = await Promise.all(candidates.map(async (name) => {
    const m = meta.get(name);
    return m ? tarballSize(m.tarball) : undefined;
  }));
  candidates.forEach((name, i) => {
    const m = meta.get(name);
    const size = heads[i];
    if (!m || size === undefined || size > MAX_TARBALL || refs.length === SET_SIZE) return;
    refs.push({ registry: 'npm', name, version: m.version });
    sizes.push(size);
  });
  if (refs.length < SET_SIZE) throw new Error(`only ${refs.length} small packages found in the first ${candidates.length} of the list`);

  const warm = await runOnce('warm', refs, 2);
  const configs: { workers: number; concurrency?: number }[] = [
    { workers: 1 },
    { workers: 2 },
    { workers: 1, concurrency: 1 },
    { workers: 2, concurrency: 1 },
  ];
  const results = new Map<string, RunResult[]>();
  const key = (c: { workers: number; concurrency?: number }) => `${c.workers}:${c.concurrency ?? 'd'}`;
  for (let rep = 0; rep < REPS; rep++) {
    for (const c of configs) {
      const r = await runOnce(`w${c.workers}c${c.concurrency ?? 'd'}r${rep}`, refs, c.workers, c.concurrency);
      results.set(key(c), [...(results.get(key(c)) ?? []), r]);
    }
  }

  const cores = os.cpus().length;
  const pps = (r: RunResult[]) => SET_SIZE / (median(r.map((x) => x.ms)) / 1000);
  const row = (c: { workers: number; concurrency?: number }) => {
    const rs = results.get(key(c))!;
    const wall = median(rs.map((x) => x.ms)) / 1000;
    const cpu = median(rs.map((x) => x.workerCpuS));
    const dbCpu = rs.every((x) => x.dbCpuS !== null) ? median(rs.map((x) => x.dbCpuS!)) : NaN;
    const busy = rs.every((x) => x.machineBusy !== null) ? median(rs.map((x) => x.machineBusy!)) : NaN;
    return [
      `${c.workers} worker process${c.workers > 1 ? 'es' : ''}`,
      rs[0]!.concurrency,
      fmt(wall, 2),
      rs.map((x) => fmt(x.ms / 1000, 2)).join(', '),
      fmt(pps(rs), 2),
      `${rs.map((x) => x.certificates).join('/')}${rs.some((x) => x.failed) ? ` (failed ${rs.map((x) => x.failed).join('/')})` : ''}`,
      fmt(median(rs.map((x) => x.meanJobMs)), 0),
      fmt(median(rs.map((x) => x.inFlight)), 1),
      `${fmt(cpu, 1)} s (${fmt((100 * cpu) / (wall * cores), 0)}%)`,
      Number.isFinite(dbCpu) ? `${fmt(dbCpu, 1)} s` : 'n/a',
      Number.isFinite(busy) ? `${fmt(100 * busy, 0)}%` : 'n/a',
    ];
  };
  const ratio = (a: { workers: number; concurrency?: number }, b: { workers: number; concurrency?: number }) => pps(results.get(key(b))!) / pps(results.get(key(a))!);
  const ratioDefault = ratio(configs[0]!, configs[1]!);
  const ratioOne = ratio(configs[2]!, configs[3]!);

  const lines: string[] = [];
  lines.push('### Package audit throughput: 1 vs 2 worker processes');
  lines.push('');
  lines.push(`Set: ${refs.length} npm versions (latest of the first ${refs.length} packages of the top-npm list whose tarball is ≤ ${MAX_TARBALL / 1024} KB compressed; median ${fmt(median(sizes) / 1024, 1)} KB, total ${fmt(sizes.reduce((a, b) => a + b, 0) / 2 ** 20, 2)} MB compressed): ${refs.map((r) => `${r.name}@${r.version}`).join(', ')}.`);
  lines.push('');
  lines.push(`Each run: fresh database and Redis prefix, workers started and ready, then all ${refs.length} audits enqueued with \`enqueue.audit\`; time until Bull reports all completed. Untimed warm-up pass first (2 workers: ${fmt(warm.ms / 1000, 2)} s). ${REPS} interleaved runs per configuration; median.`);
  lines.push('');
  lines.push(
    table(
      ['workers', 'WORKER_CONCURRENCY_PACKAGES', 'median s', 'runs s', 'packages/s', 'certificates', 'mean job ms', 'audits in flight (avg)', `worker CPU (% of ${cores} cores)`, 'DB server CPU', 'machine CPU busy'],
      configs.map(row),
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'r', 'r'],
    ),
  );
  lines.push('');
  lines.push(`Ratio 2 processes / 1 process: **${fmt(ratioDefault, 2)}×** with the default concurrency (4 per process), **${fmt(ratioOne, 2)}×** with 1 per process.`);
  lines.push('');
  lines.push('"mean job ms" is processedOn → finishedOn of a Bull job; "audits in flight" is the sum of job times divided by the wall time; CPU columns are measured from /proc over the timed window (worker processes only, the database server process, and the whole machine including this bench, Redis and anything else running).');
  lines.push('');
  lines.push(`Machine: ${machine()}.`);
  console.log(lines.join('\n'));
}

await runBench(main);
