/**
 * The skill sandbox keeps its rule tables as plain arrays typed `readonly`, not `Object.freeze`d: Node 20's V8 runs
 * `for … of`, `some`, `filter` and `forEach` over a frozen array on a slow generic path (an iterator result object
 * per element), and the prose readers loop over their tables for every sentence (docs/analysis-limits.md,
 * "Twenty-fourth round"). Checked on the tables and on the sources, so a table added frozen is caught.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SABOTAGE_FAMILIES } from '../../shared/sandbox/prose/sabotage.js';
import { SECURITY_CONTROLS } from '../../shared/sandbox/prose/controls.js';
import { WEAKENINGS } from '../../shared/sandbox/prose/weaken.js';
import { PROSE_CONVENTIONS } from '../../shared/sandbox/prose/conventions.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..', 'shared');

test('the tables the prose readers loop over per sentence are not frozen', () => {
  for (const [name, table] of Object.entries({ SABOTAGE_FAMILIES, SECURITY_CONTROLS, WEAKENINGS, PROSE_CONVENTIONS })) {
    assert.ok(table.length > 0, name);
    assert.not.ok(Object.isFrozen(table), `${name} is frozen`);
  }
});

test('no table (a non-empty array literal) in the sandbox, the tree copy or the package analysis is frozen', () => {
  const offenders: string[] = [];
  let files = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      // (from the sources, or from dist/ when the compiled suite runs: the literal reads the same in both)
      else if (/\.(?:ts|js)$/.test(name) && !name.endsWith('.d.ts')) {
        files++;
        readFileSync(p, 'utf8').split('\n').forEach((line, i) => {
          if (/^\s*(?:\*|\/\/|\/\*)/.test(line)) return;
          if (/Object\.freeze\(\s*\[(?!\s*\])/.test(line)) offenders.push(`${path.relative(root, p)}:${i + 1}`);
        });
      }
    }
  };
  walk(path.join(root, 'sandbox'));
  walk(path.join(root, 'parsers'));
  walk(path.join(root, 'packages'));
  assert.ok(files > 50, `only ${files} files read under ${root}`);
  assert.equal(offenders, [], 'keep rule tables as readonly arrays (docs/analysis-limits.md, "Twenty-fourth round")');
});

test.run();
