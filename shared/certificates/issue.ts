import { randomUUID } from 'node:crypto';
import semver from 'semver';
import type { Transaction } from 'sequelize';
import { Certificate, CertificateState, Submission, Vote, builtInsert, saveChanged, type CouncilRound } from '../db/models.js';
import { deferring, takeDeferred } from '../db/deferred.js';
import { compound } from '../db/connection.js';
import { allValidators } from '../db/reference-rows.js';
import { invalidate } from '../cache/read-cache.js';
import { serviceSigner, signCanonicalWith } from '../signing.js';
import type { SandboxReport } from '../sandbox/types.js';
import { certificatePackages } from '../packages/pipeline.js';
import { CERTIFICATE_SCHEMA, certificateManifest, retainedWarningsOf, sealedEndpointReview, securityLevelOf, type CertificatePayload } from './canonical-form.js';
import { searchIndexPart } from './search.js';

/**
 * Seals the certificate of an approved submission inside the caller's transaction (the one that
 * moves the submission to APPROVED). Idempotent: the unique submission_id makes a second seal
 * impossible, and the existing one (the submission's `certificateId`) is returned. Earlier certificates of the same skill by the same
 * owner become DEPRECATED: the newest certified version is the current one.
 */
export async function sealCertificate(
  sub: Submission,
  round: CouncilRound,
  decision: { reason: string; decidedBy: 'council' | 'operator'; operatorReason?: string },
  t: Transaction,
  roundVotes?: readonly Vote[],
  /**
   * `id`: the certificate's id, chosen by a caller that has already moved `sub` to APPROVED with it (unsaved,
   * `transition`'s deferSave) in a transaction that defers its writes: the submission's UPDATE is then sent in
   * the seal's compound statement, after the certificate's INSERT its foreign key needs, instead of alone after it.
   */
  opts: { id?: string } = {},
): Promise<Certificate> {
  // A seal moves the submission to APPROVED with the certificate's id in the same transaction, under the
  // submission's lock (shared/submissions/verdict.ts): a submission without the id has no certificate yet.
  const savesSubmission = opts.id !== undefined && sub.certificateId === opts.id && deferring(t);
  if (sub.certificateId && !savesSubmission) {
    const existing = await Certificate.findByPk(sub.certificateId, { transaction: t });
    if (existing) return existing;
  }

  const report = sub.sandboxReport as SandboxReport;
  // The round's votes as the tally just read them (same transaction), else read here; by validator key.
  const votes = roundVotes
    ? [...roundVotes].sort((a, b) => (a.validatorKey < b.validatorKey ? -1 : a.validatorKey > b.validatorKey ? 1 : 0))
    : await Vote.findAll({ where: { roundId: round.id }, order: [['validatorKey', 'ASC']], transaction: t });
  const validators = new Map((await allValidators(t)).map((v) => [v.key, v]));
  const warnings = report.findings.filter((f) => !f.blocking);
  const id = savesSubmission ? opts.id! : randomUUID();
  const issuedAt = new Date();
  const signer = serviceSigner();
  const payload: CertificatePayload = {
    schema: CERTIFICATE_SCHEMA,
    certificateId: id,
    submissionId: sub.id,
    issuer: { name: 'cert', signer: signer.address },
    issuedAt: issuedAt.toISOString(),
    skill: { name: sub.skillName, description: sub.skillDescription ?? '', version: sub.skillVersion },
    certifiedVersion: sub.skillVersion,
    certifiedContentSha256: sub.contentSha256,
    source: { url: sub.sourceUrl, ref: sub.sourceRef },
    productType: sub.productType,
    categoryKey: sub.categoryKey,
    owner: sub.owner,
    roundType: round.roundType === 'RE_AUDIT' ? 'RE_AUDIT' : 'INITIAL_AUDIT',
    securityLevel: securityLevelOf(warnings),
    sandboxRiskLevel: report.riskLevel,
    rulesetVersion: report.rulesetVersion,
    summary: approvalSummary(decision, warnings.length),
    retainedWarnings: retainedWarningsOf(report),
    manifest: certificateManifest(sub.manifest, report),
    endpointReview: sealedEndpointReview(report.observed.urls, sub.declaredEndpoints, sub.endpointReview ?? null),
    ...(sub.packagePhase ? { packages: await certificatePackages(sub.id) } : {}),
    council: {
      roundId: round.id,
      outcome: 'APPROVED',
      reason: decision.reason,
      decidedBy: decision.decidedBy,
      operatorReason: decision.operatorReason ?? null,
      votes: votes.map((v) => ({
        validatorKey: v.validatorKey,
        walletAddress: validators.get(v.validatorKey)?.walletAddress ?? v.signer,
        verdict: v.verdict,
        payloadHash: v.payloadHash,
        signature: v.signature,
      })),
    },
  };
  const signed = signCanonicalWith(signer, payload);
  const cert = Certificate.build({
    id,
    submissionId: sub.id,
    owner: sub.owner,
    skillName: sub.skillName,
    skillDescription: sub.skillDescription,
    skillVersion: sub.skillVersion,
    contentSha256: sub.contentSha256,
    canonicalJson: signed.canonicalJson,
    payloadHash: signed.payloadHash,
    signature: signed.signature,
    signer: signed.signer,
    issuedAt,
    rulesetVersion: payload.rulesetVersion,
  });
  // The on-chain commit follows the seal: the state row (onchain_committed false, in no batch) is what
  // the worker's batcher picks up into the next batch (shared/chain/commit.ts); no job is needed. Written as
  // APPROVED: a newer certified version of the skill, found below, makes it DEPRECATED in this transaction.
  const state = CertificateState.build({
    certificateId: id,
    status: 'APPROVED',
    statusReason: null,
    monitoringState: 'ACTIVE',
    monitoringCheckedAt: issuedAt,
    onchainTxHash: null,
    onchainCommittedAt: null,
    onchainRegistryAddress: null,
  });
  // One compound statement (shared/db/connection.ts): the certificate's and its state's raw INSERTs of the
  // built rows (shared/db/models.ts insertBuilt: the rows create wrote), its search rows, and the owner's
  // other certificates of the skill: five statements run, one round trip, on the hot path of every approval.
  const certInsert = builtInsert(cert);
  const stateInsert = builtInsert(state);
  // The writes held before the seal go first; the submission's, held by saving it now, after the certificate's rows.
  const heldBefore = savesSubmission ? takeDeferred(t) : [];
  if (savesSubmission) await saveChanged(sub, t);
  const submissionSave = savesSubmission ? takeDeferred(t) : [];
  const [others = []] = (await compound(
    [
      ...heldBefore,
      certInsert,
      searchIndexPart(cert),
      stateInsert,
      ...submissionSave,
      { sql: 'SELECT id, skill_version AS skillVersion FROM certificates WHERE owner = ? AND skill_name = ? AND id <> ?', replacements: [sub.owner, sub.skillName, id] },
    ],
    t,
    // The approval's seal is the last statement of the sandbox job's transaction unless a deprecation follows
    // (another certificate of the skill by the owner, read in the same snapshot as the SELECT above): in a lazy
    // transaction (shared/db/connection.ts lazyTransaction) it then carries the COMMIT.
    savesSubmission ? { sql: 'NOT EXISTS (SELECT 1 FROM certificates WHERE owner = ? AND skill_name = ? AND id <> ?)', replacements: [sub.owner, sub.skillName, id] } : undefined,
  )) as { id: string; skillVersion: string }[][];
  certInsert.stored();
  stateInsert.stored();
  // The highest certified version of a skill (by semver; by issue time when not semver) is current.
  const older = others.filter((c) => compareVersions(c.skillVersion, sub.skillVersion) <= 0);
  const newer = others.filter((c) => compareVersions(c.skillVersion, sub.skillVersion) > 0);
  if (older.length) {
    await CertificateState.update(
      { status: 'DEPRECATED', statusReason: `Superseded by certificate ${id} (version ${sub.skillVersion})` },
      { where: { certificateId: older.map((c) => c.id), status: 'APPROVED' }, transaction: t },
    );
    invalidate.certificates(older.map((c) => c.id), t);
  }
  const supersededBy = newer.length
    ? await CertificateState.findOne({ where: { certificateId: newer.map((c) => c.id), status: 'APPROVED' }, transaction: t })
    : null;
  if (supersededBy) {
    await CertificateState.update(
      { status: 'DEPRECATED', statusReason: `A newer version of this skill is certified (certificate ${supersededBy.certificateId})` },
      { where: { certificateId: id }, transaction: t },
    );
  }
  return cert;
}

/** semver order when both are semver; otherwise the later issue wins (0 = "not older"). */
function compareVersions(a: string, b: string): number {
  return semver.valid(a) && semver.valid(b) ? semver.compare(a, b) : 0;
}

function approvalSummary(decision: { reason: string; decidedBy: string }, warnings: number): string {
  const who = decision.decidedBy === 'operator' ? 'Approved by an operator after escalation' : `Council: ${decision.reason}`;
  return `${who}; no blocking findings; ${warnings === 0 ? 'no warnings' : `${warnings} warning${warnings === 1 ? '' : 's'} retained`}.`;
}

export function certificatePayload(cert: Certificate): CertificatePayload {
  return JSON.parse(cert.canonicalJson) as CertificatePayload;
}
