import { DataTypes } from 'sequelize';

// Fresh objects per attribute: Sequelize writes into attribute definitions, so they must not be shared.
/** A CHAR(36) primary key (a UUID). */
export const id = () => ({ type: DataTypes.CHAR(36), primaryKey: true });
/** A timestamp with milliseconds. */
export const ts = () => ({ type: DataTypes.DATE(3) });
/** `createdAt` and `updatedAt`. */
export const stamps = () => ({ createdAt: ts(), updatedAt: ts() });
