import { randomUUID } from 'node:crypto';
import { QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import { getAddress, isAddress, ZeroAddress } from 'ethers';
import { db } from '../db/connection.js';
import { logger } from '../log.js';
import { economyConfig } from './config.js';
import { LedgerEntry, PayoutTransfer, type LedgerAsset, type LedgerKind } from './models.js';

/**
 * The economy ledger: append-only economic events, each with a unique key, so a retried or
 * replayed step (a job run twice, a process killed and restarted) writes nothing twice.
 *
 * Keys (one per economic event):
 *   fee:<paymentId>                    FEE_RECEIVED           a settled x402 payment
 *   payout:<roundId>:<validatorKey>    VALIDATOR_PAYOUT_OWED  a completed review (one per validator and round;
 *                                                            built-in validators may share one payout wallet)
 *   bounty:<flagId>                    BOUNTY_OWED            a confirmed flag
 *   paid:<owed key>                    *_PAID                 the on-chain transfer that settled an owed entry (tx hash)
 *   refund:<paymentId>                 REFUND
 * Amounts are atomic units (USDC: 6 decimals; the reward token: REWARD_TOKEN_DECIMALS).
 */

export interface EntryInput {
  entryKey: string;
  kind: LedgerKind;
  asset: LedgerAsset;
  amountAtomic: bigint;
  wallet?: string | null;
  validatorKey?: string | null;
  roundId?: string | null;
  submissionId?: string | null;
  flagId?: string | null;
  paymentId?: string | null;
  refKey?: string | null;
  txHash?: string | null;
  details?: unknown;
}

/** Writes the entry unless its key exists; returns the stored entry and whether this call wrote it. */
export async function appendEntry(input: EntryInput, t?: Transaction): Promise<{ entry: LedgerEntry; created: boolean }> {
  const existing = await LedgerEntry.findOne({ where: { entryKey: input.entryKey }, transaction: t });
  if (existing) return { entry: existing, created: false };
  try {
    const entry = await LedgerEntry.create(
      {
        id: randomUUID(),
        entryKey: input.entryKey,
        kind: input.kind,
        asset: input.asset,
        amountAtomic: input.amountAtomic.toString(),
        wallet: input.wallet ?? null,
        validatorKey: input.validatorKey ?? null,
        roundId: input.roundId ?? null,
        submissionId: input.submissionId ?? null,
        flagId: input.flagId ?? null,
        paymentId: input.paymentId ?? null,
        refKey: input.refKey ?? null,
        txHash: input.txHash ?? null,
        details: input.details ?? null,
      },
      { transaction: t },
    );
    return { entry, created: true };
  } catch (err) {
    // A concurrent writer won the unique key: the event is recorded once, which is the point.
    if (err instanceof UniqueConstraintError) {
      const entry = await LedgerEntry.findOne({ where: { entryKey: input.entryKey }, transaction: t });
      if (entry) return { entry, created: false };
    }
    throw err;
  }
}

/** A payable wallet: checksummed, never the zero address. */
export function payableWallet(value: string | null | undefined): string | null {
  if (!value || !isAddress(value)) return null;
  const a = getAddress(value);
  return a === ZeroAddress ? null : a;
}

/**
 * Records money owed (validator payout or bounty) and the transfer the payout job will make, in one
 * transaction. Idempotent by key.
 */
export async function owe(input: EntryInput & { wallet: string }, t?: Transaction): Promise<{ entry: LedgerEntry; created: boolean }> {
  const run = async (tx: Transaction) => {
    const r = await appendEntry(input, tx);
    if (r.created && input.amountAtomic > 0n) {
      await PayoutTransfer.create(
        { ledgerKey: input.entryKey, kind: input.kind, asset: input.asset, tokenAddress: null, toAddress: input.wallet, amountAtomic: input.amountAtomic.toString(), status: 'PENDING', signer: null, nonce: null, txHash: null, rawTx: null, lastError: null, sentAt: null, paidAt: null },
        { transaction: tx },
      );
    }
    return r;
  };
  return t ? run(t) : db().transaction(run);
}

/** What one completed review earns: the configured share of the submission's fee, at least the floor. */
export async function reviewPayoutAtomic(submissionId: string | null | undefined, t?: Transaction): Promise<bigint> {
  const cfg = economyConfig();
  let fee = 0n;
  if (submissionId) {
    // The fee the submission's payment settled, read from the payments table: payments record fees here
    // (payments/x402/ledger.ts), so the economy does not import the payments module back.
    const [p] = await db().query<{ status: string; amount: string }>(
      'SELECT p.status, p.amount_atomic AS amount FROM submissions s JOIN payments p ON p.id = s.payment_id WHERE s.id = :submissionId',
      { replacements: { submissionId }, type: QueryTypes.SELECT, transaction: t },
    );
    if (p && p.status === 'SETTLED') fee = BigInt(String(p.amount).split('.')[0]!);
  }
  const share = (fee * BigInt(cfg.validatorShareBps)) / 10000n;
  return share > cfg.validatorMinAtomic ? share : cfg.validatorMinAtomic;
}

/** Listeners told after an owed entry commits (the worker wires the payout queue here). */
const owedListeners = new Set<() => void>();
export function onOwed(fn: () => void): () => void {
  owedListeners.add(fn);
  return () => owedListeners.delete(fn);
}
export function notifyOwed(): void {
  for (const fn of owedListeners) {
    try {
      fn();
    } catch (err) {
      logger('economy').warn({ err: (err as Error).message }, 'payout trigger failed; the sweep pays it later');
    }
  }
}

/**
 * Interface for the council: a validator completed a review in `roundId` (its vote is stored).
 * Owes the validator's payout in USDC, once per round and validator (key `payout:<roundId>:<validatorKey>`),
 * however often it is called. `walletAddress` null means a built-in validator: its payout goes to
 * BUILTIN_VALIDATOR_PAYOUT_ADDRESS, and nothing is owed when that is unset. A malformed or zero
 * wallet earns nothing (logged), never an exception in the council's path.
 */
export async function recordValidatorReview(input: {
  roundId: string;
  validatorKey: string;
  walletAddress: string | null;
  submissionId: string;
  transaction?: Transaction;
}): Promise<{ owed: boolean; entryKey: string | null; amountAtomic: string; created: boolean }> {
  const wallet = payableWallet(input.walletAddress ?? economyConfig().builtinPayoutAddress);
  if (!wallet) {
    if (input.walletAddress) logger('economy').warn({ roundId: input.roundId, validatorKey: input.validatorKey }, 'validator payout address is not payable; no payout owed');
    return { owed: false, entryKey: null, amountAtomic: '0', created: false };
  }
  const amount = await reviewPayoutAtomic(input.submissionId, input.transaction);
  const entryKey = `payout:${input.roundId}:${input.validatorKey}`;
  if (amount === 0n) return { owed: false, entryKey: null, amountAtomic: '0', created: false };
  const { entry, created } = await owe(
    { entryKey, kind: 'VALIDATOR_PAYOUT_OWED', asset: 'USDC', amountAtomic: amount, wallet, validatorKey: input.validatorKey, roundId: input.roundId, submissionId: input.submissionId },
    input.transaction,
  );
  if (created) {
    if (input.transaction) input.transaction.afterCommit(() => notifyOwed());
    else notifyOwed();
  }
  return { owed: true, entryKey, amountAtomic: String(entry.amountAtomic), created };
}

/** A settled x402 payment: the fee received (key `fee:<paymentId>`). */
export async function recordFeeReceived(payment: { id: string; payer: string; amountAtomic: string | bigint; txHash: string | null }): Promise<void> {
  await appendEntry({
    entryKey: `fee:${payment.id}`,
    kind: 'FEE_RECEIVED',
    asset: 'USDC',
    amountAtomic: BigInt(String(payment.amountAtomic).split('.')[0]!),
    wallet: payableWallet(payment.payer),
    paymentId: payment.id,
    txHash: payment.txHash,
  });
}

/** A refund of a received fee (key `refund:<paymentId>`); recorded by whoever returns the money. */
export async function recordRefund(input: { paymentId: string; wallet: string; amountAtomic: bigint; txHash: string | null; reason: string }): Promise<{ created: boolean }> {
  const r = await appendEntry({ entryKey: `refund:${input.paymentId}`, kind: 'REFUND', asset: 'USDC', amountAtomic: input.amountAtomic, wallet: payableWallet(input.wallet), paymentId: input.paymentId, txHash: input.txHash, details: { reason: input.reason } });
  return { created: r.created };
}
