import express, { type Express } from 'express';
import { ApiError } from '../../shared/errors.js';
import { MAX_INPUT_NESTING, NESTING_TOO_DEEP, formatPath, pathTooDeep } from '../../shared/nesting.js';
import { config } from '../../shared/config.js';
import { certV1Router } from './routes/cert-v1.js';
import { publicRouter } from './routes/public.js';
import { discoveryRouter } from './routes/discovery.js';
import { devRouter } from './routes/dev.js';
import { devSubmitRouter } from './routes/dev-submit.js';
import { devTokensRouter } from './routes/dev-tokens.js';
import { agentRouter } from './routes/agent.js';
import { validatorRouter } from './routes/validator.js';
import { agentSkillFile } from '../content/agent-skill.js';
import { healthRouter, type ReadinessProbe } from './routes/health.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { requestLog } from './request-log.js';
import { httpMetrics, metricsRouter } from './metrics.js';
import { mountRateLimits } from './rate-limit.js';
import { publicReadHeaders } from './public-read.js';
import { pagesRouter } from '../pages/index.js';

/** JSON bodies up to 2 MiB: a 512 KiB skill file can grow when JSON-escaped. */
const BODY_LIMIT = '2mb';
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function createApp(opts: { ready: ReadinessProbe }): Express {
  const app = express();
  app.disable('x-powered-by');
  // Only the proxies the operator names may set the client address and scheme (X-Forwarded-*).
  app.set('trust proxy', config().TRUST_PROXY);
  app.use(requestLog());
  app.use(httpMetrics());
  app.use(metricsRouter(config().METRICS_TOKEN));
  mountRateLimits(app);
  app.use(
    express.json({
      limit: BODY_LIMIT,
      // body-parser would silently replace bad bytes with U+FFFD; refuse them instead.
      verify: (_req, _res, buf) => {
        try {
          utf8.decode(buf);
        } catch {
          throw new ApiError(400, 'invalid_utf8', 'The request body is not valid UTF-8');
        }
      },
    }),
  );
  // Deeply nested JSON is refused here, before any recursive code (validation, hashing) walks it.
  app.use((req, _res, next) => {
    const at = req.body && typeof req.body === 'object' ? pathTooDeep(req.body) : null;
    if (at) throw new ApiError(400, NESTING_TOO_DEEP, `The JSON body nests more than ${MAX_INPUT_NESTING} levels deep at ${formatPath(at) || 'its root'}`, formatPath(at.slice(0, 1)) || undefined);
    next();
  });
  app.use(healthRouter(opts.ready));
  // CORS, preflight and content ETags for what anyone may read without an account.
  app.use(['/api/v1/public', '/.well-known', '/cert/v1/certificates/:skillId/verify'], publicReadHeaders);
  app.use('/cert/v1', certV1Router());
  app.use('/api/v1/public', publicRouter());
  app.use('/.well-known', discoveryRouter());
  app.use('/api/v1/cert/agent', agentRouter());
  app.use('/api/v1/cert/validator', validatorRouter());
  // Token self-service is signed in with a wallet session, not a developer token: mounted first.
  app.use('/api/v1/cert/dev/tokens', devTokensRouter());
  app.use('/api/v1/cert/dev', devRouter());
  app.use('/api/v1/cert', devSubmitRouter());
  // The agent skill file, as the site serves it.
  app.get('/skill.md', (_req, res) => {
    res.type('text/markdown').send(agentSkillFile());
  });
  // HTML pages (certificate browser, developer portal, operator console) after every API route.
  app.use(pagesRouter());
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
