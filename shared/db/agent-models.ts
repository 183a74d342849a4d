import { DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional } from 'sequelize';
import { id, stamps, ts } from './columns.js';
import { jsonColumn } from './json.js';


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
