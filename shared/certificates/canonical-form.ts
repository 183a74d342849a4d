import type { Finding, SandboxReport, Severity } from '../sandbox/types.js';
import type { SkillManifest } from '../skills/types.js';
import type { EndpointReview } from '../endpoints/types.js';

/**
 * The certificate's canonical form: the one definition of what a certificate says. It is serialised
 * with canonicalJson (shared/canonical.ts), hashed (payloadHash) and signed; stored once, never updated.
 */
export const CERTIFICATE_SCHEMA = 'cert.certificate/3';
// /2: `manifest.externalCalls` and `manifest.capabilities` are what the skill declares *and* what the
// sandbox inferred (in /1 they were the declaration only), with `declared` and `inferred` telling
// them apart. A reader of /1 would take inferred hosts for declared ones, hence the new id.
// /3: API and SKILL+API certificates seal their endpoint review (docs/endpoint-review.md):
// `endpointReview.status`, `checkedAt`, `endpoints` (each probe's evidence) and `notProbed`, and
// `endpointReview.declaredEndpoints` lists every declared endpoint (the product URL, then the
// manifest's declared external calls) where /2 listed the product URL only.

/** Certificate manifest (spec 2.1): the union, and where each entry came from. */
export interface CertificateManifest {
  /** Declared ∪ inferred origins/URLs, sorted. */
  externalCalls: string[];
  /** Declared ∪ inferred capability names, sorted. */
  capabilities: string[];
  /** What the author declared: frontmatter metadata, manifestOverride, allowed-tools (capabilities). */
  declared: SkillManifest;
  /** What the sandbox observed beyond the declaration: `https://<host>` origins and capabilities. */
  inferred: SkillManifest;
}

/**
 * spec 2.1 `endpointReview`: the URLs the sandbox observed and the declared endpoints; from /3 on, an
 * API or SKILL+API certificate also carries the review of those endpoints at issue time (a
 * measurement of that moment: later checks belong to live-status, never to this record).
 */
export interface SealedEndpointReview extends Partial<EndpointReview> {
  observedUrls: string[];
  declaredEndpoints: string[];
}

/** The sealed endpoint review: the probe's result for API and SKILL+API, the two URL lists for every type. */
export function sealedEndpointReview(observedUrls: string[], productUrls: string[] | null, review: EndpointReview | null): SealedEndpointReview {
  if (!review) return { observedUrls, declaredEndpoints: productUrls ?? [] };
  const declaredEndpoints = [...review.endpoints.map((e) => e.url), ...review.notProbed.map((n) => n.url)];
  return { observedUrls, declaredEndpoints, status: review.status, checkedAt: review.checkedAt, endpoints: review.endpoints, notProbed: review.notProbed };
}

/**
 * spec 2.1 `endpointStatus` of a sealed certificate: present for API and SKILL+API only; NOT_TESTED
 * for one sealed without a review (before /3, or approved without ever passing the sandbox step's
 * probe, e.g. through an upheld dispute of a blocked file).
 */
export function endpointStatusOfPayload(payload: Pick<CertificatePayload, 'productType' | 'endpointReview'>): EndpointReview['status'] | undefined {
  if (payload.productType !== 'API' && payload.productType !== 'SKILL+API') return undefined;
  return payload.endpointReview.status ?? 'NOT_TESTED';
}

export type SecurityLevel = 'CLEAR' | 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

export interface CertificateVote {
  validatorKey: string;
  walletAddress: string;
  verdict: string;
  payloadHash: string;
  signature: string;
}

export interface CertificatePayload {
  /** Older ids on certificates sealed before: /1 (manifest without its sources), /2 (no endpoint review). */
  schema: typeof CERTIFICATE_SCHEMA | 'cert.certificate/2' | 'cert.certificate/1';
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
  /** Schema /1 certificates carry only externalCalls and capabilities (the declaration). */
  manifest: CertificateManifest | SkillManifest;
  endpointReview: SealedEndpointReview;
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

const sortedUnique = (items: Iterable<string>): string[] => [...new Set(items)].sort();

/** Host of a declared entry, lower-cased; a leading `*.` stays (a wildcard declaration). */
function declaredHost(entry: string): string | null {
  const m = /^https?:\/\/([^/?#]+)/i.exec(entry);
  if (!m) return null;
  const authority = m[1]!.toLowerCase();
  return authority.replace(/:\d+$/, '');
}

/**
 * The certificate's manifest: the declaration from the stored submission, plus what the sandbox
 * observed and the declaration does not already cover (an observed host counts as declared when a
 * declared entry names that host, or a `*.` wildcard above it).
 */
export function certificateManifest(declared: SkillManifest | null | undefined, report: Pick<SandboxReport, 'observed'>): CertificateManifest {
  const dCalls = sortedUnique(declared?.externalCalls ?? []);
  const dCaps = sortedUnique(declared?.capabilities ?? []);
  const hosts = dCalls.map(declaredHost).filter((h): h is string => h !== null);
  const covered = (host: string): boolean => {
    const h = host.toLowerCase().replace(/:\d+$/, '');
    return hosts.some((d) => (d.startsWith('*.') ? h.endsWith(d.slice(1)) && h.length > d.length - 1 : d === h));
  };
  const iCalls = sortedUnique((report.observed?.hosts ?? []).filter((h) => h !== '' && !covered(h)).map((h) => `https://${h.toLowerCase()}`));
  const iCaps = sortedUnique((report.observed?.capabilities ?? []).filter((c) => !dCaps.includes(c)));
  return {
    externalCalls: sortedUnique([...dCalls, ...iCalls]),
    capabilities: sortedUnique([...dCaps, ...iCaps]),
    declared: { externalCalls: dCalls, capabilities: dCaps },
    inferred: { externalCalls: iCalls, capabilities: iCaps },
  };
}
