import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let topLists: { npm: string[]; pypi: string[] } | undefined;

/** The top-package lists (ranked by downloads) that coverage is measured against. */
export function topPackages(): { npm: string[]; pypi: string[] } {
  if (!topLists) {
    // Copies of the shared data set's top-packages lists (2026-06-16) under shared/packages/data/, kept in the
    // repository so a deployment has them; world knowledge that the sandbox and the package registry both read.
    // Read from the source tree (tsc does not copy JSON into dist/): the nearest ancestor that has it.
    let dir = path.dirname(fileURLToPath(import.meta.url));
    while (!existsSync(path.join(dir, 'shared', 'packages', 'data', 'top-npm.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    dir = path.join(dir, 'shared', 'packages', 'data');
    const read = (f: string) => (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { packages: string[] }).packages;
    topLists = { npm: read('top-npm.json'), pypi: read('top-pypi.json') };
  }
  return topLists;
}

