/**
 * The council's seam to the economy (payouts and earnings live in shared/economy/, another part of
 * issue 12). The council calls `recordValidatorReview` once per vote of every decided round, after
 * the deciding transaction commits (at least once: the ledger is idempotent by its own key), and
 * reads earnings for the public leaderboard and profiles. Until the economy is wired in
 * (`setCouncilEconomy` at process start), reviews are not recorded and earnings read as zero.
 */
export interface ValidatorReview {
  roundId: string;
  validatorKey: string;
  walletAddress: string;
  submissionId: string;
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
  recordValidatorReview: async () => undefined,
  earnings: async () => [],
};

export function setCouncilEconomy(e: Partial<CouncilEconomy>): void {
  economy = { ...economy, ...e };
}

export const councilEconomy = (): CouncilEconomy => economy;
