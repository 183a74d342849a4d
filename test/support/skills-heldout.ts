/**
 * The held-out skills sets (test/fixtures/skills-heldout, -2 … -36) and the reviewers' sets (skills-review-1 … -3): attacks and hard honest twins written
 * by someone who did not write the detection rules, for scoring only — never for tuning. Same
 * index.tsv columns as the calibration corpus, so runSkillsCorpus() reads it; the family of a
 * row is the bracketed start of its note ("[exfil-gh]; …"), which becomes the result's group.
 *
 * skills-honest-23 is different: honest skills only, written by the fairness round fair23 before it ran the analyser on
 * them, and tuned on by that round (docs/skill-verdicts.md, "Fairness to honest authors, round 23").
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The held-out sets, oldest first. */
export const HELDOUT_SETS = ['skills-heldout', 'skills-heldout-2', 'skills-heldout-3', 'skills-review-1', 'skills-heldout-4', 'skills-heldout-5', 'skills-heldout-6', 'skills-heldout-7', 'skills-heldout-8', 'skills-heldout-9', 'skills-heldout-10', 'skills-review-2', 'skills-heldout-11', 'skills-heldout-12', 'skills-review-3', 'skills-heldout-13', 'skills-heldout-14', 'skills-heldout-15', 'skills-heldout-16', 'skills-heldout-17', 'skills-heldout-18', 'skills-heldout-19', 'skills-heldout-20', 'skills-heldout-21', 'skills-heldout-22', 'skills-heldout-23', 'skills-heldout-24', 'skills-heldout-25', 'skills-heldout-26', 'skills-heldout-27', 'skills-heldout-28', 'skills-heldout-29', 'skills-heldout-30', 'skills-heldout-31', 'skills-heldout-32', 'skills-heldout-33', 'skills-heldout-34', 'skills-heldout-35', 'skills-heldout-36', 'skills-honest-23'] as const;

/**
 * The sets the current ruleset was tuned on. A set is held out until a round scores it once; the
 * next round may tune on it, and a newer blind set takes its place as the held-out one.
 */
export const TUNED_SETS: ReadonlySet<string> = new Set(['skills-heldout', 'skills-heldout-2', 'skills-heldout-3', 'skills-review-1', 'skills-heldout-4', 'skills-heldout-5', 'skills-heldout-6', 'skills-heldout-7', 'skills-heldout-8', 'skills-heldout-9', 'skills-heldout-10', 'skills-review-2', 'skills-heldout-11', 'skills-review-3', 'skills-heldout-13', 'skills-heldout-15', 'skills-heldout-16', 'skills-heldout-17', 'skills-heldout-19', 'skills-heldout-20', 'skills-heldout-21', 'skills-heldout-22', 'skills-heldout-23', 'skills-heldout-24', 'skills-heldout-25', 'skills-heldout-26', 'skills-heldout-27', 'skills-heldout-28', 'skills-heldout-29', 'skills-heldout-30', 'skills-heldout-31', 'skills-heldout-32', 'skills-heldout-33', 'skills-honest-23']);

/** A set's folder, found from the source tree or from the compiled copy under dist/. */
export function heldoutDir(set: (typeof HELDOUT_SETS)[number] = 'skills-heldout'): string {
  let dir = here;
  for (let i = 0; i < 5; i++) {
    const cand = path.join(dir, '..', 'fixtures', set);
    if (existsSync(path.join(cand, 'index.tsv'))) return path.resolve(cand);
    const fromRoot = path.join(dir, 'test', 'fixtures', set);
    if (existsSync(path.join(fromRoot, 'index.tsv'))) return path.resolve(fromRoot);
    dir = path.dirname(dir);
  }
  throw new Error(`test/fixtures/${set}/index.tsv not found`);
}
