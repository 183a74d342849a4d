import { randomUUID } from 'node:crypto';
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { ZeroAddress } from 'ethers';
import { checksumAddress } from '../addresses.js';
import { db } from '../db/connection.js';
import { Actor, AuditLog, Certificate, CertificateState, Flag } from '../db/models.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { invalidate } from '../cache/read-cache.js';
import { economyConfig } from '../economy/config.js';
import { COMMUNITY_FLAGS, SYSTEM_MONITORING_REPORTER, isSystemFlag } from '../db/flag-kinds.js';
import { certificateEvent, type CertificateChange } from '../webhooks/events.js';
import { recordWebhookEvent } from '../webhooks/store.js';

/** The certificate owner's webhooks hear of a change to its live state, in the change's transaction (docs/webhooks.md). */
export async function notifyOwner(certificateId: string, change: CertificateChange, t: Transaction): Promise<void> {
  const cert = await Certificate.findByPk(certificateId, { attributes: ['id', 'owner', 'skillName'], transaction: t });
  if (cert) await recordWebhookEvent(cert.owner, certificateEvent(cert, change, new Date()), t);
}

export { SYSTEM_MONITORING_REPORTER, isSystemFlag };

/** Counts the certificate's open community flags into its live row (activeFlagCount). */
export async function recountFlags(certificateId: string, t: Transaction): Promise<number> {
  const open = await Flag.count({ where: { certificateId, status: 'OPEN', ...COMMUNITY_FLAGS }, transaction: t });
  await CertificateState.update({ activeFlagCount: open }, { where: { certificateId }, transaction: t });
  invalidate.certificates([certificateId], t);
  return open;
}

/** The bounty wallet of a flag: a checksummed address, never the zero address (a bounty sent there is burnt). */
export function bountyWallet(value: string): string {
  const a = checksumAddress(value, 'walletAddress');
  if (a === ZeroAddress) throw badRequest('invalid_wallet_address', 'walletAddress cannot be the zero address', 'walletAddress');
  return a;
}

/**
 * Friction against mass flagging. The spec makes an open flag turn `valid` false at once (a real
 * problem must reach verifiers quickly), so the limit is on how many flags one actor can have open
 * and raise: at most FLAG_MAX_OPEN_PER_ACTOR open at any time and FLAG_RATE_LIMIT per
 * FLAG_RATE_WINDOW_SECONDS. One key can therefore darken at most a handful of certificates until an
 * operator dismisses its flags, never the registry. Checked under the actor's row lock so two
 * concurrent requests cannot both pass the count.
 */
async function checkFlagAllowance(reporter: string, t: Transaction): Promise<void> {
  const eco = economyConfig();
  const open = await Flag.count({ where: { reporter, status: 'OPEN' }, transaction: t });
  if (open >= eco.flagMaxOpenPerActor) {
    throw new ApiError(429, 'too_many_open_flags', `You have ${open} open flags, the most one actor may hold; wait until an operator resolves them`, undefined, { 'Retry-After': '3600' });
  }
  const since = new Date(Date.now() - eco.flagRateWindowSeconds * 1000);
  const recent = await Flag.findAll({ where: { reporter, createdAt: { [Op.gte]: since } }, attributes: ['createdAt'], order: [['createdAt', 'ASC']], transaction: t });
  if (recent.length >= eco.flagRateLimit) {
    const retry = Math.max(1, Math.ceil((recent[recent.length - eco.flagRateLimit]!.createdAt.getTime() + eco.flagRateWindowSeconds * 1000 - Date.now()) / 1000));
    throw new ApiError(429, 'flag_rate_limited', `At most ${eco.flagRateLimit} flags per ${eco.flagRateWindowSeconds} s per actor`, undefined, { 'Retry-After': String(retry) });
  }
}

/**
 * One open flag per reporter and certificate: a repeat returns the open one (created = false).
 * `actorId` is the reporter's actor row, locked to serialise that actor's flags (the allowance check).
 */
