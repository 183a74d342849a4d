/**
 * External validator agents: registration (after wallet sign-in), operator admission and
 * suspension, the case they review, and their signed votes.
 */
import { randomUUID } from 'node:crypto';
import { getAddress, getBytes, verifyMessage } from 'ethers';
import { Op } from 'sequelize';
import { z } from 'zod';
import { db } from '../db/connection.js';
import { AuditLog, CouncilRound, CouncilSeat, Submission, Validator, Vote } from '../db/models.js';
import { invalidationsSent } from '../cache/read-cache.js';
import { SubmissionPackage } from '../db/package-models.js';
import { payloadHash } from '../canonical.js';
import { ApiError, conflict, forbidden, notFound, unprocessable } from '../errors.js';
import { checksumAddress } from '../addresses.js';
import { councilCase, recordVote, releaseSeat, type VotePayload } from './round.js';
import { caseData } from './llm.js';
import { claimSeat, externalKeyOf } from './seats.js';

export const PRODUCT_TYPES = ['SKILL', 'AUDIT_SKILL', 'CODE+PACKAGES', 'API', 'SKILL+API'] as const;

export const RegisterValidatorBody = z
  .strictObject({
    name: z.string().trim().min(2).max(128),
    productTypes: z.array(z.enum(PRODUCT_TYPES)).min(1).max(PRODUCT_TYPES.length).meta({ description: 'Product types this validator reviews' }),
    lens: z.string().trim().min(10).max(1000).meta({ description: 'One or two sentences: what this validator looks at' }),
    payoutAddress: z.string().max(64).meta({ description: 'EVM address payouts go to (EIP-55 checksum checked)' }),
  })
  .meta({ id: 'RegisterValidatorRequest' });

