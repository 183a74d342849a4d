import { readFileSync } from 'node:fs';
import { getAddress } from 'ethers';
import { apiErrorOf, createCertClient, type Schemas } from '../sdk/client.js';
import { skillFileSha256 } from '../shared/skills/parse.js';
import { checkCertificateRecord } from '../shared/certificates/record-check.js';
import { checkCommitmentOverRpc } from '../shared/chain/verify-commitment.js';
import { checkAttestation, type DsseEnvelope } from '../shared/certificates/attestation.js';
import { isUuid } from '../shared/ids.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { secondsOption } from './args.js';
import { CliFailure, type Context } from './commands.js';

export type CheckOutcome = 'pass' | 'fail' | 'skip';
export interface Check {
  name: 'file hash' | 'signature' | 'attestation' | 'chain' | 'live status';
  outcome: CheckOutcome;
  detail: string;
}

/** The exit code of a verification: any failed check fails it; with --strict, so does a skipped one. */
export function verifyExitCode(checks: Check[], strict: boolean): ExitCode {
  if (checks.some((c) => c.outcome === 'fail')) return EXIT.VERIFY_FAILED;
  if (strict && checks.some((c) => c.outcome === 'skip')) return EXIT.VERIFY_FAILED;
  return EXIT.OK;
}

type Detail = Schemas['CertificateDetail'];
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * `cert verify SKILL.md --certificate ID`: offline first. Every check that can be done here is done
 * here, from bytes the service cannot bend: the file is hashed locally, the record's signature is
 * checked against the signer the reader trusts, the commitment is read from the chain the reader
 * names. The service is asked only for what only it knows (the record, when not given as a file, and
 * the live status), and `--offline` asks it nothing.
 */
