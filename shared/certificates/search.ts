import { QueryTypes, type Transaction } from 'sequelize';
import { type CompoundPart, compound, db, selectRows } from '../db/connection.js';

/**
 * Certificate search over skill names and descriptions through an index of our own, two tables:
 * - `certificate_search_terms`: one row per distinct word of a certificate, keyed by (word, issue
 *   time): the certificates of one word are one index range, newest last;
 * - `certificate_search_docs`: one small row per certificate (its words, space-separated), clustered
 *   by issue time: another word is checked there with one primary-key lookup. It is a few per cent
 *   of the size of the certificates table, so it stays in the buffer pool.
 * MariaDB's InnoDB FULLTEXT took seconds for a common word or a short prefix on 100,000
 * certificates (it materialises every match before sorting); this answers every query shape in a
 * bounded amount of work and keeps the "newest first" order. The plan is in searchCertificateIds.
 *
 * Semantics: the query is split into words (letters and digits; case and compatibility forms such
 * as full-width letters folded, punctuation ignored; accents are kept); a certificate matches when every query word is the start of one of
 * its words, so `phant` finds `phantombuster-automation`, `git rev` finds "GitHub review".
 */

/** Longer words are indexed and matched by their first characters (a prefix match still works). */
export const TERM_MAX_CHARS = 32;
/** Query words beyond this are ignored: every word narrows, eight are plenty. */
const QUERY_MAX_TERMS = 8;

export interface SearchTuning {
  termsMax: number;
  probeRows: number;
  rareDriverRatio: number;
  candidatesMax: number;
  walkMax: number;
}

/** Thresholds of the query plan (tests pass small ones to reach every path with a few rows). */
export const SEARCH_TUNING: SearchTuning = {
  /**
   * A query word that starts more distinct indexed words than this is broad (a letter or two): it is
   * checked on the docs rows and never drives a query.
   */
  termsMax: 64,
  /**
   * First try for several words: the driving word's newest rows, this many, each checked on its
   * docs row (one primary-key lookup). Words that meet on one in fifteen of its rows end here (limit 20).
   */
  probeRows: 300,
  /**
   * A driving word with this many times fewer rows than the other words together is checked row by
   * row on the docs rows to the end; measured here, a docs-row check costs about as much as reading
   * five index rows of another word.
   */
  rareDriverRatio: 5,
  /**
   * Then a set intersection of the words' index ranges, which MariaDB runs as a semi-join (it may
   * materialise a word's range once instead of probing per row); a driving word with more rows than
   * this contributes its newest this many only, so the work of one request stays bounded.
   */
  candidatesMax: 20000,
  /** Every word broad: the newest-first walk of the docs rows looks at this many at most. */
  walkMax: 20000,
};

export function searchTerms(...texts: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const w of text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (w) out.add([...w].slice(0, TERM_MAX_CHARS).join(''));
    }
  }
  return [...out];
}

/** Query words, minus those that are a prefix of another word (they cannot narrow further). */
export function queryTerms(q: string): string[] {
  const words = searchTerms(q).slice(0, QUERY_MAX_TERMS);
  return words.filter((w) => !words.some((o) => o !== w && o.startsWith(w)));
}

/** The docs row's text: every word after a space, so `LIKE '% w%'` is "a word starting with w". */
export const docWords = (terms: string[]) => terms.map((t) => ` ${t}`).join('');

/**
 * Writes the search rows of a certificate; called in the sealing transaction. Its words' counts in
 * `certificate_search_words` go up in the same transaction, so they stay exact: the search trusts them
 * (which words exist, how many certificates each has). One compound statement (`searchIndexPart`).
 */
export async function indexCertificateForSearch(
  cert: { id: string; skillName: string; skillDescription: string | null; issuedAt: Date },
  transaction?: Transaction,
): Promise<void> {
  await compound([searchIndexPart(cert)], transaction);
}

/**
 * The search rows of a certificate as one part of a compound statement (shared/db/connection.ts `compound`; the
 * seal sends it with the certificate's INSERT): its docs row, then, only when that row is new (a certificate
 * indexed already has its words counted), its words' index rows and counts. Three statements run by the
 * server, one sent.
 */
