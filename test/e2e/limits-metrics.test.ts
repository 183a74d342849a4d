import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Wallet } from 'ethers';
import { Redis } from 'ioredis';
import { client, freePort, logged, runCli, skillMd, startWeb, startWorker, stopAll, uuid, waitFor, waitForStatus, type Proc } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { AgentSession } from '../../shared/db/models.js';
import { newSecret } from '../../shared/ids.js';
import { SESSION_PREFIX } from '../../shared/agents/auth.js';

/**
 * Rate limits and Prometheus metrics on real web and worker processes.
 * Each web process here gets a key prefix of its own, so its counters start at zero.
 */
const prefixes: string[] = [];
const prefix = () => {
  const p = `${process.env.QUEUE_PREFIX ?? 'certtest'}_${randomUUID().slice(0, 6)}`.slice(0, 40);
  prefixes.push(p);
  return p;
};

/** The run's cleanup deletes QUEUE_PREFIX:* only: the keys under these prefixes are deleted here. */
async function deletePrefixedKeys(): Promise<void> {
  const r = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    for (const p of prefixes.splice(0)) {
      let cursor = '0';
      do {
        const [next, keys] = await r.scan(cursor, 'MATCH', `${p}:*`, 'COUNT', 500);
        cursor = next;
        if (keys.length) await r.del(...keys);
      } while (cursor !== '0');
    }
  } finally {
    r.disconnect();
  }
}

/** A GET from a chosen loopback source address (127.0.0.1, 127.0.0.2, …): another client IP. */
function getFrom(url: string, from: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { localAddress: from, headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
        });
      })
      .on('error', reject);
  });
}

async function session(): Promise<{ token: string; wallet: string }> {
  const wallet = Wallet.createRandom().address;
  const { secret, hash } = newSecret(SESSION_PREFIX);
  await AgentSession.create({ id: randomUUID(), tokenHash: hash, wallet, expiresAt: new Date(Date.now() + 3600_000), revokedAt: null });
  return { token: secret, wallet };
}

const limits = suite('rate limits: 429 with Retry-After per key, wallet and IP; others unaffected');
let limited: Proc & { url: string };

limits.before(logged(async () => {
  useDb();
  limited = await startWeb({
    QUEUE_PREFIX: prefix(),
    RATE_LIMIT_PUBLIC_PER_MIN: '3',
    RATE_LIMIT_CHALLENGE_PER_MIN: '2',
    RATE_LIMIT_COMPARE_PER_MIN: '1',
    RATE_LIMIT_API_KEY_PER_MIN: '2',
    RATE_LIMIT_WALLET_PER_MIN: '2',
    RATE_LIMIT_BAD_KEY_PER_MIN: '3',
  });
}));
limits.after(async () => {
  await stopAll();
  await deletePrefixedKeys();
});

function assert429(r: { status: number; headers: http.IncomingHttpHeaders | Headers; body: any }) {
  assert.is(r.status, 429, JSON.stringify(r.body));
  assert.is(r.body.error.code, 'rate_limited');
  assert.type(r.body.error.message, 'string');
  const retry = Number(r.headers instanceof Headers ? r.headers.get('retry-after') : r.headers['retry-after']);
  assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `Retry-After ${retry}`);
}

limits('public reads: the fourth request of an IP within a minute is 429; another IP is served', async () => {
  for (let i = 0; i < 3; i++) assert.is((await getFrom(`${limited.url}/api/v1/public/overview`, '127.0.0.1')).status, 200);
  assert429(await getFrom(`${limited.url}/api/v1/public/certificates?q=x`, '127.0.0.1'));
  assert429(await getFrom(`${limited.url}/.well-known/cert-signer`, '127.0.0.1'));
  assert.is((await getFrom(`${limited.url}/api/v1/public/overview`, '127.0.0.2')).status, 200);
  // Operations endpoints are never limited (load balancers poll them).
  assert.is((await getFrom(`${limited.url}/healthz`, '127.0.0.1')).status, 200);
});

