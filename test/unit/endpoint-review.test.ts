import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { answeredNothing, endpointFindings, endpointStatusOf, judgeAnswer, mayBeTransient, retryDelayOf, type Answer } from '../../shared/endpoints/judge.js';
import { probeEndpoint } from '../../shared/endpoints/probe.js';
import { declaredEndpointsOf, reviewEndpoints } from '../../shared/endpoints/review.js';
import type { EndpointProbe, EndpointReview, ProbeOptions } from '../../shared/endpoints/types.js';
import { endpointStatusOfPayload, sealedEndpointReview } from '../../shared/certificates/canonical-form.js';

import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { repoRoot } from '../support/harness.js';
import { ConfigError, loadConfig } from '../../shared/config.js';

/** A self-signed certificate for localhost and 127.0.0.1 (test material only). */
const fixture = (name: string) => readFileSync(path.join(repoRoot, 'test', 'fixtures', 'tls', name));

// ------------------------------------------------------------------------------------------
// The decision, without the network

const judge = suite('endpoint review: what counts as answering as declared');
const answer = (a: Partial<Answer>): Answer => ({ method: 'HEAD', statusCode: 200, contentType: 'application/json', contentLength: null, body: null, contentEncoding: null, ...a });
const api = new URL('https://api.example.com/v1/forecast');
const root = new URL('https://api.example.com/');

judge('a 2xx with a well-formed content type passes; JSON that parses passes', () => {
  assert.ok(judgeAnswer(api, answer({})).ok);
  assert.ok(judgeAnswer(api, answer({ method: 'GET', body: Buffer.from('{"ok":true}') })).ok);
  assert.ok(judgeAnswer(api, answer({ method: 'GET', contentType: 'application/problem+json; charset=utf-8', body: Buffer.from('[]') })).ok);
});

judge('content that does not say what it is, or says JSON and is not, fails as content_type', () => {
  const noType = judgeAnswer(api, answer({ method: 'GET', contentType: null, body: Buffer.from('hello') }));
  assert.equal([noType.ok, !noType.ok && noType.failure], [false, 'content_type']);
  const headNoType = judgeAnswer(api, answer({ contentType: null, contentLength: 12 }));
  assert.is(headNoType.ok, false);
  const malformed = judgeAnswer(api, answer({ contentType: 'json' }));
  assert.equal([malformed.ok, !malformed.ok && malformed.failure], [false, 'content_type']);
  const notJson = judgeAnswer(api, answer({ method: 'GET', contentType: 'application/json', body: Buffer.from('<html>parked</html>') }));
  assert.equal([notJson.ok, !notJson.ok && notJson.reason], [false, 'answered 200 declaring application/json but the body is not JSON']);
  // Honest twins: no content at all needs no type; a compressed body is not parsed.
  assert.ok(judgeAnswer(api, answer({ method: 'GET', contentType: null, body: Buffer.alloc(0) })).ok);
  assert.ok(judgeAnswer(api, answer({ statusCode: 204, contentType: null })).ok);
  assert.ok(judgeAnswer(api, answer({ method: 'GET', contentEncoding: 'gzip', body: Buffer.from([0x1f, 0x8b, 1]) })).ok);
});

judge('server errors fail; a missing declared path fails; a missing origin root and auth challenges pass', () => {
  const e = judgeAnswer(api, answer({ statusCode: 503 }));
  assert.equal([e.ok, !e.ok && e.failure], [false, 'http_status']);
  assert.is(judgeAnswer(api, answer({ statusCode: 404 })).ok, false);
  assert.is(judgeAnswer(api, answer({ statusCode: 410 })).ok, false);
  assert.ok(judgeAnswer(root, answer({ statusCode: 404 })).ok, 'an origin without a root resource still answers');
  assert.ok(judgeAnswer(api, answer({ statusCode: 401 })).ok, 'the probe sends no credentials: 401 is an answer');
  assert.ok(judgeAnswer(api, answer({ statusCode: 403 })).ok);
});

judge('status: NOT_TESTED only without a declared endpoint; PASSED only when every one passed', () => {
  assert.is(endpointStatusOf([]), 'NOT_TESTED');
  assert.is(endpointStatusOf([{ outcome: 'PASSED' }, { outcome: 'PASSED' }]), 'PASSED');
  assert.is(endpointStatusOf([{ outcome: 'PASSED' }, { outcome: 'FAILED' }]), 'FAILED');
});

