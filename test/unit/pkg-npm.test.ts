import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NpmRegistry, npmPackagePath } from '../../shared/packages/registries/npm.js';
import { PypiRegistry } from '../../shared/packages/registries/pypi.js';
import { TooLargeError } from '../../shared/packages/registries/http.js';
import { isRefusal } from '../../shared/packages/registries/types.js';
import { expandGraph } from '../../shared/packages/resolve/graph.js';
import type { DeclaredDependency, ResolvedDependency } from '../../shared/packages/types.js';
import { startFakeNpmAdvisories } from '../support/fake-registries.js';

/** The npm registry base comes from configuration only. */
const BASE = (process.env.NPM_REGISTRY_URL ?? execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()).replace(/\/+$/, '');

const npm = new NpmRegistry({ baseUrl: BASE, timeoutMs: 20_000 });
const dep = (name: string, spec: string, extra: Partial<DeclaredDependency> = {}): DeclaredDependency => ({ registry: 'npm', name, spec, manifestFile: 'package.json', ...extra });

test('resolve against the real registry: range, exact, unknown package, unknown version', async () => {
  const [range, exact, unknownPkg, unknownVer, none] = await Promise.all([
    npm.resolve(dep('is-number', '^7.0.0')),
    npm.resolve(dep('ms', '2.1.3')),
    npm.resolve(dep('zz-cert-test-no-such-package-5b1e9c', '^1.0.0')),
    npm.resolve(dep('is-number', '99.0.0')),
    npm.resolve(dep('is-number', '>=99')),
  ]);
  assert.ok(!isRefusal(range) && range.version === '7.0.0' && range.resolvedFrom === 'range');
  assert.ok(!isRefusal(exact) && exact.version === '2.1.3' && exact.resolvedFrom === 'exact');
  assert.ok(isRefusal(unknownPkg) && unknownPkg.code === 'unknown_package');
  assert.ok(isRefusal(unknownVer) && unknownVer.code === 'unknown_version');
  assert.ok(isRefusal(none) && none.code === 'no_matching_version');
  const locked = await npm.resolve(dep('is-number', '^7.0.0', { lockedVersion: '7.0.0' }));
  assert.ok(!isRefusal(locked) && locked.resolvedFrom === 'lockfile');
  const badLock = await npm.resolve(dep('is-number', '^7.0.0', { lockedVersion: '7.9.9' }));
  assert.ok(isRefusal(badLock) && badLock.code === 'unknown_version');
  const git = await npm.resolve(dep('x', 'github:user/x'));
  assert.ok(isRefusal(git) && git.code === 'vcs_source');
});

test('distribution of is-number@7.0.0: tarball under the configured base, sha512 verifies, byte cap', async () => {
  const d = await npm.distribution('is-number', '7.0.0');
  assert.ok(d.url.startsWith(`${BASE}/`), d.url);
  assert.is(d.url, `${BASE}/is-number/-/is-number-7.0.0.tgz`);
  assert.is(d.kind, 'npm-tarball');
  assert.is(d.publishedDigest.algorithm, 'sha512');
  const body = await npm.fetchTarball(d, 5_000_000);
  assert.is(createHash('sha512').update(body).digest('hex'), d.publishedDigest.hex);
  try {
    await npm.fetchTarball(d, 1000);
    assert.unreachable('cap');
  } catch (err) {
    assert.instance(err, TooLargeError);
  }
});

