/**
 * Verdict quality of the package analysis + library lens:
 *
 *   node --import tsx bench/package-verdicts.ts [corpus] [pybenign] [benign] [top]
 *
 *  - corpus: the 200 malicious PyPI samples of ../shared/data/package-corpus (read in memory from
 *    the encrypted zip, never extracted): recall (BLOCKED) overall and per family, and each miss
 *    with its level and strongest finding; the tuning half and the held-out half side by side.
 *  - pybenign: the honest Python sdists of ../shared/data/package-corpus/pypi-benign (halves too).
 *  - benign: ../shared/data/package-corpus/benign-npm.txt (60 pinned, scary-looking packages).
 *  - top: the top npm packages (../shared/data/top-packages/npm.json, latest versions). All 1,000
 *    by default; BENCH_TOP=N takes the first N by rank (a prefix, not a random sample).
 *    Every BLOCKED / CAUTION package is printed with the finding that caused it.
 *  - sample / sample-held: the pinned honest npm sample of bench/npm-top-sample.tsv (every 4th of
 *    the top 1,000 by rank; written by bench/npm-sample-list.ts), its tuned part or its held-out part.
 *    Held-out parts (sample-held, install-held, install-fresh, install-fresh2) print counts only: no name; `top`
 *    does not name the packages of the held-out sample part either.
 *  - install / install-held: bench/npm-install-time-sample.tsv (well-known packages beyond the top
 *    1,000 that download binaries or build at install time), tuned part or held-out part.
 *  - variants: the inert npm malware variants of test/support/npm-variants.ts (SET1–SET3),
 *    npm-variants-set4.ts (SET4) and npm-variants-set4b.ts (SET4B) and their honest twins, built in memory.
 *  - install-fresh: that file's fresh part (more packages of the same kind, pinned before any
 *    verdict on them was seen; both other parts have been looked at while tuning). Only by name.
 *  - install-fresh2: its second fresh part (32 more, pinned the same way with pkg-analysis-2026.11.10).
 *
 * Tarballs come from the configured npm registry (NPM_REGISTRY_URL, else `npm config get
 * registry`) and are cached under .data/bench-cache/ (git-ignored); nothing is installed. Time per
 * package is analysis + lens (median, p90, max), one package at a time in this thread.
 *
 * BENCH_SNAPSHOT=FILE appends one line per package (set, package, level, its findings above LOW) to
 * FILE, so two runs can be compared package by package (`diff` of the sorted files).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { analyzeArchive } from '../shared/packages/analysis/index.js';
import type { ArchiveAnalysis, PackageFinding } from '../shared/packages/analysis/types.js';
import { parseStats } from '../shared/packages/analysis/python/review.js';
import { packageVerdict, reviewPackage } from '../shared/packages/lens/index.js';
import type { PackageSecurityLevel, RegistrySource } from '../shared/packages/types.js';
import { npmTgz } from '../test/fixtures/archives/build.js';
import { corpusDir, loadMalwareCorpus } from '../test/support/malware-corpus.js';
import { NPM_TWINS_SET1, NPM_TWINS_SET2, NPM_TWINS_SET3, NPM_VARIANTS_SET1, NPM_VARIANTS_SET2, NPM_VARIANTS_SET3 } from '../test/support/npm-variants.js';
import { NPM_TWINS_SET4, NPM_VARIANTS_SET4 } from '../test/support/npm-variants-set4.js';
import { NPM_TWINS_SET4B, NPM_VARIANTS_SET4B } from '../test/support/npm-variants-set4b.js';
import { loadBenignPypi, tuningHalf } from '../test/support/pypi-benign.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const cacheDir = path.join(root, '.data', 'bench-cache');

interface Rated {
  level: PackageSecurityLevel;
  analysis: ArchiveAnalysis;
  ms: number;
}

async function rate(buf: Buffer, kind: 'tgz' | 'zip', registry: RegistrySource, name: string, version: string): Promise<Rated> {
  // As the service does: the npm registry it uses is a package's own distribution channel.
  const registryHosts = [new URL(registryBase()).hostname];
  const t0 = performance.now();
  const analysis = await analyzeArchive(buf, { kind, registry, registryHosts });
  const v = packageVerdict(
    reviewPackage({ registry, name, version, analysis, integrity: { ok: true, expected: '', actual: '' }, advisories: { status: 'ok', advisories: [] } }),
  );
  return { level: v.securityLevel, analysis, ms: performance.now() - t0 };
}

/** One line per package for BENCH_SNAPSHOT: its set, name, level and findings above LOW (rule, severity, file). */
function snapshot(set: string, pkg: string, r: Rated): void {
  const file = process.env.BENCH_SNAPSHOT;
  if (!file) return;
  const findings = r.analysis.findings
    .filter((f) => f.severity === 'MEDIUM' || f.severity === 'HIGH' || f.severity === 'CRITICAL')
    .map((f) => `${f.ruleId}:${f.severity}:${f.file}`)
    .sort();
  appendFileSync(file, `${set}\t${pkg}\t${r.level}\t${[...new Set(findings)].join(' ')}\n`);
}

