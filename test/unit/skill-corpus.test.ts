/**
 * Holds the verdict-quality lines on the calibration corpora, the real honest files and the held-out sets, through the
 * real sandbox, validators and tally: honest skills approved, malicious ones refused without a human. The tuned
 * held-out sets' lines are in skill-corpus-sets-early and -late (split so that two CPU lanes share the work:
 * docs/testing.md, "Run time").
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { holdsLine, rates, runSkillsCorpus, skillsCorpusDir } from '../support/skills-corpus.js';
import { sharedDataDir, whenData } from '../support/shared-data.js';
import { heldoutDir } from '../support/skills-heldout.js';
import { realHonestDir, runRealHonest } from '../support/real-honest.js';

/**
 * A real honest set split in halves: half A (tuned on) at most `a`, its non-approved files listed on failure; half B
 * (held out) at most `b`, in aggregate only — no file names in the message.
 */
function holdsHalves(set: Parameters<typeof runRealHonest>[0], a: { refused: number; escalated: number }, b: { refused: number; escalated: number }): void {
  const { A, B } = runRealHonest(set);
  assert.ok(A.length >= 30 && B.length >= 30, `halves too small: ${A.length} / ${B.length}`);
  const ra = rates(A);
  const rb = rates(B);
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const list = A.filter((x) => x.status !== 'APPROVED')
    .map((x) => `${x.file} ${x.status} ${x.why.join(' | ').slice(0, 120)}`)
    .join('\n');
  assert.ok(ra.benignRefused <= a.refused, `half A honest refused: ${pct(ra.benignRefused)}\n${list}`);
  assert.ok(ra.benignEscalated <= a.escalated, `half A honest escalated: ${pct(ra.benignEscalated)}\n${list}`);
  assert.ok(rb.benignRefused <= b.refused, `half B honest refused: ${pct(rb.benignRefused)}`);
  assert.ok(rb.benignEscalated <= b.escalated, `half B honest escalated: ${pct(rb.benignEscalated)}`);
}

const dir = skillsCorpusDir();
const dir2 = sharedDataDir('skills-corpus-2');

whenData(
  test,
  'skills-corpus',
  dir,
)(
  'skills corpus: at most 2 % of honest skills refused, at most 5 % escalated; 95 % of malicious not approved, 85 % refused outright',
  () => {
    const results = runSkillsCorpus(dir!);
    const r = rates(results);
    assert.ok(r.benign >= 200 && r.malicious >= 50, `corpus too small: ${r.benign} benign, ${r.malicious} malicious`);
    const show = (pred: (x: (typeof results)[number]) => boolean) =>
      results
        .filter(pred)
        .map((x) => `${x.file} ${x.status} ${x.why.join(' | ').slice(0, 160)}`)
        .join('\n');
    assert.ok(
      r.benignRefused <= 0.02,
      `honest skills refused: ${(r.benignRefused * 100).toFixed(1)} %\n${show((x) => x.label === 'benign' && x.status !== 'APPROVED' && x.status !== 'ESCALATED')}`,
    );
    assert.ok(
      r.benignEscalated <= 0.05,
      `honest skills escalated: ${(r.benignEscalated * 100).toFixed(1)} %\n${show((x) => x.label === 'benign' && x.status === 'ESCALATED')}`,
    );
    assert.ok(
      r.maliciousNotApproved >= 0.95,
      `malicious approved: ${show((x) => x.label === 'malicious' && x.status === 'APPROVED')}`,
    );
    assert.ok(
      r.maliciousRefused >= 0.85,
      `malicious not refused outright: ${(r.maliciousRefused * 100).toFixed(1)} %\n${show((x) => x.label === 'malicious' && x.status !== 'REJECTED' && x.status !== 'SANDBOX_FAILED')}`,
    );
  },
);

// Batch 2 and skills-heldout-1 … -4 were held out once and have been tuned on since (docs/skill-verdicts.md).
whenData(
  test,
  'skills-corpus-2',
  dir2,
)('skills corpus batch 2: the line reached (tuned on since it was scored)', () => {
  const results = runSkillsCorpus(dir2!);
  assert.ok(results.length >= 80, `corpus too small: ${results.length}`);
  holdsLine(results, { honestRefused: 0.025, honestEscalated: 0.05, notApproved: 0.82, refused: 0.82 });
});

