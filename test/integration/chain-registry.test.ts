import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID, createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Contract, JsonRpcProvider, Wallet, zeroPadValue, type Interface } from 'ethers';
import { DataTypes, type Model, type ModelStatic } from 'sequelize';
import { startTestChain, createTestDatabase, type TestChain, type TestDatabase } from '../support/anvil.js';
import { deployLocal, ensureLocalChain, fundUsdc, rpcAnswers, type LocalDeployment } from '../../shared/chain/local-chain.js';
import { verifyCommitmentWithEthers } from '../../shared/chain/verify-commitment.js';
import { freePort } from '../support/anvil.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectChain, getProvider, withSigner, resetChainClients, ChainUnavailableError, type ChainContext } from '../../shared/chain/provider.js';
import { loadChainConfig, describeChainConfig, ChainConfigError } from '../../shared/chain/config.js';
import { certificateRegistryArtifact, testUsdcArtifact, CONTRACT_SOURCES_SHA256 } from '../../shared/chain/artifacts.js';
import { certificateIdToBytes32, bytes32ToCertificateId } from '../../shared/chain/ids.js';
import { commitCertificate, readCommitment, modelCommitStore, checkRecordedCommitment, recordLostCommitment, CommitmentMismatchError, type CommitStore } from '../../shared/chain/commit.js';
import { reconcileCommitments, resetReconcileCursor } from '../../shared/chain/reconcile.js';
import { registry as metricsRegistry } from '../../shared/metrics.js';
import { up as foundationUp } from '../../shared/db/migrations/0001-foundation.js';
import { readDeployment } from '../../shared/chain/deployment.js';
import { ANVIL_ACCOUNTS } from '../../shared/chain/presets.js';
import { repoRoot, readSources, sourcesDigest } from '../../scripts/build-contracts.js';

let chain: TestChain;
let dep: LocalDeployment;
let ctx: ChainContext;
let db: TestDatabase;
let store: CommitStore;

async function rejects(fn: () => Promise<unknown>, re?: RegExp): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if (re) assert.match((err as Error).message, re);
    return;
  }
  assert.unreachable('expected a rejection');
}

const sha = (s: string) => `0x${createHash('sha256').update(s).digest('hex')}`;

test.before(async () => {
  chain = await startTestChain();
  dep = await deployLocal(chain.cfg);
  ctx = await connectChain(chain.cfg);
  db = await createTestDatabase('chain');
  await foundationUp(db.sequelize.getQueryInterface());
  await db.sequelize.query(
    "INSERT INTO categories (`key`, product_type, name, price_usd, version_update_multiplier, free_resubmissions, active, created_at, updated_at) VALUES ('skill', 'SKILL', 'Skill', 25, 0.5, 1, 1, NOW(3), NOW(3))",
  );
  // Stand-ins for the models of shared/db/models.ts, bound to this test's database (same attribute names and columns).
  const opts = (tableName: string) => ({ tableName, underscored: true, timestamps: false });
  const Cert = db.sequelize.define('Certificate', { id: { type: DataTypes.CHAR(36), primaryKey: true }, payloadHash: DataTypes.CHAR(66) }, opts('certificates'));
  const State = db.sequelize.define(
    'CertificateState',
    {
      certificateId: { type: DataTypes.CHAR(36), primaryKey: true },
      onchainCommitted: DataTypes.BOOLEAN,
      onchainTxHash: DataTypes.STRING(66),
      onchainCommittedAt: DataTypes.DATE(3),
      onchainRegistryAddress: DataTypes.STRING(42),
      updatedAt: DataTypes.DATE(3),
    },
    opts('certificate_states'),
  );
  store = modelCommitStore({ Certificate: Cert as ModelStatic<Model>, CertificateState: State as ModelStatic<Model> });
});

test.after(async () => {
  resetChainClients();
  await chain?.stop();
  await db?.drop();
});

