import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { db } from '../../shared/db/connection.js';
import { CertificateState, CouncilRound, Submission, Validator, insertBuilt, lockRoundWithSubmission, lockSubmissionInStatus, readSubmission, saveChanged } from '../../shared/db/models.js';
import { castBuiltInVotesOpened } from '../../shared/council/round.js';
import { isBuiltIn } from '../../shared/council/seats.js';
import '../../shared/submissions/verdict.js';
import { loadSubmissionViews, newSubmissionViews } from '../../shared/submissions/views.js';
import { closeDb, useDb } from '../support/db.js';

/**
 * The verdict's hot reads without Sequelize building each statement (docs/benchmarks.md, verdict
 * throughput): the status read is one statement (the submission, its latest round with the votes, its
 * certificate and the certificate's state), the vote transaction locks its round and submission in one,
 * and the sandbox step locks a submission it read before without reading it again; the sandbox job's first
 * read and the seal's INSERTs are raw. Each gives what the model reads and writes gave.
 */
// A stored report's finding as the analyser writes it (a round decided APPROVED seals it as a retained warning).
const STORED_FINDING = { ruleId: 'X-1', category: 'undeclared_external_host', severity: 'LOW', blocking: false, message: 'a note', location: { line: 1, column: 1, snippet: 'body' }, fix: 'none' };
const subs: string[] = [];
const certs: string[] = [];
const rounds: string[] = [];

async function submission(status: string, extra: { certificateId?: string } = {}): Promise<string> {
  const id = randomUUID();
  await db().query(
    `INSERT INTO submissions (id, owner, channel, category_key, product_type, idempotency_key, request_hash, status, status_changed_at, skill_name, skill_version, content_sha256, skill_content, manifest, sandbox_risk_level, sandbox_report, certificate_id, created_at, updated_at)
     VALUES (?, 'actor:reads', 'api', 'SKILL', 'SKILL', ?, ?, ?, NOW(3), 'reads-skill', '1.0.0', ?, 'body', ?, 'LOW', ?, ?, NOW(3), NOW(3))`,
    {
      replacements: [id, randomUUID(), 'a'.repeat(64), status, 'b'.repeat(64), JSON.stringify({ externalCalls: ['https://api.example.org'], capabilities: ['network'] }), JSON.stringify({ summary: 'ok', rulesetVersion: 'r1', findings: [STORED_FINDING], observed: { urls: [], hosts: [], capabilities: [] } }), extra.certificateId ?? null],
    },
  );
  subs.push(id);
  return id;
}

async function round(submissionId: string, keys: string[]): Promise<string> {
  const id = randomUUID();
  await CouncilRound.create({ id, submissionId, roundNumber: 1, roundType: 'INITIAL_AUDIT', validatorKeys: keys, expectedVotes: keys.length, votesReceived: 0 });
  rounds.push(id);
  return id;
}

async function vote(roundId: string, validatorKey: string, reasons: string[], payload = `{"validatorKey":"${validatorKey}"}`): Promise<void> {
  await db().query(
    'INSERT INTO votes (id, round_id, validator_key, verdict, security_level, reasons, findings_considered, payload, payload_hash, signature, signer, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NOW(3), NOW(3))',
    { replacements: [randomUUID(), roundId, validatorKey, 'APPROVE', 'LOW', JSON.stringify(reasons), '[]', payload, `0x${'c'.repeat(64)}`, '0xsig', `0x${'1'.repeat(40)}`] },
  );
}

let validatorKeys: string[] = [];

test.before(async () => {
  useDb();
  // (the built-in validators: suites in other lanes share the database and may have registered external ones, which the
  // sandbox job does not vote for)
  validatorKeys = (await Validator.findAll({ order: [['key', 'ASC']] })).map((v) => v.key).filter(isBuiltIn).slice(0, 3);
});