function cause(a: ArchiveAnalysis): string {
  // The finding that set the level: a MEDIUM+ one outside the binary category (compiled binaries
  // alone keep a package MONITORED), else the first above INFO.
  const f: PackageFinding | undefined =
    a.findings.find((x) => (x.severity === 'MEDIUM' || x.severity === 'HIGH' || x.severity === 'CRITICAL') && x.category !== 'binary') ?? a.findings.find((x) => x.severity !== 'INFO');
  if (!f) return '(no finding above INFO)';
  return `${f.severity} ${f.ruleId} ${f.file}${f.line ? `:${f.line}` : ''} ${JSON.stringify((f.evidence ?? f.message).slice(0, 100))}`;
}

function stats(ms: number[]): string {
  if (ms.length === 0) return 'n/a';
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return `median ${q(0.5).toFixed(1)} ms, p90 ${q(0.9).toFixed(1)} ms, max ${s[s.length - 1]!.toFixed(1)} ms (n=${s.length})`;
}

/** BENCH_HALF=tuned scores only the tuning half (while rules are tuned); the default scores both. */
function skipHalf(name: string): boolean {
  const only = process.env.BENCH_HALF;
  return only === 'tuned' ? !tuningHalf(name) : only === 'held' ? tuningHalf(name) : false;
}

interface Tally {
  fam: Map<string, { n: number; blocked: number }>;
  levels: Map<string, number>;
  misses: string[];
}

function tally(): Tally {
  return { fam: new Map(), levels: new Map(), misses: [] };
}

function printTally(title: string, t: Tally): void {
  const n = [...t.fam.values()].reduce((a, f) => a + f.n, 0);
  const blocked = [...t.fam.values()].reduce((a, f) => a + f.blocked, 0);
  console.log(`\n### ${title}: ${blocked}/${n} BLOCKED (${n ? ((100 * blocked) / n).toFixed(1) : 0} %)`);
  console.log(`levels: ${[...t.levels].map(([l, k]) => `${l} ${k}`).join(', ')}`);
  console.log('| family | BLOCKED | recall |\n|---|---|---|');
  for (const [k, f] of [...t.fam].sort()) console.log(`| ${k} | ${f.blocked}/${f.n} | ${((100 * f.blocked) / f.n).toFixed(0)} % |`);
  if (t.misses.length) console.log(`misses:\n${t.misses.join('\n')}`);
}

/**
 * The malicious PyPI corpus, split into the tuning half and the held-out half (a fixed hash of the
 * package name, see test/support/pypi-benign.ts), printed side by side.
 */
