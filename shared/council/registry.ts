import { Validator } from '../db/models.js';
import { validatorWallet } from '../signing.js';
import { BUILT_IN_VALIDATORS } from './validators.js';
import { llmSettings } from './llm.js';
import { LLM_VALIDATOR_KEY } from './seats.js';
import type { ValidatorLens } from './types.js';

/**
 * Registers (or refreshes) the validators the service runs itself: the built-ins and, when
 * configured, the LLM validator, with their derived wallet addresses. An operator's suspension is
 * kept; the LLM validator is taken out of service while it is not configured.
 */
export async function syncBuiltInValidators(): Promise<Validator[]> {
  const rows: Validator[] = [];
  const own = BUILT_IN_VALIDATORS.map((v) => ({ key: v.key, displayName: v.displayName, lens: v.lens, kind: 'BUILT_IN' }));
  const llm = llmSettings();
  if (llm) own.push({ key: LLM_VALIDATOR_KEY, displayName: 'LLM reviewer', lens: `Whole-case review by a language model (${llm.model}); the case is given as data, the verdict checked against a schema.`, kind: 'LLM' });
  for (const v of own) {
    const walletAddress = validatorWallet(v.key).address;
    const [row, created] = await Validator.findOrCreate({ where: { key: v.key }, defaults: { ...v, walletAddress, active: true, status: 'ADMITTED' } });
    if (!created) {
      const suspended = row.status === 'SUSPENDED';
      await row.update({ ...v, walletAddress, active: !suspended, status: suspended ? 'SUSPENDED' : 'ADMITTED' });
    }
    rows.push(row);
  }
  if (!llm) await Validator.update({ active: false }, { where: { key: LLM_VALIDATOR_KEY } });
  return rows;
}

export function builtInLens(key: string): ValidatorLens | undefined {
  return BUILT_IN_VALIDATORS.find((v) => v.key === key);
}
