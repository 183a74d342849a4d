import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRequirementsTxt, parsePep508, normalizePypiName } from '../../shared/packages/manifests/requirements.js';
import { parsePackageJson, classifyNpmSpec, flowNesting, readLockfile, stripPnpmPeerSuffix } from '../../shared/packages/manifests/package-json.js';
import type { Refusal, RefusalCode } from '../../shared/packages/types.js';

// Stand-in registry bases: parsing never touches the network.
const PUBLIC = 'https://public-registry.example/';
const PRIVATE = 'https://npm.corp.example/';

const codeOf = (refusals: Refusal[], name: string): RefusalCode | undefined => refusals.find((r) => r.name === name)?.code;

// ---------- requirements.txt ----------

test('requirements: PEP 508 lines, comments, continuations, markers, extras, PEP 503 names', () => {
  const txt = [
    '# a comment',
    '',
    'Requests==2.31.0   # trailing comment',
    'Flask_SQLAlchemy >= 3.0, < 4',
    'urllib3[socks,secure]~=2.0 ; python_version >= "3.8"',
    'zope.interface \\',
    '    ==6.1',
    'idna (>=3.4,<4)',
    'typing-extensions===4.8.0',
    'six==1.16.0 --hash=sha256:8abb2f1d86890a2dfb989f9a77cfcfd3e47c2a354b01111771326f8aa26e0254',
    'pysocks>=1.7; extra == "socks"',
    '--pre',
  ].join('\n');
  const { deps, refusals, warnings } = parseRequirementsTxt(txt);
  assert.equal(refusals, []);
  assert.equal(
    deps.map((d) => [d.name, d.spec]),
    [
      ['requests', '==2.31.0'],
      ['flask-sqlalchemy', '>=3.0,<4'],
      ['urllib3', '~=2.0'],
      ['zope-interface', '==6.1'],
      ['idna', '>=3.4,<4'],
      ['typing-extensions', '===4.8.0'],
      ['six', '==1.16.0'],
    ],
  );
  assert.ok(deps.every((d) => d.registry === 'pypi' && d.manifestFile === 'requirements.txt'));
  assert.ok(warnings.some((w) => w.includes('extra')));
  assert.is(normalizePypiName('Foo__Bar..baz'), 'foo-bar-baz');
  const r = parsePep508('PySocks!=1.5.7,>=1.5.6; extra == "socks"');
  assert.ok(!('error' in r) && r.name === 'pysocks' && r.spec === '!=1.5.7,>=1.5.6' && r.marker === 'extra == "socks"');
});

test('requirements: wildcard (no specifier, ==1.*), invalid specifier', () => {
  const { deps, refusals } = parseRequirementsTxt('requests\nnumpy==1.*\npandas>=abc!\nDjango=3\n', 'req/prod.txt');
  assert.is(deps.length, 0);
  assert.is(codeOf(refusals, 'requests'), 'wildcard');
  assert.match(refusals.find((r) => r.name === 'requests')!.reason, /pin a version or a range/);
  assert.is(codeOf(refusals, 'numpy'), 'wildcard');
  assert.is(codeOf(refusals, 'pandas'), 'invalid_spec');
  assert.is(codeOf(refusals, 'django'), 'invalid_spec');
  assert.ok(refusals.every((r) => r.manifestFile === 'req/prod.txt' && r.registry === 'pypi'));
  assert.match(refusals[0].reason, /req\/prod\.txt line 1/);
});

test('requirements: VCS, URL and local sources', () => {
  const txt = [
    '-e git+https://github.com/org/tool.git@v1.0#egg=tool',
    'git+https://github.com/org/other.git',
    'mylib @ git+https://github.com/org/mylib.git@main',
    'pkg @ https://files.example/pkg-1.0.tar.gz',
    'https://files.example/wheelie-2.0-py3-none-any.whl',
    './vendor/localpkg',
    '-e .',
    'dist/thing-1.0.tar.gz',
    'fpkg @ file:///opt/fpkg',
  ].join('\n');
  const { deps, refusals } = parseRequirementsTxt(txt);
  assert.is(deps.length, 0);
  assert.is(codeOf(refusals, 'tool'), 'vcs_source');
  assert.is(codeOf(refusals, 'other'), 'vcs_source');
  assert.is(codeOf(refusals, 'mylib'), 'vcs_source');
  assert.is(codeOf(refusals, 'pkg'), 'url_source');
  assert.is(codeOf(refusals, 'wheelie'), 'url_source');
  assert.is(codeOf(refusals, 'localpkg'), 'file_source');
  assert.is(codeOf(refusals, 'thing'), 'file_source');
  assert.is(codeOf(refusals, 'fpkg'), 'file_source');
  assert.is(refusals.filter((r) => r.code === 'file_source').length, 4); // includes `-e .`
});

