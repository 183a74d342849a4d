import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonColumn } from '../db/json.js';

export type PaymentStatus = 'RESERVED' | 'SETTLING' | 'SETTLED' | 'FAILED';

/** What a process that did not receive the request needs to broadcast its payment. */
export interface StoredSettlement {
  /** The x402 PaymentPayload as received (signature and EIP-3009 authorization). */
  payload: unknown;
  /** The PaymentRequirements it was verified against. */
  requirements: unknown;
  /** Set once verified: the payer is a contract wallet (EIP-1271), which picks the call's overload. */
  contractWallet?: boolean;
}

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
  /** The authorization to broadcast, kept until the payment is final (migration 0015-payment-leases). */
  declare settlement: CreationOptional<StoredSettlement | null>;
  /** The process settling this payment and until when its lease holds (renewed while it works). */
  declare leaseOwner: CreationOptional<string | null>;
  declare leaseUntil: CreationOptional<Date | null>;
  /** Settlement transactions signed for this payment (the owner's and any reconciler's). */
  declare settleAttempts: CreationOptional<number>;
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
      settlement: jsonColumn('settlement'),
      leaseOwner: DataTypes.STRING(64),
      leaseUntil: ts(),
      settleAttempts: { type: DataTypes.INTEGER.UNSIGNED, defaultValue: 0 },
      createdAt: ts(),
      updatedAt: ts(),
    },
    { sequelize, tableName: 'payments', underscored: true, modelName: 'Payment' },
  );
}

export function paymentModelsReady(): boolean {
  return Boolean(Payment.sequelize);
}
