import { readFileSync } from 'node:fs';
import { parseSkill } from '../shared/skills/parse.js';
import { dryRunReview } from '../shared/council/dry-run.js';
const text = readFileSync(process.argv[2]!, 'utf8');
const r = dryRunReview(parseSkill(text, { field: 'skillMdContent' }));
console.log(r.status);
for (const f of r.report.findings) console.log(`${f.blocking ? 'B' : ' '} ${f.ruleId} ${f.severity} L${(f as any).line ?? ''} :: ${String((f as any).evidence ?? (f as any).message ?? '').slice(0, 300)}`);