export function searchIndexPart(cert: { id: string; skillName: string; skillDescription: string | null; issuedAt: Date }): CompoundPart {
  const terms = searchTerms(cert.skillName, cert.skillDescription);
  const docs = { sql: 'INSERT IGNORE INTO certificate_search_docs (issued_at, certificate_id, words) VALUES (?, ?, ?)', replacements: [cert.issuedAt, cert.id, docWords(terms)] };
  if (!terms.length) return docs;
  // Rows locked in one order by every sealing transaction, so two seals sharing words queue, never deadlock.
  const sorted = [...terms].sort();
  return {
    sql:
      `${docs.sql}; IF ROW_COUNT() > 0 THEN ` +
      `INSERT IGNORE INTO certificate_search_terms (term, issued_at, certificate_id) VALUES ${terms.map(() => '(?, ?, ?)').join(', ')}; ` +
      `INSERT INTO certificate_search_words (term, certificates) VALUES ${sorted.map(() => '(?, 1)').join(', ')} ON DUPLICATE KEY UPDATE certificates = certificates + 1; END IF`,
    replacements: [...docs.replacements, ...terms.flatMap((t) => [t, cert.issuedAt, cert.id]), ...sorted],
  };
}

// Query words are letters and digits only (see searchTerms), so they need no LIKE escaping.
const termPrefix = (w: string) => `${w}%`;
const wordInDoc = (w: string) => `% ${w}%`;

const TERMS = 'certificate_search_terms';
const WORDS = 'certificate_search_words';
const DOCS = 'certificate_search_docs';
const NEWEST = 'ORDER BY at DESC, id DESC';

/**
 * Recounts the vocabulary from the word index: the one repair of `certificate_search_words`, for the
 * migration that creates it, for a deploy window in which code older than it sealed certificates (their
 * words are in the index, not counted), and for benches that write the index directly. Reading the
 * index takes shared locks on its rows, so a seal that runs meanwhile waits and counts itself after.
 */
export async function recountSearchWords(): Promise<void> {
  // Words no certificate has any more (rows removed from the index by hand or by a test) go first.
  await db().query(`DELETE FROM ${WORDS} WHERE NOT EXISTS (SELECT 1 FROM ${TERMS} t WHERE t.term = ${WORDS}.term)`);
  await db().query(`INSERT INTO ${WORDS} (term, certificates) SELECT term, COUNT(*) FROM ${TERMS} GROUP BY term ON DUPLICATE KEY UPDATE certificates = VALUES(certificates)`);
}

/**
 * Whether the vocabulary counts every row of the word index (one index scan of each): on worker start,
 * so that certificates sealed by older code during a deploy are counted once a new worker runs.
 * Returns whether a recount was needed.
 */
export async function reconcileSearchWords(): Promise<boolean> {
  const [row] = await db().query<{ counted: number | string | null; indexed: number | string }>(
    `SELECT (SELECT SUM(certificates) FROM ${WORDS}) AS counted, (SELECT COUNT(*) FROM ${TERMS}) AS indexed`,
    { type: QueryTypes.SELECT },
  );
  if (Number(row?.counted ?? 0) === Number(row?.indexed ?? 0)) return false;
  await recountSearchWords();
  return true;
}

/**
 * Where the docs walk stops: the issue time of the walkMax-th newest certificate, read (20,000 rows)
 * at most once a minute per process. Only the amount of work depends on it: a floor that new
 * certificates have made older lets a walk look at a few more rows, never at fewer.
 */
const WALK_FLOOR_TTL_MS = 60_000;
let walkFloorCache: { walkMax: number; at: Date | undefined; until: number } | undefined;
async function walkFloor(walkMax: number, read: () => Promise<Date | undefined>): Promise<Date | undefined> {
  const c = walkFloorCache;
  if (c && c.walkMax === walkMax && c.until > Date.now()) return c.at;
  const at = await read();
  // Fewer certificates than walkMax (no floor yet): read again next time.
  walkFloorCache = { walkMax, at, until: at ? Date.now() + WALK_FLOOR_TTL_MS : 0 };
  return at;
}

interface Word {
  w: string;
  /** The indexed words it starts (at most termsMax + 1: more means broad). */
  terms: string[];
  /** Its index rows (the certificates of its indexed words, from their counts); a broad word's is partial. */
  rows: number;
}

