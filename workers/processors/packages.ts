import type { Job } from 'bull';
import { enqueue, type PackageAuditJob } from '../../shared/queues/index.js';
import { auditPackageVersion, PackageAuditError } from '../../shared/packages/audit.js';
import { markPackagesDoneIfReady, settleAudit } from '../../shared/packages/pipeline.js';
import { logger } from '../../shared/log.js';

/**
 * One package version's audit, shared by every submission that needs it. A permanent failure (or the
 * last attempt) settles the waiting submissions with "uncertified" instead of leaving them waiting.
 */
export async function processPackageAudit(job: Job<PackageAuditJob>): Promise<{ certificateId?: string; failed?: string }> {
  const ref = job.data;
  let outcome: Parameters<typeof settleAudit>[1];
  try {
    outcome = { cert: await auditPackageVersion(ref) };
  } catch (err) {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (!(err instanceof PackageAuditError && err.permanent) && !lastAttempt) throw err;
    logger('packages').warn({ ref, err: (err as Error).message }, 'package audit failed for good');
    outcome = { failure: (err as Error).message };
  }
  if ('cert' in outcome) logger('packages').info({ ref, certificateId: outcome.cert.id, securityLevel: outcome.cert.securityLevel }, 'package audited');
  const ready = await settleAudit(ref, outcome);
  for (const submissionId of ready) {
    if (await markPackagesDoneIfReady(submissionId)) await enqueue.sandboxAfterPackages(submissionId);
  }
  return 'cert' in outcome ? { certificateId: outcome.cert.id } : { failed: outcome.failure };
}
