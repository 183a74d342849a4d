import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { AbiCoder, concat, keccak256 } from 'ethers';
import { certificateIdToBytes32, payloadHashToBytes32 } from './ids.js';

/**
 * The Merkle tree of one batch of certificates: OpenZeppelin's "standard" tree
 * (@openzeppelin/merkle-tree, format `standard-v1`) over leaves of (bytes32 certificateId, bytes32
 * payloadHash). Its proofs verify with OpenZeppelin's MerkleProof, which the registry contract
 * (contracts/CertificateRegistry.sol, `verifyInclusion`) uses, and with a dozen lines of ethers:
 *
 *     leaf = keccak256(bytes.concat(keccak256(abi.encode(certificateId, payloadHash))))
 *     node = keccak256(min(a, b) ‖ max(a, b))   for each sibling in the proof, from the leaf up
 *
 * Leaves keep the batch's order (`sortLeaves: false`): a certificate's `index` is its position in
 * the batch and in the tree's leaf row. The hashing is order-free, so a verifier needs no index.
 */
export const LEAF_ENCODING = ['bytes32', 'bytes32'] as const;

/** What a certificate's `onChain.inclusionProof` holds (docs/chain-and-payments.md). */
export interface InclusionProof {
  /** The batch's Merkle root, committed on the registry with `commitBatch`. */
  root: string;
  /** keccak256(bytes.concat(keccak256(abi.encode(certificateId as bytes32, payloadHash)))). */
  leaf: string;
  /** Position of the certificate in its batch (0-based). */
  index: number;
  /** Sibling hashes from the leaf up to the root (sorted-pair keccak256). */
  proof: string[];
  /** Certificates in the batch. */
  batchSize: number;
}

export interface BatchTree {
  root: string;
  proofs: InclusionProof[];
}

/** The tree of a batch, leaves in the given order: one proof per certificate, same order. */
export function buildBatchTree(leaves: { certificateId: string; payloadHash: string }[]): BatchTree {
  if (!leaves.length) throw new RangeError('a batch holds at least one certificate');
  const values = leaves.map((l) => [certificateIdToBytes32(l.certificateId), payloadHashToBytes32(l.payloadHash)] as [string, string]);
  const tree = StandardMerkleTree.of(values, [...LEAF_ENCODING], { sortLeaves: false });
  const root = tree.root;
  return {
    root,
    proofs: values.map((v, index) => ({ root, leaf: tree.leafHash(v), index, proof: tree.getProof(index), batchSize: values.length })),
  };
}

/** The leaf of a certificate, computed with ethers alone (the contract's `leafOf`). */
export function leafOf(certificateId: string, payloadHash: string): string {
  const encoded = AbiCoder.defaultAbiCoder().encode([...LEAF_ENCODING], [certificateIdToBytes32(certificateId), payloadHashToBytes32(payloadHash)]);
  return keccak256(keccak256(encoded));
}

/** Folds a proof from a leaf to the root it implies (OpenZeppelin MerkleProof.processProof). */
export function rootFromProof(leaf: string, proof: readonly string[]): string {
  let node = leaf.toLowerCase();
  for (const sibling of proof) {
    const s = sibling.toLowerCase();
    node = keccak256(concat(node < s ? [node, s] : [s, node]));
  }
  return node;
}
