import { COMMUNITY_FLAGS } from '../../../shared/db/flag-kinds.js';
import { Router } from 'express';
import { fn, col } from 'sequelize';
import { CertificateSearchQuery, CompareBody, parseInput } from '../../../shared/api/schemas.js';
import { Certificate, CertificateState, Flag, ProductVersion, Submission, Validator } from '../../../shared/db/models.js';
import { loadCertificate, signedVotes } from '../../../shared/certificates/views.js';
import { listCertificates } from '../../../shared/certificates/listing.js';
import { flagSummary } from '../../../shared/certificates/flag-summary.js';
import { fetchSkillSource } from '../../../shared/skills/source.js';
import { canonicalSha256 } from '../../../shared/skills/parse.js';
import { sourceHostConfig } from '../../../shared/skills/source-config.js';
import { serviceSigner } from '../../../shared/signing.js';
import { agentGuide } from '../../content/agent-guide.js';
import { openApiDocument } from '../../../shared/api/openapi.js';
import { sendVerify } from './verify.js';
import { reads, sendPublicRead } from '../public-read.js';
import { packagesRouter } from './packages.js';
import { publicDirectoryRouter } from './public-directory.js';
import { publicEconomyRouter } from './public-economy.js';

export function publicRouter(): Router {
  const r = Router();

  r.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument('public'));
  });
  r.get('/agent-guide', (_req, res) => {
    res.type('text/markdown').send(agentGuide('public'));
  });

  r.get('/overview', async (_req, res) => {
    const [certificatesIssued, byStatus, submissionsTotal, validatorsActive, openFlags] = await Promise.all([
      Certificate.count(),
      CertificateState.findAll({ attributes: ['status', [fn('COUNT', col('certificate_id')), 'n']], group: ['status'], raw: true }),
      Submission.count(),
      Validator.count({ where: { active: true } }),
      Flag.count({ where: { status: 'OPEN', ...COMMUNITY_FLAGS } }),
    ]);
    const statusCounts = Object.fromEntries((byStatus as unknown as { status: string; n: number }[]).map((r) => [r.status, Number(r.n)]));
    res.json({
      certificatesIssued,
      certificatesByStatus: { APPROVED: 0, DEPRECATED: 0, SUSPENDED: 0, ...statusCounts },
      submissionsTotal,
      validatorsActive,
      openFlags,
      signer: serviceSigner().address,
      generatedAt: new Date().toISOString(),
    });
  });

  r.get('/certificates', async (req, res) => {
    res.json(await listCertificates(parseInput(CertificateSearchQuery, req.query, 'query')));
  });

  r.get('/certificates/:skillId', async (req, res) => {
    const loaded = await loadCertificate(String(req.params.skillId));
    sendPublicRead(req, res, reads.detail(loaded, await signedVotes(loaded)));
  });

  r.get('/certificates/:skillId/verify', async (req, res) => {
    await sendVerify(req, res);
  });

  r.get('/certificates/:skillId/sponsored-disclosure', async (req, res) => {
    const { cert, state } = await loadCertificate(String(req.params.skillId));
    res.json({
      skillId: cert.id,
      sponsored: Boolean(state.sponsored),
      disclosure: state.sponsored ? 'The platform sponsors execution of this skill. Set by an administrator; not part of the certificate.' : null,
    });
  });

  r.get('/certificates/:skillId/source-integrity', async (req, res) => {
    sendPublicRead(req, res, reads.sourceIntegrity(await loadCertificate(String(req.params.skillId))));
  });

  r.get('/certificates/:skillId/attestation', async (req, res) => {
    sendPublicRead(req, res, reads.attestation(await loadCertificate(String(req.params.skillId))));
  });

  r.get('/certificates/:skillId/live-status', async (req, res) => {
    sendPublicRead(req, res, reads.liveStatus(await loadCertificate(String(req.params.skillId))));
  });

  r.get('/certificates/:skillId/flags', async (req, res) => {
    const { cert } = await loadCertificate(String(req.params.skillId));
    res.json(await flagSummary(cert.id));
  });

  r.post('/certificates/:skillId/compare-skill-from-host', async (req, res) => {
    const body = parseInput(CompareBody, req.body);
    const { cert, payload } = await loadCertificate(String(req.params.skillId));
    const fetched = await fetchSkillSource(body.sourceUrl, body.sourceRef, sourceHostConfig());
    const hostedSha256 = canonicalSha256(fetched.text);
    res.json({
      skillId: cert.id,
      matches: hostedSha256 === payload.certifiedContentSha256,
      certifiedSha256: payload.certifiedContentSha256,
      hostedSha256,
      sourceUrl: body.sourceUrl,
      sourceRef: body.sourceRef.toLowerCase(),
      fetchedUrl: fetched.fetchedUrl,
      comparedAt: new Date().toISOString(),
    });
  });

  r.use(packagesRouter());
  r.use(publicDirectoryRouter());
  r.use(publicEconomyRouter());

  r.get('/product-versions', async (_req, res) => {
    const rows = await ProductVersion.findAll({ order: [['component', 'ASC']] });
    res.json({ items: rows.map((p) => ({ component: p.component, version: p.version, description: p.description, updatedAt: p.updatedAt.toISOString() })) });
  });

  return r;
}
