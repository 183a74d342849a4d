/**
 * The analyser's report as every caller gets it: the analysis, then the bounds of report-limits.ts. Apart from
 * report-limits.ts because importing it loads the analyser (its parsers and warm-up, about 2 s of CPU): the
 * analysis threads, the dry run and the no-thread path of skill-pool.ts import it; the web and worker main
 * threads, which only hand skills to threads, do not (docs/testing.md, "Run time").
 */
import type { ParsedSkill } from '../skills/types.js';
import { analyzeSkill } from './analyze.js';
import { limitReport } from './report-limits.js';
import type { SandboxReport } from './types.js';

/** The analyser's report, bounded: what every caller gets (analyze.ts loads the parsers when it is first imported). */
export function finishedReport(skill: ParsedSkill): SandboxReport {
  return limitReport(analyzeSkill(skill));
}
