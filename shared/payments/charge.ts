import type { Request, Response } from 'express';
import { x402Gate, type X402Price, type PaidRequest } from './x402/express.js';

/**
 * Runs the x402 gate inside a handler, after the request has been validated (nobody pays for a
 * request that would fail). 'paid': settled (or an earlier settlement for the same resource is
 * replayed) and `payment` is set; 'answered': the gate already sent the 402/409/503 answer.
 */
export function charge(
  req: Request,
  res: Response,
  price: X402Price,
  headerName: 'payment-signature' | 'x-payment-receipt' = 'payment-signature',
): Promise<{ outcome: 'paid'; payment: PaidRequest } | { outcome: 'answered' }> {
  const gate = x402Gate({ price: async () => price, headerName });
  return new Promise((resolve, reject) => {
    res.once('finish', () => resolve({ outcome: 'answered' }));
    void gate(req, res, (err?: unknown) => {
      if (err) reject(err);
      else resolve({ outcome: 'paid', payment: res.locals.payment as PaidRequest });
    });
  });
}
