import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BUILT_IN_VALIDATORS } from '../../shared/council/validators.js';
import { rejectionSummary, tallyVotes } from '../../shared/council/tally.js';
import type { CouncilCase, ProductType, ValidatorOpinion, VoteVerdict } from '../../shared/council/types.js';
import type { Finding, FindingCategory, SandboxReport, Severity } from '../../shared/sandbox/types.js';
import type { ParsedSkill } from '../../shared/skills/types.js';

// ---------------------------------------------------------------------------------------------
// Hand-built inputs
// ---------------------------------------------------------------------------------------------

function skill(over: Partial<ParsedSkill> = {}): ParsedSkill {
  const base: ParsedSkill = {
    name: 'weather-report',
    description: 'Fetches the current weather forecast for a city from the Open Weather API.',
    metadata: {},
    allowedTools: [],
    version: '1.0.0',
    content: '---\nname: weather-report\n---\n# Weather\n',
    body: '# Weather\n',
    bodyStartLine: 4,
    manifest: { externalCalls: ['https://api.weather.test/v1/forecast'], capabilities: ['network'] },
    contentSha256: '0'.repeat(64),
  };
  return { ...base, ...over };
}

function finding(
  ruleId: string,
  category: FindingCategory,
  severity: Severity,
  message: string,
  fix: string,
  line = 5,
): Finding {
  return { ruleId, category, severity, blocking: false, message, location: { line, column: 1, snippet: '' }, fix };
}

function sandbox(over: Partial<SandboxReport> = {}): SandboxReport {
  return {
    rulesetVersion: 'test-1',
    riskLevel: 'LOW',
    blocked: false,
    summary: 'No findings.',
    findings: [],
    observed: {
      urls: ['https://api.weather.test/v1/forecast?q=Paris'],
      hosts: ['api.weather.test'],
      capabilities: ['network'],
    },
    ...over,
  };
}

function councilCase(
  opts: { productType?: ProductType; skill?: Partial<ParsedSkill>; sandbox?: Partial<SandboxReport> } = {},
): CouncilCase {
  return {
    submissionId: 'sub-1',
    productType: opts.productType ?? 'SKILL',
    skill: skill(opts.skill),
    sandbox: sandbox(opts.sandbox),
  };
}

function review(c: CouncilCase): Record<string, ValidatorOpinion> {
  const out: Record<string, ValidatorOpinion> = {};
  for (const v of BUILT_IN_VALIDATORS) out[v.key] = v.review(c);
  return out;
}

function verdicts(c: CouncilCase): Record<string, VoteVerdict> {
  const out: Record<string, VoteVerdict> = {};
  for (const [k, o] of Object.entries(review(c))) out[k] = o.verdict;
  return out;
}

const HOST_FINDING = finding(
  'NET-HOST-001',
  'undeclared_external_host',
  'MEDIUM',
  'Undeclared external host api.evil.test.',
  'add it to manifest.externalCalls',
);
const EVIL_OBSERVED = {
  urls: ['https://api.weather.test/v1/forecast', 'https://api.evil.test/collect'],
  hosts: ['api.weather.test', 'api.evil.test'],
  capabilities: ['network'],
};
const CAP_FINDING = finding(
  'MANIFEST-CAP-001',
  'manifest_mismatch',
  'MEDIUM',
  'Content reads files outside its folder but manifest.capabilities does not declare filesystem:read.',
  'declare filesystem:read in manifest.capabilities or remove the file access',
);
const BLOB_FINDING = finding(
  'OBF-BLOB-001',
  'obfuscation',
  'MEDIUM',
  'Long base64 blob that decodes to text.',
  'remove the blob or explain it in plain text',
);
const HOMOGLYPH_FINDING = finding(
  'HIDDEN-HOMO-001',
  'hidden_content',
  'MEDIUM',
  'Cyrillic homoglyph in an identifier.',
  'use plain ASCII',
);

// ---------------------------------------------------------------------------------------------
// Shape
// ---------------------------------------------------------------------------------------------

test('exactly three built-in validators with stable keys', () => {
  assert.equal(
    BUILT_IN_VALIDATORS.map((v) => v.key),
    ['sentinel', 'cartographer', 'steward'],
  );
  assert.equal(
    BUILT_IN_VALIDATORS.map((v) => v.displayName),
    ['Sentinel', 'Cartographer', 'Steward'],
  );
  for (const v of BUILT_IN_VALIDATORS) assert.ok(v.lens.length > 10, v.key);
});

// ---------------------------------------------------------------------------------------------
// Validator consequences
// ---------------------------------------------------------------------------------------------

