import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Wallet } from 'ethers';
import { Op } from 'sequelize';
import { logged, skillMd, startWeb, startWorker, stopAll, uuid, waitFor, type Proc } from '../support/harness.js';
import { closeDb, useDb } from '../support/db.js';
import { startTestChain, type TestChain } from '../support/anvil.js';
import { paymentHeaderFor } from '../support/x402-client.js';
import { deployLocal, fundUsdc } from '../../shared/chain/index.js';
import { Submission } from '../../shared/db/models.js';
import { Payment } from '../../shared/payments/models.js';
import { callApi, tokenBalance, walletSignIn } from '../support/wallet-api.js';

/**
 * Real processes (docs/payments-recovery.md): several paid agent submits are in flight when the web
 * process is SIGKILLed at one step of settlement; after a restart every retry with the same payment
 * header succeeds, each payer is charged exactly once, and no payment stays SETTLING.
 */
const t = suite('payment recovery: web killed at each step of settlement with payments in flight');
let chain: TestChain;
let env: Record<string, string>;
let usdc: string;
let worker: Proc;
const IN_FLIGHT = 3;
const PRICE = 25_000000n;
// Short leases so a dead owner is noticed in seconds (the default is 15 s).
const FAST = { X402_SETTLE_LEASE_MS: '3000', X402_RECONCILE_INTERVAL_MS: '1000' };

const balance = (addr: string) => tokenBalance(chain.cfg.rpcUrl, usdc, addr);

const call = callApi;

const signIn = walletSignIn;

interface Buyer {
  wallet: Wallet;
  session: string;
  body: { categoryKey: string; skillMdContent: string; idempotencyKey: string };
  proof: string;
  before: bigint;
}

/** Payers with a session and a signed payment each, ready to submit. */
async function buyers(base: string): Promise<Buyer[]> {
  const out: Buyer[] = [];
  for (let i = 0; i < IN_FLIGHT; i++) {
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    await fundUsdc(wallet.address, '100', chain.cfg);
    const session = await signIn(base, wallet);
    const body = { categoryKey: 'SKILL', skillMdContent: skillMd(), idempotencyKey: uuid() };
    const unpaid = await call(base, 'POST', '/api/v1/cert/agent/submit', { session, body });
    assert.is(unpaid.status, 402, JSON.stringify(unpaid.body));
    out.push({ wallet, session, body, proof: await paymentHeaderFor(unpaid.headers.get('payment-required')!, wallet), before: await balance(wallet.address) });
  }
  return out;
}

const submit = (base: string, b: Buyer) => call(base, 'POST', '/api/v1/cert/agent/submit', { session: b.session, body: b.body, headers: { 'payment-signature': b.proof } });

/** Retries as a client would: on 409 payment_in_progress or 503, after Retry-After. */
async function retryUntilDone(base: string, b: Buyer): Promise<{ status: number; body: any; tries: number }> {
  let tries = 0;
  return waitFor(async () => {
    tries += 1;
    const r = await submit(base, b);
    if (r.status === 409 && r.body?.error?.code === 'payment_in_progress') return undefined;
    if (r.status === 503) return undefined;
    return { ...r, tries };
  }, 60000, `retry of ${b.wallet.address}`);
}

/** Kills web while IN_FLIGHT paid submits wait at `point`, restarts it, and returns the buyers and the new web. */
async function killAt(point: string, onKilled?: (atKill: Payment[], killedAt: number) => Promise<void>): Promise<{ list: Buyer[]; web: Proc & { url: string }; startedAt: number; atKill: Payment[] }> {
  const web = await startWeb({ ...env, CERT_FAULT_AT: point, CERT_FAULT_DELAY_MS: '60000' });
  const list = await buyers(web.url);
  const pending = list.map((b) => submit(web.url, b).catch(() => null)); // their connections die with the process
  await waitFor(async () => (web.lines.filter((l) => l.includes(`"faultPoint":"${point}"`)).length >= IN_FLIGHT ? true : undefined), 30000, `${IN_FLIGHT} requests at ${point}`);
  await web.stop('SIGKILL');
  const startedAt = Date.now();
  const atKill = await Payment.findAll({ where: { payer: { [Op.in]: list.map((b) => b.wallet.address.toLowerCase()) } } });
  await Promise.all(pending);
  await onKilled?.(atKill, startedAt); // while no web process runs
  return { list, web: await startWeb(env), startedAt, atKill };
}

async function assertPaidOnce(base: string, list: Buyer[]): Promise<void> {
  for (const b of list) {
    const again = await submit(base, b);
    assert.is(again.status, 201, JSON.stringify(again.body));
    assert.is(await balance(b.wallet.address), b.before - PRICE, `${b.wallet.address} charged exactly once`);
    assert.is(await Submission.count({ where: { owner: `wallet:${b.wallet.address}` } }), 1, 'the submission is created exactly once');
    const payments = await Payment.findAll({ where: { payer: b.wallet.address.toLowerCase() } });
    assert.equal(payments.map((p) => p.status), ['SETTLED']);
  }
  assert.is(await Payment.count({ where: { status: { [Op.in]: ['SETTLING', 'RESERVED'] } } }), 0, 'no payment left in flight');
}

