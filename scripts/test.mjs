// `npm test`: install, build, create fresh databases for this run (one per lane), run every uvu suite against
// real MariaDB/MySQL and Redis, drop the database, and end with "N passed, N failed".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { prepare, reachable, root } from './prepare.mjs';
import { Scheduler, loadTimes, plan, recordTimes } from './test-schedule.mjs';

const dbBase = process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/';
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = `${process.pid}_${Date.now().toString(36)}`;
const dbUrl = new URL(dbBase);
dbUrl.pathname = `/cert_test_${runId}`;

// A whole run takes about 12 minutes here; past this the run is stuck, not slow, and is ended as failed.
const runTimeoutMs = Number(process.env.TEST_RUN_TIMEOUT_MS ?? 45 * 60_000);

function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => resolve({ code: code ?? 1 }));
  });
}

// Suite files run in TEST_LANES processes at once (default 3), each with its own database and Redis
// prefix, as separate runs in separate worktrees do: most e2e suites spend their time waiting on
// timers (claim windows, leases, sweeps) and processes starting, which another lane's suite can use.
// Unit suites are CPU work: at most TEST_CPU_LANES of them run at once (default 2, the machine's cores).
// Longest files first, by recorded times; files marked `test-lanes: alone` run by themselves at the
// end (scripts/test-schedule.mjs, docs/testing.md "Run time"). TEST_LANES=1 runs everything in one process.
const lanesWanted = Math.max(1, Math.floor(Number(process.env.TEST_LANES ?? 3)) || 1);
const cpuLanes = Math.max(1, Math.floor(Number(process.env.TEST_CPU_LANES ?? 2)) || 1);
const FILE_DONE_MARK = '\u0000uvu-file-done\n'; // scripts/uvu-run.mjs writes it after each file's output

