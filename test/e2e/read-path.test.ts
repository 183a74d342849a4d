import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { client, freePort, logged, runCli, skillMd, startWeb, startWorker, stopAll, uuid, waitFor, waitForStatus, type Proc } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { db } from '../../shared/db/connection.js';

/**
 * The public read path: two web processes cache certificates; a change made through either
 * of them, or by an operator command, shows on both within a second. The caches keep live state for
 * 60 s here (READ_CACHE_TTL_MS), so only the invalidation can make a change visible in time.
 */
const t = suite('read path: cached public reads are never stale');
const LONG_TTL = { READ_CACHE_TTL_MS: '60000' };
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
let a: Proc & { url: string };
let b: Proc & { url: string };
let api: ReturnType<typeof client>;
let skillId: string;
const ownRedis: ChildProcess[] = [];

t.before(logged(async () => {
  useDb();
  await startWorker({ COUNTER_FLUSH_MS: '300' });
  [a, b] = await Promise.all([startWeb(LONG_TTL), startWeb(LONG_TTL)]);
  api = client(a.url, await newActorKey());
  const sub = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd({ name: 'read-path' }), idempotencyKey: uuid() });
  assert.is(sub.status, 201);
  skillId = (await waitForStatus(api, sub.body.submissionId, ['APPROVED'])).skillId;
}));

t.after(async () => {
  await stopAll();
  for (const r of ownRedis) r.kill('SIGKILL');
  await closeDb();
});

const verifyPath = () => `/api/v1/public/certificates/${skillId}/verify`;
const get = (base: string, p: string, headers: Record<string, string> = {}) => fetch(`${base}${p}`, { headers });
const verifyOn = async (base: string) => (await get(base, verifyPath())).json() as Promise<any>;

