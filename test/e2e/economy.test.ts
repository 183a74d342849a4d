import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Contract, JsonRpcProvider, Wallet, ZeroAddress, formatUnits, parseUnits } from 'ethers';
import { client, logged, runCli, skillMd, startWeb, startWorker, stopAll, uuid, waitFor, waitForStatus, type Proc } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { startTestChain, type TestChain } from '../support/anvil.js';
import { deployLocal } from '../../shared/chain/index.js';
import { AuditLog, CertificateState } from '../../shared/db/models.js';
import { LedgerEntry, PayoutTransfer } from '../../shared/economy/models.js';
import { owe, recordValidatorReview } from '../../shared/economy/ledger.js';
import { Payment } from '../../shared/payments/models.js';

/**
 * The money, on a real chain (anvil) with real web and worker processes: validator payouts in USDC
 * and flag bounties in the reward token, paid once across crashes; the public economy agrees with
 * the ledger and with balances on chain.
 */
const t = suite('economy: ledger, payouts, flags and bounties (real anvil, real processes)');
let chain: TestChain;
let env: Record<string, string>;
let usdcAddress: string;
let rewardAddress: string;
let provider: JsonRpcProvider;
/** Where the built-in validators' payouts go in this suite: a fresh wallet, so balances start at 0. */
const builtinPayout = Wallet.createRandom().address;
const ERC20 = ['function balanceOf(address) view returns (uint256)', 'event Transfer(address indexed from, address indexed to, uint256 value)'];
let web: Proc & { url: string };
let anon: ReturnType<typeof client>;

t.before(
  logged(async () => {
    useDb();
    chain = await startTestChain();
    const d = await deployLocal(chain.cfg);
    usdcAddress = d.usdcAddress;
    rewardAddress = d.rewardTokenAddress;
    provider = new JsonRpcProvider(chain.cfg.rpcUrl);
    env = {
      CHAIN_RPC_URL: chain.cfg.rpcUrl,
      CHAIN_STATE_DIR: chain.stateDir,
      CHAIN_TX_TIMEOUT_MS: '5000',
      BUILTIN_VALIDATOR_PAYOUT_ADDRESS: builtinPayout,
      VALIDATOR_PAYOUT_MIN_USDC: '0.05',
      FLAG_BOUNTY_REWARD: '100',
      FLAG_MAX_OPEN_PER_ACTOR: '2',
      FLAG_RATE_LIMIT: '3',
      PAYOUT_SWEEP_MS: '1000',
    };
    web = await startWeb(env);
    anon = client(web.url);
  }),
);

t.after(async () => {
  await stopAll();
  provider?.destroy();
  await chain?.stop();
  await closeDb();
});

async function balance(token: string, who: string): Promise<bigint> {
  return (await new Contract(token, ERC20, provider).getFunction('balanceOf')(who)) as bigint;
}

async function transfersTo(token: string, who: string): Promise<string[]> {
  const c = new Contract(token, ERC20, provider);
  const logs = await c.queryFilter(c.filters.Transfer!(null, who), 0);
  return logs.map((l) => l.transactionHash);
}

async function approved(api: ReturnType<typeof client>): Promise<{ skillId: string; submissionId: string }> {
  const r = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd({ name: `econ-${uuid().slice(0, 8)}` }), idempotencyKey: uuid() });
  assert.is(r.status, 201, JSON.stringify(r.body));
  // A wait, not a speed check: at load average 50 three audits side by side were seen to take over 60 s.
  const d = await waitForStatus(api, r.body.submissionId, ['APPROVED'], 180000);
  return { skillId: d.skillId, submissionId: r.body.submissionId };
}

/**
 * Waits until nothing is owed to `wallet` any more, then checks the ledger against the chain: one
 * Transfer per PAID entry (none twice, none unrecorded) and the balance equal to the sum paid. Other
 * suites' leftover reviews may be paid to the same wallet meanwhile: the comparison covers them too.
 */
