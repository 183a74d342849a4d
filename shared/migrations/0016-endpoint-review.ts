import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The endpoint review of an API or SKILL+API submission (docs/endpoint-review.md): the status and
 * each declared endpoint's evidence, as JSON. The sealed certificate carries a copy; this column is
 * the submission's own record, also for submissions that never get a certificate.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.addColumn('submissions', 'endpoint_review', { type: DataTypes.TEXT('long'), allowNull: true });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeColumn('submissions', 'endpoint_review');
}
