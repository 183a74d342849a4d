import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Op } from 'sequelize';
import { AuditLog } from '../db/models.js';
import { db } from '../db/connection.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { hashSecret, newSecret } from '../ids.js';
import { Operator, OperatorSession } from './models.js';

/** Operator secrets look like `cert_op_<43 base64url chars>` (256 random bits: a plain SHA-256 is enough). */
export const OPERATOR_SECRET_PREFIX = 'cert_op_';
const SESSION_PREFIX = 'cert_ops_';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function operatorName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!NAME.test(name)) throw badRequest('invalid_operator_name', 'An operator name is 1 to 64 letters, digits, dots, dashes or underscores', 'name');
  return name;
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** `operator create`: a new account and its one-time secret (printed once, never stored). */
export async function createOperator(nameInput: string, issuedBy: string): Promise<{ operator: Operator; secret: string }> {
  const name = operatorName(nameInput);
  const { secret, hash } = newSecret(OPERATOR_SECRET_PREFIX);
  return db().transaction(async (t) => {
    const existing = await Operator.findOne({ where: { name }, transaction: t, lock: t.LOCK.UPDATE });
    if (existing && !existing.revokedAt) throw conflict('operator_exists', `Operator ${name} exists; revoke it first to issue a new secret`);
    // A revoked name may be issued again: the row gets the new secret, old sessions stay revoked.
    const operator = existing
      ? await existing.update({ secretHash: hash, revokedAt: null }, { transaction: t })
      : await Operator.create({ id: randomUUID(), name, secretHash: hash, revokedAt: null }, { transaction: t });
    await AuditLog.create({ id: randomUUID(), operator: issuedBy, action: 'operator.create', targetType: 'operator', targetId: name, details: {} }, { transaction: t });
    return { operator, secret };
  });
}

/** `operator revoke`: the account and every session of it end now. */
export async function revokeOperator(nameInput: string, issuedBy: string): Promise<Operator> {
  const name = operatorName(nameInput);
  return db().transaction(async (t) => {
    const op = await Operator.findOne({ where: { name, revokedAt: null }, transaction: t, lock: t.LOCK.UPDATE });
    if (!op) throw notFound(`Active operator ${name}`);
    const now = new Date();
    await op.update({ revokedAt: now }, { transaction: t });
    const [sessions] = await OperatorSession.update({ revokedAt: now }, { where: { operatorId: op.id, revokedAt: null }, transaction: t });
    await AuditLog.create({ id: randomUUID(), operator: issuedBy, action: 'operator.revoke', targetType: 'operator', targetId: name, details: { sessions } }, { transaction: t });
    return op;
  });
}

export const listOperators = () => Operator.findAll({ order: [['name', 'ASC']] });

/** The active operator whose secret this is, or null (the hash is computed either way). */
export async function checkOperatorSecret(name: string, secret: string): Promise<Operator | null> {
  const hash = hashSecret(secret);
  const op = NAME.test(name) ? await Operator.findOne({ where: { name, revokedAt: null } }) : null;
  return op && sameHash(op.secretHash, hash) ? op : null;
}

export interface ConsoleSession {
  session: OperatorSession;
  operator: Operator;
  csrfToken: string;
}

/**
 * The per-session CSRF token: an HMAC of the session's own secret token, so it needs no storage and
 * cannot be computed by a page that cannot read the HttpOnly cookie.
 */
export const csrfTokenFor = (sessionToken: string): string => createHmac('sha256', sessionToken).update('cert-console-csrf').digest('base64url');

export function csrfMatches(sessionToken: string, submitted: unknown): boolean {
  return typeof submitted === 'string' && sameHash(csrfTokenFor(sessionToken), submitted);
}

/** A console sign-in: a new session, recorded in the audit log with the client address (who acted when). */
export async function startSession(op: Operator, ttlMs: number, ip = 'unknown'): Promise<{ token: string; expiresAt: Date }> {
  const { secret: token, hash } = newSecret(SESSION_PREFIX);
  const expiresAt = new Date(Date.now() + ttlMs);
  const sessionId = randomUUID();
  await db().transaction(async (t) => {
    await OperatorSession.create({ id: sessionId, operatorId: op.id, tokenHash: hash, expiresAt, revokedAt: null }, { transaction: t });
    await op.update({ lastLoginAt: new Date() }, { transaction: t });
    await AuditLog.create({ id: randomUUID(), operator: op.name, action: 'operator.sign-in', targetType: 'operator_session', targetId: sessionId, details: { ip } }, { transaction: t });
  });
  return { token, expiresAt };
}

/** The live session of a cookie token: unexpired, not logged out, its operator not revoked. */
export async function sessionFor(token: string | undefined): Promise<ConsoleSession | null> {
  if (!token || !token.startsWith(SESSION_PREFIX) || token.length > 100) return null;
  const session = await OperatorSession.findOne({ where: { tokenHash: hashSecret(token), revokedAt: null, expiresAt: { [Op.gt]: new Date() } } });
  if (!session) return null;
  const operator = await Operator.findOne({ where: { id: session.operatorId, revokedAt: null } });
  return operator ? { session, operator, csrfToken: csrfTokenFor(token) } : null;
}

export async function endSession({ session, operator }: Pick<ConsoleSession, 'session' | 'operator'>): Promise<void> {
  await db().transaction(async (t) => {
    await session.update({ revokedAt: new Date() }, { transaction: t });
    await AuditLog.create({ id: randomUUID(), operator: operator.name, action: 'operator.sign-out', targetType: 'operator_session', targetId: session.id, details: {} }, { transaction: t });
  });
}
