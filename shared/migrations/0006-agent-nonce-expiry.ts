import type { QueryInterface } from 'sequelize';

/** Sign-in challenges are counted per wallet and pruned by expiry: both need an index. */
export async function up(q: QueryInterface): Promise<void> {
  await q.addIndex('agent_nonces', ['wallet', 'expires_at'], { name: 'agent_nonces_wallet_expires' });
  await q.addIndex('agent_nonces', ['expires_at'], { name: 'agent_nonces_expires' });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeIndex('agent_nonces', 'agent_nonces_wallet_expires');
  await q.removeIndex('agent_nonces', 'agent_nonces_expires');
}
