import { randomUUID } from 'node:crypto';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { db, write } from '../db/connection.js';
import { CouncilRound, RowMoved, Submission, Vote, guardSave, lockRoundWithSubmission, lockSubmission, saveChanged, settleGuard, sqlTime } from '../db/models.js';
import { canonicalJson } from '../canonical.js';
import { signCanonicalWith, signPayloadWith, validatorWallet } from '../signing.js';
import { faultPoint } from '../faults.js';
import type { SandboxReport } from '../sandbox/types.js';
import { storedSkill } from '../skills/stored.js';
import { builtInLens } from './registry.js';
import { CouncilSeat } from '../db/models.js';
import { logger } from '../log.js';
import { councilEconomy, councilSubmissions } from './hooks.js';
import { llmReview } from './llm.js';
import { LLM_VALIDATOR_KEY, enqueueWorkerVotes, isBuiltIn, releaseSeatLocked, settleSeatsLocked } from './seats.js';
import { tallyVotes } from './tally.js';
import type { CouncilCase, ProductType, ValidatorOpinion, VoteVerdict } from './types.js';
import { invalidate, type InvalidationHold } from '../cache/read-cache.js';

/** What a validator signs. Deterministic (no clock), so a re-run signs the same bytes. */
export function votePayload(round: CouncilRound, sub: Submission, validatorKey: string, opinion: ValidatorOpinion) {
  return {
    schema: 'cert.vote/1',
    roundId: round.id,
    submissionId: sub.id,
    contentSha256: sub.contentSha256,
    validatorKey,
    verdict: opinion.verdict,
    securityLevel: opinion.securityLevel,
    reasons: opinion.reasons,
    findingsConsidered: opinion.findingsConsidered,
  };
}

const log = { warn: (o: object, m: string) => logger('council').warn(o, m) };

export function councilCase(sub: Submission): CouncilCase {
  return {
    submissionId: sub.id,
    productType: sub.productType as ProductType,
    skill: storedSkill(sub),
    sandbox: sub.sandboxReport as SandboxReport,
    developerAdvisoryNote: sub.developerNote ?? undefined,
  };
}

export type VotePayload = ReturnType<typeof votePayload>;

/**
 * One worker-cast validator's part of a round (one Bull job): a built-in lens, or the LLM validator,
 * whose failure or timeout gives its seat back (a built-in takes it) instead of retrying.
 */
export async function castVote(roundId: string, validatorKey: string): Promise<{ outcome?: string; released?: boolean }> {
  const round0 = await CouncilRound.findByPk(roundId);
  if (!round0 || round0.closedAt) return {};
  const sub0 = await Submission.findByPk(round0.submissionId);
  if (!sub0) return {};
  let opinion: ValidatorOpinion;
  if (validatorKey === LLM_VALIDATOR_KEY) {
    const seat = await CouncilSeat.findOne({ where: { roundId, validatorKey, status: 'LEASED' } });
    if (!seat) return {};
    try {
      opinion = await llmReview(councilCase(sub0));
    } catch (err) {
      log.warn({ roundId, err: (err as Error).message }, 'LLM validator failed; its seat goes to a built-in validator');
      await releaseSeat(roundId, validatorKey);
      return { released: true };
    }
  } else {
    const lens = builtInLens(validatorKey);
    if (!lens) throw new Error(`validator ${validatorKey} has no built-in lens`);
    opinion = lens.review(councilCase(sub0));
  }
  const payload = votePayload(round0, sub0, validatorKey, opinion);
  const signed = signPayloadWith(validatorWallet(validatorKey), payload);
  const r = await recordVote(roundId, payload, signed, { leased: validatorKey === LLM_VALIDATOR_KEY });
  return 'refused' in r ? {} : r;
}

interface Ballot {
  payload: VotePayload;
  signed: { payloadHash: string; signature: string; signer: string; canonicalJson?: string };
}

/** A built-in validator's signed vote on the case: deterministic, so a re-run signs the same bytes. */
function builtInBallot(round: CouncilRound, sub: Submission, validatorKey: string, c: CouncilCase): Ballot {
  const lens = builtInLens(validatorKey);
  if (!lens) throw new Error(`validator ${validatorKey} has no built-in lens`);
  const payload = votePayload(round, sub, validatorKey, lens.review(c));
  return { payload, signed: signCanonicalWith(validatorWallet(validatorKey), payload) };
}

