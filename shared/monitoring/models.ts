import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonColumn } from '../db/json.js';
import type { CheckKind, CheckOutcome } from './types.js';

/** The latest result of one check kind for one certificate (table `monitoring_checks`, migration 0017). */
export class MonitoringCheck extends Model<InferAttributes<MonitoringCheck>, InferCreationAttributes<MonitoringCheck>> {
  declare certificateId: string;
  declare kind: CheckKind;
  declare outcome: CheckOutcome;
  declare detail: string;
  declare evidence: Record<string, unknown> | null;
  /** The interval number (source, endpoints) or the ruleset version (rules) this result is for. */
  declare slot: string;
  declare checkedAt: Date;
  /** When the outcome last changed. */
  declare since: Date;
  /** The system flag this kind opened, while it is open. */
  declare flagId: string | null;
  /** The alert key an operator dismissed: the same evidence opens no new flag. */
  declare dismissedKey: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initMonitoringModels(sequelize: Sequelize): void {
  const ts = () => ({ type: DataTypes.DATE(3) });
  MonitoringCheck.init(
    {
      certificateId: { type: DataTypes.CHAR(36), primaryKey: true },
      kind: { type: DataTypes.STRING(16), primaryKey: true },
      outcome: DataTypes.STRING(24),
      detail: DataTypes.TEXT,
      evidence: jsonColumn('evidence'),
      slot: DataTypes.STRING(64),
      checkedAt: ts(),
      since: ts(),
      flagId: DataTypes.CHAR(36),
      dismissedKey: DataTypes.STRING(255),
      createdAt: ts(),
      updatedAt: ts(),
    },
    { sequelize, tableName: 'monitoring_checks', underscored: true, modelName: 'MonitoringCheck' },
  );
}
