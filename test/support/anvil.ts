import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { Sequelize } from 'sequelize';
import { startAnvil, type AnvilHandle } from '../../shared/chain/local-chain.js';
import { loadChainConfig, type ChainConfig } from '../../shared/chain/config.js';

/** A TCP port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface TestChain {
  anvil: AnvilHandle;
  port: number;
  stateDir: string;
  stateFile: string;
  cfg: ChainConfig;
  /** Stops the node gracefully (state written) and starts it again on the same port and state. */
  restart(): Promise<void>;
  /** SIGKILL: the node writes nothing; what it last dumped (every stateIntervalSeconds) survives. */
  crash(): Promise<void>;
  /** Starts the node again on the same port from its state file (after crash, or stop with keepState). */
  start(): Promise<void>;
  stop(opts?: { keepState?: boolean }): Promise<void>;
}

/** Starts a private anvil on a free port with its state in a fresh temporary directory. */
export async function startTestChain(env: Record<string, string> = {}, opts: { stateIntervalSeconds?: number } = {}): Promise<TestChain> {
  const port = await freePort();
  const launch = () => startAnvil({ port, stateFile, ...(opts.stateIntervalSeconds ? { stateIntervalSeconds: opts.stateIntervalSeconds } : {}) });
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'cert-anvil-'));
  const stateFile = path.join(stateDir, 'state.json');
  const chain: TestChain = {
    anvil: await launch(),
    port,
    stateDir,
    stateFile,
    cfg: loadChainConfig({ CHAIN_PRESET: 'local', CHAIN_RPC_URL: `http://127.0.0.1:${port}`, CHAIN_STATE_DIR: stateDir, CHAIN_TX_TIMEOUT_MS: '10000', ...env }),
    async restart() {
      await chain.anvil.stop();
      chain.anvil = await launch();
    },
    async crash() {
      try {
        process.kill(chain.anvil.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await chain.anvil.stop(); // resolves once the process has exited
    },
    async start() {
      chain.anvil = await launch();
    },
    async stop(o = {}) {
      await chain.anvil.stop();
      if (!o.keepState) rmSync(stateDir, { recursive: true, force: true });
    },
  };
  return chain;
}

export interface TestDatabase {
  name: string;
  sequelize: Sequelize;
  drop(): Promise<void>;
}

function serverUrl(): URL {
  return new URL(process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/');
}

async function adminQuery(sql: string): Promise<void> {
  const u = serverUrl();
  const c = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password) });
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A private database `cert_x402_<pid>_<suffix>` on the local MariaDB/MySQL, dropped by `drop()`. */
export async function createTestDatabase(suffix: string): Promise<TestDatabase> {
  const name = `cert_x402_${process.pid}_${suffix}`.replace(/[^a-zA-Z0-9_]/g, '_');
  await adminQuery(`DROP DATABASE IF EXISTS \`${name}\``);
  await adminQuery(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  const u = serverUrl();
  const sequelize = new Sequelize(name, decodeURIComponent(u.username || 'root'), decodeURIComponent(u.password), {
    host: u.hostname,
    port: Number(u.port || 3306),
    dialect: 'mysql',
    logging: false,
    timezone: '+00:00',
    pool: { max: 10, min: 0, acquire: 20000, idle: 10000 },
    dialectOptions: { supportBigNumbers: true, connectTimeout: 5000 },
    define: { underscored: true, freezeTableName: true },
  });
  return {
    name,
    sequelize,
    async drop() {
      await sequelize.close();
      await adminQuery(`DROP DATABASE IF EXISTS \`${name}\``);
    },
  };
}
