import { Contract, JsonRpcProvider, zeroPadValue } from 'ethers';

/**
 * How anyone checks a certificate's on-chain commitment with ethers alone (no service code, no
 * key): the same few lines docs/chain-and-payments.md shows. `certificateId` is the certificate's UUID and
 * `payloadHash` its `certificatePayloadHash` ('0x' + SHA-256 hex of the canonical JSON).
 *
 * ```ts
 * import { Contract, JsonRpcProvider, zeroPadValue } from 'ethers';
 * const provider = new JsonRpcProvider(rpcUrl);
 * const registry = new Contract(registryAddress, [
 *   'function isCommitted(bytes32 id, bytes32 payloadHash) view returns (bool)',
 *   'function commitmentOf(bytes32 id) view returns (bytes32 payloadHash, uint64 committedAt, uint64 blockNumber)',
 * ], provider);
 * const id = zeroPadValue('0x' + certificateId.replaceAll('-', '').toLowerCase(), 32);
 * const committed = await registry.isCommitted(id, payloadHash);
 * const [onChainHash, committedAt, blockNumber] = await registry.commitmentOf(id); // committedAt 0n: not committed
 * ```
 */
export async function verifyCommitmentWithEthers(opts: { rpcUrl: string; registryAddress: string; certificateId: string; payloadHash: string }): Promise<{
  committed: boolean;
  onChainPayloadHash: string | null;
  committedAt: Date | null;
  blockNumber: number | null;
}> {
  const provider = new JsonRpcProvider(opts.rpcUrl);
  try {
    const registry = new Contract(
      opts.registryAddress,
      [
        'function isCommitted(bytes32 id, bytes32 payloadHash) view returns (bool)',
        'function commitmentOf(bytes32 id) view returns (bytes32 payloadHash, uint64 committedAt, uint64 blockNumber)',
      ],
      provider,
    );
    const id = zeroPadValue('0x' + opts.certificateId.replaceAll('-', '').toLowerCase(), 32);
    const committed = (await registry.getFunction('isCommitted')(id, opts.payloadHash)) as boolean;
    const [hash, at, block] = (await registry.getFunction('commitmentOf')(id)) as unknown as [string, bigint, bigint];
    return at === 0n
      ? { committed: false, onChainPayloadHash: null, committedAt: null, blockNumber: null }
      : { committed, onChainPayloadHash: hash, committedAt: new Date(Number(at) * 1000), blockNumber: Number(block) };
  } finally {
    provider.destroy();
  }
}
