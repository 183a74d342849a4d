/**
 * Monitoring 100,000 certificates (docs/monitoring.md; issue "Measured").
 *
 *   node --import tsx bench/monitoring.ts [count=100000]      (after a build: it migrates with dist/)
 *
 * 1. A fresh database. `count` APPROVED certificates are written straight into MySQL with their
 *    submissions (only the columns monitoring reads are meaningful): 30 % pin a source, 10 % are API
 *    products, 20 % audited 5 npm packages each, drawn (Zipf-like) from 2,000 certified package versions.
 *    Every certificate already has its `rules` result for the ruleset in force (the steady state).
 * 2. The planner: one `plannedChecks` + `plannedPackageChecks` walk (no queue) and one full
 *    `planMonitoring` (with the Bull `addBulk` to Redis), wall time and this process's CPU, at the default
 *    intervals and a 60 s period; then during a ruleset roll-out (every certificate sealed under an older
 *    ruleset): where its jobs go, and two planner runs in a row (the second finds every re-analysis
 *    already waiting on `monitor-rules`).
 * 3. Each kind's check, run in this process as the worker runs it (the check, then recording its result
 *    under the certificate's lock, with the read-cache invalidation), at the worker's concurrency (4),
 *    against local servers: a source host, an API, the npm bulk advisory endpoint (the real wire format,
 *    test/support/fake-registries.ts). Checks per second and CPU per check of this process (the database
 *    server's CPU is not included). `package advisories` is measured twice: nothing new (no fan-out), and
 *    a new advisory on every package version (each fans out to its dependents). `rules` is measured twice:
 *    under the ruleset in force (CURRENT, no work), and re-analysing a real skill file (the honest files of
 *    test/fixtures/skills-review-1) one at a time, as a worker takes them from `monitor-rules`.
 * 4. A full pass at the default intervals: checks per interval against the measured rate of one worker.
 *
 * Asserts nothing; prints markdown tables.
 */
import http from 'node:http';
import os from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import mysql from 'mysql2/promise';
import pLimit from 'p-limit';
import { fmt, freshEnv, machine, repoRoot, runBench, table } from './support.js';
import { parseDatabaseUrl } from '../shared/db/connection.js';
import { config } from '../shared/config.js';
import { SANDBOX_RULESET_VERSION } from '../shared/sandbox/analyze.js';
import { runCheck } from '../shared/monitoring/checks.js';
import { recordCheck } from '../shared/monitoring/record.js';
import { processPackageAdvisories } from '../shared/monitoring/advisories.js';
import { planMonitoring, plannedChecks, plannedPackageChecks, monitorSettings } from '../shared/monitoring/schedule.js';
import { queue } from '../shared/queues/index.js';
import { ANALYSIS_VERSION } from '../shared/packages/analysis/types.js';
import { slotOf } from '../shared/monitoring/decide.js';
import { startFakeNpmAdvisories, type FakeNpmAdvisory } from '../test/support/fake-registries.js';
import type { CertificatePayload } from '../shared/certificates/canonical-form.js';
import { canonicalSha256 } from '../shared/skills/parse.js';

const COUNT = Number(process.argv[2] ?? 100000);
const PACKAGES = 2000;
const CONCURRENCY = 4;

let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function measure(n: number, fn: (i: number) => Promise<unknown>, concurrency = CONCURRENCY) {
  const limit = pLimit(concurrency);
  const c0 = cpuMs();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: n }, (_, i) => limit(() => fn(i))));
  const ms = performance.now() - t0;
  return { n, perSecond: n / (ms / 1000), cpuMsPerCheck: (cpuMs() - c0) / n };
}

