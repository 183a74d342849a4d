import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { Contract, ContractFactory, Wallet, HDNodeWallet, getAddress, hexlify, zeroPadValue, type TypedDataDomain } from 'ethers';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { privateKeyToAccount } from 'viem/accounts';
import { startTestChain, createTestDatabase, type TestChain, type TestDatabase } from '../support/anvil.js';
import { deployLocal, fundUsdc, type LocalDeployment } from '../../shared/chain/local-chain.js';
import { connectChain, getProvider, resetChainClients, withSigner, type ChainContext } from '../../shared/chain/provider.js';
import { ANVIL_ACCOUNTS } from '../../shared/chain-presets.js';
import { testSmartWalletArtifact, testUsdcArtifact } from '../../shared/chain/artifacts.js';
import { up as paymentsUp } from '../../shared/migrations/0004-chain-payments.js';
import { up as paymentLeasesUp } from '../../shared/migrations/0015-payment-leases.js';
import { LEASE_OWNER, LeaseLost, fence } from '../../shared/payments/x402/lease.js';
import { initPaymentModels } from '../../shared/payments/models.js';
import { x402Gate, type X402GateOptions } from '../../shared/payments/x402/express.js';
import { encodeHeader, decodeHeader } from '../../shared/payments/x402/codec.js';
import { reconcilePending, listPayments } from '../../shared/payments/x402/ledger.js';
import { facilitatorSettler, localSettler } from '../../shared/payments/x402/settle.js';
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '../../shared/payments/x402/verify.js';
import { PaymentError, parsePaymentPayload, type PaymentPayload, type PaymentRequired, type PaymentRequirements } from '../../shared/payments/x402/types.js';
import { usdcToAtomic } from '../../shared/payments/x402/requirements.js';
import { absoluteUrl } from '../../shared/urls.js';
import { config } from '../../shared/config.js';
import http from 'node:http';

let chain: TestChain;
let dep: LocalDeployment;
let ctx: ChainContext;
let db: TestDatabase;
let base: string;
let work = 0;
let crashAfterBroadcast = false;
let gateChain: () => Promise<ChainContext>;
let gateSettler: X402GateOptions['settler'];
const servers: Server[] = [];

const PRICE = '25.00';
const PRICE_ATOMIC = 25_000000n;
const payer = new Wallet(ANVIL_ACCOUNTS[4].key);

function listen(app: express.Express): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => {
      servers.push(s);
      resolve({ server: s, url: `http://127.0.0.1:${(s.address() as AddressInfo).port}` });
    });
  });
}

test.before(async () => {
  chain = await startTestChain();
  dep = await deployLocal(chain.cfg);
  ctx = await connectChain(chain.cfg);
  db = await createTestDatabase('pay');
  await paymentsUp(db.sequelize.getQueryInterface());
  await paymentLeasesUp(db.sequelize.getQueryInterface());
  initPaymentModels(db.sequelize);
  gateChain = async () => ctx;

  const app = express();
  const gate = (headerName?: 'payment-signature' | 'x-payment-receipt') =>
    x402Gate({
      price: async (req) => (req.params.key === 'free' ? null : { amountUsdc: PRICE, description: 'a demo purchase', resource: `demo:${String(req.params.key)}`, purpose: { kind: 'demo' } }),
      chain: () => gateChain(),
      get settler() {
        return gateSettler;
      },
      ...(headerName ? { headerName } : {}),
      hooks: {
        afterBroadcast: () => {
          if (crashAfterBroadcast) {
            crashAfterBroadcast = false;
            throw new Error('simulated crash after broadcast');
          }
        },
      },
    });
  const handler = (req: express.Request, res: express.Response) => {
    const p = res.locals.payment as { replayed: boolean; txHash: string; payer: string } | undefined;
    if (p && !p.replayed) work += 1;
    res.status(201).json({ key: req.params.key, paid: Boolean(p), replayed: p?.replayed ?? false, txHash: p?.txHash ?? null });
  };
  app.post('/paid/:key', gate(), handler);
  app.post('/dev/:key', gate('x-payment-receipt'), handler);
  ({ url: base } = await listen(app));
});

test.after(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  resetChainClients();
  await chain?.stop();
  await db?.drop();
});

