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

  // The submission's own job sits in the sandbox queue. Its built-in votes are cast inside that job, so
  // the council queue holds no job of it; the worker's stalled-job check writes the council queue's
  // `stalled-check` key once per interval, which is what shows where that queue lives. Read until each
  // queue has shown a key (the check key expires between checks, so one snapshot can miss it).
  let keys: string[] = [];
  const seen = new Set<string>();
  for (const until = Date.now() + 30_000; seen.size < 2 && Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    keys = [...new Set([...keys, ...cluster.keys(`${prefix}:*`)])];
    for (const q of ['sandbox', 'council']) if (keys.some((k) => k.startsWith(`${prefix}:${q}:`))) seen.add(q);
  }
  for (const q of ['sandbox', 'council']) assert.ok(seen.has(q), `keys of queue ${q}: ${keys.slice(0, 10).join(', ')}`);
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
