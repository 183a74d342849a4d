/**
 * What the sandbox job's transaction costs sent as START, one compound statement and COMMIT (three statements)
 * against the same compound statement carrying its START and COMMIT (one: shared/db/connection.ts
 * lazyTransaction), in this process and in MariaDB, alternated in rounds so the machine's load falls on both.
 * The compound is shaped like an approval's (INSERTs of a few hundred bytes each, a guarded UPDATE, a SELECT).
 *
 *   node dist/bench/lazy-transaction-cpu.js     (after a build; or node --import tsx bench/lazy-transaction-cpu.ts)
 *
 * Env: BENCH_ROUNDS (default 8) rounds of BENCH_TX (default 300) transactions per way. Needs MariaDB (as `npm
 * test`; BENCH_DATABASE_URL, else root on 127.0.0.1): a throwaway database is created and dropped. MariaDB's CPU is
 * read from /proc (mysqld or mariadbd visible here); other sessions' statements count in it on a shared machine.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { Sequelize } from 'sequelize';
import { closeDb, compound, db, deferWrites, lazyTransaction, write } from '../shared/db/connection.js';
import { loadConfig, setConfig } from '../shared/config.js';
import { cpuSeconds, fmt, machine, median, runBench, table } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const TX = Number(process.env.BENCH_TX ?? 300);

function mariadbPid(): number | undefined {
  for (const name of ['mariadbd', 'mysqld']) {
    try {
      const out = execFileSync('pidof', [name], { encoding: 'utf8' }).trim();
      if (out) return Number(out.split(' ')[0]);
    } catch {
      /* not this name */
    }
  }
  return undefined;
}

type Way = 'START, compound, COMMIT' | 'one compound (lazy)';

/** One approval-shaped transaction: held writes, then a compound with a SELECT (the seal's). */
async function once(way: Way): Promise<void> {
  const id = randomUUID();
  const body = 'x'.repeat(400);
  const work = async (t: Parameters<Parameters<typeof lazyTransaction>[0]>[0]) =>
    deferWrites(t, async () => {
      await write({ sql: 'INSERT INTO bench_rows (id, kind, body) VALUES (?, ?, ?)', replacements: [id, 'submission', body] }, t);
      await write({ sql: 'INSERT INTO bench_rows (id, kind, body) VALUES (?, ?, ?), (?, ?, ?), (?, ?, ?)', replacements: [`${id}-1`, 'vote', body, `${id}-2`, 'vote', body, `${id}-3`, 'vote', body] }, t);
      await write({ sql: "UPDATE bench_rows SET kind = 'approved' WHERE id = ?; IF ROW_COUNT() <> 1 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'moved'; END IF", replacements: [id] }, t);
      await compound(
        [
          { sql: 'INSERT INTO bench_rows (id, kind, body) VALUES (?, ?, ?)', replacements: [`${id}-c`, 'certificate', body] },
          { sql: 'SELECT id FROM bench_rows WHERE kind = ? AND id = ?', replacements: ['certificate', `${id}-other`] },
        ],
        t,
        { sql: 'NOT EXISTS (SELECT 1 FROM bench_rows WHERE id = ?)', replacements: [`${id}-other`] },
      );
    });
  if (way === 'one compound (lazy)') await lazyTransaction(work);
  else await db().transaction(work);
}

await runBench(async () => {
  const base = new URL(process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/');
  const name = `cert_bench_lazy_${process.pid}`;
  const admin = new Sequelize(`${base.protocol}//${base.username ? `${base.username}${base.password ? `:${base.password}` : ''}@` : ''}${base.host}/`, { dialect: 'mysql', logging: false });
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    setConfig(loadConfig({ ...process.env, DATABASE_URL: new URL(name, base).toString() }));
    await db().query('CREATE TABLE bench_rows (id VARCHAR(64) PRIMARY KEY, kind VARCHAR(32) NOT NULL, body TEXT NOT NULL) ENGINE=InnoDB');
    const pid = mariadbPid();
    const ways: Way[] = ['START, compound, COMMIT', 'one compound (lazy)'];
    for (const w of ways) for (let i = 0; i < 50; i++) await once(w);
    const node = new Map<Way, number[]>(ways.map((w) => [w, []]));
    const maria = new Map<Way, number[]>(ways.map((w) => [w, []]));
    const wall = new Map<Way, number[]>(ways.map((w) => [w, []]));
    const load0 = loadavg()[0]!;
    for (let r = 0; r < ROUNDS; r++) {
      for (const w of r % 2 === 0 ? ways : [...ways].reverse()) {
        const c0 = process.cpuUsage();
        const m0 = pid ? cpuSeconds(pid) : 0;
        const t0 = performance.now();
        for (let i = 0; i < TX; i++) await once(w);
        const c = process.cpuUsage(c0);
        wall.get(w)!.push((performance.now() - t0) / TX);
        node.get(w)!.push((c.user + c.system) / 1000 / TX);
        if (pid) maria.get(w)!.push(((cpuSeconds(pid) - m0) * 1000) / TX);
      }
    }
    process.stdout.write(`\n# One approval-shaped transaction, two ways: ${ROUNDS} alternated rounds of ${TX}, ${machine()}\n\nload average ${fmt(load0, 1)} → ${fmt(loadavg()[0]!, 1)}\n\n`);
    process.stdout.write(
      table(
        ['way', 'statements sent', 'Node CPU ms/tx (median round)', 'MariaDB CPU ms/tx (median round)', 'wall ms/tx (median round)'],
        ways.map((w) => [w, w === 'one compound (lazy)' ? '1' : '3', fmt(median(node.get(w)!), 3), pid ? fmt(median(maria.get(w)!), 3) : '–', fmt(median(wall.get(w)!), 3)]),
        ['l', 'r', 'r', 'r', 'r'],
      ),
    );
    process.stdout.write('\n');
  } finally {
    await closeDb();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  }
});
