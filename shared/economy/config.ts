import { z } from 'zod';
import { Wallet, parseUnits } from 'ethers';
import { ANVIL_ACCOUNTS, USDC_DECIMALS } from '../chain/presets.js';
import { address, empty, int, key } from '../chain/config.js';

/**
 * Economy configuration, from the environment, validated once (zod). Separate from shared/config.ts
 * like the chain configuration, so the economy modules stand alone.
 *
 *   PAYOUT_SIGNER_KEY                 the one key that pays validators and bounties (local default: anvil account #5)
 *   REWARD_TOKEN_ADDRESS              ERC-20 bounties are paid in (local: TestRewardToken we deploy)
 *   REWARD_TOKEN_DECIMALS             its decimals (default 18)
 *   VALIDATOR_PAYOUT_SHARE_BPS        a completed review earns this share of the submission's fee (default 1000 = 10 %)
 *   VALIDATOR_PAYOUT_MIN_USDC         floor per completed review, also for free submissions (default 0.05; 0 = none)
 *   BUILTIN_VALIDATOR_PAYOUT_ADDRESS  where built-in validators' payouts go (unset: built-in reviews earn nothing)
 *   FLAG_BOUNTY_REWARD                reward tokens per confirmed flag (default 100)
 *   FLAG_RATE_LIMIT                   flags one actor may raise per window (default 10)
 *   FLAG_RATE_WINDOW_SECONDS          that window (default 86400)
 *   FLAG_MAX_OPEN_PER_ACTOR           open flags one actor may hold at once (default 3)
 *   PAYOUT_SWEEP_MS                   how often the worker looks for unpaid entries (default 30000)
 */
export class EconomyConfigError extends Error {
  override name = 'EconomyConfigError';
}

const amount = (def: string) => z.string().regex(/^\d{1,12}(\.\d{1,18})?$/, 'must be a decimal amount such as 0.05').default(def);

const schema = z.object({
  CHAIN_PRESET: z.preprocess(empty, z.enum(['local', 'base', 'base-sepolia']).default('local')),
  PAYOUT_SIGNER_KEY: z.preprocess(empty, key.optional()),
  REWARD_TOKEN_ADDRESS: z.preprocess(empty, address.optional()),
  REWARD_TOKEN_DECIMALS: z.preprocess(empty, int(18, 0, 36)),
  VALIDATOR_PAYOUT_SHARE_BPS: z.preprocess(empty, int(1000, 0, 10000)),
  VALIDATOR_PAYOUT_MIN_USDC: z.preprocess(empty, amount('0.05')),
  BUILTIN_VALIDATOR_PAYOUT_ADDRESS: z.preprocess(empty, address.optional()),
  FLAG_BOUNTY_REWARD: z.preprocess(empty, amount('100')),
  FLAG_RATE_LIMIT: z.preprocess(empty, int(10, 1, 100000)),
  FLAG_RATE_WINDOW_SECONDS: z.preprocess(empty, int(86400, 1, 31536000)),
  FLAG_MAX_OPEN_PER_ACTOR: z.preprocess(empty, int(3, 1, 10000)),
  PAYOUT_SWEEP_MS: z.preprocess(empty, int(30000, 500, 3600000)),
});

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

export function loadEconomyConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): EconomyConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new EconomyConfigError(`Invalid economy configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const c = parsed.data;
  const local = c.CHAIN_PRESET === 'local';
  let signerKey = c.PAYOUT_SIGNER_KEY ?? null;
  if (local) signerKey ??= ANVIL_ACCOUNTS[5].key;
  // anvil's keys are public: on a real chain anyone could drain the payout wallet.
  else if (signerKey && DEV_KEYS.has(signerKey)) throw new EconomyConfigError('Invalid economy configuration:\n  PAYOUT_SIGNER_KEY: a public development key cannot be used on a real chain');
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
