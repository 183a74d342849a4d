import { getAddress } from 'ethers';
import { chainConfig, type ChainConfig } from './config.js';
import { checkRecordedCommitment, modelCommitStore, recordLostCommitment, CommitmentMismatchError, type CommitStore, type LostReason } from './commit.js';
import { ChainMisconfiguredError, connectChain, type ChainContext } from './provider.js';
import { logger } from '../log.js';

/**
 * The periodic comparison of recorded commitments (certificate_states.onchain_*) with the registry
 * contract. A record whose transaction the chain no longer holds (a reorganisation, a chain reset)
 * is cleared, so every view shows `committed: false`, and handed to `enqueue` to be committed again.
 *
 * Each call checks one batch of committed rows in id order and remembers where it stopped; the next
 * call goes on from there and starts over after the last row, so a pass over N rows costs N/batch
 * ticks and two RPC reads per row, whatever N is.
 */
export interface ReconcileOptions {
  /** Re-commits one certificate (the worker passes the chain queue's idempotent enqueue). */
  enqueue: (certificateId: string) => Promise<unknown>;
  cfg?: ChainConfig;
  ctx?: ChainContext;
  store?: CommitStore;
  batch?: number;
}

export interface ReconcileResult {
  checked: number;
  repaired: { certificateId: string; reason: LostReason }[];
  /** true when this batch reached the last committed row (the next call starts from the first). */
  passComplete: boolean;
}

let cursor = '';

/** Forgets where the walk stopped (tests). */
export function resetReconcileCursor(): void {
  cursor = '';
}

export async function reconcileCommitments(opts: ReconcileOptions): Promise<ReconcileResult> {
  const cfg = opts.cfg ?? chainConfig();
  const ctx = opts.ctx ?? (await connectChain(cfg));
  const store = opts.store ?? modelCommitStore();
  const batch = opts.batch ?? cfg.reconcileBatch;
  if (!ctx.registryAddress) throw new ChainMisconfiguredError('no registry to reconcile against');
  // No code at the registry: the chain was reset to before its deployment, or the address is wrong.
  // Nothing can be committed there, so no record is touched; the operator redeploys or fixes it.
  if ((await ctx.provider.getCode(getAddress(ctx.registryAddress)).catch(() => null)) === '0x') {
    throw new ChainMisconfiguredError(`no contract at the registry address ${ctx.registryAddress}: the chain was reset before its deployment, or REGISTRY_ADDRESS is wrong`);
  }
  const rows = await store.listCommitted(cursor, batch);
  const repaired: ReconcileResult['repaired'] = [];
  for (const rec of rows) {
    let reason: LostReason | null;
    try {
      reason = await checkRecordedCommitment(ctx, rec);
    } catch (err) {
      if (!(err instanceof CommitmentMismatchError)) throw err; // the chain stopped answering: resume here next time
      logger('chain').error({ event: 'chain_commitment_mismatch', certificateId: rec.certificateId, err: err.message }, 'commitment on chain differs from the sealed certificate');
      cursor = rec.certificateId;
      continue;
    }
    if (reason && (await recordLostCommitment(store, rec, reason, 'reconciliation'))) {
      repaired.push({ certificateId: rec.certificateId, reason });
      await opts.enqueue(rec.certificateId);
    }
    cursor = rec.certificateId;
  }
  const passComplete = rows.length < batch;
  if (passComplete) cursor = '';
  return { checked: rows.length, repaired, passComplete };
}
