import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import net from 'node:net';
import { Wallet } from 'ethers';
import pLimit from 'p-limit';
import { logged, client, skillMd, startWeb, stopAll, uuid, type Proc } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { Submission } from '../../shared/db/models.js';
import { createDeveloperToken } from '../../shared/developers/tokens.js';

/**
 * Every route, a table of hostile inputs: the answer is a 4xx in the one error shape (402/503 on
 * paid routes while the chain is down), never a 500, never a stored submission, and the process
 * stays up. Routes: services/http/app.ts and services/http/routes/*.ts.
 */
const t = suite('robustness: hostile input on every route is a 4xx in the error shape');

type Auth = 'none' | 'bearer' | 'optional' | 'bearer-deactivate' | 'dev' | 'agent' | 'agent-logout';
interface Field {
  /** Longest accepted string (the "huge" value is one longer); none: 100 000 characters. */
  max?: number;
  /** An empty string is a legitimate value here (the request may then succeed). */
  emptyOk?: boolean;
}
interface Route {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  auth: Auth;
  /** Baseline path parameters. */
  params?: Record<string, string>;
  /** A JSON body schema: baseline body and its fields. */
  body?: Record<string, unknown>;
  fields?: Record<string, Field>;
  /** Query parameters the route reads. */
  query?: string[];
  /** Gated by x402: 402/503 are acceptable answers too (the chain is down here). */
  paid?: boolean;
  /** Every body field has a default: `{}` is a valid body. */
  emptyBodyOk?: boolean;
  headers?: Record<string, string>;
}
type Expect = 'reject' | 'tolerate';
interface Case {
  label: string;
  route: Route;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  expect: Expect;
  /** The source host itself fails: 502 source_fetch_failed (an upstream failure) is the documented answer. */
  upstream?: boolean;
  /** A 400 must name this request member in `error.field` (or one inside it). */
  field?: string;
}
interface Answer {
  status: number;
  text: string;
  json: any;
}

let web: Proc & { url: string };
let port: number;
let sourceServer: http.Server;
let sourceBase: string;
let submissionsBefore: number;
const tokens = { bearer: '', deactivate: '', dev: '', agent: '', logout: '' };
const ids = { draft: '', intent: '', nonce: '', nonceWallet: '' };
const SHA = 'a'.repeat(40);
const VALID_SKILL = skillMd({ name: 'robust-skill' });
const IDEM = uuid();
const RANDOM_ID = uuid();
const WALLET = Wallet.createRandom().address;
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const h: Record<string, string | number> = { ...headers };
    if (body !== undefined) h['content-length'] = Buffer.byteLength(body);
    let req: http.ClientRequest;
    try {
      req = http.request({ host: '127.0.0.1', port, method, path, headers: h, agent: httpAgent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
        res.on('error', (err) => resolve({ status: 0, text: `response error: ${err.message}`, json: undefined }));
      });
    } catch (err) {
      return resolve({ status: -1, text: `client refused the request: ${(err as Error).message}`, json: undefined });
    }
    req.setTimeout(30000, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, text: `connection error: ${err.message}`, json: undefined }));
    req.end(body);
  });
}

const sourceUrl = (file: string) => `${sourceBase}/raw/o/r/${SHA}/${file}`;
const manifest = { externalCalls: ['https://api.example.com'], capabilities: ['network'] };