limits('sign-in challenges are limited per IP', async () => {
  const wallet = Wallet.createRandom().address;
  for (let i = 0; i < 2; i++) assert.is.not((await getFrom(`${limited.url}/api/v1/cert/agent/auth/challenge?wallet=${wallet}`, '127.0.0.3')).status, 429);
  assert429(await getFrom(`${limited.url}/api/v1/cert/agent/auth/challenge?wallet=${wallet}`, '127.0.0.3'));
  assert.is.not((await getFrom(`${limited.url}/api/v1/cert/agent/auth/challenge?wallet=${wallet}`, '127.0.0.4')).status, 429);
});

limits('API keys are limited per key, whatever the IP; another key is unaffected', async () => {
  const [a, b] = [await newActorKey(), await newActorKey()];
  const auth = (k: string) => ({ authorization: `Bearer ${k}` });
  assert.is((await getFrom(`${limited.url}/cert/v1/submissions`, '127.0.0.5', auth(a))).status, 200);
  assert.is((await getFrom(`${limited.url}/cert/v1/submissions`, '127.0.0.6', auth(a))).status, 200);
  assert429(await getFrom(`${limited.url}/cert/v1/submissions`, '127.0.0.7', auth(a)));
  assert.is((await getFrom(`${limited.url}/cert/v1/submissions`, '127.0.0.5', auth(b))).status, 200);
});

limits('unknown bearer keys are limited per client address, each a different key; other addresses are unaffected', async () => {
  const made = () => `cert_sk_${randomUUID().replace(/-/g, '')}`;
  const auth = (k: string) => ({ authorization: `Bearer ${k}` });
  // Each made-up key is a new key hash, so the per-key limit (2) never fires: the address limit (3) does.
  for (let i = 0; i < 3; i++) {
    const r = await getFrom(`${limited.url}/cert/v1/submissions`, '127.0.0.12', auth(made()));
    assert.is(r.status, 401, r.text);
    assert.is(r.body.error.code, 'invalid_api_key');
  }
  assert429(await getFrom(`${limited.url}/cert/v1/submissions`, '127.0.0.12', auth(made())));
  // Refused before the lookup, whatever the key (developer tokens share the count).
  const valid = await newActorKey();
  assert429(await getFrom(`${limited.url}/cert/v1/submissions`, '127.0.0.12', auth(valid)));
  assert429(await getFrom(`${limited.url}/api/v1/cert/dev/submissions`, '127.0.0.12', auth(made())));
  assert.is((await getFrom(`${limited.url}/cert/v1/submissions`, '127.0.0.13', auth(valid))).status, 200);
  // Unknown developer tokens count too.
  for (let i = 0; i < 3; i++) assert.is((await getFrom(`${limited.url}/api/v1/cert/dev/submissions`, '127.0.0.14', auth(made()))).body.error.code, 'invalid_developer_token');
  assert429(await getFrom(`${limited.url}/api/v1/cert/dev/submissions`, '127.0.0.14', auth(made())));
});

limits('agent wallets are limited per wallet; another wallet is unaffected', async () => {
  const [w1, w2] = [await session(), await session()];
  const h = (s: { token: string }) => ({ 'x-agent-session': s.token });
  for (let i = 0; i < 2; i++) assert.is((await getFrom(`${limited.url}/api/v1/cert/agent/categories`, '127.0.0.8', h(w1))).status, 200);
  assert429(await getFrom(`${limited.url}/api/v1/cert/agent/categories`, '127.0.0.9', h(w1)));
  assert.is((await getFrom(`${limited.url}/api/v1/cert/agent/categories`, '127.0.0.8', h(w2))).status, 200);
});

