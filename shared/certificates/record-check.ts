import { getAddress, getBytes, verifyMessage } from 'ethers';
import { canonicalJson, sha256Hex } from '../canonical.js';
import type { CertificatePayload } from './canonical-form.js';

/** The signed bytes of a certificate as the public detail serves them (`GET …/certificates/{skillId}`). */
export interface SignedCertificateRecord {
  canonicalJson: string;
  payloadHash: string;
  signature: string;
}

export interface RecordCheck {
  /** Every check below held. */
  ok: boolean;
  /** 0x + SHA-256 of the canonical JSON, computed here (never taken from the record). */
  payloadHash: string;
  /** The sealed record, parsed; null when the bytes are not JSON. */
  payload: CertificatePayload | null;
  /** The address the signature recovers to; null when it is no signature. */
  recoveredSigner: string | null;
  problems: string[];
}

/**
 * Whether a certificate record is what the service sealed (docs/certificates.md § Certificates are
 * evidence), checked with public facts only: the canonical JSON is in canonical form, its SHA-256 is
 * the payloadHash, the EIP-191 signature over those 32 bytes recovers to `signer` (the published
 * signing address the reader trusts), and the record names this certificate and this issuer.
 */
export function checkCertificateRecord(record: SignedCertificateRecord, expected: { signer: string; certificateId: string }): RecordCheck {
  const problems: string[] = [];
  const payloadHash = `0x${sha256Hex(record.canonicalJson)}`;
  if (payloadHash !== String(record.payloadHash).toLowerCase()) problems.push(`the record's payloadHash ${record.payloadHash} is not the SHA-256 of its canonical JSON (${payloadHash})`);
  let payload: CertificatePayload | null = null;
  try {
    payload = JSON.parse(record.canonicalJson) as CertificatePayload;
    if (canonicalJson(payload) !== record.canonicalJson) problems.push('the record is not in canonical form (sorted keys, no insignificant whitespace)');
  } catch {
    problems.push('the record is not JSON');
  }
  let recoveredSigner: string | null = null;
  try {
    recoveredSigner = verifyMessage(getBytes(payloadHash), record.signature);
  } catch {
    problems.push('the signature is not an EIP-191 signature');
  }
  let signer: string;
  try {
    signer = getAddress(expected.signer);
  } catch {
    signer = expected.signer;
    problems.push(`the expected signer ${expected.signer} is not an address`);
  }
  if (recoveredSigner && recoveredSigner !== signer) problems.push(`the certificate was signed by ${recoveredSigner}, not by the published signer ${signer}`);
  if (payload) {
    if (payload.certificateId !== expected.certificateId) problems.push(`the record is certificate ${payload.certificateId}, not ${expected.certificateId}`);
    const issuer = payload.issuer?.signer;
    if (typeof issuer !== 'string' || issuer.toLowerCase() !== signer.toLowerCase()) problems.push(`the record names the issuer ${issuer}, not the published signer ${signer}`);
  }
  return { ok: problems.length === 0, payloadHash, payload, recoveredSigner, problems };
}
