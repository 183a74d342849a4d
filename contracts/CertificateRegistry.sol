// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";

/// @title CertificateRegistry, version 2
/// @notice Public, append-only registry of approved certificates, committed in batches: the owner
/// (the certification service's commit key) writes one Merkle root per batch of certificates, once;
/// nobody can change or remove it. Each certificate proves its membership with an inclusion proof
/// (the certificate's `onChain.inclusionProof`), checked against a committed root by anyone, off chain
/// or with `verifyInclusion` (docs/chain-and-payments.md § Verifying a certificate's commitment).
///
/// The tree is the "standard" Merkle tree of OpenZeppelin's merkle-tree package, leaves of two bytes32:
///     leaf = keccak256(bytes.concat(keccak256(abi.encode(certificateId, payloadHash))))
/// inner nodes hash their two children in sorted order (OpenZeppelin MerkleProof). Leaves are hashed
/// twice so that no leaf can be read as an inner node (64 bytes), and inner nodes are sorted so a proof
/// is a plain list of sibling hashes.
///
/// Certificate ids: the service's certificate UUID (lower-case, hyphens removed) read as a 16-byte
/// number and left-padded to 32 bytes:
///     ethers.zeroPadValue('0x' + uuid.replaceAll('-', '').toLowerCase(), 32)
/// Payload hashes: the certificate's `certificatePayloadHash` ('0x' + SHA-256 hex of the
/// canonical JSON), used as bytes32 as is.
///
/// Version 1 (CertificateRegistryV1) stored one commitment per certificate; it has no `version()`.
contract CertificateRegistry {
    struct Batch {
        uint64 committedAt;
        uint64 blockNumber;
        uint32 size;
    }

    address public owner;
    address public pendingOwner;
    /// Roots committed so far, and the certificates they hold (the sum of the batch sizes): with the
    /// service's count of committed certificates, a check that none was committed twice.
    uint128 public batchCount;
    uint128 public certificateCount;

    mapping(bytes32 => Batch) private _batches;

    event BatchCommitted(bytes32 indexed root, uint256 indexed batchNumber, uint32 size, uint256 committedAt);
    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error NotOwner(address caller);
    error NotPendingOwner(address caller);
    error ZeroAddress();
    error ZeroRoot();
    error EmptyBatch();
    error AlreadyCommitted(bytes32 root);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    constructor(address initialOwner) {
        if (initialOwner == address(0)) revert ZeroAddress();
        owner = initialOwner;
        emit OwnershipTransferred(address(0), initialOwner);
    }

    /// @notice The interface version: 2 (batches of certificates under one Merkle root).
    function version() external pure returns (uint256) {
        return 2;
    }

    /// @notice Records the Merkle root of a batch of `size` certificates. Once per root: a second call
    /// reverts with `AlreadyCommitted`, so a batch re-sent after a crash is never counted twice.
    function commitBatch(bytes32 root, uint32 size) external onlyOwner {
        if (root == bytes32(0)) revert ZeroRoot();
        if (size == 0) revert EmptyBatch();
        if (_batches[root].committedAt != 0) revert AlreadyCommitted(root);
        _batches[root] = Batch(uint64(block.timestamp), uint64(block.number), size);
        uint128 n;
        unchecked {
            n = batchCount + 1;
            batchCount = n;
            certificateCount += size;
        }
        emit BatchCommitted(root, n, size, block.timestamp);
    }

    /// @notice The batch committed under `root`; all zero when the root was never committed.
    function batchOf(bytes32 root) external view returns (uint64 committedAt, uint64 blockNumber, uint32 size) {
        Batch storage b = _batches[root];
        return (b.committedAt, b.blockNumber, b.size);
    }

    /// @notice True when `root` was committed.
    function isRootCommitted(bytes32 root) public view returns (bool) {
        return _batches[root].committedAt != 0;
    }

    /// @notice The leaf of a certificate in the tree (OpenZeppelin's standard leaf of (bytes32, bytes32)).
    function leafOf(bytes32 certificateId, bytes32 payloadHash) public pure returns (bytes32) {
        return keccak256(bytes.concat(keccak256(abi.encode(certificateId, payloadHash))));
    }

    /// @notice True when `root` was committed and `proof` proves that the certificate `certificateId`
    /// with exactly `payloadHash` is a leaf of it.
    function verifyInclusion(bytes32 certificateId, bytes32 payloadHash, bytes32 root, bytes32[] calldata proof) external view returns (bool) {
        return isRootCommitted(root) && MerkleProof.verifyCalldata(proof, root, leafOf(certificateId, payloadHash));
    }

    /// @notice Starts a two-step ownership transfer; `newOwner` must call `acceptOwnership`.
    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        pendingOwner = newOwner;
        emit OwnershipTransferStarted(owner, newOwner);
    }

    function acceptOwnership() external {
        if (msg.sender != pendingOwner) revert NotPendingOwner(msg.sender);
        address previous = owner;
        owner = msg.sender;
        pendingOwner = address(0);
        emit OwnershipTransferred(previous, msg.sender);
    }
}