/**
 * Every seated built-in validator of a round that has not voted yet (one Bull job), in one transaction
 * under the round's row lock, as `recordVote` records one vote: each reviews the case and signs its own
 * vote (pure computations: the lock is held a few milliseconds longer, and nothing is read twice). One that
 * already voted is skipped, so a re-run after a crash records nothing twice.
 */
export async function castBuiltInVotes(roundId: string): Promise<{ outcome?: string }> {
  return db().transaction(async (t): Promise<{ outcome?: string }> => {
    const locked = await lockRoundWithSubmission(roundId, t);
    if (!locked || locked.round.closedAt || !locked.sub) return {};
    return castBuiltInVotesLocked(locked.round, locked.sub, t);
  });
}

/**
 * `castBuiltInVotes` for a round whose opening this process committed a moment ago, with the round and
 * submission instances it committed (the sandbox job): nothing is read again (the skill file and the
 * sandbox report included) and nothing is locked before the writes; the round's and the submission's
 * UPDATEs are conditional on what may have changed since (the round's count, seats and close, the
 * submission's status: `guardSave`). When anything moved meanwhile (another job voted, the seats changed)
 * the transaction rolls back and the whole read runs (`castBuiltInVotes`).
 */
export async function castBuiltInVotesOpened(round: CouncilRound, sub: Submission, hold?: InvalidationHold): Promise<{ outcome?: string }> {
  if (round.closedAt || round.votesReceived !== 0 || round.changed() || sub.changed()) return castBuiltInVotes(round.id);
  try {
    return await db().transaction(async (t) => {
      hold?.bind(t);
      // No lock statement first: the round's and the submission's writes below are conditional on the rows
      // still being as the step committed them (the round's count, seats and close, the submission's status),
      // and take their locks as they check, round first as everywhere. A vote another job recorded meanwhile
      // makes the round's write match nothing (or this INSERT meet the unique round and validator); either way
      // this transaction rolls back and the whole read below runs.
      guardSave(round, t, { votesReceived: 0, expectedVotes: round.expectedVotes, validatorKeys: round.getDataValue('validatorKeys' as never), closedAt: null });
      guardSave(sub, t, { status: sub.status });
      const res = await castBuiltInVotesLocked(round, sub, t);
      await settleGuard(round, t);
      await settleGuard(sub, t);
      return res;
    });
  } catch (err) {
    if (!(err instanceof RowMoved) && !(err instanceof UniqueConstraintError)) throw err;
    // The instances hold this attempt's unsaved changes: the whole read starts from the rows.
    return castBuiltInVotes(round.id);
  }
}

/**
 * The seated built-ins of a round the sandbox step has just opened, voting in the step's own transaction
 * (shared/submissions/sandbox-step.ts): the round was inserted by `t` (nobody else can see it, let alone vote
 * in it, before the commit) and the submission's row lock is `t`'s (the step's conditional UPDATE takes it,
 * before any write of the votes reaches the server), so nothing is read or locked first. The step, the votes, the tally and a seal commit together or not at all: a
 * worker killed anywhere in between leaves the submission in PENDING_SANDBOX for the job's re-run.
 */
export async function castBuiltInVotesInStep(round: CouncilRound, sub: Submission, t: Transaction): Promise<{ outcome?: string }> {
  if (round.votesReceived !== 0 || round.closedAt) throw new Error(`round ${round.id} is not one the step just opened`);
  return castBuiltInVotesLocked(round, sub, t);
}

