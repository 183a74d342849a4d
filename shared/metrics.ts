import http from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type Bull from 'bull';
import { ApiError } from './errors.js';
import { CellCounter, CellHistogram } from './metric-cells.js';

/**
 * Prometheus metrics of one process (prom-client). Web and worker each expose their own registry:
 * on a port of their own (METRICS_PORT, WORKER_METRICS_PORT) and/or, for web, at /metrics on the
 * public port behind METRICS_TOKEN. Other code increments the instruments exported here.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'cert_' });

const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

export const metrics = {
  /**
   * Labelled by route pattern (`/api/v1/public/certificates/:skillId/verify`), never the raw URL.
   * Cells (metric-cells.ts): every request observes it, the hot reads with a label set bound once.
   */
  httpRequests: new CellHistogram('cert_http_request_duration_seconds', 'HTTP request latency by method, route pattern and status', ['method', 'route', 'status'], LATENCY_BUCKETS, registry),
  jobs: new Counter({ name: 'cert_jobs_total', help: 'Jobs finished by this process, by queue and outcome (completed, failed, stalled)', labelNames: ['queue', 'outcome'] as const, registers: [registry] }),
  jobDuration: new Histogram({ name: 'cert_job_duration_seconds', help: 'Time a job ran, by queue and outcome', labelNames: ['queue', 'outcome'] as const, buckets: JOB_BUCKETS, registers: [registry] }),
  jobWait: new Histogram({ name: 'cert_job_wait_seconds', help: 'Time from enqueue (or retry) to start, by queue', labelNames: ['queue'] as const, buckets: JOB_BUCKETS, registers: [registry] }),
  /** For the verify read path: `metrics.verifyCache.cell({ result: 'hit' | 'miss' })`, held, then `.inc()`. */
  verifyCache: new CellCounter('cert_verify_cache_total', 'Verify lookups answered from the in-process cache (hit) or not (miss)', ['result'], registry),
  /** Long-polls on submissions (services/http/long-poll.ts): waiting now, and how each ended. */
  longPollWaiters: new Gauge({ name: 'cert_long_polls_waiting', help: 'Submission long-polls (?waitSeconds=) this web process holds now', registers: [registry] }),
  longPolls: new Counter({ name: 'cert_long_polls_total', help: 'Submission long-polls ended, by end (changed, timeout, gone, draining)', labelNames: ['end'] as const, registers: [registry] }),
  paymentSettlements: new Counter({
    name: 'cert_payment_settlements_total',
    help: 'x402 settlements attempted by this process, by outcome (settled, failed, unknown, error)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  paymentReconciliations: new Counter({ name: 'cert_payment_reconciliations_total', help: 'SETTLING payments resolved from the chain, by outcome', labelNames: ['outcome'] as const, registers: [registry] }),
  paymentRecoveries: new Counter({
    name: 'cert_payment_recoveries_total',
    help: 'Payments left unsettled by a dead process and finished by another (docs/payments-recovery.md), by where (retry, reconciler) and outcome (broadcast, settled, failed, pending, released)',
    labelNames: ['where', 'outcome'] as const,
    registers: [registry],
  }),
  chainCommitDelay: new Histogram({ name: 'cert_chain_commit_delay_seconds', help: 'Time from sealing a certificate to recording its on-chain commitment', buckets: JOB_BUCKETS, registers: [registry] }),
  processFaults: new Counter({
    name: 'cert_process_faults_total',
    help: 'Errors that escaped every handler and reached the last-resort policy (shared/process-faults.ts), by kind and decision (continue, exit)',
    labelNames: ['kind', 'decision'] as const,
    registers: [registry],
  }),
  chainCommitsRepaired: new Counter({
    name: 'cert_chain_commits_repaired_total',
    help: 'Recorded on-chain commitments found missing or changed on chain by the reconciliation, by reason (commitment_missing, tx_missing)',
    labelNames: ['reason'] as const,
    registers: [registry],
  }),
  rateLimited: new Counter({ name: 'cert_rate_limited_total', help: 'Requests answered 429, by limit', labelNames: ['limit'] as const, registers: [registry] }),
  /** Analyses stopped by their thread's limit (time budget or heap cap), by pool (skill-analysis, archive-analysis). */
  /** Monitoring after issue (docs/monitoring.md), by check kind (source, endpoints, rules, advisories, packages; package-advisories and package-rules for the per-package jobs). */
  monitoringChecks: new Counter({ name: 'cert_monitoring_checks_total', help: 'Monitoring checks recorded by this process, by kind and outcome (UNCHANGED, CHANGED, UP, DOWN, …; skipped: the slot was already done or the certificate is not APPROVED)', labelNames: ['kind', 'outcome'] as const, registers: [registry] }),
  monitoringFailures: new Counter({ name: 'cert_monitoring_failures_total', help: 'Monitoring checks that could not run (an error of ours: database, analysis thread), by kind; the job is retried', labelNames: ['kind'] as const, registers: [registry] }),
  monitoringLag: new Histogram({ name: 'cert_monitoring_lag_seconds', help: 'How late a monitoring check started behind its planned time, by kind', labelNames: ['kind'] as const, buckets: JOB_BUCKETS, registers: [registry] }),
  analysisCutoffs: new Counter({ name: 'cert_analysis_cutoffs_total', help: 'Analyses cut off at their time budget or heap cap, by pool and limit', labelNames: ['pool', 'limit'] as const, registers: [registry] }),
};

/** Queue depth per state, read from Redis when scraped (the same numbers from any process). */
export function watchQueueDepth(queues: () => Bull.Queue[]): void {
  if (registry.getSingleMetric('cert_queue_jobs')) return;
  new Gauge({
    name: 'cert_queue_jobs',
    help: 'Jobs in each queue by state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await Promise.all(
        queues().map(async (q) => {
          const counts = await q.getJobCounts().catch(() => null);
          if (!counts) return;
          for (const [state, n] of Object.entries(counts)) this.set({ queue: q.name, state }, Number(n));
        }),
      );
    },
  });
}

