import { Wallet } from 'ethers';
import { config, ConfigError } from '../config.js';
import { chainConfig } from '../chain/config.js';

/**
 * The portal's development wallet (docs/developer-channel.md): a key generated for this installation
 * by `npm start` and funded with test USDC, so that a newcomer signs in and pays on the local chain
 * without a browser extension. It exists only on a local development chain outside production; a
 * key configured anywhere else stops the process at start (loadConfig refuses it in production, this
 * refuses it on a real chain).
 */
export function devWallet(): Wallet | null {
  const key = config().PORTAL_DEV_WALLET_KEY;
  if (!key) return null;
  if (config().NODE_ENV === 'production') throw new ConfigError('Invalid configuration (NODE_ENV=production):\n  PORTAL_DEV_WALLET_KEY: the development wallet never exists in production; unset it');
  const chain = chainConfig();
  if (!chain.local) throw new ConfigError(`Invalid configuration:\n  PORTAL_DEV_WALLET_KEY: the development wallet exists only on a local development chain, not CHAIN_PRESET=${chain.preset}; unset it`);
  return new Wallet(key.startsWith('0x') ? key : `0x${key}`);
}

export interface DevWalletView {
  label: string;
  address: string;
  chainId: number;
  network: string;
  rpcUrl: string;
  usdcAddress: string | null;
  /** Test USDC held, decimal; null while the chain does not answer. */
  usdcBalance: string | null;
}

export async function devWalletView(w: Wallet): Promise<DevWalletView> {
  const { connectChain } = await import('../chain/provider.js');
  const { Contract, formatUnits } = await import('ethers');
  const cfg = chainConfig();
  try {
    const ctx = await connectChain(cfg);
    const balance = ctx.usdc ? ((await new Contract(ctx.usdc.address, ['function balanceOf(address) view returns (uint256)'], ctx.provider).getFunction('balanceOf')(w.address)) as bigint) : null;
    return { label: 'Development wallet (local test chain only)', address: w.address, chainId: ctx.chainId, network: ctx.network, rpcUrl: cfg.rpcUrl, usdcAddress: ctx.usdc?.address ?? null, usdcBalance: balance === null ? null : formatUnits(balance, 6) };
  } catch {
    return { label: 'Development wallet (local test chain only)', address: w.address, chainId: cfg.chainId ?? 0, network: cfg.chainId ? `eip155:${cfg.chainId}` : 'unknown', rpcUrl: cfg.rpcUrl, usdcAddress: null, usdcBalance: null };
  }
}

/**
 * Signs an x402 `exact` payment (EIP-3009 TransferWithAuthorization) with the development wallet,
 * only for this service's own terms (its pay-to address and chain): it is never a general signer.
 */
export async function devWalletPayment(w: Wallet, paymentRequiredHeader: string): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  const { hexlify } = await import('ethers');
  const { decodeHeader, encodeHeader } = await import('../payments/x402/codec.js');
  const { TRANSFER_WITH_AUTHORIZATION_TYPES } = await import('../payments/x402/verify.js');
  const { badRequest } = await import('../errors.js');
  let required: import('../payments/x402/types.js').PaymentRequired;
  try {
    required = decodeHeader(paymentRequiredHeader);
  } catch {
    throw badRequest('invalid_field', 'paymentRequired is not a PAYMENT-REQUIRED header value', 'paymentRequired');
  }
  const req = required?.accepts?.[0];
  const cfg = chainConfig();
  if (!req || req.payTo?.toLowerCase() !== cfg.payTo.toLowerCase() || !/^eip155:\d+$/.test(req.network) || !/^\d+$/.test(String(req.amount)) || !req.extra?.name) {
    throw badRequest('invalid_field', "The development wallet signs only this service's own payment requests", 'paymentRequired');
  }
  const chainId = Number(req.network.split(':')[1]);
  const now = Math.floor(Date.now() / 1000);
  const authorization = { from: w.address, to: req.payTo, value: String(req.amount), validAfter: String(now - 60), validBefore: String(now + 300), nonce: hexlify(randomBytes(32)) };
  const signature = await w.signTypedData({ name: req.extra.name, version: req.extra.version, chainId, verifyingContract: req.asset }, TRANSFER_WITH_AUTHORIZATION_TYPES, authorization);
  return encodeHeader({ x402Version: 2, resource: required.resource, accepted: req, payload: { signature, authorization } });
}
