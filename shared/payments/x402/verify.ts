import { Contract, Interface, Signature, TypedDataEncoder, getAddress, recoverAddress, type TypedDataDomain } from 'ethers';
import { EIP1271_ABI, EIP1271_MAGIC_VALUE, USDC_ABI } from '../../chain/artifacts.js';
import { chainIdOfNetwork } from '../../chain-presets.js';
import { nextBlockTime, type ChainContext } from '../../chain/provider.js';
import { PaymentError, TRANSFER_WITH_AUTHORIZATION_TYPES, type PaymentErrorCode, type PaymentPayload, type PaymentRequirements } from './types.js';

export { TRANSFER_WITH_AUTHORIZATION_TYPES };

/** An authorization must stay valid this long after the next block's time: time to get mined. */
export const VALIDITY_MARGIN_SECONDS = 6;

export interface VerifyDeps {
  ctx: ChainContext;
  /** `from` of the simulated transferWithAuthorization (default: the facilitator, else payTo). */
  simulateFrom?: string;
}

export type VerifyResult =
  | { ok: true; payer: string; nonce: string; value: bigint; validAfter: bigint; validBefore: bigint; signature: string; contractWallet: boolean }
  | { ok: false; code: PaymentErrorCode; message: string };

const fail = (code: PaymentErrorCode, message: string): VerifyResult => ({ ok: false, code, message });

/** Any RPC failure becomes this: no URL, no provider text. */
export function unavailable(): PaymentError {
  return new PaymentError('payment_unavailable', 'the payment network cannot be reached right now; retry the same request with the same payment header');
}

async function rpc<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch {
    throw unavailable();
  }
}

export function eip712Domain(requirements: PaymentRequirements, chainId: number): TypedDataDomain {
  return { name: requirements.extra.name, version: requirements.extra.version, chainId, verifyingContract: getAddress(requirements.asset) };
}

export function authorizationDigest(payload: PaymentPayload, requirements: PaymentRequirements, chainId: number): string {
  const a = payload.payload.authorization;
  return TypedDataEncoder.hash(eip712Domain(requirements, chainId), TRANSFER_WITH_AUTHORIZATION_TYPES, {
    from: getAddress(a.from),
    to: getAddress(a.to),
    value: BigInt(a.value),
    validAfter: BigInt(a.validAfter),
    validBefore: BigInt(a.validBefore),
    nonce: a.nonce,
  });
}

function recovers(digest: string, signature: string, from: string): boolean {
  try {
    return getAddress(recoverAddress(digest, signature)) === getAddress(from);
  } catch {
    return false;
  }
}

/** Chains a payer may have signed for by mistake: named in the error when one of them matches. */
const OTHER_CHAINS = [1, 8453, 84532, 31337, 11155111, 10, 42161, 137];

/** Maps a FiatToken revert reason to an error code; null for anything unrecognised. */
export function codeOfRevertReason(reason: string | null | undefined): PaymentErrorCode | null {
  if (!reason) return null;
  if (/exceeds balance/i.test(reason)) return 'payment_insufficient_funds';
  if (/invalid signature/i.test(reason)) return 'payment_invalid_signature';
  if (/authorization is expired/i.test(reason)) return 'payment_expired';
  if (/not yet valid/i.test(reason)) return 'payment_not_yet_valid';
  if (/used or canceled/i.test(reason)) return 'payment_replayed';
  return null;
}

export function revertReasonOf(err: unknown): string | null {
  const e = err as { code?: string; reason?: string | null; revert?: { args?: unknown[] } };
  if (e?.code !== 'CALL_EXCEPTION') return null;
  if (typeof e.reason === 'string') return e.reason;
  const a = e.revert?.args?.[0];
  return typeof a === 'string' ? a : '';
}

/** The call data of `transferWithAuthorization`: v/r/s overload for a 65-byte EOA signature, `bytes` otherwise. */
export function transferWithAuthorizationData(payload: PaymentPayload, contractWallet: boolean): string {
  const a = payload.payload.authorization;
  const usdc = { interface: new Interface(USDC_ABI) };
  const args = [getAddress(a.from), getAddress(a.to), BigInt(a.value), BigInt(a.validAfter), BigInt(a.validBefore), a.nonce] as const;
  const sig = payload.payload.signature;
  if (!contractWallet && sig.length === 132) {
    const s = Signature.from(sig);
    return usdc.interface.encodeFunctionData('transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)', [...args, s.v, s.r, s.s]);
  }
  return usdc.interface.encodeFunctionData('transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,bytes)', [...args, sig]);
}

/**
 * Verifies an x402 v2 `exact` payment against the server's requirements, in order: version and
 * scheme, network, asset, recipient, exact amount, validity window against the next block's time
 * (nextBlockTime), the EIP-712 TransferWithAuthorization signature (ECDSA, or EIP-1271 when `from` has code),
 * the authorization nonce unused, the balance, and an `eth_call` simulation of the transfer.
 * Returns a verdict; throws PaymentError('payment_unavailable') when the chain cannot be asked.
 */
