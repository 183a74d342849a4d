import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac } from 'node:crypto';
import { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders, WebhookVerificationError } from '../../shared/webhooks/signing.js';
import { certificateEvent, submissionEvent, wants } from '../../shared/webhooks/events.js';
import { checkTarget, postWebhook, targetProblem } from '../../shared/webhooks/send.js';

const t = suite('webhooks: signatures, event mapping and targets');

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const body = JSON.stringify({ type: 'submission.status_changed', timestamp: '2026-11-26T12:00:00.000Z', data: { submissionId: 's1', status: 'APPROVED' } });

const reason = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof WebhookVerificationError) return e.reason;
    throw e;
  }
  return 'verified';
};

t('a signature is HMAC-SHA256 of "id.timestamp.body" under the base64-decoded secret, as docs/webhooks.md tells receivers', () => {
  const secret = newWebhookSecret();
  assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  assert.is(key.length, 32);
  const expected = createHmac('sha256', key).update(`msg_1.1764158400.${body}`).digest('base64');
  assert.is(signWebhook(secret, 'msg_1', 1764158400, body), `v1,${expected}`);
});

t('a receiver verifies a message signed now and learns its id to deduplicate by', () => {
  const secret = newWebhookSecret();
  const headers = webhookHeaders(secret, 'msg_abc', body, NOW);
  assert.equal(verifyWebhook(secret, body, headers, { nowMs: NOW + 30_000 }), { id: 'msg_abc', timestamp: NOW / 1000 });
  // Header names are case-insensitive, and a Fetch Headers object works too.
  const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
  assert.is(verifyWebhook(secret, body, upper, { nowMs: NOW }).id, 'msg_abc');
  assert.is(verifyWebhook(secret, body, new Headers(headers), { nowMs: NOW }).id, 'msg_abc');
  // During a secret rotation several signatures may be sent: any one matching is enough.
  const both = { ...headers, 'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')} ${headers['webhook-signature']}` };
  assert.is(verifyWebhook(secret, body, both, { nowMs: NOW }).id, 'msg_abc');
});

t('a changed body, id, timestamp or secret, and an old or future timestamp, are refused', () => {
  const secret = newWebhookSecret();
  const headers = webhookHeaders(secret, 'msg_abc', body, NOW);
  assert.is(reason(() => verifyWebhook(secret, `${body} `, headers, { nowMs: NOW })), 'bad_signature');
  assert.is(reason(() => verifyWebhook(secret, body, { ...headers, 'webhook-id': 'msg_other' }, { nowMs: NOW })), 'bad_signature');
  assert.is(reason(() => verifyWebhook(secret, body, { ...headers, 'webhook-timestamp': String(NOW / 1000 + 1) }, { nowMs: NOW })), 'bad_signature');
  assert.is(reason(() => verifyWebhook(newWebhookSecret(), body, headers, { nowMs: NOW })), 'bad_signature');
  // Replay protection: the same signed message six minutes later is refused (tolerance 5 minutes).
  assert.is(reason(() => verifyWebhook(secret, body, headers, { nowMs: NOW + 6 * 60_000 })), 'timestamp_too_old');
  assert.is(reason(() => verifyWebhook(secret, body, headers, { nowMs: NOW - 6 * 60_000 })), 'timestamp_too_new');
  assert.is(reason(() => verifyWebhook(secret, body, { ...headers, 'webhook-timestamp': 'yesterday' }, { nowMs: NOW })), 'bad_timestamp');
  assert.is(reason(() => verifyWebhook(secret, body, { 'webhook-id': 'msg_abc' }, { nowMs: NOW })), 'missing_headers');
  assert.is(reason(() => verifyWebhook(secret, body, { ...headers, 'webhook-signature': headers['webhook-signature']!.replace('v1,', 'v2,') }, { nowMs: NOW })), 'bad_signature');
});

t('submission moves map to submission.status_changed, marking verdicts and naming the certificate on approval', () => {
  const at = new Date(NOW);
  const approved = submissionEvent({ id: 's1', skillName: 'demo', certificateId: 'c1' }, 'IN_AUDIT', 'APPROVED', at);
  assert.equal(approved, {
    type: 'submission.status_changed',
    timestamp: '2026-11-26T12:00:00.000Z',
    data: { submissionId: 's1', skillName: 'demo', previousStatus: 'IN_AUDIT', status: 'APPROVED', verdict: true, certificateId: 'c1' },
  });
  const progress = submissionEvent({ id: 's1', skillName: 'demo', certificateId: null }, 'PENDING_SANDBOX', 'PENDING_AUDIT', at);
  assert.is(progress.data.verdict, false);
  assert.is(progress.data.certificateId, null);
  for (const v of ['REJECTED', 'ESCALATED', 'SANDBOX_FAILED']) assert.is(submissionEvent({ id: 's', skillName: 'x' }, 'IN_AUDIT', v, at).data.verdict, true, v);
});

t('certificate changes map to flagged, suspended, reinstated and committed; no-op and other moves raise nothing', () => {
  const cert = { id: 'c1', skillName: 'demo' };
  const at = new Date(NOW);
  assert.equal(certificateEvent(cert, { kind: 'flagged', flagId: 'f1', reason: 'malicious', system: false }, at)?.data, { certificateId: 'c1', skillName: 'demo', flagId: 'f1', reason: 'malicious', source: 'community' });
  assert.is(certificateEvent(cert, { kind: 'flagged', flagId: 'f2', reason: 'source changed', system: true }, at)?.data.source, 'monitoring');
  assert.is(certificateEvent(cert, { kind: 'status', from: 'APPROVED', to: 'SUSPENDED', reason: 'r' }, at)?.type, 'certificate.suspended');
  assert.is(certificateEvent(cert, { kind: 'status', from: 'DEPRECATED', to: 'SUSPENDED', reason: 'r' }, at)?.type, 'certificate.suspended');
  assert.is(certificateEvent(cert, { kind: 'status', from: 'SUSPENDED', to: 'APPROVED', reason: 'r' }, at)?.type, 'certificate.reinstated');
  assert.is(certificateEvent(cert, { kind: 'status', from: 'SUSPENDED', to: 'SUSPENDED', reason: 'r' }, at), null);
  assert.is(certificateEvent(cert, { kind: 'status', from: 'APPROVED', to: 'DEPRECATED', reason: 'r' }, at), null);
  assert.is(certificateEvent(cert, { kind: 'status', from: 'APPROVED', to: 'APPROVED', reason: 'r' }, at), null);
  const committed = certificateEvent(cert, { kind: 'committed', txHash: '0xabc', registryAddress: '0xdef', committedAt: at }, at);
  assert.equal(committed?.data, { certificateId: 'c1', skillName: 'demo', txHash: '0xabc', registryAddress: '0xdef', committedAt: '2026-11-26T12:00:00.000Z' });
});

t('an endpoint with no event list wants every type; with one, only those', () => {
  assert.ok(wants([], 'certificate.committed'));
  assert.ok(wants(['certificate.flagged'], 'certificate.flagged'));
  assert.not.ok(wants(['certificate.flagged'], 'submission.status_changed'));
});

t('targets: https only (plain http only for an allowed test host), no credentials, valid URLs', () => {
  assert.is(targetProblem('https://hooks.example.com/x', []), null);
  assert.is(targetProblem('http://hooks.example.com/x', []), 'webhook targets must use https');
  assert.is(targetProblem('http://127.0.0.1:8080/x', ['127.0.0.1']), null);
  assert.is(targetProblem('https://user:pw@hooks.example.com/', []), 'credentials in the URL are not allowed');
  assert.is(targetProblem('ftp://hooks.example.com/', []), 'only http(s) URLs can receive webhooks');
  assert.is(targetProblem('not a url', []), 'not a valid URL');
});

t('the SSRF guard refuses a target whose host resolves to a private or loopback address, at registration and at delivery', async () => {
  const privateLookup = async () => ['10.0.0.5'];
  assert.match((await checkTarget('https://hooks.example.com/x', { allowHosts: [], lookup: privateLookup }))!, /non-public address/);
  assert.match((await checkTarget('https://127.0.0.1/x', { allowHosts: [] }))!, /non-public address/);
  assert.is(await checkTarget('https://hooks.example.com/x', { allowHosts: [], lookup: async () => ['93.184.216.34'] }), null);
  const sent = await postWebhook('https://hooks.example.com/x', {}, '{}', { timeoutMs: 1000, allowHosts: [], lookup: async () => ['192.168.1.1'] });
  assert.is(sent.ok, false);
  assert.match(sent.error!, /non-public address/);
});

t.run();
