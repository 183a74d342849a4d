/**
 * Shared plumbing for the benches (not tests: nothing here asserts a timing).
 *
 * - a throwaway database `cert_bench_<run>` migrated with the compiled `dist/scripts/migrate.js`, and a Redis
 *   key prefix of its own, both removed by `cleanup()` (as scripts/test.mjs does for a test run);
 * - real web and worker processes from dist/, started the way test/support/harness.ts starts them (the
 *   harness itself is not imported: under tsx it would look for the entry points next to the .ts sources);
 * - the npm registry base from NPM_REGISTRY_URL, else `npm config get registry` (never written down here);
 * - small statistics and markdown helpers.
 *
 * The benches spawn compiled entry points: build first (`npx tsc -p tsconfig.json`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { dropDatabase } from '../shared/migrations/migrate.js';
import { closeDb } from '../shared/db/connection.js';
import { initModels } from '../shared/models.js';
import { loadConfig, setConfig } from '../shared/config.js';
import { closeQueues } from '../shared/queues/index.js';
import { resetRegistryClients } from '../shared/packages/clients.js';
import { stopAll as harnessStopAll, waitFor } from '../test/support/harness.js';

export { repoRoot, distRoot } from '../test/support/harness.js';
import { repoRoot, distRoot } from '../test/support/harness.js';
export const topNpmList = path.join(repoRoot, 'shared', 'packages', 'data', 'top-npm.json');

export function requireBuild(): void {
  for (const f of ['scripts/migrate.js', 'services/web.js', 'workers/worker.js']) {
    if (!existsSync(path.join(distRoot, f))) {
      process.stderr.write(`dist/${f} is missing: build first with \`npx tsc -p tsconfig.json\`\n`);
      process.exit(1);
    }
  }
}

let registryBaseCache: string | undefined;
/** The npm registry base: NPM_REGISTRY_URL, else what this machine's npm is configured with (no trailing slash). */
export function npmBase(): string {
  if (!registryBaseCache) {
    const fromEnv = process.env.NPM_REGISTRY_URL?.trim();
    let base = fromEnv ?? '';
    if (!base) {
      const r = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      base = (r.stdout ?? '').trim().split('\n').pop()?.trim() ?? '';
    }
    if (!/^https?:\/\//.test(base)) throw new Error('No npm registry: set NPM_REGISTRY_URL (npm config get registry gave nothing usable)');
    registryBaseCache = base.replace(/\/+$/, '');
  }
  return registryBaseCache;
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

// ---------------------------------------------------------------------------------------------------------
// Database and Redis prefix per run

export interface BenchEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  QUEUE_PREFIX: string;
  NPM_REGISTRY_URL: string;
  NODE_ENV: string;
  [k: string]: string;
}

let seq = 0;
const live = new Set<BenchEnv>();

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

/**
 * A fresh database (created and migrated by the compiled release step) and Redis prefix, and points this
 * process's configuration, models and queues at them.
 */
export async function freshEnv(label: string, extra: Record<string, string> = {}): Promise<BenchEnv> {
  requireBuild();
  const runId = `${label}_${process.pid}_${Date.now().toString(36)}_${seq++}`;
  const dbUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/');
  dbUrl.pathname = `/cert_bench_${runId}`;
  const env: BenchEnv = {
    NODE_ENV: 'test',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `certbench_${runId}`.slice(0, 40),
    NPM_REGISTRY_URL: npmBase(),
    LOG_LEVEL: 'warn',
    // Benches measure the routes, not the rate limiter (0: no limit).
    ...Object.fromEntries(['PUBLIC', 'CHALLENGE', 'COMPARE', 'API_KEY', 'WALLET', 'ANALYSIS'].map((k) => [`RATE_LIMIT_${k}_PER_MIN`, '0'])),
    ...extra,
  };
  live.add(env);
  const mig = await run(process.execPath, [path.join(distRoot, 'scripts/migrate.js')], { ...process.env, ...env });
  if (mig.code !== 0) throw new Error(`migration of ${env.DATABASE_URL} failed:\n${mig.out}`);
  await useEnv(env);
  return env;
}

/** Values process.env had before useEnv changed them (undefined: absent), to restore between runs. */
const originalEnv = new Map<string, string | undefined>();

/**
 * Point this process (config, Sequelize, Bull queues, registry clients) at `env`. Keys an earlier run set
 * and this one does not are restored first, so one run's knobs (WORKER_CONCURRENCY_PACKAGES, ...) never leak
 * into the next run or the processes it spawns.
 */
export async function useEnv(env: BenchEnv): Promise<void> {
  await closeQueues(5000);
  await closeDb();
  for (const [k, v] of originalEnv) {
    if (k in env) continue;
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
    originalEnv.delete(k);
  }
  for (const k of Object.keys(env)) if (!originalEnv.has(k)) originalEnv.set(k, process.env[k]);
  Object.assign(process.env, env);
  setConfig(loadConfig());
  resetRegistryClients();
  initModels();
}

/** Drop the run's database and delete its Redis keys. */
export async function cleanup(env: BenchEnv): Promise<void> {
  if (!live.delete(env)) return;
  await closeQueues(5000).catch(() => undefined);
  await closeDb().catch(() => undefined);
  await dropDatabase(env.DATABASE_URL).catch((err) => process.stderr.write(`could not drop ${env.DATABASE_URL}: ${(err as Error).message}\n`));
  const r = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${env.QUEUE_PREFIX}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Real processes: the test harness's, so benches and tests start the service the same way.

export { spawnProc, freePort, startWeb, startWorker, type Proc } from '../test/support/harness.js';

/** Processes started by startQuiet, in start order (stopped by the bench that started them). */
export const quietChildren: ChildProcess[] = [];

/** A process whose stdout goes nowhere (a log pipe read by this process would steal the load generator's CPU). */
export async function startQuiet(script: string, args: string[], env: Record<string, string>, port: number, nodeArgs: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  quietChildren.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    const r = await fetch(`${url}/healthz`).catch(() => null);
    return r?.ok ? true : undefined;
  }, 60000, `${script} /healthz`);
  return url;
}

