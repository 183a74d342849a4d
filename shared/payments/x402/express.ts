import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { chainConfig } from '../../chain/config.js';
import { absoluteUrl } from '../../urls.js';
import { connectChain, type ChainContext } from '../../chain/provider.js';
import { decodeHeader, encodeHeader } from './codec.js';
import { payOnce, type PaymentRecord, type PaymentDeps } from './ledger.js';
import { buildPaymentRequired, paymentTerms, type PaymentTerms } from './requirements.js';
import type { Settler } from './settle.js';
import { PaymentError, parsePaymentPayload, type PaymentErrorCode, type PaymentRequired } from './types.js';

export interface X402Price {
  /** Decimal USDC, e.g. "25.00". */
  amountUsdc: string;
  description: string;
  /** What the payment buys; one payment per resource (e.g. `submission:<owner>:<idempotencyKey>`). */
  resource: string;
  /** Stored with the payment for operators. */
  purpose?: unknown;
  /** How the amount is made up, returned as `price` in the 402 body (e.g. product and package audits). */
  breakdown?: unknown;
}

export interface X402GateOptions {
  /** The price of this request; null = free (the gate calls next() untouched). */
  price(req: Request): Promise<X402Price | null>;
  /** Header carrying the proof: `payment-signature` (agent API, default) or `x-payment-receipt` (developer x402 submit). Both are always read. */
  headerName?: 'payment-signature' | 'x-payment-receipt';
  /** Absolute URL for PAYMENT-REQUIRED `resource.url`; default: the request's path under PUBLIC_BASE_URL. */
  resourceUrl?(req: Request): string;
  /** Connected chain; default: connectChain(chainConfig()), cached after the first success. */
  chain?(): Promise<ChainContext>;
  settler?: Settler;
  hooks?: PaymentDeps['hooks'];
}

/** What a paid handler finds in `res.locals.payment`. */
export interface PaidRequest extends PaymentRecord {
  /** true: this purchase was paid before (replay the earlier response; do not redo the work). */
  replayed: boolean;
}

const EXPOSE = 'PAYMENT-REQUIRED, PAYMENT-RESPONSE';

function defaultChain(): () => Promise<ChainContext> {
  let cached: ChainContext | null = null;
  return async () => {
    if (cached) return cached;
    const ctx = await connectChain(chainConfig());
    if (ctx.usdc) cached = ctx; // a local chain may not be deployed yet: ask again next time
    return ctx;
  };
}

/**
 * x402 v2 payment gate (Express 5). Without a payment header: 402 with `PAYMENT-REQUIRED` (base64
 * JSON) and body `{error: {code: 'payment_required', message}, x402Version: 2, accepts, resource}`.
 * With one: decode, verify, settle on chain BEFORE the handler runs (payOnce), then `next()` with
 * `res.locals.payment` set and a `PAYMENT-RESPONSE` header (`{success, transaction, network, payer}`).
 * Refusals answer `{error: {code, message}}` with a fresh PAYMENT-REQUIRED: 402, 409 for
 * `payment_in_progress` (retry the same request with the same header), 503 for `payment_unavailable`.
 */
export function x402Gate(opts: X402GateOptions): RequestHandler {
  const headers = Array.from(new Set([opts.headerName ?? 'payment-signature', 'payment-signature', 'x-payment-receipt']));
  const chain = opts.chain ?? defaultChain();
  return async (req: Request, res: Response, next: NextFunction) => {
    let price: X402Price | null;
    try {
      price = await opts.price(req);
    } catch (err) {
      return next(err);
    }
    if (!price) return next();

    let ctx: ChainContext;
    let terms: PaymentTerms;
    try {
      ctx = await chain();
      terms = paymentTerms(ctx);
    } catch {
      return refuse(res, new PaymentError('payment_unavailable', 'payments cannot be taken right now; retry later'), null);
    }
    let required: PaymentRequired;
    try {
      const resourceUrl = opts.resourceUrl?.(req) ?? absoluteUrl(req.originalUrl);
      required = buildPaymentRequired({ resourceUrl, description: price.description, amountUsdc: price.amountUsdc, cfg: terms });
    } catch (err) {
      return next(err); // a bad price is a programming error, not the payer's problem
    }

    const raw = headers.map((h) => req.get(h)).find((v) => typeof v === 'string' && v.length > 0);
    if (!raw) {
      res.setHeader('PAYMENT-REQUIRED', encodeHeader(required));
      res.setHeader('Access-Control-Expose-Headers', EXPOSE);
      return res.status(402).json({
        error: { code: 'payment_required', message: `payment required: ${price.amountUsdc} USDC on ${required.accepts[0]!.network}; pay with x402 (header ${opts.headerName ?? 'payment-signature'})` },
        x402Version: 2,
        accepts: required.accepts,
        resource: required.resource,
        ...(price.breakdown !== undefined ? { price: price.breakdown } : {}),
      });
    }

    try {
      const payload = parsePaymentPayload(decodeHeader(raw));
      const { payment, replayed } = await payOnce(payload, required.accepts[0]!, price.resource, {
        ctx,
        ...(opts.settler ? { settler: opts.settler } : {}),
        ...(opts.hooks ? { hooks: opts.hooks } : {}),
        ...(price.purpose !== undefined ? { purpose: price.purpose } : {}),
      });
      const paid: PaidRequest = { ...payment, replayed };
      res.locals.payment = paid;
      res.setHeader('PAYMENT-RESPONSE', encodeHeader({ success: true, transaction: payment.txHash, network: payment.network, payer: payment.payer }));
      res.setHeader('Access-Control-Expose-Headers', EXPOSE);
      return next();
    } catch (err) {
      if (err instanceof PaymentError) return refuse(res, err, required);
      return next(err);
    }
  };
}

function refuse(res: Response, err: PaymentError, required: PaymentRequired | null): void {
  if (required) res.setHeader('PAYMENT-REQUIRED', encodeHeader({ ...required, error: err.code satisfies PaymentErrorCode }));
  res.setHeader('Access-Control-Expose-Headers', EXPOSE);
  if (err.code === 'payment_in_progress' || err.code === 'payment_unavailable') res.setHeader('Retry-After', '5');
  res.status(err.status).json({ error: { code: err.code, message: err.message } });
}
