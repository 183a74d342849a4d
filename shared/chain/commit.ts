import { Contract, getAddress, type Log, type TransactionReceipt } from 'ethers';
import { Op, type ModelStatic, type Model } from 'sequelize';
import { Certificate, CertificateState, initModels } from '../db/models.js';
import { faultPoint } from '../faults.js';
import { logger } from '../log.js';
import { metrics } from '../metrics.js';
import { invalidate } from '../cache/read-cache.js';
import { certificateRegistryArtifact } from './artifacts.js';
import { chainConfig, type ChainConfig } from './config.js';
import { certificateIdToBytes32, payloadHashToBytes32 } from './ids.js';
import { ChainMisconfiguredError, ChainUnavailableError, connectChain, waitForReceipt, withSigner, type ChainContext } from './provider.js';

export { certificateIdToBytes32, bytes32ToCertificateId } from './ids.js';
export { verifyCommitmentWithEthers } from './verify-commitment.js';

/**
 * Commits approved certificates to the CertificateRegistry and reads commitments back.
 * A consumer verifies with ethers alone: see verifyCommitmentWithEthers (verify-commitment.ts),
 * whose doc comment is the snippet in docs/chain-and-payments.md:
 *
 * ```ts
 * const id = ethers.zeroPadValue('0x' + certificateId.replaceAll('-', '').toLowerCase(), 32);
 * const registry = new ethers.Contract(REGISTRY_ADDRESS, ['function isCommitted(bytes32 id, bytes32 payloadHash) view returns (bool)'], provider);
 * const ok = await registry.isCommitted(id, certificatePayloadHash); // true: committed with exactly this hash
 * ```
 */

/** A commitment that exists on chain with another payload hash: tampering or misconfiguration. */
export class CommitmentMismatchError extends Error {
  override name = 'CommitmentMismatchError';
  constructor(
    readonly certificateId: string,
    readonly expected: string,
    readonly onChain: string,
  ) {
    super(`certificate ${certificateId} is committed on chain with payload hash ${onChain}, but the sealed record has ${expected}: refusing to continue (tampering or a registry shared by another deployment)`);
  }
}

export class CertificateNotFoundError extends Error {
  override name = 'CertificateNotFoundError';
}

export interface CommitRecord {
  txHash: string | null;
  committedAt: Date;
  registryAddress: string;
}

/** Where commitCertificate reads the sealed certificate and records the live on-chain state. */
export interface CommitStore {
  loadCertificate(certificateId: string): Promise<{ id: string; payloadHash: string } | null>;
  loadState(certificateId: string): Promise<{ onchainCommitted: boolean; onchainTxHash: string | null; onchainRegistryAddress: string | null; version: Date | null } | null>;
  /** Updates the live-state row only; the sealed certificate is never written. */
  recordCommitted(certificateId: string, rec: CommitRecord): Promise<void>;
  /**
   * Clears a recorded commitment the chain no longer holds, only if the row is unchanged since it
   * was read (`version`, its updated_at): a commit recorded meanwhile is kept, even one whose re-sent
   * transaction has the same hash as the lost one. True when the row was cleared.
   */
  recordLost(certificateId: string, txHash: string | null, version: Date | null): Promise<boolean>;
  /** Committed rows with an id after `afterId`, in id order (the reconciliation walks them in batches). */
  listCommitted(afterId: string, limit: number): Promise<RecordedCommitment[]>;
}

/** A commitment as certificate_states records it, with the sealed payload hash it must carry. */
export interface RecordedCommitment {
  certificateId: string;
  payloadHash: string;
  txHash: string | null;
  registryAddress: string | null;
  /** The row's updated_at when read: a clear applies only to the row as it was checked. */
  version: Date | null;
}

/**
 * The store over the Sequelize models of shared/db/models.ts (`certificates`, `certificate_states`).
 * Tests may pass other model classes bound to another database with the same attribute names.
 */
