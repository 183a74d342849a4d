/**
 * Package audit throughput: one worker process against two.
 *
 *   node dist/bench/audit-throughput.js     (after a build: `npm run build`; as root for the dyno rows)
 *
 * Needs MariaDB/MySQL and Redis (as `npm test`); workers are dist/workers/worker.js, started as
 * test/support/harness.ts starts them.
 *
 * The sets: the latest versions of the first BENCH_SET + BENCH_WARM (120 + 40) packages of
 * shared/packages/data/top-npm.json whose tarball is at most 100 KB compressed (size from a HEAD request's
 * content-length; no tarball body is downloaded ahead), alternately split into the timed set and a
 * warm-up set.
 * Every run gets a fresh database and Redis prefix, so nothing of the timed set is certified or cached in
 * the service. The workers start, then audit the warm-up set (untimed): a worker is a long-running process,
 * and timing its first seconds would measure V8 compiling the code and connections being opened, twice as
 * often with two processes (an earlier version of this bench timed 40 audits on cold workers: ~0.8 s runs
 * that were mostly start-up). Then the clock starts, every audit of the timed set is enqueued
 * (enqueue.audit), and it stops when Bull reports all of them completed or failed. One untimed run comes
 * first so the registry's CDN/proxy holds every file. Timed runs are interleaved, BENCH_REPS each
 * (default 5); the median is reported.
 *
 * Configurations: WORKER_CONCURRENCY_PACKAGES default (4) and 1 per process; each both on the shared
 * machine and as "dynos": every worker process in its own cgroup with a CPU quota of BENCH_DYNO_CPU cores
 * (default 0.5), as a PaaS gives each dyno its own CPU share (bench/cpu-quota.ts). On the shared machine a
 * second process only gets the CPU the first leaves; the dyno rows show what a process that brings its own
 * CPU adds. The dyno rows are skipped (and say why) where cgroups cannot be written.
 */
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import pLimit from 'p-limit';
import { enqueue, queue } from '../shared/queues/index.js';
import { PackageCertificate } from '../shared/db/models.js';
import type { PackageAuditJob } from '../shared/queues/index.js';
import { CpuQuota, cpuQuotaUnavailable } from './cpu-quota.js';
import { cleanup, fmt, freshEnv, latestVersions, tarballSize, machine, median, runBench, sleep, startWorker, table, topNpmList, type Proc } from './support.js';

/** Audits timed per run, and audits each run's workers do first (a disjoint set) so they are warm. */
const SET_SIZE = Number(process.env.BENCH_SET ?? 120);
const WARM_SIZE = Number(process.env.BENCH_WARM ?? 40);
const MAX_TARBALL = 100 * 1024;
const REPS = Number(process.env.BENCH_REPS ?? 5);
const RUN_TIMEOUT_MS = 180_000;
const DYNO_CPU = Number(process.env.BENCH_DYNO_CPU ?? 0.5);

interface Config {
  workers: number;
  /** WORKER_CONCURRENCY_PACKAGES; undefined = the default. */
  concurrency?: number;
  /** CPU quota per worker process in cores (dyno emulation); undefined = the shared machine. */
  quota?: number;
}

