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
    manifestDeclared: { capabilities: true, externalCalls: true },
    allowedToolCapabilities: [],
    parseNotes: [],
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
  blocking = false,
): Finding {
  return { ruleId, category, severity, blocking, message, location: { line, column: 1, snippet: '' }, fix };
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
  'HOST-UNDECL-001',
  'undeclared_external_host',
  'MEDIUM',
  'Sends data to "api.evil.test" (https://api.evil.test/collect), which the declared manifest.externalCalls leaves out.',
  'Add the host to manifest.externalCalls, or remove the call.',
);
const HOST_REASON = 'Sends data to "api.evil.test" (https://api.evil.test/collect), which the declared manifest.externalCalls leaves out (Add the host to manifest.externalCalls, or remove the call) [HOST-UNDECL-001]';
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
  'LOW',
  'Long base64 blob that decodes to text.',
  'Remove hidden or encoded content; write instructions in plain visible text.',
);
const SPLIT_FINDING = finding(
  'HIDDEN-SPLIT-001',
  'hidden_content',
  'MEDIUM',
  'Soft hyphens split the word "ignore".',
  'Remove hidden or encoded content; write instructions in plain visible text.',
);
const HOMOGLYPH_FINDING = finding(
  'HIDDEN-HOMO-001',
  'hidden_content',
  'LOW',
  'Cyrillic homoglyph in a word.',
  'Remove hidden or encoded content; write instructions in plain visible text.',
);
const HOMOGLYPH_HOST_FINDING = finding(
  'HIDDEN-HOMO-002',
  'hidden_content',
  'CRITICAL',
  'Host "p\u0430ypal.com" written with a Cyrillic look-alike letter.',
  'Remove hidden or encoded content; write instructions in plain visible text.',
  5,
  true,
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
  assert.equal(ops.sentinel!.reasons, ['No security findings.']);
  assert.equal(ops.cartographer!.reasons, ['Behaviour is consistent with the declared manifest.']);
  assert.equal(tallyVotes(Object.values(ops).map((o) => o.verdict), 3).outcome, 'APPROVED');
});

test('declared origin (not a full URL) covers its host', () => {
  const v = verdicts(councilCase({ skill: { manifest: { externalCalls: ['https://api.weather.test'], capabilities: ['network'] } } }));
  assert.equal(v, { sentinel: 'APPROVE', cartographer: 'APPROVE', steward: 'APPROVE' });
});

test('data sent to an undeclared host (HOST-UNDECL-001, MEDIUM): cartographer and steward REJECT, sentinel APPROVE', () => {
  const c = councilCase({ sandbox: { riskLevel: 'MEDIUM', findings: [HOST_FINDING], observed: EVIL_OBSERVED } });
  const ops = review(c);
  assert.equal(
    Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'APPROVE', cartographer: 'REJECT', steward: 'REJECT' },
  );
  // Cartographer names the host and the fix and cites the rule id; the host is not reported twice.
  assert.equal(ops.cartographer!.reasons, [HOST_REASON]);
  assert.equal(ops.cartographer!.findingsConsidered, ['HOST-UNDECL-001']);
  assert.is(ops.cartographer!.securityLevel, 'MEDIUM');
  // Steward: the user is not told where their data goes.
  assert.equal(ops.steward!.reasons, [HOST_REASON]);
  assert.equal(ops.steward!.findingsConsidered, ['HOST-UNDECL-001']);
  // Sentinel ignores host categories.
  assert.equal(ops.sentinel!.findingsConsidered, []);
  assert.is(ops.sentinel!.securityLevel, 'CLEAR');
  assert.equal(tallyVotes(Object.values(ops).map((o) => o.verdict), 3).outcome, 'REJECTED');
});