limits('compare-skill-from-host has its own, lower limit per IP', async () => {
  const body = JSON.stringify({ sourceUrl: 'https://github.com/o/r/blob/0123456789abcdef0123456789abcdef01234567/SKILL.md', sourceRef: '0123456789abcdef0123456789abcdef01234567' });
  const post = (from: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
      const req = http.request(`${limited.url}/api/v1/public/certificates/${randomUUID()}/compare-skill-from-host`, { method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(body);
    });
  // A fresh IP: its public limit (3) is not reached, the compare limit (1) is.
  assert.is((await post('127.0.0.10')).status, 404);
  assert429(await post('127.0.0.10'));
  assert.is((await post('127.0.0.11')).status, 404);
});

limits('while Redis is away the limits still hold, counted in the process (the insurance limiter)', async () => {
  // A Redis of this test's own, stopped mid-test; the shared one is never touched.
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  try {
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}`).then(() => true, (e) => (String(e.cause?.code) === 'ECONNREFUSED' ? undefined : true))) || undefined, 10000, 'redis-server');
    const own = await startWeb({ QUEUE_PREFIX: prefix(), REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_PUBLIC_PER_MIN: '3' });
    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    for (let i = 0; i < 3; i++) assert.is((await getFrom(`${own.url}/api/v1/public/overview`, '127.0.0.20')).status, 200);
    assert429(await getFrom(`${own.url}/api/v1/public/overview`, '127.0.0.20'));
    assert.is((await getFrom(`${own.url}/api/v1/public/overview`, '127.0.0.21')).status, 200);
  } finally {
    if (redis.exitCode === null && redis.signalCode === null) redis.kill('SIGKILL');
  }
});

limits.run();

const shared = suite('two web processes: unknown-key counts and revocations reach both');
let webA: Proc & { url: string };
let webB: Proc & { url: string };
let sharedPrefix: string;

shared.before(logged(async () => {
  useDb();
  sharedPrefix = prefix();
  webA = await startWeb({ QUEUE_PREFIX: sharedPrefix, RATE_LIMIT_BAD_KEY_PER_MIN: '3' });
}));
shared.after(async () => {
  await stopAll();
  await deletePrefixedKeys();
});

shared('an address past its unknown-key limit on one web process is refused on the other, whether that one started after the count or heard it', async () => {
  const made = () => `cert_sk_${randomUUID().replace(/-/g, '')}`;
  const auth = (k: string) => ({ authorization: `Bearer ${k}` });
  const valid = await newActorKey();
  // Counted on A before B exists: B learns the address when it starts.
  for (let i = 0; i < 3; i++) assert.is((await getFrom(`${webA.url}/cert/v1/submissions`, '127.0.0.21', auth(made()))).status, 401);
  webB = await startWeb({ QUEUE_PREFIX: sharedPrefix, RATE_LIMIT_BAD_KEY_PER_MIN: '3' });
  assert429(await getFrom(`${webB.url}/cert/v1/submissions`, '127.0.0.21', auth(valid)));
  // Counted on A while B runs: B hears of the address.
  assert.is((await getFrom(`${webB.url}/cert/v1/submissions`, '127.0.0.22', auth(valid))).status, 200);
  for (let i = 0; i < 3; i++) assert.is((await getFrom(`${webA.url}/cert/v1/submissions`, '127.0.0.22', auth(made()))).status, 401);
  assert429(await getFrom(`${webB.url}/cert/v1/submissions`, '127.0.0.22', auth(valid)));
  assert429(await getFrom(`${webB.url}/cert/v1/submissions`, '127.0.0.22', auth(made())));
  // Other addresses are served on both.
  assert.is((await getFrom(`${webA.url}/cert/v1/submissions`, '127.0.0.23', auth(valid))).status, 200);
  assert.is((await getFrom(`${webB.url}/cert/v1/submissions`, '127.0.0.23', auth(valid))).status, 200);
});

shared('a revoked key is refused at once by every web process that had verified it', async () => {
  const k = await newActorKey();
  const auth = { authorization: `Bearer ${k}` };
  // Twice on each: the second is answered from each process's verified-key cache.
  for (const w of [webA, webB]) for (let i = 0; i < 2; i++) assert.is((await getFrom(`${w.url}/cert/v1/activation-requirements`, '127.0.0.24', auth)).status, 200);
  const r = await runCli(['api-key', 'revoke', k], { QUEUE_PREFIX: sharedPrefix });
  assert.is(r.status, 0, r.stderr);
  for (const w of [webA, webB]) {
    const after = await getFrom(`${w.url}/cert/v1/activation-requirements`, '127.0.0.24', auth);
    assert.is(after.status, 401);
    assert.is(after.body.error.code, 'invalid_api_key');
  }
});

shared('activating and deactivating on one web process is seen by the other on its next request', async () => {
  const k = await newActorKey({ activate: false });
  const auth = { authorization: `Bearer ${k}` };
  const read = async (w: Proc & { url: string }) => (await getFrom(`${w.url}/cert/v1/activation-requirements`, '127.0.0.25', auth)).body;
  assert.is((await read(webA)).activated, false);
  assert.is((await read(webB)).activated, false);
  const act = await client(webA.url, k).post('/cert/v1/activate', { acceptTerms: true });
  assert.is(act.body.activated, true);
  assert.is(act.body.canSubmit, true);
  assert.is((await read(webB)).activated, true);
  const de = await client(webB.url, k).post('/cert/v1/deactivate');
  assert.is(de.body.activated, false);
  assert.is((await read(webA)).activated, false);
});

shared.run();

const metricsSuite = suite('metrics: Prometheus text after traffic, never public');
let web: Proc & { url: string };
let webMetricsPort: number;
let workerMetricsPort: number;
const TOKEN = `metrics-${randomUUID()}`;

metricsSuite.before(logged(async () => {
  useDb();
  [webMetricsPort, workerMetricsPort] = [await freePort(), await freePort()];
  const env = { QUEUE_PREFIX: prefix(), METRICS_TOKEN: TOKEN, METRICS_PORT: String(webMetricsPort), WORKER_METRICS_PORT: String(workerMetricsPort) };
  [web] = await Promise.all([startWeb(env), startWorker(env)]);
}));
metricsSuite.after(async () => {
  await stopAll();
  await deletePrefixedKeys();
  await closeDb();
});

const scrape = async (url: string, token?: string) => {
  const r = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: r.status, type: r.headers.get('content-type') ?? '', text: await r.text() };
};
const sample = (text: string, re: RegExp) => text.split('\n').filter((l) => re.test(l)).map((l) => Number(l.split(' ').pop()));

metricsSuite('after a certification and some reads, web and worker report latency by route, queues, jobs and chain lag', async () => {
  const api = client(web.url, await newActorKey());
  const r = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd(), idempotencyKey: uuid() });
  assert.is(r.status, 201);
  const detail = await waitForStatus(api, r.body.submissionId, ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED'], 60000);
  assert.is(detail.status, 'APPROVED');
  for (let i = 0; i < 3; i++) assert.is((await api.get(`/api/v1/public/certificates/${detail.skillId}/verify`)).status, 200);
  assert.is((await api.get(`/api/v1/public/certificates/${randomUUID()}/verify`)).status, 404);

  const m = await scrape(`${web.url}/metrics`, TOKEN);
  assert.is(m.status, 200);
  assert.match(m.type, /text\/plain/);
  const verify200 = sample(m.text, /^cert_http_request_duration_seconds_count\{.*route="\/api\/v1\/public\/certificates\/:skillId\/verify".*status="200"/);
  assert.equal(verify200, [3]);
  assert.equal(sample(m.text, /^cert_http_request_duration_seconds_count\{.*route="\/api\/v1\/public\/certificates\/:skillId\/verify".*status="404"/), [1]);
  assert.ok(sample(m.text, /^cert_http_request_duration_seconds_count\{.*route="\/cert\/v1\/submissions\/submit".*status="201"/)[0]! >= 1);
  // Route labels are patterns: no certificate id ever becomes a label value.
  assert.not.ok(m.text.includes(detail.skillId), 'a raw URL leaked into a label');
  assert.match(m.text, /# TYPE cert_verify_cache_total counter/);
  // The first verify filled the read cache (a miss); the next two were answered from it.
  assert.ok(sample(m.text, /^cert_verify_cache_total\{result="hit"\}/)[0]! >= 2, m.text.match(/^cert_verify_cache_total.*$/gm)?.join(' '));
  assert.match(m.text, /# TYPE cert_payment_settlements_total counter/);
  assert.match(m.text, /^cert_queue_jobs\{queue="sandbox",state="completed"\} \d+/m);

  // The same registry on the web's own metrics port.
  assert.is((await scrape(`http://127.0.0.1:${webMetricsPort}/metrics`, TOKEN)).status, 200);

  const w = await scrape(`http://127.0.0.1:${workerMetricsPort}/metrics`, TOKEN);
  assert.is(w.status, 200);
  assert.ok(sample(w.text, /^cert_jobs_total\{queue="sandbox",outcome="completed"\}/)[0]! >= 1, w.text.slice(0, 500));
  // the round's three built-in validators vote inside the sandbox job that opened the round (docs/review-flow.md):
  // one job per verdict, so no council job ran
  assert.ok((sample(w.text, /^cert_jobs_total\{queue="council",outcome="completed"\}/)[0] ?? 0) === 0, w.text.match(/^cert_jobs_total.*$/gm)?.join(' '));
  assert.ok((sample(w.text, /^cert_job_duration_seconds_count\{queue="council",outcome="completed"\}/)[0] ?? 0) === 0);
  assert.ok(sample(w.text, /^cert_job_wait_seconds_count\{queue="sandbox"\}/)[0]! >= 1);
  assert.match(w.text, /^cert_queue_jobs\{queue="council",state="completed"\} \d+/m);
  // No chain in this suite: the sealed certificate waits, and the lag says so.
  assert.ok(sample(w.text, /^cert_chain_commit_lag_seconds /)[0]! > 0);
});

metricsSuite('the per-IP public limit also holds for reads answered from the cache before Express', async () => {
  const api = client(web.url, await newActorKey());
  const r = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd(), idempotencyKey: uuid() });
  const detail = await waitForStatus(api, r.body.submissionId, ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED'], 60000);
  assert.is(detail.status, 'APPROVED');
  const low = await startWeb({ QUEUE_PREFIX: prefix(), RATE_LIMIT_PUBLIC_PER_MIN: '3' });
  const path = `/api/v1/public/certificates/${detail.skillId}/verify`;
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await getFrom(`${low.url}${path}`, '127.0.0.7'));
  assert.equal(answers.slice(0, 3).map((a) => a.status), [200, 200, 200]);
  assert.is(answers[1]!.headers['ratelimit-remaining'], '1', 'a cached read counts against the limit');
  assert429(answers[3]!);
  // Another client address is unaffected.
  assert.is((await getFrom(`${low.url}${path}`, '127.0.0.8')).status, 200);
});

metricsSuite('metrics are not public: no token, a wrong token, or a web without METRICS_TOKEN get no metrics', async () => {
  for (const url of [`${web.url}/metrics`, `http://127.0.0.1:${webMetricsPort}/metrics`, `http://127.0.0.1:${workerMetricsPort}/metrics`]) {
    const none = await fetch(url);
    assert.is(none.status, 401, url);
    assert.is(((await none.json()) as any).error.code, 'missing_metrics_token');
    const wrong = await fetch(url, { headers: { authorization: 'Bearer not-the-metrics-token' } });
    assert.is(wrong.status, 401, url);
    assert.is(((await wrong.json()) as any).error.code, 'invalid_metrics_token');
  }
  const plain = await startWeb({ QUEUE_PREFIX: prefix() });
  const r = await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.is(r.status, 404);
  assert.is(((await r.json()) as any).error.code, 'route_not_found');
});

metricsSuite.run();
