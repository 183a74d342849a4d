// Shared by `npm start`, `npm test` and `npm run cert`: install dependencies when missing, then compile.
// Plain JavaScript on purpose: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', encoding: 'utf8' });
  if (r.status !== 0) {
    if (opts.quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${r.status}`);
  }
  return r;
}

export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install`, not `npm ci`: npm 11 here writes only this platform's optional packages (anvil,
  // msgpackr) into the lockfile and then `npm ci` refuses the lock as out of sync. With an unchanged
  // package.json, install follows the lockfile exactly and leaves it untouched.
  process.stderr.write('Installing dependencies (npm install)…\n');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
}

export function build() {
  run(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { quiet: true });
}

export function prepare() {
  ensureDependencies();
  build();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    prepare();
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