/** Inserts a sealed certificate (and its submission and live-state row) with raw SQL. */
async function insertCertificate(payloadHash = sha(randomUUID())): Promise<{ id: string; payloadHash: string }> {
  const id = randomUUID();
  const sub = randomUUID();
  await db.sequelize.query(
    `INSERT INTO submissions (id, owner, channel, category_key, product_type, idempotency_key, request_hash, status, status_changed_at, skill_name, skill_version, content_sha256, skill_content, created_at, updated_at)
     VALUES (?, 'actor:test', 'api', 'skill', 'SKILL', ?, ?, 'APPROVED', NOW(3), 'demo', '1.0.0', ?, 'x', NOW(3), NOW(3))`,
    { replacements: [sub, randomUUID(), 'a'.repeat(64), 'b'.repeat(64)] },
  );
  await db.sequelize.query(
    `INSERT INTO certificates (id, submission_id, owner, skill_name, skill_version, content_sha256, canonical_json, payload_hash, signature, signer, issued_at, created_at)
     VALUES (?, ?, 'actor:test', 'demo', '1.0.0', ?, '{}', ?, '0xsig', ?, NOW(3), NOW(3))`,
    { replacements: [id, sub, 'b'.repeat(64), payloadHash, ANVIL_ACCOUNTS[0].address] },
  );
  await db.sequelize.query(
    `INSERT INTO certificate_states (certificate_id, status, monitoring_state, created_at, updated_at) VALUES (?, 'APPROVED', 'ACTIVE', NOW(3), NOW(3))`,
    { replacements: [id] },
  );
  return { id, payloadHash };
}

async function stateRow(id: string): Promise<Record<string, unknown>> {
  const [rows] = (await db.sequelize.query('SELECT * FROM certificate_states WHERE certificate_id = ?', { replacements: [id] })) as [Record<string, unknown>[], unknown];
  return rows[0]!;
}

async function certRow(id: string): Promise<Record<string, unknown>> {
  const [rows] = (await db.sequelize.query('SELECT * FROM certificates WHERE id = ?', { replacements: [id] })) as [Record<string, unknown>[], unknown];
  return rows[0]!;
}

const signerNonce = () => ctx.provider.getTransactionCount(chain.cfg.signerAddress, 'latest');

test('contract artifacts are compiled from the current contracts/*.sol', () => {
  assert.is(sourcesDigest(readSources(repoRoot())), CONTRACT_SOURCES_SHA256, 'run: node --import tsx scripts/build-contracts.ts');
});

