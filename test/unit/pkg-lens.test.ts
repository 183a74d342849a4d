import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArchiveAnalysis, PackageFinding } from '../../shared/packages/analysis/index.js';
import { PACKAGE_VALIDATORS, packageVerdict, reviewPackage, type PackageCase, type PackageOpinion } from '../../shared/packages/lens/index.js';
import type { PackageSecurityLevel } from '../../shared/packages/types.js';

function analysis(over: Partial<ArchiveAnalysis> = {}): ArchiveAnalysis {
  return {
    analysisType: 'FULL',
    fileCount: 3,
    totalBytes: 1200,
    fileSetHash: 'a'.repeat(64),
    files: [],
    capabilities: [],
    installScripts: [],
    binaries: [],
    findings: [],
    limitsHit: [],
    ...over,
  };
}

function finding(ruleId: string, severity: PackageFinding['severity'], category: PackageFinding['category'], file = 'package/index.js'): PackageFinding {
  return { ruleId, severity, category, file, line: 3, message: `${ruleId} message` };
}

function kase(a: Partial<ArchiveAnalysis> = {}, over: Partial<PackageCase> = {}): PackageCase {
  return {
    registry: 'npm',
    name: 'demo',
    version: '1.0.0',
    analysis: analysis(a),
    integrity: { ok: true, expected: 'sha512-abc', actual: 'sha512-abc' },
    advisories: { status: 'ok', advisories: [] },
    ...over,
  };
}

const levels = (ops: PackageOpinion[]): PackageSecurityLevel[] => ops.map((o) => o.level);
const level = (c: PackageCase): PackageSecurityLevel => packageVerdict(reviewPackage(c)).securityLevel;

// ---------------------------------------------------------------------------------------------
// The verdict table

