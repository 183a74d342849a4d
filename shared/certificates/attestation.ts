import { getAddress, getBytes, recoverAddress, sha256, type Wallet } from 'ethers';
import { canonicalJson } from '../canonical.js';
import type { CertificatePayload } from './canonical-form.js';

/**
 * A certificate as an in-toto attestation: a Statement (v1) whose predicate is a SLSA Verification
 * Summary Attestation (VSA v1), in a DSSE envelope signed by the service's key (docs/certificates.md
 * § Attestation). Everything in it comes from the sealed record, so the envelope of a certificate is
 * the same bytes on every read and never changes; live state (flags, suspension) is not in it, as it
 * is not in the certificate: `…/live-status` answers that.
 *
 * Signing: DSSE's PAE of the payload, hashed with SHA-256, signed with the service's secp256k1 key
 * (ECDSA, RFC 6979); `sig` is base64 of r ‖ s ‖ v (65 bytes) and `keyid` the signer's address, so a
 * reader checks it with ethers alone: `recoverAddress(sha256(pae), sig) === keyid`, keyid being the
 * address `/.well-known/cert-signer` publishes.
 */
export const IN_TOTO_STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const VSA_PREDICATE_TYPE = 'https://slsa.dev/verification_summary/v1';
export const DSSE_PAYLOAD_TYPE = 'application/vnd.in-toto+json';
/** The subject's name: the certified file as the interface names it. */
export const ATTESTED_FILE_NAME = 'SKILL.md';

export interface ResourceDescriptor {
  name?: string;
  uri?: string;
  digest?: Record<string, string>;
  annotations?: Record<string, unknown>;
}

export interface VerificationSummary {
  verifier: { id: string; version: Record<string, string> };
  timeVerified: string;
  resourceUri: string;
  policy: ResourceDescriptor;
  verificationResult: 'PASSED' | 'FAILED';
  verifiedLevels: string[];
  dependencyLevels?: Record<string, number>;
  /** Not a VSA member: ties the attestation to the signed certificate it summarises. */
  certificate: { id: string; payloadHash: string; uri: string };
}

export interface CertificateStatement {
  _type: typeof IN_TOTO_STATEMENT_TYPE;
  subject: ResourceDescriptor[];
  predicateType: typeof VSA_PREDICATE_TYPE;
  predicate: VerificationSummary;
}

export interface DsseEnvelope {
  payloadType: string;
  /** Base64 of the statement's canonical JSON. */
  payload: string;
  signatures: { keyid: string; sig: string }[];
}

