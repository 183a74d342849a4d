/**
 * The package registry's re-check records of certified package versions: advisories looked up again
 * and analyses re-run under a newer analysis version. Monitoring schedules and reads them; the
 * package views show them (docs/monitoring.md).
 */
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonColumn } from '../db/json.js';

/** One advisory as monitoring shows it (evidence on live-status and the package view). */
export interface AdvisoryEvidence {
  id: string;
  severity: string;
  title: string;
  url: string | null;
  aliases: string[];
}

/** The latest advisory re-check of one certified package version (table `package_advisory_checks`, migration 0019). */
export class PackageAdvisoryCheck extends Model<InferAttributes<PackageAdvisoryCheck>, InferCreationAttributes<PackageAdvisoryCheck>> {
  declare packageCertificateId: string;
  /** The interval number this result is for. */
  declare slot: string;
  /** `unknown`: the advisory source could not be reached; the advisories kept are the last known. */
  declare status: 'ok' | 'unknown';
  /** Advisories published for this exact version that its certification did not see. */
  declare newAdvisories: AdvisoryEvidence[] | null;
  declare error: string | null;
  /** Names the status and the new advisories (decide.ts packageAdvisoryKey). */
  declare stateKey: string;
  /** The state the dependent certificates were last brought up to date with. */
  declare fannedOutKey: string | null;
  declare checkedAt: Date;
  /** When the state last changed. */
  declare since: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initPackageAdvisoryModels(sequelize: Sequelize): void {
  const ts = () => ({ type: DataTypes.DATE(3) });
  PackageAdvisoryCheck.init(
    {
      packageCertificateId: { type: DataTypes.CHAR(36), primaryKey: true },
      slot: DataTypes.STRING(64),
      status: DataTypes.STRING(8),
      newAdvisories: jsonColumn('newAdvisories'),
      error: DataTypes.TEXT,
      stateKey: DataTypes.CHAR(64),
      fannedOutKey: DataTypes.CHAR(64),
      checkedAt: ts(),
      since: ts(),
      createdAt: ts(),
      updatedAt: ts(),
    },
    { sequelize, tableName: 'package_advisory_checks', underscored: true, modelName: 'PackageAdvisoryCheck' },
  );
}

/** What a completed re-analysis found, beside the level (the evidence the package view shows). */
export interface ReanalysisResult {
  analysisType: string;
  fileCount: number;
  limitsHit: string[];
  reasons: string[];
  /** Findings above INFO, as a certificate retains them (at most 200). */
  retainedWarnings: unknown[];
}

/** The latest re-analysis of one package certificate under a newer analysis version (table `package_reanalyses`, migration 0020). */
export class PackageReanalysis extends Model<InferAttributes<PackageReanalysis>, InferCreationAttributes<PackageReanalysis>> {
  declare packageCertificateId: string;
  /** The analysis version it ran under: once per version. */
  declare analysisVersion: string;
  /** done; incomplete (the analysis was cut off); unavailable (the certified file could not be fetched again). */
  declare status: 'done' | 'incomplete' | 'unavailable';
  /** The council's level and verdict on the re-analysis (done only). */
  declare securityLevel: string | null;
  declare councilVerdict: string | null;
  declare result: ReanalysisResult | null;
  declare error: string | null;
  /** Runs recorded under this version (an incomplete or unavailable one is tried again, a few times). */
  declare tries: number;
  /** The level the re-analyses put in force, or `sealed` (decide.ts reanalysisStateKey). */
  declare stateKey: string;
  /** The state the dependent certificates were last brought up to date with. */
  declare fannedOutKey: string;
  declare checkedAt: Date;
  /** When the state last changed. */
  declare since: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initPackageReanalysisModels(sequelize: Sequelize): void {
  const ts = () => ({ type: DataTypes.DATE(3) });
  PackageReanalysis.init(
    {
      packageCertificateId: { type: DataTypes.CHAR(36), primaryKey: true },
      analysisVersion: DataTypes.STRING(64),
      status: DataTypes.STRING(12),
      securityLevel: DataTypes.STRING(16),
      councilVerdict: DataTypes.STRING(16),
      result: jsonColumn('result'),
      error: DataTypes.TEXT,
      tries: DataTypes.INTEGER,
      stateKey: DataTypes.STRING(64),
      fannedOutKey: DataTypes.STRING(64),
      checkedAt: ts(),
      since: ts(),
      createdAt: ts(),
      updatedAt: ts(),
    },
    { sequelize, tableName: 'package_reanalyses', underscored: true, modelName: 'PackageReanalysis' },
  );
}
