import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { buildZip } from './zip-writer.js';

/** A real gzip tarball in sdist layout (`<name>-<version>/...`), built on disk in a temp folder. */
export function makeSdist(name: string, version: string, files: Record<string, string>): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sdist-'));
  try {
    const top = `${name}-${version}`;
    for (const [rel, content] of Object.entries({ 'PKG-INFO': `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`, ...files })) {
      const p = path.join(dir, top, rel);
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, content);
    }
    const out = path.join(dir, 'out.tar.gz');
    tar.c({ gzip: true, cwd: dir, file: out, sync: true, portable: true }, [top]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real wheel (zip) with its .dist-info (METADATA, WHEEL, RECORD); `tag` e.g. py3-none-any. */
export function makeWheel(name: string, version: string, files: Record<string, string | Buffer>, tag = 'py3-none-any'): { filename: string; content: Buffer } {
  const dist = `${name.replace(/-/g, '_')}-${version}`;
  const all: Record<string, string | Buffer> = {
    ...files,
    [`${dist}.dist-info/METADATA`]: `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`,
    [`${dist}.dist-info/WHEEL`]: `Wheel-Version: 1.0\nGenerator: cert-tests\nRoot-Is-Purelib: ${tag.endsWith('none-any')}\nTag: ${tag}\n`,
  };
  all[`${dist}.dist-info/RECORD`] = [...Object.keys(all), `${dist}.dist-info/RECORD`].map((p) => `${p},,`).join('\n') + '\n';
  const content = buildZip(Object.entries(all).map(([n, data]) => ({ name: n, data: Buffer.isBuffer(data) ? data : Buffer.from(data), method: 'deflate' as const })));
  return { filename: `${dist}-${tag}.whl`, content };
}