/** Values for the NOT NULL columns without a default of `table` (unique ones distinct per row), so a row of only what we set inserts. */
async function fillers(conn: mysql.Connection, db: string, tableName: string, set: string[]): Promise<{ cols: string[]; values: () => unknown[] }> {
  const [rows] = (await conn.query(
    `SELECT column_name AS c, data_type AS t FROM information_schema.columns WHERE table_schema = ? AND table_name = ? AND is_nullable = 'NO' AND column_default IS NULL ORDER BY ordinal_position`,
    [db, tableName],
  )) as unknown as [{ c: string; t: string }[]];
  const [uniq] = (await conn.query(`SELECT column_name AS c FROM information_schema.statistics WHERE table_schema = ? AND table_name = ? AND non_unique = 0`, [db, tableName])) as unknown as [{ c: string }[]];
  const unique = new Set(uniq.map((u) => u.c));
  const cols = rows.map((r) => r.c).filter((c) => !set.includes(c));
  const values = () =>
    cols.map((c) => {
      const t = rows.find((r) => r.c === c)!.t;
      if (/int|decimal|double|float/.test(t)) return 0;
      if (/date|time/.test(t)) return new Date();
      if (unique.has(c)) return randomUUID().replace(/-/g, '').slice(0, 32);
      return /text/.test(t) ? '{}' : '';
    });
  return { cols, values };
}

