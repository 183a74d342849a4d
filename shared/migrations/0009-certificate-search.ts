import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import { docWords, searchTerms, TERM_MAX_CHARS } from '../certificates/search.js';

/**
 * Certificate search without a table scan: a word index of certificates and a small
 * per-certificate words table (see shared/certificates/search.ts, also for why not FULLTEXT), an
 * issue-time index on certificates for the newest-first listing, a backfill of the certificates already sealed, and an index for the chain commit lag metric.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('certificate_search_terms', {
    // Binary collation: words are lower-cased by the tokenizer, and prefix ranges stay exact.
    term: { type: `VARCHAR(${TERM_MAX_CHARS}) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin` as unknown as typeof DataTypes.STRING, allowNull: false, primaryKey: true },
    issued_at: { type: DataTypes.DATE(3), allowNull: false, primaryKey: true },
    // No foreign key: it would add an index on certificate_id as large as the table, never read
    // (the docs row of the same certificate carries the foreign key; certificates are never deleted).
    certificate_id: { type: DataTypes.CHAR(36), allowNull: false, primaryKey: true },
  });
  await q.createTable('certificate_search_docs', {
    // Clustered by issue time: the newest-first walk reads consecutive rows.
    issued_at: { type: DataTypes.DATE(3), allowNull: false, primaryKey: true },
    certificate_id: { type: DataTypes.CHAR(36), allowNull: false, primaryKey: true, references: { model: 'certificates', key: 'id' } },
    words: { type: 'TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin' as unknown as typeof DataTypes.TEXT, allowNull: false },
  });
  await q.addIndex('certificate_search_docs', ['certificate_id'], { name: 'certificate_search_docs_cert', unique: true });
  await q.addIndex('certificates', ['issued_at'], { name: 'certificates_issued_at' });
  // The chain commit lag metric reads the few uncommitted certificates, not all of them.
  await q.addIndex('certificate_states', ['onchain_committed'], { name: 'certificate_states_onchain' });
  const sequelize = q.sequelize;
  let after = '';
  for (;;) {
    const batch = await sequelize.query<{ id: string; skill_name: string; skill_description: string | null; issued_at: Date }>(
      'SELECT id, skill_name, skill_description, issued_at FROM certificates WHERE id > ? ORDER BY id LIMIT 500',
      { replacements: [after], type: QueryTypes.SELECT },
    );
    if (!batch.length) break;
    const terms = batch.map((c) => searchTerms(c.skill_name, c.skill_description));
    const rows = batch.flatMap((c, i) => terms[i]!.map((t) => [t, c.issued_at, c.id]));
    if (rows.length) await sequelize.query(`INSERT IGNORE INTO certificate_search_terms (term, issued_at, certificate_id) VALUES ${rows.map(() => '(?, ?, ?)').join(', ')}`, { replacements: rows.flat() });
    await sequelize.query(`INSERT IGNORE INTO certificate_search_docs (issued_at, certificate_id, words) VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`, {
      replacements: batch.flatMap((c, i) => [c.issued_at, c.id, docWords(terms[i]!)]),
    });
    after = batch[batch.length - 1].id;
  }
}

export async function down(q: QueryInterface): Promise<void> {
  await q.dropTable('certificate_search_docs');
  await q.dropTable('certificate_search_terms');
  await q.removeIndex('certificates', 'certificates_issued_at');
  await q.removeIndex('certificate_states', 'certificate_states_onchain');
}
