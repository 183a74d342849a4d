import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * A draft keeps its last package preview (with the time it was made) so that the x402 submission
 * of the draft charges exactly what the preview showed, and names the submission it became
 * (docs/developer-channel.md).
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.addColumn('drafts', 'last_preview', { type: DataTypes.TEXT('long'), allowNull: true });
  await q.addColumn('drafts', 'previewed_at', { type: DataTypes.DATE(3), allowNull: true });
  await q.addColumn('drafts', 'submission_id', { type: DataTypes.CHAR(36), allowNull: true });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeColumn('drafts', 'submission_id');
  await q.removeColumn('drafts', 'previewed_at');
  await q.removeColumn('drafts', 'last_preview');
}
