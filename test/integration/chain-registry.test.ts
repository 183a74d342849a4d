import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID, createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { AbiCoder, Contract, ContractFactory, JsonRpcProvider, Wallet, concat, keccak256, zeroPadValue, type Interface } from 'ethers';
import { startTestChain, createTestDatabase, type TestChain, type TestDatabase } from '../support/anvil.js';
import { deployLocal, ensureLocalChain, fundUsdc, rpcAnswers, type LocalDeployment } from '../../shared/chain/local-chain.js';
import { verifyInclusionWithEthers } from '../../shared/chain/verify-commitment.js';
import { freePort } from '../support/anvil.js';
import mysql from 'mysql2/promise';
import { config } from '../../shared/config.js';
import { parseDatabaseUrl } from '../../shared/db/connection.js';
import { lockName } from '../../shared/db/named-lock.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectChain, getProvider, withSigner, resetChainClients, ChainMisconfiguredError, ChainUnavailableError, type ChainContext } from '../../shared/chain/provider.js';
import { loadChainConfig, describeChainConfig, ChainConfigError } from '../../shared/chain/config.js';
import { certificateRegistryArtifact, certificateRegistryV1Artifact, testUsdcArtifact, CONTRACT_SOURCES_SHA256 } from '../../shared/chain/artifacts.js';
import { certificateIdToBytes32, bytes32ToCertificateId } from '../../shared/chain/ids.js';
import { commitBatches, sqlBatchStore, verifyInclusionOnChain, checkRecordedBatch, recordLostBatch, registryOf, type BatchStore } from '../../shared/chain/commit.js';
import { buildBatchTree, leafOf } from '../../shared/chain/merkle.js';
import { up as chainBatchesUp } from '../../shared/migrations/0022-chain-batches.js';
import { up as webhooksUp } from '../../shared/migrations/0024-webhooks.js';
import { reconcileCommitments, resetReconcileCursor } from '../../shared/chain/reconcile.js';
import { registry as metricsRegistry } from '../../shared/metrics.js';
import { up as foundationUp } from '../../shared/migrations/0001-foundation.js';
import { readDeployment } from '../../shared/chain/deployment.js';
import { ANVIL_ACCOUNTS } from '../../shared/chain-presets.js';
import { repoRoot, readSources, sourcesDigest } from '../../scripts/build-contracts.js';

let chain: TestChain;
let dep: LocalDeployment;
let ctx: ChainContext;
let db: TestDatabase;
let store: BatchStore;

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
  await chainBatchesUp(db.sequelize.getQueryInterface());
  // a commit records its certificate.committed webhook event in the same transaction
  await webhooksUp(db.sequelize.getQueryInterface());
  store = sqlBatchStore(db.sequelize);
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
  assert.equal([local.batchMax, local.batchWindowMs, local.batchPollMs, local.legacyRegistries], [100, 30000, 1000, []]);
  assert.equal(loadChainConfig({ CHAIN_LEGACY_REGISTRIES: ` ${ANVIL_ACCOUNTS[5].address.toLowerCase()} ,${ANVIL_ACCOUNTS[4].address}` }).legacyRegistries, [ANVIL_ACCOUNTS[5].address, ANVIL_ACCOUNTS[4].address]);
  assert.throws(() => loadChainConfig({ CHAIN_LEGACY_REGISTRIES: '0x12,nope' }), /CHAIN_LEGACY_REGISTRIES/);
  assert.throws(() => loadChainConfig({ CHAIN_BATCH_MAX: '0' }), /CHAIN_BATCH_MAX/);
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
  assert.is(await registry.getFunction('version')(), 2n);

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

/** The chain configuration of this suite with other batch settings. */
const cfgWith = (o: Partial<ChainContext['cfg']>): ChainContext => ({ ...ctx, cfg: { ...ctx.cfg, ...o } });
/** Commits whatever earlier cases left pending, so a case counts only its own certificates. */
const drain = () => commitBatches({ ctx, store, flush: true });
const batchRow = async (id: string) => (await store.loadBatch(id))!;
const inclusionOf = async (id: string) => JSON.parse(String((await stateRow(id)).onchain_inclusion)) as { root: string; leaf: string; index: number; proof: string[]; batchSize: number };

