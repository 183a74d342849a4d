import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '../../../shared/api/schemas.js';
import { economySnapshot, revenueSummary, validatorPayoutHistory, validatorRevenue, validatorRevenueIndex, walletParam } from '../../../shared/economy/views.js';

/** The public pagination convention (see shared/economy/views.ts and docs/api.md). */
export const PageQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20), cursor: z.string().max(200).optional() });

/** Public economy reads (no auth): the numbers come from the ledger, never from counters kept elsewhere. */
export function publicEconomyRouter(): Router {
  const r = Router();
  r.get('/economy', async (_req, res) => {
    res.json(await economySnapshot());
  });
  r.get('/cert/revenue', async (_req, res) => {
    res.json(await revenueSummary());
  });
  r.get('/cert/revenue/validators', async (req, res) => {
    res.json(await validatorRevenueIndex(parseInput(PageQuery, req.query)));
  });
  r.get('/cert/revenue/validators/:walletAddress', async (req, res) => {
    res.json(await validatorRevenue(walletParam(String(req.params.walletAddress))));
  });
  r.get('/cert/revenue/validators/:walletAddress/history', async (req, res) => {
    const wallet = walletParam(String(req.params.walletAddress));
    res.json(await validatorPayoutHistory(wallet, parseInput(PageQuery, req.query)));
  });
  return r;
}