test('SKILL: an observed host without a finding is not recomputed into a rejection; AUDIT_SKILL: steward rejects it', () => {
  // The sandbox decides what an uncovered host weighs; the council does not recompute hosts for a SKILL.
  const skillOps = review(councilCase({ sandbox: { observed: EVIL_OBSERVED } }));
  assert.equal(
    Object.fromEntries(Object.entries(skillOps).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'APPROVE', cartographer: 'APPROVE', steward: 'APPROVE' },
  );
  // An auditor must be read-only and disclose every host it calls.
  const audit = review(councilCase({ productType: 'AUDIT_SKILL', sandbox: { observed: EVIL_OBSERVED } }));
  assert.is(audit.cartographer!.verdict, 'APPROVE');
  assert.is(audit.steward!.verdict, 'REJECT');
  assert.equal(audit.steward!.reasons, [
    'observed host api.evil.test is not covered by manifest.externalCalls (add it to manifest.externalCalls or remove the call)',
  ]);
});

test('skill without a manifest: cartographer APPROVEs and discloses the inferred capabilities', () => {
  const c = councilCase({
    skill: { manifest: { externalCalls: [], capabilities: [] }, manifestDeclared: { capabilities: false, externalCalls: false } },
    sandbox: { observed: { urls: ['https://api.weather.test/v1/forecast'], hosts: ['api.weather.test'], capabilities: ['network', 'shell'] } },
  });
  const ops = review(c);
  assert.equal(
    Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'APPROVE', cartographer: 'APPROVE', steward: 'APPROVE' },
  );
  assert.equal(ops.cartographer!.reasons, [
    'No manifest declared; capabilities inferred from behaviour (network, shell) and disclosed on the certificate.',
  ]);
});

test('AUDIT_SKILL: a finding naming a parent domain does not hide an uncovered subdomain', () => {
  const f = finding('HOST-UNDECL-001', 'undeclared_external_host', 'MEDIUM', 'Sends data to "api.evil.test".', 'add it');
  const c = councilCase({
    productType: 'AUDIT_SKILL',
    sandbox: {
      findings: [f],
      observed: { urls: [], hosts: ['api.weather.test', 'api.evil.test', 'evil.test'], capabilities: ['network'] },
    },
  });
  const reasons = review(c).steward!.reasons;
  // api.evil.test is named by the finding (one reason), evil.test is not (its own reason).
  assert.is(reasons.length, 2);
  assert.ok(reasons[0]!.includes('[HOST-UNDECL-001]'));
  assert.ok(reasons[1]!.startsWith('observed host evil.test '));
});

test('declared capabilities contradicted at MEDIUM (MANIFEST-CAP-001): cartographer and steward REJECT with one sentence; LOW (-004) is noted', () => {
  const c = councilCase({ sandbox: { riskLevel: 'MEDIUM', findings: [CAP_FINDING] } });
  const ops = review(c);
  assert.equal(
    Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'APPROVE', cartographer: 'REJECT', steward: 'REJECT' },
  );
  assert.ok(ops.cartographer!.reasons[0]!.includes('filesystem:read'));
  assert.ok(ops.cartographer!.reasons[0]!.includes('declare filesystem:read in manifest.capabilities'));
  assert.ok(ops.cartographer!.reasons[0]!.endsWith('[MANIFEST-CAP-001]'));
  // A listing that hides a risky capability misinforms users: the same finding, the same sentence.
  assert.equal(ops.steward!.reasons, [ops.cartographer!.reasons[0]!]);
  assert.equal(tallyVotes(Object.values(ops).map((o) => o.verdict), 3).outcome, 'REJECTED');

  // A visible shell block the declared capabilities leave out is LOW: noted, not a rejection.
  const visible = finding('MANIFEST-CAP-004', 'manifest_mismatch', 'LOW',
    'The skill uses capability "shell" (```bash block at line 12) but the declared capabilities leave it out.',
    'Make the declared capabilities in the manifest match the behaviour of the skill.');
  const low = review(councilCase({ sandbox: { findings: [visible] } })).cartographer!;
  assert.is(low.verdict, 'APPROVE');
  assert.is(low.securityLevel, 'LOW');
  assert.ok(low.reasons.some((r) => r.startsWith('noted: The skill uses capability "shell"') && r.endsWith('[MANIFEST-CAP-004, LOW]')));
});