const usdc = () => new Contract(dep.usdcAddress, testUsdcArtifact.abi, ctx.provider);
const balanceOf = async (a: string) => (await usdc().getFunction('balanceOf')(a)) as bigint;
const chainTime = async () => (await ctx.provider.getBlock('latest'))!.timestamp;

async function requirementsFor(path: string): Promise<{ required: PaymentRequired; req: PaymentRequirements }> {
  const res = await fetch(`${base}${path}`, { method: 'POST' });
  assert.is(res.status, 402);
  const required = decodeHeader<PaymentRequired>(res.headers.get('payment-required'));
  return { required, req: required.accepts[0]! };
}

interface ProofOpts {
  signer?: Wallet | HDNodeWallet;
  from?: string;
  to?: string;
  value?: bigint;
  validAfter?: bigint;
  validBefore?: bigint;
  nonce?: string;
  chainId?: number;
  accepted?: Partial<PaymentRequirements>;
}

async function proof(req: PaymentRequirements, o: ProofOpts = {}): Promise<PaymentPayload> {
  const signer = o.signer ?? payer;
  // Wall time (or chain time when a test moved the chain ahead): never the latest block alone, which idles.
  const now = BigInt(Math.max(Math.floor(Date.now() / 1000), await chainTime()));
  const authorization = {
    from: o.from ?? signer.address,
    to: o.to ?? req.payTo,
    value: (o.value ?? BigInt(req.amount)).toString(),
    validAfter: (o.validAfter ?? 0n).toString(),
    validBefore: (o.validBefore ?? now + 300n).toString(),
    nonce: o.nonce ?? hexlify(randomBytes(32)),
  };
  const domain: TypedDataDomain = { name: req.extra.name, version: req.extra.version, chainId: o.chainId ?? ctx.chainId, verifyingContract: req.asset };
  const signature = await signer.signTypedData(domain, TRANSFER_WITH_AUTHORIZATION_TYPES, authorization);
  return { x402Version: 2, accepted: { ...req, ...o.accepted } as PaymentRequirements, payload: { signature, authorization } };
}

async function pay(path: string, p: PaymentPayload | string, header = 'PAYMENT-SIGNATURE'): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { [header]: typeof p === 'string' ? p : encodeHeader(p) } });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

async function transfersOfNonce(from: string, nonce: string): Promise<number> {
  const used = usdc().interface.getEvent('AuthorizationUsed')!.topicHash;
  const logs = await ctx.provider.getLogs({ address: dep.usdcAddress, topics: [used, zeroPadValue(from, 32), nonce], fromBlock: 0, toBlock: 'latest' });
  return logs.length;
}