async function main(): Promise<void> {
  const source = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('# A skill\n\nSummarise the notes the user pastes.\n'));
  const apiServer = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'HEAD' ? undefined : '{"ok":true}'));
  const listen = (s: http.Server) => new Promise<string>((r) => s.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));
  const sourceBase = await listen(source);
  const apiBase = await listen(apiServer);
  const advisoryDb: Record<string, FakeNpmAdvisory[]> = {};
  const advisories = await startFakeNpmAdvisories(advisoryDb);
  const env = await freshEnv('monitoring', {
    SOURCE_GITHUB_WEB_BASE: `${sourceBase}/web`,
    SOURCE_GITHUB_RAW_BASE: `${sourceBase}/raw`,
    SOURCE_ALLOW_PRIVATE_HOSTS: 'true',
    ENDPOINT_PROBE_ALLOW_HOSTS: '127.0.0.1',
    ENDPOINT_PROBE_REQUIRE_TLS: 'false',
    NPM_ADVISORY_URL: `${advisories.baseUrl}/-/npm/v1/security/advisories/bulk`,
  });
  const t = parseDatabaseUrl(env.DATABASE_URL);
  const conn = await mysql.createConnection({ host: t.host, port: t.port, user: t.user, password: t.password, database: t.database });
  await conn.query('SET FOREIGN_KEY_CHECKS = 0');

  // ---- 1. Seed
  const seedStart = performance.now();
  const subFill = await fillers(conn, t.database, 'submissions', ['id', 'idempotency_key', 'product_type', 'source_url', 'source_ref', 'package_phase', 'status', 'created_at', 'updated_at']);
  const certFill = await fillers(conn, t.database, 'certificates', ['id', 'submission_id', 'canonical_json', 'issued_at', 'created_at']);
  const pkgFill = await fillers(conn, t.database, 'package_certificates', ['id', 'registry', 'name', 'version', 'status', 'canonical_json', 'advisory_status', 'advisories', 'integrity_ok', 'analysis_version', 'created_at', 'updated_at']);
  const spFill = await fillers(conn, t.database, 'submission_packages', ['id', 'submission_id', 'registry', 'name', 'version', 'level', 'status', 'certificate_id', 'created_at', 'updated_at']);
  const pkgIds: string[] = [];
  const pkgRows: unknown[][] = [];
  for (let i = 0; i < PACKAGES; i++) {
    const id = randomUUID();
    pkgIds.push(id);
    const snap = { status: 'ok', fetchedAt: new Date().toISOString(), source: 'bench', advisories: [] };
    // Sealed under the analysis version in force: the steady state (no re-analysis due).
    pkgRows.push([id, 'npm', `bench-pkg-${i}`, '1.0.0', 'ACTIVE', JSON.stringify({ advisorySnapshot: snap }), 'ok', '[]', 1, ANALYSIS_VERSION, new Date(), new Date(), ...pkgFill.values()]);
  }
  await conn.query(`INSERT INTO package_certificates (id, registry, name, version, status, canonical_json, advisory_status, advisories, integrity_ok, analysis_version, created_at, updated_at${pkgFill.cols.map((c) => `, ${c}`).join('')}) VALUES ?`, [pkgRows]);
  const certIds: string[] = [];
  const subIds: string[] = [];
  const sourceIds: string[] = [];
  const apiIds: string[] = [];
  const payload = JSON.stringify({ rulesetVersion: SANDBOX_RULESET_VERSION });
  for (let i = 0; i < COUNT; i += 1000) {
    const subs: unknown[][] = [];
    const certs: unknown[][] = [];
    const states: unknown[][] = [];
    const rules: unknown[][] = [];
    const sps: unknown[][] = [];
    for (let j = i; j < Math.min(COUNT, i + 1000); j++) {
      const id = randomUUID();
      const sub = randomUUID();
      const now = new Date();
      const r = rnd();
      const pinned = r < 0.3;
      const api = r >= 0.3 && r < 0.4;
      const withPackages = r >= 0.4 && r < 0.6;
      certIds.push(id);
      subIds.push(sub);
      if (pinned) sourceIds.push(id);
      if (api) apiIds.push(id);
      subs.push([sub, sub, api ? 'API' : 'SKILL', pinned ? `${sourceBase}/raw/acme/skills/${'a'.repeat(40)}/s${j}/SKILL.md` : null, pinned ? 'a'.repeat(40) : null, withPackages ? 'DONE' : null, 'APPROVED', now, now, ...subFill.values()]);
      certs.push([id, sub, payload, now, now, ...certFill.values()]);
      states.push([id, 'APPROVED', 'ACTIVE', now, now]);
      rules.push([id, 'rules', 'CURRENT', 'seeded', '{}', SANDBOX_RULESET_VERSION, now, now, now, now]);
      if (withPackages) {
        const chosen = new Set<number>();
        while (chosen.size < 5) chosen.add(Math.floor(PACKAGES * rnd() ** 2));
        for (const p of chosen) sps.push([randomUUID(), sub, 'npm', `bench-pkg-${p}`, '1.0.0', 0, 'CERTIFIED', pkgIds[p], now, now, ...spFill.values()]);
      }
    }
    await conn.query(`INSERT INTO submissions (id, idempotency_key, product_type, source_url, source_ref, package_phase, status, created_at, updated_at${subFill.cols.map((c) => `, ${c}`).join('')}) VALUES ?`, [subs]);
    await conn.query(`INSERT INTO certificates (id, submission_id, canonical_json, issued_at, created_at${certFill.cols.map((c) => `, ${c}`).join('')}) VALUES ?`, [certs]);
    await conn.query('INSERT INTO certificate_states (certificate_id, status, monitoring_state, created_at, updated_at) VALUES ?', [states]);
    await conn.query('INSERT INTO monitoring_checks (certificate_id, kind, outcome, detail, evidence, slot, checked_at, since, created_at, updated_at) VALUES ?', [rules]);
    if (sps.length) await conn.query(`INSERT INTO submission_packages (id, submission_id, registry, name, version, level, status, certificate_id, created_at, updated_at${spFill.cols.map((c) => `, ${c}`).join('')}) VALUES ?`, [sps]);
  }
  await conn.query('ANALYZE TABLE certificates, certificate_states, submissions, monitoring_checks, submission_packages, package_certificates');
  const [[{ n: spCount }]] = (await conn.query('SELECT COUNT(*) AS n FROM submission_packages')) as unknown as [[{ n: number }]];
  process.stdout.write(`seeded ${COUNT} certificates (${sourceIds.length} pinned sources, ${apiIds.length} API, ${spCount} package links to ${PACKAGES} package versions) in ${fmt((performance.now() - seedStart) / 1000)} s\n`);

  // ---- 2. The planner
  const s = monitorSettings();
  const plannerRows: (string | number)[][] = [];
  const walk = async (label: string) => {
    const c0 = cpuMs();
    const t0 = performance.now();
    let jobs = 0;
    for await (const page of plannedChecks(Date.now(), s)) jobs += page.length;
    const certMs = performance.now() - t0;
    for await (const page of plannedPackageChecks(Date.now(), s)) jobs += page.length;
    plannerRows.push([label, jobs, fmt(certMs, 0), fmt(performance.now() - t0, 0), fmt(cpuMs() - c0, 0)]);
  };
  await walk('walk only, no result yet for source/endpoints/advisories (first run)');
  {
    const c0 = cpuMs();
    const t0 = performance.now();
    const { planned } = await planMonitoring(Date.now());
    plannerRows.push(['planMonitoring with addBulk to Redis (first run)', planned, '', fmt(performance.now() - t0, 0), fmt(cpuMs() - c0, 0)]);
  }
  // Steady state: every periodic kind done for the current slot, every certificate with packages has its picture.
  const now = new Date();
  await conn.query(
    `INSERT INTO monitoring_checks (certificate_id, kind, outcome, detail, evidence, slot, checked_at, since, created_at, updated_at)
     SELECT s.certificate_id, k.kind, 'UNCHANGED', 'seeded', '{}', k.slot, ?, ?, ?, ? FROM certificate_states s
       JOIN certificates c ON c.id = s.certificate_id JOIN submissions sub ON sub.id = c.submission_id
       JOIN (SELECT 'source' AS kind, ? AS slot UNION ALL SELECT 'endpoints', ? UNION ALL SELECT 'advisories', 'seeded') k
         ON (k.kind = 'source' AND sub.source_url IS NOT NULL) OR (k.kind = 'endpoints' AND sub.product_type = 'API') OR (k.kind = 'advisories' AND sub.package_phase IS NOT NULL)`,
    [now, now, now, now, String(slotOf(Date.now(), s.sourceIntervalMs)), String(slotOf(Date.now(), s.endpointsIntervalMs))],
  );
  await conn.query(`INSERT INTO package_advisory_checks (package_certificate_id, slot, status, new_advisories, state_key, fanned_out_key, checked_at, since, created_at, updated_at) SELECT id, ?, 'ok', '[]', 'k', 'k', ?, ?, ?, ? FROM package_certificates`, [
    String(slotOf(Date.now(), s.advisoriesIntervalMs)),
    now,
    now,
    now,
    now,
  ]);
  await walk('walk only, steady state (current slots done)');
  await walk('walk only, steady state, again');

  // A ruleset roll-out: every certificate sealed under an older ruleset and checked under it.
  const OLD_RULESET = 'sandbox-2026.1.1';
  await conn.query('UPDATE certificates SET ruleset_version = ?', [OLD_RULESET]);
  await conn.query("UPDATE monitoring_checks SET slot = ? WHERE kind = 'rules'", [OLD_RULESET]);
  const rollout: (string | number)[][] = [];
  {
    let toRules = 0;
    let toMonitoring = 0;
    const c0 = cpuMs();
    const t0 = performance.now();
    for await (const page of plannedChecks(Date.now(), s)) for (const j of page) if (j.data.kind === 'rules') j.queue === 'monitor-rules' ? toRules++ : toMonitoring++;
    rollout.push([`walk only: ${toRules} rules checks for monitor-rules, ${toMonitoring} for monitoring`, '', '', '', fmt(performance.now() - t0, 0), fmt(cpuMs() - c0, 0)]);
  }
  const jobsIn = async (name: 'monitoring' | 'monitor-rules') => {
    const n = await queue(name).getJobCounts();
    return n.waiting + n.delayed + n.active;
  };
  for (const label of ['planMonitoring, first run of the roll-out', 'planMonitoring, next run (every re-analysis already waiting)']) {
    const before = [await jobsIn('monitor-rules'), await jobsIn('monitoring')];
    const c0 = cpuMs();
    const t0 = performance.now();
    const { planned } = await planMonitoring(Date.now());
    const ms = performance.now() - t0;
    const cpu = cpuMs() - c0;
    rollout.push([label, planned, (await jobsIn('monitor-rules')) - before[0]!, (await jobsIn('monitoring')) - before[1]!, fmt(ms, 0), fmt(cpu, 0)]);
  }
  await queue('monitor-rules').empty();
  await queue('monitoring').empty();
  await conn.query('UPDATE certificates SET ruleset_version = NULL');
  await conn.query("UPDATE monitoring_checks SET slot = ? WHERE kind = 'rules'", [SANDBOX_RULESET_VERSION]);

  // ---- 3. Each kind's check
  await conn.query("DELETE FROM monitoring_checks WHERE kind <> 'rules'");
  await conn.query('DELETE FROM package_advisory_checks');
  const N = Math.min(2000, sourceIds.length, apiIds.length);
  const checkRows: (string | number)[][] = [];
  const fake = (p: Partial<CertificatePayload>) => ({ productType: 'SKILL', source: { url: null, ref: null }, certifiedContentSha256: canonicalSha256('# A skill\n\nSummarise the notes the user pastes.\n'), rulesetVersion: SANDBOX_RULESET_VERSION, endpointReview: { observedUrls: [], declaredEndpoints: [] }, ...p }) as CertificatePayload;
  const slot = String(slotOf(Date.now(), s.sourceIntervalMs));
  const kind = async (label: string, ids: string[], k: 'source' | 'endpoints' | 'rules', p: (i: number) => Partial<CertificatePayload>, slotFor: string) => {
    const m = await measure(N, async (i) => {
      const at = new Date();
      const result = await runCheck(k, { submissionId: 'x', payload: fake(p(i)) }, null, at);
      await recordCheck(ids[i]!, k, slotFor, result!, at);
    });
    checkRows.push([label, m.n, fmt(m.perSecond, 0), fmt(m.cpuMsPerCheck, 2)]);
    return m;
  };
  const src = await kind('source (fetch + SHA-256 + record)', sourceIds, 'source', (i) => ({ source: { url: `${sourceBase}/raw/acme/skills/${'a'.repeat(40)}/s${i}/SKILL.md`, ref: 'a'.repeat(40) } } as Partial<CertificatePayload>), slot);
  const ep = await kind('endpoints (1 endpoint probed + record)', apiIds, 'endpoints', () => ({ productType: 'API', endpointReview: { observedUrls: [], declaredEndpoints: [`${apiBase}/v1`] } } as Partial<CertificatePayload>), String(slotOf(Date.now(), s.endpointsIntervalMs)));
  await kind('rules, certified under the ruleset in force (CURRENT + record)', certIds, 'rules', () => ({}), `${SANDBOX_RULESET_VERSION}-bench`);
  // Re-analyses: real skill files stored on submissions, one at a time as a worker takes them from monitor-rules.
  const dir = path.join(repoRoot, 'test', 'fixtures', 'skills-review-1', 'benign');
  const files = readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => readFileSync(path.join(dir, f), 'utf8'));
  const R = Math.min(200, certIds.length);
  for (let i = 0; i < R; i++) await conn.query("UPDATE submissions SET skill_content = ?, manifest = NULL, sandbox_report = NULL WHERE id = ?", [files[i % files.length], subIds[i]]);
  const bytes = Array.from({ length: R }, (_, i) => Buffer.byteLength(files[i % files.length]!)).reduce((a, b) => a + b, 0);
  const re = await measure(
    R,
    async (i) => {
      const at = new Date();
      const result = await runCheck('rules', { submissionId: subIds[i]!, payload: fake({ rulesetVersion: 'sandbox-2026.1.1' }) }, null, at);
      await recordCheck(certIds[i]!, 'rules', SANDBOX_RULESET_VERSION, result!, at);
    },
    1,
  );
  checkRows.push([`rules, sealed under an older ruleset (re-analysis of a real skill file, ${fmt(bytes / R / 1024, 1)} KiB on average, + record), one at a time`, re.n, fmt(re.perSecond, 1), fmt(re.cpuMsPerCheck, 2)]);
  const pslot = String(slotOf(Date.now(), s.advisoriesIntervalMs));
  const pk = await measure(PACKAGES, (i) => processPackageAdvisories({ packageCertificateId: pkgIds[i]!, slot: pslot, dueAt: Date.now() }));
  checkRows.push(['package advisories, first check (fetch + record + fan-out: every dependent gets its first picture)', pk.n, fmt(pk.perSecond, 0), fmt(pk.cpuMsPerCheck, 2)]);
  const pk2 = await measure(PACKAGES, (i) => processPackageAdvisories({ packageCertificateId: pkgIds[i]!, slot: String(Number(pslot) + 1), dueAt: Date.now() }));
  checkRows.push(['package advisories, nothing new (fetch + record, no fan-out)', pk2.n, fmt(pk2.perSecond, 0), fmt(pk2.cpuMsPerCheck, 2)]);
  for (let i = 0; i < PACKAGES; i++) advisoryDb[`bench-pkg-${i}`] = [{ id: 900000 + i, url: `https://advisories.example/${i}`, title: 'bench advisory', severity: 'high', vulnerable_versions: '<2.0.0' }];
  const [[{ n: dependents }]] = (await conn.query("SELECT COUNT(*) AS n FROM submission_packages WHERE status = 'CERTIFIED'")) as unknown as [[{ n: number }]];
  const pk3 = await measure(PACKAGES, (i) => processPackageAdvisories({ packageCertificateId: pkgIds[i]!, slot: String(Number(pslot) + 2), dueAt: Date.now() }));
  checkRows.push([`package advisories, a new advisory on every version (fan-out to ${dependents} certificate-package links)`, pk3.n, fmt(pk3.perSecond, 0), fmt(pk3.cpuMsPerCheck, 2)]);

  // ---- 4. A full pass at the default intervals
  const c = config();
  const pass = (label: string, checks: number, intervalMs: number, perSecond: number) => [label, checks, fmt(intervalMs / 3_600_000, 2), fmt(checks / (intervalMs / 1000), 2), fmt(checks / perSecond, 0), fmt((100 * checks) / perSecond / (intervalMs / 1000), 2)];
  const passRows = [
    pass('source', sourceIds.length, c.MONITOR_SOURCE_INTERVAL_MS, src.perSecond),
    pass('endpoints', apiIds.length, c.MONITOR_ENDPOINTS_INTERVAL_MS, ep.perSecond),
    pass('package advisories (nothing new)', PACKAGES, c.MONITOR_ADVISORIES_INTERVAL_MS, pk2.perSecond),
    ['rules after a ruleset change (re-analysis at the limiter)', COUNT, '', fmt(c.MONITOR_RULES_PER_MINUTE / 60, 2), fmt(COUNT / (c.MONITOR_RULES_PER_MINUTE / 60), 0), `${fmt((100 * (c.MONITOR_RULES_PER_MINUTE / 60)) / re.perSecond, 2)} (the limiter, not the analysis, sets the pace)`],
  ];

  process.stdout.write(`\n${machine()}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${new Date().toISOString()}\n`);
  process.stdout.write(`\n### Planner (${COUNT} APPROVED certificates, ${PACKAGES} package versions, period ${s.planEveryMs / 1000} s)\n\n`);
  process.stdout.write(`${table(['run', 'jobs', 'certificate walk ms', 'total ms', 'CPU ms (this process)'], plannerRows, ['l', 'r', 'r', 'r', 'r'])}\n`);
  process.stdout.write(`\n### Planner during a ruleset roll-out (${COUNT} certificates sealed under an older ruleset)\n\n`);
  process.stdout.write(`${table(['run', 'jobs to addBulk', 'new on monitor-rules', 'new on monitoring', 'total ms', 'CPU ms (this process)'], rollout, ['l', 'r', 'r', 'r', 'r', 'r'])}\n`);
  process.stdout.write(`\n### Checks, ${CONCURRENCY} in flight, in one process against local servers\n\n`);
  process.stdout.write(`${table(['kind', 'checks', 'checks/s', 'CPU ms/check (this process)'], checkRows, ['l', 'r', 'r', 'r'])}\n`);
  process.stdout.write(`\n### A full pass at the default intervals (one worker at the rate above)\n\n`);
  process.stdout.write(`${table(['kind', 'checks per pass', 'interval h', 'needed checks/s', 'pass s at the measured rate', '% of one worker'], passRows as (string | number)[][], ['l', 'r', 'r', 'r', 'r', 'r'])}\n`);
  await conn.end();
  await advisories.close();
  source.closeAllConnections();
  source.close();
  apiServer.closeAllConnections();
  apiServer.close();
}

await runBench(() => main().catch((err) => {
  throw new Error(`${(err as Error).message}: ${String((err as { original?: unknown }).original ?? '')}`);
}));