export async function createFlag(
  certificateId: string,
  reporter: string,
  input: { walletAddress: string; reason: string; details?: string },
  actorId?: string,
): Promise<{ flag: Flag; created: boolean }> {
  const walletAddress = bountyWallet(input.walletAddress);
  const openKey = `${certificateId}:${reporter}`;
  const existing = await Flag.findOne({ where: { openKey } });
  if (existing) return { flag: existing, created: false };
  try {
    const flag = await db().transaction(async (t) => {
      // Lock order: the actor first (its allowance), then the certificate's state row.
      if (actorId) await Actor.findByPk(actorId, { transaction: t, lock: t.LOCK.UPDATE });
      await checkFlagAllowance(reporter, t);
      await CertificateState.findByPk(certificateId, { transaction: t, lock: t.LOCK.UPDATE });
      const f = await Flag.create(
        { id: randomUUID(), certificateId, reporter, walletAddress, reason: input.reason, details: input.details ?? null, status: 'OPEN', openKey, resolution: null, resolvedAt: null },
        { transaction: t },
      );
      await recountFlags(certificateId, t);
      await notifyOwner(certificateId, { kind: 'flagged', flagId: f.id, reason: input.reason, system: false }, t);
      return f;
    });
    return { flag, created: true };
  } catch (err) {
    if (err instanceof UniqueConstraintError) {
      const flag = await Flag.findOne({ where: { openKey } });
      if (flag) return { flag, created: false };
    }
    throw err;
  }
}

/**
 * A monitoring alert for an operator: one open system flag per certificate and check kind (a repeat
 * returns the open one). Runs in the caller's transaction, which holds the certificate's state row.
 */
export async function openSystemFlag(certificateId: string, kind: string, reason: string, details: string, t: Transaction): Promise<Flag> {
  const openKey = `${certificateId}:${SYSTEM_MONITORING_REPORTER}:${kind}`;
  const existing = await Flag.findOne({ where: { openKey }, transaction: t });
  if (existing) return existing;
  const flag = await Flag.create(
    { id: randomUUID(), certificateId, reporter: SYSTEM_MONITORING_REPORTER, walletAddress: ZeroAddress, reason, details, status: 'OPEN', openKey, resolution: null, resolvedAt: null },
    { transaction: t },
  );
  await notifyOwner(certificateId, { kind: 'flagged', flagId: flag.id, reason, system: true }, t);
  return flag;
}

/**
 * Whether a flag was raised by the certificate's owner (same account, or the owner's agent wallet as
 * the bounty wallet): such a flag still suspends when confirmed but earns no bounty, or an owner
 * could mint reward tokens by flagging its own certificates.
 */
export function isOwnersFlag(flag: Flag, certOwner: string): boolean {
  if (flag.reporter === certOwner) return true;
  return certOwner.toLowerCase() === `wallet:${flag.walletAddress.toLowerCase()}`;
}

/**
 * Operator status changes of a certificate's live state. Revocation shows as SUSPENDED (spec 3.2);
 * the sealed record is never touched.
 */
export async function setCertificateStatus(certificateId: string, action: 'suspend' | 'revoke' | 'reinstate' | 'deprecate', reason: string, operator: string) {
  const status = { suspend: 'SUSPENDED', revoke: 'SUSPENDED', reinstate: 'APPROVED', deprecate: 'DEPRECATED' }[action];
  return db().transaction(async (t) => {
    const state = await CertificateState.findByPk(certificateId, { transaction: t, lock: t.LOCK.UPDATE });
    if (!state) throw notFound('Certificate');
    const from = state.status;
    state.set({ status, statusReason: action === 'revoke' ? `Revoked: ${reason}` : reason });
    await state.save({ transaction: t });
    await notifyOwner(certificateId, { kind: 'status', from, to: status, reason: state.statusReason ?? reason }, t);
    invalidate.certificates([certificateId], t);
    await AuditLog.create({ id: randomUUID(), operator, action: `certificate.${action}`, targetType: 'certificate', targetId: certificateId, details: { reason } }, { transaction: t });
    return state;
  });
}

// Disputes live in shared/submissions/disputes.ts.
