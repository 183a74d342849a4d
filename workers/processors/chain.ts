import type { Job } from 'bull';
import type { CommitJob } from '../../shared/queues/index.js';
import { commitCertificate, CommitmentMismatchError, CertificateNotFoundError, ChainMisconfiguredError } from '../../shared/chain/index.js';
import { logger } from '../../shared/log.js';
import { metrics } from '../../shared/metrics.js';
import { Certificate } from '../../shared/db/models.js';

/** Commits a sealed certificate's payload hash on chain; idempotent (an existing commitment is recognised). */
export async function processCommit(job: Job<CommitJob>): Promise<{ status: string; txHash?: string }> {
  try {
    const out = await commitCertificate(job.data.certificateId);
    if (out.status === 'committed') {
      const cert = await Certificate.findByPk(job.data.certificateId, { attributes: ['issuedAt'] });
      if (cert) metrics.chainCommitDelay.observe((Date.now() - cert.issuedAt.getTime()) / 1000);
    }
    return out;
  } catch (err) {
    if (err instanceof CommitmentMismatchError || err instanceof ChainMisconfiguredError || err instanceof CertificateNotFoundError) {
      logger('chain').error({ certificateId: job.data.certificateId, err: (err as Error).message }, 'commit refused');
    }
    throw err; // retried with backoff; a chain that is down only delays the commit
  }
}