test('MEDIUM concealment only (HIDDEN-SPLIT-001): sentinel ESCALATE, others APPROVE; a LOW blob is only noted', () => {
  const ops = review(councilCase({ sandbox: { riskLevel: 'MEDIUM', findings: [SPLIT_FINDING] } }));
  assert.equal(
    Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'ESCALATE', cartographer: 'APPROVE', steward: 'APPROVE' },
  );
  assert.equal(ops.sentinel!.findingsConsidered, ['HIDDEN-SPLIT-001']);
  assert.ok(ops.sentinel!.reasons[0]!.startsWith('human review required: Soft hyphens split'));
  assert.ok(ops.sentinel!.reasons[0]!.endsWith('[HIDDEN-SPLIT-001]'));
  assert.is(ops.sentinel!.securityLevel, 'MEDIUM');
  assert.is(ops.cartographer!.securityLevel, 'CLEAR');
  assert.equal(tallyVotes(Object.values(ops).map((o) => o.verdict), 3).outcome, 'ESCALATED');

  const blob = review(councilCase({ sandbox: { findings: [BLOB_FINDING] } })).sentinel!;
  assert.is(blob.verdict, 'APPROVE');
  assert.is(blob.securityLevel, 'LOW');
  assert.ok(blob.reasons.includes('noted: Long base64 blob that decodes to text [OBF-BLOB-001, LOW]'));
});

test('homoglyphs: a mixed-script word (LOW) is approved, a look-alike host (CRITICAL, blocking) is rejected', () => {
  const word = verdicts(councilCase({ sandbox: { findings: [HOMOGLYPH_FINDING] } }));
  assert.equal(word, { sentinel: 'APPROVE', cartographer: 'APPROVE', steward: 'APPROVE' });
  const host = review(councilCase({ sandbox: { blocked: true, findings: [HOMOGLYPH_HOST_FINDING] } }));
  assert.is(host.sentinel!.verdict, 'REJECT');
  assert.ok(host.sentinel!.reasons[0]!.endsWith('[HIDDEN-HOMO-002]'));
  assert.is(host.sentinel!.securityLevel, 'CRITICAL');
});

