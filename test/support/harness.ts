import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { FINAL_STATES } from '../../shared/submissions/states.js';

/** Real processes for end-to-end tests: compiled web and worker entry points, as the Procfile runs them. */
const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root whether this runs compiled (dist/test/support) or from source under tsx (test/support). */
export const repoRoot = path.basename(path.resolve(here, '..', '..')) === 'dist' ? path.resolve(here, '..', '..', '..') : path.resolve(here, '..', '..');
export const distRoot = path.join(repoRoot, 'dist');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Proc {
  name: string;
  child: ChildProcess;
  lines: string[];
  waitForLine(pred: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

const running = new Set<Proc>();

/** Suites that do not test the chain point it at a closed port: commits then wait, as with a chain that is down. */
export const NO_CHAIN = { CHAIN_RPC_URL: 'http://127.0.0.1:9', CHAIN_STATE_DIR: path.join(repoRoot, '.data', 'test-no-chain') };

/** Settings that make fault recovery observable within seconds instead of minutes. */
export const FAST_RECOVERY = { QUEUE_LOCK_MS: '2000', SWEEP_INTERVAL_MS: '1000', SWEEP_STALE_MS: '4000' };

/**
 * On-chain batches close within a second (the default window is 30 s): suites watch a certificate
 * reach the chain. A suite that wants several certificates in one batch sets its own window.
 */
export const FAST_BATCHES = { CHAIN_BATCH_WINDOW_MS: '1000', CHAIN_BATCH_POLL_MS: '250' };

export function spawnProc(name: string, script: string, env: Record<string, string> = {}): Proc {
  // (as the Procfile starts them: docs/analysis-limits.md, "Seventh round")
  const child = spawn(process.execPath, ['--enable-source-maps', '--no-regexp-tier-up', path.join(distRoot, script)], {
    env: { ...process.env, ...NO_CHAIN, ...FAST_RECOVERY, ...FAST_BATCHES, ...env, LOG_LEVEL: 'info' }, // readiness is read from info lines
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { pred: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  // A pipe delivers chunks, not lines: the tail after the last newline waits for the next chunk, or a
  // busy child's JSON line arrives in two halves that no test's predicate matches.
  const partial = { stdout: '', stderr: '' };
  const onData = (stream: 'stdout' | 'stderr') => (buf: Buffer) => {
    const parts = (partial[stream] + buf.toString('utf8')).split('\n');
    partial[stream] = parts.pop() ?? '';
    for (const line of parts) {
      if (!line) continue;
      // The buffer is bounded, but lines naming an event or a fault are what suites count: they stay.
      if (lines.length > 5000) {
        const old = lines.splice(0, 1000).filter((l) => l.includes('"event":') || l.includes('"fault'));
        lines.unshift(...old);
      }
      lines.push(line);
      if (process.env.TEST_VERBOSE) process.stderr.write(`[${name}] ${line}\n`);
      for (const w of [...waiters]) if (w.pred(line)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(line); }
    }
  };
  child.stdout!.on('data', onData('stdout'));
  child.stderr!.on('data', onData('stderr'));
  const proc: Proc = {
    name,
    child,
    lines,
    waitForLine(pred, timeoutMs = 20000) {
      const hit = lines.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const onExit = (code: number | null) => {
          clearTimeout(t);
          reject(new Error(`${name} exited (${code}) before the expected line; last lines:\n${lines.slice(-10).join('\n')}`));
        };
        const t = setTimeout(() => {
          child.off('exit', onExit);
          reject(new Error(`${name}: no matching line within ${timeoutMs} ms; last lines:\n${lines.slice(-10).join('\n')}`));
        }, timeoutMs);
        child.once('exit', onExit);
        waiters.push({ pred, resolve: (l) => { clearTimeout(t); child.off('exit', onExit); resolve(l); } });
      });
    },
    stop(signal = 'SIGTERM', timeoutMs = 30000) {
      running.delete(proc);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.once('exit', (code) => { clearTimeout(t); resolve(code); });
        child.kill(signal);
      });
    },
  };
  running.add(proc);
  return proc;
}

/**
 * How long a starting web or worker process may take to answer: a readiness wait, not a speed check. A
 * process that exits fails the wait at once; one that hangs fails here. On the 2-core machine shared by
 * several test runs (load average 30 and more) a start was seen to take over 60 s.
 */
const READY_MS = 180_000;

export async function startWeb(env: Record<string, string> = {}): Promise<Proc & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const p = spawnProc(`web:${port}`, 'services/web.js', { PORT: String(port), PUBLIC_BASE_URL: url, ...env });
  await waitFor(async () => {
    if (p.child.exitCode !== null) throw new Error(`web exited: ${p.lines.join('\n')}`);
    const r = await fetch(`${url}/healthz`).catch(() => null);
    return r?.ok ? true : undefined;
  }, READY_MS, 'web /healthz');
  return Object.assign(p, { url });
}

export async function startWorker(env: Record<string, string> = {}, name = 'worker'): Promise<Proc> {
  const p = spawnProc(name, 'workers/worker.js', env);
  await p.waitForLine((l) => l.includes('worker ready'), READY_MS);
  return p;
}

/** Stops every process started here: SIGKILL by default (tests), SIGTERM to drain (benches). */
export async function stopAll(signal: NodeJS.Signals = 'SIGKILL', timeoutMs = 5000): Promise<void> {
  await Promise.all([...running].map((p) => p.stop(signal, timeoutMs)));
}

