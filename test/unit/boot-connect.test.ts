/**
 * A starting process waits out a database that is there but cannot take its connection now (reset,
 * timeout, too many connections), and answers at once when retrying cannot help (docs/operations-faults.md).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connectErrorCode, isTransientConnectError, retryTransient, startupDatabaseWaitMs } from '../../shared/boot.js';

/** Sequelize wraps the driver's error: the code is on `parent` (and `original`). */
const wrapped = (code: string) => Object.assign(new Error(`connect ${code}`), { name: 'SequelizeConnectionError', parent: Object.assign(new Error(code), { code }) });

test('the driver code is read through Sequelize\'s wrapper', () => {
  assert.is(connectErrorCode(wrapped('ECONNRESET')), 'ECONNRESET');
  assert.is(connectErrorCode(Object.assign(new Error('x'), { code: 'ETIMEDOUT' })), 'ETIMEDOUT');
  assert.is(connectErrorCode(new Error('plain')), undefined);
  assert.ok(isTransientConnectError(wrapped('ER_CON_COUNT_ERROR')));
  assert.not.ok(isTransientConnectError(wrapped('ECONNREFUSED')));
  assert.not.ok(isTransientConnectError(wrapped('ER_ACCESS_DENIED_ERROR')));
  assert.not.ok(isTransientConnectError(wrapped('ER_BAD_DB_ERROR')));
});

test('a reset connection at start is retried with backoff until the server takes it', async () => {
  let calls = 0;
  const slept: number[] = [];
  const r = await retryTransient(async () => {
    calls++;
    if (calls < 4) throw wrapped('ECONNRESET');
    return 'connected';
  }, 20_000, async (ms) => void slept.push(ms));
  assert.is(r, 'connected');
  assert.is(calls, 4);
  assert.equal(slept, [100, 200, 400]);
});

test('a refused port or bad credentials fail at once, without waiting', async () => {
  for (const code of ['ECONNREFUSED', 'ER_ACCESS_DENIED_ERROR']) {
    let calls = 0;
    const err = await retryTransient(async () => {
      calls++;
      throw wrapped(code);
    }, 20_000, async () => {}).catch((e) => e);
    assert.is(connectErrorCode(err), code);
    assert.is(calls, 1, code);
  }
});

test('the startup wait leaves room for three connection attempts: 20 s at the default 5 s, 90 s at npm test\'s 30 s', () => {
  assert.is(startupDatabaseWaitMs(5000), 20_000);
  assert.is(startupDatabaseWaitMs(30_000), 90_000);
});

test('a server that stays unable gives up after the wait with its last error', async () => {
  let calls = 0;
  const err = await retryTransient(async () => {
    calls++;
    throw wrapped('ETIMEDOUT');
  }, 250, (ms) => new Promise((r) => setTimeout(r, ms))).catch((e) => e);
  assert.is(connectErrorCode(err), 'ETIMEDOUT');
  assert.ok(calls >= 2 && calls <= 4, `tried ${calls} times`);
});

test.run();
