/**
 * Submission status reads (docs/api.md#polling-a-submission): CPU per read from the status read cache
 * and without it, and what a long-poll saves a submitter waiting for verdicts compared with polling.
 *
 *   node --import tsx bench/submission-status.ts        (or, compiled: node dist/bench/submission-status.js)
 *
 * Needs MariaDB/MySQL and Redis (as `npm test`) and a build (`npx tsc -p tsconfig.json`). A throwaway
 * database and Redis prefix are created and removed.
 *
 * 1. Per read: one approved submission (council votes, a certificate) read by its owner (bearer key) and
 *    by anyone (no key), with autocannon (BENCH_CONNECTIONS connections, BENCH_SECONDS per row) against a
 *    web process with the cache (SUBMISSION_CACHE_TTL_MS default) and one without (SUBMISSION_CACHE_TTL_MS=0:
 *    every read loads the views from MySQL, as before the cache). CPU time of the web process and of
 *    MariaDB (from /proc, when its process is visible) per read.
 * 2. Waiting for verdicts: BENCH_SUBMITTERS submissions created while no worker runs; each has a client
 *    that reads it until a final state, one way per round: polling every second, polling as Retry-After
 *    says, or long-polling (?waitSeconds=30 with If-None-Match). The worker starts BENCH_HOLD_SECONDS
 *    later. Printed per way: requests per verdict, empty answers (nothing changed) per verdict, web CPU
 *    per verdict, and how late a client learns of its final state (its answer's arrival minus the
 *    state's statusChangedAt).
 *
 * Env: BENCH_SECONDS (default 8), BENCH_CONNECTIONS (default 8), BENCH_SUBMITTERS (default 24),
 * BENCH_HOLD_SECONDS (default 10).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { client, skillMd, uuid, waitForStatus, type Proc } from '../test/support/harness.js';
import { newActorKey } from '../test/support/db.js';
import { cpuSeconds, distRoot, fmt, freePort, freshEnv, machine, median, percentile, quietChildren, runBench, sleep, startQuiet, startWorker, table, type BenchEnv } from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SUBMITTERS = Number(process.env.BENCH_SUBMITTERS ?? 24);
const HOLD_SECONDS = Number(process.env.BENCH_HOLD_SECONDS ?? 10);
const FINAL = ['APPROVED', 'REJECTED', 'SANDBOX_FAILED'];

/** MariaDB's (or MySQL's) process, if this machine shows it: its CPU is part of an uncached read. */
function databasePid(): number | undefined {
  for (const name of ['mariadbd', 'mysqld']) {
    try {
      const out = execFileSync('pidof', [name], { encoding: 'utf8' }).trim();
      if (out) return Number(out.split(' ')[0]);
    } catch {
      /* not running under this name, or not visible */
    }
  }
  return undefined;
}

const webPid = (i: number) => quietChildren[i]!.pid!;

async function startWeb(env: Record<string, string>): Promise<{ url: string; pid: number }> {
  const url = await startQuiet(path.join(distRoot, 'services/web.js'), [], { ...env, PUBLIC_BASE_URL: 'http://127.0.0.1' }, await freePort());
  return { url, pid: webPid(quietChildren.length - 1) };
}

async function perRead(web: { url: string; pid: number }, p: string, headers: Record<string, string>, db: number | undefined) {
  // Warm-up: JIT, connections, the cache entry.
  await autocannon({ url: `${web.url}${p}`, connections: CONNECTIONS, duration: 2, headers });
  const cpu0 = cpuSeconds(web.pid);
  const db0 = db ? cpuSeconds(db) : 0;
  const r = await autocannon({ url: `${web.url}${p}`, connections: CONNECTIONS, duration: SECONDS, headers });
  const n = Math.max(1, r.requests.total);
  return {
    webUs: ((cpuSeconds(web.pid) - cpu0) * 1e6) / n,
    dbUs: db ? ((cpuSeconds(db) - db0) * 1e6) / n : NaN,
    rps: r.requests.average,
    p50: r.latency.p50,
    bad: r.errors + r.timeouts + r.non2xx,
  };
}

type Way = 'poll every 1 s' | 'poll per Retry-After' | 'long-poll 30 s';

/** One submitter: reads its submission until a final state; counts requests and empty answers. */
async function follow(url: string, key: string, id: string, way: Way): Promise<{ requests: number; empty: number; lateMs: number }> {
  let etag: string | undefined;
  let requests = 0;
  let empty = 0;
  for (;;) {
    const q = way === 'long-poll 30 s' ? '?waitSeconds=30' : '';
    const r = await fetch(`${url}/cert/v1/submissions/${id}${q}`, { headers: { authorization: `Bearer ${key}`, ...(etag ? { 'if-none-match': etag } : {}) } });
    const arrived = Date.now();
    requests += 1;
    if (r.status === 304) {
      empty += 1;
      await r.arrayBuffer();
    } else {
      if (r.status !== 200) throw new Error(`status read: ${r.status} ${await r.text()}`);
      const body = (await r.json()) as { status: string; statusChangedAt: string };
      const same = r.headers.get('etag') === etag;
      if (same) empty += 1;
      etag = r.headers.get('etag') ?? undefined;
      if (FINAL.includes(body.status)) return { requests, empty, lateMs: arrived - Date.parse(body.statusChangedAt) };
    }
    if (way === 'poll every 1 s') await sleep(1000);
    else if (way === 'poll per Retry-After') await sleep(Number(r.headers.get('retry-after') ?? 30) * 1000);
  }
}

