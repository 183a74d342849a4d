import { loadConfigOrExit, connectOrExplain, drainOnSignals, everyNonOverlapping, runMain } from '../shared/boot.js';
import { logger } from '../shared/log.js';
import { installFaultPolicy } from '../shared/process-faults.js';
import { closeAnalysisPool } from '../shared/packages/analysis/pool.js';
import { closeSkillAnalysisPool, prestartSkillAnalysis } from '../shared/sandbox/skill-pool.js';
import { prepareSigning } from '../shared/secp256k1-sign.js';
import { closeDb } from '../shared/db/connection.js';
import { closeQueues, queue } from '../shared/queues/index.js';
import { syncBuiltInValidators } from '../shared/council/registry.js';
import { sweep } from '../shared/submissions/sweeper.js';
import { processSandbox } from './processors/sandbox.js';
import { processVote } from './processors/council.js';
import { processPackageAudit } from './processors/packages.js';
import { processPayouts, enqueuePayoutRun } from './processors/payouts.js';
import { processWebhook } from './processors/webhooks.js';
import { sweepWebhooks } from '../shared/webhooks/store.js';
import { checkProcessor, processMonitorPlan, processPackageAdvisoryCheck, processPackageReanalysisJob } from './processors/monitoring.js';
import { schedulePlanner } from '../shared/monitoring/schedule.js';
import { onOwed } from '../shared/economy/ledger.js';
import { economyConfig } from '../shared/economy/config.js';
import { reconcilePending } from '../shared/payments/x402/index.js';
import { pruneChallenges } from '../shared/agents/auth.js';
import { scrapedGauge, startMetricsServer, watchJobs, watchQueueDepth } from '../shared/metrics.js';
import { oldestUncommittedAge } from '../shared/chain/lag.js';
import { reconcileCommitments } from '../shared/chain/reconcile.js';
import { commitBatches } from '../shared/chain/commit.js';
import { chainConfig } from '../shared/chain/config.js';
import { ChainUnavailableError } from '../shared/chain/provider.js';
import { closeCounters, flushCountsToDb } from '../shared/certificates/counters.js';
import { reconcileSearchWords } from '../shared/certificates/search.js';
import { closeReadCache, startInvalidationListener } from '../shared/cache/read-cache.js';

/** The worker process: Bull processors for every queue, plus the sweeper. Never serves HTTP. */
const cfg = loadConfigOrExit();
const log = logger('worker');