test('requirements: --index-url / --extra-index-url / -i refuse every dependency as private_registry', () => {
  for (const opt of ['--index-url https://pkgs.corp.example/simple', '--extra-index-url=https://pkgs.corp.example/simple', '-i https://pkgs.corp.example/simple']) {
    const { deps, refusals } = parseRequirementsTxt(`requests==2.31.0\n${opt}\nflask>=3,<4\nnumpy\n`);
    assert.is(deps.length, 0, opt);
    for (const n of ['requests', 'flask', 'numpy']) assert.ok(refusals.some((r) => r.name === n && r.code === 'private_registry'), `${opt} ${n}`);
    const name = opt.split(/[\s=]/)[0];
    assert.ok(refusals.filter((r) => r.code === 'private_registry').every((r) => r.reason.includes(name)), opt);
    assert.is(codeOf(refusals.filter((r) => r.code !== 'private_registry'), 'numpy'), 'wildcard');
  }
  // The configured public index is not a private registry.
  const ok = parseRequirementsTxt('--index-url https://public-index.example/simple/\nrequests==2.31.0\n', 'requirements.txt', { publicIndexUrls: ['https://public-index.example/simple'] });
  assert.is(ok.deps.length, 1);
  assert.is(ok.refusals.length, 0);
});

test('requirements: -r / -c includes are out of scope (invalid_spec)', () => {
  const { deps, refusals } = parseRequirementsTxt('-r base.txt\n--requirement=more.txt\n-c constraints.txt\nrequests==2.0.0\n');
  assert.is(deps.length, 1);
  assert.equal(refusals.map((r) => [r.name, r.code]), [
    ['base.txt', 'invalid_spec'],
    ['more.txt', 'invalid_spec'],
    ['constraints.txt', 'invalid_spec'],
  ]);
});

// ---------- package.json ----------

test('package.json: runtime dependencies + optionalDependencies, devDependencies ignored', () => {
  const pj = JSON.stringify({
    name: 'skill',
    dependencies: { express: '^4.18.0', ms: '2.1.3', '@types/ms': '~0.7.0', both: '^1.0.0' },
    optionalDependencies: { fsevents: '^2.3.0', both: '^2.0.0' },
    devDependencies: { typescript: '*' },
    peerDependencies: { react: 'latest' },
  });
  const { deps, refusals } = parsePackageJson(pj);
  assert.equal(refusals, []);
  assert.equal(
    deps.map((d) => [d.name, d.spec]),
    [
      ['express', '^4.18.0'],
      ['ms', '2.1.3'],
      ['@types/ms', '~0.7.0'],
      ['both', '^2.0.0'],
      ['fsevents', '^2.3.0'],
    ],
  );
  assert.ok(deps.every((d) => d.registry === 'npm' && d.manifestFile === 'package.json' && d.lockedVersion === undefined));
});

test('package.json: every refusal code from specs', () => {
  const pj = JSON.stringify({
    dependencies: {
      a: '*',
      b: 'x',
      c: '',
      d: 'latest',
      e: 'next',
      f: 'git+https://github.com/u/f.git#v1',
      g: 'github:user/g',
      h: 'user/h',
      i: 'https://files.example/i-1.0.0.tgz',
      j: 'file:../j',
      k: 'link:../k',
      l: 'workspace:*',
      m: 'npm:other@1',
      n: '>=0.0.0',
      o: 'not a range!',
      'Bad Name': '1.0.0',
      p: 1,
      q: 'git@github.com:u/q.git',
      r: './r.tgz',
    },
  });
  const { deps, refusals } = parsePackageJson(pj);
  assert.is(deps.length, 0);
  const expect: Record<string, RefusalCode> = {
    a: 'wildcard',
    b: 'wildcard',
    c: 'wildcard',
    d: 'floating_tag',
    e: 'floating_tag',
    f: 'vcs_source',
    g: 'vcs_source',
    h: 'vcs_source',
    i: 'url_source',
    j: 'file_source',
    k: 'file_source',
    l: 'file_source',
    m: 'other_registry',
    n: 'wildcard',
    o: 'invalid_spec',
    'Bad Name': 'invalid_spec',
    p: 'invalid_spec',
    q: 'vcs_source',
    r: 'file_source',
  };
  for (const [n, c] of Object.entries(expect)) assert.is(codeOf(refusals, n), c, n);
  assert.match(refusals.find((r) => r.name === 'm')!.reason, /other/);
  assert.ok(refusals.every((r) => r.reason.length > 10 && r.registry === 'npm'));
  assert.ok(classifyNpmSpec('x', '1.x').ok, '1.x is a range');
  assert.ok(classifyNpmSpec('x', '>=1.2.0 <2').ok);
});

