import type { ServerResponse } from 'node:http';
import { invalidationsSeen, onInvalidation } from '../../shared/cache/read-cache.js';
import { config } from '../../shared/config.js';
import { ApiError } from '../../shared/errors.js';
import { metrics } from '../../shared/metrics.js';

/**
 * Long-polls on submissions (docs/api.md#polling-a-submission). A waiter sleeps until the read cache's
 * invalidation for its key reaches this process (Redis pub/sub, shared/cache/read-cache.ts), then
 * reloads once and answers if what it shows changed; nothing reads MySQL while it waits. A lost
 * message costs at most the wait: the answer at the timeout is read afresh. The waiters are bounded
 * per key and per process, and answered at once when the process drains.
 */

interface Waiter {
  wake(): void;
}

const byKey = new Map<string, Set<Waiter>>();
let total = 0;
let draining = false;

const wakeAll = () => {
  for (const set of byKey.values()) for (const w of set) w.wake();
};

onInvalidation('submission', (keys) => {
  // null: every cache was cleared (the channel lost or regained); each waiter checks its own key.
  if (keys === null) return wakeAll();
  for (const k of keys) for (const w of byKey.get(k) ?? []) w.wake();
});

export type WaitEnd = 'changed' | 'timeout' | 'gone' | 'draining';

/**
 * Waits up to `seconds` for `key` to change: after each wake, `check()` reloads and says whether the
 * answer differs from what the client has. Ends early when the client goes away (`res` closes) or the
 * process drains. Throws 429/503 (with Retry-After) beyond the configured number of waiters.
 * `readAt`: `invalidationsSeen('submission')` taken before the caller read what the client has; when an
 * invalidation came since (it may have overtaken that read, and no waiter was there to be woken), the
 * first turn checks at once instead of sleeping.
 */
export async function waitForChange(key: string, seconds: number, check: () => Promise<boolean>, res: ServerResponse, readAt?: number): Promise<WaitEnd> {
  if (draining) return 'draining';
  const cfg = config();
  const here = byKey.get(key);
  if ((here?.size ?? 0) >= cfg.LONG_POLL_MAX_PER_SUBMISSION) {
    throw new ApiError(429, 'too_many_waiters', `At most ${cfg.LONG_POLL_MAX_PER_SUBMISSION} long-polls may wait on one submission at once`, 'waitSeconds', { 'Retry-After': '1' });
  }
  if (total >= cfg.LONG_POLL_MAX_WAITERS) {
    throw new ApiError(503, 'long_poll_capacity', 'This server holds as many long-polls as it may; poll without waitSeconds or retry after Retry-After seconds', 'waitSeconds', { 'Retry-After': '5' });
  }
  let woken = readAt !== undefined && invalidationsSeen('submission') !== readAt;
  let resume: (() => void) | undefined;
  const waiter: Waiter = {
    wake() {
      woken = true;
      resume?.();
    },
  };
  const set = here ?? new Set<Waiter>();
  if (!here) byKey.set(key, set);
  set.add(waiter);
  total += 1;
  metrics.longPollWaiters.set(total);
  let ended: WaitEnd | undefined;
  const end = (why: WaitEnd) => {
    ended ??= why;
    resume?.();
  };
  const timer = setTimeout(() => end('timeout'), seconds * 1000);
  const onClose = () => end('gone');
  res.once('close', onClose);
  let outcome: WaitEnd = 'gone';
  try {
    for (;;) {
      if (draining) end('draining');
      if (ended) return (outcome = ended);
      if (!woken) await new Promise<void>((r) => (resume = r));
      resume = undefined;
      if (ended) return (outcome = ended);
      if (draining) return (outcome = 'draining');
      // Wakes that arrive while this reload runs are kept for the next turn (`woken` set again).
      woken = false;
      if (await check()) return (outcome = 'changed');
    }
  } finally {
    metrics.longPolls.inc({ end: outcome });
    clearTimeout(timer);
    res.off('close', onClose);
    set.delete(waiter);
    if (set.size === 0 && byKey.get(key) === set) byKey.delete(key);
    total -= 1;
    metrics.longPollWaiters.set(total);
  }
}

/** On drain: every waiting long-poll answers now with the current state, and no new one waits. */
export function drainLongPolls(): void {
  draining = true;
  wakeAll();
}

/** Whether the process is draining (its answers then close their connection). */
export const longPollsDraining = () => draining;

/** For tests: how many long-polls wait. */
export const waitingLongPolls = () => total;
