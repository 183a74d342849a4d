import type { Request, Response } from 'express';
import { loadCertificate } from '../../../shared/certificates/views.js';
import { reads, sendPublicRead } from '../public-read.js';

/** Both verify addresses (public and /cert/v1) answer through here (and the fast path, with the same read). */
export async function sendVerify(req: Request, res: Response): Promise<void> {
  sendPublicRead(req, res, reads.verify(await loadCertificate(String(req.params.skillId))));
}
