import { randomUUID } from 'node:crypto';
import { UniqueConstraintError } from 'sequelize';
import { db } from '../db/connection.js';
import { Category, Submission, insertBuilt } from '../db/models.js';
import { categoryByKey } from '../db/reference-rows.js';
import { ApiError, badRequest, conflict, unprocessable } from '../errors.js';
import { canonicalJson, sha256Hex } from '../canonical.js';
import { config } from '../config.js';
import { MAX_SKILL_BYTES, canonicalSha256, parseSkill, storedManifestOf } from '../skills/parse.js';
import { fetchSkillSource } from '../skills/source.js';
import { sourceHostConfig } from '../skills/source-config.js';
import type { ParsedSkill } from '../skills/types.js';
import { analyzeSkillBounded, skillAnalysisOptions } from '../sandbox/skill-pool.js';
import type { SandboxReport } from '../sandbox/types.js';
import type { SubmitBody } from '../api/schemas.js';
import { assertNoRefusals, fetchSiblingDependencyFiles, parseDependencyFiles, type ParsedDependencies } from '../packages/intake.js';
import { previewFiles } from '../packages/preview.js';
import { priceSubmission, type SubmissionPrice } from '../payments/submission-price.js';
import { logger } from '../log.js';
import { primeSubmissionRead } from './status-read.js';

export type Channel = 'cert-v1' | 'agent' | 'dev';
export interface Submitter {
  /** `actor:<id>` or `wallet:<address>`: idempotency keys and listings are per owner. */
  owner: string;
  channel: Channel;
}

type SkillInput = Omit<SubmitBody, 'idempotencyKey' | 'categoryKey' | 'dependencyFiles'>;

/** Reads the skill file (inline or from the source host) and parses it; every problem is a 4xx. */
export async function loadSkill(input: SkillInput): Promise<ParsedSkill> {
  const { skillMdContent, sourceUrl, sourceRef, manifestOverride } = input;
  if (skillMdContent === undefined && sourceUrl === undefined) {
    throw badRequest('missing_field', 'skillMdContent, or sourceUrl with sourceRef, is required', 'skillMdContent');
  }
  if (sourceUrl !== undefined && sourceRef === undefined) throw badRequest('missing_field', 'sourceRef is required with sourceUrl', 'sourceRef');
  if (sourceRef !== undefined && sourceUrl === undefined) throw badRequest('missing_field', 'sourceUrl is required with sourceRef', 'sourceUrl');
  if (skillMdContent !== undefined) {
    if (Buffer.byteLength(skillMdContent, 'utf8') > MAX_SKILL_BYTES) {
      throw new ApiError(413, 'skill_file_too_large', `The skill file exceeds ${MAX_SKILL_BYTES} bytes`, 'skillMdContent');
    }
    if (skillMdContent.includes('\u0000')) throw badRequest('invalid_skill_file', 'The skill file contains a NUL byte', 'skillMdContent');
    if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(skillMdContent)) {
      throw badRequest('invalid_utf8', 'skillMdContent is not valid UTF-8 (lone surrogate)', 'skillMdContent');
    }
  }
  let text = skillMdContent;
  let field = 'skillMdContent';
  if (sourceUrl !== undefined && sourceRef !== undefined) {
    const fetched = await fetchSkillSource(sourceUrl, sourceRef, sourceHostConfig());
    if (text !== undefined && canonicalSha256(text) !== canonicalSha256(fetched.text)) {
      throw unprocessable('source_content_mismatch', 'skillMdContent differs from the file at sourceUrl and sourceRef', 'skillMdContent');
    }
    text = fetched.text;
    field = 'sourceUrl';
  }
  return parseSkill(text!, { field, manifestOverride });
}

export async function activeCategory(categoryKey: string, allowedProductTypes: readonly string[]): Promise<Category> {
  const category = await categoryByKey(categoryKey);
  if (!category || !category.active) throw unprocessable('unknown_category', `No active category ${categoryKey}`, 'categoryKey');
  if (!allowedProductTypes.includes(category.productType)) {
    throw unprocessable('unsupported_category', `Category ${categoryKey} (${category.productType}) cannot be submitted on this channel`, 'categoryKey');
  }
  return category;
}

export const PRODUCT_TYPES_V1 = ['SKILL', 'AUDIT_SKILL', 'CODE+PACKAGES'] as const;

/**
 * The dependency files of a CODE+PACKAGES submission: inline, else next to the skill file at the
 * same commit. Other product types carry none.
 */
