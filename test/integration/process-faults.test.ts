import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { decide, isNetworkError } from '../../shared/process-faults.js';
import { distRoot, repoRoot, waitFor } from '../support/harness.js';

const netErr = (code: string, message = `connect ${code} 127.0.0.1:8545`) => Object.assign(new Error(message), { code });

test('the last-resort policy: a leaked rejection or a dead socket is survived, any other throw ends the process', () => {
  assert.is(decide('unhandled_rejection', netErr('ECONNREFUSED')), 'continue');
  assert.is(decide('unhandled_rejection', new TypeError('x is undefined')), 'continue');
  assert.is(decide('uncaught_exception', netErr('ECONNREFUSED')), 'continue');
  assert.is(decide('uncaught_exception', netErr('ECONNRESET', 'socket hang up')), 'continue');
  assert.is(decide('uncaught_exception', new Error('socket hang up')), 'continue');
  assert.is(decide('uncaught_exception', new AggregateError([netErr('ECONNREFUSED'), netErr('ECONNREFUSED')])), 'continue');
  assert.is(decide('uncaught_exception', Object.assign(new Error('fetch failed'), { cause: netErr('UND_ERR_SOCKET') })), 'continue');
  // Honest twins: not network failures.
  assert.is(decide('uncaught_exception', new TypeError("Cannot read properties of undefined (reading 'id')")), 'exit');
  assert.is(decide('uncaught_exception', new AggregateError([netErr('ECONNREFUSED'), new RangeError('bad')])), 'exit');
  assert.is(decide('uncaught_exception', new Error('socket hang up in the parser, said nobody')), 'exit');
  assert.is(decide('uncaught_exception', 'a thrown string'), 'exit');
  assert.not.ok(isNetworkError(undefined));
});

/** Runs a child that installs the policy, then leaks `leak`; returns its exit code and output. */
function child(leak: string): Promise<{ code: number | null; out: string }> {
  const mod = (p: string) => JSON.stringify(pathToFileURL(path.join(distRoot, p)).href);
  const src = `
    const { installFaultPolicy } = await import(${mod('shared/process-faults.js')});
    const { registry } = await import(${mod('shared/metrics.js')});
    installFaultPolicy('worker');
    ${leak}
    setTimeout(async () => {
      const m = await registry.getSingleMetric('cert_process_faults_total').get();
      console.log('ALIVE ' + JSON.stringify(m.values.map((v) => [v.labels.kind, v.labels.decision, v.value])));
      process.exit(0);
    }, 500);
  `;
  return new Promise((resolve) => {
    const c = spawn(process.execPath, ['--input-type=module', '-e', src], { cwd: repoRoot, env: { ...process.env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (out += d));
    c.on('exit', (code) => resolve({ code, out }));
  });
}

test('a real process: a rejected chain call nobody awaited and a socket error without a listener leave it running, counted', async () => {
  const r = await child(`
    Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8545'), { code: 'ECONNREFUSED' }));
    const { EventEmitter } = await import('node:events');
    setTimeout(() => new EventEmitter().emit('error', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })), 50);
  `);
  assert.is(r.code, 0, r.out);
  assert.match(r.out, /ALIVE \[.*\["unhandled_rejection","continue",1\]/);
  assert.match(r.out, /\["uncaught_exception","continue",1\]/);
  assert.match(r.out, /"fault":"unhandled_rejection"/);
});

test('a real process: a programming error thrown from a timer is logged and ends it with code 1', async () => {
  const r = await child(`setTimeout(() => { null.id; }, 50);`);
  assert.is(r.code, 1, r.out);
  assert.not.match(r.out, /ALIVE/);
  const line = JSON.parse(r.out.split('\n').find((l) => l.includes('"fault":"uncaught_exception"'))!);
  assert.is(line.decision, 'exit');
  assert.is(line.level, 60);
  assert.match(line.err.message, /null/);
});

test('the start script supervisor restarts a process that exits, with doubling backoff, and leaves the others running', async () => {
  const { supervise } = await import(pathToFileURL(path.join(repoRoot, 'scripts', 'supervise.mjs')).href);
  const lines: string[] = [];
  const starts: number[] = [];
  const crashing = supervise({ name: 'worker', command: process.execPath, args: ['-e', 'process.exit(3)'], initialDelayMs: 100, maxDelayMs: 400, stableMs: 60000, log: (l: string) => lines.push(l) });
  crashing.onStart(() => starts.push(Date.now()));
  const steady = supervise({ name: 'web', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], log: (l: string) => lines.push(l) });
  const steadyPid = steady.child.pid;
  await waitFor(async () => (starts.length >= 4 ? true : undefined), 20000, 'four restarts');
  // Pauses 100, 200, 400, 400 ms (capped); starts[] begins with the first restart: each gap is at least the pause before it.
  const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
  assert.ok(gaps[0]! >= 200 && gaps[1]! >= 400 && gaps[2]! >= 400, JSON.stringify(gaps));
  assert.match(lines[0]!, /^worker exited \(3\); restarting it in 0\.1 s \(restart 1\)$/);
  assert.is(steady.child.pid, steadyPid, 'the other process was not touched');
  assert.is(steady.child.exitCode, null);
  assert.is(steady.restarts, 0);
  await Promise.all([crashing.stop(), steady.stop()]);
  assert.is(steady.child.signalCode, 'SIGTERM');
  const after = crashing.restarts;
  await new Promise((r) => setTimeout(r, 600));
  assert.is(crashing.restarts, after, 'no restart after stop');
});

test.run();