/** Polls every 20 ms until `ok` holds on every web process; fails when that takes over `withinMs`. */
async function visibleEverywhere(what: string, ok: (v: any) => boolean, since: number, withinMs = 1000): Promise<void> {
  for (const web of [a, b]) {
    for (;;) {
      if (ok(await verifyOn(web.url))) break;
      if (Date.now() - since > withinMs) assert.unreachable(`${what} not visible on ${web.name} within ${withinMs} ms: ${JSON.stringify(await verifyOn(web.url))}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

const warm = async () => {
  for (const web of [a, b]) for (let i = 0; i < 3; i++) await verifyOn(web.url);
};

t('the live state is served from the cache (a row changed behind its back stays unseen)', async () => {
  await warm();
  // Without an invalidation the cache answers for its TTL: what makes the next tests pass is the invalidation.
  await db().query("UPDATE certificate_states SET status_reason = 'changed behind the cache' WHERE certificate_id = ?", { replacements: [skillId] });
  try {
    for (const web of [a, b]) assert.is((await verifyOn(web.url)).statusReason, null);
  } finally {
    await db().query('UPDATE certificate_states SET status_reason = NULL WHERE certificate_id = ?', { replacements: [skillId] });
  }
});

t('a new flag made through one web process shows on both within 1 s', async () => {
  await warm();
  const f = await api.post(`/cert/v1/certificates/${skillId}/flag`, { walletAddress: WALLET, reason: 'malicious_behaviour' });
  assert.is(f.status, 201);
  await visibleEverywhere('the new flag', (v) => v.activeFlagCount === 1 && v.valid === false, Date.now());
  const res = await get(b.url, verifyPath());
  assert.is(res.headers.get('cache-control'), 'no-store');
  const live = (await (await get(b.url, `/api/v1/public/certificates/${skillId}/live-status`)).json()) as any;
  assert.is(live.activeFlagCount, 1);
  assert.is(live.valid, false);
  const detail = (await (await get(b.url, `/api/v1/public/certificates/${skillId}`)).json()) as any;
  assert.is(detail.valid, false);
});

t('a flag confirmed by an operator suspends the certificate on both within 1 s', async () => {
  await warm();
  const flags = await runCli(['flags', 'list', '--json']);
  const flag = (JSON.parse(flags.stdout) as any[]).find((f) => f.certificateId === skillId);
  const r = await runCli(['flag', 'resolve', flag.id, 'confirm', '--reason', 'exfiltrates tokens']);
  assert.is(r.status, 0, r.stderr);
  await visibleEverywhere('the suspension', (v) => v.status === 'SUSPENDED' && v.activeFlagCount === 0 && v.valid === false, Date.now());
});

t('reinstating and revoking show on both within 1 s', async () => {
  await warm();
  let r = await runCli(['certificate', 'reinstate', skillId, '--reason', 'fixed upstream']);
  assert.is(r.status, 0, r.stderr);
  await visibleEverywhere('the reinstatement', (v) => v.status === 'APPROVED' && v.valid === true, Date.now());
  await warm();
  r = await runCli(['certificate', 'revoke', skillId, '--reason', 'key leaked']);
  assert.is(r.status, 0, r.stderr);
  await visibleEverywhere('the revocation', (v) => v.status === 'SUSPENDED' && /^Revoked: key leaked/.test(v.statusReason), Date.now());
  r = await runCli(['certificate', 'reinstate', skillId, '--reason', 'reissued']);
  assert.is(r.status, 0, r.stderr);
  await visibleEverywhere('the reinstatement', (v) => v.valid === true, Date.now());
});

t('verify answers 304 to a current ETag; checkedAt is not part of it; the fast path and Express send the same headers', async () => {
  const first = await get(a.url, verifyPath());
  const second = await get(a.url, verifyPath());
  const [b1, b2] = [(await first.json()) as any, (await second.json()) as any];
  const etag = first.headers.get('etag')!;
  assert.match(etag, /^W\/"/);
  assert.is(second.headers.get('etag'), etag);
  assert.ok(b1.checkedAt <= b2.checkedAt);
  const again = await get(a.url, verifyPath(), { 'if-none-match': etag });
  assert.is(again.status, 304);
  assert.is(await again.text(), '');
  assert.is(again.headers.get('etag'), etag);
  assert.is(again.headers.get('access-control-allow-origin'), '*');
  const other = await get(a.url, verifyPath(), { 'if-none-match': 'W/"something-else"' });
  assert.is(other.status, 200);

  // A query string skips the fast path: Express answers the same read.
  const viaExpress = await get(a.url, `${verifyPath()}?via=express`);
  const viaFast = await get(a.url, verifyPath());
  // The same set of headers; the values that count (remaining rate limit) naturally differ.
  const headersOf = (r: Response) => Object.fromEntries([...r.headers].filter(([k]) => !['date', 'x-request-id', 'content-length', 'ratelimit-remaining'].includes(k)));
  assert.equal(headersOf(viaExpress), headersOf(viaFast));
  assert.ok(viaExpress.headers.get('ratelimit-remaining') && viaFast.headers.get('ratelimit-remaining'), 'the per-IP limit counts fast reads too');
  assert.ok(viaExpress.headers.get('x-request-id') && viaFast.headers.get('x-request-id'));
  const { checkedAt: _x, ...expressBody } = (await viaExpress.json()) as any;
  const { checkedAt: _y, ...fastBody } = (await viaFast.json()) as any;
  assert.equal(expressBody, fastBody);

  // The /cert/v1 address is the same read.
  const v1 = await get(a.url, `/cert/v1/certificates/${skillId}/verify`);
  assert.is(v1.headers.get('etag'), etag);
  assert.is(v1.headers.get('access-control-allow-origin'), '*');
});

t('other public reads: ETag and 304 despite generatedAt; CORS on answers, errors, discovery and preflight', async () => {
  const o1 = await get(a.url, '/api/v1/public/overview');
  const etag = o1.headers.get('etag')!;
  assert.ok(etag);
  await new Promise((r) => setTimeout(r, 5));
  const o2 = await get(a.url, '/api/v1/public/overview', { 'if-none-match': etag });
  assert.is(o2.status, 304);

  for (const p of [`/api/v1/public/certificates/${skillId}`, `/api/v1/public/certificates/${skillId}/source-integrity`, `/api/v1/public/certificates/${skillId}/live-status`]) {
    const r = await get(b.url, p);
    assert.is(r.status, 200, p);
    assert.is(r.headers.get('access-control-allow-origin'), '*', p);
    const n = await get(b.url, p, { 'if-none-match': r.headers.get('etag')! });
    assert.is(n.status, 304, p);
  }
  assert.is((await get(b.url, `/api/v1/public/certificates/${skillId}/live-status`)).headers.get('cache-control'), 'no-store');

  const store = await get(a.url, '/.well-known/skill-store', { origin: 'https://elsewhere.example' });
  assert.is(store.headers.get('access-control-allow-origin'), '*');
  assert.is(store.headers.get('access-control-allow-credentials'), null);

  const missing = await get(a.url, `/api/v1/public/certificates/${uuid()}/verify`);
  assert.is(missing.status, 404);
  assert.is(missing.headers.get('access-control-allow-origin'), '*');
  assert.is(((await missing.json()) as any).error.code, 'not_found');
  const junk = await get(a.url, '/api/v1/public/certificates/not-an-id/verify');
  assert.is(junk.status, 404);
  assert.is(((await junk.json()) as any).error.code, 'not_found');

  const pre = await fetch(`${a.url}${verifyPath()}`, { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' } });
  assert.is(pre.status, 204);
  assert.is(pre.headers.get('access-control-allow-origin'), '*');
  assert.match(pre.headers.get('access-control-allow-methods') ?? '', /GET/);
  assert.match((pre.headers.get('access-control-allow-headers') ?? '').toLowerCase(), /if-none-match/);
  assert.is(pre.headers.get('access-control-allow-credentials'), null);
  const preCompare = await fetch(`${a.url}/api/v1/public/certificates/${skillId}/compare-skill-from-host`, { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
  assert.is(preCompare.status, 204);
  assert.match(preCompare.headers.get('access-control-allow-methods') ?? '', /POST/);

  // Authenticated channels stay out of CORS.
  const sub = await get(a.url, '/cert/v1/submissions');
  assert.is(sub.headers.get('access-control-allow-origin'), null);
});

t('verify and view counts reach MySQL in batches, none lost on the way', async () => {
  const before = async () => {
    const [rows] = await db().query('SELECT view_count AS views, verify_count AS verifies FROM certificate_states WHERE certificate_id = ?', { replacements: [skillId] });
    const r = (rows as any[])[0];
    return { views: Number(r.views), verifies: Number(r.verifies) };
  };
  // Earlier tests' reads first settle (a web process pushes its tally every second, the worker flushes every 300 ms).
  let start = await before();
  await waitFor(async () => {
    await new Promise((r) => setTimeout(r, 1500));
    const now = await before();
    const settled = now.views === start.views && now.verifies === start.verifies;
    start = now;
    return settled ? true : undefined;
  }, 20000, 'earlier counts to settle');
  for (let i = 0; i < 20; i++) await get(i % 2 ? a.url : b.url, verifyPath());
  for (let i = 0; i < 6; i++) await get(i % 2 ? a.url : b.url, `/cert/v1/certificates/${skillId}/verify`);
  for (let i = 0; i < 5; i++) await get(i % 2 ? a.url : b.url, `/api/v1/public/certificates/${skillId}`);
  const done = await waitFor(async () => {
    const now = await before();
    return now.verifies - start.verifies >= 26 && now.views - start.views >= 5 ? now : undefined;
  }, 15000, 'counts in MySQL');
  assert.is(done.verifies - start.verifies, 26);
  assert.is(done.views - start.views, 5);
  // A flush asks for a background reload of what it counted: live-status shows the new counts despite the 60 s TTL.
  const live = await waitFor(async () => {
    const l = (await (await get(a.url, `/api/v1/public/certificates/${skillId}/live-status`)).json()) as any;
    return l.counters.verifications >= done.verifies ? l : undefined;
  }, 5000, 'live-status counters');
  assert.ok(live.counters.views >= done.views);
});

t('a web process whose invalidation channel is down reads through to MySQL, and caches again once it is back', async () => {
  // A web process on a Redis of its own hears no invalidation at all: while that Redis is up it serves
  // its cache (TTL 60 s); once the Redis is gone it must not, as it could miss a change.
  const port = await freePort();
  const startRedis = () => {
    const r = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], { stdio: 'ignore' });
    ownRedis.push(r);
    return r;
  };
  let redis = startRedis();
  await waitFor(async () => ((await fetch(`http://127.0.0.1:${port}`).catch((e) => e.cause?.code)) === 'ECONNREFUSED' ? undefined : true), 5000, 'own redis');
  const c = await startWeb({ ...LONG_TTL, REDIS_URL: `redis://127.0.0.1:${port}` });
  const reason = (v: any) => v.statusReason as string | null;
  const [rows] = await db().query('SELECT status_reason AS r FROM certificate_states WHERE certificate_id = ?', { replacements: [skillId] });
  const original = (rows as any[])[0].r as string | null;
  const setReason = (r: string | null) => db().query('UPDATE certificate_states SET status_reason = ? WHERE certificate_id = ?', { replacements: [r, skillId] });
  try {
    assert.is(reason(await verifyOn(c.url)), original);
    await setReason('unheard change');
    assert.is(reason(await verifyOn(c.url)), original, 'served from cache while its channel stands');
    redis.kill('SIGKILL');
    await waitFor(async () => (reason(await verifyOn(c.url)) === 'unheard change' ? true : undefined), 3000, 'read-through once the channel is lost');
    redis = startRedis();
    // Back: the cache starts empty (messages were missed) and is used again.
    await waitFor(async () => {
      const seen = reason(await verifyOn(c.url));
      await setReason('probe');
      const cached = reason(await verifyOn(c.url)) === seen;
      await setReason('unheard change');
      return cached ? true : undefined;
    }, 10000, 'caching again after the channel is back');
  } finally {
    await setReason(original);
    await c.stop('SIGKILL');
    redis.kill('SIGKILL');
  }
});

t.run();
