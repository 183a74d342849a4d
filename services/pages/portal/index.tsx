import express, { Router } from 'express';
import { getAddress } from 'ethers';
import { ApiError, badRequest, forbidden, notFound } from '../../../shared/errors.js';
import { config } from '../../../shared/config.js';
import { createChallenge, revokeSession, sessionWallet, verifyChallenge } from '../../../shared/agents/auth.js';
import { AgentSession } from '../../../shared/db/models.js';
import { hashSecret } from '../../../shared/ids.js';
import { portalUrl } from '../../../shared/urls.js';
import { clearPortalCookie, portalCookie, portalSessionToken, setPortalCookie } from '../../http/portal-session.js';
import { devWallet, devWalletPayment, devWalletView } from '../../../shared/developers/dev-wallet.js';
import { isUuid } from '../../../shared/ids.js';
import { limitByIp } from '../../http/rate-limit.js';
import { sendPage } from '../render.js';
import { LandingPage } from './landing.js';
import { SignInPage } from './sign-in.js';
import { TokensPage } from './tokens.js';
import { SubmitPage } from './submit.js';
import { SubmissionPage, SubmissionsPage } from './submissions.js';

const field = (v: unknown, name: string, max: number): string => {
  if (typeof v !== 'string' || !v.trim()) throw badRequest('missing_field', `${name} is required`, name);
  if (v.length > max) throw badRequest('invalid_field', `${name} is too long`, name);
  return v.trim();
};

/**
 * The developer portal (spec 4.6 `{dev_portal_url}`, 5.5 sign-in). Sign-in is server-side (the same
 * createChallenge/verifyChallenge as the agent API); the other pages are shells whose scripts call
 * the public API with the wallet session or developer token kept in the tab.
 */
/**
 * Login CSRF: another site could post its own wallet's signature here and leave its session in the
 * victim's tab (tokens made there would then belong to the attacker). Browsers mark such a form post
 * `Sec-Fetch-Site: cross-site`; clients that are not browsers send no such header and are not at risk.
 */
const refuseCrossSite: express.RequestHandler = (req, _res, next) => {
  if (req.get('sec-fetch-site') === 'cross-site') throw forbidden('cross_site_request', 'Sign in from the portal page itself; a form posted from another site is refused');
  next();
};

export function portalRouter(): Router {
  const r = Router();
  r.get('/', (_req, res) => sendPage(res, <LandingPage />, { cacheControl: 'public, max-age=300' }));

  // A challenge is stored per request and a verify is a signature check: the same IP limit as the API's
  // (the bare form is only a page).
  const challengeLimit = limitByIp('challenge');
  r.get('/sign-in', (req, res, next) => (req.query.wallet ? challengeLimit(req, res, next) : next()), async (req, res) => {
    const raw = req.query.wallet;
    if (raw === undefined || raw === '') return sendPage(res, <SignInPage devWallet={devWallet() ? await devWalletView(devWallet()!) : undefined} />);
    const wallet = typeof raw === 'string' ? raw.trim().slice(0, 200) : '';
    try {
      const c = await createChallenge(wallet);
      sendPage(res, <SignInPage wallet={wallet} challenge={{ ...c, wallet: getAddress(wallet) }} />);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.headers) res.set(err.headers);
      sendPage(res, <SignInPage wallet={wallet} error={err} />, { status: err.status });
    }
  });

  r.post('/sign-in', refuseCrossSite, challengeLimit, express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const wallet = typeof body.wallet === 'string' ? body.wallet.slice(0, 200) : undefined;
    try {
      const signedIn = await verifyChallenge({ wallet: field(body.wallet, 'wallet', 64), nonce: field(body.nonce, 'nonce', 64), signature: field(body.signature, 'signature', 4096) });
      // Every portal tab and reload stays signed in until the session expires or the developer signs out.
      setPortalCookie(req, res, signedIn.sessionToken, new Date(signedIn.expiresAt));
      sendPage(res, <SignInPage signedIn={signedIn} />);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      sendPage(res, <SignInPage wallet={wallet} error={err} />, { status: err.status });
    }
  });

  // Who the portal's cookie signs in, for the page scripts (they cannot read an HttpOnly cookie).
  r.get('/session', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const token = portalCookie(req);
    if (!token) return void res.json({ signedIn: false });
    try {
      const walletAddress = await sessionWallet(token);
      const s = await AgentSession.findOne({ where: { tokenHash: hashSecret(token) } });
      res.json({ signedIn: true, walletAddress, expiresAt: s?.expiresAt.toISOString() ?? null });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      clearPortalCookie(req, res);
      res.json({ signedIn: false, reason: err.code });
    }
  });
  r.post('/sign-out', refuseCrossSite, async (req, res) => {
    const token = portalCookie(req);
    if (token) await revokeSession(token);
    clearPortalCookie(req, res);
    res.redirect(303, portalUrl('/portal/sign-in'));
  });

  // The development wallet (local chain only; devWallet() refuses anything else at start).
  const dw = devWallet();
  if (dw) {
    r.get('/dev-wallet', async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await devWalletView(dw));
    });
    r.post('/dev-wallet/sign-in', refuseCrossSite, challengeLimit, async (req, res) => {
      const c = await createChallenge(dw.address);
      const signedIn = await verifyChallenge({ wallet: dw.address, nonce: c.nonce, signature: await dw.signMessage(c.message) });
      setPortalCookie(req, res, signedIn.sessionToken, new Date(signedIn.expiresAt));
      sendPage(res, <SignInPage signedIn={signedIn} />);
    });
    // Signs a payment for the portal page, only for the development wallet's own sign-in.
    r.post('/dev-wallet/pay', express.json({ limit: '32kb' }), async (req, res) => {
      const token = portalSessionToken(req);
      const wallet = token ? await sessionWallet(token) : null;
      if (!wallet || wallet.toLowerCase() !== dw.address.toLowerCase()) throw forbidden('not_dev_wallet', 'Sign in with the development wallet to pay with it');
      const header = (req.body as { paymentRequired?: unknown } | undefined)?.paymentRequired;
      if (typeof header !== 'string' || header.length > 16_000) throw badRequest('invalid_field', 'paymentRequired must be the PAYMENT-REQUIRED header value', 'paymentRequired');
      res.set('Cache-Control', 'no-store').json({ receipt: await devWalletPayment(dw, header) });
    });
  }

  r.get('/tokens', (_req, res) => sendPage(res, <TokensPage maxActive={config().DEV_TOKENS_PER_DEVELOPER} />));
  r.get('/submit', (req, res) => {
    const from = typeof req.query.from === 'string' ? req.query.from : undefined;
    if (from !== undefined && !isUuid(from)) throw badRequest('invalid_field', 'from must be a submission id', 'from');
    sendPage(res, <SubmitPage from={from?.toLowerCase()} />);
  });
  r.get('/submissions', (_req, res) => sendPage(res, <SubmissionsPage />));
  r.get('/submissions/:id', (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) throw notFound('Submission', 'id');
    sendPage(res, <SubmissionPage id={id.toLowerCase()} pollMs={config().PORTAL_POLL_INTERVAL_MS} />);
  });
  return r;
}
