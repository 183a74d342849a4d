// test-lanes: alone — its claim windows and validator leases are timed; with four lanes loading the machine a lease lapsed
// before the validator voted (scripts/test-schedule.mjs, docs/testing.md "Run time").
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Contract, JsonRpcProvider, Wallet, getBytes, verifyMessage } from 'ethers';
import { client, logged, runCli, skillMd, startWeb, startWorker, stopAll, uuid, waitFor, waitForStatus, type Proc } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { startTestChain, type TestChain } from '../support/anvil.js';
import { payloadHash } from '../../shared/canonical.js';
import { deployLocal } from '../../shared/chain/index.js';
import { councilEconomy, setCouncilEconomy } from '../../shared/council/hooks.js';
import { LedgerEntry } from '../../shared/economy/models.js';
import { submitExternalVote } from '../../shared/council/external.js';
// This process records a vote itself, as the web process does: with the submissions' side of the seam.
import '../../shared/submissions/verdict.js';
import { AuditLog, CouncilRound, CouncilSeat, Validator, Vote } from '../../shared/db/models.js';
import { callApi, walletSignIn, type CallOptions } from '../support/wallet-api.js';

/**
 * External validator agents and the LLM validator, with real web and worker processes, a real chain
 * for the sign-in and real signatures: sign in, register, admission by the operator command, claim a
 * seat, read the case, vote with an EIP-191 signature; forged, mismatched and replayed votes refused;
 * a lapsed lease reassigned; suspension; the LLM validator against a local chat-completions server.
 */
const t = suite('external validators: seats, leases, signed votes; LLM validator; reputation and leaderboard');

const WINDOW_MS = 12000;
const LEASE_MS = 8000;
let chain: TestChain;
let env: Record<string, string>;
let base: string;
let api: ReturnType<typeof client>;
let worker: Proc;
const alice = Wallet.createRandom();
const mallory = Wallet.createRandom();
const payout = Wallet.createRandom();
let session: string;
let aliceKey: string;
let llmServer: http.Server;
let llmUrl: string;
let llmRequests = 0;
let usdcAddress: string;

const call = (method: string, path: string, opts: CallOptions = {}) => callApi(base, method, path, opts);

const signIn = (w: Pick<Wallet, 'address' | 'signMessage'>) => walletSignIn(base, w);

async function submit(md: string, note?: string): Promise<string> {
  const r = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: md, idempotencyKey: uuid(), ...(note ? { developerAdvisoryNote: note } : {}) });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.submissionId;
}

const roundOf = (submissionId: string) => waitFor(() => CouncilRound.findOne({ where: { submissionId } }).then((r) => r ?? undefined), 30000, `round of ${submissionId}`);

/** Waits until the round is listed as open to this validator (the sandbox runs first). */
async function openRound(submissionId: string): Promise<string> {
  const round = await roundOf(submissionId);
  await waitFor(async () => {
    const r = await call('GET', '/api/v1/cert/validator/assignments/open', { session });
    return r.body.items?.some((i: any) => i.roundId === round.id) ? true : undefined;
  }, 20000, 'open assignment');
  return round.id;
}

function signVote(w: { signMessage(m: Uint8Array): Promise<string> }, payload: object) {
  return w.signMessage(getBytes(payloadHash(payload)));
}

const vote = (roundId: string, payload: object, signature: string) => call('POST', `/api/v1/cert/validator/assignments/${roundId}/vote`, { session, body: { payload, signature } });

t.before(
  logged(async () => {
    useDb();
    chain = await startTestChain();
    usdcAddress = (await deployLocal(chain.cfg)).usdcAddress;
    llmServer = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        llmRequests++;
        const body = JSON.parse(data);
        if (String(body.messages?.[1]?.content).includes('llm-fails')) {
          res.writeHead(500, { 'content-type': 'application/json' });
          return res.end('{"error":{"message":"overloaded"}}');
        }
        const content = JSON.stringify({ verdict: 'APPROVE', securityLevel: 'CLEAR', reasons: ['Summarises a document; no data leaves the machine.'], findingsConsidered: [] });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'c1', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
      });
    });
    await new Promise<void>((r) => llmServer.listen(0, '127.0.0.1', () => r()));
    llmUrl = `http://127.0.0.1:${(llmServer.address() as AddressInfo).port}/v1`;
    env = { CHAIN_RPC_URL: chain.cfg.rpcUrl, CHAIN_STATE_DIR: chain.stateDir, COUNCIL_CLAIM_WINDOW_MS: String(WINDOW_MS), COUNCIL_LEASE_MS: String(LEASE_MS), COUNCIL_MAX_LEASES_PER_VALIDATOR: '1', PAYOUT_SWEEP_MS: '1000', CHAIN_TX_TIMEOUT_MS: '5000' };
    let web;
    [web, worker] = await Promise.all([startWeb(env), startWorker(env)]);
    base = web.url;
    api = client(base, await newActorKey());
  }),
);

