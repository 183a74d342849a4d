/**
 * Honest npm packages beyond the top 1,000, tuned part and held-out part side by side:
 *
 *   node --import tsx bench/npm-verdicts.ts [--held-out] [--part=benign|tuned|held] [DIR]
 *
 * DIR (default /tmp/npm-cache-h22) holds `want.txt` (one `name@version` a line) and the tarballs
 * `npm pack` wrote for them under `tgz/` (`@scope/name@1.0.0` → `scope-name-1.0.0.tgz`); nothing is
 * installed or fetched here. To fill it: `npm pack --pack-destination DIR/tgz name@version …`.
 *
 * Split: ../shared/data/package-corpus/benign-npm.txt and the packages named in the issue are
 * always in the tuned set; of the rest (a sample of the registry's most downloaded packages beyond
 * the top-1,000 list), those whose FNV-1a name hash is even are tuned on, the odd ones are held out.
 * The held-out half is printed only with --held-out (score it once, at the end), as counts: no package is named.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeArchive } from '../shared/packages/analysis/index.js';
import type { ArchiveAnalysis, PackageFinding } from '../shared/packages/analysis/types.js';
import { packageVerdict, reviewPackage } from '../shared/packages/lens/index.js';
import type { PackageSecurityLevel } from '../shared/packages/types.js';

const args = process.argv.slice(2);
const heldOut = args.includes('--held-out');
const dir = args.find((a) => !a.startsWith('--')) ?? '/tmp/npm-cache-h22';
const REGISTRY_HOSTS = (process.env.NPM_REGISTRY_URL ? [new URL(process.env.NPM_REGISTRY_URL).hostname] : []).concat(
  (process.env.PACKAGE_INDEX_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
);

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function tgzName(spec: string): string {
  const at = spec.lastIndexOf('@');
  const name = spec.slice(0, at).replace(/^@/, '').replace(/\//g, '-');
  return `${name}-${spec.slice(at + 1)}.tgz`;
}

function cause(a: ArchiveAnalysis, level: PackageSecurityLevel): string {
  const min = level === 'BLOCKED' ? 3 : 2;
  const rank = { INFO: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 } as const;
  const f: PackageFinding | undefined = a.findings.find((x) => rank[x.severity] >= min) ?? a.findings.find((x) => x.severity !== 'INFO');
  if (!f) return '(no finding above INFO)';
  return `${f.severity} ${f.ruleId} ${f.file}${f.line ? `:${f.line}` : ''} ${JSON.stringify((f.evidence ?? f.message).slice(0, 100))}`;
}

/** `counts`: a held-out part, printed in aggregate only (no package named, not even a slow one). */
async function run(title: string, specs: string[], counts = false): Promise<void> {
  const levels = new Map<string, number>();
  const times: number[] = [];
  const flagged: string[] = [];
  let n = 0;
  for (const spec of specs) {
    const file = path.join(dir, 'tgz', tgzName(spec));
    if (!existsSync(file)) continue;
    const buf = readFileSync(file);
    const at = spec.lastIndexOf('@');
    const t0 = performance.now();
    const analysis = await analyzeArchive(buf, { kind: 'tgz', registry: 'npm', registryHosts: REGISTRY_HOSTS });
    const v = packageVerdict(
      reviewPackage({ registry: 'npm', name: spec.slice(0, at), version: spec.slice(at + 1), analysis, integrity: { ok: true, expected: '', actual: '' }, advisories: { status: 'ok', advisories: [] } }),
    );
    const ms = performance.now() - t0;
    times.push(ms);
    if (ms > 1000 && !counts) console.log(`  slow: ${spec} ${ms.toFixed(0)} ms`);
    n++;
    levels.set(v.securityLevel, (levels.get(v.securityLevel) ?? 0) + 1);
    if (v.securityLevel === 'BLOCKED' || v.securityLevel === 'CAUTION') flagged.push(`  ${v.securityLevel.padEnd(8)} ${spec}  ${cause(analysis, v.securityLevel)}`);
  }
  const c = (l: string) => levels.get(l) ?? 0;
  const s = [...times].sort((a, b) => a - b);
  console.log(`\n## ${title}: ${n} of ${specs.length} packages analysed`);
  console.log(`BLOCKED ${c('BLOCKED')}, CAUTION ${c('CAUTION')} (${n ? ((100 * c('CAUTION')) / n).toFixed(1) : 0} %), MONITORED ${c('MONITORED')}, CLEAR ${c('CLEAR')}`);
  if (s.length) console.log(`time per package (analysis + lens): median ${s[s.length >> 1]!.toFixed(1)} ms, max ${s[s.length - 1]!.toFixed(1)} ms`);
  if (flagged.length && !counts) console.log(flagged.join('\n'));
}

async function main(): Promise<void> {
  // The shared data folder sits beside the repository (or beside the folder holding the worktrees).
  let up = path.resolve(import.meta.dirname, '..');
  while (!existsSync(path.join(up, 'shared', 'data')) && path.dirname(up) !== up) up = path.dirname(up);
  const benignFile = path.join(up, 'shared', 'data', 'package-corpus', 'benign-npm.txt');
  const benign = existsSync(benignFile)
    ? readFileSync(benignFile, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.split('\t')[0]!.trim())
    : [];
  const named = ['yarn', 'wrangler', 'truffle'];
  const want = readFileSync(path.join(dir, 'want.txt'), 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  const rest = want.filter((s) => !benign.includes(s));
  const isNamed = (s: string) => named.includes(s.slice(0, s.lastIndexOf('@')));
  const tuned = rest.filter((s) => isNamed(s) || fnv(s.slice(0, s.lastIndexOf('@'))) % 2 === 0);
  const held = rest.filter((s) => !isNamed(s) && fnv(s.slice(0, s.lastIndexOf('@'))) % 2 === 1);
  // `--part benign|tuned|held`: one part only (three processes can score the parts side by side).
  const part = args.find((a) => a.startsWith('--part='))?.slice('--part='.length);
  if (!part || part === 'benign') await run('benign-npm.txt (tuned)', benign);
  if (!part || part === 'tuned') await run('sample beyond the top 1,000 + yarn, wrangler, truffle (tuned half)', tuned);
  if (heldOut && (!part || part === 'held')) await run('sample beyond the top 1,000 (held-out half, counts only)', held, true);
  else if (!heldOut) console.log(`\n(held-out half: ${held.length} packages, printed with --held-out)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
