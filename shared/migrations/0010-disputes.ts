import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Disputes with a lifecycle: OPEN -> UPHELD (a RE_AUDIT council round) or DENIED.
 * `council_rounds.dispute_id` is unique: one dispute opens at most one round, whatever retries or
 * concurrent operators do. `disputes.upheld_key` (the submission id, set on uphold) is unique: a
 * submission is re-audited on dispute once; after that the re-audit is the last word.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.addColumn('disputes', 'disputed_status', { type: DataTypes.STRING(16), allowNull: true });
  await q.addColumn('disputes', 'certificate_id', { type: DataTypes.CHAR(36), allowNull: true });
  await q.addColumn('disputes', 'upheld_key', { type: DataTypes.CHAR(36), allowNull: true, unique: true });
  await q.addColumn('disputes', 're_audit_round_id', { type: DataTypes.CHAR(36), allowNull: true });
  await q.addColumn('disputes', 'resolved_by', { type: DataTypes.STRING(128), allowNull: true });
  await q.addIndex('disputes', ['submission_id', 'created_at'], { name: 'disputes_submission_created' });
  await q.addColumn('council_rounds', 'dispute_id', { type: DataTypes.CHAR(36), allowNull: true, unique: true });
  // Before this migration a "resolved" dispute never changed a verdict: that is what DENIED means.
  await q.sequelize.query("UPDATE disputes SET status = 'DENIED' WHERE status = 'RESOLVED'");
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeColumn('council_rounds', 'dispute_id');
  await q.removeIndex('disputes', 'disputes_submission_created');
  for (const c of ['resolved_by', 're_audit_round_id', 'upheld_key', 'certificate_id', 'disputed_status']) await q.removeColumn('disputes', c);
}