/** Job outcomes and timings of the jobs this process runs (Bull's local events). */
export function watchJobs(q: Bull.Queue): void {
  const timing = (job: Bull.Job, outcome: string) => {
    metrics.jobs.inc({ queue: q.name, outcome });
    if (job.processedOn && job.finishedOn) metrics.jobDuration.observe({ queue: q.name, outcome }, (job.finishedOn - job.processedOn) / 1000);
  };
  q.on('active', (job) => {
    if (job.timestamp) metrics.jobWait.observe({ queue: q.name }, Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp) / 1000);
  });
  q.on('completed', (job) => timing(job, 'completed'));
  q.on('failed', (job) => timing(job, 'failed'));
  q.on('stalled', () => metrics.jobs.inc({ queue: q.name, outcome: 'stalled' }));
}

/** A gauge whose value is computed when scraped (`collect` returns the value or undefined to skip). */
export function scrapedGauge(name: string, help: string, collect: () => Promise<number | undefined>): void {
  if (registry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const v = await collect().catch(() => undefined);
      if (v !== undefined) this.set(v);
    },
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Checks `Authorization: Bearer <METRICS_TOKEN>`; throws the error shape's 401 otherwise. */
export function checkMetricsToken(authorization: string | undefined, token: string): void {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) throw new ApiError(401, 'missing_metrics_token', 'Send the operator metrics token as Authorization: Bearer <METRICS_TOKEN>');
  if (!timingSafeEqual(digest(m[1]!), digest(token))) throw new ApiError(401, 'invalid_metrics_token', 'The metrics token is not valid');
}

/** A bare HTTP listener serving GET /metrics (and nothing else) on a port of its own. */
export function startMetricsServer(port: number, host: string, token: string | undefined): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json; charset=utf-8') => res.writeHead(status, { 'content-type': type }).end(body);
    void (async () => {
      try {
        if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://x').pathname !== '/metrics') throw new ApiError(404, 'route_not_found', `No route for ${req.method} ${req.url}`);
        if (token) checkMetricsToken(req.headers.authorization, token);
        send(200, await registry.metrics(), registry.contentType);
      } catch (err) {
        const e = err instanceof ApiError ? err : new ApiError(500, 'internal_error', 'Internal error; the request was not completed');
        send(e.status, JSON.stringify(e.toBody()));
      }
    })();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
