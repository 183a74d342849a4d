/**
 * The effect model's actions of one tuning skill, one line each (kind, entry, mode, origin, object, host, channel, what
 * reached it through the data flow): for reading what a policy over actions sees. Never on a held-out set's files
 * (docs/skill-verdicts.md, "Held out").
 *
 *   npx tsx bench/skill-actions.ts test/fixtures/skills-heldout-33/s010.md [all]   (`all`: examples and negated too)
 */
import { readFileSync } from 'node:fs';
import { effectModelOf } from '../shared/sandbox/analyze.js';
import { parseSkill } from '../shared/skills/parse.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx bench/skill-actions.ts FILE [all]');
  process.exit(2);
}
const { model, vendorWords } = effectModelOf(parseSkill(readFileSync(file, 'utf8'), { field: 'skillMdContent' }));
console.log(`vendor words: ${[...vendorWords].slice(0, 40).join(' ')}`);
for (const a of model.actions) {
  if (a.mode !== 'instruction' && process.argv[3] !== 'all') continue;
  const reached = (model.flow.reached.get(a) ?? []).map((t) => `${t.kind}:${t.source.entry}@${t.source.line}`);
  console.log(`${String(a.line).padStart(4)} ${a.kind.padEnd(9)} ${a.entry.padEnd(34)} ${a.mode.slice(0, 5)} ${a.origin.padEnd(6)} obj=${(a.object ?? '').slice(0, 60)} host=${a.host ?? ''} ch=${a.channel ?? ''} via=${(a.via ?? '').slice(0, 30)} fl=${(a.flags ?? []).join(',')}${reached.length ? ` <= ${reached.join(' ')}` : ''}`);
}
