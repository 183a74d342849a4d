/**
 * The layer map (docs/architecture.md) holds: dependency-cruiser reads the compiled tree with
 * .dependency-cruiser.cjs — no import from shared/ into a process, none between the web and worker
 * processes, infrastructure knows no domain module, council, certificates and packages
 * never reach submissions, no import cycle — and no cycle between the folders of shared/ either
 * (each top-level file of shared/ counts on its own): a domain folder never imports one that imports it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const bin = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

test('imports follow the layer map: no violation of .dependency-cruiser.cjs', () => {
  assert.ok(existsSync(bin), 'dependency-cruiser is installed');
  const r = spawnSync(process.execPath, [bin, 'dist/shared', 'dist/services', 'dist/workers', 'dist/scripts', 'dist/cli', 'dist/sdk', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: root, encoding: 'utf8' });
  assert.is(r.status, 0, `${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout, /no dependency violations found \((\d{3,}) modules/, 'the whole tree was read');
});

/** The folder of a compiled shared/ module: its top folder, or the file itself for a top-level file. */
const folderOf = (p: string): string | null => (p.startsWith('dist/shared/') ? (/^dist\/shared\/([^/]+)\//.exec(p)?.[1] ?? p.slice('dist/shared/'.length)) : null);

/** The folder-level import cycles of shared/ (strongly connected components of more than one folder), with one example edge each way. */
function folderCycles(): string[][] {
  const r = spawnSync(process.execPath, [bin, 'dist/shared', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const { modules } = JSON.parse(r.stdout) as { modules: { source: string; dependencies: { resolved: string }[] }[] };
  const graph = new Map<string, Set<string>>();
  for (const m of modules) {
    const a = folderOf(m.source);
    if (!a) continue;
    const out = graph.get(a) ?? graph.set(a, new Set()).get(a)!;
    for (const d of m.dependencies) {
      const b = folderOf(d.resolved);
      if (b && b !== a) out.add(b);
    }
  }
  // Tarjan's strongly connected components.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) cycles.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

test('the folders of shared/ import one way: no folder-level cycle', () => {
  assert.equal(folderCycles(), []);
});

test('the folder check fails on a cycle: a planted import from db/ into the economy is caught', () => {
  // The economy reads db/; db/ reaching back into it would make the two folders one.
  const planted = path.join(root, 'dist', 'shared', 'db', 'zz-planted-cycle.js');
  writeFileSync(planted, "import '../economy/ledger.js';\n");
  try {
    const cycles = folderCycles();
    assert.ok(cycles.some((c) => c.includes('db') && c.includes('economy')), JSON.stringify(cycles));
  } finally {
    rmSync(planted, { force: true });
  }
});

test('the check fails on a violation: an import from shared/ into the web process is caught', () => {
  // The same configuration must catch what it forbids, or the test above proves nothing.
  const planted = path.join(root, 'dist', 'shared', 'zz-planted-violation.js');
  writeFileSync(planted, "import '../services/web.js';\n");
  try {
    const r = spawnSync(process.execPath, [bin, 'dist/shared/zz-planted-violation.js', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: root, encoding: 'utf8' });
    assert.is.not(r.status, 0);
    assert.match(r.stdout, /no-processes-from-shared: dist\/shared\/zz-planted-violation\.js → dist\/services\/web\.js/);
  } finally {
    rmSync(planted, { force: true });
  }
});

test('the council never reaches submissions: a planted import that gets there through another folder is caught', () => {
  // The council reports a finished tally through its seam; a path the other way, even through payments, would make the two folders one again.
  const planted = path.join(root, 'dist', 'shared', 'council', 'zz-planted-violation.js');
  const relay = path.join(root, 'dist', 'shared', 'payments', 'zz-planted-relay.js');
  writeFileSync(relay, "import '../submissions/intake.js';\n");
  writeFileSync(planted, "import '../payments/zz-planted-relay.js';\n");
  try {
    const r = spawnSync(process.execPath, [bin, 'dist/shared/council/zz-planted-violation.js', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: root, encoding: 'utf8' });
    assert.is.not(r.status, 0);
    assert.match(r.stdout, /council-below-submissions: dist\/shared\/council\/zz-planted-violation\.js → dist\/shared\/submissions\//);
  } finally {
    rmSync(planted, { force: true });
    rmSync(relay, { force: true });
  }
});

test.run();
