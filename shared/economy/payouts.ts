import { Op } from 'sequelize';
import { Contract, Transaction as EthTx, Wallet, getAddress } from 'ethers';
import { db } from '../db/connection.js';
import { withNamedLock } from '../db/named-lock.js';
import { ApiError } from '../errors.js';
import { faultPoint } from '../faults.js';
import { logger } from '../log.js';
import { ERC20_ABI } from '../chain/artifacts.js';
import { chainConfig } from '../chain/config.js';
import { readDeployment } from '../chain/deployment.js';
import { connectChain, waitForReceipt, type ChainContext } from '../chain/provider.js';
import { economyConfig } from './config.js';
import { queue } from '../queues/index.js';
import { appendEntry } from './ledger.js';
import { LedgerEntry, PayoutTransfer, type LedgerAsset } from './models.js';

/**
 * The payout job: pays every owed ledger entry (validator payouts in USDC, bounties in the reward
 * token) from the one payout signer, one transfer at a time, across all processes (the signer's
 * named lock, the same one every sender of that key takes).
 *
 * Exactly once, by construction:
 *  1. the transfer is signed locally and the raw transaction, its nonce and hash are stored
 *     (status SENT) BEFORE it is broadcast;
 *  2. a run that finds a SENT row (the process died after broadcast, or before it) asks the chain
 *     for that hash: mined -> recorded PAID; unknown and the nonce still free -> the very same raw
 *     transaction is sent again (same nonce, same hash: it can only ever be mined once);
 *  3. PAID writes the ledger entry `paid:<owed key>` with the tx hash (unique key).
 */

const log = () => logger('payouts');

export function paidKey(owedKey: string): string {
  return `paid:${owedKey}`;
}

async function tokenAddress(ctx: ChainContext, asset: LedgerAsset): Promise<string> {
  if (asset === 'USDC') {
    if (!ctx.usdc) throw new Error('no USDC contract is configured or deployed');
    return ctx.usdc.address;
  }
  const eco = economyConfig();
  const a = eco.rewardTokenAddress ?? (ctx.cfg.local ? readDeployment(ctx.cfg.stateDir, ctx.chainId)?.rewardTokenAddress : null);
  if (!a) throw new Error('no reward token is configured (REWARD_TOKEN_ADDRESS) or deployed');
  return getAddress(a);
}

async function markPaid(tr: PayoutTransfer, txHash: string, blockNumber: number): Promise<void> {
  await db().transaction(async (t) => {
    const owed = await LedgerEntry.findOne({ where: { entryKey: tr.ledgerKey }, transaction: t });
    await appendEntry(
      {
        entryKey: paidKey(tr.ledgerKey),
        kind: tr.kind === 'BOUNTY_OWED' ? 'BOUNTY_PAID' : 'VALIDATOR_PAYOUT_PAID',
        asset: tr.asset,
        amountAtomic: BigInt(String(tr.amountAtomic).split('.')[0]!),
        wallet: tr.toAddress,
        validatorKey: owed?.validatorKey ?? null,
        roundId: owed?.roundId ?? null,
        submissionId: owed?.submissionId ?? null,
        flagId: owed?.flagId ?? null,
        refKey: tr.ledgerKey,
        txHash,
        details: { blockNumber, tokenAddress: tr.tokenAddress, signer: tr.signer },
      },
      t,
    );
    await PayoutTransfer.update({ status: 'PAID', txHash, paidAt: new Date(), lastError: null }, { where: { ledgerKey: tr.ledgerKey }, transaction: t });
  });
  log().info({ ledgerKey: tr.ledgerKey, txHash }, 'payout paid');
}

async function fail(tr: PayoutTransfer, message: string, status: 'PENDING' | 'FAILED'): Promise<void> {
  await PayoutTransfer.update({ status, lastError: message.slice(0, 250), attempts: (tr.attempts ?? 0) + 1 }, { where: { ledgerKey: tr.ledgerKey } });
  log().warn({ ledgerKey: tr.ledgerKey, status, err: message }, 'payout not paid');
}

/** A SENT transfer: find out what became of it; re-send the same signed transaction if it is lost. */
async function resume(ctx: ChainContext, wallet: Wallet, tr: PayoutTransfer): Promise<void> {
  const cfg = chainConfig();
  const hash = tr.txHash!;
  let receipt = await ctx.provider.getTransactionReceipt(hash);
  if (!receipt) {
    const mined = await ctx.provider.getTransactionCount(wallet.address, 'latest');
    if (mined > Number(tr.nonce)) {
      // Ask again after reading the nonce: ours may have been mined in between, and taking that for
      // "replaced" would sign the payout afresh and pay it twice.
      receipt = await ctx.provider.getTransactionReceipt(hash);
      if (!receipt) {
        // Our nonce went to another transaction (the key was used elsewhere): this one can never be mined.
        await fail(tr, `nonce ${tr.nonce} was used by another transaction; ${hash} was never mined`, 'PENDING');
        await PayoutTransfer.update({ status: 'PENDING', txHash: null, rawTx: null, nonce: null }, { where: { ledgerKey: tr.ledgerKey } });
        return;
      }
    } else {
      try {
        await ctx.provider.broadcastTransaction(tr.rawTx!);
      } catch (err) {
        // "already known" / "nonce too low": the node has it, or it was mined meanwhile; the receipt says which.
        log().info({ ledgerKey: tr.ledgerKey, err: (err as Error).message.slice(0, 200) }, 're-broadcast refused');
      }
      receipt = await waitForReceipt(ctx, hash, cfg.confirmations, cfg.txTimeoutMs);
    }
  } else if (cfg.confirmations > 1) {
    receipt = await waitForReceipt(ctx, hash, cfg.confirmations, cfg.txTimeoutMs);
  }
  if (!receipt) return void log().warn({ ledgerKey: tr.ledgerKey, txHash: hash }, 'payout transaction not mined yet; the next run looks again');
  if (receipt.status !== 1) return fail(tr, `transfer ${hash} reverted`, 'FAILED');
  await markPaid(tr, hash, receipt.blockNumber);
}

