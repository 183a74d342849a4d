import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Signed webhooks (docs/webhooks.md). `webhook_endpoints`: targets an owner (an API key's actor or a
 * developer) registered, with the signing secret (kept readable: every delivery is signed with it).
 * `webhook_deliveries`: the outbox and the delivery log at once — one row per event and endpoint,
 * written in the transaction of the change it reports, so a change and its event commit together; the
 * row's id is the `webhook-id` receivers deduplicate by.
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('webhook_endpoints', {
    id: { type: DataTypes.CHAR(36), allowNull: false, primaryKey: true },
    owner: { type: DataTypes.STRING(80), allowNull: false },
    url: { type: DataTypes.STRING(2048), allowNull: false },
    description: { type: DataTypes.STRING(200), allowNull: true },
    secret: { type: DataTypes.STRING(100), allowNull: false },
    events: { type: DataTypes.JSON, allowNull: false },
    deleted_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await q.addIndex('webhook_endpoints', ['owner', 'deleted_at'], { name: 'webhook_endpoints_owner' });
  await q.createTable('webhook_deliveries', {
    id: { type: DataTypes.STRING(40), allowNull: false, primaryKey: true },
    endpoint_id: { type: DataTypes.CHAR(36), allowNull: false },
    owner: { type: DataTypes.STRING(80), allowNull: false },
    event_type: { type: DataTypes.STRING(40), allowNull: false },
    body: { type: DataTypes.TEXT('medium'), allowNull: false },
    status: { type: DataTypes.STRING(12), allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    last_status_code: { type: DataTypes.INTEGER, allowNull: true },
    last_error: { type: DataTypes.STRING(300), allowNull: true },
    last_attempt_at: { type: DataTypes.DATE(3), allowNull: true },
    delivered_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await q.addIndex('webhook_deliveries', ['endpoint_id', 'created_at'], { name: 'webhook_deliveries_endpoint' });
  await q.addIndex('webhook_deliveries', ['status', 'updated_at'], { name: 'webhook_deliveries_status' });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.dropTable('webhook_deliveries');
  await q.dropTable('webhook_endpoints');
}
