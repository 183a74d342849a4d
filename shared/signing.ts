import { Wallet, getBytes, keccak256, toUtf8Bytes, verifyMessage } from 'ethers';
import { config } from './config.js';
import { canonicalJson, payloadHash, sha256Hex } from './canonical.js';
import { signDigestEip191 } from './secp256k1-sign.js';

/**
 * Evidence signatures: EIP-191 personal_sign over the 32 bytes of the payload hash
 * (SHA-256 of the canonical JSON). A consumer checks with ethers alone:
 *   verifyMessage(getBytes(payloadHash), signature) === signer
 */
export interface SignedEnvelope<T> {
  payload: T;
  payloadHash: string;
  signature: string;
  signer: string;
}

let serviceWallet: Wallet | undefined;

export function serviceSigner(): Wallet {
  serviceWallet ??= new Wallet(config().serviceSignerKey);
  return serviceWallet;
}

export function signPayloadWith(wallet: Wallet, payload: unknown): { payloadHash: string; signature: string; signer: string } {
  const { payloadHash, signature, signer } = signCanonicalWith(wallet, payload);
  return { payloadHash, signature, signer };
}

/** `signPayloadWith`, with the canonical JSON it hashed: a caller that stores that text has it without encoding the payload twice. */
export function signCanonicalWith(wallet: Wallet, payload: unknown): { canonicalJson: string; payloadHash: string; signature: string; signer: string } {
  const json = canonicalJson(payload);
  const digest = sha256Hex(json);
  // wallet.signMessageSync(getBytes(hash)), byte for byte, at less CPU (shared/secp256k1-sign.ts).
  const signature = signDigestEip191(wallet, Buffer.from(digest, 'hex'));
  const hash = `0x${digest}`;
  return { canonicalJson: json, payloadHash: hash, signature, signer: wallet.address };
}

export function signEnvelope<T>(payload: T): SignedEnvelope<T> {
  return { payload, ...signPayloadWith(serviceSigner(), payload) };
}

export function verifyEnvelope(env: { payload: unknown; payloadHash: string; signature: string; signer: string }): boolean {
  if (payloadHash(env.payload) !== env.payloadHash) return false;
  try {
    return verifyMessage(getBytes(env.payloadHash), env.signature).toLowerCase() === env.signer.toLowerCase();
  } catch {
    return false;
  }
}

/** Deterministic per-validator wallet derived from the seed: each built-in validator has its own key. */
const validatorWallets = new Map<string, Wallet>();

export function validatorWallet(validatorKey: string): Wallet {
  let w = validatorWallets.get(validatorKey);
  if (!w) {
    w = new Wallet(keccak256(toUtf8Bytes(`cert-validator:${config().validatorKeySeed}:${validatorKey}`)));
    validatorWallets.set(validatorKey, w);
  }
  return w;
}

