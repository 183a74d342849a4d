import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A data set under ../shared/data (shared/ is a sibling of the repository, from src or dist), or null when absent. */
export function sharedDataDir(name: string): string | null {
  let dir = here;
  for (let i = 0; i < 6; i++) {
    const cand = path.join(dir, '..', 'shared', 'data', name);
    if (existsSync(path.join(cand, 'index.tsv'))) return path.resolve(cand);
    dir = path.dirname(dir);
  }
  return null;
}
