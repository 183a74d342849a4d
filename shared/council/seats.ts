/**
 * Council seats. A round has `COUNCIL_SEATS` seats. The LLM validator (when configured) takes one at
 * once, on a lease; while an external validator is admitted, the free seats wait up to
 * `COUNCIL_CLAIM_WINDOW_MS` for external validators to claim them (each claim is a lease of
 * `COUNCIL_LEASE_MS`); built-in validators fill whatever is left, at once when no external
 * validator is admitted (the behaviour before external validators existed).
 *
 * `round.validatorKeys` is always the set of seated validators (leased or voted): every change to it
 * happens under the round's row lock, as the vote fan-in does. A lease that runs out or is given back
 * leaves that set and frees the seat for the next claimant or a built-in.
 */
import { randomUUID } from 'node:crypto';
import { Op, type Transaction } from 'sequelize';
import { config } from '../config.js';
import { db } from '../db/connection.js';
import { CouncilRound, CouncilSeat, Submission, Validator, insertBuilt } from '../db/models.js';
import { allValidators } from '../db/reference-rows.js';
import { BUILT_IN_VALIDATORS } from './validators.js';
import { invalidate } from '../cache/read-cache.js';
import { enqueue } from '../queues/index.js';

export const LLM_VALIDATOR_KEY = 'llm';
/** Time the LLM validator gets beyond its request timeout before its seat counts as abandoned. */
const LLM_LEASE_MARGIN_MS = 30_000;

/** Built-ins fill seats in this order (the security lens first); seated built-ins vote in key order. */
const BUILT_IN_PRIORITY = BUILT_IN_VALIDATORS.map((v) => v.key);

const reviews = (v: Validator, productType: string) => !v.productTypes || v.productTypes.length === 0 || v.productTypes.includes(productType);

/** External validators' keys: derived from the wallet, so one wallet is one validator. */
export const externalKeyOf = (wallet: string) => `ext-${wallet.toLowerCase().slice(2)}`;

/** Validators whose vote the worker casts itself (a Bull vote job); external ones vote over HTTP. */
export function castByWorker(key: string): boolean {
  return key === LLM_VALIDATOR_KEY || BUILT_IN_PRIORITY.includes(key);
}

export const isBuiltIn = (key: string) => BUILT_IN_PRIORITY.includes(key);

/**
 * Enqueues the jobs that cast the worker's votes among `keys` (seated validators that have not voted): the
 * LLM validator's own job, and one job for all the built-ins (their votes need no lease: one job and one
 * transaction for the lot). Returns how many jobs were new.
 */
export async function enqueueWorkerVotes(roundId: string, keys: readonly string[]): Promise<number> {
  let n = 0;
  if (keys.includes(LLM_VALIDATOR_KEY) && (await enqueue.vote(roundId, LLM_VALIDATOR_KEY)) !== 'exists') n++;
  const builtIns = keys.filter(isBuiltIn);
  if (builtIns.length > 0 && (await enqueue.builtInVotes(roundId, builtIns)) !== 'exists') n++;
  return n;
}

/**
 * Opens the council round of a submission that passed the sandbox (inside the sandbox step's
 * transaction), or the RE_AUDIT round of an upheld dispute (`disputeId`), and seats the validators
 * that can be seated now.
 */
export async function openRound(sub: Submission, roundType: string, t: Transaction, roundNumber = 1, disputeId: string | null = null): Promise<CouncilRound> {
  const c = config();
  const active = (await allValidators(t)).filter((v) => v.active);
  const now = Date.now();
  const llm = active.find((v) => v.kind === 'LLM' && v.key === LLM_VALIDATOR_KEY && reviews(v, sub.productType));
  const externals = active.filter((v) => v.kind === 'EXTERNAL' && reviews(v, sub.productType));
  const builtIns = active.filter((v) => v.kind === 'BUILT_IN');
  const seats = c.COUNCIL_SEATS;
  const waitForExternals = externals.length > 0 && c.COUNCIL_CLAIM_WINDOW_MS > 0 && seats > (llm ? 1 : 0);
  const seated: string[] = llm ? [llm.key] : [];
  if (!waitForExternals) seated.push(...chooseBuiltIns(builtIns, seats - seated.length, []));
  if (seated.length === 0 && !waitForExternals) throw new Error('no active validators: run migrations and `npm run cert -- validators sync`');
  // A raw INSERT of the built row (the row create wrote; the model has no create hooks).
  const round = await insertBuilt(
    CouncilRound.build({
      id: randomUUID(),
      submissionId: sub.id,
      roundNumber,
      roundType,
      validatorKeys: seated,
      expectedVotes: waitForExternals ? seats : seated.length,
      outcome: null,
      outcomeReason: null,
      closedAt: null,
      seatsOpenUntil: waitForExternals ? new Date(now + c.COUNCIL_CLAIM_WINDOW_MS) : null,
      disputeId,
    }),
    t,
  );
  // The owner's view shows the latest round.
  invalidate.submissions([sub.id], t);
  if (llm) {
    await CouncilSeat.create(
      { id: randomUUID(), roundId: round.id, validatorKey: llm.key, status: 'LEASED', leaseExpiresAt: new Date(now + c.LLM_VALIDATOR_TIMEOUT_MS + LLM_LEASE_MARGIN_MS) },
      { transaction: t },
    );
  }
  return round;
}

