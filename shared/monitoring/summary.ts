import type { Transaction } from 'sequelize';
import { CertificateState } from '../db/models.js';
import { invalidate } from '../cache/read-cache.js';
import { monitoringStateOf } from './decide.js';
import { MonitoringCheck } from './models.js';
import { CHECK_KINDS, type CheckSummary } from './types.js';

/** One check row as live-status shows it (the alert key stays internal). */
export function checkSummaryOf(row: MonitoringCheck): CheckSummary {
  const { alertKey: _internal, ...evidence } = row.evidence ?? {};
  return {
    kind: row.kind,
    outcome: row.outcome,
    at: row.checkedAt.toISOString(),
    since: row.since.toISOString(),
    detail: row.detail,
    evidence,
    flagId: row.flagId,
  };
}

/**
 * Writes the certificate's monitoring summary into its live row (certificate_states), where
 * verify, live-status and the pages read the live state from (shared/certificates/views.ts), and
 * tells the web processes. `changed`: the outcome or an alert changed, so cached copies are dropped
 * at once; otherwise only the times moved, and they are reloaded in the background.
 */
export async function refreshMonitoringSummary(certificateId: string, t: Transaction, changed: boolean): Promise<void> {
  const rows = await MonitoringCheck.findAll({ where: { certificateId }, transaction: t });
  rows.sort((a, b) => CHECK_KINDS.indexOf(a.kind) - CHECK_KINDS.indexOf(b.kind));
  const checks = rows.map(checkSummaryOf);
  const last = rows.reduce<Date | null>((m, r) => (!m || r.checkedAt > m ? r.checkedAt : m), null);
  // The stored state says what the checks found; live-status adds STOPPED from the status (monitoringView).
  await CertificateState.update(
    { monitoringState: monitoringStateOf('APPROVED', checks), monitoringChecks: checks, ...(last ? { monitoringCheckedAt: last } : {}) },
    { where: { certificateId }, transaction: t },
  );
  if (changed) invalidate.certificates([certificateId], t);
  else t.afterCommit(() => invalidate.counts([certificateId]));
}
