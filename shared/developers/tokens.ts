import { randomUUID } from 'node:crypto';
import { getAddress } from 'ethers';
import { Transaction } from 'sequelize';
import { AuditLog, Developer, DeveloperToken } from '../db/models.js';
import { db } from '../db/connection.js';
import { hashSecret, isUuid, newSecret } from '../ids.js';
import { config } from '../config.js';
import { badRequest, conflict, notFound } from '../errors.js';

/** Developer tokens look like `cert_dev_<43 base64url chars>`; only their SHA-256 is stored. */
export const DEV_TOKEN_PREFIX = 'cert_dev_';
const WALLET_NAME_PREFIX = 'wallet:';

/** What a developer may see of a token: never the token itself (shown once, at issuance) nor its hash. */
export interface DeveloperTokenView {
  tokenId: string;
  prefix: string;
  label: string | null;
  active: boolean;
  createdAt: string;
  revokedAt: string | null;
}

export const tokenView = (t: DeveloperToken): DeveloperTokenView => ({
  tokenId: t.id,
  prefix: t.prefix,
  label: t.label ?? null,
  active: !t.revokedAt,
  createdAt: t.createdAt.toISOString(),
  revokedAt: t.revokedAt ? t.revokedAt.toISOString() : null,
});

/** Named (CLI) developers; `wallet:…` names are reserved for wallets that sign in (see developerOfWallet). */
export async function createDeveloperToken(developerName: string): Promise<{ token: string; tokenId: string; developerId: string }> {
  if (developerName.startsWith(WALLET_NAME_PREFIX)) throw badRequest('invalid_field', `developer names starting with ${WALLET_NAME_PREFIX} belong to wallets; the wallet issues its own tokens in the portal`, 'developer');
  const [dev] = await Developer.findOrCreate({ where: { name: developerName }, defaults: { id: randomUUID(), name: developerName } });
  const { secret: token, hash, display } = newSecret(DEV_TOKEN_PREFIX);
  const row = await DeveloperToken.create({ id: randomUUID(), developerId: dev.id, tokenHash: hash, prefix: display, revokedAt: null });
  return { token, tokenId: row.id, developerId: dev.id };
}

export async function revokeDeveloperToken(idOrToken: string): Promise<boolean> {
  const where = idOrToken.startsWith(DEV_TOKEN_PREFIX) ? { tokenHash: hashSecret(idOrToken) } : { id: idOrToken };
  const [n] = await DeveloperToken.update({ revokedAt: new Date() }, { where: { ...where, revokedAt: null } });
  return n > 0;
}

export async function developerForToken(token: string): Promise<Developer | null> {
  const row = await DeveloperToken.findOne({ where: { tokenHash: hashSecret(token) } });
  if (!row || row.revokedAt) return null;
  return Developer.findByPk(row.developerId);
}

// ---- Self-service: a wallet signed in with SIWE manages its own developer tokens ----

/** The audit log's actor for a wallet acting for itself (operators are named, wallets are `wallet:0x…`). */
const walletActor = (wallet: string) => `${WALLET_NAME_PREFIX}${getAddress(wallet)}`;

/** The developer a wallet is (created on first use); its name is the wallet, its owner key `developer:<id>`. */
export async function developerOfWallet(walletInput: string, transaction?: Transaction): Promise<Developer> {
  const wallet = getAddress(walletInput);
  const found = await Developer.findOne({ where: { wallet }, transaction });
  if (found) return found;
  try {
    return await Developer.create({ id: randomUUID(), name: walletActor(wallet), wallet }, { transaction });
  } catch (err) {
    // Two first sign-ins at once: the unique wallet column lets one create, the other reads it.
    const again = await Developer.findOne({ where: { wallet }, transaction });
    if (again) return again;
    throw err;
  }
}

/**
 * The wallet behind a certificate or submission owner key, for display: `wallet:0x…` (agent API) is
 * its wallet, `developer:<id>` the wallet its developer signed in with on the portal; null for an
 * API-key account or a developer made by an operator without a wallet.
 */
export async function walletOfOwner(owner: string): Promise<string | null> {
  const direct = /^wallet:(0x[0-9a-fA-F]{40})$/.exec(owner)?.[1];
  if (direct) return direct;
  const id = /^developer:(.+)$/.exec(owner)?.[1];
  if (!id || !isUuid(id)) return null;
  return (await Developer.findByPk(id, { attributes: ['wallet'] }))?.wallet ?? null;
}

/**
 * Issues a token for the wallet's developer. The developer row is locked while the active tokens
 * are counted, so concurrent requests cannot exceed DEV_TOKENS_PER_DEVELOPER. The token is returned
 * once; the audit log records who issued which token (by id and prefix, never the secret).
 */
export async function issueWalletToken(wallet: string, label: string | null): Promise<DeveloperTokenView & { token: string; developerId: string }> {
  const dev = await developerOfWallet(wallet);
  const cap = config().DEV_TOKENS_PER_DEVELOPER;
  return db().transaction(async (transaction) => {
    await Developer.findByPk(dev.id, { transaction, lock: Transaction.LOCK.UPDATE });
    const active = await DeveloperToken.count({ where: { developerId: dev.id, revokedAt: null }, transaction });
    if (active >= cap) throw conflict('developer_token_limit', `A developer may hold ${cap} active tokens; revoke one before creating another`);
    const { secret: token, hash, display } = newSecret(DEV_TOKEN_PREFIX);
    const row = await DeveloperToken.create({ id: randomUUID(), developerId: dev.id, tokenHash: hash, prefix: display, label, revokedAt: null }, { transaction });
    await AuditLog.create({ id: randomUUID(), operator: walletActor(wallet), action: 'dev-token.create', targetType: 'developer_token', targetId: row.id, details: { developerId: dev.id, prefix: display, label, via: 'portal' } }, { transaction });
    return { ...tokenView(row), token, developerId: dev.id };
  });
}

/** The wallet's tokens, active first, newest first (at most 100: the cap keeps the active ones few). */
export async function listWalletTokens(wallet: string): Promise<{ items: DeveloperTokenView[]; activeCount: number; maxActive: number }> {
  const dev = await Developer.findOne({ where: { wallet: getAddress(wallet) } });
  const rows = dev ? await DeveloperToken.findAll({ where: { developerId: dev.id }, order: [['createdAt', 'DESC'], ['id', 'DESC']], limit: 100 }) : [];
  const items = rows.map(tokenView).sort((a, b) => Number(b.active) - Number(a.active));
  return { items, activeCount: items.filter((t) => t.active).length, maxActive: config().DEV_TOKENS_PER_DEVELOPER };
}

/** Revokes one of the wallet's own tokens; another developer's token is indistinguishable from a missing one. Revoking twice is a no-op. */
export async function revokeWalletToken(wallet: string, tokenId: string): Promise<DeveloperTokenView> {
  const dev = await Developer.findOne({ where: { wallet: getAddress(wallet) } });
  const row = dev && isUuid(tokenId) ? await DeveloperToken.findOne({ where: { id: tokenId.toLowerCase(), developerId: dev.id } }) : null;
  if (!row) throw notFound('Developer token', 'tokenId');
  if (!row.revokedAt) {
    await db().transaction(async (transaction) => {
      await row.update({ revokedAt: new Date() }, { transaction });
      await AuditLog.create({ id: randomUUID(), operator: walletActor(wallet), action: 'dev-token.revoke', targetType: 'developer_token', targetId: row.id, details: { developerId: dev!.id, prefix: row.prefix, via: 'portal' } }, { transaction });
    });
  }
  return tokenView(row);
}
