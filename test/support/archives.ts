import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';

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
