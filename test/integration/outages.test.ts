import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DatabaseError, Sequelize } from 'sequelize';
import { closeDb, parseDatabaseUrl, selectRows } from '../../shared/db/connection.js';
import { outageOf } from '../../shared/outages.js';
import { startTcpProxy } from '../support/outages.js';
import { freePort } from '../support/harness.js';

/** Real errors from a real Sequelize: which ones mean "MySQL is unreachable" (503) and which stay bugs (500). */
const target = parseDatabaseUrl(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cert');
const sequelize = (port: number) =>
  new Sequelize(target.database, target.user, target.password, { host: '127.0.0.1', port, dialect: 'mysql', logging: false, pool: { max: 1, acquire: 3000 }, dialectOptions: { connectTimeout: 2000 } });

test('a refused connection is a database outage; a bad query is not', async () => {
  const closed = sequelize(await freePort());
  const refused = await closed.query('SELECT 1').catch((e) => e);
  assert.is(outageOf(refused), 'database', refused?.name);
  await closed.close();

  const up = sequelize(target.port);
  const bad = await up.query('SELECT * FROM no_such_table_here').catch((e) => e);
  assert.is(bad?.name, 'SequelizeDatabaseError');
  assert.is(outageOf(bad), null);
  await up.close();
  assert.is(outageOf(new Error('boom')), null);
  assert.is(outageOf(undefined), null);
});

test('selectRows (mysql2 on the pool) fails as Sequelize does: a bad query is a bug, a server shutting down an outage', async () => {
  try {
    const bad = await selectRows('SELECT * FROM no_such_table_here', []).catch((e) => e);
    assert.is(bad?.name, 'SequelizeDatabaseError');
    assert.is(bad?.parent?.code, 'ER_NO_SUCH_TABLE');
    assert.is(outageOf(bad), null);
    assert.equal(await selectRows<{ n: number }>('SELECT ? + 1 AS n', [1]), [{ n: 2 }]);
  } finally {
    await closeDb();
  }
  // What mysql2 gives a running query when the server shuts down (an error packet, not marked fatal).
  const shutdown = Object.assign(new Error('Server shutdown in progress'), { code: 'ER_SERVER_SHUTDOWN', errno: 1053, sqlState: '08S01', sqlMessage: 'Server shutdown in progress' });
  assert.is(outageOf(new DatabaseError(shutdown as never)), 'database');
});

test('a connection that dies under a running query is a database outage', async () => {
  const proxy = await startTcpProxy(target.port);
  const db = sequelize(proxy.port);
  try {
    await db.query('SELECT 1');
    const running = db.query('SELECT SLEEP(5)').catch((e) => e);
    await new Promise((r) => setTimeout(r, 300));
    await proxy.cut();
    const err = await running;
    assert.ok(err instanceof Error, 'the query failed');
    assert.is(outageOf(err), 'database', `${err.name}: ${err.message}`);
  } finally {
    await db.close().catch(() => undefined);
    await proxy.close();
  }
});

test.run();
