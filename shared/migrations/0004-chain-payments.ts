import { DataTypes, type QueryInterface } from 'sequelize';

const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });

/**
 * x402 payments ledger. A payment proof (network, asset, payer, authorization nonce) pays once,
 * ever; a resource (what was bought, e.g. `submission:<owner>:<idempotencyKey>`) has at most one
 * live payment (resource_live = 1 while RESERVED/SETTLING/SETTLED, NULL once FAILED).
 * On-chain commitments need no table: they live in certificate_states.onchain_* (0001).
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('payments', {
    id: { type: DataTypes.CHAR(36), primaryKey: true, allowNull: false },
    payer: { type: DataTypes.CHAR(42), allowNull: false },
    pay_to: { type: DataTypes.CHAR(42), allowNull: false },
    amount_atomic: { type: DataTypes.DECIMAL(65, 0), allowNull: false },
    asset: { type: DataTypes.CHAR(42), allowNull: false },
    network: str(64, false),
    nonce: { type: DataTypes.CHAR(66), allowNull: false },
    valid_before: str(78, false),
    status: str(16, false),
    tx_hash: { type: DataTypes.CHAR(66), allowNull: true },
    resource: str(255, false),
    resource_live: { type: DataTypes.TINYINT, allowNull: true },
    purpose: { type: DataTypes.TEXT('long'), allowNull: true },
    error_code: str(64),
    search_from_block: { type: DataTypes.BIGINT, allowNull: true },
    settled_at: ts(true),
    created_at: ts(),
    updated_at: ts(),
  });
  await q.addIndex('payments', ['network', 'asset', 'payer', 'nonce'], { unique: true, name: 'payments_proof' });
  await q.addIndex('payments', ['resource', 'resource_live'], { unique: true, name: 'payments_resource_live' });
  await q.addIndex('payments', ['status', 'updated_at'], { name: 'payments_status_updated' });
  await q.addIndex('payments', ['payer', 'created_at'], { name: 'payments_payer_created' });
  await q.addIndex('payments', ['tx_hash'], { name: 'payments_tx_hash' });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.dropTable('payments');
}
