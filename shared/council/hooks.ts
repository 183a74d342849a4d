import type { Transaction } from 'sequelize';
import type { CouncilRound, Submission, Vote } from '../db/models.js';
import type { CouncilOutcome } from './types.js';
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

/** A complete round as the council tallied it: the round is closed and saved with its outcome. */
export interface FinishedTally {
  round: CouncilRound;
  outcome: CouncilOutcome;
  reason: string;
  /** The round's votes in seat order. */
  votes: Vote[];
}

/**
 * The council's seam to the submissions it reviews (what a submission is and what a verdict does to it
 * live in shared/submissions/, which opens rounds and so sits above the council). Every call runs inside
 * the council's transaction, under the round's and then the submission's row lock: the council reports
 * the first vote through `auditStarted` and a finished tally through `tallied`, which moves the
 * submission and seals or settles its certificate in the same transaction.
 * `shared/submissions/verdict.ts` wires itself in when it is loaded; every process that records votes
 * loads it.
 */
export interface CouncilSubmissions {
  /** A vote is being recorded on the submission (saved by the council with the round's next state). */
  auditStarted(sub: Submission, t: Transaction): Promise<void>;
  /** What the finished tally does to the submission and its certificate. */
  tallied(sub: Submission, tally: FinishedTally, t: Transaction): Promise<void>;
}

const unwired = (): never => {
  throw new Error('the council has no submissions seam: load shared/submissions/verdict.js in this process');
};

let submissions: CouncilSubmissions = { auditStarted: unwired, tallied: unwired };

export function setCouncilSubmissions(s: CouncilSubmissions): void {
  submissions = s;
}

export const councilSubmissions = (): CouncilSubmissions => submissions;
