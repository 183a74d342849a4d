/**
 * An operator's decision on an open flag (console and CLI alike): it suspends the certificate, owes the
 * reporter's bounty and, for a monitoring alert, stops the check alerting. A use case over certificates,
 * the economy and monitoring, so none of those folders imports another back (docs/architecture.md).
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { db } from '../db/connection.js';
import { AuditLog, Certificate, CertificateState, Flag } from '../db/models.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { isOwnersFlag, isSystemFlag, notifyOwner, recountFlags } from '../certificates/flags.js';
import { economyConfig } from '../economy/config.js';
import { notifyOwed, owe } from '../economy/ledger.js';
import { enqueuePayoutRun } from '../economy/payouts.js';
import { MonitoringCheck } from '../monitoring/models.js';
import { refreshMonitoringSummary } from '../monitoring/summary.js';

export interface FlagResolution {
  flag: Flag;
  bounty: { entryKey: string; amountAtomic: string; wallet: string } | null;
  bountyWithheld: string | null;
}

/**
 * Operator decision on an open flag. Confirm: the certificate is SUSPENDED and the bounty is owed to
 * the flag's wallet (ledger key `bounty:<flagId>`, paid by the payout job), unless it is the owner's
 * own flag. Dismiss: the flag stops counting. Both are written to the audit log with the reason.
 */
export async function resolveFlag(flagId: string, decision: 'confirm' | 'dismiss', reason: string, operator: string): Promise<Flag> {
  return (await resolveFlagWithBounty(flagId, decision, reason, operator)).flag;
}

export async function resolveFlagWithBounty(flagId: string, decision: 'confirm' | 'dismiss', reason: string, operator: string): Promise<FlagResolution> {
  if (!reason.trim()) throw badRequest('reason_required', 'A reason is required', 'reason');
  const result = await db().transaction(async (t): Promise<FlagResolution> => {
    // Lock order as in createFlag: the certificate's state row first, then the flag.
    const peek = await Flag.findByPk(flagId, { transaction: t });
    if (!peek) throw notFound('Flag');
    const state = await CertificateState.findByPk(peek.certificateId, { transaction: t, lock: t.LOCK.UPDATE });
    const flag = (await Flag.findByPk(flagId, { transaction: t, lock: t.LOCK.UPDATE }))!;
    if (flag.status !== 'OPEN') throw conflict('flag_not_open', `Flag ${flagId} is ${flag.status}`);
    flag.set({ status: decision === 'confirm' ? 'CONFIRMED' : 'DISMISSED', openKey: null, resolution: reason, resolvedAt: new Date() });
    await flag.save({ transaction: t });
    if (decision === 'confirm' && state && state.status !== 'SUSPENDED') {
      const from = state.status;
      state.set({ status: 'SUSPENDED', statusReason: `Flag confirmed: ${reason}` });
      await state.save({ transaction: t });
      await notifyOwner(flag.certificateId, { kind: 'status', from, to: 'SUSPENDED', reason: `Flag confirmed: ${reason}` }, t);
    }
    let bounty: FlagResolution['bounty'] = null;
    let bountyWithheld: string | null = null;
    if (decision === 'confirm') {
      const cert = await Certificate.findByPk(flag.certificateId, { transaction: t });
      if (isSystemFlag(flag)) bountyWithheld = 'a monitoring alert earns no bounty';
      else if (cert && isOwnersFlag(flag, cert.owner)) bountyWithheld = "the certificate owner's own flag earns no bounty";
      else if (economyConfig().bountyAtomic === 0n) bountyWithheld = 'FLAG_BOUNTY_REWARD is 0';
      else {
        const entryKey = `bounty:${flag.id}`;
        const amount = economyConfig().bountyAtomic;
        await owe({ entryKey, kind: 'BOUNTY_OWED', asset: 'REWARD', amountAtomic: amount, wallet: flag.walletAddress, flagId: flag.id, details: { certificateId: flag.certificateId } }, t);
        bounty = { entryKey, amountAtomic: amount.toString(), wallet: flag.walletAddress };
      }
    }
    await recountFlags(flag.certificateId, t);
    if (isSystemFlag(flag)) await monitoringFlagResolved(flag, decision, t);
    await AuditLog.create(
      { id: randomUUID(), operator, action: `flag.${decision}`, targetType: 'flag', targetId: flagId, details: { reason, certificateId: flag.certificateId, bounty, bountyWithheld } },
      { transaction: t },
    );
    return { flag, bounty, bountyWithheld };
  });
  if (result.bounty) {
    notifyOwed();
    // The worker listens for notifyOwed; the web process and the CLI do not, so queue a payout run too.
    await enqueuePayoutRun();
  }
  return result;
}

/**
 * A monitoring alert resolved: the check stops alerting; a dismissal covers the evidence the operator
 * saw (the check's alert key), so only a different change opens a new flag (docs/monitoring.md).
 */
async function monitoringFlagResolved(flag: Flag, decision: 'confirm' | 'dismiss', t: Transaction): Promise<void> {
  const row = await MonitoringCheck.findOne({ where: { flagId: flag.id }, transaction: t, lock: t.LOCK.UPDATE });
  if (!row) return;
  const key = row.evidence?.alertKey;
  row.set({ flagId: null, ...(decision === 'dismiss' && typeof key === 'string' ? { dismissedKey: key } : {}) });
  await row.save({ transaction: t });
  await refreshMonitoringSummary(flag.certificateId, t, true);
}