function routes(): Route[] {
  const sub = { categoryKey: { max: 64 }, skillMdContent: { max: 1_000_000 }, sourceUrl: { max: 2048 }, sourceRef: { max: 64 }, developerAdvisoryNote: { max: 4000, emptyOk: true }, manifestOverride: {}, dependencyFiles: {}, idempotencyKey: {} };
  const none = (path: string): Route => ({ method: 'GET', path, auth: 'none' });
  return [
    none('/healthz'),
    none('/readyz'),
    none('/skill.md'),
    // /cert/v1
    none('/cert/v1/agent-guide'),
    none('/cert/v1/openapi.json'),
    { method: 'GET', path: '/cert/v1/activation-requirements', auth: 'bearer' },
    { method: 'POST', path: '/cert/v1/activate', auth: 'bearer', body: { acceptTerms: true }, fields: { acceptTerms: {} } },
    { method: 'POST', path: '/cert/v1/deactivate', auth: 'bearer-deactivate' },
    {
      method: 'POST',
      path: '/cert/v1/submissions/validate',
      auth: 'bearer',
      body: { categoryKey: 'SKILL', skillMdContent: VALID_SKILL, developerAdvisoryNote: 'n', manifestOverride: manifest, idempotencyKey: IDEM },
      fields: sub,
    },
    {
      // The baseline fails late (the source file is missing), so no mutation can store a submission.
      method: 'POST',
      path: '/cert/v1/submissions/submit',
      auth: 'bearer',
      body: { categoryKey: 'SKILL', skillMdContent: VALID_SKILL, sourceUrl: sourceUrl('missing.md'), sourceRef: SHA, developerAdvisoryNote: 'n', manifestOverride: manifest, idempotencyKey: IDEM },
      fields: { ...sub, paymentIntentId: { max: 36 } },
    },
    { method: 'GET', path: '/cert/v1/submissions', auth: 'bearer', query: ['limit', 'cursor', 'status'] },
    { method: 'GET', path: '/cert/v1/submissions/:id', auth: 'optional', params: { id: RANDOM_ID } },
    { method: 'GET', path: '/cert/v1/submissions/:id/receipt', auth: 'optional', params: { id: RANDOM_ID } },
    { method: 'POST', path: '/cert/v1/submissions/:id/dispute', auth: 'bearer', params: { id: RANDOM_ID }, body: { reason: 'The council misread the manifest.' }, fields: { reason: { max: 4000 } } },
    { method: 'POST', path: '/cert/v1/payments/intents', auth: 'bearer', body: { categoryKey: 'SKILL' }, fields: { categoryKey: { max: 64 } } },
    { method: 'POST', path: '/cert/v1/payments/:id/confirm', auth: 'bearer', params: { id: 'INTENT' }, paid: true },
    {
      method: 'POST',
      path: '/cert/v1/certificates/:skillId/flag',
      auth: 'bearer',
      params: { skillId: RANDOM_ID },
      body: { walletAddress: WALLET, reason: 'other', details: 'd' },
      fields: { walletAddress: { max: 64 }, reason: {}, details: { max: 4000, emptyOk: true } },
    },
    { method: 'GET', path: '/cert/v1/certificates/:skillId/verify', auth: 'none', params: { skillId: RANDOM_ID } },
    // webhook endpoints: the baseline target is a reserved name that never resolves, so no mutation registers one
    { method: 'GET', path: '/cert/v1/webhooks', auth: 'bearer' },
    { method: 'POST', path: '/cert/v1/webhooks', auth: 'bearer', body: { url: 'https://hooks.robustness.invalid/in', description: 'd' }, fields: { url: { max: 2048 }, description: { max: 200, emptyOk: true } } },
    { method: 'GET', path: '/cert/v1/webhooks/:id/deliveries', auth: 'bearer', params: { id: RANDOM_ID }, query: ['limit'] },
    // /api/v1/public
    none('/api/v1/public/openapi.json'),
    none('/api/v1/public/agent-guide'),
    none('/api/v1/public/overview'),
    { method: 'GET', path: '/api/v1/public/certificates', auth: 'none', query: ['q', 'limit'] },
    ...['', '/verify', '/sponsored-disclosure', '/source-integrity', '/attestation', '/live-status', '/flags'].map((tail): Route => ({ method: 'GET', path: `/api/v1/public/certificates/:skillId${tail}`, auth: 'none', params: { skillId: RANDOM_ID } })),
    {
      method: 'POST',
      path: '/api/v1/public/certificates/:skillId/compare-skill-from-host',
      auth: 'none',
      params: { skillId: RANDOM_ID },
      body: { sourceUrl: sourceUrl('missing.md'), sourceRef: SHA },
      fields: { sourceUrl: { max: 2048 }, sourceRef: { max: 64 } },
    },
    none('/api/v1/public/packages/stats'),
    { method: 'GET', path: '/api/v1/public/packages/:registry/:name/:version', auth: 'none', params: { registry: 'npm', name: 'is-number', version: '7.0.0' } },
    { method: 'GET', path: '/api/v1/public/packages/:registry/:name/:version/verify', auth: 'none', params: { registry: 'pypi', name: 'requests', version: '2.31.0' } },
    { method: 'GET', path: '/api/v1/public/agents/:walletAddress', auth: 'none', params: { walletAddress: WALLET } },
    { method: 'GET', path: '/api/v1/public/agents/:walletAddress/skills', auth: 'none', params: { walletAddress: WALLET }, query: ['limit', 'cursor'] },
    none('/api/v1/public/validators'),
    { method: 'GET', path: '/api/v1/public/leaderboard', auth: 'none', query: ['by', 'limit', 'cursor'] },
    { method: 'GET', path: '/api/v1/public/cert/validators/:walletAddress/work', auth: 'none', params: { walletAddress: WALLET }, query: ['limit', 'cursor'] },
    none('/api/v1/public/cert/stats'),
    none('/api/v1/public/product-versions'),
    // discovery
    none('/.well-known/skill-store'),
    none('/.well-known/openapi.json'),
    none('/.well-known/cert-signer'),
    // agent API
    none('/api/v1/cert/agent/skill.md'),
    { method: 'GET', path: '/api/v1/cert/agent/auth/challenge', auth: 'none', query: ['wallet'] },
    {
      method: 'POST',
      path: '/api/v1/cert/agent/auth/verify',
      auth: 'none',
      body: { wallet: WALLET, nonce: 'f'.repeat(32), signature: `0x${'ab'.repeat(65)}` },
      fields: { wallet: { max: 64 }, nonce: { max: 64 }, signature: { max: 4096 } },
    },
    { method: 'POST', path: '/api/v1/cert/agent/auth/logout', auth: 'agent-logout' },
    { method: 'GET', path: '/api/v1/cert/agent/categories', auth: 'agent' },
    { method: 'POST', path: '/api/v1/cert/agent/quote', auth: 'agent', body: { categoryKey: 'SKILL' }, fields: { categoryKey: { max: 64 }, voucherCode: { max: 64, emptyOk: true } } },
    {
      method: 'POST',
      path: '/api/v1/cert/agent/submit',
      auth: 'agent',
      paid: true,
      body: { categoryKey: 'SKILL', skillMdContent: VALID_SKILL, developerAdvisoryNote: 'n', manifestOverride: manifest, idempotencyKey: IDEM },
      fields: { categoryKey: { max: 64 }, skillMdContent: { max: 1_000_000 }, sourceUrl: { max: 2048 }, sourceRef: { max: 64 }, developerAdvisoryNote: { max: 4000, emptyOk: true }, manifestOverride: {}, voucherCode: { max: 64, emptyOk: true }, idempotencyKey: {} },
    },
    { method: 'GET', path: '/api/v1/cert/agent/submissions', auth: 'agent', query: ['limit', 'cursor', 'status'] },
    { method: 'GET', path: '/api/v1/cert/agent/submissions/:id', auth: 'agent', params: { id: RANDOM_ID } },
    {
      method: 'POST',
      path: '/api/v1/cert/agent/submissions/:id/resubmit',
      auth: 'agent',
      paid: true,
      params: { id: RANDOM_ID },
      body: { idempotencyKey: IDEM, skillMdContent: VALID_SKILL, developerAdvisoryNote: 'n' },
      fields: { idempotencyKey: {}, sourceUrl: { max: 2048 }, sourceRef: { max: 64 }, skillMdContent: { max: 1_000_000 }, developerAdvisoryNote: { max: 4000, emptyOk: true } },
    },
    // external validators (the robustness wallet is not a registered validator)
    {
      method: 'POST',
      path: '/api/v1/cert/validator/register',
      auth: 'agent',
      body: { name: 'Robust reviewer', productTypes: ['SKILL'], lens: 'Reads skills for hostile input.', payoutAddress: WALLET },
      fields: { name: { max: 128 }, productTypes: {}, lens: { max: 1000 }, payoutAddress: { max: 64 } },
    },
    { method: 'GET', path: '/api/v1/cert/validator/me', auth: 'agent' },
    { method: 'GET', path: '/api/v1/cert/validator/assignments', auth: 'agent' },
    { method: 'GET', path: '/api/v1/cert/validator/assignments/open', auth: 'agent' },
    { method: 'POST', path: '/api/v1/cert/validator/assignments/:roundId/claim', auth: 'agent', params: { roundId: RANDOM_ID } },
    { method: 'GET', path: '/api/v1/cert/validator/assignments/:roundId', auth: 'agent', params: { roundId: RANDOM_ID } },
    {
      method: 'POST',
      path: '/api/v1/cert/validator/assignments/:roundId/vote',
      auth: 'agent',
      params: { roundId: RANDOM_ID },
      body: { payload: { schema: 'cert.vote/1', roundId: RANDOM_ID, submissionId: RANDOM_ID, contentSha256: 'a'.repeat(64), validatorKey: 'ext-x', verdict: 'APPROVE', securityLevel: 'CLEAR', reasons: ['fine'], findingsConsidered: [] }, signature: `0x${'ab'.repeat(65)}` },
      fields: { payload: {}, signature: {} },
    },
    // developer channel
    {
      method: 'POST',
      path: '/api/v1/cert/dev/drafts',
      auth: 'dev',
      emptyBodyOk: true,
      body: { productType: 'CODE+PACKAGES', skillMdContent: VALID_SKILL, dependencyFiles: { 'requirements.txt': 'requests==2.31.0\n' } },
      fields: { productType: {}, skillMdContent: { max: 1_000_000, emptyOk: true }, dependencyFiles: {}, manifestOverride: {} },
    },
    { method: 'GET', path: '/api/v1/cert/dev/drafts/:draftId', auth: 'dev', params: { draftId: 'DRAFT' } },
    {
      method: 'PUT',
      path: '/api/v1/cert/dev/drafts/:draftId',
      auth: 'dev',
      params: { draftId: 'DRAFT' },
      emptyBodyOk: true,
      body: { productType: 'SKILL', skillMdContent: VALID_SKILL, dependencyFiles: {} },
      fields: { productType: {}, skillMdContent: { max: 1_000_000, emptyOk: true }, dependencyFiles: {}, manifestOverride: {} },
    },
    { method: 'POST', path: '/api/v1/cert/dev/drafts/:draftId/package-preview', auth: 'dev', params: { draftId: 'DRAFT' } },
    {
      method: 'POST',
      path: '/api/v1/cert/submit',
      auth: 'dev',
      paid: true,
      headers: { 'x-payment-method': 'x402' },
      body: { url: 'https://skills.example.com/robust-skill', productType: 'SKILL', skillMdContent: VALID_SKILL },
      fields: { url: { max: 2048 }, productType: {}, skillMdContent: { max: 1_000_000 }, manifestOverride: {} },
    },
  ];
}

