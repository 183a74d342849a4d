import type { Response } from 'express';
import { CertificateState } from '../../../shared/db/models.js';
import { loadCertificate, verifyView } from '../../../shared/certificates/views.js';

/**
 * Verify results may be cached only briefly, and a negative one not at all (spec 8): a consumer
 * must see a suspension or a new flag within seconds.
 */
export async function sendVerify(skillId: string, res: Response): Promise<void> {
  const loaded = await loadCertificate(skillId);
  await CertificateState.increment('verifyCount', { where: { certificateId: loaded.cert.id } });
  const view = verifyView(loaded);
  res.set('Cache-Control', view.valid ? 'public, max-age=15, must-revalidate' : 'no-store');
  res.json(view);
}
