import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AbiCoder, Contract, JsonRpcProvider, concat, keccak256, zeroPadValue } from 'ethers';
import { client, logged, skillMd, startWeb, startWorker, stopAll, uuid, waitFor, waitForStatus, type Proc } from '../support/harness.js';
import { closeDb, newActorKey, useDb } from '../support/db.js';
import { startTestChain, type TestChain } from '../support/anvil.js';
import { deployLocal } from '../../shared/chain/index.js';

const t = suite('on-chain commitment of certificates (real anvil)');
let chain: TestChain;
let env: Record<string, string>;
let registryAddress: string;
let api: ReturnType<typeof client>;
let anon: ReturnType<typeof client>;

// What a consumer needs of registry version 2 (docs/chain-and-payments.md § Verifying a certificate's commitment).
const REGISTRY_ABI = [
  'function isRootCommitted(bytes32 root) view returns (bool)',
  'function verifyInclusion(bytes32 certificateId, bytes32 payloadHash, bytes32 root, bytes32[] proof) view returns (bool)',
  'event BatchCommitted(bytes32 indexed root, uint256 indexed batchNumber, uint32 size, uint256 committedAt)',
];

t.before(
  logged(async () => {
    useDb();
    chain = await startTestChain();
    const d = await deployLocal(chain.cfg);
    registryAddress = d.registryAddress;
    env = { CHAIN_RPC_URL: chain.cfg.rpcUrl, CHAIN_STATE_DIR: chain.stateDir, CHAIN_TX_TIMEOUT_MS: '5000' };
    const web = await startWeb(env);
    api = client(web.url, await newActorKey());
    anon = client(web.url);
  }),
);

t.after(async () => {
  await stopAll();
  await chain?.stop();
  await closeDb();
});

async function approved(): Promise<{ skillId: string; payloadHash: string }> {
  const r = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd(), idempotencyKey: uuid() });
  const d = await waitForStatus(api, r.body.submissionId, ['APPROVED'], 60000);
  return { skillId: d.skillId, payloadHash: d.certificate.certificatePayloadHash };
}

/** BatchCommitted events for the root a certificate's proof names: 1 when its batch went on chain once. */
async function committedEvents(root: string): Promise<number> {
  const provider = new JsonRpcProvider(chain.cfg.rpcUrl);
  const registry = new Contract(registryAddress, REGISTRY_ABI, provider);
  const logs = await registry.queryFilter(registry.filters.BatchCommitted!(root), 0);
  provider.destroy();
  return logs.length;
}

/** The procedure of docs/chain-and-payments.md, with ethers alone: leaf, proof folded to the root, root on the registry. */
async function consumerVerifies(onChain: { registryAddress: string; inclusionProof: { root: string; proof: string[] } }, skillId: string, payloadHash: string): Promise<boolean> {
  const id = zeroPadValue(`0x${skillId.replaceAll('-', '')}`, 32);
  let node = keccak256(keccak256(AbiCoder.defaultAbiCoder().encode(['bytes32', 'bytes32'], [id, payloadHash])));
  for (const s of onChain.inclusionProof.proof) node = keccak256(concat(node.toLowerCase() < s.toLowerCase() ? [node, s] : [s, node]));
  const provider = new JsonRpcProvider(chain.cfg.rpcUrl);
  try {
    return node.toLowerCase() === onChain.inclusionProof.root.toLowerCase() && (await new Contract(onChain.registryAddress, REGISTRY_ABI, provider).getFunction('isRootCommitted')(onChain.inclusionProof.root));
  } finally {
    provider.destroy();
  }
}

