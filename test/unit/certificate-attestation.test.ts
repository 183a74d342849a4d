/**
 * A certificate's attestation (shared/certificates/attestation.ts): an in-toto Statement v1 with a
 * SLSA VSA v1 predicate built from the sealed record, in a DSSE envelope whose signature is over the
 * PAE; what `cert verify` accepts, and each way a changed or foreign envelope is refused.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Wallet, recoverAddress, sha256 } from 'ethers';
import { DSSE_PAYLOAD_TYPE, certificateStatement, checkAttestation, pae, signStatement } from '../../shared/certificates/attestation.js';
import type { CertificatePayload } from '../../shared/certificates/canonical-form.js';

const service = Wallet.createRandom();
const id = '5d0f7c1e-8a53-4c0e-9a8e-2c1b3f4d5e6f';
const fileSha = 'ab'.repeat(32);
const payloadHash = `0x${'cd'.repeat(32)}`;
const payload = {
  schema: 'cert.certificate/3',
  certificateId: id,
  issuedAt: '2026-11-26T10:00:00.000Z',
  skill: { name: 'weather', description: 'd', version: '1.2.0' },
  certifiedVersion: '1.2.0',
  certifiedContentSha256: fileSha,
  source: { url: null, ref: null },
  productType: 'CODE+PACKAGES',
  categoryKey: 'CODE+PACKAGES',
  roundType: 'INITIAL_AUDIT',
  securityLevel: 'LOW',
  rulesetVersion: 'sandbox-2026.11.9',
  packages: { direct: [{ securityLevel: 'CLEAR' }, { securityLevel: 'MONITORED' }], transitive: [{ securityLevel: 'CLEAR' }], uncertified: [] },
  council: { roundId: 'r1', outcome: 'APPROVED', reason: 'ok', decidedBy: 'council', operatorReason: null, votes: [] },
} as unknown as CertificatePayload;

test('the statement: subject SKILL.md with the certified digest, VSA PASSED, policy = the ruleset, the certificate named', () => {
  const s = certificateStatement(payload, payloadHash, 'https://cert.example');
  assert.is(s._type, 'https://in-toto.io/Statement/v1');
  assert.equal(s.subject, [{ name: 'SKILL.md', digest: { sha256: fileSha }, annotations: { skillName: 'weather', skillVersion: '1.2.0' } }]);
  assert.is(s.predicateType, 'https://slsa.dev/verification_summary/v1');
  assert.equal(s.predicate.verifier, { id: 'https://cert.example', version: { certificateSchema: 'cert.certificate/3', sandboxRuleset: 'sandbox-2026.11.9' } });
  assert.is(s.predicate.timeVerified, payload.issuedAt);
  assert.is(s.predicate.resourceUri, `https://cert.example/api/v1/public/certificates/${id}`);
  assert.is(s.predicate.policy.uri, 'urn:cert:policy:sandbox-2026.11.9');
  assert.is(s.predicate.verificationResult, 'PASSED');
  assert.equal(s.predicate.verifiedLevels, ['CERT_APPROVED', 'CERT_SECURITY_LEVEL_LOW']);
  assert.ok(s.predicate.verifiedLevels.every((l) => !l.startsWith('SLSA_')), 'custom levels never claim a SLSA track');
  assert.equal(s.predicate.dependencyLevels, { CERT_PACKAGE_CLEAR: 2, CERT_PACKAGE_MONITORED: 1 });
  assert.equal(s.predicate.certificate, { id, payloadHash, uri: `https://cert.example/api/v1/public/certificates/${id}` });
  const fromSource = certificateStatement({ ...payload, source: { url: 'https://code.example/o/r/blob/abc/SKILL.md', ref: 'abc' } } as CertificatePayload, payloadHash, 'https://cert.example');
  assert.is(fromSource.predicate.resourceUri, 'https://code.example/o/r/blob/abc/SKILL.md@abc');
});

test('the envelope: DSSE over the PAE, deterministic, recoverable to the signer with ethers alone', () => {
  const s = certificateStatement(payload, payloadHash, 'https://cert.example');
  const env = signStatement(s, service);
  assert.is(env.payloadType, DSSE_PAYLOAD_TYPE);
  assert.equal(signStatement(s, service), env, 'the same bytes each time (RFC 6979)');
  const body = Buffer.from(env.payload, 'base64');
  assert.equal(JSON.parse(body.toString('utf8')), s);
  assert.is(pae('t', Buffer.from('hello')).toString('utf8'), 'DSSEv1 1 t 5 hello');
  assert.is(recoverAddress(sha256(pae(DSSE_PAYLOAD_TYPE, body)), `0x${Buffer.from(env.signatures[0]!.sig, 'base64').toString('hex')}`), service.address);
  assert.is(env.signatures[0]!.keyid, service.address);
  const ok = checkAttestation(env, { signer: service.address, certificateId: id, fileSha256: fileSha, certificatePayloadHash: payloadHash });
  assert.equal(ok.problems, []);
});

test('refused: a changed statement, another signer, another certificate or file, another record', () => {
  const s = certificateStatement(payload, payloadHash, 'https://cert.example');
  const env = signStatement(s, service);
  const want = { signer: service.address, certificateId: id, fileSha256: fileSha, certificatePayloadHash: payloadHash };
  const changed = { ...env, payload: Buffer.from(JSON.stringify({ ...s, predicate: { ...s.predicate, verificationResult: 'PASSED', verifiedLevels: ['SLSA_BUILD_LEVEL_3'] } })).toString('base64') };
  assert.match(checkAttestation(changed, want).problems.join(' '), /not signed by/);
  assert.match(checkAttestation(signStatement(s, Wallet.createRandom()), want).problems.join(' '), /not signed by/);
  assert.match(checkAttestation(env, { ...want, certificateId: '00000000-0000-4000-8000-000000000000' }).problems.join(' '), /about certificate/);
  assert.match(checkAttestation(env, { ...want, fileSha256: 'ef'.repeat(32) }).problems.join(' '), /no subject has/);
  assert.match(checkAttestation(env, { ...want, certificatePayloadHash: `0x${'00'.repeat(32)}` }).problems.join(' '), /summarises certificate record/);
  const failed = signStatement({ ...s, predicate: { ...s.predicate, verificationResult: 'FAILED' } }, service);
  assert.match(checkAttestation(failed, want).problems.join(' '), /verificationResult is FAILED/);
  assert.match(checkAttestation({ payloadType: 'text/plain', payload: '', signatures: [] }, want).problems.join(' '), /not a DSSE envelope/);
});

test.run();