export function modelCommitStore(models?: { Certificate: ModelStatic<Model>; CertificateState: ModelStatic<Model> }): CommitStore {
  const m = () => {
    if (models) return models;
    initModels();
    return { Certificate: Certificate as unknown as ModelStatic<Model>, CertificateState: CertificateState as unknown as ModelStatic<Model> };
  };
  return {
    async loadCertificate(id) {
      const c = await m().Certificate.findByPk(id);
      return c ? { id, payloadHash: String(c.get('payloadHash')) } : null;
    },
    async loadState(id) {
      const s = await m().CertificateState.findByPk(id);
      if (!s) return null;
      return {
        onchainCommitted: Boolean(s.get('onchainCommitted')),
        onchainTxHash: (s.get('onchainTxHash') as string | null) ?? null,
        onchainRegistryAddress: (s.get('onchainRegistryAddress') as string | null) ?? null,
        version: (s.get('updatedAt') as Date | null) ?? null,
      };
    },
    async recordCommitted(id, rec) {
      const [n] = await m().CertificateState.update(
        { onchainCommitted: true, onchainTxHash: rec.txHash, onchainCommittedAt: rec.committedAt, onchainRegistryAddress: rec.registryAddress, updatedAt: new Date() },
        { where: { certificateId: id } },
      );
      invalidate.certificates([id]);
      // MySQL counts changed rows only: 0 may mean "already recorded with these values".
      if (n === 0 && !(await m().CertificateState.findByPk(id))) {
        throw new Error(`certificate ${id} has no live-state row to record its on-chain commitment in`);
      }
    },
    async recordLost(id, txHash, version) {
      const [n] = await m().CertificateState.update(
        { onchainCommitted: false, onchainTxHash: null, onchainCommittedAt: null, onchainRegistryAddress: null, updatedAt: new Date() },
        {
          where: {
            certificateId: id,
            onchainCommitted: true,
            onchainTxHash: txHash === null ? { [Op.is]: null } : txHash,
            ...(version ? { updatedAt: version } : {}),
          },
        },
      );
      invalidate.certificates([id]);
      return n > 0;
    },
    async listCommitted(afterId, limit) {
      const rows = await m().CertificateState.findAll({
        attributes: ['certificateId', 'onchainTxHash', 'onchainRegistryAddress', 'updatedAt'],
        where: { onchainCommitted: true, certificateId: { [Op.gt]: afterId } },
        order: [['certificateId', 'ASC']],
        limit,
      });
      if (!rows.length) return [];
      const ids = rows.map((r) => String(r.get('certificateId')));
      const certs = await m().Certificate.findAll({ attributes: ['id', 'payloadHash'], where: { id: ids } });
      const hashes = new Map(certs.map((c) => [String(c.get('id')), String(c.get('payloadHash'))]));
      return rows.flatMap((r) => {
        const certificateId = String(r.get('certificateId'));
        const payloadHash = hashes.get(certificateId);
        return payloadHash
          ? [{ certificateId, payloadHash, txHash: (r.get('onchainTxHash') as string | null) ?? null, registryAddress: (r.get('onchainRegistryAddress') as string | null) ?? null, version: (r.get('updatedAt') as Date | null) ?? null }]
          : [];
      });
    },
  };
}

export type CommitStatus = 'committed' | 'already' | 'skipped';

export interface CommitOptions {
  cfg?: ChainConfig;
  /** A connected chain (tests, or a caller that already connected). */
  ctx?: ChainContext;
  store?: CommitStore;
  /** Test hook: runs after the commit transaction was broadcast, before the receipt is awaited. */
  afterBroadcast?: (txHash: string) => Promise<void> | void;
}

interface OnChainCommitment {
  payloadHash: string;
  committedAt: number;
  blockNumber: number;
}

function registryOf(ctx: ChainContext): Contract {
  if (!ctx.registryAddress) {
    throw new ChainMisconfiguredError(ctx.cfg.local ? 'no CertificateRegistry is deployed on the local chain yet (run deployLocal)' : 'REGISTRY_ADDRESS is not set');
  }
  return new Contract(ctx.registryAddress, certificateRegistryArtifact.abi, ctx.provider);
}

