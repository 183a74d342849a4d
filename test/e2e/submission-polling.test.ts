import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Wallet } from 'ethers';
import { randomUUID } from 'node:crypto';
import { client, logged, runCli, skillMd, startWeb, startWorker, stopAll, uuid, waitFor, waitForStatus, type Proc } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { walletSignIn } from '../support/wallet-api.js';
import { db } from '../../shared/db/connection.js';
import { createDeveloperToken } from '../../shared/developers/tokens.js';

/**
 * Polling a submission (docs/api.md#polling-a-submission), with a real web process and a worker that
 * starts only when the suite wants the submission to move: a status read is served from the cache
 * (kept 10 minutes here, so only the invalidation can show a change), every transition shows at once, a
 * long-poll answers on the change (not at its timeout), bad waitSeconds is a 400 naming the field,
 * other callers see what they saw before, and a draining web process answers its waiting long-polls.
 */
const t = suite('submission polling: cached status reads and long-polls');
let web: Proc & { url: string };
let worker: Proc | undefined;
let api: ReturnType<typeof client>;
let otherKey: string;
let submissionId: string;
let ownerKey: string;
const ownerAuth = () => ({ authorization: `Bearer ${ownerKey}` });
const METRICS_TOKEN = `metrics-${randomUUID()}`;

