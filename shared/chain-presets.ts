/**
 * Chain presets. USDC has 6 decimals everywhere; the EIP-712 domain name differs per deployment
 * (Base mainnet "USD Coin", Base Sepolia "USDC"), and a payer signs with exactly these values.
 */
export type ChainPresetName = 'local' | 'base' | 'base-sepolia';

export interface ChainPreset {
  name: ChainPresetName;
  /** null: read from the node (local chains). */
  chainId: number | null;
  /** null: deployed by us (TestUSDC on a local chain). */
  usdcAddress: string | null;
  usdcEip712: { name: string; version: string };
  usdcDecimals: 6;
  /** A local chain may be started, funded and deployed to by the service itself. */
  local: boolean;
}

export const USDC_DECIMALS = 6 as const;

export const PRESETS: Record<ChainPresetName, ChainPreset> = {
  base: {
    name: 'base',
    chainId: 8453,
    usdcAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    usdcEip712: { name: 'USD Coin', version: '2' },
    usdcDecimals: USDC_DECIMALS,
    local: false,
  },
  'base-sepolia': {
    name: 'base-sepolia',
    chainId: 84532,
    usdcAddress: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    usdcEip712: { name: 'USDC', version: '2' },
    usdcDecimals: USDC_DECIMALS,
    local: false,
  },
  local: {
    name: 'local',
    chainId: null,
    usdcAddress: null,
    usdcEip712: { name: 'USD Coin', version: '2' },
    usdcDecimals: USDC_DECIMALS,
    local: true,
  },
};

/** anvil's well-known development accounts (mnemonic "test test … junk"). Public: local chains only. */
export const ANVIL_ACCOUNTS = [
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', key: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', key: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
  { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', key: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' },
  { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', key: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' },
  { address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', key: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a' },
  { address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', key: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' },
] as const;

/** CAIP-2 network id of an EVM chain, as x402 v2 writes it. */
export function caip2(chainId: number): `eip155:${number}` {
  return `eip155:${chainId}`;
}

/** Parses `eip155:<id>`; null for anything else. */
export function chainIdOfNetwork(network: string): number | null {
  const m = /^eip155:([1-9][0-9]{0,15})$/.exec(network);
  return m ? Number(m[1]) : null;
}
