/**
 * Dependency resolution to L3 with our code against `npm install --package-lock-only` on the same manifest.
 *
 *   node --import tsx bench/resolve-vs-npm.ts        (or, compiled: node dist/bench/resolve-vs-npm.js)
 *
 * Ours: parsePackageJson → NpmRegistry.resolve for each direct dependency (one after the other, as
 * shared/packages/pipeline.ts does) → expandGraph(maxDepth 3, transitiveCap unbounded, default concurrency 8).
 * A new NpmRegistry per run, so every packument is fetched again (there is no disk cache to warm).
 * npm: `npm install --package-lock-only --ignore-scripts --no-audit --no-fund` in a temp dir, cold (a fresh
 * `--cache` dir each run), warm (a cache dir filled by one untimed run first) and warm with `--prefer-offline`.
 * One untimed pass of each comes first so the registry side (CDN / proxy) is equally warm for both.
 * 3 timed repetitions each, interleaved; the median is reported. Registry: NPM_REGISTRY_URL, else
 * `npm config get registry`. No database or Redis is needed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parsePackageJson } from '../shared/packages/manifests/package-json.js';
import { NpmRegistry } from '../shared/packages/registries/npm.js';
import { expandGraph, type GraphRegistryClient } from '../shared/packages/resolve/graph.js';
import { isRefusal } from '../shared/packages/registries/types.js';
import type { ResolvedDependency } from '../shared/packages/types.js';
import { fmt, machine, median, npmBase, runBench, table, timed } from './support.js';

const REPS = 3;

/** A typical service's runtime dependencies: popular packages, caret ranges on their current majors. */
const MANIFEST = {
  name: 'bench-app',
  version: '1.0.0',
  private: true,
  dependencies: {
    axios: '^1.13.0',
    chalk: '^6.0.0',
    commander: '^15.0.0',
    debug: '^4.4.0',
    dotenv: '^18.0.0',
    express: '^5.1.0',
    glob: '^14.0.0',
    lodash: '^4.17.21',
    semver: '^7.7.0',
    uuid: '^14.0.0',
    ws: '^8.18.0',
    yargs: '^18.0.0',
  },
};

const noPypi: GraphRegistryClient = {
  resolve: async () => {
    throw new Error('no PyPI in this bench');
  },
  distribution: async () => {
    throw new Error('no PyPI in this bench');
  },
};

interface OursResult {
  ms: number;
  directMs: number;
  expandMs: number;
  direct: number;
  transitive: number;
  unresolved: number;
  expansionErrors: number;
  byLevel: number[];
  keys: Set<string>;
  requests: number;
}

async function ours(parallelDirect = false): Promise<OursResult> {
  let requests = 0;
  const countingFetch: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const npm = new NpmRegistry({ baseUrl: npmBase(), fetchImpl: countingFetch });
  const t0 = performance.now();
  const parsed = parsePackageJson(JSON.stringify(MANIFEST), undefined, { registryBase: npmBase() });
  if (parsed.refusals.length) throw new Error(`manifest refused: ${parsed.refusals.map((r) => r.reason).join('; ')}`);
  const resolved: ResolvedDependency[] = [];
  const outcomes = parallelDirect ? await Promise.all(parsed.deps.map((d) => npm.resolve(d))) : [];
  if (!parallelDirect) for (const d of parsed.deps) outcomes.push(await npm.resolve(d));
  for (const r of outcomes) {
    if (isRefusal(r)) throw new Error(`direct dependency refused: ${r.reason}`);
    resolved.push(r);
  }
  const t1 = performance.now();
  const graph = await expandGraph(resolved, { npm, pypi: noPypi }, { maxDepth: 3, transitiveCap: 1_000_000 });
  const t2 = performance.now();
  const keys = new Set<string>([...resolved.map((d) => `${d.name}@${d.version}`), ...graph.nodes.map((n) => `${n.name}@${n.version}`), ...graph.uncertifiedBeyondCap.map((n) => `${n.name}@${n.version}`)]);
  const byLevel = [resolved.length, 0, 0, 0];
  for (const n of [...graph.nodes, ...graph.uncertifiedBeyondCap]) byLevel[n.level]!++;
  return {
    ms: t2 - t0,
    directMs: t1 - t0,
    expandMs: t2 - t1,
    direct: resolved.length,
    transitive: graph.nodes.length + graph.uncertifiedBeyondCap.length,
    unresolved: graph.unresolved.length,
    expansionErrors: graph.expansionErrors.length,
    byLevel,
    keys,
    requests,
  };
}

interface NpmResult {
  ms: number;
  entries: number;
  keys: Set<string>;
  /** Shallowest level of each name@version in npm's tree (0 = direct dependency of the manifest). */
  depth: Map<string, number>;
  peers: number;
  optional: number;
}

