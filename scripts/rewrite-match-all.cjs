// Rewrites `x.matchAll(re)` to `matchAll(x, re)` from shared/sandbox/match-all.ts (innermost calls first) and adds the
// import, in the files given or in every .ts file under shared/sandbox/. The built-in copies its regex and V8 compiles
// the copy on every call (docs/analysis-limits.md, "Twenty-second round"); test/unit/sandbox-match-all.test.ts fails
// while a call is left.
//
//   node scripts/rewrite-match-all.cjs [file.ts …]
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
// (the parser only: the root's typescript package or the SDK generator's)
let ts;
for (const p of [path.join(root, 'node_modules', 'typescript'), path.join(root, 'tools', 'sdk-gen', 'node_modules', 'typescript')]) {
  try {
    ts = require(p);
    if (typeof ts.createSourceFile === 'function') break;
  } catch {
    ts = undefined;
  }
}
if (!ts?.createSourceFile) throw new Error('no TypeScript parser found (npm install)');
const helper = path.join(root, 'shared', 'sandbox', 'match-all.ts');

function tsFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const files = process.argv.length > 2 ? process.argv.slice(2) : tsFiles(path.join(root, 'shared', 'sandbox'));
let total = 0;
for (const file of files) {
  if (path.resolve(file) === helper) continue;
  let text = fs.readFileSync(file, 'utf8');
  let changed = 0;
  for (;;) {
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const calls = [];
    const visit = (n) => {
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'matchAll' && !n.expression.questionDotToken && n.arguments.length === 1) calls.push(n);
      ts.forEachChild(n, visit);
    };
    visit(sf);
    const inner = calls.filter((c) => !calls.some((d) => d !== c && d.pos >= c.pos && d.end <= c.end));
    if (!inner.length) break;
    inner.sort((a, b) => b.getStart(sf) - a.getStart(sf));
    for (const c of inner) {
      text = `${text.slice(0, c.getStart(sf))}matchAll(${c.expression.expression.getText(sf)}, ${c.arguments[0].getText(sf)})${text.slice(c.end)}`;
      changed++;
    }
  }
  if (!changed) continue;
  if (!/import\s*\{[^}]*\bmatchAll\b[^}]*\}\s*from\s*'[^']*match-all\.js'/.test(text)) {
    let rel = path.relative(path.dirname(file), helper).replace(/\.ts$/, '.js');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const imports = sf.statements.filter((s) => ts.isImportDeclaration(s));
    const at = imports.length ? imports[imports.length - 1].end : 0;
    text = `${text.slice(0, at)}\nimport { matchAll } from '${rel}';${text.slice(at)}`;
  }
  fs.writeFileSync(file, text);
  total += changed;
  console.log(`${changed}\t${path.relative(root, file)}`);
}
console.log(`${total} calls rewritten`);
