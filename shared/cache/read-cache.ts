import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Transaction } from 'sequelize';
import { config } from '../config.js';
import { logger } from '../log.js';

/**
 * The one owner of read-cache invalidation.
 *
 * - Sealed records never change: `sealedCache` keeps them without expiry, bounded by an LRU.
 * - Live state (certificate status, flags, on-chain state; package certificates) may be cached only
 *   while this process listens to the invalidation channel (Redis pub/sub): every writer calls
 *   `invalidate()` after its commit, every web process drops the entry at once. Pub/sub delivers at
 *   most once, so a short TTL (`READ_CACHE_TTL_MS`) bounds what a lost message can cost. While the
 *   subscription is down (Redis away, process not listening: workers, the CLI) live caches are
 *   bypassed and every read goes to MySQL; on resubscribing everything cached is dropped, since
 *   messages may have been missed meanwhile.
 */

/**
 * `apiKey` and `actor`: who a bearer key is (shared/actors/api-keys.ts); `webhookEndpoints`: an owner's
 * webhook endpoints, read by every state change that raises an event (shared/webhooks/store.ts, web and
 * worker); `validators` and `categories`: those two tables whole, read by every verdict and every submission
 * (shared/db/reference-rows.ts, web and worker); `badKeyAddress`: no cache, client addresses that sent an
 * unknown bearer key, announced to every web process (services/http/rate-limit.ts); the others are public reads.
 */
export type CacheKind = 'certificate' | 'package' | 'submission' | 'apiKey' | 'actor' | 'webhookEndpoints' | 'validators' | 'categories' | 'badKeyAddress';

/**
 * Kinds whose invalidations go on their own channel: a process that caches only these (the worker) is not
 * woken by the status and certificate invalidations every verdict publishes.
 */
const OWN_CHANNEL: readonly CacheKind[] = ['webhookEndpoints', 'validators', 'categories'];

/** A Map that forgets its least recently used entry beyond `max` (a Map iterates in insertion order). */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  /** The most recently used key: a hot key read again needs no reordering (the common case on a hot read). */
  private newest: K | undefined;
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined && key !== this.newest) {
      this.map.delete(key);
      this.map.set(key, v);
      this.newest = key;
    }
    return v;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    this.newest = key;
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  delete(key: K): void {
    this.map.delete(key);
    if (key === this.newest) this.newest = undefined;
  }
  clear(): void {
    this.map.clear();
    this.newest = undefined;
  }
  get size(): number {
    return this.map.size;
  }
}

let listening = false;
/** The kinds this process caches while listening (null: every kind; web processes). */
let listenKinds: ReadonlySet<CacheKind> | null = null;
const listensTo = (kind: CacheKind) => listening && (listenKinds === null || listenKinds.has(kind));
/** Whether this process hears every message of `kind` now (else what it keeps of that kind may be stale). */
export const hearsInvalidations = (kind: CacheKind) => listensTo(kind);
const caches = new Map<CacheKind, Set<LiveCache<unknown>>>();
const allCaches = () => [...caches.values()].flatMap((set) => [...set]);

interface Entry<V> {
  value: V;
  at: number;
  /** What loaded it: a read in the entry's second half-life reloads it with this (refresh ahead). */
  load: () => Promise<V>;
}

/**
 * A live entry read after this share of READ_CACHE_TTL_MS is reloaded in the background while it is
 * still served: a hot key never expires under load, so its readers never all fall to MySQL (and to
 * Express, off the fast path) at once every TTL. The TTL itself still bounds how old a served value is.
 */
const REFRESH_AHEAD = 0.5;

/**
 * Live values with single-flight loading: concurrent misses share one query. A load that an
 * invalidation overtook still answers the requests that were waiting for it, but is not kept.
 */
export interface LiveCacheOptions {
  /** How long an entry may be served when its invalidation is lost (default READ_CACHE_TTL_MS). */
  ttlMs?: () => number;
  /** Reload an entry read in its TTL's second half (default true; see REFRESH_AHEAD). */
  refreshAhead?: boolean;
}

export class LiveCache<V> {
  // Created on first use: configuration is read after the modules load.
  private lru?: Lru<string, Entry<V>>;
  private readonly inflight = new Map<string, Promise<V>>();
  /** Keys refreshed while a load was running: that load may have read the row before the change. */
  private readonly refreshedDuringLoad = new Set<string>();

  constructor(
    private readonly loader?: (key: string) => Promise<V>,
    private readonly options: LiveCacheOptions = {},
    private readonly kind?: CacheKind,
  ) {}

