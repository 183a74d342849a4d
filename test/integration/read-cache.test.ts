import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Redis } from 'ioredis';
import { Lru, cacheKey, closeReadCache, invalidate, liveCache, startInvalidationListener } from '../../shared/cache/read-cache.js';
import { config } from '../../shared/config.js';

/** The live cache's rules against the run's real Redis (its own key prefix). */
const t = suite('read cache: live state cached only under invalidation');
const key = cacheKey.certificate('0F9C4A52-1B7E-4C55-9D0B-6C3B1C2F7A10');
let loads = 0;
let value = 'v1';
let gate: Promise<void> | undefined;
const cache = liveCache<string | null>('certificate', async () => {
  loads++;
  await gate;
  return value;
});

t.after(async () => {
  await closeReadCache();
});

t('without the invalidation channel every read goes to the source', async () => {
  loads = 0;
  await cache.get(key);
  await cache.get(key);
  assert.is(loads, 2);
  assert.is(cache.peek(key), undefined);
});

t('listening: a value is served from memory, concurrent misses share one load', async () => {
  await startInvalidationListener();
  loads = 0;
  let open!: () => void;
  gate = new Promise((r) => (open = r));
  const all = Promise.all([cache.get(key), cache.get(key), cache.get(key)]);
  open();
  assert.equal(await all, ['v1', 'v1', 'v1']);
  gate = undefined;
  assert.is(await cache.get(key), 'v1');
  assert.is(cache.peek(key), 'v1');
  assert.is(loads, 1);
});

t('a change published by another process drops the entry here', async () => {
  value = 'v2';
  assert.is(await cache.get(key), 'v1', 'still cached: nothing was said');
  const other = new Redis(config().REDIS_URL);
  try {
    await other.publish(`${config().QUEUE_PREFIX}:read-cache`, JSON.stringify({ kind: 'certificate', keys: [key] }));
  } finally {
    other.disconnect();
  }
  const end = Date.now() + 2000;
  while (cache.peek(key) !== undefined && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  assert.is(await cache.get(key), 'v2');
});

t('a load overtaken by an invalidation answers its waiters but is not kept', async () => {
  invalidate.certificates([key]);
  let open!: () => void;
  gate = new Promise((r) => (open = r));
  value = 'old';
  const slow = cache.get(key);
  invalidate.certificates([key]); // the row changed while the query ran
  value = 'new';
  open();
  assert.is(await slow, 'new'); // (the stub reads `value` late; what matters is what is kept)
  gate = undefined;
  loads = 0;
  await cache.get(key);
  assert.is(loads, 1, 'the overtaken load was not kept');
});

t('a hot entry is reloaded ahead of its TTL while still served, so it never expires under reads', async () => {
  const ttl = config().READ_CACHE_TTL_MS;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // A key of its own: an invalidation published for `key` above may still come back over Redis.
  const key = cacheKey.certificate('5B3E2C1D-7A44-4F0E-8C2B-9D1E6F3A2B40');
  value = 'first';
  await cache.get(key);
  loads = 0;
  value = 'second';
  assert.is(cache.peek(key), 'first', 'young: served, not reloaded');
  assert.is(loads, 0);
  await sleep(ttl * 0.5 + 20);
  assert.is(cache.peek(key), 'first', 'in its second half: still served while the reload runs');
  assert.is(cache.peek(key), 'first');
  assert.is(loads, 1, 'one reload for concurrent readers');
  await sleep(20);
  assert.is(cache.peek(key), 'second', 'the reload replaced the entry');
  await sleep(ttl * 0.5 + 20);
  assert.ok(cache.peek(key) !== undefined, 'past the first load\'s TTL the key is still cached');
  invalidate.certificates([key]);
  assert.is(cache.peek(key), undefined, 'an invalidation still drops it at once');
});

t('new read counts (a soft invalidation) reload the entry in the background; it is served meanwhile, here and in other processes', async () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const key = cacheKey.certificate('8D2F4B6A-3C1E-4A9B-B7D5-1E0F2A3B4C50');
  value = 'counted-1';
  await cache.get(key);
  loads = 0;
  value = 'counted-2';
  invalidate.counts([key]);
  assert.is(cache.peek(key), 'counted-1', 'still served: a count is not a reason to leave the fast path');
  assert.is(loads, 1, 'the read started a reload');
  await sleep(20);
  assert.is(cache.peek(key), 'counted-2', 'the reload replaced the entry');
  // The same message from another process (the worker that flushed the counts).
  loads = 0;
  value = 'counted-3';
  const other = new Redis(config().REDIS_URL);
  try {
    await other.publish(`${config().QUEUE_PREFIX}:read-cache`, JSON.stringify({ kind: 'certificate', keys: [key], soft: true }));
  } finally {
    other.disconnect();
  }
  const end = Date.now() + 2000;
  while (cache.peek(key) !== 'counted-3' && Date.now() < end) {
    assert.ok(cache.peek(key) !== undefined, 'never dropped');
    await sleep(5);
  }
  assert.is(cache.peek(key), 'counted-3');
});

t('counts written while a reload runs: the reload\'s (older) value is kept but reloaded again at the next read', async () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // A loader that reads its row when it starts (as a query does), then waits.
  let row = 'c1';
  let wait: Promise<void> | undefined;
  const early = liveCache<string>('certificate', async () => {
    const v = row;
    await wait;
    return v;
  });
  const key = cacheKey.certificate('2A7C9E1B-4D3F-4B8A-9C6D-7E5F1A2B3C60');
  await early.get(key);
  let open!: () => void;
  wait = new Promise((r) => (open = r));
  // The cache's own step (what a soft message does here), without the message's echo over Redis.
  early.refresh(key);
  assert.is(early.peek(key), 'c1', 'served; a reload starts and reads the row now');
  row = 'c2';
  early.refresh(key); // the next flush commits while that reload still runs
  open();
  await sleep(5);
  assert.is(early.peek(key), 'c1', 'the reload\'s value is kept (it is still the newest read)');
  await sleep(5);
  assert.is(early.peek(key), 'c2', 'but it was due again: the next read reloaded it');
});

t('the LRU forgets the least recently used entry beyond its bound', () => {
  const lru = new Lru<string, number>(2);
  lru.set('a', 1);
  lru.set('b', 2);
  lru.get('a');
  lru.set('c', 3);
  assert.is(lru.get('b'), undefined);
  assert.is(lru.get('a'), 1);
  assert.is(lru.get('c'), 3);
  assert.is(lru.size, 2);
});

t('reading the newest entry again (no reordering) keeps the least recently used order', () => {
  const lru = new Lru<string, number>(2);
  lru.set('a', 1);
  lru.set('b', 2);
  lru.get('b');
  lru.get('a');
  lru.get('a');
  lru.set('c', 3);
  assert.is(lru.get('b'), undefined, 'b was the least recently used');
  lru.delete('c');
  lru.get('a');
  lru.set('d', 4);
  lru.set('e', 5);
  assert.is(lru.get('a'), undefined, 'a was read before d and e were added');
  assert.is(lru.get('d'), 4);
  assert.is(lru.get('e'), 5);
});

t.run();