test('package.json: invalid JSON throws a clear Error', () => {
  assert.throws(() => parsePackageJson('{"dependencies": {'), /package\.json is not valid JSON/);
  assert.throws(() => parsePackageJson('[1,2]'), /must be a JSON object/);
  assert.throws(() => parsePackageJson('{"dependencies": ["a"]}'), /dependencies/);
  assert.throws(() => parsePackageJson('{"dependencies": {}}', { file: 'package-lock.json', content: '{oops' }), /package-lock\.json is not valid JSON/);
});

// ---------- lockfiles ----------

const pj = JSON.stringify({ dependencies: { ms: '^2.1.0', debug: '^4.3.0', '@types/ms': '^0.7.0', stale: '^2.0.0', missing: '^1.0.0' } });
const tgz = (base: string, name: string, v: string) => `${base}${name}/-/${name.split('/').pop()}-${v}.tgz`;

test('lockfile: package-lock v1 (dependencies map)', () => {
  const lock = JSON.stringify({
    lockfileVersion: 1,
    dependencies: {
      ms: { version: '2.1.3', resolved: tgz(PUBLIC, 'ms', '2.1.3'), integrity: 'sha512-AAAA' },
      debug: { version: '4.3.4', resolved: tgz(PUBLIC, 'debug', '4.3.4'), integrity: 'sha512-BBBB' },
      '@types/ms': { version: '0.7.34', resolved: tgz(PUBLIC, '@types/ms', '0.7.34'), integrity: 'sha512-CCCC' },
      stale: { version: '1.0.0', resolved: tgz(PUBLIC, 'stale', '1.0.0') },
    },
  });
  const { deps, refusals, warnings } = parsePackageJson(pj, { file: 'package-lock.json', content: lock }, { registryBase: PUBLIC });
  assert.equal(refusals, []);
  const by = Object.fromEntries(deps.map((d) => [d.name, d]));
  assert.is(by.ms.lockedVersion, '2.1.3');
  assert.is(by.ms.lockedIntegrity, 'sha512-AAAA');
  assert.is(by['@types/ms'].lockedVersion, '0.7.34');
  assert.is(by.stale.lockedVersion, undefined, 'lock disagreeing with the spec is not used');
  assert.is(by.missing.lockedVersion, undefined);
  assert.ok(warnings.some((w) => w.includes('stale')));
});

test('lockfile: package-lock v2/v3 (packages["node_modules/<name>"]) and private registry', () => {
  for (const lockfileVersion of [2, 3]) {
    const lock = JSON.stringify({
      lockfileVersion,
      packages: {
        '': { name: 'skill', dependencies: {} },
        'node_modules/ms': { version: '2.1.2', resolved: tgz(PUBLIC, 'ms', '2.1.2'), integrity: 'sha512-MS' },
        'node_modules/debug': { version: '4.3.4', resolved: tgz(PRIVATE, 'debug', '4.3.4'), integrity: 'sha512-DD' },
        'node_modules/debug/node_modules/ms': { version: '2.1.3' },
        'node_modules/@types/ms': { version: '0.7.34', resolved: tgz(PUBLIC.replace('https:', 'http:'), '@types/ms', '0.7.34'), integrity: 'sha512-T' },
      },
    });
    const { deps, refusals } = parsePackageJson(pj, { file: 'package-lock.json', content: lock }, { registryBase: PUBLIC });
    const by = Object.fromEntries(deps.map((d) => [d.name, d]));
    assert.is(by.ms.lockedVersion, '2.1.2');
    assert.is(by.ms.lockedIntegrity, 'sha512-MS');
    assert.is(by['@types/ms'].lockedVersion, '0.7.34');
    assert.is(codeOf(refusals, 'debug'), 'private_registry');
    assert.match(refusals.find((r) => r.name === 'debug')!.reason, /npm\.corp\.example/);
  }
  const links = JSON.stringify({
    lockfileVersion: 3,
    packages: {
      'node_modules/ms': { resolved: '../ms', link: true },
      'node_modules/debug': { version: '4.3.4', resolved: 'git+ssh://git@github.com/debug-js/debug.git#abc' },
    },
  });
  const r2 = parsePackageJson(pj, { file: 'package-lock.json', content: links }, { registryBase: PUBLIC });
  assert.is(codeOf(r2.refusals, 'ms'), 'file_source');
  assert.is(codeOf(r2.refusals, 'debug'), 'vcs_source');
});