async function onChainCommitment(registry: Contract, idBytes: string): Promise<OnChainCommitment | null> {
  let r: [string, bigint, bigint];
  try {
    r = (await registry.getFunction('commitmentOf')(idBytes)) as unknown as [string, bigint, bigint];
  } catch (err) {
    if ((err as { code?: string }).code === 'BAD_DATA' || (err as { code?: string }).code === 'CALL_EXCEPTION') {
      throw new ChainMisconfiguredError('the registry address holds no CertificateRegistry');
    }
    throw new ChainUnavailableError();
  }
  if (r[1] === 0n) return null;
  return { payloadHash: r[0].toLowerCase(), committedAt: Number(r[1]), blockNumber: Number(r[2]) };
}

/** The commit transaction of `idBytes`, from the `CertificateCommitted` log in the commitment's block. */
async function findCommitTx(registry: Contract, idBytes: string, blockNumber: number): Promise<string | null> {
  const logs = (await registry.queryFilter(registry.filters.CertificateCommitted!(idBytes), blockNumber, blockNumber)) as Log[];
  return logs[0]?.transactionHash ?? null;
}

function isAlreadyCommittedRevert(registry: Contract, err: unknown): boolean {
  const data = (err as { data?: string; info?: { error?: { data?: string } } }).data ?? (err as { info?: { error?: { data?: string } } }).info?.error?.data;
  if (typeof data !== 'string') return false;
  try {
    return registry.interface.parseError(data)?.name === 'AlreadyCommitted';
  } catch {
    return false;
  }
}

export type LostReason = 'commitment_missing' | 'tx_missing' | 'registry_changed';

/**
 * Checks one recorded commitment against the chain. null: the chain holds it (the registry has this
 * id with this payload hash and the recorded transaction has a successful receipt). Otherwise why
 * the record is no longer true:
 *  - registry_changed: recorded in another registry than the configured one;
 *  - commitment_missing: the registry does not hold the id (the transaction was dropped);
 *  - tx_missing: the registry holds it, but not through the recorded transaction.
 * A different payload hash on chain throws CommitmentMismatchError; an RPC failure throws
 * ChainUnavailableError (nothing is concluded from a node that does not answer).
 */
export async function checkRecordedCommitment(ctx: ChainContext, rec: RecordedCommitment): Promise<LostReason | null> {
  const registry = registryOf(ctx);
  if (!rec.registryAddress || getAddress(rec.registryAddress) !== getAddress(ctx.registryAddress!)) return 'registry_changed';
  const c = await onChainCommitment(registry, certificateIdToBytes32(rec.certificateId));
  if (!c) return 'commitment_missing';
  const hash = payloadHashToBytes32(rec.payloadHash);
  if (c.payloadHash !== hash) throw new CommitmentMismatchError(rec.certificateId, hash, c.payloadHash);
  if (!rec.txHash) return null; // recorded without a hash (its log was not found): the registry's word stands
  let receipt: TransactionReceipt | null;
  try {
    receipt = await ctx.provider.getTransactionReceipt(rec.txHash);
  } catch {
    throw new ChainUnavailableError();
  }
  return receipt && receipt.status === 1 ? null : 'tx_missing';
}

/** Clears a record the chain no longer holds, with a metric and a log line; true when it was cleared. */
export async function recordLostCommitment(store: CommitStore, rec: RecordedCommitment, reason: LostReason, by: string): Promise<boolean> {
  const cleared = await store.recordLost(rec.certificateId, rec.txHash, rec.version);
  if (cleared) {
    metrics.chainCommitsRepaired.inc({ reason });
    logger('chain').warn(
      { event: 'chain_commitment_lost', certificateId: rec.certificateId, txHash: rec.txHash, registryAddress: rec.registryAddress, reason, by },
      'a recorded on-chain commitment is not on chain any more; it shows committed: false until it is committed again',
    );
  }
  return cleared;
}

