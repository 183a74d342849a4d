import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort, waitFor } from './harness.js';

/**
 * Outages a test controls without touching the shared services: a private redis-server it can
 * kill and restart, and a TCP proxy in front of MariaDB it can cut and restore.
 */
export interface PrivateRedis {
  port: number;
  url: string;
  /** SIGKILL: everything in it is lost (it keeps nothing on disk, like a cache-configured Redis). */
  crash(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitFor(() => ping(port), 10000, `redis-server on ${port}`);
  };
  const kill = () =>
    new Promise<void>((resolve) => {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return resolve();
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, crash: kill, start, stop: kill };
}

function ping(port: number): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => s.write('PING\r\n'));
    s.on('data', (d) => {
      s.destroy();
      resolve(d.toString().startsWith('+PONG') || undefined);
    });
    s.on('error', () => resolve(undefined));
  });
}

export interface TcpProxy {
  port: number;
  /** Stops listening and drops every open connection: clients see resets, then refused connections. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect({ host: targetHost, port: targetPort });
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = async () => {
    const s = server;
    server = undefined;
    for (const sock of sockets) sock.destroy();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}