/** Under the round's and submission's locks (`round`, `sub`: their rows as locked): the seated built-ins that have not voted vote. */
async function castBuiltInVotesLocked(round: CouncilRound, sub: Submission, t: Transaction): Promise<{ outcome?: string }> {
  const roundId = round.id;
  // The round's votes so far, whole: with the ones inserted below they are every vote of the round (its
  // lock is held), so the tally needs no second read. Each vote is inserted under this lock with the
  // round's count in the same transaction, so a round that counts none has none (the first job of a round).
  const votes = round.votesReceived === 0 ? [] : await Vote.findAll({ where: { roundId }, transaction: t });
  const voted = new Set(votes.map((v) => v.validatorKey));
  const keys = round.validatorKeys.filter((k) => isBuiltIn(k) && !voted.has(k));
  if (keys.length === 0) return {};
  const c = councilCase(sub);
  votes.push(...(await insertVotesLocked(round, sub, keys.map((key) => builtInBallot(round, sub, key, c)), null, t)));
  return finishVotesLocked(round, sub, t, votes);
}

/**
 * After the votes of one transaction: the tally when the round is complete (it saves the round and the
 * submission), else the round's count and the submission's state are saved.
 */
async function finishVotesLocked(round: CouncilRound, sub: Submission, t: Transaction, roundVotes?: Vote[]): Promise<{ outcome?: string }> {
  // The owner's view shows each vote as it arrives.
  invalidate.submissions([sub.id], t);
  await faultPoint('council.before-commit', { submissionId: sub.id });
  if (round.votesReceived < round.expectedVotes) {
    await saveChanged(round, t);
    await saveChanged(sub, t);
    return {};
  }
  return { outcome: await decide(round, sub, t, roundVotes) };
}

const VOTE_COLUMNS = '(id, round_id, validator_key, verdict, security_level, reasons, findings_considered, payload, payload_hash, signature, signer, created_at, updated_at)';
const VOTE_VALUES = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

/**
 * Under the round and submission locks: votes stored, counted on the round (saved by the caller) and each
 * owed its payout (a completed review is owed its payout together with the vote, never without it). The
 * ballots of one transaction (a round's built-ins) are one multi-row INSERT: one statement and round trip
 * instead of one per vote, the same rows (the unique round and validator still refuses a second vote).
 */
async function insertVotesLocked(round: CouncilRound, sub: Submission, ballots: Ballot[], payoutAddress: string | null, t: Transaction): Promise<Vote[]> {
  if (ballots.length === 0) return [];
  // Saved with the round's next state (finishVotesLocked): one UPDATE of the submission per transaction.
  await councilSubmissions().auditStarted(sub, t);
  const now = new Date();
  const rows = ballots.map(({ payload, signed }) => ({
    id: randomUUID(),
    roundId: round.id,
    validatorKey: payload.validatorKey,
    verdict: payload.verdict,
    securityLevel: payload.securityLevel,
    reasons: payload.reasons,
    findingsConsidered: payload.findingsConsidered,
    payload: signed.canonicalJson ?? canonicalJson(payload),
    payloadHash: signed.payloadHash,
    signature: signed.signature,
    signer: signed.signer,
    createdAt: now,
    updatedAt: now,
  }));
  // Raw (the rows Vote.create wrote, without building the statement each time); the model instances for the
  // tally and the certificate are built from the same values.
  // Deferred with the transaction's other writes when it defers them (the sandbox job's transaction: write).
  await write(
    {
      sql: `INSERT INTO votes ${VOTE_COLUMNS} VALUES ${rows.map(() => VOTE_VALUES).join(', ')}`,
      replacements: rows.flatMap((v) => [v.id, v.roundId, v.validatorKey, v.verdict, v.securityLevel, JSON.stringify(v.reasons), JSON.stringify(v.findingsConsidered), v.payload, v.payloadHash, v.signature, v.signer, sqlTime(now), sqlTime(now)]),
    },
    t,
  );
  const votes = rows.map((values) => Vote.build(values, { isNewRecord: false }));
  round.votesReceived += rows.length;
  for (const v of rows) await councilEconomy().recordValidatorReview({ roundId: round.id, validatorKey: v.validatorKey, walletAddress: payoutAddress, submissionId: sub.id, transaction: t });
  return votes;
}

