/**
 * The layer map (docs/architecture.md) holds: dependency-cruiser reads the compiled tree with
 * .dependency-cruiser.cjs — no import from shared/ into a process, none between the web and worker
 * processes, infrastructure knows no domain module, council, certificates and packages
 * never reach submissions, no import cycle.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const bin = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

test('imports follow the layer map: no violation of .dependency-cruiser.cjs', () => {
  assert.ok(existsSync(bin), 'dependency-cruiser is installed');
  const r = spawnSync(process.execPath, [bin, 'dist/shared', 'dist/services', 'dist/workers', 'dist/scripts', 'dist/cli', 'dist/sdk', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: root, encoding: 'utf8' });
  assert.is(r.status, 0, `${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout, /no dependency violations found \((\d{3,}) modules/, 'the whole tree was read');
});

test('the check fails on a violation: an import from shared/ into the web process is caught', () => {
  // The same configuration must catch what it forbids, or the test above proves nothing.
  const planted = path.join(root, 'dist', 'shared', 'zz-planted-violation.js');
  writeFileSync(planted, "import '../services/web.js';\n");
  try {
    const r = spawnSync(process.execPath, [bin, 'dist/shared/zz-planted-violation.js', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: root, encoding: 'utf8' });
    assert.is.not(r.status, 0);
    assert.match(r.stdout, /no-processes-from-shared: dist\/shared\/zz-planted-violation\.js → dist\/services\/web\.js/);
  } finally {
    rmSync(planted, { force: true });
  }
});

test('the council never reaches submissions: a planted import that gets there through another folder is caught', () => {
  // The council reports a finished tally through its seam; a path the other way, even through payments, would make the two folders one again.
  const planted = path.join(root, 'dist', 'shared', 'council', 'zz-planted-violation.js');
  writeFileSync(planted, "import '../payments/intents.js';\n");
  try {
    const r = spawnSync(process.execPath, [bin, 'dist/shared/council/zz-planted-violation.js', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: root, encoding: 'utf8' });
    assert.is.not(r.status, 0);
    assert.match(r.stdout, /council-below-submissions: dist\/shared\/council\/zz-planted-violation\.js → dist\/shared\/submissions\//);
  } finally {
    rmSync(planted, { force: true });
  }
});

test.run();
