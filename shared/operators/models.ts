import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** A console operator (CLI-issued); only the SHA-256 of its one-time secret is kept. */
export class Operator extends Model<InferAttributes<Operator>, InferCreationAttributes<Operator>> {
  declare id: string;
  declare name: string;
  declare secretHash: string;
  declare revokedAt: Date | null;
  declare lastLoginAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** A console sign-in: the cookie holds the token, the row only its hash. */
export class OperatorSession extends Model<InferAttributes<OperatorSession>, InferCreationAttributes<OperatorSession>> {
  declare id: string;
  declare operatorId: string;
  declare tokenHash: string;
  declare expiresAt: Date;
  declare revokedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
}

export function initOperatorModels(sequelize: Sequelize): void {
  const ts = () => ({ type: DataTypes.DATE(3) });
  Operator.init(
    { id: { type: DataTypes.CHAR(36), primaryKey: true }, name: DataTypes.STRING(64), secretHash: DataTypes.CHAR(64), revokedAt: ts(), lastLoginAt: ts(), createdAt: ts(), updatedAt: ts() },
    { sequelize, tableName: 'operators', underscored: true, modelName: 'Operator' },
  );
  OperatorSession.init(
    { id: { type: DataTypes.CHAR(36), primaryKey: true }, operatorId: DataTypes.CHAR(36), tokenHash: DataTypes.CHAR(64), expiresAt: ts(), revokedAt: ts(), createdAt: ts() },
    { sequelize, tableName: 'operator_sessions', underscored: true, modelName: 'OperatorSession', updatedAt: false },
  );
}
