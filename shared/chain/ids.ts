import { zeroPadValue } from 'ethers';
import { isUuid } from '../ids.js';


/**
 * On-chain id of a certificate: its UUID (lower-case, hyphens removed) read as a 16-byte number and
 * left-padded to 32 bytes. Reversible (an explorer user can read the UUID back from an event) and
 * computable with ethers alone:
 *
 *     ethers.zeroPadValue('0x' + uuid.replaceAll('-', '').toLowerCase(), 32)
 *
 * e.g. 3f2c9a7e-1b4d-4c8e-9f00-0a1b2c3d4e5f → 0x000…0003f2c9a7e1b4d4c8e9f000a1b2c3d4e5f
 */
export function certificateIdToBytes32(uuid: string): string {
  if (!isUuid(uuid)) throw new TypeError('certificate id must be a UUID');
  return zeroPadValue(`0x${uuid.replace(/-/g, '').toLowerCase()}`, 32);
}

/** Inverse of certificateIdToBytes32; null when the value is not such an id. */
export function bytes32ToCertificateId(id: string): string | null {
  const m = /^0x0{32}([0-9a-f]{32})$/i.exec(id);
  if (!m) return null;
  const h = m[1]!.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A certificate payload hash ('0x' + 64 hex, the SHA-256 of the canonical JSON) as bytes32. */
export function payloadHashToBytes32(hash: string): string {
  if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new TypeError('payload hash must be 0x + 64 hex digits');
  return hash.toLowerCase();
}
