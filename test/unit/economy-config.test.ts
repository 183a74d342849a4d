import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Wallet, parseUnits } from 'ethers';
import { ANVIL_ACCOUNTS } from '../../shared/chain-presets.js';
import { ConfigError } from '../../shared/config.js';
import { EconomyConfigError, loadEconomyConfig } from '../../shared/economy/config.js';
import { isOwnersFlag } from '../../shared/certificates/flags.js';
import { payableWallet } from '../../shared/economy/ledger.js';

test('local defaults: anvil account #5 pays, 10 % share with a 0.05 USDC floor, 100 reward tokens per bounty', () => {
  const c = loadEconomyConfig({});
  assert.is(c.payoutSignerAddress, ANVIL_ACCOUNTS[5].address);
  assert.is(c.validatorShareBps, 1000);
  assert.is(c.validatorMinAtomic, parseUnits('0.05', 6));
  assert.is(c.bountyAtomic, parseUnits('100', 18));
  assert.is(c.builtinPayoutAddress, null);
  assert.is(c.flagMaxOpenPerActor, 3);
});

test('a real chain refuses a public development payout key; without a key nothing is paid', () => {
  assert.throws(() => loadEconomyConfig({ CHAIN_PRESET: 'base', PAYOUT_SIGNER_KEY: ANVIL_ACCOUNTS[5].key }), (e: Error) => e instanceof EconomyConfigError && /PAYOUT_SIGNER_KEY/.test(e.message));
  assert.is(loadEconomyConfig({ CHAIN_PRESET: 'base' }).payoutSignerKey, null);
  const k = Wallet.createRandom();
  assert.is(loadEconomyConfig({ CHAIN_PRESET: 'base', PAYOUT_SIGNER_KEY: k.privateKey }).payoutSignerAddress, k.address);
});

test('bad values name the variable', () => {
  for (const [k, v] of [['VALIDATOR_PAYOUT_SHARE_BPS', '10001'], ['VALIDATOR_PAYOUT_MIN_USDC', '0.0000001'], ['FLAG_BOUNTY_REWARD', 'lots'], ['BUILTIN_VALIDATOR_PAYOUT_ADDRESS', '0x12'], ['FLAG_RATE_LIMIT', '0']] as const) {
    assert.throws(() => loadEconomyConfig({ [k]: v }), (e: Error) => e instanceof ConfigError && e.message.includes(k), `${k}=${v}`);
  }
});

test('payable wallets: checksummed, never the zero address or garbage', () => {
  const w = Wallet.createRandom().address;
  assert.is(payableWallet(w.toLowerCase()), w);
  assert.is(payableWallet('0x0000000000000000000000000000000000000000'), null);
  assert.is(payableWallet('0x1234'), null);
  assert.is(payableWallet(null), null);
});

test("the owner's own flag: same account, or the owner's agent wallet as bounty wallet", () => {
  const w = Wallet.createRandom().address;
  const flag = (reporter: string, walletAddress: string) => ({ reporter, walletAddress }) as never;
  assert.ok(isOwnersFlag(flag('actor:1', w), 'actor:1'));
  assert.ok(isOwnersFlag(flag('actor:2', w), `wallet:${w}`));
  assert.not.ok(isOwnersFlag(flag('actor:2', w), 'actor:1'));
});

test.run();