test('a lockfile integrity that is not the published digest is refused; the same digest, or one not comparable, is accepted', async () => {
  const published = (await npm.packument('is-number')).versions['7.0.0']!.dist!;
  const sha512 = published.integrity!;
  const flipped = `sha512-${Buffer.from(Buffer.from(sha512.slice(7), 'base64').map((b, i) => (i === 0 ? b ^ 1 : b))).toString('base64')}`;
  const sha1 = `sha1-${Buffer.from(published.shasum!, 'hex').toString('base64')}`;
  const lock = (lockedIntegrity: string) => npm.resolve(dep('is-number', '^7.0.0', { lockedVersion: '7.0.0', lockedIntegrity }));
  const ok = await lock(sha512);
  assert.ok(!isRefusal(ok) && ok.version === '7.0.0' && ok.resolvedFrom === 'lockfile');
  const bad = await lock(flipped);
  assert.ok(isRefusal(bad) && bad.code === 'lockfile_integrity_mismatch', JSON.stringify(bad));
  assert.match((bad as { reason: string }).reason, /is-number@7\.0\.0/);
  assert.ok(!isRefusal(await lock(sha1)), 'an old lock with the sha1 the registry also publishes');
  assert.ok(isRefusal(await lock(`sha1-${Buffer.alloc(20, 7).toString('base64')}`)), 'a wrong sha1');
  assert.ok(!isRefusal(await lock(`sha384-${Buffer.alloc(48, 7).toString('base64')}`)), 'nothing to compare it with');
});

test('scoped package name encoding (@types/ms)', async () => {
  assert.is(npmPackagePath('@types/ms'), '@types%2fms');
  assert.is(npm.packumentUrl('@types/ms'), `${BASE}/@types%2fms`);
  const r = await npm.resolve(dep('@types/ms', '^0.7.31'));
  assert.ok(!isRefusal(r), JSON.stringify(r));
  const d = await npm.distribution('@types/ms', (r as ResolvedDependency).version);
  assert.match(d.url, new RegExp(`^${BASE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/@types/ms/-/ms-0\\.7\\.\\d+\\.tgz$`));
  const body = await npm.fetchTarball(d, 1_000_000);
  assert.is(createHash(d.publishedDigest.algorithm).update(body).digest('hex'), d.publishedDigest.hex);
});

