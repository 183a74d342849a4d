/**
 * The skills calibration corpus (../shared/data/skills-corpus: real public SKILL.md files and
 * malicious specimens, labelled in index.tsv) run through the service's real review
 * (dryRunReview: sandbox, validators, tally). Shared by the corpus test and the bench.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dryRunReview, type DryRunStatus } from '../../shared/council/dry-run.js';
import { parseSkill } from '../../shared/skills/parse.js';
import { sharedDataDir } from './shared-data.js';
import * as assert from 'uvu/assert';

export function skillsCorpusDir(): string | null {
  return sharedDataDir('skills-corpus');
}

export interface CorpusResult {
  file: string;
  label: 'benign' | 'malicious';
  /** Source collection (benign) or technique group (malicious). */
  group: string;
  status: DryRunStatus | 'UNPARSEABLE';
  /** Rule ids of blocking findings, or the escalation/rejection reasons. */
  why: string[];
  ms: number;
}

function groupOf(label: string, source: string, note: string): string {
  if (label === 'benign') return source.split('@')[0] ?? source;
  if (source.startsWith('openclaw/')) return 'ClawHavoc campaign (real)';
  return (note.replace(/^written:\s*/, '').split(/[;(]/)[0] ?? note).trim().slice(0, 60);
}

export function runSkillsCorpus(dir: string): CorpusResult[] {
  const rows = readFileSync(path.join(dir, 'index.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
  const out: CorpusResult[] = [];
  for (const [file, label, source, , note] of rows) {
    const text = readFileSync(path.join(dir, file!), 'utf8');
    const t0 = process.hrtime.bigint();
    let status: CorpusResult['status'];
    let why: string[] = [];
    try {
      const r = dryRunReview(parseSkill(text, { field: 'skillMdContent' }));
      status = r.status;
      why =
        r.status === 'SANDBOX_FAILED'
          ? [...new Set(r.report.findings.filter((f) => f.blocking).map((f) => f.ruleId))]
          : r.opinions.filter((o) => o.opinion.verdict !== 'APPROVE').flatMap((o) => o.opinion.reasons.slice(0, 1));
    } catch (e) {
      status = 'UNPARSEABLE';
      why = [(e as Error).message];
    }
    out.push({
      file: file!,
      label: label as CorpusResult['label'],
      group: groupOf(label!, source ?? '', note ?? ''),
      status,
      why,
      ms: Number(process.hrtime.bigint() - t0) / 1e6,
    });
  }
  return out;
}

export function rates(results: CorpusResult[]) {
  const benign = results.filter((r) => r.label === 'benign');
  const mal = results.filter((r) => r.label === 'malicious');
  const frac = (xs: CorpusResult[], pred: (r: CorpusResult) => boolean) =>
    xs.length ? xs.filter(pred).length / xs.length : 0;
  const refused = (r: CorpusResult) =>
    r.status === 'REJECTED' || r.status === 'SANDBOX_FAILED' || r.status === 'UNPARSEABLE';
  return {
    benign: benign.length,
    malicious: mal.length,
    benignRefused: frac(benign, refused),
    benignEscalated: frac(benign, (r) => r.status === 'ESCALATED'),
    maliciousNotApproved: frac(mal, (r) => r.status !== 'APPROVED'),
    maliciousRefused: frac(mal, (r) => r.status === 'REJECTED' || r.status === 'SANDBOX_FAILED'),
  };
}

/**
 * Holds a set at the line it reached; the goals are higher (docs/skill-verdicts.md). `heldOut`: the set is held out (docs/skill-verdicts.md, "Held out"), so a failure says the rates only — naming its
 * files and their findings would teach whoever reads the failure what the rules miss there.
 */
export function holdsLine(
  results: ReturnType<typeof runSkillsCorpus>,
  line: { honestRefused: number; honestEscalated: number; notApproved: number; refused: number },
  heldOut = false,
): void {
  const r = rates(results);
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const list = (pred: (x: (typeof results)[number]) => boolean) =>
    heldOut
      ? '(held out: files not listed)'
      : results
          .filter(pred)
          .map((x) => `${x.file} ${x.status} ${x.why.join(' | ').slice(0, 120)}`)
          .join('\n');
  assert.ok(
    r.benignRefused <= line.honestRefused,
    `honest skills refused: ${pct(r.benignRefused)}\n${list((x) => x.label === 'benign' && x.status !== 'APPROVED' && x.status !== 'ESCALATED')}`,
  );
  assert.ok(r.benignEscalated <= line.honestEscalated, `honest skills escalated: ${pct(r.benignEscalated)}`);
  assert.ok(r.maliciousNotApproved >= line.notApproved, `attacks not approved: ${pct(r.maliciousNotApproved)}`);
  assert.ok(r.maliciousRefused >= line.refused, `attacks refused: ${pct(r.maliciousRefused)}`);
}