async function waitingForVerdicts(env: BenchEnv, web: { url: string; pid: number }, key: string, way: Way) {
  const api = client(web.url, key);
  const ids: string[] = [];
  for (let i = 0; i < SUBMITTERS; i++) {
    const s = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd({ name: `status-${uuid().slice(0, 8)}` }), idempotencyKey: uuid() });
    if (s.status !== 201) throw new Error(`submit: ${s.status} ${JSON.stringify(s.body)}`);
    ids.push(s.body.submissionId);
  }
  const cpu0 = cpuSeconds(web.pid);
  const followers = Promise.all(ids.map((id) => follow(web.url, key, id, way)));
  await sleep(HOLD_SECONDS * 1000);
  const worker: Proc = await startWorker({ ...env, LOG_LEVEL: 'warn' });
  const results = await followers;
  const cpu = cpuSeconds(web.pid) - cpu0;
  await worker.stop('SIGTERM', 15000);
  const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((a, r) => a + f(r), 0);
  return {
    way,
    requests: sum((r) => r.requests) / results.length,
    empty: sum((r) => r.empty) / results.length,
    cpuMs: (cpu * 1000) / results.length,
    lateP50: median(results.map((r) => r.lateMs)),
    lateP99: percentile(results.map((r) => r.lateMs), 99),
  };
}

async function main(): Promise<void> {
  const env = await freshEnv('status');
  const procEnv = { ...env, LOG_LEVEL: 'info' };
  const db = databasePid();

  // 1. One approved submission, read cached and uncached.
  const worker = await startWorker(procEnv);
  const cached = await startWeb(procEnv);
  const uncached = await startWeb({ ...procEnv, SUBMISSION_CACHE_TTL_MS: '0' });
  const key = await newActorKey();
  const api = client(cached.url, key);
  const sub = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd({ name: 'status-bench' }), idempotencyKey: uuid() });
  if (sub.status !== 201) throw new Error(`submit: ${sub.status} ${JSON.stringify(sub.body)}`);
  const done = await waitForStatus(api, sub.body.submissionId, FINAL.concat('ESCALATED'), 120000);
  if (done.status !== 'APPROVED') throw new Error(`the bench skill was ${done.status}`);
  await worker.stop('SIGTERM', 15000);
  const p = `/cert/v1/submissions/${sub.body.submissionId}`;
  const rows: (string | number)[][] = [];
  for (const [label, headers] of [
    ['owner (bearer key)', { authorization: `Bearer ${key}` }],
    ['anyone (no key)', {}],
  ] as [string, Record<string, string>][]) {
    for (const [mode, web] of [
      ['cached', cached],
      ['uncached', uncached],
    ] as const) {
      const r = await perRead(web, p, headers, db);
      rows.push([label, mode, fmt(r.webUs, 0), Number.isNaN(r.dbUs) ? 'n/a' : fmt(r.dbUs, 0), fmt(r.rps, 0), fmt(r.p50, 1), r.bad]);
    }
  }
  process.stdout.write(`\n# Submission status reads: CPU per read (${machine()})\n\n`);
  process.stdout.write(`${table(['reader', 'web', 'web CPU µs/read', 'MariaDB CPU µs/read', 'req/s', 'p50 ms', 'errors'], rows, ['l', 'l', 'r', 'r', 'r', 'r', 'r'])}\n`);

  // 2. Waiting for verdicts: polling vs long-polling, on the cached web process.
  const ways: Way[] = ['poll every 1 s', 'poll per Retry-After', 'long-poll 30 s'];
  const waits = [];
  for (const way of ways) waits.push(await waitingForVerdicts(env, cached, key, way));
  process.stdout.write(`\n# Waiting for ${SUBMITTERS} verdicts held ${HOLD_SECONDS} s (no worker), then released\n\n`);
  process.stdout.write(
    `${table(
      ['client', 'requests/verdict', 'empty answers/verdict', 'web CPU ms/verdict', 'verdict seen late p50 ms', 'p99 ms'],
      waits.map((w) => [w.way, fmt(w.requests, 1), fmt(w.empty, 1), fmt(w.cpuMs, 1), fmt(w.lateP50, 0), fmt(w.lateP99, 0)]),
      ['l', 'r', 'r', 'r', 'r', 'r'],
    )}\n`,
  );
}

void runBench(async () => {
  try {
    await main();
  } finally {
    // The quiet web processes are this bench's own to stop (runBench stops the harness's).
    for (const c of quietChildren) if (c.exitCode === null) c.kill('SIGTERM');
  }
});