test('codec: standard base64 JSON; anything else is payment_malformed', () => {
  const obj = { a: 'é+/', n: 1 };
  const h = encodeHeader(obj);
  assert.is(h, Buffer.from(JSON.stringify(obj)).toString('base64'));
  assert.equal(decodeHeader(h), obj);
  for (const bad of ['not base64!', Buffer.from('not json').toString('base64'), encodeHeader([1, 2]), h.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') + '-', '']) {
    try {
      decodeHeader(bad);
      assert.unreachable(`accepted ${bad}`);
    } catch (err) {
      assert.instance(err, PaymentError);
      assert.is((err as PaymentError).code, 'payment_malformed');
    }
  }
  assert.is(usdcToAtomic('25.00'), '25000000');
  assert.is(usdcToAtomic('0.000001'), '1');
  assert.throws(() => usdcToAtomic('1.0000001'));
  assert.throws(() => parsePaymentPayload({ x402Version: 2 }), /accepted/);
});

test('without a payment header: 402 with PAYMENT-REQUIRED (x402 v2) and the service error shape', async () => {
  const res = await fetch(`${base}/paid/intro`, { method: 'POST' });
  assert.is(res.status, 402);
  const body = (await res.json()) as any;
  assert.is(body.error.code, 'payment_required');
  assert.is(body.x402Version, 2);
  const required = decodeHeader<PaymentRequired>(res.headers.get('PAYMENT-REQUIRED'));
  assert.is(required.x402Version, 2);
  // Built from PUBLIC_BASE_URL, never from the request's Host.
  assert.is(required.resource.url, absoluteUrl('/paid/intro'));
  assert.equal(required.accepts, body.accepts);
  assert.equal(required.accepts[0], {
    scheme: 'exact',
    network: `eip155:${ctx.chainId}`,
    amount: '25000000',
    asset: dep.usdcAddress,
    payTo: chain.cfg.payTo,
    maxTimeoutSeconds: 300,
    extra: { name: 'USD Coin', version: '2' },
  });
  const free = await fetch(`${base}/paid/free`, { method: 'POST' });
  assert.is(free.status, 201);
  assert.is(((await free.json()) as any).paid, false);
});

test('the official x402 client (@x402/fetch + @x402/evm exact) pays and gets the paid response', async () => {
  const before = await balanceOf(payer.address);
  const payToBefore = await balanceOf(chain.cfg.payTo);
  const account = privateKeyToAccount(ANVIL_ACCOUNTS[4].key as `0x${string}`);
  const client = new x402Client()
    .register(`eip155:${ctx.chainId}`, new ExactEvmScheme(account))
    .setSpendControls({ allowedAssets: [{ network: `eip155:${ctx.chainId}`, asset: dep.usdcAddress, maxAmountPerPayment: '100000000' }] });
  const fetchWithPayment = wrapFetchWithPayment(fetch, client);
  const workBefore = work;
  const res = await fetchWithPayment(`${base}/paid/official`, { method: 'POST' });
  assert.is(res.status, 201);
  const body = (await res.json()) as any;
  assert.is(body.paid, true);
  assert.is(body.replayed, false);
  const settlement = decodeHeader<{ success: boolean; transaction: string; network: string; payer: string }>(res.headers.get('PAYMENT-RESPONSE'));
  assert.is(settlement.success, true);
  assert.is(settlement.network, `eip155:${ctx.chainId}`);
  assert.is(settlement.payer, payer.address);
  assert.is(settlement.transaction, body.txHash);
  const receipt = await ctx.provider.getTransactionReceipt(settlement.transaction);
  assert.is(receipt?.status, 1);
  assert.is(await balanceOf(payer.address), before - PRICE_ATOMIC);
  assert.is(await balanceOf(chain.cfg.payTo), payToBefore + PRICE_ATOMIC);
  assert.is(work, workBefore + 1);
  const [row] = await listPayments({ resource: 'demo:official' });
  assert.is(row?.status, 'SETTLED');
  assert.equal(row?.purpose, { kind: 'demo' });
});

test('the PAYMENT-REQUIRED resource URL ignores Host, X-Forwarded-Host and X-Forwarded-Proto', async () => {
  const u = new URL(`${base}/paid/spoof?x=1`);
  const header = await new Promise<string>((resolve, reject) => {
    const r = http.request(
      { host: u.hostname, port: u.port, method: 'POST', path: `${u.pathname}${u.search}`, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' } },
      (res) => {
        res.resume();
        resolve(String(res.headers['payment-required']));
      },
    );
    r.on('error', reject);
    r.end();
  });
  const url = decodeHeader<PaymentRequired>(header).resource.url;
  assert.is(url, `${config().publicBaseUrl}/paid/spoof?x=1`);
  // An absolute-form request target cannot move it to another host either.
  assert.is(absoluteUrl('http://evil.example/paid/x?y=2#z'), `${config().publicBaseUrl}/paid/x?y=2`);
});

test('an idle chain (latest block seconds behind wall time) accepts an authorization valid from just now', async () => {
  await ctx.provider.send('evm_mine', []);
  const minedAt = await chainTime();
  // anvil mines only on demand: wait until wall time is well past the latest block's time.
  while (Date.now() / 1000 < minedAt + 8) await new Promise((r) => setTimeout(r, 250));
  assert.is(await chainTime(), minedAt, 'no block was mined meanwhile');
  const { req } = await requirementsFor('/paid/idle-chain');
  const wallNow = BigInt(Math.floor(Date.now() / 1000));
  // Valid from 3 s ago by the wall clock: after the latest block's time, before the next block's.
  const r = await pay('/paid/idle-chain', await proof(req, { validAfter: wallNow - 3n, validBefore: wallNow + 300n }));
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.paid, true);
});

test('a proof pays once: replay for the same purchase is idempotent, for another purchase refused', async () => {
  const { req } = await requirementsFor('/paid/replay-a');
  const p = await proof(req);
  const before = await balanceOf(payer.address);
  const first = await pay('/paid/replay-a', p);
  assert.is(first.status, 201);
  assert.is(first.body.replayed, false);
  const again = await pay('/paid/replay-a', p);
  assert.is(again.status, 201);
  assert.is(again.body.replayed, true);
  assert.is(again.body.txHash, first.body.txHash);
  const other = await pay('/paid/replay-b', p);
  assert.is(other.status, 402);
  assert.is(other.body.error.code, 'payment_replayed');
  assert.ok(other.headers.get('payment-required'), 'a fresh PAYMENT-REQUIRED comes with the refusal');
  // A new proof for an already paid purchase is not charged.
  const fresh = await pay('/paid/replay-a', await proof(req));
  assert.is(fresh.status, 201);
  assert.is(fresh.body.replayed, true);
  assert.is(await balanceOf(payer.address), before - PRICE_ATOMIC);
  // The developer channel reads X-Payment-Receipt (any case).
  const dev = await pay('/dev/receipt', await proof(req), 'x-PAYMENT-receipt');
  assert.is(dev.status, 201);
  assert.is(dev.body.replayed, false);
});

test('the same proof from two concurrent requests settles once: one transfer on chain', async () => {
  const { req } = await requirementsFor('/paid/concurrent');
  const p = await proof(req);
  const before = await balanceOf(payer.address);
  const workBefore = work;
  const results = await Promise.all([pay('/paid/concurrent', p), pay('/paid/concurrent', p), pay('/paid/concurrent', p)]);
  const fresh = results.filter((r) => r.status === 201 && r.body.replayed === false);
  assert.is(fresh.length, 1, JSON.stringify(results.map((r) => [r.status, r.body])));
  for (const r of results.filter((x) => x !== fresh[0])) {
    assert.ok((r.status === 409 && r.body.error.code === 'payment_in_progress') || (r.status === 201 && r.body.replayed === true), JSON.stringify(r.body));
  }
  assert.is(work, workBefore + 1, 'the paid work ran once');
  assert.is(await balanceOf(payer.address), before - PRICE_ATOMIC);
  assert.is(await transfersOfNonce(payer.address, p.payload.authorization.nonce), 1);
});

test('refusals: expired, not yet valid, underpaid, overpaid, wrong asset, wrong network, wrong chain id, wrong recipient, invalid signature, no funds, malformed', async () => {
  const { req } = await requirementsFor('/paid/refusals');
  const now = BigInt(await chainTime());
  const stranger = Wallet.createRandom();
  const cases: [string, PaymentPayload | string, string][] = [
    ['expired', await proof(req, { validBefore: now - 10n }), 'payment_expired'],
    ['expires too soon', await proof(req, { validBefore: now + 2n }), 'payment_expired'],
    ['not yet valid', await proof(req, { validAfter: now + 1000n }), 'payment_not_yet_valid'],
    ['underpaid', await proof(req, { value: PRICE_ATOMIC - 1n }), 'payment_underpaid'],
    ['overpaid', await proof(req, { value: PRICE_ATOMIC + 1n }), 'payment_amount_mismatch'],
    ['wrong asset', await proof(req, { accepted: { asset: Wallet.createRandom().address } }), 'payment_wrong_asset'],
    ['wrong network', await proof(req, { accepted: { network: 'eip155:8453' } }), 'payment_wrong_network'],
    ['signed for another chain id', await proof(req, { chainId: 8453 }), 'payment_wrong_network'],
    ['wrong recipient', await proof(req, { to: stranger.address }), 'payment_wrong_recipient'],
    ['signed by someone else', await proof(req, { signer: stranger, from: payer.address }), 'payment_invalid_signature'],
    ['no funds', await proof(req, { signer: stranger }), 'payment_insufficient_funds'],
    ['malformed header', 'not base64!', 'payment_malformed'],
    ['malformed payload', encodeHeader({ x402Version: 2, payload: {} }), 'payment_malformed'],
  ];
  const garbled = await proof(req);
  garbled.payload.signature = '0x' + '11'.repeat(65);
  cases.push(['garbage signature', garbled, 'payment_invalid_signature']);
  const v1 = await proof(req);
  v1.x402Version = 1;
  cases.push(['x402 v1', v1, 'payment_unsupported']);
  const before = await balanceOf(payer.address);
  for (const [name, p, code] of cases) {
    const r = await pay('/paid/refusals', p);
    assert.is(r.status, 402, `${name}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.error.code, code, `${name}: ${JSON.stringify(r.body)}`);
    assert.type(r.body.error.message, 'string');
    const again = decodeHeader<PaymentRequired>(r.headers.get('payment-required'));
    assert.is(again.error, code);
  }
  assert.is(await balanceOf(payer.address), before);
  // Refused proofs leave nothing behind: the purchase can still be paid.
  assert.is((await listPayments({ resource: 'demo:refusals' })).length, 0);
  const ok = await pay('/paid/refusals', await proof(req));
  assert.is(ok.status, 201);
});

test('an EIP-1271 smart-wallet payer is accepted', async () => {
  const owner = Wallet.createRandom();
  const walletAddress = await withSigner(ctx, ANVIL_ACCOUNTS[5].key, async (signer) => {
    const c = await new ContractFactory(testSmartWalletArtifact.abi, testSmartWalletArtifact.bytecode, signer).deploy(owner.address);
    await c.waitForDeployment();
    return getAddress(await c.getAddress());
  });
  await fundUsdc(walletAddress, '100', chain.cfg);
  const { req } = await requirementsFor('/paid/smart-wallet');
  const bad = await pay('/paid/smart-wallet', await proof(req, { signer: Wallet.createRandom(), from: walletAddress }));
  assert.is(bad.body.error?.code, 'payment_invalid_signature');
  const r = await pay('/paid/smart-wallet', await proof(req, { signer: owner, from: walletAddress }));
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(await balanceOf(walletAddress), 100_000000n - PRICE_ATOMIC);
});

test('a settlement interrupted after broadcast is reconciled by nonce, without a second transfer', async () => {
  const { req } = await requirementsFor('/paid/interrupted');
  const p = await proof(req);
  const before = await balanceOf(payer.address);
  const facilitatorNonce = await ctx.provider.getTransactionCount(chain.cfg.facilitatorAddress!, 'latest');
  crashAfterBroadcast = true;
  const r = await pay('/paid/interrupted', p);
  assert.is(r.status, 409);
  assert.is(r.body.error.code, 'payment_in_progress');
  assert.is(r.headers.get('retry-after'), '5');
  let [row] = await listPayments({ resource: 'demo:interrupted' });
  assert.is(row?.status, 'SETTLING');
  assert.match(row!.txHash!, /^0x[0-9a-f]{64}$/);
  const broadcast = row!.txHash;
  // The worst case: the transaction hash was never recorded (a facilitator that died mid-answer).
  await db.sequelize.query('UPDATE payments SET tx_hash = NULL WHERE id = ?', { replacements: [row!.id] });

  const summary = await reconcilePending({ ctx, minAgeMs: 0 });
  assert.equal(summary, { settled: 1, failed: 0, pending: 0, released: 0 });
  [row] = await listPayments({ resource: 'demo:interrupted' });
  assert.is(row?.status, 'SETTLED');
  assert.is(row?.txHash, broadcast);
  assert.is(await balanceOf(payer.address), before - PRICE_ATOMIC);
  const retry = await pay('/paid/interrupted', p);
  assert.is(retry.status, 201);
  assert.is(retry.body.replayed, true);
  assert.is(retry.body.txHash, broadcast);
  assert.is(await balanceOf(payer.address), before - PRICE_ATOMIC, 'the payer paid exactly once');
  assert.is(await ctx.provider.getTransactionCount(chain.cfg.facilitatorAddress!, 'latest'), facilitatorNonce + 1, 'one settlement transaction');
  assert.is(await transfersOfNonce(payer.address, p.payload.authorization.nonce), 1);

  // The client's own retry resolves an interrupted settlement too (inline reconciliation).
  const { req: req2 } = await requirementsFor('/paid/interrupted-2');
  const p2 = await proof(req2);
  crashAfterBroadcast = true;
  assert.is((await pay('/paid/interrupted-2', p2)).status, 409);
  const retry2 = await pay('/paid/interrupted-2', p2);
  assert.is(retry2.status, 201);
  assert.is(await transfersOfNonce(payer.address, p2.payload.authorization.nonce), 1);
  assert.is(await balanceOf(payer.address), before - 2n * PRICE_ATOMIC);
});

test('an authorization that expired unsettled is marked failed and frees the purchase', async () => {
  const { req } = await requirementsFor('/paid/expired-unsettled');
  const p = await proof(req);
  // A SETTLING row whose transaction never reached the chain (e.g. the process died right after recording the hash).
  const now = await chainTime();
  await db.sequelize.query(
    `INSERT INTO payments (id, payer, pay_to, amount_atomic, asset, network, nonce, valid_before, status, tx_hash, resource, resource_live, search_from_block, created_at, updated_at)
     VALUES (UUID(), ?, ?, ?, ?, ?, ?, ?, 'SETTLING', ?, 'demo:expired-unsettled', 1, 0, NOW(3), NOW(3))`,
    { replacements: [payer.address.toLowerCase(), req.payTo.toLowerCase(), req.amount, req.asset.toLowerCase(), req.network, p.payload.authorization.nonce, String(now + 2), '0x' + 'ab'.repeat(32)] },
  );
  assert.is((await pay('/paid/expired-unsettled', await proof(req))).body.error.code, 'payment_in_progress');
  await ctx.provider.send('evm_increaseTime', [10]);
  await ctx.provider.send('evm_mine', []);
  const summary = await reconcilePending({ ctx, minAgeMs: 0 });
  assert.is(summary.failed, 1);
  const [row] = await listPayments({ resource: 'demo:expired-unsettled', status: 'FAILED' });
  assert.is(row?.errorCode, 'payment_expired');
  const ok = await pay('/paid/expired-unsettled', await proof(req));
  assert.is(ok.status, 201, JSON.stringify(ok.body));
});

/**
 * A payment as a process that died left it: the row with its stored authorization, owned by a
 * process that no longer renews its lease (lease_until in the past), or still alive (future).
 */
async function orphan(resource: string, p: PaymentPayload, req: PaymentRequirements, o: { status?: 'RESERVED' | 'SETTLING'; leaseSeconds?: number; txHash?: string | null } = {}): Promise<string> {
  const [[row]] = (await db.sequelize.query('SELECT UUID() AS id')) as [{ id: string }[], unknown];
  const a = p.payload.authorization;
  await db.sequelize.query(
    `INSERT INTO payments (id, payer, pay_to, amount_atomic, asset, network, nonce, valid_before, status, tx_hash, resource, resource_live, search_from_block,
       settlement, lease_owner, lease_until, settle_attempts, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0, ?, 'dead-host:4242:0000', NOW(3) + INTERVAL ? SECOND, 0, NOW(3), NOW(3))`,
    {
      replacements: [
        row!.id, a.from.toLowerCase(), req.payTo.toLowerCase(), req.amount, req.asset.toLowerCase(), req.network, a.nonce.toLowerCase(), a.validBefore,
        o.status ?? 'SETTLING', o.txHash ?? null, resource, JSON.stringify({ payload: p, requirements: req, contractWallet: false }), o.leaseSeconds ?? -1,
      ],
    },
  );
  return row!.id;
}

test('payments left SETTLING before broadcast by a dead process: the reconciler broadcasts each exactly once, even with two reconcilers racing', async () => {
  const before = await balanceOf(payer.address);
  const facilitatorNonce = await ctx.provider.getTransactionCount(chain.cfg.facilitatorAddress!, 'latest');
  const proofs: PaymentPayload[] = [];
  for (let i = 0; i < 4; i++) {
    const { req } = await requirementsFor(`/paid/orphan-${i}`);
    const p = await proof(req);
    proofs.push(p);
    await orphan(`demo:orphan-${i}`, p, req);
  }
  // An owner still alive (lease in the future) is left alone.
  const { req: liveReq } = await requirementsFor('/paid/orphan-live');
  const live = await proof(liveReq);
  await orphan('demo:orphan-live', live, liveReq, { leaseSeconds: 60 });

  const [a, b] = await Promise.all([reconcilePending({ ctx }), reconcilePending({ ctx })]);
  assert.is(a.settled + b.settled, 4, JSON.stringify([a, b]));
  assert.is(await balanceOf(payer.address), before - 4n * PRICE_ATOMIC, 'each payer charged once');
  assert.is(await ctx.provider.getTransactionCount(chain.cfg.facilitatorAddress!, 'latest'), facilitatorNonce + 4, 'one settlement transaction per payment');
  for (let i = 0; i < 4; i++) {
    const [row] = await listPayments({ resource: `demo:orphan-${i}` });
    assert.is(row?.status, 'SETTLED');
    assert.is(await transfersOfNonce(payer.address, proofs[i]!.payload.authorization.nonce), 1);
    const [[raw]] = (await db.sequelize.query('SELECT settlement, lease_until, settle_attempts FROM payments WHERE id = ?', { replacements: [row!.id] })) as [any[], unknown];
    assert.is(raw.settlement, null, 'the stored authorization is dropped once final');
    assert.is(raw.settle_attempts, 1);
    // The client's retry with the same header now completes the request, without a second charge.
    const retry = await pay(`/paid/orphan-${i}`, proofs[i]!);
    assert.is(retry.status, 201, JSON.stringify(retry.body));
    assert.is(retry.body.txHash, row!.txHash);
  }
  assert.is(await balanceOf(payer.address), before - 4n * PRICE_ATOMIC);
  const [stillLive] = await listPayments({ resource: 'demo:orphan-live' });
  assert.is(stillLive?.status, 'SETTLING', 'a live owner keeps its payment');
  assert.is((await pay('/paid/orphan-live', live)).body.error.code, 'payment_in_progress');
  await db.sequelize.query("UPDATE payments SET lease_until = NOW(3) - INTERVAL 1 SECOND WHERE resource = 'demo:orphan-live'");
  // The owner died after all: the client's retry finishes the payment itself, without waiting for a reconciler.
  const finished = await pay('/paid/orphan-live', live);
  assert.is(finished.status, 201, JSON.stringify(finished.body));
  assert.is(await balanceOf(payer.address), before - 5n * PRICE_ATOMIC);
});

test('a dead process after broadcast: the retry confirms the mined transfer by nonce and never broadcasts again', async () => {
  const { req } = await requirementsFor('/paid/orphan-mined');
  const p = await proof(req);
  const before = await balanceOf(payer.address);
  crashAfterBroadcast = true;
  assert.is((await pay('/paid/orphan-mined', p)).status, 409);
  // As if the process had died there: its lease is simply not renewed any more.
  await db.sequelize.query("UPDATE payments SET lease_owner = 'dead-host:1:0000', lease_until = NOW(3) - INTERVAL 1 SECOND WHERE resource = 'demo:orphan-mined'");
  const facilitatorNonce = await ctx.provider.getTransactionCount(chain.cfg.facilitatorAddress!, 'latest');
  const retry = await pay('/paid/orphan-mined', p);
  assert.is(retry.status, 201, JSON.stringify(retry.body));
  assert.is(await ctx.provider.getTransactionCount(chain.cfg.facilitatorAddress!, 'latest'), facilitatorNonce, 'nothing broadcast again');
  assert.is(await balanceOf(payer.address), before - PRICE_ATOMIC);
});

test('a reservation left by a dead process before verification is dropped; the same proof then pays', async () => {
  const { req } = await requirementsFor('/paid/orphan-reserved');
  const p = await proof(req);
  await orphan('demo:orphan-reserved', p, req, { status: 'RESERVED', leaseSeconds: 60 });
  assert.is((await pay('/paid/orphan-reserved', p)).body.error.code, 'payment_in_progress', 'a live reservation is respected');
  await db.sequelize.query("UPDATE payments SET lease_until = NOW(3) - INTERVAL 1 SECOND WHERE resource = 'demo:orphan-reserved'");
  const before = await balanceOf(payer.address);
  const r = await pay('/paid/orphan-reserved', p);
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(await balanceOf(payer.address), before - PRICE_ATOMIC);
});

test('an orphaned authorization too close to its validBefore is not broadcast; once expired it is released', async () => {
  const { req } = await requirementsFor('/paid/orphan-expiring');
  const p = await proof(req, { validBefore: BigInt((await chainTime()) + 4) });
  await orphan('demo:orphan-expiring', p, req);
  const facilitatorNonce = await ctx.provider.getTransactionCount(chain.cfg.facilitatorAddress!, 'latest');
  assert.is((await reconcilePending({ ctx })).pending, 1);
  await ctx.provider.send('evm_increaseTime', [10]);
  await ctx.provider.send('evm_mine', []);
  assert.is((await reconcilePending({ ctx })).failed, 1);
  assert.is(await ctx.provider.getTransactionCount(chain.cfg.facilitatorAddress!, 'latest'), facilitatorNonce);
  const [row] = await listPayments({ resource: 'demo:orphan-expiring' });
  assert.equal([row?.status, row?.errorCode], ['FAILED', 'payment_expired']);
});

test('the pre-broadcast fence: a process whose payment was taken over never broadcasts it', async () => {
  const { req } = await requirementsFor('/paid/orphan-fence');
  const id = await orphan('demo:orphan-fence', await proof(req), req, { leaseSeconds: 60 });
  try {
    await fence(id, '0x' + '12'.repeat(32));
    assert.unreachable('fence passed for a payment another process owns');
  } catch (err) {
    assert.instance(err, LeaseLost);
  }
  await db.sequelize.query('UPDATE payments SET lease_owner = ? WHERE id = ?', { replacements: [LEASE_OWNER, id] });
  await fence(id, '0x' + '12'.repeat(32));
  const [[raw]] = (await db.sequelize.query('SELECT tx_hash, settle_attempts FROM payments WHERE id = ?', { replacements: [id] })) as [any[], unknown];
  assert.equal([raw.tx_hash, raw.settle_attempts], ['0x' + '12'.repeat(32), 1]);
  await db.sequelize.query("UPDATE payments SET status = 'FAILED', resource_live = NULL WHERE id = ?", { replacements: [id] });
});

test('an external facilitator (/verify, /settle) settles; its error text never leaks the RPC URL', async () => {
  const secretRpc = `http://127.0.0.1:${chain.port}/v2/SECRET-API-KEY`;
  const fac = express();
  fac.use(express.json());
  let mode: 'ok' | 'broken' | 'invalid' = 'ok';
  const settlerOnChain = localSettler(ctx);
  fac.post('/verify', (req, res) => {
    if (mode === 'broken') return res.status(500).send(`upstream error: could not reach ${secretRpc} (ECONNREFUSED)`);
    if (mode === 'invalid') return res.json({ isValid: false, invalidReason: 'invalid_exact_evm_payload_signature', invalidMessage: `rpc ${secretRpc} said no` });
    res.json({ isValid: true, payer: req.body.paymentPayload.payload.authorization.from });
  });
  fac.post('/settle', async (req, res) => {
    const body = req.body as { paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements };
    const a = body.paymentPayload.payload.authorization;
    const out = await settlerOnChain.settle(body.paymentPayload, body.paymentRequirements, { payer: getAddress(a.from), nonce: a.nonce, value: BigInt(a.value), contractWallet: false });
    if (out.status !== 'settled') return res.status(500).send(`settle failed via ${secretRpc}`);
    res.json({ success: true, transaction: out.txHash, network: body.paymentRequirements.network, payer: a.from });
  });
  const { url } = await listen(fac);
  gateSettler = facilitatorSettler(ctx, url);
  try {
    const { req } = await requirementsFor('/paid/facilitated');
    const before = await balanceOf(payer.address);
    const ok = await pay('/paid/facilitated', await proof(req));
    assert.is(ok.status, 201, JSON.stringify(ok.body));
    assert.is(await balanceOf(payer.address), before - PRICE_ATOMIC);

    for (const m of ['broken', 'invalid'] as const) {
      mode = m;
      const r = await pay(`/paid/facilitated-${m}`, await proof(req));
      const text = JSON.stringify(r.body) + (r.headers.get('payment-required') ?? '');
      assert.not.match(text, /SECRET|\/v2\/|ECONNREFUSED|127\.0\.0\.1:\d+\/v2/);
      assert.is(r.status, m === 'broken' ? 503 : 402);
      assert.is(r.body.error.code, m === 'broken' ? 'payment_unavailable' : 'payment_invalid_signature');
    }
  } finally {
    gateSettler = undefined;
  }

  // A dead RPC endpoint whose URL carries a key: the refusal says "unavailable", nothing more.
  const deadUrl = 'http://127.0.0.1:9/v2/SECRET-API-KEY';
  gateChain = async () => ({ ...ctx, provider: getProvider(deadUrl, ctx.chainId), cfg: { ...ctx.cfg, rpcUrl: deadUrl } });
  try {
    const { req } = await requirementsFor('/paid/rpc-down');
    const p = await proof(req);
    const r = await pay('/paid/rpc-down', p);
    assert.is(r.status, 503);
    assert.is(r.body.error.code, 'payment_unavailable');
    assert.not.match(JSON.stringify(r.body), /SECRET|127\.0\.0\.1:9/);
    gateChain = async () => ctx;
    // Nothing reached the chain, so the same proof still works once the chain is back.
    const ok = await pay('/paid/rpc-down', p);
    assert.is(ok.status, 201, JSON.stringify(ok.body));
  } finally {
    gateChain = async () => ctx;
  }
});

test.run();
