/**
 * Certificate search and verify with 100,000 certificates.
 *
 *   node --import tsx bench/certificate-search.ts [count=100000]      (after a build: it spawns dist/)
 *
 * 1. A fresh database; a real web and worker; one benign skill goes through the real review and is
 *    sealed. Its certificate is the template of the others.
 * 2. Verify and search are timed on that nearly empty registry (the baseline).
 * 3. `count - 1` more certificates are written straight into MySQL (certificate, live state and
 *    search rows, from the same `searchTerms` / `docWords` the sealing code uses, then the vocabulary's
 *    counts recounted from them): names and descriptions are drawn
 *    from the words of the real skills in ../shared/data/skills-corpus with their real frequencies,
 *    so common words ("the", "use", "skill") are as common as in real descriptions. Their canonical
 *    JSON is the template's with the name changed (not re-signed: verify does not check signatures).
 * 4. Search (a mix of name words, name prefixes, description words, two words of one skill, two
 *    unrelated words, two-letter prefixes and a word that matches nothing) and verify are timed again, sequentially and with
 *    concurrent keep-alive clients, and the web process's resident memory is sampled.
 *
 * 5. The work of one search, which does not depend on the machine's load: this process runs each query
 *    type's searches on one MySQL connection and reads the session's InnoDB handler counters (index
 *    entries and rows read, temporary-table rows written) before and after each.
 *
 * 6. The fixed cost of one listing (search plus the rows it shows, as the route runs it): statements sent
 *    through Sequelize and this process's CPU, 200 of each type in process; and during the concurrent
 *    runs, the web process's and the database server's CPU per request from /proc.
 *
 * BENCH_BUFFER_POOL_MB: the MariaDB buffer pool size for the run (SET GLOBAL, put back at the end and
 * on SIGINT/SIGTERM; a SIGKILL leaves the server with it); unset, the server's own size is used and printed.
 *
 * Asserts nothing; prints markdown tables.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { cpuSeconds, fmt, freshEnv, machine, onTeardown, percentile, median, runBench, startWeb, startWorker, table, repoRoot, useEnv } from './support.js';
import { newActorKey } from '../test/support/db.js';
import { client, skillMd, uuid, waitForStatus } from '../test/support/harness.js';
import { Certificate, CertificateState } from '../shared/db/models.js';
import { db, parseDatabaseUrl } from '../shared/db/connection.js';
import { docWords, recountSearchWords, searchCertificateIds, searchTerms } from '../shared/certificates/search.js';
import { listCertificates } from '../shared/certificates/listing.js';
import { QueryTypes } from 'sequelize';

const COUNT = Number(process.argv[2] ?? 100000);
const DURATION_MS = 6000;

// ---------------------------------------------------------------------------------------------
// Words of real skills

function corpusWords(): { nameWords: string[]; descWords: string[] } {
  const dir = path.join(repoRoot, '..', 'shared', 'data', 'skills-corpus', 'benign');
  const nameWords: string[] = [];
  const descWords: string[] = [];
  if (existsSync(dir)) {
    for (const f of readdirSync(dir)) {
      const text = readFileSync(path.join(dir, f), 'utf8');
      const name = /^name:\s*["']?([^"'\n]+)/m.exec(text)?.[1] ?? '';
      const desc = /^description:\s*["'>|]?\s*([^\n]+)/m.exec(text)?.[1] ?? '';
      nameWords.push(...name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1));
      descWords.push(...desc.split(/\s+/).filter(Boolean));
    }
  }
  if (nameWords.length < 50) {
    // No corpus beside the repository: a synthetic vocabulary with a Zipf-like repetition.
    const syll = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'zi', 'pa', 'se', 'do', 'gu'];
    for (let i = 0; i < 3000; i++) nameWords.push(syll[i % 12] + syll[(i * 7) % 12] + syll[(i * 5) % 11]);
    for (let i = 0; i < 20000; i++) descWords.push(nameWords[Math.floor(3000 * Math.random() ** 3)]!);
  }
  return { nameWords, descWords };
}

let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;

// ---------------------------------------------------------------------------------------------
// Load

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(base: string, p: string): Promise<{ status: number; ms: number; bytes: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${p}`, { agent }, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, bytes }));
      })
      .on('error', reject);
  });
}

async function load(base: string, paths: () => string, concurrency: number, durationMs = DURATION_MS) {
  const ms: number[] = [];
  let bad = 0;
  const end = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const r = await get(base, paths());
        ms.push(r.ms);
        if (r.status !== 200) bad++;
      }
    }),
  );
  return { n: ms.length, rps: ms.length / (durationMs / 1000), p50: median(ms), p99: percentile(ms, 99), max: Math.max(...ms), bad };
}

/** The local database server's process (this machine's MariaDB), when /proc shows one. */
const dbPid = readdirSync('/proc')
  .filter((d) => /^\d+$/.test(d))
  .map(Number)
  .find((pid) => {
    try {
      return ['mariadbd', 'mysqld'].includes(readFileSync(`/proc/${pid}/comm`, 'utf8').trim());
    } catch {
      return false;
    }
  });