/**
 * Writes the certificate's payload hash to the registry, once. Idempotent and safe to retry:
 *  - already recorded in certificate_states and still on chain (checkRecordedCommitment) → 'skipped'
 *    (nothing sent); recorded but gone from the chain → the record is cleared and the steps below run;
 *  - already on chain with the same hash (an earlier attempt died after broadcasting) → recorded
 *    with the original transaction hash, found in the `CertificateCommitted` log → 'already';
 *  - on chain with another hash → CommitmentMismatchError (loud; never overwritten);
 *  - otherwise sends `commit`, waits CHAIN_CONFIRMATIONS blocks, records → 'committed'.
 * Only the live-state row (certificate_states.onchain_*) is written, never the sealed certificate.
 * A chain that is down or slow throws (ChainUnavailableError): the caller's job retries with backoff.
 */
export async function commitCertificate(certificateId: string, opts: CommitOptions = {}): Promise<{ status: CommitStatus; txHash?: string }> {
  const store = opts.store ?? modelCommitStore();
  const cert = await store.loadCertificate(certificateId);
  if (!cert) throw new CertificateNotFoundError(`certificate ${certificateId} does not exist`);
  const idBytes = certificateIdToBytes32(certificateId);
  const hash = payloadHashToBytes32(cert.payloadHash);
  const ctx = opts.ctx ?? (await connectChain(opts.cfg ?? chainConfig()));
  const cfg = ctx.cfg;
  const registry = registryOf(ctx);
  const registryAddress = getAddress(ctx.registryAddress!);

  const state = await store.loadState(certificateId);
  if (state?.onchainCommitted) {
    // A recorded commitment is a claim to check, not a fact to remember (a reorg or a chain reset
    // drops transactions): skipped only while the chain still holds it; otherwise cleared, then
    // committed again (or re-recorded with the transaction that does hold it) below.
    const recorded = { certificateId, payloadHash: cert.payloadHash, txHash: state.onchainTxHash, registryAddress: state.onchainRegistryAddress, version: state.version };
    const lost = await checkRecordedCommitment(ctx, recorded);
    if (!lost) return { status: 'skipped', ...(state.onchainTxHash ? { txHash: state.onchainTxHash } : {}) };
    await recordLostCommitment(store, recorded, lost, 'commit-job');
  }

  const recordExisting = async (c: OnChainCommitment): Promise<{ status: CommitStatus; txHash?: string }> => {
    if (c.payloadHash !== hash) throw new CommitmentMismatchError(certificateId, hash, c.payloadHash);
    let txHash: string | null;
    try {
      txHash = await findCommitTx(registry, idBytes, c.blockNumber);
    } catch {
      throw new ChainUnavailableError();
    }
    if (txHash && cfg.confirmations > 1) {
      const r = await waitForReceipt(ctx, txHash, cfg.confirmations, cfg.txTimeoutMs);
      if (!r) throw new ChainUnavailableError('the commit transaction is not yet confirmed; retry later');
    }
    await store.recordCommitted(certificateId, { txHash, committedAt: new Date(c.committedAt * 1000), registryAddress });
    return { status: 'already', ...(txHash ? { txHash } : {}) };
  };

  const existing = await onChainCommitment(registry, idBytes);
  if (existing) return recordExisting(existing);

  type Sent = { already: OnChainCommitment } | { txHash: string };
  const sent = await withSigner(ctx, cfg.signerKey, async (signer): Promise<Sent> => {
    // Re-read inside the signer's queue: another job of this process may have committed it just now.
    const again = await onChainCommitment(registry, idBytes);
    if (again) return { already: again };
    const writable = registry.connect(signer) as Contract;
    try {
      await writable.getFunction('commit').staticCall(idBytes, hash);
    } catch (err) {
      if (isAlreadyCommittedRevert(registry, err)) return { already: (await onChainCommitment(registry, idBytes))! };
      const data = (err as { data?: string }).data;
      const parsed = typeof data === 'string' ? (() => { try { return registry.interface.parseError(data); } catch { return null; } })() : null;
      if (parsed?.name === 'NotOwner') throw new ChainMisconfiguredError(`CHAIN_SIGNER_KEY (${cfg.signerAddress}) is not the owner of the registry`);
      if ((err as { code?: string }).code === 'CALL_EXCEPTION') throw new Error(`the registry refused the commit${parsed ? ` (${parsed.name})` : ''}`);
      throw new ChainUnavailableError();
    }
    try {
      const tx = await writable.getFunction('commit')(idBytes, hash);
      return { txHash: tx.hash as string };
    } catch (err) {
      if (isAlreadyCommittedRevert(registry, err)) return { already: (await onChainCommitment(registry, idBytes))! };
      throw new ChainUnavailableError('the commit transaction could not be sent');
    }
  });
  if ('already' in sent) return recordExisting(sent.already);

  await opts.afterBroadcast?.(sent.txHash);
  await faultPoint('chain.commit.after-broadcast');
  const receipt = await waitForReceipt(ctx, sent.txHash, cfg.confirmations, cfg.txTimeoutMs);
  if (!receipt) throw new ChainUnavailableError('the commit transaction was not confirmed in time; the next attempt recognises it on chain');
  if (receipt.status !== 1) {
    const now = await onChainCommitment(registry, idBytes);
    if (now) return recordExisting(now);
    throw new Error(`the commit transaction ${sent.txHash} reverted`);
  }
  const block = await ctx.provider.getBlock(receipt.blockNumber).catch(() => {
    throw new ChainUnavailableError();
  });
  const committedAt = new Date((block?.timestamp ?? Math.floor(Date.now() / 1000)) * 1000);
  await store.recordCommitted(certificateId, { txHash: sent.txHash, committedAt, registryAddress });
  return { status: 'committed', txHash: sent.txHash };
}

