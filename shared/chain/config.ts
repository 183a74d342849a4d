import { Wallet, getAddress } from 'ethers';
import { ConfigError, keysInForce, readEnvironment, type Environment } from '../config.js';
import { ANVIL_ACCOUNTS, PRESETS, type ChainPresetName } from '../chain-presets.js';

/**
 * The chain and payment view of the configuration: derived from the variables shared/config.ts
 * reads and validates (CHAIN_*, REGISTRY_ADDRESS, USDC_*, FACILITATOR_KEY, PAY_TO_ADDRESS, X402_*;
 * each described there and in docs/configuration.md). Here: what a preset implies (its chain id and
 * token, the development keys of the local preset) and what a real chain requires. A missing or
 * unsafe value throws ChainConfigError naming the variable; secrets (keys, the RPC URL, which may
 * embed an API key) never appear in messages.
 */
export class ChainConfigError extends ConfigError {
  override name = 'ChainConfigError';
}

export interface ChainConfig {
  preset: ChainPresetName;
  /** true for the local preset: anvil may be started, contracts deployed, test USDC minted. */
  local: boolean;
  rpcUrl: string;
  /** From the preset; null on a local chain (read from the node). */
  chainId: number | null;
  signerKey: string;
  signerAddress: string;
  /** Explicit address; on a local chain, null means "read the deployment record". */
  registryAddress: string | null;
  usdcAddress: string | null;
  usdcEip712: { name: string; version: string };
  /** null when an external facilitator settles (X402_FACILITATOR_URL) and no key is configured. */
  facilitatorKey: string | null;
  facilitatorAddress: string | null;
  payTo: string;
  confirmations: number;
  facilitatorUrl: string | null;
  maxTimeoutSeconds: number;
  txTimeoutMs: number;
  stateDir: string;
  /** Worker: how often recorded commitments are checked against the registry (0: never). */
  reconcileIntervalMs: number;
  reconcileBatch: number;
  /** Batches (docs/chain-and-payments.md § Batches): at most this many certificates under one root. */
  batchMax: number;
  /** ... committed once the oldest pending certificate waited this long, full or not. */
  batchWindowMs: number;
  batchPollMs: number;
  /** Version-1 registries whose per-certificate commitments are still checked as valid (migration). */
  legacyRegistries: string[];
}

const DEV_KEYS = new Set<string>(ANVIL_ACCOUNTS.map((a) => a.key.toLowerCase()));

/** The chain configuration of an environment (tests pass their own). */
export function loadChainConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): ChainConfig {
  return chainConfigOf(readEnvironment(env));
}

export function chainConfigOf(c: Environment): ChainConfig {
  const preset = PRESETS[c.CHAIN_PRESET];
  const problems: string[] = [];
  const { chainSignerKey: signerKey, facilitatorKey, payTo } = keysInForce(c);
  if (!preset.local) {
    if (!signerKey) problems.push(`  CHAIN_SIGNER_KEY: required for CHAIN_PRESET=${preset.name}`);
    if (!c.REGISTRY_ADDRESS) problems.push(`  REGISTRY_ADDRESS: required for CHAIN_PRESET=${preset.name}`);
    if (!payTo) problems.push(`  PAY_TO_ADDRESS: required for CHAIN_PRESET=${preset.name}`);
    if (!facilitatorKey && !c.X402_FACILITATOR_URL) problems.push(`  FACILITATOR_KEY: required for CHAIN_PRESET=${preset.name} unless X402_FACILITATOR_URL is set`);
    // anvil's keys are public: on a real chain anyone could drain or impersonate them.
    if (signerKey && DEV_KEYS.has(signerKey)) problems.push('  CHAIN_SIGNER_KEY: a public development key cannot be used on a real chain');
    if (facilitatorKey && DEV_KEYS.has(facilitatorKey)) problems.push('  FACILITATOR_KEY: a public development key cannot be used on a real chain');
  }
  if (problems.length) throw new ChainConfigError(`Invalid chain configuration:\n${problems.join('\n')}`);
  return {
    preset: preset.name,
    local: preset.local,
    rpcUrl: c.CHAIN_RPC_URL,
    chainId: preset.chainId,
    signerKey: signerKey!,
    signerAddress: new Wallet(signerKey!).address,
    registryAddress: c.REGISTRY_ADDRESS ?? null,
    usdcAddress: c.USDC_ADDRESS ?? (preset.usdcAddress ? getAddress(preset.usdcAddress) : null),
    usdcEip712: { name: c.USDC_EIP712_NAME ?? preset.usdcEip712.name, version: c.USDC_EIP712_VERSION ?? preset.usdcEip712.version },
    facilitatorKey,
    facilitatorAddress: facilitatorKey ? new Wallet(facilitatorKey).address : null,
    payTo: payTo!,
    confirmations: c.CHAIN_CONFIRMATIONS,
    facilitatorUrl: c.X402_FACILITATOR_URL ? c.X402_FACILITATOR_URL.replace(/\/+$/, '') : null,
    maxTimeoutSeconds: c.X402_MAX_TIMEOUT_SECONDS,
    txTimeoutMs: c.CHAIN_TX_TIMEOUT_MS,
    stateDir: c.CHAIN_STATE_DIR,
    reconcileIntervalMs: c.CHAIN_RECONCILE_INTERVAL_MS,
    reconcileBatch: c.CHAIN_RECONCILE_BATCH,
    batchMax: c.CHAIN_BATCH_MAX,
    batchWindowMs: c.CHAIN_BATCH_WINDOW_MS,
    batchPollMs: c.CHAIN_BATCH_POLL_MS,
    legacyRegistries: c.CHAIN_LEGACY_REGISTRIES,
  };
}

let cached: ChainConfig | undefined;

/** The process's chain configuration (validated on first use). */
export function chainConfig(): ChainConfig {
  cached ??= loadChainConfig();
  return cached;
}

/** For tests and tools that build a configuration by hand. */
export function setChainConfig(c: ChainConfig | undefined): void {
  cached = c;
}

/** A description safe to log: no keys, and the RPC URL reduced to its origin without credentials or path. */
export function describeChainConfig(c: ChainConfig): Record<string, unknown> {
  return {
    preset: c.preset,
    rpc: redactUrl(c.rpcUrl),
    chainId: c.chainId,
    signer: c.signerAddress,
    registry: c.registryAddress,
    usdc: c.usdcAddress,
    facilitator: c.facilitatorUrl ? redactUrl(c.facilitatorUrl) : c.facilitatorAddress,
    payTo: c.payTo,
    confirmations: c.confirmations,
  };
}

export function redactUrl(u: string): string {
  try {
    const url = new URL(u);
    return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`;
  } catch {
    return '(invalid url)';
  }
}