export async function loadDependencyFiles(
  category: Category,
  body: Pick<SubmitBody, 'dependencyFiles' | 'sourceUrl' | 'sourceRef'>,
): Promise<{ files: Record<string, string>; parsed: ParsedDependencies } | null> {
  if (category.productType !== 'CODE+PACKAGES') {
    if (body.dependencyFiles) throw unprocessable('dependency_files_not_allowed', `dependencyFiles belong to CODE+PACKAGES submissions, not ${category.productType}`, 'dependencyFiles');
    return null;
  }
  let files = body.dependencyFiles;
  if (!files && body.sourceUrl && body.sourceRef) files = await fetchSiblingDependencyFiles(body.sourceUrl, body.sourceRef, sourceHostConfig());
  const parsed = parseDependencyFiles(files ?? {});
  return { files: files ?? {}, parsed };
}

/** Dry run: parse and analyse, store nothing. */
export async function validateSubmission(
  body: Omit<SubmitBody, 'idempotencyKey'>,
): Promise<{ skill: ParsedSkill; report: SandboxReport; category: Category; dependencies: ParsedDependencies | null; price: SubmissionPrice | null }> {
  const category = await activeCategory(body.categoryKey, PRODUCT_TYPES_V1);
  const skill = await loadSkill(body);
  const deps = await loadDependencyFiles(category, body);
  // In an analysis thread with a time budget: this process's one thread keeps serving meanwhile; a
  // request that would wait behind too many others is told to come back (503 analysis_busy).
  const report = await analyzeSkillBounded(skill, { ...skillAnalysisOptions(), maxQueued: config().SKILL_ANALYSIS_MAX_QUEUED });
  // What the submission would cost (the one price rule; a payment intent for the same request states
  // the same numbers); none while a dependency is refused, since such a submission is refused too.
  const refused = Boolean(deps && deps.parsed.refusals.length);
  const price = refused ? null : await priceSubmission(category, { packages: deps ? await previewFiles(deps.files) : null });
  return { skill, report, category, dependencies: deps?.parsed ?? null, price };
}

export function requestHash(body: object): string {
  const { idempotencyKey: _ignored, ...rest } = body as Record<string, unknown>;
  return sha256Hex(canonicalJson(rest));
}

async function replay(submitter: Submitter, idempotencyKey: string, hash: string): Promise<Submission | null> {
  const existing = await Submission.findOne({ where: { owner: submitter.owner, idempotencyKey } });
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw conflict('idempotency_key_reused', 'This idempotencyKey was used for a different request; use a fresh UUID v4 for a new submission', 'idempotencyKey');
  }
  return existing;
}

export interface CreateOptions {
  allowedProductTypes?: readonly string[];
  originalSubmissionId?: string | null;
  /** The skill, already loaded and validated by the caller (before a payment was taken). */
  skill?: ParsedSkill;
  /** The x402 payment that bought this submission (one payment, one submission). */
  paymentId?: string | null;
  /** The voucher the price used; redeemed in the same transaction unless the caller reserved its use already. */
  voucherCode?: string | null;
  voucherAlreadyRedeemed?: boolean;
  declaredEndpoints?: string[] | null;
  /**
   * The request as its channel received it, whose hash names it for idempotency (a retry with the
   * same key and the same request replays). Defaults to `body`; a channel whose request carries more
   * than the stored fields (a product URL, a voucher, the rejected parent) passes the whole request.
   */
  identity?: object;
  /** Runs inside the creating transaction (payment intents). */
  inTransaction?: (sub: Submission, t: import('sequelize').Transaction) => Promise<void>;
}

/**
 * Stores a submission in PENDING_SANDBOX and enqueues its sandbox job after commit. A retry with
 * the same idempotency key and body returns the stored submission (replayed = true).
 */
export { replay as findIdempotentSubmission };

