import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash, randomUUID } from 'node:crypto';
import { db } from '../../shared/db/connection.js';
import { Certificate, CertificateState, CouncilRound, Submission, Vote, readSubmission } from '../../shared/db/models.js';
import { castBuiltInVotesInStep } from '../../shared/council/round.js';
import { runSandboxStep } from '../../shared/submissions/sandbox-step.js';
import { closeSkillAnalysisPool } from '../../shared/sandbox/skill-pool.js';
import '../../shared/submissions/verdict.js';
import { skillMd } from '../support/harness.js';
import { closeDb, useDb } from '../support/db.js';

/**
 * The sandbox job's one transaction per verdict (shared/submissions/sandbox-step.ts): the step, its round, the
 * built-in votes, the tally and the seal commit together, their writes sent as one compound statement; when the
 * votes fail, the step commits alone (the caller votes after); when another run moved the submission first,
 * nothing is written.
 */
const subs: string[] = [];

async function pending(opts: { name?: string; version?: string } = {}): Promise<string> {
  const id = randomUUID();
  const name = opts.name ?? `step-${id.slice(0, 8)}`;
  const content = skillMd({ name, version: opts.version ?? '1.0.0' });
  await db().query(
    `INSERT INTO submissions (id, owner, channel, category_key, product_type, idempotency_key, request_hash, status, status_changed_at, skill_name, skill_description, skill_version, content_sha256, skill_content, created_at, updated_at)
     VALUES (?, 'actor:step', 'api', 'SKILL', 'SKILL', ?, ?, 'PENDING_SANDBOX', NOW(3), ?, 'Summarises a markdown document.', ?, ?, ?, NOW(3), NOW(3))`,
    { replacements: [id, randomUUID(), 'a'.repeat(64), name, opts.version ?? '1.0.0', createHash('sha256').update(content).digest('hex'), content] },
  );
  subs.push(id);
  return id;
}

test.before(() => useDb());
test.after(async () => {
  const rounds = (await CouncilRound.findAll({ where: { submissionId: subs } })).map((r) => r.id);
  const certs = (await Certificate.findAll({ where: { submissionId: subs } })).map((c) => c.id);
  if (rounds.length) await db().query('DELETE FROM votes WHERE round_id IN (?)', { replacements: [rounds] });
  if (certs.length) {
    for (const table of ['certificate_states', 'certificate_search_docs', 'certificate_search_terms']) await db().query(`DELETE FROM ${table} WHERE certificate_id IN (?)`, { replacements: [certs] });
    await db().query('UPDATE submissions SET certificate_id = NULL WHERE id IN (?)', { replacements: [subs] });
    await db().query('DELETE FROM certificates WHERE id IN (?)', { replacements: [certs] });
  }
  if (rounds.length) await db().query('DELETE FROM council_rounds WHERE id IN (?)', { replacements: [rounds] });
  await db().query('DELETE FROM submissions WHERE id IN (?)', { replacements: [subs] });
  await closeSkillAnalysisPool();
  await closeDb();
});

test('the step and its built-in votes in one transaction: the verdict, the votes, the certificate, its state and search rows', async () => {
  const id = await pending();
  const opened = await runSandboxStep(id, (await readSubmission(id))!, undefined, castBuiltInVotesInStep);
  assert.ok(opened?.voted);
  const sub = (await Submission.findByPk(id))!;
  assert.is(sub.status, 'APPROVED');
  const round = (await CouncilRound.findByPk(opened!.id))!;
  assert.is(round.votesReceived, round.expectedVotes);
  assert.ok(round.closedAt);
  assert.is(await Vote.count({ where: { roundId: round.id } }), round.expectedVotes);
  const cert = (await Certificate.findByPk(sub.certificateId!))!;
  assert.is(cert.submissionId, id);
  assert.is((await CertificateState.findByPk(cert.id))!.status, 'APPROVED');
  const [[doc]] = (await db().query('SELECT words FROM certificate_search_docs WHERE certificate_id = ?', { replacements: [cert.id] })) as [[{ words: string }], unknown];
  assert.match(doc.words, ' step');
  // A second run finds the submission moved on and writes nothing.
  assert.is(await runSandboxStep(id, undefined, undefined, castBuiltInVotesInStep), null);
  assert.is(await CouncilRound.count({ where: { submissionId: id } }), 1);
});

test('the owner certified the skill before: the seal does not commit in its statement, the deprecations run in the same transaction', async () => {
  // The lazy transaction commits inside the seal's compound statement only when no other certificate of the
  // skill by the owner exists (shared/certificates/issue.ts); here one does, both ways round.
  const name = `step-versions-${randomUUID().slice(0, 8)}`;
  const approve = async (version: string) => {
    const id = await pending({ name, version });
    assert.ok((await runSandboxStep(id, (await readSubmission(id))!, undefined, castBuiltInVotesInStep))?.voted);
    const sub = (await Submission.findByPk(id))!;
    assert.is(sub.status, 'APPROVED');
    return sub.certificateId!;
  };
  const stateOf = async (certificateId: string) => (await CertificateState.findByPk(certificateId))!.status;
  const first = await approve('1.0.0');
  const newer = await approve('1.1.0');
  assert.is(await stateOf(first), 'DEPRECATED');
  assert.is(await stateOf(newer), 'APPROVED');
  const older = await approve('0.9.0');
  assert.is(await stateOf(older), 'DEPRECATED', 'a newer certified version exists');
  assert.is(await stateOf(newer), 'APPROVED');
});

test('votes that fail in the step: the step commits alone, the round open with no vote, for the caller to vote', async () => {
  const id = await pending();
  const opened = await runSandboxStep(id, (await readSubmission(id))!, undefined, async () => {
    throw new Error('a validator failed');
  });
  assert.ok(opened);
  assert.not.ok(opened!.voted);
  assert.is((await Submission.findByPk(id))!.status, 'PENDING_AUDIT');
  const round = (await CouncilRound.findByPk(opened!.id))!;
  assert.is(round.votesReceived, 0);
  assert.is(await CouncilRound.count({ where: { submissionId: id } }), 1);
});

test('another run moved the submission after it was read: nothing of this run is written', async () => {
  const id = await pending();
  const loaded = (await readSubmission(id))!;
  await db().query("UPDATE submissions SET status = 'SANDBOX_FAILED' WHERE id = ?", { replacements: [id] });
  assert.is(await runSandboxStep(id, loaded, undefined, castBuiltInVotesInStep), null);
  assert.is(await CouncilRound.count({ where: { submissionId: id } }), 0);
  assert.is((await Submission.findByPk(id))!.status, 'SANDBOX_FAILED');
});

test.run();