const realParam = (v: string) => (v === 'INTENT' ? ids.intent : v === 'DRAFT' ? ids.draft : v);
function pathOf(route: Route, override: Record<string, string> = {}, query = ''): string {
  let p = route.path;
  for (const [k, v] of Object.entries(route.params ?? {})) p = p.replace(`:${k}`, k in override ? override[k]! : encodeURIComponent(realParam(v)).replace(/%40/g, '@'));
  return query ? `${p}?${query}` : p;
}

function authHeaders(auth: Auth): Record<string, string> {
  switch (auth) {
    case 'bearer':
    case 'optional':
      return { authorization: `Bearer ${tokens.bearer}` };
    case 'bearer-deactivate':
      return { authorization: `Bearer ${tokens.deactivate}` };
    case 'dev':
      return { authorization: `Bearer ${tokens.dev}` };
    case 'agent':
      return { 'x-agent-session': tokens.agent };
    case 'agent-logout':
      return { 'x-agent-session': tokens.logout };
    default:
      return {};
  }
}

function baseCase(route: Route, label: string, expect: Expect, over: Partial<Case> = {}): Case {
  return { label, route, method: route.method, path: pathOf(route), headers: { ...authHeaders(route.auth), ...(route.headers ?? {}) }, expect, ...over };
}
const json = (route: Route, label: string, body: unknown, expect: Expect = 'reject', headers: Record<string, string> = {}): Case => {
  const c = baseCase(route, label, expect, { body: JSON.stringify(body) });
  c.headers = { ...c.headers, 'content-type': 'application/json', ...headers };
  return c;
};