  private get listening(): boolean {
    return this.kind ? listensTo(this.kind) : listening;
  }

  private ttl(): number {
    return this.options.ttlMs ? this.options.ttlMs() : config().READ_CACHE_TTL_MS;
  }

  private get entries(): Lru<string, Entry<V>> {
    return (this.lru ??= new Lru(config().READ_CACHE_MAX_ENTRIES));
  }

  /** The cached value when fresh, else undefined (for the synchronous fast path). */
  peek(key: string): V | undefined {
    return this.listening ? this.fresh(key) : undefined;
  }

  /**
   * `load` overrides the cache's own loader for this miss (a key that does not carry everything the query
   * needs, or a read in the caller's transaction); the entry reloads later with the cache's own loader
   * when it has one (a transaction is over by then).
   */
  async get(key: string, load?: () => Promise<V>): Promise<V> {
    const own = this.loader ? () => this.loader!(key) : undefined;
    const run = load ?? own!;
    if (!this.listening) return run();
    const hit = this.fresh(key);
    if (hit !== undefined) return hit;
    return this.inflight.get(key) ?? this.load(key, run, own ?? run);
  }

  /**
   * Caches `value` for a key nobody has read or is reading (a record this process created a moment ago, so
   * that its first read needs no query). Only while listening, like every entry: the next invalidation drops it.
   */
  prime(key: string, value: V): void {
    if (!this.listening || !this.loader || this.inflight.has(key) || this.entries.get(key) !== undefined) return;
    this.entries.set(key, { value, at: Date.now(), load: () => this.loader!(key) });
  }

  /** The entry's value while within the TTL (reloading it ahead in its second half), else undefined. */
  private fresh(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const age = Date.now() - e.at;
    const ttl = this.ttl();
    if (age >= ttl) return undefined;
    if (this.options.refreshAhead !== false && age >= ttl * REFRESH_AHEAD && !this.inflight.has(key)) {
      // A failed reload leaves the entry to expire at its TTL; the next read after that tries again.
      this.load(key, e.load).catch(() => undefined);
    }
    return e.value;
  }

  /** One load per key at a time; its value is kept unless an invalidation overtook it. `reload`: what reloads it later. */
  private load(key: string, run: () => Promise<V>, reload: () => Promise<V> = run): Promise<V> {
    const at = Date.now();
    const p: Promise<V> = run().then(
      (value) => {
        if (this.inflight.get(key) === p) {
          this.inflight.delete(key);
          // Age counts from the query's start: the row may have changed while it ran. Refreshed meanwhile:
          // kept, but due for another reload at its next read.
          const due = this.refreshedDuringLoad.delete(key) ? at - this.refreshAge() : at;
          if (this.listening && value !== null && value !== undefined) this.entries.set(key, { value, at: due, load: reload });
          else this.entries.delete(key);
        }
        return value;
      },
      (err: unknown) => {
        if (this.inflight.get(key) === p) {
          this.inflight.delete(key);
          this.refreshedDuringLoad.delete(key);
        }
        throw err;
      },
    );
    this.inflight.set(key, p);
    return p;
  }

  drop(key: string): void {
    this.entries.delete(key);
    this.inflight.delete(key);
    this.refreshedDuringLoad.delete(key);
  }

  /**
   * Marks an entry for reloading without dropping it: the next read still gets it and reloads it in the
   * background (as in the TTL's second half). For changes a reader may see a moment late (read counts),
   * where a drop would send every reader of a hot key to MySQL at once.
   */
  refresh(key: string): void {
    const e = this.entries.get(key);
    if (e) e.at = Math.min(e.at, Date.now() - this.refreshAge());
    if (this.inflight.has(key)) this.refreshedDuringLoad.add(key);
  }

  /** How old an entry is when its reads start reloading it. */
  private refreshAge(): number {
    return Math.ceil(this.ttl() * REFRESH_AHEAD);
  }

  clear(): void {
    this.entries.clear();
    this.inflight.clear();
    this.refreshedDuringLoad.clear();
  }
}

/** One live cache per kind per process; `load` answers null for "not there" (never cached). */
export function liveCache<V>(kind: CacheKind, load?: (key: string) => Promise<V>, options?: LiveCacheOptions): LiveCache<V> {
  const c = new LiveCache<V>(load, options, kind);
  if (!caches.has(kind)) caches.set(kind, new Set());
  caches.get(kind)!.add(c as LiveCache<unknown>);
  return c;
}

