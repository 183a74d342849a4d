/**
 * The public leaderboard: `by` = reputation | accuracy (validators, from shared/council/reputation.ts)
 * or earnings | wealth (every credited wallet, from the economy's ledger through councilEconomy()).
 * earnings = USDC credited for reviews; wealth = reward tokens credited (flag bounties), the
 * currency of the public game. Ordered by the value (highest first), then wallet address; paged with
 * the API's one convention (`limit`, opaque `cursor`, `nextCursor`), the cursor being the last
 * entry's (value, wallet): an entry inserted meanwhile never shifts a page into a repeat.
 */
import { LEADERBOARD_SELECTORS } from '../api/schemas.js';
import { badRequest } from '../errors.js';
import { councilEconomy } from './hooks.js';
import { validatorStandings, type Standing } from './reputation.js';

export type LeaderboardSelector = (typeof LEADERBOARD_SELECTORS)[number];

interface Entry {
  walletAddress: string;
  value: number;
  validator: Standing | null;
  usdcEarned: string;
  rewardTokenEarned: string;
}

function encode(value: number, wallet: string): string {
  return Buffer.from(JSON.stringify({ v: value, w: wallet })).toString('base64url');
}

function decode(cursor: string): { v: number; w: string } {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { v: unknown; w: unknown };
    if (typeof c.v !== 'number' || !Number.isFinite(c.v) || typeof c.w !== 'string') throw new Error('bad');
    return { v: c.v, w: c.w };
  } catch {
    throw badRequest('invalid_cursor', 'cursor is not a cursor this API returned', 'cursor');
  }
}

export async function leaderboard(by: LeaderboardSelector, q: { limit: number; cursor?: string }) {
  const after = q.cursor ? decode(q.cursor) : undefined;
  const standings = (await validatorStandings()).filter((s) => s.status !== 'PENDING');
  const byWallet = new Map(standings.map((s) => [s.walletAddress.toLowerCase(), s]));
  const earnings = await councilEconomy().earnings();
  const earned = new Map(earnings.map((e) => [e.walletAddress.toLowerCase(), e]));
  let entries: Entry[];
  if (by === 'reputation' || by === 'accuracy') {
    entries = standings
      .filter((s) => by === 'reputation' || s.accuracy !== null)
      .map((s) => ({ walletAddress: s.walletAddress, value: by === 'reputation' ? s.reputation : (s.accuracy ?? 0), validator: s, usdcEarned: earned.get(s.walletAddress.toLowerCase())?.usdcEarned ?? '0', rewardTokenEarned: earned.get(s.walletAddress.toLowerCase())?.rewardTokenEarned ?? '0' }));
  } else {
    entries = earnings
      .map((e) => ({ walletAddress: e.walletAddress, value: Number(by === 'earnings' ? e.usdcEarned : e.rewardTokenEarned), validator: byWallet.get(e.walletAddress.toLowerCase()) ?? null, usdcEarned: e.usdcEarned, rewardTokenEarned: e.rewardTokenEarned }))
      .filter((e) => e.value > 0);
  }
  entries.sort((a, b) => b.value - a.value || (a.walletAddress < b.walletAddress ? -1 : a.walletAddress > b.walletAddress ? 1 : 0));
  let start = 0;
  if (after) {
    const i = entries.findIndex((e) => e.value < after.v || (e.value === after.v && e.walletAddress > after.w));
    start = i < 0 ? entries.length : i;
  }
  const page = entries.slice(start, start + q.limit);
  const last = page[page.length - 1];
  return {
    by,
    items: page.map((e, i) => ({
      rank: start + i + 1,
      walletAddress: e.walletAddress,
      value: e.value,
      validatorKey: e.validator?.validatorKey ?? null,
      displayName: e.validator?.displayName ?? null,
      kind: e.validator?.kind ?? 'AGENT',
      reputation: e.validator?.reputation ?? null,
      accuracy: e.validator?.accuracy ?? null,
      decidedVotes: e.validator?.decidedVotes ?? null,
      usdcEarned: e.usdcEarned,
      rewardTokenEarned: e.rewardTokenEarned,
    })),
    nextCursor: start + q.limit < entries.length && last ? encode(last.value, last.walletAddress) : null,
  };
}