t.after(async () => {
  await stopAll();
  // Later suites expect the built-in council alone.
  await Validator.update({ active: false, status: 'SUSPENDED' }, { where: { kind: 'EXTERNAL' } }).catch(() => undefined);
  await Validator.update({ active: false }, { where: { kind: 'LLM' } }).catch(() => undefined);
  llmServer?.closeAllConnections();
  llmServer?.close();
  await chain?.stop();
  await closeDb();
});

t('with no external validator admitted, the built-ins take every seat at once; a validator registers and waits for admission', async () => {
  const id = await submit(skillMd());
  const done = await waitForStatus(api, id, ['APPROVED'], 30000);
  assert.is(done.status, 'APPROVED');
  const round = await roundOf(id);
  assert.equal(round.validatorKeys, ['cartographer', 'sentinel', 'steward']);
  assert.is(round.seatsOpenUntil, null);

  session = await signIn(alice);
  assert.is((await call('GET', '/api/v1/cert/validator/me', { session })).status, 404);
  const bad = await call('POST', '/api/v1/cert/validator/register', { session, body: { name: 'Alice', productTypes: ['SKILL'], lens: 'Reads skills for data exfiltration.', payoutAddress: '0x123' } });
  assert.is(bad.status, 400);
  assert.is(bad.body.error.code, 'invalid_wallet_address');
  const noType = await call('POST', '/api/v1/cert/validator/register', { session, body: { name: 'Alice', productTypes: ['NOPE'], lens: 'Reads skills for data exfiltration.', payoutAddress: alice.address } });
  assert.is(noType.status, 400);
  assert.is((await call('POST', '/api/v1/cert/validator/register', { body: { name: 'x' } })).body.error.code, 'missing_session');
  const reg = await call('POST', '/api/v1/cert/validator/register', { session, body: { name: 'Alice the reviewer', productTypes: ['SKILL', 'AUDIT_SKILL'], lens: 'Reads skills for data exfiltration and deceptive listings.', payoutAddress: payout.address } });
  assert.is(reg.status, 201, JSON.stringify(reg.body));
  assert.is(reg.body.status, 'PENDING');
  assert.is(reg.body.walletAddress, alice.address);
  aliceKey = reg.body.validatorKey;
  const early = await call('GET', '/api/v1/cert/validator/assignments/open', { session });
  assert.is(early.status, 403);
  assert.is(early.body.error.code, 'validator_not_admitted');

  const admit = await runCli(['validators', 'admit', alice.address, '--reason', 'vetted', '--operator', 'test-op', '--json'], env);
  assert.is(admit.status, 0, admit.stderr);
  assert.is(JSON.parse(admit.stdout).status, 'ADMITTED');
  assert.is((await call('GET', '/api/v1/cert/validator/me', { session })).body.status, 'ADMITTED');
});

let approvedRound: string;

