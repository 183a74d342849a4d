import { randomUUID } from 'node:crypto';
import { Contract, getAddress, type Log, type TransactionReceipt } from 'ethers';
import { QueryTypes, type Sequelize } from 'sequelize';
import { db } from '../db/connection.js';
import { withNamedLock } from '../db/named-lock.js';
import { faultPoint } from '../faults.js';
import { logger } from '../log.js';
import { metrics } from '../metrics.js';
import { invalidate } from '../cache/read-cache.js';
import { certificateEvent } from '../webhooks/events.js';
import { recordWebhookEvent } from '../webhooks/store.js';
import { certificateRegistryArtifact, certificateRegistryV1Artifact } from './artifacts.js';
import { chainConfig, type ChainConfig } from './config.js';
import { certificateIdToBytes32, payloadHashToBytes32 } from './ids.js';
import { buildBatchTree, type InclusionProof } from './merkle.js';
import { ChainMisconfiguredError, ChainUnavailableError, connectChain, waitForReceipt, withSigner, type ChainContext } from './provider.js';

export { certificateIdToBytes32, bytes32ToCertificateId } from './ids.js';

/**
 * Batched on-chain commits (registry contract version 2; docs/chain-and-payments.md § Batches).
 *
 * Certificates wait in `certificate_states` (onchain_committed = 0, no batch) until a batch is due:
 * CHAIN_BATCH_MAX of them, or the oldest has waited CHAIN_BATCH_WINDOW_MS. The batcher then
 *  1. seals a batch: picks the oldest pending certificates, builds their Merkle tree and stores the
 *     batch (root, leaves) and each certificate's inclusion proof in one transaction, before
 *     anything is sent;
 *  2. sends `commitBatch(root, size)` from CHAIN_SIGNER_KEY, waits CHAIN_CONFIRMATIONS blocks, and
 *     records the batch and all its certificates committed in one transaction.
 * Exactly once, whatever is killed when: a sealed batch is finished (never re-formed) by the next run,
 * which first asks the registry for its root, so a transaction broadcast before a crash is recognised
 * and recorded rather than sent again; and the registry refuses a root twice (`AlreadyCommitted`).
 * One batcher runs at a time across all processes (a MySQL named lock); the others skip their tick.
 */

/** A commitment on chain that contradicts the sealed record: tampering or misconfiguration. */
export class CommitmentMismatchError extends Error {
  override name = 'CommitmentMismatchError';
  constructor(
    readonly subject: string,
    readonly expected: string,
    readonly onChain: string,
  ) {
    super(`${subject} is committed on chain as ${onChain}, but the sealed record has ${expected}: refusing to continue (tampering or a registry shared by another deployment)`);
  }
}

export class CertificateNotFoundError extends Error {
  override name = 'CertificateNotFoundError';
}

/** One batch as `chain_batches` holds it. */
export interface BatchRow {
  id: string;
  root: string;
  size: number;
  /** [certificateId (UUID), payloadHash] in leaf order. */
  leaves: [string, string][];
  status: 'SEALED' | 'COMMITTED';
  registryAddress: string | null;
  txHash: string | null;
  blockNumber: number | null;
  committedAt: Date | null;
  createdAt: Date;
  /** updated_at when read: a reset applies only to the row as it was checked. */
  version: Date;
}

export interface BatchCommitRecord {
  txHash: string | null;
  blockNumber: number;
  committedAt: Date;
  registryAddress: string;
}

/** A per-certificate commitment made on a version-1 registry (no batch). */
export interface RecordedCommitment {
  certificateId: string;
  payloadHash: string;
  txHash: string | null;
  registryAddress: string | null;
  createdAt: Date;
  version: Date | null;
}

