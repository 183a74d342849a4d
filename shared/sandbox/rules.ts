/**
 * The sandbox rule table: one entry per rule. Rule ids are stable and never renamed once published;
 * a change to any entry (or to what a rule matches) bumps SANDBOX_RULESET_VERSION in analyze.ts.
 */
import type { Finding, FindingCategory, Severity } from './types.js';
import type { Location } from './text.js';

export interface RuleDef {
  ruleId: string;
  category: FindingCategory;
  severity: Severity;
  blocking: boolean;
  /** Short description of what the rule detects. */
  title: string;
  fix: string;
}

export const FIX_TEXT: Record<FindingCategory, string> = {
  shell_execution: 'Remove shell execution from runtime code.',
  undeclared_external_host: 'Add the host to manifest.externalCalls, or remove the call.',
  manifest_mismatch: 'Make the declared capabilities in the manifest match the behaviour of the skill.',
  prompt_injection: 'Remove text that overrides or addresses reviewer or system instructions.',
  credential_exfiltration: 'Remove code that sends environment variables or credentials outbound.',
  hidden_content: 'Remove hidden or encoded content; write instructions in plain visible text.',
  obfuscation: 'Remove hidden or encoded content; write instructions in plain visible text.',
  dependency: 'Remove the dependency or pin a version the Package Trust Registry certifies.',
};

function rule(
  ruleId: string,
  category: FindingCategory,
  severity: Severity,
  blocking: boolean,
  title: string,
): RuleDef {
  return Object.freeze({ ruleId, category, severity, blocking, title, fix: FIX_TEXT[category] });
}

export const RULES = {
  shellPipe: rule('SHELL-PIPE-001', 'shell_execution', 'CRITICAL', true,
    'Downloaded content piped or fed straight into a shell (curl | sh, iex (iwr ...)).'),
  shellExec: rule('SHELL-EXEC-001', 'shell_execution', 'HIGH', true,
    'Shell-out through a shell interpreter (shell=True, os.system, os.popen, child_process exec, Runtime.exec, Invoke-Expression).'),
  subprocess: rule('SHELL-EXEC-002', 'shell_execution', 'MEDIUM', false,
    'Subprocess API use without a shell (subprocess.run, child_process import, spawn, execFile).'),
  evalDownload: rule('SHELL-EXEC-003', 'shell_execution', 'HIGH', true,
    'Downloaded content executed through eval or command substitution.'),
  credentialExfil: rule('CRED-EXFIL-001', 'credential_exfiltration', 'CRITICAL', true,
    'Environment variables or credential files read and sent outbound in the same code.'),
  promptOverride: rule('PROMPT-INJ-001', 'prompt_injection', 'HIGH', true,
    'Text that overrides system or previous instructions.'),
  reviewerDirected: rule('PROMPT-INJ-002', 'prompt_injection', 'HIGH', true,
    'Text addressed to the reviewer, validator or scanner asking for approval.'),
  hostInCode: rule('HOST-UNDECL-001', 'undeclared_external_host', 'MEDIUM', false,
    'Host called from code (or next to a call) that manifest.externalCalls does not cover.'),
  hostInProse: rule('HOST-UNDECL-002', 'undeclared_external_host', 'LOW', false,
    'Host mentioned in prose or a link that manifest.externalCalls does not cover.'),
  capabilityUndeclared: rule('MANIFEST-CAP-001', 'manifest_mismatch', 'MEDIUM', false,
    'Behaviour implies a capability the manifest does not declare.'),
  capabilityUnused: rule('MANIFEST-CAP-002', 'manifest_mismatch', 'LOW', false,
    'Declared capability that the skill never uses.'),
  capabilityUnknown: rule('MANIFEST-CAP-003', 'manifest_mismatch', 'LOW', false,
    'Capability name in the manifest that is not in the capability vocabulary.'),
  zeroWidth: rule('HIDDEN-ZW-001', 'hidden_content', 'HIGH', true,
    'Zero-width characters hidden in the text.'),
  bidi: rule('HIDDEN-BIDI-001', 'hidden_content', 'HIGH', true,
    'Bidirectional control characters that reorder displayed text (trojan source).'),
  commentInstruction: rule('HIDDEN-COMMENT-001', 'hidden_content', 'HIGH', true,
    'HTML or Markdown comment containing instruction-like text invisible in the rendered file.'),
  comment: rule('HIDDEN-COMMENT-002', 'hidden_content', 'INFO', false,
    'HTML or Markdown comment invisible in the rendered file.'),
  padding: rule('HIDDEN-PAD-001', 'hidden_content', 'HIGH', true,
    'Content pushed out of view by long whitespace padding.'),
  homoglyph: rule('HIDDEN-HOMO-001', 'hidden_content', 'MEDIUM', false,
    'Word mixing Latin letters with Cyrillic or Greek look-alikes.'),
  encodedBlob: rule('OBF-BLOB-001', 'obfuscation', 'MEDIUM', false,
    'Encoded blob (base64, hex or escape chain).'),
  encodedPayload: rule('OBF-BLOB-002', 'obfuscation', 'HIGH', true,
    'Encoded blob that decodes to injection, shell or exfiltration content.'),
  decodeExec: rule('OBF-EVAL-001', 'obfuscation', 'HIGH', true,
    'Decoded content executed (eval(atob(...)), exec(base64.b64decode(...)), base64 -d | sh).'),
} as const satisfies Record<string, RuleDef>;

export type RuleKey = keyof typeof RULES;

/** The rule table in a stable order. */
export const RULE_TABLE: readonly RuleDef[] = Object.freeze(Object.values(RULES));

export function ruleById(ruleId: string): RuleDef | undefined {
  return RULE_TABLE.find((r) => r.ruleId === ruleId);
}

export function makeFinding(def: RuleDef, message: string, location: Location): Finding {
  return {
    ruleId: def.ruleId,
    category: def.category,
    severity: def.severity,
    blocking: def.blocking,
    message,
    location: { line: location.line, column: location.column, snippet: location.snippet },
    fix: def.fix,
  };
}
