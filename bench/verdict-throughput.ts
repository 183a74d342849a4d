/**
 * Verdict throughput through the service: distinct honest skills submitted over `/cert/v1` by concurrent
 * clients, each followed to its verdict, against one web and one worker process as production runs them
 * (`LOG_LEVEL=info`, logs to a file). Prints verdicts/s, accepted → verdict latency, the CPU time one verdict
 * costs in each process (web, worker, MariaDB, Redis), and the same skills reviewed in this process (parse,
 * sandbox analysis, the three built-in validators, the tally) for comparison.
 *
 *   node dist/bench/verdict-throughput.js     (after a build; or node --import tsx bench/verdict-throughput.ts)
 *
 * Needs MariaDB/MySQL and Redis (as `npm test`); a throwaway database and Redis prefix are created and
 * removed. The chain is pointed at a closed port (certificates wait for it, as in the e2e suites): the
 * on-chain batch is not part of a verdict.
 *
 * Env:
 *   BENCH_VERDICTS (default 300) timed skills; BENCH_WARM (default 1000) untimed skills per worker process first
 *     (JIT, pools: each process warms up on its own, so two worker processes get twice the warm-up; the line
 *     "first half / second half" shows whether the processes were still warming up in the timed set). A `perf`
 *     sample of the timed set after 48 warm-up skills found 46 % of the web process's CPU and 26 % of the
 *     worker's in V8's optimising compiler (docs/benchmarks.md): the goal is about a running service, so the
 *     default warm-up is long, and the warm-up set's own rate and CPU are printed beside it ("cold");
 *   BENCH_SKILLS `small` (default: the suites' one-paragraph skill, approved, so a certificate is sealed),
 *     `typical` (the median-sized honest corpus file; its council escalates it) or `corpus` (every honest
 *     corpus file in turn), each renamed per submission so no two are the same;
 *   BENCH_CLIENTS (default 24) concurrent clients, each submitting one skill and following it to its verdict;
 *   BENCH_FOLLOW `long-poll` (default: `?waitSeconds=30` with If-None-Match) or `poll` (every second);
 *   BENCH_CPU_PROF=<dir> runs web and worker under `node --cpu-prof` and writes their profiles there
 *     (summarise with `node dist/bench/cpu-profile-top.js <file>`);
 *   BENCH_WORKERS (default 1) worker processes; a list such as `1,2` runs the whole bench once per count, each
 *     on a fresh database, and prints the verdicts/s ratio of the last count to the first (scale-out);
 *   BENCH_DYNO_CPU=<cores> puts each worker process in its own cgroup with that CPU quota (bench/cpu-quota.ts;
 *     needs root), as a PaaS gives each dyno its own CPU share: on a shared 2-core machine a second worker
 *     process otherwise competes with the first, web, MariaDB and Redis for the same cores;
 *   BENCH_IDLE_SECONDS=<s> (default 0) after the warm-up, measures each process's CPU while nothing is submitted
 *     for that long: what a worker process spends per second whatever the load (timers, Bull's polling), and
 *     the share of each verdict's worker CPU that is (worker processes × idle ms/s × seconds / verdicts);
 *   BENCH_COUNT=1 a counting run: MariaDB's general log and a Redis MONITOR are on while the processes run, and
 *     the queries, transactions and Redis commands per verdict are printed (a compound statement, `BEGIN NOT
 *     ATOMIC … END`, is one statement sent; the statements the server runs inside it are counted apart) (slow: use a small BENCH_VERDICTS;
 *     the general log is global to the server, so keep the run short on a shared machine).
 *
 * MariaDB and Redis may serve other work on a shared machine: their CPU per verdict is an upper bound then.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { NO_CHAIN, client, skillMd, uuid, waitFor } from '../test/support/harness.js';
import { newActorKey } from '../test/support/db.js';
import { db } from '../shared/db/connection.js';
import { queue, QUEUE_NAMES } from '../shared/queues/index.js';
import { parseSkill } from '../shared/skills/parse.js';
import { analyzeSkill } from '../shared/sandbox/analyze.js';
import { BUILT_IN_VALIDATORS } from '../shared/council/validators.js';
import { tallyVotes } from '../shared/council/tally.js';
import type { ProductType } from '../shared/council/types.js';
import { honestSkills, typicalSkill } from './skill-analysis-inputs.js';
import { CpuQuota, cpuQuotaUnavailable } from './cpu-quota.js';
import { cpuSeconds, distRoot, fmt, freePort, freshEnv, machine, median, percentile, quietChildren, runBench, sleep, startQuiet, table, type BenchEnv } from './support.js';

const VERDICTS = Number(process.env.BENCH_VERDICTS ?? 300);
const WARM = Number(process.env.BENCH_WARM ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 24);
const FOLLOW = process.env.BENCH_FOLLOW === 'poll' ? 'poll' : 'long-poll';
const PROF_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const COUNT = process.env.BENCH_COUNT === '1';
const IDLE_S = Number(process.env.BENCH_IDLE_SECONDS ?? 0);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1').split(',').map((n) => Number(n.trim())).filter((n) => Number.isInteger(n) && n > 0);
const DYNO_CPU = process.env.BENCH_DYNO_CPU ? Number(process.env.BENCH_DYNO_CPU) : undefined;
const SKILLS = (['typical', 'corpus'] as const).find((k) => k === process.env.BENCH_SKILLS) ?? 'small';
/** A verdict: the sandbox refused, the council decided, or it sent the case to a human. */
const VERDICT_STATES = ['SANDBOX_FAILED', 'APPROVED', 'REJECTED', 'ESCALATED'];

