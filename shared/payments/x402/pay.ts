import { randomBytes } from 'node:crypto';
import { hexlify, type TypedDataDomain, type TypedDataField } from 'ethers';
import { decodeHeader, encodeHeader } from './codec.js';
import { TRANSFER_WITH_AUTHORIZATION_TYPES, type PaymentRequired, type PaymentRequirements } from './types.js';
import { PRESETS } from '../../chain-presets.js';

/** What signs a payment: an ethers Wallet, or any signer with the same two members (an injected one). */
export interface PaymentSigner {
  address: string;
  signTypedData(domain: TypedDataDomain, types: Record<string, TypedDataField[]>, value: Record<string, unknown>): Promise<string>;
}

/** USDC has 6 decimals: atomic units → a decimal string ("1.5"). */
export function usdcOfAtomic(amount: string | bigint): string {
  const v = BigInt(amount);
  const whole = v / 1_000_000n;
  const frac = (v % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** A decimal USDC amount ("1.5") → atomic units; null when it is not a non-negative decimal with at most 6 places. */
export function atomicOfUsdc(amount: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(amount.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0') || '0');
}

/** The one requirement a payer answers: the first `exact` EVM offer (the service offers one). */
export function payableRequirement(required: PaymentRequired): PaymentRequirements | null {
  const req = required?.accepts?.find((a) => a.scheme === 'exact' && /^eip155:\d+$/.test(a.network) && /^\d+$/.test(String(a.amount)) && a.extra?.name);
  return req ?? null;
}

/**
 * Whether the token a payment request names is USDC: on a chain with a known USDC (Base, Base Sepolia)
 * only that contract is; elsewhere (a local or test chain, whose USDC this service deployed) it cannot
 * be told and `known` is false. An allowance counted in USDC means nothing for another token, so a
 * payer refuses a known chain's other tokens.
 */
export function usdcOf(req: Pick<PaymentRequirements, 'network' | 'asset'>): { usdc: boolean; known: boolean } {
  const chainId = Number(req.network.split(':')[1]);
  const preset = Object.values(PRESETS).find((p) => p.chainId === chainId && p.usdcAddress);
  if (!preset) return { usdc: true, known: false };
  return { usdc: preset.usdcAddress!.toLowerCase() === String(req.asset).toLowerCase(), known: true };
}

/**
 * The payer's side of x402 `exact` on EVM: an EIP-3009 TransferWithAuthorization for exactly the
 * amount, pay-to address and token the requirement names, valid for five minutes, encoded as the
 * PAYMENT-SIGNATURE header value. Whether to pay at all (the amount, the payee) is the caller's
 * decision: this only signs what it is given.
 */
export async function signPayment(required: PaymentRequired, signer: PaymentSigner, now = Math.floor(Date.now() / 1000)): Promise<string> {
  const req = payableRequirement(required);
  if (!req) throw new Error('the payment request offers no exact EVM payment this client can sign');
  const chainId = Number(req.network.split(':')[1]);
  const authorization = {
    from: signer.address,
    to: req.payTo,
    value: String(req.amount),
    validAfter: String(now - 60),
    validBefore: String(now + 300),
    nonce: hexlify(randomBytes(32)),
  };
  const domain = { name: req.extra.name, version: req.extra.version, chainId, verifyingContract: req.asset };
  const signature = await signer.signTypedData(domain, TRANSFER_WITH_AUTHORIZATION_TYPES, authorization);
  return encodeHeader({ x402Version: 2, resource: required.resource, accepted: req, payload: { signature, authorization } });
}

/** The same, from a 402's PAYMENT-REQUIRED header value. */
export async function paymentHeaderFor(paymentRequiredHeader: string, signer: PaymentSigner): Promise<string> {
  return signPayment(decodeHeader<PaymentRequired>(paymentRequiredHeader), signer);
}
