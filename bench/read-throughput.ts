/**
 * Public read throughput against a bare `node:http` server answering the same JSON from memory.
 *
 *   node --import tsx bench/read-throughput.ts        (or, compiled: node dist/bench/read-throughput.js)
 *
 * Needs MariaDB/MySQL and Redis (as `npm test`), the npm registry for one small package audit, and a build
 * (`npx tsc -p tsconfig.json`). A throwaway database and Redis prefix are created and removed.
 *
 * 1. Seeds through the real service: a worker and a web process, a skill submitted over the API and approved
 *    by the council (a certificate), and one npm package certified by the operator CLI (`package audit`).
 * 2. Starts, each in its own process, the web process as production runs it (LOG_LEVEL=info, its request
 *    log going to /dev/null) and a bare `node:http` server holding each endpoint's body, fetched once
 *    from the web process, in memory.
 * 3. For every endpoint, autocannon (in this process, 32 connections, BENCH_SECONDS each, after a 2 s
 *    warm-up) runs against the bare server and then against the web process, BENCH_ROUNDS times in
 *    turn, side by side in this one run: mean requests/s, worst p50/p99 of the rounds.
 *
 * Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32), BENCH_ROUNDS (default 2), BENCH_ONLY
 * (a regular expression over the endpoint labels), BENCH_WEB_NODE_ARGS (e.g. `--cpu-prof` for the web process),
 * BENCH_WARMUP_SECONDS (default 10; 0 for none: before any measuring, load each selected endpoint on the web process this
 * long, so that the first endpoint measured does not carry the process's warm-up).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { client, skillMd, uuid, waitForStatus, runCli } from '../test/support/harness.js';
import { newActorKey } from '../test/support/db.js';
import { cpuSeconds, distRoot, fmt, freePort, freshEnv, machine, quietChildren, runBench, startQuiet, startWorker, table, type BenchEnv } from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const children = quietChildren;

const BARE_SERVER = `
import http from 'node:http';
import { readFileSync } from 'node:fs';
const bodies = new Map(Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))));
http.createServer((req, res) => {
  const body = req.url === '/healthz' ? '{"ok":true}' : bodies.get(req.url);
  if (body === undefined) { res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }); return res.end('{}'); }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** CPU ticks of the main (JavaScript) thread and of the others by name (V8's helpers, libuv's pool). */
function threadTicks(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = Number(t) === pid ? 'main thread' : `${readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim()} threads`;
      const f = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(name, (out.get(name) ?? 0) + Number(f[11]) + Number(f[12]));
    } catch {
      /* thread ended */
    }
  }
  return out;
}