t('an admitted validator claims a seat, reads the case (no other vote), and its signed vote counts; forged, mismatched and replayed votes are refused', async () => {
  const md = skillMd({ name: 'doc-summariser' });
  const id = await submit(md, 'Only reads the document the user pastes.');
  const roundId = await openRound(id);
  const claim = await call('POST', `/api/v1/cert/validator/assignments/${roundId}/claim`, { session });
  assert.is(claim.status, 201, JSON.stringify(claim.body));
  assert.is(claim.body.case.skill.content, md);
  assert.is(claim.body.case.developerAdvisoryNote, 'Only reads the document the user pastes.');
  assert.ok(Array.isArray(claim.body.case.sandbox.findings));
  assert.ok(Array.isArray(claim.body.case.packageVerdicts));
  assert.is(claim.body.lease.status, 'LEASED');
  const leaseLeft = new Date(claim.body.lease.leaseExpiresAt).getTime() - Date.now();
  assert.ok(leaseLeft > 0 && leaseLeft <= LEASE_MS, String(leaseLeft));
  assert.not.ok(/"signature"|"votes"|"verdict"|"payloadHash"/.test(JSON.stringify(claim.body)), "the case carries no vote");
  assert.is((await call('POST', `/api/v1/cert/validator/assignments/${roundId}/claim`, { session })).body.error.code, 'already_seated');
  // One open lease at a time here (COUNCIL_MAX_LEASES_PER_VALIDATOR=1): a second claim waits for a vote.
  const second = await openRound(await submit(skillMd({ name: 'second-claim' })));
  const tooMany = await call('POST', `/api/v1/cert/validator/assignments/${second}/claim`, { session });
  assert.is(tooMany.status, 429);
  assert.is(tooMany.body.error.code, 'too_many_leases');

  const payload = { ...claim.body.votePayloadTemplate, verdict: 'APPROVE', securityLevel: 'CLEAR', reasons: ['Reads a pasted document and summarises it; nothing is sent anywhere.'], findingsConsidered: [] };
  const signature = await signVote(alice, payload);

  const forged = await vote(roundId, payload, await signVote(mallory, payload));
  assert.is(forged.status, 422);
  assert.is(forged.body.error.code, 'invalid_signature');
  const tampered = await vote(roundId, { ...payload, verdict: 'REJECT' }, signature);
  assert.is(tampered.body.error.code, 'invalid_signature');
  const otherRound = { ...payload, roundId: uuid() };
  assert.is((await vote(roundId, otherRound, await signVote(alice, otherRound))).body.error.code, 'round_mismatch');
  const otherContent = { ...payload, contentSha256: 'f'.repeat(64) };
  assert.is((await vote(roundId, otherContent, await signVote(alice, otherContent))).body.error.code, 'content_mismatch');
  const madeUp = { ...payload, findingsConsidered: ['CRED-EXFIL-001'] };
  assert.is((await vote(roundId, madeUp, await signVote(alice, madeUp))).body.error.code, 'unknown_finding');
  assert.is((await vote(roundId, { ...payload, extra: 1 }, signature)).status, 400);

  const ok = await vote(roundId, payload, signature);
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  assert.is(ok.body.payloadHash, payloadHash(payload));
  const replay = await vote(roundId, payload, signature);
  assert.is(replay.status, 409);
  assert.is(replay.body.error.code, 'already_voted');

  // Built-ins fill the two seats left once the claim window closes.
  const done = await waitForStatus(api, id, ['APPROVED', 'REJECTED', 'ESCALATED'], WINDOW_MS + 20000);
  assert.is(done.status, 'APPROVED');
  const round = await CouncilRound.findByPk(roundId);
  assert.equal([...round!.validatorKeys].sort(), [aliceKey, 'cartographer', 'sentinel'].sort());
  assert.is(round!.expectedVotes, 3);
  const votes = await Vote.findAll({ where: { roundId } });
  assert.is(votes.length, 3);
  const mine = votes.find((v) => v.validatorKey === aliceKey)!;
  assert.is(verifyMessage(getBytes(mine.payloadHash), mine.signature), alice.address);

  // The certificate's replay data carries the external vote, checkable with ethers alone.
  const detail = await call('GET', `/api/v1/public/certificates/${done.skillId ?? done.certificate?.skillId}`);
  assert.is(detail.status, 200, JSON.stringify(detail.body));
  const signed = detail.body.replay.signedVotes.find((v: any) => v.validatorKey === aliceKey);
  assert.is(verifyMessage(getBytes(signed.payloadHash), signed.signature), alice.address);
  approvedRound = roundId;
});

t('a lease that runs out is refused and its seat reassigned; the seat cannot be claimed again', async () => {
  const id = await submit(skillMd({ name: 'lapsed-lease' }));
  const roundId = await openRound(id);
  const claim = await call('POST', `/api/v1/cert/validator/assignments/${roundId}/claim`, { session });
  assert.is(claim.status, 201, JSON.stringify(claim.body));
  const payload = { ...claim.body.votePayloadTemplate, verdict: 'REJECT', securityLevel: 'LOW', reasons: ['Too late.'], findingsConsidered: [] };
  await new Promise((r) => setTimeout(r, new Date(claim.body.lease.leaseExpiresAt).getTime() - Date.now() + 300));
  const late = await vote(roundId, payload, await signVote(alice, payload));
  assert.is(late.status, 409);
  assert.is(late.body.error.code, 'lease_expired');
  const done = await waitForStatus(api, id, ['APPROVED', 'REJECTED', 'ESCALATED'], WINDOW_MS + 20000);
  assert.is(done.status, 'APPROVED');
  const round = await CouncilRound.findByPk(roundId);
  assert.equal(round!.validatorKeys, ['cartographer', 'sentinel', 'steward']);
  assert.is((await CouncilSeat.findOne({ where: { roundId, validatorKey: aliceKey } }))!.status, 'EXPIRED');
  assert.is((await Vote.count({ where: { roundId, validatorKey: aliceKey } })), 0);
  const again = await call('POST', `/api/v1/cert/validator/assignments/${roundId}/claim`, { session });
  assert.is(again.status, 409);
});

