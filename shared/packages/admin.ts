import { randomUUID } from 'node:crypto';
import { db } from '../db/connection.js';
import { AuditLog, PackageAudit, PackageCertificate } from '../db/models.js';
import { notFound, badRequest } from '../errors.js';
import type { PackageRef, PackageSecurityLevel } from './types.js';
import { invalidate } from '../cache/read-cache.js';
import { enqueue } from '../queues/index.js';

const LEVELS: PackageSecurityLevel[] = ['CLEAR', 'MONITORED', 'CAUTION', 'BLOCKED'];

/** Every ACTIVE certificate of the version (several when the registry's chosen file changed), newest first. */
async function activeOrThrow(ref: PackageRef, t: import('sequelize').Transaction): Promise<PackageCertificate[]> {
  const rows = await PackageCertificate.findAll({ where: { ...ref, status: 'ACTIVE' }, order: [['certifiedAt', 'DESC']], transaction: t, lock: t.LOCK.UPDATE });
  if (rows.length === 0) throw notFound(`Active package certificate ${ref.registry} ${ref.name}@${ref.version}`);
  return rows;
}

const log = (t: import('sequelize').Transaction, operator: string, action: string, ref: PackageRef, details: object) =>
  AuditLog.create({ id: randomUUID(), operator, action, targetType: 'package', targetId: `${ref.registry}:${ref.name}@${ref.version}`, details }, { transaction: t });

/**
 * Operator override of a package's security level (BLOCKED = block). The council's verdict stays in
 * the signed record; the override is shown beside it and wins for lookups.
 */
export async function overridePackage(ref: PackageRef, level: string, reason: string, operator: string): Promise<PackageCertificate> {
  if (!LEVELS.includes(level as PackageSecurityLevel)) throw badRequest('invalid_field', `level must be one of ${LEVELS.join(', ')}`, 'level');
  return db().transaction(async (t) => {
    const rows = await activeOrThrow(ref, t);
    const before = rows[0]!.overrideLevel ?? rows[0]!.securityLevel;
    for (const c of rows) await c.update({ overrideLevel: level, overrideReason: reason }, { transaction: t });
    invalidate.package(ref, t);
    await log(t, operator, level === 'BLOCKED' ? 'package.block' : 'package.override', ref, { from: before, to: level, reason, certificates: rows.map((c) => c.id) });
    return rows[0]!;
  });
}

/** Revokes the active certificate (kept for the record) so the version is audited afresh when next needed. */
export async function revokePackage(ref: PackageRef, reason: string, operator: string): Promise<PackageCertificate> {
  return db().transaction(async (t) => {
    const rows = await activeOrThrow(ref, t);
    // The revoke reason goes to the audit log; an override's own reason stays on the record.
    for (const c of rows) await c.update({ status: 'REVOKED', activeKey: null }, { transaction: t });
    invalidate.package(ref, t);
    await PackageAudit.update({ status: 'PENDING', certificateId: null, error: null }, { where: { ...ref }, transaction: t });
    await log(t, operator, 'package.revoke', ref, { certificates: rows.map((c) => c.id), reason });
    return rows[0]!;
  });
}

/** Records the audit an operator ran right after a revoke (`package revoke --reaudit`). */
export async function logReaudit(ref: PackageRef, cert: PackageCertificate, operator: string): Promise<void> {
  await db().transaction((t) => log(t, operator, 'package.reaudit', ref, { certificate: cert.id, securityLevel: cert.securityLevel, distributionSha256: cert.distributionSha256 }));
}

export async function packageAuditTrail(ref: PackageRef) {
  return AuditLog.findAll({ where: { targetType: 'package', targetId: `${ref.registry}:${ref.name}@${ref.version}` }, order: [['createdAt', 'ASC']] });
}

/**
 * Revoke and audit afresh through the packages queue (the console's re-audit: the web process does
 * not run audits itself). Revoke and audit-log entry commit together, the job is queued after: if
 * queueing fails the operator sees an error and a retry queues it (a version already revoked is
 * re-audited without a second revoke). The new certificate replaces the revoked one when the worker
 * is done.
 */
export async function reauditPackage(ref: PackageRef, reason: string, operator: string): Promise<void> {
  await db().transaction(async (t) => {
    const rows = await PackageCertificate.findAll({ where: { ...ref, status: 'ACTIVE' }, transaction: t, lock: t.LOCK.UPDATE });
    if (rows.length === 0 && !(await PackageCertificate.findOne({ where: { ...ref }, transaction: t }))) {
      throw notFound(`Package certificate ${ref.registry} ${ref.name}@${ref.version}`);
    }
    for (const c of rows) await c.update({ status: 'REVOKED', activeKey: null }, { transaction: t });
    if (rows.length) invalidate.package(ref, t);
    await PackageAudit.update({ status: 'PENDING', certificateId: null, error: null }, { where: { ...ref }, transaction: t });
    await log(t, operator, 'package.reaudit', ref, { revoked: rows.map((c) => c.id), reason, queued: true });
  });
  await enqueue.audit(ref);
}
