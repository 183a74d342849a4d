// `npm run docs:screenshots`: regenerates docs/img/walkthrough-*.png, the screenshots of
// docs/walkthrough.md, by running the Chromium suite that follows that page step by step
// (test/e2e/pages-walkthrough.test.ts) with CERT_WALKTHROUGH_SHOTS=1. Builds first, like `npm test`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'test.mjs'), 'pages-walkthrough\\.test\\.js$'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CERT_WALKTHROUGH_SHOTS: '1' },
});
process.exit(r.status ?? 1);
