/**
 * Planning and running monitoring checks as Bull jobs (docs/monitoring.md).
 *
 * A repeatable `plan` job (one per MONITOR_PLAN_EVERY_MS across all workers: Bull keys repeatable
 * jobs in Redis) walks the APPROVED certificates and adds, as delayed jobs, the checks due before its
 * next run, each at its certificate's fixed offset inside the interval (decide.ts): the checks of
 * many certificates are spread over the interval, never all at once. Every job id names the
 * certificate, kind and slot, so a planner running twice adds a check once; the recorded slot makes
 * a check that runs twice (a retried job, a second worker) record once.
 */
import { QueryTypes } from 'sequelize';
import { db } from '../db/connection.js';
import { config } from '../config.js';
import { logger } from '../log.js';
import { metrics } from '../metrics.js';
import { jobIds, queue, type MonitorCheckJob, type PackageAdvisoryJob } from '../queues/index.js';
import { SANDBOX_RULESET_VERSION } from '../sandbox/ruleset-version.js';
import { loadCertificate, type LoadedCertificate } from '../certificates/views.js';
import { dueChecks, rulesetOlder, rulesPlan, slotDone, slotOf } from './decide.js';
import { recordAdvisories, uncheckedDependencies } from './advisories.js';
import { planReanalyses, recordPackageVerdicts, submissionsWithChangedPackages } from './package-rules.js';
import { runCheck, type CheckDeps } from './checks.js';
import { MonitoringCheck } from './models.js';
import { recordCheck } from './record.js';
import type { CheckKind } from './types.js';

export interface MonitorSettings {
  sourceIntervalMs: number;
  endpointsIntervalMs: number;
  advisoriesIntervalMs: number;
  planEveryMs: number;
}

export function monitorSettings(): MonitorSettings {
  const c = config();
  return { sourceIntervalMs: c.MONITOR_SOURCE_INTERVAL_MS, endpointsIntervalMs: c.MONITOR_ENDPOINTS_INTERVAL_MS, advisoriesIntervalMs: c.MONITOR_ADVISORIES_INTERVAL_MS, planEveryMs: c.MONITOR_PLAN_EVERY_MS };
}

const PAGE = 1000;

interface Row {
  id: string;
  submissionId: string;
  sourceUrl: string | null;
  sourceRef: string | null;
  productType: string;
  packagePhase: string | null;
  rulesetVersion: string | null;
}

/** A planned check: on the `monitoring` queue, or (`monitor-rules`) a re-analysis straight to the rate-limited queue. */
export interface PlannedCheck {
  data: MonitorCheckJob;
  delayMs: number;
  queue?: 'monitor-rules';
}

/** The checks due before the planner's next run, one page of certificates at a time. */
export async function* plannedChecks(nowMs: number, s: MonitorSettings = monitorSettings(), ruleset = SANDBOX_RULESET_VERSION): AsyncGenerator<PlannedCheck[]> {
  let after = '';
  for (;;) {
    const page = await db().query<Row>(
      `SELECT s.certificate_id AS id, sub.id AS submissionId, sub.source_url AS sourceUrl, sub.source_ref AS sourceRef, sub.product_type AS productType, sub.package_phase AS packagePhase, c.ruleset_version AS rulesetVersion
         FROM certificate_states s JOIN certificates c ON c.id = s.certificate_id JOIN submissions sub ON sub.id = c.submission_id
        WHERE s.status = 'APPROVED' AND s.certificate_id > ? ORDER BY s.certificate_id LIMIT ${PAGE}`,
      { replacements: [after], type: QueryTypes.SELECT },
    );
    if (!page.length) return;
    after = page[page.length - 1]!.id;
    const done = new Map<string, string>();
    for (const r of await MonitoringCheck.findAll({ where: { certificateId: page.map((p) => p.id) }, attributes: ['certificateId', 'kind', 'slot'] })) done.set(`${r.certificateId}:${r.kind}`, r.slot);
    const jobs: PlannedCheck[] = [];
    const periodic = (id: string, kind: CheckKind, intervalMs: number) => {
      const recorded = done.get(`${id}:${kind}`);
      const doneSlot = recorded === undefined || Number.isNaN(Number(recorded)) ? null : Number(recorded);
      for (const d of dueChecks(nowMs, s.planEveryMs, intervalMs, id, kind, doneSlot)) {
        jobs.push({ data: { certificateId: id, kind, slot: String(d.slot), dueAt: d.dueAt }, delayMs: Math.max(0, d.dueAt - nowMs) });
      }
    };
    for (const r of page) {
      if (r.sourceUrl && r.sourceRef) periodic(r.id, 'source', s.sourceIntervalMs);
      if (r.productType === 'API' || r.productType === 'SKILL+API') periodic(r.id, 'endpoints', s.endpointsIntervalMs);
      // Once per ruleset version; most certificates were certified under it and are only noted CURRENT.
      // One sealed under an older ruleset goes straight to the rate-limited queue: while its job waits
      // there (with this id), the planner's next runs add nothing, and the monitoring queue stays free
      // for the periodic checks during a roll-out that takes hours.
      const plan = rulesPlan(r.rulesetVersion, done.get(`${r.id}:rules`) ?? null, ruleset);
      if (plan !== 'none') jobs.push({ data: { certificateId: r.id, kind: 'rules', slot: ruleset, dueAt: nowMs }, delayMs: 0, ...(plan === 'reanalyse' ? { queue: 'monitor-rules' as const } : {}) });
    }
    // Advisories arrive from the package re-checks (advisories.ts); a certificate none has reached yet
    // (newly issued, or issued before this check existed) gets its first picture now.
    const unseen = page.filter((r) => r.packagePhase && !done.has(`${r.id}:advisories`));
    if (unseen.length) {
      const withPackages = new Set(
        (await db().query<{ id: string }>(`SELECT DISTINCT submission_id AS id FROM submission_packages WHERE submission_id IN (?) AND certificate_id IS NOT NULL`, { replacements: [unseen.map((r) => r.submissionId)], type: QueryTypes.SELECT })).map((r) => r.id),
      );
      for (const r of unseen) if (withPackages.has(r.submissionId)) jobs.push({ data: { certificateId: r.id, kind: 'advisories', slot: 'initial', dueAt: nowMs }, delayMs: 0 });
    }
    // Package levels arrive from the re-analyses' fan-out (package-rules.ts); a certificate with a
    // re-analysed dependency that none has reached (issued while the fan-out ran) gets its first picture now.
    const unseenPackages = page.filter((r) => r.packagePhase && !done.has(`${r.id}:packages`));
    if (unseenPackages.length) {
      const changed = await submissionsWithChangedPackages(unseenPackages.map((r) => r.submissionId));
      for (const r of unseenPackages) if (changed.has(r.submissionId)) jobs.push({ data: { certificateId: r.id, kind: 'packages', slot: 'initial', dueAt: nowMs }, delayMs: 0 });
    }
    yield jobs;
    if (page.length < PAGE) return;
  }
}

