// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title CertificateRegistryV1
/// @notice Version 1 of the registry, superseded by CertificateRegistry (version 2, one Merkle root
/// per batch): kept so registries deployed with it stay readable (their commitments remain valid,
/// docs/chain-and-payments.md § Migrating from version 1) and as the one-transaction-per-certificate
/// baseline of bench/chain-batches.ts. Public, append-only registry of approved certificates. The owner (the certification
/// service's commit key) writes one commitment per certificate id; nobody can change or remove it.
///
/// Certificate ids: the service's certificate UUID (lower-case, hyphens removed) read as a 16-byte
/// number and left-padded to 32 bytes:
///     ethers.zeroPadValue('0x' + uuid.replaceAll('-', '').toLowerCase(), 32)
/// Payload hashes: the certificate's `certificatePayloadHash` ('0x' + SHA-256 hex of the
/// canonical JSON), used as bytes32 as is.
contract CertificateRegistryV1 {
    struct Commitment {
        bytes32 payloadHash;
        uint64 committedAt;
        uint64 blockNumber;
    }

    address public owner;
    address public pendingOwner;
    uint256 public commitmentCount;

    mapping(bytes32 => Commitment) private _commitments;

    event CertificateCommitted(bytes32 indexed certificateId, bytes32 payloadHash, uint256 committedAt);
    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error NotOwner(address caller);
    error NotPendingOwner(address caller);
    error ZeroAddress();
    error ZeroCertificateId();
    error ZeroPayloadHash();
    error AlreadyCommitted(bytes32 id);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    constructor(address initialOwner) {
        if (initialOwner == address(0)) revert ZeroAddress();
        owner = initialOwner;
        emit OwnershipTransferred(address(0), initialOwner);
    }

    /// @notice Records `payloadHash` for `certificateId`. Once per id: a second call reverts with
    /// `AlreadyCommitted`, whatever the hash.
    function commit(bytes32 certificateId, bytes32 payloadHash) external onlyOwner {
        if (certificateId == bytes32(0)) revert ZeroCertificateId();
        if (payloadHash == bytes32(0)) revert ZeroPayloadHash();
        if (_commitments[certificateId].committedAt != 0) revert AlreadyCommitted(certificateId);
        _commitments[certificateId] = Commitment(payloadHash, uint64(block.timestamp), uint64(block.number));
        unchecked {
            commitmentCount += 1;
        }
        emit CertificateCommitted(certificateId, payloadHash, block.timestamp);
    }

    /// @notice The commitment of `id`; all zero when the id was never committed.
    function commitmentOf(bytes32 id) external view returns (bytes32 payloadHash, uint64 committedAt, uint64 blockNumber) {
        Commitment storage c = _commitments[id];
        return (c.payloadHash, c.committedAt, c.blockNumber);
    }

    /// @notice True when `id` was committed with exactly `payloadHash`.
    function isCommitted(bytes32 id, bytes32 payloadHash) external view returns (bool) {
        Commitment storage c = _commitments[id];
        return c.committedAt != 0 && c.payloadHash == payloadHash;
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
