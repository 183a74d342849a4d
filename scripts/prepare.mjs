// Shared by `npm start`, `npm test` and `npm run cert`: install dependencies when missing, then compile.
// Plain JavaScript on purpose: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * One progress line on stderr (stdout stays for results: `npm run cert -- … --json` is parsed).
 * `step` prints what starts and returns a function that prints how it ended and how long it took,
 * so a start that spends half a minute compiling or deploying says so while it happens.
 */
export function progress(message) {
  process.stderr.write(`  · ${message}\n`);
}
export function step(message) {
  const started = Date.now();
  progress(`${message}…`);
  return (outcome = 'done') => progress(`${message}: ${outcome} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', encoding: 'utf8' });
  if (r.status !== 0) {
    if (opts.quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${r.status}`);
  }
  return r;
}

/** Whether something accepts a TCP connection at host:port within 2 s (MariaDB, Redis before a start or a test run). */
export function reachable(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port: Number(port), timeout: 2000 }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install`, not `npm ci`: npm 11 here writes only this platform's optional packages (anvil,
  // msgpackr) into the lockfile and then `npm ci` refuses the lock as out of sync. With an unchanged
  // package.json, install follows the lockfile exactly and leaves it untouched.
  const done = step('installing dependencies (npm install)');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  done();
}

const SOURCE_DIRS = ['services', 'workers', 'shared', 'scripts', 'sdk', 'cli', 'test', 'bench'];
const stampFile = path.join(root, 'dist', '.build-stamp');

/** Every source file's path, size and modification time, hashed: any edit, addition, move or removal changes it. */
function sourceFingerprint() {
  const h = createHash('sha256');
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|mts|json)$/.test(e.name)) {
        const st = statSync(p);
        h.update(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}\n`);
      }
    }
  };
  for (const d of SOURCE_DIRS) if (existsSync(path.join(root, d))) walk(path.join(root, d));
  for (const f of ['tsconfig.json', 'package-lock.json']) if (existsSync(path.join(root, f))) h.update(`${f}:${statSync(path.join(root, f)).mtimeMs}\n`);
  return h.digest('hex');
}

/** Compiles, unless nothing changed since the last successful compile (`npm run cert` runs often). */
export function build() {
  const fp = sourceFingerprint();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fp) return;
  const done = step('compiling TypeScript into dist/ (sources changed since the last build; about half a minute)');
  run(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { quiet: true });
  removeOrphans();
  writeFileSync(stampFile, fp);
  done();
}

/** Compiled files whose source was moved or deleted (tsc leaves them): a moved suite would run twice. */
function removeOrphans() {
  const dist = path.join(root, 'dist');
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const m = /^(.*)\.(js|mjs)(\.map)?$/.exec(path.relative(dist, p));
        if (!m) continue;
        const base = path.join(root, m[1]);
        const sources = m[2] === 'mjs' ? ['.mts'] : ['.ts', '.tsx'];
        if (!sources.some((x) => existsSync(base + x))) rmSync(p, { force: true });
      }
    }
  };
  for (const d of SOURCE_DIRS) if (existsSync(path.join(dist, d))) walk(path.join(dist, d));
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