t.before(
  logged(async () => {
    useDb();
    chain = await startTestChain();
    usdc = (await deployLocal(chain.cfg)).usdcAddress;
    env = { CHAIN_RPC_URL: chain.cfg.rpcUrl, CHAIN_STATE_DIR: chain.stateDir, ...FAST };
    worker = await startWorker(env);
  }),
);

t.after(async () => {
  await stopAll();
  await chain?.stop();
  await closeDb();
});

t('killed before broadcast: the worker broadcasts the stored authorizations; the retries then complete', async () => {
  const { list, web } = await killAt('x402.settle.before-broadcast', async (stuck, killedAt) => {
    assert.equal(stuck.map((p) => [p.status, p.txHash]), Array(IN_FLIGHT).fill(['SETTLING', null]), 'the crash left them settling, unbroadcast');
    // No web process and no client retries: the worker alone finishes them, well before validBefore (now + 300 s).
    await waitFor(async () => ((await Payment.count({ where: { id: stuck.map((p) => p.id), status: 'SETTLED' } })) === IN_FLIGHT ? true : undefined), 30000, 'worker to settle');
    process.stdout.write(`  before-broadcast: ${IN_FLIGHT} payments settled by the worker ${Date.now() - killedAt} ms after the kill (lease 3 s, pass every 1 s)\n`);
  });
  for (const b of list) assert.is((await retryUntilDone(web.url, b)).status, 201);
  await assertPaidOnce(web.url, list);
  await web.stop('SIGKILL');
});

t('killed after broadcast, before recording: retries confirm the transfers by nonce, nothing is sent twice', async () => {
  const { list, web, startedAt, atKill } = await killAt('x402.settle.after-broadcast');
  assert.ok(atKill.every((p) => p.status === 'SETTLING' && p.txHash), 'the crash left them settling, broadcast');
  const done = await Promise.all(list.map((b) => retryUntilDone(web.url, b)));
  for (const d of done) assert.is(d.status, 201, JSON.stringify(d.body));
  process.stdout.write(`  after-broadcast: ${IN_FLIGHT} retries done ${Date.now() - startedAt} ms after the kill (${done.map((d) => d.tries).join(', ')} tries)\n`);
  await assertPaidOnce(web.url, list);
  await web.stop('SIGKILL');
});

t('killed after recording, before the submission: the retry creates the submission once, without a second charge', async () => {
  const { list, web, atKill } = await killAt('x402.settle.after-record');
  assert.equal(atKill.map((p) => p.status), Array(IN_FLIGHT).fill('SETTLED'));
  const done = await Promise.all(list.map((b) => retryUntilDone(web.url, b)));
  for (const d of done) {
    assert.is(d.status, 201, JSON.stringify(d.body));
    assert.is(d.tries, 1, 'a settled payment needs no waiting');
  }
  await assertPaidOnce(web.url, list);
  assert.ok(worker.child.exitCode === null, 'the worker stayed up');
  await web.stop('SIGKILL');
});

t('the reported case: six concurrent paid submits, web SIGKILLed 250 ms later (mid-payment); the retries alone (no worker) complete every one', async () => {
  await worker.stop('SIGKILL'); // the web process's own retry path must finish them: drop, claim, broadcast
  const first = await startWeb(env);
  const list: Buyer[] = [];
  for (let i = 0; i < 2; i++) list.push(...(await buyers(first.url))); // 2 × IN_FLIGHT = 6
  const pending = list.map((b) => submit(first.url, b).catch(() => null));
  // 250 ms as reported, or later: until half of them have a payment row, so the kill lands mid-payment.
  const payers = list.map((b) => b.wallet.address.toLowerCase());
  await new Promise((r) => setTimeout(r, 250));
  for (const end = Date.now() + 15000; Date.now() < end; await new Promise((r) => setTimeout(r, 5))) {
    if ((await Payment.count({ where: { payer: { [Op.in]: payers } } })) >= list.length / 2) break;
  }
  await first.stop('SIGKILL');
  const killedAt = Date.now();
  const states = (await Payment.findAll({ where: { payer: { [Op.in]: payers } } })).map((p) => p.status).sort();
  const answered = (await Promise.all(pending)).filter((r) => r !== null).length;
  const web = await startWeb(env);
  const done = await Promise.all(list.map((b) => retryUntilDone(web.url, b)));
  for (const d of done) assert.is(d.status, 201, JSON.stringify(d.body));
  process.stdout.write(`  kill at 250 ms: ${answered} of ${list.length} answered before the kill, payments left ${JSON.stringify(states)}; all ${list.length} retries done ${Date.now() - killedAt} ms after the kill\n`);
  await assertPaidOnce(web.url, list);
  await web.stop('SIGKILL');
});

t.run();