test.after(async () => {
  const q = db();
  // (a round decided APPROVED seals a certificate for its submission, with the rows sealing writes beside it: monitoring,
  // search; removed with the others in one transaction that leaves the foreign keys to the end of the cleanup)
  const [sealed] = subs.length
    ? ((await q.query('SELECT id FROM certificates WHERE submission_id IN (?)', { replacements: [subs] })) as [{ id: string }[], unknown])
    : [[]];
  for (const c of sealed) if (!certs.includes(c.id)) certs.push(c.id);
  await q.transaction(async (transaction) => {
    await q.query('SET FOREIGN_KEY_CHECKS = 0', { transaction });
    if (rounds.length) await q.query('DELETE FROM votes WHERE round_id IN (?)', { replacements: [rounds], transaction });
    if (rounds.length) await q.query('DELETE FROM council_rounds WHERE id IN (?)', { replacements: [rounds], transaction });
    if (certs.length) {
      for (const table of ['monitoring_checks', 'certificate_search_docs', 'certificate_states']) {
        await q.query(`DELETE FROM ${table} WHERE certificate_id IN (?)`, { replacements: [certs], transaction });
      }
      await q.query('DELETE FROM certificates WHERE id IN (?)', { replacements: [certs], transaction });
    }
    await q.query('DELETE FROM submissions WHERE id IN (?)', { replacements: [subs], transaction });
    await q.query('SET FOREIGN_KEY_CHECKS = 1', { transaction });
  });
  await closeDb();
});

test('the vote transaction: round and submission locked by one statement are the instances findByPk gives; a save writes only what changed', async () => {
  const subId = await submission('PENDING_AUDIT');
  const roundId = await round(subId, validatorKeys);
  await db().transaction(async (t) => {
    const locked = await lockRoundWithSubmission(roundId, t);
    assert.ok(locked && locked.sub);
    assert.equal(locked.round.get({ plain: true }), (await CouncilRound.findByPk(roundId, { transaction: t }))!.get({ plain: true }));
    assert.equal(locked.sub.get({ plain: true }), (await Submission.findByPk(subId, { transaction: t }))!.get({ plain: true }));
    assert.equal(locked.round.validatorKeys, validatorKeys, 'JSON columns read through the model getters');
    assert.equal(locked.round.changed(), false);
    locked.round.votesReceived += 1;
    assert.equal(locked.round.changed(), ['votesReceived']);
    await locked.round.save({ transaction: t });
  });
  const after = (await CouncilRound.findByPk(roundId))!;
  assert.is(after.votesReceived, 1);
  assert.equal(after.validatorKeys, validatorKeys);
  await db().transaction(async (t) => assert.is(await lockRoundWithSubmission(randomUUID(), t), null, 'an unknown round'));
});

test('the sandbox step: the submission read before is locked, and is still in the status it was read in, or not', async () => {
  const subId = await submission('PENDING_SANDBOX');
  const read = (await Submission.findByPk(subId))!;
  assert.ok(await db().transaction((t) => lockSubmissionInStatus(read, 'PENDING_SANDBOX', t)));
  await db().query("UPDATE submissions SET status = 'PENDING_AUDIT' WHERE id = ?", { replacements: [subId] });
  assert.not.ok(await db().transaction((t) => lockSubmissionInStatus(read, 'PENDING_SANDBOX', t)), 'moved meanwhile');
});

test('saveChanged: the columns changed as save writes them (JSON, milliseconds, updated_at), conditional on what the row must still hold', async () => {
  const subId = await submission('PENDING_SANDBOX');
  const read = (await readSubmission(subId))!;
  const before = read.updatedAt.getTime();
  const report = { summary: 'quoted "x"', rulesetVersion: 'r2', findings: [] };
  read.set({ status: 'PENDING_AUDIT', statusChangedAt: new Date('2026-03-04T05:06:07.891Z'), sandboxReport: report, sandboxRiskLevel: 'LOW' });
  const written = await db().transaction((t) => saveChanged(read, t, { status: 'PENDING_SANDBOX' }));
  assert.ok(written);
  assert.equal(read.changed(), false, 'saved: nothing left changed');
  const back = (await Submission.findByPk(subId))!;
  assert.equal(back.get({ plain: true }), read.get({ plain: true }), 'the row is the instance');
  assert.is(back.statusChangedAt.toISOString(), '2026-03-04T05:06:07.891Z');
  assert.equal(back.sandboxReport, report);
  assert.ok(back.updatedAt.getTime() >= before);
  // The same conditional write again: the row is no longer PENDING_SANDBOX, nothing is written.
  read.set({ status: 'SANDBOX_FAILED' });
  assert.not.ok(await db().transaction((t) => saveChanged(read, t, { status: 'PENDING_SANDBOX' })));
  assert.ok((read.changed() || []).includes('status'), 'not written: the change stays unsaved');
  assert.is((await Submission.findByPk(subId))!.status, 'PENDING_AUDIT');
});

