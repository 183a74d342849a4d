import type { ParsedSkill } from '../skills/types.js';

export type Severity = 'INFO' | 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
export const SEVERITY_ORDER: Severity[] = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];

/** The spec's five rejection reasons, plus the hiding tricks that conceal them. */
export type FindingCategory =
  | 'shell_execution'
  | 'undeclared_external_host'
  | 'manifest_mismatch'
  | 'prompt_injection'
  | 'credential_exfiltration'
  | 'hidden_content'
  | 'obfuscation'
  /** Package Trust Registry results merged into a CODE+PACKAGES submission's report. */
  | 'dependency'
  /** The analysis itself was cut off (its time budget): what was not read is not approved. */
  | 'analysis_limit'
  /** API and SKILL+API: a declared endpoint did not answer as declared (shared/endpoints/judge.ts). */
  | 'endpoint';

export interface Finding {
  /** Stable rule id, e.g. "SHELL-EXEC-001". Never renamed once published. */
  ruleId: string;
  category: FindingCategory;
  severity: Severity;
  /** A blocking finding ends the submission in SANDBOX_FAILED. */
  blocking: boolean;
  /** One sentence a developer understands. */
  message: string;
  /** 1-based line and column in the LF-normalised file; snippet at most 120 chars, control chars escaped. */
  location: { line: number; column: number; snippet: string };
  /** What to change for this rule (starting with the guidance the spec names for the reason, where it fits). */
  fix: string;
  /**
   * Set on reports that left the analyser (report-limits.ts): how many findings this one stands for
   * (repeats of the rule folded into it), and the first few of their locations (`location` first).
   */
  occurrences?: number;
  locations?: FindingLocation[];
}

export type FindingLocation = Finding['location'];

export type RiskLevel = 'LOW' | 'MEDIUM' | 'HIGH';

export interface SandboxReport {
  rulesetVersion: string;
  riskLevel: RiskLevel;
  blocked: boolean;
  /** One line: why it was blocked, or what was noted. */
  summary: string;
  findings: Finding[];
  /** Behaviour observed in the file, used by the council and the certificate. */
  observed: {
    urls: string[];
    hosts: string[];
    /** Capabilities implied by the content (same vocabulary as manifest.capabilities). */
    capabilities: string[];
  };
}

export type AnalyzeSkill = (skill: ParsedSkill) => SandboxReport;