/**
 * Resizes the server's InnoDB buffer pool (online in MariaDB 10.2+) and waits until its pages are there:
 * the resize runs in the background, and its status line still shows the previous resize meanwhile.
 */
async function setBufferPool(t: ReturnType<typeof parseDatabaseUrl>, mb: number): Promise<void> {
  const c = await mysql.createConnection({ host: t.host, port: t.port, user: t.user, password: t.password });
  try {
    await c.query('SET GLOBAL innodb_buffer_pool_size = ?', [mb * 1048576]);
    for (let i = 0; i < 600; i++) {
      const [[row]] = (await c.query(
        "SELECT @@innodb_buffer_pool_size AS size, @@innodb_page_size * (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'INNODB_BUFFER_POOL_PAGES_TOTAL') AS pages",
      )) as unknown as [[{ size: number | string; pages: number | string }]];
      // The pool's pages within 5 % of the (chunk-rounded) size asked for.
      if (Math.abs(Number(row.pages) - Number(row.size)) <= 0.05 * Number(row.size)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the buffer pool resize to ${mb} MiB did not finish`);
  } finally {
    await c.end();
  }
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const env = await freshEnv('search');
  const web = await startWeb(env); // rate limits are off in bench environments
  const worker = await startWorker(env);
  const api = client(web.url, await newActorKey());
  const r = await api.post('/cert/v1/submissions/submit', {
    categoryKey: 'SKILL',
    skillMdContent: skillMd({ name: 'weather-brief', description: 'Summarises the weather forecast for the user from a public forecast API.' }),
    idempotencyKey: uuid(),
  });
  const detail = await waitForStatus(api, r.body.submissionId, ['APPROVED', 'REJECTED', 'ESCALATED', 'SANDBOX_FAILED'], 60000);
  if (detail.status !== 'APPROVED') throw new Error(`template skill ended ${detail.status}`);
  await worker.stop();
  const template = (await Certificate.findByPk(detail.skillId))!;
  const templateState = (await CertificateState.findByPk(detail.skillId))!;
  const hot = template.id;

  const { nameWords, descWords } = corpusWords();
  const samples: [string, string][] = []; // (name, description) of every 97th seeded certificate
  const queries = {
    'name word': () => pick(nameWords),
    'name prefix (3-4 chars)': () => pick(nameWords.filter((w) => w.length >= 5)).slice(0, 3 + Math.floor(rnd() * 2)),
    'description word': () => pick(descWords).toLowerCase().replace(/[^a-z0-9]/g, '') || 'the',
    // What a user looking for a skill they heard of types: a word of its name and one of its description.
    'two words of one skill': () => {
      const [name, description] = samples.length ? pick(samples) : ['weather-brief', 'forecast'];
      return `${pick(name.split('-'))} ${pick(description.split(' ')).toLowerCase().replace(/[^a-z0-9]/g, '') || 'the'}`;
    },
    'two unrelated words': () => `${pick(nameWords)} ${pick(descWords).toLowerCase().replace(/[^a-z0-9]/g, '')}`,
    'two-letter prefix': () => pick(nameWords).slice(0, 2),
    'no match': () => `zq${Math.floor(rnd() * 1e6)}x`,
  };
  const searchPath = (q: string) => `/api/v1/public/certificates?q=${encodeURIComponent(q)}&limit=20`;
  const mixed = () => searchPath(Object.values(queries)[Math.floor(rnd() * Object.keys(queries).length)]!());

  const rows: (string | number)[][] = [];
  const measure = async (registry: string) => {
    const v1 = await load(web.url, () => `/api/v1/public/certificates/${hot}/verify`, 32);
    rows.push([registry, 'verify, 32 connections', v1.n, fmt(v1.rps, 0), fmt(v1.p50), fmt(v1.p99), v1.bad, '', '']);
    for (const [label, q] of Object.entries(queries)) {
      const s = await load(web.url, () => searchPath(q()), 1, 3000);
      rows.push([registry, `search "${label}", 1 connection`, s.n, fmt(s.rps, 0), fmt(s.p50), fmt(s.p99), s.bad, '', '']);
    }
    // The web process's and the database server's CPU per request, from /proc around the run: where
    // the time of a concurrent search goes.
    const withCpu = async (run: () => ReturnType<typeof load>) => {
      const c0 = cpuSeconds(web.child.pid!);
      const d0 = dbPid ? cpuSeconds(dbPid) : NaN;
      const s = await run();
      return { ...s, cpuMs: ((cpuSeconds(web.child.pid!) - c0) * 1000) / s.n, dbCpuMs: dbPid ? ((cpuSeconds(dbPid) - d0) * 1000) / s.n : NaN };
    };
    const s8 = await withCpu(() => load(web.url, mixed, 8));
    rows.push([registry, 'search mix, 8 connections', s8.n, fmt(s8.rps, 0), fmt(s8.p50), fmt(s8.p99), s8.bad, fmt(s8.cpuMs, 2), fmt(s8.dbCpuMs, 2)]);
    const list = await withCpu(() => load(web.url, () => '/api/v1/public/certificates?limit=100', 8, 3000));
    rows.push([registry, 'index without q, limit 100, 8 connections', list.n, fmt(list.rps, 0), fmt(list.p50), fmt(list.p99), list.bad, fmt(list.cpuMs, 2), fmt(list.dbCpuMs, 2)]);
  };

  const rss: [string, number][] = [['web started, 1 certificate', rssMb(web.child.pid!)]];
  await measure('1 certificate');
  rss.push(['after the 1-certificate load', rssMb(web.child.pid!)]);

  // Seed straight into MySQL, the sealing code's word rows included.
  const t = parseDatabaseUrl(env.DATABASE_URL);
  const conn = await mysql.createConnection({ host: t.host, port: t.port, user: t.user, password: t.password, database: t.database });
  await conn.query('SET FOREIGN_KEY_CHECKS = 0'); // the seeded certificates have no submission rows
  const t0 = performance.now();
  const base = Date.now() - COUNT * 60_000;
  const payload = JSON.parse(template.canonicalJson);
  for (let i = 1; i < COUNT; i += 1000) {
    const certs: unknown[][] = [];
    const states: unknown[][] = [];
    const terms: unknown[][] = [];
    const docs: unknown[][] = [];
    for (let j = i; j < Math.min(COUNT, i + 1000); j++) {
      const id = randomUUID();
      const name = `${pick(nameWords)}-${pick(nameWords)}${rnd() < 0.4 ? `-${pick(nameWords)}` : ''}`.slice(0, 64);
      const description = Array.from({ length: 12 + Math.floor(rnd() * 28) }, () => pick(descWords)).join(' ');
      const issuedAt = new Date(base + j * 60_000);
      if (j % 97 === 0) samples.push([name, description]);
      payload.skill.name = name;
      certs.push([id, randomUUID(), template.owner, name, description, template.skillVersion, template.contentSha256, JSON.stringify(payload), `0x${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`, template.signature, template.signer, issuedAt, issuedAt]);
      states.push([id, 'APPROVED', templateState.monitoringState, issuedAt, issuedAt]);
      const words = searchTerms(name, description);
      for (const w of words) terms.push([w, issuedAt, id]);
      docs.push([issuedAt, id, docWords(words)]);
    }
    await conn.query('INSERT INTO certificates (id, submission_id, owner, skill_name, skill_description, skill_version, content_sha256, canonical_json, payload_hash, signature, signer, issued_at, created_at) VALUES ?', [certs]);
    await conn.query('INSERT INTO certificate_states (certificate_id, status, monitoring_state, created_at, updated_at) VALUES ?', [states]);
    await conn.query('INSERT INTO certificate_search_terms (term, issued_at, certificate_id) VALUES ?', [terms]);
    await conn.query('INSERT INTO certificate_search_docs (issued_at, certificate_id, words) VALUES ?', [docs]);
  }
  // The vocabulary's counts, as the sealing code keeps them (recounted: the rows above bypassed it).
  await recountSearchWords();
  const [[{ n: termRows }]] = (await conn.query('SELECT COUNT(*) AS n FROM certificate_search_terms')) as unknown as [[{ n: number }]];
  await conn.query('ANALYZE TABLE certificates, certificate_states, certificate_search_terms, certificate_search_docs, certificate_search_words');
  const [sizes] = (await conn.query(
    `SELECT table_name AS t, ROUND(data_length / 1048576) AS data, ROUND(index_length / 1048576) AS idx FROM information_schema.tables
     WHERE table_schema = ? AND table_name IN ('certificates', 'certificate_search_terms', 'certificate_search_docs', 'certificate_search_words') ORDER BY table_name`,
    [t.database],
  )) as unknown as [{ t: string; data: number; idx: number }[]];
  // The server's own setting: whether the search tables fit its buffer pool. BENCH_BUFFER_POOL_MB sets
  // it for the run (as an operator sizes it for production) and puts the old size back at the end.
  const poolOf = async () => ((await conn.query('SELECT ROUND(@@innodb_buffer_pool_size / 1048576) AS pool')) as unknown as [[{ pool: number }]])[0][0].pool;
  const serverPool = await poolOf();
  const wantPool = Number(process.env.BENCH_BUFFER_POOL_MB ?? 0);
  if (wantPool > 0 && wantPool !== serverPool) {
    await setBufferPool(t, wantPool);
    onTeardown(() => setBufferPool(t, serverPool));
  }
  const pool = await poolOf();
  await conn.end();
  const seedS = (performance.now() - t0) / 1000;

  rss.push(['after seeding (idle)', rssMb(web.child.pid!)]);
  await measure(`${COUNT.toLocaleString('en')} certificates`);
  rss.push([`after the ${COUNT.toLocaleString('en')}-certificate load`, rssMb(web.child.pid!)]);
  await measure(`${COUNT.toLocaleString('en')} certificates (again)`);
  rss.push(['after a second round', rssMb(web.child.pid!)]);

  // Work per search on one connection (the session counters then cover every statement of a search).
  await useEnv({ ...env, DATABASE_POOL_MAX: '1' });
  const counters = async () => {
    const rows = await db().query<{ Variable_name: string; Value: string }>("SHOW SESSION STATUS WHERE Variable_name LIKE 'Handler_read%' OR Variable_name = 'Handler_tmp_write'", {
      type: QueryTypes.SELECT,
    });
    const sum = (f: (k: string) => boolean) => rows.filter((r) => f(r.Variable_name)).reduce((n, r) => n + Number(r.Value), 0);
    return { reads: sum((k) => k.startsWith('Handler_read')), tmp: sum((k) => k === 'Handler_tmp_write') };
  };
  // What reading the counters itself adds (SHOW STATUS reads its rows through a temporary table).
  const c1 = await counters();
  const c2 = await counters();
  const own = { reads: c2.reads - c1.reads, tmp: c2.tmp - c1.tmp };
  const work: (string | number)[][] = [];
  for (const [label, q] of Object.entries(queries)) {
    const reads: number[] = [];
    const tmp: number[] = [];
    for (let i = 0; i < 200; i++) {
      const a = await counters();
      await searchCertificateIds(q(), 20);
      const b = await counters();
      reads.push(b.reads - a.reads - own.reads);
      tmp.push(b.tmp - a.tmp - own.tmp);
    }
    work.push([label, fmt(reads.reduce((x, y) => x + y, 0) / reads.length, 0), fmt(median(reads), 0), fmt(percentile(reads, 99), 0), fmt(Math.max(...reads), 0), fmt(tmp.reduce((x, y) => x + y, 0) / tmp.length, 0)]);
  }

  // Statements and this process's CPU per listing (search plus the certificate read), as the route
  // runs it: every statement, Sequelize's or selectRows', is sent on a connection lent by the pool, so
  // each lent connection's query/execute is counted.
  const manager = db().connectionManager as unknown as { getConnection: (o: unknown) => Promise<Record<string, unknown>> };
  const lend = manager.getConnection.bind(manager);
  let statements = 0;
  const counted = new WeakSet<object>();
  manager.getConnection = async (o: unknown) => {
    const c = await lend(o);
    if (!counted.has(c)) {
      counted.add(c);
      for (const m of ['query', 'execute'] as const) {
        const f = c[m] as (...a: unknown[]) => unknown;
        c[m] = (...a: unknown[]) => (statements++, f.apply(c, a));
      }
    }
    return c;
  };
  const fixed: (string | number)[][] = [];
  const listings: [string, () => { q?: string; limit: number }][] = [
    ...Object.entries(queries).map(([label, q]) => [`search "${label}", limit 20`, () => ({ q: q(), limit: 20 })] as [string, () => { q?: string; limit: number }]),
    ['index without q, limit 100', () => ({ limit: 100 })],
  ];
  for (const [label, args] of listings) {
    const n = 200;
    const s0 = statements;
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) await listCertificates(args());
    const c = process.cpuUsage(c0);
    fixed.push([label, fmt((statements - s0) / n, 1), fmt((c.user + c.system) / 1000 / n, 2)]);
  }
  manager.getConnection = lend;

  process.stdout.write(`\nMachine: ${machine()}; MariaDB buffer pool ${pool} MiB\nSeeded ${COUNT - 1} certificates (${termRows} search rows) in ${fmt(seedS)} s\n\n`);
  process.stdout.write(`${table(['registry', 'request', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-200', 'web CPU ms/request', 'MariaDB CPU ms/request'], rows, ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'])}\n\n`);
  process.stdout.write(`${table(['web process', 'RSS MiB'], rss.map(([k, v]) => [k, fmt(v, 0)]), ['l', 'r'])}\n\n`);
  process.stdout.write(`${table(['search (200 each, limit 20)', 'handler reads, mean', 'p50', 'p99', 'max', 'temporary rows written, mean'], work, ['l', 'r', 'r', 'r', 'r', 'r'])}\n\n`);
  process.stdout.write(`${table(['listing (200 each, one connection, in process)', 'statements per listing', 'Node CPU ms per listing'], fixed, ['l', 'r', 'r'])}\n\n`);
  process.stdout.write(`${table(['table', 'data MiB', 'indexes MiB'], sizes.map((r) => [r.t, r.data, r.idx]), ['l', 'r', 'r'])}\n`);
}

runBench(main);
