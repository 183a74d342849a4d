import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { JsonRpcProvider, JsonRpcSigner, Wallet } from 'ethers';
import { CertApiError, apiErrorOf, createCertClient, unwrap, type CertClient, type Schemas } from '../sdk/client.js';
import { decodeSkillBytes } from '../shared/skills/parse.js';
import { badgeSnippets } from '../shared/certificates/badge.js';
import { atomicOfUsdc, payableRequirement, signPayment, usdcOf, usdcOfAtomic } from '../shared/payments/x402/pay.js';
import { decodeHeader } from '../shared/payments/x402/codec.js';
import type { PaymentRequired } from '../shared/payments/x402/types.js';
import { EXIT, exitCodeOfStatus, type ExitCode } from './exit-codes.js';
import { secondsOption, type ParsedArgs } from './args.js';
import { type CliConfig, writeConfig } from './config.js';
import { Progress, type Output } from './output.js';

/** Everything a command needs: settings in force, where to write, the stored file to update. */
export interface Context {
  cfg: CliConfig;
  configFile: string;
  out: Output;
  args: ParsedArgs;
  userAgent: string;
}

/** A failure that ends the command with this exit code and a message (never a stack trace). */
export class CliFailure extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function baseUrl(ctx: Context): string {
  if (!ctx.cfg.url) throw new CliFailure(EXIT.USAGE, 'no service address: pass --url URL, set CERT_URL, or run cert login --url URL');
  return ctx.cfg.url;
}

function anonymous(ctx: Context): CertClient {
  return createCertClient({ baseUrl: baseUrl(ctx), userAgent: ctx.userAgent });
}

