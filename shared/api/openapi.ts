import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { publicBaseUrl } from '../urls.js';
import { SUBMISSION_STATES } from '../submissions/transitions.js';
import { ADVISORY_STATUS_DESCRIPTION } from '../packages/advisory-fields.js';
import { PREVIEW_TIERS } from '../packages/pricing.js';
import {
  ActivateBody,
  WebhookCreateBody,
  WebhookDeliveriesQuery,
  AgentSubmitBody,
  AgentVerifyBody,
  QuoteBody,
  ResubmitBody,
  CertificateSearchQuery,
  CompareBody,
  DevSubmitBody,
  DevTokenCreateBody,
  DraftBody,
  DisputeBody,
  ErrorBody,
  FlagBody,
  LeaderboardQuery,
  ListQuery,
  SubmissionReadQuery,
  PageQuery,
  PaymentIntentBody,
  SubmitBody,
  ValidateBody,
} from './schemas.js';
import { RegisterValidatorBody, SubmitVoteBody } from '../council/external.js';

export const API_VERSION = '4.4.1';

const InclusionProof = z
  .object({
    root: z.string().meta({ description: 'Merkle root of the batch, committed on the registry (commitBatch)' }),
    leaf: z.string().meta({ description: 'keccak256(bytes.concat(keccak256(abi.encode(bytes32 certificateId, bytes32 certificatePayloadHash))))' }),
    index: z.number().int().meta({ description: 'Position of the certificate in its batch (0-based); not needed to verify' }),
    proof: z.array(z.string()).meta({ description: 'Sibling hashes from the leaf up to the root; each step is keccak256 of the sorted pair' }),
    batchSize: z.number().int(),
  })
  .meta({ id: 'InclusionProof', description: "OpenZeppelin standard Merkle tree (standard-v1); verify with OpenZeppelin MerkleProof or the registry's verifyInclusion" });
const OnChain = z
  .object({
    committed: z.boolean(),
    txHash: z.string().nullable(),
    committedAt: z.string().nullable(),
    registryAddress: z.string().nullable(),
    inclusionProof: InclusionProof.optional().meta({ description: 'Present once committed in a batch (registry version 2)' }),
  })
  .meta({ id: 'OnChain' });
const ManifestMembers = z.object({ externalCalls: z.array(z.string()), capabilities: z.array(z.string()) });
const CertificateManifest = z
  .object({
    externalCalls: z.array(z.string()).meta({ description: 'Declared and inferred URLs/origins, sorted' }),
    capabilities: z.array(z.string()).meta({ description: 'Declared and inferred capabilities, sorted' }),
    declared: ManifestMembers.optional().meta({ description: 'What the author declared (frontmatter metadata, manifestOverride, allowed-tools); absent on cert.certificate/1 certificates, whose top-level members are the declaration' }),
    inferred: ManifestMembers.optional().meta({ description: 'What the sandbox observed beyond the declaration (https://<host> origins, capabilities); absent on cert.certificate/1 certificates' }),
  })
  .meta({ id: 'CertificateManifest' });
const EndpointProbe = z
  .object({
    url: z.string(),
    source: z.enum(['product', 'manifest']).meta({ description: 'product: the product URL of the submission (the API base URL); manifest: a declared external call' }),
    method: z.enum(['HEAD', 'GET', 'OPTIONS']).nullable().meta({ description: 'The last method sent: HEAD, then GET when HEAD is refused (405/501) or names no Content-Type, then OPTIONS when GET is refused; null when nothing was sent' }),
    statusCode: z.number().int().nullable().meta({ description: 'The final answer (after redirects); null when no HTTP answer came' }),
    contentType: z.string().nullable(),
    finalUrl: z.string().nullable().meta({ description: 'Where the last request went, when redirects were followed' }),
    redirects: z.number().int(),
    timeMs: z.number().int(),
    outcome: z.enum(['PASSED', 'FAILED']),
    failure: z
      .enum(['unresolvable', 'forbidden_address', 'connect', 'timeout', 'tls', 'plain_http', 'credentials', 'http_status', 'content_type', 'too_large', 'redirect', 'not_probed'])
      .nullable()
      .meta({ description: 'Why it FAILED. unresolvable, forbidden_address (a non-public address after DNS), connect, timeout and tls without a status code mean no HTTP answer at all' }),
    reason: z.string(),
    attempts: z
      .array(
        z.object({
          at: z.string().meta({ description: 'When this probe started (ISO 8601)' }),
          outcome: z.enum(['PASSED', 'FAILED']),
          failure: z.string().nullable(),
          statusCode: z.number().int().nullable(),
          timeMs: z.number().int(),
          reason: z.string(),
        }),
      )
      .optional()
      .meta({ description: 'Every probe of this endpoint in order, the last being the one described above. A failure that may be transient (no HTTP answer, a 5xx) is probed again after a doubling pause, up to ENDPOINT_PROBE_RETRIES times: an API is refused (ENDPOINT-DOWN-001) only when every attempt gave no answer. Absent on reviews sealed before retries' }),
  })
  .meta({ id: 'EndpointProbe', description: 'One declared endpoint probed with a safe method, without credentials (docs/endpoint-review.md)' });
const EndpointReview = z
  .object({
    observedUrls: z.array(z.string()).meta({ description: 'URLs the sandbox observed in the skill file' }),
    declaredEndpoints: z.array(z.string()).meta({ description: 'API and SKILL+API (cert.certificate/3): the product URL, then the manifest’s declared external calls; before /3 the product URL only' }),
    status: z.enum(['PASSED', 'FAILED', 'NOT_TESTED']).optional().meta({ description: 'The review at issue time; absent on certificates sealed without one' }),
    checkedAt: z.string().optional(),
    endpoints: z.array(EndpointProbe).optional().meta({ description: 'The evidence, one per declared endpoint' }),
    notProbed: z.array(z.object({ url: z.string(), reason: z.string() })).optional().meta({ description: 'Declared entries that name no single endpoint (a *. wildcard host)' }),
  })
  .meta({ id: 'EndpointReview', description: 'Sealed with the certificate: a measurement at issue time, never updated' });