/** A PENDING transfer: sign, store, broadcast, wait. */
async function send(ctx: ChainContext, wallet: Wallet, tr: PayoutTransfer): Promise<void> {
  const token = await tokenAddress(ctx, tr.asset);
  const erc20 = new Contract(token, ERC20_ABI, ctx.provider);
  const amount = BigInt(String(tr.amountAtomic).split('.')[0]!);
  const balance = (await erc20.getFunction('balanceOf')(wallet.address)) as bigint;
  if (balance < amount) return fail(tr, `payout signer ${wallet.address} holds ${balance} of ${tr.asset} (atomic), needs ${amount}`, 'PENDING');
  const data = erc20.interface.encodeFunctionData('transfer', [tr.toAddress, amount]);
  const signer = wallet.connect(ctx.provider);
  const nonce = await ctx.provider.getTransactionCount(wallet.address, 'pending');
  const populated = await signer.populateTransaction({ to: token, data, nonce, chainId: ctx.chainId });
  const raw = await signer.signTransaction(populated);
  const hash = EthTx.from(raw).hash!;
  await PayoutTransfer.update(
    { status: 'SENT', tokenAddress: token, signer: wallet.address, nonce, txHash: hash, rawTx: raw, sentAt: new Date(), attempts: (tr.attempts ?? 0) + 1 },
    { where: { ledgerKey: tr.ledgerKey, status: 'PENDING' } },
  );
  const detail = { ledgerKey: tr.ledgerKey, toAddress: tr.toAddress, txHash: hash };
  await faultPoint('payout.before-broadcast', detail);
  await ctx.provider.broadcastTransaction(raw);
  await faultPoint('payout.after-broadcast', detail);
  await tr.reload();
  await resume(ctx, wallet, tr);
}

/**
 * Pays what is owed, oldest first. Returns counts; `busy` when another process holds the signer
 * (it drains the same rows).
 */
export async function runPayouts(opts: { limit?: number; keys?: string[] } = {}): Promise<{ paid: number; pending: number; failed: number; busy?: boolean }> {
  const eco = economyConfig();
  if (!eco.payoutSignerKey) return { paid: 0, pending: await PayoutTransfer.count({ where: { status: { [Op.in]: ['PENDING', 'SENT'] } } }), failed: 0 };
  const wallet = new Wallet(eco.payoutSignerKey);
  // Nothing owed: no chain call at all (a worker with no chain configured stays quiet).
  const due = { status: { [Op.in]: ['PENDING', 'SENT'] }, ...(opts.keys ? { ledgerKey: opts.keys } : {}) };
  if (!(await PayoutTransfer.count({ where: due }))) return { paid: 0, pending: 0, failed: 0 };
  const ctx = await connectChain(chainConfig());
  try {
    return await withNamedLock(
      `cert:signer:${ctx.chainId}:${wallet.address.toLowerCase()}`,
      async () => {
        const rows = await PayoutTransfer.findAll({ where: due, order: [['createdAt', 'ASC'], ['ledgerKey', 'ASC']], limit: opts.limit ?? 500 });
        for (const tr of rows) {
          try {
            if (tr.status === 'SENT' && tr.txHash && tr.rawTx) await resume(ctx, wallet, tr);
            else await send(ctx, wallet, tr);
          } catch (err) {
            // An RPC failure leaves the row as it is (PENDING, or SENT with its raw transaction): the next run continues.
            log().warn({ ledgerKey: tr.ledgerKey, err: (err as Error).message.slice(0, 300) }, 'payout step failed');
            await PayoutTransfer.update({ lastError: (err as Error).message.slice(0, 250) }, { where: { ledgerKey: tr.ledgerKey } });
          }
        }
        const [paid, pending, failed] = await Promise.all([
          PayoutTransfer.count({ where: { status: 'PAID' } }),
          PayoutTransfer.count({ where: { status: { [Op.in]: ['PENDING', 'SENT'] } } }),
          PayoutTransfer.count({ where: { status: 'FAILED' } }),
        ]);
        return { paid, pending, failed };
      },
      5,
    );
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return { paid: 0, pending: 0, failed: 0, busy: true };
    throw err;
  }
}

/** Operator: a FAILED transfer (reverted) goes back to PENDING and is signed afresh (new nonce). */
export async function retryPayout(ledgerKey: string): Promise<PayoutTransfer> {
  const tr = await PayoutTransfer.findByPk(ledgerKey);
  if (!tr) throw new Error(`no payout with ledger key ${ledgerKey}`);
  if (tr.status !== 'FAILED') throw new Error(`payout ${ledgerKey} is ${tr.status}; only FAILED payouts are retried`);
  await tr.update({ status: 'PENDING', txHash: null, rawTx: null, nonce: null });
  return tr;
}

/** Many triggers, one kind of work: a run already waiting covers this one. */
export async function enqueuePayoutRun(): Promise<void> {
  try {
    const q = queue('payouts');
    if ((await q.getWaitingCount()) > 0) return;
    await q.add({}, { removeOnComplete: 100, removeOnFail: 100, attempts: 3 });
  } catch (err) {
    log().warn({ err: (err as Error).message }, 'could not enqueue a payout run; the periodic sweep retries');
  }
}