function sh(cmd: string, args: string[], cwd: string, timeoutMs = 180_000): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(t);
      resolve({ code: code ?? 1, out });
    });
  });
}

async function npmLockOnly(cacheDir: string, extra: string[] = []): Promise<NpmResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-npm-'));
  try {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(MANIFEST, null, 2));
    const args = ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `--cache=${cacheDir}`, ...extra];
    if (process.env.NPM_REGISTRY_URL) args.push(`--registry=${npmBase()}/`);
    const { ms, value } = await timed(() => sh('npm', args, dir));
    if (value.code !== 0) throw new Error(`npm install failed (${value.code}):\n${value.out}`);
    const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { name?: string; version?: string; peer?: boolean; optional?: boolean; link?: boolean; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }> };
    const nameAt = (loc: string) => lock.packages[loc]?.name ?? loc.slice(loc.lastIndexOf('node_modules/') + 'node_modules/'.length);
    // Node's lookup: the nearest node_modules/<name> walking up from the dependent's location.
    const locate = (from: string, name: string): string | undefined => {
      for (let base = from; ; ) {
        const loc = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
        if (lock.packages[loc]) return loc;
        if (!base) return undefined;
        const i = base.lastIndexOf('/node_modules/');
        base = i < 0 ? '' : base.slice(0, i);
      }
    };
    const depth = new Map<string, number>();
    const seenLoc = new Set<string>();
    let frontier = Object.keys({ ...MANIFEST.dependencies }).map((d) => locate('', d)).filter((x): x is string => !!x);
    for (let level = 0; frontier.length; level++) {
      const next: string[] = [];
      for (const loc of frontier) {
        if (seenLoc.has(loc)) continue;
        seenLoc.add(loc);
        const key = `${nameAt(loc)}@${lock.packages[loc]!.version}`;
        if (!depth.has(key)) depth.set(key, level);
        const p = lock.packages[loc]!;
        for (const d of Object.keys({ ...p.dependencies, ...p.optionalDependencies })) {
          const child = locate(loc, d);
          if (child) next.push(child);
        }
      }
      frontier = next;
    }
    const keys = new Set<string>();
    let entries = 0;
    let peers = 0;
    let optional = 0;
    for (const [loc, p] of Object.entries(lock.packages)) {
      if (loc === '' || p.link) continue;
      entries++;
      if (p.peer) peers++;
      if (p.optional) optional++;
      keys.add(`${nameAt(loc)}@${p.version}`);
    }
    return { ms, entries, keys, depth, peers, optional };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const cacheRoot = mkdtempSync(path.join(tmpdir(), 'bench-npm-cache-'));
  try {
    const npmVersion = (await sh('npm', ['--version'], tmpdir())).out.trim().split('\n').pop();
    const probe = await fetch(`${npmBase()}/express`, { headers: { accept: 'application/vnd.npm.install-v1+json' } });
    await probe.arrayBuffer();
    const cacheHeaders = ['cache-control', 'etag', 'last-modified'].map((h) => `${h}: ${probe.headers.get(h) ?? '(none)'}`).join(', ');
    const bootMs: number[] = [];
    for (let i = 0; i < REPS; i++) bootMs.push((await timed(() => sh('npm', ['--version'], tmpdir()))).ms);

    // Untimed: registry side equally warm for both.
    await ours();
    await npmLockOnly(path.join(cacheRoot, 'prime'));
    // Warm cache for the warm npm runs: filled by one untimed run.
    const warmCache = path.join(cacheRoot, 'warm');
    await npmLockOnly(warmCache);

    const oursRuns: OursResult[] = [];
    const oursPar: OursResult[] = [];
    const npmCold: NpmResult[] = [];
    const npmWarm: NpmResult[] = [];
    const npmOffline: NpmResult[] = [];
    for (let i = 0; i < REPS; i++) {
      oursRuns.push(await ours());
      oursPar.push(await ours(true));
      npmCold.push(await npmLockOnly(path.join(cacheRoot, `cold-${i}`)));
      npmWarm.push(await npmLockOnly(warmCache));
      npmOffline.push(await npmLockOnly(warmCache, ['--prefer-offline']));
      process.stderr.write(`rep ${i + 1}/${REPS}: ours ${fmt(oursRuns[i]!.ms, 0)} ms, ours (parallel direct) ${fmt(oursPar[i]!.ms, 0)} ms, npm cold ${fmt(npmCold[i]!.ms, 0)} ms, npm warm ${fmt(npmWarm[i]!.ms, 0)} ms, npm warm --prefer-offline ${fmt(npmOffline[i]!.ms, 0)} ms\n`);
    }

    const o = oursRuns[oursRuns.length - 1]!;
    const n = npmCold[npmCold.length - 1]!;
    const both = [...o.keys].filter((k) => n.keys.has(k));
    const onlyOurs = [...o.keys].filter((k) => !n.keys.has(k));
    const onlyNpm = [...n.keys].filter((k) => !o.keys.has(k));
    const range = (xs: number[]) => `${fmt(Math.min(...xs), 0)}–${fmt(Math.max(...xs), 0)}`;

    const lines: string[] = [];
    lines.push(`### Resolution to L3: ours vs \`npm install --package-lock-only\``);
    lines.push('');
    lines.push(`Manifest: 12 direct runtime dependencies with caret ranges (${Object.entries(MANIFEST.dependencies).map(([k, v]) => `${k} ${v}`).join(', ')}). npm ${npmVersion}; ${REPS} timed repetitions each after one untimed pass; median (range) wall time.`);
    lines.push('');
    lines.push(
      table(
        ['method', 'median ms', 'range ms', 'packages found', 'notes'],
        [
          ['ours: parsePackageJson → NpmRegistry.resolve (direct, sequential as in pipeline.ts) → expandGraph L3', fmt(median(oursRuns.map((r) => r.ms)), 0), range(oursRuns.map((r) => r.ms)), o.keys.size, `${o.direct} direct + ${o.transitive} transitive (L1 ${o.byLevel[1]}, L2 ${o.byLevel[2]}, L3 ${o.byLevel[3]}); ${o.requests} packument requests; direct ${fmt(median(oursRuns.map((r) => r.directMs)), 0)} ms + expand ${fmt(median(oursRuns.map((r) => r.expandMs)), 0)} ms; fresh client (no cache)`],
          ['ours, direct dependencies resolved in parallel', fmt(median(oursPar.map((r) => r.ms)), 0), range(oursPar.map((r) => r.ms)), oursPar[oursPar.length - 1]!.keys.size, `direct ${fmt(median(oursPar.map((r) => r.directMs)), 0)} ms + expand ${fmt(median(oursPar.map((r) => r.expandMs)), 0)} ms`],
          ['npm, cold (fresh --cache each run)', fmt(median(npmCold.map((r) => r.ms)), 0), range(npmCold.map((r) => r.ms)), n.keys.size, `${n.entries} lockfile entries (${n.peers} peer, ${n.optional} optional); full depth`],
          ['npm, warm (cache filled by an earlier run)', fmt(median(npmWarm.map((r) => r.ms)), 0), range(npmWarm.map((r) => r.ms)), npmWarm[npmWarm.length - 1]!.keys.size, 'npm revalidates every cached packument (see the cache headers below)'],
          ['npm, warm + `--prefer-offline`', fmt(median(npmOffline.map((r) => r.ms)), 0), range(npmOffline.map((r) => r.ms)), npmOffline[npmOffline.length - 1]!.keys.size, 'packuments from the cache, no revalidation'],
          ['npm CLI start-up alone (`npm --version`)', fmt(median(bootMs), 0), range(bootMs), '—', 'included in both npm rows'],
        ],
        ['l', 'r', 'r', 'r', 'l'],
      ),
    );
    lines.push('');
    lines.push(`"packages found" = distinct name@version (ours: direct + L1–L3 transitives; npm: every non-root entry of package-lock.json). Overlap: ${both.length} in both, ${onlyOurs.length} only ours, ${onlyNpm.length} only npm.`);
    if (onlyOurs.length) lines.push(`Only ours: ${onlyOurs.sort().join(', ')}.`);
    if (onlyNpm.length) {
      const levels = onlyNpm.map((k) => n.depth.get(k) ?? -1);
      lines.push(`Only npm: ${onlyNpm.sort().map((k) => `${k} (L${n.depth.get(k) ?? '?'})`).join(', ')}. Shallowest of these in npm's tree: L${Math.min(...levels)} (ours stops at L3 by design, rule 9).`);
    }
    const deepest = Math.max(...n.depth.values());
    lines.push(`npm's tree goes ${deepest} levels below the direct dependencies (L${deepest}).`);
    lines.push(`Registry cache headers on a packument: ${cacheHeaders}.`);
    if (o.unresolved || o.expansionErrors) lines.push(`Ours: ${o.unresolved} unresolved transitives, ${o.expansionErrors} expansion errors.`);
    lines.push('');
    lines.push(`Machine: ${machine()}.`);
    console.log(lines.join('\n'));
  } finally {
    rmSync(cacheRoot, { recursive: true, force: true });
  }
}

await runBench(main);
