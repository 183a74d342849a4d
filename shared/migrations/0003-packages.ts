import { DataTypes, type QueryInterface } from 'sequelize';

const uuid = (primaryKey = false, allowNull = false) => ({ type: DataTypes.CHAR(36), primaryKey, allowNull });
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const text = (allowNull = true) => ({ type: DataTypes.TEXT('long'), allowNull });
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const stamps = () => ({ created_at: ts(), updated_at: ts() });

/** Package Trust Registry: package certificates shared by every submitter, per-submission package rows, developers and drafts. */
export async function up(q: QueryInterface): Promise<void> {
  await q.createTable('package_certificates', {
    id: uuid(true),
    registry: str(8, false),
    name: str(214, false),
    version: str(128, false),
    distribution_sha256: { type: DataTypes.CHAR(64), allowNull: false },
    distribution_filename: str(300, false),
    distribution_kind: str(16, false),
    distribution_choice: text(),
    published_digest: str(200, false),
    integrity_ok: { type: DataTypes.BOOLEAN, allowNull: false },
    file_set_hash: { type: DataTypes.CHAR(64), allowNull: true },
    analysis_type: str(16, false),
    council_verdict: str(16, false),
    security_level: str(16, false),
    council_round_id: uuid(),
    retained_warnings: text(false),
    analysis: text(false),
    votes: text(false),
    advisory_status: str(8, false),
    advisories: text(false),
    advisories_fetched_at: ts(true),
    canonical_json: text(false),
    payload_hash: { type: DataTypes.CHAR(66), allowNull: false },
    signature: str(140, false),
    signer: { type: DataTypes.CHAR(42), allowNull: false },
    certified_at: ts(),
    // Operator state: ACTIVE, or REVOKED (kept for the record; the version is audited again).
    status: str(16, false),
    // registry:name@version:sha256 while ACTIVE, NULL once revoked: one active certificate per
    // distribution file (two concurrent audits cannot both insert), and a revoked one can be re-audited.
    active_key: { ...str(420), unique: true },
    override_level: str(16),
    override_reason: text(),
    ...stamps(),
  });
  await q.addIndex('package_certificates', ['registry', 'name', 'version', 'distribution_sha256'], { name: 'pkgcert_identity' });
  await q.addIndex('package_certificates', ['registry', 'name', 'version', 'status'], { name: 'pkgcert_lookup' });

  // One audit per package version at a time, shared by every submission that needs it.
  await q.createTable('package_audits', {
    id: uuid(true),
    registry: str(8, false),
    name: str(214, false),
    version: str(128, false),
    status: str(16, false),
    certificate_id: uuid(false, true),
    error: text(),
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...stamps(),
  });
  await q.addIndex('package_audits', ['registry', 'name', 'version'], { unique: true, name: 'pkgaudit_identity' });

  await q.createTable('package_dependencies', {
    id: uuid(true),
    certificate_id: { ...uuid(), references: { model: 'package_certificates', key: 'id' } },
    dep_name: str(214, false),
    dep_spec: str(256, false),
    dep_version: str(128),
    created_at: ts(),
  });
  await q.addIndex('package_dependencies', ['certificate_id'], { name: 'pkgdeps_certificate' });

  await q.createTable('submission_packages', {
    id: uuid(true),
    submission_id: { ...uuid(), references: { model: 'submissions', key: 'id' } },
    registry: str(8, false),
    name: str(214, false),
    version: str(128),
    declared_spec: str(256),
    manifest_file: str(64),
    level: { type: DataTypes.INTEGER, allowNull: false },
    via: str(400),
    path: text(),
    resolved_from: str(16),
    // PENDING (audit running), CERTIFIED, BLOCKED, UNCERTIFIED (beyond the cap or unresolvable transitive), REFUSED
    status: str(16, false),
    cached: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    certificate_id: uuid(false, true),
    security_level: str(16),
    estimated_price_usd: { type: DataTypes.DECIMAL(10, 2), allowNull: false, defaultValue: 0 },
    reason: text(),
    ...stamps(),
  });
  await q.addIndex('submission_packages', ['submission_id', 'registry', 'name', 'version'], { unique: true, name: 'subpkg_identity' });
  await q.addIndex('submission_packages', ['registry', 'name', 'version', 'status'], { name: 'subpkg_waiting' });

  await q.addColumn('submissions', 'package_phase', str(16));
  await q.addColumn('submissions', 'dependency_files', text());

  await q.createTable('developers', {
    id: uuid(true),
    name: { ...str(128, false), unique: true },
    ...stamps(),
  });
  await q.createTable('developer_tokens', {
    id: uuid(true),
    developer_id: { ...uuid(), references: { model: 'developers', key: 'id' } },
    token_hash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
    prefix: str(16, false),
    revoked_at: ts(true),
    ...stamps(),
  });
  await q.createTable('drafts', {
    id: uuid(true),
    developer_id: { ...uuid(), references: { model: 'developers', key: 'id' } },
    product_type: str(32, false),
    skill_md_content: text(),
    dependency_files: text(false),
    ...stamps(),
  });

  const now = new Date();
  await q.bulkInsert('categories', [
    {
      key: 'CODE+PACKAGES',
      product_type: 'CODE+PACKAGES',
      name: 'Code with packages',
      description: 'A skill with code that depends on npm or PyPI packages: every declared dependency is audited too (Package Trust Registry).',
      price_usd: '40.00',
      version_update_multiplier: '0.400',
      free_resubmissions: 2,
      active: true,
      created_at: now,
      updated_at: now,
    },
  ]);
}

export async function down(q: QueryInterface): Promise<void> {
  await q.bulkDelete('categories', { key: 'CODE+PACKAGES' });
  for (const t of ['drafts', 'developer_tokens', 'developers', 'submission_packages', 'package_dependencies', 'package_audits', 'package_certificates']) await q.dropTable(t);
  await q.removeColumn('submissions', 'dependency_files');
  await q.removeColumn('submissions', 'package_phase');
}