/** The first pid of a process name visible here (MariaDB, Redis), if any. */
function pidOf(names: string[]): number | undefined {
  for (const name of names) {
    try {
      const out = execFileSync('pidof', [name], { encoding: 'utf8' }).trim();
      if (out) return Number(out.split(' ')[0]);
    } catch {
      /* not running under this name, or not visible */
    }
  }
  return undefined;
}

/**
 * CPU seconds of each thread of `pid` by what it is: the main thread (the event loop), V8's helpers (its
 * optimising compiler and concurrent GC share `V8 DefaultWorke…`), libuv's pool, other threads by name
 * (the skill analysis thread). A thread that ended meanwhile is in the process total, not here.
 */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const name = tid === String(pid) ? 'main thread' : comm.startsWith('V8 DefaultWork') ? 'V8 helpers (JIT, GC)' : comm.startsWith('libuv') ? 'libuv pool' : comm;
      out.set(name, (out.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      /* the thread ended */
    }
  }
  return out;
}

/** Per-thread CPU of several processes added up by thread kind. */
const threadsOf = (pids: number[]) => {
  const all = new Map<string, number>();
  for (const pid of pids) for (const [k, v] of threadCpu(pid)) all.set(k, (all.get(k) ?? 0) + v);
  return all;
};

/**
 * `count` distinct honest skills: the test suites' one-paragraph skill (approved: the path that seals a
 * certificate) or the typical skill (the median-sized honest file of batch 1, which goes to a human) under a
 * new name each, or the honest corpus files in turn, renamed once the corpus is used up.
 */
function skills(count: number): string[] {
  if (SKILLS === 'small') return Array.from({ length: count }, (_, i) => skillMd({ name: `bench-${i}-${uuid().slice(0, 8)}` }));
  const base = SKILLS === 'corpus' ? honestSkills() : [typicalSkill()];
  const rename = (text: string, suffix: string) => text.replace(/^(---\r?\n[\s\S]*?^name:\s*)(\S+)/m, (_m, head: string, name: string) => `${head}${name}-${suffix}`);
  return Array.from({ length: count }, (_, i) => {
    const text = base[i % base.length]!;
    return SKILLS === 'corpus' && i < base.length ? text : rename(text, String(i));
  });
}

