import { Certificate, CertificateState, Vote } from '../db/models.js';
import { notFound } from '../errors.js';
import { absoluteUrl, publicBaseUrl } from '../urls.js';
import { serviceSigner } from '../signing.js';
import { certificateStatement, signStatement, type DsseEnvelope } from './attestation.js';
import { cacheKey, liveCache, sealedCache } from '../cache/read-cache.js';
import { isUuid } from '../ids.js';
import { certificatePayload } from './issue.js';
import { endpointStatusOfPayload, type CertificatePayload } from './canonical-form.js';
import { monitoringStateOf } from './monitoring-state.js';

export interface LoadedCertificate {
  cert: Certificate;
  state: CertificateState;
  payload: CertificatePayload;
}


interface Sealed {
  cert: Certificate;
  payload: CertificatePayload;
}

/** The sealed record never changes: parsed once, kept without expiry (bounded). */
const sealed = sealedCache<Sealed>();
/** The live row: cached only under the invalidation of shared/cache/read-cache.ts. */
const liveStates = liveCache<CertificateState | null>('certificate', (id) => CertificateState.findByPk(id));

export async function loadCertificate(skillId: string): Promise<LoadedCertificate> {
  if (!isUuid(skillId)) throw notFound('Certificate', 'skillId');
  const id = cacheKey.certificate(skillId);
  const s = await sealed.get(id, async () => {
    const cert = await Certificate.findByPk(id);
    return cert ? { cert, payload: certificatePayload(cert) } : null;
  });
  const state = s && (await liveStates.get(id));
  if (!s || !state) throw notFound('Certificate', 'skillId');
  return { cert: s.cert, state, payload: s.payload };
}

/** The certificate when both parts are cached and fresh, without waiting (the fast path's lookup). */
export function peekCertificate(skillId: string): LoadedCertificate | undefined {
  const id = cacheKey.certificate(skillId);
  const s = sealed.peek(id);
  const state = s && liveStates.peek(id);
  return s && state ? { cert: s.cert, state, payload: s.payload } : undefined;
}

export interface SignedVote {
  validatorKey: string;
  payload: unknown;
  payloadHash: string;
  signature: string;
  signer: string;
}
const votesOf = new WeakMap<Certificate, SignedVote[]>();

/** The council's signed votes behind a certificate: sealed with it, so read once per cached record. */
export async function signedVotes({ cert, payload }: LoadedCertificate): Promise<SignedVote[]> {
  let v = votesOf.get(cert);
  if (!v) {
    const rows = await Vote.findAll({ where: { roundId: payload.council.roundId }, order: [['validatorKey', 'ASC']] });
    v = rows.map((r) => ({ validatorKey: r.validatorKey, payload: r.payload, payloadHash: r.payloadHash, signature: r.signature, signer: r.signer }));
    votesOf.set(cert, v);
  }
  return v;
}

/** Signed votes when already read (see signedVotes). */
export const peekSignedVotes = (cert: Certificate): SignedVote[] | undefined => votesOf.get(cert);

/** The single go/no-go rule: APPROVED and no open flag. */
export const isValid = (state: Pick<CertificateState, 'status' | 'activeFlagCount'>) => state.status === 'APPROVED' && state.activeFlagCount === 0;

/**
 * Spec 2.1 `onChain` (committed, txHash, committedAt, registryAddress), plus, once committed in a
 * batch, the certificate's `inclusionProof` in it (root, leaf, index, proof, batchSize): anyone checks
 * it against the registry (docs/chain-and-payments.md § Verifying a certificate's commitment). A
 * certificate committed alone on a version-1 registry has none.
 */
export function onChainView(state: Pick<CertificateState, 'onchainCommitted' | 'onchainTxHash' | 'onchainCommittedAt' | 'onchainRegistryAddress' | 'onchainInclusion'>) {
  const committed = Boolean(state.onchainCommitted);
  return {
    committed,
    txHash: state.onchainTxHash,
    committedAt: state.onchainCommittedAt ? state.onchainCommittedAt.toISOString() : null,
    registryAddress: state.onchainRegistryAddress,
    ...(committed && state.onchainInclusion ? { inclusionProof: state.onchainInclusion } : {}),
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

/**
 * Spec 2.1 without `checkedAt`: what changes only with the live state, so it is rendered once per
 * state; the answer appends `checkedAt` (services/http/public-read.ts).
 */
export function verifyViewStable({ cert, state, payload }: LoadedCertificate) {
  const disclaimer = apiDisclaimer(payload);
  const endpointStatus = endpointStatusOfPayload(payload);
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
    ...(endpointStatus ? { endpointStatus } : {}),
    ...(disclaimer ? { apiDisclaimer: disclaimer } : {}),
    manifest: payload.manifest,
    // The sealed review (docs/endpoint-review.md): at issue time, with each endpoint's evidence on /3.
    endpointReview: payload.endpointReview,
    certificatePayloadHash: cert.payloadHash,
    certifiedContentSha256: payload.certifiedContentSha256,
    onChain: onChainView(state),
  };
}

/**
 * live-status `monitoring` (docs/monitoring.md): the state from the certificate's status and its
 * latest checks, when the latest check ran (issue counts as the first), and each check kind's result.
 */
export function monitoringView(state: CertificateState) {
  const checks = state.monitoringChecks ?? [];
  return {
    state: monitoringStateOf(state.status, checks),
    lastCheckedAt: state.monitoringCheckedAt?.toISOString() ?? null,
    checks: checks.map((c) => ({ kind: c.kind, outcome: c.outcome, at: c.at, since: c.since, detail: c.detail, evidence: c.evidence, flagId: c.flagId })),
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
    monitoring: monitoringView(state),
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

/**
 * The certificate as an in-toto Statement with a SLSA VSA predicate, in a DSSE envelope signed by the
 * service's key (shared/certificates/attestation.ts): from the sealed record only, the same bytes on
 * every read.
 */
export function attestationView({ cert, payload }: Pick<LoadedCertificate, 'cert' | 'payload'>): DsseEnvelope {
  return signStatement(certificateStatement(payload, cert.payloadHash, publicBaseUrl()), serviceSigner());
}

export function detailView(loaded: LoadedCertificate, signedVotes: SignedVote[]) {
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
      signedVotes,
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

/** What indexItem reads: a list never loads the sealed record (canonical JSON); plain rows do. */
export const INDEX_ITEM_ATTRIBUTES = ['id', 'skillName', 'skillDescription', 'skillVersion', 'issuedAt'];
export type IndexItemCertificate = Pick<Certificate, 'id' | 'skillName' | 'skillDescription' | 'skillVersion' | 'issuedAt'>;
export type IndexItemState = Pick<CertificateState, 'status' | 'activeFlagCount'>;

export function indexItem(cert: IndexItemCertificate, state: IndexItemState) {
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
