import Bull from 'bull';
import type { RedisOptions } from 'ioredis';
import { config } from '../config.js';
import { redisConnection, type RedisConnection } from '../redis.js';

/** Queue names and payloads: the contract between web (producer) and workers (consumers). */
export const QUEUE_NAMES = { sandbox: 'sandbox', council: 'council', packages: 'packages', payouts: 'payouts', monitoring: 'monitoring', monitorRules: 'monitor-rules', monitorPackages: 'monitor-packages', webhooks: 'webhooks' } as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

export interface SandboxJob {
  submissionId: string;
}
/**
 * A worker-cast vote: `validatorKey` for one validator (the LLM validator: its own seat and lease), none for
 * every seated built-in validator of the round that has not voted yet (one job, one transaction). `keys`: the
 * built-ins seated when it was enqueued (informative; the job id is made of them).
 */
export interface VoteJob {
  roundId: string;
  validatorKey?: string;
  keys?: string[];
}
/** Pay what the ledger owes (no payload: the job drains every unpaid entry under the payout signer's lock). */
export type PayoutRunJob = Record<string, never>;
/**
 * One monitoring check (docs/monitoring.md) of one certificate for one slot: the interval number
 * (source, endpoints) or the ruleset version (rules); for advisories `initial` (the first picture of
 * a certificate no package re-check has reached yet). `dueAt` (ms) is when it was planned to run.
 */
export interface MonitorCheckJob {
  certificateId: string;
  kind: 'source' | 'endpoints' | 'rules' | 'advisories' | 'packages';
  slot: string;
  dueAt: number;
}

/** One advisory re-check of one certified package version for one slot (the interval number). */
export interface PackageAdvisoryJob {
  packageCertificateId: string;
  slot: string;
  dueAt: number;
}

/** One certified package version re-analysed under the package analysis version in force (once per version). */
export interface PackageReanalysisJob {
  packageCertificateId: string;
  analysisVersion: string;
  dueAt: number;
}

/** One delivery of one webhook event to one endpoint (shared/webhooks/store.ts). */
export interface WebhookJob {
  deliveryId: string;
}

export interface PackageAuditJob {
  registry: 'npm' | 'pypi';
  name: string;
  version: string;
}

/** Deterministic job ids: a second enqueue of the same work is dropped by Bull while the job exists. */
export const jobIds = {
  sandbox: (submissionId: string) => `sandbox-${submissionId}`,
  vote: (roundId: string, validatorKey: string) => `vote-${roundId}-${validatorKey}`,
  /**
   * The built-ins of one seating of a round: a later seating (built-ins taking seats whose leases ran out)
   * gets a job of its own even while the first one runs; the same seating enqueued twice is one job.
   */
  builtInVotes: (roundId: string, keys: readonly string[]) => `votes-${roundId}-${[...keys].sort().join('+')}`,
  /** The sandbox step again once every package is settled (a second id: the first job may still be running). */
  sandboxAfterPackages: (submissionId: string) => `sandbox-${submissionId}-packages`,
  audit: (r: PackageAuditJob) => `audit-${r.registry}-${r.name}@${r.version}`,
  /** One per certificate, kind and slot: a planner that runs twice (or on many workers) adds it once. */
  monitor: (j: Pick<MonitorCheckJob, 'certificateId' | 'kind' | 'slot'>) => `monitor-${j.kind}-${j.certificateId}-${j.slot}`,
  /** One per package certificate and slot, like `monitor`. */
  packageAdvisories: (j: Pick<PackageAdvisoryJob, 'packageCertificateId' | 'slot'>) => `monitor-pkgadv-${j.packageCertificateId}-${j.slot}`,
  /** One per package certificate and analysis version: a planner that runs twice (or on many workers) adds it once. */
  /** One per delivery row: a sweep that queues it again while it waits adds nothing. */
  webhook: (deliveryId: string) => `webhook-${deliveryId}`,
  packageReanalysis: (j: Pick<PackageReanalysisJob, 'packageCertificateId' | 'analysisVersion'>) => `monitor-pkgrules-${j.packageCertificateId}-${j.analysisVersion}`,
};