interface Run {
  /** Server CPU per answered request (µs): what the throughput would follow on a machine of its own. */
  cpuUs: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, pid: number): Promise<Run> {
  // The warm-up is a run of its own so that the CPU count covers the measured part only.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const cpu0 = cpuSeconds(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  const cpuUs = ((cpuSeconds(pid) - cpu0) * 1e6) / Math.max(1, r.requests.total);
  return { cpuUs, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

async function main(): Promise<void> {
  const env: BenchEnv = await freshEnv('read');
  const procEnv = { ...env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' };

  // 1. Seed through the real service.
  await startWorker(procEnv);
  const webUrl = await startQuiet(path.join(distRoot, 'services/web.js'), [], { ...procEnv, PUBLIC_BASE_URL: 'http://127.0.0.1' }, await freePort(), process.env.BENCH_WEB_NODE_ARGS?.split(' ').filter(Boolean));
  const api = client(webUrl, await newActorKey());
  const md = skillMd({ name: 'bench-weather', externalCalls: ['https://api.weather.gov'], capabilities: ['network'], body: '# Weather\n\n```js\nconst r = await fetch("https://api.weather.gov/points/39.7,-104.9");\n```\n\nSummarise the forecast.\n' });
  const sub = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: md, idempotencyKey: uuid() });
  if (sub.status !== 201) throw new Error(`submit: ${sub.status} ${JSON.stringify(sub.body)}`);
  const done = await waitForStatus(api, sub.body.submissionId, ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED'], 120000);
  if (done.status !== 'APPROVED') throw new Error(`the bench skill was ${done.status}`);
  const skillId = done.skillId as string;
  const audit = await runCli(['package', 'audit', 'npm', 'ms', '2.1.3', '--json'], procEnv);
  const havePackage = audit.status === 0;
  if (!havePackage) process.stderr.write(`package audit failed (package rows skipped): ${audit.stderr}\n`);

  const paths: [string, string][] = [
    ['verify (public)', `/api/v1/public/certificates/${skillId}/verify`],
    ['verify (/cert/v1)', `/cert/v1/certificates/${skillId}/verify`],
    ['certificate detail', `/api/v1/public/certificates/${skillId}`],
    ['live-status', `/api/v1/public/certificates/${skillId}/live-status`],
    ['source-integrity', `/api/v1/public/certificates/${skillId}/source-integrity`],
    ...(havePackage
      ? ([
          ['package GET', '/api/v1/public/packages/npm/ms/2.1.3'],
          ['package verify', '/api/v1/public/packages/npm/ms/2.1.3/verify'],
        ] as [string, string][])
      : []),
  ];

  // 2. The bare server holds each body as the web process answers it.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'read-bench-'));
  const bodies: Record<string, string> = {};
  for (const [, p] of paths) {
    const r = await fetch(`${webUrl}${p}`);
    if (r.status !== 200) throw new Error(`${p}: ${r.status} ${await r.text()}`);
    bodies[p] = await r.text();
  }
  writeFileSync(path.join(dir, 'bodies.json'), JSON.stringify(bodies));
  writeFileSync(path.join(dir, 'bare.mjs'), BARE_SERVER);
  const bareUrl = await startQuiet(path.join(dir, 'bare.mjs'), [path.join(dir, 'bodies.json')], {}, await freePort());

  // 3. Side by side.
  const selected = paths.filter(([l]) => !ONLY || ONLY.test(l));
  if (WARMUP > 0) for (const [, p] of selected) await autocannon({ url: `${webUrl}${p}`, connections: CONNECTIONS, duration: WARMUP });
  const threads0 = threadTicks(children[0]!.pid!);
  // Rounds alternate bare and web so that a neighbour's load on the shared machine hits both alike.
  const rows: (string | number)[][] = [];
  for (const [label, p] of selected) {
    const bare: Run[] = [];
    const web: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      bare.push(await load(`${bareUrl}${p}`, children[1]!.pid!));
      web.push(await load(`${webUrl}${p}`, children[0]!.pid!));
    }
    const rps = (rs: Run[]) => rs.reduce((s, r) => s + r.rps, 0) / rs.length;
    const worst = (rs: Run[], k: 'p50' | 'p99') => Math.max(...rs.map((r) => r[k]));
    const errors = web.reduce((s, r) => s + r.errors + r.non2xx, 0);
    const cpu = (rs: Run[]) => rs.reduce((s, r) => s + r.cpuUs, 0) / rs.length;
    rows.push([label, (bodies[p]!.length / 1024).toFixed(1), fmt(rps(bare), 0), fmt(rps(web), 0), `${fmt(rps(web) / rps(bare), 2)}×`, worst(web, 'p50'), worst(web, 'p99'), worst(bare, 'p99'), fmt(cpu(bare), 0), fmt(cpu(web), 0), `${fmt(cpu(bare) / cpu(web), 2)}×`, errors]);
    process.stderr.write(`${label}: bare ${fmt(rps(bare), 0)}/s, web ${fmt(rps(web), 0)}/s (p99 ${worst(web, 'p99')} ms)\n`);
  }
  rmSync(dir, { recursive: true, force: true });
  const threads1 = threadTicks(children[0]!.pid!);
  const used = [...threads1].map(([k, v]) => [k, v - (threads0.get(k) ?? 0)] as const).filter(([, v]) => v > 0).sort((x, y) => y[1] - x[1]);
  const all = used.reduce((n, [, v]) => n + v, 0);

  process.stdout.write(`\nRead throughput, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per side, one web process (${new Date().toISOString().slice(0, 10)})\n`);
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${children[0]!.pid}/status`, 'utf8'))?.[1];
  process.stdout.write(`Machine: ${machine()}; web process RSS after the runs: ${rss ? `${Math.round(Number(rss) / 1024)} MiB` : 'n/a'}\n`);
  process.stdout.write(`Web process CPU by thread during the runs: ${used.map(([k, v]) => `${k} ${fmt((100 * v) / all, 0)} %`).join(', ')}\n\n`);
  process.stdout.write(
    `${table(['endpoint', 'body KiB', 'bare req/s', 'web req/s', 'web / bare', 'web p50 ms', 'web p99 ms', 'bare p99 ms', 'bare CPU µs/req', 'web CPU µs/req', 'bare / web CPU', 'errors + non-2xx'], rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'])}\n`,
  );
}

void runBench(async () => {
  try {
    await main();
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  }
});
