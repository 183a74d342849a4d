import { Contract, Interface, Transaction, getAddress, zeroPadValue, type TransactionReceipt } from 'ethers';
import { USDC_ABI } from '../../chain/artifacts.js';
import { faultPoint } from '../../faults.js';
import { chainNow, waitForReceipt, withSigner, type ChainContext } from '../../chain/provider.js';
import { codeOfRevertReason, revertReasonOf, transferWithAuthorizationData, unavailable } from './verify.js';
import { PaymentError, type PaymentErrorCode, type PaymentPayload, type PaymentRequirements } from './types.js';

/**
 * Settlement of a verified `exact` payment: `transferWithAuthorization` on the token, sent BEFORE
 * the paid work starts. Two settlers:
 *  - local: the FACILITATOR_KEY sends the transaction (one NonceManager, one transaction at a time);
 *  - facilitator: an external x402 facilitator's `POST /verify` and `POST /settle`.
 * The outcome is settled, failed (certainly no transfer) or unknown (broadcast, or maybe broadcast,
 * without a receipt). Unknown is never answered with a fresh 402 and never broadcast again: it is
 * reconciled on chain by the authorization nonce (reconcileAuthorization).
 */

export type SettleOutcome =
  | { status: 'settled'; txHash: string }
  | { status: 'failed'; code: PaymentErrorCode; message: string }
  | { status: 'unknown'; txHash: string | null };

export interface SettleHooks {
  /**
   * Called right before anything that may broadcast: with the transaction hash (local settler, which
   * knows it before sending) or null (external facilitator). Record it first: from here on the
   * outcome can only be learnt from the chain.
   */
  beforeBroadcast?(txHash: string | null): Promise<void>;
  /** Test hook: runs right after the broadcast; throwing simulates a crash before the outcome is recorded. */
  afterBroadcast?(txHash: string): Promise<void> | void;
}

export interface VerifiedAuthorization {
  payer: string;
  nonce: string;
  value: bigint;
  contractWallet: boolean;
}

export interface Settler {
  readonly kind: 'local' | 'facilitator';
  settle(payload: PaymentPayload, requirements: PaymentRequirements, verified: VerifiedAuthorization, hooks?: SettleHooks): Promise<SettleOutcome>;
}

const usdcInterface = new Interface(USDC_ABI);
const AUTHORIZATION_USED = usdcInterface.getEvent('AuthorizationUsed')!.topicHash;
const TRANSFER = usdcInterface.getEvent('Transfer')!.topicHash;

/** True when the receipt moved `value` from `payer` to `payTo` by this authorization nonce. */
export function receiptSettles(receipt: TransactionReceipt, asset: string, payer: string, nonce: string, payTo: string, value: bigint): boolean {
  if (receipt.status !== 1) return false;
  const mine = receipt.logs.filter((l) => l.address.toLowerCase() === asset.toLowerCase());
  const payerTopic = zeroPadValue(payer, 32).toLowerCase();
  const used = mine.some((l) => l.topics[0] === AUTHORIZATION_USED && l.topics[1]?.toLowerCase() === payerTopic && l.topics[2]?.toLowerCase() === nonce.toLowerCase());
  const moved = mine.some(
    (l) => l.topics[0] === TRANSFER && l.topics[1]?.toLowerCase() === payerTopic && l.topics[2]?.toLowerCase() === zeroPadValue(payTo, 32).toLowerCase() && BigInt(l.data) === value,
  );
  return used && moved;
}

/** Node errors that prove a signed transaction was not accepted (so it can never be mined). */
const REJECTED = new Set(['INSUFFICIENT_FUNDS', 'NONCE_EXPIRED', 'REPLACEMENT_UNDERPRICED']);

