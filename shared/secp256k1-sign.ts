import { createHmac } from 'node:crypto';
import { keccak256, type Wallet } from 'ethers';
import { secp256k1 } from '@noble/curves/secp256k1';
import { weierstrass, type CurveType } from '@noble/curves/abstract/weierstrass';

/**
 * EIP-191 personal_sign of a 32-byte digest, byte for byte what ethers' `Wallet.signMessageSync(digest)` gives:
 * keccak-256 of "\x19Ethereum Signed Message:\n32" ‖ digest, signed with deterministic ECDSA (RFC 6979) on
 * secp256k1, low s, serialised r ‖ s ‖ v (v 0x1b or 0x1c). A verifier's check is unchanged
 * (`verifyMessage(getBytes(payloadHash), signature) === signer`, docs/certificates.md).
 *
 * It is ethers' own curve arithmetic (@noble/curves, the version ethers pins), with two things done more cheaply,
 * neither of which changes a byte: the RFC 6979 nonce's HMAC-SHA256 runs in node:crypto instead of JavaScript,
 * and the generator's precomputed table has 10-bit windows instead of 8 (each half of the split scalar takes
 * 14 point additions instead of 17; the table, about 7,000 points, is built once per process, by
 * `prepareSigning` at start-up, else at the first signature). Measured in one process: about a quarter less CPU per signature (docs/benchmarks.md, tenth pass).
 */
const GENERATOR_WINDOW_BITS = 10;

const hmacSha256 = (key: Uint8Array, ...messages: Uint8Array[]): Uint8Array => {
  const h = createHmac('sha256', key);
  for (const m of messages) h.update(m);
  return new Uint8Array(h.digest());
};

let curve: ReturnType<typeof weierstrass> | undefined;

function signingCurve(): ReturnType<typeof weierstrass> {
  if (!curve) {
    curve = weierstrass({ ...(secp256k1.CURVE as unknown as CurveType), hmac: hmacSha256 });
    curve.utils.precompute(GENERATOR_WINDOW_BITS);
  }
  return curve;
}

/**
 * Builds the generator's table now (0.3–0.5 s of CPU on this machine): the web and worker processes call it
 * while they start, so the first verdict does not pay it on its path. Returns the milliseconds it took (0 when
 * already built).
 */
export function prepareSigning(): number {
  if (curve) return 0;
  const started = performance.now();
  signingCurve();
  return Math.round(performance.now() - started);
}

const MESSAGE_PREFIX = new TextEncoder().encode('\x19Ethereum Signed Message:\n32');

/** Each wallet's private key as a scalar, read once (a Wallet's key never changes). */
const scalars = new WeakMap<Wallet, bigint>();

function scalarOf(wallet: Wallet): bigint {
  let d = scalars.get(wallet);
  if (d === undefined) {
    d = BigInt(wallet.privateKey);
    scalars.set(wallet, d);
  }
  return d;
}

const hex32 = (n: bigint): string => n.toString(16).padStart(64, '0');

/** `wallet.signMessageSync(digest)` for a 32-byte digest (the same signature; see the module comment). */
export function signDigestEip191(wallet: Wallet, digest: Uint8Array): string {
  if (digest.length !== 32) throw new Error('signDigestEip191 signs a 32-byte digest');
  const message = new Uint8Array(MESSAGE_PREFIX.length + 32);
  message.set(MESSAGE_PREFIX);
  message.set(digest, MESSAGE_PREFIX.length);
  const sig = signingCurve().sign(keccak256(message).slice(2), scalarOf(wallet), { lowS: true });
  // ethers maps any non-zero recovery to 0x1c (Signature.from({ v: recovery ? 0x1c : 0x1b })).
  return `0x${hex32(sig.r)}${hex32(sig.s)}${sig.recovery ? '1c' : '1b'}`;
}
