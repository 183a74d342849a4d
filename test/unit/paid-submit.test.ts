import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Submission } from '../../shared/db/models.js';
import { ApiError } from '../../shared/errors.js';
import { submissionPrice } from '../../shared/payments/submission-price.js';
import { buyRequest, paymentResource, requestLock, type Pay, type PriceTerms, type Purchase, type PurchaseStore } from '../../shared/submissions/paid-submit.js';
import { requestHash, type Submitter } from '../../shared/submissions/intake.js';

/**
 * The rule "a settled payment buys this request" (shared/submissions/paid-submit.ts) against an
 * in-memory store: named locks that serialise per name, stored submissions by (owner, key), settled
 * payments by resource, voucher uses. The e2e suites (agent, payment-recovery, packages) run the
 * same rule against MySQL and a chain.
 */

const submitter: Submitter = { owner: 'wallet:0xabc', channel: 'agent' };
const KEY = '3f1c2a4e-6b7d-4e8f-9a0b-1c2d3e4f5a6b';

function memoryStore(settled: Record<string, string> = {}, voucherUses: Record<string, number> = {}) {
  const stored = new Map<string, { hash: string; submission: Submission }>();
  const held = new Map<string, Promise<unknown>>();
  const log: string[] = [];
  const store: PurchaseStore = {
    async withLocks(names, fn) {
      // Serialise per name, as MySQL's GET_LOCK does across processes.
      const sorted = [...new Set(names)].sort();
      const prior = Promise.all(sorted.map((n) => held.get(n) ?? Promise.resolve()));
      const run = prior.then(() => {
        log.push(`lock ${sorted.join(' ')}`);
        return fn();
      });
      const settledRun = run.catch(() => undefined);
      for (const n of sorted) held.set(n, settledRun);
      return run;
    },
    async findPrior(s, key, hash) {
      const found = stored.get(`${s.owner}|${key}`);
      if (!found) return null;
      if (found.hash !== hash) throw new ApiError(409, 'idempotency_key_reused', 'different request');
      return found.submission;
    },
    async settledPayment(resource) {
      return settled[resource] ?? null;
    },
    async reserveVoucher(code) {
      log.push(`reserve ${code}`);
      if ((voucherUses[code] ?? 0) <= 0) return false;
      voucherUses[code]! -= 1;
      return true;
    },
    async releaseVoucher(code) {
      log.push(`release ${code}`);
      voucherUses[code] = (voucherUses[code] ?? 0) + 1;
    },
  };
  return { store, stored, log, voucherUses };
}

type Made = { paymentId: string | null; voucherReserved: boolean };

function purchase(mem: ReturnType<typeof memoryStore>, more: Partial<Purchase> & { totalUsd?: number | null } = {}) {
  const made: Made[] = [];
  const identity = more.identity ?? { categoryKey: 'SKILL', skillMdContent: '# a skill', idempotencyKey: KEY };
  const { totalUsd = 25, ...rest } = more;
  const p: Purchase = {
    submitter,
    idempotencyKey: KEY,
    identity,
    resourcePrefix: `submission:${submitter.owner}`,
    price: async () => (totalUsd === null ? null : submissionPrice({ categoryKey: 'SKILL', categoryPriceUsd: totalUsd })),
    description: 'cert submission (SKILL)',
    purpose: { kind: 'submission' },
    create: async (paymentId, voucherReserved) => {
      made.push({ paymentId, voucherReserved });
      const submission = { id: `sub-${made.length}`, paymentId } as unknown as Submission;
      mem.stored.set(`${submitter.owner}|${KEY}`, { hash: requestHash(identity), submission });
      return { submission, replayed: false };
    },
    ...rest,
  };
  return { p, made };
}

function payer(answer: 'paid' | 'answered' | 'throw' = 'paid') {
  const asked: PriceTerms[] = [];
  const pay: Pay = async (terms) => {
    asked.push(terms);
    if (answer === 'throw') throw new Error('facilitator down');
    return answer === 'paid' ? { outcome: 'paid', paymentId: `pay-${asked.length}` } : { outcome: 'answered' };
  };
  return { pay, asked };
}

test('paid: the buyer is asked the price for this very request, and the payment buys the submission', async () => {
  const mem = memoryStore();
  const { p, made } = purchase(mem);
  const { pay, asked } = payer();
  const out = await buyRequest(p, pay, mem.store);
  assert.is(out?.submission.id, 'sub-1');
  assert.is(out?.replayed, false);
  assert.equal(made, [{ paymentId: 'pay-1', voucherReserved: true }]);
  assert.is(asked.length, 1);
  assert.is(asked[0]!.amountUsdc, '25.00');
  assert.is(asked[0]!.resource, paymentResource(`submission:${submitter.owner}`, KEY, p.identity));
  assert.is(asked[0]!.resource.startsWith(`submission:${submitter.owner}:${KEY}:`), true);
  assert.equal(asked[0]!.purpose, { kind: 'submission', price: asked[0]!.breakdown });
  assert.equal(mem.log, [`lock ${requestLock(submitter, KEY)}`]);
});

test('replay: a stored request is answered as it is, neither priced nor paid again', async () => {
  const mem = memoryStore();
  const first = purchase(mem);
  await buyRequest(first.p, payer().pay, mem.store);
  const again = purchase(mem, { price: async () => assert.unreachable('priced again') as never });
  const { pay, asked } = payer();
  const out = await buyRequest(again.p, pay, mem.store);
  assert.equal([out?.submission.id, out?.replayed], ['sub-1', true]);
  assert.is(asked.length, 0);
  assert.is(again.made.length, 0);
  // The same key for another request is refused, not bought.
  const other = purchase(mem, { identity: { categoryKey: 'SKILL', skillMdContent: '# another', idempotencyKey: KEY } });
  try {
    await buyRequest(other.p, pay, mem.store);
    assert.unreachable('a reused key was accepted');
  } catch (err) {
    assert.is((err as ApiError).code, 'idempotency_key_reused');
  }
  assert.is(asked.length, 0);
});