const hex = (n: number) => z.string().regex(new RegExp(`^0x[0-9a-fA-F]{${n}}$`));
/** The canonical vote payload (schema cert.vote/1): exactly what built-in validators sign. */
export const VotePayloadSchema = z
  .strictObject({
    schema: z.literal('cert.vote/1'),
    roundId: z.string().max(36),
    submissionId: z.string().max(36),
    contentSha256: z.string().regex(/^[0-9a-f]{64}$/),
    validatorKey: z.string().max(64),
    verdict: z.enum(['APPROVE', 'REJECT', 'ESCALATE']),
    securityLevel: z.enum(['CLEAR', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL']),
    reasons: z.array(z.string().min(1).max(1000)).min(1).max(20),
    findingsConsidered: z.array(z.string().max(64)).max(200),
  })
  .meta({ id: 'VotePayload', description: 'Signed with EIP-191 personal_sign over the 32 bytes of payloadHash = 0x + SHA-256 of the canonical JSON (keys sorted, no whitespace)' });
export const SubmitVoteBody = z.strictObject({ payload: VotePayloadSchema, signature: hex(130).meta({ description: '65-byte EIP-191 signature, 0x hex' }) }).meta({ id: 'SubmitVoteRequest' });

/** Registers (or updates, while not admitted) the validator of a signed-in wallet. */
export async function registerValidator(wallet: string, body: z.infer<typeof RegisterValidatorBody>): Promise<Validator> {
  const payoutAddress = checksumAddress(body.payoutAddress, 'payoutAddress');
  if (/^0x0{40}$/i.test(payoutAddress)) throw unprocessable('invalid_payout_address', 'payoutAddress cannot be the zero address', 'payoutAddress');
  const key = externalKeyOf(wallet);
  const existing = await Validator.findByPk(key);
  const fields = { displayName: body.name, lens: body.lens, productTypes: [...new Set(body.productTypes)].sort(), payoutAddress };
  if (existing) {
    // An admitted validator's profile is what the operator admitted; a change waits for a new admission.
    if (existing.status === 'SUSPENDED') throw forbidden('validator_suspended', 'This validator is suspended; contact the operator');
    await existing.update({ ...fields, status: 'PENDING', active: false });
    return existing;
  }
  const other = await Validator.findOne({ where: { walletAddress: wallet } });
  if (other) throw conflict('wallet_in_use', 'This wallet already signs for a built-in validator');
  return Validator.create({ key, kind: 'EXTERNAL', walletAddress: wallet, ...fields, status: 'PENDING', active: false, statusReason: null });
}

export async function validatorOfWallet(wallet: string): Promise<Validator> {
  const v = await Validator.findOne({ where: { walletAddress: wallet, kind: 'EXTERNAL' } });
  if (!v) throw notFound('Validator registration for this wallet (POST /api/v1/cert/validator/register)', 'wallet');
  return v;
}

export function requireAdmitted(v: Validator): void {
  if (v.status === 'SUSPENDED') throw forbidden('validator_suspended', 'This validator is suspended');
  if (v.status !== 'ADMITTED' || !v.active) throw forbidden('validator_not_admitted', 'This validator waits for an operator to admit it');
}

/** Finds a validator by key or wallet (operator commands). */
export async function findValidator(ref: string): Promise<Validator> {
  const v = /^0x[0-9a-fA-F]{40}$/.test(ref) ? await Validator.findOne({ where: { walletAddress: getAddress(ref.toLowerCase()) } }) : await Validator.findByPk(ref);
  if (!v) throw new Error(`no validator ${ref}`);
  return v;
}

/**
 * Operator decisions: admit (takes seats from the next round), suspend (takes no more seats; its
 * open leases are given back so the seats are reassigned at once) and reinstate.
 */
export async function setValidatorStatus(ref: string, action: 'admit' | 'suspend' | 'reinstate', reason: string, operator: string): Promise<Validator> {
  const v = await findValidator(ref);
  if (action === 'admit' && v.kind !== 'EXTERNAL') throw new Error(`${v.key} is a ${v.kind} validator; only external validators are admitted`);
  if (action === 'reinstate' && v.status !== 'SUSPENDED') throw new Error(`${v.key} is ${v.status}, not SUSPENDED`);
  const status = action === 'suspend' ? 'SUSPENDED' : 'ADMITTED';
  await db().transaction(async (t) => {
    await v.update({ status, active: status === 'ADMITTED', statusReason: reason }, { transaction: t });
    await AuditLog.create({ id: randomUUID(), operator, action: `validator.${action}`, targetType: 'validator', targetId: v.key, details: { reason, walletAddress: v.walletAddress } }, { transaction: t });
  });
  // The validators table is cached in every process (shared/db/reference-rows.ts): told before this answers.
  await invalidationsSent();
  if (action === 'suspend') {
    const leases = await CouncilSeat.findAll({ where: { validatorKey: v.key, status: 'LEASED' } });
    for (const s of leases) await releaseSeat(s.roundId, v.key);
  }
  return v;
}

/** The case a seated validator reviews: never another validator's vote. */
export async function caseForValidator(v: Validator, roundId: string) {
  if (v.status === 'SUSPENDED') throw forbidden('validator_suspended', 'This validator is suspended');
  const seat = await CouncilSeat.findOne({ where: { roundId, validatorKey: v.key } });
  if (!seat) throw notFound('Assignment', 'roundId');
  const round = await CouncilRound.findByPk(roundId);
  const sub = round && (await Submission.findByPk(round.submissionId));
  if (!round || !sub) throw notFound('Assignment', 'roundId');
  const packages = await SubmissionPackage.findAll({ where: { submissionId: sub.id }, order: [['level', 'ASC'], ['name', 'ASC']] });
  return {
    roundId,
    roundType: round.roundType,
    lease: { status: seat.status, leaseExpiresAt: seat.leaseExpiresAt.toISOString() },
    case: {
      ...caseData(councilCase(sub)),
      contentSha256: sub.contentSha256,
      packageVerdicts: packages.map((p) => ({ registry: p.registry, name: p.name, version: p.version, declaredSpec: p.declaredSpec, level: p.level, via: p.via, status: p.status, securityLevel: p.securityLevel, reason: p.reason })),
    },
    /** Fill in verdict, securityLevel, reasons and findingsConsidered, sign, and POST it back. */
    votePayloadTemplate: { schema: 'cert.vote/1', roundId, submissionId: sub.id, contentSha256: sub.contentSha256, validatorKey: v.key },
  };
}

export async function claimAssignment(v: Validator, roundId: string) {
  requireAdmitted(v);
  const r = await claimSeat(v, roundId);
  if ('refused' in r) {
    const why: Record<typeof r.refused, ApiError> = {
      not_found: notFound('Round', 'roundId'),
      product_type: notFound('Round', 'roundId'),
      closed: conflict('round_closed', 'This round is decided'),
      window_closed: conflict('claim_window_closed', 'The seats of this round are no longer open to external validators'),
      no_free_seat: conflict('no_free_seat', 'Every seat of this round is taken'),
      already_seated: conflict('already_seated', 'This validator already had a seat in this round (a lapsed lease cannot be claimed again)'),
      too_many_leases: new ApiError(429, 'too_many_leases', 'This validator holds as many open leases as allowed; vote on them first', undefined, { 'Retry-After': '60' }),
    };
    throw why[r.refused];
  }
  return caseForValidator(v, roundId);
}

/**
 * Verifies and records an external validator's signed vote. Refused: a signature that does not
 * recover the validator's wallet, a payload for another round, submission, content or validator, a
 * lease that ran out or is not held, and any second vote (a replay) for the round.
 */
export async function submitExternalVote(v: Validator, roundId: string, body: z.infer<typeof SubmitVoteBody>): Promise<{ recorded: true; payloadHash: string; roundOutcome: string | null }> {
  requireAdmitted(v);
  const p = body.payload;
  const hash = payloadHash(p);
  let signer: string;
  try {
    signer = verifyMessage(getBytes(hash), body.signature);
  } catch {
    throw unprocessable('invalid_signature', 'The signature is not a valid EIP-191 signature', 'signature');
  }
  if (signer.toLowerCase() !== v.walletAddress.toLowerCase()) throw unprocessable('invalid_signature', "The signature does not recover this validator's wallet over payloadHash", 'signature');
  if (p.roundId !== roundId) throw unprocessable('round_mismatch', 'payload.roundId is not this round', 'payload.roundId');
  if (p.validatorKey !== v.key) throw unprocessable('validator_mismatch', `payload.validatorKey must be ${v.key}`, 'payload.validatorKey');
  const round = await CouncilRound.findByPk(roundId);
  const sub = round && (await Submission.findByPk(round.submissionId));
  if (!round || !sub) throw notFound('Round', 'roundId');
  if (p.submissionId !== sub.id) throw unprocessable('round_mismatch', 'payload.submissionId is not the submission of this round', 'payload.submissionId');
  if (p.contentSha256 !== sub.contentSha256) throw unprocessable('content_mismatch', 'payload.contentSha256 is not the content under review', 'payload.contentSha256');
  const known = new Set(((sub.sandboxReport as { findings?: { ruleId: string }[] } | null)?.findings ?? []).map((f) => f.ruleId));
  const unknown = p.findingsConsidered.filter((r) => !known.has(r));
  if (unknown.length) throw unprocessable('unknown_finding', `findingsConsidered names rule ids that are not findings of this case: ${unknown.slice(0, 5).join(', ')}`, 'payload.findingsConsidered');
  const res = await recordVote(roundId, p as VotePayload, { payloadHash: hash, signature: body.signature, signer: v.walletAddress }, { leased: true, payoutAddress: v.payoutAddress });
  if ('refused' in res) {
    const msg: Record<typeof res.refused, ApiError> = {
      round_closed: conflict('round_closed', 'This round is decided'),
      no_lease: conflict('no_lease', 'This validator holds no seat in this round; claim one first'),
      lease_expired: conflict('lease_expired', 'The lease on this seat ran out; the seat was reassigned'),
      already_voted: conflict('already_voted', 'This validator already voted in this round'),
    };
    throw msg[res.refused];
  }
  const after = await CouncilRound.findByPk(roundId, { attributes: ['outcome'] });
  return { recorded: true, payloadHash: hash, roundOutcome: after?.outcome ?? null };
}

/** The validator's seats: current leases first, then its recent votes (its own only). */
export async function assignmentsOf(v: Validator) {
  const seats = await CouncilSeat.findAll({ where: { validatorKey: v.key, status: { [Op.in]: ['LEASED', 'VOTED'] } }, order: [['createdAt', 'DESC']], limit: 50 });
  const votes = new Map((await Vote.findAll({ attributes: ['roundId', 'verdict', 'payloadHash'], where: { validatorKey: v.key, roundId: seats.map((s) => s.roundId) } })).map((x) => [x.roundId, x]));
  return seats.map((s) => ({ roundId: s.roundId, status: s.status, leaseExpiresAt: s.leaseExpiresAt.toISOString(), verdict: votes.get(s.roundId)?.verdict ?? null }));
}

export function validatorView(v: Validator) {
  return {
    validatorKey: v.key,
    walletAddress: v.walletAddress,
    kind: v.kind,
    status: v.status,
    statusReason: v.statusReason ?? null,
    name: v.displayName,
    lens: v.lens,
    productTypes: v.productTypes ?? null,
    payoutAddress: v.payoutAddress ?? null,
  };
}
