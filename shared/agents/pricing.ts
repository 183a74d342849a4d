import type { Category } from '../db/models.js';
import { chainConfig } from '../chain/config.js';
import { probeChainId } from '../chain/provider.js';
import { caip2 } from '../chain-presets.js';
import { priceSubmission } from '../payments/submission-price.js';

export interface Quote {
  categoryKey: string;
  priceUsd: number;
  priceUsdc: string;
  isFree: boolean;
  paymentChain: 'base';
  paymentNetworkName: string;
  paymentToken: 'USDC';
  network: string | null;
  voucher: { code: string; discountPercent: number } | null;
  listPriceUsd: number;
}

let localChainId: number | undefined;

/**
 * The interface names the payment chain "base"; the exact network (Base mainnet, Base Sepolia or a
 * local development chain) is in `network` (CAIP-2, the same value as the 402's `accepts[0].network`)
 * and `paymentNetworkName`. A local chain's id is read from the node once; `network` is null only
 * while a local node does not answer (the 402 cannot be made then either).
 */
export async function paymentChainName(): Promise<{ paymentChain: 'base'; paymentNetworkName: string; network: string | null }> {
  const c = chainConfig();
  let chainId = c.chainId ?? localChainId;
  if (!chainId) {
    try {
      chainId = localChainId = await probeChainId(c.rpcUrl);
    } catch {
      chainId = undefined;
    }
  }
  return { paymentChain: 'base', paymentNetworkName: c.preset, network: chainId ? caip2(chainId) : null };
}

/** Spec 2.7: the price the agent submission will ask (the one rule of shared/payments/submission-price.ts), with the chain it is paid on. */
export async function quote(category: Category, voucherCode?: string): Promise<Quote> {
  const price = await priceSubmission(category, { voucherCode });
  return {
    categoryKey: category.key,
    priceUsd: price.totalUsd,
    priceUsdc: price.totalUsd.toFixed(6),
    isFree: price.totalUsd === 0,
    ...(await paymentChainName()),
    paymentToken: 'USDC',
    voucher: price.voucher,
    listPriceUsd: price.listPriceUsd,
  };
}