export function localSettler(ctx: ChainContext): Settler {
  const key = ctx.cfg.facilitatorKey;
  if (!key) throw new Error('FACILITATOR_KEY is not set: configure it or X402_FACILITATOR_URL');
  return {
    kind: 'local',
    async settle(payload, requirements, verified, hooks) {
      const asset = getAddress(requirements.asset);
      const data = transferWithAuthorizationData(payload, verified.contractWallet);
      const usdc = new Contract(asset, USDC_ABI, ctx.provider);
      type Sent = { txHash: string } | SettleOutcome;
      const sent = await withSigner(ctx, key, async (signer): Promise<Sent> => {
        // Inside the signer's queue: a concurrent settle of the same authorization may just have used it.
        let used: boolean;
        try {
          used = (await usdc.getFunction('authorizationState')(verified.payer, verified.nonce)) as boolean;
        } catch {
          throw unavailable();
        }
        if (used) return { status: 'unknown', txHash: null };
        let raw: string;
        try {
          // populateTransaction estimates gas: a revert here is a certain failure, nothing was sent.
          const tx = await signer.populateTransaction({ to: asset, data });
          raw = await signer.signTransaction(tx);
        } catch (err) {
          const reason = revertReasonOf(err);
          if (reason === null) throw unavailable();
          const code = codeOfRevertReason(reason) ?? 'payment_settlement_failed';
          return { status: 'failed', code, message: 'the token refused the transfer' };
        }
        const txHash = Transaction.from(raw).hash!;
        await hooks?.beforeBroadcast?.(txHash);
        signer.increment(); // the nonce is spent from here on, whatever the broadcast's fate
        try {
          await ctx.provider.broadcastTransaction(raw);
        } catch (err) {
          const code = (err as { code?: string }).code ?? '';
          if (REJECTED.has(code)) return { status: 'failed', code: 'payment_settlement_failed', message: 'the settlement transaction was rejected by the network' };
          return { status: 'unknown', txHash };
        }
        return { txHash };
      });
      if ('status' in sent) return sent;
      await hooks?.afterBroadcast?.(sent.txHash);
      await faultPoint('x402.settle.after-broadcast');
      const receipt = await waitForReceipt(ctx, sent.txHash, ctx.cfg.confirmations, ctx.cfg.txTimeoutMs);
      if (!receipt) return { status: 'unknown', txHash: sent.txHash };
      if (receiptSettles(receipt, asset, verified.payer, verified.nonce, requirements.payTo, verified.value)) return { status: 'settled', txHash: sent.txHash };
      // Reverted: someone else may have used the authorization first (then it is settled elsewhere).
      return { status: 'unknown', txHash: sent.txHash };
    },
  };
}

/** x402 facilitator `invalidReason` / `errorReason` values → our codes. Their free text is never passed on. */
function codeOfFacilitatorReason(reason: unknown, fallback: PaymentErrorCode): PaymentErrorCode {
  const r = typeof reason === 'string' ? reason.toLowerCase() : '';
  if (r.includes('insufficient_funds') || r.includes('insufficient_balance')) return 'payment_insufficient_funds';
  if (r.includes('signature')) return 'payment_invalid_signature';
  if (r.includes('valid_before') || r.includes('expired')) return 'payment_expired';
  if (r.includes('valid_after')) return 'payment_not_yet_valid';
  if (r.includes('nonce') || r.includes('replay') || r.includes('used')) return 'payment_replayed';
  if (r.includes('network') || r.includes('chain')) return 'payment_wrong_network';
  if (r.includes('recipient') || r.includes('pay_to') || r.includes('payto')) return 'payment_wrong_recipient';
  if (r.includes('value') || r.includes('amount')) return 'payment_underpaid';
  return fallback;
}

