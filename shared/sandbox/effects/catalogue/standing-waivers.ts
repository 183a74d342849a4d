/**
 * Standing waivers (second reader, 2026.11.29): what text written into the agent's memory or instruction files
 * (CLAUDE.md, AGENTS.md, a memory note) must not say. A saved rule that tells every later session to act on
 * consequential things without the user's confirmation removes the human check for good: the session that wrote it
 * is the only one the user could have read. Data with a small matcher; the policy (`persistence` in policies.ts) calls
 * it for agent-memory content only.
 *
 * Honest memory notes keep a preference ("the user's test command is `pnpm test`"), a style rule or a list of
 * commands; a waiver for consequential acts is the shape.
 */

/** The user's confirmation waived: "never ask the user for confirmation", "without asking", "do not wait for approval". */
const WAIVED = /\b(?:never|don['’]?t|do not|no need to)\s+(?:ask|wait|check)(?:\s+(?:with|for))?\s+(?:the user\s+|them\s+)?(?:for\s+)?(?:their\s+|any\s+)?(?:confirmation|approval|permission|consent|sign-?off)|\bwithout\s+(?:asking|confirming|checking with|waiting for)\b|\bwithout\s+(?:the user['’]s\s+|any\s+|their\s+)?(?:confirmation|approval|permission|consent)\b|\bskip\s+(?:the\s+|any\s+)?(?:confirmation|approval)(?:\s+(?:step|prompt|dialog))?s?\b/i;

/** Acts whose consequences the user would want to see first: deploys, pushes, merges, deletions, payments, releases. */
const CONSEQUENTIAL = /\b(?:deploy\w*|push\w*|merg\w*|publish\w*|releas\w*|delet\w*|remov\w*|drop\w*|destroy\w*|wip\w*|overwrit\w*|force|--force|rm\s+-\w*[rf]|transfer\w*|pay\w*|refund\w*|send\w*|email\w*|e-mail\w*|migrat\w*|rotate\w*|revok\w*|terraform apply|kubectl (?:apply|delete))\b/i;

/** A negation before "without asking": the act is forbidden without confirmation, so confirmation stays. */
const KEPT_BEFORE = /\b(?:never|not|don['’]?t|do not|no|must not|mustn['’]?t|cannot|can['’]?t|should not)\b/i;

/** The waiver in agent-memory content, or null: the sentence that waives confirmation for a consequential act. */
export function confirmationWaived(content: string): string | null {
  for (const sentence of content.split(/(?<=[.!?;])\s+|\n+/)) {
    const w = WAIVED.exec(sentence);
    if (!w || !CONSEQUENTIAL.test(sentence)) continue;
    // "never push or deploy without asking the user first": a rule forbidding the act without confirmation keeps it
    if (/^without/i.test(w[0]) && KEPT_BEFORE.test(sentence.slice(0, w.index))) continue;
    return sentence.trim();
  }
  return null;
}