async function corpus(): Promise<void> {
  if (!corpusDir()) {
    console.log('corpus: ../shared/data/package-corpus not found, skipped');
    return;
  }
  const samples = loadMalwareCorpus();
  const halves = { tuned: tally(), held: tally() };
  const times: number[] = [];
  for (const s of samples) {
    if (skipHalf(s.name)) continue;
    const r = await rate(s.data, s.kind, 'pypi', s.name, s.version);
    snapshot(tuningHalf(s.name) ? 'pypi-malware-tuned' : 'pypi-malware-held', s.path, r);
    times.push(r.ms);
    const t = tuningHalf(s.name) ? halves.tuned : halves.held;
    const f = t.fam.get(s.family) ?? { n: 0, blocked: 0 };
    f.n++;
    if (r.level === 'BLOCKED') f.blocked++;
    // The held-out half is counted only: its misses are never named (the independent evaluation is of unseen samples).
    else if (t === halves.tuned) t.misses.push(`  ${r.level.padEnd(9)} ${s.family.padEnd(34)} ${s.path}  ${cause(r.analysis)}`);
    t.fam.set(s.family, f);
    t.levels.set(r.level, (t.levels.get(r.level) ?? 0) + 1);
  }
  console.log(`\n## Malicious PyPI corpus (${samples.length} samples)`);
  printTally('tuned half', halves.tuned);
  printTally('held-out half', halves.held);
  console.log(`time per package: ${stats(times)}`);
  printParse(times.length);
}

/** Python parser use: files parsed per package and the parser's share of the time. */
function printParse(packages: number): void {
  const p = parseStats(true);
  console.log(`python parser: ${p.files} files parsed (${(p.files / Math.max(1, packages)).toFixed(1)} per package), ${p.ms.toFixed(0)} ms in all (${(p.ms / Math.max(1, packages)).toFixed(1)} ms per package on average), ${p.overBudget} not parsed (over 512 KiB or the time budget)`);
}

/** The honest Python sdists (pypi-benign/), tuning half and held-out half side by side. */
async function pypiBenign(): Promise<void> {
  const list = loadBenignPypi();
  if (list.length === 0) {
    console.log('pybenign: ../shared/data/package-corpus/pypi-benign not found, skipped');
    return;
  }
  const out = { tuned: { levels: new Map<string, number>(), flagged: [] as string[], n: 0 }, held: { levels: new Map<string, number>(), flagged: [] as string[], n: 0 } };
  const times: number[] = [];
  for (const p of list) {
    if (skipHalf(p.name)) continue;
    const r = await rate(p.data, 'tgz', 'pypi', p.name, p.version);
    snapshot(tuningHalf(p.name) ? 'pypi-benign-tuned' : 'pypi-benign-held', p.file, r);
    times.push(r.ms);
    const o = tuningHalf(p.name) ? out.tuned : out.held;
    o.n++;
    o.levels.set(r.level, (o.levels.get(r.level) ?? 0) + 1);
    if (r.level === 'BLOCKED' || r.level === 'CAUTION') o.flagged.push(`  ${r.level.padEnd(8)} ${p.file}  ${cause(r.analysis)}`);
  }
  console.log(`\n## Honest Python sdists (pypi-benign/, ${list.length})`);
  for (const [title, o] of [['tuned half', out.tuned], ['held-out half', out.held]] as const) {
    const c = (l: string) => o.levels.get(l) ?? 0;
    console.log(`### ${title} (${o.n}): BLOCKED ${c('BLOCKED')}, CAUTION ${c('CAUTION')} (${o.n ? ((100 * c('CAUTION')) / o.n).toFixed(1) : 0} %), MONITORED ${c('MONITORED')}, CLEAR ${c('CLEAR')}`);
    // The held-out half is counted only, never named (as the malicious corpus's held-out half above).
    if (o.flagged.length && o === out.tuned) console.log(o.flagged.join('\n'));
  }
  console.log(`time per package: ${stats(times)}`);
  printParse(times.length);
}

let registryBaseCached: string | undefined;
/** The configured npm registry, asked once (`npm config get registry` takes about a second: it was timed with every package). */
function registryBase(): string {
  if (registryBaseCached !== undefined) return registryBaseCached;
  const fromEnv = process.env.NPM_REGISTRY_URL;
  const base = fromEnv && fromEnv.trim() !== '' ? fromEnv : execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  registryBaseCached = base.trim().replace(/\/+$/, '');
  return registryBaseCached;
}

