import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Wallet } from 'ethers';
import { ConfigError, loadConfig } from '../../shared/config.js';

const KEY = Wallet.createRandom().privateKey;
const root = path.resolve(import.meta.dirname, '../..');

test('production configuration with a development wallet key is refused, naming the variable', () => {
  assert.throws(
    () => loadConfig({ NODE_ENV: 'production', PORTAL_DEV_WALLET_KEY: KEY }),
    (err: Error) => err instanceof ConfigError && /PORTAL_DEV_WALLET_KEY: the development wallet never exists in production/.test(err.message),
  );
  assert.throws(() => loadConfig({ PORTAL_DEV_WALLET_KEY: 'not-a-key' }), (err: Error) => /PORTAL_DEV_WALLET_KEY/.test(err.message));
  assert.is(loadConfig({ PORTAL_DEV_WALLET_KEY: KEY }).PORTAL_DEV_WALLET_KEY, KEY);
});

// The web process itself: a development wallet on a real chain stops the start (exit 78) before it
// opens a port or a database connection.
test('the web process refuses to start with a development wallet on a chain that is not local', () => {
  const keys = Array.from({ length: 2 }, () => Wallet.createRandom());
  // from source (test:unit, tsx) or compiled (npm test runs dist/)
  const compiled = import.meta.filename.endsWith('.js');
  const r = spawnSync(process.execPath, compiled ? [path.join(root, 'services/web.js')] : ['--import', 'tsx', path.join(root, 'services/web.ts')], {
    cwd: root,
    encoding: 'utf8',
    // How long the start may take before it refuses, not a speed check: from source (tsx) at load average 45
    // it took over 30 s.
    timeout: 120_000,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: '0',
      PORTAL_DEV_WALLET_KEY: KEY,
      CHAIN_PRESET: 'base-sepolia',
      CHAIN_RPC_URL: 'http://127.0.0.1:1',
      CHAIN_SIGNER_KEY: keys[0]!.privateKey,
      FACILITATOR_KEY: keys[1]!.privateKey,
      REGISTRY_ADDRESS: keys[0]!.address,
      PAY_TO_ADDRESS: keys[1]!.address,
      DATABASE_URL: 'mysql://nobody@127.0.0.1:1/none',
      REDIS_URL: 'redis://127.0.0.1:1',
    },
  });
  assert.is(r.status, 78, r.stderr);
  assert.match(r.stderr, /PORTAL_DEV_WALLET_KEY: the development wallet exists only on a local development chain, not CHAIN_PRESET=base-sepolia/);
  assert.not.match(r.stderr, /\n\s+at /, 'one clear line, no stack');
});

test.run();
