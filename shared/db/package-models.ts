import { DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional } from 'sequelize';
import { id, stamps, ts } from './columns.js';
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
}
