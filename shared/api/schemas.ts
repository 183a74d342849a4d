import { z } from 'zod';
import { ApiError } from '../errors.js';
import { CAPABILITIES } from '../skills/capabilities.js';
import { MAX_WAIT_SECONDS } from '../submissions/polling.js';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/events.js';

/**
 * Request and response schemas. The same objects validate requests (services/) and generate the
 * OpenAPI documents (shared/api/openapi.ts), so the published schema cannot drift from the code.
 */
export const UuidV4 = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i, 'must be a UUID v4')
  .meta({ description: 'UUID v4', example: '6f1c2b1e-5d7a-4c3e-9a51-0b7f3f0e2a11' });

export const ManifestOverride = z
  .strictObject({
    externalCalls: z.array(z.string().max(2048)).max(100).optional().meta({ description: 'Absolute http(s) URLs or origins the skill calls' }),
    capabilities: z
      .array(z.string().max(64))
      .max(32)
      .optional()
      .meta({ description: `Capabilities: ${Object.keys(CAPABILITIES).join(', ')}; an unknown name is kept and warned about` }),
  })
  .meta({ id: 'ManifestOverride', description: 'Replaces the frontmatter manifest member by member (a member given, even empty, is declared); capabilities implied by allowed-tools are added' });

const submissionInput = {
  categoryKey: z.string().min(1).max(64).meta({ description: 'A category key, e.g. SKILL or AUDIT_SKILL' }),
  skillMdContent: z.string().max(1_000_000).optional().meta({ description: 'The SKILL.md file inline (UTF-8, at most 512 KiB)' }),
  sourceUrl: z.string().max(2048).optional().meta({ description: 'URL of the skill file on a source-hosting service (blob or raw form)' }),
  sourceRef: z.string().max(64).optional().meta({ description: 'Commit reference (hex SHA) the file is read at' }),
  developerAdvisoryNote: z.string().max(4000).optional().meta({ description: 'Context for the council' }),
  manifestOverride: ManifestOverride.optional(),
  dependencyFiles: z
    .record(z.string().max(64), z.string().max(6_000_000))
    .optional()
    .meta({ description: 'CODE+PACKAGES: file name → content (requirements.txt, package.json, package-lock.json, npm-shrinkwrap.json, pnpm-lock.yaml); default: those files next to sourceUrl at sourceRef' }),
};

export const SubmitBody = z
  .strictObject({
    ...submissionInput,
    paymentIntentId: z.string().max(36).optional().meta({ description: 'A paid payment intent that pays for this submission (one intent, one submission)' }),
    idempotencyKey: UuidV4,
  })
  .meta({ id: 'SubmitRequest' });
export type SubmitBody = z.infer<typeof SubmitBody>;

export const ValidateBody = z.strictObject({ ...submissionInput, idempotencyKey: UuidV4.optional() }).meta({ id: 'ValidateRequest' });

/** The reasons a flag may give (`POST …/certificates/{skillId}/flag`); docs/api.md lists the same. */
export const FLAG_REASONS = ['malicious_behaviour', 'undeclared_network', 'prompt_injection', 'credential_exfiltration', 'misrepresentation', 'other'] as const;
export const FLAG_DETAILS_MAX_LENGTH = 4000;
export const FlagBody = z
  .strictObject({
    walletAddress: z.string().max(64).meta({ description: "Flagger's EVM address (EIP-55 checksum checked) for the bounty" }),
    reason: z.enum(FLAG_REASONS).meta({ description: `One of ${FLAG_REASONS.join(', ')}; any other value is 400 invalid_field naming reason` }),
    details: z.string().max(FLAG_DETAILS_MAX_LENGTH).optional().meta({ description: `What was seen, at most ${FLAG_DETAILS_MAX_LENGTH} characters` }),
  })
  .meta({ id: 'FlagRequest' });

/** Length limits of a dispute's reason (`POST …/submissions/{id}/dispute`); docs/api.md states the same. */
export const DISPUTE_REASON_LENGTH = { min: 10, max: 4000 } as const;
export const DisputeBody = z
  .strictObject({
    reason: z
      .string()
      .min(DISPUTE_REASON_LENGTH.min)
      .max(DISPUTE_REASON_LENGTH.max)
      .meta({ description: `Why the verdict is wrong, ${DISPUTE_REASON_LENGTH.min} to ${DISPUTE_REASON_LENGTH.max} characters (shorter or longer is 400 invalid_field naming reason)` }),
  })
  .meta({ id: 'DisputeRequest' });
export const ActivateBody = z.strictObject({ acceptTerms: z.literal(true).meta({ description: 'Must be true: accepts the terms of service' }) }).meta({ id: 'ActivateRequest' });
export const CompareBody = z
  .strictObject({ sourceUrl: z.string().max(2048), sourceRef: z.string().max(64) })
  .meta({ id: 'CompareRequest' });

