import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonColumn } from '../db/json.js';

export type LedgerKind = 'FEE_RECEIVED' | 'VALIDATOR_PAYOUT_OWED' | 'VALIDATOR_PAYOUT_PAID' | 'BOUNTY_OWED' | 'BOUNTY_PAID' | 'REFUND';
export type LedgerAsset = 'USDC' | 'REWARD';
export type TransferStatus = 'PENDING' | 'SENT' | 'PAID' | 'FAILED';

/** One economic event (table `ledger_entries`, migration 0008). Never updated, never deleted. */
export class LedgerEntry extends Model<InferAttributes<LedgerEntry>, InferCreationAttributes<LedgerEntry>> {
  declare id: string;
  declare entryKey: string;
  declare kind: LedgerKind;
  declare asset: LedgerAsset;
  declare amountAtomic: string;
  declare wallet: string | null;
  declare validatorKey: string | null;
  declare roundId: string | null;
  declare submissionId: string | null;
  declare flagId: string | null;
  declare paymentId: string | null;
  /** For a *_PAID entry: the key of the *_OWED entry it settles. */
  declare refKey: string | null;
  declare txHash: string | null;
  declare details: unknown;
  declare createdAt: CreationOptional<Date>;
}

/** The payout job's state for one owed entry (table `payout_transfers`); keyed by the owed entry's key. */
export class PayoutTransfer extends Model<InferAttributes<PayoutTransfer>, InferCreationAttributes<PayoutTransfer>> {
  declare ledgerKey: string;
  declare kind: LedgerKind;
  declare asset: LedgerAsset;
  declare tokenAddress: string | null;
  declare toAddress: string;
  declare amountAtomic: string;
  declare status: TransferStatus;
  declare signer: string | null;
  declare nonce: number | string | null;
  declare txHash: string | null;
  declare rawTx: string | null;
  declare attempts: CreationOptional<number>;
  declare lastError: string | null;
  declare sentAt: Date | null;
  declare paidAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/**
 * The payment engine stands alone (its tests bind only the payment models, to a database of their
 * own): it records fees only when the economy models are bound to the same database.
 */
export function economyModelsReady(sequelize: Sequelize | undefined): boolean {
  try {
    return Boolean(sequelize) && LedgerEntry.sequelize === sequelize;
  } catch {
    return false;
  }
}

export function initEconomyModels(sequelize: Sequelize): void {
  if (LedgerEntry.sequelize === sequelize) return;
  const ts = () => ({ type: DataTypes.DATE(3) });
  LedgerEntry.init(
    {
      id: { type: DataTypes.CHAR(36), primaryKey: true },
      entryKey: DataTypes.STRING(191),
      kind: DataTypes.STRING(32),
      asset: DataTypes.STRING(16),
      amountAtomic: DataTypes.DECIMAL(65, 0),
      wallet: DataTypes.CHAR(42),
      validatorKey: DataTypes.STRING(80),
      roundId: DataTypes.CHAR(36),
      submissionId: DataTypes.CHAR(36),
      flagId: DataTypes.CHAR(36),
      paymentId: DataTypes.CHAR(36),
      refKey: DataTypes.STRING(191),
      txHash: DataTypes.CHAR(66),
      details: jsonColumn('details'),
      createdAt: ts(),
    },
    { sequelize, tableName: 'ledger_entries', underscored: true, modelName: 'LedgerEntry', updatedAt: false },
  );
  PayoutTransfer.init(
    {
      ledgerKey: { type: DataTypes.STRING(191), primaryKey: true },
      kind: DataTypes.STRING(32),
      asset: DataTypes.STRING(16),
      tokenAddress: DataTypes.CHAR(42),
      toAddress: DataTypes.CHAR(42),
      amountAtomic: DataTypes.DECIMAL(65, 0),
      status: DataTypes.STRING(16),
      signer: DataTypes.CHAR(42),
      nonce: DataTypes.BIGINT,
      txHash: DataTypes.CHAR(66),
      rawTx: DataTypes.TEXT,
      attempts: { type: DataTypes.INTEGER, defaultValue: 0 },
      lastError: DataTypes.STRING(255),
      sentAt: ts(),
      paidAt: ts(),
      createdAt: ts(),
      updatedAt: ts(),
    },
    { sequelize, tableName: 'payout_transfers', underscored: true, modelName: 'PayoutTransfer' },
  );
}
