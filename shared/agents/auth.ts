import { randomBytes, randomUUID } from 'node:crypto';
import { Contract, getAddress, hashMessage, verifyMessage } from 'ethers';
import { Op } from 'sequelize';
import { AgentNonce, AgentSession } from '../db/models.js';
import { hashSecret, newSecret } from '../ids.js';
import { publicBaseUrl } from '../urls.js';
import { config } from '../config.js';
import { ApiError, badRequest, unauthorized } from '../errors.js';
import { checksumAddress } from '../addresses.js';
import { chainConfig } from '../chain/config.js';
import { connectChain } from '../chain/provider.js';
import { buildSiweMessage } from './siwe.js';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
export const SESSION_PREFIX = 'cert_sess_';
const EIP1271_MAGIC = '0x1626ba7e';

let knownChainId: number | undefined;

/** The chain the sign-in message is bound to: the payment chain (a local node is asked once). */
export async function signInChainId(): Promise<number> {
  if (knownChainId) return knownChainId;
  const fixed = chainConfig().chainId;
  if (fixed) return (knownChainId = fixed);
  try {
    return (knownChainId = (await connectChain(chainConfig())).chainId);
  } catch {
    return 31337; // anvil's default; not cached, so a node that comes up later is asked again
  }
}

/**
 * The challenge endpoint needs no authentication, so what it stores is bounded: at most
 * AGENT_CHALLENGES_PER_WALLET outstanding per wallet (a new one replaces the oldest) and
 * AGENT_CHALLENGES_MAX_OUTSTANDING in all (then 429 until some expire); expired rows are pruned.
 */
export async function createChallenge(walletInput: string): Promise<{ nonce: string; message: string; expiresAt: string }> {
  const wallet = checksumAddress(walletInput, 'wallet');
  const c = config();
  const now = new Date();
  const live = { consumedAt: null, expiresAt: { [Op.gt]: now } };
  if ((await AgentNonce.count({ where: live })) >= c.AGENT_CHALLENGES_MAX_OUTSTANDING) {
    throw new ApiError(429, 'too_many_challenges', 'Too many sign-in challenges are outstanding; retry later', undefined, { 'Retry-After': '60' });
  }
  const older = await AgentNonce.findAll({ attributes: ['nonce'], where: { wallet, ...live }, order: [['createdAt', 'DESC']], offset: c.AGENT_CHALLENGES_PER_WALLET - 1, limit: 1000 });
  await AgentNonce.destroy({ where: { wallet, [Op.or]: [{ expiresAt: { [Op.lte]: now } }, { nonce: older.map((n) => n.nonce) }] } });
  const base = new URL(publicBaseUrl());
  const nonce = randomBytes(16).toString('hex');
  const issued = now;
  const expires = new Date(issued.getTime() + CHALLENGE_TTL_MS);
  const message = buildSiweMessage({
    domain: base.host,
    address: wallet,
    statement: 'Sign in to cert to submit skills for certification. This request costs nothing.',
    uri: base.origin,
    chainId: await signInChainId(),
    nonce,
    issuedAt: issued.toISOString(),
    expirationTime: expires.toISOString(),
  });
  await AgentNonce.create({ nonce, wallet, message, expiresAt: expires, consumedAt: null });
  return { nonce, message, expiresAt: expires.toISOString() };
}

/** Deletes expired challenges (used or not); the worker runs this with its sweeper. */
export async function pruneChallenges(limit = 5000): Promise<number> {
  return AgentNonce.destroy({ where: { expiresAt: { [Op.lte]: new Date() } }, limit });
}

/** EOA: personal_sign recovers the wallet. Contract wallet (code at the address): EIP-1271. */
async function signatureIsValid(wallet: string, message: string, signature: string): Promise<boolean> {
  try {
    if (verifyMessage(message, signature).toLowerCase() === wallet.toLowerCase()) return true;
  } catch {
    /* not an ECDSA signature of this message: maybe a contract wallet's */
  }
  try {
    const { provider } = await connectChain(chainConfig());
    if ((await provider.getCode(wallet)) === '0x') return false;
    const c = new Contract(wallet, ['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'], provider);
    return (await c.isValidSignature!(hashMessage(message), signature)) === EIP1271_MAGIC;
  } catch {
    return false;
  }
}

/**
 * Verifies the signed challenge and opens a 7-day session. The nonce is consumed atomically (one
 * UPDATE … WHERE consumed_at IS NULL): of two concurrent verifies with one nonce, one fails.
 */
export async function verifyChallenge(input: { wallet: string; nonce: string; signature: string }): Promise<{ sessionToken: string; walletAddress: string; expiresAt: string }> {
  const wallet = checksumAddress(input.wallet, 'wallet');
  if (!/^0x[0-9a-fA-F]+$/.test(input.signature)) throw badRequest('invalid_signature', 'signature must be 0x-prefixed hex', 'signature');
  const row = await AgentNonce.findByPk(input.nonce);
  if (!row || row.wallet.toLowerCase() !== wallet.toLowerCase()) throw unauthorized('invalid_nonce', 'Unknown nonce for this wallet; request a new challenge');
  if (row.consumedAt) throw unauthorized('nonce_used', 'This challenge was already used; request a new one');
  if (row.expiresAt.getTime() < Date.now()) throw unauthorized('challenge_expired', 'The challenge expired; request a new one');
  if (!(await signatureIsValid(wallet, row.message, input.signature))) throw unauthorized('invalid_signature', 'The signature does not match the challenge message and wallet');
  const [consumed] = await AgentNonce.update({ consumedAt: new Date() }, { where: { nonce: row.nonce, consumedAt: null } });
  if (consumed !== 1) throw unauthorized('nonce_used', 'This challenge was already used; request a new one');
  const { secret: token, hash } = newSecret(SESSION_PREFIX);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await AgentSession.create({ id: randomUUID(), tokenHash: hash, wallet, expiresAt, revokedAt: null });
  return { sessionToken: token, walletAddress: wallet, expiresAt: expiresAt.toISOString() };
}

/** Missing, malformed, unknown, expired and revoked sessions each have their own 401 code. */
export async function sessionWallet(token: string | undefined): Promise<string> {
  if (!token) throw unauthorized('missing_session', 'Send the session token as x-agent-session (sign in at /api/v1/cert/agent/auth/challenge)');
  if (!new RegExp(`^${SESSION_PREFIX}[A-Za-z0-9_-]{43}$`).test(token)) throw unauthorized('malformed_session', 'x-agent-session is not a session token');
  const s = await AgentSession.findOne({ where: { tokenHash: hashSecret(token) } });
  if (!s) throw unauthorized('invalid_session', 'Unknown session; sign in again');
  if (s.revokedAt) throw unauthorized('revoked_session', 'This session was revoked; sign in again');
  if (s.expiresAt.getTime() <= Date.now()) throw unauthorized('expired_session', 'This session expired; sign in again');
  return s.wallet;
}

export async function revokeSession(token: string): Promise<void> {
  await AgentSession.update({ revokedAt: new Date() }, { where: { tokenHash: hashSecret(token), revokedAt: null } });
}

/** Operators: revoke every session of a wallet. */
export async function revokeWalletSessions(wallet: string): Promise<number> {
  const [n] = await AgentSession.update({ revokedAt: new Date() }, { where: { wallet: getAddress(wallet), revokedAt: null, expiresAt: { [Op.gt]: new Date() } } });
  return n;
}

export const ownerOfWallet = (wallet: string) => `wallet:${getAddress(wallet)}`;