const profArgs = (name: string) => (PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROF_DIR}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : []);

/** The worker with its log in a file (a log pipe read here would take the load generator's CPU). */
async function startWorker(env: Record<string, string>, logDir: string, n: number, quota?: CpuQuota): Promise<ChildProcess> {
  const logFile = path.join(logDir, `worker-${n}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...profArgs(`worker-${n}`), path.join(distRoot, 'workers/worker.js')], { env: { ...process.env, ...env }, stdio: ['ignore', fd, 'inherit'] });
  closeSync(fd);
  quietChildren.push(child);
  // Into its dyno before it loads anything, so its whole life runs under the quota.
  if (quota) quota.add(child.pid!);
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}`);
    return readFileSync(logFile, 'utf8').includes('worker ready') || undefined;
  }, 60000, 'worker ready');
  return child;
}

interface Followed {
  /** Server clock: the submission's creation to its verdict state. */
  acceptedToVerdictMs: number;
  /** Client clock: the submit request sent to the verdict read. */
  clientMs: number;
  requests: number;
  status: string;
  id: string;
}

/** One client's part: submit a skill, read it until its verdict. */
async function submitAndFollow(url: string, key: string, skill: string): Promise<Followed> {
  const api = client(url, key);
  const t0 = Date.now();
  const s = await api.post('/cert/v1/submissions/submit', { categoryKey: 'SKILL', skillMdContent: skill, idempotencyKey: uuid() });
  if (s.status !== 201) throw new Error(`submit: ${s.status} ${JSON.stringify(s.body)}`);
  const id = s.body.submissionId as string;
  let etag: string | undefined;
  let requests = 1;
  for (;;) {
    const q = FOLLOW === 'long-poll' ? '?waitSeconds=30' : '';
    const r = await fetch(`${url}/cert/v1/submissions/${id}${q}`, { headers: { authorization: `Bearer ${key}`, ...(etag ? { 'if-none-match': etag } : {}) } });
    requests += 1;
    if (r.status === 304) await r.arrayBuffer();
    else {
      if (r.status !== 200) throw new Error(`status read: ${r.status} ${await r.text()}`);
      const body = (await r.json()) as { status: string; statusChangedAt: string; createdAt?: string; receivedAt?: string };
      etag = r.headers.get('etag') ?? undefined;
      if (VERDICT_STATES.includes(body.status)) {
        const created = body.createdAt ?? body.receivedAt;
        return { acceptedToVerdictMs: Date.parse(body.statusChangedAt) - Date.parse(created ?? body.statusChangedAt), clientMs: Date.now() - t0, requests, status: body.status, id };
      }
    }
    if (FOLLOW === 'poll') await sleep(1000);
  }
}

async function runSet(url: string, key: string, set: string[], onVerdict?: (n: number) => void): Promise<Followed[]> {
  const out: Followed[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CLIENTS, set.length) }, async () => {
      while (next < set.length) {
        out.push(await submitAndFollow(url, key, set[next++]!));
        onVerdict?.(out.length);
      }
    }),
  );
  return out;
}

/** The same skills reviewed in this process: parse, sandbox analysis, three lenses, tally. CPU ms per skill. */
function inProcessReview(set: string[]): number {
  const once = (text: string) => {
    const skill = parseSkill(text, { field: 'skillMdContent' });
    const sandbox = analyzeSkill(skill);
    if (sandbox.blocked) return;
    const c = { submissionId: 'bench', productType: 'SKILL' as ProductType, skill, sandbox };
    tallyVotes(BUILT_IN_VALIDATORS.map((v) => v.review(c).verdict), BUILT_IN_VALIDATORS.length);
  };
  for (const t of set.slice(0, 20)) once(t);
  const c0 = process.cpuUsage();
  for (const t of set) once(t);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / set.length;
}

