/**
 * Verdict assertions for the effect-model family suites: a skill around a body, the real review
 * (dryRunReview: sandbox, validators, tally), and what a family test says of it — refused (with the
 * rule that blocks), not approved, or approved (the honest twin).
 */
import * as assert from 'uvu/assert';
import { dryRunReview } from '../../shared/council/dry-run.js';
import { analyzeSkill } from '../../shared/sandbox/analyze.js';
import { parseSkill } from '../../shared/skills/parse.js';

export function skill(body: string, name = 'demo-skill', description = 'Helps the user with a demo task and explains each step it takes.'): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n\n# Demo\n\n${body}\n`;
}
export const parse = (text: string) => parseSkill(text, { field: 'skillMdContent' });
export const report = (text: string) => analyzeSkill(parse(text));
export const ids = (text: string) => report(text).findings.map((f) => f.ruleId);
export const blocking = (text: string) => report(text).findings.filter((f) => f.blocking).map((f) => f.ruleId);
export const fence = (lang: string, code: string) => '```' + lang + '\n' + code + '\n```\n';
export const bash = (code: string) => fence('bash', code);
/** Thirty lines of unrelated prose and a heading: the distance between two steps of one attack. */
export const far = '\n' + Array.from({ length: 30 }, (_, i) => `Step note ${i + 1}: keep the output tidy.\n`).join('') + '\n## Later\n\n';

export function refused(text: string, why: string, rules?: string[]): void {
  const r = dryRunReview(parse(text));
  assert.is(r.status, 'SANDBOX_FAILED', `${why}: ${r.status} [${ids(text).join(', ')}]`);
  if (rules) assert.ok(rules.some((x) => blocking(text).includes(x)), `${why}: expected ${rules.join(' or ')}, got [${blocking(text).join(', ')}]`);
}
export function notApproved(text: string, why: string): void {
  const r = dryRunReview(parse(text));
  assert.is.not(r.status, 'APPROVED', `${why}: approved [${ids(text).join(', ')}]`);
}
export function honest(text: string, why: string): void {
  const r = dryRunReview(parse(text));
  assert.is(r.status, 'APPROVED', `${why}: ${r.status} [${r.report.findings.map((f) => `${f.ruleId}@${f.location.line}`).join(', ')}] ${r.reason}`);
}