export async function verifyPayment(payload: PaymentPayload, requirements: PaymentRequirements, deps: VerifyDeps): Promise<VerifyResult> {
  const { ctx } = deps;
  if (payload.x402Version !== 2) return fail('payment_unsupported', `x402 version ${payload.x402Version} is not supported; use version 2`);
  if (payload.accepted.scheme !== 'exact' || requirements.scheme !== 'exact') return fail('payment_unsupported', 'only the "exact" scheme is accepted');
  if (chainIdOfNetwork(requirements.network) !== ctx.chainId) throw new Error('payment requirements name another chain than the connected one');
  if (payload.accepted.network !== requirements.network) {
    return fail('payment_wrong_network', `payment is for network ${String(payload.accepted.network).slice(0, 64)}; this service accepts ${requirements.network}`);
  }
  if (payload.accepted.asset.toLowerCase() !== requirements.asset.toLowerCase()) {
    return fail('payment_wrong_asset', `payment is in asset ${String(payload.accepted.asset).slice(0, 64)}; this service accepts ${requirements.asset}`);
  }
  const a = payload.payload.authorization;
  if (getAddress(a.to) !== getAddress(requirements.payTo)) return fail('payment_wrong_recipient', `payment is addressed to ${getAddress(a.to)}; pay ${getAddress(requirements.payTo)}`);
  const value = BigInt(a.value);
  const amount = BigInt(requirements.amount);
  if (value < amount) return fail('payment_underpaid', `payment of ${value} atomic units is below the price of ${amount}`);
  if (value > amount) return fail('payment_amount_mismatch', `payment of ${value} atomic units does not equal the price of ${amount}; sign exactly the amount asked`);

  // The time the settling transaction will see, not the latest block's (it lags while a chain idles).
  const now = BigInt(await rpc(() => nextBlockTime(ctx)));
  const validAfter = BigInt(a.validAfter);
  const validBefore = BigInt(a.validBefore);
  if (validAfter >= now) return fail('payment_not_yet_valid', `authorization is valid only after ${validAfter} (chain time ${now})`);
  if (validBefore <= now + BigInt(VALIDITY_MARGIN_SECONDS)) return fail('payment_expired', `authorization expired at ${validBefore} (chain time ${now})`);

  const from = getAddress(a.from);
  const digest = authorizationDigest(payload, requirements, ctx.chainId);
  const code = await rpc(() => ctx.provider.getCode(from));
  const contractWallet = code !== '0x';
  const signature = payload.payload.signature;
  if (contractWallet) {
    let magic: string | null = null;
    try {
      magic = (await new Contract(from, EIP1271_ABI, ctx.provider).getFunction('isValidSignature')(digest, signature)) as string;
    } catch (err) {
      if ((err as { code?: string }).code !== 'CALL_EXCEPTION' && (err as { code?: string }).code !== 'BAD_DATA') throw unavailable();
    }
    if (magic?.toLowerCase() !== EIP1271_MAGIC_VALUE) return fail('payment_invalid_signature', 'the contract wallet does not accept this signature (EIP-1271)');
  } else if (!recovers(digest, signature, from)) {
    for (const other of OTHER_CHAINS.filter((c) => c !== ctx.chainId)) {
      if (recovers(authorizationDigest(payload, requirements, other), signature, from)) {
        return fail('payment_wrong_network', `authorization was signed for chain ${other}; sign for chain ${ctx.chainId} (${requirements.network})`);
      }
    }
    return fail('payment_invalid_signature', 'signature does not match the authorization (EIP-712 TransferWithAuthorization, domain name/version from extra)');
  }

  const usdc = new Contract(requirements.asset, USDC_ABI, ctx.provider);
  if (await rpc(() => usdc.getFunction('authorizationState')(from, a.nonce) as Promise<boolean>)) {
    return fail('payment_replayed', 'this authorization nonce was already used');
  }
  const balance = await rpc(() => usdc.getFunction('balanceOf')(from) as Promise<bigint>);
  if (balance < value) return fail('payment_insufficient_funds', `payer balance is below ${value} atomic units`);

  const simulateFrom = deps.simulateFrom ?? ctx.cfg.facilitatorAddress ?? requirements.payTo;
  try {
    await ctx.provider.call({ from: simulateFrom, to: requirements.asset, data: transferWithAuthorizationData(payload, contractWallet), blockTag: 'pending' });
  } catch (err) {
    const reason = revertReasonOf(err);
    if (reason === null) throw unavailable();
    const mapped = codeOfRevertReason(reason);
    return fail(mapped ?? 'payment_simulation_failed', mapped ? `the token refused the transfer (${mapped.replace('payment_', '').replace(/_/g, ' ')})` : 'the token refused the transfer in simulation');
  }
  return { ok: true, payer: from, nonce: a.nonce.toLowerCase(), value, validAfter, validBefore, signature, contractWallet };
}