/** Nothing lost, nothing twice: every timed submission reached a verdict once, with the votes its round expected. */
async function integrity(ids: string[]): Promise<string[]> {
  const problems: string[] = [];
  const [subs] = (await db().query('SELECT id, status, certificate_id FROM submissions WHERE id IN (:ids)', { replacements: { ids } })) as [{ id: string; status: string; certificate_id: string | null }[], unknown];
  if (subs.length !== ids.length) problems.push(`${ids.length - subs.length} submissions missing`);
  for (const s of subs) if (!VERDICT_STATES.includes(s.status)) problems.push(`${s.id} is ${s.status}`);
  const [rounds] = (await db().query(
    'SELECT r.id, r.expected_votes AS expected, r.votes_received AS received, COUNT(v.id) AS votes, COUNT(DISTINCT v.validator_key) AS distinctVotes FROM council_rounds r LEFT JOIN votes v ON v.round_id = r.id WHERE r.submission_id IN (:ids) GROUP BY r.id',
    { replacements: { ids } },
  )) as [{ id: string; expected: number; received: number; votes: number; distinctVotes: number }[], unknown];
  for (const r of rounds) if (Number(r.votes) !== Number(r.expected) || Number(r.received) !== Number(r.votes) || Number(r.distinctVotes) !== Number(r.votes)) problems.push(`round ${r.id}: expected ${r.expected}, received ${r.received}, ${r.votes} votes (${r.distinctVotes} distinct)`);
  const [certs] = (await db().query('SELECT submission_id AS id, COUNT(*) AS n FROM certificates WHERE submission_id IN (:ids) GROUP BY submission_id', { replacements: { ids } })) as [{ id: string; n: number }[], unknown];
  const approved = subs.filter((s) => s.status === 'APPROVED').length;
  if (certs.length !== approved) problems.push(`${approved} approved, ${certs.length} with a certificate`);
  for (const c of certs) if (Number(c.n) !== 1) problems.push(`submission ${c.id} has ${c.n} certificates`);
  return problems;
}

