/**
 * The install- and import-time policy (shared/packages/analysis/npm/run-policy.ts, docs/package-analysis.md "Branch
 * `npmpolicy24`"): each malicious case is caught by the policy alone (its rule at HIGH), each honest twin gets no
 * policy finding at MEDIUM or above and is not BLOCKED. Nothing is run; archives are built in memory.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { runFacts } from '../../shared/packages/analysis/npm/run-policy.js';
import { npmTgz } from '../fixtures/archives/build.js';
import { rateNpmFiles } from '../support/blind-halves.js';
import { POLICY_HONEST, POLICY_MALICIOUS } from '../support/npm-run-policy-cases.js';

const POLICY = /^(?:install|import)_(?:collects_and_sends|writes_outside_package|background_process|decodes_and_runs)$/;

async function findings(files: Record<string, string>) {
  return (await analyzeArchive(npmTgz(files), { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'] })).findings;
}

for (const [id, c] of Object.entries(POLICY_MALICIOUS)) {
  test(`policy catches ${id} by ${c.rule}`, async () => {
    const fs = await findings(c.files);
    const hit = fs.find((f) => f.ruleId === c.rule && f.severity === 'HIGH');
    assert.ok(hit, `${id}: ${fs.filter((f) => POLICY.test(f.ruleId)).map((f) => `${f.ruleId}:${f.severity}`).join(' ') || 'no policy finding'}`);
  });
}

for (const [id, files] of Object.entries(POLICY_HONEST)) {
  test(`honest twin ${id}: no policy finding at MEDIUM or above, not BLOCKED`, async () => {
    const fs = await findings(files);
    const hits = fs.filter((f) => POLICY.test(f.ruleId) && f.severity !== 'LOW' && f.severity !== 'INFO');
    assert.equal(hits.map((f) => `${f.ruleId}:${f.severity} ${f.evidence ?? ''}`), []);
    const r = await rateNpmFiles(files, { name: 'pkgx', version: '1.0.0' });
    assert.not.equal(r.level, 'BLOCKED', r.rules.join(' '));
  });
}

test('module-level reach: a function nobody calls at load time is not read as running', () => {
  const f = runFacts(`const os = require('os');\nfunction later() { return os.hostname(); }\nmodule.exports = later;\n`, 'package/index.js', false)!;
  assert.equal(f.collects.size, 0);
  const g = runFacts(`const os = require('os');\nfunction now() { return os.hostname(); }\nconst h = now();\n`, 'package/index.js', false)!;
  assert.ok(g.collects.has('identity'));
});

test('a hook file is read whole', () => {
  const f = runFacts(`function later() { return require('os').userInfo(); }\n`, 'package/setup.js', true)!;
  assert.ok(f.collects.has('identity'));
});

test.run();
