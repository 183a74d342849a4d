import http, { type Server } from 'node:http';
import { loadConfigOrExit, connectOrExplain, drainOnSignals, runMain } from '../shared/boot.js';
import { logger } from '../shared/log.js';
import { db, closeDb } from '../shared/db/connection.js';
import { closeQueues, redisPing } from '../shared/queues/index.js';
import { createApp } from './http/app.js';
import { clientErrorHandler } from './http/errors.js';
import { withFastPath } from './http/fast-path.js';
import { closeReadCache, startInvalidationListener } from '../shared/cache/read-cache.js';
import { closeCounters } from '../shared/certificates/counters.js';

/** The web process: validate, authenticate, store, enqueue, answer reads. Never slow work inline. */
const cfg = loadConfigOrExit();
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
  const app = createApp({ ready });
  const server: Server = http.createServer(withFastPath(app)).listen(cfg.PORT, () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : cfg.PORT;
    log.info({ port, baseUrl: cfg.publicBaseUrl }, 'web listening');
  });
  server.keepAliveTimeout = 5000;
  server.on('clientError', clientErrorHandler);

  drainOnSignals('web', async () => {
    draining = true;
    // Stop accepting; in-flight requests finish (each stores and enqueues inside its own request).
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await closeQueues(5000);
    await closeCounters();
    await closeReadCache();
    await closeDb();
  });
}

runMain(main);