/** Up to n built-ins not yet seated, chosen by priority, returned in key order. */
function chooseBuiltIns(builtIns: Validator[], n: number, seated: string[]): string[] {
  if (n <= 0) return [];
  const free = builtIns.map((v) => v.key).filter((k) => !seated.includes(k));
  const chosen = BUILT_IN_PRIORITY.filter((k) => free.includes(k)).slice(0, n);
  return chosen.sort();
}

/** Free seats of a locked round. */
const freeSeats = (round: CouncilRound) => round.expectedVotes - round.validatorKeys.length;

/**
 * Under the round lock: leases that ran out leave the round; once the claim window is over (or when
 * nobody waits), built-ins fill the free seats. When no built-in is left to seat, the round shrinks
 * to the validators it has. Returns the built-in keys newly seated (the caller enqueues their jobs
 * after commit) and whether the round is now complete (every seat voted).
 */
export async function settleSeatsLocked(round: CouncilRound, t: Transaction, now = new Date()): Promise<{ seated: string[]; complete: boolean }> {
  const expired = await CouncilSeat.findAll({ where: { roundId: round.id, status: 'LEASED', leaseExpiresAt: { [Op.lte]: now } }, transaction: t, lock: t.LOCK.UPDATE });
  const before = round.validatorKeys;
  let keys = before;
  for (const s of expired) {
    s.status = 'EXPIRED';
    await s.save({ transaction: t });
    keys = keys.filter((k) => k !== s.validatorKey);
  }
  const seated: string[] = [];
  const windowOver = !round.seatsOpenUntil || round.seatsOpenUntil.getTime() <= now.getTime();
  if (windowOver && round.expectedVotes - keys.length > 0) {
    const builtIns = await Validator.findAll({ where: { active: true, kind: 'BUILT_IN' }, transaction: t });
    seated.push(...chooseBuiltIns(builtIns, round.expectedVotes - keys.length, keys));
    keys = [...keys, ...seated];
    // Nobody is left to take the remaining seats: the round is decided by the validators it has.
    if (round.expectedVotes > keys.length && keys.length > 0) round.expectedVotes = Math.max(keys.length, round.votesReceived);
  }
  if (keys.length !== before.length || keys.some((k, i) => k !== before[i])) round.validatorKeys = keys;
  if (round.changed()) {
    // The owner's view shows the expected votes (the seats themselves it does not).
    if (round.changed('expectedVotes')) invalidate.submissions([round.submissionId], t);
    await round.save({ transaction: t });
  }
  return { seated, complete: round.expectedVotes > 0 && round.votesReceived >= round.expectedVotes };
}

/** Open rounds whose seats need attention: a lease that ran out, or a claim window that closed with free seats. */
export async function roundsNeedingSeats(limit = 200): Promise<string[]> {
  const now = new Date();
  const expired = await CouncilSeat.findAll({ attributes: ['roundId'], where: { status: 'LEASED', leaseExpiresAt: { [Op.lte]: now } }, limit });
  const windows = await CouncilRound.findAll({ attributes: ['id', 'expectedVotes', 'validatorKeys'], where: { closedAt: null, seatsOpenUntil: { [Op.lte]: now } }, limit });
  const ids = new Set(expired.map((s) => s.roundId));
  for (const r of windows) if (freeSeats(r) > 0) ids.add(r.id);
  return [...ids];
}