/** The check a consumer makes with ethers alone, written out here rather than imported from the service. */
async function consumerCheck(registryAddress: string, certificateId: string, payloadHash: string, p: { root: string; proof: string[] }): Promise<boolean> {
  const id = zeroPadValue(`0x${certificateId.replaceAll('-', '').toLowerCase()}`, 32);
  let node = keccak256(keccak256(AbiCoder.defaultAbiCoder().encode(['bytes32', 'bytes32'], [id, payloadHash])));
  for (const s of p.proof) node = keccak256(concat(BigInt(node) < BigInt(s) ? [node, s] : [s, node]));
  if (node !== p.root.toLowerCase()) return false;
  const provider = new JsonRpcProvider(chain.cfg.rpcUrl);
  try {
    return (await new Contract(registryAddress, ['function isRootCommitted(bytes32) view returns (bool)'], provider).getFunction('isRootCommitted')(p.root)) as boolean;
  } finally {
    provider.destroy();
  }
}

test('the registry (version 2) commits a root once, refuses it again with AlreadyCommitted, only for its owner, and verifies OpenZeppelin tree proofs', async () => {
  const certs = Array.from({ length: 5 }, () => ({ certificateId: randomUUID(), payloadHash: sha(randomUUID()) }));
  const tree = buildBatchTree(certs);
  const registry = new Contract(dep.registryAddress, certificateRegistryArtifact.abi, ctx.provider);
  const [batchesBefore, certsBefore] = [await registry.getFunction('batchCount')(), await registry.getFunction('certificateCount')()];
  const receipt = await withSigner(ctx, chain.cfg.signerKey, async (signer) => (await (registry.connect(signer) as Contract).getFunction('commitBatch')(tree.root, 5)).wait());
  assert.is(receipt.status, 1);
  const ev = receipt.logs.map((l: { topics: string[]; data: string }) => registry.interface.parseLog(l)).find((e: { name: string } | null) => e?.name === 'BatchCommitted');
  assert.is(ev.args.root, tree.root);
  assert.is(ev.args.size, 5n);
  assert.is(await registry.getFunction('batchCount')(), batchesBefore + 1n);
  assert.is(await registry.getFunction('certificateCount')(), certsBefore + 5n);
  const [at, bn, size] = await registry.getFunction('batchOf')(tree.root);
  assert.ok(at > 0n);
  assert.is(Number(bn), receipt.blockNumber);
  assert.is(size, 5n);
  for (const [i, c] of certs.entries()) {
    const id = certificateIdToBytes32(c.certificateId);
    assert.is(await registry.getFunction('leafOf')(id, c.payloadHash), leafOf(c.certificateId, c.payloadHash));
    assert.is(tree.proofs[i]!.leaf, leafOf(c.certificateId, c.payloadHash));
    assert.is(await registry.getFunction('verifyInclusion')(id, c.payloadHash, tree.root, tree.proofs[i]!.proof), true);
    assert.is(await registry.getFunction('verifyInclusion')(id, sha('tampered'), tree.root, tree.proofs[i]!.proof), false, 'another payload hash');
  }
  const other = certificateIdToBytes32(randomUUID());
  assert.is(await registry.getFunction('verifyInclusion')(other, certs[0]!.payloadHash, tree.root, tree.proofs[0]!.proof), false, 'another certificate');
  const uncommitted = buildBatchTree([{ certificateId: certs[0]!.certificateId, payloadHash: certs[0]!.payloadHash }]);
  assert.is(await registry.getFunction('verifyInclusion')(certificateIdToBytes32(certs[0]!.certificateId), certs[0]!.payloadHash, uncommitted.root, uncommitted.proofs[0]!.proof), false, 'a root never committed');

  const decode = (err: unknown, iface: Interface) => iface.parseError((err as { data: string }).data);
  const send = (root: string, n: number) => withSigner(ctx, chain.cfg.signerKey, (signer) => (registry.connect(signer) as Contract).getFunction('commitBatch').staticCall(root, n));
  for (const [root, n, error] of [[tree.root, 5, 'AlreadyCommitted'], [tree.root, 1, 'AlreadyCommitted'], [`0x${'00'.repeat(32)}`, 1, 'ZeroRoot'], [sha('x'), 0, 'EmptyBatch']] as const) {
    try {
      await send(root, n);
      assert.unreachable(`${error} accepted`);
    } catch (err) {
      assert.is(decode(err, registry.interface)?.name, error);
    }
  }
  const stranger = new Wallet(ANVIL_ACCOUNTS[5].key, ctx.provider);
  try {
    await (registry.connect(stranger) as Contract).getFunction('commitBatch').staticCall(sha('y'), 1);
    assert.unreachable('non-owner commit accepted');
  } catch (err) {
    assert.is(decode(err, registry.interface)?.name, 'NotOwner');
  }
});

