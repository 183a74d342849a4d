/**
 * test/unit/ runs from source too (`npm run test:unit`, the first phase of .ci/run; docs/testing.md): a suite there
 * that starts worker threads fails, because a thread's script is compiled JavaScript that exists only in dist/.
 * Twice a thread-pool suite landed here and failed CI's first phase although it passed in `npm test`; such suites
 * live in test/integration/. This reads each unit suite's import statements (type-only imports start no thread).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const here = path.dirname(fileURLToPath(import.meta.url));
// (run from dist/test/unit, read the sources beside it in test/unit)
const unitDir = path.basename(path.resolve(here, '..', '..')) === 'dist' ? path.resolve(here, '..', '..', '..', 'test', 'unit') : here;

/** Modules whose values start threads: the pools, and the test's own spinning thread script. */
const THREAD_STARTERS = /(?:shared\/threads\/pool|shared\/sandbox\/skill-pool|shared\/sandbox\/warm-up|shared\/packages\/analysis\/pool|support\/spin-thread)\.js$/;

/** The modules a TypeScript file imports values from (each `import … from '…'` statement that is not `import type`). */
function valueImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+['"]([^'"]+)['"]/gms)) out.push(m[1]!);
  return out;
}

test('the import reader: value imports counted, type-only imports not', () => {
  assert.equal(valueImports("import { x } from '../../shared/threads/pool.js';\nimport type { Y } from './y.js';\nimport {\n  a,\n  b,\n} from './ab.js';\n"), ['../../shared/threads/pool.js', './ab.js']);
});

test('no suite in test/unit imports a module that starts worker threads (they belong in test/integration)', () => {
  const offenders = readdirSync(unitDir)
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => valueImports(readFileSync(path.join(unitDir, f), 'utf8')).some((m) => THREAD_STARTERS.test(m)));
  assert.equal(offenders, []);
});

test.run();