test('sentinel: blocking → REJECT; HIGH non-blocking → ESCALATE; MEDIUM behaviour → APPROVE noted; LOW only → APPROVE', () => {
  // A blocking finding (exfiltration) rejects, citing the rule id; the LOW blob is noted, not a rejection reason.
  const cred = finding('CRED-EXFIL-001', 'credential_exfiltration', 'CRITICAL',
    'Reads .aws/credentials and sends data outbound (curl) in the same code block, which leaks it.',
    'Remove code that sends environment variables or credentials outbound.', 9, true);
  const op = review(councilCase({ sandbox: { findings: [cred, BLOB_FINDING] } })).sentinel!;
  assert.is(op.verdict, 'REJECT');
  assert.is(op.reasons[0], 'Reads .aws/credentials and sends data outbound (curl) in the same code block, which leaks it (Remove code that sends environment variables or credentials outbound) [CRED-EXFIL-001]');
  assert.equal(op.reasons.slice(1), ['noted: Long base64 blob that decodes to text [OBF-BLOB-001, LOW]']);
  assert.equal(op.findingsConsidered, ['CRED-EXFIL-001', 'OBF-BLOB-001']);
  assert.is(op.securityLevel, 'CRITICAL');

  // An installer from an unknown host is HIGH but not blocking: a human checks it.
  const unknown = finding('SHELL-PIPE-003', 'shell_execution', 'HIGH', 'Runs a script downloaded from get.tool.dev.', 'Remove shell execution from runtime code.');
  const esc = review(councilCase({ sandbox: { findings: [unknown] } })).sentinel!;
  assert.is(esc.verdict, 'ESCALATE');
  assert.ok(esc.reasons[0]!.startsWith('human review required: Runs a script downloaded from get.tool.dev'));
  assert.ok(esc.reasons[0]!.endsWith('[SHELL-PIPE-003]'));

  // The vendor's own installer (MEDIUM, non-blocking behaviour) is approved and kept as a noted warning.
  const vendor = finding('SHELL-PIPE-002', 'shell_execution', 'MEDIUM', "Runs the vendor's remote installer from sh.rustup.rs.", 'Remove shell execution from runtime code.');
  const approved = review(councilCase({ sandbox: { findings: [vendor] } })).sentinel!;
  assert.is(approved.verdict, 'APPROVE');
  assert.is(approved.securityLevel, 'MEDIUM');
  assert.ok(approved.reasons.includes("noted: Runs the vendor's remote installer from sh.rustup.rs [SHELL-PIPE-002, MEDIUM]"));

  const comment = finding('HIDDEN-COMMENT-002', 'hidden_content', 'INFO', 'HTML comment in body.', 'remove it');
  const low = review(councilCase({ sandbox: { findings: [comment] } })).sentinel!;
  assert.is(low.verdict, 'APPROVE');
  assert.is(low.securityLevel, 'LOW'); // INFO maps to LOW
  assert.equal(low.findingsConsidered, ['HIDDEN-COMMENT-002']);
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

test('thin description: steward REJECT only, and only over behaviour the description leaves out (a MEDIUM+ finding)', () => {
  const cron = finding('EFFECT-PERSIST-002', 'shell_execution', 'MEDIUM', 'Sets up a cron job, which runs again later.', 'Say in the skill what runs and how to remove it.');
  for (const description of ['Weather stuff.', 'weather report', 'Weather report weather report', 'WEATHER-REPORT weather report']) {
    const v = verdicts(councilCase({ skill: { description }, sandbox: { findings: [cron] } }));
    assert.equal(v, { sentinel: 'APPROVE', cartographer: 'APPROVE', steward: 'REJECT' }, description);
    // (issue 21: with nothing to disclose the wording alone is a note, not a vote against)
    const quiet = review(councilCase({ skill: { description } }));
    assert.is(quiet.steward!.verdict, 'APPROVE', description);
    assert.ok(quiet.steward!.reasons.some((r) => r.startsWith('noted: description')), description);
  }
  const ok = verdicts(councilCase({ skill: { description: 'Reports the weather for a city.' } }));
  assert.is(ok.steward, 'APPROVE');
});

test('LOW findings (an uncovered host called, HOST-UNDECL-002) become noted reasons but do not change an APPROVE', () => {
  const lowHost = finding('HOST-UNDECL-002', 'undeclared_external_host', 'LOW',
    'Calls "status.weather.test" (https://status.weather.test/ping), which the declared manifest.externalCalls leaves out.',
    'Add the host to manifest.externalCalls, or remove the call.');
  const ops = review(councilCase({ sandbox: { findings: [lowHost] } }));
  assert.equal(
    Object.fromEntries(Object.entries(ops).map(([k, o]) => [k, o.verdict])),
    { sentinel: 'APPROVE', cartographer: 'APPROVE', steward: 'APPROVE' },
  );
  assert.ok(ops.cartographer!.reasons.some((r) => r.startsWith('noted: Calls "status.weather.test"') && r.endsWith('[HOST-UNDECL-002, LOW]')));
  assert.is(ops.cartographer!.securityLevel, 'LOW');
  // Steward rejects only when data goes to an undisclosed host; a call is in its lens but not a rejection.
  assert.equal(ops.steward!.findingsConsidered, ['HOST-UNDECL-002']);
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

test('rejectionSummary: REJECT reasons in validator order, citing the finding and its fix', () => {
  const c = councilCase({ sandbox: { findings: [HOST_FINDING], observed: EVIL_OBSERVED } });
  const opinions = BUILT_IN_VALIDATORS.map((v) => ({ validatorKey: v.key, ...v.review(c) }));
  const s = rejectionSummary(opinions);
  assert.ok(s.startsWith(`Rejected by 2 of 3 validators: ${HOST_REASON}`), s);
  assert.ok(s.includes('api.evil.test'));
  assert.ok(s.includes('Add the host to manifest.externalCalls'));
});

test('rejectionSummary: several reasons, approvals and notes ignored', () => {
  const s = rejectionSummary([
    { validatorKey: 'sentinel', verdict: 'APPROVE', reasons: ['No security findings.'] },
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
