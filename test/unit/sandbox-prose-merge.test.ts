// How the prose reader's findings join the code model's (shared/sandbox/analyze.ts withProse, docs/skill-effect-model.md
// "Code and prose on one line"): one finding per line and category unless the prose finding says more.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withProse } from '../../shared/sandbox/analyze.js';
import type { Finding } from '../../shared/sandbox/types.js';

const f = (ruleId: string, severity: Finding['severity'], blocking: boolean, line = 7, category: Finding['category'] = 'prompt_injection'): Finding => ({
  ruleId, category, severity, blocking, message: ruleId, location: { line, column: 1, snippet: '' }, fix: '',
});

test('a blocking prose finding is kept where the code model has only a note of the same severity on that line', () => {
  const out = withProse([f('CODE-NOTE', 'HIGH', false)], [f('PROSE-REFUSE', 'HIGH', true)]);
  assert.equal(out.map((x) => x.ruleId), ['CODE-NOTE', 'PROSE-REFUSE']);
  assert.ok(out.some((x) => x.blocking), 'the refusal is not hidden by the escalation');
});

test('a prose finding that says no more than the code model is dropped (same severity, same blocking)', () => {
  assert.equal(withProse([f('CODE', 'HIGH', true)], [f('PROSE', 'HIGH', true)]).map((x) => x.ruleId), ['CODE']);
  assert.equal(withProse([f('CODE', 'HIGH', false)], [f('PROSE', 'HIGH', false)]).map((x) => x.ruleId), ['CODE']);
  assert.equal(withProse([f('CODE', 'HIGH', true)], [f('PROSE', 'HIGH', false)]).map((x) => x.ruleId), ['CODE']);
});

test('a more severe prose finding is kept; a less severe one is dropped, even when blocking', () => {
  assert.equal(withProse([f('CODE', 'MEDIUM', true)], [f('PROSE', 'HIGH', false)]).map((x) => x.ruleId), ['CODE', 'PROSE']);
  assert.equal(withProse([f('CODE', 'CRITICAL', false)], [f('PROSE', 'HIGH', true)]).map((x) => x.ruleId), ['CODE']);
});

test('another line or another category is never merged', () => {
  assert.equal(withProse([f('CODE', 'HIGH', true)], [f('PROSE', 'LOW', false, 8)]).map((x) => x.ruleId), ['CODE', 'PROSE']);
  assert.equal(withProse([f('CODE', 'HIGH', true)], [f('PROSE', 'LOW', false, 7, 'credential_exfiltration')]).map((x) => x.ruleId), ['CODE', 'PROSE']);
});

test.run();
