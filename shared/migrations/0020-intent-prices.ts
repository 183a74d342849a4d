import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * A payment intent keeps how its amount is made up (the one price rule, product + packages to audit)
 * and, for CODE+PACKAGES, the SHA-256 of the dependency files it was priced for: the submission it
 * buys must carry the same files (docs/api.md, payment intents).
 */
export async function up(q: QueryInterface): Promise<void> {
  await q.addColumn('payment_intents', 'price', { type: DataTypes.TEXT('long'), allowNull: true });
  await q.addColumn('payment_intents', 'dependency_files_sha256', { type: DataTypes.CHAR(64), allowNull: true });
}

export async function down(q: QueryInterface): Promise<void> {
  await q.removeColumn('payment_intents', 'dependency_files_sha256');
  await q.removeColumn('payment_intents', 'price');
}