async function ledgerMatchesChain(token: string, wallet: string, kind: 'VALIDATOR_PAYOUT_PAID' | 'BOUNTY_PAID'): Promise<LedgerEntry[]> {
  return waitFor(async () => {
    const quiet = async () => (await PayoutTransfer.count({ where: { toAddress: wallet, status: ['PENDING', 'SENT'] } })) === 0;
    if (!(await quiet())) return undefined;
    const entries = await LedgerEntry.count();
    const paid = await LedgerEntry.findAll({ where: { kind, wallet } });
    const onChain = await transfersTo(token, wallet);
    const held = await balance(token, wallet);
    // A payout recorded or sent while we read: look again (a double payment stays and fails below).
    if (!(await quiet()) || (await LedgerEntry.count()) !== entries) return undefined;
    assert.is(onChain.length, paid.length, 'one transfer per paid entry');
    assert.equal(new Set(onChain), new Set(paid.map((p) => p.txHash)));
    assert.is(new Set(onChain).size, onChain.length);
    assert.is(held, paid.reduce((a, p) => a + BigInt(String(p.amountAtomic)), 0n));
    return paid;
  }, 60000, `the ledger and the chain agree for ${wallet}`);
}

/**
 * Waits for the worker's pause at `point` in a transfer to `wallet` and returns the transfer's hash. The
 * worker pauses only there (CERT_FAULT_MATCH): transfers that earlier suites left owed in the lane's
 * database are paid first, oldest first, and must not be taken for this suite's.
 */
async function pausedAt(w: Proc, point: string, wallet: string): Promise<string> {
  const line = await w.waitForLine((l) => l.includes(`"faultPoint":"${point}"`) && l.includes(wallet), 60000);
  return (JSON.parse(line.slice(line.indexOf('{'))) as { txHash: string }).txHash;
}

t('validator payouts are paid once although the payout job is killed right after broadcast', async () => {
  // What an earlier suite in this lane can leave owed (read-path confirms a flag with a wallet and has no
  // chain): older than this suite's payouts, so the payout job sends it first. A test that killed the
  // worker at the first broadcast would kill it in this transfer, not in its own.
  const leftoverWallet = Wallet.createRandom().address;
  await owe({ entryKey: `bounty:leftover-${uuid()}`, kind: 'BOUNTY_OWED', asset: 'REWARD', amountAtomic: 1n, wallet: leftoverWallet });
  const w = await startWorker({ ...env, CERT_FAULT_AT: 'payout.after-broadcast', CERT_FAULT_DELAY_MS: '60000', CERT_FAULT_MATCH: builtinPayout });
  const api = client(web.url, await newActorKey());
  const { submissionId } = await approved(api);
  const broadcast = await pausedAt(w, 'payout.after-broadcast', builtinPayout);
  await w.stop('SIGKILL');
  // The transfer went out; the database only knows it was sent.
  const sent = await PayoutTransfer.findAll({ where: { status: 'SENT', toAddress: builtinPayout } });
  assert.is(sent.length, 1);
  assert.ok(sent[0]!.rawTx);
  assert.is(sent[0]!.txHash, broadcast);

  await startWorker(env);
  const owed = await LedgerEntry.findAll({ where: { kind: 'VALIDATOR_PAYOUT_OWED', submissionId } });
  assert.is(owed.length, 3, 'one payout per built-in review');
  assert.ok(owed.every((o) => o.wallet === builtinPayout && String(o.amountAtomic) === '50000'), 'a free submission pays the 0.05 USDC floor per review');
  await waitFor(async () => ((await LedgerEntry.count({ where: { kind: 'VALIDATOR_PAYOUT_PAID', submissionId } })) === 3 ? true : undefined), 60000, 'three payouts paid');

  // Every payout arrived once: the interrupted transfer was recognised on chain, not sent again.
  const paidAll = await ledgerMatchesChain(usdcAddress, builtinPayout, 'VALIDATOR_PAYOUT_PAID');
  assert.ok(paidAll.some((p) => p.txHash === sent[0]!.txHash), 'the transfer broadcast before the kill is the one recorded');
  const mine = paidAll.filter((p) => p.submissionId === submissionId);
  assert.is(mine.length, 3);
  assert.is((await ledgerMatchesChain(rewardAddress, leftoverWallet, 'BOUNTY_PAID')).length, 1, 'the older transfer is paid too, once');

  // A payout run again (operator command) pays nothing twice.
  const again = await runCli(['payouts', 'run', '--json'], env);
  assert.is(again.status, 0, again.stderr);
  await ledgerMatchesChain(usdcAddress, builtinPayout, 'VALIDATOR_PAYOUT_PAID');
  const list = await runCli(['payouts', 'list', '--json'], env);
  const rows = JSON.parse(list.stdout) as { ledgerKey: string; status: string; txHash: string }[];
  const myRows = rows.filter((r) => owed.some((o) => o.entryKey === r.ledgerKey));
  assert.is(myRows.length, 3);
  assert.ok(myRows.every((r) => r.status === 'PAID' && /^0x[0-9a-f]{64}$/.test(r.txHash)));

  // The public history shows the same payouts with their tx hashes.
  const h = await anon.get(`/api/v1/public/cert/revenue/validators/${builtinPayout}/history?limit=100`);
  assert.is(h.status, 200);
  const items = h.body.items.filter((i: any) => i.submissionId === submissionId);
  assert.equal(new Set(items.map((i: any) => i.txHash)), new Set(mine.map((p) => p.txHash)));
  assert.ok(items.every((i: any) => i.status === 'PAID' && i.amount === '0.05'));
});

