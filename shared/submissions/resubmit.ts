import { Category, Submission } from '../db/models.js';
import { conflict } from '../errors.js';
import { priceSubmission } from '../payments/submission-price.js';
import { createSubmission, loadSkill, requestHash, type Submitter } from './intake.js';
import { buyRequest, databaseStore, type Pay, type PaidOutcome, type PurchaseStore } from './paid-submit.js';

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

export async function resubmit(req: ResubmitRequest, pay: Pay, store: PurchaseStore = databaseStore): Promise<PaidOutcome> {
  const { submitter, parent, input } = req;
  const submission = { ...input, categoryKey: parent.categoryKey };
  const identity = { ...submission, resubmissionOf: parent.id };
  const prior = await store.findPrior(submitter, input.idempotencyKey, requestHash(identity));
  if (prior) return { submission: prior, replayed: true };
  if (parent.status !== 'REJECTED') throw conflict('not_resubmittable', `Only a REJECTED submission can be resubmitted; this one is ${parent.status}`, 'id');
  const skill = await loadSkill(input); // its own frontmatter manifest: the fix may be a manifest change
  if ((await chainHashes(parent)).has(skill.contentSha256)) {
    throw conflict('duplicate_content', 'The resubmitted skill file is identical to an earlier submission; change it to address the rejection', 'skillMdContent');
  }
  // One resubmission per rejected record and one request per key: both held while checking, paying and creating.
  return buyRequest(
    {
      submitter,
      idempotencyKey: input.idempotencyKey,
      identity,
      resourcePrefix: req.resourcePrefix,
      alsoLock: [`cert:resubmit:${parent.id}`],
      checkUnderLock: async () => {
        const existing = await Submission.findOne({ where: { originalSubmissionId: parent.id } });
        if (existing) throw conflict('already_resubmitted', `This submission was already resubmitted as ${existing.id}`, 'id');
      },
      price: async () => {
        if ((parent.freeResubmissionsLeft ?? 0) > 0) return null;
        const category = await Category.findByPk(parent.categoryKey);
        // The one price rule at the category's version update multiplier; the agent channel's
        // categories carry no dependency files, so there are no packages to price.
        return priceSubmission(category!, { multiplier: Number(category!.versionUpdateMultiplier) });
      },
      description: `cert resubmission (${parent.categoryKey})`,
      purpose: { kind: 'resubmission', of: parent.id },
      create: (paymentId) => createSubmission(submitter, submission, { identity, allowedProductTypes: req.allowedProductTypes, skill, paymentId, originalSubmissionId: parent.id }),
    },
    pay,
    store,
  );
}
