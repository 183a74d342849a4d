import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Wallet, getBytes, verifyMessage } from 'ethers';
import { canonicalJson, payloadHash } from '../../shared/canonical.js';
import { signPayloadWith, verifyEnvelope } from '../../shared/signing.js';

test('canonical JSON sorts keys at every depth and drops insignificant whitespace', () => {
  assert.is(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } }), '{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
  assert.is(canonicalJson({ a: undefined, b: 'é\n' }), '{"b":"é\\n"}');
  assert.throws(() => canonicalJson({ n: Number.NaN }));
});

test('the payload hash does not depend on key order', () => {
  assert.is(payloadHash({ a: 1, b: 2 }), payloadHash({ b: 2, a: 1 }));
  assert.is.not(payloadHash({ a: 1 }), payloadHash({ a: 2 }));
  assert.match(payloadHash({}), /^0x[0-9a-f]{64}$/);
});

test('a signed envelope verifies with ethers alone and fails when tampered', () => {
  const w = Wallet.createRandom();
  const payload = { submissionId: 'x', status: 'APPROVED' };
  const s = signPayloadWith(w as unknown as Wallet, payload);
  assert.is(verifyMessage(getBytes(s.payloadHash), s.signature), w.address);
  assert.ok(verifyEnvelope({ payload, ...s }));
  assert.not.ok(verifyEnvelope({ payload: { ...payload, status: 'REJECTED' }, ...s }));
  assert.not.ok(verifyEnvelope({ payload, ...s, signer: Wallet.createRandom().address }));
});

test.run();
