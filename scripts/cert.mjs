// `npm run cert -- …`: the operator command line (dist/scripts/cli.js) with the settings the last
// `npm start` of this checkout ran with (.data/start-env.json: database, Redis, queue prefix, chain, package registries),
// so it talks to the same service; a variable set in the shell wins. Compiles only when a source
// changed (prepare.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { prepare, root } from './prepare.mjs';

try {
  prepare();
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
const saved = path.join(root, '.data', 'start-env.json');
const startEnv = existsSync(saved) ? JSON.parse(readFileSync(saved, 'utf8')) : {};
const child = spawn(process.execPath, [path.join(root, 'dist', 'scripts', 'cli.js'), ...process.argv.slice(2)], {
  cwd: root,
  env: { ...startEnv, ...process.env },
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
