import { Router, type RequestHandler } from 'express';
import { parseInput } from '../../../shared/api/schemas.js';
import { sessionWallet } from '../../../shared/agents/auth.js';
import { isUuid } from '../../../shared/ids.js';
import { notFound } from '../../../shared/errors.js';
import type { Validator } from '../../../shared/db/models.js';
import {
  RegisterValidatorBody,
  SubmitVoteBody,
  assignmentsOf,
  caseForValidator,
  claimAssignment,
  registerValidator,
  requireAdmitted,
  submitExternalVote,
  validatorOfWallet,
  validatorView,
} from '../../../shared/council/external.js';
// An external vote can finish a round: the council reports its tally to the submissions through this seam.
import '../../../shared/submissions/verdict.js';
import { claimableRounds } from '../../../shared/council/seats.js';

/**
 * External validator agents (`/api/v1/cert/validator`). They sign in exactly as agents do
 * (`/api/v1/cert/agent/auth/challenge` + `verify`) and send the session as `x-agent-session`.
 */
const requireSession: RequestHandler = async (req, res, next) => {
  res.locals.wallet = await sessionWallet(req.get('x-agent-session') ?? undefined);
  next();
};
const walletOf = (res: { locals: Record<string, unknown> }) => res.locals.wallet as string;
const roundParam = (raw: unknown): string => {
  const id = String(raw);
  if (!isUuid(id)) throw notFound('Round', 'roundId');
  return id.toLowerCase();
};

export function validatorRouter(): Router {
  const r = Router();
  r.use(requireSession);

  r.post('/register', async (req, res) => {
    const v = await registerValidator(walletOf(res), parseInput(RegisterValidatorBody, req.body));
    res.status(201).json(validatorView(v));
  });

  r.get('/me', async (_req, res) => {
    res.json(validatorView(await validatorOfWallet(walletOf(res))));
  });

  const admitted = async (res: { locals: Record<string, unknown> }): Promise<Validator> => {
    const v = await validatorOfWallet(walletOf(res));
    requireAdmitted(v);
    return v;
  };

  r.get('/assignments/open', async (_req, res) => {
    const v = await admitted(res);
    const rounds = await claimableRounds(v);
    res.json({ items: rounds.map((x) => ({ roundId: x.id, roundType: x.roundType, seatsOpenUntil: x.seatsOpenUntil?.toISOString() ?? null, freeSeats: x.expectedVotes - x.validatorKeys.length })) });
  });

  r.get('/assignments', async (_req, res) => {
    res.json({ items: await assignmentsOf(await validatorOfWallet(walletOf(res))) });
  });

  r.post('/assignments/:roundId/claim', async (req, res) => {
    const v = await validatorOfWallet(walletOf(res));
    res.status(201).json(await claimAssignment(v, roundParam(req.params.roundId)));
  });

  r.get('/assignments/:roundId', async (req, res) => {
    res.json(await caseForValidator(await validatorOfWallet(walletOf(res)), roundParam(req.params.roundId)));
  });

  r.post('/assignments/:roundId/vote', async (req, res) => {
    const body = parseInput(SubmitVoteBody, req.body);
    const v = await validatorOfWallet(walletOf(res));
    res.status(201).json(await submitExternalVote(v, roundParam(req.params.roundId), body));
  });

  return r;
}

