import { randomUUID } from 'node:crypto';
import { recordFeeReceived } from '../../economy/ledger.js';
import { economyModelsReady } from '../../economy/models.js';
import { Op, UniqueConstraintError, type WhereOptions } from 'sequelize';
import { getAddress } from 'ethers';
import { connectChain, type ChainContext } from '../../chain/provider.js';
import { chainConfig } from '../../chain/config.js';
import { Payment, paymentModelsReady, type PaymentStatus } from '../models.js';
import { facilitatorSettler, localSettler, reconcileAuthorization, type ReconcileOutcome, type SettleHooks, type Settler } from './settle.js';
import { unavailable, verifyPayment } from './verify.js';
import { PaymentError, parsePaymentPayload, type PaymentErrorCode, type PaymentPayload, type PaymentRequirements } from './types.js';
import { metrics } from '../../metrics.js';

/**
 * The payments ledger: a proof pays once, one payment buys one thing, settlement happens before the
 * paid work starts, and an unknown outcome is resolved on chain by the authorization nonce.
 *
 *   RESERVED ──verify ok──▶ SETTLING ──receipt──▶ SETTLED
 *      │ verify fails            │ unknown outcome: stays SETTLING → reconcilePending() / next retry
 *      ▼                         ▼ certain failure
 *   (row deleted: nothing       FAILED (resource freed; the proof stays spent)
 *    reached the chain)
 */