/** The advisory re-checks of certified package versions due before the planner's next run, a page at a time. */
export async function* plannedPackageChecks(nowMs: number, s: MonitorSettings = monitorSettings()): AsyncGenerator<{ data: PackageAdvisoryJob; delayMs: number }[]> {
  let after = '';
  for (;;) {
    const page = await db().query<{ id: string; slot: string | null }>(
      `SELECT pc.id AS id, pac.slot AS slot FROM package_certificates pc LEFT JOIN package_advisory_checks pac ON pac.package_certificate_id = pc.id
        WHERE pc.status = 'ACTIVE' AND pc.id > ? ORDER BY pc.id LIMIT ${PAGE}`,
      { replacements: [after], type: QueryTypes.SELECT },
    );
    if (!page.length) return;
    after = page[page.length - 1]!.id;
    const jobs: { data: PackageAdvisoryJob; delayMs: number }[] = [];
    for (const r of page) {
      for (const d of dueChecks(nowMs, s.planEveryMs, s.advisoriesIntervalMs, r.id, 'advisories', r.slot === null ? null : Number(r.slot))) {
        jobs.push({ data: { packageCertificateId: r.id, slot: String(d.slot), dueAt: d.dueAt }, delayMs: Math.max(0, d.dueAt - nowMs) });
      }
    }
    yield jobs;
    if (page.length < PAGE) return;
  }
}

const CHECK_OPTS = { attempts: 3, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: true, removeOnFail: true } as const;

/** Adds package advisory re-checks (a job that already exists is not added again). */
export async function addPackageChecks(jobs: { data: PackageAdvisoryJob; delayMs: number }[]): Promise<void> {
  if (jobs.length) await queue('monitoring').addBulk(jobs.map((j) => ({ name: 'package-advisories', data: j.data, opts: { jobId: jobIds.packageAdvisories(j.data), delay: j.delayMs, ...CHECK_OPTS } })));
}

/** One planner run: adds the due checks (a job that already exists is not added again). */
export async function planMonitoring(nowMs = Date.now()): Promise<{ planned: number }> {
  const q = queue('monitoring');
  let planned = 0;
  for await (const jobs of plannedChecks(nowMs)) {
    if (!jobs.length) continue;
    const here = jobs.filter((j) => !j.queue);
    const reanalyses = jobs.filter((j) => j.queue === 'monitor-rules');
    if (here.length) await q.addBulk(here.map((j) => ({ name: 'check', data: j.data, opts: { jobId: jobIds.monitor(j.data), delay: j.delayMs, ...CHECK_OPTS } })));
    if (reanalyses.length) await addReanalyses(reanalyses.map((j) => j.data));
    planned += jobs.length;
  }
  for await (const jobs of plannedPackageChecks(nowMs)) {
    await addPackageChecks(jobs);
    planned += jobs.length;
  }
  planned += await planReanalyses(nowMs);
  return { planned };
}