test('benign skill: all three APPROVE with CLEAR level and a reason', () => {
  const ops = review(councilCase());
  assert.equal(
    Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'APPROVE', cartographer: 'APPROVE', steward: 'APPROVE' },
  );
  for (const [k, o] of Object.entries(ops)) {
    assert.ok(o.reasons.length >= 1, k);
    assert.equal(o.findingsConsidered, [], k);
    assert.is(o.securityLevel, 'CLEAR', k);
  }
  assert.ok(ops.sentinel!.reasons.includes('No security findings at MEDIUM or above.'));
  assert.equal(tallyVotes(Object.values(ops).map((o) => o.verdict), 3).outcome, 'APPROVED');
});

test('declared origin (not a full URL) covers its host', () => {
  const v = verdicts(councilCase({ skill: { manifest: { externalCalls: ['https://api.weather.test'], capabilities: ['network'] } } }));
  assert.equal(v, { sentinel: 'APPROVE', cartographer: 'APPROVE', steward: 'APPROVE' });
});

test('undeclared external host at MEDIUM: cartographer and steward REJECT, sentinel APPROVE', () => {
  const c = councilCase({ sandbox: { riskLevel: 'MEDIUM', findings: [HOST_FINDING], observed: EVIL_OBSERVED } });
  const ops = review(c);
  assert.equal(
    Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'APPROVE', cartographer: 'REJECT', steward: 'REJECT' },
  );
  // Cartographer names the host and the fix; the recomputed host is not reported twice.
  assert.equal(ops.cartographer!.reasons, ['Undeclared external host api.evil.test (add it to manifest.externalCalls)']);
  assert.equal(ops.cartographer!.findingsConsidered, ['NET-HOST-001']);
  assert.is(ops.cartographer!.securityLevel, 'MEDIUM');
  assert.ok(ops.steward!.reasons.some((r) => r.includes('api.evil.test')));
  assert.equal(ops.steward!.findingsConsidered, ['NET-HOST-001']);
  // Sentinel ignores host categories.
  assert.equal(ops.sentinel!.findingsConsidered, []);
  assert.is(ops.sentinel!.securityLevel, 'CLEAR');
  assert.equal(tallyVotes(Object.values(ops).map((o) => o.verdict), 3).outcome, 'REJECTED');
});

test('cartographer recomputes uncovered hosts even without a finding', () => {
  const c = councilCase({ sandbox: { observed: EVIL_OBSERVED } });
  const ops = review(c);
  assert.is(ops.cartographer!.verdict, 'REJECT');
  assert.ok(ops.cartographer!.reasons[0]!.includes('api.evil.test'));
  assert.ok(ops.cartographer!.reasons[0]!.includes('manifest.externalCalls'));
  assert.is(ops.sentinel!.verdict, 'APPROVE');
  assert.is(ops.steward!.verdict, 'APPROVE');
});

test('a finding naming a parent domain does not hide an uncovered subdomain', () => {
  const f = finding('NET-HOST-001', 'undeclared_external_host', 'MEDIUM', 'Undeclared external host api.evil.test.', 'add it');
  const c = councilCase({
    sandbox: {
      findings: [f],
      observed: { urls: [], hosts: ['api.weather.test', 'api.evil.test', 'evil.test'], capabilities: ['network'] },
    },
  });
  const reasons = review(c).cartographer!.reasons;
  assert.is(reasons.length, 2);
  assert.ok(reasons[1]!.startsWith('observed host evil.test '));
});

test('capability mismatch at MEDIUM: cartographer and steward REJECT', () => {
  const c = councilCase({ sandbox: { riskLevel: 'MEDIUM', findings: [CAP_FINDING] } });
  const ops = review(c);
  assert.equal(
    Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'APPROVE', cartographer: 'REJECT', steward: 'REJECT' },
  );
  assert.ok(ops.cartographer!.reasons[0]!.includes('filesystem:read'));
  assert.ok(ops.cartographer!.reasons[0]!.includes('declare filesystem:read in manifest.capabilities'));
  assert.equal(ops.steward!.findingsConsidered, ['MANIFEST-CAP-001']);
});

test('encoded blob at MEDIUM only: sentinel ESCALATE, others APPROVE', () => {
  const ops = review(councilCase({ sandbox: { riskLevel: 'MEDIUM', findings: [BLOB_FINDING] } }));
  assert.equal(
    Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'ESCALATE', cartographer: 'APPROVE', steward: 'APPROVE' },
  );
  assert.equal(ops.sentinel!.findingsConsidered, ['OBF-BLOB-001']);
  assert.is(ops.sentinel!.securityLevel, 'MEDIUM');
  assert.is(ops.cartographer!.securityLevel, 'CLEAR');
  assert.equal(tallyVotes(Object.values(ops).map((o) => o.verdict), 3).outcome, 'ESCALATED');
});

