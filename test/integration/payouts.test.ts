import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Contract, Transaction as EthTx, Wallet, parseUnits } from 'ethers';
import { startTestChain, type TestChain } from '../support/anvil.js';
import { closeDb, useDb } from '../support/db.js';
import { deployLocal, fundUsdc } from '../../shared/chain/index.js';
import { setChainConfig } from '../../shared/chain/config.js';
import { connectChain, resetChainClients, type ChainContext } from '../../shared/chain/provider.js';
import { ERC20_ABI } from '../../shared/chain/artifacts.js';
import { economyConfig } from '../../shared/economy/config.js';
import { owe } from '../../shared/economy/ledger.js';
import { LedgerEntry, PayoutTransfer } from '../../shared/economy/models.js';
import { retryPayout, runPayouts } from '../../shared/economy/payouts.js';

/** The payout job's recovery paths against a real anvil and the run's database, in this process. */
let chain: TestChain;
let ctx: ChainContext;
let usdc: string;

test.before(async () => {
  useDb();
  chain = await startTestChain();
  usdc = (await deployLocal(chain.cfg)).usdcAddress;
  setChainConfig(chain.cfg);
  ctx = await connectChain(chain.cfg);
});

test.after(async () => {
  setChainConfig(undefined);
  resetChainClients();
  await chain?.stop();
  await closeDb();
});

const balanceOf = async (who: string) => (await new Contract(usdc, ERC20_ABI, ctx.provider).getFunction('balanceOf')(who)) as bigint;

async function oweUsdc(to: string, amount: bigint): Promise<string> {
  const key = `payout:${crypto.randomUUID()}:test`;
  await owe({ entryKey: key, kind: 'VALIDATOR_PAYOUT_OWED', asset: 'USDC', amountAtomic: amount, wallet: to });
  return key;
}

test('a stored transaction whose nonce went to another transaction is signed afresh and paid once', async () => {
  const to = Wallet.createRandom().address;
  const key = await oweUsdc(to, parseUnits('1', 6));
  const signer = new Wallet(economyConfig().payoutSignerKey!, ctx.provider);
  // As if the job died after storing its transfer: signed and SENT, never broadcast...
  const nonce = await ctx.provider.getTransactionCount(signer.address, 'pending');
  const erc20 = new Contract(usdc, ERC20_ABI, ctx.provider);
  const raw = await signer.signTransaction(await signer.populateTransaction({ to: usdc, data: erc20.interface.encodeFunctionData('transfer', [to, parseUnits('1', 6)]), nonce, chainId: ctx.chainId }));
  await PayoutTransfer.update({ status: 'SENT', signer: signer.address, nonce, txHash: EthTx.from(raw).hash!, rawTx: raw, tokenAddress: usdc }, { where: { ledgerKey: key } });
  // ...and the key was then used for something else with that nonce.
  await (await signer.sendTransaction({ to: signer.address, value: 0n, nonce })).wait();

  await runPayouts({ keys: [key] });
  const reset = (await PayoutTransfer.findByPk(key))!;
  assert.is(reset.status, 'PENDING');
  assert.match(reset.lastError!, /used by another transaction/);
  await runPayouts({ keys: [key] });
  const paid = (await PayoutTransfer.findByPk(key))!;
  assert.is(paid.status, 'PAID');
  assert.is.not(paid.txHash, EthTx.from(raw).hash);
  assert.is(await balanceOf(to), parseUnits('1', 6));
  assert.is(await LedgerEntry.count({ where: { entryKey: `paid:${key}` } }), 1);
  await runPayouts({ keys: [key] });
  assert.is(await balanceOf(to), parseUnits('1', 6));
});

test('a signer short of funds leaves the payout PENDING with the reason; it is paid once funded', async () => {
  const to = Wallet.createRandom().address;
  const key = await oweUsdc(to, parseUnits('1000000', 6));
  await runPayouts({ keys: [key] });
  const waiting = (await PayoutTransfer.findByPk(key))!;
  assert.is(waiting.status, 'PENDING');
  assert.match(waiting.lastError!, /holds .* needs/);
  assert.is(waiting.txHash, null, 'nothing was signed');
  // No reverted transfer is ever sent, so FAILED payouts only come from a revert; retry refuses others.
  let refused = false;
  try {
    await retryPayout(key);
  } catch {
    refused = true;
  }
  assert.ok(refused, 'only FAILED payouts are retried');
  await fundUsdc(economyConfig().payoutSignerAddress!, '1000000', chain.cfg); // the operator tops the signer up
  await runPayouts({ keys: [key] });
  assert.is((await PayoutTransfer.findByPk(key))!.status, 'PAID');
  assert.is(await balanceOf(to), parseUnits('1000000', 6));
});

test.run();
