import { DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional } from 'sequelize';
import { jsonColumn } from './json.js';

/** Package Trust Registry tables (migration 0003). */
export class PackageCertificate extends Model<InferAttributes<PackageCertificate>, InferCreationAttributes<PackageCertificate>> {
  declare id: string;
  declare registry: string;
  declare name: string;
  declare version: string;
  declare distributionSha256: string;
  declare distributionFilename: string;
  declare distributionKind: string;
  declare distributionChoice: string | null;
  declare publishedDigest: string;
  declare integrityOk: boolean;
  declare fileSetHash: string | null;
  declare analysisType: string;
  declare councilVerdict: string;
  declare securityLevel: string;
  declare councilRoundId: string;
  declare retainedWarnings: unknown[];
  declare analysis: any;
  declare votes: any[];
  declare advisoryStatus: string;
  declare advisories: any[];
  declare advisoriesFetchedAt: Date | null;
  declare canonicalJson: string;
  declare payloadHash: string;
  declare signature: string;
  declare signer: string;
  declare certifiedAt: Date;
  declare status: string;
  declare activeKey: string | null;
  declare overrideLevel: string | null;
  declare overrideReason: string | null;
  /** The analysis version the sealed verdict came from (also in `analysis`); null before it was recorded (migration 0020). */
  declare analysisVersion: CreationOptional<string | null>;
  /**
   * Live, not sealed: the level of the latest completed re-analysis under a newer analysis version
   * (docs/monitoring.md, "package rules"); wins over the sealed level, loses to an override.
   */
  declare reanalysedLevel: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class PackageAudit extends Model<InferAttributes<PackageAudit>, InferCreationAttributes<PackageAudit>> {
  declare id: string;
  declare registry: string;
  declare name: string;
  declare version: string;
  declare status: string;
  declare certificateId: string | null;
  declare error: string | null;
  declare attempts: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class PackageDependency extends Model<InferAttributes<PackageDependency>, InferCreationAttributes<PackageDependency>> {
  declare id: string;
  declare certificateId: string;
  declare depName: string;
  declare depSpec: string;
  declare depVersion: string | null;
  declare createdAt: CreationOptional<Date>;
}

export class SubmissionPackage extends Model<InferAttributes<SubmissionPackage>, InferCreationAttributes<SubmissionPackage>> {
  declare id: string;
  declare submissionId: string;
  declare registry: string;
  declare name: string;
  declare version: string | null;
  declare declaredSpec: string | null;
  declare manifestFile: string | null;
  declare level: number;
  declare via: string | null;
  declare path: string[] | null;
  declare resolvedFrom: string | null;
  declare status: string;
  declare cached: CreationOptional<boolean>;
  declare certificateId: string | null;
  declare securityLevel: string | null;
  declare estimatedPriceUsd: CreationOptional<string>;
  declare reason: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Developer extends Model<InferAttributes<Developer>, InferCreationAttributes<Developer>> {
  declare id: string;
  declare name: string;
  /** Set for a developer who signed in with a wallet (self-service tokens); null for CLI-named developers. */
  declare wallet: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class DeveloperToken extends Model<InferAttributes<DeveloperToken>, InferCreationAttributes<DeveloperToken>> {
  declare id: string;
  declare developerId: string;
  declare tokenHash: string;
  declare prefix: string;
  declare label: CreationOptional<string | null>;
  declare revokedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Draft extends Model<InferAttributes<Draft>, InferCreationAttributes<Draft>> {
  declare id: string;
  declare developerId: string;
  declare productType: string;
  declare skillMdContent: string | null;
  declare dependencyFiles: Record<string, string>;
  /** The last package preview of these files (cleared when they change) and when it was made. */
  declare lastPreview: CreationOptional<Record<string, unknown> | null>;
  declare previewedAt: CreationOptional<Date | null>;
  /** The submission this draft became (the developer x402 submission with draftId). */
  declare submissionId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const id = () => ({ type: DataTypes.CHAR(36), primaryKey: true });
const ts = () => ({ type: DataTypes.DATE(3) });
const stamps = () => ({ createdAt: ts(), updatedAt: ts() });

export function initPackageModels(sequelize: Sequelize): void {
  const opts = (tableName: string, extra: object = {}) => ({ sequelize, tableName, underscored: true, ...extra });
  PackageCertificate.init(
    {
      id: id(),
      registry: DataTypes.STRING(8),
      name: DataTypes.STRING(214),
      version: DataTypes.STRING(128),
      distributionSha256: DataTypes.CHAR(64),
      distributionFilename: DataTypes.STRING(300),
      distributionKind: DataTypes.STRING(16),
      distributionChoice: DataTypes.TEXT,
      publishedDigest: DataTypes.STRING(200),
      integrityOk: DataTypes.BOOLEAN,
      fileSetHash: DataTypes.CHAR(64),
      analysisType: DataTypes.STRING(16),
      councilVerdict: DataTypes.STRING(16),
      securityLevel: DataTypes.STRING(16),
      councilRoundId: DataTypes.CHAR(36),
      retainedWarnings: jsonColumn('retainedWarnings', { allowNull: false }),
      analysis: jsonColumn('analysis', { allowNull: false }),
      votes: jsonColumn('votes', { allowNull: false }),
      advisoryStatus: DataTypes.STRING(8),
      advisories: jsonColumn('advisories', { allowNull: false }),
      advisoriesFetchedAt: ts(),
      canonicalJson: DataTypes.TEXT('long'),
      payloadHash: DataTypes.CHAR(66),
      signature: DataTypes.STRING(140),
      signer: DataTypes.CHAR(42),
      certifiedAt: ts(),
      status: DataTypes.STRING(16),
      activeKey: DataTypes.STRING(420),
      overrideLevel: DataTypes.STRING(16),
      overrideReason: DataTypes.TEXT,
      analysisVersion: DataTypes.STRING(64),
      reanalysedLevel: DataTypes.STRING(16),
      ...stamps(),
    },
    opts('package_certificates'),
  );
  PackageAudit.init(
    {
      id: id(),
      registry: DataTypes.STRING(8),
      name: DataTypes.STRING(214),
      version: DataTypes.STRING(128),
      status: DataTypes.STRING(16),
      certificateId: DataTypes.CHAR(36),
      error: DataTypes.TEXT,
      attempts: { type: DataTypes.INTEGER, defaultValue: 0 },
      ...stamps(),
    },
    opts('package_audits'),
  );
  PackageDependency.init(
    { id: id(), certificateId: DataTypes.CHAR(36), depName: DataTypes.STRING(214), depSpec: DataTypes.STRING(256), depVersion: DataTypes.STRING(128), createdAt: ts() },
    opts('package_dependencies', { updatedAt: false }),
  );
  SubmissionPackage.init(
    {
      id: id(),
      submissionId: DataTypes.CHAR(36),
      registry: DataTypes.STRING(8),
      name: DataTypes.STRING(214),
      version: DataTypes.STRING(128),
      declaredSpec: DataTypes.STRING(256),
      manifestFile: DataTypes.STRING(64),
      level: DataTypes.INTEGER,
      via: DataTypes.STRING(400),
      path: jsonColumn('path'),
      resolvedFrom: DataTypes.STRING(16),
      status: DataTypes.STRING(16),
      cached: { type: DataTypes.BOOLEAN, defaultValue: false },
      certificateId: DataTypes.CHAR(36),
      securityLevel: DataTypes.STRING(16),
      estimatedPriceUsd: { type: DataTypes.DECIMAL(10, 2), defaultValue: 0 },
      reason: DataTypes.TEXT,
      ...stamps(),
    },
    opts('submission_packages'),
  );
  Developer.init({ id: id(), name: DataTypes.STRING(128), wallet: DataTypes.STRING(42), ...stamps() }, opts('developers'));
  DeveloperToken.init(
    { id: id(), developerId: DataTypes.CHAR(36), tokenHash: DataTypes.CHAR(64), prefix: DataTypes.STRING(16), label: DataTypes.STRING(64), revokedAt: ts(), ...stamps() },
    opts('developer_tokens'),
  );
  Draft.init(
    {
      id: id(),
      developerId: DataTypes.CHAR(36),
      productType: DataTypes.STRING(32),
      skillMdContent: DataTypes.TEXT('long'),
      dependencyFiles: jsonColumn('dependencyFiles', { allowNull: false }),
      lastPreview: jsonColumn('lastPreview'),
      previewedAt: ts(),
      submissionId: DataTypes.CHAR(36),
      ...stamps(),
    },
    opts('drafts'),
  );
}

/** Agent API tables (migration 0005). */
export class AgentNonce extends Model<InferAttributes<AgentNonce>, InferCreationAttributes<AgentNonce>> {
  declare nonce: string;
  declare wallet: string;
  declare message: string;
  declare expiresAt: Date;
  declare consumedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
}

export class AgentSession extends Model<InferAttributes<AgentSession>, InferCreationAttributes<AgentSession>> {
  declare id: string;
  declare tokenHash: string;
  declare wallet: string;
  declare expiresAt: Date;
  declare revokedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Voucher extends Model<InferAttributes<Voucher>, InferCreationAttributes<Voucher>> {
  declare code: string;
  declare categoryKey: string | null;
  declare discountPercent: number;
  declare maxUses: number;
  declare uses: CreationOptional<number>;
  declare expiresAt: Date | null;
  declare active: boolean;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class PaymentIntent extends Model<InferAttributes<PaymentIntent>, InferCreationAttributes<PaymentIntent>> {
  declare id: string;
  declare owner: string;
  declare categoryKey: string;
  declare amountUsdc: string;
  /** How amountUsdc is made up (shared/payments/submission-price.ts); null on intents made before it was kept. */
  declare price: CreationOptional<Record<string, unknown> | null>;
  /** CODE+PACKAGES: SHA-256 of the dependency files the intent was priced for; null for other product types. */
  declare dependencyFilesSha256: CreationOptional<string | null>;
  declare status: string;
  declare paymentId: string | null;
  declare submissionId: string | null;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initAgentModels(sequelize: Sequelize): void {
  const opts = (tableName: string, extra: object = {}) => ({ sequelize, tableName, underscored: true, ...extra });
  AgentNonce.init(
    { nonce: { type: DataTypes.STRING(64), primaryKey: true }, wallet: DataTypes.CHAR(42), message: DataTypes.TEXT, expiresAt: ts(), consumedAt: ts(), createdAt: ts() },
    opts('agent_nonces', { updatedAt: false }),
  );
  AgentSession.init(
    { id: id(), tokenHash: DataTypes.CHAR(64), wallet: DataTypes.CHAR(42), expiresAt: ts(), revokedAt: ts(), ...stamps() },
    opts('agent_sessions'),
  );
  Voucher.init(
    {
      code: { type: DataTypes.STRING(64), primaryKey: true },
      categoryKey: DataTypes.STRING(64),
      discountPercent: DataTypes.INTEGER,
      maxUses: DataTypes.INTEGER,
      uses: { type: DataTypes.INTEGER, defaultValue: 0 },
      expiresAt: ts(),
      active: DataTypes.BOOLEAN,
      ...stamps(),
    },
    opts('vouchers'),
  );
  PaymentIntent.init(
    {
      id: id(),
      owner: DataTypes.STRING(80),
      categoryKey: DataTypes.STRING(64),
      amountUsdc: DataTypes.DECIMAL(12, 2),
      price: jsonColumn('price'),
      dependencyFilesSha256: DataTypes.CHAR(64),
      status: DataTypes.STRING(16),
      paymentId: DataTypes.CHAR(36),
      submissionId: DataTypes.CHAR(36),
      expiresAt: ts(),
      ...stamps(),
    },
    opts('payment_intents'),
  );
}
