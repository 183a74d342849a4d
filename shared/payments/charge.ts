import type { Request, Response } from 'express';
import { x402Gate, type X402Price, type PaidRequest } from './x402/express.js';
import type { Pay } from '../submissions/paid-submit.js';

/**
 * Runs the x402 gate inside a handler, after the request has been validated (nobody pays for a
 * request that would fail). 'paid': settled (or an earlier settlement for the same resource is
 * replayed) and `payment` is set; 'answered': the gate already sent the 402/409/503 answer.
 * Settles on the gate's own completion, not on socket events: a client that hangs up mid-payment
 * must not leave the caller (and any lock it holds) waiting.
 */
export function charge(
  req: Request,
  res: Response,
  price: X402Price,
  headerName: 'payment-signature' | 'x-payment-receipt' = 'payment-signature',
): Promise<{ outcome: 'paid'; payment: PaidRequest } | { outcome: 'answered' }> {
  const gate = x402Gate({ price: async () => price, headerName });
  return new Promise((resolve, reject) => {
    let passed = false;
    const done = gate(req, res, (err?: unknown) => {
      passed = true;
      if (err) reject(err);
      else resolve({ outcome: 'paid', payment: res.locals.payment as PaidRequest });
    }) as unknown as Promise<void> | void;
    Promise.resolve(done).then(() => {
      if (!passed) resolve({ outcome: 'answered' });
    }, reject);
  });
}

/** The x402 exchange of this request as the domain's `Pay` (shared/submissions/paid-submit.ts). */
export function payThrough(req: Request, res: Response, headerName: 'payment-signature' | 'x-payment-receipt' = 'payment-signature'): Pay {
  return async (terms) => {
    const paid = await charge(req, res, terms, headerName);
    return paid.outcome === 'paid' ? { outcome: 'paid', paymentId: paid.payment.id } : { outcome: 'answered' };
  };
}
