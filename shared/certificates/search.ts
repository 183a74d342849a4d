import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../db/connection.js';

/**
 * Certificate search over skill names and descriptions through a word index of our own
 * (`certificate_search_terms`: one row per distinct word of a certificate, keyed by word and issue
 * time). MariaDB's InnoDB FULLTEXT took seconds for a common word or a short prefix on 100,000
 * certificates (it materialises every match before sorting); this index answers every query shape
 * in a bounded number of index reads and keeps the "newest first" order.
 *
 * Semantics: the query is split into words (letters and digits; case, accents in compatibility
 * form and punctuation ignored); a certificate matches when every query word is the start of one of
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
  setMax: number;
}

/** Thresholds of the query plan (tests pass small ones to reach every path with a few rows). */
export const SEARCH_TUNING: SearchTuning = {
  /** The newest-first walk looks at this many certificates at most. */
  walkMax: 3000,
  /**
   * Common words that seldom meet (rare): the rarest word's newest certificates are checked, at most
   * this many. Keeps the work and the memory of one request bounded whatever the query.
   */
  fallbackCandidatesMax: 20000,
  /**
   * A query word with fewer index rows than this is rare: its rows are read whole (one index range)
   * and the others are intersected with them. Commoner words are checked by index probes of the
   * candidates, or, when every word is common, by walking the newest certificates, which finds
   * `limit` matches after about limit / frequency certificates.
   */
  rareMax: 5000,
  /** A common word with at most this many rows is read as a set rather than probed (after a first chunk). */
  setMax: 30000,
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

/** Writes the search rows of a certificate; called in the sealing transaction. */
export async function indexCertificateForSearch(
  cert: { id: string; skillName: string; skillDescription: string | null; issuedAt: Date },
  transaction?: Transaction,
): Promise<void> {
  const terms = searchTerms(cert.skillName, cert.skillDescription);
  if (!terms.length) return;
  await db().query(`INSERT IGNORE INTO certificate_search_terms (term, issued_at, certificate_id) VALUES ${terms.map(() => '(?, ?, ?)').join(', ')}`, {
    replacements: terms.flatMap((t) => [t, cert.issuedAt, cert.id]),
    transaction,
  });
}

const likePrefix = (w: string) => `${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/**
 * "Has a word starting with ?" as a scalar subquery: evaluated per row through the
 * (certificate_id, term) index. Written as EXISTS, MariaDB turns it into a semi-join that first
 * materialises every row of a common word (tens of milliseconds).
 */
const has = (alias: string, idCol: string) =>
  `(SELECT 1 FROM certificate_search_terms ${alias} WHERE ${alias}.certificate_id = ${idCol} AND ${alias}.term LIKE ? LIMIT 1) IS NOT NULL`;

/**
 * Ids of the newest certificates matching `q` (newest first, ties by id descending), at most `limit`.
 * An empty list when the query has no word.
 */
export async function searchCertificateIds(q: string, limit: number, tuning: SearchTuning = SEARCH_TUNING): Promise<string[]> {
  const { rareMax: RARE_MAX, walkMax: WALK_MAX, fallbackCandidatesMax: FALLBACK_CANDIDATES_MAX, setMax: SET_MAX } = tuning;
  const words = queryTerms(q);
  if (!words.length) return [];
  const sequelize = db();
  const select = <T extends object>(sql: string, replacements: unknown[]) => sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  // How common is each word? Counting stops at RARE_MAX, so this reads at most that many index rows.
  const counts = await Promise.all(
    words.map(async (w) => Number((await select<{ n: number }>('SELECT COUNT(*) AS n FROM (SELECT 1 FROM certificate_search_terms WHERE term LIKE ? LIMIT ?) x', [likePrefix(w), RARE_MAX]))[0]?.n ?? 0)),
  );
  const byCount = words.map((w, i) => ({ w, rare: counts[i]! < RARE_MAX, n: counts[i]! })).sort((a, b) => a.n - b.n);
  if (byCount[0]!.n === 0) return [];
  const newestOf = async (w: string, max: number) =>
    (
      await select<{ id: string }>('SELECT DISTINCT certificate_id AS id, issued_at AS at FROM certificate_search_terms WHERE term LIKE ? ORDER BY at DESC, id DESC LIMIT ?', [
        likePrefix(w),
        max,
      ])
    ).map((r) => r.id);

  let candidates: string[];
  let rest = byCount.slice(1);
  if (byCount[0]!.rare) {
    // The rarest word's certificates, newest first (one sorted index range of fewer than RARE_MAX rows).
    if (!rest.length) return newestOf(byCount[0]!.w, limit);
    candidates = await newestOf(byCount[0]!.w, RARE_MAX);
    // Other rare words filter through the set of their certificates (one index range each).
    for (const o of rest.filter((x) => x.rare)) {
      const set = new Set((await select<{ id: string }>('SELECT certificate_id AS id FROM certificate_search_terms WHERE term LIKE ?', [likePrefix(o.w)])).map((r) => r.id));
      candidates = candidates.filter((id) => set.has(id));
      if (!candidates.length) return [];
    }
    rest = rest.filter((x) => !x.rare);
  } else {
    // Every word is common: walk the newest certificates and stop at `limit` matches, looking at
    // WALK_MAX of them at most; words that seldom meet fall back to the rarest word's newest.
    const floor = (await select<{ at: Date }>('SELECT issued_at AS at FROM certificates ORDER BY issued_at DESC, id DESC LIMIT 1 OFFSET ?', [WALK_MAX - 1]))[0]?.at;
    const walked = await select<{ id: string }>(
      `SELECT c.id FROM certificates c WHERE ${floor ? 'c.issued_at >= ? AND ' : ''}${byCount.map((_, i) => has(`t${i}`, 'c.id')).join(' AND ')}
       ORDER BY c.issued_at DESC, c.id DESC LIMIT ?`,
      [...(floor ? [floor] : []), ...byCount.map((x) => likePrefix(x.w)), limit],
    );
    if (walked.length === limit || !floor) return walked.map((r) => r.id);
    candidates = await newestOf(byCount[0]!.w, FALLBACK_CANDIDATES_MAX);
  }
  if (!rest.length) return candidates.slice(0, limit);
  // Common words: index probes of the candidates, newest first. A first chunk settles queries whose
  // words often meet; otherwise each common word with at most setMax rows is read once as a set
  // (a row read costs far less than a probe), and the commonest words go on being probed in growing chunks.
  const out: string[] = [];
  let probed = rest.map((o) => o.w);
  for (let i = 0, chunk = Math.max(100, limit * 4), round = 0; i < candidates.length && out.length < limit; i += chunk, chunk *= 4, round++) {
    if (round === 1) {
      const stillProbed: string[] = [];
      for (const w of probed) {
        const rows = await select<{ id: string }>('SELECT certificate_id AS id FROM certificate_search_terms WHERE term LIKE ? LIMIT ?', [likePrefix(w), SET_MAX + 1]);
        if (rows.length > SET_MAX) stillProbed.push(w);
        else {
          const set = new Set(rows.map((r) => r.id));
          candidates = [...candidates.slice(0, i), ...candidates.slice(i).filter((id) => set.has(id))];
        }
      }
      probed = stillProbed;
    }
    let part = candidates.slice(i, i + chunk);
    for (const w of probed) {
      if (!part.length) break;
      const ok = new Set(
        (await select<{ id: string }>('SELECT DISTINCT certificate_id AS id FROM certificate_search_terms WHERE certificate_id IN (?) AND term LIKE ?', [part, likePrefix(w)])).map((r) => r.id),
      );
      part = part.filter((id) => ok.has(id));
    }
    out.push(...part);
  }
  return out.slice(0, limit);
}
