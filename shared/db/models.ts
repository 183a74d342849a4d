import { DataTypes, Model, QueryTypes, type ModelStatic, type Sequelize, type Transaction, type InferAttributes, type InferCreationAttributes, type CreationOptional } from 'sequelize';
import { id, stamps, ts } from './columns.js';
import { jsonColumn } from './json.js';
import { RowMoved, deferIfDeferring, guardedUpdate } from './deferred.js';
import { writeRow } from './connection.js';
import { initAgentModels } from './agent-models.js';
import { initDeveloperModels } from './developer-models.js';
import { initPackageModels } from './package-models.js';

export * from './package-models.js';
export * from './developer-models.js';
export * from './agent-models.js';

// `declare` keeps TypeScript class fields from shadowing Sequelize's attribute getters.

export class Actor extends Model<InferAttributes<Actor>, InferCreationAttributes<Actor>> {
  declare id: string;
  declare name: string;
  declare activatedAt: Date | null;
  declare deactivatedAt: Date | null;
  declare termsVersion: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class ApiKey extends Model<InferAttributes<ApiKey>, InferCreationAttributes<ApiKey>> {
  declare id: string;
  declare actorId: string;
  declare prefix: string;
  declare keyHash: string;
  declare revokedAt: Date | null;
  declare lastUsedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Category extends Model<InferAttributes<Category>, InferCreationAttributes<Category>> {
  declare key: string;
  declare productType: string;
  declare name: string;
  declare description: string | null;
  declare priceUsd: string;
  declare versionUpdateMultiplier: string;
  declare freeResubmissions: number;
  declare active: boolean;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Submission extends Model<InferAttributes<Submission>, InferCreationAttributes<Submission>> {
  declare id: string;
  declare owner: string;
  declare channel: string;
  declare categoryKey: string;
  declare productType: string;
  declare idempotencyKey: string;
  declare requestHash: string;
  declare status: string;
  declare statusChangedAt: Date;
  declare skillName: string;
  declare skillDescription: string | null;
  declare skillVersion: string;
  declare contentSha256: string;
  declare skillContent: string;
  /** Effective manifest and which members were declared (StoredManifest; `declared` absent on older rows). */
  declare manifest: import('../skills/types.js').StoredManifest | null;
  declare sourceUrl: string | null;
  declare sourceRef: string | null;
  declare developerNote: string | null;
  declare sandboxRiskLevel: string | null;
  declare sandboxReport: any | null;
  declare verdictSummary: string | null;
  declare rejectionSummary: string | null;
  declare freeResubmissionsLeft: number | null;
  declare originalSubmissionId: string | null;
  declare certificateId: string | null;
  /** null: no packages; RESOLVING, AUDITING, DONE for CODE+PACKAGES submissions. */
  declare packagePhase: CreationOptional<string | null>;
  declare dependencyFiles: CreationOptional<Record<string, string> | null>;
  /** The x402 payment that bought this submission (one to one), if any. */
  declare paymentId: CreationOptional<string | null>;
  declare voucherCode: CreationOptional<string | null>;
  /** API and SKILL+API: the endpoints the developer declared. */
  declare declaredEndpoints: CreationOptional<string[] | null>;
  /** API and SKILL+API: the endpoint review of the sandbox step (shared/endpoints/). */
  declare endpointReview: CreationOptional<import('../endpoints/types.js').EndpointReview | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Loads a submission with a row lock for the duration of `t` (beside the model: the council, the package pipeline and the submissions take it). */
export function lockSubmission(id: string, t: Transaction): Promise<Submission | null> {
  return Submission.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
}

/**
 * Locks the row of a submission the caller read a moment ago, unlocked (`sub`, the whole row), and says
 * whether it is still in `status`: a step that must not hold the lock while it works (the sandbox's
 * analysis) reads once, works, then locks. Only the status (and what moves with it) changes a submission
 * in the meantime, and a save writes only the columns changed, so the instance read before serves the
 * writes of the step; the row is not read again whole (its skill file included).
 */
export async function lockSubmissionInStatus(sub: Submission, status: string, t: Transaction): Promise<boolean> {
  const [row] = await Submission.sequelize!.query<{ status: string }>('SELECT status FROM submissions WHERE id = ? FOR UPDATE', {
    replacements: [sub.id],
    transaction: t,
    type: QueryTypes.SELECT,
  });
  return row?.status === status && sub.status === status;
}

const columnLists = new Map<string, string>();
/** Every column of `model` as `alias.column AS alias__attribute`, for one SELECT that builds instances of several models. */
function columnsOf(model: ModelStatic<Model>, alias: string): string {
  const key = `${model.name}:${alias}`;
  let list = columnLists.get(key);
  if (list === undefined) {
    list = Object.entries(model.getAttributes())
      .map(([attr, a]) => `${alias}.${a.field ?? attr} AS \`${alias}__${attr}\``)
      .join(', ');
    columnLists.set(key, list);
  }
  return list;
}

/**
 * A submission by id, unlocked, as `Submission.findByPk` reads it (every column, the same instance), as one
 * raw statement: the sandbox job's first read, without Sequelize building the SELECT and the instance's
 * attribute mapping each time (docs/benchmarks.md, verdict throughput).
 */
export async function readSubmission(id: string): Promise<Submission | null> {
  const rows = await Submission.sequelize!.query<Record<string, unknown>>(`SELECT ${columnsOf(Submission, 's')} FROM submissions s WHERE s.id = ?`, {
    replacements: [id],
    type: QueryTypes.SELECT,
  });
  const values = rows[0] ? valuesOf(rows[0], 's') : null;
  return values ? Submission.build(values as never, { isNewRecord: false, raw: true }) : null;
}

/**
 * A timestamp as a raw statement's value, with its milliseconds: Sequelize escapes a Date replacement
 * without them (the DATE(3) columns' precision is on the model's attribute, which a raw statement does not
 * use). UTC, as the connection's time zone is (shared/db/connection.ts).
 */
export const sqlTime = (d: Date): string => d.toISOString().slice(0, 23).replace('T', ' ');

/**
 * Inserts an instance built with `Model.build` (its defaults and timestamps filled in by the build) as one
 * raw INSERT of the columns it has: the row `create` writes, without Sequelize building the statement, its
 * validation pass and its hooks (a caller uses it only for models whose create has no hooks or validators: the
 * seal's certificate and certificate state, a council round, a submission at intake). The instance is then
 * the stored row. Without `t`: one autocommitted statement.
 */
export async function insertBuilt<M extends Model>(row: M, t?: Transaction): Promise<M> {
  const insert = builtInsert(row);
  // A transaction that defers its writes (shared/db/connection.ts deferWrites) sends it with its next statement.
  // Alone (no transaction): straight on a pooled connection (writeRow), errors as Sequelize's query throws them.
  const sequelize = (row.constructor as ModelStatic<Model>).sequelize!;
  if (!t) await writeRow(insert.sql, insert.replacements, sequelize);
  else if (!deferIfDeferring(insert, t)) await sequelize.query(insert.sql, { replacements: insert.replacements, transaction: t });
  insert.stored();
  return row;
}

/**
 * `insertBuilt`'s statement without running it, for a caller that sends it with others in one compound
 * statement (shared/db/connection.ts `compound`); `stored()` once it ran marks the instance as the stored row.
 */
export function builtInsert(row: Model): { sql: string; replacements: unknown[]; stored: () => void } {
  const model = row.constructor as ModelStatic<Model>;
  // The timestamps `save` sets (build leaves them unset).
  const stampsOf = (model as unknown as { _timestampAttributes: { createdAt?: string; updatedAt?: string } })._timestampAttributes;
  const now = new Date();
  for (const attr of [stampsOf.createdAt, stampsOf.updatedAt]) if (attr && row.getDataValue(attr as never) === undefined) row.setDataValue(attr as never, now as never);
  const fields: string[] = [];
  const values: unknown[] = [];
  for (const [attr, a] of Object.entries(model.getAttributes())) {
    const v = row.getDataValue(attr as never);
    if (v === undefined) continue;
    fields.push(`\`${a.field ?? attr}\``);
    values.push(v instanceof Date ? sqlTime(v) : v);
  }
  return {
    sql: `INSERT INTO \`${model.getTableName() as string}\` (${fields.join(', ')}) VALUES (${fields.map(() => '?').join(', ')})`,
    replacements: values,
    stored() {
      // As `save` leaves an inserted instance: not new, nothing changed since the stored row.
      row.isNewRecord = false;
      const previous = (row as unknown as { _previousDataValues: Record<string, unknown> })._previousDataValues;
      for (const attr of Object.keys(model.getAttributes())) {
        previous[attr] = row.getDataValue(attr as never);
        row.changed(attr as never, false);
      }
    },
  };
}

/**
 * Saves an instance of a stored row (read, or inserted by `insertBuilt`) as `save` would, for models without
 * save hooks or validators (submissions, council rounds): one raw UPDATE by primary key of the columns
 * changed, `updated_at` set as `save` sets it, without Sequelize building the statement, its validation
 * pass and hooks on the hot path of every verdict. `expect`: attribute values the row must still hold
 * (compared in the UPDATE's WHERE: a conditional write that also takes the row's lock, instead of a
 * `SELECT … FOR UPDATE` before it). Answers whether the row was written; when it was not, the instance
 * keeps its changes unsaved (`orThrow`: RowMoved is thrown instead, and a transaction that defers its writes
 * may send the UPDATE later, failing there). Nothing changed and nothing expected: no statement.
 */
export async function saveChanged<M extends Model>(row: M, t: Transaction, expect: Record<string, unknown> = {}, opts: { orThrow?: boolean } = {}): Promise<boolean> {
  const guard = guards.get(row);
  if (guard && guard.t === t) {
    // The first save of a guarded instance in its transaction carries the guard's condition.
    guards.delete(row);
    return saveChanged(row, t, { ...guard.expect, ...expect }, { orThrow: true });
  }
  const model = row.constructor as ModelStatic<Model>;
  if (row.isNewRecord) {
    await row.save({ transaction: t });
    return true;
  }
  const attrs = model.getAttributes();
  const changed = [...((row.changed() || []) as string[])];
  const expected = Object.entries(expect);
  if (changed.length === 0 && expected.length === 0) return true;
  const updatedAt = (model as unknown as { _timestampAttributes: { updatedAt?: string } })._timestampAttributes.updatedAt;
  if (updatedAt && changed.length > 0 && !changed.includes(updatedAt)) {
    row.setDataValue(updatedAt as never, new Date() as never);
    changed.push(updatedAt);
  }
  const column = (attr: string) => `\`${attrs[attr]?.field ?? attr}\``;
  const value = (v: unknown) => (v instanceof Date ? sqlTime(v) : v);
  const pk = model.primaryKeyAttributes[0]!;
  const table = model.getTableName() as string;
  const where = [`${column(pk)} = ?`, ...expected.map(([a, v]) => (v === null ? `${column(a)} IS NULL` : `${column(a)} = ?`))].join(' AND ');
  const whereValues = [row.getDataValue(pk as never), ...expected.filter(([, v]) => v !== null).map(([, v]) => value(v))];
  if (changed.length === 0) {
    // Nothing to write, only the check (an UPDATE that changes nothing counts no row): a locking read.
    const found = await model.sequelize!.query(`SELECT 1 AS found FROM \`${table}\` WHERE ${where} FOR UPDATE`, { replacements: whereValues, transaction: t, type: QueryTypes.SELECT });
    if (found.length !== 1 && opts.orThrow) throw new RowMoved(row.constructor.name);
    return found.length === 1;
  }
  const sql = `UPDATE \`${table}\` SET ${changed.map((a) => `${column(a)} = ?`).join(', ')} WHERE ${where}`;
  const replacements = [...changed.map((a) => value(row.getDataValue(a as never))), ...whereValues];
  // A transaction that defers its writes sends it with its next statement (shared/db/connection.ts deferWrites):
  // a write with nothing to check, or one whose mismatch is an error (`orThrow`: the statement it is sent in
  // fails, RowMoved); a caller that needs the answer gets it now.
  if ((expected.length === 0 || opts.orThrow) && deferIfDeferring(expected.length === 0 ? { sql, replacements } : guardedUpdate(sql, replacements, table), t)) {
    /* the row is written when the transaction's next statement goes */
  } else {
    const [, affected] = (await model.sequelize!.query(sql, { replacements, transaction: t, type: QueryTypes.UPDATE })) as unknown as [unknown, number];
    // A matched row changes: `changed()` lists values that differ from the row as read (and `updated_at` is new).
    if (affected !== 1) {
      if (opts.orThrow) throw new RowMoved(row.constructor.name);
      return false;
    }
  }
  // As `save` leaves it: nothing changed since the stored row.
  const previous = (row as unknown as { _previousDataValues: Record<string, unknown> })._previousDataValues;
  for (const attr of changed) {
    previous[attr] = row.getDataValue(attr as never);
    row.changed(attr as never, false);
  }
  return true;
}

export { RowMoved } from './deferred.js';

const guards = new WeakMap<Model, { t: Transaction; expect: Record<string, unknown> }>();

/**
 * Makes the first `saveChanged` of `row` in `t` conditional on `expect` (the row's values when it was read),
 * throwing RowMoved when the row no longer matches: a transaction that writes a row it read earlier, unlocked,
 * takes the row's lock with the write that checks it instead of a `SELECT … FOR UPDATE` before. `settleGuard`
 * checks a guarded row the transaction did not write.
 */
export function guardSave(row: Model, t: Transaction, expect: Record<string, unknown>): void {
  guards.set(row, { t, expect });
}

/** A guard whose row was not saved in `t`: checked now (a write of nothing but the check). */
export async function settleGuard(row: Model, t: Transaction): Promise<void> {
  if (guards.get(row)?.t === t) await saveChanged(row, t);
}

/** The row's `alias__` columns as the attribute values a model query would hand `build` (null when the row has none of that model). */
function valuesOf(row: Record<string, unknown>, alias: string): Record<string, unknown> | null {
  const prefix = `${alias}__`;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (k.startsWith(prefix)) out[k.slice(prefix.length)] = v;
  return out.id === null || out.id === undefined ? null : out;
}

/**
 * A council round and its submission, both with a row lock for the duration of `t`, in one statement
 * (the vote transaction took them in two, round first: the same two rows, in the same order). The
 * instances are what `findByPk` gives: the driver's values built as stored rows, so a save writes only
 * what changed. Null when the round does not exist; `sub` null when its submission does not.
 */
export async function lockRoundWithSubmission(roundId: string, t: Transaction): Promise<{ round: CouncilRound; sub: Submission | null } | null> {
  const rows = await CouncilRound.sequelize!.query<Record<string, unknown>>(
    `SELECT ${columnsOf(CouncilRound, 'r')}, ${columnsOf(Submission, 's')} FROM council_rounds r LEFT JOIN submissions s ON s.id = r.submission_id WHERE r.id = ? FOR UPDATE`,
    { replacements: [roundId], transaction: t, type: QueryTypes.SELECT },
  );
  const round = rows[0] ? valuesOf(rows[0], 'r') : null;
  if (!round) return null;
  const sub = valuesOf(rows[0]!, 's');
  return {
    round: CouncilRound.build(round as never, { isNewRecord: false, raw: true }),
    sub: sub ? Submission.build(sub as never, { isNewRecord: false, raw: true }) : null,
  };
}

export class Validator extends Model<InferAttributes<Validator>, InferCreationAttributes<Validator>> {
  declare key: string;
  declare displayName: string;
  declare lens: string;
  declare kind: string;
  declare walletAddress: string;
  /** True while the validator may take seats: admitted and not suspended. */
  declare active: boolean;
  /** PENDING (registered, waiting for an operator), ADMITTED, SUSPENDED. */
  declare status: CreationOptional<string>;
  declare statusReason: CreationOptional<string | null>;
  /** Product types it reviews (external validators); null: every type. */
  declare productTypes: CreationOptional<string[] | null>;
  declare payoutAddress: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** A leased council seat (external and LLM validators); built-in seats need no lease. */
export class CouncilSeat extends Model<InferAttributes<CouncilSeat>, InferCreationAttributes<CouncilSeat>> {
  declare id: string;
  declare roundId: string;
  declare validatorKey: string;
  /** LEASED, VOTED, EXPIRED (lease ran out; seat reassigned), RELEASED (given back, e.g. an LLM failure). */
  declare status: string;
  declare leaseExpiresAt: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class CouncilRound extends Model<InferAttributes<CouncilRound>, InferCreationAttributes<CouncilRound>> {
  declare id: string;
  declare submissionId: string;
  declare roundNumber: number;
  declare roundType: string;
  declare validatorKeys: string[];
  declare expectedVotes: number;
  declare votesReceived: CreationOptional<number>;
  declare outcome: string | null;
  declare outcomeReason: string | null;
  declare closedAt: Date | null;
  /** Until then free seats wait for external validators; null: no waiting (built-ins filled them at once). */
  declare seatsOpenUntil: CreationOptional<Date | null>;
  /** Set on a RE_AUDIT round opened by an upheld dispute (unique: one round per dispute). */
  declare disputeId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Vote extends Model<InferAttributes<Vote>, InferCreationAttributes<Vote>> {
  declare id: string;
  declare roundId: string;
  declare validatorKey: string;
  declare verdict: string;
  declare securityLevel: string;
  declare reasons: string[];
  declare findingsConsidered: string[];
  declare payload: string;
  declare payloadHash: string;
  declare signature: string;
  declare signer: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** The sealed record. Never updated after insert (enforced by hooks below). */
export class Certificate extends Model<InferAttributes<Certificate>, InferCreationAttributes<Certificate>> {
  declare id: string;
  declare submissionId: string;
  declare owner: string;
  declare skillName: string;
  declare skillDescription: string | null;
  declare skillVersion: string;
  declare contentSha256: string;
  declare canonicalJson: string;
  declare payloadHash: string;
  declare signature: string;
  declare signer: string;
  declare issuedAt: Date;
  /** The sealed record's `rulesetVersion`, copied out for the monitoring planner (migration 0023); null before it. */
  declare rulesetVersion: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

export class CertificateState extends Model<InferAttributes<CertificateState>, InferCreationAttributes<CertificateState>> {
  declare certificateId: string;
  declare status: string;
  declare statusReason: string | null;
  declare activeFlagCount: CreationOptional<number>;
  declare viewCount: CreationOptional<number>;
  declare verifyCount: CreationOptional<number>;
  declare sponsored: CreationOptional<boolean>;
  declare monitoringState: string;
  declare monitoringCheckedAt: Date | null;
  /** The latest result of each check kind (docs/monitoring.md); null until the first check. */
  declare monitoringChecks: CreationOptional<import('../monitoring/types.js').CheckSummary[] | null>;
  declare onchainCommitted: CreationOptional<boolean>;
  declare onchainTxHash: string | null;
  declare onchainCommittedAt: Date | null;
  declare onchainRegistryAddress: string | null;
  /** The batch committed (or to be committed) under one Merkle root; null until sealed in one. */
  declare onchainBatchId: CreationOptional<string | null>;
  /** The certificate's inclusion proof in that batch (shared/chain/merkle.ts). */
  declare onchainInclusion: CreationOptional<import('../chain/merkle.js').InclusionProof | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Flag extends Model<InferAttributes<Flag>, InferCreationAttributes<Flag>> {
  declare id: string;
  declare certificateId: string;
  declare reporter: string;
  declare walletAddress: string;
  declare reason: string;
  declare details: string | null;
  declare status: string;
  declare openKey: string | null;
  declare resolution: string | null;
  declare resolvedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Dispute extends Model<InferAttributes<Dispute>, InferCreationAttributes<Dispute>> {
  declare id: string;
  declare submissionId: string;
  declare owner: string;
  declare reason: string;
  /** OPEN, UPHELD (a RE_AUDIT round was opened), DENIED. */
  declare status: string;
  declare openKey: string | null;
  /** The submission's status when the dispute was opened (APPROVED: its certificate was SUSPENDED). */
  declare disputedStatus: CreationOptional<string | null>;
  /** The suspended certificate a dispute on an APPROVED submission is about. */
  declare certificateId: CreationOptional<string | null>;
  /** The submission id once upheld (unique: one re-audit on dispute per submission). */
  declare upheldKey: CreationOptional<string | null>;
  declare reAuditRoundId: CreationOptional<string | null>;
  declare resolvedBy: CreationOptional<string | null>;
  declare resolution: string | null;
  declare resolvedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class AuditLog extends Model<InferAttributes<AuditLog>, InferCreationAttributes<AuditLog>> {
  declare id: string;
  declare operator: string;
  declare action: string;
  declare targetType: string;
  declare targetId: string;
  declare details: unknown;
  declare createdAt: CreationOptional<Date>;
}

export class ProductVersion extends Model<InferAttributes<ProductVersion>, InferCreationAttributes<ProductVersion>> {
  declare component: string;
  declare version: string;
  declare description: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}


/**
 * Binds the core models (actors, submissions, the council, certificates and the package registry's) to
 * `sequelize`. The other domains keep their models beside them; shared/models.ts binds them all.
 */
export function initCoreModels(sequelize: Sequelize): void {
  const opts = (tableName: string, extra: object = {}) => ({ sequelize, tableName, underscored: true, ...extra });

  Actor.init(
    { id: id(), name: DataTypes.STRING(128), activatedAt: ts(), deactivatedAt: ts(), termsVersion: DataTypes.STRING(32), ...stamps() },
    opts('actors'),
  );
  ApiKey.init(
    { id: id(), actorId: DataTypes.CHAR(36), prefix: DataTypes.STRING(16), keyHash: DataTypes.CHAR(64), revokedAt: ts(), lastUsedAt: ts(), ...stamps() },
    opts('api_keys'),
  );
  Category.init(
    {
      key: { type: DataTypes.STRING(64), primaryKey: true },
      productType: DataTypes.STRING(32),
      name: DataTypes.STRING(128),
      description: DataTypes.TEXT,
      priceUsd: DataTypes.DECIMAL(12, 2),
      versionUpdateMultiplier: DataTypes.DECIMAL(6, 3),
      freeResubmissions: DataTypes.INTEGER,
      active: DataTypes.BOOLEAN,
      ...stamps(),
    },
    opts('categories'),
  );
  Submission.init(
    {
      id: id(),
      owner: DataTypes.STRING(80),
      channel: DataTypes.STRING(16),
      categoryKey: DataTypes.STRING(64),
      productType: DataTypes.STRING(32),
      idempotencyKey: DataTypes.CHAR(36),
      requestHash: DataTypes.CHAR(64),
      status: DataTypes.STRING(24),
      statusChangedAt: ts(),
      skillName: DataTypes.STRING(64),
      skillDescription: DataTypes.TEXT,
      skillVersion: DataTypes.STRING(64),
      contentSha256: DataTypes.CHAR(64),
      skillContent: DataTypes.TEXT('long'),
      manifest: jsonColumn('manifest'),
      sourceUrl: DataTypes.STRING(2048),
      sourceRef: DataTypes.STRING(64),
      developerNote: DataTypes.TEXT,
      sandboxRiskLevel: DataTypes.STRING(8),
      sandboxReport: jsonColumn('sandboxReport'),
      verdictSummary: DataTypes.TEXT,
      rejectionSummary: DataTypes.TEXT,
      freeResubmissionsLeft: DataTypes.INTEGER,
      originalSubmissionId: DataTypes.CHAR(36),
      certificateId: DataTypes.CHAR(36),
      packagePhase: DataTypes.STRING(16),
      dependencyFiles: jsonColumn('dependencyFiles'),
      paymentId: DataTypes.CHAR(36),
      voucherCode: DataTypes.STRING(64),
      declaredEndpoints: jsonColumn('declaredEndpoints'),
      endpointReview: jsonColumn('endpointReview'),
      ...stamps(),
    },
    opts('submissions'),
  );
  Validator.init(
    {
      key: { type: DataTypes.STRING(64), primaryKey: true },
      displayName: DataTypes.STRING(128),
      lens: DataTypes.TEXT,
      kind: DataTypes.STRING(16),
      walletAddress: DataTypes.CHAR(42),
      active: DataTypes.BOOLEAN,
      status: { type: DataTypes.STRING(16), defaultValue: 'ADMITTED' },
      statusReason: DataTypes.TEXT,
      productTypes: jsonColumn('productTypes'),
      payoutAddress: DataTypes.CHAR(42),
      ...stamps(),
    },
    opts('validators'),
  );
  CouncilSeat.init(
    { id: id(), roundId: DataTypes.CHAR(36), validatorKey: DataTypes.STRING(64), status: DataTypes.STRING(16), leaseExpiresAt: ts(), ...stamps() },
    opts('council_seats'),
  );
  CouncilRound.init(
    {
      id: id(),
      submissionId: DataTypes.CHAR(36),
      roundNumber: DataTypes.INTEGER,
      roundType: DataTypes.STRING(16),
      validatorKeys: jsonColumn('validatorKeys', { allowNull: false }),
      expectedVotes: DataTypes.INTEGER,
      votesReceived: { type: DataTypes.INTEGER, defaultValue: 0 },
      outcome: DataTypes.STRING(16),
      outcomeReason: DataTypes.TEXT,
      closedAt: ts(),
      seatsOpenUntil: ts(),
      disputeId: DataTypes.CHAR(36),
      ...stamps(),
    },
    opts('council_rounds'),
  );
  Vote.init(
    {
      id: id(),
      roundId: DataTypes.CHAR(36),
      validatorKey: DataTypes.STRING(64),
      verdict: DataTypes.STRING(16),
      securityLevel: DataTypes.STRING(16),
      reasons: jsonColumn('reasons', { allowNull: false }),
      findingsConsidered: jsonColumn('findingsConsidered', { allowNull: false }),
      payload: DataTypes.TEXT('long'),
      payloadHash: DataTypes.CHAR(66),
      signature: DataTypes.STRING(140),
      signer: DataTypes.CHAR(42),
      ...stamps(),
    },
    opts('votes'),
  );
  Certificate.init(
    {
      id: id(),
      submissionId: DataTypes.CHAR(36),
      owner: DataTypes.STRING(80),
      skillName: DataTypes.STRING(64),
      skillDescription: DataTypes.TEXT,
      skillVersion: DataTypes.STRING(64),
      contentSha256: DataTypes.CHAR(64),
      canonicalJson: DataTypes.TEXT('long'),
      payloadHash: DataTypes.CHAR(66),
      signature: DataTypes.STRING(140),
      signer: DataTypes.CHAR(42),
      issuedAt: ts(),
      rulesetVersion: DataTypes.STRING(64),
      createdAt: ts(),
    },
    opts('certificates', {
      updatedAt: false,
      hooks: {
        beforeUpdate: () => {
          throw new Error('certificates are sealed: the record is never updated');
        },
        beforeBulkUpdate: () => {
          throw new Error('certificates are sealed: the record is never updated');
        },
      },
    }),
  );
  CertificateState.init(
    {
      certificateId: { type: DataTypes.CHAR(36), primaryKey: true },
      status: DataTypes.STRING(16),
      statusReason: DataTypes.TEXT,
      activeFlagCount: { type: DataTypes.INTEGER, defaultValue: 0 },
      viewCount: { type: DataTypes.BIGINT, defaultValue: 0 },
      verifyCount: { type: DataTypes.BIGINT, defaultValue: 0 },
      sponsored: { type: DataTypes.BOOLEAN, defaultValue: false },
      monitoringState: DataTypes.STRING(16),
      monitoringCheckedAt: ts(),
      monitoringChecks: jsonColumn('monitoringChecks'),
      onchainCommitted: { type: DataTypes.BOOLEAN, defaultValue: false },
      onchainTxHash: DataTypes.STRING(66),
      onchainCommittedAt: ts(),
      onchainRegistryAddress: DataTypes.STRING(42),
      onchainBatchId: DataTypes.CHAR(36),
      onchainInclusion: jsonColumn('onchainInclusion'),
      ...stamps(),
    },
    opts('certificate_states'),
  );
  Flag.init(
    {
      id: id(),
      certificateId: DataTypes.CHAR(36),
      reporter: DataTypes.STRING(80),
      walletAddress: DataTypes.CHAR(42),
      reason: DataTypes.STRING(64),
      details: DataTypes.TEXT,
      status: DataTypes.STRING(16),
      openKey: DataTypes.STRING(160),
      resolution: DataTypes.TEXT,
      resolvedAt: ts(),
      ...stamps(),
    },
    opts('flags'),
  );
  Dispute.init(
    {
      id: id(),
      submissionId: DataTypes.CHAR(36),
      owner: DataTypes.STRING(80),
      reason: DataTypes.TEXT,
      status: DataTypes.STRING(16),
      openKey: DataTypes.STRING(160),
      disputedStatus: DataTypes.STRING(16),
      certificateId: DataTypes.CHAR(36),
      upheldKey: DataTypes.CHAR(36),
      reAuditRoundId: DataTypes.CHAR(36),
      resolvedBy: DataTypes.STRING(128),
      resolution: DataTypes.TEXT,
      resolvedAt: ts(),
      ...stamps(),
    },
    opts('disputes'),
  );
  AuditLog.init(
    {
      id: id(),
      operator: DataTypes.STRING(128),
      action: DataTypes.STRING(64),
      targetType: DataTypes.STRING(32),
      targetId: DataTypes.STRING(128),
      details: jsonColumn('details'),
      createdAt: ts(),
    },
    opts('audit_log', { updatedAt: false }),
  );
  ProductVersion.init(
    { component: { type: DataTypes.STRING(64), primaryKey: true }, version: DataTypes.STRING(32), description: DataTypes.TEXT, ...stamps() },
    opts('product_versions'),
  );
  initPackageModels(sequelize);
  initDeveloperModels(sequelize);
  initAgentModels(sequelize);
}
