import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { type Transaction, UniqueConstraintError } from 'sequelize';
import { committedInStatement, compound, db, deferWrites, lazyTransaction, write } from '../../shared/db/connection.js';
import { StatementAfterCommit } from '../../shared/db/deferred.js';
import { CouncilRound, RowMoved, Submission, insertBuilt, saveChanged } from '../../shared/db/models.js';
import { closeDb, useDb } from '../support/db.js';

/**
 * The sandbox job's lazy transaction (shared/db/connection.ts lazyTransaction): START TRANSACTION goes with the
 * first statement, COMMIT with a compound statement that asks for it (`commitIf`) when its condition holds.
 * What commits must be what a START … COMMIT of their own committed: all or nothing, a failing statement
 * rolled back whole, nothing sent after the committing statement.
 */
const subs: string[] = [];

async function submission(status = 'PENDING_AUDIT'): Promise<Submission> {
  const id = randomUUID();
  await db().query(
    `INSERT INTO submissions (id, owner, channel, category_key, product_type, idempotency_key, request_hash, status, status_changed_at, skill_name, skill_version, content_sha256, skill_content, created_at, updated_at)
     VALUES (?, 'actor:lazy', 'api', 'SKILL', 'SKILL', ?, ?, ?, NOW(3), 'lazy-skill', '1.0.0', ?, 'body', NOW(3), NOW(3))`,
    { replacements: [id, randomUUID(), 'a'.repeat(64), status, 'b'.repeat(64)] },
  );
  subs.push(id);
  return (await Submission.findByPk(id))!;
}

const roundRow = (submissionId: string) =>
  CouncilRound.build({ id: randomUUID(), submissionId, roundNumber: 1, roundType: 'INITIAL_AUDIT', validatorKeys: ['a', 'b'], expectedVotes: 2, outcome: null, outcomeReason: null, closedAt: null, seatsOpenUntil: null, disputeId: null });

/** The statements Sequelize sends in `t` (every one passes its beforeQuery hooks), by text. */
const sent = new Map<Transaction, string[]>();
const roundsOf = (submissionId: string) => CouncilRound.count({ where: { submissionId } });

test.before(() => {
  useDb();
  db().addHook('beforeQuery', (options: { transaction?: Transaction | null }, query: unknown) => {
    const t = options.transaction;
    if (t && sent.has(t)) sent.get(t)!.push(String((query as { sql?: string }).sql ?? (options as { __sql?: string }).__sql ?? 'statement'));
  });
});
test.after(async () => {
  await db().query('DELETE FROM council_rounds WHERE submission_id IN (?)', { replacements: [subs] });
  await db().query('DELETE FROM submissions WHERE id IN (?)', { replacements: [subs] });
  await closeDb();
});

const watch = (t: Transaction) => sent.set(t, []);
const commitIfNoRound = (submissionId: string) => ({ sql: 'NOT EXISTS (SELECT 1 FROM council_rounds WHERE submission_id = ? AND round_number > 1)', replacements: [submissionId] });

test('held writes, a compound statement that commits: one statement sent for START, the writes and COMMIT; after-commit hooks run', async () => {
  const sub = await submission();
  let announced = 0;
  let statements: string[] = [];
  const out = await lazyTransaction(async (t) => {
    watch(t);
    t.afterCommit(() => void (announced += 1));
    return deferWrites(t, async () => {
      sub.set({ status: 'IN_AUDIT' });
      await saveChanged(sub, t, { status: 'PENDING_AUDIT' }, { orThrow: true });
      await insertBuilt(roundRow(sub.id), t);
      const [rows = []] = await compound([{ sql: 'SELECT COUNT(*) AS n FROM council_rounds WHERE submission_id = ?', replacements: [sub.id] }], t, commitIfNoRound(sub.id));
      statements = [...sent.get(t)!];
      return { n: Number(rows[0]!.n), committed: committedInStatement(t) };
    });
  });
  assert.equal(out, { n: 1, committed: true });
  assert.is(statements.length, 1, 'one statement sent in the transaction');
  assert.is(announced, 1);
  assert.is((await Submission.findByPk(sub.id))!.status, 'IN_AUDIT');
  assert.is(await roundsOf(sub.id), 1);
});