const probe = (p: Partial<EndpointProbe>): EndpointProbe => ({
  url: 'https://api.example.com/v1',
  source: 'product',
  method: 'HEAD',
  statusCode: null,
  contentType: null,
  finalUrl: null,
  redirects: 0,
  timeMs: 5,
  outcome: 'FAILED',
  failure: 'connect',
  reason: 'could not connect (ECONNREFUSED)',
  ...p,
});
const reviewOf = (...endpoints: EndpointProbe[]): EndpointReview => ({ status: endpointStatusOf(endpoints), checkedAt: '2025-01-01T00:00:00.000Z', endpoints, notProbed: [] });

judge('verdict: an API whose base URL gives no answer at all is refused; every other failure is a retained warning', () => {
  for (const failure of ['connect', 'timeout', 'tls', 'unresolvable', 'forbidden_address'] as const) {
    const [f] = endpointFindings(reviewOf(probe({ failure })), 'API');
    assert.equal([f!.ruleId, f!.blocking, f!.category], ['ENDPOINT-DOWN-001', true, 'endpoint'], failure);
  }
  const warn = (p: Partial<EndpointProbe>, type = 'API') => endpointFindings(reviewOf(probe(p)), type).map((f) => [f.ruleId, f.blocking, f.severity]);
  assert.equal(warn({ statusCode: 503, failure: 'http_status' }), [['ENDPOINT-FAILED-001', false, 'LOW']], 'a server error is an answer');
  assert.equal(warn({ statusCode: 200, failure: 'timeout' }), [['ENDPOINT-FAILED-001', false, 'LOW']], 'a body too slow after the status line is an answer');
  assert.equal(warn({ redirects: 2 }), [['ENDPOINT-FAILED-001', false, 'LOW']], 'the base URL answered with a redirect');
  assert.equal(warn({ failure: 'plain_http' }), [['ENDPOINT-FAILED-001', false, 'LOW']]);
  assert.equal(warn({}, 'SKILL+API'), [['ENDPOINT-FAILED-001', false, 'LOW']], 'a SKILL+API product is a skill first');
  assert.equal(warn({ source: 'manifest' }), [['ENDPOINT-FAILED-001', false, 'LOW']], 'a declared external call that is down only warns');
  assert.equal(endpointFindings(reviewOf(probe({ outcome: 'PASSED', failure: null, statusCode: 200 })), 'API'), []);
  assert.ok(answeredNothing(probe({})));
});

judge('retries: only failures that may pass a moment later are probed again, with a doubling pause', () => {
  for (const failure of ['connect', 'timeout', 'tls', 'unresolvable'] as const) assert.ok(mayBeTransient(probe({ failure })), failure);
  assert.ok(mayBeTransient(probe({ failure: 'http_status', statusCode: 503 })), 'a server error may be a restart');
  assert.ok(mayBeTransient(probe({ failure: 'timeout', statusCode: 200 })), 'a body cut off by the deadline');
  for (const p of [{ failure: 'http_status' as const, statusCode: 404 }, { failure: 'forbidden_address' as const }, { failure: 'plain_http' as const }, { failure: 'redirect' as const, statusCode: 302 }, { failure: 'content_type' as const, statusCode: 200 }, { failure: 'not_probed' as const }]) {
    assert.is(mayBeTransient(probe(p)), false, JSON.stringify(p));
  }
  assert.is(mayBeTransient(probe({ outcome: 'PASSED', failure: null, statusCode: 200 })), false);
  assert.equal([1, 2, 3].map((n) => retryDelayOf(n, 250)), [250, 500, 1000]);
  // The refusal names how often the base URL was tried.
  const attempts = [1, 2, 3].map(() => ({ at: '2025-01-01T00:00:00.000Z', outcome: 'FAILED' as const, failure: 'connect' as const, statusCode: null, timeMs: 1, reason: 'could not connect (ECONNRESET)' }));
  const [down] = endpointFindings(reviewOf(probe({ attempts })), 'API');
  assert.equal([down!.ruleId, down!.blocking], ['ENDPOINT-DOWN-001', true]);
  assert.match(down!.message, /did not answer at all \(3 attempts\)/);
});

