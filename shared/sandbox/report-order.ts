/**
 * How a sandbox report's findings are ordered and summed up (risk level, summary line), apart from the
 * analyser (analyze.ts) so that a process that only adds findings to a report made in an analysis thread
 * (the worker's sandbox step: package and endpoint findings) does not load the analyser, its parsers and
 * its warm-up (about 2 s of CPU per process start; docs/testing.md, "Run time").
 */
import type { Finding, FindingCategory, RiskLevel, SandboxReport, Severity } from './types.js';
import { SEVERITY_ORDER } from './types.js';

function rank(s: Severity): number {
  return SEVERITY_ORDER.indexOf(s);
}

const CATEGORY_ORDER: FindingCategory[] = [
  'credential_exfiltration',
  'shell_execution',
  'prompt_injection',
  'obfuscation',
  'hidden_content',
  'undeclared_external_host',
  'manifest_mismatch',
];

export function compareFindings(a: Finding, b: Finding): number {
  return a.location.line - b.location.line
    || a.location.column - b.location.column
    || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
    || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
}

export function riskOf(findings: Finding[]): RiskLevel {
  if (findings.some((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL')) return 'HIGH';
  if (findings.some((f) => f.severity === 'MEDIUM')) return 'MEDIUM';
  return 'LOW';
}

export function summaryOf(findings: Finding[]): string {
  const blocking = findings.filter((f) => f.blocking);
  if (blocking.length > 0) {
    const maxSev = new Map<FindingCategory, number>();
    for (const f of blocking) maxSev.set(f.category, Math.max(maxSev.get(f.category) ?? -1, rank(f.severity)));
    const cats = [...maxSev.keys()].sort((a, b) =>
      (maxSev.get(b) ?? 0) - (maxSev.get(a) ?? 0) || CATEGORY_ORDER.indexOf(a) - CATEGORY_ORDER.indexOf(b));
    const names = cats.map((c) => c.replace(/_/g, ' '));
    return `Blocked: ${names.join(', ')} (${blocking.length} finding${blocking.length === 1 ? '' : 's'}).`;
  }
  if (findings.length === 0) return 'No findings.';
  const top = findings.reduce((m, f) => Math.max(m, rank(f.severity)), 0);
  return `No blocking findings; ${findings.length} noted (${SEVERITY_ORDER[top]}).`;
}

/** The report with more findings (e.g. from the Package Trust Registry), risk, blocking and summary recomputed. */
export function withFindings(report: SandboxReport, extra: Finding[]): SandboxReport {
  if (extra.length === 0) return report;
  const findings = [...report.findings, ...extra].sort(compareFindings);
  return { ...report, findings, riskLevel: riskOf(findings), blocked: findings.some((f) => f.blocking), summary: summaryOf(findings) };
}
