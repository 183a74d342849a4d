/**
 * npm lifecycle hooks resolved to the archive files they run (analysis/npm/hooks.ts) and the
 * install-time file set (analysis/npm/judge.ts installTimeFiles) the role classification uses.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { resolveCommand, resolveNpmHooks, splitSteps } from '../../shared/packages/analysis/npm/hooks.js';
import { npmTgz } from '../fixtures/archives/build.js';

const files = (paths: string[]) => {
  const set = new Set(paths);
  return (p: string) => set.has(p);
};
const manifests = (pkg: object, extra: Record<string, string> = {}) => new Map<string, string>([['package.json', JSON.stringify(pkg)], ...Object.entries(extra)]);

test('`node .`, `node ./`, `node index`, `node scripts/x`: the file each runs', () => {
  const exists = files(['lib/main.js', 'index.js', 'scripts/x.js', 'scripts/y.sh']);
  const m = manifests({ main: 'lib/main.js' });
  const file = (cmd: string) => resolveCommand(cmd, '', new Map(), exists, (p) => (m.has(p) ? JSON.parse(m.get(p)!) : null)).map((s) => s.file ?? s.kind);
  assert.equal(file('node .'), ['lib/main.js']);
  assert.equal(file('node ./'), ['lib/main.js']);
  assert.equal(file('node index'), ['index.js']);
  assert.equal(file('node --no-warnings scripts/x'), ['scripts/x.js']);
  assert.equal(file('sh ./scripts/y.sh'), ['scripts/y.sh']);
  assert.equal(file('bash -c "node scripts/x.js"'), ['scripts/x.js']);
  assert.equal(file('cross-env NODE_ENV=production node scripts/x.js'), ['scripts/x.js']);
});

test('without `main`, `node .` runs index.js', () => {
  const steps = resolveCommand('node .', '', new Map(), files(['index.js']));
  assert.is(steps[0]!.file, 'index.js');
});

test('`npm run x` chains are followed through package.json scripts (with pre / post scripts)', () => {
  const scripts = new Map([
    ['setup', 'npm run build:native && node scripts/done.js'],
    ['prebuild:native', 'node scripts/check.js'],
    ['build:native', 'yarn compile'],
    ['compile', 'node-gyp rebuild'],
  ]);
  const steps = resolveCommand('npm run setup', '', scripts, files(['scripts/done.js', 'scripts/check.js']));
  assert.equal(steps.filter((s) => s.file).map((s) => s.file), ['scripts/check.js', 'scripts/done.js']);
  assert.ok(steps.some((s) => s.kind === 'tool' && s.tool === 'node-gyp'));
});

test('inline code, kept downloaders, npx, husky and unknown commands are told apart', () => {
  const kinds = (cmd: string) => resolveCommand(cmd, '', new Map(), files([])).map((s) => `${s.kind}:${s.tool ?? s.code ?? ''}`);
  assert.equal(kinds(`node -e "require('./lib/x')"`), [`inline:require('./lib/x')`]);
  assert.equal(kinds('prebuild-install -r napi || node-gyp rebuild'), ['tool:prebuild-install', 'tool:node-gyp']);
  assert.equal(kinds('node-pre-gyp install --fallback-to-build'), ['tool:node-pre-gyp']);
  assert.equal(kinds('husky install'), ['tool:husky']);
  assert.equal(kinds('npx some-cli init'), ['npx:some-cli']);
  assert.equal(kinds('make all'), ['command:']);
});

test('splitSteps respects quotes', () => {
  assert.equal(splitSteps(`node -e "a(); b() && c()" && echo 'x; y' | tee z`), [`node -e "a(); b() && c()"`, `echo 'x; y'`, 'tee z']);
});

test('implicit node-gyp rebuild when binding.gyp sits at the root and no install hook is set', () => {
  const hooks = resolveNpmHooks('', manifests({ scripts: { test: 'x' } }), files([]), { bindingGyp: true });
  assert.is(hooks.length, 1);
  assert.is(hooks[0]!.steps[0]!.tool, 'node-gyp');
});

test('installTimeFiles: hook files and what they load (require, import, path.join(__dirname), fork), not the rest', async () => {
  const a = await analyzeArchive(
    npmTgz({
      'package.json': JSON.stringify({ name: 'x', version: '1.0.0', main: 'lib/index.js', scripts: { postinstall: 'node .', prepare: 'node scripts/dev.js' } }),
      'lib/index.js': "const u = require('./util');\nconst path = require('path');\nrequire(path.join(__dirname, 'more', 'dyn'));\nrequire('child_process').fork(path.join(__dirname, 'worker.js'));\n",
      'lib/util.js': "import('./esm.mjs');\n",
      'lib/esm.mjs': 'export default 1;\n',
      'lib/more/dyn.js': 'module.exports = 2;\n',
      'lib/worker.js': "process.send('hi');\n",
      'lib/unused.js': 'module.exports = 3;\n',
      'scripts/dev.js': "console.log('dev');\n",
      'test/index.test.js': "require('../lib');\n",
    }),
    { kind: 'tgz', registry: 'npm', registryHosts: [] },
  );
  assert.equal(a.installTimeFiles, ['package/lib/esm.mjs', 'package/lib/index.js', 'package/lib/more/dyn.js', 'package/lib/util.js', 'package/lib/worker.js']);
});

test('no hook, no install-time files', async () => {
  const a = await analyzeArchive(npmTgz({ 'package.json': JSON.stringify({ name: 'x', version: '1.0.0' }), 'index.js': 'module.exports = 1;\n' }), { kind: 'tgz', registry: 'npm', registryHosts: [] });
  assert.is(a.installTimeFiles, undefined);
});

test.run();
