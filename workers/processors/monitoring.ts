import type { Job } from 'bull';
import type { MonitorCheckJob } from '../../shared/queues/index.js';
import { metrics } from '../../shared/metrics.js';
import { planMonitoring, processCheck } from '../../shared/monitoring/schedule.js';

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