const queues = new Map<QueueName, Bull.Queue>();
let shared: { client?: RedisConnection; subscriber?: RedisConnection } = {};
const blocking: RedisConnection[] = [];

// Bull needs these on its blocking and subscriber connections (see docs/reference/field-notes.md); harmless on the client.
const REDIS_OPTIONS: RedisOptions = { maxRetriesPerRequest: null, enableReadyCheck: false };

/**
 * The client and subscriber every queue shares. Each Bull queue adds its own listeners to them (an
 * `error` listener per queue, and for a moment more while a worker registers its handler), so the
 * default warning threshold of 10 is crossed by design at worker start: the bound is raised to a few
 * per queue, still low enough to catch listeners that pile up.
 */
function sharedConnection(): RedisConnection {
  const c = redisConnection(REDIS_OPTIONS);
  c.setMaxListeners(Object.keys(QUEUE_NAMES).length * 4);
  return c;
}

/** One Bull queue per name per process, sharing one client and one subscriber connection. */
export function queue(name: QueueName): Bull.Queue {
  let q = queues.get(name);
  if (!q) {
    q = new Bull(name, {
      // A {hash tag} in the prefix keeps each queue's keys on one Redis Cluster slot (see config).
      prefix: config().QUEUE_PREFIX,
      createClient(type) {
        if (type === 'client') return (shared.client ??= sharedConnection()) as never;
        if (type === 'subscriber') return (shared.subscriber ??= sharedConnection()) as never;
        const b = redisConnection(REDIS_OPTIONS);
        blocking.push(b);
        return b as never;
      },
      settings: {
        lockDuration: config().QUEUE_LOCK_MS,
        stalledInterval: Math.max(1000, Math.floor(config().QUEUE_LOCK_MS / 2)),
        maxStalledCount: 3,
      },
      // Re-analyses after a ruleset change: one start per 60 s / MONITOR_RULES_PER_MINUTE across every
      // worker (Bull's limiter lives in Redis), evenly spaced rather than a minute's worth at once, so
      // the analysis threads never take a burst while the periodic checks wait.
      ...(name === 'monitor-rules' ? { limiter: { max: 1, duration: Math.ceil(60_000 / config().MONITOR_RULES_PER_MINUTE) } } : {}),
      // Package re-analyses after an analysis version change: one start per 60 s / MONITOR_PACKAGE_RULES_PER_MINUTE
      // across every worker, evenly spaced (each downloads an archive from the public registry).
      ...(name === 'monitor-packages' ? { limiter: { max: 1, duration: Math.ceil(60_000 / config().MONITOR_PACKAGE_RULES_PER_MINUTE) } } : {}),
      defaultJobOptions: {
        attempts: 6,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { count: 5000 },
        removeOnFail: false,
      },
    });
    queues.set(name, q);
  }
  return q;
}

/**
 * Adds the job unless it already exists; a job that failed for good is retried. Safe to call from
 * the web process after commit and from the sweeper any number of times.
 */
export async function ensureJob<T extends object>(name: QueueName, jobId: string, data: T, opts: Bull.JobOptions = {}): Promise<'added' | 'retried' | 'exists'> {
  const q = queue(name);
  // Absent or lost: added without reading it (Bull's add of a job id that exists by then adds nothing).
  if ((await removeIfLost(q, jobId)) !== 'present') {
    await q.add(data, { ...opts, jobId });
    return 'added';
  }
  const existing = await q.getJob(jobId);
  if (existing) {
    if (await existing.isFailed()) {
      await existing.retry();
      return 'retried';
    }
    if (await existing.isCompleted()) {
      // Completed but the work is still wanted (the sweeper saw a stale state): run it again.
      await existing.remove();
    } else {
      return 'exists';
    }
  }
  await q.add(data, { ...opts, jobId });
  return 'added';
}

