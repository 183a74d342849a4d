import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { buildTgz } from '../fixtures/archives/build.js';
import { buildZip } from './zip-writer.js';

/** A real gzip tarball in sdist layout (`<name>-<version>/...`), built on disk in a temp folder. */
export function makeSdist(name: string, version: string, files: Record<string, string>): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sdist-'));
  try {
    const top = `${name}-${version}`;
    for (const [rel, content] of Object.entries({ 'PKG-INFO': `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`, ...files })) {
      const p = path.join(dir, top, rel);
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, content);
    }
    const out = path.join(dir, 'out.tar.gz');
    tar.c({ gzip: true, cwd: dir, file: out, sync: true, portable: true }, [top]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real wheel (zip) with its .dist-info (METADATA, WHEEL, RECORD); `tag` e.g. py3-none-any. */
export function makeWheel(name: string, version: string, files: Record<string, string | Buffer>, tag = 'py3-none-any'): { filename: string; content: Buffer } {
  const dist = `${name.replace(/-/g, '_')}-${version}`;
  const all: Record<string, string | Buffer> = {
    ...files,
    [`${dist}.dist-info/METADATA`]: `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`,
    [`${dist}.dist-info/WHEEL`]: `Wheel-Version: 1.0\nGenerator: cert-tests\nRoot-Is-Purelib: ${tag.endsWith('none-any')}\nTag: ${tag}\n`,
  };
  all[`${dist}.dist-info/RECORD`] = [...Object.keys(all), `${dist}.dist-info/RECORD`].map((p) => `${p},,`).join('\n') + '\n';
  const content = buildZip(Object.entries(all).map(([n, data]) => ({ name: n, data: Buffer.isBuffer(data) ? data : Buffer.from(data), method: 'deflate' as const })));
  return { filename: `${dist}-${tag}.whl`, content };
}

/**
 * A PyPI sdist of `files` (paths under `<name>-1.0.0/`, with a minimal pyproject.toml) through the
 * analysis and the package review: its security level and the rule ids of its HIGH / CRITICAL findings.
 * (The analysis is loaded on first use: suites that only build archives do not load it.)
 */
export async function sdistLevel(files: Record<string, string>, name = 'acmetools'): Promise<{ level: string; high: string[] }> {
  const { analyzeArchive } = await import('../../shared/packages/analysis/index.js');
  const { packageVerdict, reviewPackage } = await import('../../shared/packages/lens/index.js');
  const root = `${name}-1.0.0`;
  const tgz = buildTgz([
    { path: `${root}/pyproject.toml`, data: `[project]\nname = "${name}"\nversion = "1.0.0"\n` },
    ...Object.entries(files).map(([p, data]) => ({ path: `${root}/${p}`, data })),
  ]);
  const analysis = await analyzeArchive(tgz, { kind: 'tgz', registry: 'pypi', registryHosts: [] });
  const v = packageVerdict(reviewPackage({ registry: 'pypi', name, version: '1.0.0', analysis, integrity: { ok: true, expected: '', actual: '' }, advisories: { status: 'ok', advisories: [] } }));
  return { level: v.securityLevel, high: analysis.findings.filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL').map((f) => f.ruleId) };
}