async function postJson(url: string, body: unknown, timeoutMs: number): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
  });
  let json: Record<string, unknown> | null = null;
  try {
    const parsed = (await res.json()) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

/** Settlement through an external x402 facilitator (X402_FACILITATOR_URL): `/verify`, then `/settle`. */
export function facilitatorSettler(ctx: ChainContext, baseUrl: string): Settler {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    kind: 'facilitator',
    async settle(payload, requirements, verified, hooks) {
      const body = { x402Version: 2, paymentPayload: payload, paymentRequirements: requirements };
      let v: Awaited<ReturnType<typeof postJson>>;
      try {
        v = await postJson(`${base}/verify`, body, 15000);
      } catch {
        throw new PaymentError('payment_unavailable', 'the payment facilitator cannot be reached right now; retry the same request');
      }
      if (!v.json || v.json.isValid !== true) {
        if (!v.json || (v.status >= 500 && !('isValid' in v.json))) {
          throw new PaymentError('payment_unavailable', 'the payment facilitator is not available right now; retry the same request');
        }
        const code = codeOfFacilitatorReason(v.json.invalidReason, 'payment_simulation_failed');
        return { status: 'failed', code, message: 'the payment facilitator refused the payment' };
      }
      let s: Awaited<ReturnType<typeof postJson>>;
      await hooks?.beforeBroadcast?.(null);
      try {
        s = await postJson(`${base}/settle`, body, ctx.cfg.txTimeoutMs);
      } catch {
        // The facilitator may have broadcast before the connection broke: the chain will tell.
        return { status: 'unknown', txHash: null };
      }
      const tx = typeof s.json?.transaction === 'string' && /^0x[0-9a-fA-F]{64}$/.test(s.json.transaction) ? s.json.transaction : null;
      if (s.json?.success === true && tx) {
        await hooks?.afterBroadcast?.(tx);
        const receipt = await waitForReceipt(ctx, tx, ctx.cfg.confirmations, ctx.cfg.txTimeoutMs);
        if (receipt && receiptSettles(receipt, requirements.asset, verified.payer, verified.nonce, requirements.payTo, verified.value)) return { status: 'settled', txHash: tx };
        return { status: 'unknown', txHash: tx };
      }
      // success:false, an error status or garbage: the facilitator may still have broadcast. Only the
      // chain can tell; reconciliation decides (settled, or failed once the authorization expires).
      return { status: 'unknown', txHash: tx };
    },
  };
}

export type ReconcileOutcome = { state: 'settled'; txHash: string } | { state: 'failed'; code: PaymentErrorCode } | { state: 'pending' };

const LOG_CHUNK = 2000;

/**
 * Decides an unknown settlement from the chain, by the authorization nonce:
 *  - nonce used and an `AuthorizationUsed(payer, nonce)` log whose transaction moved the money to
 *    payTo → settled (with that transaction hash);
 *  - nonce used without such a log (the payer cancelled the authorization) → failed;
 *  - nonce unused and the known transaction reverted, or the authorization expired → failed
 *    (it can never be used now);
 *  - otherwise pending (ask again later). Nothing is ever broadcast here.
 */
export async function reconcileAuthorization(
  ctx: ChainContext,
  a: { asset: string; payer: string; nonce: string; payTo: string; value: bigint; validBefore: bigint; txHash: string | null; fromBlock: number | null },
): Promise<ReconcileOutcome> {
  const usdc = new Contract(a.asset, USDC_ABI, ctx.provider);
  try {
    const used = (await usdc.getFunction('authorizationState')(a.payer, a.nonce)) as boolean;
    if (used) {
      if (a.txHash) {
        const r = await ctx.provider.getTransactionReceipt(a.txHash);
        if (r && receiptSettles(r, a.asset, a.payer, a.nonce, a.payTo, a.value)) {
          return (await confirmed(ctx, r)) ? { state: 'settled', txHash: a.txHash } : { state: 'pending' };
        }
      }
      const head = await ctx.provider.getBlockNumber();
      const start = Math.max(0, a.fromBlock ?? head - 50000);
      for (let from = start; from <= head; from += LOG_CHUNK) {
        const logs = await ctx.provider.getLogs({
          address: a.asset,
          topics: [AUTHORIZATION_USED, zeroPadValue(a.payer, 32), a.nonce],
          fromBlock: from,
          toBlock: Math.min(head, from + LOG_CHUNK - 1),
        });
        for (const l of logs) {
          const r = await ctx.provider.getTransactionReceipt(l.transactionHash);
          if (r && receiptSettles(r, a.asset, a.payer, a.nonce, a.payTo, a.value)) {
            return (await confirmed(ctx, r)) ? { state: 'settled', txHash: l.transactionHash } : { state: 'pending' };
          }
        }
      }
      return { state: 'failed', code: 'payment_replayed' };
    }
    if (a.txHash) {
      const r = await ctx.provider.getTransactionReceipt(a.txHash);
      if (r && r.status === 0) return { state: 'failed', code: 'payment_settlement_failed' };
    }
    const now = await chainNow(ctx);
    if (BigInt(now) >= a.validBefore) return { state: 'failed', code: 'payment_expired' };
    return { state: 'pending' };
  } catch {
    throw unavailable();
  }
}

async function confirmed(ctx: ChainContext, r: TransactionReceipt): Promise<boolean> {
  if (ctx.cfg.confirmations <= 1) return true;
  return (await ctx.provider.getBlockNumber()) - r.blockNumber + 1 >= ctx.cfg.confirmations;
}
