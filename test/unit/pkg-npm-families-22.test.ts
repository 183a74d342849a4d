/**
 * The pkg22npm round (docs/package-analysis.md "Branch pkg22npm", pkg-analysis-2026.12.7): npm families written here as
 * variants (test/support/npm-families-22.ts), each BLOCKED by the rule that states its behaviour, and the honest
 * look-alikes that must stay below CAUTION; a file's role follows what runs it, not its folder's name; a child process's
 * options are not what it prints. Nothing is run; archives are built in memory.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { npmTgz } from '../fixtures/archives/build.js';
import { rateNpmFiles } from '../support/blind-halves.js';
import { HONEST_22, MALICIOUS_22 } from '../support/npm-families-22.js';
import { npmBlocked, npmHonest } from '../support/package-asserts.js';

/** The rule each variant must be BLOCKED by (its behaviour's statement). */
const RULE: Record<string, string> = {
  roleDemoMain: 'fingerprint_send',
  roleExamplesRequired: 'fingerprint_send',
  roleTestBin: 'fingerprint_send',
  roleDemoExports: 'fingerprint_send',
  roleSamplesBrowser: 'form_harvest',
  hookDotDemoMain: 'install_spawns_payload',
  hookDotSlashExamplesExports: 'install_spawns_payload',
  skimAllFetch: 'form_harvest',
  skimAllImage: 'form_harvest',
  skimAllXhr: 'form_harvest',
  skimAllFormData: 'form_harvest',
  dnsImportTxt: 'dns_recon',
  dnsAsyncEnv: 'dns_recon',
  dnsNslookupImport: 'dns_recon',
  deserializeAwait: 'deserialize_fetched',
  runInNewContextFetched: 'remote_code_eval',
  newFunctionResponse: 'remote_code_eval',
  newFunctionAxiosData: 'remote_code_eval',
  discordCoreWrite: 'discord_client_inject',
  discordCorePromises: 'discord_client_inject',
  trackerOctokitIssue: 'fingerprint_send',
  trackerGithubImport: 'fingerprint_send',
  trackerGitlabQuery: 'fingerprint_send',
  requireByPieces: 'remote_code_eval',
  requireConcat: 'remote_code_eval',
  nodeOptionsDataUrl: 'install_script_inline_code',
  nodeRequireDataUrl: 'install_script_inline_code',
  globalProcessAlias: 'fingerprint_send',
  moduleLoaderAlias: 'fingerprint_send',
  getBuiltinModule: 'remote_code_eval',
  xorHexFunction: 'decoded_code_eval',
  xorCharCodeEval: 'decoded_code_eval',
  shellRcDownload: 'install_persistence',
  zshrcNohup: 'install_persistence',
  passwordManagerDump: 'secret_send',
  onePasswordItems: 'secret_send',
  hostsFilePin: 'install_endpoint_redirect',
  undiciDispatcherTap: 'auth_header_send',
  lockfileResolvedRewrite: 'install_registry_config',
  pythonInlineHook: 'install_script_inline_code',
  patchOtherPackage: 'install_persistence',
  smtpEnv: 'fingerprint_send',
  keyMethodReplaced: 'secret_send',
  agentConfigLoop: 'install_persistence',
};

test('every variant has its rule, and every rule names a variant', () => {
  assert.equal(Object.keys(RULE).sort(), Object.keys(MALICIOUS_22).sort());
});

for (const [id, files] of Object.entries(MALICIOUS_22))
  test(`npm variant ${id} is BLOCKED by ${RULE[id]}`, async () => {
    await npmBlocked(files, RULE[id]);
  });

for (const [id, files] of Object.entries(HONEST_22))
  test(`honest look-alike ${id} stays below CAUTION`, async () => {
    await npmHonest(files);
  });

test("a manifest entry's folder does not set its role: main in demo/ and what it requires are import-time", async () => {
  const a = await analyzeArchive(npmTgz(MALICIOUS_22.roleExamplesRequired!), { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'] });
  const f = a.findings.find((x) => x.ruleId === 'fingerprint_send');
  assert.ok(f, a.findings.map((x) => x.ruleId).join(', '));
  assert.is(f!.file, 'package/examples/lib.js');
  assert.is(f!.role, 'import-time');
  // The same file that only a package.json script names (`"demo": "node demo/run.js"`) keeps its path role.
  const b = await analyzeArchive(npmTgz(HONEST_22.demoUnnamed!), { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'] });
  const demo = b.findings.filter((x) => x.file === 'package/demo/run.js' && x.severity !== 'INFO');
  assert.ok(demo.length > 0 && demo.every((x) => x.role === 'example' && x.severity === 'LOW'), JSON.stringify(demo.map((x) => [x.ruleId, x.role, x.severity])));
});

test('the form skimmer posting to the metadata-declared host is LOW, to any other fixed host HIGH', async () => {
  const own = await analyzeArchive(npmTgz(HONEST_22.formOwnService!), { kind: 'tgz', registry: 'npm', registryHosts: [] });
  assert.is(own.findings.find((x) => x.ruleId === 'form_harvest')?.severity, 'LOW');
  const other = { ...HONEST_22.formOwnService!, 'package.json': JSON.stringify({ name: 'pkgx', version: '1.0.0', main: 'index.js', homepage: 'https://other.example' }) };
  await npmBlocked(other, 'form_harvest');
});

// bun's installer (the real case): one `spawn` helper both asks `sysctl` whether it runs under Rosetta and runs npm with
// `{ env: { ...process.env } }`; the helper's output picks the platform binary whose name goes into the download URL.
// Read as "the environment sent to the registry" (fingerprint_send HIGH, BLOCKED) until the options stopped counting.
const pj = JSON.stringify({ name: 'binx', version: '1.0.0', scripts: { postinstall: 'node install.js' } });
const helper = (run: string) => `const cp = require('child_process');
function spawn(cmd, args, options = {}) {
  let { status, stdout } = cp.spawnSync(cmd, args, Object.assign({ stdio: 'pipe', encoding: 'utf-8' }, options));
  return { exitCode: status, stdout };
}
function inst() { spawn('npm', ['install', 'binx-linux'], { cwd: process.cwd(), env: Object.assign({}, process.env, { npm_config_global: undefined }) }); }
const probe = spawn(${run});
const arch = probe.exitCode === 0 && probe.stdout.includes('1') ? 'arm64' : process.arch;
try { inst(); } catch (e) { fetch('https://downloads.example.org/binx-' + process.platform + '-' + arch + '.tgz').then((r) => r.arrayBuffer()); }
`;

test("bun's shape: a process helper's output does not carry the environment another call gives it", async () => {
  const r = await rateNpmFiles({ 'package.json': pj, 'install.js': helper(`'sysctl', ['-n', 'sysctl.proc_translated']`) }, { name: 'binx', registryHosts: [] });
  assert.ok(!r.rules.some((x) => x.startsWith('fingerprint_send:')), r.rules.join(', '));
  assert.is.not(r.level, 'BLOCKED');
});

test('twins: the output of a fingerprint command, or the environment written into the arguments, still counts', async () => {
  const who = await rateNpmFiles({ 'package.json': pj, 'install.js': helper(`'whoami', []`) }, { name: 'binx', registryHosts: [] });
  assert.ok(who.rules.includes('fingerprint_send:HIGH'), who.rules.join(', '));
  const env = await rateNpmFiles(
    { 'package.json': pj, 'install.js': helper(`'echo', [JSON.stringify(process.env)]`) },
    { name: 'binx', registryHosts: [] },
  );
  assert.ok(env.rules.includes('fingerprint_send:HIGH'), env.rules.join(', '));
});

test.run();
