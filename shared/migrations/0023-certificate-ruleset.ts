import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The skill ruleset a certificate was sealed under, copied out of the sealed record
 * (`rulesetVersion` in `canonical_json`) like `package_certificates.analysis_version` (0021): the
 * monitoring planner sends the certificates sealed under an older ruleset straight to the
 * rate-limited re-analysis queue without parsing every record (docs/monitoring.md, "Scheduling").
 * Written once with the certificate; the sealed record stays the authority.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.addColumn('certificates', 'ruleset_version', { type: DataTypes.STRING(64), allowNull: true });
  await q.sequelize.query(
    `UPDATE certificates SET ruleset_version = JSON_UNQUOTE(JSON_EXTRACT(canonical_json, '$.rulesetVersion'))
      WHERE JSON_VALID(canonical_json) AND JSON_EXTRACT(canonical_json, '$.rulesetVersion') IS NOT NULL`,
  );
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeColumn('certificates', 'ruleset_version');
}
