/**
 * Python code that runs at import is the module's top-level code and what it reaches; a function
 * body nothing run at import (or at install) calls runs only when a user calls it
 * (python/reach.ts, roles.ts `namesTakenByRunning`).
 *
 * Real case: nodeenv, a single-module console tool that setup.py imports for its version. Its
 * `install_npm_win` downloads npm's sources, unpacks them and starts a build, in a function only
 * its command reaches; the download → execute pattern (which the parser does not connect) is LOW
 * there. The same code run by module-level code, a registering decorator, a class built at import,
 * a name looked up by string, exec'd code or an importer that takes the function stays MEDIUM.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, type ArchiveAnalysis } from '../../shared/packages/analysis/index.js';
import { analysePython } from '../../shared/packages/analysis/python/flow.js';
import { dormantAt } from '../../shared/packages/analysis/python/reach.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { loadParsers } from '../../shared/parsers/tree-sitter.js';
import { buildTgz } from '../fixtures/archives/build.js';

const level = (a: ArchiveAnalysis) =>
  packageVerdict(reviewPackage({ registry: 'pypi', name: 'tool', version: '1.0', analysis: a, integrity: { ok: true, expected: 'x', actual: 'x' }, advisories: { status: 'ok', advisories: [] } })).securityLevel;

// Inert text: the archive is only read, never installed or run.
const INSTALL = `def install_tool(env_dir, src_dir, ver):
    """Download the tool's sources, unpack them and build them in the environment."""
    url = 'https://github.com/example/tool/archive/v%s.zip' % ver
    contents = io.BytesIO(urlopen(url).read())
    with zipfile.ZipFile(contents, 'r') as z:
        z.extractall(src_dir)
    shutil.copytree(os.path.join(src_dir, 'tool-' + ver), env_dir)
    os.chmod(os.path.join(env_dir, 'bin', 'tool'), 0o755)
    subprocess.check_call(['make', 'install'], cwd=env_dir)
`;
const HEAD = `import io, os, shutil, subprocess, sys, zipfile
from urllib.request import urlopen

version = '1.0'


`;
const MAIN = `

def main():
    install_tool('env', 'src', version)


if __name__ == '__main__':
    main()
`;
const SETUP = "from setuptools import setup\nfrom tool import version\nsetup(name='tool', version=version, py_modules=['tool'], entry_points={'console_scripts': ['tool = tool:main']})\n";

async function pkg(mod: string, extra: Record<string, string> = {}, setup = SETUP): Promise<ArchiveAnalysis> {
  const files: Record<string, string> = { 'tool-1.0/PKG-INFO': 'Metadata-Version: 2.1\nName: tool\nVersion: 1.0\n', 'tool-1.0/setup.py': setup, 'tool-1.0/tool.py': mod, ...extra };
  return analyzeArchive(buildTgz(Object.entries(files).map(([path, data]) => ({ path, data }))), { kind: 'tgz', registry: 'pypi' });
}
const dl = (a: ArchiveAnalysis) => a.findings.find((x) => x.ruleId === 'download_execute');

test.before(async () => {
  await loadParsers();
});

test('reach within a file: module-level code and what it calls run at import; other function bodies and the __main__ block do not', () => {
  const src = `import logging

def create_logger():
    return logging.getLogger('tool')

logger = create_logger()

class Config:
    def load(self):
        return read_config()

def read_config():
    return {}

def build():
    return fetch()

def fetch():
    return 1

if __name__ == '__main__':
    build()
`;
  const facts = analysePython(src);
  assert.ok(facts);
  const d = facts!.reach.dormant();
  const at = (line: number) => dormantAt(d, line, false);
  assert.is(at(4), null, 'create_logger is called at module level');
  assert.ok(at(10), 'Config is never named at import: its method is dormant');
  assert.ok(at(13), 'read_config is reached only from a dormant method');
  assert.ok(at(16) && at(19), 'build and fetch are reached only from the __main__ block');
  assert.ok(at(22)?.mainGuard);
  assert.is(dormantAt(d, 22, true), null, 'for a file run as a script, its __main__ block runs');
  const taken = facts!.reach.dormant(['build']);
  assert.is(dormantAt(taken, 16, false), null, 'a name an importer takes is reached, and what it calls');
  assert.is(dormantAt(taken, 19, false), null);
});

test('real case (nodeenv shape): a download → build in a function only the console command reaches, module imported by setup.py for its version: LOW, not CAUTION', async () => {
  const a = await pkg(HEAD + INSTALL + MAIN);
  const f = dl(a);
  assert.ok(f, JSON.stringify(a.findings.map((x) => x.ruleId)));
  assert.is(f!.severity, 'LOW');
  assert.is(f!.role, 'runtime');
  assert.match(f!.message, /nothing run at install calls/);
  assert.not.equal(level(a), 'CAUTION');
});

test('variants: a method of a class nothing builds at import; an importer (package __init__) that takes other names only', async () => {
  const method = await pkg(HEAD + 'class Installer:\n    ' + INSTALL.replace(/\n(?=.)/g, '\n    ').replace('(env_dir', '(self, env_dir') + MAIN.replace("install_tool('env'", "Installer().install_tool('env'"));
  assert.is(dl(method)?.severity, 'LOW', JSON.stringify(method.findings.map((x) => `${x.ruleId}:${x.severity}:${x.line}`)));
  const sub = await pkg(
    'x = 1\n',
    { 'tool-1.0/envkit/__init__.py': 'from .envs import version\n', 'tool-1.0/envkit/envs.py': HEAD + INSTALL + MAIN },
    "from setuptools import setup\nsetup(name='tool', packages=['envkit'], entry_points={'console_scripts': ['tool = envkit.envs:main']})\n",
  );
  assert.is(dl(sub)?.severity, 'LOW', JSON.stringify(sub.findings.map((x) => `${x.ruleId}:${x.severity}:${x.role}`)));
  assert.match(dl(sub)!.message, /nothing run at import calls/);
});

test('look-alikes that still run at import or install stay MEDIUM (CAUTION)', async () => {
  const cases: Record<string, Promise<ArchiveAnalysis>> = {
    'called at module level': pkg(HEAD + INSTALL + "\ninstall_tool('env', 'src', version)\n"),
    'called through another module-level call': pkg(HEAD + INSTALL + MAIN + '\nmain()\n'),
    'registered by a decorator that may call it': pkg(HEAD.replace('import io', 'import atexit, io') + '@atexit.register\n' + INSTALL.replace('(env_dir, src_dir, ver)', "(env_dir='env', src_dir='src', ver=version)")),
    'a method of a class built at import': pkg(HEAD + 'class Installer:\n    def __init__(self):\n        self.install_tool("env", "src", version)\n\n    ' + INSTALL.replace(/\n(?=.)/g, '\n    ').replace('(env_dir', '(self, env_dir') + '\nInstaller()\n'),
    'looked up by its name in a string': pkg(HEAD + INSTALL + "\ngetattr(sys.modules[__name__], 'install_tool')('env', 'src', version)\n"),
    "named in exec'd code": pkg(HEAD + INSTALL + "\nexec(\"install_tool('env', 'src', version)\")\n"),
    'taken by name by the package __init__': pkg('x = 1\n', { 'tool-1.0/envkit/__init__.py': 'from .envs import install_tool\ninstall_tool("env", "src", "1")\n', 'tool-1.0/envkit/envs.py': HEAD + INSTALL }, "from setuptools import setup\nsetup(name='tool', packages=['envkit'])\n"),
    'reached from a function a running importer takes': pkg('x = 1\n', { 'tool-1.0/envkit/__init__.py': 'from .envs import main\n', 'tool-1.0/envkit/envs.py': HEAD + INSTALL + MAIN }, "from setuptools import setup\nsetup(name='tool', packages=['envkit'])\n"),
    'its module imported whole by a running file': pkg('x = 1\n', { 'tool-1.0/envkit/__init__.py': 'from . import envs\n', 'tool-1.0/envkit/envs.py': HEAD + INSTALL }, "from setuptools import setup\nsetup(name='tool', packages=['envkit'])\n"),
    "setup.py's own __main__ block (setup.py runs as a script)": pkg('x = 1\n', {}, HEAD + INSTALL + "\nif __name__ == '__main__':\n    install_tool('env', 'src', version)\n"),
  };
  for (const [name, p] of Object.entries(cases)) {
    const a = await p;
    const f = dl(a);
    assert.ok(f, `${name}: ${JSON.stringify(a.findings.map((x) => x.ruleId))}`);
    assert.ok(f!.severity === 'MEDIUM' || f!.severity === 'HIGH' || f!.severity === 'CRITICAL', `${name}: ${f!.severity} ${f!.message}`);
    assert.not.ok(/runs when a user calls it/.test(f!.message), name);
  }
});

test.run();