/** Long-polls the web process holds now (its gauge), so the suite knows its waiters are registered. */
async function waiting(n: number): Promise<void> {
  await waitFor(async () => {
    const text = await (await fetch(`${web.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const line = text.split('\n').find((l) => l.startsWith('cert_long_polls_waiting '));
    return Number(line?.split(' ').pop()) === n || undefined;
  }, 20000, `${n} long-polls waiting`);
}

t.before(
  logged(async () => {
    useDb();
    web = await startWeb({ SUBMISSION_CACHE_TTL_MS: '600000', METRICS_TOKEN });
    ownerKey = await newActorKey();
    api = client(web.url, ownerKey);
    otherKey = await newActorKey();
    // No worker yet: the submission waits in PENDING_SANDBOX until the suite starts one.
    const sub = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd({ name: 'polling' }), idempotencyKey: uuid() });
    assert.is(sub.status, 201, JSON.stringify(sub.body));
    submissionId = sub.body.submissionId;
  }),
);

t.after(async () => {
  await stopAll();
  await closeDb();
});

const path = (query = '') => `/cert/v1/submissions/${submissionId}${query}`;
const read = (key: string | undefined, query = '', headers: Record<string, string> = {}) =>
  fetch(`${web.url}${path(query)}`, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
t('a status read says when to come back, and is served from the cache (a row changed behind it stays unseen)', async () => {
  const first = await api.get(path());
  assert.is(first.status, 200);
  assert.is(first.body.status, 'PENDING_SANDBOX');
  assert.is(first.body.pollAfterSeconds, 10);
  assert.is(first.headers.get('retry-after'), '10');
  assert.match(first.headers.get('etag') ?? '', /^W\/"/);
  await db().query("UPDATE submissions SET skill_name = 'changed-behind-the-cache' WHERE id = ?", { replacements: [submissionId] });
  try {
    const again = await api.get(path());
    assert.is(again.body.skillName, 'polling', 'the second read came from the cache');
    assert.is(again.headers.get('etag'), first.headers.get('etag'));
  } finally {
    await db().query("UPDATE submissions SET skill_name = 'polling' WHERE id = ?", { replacements: [submissionId] });
  }
});

t('bad waitSeconds is 400 invalid_field naming waitSeconds on every channel', async () => {
  for (const bad of ['31', '-1', 'soon', '2.5']) {
    const r = await api.get(path(`?waitSeconds=${bad}`));
    assert.is(r.status, 400, bad);
    assert.equal([r.body.error.code, r.body.error.field], ['invalid_field', 'waitSeconds'], bad);
  }
  const dev = (await createDeveloperToken(`polling-${Date.now()}`)).token;
  const r = await fetch(`${web.url}/api/v1/cert/dev/submissions/${submissionId}?waitSeconds=99`, { headers: { authorization: `Bearer ${dev}` } });
  assert.is(r.status, 400);
  assert.is(((await r.json()) as any).error.field, 'waitSeconds');
});

t('other callers get what they got before: the public view on /cert/v1 (at once, even with waitSeconds), 404 on the developer and agent routes', async () => {
  for (const key of [otherKey, undefined]) {
    const r = await read(key, '?waitSeconds=30');
    assert.is(r.status, 200);
    const body = (await r.json()) as any;
    assert.is(body.status, 'PENDING_SANDBOX');
    for (const ownerOnly of ['findings', 'council', 'manifest', 'skillName', 'verdict']) assert.not.ok(ownerOnly in body, `${ownerOnly} shown to a non-owner`);
  }
  const dev = (await createDeveloperToken(`polling-other-${Date.now()}`)).token;
  const d = await fetch(`${web.url}/api/v1/cert/dev/submissions/${submissionId}`, { headers: { authorization: `Bearer ${dev}` } });
  assert.is(d.status, 404);
  assert.is(((await d.json()) as any).error.code, 'not_found');
  const session = await walletSignIn(web.url, Wallet.createRandom());
  const a = await fetch(`${web.url}/api/v1/cert/agent/submissions/${submissionId}?waitSeconds=5`, { headers: { 'x-agent-session': session } });
  assert.is(a.status, 404);
});

t('a long-poll with nothing changing answers at its timeout with the current state (304 to a current ETag)', async () => {
  const now = await api.get(path());
  const etag = now.headers.get('etag')!;
  const r = await read(undefined, '?waitSeconds=1', { authorization: ownerAuth().authorization, 'if-none-match': etag });
  assert.is(r.status, 304);
  assert.is(r.headers.get('retry-after'), '10');
  // A stale ETag is answered at once with the current state.
  const stale = await read(undefined, '?waitSeconds=30', { authorization: ownerAuth().authorization, 'if-none-match': 'W/"old"' });
  assert.is(stale.status, 200);
  assert.is(((await stale.json()) as any).status, 'PENDING_SANDBOX');
});

t('long-polls answer as soon as the submission moves, before their timeout; a fifth on one submission is 429', async () => {
  const etag = (await api.get(path())).headers.get('etag')!;
  const auth = ownerAuth();
  const started = Date.now();
  const polls = [1, 2, 3, 4].map(() => read(undefined, '?waitSeconds=30', { ...auth, 'if-none-match': etag }));
  await waiting(4);
  const fifth = await read(undefined, '?waitSeconds=30', { ...auth, 'if-none-match': etag });
  assert.is(fifth.status, 429);
  const err = ((await fifth.json()) as any).error;
  assert.equal([err.code, err.field], ['too_many_waiters', 'waitSeconds']);
  assert.ok(fifth.headers.get('retry-after'));

  worker = await startWorker();
  const answers = await Promise.all(polls);
  const waited = Date.now() - started;
  for (const r of answers) {
    assert.is(r.status, 200);
    assert.is.not(((await r.json()) as any).status, 'PENDING_SANDBOX');
  }
  assert.ok(waited < 30_000, `the long-polls answered at their timeout (${waited} ms), not on the change`);
});

t('every later transition shows at once although the cache keeps entries 10 minutes; a final state carries no Retry-After', async () => {
  const done = await waitForStatus(api, submissionId, ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED']);
  assert.is(done.status, 'APPROVED', JSON.stringify(done));
  assert.ok(done.council?.votes?.length > 0, 'the votes show');
  const r = await api.get(path());
  assert.is(r.headers.get('retry-after'), null);
  assert.not.ok('pollAfterSeconds' in r.body);
  assert.is(r.headers.get('cache-control'), 'private, no-cache');
  // Nothing will change: a long-poll answers at once.
  const wait = await read(undefined, '?waitSeconds=30', ownerAuth());
  assert.is(wait.status, 200);
  assert.is(((await wait.json()) as any).status, 'APPROVED');
});

t('a change of the certificate shows on its submission at once (the certificate invalidation drops the submission too)', async () => {
  const before = await api.get(path());
  assert.is(before.body.certificate.status, 'APPROVED');
  const r = await runCli(['certificate', 'revoke', before.body.skillId, '--reason', 'key leaked']);
  assert.is(r.status, 0, r.stderr);
  await waitFor(async () => (await api.get(path())).body.certificate?.status === 'SUSPENDED' || undefined, 20000, 'the revocation on the submission');
});

t('a draining web process answers its waiting long-polls with the current state and exits', async () => {
  await worker!.stop('SIGKILL');
  const sub = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd({ name: 'polling-drain' }), idempotencyKey: uuid() });
  assert.is(sub.status, 201);
  const started = Date.now();
  const poll = fetch(`${web.url}/cert/v1/submissions/${sub.body.submissionId}?waitSeconds=30`, { headers: ownerAuth() });
  await waiting(1);
  const exited = web.stop('SIGTERM', 30000);
  const r = await poll;
  assert.is(r.status, 200);
  assert.is(((await r.json()) as any).status, 'PENDING_SANDBOX');
  assert.is(r.headers.get('connection'), 'close');
  assert.is(await exited, 0);
  assert.ok(Date.now() - started < 30_000, 'the drain waited for the long-poll to time out');
});

t.run();
