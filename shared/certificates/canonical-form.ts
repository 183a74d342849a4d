import type { Finding, SandboxReport, Severity } from '../sandbox/types.js';

/**
 * The certificate's canonical form: the one definition of what a certificate says. It is serialised
 * with canonicalJson (shared/canonical.ts), hashed (payloadHash) and signed; stored once, never updated.
 */
export const CERTIFICATE_SCHEMA = 'cert.certificate/1';

export type SecurityLevel = 'CLEAR' | 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

export interface CertificateVote {
  validatorKey: string;
  walletAddress: string;
  verdict: string;
  payloadHash: string;
  signature: string;
}

export interface CertificatePayload {
  schema: typeof CERTIFICATE_SCHEMA;
  certificateId: string;
  submissionId: string;
  issuer: { name: 'cert'; signer: string };
  issuedAt: string;
  skill: { name: string; description: string; version: string };
  certifiedVersion: string;
  certifiedContentSha256: string;
  source: { url: string | null; ref: string | null };
  productType: string;
  categoryKey: string;
  owner: string;
  roundType: 'INITIAL_AUDIT' | 'RE_AUDIT';
  securityLevel: SecurityLevel;
  sandboxRiskLevel: string;
  rulesetVersion: string;
  summary: string;
  retainedWarnings: { ruleId: string; category: string; severity: Severity; message: string; line: number }[];
  manifest: { externalCalls: string[]; capabilities: string[] };
  endpointReview: { observedUrls: string[]; declaredEndpoints: string[] };
  /** CODE+PACKAGES only: declared spec and audited version side by side, transitives with attribution. */
  packages?: { direct: unknown[]; transitive: unknown[]; uncertified: unknown[] };
  council: {
    roundId: string;
    outcome: 'APPROVED';
    reason: string;
    decidedBy: 'council' | 'operator';
    operatorReason: string | null;
    votes: CertificateVote[];
  };
}

/** Retained audit risk level: the highest severity among the warnings kept on the certificate. */
export function securityLevelOf(findings: Finding[]): SecurityLevel {
  const order: Severity[] = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
  let max = -1;
  for (const f of findings) max = Math.max(max, order.indexOf(f.severity));
  if (max < 0) return 'CLEAR';
  return max <= 1 ? 'LOW' : (order[max] as SecurityLevel);
}

export function retainedWarningsOf(report: SandboxReport): CertificatePayload['retainedWarnings'] {
  return report.findings
    .filter((f) => !f.blocking)
    .map((f) => ({ ruleId: f.ruleId, category: f.category, severity: f.severity, message: f.message, line: f.location.line }));
}
