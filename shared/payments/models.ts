import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonColumn } from '../db/json.js';

export type PaymentStatus = 'RESERVED' | 'SETTLING' | 'SETTLED' | 'FAILED';

/**
 * One x402 payment (table `payments`, migration 0004-chain-payments).
 *  - UNIQUE(network, asset, payer, nonce): a proof (EIP-3009 authorization) pays once, ever.
 *  - UNIQUE(resource, resource_live): one live payment per purchased thing; resource_live is 1 for
 *    RESERVED/SETTLING/SETTLED and NULL for FAILED, so a failed attempt frees the resource.
 * Addresses, asset and nonce are stored lower-case.
 */
export class Payment extends Model<InferAttributes<Payment>, InferCreationAttributes<Payment>> {
  declare id: string;
  declare payer: string;
  declare payTo: string;
  declare amountAtomic: string;
  declare asset: string;
  declare network: string;
  declare nonce: string;
  declare validBefore: string;
  declare status: PaymentStatus;
  declare txHash: string | null;
  declare resource: string;
  declare resourceLive: number | null;
  declare purpose: unknown;
  declare errorCode: string | null;
  declare searchFromBlock: string | number | null;
  declare settledAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Binds the payment models to `sequelize` (the service's `db()`; tests pass their own). Re-binding is allowed. */
export function initPaymentModels(sequelize: Sequelize): void {
  if (Payment.sequelize === sequelize) return;
  const ts = () => ({ type: DataTypes.DATE(3) });
  Payment.init(
    {
      id: { type: DataTypes.CHAR(36), primaryKey: true },
      payer: DataTypes.CHAR(42),
      payTo: DataTypes.CHAR(42),
      amountAtomic: DataTypes.DECIMAL(65, 0),
      asset: DataTypes.CHAR(42),
      network: DataTypes.STRING(64),
      nonce: DataTypes.CHAR(66),
      validBefore: DataTypes.STRING(78),
      status: DataTypes.STRING(16),
      txHash: DataTypes.CHAR(66),
      resource: DataTypes.STRING(255),
      resourceLive: DataTypes.TINYINT,
      purpose: jsonColumn('purpose'),
      errorCode: DataTypes.STRING(64),
      searchFromBlock: DataTypes.BIGINT,
      settledAt: ts(),
      createdAt: ts(),
      updatedAt: ts(),
    },
    { sequelize, tableName: 'payments', underscored: true, modelName: 'Payment' },
  );
}

export function paymentModelsReady(): boolean {
  return Boolean(Payment.sequelize);
}
