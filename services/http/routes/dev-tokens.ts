import { Router } from 'express';
import { DevTokenCreateBody, parseInput } from '../../../shared/api/schemas.js';
import { issueWalletToken, listWalletTokens, revokeWalletToken } from '../../../shared/developers/tokens.js';
import { requireSession } from './agent.js';
import { portalSessionToken } from '../portal-session.js';

/**
 * Self-service developer tokens (`/api/v1/cert/dev/tokens`), authenticated by a wallet session
 * (`x-agent-session`, from the SIWE sign-in of spec 5.5): the signed-in wallet is the developer.
 */
export function devTokensRouter(): Router {
  const r = Router();
  // The portal's session cookie stands for x-agent-session (with the portal's header, see portal-session.ts).
  r.use((req, _res, next) => {
    if (!req.get('x-agent-session')) {
      const session = portalSessionToken(req);
      if (session) req.headers['x-agent-session'] = session;
    }
    next();
  });
  r.use(requireSession);
  const walletOf = (res: { locals: Record<string, unknown> }) => res.locals.wallet as string;

  r.post('/', async (req, res) => {
    const body = parseInput(DevTokenCreateBody, req.body ?? {});
    res.status(201).set('Cache-Control', 'no-store').json(await issueWalletToken(walletOf(res), body.label ?? null));
  });
  r.get('/', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await listWalletTokens(walletOf(res)));
  });
  r.delete('/:tokenId', async (req, res) => {
    res.json(await revokeWalletToken(walletOf(res), String(req.params.tokenId)));
  });
  return r;
}
