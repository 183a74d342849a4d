import { parseUnits } from 'ethers';
import { USDC_DECIMALS } from '../../chain-presets.js';
import type { ChainContext } from '../../chain/provider.js';
import type { PaymentRequired, PaymentRequirements } from './types.js';

/** What the server asks for, resolved from the chain configuration (see paymentTerms). */
export interface PaymentTerms {
  chainId: number;
  /** CAIP-2 */
  network: string;
  asset: string;
  assetName: string;
  assetVersion: string;
  payTo: string;
  maxTimeoutSeconds: number;
}

/** Terms from a connected chain; throws when no USDC is configured or deployed. */
export function paymentTerms(ctx: ChainContext): PaymentTerms {
  if (!ctx.usdc) throw new Error(ctx.cfg.local ? 'no USDC is deployed on the local chain yet (run deployLocal)' : 'USDC_ADDRESS is not set');
  return {
    chainId: ctx.chainId,
    network: ctx.network,
    asset: ctx.usdc.address,
    assetName: ctx.usdc.name,
    assetVersion: ctx.usdc.version,
    payTo: ctx.cfg.payTo,
    maxTimeoutSeconds: ctx.cfg.maxTimeoutSeconds,
  };
}

/** "25.00" → "25000000". Positive decimal with at most 6 decimals; anything else throws. */
export function usdcToAtomic(amountUsdc: string): string {
  if (!/^\d{1,15}(\.\d{1,6})?$/.test(amountUsdc)) throw new RangeError(`invalid USDC amount ${JSON.stringify(amountUsdc)}`);
  const v = parseUnits(amountUsdc, USDC_DECIMALS);
  if (v <= 0n) throw new RangeError('a price must be positive (use null for free)');
  return v.toString();
}

export function buildRequirements(amountUsdc: string, cfg: PaymentTerms): PaymentRequirements {
  return {
    scheme: 'exact',
    network: cfg.network,
    amount: usdcToAtomic(amountUsdc),
    asset: cfg.asset,
    payTo: cfg.payTo,
    maxTimeoutSeconds: cfg.maxTimeoutSeconds,
    extra: { name: cfg.assetName, version: cfg.assetVersion },
  };
}

/** The 402 body of x402 v2 (sent base64-encoded in the PAYMENT-REQUIRED header). */
export function buildPaymentRequired(opts: { resourceUrl: string; description: string; amountUsdc: string; cfg: PaymentTerms; mimeType?: string; error?: string }): PaymentRequired {
  return {
    x402Version: 2,
    ...(opts.error ? { error: opts.error } : {}),
    resource: { url: opts.resourceUrl, description: opts.description, mimeType: opts.mimeType ?? 'application/json' },
    accepts: [buildRequirements(opts.amountUsdc, opts.cfg)],
  };
}