/** Where the batcher and the reconciliation read and write (MySQL; tests bind it to their own database). */
export interface BatchStore {
  /** Certificates in no batch and not committed: how many, and the age of the oldest (database clock); sealed batches waiting. */
  pending(): Promise<{ count: number; oldestAgeMs: number; sealed: number }>;
  /** Sealed (not committed) batches, oldest first. */
  sealedBatches(limit: number): Promise<BatchRow[]>;
  /** Seals the oldest `max` pending certificates into a new batch; null when none is pending. */
  seal(max: number): Promise<BatchRow | null>;
  /** The batch and every certificate in it committed; returns the certificates' seconds since they were sealed. */
  recordCommitted(batch: BatchRow, rec: BatchCommitRecord): Promise<number[]>;
  /** COMMITTED → SEALED (and its certificates committed: false) if the row is unchanged since read. */
  recordLost(batch: BatchRow): Promise<boolean>;
  loadBatch(id: string): Promise<BatchRow | null>;
  /** Committed batches after the cursor (created_at, id), in that order. */
  listCommitted(after: Cursor, limit: number): Promise<BatchRow[]>;
  /** Version-1 commitments (committed, no batch) after the cursor. */
  listLegacy(after: Cursor, limit: number): Promise<RecordedCommitment[]>;
  /** Clears a version-1 commitment the chain no longer backs (it is batched again), if unchanged since read. */
  clearLegacy(rec: RecordedCommitment): Promise<boolean>;
}

export interface Cursor {
  at: Date;
  id: string;
}
export const START: Cursor = { at: new Date(0), id: '' };

type Row = Record<string, unknown>;
const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
/** A DATETIME(3) literal: Sequelize formats a Date replacement without milliseconds, which breaks equality and cursors. */
const sqlTime = (d: Date): string => d.toISOString().replace('T', ' ').replace('Z', '');

function batchOfRow(r: Row): BatchRow {
  return {
    id: String(r.id),
    root: String(r.root),
    size: Number(r.size),
    leaves: JSON.parse(String(r.leaves)) as [string, string][],
    status: r.status as BatchRow['status'],
    registryAddress: (r.registry_address as string | null) ?? null,
    txHash: (r.tx_hash as string | null) ?? null,
    blockNumber: r.block_number === null || r.block_number === undefined ? null : Number(r.block_number),
    committedAt: r.committed_at ? toDate(r.committed_at) : null,
    createdAt: toDate(r.created_at),
    version: toDate(r.updated_at),
  };
}

