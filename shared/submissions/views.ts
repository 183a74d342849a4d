import { CertificateState, Submission } from '../db/models.js';
import { selectRows } from '../db/connection.js';
import { onChainView, verifyUrl } from '../certificates/views.js';
import { signEnvelope } from '../signing.js';
import { disputeOf } from './disputes.js';
import { submissionPackagesView } from '../packages/views.js';
import { disputeWaitsOn, pollAfterSeconds } from './polling.js';

/** Clients poll a submission at this interval (spec 8): the hint a new submission is answered with. */
export const POLL_SECONDS = 30;

async function certificateRef(sub: Submission) {
  if (!sub.certificateId) return undefined;
  const { Certificate } = await import('../db/models.js');
  const cert = await Certificate.findByPk(sub.certificateId);
  const state = await CertificateState.findByPk(sub.certificateId);
  if (!cert || !state) return undefined;
  return {
    skillId: cert.id,
    certificateIssuedAt: cert.issuedAt.toISOString(),
    certificatePayloadHash: cert.payloadHash,
    certifiedVersion: cert.skillVersion,
    certifiedContentSha256: cert.contentSha256,
    status: state.status,
    onChain: onChainView(state),
    verifyUrl: verifyUrl(cert.id),
  };
}

interface RoundVoteRow {
  disputed: number;
  round_id: string | null;
  round_type: string;
  expected_votes: number;
  votes_received: number;
  outcome: string | null;
  outcome_reason: string | null;
  validator_key: string | null;
  verdict: string;
  security_level: string;
  reasons: string;
  payload: string;
  payload_hash: string;
  signature: string;
  signer: string;
}

/**
 * The latest round with its votes, and whether the submission was ever disputed, in one statement (a
 * status read runs on every change of a submission: these were three round trips, with a model instance
 * per vote).
 */
async function councilView(sub: Submission) {
  const rows = await selectRows<RoundVoteRow>(
    'SELECT d.disputed, r.id AS round_id, r.round_type, r.expected_votes, r.votes_received, r.outcome, r.outcome_reason, ' +
      'v.validator_key, v.verdict, v.security_level, v.reasons, v.payload, v.payload_hash, v.signature, v.signer ' +
      'FROM (SELECT EXISTS (SELECT 1 FROM disputes WHERE submission_id = ?) AS disputed) d ' +
      'LEFT JOIN (SELECT * FROM council_rounds WHERE submission_id = ? ORDER BY round_number DESC LIMIT 1) r ON TRUE ' +
      'LEFT JOIN votes v ON v.round_id = r.id ORDER BY v.validator_key ASC',
    [sub.id, sub.id],
  );
  const first = rows[0]!;
  const disputed = Number(first.disputed) === 1;
  if (first.round_id === null) return { disputed, council: null };
  const council = {
    roundId: first.round_id,
    roundType: first.round_type,
    expectedVotes: first.expected_votes,
    votesReceived: first.votes_received,
    outcome: first.outcome,
    outcomeReason: first.outcome_reason,
    votes: rows
      .filter((v) => v.validator_key !== null)
      .map((v) => ({
        validatorKey: v.validator_key!,
        verdict: v.verdict,
        securityLevel: v.security_level,
        reasons: JSON.parse(v.reasons) as string[],
        payload: v.payload,
        payloadHash: v.payload_hash,
        signature: v.signature,
        signer: v.signer,
      })),
  };
  return { disputed, council };
}

/** Both views of a submission from one set of reads (the status read cache keeps them together). */
export async function submissionViews(sub: Submission) {
  const owner = await ownerSubmissionView(sub);
  return { owner, public: publicOf(sub, owner.certificate, owner.pollAfterSeconds) };
}