t('public reads: validator work, validator index, agent profile, leaderboard with a selector and one pagination convention', async () => {
  const work = await call('GET', `/api/v1/public/cert/validators/${alice.address}/work`);
  assert.is(work.status, 200, JSON.stringify(work.body));
  assert.is(work.body.kind, 'EXTERNAL');
  assert.is(work.body.items.length, 1);
  assert.is(work.body.items[0].roundId, approvedRound);
  assert.is(work.body.items[0].finalOutcome, 'APPROVED');
  assert.is(work.body.accuracy, 1);
  assert.ok(work.body.reputation > 0);
  assert.equal(work.body.earnings, { usdcEarned: '0', rewardTokenEarned: '0' });

  const index = await call('GET', '/api/v1/public/validators');
  const a = index.body.items.find((v: any) => v.walletAddress === alice.address);
  assert.is(a.kind, 'EXTERNAL');
  assert.equal(a.productTypes, ['AUDIT_SKILL', 'SKILL']);
  assert.is(a.votesCast, 1);
  assert.is(a.decidedVotes, 1);

  const profile = await call('GET', `/api/v1/public/agents/${alice.address}`);
  assert.is(profile.status, 200, JSON.stringify(profile.body));
  assert.is(profile.body.validator.validatorKey, aliceKey);
  assert.is(profile.body.reputation, a.reputation);
  assert.is(profile.body.accuracy, 1);
  assert.equal(profile.body.earnings, { usdcEarned: '0', rewardTokenEarned: '0' });

  const byRep = await call('GET', '/api/v1/public/leaderboard?by=reputation&limit=100');
  assert.is(byRep.status, 200);
  const values = byRep.body.items.map((i: any) => i.value);
  assert.equal(values, [...values].sort((x: number, y: number) => y - x), 'highest first');
  assert.ok(byRep.body.items.some((i: any) => i.walletAddress === alice.address && i.kind === 'EXTERNAL'));
  assert.equal(byRep.body.items.map((i: any) => i.rank), byRep.body.items.map((_: any, i: number) => i + 1));
  const byAcc = await call('GET', '/api/v1/public/leaderboard?by=accuracy');
  assert.is(byAcc.body.items.find((i: any) => i.walletAddress === alice.address).value, 1);
  // Pages: limit + cursor, nextCursor null at the end, no entry twice.
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await call('GET', `/api/v1/public/leaderboard?by=reputation&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    assert.is(page.status, 200);
    seen.push(...page.body.items.map((i: any) => i.walletAddress));
    cursor = page.body.nextCursor;
  } while (cursor);
  assert.equal(seen, byRep.body.items.map((i: any) => i.walletAddress));
  assert.is((await call('GET', '/api/v1/public/leaderboard?by=luck')).status, 400);
  assert.is((await call('GET', '/api/v1/public/leaderboard?cursor=nope')).body.error.code, 'invalid_cursor');
  for (const by of ['earnings', 'wealth']) {
    const r = await call('GET', `/api/v1/public/leaderboard?by=${by}`);
    assert.is(r.status, 200);
    assert.is(r.body.by, by);
  }
});

t('a recorded vote owes its payout in the same transaction, to the registered payout address; no vote, no payout', async () => {
  const id = await submit(skillMd({ name: 'paid-review' }));
  const roundId = await openRound(id);
  const claim = await call('POST', `/api/v1/cert/validator/assignments/${roundId}/claim`, { session });
  assert.is(claim.status, 201, JSON.stringify(claim.body));
  const payload = { ...claim.body.votePayloadTemplate, verdict: 'APPROVE', securityLevel: 'CLEAR', reasons: ['Summarises a document.'], findingsConsidered: [] };
  const body = { payload, signature: await signVote(alice, payload) };
  const v = (await Validator.findByPk(aliceKey))!;
  const calls: any[] = [];
  let failing = true;
  const real = councilEconomy();
  // The economy as web would have it wired (this process records the vote itself here).
  setCouncilEconomy({
    recordValidatorReview: async (r) => {
      assert.ok(r.transaction, 'called inside the vote transaction');
      if (failing) throw new Error('ledger down');
      calls.push({ ...r, transaction: undefined });
    },
  });
  try {
    let err: unknown;
    await submitExternalVote(v, roundId, body).catch((e) => (err = e));
    assert.match(String(err), /ledger down/);
    assert.is(await Vote.count({ where: { roundId, validatorKey: aliceKey } }), 0, 'no payout, no vote');
    assert.is((await CouncilSeat.findOne({ where: { roundId, validatorKey: aliceKey } }))!.status, 'LEASED');
    failing = false;
    const ok = await submitExternalVote(v, roundId, body);
    assert.ok(ok.recorded);
    assert.equal(calls, [{ roundId, validatorKey: aliceKey, walletAddress: payout.address, submissionId: id, transaction: undefined }]);
    let replay: any;
    await submitExternalVote(v, roundId, body).catch((e) => (replay = e));
    assert.is(replay.code, 'already_voted');
    assert.is(calls.length, 1);
  } finally {
    setCouncilEconomy(real);
  }
});

t('an external validator is paid on chain, once, to its payout address for a review it signed', async () => {
  const id = await submit(skillMd({ name: 'paid-on-chain' }));
  const roundId = await openRound(id);
  const claim = await call('POST', `/api/v1/cert/validator/assignments/${roundId}/claim`, { session });
  assert.is(claim.status, 201, JSON.stringify(claim.body));
  const payload = { ...claim.body.votePayloadTemplate, verdict: 'APPROVE', securityLevel: 'CLEAR', reasons: ['Summarises a document.'], findingsConsidered: [] };
  const v = await vote(roundId, payload, await signVote(alice, payload));
  assert.ok(v.status === 200 || v.status === 201, JSON.stringify(v.body));
  // Web recorded the vote and owed the payout with it; the worker's payout job pays it on chain.
  const owed = await waitFor(() => LedgerEntry.findOne({ where: { kind: 'VALIDATOR_PAYOUT_OWED', roundId, validatorKey: aliceKey } }).then((e) => e ?? undefined), 20000, 'payout owed');
  assert.is(owed.wallet, payout.address);
  const paid = await waitFor(() => LedgerEntry.findOne({ where: { entryKey: `paid:${owed.entryKey}` } }).then((e) => e ?? undefined), 60000, 'payout paid');
  assert.match(String(paid.txHash), /^0x[0-9a-f]{64}$/);
  // Every review this wallet was owed (its earlier HTTP vote too) is paid, each once, and the chain
  // holds exactly their sum at the payout address.
  const allOwed = await LedgerEntry.findAll({ where: { kind: 'VALIDATOR_PAYOUT_OWED', wallet: payout.address } });
  await waitFor(async () => ((await LedgerEntry.count({ where: { kind: 'VALIDATOR_PAYOUT_PAID', wallet: payout.address } })) >= allOwed.length ? true : undefined), 60000, 'all payouts paid');
  const provider = new JsonRpcProvider(chain.cfg.rpcUrl);
  try {
    const usdc = new Contract(usdcAddress, ['function balanceOf(address) view returns (uint256)'], provider);
    const balance = (await usdc.getFunction('balanceOf')(payout.address)) as bigint;
    assert.is(balance, allOwed.reduce((sum, e) => sum + BigInt(String(e.amountAtomic)), 0n), 'the payout address holds exactly what it was owed');
    const receipt = await provider.getTransactionReceipt(String(paid.txHash));
    assert.is(receipt?.status, 1);
  } finally {
    provider.destroy();
  }
  // Paid once: the sweeps that follow add nothing.
  await new Promise((r) => setTimeout(r, 3000));
  assert.is(await LedgerEntry.count({ where: { kind: 'VALIDATOR_PAYOUT_PAID', wallet: payout.address } }), allOwed.length);
  assert.is(await LedgerEntry.count({ where: { entryKey: `paid:${owed.entryKey}` } }), 1);
  const h = await call('GET', `/api/v1/public/cert/revenue/validators/${payout.address}/history?limit=10`);
  assert.is(h.status, 200, JSON.stringify(h.body));
  assert.ok(h.body.items.some((i: any) => i.status === 'PAID' && i.txHash === paid.txHash), JSON.stringify(h.body.items));
});

t('an operator suspends a validator: its lease is given back at once and it takes no more seats', async () => {
  const id = await submit(skillMd({ name: 'suspended-reviewer' }));
  const roundId = await openRound(id);
  const claim = await call('POST', `/api/v1/cert/validator/assignments/${roundId}/claim`, { session });
  assert.is(claim.status, 201);
  const s = await runCli(['validators', 'suspend', aliceKey, '--reason', 'copied votes', '--operator', 'test-op'], env);
  assert.is(s.status, 0, s.stderr);
  // Given back by the suspension (RELEASED), not left to lapse (EXPIRED, what the sweep makes of a lease that
  // ran out): a status, not the test's clock, so a slow CLI start on a loaded machine cannot decide it.
  assert.is((await CouncilSeat.findOne({ where: { roundId, validatorKey: aliceKey } }))!.status, 'RELEASED');
  assert.ok(await AuditLog.findOne({ where: { action: 'validator.suspend', targetId: aliceKey } }));
  const open = await call('GET', '/api/v1/cert/validator/assignments/open', { session });
  assert.is(open.status, 403);
  assert.is(open.body.error.code, 'validator_suspended');
  const done = await waitForStatus(api, id, ['APPROVED', 'REJECTED', 'ESCALATED'], WINDOW_MS + 20000);
  assert.is(done.status, 'APPROVED');
  assert.equal((await CouncilRound.findByPk(roundId))!.validatorKeys, ['cartographer', 'sentinel', 'steward']);
  const index = await call('GET', '/api/v1/public/validators');
  assert.not.ok(index.body.items.some((v: any) => v.walletAddress === alice.address));
  const stats = await runCli(['validators', 'stats', '--json'], env);
  assert.is(stats.status, 0, stats.stderr);
  const mine = JSON.parse(stats.stdout).find((r: any) => r.validatorKey === aliceKey);
  assert.is(mine.status, 'SUSPENDED');
  assert.is(mine.votesCast, 3, 'its votes: the first round, the paid review, the review paid on chain');
  assert.is(mine.accuracy, 1);
});

t('the LLM validator takes a seat and signs its vote; when the model fails, its seat goes to a built-in', async () => {
  await worker.stop('SIGKILL');
  worker = await startWorker({ ...env, LLM_VALIDATOR_URL: llmUrl, LLM_VALIDATOR_MODEL: 'fake-model', LLM_VALIDATOR_API_KEY: 'k', LLM_VALIDATOR_TIMEOUT_MS: '5000' });
  const llm = await Validator.findByPk('llm');
  assert.ok(llm?.active);
  assert.is(llm!.kind, 'LLM');

  const id = await submit(skillMd({ name: 'llm-reviewed' }));
  const done = await waitForStatus(api, id, ['APPROVED', 'REJECTED', 'ESCALATED'], 30000);
  assert.is(done.status, 'APPROVED');
  const round = await roundOf(id);
  assert.equal(round.validatorKeys, ['llm', 'cartographer', 'sentinel']);
  const v = await Vote.findOne({ where: { roundId: round.id, validatorKey: 'llm' } });
  assert.is(v!.verdict, 'APPROVE');
  assert.is(verifyMessage(getBytes(v!.payloadHash), v!.signature), llm!.walletAddress);
  assert.ok(llmRequests >= 1);

  const failing = await submit(skillMd({ name: 'llm-fails', body: '# Notes\n\nSummarise the notes the user gives you (llm-fails).\n' }));
  const done2 = await waitForStatus(api, failing, ['APPROVED', 'REJECTED', 'ESCALATED'], 30000);
  assert.is(done2.status, 'APPROVED');
  const r2 = await roundOf(failing);
  assert.equal([...r2.validatorKeys].sort(), ['cartographer', 'sentinel', 'steward']);
  assert.is((await CouncilSeat.findOne({ where: { roundId: r2.id, validatorKey: 'llm' } }))!.status, 'RELEASED');
  assert.is(await Vote.count({ where: { roundId: r2.id, validatorKey: 'llm' } }), 0);
});

t.run();
