import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The data sets folder: CERT_DATA_DIR when set, else the first `shared/data` found beside the
 * repository or a folder above it (from src or dist; worktrees sit one level deeper).
 */
export function sharedDataRoot(): string | null {
  if (process.env.CERT_DATA_DIR) return path.resolve(process.env.CERT_DATA_DIR);
  let dir = here;
  for (let i = 0; i < 7; i++) {
    const cand = path.join(dir, '..', 'shared', 'data');
    if (existsSync(cand)) return path.resolve(cand);
    dir = path.dirname(dir);
  }
  return null;
}

/** A data set's folder, or null when absent. */
export function sharedDataDir(name: string): string | null {
  const root = sharedDataRoot();
  if (!root) return null;
  const cand = path.join(root, name);
  return existsSync(cand) ? cand : null;
}

/** Why a data set is missing, for the line a suite prints when it skips. */
export function missingDataNote(name: string): string {
  const root = sharedDataRoot();
  return `data set ${name} not found ${root ? `in ${root}` : '(no shared/data beside the repository)'}; set CERT_DATA_DIR to the folder holding it`;
}

/**
 * The test to register a data suite with: `test` when the data is there, else `test.skip` after one
 * line on stderr naming what is missing (a clone without ../shared/data skips these, it does not fail).
 */
export function whenData<T extends { skip: (...args: never[]) => void }>(t: T, name: string, dir: string | null): T | T['skip'] {
  if (dir) return t;
  process.stderr.write(`skipped: ${missingDataNote(name)}\n`);
  return t.skip;
}
