import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { UniqueConstraintError } from 'sequelize';
import { db, writeRow } from '../../shared/db/connection.js';
import { Submission } from '../../shared/db/models.js';
import { createSubmission } from '../../shared/submissions/intake.js';
import { ApiError } from '../../shared/errors.js';
import { closeQueues } from '../../shared/queues/index.js';
import { skillMd } from '../support/harness.js';
import { closeDb, useDb } from '../support/db.js';

/**
 * Intake's INSERT goes straight to a pooled connection (shared/db/connection.ts writeRow), not through
 * Sequelize's query layer: the idempotency rules that read its duplicate-key error must hold as before.
 */
const owner = `actor:intake-${randomUUID().slice(0, 8)}`;

test.before(() => useDb());
test.after(async () => {
  await db().query('DELETE FROM submissions WHERE owner = ?', { replacements: [owner] });
  await closeQueues().catch(() => undefined);
  await closeDb();
});

const body = (idempotencyKey: string, name = 'intake-insert') => ({ categoryKey: 'SKILL', skillMdContent: skillMd({ name }), idempotencyKey });

test('two concurrent submissions with one idempotency key: one is stored, the other replays it', async () => {
  const key = randomUUID();
  const [a, b] = await Promise.all([createSubmission({ owner, channel: 'cert-v1' }, body(key)), createSubmission({ owner, channel: 'cert-v1' }, body(key))]);
  assert.is(a.submission.id, b.submission.id);
  assert.equal([a.replayed, b.replayed].sort(), [false, true]);
  assert.is(await Submission.count({ where: { owner, idempotencyKey: key } }), 1);
  // Sent again later: replayed.
  const again = await createSubmission({ owner, channel: 'cert-v1' }, body(key));
  assert.is(again.replayed, true);
  assert.is(again.submission.id, a.submission.id);
});

test('the same idempotency key with another request is refused (409 idempotency_key_reused)', async () => {
  const key = randomUUID();
  await createSubmission({ owner, channel: 'cert-v1' }, body(key));
  const err = await createSubmission({ owner, channel: 'cert-v1' }, body(key, 'another-skill')).catch((e: unknown) => e);
  assert.instance(err, ApiError);
  assert.is((err as ApiError).status, 409);
  assert.is((err as ApiError).code, 'idempotency_key_reused');
});

test('a duplicate key through writeRow is the UniqueConstraintError Sequelize throws, with the same fields', async () => {
  const row = await Submission.findOne({ where: { owner }, attributes: ['id'], raw: true });
  const insert = 'INSERT INTO submissions (id, owner, channel, category_key, product_type, idempotency_key, request_hash, status, status_changed_at, skill_name, skill_version, content_sha256, skill_content, created_at, updated_at) SELECT id, owner, channel, category_key, product_type, idempotency_key, request_hash, status, status_changed_at, skill_name, skill_version, content_sha256, skill_content, created_at, updated_at FROM submissions WHERE id = ?';
  const viaSequelize = await db().query(insert, { replacements: [row!.id] }).catch((e: unknown) => e);
  const viaPool = await writeRow(insert, [row!.id]).catch((e: unknown) => e);
  assert.instance(viaSequelize, UniqueConstraintError);
  assert.instance(viaPool, UniqueConstraintError);
  assert.equal((viaPool as UniqueConstraintError).fields, (viaSequelize as UniqueConstraintError).fields);
  assert.is((viaPool as UniqueConstraintError).message, (viaSequelize as UniqueConstraintError).message);
  assert.is((viaPool as UniqueConstraintError).original?.message, (viaSequelize as UniqueConstraintError).original?.message);
});

test.run();
