import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Self-service developer tokens: a developer can be a wallet that signed in (SIWE), so
 * `developers.wallet` (checksummed, unique: one developer per wallet). Tokens get an optional label
 * the developer chose, and an index for counting a developer's active tokens against the cap.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.addColumn('developers', 'wallet', { type: DataTypes.STRING(42), allowNull: true, unique: true });
  await q.addColumn('developer_tokens', 'label', { type: DataTypes.STRING(64), allowNull: true });
  await q.addIndex('developer_tokens', ['developer_id', 'revoked_at'], { name: 'developer_tokens_active' });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeIndex('developer_tokens', 'developer_tokens_active');
  await q.removeColumn('developer_tokens', 'label');
  await q.removeColumn('developers', 'wallet');
}
