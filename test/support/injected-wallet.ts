import { getBytes, isHexString, type Wallet } from 'ethers';
import type { BrowserContext } from 'playwright-core';

/** What the test wallet needs of an ethers wallet (Wallet or HDNodeWallet). */
export type TestSigner = Pick<Wallet, 'address' | 'signMessage' | 'signTypedData'>;

export interface WalletCall {
  method: string;
  params: unknown[];
}

/**
 * An EIP-1193 provider (`window.ethereum`) injected into every page of a context. It holds no key:
 * each request goes to Node over an exposed binding, where an ethers Wallet answers. What a real
 * wallet does, minus the prompt: accounts, chainId, personal_sign, eth_signTypedData_v4.
 * `calls` records every request; `decline` makes the next signature request fail as a user
 * rejection (EIP-1193 code 4001).
 */
export async function injectWallet(ctx: BrowserContext, wallet: TestSigner, chainId: number): Promise<{ calls: WalletCall[]; decline(): void }> {
  const calls: WalletCall[] = [];
  let declineNext = false;
  const fail = (code: number, message: string) => ({ error: { code, message } });
  await ctx.exposeBinding('__certTestWallet', async (_source, method: string, params: unknown[]) => {
    calls.push({ method, params });
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [wallet.address] };
      case 'eth_chainId':
        return { result: `0x${chainId.toString(16)}` };
      case 'personal_sign': {
        const [data, account] = params as [string, string];
        if (String(account).toLowerCase() !== wallet.address.toLowerCase()) return fail(4100, 'unknown account');
        if (declineNext) return (declineNext = false), fail(4001, 'User rejected the request.');
        // Hex is the UTF-8 bytes of the message (what dapps send); anything else is the text itself.
        return { result: await wallet.signMessage(isHexString(data) ? getBytes(data) : data) };
      }
      case 'eth_signTypedData_v4': {
        const [account, json] = params as [string, string];
        if (String(account).toLowerCase() !== wallet.address.toLowerCase()) return fail(4100, 'unknown account');
        if (declineNext) return (declineNext = false), fail(4001, 'User rejected the request.');
        const typed = JSON.parse(json) as { types: Record<string, { name: string; type: string }[]>; domain: Record<string, unknown>; message: Record<string, unknown> };
        const { EIP712Domain: _domainType, ...types } = typed.types;
        return { result: await wallet.signTypedData(typed.domain, types, typed.message) };
      }
      default:
        return fail(4200, `${method} is not supported by the test wallet`);
    }
  });
  await ctx.addInitScript(() => {
    const bridge = (globalThis as unknown as { __certTestWallet: (m: string, p: unknown[]) => Promise<{ result?: unknown; error?: { code: number; message: string } }> }).__certTestWallet;
    (globalThis as unknown as { ethereum: unknown }).ethereum = {
      isCertTestWallet: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const r = await bridge(method, params ?? []);
        if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
        return r.result;
      },
      on() {},
      removeListener() {},
    };
  });
  return {
    calls,
    decline() {
      declineNext = true;
    },
  };
}