/** The store over the service's database (or another Sequelize with the same tables, in tests). */
export function sqlBatchStore(sequelize?: Sequelize): BatchStore {
  const s = () => sequelize ?? db();
  const select = async <T = Row>(sql: string, replacements: unknown[]): Promise<T[]> => (await s().query(sql, { replacements, type: QueryTypes.SELECT })) as T[];
  const BATCH_COLUMNS = 'id, root, size, leaves, status, registry_address, tx_hash, block_number, committed_at, created_at, updated_at';
  return {
    async pending() {
      const [p] = await select<{ n: number; age: number | null }>(
        'SELECT COUNT(*) AS n, TIMESTAMPDIFF(MICROSECOND, MIN(created_at), NOW(3)) AS age FROM certificate_states WHERE onchain_committed = 0 AND onchain_batch_id IS NULL',
        [],
      );
      const [b] = await select<{ n: number }>("SELECT COUNT(*) AS n FROM chain_batches WHERE status = 'SEALED'", []);
      return { count: Number(p?.n ?? 0), oldestAgeMs: p?.age === null || p?.age === undefined ? 0 : Number(p.age) / 1000, sealed: Number(b?.n ?? 0) };
    },
    async sealedBatches(limit) {
      return (await select(`SELECT ${BATCH_COLUMNS} FROM chain_batches WHERE status = 'SEALED' ORDER BY created_at, id LIMIT ?`, [limit])).map(batchOfRow);
    },
    async seal(max) {
      return s().transaction(async (transaction) => {
        const rows = await s().query<{ certificate_id: string; payload_hash: string }>(
          `SELECT s.certificate_id, c.payload_hash FROM certificate_states s JOIN certificates c ON c.id = s.certificate_id
           WHERE s.onchain_committed = 0 AND s.onchain_batch_id IS NULL ORDER BY s.created_at, s.certificate_id LIMIT ?`,
          { replacements: [max], type: QueryTypes.SELECT, transaction },
        );
        if (!rows.length) return null;
        const leaves = rows.map((r) => [r.certificate_id, r.payload_hash] as [string, string]);
        const tree = buildBatchTree(leaves.map(([certificateId, payloadHash]) => ({ certificateId, payloadHash })));
        const id = randomUUID();
        await s().query(
          "INSERT INTO chain_batches (id, root, size, leaves, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'SEALED', NOW(3), NOW(3))",
          { replacements: [id, tree.root, leaves.length, JSON.stringify(leaves)], transaction },
        );
        // One statement for the whole batch: each certificate gets its own proof.
        const cases = leaves.map(() => 'WHEN ? THEN ?').join(' ');
        const ids = leaves.map(([c]) => c);
        const [, meta] = (await s().query(
          `UPDATE certificate_states SET onchain_batch_id = ?, onchain_inclusion = CASE certificate_id ${cases} END
           WHERE certificate_id IN (${ids.map(() => '?').join(',')}) AND onchain_batch_id IS NULL AND onchain_committed = 0`,
          { replacements: [id, ...leaves.flatMap(([c], i) => [c, JSON.stringify(tree.proofs[i])]), ...ids], transaction },
        )) as [unknown, { affectedRows?: number }];
        // Under the batcher's lock nothing else assigns batches; a mismatch means another writer: start over.
        if (meta?.affectedRows !== undefined && meta.affectedRows !== leaves.length) throw new Error(`batch ${id}: ${meta.affectedRows} of ${leaves.length} certificates could be sealed; retrying`);
        const [row] = await s().query<Row>(`SELECT ${BATCH_COLUMNS} FROM chain_batches WHERE id = ?`, { replacements: [id], type: QueryTypes.SELECT, transaction });
        return batchOfRow(row!);
      });
    },
    async recordCommitted(batch, rec) {
      const ids = batch.leaves.map(([c]) => c);
      const ages = await s().transaction(async (transaction) => {
        await s().query(
          "UPDATE chain_batches SET status = 'COMMITTED', registry_address = ?, tx_hash = ?, block_number = ?, committed_at = ?, updated_at = NOW(3) WHERE id = ?",
          { replacements: [rec.registryAddress, rec.txHash, rec.blockNumber, sqlTime(rec.committedAt), batch.id], transaction },
        );
        await s().query(
          'UPDATE certificate_states SET onchain_committed = 1, onchain_tx_hash = ?, onchain_committed_at = ?, onchain_registry_address = ?, updated_at = NOW(3) WHERE onchain_batch_id = ?',
          { replacements: [rec.txHash, sqlTime(rec.committedAt), rec.registryAddress, batch.id], transaction },
        );
        invalidate.certificates(ids, transaction);
        // Each owner's webhooks hear of the commitment, in this transaction (docs/webhooks.md).
        const certs = await s().query<{ id: string; owner: string; skill_name: string }>('SELECT id, owner, skill_name FROM certificates WHERE id IN (?)', { replacements: [ids], type: QueryTypes.SELECT, transaction });
        for (const c of certs) {
          await recordWebhookEvent(c.owner, certificateEvent({ id: c.id, skillName: c.skill_name }, { kind: 'committed', txHash: rec.txHash, registryAddress: rec.registryAddress, committedAt: rec.committedAt }, rec.committedAt), transaction);
        }
        const rows = await s().query<{ us: number }>('SELECT TIMESTAMPDIFF(MICROSECOND, created_at, NOW(3)) AS us FROM certificate_states WHERE onchain_batch_id = ?', {
          replacements: [batch.id],
          type: QueryTypes.SELECT,
          transaction,
        });
        return rows.map((r) => Number(r.us) / 1e6);
      });
      return ages;
    },
    async recordLost(batch) {
      return s().transaction(async (transaction) => {
        const [, meta] = (await s().query(
          "UPDATE chain_batches SET status = 'SEALED', registry_address = NULL, tx_hash = NULL, block_number = NULL, committed_at = NULL, updated_at = NOW(3) WHERE id = ? AND status = 'COMMITTED' AND updated_at = ?",
          { replacements: [batch.id, sqlTime(batch.version)], transaction },
        )) as [unknown, { affectedRows?: number }];
        if (!meta?.affectedRows) return false;
        await s().query(
          'UPDATE certificate_states SET onchain_committed = 0, onchain_tx_hash = NULL, onchain_committed_at = NULL, onchain_registry_address = NULL, updated_at = NOW(3) WHERE onchain_batch_id = ?',
          { replacements: [batch.id], transaction },
        );
        invalidate.certificates(
          batch.leaves.map(([c]) => c),
          transaction,
        );
        return true;
      });
    },
    async loadBatch(id) {
      const [row] = await select(`SELECT ${BATCH_COLUMNS} FROM chain_batches WHERE id = ?`, [id]);
      return row ? batchOfRow(row) : null;
    },
    async listCommitted(after, limit) {
      return (
        await select(`SELECT ${BATCH_COLUMNS} FROM chain_batches WHERE status = 'COMMITTED' AND (created_at > ? OR (created_at = ? AND id > ?)) ORDER BY created_at, id LIMIT ?`, [
          sqlTime(after.at),
          sqlTime(after.at),
          after.id,
          limit,
        ])
      ).map(batchOfRow);
    },
    async listLegacy(after, limit) {
      const rows = await select(
        `SELECT s.certificate_id, c.payload_hash, s.onchain_tx_hash, s.onchain_registry_address, s.created_at, s.updated_at
         FROM certificate_states s JOIN certificates c ON c.id = s.certificate_id
         WHERE s.onchain_committed = 1 AND s.onchain_batch_id IS NULL AND (s.created_at > ? OR (s.created_at = ? AND s.certificate_id > ?))
         ORDER BY s.created_at, s.certificate_id LIMIT ?`,
        [sqlTime(after.at), sqlTime(after.at), after.id, limit],
      );
      return rows.map((r) => ({
        certificateId: String(r.certificate_id),
        payloadHash: String(r.payload_hash),
        txHash: (r.onchain_tx_hash as string | null) ?? null,
        registryAddress: (r.onchain_registry_address as string | null) ?? null,
        createdAt: toDate(r.created_at),
        version: r.updated_at ? toDate(r.updated_at) : null,
      }));
    },
    async clearLegacy(rec) {
      const [, meta] = (await s().query(
        `UPDATE certificate_states SET onchain_committed = 0, onchain_tx_hash = NULL, onchain_committed_at = NULL, onchain_registry_address = NULL, updated_at = NOW(3)
         WHERE certificate_id = ? AND onchain_committed = 1 AND onchain_batch_id IS NULL AND onchain_tx_hash <=> ?${rec.version ? ' AND updated_at = ?' : ''}`,
        { replacements: [rec.certificateId, rec.txHash, ...(rec.version ? [sqlTime(rec.version)] : [])] },
      )) as [unknown, { affectedRows?: number }];
      invalidate.certificates([rec.certificateId]);
      return Boolean(meta?.affectedRows);
    },
  };
}

