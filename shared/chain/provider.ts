import { FetchRequest, JsonRpcProvider, Network, NonceManager, Wallet, type TransactionReceipt, type TransactionRequest, type TransactionResponse } from 'ethers';
import { withNamedLock } from '../db/named-lock.js';
import pLimit, { type LimitFunction } from 'p-limit';
import { caip2, USDC_DECIMALS } from '../chain-presets.js';
import { ChainUnavailableError, rpcCall } from './json-rpc.js';
import { readDeployment } from './deployment.js';
import type { ChainConfig } from './config.js';

/**
 * One provider per RPC endpoint, one NonceManager per signing key, one transaction at a time per
 * signer. ethers v6 facts behind this (docs/reference/field-notes.md): back-to-back transactions from a plain Wallet
 * failed with "nonce has already been used"; the provider's 250 ms result cache returned stale
 * nonces and states, hence `cacheTimeout: -1`; the network is static (no re-detection per call).
 *
 * Errors thrown from here never carry the RPC URL (it may embed an API key).
 */

export { ChainUnavailableError, rpcCall } from './json-rpc.js';

/** Configuration and chain disagree (wrong chain id, missing contract). Retrying will not help. */
export class ChainMisconfiguredError extends Error {
  override name = 'ChainMisconfiguredError';
}

const RPC_TIMEOUT_MS = 15000;

function isLoopback(rpcUrl: string): boolean {
  try {
    const h = new URL(rpcUrl).hostname;
    return h === '127.0.0.1' || h === 'localhost' || h === '[::1]' || h === '::1';
  } catch {
    return false;
  }
}


export async function probeChainId(rpcUrl: string, timeoutMs = 3000): Promise<number> {
  const hex = await rpcCall<string>(rpcUrl, 'eth_chainId', [], timeoutMs);
  const id = Number(BigInt(hex));
  if (!Number.isSafeInteger(id) || id <= 0) throw new ChainUnavailableError('the chain RPC endpoint returned an invalid chain id');
  return id;
}

const providers = new Map<string, JsonRpcProvider>();

/** The shared provider for (rpcUrl, chainId): static network, no result cache, bounded requests. */
export function getProvider(rpcUrl: string, chainId: number): JsonRpcProvider {
  const k = `${chainId}|${rpcUrl}`;
  let p = providers.get(k);
  if (!p) {
    const req = new FetchRequest(rpcUrl);
    req.timeout = RPC_TIMEOUT_MS;
    p = new JsonRpcProvider(req, Network.from(chainId), {
      staticNetwork: Network.from(chainId),
      cacheTimeout: -1,
      batchMaxCount: 1,
      pollingInterval: isLoopback(rpcUrl) ? 250 : 2000,
    });
    providers.set(k, p);
  }
  return p;
}

interface ManagedSigner {
  signer: NonceManager;
  address: string;
  limit: LimitFunction;
}

const signers = new Map<string, ManagedSigner>();

/**
 * ethers' NonceManager.sendTransaction starts the nonce read, then awaits populateTransaction; when
 * the node goes away in between, populateTransaction throws and the nonce read's rejection is left
 * unhandled (`connect ECONNREFUSED` as an unhandledRejection, which ends a Node process). Same
 * steps, with the nonce read observed from the start; the error reaches the caller either way.
 */
class ObservedNonceManager extends NonceManager {
  override async sendTransaction(tx: TransactionRequest): Promise<TransactionResponse> {
    const noncePromise = this.getNonce('pending');
    noncePromise.catch(() => undefined);
    this.increment();
    const populated = await this.signer.populateTransaction(tx);
    populated.nonce = await noncePromise;
    return this.signer.sendTransaction(populated);
  }
}

function managedSigner(privateKey: string, provider: JsonRpcProvider, chainId: number, rpcUrl: string): ManagedSigner {
  const wallet = new Wallet(privateKey);
  const k = `${chainId}|${rpcUrl}|${wallet.address}`;
  let m = signers.get(k);
  if (!m) {
    m = { signer: new ObservedNonceManager(wallet.connect(provider)), address: wallet.address, limit: pLimit(1) };
    signers.set(k, m);
  }
  return m;
}

/**
 * Runs `fn` with the key's NonceManager, one call at a time per key: in this process (p-limit) and
 * across processes (a MySQL named lock per signer and chain), since several web and worker
 * processes may send from one key. The nonce is re-read from the node at the start of every call
 * (another process may have sent since), and reset after any error.
 */
