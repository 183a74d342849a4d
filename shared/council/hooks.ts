import type { Transaction } from 'sequelize';
import { recordValidatorReview } from '../economy/ledger.js';
import { walletEarnings } from '../economy/views.js';

/**
 * The council's seam to the economy (payouts and earnings live in shared/economy/, another part of the
 * service). The council calls `recordValidatorReview` for every vote it records, inside the vote's
 * transaction (the payout is owed exactly when the vote exists; the ledger is idempotent by its own
 * key), and reads earnings for the public leaderboard and profiles. The economy's ledger is wired in
 * by default; `setCouncilEconomy` lets a test replace it.
 */
export interface ValidatorReview {
  roundId: string;
  validatorKey: string;
  /** An external validator's registered payout address; null for the service's own validators (built-in, LLM). */
  walletAddress: string | null;
  submissionId: string;
  transaction?: Transaction;
}

/** What a wallet has been credited by the service, in display units (decimal strings). */
export interface WalletEarnings {
  walletAddress: string;
  /** USDC owed or paid for reviews. */
  usdcEarned: string;
  /** Reward tokens owed or paid (flag bounties). */
  rewardTokenEarned: string;
}

export interface CouncilEconomy {
  recordValidatorReview(r: ValidatorReview): Promise<unknown>;
  /** Earnings of the given wallets, or of every credited wallet when `wallets` is omitted. */
  earnings(wallets?: string[]): Promise<WalletEarnings[]>;
}

let economy: CouncilEconomy = {
  recordValidatorReview: (r) => recordValidatorReview(r),
  earnings: (wallets) => walletEarnings(wallets),
};

export function setCouncilEconomy(e: Partial<CouncilEconomy>): void {
  economy = { ...economy, ...e };
}

export const councilEconomy = (): CouncilEconomy => economy;
