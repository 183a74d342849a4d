import { DataTypes, type QueryInterface } from 'sequelize';

const id = { type: DataTypes.CHAR(36), primaryKey: true, allowNull: false };
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const text = (allowNull = true) => ({ type: DataTypes.TEXT('long'), allowNull });
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const created = { created_at: ts(), updated_at: ts() };

/** Schema of the foundation: actors and keys, categories, submissions, council, certificates, flags. */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('actors', {
    id,
    name: { ...str(128, false), unique: true },
    activated_at: ts(true),
    deactivated_at: ts(true),
    terms_version: str(32),
    ...created,
  });
  await q.createTable('api_keys', {
    id,
    actor_id: { ...id, primaryKey: false, references: { model: 'actors', key: 'id' } },
    prefix: str(16, false),
    key_hash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
    revoked_at: ts(true),
    last_used_at: ts(true),
    ...created,
  });
  await q.createTable('categories', {
    key: { type: DataTypes.STRING(64), primaryKey: true },
    product_type: str(32, false),
    name: str(128, false),
    description: text(),
    price_usd: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
    version_update_multiplier: { type: DataTypes.DECIMAL(6, 3), allowNull: false, defaultValue: 1 },
    free_resubmissions: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...created,
  });
  await q.createTable('submissions', {
    id,
    owner: str(80, false),
    channel: str(16, false),
    category_key: { ...str(64, false), references: { model: 'categories', key: 'key' } },
    product_type: str(32, false),
    idempotency_key: { type: DataTypes.CHAR(36), allowNull: false },
    request_hash: { type: DataTypes.CHAR(64), allowNull: false },
    status: str(24, false),
    status_changed_at: ts(),
    skill_name: str(64, false),
    skill_description: text(),
    skill_version: str(64, false),
    content_sha256: { type: DataTypes.CHAR(64), allowNull: false },
    skill_content: text(false),
    manifest: text(),
    source_url: str(2048),
    source_ref: str(64),
    developer_note: text(),
    sandbox_risk_level: str(8),
    sandbox_report: text(),
    verdict_summary: text(),
    rejection_summary: text(),
    free_resubmissions_left: { type: DataTypes.INTEGER, allowNull: true },
    original_submission_id: { type: DataTypes.CHAR(36), allowNull: true },
    certificate_id: { type: DataTypes.CHAR(36), allowNull: true },
    ...created,
  });
  await q.addIndex('submissions', ['owner', 'idempotency_key'], { unique: true, name: 'submissions_owner_idem' });
  await q.addIndex('submissions', ['owner', 'created_at'], { name: 'submissions_owner_created' });
  await q.addIndex('submissions', ['status', 'status_changed_at'], { name: 'submissions_status_changed' });
  await q.addIndex('submissions', ['owner', 'content_sha256'], { name: 'submissions_owner_content' });

  await q.createTable('validators', {
    key: { type: DataTypes.STRING(64), primaryKey: true },
    display_name: str(128, false),
    lens: text(false),
    kind: str(16, false),
    wallet_address: { type: DataTypes.CHAR(42), allowNull: false, unique: true },
    active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...created,
  });
  await q.createTable('council_rounds', {
    id,
    submission_id: { ...id, primaryKey: false, references: { model: 'submissions', key: 'id' } },
    round_number: { type: DataTypes.INTEGER, allowNull: false },
    round_type: str(16, false),
    validator_keys: text(false),
    expected_votes: { type: DataTypes.INTEGER, allowNull: false },
    votes_received: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    outcome: str(16),
    outcome_reason: text(),
    closed_at: ts(true),
    ...created,
  });
  await q.addIndex('council_rounds', ['submission_id', 'round_number'], { unique: true, name: 'rounds_submission_number' });
  await q.createTable('votes', {
    id,
    round_id: { ...id, primaryKey: false, references: { model: 'council_rounds', key: 'id' } },
    validator_key: { ...str(64, false), references: { model: 'validators', key: 'key' } },
    verdict: str(16, false),
    security_level: str(16, false),
    reasons: text(false),
    findings_considered: text(false),
    payload: text(false),
    payload_hash: { type: DataTypes.CHAR(66), allowNull: false },
    signature: str(140, false),
    signer: { type: DataTypes.CHAR(42), allowNull: false },
    ...created,
  });
  await q.addIndex('votes', ['round_id', 'validator_key'], { unique: true, name: 'votes_round_validator' });

  await q.createTable('certificates', {
    id,
    submission_id: { ...id, primaryKey: false, unique: true, references: { model: 'submissions', key: 'id' } },
    owner: str(80, false),
    skill_name: str(64, false),
    skill_description: text(),
    skill_version: str(64, false),
    content_sha256: { type: DataTypes.CHAR(64), allowNull: false },
    canonical_json: text(false),
    payload_hash: { type: DataTypes.CHAR(66), allowNull: false, unique: true },
    signature: str(140, false),
    signer: { type: DataTypes.CHAR(42), allowNull: false },
    issued_at: ts(),
    created_at: ts(),
  });
  await q.addIndex('certificates', ['owner', 'skill_name'], { name: 'certificates_owner_skill' });
  await q.createTable('certificate_states', {
    certificate_id: { ...id, references: { model: 'certificates', key: 'id' } },
    status: str(16, false),
    status_reason: text(),
    active_flag_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    view_count: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
    verify_count: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
    sponsored: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    monitoring_state: str(16, false),
    monitoring_checked_at: ts(true),
    onchain_committed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    onchain_tx_hash: str(66),
    onchain_committed_at: ts(true),
    onchain_registry_address: str(42),
    ...created,
  });
  await q.createTable('flags', {
    id,
    certificate_id: { ...id, primaryKey: false, references: { model: 'certificates', key: 'id' } },
    reporter: str(80, false),
    wallet_address: { type: DataTypes.CHAR(42), allowNull: false },
    reason: str(64, false),
    details: text(),
    status: str(16, false),
    // Set while OPEN, NULL once resolved: one open flag per reporter and certificate.
    open_key: { ...str(160), unique: true },
    resolution: text(),
    resolved_at: ts(true),
    ...created,
  });
  await q.addIndex('flags', ['certificate_id', 'status'], { name: 'flags_certificate_status' });
  await q.createTable('disputes', {
    id,
    submission_id: { ...id, primaryKey: false, references: { model: 'submissions', key: 'id' } },
    owner: str(80, false),
    reason: text(false),
    status: str(16, false),
    open_key: { ...str(160), unique: true },
    resolution: text(),
    resolved_at: ts(true),
    ...created,
  });
  await q.createTable('audit_log', {
    id,
    operator: str(128, false),
    action: str(64, false),
    target_type: str(32, false),
    target_id: str(128, false),
    details: text(),
    created_at: ts(),
  });
  await q.addIndex('audit_log', ['target_type', 'target_id'], { name: 'audit_target' });
  await q.createTable('product_versions', {
    component: { type: DataTypes.STRING(64), primaryKey: true },
    version: str(32, false),
    description: text(),
    ...created,
  });
}

export async function down(q: QueryInterface): Promise<void> {
  for (const t of ['product_versions', 'audit_log', 'disputes', 'flags', 'certificate_states', 'certificates', 'votes', 'council_rounds', 'validators', 'submissions', 'categories', 'api_keys', 'actors']) {
    await q.dropTable(t);
  }
}
