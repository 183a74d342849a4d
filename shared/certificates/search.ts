import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../db/connection.js';

/**
 * Certificate search over skill names and descriptions through an index of our own, two tables:
 * - `certificate_search_terms`: one row per distinct word of a certificate, keyed by (word, issue
 *   time): the certificates of a rare word are one short index range;
 * - `certificate_search_docs`: one small row per certificate (its words, space-separated), clustered
 *   by issue time: a common word is checked there, by walking the newest certificates or by
 *   primary-key lookups of candidates. It is a few per cent of the size of the certificates table,
 *   so it stays in the buffer pool.
 * MariaDB's InnoDB FULLTEXT took seconds for a common word or a short prefix on 100,000
 * certificates (it materialises every match before sorting); this answers every query shape in a
 * bounded amount of work and keeps the "newest first" order.
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
  rareMax: number;
  walkMax: number;
  fallbackCandidatesMax: number;
}

/** Thresholds of the query plan (tests pass small ones to reach every path with a few rows). */
export const SEARCH_TUNING: SearchTuning = {
  /**
   * A query word with fewer index rows than this is rare: its certificates are read whole (one index
   * range) and the other words are checked on them. When every word is common, the newest
   * certificates are walked instead, which finds `limit` matches after about limit / frequency.
   */
  rareMax: 5000,
  /** The newest-first walk looks at this many certificates at most (rows of the small docs table). */
  walkMax: 20000,
  /**
   * Common words that seldom meet: the rarest word's newest certificates are checked, at most this
   * many. Keeps the work and the memory of one request bounded whatever the query.
   */
  fallbackCandidatesMax: 20000,
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

/** Writes the search rows of a certificate; called in the sealing transaction. */
export async function indexCertificateForSearch(
  cert: { id: string; skillName: string; skillDescription: string | null; issuedAt: Date },
  transaction?: Transaction,
): Promise<void> {
  const terms = searchTerms(cert.skillName, cert.skillDescription);
  await db().query('INSERT IGNORE INTO certificate_search_docs (issued_at, certificate_id, words) VALUES (?, ?, ?)', { replacements: [cert.issuedAt, cert.id, docWords(terms)], transaction });
  if (!terms.length) return;
  await db().query(`INSERT IGNORE INTO certificate_search_terms (term, issued_at, certificate_id) VALUES ${terms.map(() => '(?, ?, ?)').join(', ')}`, {
    replacements: terms.flatMap((t) => [t, cert.issuedAt, cert.id]),
    transaction,
  });
}

// Query words are letters and digits only (see searchTerms), so they need no LIKE escaping.
const termPrefix = (w: string) => `${w}%`;
const wordInDoc = (w: string) => `% ${w}%`;

/**
 * Ids of the newest certificates matching `q` (newest first, ties by id descending), at most `limit`.
 * An empty list when the query has no word.
 */
export async function searchCertificateIds(q: string, limit: number, tuning: SearchTuning = SEARCH_TUNING): Promise<string[]> {
  const { rareMax, walkMax, fallbackCandidatesMax } = tuning;
  const words = queryTerms(q);
  if (!words.length) return [];
  const sequelize = db();
  const select = <T extends object>(sql: string, replacements: unknown[]) => sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  // How common is each word? Counting stops at rareMax, so this reads at most that many index rows.
  const counts = await Promise.all(
    words.map(async (w) => Number((await select<{ n: number }>('SELECT COUNT(*) AS n FROM (SELECT 1 FROM certificate_search_terms WHERE term LIKE ? LIMIT ?) x', [termPrefix(w), rareMax]))[0]?.n ?? 0)),
  );
  const byCount = words.map((w, i) => ({ w, rare: counts[i]! < rareMax, n: counts[i]! })).sort((a, b) => a.n - b.n);
  if (byCount[0]!.n === 0) return [];
  const newestOf = async (w: string, max: number) =>
    (
      await select<{ id: string }>('SELECT DISTINCT certificate_id AS id, issued_at AS at FROM certificate_search_terms WHERE term LIKE ? ORDER BY at DESC, id DESC LIMIT ?', [
        termPrefix(w),
        max,
      ])
    ).map((r) => r.id);
  const docFilter = (ws: string[]) => ws.map(() => 'AND words LIKE ?').join(' ');

  let candidates: string[];
  const rest = byCount.slice(1).map((x) => x.w);
  if (byCount[0]!.rare) {
    // The rarest word's certificates, newest first (one sorted index range of fewer than rareMax rows).
    if (!rest.length) return newestOf(byCount[0]!.w, limit);
    candidates = await newestOf(byCount[0]!.w, rareMax);
  } else {
    // Every word is common: walk the newest docs rows (clustered by issue time) and stop at `limit`
    // matches, looking at walkMax of them at most; words that seldom meet fall back to the rarest
    // word's newest certificates.
    const floor = (await select<{ at: Date }>('SELECT issued_at AS at FROM certificate_search_docs ORDER BY issued_at DESC, certificate_id DESC LIMIT 1 OFFSET ?', [walkMax - 1]))[0]?.at;
    const walked = await select<{ id: string }>(
      `SELECT certificate_id AS id FROM certificate_search_docs WHERE ${floor ? 'issued_at >= ?' : 'TRUE'} ${docFilter(words)}
       ORDER BY issued_at DESC, certificate_id DESC LIMIT ?`,
      [...(floor ? [floor] : []), ...byCount.map((x) => wordInDoc(x.w)), limit],
    );
    if (walked.length === limit || !floor) return walked.map((r) => r.id);
    candidates = await newestOf(byCount[0]!.w, fallbackCandidatesMax);
  }
  // The other words are checked on the candidates' docs rows (primary-key lookups in a table that
  // stays in memory), newest first, in growing chunks until `limit` pass.
  const out: string[] = [];
  for (let i = 0, chunk = Math.max(200, limit * 10); i < candidates.length && out.length < limit; i += chunk, chunk *= 4) {
    const part = candidates.slice(i, i + chunk);
    const ok = new Set(
      (await select<{ id: string }>(`SELECT certificate_id AS id FROM certificate_search_docs WHERE certificate_id IN (?) ${docFilter(rest)}`, [part, ...rest.map(wordInDoc)])).map(
        (r) => r.id,
      ),
    );
    out.push(...part.filter((id) => ok.has(id)));
  }
  return out.slice(0, limit);
}