export interface PaymentRecord {
  id: string;
  payer: string;
  payTo: string;
  amountAtomic: string;
  asset: string;
  network: string;
  nonce: string;
  status: PaymentStatus;
  txHash: string | null;
  resource: string;
  purpose: unknown;
  errorCode: string | null;
  settledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PaymentDeps {
  ctx: ChainContext;
  /** Default: the external facilitator when X402_FACILITATOR_URL is set, else the local FACILITATOR_KEY. */
  settler?: Settler;
  /** Stored with the payment (what was bought, for operators). */
  purpose?: unknown;
  /** Test hooks passed to the settler. */
  hooks?: Pick<SettleHooks, 'afterBroadcast'>;
}

export interface PayOnceResult {
  payment: PaymentRecord;
  /** true: settled earlier (same proof or same resource): replay the paid response, do not redo work. */
  replayed: boolean;
}

function requireModels(): void {
  if (!paymentModelsReady()) throw new Error('payment models are not initialised: call initPaymentModels(sequelize) at start');
}

export function defaultSettler(ctx: ChainContext): Settler {
  return ctx.cfg.facilitatorUrl ? facilitatorSettler(ctx, ctx.cfg.facilitatorUrl) : localSettler(ctx);
}

function toRecord(p: Payment): PaymentRecord {
  return {
    id: p.id,
    payer: getAddress(p.payer),
    payTo: getAddress(p.payTo),
    amountAtomic: String(p.amountAtomic),
    asset: getAddress(p.asset),
    network: p.network,
    nonce: p.nonce,
    status: p.status,
    txHash: p.txHash,
    resource: p.resource,
    purpose: p.purpose ?? null,
    errorCode: p.errorCode,
    settledAt: p.settledAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** Payments whose settlement runs in this process right now (reconciliation leaves them alone). */
const inflight = new Set<string>();

const inProgress = () =>
  new PaymentError('payment_in_progress', 'a payment for this request is being settled; its outcome is confirmed on chain shortly. Retry the same request with the same payment header.');

async function markSettled(id: string, txHash: string): Promise<Payment | null> {
  await Payment.update({ status: 'SETTLED', txHash, settledAt: new Date(), errorCode: null }, { where: { id, status: { [Op.in]: ['SETTLING', 'RESERVED'] } } });
  const p = await Payment.findByPk(id);
  // The economy ledger's fee entry; keyed by payment, so every path that settles records it once.
  if (p?.status === 'SETTLED' && economyModelsReady(Payment.sequelize)) await recordFeeReceived(p);
  return p;
}

async function markFailed(id: string, code: PaymentErrorCode): Promise<void> {
  await Payment.update({ status: 'FAILED', resourceLive: null, errorCode: code }, { where: { id, status: 'SETTLING' } });
}

/** Resolves one SETTLING payment from the chain (never broadcasts). */
async function reconcileRow(row: Payment, ctx: ChainContext): Promise<ReconcileOutcome> {
  if (inflight.has(row.id)) return { state: 'pending' };
  const out = await reconcileAuthorization(ctx, {
    asset: row.asset,
    payer: row.payer,
    nonce: row.nonce,
    payTo: row.payTo,
    value: BigInt(String(row.amountAtomic)),
    validBefore: BigInt(row.validBefore),
    txHash: row.txHash,
    fromBlock: row.searchFromBlock === null ? null : Number(row.searchFromBlock),
  });
  if (out.state === 'settled') await markSettled(row.id, out.txHash);
  if (out.state === 'failed') await markFailed(row.id, out.code);
  return out;
}

type Decision = { result: PayOnceResult } | { error: PaymentError } | null;

async function decideExisting(key: { network: string; asset: string; payer: string; nonce: string }, resource: string, ctx: ChainContext): Promise<Decision> {
  const byResource = await Payment.findOne({ where: { resource, resourceLive: 1 } });
  if (byResource?.status === 'SETTLED') return { result: { payment: toRecord(byResource), replayed: true } };
  const byProof = await Payment.findOne({ where: key });
  if (byProof && byProof.resource !== resource) {
    return { error: new PaymentError('payment_replayed', 'this payment proof was already used for another purchase; sign a new payment') };
  }
  const live = byProof?.status === 'FAILED' ? byResource : (byProof ?? byResource);
  if (byProof?.status === 'FAILED' && !byResource) {
    return { error: new PaymentError('payment_settlement_failed', 'this payment proof could not be settled; sign a new payment') };
  }
  if (!live) return null;
  if (live.status === 'SETTLING') {
    const out = await reconcileRow(live, ctx);
    if (out.state === 'settled') {
      const row = (await Payment.findByPk(live.id))!;
      return { result: { payment: toRecord(row), replayed: true } };
    }
    if (out.state === 'failed') {
      if (live.id === byProof?.id) return { error: new PaymentError('payment_settlement_failed', 'this payment proof could not be settled; sign a new payment') };
      return null; // another proof's attempt failed: the resource is free again
    }
  }
  return { error: inProgress() };
}

/**
 * Takes one payment for `resource`: reserves the proof (unique race: a concurrent duplicate gets
 * `payment_in_progress`), verifies it, settles it on chain before returning, and records the
 * outcome. A resource already paid returns that payment with `replayed: true` (the caller replays
 * its paid response; the new proof is not charged). A proof already used for another resource is
 * `payment_replayed`. An unknown settlement outcome stays SETTLING and is reported as
 * `payment_in_progress`: the next retry, or reconcilePending(), resolves it by nonce.
 * Throws PaymentError on every refusal.
 */
export async function payOnce(payload: PaymentPayload, requirements: PaymentRequirements, resource: string, deps: PaymentDeps): Promise<PayOnceResult> {
  requireModels();
  const p = parsePaymentPayload(payload);
  if (!resource || resource.length > 255) throw new Error('resource must be 1..255 characters');
  const { ctx } = deps;
  const key = {
    network: requirements.network,
    asset: requirements.asset.toLowerCase(),
    payer: p.payload.authorization.from.toLowerCase(),
    nonce: p.payload.authorization.nonce.toLowerCase(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const decided = await decideExisting(key, resource, ctx);
    if (decided && 'result' in decided) return decided.result;
    if (decided) throw decided.error;
    let fromBlock: number;
    try {
      fromBlock = await ctx.provider.getBlockNumber();
    } catch {
      throw unavailable();
    }
    let row: Payment;
    try {
      row = await Payment.create({
        id: randomUUID(),
        ...key,
        payTo: requirements.payTo.toLowerCase(),
        amountAtomic: requirements.amount,
        validBefore: p.payload.authorization.validBefore,
        status: 'RESERVED',
        txHash: null,
        resource,
        resourceLive: 1,
        purpose: deps.purpose ?? null,
        errorCode: null,
        searchFromBlock: fromBlock,
        settledAt: null,
      });
    } catch (err) {
      if (err instanceof UniqueConstraintError) continue; // lost the race: decide again from the winner's row
      throw err;
    }
    return settleReserved(row, p, requirements, deps);
  }
  throw inProgress();
}

async function settleReserved(row: Payment, p: PaymentPayload, requirements: PaymentRequirements, deps: PaymentDeps): Promise<PayOnceResult> {
  const { ctx } = deps;
  inflight.add(row.id);
  let maybeBroadcast = false;
  try {
    let verdict;
    try {
      verdict = await verifyPayment(p, requirements, { ctx });
    } catch (err) {
      await row.destroy();
      throw err instanceof PaymentError ? err : unavailable();
    }
    if (!verdict.ok) {
      await row.destroy();
      throw new PaymentError(verdict.code, verdict.message);
    }
    const [moved] = await Payment.update({ status: 'SETTLING' }, { where: { id: row.id, status: 'RESERVED' } });
    // The reconciler frees reservations it thinks abandoned: never broadcast without our row.
    if (moved !== 1) throw new PaymentError('payment_in_progress', 'the payment reservation expired; retry the same request');
    const settler = deps.settler ?? defaultSettler(ctx);
    let outcome;
    try {
      outcome = await settler.settle(p, requirements, verdict, {
        beforeBroadcast: async (txHash) => {
          maybeBroadcast = true;
          if (txHash) await Payment.update({ txHash }, { where: { id: row.id } });
        },
        ...(deps.hooks?.afterBroadcast ? { afterBroadcast: deps.hooks.afterBroadcast } : {}),
      });
    } catch (err) {
      metrics.paymentSettlements.inc({ outcome: 'error' });
      if (!maybeBroadcast) {
        await row.destroy();
        throw err instanceof PaymentError ? err : unavailable();
      }
      throw inProgress(); // stays SETTLING: reconciled by nonce, never broadcast again
    }
    metrics.paymentSettlements.inc({ outcome: outcome.status });
    if (outcome.status === 'settled') {
      const done = await markSettled(row.id, outcome.txHash);
      if (done?.status !== 'SETTLED') throw inProgress();
      return { payment: toRecord(done), replayed: false };
    }
    if (outcome.status === 'failed') {
      if (!maybeBroadcast) {
        await row.destroy();
      } else {
        await markFailed(row.id, outcome.code);
      }
      throw new PaymentError(outcome.code, outcome.message);
    }
    if (outcome.txHash) await Payment.update({ txHash: outcome.txHash }, { where: { id: row.id, status: 'SETTLING' } });
    throw inProgress();
  } finally {
    inflight.delete(row.id);
  }
}

/**
 * Resolves payments whose settlement outcome is unknown (SETTLING, untouched for `minAgeMs`) from
 * the chain by authorization nonce, and releases reservations abandoned before verification
 * finished (RESERVED for `staleReservedMs`: nothing reached the chain). Run it from a worker every
 * few seconds; it never broadcasts.
 */
export async function reconcilePending(
  deps: { ctx?: ChainContext; minAgeMs?: number; staleReservedMs?: number; limit?: number } = {},
): Promise<{ settled: number; failed: number; pending: number; released: number }> {
  requireModels();
  const now = Date.now();
  const released = await Payment.destroy({ where: { status: 'RESERVED', updatedAt: { [Op.lt]: new Date(now - (deps.staleReservedMs ?? 120000)) } } });
  const rows = await Payment.findAll({
    where: { status: 'SETTLING', updatedAt: { [Op.lte]: new Date(now - (deps.minAgeMs ?? 5000)) } },
    order: [['updatedAt', 'ASC']],
    limit: deps.limit ?? 100,
  });
  const summary = { settled: 0, failed: 0, pending: 0, released };
  if (rows.length === 0) return summary;
  const ctx = deps.ctx ?? (await connectChain(chainConfig()));
  for (const row of rows) {
    const out = await reconcileRow(row, ctx);
    summary[out.state] += 1;
    metrics.paymentReconciliations.inc({ outcome: out.state });
  }
  return summary;
}

/** Operator listing, newest first. */
export async function listPayments(filter: { status?: PaymentStatus; payer?: string; resource?: string; limit?: number } = {}): Promise<PaymentRecord[]> {
  requireModels();
  const where: WhereOptions = {};
  if (filter.status) Object.assign(where, { status: filter.status });
  if (filter.payer) Object.assign(where, { payer: filter.payer.toLowerCase() });
  if (filter.resource) Object.assign(where, { resource: filter.resource });
  const rows = await Payment.findAll({ where, order: [['createdAt', 'DESC']], limit: Math.min(Math.max(filter.limit ?? 50, 1), 500) });
  return rows.map(toRecord);
}

/** One payment by id, or the live/settled payment of a resource. */
export async function findPayment(by: { id?: string; resource?: string }): Promise<PaymentRecord | null> {
  requireModels();
  const row = by.id ? await Payment.findByPk(by.id) : by.resource ? await Payment.findOne({ where: { resource: by.resource, resourceLive: 1 } }) : null;
  return row ? toRecord(row) : null;
}