test('a compound statement whose condition does not hold leaves the transaction open: later statements run in it and COMMIT is sent at the end', async () => {
  const sub = await submission();
  await insertBuilt(CouncilRound.build({ ...roundRow(sub.id).get(), roundNumber: 2 }));
  let count = 0;
  await lazyTransaction(async (t) => {
    watch(t);
    await deferWrites(t, async () => {
      await write({ sql: "UPDATE submissions SET verdict_summary = 'held' WHERE id = ?", replacements: [sub.id] }, t);
      await compound([], t, commitIfNoRound(sub.id));
      assert.not.ok(committedInStatement(t));
      await write({ sql: "UPDATE submissions SET verdict_summary = CONCAT(verdict_summary, ', after') WHERE id = ?", replacements: [sub.id] }, t);
      // Not committed yet: another connection sees the row as it was.
      const [outside] = (await db().query('SELECT verdict_summary AS s FROM submissions WHERE id = ?', { replacements: [sub.id] })) as [{ s: string | null }[], unknown];
      assert.is(outside[0]!.s, null);
    });
    count = sent.get(t)!.length;
  });
  // The compound, the held write at the end of the work; the COMMIT follows (Sequelize's, after this count).
  assert.is(count, 2);
  assert.is((await Submission.findByPk(sub.id))!.verdictSummary, 'held, after');
});

test('a failing part of the committing compound: nothing of the transaction commits (the START inside it ran; ROLLBACK is sent)', async () => {
  const sub = await submission();
  const round = roundRow(sub.id);
  const err = await lazyTransaction(async (t) =>
    deferWrites(t, async () => {
      await insertBuilt(round, t);
      sub.set({ status: 'IN_AUDIT' });
      // Expects a status the row does not have: the held check fails the statement after the INSERT ran.
      await saveChanged(sub, t, { status: 'PENDING_SANDBOX' }, { orThrow: true });
      await compound([], t, commitIfNoRound(sub.id));
    }),
  ).then(
    () => null,
    (e: Error) => e,
  );
  assert.instance(err, RowMoved);
  assert.is(await roundsOf(sub.id), 0);
  assert.is((await Submission.findByPk(sub.id))!.status, 'PENDING_AUDIT');
  // The pool's connections are out of any transaction: a write elsewhere commits on its own.
  for (let i = 0; i < 4; i++) {
    const [rows] = (await db().query('SELECT @@in_transaction AS x')) as [{ x: number }[], unknown];
    assert.is(Number(rows[0]!.x), 0);
  }
});

test('nothing may follow the committing statement: a later statement throws and the commit stands, announced', async () => {
  const sub = await submission();
  let announced = 0;
  const err = await lazyTransaction(async (t) => {
    t.afterCommit(() => void (announced += 1));
    await deferWrites(t, async () => {
      await insertBuilt(roundRow(sub.id), t);
      await compound([], t, commitIfNoRound(sub.id));
    });
    await Submission.findByPk(sub.id, { transaction: t });
  }).then(
    () => null,
    (e: Error) => e,
  );
  assert.instance(err, StatementAfterCommit);
  assert.is(await roundsOf(sub.id), 1);
  assert.is(announced, 1);
});

test('a plain statement first: START is sent before it and the transaction reads its own writes; a transaction that sends nothing sends nothing', async () => {
  const sub = await submission();
  const seen = await lazyTransaction(async (t) =>
    deferWrites(t, async () => {
      await insertBuilt(roundRow(sub.id), t);
      const r = await CouncilRound.findOne({ where: { submissionId: sub.id }, transaction: t });
      const [outside] = (await db().query('SELECT COUNT(*) AS n FROM council_rounds WHERE submission_id = ?', { replacements: [sub.id] })) as [{ n: number }[], unknown];
      return { inside: r !== null, outside: Number(outside[0]!.n) };
    }),
  );
  assert.equal(seen, { inside: true, outside: 0 });
  assert.is(await roundsOf(sub.id), 1);
  let announced = 0;
  let count = -1;
  await lazyTransaction(async (t) => {
    watch(t);
    t.afterCommit(() => void (announced += 1));
    await deferWrites(t, async () => undefined);
    count = sent.get(t)!.length;
  });
  assert.is(count, 0);
  assert.is(announced, 1);
});

