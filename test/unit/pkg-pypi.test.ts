import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { PypiRegistry, reduceRequiresDist } from '../../shared/packages/registries/pypi.js';
import { NpmRegistry } from '../../shared/packages/registries/npm.js';
import { TooLargeError } from '../../shared/packages/registries/http.js';
import { isRefusal } from '../../shared/packages/registries/types.js';
import { expandGraph } from '../../shared/packages/resolve/graph.js';
import type { DeclaredDependency, ResolvedDependency } from '../../shared/packages/types.js';
import { startFakePypi, type FakePypiProjects, type FakeServer } from '../support/fake-registries.js';

const sdist = (name: string, v: string) => ({ filename: `${name}-${v}.tar.gz` });
const wheel = (name: string, v: string, tags = 'py3-none-any') => ({ filename: `${name.replace(/-/g, '_')}-${v}-${tags}.whl` });

const projects: FakePypiProjects = {
  Demo_Lib: {
    '1.3.0': { files: [sdist('demo_lib', '1.3.0')] },
    '1.4.0': { files: [sdist('demo_lib', '1.4.0')] },
    '1.4.5': { files: [sdist('demo_lib', '1.4.5'), wheel('demo_lib', '1.4.5')] },
    '1.5.0': { files: [sdist('demo_lib', '1.5.0')] },
    '2.0.0': { files: [sdist('demo_lib', '2.0.0')] },
    '2.1.0': { files: [sdist('demo_lib', '2.1.0')] },
    '2.2.0': { files: [{ ...sdist('demo_lib', '2.2.0'), yanked: true }, { ...wheel('demo_lib', '2.2.0'), yanked: true }] },
    '2.3.0': { files: [] },
    '3.0.0': { files: [sdist('demo_lib', '3.0.0')] },
    '3.1.0rc1': { files: [sdist('demo_lib', '3.1.0rc1')] },
    'legacy-build': { files: [sdist('demo_lib', 'legacy-build')] },
  },
  'sdist-pkg': {
    '1.0': {
      files: [
        { filename: 'sdist-pkg-1.0.zip' },
        wheel('sdist-pkg', '1.0', 'cp311-cp311-manylinux_2_17_x86_64'),
        { filename: 'sdist-pkg-1.0.tar.gz', content: 'the real sdist bytes '.repeat(100) },
      ],
      requires_dist: ['idna (<4,>=2.5)', 'PySocks!=1.5.7,>=1.5.6; extra == "socks"', 'charset_normalizer<4,>=2', 'six', 'importlib-metadata>=4.6; python_version < "3.10"', 'dep-a>=1'],
      vulnerabilities: [
        { id: 'PYSEC-2024-1', aliases: ['CVE-2024-0001', 'GHSA-aaaa-bbbb-cccc'], summary: 'Bad parsing', details: 'Long text', fixed_in: ['1.1'] },
        { id: 'PYSEC-2023-9', aliases: [], details: 'Withdrawn one', withdrawn: '2024-01-01T00:00:00Z' },
      ],
    },
  },
  // An sdist next to a pure-Python wheel: pip installs the wheel, no build runs.
  'both-pkg': { '1.0': { files: [sdist('both_pkg', '1.0'), wheel('both-pkg', '1.0', 'cp311-cp311-manylinux_2_17_x86_64'), wheel('both-pkg', '1.0')] } },
  'pure-pkg': {
    '1.0': { files: [wheel('pure-pkg', '1.0', 'cp311-cp311-win_amd64'), wheel('pure-pkg', '1.0', 'py3-none-any'), wheel('pure-pkg', '1.0', 'py2.py3-none-any')] },
  },
  'binary-pkg': {
    '1.0': { files: [wheel('binary-pkg', '1.0', 'cp312-cp312-manylinux_2_17_x86_64'), wheel('binary-pkg', '1.0', 'cp311-cp311-macosx_11_0_arm64')] },
  },
  'yanked-sdist': {
    '1.0': { files: [{ ...sdist('yanked-sdist', '1.0'), yanked: true }, wheel('yanked-sdist', '1.0')], vulnerabilities: [] },
  },
  // graph: sdist-pkg -> dep-a -> dep-b -> dep-c -> dep-d (L4, not expanded); other-root -> dep-b
  'dep-a': { '1.0': { files: [sdist('dep-a', '1.0')] }, '1.2': { files: [sdist('dep-a', '1.2')], requires_dist: ['dep-b', 'missing-x>=1', 'vcs-dep @ git+https://git.example/x.git'] } },
  'dep-b': { '2.0': { files: [sdist('dep-b', '2.0')], requires_dist: ['dep-c~=3.0'] } },
  'dep-c': { '3.0.1': { files: [sdist('dep-c', '3.0.1')], requires_dist: ['dep-d'] } },
  'dep-d': { '4.0': { files: [sdist('dep-d', '4.0')] } },
  idna: { '3.6': { files: [sdist('idna', '3.6')] } },
  'charset-normalizer': { '3.3.2': { files: [sdist('charset-normalizer', '3.3.2')] } },
  six: { '1.16.0': { files: [sdist('six', '1.16.0')] } },
  'importlib-metadata': { '7.0.0': { files: [sdist('importlib_metadata', '7.0.0')] } },
  'other-root': { '0.1': { files: [sdist('other-root', '0.1')], requires_dist: ['dep-b>=2'] } },
};

