import { getAddress } from 'ethers';
import { chainConfig, type ChainConfig } from './config.js';
import {
  checkLegacyCommitment,
  checkRecordedBatch,
  recordLostBatch,
  recordLostLegacy,
  registryOf,
  sqlBatchStore,
  CommitmentMismatchError,
  START,
  type BatchStore,
  type Cursor,
  type LostReason,
} from './commit.js';
import { ChainMisconfiguredError, connectChain, type ChainContext } from './provider.js';
import { logger } from '../log.js';

/**
 * The periodic comparison of recorded commitments with the registry contract. A committed batch
 * whose root the chain no longer holds (a reorganisation, a chain reset), or that was recorded in
 * another registry, is set back to sealed: every view of its certificates shows `committed: false`,
 * and the batcher commits the same root again (same proofs). A version-1 commitment (one per
 * certificate, before batches) stays while a listed legacy registry backs it; otherwise the
 * certificate is cleared and joins the next batch.
 *
 * Each call checks one page of batches and one of version-1 rows and remembers where it stopped; the
 * next call goes on from there and starts over after the last, so a pass costs (batches + legacy
 * rows) / page ticks and two RPC reads per batch, whatever the number of certificates.
 */
export interface ReconcileOptions {
  cfg?: ChainConfig;
  ctx?: ChainContext;
  store?: BatchStore;
  batch?: number;
}

export interface ReconcileResult {
  checked: number;
  repaired: { batchId?: string; certificateIds: string[]; reason: LostReason }[];
  /** true when this call reached the end of both walks (the next call starts from the first). */
  passComplete: boolean;
}

let batchCursor: Cursor = START;
let legacyCursor: Cursor = START;

/** Forgets where the walk stopped (tests). */
export function resetReconcileCursor(): void {
  batchCursor = START;
  legacyCursor = START;
}

export async function reconcileCommitments(opts: ReconcileOptions = {}): Promise<ReconcileResult> {
  const cfg = opts.ctx?.cfg ?? opts.cfg ?? chainConfig();
  const ctx = opts.ctx ?? (await connectChain(cfg));
  const store = opts.store ?? sqlBatchStore();
  const page = opts.batch ?? cfg.reconcileBatch;
  if (!ctx.registryAddress) throw new ChainMisconfiguredError('no registry to reconcile against');
  // No code at the registry: the chain was reset to before its deployment, or the address is wrong.
  // Nothing can be committed there, so no record is touched; the operator redeploys or fixes it.
  if ((await ctx.provider.getCode(getAddress(ctx.registryAddress)).catch(() => null)) === '0x') {
    throw new ChainMisconfiguredError(`no contract at the registry address ${ctx.registryAddress}: the chain was reset before its deployment, or REGISTRY_ADDRESS is wrong`);
  }
  const registry = await registryOf(ctx);
  const repaired: ReconcileResult['repaired'] = [];
  const log = logger('chain');

  const batches = await store.listCommitted(batchCursor, page);
  for (const b of batches) {
    let reason: LostReason | null;
    try {
      reason = await checkRecordedBatch(ctx, registry, b);
    } catch (err) {
      if (!(err instanceof CommitmentMismatchError)) throw err; // the chain stopped answering: resume here next time
      log.error({ event: 'chain_commitment_mismatch', batchId: b.id, err: err.message }, 'batch on chain differs from the sealed record');
      batchCursor = { at: b.createdAt, id: b.id };
      continue;
    }
    if (reason && (await recordLostBatch(store, b, reason, 'reconciliation'))) repaired.push({ batchId: b.id, certificateIds: b.leaves.map(([c]) => c), reason });
    batchCursor = { at: b.createdAt, id: b.id };
  }

  const legacy = await store.listLegacy(legacyCursor, page);
  for (const rec of legacy) {
    let reason: LostReason | null;
    try {
      reason = await checkLegacyCommitment(ctx, rec);
    } catch (err) {
      if (!(err instanceof CommitmentMismatchError)) throw err;
      log.error({ event: 'chain_commitment_mismatch', certificateId: rec.certificateId, err: err.message }, 'commitment on chain differs from the sealed certificate');
      legacyCursor = { at: rec.createdAt, id: rec.certificateId };
      continue;
    }
    if (reason && (await recordLostLegacy(store, rec, reason, 'reconciliation'))) repaired.push({ certificateIds: [rec.certificateId], reason });
    legacyCursor = { at: rec.createdAt, id: rec.certificateId };
  }

  const batchesDone = batches.length < page;
  const legacyDone = legacy.length < page;
  if (batchesDone) batchCursor = START;
  if (legacyDone) legacyCursor = START;
  return { checked: batches.length + legacy.length, repaired, passComplete: batchesDone && legacyDone };
}
