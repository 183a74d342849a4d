import { randomUUID } from 'node:crypto';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { getAddress } from 'ethers';
import { db } from '../db/connection.js';
import { AuditLog, CertificateState, Dispute, Flag, Submission } from '../db/models.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { invalidate } from '../cache/read-cache.js';

/** EIP-55: all-lowercase or all-uppercase hex is accepted as unchecksummed; mixed case must checksum. */
export function checksumAddress(value: string, field: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw badRequest('invalid_wallet_address', `${field} must be a 0x-prefixed 20-byte hex address`, field);
  try {
    return getAddress(value);
  } catch {
    throw badRequest('invalid_wallet_address', `${field} fails its EIP-55 checksum`, field);
  }
}

async function recountFlags(certificateId: string, t: Transaction): Promise<number> {
  const open = await Flag.count({ where: { certificateId, status: 'OPEN' }, transaction: t });
  await CertificateState.update({ activeFlagCount: open }, { where: { certificateId }, transaction: t });
  invalidate.certificates([certificateId], t);
  return open;
}

/** One open flag per reporter and certificate: a repeat returns the open one (created = false). */
export async function createFlag(
  certificateId: string,
  reporter: string,
  input: { walletAddress: string; reason: string; details?: string },
): Promise<{ flag: Flag; created: boolean }> {
  const walletAddress = checksumAddress(input.walletAddress, 'walletAddress');
  const openKey = `${certificateId}:${reporter}`;
  try {
    const flag = await db().transaction(async (t) => {
      await CertificateState.findByPk(certificateId, { transaction: t, lock: t.LOCK.UPDATE });
      const f = await Flag.create(
        { id: randomUUID(), certificateId, reporter, walletAddress, reason: input.reason, details: input.details ?? null, status: 'OPEN', openKey, resolution: null, resolvedAt: null },
        { transaction: t },
      );
      await recountFlags(certificateId, t);
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

export async function resolveFlag(flagId: string, decision: 'confirm' | 'dismiss', reason: string, operator: string): Promise<Flag> {
  return db().transaction(async (t) => {
    // Lock order as in createFlag: the certificate's state row first, then the flag.
    const peek = await Flag.findByPk(flagId, { transaction: t });
    if (!peek) throw notFound('Flag');
    const state = await CertificateState.findByPk(peek.certificateId, { transaction: t, lock: t.LOCK.UPDATE });
    const flag = (await Flag.findByPk(flagId, { transaction: t, lock: t.LOCK.UPDATE }))!;
    if (flag.status !== 'OPEN') throw conflict('flag_not_open', `Flag ${flagId} is ${flag.status}`);
    flag.set({ status: decision === 'confirm' ? 'CONFIRMED' : 'DISMISSED', openKey: null, resolution: reason, resolvedAt: new Date() });
    await flag.save({ transaction: t });
    if (decision === 'confirm' && state && state.status !== 'SUSPENDED') {
      state.set({ status: 'SUSPENDED', statusReason: `Flag confirmed: ${reason}` });
      await state.save({ transaction: t });
    }
    await recountFlags(flag.certificateId, t);
    await AuditLog.create({ id: randomUUID(), operator, action: `flag.${decision}`, targetType: 'flag', targetId: flagId, details: { reason, certificateId: flag.certificateId } }, { transaction: t });
    return flag;
  });
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
    state.set({ status, statusReason: action === 'revoke' ? `Revoked: ${reason}` : reason });
    await state.save({ transaction: t });
    invalidate.certificates([certificateId], t);
    await AuditLog.create({ id: randomUUID(), operator, action: `certificate.${action}`, targetType: 'certificate', targetId: certificateId, details: { reason } }, { transaction: t });
    return state;
  });
}

export const DISPUTABLE_STATES = ['SANDBOX_FAILED', 'REJECTED', 'ESCALATED'];

export async function openDispute(sub: Submission, owner: string, reason: string): Promise<Dispute> {
  if (!DISPUTABLE_STATES.includes(sub.status)) {
    throw conflict('dispute_not_allowed', `A dispute can be opened on a submission in ${DISPUTABLE_STATES.join(', ')}; this one is ${sub.status}`);
  }
  try {
    return await Dispute.create({ id: randomUUID(), submissionId: sub.id, owner, reason, status: 'OPEN', openKey: sub.id, resolution: null, resolvedAt: null });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw conflict('dispute_already_open', 'This submission already has an open dispute');
    throw err;
  }
}

export async function resolveDispute(disputeId: string, resolution: string, operator: string): Promise<Dispute> {
  return db().transaction(async (t) => {
    const d = await Dispute.findByPk(disputeId, { transaction: t, lock: t.LOCK.UPDATE });
    if (!d) throw notFound('Dispute');
    if (d.status !== 'OPEN') throw conflict('dispute_not_open', `Dispute ${disputeId} is ${d.status}`);
    d.set({ status: 'RESOLVED', openKey: null, resolution, resolvedAt: new Date() });
    await d.save({ transaction: t });
    await AuditLog.create({ id: randomUUID(), operator, action: 'dispute.resolve', targetType: 'dispute', targetId: disputeId, details: { resolution } }, { transaction: t });
    return d;
  });
}