test('certificates wait for a full batch or the window, then go on chain under one root; each proof verifies with ethers alone', async () => {
  await drain();
  const c = cfgWith({ batchMax: 4, batchWindowMs: 60000 });
  const first = [await insertCertificate(), await insertCertificate(), await insertCertificate()];
  const nonce = await signerNonce();
  assert.equal(await commitBatches({ ctx: c, store }), { busy: false, batches: [] }, 'three of four, window open: nothing due');
  assert.is(await signerNonce(), nonce);
  const more = [await insertCertificate(), await insertCertificate()];
  const run = await commitBatches({ ctx: c, store });
  assert.is(run.batches.length, 1, 'one full batch; the fifth waits');
  assert.is(run.batches[0]!.size, 4);
  assert.is(run.batches[0]!.status, 'committed');
  assert.is(await signerNonce(), nonce + 1);
  const all = [...first, ...more];
  const rows = await Promise.all(all.map((x) => stateRow(x.id)));
  assert.is(rows.filter((r) => Number(r.onchain_committed) === 1).length, 4);
  const waiting = all.find((_, i) => Number(rows[i]!.onchain_committed) === 0)!;
  assert.is((await stateRow(waiting.id)).onchain_batch_id, null);
  // The window closes (here: a window of 0): the fifth goes alone.
  const late = await commitBatches({ ctx: cfgWith({ batchMax: 4, batchWindowMs: 0 }), store });
  assert.is(late.batches.length, 1);
  assert.is(late.batches[0]!.size, 1);

  const batch = await batchRow(run.batches[0]!.batchId);
  assert.is(batch.status, 'COMMITTED');
  for (const x of all) {
    const row = await stateRow(x.id);
    const p = await inclusionOf(x.id);
    assert.is(Number(row.onchain_committed), 1);
    assert.is(row.onchain_registry_address, dep.registryAddress);
    assert.match(String(row.onchain_tx_hash), /^0x[0-9a-f]{64}$/);
    const inFull = row.onchain_batch_id === batch.id;
    assert.is(p.batchSize, inFull ? 4 : 1);
    assert.is(p.root, inFull ? batch.root : late.batches[0]!.root);
    assert.is(row.onchain_tx_hash, inFull ? batch.txHash : late.batches[0]!.txHash);
    if (inFull) assert.equal(batch.leaves[p.index], [x.id, x.payloadHash]);
    assert.is(await consumerCheck(dep.registryAddress, x.id, x.payloadHash, p), true, 'verified with ethers alone');
    assert.is(await consumerCheck(dep.registryAddress, x.id, sha('forged'), p), false, 'a forged payload hash fails');
    assert.is(await verifyInclusionOnChain(ctx, x.id, x.payloadHash, p), true, "the contract's own check agrees");
    assert.equal(await verifyInclusionWithEthers({ rpcUrl: chain.cfg.rpcUrl, registryAddress: dep.registryAddress, certificateId: x.id, payloadHash: x.payloadHash, root: p.root, proof: p.proof }), { rootMatches: true, rootCommitted: true, committed: true });
  }
  const receipt = await ctx.provider.getTransactionReceipt(batch.txHash!);
  const block = await ctx.provider.getBlock(receipt!.blockNumber);
  assert.is(batch.committedAt!.getTime(), block!.timestamp * 1000);
});

