import type { ParsedSkill } from '../skills/types.js';
import type { SandboxReport } from '../sandbox/types.js';

export type ProductType = 'SKILL' | 'AUDIT_SKILL';

/** What every validator sees. Built-in and external validators get the same case. */
export interface CouncilCase {
  submissionId: string;
  productType: ProductType;
  skill: ParsedSkill;
  sandbox: SandboxReport;
  developerAdvisoryNote?: string;
}

export type VoteVerdict = 'APPROVE' | 'REJECT' | 'ESCALATE';

export interface ValidatorOpinion {
  verdict: VoteVerdict;
  /** Human-readable reasons; at least one. */
  reasons: string[];
  /** ruleIds of the sandbox findings this opinion rests on (sorted, unique). */
  findingsConsidered: string[];
  /** The validator's own security level for the case. */
  securityLevel: 'CLEAR' | 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
}

export interface ValidatorLens {
  /** Stable key, also the validator's identity in the database and key derivation. */
  key: string;
  displayName: string;
  /** One sentence: what this validator looks at. */
  lens: string;
  review(c: CouncilCase): ValidatorOpinion;
}

export type CouncilOutcome = 'APPROVED' | 'REJECTED' | 'ESCALATED';