test('homoglyph at MEDIUM only: sentinel ESCALATE, others APPROVE', () => {
  const v = verdicts(councilCase({ sandbox: { riskLevel: 'MEDIUM', findings: [HOMOGLYPH_FINDING] } }));
  assert.equal(v, { sentinel: 'ESCALATE', cartographer: 'APPROVE', steward: 'APPROVE' });
});

test('sentinel: MEDIUM shell or credential finding → REJECT; LOW only → APPROVE with a note', () => {
  const shell = finding('SHELL-EXEC-002', 'shell_execution', 'MEDIUM', 'Runs a subprocess.', 'remove the subprocess call');
  assert.is(review(councilCase({ sandbox: { findings: [shell] } })).sentinel!.verdict, 'REJECT');
  const cred = finding('CRED-001', 'credential_exfiltration', 'HIGH', 'Reads ~/.aws/credentials.', 'remove credential access');
  const op = review(councilCase({ sandbox: { findings: [cred, BLOB_FINDING] } })).sentinel!;
  assert.is(op.verdict, 'REJECT');
  assert.equal(op.findingsConsidered, ['CRED-001', 'OBF-BLOB-001']);
  assert.is(op.securityLevel, 'HIGH');

  const comment = finding('HIDDEN-COMMENT-001', 'hidden_content', 'INFO', 'HTML comment in body.', 'remove it');
  const low = review(councilCase({ sandbox: { findings: [comment] } })).sentinel!;
  assert.is(low.verdict, 'APPROVE');
  assert.is(low.securityLevel, 'LOW'); // INFO maps to LOW
  assert.equal(low.findingsConsidered, ['HIDDEN-COMMENT-001']);
  assert.ok(low.reasons.some((r) => r.startsWith('noted: ')));
});

test('AUDIT_SKILL declaring shell, everything else clean: steward REJECT only', () => {
  const c = councilCase({
    productType: 'AUDIT_SKILL',
    skill: {
      name: 'dependency-auditor',
      description: 'Inspects a package lockfile and reports known-vulnerable dependencies.',
      manifest: { externalCalls: ['https://api.weather.test'], capabilities: ['network', 'shell'] },
    },
  });
  const ops = review(c);
  assert.equal(
    Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'APPROVE', cartographer: 'APPROVE', steward: 'REJECT' },
  );
  assert.ok(ops.steward!.reasons[0]!.includes('shell'));
  assert.ok(ops.steward!.reasons[0]!.includes('read-only'));
});

test('AUDIT_SKILL showing env (observed) is rejected by steward; same skill as SKILL passes steward', () => {
  const observed = { urls: [], hosts: ['api.weather.test'], capabilities: ['network', 'env'] };
  assert.is(review(councilCase({ productType: 'AUDIT_SKILL', sandbox: { observed } })).steward!.verdict, 'REJECT');
  assert.is(review(councilCase({ productType: 'SKILL', sandbox: { observed } })).steward!.verdict, 'APPROVE');
  // filesystem:read is allowed for an auditor.
  const readOnly = { urls: [], hosts: ['api.weather.test'], capabilities: ['network', 'filesystem:read'] };
  assert.is(review(councilCase({ productType: 'AUDIT_SKILL', sandbox: { observed: readOnly } })).steward!.verdict, 'APPROVE');
});

test('thin description: steward REJECT only', () => {
  for (const description of ['Weather stuff.', 'weather report', 'Weather report weather report', 'WEATHER-REPORT weather report']) {
    const v = verdicts(councilCase({ skill: { description } }));
    assert.equal(v, { sentinel: 'APPROVE', cartographer: 'APPROVE', steward: 'REJECT' }, description);
  }
  const ok = verdicts(councilCase({ skill: { description: 'Reports the weather for a city.' } }));
  assert.is(ok.steward, 'APPROVE');
});

test('LOW findings become noted reasons but do not change an APPROVE', () => {
  const lowHost = finding('NET-HOST-009', 'undeclared_external_host', 'LOW', 'Documentation link to docs.weather.test.', 'none needed');
  const ops = review(councilCase({ sandbox: { findings: [lowHost] } }));
  assert.is(ops.steward!.verdict, 'APPROVE');
  assert.is(ops.cartographer!.verdict, 'APPROVE');
  assert.ok(ops.steward!.reasons.some((r) => r.startsWith('noted: Documentation link')));
  assert.is(ops.steward!.securityLevel, 'LOW');
});