test('tarball URL is rewritten to the configured base even when the packument names another host', async () => {
  const packument = {
    name: 'fake-pkg',
    'dist-tags': { latest: '1.0.0' },
    versions: {
      '1.0.0': {
        name: 'fake-pkg',
        version: '1.0.0',
        dependencies: { a: '^1' },
        optionalDependencies: { b: '~2.0.0' },
        dist: { shasum: 'a'.repeat(40), tarball: 'https://elsewhere.example/fake-pkg/-/fake-pkg-1.0.0.tgz' },
      },
      '2.0.0-beta.1': { name: 'fake-pkg', version: '2.0.0-beta.1', dist: { shasum: 'b'.repeat(40) } },
    },
  };
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/fake-pkg' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(req.url === '/fake-pkg' ? JSON.stringify(packument) : '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const local = new NpmRegistry({ baseUrl: `${base}/` });
    const d = await local.distribution('fake-pkg', '1.0.0');
    assert.is(d.url, `${base}/fake-pkg/-/fake-pkg-1.0.0.tgz`);
    assert.equal(d.publishedDigest, { algorithm: 'sha1', hex: 'a'.repeat(40) });
    assert.equal(d.dependencies, { a: '^1', b: '~2.0.0' });
    const tag = await local.resolve(dep('fake-pkg', 'latest'));
    assert.ok(!isRefusal(tag) && tag.version === '1.0.0');
    const noPre = await local.resolve(dep('fake-pkg', '>=1'));
    assert.ok(!isRefusal(noPre) && noPre.version === '1.0.0', 'pre-releases only when the range names one');
    const pre = await local.resolve(dep('fake-pkg', '>=2.0.0-beta.0'));
    assert.ok(!isRefusal(pre) && pre.version === '2.0.0-beta.1');
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

test('advisories: the real base answers non-2xx → every key unknown', async () => {
  const snaps = await npm.advisories({ ms: ['2.1.3'], 'is-number': ['7.0.0', '6.0.0'] });
  assert.equal([...snaps.keys()].sort(), ['is-number@6.0.0', 'is-number@7.0.0', 'ms@2.1.3']);
  for (const s of snaps.values()) {
    assert.is(s.status, 'unknown');
    assert.is(s.advisories.length, 0);
    assert.ok(s.error);
  }
});

test('advisories: local bulk endpoint, gzipped JSON body, filtered by version', async () => {
  const fake = await startFakeNpmAdvisories({
    minimist: [
      { id: 1179, url: 'https://github.com/advisories/GHSA-vh95-rmgr-6w4m', title: 'Prototype Pollution', severity: 'moderate', vulnerable_versions: '<0.2.1', cwe: ['CWE-1321'], cvss: { score: 5.6, vectorString: 'CVSS:3.1/AV:N' } },
      { id: 1180, url: 'https://github.com/advisories/GHSA-xvch-5gv4-984h', title: 'Prototype Pollution 2', severity: 'critical', vulnerable_versions: '>=1.0.0 <1.2.6' },
    ],
  });
  try {
    const client = new NpmRegistry({ baseUrl: BASE, advisoryUrl: `${fake.baseUrl}/-/npm/v1/security/advisories/bulk` });
    const snaps = await client.advisories({ minimist: ['0.0.8', '1.2.5', '1.2.8'], ms: ['2.1.3'] });
    const got = fake.received[0];
    assert.is(got.method, 'POST');
    assert.is(got.headers['content-encoding'], 'gzip');
    assert.ok(got.gzipped, 'request body is gzipped JSON');
    assert.equal(got.json, { minimist: ['0.0.8', '1.2.5', '1.2.8'], ms: ['2.1.3'] });
    assert.equal(snaps.get('minimist@0.0.8')!.advisories.map((a) => a.id), ['1179']);
    const a = snaps.get('minimist@1.2.5')!.advisories;
    assert.equal(a.map((x) => [x.id, x.severity]), [['1180', 'critical']]);
    assert.equal(a[0].aliases, ['GHSA-xvch-5gv4-984h']);
    assert.is(snaps.get('minimist@1.2.8')!.status, 'ok');
    assert.is(snaps.get('minimist@1.2.8')!.advisories.length, 0);
    assert.is(snaps.get('ms@2.1.3')!.status, 'ok');
    const first = snaps.get('minimist@0.0.8')!.advisories[0] as unknown as { cwe: string[]; cvss: { score: number } };
    assert.equal(first.cwe, ['CWE-1321']);
    assert.is(first.cvss.score, 5.6);
  } finally {
    await fake.close();
  }
  const slow = await startFakeNpmAdvisories({}, { delayMs: 2000 });
  try {
    const client = new NpmRegistry({ baseUrl: BASE, advisoryUrl: `${slow.baseUrl}/-/npm/v1/security/advisories/bulk`, timeoutMs: 200 });
    const snaps = await client.advisories({ ms: ['2.1.3'] });
    assert.is(snaps.get('ms@2.1.3')!.status, 'unknown');
    assert.match(snaps.get('ms@2.1.3')!.error!, /timed out/);
  } finally {
    await slow.close();
  }
});

test('graph: debug@4.3.4 pulls ms at L1 with via and path', async () => {
  const direct = await npm.resolve(dep('debug', '4.3.4'));
  assert.ok(!isRefusal(direct));
  const g = await expandGraph([direct as ResolvedDependency], { npm, pypi: new PypiRegistry({ baseUrl: 'http://127.0.0.1:9' }) }, { maxDepth: 3, transitiveCap: 10 });
  const ms = g.nodes.find((n) => n.name === 'ms');
  assert.ok(ms, JSON.stringify(g));
  assert.is(ms!.level, 1);
  assert.is(ms!.version, '2.1.2');
  assert.is(ms!.via, 'debug@4.3.4');
  assert.equal(ms!.viaAll, ['debug@4.3.4']);
  assert.equal(ms!.path, ['debug@4.3.4', 'ms@2.1.2']);
  assert.is(g.unresolved.length, 0);
  assert.is(g.uncertifiedBeyondCap.length, 0);
  const capped = await expandGraph([direct as ResolvedDependency], { npm, pypi: new PypiRegistry({ baseUrl: 'http://127.0.0.1:9' }) }, { maxDepth: 3, transitiveCap: 0 });
  assert.is(capped.nodes.length, 0);
  assert.equal(capped.uncertifiedBeyondCap.map((n) => `${n.name}@${n.version}`), ['ms@2.1.2']);
});

test.run();