export function withSigner<T>(ctx: ChainContext, privateKey: string, fn: (signer: NonceManager, address: string) => Promise<T>): Promise<T> {
  const m = managedSigner(privateKey, ctx.provider, ctx.chainId, ctx.cfg.rpcUrl);
  return m.limit(() =>
    withNamedLock(`cert:signer:${ctx.chainId}:${m.address.toLowerCase()}`, async () => {
      m.signer.reset();
      try {
        return await fn(m.signer, m.address);
      } catch (err) {
        m.signer.reset();
        throw err;
      }
    }),
  );
}

export interface UsdcInfo {
  address: string;
  name: string;
  version: string;
  decimals: typeof USDC_DECIMALS;
}

export interface ChainContext {
  cfg: ChainConfig;
  provider: JsonRpcProvider;
  chainId: number;
  /** CAIP-2 id, e.g. `eip155:8453`. */
  network: `eip155:${number}`;
  /** null when not configured and (local) not deployed yet. */
  registryAddress: string | null;
  usdc: UsdcInfo | null;
}

/**
 * Connects to the configured chain: checks the node's chain id against the preset and resolves
 * contract addresses (explicit configuration first; on a local chain, the deployment record).
 * Throws ChainUnavailableError when the node does not answer.
 */
export async function connectChain(cfg: ChainConfig): Promise<ChainContext> {
  const chainId = await probeChainId(cfg.rpcUrl);
  if (cfg.chainId !== null && cfg.chainId !== chainId) {
    throw new ChainMisconfiguredError(`CHAIN_RPC_URL serves chain ${chainId}, but CHAIN_PRESET=${cfg.preset} is chain ${cfg.chainId}`);
  }
  const rec = cfg.local ? readDeployment(cfg.stateDir, chainId) : null;
  const registryAddress = cfg.registryAddress ?? rec?.registryAddress ?? null;
  const usdcAddress = cfg.usdcAddress ?? rec?.usdcAddress ?? null;
  const eip712 = !cfg.usdcAddress && rec ? rec.usdcEip712 : cfg.usdcEip712;
  return {
    cfg,
    provider: getProvider(cfg.rpcUrl, chainId),
    chainId,
    network: caip2(chainId),
    registryAddress,
    usdc: usdcAddress ? { address: usdcAddress, name: eip712.name, version: eip712.version, decimals: USDC_DECIMALS } : null,
  };
}

/**
 * Waits for a receipt and `confirmations` blocks on top of it (1 = mined). Returns null when the
 * transaction is not mined within `timeoutMs`: the outcome is then unknown, never assumed failed.
 */
export async function waitForReceipt(ctx: ChainContext, txHash: string, confirmations: number, timeoutMs: number): Promise<TransactionReceipt | null> {
  const deadline = Date.now() + timeoutMs;
  const pause = isLoopback(ctx.cfg.rpcUrl) ? 100 : 1000;
  for (;;) {
    let receipt: TransactionReceipt | null = null;
    try {
      receipt = await ctx.provider.getTransactionReceipt(txHash);
      if (receipt) {
        const head = await ctx.provider.getBlockNumber();
        if (head - receipt.blockNumber + 1 >= confirmations) return receipt;
      }
    } catch {
      // a transient RPC failure is not an outcome: keep polling until the deadline
    }
    if (Date.now() >= deadline) return null;
    await new Promise((r) => setTimeout(r, pause));
  }
}

/**
 * The time the next block will carry (seconds): the pending block's timestamp. A node that mines
 * only on demand (anvil locally) keeps its latest block's time while idle, minutes behind wall time;
 * an authorization valid from "a minute ago" would be refused against that. Nodes without a pending
 * block answer with the latest block's time.
 */
export async function nextBlockTime(ctx: ChainContext): Promise<number> {
  const pending = await ctx.provider.getBlock('pending').catch(() => null);
  if (pending) return pending.timestamp;
  return chainNow(ctx);
}

/**
 * Latest block timestamp (seconds): what has happened on chain. Irreversible decisions use it (an
 * authorization counts as expired only once a mined block is past its validBefore).
 */
export async function chainNow(ctx: ChainContext): Promise<number> {
  const b = await ctx.provider.getBlock('latest');
  if (!b) throw new ChainUnavailableError('the chain returned no latest block');
  return b.timestamp;
}

/** Drops cached providers and signers (tests that restart a node on another port). */
export function resetChainClients(): void {
  for (const p of providers.values()) p.destroy();
  providers.clear();
  signers.clear();
}
