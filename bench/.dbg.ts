import { readFileSync } from 'node:fs';
import { parseSkill } from '../shared/skills/parse.js';
import { analyzeSkill } from '../shared/sandbox/analyze.js';
import { readEffects } from '../shared/sandbox/effects/index.js';
import { SourceText } from '../shared/sandbox/text.js';
import { dryRunReview } from '../shared/council/dry-run.js';
for (const f of process.argv.slice(2)) {
  const text = readFileSync(f, 'utf8');
  const skill = parseSkill(text, { field: 'skillMdContent' });
  const r = analyzeSkill(skill);
  console.log('==', f, dryRunReview(skill).status);
  for (const x of r.findings) console.log('  F', x.ruleId, x.severity, x.blocking ? 'B' : '', 'L' + (x.location?.line ?? ''), x.message.slice(0, 160));
  if (process.env.ACT) {
    const m = readEffects(new SourceText(text, 1), { vendorWords: new Set() });
    for (const a of m.actions) console.log('  A', a.kind, a.entry, a.mode, 'L' + a.line, a.object?.slice(0, 60), a.host ?? '', a.channel ?? '', (a.consumes ?? []).join(',').slice(0, 60), (a.flags ?? []).join(','), '|', m.flow.reached.get(a)?.map((t) => t.kind + ':' + t.source.line).join(',') ?? '');
  }
}