/** Bodies that are not a JSON object: some fail for every route (the parser), others only where a body is read. */
function shapeCases(route: Route): Case[] {
  const reads = route.body ? 'reject' : 'tolerate';
  const deep = '['.repeat(20000) + ']'.repeat(20000);
  const shapes: [string, string | Buffer, string, Expect, Record<string, string>?][] = [
    ['non-JSON with JSON content-type', '{"categoryKey": "SKILL",', 'application/json', 'reject'],
    ['empty body with JSON content-type', '', 'application/json', route.emptyBodyOk ? 'tolerate' : reads],
    ['body is a JSON array', '[]', 'application/json', reads],
    ['body is an array of objects', JSON.stringify([route.body ?? {}]), 'application/json', reads],
    ['body is a JSON string', '"SKILL"', 'application/json', 'reject'],
    ['body is a JSON number', '42', 'application/json', 'reject'],
    ['body is JSON null', 'null', 'application/json', 'reject'],
    ['body is JSON true', 'true', 'application/json', 'reject'],
    ['deeply nested JSON array', deep, 'application/json', reads],
    ['invalid UTF-8 in a JSON body', Buffer.concat([Buffer.from('{"categoryKey": "'), Buffer.from([0xe0, 0x80, 0xff, 0xfe]), Buffer.from('"}')]), 'application/json', 'reject'],
    ['overlong UTF-8 encoding', Buffer.concat([Buffer.from('{"a": "'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]), 'application/json', 'reject'],
    ['JSON body as text/plain', JSON.stringify(route.body ?? {}), 'text/plain', reads],
    ['non-JSON as text/plain', 'hello', 'text/plain', reads],
    ['form-encoded body', 'categoryKey=SKILL&acceptTerms=true', 'application/x-www-form-urlencoded', reads],
    ['JSON body in latin1 charset', JSON.stringify(route.body ?? {}), 'application/json; charset=latin1', 'reject'],
    ['malformed content-type', JSON.stringify(route.body ?? {}), 'application/json;;; charset', 'tolerate'],
    ['content-type list', JSON.stringify(route.body ?? {}), 'application/json, text/plain', 'tolerate'],
    ['content-type with a bare charset', '{', 'application/json; charset=', 'reject'],
    ['gzip content-encoding with junk', 'not gzip at all', 'application/json', 'reject', { 'content-encoding': 'gzip' }],
    ['unknown content-encoding', '{}', 'application/json', 'reject', { 'content-encoding': 'x-rot13' }],
    ['body over the 2 MiB limit', `{"a":"${'x'.repeat(2_200_000)}"}`, 'application/json', 'reject'],
  ];
  return shapes.map(([label, body, ct, expect, extra]) => {
    const c = baseCase(route, label, expect, { body });
    c.headers = { ...c.headers, 'content-type': ct, ...(extra ?? {}) };
    return c;
  });
}

// Some of these are now accepted by the lenient parser (unknown capability, long description, long or
// display-style name, BOM and CRLF): on the submit routes they are still refused, by the missing source
// file or the payment, so nothing is stored; the validate and draft routes must answer them without a 5xx.
const SKILL_CONTENTS: [string, string][] = [
  ['empty file', ''],
  ['only a fence', '---'],
  ['empty frontmatter', '---\n---\n# x\n'],
  ['unclosed frontmatter', '---\nname: a\ndescription: b\n'],
  ['frontmatter is a list', '---\n- a\n- b\n---\n'],
  ['frontmatter is null', '---\nnull\n---\n'],
  ['frontmatter is a number', '---\n42\n---\n'],
  ['name is a list', '---\nname: [1, 2]\ndescription: d\n---\n'],
  ['name is a map', '---\nname: {a: 1}\ndescription: d\n---\n'],
  ['description is a map', '---\nname: ok\ndescription: {a: 1}\n---\n'],
  ['description is null', '---\nname: ok\ndescription:\n---\n'],
  ['name too long', `---\nname: ${'a'.repeat(65)}\ndescription: d\n---\n`],
  ['description too long', `---\nname: ok\ndescription: ${'d'.repeat(1025)}\n---\n`],
  ['metadata is a string', '---\nname: ok\ndescription: d\nmetadata: "str"\n---\n'],
  ['metadata is a list', '---\nname: ok\ndescription: d\nmetadata: [1]\n---\n'],
  ['version is a number', '---\nname: ok\ndescription: d\nmetadata:\n  version: 1.5\n---\n'],
  ['version is a list', '---\nname: ok\ndescription: d\nmetadata:\n  version: [1]\n---\n'],
  ['version is a map', '---\nname: ok\ndescription: d\nmetadata:\n  version: {a: 1}\n---\n'],
  ['externalCalls is a string', '---\nname: ok\ndescription: d\nmetadata:\n  version: "1.0.0"\n  externalCalls: "https://x.example"\n---\n'],
  ['externalCalls holds non-strings', '---\nname: ok\ndescription: d\nmetadata:\n  version: "1.0.0"\n  externalCalls: [1, {a: 1}, null, [2]]\n---\n'],
  ['externalCalls holds bad URLs', '---\nname: ok\ndescription: d\nmetadata:\n  version: "1.0.0"\n  externalCalls: ["javascript:alert(1)", "http://[::1", "ftp://x", "", "%E0"]\n---\n'],
  ['capabilities is a map', '---\nname: ok\ndescription: d\nmetadata:\n  version: "1.0.0"\n  capabilities: {a: 1}\n---\n'],
  ['capabilities holds non-strings', '---\nname: ok\ndescription: d\nmetadata:\n  version: "1.0.0"\n  capabilities: [1, null, [], {}]\n---\n'],
  ['unknown capability', '---\nname: ok\ndescription: d\nmetadata:\n  version: "1.0.0"\n  capabilities: [root]\n---\n'],
  ['allowed-tools is a number', '---\nname: ok\ndescription: d\nallowed-tools: 5\n---\n'],
  ['license is a map', '---\nname: ok\ndescription: d\nlicense: {a: 1}\n---\n'],
  ['compatibility is a list', '---\nname: ok\ndescription: d\ncompatibility: [1]\n---\n'],
  ['invalid YAML', '---\nname: : :\n  - [\n---\n'],
  ['duplicate keys', '---\nname: ok\nname: other\ndescription: d\n---\n'],
  ['YAML custom tag', '---\nname: !!js/function "function () {}"\ndescription: d\n---\n'],
  ['YAML binary tag', '---\nname: !!binary aGVsbG8=\ndescription: d\n---\n'],
  ['alias bomb', `---\na: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\nname: ok\ndescription: d\n---\n`],
  ['recursive alias', '---\na: &a [*a]\nname: ok\ndescription: d\n---\n'],
  ['merge key from a scalar', '---\n<<: 5\nname: ok\ndescription: d\n---\n'],
  ['__proto__ in frontmatter', '---\n__proto__: {polluted: 1}\nname: ok\ndescription: d\nmetadata:\n  __proto__: {version: "9"}\n  constructor: 1\n---\n'],
  ['deeply nested frontmatter', `---\nname: ok\ndescription: d\nx: ${'['.repeat(5000)}${']'.repeat(5000)}\n---\n`],
  ['NUL byte', '---\nname: ok\u0000\ndescription: d\n---\n'],
  ['lone surrogate', '---\nname: ok\ndescription: d \ud800\n---\n'],
  ['BOM and CRLF', '\ufeff---\r\nname: ok\r\ndescription: d\r\n---\r\n'],
  ['over 512 KiB', `${VALID_SKILL}\n${'x'.repeat(530_000)}`],
  ['control characters', `---\nname: ok\ndescription: "\u0007\u001b[31m"\n---\n`],
];

const DEPENDENCY_FILES: [string, Record<string, unknown>][] = [
  ['package.json not JSON', { 'package.json': '{not json' }],
  ['package.json is an array', { 'package.json': '[]' }],
  ['package.json is null', { 'package.json': 'null' }],
  ['package.json dependencies is a list', { 'package.json': '{"dependencies": ["a"]}' }],
  ['package.json dependency spec is a number', { 'package.json': '{"dependencies": {"a": 1, "b": null, "c": {}}}' }],
  ['package.json dependency named __proto__', { 'package.json': '{"dependencies": {"__proto__": "1.0.0", "constructor": "1.0.0"}}' }],
  ['package.json with a huge name', { 'package.json': JSON.stringify({ dependencies: { ['a'.repeat(5000)]: '1.0.0' } }) }],
  ['package-lock.json alone', { 'package-lock.json': '{"lockfileVersion": 3, "packages": {}}' }],
  ['package-lock.json not JSON', { 'package.json': '{"dependencies": {"is-number": "7.0.0"}}', 'package-lock.json': '{' }],
  ['package-lock.json version 99', { 'package.json': '{"dependencies": {"is-number": "7.0.0"}}', 'package-lock.json': '{"lockfileVersion": 99}' }],
  ['package-lock.json with wrong types', { 'package.json': '{"dependencies": {"is-number": "7.0.0"}}', 'package-lock.json': '{"lockfileVersion": 3, "packages": {"node_modules/is-number": {"version": {}, "resolved": 5, "integrity": []}}}' }],
  ['package-lock.json v1 with wrong types', { 'package.json': '{"dependencies": {"is-number": "7.0.0"}}', 'package-lock.json': '{"lockfileVersion": 1, "dependencies": {"is-number": "x"}}' }],
  ['package-lock.json packages is a list', { 'package.json': '{"dependencies": {"is-number": "7.0.0"}}', 'package-lock.json': '{"lockfileVersion": 2, "packages": [1, 2]}' }],
  ['npm-shrinkwrap.json is a string', { 'package.json': '{"dependencies": {"is-number": "7.0.0"}}', 'npm-shrinkwrap.json': '"x"' }],
  ['pnpm-lock.yaml invalid YAML', { 'package.json': '{"dependencies": {"is-number": "7.0.0"}}', 'pnpm-lock.yaml': 'a: : :\n  - [' }],
  ['pnpm-lock.yaml recursive alias', { 'package.json': '{"dependencies": {"is-number": "7.0.0"}}', 'pnpm-lock.yaml': 'a: &a [*a]\n' }],
  ['pnpm-lock.yaml with wrong types', { 'package.json': '{"dependencies": {"is-number": "7.0.0"}}', 'pnpm-lock.yaml': 'lockfileVersion: [1]\nimporters: 5\npackages: "x"\n' }],
  ['pnpm-lock.yaml importers with wrong types', { 'package.json': '{"dependencies": {"is-number": "7.0.0"}}', 'pnpm-lock.yaml': "lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      is-number: 5\n" }],
  ['requirements.txt with NUL', { 'requirements.txt': 'requests==2.31.0\u0000\n' }],
  ['requirements.txt includes another file', { 'requirements.txt': '-r other.txt\n-c c.txt\n-e .\n' }],
  ['requirements.txt garbage', { 'requirements.txt': '===\n[extra]\n@@@\nfoo ; ; ;\n\\\n' }],
  ['requirements.txt invalid specifiers', { 'requirements.txt': 'requests>=>=2\nflask==\nnumpy~=\nx==1.0.0.0.0.0.0.0.a.b\n' }],
  ['requirements.txt very long line', { 'requirements.txt': `requests==${'1.'.repeat(20000)}0\n` }],
  ['unsupported file name', { Gemfile: "gem 'rails'" }],
  ['path traversal file name', { '../package.json': '{}' }],
  ['__proto__ file name', JSON.parse('{"__proto__": "x"}')],
  ['constructor file name', { constructor: 'x' }],
  ['empty file name', { '': 'x' }],
];

/** Wrong types, empty and over-long strings for every field; unknown fields. */
function fieldCases(route: Route): Case[] {
  if (!route.body || !route.fields) return [];
  const out: Case[] = [];
  for (const [name, f] of Object.entries(route.fields)) {
    const huge = 'x'.repeat((f.max ?? 99_999) + 1);
    const values: [string, unknown, Expect][] = [
      ['number', 12345, 'reject'],
      ['negative float', -1.5, 'reject'],
      ['object', { a: 1 }, 'reject'],
      ['array', ['a'], 'reject'],
      ['null', null, 'reject'],
      ['boolean', route.body[name] === true ? false : true, 'reject'],
      ['empty string', '', f.emptyOk ? 'tolerate' : 'reject'],
      [`string over the limit (${huge.length})`, huge, 'reject'],
    ];
    // Strings of the wrong content for string fields.
    if (f.max !== undefined) values.push(['whitespace', '   ', 'tolerate'], ['NUL byte', 'a\u0000b', 'tolerate'], ['lone surrogate', 'a\ud800b', 'tolerate'], ['percent junk', '%E0%00..%2f..', 'tolerate']);
    if (name === 'idempotencyKey') values.push(['UUID v1', 'c232ab00-9414-11ec-b3c8-9f6bdeced846', 'reject'], ['UUID with braces', `{${uuid()}}`, 'reject']);
    if (name === 'acceptTerms') values.push(['false', false, 'reject'], ['string "true"', 'true', 'reject'], ['number 1', 1, 'reject']);
    for (const [label, v, expect] of values) out.push({ ...json(route, `${name}: ${label}`, { ...route.body, [name]: v }, expect), field: name });
  }
  out.push({ ...json(route, 'unknown field', { ...route.body, bogus: 1 }), field: 'bogus' });
  out.push(json(route, 'unknown field named like a prototype key', { ...route.body, constructor: { prototype: { x: 1 } } }));
  const proto = baseCase(route, 'unknown field __proto__', 'reject', { body: `{"__proto__": {"isAdmin": true}, ${JSON.stringify(route.body).slice(1)}` });
  proto.headers['content-type'] = 'application/json';
  out.push(proto);
  const first = Object.keys(route.fields)[0]!;
  const dup = baseCase(route, 'duplicate key with a wrong type last', 'reject', { body: `${JSON.stringify(route.body).slice(0, -1)}, "${first}": 12345}` });
  dup.headers['content-type'] = 'application/json';
  out.push(dup);

  if ('manifestOverride' in route.fields) {
    const mo: [string, unknown, Expect][] = [
      ['externalCalls is a string', { externalCalls: 'https://x.example' }, 'reject'],
      ['externalCalls is an object', { externalCalls: { a: 1 } }, 'reject'],
      ['externalCalls holds numbers', { externalCalls: [1, null] }, 'reject'],
      ['externalCalls too many', { externalCalls: Array.from({ length: 101 }, (_, i) => `https://h${i}.example`) }, 'reject'],
      ['externalCalls entry too long', { externalCalls: [`https://x.example/${'a'.repeat(2049)}`] }, 'reject'],
      ['externalCalls bad URLs', { externalCalls: ['javascript:alert(1)', 'http://[::1', 'not a url', '', '//x'] }, 'tolerate'],
      ['capabilities is an object', { capabilities: { network: true } }, 'reject'],
      ['capabilities holds objects', { capabilities: [{}] }, 'reject'],
      ['unknown capability', { capabilities: ['root', 'network'] }, 'tolerate'],
      ['unknown member', { externalCalls: [], bogus: 1 }, 'reject'],
      ['is an array', [], 'reject'],
    ];
    for (const [label, v, expect] of mo) out.push({ ...json(route, `manifestOverride: ${label}`, { ...route.body, manifestOverride: v }, expect), field: 'manifestOverride' });
  }
  if ('dependencyFiles' in route.fields) {
    const df: [string, unknown, Expect][] = [
      ['value is a number', { 'requirements.txt': 1 }, 'reject'],
      ['value is null', { 'requirements.txt': null }, 'reject'],
      ['value is an object', { 'package.json': { dependencies: {} } }, 'reject'],
      ['key too long', { [`${'a'.repeat(65)}`]: 'x' }, 'reject'],
      ['is an array', [['requirements.txt', 'x']], 'reject'],
      ['is a string', 'requests==2.31.0', 'reject'],
    ];
    for (const [label, v, expect] of df) out.push({ ...json(route, `dependencyFiles: ${label}`, { ...route.body, dependencyFiles: v }, expect), field: 'dependencyFiles' });
  }
  return out;
}

/** Hostile file contents where the service parses them; storing a draft or a dry run may succeed. */
function contentCases(route: Route): Case[] {
  const out: Case[] = [];
  const expect: Expect = route.path.endsWith('/submit') ? 'reject' : 'tolerate';
  if (route.fields && 'skillMdContent' in route.fields) {
    const pkg = route.path.includes('/drafts') ? { productType: 'SKILL', dependencyFiles: {} } : {};
    const { manifestOverride: _frontmatterManifestIsRead, ...body } = route.body!;
    for (const [label, md] of SKILL_CONTENTS) out.push(json(route, `skill file: ${label}`, { ...body, ...pkg, skillMdContent: md }, expect));
  }
  if (route.fields && 'dependencyFiles' in route.fields && !route.path.includes('/submit')) {
    const cat = route.path.includes('/drafts') ? { productType: 'CODE+PACKAGES' } : { categoryKey: 'CODE+PACKAGES' };
    for (const [label, files] of DEPENDENCY_FILES) out.push(json(route, `dependency files: ${label}`, { ...route.body, ...cat, dependencyFiles: files }, 'tolerate'));
  }
  if (route.fields && 'sourceUrl' in route.fields) {
    const urls: [string, string][] = [
      ['not a URL', 'not a url'],
      ['file scheme', 'file:///etc/passwd'],
      ['javascript scheme', 'javascript:alert(1)'],
      ['another host', 'http://127.0.0.1:1/o/r/blob/x/SKILL.md'],
      ['metadata address', 'http://169.254.169.254/latest/meta-data/'],
      ['credentials in the URL', `http://user:pass@${sourceBase.slice(7)}/raw/o/r/${SHA}/SKILL.md`],
      ['traversal', `${sourceBase}/raw/../../etc/passwd`],
      ['encoded traversal', `${sourceBase}/raw/o/r/${SHA}/..%2f..%2f..%2fetc%2fpasswd`],
      ['NUL in the path', `${sourceBase}/raw/o/r/${SHA}/a%00.md`],
      ['bad percent-encoding', `${sourceBase}/raw/o/r/${SHA}/%E0%A4%A.md`],
      ['missing file', sourceUrl('missing.md')],
      ['invalid UTF-8 file', sourceUrl('bad-utf8.md')],
      ['oversized file', sourceUrl('huge.md')],
      ['redirect elsewhere', sourceUrl('redirect.md')],
      ['redirect loop', sourceUrl('loop.md')],
      ['server error', sourceUrl('error.md')],
      ['binary file', sourceUrl('binary.md')],
      ['web form', `${sourceBase}/web/o/r/blob/${SHA}/missing.md`],
      ['IPv6 literal', 'http://[::1]:1/x'],
    ];
    const noContent = { ...route.body };
    delete noContent.skillMdContent;
    for (const [label, u] of urls) out.push({ ...json(route, `sourceUrl: ${label}`, { ...noContent, sourceUrl: u, sourceRef: SHA }, 'reject'), upstream: label === 'server error' || label === 'redirect loop' });
    for (const ref of ['main', 'zz', '../..', 'a'.repeat(64), '%00', 'A'.repeat(40), ' ']) {
      out.push(json(route, `sourceRef: ${JSON.stringify(ref.slice(0, 12))}`, { ...noContent, sourceUrl: sourceUrl('missing.md'), sourceRef: ref }, 'reject'));
    }
    out.push(json(route, 'sourceRef without sourceUrl', { ...noContent, sourceRef: SHA }, 'reject'));
    out.push(json(route, 'sourceUrl without sourceRef', { ...noContent, sourceUrl: sourceUrl('missing.md') }, 'reject'));
    out.push(json(route, 'neither skill file nor source', { ...noContent }, 'reject'));
  }
  if (route.path.endsWith('/auth/verify')) {
    const real = { wallet: ids.nonceWallet, nonce: ids.nonce };
    for (const sig of ['0x', '0x00', `0x${'00'.repeat(65)}`, `0x${'ff'.repeat(65)}`, '0x1', `0x${'ab'.repeat(2047)}`, 'abcd', '0xzz']) {
      out.push(json(route, `signature ${sig.slice(0, 10)}… for a real challenge`, { ...real, signature: sig }, 'reject'));
    }
    out.push(json(route, 'real nonce, another wallet', { ...real, wallet: WALLET, signature: `0x${'ab'.repeat(65)}` }, 'reject'));
    out.push(json(route, 'wallet with a bad checksum', { ...real, wallet: ids.nonceWallet.replace(/[a-f]/, (c) => c.toUpperCase()).replace(/[A-F](?=[^A-F]*$)/, (c) => c.toLowerCase()), signature: `0x${'ab'.repeat(65)}` }, 'reject'));
    out.push(json(route, 'wallet not hex', { ...real, wallet: `0x${'g'.repeat(40)}`, signature: `0x${'ab'.repeat(65)}` }, 'reject'));
  }
  if (route.path.endsWith('/flag')) {
    for (const w of ['0x123', `0x${'g'.repeat(40)}`, WALLET.toLowerCase().replace('0x', '0X'), '1'.repeat(42)]) out.push(json(route, `walletAddress ${w.slice(0, 10)}`, { ...route.body, walletAddress: w }, 'reject'));
    out.push(json(route, 'reason not in the list', { ...route.body, reason: 'because' }, 'reject'));
  }
  if (route.path.endsWith('/quote') || route.path.endsWith('/intents') || route.path.endsWith('/agent/submit')) {
    for (const key of ['API', 'NOPE', 'skill', '%', "SKILL' OR '1'='1"]) out.push(json(route, `categoryKey ${key}`, { ...route.body, categoryKey: key }, 'reject'));
    if (route.fields && 'voucherCode' in route.fields) out.push(json(route, 'unknown voucher', { ...route.body, voucherCode: 'NO-SUCH-VOUCHER' }, 'reject'));
  }
  if (route.path === '/api/v1/cert/submit') {
    for (const u of ['javascript:alert(1)', 'not a url', 'ftp://x.example/a', 'http://', '//x.example']) out.push(json(route, `url ${u}`, { ...route.body, url: u }, 'reject'));
    out.push(json(route, 'productType CODE+PACKAGES', { ...route.body, productType: 'CODE+PACKAGES' }, 'reject'));
    for (const [label, h] of [
      ['no X-Payment-Method', { 'x-payment-method': '' }],
      ['X-Payment-Method card', { 'x-payment-method': 'card' }],
      ['Idempotency-Key not a UUID', { 'idempotency-key': 'nope' }],
      ['Idempotency-Key 10 KB', { 'idempotency-key': 'k'.repeat(10240) }],
      ['Idempotency-Key UUID v1', { 'idempotency-key': 'c232ab00-9414-11ec-b3c8-9f6bdeced846' }],
    ] as [string, Record<string, string>][]) {
      out.push({ ...json(route, label, { ...route.body, productType: 'AUDIT_SKILL', skillMdContent: '---\n---\n' }, 'reject', h), ...(label.startsWith('Idem') ? { field: 'Idempotency-Key' } : {}) });
    }
  }
  return out;
}

const PARAM_VALUES: [string, string][] = [
  ['not a UUID', 'not-a-uuid'],
  ['10 KB long', 'a'.repeat(10240)],
  ['%00', '%00'],
  ['%E0', '%E0'],
  ['..%2f..', '..%2f..'],
  ['%2e%2e', '%2e%2e'],
  ['36 dashes', '-'.repeat(36)],
  ['UUID with a NUL', `${RANDOM_ID.slice(0, 35)}%00`],
  ['UUID with a trailing dot', `${RANDOM_ID}.`],
  ['SQL', "1'%20OR%20'1'%3D'1"],
  ['unknown UUID', uuid()],
  ['uppercase unknown UUID', uuid().toUpperCase()],
  ['overlong UTF-8', '%C0%AF'],
  ['unicode', '%E2%80%AE%F0%9F%92%A9'],
];

function paramCases(route: Route): Case[] {
  const out: Case[] = [];
  for (const name of Object.keys(route.params ?? {})) {
    const values = [...PARAM_VALUES];
    if (name === 'registry') values.push(['unknown registry', 'maven'], ['uppercase registry', 'NPM']);
    if (name === 'walletAddress') values.push(['0x + 40 g', `0x${'g'.repeat(40)}`], ['0x + 39 hex', WALLET.slice(0, 41)]);
    for (const [label, v] of values) {
      const c = baseCase(route, `param ${name}: ${label}`, 'reject');
      c.path = pathOf(route, { [name]: v });
      out.push(c);
    }
  }
  if (route.path.includes('/packages/:registry')) {
    for (const tail of ['npm', 'npm/', 'npm/a', 'npm/@scope', 'npm/@scope/name', 'npm/a/b/c/d/e/f/1.0.0', 'npm/%40types%2fnode/1.0.0/verify', 'pypi/%2e%2e/%2e%2e', 'npm/a/%E0', 'npm/' + 'x/'.repeat(2000) + '1.0.0', 'npm/verify/verify/verify']) {
      const c = baseCase(route, `package path ${tail.slice(0, 30)}`, 'reject');
      c.path = `/api/v1/public/packages/${tail}`;
      out.push(c);
    }
  }
  return out;
}

const QUERY_VALUES: [string, string, boolean][] = [
  // [param, query string, invalid for a route that reads the param]
  ['limit', 'limit=abc', true],
  ['limit', 'limit=-1', true],
  ['limit', 'limit=0', true],
  ['limit', 'limit=1e9', true],
  ['limit', 'limit=1.5', true],
  ['limit', 'limit=', true],
  ['limit', 'limit=Infinity', true],
  ['limit', 'limit=0x10', false],
  ['limit', 'limit=1&limit=2', true],
  ['limit', 'limit[]=1', false],
  ['limit', 'limit[a]=1', false],
  ['cursor', 'cursor=garbage', true],
  ['cursor', `cursor=${'A'.repeat(300)}`, true],
  ['cursor', `cursor=${Buffer.from('{"t":1}').toString('base64url')}`, true],
  ['cursor', `cursor=${Buffer.from('{"t":"2020-01-01T00:00:00Z","id":{"a":1}}').toString('base64url')}`, true],
  ['cursor', `cursor=${Buffer.from('[]').toString('base64url')}`, true],
  ['cursor', `cursor=${Buffer.from('null').toString('base64url')}`, true],
  ['cursor', `cursor=${Buffer.from('{"t":"x","id":"y"}').toString('base64url')}`, true],
  ['cursor', `cursor=${Buffer.from('{"t":"9999-12-31T23:59:59Z","id":"\' OR 1=1"}').toString('base64url')}`, false],
  ['cursor', 'cursor=a&cursor=b', true],
  ['cursor', 'cursor=%00', true],
  ['cursor', 'cursor=%E0', true],
  ['status', 'status=NOPE', true],
  ['status', `status=${'x'.repeat(30)}`, true],
  ['status', 'status=APPROVED&status=REJECTED', true],
  ['status', 'status=approved', true],
  ['status', 'status=%00', true],
  ['q', `q=${'x'.repeat(201)}`, true],
  ['q', 'q=a&q=b', true],
  ['q', 'q=%25%5F%5C', false],
  ['q', 'q=%00', false],
  ['q', 'q=%E0', false],
  ['wallet', 'wallet=', true],
  ['wallet', 'wallet=abc', true],
  ['wallet', `wallet=${'0x'.padEnd(10240, 'f')}`, true],
  ['wallet', `wallet=${WALLET}&wallet=${WALLET}`, true],
  ['wallet', `wallet=0x${'g'.repeat(40)}`, true],
  ['wallet', 'wallet=%00', true],
  ['other', 'unknown=1&__proto__[x]=1&constructor=1', false],
  ['other', `${'a'.repeat(8000)}=1`, false],
];

function queryCases(route: Route): Case[] {
  if (route.method !== 'GET') return [];
  return QUERY_VALUES.map(([param, qs, invalid]) => {
    const reads = (route.query ?? []).includes(param);
    const c = baseCase(route, `query ${qs.slice(0, 60)}`, reads && invalid ? 'reject' : 'tolerate');
    c.path = pathOf(route, {}, qs);
    return c;
  });
}

function authCases(route: Route): Case[] {
  if (route.auth === 'none') return [];
  const big = 'A'.repeat(10240);
  const variants: [string, Record<string, string>][] = route.auth.startsWith('agent')
    ? [
        ['no session', {}],
        ['empty session', { 'x-agent-session': '' }],
        ['session "Bearer"', { 'x-agent-session': 'Bearer' }],
        ['session 10 KB', { 'x-agent-session': big }],
        ['unknown session of the right form', { 'x-agent-session': `cert_sess_${'A'.repeat(43)}` }],
        ['API key as session', { 'x-agent-session': tokens.bearer }],
        ['session in Authorization', { authorization: `Bearer ${tokens.agent}` }],
      ]
    : [
        ['Bearer without a token', { authorization: 'Bearer' }],
        ['Bearer and a space', { authorization: 'Bearer ' }],
        ['Basic', { authorization: 'Basic x' }],
        ['Bearer 10 KB', { authorization: `Bearer ${big}` }],
        ['two tokens', { authorization: 'Bearer a b' }],
        ['token with NUL escape', { authorization: 'Bearer a%00b' }],
        ['wrong kind of token', { authorization: `Bearer ${route.auth === 'dev' ? tokens.bearer : tokens.dev}` }],
        ['session token', { authorization: `Bearer ${tokens.agent}` }],
        ...(route.auth === 'optional' ? [] : ([['no Authorization', {}]] as [string, Record<string, string>][])),
      ];
  return variants.map(([label, h]) => {
    const c = baseCase(route, `auth: ${label}`, 'reject');
    c.headers = { ...(route.headers ?? {}), ...h };
    if (route.body) {
      c.body = JSON.stringify(route.body);
      c.headers['content-type'] = 'application/json';
    }
    return c;
  });
}

function x402Cases(route: Route): Case[] {
  if (!route.paid) return [];
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const wrongTypes = {
    x402Version: '2',
    accepted: { scheme: 1, network: [], amount: -5, asset: {}, payTo: null, maxTimeoutSeconds: 'x' },
    payload: { signature: 5, authorization: { from: 1, to: 'x', value: '1e18', validAfter: -1, validBefore: [], nonce: 'abc' } },
  };
  const values: [string, string][] = [
    ['not-base64', 'not-base64'],
    ['base64 of []', b64('[]')],
    ['base64 of {}', b64('{}')],
    ['base64 of null', b64('null')],
    ['base64 of a string', b64('"x"')],
    ['base64 of non-JSON', b64('{not json')],
    ['base64 of invalid UTF-8', Buffer.from([0x7b, 0xe0, 0xff, 0x7d]).toString('base64')],
    ['payload with wrong types', b64(JSON.stringify(wrongTypes))],
    ['base64url alphabet', Buffer.from(JSON.stringify(wrongTypes)).toString('base64url')],
    ['20 KB header', 'A'.repeat(20480)],
    ['padding only', '===='],
  ];
  const out: Case[] = [];
  for (const header of ['payment-signature', 'x-payment-receipt']) {
    for (const [label, v] of values) {
      const c = baseCase(route, `x402 ${header}: ${label}`, 'reject');
      c.headers[header] = v;
      if (route.body) {
        c.body = JSON.stringify(route.body);
        c.headers['content-type'] = 'application/json';
      }
      out.push(c);
    }
  }
  const plain = baseCase(route, 'valid request without a payment', 'reject');
  if (route.body) {
    plain.body = JSON.stringify(route.body);
    plain.headers['content-type'] = 'application/json';
  }
  out.push(plain);
  return out;
}

/** Unknown routes and methods: 404 route_not_found in the error shape. */
function strayCases(): Case[] {
  const r: Route = { method: 'GET', path: '/', auth: 'none' };
  return [
    ['POST', '/'], // GET / is the site's start page
    ['DELETE', '/cert/v1/submissions'],
    ['PATCH', '/api/v1/cert/agent/submit'],
    ['GET', '/api/v1/cert/submit'],
    ['GET', '/cert/v1/%E0'],
    ['GET', '/..%2f..%2fetc%2fpasswd'],
    ['GET', `/${'x'.repeat(10240)}`],
    ['POST', '/healthz'],
    ['GET', '/cert/v1/submissions/'],
    ['GET', '/api/v1/public/certificates//verify'],
  ].map(([method, path]) => ({ ...baseCase(r, `stray ${method} ${path!.slice(0, 40)}`, 'reject'), method: method!, path: path! }));
}

async function runCases(cases: Case[]): Promise<string[]> {
  const limit = pLimit(12);
  const failures: string[] = [];
  await Promise.all(
    cases.map((c) =>
      limit(async () => {
        const a = await send(c.method, c.path, c.headers, c.body);
        const what = `${c.method} ${c.route.path} [${c.label}] → ${a.status} ${a.text.slice(0, 200)}`;
        const paidAnswer = (c.route.paid && (a.status === 402 || a.status === 503)) || (c.upstream && a.status === 502 && a.json?.error?.code === 'source_fetch_failed');
        if (a.status <= 0) return void failures.push(`no answer: ${what}`);
        if (a.status >= 500 && !paidAnswer && !(c.route.path === '/readyz' && a.status === 503)) return void failures.push(`server error: ${what}`);
        if (c.expect === 'reject' && a.status < 400) return void failures.push(`accepted: ${what}`);
        if (a.status >= 400 && c.route.path !== '/readyz') {
          const e = a.json?.error;
          if (!e || typeof e.code !== 'string' || typeof e.message !== 'string' || !e.code || !e.message) return void failures.push(`wrong error shape: ${what}`);
          if (e.field !== undefined && typeof e.field !== 'string') return void failures.push(`field is not a string: ${what}`);
          if (c.field && a.status === 400 && e.code !== 'missing_field' && e.field !== c.field && !String(e.field).startsWith(`${c.field}.`)) return void failures.push(`error.field is not ${c.field}: ${what}`);
        }
      }),
    ),
  );
  return failures;
}

function check(failures: string[], total: number): void {
  assert.ok(failures.length === 0, `${failures.length} of ${total} requests failed:\n${failures.slice(0, 60).join('\n')}`);
}

async function signIn(): Promise<string> {
  const w = Wallet.createRandom();
  const api = client(web.url);
  const ch = await api.get(`/api/v1/cert/agent/auth/challenge?wallet=${w.address}`);
  assert.is(ch.status, 200, JSON.stringify(ch.body));
  const v = await api.post('/api/v1/cert/agent/auth/verify', { wallet: w.address, nonce: ch.body.nonce, signature: await w.signMessage(ch.body.message) });
  assert.is(v.status, 200, JSON.stringify(v.body));
  return v.body.sessionToken;
}

t.before(
  logged(async () => {
    useDb();
    sourceServer = http.createServer((req, res) => {
      const file = (req.url ?? '').split('/').pop();
      if (file === 'bad-utf8.md') return void res.writeHead(200).end(Buffer.concat([Buffer.from('---\nname: ok\ndescription: '), Buffer.from([0xff, 0xfe, 0xe0]), Buffer.from('\n---\n')]));
      if (file === 'huge.md') return void res.writeHead(200).end('x'.repeat(700_000));
      if (file === 'redirect.md') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (file === 'loop.md') return void res.writeHead(302, { location: req.url }).end();
      if (file === 'error.md') return void res.writeHead(500).end('boom');
      if (file === 'binary.md') return void res.writeHead(200).end(Buffer.from([0, 1, 2, 3, 0x89, 0x50, 0x4e, 0x47]));
      res.writeHead(404).end('not found');
    });
    await new Promise<void>((r) => sourceServer.listen(0, '127.0.0.1', () => r()));
    sourceBase = `http://127.0.0.1:${(sourceServer.address() as { port: number }).port}`;
    web = await startWeb({
      SOURCE_GITHUB_WEB_BASE: `${sourceBase}/web`,
      SOURCE_GITHUB_RAW_BASE: `${sourceBase}/raw`,
      SOURCE_ALLOW_PRIVATE_HOSTS: 'true',
      SOURCE_FETCH_TIMEOUT_MS: '3000',
      // Package registries: a closed port (nothing here may depend on one).
      NPM_REGISTRY_URL: 'http://127.0.0.1:9',
      PYPI_URL: 'http://127.0.0.1:9',
      // Hundreds of made-up keys come from this one address on purpose; that limit has its own test (limits-metrics).
      RATE_LIMIT_BAD_KEY_PER_MIN: '0',
    });
    port = Number(new URL(web.url).port);
    tokens.bearer = await newActorKey();
    tokens.deactivate = await newActorKey();
    tokens.dev = (await createDeveloperToken(`robust-${uuid().slice(0, 8)}`)).token;
    tokens.agent = await signIn();
    tokens.logout = await signIn();
    const nonceWallet = Wallet.createRandom();
    ids.nonceWallet = nonceWallet.address;
    ids.nonce = (await client(web.url).get(`/api/v1/cert/agent/auth/challenge?wallet=${nonceWallet.address}`)).body.nonce;
    const dev = await send('POST', '/api/v1/cert/dev/drafts', { authorization: `Bearer ${tokens.dev}`, 'content-type': 'application/json' }, JSON.stringify({ productType: 'SKILL', dependencyFiles: {} }));
    assert.is(dev.status, 201, dev.text);
    ids.draft = dev.json.draftId;
    const intent = await client(web.url, tokens.bearer).post('/cert/v1/payments/intents', { categoryKey: 'SKILL' });
    assert.is(intent.status, 201, JSON.stringify(intent.body));
    ids.intent = intent.body.intentId;
    submissionsBefore = await Submission.count();
  }),
);

t.after(async () => {
  httpAgent.destroy();
  await stopAll();
  await new Promise((r) => sourceServer.close(r));
  await closeDb();
});

t('non-object, malformed, mis-encoded and oversized bodies on every route', async () => {
  const cases = routes().flatMap(shapeCases);
  check(await runCases(cases), cases.length);
});

t('wrong JSON types, empty and over-long strings, unknown fields for every body field', async () => {
  const cases = routes().flatMap(fieldCases);
  check(await runCases(cases), cases.length);
});

t('hostile skill files, dependency files, source URLs, signatures and keys', async () => {
  const cases = routes().flatMap(contentCases);
  check(await runCases(cases), cases.length);
});

t('malformed path parameters', async () => {
  const cases = routes().flatMap(paramCases);
  check(await runCases(cases), cases.length);
});

t('bad query parameters on every GET route', async () => {
  const cases = routes().flatMap(queryCases);
  check(await runCases(cases), cases.length);
});

t('bad authentication headers on every authenticated route', async () => {
  const cases = routes().flatMap(authCases);
  check(await runCases(cases), cases.length);
});

t('bad x402 payment headers on paid routes answer 402/503, never 500', async () => {
  const cases = routes().flatMap(x402Cases);
  check(await runCases(cases), cases.length);
});

t('unknown routes and methods', async () => {
  const cases = strayCases();
  check(await runCases(cases), cases.length);
});

/** Requests Node's HTTP parser refuses before Express: still the error shape. */
function rawRequest(bytes: string): Promise<{ status: number; json: any; head: string }> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1', () => sock.write(bytes));
    const chunks: Buffer[] = [];
    sock.setTimeout(10000, () => sock.destroy());
    sock.on('data', (c) => chunks.push(c));
    sock.on('error', () => undefined);
    sock.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      let parsed: any;
      try {
        parsed = JSON.parse(body);
      } catch {
        /* not JSON */
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), json: parsed, head });
    });
  });
}