/** Releases a leased seat (LLM failure, operator suspension): the seat is free again at once. */
export async function releaseSeatLocked(round: CouncilRound, validatorKey: string, t: Transaction): Promise<boolean> {
  const [n] = await CouncilSeat.update({ status: 'RELEASED' }, { where: { roundId: round.id, validatorKey, status: 'LEASED' }, transaction: t });
  if (n === 0) return false;
  round.validatorKeys = round.validatorKeys.filter((k) => k !== validatorKey);
  await round.save({ transaction: t });
  return true;
}

/** Rounds an external validator could claim a seat in now, oldest first. */
export async function claimableRounds(v: Validator, limit = 20): Promise<CouncilRound[]> {
  const rows = await CouncilRound.findAll({
    where: { closedAt: null, seatsOpenUntil: { [Op.gt]: new Date() } },
    order: [['createdAt', 'ASC'], ['id', 'ASC']],
    limit: 200,
  });
  const mine = new Set((await CouncilSeat.findAll({ attributes: ['roundId'], where: { validatorKey: v.key, roundId: rows.map((r) => r.id) } })).map((s) => s.roundId));
  const open = rows.filter((r) => !mine.has(r.id));
  if (open.length === 0) return [];
  const types = new Map((await Submission.findAll({ attributes: ['id', 'productType'], where: { id: open.map((r) => r.submissionId) } })).map((s) => [s.id, s.productType]));
  // A seat held by an expired lease is free too: claiming settles it first.
  const expiredHeld = new Set((await CouncilSeat.findAll({ attributes: ['roundId'], where: { roundId: open.map((r) => r.id), status: 'LEASED', leaseExpiresAt: { [Op.lte]: new Date() } } })).map((s) => s.roundId));
  return open.filter((r) => reviews(v, types.get(r.submissionId) ?? '') && (freeSeats(r) > 0 || expiredHeld.has(r.id))).slice(0, limit);
}

export type ClaimResult = { round: CouncilRound; seat: CouncilSeat };

/**
 * Claims a seat for an external validator: under the round lock, settles expired leases, then takes
 * a free seat with a lease. Refused when the window closed, no seat is free, or the validator
 * already had a seat in this round (one seat per validator and round, also after an expired lease).
 */
export async function claimSeat(v: Validator, roundId: string): Promise<ClaimResult | { refused: 'not_found' | 'closed' | 'window_closed' | 'no_free_seat' | 'already_seated' | 'product_type' | 'too_many_leases' }> {
  return db().transaction(async (t) => {
    const round = await CouncilRound.findByPk(roundId, { transaction: t, lock: t.LOCK.UPDATE });
    if (!round) return { refused: 'not_found' as const };
    if (round.closedAt) return { refused: 'closed' as const };
    const sub = await Submission.findByPk(round.submissionId, { attributes: ['id', 'productType'], transaction: t });
    if (!sub || !reviews(v, sub.productType)) return { refused: 'product_type' as const };
    const now = new Date();
    if (!round.seatsOpenUntil || round.seatsOpenUntil.getTime() <= now.getTime()) return { refused: 'window_closed' as const };
    await settleSeatsLocked(round, t, now);
    if (await CouncilSeat.findOne({ where: { roundId, validatorKey: v.key }, transaction: t })) return { refused: 'already_seated' as const };
    if (freeSeats(round) <= 0) return { refused: 'no_free_seat' as const };
    // The validator's row lock serialises its concurrent claims, so the cap holds.
    await Validator.findByPk(v.key, { transaction: t, lock: t.LOCK.UPDATE });
    const held = await CouncilSeat.count({ where: { validatorKey: v.key, status: 'LEASED', leaseExpiresAt: { [Op.gt]: now } }, transaction: t });
    if (held >= config().COUNCIL_MAX_LEASES_PER_VALIDATOR) return { refused: 'too_many_leases' as const };
    const seat = await CouncilSeat.create(
      { id: randomUUID(), roundId, validatorKey: v.key, status: 'LEASED', leaseExpiresAt: new Date(now.getTime() + config().COUNCIL_LEASE_MS) },
      { transaction: t },
    );
    round.validatorKeys = [...round.validatorKeys, v.key];
    await round.save({ transaction: t });
    return { round, seat };
  });
}
