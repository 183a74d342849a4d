import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, closeSync, statSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Contract, ContractFactory, Wallet, getAddress, parseUnits, formatUnits } from 'ethers';
import { certificateRegistryArtifact, testRewardTokenArtifact, testUsdcArtifact } from './artifacts.js';
import { config, keysInForce } from '../config.js';
import { ANVIL_ACCOUNTS, USDC_DECIMALS } from '../chain-presets.js';
import { readDeployment, writeDeployment, type DeploymentRecord } from './deployment.js';
import { ChainMisconfiguredError, ChainUnavailableError, connectChain, probeChainId, waitForReceipt, withSigner, type ChainContext } from './provider.js';
import { chainConfig, type ChainConfig } from './config.js';

/** A running anvil started by this process. */
export interface AnvilHandle {
  rpcUrl: string;
  pid: number;
  port: number;
  /** Graceful stop (SIGTERM: anvil writes its --state file), SIGKILL after 5 s. */
  stop(): Promise<void>;
}

/** Path of the anvil binary shipped inside the npm package for this platform (nothing is downloaded). */
export function anvilBinaryPath(): string {
  const own = config().ANVIL_BIN;
  if (own) return own;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const require = createRequire(import.meta.url);
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`anvil is not installed for ${process.platform}/${process.arch} (package ${pkg}); run npm ci`);
  }
  return path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function killAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A node started by this process must not outlive it.
  process.on('exit', () => {
    for (const c of running) {
      try {
        c.kill('SIGTERM');
      } catch {
        /* already gone */
      }
    }
  });
}

/**
 * Starts anvil on 127.0.0.1:`port` (`--silent`; `--state FILE` loads the file when present and
 * writes it on a graceful stop) and resolves once `eth_chainId` answers.
 */
export async function startAnvil(opts: { port: number; stateFile?: string; chainId?: number; stateIntervalSeconds?: number; startTimeoutMs?: number }): Promise<AnvilHandle> {
  const args = ['--host', '127.0.0.1', '--port', String(opts.port), '--silent'];
  if (opts.stateFile) {
    mkdirSync(path.dirname(path.resolve(opts.stateFile)), { recursive: true });
    args.push('--state', path.resolve(opts.stateFile));
    if (opts.stateIntervalSeconds) args.push('--state-interval', String(opts.stateIntervalSeconds));
  }
  if (opts.chainId) args.push('--chain-id', String(opts.chainId));
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      running.delete(child);
      resolve();
    });
  });
  child.once('error', (err) => {
    stderr += `\n${err.message}`;
  });
  running.add(child);
  killAllOnExit();

  const rpcUrl = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 15000);
  for (;;) {
    if (exited) throw new Error(`anvil exited during start (code ${(exited as { code: number | null }).code}): ${stderr.trim().slice(-500)}`);
    try {
      await probeChainId(rpcUrl, 500);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`anvil did not answer on port ${opts.port} within the start timeout`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exitPromise;
    clearTimeout(t);
  };
  return { rpcUrl, pid: child.pid!, port: opts.port, stop };
}

function loopbackPort(rpcUrl: string): number | null {
  try {
    const u = new URL(rpcUrl);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) return null;
    return Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  } catch {
    return null;
  }
}

export async function rpcAnswers(rpcUrl: string, timeoutMs = 1000): Promise<boolean> {
  try {
    await probeChainId(rpcUrl, timeoutMs);
    return true;
  } catch {
    return false;
  }
}

/**
 * Development convenience: with CHAIN_PRESET=local and a loopback CHAIN_RPC_URL where nothing
 * answers, starts anvil with its state in `${CHAIN_STATE_DIR}/state.json` (dumped every 5 s and on
 * a graceful stop). Returns the handle of the node it started, or null when a node already answers
 * (or the preset is not local: a real chain is never started).
 */