test('a round inserted built (insertBuilt) is the row create wrote', async () => {
  const subId = await submission('PENDING_AUDIT');
  const id = randomUUID();
  const r = await db().transaction((t) =>
    insertBuilt(CouncilRound.build({ id, submissionId: subId, roundNumber: 1, roundType: 'INITIAL_AUDIT', validatorKeys, expectedVotes: validatorKeys.length, outcome: null, outcomeReason: null, closedAt: null, seatsOpenUntil: null, disputeId: null }), t),
  );
  rounds.push(id);
  assert.equal((await CouncilRound.findByPk(id))!.get({ plain: true }), r.get({ plain: true }));
  assert.is(r.votesReceived, 0, 'the default');
});

test('a submission inserted built (intake) is the row create wrote; its views from that instance are what the status read loads for it', async () => {
  const id = randomUUID();
  const created = await insertBuilt(Submission.build({
    id,
    owner: 'actor:reads',
    channel: 'cert-v1',
    categoryKey: 'SKILL',
    productType: 'SKILL',
    idempotencyKey: randomUUID(),
    requestHash: 'a'.repeat(64),
    status: 'PENDING_SANDBOX',
    statusChangedAt: new Date(),
    skillName: 'reads-new',
    skillDescription: 'd',
    skillVersion: '1.2.3',
    contentSha256: 'b'.repeat(64),
    skillContent: 'body',
    manifest: { externalCalls: [], capabilities: ['network'], declared: { externalCalls: true } } as never,
    sourceUrl: null,
    sourceRef: null,
    developerNote: null,
    sandboxRiskLevel: null,
    sandboxReport: null,
    verdictSummary: null,
    rejectionSummary: null,
    freeResubmissionsLeft: null,
    originalSubmissionId: null,
    certificateId: null,
    packagePhase: null,
    dependencyFiles: null,
    paymentId: null,
    voucherCode: null,
    declaredEndpoints: null,
  }));
  subs.push(id);
  // (An attribute the INSERT left to the column default is undefined on the instance, as after create.)
  assert.is(JSON.stringify((await Submission.findByPk(id))!.get({ plain: true })), JSON.stringify({ ...created.get({ plain: true }), endpointReview: null }), 'the stored row is the instance');
  const primed = (await newSubmissionViews(created))!;
  const loaded = (await loadSubmissionViews(id))!;
  assert.equal(JSON.stringify(primed.owner), JSON.stringify(loaded.owner), 'the owner view, byte for byte (the same ETag)');
  assert.equal(JSON.stringify(primed.public), JSON.stringify(loaded.public));
  created.set({ packagePhase: 'RESOLVING' });
  assert.is(await newSubmissionViews(created), null, 'with packages: read, not built');
});

