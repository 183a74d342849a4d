import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Op, literal } from 'sequelize';
import { config } from '../../config.js';
import { Payment, type PaymentStatus } from '../models.js';

/**
 * Settlement leases: which process owns a payment it is settling, and until when.
 *
 * The owner renews its lease every third of X402_SETTLE_LEASE_MS while it works; a process that
 * dies stops renewing, and once the lease has run out any other process may claim the payment (an
 * atomic compare-and-set on the row: one claimant wins). Before anything that may broadcast, the
 * owner re-checks and extends its lease in the same statement (`fence`): a process that lost its
 * lease never broadcasts. Times are the database's clock (NOW(3)), the one clock every process shares.
 * See docs/payments-recovery.md.
 */

/** This process as a lease owner: host, pid and a per-start id (a restarted process is a new owner). */
export const LEASE_OWNER = `${hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`;

export const leaseMs = (): number => config().X402_SETTLE_LEASE_MS;

/** SQL: the lease deadline, counted on the database clock. */
export const leaseDeadline = () => literal(`NOW(3) + INTERVAL ${Math.round(leaseMs()) * 1000} MICROSECOND`);
const dbNow = () => literal('NOW(3)');

/** Extends this process's lease on `id` if it still owns it in one of `statuses`; false: it does not. */
export async function renewLease(id: string, statuses: PaymentStatus[] = ['RESERVED', 'SETTLING']): Promise<boolean> {
  const [n] = await Payment.update({ leaseUntil: leaseDeadline() as unknown as Date }, { where: { id, leaseOwner: LEASE_OWNER, status: { [Op.in]: statuses } }, silent: true });
  return n === 1;
}

/** Thrown by the pre-broadcast fence when another process has taken the payment over. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/**
 * The pre-broadcast fence: records what is about to be broadcast (txHash when known) and extends
 * the lease, only while this process owns the SETTLING payment. Throws LeaseLost otherwise.
 */
export async function fence(id: string, txHash: string | null): Promise<void> {
  const [n] = await Payment.update(
    { leaseUntil: leaseDeadline() as unknown as Date, settleAttempts: literal('settle_attempts + 1') as unknown as number, ...(txHash ? { txHash } : {}) },
    { where: { id, leaseOwner: LEASE_OWNER, status: 'SETTLING' } },
  );
  if (n !== 1) throw new LeaseLost(`payment ${id} is settled by another process now`);
}

/**
 * Claims a SETTLING payment whose owner stopped renewing its lease. Rows from before leases existed
 * (lease_until NULL) are claimable once untouched for `legacyAgeMs`. True: this process owns it now.
 */
export async function claimStale(id: string, legacyAgeMs: number): Promise<boolean> {
  const [n] = await Payment.update(
    { leaseOwner: LEASE_OWNER, leaseUntil: leaseDeadline() as unknown as Date },
    {
      where: {
        id,
        status: 'SETTLING',
        [Op.or]: [{ leaseUntil: { [Op.lt]: dbNow() } }, { leaseUntil: null, updatedAt: { [Op.lt]: new Date(Date.now() - legacyAgeMs) } }],
      },
      silent: true,
    },
  );
  return n === 1;
}

/** Hands a payment still SETTLING back at once (outcome unknown for now): the next reconciliation may take it. */
export async function releaseLease(id: string): Promise<void> {
  // A second in the past, so a claim in the same millisecond already sees it run out.
  await Payment.update({ leaseUntil: literal('NOW(3) - INTERVAL 1 SECOND') as unknown as Date }, { where: { id, leaseOwner: LEASE_OWNER, status: 'SETTLING' }, silent: true });
}

/** Deletes a RESERVED payment whose owner died before verifying it: nothing of it reached the chain. */
export async function dropStaleReservation(id: string): Promise<boolean> {
  const n = await Payment.destroy({ where: { id, status: 'RESERVED', leaseUntil: { [Op.lt]: dbNow() } } });
  return n === 1;
}

/** Renews the lease every third of its length until stopped; `lost` turns true when a renewal finds it taken. */
export function heartbeat(id: string): { stop(): void; readonly lost: boolean } {
  let lost = false;
  const t = setInterval(() => {
    renewLease(id).then(
      (ok) => {
        if (!ok) lost = true;
      },
      () => undefined, // a database hiccup: the next beat tries again, and the fence decides before any broadcast
    );
  }, Math.max(200, Math.floor(leaseMs() / 3)));
  t.unref();
  return {
    stop: () => clearInterval(t),
    get lost() {
      return lost;
    },
  };
}
