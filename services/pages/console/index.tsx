import express, { Router } from 'express';
import { AuditLog, Dispute, Flag, Submission } from '../../../shared/db/models.js';
import { config } from '../../../shared/config.js';
import { logger } from '../../../shared/log.js';
import { checkOperatorSecret, endSession, startSession } from '../../../shared/operators/accounts.js';
import { sendPage } from '../render.js';
import { checkLoginCsrf, clearSessionCookie, loginCsrf, loginLimits, requireCsrf, requireOperator, safeNext, sessionOf, setSessionCookie } from './auth.js';
import { escalationsRouter } from './escalations.js';
import { flagsRouter } from './flags.js';
import { disputesRouter } from './disputes.js';
import { packagesRouter } from './packages.js';
import { queuesBoard } from './queues.js';
import { AuditTable, ConsolePage, LoginPage, whoOf } from './pages.js';
import { noticeFor } from './notices.js';

const ipOf = (req: express.Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** The operator console: behind an operator login, never public. Every action is audit-logged by the domain function it calls. */
export function consoleRouter(): Router {
  const r = Router();
  // Plain HTML forms; small bodies only.
  r.use(express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 50 }));
  // Nothing of the console is cached or indexed anywhere.
  r.use((_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
    next();
  });

  r.get('/login', (req, res) => {
    sendPage(res, <LoginPage csrf={loginCsrf(req, res)} next={safeNext(req.query.next)} />);
  });

  r.post('/login', async (req, res) => {
    checkLoginCsrf(req);
    const body = req.body as Record<string, unknown>;
    const name = typeof body.name === 'string' ? body.name.trim().slice(0, 64) : '';
    const secret = typeof body.secret === 'string' ? body.secret.slice(0, 200) : '';
    await loginLimits.attempt(ipOf(req), name);
    const op = name && secret ? await checkOperatorSecret(name, secret) : null;
    if (!op) {
      await loginLimits.failed(ipOf(req), name);
      logger('web').warn({ operator: name, ip: ipOf(req) }, 'console sign-in refused');
      return sendPage(res, <LoginPage csrf={loginCsrf(req, res)} next={safeNext(body.next)} name={name} error="That operator name and secret do not match an active operator." />, { status: 401 });
    }
    await loginLimits.succeeded(ipOf(req), name);
    const { token, expiresAt } = await startSession(op, config().CONSOLE_SESSION_TTL_MS, ipOf(req));
    setSessionCookie(res, token, expiresAt);
    logger('web').info({ operator: op.name }, 'console sign-in');
    res.redirect(303, safeNext(body.next));
  });

  r.use(requireOperator);
  // The queue board is read-only (it refuses every write itself), so it needs no form token.
  r.use('/queues', queuesBoard('/console/queues'));
  r.use(requireCsrf);

  r.post('/logout', async (_req, res) => {
    await endSession(sessionOf(res));
    clearSessionCookie(res);
    res.redirect(303, '/console/login');
  });

  r.get('/', async (req, res) => {
    const [escalations, flags, disputes, recent] = await Promise.all([
      Submission.count({ where: { status: 'ESCALATED' } }),
      Flag.count({ where: { status: 'OPEN' } }),
      Dispute.count({ where: { status: 'OPEN' } }),
      AuditLog.findAll({ order: [['createdAt', 'DESC']], limit: 10 }),
    ]);
    sendPage(
      res,
      <ConsolePage title="Operator console" who={whoOf(sessionOf(res))} current="/console" notice={noticeFor(req)}>
        <ul class="console-counts">
          <li>
            <a href="/console/escalations">{escalations} escalated submission(s)</a>
          </li>
          <li>
            <a href="/console/flags">{flags} open flag(s)</a>
          </li>
          <li>
            <a href="/console/disputes">{disputes} open dispute(s)</a>
          </li>
        </ul>
        <h2>Recent operator actions</h2>
        <AuditTable rows={recent} caption="The ten latest audit log entries" />
        <p>
          <a href="/console/audit">The whole recent audit log</a>
        </p>
      </ConsolePage>,
    );
  });

  r.get('/audit', async (req, res) => {
    const rows = await AuditLog.findAll({ order: [['createdAt', 'DESC']], limit: 200 });
    sendPage(
      res,
      <ConsolePage title="Audit log" who={whoOf(sessionOf(res))} current="/console/audit" notice={noticeFor(req)}>
        <p>The 200 latest operator actions, from the console and the CLI alike.</p>
        <AuditTable rows={rows} caption="Audit log, newest first" />
      </ConsolePage>,
    );
  });

  r.use(escalationsRouter());
  r.use(flagsRouter());
  r.use(disputesRouter());
  r.use(packagesRouter());
  return r;
}