/** DSSE v1 pre-authentication encoding: what is signed, never the bare payload. */
export function pae(payloadType: string, payload: Uint8Array): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `, 'utf8'), type, Buffer.from(` ${payload.length} `, 'utf8'), Buffer.from(payload)]);
}

/**
 * The certificate's statement. `base` is the service's public address (PUBLIC_BASE_URL): the
 * verifier's id and, for a skill submitted inline, the resource (the certificate's public URL); a
 * skill read from a source host names its file URL and commit.
 */
export function certificateStatement(payload: CertificatePayload, certificatePayloadHash: string, base: string): CertificateStatement {
  const certificateUrl = `${base}/api/v1/public/certificates/${payload.certificateId}`;
  const resourceUri = payload.source?.url ? (payload.source.ref ? `${payload.source.url}@${payload.source.ref}` : payload.source.url) : certificateUrl;
  const packages = payload.packages as { direct?: { securityLevel?: string | null }[]; transitive?: { securityLevel?: string | null }[] } | undefined;
  const dependencyLevels: Record<string, number> = {};
  for (const p of [...(packages?.direct ?? []), ...(packages?.transitive ?? [])]) {
    const level = `CERT_PACKAGE_${p.securityLevel ?? 'UNCERTIFIED'}`;
    dependencyLevels[level] = (dependencyLevels[level] ?? 0) + 1;
  }
  return {
    _type: IN_TOTO_STATEMENT_TYPE,
    subject: [{ name: ATTESTED_FILE_NAME, digest: { sha256: payload.certifiedContentSha256 }, annotations: { skillName: payload.skill.name, skillVersion: payload.certifiedVersion } }],
    predicateType: VSA_PREDICATE_TYPE,
    predicate: {
      verifier: { id: base, version: { certificateSchema: payload.schema, sandboxRuleset: payload.rulesetVersion } },
      timeVerified: payload.issuedAt,
      resourceUri,
      policy: {
        name: 'cert review policy',
        uri: `urn:cert:policy:${payload.rulesetVersion}`,
        annotations: { sandboxRuleset: payload.rulesetVersion, productType: payload.productType, categoryKey: payload.categoryKey, roundType: payload.roundType, councilRoundId: payload.council.roundId, decidedBy: payload.council.decidedBy },
      },
      verificationResult: 'PASSED',
      verifiedLevels: ['CERT_APPROVED', `CERT_SECURITY_LEVEL_${payload.securityLevel}`],
      ...(Object.keys(dependencyLevels).length ? { dependencyLevels } : {}),
      certificate: { id: payload.certificateId, payloadHash: certificatePayloadHash, uri: certificateUrl },
    },
  };
}

/** The statement signed into a DSSE envelope with `wallet` (the service's signer). */
export function signStatement(statement: CertificateStatement, wallet: Pick<Wallet, 'address' | 'signingKey'>): DsseEnvelope {
  const body = Buffer.from(canonicalJson(statement), 'utf8');
  const sig = wallet.signingKey.sign(sha256(pae(DSSE_PAYLOAD_TYPE, body))).serialized;
  return { payloadType: DSSE_PAYLOAD_TYPE, payload: body.toString('base64'), signatures: [{ keyid: wallet.address, sig: Buffer.from(getBytes(sig)).toString('base64') }] };
}

export interface AttestationCheck {
  ok: boolean;
  statement: CertificateStatement | null;
  problems: string[];
}

/**
 * Whether an envelope is this certificate's attestation for this file: signed (over the PAE) by the
 * signer the reader trusts, an in-toto Statement with the VSA predicate, PASSED, for the subject
 * digest the reader computed from the local file, and for this certificate.
 */
export function checkAttestation(envelope: DsseEnvelope, expected: { signer: string; certificateId: string; fileSha256?: string | null; certificatePayloadHash?: string | null }): AttestationCheck {
  const problems: string[] = [];
  if (envelope?.payloadType !== DSSE_PAYLOAD_TYPE || typeof envelope.payload !== 'string' || !Array.isArray(envelope.signatures)) {
    return { ok: false, statement: null, problems: ['not a DSSE envelope of an in-toto statement'] };
  }
  const body = Buffer.from(envelope.payload, 'base64');
  const digest = sha256(pae(envelope.payloadType, body));
  let signer: string;
  try {
    signer = getAddress(expected.signer);
  } catch {
    signer = expected.signer;
  }
  const signedBy = envelope.signatures.map((s) => {
    try {
      return recoverAddress(digest, `0x${Buffer.from(s.sig, 'base64').toString('hex')}`);
    } catch {
      return null;
    }
  });
  if (!signedBy.includes(signer)) problems.push(`the envelope is not signed by ${signer} (signed by ${signedBy.filter(Boolean).join(', ') || 'nobody recognisable'})`);
  let statement: CertificateStatement | null = null;
  try {
    statement = JSON.parse(body.toString('utf8')) as CertificateStatement;
  } catch {
    problems.push('the payload is not JSON');
  }
  if (statement) {
    if (statement._type !== IN_TOTO_STATEMENT_TYPE) problems.push(`_type is ${statement._type}, not ${IN_TOTO_STATEMENT_TYPE}`);
    if (statement.predicateType !== VSA_PREDICATE_TYPE) problems.push(`predicateType is ${statement.predicateType}, not ${VSA_PREDICATE_TYPE}`);
    if (statement.predicate?.verificationResult !== 'PASSED') problems.push(`verificationResult is ${statement.predicate?.verificationResult}`);
    const cert = statement.predicate?.certificate;
    if (cert?.id !== expected.certificateId) problems.push(`the statement is about certificate ${cert?.id}, not ${expected.certificateId}`);
    if (expected.certificatePayloadHash && cert?.payloadHash?.toLowerCase() !== expected.certificatePayloadHash.toLowerCase()) problems.push(`the statement summarises certificate record ${cert?.payloadHash}, not ${expected.certificatePayloadHash}`);
    if (expected.fileSha256 && !statement.subject?.some((s) => s.digest?.sha256 === expected.fileSha256)) problems.push(`no subject has the local file's SHA-256 ${expected.fileSha256}`);
  }
  return { ok: problems.length === 0, statement, problems };
}
