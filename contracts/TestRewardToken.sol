// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title TestRewardToken
/// @notice The platform's reward token on local and test chains only: a plain ERC-20 (18 decimals)
/// with owner mint. Flag bounties are paid in it; on a real chain REWARD_TOKEN_ADDRESS names the
/// real token and this contract is never deployed.
contract TestRewardToken {
    string public constant name = "Cert Reward";
    string public constant symbol = "CERTR";
    uint8 public constant decimals = 18;
    address public owner;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        owner = msg.sender;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(value <= allowed, "ERC20: transfer amount exceeds allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _transfer(from, to, value);
        return true;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "only owner");
        require(to != address(0), "ERC20: mint to the zero address");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 bal = balanceOf[from];
        require(value <= bal, "ERC20: transfer amount exceeds balance");
        balanceOf[from] = bal - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
