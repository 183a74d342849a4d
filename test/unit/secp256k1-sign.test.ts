import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Wallet, getBytes, sha256, toUtf8Bytes, verifyMessage } from 'ethers';
import { prepareSigning, signDigestEip191 } from '../../shared/secp256k1-sign.js';
import { validatorWallet } from '../../shared/signing.js';

// What a signature proves must not move: the service's votes and certificates are checked by anyone with
// ethers' verifyMessage, and their signatures are stored and compared byte for byte (RFC 6979: one payload,
// one signature). So the cheaper signer must give exactly ethers' signature, not merely a valid one.

test('the table is built once, by the start-up call when it comes first; signatures after it are unchanged', () => {
  // In a fresh process (this one may have signed already, in another suite file of its lane): the first call builds
  // the table and takes time, the second finds it built.
  const mod = new URL('../../shared/secp256k1-sign.js', import.meta.url).href;
  const out = execFileSync(process.execPath, [...process.execArgv, '--input-type=module', '-e', `const m = await import(${JSON.stringify(mod)}); console.log(JSON.stringify([m.prepareSigning(), m.prepareSigning()]))`], { encoding: 'utf8' });
  const [first, second] = JSON.parse(out.trim().split('\n').pop()!) as [number, number];
  assert.ok(first > 0, `the first call builds the table (${first} ms)`);
  assert.is(second, 0, 'the second finds it built');
  prepareSigning();
  assert.is(prepareSigning(), 0, 'already built');
  const wallet = Wallet.createRandom();
  const digest = randomBytes(32);
  assert.is(signDigestEip191(wallet as unknown as Wallet, digest), wallet.signMessageSync(digest));
});

test('a known key and digest give the signature ethers gives (fixed vector)', () => {
  const w = new Wallet('0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318');
  const digest = getBytes(sha256(toUtf8Bytes('{"schema":"cert.vote/1"}')));
  assert.is(
    signDigestEip191(w, digest),
    '0x5d759fd0f7895a802f9d1088f26c56f57678d5b4338765eb700b84063eceb9b96bba90563538faec5558ee178d5b00129421aecccdf0f9757fe21b0eb977c2db1b',
  );
  assert.is(verifyMessage(digest, signDigestEip191(w, digest)), '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23');
});

test('random keys and digests: byte for byte ethers signMessageSync, and verifyMessage recovers the signer', () => {
  const wallets = [
    ...Array.from({ length: 40 }, () => Wallet.createRandom() as unknown as Wallet),
    validatorWallet('static-analysis'),
    validatorWallet('policy'),
    // Keys near the ends of the scalar range.
    new Wallet(`0x${'00'.repeat(31)}01`),
    new Wallet('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140'),
  ];
  let yParity1b = 0;
  let yParity1c = 0;
  for (let i = 0; i < 400; i++) {
    const w = wallets[i % wallets.length]!;
    const digest = i % 50 === 0 ? new Uint8Array(32).fill(i % 100 === 0 ? 0 : 0xff) : new Uint8Array(randomBytes(32));
    const sig = signDigestEip191(w, digest);
    assert.is(sig, w.signMessageSync(digest), `key ${w.address}, digest ${Buffer.from(digest).toString('hex')}`);
    if (sig.endsWith('1b')) yParity1b++;
    else yParity1c++;
    if (i % 20 === 0) assert.is(verifyMessage(digest, sig), w.address);
  }
  // Both recovery values occurred, so both serialisations were compared.
  assert.ok(yParity1b > 0 && yParity1c > 0);
});

test('only a 32-byte digest is signed', () => {
  const w = Wallet.createRandom() as unknown as Wallet;
  assert.throws(() => signDigestEip191(w, new Uint8Array(31)));
  assert.throws(() => signDigestEip191(w, new Uint8Array(33)));
});

test.run();