/** CPU seconds a process has used (utime + stime from /proc, in clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** SIGTERM (drain) every process this bench started, SIGKILL after `timeoutMs`. */
export const stopAll = (timeoutMs = 15000) => harnessStopAll('SIGTERM', timeoutMs);

const undo: (() => Promise<void>)[] = [];
/** Something a bench changed outside its own database (a server setting), undone on the way out. */
export function onTeardown(fn: () => Promise<void>): void {
  undo.push(fn);
}

/** Undo server settings, stop processes, drop every database and prefix still live; also on SIGINT / SIGTERM. */
export async function teardown(): Promise<void> {
  for (const fn of undo.splice(0).reverse()) await fn().catch((err) => process.stderr.write(`teardown: ${(err as Error).message}\n`));
  await stopAll(5000);
  for (const env of [...live]) await cleanup(env);
}

let handlersInstalled = false;
export function installSignalCleanup(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const onSignal = (sig: string) => {
    process.stderr.write(`\n${sig}: cleaning up\n`);
    teardown().finally(() => process.exit(130));
  };
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
}

/** Run `main` with cleanup on the way out (success, error or signal), then exit. */
export async function runBench(main: () => Promise<void>): Promise<never> {
  installSignalCleanup();
  let code = 0;
  try {
    await main();
  } catch (err) {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    code = 1;
  } finally {
    await teardown().catch((err) => process.stderr.write(`teardown: ${(err as Error).message}\n`));
  }
  process.exit(code);
}

// ---------------------------------------------------------------------------------------------------------
// Numbers and tables

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[Math.min(s.length, rank) - 1]!;
}

export function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
}

export function table(header: string[], rows: (string | number)[][], align: ('l' | 'r')[] = []): string {
  const sep = header.map((_, i) => (align[i] === 'r' ? '---:' : '---'));
  return [header, sep, ...rows.map((r) => r.map(String))].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

export interface LatestInfo {
  version: string;
  /** Tarball URL under the configured base (as NpmRegistry.tarballUrl builds it). */
  tarball: string;
  unpackedSize?: number;
  fileCount?: number;
}

/** Latest version of each name from the packument's dist-tags (metadata only, no tarball). */
export async function latestVersions(names: readonly string[], concurrency = 8): Promise<Map<string, LatestInfo>> {
  const out = new Map<string, LatestInfo>();
  const base = npmBase();
  let next = 0;
  const one = async () => {
    while (next < names.length) {
      const name = names[next++]!;
      const seg = name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name);
      try {
        const res = await fetch(`${base}/${seg}`, { headers: { accept: 'application/vnd.npm.install-v1+json' }, signal: AbortSignal.timeout(30000) });
        if (!res.ok) continue;
        const doc = (await res.json()) as { 'dist-tags'?: { latest?: string }; versions?: Record<string, { dist?: { tarball?: string; unpackedSize?: number; fileCount?: number } }> };
        const v = doc['dist-tags']?.latest;
        const dist = v ? doc.versions?.[v]?.dist : undefined;
        if (!v || !dist) continue;
        const file = (dist.tarball ?? '').split('/').pop() || `${name.split('/').pop()}-${v}.tgz`;
        out.set(name, { version: v, tarball: `${base}/${name}/-/${file}`, unpackedSize: dist.unpackedSize, fileCount: dist.fileCount });
      } catch {
        /* skipped: not reachable */
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, one));
  return out;
}

/** Compressed size of a tarball from a HEAD request's content-length (no body is transferred). */
export async function tarballSize(url: string): Promise<number | undefined> {
  try {
    const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(15000) });
    const n = Number(res.headers.get('content-length'));
    return res.ok && Number.isFinite(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}
