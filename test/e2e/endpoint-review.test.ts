import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { logged, skillMd, startWeb, startWorker, stopAll, waitFor } from '../support/harness.js';
import { closeDb, makeFree, useDb } from '../support/db.js';
import { callApi } from '../support/wallet-api.js';
import { createDeveloperToken } from '../../shared/developers/tokens.js';

/**
 * Endpoint review end to end (docs/endpoint-review.md): real web and worker processes probe local
 * servers — one that answers well, one that is down, one that loops redirects, one that never
 * answers — and the verdict, endpointStatus and the evidence are read back through the public API.
 */
const t = suite('endpoint review: API and SKILL+API submissions probed by the worker, evidence on the certificate');
const FINAL = ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED'];
const servers: http.Server[] = [];
let base: string;
let token: string;
let good: string;
let down: string;
let loop: string;
let slow: string;
let flaky: string;
// Requests seen per path by the flaky server, which drops the first connections of each path.
const flakyHits = new Map<string, number>();
const FAIL_FIRST: Record<string, number> = { '/recovers/v1': 2, '/gone/v1': Number.POSITIVE_INFINITY };
let restorePrices: () => Promise<void> = async () => {};

const listen = (handler: http.RequestListener) =>
  new Promise<string>((resolve) => {
    const s = http.createServer(handler);
    servers.push(s);
    s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`));
  });

t.before(
  logged(async () => {
    useDb();
    good = await listen((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'HEAD' ? undefined : '{"forecast":"sun"}'));
    loop = await listen((req, res) => res.writeHead(302, { location: req.url === '/a' ? '/b' : '/a' }).end());
    slow = await listen(() => undefined); // accepts, never answers
    flaky = await listen((req, res) => {
      const seen = (flakyHits.get(req.url ?? '') ?? 0) + 1;
      flakyHits.set(req.url ?? '', seen);
      if (seen <= (FAIL_FIRST[req.url ?? ''] ?? 0)) return void req.socket.destroy(); // a reset connection: no HTTP answer
      res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'HEAD' ? undefined : '{"ok":true}');
    });
    const closed = http.createServer();
    down = await new Promise<string>((resolve) => closed.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(closed.address() as AddressInfo).port}`)));
    await new Promise((r) => closed.close(r));
    // API products are paid (x402) on the developer channel; the chain is not what this suite tests.
    restorePrices = await makeFree(['API', 'SKILL+API']);
    token = (await createDeveloperToken(`endpoint-review-${Date.now()}`)).token;
    // Local servers are private addresses: named as test hosts, over plain http, with a short deadline.
    // Two retries after 300 ms then 600 ms (the defaults are 2 and 1000 ms).
    const env = { ENDPOINT_PROBE_ALLOW_HOSTS: '127.0.0.1', ENDPOINT_PROBE_REQUIRE_TLS: 'false', ENDPOINT_PROBE_TIMEOUT_MS: '1500', ENDPOINT_PROBE_RETRIES: '2', ENDPOINT_PROBE_RETRY_DELAY_MS: '300' };
    base = (await startWeb(env)).url;
    await startWorker(env);
  }),
);

t.after(async () => {
  await stopAll();
  await restorePrices();
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  await closeDb();
});

const headers = () => ({ authorization: `Bearer ${token}`, 'x-payment-method': 'x402' });

async function submit(productType: string, url: string, externalCalls: string[], name: string, text = `# ${name}\n\nAsk the forecast service for today's weather and tell the user.\n`) {
  const body = { url, productType, skillMdContent: skillMd({ name, externalCalls, capabilities: ['network'], body: text }) };
  const r = await callApi(base, 'POST', '/api/v1/cert/submit', { body, headers: headers() });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.submissionId as string;
}

