import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Contract, JsonRpcProvider, zeroPadValue } from 'ethers';
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

const REGISTRY_ABI = [
  'function isCommitted(bytes32 id, bytes32 payloadHash) view returns (bool)',
  'event CertificateCommitted(bytes32 indexed certificateId, bytes32 payloadHash, uint256 committedAt)',
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

async function committedEvents(skillId: string): Promise<number> {
  const provider = new JsonRpcProvider(chain.cfg.rpcUrl);
  const registry = new Contract(registryAddress, REGISTRY_ABI, provider);
  const id = zeroPadValue(`0x${skillId.replaceAll('-', '')}`, 32);
  const logs = await registry.queryFilter(registry.filters.CertificateCommitted!(id), 0);
  provider.destroy();
  return logs.length;
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
  // The consumer's check, with nothing but ethers and public facts.
  const provider = new JsonRpcProvider(chain.cfg.rpcUrl);
  const registry = new Contract(v.onChain.registryAddress, REGISTRY_ABI, provider);
  assert.is(await registry.isCommitted!(zeroPadValue(`0x${skillId.replaceAll('-', '')}`, 32), payloadHash), true);
  provider.destroy();
  assert.is(await committedEvents(skillId), 1);
  await stopAll();
});

t('the chain node and the worker restarting during a commit lose nothing and commit once', async () => {
  const w: Proc = await startWorker({ ...env, CERT_FAULT_AT: 'chain.commit.after-broadcast', CERT_FAULT_DELAY_MS: '60000' });
  const web = await startWeb(env);
  api = client(web.url, await newActorKey());
  anon = client(web.url);
  const { skillId } = await approved();
  await w.waitForLine((l) => l.includes('"faultPoint":"chain.commit.after-broadcast"'), 60000);
  await w.stop('SIGKILL');
  await chain.restart();
  await startWorker(env);
  const v = await waitFor(async () => {
    const r = await anon.get(`/api/v1/public/certificates/${skillId}/verify`);
    return r.body.onChain.committed ? r.body : undefined;
  }, 60000, 'commit after restarts');
  assert.match(v.onChain.txHash, /^0x[0-9a-f]{64}$/);
  assert.is(await committedEvents(skillId), 1);
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
  assert.is(await committedEvents(d.skillId), 1);
});

t.run();
