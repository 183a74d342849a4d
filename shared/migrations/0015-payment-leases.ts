import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Settlement leases (docs/payments-recovery.md): a payment being settled is owned by one process for
 * a short, renewed lease; a payment whose owner died (lease run out) is claimed by another process,
 * which finishes the settlement from the stored authorization. `settlement` holds that authorization
 * (the x402 payload and the requirements it was verified against) until the payment is final.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.addColumn('payments', 'settlement', { type: DataTypes.TEXT('long'), allowNull: true });
  await q.addColumn('payments', 'lease_owner', { type: DataTypes.STRING(64), allowNull: true });
  await q.addColumn('payments', 'lease_until', { type: DataTypes.DATE(3), allowNull: true });
  await q.addColumn('payments', 'settle_attempts', { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, defaultValue: 0 });
  await q.addIndex('payments', ['status', 'lease_until'], { name: 'payments_status_lease' });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeIndex('payments', 'payments_status_lease');
  for (const c of ['settle_attempts', 'lease_until', 'lease_owner', 'settlement']) await q.removeColumn('payments', c);
}
