import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { client, logged, skillMd, startWeb, startWorker, stopAll, uuid, waitForStatus, spawnProc } from '../support/harness.js';
import { closeDb, newActorKey } from '../support/db.js';
import { startRedisCluster, type TestCluster } from '../support/redis-cluster.js';

/**
 * Redis Cluster: web and worker on a three-node cluster of the test's own, with a
 * hash-tagged QUEUE_PREFIX. A skill goes through the sandbox and council queues to a certificate,
 * and every queue key sits on the one slot of the tag.
 */
let cluster: TestCluster;
const prefix = `{certcl_${randomUUID().slice(0, 8)}}`;

test.before(logged(async () => {
  cluster = await startRedisCluster();
}));

test.after(async () => {
  await stopAll();
  await cluster?.stop();
  await closeDb();
});

test('a submission is reviewed and certified with the queues on a Redis Cluster', async () => {
  const env = { REDIS_URL: cluster.url, REDIS_CLUSTER: 'true', QUEUE_PREFIX: prefix };
  const web = await startWeb(env);
  await startWorker(env);
  const api = client(web.url, await newActorKey());
  const r = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd(), idempotencyKey: uuid() });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const detail = await waitForStatus(api, r.body.submissionId, ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED'], 60000);
  assert.is(detail.status, 'APPROVED');
  const ready = await api.get('/readyz');
  assert.is(ready.status, 200, JSON.stringify(ready.body));

  const keys = cluster.keys(`${prefix}:*`);
  for (const q of ['sandbox', 'council']) assert.ok(keys.some((k) => k.startsWith(`${prefix}:${q}:`)), `keys of queue ${q}: ${keys.slice(0, 10).join(', ')}`);
  const slots = new Set(keys.map((k) => cluster.keyslot(k)));
  assert.is(slots.size, 1, `queue keys spread over slots ${[...slots].join(', ')}`);
});

test('a prefix without a hash tag is refused on a cluster, with the variable named', async () => {
  const p = spawnProc('web-no-tag', 'services/web.js', { REDIS_URL: cluster.url, REDIS_CLUSTER: 'true', QUEUE_PREFIX: 'cert', PORT: '0' });
  const code = await new Promise<number | null>((resolve) => p.child.once('exit', resolve));
  assert.is(code, 78);
  assert.ok(p.lines.some((l) => l.includes('QUEUE_PREFIX') && l.includes('hash tag')), p.lines.join('\n'));
});

test.run();