test('the batcher is idempotent: nothing is sent again, and a lost state row is re-recorded from the chain without a second transaction', async () => {
  await drain();
  const certs = [await insertCertificate(), await insertCertificate()];
  const sealedBefore = await certRow(certs[0]!.id);
  const [b] = (await drain()).batches;
  assert.is(b!.status, 'committed');
  assert.equal(await certRow(certs[0]!.id), sealedBefore, 'the sealed certificate is never written');
  const nonce = await signerNonce();
  assert.equal(await drain(), { busy: false, batches: [] });
  // The rows as an older backup had them: the batch sealed, nothing recorded committed.
  await db.sequelize.query("UPDATE chain_batches SET status = 'SEALED', tx_hash = NULL, committed_at = NULL WHERE id = ?", { replacements: [b!.batchId] });
  await db.sequelize.query('UPDATE certificate_states SET onchain_committed = 0, onchain_tx_hash = NULL, onchain_committed_at = NULL WHERE onchain_batch_id = ?', { replacements: [b!.batchId] });
  const again = await commitBatches({ ctx, store });
  assert.equal(again.batches.map((x) => [x.batchId, x.status, x.txHash]), [[b!.batchId, 'already', b!.txHash]]);
  assert.is(await signerNonce(), nonce, 'nothing was sent again');
  for (const c of certs) assert.is((await stateRow(c.id)).onchain_tx_hash, b!.txHash);
});

test('concurrent batchers send one transaction per batch; the others step aside', async () => {
  await drain();
  for (let i = 0; i < 3; i++) await insertCertificate();
  const nonce = await signerNonce();
  const runs = await Promise.all([1, 2, 3].map(() => drain()));
  assert.is(await signerNonce(), nonce + 1);
  assert.is(runs.flatMap((r) => r.batches).length, 1);
  assert.is(runs.filter((r) => r.busy).length + runs.filter((r) => !r.busy && !r.batches.length).length, 2);
});

test("the batcher's lock belongs to its database: a batcher on another database of the same MySQL server (another deployment, another test lane with its own chain) does not make it step aside", async () => {
  await drain();
  const t = parseDatabaseUrl(config().DATABASE_URL);
  const holder = await mysql.createConnection({ host: t.host, port: t.port, user: t.user, password: t.password });
  // The same chain id and registry address as here: every local anvil deploys to the same addresses.
  const batchLock = (database: string) => lockName(`${database}/cert:chain-batches:${ctx.chainId}:${ctx.registryAddress!.toLowerCase()}`);
  try {
    // Waits (up to 10 s) rather than asks once: the batcher's own connection that last held it may still be
    // closing on the server.
    const held = async (database: string) => ((await holder.query('SELECT GET_LOCK(?, 10) AS l', [batchLock(database)])) as unknown as [{ l: number }[]])[0][0]!.l;
    assert.is(await held(`${t.database}_elsewhere`), 1);
    await insertCertificate();
    const run = await drain();
    assert.is(run.busy, false);
    assert.equal(run.batches.map((b) => b.status), ['committed']);
    // This database's own lock held elsewhere: the batcher steps aside, as in the case above.
    assert.is(await held(t.database), 1);
    const c = await insertCertificate();
    assert.equal(await drain(), { busy: true, batches: [] });
    assert.is((await stateRow(c.id)).onchain_batch_id, null);
  } finally {
    await holder.end();
  }
  assert.is((await drain()).batches[0]?.status, 'committed');
});

test('a chain that is down only delays: the batcher throws a retryable error and commits later', async () => {
  await drain();
  const cert = await insertCertificate();
  const down = loadChainConfig({ CHAIN_RPC_URL: 'http://127.0.0.1:9/secret-path', CHAIN_STATE_DIR: chain.stateDir, CHAIN_BATCH_WINDOW_MS: '0' });
  try {
    await commitBatches({ cfg: down, store });
    assert.unreachable('no error');
  } catch (err) {
    assert.instance(err, ChainUnavailableError);
    assert.not.match((err as Error).message, /secret-path|127\.0\.0\.1/);
  }
  assert.is(Number((await stateRow(cert.id)).onchain_committed), 0);
  assert.is((await drain()).batches[0]?.status, 'committed');
});