/** Jobs per queue that completed / failed for good, from Bull. */
async function jobCounts(): Promise<Record<string, { completed: number; failed: number }>> {
  const out: Record<string, { completed: number; failed: number }> = {};
  for (const name of Object.values(QUEUE_NAMES)) {
    const c = await queue(name).getJobCounts();
    if (c.completed || c.failed) out[name] = { completed: c.completed, failed: c.failed };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Counting run: MariaDB general log and Redis MONITOR

interface Counter {
  stop(): Promise<void>;
  report(verdicts: number): string;
  /** Marks the start of the timed set: what came before is not counted. */
  mark(): void;
}

async function startCounting(env: BenchEnv, dir: string): Promise<Counter> {
  const dbName = new URL(env.DATABASE_URL).pathname.slice(1);
  const logFile = path.join(dir, 'general.log');
  await db().query(`SET GLOBAL general_log_file = '${logFile}'`);
  await db().query('SET GLOBAL general_log = 1');
  const mon = new Redis(env.REDIS_URL);
  const monitor = await mon.monitor();
  const redisLines: { addr: string; cmd: string; mine: boolean }[] = [];
  let redisMark = 0;
  let logMark = 0;
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    redisLines.push({ addr: source.split(' ').pop() ?? source, cmd: String(args[0]).toLowerCase(), mine: args.some((a) => String(a).includes(env.QUEUE_PREFIX)) });
  });
  const size = () => {
    try {
      return readFileSync(logFile).length;
    } catch {
      return 0;
    }
  };
  return {
    mark() {
      redisMark = redisLines.length;
      logMark = size();
    },
    async stop() {
      await db().query('SET GLOBAL general_log = 0').catch(() => undefined);
      monitor.disconnect();
      mon.disconnect();
    },
    report(verdicts) {
      // The general log: "<time>\t<thread> <Command>\t<argument>" (time only on the first line of a second).
      const text = readFileSync(logFile, 'utf8');
      const mine = new Set<string>();
      const stmts = new Map<string, number>();
      const inside = new Map<string, number>();
      const shapes = new Map<string, number>();
      let offset = 0;
      for (const line of text.split('\n')) {
        const at = offset;
        offset += Buffer.byteLength(line) + 1;
        const m = /^(?:\d{6}\s+[\d:]+)?\s+(\d+)\s+(\w+)\t?(.*)$/.exec(line);
        if (!m) continue;
        const [, thread, command, arg] = m as unknown as [string, string, string, string];
        if (command === 'Connect' && arg.includes(` on ${dbName} `)) mine.add(thread);
        if (command === 'Init' && arg.trim() === dbName) mine.add(thread);
        // Query: a text statement; Execute: a prepared one (Sequelize binds INSERT and UPDATE values).
        if (at < logMark || !mine.has(thread) || (command !== 'Query' && command !== 'Execute')) continue;
        const first = /^\s*(\w+)/.exec(arg)?.[1]?.toUpperCase() ?? '?';
        const compound = first === 'BEGIN' && /^\s*BEGIN NOT ATOMIC\b/i.test(arg);
        const kind = compound ? 'BEGIN NOT ATOMIC … END (compound)' : first === 'SELECT' && /FOR UPDATE\s*;?\s*$/i.test(arg) ? 'SELECT … FOR UPDATE' : first === 'SET' ? 'SET (session)' : first;
        stmts.set(kind, (stmts.get(kind) ?? 0) + 1);
        // A compound statement's own statements (shared/db/connection.ts compound): each one the server runs.
        // START TRANSACTION and COMMIT inside one too (shared/db/connection.ts lazyTransaction).
        if (compound) for (const [, inner] of arg.matchAll(/(?:BEGIN NOT ATOMIC|;|\bTHEN)\s+(INSERT|UPDATE|SELECT|DELETE|START TRANSACTION|COMMIT)\b/gi)) inside.set(inner!.toUpperCase(), (inside.get(inner!.toUpperCase()) ?? 0) + 1);
        // The statement's shape: literals out, the first columns and the table it names.
        const shape = arg.replace(/'(?:[^'\\]|\\.)*'/g, '?').replace(/\b\d+(\.\d+)?\b/g, '?').replace(/SELECT .*? FROM/i, 'SELECT … FROM').slice(0, 110);
        shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
      }
      const redisAddrs = new Set(redisLines.filter((l) => l.mine).map((l) => l.addr));
      const cmds = new Map<string, number>();
      const trips = new Map<string, number>();
      let fromScripts = 0;
      let inMulti = new Set<string>();
      for (const l of redisLines.slice(redisMark)) {
        if (!redisAddrs.has(l.addr)) continue;
        cmds.set(l.cmd, (cmds.get(l.cmd) ?? 0) + 1);
        // MONITOR names a command a script ran by its source "lua" instead of a client address.
        if (l.addr.startsWith('lua')) {
          fromScripts++;
          continue;
        }
        // What a client sent, a MULTI … EXEC block as one entry (MONITOR lists the queued commands before EXEC).
        if (l.cmd === 'multi') inMulti.add(l.addr);
        else if (l.cmd === 'exec') inMulti.delete(l.addr);
        const key = inMulti.has(l.addr) && l.cmd !== 'multi' ? `  in MULTI: ${l.cmd}` : l.cmd;
        trips.set(key, (trips.get(key) ?? 0) + 1);
      }
      inMulti = new Set();
      const per = (n: number) => fmt(n / verdicts, 1);
      const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
      const rows = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, per(n)]);
      return [
        `\n## Per verdict (counting run, ${verdicts} verdicts; web and worker together)\n`,
        `MariaDB statements: ${per(total(stmts))} (transactions: ${per(stmts.get('START') ?? 0)} START TRANSACTION, ${per(stmts.get('COMMIT') ?? 0)} COMMIT sent alone; ${per(inside.get('START TRANSACTION') ?? 0)} and ${per(inside.get('COMMIT') ?? 0)} inside compound statements)\n`,
        table(['statement', 'per verdict'], rows(stmts), ['l', 'r']),
        ...(inside.size ? [`\nRun by the server inside the compound statements (one round trip each): ${per(total(inside))} (${rows(inside).map(([k, n]) => `${k} ${n}`).join(', ')})\n`] : []),
        '\nBy shape (the 30 most frequent):\n',
        table(['statement', 'per verdict'], rows(shapes).slice(0, 30).map(([k, n]) => [`\`${String(k).replace(/\|/g, '\\|').replace(/`/g, "'")}\``, n]), ['l', 'r']),
        `\nRedis commands: ${per(total(cmds))} (of which ${per(fromScripts)} run inside Lua scripts, so ${per(total(cmds) - fromScripts)} round trips)\n`,
        table(['command', 'per verdict'], rows(cmds), ['l', 'r']),
        '\nSent by a client (not run inside a script; commands queued in a MULTI are indented):\n',
        table(['command', 'per verdict'], rows(trips), ['l', 'r']),
      ].join('\n');
    },
  };
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (DYNO_CPU !== undefined) {
    const why = cpuQuotaUnavailable();
    if (why) throw new Error(`BENCH_DYNO_CPU: ${why}`);
  }
  const rates: number[] = [];
  for (const workers of WORKER_COUNTS) rates.push(await runOnce(workers));
  if (rates.length > 1) {
    process.stdout.write(
      `\n# Scale-out: ${WORKER_COUNTS.map((w, i) => `${w} worker process${w > 1 ? 'es' : ''} ${fmt(rates[i]!, 1)} verdicts/s`).join(', ')}; ` +
        `${WORKER_COUNTS.at(-1)} against ${WORKER_COUNTS[0]}: ${fmt(rates.at(-1)! / rates[0]!, 2)}×${DYNO_CPU !== undefined ? ` (each worker ${DYNO_CPU} core)` : ' (shared cores)'}\n`,
    );
  }
}

