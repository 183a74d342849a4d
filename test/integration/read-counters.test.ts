import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitFor } from '../support/harness.js';
import { closeCounters, countRead, flushCountsToDb, pushCounts } from '../../shared/certificates/counters.js';
import { config, setConfig } from '../../shared/config.js';
import { closeDb, useDb } from '../support/db.js';
import { closeReadCache } from '../../shared/cache/read-cache.js';

/** Read counters: tallied in memory, pushed to one Redis hash, moved to MySQL by a flusher. */
const t = suite('read counters: no write per read, nothing lost while Redis is away');
const hash = () => `${config().QUEUE_PREFIX}:read-counters`;
let redis: Redis;

t.before(() => {
  useDb();
  redis = new Redis(config().REDIS_URL);
});

t.after(async () => {
  await closeCounters();
  await closeReadCache();
  await redis.del(hash());
  redis.disconnect();
  await closeDb();
});

t('reads are tallied in memory and reach Redis in one push', async () => {
  const id = randomUUID();
  for (let i = 0; i < 5; i++) countRead(id, 'verifications');
  countRead(id, 'views');
  assert.is(await redis.hget(hash(), `${id}:verifications`), null, 'nothing written per read');
  await pushCounts();
  assert.is(await redis.hget(hash(), `${id}:verifications`), '5');
  assert.is(await redis.hget(hash(), `${id}:views`), '1');
  await flushCountsToDb();
  assert.is(await redis.exists(hash()), 0, 'the flusher took the hash');
});

t('while Redis is unreachable the tally stays in memory and goes out once it is back', async () => {
  // A Redis of this test's own, started only after the first push failed.
  const port = await freePort();
  const real = config();
  await closeCounters();
  setConfig({ ...real, REDIS_URL: `redis://127.0.0.1:${port}` });
  let server: ChildProcess | undefined;
  const own = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true });
  own.on('error', () => undefined);
  try {
    const id = randomUUID();
    for (let i = 0; i < 3; i++) countRead(id, 'verifications');
    await pushCounts(); // fails: kept in memory
    countRead(id, 'verifications');
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitFor(async () => {
      await pushCounts();
      return (await own.hget(`${real.QUEUE_PREFIX}:read-counters`, `${id}:verifications`).catch(() => null)) ?? undefined;
    }, 10000, 'the tally in the Redis that came back').then((n) => assert.is(n, '4'));
  } finally {
    await closeCounters();
    own.disconnect();
    server?.kill('SIGKILL');
    setConfig(real);
  }
});

t.run();
