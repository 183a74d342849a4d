import { Category, Submission } from '../db/models.js';
import { withNamedLocks } from '../db/named-lock.js';
import { conflict } from '../errors.js';
import { priceSubmission } from '../payments/submission-price.js';
import { findPayment } from '../payments/x402/index.js';
import { createSubmission, findIdempotentSubmission, loadSkill, requestHash, type Submitter } from './intake.js';
import { paymentResource, type Pay, type PaidOutcome } from './paid-submit.js';

/**
 * A resubmission of a REJECTED submission (spec 2.1, "Resubmission"): one per rejected record, with
 * content that differs from every version in its chain; free while the category's free
 * resubmissions last, then paid at the version-update price through the same rule as a first
 * submission (a settled payment buys this request: paid-submit.ts).
 */
export interface ResubmitInput {
  idempotencyKey: string;
  sourceUrl?: string;
  sourceRef?: string;
  skillMdContent?: string;
  developerAdvisoryNote?: string;
}

export interface ResubmitRequest {
  submitter: Submitter;
  parent: Submission;
  input: ResubmitInput;
  allowedProductTypes: readonly string[];
  /** The payment resource's prefix, e.g. `resubmission:<owner>`. */
  resourcePrefix: string;
}

/** Every content hash in a resubmission chain. */
async function chainHashes(sub: Submission): Promise<Set<string>> {
  const hashes = new Set<string>();
  let cur: Submission | null = sub;
  while (cur) {
    hashes.add(cur.contentSha256);
    cur = cur.originalSubmissionId ? await Submission.findByPk(cur.originalSubmissionId) : null;
  }
  return hashes;
}

export async function resubmit(req: ResubmitRequest, pay: Pay): Promise<PaidOutcome> {
  const { submitter, parent, input } = req;
  const submission = { ...input, categoryKey: parent.categoryKey };
  const identity = { ...submission, resubmissionOf: parent.id };
  const hash = requestHash(identity);
  const prior = await findIdempotentSubmission(submitter, input.idempotencyKey, hash);
  if (prior) return { submission: prior, replayed: true };
  if (parent.status !== 'REJECTED') throw conflict('not_resubmittable', `Only a REJECTED submission can be resubmitted; this one is ${parent.status}`, 'id');
  const skill = await loadSkill(input); // its own frontmatter manifest: the fix may be a manifest change
  if ((await chainHashes(parent)).has(skill.contentSha256)) {
    throw conflict('duplicate_content', 'The resubmitted skill file is identical to an earlier submission; change it to address the rejection', 'skillMdContent');
  }
  const resource = paymentResource(req.resourcePrefix, input.idempotencyKey, identity);
  // One resubmission per rejected record and one request per key: both held while checking, paying and creating.
  return withNamedLocks([`cert:resubmit:${parent.id}`, `cert:idem:${submitter.owner}:${input.idempotencyKey}`], async () => {
    const again = await findIdempotentSubmission(submitter, input.idempotencyKey, hash);
    if (again) return { submission: again, replayed: true };
    const existing = await Submission.findOne({ where: { originalSubmissionId: parent.id } });
    if (existing) throw conflict('already_resubmitted', `This submission was already resubmitted as ${existing.id}`, 'id');
    let paymentId: string | null = null;
    const settled = await findPayment({ resource });
    if (settled?.status === 'SETTLED') paymentId = settled.id;
    else if ((parent.freeResubmissionsLeft ?? 0) <= 0) {
      const category = await Category.findByPk(parent.categoryKey);
      // The one price rule at the category's version update multiplier; the agent channel's
      // categories carry no dependency files, so there are no packages to price.
      const price = await priceSubmission(category!, { multiplier: Number(category!.versionUpdateMultiplier) });
      if (price.totalUsd > 0) {
        const paid = await pay({ amountUsdc: price.amountUsdc, description: `cert resubmission (${parent.categoryKey})`, resource, purpose: { kind: 'resubmission', of: parent.id, price }, breakdown: price });
        if (paid.outcome === 'answered') return null;
        paymentId = paid.paymentId;
      }
    }
    return createSubmission(submitter, submission, { identity, allowedProductTypes: req.allowedProductTypes, skill, paymentId, originalSubmissionId: parent.id });
  });
}
