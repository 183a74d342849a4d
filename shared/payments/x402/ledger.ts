import { randomUUID } from 'node:crypto';
import { recordFeeReceived } from '../../economy/ledger.js';
import { economyModelsReady } from '../../economy/models.js';
import { Op, UniqueConstraintError, type WhereOptions } from 'sequelize';
import { getAddress } from 'ethers';
import { connectChain, type ChainContext } from '../../chain/provider.js';
import { chainConfig } from '../../chain/config.js';
import { Payment, paymentModelsReady, type PaymentStatus, type StoredSettlement } from '../models.js';
import { facilitatorSettler, localSettler, reconcileAuthorization, type ReconcileOutcome, type SettleHooks, type SettleOutcome, type Settler, type VerifiedAuthorization } from './settle.js';
import { unavailable, verifyPayment, VALIDITY_MARGIN_SECONDS } from './verify.js';
import { LEASE_OWNER, LeaseLost, claimStale, dropStaleReservation, fence, heartbeat, leaseDeadline, releaseLease } from './lease.js';
import { nextBlockTime } from '../../chain/provider.js';
import { faultPoint } from '../../faults.js';
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
 *
 * A process owns the rows it works on by a lease it keeps renewing (lease.ts). When it dies, the
 * lease runs out and the next retry of the request, or the worker's reconcilePending(), claims the
 * row and finishes it: a RESERVED row is dropped (nothing was sent), a SETTLING row is resolved by
 * nonce or broadcast from the stored authorization. docs/payments-recovery.md has the whole story.
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

/** Untouched this long, a SETTLING row without a lease (written before leases existed) counts as abandoned. */
const LEGACY_SETTLING_AGE_MS = 5000;

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
  // The stored authorization is needed no more once the payment is final.
  await Payment.update({ status: 'SETTLED', txHash, settledAt: new Date(), errorCode: null, settlement: null, leaseUntil: null }, { where: { id, status: { [Op.in]: ['SETTLING', 'RESERVED'] } } });
  const p = await Payment.findByPk(id);
  // The economy ledger's fee entry; keyed by payment, so every path that settles records it once.
  if (p?.status === 'SETTLED' && economyModelsReady(Payment.sequelize)) await recordFeeReceived(p);
  return p;
}

async function markFailed(id: string, code: PaymentErrorCode): Promise<void> {
  await Payment.update({ status: 'FAILED', resourceLive: null, errorCode: code, settlement: null, leaseUntil: null }, { where: { id, status: 'SETTLING' } });
}