/** Whether the server holds an open transaction for the connection with this thread id (the pool's connection a transaction used). */
async function openTransactionOn(threadId: number): Promise<boolean> {
  const [rows] = (await db().query('SELECT COUNT(*) AS n FROM information_schema.innodb_trx WHERE trx_mysql_thread_id = ?', { replacements: [threadId] })) as [{ n: number }[], unknown];
  return Number(rows[0]!.n) > 0;
}
const threadOf = async (t: Transaction) => {
  const [rows] = (await db().query('SELECT CONNECTION_ID() AS id', { transaction: t })) as [{ id: number }[], unknown];
  return Number(rows[0]!.id);
};

test('a duplicate key in the middle of the committing compound: the parts before it do not commit, no after-commit hook runs, the connection leaves no transaction open', async () => {
  const sub = await submission();
  const taken = roundRow(sub.id);
  await insertBuilt(taken);
  let announced = 0;
  let thread = 0;
  const err = await lazyTransaction(async (t) => {
    t.afterCommit(() => void (announced += 1));
    thread = await threadOf(t);
    return deferWrites(t, async () => {
      // Before the duplicate, in the same statement: the submission's write and another round.
      await write({ sql: "UPDATE submissions SET verdict_summary = 'half' WHERE id = ?", replacements: [sub.id] }, t);
      await insertBuilt(CouncilRound.build({ ...roundRow(sub.id).get(), roundNumber: 3 }), t);
      // The same (submission, round number) as a committed round: the unique key refuses it mid-statement.
      await insertBuilt(CouncilRound.build({ ...roundRow(sub.id).get(), roundNumber: 1 }), t);
      await compound([], t, { sql: 'TRUE', replacements: [] });
    });
  }).then(
    () => null,
    (e: Error) => e,
  );
  assert.instance(err, UniqueConstraintError);
  assert.is(announced, 0);
  assert.is(await roundsOf(sub.id), 1, 'only the round committed before');
  assert.is((await Submission.findByPk(sub.id))!.verdictSummary, null);
  assert.not.ok(await openTransactionOn(thread));
});

test('the committing compound chosen as a deadlock victim: nothing of the transaction commits, no hook runs, the other transaction goes on and commits, no transaction is left open', async () => {
  const mine = await submission();
  const theirs = await submission();
  // The other transaction is the heavier one (more rows written), so InnoDB rolls back the lazy one.
  const ballast = await Promise.all(Array.from({ length: 8 }, () => submission()));
  let announced = 0;
  let thread = 0;
  const other = await db().transaction();
  let otherDone: Promise<unknown> | undefined;
  const err = await lazyTransaction(async (t) => {
    t.afterCommit(() => void (announced += 1));
    thread = await threadOf(t);
    return deferWrites(t, async () => {
      await write({ sql: "UPDATE submissions SET verdict_summary = 'mine' WHERE id = ?", replacements: [mine.id] }, t);
      // Sends the held write: the lazy transaction holds the lock of its submission's row from here on.
      await CouncilRound.count({ where: { submissionId: mine.id }, transaction: t });
      // One row at a time, by primary key: a list could be read by a scan that locks every row.
      for (const row of [theirs, ...ballast]) await db().query("UPDATE submissions SET verdict_summary = 'theirs' WHERE id = ?", { replacements: [row.id], transaction: other });
      // Waits for the lazy transaction's lock.
      otherDone = db().query("UPDATE submissions SET verdict_summary = 'theirs' WHERE id = ?", { replacements: [mine.id], transaction: other });
      await new Promise((r) => setTimeout(r, 300));
      // Waits for the other's lock: a cycle.
      await insertBuilt(roundRow(mine.id), t);
      await write({ sql: "UPDATE submissions SET verdict_summary = 'mine' WHERE id = ?", replacements: [theirs.id] }, t);
      await compound([], t, { sql: 'TRUE', replacements: [] });
    });
  }).then(
    () => null,
    (e: Error) => e,
  );
  await otherDone;
  await other.commit();
  assert.ok(err, 'the lazy transaction failed');
  assert.is((err as { original?: { errno?: number } }).original?.errno, 1213, 'ER_LOCK_DEADLOCK');
  assert.is(announced, 0);
  assert.is(await roundsOf(mine.id), 0);
  assert.is((await Submission.findByPk(mine.id))!.verdictSummary, 'theirs');
  assert.is((await Submission.findByPk(theirs.id))!.verdictSummary, 'theirs');
  assert.not.ok(await openTransactionOn(thread));
});

test.run();
