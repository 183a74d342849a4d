import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { submissionPrice, type ProductTerms } from '../../shared/payments/submission-price.js';
import { DevSubmitBody, DraftBody, parseInput } from '../../shared/api/schemas.js';
import { ApiError } from '../../shared/errors.js';

const product = (categoryPriceUsd: number, more: Partial<ProductTerms> = {}): ProductTerms => ({ categoryKey: 'CODE+PACKAGES', categoryPriceUsd, ...more });

test('price: the product price plus the packages the preview will audit, in cents', () => {
  const p = submissionPrice(product(40), { packagesToAudit: 2, uncachedCostUsd: 3 });
  assert.equal(p, { categoryKey: 'CODE+PACKAGES', listPriceUsd: 40, voucher: null, productPriceUsd: 40, packagesToAudit: 2, packagesUsd: 3, totalUsd: 43, amountUsdc: '43.00' });
  // Binary fractions do not leak into the amount asked: 0.1 + 0.2 is 0.30.
  assert.is(submissionPrice(product(0.1), { packagesToAudit: 1, uncachedCostUsd: 0.2 }).amountUsdc, '0.30');
  assert.is(submissionPrice(product(25), { packagesToAudit: 3, uncachedCostUsd: 0.5 + 1.5 + 4 }).totalUsd, 31);
});

test('price: no packages (other product types, or everything certified already) is the product price', () => {
  assert.equal(submissionPrice(product(25, { categoryKey: 'SKILL' })), { categoryKey: 'SKILL', listPriceUsd: 25, voucher: null, productPriceUsd: 25, packagesToAudit: 0, packagesUsd: 0, totalUsd: 25, amountUsdc: '25.00' });
  assert.is(submissionPrice(product(40), { packagesToAudit: 0, uncachedCostUsd: 0 }).amountUsdc, '40.00');
  // A free product with packages to audit still costs the audits.
  assert.is(submissionPrice(product(0), { packagesToAudit: 1, uncachedCostUsd: 1.5 }).amountUsdc, '1.50');
  assert.is(submissionPrice(product(0), null).totalUsd, 0);
});

test('price: a voucher takes its percentage off the product price only, never off the package audits', () => {
  const p = submissionPrice(product(40, { voucher: { code: 'HALF', discountPercent: 50 } }), { packagesToAudit: 2, uncachedCostUsd: 3 });
  assert.equal([p.listPriceUsd, p.productPriceUsd, p.packagesUsd, p.totalUsd, p.amountUsdc], [40, 20, 3, 23, '23.00']);
  assert.equal(p.voucher, { code: 'HALF', discountPercent: 50 });
  // 100 % makes the product free; the audits are still paid.
  assert.is(submissionPrice(product(40, { voucher: { code: 'ALL', discountPercent: 100 } }), { packagesToAudit: 1, uncachedCostUsd: 0.5 }).amountUsdc, '0.50');
  // 33 % off 25 is 16.75.
  assert.is(submissionPrice(product(25, { voucher: { code: 'THIRD', discountPercent: 33 } })).productPriceUsd, 16.75);
});

test('price: a paid resubmission is the category price × its multiplier, rounded to cents', () => {
  const p = submissionPrice(product(25, { categoryKey: 'SKILL', multiplier: 0.333 }));
  assert.equal([p.listPriceUsd, p.totalUsd, p.amountUsdc], [8.33, 8.33, '8.33']);
  assert.is(submissionPrice(product(40, { multiplier: 0.5, voucher: { code: 'Q', discountPercent: 25 } })).amountUsdc, '15.00');
});

test('price: a negative or non-numeric price, multiplier or discount is a programming error, never a refund', () => {
  assert.throws(() => submissionPrice(product(-1)), RangeError);
  assert.throws(() => submissionPrice(product(Number.NaN)), RangeError);
  assert.throws(() => submissionPrice(product(10), { packagesToAudit: 1, uncachedCostUsd: -5 }), RangeError);
  assert.throws(() => submissionPrice(product(10, { multiplier: -1 })), RangeError);
  assert.throws(() => submissionPrice(product(10, { voucher: { code: 'X', discountPercent: 150 } })), RangeError);
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