/** Resolves one SETTLING payment from the chain (never broadcasts). */
async function reconcileRow(row: Payment, ctx: ChainContext, owned = false): Promise<ReconcileOutcome> {
  if (inflight.has(row.id) && !owned) return { state: 'pending' };
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

type Where = 'retry' | 'reconciler';

/** What the payment's stored authorization needs to be broadcast by a process that did not receive it. */
function storedAuthorization(row: Payment): { payload: PaymentPayload; requirements: PaymentRequirements; contractWallet: boolean | undefined } | null {
  const s = row.settlement as StoredSettlement | null;
  if (!s?.payload || !s.requirements) return null;
  try {
    return { payload: parsePaymentPayload(s.payload), requirements: s.requirements as PaymentRequirements, contractWallet: s.contractWallet };
  } catch {
    return null;
  }
}

/**
 * Runs the settler for a SETTLING payment this process owns, and records the outcome. The
 * pre-broadcast fence re-checks ownership (and records the transaction hash) before anything is
 * sent. `sent`: whether anything may have reached the chain (a failure before that sent nothing).
 */
async function broadcastOwned(
  id: string,
  payload: PaymentPayload,
  requirements: PaymentRequirements,
  verified: VerifiedAuthorization,
  ctx: ChainContext,
  settler: Settler,
  hooks: PaymentDeps['hooks'],
): Promise<{ outcome: SettleOutcome; sent: boolean } | { error: unknown; sent: boolean }> {
  let sent = false;
  try {
    const outcome = await settler.settle(payload, requirements, verified, {
      beforeBroadcast: async (txHash) => {
        await fence(id, txHash);
        sent = true;
      },
      ...(hooks?.afterBroadcast ? { afterBroadcast: hooks.afterBroadcast } : {}),
    });
    metrics.paymentSettlements.inc({ outcome: outcome.status });
    return { outcome, sent };
  } catch (error) {
    metrics.paymentSettlements.inc({ outcome: 'error' });
    return { error, sent };
  }
}

/**
 * Finishes a SETTLING payment this process has claimed from a dead owner: first the chain by nonce
 * (already mined → settled; cancelled, reverted or expired → failed), then, while the authorization
 * is still valid and no transaction of it is waiting in the node's pool, a broadcast of the stored
 * authorization. Never leaves the row claimed: a pending outcome hands the lease back.
 */
async function finishClaimed(row: Payment, ctx: ChainContext, where: Where, settler?: Settler): Promise<ReconcileOutcome> {
  inflight.add(row.id);
  const beat = heartbeat(row.id);
  let out: ReconcileOutcome = { state: 'pending' };
  try {
    out = await reconcileRow(row, ctx, true);
    if (out.state !== 'pending') return out;
    const auth = storedAuthorization(row);
    if (!auth) return out; // written before authorizations were stored: resolved by nonce, or fails at expiry
    if (row.txHash) {
      const tx = await ctx.provider.getTransaction(row.txHash).catch(() => {
        throw unavailable();
      });
      if (tx && tx.blockNumber === null) return out; // still in the pool: it is mined or dropped soon
    }
    const now = BigInt(await nextBlockTime(ctx).catch(() => {
      throw unavailable();
    }));
    // Too close to expiry to be mined in time: let it expire, then it fails (released) by nonce.
    if (BigInt(auth.payload.payload.authorization.validBefore) <= now + BigInt(VALIDITY_MARGIN_SECONDS)) return out;
    const a = auth.payload.payload.authorization;
    const contractWallet = auth.contractWallet ?? (await ctx.provider.getCode(getAddress(a.from)).catch(() => { throw unavailable(); })) !== '0x';
    const verified: VerifiedAuthorization = { payer: getAddress(a.from), nonce: a.nonce.toLowerCase(), value: BigInt(a.value), contractWallet };
    const done = await broadcastOwned(row.id, auth.payload, auth.requirements, verified, ctx, settler ?? defaultSettler(ctx), undefined);
    if (done.sent) metrics.paymentRecoveries.inc({ where, outcome: 'broadcast' });
    if ('error' in done) {
      if (done.error instanceof LeaseLost) return out;
      throw done.error instanceof PaymentError ? done.error : unavailable();
    }
    const o = done.outcome;
    if (o.status === 'settled') {
      await markSettled(row.id, o.txHash);
      out = { state: 'settled', txHash: o.txHash };
    } else if (o.status === 'failed') {
      // Certainly not transferred, and the payer is not here to sign again: the authorization is released.
      await markFailed(row.id, o.code);
      out = { state: 'failed', code: o.code };
    } else if (o.txHash) {
      await Payment.update({ txHash: o.txHash }, { where: { id: row.id, status: 'SETTLING' } });
    }
    return out;
  } finally {
    beat.stop();
    inflight.delete(row.id);
    if (out.state === 'pending') await releaseLease(row.id).catch(() => undefined);
    metrics.paymentRecoveries.inc({ where, outcome: out.state });
  }
}

async function decideExisting(key: { network: string; asset: string; payer: string; nonce: string }, resource: string, ctx: ChainContext, settler?: Settler): Promise<Decision> {
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
  // A reservation whose process died before verifying it: nothing was sent, start again.
  if (live.status === 'RESERVED' && (await dropStaleReservation(live.id))) {
    metrics.paymentRecoveries.inc({ where: 'retry', outcome: 'released' });
    return null;
  }
  if (live.status === 'SETTLING') {
    // The owner died (its lease ran out): this retry finishes the settlement itself, so the client
    // does not wait for the worker. Otherwise the owner is alive: only look at the chain.
    const claimed = !inflight.has(live.id) && (await claimStale(live.id, LEGACY_SETTLING_AGE_MS));
    const out = claimed ? await finishClaimed(live, ctx, 'retry', settler) : await reconcileRow(live, ctx);
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
 * `payment_in_progress`: the next retry, or reconcilePending(), resolves it by nonce. A payment
 * left by a process that died is finished by the retry that finds it (see finishClaimed).
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
    const decided = await decideExisting(key, resource, ctx, deps.settler);
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
        // Kept until final, so another process can broadcast it if this one dies (docs/payments-recovery.md).
        settlement: { payload: p, requirements },
        leaseOwner: LEASE_OWNER,
        leaseUntil: leaseDeadline() as unknown as Date,
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
  const beat = heartbeat(row.id);
  // Nothing reached the chain: drop our row so the same proof can be tried again.
  const drop = () => Payment.destroy({ where: { id: row.id, leaseOwner: LEASE_OWNER, status: { [Op.in]: ['RESERVED', 'SETTLING'] } } });
  try {
    let verdict;
    try {
      verdict = await verifyPayment(p, requirements, { ctx });
    } catch (err) {
      await drop();
      throw err instanceof PaymentError ? err : unavailable();
    }
    if (!verdict.ok) {
      await drop();
      throw new PaymentError(verdict.code, verdict.message);
    }
    const [moved] = await Payment.update(
      { status: 'SETTLING', settlement: { payload: p, requirements, contractWallet: verdict.contractWallet } },
      { where: { id: row.id, status: 'RESERVED', leaseOwner: LEASE_OWNER } },
    );
    // Another process dropped the reservation it thought abandoned: never broadcast without our row.
    if (moved !== 1) throw new PaymentError('payment_in_progress', 'the payment reservation expired; retry the same request');
    await faultPoint('x402.settle.before-broadcast');
    const done = await broadcastOwned(row.id, p, requirements, verdict, ctx, deps.settler ?? defaultSettler(ctx), deps.hooks);
    if ('error' in done) {
      if (done.error instanceof LeaseLost) throw inProgress(); // taken over (this process stalled): the new owner finishes it
      if (!done.sent) {
        await drop();
        throw done.error instanceof PaymentError ? done.error : unavailable();
      }
      await releaseLease(row.id);
      throw inProgress(); // stays SETTLING: reconciled by nonce, never broadcast twice at once
    }
    const outcome = done.outcome;
    if (outcome.status === 'settled') {
      const settled = await markSettled(row.id, outcome.txHash);
      if (settled?.status !== 'SETTLED') throw inProgress();
      await faultPoint('x402.settle.after-record');
      return { payment: toRecord(settled), replayed: false };
    }
    if (outcome.status === 'failed') {
      if (!done.sent) await drop();
      else await markFailed(row.id, outcome.code);
      throw new PaymentError(outcome.code, outcome.message);
    }
    if (outcome.txHash) await Payment.update({ txHash: outcome.txHash }, { where: { id: row.id, status: 'SETTLING' } });
    await releaseLease(row.id);
    throw inProgress();
  } finally {
    beat.stop();
    inflight.delete(row.id);
  }
}

/**
 * Finishes payments left by processes that died or gave up: RESERVED rows whose lease ran out are
 * dropped (nothing reached the chain); SETTLING rows whose lease ran out are claimed (one process
 * wins each) and resolved by nonce, or broadcast from the stored authorization while it is valid
 * (finishClaimed). The worker runs it every X402_RECONCILE_INTERVAL_MS; a retry of the request
 * does the same for its own payment at once.
 */
export async function reconcilePending(
  deps: { ctx?: ChainContext; minAgeMs?: number; staleReservedMs?: number; limit?: number; settler?: Settler } = {},
): Promise<{ settled: number; failed: number; pending: number; released: number }> {
  requireModels();
  const now = Date.now();
  const dbNow = Payment.sequelize!.literal('NOW(3)');
  const released =
    (await Payment.destroy({ where: { status: 'RESERVED', leaseUntil: { [Op.lt]: dbNow } } })) +
    // Reservations from before leases existed: the age rule.
    (await Payment.destroy({ where: { status: 'RESERVED', leaseUntil: null, updatedAt: { [Op.lt]: new Date(now - (deps.staleReservedMs ?? 120000)) } } }));
  if (released) metrics.paymentRecoveries.inc({ where: 'reconciler', outcome: 'released' }, released);
  const legacyAge = deps.minAgeMs ?? LEGACY_SETTLING_AGE_MS;
  const rows = await Payment.findAll({
    where: {
      status: 'SETTLING',
      [Op.or]: [{ leaseUntil: { [Op.lt]: dbNow } }, { leaseUntil: null, updatedAt: { [Op.lte]: new Date(now - legacyAge) } }],
    },
    order: [['updatedAt', 'ASC']],
    limit: deps.limit ?? 100,
  });
  const summary = { settled: 0, failed: 0, pending: 0, released };
  if (rows.length === 0) return summary;
  const ctx = deps.ctx ?? (await connectChain(chainConfig()));
  for (const row of rows) {
    if (inflight.has(row.id) || !(await claimStale(row.id, legacyAge))) continue; // another process took it
    const fresh = await Payment.findByPk(row.id);
    if (!fresh) continue;
    let out: ReconcileOutcome;
    try {
      out = await finishClaimed(fresh, ctx, 'reconciler', deps.settler);
    } catch {
      out = { state: 'pending' }; // chain unreachable: the lease is handed back, next round tries again
    }
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
