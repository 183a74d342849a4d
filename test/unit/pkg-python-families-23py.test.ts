/**
 * Branch `pkg23py` (pkg-analysis-2026.12.8): the behaviours PyPI SET7's even (tuning) half missed, as general rules on
 * the parsed tree — a wallet's recovery words sent, a monkeypatch copying the keys its library is handed, a credential
 * store read as a database and sent, a dependency fetched over plain HTTP or from an IP address, a builtin looked up by
 * a computed name and handed fetched or decoded data, files a walk picks by secret files' suffixes sent. Each family: its real even-half case, two variants written here
 * (test/support/pypi-families-23py.ts), and honest twins that must stay below CAUTION. A variant's `note` is the rule
 * expected to block it. Nothing here runs: in-memory sdists.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evenOf, rate } from '../support/pypi-variant-rating.js';
import { PYPI_FAMILIES_23PY, PYPI_TWINS_23PY } from '../support/pypi-families-23py.js';
import { PYPI_VARIANTS_SET7 } from '../support/pypi-variants-set7.js';

const even = evenOf(PYPI_VARIANTS_SET7);

/** The real (even-half, tunable) case of each family and the rule that must block it. */
const REAL: Record<string, [string, string]> = {
  'wallet-seed': ['bip39-fork-mnemonic-exfil', 'wallet_seed_exfil'],
  'patched-keys': ['meta-path-finder-wraps-botocore', 'patched_key_exfil'],
  'store-database': ['ide-state-db-over-ftp', 'credential_exfil_flow'],
  'url-dependency': ['direct-url-dependency-raw-ip', 'remote_url_dependency'],
  'computed-builtin': ['three-module-fragment-loader', 'remote_code_exec'],
  'secret-files': ['pytest-sessionfinish-uploads-source-tree', 'secret_files_exfil'],
};

for (const [family, [id, rule]] of Object.entries(REAL)) {
  test(`${family}: the real even-half case ${id} is BLOCKED by ${rule}`, async () => {
    const r = await rate(even(id));
    assert.is(r.level, 'BLOCKED', `${id}: ${r.level} (${r.rules.join(', ')})`);
    assert.ok(r.rules.includes(rule), `${id}: ${rule} not among ${r.rules.join(', ')}`);
  });
}

for (const v of PYPI_FAMILIES_23PY) {
  test(`${v.family}: ${v.id} is BLOCKED by ${v.note}`, async () => {
    const r = await rate(v);
    assert.is(r.level, 'BLOCKED', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
    assert.ok(r.rules.includes(v.note), `${v.id}: ${v.note} not among ${r.rules.join(', ')}`);
  });
}

for (const v of PYPI_TWINS_23PY) {
  test(`honest twin (${v.family}): ${v.id} stays below CAUTION`, async () => {
    const r = await rate(v);
    assert.ok(r.level !== 'BLOCKED' && r.level !== 'CAUTION', `${v.id}: ${r.level} (${r.rules.join(', ')})`);
  });
}

test('every family has its real case, two variants and an honest twin', () => {
  for (const f of Object.keys(REAL)) {
    assert.ok(PYPI_FAMILIES_23PY.filter((v) => v.family === f).length >= 2, `${f}: two variants`);
    assert.ok(PYPI_TWINS_23PY.some((v) => v.family === f), `${f}: a twin`);
  }
});

test.run();
