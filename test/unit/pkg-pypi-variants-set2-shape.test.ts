/**
 * SET2 builds: every variant and twin packs into an sdist, ids and package names are unique,
 * and each note starts with `[trigger]` or `[trigger, hard]`. Verdicts are scored elsewhere
 * (the set is blind; see the header of test/support/pypi-variants-set2.ts).
 */
import { gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PYPI_TWINS_SET2, PYPI_VARIANTS_SET2, pypiSdist } from '../support/pypi-variants-set2.js';

const ALL = [...PYPI_VARIANTS_SET2, ...PYPI_TWINS_SET2];
const NOTE = /^\[(install|build-backend|startup|import|runtime)(, hard)?\] /;

test('sizes: about 40 variants and 20 twins', () => {
  assert.ok(PYPI_VARIANTS_SET2.length >= 38, `${PYPI_VARIANTS_SET2.length} variants`);
  assert.ok(PYPI_TWINS_SET2.length >= 18, `${PYPI_TWINS_SET2.length} twins`);
});

test('ids and package names are unique', () => {
  assert.is(new Set(ALL.map((v) => v.id)).size, ALL.length);
  assert.is(new Set(ALL.map((v) => v.name)).size, ALL.length);
});

test('each note starts with [trigger] and twins are marked', () => {
  for (const v of ALL) assert.ok(NOTE.test(v.note), v.id);
  for (const v of PYPI_TWINS_SET2) assert.ok(v.family.startsWith('twin:'), v.id);
  for (const v of PYPI_VARIANTS_SET2) assert.not.ok(v.family.startsWith('twin:'), v.id);
});

test('every sdist packs: gzip of a ustar stream with each file under <name>-<version>/', () => {
  for (const v of ALL) {
    const tar = gunzipSync(pypiSdist(v));
    assert.ok(tar.length % 512 === 0 && tar.length > 1024, v.id);
    const names: string[] = [];
    for (let off = 0; off + 512 <= tar.length; ) {
      const h = tar.subarray(off, off + 512);
      if (h.every((b) => b === 0)) break;
      const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
      const prefix = h.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
      const size = Number.parseInt(h.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
      names.push(prefix ? `${prefix}/${name}` : name);
      off += 512 + Math.ceil(size / 512) * 512;
    }
    const root = `${v.name}-${v.version}/`;
    assert.equal(
      names.sort(),
      Object.keys(v.files)
        .map((p) => root + p)
        .sort(),
      v.id,
    );
    assert.ok('PKG-INFO' in v.files, v.id);
  }
});

test('every URL host is invented (.example / .invalid / .test / TEST-NET / localhost)', () => {
  const ok = /(\.(example|invalid|test)|^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d+|^localhost)$/;
  for (const v of ALL) {
    for (const [p, data] of Object.entries(v.files)) {
      const text = typeof data === 'string' ? data : data.toString('latin1');
      for (const m of text.matchAll(/https?:\/\/([A-Za-z0-9.-]+)/g)) {
        const host = m[1]!;
        if (host === 'h' || host.startsWith('{')) continue;
        assert.ok(ok.test(host), `${v.id} ${p}: ${host}`);
      }
    }
  }
});

test.run();
