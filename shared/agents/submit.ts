import { Category, type Submission } from '../db/models.js';
import { unprocessable } from '../errors.js';
import { paidSubmit, type Pay, type PaidOutcome } from '../submissions/paid-submit.js';
import { resubmit, type ResubmitInput } from '../submissions/resubmit.js';
import { activeCategory, findIdempotentSubmission, loadSkill, requestHash } from '../submissions/intake.js';

/**
 * The agent API's submission (spec 2.7, `POST /api/v1/cert/agent/submit`) as one use case: the route
 * checks the wallet session and the body's shape, calls `agentSubmit`, presents the outcome.
 */

/** Agent API scope (spec 1.9): API and SKILL+API go through the developer portal. */
export const AGENT_PRODUCT_TYPES = ['SKILL', 'AUDIT_SKILL'] as const;

/** Whether the agent API takes this product type. */
export const isAgentProductType = (productType: string) => (AGENT_PRODUCT_TYPES as readonly string[]).includes(productType);

/** An active category the agent API takes; one the developer portal takes instead is named as such. */
export async function agentCategory(key: string): Promise<Category> {
  const c = await Category.findByPk(key);
  if (c && c.active && !isAgentProductType(c.productType)) {
    throw unprocessable('category_requires_developer_portal', `${c.productType} submissions are not taken by the agent API; submit them through the developer portal (POST /api/v1/cert/submit with X-Payment-Method: x402)`, 'categoryKey');
  }
  return activeCategory(key, AGENT_PRODUCT_TYPES);
}

/** The request, already validated for shape (AgentSubmitBody in shared/api/schemas.ts). */
export interface AgentSubmitInput {
  categoryKey: string;
  idempotencyKey: string;
  sourceUrl?: string;
  sourceRef?: string;
  skillMdContent?: string;
  developerAdvisoryNote?: string;
  manifestOverride?: { externalCalls?: string[]; capabilities?: string[] };
  voucherCode?: string;
}

/**
 * Submits for a signed-in wallet (`owner`): a retry of a submission that exists (paid or not) is
 * answered before anything else, without charging again; then the category and the skill file are
 * checked before any 402 (nobody pays for a refusal); then the request is bought (paid-submit.ts).
 * Null when `pay` answered instead (402, 409, 503).
 */
export async function agentSubmit(owner: string, body: AgentSubmitInput, pay: Pay): Promise<PaidOutcome> {
  const submitter = { owner, channel: 'agent' as const };
  const prior = await findIdempotentSubmission(submitter, body.idempotencyKey, requestHash(body));
  if (prior) return { submission: prior, replayed: true };
  const category = await agentCategory(body.categoryKey);
  const { voucherCode, ...submission } = body;
  return paidSubmit(
    {
      submitter,
      submission,
      identity: body,
      category,
      skill: await loadSkill(submission),
      allowedProductTypes: AGENT_PRODUCT_TYPES,
      resourcePrefix: `submission:${owner}`,
      description: `cert submission (${category.key})`,
      purpose: { kind: 'submission', categoryKey: category.key, voucherCode: voucherCode ?? null },
      voucherCode: voucherCode ?? null,
    },
    pay,
  );
}

/** A resubmission of the wallet's own REJECTED submission `parent` (shared/submissions/resubmit.ts). */
export function agentResubmit(owner: string, parent: Submission, input: ResubmitInput, pay: Pay): Promise<PaidOutcome> {
  return resubmit({ submitter: { owner, channel: 'agent' }, parent, input, allowedProductTypes: AGENT_PRODUCT_TYPES, resourcePrefix: `resubmission:${owner}` }, pay);
}