test('the status read: one row gives the submission, its latest round with the votes by validator key, and its certificate with its state', async () => {
  assert.is(await loadSubmissionViews(randomUUID()), null, 'an unknown id');

  const fresh = (await loadSubmissionViews(await submission('PENDING_SANDBOX')))!;
  assert.is(fresh.owner.council, null);
  assert.is(fresh.owner.certificate, undefined);
  assert.equal(fresh.owner.findings, [STORED_FINDING]);
  assert.equal(fresh.owner.manifest, { externalCalls: ['https://api.example.org'], capabilities: ['network'] });

  const certId = randomUUID();
  const subId = await submission('APPROVED');
  await db().query(
    `INSERT INTO certificates (id, submission_id, owner, skill_name, skill_description, skill_version, content_sha256, canonical_json, payload_hash, signature, signer, issued_at, created_at)
     VALUES (?, ?, 'actor:reads', 'reads-skill', '', '1.0.0', ?, '{}', ?, '0xsig', ?, '2026-01-02 03:04:05.678', NOW(3))`,
    { replacements: [certId, subId, 'b'.repeat(64), `0x${'d'.repeat(64)}`, `0x${'1'.repeat(40)}`] },
  );
  certs.push(certId);
  await db().query(
    "INSERT INTO certificate_states (certificate_id, status, monitoring_state, onchain_committed, onchain_tx_hash, onchain_committed_at, onchain_registry_address, onchain_inclusion, created_at, updated_at) VALUES (?, 'APPROVED', 'OK', 1, ?, '2026-01-02 04:00:00.000', ?, ?, NOW(3), NOW(3))",
    { replacements: [certId, `0x${'e'.repeat(64)}`, `0x${'2'.repeat(40)}`, JSON.stringify({ leaf: '0x1', index: 0, proof: [], root: '0x1' })] },
  );
  await db().query('UPDATE submissions SET certificate_id = ? WHERE id = ?', { replacements: [certId, subId] });
  const roundId = await round(subId, validatorKeys);
  // Inserted out of key order, one with a quote in its reasons: listed by key, the reasons as stored.
  for (const key of [...validatorKeys].reverse()) await vote(roundId, key, [`reason of ${key}`, 'a "quoted" word']);
  const views = (await loadSubmissionViews(subId))!;
  assert.is(views.sub.certificateId, certId);
  const council = views.owner.council!;
  assert.is(council.roundId, roundId);
  assert.equal(council.votes.map((v) => v.validatorKey), validatorKeys);
  assert.equal(council.votes[0]!.reasons, [`reason of ${validatorKeys[0]}`, 'a "quoted" word']);
  assert.is(council.votes[0]!.payload, `{"validatorKey":"${validatorKeys[0]}"}`);
  assert.equal(views.owner.certificate, {
    skillId: certId,
    certificateIssuedAt: '2026-01-02T03:04:05.678Z',
    certificatePayloadHash: `0x${'d'.repeat(64)}`,
    certifiedVersion: '1.0.0',
    certifiedContentSha256: 'b'.repeat(64),
    status: 'APPROVED',
    onChain: { committed: true, txHash: `0x${'e'.repeat(64)}`, committedAt: '2026-01-02T04:00:00.000Z', registryAddress: `0x${'2'.repeat(40)}`, inclusionProof: { leaf: '0x1', index: 0, proof: [], root: '0x1' } },
    verifyUrl: views.owner.certificate!.verifyUrl,
  });
  assert.equal(views.public.certificate, views.owner.certificate, 'the public view shows the same certificate');
  assert.not.ok('council' in views.public, 'and not the council');
});

test('the status read: votes whose JSON passes the server\'s default 1 MiB aggregate limit come back whole', async () => {
  const subId = await submission('IN_AUDIT');
  const roundId = await round(subId, validatorKeys);
  // long reasons of control characters (six characters each in JSON, seven once the aggregate quotes them), in the
  // reasons and again in the signed payload: about 1.7 MB of votes
  const reasons = Array.from({ length: 40 }, (_, i) => `${i}${'\u0001'.repeat(999)}`);
  for (const key of validatorKeys) await vote(roundId, key, reasons, JSON.stringify({ validatorKey: key, reasons }));
  const council = (await loadSubmissionViews(subId))!.owner.council!;
  assert.equal(council.votes.map((v) => v.validatorKey), validatorKeys);
  assert.equal(council.votes.at(-1)!.reasons, reasons);
  assert.equal(JSON.parse(council.votes[0]!.payload).reasons, reasons);
});

test('the sandbox job\'s first read is the instance findByPk gives', async () => {
  const subId = await submission('PENDING_SANDBOX');
  const raw = (await readSubmission(subId))!;
  assert.equal(raw.get({ plain: true }), (await Submission.findByPk(subId))!.get({ plain: true }));
  assert.equal(raw.manifest, { externalCalls: ['https://api.example.org'], capabilities: ['network'] }, 'JSON columns read through the model getters');
  assert.equal(raw.changed(), false);
  assert.is(await readSubmission(randomUUID()), null, 'an unknown id');
});

test('the seal\'s raw INSERT of a built instance writes the row create writes (defaults and timestamps included)', async () => {
  const ids = [randomUUID(), randomUUID()];
  for (const certId of ids) {
    // One certificate per submission and per payload hash (both unique).
    const subId = await submission('APPROVED');
    await db().query(
      `INSERT INTO certificates (id, submission_id, owner, skill_name, skill_description, skill_version, content_sha256, canonical_json, payload_hash, signature, signer, issued_at, created_at)
       VALUES (?, ?, 'actor:reads', 'reads-skill', '', '1.0.0', ?, '{}', ?, '0xsig', ?, NOW(3), NOW(3))`,
      { replacements: [certId, subId, 'b'.repeat(64), `0x${certId.replace(/-/g, '').padEnd(64, '0')}`, `0x${'1'.repeat(40)}`] },
    );
    certs.push(certId);
  }
  const values = (certificateId: string) => ({ certificateId, status: 'APPROVED', statusReason: null, monitoringState: 'ACTIVE', monitoringCheckedAt: new Date('2026-01-02T03:04:05.678Z'), onchainTxHash: null, onchainCommittedAt: null, onchainRegistryAddress: null });
  const made = await db().transaction((t) => CertificateState.create(values(ids[0]!), { transaction: t }));
  const built = await db().transaction((t) => insertBuilt(CertificateState.build(values(ids[1]!)), t));
  assert.is(built.isNewRecord, false);
  assert.equal(built.changed(), false);
  const [a, b] = await Promise.all(ids.map(async (id) => (await CertificateState.findByPk(id))!.get({ plain: true }) as Record<string, unknown>));
  for (const row of [a!, b!]) {
    assert.ok(row.createdAt instanceof Date && row.updatedAt instanceof Date, 'timestamps set');
    delete row.certificateId;
    delete row.createdAt;
    delete row.updatedAt;
  }
  assert.equal(b, a);
  assert.is(made.status, built.status);
});

