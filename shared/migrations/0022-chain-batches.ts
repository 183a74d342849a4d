import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Batched on-chain commits (registry contract version 2, docs/chain-and-payments.md § Batches):
 * `chain_batches` holds each batch of certificates committed under one Merkle root, sealed (its
 * certificates and root fixed) before anything is sent, so a batch re-sent after a crash carries the
 * same root and the contract refuses it twice. `certificate_states.onchain_batch_id` names a
 * certificate's batch and `onchain_inclusion` its inclusion proof (JSON), served in `onChain`.
 *
 * Rows committed one per certificate on a version-1 registry keep their columns as they are
 * (`onchain_batch_id` NULL): they stay valid while that registry is listed in CHAIN_LEGACY_REGISTRIES,
 * and are otherwise batched again on the configured registry by the reconciliation.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('chain_batches', {
    id: { type: DataTypes.CHAR(36), allowNull: false, primaryKey: true },
    root: { type: DataTypes.CHAR(66), allowNull: false, unique: 'chain_batches_root' },
    size: { type: DataTypes.INTEGER, allowNull: false },
    // [[certificateId, payloadHash], …] in leaf order: the tree can be rebuilt from it alone.
    leaves: { type: DataTypes.TEXT('long'), allowNull: false },
    // SEALED: fixed, not (or no longer) known to be on chain; COMMITTED: the root is on chain.
    status: { type: DataTypes.STRING(12), allowNull: false },
    registry_address: { type: DataTypes.STRING(42), allowNull: true },
    tx_hash: { type: DataTypes.STRING(66), allowNull: true },
    block_number: { type: DataTypes.BIGINT, allowNull: true },
    committed_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await q.addIndex('chain_batches', ['status', 'created_at'], { name: 'chain_batches_status' });
  await q.addColumn('certificate_states', 'onchain_batch_id', { type: DataTypes.CHAR(36), allowNull: true });
  await q.addColumn('certificate_states', 'onchain_inclusion', { type: DataTypes.TEXT, allowNull: true });
  // The batcher's question: certificates not committed and in no batch yet, oldest first.
  await q.addIndex('certificate_states', ['onchain_committed', 'onchain_batch_id', 'created_at'], { name: 'certificate_states_onchain_pending' });
  await q.addIndex('certificate_states', ['onchain_batch_id'], { name: 'certificate_states_onchain_batch' });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeIndex('certificate_states', 'certificate_states_onchain_batch');
  await q.removeIndex('certificate_states', 'certificate_states_onchain_pending');
  await q.removeColumn('certificate_states', 'onchain_inclusion');
  await q.removeColumn('certificate_states', 'onchain_batch_id');
  await q.dropTable('chain_batches');
}