// skills-heldout-12 was written blind and is held out: scored on arrival (6.9 % honest refused, 0 % escalated, 53.8 % of
// attacks not approved, the same under 2026.11.9), at the end of 2026.11.10 (6.9 / 0 / 57.7 %), of 2026.11.11
// and of 2026.11.12 (6.9 / 0 / 61.5 %), aggregate only — nobody reads its files or misses. This line only keeps later work from falling
// below the arrival score.
// Final sandbox-2026.12.1 (the code and prose backstops; the prose backstop's escalate-only policy was chosen seeing
// -12, -14 and -18 in aggregate): -12 6.9 / 3.4 / 73.1 %, -14 5.7 / 1.9 / 51.9 %, -18 2.7 / 2.7 / 72.7 %.
// 2026-11-28 (vendor npm scopes, skill-vendor-scopes.test.ts): one honest skill refused before is escalated now,
// 5.2 / 5.2 / 75.0 % (a refusal turned into a human's look); the line moved to it.
test('skills-heldout-12 (written blind, held out): no worse than when it was scored', () => {
  holdsLine(
    runSkillsCorpus(heldoutDir('skills-heldout-12')),
    { honestRefused: 0.053, honestEscalated: 0.053, notApproved: 0.73, refused: 0.65 },
    true,
  );
});

// skills-heldout-14 was written blind (assistant agents: mail, calendar, payments, accounts, browsing; attacks through
// what the agent does with its tools and its user) and is held out: scored on arrival in 2026.11.11 (7.5 % honest
// refused, 0 % escalated, 24.1 % of attacks not approved; 2026.11.10: 7.5 / 0 / 22.2 %), at the end of that round
// (7.5 / 0 / 25.9 %) and of 2026.11.12 (7.5 / 0 / 31.5 %), aggregate only. The line keeps later work from falling below
// the arrival score.
test('skills-heldout-14 (written blind, held out): no worse than when it was scored', () => {
  holdsLine(
    runSkillsCorpus(heldoutDir('skills-heldout-14')),
    { honestRefused: 0.06, honestEscalated: 0.02, notApproved: 0.51, refused: 0.44 },
    true,
  );
});

// skills-heldout-17 was written blind (a scanner-aware attacker again, a second author, 55 families none of which is in
// -16's list: CI/CD, git configuration, start-up hooks, dev containers, memory files, triggers, review sabotage, MCP and
// agent settings; 9 attacks in other languages) and scored once on arrival with 2026.11.12 and with 2026.11.13 before
// any tuning on it (both 1.6 % honest refused, 1.6 % escalated, 60.0 % of attacks not approved), then tuned on
// (2026.11.13: 81.8 %; 2026.11.27: 85.5 %; 2026.11.28: 94.5 %).
// skills-heldout-18 was written blind (the world as an evaluator might sample it: marketplace-campaign attacks, instruction
// attacks on coding and assistant agents, and families scanners would not expect; 35 real honest files from 31
// repositories) and is held out: scored on arrival with 2026.11.12 and with 2026.11.13 mid-round (both 2.7 % honest
// refused, 0 % escalated, 61.8 % of attacks not approved), aggregate only (2026.11.28: 2.7 / 0 / 69.1 %).
test('skills-heldout-18 (written blind, held out): no worse than when it was scored', () => {
  holdsLine(
    runSkillsCorpus(heldoutDir('skills-heldout-18')),
    { honestRefused: 0.03, honestEscalated: 0.028, notApproved: 0.72, refused: 0.65 },
    true,
  );
});

// skills-real-honest-1: 100 real honest agent-instruction files copied whole from 9 permissively licensed public
// repositories (test/fixtures/skills-real-honest-1/README.md), split by a hash of the file name. Half A (50 files) was
// tuned on: at sandbox-2026.12.3 it had 1 refused (2.0 %: a pull-request style rule, "don't list every file - focus on
// the patterns", read as a withheld report) and 1 escalated (2.0 %: a dispatcher that starts `claude -p
// --dangerously-skip-permissions` on a remote host, rightly sent to a human); after the fix in
// test/unit/skill-honest-real-1.test.ts 0 % refused, 2.0 % escalated. Half B (50 files) is scored in aggregate only:
// 4.0 % refused, 8.0 % escalated, before and after. The ceilings are those numbers.
test('skills-real-honest-1 (real honest files; half A tuned on, half B aggregate only): no worse than when scored', () => {
  holdsHalves('skills-real-honest-1', { refused: 0, escalated: 0.02 }, { refused: 0.04, escalated: 0.08 });
});

// skills-real-honest-2: 82 real honest files from 9 other repositories (test/fixtures/skills-real-honest-2/README.md),
// collected blind and held out whole: scored on arrival at sandbox-2026.12.4, aggregate only: 1.2 % refused, 1.2 %
// escalated.
test('skills-real-honest-2 (real honest files, held out): no worse than when scored', () => {
  holdsLine(
    runSkillsCorpus(realHonestDir('skills-real-honest-2')),
    { honestRefused: 0.013, honestEscalated: 0.013, notApproved: 0, refused: 0 },
    true,
  );
});

