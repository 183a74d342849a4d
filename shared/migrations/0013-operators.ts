import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Operator accounts for the console: issued by the CLI, only a SHA-256 of the
 * one-time secret stored. Sessions are rows too (only the cookie token's hash), so a revoke or a
 * logout ends them at once in every web process.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('operators', {
    id: { type: DataTypes.CHAR(36), primaryKey: true },
    name: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    secret_hash: { type: DataTypes.CHAR(64), allowNull: false },
    revoked_at: { type: DataTypes.DATE(3), allowNull: true },
    last_login_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await q.createTable('operator_sessions', {
    id: { type: DataTypes.CHAR(36), primaryKey: true },
    operator_id: { type: DataTypes.CHAR(36), allowNull: false },
    token_hash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
    expires_at: { type: DataTypes.DATE(3), allowNull: false },
    revoked_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await q.addIndex('operator_sessions', ['operator_id'], { name: 'operator_sessions_operator' });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.dropTable('operator_sessions');
  await q.dropTable('operators');
}