/** Registers the repeatable planner (idempotent; a planner of another period left by an older deploy is removed). */
export async function schedulePlanner(every = monitorSettings().planEveryMs): Promise<void> {
  const q = queue('monitoring');
  for (const r of await q.getRepeatableJobs()) if (r.name === 'plan' && Number(r.every) !== every) await q.removeRepeatableByKey(r.key);
  await q.add('plan', {}, { repeat: { every }, jobId: 'monitor-plan', attempts: 1, removeOnComplete: true, removeOnFail: true });
}

export type CheckJobOutcome = 'recorded' | 'skipped' | 'not_applicable' | 'handed_off';

const REANALYSIS_OPTS = { attempts: 3, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: true, removeOnFail: true } as const;

/** Re-analyses for the `monitor-rules` queue; a job that already waits there (same id) is not added again. */
async function addReanalyses(data: MonitorCheckJob[]): Promise<void> {
  if (data.length) await queue('monitor-rules').addBulk(data.map((d) => ({ name: 'check', data: d, opts: { jobId: jobIds.monitor(d), ...REANALYSIS_OPTS } })));
}

/**
 * One check job. A rules check of a certificate sealed under an older ruleset needs a re-analysis:
 * the planner sends it to the `monitor-rules` queue, whose limiter spaces re-analyses evenly across
 * workers; one that reaches the `monitoring` queue anyway (a record from before the ruleset column)
 * is handed on there.
 */
export async function processCheck(data: MonitorCheckJob, where: 'monitoring' | 'monitor-rules', deps: CheckDeps = {}): Promise<CheckJobOutcome> {
  const { certificateId, kind, slot } = data;
  // How late the check starts behind its planned time (a rules check handed on is observed where it runs).
  const lagSeconds = Math.max(0, Date.now() - data.dueAt) / 1000;
  const started = () => metrics.monitoringLag.observe({ kind }, lagSeconds);
  const skip = (): CheckJobOutcome => {
    metrics.monitoringChecks.inc({ kind, outcome: 'skipped' });
    return 'skipped';
  };
  let loaded: LoadedCertificate;
  try {
    loaded = await loadCertificate(certificateId);
  } catch {
    started();
    return 'not_applicable';
  }
  if (loaded.state.status !== 'APPROVED') {
    started();
    return skip();
  }
  if (kind === 'advisories') {
    started();
    // The packages no re-check has reached are checked now; each tells its dependents when done.
    const unchecked = await uncheckedDependencies(certificateId);
    const currentSlot = String(slotOf(Date.now(), monitorSettings().advisoriesIntervalMs));
    await addPackageChecks(unchecked.map((packageCertificateId) => ({ data: { packageCertificateId, slot: currentSlot, dueAt: Date.now() }, delayMs: 0 })));
    const rec = await recordAdvisories(certificateId);
    return rec.recorded ? 'recorded' : rec.why === 'not_applicable' ? 'not_applicable' : 'skipped';
  }
  if (kind === 'packages') {
    started();
    const rec = await recordPackageVerdicts(certificateId);
    return rec.recorded ? 'recorded' : rec.why === 'not_applicable' ? 'not_applicable' : 'skipped';
  }
  const row = await MonitoringCheck.findOne({ where: { certificateId, kind } });
  const current = deps.currentRuleset ?? SANDBOX_RULESET_VERSION;
  const sealed = loaded.payload.rulesetVersion;
  if (kind === 'rules' && where === 'monitoring' && rulesetOlder(sealed, current) && !(row && slotDone(kind, row.slot, slot))) {
    await addReanalyses([data]);
    return 'handed_off';
  }
  started();
  if (row && slotDone(kind, row.slot, slot)) return skip();
  // Sealed under a newer ruleset than this build's (an older worker during a deploy): never re-analysed backwards.
  if (kind === 'rules' && sealed !== current && !rulesetOlder(sealed, current)) return skip();
  const now = new Date();
  const result = await runCheck(kind, { submissionId: loaded.cert.submissionId, payload: loaded.payload }, row, now, deps);
  if (!result) return 'not_applicable';
  // A cut-off re-analysis leaves its version not done, so the planner tries it again.
  const rec = await recordCheck(certificateId, kind, result.outcome === 'INCOMPLETE' ? `incomplete:${slot}` : slot, result, now);
  if (!rec.recorded) return skip();
  metrics.monitoringChecks.inc({ kind, outcome: result.outcome });
  if (rec.changed) logger('monitoring').info({ certificateId, kind, outcome: result.outcome, flagId: rec.flagId, flagOpened: rec.flagOpened }, 'monitoring outcome changed');
  return 'recorded';
}
