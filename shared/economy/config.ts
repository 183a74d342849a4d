import { Wallet, parseUnits } from 'ethers';
import { ConfigError, keysInForce, readEnvironment, type Environment } from '../config.js';
import { ANVIL_ACCOUNTS, PRESETS, USDC_DECIMALS } from '../chain-presets.js';

/**
 * The economy's view of the configuration: derived from the variables shared/config.ts reads and
 * validates (PAYOUT_SIGNER_KEY, REWARD_TOKEN_*, VALIDATOR_PAYOUT_*, BUILTIN_VALIDATOR_PAYOUT_ADDRESS,
 * FLAG_*, PAYOUT_SWEEP_MS; each described there and in docs/configuration.md). Here: the payout key
 * in force and amounts in the tokens' units.
 */
export class EconomyConfigError extends ConfigError {
  override name = 'EconomyConfigError';
}

export interface EconomyConfig {
  payoutSignerKey: string | null;
  payoutSignerAddress: string | null;
  rewardTokenAddress: string | null;
  rewardTokenDecimals: number;
  validatorShareBps: number;
  validatorMinAtomic: bigint;
  builtinPayoutAddress: string | null;
  bountyAtomic: bigint;
  flagRateLimit: number;
  flagRateWindowSeconds: number;
  flagMaxOpenPerActor: number;
  payoutSweepMs: number;
}

const DEV_KEYS = new Set<string>(ANVIL_ACCOUNTS.map((a) => a.key.toLowerCase()));

/** The economy configuration of an environment (tests pass their own). */
export function loadEconomyConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): EconomyConfig {
  return economyConfigOf(readEnvironment(env));
}

export function economyConfigOf(c: Environment): EconomyConfig {
  const signerKey = keysInForce(c).payoutSignerKey;
  // anvil's keys are public: on a real chain anyone could drain the payout wallet.
  if (!PRESETS[c.CHAIN_PRESET].local && signerKey && DEV_KEYS.has(signerKey)) throw new EconomyConfigError('Invalid economy configuration:\n  PAYOUT_SIGNER_KEY: a public development key cannot be used on a real chain');
  let bountyAtomic: bigint;
  try {
    bountyAtomic = parseUnits(c.FLAG_BOUNTY_REWARD, c.REWARD_TOKEN_DECIMALS);
  } catch {
    throw new EconomyConfigError('Invalid economy configuration:\n  FLAG_BOUNTY_REWARD: more decimals than REWARD_TOKEN_DECIMALS');
  }
  let validatorMinAtomic: bigint;
  try {
    validatorMinAtomic = parseUnits(c.VALIDATOR_PAYOUT_MIN_USDC, USDC_DECIMALS);
  } catch {
    throw new EconomyConfigError('Invalid economy configuration:\n  VALIDATOR_PAYOUT_MIN_USDC: at most 6 decimals');
  }
  return {
    payoutSignerKey: signerKey,
    payoutSignerAddress: signerKey ? new Wallet(signerKey).address : null,
    rewardTokenAddress: c.REWARD_TOKEN_ADDRESS ?? null,
    rewardTokenDecimals: c.REWARD_TOKEN_DECIMALS,
    validatorShareBps: c.VALIDATOR_PAYOUT_SHARE_BPS,
    validatorMinAtomic,
    builtinPayoutAddress: c.BUILTIN_VALIDATOR_PAYOUT_ADDRESS ?? null,
    bountyAtomic,
    flagRateLimit: c.FLAG_RATE_LIMIT,
    flagRateWindowSeconds: c.FLAG_RATE_WINDOW_SECONDS,
    flagMaxOpenPerActor: c.FLAG_MAX_OPEN_PER_ACTOR,
    payoutSweepMs: c.PAYOUT_SWEEP_MS,
  };
}

let cached: EconomyConfig | undefined;
export function economyConfig(): EconomyConfig {
  cached ??= loadEconomyConfig();
  return cached;
}
export function setEconomyConfig(c: EconomyConfig | undefined): void {
  cached = c;
}