test('the sandbox job\'s votes on the round it opened: a round that moved meanwhile is read again whole, and nothing is recorded twice', async () => {
  const subId = await submission('PENDING_AUDIT');
  const roundId = await round(subId, validatorKeys);
  const [opened, sub] = await Promise.all([CouncilRound.findByPk(roundId), Submission.findByPk(subId)]);
  // Closed meanwhile (as another job's tally would): the narrow lock sees it, the whole read finds the round closed.
  await db().query('UPDATE council_rounds SET closed_at = NOW(3) WHERE id = ?', { replacements: [roundId] });
  assert.equal(await castBuiltInVotesOpened(opened!, sub!), {});
  const [[{ n }]] = (await db().query('SELECT COUNT(*) AS n FROM votes WHERE round_id = ?', { replacements: [roundId] })) as [[{ n: number }], unknown];
  assert.is(Number(n), 0);
  assert.is((await Submission.findByPk(subId))!.status, 'PENDING_AUDIT');
});

test('the sandbox job\'s votes without a lock statement: all of them recorded once with the round and the submission as a lock would have; a vote recorded meanwhile sends them to the whole read, which skips it', async () => {
  // Nothing moved: every built-in votes, the round counts them, the submission leaves PENDING_AUDIT.
  const subA = await submission('PENDING_AUDIT');
  const roundA = await round(subA, validatorKeys);
  const [openedA, sA] = await Promise.all([CouncilRound.findByPk(roundA), Submission.findByPk(subA)]);
  await castBuiltInVotesOpened(openedA!, sA!);
  const count = async (roundId: string) => Number(((await db().query('SELECT COUNT(*) AS n FROM votes WHERE round_id = ?', { replacements: [roundId] })) as [[{ n: number }], unknown])[0][0].n);
  assert.is(await count(roundA), validatorKeys.length);
  const afterA = (await CouncilRound.findByPk(roundA))!;
  assert.is(afterA.votesReceived, validatorKeys.length);
  assert.ok(afterA.closedAt, 'decided');
  assert.is.not((await Submission.findByPk(subA))!.status, 'PENDING_AUDIT');
  // One validator voted meanwhile (another job): the INSERT meets it or the round's count moved; the whole read records the others once.
  const subB = await submission('PENDING_AUDIT');
  const roundB = await round(subB, validatorKeys);
  const [openedB, sB] = await Promise.all([CouncilRound.findByPk(roundB), Submission.findByPk(subB)]);
  await vote(roundB, validatorKeys[0]!, ['voted first']);
  await db().query("UPDATE council_rounds SET votes_received = 1 WHERE id = ?", { replacements: [roundB] });
  await db().query("UPDATE submissions SET status = 'IN_AUDIT' WHERE id = ?", { replacements: [subB] });
  await castBuiltInVotesOpened(openedB!, sB!);
  assert.is(await count(roundB), validatorKeys.length, 'each validator once');
  assert.is((await CouncilRound.findByPk(roundB))!.votesReceived, validatorKeys.length);
  const [[kept]] = (await db().query('SELECT reasons FROM votes WHERE round_id = ? AND validator_key = ?', { replacements: [roundB, validatorKeys[0]] })) as [[{ reasons: string }], unknown];
  assert.match(String(kept.reasons), 'voted first');
  // A guarded save with nothing changed checks and matches (FOUND_ROWS: a matched row counts).
  const s = (await Submission.findByPk(subA))!;
  assert.ok(await db().transaction((t) => saveChanged(s, t, { status: s.status })));
});

test.run();
