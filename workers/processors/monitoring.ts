import type { Job } from 'bull';
import type { MonitorCheckJob, PackageAdvisoryJob } from '../../shared/queues/index.js';
import { metrics } from '../../shared/metrics.js';
import { planMonitoring, processCheck } from '../../shared/monitoring/schedule.js';
import { processPackageAdvisories } from '../../shared/monitoring/advisories.js';

/** The repeatable planner: adds the checks due before its next run (shared/monitoring/schedule.ts). */
export async function processMonitorPlan(_job: Job) {
  return planMonitoring();
}

/** One check of one certificate for one slot; an error of ours is counted and the job retried. */
export const checkProcessor = (where: 'monitoring' | 'monitor-rules') =>
  async function processMonitorCheck(job: Job<MonitorCheckJob>) {
    try {
      return await processCheck(job.data, where);
    } catch (err) {
      metrics.monitoringFailures.inc({ kind: job.data.kind });
      throw err;
    }
  };

/** One certified package version's advisories re-checked for one slot, then its dependents told (shared/monitoring/advisories.ts). */
export async function processPackageAdvisoryCheck(job: Job<PackageAdvisoryJob>) {
  try {
    return await processPackageAdvisories(job.data);
  } catch (err) {
    metrics.monitoringFailures.inc({ kind: 'package-advisories' });
    throw err;
  }
}