/** Gives a leased seat back and seats a built-in at once when nobody waits for the seat any more. */
export async function releaseSeat(roundId: string, validatorKey: string): Promise<void> {
  const seated = await db().transaction(async (t) => {
    const round = await CouncilRound.findByPk(roundId, { transaction: t, lock: t.LOCK.UPDATE });
    if (!round || round.closedAt) return [];
    if (!(await releaseSeatLocked(round, validatorKey, t))) return [];
    return (await settleSeatsLocked(round, t)).seated;
  });
  await enqueueWorkerVotes(roundId, seated);
}

/**
 * Settles a round's seats (expired leases, a closed claim window) and enqueues the vote jobs of the
 * built-ins it seated; a round left complete by a shrink is decided here.
 */
export async function settleSeats(roundId: string): Promise<number> {
  const res = await db().transaction(async (t) => {
    const round = await CouncilRound.findByPk(roundId, { transaction: t, lock: t.LOCK.UPDATE });
    if (!round || round.closedAt) return { seated: [] as string[] };
    const { seated, complete } = await settleSeatsLocked(round, t);
    if (!complete) return { seated };
    const sub = await lockSubmission(round.submissionId, t);
    return { seated, outcome: sub ? await decide(round, sub, t) : undefined };
  });
  await enqueueWorkerVotes(roundId, res.seated);
  return res.seated.length;
}

export type RecordRefusal = 'round_closed' | 'no_lease' | 'lease_expired' | 'already_voted';

/**
 * Records a signed vote once (unique round and validator); the round row lock serialises the
 * fan-in, and whoever records the last vote tallies. A leased seat (external, LLM) must still be
 * held: a vote after its lease ran out is refused, the seat belongs to someone else by then.
 */
export async function recordVote(
  roundId: string,
  payload: VotePayload,
  signed: { payloadHash: string; signature: string; signer: string },
  opts: { leased: boolean; payoutAddress?: string | null },
): Promise<{ outcome?: string } | { refused: RecordRefusal }> {
  const validatorKey = payload.validatorKey;
  const res = await db().transaction(async (t): Promise<{ outcome?: string } | { refused: RecordRefusal }> => {
    const locked = await lockRoundWithSubmission(roundId, t);
    if (!locked || locked.round.closedAt || !locked.sub) return { refused: 'round_closed' };
    const { round, sub } = locked;
    const already = await Vote.findOne({ where: { roundId, validatorKey }, transaction: t });
    if (already) return opts.leased ? { refused: 'already_voted' } : {};
    if (opts.leased) {
      const seat = await CouncilSeat.findOne({ where: { roundId, validatorKey }, transaction: t, lock: t.LOCK.UPDATE });
      if (!seat || seat.status === 'RELEASED') return { refused: 'no_lease' };
      if (seat.status === 'EXPIRED' || seat.leaseExpiresAt.getTime() <= Date.now()) return { refused: 'lease_expired' };
      seat.status = 'VOTED';
      await seat.save({ transaction: t });
    } else if (!round.validatorKeys.includes(validatorKey)) {
      return { refused: 'no_lease' };
    }
    await insertVotesLocked(round, sub, [{ payload, signed }], opts.payoutAddress ?? null, t);
    return finishVotesLocked(round, sub, t);
  });
  return res;
}

/**
 * Tallies a complete round (`roundVotes`: all its votes, when the caller has them), closes it and reports the finished tally to the submissions seam, which
 * moves the submission and seals or settles its certificate in this transaction.
 */
async function decide(round: CouncilRound, sub: Submission, t: Transaction, roundVotes?: Vote[]): Promise<string> {
  // Every vote of the round: as the caller holds them under the round's lock, else read here.
  const votes = roundVotes ?? (await Vote.findAll({ where: { roundId: round.id }, transaction: t }));
  const order = new Map(round.validatorKeys.map((k, i) => [k, i]));
  votes.sort((a, b) => (order.get(a.validatorKey) ?? 0) - (order.get(b.validatorKey) ?? 0));
  const { outcome, reason } = tallyVotes(
    votes.map((v) => v.verdict as VoteVerdict),
    round.expectedVotes,
  );
  round.set({ outcome, outcomeReason: reason, closedAt: new Date() });
  await saveChanged(round, t);
  invalidate.submissions([sub.id], t);
  await councilSubmissions().tallied(sub, { round, outcome, reason, votes }, t);
  return outcome;
}
