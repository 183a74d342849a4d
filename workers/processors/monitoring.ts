import type { Job } from 'bull';
import type { MonitorCheckJob, PackageAdvisoryJob, PackageReanalysisJob } from '../../shared/queues/index.js';
import { metrics } from '../../shared/metrics.js';
import { planMonitoring, processCheck } from '../../shared/monitoring/schedule.js';
import { processPackageAdvisories } from '../../shared/monitoring/advisories.js';
import { processPackageReanalysis } from '../../shared/monitoring/package-rules.js';

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

/**
 * One certified package version re-analysed under the analysis version in force, then its dependents
 * told (shared/monitoring/package-rules.ts). On the job's last attempt, a failure to fetch the file
 * again is recorded (tried again at a later planner run, a few times) instead of failing the job.
 */
export async function processPackageReanalysisJob(job: Job<PackageReanalysisJob>) {
  try {
    return await processPackageReanalysis(job.data, { lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
  } catch (err) {
    metrics.monitoringFailures.inc({ kind: 'package-rules' });
    throw err;
  }
}