interface OnChainBatch {
  committedAt: number;
  blockNumber: number;
  size: number;
}

/** The configured registry, checked to be version 2 (version 1 has no `version()`). */
export async function registryOf(ctx: ChainContext): Promise<Contract> {
  if (!ctx.registryAddress) {
    throw new ChainMisconfiguredError(ctx.cfg.local ? 'no CertificateRegistry is deployed on the local chain yet (run deployLocal)' : 'REGISTRY_ADDRESS is not set');
  }
  const registry = new Contract(ctx.registryAddress, certificateRegistryArtifact.abi, ctx.provider);
  let v: bigint;
  try {
    v = (await registry.getFunction('version')()) as bigint;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'BAD_DATA' || code === 'CALL_EXCEPTION') {
      throw new ChainMisconfiguredError(
        `the registry at ${ctx.registryAddress} is not a version-2 CertificateRegistry (a version-1 registry, or no contract): deploy version 2 and list the old one in CHAIN_LEGACY_REGISTRIES (docs/chain-and-payments.md § Migrating from version 1)`,
      );
    }
    throw new ChainUnavailableError();
  }
  if (v !== 2n) throw new ChainMisconfiguredError(`the registry at ${ctx.registryAddress} is version ${v}; this service commits to version 2`);
  return registry;
}

async function onChainBatch(registry: Contract, root: string): Promise<OnChainBatch | null> {
  let r: [bigint, bigint, bigint];
  try {
    r = (await registry.getFunction('batchOf')(root)) as unknown as [bigint, bigint, bigint];
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'BAD_DATA' || code === 'CALL_EXCEPTION') throw new ChainMisconfiguredError('the registry address holds no version-2 CertificateRegistry');
    throw new ChainUnavailableError();
  }
  if (r[0] === 0n) return null;
  return { committedAt: Number(r[0]), blockNumber: Number(r[1]), size: Number(r[2]) };
}