t('deep nesting in a JSON body or a skill frontmatter is nesting_too_deep naming the field, never an engine error', async () => {
  const headers = { authorization: `Bearer ${tokens.bearer}`, 'content-type': 'application/json' };
  const deepJson = `{"categoryKey":"SKILL","manifestOverride":{"tags":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
  const body = await send('POST', '/cert/v1/submissions/validate', headers, deepJson);
  assert.is(body.status, 400, body.text);
  assert.equal([body.json.error.code, body.json.error.field], ['nesting_too_deep', 'manifestOverride']);
  // Within the limit the same shape is read as usual (whatever the route then says about it).
  const shallow = await send('POST', '/cert/v1/submissions/validate', headers, `{"categoryKey":"SKILL","manifestOverride":{"tags":${'['.repeat(10)}${']'.repeat(10)}}}`);
  assert.is.not(shallow.json?.error?.code, 'nesting_too_deep');
  const md = ['---', 'name: deep', 'description: d', `metadata: ${'['.repeat(5000)}`, '---', '# Deep', ''].join('\n');
  const fm = await send('POST', '/cert/v1/submissions/validate', headers, JSON.stringify({ categoryKey: 'SKILL', skillMdContent: md }));
  assert.is(fm.status, 422, fm.text);
  assert.equal([fm.json.error.code, fm.json.error.field], ['nesting_too_deep', 'skillMdContent']);
  assert.not.match(fm.text, /call stack/i);
});

t('malformed HTTP and oversized headers answer in the error shape', async () => {
  const cases: [string, string, number][] = [
    ['garbage request line', 'GARBAGE\r\n\r\n', 400],
    ['header without a colon', 'GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
    ['content-length and chunked', 'POST /cert/v1/activate HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400],
    ['two content-lengths', 'POST /cert/v1/activate HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}', 400],
    ['headers over 16 KiB', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`, 431],
    ['NUL in the path', 'GET /heal\u0000thz HTTP/1.1\r\nHost: x\r\n\r\n', 400],
  ];
  const failures: string[] = [];
  for (const [label, bytes, status] of cases) {
    const a = await rawRequest(bytes);
    if (a.status !== status || typeof a.json?.error?.code !== 'string' || typeof a.json?.error?.message !== 'string') failures.push(`${label} → ${a.status} ${a.head.split('\r\n')[0]} ${JSON.stringify(a.json)}`);
  }
  check(failures, cases.length);
});

t('the process is healthy, logged no unhandled error, and stored no submission', async () => {
  const h = await send('GET', '/healthz', {});
  assert.is(h.status, 200);
  assert.equal(h.json, { ok: true });
  assert.is(web.child.exitCode, null);
  const unhandled = web.lines.filter((l) => l.includes('unhandled error'));
  assert.equal(unhandled, [], unhandled.slice(0, 5).join('\n'));
  assert.is(await Submission.count(), submissionsBefore);
});

t.run();
