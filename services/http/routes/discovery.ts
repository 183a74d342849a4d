import { Router } from 'express';
import { Certificate, CertificateState } from '../../../shared/db/models.js';
import { isValid, verifyUrl } from '../../../shared/certificates/views.js';
import { publicBaseUrl } from '../../../shared/urls.js';
import { serviceSigner } from '../../../shared/signing.js';
import { openApiDocument } from '../../../shared/api/openapi.js';

export function discoveryRouter(): Router {
  const r = Router();

  /** Only currently valid certificates; agents may cache this for about an hour. */
  r.get('/skill-store', async (_req, res) => {
    const states = await CertificateState.findAll({ where: { status: 'APPROVED', activeFlagCount: 0 } });
    const certs = await Certificate.findAll({ where: { id: states.map((s) => s.certificateId) }, order: [['issuedAt', 'DESC']] });
    const byId = new Map(states.map((s) => [s.certificateId, s]));
    const base = publicBaseUrl();
    res.set('Cache-Control', 'public, max-age=3600');
    res.json({
      name: 'cert',
      description: 'Certified AI skills. Verify each entry before use: a cached entry may have been suspended since.',
      generatedAt: new Date().toISOString(),
      signer: serviceSigner().address,
      skills: certs
        .filter((c) => byId.get(c.id) && isValid(byId.get(c.id)!))
        .map((c) => ({
          skillId: c.id,
          name: c.skillName,
          description: c.skillDescription,
          version: c.skillVersion,
          contentSha256: c.contentSha256,
          certificatePayloadHash: c.payloadHash,
          certificateUrl: `${base}/api/v1/public/certificates/${c.id}`,
          verifyUrl: verifyUrl(c.id),
          valid: true,
        })),
    });
  });

  r.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument('all'));
  });

  r.get('/cert-signer', (_req, res) => {
    res.json({
      address: serviceSigner().address,
      scheme: 'EIP-191 personal_sign over the 32 bytes of payloadHash (0x-prefixed SHA-256 of the canonical JSON)',
      canonicalJson: 'object keys sorted, no insignificant whitespace, numbers in ECMAScript form',
    });
  });

  return r;
}