test('recovery: a payment settled for this request (before a crash) buys it, whatever the price says now', async () => {
  const identity = { categoryKey: 'SKILL', skillMdContent: '# a skill', idempotencyKey: KEY };
  const resource = paymentResource(`submission:${submitter.owner}`, KEY, identity);
  const mem = memoryStore({ [resource]: 'pay-before-crash' }, { HALF: 0 });
  const { p, made } = purchase(mem, { identity, voucherCode: 'HALF', price: async () => assert.unreachable('priced although paid') as never });
  const { pay, asked } = payer();
  const out = await buyRequest(p, pay, mem.store);
  assert.is(out?.submission.id, 'sub-1');
  assert.is(asked.length, 0);
  // The voucher's use was reserved before that payment: it is not counted a second time.
  assert.equal(made, [{ paymentId: 'pay-before-crash', voucherReserved: true }]);
  assert.is(mem.log.includes('reserve HALF'), false);
});

test('recovery: a payment settled for another request (another body under the same key) buys nothing', async () => {
  const paidFor = { categoryKey: 'SKILL', skillMdContent: '# the paid one', idempotencyKey: KEY };
  const mem = memoryStore({ [paymentResource(`submission:${submitter.owner}`, KEY, paidFor)]: 'pay-other' });
  const { p, made } = purchase(mem);
  const { pay, asked } = payer();
  await buyRequest(p, pay, mem.store);
  assert.is(asked.length, 1);
  assert.equal(made, [{ paymentId: 'pay-1', voucherReserved: true }]);
});

test('free: a request that costs nothing is created without asking for a payment', async () => {
  for (const totalUsd of [0, null]) {
    const mem = memoryStore({}, { ALL: 1 });
    const { p, made } = purchase(mem, { totalUsd, voucherCode: 'ALL' });
    const { pay, asked } = payer();
    const out = await buyRequest(p, pay, mem.store);
    assert.is(out?.submission.id, 'sub-1');
    assert.is(asked.length, 0);
    // Not reserved here: creating the submission redeems a voucher in its own transaction.
    assert.equal(made, [{ paymentId: null, voucherReserved: false }]);
    assert.is(mem.voucherUses.ALL, 1);
  }
});

test('voucher: one use is reserved before the charge and kept when the buyer pays', async () => {
  const mem = memoryStore({}, { HALF: 2 });
  const { p } = purchase(mem, { voucherCode: 'HALF' });
  const { pay } = payer('paid');
  await buyRequest(p, pay, mem.store);
  assert.is(mem.voucherUses.HALF, 1);
  assert.equal(mem.log.slice(1), ['reserve HALF']);
});

test('voucher: released when the buyer is answered instead (402) or the payment fails', async () => {
  for (const answer of ['answered', 'throw'] as const) {
    const mem = memoryStore({}, { HALF: 1 });
    const { p, made } = purchase(mem, { voucherCode: 'HALF' });
    const { pay } = payer(answer);
    if (answer === 'answered') assert.is(await buyRequest(p, pay, mem.store), null);
    else {
      try {
        await buyRequest(p, pay, mem.store);
        assert.unreachable('the failure was swallowed');
      } catch (err) {
        assert.is((err as Error).message, 'facilitator down');
      }
    }
    assert.is(made.length, 0, answer);
    assert.is(mem.voucherUses.HALF, 1, answer);
    assert.equal(mem.log.slice(1), ['reserve HALF', 'release HALF'], answer);
  }
});

test('voucher: an exhausted voucher is a 409 before anyone is asked to pay', async () => {
  const mem = memoryStore({}, { GONE: 0 });
  const { p, made } = purchase(mem, { voucherCode: 'GONE' });
  const { pay, asked } = payer();
  try {
    await buyRequest(p, pay, mem.store);
    assert.unreachable('an exhausted voucher was accepted');
  } catch (err) {
    assert.equal([(err as ApiError).status, (err as ApiError).code], [409, 'voucher_exhausted']);
  }
  assert.is(asked.length, 0);
  assert.is(made.length, 0);
});

test('locks: the extra locks are held with the request lock, and the check under them runs before any price', async () => {
  const mem = memoryStore();
  const order: string[] = [];
  const { p } = purchase(mem, {
    alsoLock: ['cert:resubmit:parent-1'],
    checkUnderLock: async () => {
      order.push('check');
      throw new ApiError(409, 'already_resubmitted', 'already');
    },
    price: async () => {
      order.push('price');
      return null;
    },
  });
  const { pay, asked } = payer();
  try {
    await buyRequest(p, pay, mem.store);
    assert.unreachable('the check was skipped');
  } catch (err) {
    assert.is((err as ApiError).code, 'already_resubmitted');
  }
  assert.equal(order, ['check']);
  assert.is(asked.length, 0);
  assert.equal(mem.log, [`lock ${['cert:resubmit:parent-1', requestLock(submitter, KEY)].sort().join(' ')}`]);
});

test('concurrency: two requests with the same key at once are paid once; the second waits, then replays', async () => {
  const mem = memoryStore();
  const a = purchase(mem);
  const b = purchase(mem);
  const { pay, asked } = payer();
  const [x, y] = await Promise.all([buyRequest(a.p, pay, mem.store), buyRequest(b.p, pay, mem.store)]);
  assert.is(asked.length, 1);
  assert.is(x?.submission.id, y?.submission.id);
  assert.equal([x?.replayed, y?.replayed], [false, true]);
});

test.run();
