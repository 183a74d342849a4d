import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SUBMISSION_STATES, TRANSITIONS, canTransition, FINAL_STATES } from '../../shared/submissions/transitions.js';

test('the states are exactly those of spec 3.1', () => {
  assert.equal([...SUBMISSION_STATES].sort(), ['APPROVED', 'ESCALATED', 'IN_AUDIT', 'PENDING_AUDIT', 'PENDING_SANDBOX', 'REJECTED', 'SANDBOX_FAILED']);
});

test('the transition table allows the review path and nothing else', () => {
  assert.ok(canTransition('PENDING_SANDBOX', 'PENDING_AUDIT'));
  assert.ok(canTransition('PENDING_SANDBOX', 'SANDBOX_FAILED'));
  assert.ok(canTransition('PENDING_AUDIT', 'IN_AUDIT'));
  assert.ok(canTransition('IN_AUDIT', 'ESCALATED'));
  assert.ok(canTransition('ESCALATED', 'APPROVED'));
  assert.not.ok(canTransition('PENDING_SANDBOX', 'APPROVED'));
  assert.not.ok(canTransition('PENDING_AUDIT', 'APPROVED'));
  assert.not.ok(canTransition('REJECTED', 'APPROVED'));
  assert.not.ok(canTransition('APPROVED', 'REJECTED'));
  assert.not.ok(canTransition('NOT_A_STATE', 'APPROVED'));
  for (const s of FINAL_STATES) assert.equal(TRANSITIONS[s], [], s);
});

test.run();