export async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs = 30000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeoutMs;
  let lastErr: unknown;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v !== undefined && v !== null && (v as unknown) !== false) return v;
    } catch (err) {
      lastErr = err;
      if ((err as Error).message?.startsWith('web exited')) throw err;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}${lastErr ? `: ${(lastErr as Error).message}` : ''}`);
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export function client(baseUrl: string, apiKey?: string) {
  const call = async (method: string, p: string, body?: unknown, raw?: { body: string | Uint8Array; contentType?: string }): Promise<Res> => {
    const headers: Record<string, string> = {};
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    let payload: string | Uint8Array | undefined;
    if (raw) {
      payload = raw.body;
      headers['content-type'] = raw.contentType ?? 'application/json';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const r = await fetch(`${baseUrl}${p}`, { method, headers, body: payload as string | undefined });
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: r.status, body: parsed, headers: r.headers };
  };
  return {
    get: (p: string) => call('GET', p),
    post: (p: string, body?: unknown) => call('POST', p, body),
    raw: (method: string, p: string, body: string | Uint8Array, contentType?: string) => call(method, p, undefined, { body, contentType }),
  };
}

export const uuid = () => randomUUID();

export function skillMd(opts: { name?: string; description?: string; version?: string; externalCalls?: string[]; capabilities?: string[]; body?: string } = {}): string {
  const meta: string[] = [`  version: "${opts.version ?? '1.0.0'}"`];
  if (opts.externalCalls) meta.push(`  externalCalls: [${opts.externalCalls.map((u) => JSON.stringify(u)).join(', ')}]`);
  if (opts.capabilities) meta.push(`  capabilities: [${opts.capabilities.map((c) => JSON.stringify(c)).join(', ')}]`);
  return [
    '---',
    `name: ${opts.name ?? `skill-${randomUUID().slice(0, 8)}`}`,
    `description: ${opts.description ?? 'Summarises a markdown document into five bullet points for the user.'}`,
    'metadata:',
    ...meta,
    '---',
    '',
    opts.body ?? '# Summarise\n\nRead the document the user gives you and write five short bullet points that cover its main ideas.\n',
  ].join('\n');
}

/** What a failed wait says about the submission: its state and why it is there (findings, rejection, packages still pending). */
export function describeSubmission(body: any): string {
  if (body === undefined) return 'never read';
  if (typeof body !== 'object' || body === null) return JSON.stringify(body).slice(0, 400);
  const parts = [`status ${body.status ?? `(none: ${JSON.stringify(body).slice(0, 300)})`}`];
  const findings: any[] = Array.isArray(body.findings) ? body.findings : [];
  if (findings.length) {
    const shown = findings.slice(0, 12).map((f) => `${f.ruleId} ${f.severity}${f.blocking ? ' blocking' : ''}: ${String(f.message ?? '').slice(0, 160)}`);
    parts.push(`findings (${findings.length}):\n    ${shown.join('\n    ')}${findings.length > shown.length ? '\n    …' : ''}`);
  }
  if (body.rejectionSummary) parts.push(`rejectionSummary: ${JSON.stringify(body.rejectionSummary).slice(0, 400)}`);
  if (body.packages?.phase) parts.push(`packages: ${body.packages.phase}`);
  if (body.endpointReview) parts.push(`endpointReview: ${JSON.stringify(body.endpointReview).slice(0, 300)}`);
  return parts.join('\n  ');
}

/**
 * Polls a submission until it reaches one of `states`. A submission that reaches a final state
 * (FINAL_STATES: left only through an upheld dispute) other than those fails the wait at once, with
 * its findings, instead of the wait running out its time; a timeout says the last state seen.
 * `terminal` overrides which states end the wait (a test that files a dispute waits past them).
 */
export async function waitForStatus(c: ReturnType<typeof client>, id: string, states: string[], timeoutMs = 40000, opts: { terminal?: readonly string[] } = {}): Promise<any> {
  const terminal = (opts.terminal ?? FINAL_STATES).filter((s) => !states.includes(s));
  const want = states.join('|');
  const end = Date.now() + timeoutMs;
  let last: any;
  let lastErr: unknown;
  while (Date.now() < end) {
    try {
      const r = await c.get(`/cert/v1/submissions/${id}`);
      last = r.body;
    } catch (err) {
      lastErr = err;
      if ((err as Error).message?.startsWith('web exited')) throw err;
    }
    if (states.includes(last?.status)) return last;
    if (terminal.includes(last?.status)) throw new Error(`submission ${id} reached ${last.status}, not ${want}:\n  ${describeSubmission(last)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for submission ${id} to reach ${want}; last seen:\n  ${describeSubmission(last)}${lastErr ? `\n  last error: ${(lastErr as Error).message}` : ''}`);
}

/** uvu aborts a suite silently when a hook throws: print the reason first. */
export function logged(fn: () => Promise<void> | void): () => Promise<void> {
  return async () => {
    try {
      await fn();
    } catch (err) {
      process.stderr.write(`hook failed: ${(err as Error).stack ?? err}\n`);
      throw err;
    }
  };
}

/**
 * Runs the operator CLI as a child process without blocking this one (the fake registries the CLI
 * may call live in this process, so spawnSync would deadlock them).
 */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(distRoot, 'scripts/cli.js'), ...args], { env: { ...process.env, ...NO_CHAIN, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}
