import { readFileSync } from 'node:fs';
import { parseSkill } from '../shared/skills/parse.js';
import { dryRunReview } from '../shared/council/dry-run.js';
const text = readFileSync(process.argv[2]!, 'utf8');
const r = dryRunReview(parseSkill(text, { field: 'skillMdContent' }));
console.log(r.status);
for (const o of r.opinions) console.log(o.opinion.verdict, o.opinion.reasons.slice(0,2).join(' | ').slice(0,300));
