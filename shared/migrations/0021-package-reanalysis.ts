import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Re-analysis of certified packages when the package analysis version changes (docs/monitoring.md,
 * "package rules"). `package_certificates.analysis_version` is the version the sealed verdict came
 * from (so far only inside the `analysis` JSON: copied out here, so the planner finds the packages
 * sealed under an older version without parsing every row); `reanalysed_level` is the level of the
 * latest completed re-analysis, live state beside the sealed record like an operator's override.
 * `package_reanalyses` holds the latest re-analysis of each package certificate: the version it ran
 * under (once per version), its outcome and evidence, and which picture the dependent certificates'
 * live-status last got (`fanned_out_key`), so an interrupted fan-out resumes.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.addColumn('package_certificates', 'analysis_version', { type: DataTypes.STRING(64), allowNull: true });
  await q.addColumn('package_certificates', 'reanalysed_level', { type: DataTypes.STRING(16), allowNull: true });
  await q.sequelize.query(
    `UPDATE package_certificates SET analysis_version = JSON_UNQUOTE(JSON_EXTRACT(analysis, '$.analysisVersion'))
      WHERE analysis IS NOT NULL AND JSON_VALID(analysis) AND JSON_EXTRACT(analysis, '$.analysisVersion') IS NOT NULL`,
  );
  await q.createTable('package_reanalyses', {
    package_certificate_id: { type: DataTypes.CHAR(36), allowNull: false, primaryKey: true, references: { model: 'package_certificates', key: 'id' } },
    analysis_version: { type: DataTypes.STRING(64), allowNull: false },
    // done | incomplete (the analysis was cut off) | unavailable (the certified file could not be fetched again)
    status: { type: DataTypes.STRING(12), allowNull: false },
    security_level: { type: DataTypes.STRING(16), allowNull: true },
    council_verdict: { type: DataTypes.STRING(16), allowNull: true },
    result: { type: DataTypes.TEXT('long'), allowNull: true },
    error: { type: DataTypes.TEXT, allowNull: true },
    tries: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    state_key: { type: DataTypes.STRING(64), allowNull: false },
    fanned_out_key: { type: DataTypes.STRING(64), allowNull: false },
    checked_at: { type: DataTypes.DATE(3), allowNull: false },
    since: { type: DataTypes.DATE(3), allowNull: false },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.dropTable('package_reanalyses');
  await q.removeColumn('package_certificates', 'reanalysed_level');
  await q.removeColumn('package_certificates', 'analysis_version');
}