/** Everything the owner may see. */
export async function ownerSubmissionView(sub: Submission) {
  const report = sub.sandboxReport as { findings?: unknown[]; summary?: string; rulesetVersion?: string } | null;
  // The rounds first, the certificate's state last: a view that shows a re-audit decided then also
  // shows what that decision (committed with it) did to the certificate.
  // Nothing moves into PENDING_SANDBOX (TRANSITIONS): a submission there has had no round and no dispute.
  const untouched = sub.status === 'PENDING_SANDBOX';
  // The round and whether a dispute exists in one statement; the dispute itself only when there is one.
  const rounds = untouched ? null : await councilView(sub);
  const dispute = rounds?.disputed ? await disputeOf(sub.id) : null;
  const council = rounds?.council ?? null;
  const certificate = await certificateRef(sub);
  const pollAfter = pollAfterSeconds(sub.status, disputeWaitsOn(dispute));
  return {
    submissionId: sub.id,
    status: sub.status,
    statusChangedAt: sub.statusChangedAt.toISOString(),
    channel: sub.channel,
    categoryKey: sub.categoryKey,
    productType: sub.productType,
    skillName: sub.skillName,
    skillVersion: sub.skillVersion,
    contentSha256: sub.contentSha256,
    sourceUrl: sub.sourceUrl,
    sourceRef: sub.sourceRef,
    manifest: sub.manifest,
    sandboxRiskLevel: sub.sandboxRiskLevel,
    sandboxSummary: report?.summary ?? null,
    rulesetVersion: report?.rulesetVersion ?? null,
    findings: report?.findings ?? [],
    // API and SKILL+API: what each declared endpoint answered in the sandbox step (docs/endpoint-review.md).
    ...(sub.endpointReview ? { endpointReview: sub.endpointReview } : {}),
    // CODE+PACKAGES: the packages as they are resolved and audited (docs/packages.md).
    ...(sub.packagePhase ? { packages: await submissionPackagesView(sub.id, sub.packagePhase) } : {}),
    verdict: sub.verdictSummary,
    council,
    ...(sub.status === 'REJECTED' ? { rejectionSummary: sub.rejectionSummary, freeResubmissionsLeft: sub.freeResubmissionsLeft ?? 0 } : {}),
    ...(sub.originalSubmissionId ? { originalSubmissionId: sub.originalSubmissionId } : {}),
    ...(certificate ? { skillId: certificate.skillId, certificate } : {}),
    // The latest dispute and, once upheld, its re-audit round (owner only: the reasons are private).
    ...(dispute ? { dispute } : {}),
    createdAt: sub.createdAt.toISOString(),
    // When to read again (polling.ts); absent once nothing is expected to change.
    ...(pollAfter !== undefined ? { pollAfterSeconds: pollAfter } : {}),
  };
}

/** Without the owner's key: status and what is public anyway (an issued certificate). */
export async function publicSubmissionView(sub: Submission) {
  return publicOf(sub, await certificateRef(sub), pollAfterSeconds(sub.status));
}

function publicOf(sub: Submission, certificate: Awaited<ReturnType<typeof certificateRef>>, pollAfter: number | undefined) {
  return {
    submissionId: sub.id,
    status: sub.status,
    statusChangedAt: sub.statusChangedAt.toISOString(),
    createdAt: sub.createdAt.toISOString(),
    ...(certificate ? { skillId: certificate.skillId, certificate } : {}),
    ...(pollAfter !== undefined ? { pollAfterSeconds: pollAfter } : {}),
  };
}

export function listItem(sub: Submission) {
  return {
    submissionId: sub.id,
    status: sub.status,
    categoryKey: sub.categoryKey,
    skillName: sub.skillName,
    skillVersion: sub.skillVersion,
    sandboxRiskLevel: sub.sandboxRiskLevel,
    skillId: sub.certificateId,
    createdAt: sub.createdAt.toISOString(),
    statusChangedAt: sub.statusChangedAt.toISOString(),
  };
}

/** A signed receipt: what the service acknowledges about a submission, at the time asked. */
export async function receipt(sub: Submission, scope: 'owner' | 'public') {
  const certificate = await certificateRef(sub);
  const base = {
    schema: 'cert.receipt/1',
    scope,
    submissionId: sub.id,
    status: sub.status,
    receivedAt: sub.createdAt.toISOString(),
    issuedAt: new Date().toISOString(),
    certificate: certificate ? { skillId: certificate.skillId, payloadHash: certificate.certificatePayloadHash } : null,
  };
  const payload =
    scope === 'owner'
      ? { ...base, categoryKey: sub.categoryKey, skillName: sub.skillName, skillVersion: sub.skillVersion, contentSha256: sub.contentSha256, owner: sub.owner }
      : base;
  const env = signEnvelope(payload);
  return { receipt: env.payload, payloadHash: env.payloadHash, signature: env.signature, signer: env.signer };
}
