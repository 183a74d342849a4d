import { DataTypes, type QueryInterface } from 'sequelize';
import { recountSearchWords, TERM_MAX_CHARS } from '../certificates/search.js';

/**
 * The search vocabulary with each word's certificate count: a query word is expanded
 * on this small table instead of the word index, and the counts, kept exact in the sealing transaction,
 * choose the plan (they replace the optimizer's EXPLAIN estimates and a counting statement). Filled
 * from the word index of the certificates already sealed; a worker recounts on start if anything was
 * sealed uncounted meanwhile (older code during the deploy).
 */
export async function up(q: QueryInterface): Promise<void> {
  // A run that failed in the recount left the table: the recount is what is left to do.
  if (!(await q.tableExists('certificate_search_words')))
    await q.createTable('certificate_search_words', {
      term: { type: `VARCHAR(${TERM_MAX_CHARS}) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin` as unknown as typeof DataTypes.STRING, allowNull: false, primaryKey: true },
      certificates: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    });
  await recountSearchWords();
}

export async function down(q: QueryInterface): Promise<void> {
  await q.dropTable('certificate_search_words');
}