t('a transfer signed and stored but never broadcast (killed before broadcast) is sent once after a restart', async () => {
  await stopAll();
  let w: Proc;
  [web, w] = await Promise.all([startWeb(env), startWorker({ ...env, CERT_FAULT_AT: 'payout.before-broadcast', CERT_FAULT_DELAY_MS: '60000', CERT_FAULT_MATCH: builtinPayout })]);
  anon = client(web.url);
  const { submissionId } = await approved(client(web.url, await newActorKey()));
  const signed = await pausedAt(w, 'payout.before-broadcast', builtinPayout);
  await w.stop('SIGKILL');
  const stored = await PayoutTransfer.findAll({ where: { status: 'SENT', toAddress: builtinPayout } });
  assert.is(stored.length, 1);
  assert.is(stored[0]!.txHash, signed);
  assert.is(await provider.getTransaction(stored[0]!.txHash!), null, 'signed and stored, not on the node');
  // Two workers recover at once: the payout signer's lock lets one pay, the other finds nothing left.
  await Promise.all([startWorker(env), startWorker(env, 'worker2')]);
  await waitFor(async () => ((await LedgerEntry.count({ where: { kind: 'VALIDATOR_PAYOUT_PAID', submissionId } })) === 3 ? true : undefined), 60000, 'three payouts paid');
  const paidAll = await ledgerMatchesChain(usdcAddress, builtinPayout, 'VALIDATOR_PAYOUT_PAID');
  assert.ok(paidAll.some((p) => p.txHash === stored[0]!.txHash), 'the stored transaction itself was sent, with its hash');
});

