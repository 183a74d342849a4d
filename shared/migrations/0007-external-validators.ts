import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * External validator agents: an admission status, the product types a validator reviews and its
 * payout address; council seats with leases; the moment a round's seats stop waiting for them.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.addColumn('validators', 'status', { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ADMITTED' });
  await q.addColumn('validators', 'status_reason', { type: DataTypes.TEXT, allowNull: true });
  await q.addColumn('validators', 'product_types', { type: DataTypes.TEXT('long'), allowNull: true });
  await q.addColumn('validators', 'payout_address', { type: DataTypes.CHAR(42), allowNull: true });
  await q.addColumn('council_rounds', 'seats_open_until', { type: DataTypes.DATE(3), allowNull: true });
  await q.bulkInsert('product_versions', [{ component: 'validator-protocol', version: '1.0.0', description: 'External validator API, council seats and leases, the cert.vote/1 signed vote payload', created_at: new Date(), updated_at: new Date() }]);
  await q.createTable('council_seats', {
    id: { type: DataTypes.CHAR(36), primaryKey: true, allowNull: false },
    round_id: { type: DataTypes.CHAR(36), allowNull: false, references: { model: 'council_rounds', key: 'id' } },
    validator_key: { type: DataTypes.STRING(64), allowNull: false, references: { model: 'validators', key: 'key' } },
    status: { type: DataTypes.STRING(16), allowNull: false },
    lease_expires_at: { type: DataTypes.DATE(3), allowNull: false },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  // One seat per validator and round: an expired lease cannot be claimed again by the same validator.
  await q.addIndex('council_seats', ['round_id', 'validator_key'], { unique: true, name: 'council_seats_round_validator' });
  await q.addIndex('council_seats', ['status', 'lease_expires_at'], { name: 'council_seats_status_lease' });
  await q.addIndex('council_rounds', ['closed_at', 'seats_open_until'], { name: 'council_rounds_open_seats' });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.dropTable('council_seats');
  await q.removeIndex('council_rounds', 'council_rounds_open_seats');
  await q.removeColumn('council_rounds', 'seats_open_until');
  await q.bulkDelete('product_versions', { component: 'validator-protocol' });
  for (const c of ['status', 'status_reason', 'product_types', 'payout_address']) await q.removeColumn('validators', c);
}
