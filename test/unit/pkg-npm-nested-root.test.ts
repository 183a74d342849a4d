/**
 * An npm tarball whose package sits a folder below its top folder (`package/package/package.json`): npm pack always
 * writes the manifest in the top folder, so such an archive was built by hand, and its nested package is read as the
 * package (archive-collector.ts `promoteNestedRoot`, docs/package-analysis.md "Nested package folder"). The real case: a
 * SET6 fixture packed nested by mistake, whose hooks were never read (CLEAR); variants of our own; honest twins.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { npmTgz } from '../fixtures/archives/build.js';
import { rateNpmFiles } from '../support/blind-halves.js';
import { NPM_TWINS_SET6, NPM_VARIANTS_SET6 } from '../support/npm-variants-set6.js';

const under = (dir: string, files: Record<string, string | Buffer>): Record<string, string | Buffer> =>
  Object.fromEntries(Object.entries(files).map(([k, v]) => [`${dir}/${k}`, v]));
const v6 = (id: string) => NPM_VARIANTS_SET6.find((v) => v.id === id)!.files;

test('real case: SET6 items packed under a second package/ folder are read as the package and BLOCKED', async () => {
  for (const id of ['cloud-creds-postinstall-https-post-cjs', 'phantomraven-http-url-dependency', 'launchagent-systemd-crontab-persistence-esm', 'prepare-ts-sibling-repos-gh-cli']) {
    const r = await rateNpmFiles(under('package', v6(id)), { name: id, version: '1.0.3' });
    assert.is(r.level, 'BLOCKED', `${id}: ${r.rules.join(' ')}`);
  }
});

test('variants: another folder name, a decoy manifest beside the nested package, a binding.gyp hook nested', async () => {
  const r1 = await rateNpmFiles(under('dist', v6('cloud-creds-postinstall-https-post-cjs')), { name: 'a', version: '1.0.0' });
  assert.is(r1.level, 'BLOCKED', r1.rules.join(' '));
  const decoy = { ...under('a-docs', { 'package.json': JSON.stringify({ name: 'docs', version: '1.0.0' }) }), ...under('z-real', v6('cloud-creds-postinstall-https-post-cjs')) };
  const r2 = await rateNpmFiles(decoy, { name: 'b', version: '1.0.0' });
  assert.is(r2.level, 'BLOCKED', r2.rules.join(' '));
  const a = await analyzeArchive(npmTgz(under('package', v6('cloud-creds-postinstall-https-post-cjs'))), { kind: 'tgz', registry: 'npm' });
  assert.ok(a.findings.some((f) => f.ruleId === 'nested_package_root' && f.severity === 'LOW' && f.file === 'package/package/package.json'));
  assert.ok((a.installTimeFiles ?? []).includes('package/package/scripts/verify.js'), JSON.stringify(a.installTimeFiles));
});

test('honest twins: a normal tarball with a vendored package below keeps its own root; SET6 twins nested stay below CAUTION', async () => {
  const files = {
    'package.json': JSON.stringify({ name: 'host-pkg', version: '1.0.0', main: 'index.js' }),
    'index.js': "module.exports = require('./vendor/left-pad');\n",
    'vendor/left-pad/package.json': JSON.stringify({ name: 'left-pad', version: '1.0.0', scripts: { postinstall: 'node x.js' } }),
    'vendor/left-pad/index.js': 'module.exports = (s, n) => String(s).padStart(n);\n',
  };
  const a = await analyzeArchive(npmTgz(files), { kind: 'tgz', registry: 'npm' });
  assert.not.ok(a.findings.some((f) => f.ruleId === 'nested_package_root'));
  assert.equal(a.installTimeFiles ?? [], []);
  for (const t of NPM_TWINS_SET6) {
    const r = await rateNpmFiles(under('package', t.files), { name: t.id, version: '1.0.0' });
    assert.ok(r.level === 'CLEAR' || r.level === 'MONITORED', `${t.id}: ${r.level} ${r.rules.join(' ')}`);
  }
});

test.run();