test('a batch sealed before a crash is sent as sealed: same certificates, same root, one transaction', async () => {
  await drain();
  const certs = [await insertCertificate(), await insertCertificate(), await insertCertificate()];
  let sealedId = '';
  const crashing: BatchStore = {
    ...store,
    seal: async (max) => {
      const b = await store.seal(max);
      sealedId = b!.id;
      throw new Error('simulated crash after sealing');
    },
  };
  await rejects(() => commitBatches({ ctx, store: crashing, flush: true }), /simulated crash/);
  const sealed = await batchRow(sealedId);
  assert.is(sealed.status, 'SEALED');
  const proofsBefore = await Promise.all(certs.map((c) => inclusionOf(c.id)));
  const late = await insertCertificate(); // arrives meanwhile: it joins a later batch, not the sealed one
  const nonce = await signerNonce();
  const run = await commitBatches({ ctx, store });
  assert.equal(run.batches.map((b) => [b.batchId, b.root, b.size]), [[sealedId, sealed.root, 3]]);
  assert.is(await signerNonce(), nonce + 1);
  assert.equal(await Promise.all(certs.map((c) => inclusionOf(c.id))), proofsBefore);
  assert.is((await stateRow(late.id)).onchain_batch_id, null);
});

test('a batch broadcast before a crash and a node restart is recognised afterwards, not sent twice', async () => {
  await drain();
  const cert = await insertCertificate();
  let broadcast = '';
  await rejects(
    () =>
      commitBatches({
        ctx,
        store,
        flush: true,
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
  const r = await commitBatches({ ctx: after, store });
  assert.equal(r.batches.map((b) => [b.status, b.txHash]), [['already', broadcast]]);
  assert.is(await after.provider.getTransactionCount(chain.cfg.signerAddress, 'latest'), nonce, 'no second transaction');
  const row = await stateRow(cert.id);
  assert.is(Number(row.onchain_committed), 1);
  assert.is(row.onchain_tx_hash, broadcast);
  // The signer keeps working after the restart (its nonce manager re-reads the chain when needed).
  await insertCertificate();
  assert.is((await commitBatches({ ctx: after, store, flush: true })).batches[0]?.status, 'committed');
});

async function repairedCount(reason: string): Promise<number> {
  const m = await metricsRegistry.getSingleMetric('cert_chain_commits_repaired_total')!.get();
  return m.values.filter((v) => v.labels.reason === reason).reduce((a, v) => a + v.value, 0);
}

test('the reconciliation resets batches the chain lost (the same root is committed again, once), re-records a moved transaction, and leaves held ones alone', async () => {
  const c = await connectChain(chain.cfg);
  await drain();
  await insertCertificate();
  const [held] = (await commitBatches({ ctx: c, store, flush: true })).batches;
  const snapshot = await c.provider.send('evm_snapshot', []);
  const lostCerts = [await insertCertificate(), await insertCertificate()];
  const [lost] = (await commitBatches({ ctx: c, store, flush: true })).batches;
  assert.is(lost!.size, 2);
  // The chain goes back to before the batch (what a reorganisation or a reset from older state does).
  await c.provider.send('evm_revert', [snapshot]);
  assert.is(await c.provider.getTransactionReceipt(lost!.txHash!), null);
  const registry = await registryOf(c);
  assert.is(await checkRecordedBatch(c, registry, await batchRow(lost!.batchId)), 'commitment_missing');
  // A record naming a transaction the chain does not have, while the registry holds the root.
  await db.sequelize.query('UPDATE chain_batches SET tx_hash = ? WHERE id = ?', { replacements: [`0x${'ab'.repeat(32)}`, held!.batchId] });
  const before = await repairedCount('commitment_missing');

  resetReconcileCursor();
  const repaired: string[] = [];
  for (;;) {
    const r = await reconcileCommitments({ ctx: c, store, batch: 2 });
    repaired.push(...r.repaired.map((x) => `${x.batchId}:${x.reason}`));
    if (r.passComplete) break;
  }
  assert.equal(repaired.sort(), [`${lost!.batchId}:commitment_missing`, `${held!.batchId}:tx_missing`].sort());
  assert.is(await repairedCount('commitment_missing'), before + 2, 'counted per certificate');
  for (const l of lostCerts) assert.is(Number((await stateRow(l.id)).onchain_committed), 0, 'shows committed: false until committed again');
  assert.is((await batchRow(lost!.batchId)).status, 'SEALED');
  // A check that read the batch before the repair (a reconciliation racing another) resets nothing.
  const stale = { ...(await batchRow(lost!.batchId)), status: 'COMMITTED' as const };
  await new Promise((r) => setTimeout(r, 5));

  // What the next batcher run does: the lost root sent again, the held one only re-recorded.
  const nonce = await signerNonce();
  const again = await commitBatches({ ctx: c, store });
  const by = new Map(again.batches.map((b) => [b.batchId, b]));
  assert.is(by.get(lost!.batchId)?.status, 'committed');
  assert.is(by.get(lost!.batchId)?.root, lost!.root, 'the same root: the proofs already handed out stay valid');
  assert.is(by.get(held!.batchId)?.status, 'already');
  assert.is(by.get(held!.batchId)?.txHash, held!.txHash);
  assert.is(await signerNonce(), nonce + 1);
  assert.is(await recordLostBatch(store, stale, 'commitment_missing', 'test'), false);
  for (const l of lostCerts) assert.is(await consumerCheck(dep.registryAddress, l.id, l.payloadHash, await inclusionOf(l.id)), true);
  resetReconcileCursor();
  assert.equal((await reconcileCommitments({ ctx: c, store, batch: 1000 })).repaired, []);
});

test('migration from version 1: a version-1 registry is refused for commits; its commitments stay valid while listed, and are batched again when not', async () => {
  await drain();
  // A version-1 registry with one certificate committed on it, the way the service did before batches.
  const v1Address = await withSigner(ctx, chain.cfg.signerKey, async (signer) => {
    const f = new ContractFactory(certificateRegistryV1Artifact.abi, certificateRegistryV1Artifact.bytecode, signer);
    const ct = await f.deploy(chain.cfg.signerAddress);
    await ct.waitForDeployment();
    return ct.getAddress();
  });
  const v1 = new Contract(v1Address, certificateRegistryV1Artifact.abi, ctx.provider);
  const cert = await insertCertificate();
  const receipt = await withSigner(ctx, chain.cfg.signerKey, async (signer) => (await (v1.connect(signer) as Contract).getFunction('commit')(certificateIdToBytes32(cert.id), cert.payloadHash)).wait());
  await db.sequelize.query('UPDATE certificate_states SET onchain_committed = 1, onchain_tx_hash = ?, onchain_committed_at = NOW(3), onchain_registry_address = ? WHERE certificate_id = ?', {
    replacements: [receipt.hash, v1Address, cert.id],
  });
  await rejects(() => registryOf({ ...ctx, registryAddress: v1Address }), /not a version-2 CertificateRegistry.*CHAIN_LEGACY_REGISTRIES/);
  try {
    await registryOf({ ...ctx, registryAddress: v1Address });
  } catch (err) {
    assert.instance(err, ChainMisconfiguredError);
  }

  resetReconcileCursor();
  const listed = cfgWith({ legacyRegistries: [v1Address] });
  assert.equal((await reconcileCommitments({ ctx: listed, store, batch: 1000 })).repaired, [], 'listed: still valid');
  assert.is(Number((await stateRow(cert.id)).onchain_committed), 1);

  resetReconcileCursor();
  const r = await reconcileCommitments({ ctx, store, batch: 1000 });
  assert.equal(r.repaired.filter((x) => x.certificateIds.includes(cert.id)).map((x) => x.reason), ['registry_changed']);
  assert.is(Number((await stateRow(cert.id)).onchain_committed), 0);
  const [b] = (await drain()).batches;
  assert.is(b!.size, 1);
  const row = await stateRow(cert.id);
  assert.is(row.onchain_registry_address, dep.registryAddress);
  assert.is(await consumerCheck(dep.registryAddress, cert.id, cert.payloadHash, await inclusionOf(cert.id)), true);
});

test('with CHAIN_CONFIRMATIONS=2 a batch is recorded only once a block is mined on top of it', async () => {
  await drain();
  const c = await connectChain({ ...chain.cfg, confirmations: 2, txTimeoutMs: 20000 });
  const cert = await insertCertificate();
  let mined: Promise<unknown> | undefined;
  const r = await commitBatches({
    ctx: c,
    store,
    flush: true,
    afterBroadcast: async () => {
      // anvil mines on demand: one more block arrives only when asked.
      mined = new Promise((res) => setTimeout(res, 1500)).then(async () => {
        assert.is(Number((await stateRow(cert.id)).onchain_committed), 0, 'not committed with one confirmation');
        return c.provider.send('evm_mine', []);
      });
    },
  });
  await mined;
  assert.is(r.batches[0]?.status, 'committed');
  const receipt = await c.provider.getTransactionReceipt(r.batches[0]!.txHash!);
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