judge('declared endpoints: product URL first, each URL once, wildcards listed but not probed', () => {
  const d = declaredEndpointsOf({
    productUrls: ['https://api.example.com/v1'],
    manifestCalls: ['https://api.example.com/v1#frag', 'https://*.cdn.example.com', 'https://auth.example.com'],
  });
  assert.equal(d.probe, [
    { url: 'https://api.example.com/v1', source: 'product' },
    { url: 'https://auth.example.com', source: 'manifest' },
  ]);
  assert.equal(d.notProbed, [{ url: 'https://*.cdn.example.com', reason: 'a wildcard host names no single endpoint' }]);
});

judge('the sealed review: evidence and every declared URL for API types; older certificates read as NOT_TESTED', () => {
  const review = { ...reviewOf(probe({ outcome: 'PASSED', failure: null, statusCode: 200 })), notProbed: [{ url: 'https://*.example.com', reason: 'wildcard' }] };
  const sealed = sealedEndpointReview(['https://api.example.com/v1/today'], ['https://api.example.com/v1'], review);
  assert.equal(sealed.declaredEndpoints, ['https://api.example.com/v1', 'https://*.example.com']);
  assert.equal([sealed.status, sealed.checkedAt, sealed.endpoints?.length], ['PASSED', review.checkedAt, 1]);
  assert.is(endpointStatusOfPayload({ productType: 'API', endpointReview: sealed }), 'PASSED');
  // Sealed before the review existed (/2), or without one: an API certificate says NOT_TESTED; a skill says nothing.
  const before = sealedEndpointReview([], ['https://api.example.com/v1'], null);
  assert.equal(before, { observedUrls: [], declaredEndpoints: ['https://api.example.com/v1'] });
  assert.is(endpointStatusOfPayload({ productType: 'SKILL+API', endpointReview: before }), 'NOT_TESTED');
  assert.is(endpointStatusOfPayload({ productType: 'SKILL', endpointReview: before }), undefined);
});

judge('configuration: test hosts and plain http are for tests; production refuses them', () => {
  const dev = loadConfig({ ENDPOINT_PROBE_ALLOW_HOSTS: '127.0.0.1, [::1] ,LocalHost', ENDPOINT_PROBE_REQUIRE_TLS: 'false' });
  assert.equal([dev.ENDPOINT_PROBE_ALLOW_HOSTS, dev.ENDPOINT_PROBE_REQUIRE_TLS], [['127.0.0.1', '::1', 'localhost'], false]);
  const defaults = loadConfig({});
  assert.equal([defaults.ENDPOINT_PROBE_ALLOW_HOSTS, defaults.ENDPOINT_PROBE_REQUIRE_TLS], [[], true]);
  const prod = {
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: 'https://cert.example',
    SERVICE_SIGNER_KEY: Wallet.createRandom().privateKey,
    VALIDATOR_KEY_SEED: randomBytes(32).toString('hex'),
    CHAIN_SIGNER_KEY: Wallet.createRandom().privateKey,
    FACILITATOR_KEY: Wallet.createRandom().privateKey,
    PAY_TO_ADDRESS: Wallet.createRandom().address,
  };
  assert.is(loadConfig(prod).ENDPOINT_PROBE_REQUIRE_TLS, true);
  for (const [override, message] of [
    [{ ENDPOINT_PROBE_ALLOW_HOSTS: '127.0.0.1' }, /ENDPOINT_PROBE_ALLOW_HOSTS: test servers only/],
    [{ ENDPOINT_PROBE_REQUIRE_TLS: 'false' }, /ENDPOINT_PROBE_REQUIRE_TLS: must stay true in production/],
  ] as const) {
    try {
      loadConfig({ ...prod, ...override });
      assert.unreachable(`accepted ${JSON.stringify(override)}`);
    } catch (err) {
      assert.instance(err, ConfigError);
      assert.match((err as Error).message, message);
    }
  }
});

judge.run();

// ------------------------------------------------------------------------------------------
// The probe, against local servers

