/**
 * Throughput of analyzeArchive against `tar -xzf` + `grep -rEn` on the latest tarballs of the 100
 * most-used npm packages.
 *
 *   node --import tsx bench/analysis-throughput.ts
 *
 * Tarballs are fetched from the configured npm registry (NPM_REGISTRY_URL, else
 * `npm config get registry`) and cached under .data/bench-cache/ (git-ignored). Packages that
 * fail to fetch are skipped. Parallel analysis uses 2 worker_threads (the analysis is CPU-bound
 * and synchronous per archive, so p-limit in one thread would not overlap anything); the
 * baseline is also run 2 at a time for the parallel comparison. Also prints how the library lens
 * rates the 100 packages (advisories unknown: the advisory endpoint is not reachable here).
 * Each measurement is the best of BENCH_RUNS runs (default 3).
 */
import { execFileSync, execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { analyzeArchive } from '../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../shared/packages/lens/index.js';

const execFileP = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const cacheDir = path.join(root, '.data', 'bench-cache');
/** ../shared/data/top-packages/npm.json next to the repository (or next to a parent, for a git worktree). */
const topList = ((): string => {
  for (let dir = root, i = 0; i < 4; i++, dir = path.dirname(dir)) {
    const p = path.resolve(dir, '..', 'shared', 'data', 'top-packages', 'npm.json');
    if (existsSync(p)) return p;
  }
  return path.resolve(root, '..', 'shared', 'data', 'top-packages', 'npm.json');
})();

interface Item {
  name: string;
  version: string;
  file: string;
  integrity: { ok: boolean; expected: string; actual: string };
}

interface WorkResult {
  files: number;
  bytes: number;
  ms: number;
}

/** Analyse the given tarballs in order; used by the main thread and by workers. */
async function analyseAll(files: readonly string[]): Promise<WorkResult> {
  const bufs = files.map((f) => readFileSync(f));
  const t0 = performance.now();
  let n = 0;
  let bytes = 0;
  for (const b of bufs) {
    const a = await analyzeArchive(b, { kind: 'tgz', registry: 'npm' });
    n += a.fileCount;
    bytes += a.totalBytes;
  }
  return { files: n, bytes, ms: performance.now() - t0 };
}


function registryBase(): string {
  const fromEnv = process.env.NPM_REGISTRY_URL;
  const base = fromEnv && fromEnv.trim() !== '' ? fromEnv : execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return base.trim().replace(/\/+$/, '');
}

function sriCheck(buf: Buffer, integrity: string | undefined, shasum: string | undefined): Item['integrity'] {
  const sri = (integrity ?? '').split(/\s+/).find((s) => s.startsWith('sha512-'));
  if (sri) {
    const actual = `sha512-${createHash('sha512').update(buf).digest('base64')}`;
    return { ok: actual === sri, expected: sri, actual };
  }
  const actual = createHash('sha1').update(buf).digest('hex');
  return { ok: !!shasum && actual === shasum, expected: shasum ?? '', actual };
}

async function fetchOne(base: string, name: string): Promise<Item | null> {
  const url = `${base}/${name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name)}`;
  try {
    const res = await fetch(url, { headers: { accept: 'application/vnd.npm.install-v1+json' }, signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`packument ${res.status}`);
    const doc = (await res.json()) as { 'dist-tags'?: { latest?: string }; versions?: Record<string, { dist?: { tarball?: string; integrity?: string; shasum?: string } }> };
    const version = doc['dist-tags']?.latest;
    const dist = version ? doc.versions?.[version]?.dist : undefined;
    if (!version || !dist?.tarball) throw new Error('no latest tarball');
    const file = path.join(cacheDir, `${name.replace(/\//g, '__')}-${version}.tgz`);
    let buf: Buffer;
    if (existsSync(file)) {
      buf = readFileSync(file);
    } else {
      const t = await fetch(dist.tarball, { signal: AbortSignal.timeout(120_000) });
      if (!t.ok) throw new Error(`tarball ${t.status}`);
      buf = Buffer.from(await t.arrayBuffer());
      writeFileSync(file, buf);
    }
    return { name, version, file, integrity: sriCheck(buf, dist.integrity, dist.shasum) };
  } catch (err) {
    console.error(`skip ${name}: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

const INCLUDE = ['*.js', '*.mjs', '*.cjs', '*.ts', '*.py', '*.pyx', '*.sh', 'package.json', 'setup.py', 'setup.cfg', 'pyproject.toml'];
/** Patterns equivalent to the analyzer's main anchors (capabilities, decode / exec, downloads, secrets). */
const GREP_PATTERNS = [
  String.raw`child_process`,
  String.raw`process\.env`,
  String.raw`\beval[[:space:]]*\(`,
  String.raw`new[[:space:]]+Function[[:space:]]*\(`,
  String.raw`Buffer\.from\([^)]*['"](base64|hex)['"]`,
  String.raw`\batob[[:space:]]*\(`,
  String.raw`https?\.(request|get)[[:space:]]*\(`,
  String.raw`\bfetch[[:space:]]*\(`,
  String.raw`require\(['"](https?|net|tls|dgram|node-fetch|axios|undici)['"]\)`,
  String.raw`\b(curl|wget)\b`,
  String.raw`(writeFileSync|createWriteStream|appendFileSync)[[:space:]]*\(`,
  String.raw`AKIA[0-9A-Z]{16}|-----BEGIN [A-Z ]*PRIVATE KEY-----|ghp_[A-Za-z0-9]{36}|xox[bap]-`,
  String.raw`\.ssh/|\.aws/credentials|\.npmrc`,
  String.raw`_0x[0-9a-f]{4,6}`,
];

async function tarGrep(file: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-tg-'));
  try {
    await execFileP('tar', ['-xzf', file, '-C', dir]);
    const args = ['-rEn', ...INCLUDE.map((g) => `--include=${g}`), ...GREP_PATTERNS.flatMap((p) => ['-e', p]), dir];
    // grep exits 1 when nothing matches: not an error here.
    await execFileP('grep', args, { maxBuffer: 256 * 1024 * 1024 }).catch((e: { code?: number }) => {
      if (e.code !== 1) throw e;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Two workers pull archives from a shared queue (largest first) until it is empty. */
async function runWorkers(files: string[], warm: string[], count = 2): Promise<{ ms: number; result: WorkResult }> {
  // A worker does not inherit the tsx loader: register it, then load this file as the worker body.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const workers = Array.from({ length: count }, () => new Worker(boot, { eval: true, workerData: { files, warm } }));
  await Promise.all(workers.map((w) => new Promise<void>((resolve, reject) => {
    w.once('message', () => resolve());
    w.once('error', reject);
  })));
  const order = files.map((f, i) => [i, readFileSync(f).length] as const).sort((a, b) => b[1] - a[1]).map(([i]) => i);
  const result: WorkResult = { files: 0, bytes: 0, ms: 0 };
  const t0 = performance.now();
  let next = 0;
  await Promise.all(workers.map((w) => new Promise<void>((resolve, reject) => {
    const give = (): void => {
      if (next >= order.length) return resolve();
      w.postMessage(order[next++]);
    };
    w.on('message', (m: WorkResult) => {
      result.files += m.files;
      result.bytes += m.bytes;
      give();
    });
    w.once('error', reject);
    give();
  })));
  const ms = performance.now() - t0;
  await Promise.all(workers.map((w) => w.terminate()));
  return { ms, result: { ...result, ms } };
}

function fmt(n: number, d = 1): string {
  return n.toFixed(d);
}

async function main(): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  const names = (JSON.parse(readFileSync(topList, 'utf8')) as { packages: string[] }).packages.slice(0, 100);
  const base = registryBase();
  const limit = pLimit(8);
  const items = (await Promise.all(names.map((n) => limit(() => fetchOne(base, n))))).filter((x): x is Item => x !== null);
  const files = items.map((i) => i.file);
  const compressed = files.reduce((s, f) => s + readFileSync(f).length, 0);
  console.log(`# analysis throughput: ${items.length} of ${names.length} packages fetched, ${fmt(compressed / 1e6, 2)} MB compressed\n`);

  // Warm-up (JIT), then the best of RUNS runs of each (the machine may be shared).
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const best = async <T extends { ms: number }>(f: () => Promise<T>): Promise<T> => {
    let b: T | null = null;
    for (let i = 0; i < runs; i++) {
      const r = await f();
      if (!b || r.ms < b.ms) b = r;
    }
    return b!;
  };
  await analyseAll(files.slice(0, 20));
  const seq = await best(() => analyseAll(files));
  const par = await best(() => runWorkers(files, files.slice(0, 20)));
  const parBytes = par.result.bytes;
  const parFiles = par.result.files;

  await tarGrep(files[0]!);
  const tgSeqMs = (
    await best(async () => {
      const t0 = performance.now();
      for (const f of files) await tarGrep(f);
      return { ms: performance.now() - t0 };
    })
  ).ms;
  const tgParMs = (
    await best(async () => {
      const t0 = performance.now();
      const two = pLimit(2);
      await Promise.all(files.map((f) => two(() => tarGrep(f))));
      return { ms: performance.now() - t0 };
    })
  ).ms;

  const mb = seq.bytes / 1e6;
  const rows: [string, number, number, number][] = [
    ['analyzeArchive, sequential (1 thread)', seq.ms, seq.bytes, seq.files],
    ['analyzeArchive, 2 worker_threads', par.ms, parBytes, parFiles],
    ['tar -xzf + grep -rEn, sequential', tgSeqMs, seq.bytes, seq.files],
    ['tar -xzf + grep -rEn, 2 at a time', tgParMs, seq.bytes, seq.files],
  ];
  console.log(`Unpacked: ${fmt(mb, 1)} MB in ${seq.files} files (MB/s and files/s are over unpacked bytes and files; best of ${runs} runs each).\n`);
  console.log('| method | time (s) | MB/s | files/s | speed vs tar+grep (same concurrency) |');
  console.log('|---|---:|---:|---:|---:|');
  rows.forEach(([label, ms, bytes, n], i) => {
    const baseline = i === 0 || i === 2 ? tgSeqMs : tgParMs;
    console.log(`| ${label} | ${fmt(ms / 1000, 2)} | ${fmt(bytes / 1e6 / (ms / 1000))} | ${fmt(n / (ms / 1000), 0)} | ${fmt(baseline / ms, 2)}x |`);
  });

  // How the lens rates them.
  const counts: Record<string, number> = { CLEAR: 0, MONITORED: 0, CAUTION: 0, BLOCKED: 0 };
  const notable: string[] = [];
  const types: Record<string, number> = {};
  const caps: Record<string, number> = {};
  for (const it of items) {
    const analysis = await analyzeArchive(readFileSync(it.file), { kind: 'tgz', registry: 'npm' });
    const v = packageVerdict(reviewPackage({ registry: 'npm', name: it.name, version: it.version, analysis, integrity: it.integrity, advisories: { status: 'unknown', advisories: [] } }));
    counts[v.securityLevel]!++;
    types[analysis.analysisType] = (types[analysis.analysisType] ?? 0) + 1;
    for (const c of analysis.capabilities) caps[c] = (caps[c] ?? 0) + 1;
    if (v.securityLevel !== 'CLEAR') notable.push(`- ${it.name}@${it.version}: ${v.securityLevel}: ${v.reasons.filter((r) => !r.startsWith('noted: ')).slice(0, 2).join(' | ')}`);
  }
  console.log(`\nLens on these packages: ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')}; analysis ${Object.entries(types).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`Capabilities (packages): ${Object.entries(caps).sort().map(([k, n]) => `${k} ${n}`).join(', ')}`);
  for (const l of notable) console.log(l);
}

// Entry: the main thread runs the benchmark; a worker analyses the half it is given.
if (!isMainThread) {
  const { files, warm } = workerData as { files: string[]; warm: string[] };
  const bufs = files.map((f) => readFileSync(f));
  await analyseAll(warm);
  parentPort!.on('message', async (i: number) => {
    if (i < 0) return parentPort!.close();
    const a = await analyzeArchive(bufs[i]!, { kind: 'tgz', registry: 'npm' });
    parentPort!.postMessage({ files: a.fileCount, bytes: a.totalBytes, ms: 0 } satisfies WorkResult);
  });
  parentPort!.postMessage('ready');
} else {
  await main();
}