t('an issued certificate is committed: verify shows the tx, and a consumer checks it with ethers alone', async () => {
  // No sweeper help here: the commit must follow the seal by itself.
  await startWorker({ ...env, SWEEP_STALE_MS: '600000' });
  const { skillId, payloadHash } = await approved();
  const v = await waitFor(async () => {
    const r = await anon.get(`/api/v1/public/certificates/${skillId}/verify`);
    return r.body.onChain.committed ? r.body : undefined;
  }, 20000, 'on-chain commit');
  assert.match(v.onChain.txHash, /^0x[0-9a-f]{64}$/);
  assert.is(v.onChain.registryAddress.toLowerCase(), registryAddress.toLowerCase());
  assert.type(v.onChain.committedAt, 'string');
  assert.is(v.valid, true);
  const detail = await anon.get(`/api/v1/public/certificates/${skillId}`);
  assert.is(detail.body.recentOnChainCommits[0].txHash, v.onChain.txHash);
  const live = await anon.get(`/api/v1/public/certificates/${skillId}/live-status`);
  assert.is(live.body.onChain.committed, true);
  assert.equal(live.body.onChain.inclusionProof, v.onChain.inclusionProof);
  assert.equal(detail.body.onChain.inclusionProof, v.onChain.inclusionProof);
  const p = v.onChain.inclusionProof;
  assert.match(p.root, /^0x[0-9a-f]{64}$/);
  assert.match(p.leaf, /^0x[0-9a-f]{64}$/);
  assert.type(p.index, 'number');
  assert.ok(Array.isArray(p.proof));
  // The consumer's check, with nothing but ethers and public facts; a forged payload hash fails it.
  assert.is(await consumerVerifies(v.onChain, skillId, payloadHash), true);
  assert.is(await consumerVerifies(v.onChain, skillId, `0x${'ab'.repeat(32)}`), false);
  const provider = new JsonRpcProvider(chain.cfg.rpcUrl);
  const registry = new Contract(v.onChain.registryAddress, REGISTRY_ABI, provider);
  assert.is(await registry.getFunction('verifyInclusion')(zeroPadValue(`0x${skillId.replaceAll('-', '')}`, 32), payloadHash, p.root, p.proof), true, "the contract's own check agrees");
  provider.destroy();
  assert.is(await committedEvents(p.root), 1);
  await stopAll();
});

t('the chain node and the worker restarting during a commit lose nothing and commit once', async () => {
  const w: Proc = await startWorker({ ...env, CERT_FAULT_AT: 'chain.commit.after-broadcast', CERT_FAULT_DELAY_MS: '60000' });
  const web = await startWeb(env);
  api = client(web.url, await newActorKey());
  anon = client(web.url);
  const { skillId, payloadHash } = await approved();
  await w.waitForLine((l) => l.includes('"faultPoint":"chain.commit.after-broadcast"'), 60000);
  await w.stop('SIGKILL');
  await chain.restart();
  await startWorker(env);
  const v = await waitFor(async () => {
    const r = await anon.get(`/api/v1/public/certificates/${skillId}/verify`);
    return r.body.onChain.committed ? r.body : undefined;
  }, 60000, 'commit after restarts');
  assert.match(v.onChain.txHash, /^0x[0-9a-f]{64}$/);
  assert.is(await committedEvents(v.onChain.inclusionProof.root), 1);
  assert.is(await consumerVerifies(v.onChain, skillId, payloadHash), true);
});

t('a chain that is down delays commits but never blocks issuing or verifying', async () => {
  await stopAll();
  const webDown = await startWeb({ CHAIN_RPC_URL: 'http://127.0.0.1:9' });
  await startWorker({ CHAIN_RPC_URL: 'http://127.0.0.1:9' });
  const c = client(webDown.url, await newActorKey());
  const r = await c.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skillMd(), idempotencyKey: uuid() });
  const d = await waitForStatus(c, r.body.submissionId, ['APPROVED'], 60000);
  const v = await c.get(`/api/v1/public/certificates/${d.skillId}/verify`);
  assert.is(v.body.valid, true);
  assert.equal(v.body.onChain, { committed: false, txHash: null, committedAt: null, registryAddress: null });
  // The chain comes back (here: a worker that reaches it): the delayed commit happens, once.
  await stopAll();
  await startWorker(env);
  const c2 = client((await startWeb(env)).url);
  const after = await waitFor(async () => {
    const r = await c2.get(`/api/v1/public/certificates/${d.skillId}/verify`);
    return r.body.onChain.committed ? r.body : undefined;
  }, 90000, 'the delayed commit');
  assert.match(after.onChain.txHash, /^0x[0-9a-f]{64}$/);
  assert.is(await committedEvents(after.onChain.inclusionProof.root), 1);
});

t.run();
