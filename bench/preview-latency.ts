/**
 * Latency of the package preview (spec 2.5) for a package.json whose 30 exact pins are all certified.
 *
 *   node --import tsx bench/preview-latency.ts        (or, compiled: node dist/bench/preview-latency.js)
 *
 * Needs MariaDB/MySQL and Redis (as `npm test`) and a build (`npx tsc -p tsconfig.json`): the web process is
 * dist/services/web.js. A throwaway database and Redis prefix are created and removed.
 *
 * 1. Certify the first 30 packages of shared/packages/data/top-npm.json (a copy of the shared top-package list) (latest versions) that audit
 *    successfully, by calling auditPackageVersion in this process against the bench database.
 * 2. In process: packagePreview({ 'package.json' }) pinning exactly those 30 versions (answered from the
 *    database), 5 warm-ups then 50 timed calls.
 * 3. Over HTTP: a real web process, a developer token (createDeveloperToken), a draft created through the API,
 *    then POST /api/v1/cert/dev/drafts/:id/package-preview, 5 warm-ups then 50 timed requests (sequential,
 *    one keep-alive client). GET /healthz and GET /drafts/:id are timed the same way as floors.
 */
import { readFileSync } from 'node:fs';
import { auditPackageVersion } from '../shared/packages/audit.js';
import { packagePreview } from '../shared/packages/preview.js';
import { createDeveloperToken } from '../shared/developers/tokens.js';
import { fmt, freshEnv, latestVersions, machine, percentile, runBench, startWeb, table, timed, topNpmList } from './support.js';

const WANT = 30;
const WARMUP = 5;
const ITERATIONS = 50;

interface Stat {
  label: string;
  ms: number[];
  note: string;
}

async function measure(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) out.push((await timed(fn)).ms);
  return out;
}

async function main(): Promise<void> {
  const env = await freshEnv('preview');
  const names = (JSON.parse(readFileSync(topNpmList, 'utf8')) as { packages: string[] }).packages;

  // 1. Certify, in list order, until 30 have succeeded (batches of 4 audits at a time).
  const certified: { name: string; version: string; level: string; files: number }[] = [];
  const skipped: string[] = [];
  const tCert = performance.now();
  let next = 0;
  while (certified.length < WANT && next < names.length) {
    const batch = names.slice(next, next + Math.min(4, WANT - certified.length + 1));
    next += batch.length;
    const latest = await latestVersions(batch);
    const results = await Promise.all(
      batch.map(async (name) => {
        const v = latest.get(name);
        if (!v) return { name, error: 'no latest version' };
        try {
          const c = await auditPackageVersion({ registry: 'npm', name, version: v.version });
          return { name, version: v.version, level: c.overrideLevel ?? c.securityLevel, files: (c.analysis as { fileCount?: number }).fileCount ?? 0 };
        } catch (err) {
          return { name, error: (err as Error).message };
        }
      }),
    );
    for (const r of results) {
      if ('error' in r && r.error) skipped.push(`${r.name} (${r.error})`);
      else if (certified.length < WANT) certified.push(r as (typeof certified)[number]);
    }
  }
  const certMs = performance.now() - tCert;
  if (certified.length < WANT) throw new Error(`only ${certified.length} packages audited successfully; skipped: ${skipped.join('; ')}`);
  process.stderr.write(`certified ${certified.length} packages in ${fmt(certMs / 1000, 1)} s\n`);

  const manifest = { name: 'bench-preview', version: '1.0.0', dependencies: Object.fromEntries(certified.map((c) => [c.name, c.version])) };
  const files = { 'package.json': JSON.stringify(manifest, null, 2) };

  // 2. In process.
  const first = await packagePreview(files);
  const cachedItems = first.items.filter((i) => i.cached).length;
  const stats: Stat[] = [];
  stats.push({ label: '`packagePreview(files)` in process', ms: await measure(() => packagePreview(files)), note: `${first.packagesTotal} items, ${cachedItems} answered from the database, ${first.packagesToAudit} to audit; transitive edges checked ${first.transitiveDependenciesChecked}` });

  // 3. Over HTTP, through a real web process.
  const { token } = await createDeveloperToken(`bench-${process.pid}`);
  const web = await startWeb(env);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${web.url}/api/v1/cert/dev/drafts`, { method: 'POST', headers, body: JSON.stringify({ productType: 'CODE+PACKAGES', dependencyFiles: files }) });
  const draft = (await created.json()) as { draftId?: string };
  if (created.status !== 201 || !draft.draftId) throw new Error(`draft creation answered ${created.status}: ${JSON.stringify(draft)}`);
  const previewUrl = `${web.url}/api/v1/cert/dev/drafts/${draft.draftId}/package-preview`;
  const check = await fetch(previewUrl, { method: 'POST', headers });
  const checkBody = (await check.json()) as { packagesCertifiedFromCache?: number };
  if (check.status !== 200) throw new Error(`package-preview answered ${check.status}: ${JSON.stringify(checkBody)}`);

  const call = async (url: string, method: string) => {
    const r = await fetch(url, { method, headers: method === 'POST' ? headers : { authorization: headers.authorization } });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${method} ${url} answered ${r.status}`);
  };
  stats.push({ label: '`POST /api/v1/cert/dev/drafts/:id/package-preview` (web process)', ms: await measure(() => call(previewUrl, 'POST')), note: `${checkBody.packagesCertifiedFromCache} certified from cache; includes auth (token lookup) and the draft read` });
  stats.push({ label: 'floor: `GET /api/v1/cert/dev/drafts/:id` (auth + one row)', ms: await measure(() => call(`${web.url}/api/v1/cert/dev/drafts/${draft.draftId}`, 'GET')), note: 'same auth and draft read, no preview' });
  stats.push({ label: 'floor: `GET /healthz`', ms: await measure(() => call(`${web.url}/healthz`, 'GET')), note: 'HTTP round trip only' });

  const lines: string[] = [];
  lines.push('### Package preview latency (30 certified exact pins)');
  lines.push('');
  lines.push(`Pins (latest versions of the first ${WANT} packages of the top-npm list that audited successfully): ${certified.map((c) => `${c.name}@${c.version}`).join(', ')}.`);
  if (skipped.length) lines.push(`Skipped (audit failed): ${skipped.join('; ')}.`);
  lines.push(`Certifying them in process took ${fmt(certMs / 1000, 1)} s (4 audits at a time). Levels: ${Object.entries(certified.reduce<Record<string, number>>((a, c) => ((a[c.level] = (a[c.level] ?? 0) + 1), a), {})).map(([k, v]) => `${k} ${v}`).join(', ')}.`);
  lines.push('');
  lines.push(`${WARMUP} warm-ups, then ${ITERATIONS} sequential timed calls; milliseconds.`);
  lines.push('');
  lines.push(table(['path', 'p50 ms', 'p95 ms', 'max ms', 'notes'], stats.map((s) => [s.label, fmt(percentile(s.ms, 50), 2), fmt(percentile(s.ms, 95), 2), fmt(Math.max(...s.ms), 2), s.note]), ['l', 'r', 'r', 'r', 'l']));
  lines.push('');
  lines.push(`Machine: ${machine()}.`);
  console.log(lines.join('\n'));
}

await runBench(main);