/** The tarball of name@version (latest when version is undefined), from the cache or the registry. */
async function tarball(base: string, name: string, version?: string, quiet = false): Promise<{ version: string; buf: Buffer } | null> {
  try {
    if (version) {
      const file = path.join(cacheDir, `${name.replace(/\//g, '__')}-${version}.tgz`);
      if (existsSync(file)) return { version, buf: readFileSync(file) };
    }
    const url = `${base}/${name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name)}`;
    const res = await fetch(url, { headers: { accept: 'application/vnd.npm.install-v1+json' }, signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`packument ${res.status}`);
    const doc = (await res.json()) as { 'dist-tags'?: { latest?: string }; versions?: Record<string, { dist?: { tarball?: string } }> };
    const v = version ?? doc['dist-tags']?.latest;
    const dist = v ? doc.versions?.[v]?.dist : undefined;
    if (!v || !dist?.tarball) throw new Error('no tarball for that version');
    const file = path.join(cacheDir, `${name.replace(/\//g, '__')}-${v}.tgz`);
    if (existsSync(file)) return { version: v, buf: readFileSync(file) };
    const t = await fetch(dist.tarball, { signal: AbortSignal.timeout(120_000) });
    if (!t.ok) throw new Error(`tarball ${t.status}`);
    const buf = Buffer.from(await t.arrayBuffer());
    writeFileSync(file, buf);
    return { version: v, buf };
  } catch (err) {
    if (!quiet) console.error(`skip ${name}: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

/**
 * Scores an npm list. `heldOut`: a held-out part, scored once after tuning; counts only: no package's name is
 * printed (not its flagged level, nor a fetch failure) and none is written to BENCH_SNAPSHOT.
 */
async function npmList(title: string, list: { name: string; version?: string }[], heldOut: boolean | ((name: string) => boolean) = false): Promise<void> {
  const held = (name: string): boolean => (typeof heldOut === 'function' ? heldOut(name) : heldOut);
  mkdirSync(cacheDir, { recursive: true });
  const base = registryBase();
  const limit = pLimit(8);
  const fetched = await Promise.all(list.map((p) => limit(async () => ({ p, t: await tarball(base, p.name, p.version, held(p.name)) }))));
  const levels = new Map<string, number>();
  const times: number[] = [];
  const flagged: string[] = [];
  // (BLOCKED / CAUTION packages of a held-out part: counted, not named.)
  let heldFlagged = 0;
  let n = 0;
  for (const { p, t } of fetched) {
    if (!t) continue;
    n++;
    const r = await rate(t.buf, 'tgz', 'npm', p.name, t.version);
    if (!held(p.name)) snapshot(title, `${p.name}@${t.version}`, r);
    times.push(r.ms);
    levels.set(r.level, (levels.get(r.level) ?? 0) + 1);
    if (r.level === 'BLOCKED' || r.level === 'CAUTION') {
      if (held(p.name)) heldFlagged++;
      else flagged.push(`  ${r.level.padEnd(8)} ${p.name}@${t.version}  ${cause(r.analysis)}`);
    }
  }
  const c = (l: string) => levels.get(l) ?? 0;
  console.log(`\n## ${title}: ${n} packages analysed (${list.length - n} could not be fetched)`);
  console.log(`BLOCKED ${c('BLOCKED')}, CAUTION ${c('CAUTION')} (${n ? ((100 * c('CAUTION')) / n).toFixed(1) : 0} %), MONITORED ${c('MONITORED')}, CLEAR ${c('CLEAR')}`);
  console.log(`time per package: ${stats(times)}`);
  if (flagged.length) console.log(`BLOCKED / CAUTION with their cause:\n${flagged.join('\n')}`);
  if (heldFlagged > 0) console.log(`(${heldFlagged} BLOCKED / CAUTION of held-out packages, not named)`);
}

/** The inert npm malware variants and their honest twins (test/support/npm-variants.ts). */
async function variants(): Promise<void> {
  console.log('\n## npm malware variants and honest twins (test/support/npm-variants.ts)');
  for (const [title, set] of [
    ['SET1', NPM_VARIANTS_SET1],
    ['SET2', NPM_VARIANTS_SET2],
    ['SET3', NPM_VARIANTS_SET3],
    ['SET4', NPM_VARIANTS_SET4],
    ['SET4B', NPM_VARIANTS_SET4B],
    ['twins', [...NPM_TWINS_SET1, ...NPM_TWINS_SET2, ...NPM_TWINS_SET3]],
    ['twins-SET4', [...NPM_TWINS_SET4, ...NPM_TWINS_SET4B]],
  ] as const) {
    const levels = new Map<string, number>();
    const odd: string[] = [];
    for (const v of set) {
      const r = await rate(npmTgz(v.files), 'tgz', 'npm', v.id, '1.0.3');
      snapshot(`npm-variants-${title}`, `${v.family}/${v.id}`, r);
      levels.set(r.level, (levels.get(r.level) ?? 0) + 1);
      if (title.startsWith('twins') ? r.level === 'BLOCKED' || r.level === 'CAUTION' : r.level !== 'BLOCKED') odd.push(`  ${r.level.padEnd(9)} ${v.family}/${v.id}  ${cause(r.analysis)}`);
    }
    console.log(`${title} (${set.length}): ${[...levels].map(([l, k]) => `${l} ${k}`).join(', ')}`);
    if (odd.length) console.log(odd.join('\n'));
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const want = (k: string) => args.length === 0 || args.includes(k);
  if (want('corpus')) await corpus();
  if (want('variants')) await variants();
  if (want('pybenign')) await pypiBenign();
  // ../shared/data next to the repository (corpusDir looks up from here, so a git worktree finds it too)
  const shared = path.dirname(corpusDir() ?? path.resolve(root, '..', 'shared', 'data', 'package-corpus'));
  if (want('benign')) {
    const file = path.join(shared, 'package-corpus', 'benign-npm.txt');
    const list = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => {
        const spec = l.split('\t')[0]!.trim();
        const at = spec.lastIndexOf('@');
        return { name: spec.slice(0, at), version: spec.slice(at + 1) };
      });
    await npmList('benign-npm.txt', list);
  }
  for (const [arg, half, file] of [
    ['sample', 'tuned', 'npm-top-sample.tsv'],
    ['sample-held', 'held-out', 'npm-top-sample.tsv'],
    ['install', 'tuned', 'npm-install-time-sample.tsv'],
    ['install-held', 'held-out', 'npm-install-time-sample.tsv'],
    ['install-fresh', 'fresh', 'npm-install-time-sample.tsv'],
    ['install-fresh2', 'fresh-2', 'npm-install-time-sample.tsv'],
  ] as const) {
    // The held-out parts only when asked for by name: they are scored once, after tuning.
    if (!args.includes(arg) && !(half === 'tuned' && args.length === 0)) continue;
    const rows = readFileSync(path.join(here, file), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    const list = rows.map((l) => l.split('\t')).filter((c) => c[3] === half).map((c) => ({ name: c[0]!, version: c[1]! }));
    // Every part but the tuned one is held out (the fresh parts were pinned before any verdict on them was seen): counts only.
    await npmList(`honest npm (bench/${file}, ${half} part${half === 'tuned' ? '' : ', counts only'})`, list, half !== 'tuned');
  }
  if (want('top')) {
    const raw = JSON.parse(readFileSync(path.join(shared, 'top-packages', 'npm.json'), 'utf8')) as unknown;
    const names = (Array.isArray(raw) ? raw : (raw as { packages: unknown[] }).packages).map((x) => (typeof x === 'string' ? x : (x as { name: string }).name));
    const n = Number(process.env.BENCH_TOP ?? names.length);
    // The top list holds the held-out part of bench/npm-top-sample.tsv: those packages are counted, never named.
    const heldNames = new Set(
      readFileSync(path.join(here, 'npm-top-sample.tsv'), 'utf8')
        .split('\n')
        .map((l) => l.split('\t'))
        .filter((c) => c[3] === 'held-out')
        .map((c) => c[0]!),
    );
    await npmList(`top ${n} npm packages (latest versions, first ${n} by rank)`, names.slice(0, n).map((name) => ({ name })), (name) => heldNames.has(name));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
