import { Certificate, CertificateState } from '../db/models.js';
import { notFound } from '../errors.js';
import { absoluteUrl } from '../urls.js';
import { isUuid } from '../ids.js';
import { certificatePayload } from './issue.js';
import type { CertificatePayload } from './canonical-form.js';

export interface LoadedCertificate {
  cert: Certificate;
  state: CertificateState;
  payload: CertificatePayload;
}


export async function loadCertificate(skillId: string): Promise<LoadedCertificate> {
  if (!isUuid(skillId)) throw notFound('Certificate', 'skillId');
  const cert = await Certificate.findByPk(skillId.toLowerCase());
  const state = cert && (await CertificateState.findByPk(cert.id));
  if (!cert || !state) throw notFound('Certificate', 'skillId');
  return { cert, state, payload: certificatePayload(cert) };
}

/** The single go/no-go rule: APPROVED and no open flag. */
export const isValid = (state: CertificateState) => state.status === 'APPROVED' && state.activeFlagCount === 0;

export function onChainView(state: CertificateState) {
  return {
    committed: Boolean(state.onchainCommitted),
    txHash: state.onchainTxHash,
    committedAt: state.onchainCommittedAt ? state.onchainCommittedAt.toISOString() : null,
    registryAddress: state.onchainRegistryAddress,
  };
}

/**
 * Recomputed on every response (never stored): present whenever the skill has an outbound
 * HTTP/API surface — declared external calls, or URLs the sandbox observed.
 */
export function apiDisclaimer(payload: CertificatePayload): string | undefined {
  const hosts = new Set<string>();
  for (const u of [...payload.manifest.externalCalls, ...payload.endpointReview.observedUrls, ...payload.endpointReview.declaredEndpoints]) {
    try {
      hosts.add(new URL(u).host.toLowerCase());
    } catch {
      /* not a URL: ignored */
    }
  }
  const apiType = payload.productType === 'API' || payload.productType === 'SKILL+API';
  if (hosts.size === 0 && !apiType) return undefined;
  const list = [...hosts].sort().join(', ');
  return (
    `This skill makes outbound HTTP/API calls${list ? ` to ${list}` : ''}. The certificate covers the reviewed skill file only, ` +
    'not the remote services: their behaviour, availability and data handling can change at any time without a new review.'
  );
}

export function verifyUrl(skillId: string): string {
  return absoluteUrl(`/api/v1/public/certificates/${skillId}/verify`);
}

/** Spec 2.1. */
export function verifyView({ cert, state, payload }: LoadedCertificate) {
  const disclaimer = apiDisclaimer(payload);
  const apiType = payload.productType === 'API' || payload.productType === 'SKILL+API';
  return {
    skillId: cert.id,
    valid: isValid(state),
    status: state.status,
    statusReason: state.statusReason,
    summary: payload.summary,
    activeFlagCount: state.activeFlagCount,
    securityLevel: payload.securityLevel,
    sandboxRiskLevel: payload.sandboxRiskLevel,
    skillName: payload.skill.name,
    skillVersion: payload.skill.version,
    certificateIssuedAt: payload.issuedAt,
    roundType: payload.roundType,
    retainedWarnings: payload.retainedWarnings,
    ...(apiType ? { endpointStatus: 'NOT_TESTED' } : {}),
    ...(disclaimer ? { apiDisclaimer: disclaimer } : {}),
    manifest: payload.manifest,
    endpointReview: payload.endpointReview,
    certificatePayloadHash: cert.payloadHash,
    certifiedContentSha256: payload.certifiedContentSha256,
    onChain: onChainView(state),
    checkedAt: new Date().toISOString(),
  };
}

export function liveStatusView({ cert, state }: LoadedCertificate) {
  return {
    skillId: cert.id,
    status: state.status,
    statusReason: state.statusReason,
    valid: isValid(state),
    activeFlagCount: state.activeFlagCount,
    counters: { views: Number(state.viewCount), verifications: Number(state.verifyCount) },
    monitoring: { state: state.monitoringState, lastCheckedAt: state.monitoringCheckedAt?.toISOString() ?? null },
    onChain: onChainView(state),
    updatedAt: state.updatedAt.toISOString(),
  };
}

export function sourceIntegrityView({ cert, payload }: LoadedCertificate) {
  return {
    skillId: cert.id,
    algorithm: 'sha256',
    normalisation: 'LF line endings (CRLF and CR replaced by LF) over the UTF-8 file',
    canonicalSha256: payload.certifiedContentSha256,
    certifiedVersion: payload.certifiedVersion,
    source: payload.source,
    certificatePayloadHash: cert.payloadHash,
    certificateSignature: cert.signature,
    signer: cert.signer,
  };
}

export function detailView(loaded: LoadedCertificate) {
  const { cert, state, payload } = loaded;
  return {
    id: cert.id,
    skillId: cert.id,
    certificate: payload,
    canonicalJson: cert.canonicalJson,
    payloadHash: cert.payloadHash,
    signature: cert.signature,
    signer: cert.signer,
    replay: {
      rulesetVersion: payload.rulesetVersion,
      certifiedContentSha256: payload.certifiedContentSha256,
      manifest: payload.manifest,
      councilRoundId: payload.council.roundId,
      votes: payload.council.votes,
      howTo:
        'Hash the canonicalJson string with SHA-256 and compare it with payloadHash; verify signature with EIP-191 over the 32 hash bytes; re-run the sandbox ruleset on the file whose LF-normalised SHA-256 is certifiedContentSha256.',
    },
    status: state.status,
    valid: isValid(state),
    onChain: onChainView(state),
    recentOnChainCommits: state.onchainCommitted
      ? [{ txHash: state.onchainTxHash, committedAt: state.onchainCommittedAt?.toISOString() ?? null, registryAddress: state.onchainRegistryAddress }]
      : [],
    verifyUrl: verifyUrl(cert.id),
  };
}

/** The columns indexItem reads: a list never loads the sealed record (canonical JSON). */
export const INDEX_ITEM_ATTRIBUTES = ['id', 'skillName', 'skillDescription', 'skillVersion', 'issuedAt'];

export function indexItem(cert: Certificate, state: CertificateState) {
  return {
    id: cert.id,
    skillName: cert.skillName,
    description: cert.skillDescription,
    skillVersion: cert.skillVersion,
    status: state.status,
    valid: isValid(state),
    certificateIssuedAt: cert.issuedAt.toISOString(),
    verifyUrl: verifyUrl(cert.id),
  };
}