test('chain configuration: local defaults, required values and public keys refused on real chains, nothing secret described', () => {
  const local = loadChainConfig({});
  assert.is(local.preset, 'local');
  assert.is(local.rpcUrl, 'http://127.0.0.1:8545');
  assert.is(local.signerAddress, ANVIL_ACCOUNTS[1].address);
  assert.is(local.facilitatorAddress, ANVIL_ACCOUNTS[2].address);
  assert.is(local.payTo, ANVIL_ACCOUNTS[3].address);
  assert.is(local.confirmations, 1);
  assert.is(local.maxTimeoutSeconds, 300);
  assert.is(local.stateDir, '.data/anvil');
  assert.equal(local.usdcEip712, { name: 'USD Coin', version: '2' });
  const sepolia = loadChainConfig({
    CHAIN_PRESET: 'base-sepolia',
    CHAIN_RPC_URL: 'https://rpc.example/v2/KEY123',
    CHAIN_SIGNER_KEY: '11'.repeat(32),
    REGISTRY_ADDRESS: ANVIL_ACCOUNTS[5].address.toLowerCase(),
    PAY_TO_ADDRESS: ANVIL_ACCOUNTS[5].address,
    X402_FACILITATOR_URL: 'https://facilitator.example/',
  });
  assert.is(sepolia.chainId, 84532);
  assert.is(sepolia.usdcAddress, '0x036CbD53842c5426634e7929541eC2318f3dCF7e');
  assert.equal(sepolia.usdcEip712, { name: 'USDC', version: '2' });
  assert.is(sepolia.registryAddress, ANVIL_ACCOUNTS[5].address);
  assert.is(sepolia.facilitatorKey, null);
  assert.is(sepolia.facilitatorUrl, 'https://facilitator.example');
  assert.not.match(JSON.stringify(describeChainConfig(sepolia)), /KEY123|1111/);
  assert.is(loadChainConfig({ CHAIN_PRESET: 'base', CHAIN_SIGNER_KEY: '11'.repeat(32), REGISTRY_ADDRESS: ANVIL_ACCOUNTS[5].address, PAY_TO_ADDRESS: ANVIL_ACCOUNTS[5].address, FACILITATOR_KEY: '22'.repeat(32) }).usdcAddress, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
  assert.throws(() => loadChainConfig({ CHAIN_PRESET: 'base' }), (e: Error) => e instanceof ChainConfigError && /CHAIN_SIGNER_KEY: required/.test(e.message) && /REGISTRY_ADDRESS/.test(e.message));
  assert.throws(
    () => loadChainConfig({ CHAIN_PRESET: 'base', CHAIN_SIGNER_KEY: ANVIL_ACCOUNTS[1].key, REGISTRY_ADDRESS: ANVIL_ACCOUNTS[5].address, PAY_TO_ADDRESS: ANVIL_ACCOUNTS[5].address, FACILITATOR_KEY: '22'.repeat(32) }),
    /public development key/,
  );
  assert.throws(() => loadChainConfig({ CHAIN_SIGNER_KEY: 'nope' }), (e: Error) => /CHAIN_SIGNER_KEY/.test(e.message) && !/nope/.test(e.message));
  assert.throws(() => loadChainConfig({ CHAIN_PRESET: 'mainnet' }), /CHAIN_PRESET/);
  assert.throws(() => loadChainConfig({ PAY_TO_ADDRESS: '0x123' }), /PAY_TO_ADDRESS/);
});

test('ensureLocalChain starts anvil when nothing answers on a loopback URL, and leaves a running node alone', async () => {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cert-ensure-'));
  const cfg = loadChainConfig({ CHAIN_RPC_URL: `http://127.0.0.1:${port}`, CHAIN_STATE_DIR: dir });
  const handle = await ensureLocalChain(cfg);
  try {
    assert.ok(handle, 'started a node');
    assert.ok(await rpcAnswers(cfg.rpcUrl));
    assert.is(await ensureLocalChain(cfg), null, 'already running');
    assert.is(await ensureLocalChain(loadChainConfig({ CHAIN_PRESET: 'base', CHAIN_RPC_URL: `http://127.0.0.1:${port}`, CHAIN_SIGNER_KEY: '11'.repeat(32), REGISTRY_ADDRESS: ANVIL_ACCOUNTS[5].address, PAY_TO_ADDRESS: ANVIL_ACCOUNTS[5].address, FACILITATOR_KEY: '22'.repeat(32) })), null);
  } finally {
    await handle?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  assert.is(await rpcAnswers(cfg.rpcUrl), false);
});

test('deployLocal deploys the registry and TestUSDC once, records them, and funds the demo payer', async () => {
  assert.is.not(await ctx.provider.getCode(dep.registryAddress), '0x');
  assert.is.not(await ctx.provider.getCode(dep.usdcAddress), '0x');
  const rec = readDeployment(chain.stateDir, dep.chainId);
  assert.is(rec?.registryAddress, dep.registryAddress);
  assert.is(rec?.usdcAddress, dep.usdcAddress);
  assert.equal(rec?.usdcEip712, { name: 'USD Coin', version: '2' });
  const again = await deployLocal(chain.cfg);
  assert.is(again.registryAddress, dep.registryAddress);
  assert.is(again.usdcAddress, dep.usdcAddress);
  const usdc = new Contract(dep.usdcAddress, testUsdcArtifact.abi, ctx.provider);
  assert.is(await usdc.getFunction('decimals')(), 6n);
  assert.is(await usdc.getFunction('name')(), 'USD Coin');
  assert.ok((await usdc.getFunction('balanceOf')(dep.demoPayer.address)) >= 1000_000000n);
  const registry = new Contract(dep.registryAddress, certificateRegistryArtifact.abi, ctx.provider);
  assert.is(await registry.getFunction('owner')(), chain.cfg.signerAddress);

  const someone = Wallet.createRandom().address;
  const funded = await fundUsdc(someone, '100', chain.cfg);
  assert.is(funded.balanceUsdc, '100.0');
  await rejects(() => fundUsdc(someone, '-1', chain.cfg));
  await rejects(() => fundUsdc(someone, '1', loadChainConfig({ CHAIN_PRESET: 'base', CHAIN_SIGNER_KEY: '0x' + '11'.repeat(32), REGISTRY_ADDRESS: someone, PAY_TO_ADDRESS: someone, FACILITATOR_KEY: '0x' + '22'.repeat(32) })));
});

test('the certificate id mapping is reversible and computable with ethers alone', () => {
  const id = randomUUID();
  const b = certificateIdToBytes32(id);
  assert.is(b, zeroPadValue('0x' + id.replaceAll('-', '').toLowerCase(), 32));
  assert.is(b.length, 66);
  assert.is(bytes32ToCertificateId(b), id);
  assert.is(certificateIdToBytes32(id.toUpperCase()), b);
  assert.throws(() => certificateIdToBytes32('not-a-uuid'));
});

test('the registry commits once per id, refuses a second commit with AlreadyCommitted, and only for its owner', async () => {
  const id = certificateIdToBytes32(randomUUID());
  const hash = sha('payload-1');
  const registry = new Contract(dep.registryAddress, certificateRegistryArtifact.abi, ctx.provider);
  const receipt = await withSigner(ctx, chain.cfg.signerKey, async (signer) => {
    const tx = await (registry.connect(signer) as Contract).getFunction('commit')(id, hash);
    return tx.wait();
  });
  assert.is(receipt.status, 1);
  const ev = receipt.logs.map((l: { topics: string[]; data: string }) => registry.interface.parseLog(l)).find((e: { name: string } | null) => e?.name === 'CertificateCommitted');
  assert.is(ev.args.certificateId, id);
  assert.is(ev.args.payloadHash, hash);
  assert.is(await registry.getFunction('isCommitted')(id, hash), true);
  assert.is(await registry.getFunction('isCommitted')(id, sha('other')), false);
  const [h, at, bn] = await registry.getFunction('commitmentOf')(id);
  assert.is(h, hash);
  assert.ok(at > 0n);
  assert.is(Number(bn), receipt.blockNumber);

  const decode = (err: unknown, iface: Interface) => iface.parseError((err as { data: string }).data);
  try {
    await withSigner(ctx, chain.cfg.signerKey, (signer) => (registry.connect(signer) as Contract).getFunction('commit').staticCall(id, sha('payload-2')));
    assert.unreachable('second commit accepted');
  } catch (err) {
    const parsed = decode(err, registry.interface);
    assert.is(parsed?.name, 'AlreadyCommitted');
    assert.is(parsed?.args[0], id);
  }
  // Sent for real (no estimate), the transaction reverts too.
  const second = await withSigner(ctx, chain.cfg.signerKey, async (signer) => {
    const tx = await (registry.connect(signer) as Contract).getFunction('commit')(id, sha('payload-2'), { gasLimit: 200000 });
    try {
      await tx.wait();
      return 'mined';
    } catch {
      return 'reverted';
    }
  });
  assert.is(second, 'reverted');
  assert.is((await registry.getFunction('commitmentOf')(id))[0], hash);

  const stranger = new Wallet(ANVIL_ACCOUNTS[5].key, ctx.provider);
  try {
    await (registry.connect(stranger) as Contract).getFunction('commit').staticCall(certificateIdToBytes32(randomUUID()), hash);
    assert.unreachable('non-owner commit accepted');
  } catch (err) {
    assert.is(decode(err, registry.interface)?.name, 'NotOwner');
  }
});

test('a consumer verifies a commitment with ethers alone', async () => {
  const cert = await insertCertificate();
  await commitCertificate(cert.id, { ctx, store });
  const provider = new JsonRpcProvider(chain.cfg.rpcUrl);
  try {
    const registry = new Contract(
      dep.registryAddress,
      ['function isCommitted(bytes32 id, bytes32 payloadHash) view returns (bool)', 'function commitmentOf(bytes32 id) view returns (bytes32 payloadHash, uint64 committedAt, uint64 blockNumber)'],
      provider,
    );
    const id = zeroPadValue('0x' + cert.id.replaceAll('-', '').toLowerCase(), 32);
    assert.is(await registry.getFunction('isCommitted')(id, cert.payloadHash), true);
    assert.is(await registry.getFunction('isCommitted')(id, sha('tampered')), false);
    const [hash, committedAt] = await registry.getFunction('commitmentOf')(id);
    assert.is(hash, cert.payloadHash);
    assert.ok(committedAt > 0n);
  } finally {
    provider.destroy();
  }
  const v = await verifyCommitmentWithEthers({ rpcUrl: chain.cfg.rpcUrl, registryAddress: dep.registryAddress, certificateId: cert.id, payloadHash: cert.payloadHash });
  assert.is(v.committed, true);
  assert.is(v.onChainPayloadHash, cert.payloadHash);
  const forged = await verifyCommitmentWithEthers({ rpcUrl: chain.cfg.rpcUrl, registryAddress: dep.registryAddress, certificateId: cert.id, payloadHash: sha('forged') });
  assert.is(forged.committed, false);
  assert.is((await verifyCommitmentWithEthers({ rpcUrl: chain.cfg.rpcUrl, registryAddress: dep.registryAddress, certificateId: randomUUID(), payloadHash: cert.payloadHash })).committed, false);
});

test('commitCertificate is idempotent: committed, then skipped, then recognised on chain without a second transaction', async () => {
  const cert = await insertCertificate();
  const sealedBefore = await certRow(cert.id);
  const first = await commitCertificate(cert.id, { ctx, store });
  assert.is(first.status, 'committed');
  assert.match(first.txHash!, /^0x[0-9a-f]{64}$/);
  const row = await stateRow(cert.id);
  assert.is(Number(row.onchain_committed), 1);
  assert.is(row.onchain_tx_hash, first.txHash);
  assert.is(row.onchain_registry_address, dep.registryAddress);
  const receipt = await ctx.provider.getTransactionReceipt(first.txHash!);
  const block = await ctx.provider.getBlock(receipt!.blockNumber);
  assert.is((row.onchain_committed_at as Date).getTime(), block!.timestamp * 1000);
  assert.equal(await certRow(cert.id), sealedBefore, 'the sealed certificate is never written');

  const nonce = await signerNonce();
  assert.equal(await commitCertificate(cert.id, { ctx, store }), { status: 'skipped', txHash: first.txHash });
  // The live-state row lost (e.g. restored from an older backup): the chain is the truth.
  await db.sequelize.query('UPDATE certificate_states SET onchain_committed = 0, onchain_tx_hash = NULL, onchain_committed_at = NULL WHERE certificate_id = ?', { replacements: [cert.id] });
  assert.equal(await commitCertificate(cert.id, { ctx, store }), { status: 'already', txHash: first.txHash });
  assert.is(await signerNonce(), nonce, 'nothing was sent again');
  assert.is((await stateRow(cert.id)).onchain_tx_hash, first.txHash);

  const view = await readCommitment(cert.id, { ctx });
  assert.is(view.committed, true);
  assert.is(view.payloadHash, cert.payloadHash);
  assert.is(view.txHash, first.txHash);
  assert.is((await readCommitment(randomUUID(), { ctx })).committed, false);
});

test('concurrent commits of one certificate send one transaction', async () => {
  const cert = await insertCertificate();
  const nonce = await signerNonce();
  const results = await Promise.all([1, 2, 3].map(() => commitCertificate(cert.id, { ctx, store })));
  assert.is(await signerNonce(), nonce + 1);
  assert.is(results.filter((r) => r.status === 'committed').length, 1);
  assert.ok(results.every((r) => r.txHash === results[0]!.txHash));
});

test('a commitment on chain with another hash is a loud error, and the state row stays untouched', async () => {
  const cert = await insertCertificate();
  const registry = new Contract(dep.registryAddress, certificateRegistryArtifact.abi, ctx.provider);
  await withSigner(ctx, chain.cfg.signerKey, async (signer) => (await (registry.connect(signer) as Contract).getFunction('commit')(certificateIdToBytes32(cert.id), sha('forged'))).wait());
  try {
    await commitCertificate(cert.id, { ctx, store });
    assert.unreachable('mismatch accepted');
  } catch (err) {
    assert.instance(err, CommitmentMismatchError);
  }
  assert.is(Number((await stateRow(cert.id)).onchain_committed), 0);
});

test('a chain that is down only delays: the commit throws a retryable error', async () => {
  const cert = await insertCertificate();
  const down = loadChainConfig({ CHAIN_RPC_URL: 'http://127.0.0.1:9/secret-path', CHAIN_STATE_DIR: chain.stateDir });
  try {
    await commitCertificate(cert.id, { cfg: down, store });
    assert.unreachable('no error');
  } catch (err) {
    assert.instance(err, ChainUnavailableError);
    assert.not.match((err as Error).message, /secret-path|127\.0\.0\.1/);
  }
  assert.is(Number((await stateRow(cert.id)).onchain_committed), 0);
  assert.is((await commitCertificate(cert.id, { ctx, store })).status, 'committed');
});

test('a commit broadcast before a crash and a node restart is recognised afterwards, not sent twice', async () => {
  const cert = await insertCertificate();
  let broadcast = '';
  await rejects(
    () =>
      commitCertificate(cert.id, {
        ctx,
        store,
        afterBroadcast: (h) => {
          broadcast = h;
          throw new Error('simulated crash after broadcast');
        },
      }),
    /simulated crash/,
  );
  assert.match(broadcast, /^0x[0-9a-f]{64}$/);
  assert.is(Number((await stateRow(cert.id)).onchain_committed), 0);
  const nonce = await signerNonce();

  await chain.restart();
  assert.ok(existsSync(chain.stateFile), 'anvil wrote its state');
  const after = await connectChain(chain.cfg);
  assert.is(await after.provider.getTransactionCount(chain.cfg.signerAddress, 'latest'), nonce, 'the node kept its state');
  const r = await commitCertificate(cert.id, { ctx: after, store });
  assert.equal(r, { status: 'already', txHash: broadcast });
  assert.is(await after.provider.getTransactionCount(chain.cfg.signerAddress, 'latest'), nonce, 'no second transaction');
  const row = await stateRow(cert.id);
  assert.is(Number(row.onchain_committed), 1);
  assert.is(row.onchain_tx_hash, broadcast);
  // The signer keeps working after the restart (its nonce manager re-reads the chain when needed).
  const next = await insertCertificate();
  assert.is((await commitCertificate(next.id, { ctx: after, store })).status, 'committed');
});

async function repairedCount(reason: string): Promise<number> {
  const m = await metricsRegistry.getSingleMetric('cert_chain_commits_repaired_total')!.get();
  return m.values.filter((v) => v.labels.reason === reason).reduce((a, v) => a + v.value, 0);
}

test('a recorded commitment the chain dropped is found by the next commit job and committed again, once', async () => {
  const c = await connectChain(chain.cfg);
  const cert = await insertCertificate();
  const snapshot = await c.provider.send('evm_snapshot', []);
  const first = await commitCertificate(cert.id, { ctx: c, store });
  assert.is(first.status, 'committed');
  // The chain goes back to before the commit (what a reorganisation or a reset from older state does).
  assert.is(await c.provider.send('evm_revert', [snapshot]), true);
  assert.is(await c.provider.getTransactionReceipt(first.txHash!), null);
  assert.is(await checkRecordedCommitment(c, { certificateId: cert.id, payloadHash: cert.payloadHash, txHash: first.txHash!, registryAddress: dep.registryAddress, version: null }), 'commitment_missing');
  const before = await repairedCount('commitment_missing');
  const stale = await store.loadState(cert.id);
  const again = await commitCertificate(cert.id, { ctx: c, store });
  assert.is(again.status, 'committed');
  // Sent again (same nonce and fees can give the very same hash): the chain holds it now.
  assert.is((await c.provider.getTransactionReceipt(again.txHash!))?.status, 1);
  assert.is(await repairedCount('commitment_missing'), before + 1);
  const row = await stateRow(cert.id);
  assert.is(Number(row.onchain_committed), 1);
  assert.is(row.onchain_tx_hash, again.txHash);
  // A check that read the row before the re-commit (a reconciliation racing the job) clears nothing,
  // even when the re-sent transaction has the lost one's hash.
  await new Promise((r) => setTimeout(r, 5));
  assert.is(await recordLostCommitment(store, { certificateId: cert.id, payloadHash: cert.payloadHash, txHash: again.txHash!, registryAddress: dep.registryAddress, version: stale!.version }, 'commitment_missing', 'test'), false);
  assert.is(Number((await stateRow(cert.id)).onchain_committed), 1);
  // Held now: the next job only checks.
  const nonce = await signerNonce();
  assert.equal(await commitCertificate(cert.id, { ctx: c, store }), { status: 'skipped', txHash: again.txHash });
  assert.is(await signerNonce(), nonce);
});

test('the reconciliation clears records the chain lost, hands them to be committed again, and leaves held ones alone', async () => {
  const c = await connectChain(chain.cfg);
  const held = await insertCertificate();
  await commitCertificate(held.id, { ctx: c, store });
  const snapshot = await c.provider.send('evm_snapshot', []);
  const lost = [await insertCertificate(), await insertCertificate()];
  for (const l of lost) await commitCertificate(l.id, { ctx: c, store });
  await c.provider.send('evm_revert', [snapshot]);
  // A record naming a transaction the chain does not have, while the registry holds the id: re-recorded, not re-sent.
  await db.sequelize.query('UPDATE certificate_states SET onchain_tx_hash = ? WHERE certificate_id = ?', { replacements: [`0x${'ab'.repeat(32)}`, held.id] });

  resetReconcileCursor();
  const enqueued: string[] = [];
  const enqueue = async (id: string) => void enqueued.push(id);
  let checked = 0;
  const repaired: string[] = [];
  // Small batches: the walk resumes where it stopped and completes one pass.
  for (;;) {
    const r = await reconcileCommitments({ ctx: c, store, batch: 2, enqueue });
    checked += r.checked;
    repaired.push(...r.repaired.map((x) => `${x.certificateId}:${x.reason}`));
    if (r.passComplete) break;
  }
  assert.ok(checked >= 3);
  assert.equal(repaired.sort(), [...lost.map((l) => `${l.id}:commitment_missing`), `${held.id}:tx_missing`].sort());
  assert.equal(enqueued.sort(), [...lost.map((l) => l.id), held.id].sort());
  for (const l of lost) assert.is(Number((await stateRow(l.id)).onchain_committed), 0, 'shows committed: false until committed again');

  // What the enqueued jobs do: the lost ones are sent again, the held one only re-recorded.
  const nonce = await signerNonce();
  for (const l of lost) assert.is((await commitCertificate(l.id, { ctx: c, store })).status, 'committed');
  const h = await commitCertificate(held.id, { ctx: c, store });
  assert.is(h.status, 'already');
  assert.is(await signerNonce(), nonce + 2);
  assert.is((await stateRow(held.id)).onchain_tx_hash, h.txHash);
  // A second pass finds nothing to repair.
  resetReconcileCursor();
  const second = await reconcileCommitments({ ctx: c, store, batch: 1000, enqueue });
  assert.equal(second.repaired, []);
});

test('with CHAIN_CONFIRMATIONS=2 a commit is recorded only once a block is mined on top of it', async () => {
  const cfg2 = { ...chain.cfg, confirmations: 2, txTimeoutMs: 20000 };
  const c = await connectChain(cfg2);
  const cert = await insertCertificate();
  let mined: Promise<unknown> | undefined;
  const out = commitCertificate(cert.id, {
    ctx: c,
    store,
    afterBroadcast: async () => {
      // anvil mines on demand: one more block arrives only when asked.
      mined = new Promise((r) => setTimeout(r, 1500)).then(async () => {
        assert.is(Number((await stateRow(cert.id)).onchain_committed), 0, 'not committed with one confirmation');
        return c.provider.send('evm_mine', []);
      });
    },
  });
  const r = await out;
  await mined;
  assert.is(r.status, 'committed');
  const receipt = await c.provider.getTransactionReceipt(r.txHash!);
  assert.ok((await c.provider.getBlockNumber()) >= receipt!.blockNumber + 1);
  assert.is(Number((await stateRow(cert.id)).onchain_committed), 1);
});

test('a signer whose node dies mid-send rejects the call and leaves no unhandled rejection behind (it used to end the worker)', async () => {
  const leaked: unknown[] = [];
  const onLeak = (reason: unknown) => leaked.push(reason);
  process.on('unhandledRejection', onLeak);
  try {
    const deadUrl = `http://127.0.0.1:${await freePort()}`;
    const dead: ChainContext = { ...ctx, cfg: { ...chain.cfg, rpcUrl: deadUrl }, provider: getProvider(deadUrl, ctx.chainId) };
    await rejects(() => withSigner(dead, chain.cfg.signerKey, (signer) => signer.sendTransaction({ to: ANVIL_ACCOUNTS[4].address, value: 1n })), /ECONNREFUSED/);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(leaked.map((e) => (e as Error).message), []);
  } finally {
    process.off('unhandledRejection', onLeak);
  }
});

test.run();