/** A wallet from a key file: a hex private key, or an encrypted JSON keystore (password in CERT_WALLET_PASSWORD). */
export function walletFromKeyFile(file: string): Wallet {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new CliFailure(EXIT.USAGE, `cannot read the wallet key file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    if (text.startsWith('{')) {
      const password = process.env.CERT_WALLET_PASSWORD;
      if (password === undefined) throw new CliFailure(EXIT.USAGE, `${file} is an encrypted keystore: set CERT_WALLET_PASSWORD`);
      return Wallet.fromEncryptedJsonSync(text, password) as Wallet;
    }
    return new Wallet(text.startsWith('0x') ? text : `0x${text}`);
  } catch (err) {
    if (err instanceof CliFailure) throw err;
    throw new CliFailure(EXIT.USAGE, `${file} holds no wallet key (a 0x-prefixed 32-byte hex key, or a JSON keystore)`);
  }
}

/** What the CLI signs with: a key file's wallet, or an injected signer that keeps the key elsewhere. */
type CliSigner = Wallet | JsonRpcSigner;

/**
 * An external signer: a JSON-RPC endpoint that holds the key (a hardware-wallet bridge, a signing daemon, a node's
 * unlocked account) and signs EIP-191 messages and EIP-712 payments for `address`; the key never reaches this process.
 */
export function externalSigner(rpcUrl: string, address: string): JsonRpcSigner {
  if (!/^https?:\/\//.test(rpcUrl)) throw new CliFailure(EXIT.USAGE, `--wallet-signer-rpc must be an http(s) URL, got ${rpcUrl}`);
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new CliFailure(EXIT.USAGE, '--wallet-address must be the 0x address the signer signs for');
  return new JsonRpcSigner(new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true }), address);
}

/** The signer a stored wallet names, or null when none is configured. */
function signerOf(w: CliConfig['wallet']): CliSigner | null {
  if (w?.keyFile) return walletFromKeyFile(w.keyFile);
  if (w?.signerRpc) return externalSigner(w.signerRpc, w.address);
  return null;
}

/** Challenge, EIP-191 signature, session (docs/api.md § Agent API). */
async function walletSession(ctx: Context, wallet: CliSigner): Promise<{ session: string; expiresAt: string }> {
  const api = anonymous(ctx);
  const ch = unwrap(await api.GET('/api/v1/cert/agent/auth/challenge', { params: { query: { wallet: wallet.address } } }));
  const v = unwrap(await api.POST('/api/v1/cert/agent/auth/verify', { body: { wallet: wallet.address, nonce: ch.nonce, signature: await wallet.signMessage(ch.message) } }));
  return { session: v.sessionToken, expiresAt: v.expiresAt };
}

/** Which channel a command speaks on: the API key's (`/cert/v1`) or the wallet's (`/api/v1/cert/agent`). */
type Channel = { kind: 'api'; api: CertClient } | { kind: 'agent'; api: CertClient; wallet: CliSigner };

async function channel(ctx: Context, want?: string): Promise<Channel> {
  const useKey = want === 'api' || (want === undefined && ctx.cfg.apiKey);
  if (useKey) {
    if (!ctx.cfg.apiKey) throw new CliFailure(EXIT.AUTH, 'no API key: run cert login --api-key-stdin, or set CERT_API_KEY');
    return { kind: 'api', api: createCertClient({ baseUrl: baseUrl(ctx), apiKey: ctx.cfg.apiKey, userAgent: ctx.userAgent }) };
  }
  const w = ctx.cfg.wallet;
  const wallet = signerOf(w);
  if (!w || !wallet) throw new CliFailure(EXIT.AUTH, 'not signed in: run cert login with --api-key-stdin, --wallet-key-file FILE or --wallet-signer-rpc URL --wallet-address 0x… (or set CERT_API_KEY)');
  let session = w.session;
  // A session lasts 7 days; one about to end is renewed with the key file rather than failing mid-wait.
  if (!session || !w.expiresAt || Date.parse(w.expiresAt) - Date.now() < 10 * 60_000 || w.address !== wallet.address) {
    const s = await walletSession(ctx, wallet);
    session = s.session;
    ctx.cfg.wallet = { ...(w.keyFile ? { keyFile: w.keyFile } : { signerRpc: w.signerRpc }), address: wallet.address, session: s.session, expiresAt: s.expiresAt };
    if (!process.env.CERT_WALLET_KEY_FILE) writeConfig(ctx.configFile, { ...ctx.cfg });
  }
  return { kind: 'agent', api: createCertClient({ baseUrl: baseUrl(ctx), agentSession: session, userAgent: ctx.userAgent }), wallet };
}

// ---------------------------------------------------------------------------------------------- login

export async function login(ctx: Context): Promise<ExitCode> {
  const o = ctx.args.options;
  const url = baseUrl(ctx);
  const next: CliConfig = { url };
  let apiKey = str(o['api-key']);
  if (o['api-key-stdin']) apiKey = readFileSync(0, 'utf8').trim();
  const walletGiven = Boolean(o['wallet-key-file'] || o['wallet-signer-rpc']);
  if (!apiKey && !walletGiven) apiKey = process.env.CERT_API_KEY;
  if (!apiKey && !walletGiven) throw new CliFailure(EXIT.USAGE, 'cert login needs --api-key-stdin (or --api-key KEY, or CERT_API_KEY), --wallet-key-file FILE, or --wallet-signer-rpc URL --wallet-address 0x…');
  const signer = unwrap(await anonymous(ctx).GET('/.well-known/cert-signer'));
  next.signer = signer.address;
  if (apiKey) {
    const api = createCertClient({ baseUrl: url, apiKey, userAgent: ctx.userAgent });
    const r = await api.GET('/cert/v1/activation-requirements');
    if (!r.response.ok) throw apiErrorOf(r.response, r.error);
    next.apiKey = apiKey;
    const req = r.data as { canSubmit?: boolean; missing?: string[] };
    ctx.out.info(`signed in to ${url} with an API key${req.canSubmit === false ? ` (cannot submit yet: ${(req.missing ?? []).join(', ')})` : ''}`);
  }
  const keyFile = str(o['wallet-key-file']);
  const signerRpc = str(o['wallet-signer-rpc']);
  if (keyFile || signerRpc) {
    const wallet: CliSigner = keyFile ? walletFromKeyFile(keyFile) : externalSigner(signerRpc!, str(o['wallet-address']) ?? '');
    ctx.cfg = { ...ctx.cfg, ...next };
    let s: { session: string; expiresAt: string };
    try {
      s = await walletSession(ctx, wallet);
    } catch (err) {
      if (err instanceof CliFailure || keyFile) throw err;
      throw new CliFailure(EXIT.AUTH, `the signer at ${signerRpc} did not sign for ${wallet.address}: ${(err as Error).message.split('\n')[0]!.slice(0, 200)}`);
    }
    next.wallet = { ...(keyFile ? { keyFile: path.resolve(keyFile) } : { signerRpc }), address: wallet.address, session: s.session, expiresAt: s.expiresAt };
    ctx.out.info(`signed in to ${url} as wallet ${wallet.address}${signerRpc ? ` (signed by ${signerRpc})` : ''} (session until ${s.expiresAt})`);
  }
  const maxPay = str(o['max-pay']);
  if (maxPay !== undefined) next.maxPayUsdc = maxPay;
  writeConfig(ctx.configFile, next);
  ctx.out.info(`service signer ${signer.address}; settings in ${ctx.configFile}`);
  ctx.out.resultJson({ url, signer: signer.address, apiKey: Boolean(next.apiKey), wallet: next.wallet?.address ?? null, maxPayUsdc: next.maxPayUsdc ?? null, config: ctx.configFile });
  return EXIT.OK;
}

export async function logout(ctx: Context): Promise<ExitCode> {
  writeConfig(ctx.configFile, ctx.cfg.url ? { url: ctx.cfg.url } : {});
  ctx.out.info(`forgot the key and session in ${ctx.configFile}`);
  return EXIT.OK;
}

// --------------------------------------------------------------------------------------------- submit

function readSkillFile(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new CliFailure(EXIT.USAGE, `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return decodeSkillBytes(bytes, 'skillMdContent');
  } catch (err) {
    throw new CliFailure(EXIT.USAGE, `${file}: ${(err as Error).message}`);
  }
}

