import { COMMUNITY_FLAGS } from '../db/flag-kinds.js';
import { Op, QueryTypes } from 'sequelize';
import { formatUnits, getAddress } from 'ethers';
import { db } from '../db/connection.js';
import { Flag, Validator } from '../db/models.js';
import { badRequest, notFound } from '../errors.js';
import { USDC_DECIMALS } from '../chain-presets.js';
import { chainConfig } from '../chain/config.js';
import { readDeployments } from '../chain/deployment.js';
import { decodeCursor, encodeCursor } from '../cursors.js';
import { economyConfig } from './config.js';
import { LedgerEntry, PayoutTransfer, type LedgerAsset } from './models.js';

/**
 * Read models of the economy, computed from the ledger (the single source of amounts) and the
 * payout transfers (state and tx hashes). Amounts are decimal strings in token units
 * ("1.25" USDC), never floats.
 *
 * Pagination, the same for every list of the public API: `limit` (1-100, default 20) and the
 * opaque `cursor` from the previous page's `nextCursor` (null on the last page). Cursors are
 * keysets, never offsets: rows inserted while a client pages do not shift or repeat items.
 */

const decimalsOf = (asset: LedgerAsset) => (asset === 'USDC' ? USDC_DECIMALS : economyConfig().rewardTokenDecimals);
export const fmt = (atomic: string | bigint | null | undefined, asset: LedgerAsset) => formatUnits(BigInt(String(atomic ?? '0').split('.')[0]!), decimalsOf(asset));

export function walletParam(raw: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(raw)) throw badRequest('invalid_wallet_address', 'walletAddress must be a 0x-prefixed 20-byte hex address', 'walletAddress');
  return getAddress(raw.toLowerCase());
}

async function sums(): Promise<Map<string, { n: number; atomic: string }>> {
  const rows = await db().query<{ kind: string; n: number | string; total: string | null }>('SELECT kind, COUNT(*) AS n, SUM(amount_atomic) AS total FROM ledger_entries GROUP BY kind', { type: QueryTypes.SELECT });
  return new Map(rows.map((r) => [r.kind, { n: Number(r.n), atomic: String(r.total ?? '0').split('.')[0]! }]));
}

function rewardTokenInfo(): { address: string | null; decimals: number } {
  const eco = economyConfig();
  let address = eco.rewardTokenAddress;
  if (!address) {
    try {
      const cfg = chainConfig();
      // Local chains: the token we deployed (the record is per chain id; one chain is the normal case).
      const recs = cfg.local ? Object.values(readDeployments(cfg.stateDir)) : [];
      if (recs.length === 1 && recs[0]!.rewardTokenAddress) address = recs[0]!.rewardTokenAddress;
    } catch {
      /* no chain configuration: the address stays unknown */
    }
  }
  return { address, decimals: eco.rewardTokenDecimals };
}

/** GET /api/v1/public/economy */
export async function economySnapshot() {
  const s = await sums();
  const get = (k: string) => s.get(k) ?? { n: 0, atomic: '0' };
  const pending = async (asset: LedgerAsset) => {
    const rows = await db().query<{ n: number | string; total: string | null }>("SELECT COUNT(*) AS n, SUM(amount_atomic) AS total FROM payout_transfers WHERE asset = ? AND status IN ('PENDING','SENT','FAILED')", { replacements: [asset], type: QueryTypes.SELECT });
    return { n: Number(rows[0]?.n ?? 0), atomic: String(rows[0]?.total ?? '0').split('.')[0]! };
  };
  const [pendingUsdc, pendingReward, activeValidators, openFlags, confirmedFlags, dismissedFlags] = await Promise.all([
    pending('USDC'),
    pending('REWARD'),
    Validator.count({ where: { active: true } }),
    Flag.count({ where: { status: 'OPEN', ...COMMUNITY_FLAGS } }),
    Flag.count({ where: { status: 'CONFIRMED', ...COMMUNITY_FLAGS } }),
    Flag.count({ where: { status: 'DISMISSED', ...COMMUNITY_FLAGS } }),
  ]);
  const fee = get('FEE_RECEIVED');
  const refund = get('REFUND');
  const pOwed = get('VALIDATOR_PAYOUT_OWED');
  const pPaid = get('VALIDATOR_PAYOUT_PAID');
  const bOwed = get('BOUNTY_OWED');
  const bPaid = get('BOUNTY_PAID');
  return {
    currency: 'USDC',
    fees: { count: fee.n, totalUsdc: fmt(fee.atomic, 'USDC') },
    refunds: { count: refund.n, totalUsdc: fmt(refund.atomic, 'USDC') },
    validatorPayouts: { owedCount: pOwed.n, owedUsdc: fmt(pOwed.atomic, 'USDC'), paidCount: pPaid.n, paidUsdc: fmt(pPaid.atomic, 'USDC'), unpaidCount: pendingUsdc.n, unpaidUsdc: fmt(pendingUsdc.atomic, 'USDC') },
    bounties: { owedCount: bOwed.n, owedReward: fmt(bOwed.atomic, 'REWARD'), paidCount: bPaid.n, paidReward: fmt(bPaid.atomic, 'REWARD'), unpaidCount: pendingReward.n, unpaidReward: fmt(pendingReward.atomic, 'REWARD') },
    rewardToken: { ...rewardTokenInfo(), paidOut: fmt(bPaid.atomic, 'REWARD') },
    bountyPerConfirmedFlag: fmt(economyConfig().bountyAtomic, 'REWARD'),
    activeValidators,
    flags: { open: openFlags, confirmed: confirmedFlags, dismissed: dismissedFlags },
    openFlags,
    generatedAt: new Date().toISOString(),
  };
}