/** The transaction that committed `root`, from the `BatchCommitted` log in its block. */
async function findBatchTx(registry: Contract, root: string, blockNumber: number): Promise<string | null> {
  const logs = (await registry.queryFilter(registry.filters.BatchCommitted!(root), blockNumber, blockNumber)) as Log[];
  return logs[0]?.transactionHash ?? null;
}

function parseRevert(registry: Contract, err: unknown): string | null {
  const data = (err as { data?: string }).data ?? (err as { info?: { error?: { data?: string } } }).info?.error?.data;
  if (typeof data !== 'string') return null;
  try {
    return registry.interface.parseError(data)?.name ?? null;
  } catch {
    return null;
  }
}

export type LostReason = 'commitment_missing' | 'tx_missing' | 'registry_changed';

/**
 * Checks one committed batch against the chain. null: the registry holds its root and the recorded
 * transaction has a successful receipt. Otherwise why the record is no longer true:
 *  - registry_changed: recorded in another registry than the configured one;
 *  - commitment_missing: the registry does not hold the root (the transaction was dropped);
 *  - tx_missing: the registry holds it, but not through the recorded transaction.
 * A root on chain with another size throws CommitmentMismatchError; an RPC failure throws
 * ChainUnavailableError (nothing is concluded from a node that does not answer).
 */
export async function checkRecordedBatch(ctx: ChainContext, registry: Contract, b: BatchRow): Promise<LostReason | null> {
  if (!b.registryAddress || getAddress(b.registryAddress) !== getAddress(ctx.registryAddress!)) return 'registry_changed';
  const on = await onChainBatch(registry, b.root);
  if (!on) return 'commitment_missing';
  if (on.size !== b.size) throw new CommitmentMismatchError(`batch ${b.id} (root ${b.root})`, `${b.size} certificates`, `${on.size} certificates`);
  return receiptHolds(ctx, b.txHash);
}

async function receiptHolds(ctx: ChainContext, txHash: string | null): Promise<LostReason | null> {
  if (!txHash) return null; // recorded without a hash (its log was not found): the registry's word stands
  let receipt: TransactionReceipt | null;
  try {
    receipt = await ctx.provider.getTransactionReceipt(txHash);
  } catch {
    throw new ChainUnavailableError();
  }
  return receipt && receipt.status === 1 ? null : 'tx_missing';
}

/**
 * A version-1 commitment (one per certificate, before batches): valid while its registry is one of
 * CHAIN_LEGACY_REGISTRIES and still holds it with the sealed hash through the recorded transaction;
 * any other registry is 'registry_changed' (the certificate is batched again on the configured one).
 */
export async function checkLegacyCommitment(ctx: ChainContext, rec: RecordedCommitment): Promise<LostReason | null> {
  const legacy = rec.registryAddress ? ctx.cfg.legacyRegistries.find((a) => a === getAddress(rec.registryAddress!)) : undefined;
  if (!legacy) return 'registry_changed';
  const v1 = new Contract(legacy, certificateRegistryV1Artifact.abi, ctx.provider);
  let r: [string, bigint, bigint];
  try {
    r = (await v1.getFunction('commitmentOf')(certificateIdToBytes32(rec.certificateId))) as unknown as [string, bigint, bigint];
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'BAD_DATA' || code === 'CALL_EXCEPTION') return 'registry_changed'; // no version-1 registry there (any more)
    throw new ChainUnavailableError();
  }
  if (r[1] === 0n) return 'commitment_missing';
  const hash = payloadHashToBytes32(rec.payloadHash);
  if (r[0].toLowerCase() !== hash) throw new CommitmentMismatchError(`certificate ${rec.certificateId}`, hash, r[0].toLowerCase());
  return receiptHolds(ctx, rec.txHash);
}