export async function ensureLocalChain(cfg: ChainConfig = chainConfig()): Promise<AnvilHandle | null> {
  if (!cfg.local) return null;
  const port = loopbackPort(cfg.rpcUrl);
  if (port === null) return null;
  if (await rpcAnswers(cfg.rpcUrl)) return null;
  try {
    return await startAnvil({ port, stateFile: path.join(cfg.stateDir, 'state.json'), stateIntervalSeconds: 5 });
  } catch (err) {
    // Another process (web and worker start together) may have won the port meanwhile.
    if (await rpcAnswers(cfg.rpcUrl, 3000)) return null;
    throw err;
  }
}

/** A cross-process lock file (O_EXCL), for deployments started by several processes at once. */
async function withLockFile<T>(file: string, fn: () => Promise<T>, timeoutMs = 30000): Promise<T> {
  mkdirSync(path.dirname(file), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let fd: number | null = null;
  while (fd === null) {
    try {
      fd = openSync(file, 'wx');
    } catch {
      try {
        if (Date.now() - statSync(file).mtimeMs > 60000) unlinkSync(file); // stale: its owner died
      } catch {
        /* gone meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`could not take the deployment lock ${file}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    closeSync(fd);
    try {
      unlinkSync(file);
    } catch {
      /* already removed */
    }
  }
}

export interface LocalDeployment {
  chainId: number;
  registryAddress: string;
  usdcAddress: string;
  /** TestRewardToken: flag bounties are paid in it. */
  rewardTokenAddress: string;
  /** anvil account #4, funded with demo USDC. */
  demoPayer: { address: string; privateKey: string };
}

const DEMO_PAYER = ANVIL_ACCOUNTS[4];
const DEMO_FLOOR = parseUnits('1000', USDC_DECIMALS);
const DEMO_MINT = parseUnits('10000', USDC_DECIMALS);

async function hasCode(ctx: ChainContext, address: string | undefined | null): Promise<boolean> {
  if (!address) return false;
  return (await ctx.provider.getCode(address)) !== '0x';
}

/** Gives a local account gas money when it has none (only anvil's own accounts start funded). */
async function ensureGas(ctx: ChainContext, address: string): Promise<void> {
  if ((await ctx.provider.getBalance(address)) === 0n) {
    await ctx.provider.send('anvil_setBalance', [address, '0x56BC75E2D63100000']); // 100 ETH
  }
}

async function mined(ctx: ChainContext, txHash: string): Promise<void> {
  const r = await waitForReceipt(ctx, txHash, 1, ctx.cfg.txTimeoutMs);
  if (!r || r.status !== 1) throw new Error(`local transaction ${txHash} failed or was not mined`);
}

/**
 * Local chains only: deploys CertificateRegistry (owner = CHAIN_SIGNER_KEY) and TestUSDC (EIP-712
 * domain from the configuration, "USD Coin"/"2" by default) unless the addresses recorded in
 * `${CHAIN_STATE_DIR}/deployment.json` for this chain id still hold code, records them, and tops up
 * the demo payer (anvil account #4) with test USDC. Safe to call at every start, from several
 * processes at once.
 */
export async function deployLocal(cfg: ChainConfig = chainConfig()): Promise<LocalDeployment> {
  if (!cfg.local) throw new ChainMisconfiguredError(`deployLocal runs on the local preset only (CHAIN_PRESET=${cfg.preset})`);
  const chainId = await probeChainId(cfg.rpcUrl);
  return withLockFile(path.resolve(cfg.stateDir, `deploy-${chainId}.lock`), async () => {
    const ctx = await connectChain(cfg);
    const rec = readDeployment(cfg.stateDir, chainId);
    await ensureGas(ctx, cfg.signerAddress);
    if (cfg.facilitatorAddress) await ensureGas(ctx, cfg.facilitatorAddress);

    let registryAddress = cfg.registryAddress ?? rec?.registryAddress ?? null;
    let registryOk = await hasCode(ctx, registryAddress);
    if (registryOk && !cfg.registryAddress) {
      // A key change makes the old registry unusable for commits, and a version-1 registry (one
      // commitment per certificate) cannot take batches: deploy a fresh one (local only). Its
      // certificates are committed again in batches by the reconciliation (registry_changed).
      const existing = new Contract(registryAddress!, certificateRegistryArtifact.abi, ctx.provider);
      const owner = (await existing.getFunction('owner')()) as string;
      const version = (await existing
        .getFunction('version')()
        .catch((err: { code?: string }) => {
          if (err.code === 'CALL_EXCEPTION' || err.code === 'BAD_DATA') return 1n; // version 1 has no version()
          throw err;
        })) as bigint;
      registryOk = getAddress(owner) === cfg.signerAddress && version === 2n;
    }
    if (!registryOk) {
      if (cfg.registryAddress) throw new ChainMisconfiguredError('REGISTRY_ADDRESS holds no contract on the local chain');
      registryAddress = await withSigner(ctx, cfg.signerKey, async (signer) => {
        const f = new ContractFactory(certificateRegistryArtifact.abi, certificateRegistryArtifact.bytecode, signer);
        const c = await f.deploy(cfg.signerAddress);
        await mined(ctx, c.deploymentTransaction()!.hash);
        return getAddress(await c.getAddress());
      });
    }

    let usdcAddress = cfg.usdcAddress ?? rec?.usdcAddress ?? null;
    let usdcEip712 = cfg.usdcAddress ? cfg.usdcEip712 : (rec?.usdcEip712 ?? cfg.usdcEip712);
    if (!(await hasCode(ctx, usdcAddress))) {
      if (cfg.usdcAddress) throw new ChainMisconfiguredError('USDC_ADDRESS holds no contract on the local chain');
      usdcEip712 = cfg.usdcEip712;
      usdcAddress = await withSigner(ctx, cfg.signerKey, async (signer) => {
        const f = new ContractFactory(testUsdcArtifact.abi, testUsdcArtifact.bytecode, signer);
        const c = await f.deploy(usdcEip712.name, usdcEip712.version);
        await mined(ctx, c.deploymentTransaction()!.hash);
        return getAddress(await c.getAddress());
      });
    }

    // The economy's token and payout key, as shared/economy/config.ts reads them (its view is not imported: the chain sits below the economy).
    const env = config();
    const payoutKey = keysInForce(env).payoutSignerKey;
    const eco = { rewardTokenAddress: env.REWARD_TOKEN_ADDRESS ?? null, payoutSignerAddress: payoutKey ? new Wallet(payoutKey).address : null };
    let rewardTokenAddress = eco.rewardTokenAddress ?? rec?.rewardTokenAddress ?? null;
    if (!(await hasCode(ctx, rewardTokenAddress))) {
      if (eco.rewardTokenAddress) throw new ChainMisconfiguredError('REWARD_TOKEN_ADDRESS holds no contract on the local chain');
      rewardTokenAddress = await withSigner(ctx, cfg.signerKey, async (signer) => {
        const f = new ContractFactory(testRewardTokenArtifact.abi, testRewardTokenArtifact.bytecode, signer);
        const c = await f.deploy();
        await mined(ctx, c.deploymentTransaction()!.hash);
        return getAddress(await c.getAddress());
      });
    }

    const record: DeploymentRecord = {
      registryAddress: registryAddress!,
      registryOwner: cfg.signerAddress,
      usdcAddress: usdcAddress!,
      usdcEip712,
      rewardTokenAddress: rewardTokenAddress!,
      deployedAt: rec && rec.registryAddress === registryAddress && rec.usdcAddress === usdcAddress ? rec.deployedAt : new Date().toISOString(),
    };
    if (JSON.stringify(rec) !== JSON.stringify(record)) writeDeployment(cfg.stateDir, chainId, record);

    const deployed: ChainContext = await connectChain(cfg);
    const usdc = new Contract(usdcAddress!, testUsdcArtifact.abi, deployed.provider);
    const balance = (await usdc.getFunction('balanceOf')(DEMO_PAYER.address)) as bigint;
    if (balance < DEMO_FLOOR) await mintTestUsdc(deployed, DEMO_PAYER.address, DEMO_MINT);
    // The payout signer (one key pays validators and bounties) holds gas, test USDC and reward tokens.
    if (eco.payoutSignerAddress) {
      await ensureGas(ctx, eco.payoutSignerAddress);
      const payoutUsdc = (await usdc.getFunction('balanceOf')(eco.payoutSignerAddress)) as bigint;
      if (payoutUsdc < DEMO_FLOOR) await mintTestUsdc(deployed, eco.payoutSignerAddress, DEMO_MINT);
      if (!eco.rewardTokenAddress) {
        const reward = new Contract(rewardTokenAddress!, testRewardTokenArtifact.abi, ctx.provider);
        const floor = parseUnits('100000', 18);
        if (((await reward.getFunction('balanceOf')(eco.payoutSignerAddress)) as bigint) < floor) {
          await withSigner(ctx, cfg.signerKey, async (signer) => {
            const tx = await (reward.connect(signer) as Contract).getFunction('mint')(eco.payoutSignerAddress, floor * 10n);
            await mined(ctx, tx.hash);
          });
        }
      }
    }
    return { chainId, registryAddress: registryAddress!, usdcAddress: usdcAddress!, rewardTokenAddress: rewardTokenAddress!, demoPayer: { address: DEMO_PAYER.address, privateKey: DEMO_PAYER.key } };
  });
}

async function mintTestUsdc(ctx: ChainContext, to: string, amount: bigint): Promise<string> {
  if (!ctx.usdc) throw new ChainMisconfiguredError('no USDC contract is deployed on the local chain (run deployLocal)');
  return withSigner(ctx, ctx.cfg.signerKey, async (signer) => {
    const usdc = new Contract(ctx.usdc!.address, testUsdcArtifact.abi, signer);
    const tx = await usdc.getFunction('mint')(to, amount);
    await mined(ctx, tx.hash);
    return tx.hash as string;
  });
}

/**
 * Operator command `cert chain fund 0xADDR 100`: mints `amountUsdc` test USDC to `to` on the local
 * chain (the TestUSDC owner is CHAIN_SIGNER_KEY). Real USDC cannot be minted: other presets refuse.
 */
export async function fundUsdc(to: string, amountUsdc: string, cfg: ChainConfig = chainConfig()): Promise<{ txHash: string; balanceUsdc: string }> {
  if (!cfg.local) throw new ChainMisconfiguredError(`test USDC can only be minted on the local chain (CHAIN_PRESET=${cfg.preset})`);
  if (!/^\d{1,12}(\.\d{1,6})?$/.test(amountUsdc) || parseUnits(amountUsdc, USDC_DECIMALS) === 0n) {
    throw new Error('amount must be a positive USDC amount with at most 6 decimals, e.g. 100 or 2.5');
  }
  let addr: string;
  try {
    addr = getAddress(to);
  } catch {
    throw new Error('address must be an EVM address (0x + 40 hex)');
  }
  const ctx = await connectChain(cfg);
  if (!ctx.usdc) {
    throw new ChainUnavailableError('no USDC contract is deployed on the local chain yet (start the service or run deployLocal)');
  }
  const txHash = await mintTestUsdc(ctx, addr, parseUnits(amountUsdc, USDC_DECIMALS));
  const usdc = new Contract(ctx.usdc.address, testUsdcArtifact.abi, ctx.provider);
  const bal = (await usdc.getFunction('balanceOf')(addr)) as bigint;
  return { txHash, balanceUsdc: formatUnits(bal, USDC_DECIMALS) };
}