/** GET /api/v1/public/cert/revenue */
export async function revenueSummary() {
  const s = await sums();
  const a = (k: string) => BigInt(s.get(k)?.atomic ?? '0');
  const n = (k: string) => s.get(k)?.n ?? 0;
  const fees = a('FEE_RECEIVED');
  const refunds = a('REFUND');
  const owed = a('VALIDATOR_PAYOUT_OWED');
  const paid = a('VALIDATOR_PAYOUT_PAID');
  const [validators] = await db().query<{ n: number | string }>("SELECT COUNT(DISTINCT wallet) AS n FROM ledger_entries WHERE kind = 'VALIDATOR_PAYOUT_OWED'", { type: QueryTypes.SELECT });
  return {
    currency: 'USDC',
    feesReceivedUsdc: fmt(fees, 'USDC'),
    feesReceivedCount: n('FEE_RECEIVED'),
    refundsUsdc: fmt(refunds, 'USDC'),
    netRevenueUsdc: fmt(fees - refunds, 'USDC'),
    validatorPayoutsOwedUsdc: fmt(owed, 'USDC'),
    validatorPayoutsPaidUsdc: fmt(paid, 'USDC'),
    validatorPayoutsUnpaidUsdc: fmt(owed - paid, 'USDC'),
    reviewsPaidFor: n('VALIDATOR_PAYOUT_OWED'),
    validatorsEarning: Number(validators?.n ?? 0),
    /** What the service keeps once every owed payout is paid. */
    retainedUsdc: fmt(fees - refunds - owed, 'USDC'),
    validatorShareBps: economyConfig().validatorShareBps,
    validatorMinimumPerReviewUsdc: fmt(economyConfig().validatorMinAtomic, 'USDC'),
    generatedAt: new Date().toISOString(),
  };
}

interface WalletRow {
  wallet: string;
  reviews: number | string;
  owed: string | null;
  paid: string | null;
  last_review_at: Date | string | null;
}

async function walletRows(where: string, replacements: unknown[], limit: number): Promise<WalletRow[]> {
  return db().query<WalletRow>(
    `SELECT o.wallet,
            COUNT(*) AS reviews,
            SUM(o.amount_atomic) AS owed,
            SUM(CASE WHEN p.id IS NULL THEN 0 ELSE p.amount_atomic END) AS paid,
            MAX(o.created_at) AS last_review_at
       FROM ledger_entries o
       LEFT JOIN ledger_entries p ON p.entry_key = CONCAT('paid:', o.entry_key)
      WHERE o.kind = 'VALIDATOR_PAYOUT_OWED' ${where}
      GROUP BY o.wallet
      ORDER BY o.wallet ASC
      LIMIT ${Number(limit)}`,
    { replacements, type: QueryTypes.SELECT },
  );
}

