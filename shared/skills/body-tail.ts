/**
 * Parsed skills whose `body` is the tail of their `content` by construction (parseSkill: the lines after the
 * frontmatter's closing `---`, or the whole file), with the two strings as parsed: the analysis hand-off
 * (shared/sandbox/skill-hand-off.ts) posts such a skill's text once without comparing half a megabyte of it
 * again. Kept beside the object, not on it; a skill whose `content` or `body` was replaced since is checked.
 */
const tails = new WeakMap<object, { content: string; body: string }>();

export function markBodyTail(skill: { content: string; body: string }): void {
  tails.set(skill, { content: skill.content, body: skill.body });
}

/** Whether parseSkill made `skill` and its `content` and `body` are still the strings it made (same strings: compared by reference first). */
export function bodyIsTailByParse(skill: { content: string; body: string }): boolean {
  const t = tails.get(skill);
  return t !== undefined && t.content === skill.content && t.body === skill.body;
}
