import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { submissionPrice } from '../../shared/payments/submission-price.js';
import { DevSubmitBody, DraftBody, parseInput } from '../../shared/api/schemas.js';
import { ApiError } from '../../shared/errors.js';

test('price: the product price plus the packages the preview will audit, in cents', () => {
  const p = submissionPrice(40, { packagesToAudit: 2, uncachedCostUsd: 3 });
  assert.equal(p, { productPriceUsd: 40, packagesToAudit: 2, packagesUsd: 3, totalUsd: 43, amountUsdc: '43.00' });
  // Binary fractions do not leak into the amount asked: 0.1 + 0.2 is 0.30.
  assert.is(submissionPrice(0.1, { packagesToAudit: 1, uncachedCostUsd: 0.2 }).amountUsdc, '0.30');
  assert.is(submissionPrice(25, { packagesToAudit: 3, uncachedCostUsd: 0.5 + 1.5 + 4 }).totalUsd, 31);
});

test('price: no packages (other product types, or everything certified already) is the product price', () => {
  assert.equal(submissionPrice(25), { productPriceUsd: 25, packagesToAudit: 0, packagesUsd: 0, totalUsd: 25, amountUsdc: '25.00' });
  assert.is(submissionPrice(40, { packagesToAudit: 0, uncachedCostUsd: 0 }).amountUsdc, '40.00');
  // A free product with packages to audit still costs the audits.
  assert.is(submissionPrice(0, { packagesToAudit: 1, uncachedCostUsd: 1.5 }).amountUsdc, '1.50');
  assert.is(submissionPrice(0, null).totalUsd, 0);
});

test('price: a negative or non-numeric price is a programming error, never a refund', () => {
  assert.throws(() => submissionPrice(-1), RangeError);
  assert.throws(() => submissionPrice(Number.NaN), RangeError);
  assert.throws(() => submissionPrice(10, { packagesToAudit: 1, uncachedCostUsd: -5 }), RangeError);
});

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof ApiError ? `${err.status} ${err.code} ${err.field ?? ''}`.trim() : String(err);
  }
  return 'accepted';
};

test('dev submit body: draftId must be a UUID v4; dependency files are a name → text map; unknown members refused', () => {
  const base = { url: 'https://example.com/skill' };
  assert.is(code(() => parseInput(DevSubmitBody, { ...base, draftId: '6f1c2b1e-5d7a-4c3e-9a51-0b7f3f0e2a11' })), 'accepted');
  assert.match(code(() => parseInput(DevSubmitBody, { ...base, draftId: 'nope' })), /^400 \w+ draftId$/);
  assert.match(code(() => parseInput(DevSubmitBody, { ...base, productType: 'CODE+PACKAGES', dependencyFiles: { 'package.json': 42 } })), /^400 \w+ dependencyFiles/);
  assert.match(code(() => parseInput(DevSubmitBody, { ...base, productType: 'CODE+PACKAGES', packages: [] })), /^400 /);
  assert.match(code(() => parseInput(DevSubmitBody, { ...base, productType: 'PACKAGES' })), /^400 \w+ productType$/);
  assert.is(parseInput(DraftBody, {}).productType, 'CODE+PACKAGES');
});

test.run();
