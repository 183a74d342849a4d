/**
 * Real packages: popular, benign libraries must come out CLEAR or MONITORED, never CAUTION or
 * BLOCKED (on the 100 most-used npm packages naive rules fire often; a capability is not a threat).
 *
 * npm: tarballs come from the configured registry (NPM_REGISTRY_URL, else `npm config get
 * registry`), with their published integrity checked. PyPI is not reachable from here: the
 * sdist-like archives are built from the sources of the packages installed in the local Python
 * (`requests` and `boto3`; when they are not installed, from pip's vendored copy of requests).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeArchive, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import type { RegistrySource } from '../../shared/packages/types.js';
import { buildTgz, type TarEntryInput } from '../fixtures/archives/build.js';

function registryBase(): string {
  const env = process.env.NPM_REGISTRY_URL;
  const base = env && env.trim() !== '' ? env : execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return base.trim().replace(/\/+$/, '');
}

interface Fetched {
  buf: Buffer;
  integrity: { ok: boolean; expected: string; actual: string };
}

async function fetchTarball(name: string, version: string): Promise<Fetched> {
  const base = registryBase();
  const res = await fetch(`${base}/${encodeURIComponent(name)}`, { headers: { accept: 'application/vnd.npm.install-v1+json' }, signal: AbortSignal.timeout(60_000) });
  assert.ok(res.ok, `packument of ${name}: HTTP ${res.status}`);
  const doc = (await res.json()) as { versions: Record<string, { dist: { tarball: string; integrity?: string } }> };
  const dist = doc.versions[version]?.dist;
  assert.ok(dist, `${name}@${version} is not published`);
  const t = await fetch(dist.tarball, { signal: AbortSignal.timeout(120_000) });
  assert.ok(t.ok, `tarball of ${name}@${version}: HTTP ${t.status}`);
  const buf = Buffer.from(await t.arrayBuffer());
  const expected = (dist.integrity ?? '').split(/\s+/).find((s) => s.startsWith('sha512-')) ?? '';
  const actual = `sha512-${createHash('sha512').update(buf).digest('base64')}`;
  return { buf, integrity: { ok: expected !== '' && expected === actual, expected, actual } };
}

function verdictOf(registry: RegistrySource, name: string, version: string, analysis: ArchiveAnalysis, integrity: Fetched['integrity']) {
  const opinions = reviewPackage({ registry, name, version, analysis, integrity, advisories: { status: 'unknown', advisories: [] } });
  return { opinions, verdict: packageVerdict(opinions) };
}

function summary(a: ArchiveAnalysis): string {
  const worst = a.findings.filter((f) => f.severity !== 'INFO').slice(0, 5).map((f) => `${f.severity} ${f.ruleId} ${f.file}:${f.line ?? ''}`);
  return `${a.analysisType}, ${a.fileCount} files, capabilities [${a.capabilities.join(', ')}]${worst.length ? `; ${worst.join('; ')}` : ''}`;
}

const NPM_CASES: [string, string][] = [
  ['express', '5.1.0'],
  ['lodash', '4.17.21'],
  ['axios', '1.7.9'],
  ['webpack', '5.97.1'],
];

for (const [name, version] of NPM_CASES) {
  test(`npm ${name}@${version} from the registry is CLEAR or MONITORED`, async () => {
    const fetched = await fetchTarball(name, version);
    assert.ok(fetched.integrity.ok, `integrity of ${name}@${version}`);
    const analysis = await analyzeArchive(fetched.buf, { kind: 'tgz', registry: 'npm' });
    const { opinions, verdict } = verdictOf('npm', name, version, analysis, fetched.integrity);
    console.log(`  ${name}@${version}: ${verdict.securityLevel} (${opinions.map((o) => `${o.validatorKey} ${o.level}`).join(', ')}); ${summary(analysis)}`);
    assert.ok(['CLEAR', 'MONITORED'].includes(verdict.securityLevel), `${name}: ${verdict.securityLevel}\n${verdict.reasons.join('\n')}`);
    assert.is(verdict.councilVerdict, 'APPROVED');
    assert.ok(analysis.fileCount > 0);
    assert.match(analysis.fileSetHash, /^[0-9a-f]{64}$/);
  });
}

// ---------------------------------------------------------------------------------------------
// PyPI, from the local Python installation

interface PySource {
  name: string;
  version: string;
  dir: string;
  note: string;
}

function python(code: string): string | null {
  for (const exe of ['python3', 'python']) {
    try {
      return execFileSync(exe, ['-c', code], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 }).trim();
    } catch {
      /* next */
    }
  }
  return null;
}

function pySources(): PySource[] {
  const out: PySource[] = [];
  for (const name of ['requests', 'boto3']) {
    const r = python(`import ${name}, os; print(${name}.__version__); print(os.path.dirname(${name}.__file__))`);
    if (r) {
      const [version, dir] = r.split('\n');
      out.push({ name, version: version!, dir: dir!, note: `installed ${name}` });
    }
  }
  if (out.length === 0) {
    // Neither is installed: pip's own vendored copy of requests is benign pure Python too.
    const r = python('import pip._vendor.requests as r, os; print(r.__version__); print(os.path.dirname(r.__file__))');
    if (r) {
      const [version, dir] = r.split('\n');
      out.push({ name: 'requests', version: version!, dir: dir!, note: "pip's vendored requests (pip/_vendor/requests)" });
    }
  }
  return out;
}

/** An sdist-like .tar.gz: `<name>-<version>/<name>/...` plus PKG-INFO and a setup.py that only calls setuptools.setup. */
function sdistFrom(src: PySource): Buffer {
  const rootDir = `${src.name}-${src.version}`;
  const entries: TarEntryInput[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== '__pycache__') walk(p);
      } else if (e.isFile() && !e.name.endsWith('.pyc')) {
        entries.push({ path: `${rootDir}/${src.name}/${path.relative(src.dir, p).split(path.sep).join('/')}`, data: readFileSync(p) });
      }
    }
  };
  walk(src.dir);
  entries.push({ path: `${rootDir}/PKG-INFO`, data: `Metadata-Version: 2.1\nName: ${src.name}\nVersion: ${src.version}\n` });
  entries.push({
    path: `${rootDir}/setup.py`,
    data: `from setuptools import setup\n\nsetup(\n    name=${JSON.stringify(src.name)},\n    version=${JSON.stringify(src.version)},\n    packages=[${JSON.stringify(src.name)}],\n)\n`,
  });
  return buildTgz(entries);
}

test('PyPI sdists built from the local Python (requests, boto3) are CLEAR or MONITORED', async () => {
  const sources = pySources();
  assert.ok(sources.length > 0, 'no Python package found to build an sdist from');
  for (const src of sources) {
    const tgz = sdistFrom(src);
    const sha = createHash('sha256').update(tgz).digest('hex');
    const analysis = await analyzeArchive(tgz, { kind: 'tgz', registry: 'pypi' });
    const { opinions, verdict } = verdictOf('pypi', src.name, src.version, analysis, { ok: true, expected: sha, actual: sha });
    console.log(`  ${src.name} ${src.version} (${src.note}): ${verdict.securityLevel} (${opinions.map((o) => `${o.validatorKey} ${o.level}`).join(', ')}); ${summary(analysis)}`);
    assert.ok(['CLEAR', 'MONITORED'].includes(verdict.securityLevel), `${src.name}: ${verdict.securityLevel}\n${verdict.reasons.join('\n')}`);
    assert.equal(analysis.installScripts, [], 'the generated setup.py only declares metadata');
    assert.ok(analysis.fileCount > 3);
  }
});

test.run();