export const PaymentIntentBody = z
  .strictObject({
    categoryKey: z.string().min(1).max(64),
    dependencyFiles: submissionInput.dependencyFiles.meta({
      description: 'CODE+PACKAGES: the dependency files the submission will carry (default: those next to sourceUrl at sourceRef). Their packages to audit are priced now, and the intent pays only for a submission with the same files (else 422 payment_intent_mismatch)',
    }),
    sourceUrl: submissionInput.sourceUrl,
    sourceRef: submissionInput.sourceRef,
  })
  .meta({ id: 'PaymentIntentRequest' });

export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional().meta({ description: 'Opaque cursor from the previous page (nextCursor)' }),
  status: z.string().max(24).optional(),
});
/** The one pagination convention of every list: `limit` (1–100, default 20), opaque `cursor`, answer's `nextCursor` (null on the last page). */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional().meta({ description: 'Opaque cursor from the previous page (nextCursor)' }),
});
/** A submission's status read: `waitSeconds` turns it into a long-poll (docs/api.md#polling-a-submission). */
export const SubmissionReadQuery = z.object({
  waitSeconds: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number of seconds')
    .transform(Number)
    .pipe(z.number().int().min(0).max(MAX_WAIT_SECONDS))
    .optional()
    .meta({ type: 'integer', minimum: 0, maximum: MAX_WAIT_SECONDS, description: `Long-poll: answer as soon as the submission changes, at the latest after this many seconds (0–${MAX_WAIT_SECONDS}); owner only` }),
});
export const LEADERBOARD_SELECTORS = ['reputation', 'accuracy', 'earnings', 'wealth'] as const;
export const LeaderboardQuery = PageQuery.extend({
  by: z.enum(LEADERBOARD_SELECTORS).default('reputation').meta({ description: 'reputation, accuracy (validators), earnings (USDC credited for reviews) or wealth (reward tokens credited)' }),
});
export const CertificateSearchQuery = z.object({
  q: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Words to find in skill names and descriptions: every word must match the start of a word (case and punctuation ignored); newest first' }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional().meta({ description: 'Opaque cursor from the previous page (nextCursor); the index without q pages, a search is one page' }),
});

export const ErrorBody = z
  .object({ error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }) })
  .meta({ id: 'Error' });

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let cur = input;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur;
}

/**
 * A query string's `q[]=a&q[]=b` (or `q[x]=a`) arrives as a key `q[]`, which a schema would ignore
 * like any unknown parameter: the request would run as if `q` were not given (a search answered with
 * the whole index). A bracketed form of a field the schema knows is refused, naming that field.
 */
function refuseBracketKeys(schema: z.ZodType, query: Record<string, unknown>): void {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!shape) return;
  for (const key of Object.keys(query)) {
    const base = /^([^[\]]+)\[/.exec(key)?.[1];
    if (base && Object.hasOwn(shape, base)) throw new ApiError(400, 'invalid_field', `${base}: give one value (${base}=…), not a list or object (${key})`, base);
  }
}

/** Runs a schema and turns the first problem into the service's 4xx error, naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.infer<S> {
  if (input === undefined || input === null) {
    if (where === 'body') throw new ApiError(400, 'missing_body', 'A JSON object body is required');
  }
  if (where === 'body' && (typeof input !== 'object' || Array.isArray(input))) {
    throw new ApiError(400, 'invalid_body', 'The body must be a JSON object');
  }
  if (where === 'query' && input && typeof input === 'object') refuseBracketKeys(schema, input as Record<string, unknown>);
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  let field = issue.path.map(String).join('.');
  let code = 'invalid_field';
  if (issue.code === 'unrecognized_keys') {
    code = 'unknown_field';
    const key = (issue as { keys?: string[] }).keys?.[0];
    field = [field, key].filter(Boolean).join('.');
  } else if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
    code = 'missing_field';
  } else if (issue.path.length === 0 && issue.code === 'invalid_type') {
    throw new ApiError(400, 'invalid_body', 'The body must be a JSON object');
  }
  const msg = code === 'missing_field' ? `${field} is required` : code === 'unknown_field' ? `${field} is not a known field` : `${field}: ${issue.message}`;
  throw new ApiError(400, code, msg, field || undefined);
}

/** Product types the developer x402 channel takes (`POST /api/v1/cert/submit`). */
export const DEV_PRODUCT_TYPES = ['SKILL', 'AUDIT_SKILL', 'CODE+PACKAGES', 'API', 'SKILL+API'] as const;

