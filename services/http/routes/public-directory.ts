import { Router } from 'express';
import { fn, col, Op } from 'sequelize';
import { LeaderboardQuery, PageQuery, parseInput } from '../../../shared/api/schemas.js';
import { Certificate, CertificateState, CouncilRound, PackageCertificate, Submission, Validator } from '../../../shared/db/models.js';
import { validatorStandings } from '../../../shared/council/reputation.js';
import { leaderboard } from '../../../shared/council/leaderboard.js';
import { agentProfile, agentSkills, validatorWork } from '../../../shared/directory/views.js';
import { walletParam } from '../../../shared/economy/views.js';

/**
 * Public directory reads: agent profiles, validators and their work, protocol stats. Pagination:
 * `limit` (1–100, default 20) and the opaque `cursor` from the previous page's `nextCursor`.
 */
export function publicDirectoryRouter(): Router {
  const r = Router();

  r.get('/agents/:walletAddress', async (req, res) => {
    res.json(await agentProfile(walletParam(String(req.params.walletAddress))));
  });

  r.get('/agents/:walletAddress/skills', async (req, res) => {
    const wallet = walletParam(String(req.params.walletAddress));
    res.json(await agentSkills(wallet, parseInput(PageQuery, req.query, 'query')));
  });

  r.get('/validators', async (_req, res) => {
    const rows = await Validator.findAll({ where: { active: true }, order: [['key', 'ASC']] });
    const standings = new Map((await validatorStandings()).map((s) => [s.validatorKey, s]));
    res.json({
      items: rows.map((v) => {
        const s = standings.get(v.key);
        return {
          validatorKey: v.key,
          displayName: v.displayName,
          lens: v.lens,
          kind: v.kind,
          status: v.status,
          productTypes: v.productTypes ?? null,
          walletAddress: v.walletAddress,
          votesCast: s?.votesCast ?? 0,
          decidedVotes: s?.decidedVotes ?? 0,
          accuracy: s?.accuracy ?? null,
          agreementRate: s?.accuracy ?? null,
          reputation: s?.reputation ?? 0,
        };
      }),
    });
  });

  r.get('/leaderboard', async (req, res) => {
    const q = parseInput(LeaderboardQuery, req.query, 'query');
    res.json(await leaderboard(q.by, q));
  });

  r.get('/cert/validators/:walletAddress/work', async (req, res) => {
    const wallet = walletParam(String(req.params.walletAddress));
    res.json(await validatorWork(wallet, parseInput(PageQuery, req.query, 'query')));
  });

  r.get('/cert/stats', async (_req, res) => {
    const byStatus = (await Submission.findAll({ attributes: ['status', [fn('COUNT', col('id')), 'n']], group: ['status'], raw: true })) as unknown as { status: string; n: number }[];
    const [certificates, committed, valid, rounds, packages] = await Promise.all([
      Certificate.count(),
      CertificateState.count({ where: { onchainCommitted: true } }),
      CertificateState.count({ where: { status: 'APPROVED', activeFlagCount: 0 } }),
      CouncilRound.count({ where: { closedAt: { [Op.ne]: null } } }),
      PackageCertificate.count({ where: { status: 'ACTIVE' } }),
    ]);
    res.json({
      submissionsByStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
      certificatesIssued: certificates,
      certificatesValid: valid,
      certificatesCommittedOnChain: committed,
      councilRoundsClosed: rounds,
      packageCertificatesActive: packages,
      generatedAt: new Date().toISOString(),
    });
  });

  return r;
}
