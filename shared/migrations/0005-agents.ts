import { DataTypes, type QueryInterface } from 'sequelize';

const uuid = (primaryKey = false, allowNull = false) => ({ type: DataTypes.CHAR(36), primaryKey, allowNull });
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const stamps = () => ({ created_at: ts(), updated_at: ts() });

/** Agent wallet sign-in, vouchers, payment intents, and the payment ↔ submission link. */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('agent_nonces', {
    nonce: { type: DataTypes.STRING(64), primaryKey: true },
    wallet: { type: DataTypes.CHAR(42), allowNull: false },
    message: { type: DataTypes.TEXT, allowNull: false },
    expires_at: ts(),
    consumed_at: ts(true),
    created_at: ts(),
  });
  await q.createTable('agent_sessions', {
    id: uuid(true),
    token_hash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
    wallet: { type: DataTypes.CHAR(42), allowNull: false },
    expires_at: ts(),
    revoked_at: ts(true),
    ...stamps(),
  });
  await q.addIndex('agent_sessions', ['wallet'], { name: 'agent_sessions_wallet' });
  await q.createTable('vouchers', {
    code: { type: DataTypes.STRING(64), primaryKey: true },
    category_key: str(64),
    discount_percent: { type: DataTypes.INTEGER, allowNull: false },
    max_uses: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    uses: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    expires_at: ts(true),
    active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...stamps(),
  });
  await q.createTable('payment_intents', {
    id: uuid(true),
    owner: str(80, false),
    category_key: str(64, false),
    amount_usdc: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
    status: str(16, false),
    payment_id: { ...uuid(false, true), unique: true },
    submission_id: { ...uuid(false, true), unique: true },
    expires_at: ts(),
    ...stamps(),
  });
  // A payment buys exactly one submission; a rejected submission is resubmitted at most once.
  await q.addColumn('submissions', 'payment_id', { ...uuid(false, true), unique: true });
  await q.addColumn('submissions', 'voucher_code', str(64));
  await q.addColumn('submissions', 'declared_endpoints', { type: DataTypes.TEXT('long'), allowNull: true });
  await q.addIndex('submissions', ['original_submission_id'], { unique: true, name: 'submissions_one_resubmission' });

  const now = new Date();
  await q.bulkInsert('categories', [
    { key: 'API', product_type: 'API', name: 'API', description: 'An HTTP API an agent calls. Submitted through the developer portal.', price_usd: '60.00', version_update_multiplier: '0.400', free_resubmissions: 1, active: true, created_at: now, updated_at: now },
    { key: 'SKILL+API', product_type: 'SKILL+API', name: 'Skill with API', description: 'A skill together with the API it calls. Submitted through the developer portal.', price_usd: '75.00', version_update_multiplier: '0.400', free_resubmissions: 1, active: true, created_at: now, updated_at: now },
  ]);
}

export async function down(q: QueryInterface): Promise<void> {
  await q.bulkDelete('categories', { key: ['API', 'SKILL+API'] });
  await q.removeIndex('submissions', 'submissions_one_resubmission');
  for (const c of ['declared_endpoints', 'voucher_code', 'payment_id']) await q.removeColumn('submissions', c);
  for (const t of ['payment_intents', 'vouchers', 'agent_sessions', 'agent_nonces']) await q.dropTable(t);
}
