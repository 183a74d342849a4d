import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { client, logged, runCli, skillMd, startWeb, startWorker, stopAll, uuid, waitFor, waitForStatus, type Proc } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { distRoot } from '../support/harness.js';
import { createDeveloperToken } from '../../shared/developers/tokens.js';
import { startTestChain, type TestChain } from '../support/anvil.js';
import { deployLocal } from '../../shared/chain/index.js';
import { QueryTypes } from 'sequelize';
import { db } from '../../shared/db/connection.js';

/** The `cert` command line (docs/cli.md) as a child process, with no stored configuration. */
function cert(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(distRoot, 'cli', 'cert.js'), ...args], { env: { ...process.env, CERT_CONFIG: '/nonexistent/cert-webhooks.json', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * A receiver as docs/webhooks.md tells one to write it: verify the signature over
 * `${webhook-id}.${webhook-timestamp}.${raw body}` with the secret's base64-decoded bytes, refuse a
 * timestamp more than 5 minutes off, and do the work once per webhook-id (deduplicate).
 */
interface Arrival {
  id: string;
  verified: boolean;
  body: any;
}
const arrivals: Arrival[] = [];
const processed = new Map<string, any>();
let secret = '';
let holdNext: ((arrival: Arrival) => void) | null = null;
const heldSockets: import('node:net').Socket[] = [];

function verify(raw: string, h: http.IncomingHttpHeaders): boolean {
  const id = String(h['webhook-id'] ?? '');
  const ts = String(h['webhook-timestamp'] ?? '');
  const sigs = String(h['webhook-signature'] ?? '');
  if (!id || !/^\d+$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${raw}`).digest();
  return sigs.split(' ').some((s) => {
    const [v, mac] = s.split(',');
    const got = Buffer.from(mac ?? '', 'base64');
    return v === 'v1' && got.length === expected.length && timingSafeEqual(got, expected);
  });
}

const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const arrival: Arrival = { id: String(req.headers['webhook-id'] ?? ''), verified: verify(raw, req.headers), body: JSON.parse(raw) };
    arrivals.push(arrival);
    if (!arrival.verified) return void res.writeHead(401).end('bad signature');
    const duplicate = processed.has(arrival.id);
    if (!duplicate) processed.set(arrival.id, arrival.body);
    if (holdNext) {
      // Done the work, but the answer never leaves: the sender dies waiting for it.
      const h = holdNext;
      holdNext = null;
      heldSockets.push(req.socket);
      return h(arrival);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ duplicate }));
  });
});

const t = suite('webhooks: owners register endpoints and receive signed verdict and certificate events, at least once and deduplicable');
let web: Proc & { url: string };
let worker: Proc;
let owner: ReturnType<typeof client>;
let stranger: ReturnType<typeof client>;
let ownerKey = '';
let hookUrl = '';
let endpointId = '';
let certificateId = '';
let chain: TestChain;
let WORKER_ENV: Record<string, string> = { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_BACKOFF_MS: '500' };

const eventOf = (pred: (a: Arrival) => boolean, what: string) =>
  waitFor(async () => [...processed.entries()].map(([id, body]) => ({ id, body })).find((a) => pred({ id: a.id, body: a.body, verified: true })), 60000, what);

t.before(logged(async () => {
  useDb();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  // A local chain, so that an approved certificate is committed (certificate.committed).
  chain = await startTestChain();
  await deployLocal(chain.cfg);
  WORKER_ENV = { ...WORKER_ENV, CHAIN_RPC_URL: chain.cfg.rpcUrl, CHAIN_STATE_DIR: chain.stateDir, CHAIN_TX_TIMEOUT_MS: '10000', MONITOR_ENABLED: 'false' };
  [web, worker] = await Promise.all([startWeb(WORKER_ENV), startWorker(WORKER_ENV)]);
  ownerKey = await newActorKey();
  owner = client(web.url, ownerKey);
  stranger = client(web.url, await newActorKey());
}));

t.after(async () => {
  for (const s of heldSockets) s.destroy();
  receiver.close();
  await stopAll();
  await chain?.stop();
  await closeDb();
});

t('a target on a private address or over plain http is refused with a clear error naming url', async () => {
  for (const url of ['https://10.1.2.3/hook', 'https://[::1]/hook', 'http://hooks.invalid/hook', 'ftp://127.0.0.1/']) {
    const r = await owner.post('/cert/v1/webhooks', { url });
    assert.is(r.status, 422, url);
    assert.is(r.body.error.code, 'webhook_target_refused', url);
    assert.is(r.body.error.field, 'url', url);
  }
  const bad = await owner.post('/cert/v1/webhooks', { url: hookUrl, events: ['certificate.exploded'] });
  assert.is(bad.status, 400);
  assert.is(bad.body.error.field, 'events.0');
  assert.is((await client(web.url).post('/cert/v1/webhooks', { url: hookUrl })).status, 401);
});

t('the owner registers an endpoint (secret shown once), lists it, and no one else sees it', async () => {
  const r = await owner.post('/cert/v1/webhooks', { url: hookUrl, description: 'e2e receiver' });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.match(r.body.secret, /^whsec_/);
  secret = r.body.secret;
  endpointId = r.body.id;
  assert.equal(r.body.events, []);
  const list = await owner.get('/cert/v1/webhooks');
  assert.is(list.body.items.length, 1);
  assert.is(list.body.items[0].id, endpointId);
  assert.is(list.body.items[0].secret, undefined);
  assert.equal((await stranger.get('/cert/v1/webhooks')).body.items, []);
  assert.is((await stranger.get(`/cert/v1/webhooks/${endpointId}/deliveries`)).status, 404);
});

t('a submission verdict arrives signed and verifiable, and the delivery log shows it delivered', async () => {
  const r = await owner.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd({ name: `hooked-${uuid().slice(0, 8)}` }), idempotencyKey: uuid() });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const id = r.body.submissionId;
  const detail = await waitForStatus(owner, id, ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED'], 60000);
  assert.is(detail.status, 'APPROVED');
  const verdict = await eventOf((a) => a.body.type === 'submission.status_changed' && a.body.data.submissionId === id && a.body.data.status === 'APPROVED', 'the APPROVED event');
  assert.is(verdict.body.data.verdict, true);
  certificateId = verdict.body.data.certificateId;
  assert.ok(certificateId, 'the approval names the certificate');
  assert.ok(arrivals.filter((a) => a.id === verdict.id).every((a) => a.verified));
  // Progress moves were sent too, each its own message id.
  await eventOf((a) => a.body.type === 'submission.status_changed' && a.body.data.submissionId === id && a.body.data.status === 'PENDING_AUDIT', 'the PENDING_AUDIT event');
  const log = await waitFor(async () => {
    const items = (await owner.get(`/cert/v1/webhooks/${endpointId}/deliveries`)).body.items as any[];
    const row = items.find((d) => d.id === verdict.id);
    return row?.status === 'DELIVERED' ? row : undefined;
  }, 20000, 'the delivery logged DELIVERED');
  assert.is(log.eventType, 'submission.status_changed');
  assert.is(log.lastStatusCode, 200);
  assert.ok(log.attempts >= 1);
  assert.equal(log.payload, verdict.body);
});

t('the certificate committed on chain arrives as certificate.committed with its transaction', async () => {
  const committed = await eventOf((a) => a.body.type === 'certificate.committed' && a.body.data.certificateId === certificateId, 'certificate.committed');
  assert.match(committed.body.data.txHash, /^0x[0-9a-f]{64}$/);
  assert.match(committed.body.data.registryAddress, /^0x[0-9a-fA-F]{40}$/);
  const pub = await (await fetch(`${web.url}/api/v1/public/certificates/${certificateId}`)).json();
  assert.is(committed.body.data.txHash, pub.onChain.txHash);
});

t('certificate changes arrive: flagged by someone else, suspended and reinstated by an operator, suspended by a confirmed flag', async () => {
  const f = await stranger.post(`/cert/v1/certificates/${certificateId}/flag`, { walletAddress: '0x1111111111111111111111111111111111111111', reason: 'misrepresentation', details: 'e2e' });
  assert.ok([200, 201].includes(f.status), JSON.stringify(f.body));
  const flagged = await eventOf((a) => a.body.type === 'certificate.flagged' && a.body.data.certificateId === certificateId, 'certificate.flagged');
  assert.is(flagged.body.data.reason, 'misrepresentation');
  assert.is(flagged.body.data.source, 'community');
  const s = await runCli(['certificate', 'suspend', certificateId, '--reason', 'e2e suspension']);
  assert.is(s.status, 0, s.stderr);
  const suspended = await eventOf((a) => a.body.type === 'certificate.suspended' && a.body.data.certificateId === certificateId, 'certificate.suspended');
  assert.is(suspended.body.data.previousStatus, 'APPROVED');
  const back = await runCli(['certificate', 'reinstate', certificateId, '--reason', 'e2e reinstatement']);
  assert.is(back.status, 0, back.stderr);
  const reinstated = await eventOf((a) => a.body.type === 'certificate.reinstated' && a.body.data.certificateId === certificateId, 'certificate.reinstated');
  assert.is(reinstated.body.data.status, 'APPROVED');
  // An operator confirming the flag suspends the certificate again: a second certificate.suspended, saying why.
  const c = await runCli(['flags', 'confirm', flagged.body.data.flagId, '--reason', 'e2e confirmation']);
  assert.is(c.status, 0, c.stderr);
  const confirmed = await eventOf((a) => a.body.type === 'certificate.suspended' && a.body.data.certificateId === certificateId && a.id !== suspended.id, 'certificate.suspended by a confirmed flag');
  assert.match(confirmed.body.data.reason, /^Flag confirmed: e2e confirmation/);
  const again = await runCli(['certificate', 'reinstate', certificateId, '--reason', 'e2e reinstatement']);
  assert.is(again.status, 0, again.stderr);
  await eventOf((a) => a.body.type === 'certificate.reinstated' && a.body.data.certificateId === certificateId && a.id !== reinstated.id, 'the second certificate.reinstated');
});

t('a worker killed mid-delivery: a restarted worker delivers the event again with the same id, which the receiver deduplicates', async () => {
  const held = new Promise<Arrival>((resolve) => (holdNext = resolve));
  const third = client(web.url, await newActorKey());
  const f = await third.post(`/cert/v1/certificates/${certificateId}/flag`, { walletAddress: '0x2222222222222222222222222222222222222222', reason: 'other', details: 'e2e kill' });
  assert.ok([200, 201].includes(f.status), JSON.stringify(f.body));
  const first = await held;
  assert.is(first.body.type, 'certificate.flagged');
  await worker.stop('SIGKILL');
  worker = await startWorker(WORKER_ENV);
  await waitFor(async () => (arrivals.filter((a) => a.id === first.id).length >= 2 ? true : undefined), 60000, 'the same message again');
  assert.ok(arrivals.filter((a) => a.id === first.id).every((a) => a.verified));
  // Delivered at least once, done once: one entry per id in what the receiver processed.
  assert.equal([...processed.keys()].filter((id) => id === first.id), [first.id]);
  const row = await waitFor(async () => {
    const items = (await owner.get(`/cert/v1/webhooks/${endpointId}/deliveries`)).body.items as any[];
    const d = items.find((x) => x.id === first.id);
    return d?.status === 'DELIVERED' ? d : undefined;
  }, 20000, 'the delivery logged DELIVERED');
  assert.is(row.lastStatusCode, 200);
});

t('an event whose enqueue was lost (a process died right after its commit) is queued by the sweep and delivered', async () => {
  // The row as recordWebhookEvent writes it, with no job behind it.
  const id = `msg_${uuid().replace(/-/g, '')}`;
  const body = JSON.stringify({ type: 'certificate.flagged', timestamp: new Date().toISOString(), data: { certificateId, skillName: 'lost', flagId: 'none', reason: 'other', source: 'community' } });
  const owned = await db().query<{ owner: string }>('SELECT owner FROM webhook_endpoints WHERE id = ?', { replacements: [endpointId], type: QueryTypes.SELECT });
  await db().query("INSERT INTO webhook_deliveries (id, endpoint_id, owner, event_type, body, status, attempts, created_at, updated_at) VALUES (?, ?, ?, 'certificate.flagged', ?, 'PENDING', 0, NOW(3), NOW(3))", {
    replacements: [id, endpointId, owned[0]!.owner, body],
  });
  const got = await waitFor(async () => (processed.has(id) ? processed.get(id) : undefined), 60000, 'the swept delivery');
  assert.equal(got, JSON.parse(body));
});

t('cert webhooks add, list, log and rm do the same from the command line; a private target is a clear error', async () => {
  const env = { CERT_URL: web.url, CERT_API_KEY: ownerKey };
  const refused = await cert(['webhooks', 'add', 'https://10.9.8.7/hook'], env);
  assert.is(refused.status, 1, refused.stderr);
  assert.match(refused.stderr, /webhook_target_refused \(url\)/);
  assert.not.match(refused.stderr, /\n\s+at .*:\d+:\d+/);
  const added = await cert(['webhooks', 'add', hookUrl, '--events', 'certificate.suspended', '--json'], env);
  assert.is(added.status, 0, added.stderr);
  const created = JSON.parse(added.stdout);
  assert.match(created.secret, /^whsec_/);
  assert.equal(created.events, ['certificate.suspended']);
  const list = await cert(['webhooks', 'list'], env);
  assert.is(list.status, 0, list.stderr);
  assert.ok(list.stdout.includes(`${created.id} ${hookUrl} (certificate.suspended)`), list.stdout);
  const log = await cert(['webhooks', 'log', endpointId, '--json'], env);
  assert.is(log.status, 0, log.stderr);
  assert.ok(JSON.parse(log.stdout).some((d: any) => d.status === 'DELIVERED'));
  const rm = await cert(['webhooks', 'rm', created.id], env);
  assert.is(rm.status, 0, rm.stderr);
  assert.match(rm.stdout, new RegExp(`deleted webhook ${created.id}`));
  const again = await cert(['webhooks', 'rm', created.id], env);
  assert.is(again.status, 9, again.stderr);
});

t('a developer token registers, lists and deletes its own endpoints on the developer channel, apart from API keys', async () => {
  const { token } = await createDeveloperToken(`webhooks-${Date.now()}`);
  const dev = client(web.url, token);
  const r = await dev.post('/api/v1/cert/dev/webhooks', { url: hookUrl, events: ['submission.status_changed'] });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.match(r.body.secret, /^whsec_/);
  assert.equal((await dev.get('/api/v1/cert/dev/webhooks')).body.items.map((w: any) => w.id), [r.body.id]);
  assert.not.ok((await owner.get('/cert/v1/webhooks')).body.items.some((w: any) => w.id === r.body.id));
  assert.is((await owner.get(`/cert/v1/webhooks/${r.body.id}/deliveries`)).status, 404);
  assert.equal((await dev.get(`/api/v1/cert/dev/webhooks/${r.body.id}/deliveries`)).body.items, []);
  const del = await fetch(`${web.url}/api/v1/cert/dev/webhooks/${r.body.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  assert.is(del.status, 200);
  assert.equal((await dev.get('/api/v1/cert/dev/webhooks')).body.items, []);
  const refused = await dev.post('/api/v1/cert/dev/webhooks', { url: 'https://169.254.169.254/latest' });
  assert.is(refused.status, 422);
  assert.is(refused.body.error.code, 'webhook_target_refused');
});

t('the owner deletes the endpoint: it is gone from the list and its log', async () => {
  const del = await fetch(`${web.url}/cert/v1/webhooks/${endpointId}`, { method: 'DELETE', headers: { authorization: `Bearer ${ownerKey}` } });
  assert.is(del.status, 200);
  assert.equal((await owner.get('/cert/v1/webhooks')).body.items, []);
  assert.is((await owner.get(`/cert/v1/webhooks/${endpointId}/deliveries`)).status, 404);
});

t.run();
