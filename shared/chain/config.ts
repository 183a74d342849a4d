import { z } from 'zod';
import { Wallet, getAddress, isAddress } from 'ethers';
import { ANVIL_ACCOUNTS, PRESETS, type ChainPresetName } from './presets.js';

/**
 * Chain and payment configuration, from the environment, validated once (zod). Separate from
 * shared/config.ts so the chain modules stand alone. A bad value throws ChainConfigError naming
 * the variable; secrets (keys, the RPC URL, which may embed an API key) never appear in messages.
 *
 *   CHAIN_PRESET              local | base | base-sepolia (default local)
 *   CHAIN_RPC_URL             JSON-RPC endpoint (default http://127.0.0.1:8545)
 *   CHAIN_SIGNER_KEY          registry owner and commit signer (local default: anvil account #1)
 *   REGISTRY_ADDRESS          CertificateRegistry (local: recorded in CHAIN_STATE_DIR/deployment.json)
 *   USDC_ADDRESS              payment token (default: the preset's USDC; local: TestUSDC we deploy)
 *   USDC_EIP712_NAME/VERSION  EIP-712 domain of the token (default: the preset's)
 *   FACILITATOR_KEY           settles payments on chain (local default: anvil account #2)
 *   PAY_TO_ADDRESS            receives payments (local default: anvil account #3)
 *   CHAIN_CONFIRMATIONS       blocks to wait after a transaction (default 1)
 *   X402_FACILITATOR_URL      optional external x402 facilitator (its /verify and /settle)
 *   X402_MAX_TIMEOUT_SECONDS  maxTimeoutSeconds offered in payment requirements (default 300)
 *   CHAIN_TX_TIMEOUT_MS       how long to wait for a receipt before the outcome counts as unknown (default 60000)
 *   CHAIN_STATE_DIR           local chain state and deployment record (default .data/anvil)
 *   CHAIN_RECONCILE_INTERVAL_MS  how often the worker checks recorded commitments against the registry (default 30000; 0: never)
 *   CHAIN_RECONCILE_BATCH     recorded commitments checked per tick (default 100)
 *   CHAIN_BATCH_MAX           certificates committed under one Merkle root at most (default 100)
 *   CHAIN_BATCH_WINDOW_MS     a batch is committed once it is full or its oldest certificate waited this long (default 30000)
 *   CHAIN_BATCH_POLL_MS       how often the worker looks for a batch to commit (default 1000)
 *   CHAIN_LEGACY_REGISTRIES   comma-separated version-1 registries whose per-certificate commitments stay valid (migration)
 */
export class ChainConfigError extends Error {
  override name = 'ChainConfigError';
}

/** Environment field validators, shared with the economy configuration (shared/economy/config.ts). */
export const key = z
  .string()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a 32-byte hex private key')
  .transform((k) => (k.startsWith('0x') ? k : `0x${k}`).toLowerCase());
export const address = z.string().refine((v) => isAddress(v), 'must be an EVM address (0x + 40 hex)').transform((v) => getAddress(v));
export const int = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);
const httpUrl = z.string().refine((v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}, 'must be an http(s) URL');
export const empty = (v: unknown) => (v === '' ? undefined : v);

const schema = z.object({
  CHAIN_PRESET: z.preprocess(empty, z.enum(['local', 'base', 'base-sepolia']).default('local')),
  CHAIN_RPC_URL: z.preprocess(empty, httpUrl.default('http://127.0.0.1:8545')),
  CHAIN_SIGNER_KEY: z.preprocess(empty, key.optional()),
  REGISTRY_ADDRESS: z.preprocess(empty, address.optional()),
  USDC_ADDRESS: z.preprocess(empty, address.optional()),
  USDC_EIP712_NAME: z.preprocess(empty, z.string().min(1).max(64).optional()),
  USDC_EIP712_VERSION: z.preprocess(empty, z.string().min(1).max(16).optional()),
  FACILITATOR_KEY: z.preprocess(empty, key.optional()),
  PAY_TO_ADDRESS: z.preprocess(empty, address.optional()),
  CHAIN_CONFIRMATIONS: z.preprocess(empty, int(1, 1, 64)),
  X402_FACILITATOR_URL: z.preprocess(empty, httpUrl.optional()),
  X402_MAX_TIMEOUT_SECONDS: z.preprocess(empty, int(300, 30, 86400)),
  CHAIN_TX_TIMEOUT_MS: z.preprocess(empty, int(60000, 1000, 3600000)),
  CHAIN_STATE_DIR: z.preprocess(empty, z.string().min(1).default('.data/anvil')),
  CHAIN_RECONCILE_INTERVAL_MS: z.preprocess(empty, int(30000, 0, 86400000)),
  CHAIN_RECONCILE_BATCH: z.preprocess(empty, int(100, 1, 10000)),
  CHAIN_BATCH_MAX: z.preprocess(empty, int(100, 1, 10000)),
  CHAIN_BATCH_WINDOW_MS: z.preprocess(empty, int(30000, 0, 86400000)),
  CHAIN_BATCH_POLL_MS: z.preprocess(empty, int(1000, 100, 3600000)),
  CHAIN_LEGACY_REGISTRIES: z.preprocess(
    empty,
    z
      .string()
      .optional()
      .transform((v, c) => {
        const out: string[] = [];
        for (const a of (v ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
          if (!isAddress(a)) {
            c.addIssue({ code: 'custom', message: 'must be comma-separated EVM addresses (0x + 40 hex)' });
            return z.NEVER;
          }
          out.push(getAddress(a));
        }
        return out;
      }),
  ),
});

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

export function loadChainConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): ChainConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ChainConfigError(`Invalid chain configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const preset = PRESETS[c.CHAIN_PRESET];
  const problems: string[] = [];
  let signerKey = c.CHAIN_SIGNER_KEY;
  let facilitatorKey = c.FACILITATOR_KEY ?? null;
  let payTo = c.PAY_TO_ADDRESS;
  if (preset.local) {
    signerKey ??= ANVIL_ACCOUNTS[1].key;
    if (!c.X402_FACILITATOR_URL) facilitatorKey ??= ANVIL_ACCOUNTS[2].key;
    payTo ??= ANVIL_ACCOUNTS[3].address;
  } else {
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