t('flags: friction for flaggers, and a confirmed flag suspends the certificate and pays the bounty once', async () => {
  const owner = client(web.url, await newActorKey());
  const flaggerKey = await newActorKey();
  const flagger = client(web.url, flaggerKey);
  const notActivated = client(web.url, await newActorKey({ activate: false }));
  // Three certificates, audited side by side (they do not depend on one another).
  const [a, b, c] = await Promise.all([approved(owner), approved(owner), approved(owner)]);
  const bountyWallet = Wallet.createRandom().address;
  const flagBody = { walletAddress: bountyWallet, reason: 'credential_exfiltration', details: 'sends the user keys to a remote host' };

  const na = await notActivated.post(`/cert/v1/certificates/${a.skillId}/flag`, flagBody);
  assert.is(na.status, 403, JSON.stringify(na.body));
  assert.is(na.body.error.code, 'not_activated');
  const zero = await flagger.post(`/cert/v1/certificates/${a.skillId}/flag`, { ...flagBody, walletAddress: ZeroAddress });
  assert.is(zero.status, 400);
  assert.is(zero.body.error.code, 'invalid_wallet_address');
  const malformed = await flagger.post(`/cert/v1/certificates/${a.skillId}/flag`, { ...flagBody, walletAddress: '0x1234' });
  assert.is(malformed.status, 400);
  assert.is(malformed.body.error.code, 'invalid_wallet_address');

  const f1 = await flagger.post(`/cert/v1/certificates/${a.skillId}/flag`, flagBody);
  assert.is(f1.status, 201);
  assert.is(f1.body.status, 'OPEN');
  const again = await flagger.post(`/cert/v1/certificates/${a.skillId}/flag`, flagBody);
  assert.is(again.status, 200);
  assert.is(again.body.flagId, f1.body.flagId, 'one open flag per flagger and certificate');
  // The spec's rule: an open flag makes `valid` false at once...
  const v1 = await anon.get(`/api/v1/public/certificates/${a.skillId}/verify`);
  assert.is(v1.body.valid, false);
  assert.is(v1.body.activeFlagCount, 1);
  // ...so one key can hold only FLAG_MAX_OPEN_PER_ACTOR (2 here) open flags: it cannot darken the registry.
  assert.is((await flagger.post(`/cert/v1/certificates/${b.skillId}/flag`, flagBody)).status, 201);
  const third = await flagger.post(`/cert/v1/certificates/${c.skillId}/flag`, flagBody);
  assert.is(third.status, 429);
  assert.is(third.body.error.code, 'too_many_open_flags');
  assert.ok(third.headers.get('retry-after'));
  assert.is((await anon.get(`/api/v1/public/certificates/${c.skillId}/verify`)).body.valid, true);

  // Dismissed: the flag stops counting and the certificate is valid again; no bounty.
  const b2 = (await flagger.post(`/cert/v1/certificates/${b.skillId}/flag`, flagBody)).body.flagId as string;
  const dismiss = await runCli(['flags', 'dismiss', b2, '--reason', 'behaves as documented', '--json'], env);
  assert.is(dismiss.status, 0, dismiss.stderr);
  assert.is((await anon.get(`/api/v1/public/certificates/${b.skillId}/verify`)).body.valid, true);

  // Confirmed: SUSPENDED, the bounty is owed to the flag's wallet and paid once in the reward token.
  const confirm = await runCli(['flags', 'confirm', f1.body.flagId, '--reason', 'exfiltration confirmed by hand', '--json'], env);
  assert.is(confirm.status, 0, confirm.stderr);
  const confirmed = JSON.parse(confirm.stdout);
  assert.is(confirmed.status, 'CONFIRMED');
  assert.is(confirmed.bounty.wallet, bountyWallet);
  const v2 = await anon.get(`/api/v1/public/certificates/${a.skillId}/verify`);
  assert.is(v2.body.status, 'SUSPENDED');
  assert.is(v2.body.valid, false);
  const audit = await AuditLog.findOne({ where: { action: 'flag.confirm', targetId: f1.body.flagId } });
  assert.is((audit!.details as any).reason, 'exfiltration confirmed by hand');
  assert.is((await runCli(['flags', 'confirm', f1.body.flagId, '--reason', 'twice'], env)).status, 1, 'a resolved flag cannot be confirmed again');

  await waitFor(async () => ((await LedgerEntry.count({ where: { entryKey: `paid:bounty:${f1.body.flagId}` } })) ? true : undefined), 60000, 'bounty paid');
  assert.is(await balance(rewardAddress, bountyWallet), parseUnits('100', 18));
  assert.is((await ledgerMatchesChain(rewardAddress, bountyWallet, 'BOUNTY_PAID')).length, 1);
  const pub = await anon.get(`/api/v1/public/certificates/${a.skillId}/flags`);
  const shown = pub.body.recent.find((r: any) => r.flagId === f1.body.flagId);
  assert.is(shown.status, 'CONFIRMED');
  assert.equal(shown.bounty, { amount: '100.0', asset: 'REWARD', status: 'PAID', txHash: (await transfersTo(rewardAddress, bountyWallet))[0], paidAt: shown.bounty.paidAt });
  await runCli(['payouts', 'run'], env);
  assert.is(await balance(rewardAddress, bountyWallet), parseUnits('100', 18));
  assert.is((await transfersTo(rewardAddress, bountyWallet)).length, 1);

  // The owner's own flag suspends when confirmed but earns no bounty.
  const ownWallet = Wallet.createRandom().address;
  const own = await owner.post(`/cert/v1/certificates/${c.skillId}/flag`, { ...flagBody, walletAddress: ownWallet });
  assert.is(own.status, 201);
  const ownConfirm = JSON.parse((await runCli(['flags', 'confirm', own.body.flagId, '--reason', 'owner reported it', '--json'], env)).stdout);
  assert.is(ownConfirm.bounty, null);
  assert.match(ownConfirm.bountyWithheld, /own flag/);
  assert.is((await CertificateState.findByPk(c.skillId))!.status, 'SUSPENDED');
  assert.is(await LedgerEntry.count({ where: { flagId: own.body.flagId } }), 0);
  const ownShown = (await anon.get(`/api/v1/public/certificates/${c.skillId}/flags`)).body.recent.find((r: any) => r.flagId === own.body.flagId);
  assert.is(ownShown.bounty, null);

  // The rate limit counts flags raised, resolved or not (FLAG_RATE_LIMIT=3 per window here).
  const serial = client(web.url, await newActorKey());
  for (let i = 0; i < 3; i++) {
    const f = await serial.post(`/cert/v1/certificates/${b.skillId}/flag`, flagBody);
    assert.is(f.status, 201);
    assert.is((await runCli(['flags', 'dismiss', f.body.flagId, '--reason', 'not reproducible'], env)).status, 0);
  }
  const limited = await serial.post(`/cert/v1/certificates/${b.skillId}/flag`, flagBody);
  assert.is(limited.status, 429);
  assert.is(limited.body.error.code, 'flag_rate_limited');
  assert.ok(Number(limited.headers.get('retry-after')) > 0);
});

