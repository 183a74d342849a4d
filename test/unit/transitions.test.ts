import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SUBMISSION_STATES, TRANSITIONS, canTransition, FINAL_STATES, REAUDIT_MOVES } from '../../shared/submissions/transitions.js';

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
  // Final states leave only by an upheld dispute's re-audit.
  for (const s of FINAL_STATES) {
    for (const to of TRANSITIONS[s]) assert.ok(REAUDIT_MOVES.some(([f, t]) => f === s && t === to), `${s} -> ${to}`);
  }
  assert.equal(TRANSITIONS.APPROVED, []);
});

test('a re-audit move needs an upheld dispute', () => {
  for (const [from, to] of REAUDIT_MOVES) {
    assert.not.ok(canTransition(from, to), `${from} -> ${to} without a dispute`);
    assert.ok(canTransition(from, to, { reaudit: true }), `${from} -> ${to} on re-audit`);
  }
  assert.equal(REAUDIT_MOVES.map(([f]) => f).sort(), ['ESCALATED', 'REJECTED', 'SANDBOX_FAILED']);
  assert.not.ok(canTransition('REJECTED', 'APPROVED', { reaudit: true }));
  assert.not.ok(canTransition('APPROVED', 'PENDING_AUDIT', { reaudit: true }));
  // The ordinary moves do not depend on the flag.
  assert.ok(canTransition('ESCALATED', 'REJECTED', { reaudit: true }));
});

test.run();