export interface CommitmentView {
  certificateId: string;
  /** The bytes32 id used on chain (see certificateIdToBytes32). */
  onChainId: string;
  chainId: number;
  registryAddress: string;
  committed: boolean;
  payloadHash?: string;
  committedAt?: Date;
  blockNumber?: number;
  txHash?: string | null;
}

/** Reads a certificate's commitment from the chain (for verify and detail views). */
export async function readCommitment(certificateId: string, opts: { cfg?: ChainConfig; ctx?: ChainContext; withTxHash?: boolean } = {}): Promise<CommitmentView> {
  const ctx = opts.ctx ?? (await connectChain(opts.cfg ?? chainConfig()));
  const registry = registryOf(ctx);
  const onChainId = certificateIdToBytes32(certificateId);
  const c = await onChainCommitment(registry, onChainId);
  const base = { certificateId, onChainId, chainId: ctx.chainId, registryAddress: getAddress(ctx.registryAddress!) };
  if (!c) return { ...base, committed: false };
  let txHash: string | null | undefined;
  if (opts.withTxHash !== false) {
    try {
      txHash = await findCommitTx(registry, onChainId, c.blockNumber);
    } catch {
      txHash = null;
    }
  }
  return { ...base, committed: true, payloadHash: c.payloadHash, committedAt: new Date(c.committedAt * 1000), blockNumber: c.blockNumber, ...(txHash !== undefined ? { txHash } : {}) };
}

/** The `onChain` member of the verify result (interface 2.1) from a certificate_states row. */
export function onChainView(state: { onchainCommitted: boolean; onchainTxHash: string | null; onchainCommittedAt: Date | null; onchainRegistryAddress: string | null }): {
  committed: boolean;
  txHash?: string;
  committedAt?: string;
  registryAddress?: string;
} {
  if (!state.onchainCommitted) return { committed: false };
  return {
    committed: true,
    ...(state.onchainTxHash ? { txHash: state.onchainTxHash } : {}),
    ...(state.onchainCommittedAt ? { committedAt: new Date(state.onchainCommittedAt).toISOString() } : {}),
    ...(state.onchainRegistryAddress ? { registryAddress: state.onchainRegistryAddress } : {}),
  };
}
