import { getAddress } from 'ethers';
import { badRequest } from './errors.js';

/** EIP-55: all-lowercase or all-uppercase hex is accepted as unchecksummed; mixed case must checksum. */
export function checksumAddress(value: string, field: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw badRequest('invalid_wallet_address', `${field} must be a 0x-prefixed 20-byte hex address`, field);
  try {
    return getAddress(value);
  } catch {
    throw badRequest('invalid_wallet_address', `${field} fails its EIP-55 checksum`, field);
  }
}