async function validatorNames(wallets: string[]): Promise<Map<string, { key: string; displayName: string; kind: string }[]>> {
  const m = new Map<string, { key: string; displayName: string; kind: string }[]>();
  if (!wallets.length) return m;
  const builtin = economyConfig().builtinPayoutAddress;
  const rows = await Validator.findAll({ where: { [Op.or]: [{ walletAddress: wallets }, ...(builtin && wallets.includes(builtin) ? [{ kind: 'BUILT_IN' }] : [])] } as never });
  for (const v of rows) {
    const w = builtin && v.kind === 'BUILT_IN' ? builtin : getAddress(v.walletAddress);
    if (!wallets.includes(w)) continue;
    m.set(w, [...(m.get(w) ?? []), { key: v.key, displayName: v.displayName, kind: v.kind }]);
  }
  return m;
}

function walletView(r: WalletRow, names: Map<string, { key: string; displayName: string; kind: string }[]>) {
  const owed = BigInt(String(r.owed ?? '0').split('.')[0]!);
  const paid = BigInt(String(r.paid ?? '0').split('.')[0]!);
  return {
    walletAddress: getAddress(r.wallet),
    validators: names.get(getAddress(r.wallet)) ?? [],
    reviewsPaidFor: Number(r.reviews),
    earnedUsdc: fmt(owed, 'USDC'),
    paidUsdc: fmt(paid, 'USDC'),
    unpaidUsdc: fmt(owed - paid, 'USDC'),
    lastReviewAt: r.last_review_at ? new Date(r.last_review_at).toISOString() : null,
  };
}

/** GET /api/v1/public/cert/revenue/validators: one row per payout wallet, ordered by wallet address (a stable keyset). */
export async function validatorRevenueIndex(q: { limit: number; cursor?: string }) {
  const after = q.cursor ? decodeCursor(q.cursor).id : null;
  const rows = await walletRows(after ? 'AND o.wallet > ?' : '', after ? [after] : [], q.limit + 1);
  const page = rows.slice(0, q.limit);
  const names = await validatorNames(page.map((r) => getAddress(r.wallet)));
  const last = page[page.length - 1];
  return { items: page.map((r) => walletView(r, names)), nextCursor: rows.length > q.limit && last ? encodeCursor(new Date(0), last.wallet) : null };
}

/** GET /api/v1/public/cert/revenue/validators/{walletAddress} */
export async function validatorRevenue(wallet: string) {
  const [row] = await walletRows('AND o.wallet = ?', [wallet], 1);
  const names = await validatorNames([wallet]);
  if (!row && !names.size && !(await Validator.count({ where: { walletAddress: wallet } }))) throw notFound('Validator', 'walletAddress');
  const view = walletView(row ?? { wallet, reviews: 0, owed: '0', paid: '0', last_review_at: null }, names);
  const lastPaid = await LedgerEntry.findOne({ where: { wallet, kind: 'VALIDATOR_PAYOUT_PAID' }, order: [['createdAt', 'DESC'], ['id', 'DESC']] });
  return { ...view, currency: 'USDC', lastPaidAt: lastPaid?.createdAt.toISOString() ?? null, lastPaidTxHash: lastPaid?.txHash ?? null };
}

/** One payout with its state: owed -> (SENT) -> PAID with the transfer's tx hash. */
function payoutItem(owed: LedgerEntry, tr: PayoutTransfer | undefined, paid: LedgerEntry | undefined) {
  return {
    ledgerKey: owed.entryKey,
    kind: owed.kind,
    asset: owed.asset,
    amount: fmt(owed.amountAtomic, owed.asset),
    walletAddress: owed.wallet,
    validatorKey: owed.validatorKey,
    roundId: owed.roundId,
    submissionId: owed.submissionId,
    flagId: owed.flagId,
    status: paid ? 'PAID' : (tr?.status ?? 'PENDING'),
    txHash: paid?.txHash ?? (tr?.status === 'SENT' ? tr.txHash : null),
    owedAt: owed.createdAt.toISOString(),
    paidAt: paid?.createdAt.toISOString() ?? null,
  };
}

async function withState(owed: LedgerEntry[]) {
  const keys = owed.map((o) => o.entryKey);
  const [trs, paid] = await Promise.all([
    keys.length ? PayoutTransfer.findAll({ where: { ledgerKey: keys } }) : [],
    keys.length ? LedgerEntry.findAll({ where: { entryKey: keys.map((k) => `paid:${k}`) } }) : [],
  ]);
  const trBy = new Map(trs.map((t) => [t.ledgerKey, t]));
  const paidBy = new Map(paid.map((p) => [p.refKey, p]));
  return owed.map((o) => payoutItem(o, trBy.get(o.entryKey), paidBy.get(o.entryKey)));
}

