import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { db } from '../../shared/db/connection.js';
import { closeDb, useDb } from '../support/db.js';
import { docWords, indexCertificateForSearch, queryTerms, reconcileSearchWords, searchCertificateIds, searchCertificates, searchTerms, SEARCH_TUNING } from '../../shared/certificates/search.js';

/**
 * Certificate search against the run's database: what a user typing into the
 * search box gets. Every name carries a word unique to this run so other suites' certificates
 * never match.
 */
const tag = `t${randomUUID().slice(0, 8)}`;
const ids: Record<string, string> = {};
let minute = 0;

/** `uncounted`: as code older than the vocabulary sealed (word index and docs row, no counts). */
async function seal(key: string, name: string, description: string, uncounted = false): Promise<void> {
  const id = randomUUID();
  const sub = randomUUID();
  const issuedAt = new Date(Date.UTC(2024, 0, 1, 0, minute++));
  const q = db();
  await q.query(
    `INSERT INTO submissions (id, owner, channel, category_key, product_type, idempotency_key, request_hash, status, status_changed_at, skill_name, skill_version, content_sha256, skill_content, created_at, updated_at)
     VALUES (?, 'actor:search', 'api', 'SKILL', 'SKILL', ?, ?, 'APPROVED', NOW(3), ?, '1.0.0', ?, 'x', NOW(3), NOW(3))`,
    { replacements: [sub, randomUUID(), 'a'.repeat(64), name, 'b'.repeat(64)] },
  );
  await q.query(
    `INSERT INTO certificates (id, submission_id, owner, skill_name, skill_description, skill_version, content_sha256, canonical_json, payload_hash, signature, signer, issued_at, created_at)
     VALUES (?, ?, 'actor:search', ?, ?, '1.0.0', ?, '{}', ?, '0xsig', ?, ?, NOW(3))`,
    { replacements: [id, sub, name, description, 'b'.repeat(64), `0x${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`, `0x${'1'.repeat(40)}`, issuedAt] },
  );
  if (uncounted) {
    const terms = searchTerms(name, description);
    await q.query('INSERT INTO certificate_search_docs (issued_at, certificate_id, words) VALUES (?, ?, ?)', { replacements: [issuedAt, id, docWords(terms)] });
    await q.query(`INSERT INTO certificate_search_terms (term, issued_at, certificate_id) VALUES ${terms.map(() => '(?, ?, ?)').join(', ')}`, { replacements: terms.flatMap((t) => [t, issuedAt, id]) });
  } else await indexCertificateForSearch({ id, skillName: name, skillDescription: description, issuedAt });
  ids[key] = id;
}

test.before(async () => {
  useDb();
  await seal('phantom', `phantombuster-automation-${tag}`, `Automates PhantomBuster agents for ${tag} lead lists.`);
  await seal('review', `github-pr-review-${tag}`, `Reviews GitHub pull requests (${tag}) and writes a summary.`);
  await seal('weather', `weather-brief-${tag}`, `Summarises the forecast from a public weather API for ${tag} users.`);
  await seal('accents', `cafe-guide-${tag}`, `Finds a Café near the user (${tag}); ＦＵＬＬＷＩＤＴＨ text too.`);
});

test.after(async () => {
  await closeDb();
});

const search = (q: string, tuning = SEARCH_TUNING) => searchCertificateIds(q, 20, tuning);

test('words are split on punctuation, lower-cased and NFKC-folded; a query word that prefixes another adds nothing', () => {
  assert.equal(searchTerms('GitHub-PR_review', 'Ａｂｃ, déf!'), ['github', 'pr', 'review', 'abc', 'déf']);
  assert.equal(queryTerms('git github  REV'), ['github', 'rev']);
  assert.equal(queryTerms('--- !!!'), []);
});

