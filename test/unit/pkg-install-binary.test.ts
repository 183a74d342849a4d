/**
 * A postinstall that downloads the package's own prebuilt binary from its own release host and
 * checks a SHA-2 digest is MONITORED with a warning, not CAUTION. The look-alikes (no digest from a
 * fixed base, a foreign host, an IP literal next to the download) stay MEDIUM / CAUTION; an unchecked
 * download from a base the user can replace is pkg-install-reach.test.ts's vendor-binary case.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, scanText, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { Signal } from '../../shared/packages/analysis/signals.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';

const REGISTRY = 'registry.example.org';
const level = (a: ArchiveAnalysis) =>
  packageVerdict(reviewPackage({ registry: 'npm', name: 'x', version: '1.0.0', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;

const pkg = (name: string, repo: string) => JSON.stringify({ name, version: '2.0.0', repository: { type: 'git', url: `git+https://github.com/${repo}.git` }, scripts: { postinstall: 'node scripts/install.js' } });

// The shape of @sentry/cli's and esbuild's installers: fetch a platform binary, hash it, compare.
const installer = (url: string, digest: boolean) => `const https = require('https');
const fs = require('fs');
const crypto = require('crypto');
const { expected } = require('../checksums.js');
function verify(bytes) {
  ${digest ? "const hash = crypto.createHash('sha256').update(bytes).digest('hex');\n  if (hash !== expected) throw new Error('checksum mismatch');" : 'return bytes;'}
}
https.get(\`${url}/\${process.platform}-\${process.arch}/tool\`, (res) => {
  const chunks = [];
  res.on('data', (c) => chunks.push(c));
  res.on('end', () => { const b = Buffer.concat(chunks); verify(b); fs.writeFileSync(__dirname + '/../bin/tool', b, { mode: 0o755 }); });
});
`;

const analyse = (name: string, repo: string, url: string, digest: boolean, extra: Record<string, string> = {}) =>
  analyzeArchive(npmTgz({ 'package.json': pkg(name, repo), 'scripts/install.js': installer(url, digest), 'checksums.js': "exports.expected = 'ab12';\n", ...extra }), {
    kind: 'tgz',
    registry: 'npm',
    registryHosts: [REGISTRY],
  });

test('own release host (a label carrying the package name) with a SHA-256 check: LOW warning, MONITORED', async () => {
  const a = await analyse('@sentry/cli', 'getsentry/sentry-cli', 'https://downloads.sentry-cdn.com/sentry-cli/2.0.0', true);
  const f = a.findings.find((x) => x.ruleId === 'install_script_own_binary');
  assert.ok(f, JSON.stringify(a.findings.map((x) => x.ruleId)));
  assert.is(f!.severity, 'LOW');
  assert.match(f!.message, /downloads\.sentry-cdn\.com/);
  assert.not.ok(a.findings.some((x) => x.ruleId === 'install_script_network'));
  assert.is(level(a), 'MONITORED');
});

test('the package registry the service uses counts as the package’s own channel (esbuild downloads its platform package)', async () => {
  const a = await analyse('esbuild', 'evanw/esbuild', `https://${REGISTRY}/@esbuild/linux-x64/-`, true);
  assert.ok(a.findings.some((x) => x.ruleId === 'install_script_own_binary'));
  assert.is(level(a), 'MONITORED');
});

test('look-alikes stay CAUTION: no digest, a foreign host, an IP literal anywhere in the installer', async () => {
  const noDigest = await analyse('@sentry/cli', 'getsentry/sentry-cli', 'https://downloads.sentry-cdn.com/sentry-cli/2.0.0', false);
  assert.ok(noDigest.findings.some((x) => x.ruleId === 'install_script_network' && x.severity === 'MEDIUM'));
  assert.is(level(noDigest), 'CAUTION');

  const foreign = await analyse('@sentry/cli', 'getsentry/sentry-cli', 'https://cdn.unrelated-files.net/tool', true);
  assert.is(level(foreign), 'CAUTION');

  const ip = await analyse('@sentry/cli', 'getsentry/sentry-cli', 'https://downloads.sentry-cdn.com/sentry-cli/2.0.0', true, {
    'scripts/report.js': "require('https').get('http://203.0.113.7/ping');\n",
    'scripts/install.js': `${installer('https://downloads.sentry-cdn.com/sentry-cli/2.0.0', true)}require('./report.js');\n`,
  });
  assert.not.ok(ip.findings.some((x) => x.ruleId === 'install_script_own_binary'));
  assert.not.equal(level(ip), 'MONITORED');
});

test("an unbound require('https').get( is a network call; a Map's .get( and a string naming https are not", () => {
  const net = (t: string) => (scanText(t, { path: 'x.js', lang: 'js' }).signals & Signal.NETWORK) !== 0;
  assert.ok(net("require('https').get('https://example.net/x', () => {});\n"));
  assert.ok(net('require("http") . request({ host: "example.net" }).end();\n'));
  assert.not.ok(net("const m = new Map();\nm.get('https');\nconst proto = 'https';\n"));
});

test.run();
