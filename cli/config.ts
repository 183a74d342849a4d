import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What `cert login` keeps between runs: the service address, the API key or the wallet session (never
 * the wallet's key: only the path of its key file), the spending allowance and the signer address
 * seen at login. One JSON file, readable by its owner only.
 */
export interface CliConfig {
  url?: string;
  apiKey?: string;
  /** The wallet: a key file's path, or an external signer (a JSON-RPC endpoint that holds the key and signs, such as a
   *  hardware-wallet bridge or a node's unlocked account) with the address it signs for. */
  wallet?: { keyFile?: string; signerRpc?: string; address: string; session?: string; expiresAt?: string };
  /** The most `cert submit` pays for one submission without being asked (decimal USDC); absent: never pays. */
  maxPayUsdc?: string;
  /** The service's signing address as /.well-known/cert-signer named it at login (`cert verify` trusts it). */
  signer?: string;
}

/** `--config FILE`, else CERT_CONFIG, else $XDG_CONFIG_HOME/cert/config.json (~/.config/cert/config.json). */
export function configPath(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return path.resolve(explicit);
  if (env.CERT_CONFIG) return path.resolve(env.CERT_CONFIG);
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'cert', 'config.json');
}

export function readConfig(file: string): CliConfig {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CliConfig;
  } catch {
    throw new Error(`${file} is not a cert configuration (JSON); remove it or run cert login again`);
  }
}

export function writeConfig(file: string, cfg: CliConfig): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(cfg, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * Settings in force: the command line wins, then the environment (CERT_URL, CERT_API_KEY,
 * CERT_WALLET_KEY_FILE, CERT_MAX_PAY: what a CI job sets), then the stored configuration.
 */
export function effectiveConfig(stored: CliConfig, flags: { url?: string; maxPay?: string }, env: NodeJS.ProcessEnv = process.env): CliConfig {
  const cfg: CliConfig = { ...stored };
  const url = flags.url || env.CERT_URL || stored.url;
  if (url) cfg.url = url.replace(/\/+$/, '');
  if (env.CERT_API_KEY) cfg.apiKey = env.CERT_API_KEY;
  if (env.CERT_WALLET_KEY_FILE && env.CERT_WALLET_KEY_FILE !== stored.wallet?.keyFile) cfg.wallet = { keyFile: env.CERT_WALLET_KEY_FILE, address: '' };
  const maxPay = flags.maxPay || env.CERT_MAX_PAY || stored.maxPayUsdc;
  if (maxPay !== undefined) cfg.maxPayUsdc = maxPay;
  return cfg;
}
