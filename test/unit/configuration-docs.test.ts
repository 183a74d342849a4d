import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { CONFIG_VARIABLES, readEnvironment } from '../../shared/config.js';

/**
 * docs/configuration.md is the operator's list of variables: each variable the service reads is
 * there exactly once, nothing there is unknown to the schema (shared/config.ts), and a default
 * written as a number, a boolean or a quoted value is the schema's default, there and in the
 * topical tables of the other documents (analysis limits, batches, endpoint review).
 */
const root = path.resolve(import.meta.dirname, '../..').replace(/\/dist$/, '');
type Row = { doc: string; names: string[]; defaults: string };
const tableRows = (doc: string): Row[] =>
  readFileSync(path.join(root, 'docs', doc), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, names = '', defaults = ''] = line.split('|');
      return { doc, names: [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), defaults: defaults.trim() };
    });
const rows = tableRows('configuration.md');
const topicalRows = readdirSync(path.join(root, 'docs'))
  .filter((f) => f.endsWith('.md') && f !== 'configuration.md')
  .flatMap(tableRows)
  .filter((r) => r.names.length && r.names.every((n) => CONFIG_VARIABLES.includes(n)));

test('every variable is documented once, and nothing documented is unknown', () => {
  const listed = rows.flatMap((r) => r.names);
  const twice = listed.filter((n, i) => listed.indexOf(n) !== i);
  assert.equal(twice, [], 'listed more than once');
  assert.equal(
    CONFIG_VARIABLES.filter((v) => !listed.includes(v)),
    [],
    'read but not documented',
  );
  assert.equal(
    listed.filter((v) => !CONFIG_VARIABLES.includes(v)),
    [],
    'documented but not read',
  );
});

/** A documented default as the value it states, or undefined when it is prose ("unset", "from the preset"). */
function stated(cell: string): unknown {
  const quoted = /^`([^`]*)`$/.exec(cell);
  if (quoted) return quoted[1];
  if (cell === 'true' || cell === 'false') return cell === 'true';
  const num = /^(\d[\d,.]*)( MiB)?(\s|$)/.exec(cell);
  if (num) return Number(num[1]!.replace(/,/g, '')) * (num[2] ? 1024 * 1024 : 1);
  return undefined;
}

function wrongDefaults(table: Row[]): { compared: number; wrong: string[] } {
  const defaults = readEnvironment({}) as Record<string, unknown>;
  let compared = 0;
  const wrong: string[] = [];
  for (const { doc, names, defaults: cell } of table) {
    // `A` / `B` | 1 / 2: the defaults in the order of the names.
    const parts = names.length > 1 ? cell.split(' / ').map((p) => p.trim()) : [cell];
    if (parts.length !== names.length) continue;
    names.forEach((name, i) => {
      const value = stated(parts[i]!);
      // Prose, or a default derived from other variables (PUBLIC_BASE_URL from PORT).
      if (value === undefined || defaults[name] === undefined) return;
      compared++;
      if (String(defaults[name]) !== String(value))
        wrong.push(`${doc} ${name}: documented ${parts[i]}, in force ${String(defaults[name])}`);
    });
  }
  return { compared, wrong };
}

test('each default the table states is the default in force', () => {
  const { compared, wrong } = wrongDefaults(rows);
  assert.equal(wrong, []);
  assert.ok(compared > 60, `only ${compared} defaults compared`);
});

test('the topical tables of the other documents state the same defaults', () => {
  const { compared, wrong } = wrongDefaults(topicalRows);
  assert.equal(wrong, []);
  assert.ok(compared > 15, `only ${compared} defaults compared`);
});

test.run();