const net = suite('endpoint probe: safe methods through the SSRF guard, every bad answer a FAILED probe');
const servers: (http.Server | https.Server)[] = [];
let plain = '';
let secure = '';
let closedPort = 0;
let inFlight = 0;
let sentCredentials = false;
const methods = new Set<string>();
let maxInFlight = 0;
const flakyHits = new Map<string, number>();
const flakyTimes = new Map<string, number[]>();

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const u = new URL(req.url ?? '/', 'http://x');
  if (req.headers.authorization || req.headers.cookie) sentCredentials = true;
  methods.add(req.method ?? '');
  switch (u.pathname) {
    case '/json':
      res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'HEAD' ? undefined : '{"ok":true}');
      return;
    case '/get-only':
      if (req.method === 'HEAD') return void res.writeHead(405, { allow: 'GET' }).end();
      res.writeHead(200, { 'content-type': 'text/plain' }).end('hi');
      return;
    case '/options-only':
      // Refuses HEAD and GET: the probe asks OPTIONS last.
      if (req.method !== 'OPTIONS') return void res.writeHead(405, { allow: 'OPTIONS' }).end();
      res.writeHead(204, { allow: 'OPTIONS' }).end();
      return;
    case '/never':
      return; // never answers
    case '/slow-body':
      if (req.method === 'HEAD') return void res.writeHead(200).end(); // no Content-Type: the probe asks with GET
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
      return; // the rest never comes
    case '/huge':
      if (req.method === 'HEAD') return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(Buffer.alloc(64 * 1024, 97));
      res.end(Buffer.alloc(64 * 1024, 97));
      return;
    case '/loop':
      res.writeHead(302, { location: '/loop2' }).end();
      return;
    case '/loop2':
      res.writeHead(302, { location: '/loop' }).end();
      return;
    case '/chain': {
      const n = Number(u.searchParams.get('n') ?? 0);
      res.writeHead(302, { location: `/chain?n=${n + 1}` }).end();
      return;
    }
    case '/to-internal':
      res.writeHead(301, { location: 'http://internal.test/admin' }).end();
      return;
    case '/to-plain':
      res.writeHead(301, { location: `${plain}/json` }).end();
      return;
    case '/flaky': {
      // Fails the first `fail` requests of its `key`: a reset connection, or a 503 with `as=503`.
      const key = u.searchParams.get('key') ?? '';
      const seen = (flakyHits.get(key) ?? 0) + 1;
      flakyHits.set(key, seen);
      flakyTimes.set(key, [...(flakyTimes.get(key) ?? []), Date.now()]);
      if (seen <= Number(u.searchParams.get('fail') ?? 0)) {
        if (u.searchParams.get('as') === '503') return void res.writeHead(503, { 'content-type': 'text/plain' }).end('restarting');
        return void req.socket.destroy();
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'HEAD' ? undefined : '{"ok":true}');
      return;
    }
    case '/busy':
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'text/plain' }).end();
      }, 80);
      return;
    default:
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
  }
}

const listen = (s: http.Server | https.Server) =>
  new Promise<number>((resolve) => {
    servers.push(s);
    s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port));
  });

net.before(async () => {
  plain = `http://127.0.0.1:${await listen(http.createServer(route))}`;
  secure = `https://localhost:${await listen(https.createServer({ key: fixture('localhost-key.pem'), cert: fixture('localhost-cert.pem') }, route))}`;
  const s = http.createServer();
  closedPort = await listen(s);
  await new Promise((r) => s.close(r));
});

net.after(async () => {
  for (const s of servers) {
    s.closeAllConnections?.();
    s.close();
  }
});

const lookup = async (host: string): Promise<string[]> => {
  if (host === 'localhost') return ['127.0.0.1'];
  if (host === 'internal.test') return ['10.0.0.5'];
  if (host === 'rebind.test') return ['203.0.113.7', '127.0.0.1'];
  throw new Error('ENOTFOUND');
};
const OPTS: ProbeOptions = { requireTls: false, allowHosts: ['127.0.0.1', 'localhost'], timeoutMs: 1500, maxBytes: 32 * 1024, maxRedirects: 3, lookup };

net('a JSON endpoint passes on HEAD; a HEAD-refusing one passes on GET; one refusing both answers OPTIONS', async () => {
  const p = await probeEndpoint(`${plain}/json`, 'product', OPTS);
  assert.equal([p.outcome, p.method, p.statusCode, p.contentType, p.failure], ['PASSED', 'HEAD', 200, 'application/json', null]);
  assert.type(p.timeMs, 'number');
  const g = await probeEndpoint(`${plain}/get-only`, 'product', OPTS);
  assert.equal([g.outcome, g.method, g.statusCode], ['PASSED', 'GET', 200]);
  const o = await probeEndpoint(`${plain}/options-only`, 'product', OPTS);
  assert.equal([o.outcome, o.method, o.statusCode], ['PASSED', 'OPTIONS', 204]);
});