test('a prefix of any word of the name finds the certificate, newest first', async () => {
  assert.equal(await search(`phantomb ${tag}`), [ids.phantom]);
  assert.equal(await search(`autom ${tag}`), [ids.phantom]);
  assert.equal(await search(tag), [ids.accents, ids.weather, ids.review, ids.phantom]);
  assert.equal(await search(`${tag.slice(0, 6)}`).then((r) => r.filter((id) => Object.values(ids).includes(id)).length), 4);
});

test('the vocabulary counts each word\'s certificates exactly; indexing a certificate again counts nothing twice', async () => {
  const count = async (term: string) =>
    (await db().query<{ n: number }>('SELECT certificates AS n FROM certificate_search_words WHERE term = ?', { replacements: [term], type: QueryTypes.SELECT }))[0]?.n;
  // The run's tag is in every name above and in every description too: one count per certificate.
  assert.is(Number(await count(tag)), 4);
  assert.is(Number(await count('phantombuster')) >= 1, true);
  const name = (await db().query<{ n: string; d: string; at: Date }>('SELECT skill_name AS n, skill_description AS d, issued_at AS at FROM certificates WHERE id = ?', { replacements: [ids.phantom], type: QueryTypes.SELECT }))[0]!;
  await indexCertificateForSearch({ id: ids.phantom!, skillName: name.n, skillDescription: name.d, issuedAt: name.at });
  assert.is(Number(await count(tag)), 4, 'the same certificate indexed twice');
  assert.equal(await search(tag), [ids.accents, ids.weather, ids.review, ids.phantom]);
});

test('description words match case-insensitively; every query word must match', async () => {
  assert.equal(await search(`GITHUB pull ${tag}`), [ids.review]);
  assert.equal(await search(`forecast ${tag}`), [ids.weather]);
  assert.equal(await search(`forecast github ${tag}`), []);
  assert.equal(await search(`cafe ${tag}`), [ids.accents]);
  assert.equal(await search(`fullwidth ${tag}`), [ids.accents]);
});

test('a word inside another word does not match (prefixes only), and punctuation alone finds nothing', async () => {
  assert.equal(await search(`buster ${tag}`), []);
  assert.equal(await search('%'), []);
  assert.equal(await search(`${tag}zzz`), []);
});

/** Tunings that send the same queries down every path of the plan. */
const PLANS: [string, typeof SEARCH_TUNING][] = [
  ['default', SEARCH_TUNING],
  ['every word broad: the docs walk', { ...SEARCH_TUNING, termsMax: 0 }],
  ['first probe too short, then docs rows to the end', { ...SEARCH_TUNING, probeRows: 1, rareDriverRatio: Infinity }],
  ['first probe too short, then the semi-join of index ranges', { ...SEARCH_TUNING, probeRows: 1, rareDriverRatio: 0 }],
  ['a prefix word broad, the other driving', { ...SEARCH_TUNING, termsMax: 1, probeRows: 1 }],
];

test('every query plan (single range, docs walk, first probe, docs rows, semi-join) gives the same answer', async () => {
  for (const q of [tag, `${tag} review`, `summ ${tag}`, `${tag} automates agents`, `forecast github ${tag}`, `${tag} a`, `${tag.slice(0, 5)} su`]) {
    const expected = await search(q);
    for (const [name, plan] of PLANS) assert.equal(await search(q, plan), expected, `${q}: ${name}`);
  }
  assert.equal(await search(`summ ${tag}`, PLANS[2]![1]), [ids.weather, ids.review]);
});

test('every plan reads the matches\' own columns in its last statement, in the same order', async () => {
  const names: Record<string, string> = {};
  for (const id of Object.values(ids)) names[id] = (await db().query<{ n: string }>('SELECT skill_name AS n FROM certificates WHERE id = ?', { replacements: [id], type: QueryTypes.SELECT }))[0]!.n;
  for (const q of [tag, `${tag} review`, `summ ${tag}`, `${tag} a`, `${tag.slice(0, 5)} su`]) {
    for (const [name, plan] of PLANS) {
      const expected = await search(q, plan);
      const rows = await searchCertificates<{ id: string; name: string; status: string | null }>(q, 20, 'k.id, c.skill_name AS name, s.status', plan);
      assert.equal(rows.map((r) => r.id), expected, `${q}: ${name}`);
      // The suite's certificates have no live-state row: the join keeps them, with a null state.
      for (const r of rows) assert.equal([r.name, r.status], [names[r.id], null], `${q}: ${name}`);
    }
  }
});

