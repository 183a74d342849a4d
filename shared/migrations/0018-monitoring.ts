import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Monitoring after issue (docs/monitoring.md). `monitoring_checks` holds the latest result of each
 * check kind per certificate (the slot it ran for makes a check idempotent across workers);
 * `certificate_states.monitoring_checks` is the summary live-status serves, written with the state
 * row so one cached read answers it. The sealed `certificates` rows are never touched.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('monitoring_checks', {
    certificate_id: { type: DataTypes.CHAR(36), allowNull: false, primaryKey: true, references: { model: 'certificates', key: 'id' } },
    kind: { type: DataTypes.STRING(16), allowNull: false, primaryKey: true },
    outcome: { type: DataTypes.STRING(24), allowNull: false },
    detail: { type: DataTypes.TEXT, allowNull: false },
    evidence: { type: DataTypes.TEXT('long'), allowNull: true },
    // The interval number (source, endpoints) or ruleset version (rules) the latest check ran for.
    slot: { type: DataTypes.STRING(64), allowNull: false },
    checked_at: { type: DataTypes.DATE(3), allowNull: false },
    since: { type: DataTypes.DATE(3), allowNull: false },
    flag_id: { type: DataTypes.CHAR(36), allowNull: true },
    // What an operator dismissed (the alert key): the same evidence does not open a flag again.
    dismissed_key: { type: DataTypes.STRING(255), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await q.addIndex('monitoring_checks', ['kind', 'outcome'], { name: 'monitoring_checks_kind_outcome' });
  await q.addIndex('monitoring_checks', ['flag_id'], { name: 'monitoring_checks_flag' });
  await q.addColumn('certificate_states', 'monitoring_checks', { type: DataTypes.TEXT('long'), allowNull: true });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeColumn('certificate_states', 'monitoring_checks');
  await q.dropTable('monitoring_checks');
}