async function main() {
  if (!process.env.CERT_TEST_NO_BUILD) prepare(); // the knob is for iterating on one suite after a manual build
  const r = new URL(redisUrl);
  const [dbOk, redisOk] = await Promise.all([reachable(dbUrl.hostname, dbUrl.port || 3306), reachable(r.hostname, r.port || 6379)]);
  if (!dbOk || !redisOk) {
    if (!dbOk) process.stderr.write(`MariaDB/MySQL is not reachable at ${dbUrl.host}. Start it: start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd\n`);
    if (!redisOk) process.stderr.write(`Redis is not reachable at ${r.host}. Start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no\n`);
    process.stdout.write('0 passed, 1 failed\n');
    process.exit(1);
  }
  const pattern = process.argv[2] ?? '\\.test\\.js$';
  const { parse } = await import('uvu/parse');
  // (a name pattern such as "chain-registry" also matches the compiled file's source map: only .js files are suites)
  const files = (await parse(path.join(root, 'dist/test'), pattern, { cwd: root })).suites.filter((s) => s.name.endsWith('.js'));
  const laneCount = Math.max(1, Math.min(lanesWanted, files.length));
  const planned = plan(files, loadTimes(root));
  const base = {
    ...process.env,
    NODE_ENV: 'test',
    REDIS_URL: redisUrl,
    // Limits stay on (the code path runs in every suite) but far above what any suite sends from one
    // address; the rate-limit suite sets its own low limits.
    ...Object.fromEntries(['PUBLIC', 'CHALLENGE', 'COMPARE', 'API_KEY', 'WALLET', 'ANALYSIS'].map((k) => [`RATE_LIMIT_${k}_PER_MIN`, process.env[`RATE_LIMIT_${k}_PER_MIN`] ?? '1000000'])),
    // Suites start web, worker and chain processes together, two lanes at once: on a loaded 2-core
    // machine a starting process's event loop can stall past the 5 s default while MySQL has answered.
    DATABASE_CONNECT_TIMEOUT_MS: process.env.DATABASE_CONNECT_TIMEOUT_MS ?? '30000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Each web and worker process a suite starts would warm its skill thread up (about 1 s of CPU, some
    // 150 starts a run); test/integration/analysis-warm-up.test.ts tests the warm-up itself.
    SKILL_ANALYSIS_WARM_UP: process.env.SKILL_ANALYSIS_WARM_UP ?? 'false',
    // ... and would start that thread, and load the analyser in its main thread, at boot (about 3 s of CPU) although
    // most web processes analyse nothing (only validate does): the first analysis does both instead (skill-pool.ts).
    // The pool's prestart is tested in test/integration/skill-analysis-pool.test.ts.
    SKILL_ANALYSIS_PRESTART: process.env.SKILL_ANALYSIS_PRESTART ?? 'false',
    // With warm-up off, a thread's first analysis builds the analyser's tables (0.7-0.8 s of CPU on an idle machine):
    // on a machine loaded past its cores that CPU time stretches, and a small honest skill was cut off at the default
    // 2 s budget (LIMIT-TIME-001). The budget stays on, above what a cold first analysis costs there; the suites that
    // test the budget set their own (test/e2e/analysis-limits.test.ts).
    SKILL_ANALYSIS_BUDGET_MS: process.env.SKILL_ANALYSIS_BUDGET_MS ?? '6000',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --enable-source-maps`.trim(),
  };
  const envs = Array.from({ length: laneCount }, (_, i) => {
    const u = new URL(dbUrl);
    u.pathname = `${dbUrl.pathname}_${i}`;
    return { ...base, DATABASE_URL: u.toString(), QUEUE_PREFIX: `certtest_${runId}_${i}`, UVU_LANE: String(i) };
  });
  let passed = 0;
  let failed = 1;
  let skipped = 0;
  try {
    const migs = await Promise.all(envs.map((env) => run(process.execPath, [path.join(root, 'dist/scripts/migrate.js')], env)));
    if (migs.some((m) => m.code !== 0)) throw new Error('migration failed');
    const res = await runLanes(envs, planned);
    if (process.env.TEST_RECORD_TIMES === '1') process.stderr.write(`suite times written to ${recordTimes(root, res.times)}\n`);
    passed = res.passed;
    skipped = res.skipped;
    failed = res.total - res.passed; // tests that ran; skipped ones are apart
    if (!res.ok && failed === 0) failed = 1; // a lane crashed, or a file was left unfinished
  } finally {
    await Promise.all(envs.map((env) => cleanup(env)));
  }
  // Skipped suites (a data set that is not there) are said before the last line, which stays "N passed, N failed".
  if (skipped) process.stdout.write(`\n${skipped} skipped (their data is missing: see the "skipped:" lines above)\n`);
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
}

/**
 * One uvu-run process per lane, each taking the next file from `files` when it is free. A lane's
 * output is printed file by file so that two lanes' reports do not interleave; stderr passes through.
 */
function runLanes(envs, planned) {
  const scheduler = new Scheduler(planned, { cpuLanes, waitLanes: envs.length });
  const sum = { total: 0, passed: 0, skipped: 0, ok: true, times: [] };
  const times = sum.times;
  /** Lanes that asked for a file when none could start; asked again whenever a file finishes. */
  const waiting = [];
  const handOut = () => {
    while (waiting.length) {
      const f = scheduler.next();
      if (f === null) return;
      const lane = waiting.shift();
      lane.current = f ?? null;
      lane.child.send({ file: f ?? null });
    }
  };
  const started = Date.now();
  return new Promise((resolve) => {
    let left = envs.length;
    const children = [];
    const killAll = () => {
      for (const child of children) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* the group is already gone */
        }
      }
    };
    const timer = setTimeout(() => {
      process.stderr.write(`\nThe test run passed ${runTimeoutMs} ms (TEST_RUN_TIMEOUT_MS) and was ended.\n`);
      killAll();
    }, runTimeoutMs);
    for (const env of envs) {
      // Each lane leads its own process group, so whatever its suites started and forgot (a worker,
      // a chain node) is ended with it instead of outliving the run.
      const child = spawn(process.execPath, [path.join(root, 'scripts/uvu-run.mjs'), 'dist/test'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
      children.push(child);
      let out = '';
      const lane = { child, current: null };
      child.stdout.on('data', (d) => {
        out += d;
        let at;
        while ((at = out.indexOf(FILE_DONE_MARK)) >= 0) {
          process.stdout.write(out.slice(0, at));
          out = out.slice(at + FILE_DONE_MARK.length);
        }
      });
      child.on('message', (m) => {
        if (m?.want) {
          waiting.push(lane);
          handOut();
        } else if (m?.done) {
          if (lane.current) scheduler.done(lane.current);
          lane.current = null;
          times.push([m.done, m.ms, m.passed + m.skipped === m.total, m.cpu ?? null, m.cpuSelf ?? null]);
          sum.total += m.total;
          sum.passed += m.passed;
          sum.skipped += m.skipped;
          handOut();
        }
      });
      child.on('exit', (code) => {
        if (out) process.stdout.write(out);
        if (code !== 0) sum.ok = false;
        const i = waiting.indexOf(lane);
        if (i >= 0) waiting.splice(i, 1);
        if (lane.current) {
          process.stdout.write(`\n${lane.current.name}: its lane ended (${code}) before the file finished\n`);
          sum.total += 1;
          scheduler.done(lane.current);
          lane.current = null;
          handOut();
        }
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* the group is already gone */
        }
        if (--left > 0) return;
        clearTimeout(timer);
        if (scheduler.left) {
          process.stdout.write(`\n${scheduler.left} suite files never ran (every lane had ended)\n`);
          sum.ok = false;
        }
        process.stdout.write(`\n  Total:     ${sum.total}\n  Passed:    ${sum.passed}\n  Skipped:   ${sum.skipped}\n  Duration:  ${Date.now() - started}ms (${envs.length} lanes)\n\n`);
        // The whole run has a 15-minute budget: the slowest files are listed so whoever trims it knows where the time goes.
        // Wall time stretches with the machine's load; CPU seconds (the file's process and the children it
        // reaped) do not, so they are what compares across runs.
        const slowest = [...times].sort((a, b) => b[1] - a[1]).slice(0, 12);
        const cpuTotal = times.reduce((s, t) => s + (t[3] ?? 0), 0);
        const selfTotal = times.reduce((s, t) => s + (t[4] ?? 0), 0);
        if (slowest.length > 1) process.stderr.write(`slowest suite files (wall, CPU)\n${slowest.map(([n, ms, , cpu]) => `  ${(ms / 1000).toFixed(1).padStart(7)} s ${cpu == null ? '' : `${cpu.toFixed(1).padStart(7)} s CPU`}  ${n}`).join('\n')}\n`);
        if (cpuTotal) {
          const hungry = [...times].filter((t) => t[3] != null).sort((a, b) => b[3] - a[3]).slice(0, 12);
          process.stderr.write(`most CPU (of ${cpuTotal.toFixed(0)} s in all suite files, ${selfTotal.toFixed(0)} s of it in the lane processes; MariaDB's and the shared Redis's not counted)\n${hungry.map(([n, , , cpu, self]) => `  ${cpu.toFixed(1).padStart(7)} s CPU (${(self ?? 0).toFixed(1)} s in the lane process)  ${n}`).join('\n')}\n`);
        }
        resolve(sum);
      });
    }
  });
}

async function cleanup(env) {
  const code = `
    import mysql from 'mysql2/promise';
    import { Redis } from 'ioredis';
    const u = new URL(process.env.DATABASE_URL);
    const c = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password) });
    await c.query('DROP DATABASE IF EXISTS \`' + u.pathname.slice(1) + '\`');
    await c.end();
    const r = new Redis(process.env.REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', process.env.QUEUE_PREFIX + ':*', 'COUNT', 500);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
    r.disconnect();
  `;
  await run(process.execPath, ['--input-type=module', '-e', code], env);
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.stdout.write('0 passed, 1 failed\n');
  process.exit(1);
});