net('a closed port, a server that never answers, a body that never ends: FAILED within the deadline', async () => {
  const down = await probeEndpoint(`http://127.0.0.1:${closedPort}/v1`, 'product', OPTS);
  assert.equal([down.outcome, down.failure, down.statusCode], ['FAILED', 'connect', null]);
  // (the server never answers: without the deadline this await would not return, and the failure says why)
  const never = await probeEndpoint(`${plain}/never`, 'product', { ...OPTS, timeoutMs: 300 });
  assert.equal([never.outcome, never.failure, never.statusCode], ['FAILED', 'timeout', null]);
  assert.ok(answeredNothing(never));
  const slow = await probeEndpoint(`${plain}/slow-body`, 'product', { ...OPTS, timeoutMs: 300 });
  assert.equal([slow.outcome, slow.failure, slow.method, slow.statusCode], ['FAILED', 'timeout', 'GET', 200]);
  assert.is(answeredNothing(slow), false, 'the status line came: an answer, if an incomplete one');
});

net('a body over the byte cap is FAILED as too_large, not read to its end', async () => {
  const p = await probeEndpoint(`${plain}/huge`, 'product', OPTS);
  assert.equal([p.outcome, p.failure, p.method, p.statusCode], ['FAILED', 'too_large', 'GET', 200]);
  assert.match(p.reason, /32768 bytes/);
});

net('redirect loops and long chains end as FAILED redirect; every hop goes through the guard again', async () => {
  const loop = await probeEndpoint(`${plain}/loop`, 'product', OPTS);
  assert.equal([loop.outcome, loop.failure], ['FAILED', 'redirect']);
  assert.match(loop.reason, /redirect loop/);
  const chain = await probeEndpoint(`${plain}/chain`, 'product', OPTS);
  assert.equal([chain.failure, chain.redirects], ['redirect', 3]);
  assert.match(chain.reason, /more than 3 redirects/);
  const internal = await probeEndpoint(`${plain}/to-internal`, 'product', OPTS);
  assert.equal([internal.outcome, internal.failure, internal.redirects], ['FAILED', 'forbidden_address', 1]);
  assert.is(answeredNothing(internal), false, 'the declared host answered (with a redirect)');
});

net('private addresses after DNS are refused unless the host is named in allowHosts', async () => {
  const refused = await probeEndpoint(`http://localhost:${new URL(plain).port}/json`, 'product', { ...OPTS, allowHosts: [] });
  assert.equal([refused.outcome, refused.failure, refused.statusCode], ['FAILED', 'forbidden_address', null]);
  const mixed = await probeEndpoint('https://rebind.test/v1', 'product', OPTS);
  assert.equal([mixed.failure], ['forbidden_address'], 'one private address among public ones is enough');
  const literal = await probeEndpoint(`${plain}/json`, 'product', { ...OPTS, allowHosts: ['localhost'] });
  assert.is(literal.failure, 'forbidden_address', 'allowing a name does not allow the address literal');
  const unknown = await probeEndpoint('https://nowhere.test/', 'manifest', OPTS);
  assert.is(unknown.failure, 'unresolvable');
});

net('TLS: an untrusted certificate fails; a trusted one passes; plain http and downgrades fail when TLS is required', async () => {
  const untrusted = await probeEndpoint(`${secure}/json`, 'product', { ...OPTS, requireTls: true });
  assert.equal([untrusted.outcome, untrusted.failure, untrusted.statusCode], ['FAILED', 'tls', null]);
  assert.match(untrusted.reason, /^TLS failed: /);
  const trusted = await probeEndpoint(`${secure}/json`, 'product', { ...OPTS, requireTls: true, ca: fixture('localhost-cert.pem') });
  assert.equal([trusted.outcome, trusted.statusCode], ['PASSED', 200]);
  const plainHttp = await probeEndpoint(`${plain}/json`, 'product', { ...OPTS, requireTls: true });
  assert.equal([plainHttp.outcome, plainHttp.failure, plainHttp.method], ['FAILED', 'plain_http', null]);
  const downgrade = await probeEndpoint(`${secure}/to-plain`, 'product', { ...OPTS, requireTls: true, ca: fixture('localhost-cert.pem') });
  assert.equal([downgrade.failure, downgrade.statusCode], ['redirect', 301]);
  const creds = await probeEndpoint(`http://user:pw@127.0.0.1:${new URL(plain).port}/json`, 'product', OPTS);
  assert.equal([creds.failure, creds.method], ['credentials', null]);
});