function dependencyFiles(files: string[] | undefined): Record<string, string> | undefined {
  if (!files?.length) return undefined;
  const out: Record<string, string> = {};
  for (const f of files) {
    const name = path.basename(f);
    if (out[name] !== undefined) throw new CliFailure(EXIT.USAGE, `--deps names ${name} twice`);
    try {
      out[name] = readFileSync(f, 'utf8');
    } catch (err) {
      throw new CliFailure(EXIT.USAGE, `cannot read ${f}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  return out;
}

/** Whether the allowance lets this client pay `atomic` units of USDC without asking. */
function allowance(ctx: Context, atomic: bigint): { ok: boolean; why: string } {
  const max = ctx.cfg.maxPayUsdc === undefined ? null : atomicOfUsdc(ctx.cfg.maxPayUsdc);
  if (max === null) return { ok: false, why: 'no spending allowance is set (--max-pay USDC, CERT_MAX_PAY, or cert login --max-pay)' };
  if (atomic > max) return { ok: false, why: `it is above the allowance of ${usdcOfAtomic(max)} USDC` };
  return { ok: true, why: '' };
}

function payable(ctx: Context, required: PaymentRequired, wallet: CliSigner | null): void {
  const req = payableRequirement(required);
  if (!req) throw new CliFailure(EXIT.PAYMENT_REQUIRED, 'the service asks for a payment this client cannot make (no exact EVM offer)');
  const token = usdcOf(req);
  if (!token.usdc) throw new CliFailure(EXIT.PAYMENT_REQUIRED, `the service asks to be paid in token ${req.asset} on ${req.network}, which is not USDC there: not paid`);
  const price = `${usdcOfAtomic(req.amount)} USDC on ${req.network}${token.known ? '' : ` (token ${req.asset}: a chain with no known USDC, e.g. a local one)`}`;
  if (!wallet) throw new CliFailure(EXIT.PAYMENT_REQUIRED, `this submission costs ${price}; paying needs a wallet: cert login --wallet-key-file FILE --max-pay USDC`);
  const a = allowance(ctx, BigInt(req.amount));
  if (!a.ok) throw new CliFailure(EXIT.PAYMENT_REQUIRED, `this submission costs ${price}, not paid: ${a.why}`);
  ctx.out.info(`paying ${price} from ${wallet.address}`);
}

/** `/cert/v1`: submit; when the service asks for payment (422 payment_required), pay through a payment intent. */
async function submitWithKey(ctx: Context, api: CertClient, body: Schemas['SubmitRequest']): Promise<Schemas['SubmitResponse']> {
  const r = await api.POST('/cert/v1/submissions/submit', { body });
  if (r.response.ok && r.data) return r.data;
  const e = apiErrorOf(r.response, r.error);
  if (e.code !== 'payment_required') throw e;
  const wallet = signerOf(ctx.cfg.wallet);
  const intent = unwrap(
    await api.POST('/cert/v1/payments/intents', {
      body: { categoryKey: body.categoryKey, ...(body.dependencyFiles ? { dependencyFiles: body.dependencyFiles } : {}), ...(body.sourceUrl ? { sourceUrl: body.sourceUrl, sourceRef: body.sourceRef } : {}) },
    }),
  );
  const required = intent.paymentRequired as PaymentRequired | null | undefined;
  if (!required) throw new CliFailure(EXIT.ERROR, 'the service could not state its payment terms (its chain does not answer); try again later');
  payable(ctx, required, wallet);
  const header = await signPayment(required, wallet!);
  unwrap(await api.POST('/cert/v1/payments/{id}/confirm', { params: { path: { id: intent.intentId } }, headers: { 'payment-signature': header } }));
  return unwrap(await api.POST('/cert/v1/submissions/submit', { body: { ...body, paymentIntentId: intent.intentId } }));
}

/** The agent channel: submit; a 402 is paid with the wallet (same idempotency key) when the allowance covers it. */
async function submitWithWallet(ctx: Context, api: CertClient, wallet: CliSigner, body: Schemas['AgentSubmitRequest']): Promise<Schemas['SubmitResponse']> {
  const r = await api.POST('/api/v1/cert/agent/submit', { body });
  if (r.response.ok && r.data) return r.data;
  if (r.response.status !== 402) throw apiErrorOf(r.response, r.error);
  const header = r.response.headers.get('payment-required');
  if (!header) throw new CliFailure(EXIT.PAYMENT_REQUIRED, 'payment required, but the answer names no terms');
  const required = decodeHeader<PaymentRequired>(header);
  payable(ctx, required, wallet);
  const paid = await api.POST('/api/v1/cert/agent/submit', { body, headers: { 'payment-signature': await signPayment(required, wallet) } });
  if (paid.response.ok && paid.data) return paid.data;
  throw apiErrorOf(paid.response, paid.error);
}

export async function submit(ctx: Context): Promise<ExitCode> {
  const o = ctx.args.options;
  const file = ctx.args.positionals[0];
  const skillMdContent = file ? readSkillFile(file) : undefined;
  const deps = dependencyFiles(o.deps as string[] | undefined);
  const categoryKey = str(o.category) ?? (deps ? 'CODE+PACKAGES' : 'SKILL');
  const idempotencyKey = str(o['idempotency-key']) ?? randomUUID();
  const source = str(o.source) ? { sourceUrl: str(o.source)!, sourceRef: str(o.ref)! } : {};
  const note = str(o.note) ? { developerAdvisoryNote: str(o.note)! } : {};
  const ch = await channel(ctx, str(o.channel));
  let accepted: Schemas['SubmitResponse'];
  if (ch.kind === 'api') {
    accepted = await submitWithKey(ctx, ch.api, { categoryKey, idempotencyKey, ...(skillMdContent !== undefined ? { skillMdContent } : {}), ...source, ...note, ...(deps ? { dependencyFiles: deps } : {}) });
  } else {
    if (deps) throw new CliFailure(EXIT.USAGE, 'the agent channel (a wallet session) takes no dependency files: submit CODE+PACKAGES with an API key (cert login --api-key-stdin)');
    accepted = await submitWithWallet(ctx, ch.api, ch.wallet, { categoryKey, idempotencyKey, ...(skillMdContent !== undefined ? { skillMdContent } : {}), ...source, ...note });
  }
  ctx.out.info(`submitted ${file ?? str(o.source)}: submission ${accepted.submissionId} (${accepted.status})`);
  if (!o.wait) {
    ctx.out.result(accepted.submissionId);
    ctx.out.resultJson(accepted);
    return EXIT.OK;
  }
  const view = await waitForVerdict(ctx, ch, accepted.submissionId, secondsOption(o.timeout, 'timeout', DEFAULT_WAIT_SECONDS), Boolean(o['through-escalation']));
  return report(ctx, view);
}

// ---------------------------------------------------------------------------------------------- status

/** How long `--wait` waits by default: the interface's typical audit takes 30 minutes to 2 hours. */
export const DEFAULT_WAIT_SECONDS = 2 * 60 * 60;
/** The longest long-poll the service holds (`waitSeconds`, docs/api.md § Polling a submission). */
const LONG_POLL_SECONDS = 30;

type SubmissionView = Schemas['SubmissionDetail'] & { verdict?: string; summary?: string; skillName?: string };

async function readSubmission(ch: Channel, id: string, opts: { waitSeconds?: number; etag?: string } = {}) {
  const query = opts.waitSeconds !== undefined ? { waitSeconds: opts.waitSeconds } : {};
  const headers = opts.etag ? { 'if-none-match': opts.etag } : {};
  return ch.kind === 'api'
    ? ch.api.GET('/cert/v1/submissions/{id}', { params: { path: { id }, query }, headers })
    : ch.api.GET('/api/v1/cert/agent/submissions/{id}', { params: { path: { id }, query }, headers });
}

/**
 * Follows a submission to its verdict: long-polls of up to 30 s (`waitSeconds`) with the last ETag, so
 * each answer is a change; `Retry-After` decides the pace when the service sheds load (429, 503) or
 * answers at once; no `Retry-After` on a 200 means final. ESCALATED ends the wait too (an operator
 * decides, which may take days: a CI job gets exit 4 now) unless `throughEscalation` asks to wait for
 * the operator's decision.
 */
export async function waitForVerdict(ctx: Context, ch: Channel, id: string, timeoutSeconds: number, throughEscalation = false): Promise<SubmissionView> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const progress = new Progress(process.stderr, ctx.out.quiet);
  let etag: string | undefined;
  let last: SubmissionView | undefined;
  try {
    for (;;) {
      const left = Math.floor((deadline - Date.now()) / 1000);
      if (left <= 0) {
        if (last) return last;
        throw new CliFailure(EXIT.PENDING, `no answer about submission ${id} within ${timeoutSeconds} s`);
      }
      const asked = Date.now();
      const r = await readSubmission(ch, id, { waitSeconds: Math.min(LONG_POLL_SECONDS, left), etag });
      const retryAfter = Number(r.response.headers.get('retry-after') ?? Number.NaN);
      if (r.response.status === 304) continue;
      if (r.response.status === 429 || r.response.status === 503) {
        await sleep(Math.min((Number.isFinite(retryAfter) ? retryAfter : 5) * 1000, Math.max(0, deadline - Date.now())));
        continue;
      }
      const view = unwrap(r) as SubmissionView;
      const changed = r.response.headers.get('etag') !== etag;
      etag = r.response.headers.get('etag') ?? undefined;
      last = view;
      progress.update(view.status, describe(view));
      if (!r.response.headers.has('retry-after') || (view.status === 'ESCALATED' && !throughEscalation)) return view;
      // An answer that came at once without a change (not the owner's long-poll): wait as told.
      if (!changed && Date.now() - asked < 1000) await sleep(Math.min((Number.isFinite(retryAfter) ? retryAfter : 10) * 1000, Math.max(0, deadline - Date.now())));
    }
  } finally {
    progress.stop();
  }
}

function describe(view: SubmissionView): string {
  if (view.packages && view.status === 'PENDING_SANDBOX') {
    const direct = view.packages.direct;
    const done = direct.filter((p) => p.status !== 'PENDING').length;
    return `packages ${view.packages.phase.toLowerCase()} (${done}/${direct.length} direct settled)`;
  }
  const words: Record<string, string> = { PENDING_SANDBOX: 'sandbox analysis queued', PENDING_AUDIT: 'passed the sandbox, waiting for the council', IN_AUDIT: 'the council is reviewing', ESCALATED: 'an operator decides' };
  return words[view.status] ?? '';
}

/** The verdict in words and its exit code. */
function report(ctx: Context, view: SubmissionView): ExitCode {
  const code = exitCodeOfStatus(view.status);
  const lines = [`submission ${view.submissionId}: ${view.status}`];
  if (view.status === 'APPROVED' && view.certificate) {
    lines.push(`certificate ${view.certificate.skillId} (version ${view.certificate.certifiedVersion}, payload ${view.certificate.certificatePayloadHash})`);
    lines.push(`verify: ${view.certificate.verifyUrl}`);
    lines.push(`on chain: ${view.certificate.onChain.committed ? view.certificate.onChain.txHash : 'not yet committed (batched; see cert verify --rpc)'}`);
  }
  if (view.rejectionSummary) lines.push(`why: ${view.rejectionSummary}`);
  else if (view.summary && view.status !== 'APPROVED') lines.push(`why: ${view.summary}`);
  const findings = view.findings ?? [];
  const shown = findings.filter((f) => f.blocking || f.severity === 'CRITICAL' || f.severity === 'HIGH').slice(0, 10);
  for (const f of shown) lines.push(`  ${f.severity.padEnd(8)} ${f.ruleId} line ${f.location.line}: ${f.message}${f.fix ? `\n           fix: ${f.fix}` : ''}`);
  if (findings.length > shown.length) lines.push(`  … ${findings.length} finding${findings.length === 1 ? '' : 's'} in all: cert findings ${view.submissionId} (--sarif for code scanning)`);
  if (code === EXIT.PENDING) lines.push('not decided yet: cert status ID --wait follows it');
  ctx.out.result(lines.join('\n'));
  ctx.out.resultJson(view);
  return code;
}

export async function status(ctx: Context): Promise<ExitCode> {
  const id = ctx.args.positionals[0]!;
  const ch = await channel(ctx);
  if (ctx.args.options.wait) return report(ctx, await waitForVerdict(ctx, ch, id, secondsOption(ctx.args.options.timeout, 'timeout', DEFAULT_WAIT_SECONDS), Boolean(ctx.args.options['through-escalation'])));
  return report(ctx, unwrap(await readSubmission(ch, id)) as SubmissionView);
}

// -------------------------------------------------------------------------------------------- findings

/** `npm/NAME/VERSION` or `pypi/NAME/VERSION` (a scoped npm name keeps its slash): a package certificate. */
export function packageRefOf(target: string): { registry: 'npm' | 'pypi'; name: string; version: string } | null {
  const m = /^(npm|pypi)\/(.+)\/([^/]+)$/.exec(target);
  return m ? { registry: m[1] as 'npm' | 'pypi', name: m[2]!, version: m[3]! } : null;
}

function writeOut(ctx: Context, outFile: string | undefined, text: string, what: string): void {
  if (outFile) {
    writeFileSync(outFile, text);
    ctx.out.info(`wrote ${what} to ${outFile}`);
  } else process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** A package certificate's sealed findings (public): SARIF, or one line each with its file and line. */
async function packageFindings(ctx: Context, ref: { registry: 'npm' | 'pypi'; name: string; version: string }, outFile: string | undefined): Promise<ExitCode> {
  const api = anonymous(ctx);
  const params = { params: { path: ref } };
  if (ctx.args.options.sarif) {
    const r = await api.GET('/api/v1/public/packages/{registry}/{name}/{version}/findings.sarif', { ...params, parseAs: 'text' });
    if (!r.response.ok) throw apiErrorOf(r.response, parseMaybeJson(r.error));
    writeOut(ctx, outFile, r.data as unknown as string, 'SARIF 2.1.0');
    return EXIT.OK;
  }
  const r = await api.GET('/api/v1/public/packages/{registry}/{name}/{version}', params);
  if (!r.response.ok || !r.data) throw apiErrorOf(r.response, r.error);
  const c = r.data as Schemas['PackageCertificate'];
  const list = c.retainedWarnings;
  const text = list.length ? list.map((f) => `${f.severity.padEnd(8)} ${f.ruleId} ${f.file || '(archive)'}${f.line ? `:${f.line}` : ''} ${f.message}`).join('\n') : `no retained findings (${c.securityLevel})`;
  if (outFile) writeFileSync(outFile, ctx.out.json ? `${JSON.stringify(list, null, 2)}\n` : `${text}\n`);
  else {
    ctx.out.result(`${c.registrySource} ${c.packageName} ${c.packageVersion}: ${c.securityLevel}\n${text}`);
    ctx.out.resultJson(list);
  }
  return EXIT.OK;
}

export async function findings(ctx: Context): Promise<ExitCode> {
  const id = ctx.args.positionals[0]!;
  const outFile = str(ctx.args.options.output);
  const pkg = packageRefOf(id);
  if (pkg) return packageFindings(ctx, pkg, outFile);
  const ch = await channel(ctx);
  if (ctx.args.options.sarif) {
    const r =
      ch.kind === 'api'
        ? await ch.api.GET('/cert/v1/submissions/{id}/findings.sarif', { params: { path: { id } }, parseAs: 'text' })
        : await ch.api.GET('/api/v1/cert/agent/submissions/{id}/findings.sarif', { params: { path: { id } }, parseAs: 'text' });
    if (!r.response.ok) throw apiErrorOf(r.response, parseMaybeJson(r.error));
    writeOut(ctx, outFile, r.data as unknown as string, 'SARIF 2.1.0');
    return EXIT.OK;
  }
  const view = unwrap(await readSubmission(ch, id)) as SubmissionView;
  const list = view.findings ?? [];
  const text = list.length
    ? list.map((f) => `${f.severity.padEnd(8)} ${f.blocking ? 'blocking ' : ''}${f.ruleId} SKILL.md:${f.location.line}:${f.location.column} ${f.message}\n         fix: ${f.fix}`).join('\n')
    : `no findings (${view.status})`;
  if (outFile) writeFileSync(outFile, ctx.out.json ? `${JSON.stringify(list, null, 2)}\n` : `${text}\n`);
  else {
    ctx.out.result(text);
    ctx.out.resultJson(list);
  }
  return EXIT.OK;
}

function parseMaybeJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

// ----------------------------------------------------------------------------------------------- badge

export async function badge(ctx: Context): Promise<ExitCode> {
  const id = ctx.args.positionals[0]!;
  const api = anonymous(ctx);
  const r = await api.GET('/api/v1/public/certificates/{skillId}/verify', { params: { path: { skillId: id } } });
  if (!r.response.ok || !r.data) throw apiErrorOf(r.response, r.error);
  const v = r.data;
  const site = (str(ctx.args.options.site) ?? baseUrl(ctx)).replace(/\/+$/, '');
  const badgeUrl = `${site}/badge/${id}.svg`;
  const pageUrl = `${site}/certificates/${id}`;
  const snippets = badgeSnippets(badgeUrl, pageUrl, v.skillName);
  const word = v.valid ? 'certified' : v.status === 'APPROVED' && v.activeFlagCount > 0 ? 'flagged' : v.status.toLowerCase();
  ctx.out.result([`${v.skillName} ${v.skillVersion}: ${word}`, `badge:    ${badgeUrl}`, `page:     ${pageUrl}`, `markdown: ${snippets.markdown}`, `html:     ${snippets.html}`].join('\n'));
  ctx.out.resultJson({ skillId: id, skillName: v.skillName, valid: v.valid, status: v.status, badge: word, badgeUrl, pageUrl, ...snippets });
  return EXIT.OK;
}

// -------------------------------------------------------------------------------------------- webhooks

/** Signed webhooks of the API key's actor (docs/webhooks.md): register, list, delete, read the delivery log. */
export async function webhooks(ctx: Context): Promise<ExitCode> {
  const [verb, arg] = ctx.args.positionals as [string, string | undefined];
  const ch = await channel(ctx, 'api');
  const api = ch.api;
  if (verb === 'add') {
    const events = str(ctx.args.options.events)?.split(',').map((e) => e.trim()).filter(Boolean);
    const created = unwrap(await api.POST('/cert/v1/webhooks', { body: { url: arg!, ...(events?.length ? { events: events as never } : {}), ...(str(ctx.args.options.description) ? { description: str(ctx.args.options.description) } : {}) } }));
    ctx.out.result(`webhook ${created.id} -> ${created.url} (${created.events.length ? created.events.join(', ') : 'every event'})\nsecret: ${created.secret}\n(shown only now: keep it where the receiver reads it; docs/webhooks.md says how to verify)`);
    ctx.out.resultJson(created);
    return EXIT.OK;
  }
  if (verb === 'list') {
    const { items } = unwrap(await api.GET('/cert/v1/webhooks'));
    ctx.out.result(items.length ? items.map((w) => `${w.id} ${w.url} (${w.events.length ? w.events.join(', ') : 'every event'})`).join('\n') : 'no webhooks');
    ctx.out.resultJson(items);
    return EXIT.OK;
  }
  if (verb === 'rm') {
    const gone = unwrap(await api.DELETE('/cert/v1/webhooks/{id}', { params: { path: { id: arg! } } }));
    ctx.out.result(`deleted webhook ${gone.id} (${gone.url})`);
    ctx.out.resultJson(gone);
    return EXIT.OK;
  }
  const { items } = unwrap(await api.GET('/cert/v1/webhooks/{id}/deliveries', { params: { path: { id: arg! }, query: { limit: 50 } } }));
  ctx.out.result(items.length ? items.map((d) => `${d.createdAt} ${d.id} ${d.eventType} ${d.status} attempts=${d.attempts}${d.lastStatusCode ? ` last=${d.lastStatusCode}` : ''}${d.lastError ? ` (${d.lastError})` : ''}`).join('\n') : 'no deliveries yet');
  ctx.out.resultJson(items);
  return EXIT.OK;
}

export { CertApiError };