async function main(): Promise<void> {
  await connectOrExplain();
  await syncBuiltInValidators();
  // The owners' webhook endpoints, which every event reads, and the validators and categories tables are cached
  // here under their invalidations.
  await startInvalidationListener({ kinds: ['webhookEndpoints', 'validators', 'categories'] });
  if (await reconcileSearchWords()) log.warn('search vocabulary recounted: certificates had been sealed without counting their words (older code during a deploy)');
  const sandboxQ = queue('sandbox');
  const councilQ = queue('council');
  const packagesQ = queue('packages');
  const payoutsQ = queue('payouts');
  const monitorQ = queue('monitoring');
  const monitorRulesQ = queue('monitor-rules');
  const monitorPackagesQ = queue('monitor-packages');
  const webhooksQ = queue('webhooks');
  for (const q of [sandboxQ, councilQ, packagesQ, payoutsQ, monitorQ, monitorRulesQ, monitorPackagesQ, webhooksQ]) {
    watchJobs(q);
    q.on('failed', (job, err) => log.warn({ queue: q.name, jobId: job.id, attempts: job.attemptsMade, err: err.message }, 'job failed'));
    q.on('stalled', (job) => log.warn({ queue: q.name, jobId: job.id }, 'job stalled; it will run again'));
    q.on('error', (err) => log.error({ queue: q.name, err: err.message }, 'queue error'));
  }
  void sandboxQ.process(cfg.WORKER_CONCURRENCY_SANDBOX, processSandbox);
  void councilQ.process(cfg.WORKER_CONCURRENCY_COUNCIL, processVote);
  void packagesQ.process(cfg.WORKER_CONCURRENCY_PACKAGES, processPackageAudit);
  // One payout signer: one run at a time per process, and the signer's named lock across processes.
  void payoutsQ.process(1, processPayouts);
  // Signed webhooks (docs/webhooks.md): retries with backoff are the job's own attempts.
  void webhooksQ.process(cfg.WORKER_CONCURRENCY_WEBHOOKS, processWebhook);
  // Monitoring after issue (docs/monitoring.md): a repeatable planner spreads the checks over their intervals.
  if (cfg.MONITOR_ENABLED) {
    void monitorQ.process('plan', 1, processMonitorPlan);
    void monitorQ.process('check', cfg.WORKER_CONCURRENCY_MONITOR, checkProcessor('monitoring'));
    void monitorQ.process('package-advisories', cfg.WORKER_CONCURRENCY_MONITOR, processPackageAdvisoryCheck);
    void monitorRulesQ.process('check', 1, checkProcessor('monitor-rules'));
    // Package re-analyses after an analysis version change: one at a time per worker, spaced by the queue's limiter.
    void monitorPackagesQ.process('reanalyse', 1, processPackageReanalysisJob);
    await schedulePlanner();
  }
  onOwed(() => void enqueuePayoutRun());
  const payoutSweep = everyNonOverlapping(economyConfig().payoutSweepMs, () => enqueuePayoutRun());

  const sweeper = everyNonOverlapping(cfg.SWEEP_INTERVAL_MS, () =>
    sweep(cfg.SWEEP_STALE_MS)
      .then((n) => (n.sandbox || n.votes || n.seats) && log.info(n, 'sweeper re-enqueued work'))
      .then(() => pruneChallenges())
      .then(() => sweepWebhooks(cfg.SWEEP_STALE_MS))
      .then((n) => n && log.info({ webhooks: n }, 'sweeper re-enqueued webhook deliveries'))
      .catch((err) => log.warn({ err: (err as Error).message }, 'sweep failed')),
  );
  // Settlements whose outcome is unknown are resolved on chain by their authorization nonce.
  // Payments left by a dead web process are finished here (broadcast or confirmed by nonce): docs/payments-recovery.md.
  const reconciler = everyNonOverlapping(cfg.X402_RECONCILE_INTERVAL_MS, () =>
    reconcilePending()
      .then((n) => (n.settled || n.failed || n.released) && log.info(n, 'payments left by a stopped process finished'))
      .catch((err) => log.debug({ err: (err as Error).message }, 'reconcile skipped')),
  );
  // Approved certificates are committed on chain in batches under one Merkle root
  // (docs/chain-and-payments.md § Batches): each tick is two indexed counts unless a batch is due; one
  // process at a time commits (a named lock), the others skip. Needs no Redis: the pending set is in MySQL.
  const chainCfg = chainConfig();
  const batcher = everyNonOverlapping(chainCfg.batchPollMs, () =>
    commitBatches()
      .then((r) => r.batches.length && log.info({ batches: r.batches.map((b) => ({ id: b.batchId, size: b.size, status: b.status, txHash: b.txHash })) }, 'certificates committed on chain'))
      .catch((err) => {
        if (err instanceof ChainUnavailableError) return log.debug({ err: err.message }, 'batch commit deferred: chain not reachable');
        throw err;
      }),
    'on-chain batch commit',
  );
  // Recorded commitments are checked against the registry; a batch the chain lost is committed again.
  const chainReconcileMs = chainCfg.reconcileIntervalMs;
  const commitChecks = chainReconcileMs
    ? everyNonOverlapping(
        chainReconcileMs,
        () =>
          reconcileCommitments()
            .then((r) => r.repaired.length && log.warn({ checked: r.checked, repaired: r.repaired.reduce((a, x) => a + x.certificateIds.length, 0) }, 'commitments lost on chain are being committed again'))
            .catch((err) => {
              if (err instanceof ChainUnavailableError) return log.debug({ err: err.message }, 'commitment check skipped: chain not reachable');
              throw err;
            }),
        'commitment reconciliation',
      )
    : undefined;
  watchQueueDepth(() => [sandboxQ, councilQ, packagesQ, monitorQ, monitorRulesQ, monitorPackagesQ, webhooksQ]);
  scrapedGauge('cert_chain_commit_lag_seconds', 'Age of the oldest certificate not yet committed on chain (0: none waiting)', oldestUncommittedAge);
  const metricsServer = cfg.WORKER_METRICS_PORT ? await startMetricsServer(cfg.WORKER_METRICS_PORT, cfg.METRICS_HOST, cfg.METRICS_TOKEN) : undefined;
  if (metricsServer) log.info({ port: cfg.WORKER_METRICS_PORT, host: cfg.METRICS_HOST }, 'metrics listening');
  // View and verify counts gathered in Redis by the web processes go to MySQL in batches.
  const counters = everyNonOverlapping(cfg.COUNTER_FLUSH_MS, () => flushCountsToDb().catch((err) => log.warn({ err: (err as Error).message }, 'read counters not flushed; next time')));
  prestartSkillAnalysis();
  // The signer's table, before the worker says it is ready (not on the first verdict's path).
  const signingTableMs = prepareSigning();
  log.info({ signingTableMs, sandbox: cfg.WORKER_CONCURRENCY_SANDBOX, council: cfg.WORKER_CONCURRENCY_COUNCIL, packages: cfg.WORKER_CONCURRENCY_PACKAGES, analysisThreads: cfg.PACKAGE_ANALYSIS_THREADS, skillAnalysisThreads: cfg.SKILL_ANALYSIS_THREADS }, 'worker ready');

  drainOnSignals('worker', async () => {
    clearInterval(sweeper);
    clearInterval(reconciler);
    clearInterval(commitChecks);
    clearInterval(batcher);
    metricsServer?.close();
    clearInterval(counters);
    clearInterval(payoutSweep);
    // Stop taking jobs and wait for running ones; a job cut off here runs again elsewhere (at least once).
    await closeQueues(cfg.SHUTDOWN_TIMEOUT_MS - 3000);
    await closeAnalysisPool();
    await closeSkillAnalysisPool();
    await flushCountsToDb().catch(() => undefined);
    await closeCounters();
    await closeReadCache();
    await closeDb();
  });
}

// Errors that escape every handler: logged and counted; the process exits only when its state is unknown.
installFaultPolicy('worker');
runMain(main);