/**
 * Ids of the newest certificates matching `q` (newest first, ties by id descending), at most `limit`.
 * An empty list when the query has no word.
 *
 * Plan: each query word is expanded, in one statement on the vocabulary table, to the indexed words it
 * starts with their exact certificate counts. The word with the fewest rows drives, newest first, one
 * ordered index range per indexed word, and every plan stops at `limit` matches:
 * - one word: its ranges' newest `limit` rows;
 * - a driver much rarer than the others: each of its rows checked on its docs row;
 * - otherwise the driver's newest probeRows rows checked on their docs rows (words that meet often;
 *   the answer when the driver has no more rows than that), then a semi-join of the words' index
 *   ranges (words that seldom meet);
 * - only broad words (a letter or two): the newest docs rows, walkMax at most.
 */
export async function searchCertificateIds(q: string, limit: number, tuning: SearchTuning = SEARCH_TUNING): Promise<string[]> {
  return (await searchCertificates<{ id: string }>(q, limit, undefined, tuning)).map((r) => r.id);
}

/**
 * searchCertificateIds, with the matches' own columns read in the plan's last statement (no further
 * round trip): `columns` is a select list over `k` (the match: `k.id`, `k.at`), `c` (its
 * certificate) and `s` (its live state), both left-joined (a column is null when the row is missing).
 */
