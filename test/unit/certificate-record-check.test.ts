/**
 * What `cert verify` checks offline (shared/certificates/record-check.ts, shared/skills/parse.ts
 * skillFileSha256): a record signed by the published signer passes, and every tampering — a changed
 * byte, another signer, another certificate's record — is named; a local file hashes as the service
 * hashed the submission (BOM dropped, CRLF and CR made LF).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Wallet, getBytes } from 'ethers';
import { canonicalJson, payloadHash } from '../../shared/canonical.js';
import { checkCertificateRecord } from '../../shared/certificates/record-check.js';
import { canonicalSha256, parseSkill, skillFileSha256 } from '../../shared/skills/parse.js';

const service = Wallet.createRandom();
const other = Wallet.createRandom();
const id = '5d0f7c1e-8a53-4c0e-9a8e-2c1b3f4d5e6f';
const payload = { schema: 'cert.certificate/3', certificateId: id, issuer: { name: 'cert', signer: service.address }, certifiedContentSha256: 'ab'.repeat(32), skill: { name: 'x', description: 'y', version: '1.0.0' } };
const sealed = (p: unknown, w = service) => {
  const json = canonicalJson(p);
  const hash = payloadHash(p);
  return { canonicalJson: json, payloadHash: hash, signature: w.signMessageSync(getBytes(hash)) };
};

test('a record sealed and signed by the published signer passes', () => {
  const r = checkCertificateRecord(sealed(payload), { signer: service.address, certificateId: id });
  assert.equal(r.problems, []);
  assert.is(r.ok, true);
  assert.is(r.recoveredSigner, service.address);
  assert.is(r.payloadHash, payloadHash(payload));
});

test('tampering is named: a changed byte, another signer, another certificate, a false payloadHash', () => {
  const good = sealed(payload);
  const changed = { ...good, canonicalJson: good.canonicalJson.replace('ab', 'cd') };
  assert.match(checkCertificateRecord(changed, { signer: service.address, certificateId: id }).problems.join(' '), /not the SHA-256 of its canonical JSON/);
  const forged = sealed(payload, other);
  assert.match(checkCertificateRecord(forged, { signer: service.address, certificateId: id }).problems.join(' '), /signed by .*, not by the published signer/);
  assert.match(checkCertificateRecord(good, { signer: service.address, certificateId: '00000000-0000-4000-8000-000000000000' }).problems.join(' '), /not 00000000/);
  const lie = { ...good, payloadHash: `0x${'00'.repeat(32)}` };
  assert.is(checkCertificateRecord(lie, { signer: service.address, certificateId: id }).ok, false);
  const spaced = { ...sealed(payload), canonicalJson: JSON.stringify(payload, null, 1) };
  assert.is(checkCertificateRecord(spaced, { signer: service.address, certificateId: id }).ok, false);
});

test('a local file hashes like the submitted text: BOM, CRLF and CR do not change the hash; a changed byte does', () => {
  const text = '---\nname: a\ndescription: b\n---\n\n# A\n\nDo b.\n';
  const submitted = parseSkill(text, { field: 'skillMdContent' }).contentSha256;
  const enc = (s: string) => new TextEncoder().encode(s);
  assert.is(skillFileSha256(enc(text)), submitted);
  assert.is(skillFileSha256(enc(`\uFEFF${text.replaceAll('\n', '\r\n')}`)), submitted);
  assert.is(skillFileSha256(enc(text.replaceAll('\n', '\r'))), submitted);
  assert.is.not(skillFileSha256(enc(text.replace('Do b.', 'Do c.'))), submitted);
  assert.is(canonicalSha256(text), submitted);
  assert.throws(() => skillFileSha256(new Uint8Array([0xff, 0xfe, 0x00])), /not valid UTF-8/);
});

test.run();