/** Immutable values (sealed records): no expiry, no invalidation, bounded memory. */
export function sealedCache<V>(): { get(key: string, load: () => Promise<V | null>): Promise<V | null>; peek(key: string): V | undefined } {
  let created: Lru<string, V> | undefined;
  const lru = () => (created ??= new Lru<string, V>(config().READ_CACHE_MAX_ENTRIES));
  const inflight = new Map<string, Promise<V | null>>();
  return {
    peek: (key) => lru().get(key),
    async get(key, load) {
      const hit = lru().get(key);
      if (hit !== undefined) return hit;
      let p = inflight.get(key);
      if (!p) {
        p = load()
          .then((v) => {
            if (v !== null) lru().set(key, v);
            return v;
          })
          .finally(() => inflight.delete(key));
        inflight.set(key, p);
      }
      return p;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Rendered bodies: serialised once per cached value, with a weak ETag over the serialised form.

export interface Rendered {
  json: string;
  /** `json` without its last character (an object's closing brace), for answers that append members. */
  open: string;
  /** Whether `json` is ASCII: then it is sent as latin1, which Node copies instead of encoding. */
  ascii: boolean;
  /** UTF-8 length of `json`. */
  bytes: number;
  etag: string;
}

const renderedOf = new WeakMap<object, Map<string, Rendered>>();

export function etagOf(json: string): string {
  return `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 27)}"`;
}

/** JSON and ETag of `build()`, memoised on `owner` (a cached value: a new value renders anew). */
export function renderOnce(owner: object, name: string, build: () => unknown): Rendered {
  let m = renderedOf.get(owner);
  if (!m) renderedOf.set(owner, (m = new Map()));
  let r = m.get(name);
  if (!r) {
    const json = JSON.stringify(build());
    const bytes = Buffer.byteLength(json);
    m.set(name, (r = { json, open: json.slice(0, -1), ascii: bytes === json.length, bytes, etag: etagOf(json) }));
  }
  return r;
}

// ---------------------------------------------------------------------------------------------------
// Invalidation over Redis pub/sub

const channel = () => `${config().QUEUE_PREFIX}:read-cache`;
const channelOf = (kind: CacheKind) => (OWN_CHANNEL.includes(kind) ? `${channel()}:${kind}` : channel());
let publisher: Redis | undefined;
let subscriber: Redis | undefined;
const pending = new Set<Promise<unknown>>();

/**
 * Told of every invalidation this process applies: the keys dropped (or, `soft`, marked for reloading),
 * or null when every cache was cleared (the channel lost or regained, an unreadable message). Long-polls
 * wake on these (services/http/long-poll.ts) and dependent caches follow them.
 */
export type InvalidationListener = (keys: string[] | null, soft: boolean) => void;
const listeners = new Map<CacheKind, Set<InvalidationListener>>();

export function onInvalidation(kind: CacheKind, listener: InvalidationListener): () => void {
  if (!listeners.has(kind)) listeners.set(kind, new Set());
  listeners.get(kind)!.add(listener);
  return () => listeners.get(kind)?.delete(listener);
}

/** Invalidations this process has applied, per kind (any key): see `invalidationsSeen`. */
const seen = new Map<CacheKind, number>();

/**
 * How many invalidations of `kind` this process has applied so far. A reader that will wait for the next
 * one takes this before it reads: if it moved by the time the reader starts waiting, an invalidation may
 * have arrived between its read and its wait (a load it shared was overtaken), so it looks again first.
 */
export const invalidationsSeen = (kind: CacheKind) => seen.get(kind) ?? 0;

function tell(kind: CacheKind, keys: string[] | null, soft: boolean): void {
  seen.set(kind, (seen.get(kind) ?? 0) + 1);
  for (const l of listeners.get(kind) ?? []) {
    try {
      l(keys, soft);
    } catch (err) {
      logger('read-cache').warn({ kind, err: (err as Error).message }, 'invalidation listener failed');
    }
  }
}

function clearAll(): void {
  for (const c of allCaches()) c.clear();
  for (const kind of new Set([...listeners.keys(), ...caches.keys()])) tell(kind, null, false);
}

/** Drops (or, `soft`, marks for reloading) keys in this process only: for caches derived from another kind's keys. */
export function dropLocal(kind: CacheKind, keys: string[], soft = false): void {
  for (const c of caches.get(kind) ?? []) for (const k of keys) soft ? c.refresh(k) : c.drop(k);
  tell(kind, keys, soft);
}

let idle: NodeJS.Timeout | undefined;

/** `soft`: reload in the background rather than drop (see LiveCache.refresh). */
function publish(kind: CacheKind, keys: string[], soft = false): void {
  dropLocal(kind, keys, soft);
  if (!publisher) {
    publisher = new Redis(config().REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 3000 });
    publisher.on('error', () => undefined); // a failed publish is logged below; ioredis reconnects by itself
  }
  const p = publisher!
    .publish(channelOf(kind), JSON.stringify(soft ? { kind, keys, soft } : { kind, keys }))
    .catch((err: Error) => logger('read-cache').warn({ kind, keys, err: err.message }, `invalidation not published; caches catch up within ${config().READ_CACHE_TTL_MS} ms`))
    .finally(() => {
      pending.delete(p);
      // Writers are mostly workers and one-shot commands: an idle connection must not keep a process alive.
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => {
        if (pending.size === 0) {
          publisher?.disconnect();
          publisher = undefined;
        }
      }, 1000).unref();
    });
  pending.add(p);
}

/**
 * Waits (bounded) until the invalidations published so far have reached Redis, which hands them to every
 * subscriber as it executes them: a writer that answers after this (a webhook endpoint created) has told
 * every listening process before its client can cause anything that reads the cache.
 */
export async function invalidationsSent(timeoutMs = 2000): Promise<void> {
  if (pending.size === 0) return;
  await Promise.race([Promise.allSettled([...pending]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
}

/** The cache key of each kind: the readers and `invalidate` build keys here only. */
export const cacheKey = {
  certificate: (certificateId: string) => certificateId.toLowerCase(),
  package: (ref: { registry: string; name: string; version: string }) => `${ref.registry}:${ref.name}@${ref.version}`,
  submission: (submissionId: string) => submissionId.toLowerCase(),
  /** An API key by the SHA-256 of its secret (the secret itself is never a key here). */
  apiKey: (keyHash: string) => keyHash.toLowerCase(),
  actor: (actorId: string) => actorId.toLowerCase(),
  webhookEndpoints: (owner: string) => owner.toLowerCase(),
  /** A whole table (validators, categories): one entry. */
  table: () => 'all',
};

/** Keys a transaction will invalidate on commit, by kind (and softness): one message each, however many writes. */
const afterCommitOf = new WeakMap<Transaction, Map<string, Set<string>>>();

function schedule(kind: CacheKind, keys: string[], t?: Transaction | null, soft = false): void {
  if (keys.length === 0) return;
  if (!t) {
    publish(kind, keys, soft);
    return;
  }
  // After the commit: a reader that reloaded before it would cache the old row again.
  let byKind = afterCommitOf.get(t);
  if (!byKind) afterCommitOf.set(t, (byKind = new Map()));
  const slot = `${kind}:${soft}`;
  const queued = byKind.get(slot);
  if (queued) {
    for (const k of keys) queued.add(k);
    return;
  }
  const set = new Set(keys);
  byKind.set(slot, set);
  t.afterCommit(() => {
    const hold = holdOf.get(t);
    if (hold) hold.add(kind, [...set], soft);
    else publish(kind, [...set], soft);
  });
}

/**
 * Invalidations of several transactions published together, one message per kind, once the hold is
 * released: for one job that commits two transactions back to back (the sandbox step, then the round's
 * built-in votes), so that readers and long-polls are told once, of the later state, instead of reloading
 * the intermediate one a few milliseconds before it moves on. What a reader may serve meanwhile is what it
 * may serve between any commit and its message; a hold is released in a `finally` (a lost one, the process
 * killed, costs what a lost message costs: READ_CACHE_TTL_MS, the long-poll's timeout).
 */
export interface InvalidationHold {
  /** `t`'s invalidations (at its commit) go to this hold instead of out at once. */
  bind(t: Transaction): void;
  /** Publishes what was held; later commits of bound transactions publish at once. */
  release(): void;
}

interface HoldImpl {
  add(kind: CacheKind, keys: string[], soft: boolean): void;
}
const holdOf = new WeakMap<Transaction, HoldImpl>();

export function holdInvalidations(): InvalidationHold {
  const held = new Map<string, { kind: CacheKind; soft: boolean; keys: Set<string> }>();
  let released = false;
  const impl: HoldImpl = {
    add(kind, keys, soft) {
      if (released) return publish(kind, keys, soft);
      const slot = `${kind}:${soft}`;
      const h = held.get(slot);
      if (h) for (const k of keys) h.keys.add(k);
      else held.set(slot, { kind, soft, keys: new Set(keys) });
    },
  };
  return {
    bind: (t) => void holdOf.set(t, impl),
    release() {
      if (released) return;
      released = true;
      for (const h of held.values()) publish(h.kind, [...h.keys], h.soft);
      held.clear();
    },
  };
}

/** Every write that changes what a public read shows calls one of these (with its transaction, if any). */
export const invalidate = {
  certificates: (certificateIds: string[], t?: Transaction | null) => schedule('certificate', certificateIds.map(cacheKey.certificate), t),
  package: (ref: { registry: string; name: string; version: string }, t?: Transaction | null) => schedule('package', [cacheKey.package(ref)], t),
  /**
   * Anything a submission's owner view shows changed: its status, a vote or round outcome, its packages,
   * a dispute. (Its certificate's status and on-chain state follow `certificates`.) Also wakes the
   * submission's long-polls on every web process.
   */
  submissions: (submissionIds: string[], t?: Transaction | null) => schedule('submission', [...new Set(submissionIds)].map(cacheKey.submission), t),
  /**
   * New read counts (live-status shows them): every process reloads these certificates' live state in
   * the background and serves the cached one meanwhile, so a hot certificate never leaves the fast path
   * for a count. Never for a change of status or flags: those drop the entry.
   */
  counts: (certificateIds: string[]) => schedule('certificate', certificateIds.map(cacheKey.certificate), null, true),
  /** Keys revoked: every web process stops accepting them at once. */
  apiKeys: (keyHashes: string[], t?: Transaction | null) => schedule('apiKey', keyHashes.map(cacheKey.apiKey), t),
  /** An actor (de)activated: every web process sees its new state on the next request. */
  actors: (actorIds: string[], t?: Transaction | null) => schedule('actor', actorIds.map(cacheKey.actor), t),
  /** An owner's webhook endpoints created or deleted: every process reads them anew for its next event. */
  webhookEndpoints: (owners: string[], t?: Transaction | null) => schedule('webhookEndpoints', owners.map(cacheKey.webhookEndpoints), t),
  /** A validator created or changed (registered, admitted, suspended, synced): every process reads the table anew. */
  validators: (t?: Transaction | null) => schedule('validators', [cacheKey.table()], t),
  /** A category created or changed (its price, whether it is active). */
  categories: (t?: Transaction | null) => schedule('categories', [cacheKey.table()], t),
  /** Client addresses that sent an unknown bearer key: every web process checks their count from now on. */
  badKeyAddresses: (addresses: string[]) => schedule('badKeyAddress', addresses, null),
};

/**
 * Subscribes to invalidations; live caches serve only while this subscription stands. Web processes
 * listen to every kind; `kinds` limits a process (the worker) to the caches it uses, on their channels.
 */
export async function startInvalidationListener(opts: { kinds?: CacheKind[] } = {}): Promise<void> {
  if (subscriber) return;
  const log = logger('read-cache');
  listenKinds = opts.kinds ? new Set(opts.kinds) : null;
  const channels = [...new Set(opts.kinds ? opts.kinds.map(channelOf) : [channel(), ...OWN_CHANNEL.map(channelOf)])];
  const sub = (subscriber = new Redis(config().REDIS_URL, { maxRetriesPerRequest: null, autoResubscribe: false }));
  const off = () => {
    if (listening) log.warn('invalidation channel lost: live caches bypassed until it is back');
    listening = false;
    clearAll();
  };
  sub.on('close', off);
  sub.on('error', () => undefined); // 'close' follows; ioredis reconnects by itself
  sub.on('ready', () => {
    sub.subscribe(...channels).then(
      () => {
        // Messages sent while we were away are lost: start from nothing.
        listening = true;
        clearAll();
      },
      (err: Error) => log.warn({ err: err.message }, 'could not subscribe to the invalidation channel'),
    );
  });
  sub.on('message', (ch: string, message: string) => {
    if (!channels.includes(ch)) return;
    try {
      const m = JSON.parse(message) as { kind: CacheKind; keys: string[]; soft?: boolean };
      dropLocal(m.kind, m.keys, m.soft === true);
    } catch {
      // Unreadable: drop everything rather than risk a stale answer.
      clearAll();
    }
  });
  // Redis away: start anyway, reading through until the subscription stands.
  for (const end = Date.now() + 3000; !listening && Date.now() < end; ) await new Promise((r) => setTimeout(r, 10));
}

/** Waits (bounded) for invalidations still being published, then closes the connections. */
export async function closeReadCache(timeoutMs = 2000): Promise<void> {
  await Promise.race([Promise.allSettled([...pending]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  listening = false;
  for (const c of allCaches()) c.clear();
  publisher?.disconnect();
  subscriber?.disconnect();
  publisher = subscriber = undefined;
}
