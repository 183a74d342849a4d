/**
 * What to change for a finding known only by its rule id (a certificate's retained warnings keep the id, category
 * and message, not the fix): the rule's own fix, for a prose rule the entry its message names ("[prose.…]"), and the
 * interface's guidance for the category when the id is not in this ruleset.
 */
import { PROSE_RULES } from './prose/policy.js';
import { FIX_TEXT, ruleById } from './rules.js';
import type { FindingCategory } from './types.js';

export function fixFor(ruleId: string, category: string, message = ''): string | null {
  const rule = ruleById(ruleId);
  if (rule) return rule.fix;
  const prose = PROSE_RULES.filter((r) => r.ruleId === ruleId);
  if (prose.length) {
    const entry = /\[(prose\.[a-z.-]+)\]/.exec(message)?.[1];
    return (prose.find((r) => r.entry === entry) ?? prose[0]!).fix;
  }
  return FIX_TEXT[category as FindingCategory] ?? null;
}
