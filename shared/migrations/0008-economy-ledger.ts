import { DataTypes, type QueryInterface } from 'sequelize';

const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });

/**
 * The economy.
 *  - ledger_entries: append-only economic events. UNIQUE(entry_key): an event (a fee, a payout owed,
 *    a payout paid, a bounty owed/paid, a refund) is written once however often it is retried.
 *  - payout_transfers: the payout job's working state for one owed entry (the only mutable part):
 *    the signed raw transaction is stored before it is broadcast, so a crash between broadcast and
 *    recording is recovered by re-sending the very same transaction (same nonce, same hash).
 *  - flags.actor_created: (reporter, created_at) for the per-actor rate limit and open-flag cap.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('ledger_entries', {
    id: { type: DataTypes.CHAR(36), primaryKey: true, allowNull: false },
    entry_key: str(191, false),
    kind: str(32, false),
    asset: str(16, false),
    amount_atomic: { type: DataTypes.DECIMAL(65, 0), allowNull: false },
    wallet: { type: DataTypes.CHAR(42), allowNull: true },
    validator_key: str(80),
    round_id: { type: DataTypes.CHAR(36), allowNull: true },
    submission_id: { type: DataTypes.CHAR(36), allowNull: true },
    flag_id: { type: DataTypes.CHAR(36), allowNull: true },
    payment_id: { type: DataTypes.CHAR(36), allowNull: true },
    ref_key: str(191),
    tx_hash: { type: DataTypes.CHAR(66), allowNull: true },
    details: { type: DataTypes.TEXT('long'), allowNull: true },
    created_at: ts(),
  });
  await q.addIndex('ledger_entries', ['entry_key'], { unique: true, name: 'ledger_entries_key' });
  await q.addIndex('ledger_entries', ['kind', 'created_at', 'id'], { name: 'ledger_entries_kind_created' });
  await q.addIndex('ledger_entries', ['wallet', 'kind', 'created_at', 'id'], { name: 'ledger_entries_wallet_kind' });

  await q.createTable('payout_transfers', {
    ledger_key: { type: DataTypes.STRING(191), primaryKey: true, allowNull: false },
    kind: str(32, false),
    asset: str(16, false),
    token_address: { type: DataTypes.CHAR(42), allowNull: true },
    to_address: { type: DataTypes.CHAR(42), allowNull: false },
    amount_atomic: { type: DataTypes.DECIMAL(65, 0), allowNull: false },
    status: str(16, false),
    signer: { type: DataTypes.CHAR(42), allowNull: true },
    nonce: { type: DataTypes.BIGINT, allowNull: true },
    tx_hash: { type: DataTypes.CHAR(66), allowNull: true },
    raw_tx: { type: DataTypes.TEXT, allowNull: true },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    last_error: str(255),
    sent_at: ts(true),
    paid_at: ts(true),
    created_at: ts(),
    updated_at: ts(),
  });
  await q.addIndex('payout_transfers', ['status', 'created_at'], { name: 'payout_transfers_status' });
  await q.addIndex('flags', ['reporter', 'created_at'], { name: 'flags_reporter_created' });
  await q.addIndex('flags', ['reporter', 'status'], { name: 'flags_reporter_status' });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeIndex('flags', 'flags_reporter_created');
  await q.removeIndex('flags', 'flags_reporter_status');
  await q.dropTable('payout_transfers');
  await q.dropTable('ledger_entries');
}