export async function verify(ctx: Context): Promise<ExitCode> {
  const o = ctx.args.options;
  const file = ctx.args.positionals[0]!;
  const id = str(o.certificate)!;
  if (!isUuid(id)) throw new CliFailure(EXIT.USAGE, `--certificate ${id} is not a certificate id (a UUID, the skillId)`);
  const offline = Boolean(o.offline);
  const api = offline ? null : createCertClient({ baseUrl: requireUrl(ctx), userAgent: ctx.userAgent });
  const checks: Check[] = [];

  // The record: a saved copy (offline), else the public detail.
  let record: Detail;
  const recordFile = str(o.record);
  if (recordFile) {
    try {
      record = JSON.parse(readFileSync(recordFile, 'utf8')) as Detail;
    } catch (err) {
      throw new CliFailure(EXIT.USAGE, `--record ${recordFile}: not a saved certificate record (${(err as Error).message})`);
    }
    if (typeof record?.canonicalJson !== 'string') throw new CliFailure(EXIT.USAGE, `--record ${recordFile}: no canonicalJson (save GET /api/v1/public/certificates/${id})`);
  } else {
    const r = await api!.GET('/api/v1/public/certificates/{skillId}', { params: { path: { skillId: id } } });
    if (r.response.status === 404) throw new CliFailure(EXIT.NOT_FOUND, `no certificate ${id} at ${ctx.cfg.url}`);
    if (!r.response.ok || !r.data) throw apiErrorOf(r.response, r.error);
    record = r.data;
  }

  // The signer the reader trusts: named on the command line, else seen at login, else published now.
  let signer = str(o.signer);
  let signerFrom = '--signer';
  if (!signer && ctx.cfg.signer) {
    signer = ctx.cfg.signer;
    signerFrom = `as recorded by cert login in ${ctx.configFile}`;
  }
  if (!signer && api) {
    const r = await api.GET('/.well-known/cert-signer');
    if (!r.response.ok || !r.data) throw apiErrorOf(r.response, r.error);
    signer = r.data.address;
    signerFrom = `${ctx.cfg.url}/.well-known/cert-signer`;
  }
  if (signer) {
    try {
      signer = getAddress(signer);
    } catch {
      throw new CliFailure(EXIT.USAGE, `--signer ${signer} is not an address`);
    }
  }
  const rc = signer ? checkCertificateRecord(record, { signer, certificateId: id }) : null;
  const payload = rc?.payload ?? safePayload(record.canonicalJson);

  // 1. The file, hashed here exactly as the service hashes a submission.
  let localSha: string | null = null;
  try {
    localSha = skillFileSha256(readFileSync(file));
  } catch (err) {
    checks.push({ name: 'file hash', outcome: 'fail', detail: `${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` });
  }
  if (localSha !== null) {
    const certified = payload?.certifiedContentSha256;
    if (!certified) checks.push({ name: 'file hash', outcome: 'fail', detail: 'the record names no certified file hash' });
    else if (certified === localSha) checks.push({ name: 'file hash', outcome: 'pass', detail: `${file} is the certified file (SHA-256 ${localSha}, LF-normalised)` });
    else checks.push({ name: 'file hash', outcome: 'fail', detail: `${file} is not the certified file: SHA-256 ${localSha}, certified ${certified}` });
  }

  // 2. The signature over the record, against the trusted signer.
  if (!rc) checks.push({ name: 'signature', outcome: 'skip', detail: 'no signer to check against (--offline without --signer)' });
  else if (rc.ok) checks.push({ name: 'signature', outcome: 'pass', detail: `record ${rc.payloadHash} signed by ${signer} (${signerFrom})` });
  else checks.push({ name: 'signature', outcome: 'fail', detail: rc.problems.join('; ') });

  // 3. The attestation (in-toto Statement, SLSA VSA, DSSE): signed by the same signer, about this
  // certificate's record and its certified file.
  let envelope: DsseEnvelope | null = null;
  const attestationFile = str(o.attestation);
  if (attestationFile) {
    try {
      envelope = JSON.parse(readFileSync(attestationFile, 'utf8')) as DsseEnvelope;
    } catch (err) {
      throw new CliFailure(EXIT.USAGE, `--attestation ${attestationFile}: not a saved DSSE envelope (${(err as Error).message})`);
    }
  } else if (api) {
    const r = await api.GET('/api/v1/public/certificates/{skillId}/attestation', { params: { path: { skillId: id } } });
    if (r.response.ok && r.data) envelope = r.data as DsseEnvelope;
    else checks.push({ name: 'attestation', outcome: 'fail', detail: `the service gave no attestation: ${apiErrorOf(r.response, r.error).message}` });
  }
  if (!checks.some((c) => c.name === 'attestation')) {
    if (!envelope) checks.push({ name: 'attestation', outcome: 'skip', detail: '--offline without --attestation FILE' });
    else if (!signer) checks.push({ name: 'attestation', outcome: 'skip', detail: 'no signer to check against (--offline without --signer)' });
    else {
      const a = checkAttestation(envelope, { signer, certificateId: id, fileSha256: payload?.certifiedContentSha256 ?? null, certificatePayloadHash: rc?.payloadHash ?? null });
      checks.push(
        a.ok
          ? { name: 'attestation', outcome: 'pass', detail: `in-toto statement (SLSA VSA ${a.statement!.predicate.verificationResult}, policy ${a.statement!.predicate.policy.uri}) for this record, DSSE-signed by ${signer}` }
          : { name: 'attestation', outcome: 'fail', detail: a.problems.join('; ') },
      );
    }
  }

  // 4. The commitment, on the reader's chain.
  const rpc = str(o.rpc);
  const onChain = record.onChain;
  const registry = str(o.registry) ?? onChain?.registryAddress ?? null;
  if (!rpc) checks.push({ name: 'chain', outcome: 'skip', detail: 'no --rpc URL given' });
  else if (!onChain?.committed && !str(o.registry)) checks.push({ name: 'chain', outcome: 'skip', detail: 'not committed yet, as the record says (certificates go on chain in batches); --registry ADDRESS checks anyway' });
  else if (!registry) checks.push({ name: 'chain', outcome: 'skip', detail: 'no registry address: give --registry ADDRESS' });
  else {
    const c = await checkCommitmentOverRpc({
      rpcUrl: rpc,
      registryAddress: registry,
      certificateId: id,
      // The hash computed here from the signed bytes, never the one the service states.
      payloadHash: rc?.payloadHash ?? record.payloadHash,
      inclusionProof: onChain?.inclusionProof ?? null,
      timeoutMs: secondsOption(o['rpc-timeout'], 'rpc-timeout', 15) * 1000,
    });
    const whose = str(o.registry) ? '' : ' (registry address as the record names it; --registry pins it)';
    checks.push({ name: 'chain', outcome: c.ok ? 'pass' : 'fail', detail: `${c.detail}${c.ok ? whose : ''}` });
  }

  // 5. The live status: flags and suspensions come after issue, so only the service can say.
  if (!api) checks.push({ name: 'live status', outcome: 'skip', detail: '--offline' });
  else {
    const r = await api.GET('/api/v1/public/certificates/{skillId}/live-status', { params: { path: { skillId: id } } });
    if (!r.response.ok || !r.data) checks.push({ name: 'live status', outcome: 'fail', detail: apiErrorOf(r.response, r.error).message });
    else {
      const l = r.data;
      const flags = l.activeFlagCount ? `, ${l.activeFlagCount} open flag${l.activeFlagCount === 1 ? '' : 's'}` : ', no open flag';
      checks.push({ name: 'live status', outcome: l.valid ? 'pass' : 'fail', detail: `${l.status}${flags}${l.statusReason ? ` (${l.statusReason})` : ''}; monitoring ${l.monitoring.state}` });
    }
  }

  const code = verifyExitCode(checks, Boolean(o.strict));
  const failed = checks.filter((c) => c.outcome === 'fail').length;
  const skipped = checks.filter((c) => c.outcome === 'skip').length;
  const verdict = code === EXIT.OK ? `VERIFIED${skipped ? ` (${skipped} check${skipped === 1 ? '' : 's'} skipped)` : ''}` : failed ? `NOT VERIFIED: ${failed} check${failed === 1 ? '' : 's'} failed` : 'NOT VERIFIED: --strict and a check was skipped';
  const label = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;
  ctx.out.result([`${file} against certificate ${id}${payload ? ` (${payload.skill?.name} ${payload.certifiedVersion})` : ''}`, ...checks.map((c) => `  ${label[c.outcome]}  ${c.name.padEnd(11)} ${c.detail}`), verdict].join('\n'));
  ctx.out.resultJson({ certificateId: id, file, verified: code === EXIT.OK, checks });
  return code;
}

function requireUrl(ctx: Context): string {
  if (!ctx.cfg.url) throw new CliFailure(EXIT.USAGE, 'no service address: pass --url URL, set CERT_URL, run cert login --url URL, or verify --offline with --record FILE');
  return ctx.cfg.url;
}

function safePayload(canonicalJson: string): { certifiedContentSha256?: string; certifiedVersion?: string; skill?: { name?: string } } | null {
  try {
    return JSON.parse(canonicalJson);
  } catch {
    return null;
  }
}
