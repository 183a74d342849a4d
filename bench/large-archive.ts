/**
 * Archives over the in-memory limit (50 MB), read streaming (analysis/index.ts analyzeArchiveStream):
 * time, CPU time and peak memory per archive, the archive read from disk in 64 KB chunks as a
 * download would deliver it (never held whole), one archive per process run so the peak is its own.
 *
 *   node --import tsx bench/large-archive.ts FILE.tgz [NAME VERSION]
 *
 * Fetch honest tarballs with `npm pack NAME@VERSION --pack-destination DIR` (never installed).
 */
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { analyzeArchiveStream } from '../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../shared/packages/lens/index.js';

async function main(): Promise<void> {
  const [file, name = path.basename(process.argv[2] ?? 'x', '.tgz'), version = '0.0.0'] = process.argv.slice(2);
  if (!file) throw new Error('usage: bench/large-archive.ts FILE.tgz [NAME VERSION]');
  const registryHosts = process.env.NPM_REGISTRY_URL ? [new URL(process.env.NPM_REGISTRY_URL).hostname] : [];
  let peak = 0;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const rss0 = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const s = await analyzeArchiveStream(createReadStream(file, { highWaterMark: 64 * 1024 }), { kind: 'tgz', registry: 'npm', registryHosts }, 'sha512');
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  const v = packageVerdict(reviewPackage({ registry: 'npm', name, version, analysis: s.analysis, integrity: { ok: true, expected: '', actual: '' }, advisories: { status: 'ok', advisories: [] } }));
  const note = s.analysis.findings.find((f) => f.ruleId === 'archive_streamed')?.message ?? '';
  console.log(
    `${name}@${version}: ${(statSync(file).size / 1e6).toFixed(1)} MB compressed, ${s.analysis.fileCount} files, ${v.securityLevel}; ` +
      `wall ${ms.toFixed(0)} ms, CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms; RSS before ${(rss0 / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB (+${((peak - rss0) / 1e6).toFixed(0)} MB)`,
  );
  if (note) console.log(`  ${note}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
