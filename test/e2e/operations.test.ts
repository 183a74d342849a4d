import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import { Wallet } from 'ethers';
import { Op } from 'sequelize';
import { NO_CHAIN, logged, spawnProc, startWeb, startWorker, stopAll, waitFor } from '../support/harness.js';
import { closeDb, useDb } from '../support/db.js';
import { ConfigError, config, loadConfig, setConfig } from '../../shared/config.js';
import { setChainConfig } from '../../shared/chain/config.js';
import { ANVIL_ACCOUNTS } from '../../shared/chain-presets.js';
import { AgentNonce } from '../../shared/db/models.js';
import { createChallenge, verifyChallenge } from '../../shared/agents/auth.js';
import { ApiError } from '../../shared/errors.js';

const t = suite('operations: timeouts, trusted proxies, production keys, sign-in challenges');

t.before(
  logged(() => {
    Object.assign(process.env, NO_CHAIN); // the sign-in chain id falls back without waiting on a node
    setChainConfig(undefined);
    useDb();
  }),
);
t.after(async () => {
  await stopAll();
  await closeDb();
});

function get(url: string, agent: http.Agent, headers: Record<string, string> = {}): Promise<{ status: number; reused: boolean; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket, headers: res.headers }));
    });
    req.on('error', reject);
  });
}

t('an idle keep-alive connection outlives Node’s old 5 s default (65 s by default), and the timeout is configuration', async () => {
  const web = await startWeb();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const first = await get(`${web.url}/healthz`, agent);
  assert.is(first.headers['keep-alive'], 'timeout=65');
  await new Promise((r) => setTimeout(r, 6500));
  const second = await get(`${web.url}/healthz`, agent);
  assert.is(second.status, 200);
  assert.ok(second.reused, 'the idle connection was still open and reused');
  agent.destroy();

  const short = await startWeb({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '2000', HTTP_HEADERS_TIMEOUT_MS: '3000' });
  const a2 = new http.Agent({ keepAlive: true, maxSockets: 1 });
  assert.is((await get(`${short.url}/healthz`, a2)).headers['keep-alive'], 'timeout=2');
  a2.destroy();
  assert.throws(() => loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '70000', HTTP_HEADERS_TIMEOUT_MS: '65000' }), /HTTP_HEADERS_TIMEOUT_MS: must be greater/);
  await stopAll();
});