export async function searchCertificates<T extends object>(q: string, limit: number, columns: string | undefined, tuning: SearchTuning = SEARCH_TUNING): Promise<T[]> {
  const qwords = queryTerms(q);
  if (!qwords.length) return [];
  // Straight through mysql2 on the pool (no Sequelize query layer): this is every search's path.
  const select = <T extends object>(sql: string, values: unknown[]) => selectRows<T>(sql, values);
  // A plan's last statement (its matches newest first, as `id` and `at`), with `columns` joined on.
  const last = (sql: string, replacements: unknown[]) =>
    select<T>(
      columns
        ? `SELECT ${columns} FROM (${sql}) k LEFT JOIN certificates c ON c.id = k.id LEFT JOIN certificate_states s ON s.certificate_id = k.id ORDER BY k.at DESC, k.id DESC`
        : sql,
      replacements,
    );

  // Planning, one statement on the vocabulary (never cached: a new certificate may bring a new word):
  // the indexed words each query word starts, and how many certificates each has.
  const expanded = await select<{ i: number; t: string; n: number }>(
    qwords.map((_, i) => `(SELECT ${i} AS i, term AS t, certificates AS n FROM ${WORDS} WHERE term LIKE ? ORDER BY term LIMIT ${tuning.termsMax + 1})`).join(' UNION ALL '),
    qwords.map(termPrefix),
  );
  const words: Word[] = qwords.map((w, i) => {
    const own = expanded.filter((r) => Number(r.i) === i);
    return { w, terms: own.map((r) => r.t), rows: own.reduce((n, r) => n + Number(r.n), 0) };
  });
  // A word that starts no indexed word matches nothing.
  if (words.some((x) => !x.terms.length)) return [];
  const narrow = words.filter((x) => x.terms.length <= tuning.termsMax).sort((a, b) => a.rows - b.rows);
  const broad = words.filter((x) => x.terms.length > tuning.termsMax);
  const docsLike = (ws: Word[]) => ws.map(() => 'AND d.words LIKE ?').join(' ');

  if (!narrow.length) {
    // Only broad words (a letter or two): they match often, so the newest docs rows find `limit`
    // matches quickly; the walk looks at walkMax rows at most.
    const floor = await walkFloor(tuning.walkMax, () =>
      select<{ at: Date }>(`SELECT issued_at AS at FROM ${DOCS} ORDER BY issued_at DESC, certificate_id DESC LIMIT 1 OFFSET ?`, [tuning.walkMax - 1]).then((r) => r[0]?.at),
    );
    return last(
      `SELECT d.certificate_id AS id, d.issued_at AS at FROM ${DOCS} d WHERE ${floor ? 'd.issued_at >= ?' : 'TRUE'} ${docsLike(broad)} ${NEWEST} LIMIT ?`,
      [...(floor ? [floor] : []), ...broad.map((x) => wordInDoc(x.w)), limit],
    );
  }

  const [driver, ...others] = narrow;
  // The driver's newest `n` index rows: one ordered range per indexed word, merged (a certificate
  // with two words of one prefix appears once).
  const newestOfDriver = (n: number) => ({
    sql: `SELECT DISTINCT id, at FROM (${driver!.terms
      .map(() => `(SELECT certificate_id AS id, issued_at AS at FROM ${TERMS} WHERE term = ? ORDER BY issued_at DESC, certificate_id DESC LIMIT ${Number(n)})`)
      .join(' UNION ALL ')}) t ${NEWEST} LIMIT ${Number(n)}`,
    replacements: driver!.terms,
  });
  if (!others.length && !broad.length) {
    const one = newestOfDriver(limit);
    return last(one.sql, one.replacements);
  }

  const rest = [...others, ...broad];
  const restLike = rest.map((x) => wordInDoc(x.w));
  // A driver much rarer than the other words: checking each of its rows on its docs row (one
  // primary-key lookup) costs less than reading the others' index ranges.
  const rareDriver = broad.length > 0 || driver!.rows * tuning.rareDriverRatio <= others.reduce((n, x) => n + x.rows, 0);
  // A driver with very many rows contributes its newest candidatesMax (the bound of one request's work).
  const floorOf = async () =>
    driver!.rows > tuning.candidatesMax
      ? (await select<{ at: Date }>(`SELECT at FROM (${newestOfDriver(tuning.candidatesMax).sql}) f ORDER BY at ASC LIMIT 1`, driver!.terms))[0]?.at
      : undefined;
  const driverIn = `t.term IN (${driver!.terms.map(() => '?').join(', ')})`;
  // Rows of one indexed word are distinct already; DISTINCT would make MariaDB read all of them
  // into a temporary table before stopping at `limit`.
  const distinct = driver!.terms.length > 1 ? 'DISTINCT' : '';
  const probeDocs = async () => {
    const floor = await floorOf();
    return last(
      `SELECT ${distinct} t.certificate_id AS id, t.issued_at AS at FROM ${TERMS} t STRAIGHT_JOIN ${DOCS} d ON d.issued_at = t.issued_at AND d.certificate_id = t.certificate_id
       WHERE ${driverIn} ${floor ? 'AND t.issued_at >= ?' : ''} ${docsLike(rest)} ${NEWEST} LIMIT ?`,
      [...driver!.terms, ...(floor ? [floor] : []), ...restLike, limit],
    );
  };
  // One indexed word driving: its range is read newest first and the scan stops at `limit` matches.
  if (rareDriver && driver!.terms.length === 1) return probeDocs();

  // 1. Words that meet often: the driver's newest probeRows rows, each checked on its docs row. Read
  //    as a last statement (with `columns`): when it is not the answer, only its few rows' joins are lost.
  const probed = newestOfDriver(tuning.probeRows);
  const found = await last(
    `SELECT c.id, c.at FROM (${probed.sql}) c JOIN ${DOCS} d ON d.issued_at = c.at AND d.certificate_id = c.id WHERE TRUE ${docsLike(rest)} ${NEWEST} LIMIT ?`,
    [...probed.replacements, ...restLike, limit],
  );
  // The counts are exact: with no more rows than were probed, the probe saw every candidate.
  const complete = driver!.rows <= tuning.probeRows;
  if (found.length === limit || complete) return found;
  if (rareDriver) return probeDocs();

  // 2. Common words that seldom meet: a semi-join of their index ranges, which MariaDB runs by
  //    reading the other words' ranges once (materialisation) rather than probing per row.
  const floor = await floorOf();
  const since = (alias: string) => (floor ? `AND ${alias}.issued_at >= ?` : '');
  const replacements: unknown[] = [...driver!.terms, ...(floor ? [floor] : [])];
  let sql = `SELECT ${distinct} t.certificate_id AS id, t.issued_at AS at FROM ${TERMS} t WHERE ${driverIn} ${since('t')}`;
  for (const o of others) {
    sql += ` AND EXISTS (SELECT 1 FROM ${TERMS} o WHERE o.term IN (${o.terms.map(() => '?').join(', ')}) ${since('o')} AND o.issued_at = t.issued_at AND o.certificate_id = t.certificate_id)`;
    replacements.push(...o.terms, ...(floor ? [floor] : []));
  }
  return last(`${sql} ${NEWEST} LIMIT ?`, [...replacements, limit]);
}
