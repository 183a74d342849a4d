import { readFileSync } from 'node:fs';
import { analyzeSkill } from '../shared/sandbox/analyze.js';
import { parseSkill } from '../shared/skills/parse.js';
for (const f of process.argv.slice(2)) {
  const text = readFileSync(f, 'utf8');
  const rep: any = analyzeSkill(parseSkill(text, { field: 'skillMdContent' }) as any);
  console.log('==', f, rep.risk ?? '');
  for (const x of rep.findings ?? []) console.log(`  ${x.ruleId} ${x.severity} blk=${x.blocking} L${JSON.stringify(x.location ?? x.line)} :: ${String(x.message).slice(0, 300)}`);
}