t('X-Forwarded-For counts only from proxies named in TRUST_PROXY; trusting everyone is refused', async () => {
  const ipOf = async (web: Awaited<ReturnType<typeof startWeb>>, id: string) => {
    await fetch(`${web.url}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.9', 'x-request-id': id } });
    const line = await web.waitForLine((l) => l.includes(`"reqId":"${id}"`), 5000);
    return JSON.parse(line).ip as string;
  };
  const plain = await startWeb();
  assert.match(await ipOf(plain, 'direct-1'), /127\.0\.0\.1$/);
  const behindProxy = await startWeb({ TRUST_PROXY: 'loopback' });
  assert.is(await ipOf(behindProxy, 'proxied-1'), '203.0.113.9');
  await stopAll();

  assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY, ['10.0.0.0/8', 'loopback']);
  assert.is(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY, 2);
  assert.is(loadConfig({}).TRUST_PROXY, false);
  for (const bad of ['true', 'proxy.example', '10.0.0.0/99']) assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY/);
  const refused = spawnProc('web-trust-all', 'services/web.js', { TRUST_PROXY: 'true', PORT: '0' });
  const code = await new Promise<number | null>((r) => refused.child.once('exit', r));
  assert.is(code, 78);
  assert.ok(refused.lines.some((l) => l.includes('TRUST_PROXY')), refused.lines.join('\n'));
});

const PROD_OK = {
  NODE_ENV: 'production',
  PUBLIC_BASE_URL: 'https://cert.example',
  SERVICE_SIGNER_KEY: Wallet.createRandom().privateKey,
  VALIDATOR_KEY_SEED: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex'),
  CHAIN_SIGNER_KEY: Wallet.createRandom().privateKey,
  FACILITATOR_KEY: Wallet.createRandom().privateKey,
  PAY_TO_ADDRESS: Wallet.createRandom().address,
};

t('with NODE_ENV=production, well-known development keys and weak seeds stop the process with a message naming each', async () => {
  assert.is(loadConfig(PROD_OK).NODE_ENV, 'production');
  const cases: [Record<string, string>, RegExp][] = [
    [{ SERVICE_SIGNER_KEY: ANVIL_ACCOUNTS[0].key }, /SERVICE_SIGNER_KEY: is one of anvil's public development keys/],
    [{ SERVICE_SIGNER_KEY: ANVIL_ACCOUNTS[5].key.slice(2).toUpperCase() }, /SERVICE_SIGNER_KEY/],
    [{ VALIDATOR_KEY_SEED: 'only-twenty-chars-xx' }, /VALIDATOR_KEY_SEED: must be at least 32 characters/],
    [{ VALIDATOR_KEY_SEED: `dev-validators:${ANVIL_ACCOUNTS[0].key}` }, /VALIDATOR_KEY_SEED: is a development default/],
    [{ VALIDATOR_KEY_SEED: 'a'.repeat(40) }, /VALIDATOR_KEY_SEED: is a development default or has too few distinct characters/],
    [{ CHAIN_SIGNER_KEY: '' }, /CHAIN_SIGNER_KEY: defaults to one of anvil's public development keys/],
    [{ FACILITATOR_KEY: ANVIL_ACCOUNTS[2].key }, /FACILITATOR_KEY: is one of anvil's/],
    [{ PAY_TO_ADDRESS: '' }, /PAY_TO_ADDRESS: defaults to an anvil account/],
  ];
  for (const [override, message] of cases) {
    try {
      loadConfig({ ...PROD_OK, ...override });
      assert.unreachable(`accepted ${JSON.stringify(override)}`);
    } catch (err) {
      assert.instance(err, ConfigError);
      assert.match((err as Error).message, message);
    }
  }
  // npm start and the tests are not production: the same development defaults are fine there.
  assert.is(loadConfig({ NODE_ENV: 'development' }).serviceSignerKey, ANVIL_ACCOUNTS[0].key);
  // The process itself refuses to start, before touching anything.
  const p = spawnProc('web-prod', 'services/web.js', { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://cert.example', SERVICE_SIGNER_KEY: ANVIL_ACCOUNTS[0].key, VALIDATOR_KEY_SEED: 'sixteen-chars-ok', PORT: '0' });
  const code = await new Promise<number | null>((r) => p.child.once('exit', r));
  assert.is(code, 78);
  const out = p.lines.join('\n');
  assert.match(out, /NODE_ENV=production/);
  assert.match(out, /SERVICE_SIGNER_KEY: is one of anvil's public development keys/);
  assert.match(out, /VALIDATOR_KEY_SEED: must be at least 32 characters/);
});

t('sign-in challenges: a new one replaces the oldest beyond the per-wallet bound, a global bound answers 429, expired ones are pruned by the worker', async () => {
  const wallet = Wallet.createRandom();
  const issued = [];
  for (let i = 0; i < 7; i++) issued.push(await createChallenge(wallet.address));
  const kept = await AgentNonce.findAll({ where: { wallet: wallet.address } });
  assert.is(kept.length, config().AGENT_CHALLENGES_PER_WALLET);
  assert.equal(new Set(kept.map((k) => k.nonce)), new Set(issued.slice(-5).map((c) => c.nonce)));
  const old = issued[0]!;
  const refused = await verifyChallenge({ wallet: wallet.address, nonce: old.nonce, signature: await wallet.signMessage(old.message) }).catch((e: ApiError) => e);
  assert.is((refused as ApiError).code, 'invalid_nonce');
  const newest = issued[6]!;
  const session = await verifyChallenge({ wallet: wallet.address, nonce: newest.nonce, signature: await wallet.signMessage(newest.message) });
  assert.is(session.walletAddress, wallet.address);

  const saved = config();
  const live = await AgentNonce.count({ where: { consumedAt: null, expiresAt: { [Op.gt]: new Date() } } });
  setConfig({ ...saved, AGENT_CHALLENGES_MAX_OUTSTANDING: live + 2 });
  try {
    await createChallenge(Wallet.createRandom().address);
    await createChallenge(Wallet.createRandom().address);
    const full = await createChallenge(Wallet.createRandom().address).catch((e: ApiError) => e);
    assert.instance(full, ApiError);
    assert.is((full as ApiError).status, 429);
    assert.is((full as ApiError).code, 'too_many_challenges');
    assert.ok((full as ApiError).headers?.['Retry-After']);
  } finally {
    setConfig(saved);
  }

  const expired = Wallet.createRandom().address;
  await AgentNonce.create({ nonce: `expired-${Date.now()}`, wallet: expired, message: 'x', expiresAt: new Date(Date.now() - 1000), consumedAt: null });
  await startWorker();
  await waitFor(async () => ((await AgentNonce.count({ where: { wallet: expired } })) === 0 ? true : undefined), 20000, 'the worker to prune the expired challenge');
  await stopAll();
});

t.run();