export async function createSubmission(
  submitter: Submitter,
  body: SubmitBody,
  opts: CreateOptions = {},
): Promise<{ submission: Submission; replayed: boolean }> {
  const hash = requestHash(opts.identity ?? body);
  // A skill file fetched from its source host is looked up first (a replay must not fetch it again). An
  // inline one is not: the unique (owner, idempotency key) finds a replay at the INSERT below, and a replay
  // that would now be refused (its category deactivated since) is looked up when refused, so a first
  // submission costs one statement fewer and a replay gets what it got before.
  const lookUpFirst = body.skillMdContent === undefined || body.sourceUrl !== undefined;
  if (lookUpFirst) {
    const prior = await replay(submitter, body.idempotencyKey, hash);
    if (prior) return { submission: prior, replayed: true };
  }
  let category: Category;
  let skill: ParsedSkill;
  let deps: Awaited<ReturnType<typeof loadDependencyFiles>>;
  try {
    category = await activeCategory(body.categoryKey, opts.allowedProductTypes ?? PRODUCT_TYPES_V1);
    skill = opts.skill ?? (await loadSkill(body));
    deps = await loadDependencyFiles(category, body);
    if (deps) assertNoRefusals(deps.parsed);
  } catch (err) {
    const prior = lookUpFirst ? null : await replay(submitter, body.idempotencyKey, hash);
    if (prior) return { submission: prior, replayed: true };
    throw err;
  }
  const now = new Date();
  let submission: Submission;
  try {
    const row = () => ({
          id: randomUUID(),
          owner: submitter.owner,
          channel: submitter.channel,
          categoryKey: category.key,
          productType: category.productType,
          idempotencyKey: body.idempotencyKey,
          requestHash: hash,
          status: 'PENDING_SANDBOX',
          statusChangedAt: now,
          skillName: skill.name,
          skillDescription: skill.description,
          skillVersion: skill.version,
          contentSha256: skill.contentSha256,
          skillContent: skill.content,
          manifest: storedManifestOf(skill),
          sourceUrl: body.sourceUrl ?? null,
          sourceRef: body.sourceRef ?? null,
          developerNote: body.developerAdvisoryNote ?? null,
          sandboxRiskLevel: null,
          sandboxReport: null,
          verdictSummary: null,
          rejectionSummary: null,
          freeResubmissionsLeft: null,
          originalSubmissionId: opts.originalSubmissionId ?? null,
          certificateId: null,
          packagePhase: deps ? 'RESOLVING' : null,
          dependencyFiles: deps ? deps.files : null,
          paymentId: opts.paymentId ?? null,
          voucherCode: opts.voucherCode ?? null,
          declaredEndpoints: opts.declaredEndpoints ?? null,
    });
    const redeem = Boolean(opts.voucherCode && !opts.voucherAlreadyRedeemed);
    // A lone INSERT is atomic by itself: a transaction only when something else must commit with it
    // (a voucher's use, a payment intent), two statements (START, COMMIT) fewer per submission otherwise.
    // The row `create` wrote, as one raw INSERT (the model has no create hooks or validators).
    submission =
      redeem || opts.inTransaction
        ? await db().transaction(async (t) => {
            const s = await insertBuilt(Submission.build(row()), t);
            if (redeem) await redeemVoucher(opts.voucherCode!, t);
            if (opts.inTransaction) await opts.inTransaction(s, t);
            return s;
          })
        : await insertBuilt(Submission.build(row()));
  } catch (err) {
    // Two concurrent requests with one key: the unique index lets one win; the other replays it.
    if (err instanceof UniqueConstraintError) {
      const winner = await replay(submitter, body.idempotencyKey, hash);
      if (winner) return { submission: winner, replayed: true };
      const fields = Object.keys(err.fields ?? {}).join(',') + (err.original?.message ?? '');
      if (/original_submission|one_resubmission/.test(fields)) throw conflict('already_resubmitted', 'This rejected submission was already resubmitted', 'id');
      if (/payment_id/.test(fields)) throw conflict('payment_already_used', 'This payment already bought another submission');
    }
    throw err;
  }
  // Before the job exists (nothing else can move the row yet): this process's first status read of it needs no query.
  await primeSubmissionRead(submission).catch((err: Error) => logger('intake').warn({ err: err.message, submissionId: submission.id }, 'status read not primed'));
  await enqueueAfterCommit(submission.id);
  return { submission, replayed: false };
}

/** One use of a voucher, counted in the submission's own transaction (a race cannot overspend it). */
async function redeemVoucher(code: string, t: import('sequelize').Transaction): Promise<void> {
  const { Voucher } = await import('../db/models.js');
  const { Op } = await import('sequelize');
  const [n] = await Voucher.update(
    { uses: db().literal('uses + 1') as unknown as number },
    { where: { code, active: true, uses: { [Op.lt]: db().col('max_uses') } } as never, transaction: t },
  );
  if (n !== 1) throw conflict('voucher_exhausted', 'This voucher has no uses left', 'voucherCode');
}

/** Enqueue failures are logged, not raised: the stored submission is picked up by the sweeper. */
async function enqueueAfterCommit(submissionId: string): Promise<void> {
  try {
    const { enqueue } = await import('../queues/index.js');
    // Redis down: the client queues the command until it is back; the answer must not wait for that.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Redis did not answer within 2 s')), 2000)));
    await Promise.race([enqueue.newSandbox(submissionId), timeout]).finally(() => clearTimeout(timer));
  } catch (err) {
    logger('intake').warn({ err: (err as Error).message, submissionId }, 'enqueue failed; the sweeper will retry');
  }
}