/** Resets a batch the chain no longer holds (it is sent again, same root), with a metric and a log line. */
export async function recordLostBatch(store: BatchStore, b: BatchRow, reason: LostReason, by: string): Promise<boolean> {
  const reset = await store.recordLost(b);
  if (reset) {
    metrics.chainCommitsRepaired.inc({ reason }, b.size);
    logger('chain').warn(
      { event: 'chain_commitment_lost', batchId: b.id, root: b.root, certificateIds: b.leaves.map(([c]) => c), txHash: b.txHash, registryAddress: b.registryAddress, reason, by },
      'a recorded batch commitment is not on chain any more; its certificates show committed: false until the same root is committed again',
    );
  }
  return reset;
}

/** Clears a version-1 commitment the chain no longer backs (the certificate joins the next batch). */
export async function recordLostLegacy(store: BatchStore, rec: RecordedCommitment, reason: LostReason, by: string): Promise<boolean> {
  const cleared = await store.clearLegacy(rec);
  if (cleared) {
    metrics.chainCommitsRepaired.inc({ reason });
    logger('chain').warn(
      { event: 'chain_commitment_lost', certificateIds: [rec.certificateId], txHash: rec.txHash, registryAddress: rec.registryAddress, reason, by },
      'a recorded version-1 commitment is not backed by a listed legacy registry; the certificate is committed again in a batch',
    );
  }
  return cleared;
}

export type CommitStatus = 'committed' | 'already';

export interface BatchResult {
  batchId: string;
  root: string;
  size: number;
  status: CommitStatus;
  txHash: string | null;
}

export interface CommitOptions {
  cfg?: ChainConfig;
  /** A connected chain (tests, or a caller that already connected). */
  ctx?: ChainContext;
  store?: BatchStore;
  /** Commit whatever is pending now, without waiting for the batch window (operator command). */
  flush?: boolean;
  /** Test hook: runs after a batch transaction was broadcast, before the receipt is awaited. */
  afterBroadcast?: (txHash: string, batch: BatchRow) => Promise<void> | void;
}

export interface CommitRun {
  /** Another process is committing batches right now: nothing was done here. */
  busy: boolean;
  batches: BatchResult[];
}

const due = (p: { count: number; oldestAgeMs: number }, cfg: ChainConfig, flush: boolean) => p.count > 0 && (flush || p.count >= cfg.batchMax || p.oldestAgeMs >= cfg.batchWindowMs);

/**
 * One run of the batcher: finishes every sealed batch, then seals and commits new ones while one is
 * due. Cheap when nothing is due (two indexed counts, no chain call, no lock). A chain that is down
 * or slow throws ChainUnavailableError: the batch stays sealed and the next run goes on with it.
 */
export async function commitBatches(opts: CommitOptions = {}): Promise<CommitRun> {
  const store = opts.store ?? sqlBatchStore();
  const cfg = opts.ctx?.cfg ?? opts.cfg ?? chainConfig();
  const flush = opts.flush ?? false;
  const first = await store.pending();
  if (!first.sealed && !due(first, cfg, flush)) return { busy: false, batches: [] };
  const ctx = opts.ctx ?? (await connectChain(cfg));
  const registry = await registryOf(ctx);
  const lock = `cert:chain-batches:${ctx.chainId}:${getAddress(ctx.registryAddress!).toLowerCase()}`;
  try {
    return await withNamedLock(
      lock,
      async () => {
        const batches: BatchResult[] = [];
        for (;;) {
          let [b] = await store.sealedBatches(1);
          if (!b) {
            if (!due(await store.pending(), cfg, flush)) break;
            const sealed = await store.seal(cfg.batchMax);
            if (!sealed) break;
            b = sealed;
            await faultPoint('chain.batch.sealed', { batchId: b.id });
          }
          batches.push(await sendBatch(ctx, registry, store, b, opts));
        }
        return { busy: false, batches };
      },
      0,
    );
  } catch (err) {
    // GET_LOCK answered 0 at once: another process holds it and commits these very batches.
    if ((err as { code?: string }).code === 'request_in_progress') return { busy: true, batches: [] };
    throw err;
  }
}

