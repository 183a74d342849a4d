import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { db } from '../../shared/db/connection.js';
import { Certificate, CertificateState } from '../../shared/db/models.js';
import { closeDb, useDb } from '../support/db.js';
import { indexCertificateForSearch } from '../../shared/certificates/search.js';
import { listCertificates } from '../../shared/certificates/listing.js';
import { indexItem } from '../../shared/certificates/views.js';
import { ApiError } from '../../shared/errors.js';

/**
 * The certificate list of the public API and the site (listing.ts), read by raw statements: the same
 * items the models gave, live state read on every call, a certificate without a state row left out.
 * Its certificates are issued in 2099 so that they are the newest of the run's database (the list
 * without `q`), and removed afterwards so that other suites' lists are unchanged.
 */
const tag = `l${randomUUID().slice(0, 8)}`;
const ids: Record<string, string> = {};
const subs: string[] = [];
let minute = 0;

async function seal(key: string, name: string, withState = true): Promise<void> {
  const id = randomUUID();
  const sub = randomUUID();
  const issuedAt = new Date(Date.UTC(2099, 0, 1, 0, minute++));
  const q = db();
  await q.query(
    `INSERT INTO submissions (id, owner, channel, category_key, product_type, idempotency_key, request_hash, status, status_changed_at, skill_name, skill_version, content_sha256, skill_content, created_at, updated_at)
     VALUES (?, 'actor:listing', 'api', 'SKILL', 'SKILL', ?, ?, 'APPROVED', NOW(3), ?, '1.2.3', ?, 'x', NOW(3), NOW(3))`,
    { replacements: [sub, randomUUID(), 'a'.repeat(64), name, 'b'.repeat(64)] },
  );
  await q.query(
    `INSERT INTO certificates (id, submission_id, owner, skill_name, skill_description, skill_version, content_sha256, canonical_json, payload_hash, signature, signer, issued_at, created_at)
     VALUES (?, ?, 'actor:listing', ?, ?, '1.2.3', ?, '{}', ?, '0xsig', ?, ?, NOW(3))`,
    { replacements: [id, sub, name, `About ${name}.`, 'b'.repeat(64), `0x${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`, `0x${'1'.repeat(40)}`, issuedAt] },
  );
  if (withState) {
    await q.query("INSERT INTO certificate_states (certificate_id, status, monitoring_state, created_at, updated_at) VALUES (?, 'APPROVED', 'OK', NOW(3), NOW(3))", { replacements: [id] });
  }
  await indexCertificateForSearch({ id, skillName: name, skillDescription: `About ${name}.`, issuedAt });
  ids[key] = id;
  subs.push(sub);
}

test.before(async () => {
  useDb();
  await seal('first', `first-${tag}`);
  await seal('second', `second-${tag}`);
  await seal('unsealed', `unsealed-${tag}`, false);
});

test.after(async () => {
  const q = db();
  const all = Object.values(ids);
  for (const t of ['certificate_search_terms', 'certificate_search_docs', 'certificate_states']) {
    await q.query(`DELETE FROM ${t} WHERE certificate_id IN (?)`, { replacements: [all] });
  }
  await q.query('DELETE FROM certificates WHERE id IN (?)', { replacements: [all] });
  await q.query('DELETE FROM submissions WHERE id IN (?)', { replacements: [subs] });
  await closeDb();
});

/** What the models gave before the raw read: the contract of the list's items. */
async function modelItem(id: string) {
  return indexItem((await Certificate.findByPk(id))!, (await CertificateState.findByPk(id))!);
}

test('with q: the items the models give, newest first; a certificate without a state row is left out', async () => {
  const r = await listCertificates({ q: tag, limit: 20 });
  assert.equal(r.items, [await modelItem(ids.second!), await modelItem(ids.first!)]);
  assert.equal([r.query, r.limit], [tag, 20]);
  assert.equal(r.items[0]!.skillVersion, '1.2.3');
  assert.equal(r.items[0]!.description, `About second-${tag}.`);
  assert.equal(typeof r.items[0]!.certificateIssuedAt, 'string');
  assert.equal((await listCertificates({ q: `unsealed ${tag}`, limit: 20 })).items, []);
  assert.equal((await listCertificates({ q: `nothing${tag}`, limit: 20 })).items, []);
});

test('without q: the newest certificates from the issued_at index, stateless ones left out', async () => {
  // The three newest rows are this suite's; the stateless one is dropped after the limit, as the
  // model reads did (sealing writes both rows in one transaction, so a list never sees one alone).
  const r = await listCertificates({ limit: 3 });
  assert.equal(r.items, [await modelItem(ids.second!), await modelItem(ids.first!)]);
  assert.equal(r.query, null);
  assert.equal((await listCertificates({ limit: 2 })).items.map((i) => i.id), [ids.second]);
});

test('without q the index pages by cursor like every list; a cursor it did not issue is 400 invalid_cursor', async () => {
  const seen: string[] = [];
  let cursor: string | undefined;
  // One row a page: the stateless newest row takes a page of its own (dropped after the limit).
  for (let i = 0; i < 3; i++) {
    const r = await listCertificates({ limit: 1, ...(cursor ? { cursor } : {}) });
    seen.push(...r.items.map((x) => x.id));
    if (i < 2) assert.type(r.nextCursor, 'string', `page ${i} has a next page`);
    cursor = r.nextCursor ?? undefined; // the last page's is null unless older certificates exist
  }
  assert.equal(seen, [ids.second, ids.first]);
  const whole = await listCertificates({ limit: 3 });
  assert.equal(whole.items.map((x) => x.id), seen);
  for (const bad of ['garbage', Buffer.from('{"t":"never","id":"x"}').toString('base64url'), '']) {
    try {
      await listCertificates({ limit: 3, cursor: bad || 'e30' });
      assert.unreachable(`cursor ${bad} accepted`);
    } catch (err) {
      assert.instance(err, ApiError);
      assert.equal([(err as ApiError).status, (err as ApiError).code, (err as ApiError).field], [400, 'invalid_cursor', 'cursor']);
    }
  }
  // A search is one page: it issues no cursor, so none is accepted with q.
  assert.is((await listCertificates({ q: tag, limit: 1 })).nextCursor, null);
  try {
    await listCertificates({ q: tag, limit: 1, cursor: (await listCertificates({ limit: 1 })).nextCursor! });
    assert.unreachable('a cursor with q accepted');
  } catch (err) {
    assert.is((err as ApiError).code, 'invalid_cursor');
  }
});

test('the live state is read on every call: a suspension or an open flag shows at once', async () => {
  await db().query("UPDATE certificate_states SET status = 'SUSPENDED' WHERE certificate_id = ?", { replacements: [ids.second] });
  await db().query('UPDATE certificate_states SET active_flag_count = 1 WHERE certificate_id = ?', { replacements: [ids.first] });
  for (const r of [await listCertificates({ q: tag, limit: 20 }), await listCertificates({ limit: 3 })]) {
    assert.equal(
      r.items.map((i) => [i.id, i.status, i.valid]),
      [
        [ids.second, 'SUSPENDED', false],
        [ids.first, 'APPROVED', false],
      ],
    );
  }
});

test.run();
