import { Certificate, CertificateState, type Submission } from '../db/models.js';
import { selectRows } from '../db/connection.js';
import { onChainView, verifyUrl } from '../certificates/views.js';
import { signEnvelope } from '../signing.js';
import { disputeOf } from './disputes.js';
import { submissionPackagesView } from '../packages/views.js';
import { disputeWaitsOn, pollAfterSeconds } from './polling.js';

/** Clients poll a submission at this interval (spec 8): the hint a new submission is answered with. */
export const POLL_SECONDS = 30;

/** The submission's columns the views show (a model instance, or the row of the status read's one statement). */
export type SubmissionFields = Pick<
  Submission,
  | 'id' | 'owner' | 'status' | 'statusChangedAt' | 'channel' | 'categoryKey' | 'productType' | 'skillName' | 'skillVersion' | 'contentSha256'
  | 'sourceUrl' | 'sourceRef' | 'manifest' | 'sandboxRiskLevel' | 'sandboxReport' | 'endpointReview' | 'packagePhase' | 'verdictSummary'
  | 'rejectionSummary' | 'freeResubmissionsLeft' | 'originalSubmissionId' | 'certificateId' | 'createdAt'
>;

type CertificateRef = ReturnType<typeof certificateRefOf>;

function certificateRefOf(cert: Pick<Certificate, 'id' | 'issuedAt' | 'payloadHash' | 'skillVersion' | 'contentSha256'>, state: Parameters<typeof onChainView>[0] & Pick<CertificateState, 'status'>) {
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

async function certificateRef(sub: Pick<Submission, 'certificateId'>): Promise<CertificateRef | undefined> {
  if (!sub.certificateId) return undefined;
  const cert = await Certificate.findByPk(sub.certificateId);
  const state = await CertificateState.findByPk(sub.certificateId);
  if (!cert || !state) return undefined;
  return certificateRefOf(cert, state);
}

interface VoteRow {
  validatorKey: string;
  verdict: string;
  securityLevel: string;
  /** JSON text, as stored. */
  reasons: string;
  payload: string;
  payloadHash: string;
  signature: string;
  signer: string;
}

interface RoundColumns {
  round_id: string | null;
  round_type: string;
  expected_votes: number;
  votes_received: number;
  outcome: string | null;
  outcome_reason: string | null;
}

type CouncilView = ReturnType<typeof councilOf>;

/** The latest round and its votes (ordered by validator key, as the certificate lists them), from the columns read. */
function councilOf(r: RoundColumns, votes: VoteRow[]) {
  return {
    roundId: r.round_id!,
    roundType: r.round_type,
    expectedVotes: r.expected_votes,
    votesReceived: r.votes_received,
    outcome: r.outcome,
    outcomeReason: r.outcome_reason,
    votes: votes
      .sort((a, b) => (a.validatorKey < b.validatorKey ? -1 : a.validatorKey > b.validatorKey ? 1 : 0))
      .map((v) => ({
        validatorKey: v.validatorKey,
        verdict: v.verdict,
        securityLevel: v.securityLevel,
        reasons: JSON.parse(v.reasons) as string[],
        payload: v.payload,
        payloadHash: v.payloadHash,
        signature: v.signature,
        signer: v.signer,
      })),
  };
}

/** A round's votes as one JSON array (NULL for none): one row per submission, whatever its votes. */
const VOTES_JSON =
  "(SELECT JSON_ARRAYAGG(JSON_OBJECT('validatorKey', v.validator_key, 'verdict', v.verdict, 'securityLevel', v.security_level, 'reasons', v.reasons, " +
  "'payload', v.payload, 'payloadHash', v.payload_hash, 'signature', v.signature, 'signer', v.signer)) FROM votes v WHERE v.round_id = r.id)";
const LATEST_ROUND = 'LEFT JOIN council_rounds r ON r.id = (SELECT id FROM council_rounds WHERE submission_id = s.id ORDER BY round_number DESC LIMIT 1)';

/** The driver hands a JSON function's result back parsed or as text, by server (MariaDB, MySQL). */
const votesOf = (json: string | VoteRow[] | null): VoteRow[] => (json === null ? [] : typeof json === 'string' ? (JSON.parse(json) as VoteRow[]) : json);

/** What the views show besides the submission's own columns. */
interface Related {
  council: CouncilView | null;
  dispute: Awaited<ReturnType<typeof disputeOf>>;
  certificate: CertificateRef | undefined;
}

/** Everything the owner may see. */
async function ownerViewOf(sub: SubmissionFields, related: Related) {
  const report = sub.sandboxReport as { findings?: unknown[]; summary?: string; rulesetVersion?: string } | null;
  const { council, dispute, certificate } = related;
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

/**
 * Both views of a submission (the status read cache keeps them together) from one statement: the
 * submission's columns the views show, whether it was ever disputed, its latest round with the votes,
 * and its certificate with the certificate's state, as one row of one consistent snapshot (a status read
 * runs on every change of a submission: these were up to five statements, each with a model instance).
 * Null for an unknown id.
 */
export async function loadSubmissionViews(id: string): Promise<{ sub: SubmissionFields; owner: Awaited<ReturnType<typeof ownerViewOf>>; public: ReturnType<typeof publicOf> } | null> {
  const [row] = await selectRows<SubmissionRow>(
    'SELECT s.id, s.owner, s.status, s.status_changed_at, s.channel, s.category_key, s.product_type, s.skill_name, s.skill_version, s.content_sha256, ' +
      's.source_url, s.source_ref, s.manifest, s.sandbox_risk_level, s.sandbox_report, s.endpoint_review, s.package_phase, s.verdict_summary, ' +
      's.rejection_summary, s.free_resubmissions_left, s.original_submission_id, s.certificate_id, s.created_at, ' +
      'EXISTS (SELECT 1 FROM disputes WHERE submission_id = s.id) AS disputed, ' +
      `r.id AS round_id, r.round_type, r.expected_votes, r.votes_received, r.outcome, r.outcome_reason, ${VOTES_JSON} AS votes, ` +
      'c.id AS cert_id, c.issued_at AS cert_issued_at, c.payload_hash AS cert_payload_hash, c.skill_version AS cert_skill_version, ' +
      'c.content_sha256 AS cert_content_sha256, cs.status AS cert_status, cs.onchain_committed, cs.onchain_tx_hash, cs.onchain_committed_at, ' +
      'cs.onchain_registry_address, cs.onchain_inclusion ' +
      `FROM submissions s ${LATEST_ROUND} ` +
      'LEFT JOIN certificates c ON c.id = s.certificate_id LEFT JOIN certificate_states cs ON cs.certificate_id = s.certificate_id WHERE s.id = ?',
    [id],
  );
  if (!row) return null;
  const json = <T>(v: string | null): T | null => (v === null ? null : (JSON.parse(v) as T));
  const sub: SubmissionFields = {
    id: row.id,
    owner: row.owner,
    status: row.status,
    statusChangedAt: row.status_changed_at,
    channel: row.channel,
    categoryKey: row.category_key,
    productType: row.product_type,
    skillName: row.skill_name,
    skillVersion: row.skill_version,
    contentSha256: row.content_sha256,
    sourceUrl: row.source_url,
    sourceRef: row.source_ref,
    manifest: json(row.manifest),
    sandboxRiskLevel: row.sandbox_risk_level,
    sandboxReport: json(row.sandbox_report),
    endpointReview: json(row.endpoint_review),
    packagePhase: row.package_phase,
    verdictSummary: row.verdict_summary,
    rejectionSummary: row.rejection_summary,
    freeResubmissionsLeft: row.free_resubmissions_left,
    originalSubmissionId: row.original_submission_id,
    certificateId: row.certificate_id,
    createdAt: row.created_at,
  };
  let certificate = certificateOfRow(row);
  let dispute: Related['dispute'] = null;
  if (Number(row.disputed) === 1) {
    // The latest dispute (and its re-audit) is read after the round, and the certificate's state again after
    // the dispute: a view that shows a re-audit decided also shows what that decision (committed with it)
    // did to the certificate. Only a disputed submission costs these statements.
    dispute = await disputeOf(sub.id);
    certificate = await certificateRef(sub);
  }
  const owner = await ownerViewOf(sub, { council: row.round_id === null ? null : councilOf(row, votesOf(row.votes)), dispute, certificate });
  return { sub, owner, public: publicOf(sub, owner.certificate, owner.pollAfterSeconds) };
}

/**
 * Both views of a submission created a moment ago, from the instance its INSERT wrote (no dispute, round or
 * certificate can exist yet): what `loadSubmissionViews` reads back for it, without the read. Null for a
 * submission with packages (their view is read) or one that has moved on.
 */
export async function newSubmissionViews(s: Submission): Promise<{ sub: SubmissionFields; owner: Awaited<ReturnType<typeof ownerViewOf>>; public: ReturnType<typeof publicOf> } | null> {
  if (s.isNewRecord || s.packagePhase || s.status !== 'PENDING_SANDBOX' || s.certificateId) return null;
  const sub: SubmissionFields = {
    id: s.id,
    owner: s.owner,
    status: s.status,
    statusChangedAt: s.statusChangedAt,
    channel: s.channel,
    categoryKey: s.categoryKey,
    productType: s.productType,
    skillName: s.skillName,
    skillVersion: s.skillVersion,
    contentSha256: s.contentSha256,
    sourceUrl: s.sourceUrl,
    sourceRef: s.sourceRef,
    manifest: s.manifest,
    sandboxRiskLevel: s.sandboxRiskLevel,
    sandboxReport: s.sandboxReport,
    endpointReview: s.endpointReview ?? null,
    packagePhase: s.packagePhase ?? null,
    verdictSummary: s.verdictSummary,
    rejectionSummary: s.rejectionSummary,
    freeResubmissionsLeft: s.freeResubmissionsLeft,
    originalSubmissionId: s.originalSubmissionId,
    certificateId: s.certificateId,
    createdAt: s.createdAt,
  };
  const owner = await ownerViewOf(sub, { council: null, dispute: null, certificate: undefined });
  return { sub, owner, public: publicOf(sub, owner.certificate, owner.pollAfterSeconds) };
}

/** The certificate and its state as the status read's row has them, if the submission has one. */
function certificateOfRow(row: SubmissionRow): CertificateRef | undefined {
  if (row.cert_id === null || row.cert_status === null) return undefined;
  return certificateRefOf(
    { id: row.cert_id, issuedAt: row.cert_issued_at!, payloadHash: row.cert_payload_hash!, skillVersion: row.cert_skill_version!, contentSha256: row.cert_content_sha256! },
    {
      status: row.cert_status,
      onchainCommitted: Boolean(row.onchain_committed),
      onchainTxHash: row.onchain_tx_hash,
      onchainCommittedAt: row.onchain_committed_at,
      onchainRegistryAddress: row.onchain_registry_address,
      onchainInclusion: row.onchain_inclusion === null ? null : JSON.parse(row.onchain_inclusion),
    },
  );
}

interface SubmissionRow extends RoundColumns {
  id: string;
  owner: string;
  status: string;
  status_changed_at: Date;
  channel: string;
  category_key: string;
  product_type: string;
  skill_name: string;
  skill_version: string;
  content_sha256: string;
  source_url: string | null;
  source_ref: string | null;
  manifest: string | null;
  sandbox_risk_level: string | null;
  sandbox_report: string | null;
  endpoint_review: string | null;
  package_phase: string | null;
  verdict_summary: string | null;
  rejection_summary: string | null;
  free_resubmissions_left: number | null;
  original_submission_id: string | null;
  certificate_id: string | null;
  created_at: Date;
  disputed: number;
  votes: string | VoteRow[] | null;
  cert_id: string | null;
  cert_issued_at: Date | null;
  cert_payload_hash: string | null;
  cert_skill_version: string | null;
  cert_content_sha256: string | null;
  cert_status: string | null;
  onchain_committed: number | null;
  onchain_tx_hash: string | null;
  onchain_committed_at: Date | null;
  onchain_registry_address: string | null;
  onchain_inclusion: string | null;
}

/** Without the owner's key: status and what is public anyway (an issued certificate). */
function publicOf(sub: Pick<Submission, 'id' | 'status' | 'statusChangedAt' | 'createdAt'>, certificate: CertificateRef | undefined, pollAfter: number | undefined) {
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