let fake: FakeServer;
let pypi: PypiRegistry;

test.before(async () => {
  fake = await startFakePypi(projects);
  pypi = new PypiRegistry({ baseUrl: fake.baseUrl, timeoutMs: 5000 });
});

test.after(async () => {
  await fake?.close();
});

const dep = (name: string, spec: string, extra: Partial<DeclaredDependency> = {}): DeclaredDependency => ({ registry: 'pypi', name, spec, manifestFile: 'requirements.txt', ...extra });

async function resolved(name: string, spec: string, extra: Partial<DeclaredDependency> = {}): Promise<string> {
  const r = await pypi.resolve(dep(name, spec, extra));
  return isRefusal(r) ? `refused:${r.code}` : `${r.version}/${r.resolvedFrom}`;
}

test('project(): releases map → installable versions, yanked and empty releases set apart', async () => {
  const p = await pypi.project('demo.lib');
  assert.is(p.name, 'demo-lib');
  assert.ok(p.versions.includes('2.1.0'));
  assert.not.ok(p.versions.includes('2.2.0'));
  assert.not.ok(p.versions.includes('2.3.0'));
  assert.equal(p.yanked, ['2.2.0']);
  const rel = await pypi.release('Demo_Lib', '2.1.0');
  assert.is(rel.info.version, '2.1.0');
  assert.ok(fake.requests.includes('/pypi/demo-lib/json'), 'requested by normalised name');
});

test('resolve: ranges, compatible release, pre-releases only when named, yanked ignored', async () => {
  assert.is(await resolved('demo-lib', '>=2.0,<3'), '2.1.0/range');
  assert.is(await resolved('demo-lib', '~=1.4'), '1.5.0/range');
  assert.is(await resolved('demo-lib', '~=1.4.0'), '1.4.5/range');
  assert.is(await resolved('demo-lib', '>=2'), '3.0.0/range');
  assert.is(await resolved('demo-lib', ''), '3.0.0/range', 'transitives with no specifier: newest final release');
  assert.is(await resolved('demo-lib', '>=3.1.0rc1'), '3.1.0rc1/range');
  assert.is(await resolved('demo-lib', '==3.1.0rc1'), '3.1.0rc1/exact');
  const r = await pypi.resolve(dep('demo-lib', '>3.0.0'));
  assert.ok(isRefusal(r) && r.code === 'no_matching_version');
  assert.match((r as { reason: string }).reason, /pre-release 3\.1\.0rc1/);
});

