// `npm test`: install, build, create a fresh database for this run, run every uvu suite against
// real MariaDB/MySQL and Redis, drop the database, and end with "N passed, N failed".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { prepare, reachable, root } from './prepare.mjs';

const dbBase = process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/';
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = `${process.pid}_${Date.now().toString(36)}`;
const dbUrl = new URL(dbBase);
dbUrl.pathname = `/cert_test_${runId}`;

// A whole run takes about 12 minutes here; past this the run is stuck, not slow, and is ended as failed.
const runTimeoutMs = Number(process.env.TEST_RUN_TIMEOUT_MS ?? 45 * 60_000);

function run(cmd, args, env, { capture = false, group = false } = {}) {
  return new Promise((resolve) => {
    // `group`: the child leads its own process group, so whatever the suites started and forgot
    // (a worker, a chain node) is ended with it instead of outliving the run.
    const child = spawn(cmd, args, { cwd: root, env, detached: group, stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'] });
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* the group is already gone */
      }
    };
    const timer = group
      ? setTimeout(() => {
          process.stderr.write(`\nThe test run passed ${runTimeoutMs} ms (TEST_RUN_TIMEOUT_MS) and was ended.\n`);
          killGroup();
        }, runTimeoutMs)
      : null;
    let out = '';
    if (capture) {
      child.stdout.on('data', (d) => {
        out += d;
        process.stdout.write(d);
      });
      child.stderr.on('data', (d) => {
        out += d;
        process.stderr.write(d);
      });
    }
    child.on('exit', (code) => {
      if (timer) clearTimeout(timer);
      if (group) killGroup();
      resolve({ code: code ?? 1, out });
    });
  });
}

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
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: `certtest_${runId}`,
    // Limits stay on (the code path runs in every suite) but far above what any suite sends from one
    // address; the rate-limit suite sets its own low limits.
    ...Object.fromEntries(['PUBLIC', 'CHALLENGE', 'COMPARE', 'API_KEY', 'WALLET', 'ANALYSIS'].map((k) => [`RATE_LIMIT_${k}_PER_MIN`, process.env[`RATE_LIMIT_${k}_PER_MIN`] ?? '1000000'])),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --enable-source-maps`.trim(),
  };
  const mig = await run(process.execPath, [path.join(root, 'dist/scripts/migrate.js')], env);
  let passed = 0;
  let failed = 1;
  let skipped = 0;
  try {
    if (mig.code !== 0) throw new Error('migration failed');
    const pattern = process.argv[2] ?? '\\.test\\.js$';
    const res = await run(process.execPath, [path.join(root, 'scripts/uvu-run.mjs'), 'dist/test', pattern], env, { capture: true, group: true });
    const num = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(res.out)?.[1] ?? NaN);
    const total = num('Total');
    passed = num('Passed');
    skipped = num('Skipped') || 0;
    if (Number.isNaN(total) || Number.isNaN(passed)) {
      passed = 0;
      failed = 1; // a suite crashed before uvu could count
    } else {
      failed = total - passed; // uvu's Total counts the tests that ran; skipped ones are apart
      if (res.code !== 0 && failed === 0) failed = 1;
    }
  } finally {
    await cleanup(env);
  }
  // Skipped suites (a data set that is not there) are said before the last line, which stays "N passed, N failed".
  if (skipped) process.stdout.write(`\n${skipped} skipped (their data is missing: see the "skipped:" lines above)\n`);
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
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
