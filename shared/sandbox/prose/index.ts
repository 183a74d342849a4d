/**
 * The prose reader of the effect model: readProse(src) turns the steps a skill's prose addresses to
 * the agent into actions (effects/types.ts); modeOf decides from structure whether a clause is an
 * instruction, an example, a negated rule or teaching; proseFindings judges the prose actions that
 * are findings on their own (PROSE_RULES). See docs/skill-prose.md.
 */
export { readProse, standingSends } from './read.js';
export { modeOf, proseUnits, clausesOf, type ProseUnit, type Clause, type UnitKind } from './structure.js';
export { PROSE_RULES, proseFindings, proseRuleFor, type ProseRule } from './policy.js';
export { hiddenTexts, type HiddenText } from './unicode.js';
