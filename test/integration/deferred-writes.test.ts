import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { compound, db, deferWrites, write } from '../../shared/db/connection.js';
import { CouncilRound, RowMoved, Submission, insertBuilt, saveChanged } from '../../shared/db/models.js';
import { closeDb, useDb } from '../support/db.js';

/**
 * A transaction's writes held back and sent with its next statement (shared/db/connection.ts deferWrites, the
 * sandbox job's one transaction per verdict): each write still lands before any later statement of the
 * transaction, in order; what is held when the work ends is sent then; a failing held write fails the
 * transaction, which rolls back whole; and the compound statement answers its SELECTs' rows.
 */
const subs: string[] = [];

async function submission(): Promise<Submission> {
  const id = randomUUID();
  await db().query(
    `INSERT INTO submissions (id, owner, channel, category_key, product_type, idempotency_key, request_hash, status, status_changed_at, skill_name, skill_version, content_sha256, skill_content, created_at, updated_at)
     VALUES (?, 'actor:deferred', 'api', 'SKILL', 'SKILL', ?, ?, 'PENDING_AUDIT', NOW(3), 'deferred-skill', '1.0.0', ?, 'body', NOW(3), NOW(3))`,
    { replacements: [id, randomUUID(), 'a'.repeat(64), 'b'.repeat(64)] },
  );
  subs.push(id);
  return (await Submission.findByPk(id))!;
}

const roundRow = (submissionId: string) =>
  CouncilRound.build({ id: randomUUID(), submissionId, roundNumber: 1, roundType: 'INITIAL_AUDIT', validatorKeys: ['a', 'b'], expectedVotes: 2, outcome: null, outcomeReason: null, closedAt: null, seatsOpenUntil: null, disputeId: null });

test.before(() => useDb());
test.after(async () => {
  await db().query('DELETE FROM council_rounds WHERE submission_id IN (?)', { replacements: [subs] });
  await db().query('DELETE FROM submissions WHERE id IN (?)', { replacements: [subs] });
  await closeDb();
});

test('held writes land in order before the next statement of the transaction, and what is left when the work ends is sent then', async () => {
  const sub = await submission();
  const seen = await db().transaction(async (t) =>
    deferWrites(t, async () => {
      const round = await insertBuilt(roundRow(sub.id), t);
      round.set({ votesReceived: 2, outcome: 'APPROVED', closedAt: new Date() });
      assert.ok(await saveChanged(round, t));
      await write({ sql: "UPDATE submissions SET verdict_summary = 'first' WHERE id = ?", replacements: [sub.id] }, t);
      await write({ sql: "UPDATE submissions SET verdict_summary = CONCAT(verdict_summary, ', second') WHERE id = ?", replacements: [sub.id] }, t);
      // Nothing sent yet: another connection sees no round (the transaction has not sent its INSERT).
      const [outside] = (await db().query('SELECT COUNT(*) AS n FROM council_rounds WHERE submission_id = ?', { replacements: [sub.id] })) as [{ n: number }[], unknown];
      assert.is(Number(outside[0]!.n), 0);
      // A model read in the transaction: the held writes go first, in order.
      const r = await CouncilRound.findOne({ where: { submissionId: sub.id }, transaction: t });
      const s = await Submission.findByPk(sub.id, { transaction: t });
      sub.set({ status: 'IN_AUDIT' });
      await saveChanged(sub, t);
      return { votes: r?.votesReceived, outcome: r?.outcome, summary: s?.verdictSummary };
    }),
  );
  assert.equal(seen, { votes: 2, outcome: 'APPROVED', summary: 'first, second' });
  // The last write, held when the work ended, was sent before the commit.
  assert.is((await Submission.findByPk(sub.id))!.status, 'IN_AUDIT');
});

test('a held write that fails fails the transaction at the statement that sends it: nothing of it commits', async () => {
  const sub = await submission();
  const round = roundRow(sub.id);
  const err = await db()
    .transaction(async (t) =>
      deferWrites(t, async () => {
        await insertBuilt(round, t);
        await write({ sql: "UPDATE submissions SET verdict_summary = 'held' WHERE id = ?", replacements: [sub.id] }, t);
        // The same primary key again: refused when sent.
        await insertBuilt(CouncilRound.build({ ...roundRow(sub.id).get(), id: round.id, roundNumber: 2 }), t);
        await Submission.findByPk(sub.id, { transaction: t });
      }),
    )
    .then(
      () => null,
      (e: Error) => e,
    );
  assert.ok(err, 'the transaction failed');
  assert.is(await CouncilRound.count({ where: { submissionId: sub.id } }), 0);
  assert.is((await Submission.findByPk(sub.id))!.verdictSummary, null);
});

test('a held conditional write that matches no row fails the transaction with RowMoved when it is sent; one that matches is written', async () => {
  const sub = await submission();
  const round = roundRow(sub.id);
  const err = await db()
    .transaction(async (t) =>
      deferWrites(t, async () => {
        sub.set({ status: 'IN_AUDIT' });
        // Held: the answer comes with the statement that sends it.
        assert.ok(await saveChanged(sub, t, { status: 'PENDING_SANDBOX' }, { orThrow: true }));
        await insertBuilt(round, t);
      }),
    )
    .then(
      () => null,
      (e: Error) => e,
    );
  assert.instance(err, RowMoved);
  assert.is(await CouncilRound.count({ where: { submissionId: sub.id } }), 0);
  const fresh = (await Submission.findByPk(sub.id))!;
  assert.is(fresh.status, 'PENDING_AUDIT');
  await db().transaction(async (t) =>
    deferWrites(t, async () => {
      fresh.set({ status: 'IN_AUDIT' });
      await saveChanged(fresh, t, { status: 'PENDING_AUDIT' }, { orThrow: true });
      await insertBuilt(roundRow(sub.id), t);
    }),
  );
  assert.is((await Submission.findByPk(sub.id))!.status, 'IN_AUDIT');
  assert.is(await CouncilRound.count({ where: { submissionId: sub.id } }), 1);
});

test('a compound statement runs its parts in order and answers the rows of its SELECTs; a lone simple statement is sent as it is', async () => {
  const sub = await submission();
  const rows = await db().transaction((t) =>
    compound(
      [
        { sql: 'UPDATE submissions SET verdict_summary = ? WHERE id = ?', replacements: ['one; two', sub.id] },
        { sql: "INSERT INTO council_rounds (id, submission_id, round_number, round_type, validator_keys, expected_votes, votes_received, created_at, updated_at) VALUES (?, ?, 1, 'INITIAL_AUDIT', '[]', 0, 0, NOW(3), NOW(3)); IF ROW_COUNT() > 0 THEN UPDATE submissions SET status = 'IN_AUDIT' WHERE id = ?; END IF", replacements: [randomUUID(), sub.id, sub.id] },
        { sql: 'SELECT verdict_summary AS summary, status FROM submissions WHERE id = ?', replacements: [sub.id] },
        { sql: 'SELECT COUNT(*) AS n FROM council_rounds WHERE submission_id = ?', replacements: [sub.id] },
      ],
      t,
    ),
  );
  assert.equal(rows[0], [{ summary: 'one; two', status: 'IN_AUDIT' }]);
  assert.is(Number(rows[1]![0]!.n), 1);
  assert.equal(await compound([{ sql: 'SELECT ? AS x', replacements: [7] }]), [[{ x: 7 }]]);
});

test.run();
