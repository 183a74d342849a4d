import { Op } from 'sequelize';
import { Category, Voucher } from '../db/models.js';
import { unprocessable } from '../errors.js';
import { chainConfig } from '../chain/config.js';
import { probeChainId } from '../chain/provider.js';
import { caip2 } from '../chain/presets.js';
import { round2 } from '../packages/pricing.js';

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

/** A voucher that can be used for this category now, or a 422 naming voucherCode. */
export async function usableVoucher(code: string, categoryKey: string): Promise<Voucher> {
  const v = await Voucher.findByPk(code);
  const bad = (why: string) => unprocessable('invalid_voucher', `Voucher ${code} ${why}`, 'voucherCode');
  if (!v || !v.active) throw bad('does not exist');
  if (v.expiresAt && v.expiresAt.getTime() < Date.now()) throw bad('has expired');
  if (v.uses >= v.maxUses) throw bad('has no uses left');
  if (v.categoryKey && v.categoryKey !== categoryKey) throw bad(`is for category ${v.categoryKey}`);
  return v;
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

export async function quote(category: Category, voucherCode?: string, multiplier = 1): Promise<Quote> {
  const list = round2(Number(category.priceUsd) * multiplier);
  const voucher = voucherCode ? await usableVoucher(voucherCode, category.key) : null;
  const price = voucher ? round2((list * (100 - voucher.discountPercent)) / 100) : list;
  return {
    categoryKey: category.key,
    priceUsd: price,
    priceUsdc: price.toFixed(6),
    isFree: price === 0,
    ...(await paymentChainName()),
    paymentToken: 'USDC',
    voucher: voucher ? { code: voucher.code, discountPercent: voucher.discountPercent } : null,
    listPriceUsd: list,
  };
}

/**
 * Takes one use of a voucher before a paid request is charged (and gives it back if no payment
 * follows), so concurrent users of a shared code never wait on each other's settlement.
 */
export async function reserveVoucherUse(code: string): Promise<boolean> {
  const [n] = await Voucher.update(
    { uses: Voucher.sequelize!.literal('uses + 1') as unknown as number },
    { where: { code, active: true, uses: { [Op.lt]: Voucher.sequelize!.col('max_uses') } } as never },
  );
  return n === 1;
}

export async function releaseVoucherUse(code: string): Promise<void> {
  await Voucher.update({ uses: Voucher.sequelize!.literal('uses - 1') as unknown as number }, { where: { code, uses: { [Op.gt]: 0 } } });
}