test('validators are deterministic and do not mutate the case', () => {
  const c = councilCase({ sandbox: { findings: [HOST_FINDING, CAP_FINDING, BLOB_FINDING], observed: EVIL_OBSERVED } });
  const snapshot = JSON.stringify(c);
  const a = review(c);
  const b = review(c);
  assert.equal(a, b);
  assert.is(JSON.stringify(c), snapshot);
});

// ---------------------------------------------------------------------------------------------
// Tally
// ---------------------------------------------------------------------------------------------

test('tally table with three validators', () => {
  const A: VoteVerdict = 'APPROVE';
  const R: VoteVerdict = 'REJECT';
  const E: VoteVerdict = 'ESCALATE';
  const table: [VoteVerdict[], string][] = [
    [[A, A, A], 'APPROVED'],
    [[A, A, R], 'ESCALATED'],
    [[R, A, A], 'ESCALATED'],
    [[A, R, R], 'REJECTED'],
    [[R, R, R], 'REJECTED'],
    [[A, A, E], 'ESCALATED'],
    [[R, R, E], 'ESCALATED'],
    [[E, E, E], 'ESCALATED'],
  ];
  for (const [votes, outcome] of table) assert.is(tallyVotes(votes, 3).outcome, outcome, votes.join(','));
  assert.is(tallyVotes([A, A, R], 3).reason.startsWith('split vote'), true);
  assert.is(tallyVotes([A, A, E], 3).reason, 'high-risk signal: human review required');
});

test('tally: even councils and ties', () => {
  assert.is(tallyVotes(['APPROVE', 'REJECT'], 2).outcome, 'ESCALATED');
  assert.is(tallyVotes(['APPROVE', 'APPROVE', 'REJECT', 'REJECT'], 4).outcome, 'ESCALATED');
  assert.is(tallyVotes(['REJECT', 'REJECT', 'REJECT', 'APPROVE'], 4).outcome, 'REJECTED');
  assert.is(tallyVotes(['APPROVE'], 1).outcome, 'APPROVED');
});

test('tally throws on an incomplete round', () => {
  assert.throws(() => tallyVotes(['APPROVE', 'APPROVE'], 3));
  assert.throws(() => tallyVotes(['APPROVE', 'APPROVE', 'APPROVE', 'APPROVE'], 3));
  assert.throws(() => tallyVotes([], 0));
});

// ---------------------------------------------------------------------------------------------
// rejectionSummary
// ---------------------------------------------------------------------------------------------

test('rejectionSummary: dedupes REJECT reasons in validator order', () => {
  const c = councilCase({ sandbox: { findings: [HOST_FINDING], observed: EVIL_OBSERVED } });
  const opinions = BUILT_IN_VALIDATORS.map((v) => ({ validatorKey: v.key, ...v.review(c) }));
  const s = rejectionSummary(opinions);
  assert.is(s, 'Rejected by 2 of 3 validators: Undeclared external host api.evil.test (add it to manifest.externalCalls).');
});

test('rejectionSummary: several reasons, approvals and notes ignored', () => {
  const s = rejectionSummary([
    { validatorKey: 'sentinel', verdict: 'APPROVE', reasons: ['No security findings at MEDIUM or above.'] },
    { validatorKey: 'cartographer', verdict: 'REJECT', reasons: ['host a.test undeclared (add it).', 'noted: a link'] },
    { validatorKey: 'steward', verdict: 'REJECT', reasons: ['description is too thin', 'host a.test undeclared (add it)'] },
  ]);
  assert.is(s, 'Rejected by 2 of 3 validators: host a.test undeclared (add it); description is too thin.');
  assert.is(
    rejectionSummary([{ validatorKey: 'sentinel', verdict: 'APPROVE', reasons: ['ok'] }]),
    'No validator rejected the submission.',
  );
});

test('rejectionSummary stays under 1000 characters', () => {
  const reasons = Array.from({ length: 40 }, (_, i) => `reason number ${i} ${'x'.repeat(60)}`);
  const s = rejectionSummary([
    { validatorKey: 'cartographer', verdict: 'REJECT', reasons },
    { validatorKey: 'steward', verdict: 'REJECT', reasons: ['y'.repeat(5000)] },
  ]);
  assert.ok(s.length < 1000, String(s.length));
  assert.ok(s.startsWith('Rejected by 2 of 2 validators: reason number 0 '));
  assert.match(s, /; and \d+ more reasons\.$/);
});

test.run();