const finalView = (id: string) =>
  waitFor(async () => {
    const r = await callApi(base, 'GET', `/api/v1/cert/dev/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } });
    return FINAL.includes(r.body.status) ? r.body : undefined;
  }, 60000, `submission ${id}`);

const byUrl = (review: any) => Object.fromEntries(review.endpoints.map((e: any) => [e.url, e]));

t('three products probed at once: PASSED, FAILED with evidence and warnings, and an API whose base URL is down refused', async () => {
  const [passedId, failedId, downId] = await Promise.all([
    // The file calls one URL itself: observed by the sandbox and listed, not probed.
    submit('API', `${good}/v1`, [good], 'forecast-api', `# forecast-api\n\nAsk the forecast service for today's weather and tell the user:\n\n\`\`\`bash\ncurl -s "${good}/v1/today?city=Paris"\n\`\`\`\n`),
    submit('SKILL+API', `${good}/v1`, [`${loop}/a`, `${slow}/v1`], 'forecast-skill'),
    submit('API', `${down}/v1`, [good], 'gone-api'),
  ]);
  const [passed, failed, refused] = await Promise.all([finalView(passedId), finalView(failedId), finalView(downId)]);

  // Every declared endpoint answered as declared.
  assert.is(passed.status, 'APPROVED', JSON.stringify(passed.findings));
  const v1 = await callApi(base, 'GET', `/api/v1/public/certificates/${passed.skillId}/verify`);
  assert.is(v1.body.endpointStatus, 'PASSED');
  assert.equal(v1.body.endpointReview.declaredEndpoints, [`${good}/v1`, good]);
  assert.equal(v1.body.endpointReview.observedUrls, [`${good}/v1/today?city=Paris`]);
  assert.equal(v1.body.endpointReview.endpoints.map((e: any) => e.url), [`${good}/v1`, good], 'observed URLs are listed, not probed');
  const ok = byUrl(v1.body.endpointReview)[`${good}/v1`];
  assert.equal([ok.source, ok.method, ok.statusCode, ok.contentType, ok.outcome, ok.failure], ['product', 'HEAD', 200, 'application/json', 'PASSED', null]);
  assert.type(ok.timeMs, 'number');
  assert.match(v1.body.apiDisclaimer, /127\.0\.0\.1/);

  // A loop and a silent server: FAILED, kept as retained warnings, the skill still certified.
  assert.is(failed.status, 'APPROVED', JSON.stringify(failed.findings));
  const v2 = await callApi(base, 'GET', `/api/v1/public/certificates/${failed.skillId}/verify`);
  assert.is(v2.body.endpointStatus, 'FAILED');
  const ev = byUrl(v2.body.endpointReview);
  assert.equal([ev[`${good}/v1`].outcome], ['PASSED']);
  assert.equal([ev[`${loop}/a`].outcome, ev[`${loop}/a`].failure, ev[`${loop}/a`].statusCode], ['FAILED', 'redirect', 302]);
  assert.match(ev[`${loop}/a`].reason, /redirect loop/);
  assert.equal([ev[`${slow}/v1`].outcome, ev[`${slow}/v1`].failure, ev[`${slow}/v1`].statusCode], ['FAILED', 'timeout', null]);
  const warnings = v2.body.retainedWarnings.filter((w: any) => w.ruleId === 'ENDPOINT-FAILED-001').map((w: any) => w.message);
  assert.is(warnings.length, 2, 'one retained warning per failed endpoint');
  assert.ok(warnings.some((m: string) => m.includes(`${loop}/a`)) && warnings.some((m: string) => m.includes(`${slow}/v1`)));
  assert.is(v2.body.securityLevel, 'LOW');
  // The signed record carries the same evidence (cert.certificate/3).
  const full = await callApi(base, 'GET', `/api/v1/public/certificates/${failed.skillId}`);
  assert.is(full.body.certificate.schema, 'cert.certificate/3');
  assert.equal(full.body.certificate.endpointReview, v2.body.endpointReview);
  const page = await fetch(`${base}/certificates/${failed.skillId}`).then((r) => r.text());
  assert.ok(page.includes('Endpoint review: FAILED') && page.includes(`${loop}/a`), 'the certificate page shows the evidence');

  // An API product whose base URL does not answer at all is refused before the council.
  assert.is(refused.status, 'SANDBOX_FAILED');
  assert.equal(refused.findings.filter((f: any) => f.blocking).map((f: any) => f.ruleId), ['ENDPOINT-DOWN-001']);
  assert.is(refused.endpointReview.status, 'FAILED');
  const gone = byUrl(refused.endpointReview)[`${down}/v1`];
  assert.equal([gone.outcome, gone.failure, gone.statusCode], ['FAILED', 'connect', null]);
  assert.is(byUrl(refused.endpointReview)[good].outcome, 'PASSED');
});

t('an API whose base URL drops its first two connections is certified; one that drops every attempt is refused, with the attempts on the record', async () => {
  const [recoversId, goneId] = await Promise.all([submit('API', `${flaky}/recovers/v1`, [], 'flaky-api'), submit('API', `${flaky}/gone/v1`, [], 'dropped-api')]);
  const [recovered, refused] = await Promise.all([finalView(recoversId), finalView(goneId)]);

  // Two resets, then an answer: not refused; the sealed review keeps the three attempts.
  assert.is(recovered.status, 'APPROVED', JSON.stringify(recovered.findings));
  const v = await callApi(base, 'GET', `/api/v1/public/certificates/${recovered.skillId}/verify`);
  assert.is(v.body.endpointStatus, 'PASSED');
  const probe = byUrl(v.body.endpointReview)[`${flaky}/recovers/v1`];
  assert.equal([probe.outcome, probe.statusCode], ['PASSED', 200]);
  assert.equal(probe.attempts.map((a: any) => [a.outcome, a.failure, a.statusCode]), [['FAILED', 'connect', null], ['FAILED', 'connect', null], ['PASSED', null, 200]]);
  const [a1, a2, a3] = probe.attempts.map((a: any) => Date.parse(a.at));
  assert.ok(a2 - a1 >= 300 && a3 - a2 >= 600, `backoff of 300 then 600 ms between attempts (${a2 - a1}, ${a3 - a2})`);
  assert.is(flakyHits.get('/recovers/v1'), 3);

  // Every attempt dropped: refused before the council, the refusal naming the attempts; no fourth request.
  assert.is(refused.status, 'SANDBOX_FAILED');
  const blocking = refused.findings.filter((f: any) => f.blocking);
  assert.equal(blocking.map((f: any) => f.ruleId), ['ENDPOINT-DOWN-001']);
  assert.match(blocking[0].message, /did not answer at all \(3 attempts\)/);
  const gone = byUrl(refused.endpointReview)[`${flaky}/gone/v1`];
  assert.equal(gone.attempts.map((a: any) => [a.outcome, a.failure]), [['FAILED', 'connect'], ['FAILED', 'connect'], ['FAILED', 'connect']]);
  assert.is(flakyHits.get('/gone/v1'), 3);
});

t('a product URL with credentials is refused before any payment or probe (400 naming url)', async () => {
  const body = { url: `http://user:secret@127.0.0.1:9/v1`, productType: 'API', skillMdContent: skillMd({ name: 'creds-api' }) };
  const r = await callApi(base, 'POST', '/api/v1/cert/submit', { body, headers: headers() });
  assert.equal([r.status, r.body.error.code, r.body.error.field], [400, 'invalid_url', 'url']);
});

t.run();
