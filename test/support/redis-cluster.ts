import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './harness.js';

/**
 * A throwaway three-master Redis Cluster of our own (never the shared Redis): redis-server in
 * cluster mode on free ports, joined with `redis-cli --cluster create`, nothing kept on disk.
 */
export interface TestCluster {
  url: string;
  ports: number[];
  /** Every key of every node matching a glob pattern. */
  keys(pattern: string): string[];
  keyslot(key: string): number;
  stop(): Promise<void>;
}

export async function startRedisCluster(nodes = 3): Promise<TestCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cert-cluster-'));
  const ports: number[] = [];
  const children: ChildProcess[] = [];
  for (let i = 0; i < nodes; i++) {
    const port = await freePort();
    ports.push(port);
    children.push(
      spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' }),
    );
  }
  const cli = (port: number, ...args: string[]) => spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' });
  await waitFor(async () => ports.every((p) => cli(p, 'ping').stdout.trim() === 'PONG') || undefined, 10000, 'cluster nodes to start');
  const created = spawnSync('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
  await waitFor(async () => ports.every((p) => cli(p, 'cluster', 'info').stdout.includes('cluster_state:ok')) || undefined, 15000, 'cluster_state:ok');
  return {
    url: `redis://127.0.0.1:${ports[0]}`,
    ports,
    keys: (pattern) => ports.flatMap((p) => cli(p, '--scan', '--pattern', pattern).stdout.split('\n').filter(Boolean)),
    keyslot: (key) => Number(cli(ports[0]!, 'cluster', 'keyslot', key).stdout.trim()),
    async stop() {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null || c.signalCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
            }),
        ),
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