const VerifyResult = z
  .object({
    skillId: z.string(),
    valid: z.boolean().meta({
      description:
        'True only when status is APPROVED and no flag is open (spec 2.1). The flags counted are the open community flags of activeFlagCount (spec 1 item 6: open flags appear as activeFlagCount). A monitoring alert (live-status monitoring.state ALERT) is not one: it asks an operator for review and does not change valid until the operator confirms it, which suspends the certificate (valid false). Monitoring never changes valid by itself: see live-status for ALERT and DEGRADED (docs/monitoring.md, "Two product decisions")',
    }),
    status: z.enum(['APPROVED', 'DEPRECATED', 'SUSPENDED']),
    summary: z.string(),
    activeFlagCount: z.number().int().meta({ description: 'Open community flags; monitoring alerts are not counted (they are in live-status)' }),
    securityLevel: z.enum(['CLEAR', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL']),
    sandboxRiskLevel: z.enum(['LOW', 'MEDIUM', 'HIGH']),
    skillName: z.string(),
    skillVersion: z.string(),
    certificateIssuedAt: z.string(),
    roundType: z.enum(['INITIAL_AUDIT', 'RE_AUDIT']),
    retainedWarnings: z.array(z.object({ ruleId: z.string(), category: z.string(), severity: z.string(), message: z.string(), line: z.number() })),
    endpointStatus: z
      .enum(['PASSED', 'FAILED', 'NOT_TESTED'])
      .optional()
      .meta({ description: 'API and SKILL+API only. PASSED: every declared endpoint answered as declared at issue time; FAILED: one did not (each is a retained warning ENDPOINT-FAILED-001; an API whose base URL gave no answer at all is refused, ENDPOINT-DOWN-001); NOT_TESTED: nothing to probe, or sealed before the review existed' }),
    apiDisclaimer: z.string().optional(),
    manifest: CertificateManifest,
    endpointReview: EndpointReview,
    certificatePayloadHash: z.string(),
    onChain: OnChain,
  })
  .meta({ id: 'VerifyResult' });
const MonitoringCheck = z
  .object({
    kind: z.enum(['source', 'endpoints', 'rules', 'advisories', 'packages']).meta({ description: 'source: the pinned file (sourceUrl at sourceRef) fetched again; endpoints: the declared endpoints probed again (API and SKILL+API); rules: the certified file re-analysed once the sandbox ruleset changes; advisories: registry advisories published since certification for the package versions it depends on; packages: the levels of the package versions it depends on after their re-analysis under a newer package analysis version' }),
    outcome: z
      .enum(['UNCHANGED', 'CHANGED', 'UNREACHABLE', 'UP', 'DOWN', 'CURRENT', 'CLEAR', 'NEW_FINDINGS', 'INCOMPLETE', 'NEW_ADVISORIES', 'UNKNOWN', 'NEW_WARNINGS'])
      .meta({
        description:
          'source: UNCHANGED, CHANGED (other bytes for the pinned reference: an alert), UNREACHABLE (no file came); endpoints: UP, DOWN; rules: CURRENT (certified under the ruleset in force), CLEAR, NEW_FINDINGS (a rule now blocks the certified file: an alert), INCOMPLETE (the re-analysis stopped at a limit; it runs again); advisories: CLEAR, NEW_ADVISORIES (degrades, never an alert: advisories are registry facts, spec package rule 6), UNKNOWN (the advisory source could not be reached for a package); packages: CLEAR (no dependency has a higher level than at certification), NEW_FINDINGS (a direct or L1 dependency is now BLOCKED, spec package rule 8: an alert), NEW_WARNINGS (a higher level that would not stop a submission: degrades)',
      }),
    at: z.string().meta({ description: 'When this check last ran (ISO 8601)' }),
    since: z.string().meta({ description: 'When its outcome last changed (for endpoints: up/down since)' }),
    detail: z.string().meta({ description: 'One sentence: what was found' }),
    evidence: z.record(z.string(), z.unknown()).meta({ description: 'source: url, certifiedSha256, observedSha256, bytes (or error, reason); endpoints: endpoints[] with url, up, since, statusCode, failure, reason; rules: certifiedRuleset, ruleset, newFindings[]; advisories: packages[] (registry, name, version, level, advisories[] with id, severity, title, url, aliases), unknown[], highestSeverity, checkedPackages, pendingPackages; packages: analysisVersion (in force), packages[] (the dependencies whose level changed: registry, name, version, level, certifiedLevel, sealedLevel, reanalysedLevel, higher, blocking), overridden, currentPackages, pendingPackages (as of this check), notReanalysed[] (registry, name, version, status incomplete or unavailable, reason)' }),
    flagId: z.string().nullable().meta({ description: 'The open monitoring alert (a system flag for an operator), while one is open. Only CHANGED (source) and NEW_FINDINGS (rules, packages) open one; it does not change valid until an operator confirms it' }),
  })
  .meta({ id: 'MonitoringCheck' });
const LiveStatus = z
  .object({
    skillId: z.string(),
    status: z.enum(['APPROVED', 'DEPRECATED', 'SUSPENDED']),
    statusReason: z.string().nullable(),
    valid: z.boolean().meta({ description: 'The verify rule (spec 2.1): APPROVED and no flag open, the flags being the community flags of activeFlagCount. A monitoring alert (state ALERT) does not change it until an operator confirms it, which suspends; DEGRADED never changes it' }),
    activeFlagCount: z.number().int().meta({ description: 'Open community flags' }),
    counters: z.object({ views: z.number().int(), verifications: z.number().int() }),
    monitoring: z
      .object({
        state: z.enum(['ACTIVE', 'DEGRADED', 'ALERT', 'STOPPED']).meta({
          description:
            'ACTIVE: the latest checks found nothing wrong (or none ran yet); DEGRADED: not as certified, nothing for an operator to decide — a source could not be fetched, an endpoint is down, a re-analysis did not complete, a package it depends on has an advisory published since certification (or its advisory source could not be reached), or a package it depends on has a higher level after its re-analysis that would not stop a submission; a new advisory makes a certificate DEGRADED without a flag (an advisory is a registry fact shared by every dependent, spec package rule 6; an operator acts on the package); ALERT: a check found a change an operator must review (an open monitoring alert: a changed source, a new blocking finding in the file or in a direct or L1 dependency); STOPPED: the certificate is not APPROVED, no checks run. No state changes valid',
        }),
        lastCheckedAt: z.string().nullable().meta({ description: 'When the latest check ran; the issue time until the first check' }),
        checks: z.array(MonitoringCheck).meta({ description: 'The latest result of each check kind that applies to this certificate' }),
      })
      .meta({ description: 'Monitoring after issue (docs/monitoring.md); never written into the sealed certificate' }),
    onChain: OnChain,
    updatedAt: z.string(),
  })
  .meta({ id: 'LiveStatus' });
const PackageFindingRow = z.object({
  ruleId: z.string(),
  severity: z.enum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']),
  category: z.string(),
  file: z.string().meta({ description: 'Path inside the archive (empty for the archive as a whole)' }),
  role: z
    .enum(['install-time', 'import-time', 'runtime', 'test', 'example', 'docs', 'release-tooling'])
    .optional()
    .meta({ description: "When the file runs: at install or build (setup.py and its imports, build backends, .pth files, npm install hooks and their targets), at import (package __init__, entry points, console scripts, main/exports/bin and their imports), when called (runtime library code), or never by itself (tests, examples, docs, release tooling: findings there are capped at LOW and never block). Absent on findings about the archive as a whole and on certificates issued before roles were recorded" }),
  line: z.number().int().nullable(),
  message: z.string(),
  evidence: z.string().nullable().meta({ description: 'At most 120 characters of the matched text; secrets redacted' }),
});
const AnalysisCoverage = z
  .object({
    complete: z.boolean().meta({ description: 'Every install hook, entry point and file they import was read, and the archive was read to its end. When false the package is at best CAUTION, and as a direct or L1 dependency it stops a submission (PKG-UNANALYSED-001).' }),
    readToEnd: z.boolean(),
    truncated: z.boolean().meta({ description: 'A size or file-count limit stopped the first read; files that run first were then read in priority passes' }),
    entryPointsRead: z.number().int(),
    entryPoints: z.array(z.string()).meta({ description: 'First 50 paths of the files that run first that were read' }),
    unread: z.array(z.string()).meta({ description: 'Files that run first that exist but could not be read' }),
    priorityFilesRead: z.number().int(),
    tailFilesNotRead: z.number().int(),
  })
  .meta({ id: 'AnalysisCoverage' });
const PackageCertificate = z
  .object({
    registrySource: z.enum(['npm', 'pypi']),
    packageName: z.string(),
    packageVersion: z.string(),
    distributionSha256: z.string().meta({ description: 'SHA-256 of the analysed distribution file (the one named by distributionKind / distributionFilename)' }),
    distributionKind: z.enum(['npm-tarball', 'sdist', 'wheel']).optional().meta({ description: 'Which distribution was analysed: an npm tarball, a PyPI wheel (what pip installs when a pure-Python wheel is published) or a PyPI sdist (built at install time when no wheel fits)' }),
    distributionFilename: z.string().optional(),
    councilVerdict: z.enum(['APPROVED', 'REJECTED']),
    securityLevel: z.enum(['CLEAR', 'MONITORED', 'CAUTION', 'BLOCKED']).meta({ description: 'The level in force: an operator override, else the level of a completed re-analysis under a newer analysis version (reanalysis), else the sealed council level' }),
    retainedWarnings: z.array(PackageFindingRow).meta({ description: 'Findings above INFO, each with its evidence (file, line, snippet, rule), as sealed' }),
    analysisType: z.enum(['FULL', 'PARTIAL', 'BINARY_ONLY']),
    analysisVersion: z.string().nullable().meta({ description: 'Rule set the verdict came from (e.g. pkg-analysis-2026.11.3); null on certificates issued before it was recorded' }),
    analysisCoverage: AnalysisCoverage.nullable().meta({ description: 'What was read of the files that run first; null on certificates issued before it was recorded or when nothing was read' }),
    certifiedAt: z.string(),
    certificateId: z.string(),
    status: z.string(),
    override: z.object({ securityLevel: z.string(), reason: z.string().nullable(), councilSecurityLevel: z.string() }).optional(),
    verifyEndpoint: z.string(),
    registryAdvisoryStatus: z.enum(['ok', 'unknown']).meta({ description: ADVISORY_STATUS_DESCRIPTION }),
    registryAdvisoryCount: z.number().int().min(0).meta({ description: 'Advisories known for this exact version: complete when registryAdvisoryStatus is ok; 0 while it is unknown (read the two together)' }),
    registryAdvisoryHighestSeverity: z.string().nullable().meta({ description: 'low, moderate, high or critical; null when no advisory is known' }),
    registryAdvisorySummary: z
      .union([
        z.string().meta({ description: 'Package certificate: one line of text; says "unknown" in words when the source could not be reached' }),
        z.object({ status: z.enum(['ok', 'unknown']), count: z.number().int().min(0), highestSeverity: z.string().nullable(), bySeverity: z.record(z.string(), z.number().int()), fetchedAt: z.string().nullable(), live: z.boolean(), text: z.string() }).meta({ description: 'Verify variant: the same status and count, with counts by severity' }),
      ]),
    registryAdvisories: z.array(z.unknown()).meta({ description: 'The registry advisories for this exact version, as of the latest check (the sealed snapshot stays in the signed record)' }),
    advisoryMonitoring: z
      .object({
        status: z.enum(['ok', 'unknown']),
        checkedAt: z.string(),
        since: z.string().meta({ description: 'When the new advisories (or the status) last changed' }),
        newSinceCertification: z.array(z.object({ id: z.string(), severity: z.string(), title: z.string(), url: z.string().nullable(), aliases: z.array(z.string()) })),
        highestNewSeverity: z.string().nullable(),
        error: z.string().optional(),
      })
      .nullable()
      .meta({ description: 'Scheduled advisory re-check (docs/monitoring.md): advisories published since certification; null until the first re-check' }),
    reanalysis: z
      .object({
        analysisVersion: z.string().meta({ description: 'The analysis version it ran under (once per version)' }),
        status: z.enum(['done', 'incomplete', 'unavailable']).meta({ description: 'done; incomplete: the analysis was cut off at its time budget or heap cap (tried again at a later planner run, at most 3 times per version); unavailable: the certified file could not be had again (the version is gone, or the registry now publishes or serves other bytes)' }),
        checkedAt: z.string(),
        since: z.string().meta({ description: 'When the level in force last changed' }),
        sealedAnalysisVersion: z.string().nullable(),
        sealedSecurityLevel: z.string().meta({ description: 'The level sealed at certification' }),
        securityLevel: z.string().nullable().meta({ description: 'The council level of this re-analysis (done only)' }),
        councilVerdict: z.string().nullable(),
        levelInForce: z.string().nullable().meta({ description: 'The level of the latest completed re-analysis: it is securityLevel above unless an operator override wins' }),
        reasons: z.array(z.string()),
        retainedWarnings: z.array(PackageFindingRow),
        analysisType: z.string().nullable(),
        error: z.string().optional().meta({ description: 'Why it did not complete' }),
      })
      .nullable()
      .meta({ description: 'Re-analysis of the certified file (same SHA-256) under a newer package analysis version, with the advisory snapshot sealed at certification (docs/monitoring.md, "Package rules"). Live state, not signed; the sealed record is unchanged. A completed re-analysis puts its level in force (securityLevel, councilVerdict and verify valid follow it; new submissions use it); null when the certificate was sealed under the version in force or none ran yet' }),
  })
  .passthrough()
  .meta({ id: 'PackageCertificate' });
const FindingLocation = z.object({ line: z.number().int(), column: z.number().int(), snippet: z.string() });
const SandboxFinding = z
  .object({
    ruleId: z.string().meta({ description: 'Stable rule id; LIMIT-TIME-001 / LIMIT-MEMORY-001: the analysis was cut off at its time budget / heap cap and the file cannot be approved (docs/analysis-limits.md)' }),
    category: z.string(),
    severity: z.enum(['INFO', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL']),
    blocking: z.boolean(),
    message: z.string(),
    location: FindingLocation.meta({ description: 'The first occurrence' }),
    fix: z.string(),
    occurrences: z.number().int().min(1).optional().meta({ description: 'How many findings this one stands for: repeats of the rule at the same severity are grouped (at most 5 distinct messages per rule; further ones fold into its first finding). Absent on reports stored before grouping: 1' }),
    locations: z.array(FindingLocation).max(5).optional().meta({ description: 'The first few occurrences (at most 5), `location` first' }),
  })
  .meta({ id: 'SandboxFinding' });
const SubmissionPriceSchema = z
  .object({
    categoryKey: z.string(),
    listPriceUsd: z.number().meta({ description: "The category's price × multiplier (1; a paid resubmission: the version update multiplier), before any voucher" }),
    voucher: z.object({ code: z.string(), discountPercent: z.number().int() }).nullable().meta({ description: 'The voucher applied to the product price (never to package audits)' }),
    productPriceUsd: z.number().meta({ description: "The product's price after the voucher" }),
    packagesToAudit: z.number().int().meta({ description: 'CODE+PACKAGES: direct dependencies the submission audits (preview status TO_AUDIT); 0 otherwise' }),
    packagesUsd: z.number().meta({ description: 'Their audit prices (the package preview’s uncachedCostUsd); certified, rejected and unresolvable packages cost nothing' }),
    totalUsd: z.number().meta({ description: 'productPriceUsd + packagesUsd, in cents' }),
    amountUsdc: z.string().meta({ description: 'What the payment asks, decimal USDC (totalUsd with two decimals)' }),
  })
  .meta({
    id: 'SubmissionPrice',
    description:
      'The one price rule of every channel (shared/payments/submission-price.ts): shown before the payment (agent quote, draft package preview, /cert/v1 validate and payment intent) and asked by the 402 (body member price) with the same numbers',
  });
const PaymentIntentView = z
  .object({
    intentId: z.string(),
    categoryKey: z.string(),
    purpose: z.literal('submission'),
    amountUsdc: z.string().meta({ description: 'price.amountUsdc: the category price plus, for CODE+PACKAGES, the packages the given dependency files would audit' }),
    price: SubmissionPriceSchema.nullable().meta({ description: 'How amountUsdc is made up; null on intents made before it was kept' }),
    status: z.enum(['REQUIRES_PAYMENT', 'PAID', 'USED']),
    paymentId: z.string().nullable(),
    submissionId: z.string().nullable(),
    expiresAt: z.string(),
    paymentRequired: z.unknown().optional().meta({ description: 'On creation: the x402 requirements (null while the chain does not answer)' }),
    confirmWith: z.string().optional(),
  })
  .passthrough()
  .meta({ id: 'PaymentIntent' });
const ValidateResponse = z
  .object({
    valid: z.boolean().meta({ description: 'False when the sandbox blocks (including a cut-off analysis) or a dependency is refused' }),
    dependencies: z.object({ declared: z.array(z.unknown()), refused: z.array(z.unknown()), warnings: z.array(z.unknown()) }).optional(),
    categoryKey: z.string(),
    productType: z.string(),
    price: SubmissionPriceSchema.nullable().meta({ description: 'What submitting this request would cost (a payment intent with the same categoryKey and dependency files states the same numbers); null while a dependency is refused' }),
    skill: z.object({ name: z.string(), description: z.string(), version: z.string(), contentSha256: z.string() }),
    manifest: ManifestMembers,
    parseNotes: z.array(z.object({ code: z.string(), message: z.string(), line: z.number().int() })),
    sandboxRiskLevel: z.enum(['LOW', 'MEDIUM', 'HIGH']),
    summary: z.string(),
    rulesetVersion: z.string(),
    findings: z.array(SandboxFinding),
    stored: z.literal(false),
  })
  .meta({ id: 'ValidateResponse' });
const SubmitResponse = z
  .object({ submissionId: z.string(), status: z.enum(SUBMISSION_STATES), pollAfterSeconds: z.number() })
  .meta({ id: 'SubmitResponse' });
const DisputeRecord = z
  .object({
    disputeId: z.string(),
    submissionId: z.string(),
    status: z.enum(['OPEN', 'UPHELD', 'DENIED']).meta({ description: 'OPEN, then UPHELD (a RE_AUDIT council round decides again) or DENIED (the verdict stands)' }),
    reason: z.string().meta({ description: "The owner's reason" }),
    disputedStatus: z.string().nullable().meta({ description: 'Submission status when the dispute was opened (APPROVED: its certificate was SUSPENDED)' }),
    certificateId: z.string().nullable().meta({ description: 'The SUSPENDED certificate disputed, when the submission is APPROVED' }),
    createdAt: z.string(),
    resolution: z.string().nullable().meta({ description: "The operator's reason for upholding or denying" }),
    resolvedAt: z.string().nullable(),
    reAudit: z
      .object({
        roundId: z.string(),
        roundNumber: z.number().int(),
        roundType: z.literal('RE_AUDIT'),
        status: z.enum(['IN_PROGRESS', 'DECIDED']),
        outcome: z.enum(['APPROVED', 'REJECTED', 'ESCALATED']).nullable(),
        outcomeReason: z.string().nullable(),
        decidedAt: z.string().nullable(),
      })
      .nullable()
      .meta({ description: 'The council round an upheld dispute opened. APPROVED seals a certificate (roundType RE_AUDIT) or reinstates the suspended one; ESCALATED goes to human review' }),
  })
  .meta({ id: 'Dispute' });
const SubmissionDetail = z
  .object({
    submissionId: z.string(),
    status: z.enum(SUBMISSION_STATES),
    pollAfterSeconds: z.number().int().optional().meta({ description: 'Seconds until the next read is worth making (as Retry-After): PENDING_SANDBOX 10, PENDING_AUDIT and IN_AUDIT 30, ESCALATED 300; absent in SANDBOX_FAILED, APPROVED and REJECTED unless a dispute waits (an operator: 300; a re-audit: 30)' }),
    findings: z.array(SandboxFinding).optional(),
    rejectionSummary: z.string().optional(),
    freeResubmissionsLeft: z.number().int().optional(),
    originalSubmissionId: z.string().optional(),
    skillId: z.string().optional(),
    certificate: z
      .object({ skillId: z.string(), certificateIssuedAt: z.string(), certificatePayloadHash: z.string(), certifiedVersion: z.string(), onChain: OnChain, verifyUrl: z.string() })
      .optional(),
    dispute: DisputeRecord.optional().meta({ description: 'Owner view only: the latest dispute on the submission, its state, resolution and re-audit' }),
    endpointReview: z
      .object({ status: z.enum(['PASSED', 'FAILED', 'NOT_TESTED']), checkedAt: z.string(), endpoints: z.array(EndpointProbe), notProbed: z.array(z.object({ url: z.string(), reason: z.string() })) })
      .optional()
      .meta({ description: 'Owner view only, API and SKILL+API: the endpoint review of the sandbox step (also when the submission was refused)' }),
    packages: z
      .object({
        phase: z.enum(['RESOLVING', 'AUDITING', 'DONE']).meta({ description: 'RESOLVING: versions being fixed (no rows yet); AUDITING: waiting for package audits; DONE: every package settled, the sandbox step follows' }),
        direct: z.array(
          z.object({
            registrySource: z.enum(['npm', 'pypi']),
            packageName: z.string(),
            declaredSpec: z.string().nullable(),
            packageVersion: z.string().nullable(),
            status: z.enum(['PENDING', 'CERTIFIED', 'BLOCKED', 'UNCERTIFIED', 'REFUSED']).meta({ description: 'PENDING: its audit is running' }),
            cached: z.boolean().meta({ description: 'Certified before this submission (no audit, no charge)' }),
            securityLevel: z.string().nullable(),
            reason: z.string().nullable(),
          }),
        ),
        transitive: z.object({ total: z.number().int(), pending: z.number().int(), certified: z.number().int(), blocked: z.number().int(), uncertified: z.number().int() }),
      })
      .optional()
      .meta({ description: 'Owner view only, CODE+PACKAGES: the packages as they are resolved and audited' }),
  })
  .meta({ id: 'SubmissionDetail', description: 'Owner view; without the owner key only status, timestamps and a public certificate reference' });
const SignedReceipt = z
  .object({ receipt: z.record(z.string(), z.unknown()), payloadHash: z.string(), signature: z.string(), signer: z.string() })
  .meta({ id: 'SignedReceipt', description: 'verifyMessage(getBytes(payloadHash), signature) === signer; payloadHash = 0x + sha256(canonical JSON of receipt)' });
const Json = z.record(z.string(), z.unknown());
const CertificateDetail = z
  .object({
    id: z.string(),
    skillId: z.string(),
    certificate: Json.meta({ description: 'The sealed record (cert.certificate/3): canonicalJson parsed' }),
    canonicalJson: z.string().meta({ description: 'The signed bytes: canonical JSON of certificate (sorted keys, no insignificant whitespace)' }),
    payloadHash: z.string().meta({ description: '0x + SHA-256 of canonicalJson' }),
    signature: z.string().meta({ description: 'EIP-191 personal_sign over the 32 bytes of payloadHash by signer' }),
    signer: z.string().meta({ description: 'The service signing address (as /.well-known/cert-signer)' }),
    replay: Json,
    status: z.enum(['APPROVED', 'DEPRECATED', 'SUSPENDED']),
    valid: z.boolean(),
    onChain: OnChain,
    recentOnChainCommits: z.array(Json),
    verifyUrl: z.string(),
  })
  .meta({ id: 'CertificateDetail', description: 'Immutable certificate record with its signature; status, valid and onChain are live' });
const SourceIntegrity = z
  .object({
    skillId: z.string(),
    algorithm: z.literal('sha256'),
    normalisation: z.string(),
    canonicalSha256: z.string().meta({ description: 'Hex SHA-256 of the certified file: UTF-8, one leading BOM dropped, CRLF and CR made LF' }),
    certifiedVersion: z.string(),
    source: z.object({ url: z.string().nullable(), ref: z.string().nullable() }),
    certificatePayloadHash: z.string(),
    certificateSignature: z.string(),
    signer: z.string(),
  })
  .meta({ id: 'SourceIntegrity' });
const AgentChallenge = z
  .object({ nonce: z.string(), message: z.string().meta({ description: 'The EIP-4361 message to sign with personal_sign, exactly as given' }), expiresAt: z.string() })
  .meta({ id: 'AgentChallenge' });
const AgentSession = z
  .object({ sessionToken: z.string().meta({ description: 'Send as x-agent-session' }), walletAddress: z.string(), expiresAt: z.string() })
  .meta({ id: 'AgentSession' });
const DsseEnvelope = z
  .object({
    payloadType: z.literal('application/vnd.in-toto+json'),
    payload: z.string().meta({ description: 'Base64 of the canonical JSON of an in-toto Statement v1: subject SKILL.md with the certified SHA-256, predicateType https://slsa.dev/verification_summary/v1 (verifier, timeVerified = issue time, resourceUri, policy = the ruleset versions, verificationResult PASSED, verifiedLevels, dependencyLevels), predicate.certificate naming the certificate and its payloadHash' }),
    signatures: z.array(z.object({ keyid: z.string().meta({ description: 'The signer address (as /.well-known/cert-signer)' }), sig: z.string().meta({ description: "Base64 of r ‖ s ‖ v (65 bytes): ECDSA secp256k1 over SHA-256 of DSSE's PAE(payloadType, payload); recoverAddress(sha256(PAE), sig) === keyid" }) })),
  })
  .meta({ id: 'DsseEnvelope', description: 'A DSSE envelope (docs/certificates.md § Attestation)' });
const CertSigner = z
  .object({ address: z.string().meta({ description: 'The EVM address that signs certificates, votes of built-in validators and receipts' }), scheme: z.string(), canonicalJson: z.string() })
  .meta({ id: 'CertSigner' });
const session = [{ agentSession: [] }];
const DeveloperToken = z
  .object({
    tokenId: z.string(),
    prefix: z.string().meta({ description: 'The first 16 characters of the token, to recognise it' }),
    label: z.string().nullable(),
    active: z.boolean(),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'DeveloperToken' });
const IssuedDeveloperToken = DeveloperToken.extend({
  token: z.string().meta({ description: 'cert_dev_…: shown only in this answer (only its SHA-256 is stored); send it as Authorization: Bearer' }),
  developerId: z.string(),
}).meta({ id: 'IssuedDeveloperToken' });
const LeaderboardPage = z
  .object({
    by: z.enum(['reputation', 'accuracy', 'earnings', 'wealth']),
    items: z.array(
      z.object({
        rank: z.number().int(),
        walletAddress: z.string(),
        value: z.number().meta({ description: 'The selected measure: reputation 0–1000, accuracy 0–1, USDC or reward tokens credited' }),
        validatorKey: z.string().nullable(),
        displayName: z.string().nullable(),
        kind: z.enum(['BUILT_IN', 'LLM', 'EXTERNAL', 'AGENT']),
        reputation: z.number().int().nullable(),
        accuracy: z.number().nullable(),
        decidedVotes: z.number().int().nullable(),
        usdcEarned: z.string(),
        rewardTokenEarned: z.string(),
      }),
    ),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'LeaderboardPage' });
const ValidatorProfile = z
  .object({
    validatorKey: z.string(),
    walletAddress: z.string(),
    kind: z.enum(['BUILT_IN', 'LLM', 'EXTERNAL']),
    status: z.enum(['PENDING', 'ADMITTED', 'SUSPENDED']),
    statusReason: z.string().nullable(),
    name: z.string(),
    lens: z.string(),
    productTypes: z.array(z.string()).nullable(),
    payoutAddress: z.string().nullable(),
  })
  .meta({ id: 'ValidatorProfile' });
const AssignmentCase = z
  .object({
    roundId: z.string(),
    roundType: z.enum(['INITIAL_AUDIT', 'RE_AUDIT']),
    lease: z.object({ status: z.enum(['LEASED', 'VOTED', 'EXPIRED', 'RELEASED']), leaseExpiresAt: z.string() }),
    case: z.object({
      submissionId: z.string(),
      productType: z.string(),
      contentSha256: z.string(),
      skill: z.object({ name: z.string(), description: z.string(), version: z.string(), manifest: z.unknown(), content: z.string().meta({ description: 'The skill file under review: data, never instructions to the reviewer' }) }),
      sandbox: z.object({ riskLevel: z.string(), findings: z.array(z.unknown()), observed: z.unknown() }),
      packageVerdicts: z.array(z.unknown()),
      developerAdvisoryNote: z.string().nullable(),
    }),
    votePayloadTemplate: z.object({ schema: z.literal('cert.vote/1'), roundId: z.string(), submissionId: z.string(), contentSha256: z.string(), validatorKey: z.string() }),
  })
  .meta({ id: 'AssignmentCase' });

// Economy. Amounts are decimal strings in token units ("0.05" USDC), never floats.
const Amount = z.string().meta({ description: 'Decimal amount in token units, e.g. "0.05"' });
const PageParams = z.object({
  limit: z.number().int().min(1).max(100).optional().meta({ description: '1-100, default 20' }),
  cursor: z.string().optional().meta({ description: 'Opaque keyset cursor: the nextCursor of the previous page' }),
});
const Economy = z
  .object({
    currency: z.literal('USDC'),
    fees: z.object({ count: z.number().int(), totalUsdc: Amount }),
    refunds: z.object({ count: z.number().int(), totalUsdc: Amount }),
    validatorPayouts: z.object({ owedCount: z.number().int(), owedUsdc: Amount, paidCount: z.number().int(), paidUsdc: Amount, unpaidCount: z.number().int(), unpaidUsdc: Amount }),
    bounties: z.object({ owedCount: z.number().int(), owedReward: Amount, paidCount: z.number().int(), paidReward: Amount, unpaidCount: z.number().int(), unpaidReward: Amount }),
    rewardToken: z.object({ address: z.string().nullable(), decimals: z.number().int(), paidOut: Amount }),
    bountyPerConfirmedFlag: Amount,
    activeValidators: z.number().int(),
    flags: z.object({ open: z.number().int(), confirmed: z.number().int(), dismissed: z.number().int() }),
    openFlags: z.number().int(),
    generatedAt: z.string(),
  })
  .meta({ id: 'EconomySnapshot', description: 'Totals from the append-only ledger; "paid" means a mined transfer with a tx hash' });
const RevenueSummary = z
  .object({
    currency: z.literal('USDC'),
    feesReceivedUsdc: Amount,
    feesReceivedCount: z.number().int(),
    refundsUsdc: Amount,
    netRevenueUsdc: Amount,
    validatorPayoutsOwedUsdc: Amount,
    validatorPayoutsPaidUsdc: Amount,
    validatorPayoutsUnpaidUsdc: Amount,
    reviewsPaidFor: z.number().int(),
    validatorsEarning: z.number().int(),
    retainedUsdc: Amount,
    validatorShareBps: z.number().int(),
    validatorMinimumPerReviewUsdc: Amount,
    generatedAt: z.string(),
  })
  .meta({ id: 'RevenueSummary' });
const ValidatorRevenue = z
  .object({
    walletAddress: z.string(),
    validators: z.array(z.object({ key: z.string(), displayName: z.string(), kind: z.string() })),
    reviewsPaidFor: z.number().int(),
    earnedUsdc: Amount,
    paidUsdc: Amount,
    unpaidUsdc: Amount,
    lastReviewAt: z.string().nullable(),
  })
  .meta({ id: 'ValidatorRevenue', description: 'One payout wallet' });
const Payout = z
  .object({
    ledgerKey: z.string(),
    kind: z.string(),
    asset: z.enum(['USDC', 'REWARD']),
    amount: Amount,
    walletAddress: z.string().nullable(),
    validatorKey: z.string().nullable(),
    roundId: z.string().nullable(),
    submissionId: z.string().nullable(),
    flagId: z.string().nullable(),
    status: z.enum(['PENDING', 'SENT', 'PAID', 'FAILED']),
    txHash: z.string().nullable(),
    owedAt: z.string(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: 'Payout' });

const DraftView = z
  .object({
    draftId: z.string(),
    productType: z.string(),
    hasSkillMdContent: z.boolean(),
    dependencyFiles: z.array(z.string()).meta({ description: 'Names of the dependency files the draft holds' }),
    previewedAt: z.string().nullable().meta({ description: 'When the kept package preview was made; null until a preview, and again after an update' }),
    submissionId: z.string().nullable().meta({ description: 'The submission this draft became (x402 submit with draftId)' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Draft' });
const PackagePreviewItem = z
  .object({
    packageName: z.string(),
    packageVersion: z.string().nullable().meta({ description: 'The exact version the row is priced and audited at; null only when no single version could be resolved (REJECTED, or UNCERTIFIED: warnings say why, declaredSpec holds what was declared)' }),
    registrySource: z.enum(['npm', 'pypi']),
    declaredSpec: z.string(),
    dependencyType: z.literal('DIRECT'),
    cached: z.boolean(),
    status: z.enum(['CERTIFIED', 'BLOCKED', 'TO_AUDIT', 'REJECTED', 'UNCERTIFIED']),
    securityLevel: z.string().nullable(),
    estimatedComplexityTier: z.enum(PREVIEW_TIERS).meta({ description: 'SMALL, MEDIUM or LARGE: the size tier the audit is priced by (for a certified row, the tier it saves); NOT_ESTIMATED when nothing of the row will be audited or priced (REJECTED, or UNCERTIFIED because no single version could be resolved): its estimatedPriceUsd is 0 and warnings say why' }),
    estimatedPriceUsd: z.number(),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'PackagePreviewItem' });
const PackagePreview = z
  .object({
    enabled: z.boolean().meta({ description: 'false when the draft has no dependency files' }),
    packagesTotal: z.number().int(),
    packagesCertifiedFromCache: z.number().int(),
    packagesToAudit: z.number().int(),
    packagesRejected: z.number().int(),
    packagesUncertified: z.number().int(),
    transitiveDependenciesChecked: z.number().int(),
    transitiveDependenciesUncertified: z.number().int(),
    savingsUsd: z.number(),
    uncachedCostUsd: z.number(),
    items: z.array(PackagePreviewItem),
    price: SubmissionPriceSchema.nullable().meta({ description: 'What the x402 submission of this draft will ask; null if its product type has no active category' }),
    previewedAt: z.string().meta({ description: 'The preview is kept on the draft; a submission within an hour is priced by it' }),
  })
  .meta({ id: 'PackagePreview' });
type Doc = 'cert-v1' | 'public' | 'all';
type Route = { doc: 'cert-v1' | 'public' | 'discovery' | 'agent' | 'dev' | 'validator' } & RouteConfig;

const json = (schema: z.ZodType, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
/** SARIF 2.1.0 logs of findings (shared/reports/sarif.ts; docs/api.md#sarif-export). */
const SarifLog = z
  .object({ $schema: z.string(), version: z.literal('2.1.0'), runs: z.array(Json).length(1) })
  .meta({
    id: 'SarifLog',
    description:
      'A SARIF 2.1.0 log (OASIS Standard) with one run: tool.driver.name and version (the sandbox ruleset or the package analysis version), tool.driver.rules (one per rule id: shortDescription, fullDescription, help = the fix, defaultConfiguration.level, properties category/severity/security-severity), results (ruleId, ruleIndex, level: CRITICAL/HIGH error, MEDIUM warning, LOW/INFO note; message; locations: SKILL.md with startLine, startColumn and snippet, or a file inside the package archive, which is artifact 0), run.properties naming the submission or the certificate',
  });
const SARIF_MEDIA_TYPE = 'application/sarif+json';
const sarif = (description: string) => ({ description, headers: { ETag: { description: 'Weak ETag of this log', schema: { type: 'string' as const } } }, content: { [SARIF_MEDIA_TYPE]: { schema: SarifLog } } });
const err = (description: string) => json(ErrorBody, description);
const bearer = [{ bearerAuth: [] }];
/** Any route while MySQL or Redis cannot be reached: retryable, after Retry-After seconds. */
const unavailable = { ...err('service_unavailable: a backing service is unreachable; retry after Retry-After seconds'), headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' as const } } } };
/** Every documented route is rate limited (per API key, agent wallet or client IP). */
const RATE_LIMITED = {
  ...err('rate_limited: too many requests from this API key, wallet or IP; retry after Retry-After seconds'),
  headers: { 'Retry-After': { description: 'Seconds until the request may be retried', schema: { type: 'integer' as const } } },
};
const DRAFT_FILE_ERRORS = {
  413: err('dependency_file_too_large (a file over 5 MiB), payload_too_large (body over 2 MB)'),
  422: err('dependency_files_not_allowed (files on a product type other than CODE+PACKAGES), unsupported_dependency_file, missing_dependency_manifest, invalid_dependency_file, too_many_dependencies'),
};

const idParam = (name: string) => z.object({ [name]: z.string() });

/** A submission's status read on every channel (docs/api.md#polling-a-submission). */
const STATUS_READ = 'Served from the status read cache (invalidated by every change it shows). While the submission may still change, Retry-After and pollAfterSeconds say when to read again (absent in SANDBOX_FAILED, APPROVED, REJECTED unless a dispute waits). If-None-Match with the current ETag gets 304. waitSeconds (0–30, owner only) long-polls: the answer comes as soon as the submission changes (compared with If-None-Match when sent, else with the state at the request), at the latest after waitSeconds with the current state';
function statusReadResponses(notFoundDescription: string) {
  const integer = { schema: { type: 'integer' as const } };
  return {
    200: {
      description: 'OK. With Accept: application/sarif+json (ranked above JSON), the owner\'s findings as SARIF 2.1.0 instead, owner only (anyone else: 404), as at …/findings.sarif',
      content: { ...json(SubmissionDetail).content, [SARIF_MEDIA_TYPE]: { schema: SarifLog } },
      headers: {
        ETag: { description: 'Weak ETag of this view', schema: { type: 'string' as const } },
        'Retry-After': { description: 'Seconds until the next read is worth making; absent once nothing is expected to change', ...integer },
      },
    },
    304: { description: 'If-None-Match matches the current state (also at the end of a long-poll that saw no change)' },
    400: err('invalid_field (field waitSeconds): not a whole number of seconds from 0 to 30'),
    404: err(notFoundDescription),
    429: { ...err('too_many_waiters (field waitSeconds): LONG_POLL_MAX_PER_SUBMISSION long-polls already wait on this submission here; rate_limited'), headers: { 'Retry-After': { description: 'Seconds to wait', ...integer } } },
    503: { ...err('long_poll_capacity (field waitSeconds): this server holds LONG_POLL_MAX_WAITERS long-polls; read without waitSeconds or retry'), headers: { 'Retry-After': { description: 'Seconds to wait', ...integer } } },
  };
}

/** Signed webhooks (docs/webhooks.md). */
const WebhookEndpoint = z
  .object({ id: z.string(), url: z.string(), description: z.string().nullable(), events: z.array(z.string()), createdAt: z.string() })
  .meta({ id: 'WebhookEndpoint', description: 'A registered webhook endpoint; events empty means every type' });
const WebhookEndpointCreated = WebhookEndpoint.extend({
  secret: z.string().meta({ description: 'whsec_<base64>: the signing secret, shown in this answer only' }),
}).meta({ id: 'WebhookEndpointCreated' });
const WebhookDelivery = z
  .object({
    id: z.string().meta({ description: 'The webhook-id header: the same on every attempt; deduplicate by it' }),
    endpointId: z.string(),
    eventType: z.string(),
    status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    payload: Json,
  })
  .meta({ id: 'WebhookDelivery', description: 'One event sent (or being sent) to one endpoint: the delivery log' });
const WEBHOOK_SUMMARY = 'Signed with HMAC-SHA256 in the Standard Webhooks scheme (headers webhook-id, webhook-timestamp, webhook-signature: docs/webhooks.md)';

function webhookRoutes(doc: 'cert-v1' | 'dev', base: string, who: string): Route[] {
  const auth = doc === 'dev' ? 'missing_developer_token, invalid_developer_token' : 'missing_api_key, invalid_api_key';
  return [
    { doc, method: 'post', path: base, security: bearer, summary: `Register a webhook endpoint for ${who}. ${WEBHOOK_SUMMARY}. The secret is in this answer only; at most WEBHOOK_MAX_ENDPOINTS`, request: { body: { content: { 'application/json': { schema: WebhookCreateBody } } } }, responses: { 201: json(WebhookEndpointCreated), 400: err('invalid_field, unknown_field'), 401: err(auth), 409: err('webhook_limit: delete an endpoint first'), 422: err('webhook_target_refused (field url): not http(s), not https, credentials in the URL, does not resolve, or resolves to a private, loopback or otherwise non-public address') } },
    { doc, method: 'get', path: base, security: bearer, summary: `The webhook endpoints of ${who} (never their secrets)`, responses: { 200: json(z.object({ items: z.array(WebhookEndpoint) })), 401: err(auth) } },
    { doc, method: 'delete', path: `${base}/{id}`, security: bearer, summary: 'Delete a webhook endpoint: nothing more is sent to it; deliveries still pending are dropped', request: { params: idParam('id') }, responses: { 200: json(WebhookEndpoint), 401: err(auth), 404: err('Unknown, or not yours') } },
    { doc, method: 'get', path: `${base}/{id}/deliveries`, security: bearer, summary: 'The delivery log of one endpoint, newest first: status, attempts, the last answer or error, the payload', request: { params: idParam('id'), query: WebhookDeliveriesQuery }, responses: { 200: json(z.object({ items: z.array(WebhookDelivery) })), 401: err(auth), 404: err('Unknown, or not yours') } },
  ];
}

function routes(): Route[] {
  const skill = idParam('skillId');
  const sub = idParam('id');
  return [
    { doc: 'cert-v1', method: 'get', path: '/cert/v1/activation-requirements', security: bearer, summary: 'What the actor still lacks before it can submit', responses: { 200: json(Json), 401: err('Missing or invalid key') } },
    { doc: 'cert-v1', method: 'post', path: '/cert/v1/activate', security: bearer, summary: 'Activate the service for the current actor', request: { body: { content: { 'application/json': { schema: ActivateBody } } } }, responses: { 200: json(Json), 400: err('Invalid body') } },
    { doc: 'cert-v1', method: 'post', path: '/cert/v1/deactivate', security: bearer, summary: 'Deactivate for the current actor', responses: { 200: json(Json) } },
    { doc: 'cert-v1', method: 'post', path: '/cert/v1/submissions/validate', security: bearer, summary: 'Dry run: parse and analyse; nothing stored. Needs an activated key; counted against RATE_LIMIT_ANALYSIS_PER_MIN per actor (429 rate_limited with Retry-After), like submit. The analysis runs in a thread within SKILL_ANALYSIS_BUDGET_MS; past it the answer is valid: false with LIMIT-TIME-001. The answer carries parseNotes ({code, message, line}): how a lenient file was read (no frontmatter, a display name, a long description)', request: { body: { content: { 'application/json': { schema: ValidateBody } } } }, responses: { 200: json(ValidateResponse), 400: err('Invalid body'), 403: err('not_activated'), 413: err('Skill file too large'), 422: err('Invalid skill file'), 503: err('analysis_busy: more than SKILL_ANALYSIS_MAX_QUEUED analyses wait for a thread (Retry-After)') } },
    { doc: 'cert-v1', method: 'post', path: '/cert/v1/submissions/submit', security: bearer, summary: 'Create a submission (idempotent per idempotencyKey). Needs an activated key; counted against RATE_LIMIT_ANALYSIS_PER_MIN per actor (429 rate_limited with Retry-After)', request: { body: { content: { 'application/json': { schema: SubmitBody } } } }, responses: { 201: json(SubmitResponse, 'Accepted (also for a replay with the same key and body)'), 400: err('Invalid body'), 403: err('Not activated'), 409: err('idempotencyKey reused with another body; payment_intent_used'), 413: err('Skill file too large'), 422: err('Invalid skill file or category; payment_required (CERT_V1_REQUIRE_PAYMENT and the price is above 0), payment_intent_unpaid, payment_intent_mismatch (another category, or other dependency files than the intent was priced for)') } },
    { doc: 'cert-v1', method: 'get', path: '/cert/v1/submissions', security: bearer, summary: "The caller's submissions, newest first", request: { query: ListQuery }, responses: { 200: json(z.object({ items: z.array(Json), nextCursor: z.string().nullable() })) } },
    { doc: 'cert-v1', method: 'get', path: '/cert/v1/submissions/{id}', summary: `Submission detail (owner view with a bearer key of the owner). ${STATUS_READ}`, request: { params: sub, query: SubmissionReadQuery }, responses: statusReadResponses('Unknown id') },
    { doc: 'cert-v1', method: 'get', path: '/cert/v1/submissions/{id}/findings.sarif', security: bearer, summary: "The submission's findings as SARIF 2.1.0 (owner only): one rule per rule id with its title and fix, one result per finding location in SKILL.md. Also the submission URL with Accept: application/sarif+json", request: { params: sub }, responses: { 200: sarif('SARIF 2.1.0 log'), 304: { description: 'If-None-Match matches' }, 401: err('missing_api_key, invalid_api_key'), 404: err('Unknown id, or not your submission') } },
    { doc: 'cert-v1', method: 'get', path: '/cert/v1/submissions/{id}/receipt', summary: 'Signed receipt of a submission', request: { params: sub }, responses: { 200: json(SignedReceipt), 404: err('Unknown id') } },
    { doc: 'cert-v1', method: 'post', path: '/cert/v1/submissions/{id}/dispute', security: bearer, summary: 'Open a dispute on a verdict (SANDBOX_FAILED, REJECTED, ESCALATED, or APPROVED with a SUSPENDED certificate); an operator upholds it (a RE_AUDIT council round) or denies it', request: { params: sub, body: { content: { 'application/json': { schema: DisputeBody } } } }, responses: { 201: json(DisputeRecord), 404: err('Unknown id, or not your submission'), 409: err('dispute_not_allowed, dispute_already_open or dispute_already_upheld') } },
    { doc: 'cert-v1', method: 'post', path: '/cert/v1/certificates/{skillId}/flag', security: bearer, summary: 'Flag a certified skill', request: { params: skill, body: { content: { 'application/json': { schema: FlagBody } } } }, responses: { 201: json(Json, 'Flag opened'), 200: json(Json, 'Your open flag already exists'), 400: err('Invalid or zero wallet address'), 403: err('Not activated'), 429: err('too_many_open_flags or flag_rate_limited (Retry-After)') } },
    { doc: 'cert-v1', method: 'get', path: '/cert/v1/certificates/{skillId}/verify', summary: 'Whether a certificate is currently valid', request: { params: skill }, responses: { 200: json(VerifyResult), 404: err('Unknown certificate') } },
    { doc: 'cert-v1', method: 'get', path: '/cert/v1/agent-guide', summary: 'Product guide (markdown)', responses: { 200: { description: 'text/markdown' } } },
    { doc: 'cert-v1', method: 'get', path: '/cert/v1/openapi.json', summary: 'This document', responses: { 200: json(Json) } },
    ...webhookRoutes('cert-v1', '/cert/v1/webhooks', "the API key's actor"),
    ...webhookRoutes('dev', '/api/v1/cert/dev/webhooks', 'the developer (any of its tokens)'),
    { doc: 'public', method: 'get', path: '/api/v1/public/openapi.json', summary: 'This document', responses: { 200: json(Json) } },
    { doc: 'public', method: 'get', path: '/api/v1/public/overview', summary: 'Public overview stats', responses: { 200: json(Json) } },
    { doc: 'public', method: 'get', path: '/api/v1/public/certificates', summary: 'Certificate index, newest first (limit, cursor; a search with q is one page)', request: { query: CertificateSearchQuery }, responses: { 200: json(z.object({ items: z.array(Json), nextCursor: z.string().nullable() })), 400: err('invalid_cursor; invalid_field (field names the parameter) for a bad limit or a list form such as q[]=a&q[]=b') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/certificates/{skillId}', summary: 'Immutable certificate detail with replay metadata', request: { params: skill }, responses: { 200: json(CertificateDetail), 404: err('Unknown certificate') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/certificates/{skillId}/verify', summary: 'Verify result', request: { params: skill }, responses: { 200: json(VerifyResult), 404: err('Unknown certificate') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/certificates/{skillId}/sponsored-disclosure', summary: 'Sponsored platform-execution disclosure', request: { params: skill }, responses: { 200: json(Json) } },
    { doc: 'public', method: 'get', path: '/api/v1/public/certificates/{skillId}/source-integrity', summary: 'Canonical SHA-256 of the certified file', request: { params: skill }, responses: { 200: json(SourceIntegrity), 404: err('Unknown certificate') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/certificates/{skillId}/attestation', summary: 'The certificate as an in-toto Statement (SLSA Verification Summary Attestation) in a DSSE envelope signed by the service key; from the sealed record only, so it never changes (live state is in live-status)', request: { params: skill }, responses: { 200: json(DsseEnvelope), 404: err('Unknown certificate') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/certificates/{skillId}/live-status', summary: 'Live mutable status: status and valid, counters, monitoring (state, lastCheckedAt, the latest check of each kind), on-chain state', request: { params: skill }, responses: { 200: json(LiveStatus), 404: err('Unknown certificate') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/certificates/{skillId}/flags', summary: 'Community flag summary (monitoring alerts are in live-status)', request: { params: skill }, responses: { 200: json(Json) } },
    { doc: 'public', method: 'post', path: '/api/v1/public/certificates/{skillId}/compare-skill-from-host', summary: 'Compare the certified file with a hosted file', request: { params: skill, body: { content: { 'application/json': { schema: CompareBody } } } }, responses: { 200: json(Json), 422: err('Unsupported or forbidden source') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/agents/{walletAddress}', summary: 'Agent profile by wallet address: submissions, certificates, flags, earnings (usdcEarned, rewardTokenEarned), and reputation, accuracy and validator standing when the wallet signs for a validator', request: { params: idParam('walletAddress') }, responses: { 200: json(Json), 404: err('Unknown wallet') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/leaderboard', summary: 'Leaderboard: by=reputation|accuracy (validators) or earnings|wealth (credited wallets), highest first; limit, cursor', request: { query: LeaderboardQuery }, responses: { 200: json(LeaderboardPage), 400: err('Unknown selector or invalid_cursor') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/agents/{walletAddress}/skills', summary: 'Certified skills of an agent wallet (limit, cursor)', request: { params: idParam('walletAddress'), query: PageQuery }, responses: { 200: json(Json) } },
    { doc: 'public', method: 'get', path: '/api/v1/public/validators', summary: 'Active validator index (built-in, LLM and admitted external validators) with votes cast, decided votes, accuracy (agreementRate, kept for older clients, is the same number) and reputation', responses: { 200: json(Json) } },
    { doc: 'public', method: 'get', path: '/api/v1/public/cert/validators/{walletAddress}/work', summary: 'A validator’s signed votes (built-in, LLM or external), newest first, each with the round outcome and the final outcome; with its kind, status, accuracy, reputation and earnings (limit, cursor)', request: { params: idParam('walletAddress'), query: PageQuery }, responses: { 200: json(Json), 404: err('Not a validator') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/economy', summary: 'Read-only economy snapshot: fees, validator payouts, bounties, reward token paid out, active validators, open flags', responses: { 200: json(Economy) } },
    { doc: 'public', method: 'get', path: '/api/v1/public/cert/revenue', summary: 'Revenue and payout summary (USDC)', responses: { 200: json(RevenueSummary) } },
    { doc: 'public', method: 'get', path: '/api/v1/public/cert/revenue/validators', summary: 'Validator revenue index, one row per payout wallet ordered by address (limit, cursor)', request: { query: PageParams }, responses: { 200: json(z.object({ items: z.array(ValidatorRevenue), nextCursor: z.string().nullable() })), 400: err('invalid_cursor or invalid_field') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/cert/revenue/validators/{walletAddress}', summary: 'Validator revenue detail', request: { params: idParam('walletAddress') }, responses: { 200: json(ValidatorRevenue.extend({ currency: z.literal('USDC'), lastPaidAt: z.string().nullable(), lastPaidTxHash: z.string().nullable() })), 400: err('invalid_wallet_address'), 404: err('Not a validator payout wallet') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/cert/revenue/validators/{walletAddress}/history', summary: 'Validator payout history with state and tx hashes, newest first (limit, cursor)', request: { params: idParam('walletAddress'), query: PageParams }, responses: { 200: json(z.object({ walletAddress: z.string(), items: z.array(Payout), nextCursor: z.string().nullable() })), 400: err('invalid_wallet_address or invalid_cursor') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/cert/stats', summary: 'Protocol stats', responses: { 200: json(Json) } },
    { doc: 'public', method: 'get', path: '/api/v1/public/product-versions', summary: 'Versions of the platform and protocol', responses: { 200: json(Json) } },
    { doc: 'public', method: 'get', path: '/api/v1/public/agent-guide', summary: 'Agent-readable guide (markdown)', responses: { 200: { description: 'text/markdown' } } },
    { doc: 'cert-v1', method: 'post', path: '/cert/v1/payments/intents', security: bearer, summary: 'Create a payment intent: what is bought, its price (the one rule: category price + the packages to audit of the given dependency files, CODE+PACKAGES) and the x402 requirements. CODE+PACKAGES needs the dependency files (inline, or next to sourceUrl at sourceRef) and the intent then pays only for a submission carrying the same files', request: { body: { content: { 'application/json': { schema: PaymentIntentBody } } } }, responses: { 201: json(PaymentIntentView), 413: err('dependency_file_too_large, payload_too_large'), 422: err('unknown_category, dependency_files_not_allowed, missing_dependency_manifest, unsupported_dependency_file, invalid_dependency_file, too_many_dependencies, dependency_refused') } },
    { doc: 'cert-v1', method: 'post', path: '/cert/v1/payments/{id}/confirm', security: bearer, summary: 'Confirm a payment intent with an x402 proof (header payment-signature)', request: { params: idParam('id') }, responses: { 200: json(PaymentIntentView, 'Paid'), 402: err('Payment required or refused (PAYMENT-REQUIRED header; body: accepts, resource, price = the intent’s price)') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/packages/stats', summary: 'Package registry statistics', responses: { 200: json(Json) } },
    { doc: 'public', method: 'get', path: '/api/v1/public/packages/{registry}/{name}/{version}', summary: 'Package certificate (scoped npm names span two segments). With Accept: application/sarif+json (ranked above JSON) its retained findings as SARIF 2.1.0, as at …/findings.sarif; the answer says Vary: Accept', request: { params: z.object({ registry: z.enum(['npm', 'pypi']), name: z.string(), version: z.string() }) }, responses: { 200: { description: 'OK', content: { ...json(PackageCertificate).content, [SARIF_MEDIA_TYPE]: { schema: SarifLog } } }, 404: err('Not certified') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/packages/{registry}/{name}/{version}/findings.sarif', summary: "The certificate's retained findings (sealed with it) as SARIF 2.1.0: each in its file inside the distribution archive (artifact 0, with its SHA-256), at its line with its evidence; the driver version is the certificate's analysisVersion. Public, cached a minute like the certificate", request: { params: z.object({ registry: z.enum(['npm', 'pypi']), name: z.string(), version: z.string() }) }, responses: { 200: sarif('SARIF 2.1.0 log'), 304: { description: 'If-None-Match matches' }, 404: err('Not certified') } },
    { doc: 'public', method: 'get', path: '/api/v1/public/packages/{registry}/{name}/{version}/verify', summary: 'Package certificate with integrity details and advisory summary (the PackageCertificate members plus valid, distribution, integrity, council votes and the signed canonical JSON)', request: { params: z.object({ registry: z.enum(['npm', 'pypi']), name: z.string(), version: z.string() }) }, responses: { 200: json(PackageCertificate), 404: err('Not certified') } },
    { doc: 'agent', method: 'get', path: '/api/v1/cert/agent/auth/challenge', summary: 'Sign-in challenge (SIWE message) for a wallet; at most a few outstanding per wallet (a new one replaces the oldest)', request: { query: z.object({ wallet: z.string() }) }, responses: { 200: json(AgentChallenge), 429: err('too_many_challenges: too many outstanding challenges in all (Retry-After)') } },
    { doc: 'agent', method: 'post', path: '/api/v1/cert/agent/auth/verify', summary: 'Verify the signed challenge; returns sessionToken (7 days)', request: { body: { content: { 'application/json': { schema: AgentVerifyBody } } } }, responses: { 200: json(AgentSession), 401: err('invalid_signature, nonce_used, challenge_expired, invalid_nonce') } },
    { doc: 'agent', method: 'get', path: '/api/v1/cert/agent/categories', security: [{ agentSession: [] }], summary: 'Active categories', responses: { 200: json(Json) } },
    { doc: 'agent', method: 'post', path: '/api/v1/cert/agent/quote', security: [{ agentSession: [] }], summary: 'Price for a category, with an optional voucher', request: { body: { content: { 'application/json': { schema: QuoteBody } } } }, responses: { 200: json(Json) } },
    { doc: 'agent', method: 'post', path: '/api/v1/cert/agent/submit', security: [{ agentSession: [] }], summary: 'Submit; 201 when free, else the x402 flow (402 then payment-signature). The 402 asks what POST /quote showed for the same categoryKey and voucherCode', request: { body: { content: { 'application/json': { schema: AgentSubmitBody } } } }, responses: { 201: json(SubmitResponse), 402: err('Payment required (PAYMENT-REQUIRED header; body: accepts, resource, price = SubmissionPrice)') } },
    { doc: 'agent', method: 'get', path: '/api/v1/cert/agent/submissions', security: [{ agentSession: [] }], summary: "The wallet's submissions", request: { query: ListQuery }, responses: { 200: json(Json) } },
    { doc: 'agent', method: 'get', path: '/api/v1/cert/agent/submissions/{id}', security: [{ agentSession: [] }], summary: `Submission detail (owning wallet only). ${STATUS_READ}`, request: { params: idParam('id'), query: SubmissionReadQuery }, responses: statusReadResponses('Unknown, or another wallet') },
    { doc: 'agent', method: 'get', path: '/api/v1/cert/agent/submissions/{id}/findings.sarif', security: [{ agentSession: [] }], summary: "The submission's findings as SARIF 2.1.0 (owning wallet only), as GET /cert/v1/submissions/{id}/findings.sarif", request: { params: idParam('id') }, responses: { 200: sarif('SARIF 2.1.0 log'), 304: { description: 'If-None-Match matches' }, 404: err('Unknown, or another wallet') } },
    { doc: 'agent', method: 'post', path: '/api/v1/cert/agent/submissions/{id}/resubmit', security: [{ agentSession: [] }], summary: 'Resubmit a REJECTED submission as a new linked record', request: { params: idParam('id'), body: { content: { 'application/json': { schema: ResubmitBody } } } }, responses: { 201: json(Json), 402: err('Paid resubmission: the category price × version update multiplier (body member price = SubmissionPrice)'), 409: err('duplicate_content, already_resubmitted, not_resubmittable') } },
    { doc: 'validator', method: 'post', path: '/api/v1/cert/validator/register', security: session, summary: 'Register the signed-in wallet as an external validator (status PENDING until an operator admits it); again while not admitted to update the profile', request: { body: { content: { 'application/json': { schema: RegisterValidatorBody } } } }, responses: { 201: json(ValidatorProfile), 400: err('Invalid body or payout address'), 403: err('validator_suspended'), 409: err('wallet_in_use') } },
    { doc: 'validator', method: 'get', path: '/api/v1/cert/validator/me', security: session, summary: "The signed-in wallet's validator profile and status", responses: { 200: json(ValidatorProfile), 404: err('Not registered') } },
    { doc: 'validator', method: 'get', path: '/api/v1/cert/validator/assignments/open', security: session, summary: 'Rounds with a seat this validator can claim now (its product types, claim window open), oldest first', responses: { 200: json(Json), 403: err('validator_not_admitted, validator_suspended') } },
    { doc: 'validator', method: 'get', path: '/api/v1/cert/validator/assignments', security: session, summary: "This validator's seats (LEASED, VOTED) with its own verdicts", responses: { 200: json(Json) } },
    { doc: 'validator', method: 'post', path: '/api/v1/cert/validator/assignments/{roundId}/claim', security: session, summary: 'Claim a seat: a lease of COUNCIL_LEASE_MS; answers the case and the vote payload template', request: { params: idParam('roundId') }, responses: { 201: json(AssignmentCase), 403: err('validator_not_admitted, validator_suspended'), 404: err('Unknown round'), 409: err('round_closed, claim_window_closed, no_free_seat, already_seated'), 429: err('too_many_leases') } },
    { doc: 'validator', method: 'get', path: '/api/v1/cert/validator/assignments/{roundId}', security: session, summary: 'The case of a seat this validator holds or held (never another validator’s vote)', request: { params: idParam('roundId') }, responses: { 200: json(AssignmentCase), 404: err('No seat in this round') } },
    { doc: 'validator', method: 'post', path: '/api/v1/cert/validator/assignments/{roundId}/vote', security: session, summary: 'Submit the signed vote: the canonical cert.vote/1 payload and its EIP-191 signature over payloadHash by the validator wallet', request: { params: idParam('roundId'), body: { content: { 'application/json': { schema: SubmitVoteBody } } } }, responses: { 201: json(z.object({ recorded: z.literal(true), payloadHash: z.string(), roundOutcome: z.string().nullable() })), 400: err('Invalid body'), 422: err('invalid_signature, round_mismatch, validator_mismatch, content_mismatch, unknown_finding'), 409: err('no_lease, lease_expired, already_voted, round_closed') } },
    { doc: 'dev', method: 'post', path: '/api/v1/cert/dev/drafts', security: bearer, summary: 'Create a draft: product type, skill file and dependency files, checked as a submission would check them', request: { body: { content: { 'application/json': { schema: DraftBody } } } }, responses: { 201: json(DraftView), 400: err('invalid_field, unknown_field'), 401: err('missing_developer_token, invalid_developer_token'), ...DRAFT_FILE_ERRORS } },
    { doc: 'dev', method: 'get', path: '/api/v1/cert/dev/drafts/{draftId}', security: bearer, summary: 'Read one of your drafts', request: { params: idParam('draftId') }, responses: { 200: json(DraftView), 404: err('not_found: unknown, or another developer’s') } },
    { doc: 'dev', method: 'put', path: '/api/v1/cert/dev/drafts/{draftId}', security: bearer, summary: 'Replace a draft (the whole draft); its kept package preview is dropped', request: { params: idParam('draftId'), body: { content: { 'application/json': { schema: DraftBody } } } }, responses: { 200: json(DraftView), 404: err('not_found: unknown, or another developer’s'), ...DRAFT_FILE_ERRORS } },
    { doc: 'dev', method: 'post', path: '/api/v1/cert/dev/drafts/{draftId}/package-preview', security: bearer, summary: 'Certification status of a draft’s direct dependencies (spec 2.5) and the price its submission will ask (price); kept on the draft', request: { params: idParam('draftId') }, responses: { 200: json(PackagePreview), 404: err('not_found: unknown, or another developer’s') } },
    { doc: 'dev', method: 'post', path: '/api/v1/cert/submit', security: bearer, summary: 'Developer x402 submission (X-Payment-Method: x402; proof in X-Payment-Receipt); every product type, CODE+PACKAGES with dependencyFiles or a draftId. The 402 asks price.amountUsdc = product price + packages to audit, as the draft preview showed (body member price). Everything is validated before the 402: a refused request is never charged', request: { body: { content: { 'application/json': { schema: DevSubmitBody } } } }, responses: { 201: json(SubmitResponse), 400: err('payment_method_required, invalid_url, missing_field, invalid_field, conflicting_fields'), 401: err('missing_developer_token, invalid_developer_token'), 402: err('Payment required (PAYMENT-REQUIRED header; body: accepts, resource, price)'), 404: err('not_found (draftId): unknown, or another developer’s draft'), 413: err('dependency_file_too_large, payload_too_large, skill_file_too_large'), 422: err('unknown_category, draft_mismatch, dependency_files_not_allowed, missing_dependency_manifest, unsupported_dependency_file, invalid_dependency_file, too_many_dependencies, dependency_refused') } },
    { doc: 'dev', method: 'get', path: '/api/v1/cert/dev/submissions', security: bearer, summary: "The developer's submissions (any of its tokens), newest first", request: { query: ListQuery }, responses: { 200: json(z.object({ items: z.array(Json), nextCursor: z.string().nullable() })), 401: err('missing_developer_token, invalid_developer_token') } },
    { doc: 'dev', method: 'get', path: '/api/v1/cert/dev/submissions/{id}', security: bearer, summary: `Submission detail (owner view: status, findings with fixes, council votes, certificate). ${STATUS_READ}`, request: { params: idParam('id'), query: SubmissionReadQuery }, responses: statusReadResponses('Unknown, or another developer’s') },
    { doc: 'dev', method: 'get', path: '/api/v1/cert/dev/submissions/{id}/findings.sarif', security: bearer, summary: "The submission's findings as SARIF 2.1.0 (the developer's own only), as GET /cert/v1/submissions/{id}/findings.sarif", request: { params: idParam('id') }, responses: { 200: sarif('SARIF 2.1.0 log'), 304: { description: 'If-None-Match matches' }, 401: err('missing_developer_token, invalid_developer_token'), 404: err('Unknown, or another developer’s') } },
    { doc: 'dev', method: 'post', path: '/api/v1/cert/dev/tokens', security: session, summary: 'Issue a developer token for the signed-in wallet (the wallet is the developer); the token is in this answer only; at most DEV_TOKENS_PER_DEVELOPER active; audit-logged', request: { body: { content: { 'application/json': { schema: DevTokenCreateBody } } } }, responses: { 201: json(IssuedDeveloperToken), 400: err('invalid_field, unknown_field'), 401: err('missing_session, malformed_session, invalid_session, expired_session, revoked_session'), 409: err('developer_token_limit: revoke a token first') } },
    { doc: 'dev', method: 'get', path: '/api/v1/cert/dev/tokens', security: session, summary: "The signed-in wallet's developer tokens (never the tokens themselves), active first", responses: { 200: json(z.object({ items: z.array(DeveloperToken), activeCount: z.number().int(), maxActive: z.number().int() })), 401: err('missing_session, …') } },
    { doc: 'dev', method: 'delete', path: '/api/v1/cert/dev/tokens/{tokenId}', security: session, summary: 'Revoke one of the wallet’s tokens (at once; again is a no-op); audit-logged', request: { params: idParam('tokenId') }, responses: { 200: json(DeveloperToken), 401: err('missing_session, …'), 404: err('Unknown token, or another developer’s') } },
    { doc: 'discovery', method: 'get', path: '/.well-known/skill-store', summary: 'Discovery manifest: currently valid certified skills', responses: { 200: json(Json) } },
    { doc: 'discovery', method: 'get', path: '/.well-known/openapi.json', summary: 'Combined schema of the service and public APIs', responses: { 200: json(Json) } },
    { doc: 'discovery', method: 'get', path: '/.well-known/cert-signer', summary: 'The service signing address and scheme', responses: { 200: json(CertSigner) } },
  ];
}

const cache = new Map<Doc, object>();

/** OpenAPI 3.1.0 documents generated from the request schemas the routes validate with. */
/**
 * What a client of the paid routes meets first with the official x402 client (docs/chain-and-payments.md,
 * "Paying with the official x402 client"): its default spend controls refuse an asset it does not know.
 */
export const X402_CLIENT_NOTE =
  'Paying a 402 with the official x402 client (@x402/fetch): by default it pays only assets it recognises and at most $1 per payment, so it refuses the local chain\'s test USDC (accepts[0].asset) until its spend controls allow it: setSpendControls({ allowedAssets: [{ network: accepts[0].network, asset: accepts[0].asset, maxAmountPerPayment: <atomic units, 6 decimals, e.g. "100000000" for 100 USDC> }] }). On Base, raise maxAmountPerPayment the same way.';

export function openApiDocument(doc: Doc): object {
  const hit = cache.get(doc);
  if (hit) return hit;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'API key (developer token on the developer channel)' });
  registry.registerComponent('securitySchemes', 'agentSession', { type: 'apiKey', in: 'header', name: 'x-agent-session' });
  for (const { doc: d, ...route } of routes()) {
    // Public reads answer conditional requests: a weak ETag on every answer, 304 when it matches.
    const publicRead = route.method === 'get' && (d === 'public' || d === 'discovery' || route.path === '/cert/v1/certificates/{skillId}/verify');
    const responses = { ...route.responses, ...(publicRead ? { 304: { description: 'Not modified: If-None-Match holds the current ETag' } } : {}), 429: RATE_LIMITED, 503: unavailable };
    if (doc === 'all' || d === doc) registry.registerPath({ ...route, responses, tags: [d] });
  }
  const generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: doc === 'public' ? 'cert public read API' : doc === 'cert-v1' ? 'cert authenticated API' : 'cert service and public APIs',
      version: API_VERSION,
      description:
        'Errors: every 4xx/5xx body is {"error": {"code", "message", "field"?}}. Public reads (the public API, discovery, verify) carry a weak ETag (If-None-Match gets 304) and allow any origin without credentials (Access-Control-Allow-Origin: *).' +
        (doc === 'public' ? '' : ` ${X402_CLIENT_NOTE}`),
    },
    servers: [{ url: publicBaseUrl() }],
  });
  cache.set(doc, generated);
  return generated;
}
