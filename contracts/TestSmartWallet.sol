// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title TestSmartWallet
/// @notice Minimal contract wallet for tests: EIP-1271 `isValidSignature` accepts a signature by the
/// owner key over the given hash (for an EIP-712 message, the owner simply signs the typed data with
/// the wallet's address as `from`). The owner can make arbitrary calls through `execute`.
contract TestSmartWallet {
    bytes4 private constant EIP1271_MAGIC = 0x1626ba7e;
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    address public owner;

    error NotOwner(address caller);
    error CallFailed(bytes reason);

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > HALF_ORDER || (v != 27 && v != 28)) return 0xffffffff;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? EIP1271_MAGIC : bytes4(0xffffffff);
    }

    function execute(address to, uint256 value, bytes calldata data) external returns (bytes memory) {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        (bool ok, bytes memory ret) = to.call{value: value}(data);
        if (!ok) revert CallFailed(ret);
        return ret;
    }

    receive() external payable {}
}
