// `npm start`: install, build, create and migrate the database, start web + worker, print the
// base URL and an API key. A process that exits is restarted (supervise.mjs). Ctrl-C stops everything.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepare, progress, reachable, root, step } from './prepare.mjs';
import { supervise } from './supervise.mjs';

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development', PORT: process.env.PORT ?? '3000' };
env.PUBLIC_BASE_URL ??= `http://localhost:${env.PORT}`;
const dataDir = path.join(root, '.data');
mkdirSync(dataDir, { recursive: true });

function node(script, args = [], opts = {}) {
  return spawnSync(process.execPath, [path.join(root, 'dist', script), ...args], { cwd: root, env, encoding: 'utf8', ...opts });
}

progress('cert: preparing (each step says when it starts and ends; the addresses follow once the web process answers)');
try {
  prepare();
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}

const migrated = step('creating and migrating the database');
const mig = node('scripts/migrate.js', [], { stdio: ['ignore', 'pipe', 'inherit'] });
// migrate.js has said why in one line (an unreachable database names what to start).
if (mig.status !== 0) process.exit(1);
migrated();

// Redis is checked here too, so that a missing one stops the start with its fix instead of web and
// worker restarting against it (they say the same, but only in their logs).
{
  const u = new URL(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  progress(`checking Redis at ${u.host}`);
  if (u.protocol === 'redis:' && !(await reachable(u.hostname, u.port || 6379))) {
    process.stderr.write(`Redis at ${u.host} is not reachable.\n  Start it (this machine: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no), or set REDIS_URL.\n`);
    process.exit(1);
  }
}

// PyPI: PYPI_URL, else the index this machine's pip is configured with (shared/packages/pip-index.ts),
// as the npm registry is taken from `npm config get registry`. Passed to web and worker and saved
// below for `npm run cert`.
if (!env.PYPI_URL) {
  const { pipIndexFromConfiguration } = await import(path.join(root, 'dist/shared/packages/pip-index.js'));
  const pip = pipIndexFromConfiguration(env, (key) => {
    const r = spawnSync('python3', ['-m', 'pip', 'config', 'get', key], { encoding: 'utf8', env, timeout: 15000 });
    return r.status === 0 ? r.stdout.trim() : null;
  });
  if (pip?.pypiUrl) {
    env.PYPI_URL = pip.pypiUrl;
    progress(`PyPI: ${pip.pypiUrl} (from ${pip.source}; PYPI_URL overrides)`);
  } else if (pip) {
    progress(`PyPI: not configured (${pip.source} is not an http(s) index ending in /simple); Python dependencies stay unresolved until PYPI_URL is set`);
  } else {
    progress('PyPI: not configured (no PYPI_URL, no pip index-url); Python dependencies stay unresolved until PYPI_URL is set');
  }
}

// The chain is checked like Redis: a local one (anvil from npm) is started when CHAIN_RPC_URL is a
// loopback address with nothing answering, with the registry contract and a test USDC deployed and a
// demo payer funded; any other chain must answer now. Once running, an outage only delays on-chain
// commits (docs/operations-faults.md), but a start against a chain that is not there stops here.
let chain = null;
let deployment = null;
let chainMod = null;
const chainReady = step('connecting to the chain (a local one is started and its contracts deployed when needed)');
let chainCfg;
try {
  chainMod = await import(path.join(root, 'dist/shared/chain/index.js'));
  chainCfg = chainMod.chainConfig();
} catch (err) {
  chainReady('invalid configuration');
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
try {
  chain = await chainMod.ensureLocalChain();
  if (chainCfg.local) deployment = await chainMod.deployLocal();
  else await chainMod.connectChain(chainCfg);
  chainReady(chain ? 'anvil started here, contracts in place' : 'ready');
} catch (err) {
  chainReady('failed');
  await chain?.stop();
  const where = chainMod.redactUrl(chainCfg.rpcUrl);
  process.stderr.write(
    `Chain at ${where}: ${err.message}.\n` +
      (chainCfg.local
        ? '  Unset CHAIN_RPC_URL (npm start then runs a local anvil on 127.0.0.1:8545), point it at a loopback port, or start the node it names.\n'
        : `  Check CHAIN_RPC_URL: a node of CHAIN_PRESET=${chainCfg.preset} must answer there.\n`),
  );
  process.exit(1);
}

// The portal's development wallet (docs/developer-channel.md): on a local chain outside production
// only, a key made once for this installation (.data/dev-wallet-key, git-ignored) and topped up with
// test USDC at every start, so a newcomer can sign in and pay without a browser extension.
let devWalletAddress = null;
if (deployment && env.NODE_ENV !== 'production' && !env.PORTAL_DEV_WALLET_KEY && env.PORTAL_DEV_WALLET !== 'off') {
  progress('funding the development wallet with test USDC');
  try {
    const { Wallet, Contract, JsonRpcProvider, parseUnits } = await import('ethers');
    const walletFile = path.join(dataDir, 'dev-wallet-key');
    let key = existsSync(walletFile) ? readFileSync(walletFile, 'utf8').trim() : '';
    if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
      key = Wallet.createRandom().privateKey;
      writeFileSync(walletFile, `${key}\n`, { mode: 0o600 });
    }
    devWalletAddress = new Wallet(key).address;
    const provider = new JsonRpcProvider(chainMod.chainConfig().rpcUrl);
    const balance = await new Contract(deployment.usdcAddress, ['function balanceOf(address) view returns (uint256)'], provider).balanceOf(devWalletAddress);
    provider.destroy();
    if (balance < parseUnits('100', 6)) await chainMod.fundUsdc(devWalletAddress, '1000');
    env.PORTAL_DEV_WALLET_KEY = key;
  } catch (err) {
    process.stderr.write(`development wallet not set up: ${err.message}\n`);
  }
}

// The settings this start talks to, for `npm run cert` (scripts/cert.mjs) to use the same ones.
{
  const keys = Object.keys(env).filter((k) => /^(DATABASE_URL|REDIS_URL|REDIS_CLUSTER|QUEUE_PREFIX|CHAIN_[A-Z_]+|REGISTRY_ADDRESS|USDC_ADDRESS|PUBLIC_BASE_URL|PORT|NODE_ENV|PYPI_URL|NPM_REGISTRY_URL|NPM_ADVISORY_URL)$/.test(k));
  writeFileSync(path.join(dataDir, 'start-env.json'), `${JSON.stringify(Object.fromEntries(keys.map((k) => [k, env[k]])), null, 2)}\n`, { mode: 0o600 });
}

// One development key, kept in .data/ (git-ignored) so every start prints the same working key.
progress('checking the development API key and console operator');
const keyFile = path.join(dataDir, 'dev-api-key');
let apiKey = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '';
const check = apiKey ? node('scripts/cli.js', ['api-key', 'check', apiKey], { stdio: 'pipe' }) : { status: 1 };
if (check.status !== 0) {
  const made = node('scripts/cli.js', ['api-key', 'create', '--actor', 'local-developer', '--activate', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  if (made.status !== 0) process.exit(1);
  apiKey = JSON.parse(made.stdout).key;
  writeFileSync(keyFile, `${apiKey}\n`, { mode: 0o600 });
}

// A first console operator, kept the same way (.data/console-operator holds its one-time secret).
const opFile = path.join(dataDir, 'console-operator');
const OPERATOR = 'local-operator';
let opSecret = existsSync(opFile) ? readFileSync(opFile, 'utf8').trim() : '';
let opCreated = false;
const ops = node('scripts/cli.js', ['operator', 'list', '--json'], { stdio: 'pipe' });
const opActive = ops.status === 0 && JSON.parse(ops.stdout || '[]').some((o) => o.name === OPERATOR && o.active);
if (!opSecret || !opActive) {
  if (opActive) node('scripts/cli.js', ['operator', 'revoke', OPERATOR, '--operator', 'npm-start'], { stdio: 'pipe' });
  const made = node('scripts/cli.js', ['operator', 'create', '--name', OPERATOR, '--operator', 'npm-start', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  opSecret = made.status === 0 ? JSON.parse(made.stdout).secret : '';
  opCreated = Boolean(opSecret);
  if (opSecret) writeFileSync(opFile, `${opSecret}\n`, { mode: 0o600 });
}

// Each process is supervised on its own: one that exits is started again with backoff (see
// supervise.mjs) and the others keep running, as on a platform. Ctrl-C stops them all.
const children = [];
// V8 keeps regexes in its interpreter: in a long-lived process the analysis's patterns run 1.3-3x faster so
// (docs/analysis-limits.md, "Seventh round"); the Procfile and package.json start the processes the same way
function startProcess(name, script) {
  children.push(supervise({ name, command: process.execPath, args: ['--no-regexp-tier-up', path.join(root, 'dist', script)], spawnOptions: { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] } }));
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  Promise.all(children.map((c) => c.stop('SIGTERM')))
    .then(() => chain?.stop())
    .then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

progress('starting the web and worker processes');
startProcess('web', 'services/web.js');
startProcess('worker', 'workers/worker.js');

// The anvil started here is looked after too: a node that stops answering is started again from its
// state file (dumped every 5 s) and the contracts deployed if that state predates them; the worker's
// reconciliation then re-commits what the lost blocks held.
if (chain) {
  const rpcUrl = chainMod.chainConfig().rpcUrl;
  let chainDelay = 1000;
  const watchChain = async () => {
    if (stopping) return;
    if (await chainMod.rpcAnswers(rpcUrl)) {
      chainDelay = 1000;
    } else {
      try {
        chain = (await chainMod.ensureLocalChain()) ?? chain;
        await chainMod.deployLocal();
        process.stderr.write('local chain stopped answering; started again from its last saved state\n');
        chainDelay = 1000;
      } catch (err) {
        process.stderr.write(`local chain could not be started again (${err.message}); next try in ${chainDelay / 1000} s\n`);
        chainDelay = Math.min(30000, chainDelay * 2);
      }
    }
    setTimeout(watchChain, chainDelay);
  };
  setTimeout(watchChain, chainDelay);
}

// The secret is printed when it is made; later starts point at the file instead of echoing it into logs.
const consoleLine = !opSecret ? '' : opCreated ? ` (sign in as ${OPERATOR} with ${opSecret}; kept in .data/console-operator)` : ` (sign in as ${OPERATOR}; secret in .data/console-operator)`;
const chainLines = deployment
  ? `  chain:    ${process.env.CHAIN_RPC_URL ?? 'http://127.0.0.1:8545'} (chain id ${deployment.chainId}${chain ? ', anvil started here' : ''})\n` +
    `  registry: ${deployment.registryAddress}\n  USDC:     ${deployment.usdcAddress} (test USDC; demo payer ${deployment.demoPayer.address} is anvil account #4, a publicly known key)\n  reward:   ${deployment.rewardTokenAddress} (flag bounties)\n` +
    (devWalletAddress ? `  dev wallet: ${devWalletAddress} (made for this installation, funded with test USDC; sign in with it at ${env.PUBLIC_BASE_URL}/portal/sign-in)\n` : '')
  : '';
// "running" is said once the web process answers, so the printed curl works when it is read.
const healthUrl = `http://127.0.0.1:${env.PORT}/healthz`;
const webAnswered = step(`waiting for the web process to answer ${healthUrl}`);
const webUp = await (async () => {
  for (const end = Date.now() + 60_000; Date.now() < end && !stopping; await new Promise((r) => setTimeout(r, 250))) {
    const ok = await fetch(healthUrl).then((r) => r.ok, () => false);
    if (ok) return true;
  }
  return false;
})();
if (webUp) webAnswered();
if (!webUp && !stopping) process.stderr.write(`the web process has not answered ${healthUrl} within 60 s; its log above says why\n`);
process.stdout.write(
  `\n  cert is ${webUp ? 'running' : 'starting (web not answering yet)'}\n  base URL: ${env.PUBLIC_BASE_URL}\n  API key:  ${apiKey}\n` +
    `  site:     ${(env.SITE_URL ?? env.PUBLIC_BASE_URL).replace(/\/+$/, '')}/certificates\n` +
    `  portal:   ${(env.DEV_PORTAL_URL ?? env.PUBLIC_BASE_URL).replace(/\/+$/, '')}/portal\n` +
    `  console:  ${env.PUBLIC_BASE_URL.replace(/\/+$/, '')}/console${consoleLine}\n${chainLines}` +
    `  try:      curl -H "Authorization: Bearer ${apiKey}" ${env.PUBLIC_BASE_URL}/cert/v1/activation-requirements\n\n`,
);
