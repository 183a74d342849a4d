import mysql from 'mysql2/promise';
import { Umzug, SequelizeStorage } from 'umzug';
import { config } from '../config.js';
import { db, parseDatabaseUrl } from '../db/connection.js';
import { lockName } from '../db/named-lock.js';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-seed-categories-versions.js';
import * as m0003 from './0003-packages.js';
import * as m0004 from './0004-chain-payments.js';
import * as m0005 from './0005-agents.js';
import * as m0006 from './0006-agent-nonce-expiry.js';
import * as m0007 from './0007-external-validators.js';
import * as m0008 from './0008-economy-ledger.js';
import * as m0009 from './0009-certificate-search.js';
import * as m0010 from './0010-disputes.js';
import * as m0012 from './0012-developer-wallets.js';
import * as m0013 from './0013-operators.js';
import * as m0014 from './0014-certificate-search-words.js';
import * as m0015 from './0015-payment-leases.js';
import * as m0016 from './0016-endpoint-review.js';
import * as m0017 from './0017-draft-previews.js';
import * as m0018 from './0018-monitoring.js';
import * as m0019 from './0019-package-advisory-checks.js';
import * as m0020 from './0020-intent-prices.js';
import * as m0021 from './0021-package-reanalysis.js';
import * as m0022 from './0022-chain-batches.js';
import * as m0023 from './0023-certificate-ruleset.js';
import * as m0024 from './0024-webhooks.js';

/**
 * Migrations are code, listed here in order; `release` runs them once per deploy. Their names are what a database
 * records as applied, so they are never renumbered: there is no 0011 (the number was skipped when 0012 was written),
 * and closing the gap would rename every later migration and make a deployed database run them again.
 */
const MIGRATIONS = [
  { name: '0001-foundation', ...m0001 },
  { name: '0002-seed-categories-versions', ...m0002 },
  { name: '0003-packages', ...m0003 },
  { name: '0004-chain-payments', ...m0004 },
  { name: '0005-agents', ...m0005 },
  { name: '0006-agent-nonce-expiry', ...m0006 },
  { name: '0007-external-validators', ...m0007 },
  { name: '0008-economy-ledger', ...m0008 },
  { name: '0009-certificate-search', ...m0009 },
  { name: '0010-disputes', ...m0010 },
  { name: '0012-developer-wallets', ...m0012 },
  { name: '0013-operators', ...m0013 },
  { name: '0014-certificate-search-words', ...m0014 },
  { name: '0015-payment-leases', ...m0015 },
  { name: '0016-endpoint-review', ...m0016 },
  { name: '0017-draft-previews', ...m0017 },
  { name: '0018-monitoring', ...m0018 },
  { name: '0019-package-advisory-checks', ...m0019 },
  { name: '0020-intent-prices', ...m0020 },
  { name: '0021-package-reanalysis', ...m0021 },
  { name: '0022-chain-batches', ...m0022 },
  { name: '0023-certificate-ruleset', ...m0023 },
  { name: '0024-webhooks', ...m0024 },
];

export async function createDatabaseIfMissing(databaseUrl = config().DATABASE_URL): Promise<void> {
  const t = parseDatabaseUrl(databaseUrl);
  const conn = await mysql.createConnection({ host: t.host, port: t.port, user: t.user, password: t.password, connectTimeout: 5000 });
  try {
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${t.database.replace(/`/g, '')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  } finally {
    await conn.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const t = parseDatabaseUrl(databaseUrl);
  const conn = await mysql.createConnection({ host: t.host, port: t.port, user: t.user, password: t.password });
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${t.database.replace(/`/g, '')}\``);
  } finally {
    await conn.end();
  }
}

export function migrator() {
  const sequelize = db();
  return new Umzug({
    migrations: MIGRATIONS.map((m) => ({
      name: m.name,
      up: async () => m.up(sequelize.getQueryInterface()),
      down: async () => m.down(sequelize.getQueryInterface()),
    })),
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: undefined,
  });
}

/** Creates the database when missing and applies pending migrations. Safe to run concurrently:
 * a named lock serialises releases started at the same moment. */
export async function migrate(): Promise<string[]> {
  await createDatabaseIfMissing();
  // A dedicated connection holds the named lock: releases started at the same moment run one by one.
  // Scoped to the database (lock names are server-wide): other databases' migrations do not wait.
  const t = parseDatabaseUrl(config().DATABASE_URL);
  const lockConn = await mysql.createConnection({ host: t.host, port: t.port, user: t.user, password: t.password });
  try {
    const [rows] = (await lockConn.query('SELECT GET_LOCK(?, 60) AS l', [lockName(`${t.database}/cert_migrate`)])) as unknown as [{ l: number }[]];
    if (rows[0]?.l !== 1) throw new Error('could not take the migration lock within 60 s');
    const applied = await migrator().up();
    return applied.map((m) => m.name);
  } finally {
    await lockConn.end();
  }
}
