/**
 * Compiled contracts (abi + creation bytecode). The constants live in `artifacts.generated.ts`, a
 * TypeScript module written by `scripts/build-contracts.ts`, so tsc carries them into dist/ (JSON
 * files next to the sources are not copied by tsc). The same data is committed as JSON under
 * `shared/chain/artifacts/` for tools and humans.
 */
import type { InterfaceAbi } from 'ethers';
import {
  CertificateRegistryArtifact,
  CertificateRegistryV1Artifact,
  TestSmartWalletArtifact,
  TestUSDCArtifact,
  TestRewardTokenArtifact,
  CONTRACT_SOURCES_SHA256,
  SOLC_VERSION,
} from './artifacts.generated.js';

export interface ContractArtifact {
  contractName: string;
  abi: InterfaceAbi;
  bytecode: string;
}

const asArtifact = (a: { contractName: string; abi: readonly unknown[]; bytecode: string }): ContractArtifact => ({
  contractName: a.contractName,
  abi: a.abi as unknown as InterfaceAbi,
  bytecode: a.bytecode,
});

/** Version 2: one Merkle root per batch of certificates (contracts/CertificateRegistry.sol). */
export const certificateRegistryArtifact = asArtifact(CertificateRegistryArtifact);
/** Version 1: one commitment per certificate; read for registries deployed before batches, and the bench's baseline. */
export const certificateRegistryV1Artifact = asArtifact(CertificateRegistryV1Artifact);
export const testUsdcArtifact = asArtifact(TestUSDCArtifact);
export const testSmartWalletArtifact = asArtifact(TestSmartWalletArtifact);
export const testRewardTokenArtifact = asArtifact(TestRewardTokenArtifact);

/** Plain ERC-20, what the payout job needs of USDC and the reward token. */
export const ERC20_ABI = [
  'function decimals() view returns (uint8)',
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
] as const;
export { CONTRACT_SOURCES_SHA256, SOLC_VERSION };

/** The subset of USDC (FiatToken v2.2) that the payment engine uses: works for TestUSDC and real USDC. */
export const USDC_ABI = [
  'function name() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address) view returns (uint256)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)',
  'event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce)',
] as const;

/** What a consumer needs to check a certificate's inclusion proof (registry version 2): usable with ethers alone. */
export const REGISTRY_CONSUMER_ABI = [
  'function version() view returns (uint256)',
  'function isRootCommitted(bytes32 root) view returns (bool)',
  'function batchOf(bytes32 root) view returns (uint64 committedAt, uint64 blockNumber, uint32 size)',
  'function verifyInclusion(bytes32 certificateId, bytes32 payloadHash, bytes32 root, bytes32[] proof) view returns (bool)',
  'event BatchCommitted(bytes32 indexed root, uint256 indexed batchNumber, uint32 size, uint256 committedAt)',
] as const;

/** The same for a version-1 registry (commitments made before batches). */
export const REGISTRY_V1_CONSUMER_ABI = [
  'function commitmentOf(bytes32 id) view returns (bytes32 payloadHash, uint64 committedAt, uint64 blockNumber)',
  'function isCommitted(bytes32 id, bytes32 payloadHash) view returns (bool)',
  'event CertificateCommitted(bytes32 indexed certificateId, bytes32 payloadHash, uint256 committedAt)',
] as const;

export const EIP1271_ABI = ['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'] as const;
export const EIP1271_MAGIC_VALUE = '0x1626ba7e';
