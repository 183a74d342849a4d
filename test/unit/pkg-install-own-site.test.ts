/**
 * Install telemetry to the package's own vendor (docs/package-analysis.md, "Install hooks resolved to
 * the files they run"): an install hook that talks only to a host of the package's own (now also the
 * home page's site joined by a hyphen to a word: `vendor.example` → `vendor-api.example`) and saves
 * nothing it receives is `install_script_own_host` (LOW). "Saves nothing it receives" is read by the JS
 * flow reader (npm/flow-js.ts `savesFetched`): a write of local data (an id recorded in its own
 * package.json) is not a download kept on disk; fetched data written, piped, written chunk by chunk or
 * handed to an extractor is. Real case: realm 20.2.0's postinstall analytics (a hashed machine id and
 * versions, opt-out variable, the vendor's API domain, a bundle id saved in its package.json).
 *
 * Twins that must stay CAUTION or worse: the same report to a host that is not the vendor's, the
 * vendor's host whose answer is saved (written, piped, extracted), the write made by another module.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';

const level = (a: ArchiveAnalysis) =>
  packageVerdict(reviewPackage({ registry: 'npm', name: 'x', version: '1.0.0', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;
const npm = (files: Record<string, string>) => analyzeArchive(npmTgz(files), { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'] });
const rules = (a: ArchiveAnalysis) => a.findings.filter((f) => f.severity !== 'INFO').map((f) => `${f.ruleId}:${f.severity}`);
const hook = (a: ArchiveAnalysis) => a.findings.find((f) => f.category === 'install_script' && f.file.endsWith('package.json'));

const pkg = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'tidedb', version: '20.2.0', homepage: 'https://www.dbvendor.example/docs/tidedb/', repository: { type: 'git', url: 'https://github.com/tidedb/tidedb-js.git' }, scripts: { postinstall: 'node ./scripts/submit-analytics.js' }, ...extra });

// The realm shape: TypeScript's CommonJS output, a hashed machine id, the vendor's API domain, the bundle id saved in its own package.json.
const analytics = (o: { base?: string; response?: string; save?: string } = {}) => `"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) { return (mod && mod.__esModule) ? mod : { "default": mod }; };
Object.defineProperty(exports, "__esModule", { value: true });
exports.submitAnalytics = void 0;
const node_fs_1 = __importDefault(require("node:fs"));
const node_path_1 = __importDefault(require("node:path"));
const node_https_1 = __importDefault(require("node:https"));
const node_os_1 = __importDefault(require("node:os"));
const node_crypto_1 = require("node:crypto");
const pkgPath = node_path_1.default.resolve(__dirname, "../..");
const ANALYTICS_BASE_URL = ${o.base ?? '"https://data.dbvendor-api.example/app/sdkmetrics/endpoint/metric"'};
const sha256 = (data) => (0, node_crypto_1.createHmac)("sha256", Buffer.from("salt")).update(data).digest().toString("base64");
function readPackageJson(p) { return JSON.parse(node_fs_1.default.readFileSync(node_path_1.default.resolve(p, "package.json"), "utf-8")); }
function writePackageJson(p, content) { node_fs_1.default.writeFileSync(node_path_1.default.resolve(p, "package.json"), JSON.stringify(content, null, 2), "utf-8"); }
function saveBundleId(id) {
    const packageJson = readPackageJson(pkgPath);
    if (typeof packageJson.config !== "object") packageJson.config = {};
    packageJson.config.anonymizedBundleId = id;
    writePackageJson(pkgPath, packageJson);
}
async function submitAnalytics() {
    if ("TIDEDB_DISABLE_ANALYTICS" in process.env || "CI" in process.env) return;
    const identifier = node_os_1.default.hostname();
    const data = { distinct_id: sha256(identifier), "Host OS Type": node_os_1.default.platform(), "Node.js version": process.version.slice(1), "Bundle Id": sha256(process.cwd()) };
    ${o.save ?? 'saveBundleId(data["Bundle Id"]);'}
    return new Promise((resolve, reject) => {
        const url = ANALYTICS_BASE_URL + "?data=" + Buffer.from(JSON.stringify({ event: "install", properties: data })).toString("base64");
        node_https_1.default.get(url, { agent: new node_https_1.default.Agent({ keepAlive: false }) }, (res) => {
            ${o.response ?? 'resolve({ statusCode: res.statusCode, statusMessage: res.statusMessage });'}
        }).on("error", reject);
    });
}
exports.submitAnalytics = submitAnalytics;
`;
const files = (o: Parameters<typeof analytics>[0] = {}, extra: Record<string, string> = {}) => ({
  'package.json': pkg(),
  'scripts/submit-analytics.js': 'try {\n  const { submitAnalytics } = require("../dist/scripts/submit-analytics");\n  submitAnalytics().catch(console.error);\n} catch (err) {\n  console.error(err);\n}\n',
  'dist/scripts/submit-analytics.js': analytics(o),
  ...extra,
});

test('install analytics to the vendor’s API domain (home page site + "-api"), a local id saved in its own package.json (the realm shape): own host, LOW, MONITORED', async () => {
  const a = await npm(files());
  assert.is(hook(a)?.ruleId, 'install_script_own_host', rules(a).join(' '));
  assert.is(hook(a)!.severity, 'LOW');
  assert.match(hook(a)!.message, /data\.dbvendor-api\.example/);
  assert.is(level(a), 'MONITORED');
});

test('variants: ESM fetch to `telemetry-<site>`, a random id cached in a dot file, the JSON answer read but not kept; the package’s name in the host saving a local file', async () => {
  const esm = await npm({
    'package.json': JSON.stringify({ name: 'widgetkit', version: '3.1.0', type: 'module', homepage: 'https://acmeworks.example', scripts: { postinstall: 'node postinstall.mjs' } }),
    'postinstall.mjs': `import { writeFileSync, existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
const idFile = new URL('./.install-id', import.meta.url);
const id = existsSync(idFile) ? readFileSync(idFile, 'utf8') : randomUUID();
writeFileSync(idFile, id);
if (!process.env.WIDGETKIT_NO_TELEMETRY) {
  const res = await fetch('https://collect.telemetry-acmeworks.example/v1/install', { method: 'POST', body: JSON.stringify({ id, platform: os.platform(), node: process.version }) });
  const { ok } = await res.json();
  if (!ok) console.warn('telemetry rejected');
}
`,
  });
  assert.is(hook(esm)?.ruleId, 'install_script_own_host', rules(esm).join(' '));
  assert.is(level(esm), 'MONITORED');

  const named = await npm({
    'package.json': JSON.stringify({ name: 'stormcast', version: '1.0.0', scripts: { postinstall: 'node ping.js' } }),
    'ping.js': "const fs = require('fs');\nconst https = require('https');\nfs.writeFileSync(__dirname + '/.installed', String(Date.now()));\nhttps.get('https://api.stormcast.example/ping?v=1.0.0', (r) => r.resume());\n",
  });
  assert.is(hook(named)?.ruleId, 'install_script_own_host', rules(named).join(' '));
});

test('twins stay CAUTION or worse: another vendor’s host, the answer written / piped / extracted, the write in another module, a code host’s name as the site', async () => {
  const twins: Record<string, Record<string, string>> = {
    foreignHost: files({ base: '"https://data.metrics-collector.example/app/endpoint/metric"' }),
    writesAnswer: files({ response: 'let s = ""; res.on("data", (c) => (s += c)); res.on("end", () => { node_fs_1.default.writeFileSync(node_path_1.default.join(pkgPath, "lib", "core.js"), s); resolve(); });' }),
    pipesAnswer: files({ response: 'res.pipe(node_fs_1.default.createWriteStream(node_path_1.default.join(pkgPath, "bin", "tidedb-core"))); resolve();' }),
    extractsAnswer: files({ response: 'const chunks = []; res.on("data", (c) => chunks.push(c)); res.on("end", () => { new (require("adm-zip"))(Buffer.concat(chunks)).extractAllTo(pkgPath, true); resolve(); });' }),
    otherModuleWrites: files({ save: '', response: 'let s = ""; res.on("data", (c) => (s += c)); res.on("end", () => { require("./store").keep(s); resolve(); });' }, { 'dist/scripts/store.js': 'const fs = require("fs");\nexports.keep = (s) => fs.writeFileSync(__dirname + "/../../lib/update.js", s);\n' }),
  };
  for (const [name, f] of Object.entries(twins)) {
    const a = await npm(f);
    assert.ok(level(a) === 'CAUTION' || level(a) === 'BLOCKED', `${name}: ${level(a)} ${rules(a).join(' ')}`);
    assert.not.ok(a.findings.some((x) => x.ruleId === 'install_script_own_host'), name);
  }
  // A code host is never a site of the package's own: `github-…` is nobody's site by that name.
  const codeHost = await npm({ ...files({ base: '"https://data.github-metrics.example/metric"' }), 'package.json': pkg({ homepage: 'https://github.com/tidedb/tidedb-js' }) });
  assert.ok(level(codeHost) === 'CAUTION' || level(codeHost) === 'BLOCKED', `codeHost: ${rules(codeHost).join(' ')}`);
});

test.run();