/** GET .../validators/{walletAddress}/history: that wallet's payouts, newest first, keyset (createdAt, id). */
export async function validatorPayoutHistory(wallet: string, q: { limit: number; cursor?: string }) {
  const where: Record<string | symbol, unknown> = { wallet, kind: 'VALIDATOR_PAYOUT_OWED' };
  const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
  if (cursor) where[Op.or] = [{ createdAt: { [Op.lt]: cursor.t } }, { createdAt: cursor.t, id: { [Op.lt]: cursor.id } }];
  const rows = await LedgerEntry.findAll({ where, order: [['createdAt', 'DESC'], ['id', 'DESC']], limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return { walletAddress: wallet, items: await withState(page), nextCursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** Operator listing (`npm run cert -- payouts list`): every payout and bounty with its transfer state. */
export async function listPayouts(q: { status?: string; limit?: number } = {}) {
  const where: Record<string, unknown> = {};
  if (q.status) where.status = q.status.toUpperCase();
  const trs = await PayoutTransfer.findAll({ where, order: [['createdAt', 'ASC'], ['ledgerKey', 'ASC']], limit: q.limit ?? 1000 });
  return trs.map((t) => ({
    ledgerKey: t.ledgerKey,
    kind: t.kind,
    asset: t.asset,
    amount: fmt(t.amountAtomic, t.asset),
    toAddress: t.toAddress,
    status: t.status,
    txHash: t.txHash,
    nonce: t.nonce === null ? null : Number(t.nonce),
    attempts: t.attempts,
    lastError: t.lastError,
    createdAt: t.createdAt.toISOString(),
    paidAt: t.paidAt?.toISOString() ?? null,
  }));
}

/**
 * Flags as the public sees them, with the bounty of a confirmed flag: amount, state and the tx hash
 * once paid (`bounty` null: no bounty, e.g. not confirmed or the owner's own flag).
 */
export interface PublicBounty {
  amount: string;
  asset: string;
  status: string;
  txHash: string | null;
  paidAt: string | null;
}

export async function withBounties<T extends { flagId: string }>(items: T[]): Promise<(T & { bounty: PublicBounty | null })[]> {
  const owed = items.length ? await LedgerEntry.findAll({ where: { entryKey: items.map((i) => `bounty:${i.flagId}`) } }) : [];
  const states = new Map((await withState(owed)).map((p) => [p.flagId, p]));
  return items.map((i) => {
    const p = states.get(i.flagId);
    return { ...i, bounty: p ? { amount: p.amount, asset: p.asset, status: p.status, txHash: p.txHash, paidAt: p.paidAt } : null };
  });
}

/**
 * What wallets have been credited (owed or paid): USDC for reviews, reward tokens for bounties, in
 * display units. For the council's leaderboard and profiles (shared/council/hooks.ts).
 */
export async function walletEarnings(wallets?: string[]): Promise<{ walletAddress: string; usdcEarned: string; rewardTokenEarned: string }[]> {
  const where: Record<string, unknown> = { kind: ['VALIDATOR_PAYOUT_OWED', 'BOUNTY_OWED'] };
  if (wallets) {
    if (wallets.length === 0) return [];
    where.wallet = wallets.map((w) => getAddress(w.toLowerCase()));
  }
  const rows = (await LedgerEntry.findAll({
    attributes: ['wallet', 'asset', [db().fn('SUM', db().col('amount_atomic')), 'total']],
    where: { ...where, wallet: where.wallet ?? { [Op.ne]: null } },
    group: ['wallet', 'asset'],
    raw: true,
  })) as unknown as { wallet: string; asset: LedgerAsset; total: string }[];
  const byWallet = new Map<string, { usdc: bigint; reward: bigint }>();
  for (const r of rows) {
    const e = byWallet.get(r.wallet) ?? { usdc: 0n, reward: 0n };
    const v = BigInt(String(r.total ?? '0').split('.')[0]!);
    if (r.asset === 'USDC') e.usdc += v;
    else e.reward += v;
    byWallet.set(r.wallet, e);
  }
  return [...byWallet].map(([walletAddress, e]) => ({ walletAddress, usdcEarned: fmt(e.usdc, 'USDC'), rewardTokenEarned: fmt(e.reward, 'REWARD') }));
}