interface RunResult {
  workers: number;
  concurrency: string;
  /** Periods in which the CPU quota throttled a worker (dyno rows only). */
  throttled: number;
  ms: number;
  certificates: number;
  failed: number;
  retries: number;
  /** Mean time a job spent in its processor (finishedOn - processedOn). */
  meanJobMs: number;
  /** CPU seconds used by the worker processes / by the database server during the run. */
  workerCpuS: number;
  /** CPU of the busiest worker's main (JavaScript) thread / wall time: 1.0 means that thread was never idle. */
  mainThreadBusy: number;
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

/** utime + stime of a process's main (JavaScript) thread, in seconds: task <pid> is the main thread. */
function mainThreadSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
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

/** Enqueue `refs` and wait until Bull reports `base + refs.length` jobs completed or failed. */
async function drain(label: string, refs: PackageAuditJob[], base: number, procs: Proc[]): Promise<void> {
  const q = queue('packages');
  const t0 = performance.now();
  await Promise.all(refs.map((r) => enqueue.audit(r)));
  for (;;) {
    const c = await q.getJobCounts();
    const done = c.completed + c.failed - base;
    if (done >= refs.length) return;
    if (performance.now() - t0 > RUN_TIMEOUT_MS) throw new Error(`${label}: only ${done} of ${refs.length} audits finished within ${RUN_TIMEOUT_MS / 1000} s`);
    for (const p of procs) if (p.child.exitCode !== null) throw new Error(`${p.name} exited (${p.child.exitCode}):\n${p.lines.slice(-10).join('\n')}`);
    await sleep(50);
  }
}

async function runOnce(label: string, warmRefs: PackageAuditJob[], refs: PackageAuditJob[], { workers, concurrency, quota }: Config): Promise<RunResult> {
  const extra: Record<string, string> = concurrency ? { WORKER_CONCURRENCY_PACKAGES: String(concurrency) } : {};
  const env = await freshEnv(label, extra);
  const procs: Proc[] = [];
  const quotas: CpuQuota[] = [];
  try {
    procs.push(...(await Promise.all(Array.from({ length: workers }, (_, i) => startWorker(env, `worker-${i + 1}`)))));
    if (quota) {
      procs.forEach((p, i) => {
        const q = CpuQuota.create(`${label}-${i + 1}`, quota);
        quotas.push(q);
        q.add(p.child.pid!);
      });
    }
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
    // Untimed: the workers audit a disjoint set first, as long-running worker processes would have
    // (compiled code, open database/Redis/registry connections). Nothing of the timed set is certified
    // or cached by then: its packages are not in the warm-up set.
    const warmCpu0 = procs.map((p) => cpuSeconds(p.child.pid) ?? 0);
    await drain(`${label} warm-up`, warmRefs, 0, procs);
    const warmCpu = procs.map((p, i) => (cpuSeconds(p.child.pid) ?? 0) - warmCpu0[i]!);
    // Every process must have taken part in the warm-up, or the run would time a cold process.
    if (warmCpu.some((c) => c < 0.1)) throw new Error(`${label}: a worker did no warm-up work (CPU ${warmCpu.map((c) => fmt(c, 2)).join(', ')} s)`);
    const base = warmRefs.length;
    const dbPid = dbServerPid();
    const cpu0 = procs.map((p) => cpuSeconds(p.child.pid) ?? 0);
    const main0 = procs.map((p) => mainThreadSeconds(p.child.pid) ?? 0);
    const db0 = cpuSeconds(dbPid);
    const m0 = machineJiffies();

    const t0 = performance.now();
    await drain(label, refs, base, procs);
    const ms = performance.now() - t0;
    const workerCpuS = procs.reduce((s, p, i) => s + ((cpuSeconds(p.child.pid) ?? 0) - cpu0[i]!), 0);
    const mainThreadS = Math.max(...procs.map((p, i) => (mainThreadSeconds(p.child.pid) ?? 0) - main0[i]!));
    const db1 = cpuSeconds(dbPid);
    const m1 = machineJiffies();

    const jobs = (await q.getCompleted(0, base + refs.length)).filter((j) => refs.some((r) => j.data.name === r.name && j.data.version === r.version));
    const failedJobs = (await q.getFailed(0, base + refs.length)).filter((j) => refs.some((r) => j.data.name === r.name && j.data.version === r.version));
    const jobMs = jobs.filter((j) => j.finishedOn && j.processedOn).map((j) => j.finishedOn! - j.processedOn!);
    const retries = jobs.reduce((s, j) => s + Math.max(0, j.attemptsMade - 1), 0);
    const failedForGood = jobs.filter((j) => (j.returnvalue as { failed?: string } | null)?.failed).length;
    const certificates = (await PackageCertificate.count()) - base;
    const result: RunResult = {
      workers,
      concurrency: concurrency ? String(concurrency) : `default (${reported[0]})`,
      throttled: quotas.reduce((n, q) => n + q.throttledPeriods(), 0),
      ms,
      certificates,
      failed: failedJobs.length + failedForGood,
      retries,
      meanJobMs: jobMs.reduce((a, b) => a + b, 0) / Math.max(1, jobMs.length),
      workerCpuS,
      mainThreadBusy: mainThreadS / (ms / 1000),
      dbCpuS: db0 !== null && db1 !== null ? db1 - db0 : null,
      machineBusy: m0 && m1 && m1[1] > m0[1] ? (m1[0] - m0[0]) / (m1[1] - m0[1]) : null,
      inFlight: jobMs.reduce((a, b) => a + b, 0) / ms,
    };
    process.stderr.write(`${label}: ${workers} worker(s) x ${result.concurrency}${quota ? ` (quota ${quota} core each)` : ''}: ${fmt(ms / 1000, 2)} s, ${certificates} certificates, ${result.failed} failed, mean job ${fmt(result.meanJobMs, 0)} ms, in flight ${fmt(result.inFlight, 1)}, worker CPU ${fmt(workerCpuS, 1)} s, busiest main thread ${fmt(100 * result.mainThreadBusy, 0)}%, DB ${result.dbCpuS === null ? 'n/a' : fmt(result.dbCpuS, 2)} s,${quota ? ` throttled periods ${result.throttled},` : ''} machine busy ${result.machineBusy === null ? 'n/a' : fmt(100 * result.machineBusy, 0)}%\n`);
    return result;
  } finally {
    await Promise.all(procs.map((p) => p.stop('SIGTERM', 15000)));
    for (const q of quotas) q.remove();
    await cleanup(env);
  }
}

async function main(): Promise<void> {
  const names = (JSON.parse(readFileSync(topNpmList, 'utf8')) as { packages: string[] }).packages;
  const wanted = SET_SIZE + WARM_SIZE;
  const candidates = names.slice(0, Math.max(150, wanted * 3));
  const meta = await latestVersions(candidates);
  const picked: PackageAuditJob[] = [];
  const pickedSizes: number[] = [];
  // HEAD requests 16 at a time: hundreds at once make the registry drop some.
  const limit = pLimit(16);
  const heads = await Promise.all(candidates.map((name) => limit(async () => {
    const m = meta.get(name);
    return m ? tarballSize(m.tarball) : undefined;
  })));
  candidates.forEach((name, i) => {
    const m = meta.get(name);
    const size = heads[i];
    if (!m || size === undefined || size > MAX_TARBALL || picked.length === wanted) return;
    picked.push({ registry: 'npm', name, version: m.version });
    pickedSizes.push(size);
  });
  if (picked.length < wanted) throw new Error(`only ${picked.length} small packages found in the first ${candidates.length} of the list`);
  // Alternate: every other package (from the top of the list) warms up, so both sets look alike.
  const refs: PackageAuditJob[] = [];
  const sizes: number[] = [];
  const warmRefs: PackageAuditJob[] = [];
  picked.forEach((r, i) => {
    if (warmRefs.length < WARM_SIZE && (i % 2 === 1 || refs.length === SET_SIZE)) warmRefs.push(r);
    else {
      refs.push(r);
      sizes.push(pickedSizes[i]!);
    }
  });

  const warm = await runOnce('warm', warmRefs, refs, { workers: 2 });
  const noQuota = cpuQuotaUnavailable();
  const configs: Config[] = [
    { workers: 1 },
    { workers: 2 },
    { workers: 1, concurrency: 1 },
    { workers: 2, concurrency: 1 },
    ...(noQuota
      ? []
      : [
          { workers: 1, quota: DYNO_CPU },
          { workers: 2, quota: DYNO_CPU },
          { workers: 1, concurrency: 1, quota: DYNO_CPU },
          { workers: 2, concurrency: 1, quota: DYNO_CPU },
        ]),
  ];
  const results = new Map<string, RunResult[]>();
  const key = (c: Config) => `${c.workers}:${c.concurrency ?? 'd'}:${c.quota ?? '-'}`;
  for (let rep = 0; rep < REPS; rep++) {
    for (const c of configs) {
      const r = await runOnce(`w${c.workers}c${c.concurrency ?? 'd'}${c.quota ? 'q' : ''}r${rep}`, warmRefs, refs, c);
      results.set(key(c), [...(results.get(key(c)) ?? []), r]);
    }
  }

  const cores = os.cpus().length;
  const pps = (r: RunResult[]) => SET_SIZE / (median(r.map((x) => x.ms)) / 1000);
  const row = (c: Config) => {
    const rs = results.get(key(c))!;
    const wall = median(rs.map((x) => x.ms)) / 1000;
    const cpu = median(rs.map((x) => x.workerCpuS));
    const dbCpu = rs.every((x) => x.dbCpuS !== null) ? median(rs.map((x) => x.dbCpuS!)) : NaN;
    const busy = rs.every((x) => x.machineBusy !== null) ? median(rs.map((x) => x.machineBusy!)) : NaN;
    return [
      c.quota ? `dyno: ${c.quota} core each` : `shared ${cores} cores`,
      `${c.workers}`,
      rs[0]!.concurrency,
      fmt(wall, 2),
      rs.map((x) => fmt(x.ms / 1000, 2)).join(', '),
      fmt(pps(rs), 1),
      `${rs.map((x) => x.certificates).join('/')}${rs.some((x) => x.failed) ? ` (failed ${rs.map((x) => x.failed).join('/')})` : ''}`,
      fmt(median(rs.map((x) => x.meanJobMs)), 0),
      fmt(median(rs.map((x) => x.inFlight)), 1),
      `${fmt(cpu, 1)} s`,
      `${fmt(100 * median(rs.map((x) => x.mainThreadBusy)), 0)}%`,
      Number.isFinite(dbCpu) ? `${fmt(dbCpu, 2)} s` : 'n/a',
      Number.isFinite(busy) ? `${fmt(100 * busy, 0)}%` : 'n/a',
    ];
  };
  const ratio = (one: Config) => {
    const two = configs.find((c) => c.workers === 2 && c.concurrency === one.concurrency && c.quota === one.quota)!;
    return pps(results.get(key(two))!) / pps(results.get(key(one))!);
  };
  const describe = (c: Config) => `${c.quota ? `dynos of ${c.quota} core` : `shared ${cores}-core machine`}, concurrency ${c.concurrency ?? 'default (4)'}`;

  const lines: string[] = [];
  lines.push('### Package audit throughput: 1 vs 2 worker processes');
  lines.push('');
  lines.push(`Timed set: ${refs.length} npm versions (every other one of the first ${picked.length} packages of the top-npm list whose tarball is ≤ ${MAX_TARBALL / 1024} KB compressed; median ${fmt(median(sizes) / 1024, 1)} KB, total ${fmt(sizes.reduce((a, b) => a + b, 0) / 2 ** 20, 2)} MB compressed); the other ${warmRefs.length} warm each run's workers up first.`);
  lines.push('');
  lines.push(`Each run: fresh database and Redis prefix, workers started, warm-up set audited (untimed), then all ${refs.length} audits enqueued with \`enqueue.audit\`; time until Bull reports all completed. An untimed run first (2 workers: ${fmt(warm.ms / 1000, 2)} s). ${REPS} interleaved runs per configuration; median.`);
  lines.push('');
  lines.push(
    table(
      ['CPU', 'workers', 'concurrency per process', 'median s', 'runs s', 'packages/s', 'certificates', 'mean job ms', 'audits in flight', 'worker CPU', 'busiest JS thread', 'DB server CPU', 'machine busy'],
      configs.map(row),
      ['l', 'r', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  lines.push('');
  for (const c of configs.filter((x) => x.workers === 1)) lines.push(`- 2 processes / 1 process, ${describe(c)}: **${fmt(ratio(c), 2)}×**`);
  if (noQuota) lines.push(`- dyno rows skipped: ${noQuota}`);
  lines.push('');
  lines.push('"mean job ms": processedOn → finishedOn of a Bull job; "audits in flight": sum of job times / wall time; "busiest JS thread": CPU time of the busiest worker\'s main thread / wall time (100% = that thread never idle); CPU columns are measured from /proc over the timed window (worker processes with all their threads, the database server, the whole machine including this bench and Redis).');
  lines.push('');
  lines.push(`Machine: ${machine()}.`);
  console.log(lines.join('\n'));
}

await runBench(main);
