import { Validator } from '../db/models.js';
import { validatorWallet } from '../signing.js';
import { BUILT_IN_VALIDATORS } from './validators.js';
import type { ValidatorLens } from './types.js';

/** Registers (or refreshes) the built-in validators with their derived wallet addresses. */
export async function syncBuiltInValidators(): Promise<Validator[]> {
  const rows: Validator[] = [];
  for (const v of BUILT_IN_VALIDATORS) {
    const walletAddress = validatorWallet(v.key).address;
    const [row] = await Validator.upsert({ key: v.key, displayName: v.displayName, lens: v.lens, kind: 'BUILT_IN', walletAddress, active: true });
    rows.push(row);
  }
  return rows;
}

export function builtInLens(key: string): ValidatorLens | undefined {
  return BUILT_IN_VALIDATORS.find((v) => v.key === key);
}