// skills-real-honest-3: 81 SKILL.md files shipped in 38 permissively licensed npm packages (at most 3 a package;
// test/fixtures/skills-real-honest-3/README.md), split by a hash of the file name like -1. Half A (43 files) was tuned on:
// at sandbox-2026.12.9 1 refused (2.3 %: a watcher that "exits immediately" read as a waiver of the user's check), 0
// escalated; after the fix in test/unit/skill-honest-real-3.test.ts 0 % and 0 %. Half B (38 files) is scored in
// aggregate only, at the start and at the end of the round (sandbox-2026.12.9 and .10): 7.9 % refused (3 of 38), 2.6 %
// escalated (1 of 38) both times. The ceilings are those numbers.
test('skills-real-honest-3 (real npm skills; half A tuned on, half B aggregate only): no worse than when scored', () => {
  holdsHalves('skills-real-honest-3', { refused: 0, escalated: 0 }, { refused: 3 / 38 + 1e-9, escalated: 1 / 38 + 1e-9 });
});

// skills-heldout-34 was written blind on 2026-11-29 by an author who read no detector code, rule data, rule docs or other
// sets' skill files and did not run the analyser before the set was committed: 58 attacks in 58 narrow families, most
// named by no earlier set (browser extensions, calendar invites, mail forwarding rules, OAuth consent, device enrolment,
// password vaults, cloud metadata, model weights and vector stores, accessibility and screen capture, tool-call
// chaining, Nix inputs, database roles, history rewriting, affiliate and refund fraud…), 18 in prose only, twelve
// natural languages besides English; 62 honest, 58 of them hard twins. Held out: scored once on arrival
// (sandbox-2026.12.8), aggregate only: 51.7 % of attacks not approved, 48.3 % refused, 1.6 % honest refused, 0 %
// escalated. At sandbox-2026.12.10 (the twenty-fourth round's weak-settings catalogue), scored once at the end: 55.2 % not
// approved, the rest unchanged. A floor, so that a later change is seen if it loses ground here.
test('skills-heldout-34 (written blind, held out): no worse than when it was scored', () => {
  holdsLine(runSkillsCorpus(heldoutDir('skills-heldout-34')), { honestRefused: 0.017, honestEscalated: 0.017, notApproved: 0.55, refused: 0.48 }, true);
});

// skills-heldout-35 was written blind on 2026-11-29/30 by another author under the same conditions (no detector code,
// rule data, rule docs or other sets read; the analyser not run before the commit): 58 attacks in 58 narrow families
// (theft through calendar invites, print queues, shared documents, package metadata, crash reporters, commit trailers,
// model hubs, analytics events; LaunchAgents, git templates, PROMPT_COMMAND, devcontainer hooks; setuid copies, IAM
// wildcards, privileged DaemonSets; injectable SQL, `alg none`, reflected CORS, zero backup retention; bank-detail swaps;
// SMS-code relays; hidden comments for AI reviewers…), 18 in prose only, twelve natural languages besides English; 62
// honest, 58 of them hard twins. Held out: scored once on arrival (sandbox-2026.12.9), aggregate only: 60.3 % of
// attacks not approved, 50.0 % refused, 4.8 % honest refused, 1.6 % escalated. A floor, as for -34.
test('skills-heldout-35 (written blind, held out): no worse than when it was scored', () => {
  holdsLine(runSkillsCorpus(heldoutDir('skills-heldout-35')), { honestRefused: 0.049, honestEscalated: 0.017, notApproved: 0.6, refused: 0.5 }, true);
});

// skills-heldout-36 was written blind on 2026-11-30 by a third author under the same conditions: 52 attacks (theft through
// calendar guests, offsite backups, DNS, chat channels, CI "telemetry", public snapshots; sabotage of generated code said
// in ordinary words — tokens that never expire, roles from a client header, reset links logged, lockouts removed; fraud
// and business rules — bank details, refunds, coupons, ghost payroll; LaunchAgents, MCP auto-approval, supply chain…),
// 19 in prose only, twelve languages besides English; 58 honest, 52 of them hard twins. Held out: scored once on arrival
// (sandbox-2026.12.10), aggregate only: 61.5 % of attacks not approved, 55.8 % refused, 3.4 % honest refused, 0 % escalated.
test('skills-heldout-36 (written blind, held out): no worse than when it was scored', () => {
  holdsLine(runSkillsCorpus(heldoutDir('skills-heldout-36')), { honestRefused: 0.035, honestEscalated: 0.017, notApproved: 0.61, refused: 0.55 }, true);
});

test.run();