const TABLE: [string, PackageCase, PackageSecurityLevel][] = [
  ['clean library', kase(), 'CLEAR'],
  ['INFO capability findings only', kase({ capabilities: ['env', 'shell'], findings: [finding('capability_env', 'INFO', 'env_access'), finding('capability_shell', 'INFO', 'shell')] }), 'CLEAR'],
  ['network + env capabilities', kase({ capabilities: ['env', 'network'] }), 'MONITORED'],
  ['postinstall local build (LOW)', kase({ installScripts: [{ name: 'install', command: 'node-gyp rebuild' }], findings: [finding('install_script_build', 'INFO', 'install_script', 'package/package.json')] }), 'MONITORED'],
  ['prepare script only (not run on registry installs)', kase({ installScripts: [{ name: 'prepare', command: 'husky install' }] }), 'CLEAR'],
  ['setup.py module code', kase({ installScripts: [{ name: 'setup.py', command: 'module-level code: print("hi")' }] }, { registry: 'pypi' }), 'MONITORED'],
  ['compiled binary (MEDIUM) → PARTIAL', kase({ analysisType: 'PARTIAL', binaries: ['x.so'], findings: [finding('compiled_binary', 'MEDIUM', 'binary', 'x.so')] }), 'MONITORED'],
  ['binary only', kase({ analysisType: 'BINARY_ONLY', binaries: ['bin/tool'], findings: [finding('compiled_binary', 'MEDIUM', 'binary', 'bin/tool')] }), 'MONITORED'],
  ['size limit (LOW) → PARTIAL', kase({ analysisType: 'PARTIAL', limitsHit: ['maxFileBytes'], findings: [finding('file_not_scanned', 'LOW', 'archive')] }), 'MONITORED'],
  ['hard-coded secret (MEDIUM)', kase({ findings: [finding('hardcoded_secret', 'MEDIUM', 'secret')] }), 'CAUTION'],
  ['secret in a test fixture (LOW)', kase({ findings: [finding('hardcoded_secret_test', 'LOW', 'secret')] }), 'CLEAR'],
  ['obfuscation without exec (MEDIUM)', kase({ findings: [finding('obfuscated_code', 'MEDIUM', 'obfuscation')] }), 'CAUTION'],
  ['install script that downloads at install (MEDIUM)', kase({ installScripts: [{ name: 'postinstall', command: 'node install.js' }], findings: [finding('install_script_network', 'MEDIUM', 'install_script')] }), 'CAUTION'],
  ['decompression bomb (MEDIUM) → PARTIAL', kase({ analysisType: 'PARTIAL', limitsHit: ['maxCompressionRatio'], findings: [finding('decompression_bomb', 'MEDIUM', 'archive', '')] }), 'CAUTION'],
  ['corrupt archive', kase({ analysisType: 'PARTIAL', findings: [finding('corrupt_archive', 'MEDIUM', 'archive', '')] }), 'CAUTION'],
  ['symlink ignored (INFO) → PARTIAL', kase({ analysisType: 'PARTIAL', findings: [finding('archive_link', 'INFO', 'archive')] }), 'MONITORED'],
  ['env exfiltration to a webhook (HIGH)', kase({ findings: [finding('exfil_suspicious_destination', 'HIGH', 'exfiltration')] }), 'BLOCKED'],
  ['install script downloads and runs remote code (CRITICAL)', kase({ installScripts: [{ name: 'postinstall', command: 'curl x | sh' }], findings: [finding('install_script_remote', 'CRITICAL', 'install_script')] }), 'BLOCKED'],
  ['decode + exec (HIGH)', kase({ findings: [finding('decode_exec', 'HIGH', 'obfuscation')] }), 'BLOCKED'],
  ['encoded payload exec (CRITICAL)', kase({ findings: [finding('encoded_payload_exec', 'CRITICAL', 'obfuscation')] }), 'BLOCKED'],
  ['credential store read (HIGH)', kase({ findings: [finding('credential_file_read', 'HIGH', 'filesystem')] }), 'BLOCKED'],
  ['remote code exec from code (HIGH)', kase({ findings: [finding('remote_code_exec', 'HIGH', 'shell')] }), 'BLOCKED'],
  ['path traversal entry (HIGH)', kase({ analysisType: 'PARTIAL', findings: [finding('path_traversal', 'HIGH', 'archive', '../x')] }), 'BLOCKED'],
  ['setup.py network (CRITICAL)', kase({ installScripts: [{ name: 'setup.py', command: 'module-level code: urlopen(...)' }], findings: [finding('setup_py_network', 'CRITICAL', 'install_script', 'p/setup.py')] }, { registry: 'pypi' }), 'BLOCKED'],
  ['integrity mismatch on a clean package', kase({}, { integrity: { ok: false, expected: 'sha512-abc', actual: 'sha512-def' } }), 'BLOCKED'],
  ['critical advisory', kase({}, { advisories: { status: 'ok', advisories: [{ severity: 'critical', id: 'GHSA-1', title: 'RCE' }] } }), 'CAUTION'],
  ['high advisory', kase({}, { advisories: { status: 'ok', advisories: [{ severity: 'high', id: 'GHSA-2', title: 'prototype pollution' }] } }), 'CAUTION'],
  ['moderate advisory', kase({}, { advisories: { status: 'ok', advisories: [{ severity: 'moderate', id: 'GHSA-3', title: 'ReDoS' }] } }), 'MONITORED'],
  ['low advisory', kase({}, { advisories: { status: 'ok', advisories: [{ severity: 'low', id: 'GHSA-4', title: 'minor' }] } }), 'CLEAR'],
  ['advisory status unknown', kase({}, { advisories: { status: 'unknown', advisories: [] } }), 'CLEAR'],
  ['critical advisory + MEDIUM secret stays CAUTION', kase({ findings: [finding('hardcoded_secret', 'MEDIUM', 'secret')] }, { advisories: { status: 'ok', advisories: [{ severity: 'critical', id: 'GHSA-1', title: 'RCE' }] } }), 'CAUTION'],
];

for (const [name, c, expected] of TABLE) {
  test(`verdict table: ${name} → ${expected}`, () => {
    const v = packageVerdict(reviewPackage(c));
    assert.is(v.securityLevel, expected, JSON.stringify(reviewPackage(c), null, 1));
    assert.is(v.councilVerdict, expected === 'BLOCKED' ? 'REJECTED' : 'APPROVED');
    assert.ok(v.reasons.length > 0);
  });
}

// ---------------------------------------------------------------------------------------------
// Details

test('three validators with the skill council identities, in order', () => {
  assert.equal(PACKAGE_VALIDATORS.map((v) => v.key), ['sentinel', 'cartographer', 'steward']);
  for (const v of PACKAGE_VALIDATORS) {
    assert.ok(v.displayName.length > 0 && v.lens.length > 0);
    assert.match(v.prompt, /library/);
  }
  assert.equal(reviewPackage(kase()).map((o) => o.validatorKey), ['sentinel', 'cartographer', 'steward']);
});

test('integrity mismatch: every validator BLOCKED with a critical reason', () => {
  const ops = reviewPackage(kase({}, { integrity: { ok: false, expected: 'sha512-abc', actual: 'sha512-def' } }));
  assert.equal(levels(ops), ['BLOCKED', 'BLOCKED', 'BLOCKED']);
  for (const o of ops) assert.match(o.reasons[0]!, /critical: distribution integrity mismatch.*sha512-abc.*sha512-def/);
});

