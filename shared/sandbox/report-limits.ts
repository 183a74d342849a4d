/**
 * Bounds on a sandbox report once it leaves the analyser (docs/analysis-limits.md):
 *
 * - findings are grouped: repeats of one rule at the same severity and with the same message become
 *   one finding with `occurrences` (how many it stands for) and `locations` (the first few). A rule
 *   keeps at most MAX_MESSAGES_PER_RULE distinct messages; further ones fold into the rule's first
 *   finding. A 512 KiB file of one repeated line was 11,148 findings (4.3 MB); it is now one per rule.
 *   Severity, category and blocking are never merged across, so every verdict reads the same facts.
 * - an analysis cut off at its time budget is a blocked report with LIMIT-TIME-001: what was not read
 *   is never approved.
 *
 * Applied after the rules, not inside them: the rules stay free to report every match.
 */
import { SANDBOX_RULESET_VERSION } from './ruleset-version.js';
import { FIX_TEXT } from './rules.js';
import type { Finding, FindingLocation, SandboxReport } from './types.js';

/** Locations kept on one grouped finding. */
export const MAX_LOCATIONS_PER_FINDING = 5;
/** Distinct messages (e.g. different hosts) kept per rule, severity and blocking flag. */
export const MAX_MESSAGES_PER_RULE = 5;

/** The analysis ran past its time budget (SKILL_ANALYSIS_BUDGET_MS, PACKAGE_ANALYSIS_BUDGET_MS). */
export const TIME_LIMIT_RULE_ID = 'LIMIT-TIME-001';
/** The analysis needed more than its thread's heap cap (SKILL_ANALYSIS_HEAP_MB). */
export const MEMORY_LIMIT_RULE_ID = 'LIMIT-MEMORY-001';

type Grouped = Finding & { occurrences: number; locations: FindingLocation[] };

/**
 * Groups findings as described above, in the order of their first occurrence. Idempotent: grouped
 * findings group again with their counts added (a report with package findings merged in).
 */
export function groupFindings(findings: readonly Finding[]): Finding[] {
  const out: Grouped[] = [];
  const byMessage = new Map<string, Grouped>();
  const byRule = new Map<string, Grouped[]>();
  for (const f of findings) {
    const rule = `${f.ruleId}\u0000${f.category}\u0000${f.severity}\u0000${f.blocking}`;
    const n = f.occurrences ?? 1;
    const locs = f.locations?.length ? f.locations : [f.location];
    let g = byMessage.get(`${rule}\u0000${f.message}`);
    if (!g) {
      const siblings = byRule.get(rule) ?? [];
      if (siblings.length >= MAX_MESSAGES_PER_RULE) g = siblings[0]!;
    }
    if (g) {
      g.occurrences += n;
      for (const l of locs) if (g.locations.length < MAX_LOCATIONS_PER_FINDING) g.locations.push(l);
      continue;
    }
    g = { ...f, occurrences: n, locations: locs.slice(0, MAX_LOCATIONS_PER_FINDING) };
    byMessage.set(`${rule}\u0000${f.message}`, g);
    byRule.set(rule, [...(byRule.get(rule) ?? []), g]);
    out.push(g);
  }
  return out;
}

/** The report as it leaves the analyser: findings grouped; everything else as the analyser wrote it. */
export function limitReport(report: SandboxReport): SandboxReport {
  return { ...report, findings: groupFindings(report.findings) };
}

/** The report of an analysis stopped at its time budget (ms) or heap cap (MB): blocked, and it says why. */
export function cutOffReport(limit: 'time' | 'memory', value: number): SandboxReport {
  const location = { line: 1, column: 1, snippet: '' };
  const what = limit === 'time' ? `its ${value} ms time budget` : `its thread's ${value} MB heap cap`;
  const finding: Finding = {
    ruleId: limit === 'time' ? TIME_LIMIT_RULE_ID : MEMORY_LIMIT_RULE_ID,
    category: 'analysis_limit',
    severity: 'HIGH',
    blocking: true,
    message: `The analysis of this file was cut off at ${what}: the file was not fully read, so it cannot be approved.`,
    location,
    fix: FIX_TEXT.analysis_limit,
    occurrences: 1,
    locations: [location],
  };
  return {
    rulesetVersion: SANDBOX_RULESET_VERSION,
    riskLevel: 'HIGH',
    blocked: true,
    summary: `Blocked: the analysis was cut off at ${what} (1 finding).`,
    findings: [finding],
    observed: { urls: [], hosts: [], capabilities: [] },
  };
}