net('a review probes at most perHost at once per host, and at most maxEndpoints in all', async () => {
  maxInFlight = 0;
  const urls = [1, 2, 3, 4, 5].map((i) => `${plain}/busy?i=${i}`);
  const r = await reviewEndpoints(declaredEndpointsOf({ productUrls: [], manifestCalls: urls }), OPTS, { perHost: 2, maxEndpoints: 25 });
  assert.is(r.status, 'PASSED');
  assert.is(maxInFlight, 2);
  const capped = await reviewEndpoints(declaredEndpointsOf({ productUrls: [`${plain}/json`], manifestCalls: urls.slice(0, 2) }), OPTS, { perHost: 2, maxEndpoints: 2 });
  assert.equal(capped.endpoints.map((e) => e.failure), [null, null, 'not_probed']);
  assert.is(capped.status, 'FAILED');
  const none = await reviewEndpoints(declaredEndpointsOf({ productUrls: [], manifestCalls: ['https://*.example.com'] }), OPTS, { perHost: 2, maxEndpoints: 2 });
  assert.equal([none.status, none.notProbed.length], ['NOT_TESTED', 1]);
});

net('a failure that may be transient is probed again after a doubling pause; the review keeps every attempt', async () => {
  const limits = { perHost: 2, maxEndpoints: 25, retries: 2, retryDelayMs: 100 };
  const recovered = await reviewEndpoints(declaredEndpointsOf({ productUrls: [`${plain}/flaky?key=reset&fail=2`], manifestCalls: [`${plain}/flaky?key=restart&fail=1&as=503`] }), OPTS, limits);
  assert.is(recovered.status, 'PASSED');
  const [reset, restart] = recovered.endpoints;
  assert.equal(reset!.attempts!.map((a) => [a.outcome, a.failure, a.statusCode]), [['FAILED', 'connect', null], ['FAILED', 'connect', null], ['PASSED', null, 200]]);
  assert.equal([reset!.outcome, reset!.statusCode], ['PASSED', 200]);
  assert.equal(restart!.attempts!.map((a) => [a.outcome, a.failure, a.statusCode]), [['FAILED', 'http_status', 503], ['PASSED', null, 200]]);
  const gaps = (k: string) => flakyTimes.get(k)!.slice(1).map((t, i) => t - flakyTimes.get(k)![i]!);
  const [g1, g2] = gaps('reset');
  assert.ok(g1! >= 95 && g2! >= 195, `pauses of 100 then 200 ms, measured ${gaps('reset')}`);
  assert.equal(endpointFindings(recovered, 'API'), [], 'a base URL that answered on a later attempt is not refused');

  // Down for every attempt: refused, with the attempts on the record; no more requests than allowed.
  const down = await reviewEndpoints(declaredEndpointsOf({ productUrls: [`${plain}/flaky?key=down&fail=99`], manifestCalls: [] }), OPTS, limits);
  assert.equal(down.endpoints[0]!.attempts!.map((a) => a.failure), ['connect', 'connect', 'connect']);
  assert.is(flakyHits.get('down'), 3);
  assert.equal(endpointFindings(down, 'API').map((f) => f.ruleId), ['ENDPOINT-DOWN-001']);
  // A lasting failure is not tried again, and without retries one probe decides.
  const missing = await reviewEndpoints(declaredEndpointsOf({ productUrls: [`${plain}/nothing-here`], manifestCalls: [] }), OPTS, limits);
  assert.equal(missing.endpoints[0]!.attempts!.map((a) => [a.failure, a.statusCode]), [['http_status', 404]]);
  const once = await reviewEndpoints(declaredEndpointsOf({ productUrls: [`${plain}/flaky?key=once&fail=1`], manifestCalls: [] }), OPTS, { perHost: 2, maxEndpoints: 25 });
  assert.equal([once.status, once.endpoints[0]!.attempts!.length, flakyHits.get('once')], ['FAILED', 1, 1]);
});

net('only safe methods were sent, never credentials or cookies', () => {
  assert.is(sentCredentials, false);
  assert.equal([...methods].filter((m) => !['HEAD', 'GET', 'OPTIONS'].includes(m)), []);
});

net.run();
