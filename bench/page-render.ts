/**
 * Server time of the certificate browser's pages next to the JSON verify route.
 *
 *   node dist/bench/page-render.js        (build first: npm run build)
 *
 * Needs MariaDB/MySQL and Redis (as `npm test`). A throwaway database and Redis prefix are created and removed.
 *
 * 1. Seeds through the real service: a worker and a web process, a skill with an external call (so the
 *    certificate page carries the API disclaimer and a retained warning) approved by the council.
 * 2. Starts the web process as production runs it (LOG_LEVEL=info, request log to /dev/null).
 * 3. For each route: BENCH_REQUESTS sequential requests on one keep-alive connection (latency as one reader
 *    sees it, p50/p99), then autocannon with BENCH_CONNECTIONS for BENCH_SECONDS (throughput), with the web
 *    process's CPU time per request over that run (the server time a request costs).
 *
 * Env: BENCH_REQUESTS (default 500), BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 8), BENCH_ONLY (a
 * regular expression over the route labels), BENCH_WEB_NODE_ARGS (e.g. `--cpu-prof` for the web process).
 */
import path from 'node:path';
import http from 'node:http';
import autocannon from 'autocannon';
import { client, skillMd, uuid, waitForStatus } from '../test/support/harness.js';
import { newActorKey } from '../test/support/db.js';
import { cpuSeconds, distRoot, fmt, freePort, freshEnv, machine, percentile, quietChildren, runBench, startQuiet, startWorker, table } from './support.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;

/** One GET on a keep-alive agent; resolves with the status and the milliseconds to the last byte. */
function timedGet(agent: http.Agent, url: string): Promise<{ status: number; ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    http
      .get(url, { agent }, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - t0) / 1e6, bytes }));
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  const env = await freshEnv('pages');
  const procEnv = { ...env, LOG_LEVEL: 'info' };
  await startWorker(procEnv);
  const webUrl = await startQuiet(path.join(distRoot, 'services/web.js'), [], { ...procEnv, PUBLIC_BASE_URL: 'http://127.0.0.1' }, await freePort(), process.env.BENCH_WEB_NODE_ARGS?.split(' ').filter(Boolean));
  const pid = quietChildren[0]!.pid!;
  const api = client(webUrl, await newActorKey());
  const md = skillMd({
    name: 'bench-weather',
    description: 'Reports the weather forecast for a city the user names.',
    externalCalls: ['https://api.weather.gov'],
    capabilities: ['network'],
    body: '# Weather\n\n```js\nconst r = await fetch("https://api.weather.gov/points/39.7,-104.9");\n```\n\nSummarise the forecast.\n',
  });
  const sub = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: md, idempotencyKey: uuid() });
  if (sub.status !== 201) throw new Error(`submit: ${sub.status} ${JSON.stringify(sub.body)}`);
  const done = await waitForStatus(api, sub.body.submissionId, ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED'], 120000);
  if (done.status !== 'APPROVED') throw new Error(`the bench skill was ${done.status}`);
  const skillId = done.skillId as string;

  const routes: [string, string][] = [
    ['verify JSON', `/api/v1/public/certificates/${skillId}/verify`],
    ['certificate JSON (signed detail)', `/api/v1/public/certificates/${skillId}`],
    ['certificate page (HTML)', `/certificates/${skillId}`],
    ['badge SVG', `/badge/${skillId}.svg`],
    ['search page (HTML, q=weather)', '/certificates?q=weather'],
    ['start page (HTML)', '/'],
  ];
  const rows: (string | number)[][] = [];
  for (const [label, p] of routes.filter(([l]) => !ONLY || ONLY.test(l))) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = `${webUrl}${p}`;
    for (let i = 0; i < 50; i++) await timedGet(agent, url); // warm-up: caches, JIT
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const r = await timedGet(agent, url);
      if (r.status !== 200) throw new Error(`${p}: ${r.status}`);
      ms.push(r.ms);
      bytes = r.bytes;
    }
    agent.destroy();
    const cpu0 = cpuSeconds(pid);
    const load = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
    const cpuUs = ((cpuSeconds(pid) - cpu0) * 1e6) / Math.max(1, load.requests.total);
    const mean = ms.reduce((s, x) => s + x, 0) / ms.length;
    rows.push([label, fmt(bytes / 1024, 1), fmt(mean, 2), fmt(percentile(ms, 50), 2), fmt(percentile(ms, 99), 2), fmt(load.requests.average, 0), fmt(cpuUs, 0), load.errors + load.timeouts + load.non2xx]);
    process.stderr.write(`${label}: mean ${fmt(mean, 2)} ms, ${fmt(load.requests.average, 0)} req/s, ${fmt(cpuUs, 0)} µs CPU/req\n`);
  }
  process.stdout.write(`\nPage render vs JSON verify, one web process (${new Date().toISOString().slice(0, 10)})\n`);
  process.stdout.write(`Machine: ${machine()}; ${REQUESTS} sequential requests per route, then ${CONNECTIONS} connections × ${SECONDS} s\n\n`);
  process.stdout.write(
    `${table(['route', 'body KiB', 'sequential mean ms', 'p50 ms', 'p99 ms', `req/s (${CONNECTIONS} conn.)`, 'web CPU µs/req', 'errors + non-2xx'], rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'])}\n`,
  );
}

void runBench(async () => {
  try {
    await main();
  } finally {
    for (const c of quietChildren) if (c.exitCode === null) c.kill('SIGTERM');
  }
});