test('advisories never block alone, and an unknown status is a reason, not a level', () => {
  const crit = kase({}, { advisories: { status: 'ok', advisories: [{ severity: 'critical', id: 'GHSA-x', title: 'RCE' }, { severity: 'critical', id: 'GHSA-y', title: 'RCE 2' }] } });
  assert.is(level(crit), 'CAUTION');
  assert.ok(packageVerdict(reviewPackage(crit)).reasons.some((r) => r.includes('GHSA-x')));
  const unknown = packageVerdict(reviewPackage(kase({}, { advisories: { status: 'unknown', advisories: [] } })));
  assert.is(unknown.securityLevel, 'CLEAR');
  assert.ok(unknown.reasons.some((r) => /advisory status unknown/.test(r)), unknown.reasons.join('\n'));
});

test('reasons name the finding, its file and line, rule and severity', () => {
  const v = packageVerdict(reviewPackage(kase({ findings: [finding('decode_exec', 'HIGH', 'obfuscation')] })));
  assert.ok(v.reasons.includes('decode_exec message (package/index.js:3) [decode_exec, HIGH]'), v.reasons.join('\n'));
  const clear = packageVerdict(reviewPackage(kase()));
  assert.match(clear.reasons[0]!, /No concerns/);
});

test('packageVerdict: the most severe level needs two validators, else the median', () => {
  const ops = (...ls: PackageSecurityLevel[]): PackageOpinion[] =>
    ls.map((level, i) => ({ validatorKey: (['sentinel', 'cartographer', 'steward'] as const)[i % 3]!, level, reasons: [`r${i}`] }));
  const cases: [PackageSecurityLevel[], PackageSecurityLevel][] = [
    [['CLEAR', 'CLEAR', 'CLEAR'], 'CLEAR'],
    [['BLOCKED', 'CLEAR', 'CLEAR'], 'CLEAR'],
    [['BLOCKED', 'BLOCKED', 'CLEAR'], 'BLOCKED'],
    [['BLOCKED', 'CAUTION', 'CLEAR'], 'CAUTION'],
    [['BLOCKED', 'CAUTION', 'CAUTION'], 'CAUTION'],
    [['CAUTION', 'MONITORED', 'MONITORED'], 'MONITORED'],
    [['CAUTION', 'MONITORED', 'CLEAR'], 'MONITORED'],
    [['MONITORED', 'CLEAR', 'CLEAR'], 'CLEAR'],
    [['BLOCKED', 'BLOCKED', 'BLOCKED'], 'BLOCKED'],
    [['CAUTION'], 'CAUTION'],
    [['BLOCKED', 'CLEAR'], 'BLOCKED'],
    [['BLOCKED', 'MONITORED', 'CLEAR', 'CLEAR'], 'MONITORED'],
  ];
  for (const [input, expected] of cases) {
    const v = packageVerdict(ops(...input));
    assert.is(v.securityLevel, expected, input.join(','));
    assert.is(v.councilVerdict, expected === 'BLOCKED' ? 'REJECTED' : 'APPROVED');
  }
  const minority = packageVerdict(ops('BLOCKED', 'CLEAR', 'CLEAR'));
  assert.ok(minority.reasons.some((r) => /minority view \(sentinel: BLOCKED\)/.test(r)), minority.reasons.join('\n'));
  assert.throws(() => packageVerdict([]));
});

test('validators are deterministic and do not mutate their input', () => {
  const c = kase({
    capabilities: ['env', 'network'],
    installScripts: [{ name: 'postinstall', command: 'node install.js' }],
    binaries: ['a.node'],
    analysisType: 'PARTIAL',
    findings: [finding('compiled_binary', 'MEDIUM', 'binary', 'a.node'), finding('hardcoded_secret', 'MEDIUM', 'secret'), finding('install_script_local', 'LOW', 'install_script')],
  }, { advisories: { status: 'unknown', advisories: [{ severity: 'moderate', id: 'B', title: 'b' }, { severity: 'high', id: 'A', title: 'a' }] } });
  const snapshot = JSON.stringify(c);
  const a = reviewPackage(c);
  const b = reviewPackage(JSON.parse(snapshot) as PackageCase);
  assert.equal(a, b);
  assert.is(JSON.stringify(c), snapshot);
  assert.equal(packageVerdict(a), packageVerdict(b));
  assert.is(packageVerdict(a).securityLevel, 'CAUTION');
});

test.run();
