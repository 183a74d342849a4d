import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SubmissionReadQuery, parseInput } from '../../shared/api/schemas.js';
import { dropLocal, invalidationsSeen } from '../../shared/cache/read-cache.js';
import { POLL_AFTER_SECONDS, pollAfterSeconds } from '../../shared/submissions/polling.js';
import { SUBMISSION_STATES } from '../../shared/submissions/transitions.js';
import { drainLongPolls, waitForChange, waitingLongPolls } from '../../services/http/long-poll.js';

/**
 * Polling a submission (docs/api.md#polling-a-submission): the bounds of `waitSeconds`, the poll hint
 * per state as documented, and the long-poll's waiters (woken by an invalidation this process applies,
 * bounded per submission, answered on a drain). No Redis: `dropLocal` is what a pub/sub message runs.
 */
const t = suite('submission polling');
const root = path.resolve(import.meta.dirname, '../..').replace(/\/dist$/, '');

const refusal = (waitSeconds: unknown) => {
  try {
    parseInput(SubmissionReadQuery, { waitSeconds }, 'query');
  } catch (err) {
    const e = err as { status: number; code: string; field?: string };
    return { status: e.status, code: e.code, field: e.field };
  }
  return null;
};

t('waitSeconds: whole seconds from 0 to 30; anything else is 400 invalid_field naming waitSeconds', () => {
  assert.equal(parseInput(SubmissionReadQuery, {}, 'query'), {});
  assert.is(parseInput(SubmissionReadQuery, { waitSeconds: '0' }, 'query').waitSeconds, 0);
  assert.is(parseInput(SubmissionReadQuery, { waitSeconds: '30' }, 'query').waitSeconds, 30);
  for (const bad of ['31', '-1', 'abc', '1.5', '', ' 5', '1e1', '0x10', ['1', '2']]) {
    assert.equal(refusal(bad), { status: 400, code: 'invalid_field', field: 'waitSeconds' }, JSON.stringify(bad));
  }
});

t('the poll hint per state is the one docs/api.md states; final states have none', () => {
  const doc = readFileSync(path.join(root, 'docs', 'api.md'), 'utf8').replace(/\s+/g, ' ');
  for (const state of SUBMISSION_STATES) {
    const hint = POLL_AFTER_SECONDS[state];
    if (hint === null) {
      assert.is(pollAfterSeconds(state), undefined, state);
      assert.match(doc, new RegExp(`\`${state}\`[^.]*carry neither`), `${state} documented as final`);
    } else {
      assert.is(pollAfterSeconds(state), hint, state);
      assert.match(doc, new RegExp(`\`${state}\`(?: and \`[A-Z_]+\`)? ${hint}\\b`), `${state} ${hint} documented`);
    }
  }
  // A final state still changes while its dispute waits.
  assert.is(pollAfterSeconds('REJECTED', 'operator'), 300);
  assert.is(pollAfterSeconds('APPROVED', 'council'), 30);
});

const response = () => new EventEmitter() as unknown as ServerResponse;
const KEY = '00000000-0000-4000-8000-00000000000a';

t('a long-poll wakes on its submission invalidation and answers only when the state differs', async () => {
  let checks = 0;
  let differs = false;
  const check = async () => {
    checks += 1;
    return differs;
  };
  const waiting = waitForChange(KEY, 30, check, response());
  await new Promise((r) => setImmediate(r));
  assert.is(waitingLongPolls(), 1);
  // Another submission's change does not wake it; a change that shows nothing new is checked and waited past.
  dropLocal('submission', ['00000000-0000-4000-8000-00000000000b']);
  dropLocal('submission', [KEY]);
  await new Promise((r) => setTimeout(r, 10));
  assert.is(checks, 1);
  differs = true;
  dropLocal('submission', [KEY]);
  assert.is(await waiting, 'changed');
  assert.is(checks, 2);
  assert.is(waitingLongPolls(), 0);
});

t('a change that lands between the read and the wait is seen at once, not at the timeout', async () => {
  // The handler notes the invalidations before its read; the change arrives while that read runs, before
  // any waiter is there to be woken (the read it shared was overtaken and answered with the old state).
  const readAt = invalidationsSeen('submission');
  dropLocal('submission', [KEY]);
  let checks = 0;
  const outcome = await waitForChange(KEY, 1, async () => ++checks > 0, response(), readAt);
  assert.is(outcome, 'changed');
  assert.is(checks, 1);
  // Nothing came since the read: it waits (here until its one-second timeout) without looking.
  checks = 0;
  assert.is(await waitForChange(KEY, 1, async () => ++checks > 0, response(), invalidationsSeen('submission')), 'timeout');
  assert.is(checks, 0);
});

t('a long-poll ends when the client leaves, and at its timeout', async () => {
  const res = response();
  const waiting = waitForChange(KEY, 30, async () => true, res);
  await new Promise((r) => setImmediate(r));
  res.emit('close');
  assert.is(await waiting, 'gone');
  assert.is(await waitForChange(KEY, 1, async () => true, response()), 'timeout');
  assert.is(waitingLongPolls(), 0);
});

t('at most LONG_POLL_MAX_PER_SUBMISSION wait on one submission (429 naming waitSeconds); a drain answers them all', async () => {
  const waits = [1, 2, 3, 4].map(() => waitForChange(KEY, 30, async () => false, response()));
  await new Promise((r) => setImmediate(r));
  try {
    await waitForChange(KEY, 30, async () => false, response());
    assert.unreachable('a fifth waiter was accepted');
  } catch (err) {
    const e = err as { status: number; code: string; field?: string; headers?: Record<string, string> };
    assert.equal([e.status, e.code, e.field, e.headers?.['Retry-After']], [429, 'too_many_waiters', 'waitSeconds', '1']);
  }
  // Another submission still has room.
  const other = waitForChange('00000000-0000-4000-8000-00000000000c', 30, async () => false, response());
  drainLongPolls();
  assert.equal(await Promise.all([...waits, other]), ['draining', 'draining', 'draining', 'draining', 'draining']);
  assert.is(await waitForChange(KEY, 30, async () => false, response()), 'draining', 'no new waiter after a drain');
  assert.is(waitingLongPolls(), 0);
});

t.run();