test('lockfile: pnpm-lock v9 with peer suffix and integrity from packages', () => {
  const lock = [
    "lockfileVersion: '9.0'",
    'settings:',
    '  autoInstallPeers: true',
    'importers:',
    '  .:',
    '    dependencies:',
    '      ms:',
    '        specifier: ^2.1.0',
    '        version: 2.1.3',
    '      debug:',
    '        specifier: ^4.3.0',
    '        version: 4.3.4(supports-color@8.1.1)',
    "      '@types/ms':",
    '        specifier: ^0.7.0',
    '        version: 0.7.34',
    '    devDependencies:',
    '      typescript:',
    '        specifier: ^5.0.0',
    '        version: 5.4.5',
    '  packages/sub:',
    '    dependencies:',
    '      stale:',
    '        specifier: ^2.0.0',
    '        version: 2.0.1',
    'packages:',
    '  ms@2.1.3:',
    '    resolution: {integrity: sha512-MSMS}',
    '  debug@4.3.4:',
    '    resolution: {integrity: sha512-DEBUG}',
    "  '@types/ms@0.7.34':",
    `    resolution: {integrity: sha512-TYPES, tarball: ${tgz(PRIVATE, '@types/ms', '0.7.34')}}`,
    'snapshots:',
    '  ms@2.1.3: {}',
  ].join('\n');
  const { deps, refusals } = parsePackageJson(pj, { file: 'pnpm-lock.yaml', content: lock }, { registryBase: PUBLIC });
  const by = Object.fromEntries(deps.map((d) => [d.name, d]));
  assert.is(by.ms.lockedVersion, '2.1.3');
  assert.is(by.ms.lockedIntegrity, 'sha512-MSMS');
  assert.is(by.debug.lockedVersion, '4.3.4');
  assert.is(by.debug.lockedIntegrity, 'sha512-DEBUG');
  assert.is(by.stale.lockedVersion, undefined, 'only the root importer counts');
  assert.is(codeOf(refusals, '@types/ms'), 'private_registry');
  assert.is(stripPnpmPeerSuffix('1.2.3(react@18.0.0)(react-dom@18.0.0)'), '1.2.3');
  assert.is(stripPnpmPeerSuffix('1.2.3_react@18.0.0'), '1.2.3');

  const links = ["lockfileVersion: '9.0'", 'importers:', '  .:', '    dependencies:', '      ms:', '        specifier: ^2.1.0', '        version: link:../ms', '      debug:', '        specifier: ^4.3.0', '        version: other-debug@4.3.4'].join('\n');
  const r2 = parsePackageJson(pj, { file: 'pnpm-lock.yaml', content: links }, { registryBase: PUBLIC });
  assert.is(codeOf(r2.refusals, 'ms'), 'file_source');
  assert.is(codeOf(r2.refusals, 'debug'), 'other_registry');
  assert.is(readLockfile('pnpm-lock.yaml', links).get('ms')?.version, 'link:../ms');
});

test('deeply nested dependency files are refused with a clean message, never an engine error text', () => {
  const pj = JSON.stringify({ name: 'x', dependencies: { 'is-number': '7.0.0' } });
  const deepJson = '{"name":"x","config":' + '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) + '}';
  assert.throws(() => parsePackageJson(deepJson), /package\.json is nested more than 64 levels deep/);
  assert.throws(() => readLockfile('pnpm-lock.yaml', 'a: ' + '['.repeat(5000) + ']'.repeat(5000) + '\n'), /nested more than 64 levels deep/);
  // Block-style YAML nests by indentation, which the bracket count does not see: the parser's stack
  // overflow is still reported as a clean message.
  const block = Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n';
  let msg = '';
  try {
    readLockfile('pnpm-lock.yaml', block);
  } catch (e) {
    msg = (e as Error).message;
  }
  assert.not.match(msg, /call stack|RangeError/);
  // Brackets inside strings do not count; an ordinary lockfile passes.
  assert.is(flowNesting('{"a": "[[[[[[[[[[", "b": [1, {"c": 2}]}'), 3);
  assert.is(parsePackageJson(pj).deps.length, 1);
});

test.run();