/** The dependency files of a CODE+PACKAGES submission or draft: file name → content. */
export const DependencyFiles = z
  .record(z.string().max(64), z.string().max(6_000_000))
  .meta({
    id: 'DependencyFiles',
    description:
      'File name → content: requirements.txt, package.json (one of them required), package-lock.json, npm-shrinkwrap.json, pnpm-lock.yaml. Each file at most 5 MiB (413 dependency_file_too_large), the request body at most 2 MB; at most PACKAGE_MAX_DECLARED_DEPENDENCIES (default 200) declared dependencies (422 too_many_dependencies); unreadable files are 422 invalid_dependency_file, other names 422 unsupported_dependency_file.',
  });

/** A draft of the developer portal (`POST`/`PUT /api/v1/cert/dev/drafts`): the whole draft each time. */
export const DraftBody = z
  .strictObject({
    productType: z.enum(DEV_PRODUCT_TYPES).default('CODE+PACKAGES'),
    skillMdContent: z.string().max(1_000_000).optional().meta({ description: 'The skill file, kept for the submission of the draft' }),
    dependencyFiles: DependencyFiles.default({}),
    manifestOverride: ManifestOverride.optional(),
  })
  .meta({ id: 'DraftRequest' });

export const DevSubmitBody = z
  .strictObject({
    url: z.string().max(2048).meta({ description: 'The product URL: the API base URL for API and SKILL+API, else the skill homepage or source' }),
    productType: z.enum(DEV_PRODUCT_TYPES).optional().meta({ description: "Required unless draftId is given (then the draft's; a different one is 422 draft_mismatch)" }),
    draftId: UuidV4.optional().meta({ description: "A draft of this developer (POST /api/v1/cert/dev/drafts): its product type, skill file (unless skillMdContent is given), dependency files and package preview are used; the price is the draft preview's price.total" }),
    skillMdContent: z.string().max(1_000_000).optional().meta({ description: 'The skill file; optional when sourceUrl and sourceRef name it, or the draft holds it' }),
    sourceUrl: z.string().max(2048).optional().meta({ description: 'URL of the skill file in a source-hosting service (with sourceRef)' }),
    sourceRef: z.string().max(64).optional().meta({ description: 'Commit of sourceUrl' }),
    manifestOverride: ManifestOverride.optional(),
    dependencyFiles: DependencyFiles.optional().meta({ description: 'CODE+PACKAGES without a draft: the dependency files (default: those next to sourceUrl at sourceRef). Not allowed with draftId (400 conflicting_fields).' }),
  })
  .meta({ id: 'DevX402SubmitRequest' });

/** Self-service developer token (`POST /api/v1/cert/dev/tokens`, wallet session). */
export const DevTokenCreateBody = z
  .strictObject({
    label: z.string().trim().min(1).max(64).optional().meta({ description: 'A name to tell tokens apart (e.g. "CI"); shown in the list' }),
  })
  .meta({ id: 'DevTokenCreateRequest' });

/** The agent API (`/api/v1/cert/agent`): sign-in, quote, submit and resubmit bodies. */
export const AgentVerifyBody = z.strictObject({ wallet: z.string().max(64), nonce: z.string().max(64), signature: z.string().max(4096) }).meta({ id: 'AgentVerifyRequest' });
export const QuoteBody = z.strictObject({ categoryKey: z.string().min(1).max(64), voucherCode: z.string().max(64).optional() }).meta({ id: 'QuoteRequest' });
export const AgentSubmitBody = z
  .strictObject({
    categoryKey: z.string().min(1).max(64),
    sourceUrl: z.string().max(2048).optional(),
    sourceRef: z.string().max(64).optional(),
    skillMdContent: z.string().max(1_000_000).optional(),
    developerAdvisoryNote: z.string().max(4000).optional(),
    manifestOverride: ManifestOverride.optional(),
    voucherCode: z.string().max(64).optional(),
    idempotencyKey: UuidV4,
  })
  .meta({ id: 'AgentSubmitRequest' });
export const ResubmitBody = z
  .strictObject({
    idempotencyKey: UuidV4,
    sourceUrl: z.string().max(2048).optional(),
    sourceRef: z.string().max(64).optional(),
    skillMdContent: z.string().max(1_000_000).optional(),
    developerAdvisoryNote: z.string().max(4000).optional(),
  })
  .meta({ id: 'ResubmitRequest' });

/** Registering a webhook endpoint (docs/webhooks.md). */
export const WebhookCreateBody = z.strictObject({
  url: z.string().min(1).max(2048).meta({ description: 'https URL that receives the signed POSTs; its host must resolve to public addresses only' }),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .max(WEBHOOK_EVENT_TYPES.length)
    .optional()
    .meta({ description: `Event types to receive (${WEBHOOK_EVENT_TYPES.join(', ')}); absent or empty: all` }),
  description: z.string().max(200).optional(),
});
export const WebhookDeliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