/** One whole run with `workers` worker processes on a fresh database; returns its verdicts/s. */
async function runOnce(workers: number): Promise<number> {
  const env = await freshEnv('verdicts', { ...NO_CHAIN });
  const procEnv: Record<string, string> = { ...env, LOG_LEVEL: 'info' };
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-verdicts-'));
  // The database server writes its general log here under its own user.
  if (COUNT) chmodSync(dir, 0o777);
  const counter = COUNT ? await startCounting(env, dir) : undefined;
  const quotas: CpuQuota[] = [];
  try {
    const workerProcs: ChildProcess[] = [];
    for (let n = 1; n <= workers; n++) {
      const quota = DYNO_CPU !== undefined ? CpuQuota.create(`verdicts-${n}`, DYNO_CPU) : undefined;
      if (quota) quotas.push(quota);
      workerProcs.push(await startWorker(procEnv, dir, n, quota));
    }
    const port = await freePort();
    const url = await startQuiet(path.join(distRoot, 'services/web.js'), [], { ...procEnv, PUBLIC_BASE_URL: `http://127.0.0.1:${port}` }, port, profArgs('web'));
    const web = quietChildren[quietChildren.length - 1]!;
    const key = await newActorKey();
    const warm = WARM * workers;
    const all = skills(warm + VERDICTS);

    // The warm-up set measured on its own: what fresh processes cost before the JIT has caught up.
    const coldPids = { web: web.pid!, MariaDB: pidOf(['mariadbd', 'mysqld']), Redis: pidOf(['redis-server']) };
    const coldCpu = () => Object.values(coldPids).reduce((a: number, p) => a + (p ? cpuSeconds(p) : 0), 0) + workerProcs.reduce((a, w) => a + cpuSeconds(w.pid!), 0);
    const cold0 = coldCpu();
    const coldT0 = performance.now();
    await runSet(url, key, all.slice(0, warm));
    const cold = warm > 0 ? { perS: warm / ((performance.now() - coldT0) / 1000), cpuMs: ((coldCpu() - cold0) * 1000) / warm } : undefined;
    // Idle: what each process spends per second with nothing submitted.
    let idle: { web: number; workers: number[] } | undefined;
    if (IDLE_S > 0) {
      await sleep(1000);
      const w0 = workerProcs.map((w) => cpuSeconds(w.pid!));
      const web0 = cpuSeconds(web.pid!);
      await sleep(IDLE_S * 1000);
      idle = { web: ((cpuSeconds(web.pid!) - web0) * 1000) / IDLE_S, workers: workerProcs.map((w, i) => ((cpuSeconds(w.pid!) - w0[i]!) * 1000) / IDLE_S) };
    }
    const jobs0 = await jobCounts();
    counter?.mark();
    const dbPid = pidOf(['mariadbd', 'mysqld']);
    const redisPid = pidOf(['redis-server']);
    // The worker column is every worker process together.
    const workerCpu = () => workerProcs.reduce((a, w) => a + cpuSeconds(w.pid!), 0);
    const pids = { web: web.pid!, MariaDB: dbPid, Redis: redisPid };
    const cpu0 = Object.fromEntries(Object.entries(pids).map(([k, p]) => [k, p ? cpuSeconds(p) : NaN]));
    const workerCpu0 = workerCpu();
    const threads0 = threadsOf(workerProcs.map((w) => w.pid!));
    const load0 = loadavg();
    const t0 = performance.now();
    // The workers' CPU at the timed set's half: a process still warming up (JIT) costs more in the first half.
    let half: number | undefined;
    const results = await runSet(url, key, all.slice(warm), (n) => {
      if (n === Math.floor(VERDICTS / 2)) half = workerCpu();
    });
    const wallS = (performance.now() - t0) / 1000;
    const load1 = loadavg();
    const cpuMs = Object.fromEntries(Object.entries(pids).map(([k, p]) => [k, p ? ((cpuSeconds(p) - cpu0[k]!) * 1000) / results.length : NaN]));
    cpuMs.worker = ((workerCpu() - workerCpu0) * 1000) / results.length;
    const threads1 = threadsOf(workerProcs.map((w) => w.pid!));
    const jobs1 = await jobCounts();
    const review = inProcessReview(all.slice(warm));

    const statuses = new Map<string, number>();
    for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const service = cpuMs.web! + cpuMs.worker! + (cpuMs.MariaDB || 0) + (cpuMs.Redis || 0);
    const lat = results.map((r) => r.acceptedToVerdictMs);
    const seen = results.map((r) => r.clientMs);
    const dyno = DYNO_CPU !== undefined ? `, each in a dyno of ${DYNO_CPU} core (throttled periods ${quotas.reduce((a, q) => a + q.throttledPeriods(), 0)})` : '';
    process.stdout.write(`\n# Verdict throughput: ${results.length} ${SKILLS} skills, ${CLIENTS} clients (${FOLLOW}), ${workers} worker process${workers > 1 ? 'es' : ''}${dyno}, ${machine()}\n\n`);
    process.stdout.write(`load average before ${load0.map((x) => x.toFixed(2)).join(' ')}, after ${load1.map((x) => x.toFixed(2)).join(' ')}\n`);
    process.stdout.write(`verdicts: ${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')}\n\n`);
    if (cold) process.stdout.write(`cold (the ${warm} warm-up verdicts of fresh processes, untimed above): ${cold.perS.toFixed(1)} verdicts/s, service CPU ${cold.cpuMs.toFixed(1)} ms/verdict\n\n`);
    process.stdout.write(
      `${table(
        ['verdicts/s', 'accepted → verdict p50 ms', 'p99 ms', 'client submit → verdict p50 / p99 / max ms', 'requests/verdict', 'web CPU ms/verdict', 'worker', 'MariaDB', 'Redis', 'service total', 'in-process review', 'service / review'],
        [
          [
            fmt(results.length / wallS, 1),
            fmt(median(lat), 0),
            fmt(percentile(lat, 99), 0),
            `${fmt(median(seen), 0)} / ${fmt(percentile(seen, 99), 0)} / ${fmt(Math.max(...seen), 0)}`,
            fmt(results.reduce((a, r) => a + r.requests, 0) / results.length, 1),
            fmt(cpuMs.web!, 1),
            fmt(cpuMs.worker!, 1),
            fmt(cpuMs.MariaDB!, 1),
            fmt(cpuMs.Redis!, 1),
            fmt(service, 1),
            fmt(review, 2),
            `${fmt(service / review, 0)}×`,
          ],
        ],
        ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      )}\n`,
    );
    const threadRows = [...threads1]
      .map(([k, v]) => [k, ((v - (threads0.get(k) ?? 0)) * 1000) / results.length] as const)
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1]);
    if (half !== undefined) {
      const h = Math.floor(VERDICTS / 2);
      process.stdout.write(`\nWorker CPU per verdict, first half / second half of the timed set: ${fmt(((half - workerCpu0) * 1000) / h, 1)} / ${fmt(((workerCpu() - half) * 1000) / (results.length - h), 1)} ms\n`);
    }
    process.stdout.write(`\nWorker CPU per verdict by thread (all worker processes): ${threadRows.map(([k, ms]) => `${k} ${fmt(ms, 1)} ms`).join(', ')}\n`);
    if (idle) {
      const fixed = (idle.workers.reduce((a, b) => a + b, 0) * wallS) / results.length;
      process.stdout.write(
        `\nIdle (${IDLE_S} s, nothing submitted): web ${fmt(idle.web, 1)} ms CPU/s, worker${idle.workers.length > 1 ? 's' : ''} ${idle.workers.map((w) => fmt(w, 1)).join(', ')} ms CPU/s; ` +
          `at this rate that is ${fmt(fixed, 1)} ms of each verdict's worker CPU (${fmt((100 * fixed) / cpuMs.worker!, 0)} %)\n`,
      );
    }
    const jobRows = Object.keys(jobs1).map((q) => [q, fmt((jobs1[q]!.completed - (jobs0[q]?.completed ?? 0)) / results.length, 2), jobs1[q]!.failed - (jobs0[q]?.failed ?? 0)]);
    process.stdout.write(`\nJobs per verdict (Bull, completed during the timed set):\n\n${table(['queue', 'jobs/verdict', 'failed'], jobRows, ['l', 'r', 'r'])}\n`);
    const problems = await integrity(results.map((r) => r.id));
    process.stdout.write(`\nIntegrity (every submission one verdict, every round its votes once, one certificate per approval): ${problems.length ? `${problems.length} PROBLEMS\n${problems.slice(0, 20).join('\n')}` : 'ok'}\n`);
    if (counter) {
      await counter.stop();
      process.stdout.write(`${counter.report(results.length)}\n`);
    }
    // SIGTERM: the processes drain and, under --cpu-prof, write their profiles.
    for (const c of [web, ...workerProcs]) c.kill('SIGTERM');
    await Promise.all([web, ...workerProcs].map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    if (PROF_DIR) process.stdout.write(`\nCPU profiles in ${PROF_DIR}\n`);
    return results.length / wallS;
  } finally {
    await counter?.stop();
    for (const q of quotas) q.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

void runBench(async () => {
  try {
    await main();
  } finally {
    for (const c of quietChildren) if (c.exitCode === null) c.kill('SIGTERM');
  }
});
