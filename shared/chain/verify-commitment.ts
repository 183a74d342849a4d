import { AbiCoder, Contract, JsonRpcProvider, concat, keccak256, zeroPadValue } from 'ethers';

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
