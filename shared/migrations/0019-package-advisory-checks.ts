import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Advisory monitoring of certified package versions (docs/monitoring.md, "advisories"):
 * `package_advisory_checks` holds the latest re-check of each package certificate's registry
 * advisories (the slot makes a check idempotent across workers) and the advisories published since
 * its certification. `state_key` names that picture; `fanned_out_key` is the picture the dependent
 * certificates' live-status was last brought up to date with, so an interrupted fan-out resumes.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('package_advisory_checks', {
    package_certificate_id: { type: DataTypes.CHAR(36), allowNull: false, primaryKey: true, references: { model: 'package_certificates', key: 'id' } },
    slot: { type: DataTypes.STRING(64), allowNull: false },
    status: { type: DataTypes.STRING(8), allowNull: false },
    new_advisories: { type: DataTypes.TEXT('long'), allowNull: true },
    error: { type: DataTypes.TEXT, allowNull: true },
    state_key: { type: DataTypes.CHAR(64), allowNull: false },
    fanned_out_key: { type: DataTypes.CHAR(64), allowNull: true },
    checked_at: { type: DataTypes.DATE(3), allowNull: false },
    since: { type: DataTypes.DATE(3), allowNull: false },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.dropTable('package_advisory_checks');
}
