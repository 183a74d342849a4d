import http, { type Server } from 'node:http';
import { loadConfigOrExit, connectOrExplain, drainOnSignals, runMain } from '../shared/boot.js';
import { logger } from '../shared/log.js';
import { ConfigError } from '../shared/config.js';
import { devWallet } from '../shared/developers/dev-wallet.js';
import { installFaultPolicy } from '../shared/process-faults.js';
import { db, closeDb } from '../shared/db/connection.js';
import { closeQueues, queue, redisPing, QUEUE_NAMES } from '../shared/queues/index.js';
import { startMetricsServer, watchQueueDepth } from '../shared/metrics.js';
import { createApp } from './http/app.js';
import { clientErrorHandler } from './http/errors.js';
import { withFastPath } from './http/fast-path.js';
import { drainLongPolls } from './http/long-poll.js';
import { closeReadCache, startInvalidationListener } from '../shared/cache/read-cache.js';
import { closeCounters } from '../shared/certificates/counters.js';
import { closeSkillAnalysisPool, prestartSkillAnalysis } from '../shared/sandbox/skill-pool.js';
import { prepareSigning } from '../shared/secp256k1-sign.js';

/** The web process: validate, authenticate, store, enqueue, answer reads. Never slow work inline. */
const cfg = loadConfigOrExit();
// A development wallet configured where it must not exist stops the start (docs/developer-channel.md).
try {
  devWallet();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(78);
}
const log = logger('web');
let draining = false;

async function ready(): Promise<Record<string, boolean>> {
  const database = await db()
    .query('SELECT 1')
    .then(() => true)
    .catch(() => false);
  return { accepting: !draining, database, redis: await redisPing() };
}

async function main(): Promise<void> {
  await connectOrExplain();
  await startInvalidationListener();
  // The signer's table (submission receipts are signed here) before the process listens, not on a request's path.
  const signingTableMs = prepareSigning();
  const app = createApp({ ready });
  const server: Server = http.createServer(withFastPath(app)).listen(cfg.PORT, () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : cfg.PORT;
    log.info({ port, baseUrl: cfg.publicBaseUrl, signingTableMs }, 'web listening');
  });
  // Longer than the load balancer's idle timeout, so the balancer never reuses a socket Node just closed.
  server.keepAliveTimeout = cfg.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = cfg.HTTP_HEADERS_TIMEOUT_MS;
  server.on('clientError', clientErrorHandler);
  watchQueueDepth(() => Object.values(QUEUE_NAMES).map((n) => queue(n)));
  // The analysis thread loads its parsers now, not during the first validate.
  prestartSkillAnalysis();
  const metricsServer = cfg.METRICS_PORT ? await startMetricsServer(cfg.METRICS_PORT, cfg.METRICS_HOST, cfg.METRICS_TOKEN) : undefined;
  if (metricsServer) log.info({ port: cfg.METRICS_PORT, host: cfg.METRICS_HOST }, 'metrics listening');

  drainOnSignals('web', async () => {
    draining = true;
    // Waiting long-polls answer now with the current state (and close their connection), so the drain does not wait for them.
    drainLongPolls();
    // Stop accepting; in-flight requests finish (each stores and enqueues inside its own request).
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    metricsServer?.close();
    // After server.close: the requests that used the threads have been answered.
    await closeSkillAnalysisPool();
    await closeQueues(5000);
    await closeCounters();
    await closeReadCache();
    await closeDb();
  });
}

// Errors that escape every handler: logged and counted; the process exits only when its state is unknown.
installFaultPolicy('web');
runMain(main);