/**
 * A job hash that no worker will ever pick up: without its `data`, or in no list or set and unlocked.
 * Bull takes a job in two steps (BRPOPLPUSH, then moveToActive): when Redis restarts empty between
 * them, moveToActive reaches the new Redis and writes a lock and `processedOn` into a fresh hash that
 * is in no list; a worker killed before finishing leaves it there. Left alone, `getJob` finds it, the
 * job counts as existing and the sweeper never re-enqueues: the submission waits forever. One
 * script, so the check and the delete see one state (a job between lists is locked or in one).
 * Answers 1 (lost, removed), 0 (there) or -1 (no such job: the caller adds it without reading it first).
 */
const REMOVE_IF_LOST = `
local job, id = KEYS[1], ARGV[1]
if redis.call('EXISTS', job) == 0 then return -1 end
local partial = redis.call('HEXISTS', job, 'data') == 0
if not partial then
  if redis.call('EXISTS', job .. ':lock') == 1 then return 0 end
  for i = 2, 4 do if redis.call('LPOS', KEYS[i], id) then return 0 end end
  for i = 5, 7 do if redis.call('ZSCORE', KEYS[i], id) then return 0 end end
end
for i = 2, 4 do redis.call('LREM', KEYS[i], 0, id) end
for i = 5, 8 do redis.call('ZREM', KEYS[i], id) end
redis.call('DEL', job, job .. ':logs', job .. ':lock')
return 1`;

async function removeIfLost(q: Bull.Queue, jobId: string): Promise<'absent' | 'removed' | 'present'> {
  const keys = [q.toKey(jobId), ...['active', 'wait', 'paused', 'delayed', 'completed', 'failed', 'priority'].map((k) => q.toKey(k))];
  const r = Number(await q.client.eval(REMOVE_IF_LOST, keys.length, ...keys, jobId));
  return r === 1 ? 'removed' : r === -1 ? 'absent' : 'present';
}

export const enqueue = {
  sandbox: (submissionId: string) => ensureJob<SandboxJob>('sandbox', jobIds.sandbox(submissionId), { submissionId }),
  /**
   * The sandbox job of a submission created a moment ago (intake, after its commit): no job can exist or
   * be lost under a fresh submission's id yet, so it is added without `ensureJob`'s check (one Redis round
   * trip and script per submission fewer). Bull's add of a job id that exists adds nothing, so a sweeper
   * that got there first is harmless.
   */
  newSandbox: async (submissionId: string) => {
    await queue('sandbox').add({ submissionId } satisfies SandboxJob, { jobId: jobIds.sandbox(submissionId) });
  },
  vote: (roundId: string, validatorKey: string) => ensureJob<VoteJob>('council', jobIds.vote(roundId, validatorKey), { roundId, validatorKey }),
  builtInVotes: (roundId: string, keys: readonly string[]) => ensureJob<VoteJob>('council', jobIds.builtInVotes(roundId, keys), { roundId, keys: [...keys].sort() }),
  sandboxAfterPackages: (submissionId: string) => ensureJob<SandboxJob>('sandbox', jobIds.sandboxAfterPackages(submissionId), { submissionId }),
  audit: (r: PackageAuditJob) => ensureJob<PackageAuditJob>('packages', jobIds.audit(r), { registry: r.registry, name: r.name, version: r.version }),
};

/** Bounded close: Bull's close() has no timeout of its own. */
export async function closeQueues(timeoutMs = 10000): Promise<void> {
  const all = [...queues.values()];
  queues.clear();
  const closing = Promise.allSettled(all.map((q) => q.close()));
  await Promise.race([closing, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  for (const c of [shared.client, shared.subscriber, ...blocking]) c?.disconnect();
  shared = {};
  blocking.length = 0;
}

export async function redisPing(): Promise<boolean> {
  const q = queue('sandbox');
  try {
    const r = await Promise.race([q.client.ping(), new Promise<string>((_, rej) => setTimeout(() => rej(new Error('timeout')), 2000).unref())]);
    return r === 'PONG';
  } catch {
    return false;
  }
}
