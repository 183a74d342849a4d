/**
 * Per file of a tuned skill set: its verdict, the highest finding severity (-1 none, 0 INFO … 4 CRITICAL) and the
 * rules at LOW or above. For reading what a ruleset saw of a set when it arrived: check the code out at the commit
 * that scored the set on arrival (`git worktree add /tmp/old <commit>`, then `cp -al node_modules /tmp/old/`) and
 * pass it with `--code`; the sets are read from this tree, and a set this tree still holds out is refused (reading
 * its files ends its use as an exam). docs/skill-verdicts.md, "What the unseen misses looked like on arrival".
 *
 *   npx tsx bench/skill-arrival-findings.ts [--code /tmp/old] test/fixtures/skills-heldout-33 [more set folders …]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { dryRunReview as DryRunReview } from '../shared/council/dry-run.js';
import type { parseSkill as ParseSkill } from '../shared/skills/parse.js';
import { HELDOUT_SETS, TUNED_SETS } from '../test/support/skills-heldout.js';

const args = process.argv.slice(2);
const at = args.indexOf('--code');
const code = at >= 0 ? path.resolve(args.splice(at, 2)[1] ?? '.') : path.resolve(import.meta.dirname, '..');
const { dryRunReview } = (await import(pathToFileURL(path.join(code, 'shared/council/dry-run.ts')).href)) as { dryRunReview: typeof DryRunReview };
const { parseSkill } = (await import(pathToFileURL(path.join(code, 'shared/skills/parse.ts')).href)) as { parseSkill: typeof ParseSkill };

/** A held-out set (registered, not tuned) or the held-out real set, by its folder's name. */
const heldOut = (dir: string) => {
  const name = path.basename(path.resolve(dir));
  return name === 'skills-real-honest-2' || ((HELDOUT_SETS as readonly string[]).includes(name) && !TUNED_SETS.has(name));
};

const rank: Record<string, number> = { INFO: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };
for (const dir of args) {
  if (heldOut(dir)) {
    console.error(`${dir} is held out: score it in aggregate with bench/skill-score-sets.ts`);
    process.exit(2);
  }
  const rows = readFileSync(path.join(dir, 'index.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  for (const [file, label, , , note] of rows) {
    const r = dryRunReview(parseSkill(readFileSync(path.join(dir, file!), 'utf8'), { field: 'skillMdContent' }));
    const findings = r.report.findings;
    const max = findings.reduce((m, f) => Math.max(m, rank[f.severity] ?? 0), -1);
    const rules = [...new Set(findings.filter((f) => (rank[f.severity] ?? 0) >= 1).map((f) => `${f.ruleId}:${f.severity[0]}`))].slice(0, 6).join(',');
    console.log([path.basename(dir), file, label, r.status, max, rules, (note ?? '').slice(0, 80)].join('\t'));
  }
}