async function sendBatch(ctx: ChainContext, registry: Contract, store: BatchStore, b: BatchRow, opts: CommitOptions): Promise<BatchResult> {
  const cfg = ctx.cfg;
  const registryAddress = getAddress(ctx.registryAddress!);
  const record = async (status: CommitStatus, rec: BatchCommitRecord): Promise<BatchResult> => {
    const ages = await store.recordCommitted(b, rec);
    for (const s of ages) metrics.chainCommitDelay.observe(s);
    return { batchId: b.id, root: b.root, size: b.size, status, txHash: rec.txHash };
  };
  const recordExisting = async (on: OnChainBatch): Promise<BatchResult> => {
    if (on.size !== b.size) throw new CommitmentMismatchError(`batch ${b.id} (root ${b.root})`, `${b.size} certificates`, `${on.size} certificates`);
    let txHash: string | null;
    try {
      txHash = await findBatchTx(registry, b.root, on.blockNumber);
    } catch {
      throw new ChainUnavailableError();
    }
    if (txHash && cfg.confirmations > 1) {
      const r = await waitForReceipt(ctx, txHash, cfg.confirmations, cfg.txTimeoutMs);
      if (!r) throw new ChainUnavailableError('the batch transaction is not yet confirmed; retry later');
    }
    return record('already', { txHash, blockNumber: on.blockNumber, committedAt: new Date(on.committedAt * 1000), registryAddress });
  };

  const existing = await onChainBatch(registry, b.root);
  if (existing) return recordExisting(existing);

  type Sent = { already: OnChainBatch } | { txHash: string };
  const sent = await withSigner(ctx, cfg.signerKey, async (signer): Promise<Sent> => {
    // Re-read inside the signer's queue: a transaction of a killed process may have been mined since.
    const again = await onChainBatch(registry, b.root);
    if (again) return { already: again };
    const writable = registry.connect(signer) as Contract;
    try {
      await writable.getFunction('commitBatch').staticCall(b.root, b.size);
    } catch (err) {
      const name = parseRevert(registry, err);
      if (name === 'AlreadyCommitted') return { already: (await onChainBatch(registry, b.root))! };
      if (name === 'NotOwner') throw new ChainMisconfiguredError(`CHAIN_SIGNER_KEY (${cfg.signerAddress}) is not the owner of the registry`);
      if ((err as { code?: string }).code === 'CALL_EXCEPTION') throw new Error(`the registry refused the batch${name ? ` (${name})` : ''}`);
      throw new ChainUnavailableError();
    }
    try {
      const tx = await writable.getFunction('commitBatch')(b.root, b.size);
      return { txHash: tx.hash as string };
    } catch (err) {
      if (parseRevert(registry, err) === 'AlreadyCommitted') return { already: (await onChainBatch(registry, b.root))! };
      throw new ChainUnavailableError('the batch transaction could not be sent');
    }
  });
  if ('already' in sent) return recordExisting(sent.already);

  await opts.afterBroadcast?.(sent.txHash, b);
  await faultPoint('chain.commit.after-broadcast', { batchId: b.id });
  const receipt = await waitForReceipt(ctx, sent.txHash, cfg.confirmations, cfg.txTimeoutMs);
  if (!receipt) throw new ChainUnavailableError('the batch transaction was not confirmed in time; the next run recognises it on chain');
  if (receipt.status !== 1) {
    const now = await onChainBatch(registry, b.root);
    if (now) return recordExisting(now);
    throw new Error(`the batch transaction ${sent.txHash} reverted`);
  }
  const block = await ctx.provider.getBlock(receipt.blockNumber).catch(() => {
    throw new ChainUnavailableError();
  });
  const committedAt = new Date((block?.timestamp ?? Math.floor(Date.now() / 1000)) * 1000);
  return record('committed', { txHash: sent.txHash, blockNumber: receipt.blockNumber, committedAt, registryAddress });
}

/**
 * The service's own check of an inclusion proof against the registry (`verifyInclusion`, an eth_call):
 * true when the root is committed and the proof leads from the certificate's leaf to it.
 */
export async function verifyInclusionOnChain(ctx: ChainContext, certificateId: string, payloadHash: string, p: Pick<InclusionProof, 'root' | 'proof'>): Promise<boolean> {
  const registry = await registryOf(ctx);
  try {
    return (await registry.getFunction('verifyInclusion')(certificateIdToBytes32(certificateId), payloadHashToBytes32(payloadHash), p.root, p.proof)) as boolean;
  } catch {
    throw new ChainUnavailableError();
  }
}