test('`limit` keeps the newest matches', async () => {
  for (const [name, plan] of PLANS) assert.equal(await searchCertificateIds(tag, 2, plan), [ids.accents, ids.weather], name);
  assert.equal(await searchCertificateIds(`${tag} s`, 1, PLANS[3]![1]), [ids.weather]);
});

test('two words that seldom meet: old matches among many newer rows of each word are found, newest first', async () => {
  // Two words each on many recent certificates but together only on two old ones: the first probe
  // of the driver's newest rows finds nothing, the later plans must reach back.
  const a = `alpha${tag}`;
  const b = `beta${tag}`;
  await seal('both-old', `old-${a}-${b}`, 'The first one with both words.');
  await seal('both-newer', `${b}-tool`, `Also ${a}, the second with both.`);
  for (let i = 0; i < 12; i++) await seal(`a${i}`, `${a}-only-${i}`, 'One word of the two.');
  for (let i = 0; i < 12; i++) await seal(`b${i}`, `${b}-only-${i}`, 'The other word.');
  const expected = [ids['both-newer'], ids['both-old']];
  for (const [name, plan] of [...PLANS, ['probe of 3 rows', { ...SEARCH_TUNING, probeRows: 3 }] as const]) {
    assert.equal(await search(`${a} ${b}`, plan), expected, name);
    assert.equal(await search(`${b.slice(0, 6)} ${a}`, plan), expected, `${name}, a prefix`);
    assert.equal(await searchCertificateIds(`${a} ${b}`, 1, plan), [ids['both-newer']], `${name}, limit 1`);
  }
  // The bound of one request's work: a driver with more rows than candidatesMax is cut to its newest.
  const bounded = await search(`${a} ${b}`, { ...SEARCH_TUNING, probeRows: 1, candidatesMax: 3 });
  assert.ok(bounded.every((id) => expected.includes(id)), 'a bounded search returns matches only');
});

test('a certificate sealed after a search is found by the same search at once (new words and counts included)', async () => {
  const a = `gamma${tag}`;
  const b = `delta${tag}`;
  await seal('g-old', `${a}-${b}-one`, 'Both words.');
  for (let i = 0; i < 5; i++) await seal(`g${i}`, `${a}-only-${i}`, 'One word.');
  for (const [name, plan] of PLANS) assert.equal(await search(`${a} ${b}`, plan), [ids['g-old']], name);
  await seal('g-new', `${b}-${a}-two`, 'Both words again.');
  for (const [name, plan] of PLANS) assert.equal(await search(`${a} ${b}`, plan), [ids['g-new'], ids['g-old']], name);
  await seal('g-new-word', `${a}-${b}x-three`, 'A word the index did not have.');
  assert.equal(await search(`${a} ${b}x`), [ids['g-new-word']]);
  assert.equal(await search(`${a} ${b}`), [ids['g-new-word'], ids['g-new'], ids['g-old']]);
});

test('certificates sealed uncounted (older code during a deploy) are found once a worker reconciles the vocabulary', async () => {
  await reconcileSearchWords(); // whatever earlier suites left behind
  assert.is(await reconcileSearchWords(), false, 'nothing to do when every indexed word is counted');
  const word = `epsilon${tag}`;
  await seal('uncounted', `${word}-legacy`, `Sealed by code that did not count the words of ${word}.`, true);
  assert.equal(await search(word), [], 'its new word is not in the vocabulary yet');
  assert.is(await reconcileSearchWords(), true);
  assert.equal(await search(word), [ids.uncounted]);
  assert.is(await reconcileSearchWords(), false);
});

test.run();
