import { AbiCoder, Contract, Interface, JsonRpcProvider, concat, keccak256, zeroPadValue } from 'ethers';
import { ChainUnavailableError, rpcCall as jsonRpcCall } from './json-rpc.js';

/**
 * How anyone checks a certificate's on-chain commitment with ethers alone (no service code, no key):
 * the procedure of docs/chain-and-payments.md § Verifying a certificate's commitment. Inputs are
 * public: the certificate's UUID (`skillId`), its `certificatePayloadHash`, and `onChain` from verify
 * (`registryAddress`, `inclusionProof.root`, `inclusionProof.proof`).
 *
 * ```ts
 * import { AbiCoder, Contract, JsonRpcProvider, concat, keccak256, zeroPadValue } from 'ethers';
 * const id = zeroPadValue('0x' + skillId.replaceAll('-', '').toLowerCase(), 32);
 * // 1. the leaf: OpenZeppelin's standard leaf of (bytes32 id, bytes32 payloadHash)
 * let node = keccak256(keccak256(AbiCoder.defaultAbiCoder().encode(['bytes32', 'bytes32'], [id, certificatePayloadHash])));
 * // 2. up the tree: each step hashes the pair in sorted order
 * for (const s of onChain.inclusionProof.proof) node = keccak256(concat(node.toLowerCase() < s.toLowerCase() ? [node, s] : [s, node]));
 * const rootMatches = node.toLowerCase() === onChain.inclusionProof.root.toLowerCase();
 * // 3. the root is committed on the registry
 * const registry = new Contract(onChain.registryAddress, ['function isRootCommitted(bytes32 root) view returns (bool)'], new JsonRpcProvider(rpcUrl));
 * const committed = rootMatches && (await registry.isRootCommitted(onChain.inclusionProof.root));
 * ```
 */
export async function verifyInclusionWithEthers(opts: { rpcUrl: string; registryAddress: string; certificateId: string; payloadHash: string; root: string; proof: string[] }): Promise<{
  /** The proof leads from this certificate's leaf to `root`. */
  rootMatches: boolean;
  /** The registry holds `root`. */
  rootCommitted: boolean;
  /** Both: the certificate with exactly this payload hash is committed on chain. */
  committed: boolean;
}> {
  const id = zeroPadValue(`0x${opts.certificateId.replaceAll('-', '').toLowerCase()}`, 32);
  let node = keccak256(keccak256(AbiCoder.defaultAbiCoder().encode(['bytes32', 'bytes32'], [id, opts.payloadHash])));
  for (const s of opts.proof) node = keccak256(concat(node.toLowerCase() < s.toLowerCase() ? [node, s] : [s, node]));
  const rootMatches = node.toLowerCase() === opts.root.toLowerCase();
  const provider = new JsonRpcProvider(opts.rpcUrl);
  try {
    const registry = new Contract(opts.registryAddress, ['function isRootCommitted(bytes32 root) view returns (bool)'], provider);
    const rootCommitted = (await registry.getFunction('isRootCommitted')(opts.root)) as boolean;
    return { rootMatches, rootCommitted, committed: rootMatches && rootCommitted };
  } finally {
    provider.destroy();
  }
}

/** What a reader learns from the chain about one certificate's commitment (`cert verify --rpc`). */
export interface ChainCommitmentCheck {
  ok: boolean;
  /** The chain the RPC serves (eth_chainId); null when it did not answer. */
  chainId: number | null;
  detail: string;
}

const REGISTRY_READS = new Interface([
  'function verifyInclusion(bytes32 certificateId, bytes32 payloadHash, bytes32 root, bytes32[] proof) view returns (bool)',
  'function isCommitted(bytes32 id, bytes32 payloadHash) view returns (bool)',
]);

/** The plain JSON-RPC call (json-rpc.ts), reporting what the endpoint did rather than the service's wording. */
async function rpcCall(rpcUrl: string, method: string, params: unknown[], timeoutMs: number): Promise<string> {
  try {
    return String(await jsonRpcCall<string>(rpcUrl, method, params, timeoutMs));
  } catch (err) {
    throw new Error(err instanceof ChainUnavailableError && err.reason ? err.reason : (err as Error).message);
  }
}

/**
 * Checks, on the chain a reader names (never through the service), that the certificate with exactly
 * this payload hash is committed on the registry: registry version 2 by its inclusion proof
 * (`verifyInclusion`: the proof folds to the root and the root is committed; the fold is checked here
 * too), version 1 by `isCommitted(id, payloadHash)`. Plain JSON-RPC over fetch with a deadline, so a
 * node that does not answer fails the check instead of hanging (ethers' provider retries forever).
 */
export async function checkCommitmentOverRpc(opts: {
  rpcUrl: string;
  registryAddress: string;
  certificateId: string;
  payloadHash: string;
  inclusionProof?: { root: string; proof: string[] } | null;
  timeoutMs?: number;
}): Promise<ChainCommitmentCheck> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  let chainId: number | null = null;
  try {
    chainId = Number(BigInt(await rpcCall(opts.rpcUrl, 'eth_chainId', [], timeoutMs)));
  } catch (err) {
    return { ok: false, chainId, detail: `the chain RPC did not answer: ${(err as Error).message}` };
  }
  try {
    const code = await rpcCall(opts.rpcUrl, 'eth_getCode', [opts.registryAddress, 'latest'], timeoutMs);
    if (!code || code === '0x') return { ok: false, chainId, detail: `no contract at ${opts.registryAddress} on chain ${chainId}: not the registry's chain` };
    const id = zeroPadValue(`0x${opts.certificateId.replaceAll('-', '').toLowerCase()}`, 32);
    if (opts.inclusionProof) {
      const { root, proof } = opts.inclusionProof;
      let node = keccak256(keccak256(AbiCoder.defaultAbiCoder().encode(['bytes32', 'bytes32'], [id, opts.payloadHash])));
      for (const s of proof) node = keccak256(concat(node.toLowerCase() < s.toLowerCase() ? [node, s] : [s, node]));
      if (node.toLowerCase() !== root.toLowerCase()) return { ok: false, chainId, detail: `the inclusion proof does not lead from this certificate's payload hash to root ${root}` };
      const data = REGISTRY_READS.encodeFunctionData('verifyInclusion', [id, opts.payloadHash, root, proof]);
      const [included] = REGISTRY_READS.decodeFunctionResult('verifyInclusion', await rpcCall(opts.rpcUrl, 'eth_call', [{ to: opts.registryAddress, data }, 'latest'], timeoutMs));
      return included
        ? { ok: true, chainId, detail: `batch root ${root} is committed on registry ${opts.registryAddress} (chain ${chainId})` }
        : { ok: false, chainId, detail: `root ${root} is not committed on registry ${opts.registryAddress} (chain ${chainId})` };
    }
    const data = REGISTRY_READS.encodeFunctionData('isCommitted', [id, opts.payloadHash]);
    const [committed] = REGISTRY_READS.decodeFunctionResult('isCommitted', await rpcCall(opts.rpcUrl, 'eth_call', [{ to: opts.registryAddress, data }, 'latest'], timeoutMs));
    return committed
      ? { ok: true, chainId, detail: `committed on registry ${opts.registryAddress} (version 1, chain ${chainId})` }
      : { ok: false, chainId, detail: `not committed on registry ${opts.registryAddress} (chain ${chainId})` };
  } catch (err) {
    return { ok: false, chainId, detail: `the registry could not be read: ${(err as Error).message}` };
  }
}
