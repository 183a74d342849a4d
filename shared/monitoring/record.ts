import type { Transaction } from 'sequelize';
import { db } from '../db/connection.js';
import { CertificateState } from '../db/models.js';
import { openSystemFlag } from '../certificates/flags.js';
import { alertDecision, sinceOf, slotDone } from './decide.js';
import { MonitoringCheck } from './models.js';
import { refreshMonitoringSummary } from './summary.js';
import type { CheckKind, CheckResult } from './types.js';

export type Recorded = { recorded: false; why: 'not_approved' | 'slot_done' } | { recorded: true; changed: boolean; flagId: string | null; flagOpened: boolean };

export type RecordedOrNot = Recorded | { recorded: false; why: 'not_applicable' };

const FLAG_REASON: Record<CheckKind, string> = { source: 'monitoring_source_changed', endpoints: 'monitoring_endpoints', rules: 'monitoring_new_findings', advisories: 'monitoring_advisories', packages: 'monitoring_package_blocked' };

/** What an operator reads on the flag: the sentence and the evidence (docs/monitoring.md). */
function flagDetails(kind: CheckKind, result: CheckResult): string {
  return `Monitoring (${kind}): ${result.detail}\nEvidence: ${JSON.stringify(result.evidence)}`.slice(0, 8000);
}

/**
 * Records one check's result for `slot`, once: under the certificate's state row (the lock order of
 * shared/certificates/flags.ts), a second run of the same slot (another worker, a retried job) finds
 * the slot done and writes nothing. A result that asks an operator opens a system flag. Never touches
 * the sealed certificate record.
 */
export async function recordCheck(certificateId: string, kind: CheckKind, slot: string, result: CheckResult, now: Date): Promise<Recorded> {
  return (await recordComputedCheck(certificateId, kind, now, async () => ({ slot, result }))) as Recorded;
}

/**
 * The same, for a result computed from the database under the certificate's lock (the advisories
 * check reads its packages' latest re-checks there, so two package checks finishing together
 * cannot record an older picture over a newer one). `compute` returning null records nothing.
 */
export async function recordComputedCheck(certificateId: string, kind: CheckKind, now: Date, compute: (t: Transaction) => Promise<{ slot: string; result: CheckResult } | null>): Promise<RecordedOrNot> {
  return db().transaction(async (t): Promise<RecordedOrNot> => {
    const state = await CertificateState.findByPk(certificateId, { transaction: t, lock: t.LOCK.UPDATE });
    if (!state || state.status !== 'APPROVED') return { recorded: false, why: 'not_approved' };
    const computed = await compute(t);
    if (!computed) return { recorded: false, why: 'not_applicable' };
    const { slot, result } = computed;
    // Locked only when it exists: a locking read of a missing key takes a gap lock, and two checks of
    // neighbouring certificates inserting into the same gap deadlock. A missing row is created by one
    // writer at a time anyway: every writer holds the certificate's state row.
    const row = (await MonitoringCheck.count({ where: { certificateId, kind }, transaction: t })) ? await MonitoringCheck.findOne({ where: { certificateId, kind }, transaction: t, lock: t.LOCK.UPDATE }) : null;
    if (row && slotDone(kind, row.slot, slot)) return { recorded: false, why: 'slot_done' };

    let flagId = row?.flagId ?? null;
    let flagOpened = false;
    if (alertDecision(result, { openFlagId: flagId, dismissedKey: row?.dismissedKey ?? null }) === 'open') {
      flagId = (await openSystemFlag(certificateId, kind, FLAG_REASON[kind], flagDetails(kind, result), t)).id;
      flagOpened = true;
    }
    const changed = !row || row.outcome !== result.outcome || flagOpened;
    const values = {
      outcome: result.outcome,
      detail: result.detail,
      // The alert key stays with the evidence (a dismissal covers it); live-status leaves it out.
      evidence: { ...result.evidence, ...(result.alertKey ? { alertKey: result.alertKey } : {}) },
      slot,
      checkedAt: now,
      since: sinceOf(row, result.outcome, now),
      flagId,
    };
    if (row) {
      row.set(values);
      await row.save({ transaction: t });
    } else {
      await MonitoringCheck.create({ certificateId, kind, dismissedKey: null, ...values }, { transaction: t });
    }
    await refreshMonitoringSummary(certificateId, t, changed);
    return { recorded: true, changed, flagId, flagOpened };
  });
}
