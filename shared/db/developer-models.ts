import { DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional } from 'sequelize';
import { id, stamps, ts } from './columns.js';
import { jsonColumn } from './json.js';

/** Developer channel tables: developers, their tokens and drafts. */

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


export function initDeveloperModels(sequelize: Sequelize): void {
  const opts = (tableName: string, extra: object = {}) => ({ sequelize, tableName, underscored: true, ...extra });
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