t('the public economy agrees with the ledger and with balances on chain', async () => {
  const sum = async (kind: string) => {
    const [row] = (await LedgerEntry.sequelize!.query('SELECT COALESCE(SUM(amount_atomic), 0) AS s FROM ledger_entries WHERE kind = ?', { replacements: [kind], type: 'SELECT' as never })) as unknown as { s: string }[];
    return BigInt(String(row!.s).split('.')[0]!);
  };
  // Everything owed so far is paid (the worker drains the reviews of the flag test's submissions).
  await waitFor(async () => ((await PayoutTransfer.count({ where: { status: ['PENDING', 'SENT'] } })) === 0 ? true : undefined), 60000, 'all payouts paid');
  // Other suites' leftover reviews may still be recorded now and then: compare at a quiet moment
  // (the ledger unchanged across the request), which a wrong total can never pass.
  const e = await waitFor(async () => {
    const before = await LedgerEntry.count();
    const r = await anon.get('/api/v1/public/economy');
    const ledger = { paid: await sum('VALIDATOR_PAYOUT_PAID'), owed: await sum('VALIDATOR_PAYOUT_OWED'), bounty: await sum('BOUNTY_PAID'), bounties: await LedgerEntry.count({ where: { kind: 'BOUNTY_PAID' } }) };
    if ((await LedgerEntry.count()) !== before) return undefined;
    assert.is(r.status, 200);
    assert.is(r.body.validatorPayouts.paidUsdc, formatUnits(ledger.paid, 6));
    assert.is(r.body.validatorPayouts.owedUsdc, formatUnits(ledger.owed, 6));
    assert.is(r.body.bounties.paidReward, formatUnits(ledger.bounty, 18));
    assert.is(r.body.bounties.paidCount, ledger.bounties);
    // Every settled x402 payment (the agent suite's, in a full run) is one fee entry.
    assert.is(r.body.fees.count, await Payment.count({ where: { status: 'SETTLED' } }));
    assert.is(r.body.fees.totalUsdc, formatUnits(await sum('FEE_RECEIVED'), 6));
    return r;
  }, 30000, 'a quiet ledger');
  assert.is(e.body.rewardToken.paidOut, e.body.bounties.paidReward);
  assert.is(e.body.rewardToken.address, rewardAddress);
  assert.type(e.body.activeValidators, 'number');
  assert.type(e.body.openFlags, 'number');

  await ledgerMatchesChain(usdcAddress, builtinPayout, 'VALIDATOR_PAYOUT_PAID');
  const detail = await waitFor(async () => {
    const before = await LedgerEntry.count();
    const d = await anon.get(`/api/v1/public/cert/revenue/validators/${builtinPayout}`);
    const held = await balance(usdcAddress, builtinPayout);
    if ((await LedgerEntry.count()) !== before || d.body.unpaidUsdc !== '0.0') return undefined;
    assert.is(d.status, 200);
    assert.is(d.body.paidUsdc, formatUnits(held, 6), 'what the API says was paid is what the wallet holds');
    return d;
  }, 30000, 'a quiet ledger');
  assert.is(detail.body.validators.filter((v: any) => v.kind === 'BUILT_IN').length, 3, 'the built-in validators paid to this wallet are named');
  assert.is(detail.body.reviewsPaidFor, await LedgerEntry.count({ where: { kind: 'VALIDATOR_PAYOUT_OWED', wallet: builtinPayout } }));

  const rev = await anon.get('/api/v1/public/cert/revenue');
  assert.is(rev.status, 200);
  assert.is(rev.body.validatorPayoutsPaidUsdc, e.body.validatorPayouts.paidUsdc);

  // Paging the index finds the wallet; bad input is a 4xx in the one error shape.
  let cursor: string | null = null;
  const seen: string[] = [];
  do {
    const p: any = await anon.get(`/api/v1/public/cert/revenue/validators?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    assert.is(p.status, 200);
    seen.push(...p.body.items.map((i: any) => i.walletAddress));
    cursor = p.body.nextCursor;
  } while (cursor);
  assert.ok(seen.includes(builtinPayout));
  assert.is(new Set(seen).size, seen.length);
  assert.is((await anon.get('/api/v1/public/cert/revenue/validators/0x12')).body.error.code, 'invalid_wallet_address');
  assert.is((await anon.get(`/api/v1/public/cert/revenue/validators/${Wallet.createRandom().address}`)).status, 404);
  assert.is((await anon.get('/api/v1/public/cert/revenue/validators?cursor=nonsense')).body.error.code, 'invalid_cursor');
  assert.is((await anon.get('/api/v1/public/cert/revenue/validators?limit=0')).status, 400);
});

t('history pages are stable while new payouts are recorded between pages', async () => {
  const first = await anon.get(`/api/v1/public/cert/revenue/validators/${builtinPayout}/history?limit=2`);
  assert.is(first.body.items.length, 2);
  // What existed when paging started: every owed entry up to the first page's newest item.
  const top = first.body.items[0];
  const existing = (await LedgerEntry.findAll({ where: { kind: 'VALIDATOR_PAYOUT_OWED', wallet: builtinPayout }, order: [['createdAt', 'DESC'], ['id', 'DESC']] }))
    .filter((e) => e.createdAt.toISOString() <= top.owedAt)
    .map((e) => e.entryKey);
  assert.ok(existing.length >= 6);
  // A new review is paid for while the client pages (it lands on top, never inside the next page).
  const sub = (await LedgerEntry.findOne({ where: { kind: 'VALIDATOR_PAYOUT_OWED', wallet: builtinPayout } }))!;
  const roundId = uuid();
  const added = await recordValidatorReview({ roundId, validatorKey: 'builtin-extra', walletAddress: builtinPayout, submissionId: sub.submissionId! });
  assert.is(added.created, true);
  const keys: string[] = first.body.items.map((i: any) => i.ledgerKey);
  let cursor: string | null = first.body.nextCursor;
  while (cursor) {
    const p: any = await anon.get(`/api/v1/public/cert/revenue/validators/${builtinPayout}/history?limit=2&cursor=${cursor}`);
    keys.push(...p.body.items.map((i: any) => i.ledgerKey));
    cursor = p.body.nextCursor;
  }
  assert.equal(keys, existing, 'the payouts that existed when paging started, each once, in order');
  const now = await anon.get(`/api/v1/public/cert/revenue/validators/${builtinPayout}/history?limit=100`);
  const order = now.body.items.map((i: any) => i.ledgerKey);
  assert.ok(order.indexOf(added.entryKey) >= 0 && order.indexOf(added.entryKey) < order.indexOf(existing[0]), 'the new payout is above the older ones on a fresh first page');
  // Recorded twice, owed once.
  const again = await recordValidatorReview({ roundId, validatorKey: 'builtin-extra', walletAddress: builtinPayout, submissionId: sub.submissionId! });
  assert.is(again.created, false);
  assert.is(again.entryKey, added.entryKey);
});

t.run();
