/**
 * Issue 22, Python side (branch `pkg22py`, pkg-analysis-2026.12.7): the behaviours of the PyPI blind sets' even
 * (tuning) halves, grouped (download-then-run, collect-and-send, persistence, obfuscated exec, install-time hooks,
 * import-time side effects, remote control, clipboard, destructive), each held by its real even-half case and by
 * variants written here in other syntax (test/support/pypi-variants-pkg22py.ts: aliases, getattr, importlib,
 * comprehensions, the walrus, f-strings, integer arrays, codecs, lambdas, class and static methods, two modules);
 * the honest twins use the same mechanisms for their stated purpose and must stay below CAUTION.
 *
 * A variant's `note` is the rule expected to state it: the test asserts BLOCKED *by that rule*, so a variant caught
 * only by an unrelated co-occurrence does not count. Nothing here runs: in-memory sdists.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evenOf, rate } from '../support/pypi-variant-rating.js';
import { PKG22PY_TWINS, PKG22PY_VARIANTS } from '../support/pypi-variants-pkg22py.js';
import { PYPI_VARIANTS_SET1 } from '../support/pypi-variants-set1.js';
import { PYPI_VARIANTS_SET4 } from '../support/pypi-variants-set4.js';
import { PYPI_VARIANTS_SET5 } from '../support/pypi-variants-set5.js';
import { PYPI_VARIANTS_SET6 } from '../support/pypi-variants-set6.js';

/** The real (even-half, tunable) case of each behaviour group. */
const REAL: Record<string, () => ReturnType<ReturnType<typeof evenOf>>> = {
  'download-then-run': () => evenOf(PYPI_VARIANTS_SET6)('requests-stream-iter-content-new-session'),
  'collect-and-send': () => evenOf(PYPI_VARIANTS_SET4)('index-credentials-sftp'),
  persistence: () => evenOf(PYPI_VARIANTS_SET1)('setup-shell-rc-curl-line'),
  'obfuscated-exec': () => evenOf(PYPI_VARIANTS_SET6)('hex-xor-key-exec-import'),
  'install-time-hook': () => evenOf(PYPI_VARIANTS_SET6)('cmdclass-install-urlretrieve-os-system'),
  'import-side-effect': () => evenOf(PYPI_VARIANTS_SET6)('init-daemon-thread-periodic-beacon'),
  'remote-control': () => evenOf(PYPI_VARIANTS_SET4)('http-polling-rat'),
  clipboard: () => evenOf(PYPI_VARIANTS_SET1)('clipboard-address-swapper-thread'),
  destructive: () => evenOf(PYPI_VARIANTS_SET6)('date-bomb-rmtree-in-flush'),
  capture: () => evenOf(PYPI_VARIANTS_SET5)('webcam-capture-upload'),
};

for (const [family, real] of Object.entries(REAL)) {
  test(`${family}: the real even-half case is BLOCKED`, async () => {
    const v = real();
    const r = await rate(v);
    assert.is(r.level, 'BLOCKED', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
  });
}

for (const v of PKG22PY_VARIANTS) {
  test(`${v.family}: ${v.id} is BLOCKED by ${v.note}`, async () => {
    const r = await rate(v);
    assert.is(r.level, 'BLOCKED', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
    assert.ok(r.rules.includes(v.note), `${v.id}: ${v.note} not among ${r.rules.join(', ')}`);
  });
}

for (const v of PKG22PY_TWINS) {
  test(`honest twin (${v.family}): ${v.id} stays below CAUTION`, async () => {
    const r = await rate(v);
    assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
  });
}

test('every behaviour group of the variants has its real case', () => {
  for (const v of PKG22PY_VARIANTS) assert.ok(v.family in REAL, `${v.family} has no real case`);
});

test.run();