test('resolve: exact pins must exist; yanked exact pin refused; === and lockfile', async () => {
  assert.is(await resolved('demo-lib', '==2.1.0'), '2.1.0/exact');
  assert.is(await resolved('demo-lib', '==2.1'), '2.1.0/exact');
  assert.is(await resolved('demo-lib', '===2.1.0'), '2.1.0/exact');
  assert.is(await resolved('demo-lib', '===legacy-build'), 'legacy-build/exact', 'legacy versions only through ===');
  assert.is(await resolved('demo-lib', '==9.9'), 'refused:unknown_version');
  assert.is(await resolved('demo-lib', '==2.2.0'), 'refused:no_matching_version');
  assert.is(await resolved('demo-lib', '>=1', { lockedVersion: '1.3.0' }), '1.3.0/lockfile');
  assert.is(await resolved('demo-lib', '>=1', { lockedVersion: '2.2.0' }), 'refused:unknown_version');
  assert.is(await resolved('no-such-project', '==1.0'), 'refused:unknown_package');
  assert.is(await resolved('demo-lib', '>=abc!'), 'refused:invalid_spec');
  assert.is(await resolved('demo-lib', '@ git+https://git.example/demo.git'), 'refused:vcs_source');
  const down = new PypiRegistry({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
  assert.is(isRefusal(await down.resolve(dep('demo-lib', '==1.0'))) && (await down.resolve(dep('demo-lib', '==1.0')) as { code: string }).code, 'registry_unreachable');
});

test('distribution: what pip installs: a pure-Python wheel when published (no build runs), and the choice says so', async () => {
  const d = await pypi.distribution('both-pkg', '1.0');
  assert.is(d.kind, 'wheel');
  assert.is(d.filename, 'both_pkg-1.0-py3-none-any.whl');
  assert.is(d.binaryOnly, false);
  assert.match(d.choice, /pure-Python wheel/);
  assert.match(d.choice, /pip installs/);
});

test('distribution: no pure wheel → the sdist pip would build (.tar.gz first), digest verifies, byte cap', async () => {
  const d = await pypi.distribution('sdist-pkg', '1.0');
  assert.is(d.kind, 'sdist');
  assert.is(d.filename, 'sdist-pkg-1.0.tar.gz');
  assert.is(d.binaryOnly, false);
  assert.match(d.choice, /sdist/);
  assert.match(d.choice, /setup\.py|build/);
  assert.ok(d.url.startsWith(fake.baseUrl));
  assert.is(d.publishedDigest.algorithm, 'sha256');
  const body = await pypi.fetchFile(d, 1_000_000);
  assert.is(createHash('sha256').update(body).digest('hex'), d.publishedDigest.hex);
  assert.is(d.size, body.length);
  try {
    await pypi.fetchFile(d, 100);
    assert.unreachable('cap');
  } catch (err) {
    assert.instance(err, TooLargeError);
  }
  assert.equal(d.dependencies, { idna: '<4,>=2.5', 'charset-normalizer': '<4,>=2', six: '', 'importlib-metadata': '>=4.6', 'dep-a': '>=1' });
});

test('distribution: wheel-only → pure wheel; binary-only → binaryOnly; yanked sdist skipped', async () => {
  const pure = await pypi.distribution('pure-pkg', '1.0');
  assert.is(pure.kind, 'wheel');
  assert.match(pure.filename, /-none-any\.whl$/);
  assert.is(pure.filename, 'pure_pkg-1.0-py2.py3-none-any.whl');
  assert.is(pure.binaryOnly, false);
  assert.match(pure.choice, /pure-Python wheel/);
  const bin = await pypi.distribution('binary-pkg', '1.0');
  assert.is(bin.binaryOnly, true);
  assert.is(bin.filename, 'binary_pkg-1.0-cp311-cp311-macosx_11_0_arm64.whl');
  assert.match(bin.choice, /only compiled wheels/);
  const y = await pypi.distribution('yanked-sdist', '1.0');
  assert.is(y.kind, 'wheel');
  assert.equal(reduceRequiresDist(null), {});
});

test('advisories: vulnerabilities parsed, withdrawn dropped; no list → unknown', async () => {
  const snap = await pypi.advisories('sdist-pkg', '1.0');
  assert.is(snap.status, 'ok');
  assert.is(snap.advisories.length, 1);
  const a = snap.advisories[0];
  assert.is(a.id, 'PYSEC-2024-1');
  assert.is(a.source, 'pypi');
  assert.is(a.title, 'Bad parsing');
  assert.is(a.severity, 'unknown');
  assert.equal(a.aliases, ['CVE-2024-0001', 'GHSA-aaaa-bbbb-cccc']);
  assert.equal(a.fixedIn, ['1.1']);
  const clean = await pypi.advisories('yanked-sdist', '1.0');
  assert.is(clean.status, 'ok');
  assert.is(clean.advisories.length, 0);
  const missing = await pypi.advisories('sdist-pkg', '9.9');
  assert.is(missing.status, 'unknown');
});

test('advisories: server down → status unknown with the error, never an empty ok list', async () => {
  const tmp = await startFakePypi({ x: { '1.0': { files: [sdist('x', '1.0')] } } });
  const base = tmp.baseUrl;
  await tmp.close();
  const snap = await new PypiRegistry({ baseUrl: base, timeoutMs: 2000 }).advisories('x', '1.0');
  assert.is(snap.status, 'unknown');
  assert.is(snap.advisories.length, 0);
  assert.ok(snap.error && snap.error.length > 0);
});

test('graph: BFS levels L1..L3, via/path/viaAll, unresolved, cap disclosure', async () => {
  const direct: ResolvedDependency[] = [
    { ...dep('sdist-pkg', '==1.0'), version: '1.0', resolvedFrom: 'exact' },
    { ...dep('other-root', '==0.1'), version: '0.1', resolvedFrom: 'exact' },
  ];
  // npm client is not used here: a base nobody listens on.
  const clients = { npm: new NpmRegistry({ baseUrl: 'http://127.0.0.1:9' }), pypi };
  const g = await expandGraph(direct, clients, { maxDepth: 3, transitiveCap: 100 });
  const by = Object.fromEntries(g.nodes.map((n) => [n.name, n]));
  assert.is(by['dep-a'].level, 1);
  assert.is(by['dep-a'].version, '1.2');
  assert.is(by['dep-b'].level, 1, 'shallowest level wins (other-root pulls dep-b directly)');
  assert.is(by['dep-b'].via, 'other-root@0.1');
  assert.equal(by['dep-b'].viaAll.sort(), ['other-root@0.1', 'sdist-pkg@1.0']);
  assert.is(by['dep-c'].level, 2);
  assert.equal(by['dep-c'].path, ['other-root@0.1', 'dep-b@2.0', 'dep-c@3.0.1']);
  assert.equal(by['dep-c'].viaAll.sort(), ['other-root@0.1', 'sdist-pkg@1.0'], 'attribution propagates through shared subtrees');
  assert.is(by['dep-d'].level, 3);
  assert.is(by['idna'].level, 1);
  assert.equal(by['idna'].path, ['sdist-pkg@1.0', 'idna@3.6']);
  assert.is(g.nodes.filter((n) => n.name === 'dep-b').length, 1);
  const un = Object.fromEntries(g.unresolved.map((u) => [u.refusal.name, u]));
  assert.is(un['missing-x'].refusal.code, 'unknown_package');
  assert.is(un['missing-x'].level, 2);
  assert.is(un['missing-x'].parent, 'dep-a@1.2');
  assert.is(un['vcs-dep'].refusal.code, 'vcs_source');
  assert.is(g.uncertifiedBeyondCap.length, 0);

  const capped = await expandGraph(direct, clients, { maxDepth: 3, transitiveCap: 2 });
  assert.is(capped.nodes.length, 2);
  assert.is(capped.nodes.length + capped.uncertifiedBeyondCap.length, g.nodes.length);
  assert.equal([...capped.nodes, ...capped.uncertifiedBeyondCap].map((n) => n.name), g.nodes.map((n) => n.name), 'BFS order kept');
  const shallow = await expandGraph(direct, clients, { maxDepth: 1, transitiveCap: 100 });
  assert.ok(shallow.nodes.every((n) => n.level === 1));
});

test.run();
